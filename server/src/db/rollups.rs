//! The rollups every dashboard reads: per store and UTC hour, the funnel (first events by kind)
//! and the paid orders (test orders in columns of their own); per store, country and hour (and
//! day), the sessions started. They are kept up to date in the same transaction as the events
//! or orders that change them, and can be rebuilt from `analytics_firsts` and `orders` at any
//! time. Each store's analytics version (`analytics_versions`) moves on with every change, and
//! the rows written carry it, so a copy held in memory reads only the rows that changed.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use sqlx::{AnyConnection, AnyPool};

use super::{is_sqlite, placeholders, row_marks};

/// The kind of the event the server records when a session places a test order: a conversion
/// kept apart (no beacon can send it; the storefront's kinds are 1 to 5).
pub const TEST_CONVERSION_KIND: i64 = 6;

/// One hour in ms.
pub const HOUR_MS: i64 = 3_600_000;
/// One UTC day in ms.
pub const DAY_MS: i64 = 24 * HOUR_MS;

/// The start of the UTC hour an instant falls in.
fn hour_of(instant_ms: i64) -> i64 {
    instant_ms.div_euclid(HOUR_MS) * HOUR_MS
}

/// The start of the UTC day an instant falls in.
fn day_of(instant_ms: i64) -> i64 {
    instant_ms.div_euclid(DAY_MS) * DAY_MS
}

/// The counters of one hourly row, in column order.
const HOURLY_COLUMNS: [&str; 10] = [
    "vistors",
    "view_content",
    "add_to_cart",
    "reached_checkout",
    "session_converted",
    "sales_minor",
    "orders",
    "test_sales_minor",
    "test_orders",
    "test_session_converted",
];

/// Rows per multi-row statement: well under SQLite's 32,766 bound values.
const ROWS_PER_STATEMENT: usize = 300;

/// A refund as the rollups see it.
#[derive(Debug, Clone, Copy)]
pub struct RefundDelta {
    /// When the refund was made.
    pub at: i64,
    /// The amount refunded, in minor units.
    pub amount_minor: i64,
    /// The refunded order's capture.
    pub captured_at: i64,
    /// It refunds all that was left of the order.
    pub closes: bool,
    /// The refunded order is a test order.
    pub test: bool,
}

/// Changes to the rollups, gathered in memory and written in a few statements.
#[derive(Debug, Default)]
pub struct Deltas {
    hourly: BTreeMap<(String, i64), [i64; 10]>,
    hourly_countries: BTreeMap<(String, i64, String), i64>,
    daily_countries: BTreeMap<(String, i64, String), i64>,
}

impl Deltas {
    /// A session reached funnel step `kind` (1 to 5, or the test conversion) for the first
    /// time, at `at`.
    pub fn first(&mut self, store_id: &str, kind: i64, at: i64, country: &str) {
        self.count(store_id, kind, at, country, 1);
    }

    /// A first counted at `at` stops counting there (an earlier event of the session moved
    /// it back; `first` counts it at its new time).
    pub fn unfirst(&mut self, store_id: &str, kind: i64, at: i64, country: &str) {
        self.count(store_id, kind, at, country, -1);
    }

    fn count(&mut self, store_id: &str, kind: i64, at: i64, country: &str, sign: i64) {
        let column = if kind == TEST_CONVERSION_KIND {
            Some(9)
        } else {
            usize::try_from(kind - 1).ok().filter(|i| *i < 5)
        };
        let Some(column) = column else {
            return;
        };
        self.hourly
            .entry((store_id.to_owned(), hour_of(at)))
            .or_default()[column] += sign;
        if kind == 1 {
            *self
                .hourly_countries
                .entry((store_id.to_owned(), hour_of(at), country.to_owned()))
                .or_default() += sign;
            *self
                .daily_countries
                .entry((store_id.to_owned(), day_of(at), country.to_owned()))
                .or_default() += sign;
        }
    }

    /// A paid order of `total_minor` captured at `captured_at` (`sign` -1 takes one back, when
    /// an order stops being paid).
    pub fn order(&mut self, store_id: &str, captured_at: i64, total_minor: i64, sign: i64) {
        let row = self
            .hourly
            .entry((store_id.to_owned(), hour_of(captured_at)))
            .or_default();
        row[5] += sign * total_minor;
        row[6] += sign;
    }

