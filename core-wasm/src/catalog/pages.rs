//! Content pages and rich text: what a page's body and a theme's texts keep of seller HTML.

use shared_types::catalog::PageInput;

use super::{check_handle, check_html_length, check_title, problems};

/// Every problem of a page: title, handle and body length (the server also sanitizes).
pub fn page_problems(input: &PageInput) -> Vec<String> {
    problems([
        check_title("A page's title", &input.title).map(drop),
        check_handle(input.handle.as_deref(), input.title.trim()).map(drop),
        check_html_length("A page's body", &input.body_html),
        check_font_sizes("A page's body", &input.body_html),
    ])
}

/// Rich text whose inline font sizes are all among the allowed ones (spec: 10 to 36 px, listed).
pub fn check_font_sizes(label: &str, html: &str) -> Result<(), String> {
    let allowed = crate::limits::RICH_TEXT_FONT_SIZES_PX;
    match crate::theme::inline_font_sizes(html)
        .into_iter()
        .find(|size| !allowed.contains(size))
    {
        None => Ok(()),
        Some(size) => {
            let list: Vec<String> = allowed.iter().map(|s| format!("{s}px")).collect();
            Err(format!(
                "{label} uses the font size {size}px; the sizes are {}.",
                list.join(", ")
            ))
        }
    }
}

/// The alignments rich text may give a paragraph or a heading (`text-align`).
pub const RICH_TEXT_ALIGNMENTS: [&str; 4] = ["left", "center", "right", "justify"];

/// Seller HTML with scripts, event handlers and other active content removed. Inline styles are
/// kept only as rich text's allowed font sizes (on a span or a paragraph) and alignments (on a
/// paragraph or a heading), as [`rich_text_style`] says. The admin saves HTML through it and the
/// storefront shows theme texts through it.
#[cfg(feature = "html-cleaner")]
pub fn sanitize_html(html: &str) -> String {
    static CLEANER: std::sync::LazyLock<ammonia::Builder<'static>> =
        std::sync::LazyLock::new(|| {
            let mut builder = ammonia::Builder::default();
            for tag in ["span", "p", "h1", "h2", "h3", "h4", "h5", "h6"] {
                builder.add_tag_attributes(tag, &["style"]);
            }
            builder.attribute_filter(|element, attribute, value| {
                if attribute != "style" {
                    return Some(value.into());
                }
                rich_text_style(element, value).map(Into::into)
            });
            builder
        });
    CLEANER.clean(html).to_string()
}

/// What rich text keeps of an element's inline `style`: an allowed font size on a span or a
/// paragraph, and an allowed alignment on a paragraph or a heading, written back as
/// `font-size: 16px; text-align: center`. `None` when nothing is kept.
pub fn rich_text_style(tag: &str, style: &str) -> Option<String> {
    let sized = matches!(tag, "span" | "p");
    let aligned = matches!(tag, "p" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6");
    let mut size = None;
    let mut align = None;
    for declaration in style.split(';') {
        let Some((property, value)) = declaration.split_once(':') else {
            continue;
        };
        let value = value.trim().to_ascii_lowercase();
        match property.trim().to_ascii_lowercase().as_str() {
            "font-size" if sized => {
                size = value
                    .strip_suffix("px")
                    .and_then(|n| n.trim().parse::<u32>().ok())
                    .filter(|n| crate::limits::RICH_TEXT_FONT_SIZES_PX.contains(n))
                    .or(size);
            }
            "text-align" if aligned => {
                align = RICH_TEXT_ALIGNMENTS.iter().find(|a| **a == value).or(align);
            }
            _ => {}
        }
    }
    let kept: Vec<String> = size
        .map(|n| format!("font-size: {n}px"))
        .into_iter()
        .chain(align.map(|a| format!("text-align: {a}")))
        .collect();
    (!kept.is_empty()).then(|| kept.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rich_text_keeps_allowed_font_sizes_and_alignments_only() {
        assert_eq!(
            rich_text_style("span", "font-size: 16px; color: red"),
            Some("font-size: 16px".to_owned())
        );
        assert_eq!(
            rich_text_style("p", "text-align: center; font-size:36PX"),
            Some("font-size: 36px; text-align: center".to_owned())
        );
        assert_eq!(
            rich_text_style("h2", "text-align: right; font-size: 16px"),
            Some("text-align: right".to_owned())
        );
        assert_eq!(rich_text_style("span", "font-size: 15px"), None);
        assert_eq!(
            rich_text_style("p", "text-align: expression(alert(1))"),
            None
        );
        assert_eq!(rich_text_style("div", "text-align: center"), None);
    }
}
