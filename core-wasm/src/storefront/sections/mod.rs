//! The home sections (spec §3.3): one module per section type.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) mod dual;
pub(crate) mod feature_content;
pub(crate) mod featured;
pub(crate) mod flash_deal;
pub(crate) mod image_with_text;
pub(crate) mod key_features;
pub(crate) mod slider;
pub(crate) mod slideshow;
pub(crate) mod tiles;
pub(crate) mod widget;

/// A home section at its place on the page: the first sections are in the first screen, so
/// their images load at once.
pub fn home_section(view: &View, section: &Value, position: usize) -> String {
    let html = render_section(view, section);
    if position < 2 {
        html.replace(" loading=\"lazy\"", "")
    } else {
        html
    }
}

/// One home section by its type; unknown types render an empty, still selectable frame.
pub fn render_section(view: &View, section: &Value) -> String {
    let key = text(section, "key");
    let kind = text(section, "type");
    let s = &view.section(section);
    match kind {
        "head-image" => slideshow(view, key, s),
        "collection_list" => tiles(view, key, kind, s, "collection-list", false),
        "style-collection" => tiles(view, key, kind, s, "style-collection", true),
        "image_with_text" => image_with_text(view, key, s),
        "feature-content" => feature_content(key, s),
        "key_features" => key_features(view, key, s),
        "product-review" => {
            let mut out = open_section(key, kind, "review wrap");
            let _ = write!(
                out,
                "<div class=\"rich\">{}</div></section>",
                clean(s.text("body_html"))
            );
            out
        }
        "featured-collection" => featured(view, key, s),
        "product_with_collection" => dual(view, key, s),
        "flash_deal" => flash_deal(view, key, s),
        "slider-product" => slider(view, key, s),
        "product-widget" => widget(view, key, s),
        "header" => render_header(view, section),
        "footer" => render_footer(view, section),
        _ => format!("{}</section>", open_section(key, kind, "unknown")),
    }
}
