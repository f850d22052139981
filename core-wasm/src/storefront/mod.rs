//! The storefront renderer: a store's theme config and catalog to HTML, as pure functions. The
//! server renders shoppers' pages with it natively; the editor's preview frame renders with the
//! same code through WebAssembly (the `storefront-preview` crate), so the preview shows exactly
//! what shoppers will see, without a request and offline.
//!
//! Parts: the document frame and the app ([`document`], [`app`]), the header and footer, one
//! module per home section type (`sections`), one per page (`pages`), the stylesheet
//! ([`theme_css`]), [`preview`], what the preview asks for, and [`variants`], the product page's
//! option pickers. The config is read through
//! `read`, whose defaults and limits come from the theme's rule table (`crate::theme`).

mod cards;
mod document;
mod footer;
mod header;
pub(crate) mod html;
mod pages;
mod popups;
pub mod preview;
mod read;
mod sections;
mod style;
pub mod variants;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared_types::catalog::{Collection, Menu, Product};
use shared_types::theme::ThemeFamily;

use crate::records::RatingSummary;

pub use cards::{CARD_SIZES, card, grid_card_sizes};
pub use document::{Boot, app, document};
pub use html::{FREE_SHIPPING_THRESHOLD, HTML_PATHS, clean, esc, image_src, money};
#[cfg(feature = "html-cleaner")]
pub use html::{clean_command_html, clean_config_html};
pub use pages::cart::{Line, cart_grams, cart_view, plain_totals, summary_view};
pub use pages::checkout::shipping_choices;
pub use read::{Node, get, sections, take_misses, text};
pub use sections::{home_section, render_section};
pub use style::{font_urls, theme_css};

/// What the modules of the renderer share.
mod prelude {
    pub(crate) use std::fmt::Write as _;

    pub(crate) use serde_json::Value;
    pub(crate) use shared_types::catalog::{MenuItem, Product};

    pub(crate) use super::cards::*;
    pub(crate) use super::document::*;
    pub(crate) use super::footer::*;
    pub(crate) use super::header::*;
    pub(crate) use super::html::*;
    pub(crate) use super::pages::{cart::*, checkout::*, collection::*, product::*, thank_you::*};
    pub(crate) use super::popups::*;
    pub(crate) use super::read::Node;
    pub(crate) use super::read::*;
    pub(crate) use super::sections::*;
    pub(crate) use super::sections::{
        dual::*, feature_content::*, featured::*, flash_deal::*, image_with_text::*,
        key_features::*, slider::*, slideshow::*, tiles::*, widget::*,
    };
    pub(crate) use super::style::*;
    pub(crate) use super::{Family, Page, Receipt, ReceiptPayment, View};
}

/// The two families look different (spec §1): hydro (DEFAULT) and newchick (FASHION).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Hydro,
    Newchick,
}

impl Family {
    /// The family of a config: newchick when the fixed page's footer has settings (spec §1).
    pub fn of(config: &Value) -> Family {
        match get(config, "pages.fixed.sections.footer.settings") {
            Value::Object(map) if !map.is_empty() => Family::Newchick,
            _ => Family::Hydro,
        }
    }

    /// The theme engine's name of the family.
    pub fn theme_family(self) -> ThemeFamily {
        match self {
            Family::Hydro => ThemeFamily::Hydro,
            Family::Newchick => ThemeFamily::Newchick,
        }
    }

    pub fn class(self) -> &'static str {
        match self {
            Family::Hydro => "fam-hydro",
            Family::Newchick => "fam-newchick",
        }
    }
}

/// The store being shown and where its pages live.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Shop {
    pub id: String,
    pub name: String,
    pub subdomain: String,
    /// The prefix of every storefront link: `/s/{subdomain}` embedded, empty on its own host.
    pub base: String,
    pub currency: String,
    /// The store's country (a code, empty when the merchant has not set one): the checkout
    /// preselects it when the shopper has not chosen one (`commerce::checkout_country`).
    #[serde(default)]
    pub country: String,
    /// What the pages say of shipping before an address is known (the cart's price and
    /// free-shipping bar, the announcement's threshold).
    #[serde(default = "crate::records::default_shipping_note")]
    pub shipping: crate::commerce::ShippingNote,
    /// The store's shipping zones, which the checkout prices. The server's alone, like `tax`.
    #[serde(skip)]
    pub zones: shared_types::records::ShippingSettings,
    /// The store's taxes, which the checkout counts. The server's alone: never sent to the
    /// preview frame, whose build then carries no reader of them.
    #[serde(skip)]
    pub tax: shared_types::commerce::TaxSettings,
    /// What the cart says of tax before an address is known (`TaxNote::of` the settings).
    #[serde(default)]
    pub tax_note: TaxNote,
}

/// What a cart says of tax before the checkout knows the address.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TaxNote {
    /// The store charges no tax: nothing.
    #[default]
    None,
    /// "Taxes included."
    Included,
    /// "Taxes calculated at checkout."
    AtCheckout,
}

