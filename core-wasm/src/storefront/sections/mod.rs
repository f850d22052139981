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

/// One home section by its type; unknown types render an empty, still selectable frame. In
/// the editor's preview, a section that would show nothing (a new one, before the merchant has
/// filled it in) shows what to fill in instead of an empty gap; shoppers never see that.
pub fn render_section(view: &View, section: &Value) -> String {
    let key = text(section, "key");
    let kind = text(section, "type");
    let html = section_html(view, section, key, kind);
    if view.preview && !matches!(kind, "header" | "footer") && shows_nothing(&html) {
        placeholder(key, kind)
    } else {
        html
    }
}

/// Whether rendered HTML shows nothing: no text outside its tags and no picture.
fn shows_nothing(html: &str) -> bool {
    if ["<img", "<svg", "<video", "<iframe", "<picture"]
        .iter()
        .any(|tag| html.contains(tag))
    {
        return false;
    }
    let mut inside = false;
    for c in html.chars() {
        match c {
            '<' => inside = true,
            '>' => inside = false,
            c if !inside && !c.is_whitespace() => return false,
            _ => {}
        }
    }
    true
}

/// What a section type is called and what the merchant fills in to make it show.
fn placeholder_text(kind: &str) -> (&'static str, &'static str) {
    match kind {
        "head-image" => ("Slideshow", "Add slides with a picture and a heading."),
        "collection_list" => ("Collection list", "Choose the collections to show."),
        "style-collection" => ("Style collection", "Choose the collections to show."),
        "image_with_text" => ("Image with text", "Add a picture, a heading and some text."),
        "feature-content" => (
            "Feature content",
            "Add features with a picture and a heading.",
        ),
        "key_features" => ("Key features", "Add features with an icon and a title."),
        "product-review" => ("Product review", "Write the text to show here."),
        "featured-collection" => ("Featured collection", "Choose a collection of products."),
        "product_with_collection" => ("Dual collection", "Choose the collections to show."),
        "flash_deal" => ("Flash deals", "Add a countdown and the products on sale."),
        "slider-product" => ("Product slider", "Choose the products to show."),
        "product-widget" => ("Product widget", "Add products to your store to fill it."),
        _ => (
            "Section",
            "Choose this section in the editor to fill it in.",
        ),
    }
}

/// The preview's stand-in for a section that shows nothing yet: its name and what to fill in,
/// in a frame the editor can still select.
fn placeholder(key: &str, kind: &str) -> String {
    let (name, hint) = placeholder_text(kind);
    let mut out = open_section(key, kind, "wrap sec-placeholder");
    let _ = write!(
        out,
        "<div class=\"sec-ph\"><strong>{}</strong><p>{}</p></div></section>",
        esc(name),
        esc(hint)
    );
    out
}

fn section_html(view: &View, section: &Value, key: &str, kind: &str) -> String {
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
