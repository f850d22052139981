//! What the editor's preview renders (editor-and-analytics.md §2.3 and the preview protocol): a
//! whole page by the editor's page name, or some sections alone, with the stylesheet. The server
//! answers `POST /s/{subdomain}/_preview` with these; the preview frame calls them through
//! WebAssembly with the catalog [`Snapshot`] it keeps, so both show the same HTML.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use shared_types::Money;
use shared_types::catalog::{Product, Variant};

use super::read::{sections as ordered_sections, text};
use super::sections::{home_section, render_section};
use super::style::{font_urls, theme_css};
use super::{Catalog, Page, Receipt, ReceiptPayment, Shop, View};
use crate::limits::PREVIEW_RENDERED_MAX_BYTES;

/// The pages the preview shows (`collections` is another name of `category`).
pub const PAGES: [&str; 6] = [
    "homepage",
    "product",
    "cart",
    "order",
    "category",
    "collections",
];

/// The most sections one partial render takes.
pub const SECTIONS_MAX: usize = 50;

const PAGE_MESSAGE: &str = "The page must be homepage, product, cart, order or category.";

/// Everything the preview needs besides the config: the store, its catalog, the product its
/// product page shows and the order its order page shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub shop: Shop,
    pub catalog: Catalog,
    /// The store's first active product, or [`sample_product`] when it has none.
    pub sample: Product,
    /// The order the thank-you page shows ([`sample_receipt`]).
    pub receipt: Receipt,
    /// The year the snapshot was made in, which the footer's copyright shows ([`year_of`]).
    #[serde(default)]
    pub year: i32,
}

impl Snapshot {
    /// Cleans, in place, the catalog HTML the storefront cleans as it renders (products'
    /// descriptions): the snapshot the preview frame is sent holds only clean HTML.
    #[cfg(feature = "html-cleaner")]
    pub fn clean_html(&mut self) {
        for product in self.catalog.products.iter_mut().chain([&mut self.sample]) {
            product.description_html = super::clean(&product.description_html);
        }
    }

    /// The snapshot of a store's catalog, its samples made at `now_ms`.
    pub fn new(shop: Shop, catalog: Catalog, now_ms: i64) -> Snapshot {
        let sample = catalog
            .products
            .first()
            .cloned()
            .unwrap_or_else(sample_product);
        let receipt = sample_receipt(&sample, &shop, now_ms);
        Snapshot {
            shop,
            catalog,
            sample,
            receipt,
            year: year_of(now_ms),
        }
    }
}

/// The calendar year (UTC) of a time in milliseconds since 1970; `0` for a time out of range.
pub fn year_of(now_ms: i64) -> i32 {
    use chrono::Datelike;
    chrono::DateTime::from_timestamp_millis(now_ms).map_or(0, |t| t.year())
}

/// A whole page as the preview puts it in place.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rendered {
    /// The inner HTML of `#sl-app`.
    pub html: String,
    pub css: String,
    pub fonts: Vec<String>,
    /// The body's family class.
    pub family: &'static str,
    /// The editor's page name.
    pub page: String,
    /// The body's page kind (`page-{kind}`).
    pub kind: &'static str,
}

/// The product the preview shows on the product page of a store that has none yet: never sold
/// (no stock) and never stored.
pub fn sample_product() -> Product {
    Product {
        id: "sample".to_owned(),
        legacy_id: "sample".to_owned(),
        title: "Sample product".to_owned(),
        handle: "sample-product".to_owned(),
        description_html: "<p>Your product's description appears here.</p>".to_owned(),
        images: Vec::new(),
        price: Money::from_minor(25, 0),
        compare_at_price: Some(Money::from_minor(35, 0)),
        options: Vec::new(),
        variants: vec![Variant {
            id: "sample".to_owned(),
            title: "Default".to_owned(),
            options: Vec::new(),
            price: Money::from_minor(25, 0),
            compare_at_price: Some(Money::from_minor(35, 0)),
            stock: 0,
            sku: String::new(),
        }],
        tags: Vec::new(),
        weight_grams: None,
        status: "active".to_owned(),
        created_at: 0,
        updated_at: 0,
    }
}

/// The order the preview's thank-you page shows: one of the product, placed at `now_ms`, with the
/// store's shipping.
pub fn sample_receipt(product: &Product, shop: &Shop, now_ms: i64) -> Receipt {
    let currency = crate::formats::currency_or_default(&shop.currency);
    let price = crate::money::stored_minor(product.price, currency);
    let shipping = shop.shipping.cart_price(price).unwrap_or(0);
    Receipt {
        id: "preview".to_owned(),
        name: "#1001".to_owned(),
        email: "shopper@example.com".to_owned(),
        customer: "Alex Shopper".to_owned(),
        lines: vec![(product.title.clone(), 1, price)],
        subtotal_minor: price,
        shipping_minor: shipping,
        shipping_method: String::new(),
        discount_minor: 0,
        tax_minor: 0,
        taxes_included: shop.tax_note == super::TaxNote::Included,
        total_minor: price + shipping,
        created_at: now_ms,
        payment: ReceiptPayment::Paid,
        shipping_address: None,
        note: String::new(),
    }
}

/// The stylesheet of a config and its font links.
pub fn stylesheet(config: &Value) -> (String, Vec<String>) {
    (theme_css(config), font_urls(config))
}

