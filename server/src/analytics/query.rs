//! The Overview's figures for a set of stores and a range of local days: the funnel, sales and
//! orders per chart bucket, and sessions per country, read from the hourly rollups when every
//! bucket edge is a whole UTC hour (every zone with a whole-hour offset), else from the first
//! events and the orders themselves (zones such as Asia/Kolkata). Both paths give the same
//! numbers; the tests and the benchmark hold them to it. Everything shown is made by the core.

use std::collections::BTreeMap;

use core_wasm::analytics;
use core_wasm::formats::Currency;
use core_wasm::money::stored;
use shared_types::{
    AovResult, Buckets, DateRange, LiveRow, LiveView, LocationRow, OrdersResult, Overview,
    OverviewPeriod, SalesResult, SeriesDetails,
};
use sqlx::AnyPool;

pub use super::figures::Figures;
use super::index::Rollups;
use crate::db::overview;
pub use crate::db::overview::TestOrders;
use crate::db::rollups::{HOUR_MS, TEST_CONVERSION_KIND};
use crate::error::ApiError;

/// Where the figures are read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The hourly rollups through this process's in-memory running totals of them
    /// ([`super::index`]; needs whole-hour bucket edges).
    Index,
    /// The hourly rollups, summed by SQL (needs whole-hour bucket edges).
    Rollup,
    /// The first events and the orders, row by row.
    Raw,
}

/// A range the request named, or the core's message why not.
pub fn range(from: &str, to: &str, zone: &str, now: i64) -> Result<DateRange, ApiError> {
    analytics::range(from, to, zone, now).map_err(|e| ApiError::Invalid(vec![message(&e)]))
}

fn message(error: &analytics::AnalyticsError) -> String {
    let text = error.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => text,
    }
}

/// The chart buckets of a range.
pub fn buckets(range: &DateRange) -> Result<Buckets, ApiError> {
    analytics::buckets(range).map_err(|e| ApiError::Invalid(vec![message(&e)]))
}

/// Whether the rollups can answer: every bucket edge on a whole UTC hour.
pub fn rollups_fit(buckets: &Buckets) -> bool {
    buckets
        .starts
        .iter()
        .chain(std::iter::once(&buckets.end_ms))
        .all(|edge| edge.rem_euclid(HOUR_MS) == 0)
}

/// Whether `figures` reads the sessions per country: only the Overview and the locations
/// report show them, and on a long range they cost more than the rest together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Countries {
    Read,
    Skip,
}

fn index(bucket: i64, len: usize) -> Option<usize> {
    usize::try_from(bucket).ok().filter(|i| *i < len)
}

fn count(value: i64) -> u64 {
    u64::try_from(value).unwrap_or(0)
}

/// The figures of `stores` over `range` (bucketed by `buckets`), from `source` (the rollups'
/// in-memory index when they fit, when `None`), with or without test orders.
pub async fn figures<'a>(
    db: &AnyPool,
    rollups: impl Into<Rollups<'a>>,
    stores: &[String],
    buckets: &Buckets,
    source: Option<Source>,
    countries: Countries,
    tests: TestOrders,
) -> Result<Figures, sqlx::Error> {
    let mut figures = Figures::empty(buckets.starts.len());
    let (Some(&start), end) = (buckets.starts.first(), buckets.end_ms) else {
        return Ok(figures);
    };
    if stores.is_empty() {
        return Ok(figures);
    }
    let source = source.unwrap_or(if rollups_fit(buckets) {
        Source::Index
    } else {
        Source::Raw
    });
    let len = buckets.starts.len();
    match source {
        Source::Index => {
            return rollups
                .into()
                .figures(
                    db,
                    stores,
                    &buckets.starts,
                    end,
                    countries == Countries::Read,
                    tests,
                )
                .await;
        }
        Source::Rollup => {
            for (bucket, v, vc, atc, rc, sc, sales, orders) in
                overview::rollup_sums(db, stores, buckets, tests).await?
            {
                if let Some(i) = index(bucket, len) {
                    figures.funnel[i] = [count(v), count(vc), count(atc), count(rc), count(sc)];
                    figures.sales_minor[i] = sales;
                    figures.orders[i] = count(orders);
                }
            }
            if countries == Countries::Read {
                figures.countries = overview::rollup_countries(db, stores, start, end)
                    .await?
                    .into_iter()
                    .filter(|(_, sessions)| *sessions > 0)
                    .map(|(country, sessions)| (country, count(sessions)))
                    .collect();
            }
        }
        Source::Raw => {
            for (bucket, kind, sessions) in overview::firsts_by_bucket(db, stores, buckets).await? {
                // Test conversions join the converted step only when test orders are asked for.
                let step = if kind == TEST_CONVERSION_KIND {
                    (tests == TestOrders::Include).then_some(4)
                } else {
                    usize::try_from(kind - 1).ok().filter(|k| *k < 5)
                };
                if let (Some(i), Some(step)) = (index(bucket, len), step) {
                    figures.funnel[i][step] += count(sessions);
                }
            }
            // The sales ledger (rollups::ledger_sql): captured orders at their capture, less
            // refunds at their date; an order counts while it is not fully refunded.
            for (bucket, sales, orders) in
                overview::sales_by_bucket(db, stores, buckets, tests).await?
            {
                if let Some(i) = index(bucket, len) {
                    figures.sales_minor[i] = sales;
                    figures.orders[i] = count(orders);
                }
            }
            for (bucket, refunded) in
                overview::refunds_by_bucket(db, stores, buckets, tests).await?
            {
                if let Some(i) = index(bucket, len) {
                    figures.sales_minor[i] -= refunded;
                }
            }
            if countries == Countries::Skip {
                return Ok(figures);
            }
            figures.countries = overview::first_countries(db, stores, start, end)
                .await?
                .into_iter()
                .map(|(country, sessions)| (country, count(sessions)))
                .collect();
        }
    }
    Ok(figures)
}

