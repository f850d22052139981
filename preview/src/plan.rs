//! What the preview frame must render next, from the changes the editor announced since the
//! last render, and the lines of the preview's cart. Pure: it runs natively in the tests.

use std::collections::BTreeSet;

use core_wasm::money::stored_minor;
use core_wasm::storefront::Line;
use core_wasm::storefront::preview::{PAGES, SECTIONS_MAX, Snapshot};
use serde_json::Value;

/// What changed since the page was last rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pending {
    /// The whole `#sl-app` (at first, after a page change, a config sent without saying what it
    /// changed, a part that could not render alone).
    Whole,
    /// Some sections by key, and maybe the stylesheet and font links.
    Parts {
        sections: BTreeSet<String>,
        style: bool,
    },
}

impl Pending {
    /// Nothing changed yet.
    pub fn nothing() -> Self {
        Pending::Parts {
            sections: BTreeSet::new(),
            style: false,
        }
    }

    /// Adds the change a config message named: `sections` (None when the message did not say,
    /// which means everything) and whether the style changed.
    pub fn add(&mut self, sections: Option<&[String]>, style: bool) {
        match (self, sections) {
            (Pending::Whole, _) => {}
            (pending, None) => *pending = Pending::Whole,
            (
                Pending::Parts {
                    sections: pending,
                    style: pending_style,
                },
                Some(keys),
            ) => {
                pending.extend(keys.iter().cloned());
                *pending_style |= style;
            }
        }
    }

    /// The sections and style to render alone on `page` of `config`, or None when the whole
    /// page must render: home sections fit the home page only, the header and footer (the
    /// `fixed` page) any page; nothing named at all means the whole page too.
    pub fn alone(&self, config: &Value, page: &str) -> Option<(Vec<String>, bool)> {
        let Pending::Parts { sections, style } = self else {
            return None;
        };
        if (sections.is_empty() && !style) || sections.len() > SECTIONS_MAX {
            return None;
        }
        let home = config.pointer("/pages/homepage/sections")?.as_object()?;
        let fixed = config
            .pointer("/pages/fixed/sections")
            .and_then(Value::as_object);
        let fits = |key: &String| {
            let in_frame = fixed.is_some_and(|f| f.contains_key(key));
            let at_home = home.contains_key(key);
            (in_frame && !at_home) || (at_home && !in_frame && page == "homepage")
        };
        sections
            .iter()
            .all(fits)
            .then(|| (sections.iter().cloned().collect(), *style))
    }
}

/// Whether `page` is one the preview shows.
pub fn known_page(page: &str) -> bool {
    PAGES.contains(&page)
}

/// The preview's cart, as the cart and order pages show it: one of the product the product page
/// shows, in its first available option (the first one when none is), or the notice the cart
/// shows when it is sold out.
pub fn cart(snapshot: &Snapshot) -> (Vec<Line>, Vec<String>) {
    let product = &snapshot.sample;
    let variant = product
        .variants
        .iter()
        .find(|v| v.stock > 0)
        .or(product.variants.first());
    let (price, stock, variant_id, variant_title) = match variant {
        Some(v) => (v.price, v.stock, v.id.clone(), v.title.clone()),
        None => (product.price, 1, String::new(), String::new()),
    };
    if stock <= 0 {
        return (Vec::new(), vec![format!("{} is sold out.", product.title)]);
    }
    let line = Line {
        product_id: product.id.clone(),
        variant_id,
        title: product.title.clone(),
        variant_title,
        handle: product.handle.clone(),
        image: product
            .images
            .first()
            .map(|i| i.src.clone())
            .unwrap_or_default(),
        quantity: 1,
        price_minor: stored_minor(
            price,
            core_wasm::formats::currency_or_default(&snapshot.shop.currency),
        ),
        stock,
        weight_grams: product.weight_grams.unwrap_or(0),
        personalization: Vec::new(),
    };
    (vec![line], Vec::new())
}

#[cfg(test)]
mod tests {
    use core_wasm::storefront::Shop;
    use core_wasm::storefront::preview::sample_product;
    use serde_json::json;

    use super::*;

    fn config() -> Value {
        json!({"pages": {
            "homepage": {"sections": {"hero-1": {"type": "hero"}, "text-2": {"type": "text"}}},
            "fixed": {"sections": {"header": {"type": "header"}, "footer": {"type": "footer"}}}
        }})
    }

    fn keys(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn changes_named_by_several_messages_render_together() {
        let mut pending = Pending::nothing();
        pending.add(Some(&keys(&["hero-1"])), false);
        pending.add(Some(&keys(&["header"])), true);
        assert_eq!(
            pending.alone(&config(), "homepage"),
            Some((keys(&["header", "hero-1"]), true))
        );
    }

    #[test]
    fn a_message_that_does_not_say_what_changed_renders_the_whole_page() {
        let mut pending = Pending::nothing();
        pending.add(Some(&keys(&["hero-1"])), false);
        pending.add(None, false);
        assert_eq!(pending, Pending::Whole);
        pending.add(Some(&keys(&["header"])), false);
        assert_eq!(pending.alone(&config(), "homepage"), None);
    }

    #[test]
    fn home_sections_render_alone_on_the_home_page_only() {
        let mut pending = Pending::nothing();
        pending.add(Some(&keys(&["hero-1"])), false);
        assert!(pending.alone(&config(), "homepage").is_some());
        assert_eq!(pending.alone(&config(), "product"), None);
        let mut header = Pending::nothing();
        header.add(Some(&keys(&["footer"])), false);
        assert!(header.alone(&config(), "cart").is_some());
    }

    #[test]
    fn the_style_alone_renders_on_any_page_and_nothing_named_renders_the_whole() {
        let mut style = Pending::nothing();
        style.add(Some(&[]), true);
        assert_eq!(style.alone(&config(), "order"), Some((Vec::new(), true)));
        assert_eq!(Pending::nothing().alone(&config(), "homepage"), None);
    }

    #[test]
    fn an_unknown_section_renders_the_whole_page() {
        let mut pending = Pending::nothing();
        pending.add(Some(&keys(&["gone-9"])), false);
        assert_eq!(pending.alone(&config(), "homepage"), None);
    }

    fn snapshot(stock: i64) -> Snapshot {
        let shop = Shop {
            id: "s1".to_owned(),
            name: "Shop".to_owned(),
            subdomain: "shop".to_owned(),
            base: "/s/shop".to_owned(),
            currency: "USD".to_owned(),
            country: String::new(),
            shipping: core_wasm::records::default_shipping_note(),
            zones: Default::default(),
            tax: Default::default(),
            tax_note: Default::default(),
        };
        let mut snapshot = Snapshot::new(shop, Default::default(), 0);
        snapshot.sample.variants[0].stock = stock;
        snapshot
    }

    #[test]
    fn the_preview_cart_holds_one_of_the_product_page_s_product() {
        let (lines, problems) = cart(&snapshot(3));
        assert!(problems.is_empty());
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].product_id, sample_product().id);
        assert_eq!((lines[0].quantity, lines[0].price_minor), (1, 2500));
    }

    #[test]
    fn a_sold_out_product_leaves_the_preview_cart_empty_with_the_cart_s_notice() {
        let (lines, problems) = cart(&snapshot(0));
        assert!(lines.is_empty());
        assert_eq!(problems, vec!["Sample product is sold out.".to_owned()]);
    }
}
