//! Slider product.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn slider(view: &View, key: &str, node: &Node) -> String {
    let mut out = open_section(key, "slider-product", "slider wrap");
    // A section without blocks shows one rail of its own.
    let blocks = node.items("blocks");
    let rails: Vec<Option<&Node>> = if blocks.is_empty() {
        vec![None]
    } else {
        blocks.iter().map(Some).collect()
    };
    for (i, block) in rails.into_iter().enumerate() {
        // A block without its own number of items per row takes the section's.
        let per_row = match block {
            Some(b) if !b.get("item_per_row").is_null() => b.number("item_per_row"),
            _ => node.number("item_per_row"),
        };
        out.push_str(&heading(block.map_or("", |b| b.text("heading"))));
        let products: Vec<&Product> = view.catalog.products.iter().skip(i * 10).take(10).collect();
        let _ = write!(
            out,
            "<div class=\"rail\" style=\"--per:{per_row}\">{}</div>",
            cards(view, &products, true, CARD_SIZES)
        );
    }
    out.push_str("</section>");
    out
}
