//! Flash deal.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn flash_deal(view: &View, key: &str, node: &Node) -> String {
    let s = node.value;
    let mut out = open_section(key, "flash_deal", "flash wrap");
    out.push_str("<div class=\"flash-head\">");
    out.push_str(&heading(text(s, "content.heading")));
    out.push_str("</div><div class=\"flash-blocks\">");
    for block_node in node.items("content.blocks") {
        let block = block_node.value;
        match text(block, "type") {
            "count-down" => {
                let days = block_node.number("time.day");
                let hours = block_node.number("time.hour");
                let minutes = block_node.number("time.min");
                let period_ms =
                    ((days * 1440.0 + hours * 60.0 + minutes) * 60_000.0).max(60_000.0) as i64;
                let _ = write!(
                    out,
                    "<a class=\"deal deal-count\" href=\"{}\">{}<strong>{}</strong>\
                     <span class=\"countdown\" data-countdown data-period=\"{period_ms}\" role=\"timer\" aria-live=\"off\">\
                     <b data-d>00</b>d <b data-h>00</b>:<b data-m>00</b>:<b data-s>00</b></span></a>",
                    esc(&view.href(get(block, "url"))),
                    if image_src(text(block, "image")).is_some() {
                        format!(
                            "<div class=\"ph wide\">{}</div>",
                            img(text(block, "image"), text(block, "title"), 600, 300, false)
                        )
                    } else {
                        String::new()
                    },
                    esc(text(block, "title"))
                );
            }
            _ => {
                let product_ref = get(block, "product");
                let product = [
                    text(product_ref, "_id"),
                    text(product_ref, "id"),
                    text(product_ref, "handle"),
                    text(product_ref, "title"),
                ]
                .iter()
                .filter(|v| !v.is_empty())
                .find_map(|v| view.catalog.product(v))
                .or_else(|| {
                    view.catalog
                        .products
                        .iter()
                        .find(|p| p.compare_at_price.is_some())
                });
                let _ = write!(
                    out,
                    "<div class=\"deal deal-product\"><strong>{}</strong>",
                    esc(text(block, "title"))
                );
                if let Some(product) = product {
                    out.push_str(&card(view, product, true, CARD_SIZES));
                }
                out.push_str("</div>");
            }
        }
    }
    out.push_str("</div>");
    let details = list(s, "detail.blocks");
    if !details.is_empty() {
        out.push_str("<div class=\"flash-detail\">");
        for (i, block) in details.iter().enumerate() {
            let image = text(block, "image").to_owned();
            let fallback = view
                .catalog
                .products
                .get(i)
                .and_then(|p| p.images.first())
                .map(|im| im.src.clone())
                .unwrap_or_default();
            let _ = write!(
                out,
                "<a class=\"tile\" href=\"{}\"><div class=\"ph sq\">{}</div><span>{}</span></a>",
                esc(&view.href(get(block, "url"))),
                img(
                    if image.is_empty() { &fallback } else { &image },
                    text(block, "title"),
                    300,
                    300,
                    false
                ),
                esc(text(block, "title"))
            );
        }
        out.push_str("</div>");
    }
    out.push_str("</section>");
    out
}
