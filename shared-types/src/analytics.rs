//! Analytics results and inputs (editor-and-analytics.md §2.1, §3.1, §4, §9). Field names are the
//! wire names of the spec, `vistors` included.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One step of the conversion funnel.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FunnelStep {
    #[ts(type = "number")]
    pub value: u64,
    /// Whether the step before it was tracked in the same sessions.
    pub is_tracked_previous_action: bool,
}

/// The conversion result: sessions at each step of the funnel.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
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
#[ts(export)]
pub struct SeriesDetails {
    #[ts(type = "Array<number>")]
    pub labels: Vec<i64>,
    pub dataset: Vec<f64>,
}

/// The sales result.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SalesResult {
    pub total_sales: f64,
    pub details: SeriesDetails,
}

/// The orders result.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct OrdersResult {
    #[ts(type = "number")]
    pub total_orders: u64,
}

/// The average-order-value result.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AovResult {
    pub aov: f64,
}

/// A count wrapper as the location rows carry it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CountValue {
    #[ts(type = "number")]
    pub value: u64,
}

/// One row of traffic by location: a country code and its sessions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LocationRow {
    pub key: String,
    pub session_count: CountValue,
}

/// A resolved date range: local dates in a zone and the instants that bound them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
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
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ChangeKind {
    Revenue,
    StatCard,
}

/// The order table's paging state (editor-and-analytics.md §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PagingState {
    pub page: u32,
    pub page_count: u32,
    pub loading: bool,
}

/// A paging request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum PagingAction {
    Next,
    Previous,
}

/// A country of the ISO 3166-1 list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Country {
    pub code: String,
    pub name: String,
}
