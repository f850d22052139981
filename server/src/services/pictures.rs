//! Pictures at the right size: an upload's size in pixels is read from its header before it
//! is taken (a decompression bomb or a picture past the core's 25 megapixels is refused before
//! a pixel is decoded), and each PNG, JPEG or WebP upload is kept at the core's widths in WebP
//! (`core_wasm::catalog::PICTURE_WIDTHS`), made in the background by whichever process claims
//! it first. The same job makes the widths of uploads from before: its progress is the
//! uploads' rows, so it resumes wherever a process stopped.

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::time::Duration;

use image::{DynamicImage, ImageDecoder, ImageReader, Limits};
use sqlx::AnyPool;

use crate::db::{now_ms, uploads};
use crate::error::ApiError;

/// Failed attempts after which a picture is given up on (it is then served at its one size).
pub const MAX_ATTEMPTS: i64 = 3;
/// How long a process's claim on a picture holds before another process may take it over.
const CLAIM_TIMEOUT_MS: i64 = 5 * 60_000;
/// The most a decoder may allocate: a 25-megapixel picture in RGBA is 100 MB.
const DECODE_MAX_ALLOC: u64 = 192 * 1024 * 1024;
/// WebP quality (0 to 100) of the widths.
const WEBP_QUALITY: f32 = 78.0;

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(20_000);
    limits.max_image_height = Some(20_000);
    limits.max_alloc = Some(DECODE_MAX_ALLOC);
    limits
}

fn reader(bytes: &[u8]) -> Result<ImageReader<Cursor<&[u8]>>, String> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| unreadable())?;
    reader.limits(limits());
    Ok(reader)
}

fn unreadable() -> String {
    "The image could not be read: it may be damaged or cut short. Save it again and upload it."
        .to_owned()
}

fn too_large() -> String {
    "This image is too large to read: an image has at most 25 megapixels (5000 x 5000 pixels). \
     Make it smaller and upload it again."
        .to_owned()
}

fn message(error: &image::ImageError) -> String {
    match error {
        image::ImageError::Limits(_) => too_large(),
        _ => unreadable(),
    }
}

/// The picture's size in pixels, read from its header only, when the core allows it.
pub fn inspect(bytes: &[u8]) -> Result<(u32, u32), String> {
    let (width, height) = reader(bytes)?.into_dimensions().map_err(|e| message(&e))?;
    core_wasm::catalog::check_picture_size(width, height)?;
    Ok((width, height))
}

/// A picture kept at its widths.
#[derive(Debug)]
pub struct Widths {
    /// The original's size, turned upright as its EXIF orientation says.
    pub width: u32,
    pub height: u32,
    /// Each width and its WebP file, widest first.
    pub files: Vec<(u32, Vec<u8>)>,
}

/// A picture's widths in WebP. A width the picture does not reach is the picture at its own
/// size (a picture is never enlarged), so every width in the core's list has a file.
pub fn make_widths(bytes: &[u8]) -> Result<Widths, String> {
    inspect(bytes)?;
    let mut decoder = reader(bytes)?.into_decoder().map_err(|e| message(&e))?;
    let orientation = decoder.orientation().map_err(|e| message(&e))?;
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|e| message(&e))?;
    picture.apply_orientation(orientation);
    let (width, height) = (picture.width(), picture.height());
    let mut made = Vec::new();
    // Each width is made from the next wider one, by averaging the pixels each new one covers
    // (in whole bytes: no floating-point copy of a 25-megapixel picture, which would take
    // 400 MB), a few times less work than from the original each time.
    let mut source = picture;
    for &target in core_wasm::catalog::PICTURE_WIDTHS.iter().rev() {
        if target < source.width() {
            source = source.thumbnail(target, u32::MAX);
        }
        made.push((target, encode_webp(&source)));
    }
    Ok(Widths {
        width,
        height,
        files: made,
    })
}

fn encode_webp(picture: &DynamicImage) -> Vec<u8> {
    let (w, h) = (picture.width(), picture.height());
    if picture.color().has_alpha() {
        let rgba = picture.to_rgba8();
        webp::Encoder::from_rgba(rgba.as_raw(), w, h)
            .encode(WEBP_QUALITY)
            .to_vec()
    } else {
        let rgb = picture.to_rgb8();
        webp::Encoder::from_rgb(rgb.as_raw(), w, h)
            .encode(WEBP_QUALITY)
            .to_vec()
    }
}

/// The file of width `width` of the upload at `path` (relative to `UPLOAD_DIR`).
pub fn width_path(path: &str, width: u32) -> String {
    format!("{path}.w{width}.webp")
}

/// Makes the widths of every picture due that this process claims, one at a time (decoding
/// takes up to 100 MB); returns how many were made.
pub async fn make_due(db: &AnyPool, upload_dir: &Path) -> Result<usize, ApiError> {
    let mut made = 0;
    for upload in uploads::widths_due(db, MAX_ATTEMPTS, 20).await? {
        let now = now_ms();
        // A claim holds five minutes; a failed attempt keeps it, so the next try waits as long.
        if upload
            .claimed_at
            .is_some_and(|at| now - at < CLAIM_TIMEOUT_MS)
        {
            continue;
        }
        if !uploads::claim_widths(db, &upload.id, upload.claimed_at, now).await? {
            continue;
        }
        match make_one(upload_dir, &upload.path).await {
            Ok((width, height)) => {
                uploads::widths_made(db, &upload.id, width, height).await?;
                made += 1;
            }
            Err(error) => {
                tracing::warn!(path = %upload.path, %error, attempts = upload.attempts + 1, "picture widths");
                uploads::widths_failed(db, &upload.id, &error).await?;
            }
        }
    }
    Ok(made)
}

async fn make_one(upload_dir: &Path, path: &str) -> Result<(u32, u32), String> {
    let original = upload_dir.join(path);
    let bytes = tokio::fs::read(&original)
        .await
        .map_err(|e| format!("reading {}: {e}", original.display()))?;
    let made = tokio::task::spawn_blocking(move || make_widths(&bytes))
        .await
        .map_err(|e| e.to_string())??;
    for (target, data) in made.files {
        uploads::write_file(upload_dir, &width_path(path, target), &data)
            .await
            .map_err(|e| e.to_string())?;
    }
    Ok((made.width, made.height))
}

/// Makes pictures' widths every few seconds, for as long as the server runs.
pub fn spawn(db: AnyPool, upload_dir: PathBuf) {
    tokio::spawn(async move {
        loop {
            if let Err(error) = make_due(&db, &upload_dir).await {
                tracing::warn!(%error, "picture widths loop");
            }
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
    });
}
