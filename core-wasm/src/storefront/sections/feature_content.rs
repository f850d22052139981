//! Feature content.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn feature_content(key: &str, node: &Node) -> String {
    let s = node.value;
    let mut out = open_section(key, "feature-content", "features wrap");
    out.push_str(&heading(text(s, "heading")));
    let _ = write!(out, "<div class=\"grid\" {}>", grid_vars(node));
    for block in list(s, "blocks") {
        let image = text(block, "image");
        let _ = write!(
            out,
            "<div class=\"feature\">{}<h3>{}</h3><div class=\"rich\">{}</div></div>",
            if image_src(image).is_some() {
                format!(
                    "<div class=\"ph wide\">{}</div>",
                    img(image, text(block, "heading"), 600, 400, false)
                )
            } else {
                format!("<div class=\"feature-icon\">{}</div>", icon("star"))
            },
            esc(text(block, "heading")),
            clean(text(block, "content"))
        );
    }
    out.push_str("</div></section>");
    out
}
