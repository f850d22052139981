//! Tracking pixel ids: Facebook, TikTok and Google.

use shared_types::reports::PixelIds;

use super::ReportError;

fn all_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn capitals_and_digits(text: &str) -> bool {
    !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase())
}

fn facebook_ok(id: &str) -> bool {
    (15..=16).contains(&id.len()) && all_digits(id)
}

fn tiktok_ok(id: &str) -> bool {
    id.len() == 20 && capitals_and_digits(id)
}

fn google_ok(id: &str) -> bool {
    if let Some(rest) = id.strip_prefix("G-") {
        (6..=12).contains(&rest.len()) && capitals_and_digits(rest)
    } else if let Some(rest) = id.strip_prefix("AW-") {
        (9..=11).contains(&rest.len()) && all_digits(rest)
    } else {
        false
    }
}

/// The pixel ids trimmed (an empty one is none), or every problem with them.
pub fn check_pixels(ids: &PixelIds) -> Result<PixelIds, Vec<ReportError>> {
    let clean = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let checked = PixelIds {
        facebook: clean(&ids.facebook),
        tiktok: clean(&ids.tiktok).map(|v| v.to_ascii_uppercase()),
        google: clean(&ids.google).map(|v| v.to_ascii_uppercase()),
    };
    let mut problems = Vec::new();
    if checked
        .facebook
        .as_deref()
        .is_some_and(|id| !facebook_ok(id))
    {
        problems.push(ReportError::FacebookPixel);
    }
    if checked.tiktok.as_deref().is_some_and(|id| !tiktok_ok(id)) {
        problems.push(ReportError::TiktokPixel);
    }
    if checked.google.as_deref().is_some_and(|id| !google_ok(id)) {
        problems.push(ReportError::GoogleTag);
    }
    if problems.is_empty() {
        Ok(checked)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixel_ids_have_their_formats() {
        let good = PixelIds {
            facebook: Some(" 123456789012345 ".to_owned()),
            tiktok: Some("c4abcdefghij12345678".to_owned()),
            google: Some("G-AB12CD34EF".to_owned()),
        };
        let checked = check_pixels(&good).expect("good");
        assert_eq!(checked.facebook.as_deref(), Some("123456789012345"));
        assert_eq!(checked.tiktok.as_deref(), Some("C4ABCDEFGHIJ12345678"));
        assert!(
            check_pixels(&PixelIds {
                google: Some("AW-123456789".to_owned()),
                facebook: Some(String::new()),
                tiktok: None,
            })
            .is_ok_and(|ids| ids.facebook.is_none())
        );
        let bad = PixelIds {
            facebook: Some("12345".to_owned()),
            tiktok: Some("C4ABC".to_owned()),
            google: Some("UA-1234-1".to_owned()),
        };
        assert_eq!(
            check_pixels(&bad),
            Err(vec![
                ReportError::FacebookPixel,
                ReportError::TiktokPixel,
                ReportError::GoogleTag
            ])
        );
    }
}
