//! The Overview's figures for a set of stores and a range of local days: the funnel, sales and
//! orders per chart bucket, and sessions per country, read from the hourly rollups when every
//! bucket edge is a whole UTC hour (every zone with a whole-hour offset), else from the first
//! events and the orders themselves (zones such as Asia/Kolkata). Both paths give the same
//! numbers; the tests and the benchmark hold them to it. Everything shown is made by the core.

use std::collections::BTreeMap;

use core_wasm::analytics;
use core_wasm::numbers::round_to;
use core_wasm::payouts::to_major;
use shared_types::catalog::Order;
use shared_types::{
    AovResult, Buckets, DateRange, LiveRow, LiveView, LocationRow, OrdersResult, Overview,
    OverviewPeriod, SalesResult, SeriesDetails,
};
use sqlx::AnyPool;

use super::index::Rollups;
use super::{DAY_MS, HOUR_MS, placeholders};
use crate::db::orders::{ORDER_COLUMNS, OrderRow, order};
use crate::error::ApiError;

/// Whether the figures count test orders (issue 24): the Overview leaves them out unless its
/// filter asks for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TestOrders {
    #[default]
    Exclude,
    Include,
}

impl TestOrders {
    /// The condition on `orders` rows (none when test orders count).
    fn condition(self) -> &'static str {
        match self {
            TestOrders::Exclude => " AND is_test = 0",
            TestOrders::Include => "",
        }
    }
}

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

/// One period's figures, per chart bucket.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figures {
    /// Visitors, view content, added to cart, reached checkout, converted: per bucket.
    pub funnel: Vec<[u64; 5]>,
    pub sales_minor: Vec<i64>,
    pub orders: Vec<u64>,
    /// Sessions started per country code ("" when unknown).
    pub countries: BTreeMap<String, u64>,
}

impl Figures {
    pub(crate) fn empty(buckets: usize) -> Figures {
        Figures {
            funnel: vec![[0; 5]; buckets],
            sales_minor: vec![0; buckets],
            orders: vec![0; buckets],
            countries: BTreeMap::new(),
        }
    }

    /// The funnel over the whole period.
    pub fn funnel_total(&self) -> [u64; 5] {
        let mut total = [0; 5];
        for bucket in &self.funnel {
            for (sum, value) in total.iter_mut().zip(bucket) {
                *sum += value;
            }
        }
        total
    }

    pub fn sales_total_minor(&self) -> i64 {
        self.sales_minor.iter().sum()
    }

