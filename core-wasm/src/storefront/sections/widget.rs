//! Product widget.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn widget(view: &View, key: &str, node: &Node) -> String {
    let s = node.value;
    let mut out = open_section(key, "product-widget", "widget wrap");
    out.push_str(&heading(text(s, "heading")));
    let products: Vec<&Product> = view.catalog.products.iter().rev().take(4).collect();
    let _ = write!(
        out,
        "<div class=\"grid products\" style=\"--cols:4;--cols-m:2\" data-recent>{}</div></section>",
        cards(view, &products, true, CARD_SIZES)
    );
    out
}
