//! Image upload (type, size and name checks; nothing written on refusal) and the storefront's
//! public read API (no sign-in, only what the public may see, cache headers).

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use serde_json::json;

use crate::helpers::{DESIGNER_EMAIL, OWNER_EMAIL, Reply, TestApp, spawn_app};

const BOUNDARY: &str = "storeloomBoundary7MA4YWxkTrZu0gW";

fn multipart(name: &str, filename: &str, bytes: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

async fn upload(app: &TestApp, token: &str, store: &str, body: Vec<u8>) -> Reply {
    let content_type = format!("multipart/form-data; boundary={BOUNDARY}");
    app.send(
        Method::POST,
        "/api/stores/onlinestore/images",
        Some(Body::from(body)),
        Some(token),
        &[("x-store-id", store), ("content-type", &content_type)],
    )
    .await
}

/// Files of the store under the upload folder, the seeded pictures aside.
fn uploaded_files(app: &TestApp, store: &str) -> usize {
    std::fs::read_dir(app.state.config.upload_dir.join(store))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                .count()
        })
        .unwrap_or(0)
}

async fn upload_rows(app: &TestApp) -> i64 {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM uploads")
        .fetch_one(&app.state.db)
        .await
        .expect("count");
    n
}

const PNG: &[u8] =
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

