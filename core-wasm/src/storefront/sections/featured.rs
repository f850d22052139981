//! Featured collection.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn featured(view: &View, key: &str, node: &Node) -> String {
    let s = node.value;
    let align = match text(s, "align") {
        "left" => "left",
        "right" => "right",
        _ => "center",
    };
    let mut out = open_section(
        key,
        "featured-collection",
        &format!("featured wrap align-{align}"),
    );
    out.push_str(&heading(text(s, "heading")));
    let limit = node.number("limit_product") as usize;
    let handle = match text(s, "collection.handle") {
        "" => text(s, "collection.title"),
        h => h,
    };
    let collection = view.catalog.collection(handle);
    let products: Vec<&Product> = match collection {
        Some(c) => view.catalog.products_of(c),
        None => view.catalog.products.iter().collect(),
    };
    let products: Vec<&Product> = products.into_iter().take(limit).collect();
    let _ = write!(
        out,
        "<div class=\"grid products\" style=\"--cols:{};--cols-m:2\">{}</div>",
        node.number("item_per_row"),
        cards(
            view,
            &products,
            node.flag("show_sale_banners"),
            &grid_card_sizes(view.family, node.number("item_per_row"))
        )
    );
    let label = text(s, "buttonLabel");
    if !label.is_empty() {
        let href = format!(
            "{}/collections/{}",
            view.base(),
            collection.map_or("all".to_owned(), |c| slug_path(&c.handle))
        );
        let _ = write!(
            out,
            "<div class=\"more\"><a class=\"{}\" href=\"{}\">{}<span class=\"sr\">: {}</span></a></div>",
            if node.flag("isTextLink") {
                "text-link"
            } else {
                "btn btn-line"
            },
            esc(&href),
            esc(label),
            esc(text(s, "heading"))
        );
    }
    out.push_str("</section>");
    out
}