/// The pages of an editor's page name (the order page shows the checkout and the thank-you page).
fn pages_of(page_name: &str, snapshot: &Snapshot) -> Result<Vec<Page>, String> {
    let catalog = &snapshot.catalog;
    Ok(match page_name {
        "homepage" => vec![Page::Home],
        "product" => vec![Page::Product(Box::new(snapshot.sample.clone()), Vec::new())],
        "category" | "collections" => {
            let (title, handle, products) = match catalog.collections.first() {
                Some(c) => (
                    c.title.clone(),
                    c.handle.clone(),
                    catalog.products_of(c).into_iter().cloned().collect(),
                ),
                None => (
                    "All products".to_owned(),
                    "all".to_owned(),
                    catalog.products.clone(),
                ),
            };
            vec![Page::Collection {
                title,
                handle,
                products,
                search: String::new(),
            }]
        }
        "cart" => vec![Page::Cart],
        "order" => vec![
            // The store's country, as a shopper who has chosen none sees it.
            Page::Checkout {
                country: crate::commerce::checkout_country("", &snapshot.shop.country),
            },
            Page::ThankYou(Box::new(snapshot.receipt.clone())),
        ],
        _ => return Err(PAGE_MESSAGE.to_owned()),
    })
}

/// The whole page named by the editor (`homepage`, `product`, `cart`, `order`, `category`).
pub fn page(view: &View, page_name: &str, snapshot: &Snapshot) -> Result<Rendered, String> {
    let pages = pages_of(page_name, snapshot)?;
    let html: String = pages.iter().map(|p| super::app(view, p)).collect();
    let (css, fonts) = stylesheet(view.config);
    Ok(Rendered {
        html,
        css,
        fonts,
        family: view.family.class(),
        page: page_name.to_owned(),
        kind: pages.first().map_or("home", Page::kind),
    })
}

/// Whether the server renders a posted config for the preview: none of its pages holds more
/// sections than a page may (a saved config is held to the same limit). The preview frame's own
/// renderer needs no such check: the editor's commands keep to the limit.
pub fn renderable(config: &Value) -> Result<(), String> {
    if crate::limits::pages_over_section_limit(config).is_empty() {
        Ok(())
    } else {
        Err(crate::limits::too_many_sections_message())
    }
}

/// Whether the server sends a preview render of `html_bytes` bytes of HTML: at most
/// [`PREVIEW_RENDERED_MAX_BYTES`].
pub fn sendable(html_bytes: usize) -> Result<(), String> {
    if html_bytes <= PREVIEW_RENDERED_MAX_BYTES {
        return Ok(());
    }
    Err(format!(
        "This page is too large to preview: at most {} MB of HTML. Remove some sections or products.",
        PREVIEW_RENDERED_MAX_BYTES / (1024 * 1024)
    ))
}

/// Some sections alone, by key, as HTML: home sections on the home page, the header and footer
/// on any page. Every other home section of the config gives only its place.
pub fn sections(
    view: &View,
    page_name: &str,
    keys: &[String],
) -> Result<Map<String, Value>, String> {
    if !PAGES.contains(&page_name) {
        return Err(PAGE_MESSAGE.to_owned());
    }
    if keys.len() > SECTIONS_MAX {
        return Err(format!(
            "At most {SECTIONS_MAX} sections render alone at a time."
        ));
    }
    let home = ordered_sections(view.config, "homepage");
    let fixed = ordered_sections(view.config, "fixed");
    let mut rendered = Map::new();
    for key in keys {
        let at_home = home.iter().position(|s| text(s, "key") == key);
        let in_frame = fixed.iter().find(|s| text(s, "key") == key);
        let html = match (at_home, in_frame) {
            (Some(position), None) if page_name == "homepage" => {
                home_section(view, home[position], position)
            }
            (None, Some(section)) => render_section(view, section),
            (Some(_), None) => {
                return Err(format!(
                    "{key} is a home section: it renders alone on the home page only."
                ));
            }
            (Some(_), Some(_)) => {
                return Err(format!(
                    "Both the home page and the header and footer have a section {key}."
                ));
            }
            (None, None) => return Err(format!("The page has no section {key}.")),
        };
        rendered.insert(key.clone(), Value::String(html));
    }
    Ok(rendered)
}

/// One preview render from JSON text, as the preview frame asks for it: the config, the
/// [`Snapshot`], the page, and the keys of the sections to render alone (`None` for the whole
/// page). The answer is JSON text: the [`Rendered`] page, or the sections by key. The WebAssembly
/// build and the native parity writer both call this, so they compare one code path.
pub fn render_json(
    config: &str,
    snapshot: &str,
    page_name: &str,
    keys: Option<&[String]>,
) -> Result<String, String> {
    let config: Value =
        serde_json::from_str(config).map_err(|e| format!("The config is not JSON: {e}"))?;
    if !config.is_object() {
        return Err("The config must be an object.".to_owned());
    }
    let snapshot: Snapshot =
        serde_json::from_str(snapshot).map_err(|e| format!("The catalog is not readable: {e}"))?;
    let view = View {
        shop: &snapshot.shop,
        config: &config,
        catalog: &snapshot.catalog,
        family: super::Family::of(&config),
        preview: true,
        year: snapshot.year,
    };
    let text = match keys {
        Some(keys) => serde_json::to_string(&sections(&view, page_name, keys)?),
        None => serde_json::to_string(&page(&view, page_name, &snapshot)?),
    };
    text.map_err(|e| e.to_string())
}