#[tokio::test]
async fn an_image_is_stored_under_a_name_the_server_makes_and_served_back() {
    let app = spawn_app().await;
    let (token, _, store) = app.session_of(DESIGNER_EMAIL).await;
    let store = store.expect("store");
    let reply = upload(&app, &token, &store, multipart("file", "my photo.png", PNG)).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
    let src = reply.json["src"].as_str().expect("src");
    assert!(
        src.starts_with(&format!("/uploads/{store}/")) && src.ends_with(".png"),
        "{src}"
    );
    assert!(!src.contains("photo"));
    assert_eq!(
        reply.json["fullPath"],
        format!("http://127.0.0.1:8080{src}")
    );
    assert_eq!(reply.json["contentType"], "image/png");
    let served = app.get(src, None).await;
    assert_eq!(served.status, StatusCode::OK);
    assert_eq!(served.headers[header::CONTENT_TYPE], "image/png");
    assert!(
        served.headers[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .expect("csp")
            .contains("sandbox")
    );
    assert_eq!(
        served.headers[header::CONTENT_LENGTH],
        PNG.len().to_string().as_str()
    );
    for (kind, bytes) in [
        ("jpeg", b"\xff\xd8\xff\xe0rest".to_vec()),
        ("gif", b"GIF89a....".to_vec()),
        ("webp", b"RIFF\0\0\0\0WEBPVP8 ".to_vec()),
    ] {
        let reply = upload(&app, &token, &store, multipart("file", "x", &bytes)).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{kind}: {}", reply.text);
    }
}

#[tokio::test]
async fn a_wrong_type_a_large_file_or_a_path_in_the_name_is_refused_and_nothing_is_written() {
    let app = spawn_app().await;
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    let store = store.expect("store");
    let (files, rows) = (uploaded_files(&app, &store), upload_rows(&app).await);
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>";
    let html = b"<html><body>hi</body></html>";
    let mut large = PNG.to_vec();
    large.resize(5 * 1024 * 1024 + 1, 0);
    let cases: Vec<(&str, Vec<u8>, StatusCode)> = vec![
        (
            "svg",
            multipart("file", "x.svg", svg),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            "html as png",
            multipart("file", "x.png", html),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            "empty",
            multipart("file", "x.png", b""),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            "too large",
            multipart("file", "x.png", &large),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            "dot dot",
            multipart("file", "../../etc/passwd.png", PNG),
            StatusCode::BAD_REQUEST,
        ),
        (
            "slash",
            multipart("file", "/tmp/x.png", PNG),
            StatusCode::BAD_REQUEST,
        ),
        (
            "backslash",
            multipart("file", "..\\x.png", PNG),
            StatusCode::BAD_REQUEST,
        ),
        (
            "no file field",
            multipart("other", "x.png", PNG),
            StatusCode::BAD_REQUEST,
        ),
        ("not multipart", b"{}".to_vec(), StatusCode::BAD_REQUEST),
    ];
    for (name, body, status) in cases {
        let reply = if name == "not multipart" {
            app.call(
                Method::POST,
                "/api/stores/onlinestore/images",
                Some(&json!({})),
                Some(&token),
                Some(&store),
            )
            .await
        } else {
            upload(&app, &token, &store, body).await
        };
        assert!(reply.status.is_client_error(), "{name}: {}", reply.status);
        if name != "not multipart" {
            assert_eq!(reply.status, status, "{name}: {}", reply.text);
        }
        assert!(!reply.messages().is_empty(), "{name}");
    }
    assert_eq!(uploaded_files(&app, &store), files, "a file was written");
    assert_eq!(upload_rows(&app).await, rows, "a row was written");
    // Outside the store's folder nothing appeared either.
    assert!(!app.state.config.upload_dir.join("etc").exists());
}

#[tokio::test]
async fn the_storefront_reads_the_active_theme_and_what_is_published_without_signing_in() {
    let app = spawn_app().await;
    let theme = app.get("/api/public/stores/demo/theme", None).await;
    assert_eq!(theme.status, StatusCode::OK, "{}", theme.text);
    assert_eq!(theme.json["family"], "hydro");
    assert_eq!(theme.json["version"], 1);
    assert!(theme.json["config"]["pages"].is_object());
    assert!(
        theme.headers[header::CACHE_CONTROL]
            .to_str()
            .expect("cache")
            .contains("max-age")
    );
    let etag = theme.headers[header::ETAG]
        .to_str()
        .expect("etag")
        .to_owned();
    let again = app
        .send(
            Method::GET,
            "/api/public/stores/demo/theme",
            None,
            None,
            &[("if-none-match", &etag)],
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);

    // A draft page and a draft product stay private.
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    let store = store.expect("store");
    let draft = app
        .call(
            Method::POST,
            "/api/stores/onlinestore/pages/",
            Some(&json!({"title": "Secret"})),
            Some(&token),
            Some(&store),
        )
        .await;
    assert_eq!(draft.status, StatusCode::CREATED);
    let product = app
        .call(
            Method::POST,
            "/api/stores/products",
            Some(&json!({"title": "Hidden", "price": 1, "status": "draft"})),
            Some(&token),
            Some(&store),
        )
        .await;
    assert_eq!(product.status, StatusCode::CREATED, "{}", product.text);

    let pages = app.get("/api/public/stores/demo/pages", None).await;
    assert_eq!(pages.json.as_array().expect("pages").len(), 3);
    assert!(pages.headers.contains_key(header::CACHE_CONTROL));
    assert_eq!(
        app.get("/api/public/stores/demo/pages/about-us", None)
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        app.get("/api/public/stores/demo/pages/secret", None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let menus = app.get("/api/public/stores/demo/menus", None).await;
    assert_eq!(menus.json.as_array().expect("menus").len(), 2);
    let products = app
        .get("/api/public/stores/demo/products?limit=50", None)
        .await;
    assert_eq!(products.json["total"], 8);
    let in_tops = app
        .get("/api/public/stores/demo/products?chandle=tops", None)
        .await;
    assert_eq!(in_tops.json["total"], 2);
    assert_eq!(
        app.get("/api/public/stores/demo/products/classic-shirt", None)
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        app.get("/api/public/stores/demo/products/hidden", None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let collections = app.get("/api/public/stores/demo/collections", None).await;
    assert_eq!(collections.json["total"], 3);
    assert_eq!(
        app.get("/api/public/stores/demo/collections/tops", None)
            .await
            .json["handle"],
        "tops"
    );
    assert_eq!(
        app.get("/api/public/stores/nowhere/theme", None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    // The seller's store shows its own catalog only.
    let sams = app
        .get("/api/public/stores/sams-goods/products", None)
        .await;
    assert_eq!(sams.json["total"], 8);
    assert_ne!(
        sams.json["products"][0]["id"],
        products.json["products"][0]["id"]
    );

    // Activating another theme changes what the storefront reads.
    let list = app
        .call(
            Method::GET,
            "/api/stores/onlinestore/themes",
            None,
            Some(&token),
            Some(&store),
        )
        .await;
    let newchick = list
        .json
        .as_array()
        .expect("themes")
        .iter()
        .find(|t| t["family"] == "newchick")
        .expect("newchick")["id"]
        .clone();
    let path = format!(
        "/api/stores/onlinestore/themes/{}/activate",
        newchick.as_str().expect("id")
    );
    assert_eq!(
        app.call(Method::POST, &path, None, Some(&token), Some(&store))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        app.get("/api/public/stores/demo/theme", None).await.json["family"],
        "newchick"
    );
}