    pub fn orders_total(&self) -> u64 {
        self.orders.iter().sum()
    }
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

/// `CAST(CASE ... END AS BIGINT)`: the bucket of a row, as a balanced tree of comparisons, so a
/// month of daily buckets costs five comparisons a row rather than thirty.
fn bucket_of(column: &str, buckets: &Buckets) -> String {
    fn tree(column: &str, starts: &[i64], low: usize, high: usize) -> String {
        // Buckets low..=high; the row is known to be at or after starts[low].
        if low == high {
            return low.to_string();
        }
        let middle = (low + high).div_ceil(2);
        format!(
            "CASE WHEN {column} >= {} THEN {} ELSE {} END",
            starts[middle],
            tree(column, starts, middle, high),
            tree(column, starts, low, middle - 1)
        )
    }
    if buckets.starts.is_empty() {
        return "CAST(0 AS BIGINT)".to_owned();
    }
    format!(
        "CAST({} AS BIGINT)",
        tree(column, &buckets.starts, 0, buckets.starts.len() - 1)
    )
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
    let n = stores.len();
    let in_stores = placeholders(1, n);
    let (from, to) = (format!("${}", n + 1), format!("${}", n + 2));
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
            let (converted, sales, orders) = match tests {
                TestOrders::Exclude => ("session_converted", "sales_minor", "orders"),
                TestOrders::Include => (
                    "session_converted + test_session_converted",
                    "sales_minor + test_sales_minor",
                    "orders + test_orders",
                ),
            };
            let sql = format!(
                "SELECT {} AS bucket, CAST(SUM(vistors) AS BIGINT), CAST(SUM(view_content) AS BIGINT), \
                 CAST(SUM(add_to_cart) AS BIGINT), CAST(SUM(reached_checkout) AS BIGINT), \
                 CAST(SUM({converted}) AS BIGINT), CAST(SUM({sales}) AS BIGINT), \
                 CAST(SUM({orders}) AS BIGINT) FROM analytics_hourly \
                 WHERE store_id IN {in_stores} AND hour_start >= {from} AND hour_start < {to} GROUP BY bucket",
                bucket_of("hour_start", buckets)
            );
            let mut query = sqlx::query_as::<_, (i64, i64, i64, i64, i64, i64, i64, i64)>(
                sqlx::AssertSqlSafe(sql),
            );
            for store in stores {
                query = query.bind(store.as_str());
            }
            for (bucket, v, vc, atc, rc, sc, sales, orders) in
                query.bind(start).bind(end).fetch_all(db).await?
            {
                if let Some(i) = index(bucket, len) {
                    figures.funnel[i] = [count(v), count(vc), count(atc), count(rc), count(sc)];
                    figures.sales_minor[i] = sales;
                    figures.orders[i] = count(orders);
                }
            }
            if countries == Countries::Read {
                figures.countries = rollup_countries(db, stores, start, end).await?;
            }
        }
        Source::Raw => {
            let sql = format!(
                "SELECT {} AS bucket, kind, COUNT(*) FROM analytics_firsts \
                 WHERE store_id IN {in_stores} AND occurred_at >= {from} AND occurred_at < {to} \
                 GROUP BY bucket, kind",
                bucket_of("occurred_at", buckets)
            );
            let mut query = sqlx::query_as::<_, (i64, i64, i64)>(sqlx::AssertSqlSafe(sql));
            for store in stores {
                query = query.bind(store.as_str());
            }
            for (bucket, kind, sessions) in query.bind(start).bind(end).fetch_all(db).await? {
                // Test conversions join the converted step only when test orders are asked for.
                let step = if kind == super::TEST_CONVERSION_KIND {
                    (tests == TestOrders::Include).then_some(4)
                } else {
                    usize::try_from(kind - 1).ok().filter(|k| *k < 5)
                };
                if let (Some(i), Some(step)) = (index(bucket, len), step) {
                    figures.funnel[i][step] += count(sessions);
                }
            }
            // The sales ledger (rollup::ledger_sql): captured orders at their capture, less
            // refunds at their date; an order counts while it is not fully refunded.
            let sql = format!(
                "SELECT {} AS bucket, CAST(SUM(grand_total_minor) AS BIGINT), \
                 CAST(SUM(CASE WHEN financial_status = 'refunded' THEN 0 ELSE 1 END) AS BIGINT) FROM orders \
                 WHERE store_id IN {in_stores} AND financial_status IN {}{} \
                 AND captured_at >= {from} AND captured_at < {to} GROUP BY bucket",
                bucket_of("captured_at", buckets),
                super::rollup::CAPTURED,
                tests.condition()
            );
            let mut query = sqlx::query_as::<_, (i64, i64, i64)>(sqlx::AssertSqlSafe(sql));
            for store in stores {
                query = query.bind(store.as_str());
            }
            for (bucket, sales, orders) in query.bind(start).bind(end).fetch_all(db).await? {
                if let Some(i) = index(bucket, len) {
                    figures.sales_minor[i] = sales;
                    figures.orders[i] = count(orders);
                }
            }
            let sql = format!(
                "SELECT {} AS bucket, CAST(SUM(amount_minor) AS BIGINT) FROM order_refunds \
                 WHERE store_id IN {in_stores}{} AND created_at >= {from} AND created_at < {to} GROUP BY bucket",
                bucket_of("created_at", buckets),
                tests.condition()
            );
            let mut query = sqlx::query_as::<_, (i64, i64)>(sqlx::AssertSqlSafe(sql));
            for store in stores {
                query = query.bind(store.as_str());
            }
            for (bucket, refunded) in query.bind(start).bind(end).fetch_all(db).await? {
                if let Some(i) = index(bucket, len) {
                    figures.sales_minor[i] -= refunded;
                }
            }
            if countries == Countries::Skip {
                return Ok(figures);
            }
            let sql = format!(
                "SELECT country, COUNT(*) FROM analytics_firsts WHERE store_id IN {in_stores} \
                 AND kind = 1 AND occurred_at >= {from} AND occurred_at < {to} GROUP BY country"
            );
            let mut query = sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(sql));
            for store in stores {
                query = query.bind(store.as_str());
            }
            figures.countries = query
                .bind(start)
                .bind(end)
                .fetch_all(db)
                .await?
                .into_iter()
                .map(|(country, sessions)| (country, count(sessions)))
                .collect();
        }
    }
    Ok(figures)
}