    /// A test order of `total_minor` marked paid at `captured_at`: kept apart from the sales,
    /// for the analytics that ask for test orders.
    pub fn test_order(&mut self, store_id: &str, captured_at: i64, total_minor: i64) {
        let row = self
            .hourly
            .entry((store_id.to_owned(), hour_of(captured_at)))
            .or_default();
        row[7] += total_minor;
        row[8] += 1;
    }

    /// A refund of `amount_minor` made at `at`: the sales fall at the refund's hour. When it
    /// refunds the rest of the order (`closes`), the order stops counting at its capture hour.
    pub fn refund(&mut self, store_id: &str, refund: RefundDelta) {
        let (sales, orders) = if refund.test { (7, 8) } else { (5, 6) };
        self.hourly
            .entry((store_id.to_owned(), hour_of(refund.at)))
            .or_default()[sales] -= refund.amount_minor;
        if refund.closes {
            self.hourly
                .entry((store_id.to_owned(), hour_of(refund.captured_at)))
                .or_default()[orders] -= 1;
        }
    }

    /// Whether there is nothing to write.
    pub fn is_empty(&self) -> bool {
        self.hourly.is_empty() && self.hourly_countries.is_empty()
    }

    /// Adds the changes to the rollup tables, after moving the changed stores' versions on:
    /// each hourly row written carries its store's new version ([`hourly_after`] reads by it).
    pub async fn write(self, conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
        let sqlite = is_sqlite(conn);
        let stores: BTreeSet<String> = self
            .hourly
            .keys()
            .map(|(store, _)| store.clone())
            .chain(
                self.hourly_countries
                    .keys()
                    .map(|(store, _, _)| store.clone()),
            )
            .chain(
                self.daily_countries
                    .keys()
                    .map(|(store, _, _)| store.clone()),
            )
            .collect();
        let versions = touch(conn, stores.iter().map(String::as_str)).await?;
        let version_of = |store: &str| versions.get(store).copied().unwrap_or(0);
        // A first moved within its hour (and country) nets to nothing: no row to write.
        let hourly: Vec<_> = self
            .hourly
            .into_iter()
            .filter(|(_, counts)| counts.iter().any(|count| *count != 0))
            .collect();
        for chunk in hourly.chunks(ROWS_PER_STATEMENT) {
            let width = 3 + HOURLY_COLUMNS.len();
            let rows: Vec<String> = (0..chunk.len())
                .map(|i| row_marks(sqlite, i * width + 1, width))
                .collect();
            let updates: Vec<String> = HOURLY_COLUMNS
                .iter()
                .map(|c| format!("{c} = analytics_hourly.{c} + excluded.{c}"))
                .collect();
            let sql = format!(
                "INSERT INTO analytics_hourly (store_id, hour_start, version, {}) VALUES {} \
                 ON CONFLICT (store_id, hour_start) DO UPDATE SET version = excluded.version, {}",
                HOURLY_COLUMNS.join(", "),
                rows.join(", "),
                updates.join(", ")
            );
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
            for ((store, hour), counts) in chunk {
                query = query
                    .bind(store.as_str())
                    .bind(*hour)
                    .bind(version_of(store));
                for count in counts {
                    query = query.bind(*count);
                }
            }
            query.execute(&mut *conn).await?;
        }
        for (table, column, rows) in [
            (
                "analytics_hourly_countries",
                "hour_start",
                self.hourly_countries,
            ),
            (
                "analytics_daily_countries",
                "day_start",
                self.daily_countries,
            ),
        ] {
            let rows: Vec<_> = rows
                .into_iter()
                .filter(|(_, sessions)| *sessions != 0)
                .collect();
            // The hourly table's rows carry their version (the daily one is read by SQL only).
            let stamped = table == "analytics_hourly_countries";
            let width = if stamped { 5 } else { 4 };
            for chunk in rows.chunks(ROWS_PER_STATEMENT) {
                let values: Vec<String> = (0..chunk.len())
                    .map(|i| row_marks(sqlite, i * width + 1, width))
                    .collect();
                let (version_column, version_update) = if stamped {
                    (", version", ", version = excluded.version")
                } else {
                    ("", "")
                };
                let sql = format!(
                    "INSERT INTO {table} (store_id, {column}, country, sessions{version_column}) VALUES {} \
                     ON CONFLICT (store_id, {column}, country) \
                     DO UPDATE SET sessions = {table}.sessions + excluded.sessions{version_update}",
                    values.join(", ")
                );
                let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
                for ((store, start, country), sessions) in chunk {
                    query = query
                        .bind(store.as_str())
                        .bind(*start)
                        .bind(country.as_str())
                        .bind(*sessions);
                    if stamped {
                        query = query.bind(version_of(store));
                    }
                }
                query.execute(&mut *conn).await?;
            }
        }
        Ok(())
    }
}

