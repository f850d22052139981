//! Image with text.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

/// A block's picture; a block without one (a new section's) shows the placeholder picture.
fn picture(block: &Value) -> String {
    let image = text(block, "image");
    if image_src(image).is_some() {
        img(image, text(block, "heading"), 800, 600, false)
    } else {
        PLACEHOLDER_PICTURE.to_owned()
    }
}

pub(crate) fn image_with_text(view: &View, key: &str, node: &Node) -> String {
    let s = node.value;
    let mut out = open_section(key, "image_with_text", "iwt wrap");
    out.push_str(&heading(text(s, "heading")));
    for block in list(s, "blocks") {
        let right = text(block, "position") == "right";
        let _ = write!(
            out,
            "<div class=\"iwt-row{}\"><div class=\"ph wide\">{}</div><div class=\"iwt-text\"><h3>{}</h3><div class=\"rich\">{}</div>",
            if right { " img-right" } else { "" },
            picture(block),
            esc(text(block, "heading")),
            clean(text(block, "content"))
        );
        let label = text(block, "button_label");
        if !label.is_empty() {
            let _ = write!(
                out,
                "<a class=\"btn btn-line\" href=\"{}\">{}<span class=\"sr\">: {}</span></a>",
                esc(&view.href(get(block, "url_button"))),
                esc(label),
                esc(text(block, "heading"))
            );
        }
        out.push_str("</div></div>");
    }
    out.push_str("</section>");
    out
}
