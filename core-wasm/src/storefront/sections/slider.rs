//! Slider product.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn slider(view: &View, key: &str, s: &Value) -> String {
    let mut out = open_section(key, "slider-product", "slider wrap");
    let blocks = list(s, "blocks");
    let default_block =
        serde_json::json!({"heading": "", "item_per_row": number(s, "item_per_row", 5.0)});
    let blocks: Vec<&Value> = if blocks.is_empty() {
        vec![&default_block]
    } else {
        blocks.iter().collect()
    };
    for (i, block) in blocks.iter().enumerate() {
        out.push_str(&heading(text(block, "heading")));
        let per_row = number(block, "item_per_row", number(s, "item_per_row", 5.0)).clamp(1.0, 8.0);
        let products: Vec<&Product> = view.catalog.products.iter().skip(i * 10).take(10).collect();
        let _ = write!(
            out,
            "<div class=\"rail\" style=\"--per:{per_row}\">{}</div>",
            cards(view, &products, true)
        );
    }
    out.push_str("</section>");
    out
}
