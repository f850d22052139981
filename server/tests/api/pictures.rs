//! Pictures at the right size: an upload's size in pixels is read from its header (past 25
//! megapixels, a decompression bomb, or not a picture at all: refused, nothing stored); the
//! background job keeps each picture at the core's widths in WebP, resumes what a stopped
//! process left, and the storefront offers the widths in `srcset`.

use std::io::Cursor;

use axum::http::{StatusCode, header};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use serde_json::json;
use server::services::pictures;

use crate::helpers::{OWNER_EMAIL, TestApp, spawn_app};
use crate::storefront::{multipart, upload, upload_rows, uploaded_files};

/// A `width` x `height` picture in `format`: a gradient, so that it compresses like a photo a
/// little and its widths can be told apart.
pub(crate) fn picture(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
    let pixels = RgbImage::from_fn(width, height, |x, y| {
        Rgb([(x * 255 / width) as u8, (y * 255 / height) as u8, 128])
    });
    let mut out = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(pixels)
        .write_to(&mut out, format)
        .expect("encode");
    out.into_inner()
}

/// A PNG claiming `width` x `height` grey pixels whose data stops short: what a decompression
/// bomb shows before its kilobytes of compressed zeros (its header is all that is read).
fn png_header(width: u32, height: u32) -> Vec<u8> {
    fn chunk(png: &mut Vec<u8>, kind: &[u8], data: &[u8]) {
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(data);
        png.extend_from_slice(&u32::try_from(data.len()).expect("small").to_be_bytes());
        png.extend_from_slice(kind);
        png.extend_from_slice(data);
        png.extend_from_slice(&crc.sum().to_be_bytes());
    }
    let mut header = width.to_be_bytes().to_vec();
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 0, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut png, b"IHDR", &header);
    // The first bytes of a zlib stream of zeros.
    chunk(
        &mut png,
        b"IDAT",
        &[0x78, 0xda, 0xec, 0xc1, 0x01, 0x0d, 0x00, 0x00],
    );
    png
}

async fn owner(app: &TestApp) -> (String, String) {
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    (token, store.expect("store"))
}

async fn uploaded(app: &TestApp, token: &str, store: &str, bytes: &[u8]) -> String {
    let reply = upload(app, token, store, multipart("file", "photo.jpg", bytes)).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
    reply.json["src"].as_str().expect("src").to_owned()
}

fn width_of(bytes: &[u8]) -> (u32, u32) {
    let picture = image::load_from_memory_with_format(bytes, ImageFormat::WebP).expect("a WebP");
    (picture.width(), picture.height())
}

#[tokio::test]
async fn a_picture_past_25_megapixels_a_bomb_or_a_file_that_only_starts_like_one_is_refused() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let (files, rows) = (uploaded_files(&app, &store), upload_rows(&app).await);
    let cases = [
        ("50 megapixels", png_header(8660, 5774), "50.0 megapixels"),
        (
            "a bomb",
            png_header(60_000, 60_000),
            "at most 25 megapixels",
        ),
        ("no pixels", png_header(0, 10), "could not be read"),
        (
            "a JPEG's first bytes",
            b"\xff\xd8\xff\xe0rest".to_vec(),
            "could not be read",
        ),
    ];
    for (name, bytes, says) in cases {
        let reply = upload(&app, &token, &store, multipart("file", "x.png", &bytes)).await;
        assert_eq!(
            reply.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{name}: {}",
            reply.text
        );
        assert!(
            reply.messages().iter().any(|m| m.contains(says)),
            "{name}: {:?}",
            reply.messages()
        );
    }
    assert_eq!(uploaded_files(&app, &store), files, "a file was written");
    assert_eq!(upload_rows(&app).await, rows, "a row was written");
    // 25 megapixels exactly is a picture a store may have (its header is all that is read).
    let most = upload(
        &app,
        &token,
        &store,
        multipart("file", "x.png", &png_header(5000, 5000)),
    )
    .await;
    assert_eq!(most.status, StatusCode::CREATED, "{}", most.text);
}