/// Moves the analytics version of each store on, in the caller's transaction, and returns the
/// new versions: every cached Overview answer of those stores is then out of date. Stores are
/// taken in order, so two transactions touching the same stores never wait for each other in a
/// cycle; the version rows stay locked until the caller commits, so a store's versions are
/// given out in the order their transactions commit.
pub async fn touch<'a>(
    conn: &mut AnyConnection,
    stores: impl IntoIterator<Item = &'a str>,
) -> Result<BTreeMap<String, i64>, sqlx::Error> {
    let stores: BTreeSet<&str> = stores.into_iter().collect();
    let stores: Vec<&str> = stores.into_iter().collect();
    let mut versions = BTreeMap::new();
    for chunk in stores.chunks(ROWS_PER_STATEMENT) {
        let values: Vec<String> = (1..=chunk.len()).map(|i| format!("(${i}, 1)")).collect();
        let sql = format!(
            "INSERT INTO analytics_versions (store_id, version) VALUES {} \
             ON CONFLICT (store_id) DO UPDATE SET version = analytics_versions.version + 1 \
             RETURNING store_id, version",
            values.join(", ")
        );
        let mut query = sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(sql));
        for store in chunk {
            query = query.bind(*store);
        }
        versions.extend(query.fetch_all(&mut *conn).await?);
    }
    Ok(versions)
}

/// The sales ledger of the stores `filter` takes, per `bucket` ms from the epoch: each captured
/// order's total at its capture (counted as an order while it is not fully refunded), each
/// refund's amount taken off at its date. Columns: store_id, hour_start (the bucket's start),
/// sales, orders.
pub fn ledger_sql(filter: &str, test: i64, bucket: i64) -> String {
    format!(
        "SELECT store_id, captured_at - captured_at % {bucket} AS hour_start, grand_total_minor AS sales, \
         CASE WHEN financial_status = 'refunded' THEN 0 ELSE 1 END AS orders FROM orders \
         WHERE {filter} AND financial_status IN {CAPTURED} AND captured_at IS NOT NULL AND is_test = {test} \
         UNION ALL SELECT store_id, created_at - created_at % {bucket}, -amount_minor, 0 FROM order_refunds \
         WHERE {filter} AND is_test = {test}"
    )
}

/// The financial states of an order whose payment was captured.
pub const CAPTURED: &str = "('paid', 'partially_refunded', 'refunded')";