/// Sessions per country from the rollups: whole UTC days from the daily table, the partial
/// days at either end from the hourly one.
async fn rollup_countries(
    db: &AnyPool,
    stores: &[String],
    start: i64,
    end: i64,
) -> Result<BTreeMap<String, u64>, sqlx::Error> {
    let first_day = start.div_euclid(DAY_MS) * DAY_MS
        + if start.rem_euclid(DAY_MS) == 0 {
            0
        } else {
            DAY_MS
        };
    let last_day = end.div_euclid(DAY_MS) * DAY_MS;
    // Days [first_day, last_day) whole; hours [start, first_day) and [last_day, end).
    let (days_from, days_to) = if first_day < last_day {
        (first_day, last_day)
    } else {
        (end, end)
    };
    let n = stores.len();
    let sql = format!(
        "SELECT country, CAST(SUM(sessions) AS BIGINT) FROM (\
         SELECT country, sessions FROM analytics_daily_countries WHERE store_id IN {} \
         AND day_start >= ${} AND day_start < ${} \
         UNION ALL SELECT country, sessions FROM analytics_hourly_countries WHERE store_id IN {} \
         AND hour_start >= ${} AND hour_start < ${} \
         UNION ALL SELECT country, sessions FROM analytics_hourly_countries WHERE store_id IN {} \
         AND hour_start >= ${} AND hour_start < ${}\
         ) AS counted GROUP BY country",
        placeholders(1, n),
        n + 1,
        n + 2,
        placeholders(n + 3, n),
        2 * n + 3,
        2 * n + 4,
        placeholders(2 * n + 5, n),
        3 * n + 5,
        3 * n + 6,
    );
    let mut query = sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(sql));
    for store in stores {
        query = query.bind(store.as_str());
    }
    query = query.bind(days_from).bind(days_to);
    for store in stores {
        query = query.bind(store.as_str());
    }
    let (head_end, tail_start) = if days_from < days_to {
        (days_from, days_to)
    } else {
        (end, end)
    };
    query = query.bind(start).bind(head_end);
    for store in stores {
        query = query.bind(store.as_str());
    }
    Ok(query
        .bind(tail_start)
        .bind(end)
        .fetch_all(db)
        .await?
        .into_iter()
        .filter(|(_, sessions)| *sessions > 0)
        .map(|(country, sessions)| (country, count(sessions)))
        .collect())
}

/// One period as the Overview shows it, every number made by the core.
pub fn period(range: DateRange, buckets: &Buckets, figures: &Figures) -> OverviewPeriod {
    let funnel = figures.funnel_total();
    let total_sales = round_to(to_major(figures.sales_total_minor()), 2);
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
                    .map(|minor| analytics::chart_value(to_major(*minor)))
                    .collect(),
            },
        },
        orders: OrdersResult { total_orders },
        aov: AovResult {
            aov: analytics::aov(total_sales, total_orders),
        },
        conversion_rate: analytics::conversion_rate(funnel[4], funnel[0]),
        locations,
    }
}

/// The whole Overview: `range` and the period of the same length before it.
pub async fn overview<'a>(
    db: &AnyPool,
    index: impl Into<Rollups<'a>>,
    stores: &[String],
    range: DateRange,
    now: i64,
    tests: TestOrders,
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
    let current = period(range, &current_buckets, &current_figures);
    let previous = period(before, &previous_buckets, &previous_figures);
    Ok(Overview {
        changes: analytics::changes(&current, &previous, today_mode),
        period_changes: analytics::changes(&current, &previous, true),
        current,
        previous,
        stores: stores.to_vec(),
    })
}

/// The statuses of an order the paid-orders table lists: the condition of the partial index
/// `orders_paid_by_capture` (migration 0023), which a query uses only when it names this very
/// term.
const LISTED: &str = "financial_status IN ('paid', 'partially_refunded')";

/// The query of [`paid_orders`] for `stores` stores: `$1` and `$2` the capture range, `$3` the
/// rows each store gives (offset and limit), `$4` the limit, `$5..` the stores, then the offset.
/// Each store gives at most the rows the page needs, read in order from
/// `orders_paid_by_capture` (no sort of the store's orders; a test holds the plan to it), and
/// only their ids and times: the page's own rows are then read whole by id, not the up to 50
/// stores x 10 rows that compete for them.
pub fn paid_orders_sql(stores: usize, tests: TestOrders) -> String {
    let parts: Vec<String> = (0..stores)
        .map(|i| {
            format!(
                "SELECT * FROM (SELECT id, captured_at FROM orders WHERE store_id = ${} \
                 AND {LISTED}{} AND captured_at >= $1 AND captured_at < $2 \
                 ORDER BY captured_at DESC, id DESC LIMIT $3) AS s{i}",
                i + 5,
                tests.condition()
            )
        })
        .collect();
    format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE id IN (SELECT id FROM ({}) AS listed \
         ORDER BY captured_at DESC, id DESC LIMIT $4 OFFSET ${}) ORDER BY captured_at DESC, id DESC",
        parts.join(" UNION ALL "),
        stores + 5
    )
}

