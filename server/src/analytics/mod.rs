//! The analytics pipeline: storefront events in ([`ingest`]), hourly rollups kept up to date as
//! events and paid orders arrive ([`rollup`]), held in each process's memory as running totals
//! checked against the database ([`index`]), and the Overview's figures out ([`query`]), all
//! through the core's math. [`demo`] makes realistic traffic for the demo stores.

pub mod demo;
pub mod geo;
pub mod index;
pub mod ingest;
pub mod query;
pub mod rollup;

/// The kind of the event the server records when a session places a test order: a conversion
/// kept apart (no beacon can send it; the storefront's kinds are 1 to 5).
pub const TEST_CONVERSION_KIND: i64 = 6;

/// One hour in ms.
pub const HOUR_MS: i64 = 3_600_000;
/// One UTC day in ms.
pub const DAY_MS: i64 = 24 * HOUR_MS;

/// `($first, $first+1, ...)`: `count` numbered placeholders, for a list bound one by one.
pub(crate) fn placeholders(first: usize, count: usize) -> String {
    let list: Vec<String> = (first..first + count).map(|i| format!("${i}")).collect();
    format!("({})", list.join(", "))
}

/// `count` placeholders numbered from `first` for PostgreSQL, or as many anonymous `?` for
/// SQLite, whose named placeholders cost a linear search each (a 2,800-value insert spends most
/// of its time there). One statement must not mix the two.
pub(crate) fn row_marks(sqlite: bool, first: usize, count: usize) -> String {
    if sqlite {
        format!("({})", vec!["?"; count].join(", "))
    } else {
        placeholders(first, count)
    }
}

/// Whether a connection is SQLite's.
pub(crate) fn is_sqlite(conn: &sqlx::AnyConnection) -> bool {
    conn.backend_name() == "SQLite"
}

/// The start of the UTC hour an instant falls in.
pub(crate) fn hour_of(instant_ms: i64) -> i64 {
    instant_ms.div_euclid(HOUR_MS) * HOUR_MS
}

/// The start of the UTC day an instant falls in.
pub(crate) fn day_of(instant_ms: i64) -> i64 {
    instant_ms.div_euclid(DAY_MS) * DAY_MS
}
