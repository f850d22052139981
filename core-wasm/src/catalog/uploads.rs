//! Uploads: the images a store may upload, told by their first bytes.

/// The largest uploaded image: 5 MB.
pub const UPLOAD_MAX_BYTES: usize = 5 * 1024 * 1024;

/// The kind of an image told by its first bytes: `(extension, content type)`. Only PNG, JPEG,
/// GIF and WebP are images a store may upload.
pub fn image_kind(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(("png", "image/png"))
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(("jpg", "image/jpeg"))
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some(("gif", "image/gif"))
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(("webp", "image/webp"))
    } else {
        None
    }
}

/// Refuses a client's file name that tries to name a place: path separators, `..`, control
/// characters, or more than 255 characters. The name is never used to store the file; a name
/// like that is refused all the same, as a sign of a client up to no good.
pub fn check_upload_name(name: &str) -> Result<(), String> {
    let tricky = name.contains('/')
        || name.contains('\\')
        || name.contains("..")
        || name.chars().any(char::is_control)
        || name.chars().count() > 255;
    if tricky {
        Err("The file name may not contain a path.".to_owned())
    } else {
        Ok(())
    }
}

/// Checks an upload's size and kind; returns `(extension, content type)`.
pub fn check_upload(bytes: &[u8]) -> Result<(&'static str, &'static str), String> {
    if bytes.is_empty() {
        return Err("The file is empty.".to_owned());
    }
    if bytes.len() > UPLOAD_MAX_BYTES {
        return Err("An image is at most 5 MB.".to_owned());
    }
    image_kind(bytes).ok_or_else(|| "Upload a PNG, JPEG, GIF or WebP image.".to_owned())
}

/// The widths (px) each uploaded picture is also kept at, in WebP, for `srcset`: a phone's card
/// takes 320 or 640, a desktop's hero 1600.
pub const PICTURE_WIDTHS: [u32; 5] = [160, 320, 640, 1024, 1600];

/// The most pixels an uploaded picture may have: 25 megapixels (5000 x 5000), the size of the
/// largest phone photos but the 50 MP modes. Decoding one takes about 100 MB; larger ones, and
/// decompression bombs (a few kilobytes that claim a huge size), are refused before decoding.
pub const PICTURE_MAX_PIXELS: u64 = 25_000_000;

/// Refuses a picture of `width` x `height` pixels larger than [`PICTURE_MAX_PIXELS`], or with a
/// side of none, with a message that says what to do.
pub fn check_picture_size(width: u32, height: u32) -> Result<(), String> {
    if width == 0 || height == 0 {
        return Err("The image has no pixels. Upload another image.".to_owned());
    }
    let pixels = u64::from(width) * u64::from(height);
    if pixels > PICTURE_MAX_PIXELS {
        return Err(format!(
            "This image is {width} x {height} pixels ({:.1} megapixels); an image has at most 25 megapixels. \
             Make it smaller (5000 x 5000 pixels at most) and upload it again.",
            pixels as f64 / 1_000_000.0
        ));
    }
    Ok(())
}

/// Whether an uploaded file of content type `content_type` is also kept at
/// [`PICTURE_WIDTHS`] (PNG, JPEG and WebP; a GIF may move, and stays as it is).
pub fn has_picture_widths(content_type: &str) -> bool {
    PICTURE_WIDTH_TYPES.contains(&content_type)
}

/// The content types of uploads kept at [`PICTURE_WIDTHS`].
pub const PICTURE_WIDTH_TYPES: [&str; 3] = ["image/png", "image/jpeg", "image/webp"];

/// The address of picture `src` at `width` px in WebP, when `src` is one of the store's
/// uploads that is kept at widths (`/uploads/{store}/{id}.jpg` -> `/uploads/{store}/{id}.jpg.w640.webp`).
/// Any other address (a web address, a template's picture, a GIF) has none.
pub fn picture_width_src(src: &str, width: u32) -> Option<String> {
    let rest = src.strip_prefix("/uploads/")?;
    let (folder, file) = rest.split_once('/')?;
    let (stem, extension) = file.rsplit_once('.')?;
    let plain = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    };
    let kept = matches!(extension, "jpg" | "jpeg" | "png" | "webp");
    (kept && plain(folder) && plain(stem) && PICTURE_WIDTHS.contains(&width))
        .then(|| format!("/uploads/{folder}/{stem}.{extension}.w{width}.webp"))
}

