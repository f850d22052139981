//! The store's smaller records and settings that the spec names by route only (shell.md §2):
//! size charts, product option sets, reviews, catalogs and their feeds, cache purges and bulk
//! updates (lists of records), and the apps, Boost UpSell, sales channels, Telegram and custom
//! store settings (one value per store). Every record travels in the same envelope.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::Money;

/// A stored record: its id, what the merchant entered, and when.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StoreRecord<T> {
    pub id: String,
    pub data: T,
    #[ts(type = "number")]
    pub created_at: i64,
    #[ts(type = "number")]
    pub updated_at: i64,
}

/// A page of records, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RecordList<T> {
    pub records: Vec<StoreRecord<T>>,
    #[ts(type = "number")]
    pub total: i64,
}

dto! {
    /// A size chart shown on product pages: a table of measurements for the products of some
    /// collections (all products when none).
    pub struct SizeChart {
        pub name: String,
        /// `cm` or `in`.
        pub unit: String,
        /// The header row, e.g. `["Size", "Chest", "Length"]`.
        pub columns: Vec<String>,
        /// One row per size, as many cells as columns.
        pub rows: Vec<Vec<String>>,
        #[serde(default)]
        pub collection_ids: Vec<String>,
    }

    /// A reusable product option (size, colour...) with its values and how the storefront
    /// shows it.
    pub struct OptionSet {
        pub name: String,
        /// `buttons`, `dropdown` or `swatches`.
        pub display: String,
        pub values: Vec<String>,
    }

    /// A product review, imported or left by a shopper; only published ones are shown.
    pub struct Review {
        pub product_id: String,
        pub author: String,
        /// 1 to 5 stars.
        pub rating: u8,
        #[serde(default)]
        pub title: String,
        #[serde(default)]
        pub body: String,
        pub published: bool,
    }

    /// A selection of products offered on a sales channel: all active products, or those of
    /// one collection.
    pub struct Catalog {
        pub name: String,
        /// A sales channel key (the core's list).
        pub channel: String,
        #[serde(default)]
        #[ts(optional)]
        pub collection_id: Option<String>,
    }

    /// A product feed: a catalog published at a public address in CSV or XML, for shopping
    /// channels to fetch. Its address is `/api/public/feeds/{id}` (the id is random).
    pub struct ProductFeed {
        pub name: String,
        pub catalog_id: String,
        /// `csv` or `xml`.
        pub format: String,
    }

    /// Storefront addresses whose cached copies are to be dropped.
    pub struct CachePurge {
        pub urls: Vec<String>,
        /// Set by the server: how many addresses were purged.
        #[serde(default)]
        #[ts(optional)]
        pub purged: Option<u32>,
    }

    /// A change applied to many products at once, kept as a record of what was done.
    pub struct BulkUpdate {
        /// Only the products of this collection; all products when absent.
        #[serde(default)]
        #[ts(optional)]
        pub collection_id: Option<String>,
        /// `price`, `compareAtPrice` or `status`.
        pub field: String,
        /// For prices: `set`, `increasePercent` or `decreasePercent`; for status: `set`.
        pub operation: String,
        /// The amount or percent (prices).
        #[serde(default)]
        pub amount: Money,
        /// The status to set (`active`, `draft` or `archived`).
        #[serde(default)]
        #[ts(optional)]
        pub status: Option<String>,
        /// Set by the server: how many products changed.
        #[serde(default)]
        #[ts(optional)]
        pub affected: Option<u32>,
    }

    /// Which built-in apps are on.
    pub struct AppSwitches {
        pub enabled: Vec<String>,
    }

    /// Boost UpSell: offers of more products in the cart or on product pages.
    pub struct UpsellSettings {
        pub enabled: bool,
        pub heading: String,
        /// `cart`, `product` or `checkout`.
        pub placement: String,
        /// 0 to 90 percent off the offered products.
        pub discount_percent: u32,
        /// The collection the offers come from.
        #[serde(default)]
        #[ts(optional)]
        pub collection_id: Option<String>,
        /// 1 to 8 products offered.
        pub max_offers: u32,
    }

    /// Which sales channels are on (the online store always is).
    pub struct SalesChannels {
        pub enabled: Vec<String>,
    }

    /// Telegram notifications: the chat that receives them and which events are sent.
    pub struct TelegramSettings {
        pub enabled: bool,
        /// A numeric chat id (groups are negative) or an `@channel` name.
        pub chat_id: String,
        pub notify_orders: bool,
        pub notify_payouts: bool,
    }

    /// What shipping costs the shopper: zones of countries and regions, each with its rates. An
    /// address is served by the zone that names its region, else the one that names its
    /// country, else the rest-of-world zone; with none, the checkout refuses the country.
    #[derive(Default)]
    pub struct ShippingSettings {
        pub zones: Vec<ShippingZone>,
    }

    /// A group of places with the same shipping rates.
    pub struct ShippingZone {
        /// The merchant's name for it ("Domestic", "Europe").
        pub name: String,
        /// Country codes (`DE`) and regions as country-region (`US-CA`); empty in the
        /// rest-of-world zone.
        #[serde(default)]
        pub places: Vec<String>,
        /// Serves every address no other zone names (at most one zone).
        #[serde(default)]
        pub rest_of_world: bool,
        /// The choices a shopper in the zone has, those whose condition the order meets.
        pub rates: Vec<ShippingRate>,
        /// Every rate of the zone is free from this subtotal; absent: never free.
        #[serde(default)]
        #[ts(optional)]
        pub free_shipping_over: Option<Money>,
    }

    /// A shipping choice and when it is offered.
    pub struct ShippingRate {
        /// What the shopper chooses ("Standard", "Express"), unique in its zone.
        pub name: String,
        pub price: Money,
        /// Offered for every order (`flat`), by the order's subtotal (`value`) or by its weight
        /// (`weight`), between `min` and `max` included where set.
        #[serde(default)]
        pub condition: RateCondition,
        /// The lowest subtotal of a `value` rate.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        pub min_subtotal: Option<Money>,
        /// The highest subtotal of a `value` rate.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        pub max_subtotal: Option<Money>,
        /// The lowest weight of a `weight` rate, in grams.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional, type = "number")]
        pub min_grams: Option<i64>,
        /// The highest weight of a `weight` rate, in grams.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional, type = "number")]
        pub max_grams: Option<i64>,
    }

    /// The e-mails the store sends about its orders: the language its shoppers read them in,
    /// and which of the optional ones go out. The order confirmation always does: it is the
    /// shopper's receipt.
    pub struct EmailSettings {
        pub language: StoreLanguage,
        /// A notice to the shopper when money is refunded.
        pub refund_notice: bool,
        /// A notice to the shopper when the order is cancelled.
        pub cancellation_notice: bool,
        /// An alert of each new order to the owner and to staff who hold `orders` and ask for it.
        pub new_order_alert: bool,
    }

    /// An order e-mail as it is sent: its subject and its text and HTML parts.
    pub struct MailPreview {
        pub subject: String,
        pub text: String,
        pub html: String,
        /// The order it was made from; absent when the store has no order yet and a sample
        /// order stands in.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        pub order_name: Option<String>,
    }

    /// Whether the signed-in member gets an e-mail of each new order of the store. A change
    /// sends `on` only; the server answers the rest.
    pub struct OrderAlerts {
        pub on: bool,
        /// The member is the owner, who always gets it (`on` is then true).
        #[serde(default)]
        pub owner: bool,
        /// The store sends new-order alerts at all (Preferences → E-mails).
        #[serde(default)]
        pub store_sends: bool,
    }

    /// The custom store's settings: visibility behind a password, search-engine texts and
    /// the announcement line.
    pub struct StorefrontSettings {
        pub password_protected: bool,
        #[serde(default)]
        pub password: String,
        #[serde(default)]
        pub seo_title: String,
        #[serde(default)]
        pub seo_description: String,
        #[serde(default)]
        pub announcement: String,
    }

    /// A built-in app or a sales channel as the screens list it.
    pub struct CatalogEntry {
        pub key: String,
        pub name: String,
        pub description: String,
        /// The route its settings open at, when it has a screen of its own.
        #[serde(default)]
        #[ts(optional)]
        pub route: Option<String>,
        /// Cannot be switched off (the online store channel).
        pub always_on: bool,
    }

    /// A change of one variant's stock.
    pub struct StockChange {
        pub product_id: String,
        pub variant_id: String,
        #[ts(type = "number")]
        pub stock: i64,
    }

    /// `PUT /stores/inventory`: stock changes applied together or not at all.
    pub struct StockChanges {
        pub changes: Vec<StockChange>,
    }

    /// One product's row of the bulk editor; absent fields stay as they are.
    pub struct ProductPatch {
        pub id: String,
        #[serde(default)]
        #[ts(optional)]
        pub title: Option<String>,
        #[serde(default)]
        #[ts(optional)]
        pub price: Option<Money>,
        #[serde(default)]
        #[ts(optional)]
        pub compare_at_price: Option<Money>,
        #[serde(default)]
        #[ts(optional)]
        pub status: Option<String>,
    }

    /// `PUT /stores/products/bulk`: product changes applied together or not at all.
    pub struct ProductPatches {
        pub products: Vec<ProductPatch>,
    }

    /// How many records a batch call changed.
    pub struct Changed {
        pub changed: u32,
    }
}

