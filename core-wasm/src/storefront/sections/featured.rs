//! Featured collection.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn featured(view: &View, key: &str, s: &Value) -> String {
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
    let limit = number(s, "limit_product", 18.0).clamp(1.0, 50.0) as usize;
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
        number(s, "item_per_row", 4.0).clamp(1.0, 8.0),
        cards(view, &products, flag(s, "show_sale_banners", true))
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
            if flag(s, "isTextLink", false) {
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
