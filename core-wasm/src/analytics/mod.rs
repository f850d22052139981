//! Analytics math (editor-and-analytics.md §2.1, §4, §9): date ranges in the store's zone,
//! chart buckets, metrics and percent changes, axis labels, countries, order-table paging.

#[cfg(feature = "tz")]
mod buckets;
pub mod countries;
mod metrics;
mod paging;
#[cfg(feature = "tz")]
mod ranges;

#[cfg(feature = "tz")]
pub use buckets::{bucket_index, buckets};
pub use countries::{countries, country_name};
pub use metrics::{aov, axis_label, changes, chart_value, conversion_rate, funnel, percent_change};
pub use paging::page_after;
#[cfg(feature = "tz")]
pub use ranges::{AnalyticsError, previous, range, today, yesterday};