#[tokio::test]
async fn the_job_keeps_each_picture_at_its_widths_and_the_storefront_offers_them() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let dir = app.state.config.upload_dir.clone();
    let wide = uploaded(
        &app,
        &token,
        &store,
        &picture(ImageFormat::Jpeg, 2000, 1000),
    )
    .await;
    let small = uploaded(&app, &token, &store, &picture(ImageFormat::Png, 300, 200)).await;
    let moving = uploaded(&app, &token, &store, &picture(ImageFormat::Gif, 300, 200)).await;

    // Before the job, a width is the original, not to be cached.
    let early = app.get(&format!("{wide}.w640.webp")).send().await;
    assert_eq!(early.status, StatusCode::OK);
    assert_eq!(early.headers[header::CONTENT_TYPE], "image/jpeg");
    assert_eq!(early.headers[header::CACHE_CONTROL], "no-cache");
    assert_eq!(
        app.get(&format!("{wide}.w641.webp")).send().await.status,
        StatusCode::NOT_FOUND
    );

    let made = pictures::make_due(&app.state.db, &dir)
        .await
        .expect("the job");
    assert_eq!(made, 2, "the JPEG and the PNG; a GIF stays as it is");
    let relative = |src: &str| src.trim_start_matches("/uploads/").to_owned();
    for (width, expected) in [
        (160, (160, 80)),
        (320, (320, 160)),
        (640, (640, 320)),
        (1024, (1024, 512)),
        (1600, (1600, 800)),
    ] {
        let file = std::fs::read(dir.join(format!("{}.w{width}.webp", relative(&wide))))
            .expect("the width's file");
        assert_eq!(width_of(&file), expected, "{width}");
    }
    // A picture is never enlarged: its wider widths are its own size.
    let file = std::fs::read(dir.join(format!("{}.w1600.webp", relative(&small)))).expect("file");
    assert_eq!(width_of(&file), (300, 200));
    assert!(
        !dir.join(format!("{}.w640.webp", relative(&moving)))
            .exists()
    );
    let served = app.get(&format!("{wide}.w640.webp")).send().await;
    assert_eq!(served.headers[header::CONTENT_TYPE], "image/webp");
    assert_eq!(
        served.headers[header::CACHE_CONTROL],
        "public, max-age=86400"
    );
    let original = std::fs::metadata(dir.join(relative(&wide)))
        .expect("original")
        .len();
    assert!(
        (served.bytes.len() as u64) < original,
        "640 px in WebP ({} bytes) is smaller than the 2000 px JPEG ({original})",
        served.bytes.len()
    );
    let (width, height): (Option<i64>, Option<i64>) =
        sqlx::query_as("SELECT width, height FROM uploads WHERE path = $1")
            .bind(relative(&wide))
            .fetch_one(&app.state.db)
            .await
            .expect("row");
    assert_eq!((width, height), (Some(2000), Some(1000)));
    // Done is done: the job finds nothing more.
    assert_eq!(
        pictures::make_due(&app.state.db, &dir).await.expect("job"),
        0
    );

    // The product card and page offer the widths; a picture elsewhere on the web has none.
    let created = app
        .post("/api/stores/products")
        .json(&json!({"title": "Wide Print", "descriptionHtml": "", "price": 12, "status": "active",
            "images": [{"src": wide, "alt": "A print"}], "options": [], "tags": [],
            "variants": [{"id": "", "title": "Default", "options": [], "price": 12, "stock": 5, "sku": "PRINT"}]}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let page = app.get("/s/demo/products/wide-print").send().await;
    assert!(
        page.text.contains(&format!(
            "<img src=\"{wide}\" srcset=\"{wide}.w160.webp 160w, {wide}.w320.webp 320w, {wide}.w640.webp 640w, \
             {wide}.w1024.webp 1024w, {wide}.w1600.webp 1600w\" sizes=\"(max-width: 800px) 100vw, 800px\""
        )),
        "{}",
        page.text
    );
}

#[tokio::test]
async fn the_job_takes_over_a_picture_a_stopped_process_left_and_gives_up_on_a_broken_one() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let dir = app.state.config.upload_dir.clone();
    let left = uploaded(&app, &token, &store, &picture(ImageFormat::Png, 400, 300)).await;
    let busy = uploaded(&app, &token, &store, &picture(ImageFormat::Png, 400, 300)).await;
    let broken = uploaded(&app, &token, &store, &picture(ImageFormat::Png, 400, 300)).await;
    let path = |src: &str| src.trim_start_matches("/uploads/").to_owned();
    let now = server::db::now_ms();
    // One was claimed ten minutes ago by a process that stopped; one a second ago by a process
    // still at work; one's file was damaged after it was taken.
    for (src, at) in [(&left, now - 600_000), (&busy, now - 1_000)] {
        sqlx::query("UPDATE uploads SET widths_claimed_at = $1 WHERE path = $2")
            .bind(at)
            .bind(path(src))
            .execute(&app.state.db)
            .await
            .expect("claim");
    }
    std::fs::write(dir.join(path(&broken)), b"\x89PNG\r\n\x1a\ncut short").expect("damage");

    assert_eq!(
        pictures::make_due(&app.state.db, &dir).await.expect("job"),
        1
    );
    assert!(dir.join(format!("{}.w320.webp", path(&left))).exists());
    assert!(!dir.join(format!("{}.w320.webp", path(&busy))).exists());
    let (attempts, error): (i64, Option<String>) =
        sqlx::query_as("SELECT widths_attempts, widths_error FROM uploads WHERE path = $1")
            .bind(path(&broken))
            .fetch_one(&app.state.db)
            .await
            .expect("row");
    assert_eq!(attempts, 1);
    assert!(error.is_some_and(|e| e.contains("could not be read")));
    // After its attempts the broken one is given up on, and served at its one size.
    sqlx::query(
        "UPDATE uploads SET widths_attempts = $1, widths_claimed_at = NULL WHERE path = $2",
    )
    .bind(pictures::MAX_ATTEMPTS)
    .bind(path(&broken))
    .execute(&app.state.db)
    .await
    .expect("attempts");
    // The busy one waits for its claim to expire; the broken one is given up on.
    let due = server::db::uploads::widths_due(&app.state.db, pictures::MAX_ATTEMPTS, 10)
        .await
        .expect("due");
    let due: Vec<String> = due.into_iter().map(|u| u.path).collect();
    assert_eq!(due, [path(&busy)]);
}
