//! Product cards, shared by the sections and the pages.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

use shared_types::Money;

/// A product card.
pub fn card(view: &View, product: &Product, show_sale: bool) -> String {
    let compare = product.compare_at_price.filter(|c| *c > product.price);
    let sale = match compare {
        Some(c) if show_sale => {
            let label = if text(view.config, "settings.product.layout.sale_type") == "amount" {
                format!("-{}", view.money(saving(c, product.price)))
            } else {
                format!("-{}%", percent_off(c, product.price))
            };
            format!("<span class=\"tag\">{}</span>", esc(&label))
        }
        _ => String::new(),
    };
    format!(
        "<a class=\"card\" href=\"{}\"><div class=\"ph sq\">{}{sale}</div><div class=\"card-body\"><h3 class=\"clamp\">{}</h3>\
         <div class=\"price\"><span class=\"now\">{}</span>{}</div></div></a>",
        esc(&view.product_href(product)),
        img_sized(
            product.images.first().map_or("", |i| i.src.as_str()),
            "",
            600,
            600,
            false,
            // Two cards a row on a phone, four on a desktop's 1200 px.
            Some("(max-width: 640px) 50vw, 300px"),
        ),
        esc(&product.title),
        esc(&view.money(product.price)),
        compare
            .map(|c| format!("<s class=\"was\">{}</s>", esc(&view.money(c))))
            .unwrap_or_default()
    )
}

/// The share of the price `was` taken off to make `now`, in whole percent (to the nearest).
pub(crate) fn percent_off(was: Money, now: Money) -> i64 {
    let (was, now, _) = crate::money::in_common_units(was, now);
    if was <= 0 {
        return 0;
    }
    ((was - now) * 100 + was / 2) / was
}

/// What a shopper saves from the price `was` at `now`.
pub(crate) fn saving(was: Money, now: Money) -> Money {
    let (was, now, exponent) = crate::money::in_common_units(was, now);
    Money::from_minor(was - now, exponent)
}

pub(crate) fn cards(view: &View, products: &[&Product], show_sale: bool) -> String {
    if products.is_empty() {
        return "<p class=\"muted\">No products to show yet.</p>".to_owned();
    }
    products.iter().map(|p| card(view, p, show_sale)).collect()
}
