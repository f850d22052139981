//! The Overview's reads: the funnel, sales and orders per chart bucket from the hourly rollups
//! or from the first events and the orders themselves, the sessions per country from either,
//! the paid-orders table (a page and its count) and the live view's recent events. The reads of
//! figures give rows; `analytics::query` makes the figures of them.

use shared_types::Buckets;
use shared_types::catalog::Order;
use sqlx::AnyPool;

use super::orders::{ORDER_COLUMNS, OrderRow, order};
use super::placeholders;
use super::rollups::{CAPTURED, DAY_MS};

/// Whether the figures count test orders (issue 24): the Overview leaves them out unless its
/// filter asks for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TestOrders {
    /// Real orders only.
    #[default]
    Exclude,
    /// Real and test orders.
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

/// The span the buckets cover: the first bucket's start and the end.
fn span(buckets: &Buckets) -> (i64, i64) {
    let end = buckets.end_ms;
    (buckets.starts.first().copied().unwrap_or(end), end)
}

/// The placeholders of a read of `n` stores over a span: the stores `$1..$n`, then the span's
/// start and end.
fn marks(n: usize) -> (String, String, String) {
    (
        placeholders(1, n),
        format!("${}", n + 1),
        format!("${}", n + 2),
    )
}

/// A bucket's sums from the hourly rollups: bucket, visitors, view content, added to cart,
/// reached checkout, converted, sales (minor units), orders.
pub type RollupSums = (i64, i64, i64, i64, i64, i64, i64, i64);

/// The funnel, sales and orders of `stores` per bucket of `buckets` from the hourly rollups,
/// with or without test orders (every bucket edge a whole UTC hour).
pub async fn rollup_sums(
    db: &AnyPool,
    stores: &[String],
    buckets: &Buckets,
    tests: TestOrders,
) -> Result<Vec<RollupSums>, sqlx::Error> {
    let (start, end) = span(buckets);
    let (in_stores, from, to) = marks(stores.len());
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
    let mut query = sqlx::query_as::<_, RollupSums>(sqlx::AssertSqlSafe(sql));
    for store in stores {
        query = query.bind(store.as_str());
    }
    query.bind(start).bind(end).fetch_all(db).await
}

/// The first events of `stores` per bucket of `buckets` and kind: (bucket, kind, sessions).
pub async fn firsts_by_bucket(
    db: &AnyPool,
    stores: &[String],
    buckets: &Buckets,
) -> Result<Vec<(i64, i64, i64)>, sqlx::Error> {
    let (start, end) = span(buckets);
    let (in_stores, from, to) = marks(stores.len());
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
    query.bind(start).bind(end).fetch_all(db).await
}

/// The captured orders of `stores` per bucket of `buckets` by their capture: (bucket, sales,
/// orders), an order counting while it is not fully refunded. With [`refunds_by_bucket`], the
/// sales ledger (`rollups::ledger_sql`).
pub async fn sales_by_bucket(
    db: &AnyPool,
    stores: &[String],
    buckets: &Buckets,
    tests: TestOrders,
) -> Result<Vec<(i64, i64, i64)>, sqlx::Error> {
    let (start, end) = span(buckets);
    let (in_stores, from, to) = marks(stores.len());
    let sql = format!(
        "SELECT {} AS bucket, CAST(SUM(grand_total_minor) AS BIGINT), \
         CAST(SUM(CASE WHEN financial_status = 'refunded' THEN 0 ELSE 1 END) AS BIGINT) FROM orders \
         WHERE store_id IN {in_stores} AND financial_status IN {}{} \
         AND captured_at >= {from} AND captured_at < {to} GROUP BY bucket",
        bucket_of("captured_at", buckets),
        CAPTURED,
        tests.condition()
    );
    let mut query = sqlx::query_as::<_, (i64, i64, i64)>(sqlx::AssertSqlSafe(sql));
    for store in stores {
        query = query.bind(store.as_str());
    }
    query.bind(start).bind(end).fetch_all(db).await
}

/// The refunds of `stores` per bucket of `buckets` by their date: (bucket, amount refunded).
pub async fn refunds_by_bucket(
    db: &AnyPool,
    stores: &[String],
    buckets: &Buckets,
    tests: TestOrders,
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    let (start, end) = span(buckets);
    let (in_stores, from, to) = marks(stores.len());
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
    query.bind(start).bind(end).fetch_all(db).await
}

/// Sessions started in `[start, end)` in `stores` per country, from the first events.
pub async fn first_countries(
    db: &AnyPool,
    stores: &[String],
    start: i64,
    end: i64,
) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let (in_stores, from, to) = marks(stores.len());
    let sql = format!(
        "SELECT country, COUNT(*) FROM analytics_firsts WHERE store_id IN {in_stores} \
         AND kind = 1 AND occurred_at >= {from} AND occurred_at < {to} GROUP BY country"
    );
    let mut query = sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(sql));
    for store in stores {
        query = query.bind(store.as_str());
    }
    query.bind(start).bind(end).fetch_all(db).await
}

/// Sessions started in `[start, end)` in `stores` per country, from the rollups: whole UTC days
/// from the daily table, the partial days at either end from the hourly one.
pub async fn rollup_countries(
    db: &AnyPool,
    stores: &[String],
    start: i64,
    end: i64,
) -> Result<Vec<(String, i64)>, sqlx::Error> {
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
    query.bind(tail_start).bind(end).fetch_all(db).await
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
    let sql = paid_order_count_sql(stores.len(), tests, super::is_sqlite_pool(db));
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

/// A recent event as the live view reads it: store, session, time, page, country.
pub type LiveEvent = (String, String, i64, String, String);

/// The events of `stores` that occurred in `[since, until]`.
pub async fn live_events(
    db: &AnyPool,
    stores: &[String],
    since: i64,
    until: i64,
) -> Result<Vec<LiveEvent>, sqlx::Error> {
    if stores.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT store_id, session_id, occurred_at, page, country FROM analytics_events \
         WHERE store_id IN {} AND occurred_at >= ${} AND occurred_at <= ${}",
        placeholders(1, stores.len()),
        stores.len() + 1,
        stores.len() + 2
    );
    let mut query = sqlx::query_as::<_, LiveEvent>(sqlx::AssertSqlSafe(sql));
    for store in stores {
        query = query.bind(store.as_str());
    }
    query.bind(since).bind(until).fetch_all(db).await
}