/// The built-in apps, the sales channels, and the choices and limits of the records' forms.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RecordChoices {
    pub apps: Vec<CatalogEntry>,
    pub sales_channels: Vec<CatalogEntry>,
    pub size_units: Vec<String>,
    pub option_displays: Vec<String>,
    pub feed_formats: Vec<String>,
    pub bulk_fields: Vec<String>,
    pub price_operations: Vec<String>,
    pub upsell_placements: Vec<String>,
    pub size_chart_columns_max: usize,
    pub size_chart_rows_max: usize,
    #[ts(type = "number")]
    pub stock_max: i64,
    pub batch_max: usize,
}

/// When a shipping rate is offered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum RateCondition {
    /// Always.
    #[default]
    Flat,
    /// When the order's subtotal is within the rate's bounds.
    Value,
    /// When the order's weight is within the rate's bounds.
    Weight,
}

/// The language a store writes to its shoppers in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum StoreLanguage {
    #[default]
    En,
    Vi,
}

/// One of the e-mails an order sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum OrderMailKind {
    /// To the shopper, when the order is placed.
    Confirmation,
    /// To the shopper, when money is refunded.
    Refund,
    /// To the shopper, when the order is cancelled.
    Cancellation,
    /// To the owner and the staff who asked, when the order is placed.
    NewOrder,
}
