//! Product cards, shared by the sections and the pages.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

use shared_types::Money;

/// What a card outside a grid says it is shown at (`sizes`): about half a phone's width, and
/// 300 px on a desktop.
pub const CARD_SIZES: &str = "(max-width: 640px) 50vw, 300px";

/// What a card in a grid of products (two a row on a phone, `columns` on a desktop) is shown
/// at, so the browser takes the smallest width that is still sharp. The figures are the
/// storefront's stylesheet's: below 768 px two columns inside 16 px margins; above, `columns`
/// inside 24 px margins and at most 1200 px; the gaps between cards and the card's own padding
/// are the family's (a hydro card has 8 px inside it, a newchick card none).
pub fn grid_card_sizes(family: Family, columns: f64) -> String {
    // The theme's limits keep the columns few; a nonsense count still divides by at least one
    // (a float's cast saturates, and NaN is 0).
    let d = (columns.round() as i64).max(1);
    let (padding, gap_phone, gap_desktop): (i64, i64, i64) = match family {
        Family::Hydro => (16, 14, 20),
        Family::Newchick => (0, 8, 12),
    };
    let phone = (32 + gap_phone) / 2 + padding;
    let around = gap_desktop
        .saturating_mul(d - 1)
        .saturating_add(padding.saturating_mul(d))
        .saturating_add(48);
    let widest = (1200 - around.min(1200))
        .unsigned_abs()
        .div_ceil(d.unsigned_abs());
    format!(
        "(max-width: 767px) calc(50vw - {phone}px), (max-width: 1200px) calc((100vw - {around}px) / {d}), {widest}px"
    )
}

/// A product card; `sizes` is what its picture is shown at ([`grid_card_sizes`], [`CARD_SIZES`]).
pub fn card(view: &View, product: &Product, show_sale: bool, sizes: &str) -> String {
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
            Some(sizes),
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

pub(crate) fn cards(view: &View, products: &[&Product], show_sale: bool, sizes: &str) -> String {
    if products.is_empty() {
        return "<p class=\"muted\">No products to show yet.</p>".to_owned();
    }
    products
        .iter()
        .map(|p| card(view, p, show_sale, sizes))
        .collect()
}