impl TaxNote {
    /// The note of a store's tax settings.
    pub fn of(settings: &shared_types::commerce::TaxSettings) -> Self {
        match (settings.rates.is_empty(), settings.prices_include_tax) {
            (true, _) => TaxNote::None,
            (false, true) => TaxNote::Included,
            (false, false) => TaxNote::AtCheckout,
        }
    }
}

/// What the sections show from the database: active products, collections and menus, and the
/// rating of each product with published reviews while the Product Reviews app is on
/// (`crate::records::rating_summaries`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Catalog {
    pub products: Vec<Product>,
    pub collections: Vec<Collection>,
    pub menus: Vec<Menu>,
    #[serde(default)]
    pub ratings: Vec<RatingSummary>,
}

impl Catalog {
    pub fn collection(&self, handle: &str) -> Option<&Collection> {
        let handle = handle.trim();
        self.collections
            .iter()
            .find(|c| c.handle == handle || c.title.eq_ignore_ascii_case(handle))
    }

    /// The active products of a collection, in its order.
    pub fn products_of(&self, collection: &Collection) -> Vec<&Product> {
        collection
            .product_ids
            .iter()
            .filter_map(|id| self.products.iter().find(|p| &p.id == id))
            .collect()
    }

    /// The rating a product's page shows; `None` when it has no published review or the
    /// reviews app is off.
    pub fn rating(&self, product_id: &str) -> Option<&RatingSummary> {
        self.ratings.iter().find(|r| r.product_id == product_id)
    }

    pub fn product(&self, id_or_title: &str) -> Option<&Product> {
        self.products
            .iter()
            .find(|p| p.id == id_or_title || p.handle == id_or_title || p.title == id_or_title)
    }
}

/// Which page of the store is rendered.
#[derive(Debug, Clone)]
pub enum Page {
    Home,
    /// A product and the text fields of its personalization set-up (none without one).
    Product(Box<Product>, Vec<crate::personalize::TextField>),
    Collection {
        title: String,
        handle: String,
        products: Vec<Product>,
        search: String,
    },
    Cart,
    /// The checkout, with the country its selects preselect (`commerce::checkout_country`).
    Checkout {
        country: &'static str,
    },
    ThankYou(Box<Receipt>),
    Content {
        title: String,
        html: String,
    },
    NotFound,
}

impl Page {
    /// The editor's page name (preview protocol) of this page.
    pub fn name(&self) -> &'static str {
        match self {
            Page::Home | Page::Content { .. } | Page::NotFound => "homepage",
            Page::Product(..) => "product",
            Page::Collection { .. } => "category",
            Page::Cart => "cart",
            Page::Checkout { .. } | Page::ThankYou(_) => "order",
        }
    }

    /// The analytics/body name of the page.
    pub fn kind(&self) -> &'static str {
        match self {
            Page::Home => "home",
            Page::Product(..) => "product",
            Page::Collection { .. } => "collection",
            Page::Cart => "cart",
            Page::Checkout { .. } => "checkout",
            Page::ThankYou(_) => "thank-you",
            Page::Content { .. } => "content",
            Page::NotFound => "not-found",
        }
    }
}

/// A placed order as the thank-you page shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Receipt {
    pub id: String,
    pub name: String,
    pub email: String,
    pub customer: String,
    pub lines: Vec<(String, i64, i64)>,
    pub subtotal_minor: i64,
    pub shipping_minor: i64,
    /// The shipping rate taken ("Express"); empty for orders from before zones.
    #[serde(default)]
    pub shipping_method: String,
    /// All the discounts took off.
    #[serde(default)]
    pub discount_minor: i64,
    /// The order's tax, added to the total or, when `taxes_included`, part of it.
    #[serde(default)]
    pub tax_minor: i64,
    #[serde(default)]
    pub taxes_included: bool,
    pub total_minor: i64,
    pub created_at: i64,
    /// How the order is paid, as the shopper is told.
    pub payment: ReceiptPayment,
    /// Where it ships.
    #[serde(default)]
    pub shipping_address: Option<shared_types::commerce::Address>,
    /// The shopper's note.
    #[serde(default)]
    pub note: String,
}

/// The payment state a thank-you page states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ReceiptPayment {
    /// Paid.
    Paid,
    /// Waiting for the payment gateway.
    Pending,
    /// A test order: no payment was taken.
    Test,
}

/// Everything a render needs.
#[derive(Debug)]
pub struct View<'a> {
    pub shop: &'a Shop,
    pub config: &'a Value,
    pub catalog: &'a Catalog,
    pub family: Family,
    pub preview: bool,
    /// The year the page is rendered in (the store's footer copyright); the caller reads the
    /// clock, the renderer does not. `0` leaves the year out.
    pub year: i32,
}
