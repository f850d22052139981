//! Dual collection (`product_with_collection`).

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn dual(view: &View, key: &str, node: &Node) -> String {
    let s = node.value;
    let mut out = open_section(key, "product_with_collection", "dual wrap");
    out.push_str(&heading(text(s, "heading")));
    out.push_str("<div class=\"dual-grid\">");
    for part in ["collectionStart", "collectionEnd"] {
        if part == "collectionEnd" {
            let title = text(s, "featured_collection.collection.title");
            let handle = match text(s, "featured_collection.collection.handle") {
                "" => title,
                h => h,
            };
            let products: Vec<&Product> = match view.catalog.collection(handle) {
                Some(c) => view.catalog.products_of(c),
                None => view.catalog.products.iter().collect(),
            };
            let products: Vec<&Product> = products.into_iter().take(4).collect();
            let _ = write!(
                out,
                "<div class=\"dual-mid\"><h3>{}</h3><div class=\"grid products\" style=\"--cols:2;--cols-m:2\">{}</div></div>",
                esc(text(s, "featured_collection.heading")),
                cards(view, &products, true, CARD_SIZES)
            );
        }
        let _ = write!(
            out,
            "<div class=\"dual-side\"><h3>{}</h3><div class=\"stack\">",
            esc(text(s, &format!("{part}.heading")))
        );
        let blocks = list(s, &format!("{part}.blocks"));
        for block in blocks {
            let url = get(block, "url");
            let slug = match text(url, "params.slug") {
                "" => text(url, "slug"),
                s => s,
            };
            let fallback = view.catalog.collection(slug).and_then(|c| c.image.clone());
            let _ = write!(
                out,
                "<a class=\"tile\" href=\"{}\"><div class=\"ph wide\">{}</div><span>{}</span></a>",
                esc(&view.href(url)),
                img_or(
                    text(block, "image"),
                    fallback.as_deref(),
                    text(block, "title"),
                    600,
                    400
                ),
                esc(text(block, "title"))
            );
        }
        if blocks.is_empty() {
            out.push_str("<p class=\"muted\">Collections chosen in the editor appear here.</p>");
        }
        out.push_str("</div></div>");
    }
    out.push_str("</div></section>");
    out
}
