//! Analytics results and inputs (editor-and-analytics.md §2.1, §3.1, §4, §9). Field names are the
//! wire names of the spec, `vistors` included.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::Money;

/// One step of the conversion funnel.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct FunnelStep {
    #[ts(type = "number")]
    pub value: u64,
    /// Whether the step before it was tracked in the same sessions.
    pub is_tracked_previous_action: bool,
}

/// The conversion result: sessions at each step of the funnel.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct ConversionResult {
    pub vistors: FunnelStep,
    pub view_content: FunnelStep,
    pub add_to_cart: FunnelStep,
    pub reached_checkout: FunnelStep,
    pub session_converted: FunnelStep,
}

/// A chart series: bucket start times (ms) and one value per bucket.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct SeriesDetails {
    #[ts(type = "Array<number>")]
    pub labels: Vec<i64>,
    pub dataset: Vec<f64>,
}

/// The sales result.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct SalesResult {
    pub total_sales: Money,
    pub details: SeriesDetails,
}

/// The orders result.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct OrdersResult {
    #[ts(type = "number")]
    pub total_orders: u64,
}

/// The average-order-value result.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct AovResult {
    pub aov: Money,
}

/// A count wrapper as the location rows carry it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct CountValue {
    #[ts(type = "number")]
    pub value: u64,
}

/// One row of traffic by location: a country code and its sessions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct LocationRow {
    pub key: String,
    pub session_count: CountValue,
}

/// A resolved date range: local dates in a zone and the instants that bound them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DateRange {
    /// First local day, `YYYY-MM-DD`.
    pub from: String,
    /// Last local day (inclusive), `YYYY-MM-DD`.
    pub to: String,
    pub timezone: String,
    /// The instant the first day starts, ms since the epoch (inclusive).
    #[ts(type = "number")]
    pub start_ms: i64,
    /// The instant after the last day ends, ms since the epoch (exclusive).
    #[ts(type = "number")]
    pub end_ms: i64,
    /// Whether this is "today mode": one day, and it is today in the zone.
    pub today_mode: bool,
}

/// How a range is cut for the chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum BucketSize {
    /// Six 4-hour buckets of a single day.
    FourHours,
    /// One bucket per local day.
    Day,
}

/// The chart's buckets: each starts at `starts[i]` and ends where the next starts, the last at
/// `end_ms`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Buckets {
    pub size: BucketSize,
    #[ts(type = "Array<number>")]
    pub starts: Vec<i64>,
    #[ts(type = "number")]
    pub end_ms: i64,
}

/// Which figure a percent change is for: revenue gets 2 decimals, stat cards 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ChangeKind {
    Revenue,
    StatCard,
}

/// The order table's paging state (editor-and-analytics.md §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PagingState {
    pub page: u32,
    pub page_count: u32,
    pub loading: bool,
}

/// A paging request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum PagingAction {
    Next,
    Previous,
}

/// A country of the ISO 3166-1 list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct Country {
    pub code: String,
    pub name: String,
}

/// What a storefront reports (analytics pipeline): a page view starts or continues a session;
/// the others are the steps of the conversion funnel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum EventKind {
    PageView,
    ViewContent,
    AddToCart,
    ReachedCheckout,
    CheckoutCompleted,
}

impl EventKind {
    /// Every kind, in funnel order.
    pub const ALL: [EventKind; 5] = [
        EventKind::PageView,
        EventKind::ViewContent,
        EventKind::AddToCart,
        EventKind::ReachedCheckout,
        EventKind::CheckoutCompleted,
    ];

    /// The kind's number in storage (1 to 5, funnel order).
    pub fn code(self) -> i64 {
        match self {
            EventKind::PageView => 1,
            EventKind::ViewContent => 2,
            EventKind::AddToCart => 3,
            EventKind::ReachedCheckout => 4,
            EventKind::CheckoutCompleted => 5,
        }
    }

    /// The kind stored as `code`.
    pub fn from_code(code: i64) -> Option<EventKind> {
        EventKind::ALL.into_iter().find(|kind| kind.code() == code)
    }
}

/// One storefront event. A `country` field, if a client sends one, is ignored: the country is
/// taken from the connection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TrackedEvent {
    #[serde(rename = "type")]
    pub kind: EventKind,
    /// The browser session: 1 to 64 letters, digits, `-` or `_`.
    pub session_id: String,
    /// When it happened, ms since the epoch.
    #[ts(type = "number")]
    pub at: i64,
    /// The storefront path, e.g. `/products/linen-shirt`.
    #[serde(default)]
    pub page: String,
}

/// A batch of events from one storefront (at most 100).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EventBatch {
    /// The store's public key (its id).
    pub store_key: String,
    pub events: Vec<TrackedEvent>,
}

/// What became of a batch: events stored, and events dropped (bots, too old or in the future).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct IngestReceipt {
    pub accepted: u32,
    pub dropped: u32,
}

/// The percent change of each Overview figure against the previous period.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct OverviewChanges {
    pub vistors: f64,
    pub view_content: f64,
    pub add_to_cart: f64,
    pub reached_checkout: f64,
    pub total_sales: f64,
    pub total_orders: f64,
    pub aov: f64,
    pub conversion_rate: f64,
}

/// The figures of one period of the Overview page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct OverviewPeriod {
    pub range: DateRange,
    pub conversion: ConversionResult,
    pub sales: SalesResult,
    pub orders: OrdersResult,
    pub aov: AovResult,
    /// session_converted / vistors x 100.
    pub conversion_rate: f64,
    pub locations: Vec<LocationRow>,
}

/// The whole Overview page in one answer: the range, the period before it of the same length,
/// and the changes. `today_mode` changes are those against yesterday (the spec's cards);
/// `period_changes` always compare with the previous period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct Overview {
    pub current: OverviewPeriod,
    pub previous: OverviewPeriod,
    /// Changes shown on the cards: non-zero only in today mode (editor-and-analytics.md §4).
    pub changes: OverviewChanges,
    /// Changes against the previous period, whatever the range.
    pub period_changes: OverviewChanges,
    pub stores: Vec<String>,
}

/// A row of the live view: a page or a country and its active sessions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct LiveRow {
    pub key: String,
    #[ts(type = "number")]
    pub sessions: u64,
}

/// Sessions active in the last five minutes, by page and by country.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LiveView {
    #[ts(type = "number")]
    pub active_sessions: u64,
    pub pages: Vec<LiveRow>,
    pub countries: Vec<LiveRow>,
    /// The window's start, ms since the epoch.
    #[ts(type = "number")]
    pub since: i64,
}