/// A page of the paid orders captured in `[start, end)` in `stores` (test orders only with
/// `tests`), newest first.
pub async fn paid_orders(
    db: &AnyPool,
    stores: &[String],
    start: i64,
    end: i64,
    limit: u32,
    offset: i64,
    tests: TestOrders,
) -> Result<Vec<Order>, sqlx::Error> {
    if stores.is_empty() {
        return Ok(Vec::new());
    }
    let take = offset + i64::from(limit);
    let sql = paid_orders_sql(stores.len(), tests);
    let mut query = sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(sql))
        .bind(start)
        .bind(end)
        .bind(take)
        .bind(i64::from(limit));
    for store in stores {
        query = query.bind(store.as_str());
    }
    Ok(query
        .bind(offset)
        .fetch_all(db)
        .await?
        .into_iter()
        .map(|row| order(&row))
        .collect())
}

/// How many paid orders were captured in `[start, end)` in `stores`.
pub async fn paid_order_count(
    db: &AnyPool,
    stores: &[String],
    start: i64,
    end: i64,
    tests: TestOrders,
) -> Result<i64, sqlx::Error> {
    if stores.is_empty() {
        return Ok(0);
    }
    let sql = paid_order_count_sql(stores.len(), tests, crate::db::is_sqlite_pool(db));
    let mut query = sqlx::query_as::<_, (i64,)>(sqlx::AssertSqlSafe(sql));
    for store in stores {
        query = query.bind(store.as_str());
    }
    Ok(query.bind(start).bind(end).fetch_one(db).await?.0)
}

/// The query of [`paid_order_count`] for `stores` stores: `$1..` the stores, then the capture
/// range. It counts in `orders_paid_by_capture`, which holds `is_test`. SQLite's planner prefers
/// `orders_by_store_paid` (one fewer term to check) and then reads each order's row for
/// `is_test`: 79 ms for 50 stores' 30 days (32,000 orders) against 10 ms through the partial
/// index (BENCHMARKS.md), so SQLite is told which index to use; a test holds the plan to it.
pub fn paid_order_count_sql(stores: usize, tests: TestOrders, sqlite: bool) -> String {
    format!(
        "SELECT COUNT(*) FROM orders{} WHERE store_id IN {} AND {LISTED}{} \
         AND captured_at >= ${} AND captured_at < ${}",
        if sqlite {
            " INDEXED BY orders_paid_by_capture"
        } else {
            ""
        },
        placeholders(1, stores),
        tests.condition(),
        stores + 1,
        stores + 2
    )
}

/// The live view's window: sessions with an event in the last five minutes.
pub const LIVE_WINDOW_MS: i64 = 5 * 60_000;

/// Sessions active in the last five minutes, by the page each is on now and by country.
pub async fn live(db: &AnyPool, stores: &[String], now: i64) -> Result<LiveView, sqlx::Error> {
    let since = now - LIVE_WINDOW_MS;
    let mut latest: BTreeMap<(String, String), (i64, String, String)> = BTreeMap::new();
    if !stores.is_empty() {
        let sql = format!(
            "SELECT store_id, session_id, occurred_at, page, country FROM analytics_events \
             WHERE store_id IN {} AND occurred_at >= ${} AND occurred_at <= ${}",
            placeholders(1, stores.len()),
            stores.len() + 1,
            stores.len() + 2
        );
        let mut query =
            sqlx::query_as::<_, (String, String, i64, String, String)>(sqlx::AssertSqlSafe(sql));
        for store in stores {
            query = query.bind(store.as_str());
        }
        for (store, session, at, page, country) in
            query.bind(since).bind(now + 60_000).fetch_all(db).await?
        {
            let entry =
                latest
                    .entry((store, session))
                    .or_insert((at, page.clone(), country.clone()));
            if at >= entry.0 {
                *entry = (at, page, country);
            }
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
