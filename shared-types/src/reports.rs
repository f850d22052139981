//! Bodies of the report screens of the analytics family (shell.md §2): sales reports, estimated
//! profit with the merchant's unit costs, UTM attribution and the shared tracking pixel. Money on
//! the wire is a decimal number rounded to 2 places; the server and the core keep minor units.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{DateRange, Money};

/// How the sales report groups paid orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum SalesGroup {
    /// Local days of the range, in the store's zone.
    Day,
    /// Each product (line items; discounts and shipping shared out by line value).
    Product,
    /// The order's country (`""` when unknown).
    Country,
    /// The order's payment method (`""` when unknown).
    Payment,
}

/// One line of a sales report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SalesRow {
    /// What the row is: a `YYYY-MM-DD` day, a product id, a country code or a payment name;
    /// `""` for orders without one.
    pub key: String,
    /// The row's name for people (a product's title, a country's name).
    pub label: String,
    /// Paid orders in the row (an order with two products counts in both products' rows).
    #[ts(type = "number")]
    pub orders: u64,
    /// Line items before discounts, without their tax (prices that included it count less it).
    pub gross_sales: Money,
    pub discounts: Money,
    /// Money given back for items on the row's orders, on the day it was given back (a refund's
    /// shipping comes off `shipping`, its tax off `taxes`).
    pub returns: Money,
    /// Shipping charged, without its tax.
    pub shipping: Money,
    /// Tax charged, less tax given back.
    #[serde(default)]
    pub taxes: Money,
    /// Gross sales less discounts and returns.
    pub net_sales: Money,
    /// Net sales plus shipping and taxes: what shoppers paid (the Overview's total sales).
    pub total_sales: Money,
}

/// `GET /stores/reports/sales`: the rows of one grouping and the totals of the range.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SalesReport {
    pub range: DateRange,
    pub group: SalesGroup,
    pub currency: String,
    pub rows: Vec<SalesRow>,
    /// Every paid order of the range once.
    pub totals: SalesRow,
}

/// One day of the estimated profit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ProfitRow {
    /// A `YYYY-MM-DD` day, or `""` for the totals.
    pub key: String,
    #[ts(type = "number")]
    pub orders: u64,
    /// What shoppers paid: net sales plus shipping charged.
    pub sales: Money,
    /// Cost of the units whose cost is known.
    pub cost_of_goods: Money,
    pub payment_fees: Money,
    pub shipping_costs: Money,
    /// Sales less costs, fees and shipping over the lines whose cost is known.
    pub profit: Money,
    /// Units sold with no unit cost entered: left out of `profit`, never counted as free.
    #[ts(type = "number")]
    pub unknown_cost_units: u64,
    /// The sales of those units.
    pub unknown_cost_sales: Money,
}

/// One product (or variant) of the estimated profit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ProfitProduct {
    pub product_id: String,
    /// `""` for a product sold without a variant.
    pub variant_id: String,
    pub title: String,
    #[ts(type = "number")]
    pub units: u64,
    pub sales: Money,
    /// `null` when no unit cost is entered.
    #[ts(optional)]
    pub unit_cost: Option<Money>,
    #[ts(optional)]
    pub cost_of_goods: Option<Money>,
    pub payment_fees: Money,
    pub shipping_costs: Money,
    /// `null` when the cost is unknown.
    #[ts(optional)]
    pub profit: Option<Money>,
}

/// `GET /stores/reports/profit`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ProfitReport {
    pub range: DateRange,
    pub currency: String,
    pub days: Vec<ProfitRow>,
    /// Most sales first.
    pub products: Vec<ProfitProduct>,
    pub totals: ProfitRow,
}

/// A product or variant with the unit cost the merchant entered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ProductCost {
    pub product_id: String,
    /// `""` for the product itself (lines sold without a variant, and any variant without a
    /// cost of its own).
    pub variant_id: String,
    pub title: String,
    /// The selling price.
    pub price: Money,
    #[ts(optional)]
    pub unit_cost: Option<Money>,
}

/// `PUT /stores/reports/costs`: a unit cost, or `null` to remove it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ProductCostInput {
    pub product_id: String,
    #[serde(default)]
    pub variant_id: String,
    /// 0 to 1,000,000 with at most the decimals of the store's currency; `null` removes the cost.
    #[ts(optional)]
    pub unit_cost: Option<Money>,
}

/// How the UTM report groups sessions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum UtmGroup {
    Source,
    Medium,
    Campaign,
}

/// The UTM values of a landing page (empty when absent).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UtmValues {
    pub source: String,
    pub medium: String,
    pub campaign: String,
}

/// One line of the UTM report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UtmRow {
    /// The utm value; `""` for sessions whose landing page had none.
    pub key: String,
    #[ts(type = "number")]
    pub sessions: u64,
    /// Sessions that completed checkout.
    #[ts(type = "number")]
    pub conversions: u64,
    /// conversions / sessions x 100, 2 decimals.
    pub conversion_rate: f64,
    /// Paid orders named by those sessions' checkout completions.
    #[ts(type = "number")]
    pub orders: u64,
    pub revenue: Money,
}

/// `GET /stores/reports/utm`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UtmReport {
    pub range: DateRange,
    pub group: UtmGroup,
    pub currency: String,
    /// Most sessions first.
    pub rows: Vec<UtmRow>,
    pub totals: UtmRow,
}

/// What the UTM link builder composes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UtmLinkInput {
    /// The store's address, `https://host` or `https://host/s/subdomain`.
    pub base: String,
    /// A path on the store, starting with `/` (empty for the home page).
    pub path: String,
    pub source: String,
    pub medium: String,
    pub campaign: String,
    #[serde(default)]
    pub term: String,
    #[serde(default)]
    pub content: String,
}

/// The store's tracking pixels; `null` where none is set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct PixelIds {
    /// A Meta (Facebook) pixel: 15 or 16 digits.
    #[serde(default)]
    #[ts(optional)]
    pub facebook: Option<String>,
    /// A TikTok pixel code: 20 capital letters and digits.
    #[serde(default)]
    #[ts(optional)]
    pub tiktok: Option<String>,
    /// A Google tag: `G-` and 6 to 12 capital letters or digits, or `AW-` and 9 to 11 digits.
    #[serde(default)]
    #[ts(optional)]
    pub google: Option<String>,
}

/// A store of the same owner that the pixel is, or may be, shared with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PixelStore {
    pub store_id: String,
    pub name: String,
    pub subdomain: String,
}

/// `GET /stores/reports/pixel`: the pixels, the stores they are shared with and the other
/// stores the user owns that they could be shared with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PixelSettings {
    pub pixels: PixelIds,
    pub shared_with: Vec<PixelStore>,
    pub candidates: Vec<PixelStore>,
}

/// `POST /stores/reports/pixel/shares`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct PixelShareInput {
    pub store_id: String,
}

/// A report rule's refusal (a UTM link, a pixel id, a unit cost): a stable code the UI
/// translates and the English message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReportProblem {
    pub code: String,
    pub message: String,
}

/// The UTM link builder's verdict: the composed link, or `null` with every problem of what
/// was typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UtmLinkVerdict {
    pub link: Option<String>,
    pub problems: Vec<ReportProblem>,
}