/// Rebuilds the rollups of one store (or of every store when `store_id` is `None`) from the
/// first events and the paid orders.
pub async fn rebuild(conn: &mut AnyConnection, store_id: Option<&str>) -> Result<(), sqlx::Error> {
    // No store id is empty, so `<> ''` takes every store.
    let filter = if store_id.is_some() {
        "store_id = $1"
    } else {
        "store_id <> $1"
    };
    let bind = store_id.unwrap_or("");
    // The versions first, as every writer takes them (`Deltas::write`): the locks in one order.
    let stores_filter = filter.replace("store_id", "id");
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO analytics_versions (store_id, version, rebuilt) SELECT id, 1, 1 FROM stores \
         WHERE {stores_filter} ORDER BY id ON CONFLICT (store_id) DO UPDATE SET \
         version = analytics_versions.version + 1, rebuilt = analytics_versions.version + 1"
    )))
    .bind(bind)
    .execute(&mut *conn)
    .await?;
    for table in [
        "analytics_hourly",
        "analytics_hourly_countries",
        "analytics_daily_countries",
    ] {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DELETE FROM {table} WHERE {filter}"
        )))
        .bind(bind)
        .execute(&mut *conn)
        .await?;
    }
    let counts: Vec<String> = (1..=5)
        .chain(std::iter::once(TEST_CONVERSION_KIND))
        .map(|kind| format!("SUM(CASE WHEN kind = {kind} THEN 1 ELSE 0 END)"))
        .collect();
    let statements = [
        format!(
            "INSERT INTO analytics_hourly (store_id, hour_start, vistors, view_content, add_to_cart, \
             reached_checkout, session_converted, test_session_converted) \
             SELECT store_id, occurred_at - occurred_at % {hour}, {} FROM analytics_firsts \
             WHERE {filter} GROUP BY store_id, occurred_at - occurred_at % {hour}",
            counts.join(", "),
            hour = HOUR_MS
        ),
        format!(
            "INSERT INTO analytics_hourly (store_id, hour_start, sales_minor, orders) \
             SELECT store_id, hour_start, SUM(sales), SUM(orders) FROM ({sales}) AS s \
             GROUP BY store_id, hour_start \
             ON CONFLICT (store_id, hour_start) DO UPDATE SET \
             sales_minor = excluded.sales_minor, orders = excluded.orders",
            sales = ledger_sql(filter, 0, HOUR_MS)
        ),
        format!(
            "INSERT INTO analytics_hourly (store_id, hour_start, test_sales_minor, test_orders) \
             SELECT store_id, hour_start, SUM(sales), SUM(orders) FROM ({sales}) AS s \
             GROUP BY store_id, hour_start \
             ON CONFLICT (store_id, hour_start) DO UPDATE SET \
             test_sales_minor = excluded.test_sales_minor, test_orders = excluded.test_orders",
            sales = ledger_sql(filter, 1, HOUR_MS)
        ),
        format!(
            "INSERT INTO analytics_hourly_countries (store_id, hour_start, country, sessions) \
             SELECT store_id, occurred_at - occurred_at % {hour}, country, COUNT(*) FROM analytics_firsts \
             WHERE {filter} AND kind = 1 GROUP BY store_id, occurred_at - occurred_at % {hour}, country",
            hour = HOUR_MS
        ),
        format!(
            "INSERT INTO analytics_daily_countries (store_id, day_start, country, sessions) \
             SELECT store_id, occurred_at - occurred_at % {day}, country, COUNT(*) FROM analytics_firsts \
             WHERE {filter} AND kind = 1 GROUP BY store_id, occurred_at - occurred_at % {day}, country",
            day = DAY_MS
        ),
    ];
    for sql in statements {
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(bind)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The analytics versions of `stores`: each store's version and the version its rollups were
/// last rebuilt at (no entry for a store never changed).
pub async fn versions(
    db: &AnyPool,
    stores: &[String],
) -> Result<HashMap<String, (i64, i64)>, sqlx::Error> {
    let mut versions = HashMap::new();
    for chunk in stores.chunks(500) {
        let sql = format!(
            "SELECT store_id, version, rebuilt FROM analytics_versions WHERE store_id IN {}",
            placeholders(1, chunk.len())
        );
        let mut query = sqlx::query_as::<_, (String, i64, i64)>(sqlx::AssertSqlSafe(sql));
        for store in chunk {
            query = query.bind(store.as_str());
        }
        for (store, version, rebuilt) in query.fetch_all(db).await? {
            versions.insert(store, (version, rebuilt));
        }
    }
    Ok(versions)
}

/// The store's hourly rows written after version `after` (all of them with -1), in hour order:
/// each hour's start and its counters in the order of `HOURLY_COLUMNS`.
pub async fn hourly_after(
    db: &AnyPool,
    store: &str,
    after: i64,
) -> Result<Vec<(i64, [i64; 10])>, sqlx::Error> {
    let rows = sqlx::query_as::<_, (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>(
        "SELECT hour_start, vistors, view_content, add_to_cart, reached_checkout, session_converted, \
         sales_minor, orders, test_sales_minor, test_orders, test_session_converted \
         FROM analytics_hourly WHERE store_id = $1 AND version > $2 ORDER BY hour_start",
    )
    .bind(store)
    .bind(after)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(hour, a, b, c, d, e, f, g, h, i, j)| (hour, [a, b, c, d, e, f, g, h, i, j]))
        .collect())
}

/// The store's sessions per country and hour written after version `after` (all of them with
/// -1), in the order of hour then country: (country, hour start, sessions).
pub async fn countries_after(
    db: &AnyPool,
    store: &str,
    after: i64,
) -> Result<Vec<(String, i64, i64)>, sqlx::Error> {
    sqlx::query_as::<_, (String, i64, i64)>(
        "SELECT country, hour_start, sessions FROM analytics_hourly_countries \
         WHERE store_id = $1 AND version > $2 ORDER BY hour_start, country",
    )
    .bind(store)
    .bind(after)
    .fetch_all(db)
    .await
}