/// The `srcset` of picture `src`: its WebP widths, when it is an upload kept at widths.
pub fn picture_srcset(src: &str) -> Option<String> {
    let widths: Vec<String> = PICTURE_WIDTHS
        .iter()
        .filter_map(|w| picture_width_src(src, *w).map(|at| format!("{at} {w}w")))
        .collect();
    (!widths.is_empty()).then(|| widths.join(", "))
}

/// The original upload a picture width's address was made from
/// (`/uploads/s/id.jpg.w640.webp` -> `s/id.jpg`, relative to the uploads folder), served in
/// its place until the width is made.
pub fn picture_original(path: &str) -> Option<String> {
    let path = path.trim_start_matches('/');
    let path = path.strip_prefix("uploads/").unwrap_or(path);
    let (original, width) = path.strip_suffix(".webp")?.rsplit_once(".w")?;
    let width: u32 = width.parse().ok()?;
    picture_width_src(&format!("/uploads/{original}"), width).map(|_| original.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_told_by_their_first_bytes() {
        assert_eq!(
            image_kind(b"\x89PNG\r\n\x1a\nrest"),
            Some(("png", "image/png"))
        );
        assert_eq!(image_kind(b"GIF89a..."), Some(("gif", "image/gif")));
        assert_eq!(
            image_kind(b"RIFF\0\0\0\0WEBPVP8 "),
            Some(("webp", "image/webp"))
        );
        assert_eq!(image_kind(b"<svg xmlns="), None);
        assert!(check_upload(&[]).is_err());
        assert!(check_upload_name("photo.png").is_ok());
        for name in ["../x.png", "a/b.png", "..\\x.png", "x\0.png"] {
            assert!(check_upload_name(name).is_err(), "{name}");
        }
    }

    #[test]
    fn uploads_have_widths_and_nothing_else_does() {
        let src = "/uploads/0192-ab/0193-cd.jpg";
        assert_eq!(
            picture_width_src(src, 640).as_deref(),
            Some("/uploads/0192-ab/0193-cd.jpg.w640.webp")
        );
        assert_eq!(picture_width_src(src, 700), None);
        for other in [
            "/uploads/s/x.gif",
            "/uploads/s/seed/x.svg",
            "/uploads/../x.jpg",
            "/uploads/s/a.b.jpg",
            "https://cdn.example.com/uploads/s/x.jpg",
            "/theme-assets/x.jpg",
        ] {
            assert_eq!(picture_srcset(other), None, "{other}");
        }
        let srcset = picture_srcset(src).expect("widths");
        assert!(srcset.starts_with("/uploads/0192-ab/0193-cd.jpg.w160.webp 160w, "));
        assert!(srcset.ends_with("/uploads/0192-ab/0193-cd.jpg.w1600.webp 1600w"));
        assert_eq!(
            picture_original("/uploads/0192-ab/0193-cd.jpg.w640.webp").as_deref(),
            Some("0192-ab/0193-cd.jpg")
        );
        assert_eq!(
            picture_original("0192-ab/0193-cd.jpg.w640.webp").as_deref(),
            Some("0192-ab/0193-cd.jpg")
        );
        assert_eq!(picture_original("/uploads/s/x.jpg.w641.webp"), None);
        assert_eq!(picture_original("/uploads/s/x.jpg"), None);
    }

    #[test]
    fn a_picture_has_at_most_25_megapixels() {
        assert!(check_picture_size(5000, 5000).is_ok());
        assert!(check_picture_size(4032, 3024).is_ok());
        let fifty = check_picture_size(8660, 5774).expect_err("50 MP");
        assert!(
            fifty.contains("8660 x 5774 pixels (50.0 megapixels)"),
            "{fifty}"
        );
        assert!(check_picture_size(60_000, 60_000).is_err());
        assert!(check_picture_size(0, 10).is_err());
        assert!(has_picture_widths("image/jpeg") && !has_picture_widths("image/gif"));
    }
}