/// One period as the Overview shows it, every number made by the core, amounts in `currency`.
pub fn period(
    range: DateRange,
    buckets: &Buckets,
    figures: &Figures,
    currency: Currency,
) -> OverviewPeriod {
    let funnel = figures.funnel_total();
    let total_sales = stored(figures.sales_total_minor(), currency);
    let total_orders = figures.orders_total();
    let mut locations: Vec<LocationRow> = figures
        .countries
        .iter()
        .map(|(key, sessions)| LocationRow {
            key: key.clone(),
            session_count: shared_types::CountValue { value: *sessions },
        })
        .collect();
    locations.sort_by(|a, b| {
        b.session_count
            .value
            .cmp(&a.session_count.value)
            .then_with(|| a.key.cmp(&b.key))
    });
    OverviewPeriod {
        range,
        conversion: analytics::funnel(funnel),
        sales: SalesResult {
            total_sales,
            details: SeriesDetails {
                labels: buckets.starts.clone(),
                dataset: figures
                    .sales_minor
                    .iter()
                    .map(|minor| analytics::chart_value(stored(*minor, currency).approximate()))
                    .collect(),
            },
        },
        orders: OrdersResult { total_orders },
        aov: AovResult {
            aov: analytics::aov(total_sales, total_orders, currency),
        },
        conversion_rate: analytics::conversion_rate(funnel[4], funnel[0]),
        locations,
    }
}

/// The whole Overview: `range` and the period of the same length before it, amounts in
/// `currency` (the store's whose admin asks).
pub async fn overview<'a>(
    db: &AnyPool,
    index: impl Into<Rollups<'a>>,
    stores: &[String],
    range: DateRange,
    now: i64,
    tests: TestOrders,
    currency: Currency,
) -> Result<Overview, ApiError> {
    let before =
        analytics::previous(&range, now).map_err(|e| ApiError::Invalid(vec![message(&e)]))?;
    let current_buckets = buckets(&range)?;
    let previous_buckets = buckets(&before)?;
    let index = index.into();
    let current_figures = figures(
        db,
        index,
        stores,
        &current_buckets,
        None,
        Countries::Read,
        tests,
    )
    .await?;
    let previous_figures = figures(
        db,
        index,
        stores,
        &previous_buckets,
        None,
        Countries::Read,
        tests,
    )
    .await?;
    let today_mode = range.today_mode;
    let current = period(range, &current_buckets, &current_figures, currency);
    let previous = period(before, &previous_buckets, &previous_figures, currency);
    Ok(Overview {
        changes: analytics::changes(&current, &previous, today_mode),
        period_changes: analytics::changes(&current, &previous, true),
        current,
        previous,
        stores: stores.to_vec(),
    })
}

/// The live view's window: sessions with an event in the last five minutes.
pub const LIVE_WINDOW_MS: i64 = 5 * 60_000;

/// Sessions active in the last five minutes, by the page each is on now and by country.
pub async fn live(db: &AnyPool, stores: &[String], now: i64) -> Result<LiveView, sqlx::Error> {
    let since = now - LIVE_WINDOW_MS;
    let mut latest: BTreeMap<(String, String), (i64, String, String)> = BTreeMap::new();
    for (store, session, at, page, country) in
        overview::live_events(db, stores, since, now + 60_000).await?
    {
        let entry = latest
            .entry((store, session))
            .or_insert((at, page.clone(), country.clone()));
        if at >= entry.0 {
            *entry = (at, page, country);
        }
    }
    let mut pages: BTreeMap<String, u64> = BTreeMap::new();
    let mut countries: BTreeMap<String, u64> = BTreeMap::new();
    for (_, page, country) in latest.values() {
        *pages.entry(page.clone()).or_default() += 1;
        *countries.entry(country.clone()).or_default() += 1;
    }
    let rows = |map: BTreeMap<String, u64>| {
        let mut rows: Vec<LiveRow> = map
            .into_iter()
            .map(|(key, sessions)| LiveRow { key, sessions })
            .collect();
        rows.sort_by(|a, b| b.sessions.cmp(&a.sessions).then_with(|| a.key.cmp(&b.key)));
        rows
    };
    Ok(LiveView {
        active_sessions: latest.len() as u64,
        pages: rows(pages),
        countries: rows(countries),
        since,
    })
}
