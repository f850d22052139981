//! The collection page (spec §3.4 category settings).

#[allow(unused_imports)]
use crate::storefront::prelude::*;

/// Cards in a collection's first screen: a row of four on a desktop, two rows of two on a phone.
const FIRST_SCREEN_CARDS: usize = 4;

pub(crate) fn collection_page(
    view: &View,
    title: &str,
    handle: &str,
    products: &[Product],
    search: &str,
) -> String {
    let category = view.settings("category");
    let cs = category.value;
    let mut out = String::from(
        "<section class=\"sec collection\" data-section-key=\"category\" data-section-type=\"category\">",
    );
    if category.flag("show_banner") {
        let desktop = text(cs, "banner_desktop");
        let mobile = text(cs, "banner_mobile");
        let _ = write!(
            out,
            "<div class=\"banner\"><picture>{}{}</picture><div class=\"banner-text\"><h1>{}</h1>{}</div></div>",
            image_src(mobile)
                .map(|m| format!(
                    "<source media=\"(max-width: 767px)\" srcset=\"{}\">",
                    esc(&m)
                ))
                .unwrap_or_default(),
            img(
                if desktop.is_empty() { mobile } else { desktop },
                title,
                1600,
                400,
                true
            ),
            esc(title),
            if category.flag("show_title_button") {
                format!(
                    "<a class=\"btn\" href=\"{}\">{}</a>",
                    esc(&view.href(get(cs, "url"))),
                    esc(match text(cs, "url.name") {
                        "" => "Shop all",
                        n => n,
                    })
                )
            } else {
                String::new()
            }
        );
    }
    let _ = write!(
        out,
        "<div class=\"wrap\"><div class=\"coll-head\"><h1>{}</h1><span class=\"muted\">{} products</span></div>",
        esc(title),
        products.len()
    );
    if !search.is_empty() {
        let _ = write!(out, "<p class=\"muted\">Results for “{}”</p>", esc(search));
    }
    let refs: Vec<&Product> = products.iter().collect();
    // The first row of cards is in the first screen (two a row on a phone, four on a desktop):
    // their pictures load at once, the first one first unless a banner comes before it.
    let grid = cards(view, &refs, true, &grid_card_sizes(view.family, 4.0))
        .replacen(
            LAZY,
            if category.flag("show_banner") {
                ""
            } else {
                " fetchpriority=\"high\""
            },
            1,
        )
        .replacen(LAZY, "", FIRST_SCREEN_CARDS - 1);
    let _ = write!(
        out,
        "<div class=\"grid products\" style=\"--cols:4;--cols-m:2\" data-collection=\"{}\">{grid}</div></div></section>",
        esc(handle),
    );
    out
}
