//! Key features.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn key_features(view: &View, key: &str, node: &Node) -> String {
    let s = node.value;
    let mut out = open_section(key, "key_features", "keys wrap");
    out.push_str(&heading(text(s, "heading")));
    let _ = write!(out, "<div class=\"grid\" {}>", grid_vars(node));
    let icons = ["truck", "return", "shield", "support"];
    for (i, block) in list(s, "blocks").iter().enumerate() {
        let image = text(block, "image");
        let visual = if image_src(image).is_some() {
            img(image, text(block, "title"), 64, 64, false)
        } else {
            icon(icons[i % icons.len()]).to_owned()
        };
        let _ = write!(
            out,
            "<a class=\"key\" href=\"{}\"><span class=\"key-icon\">{visual}</span><strong>{}</strong><span>{}</span></a>",
            esc(&view.href(get(block, "url"))),
            esc(&view.shop_text(text(block, "title"))),
            esc(&view.shop_text(text(block, "description")))
        );
    }
    out.push_str("</div></section>");
    out
}
