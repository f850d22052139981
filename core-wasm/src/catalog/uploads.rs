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
}
