//! Request counters in `rate_counters`, shared by every server process: the throttles (the
//! checkout's per address, the forgotten-password and sign-up-key throttles, the preview's
//! renders per store) count over a sliding window (`count`), and a periodic job claims its
//! fixed window (`claim_window`). The ingest counts its one-second windows many keys at a time
//! (`add_many`), in the same table, and sweeps every row whose own window is over (`sweep`).

use std::collections::HashMap;

use sqlx::{AnyConnection, AnyPool};

use super::{is_sqlite, row_marks};
use crate::error::ApiError;

/// Keys per statement of [`add_many`] (3 values each).
const ROWS_PER_COUNTER_STATEMENT: usize = 500;

/// Counts one request under `key` against `limit` a `window_seconds` (shared by every process
/// on the database). `None` when the request is within the limit; otherwise the seconds until
/// it would be (at least 1). Refused requests count too, so a flood stays throttled.
///
/// The limit holds over any span of `window_seconds`, not only inside one fixed window: the
/// count is this window's plus the share of the previous window's that still falls within the
/// last `window_seconds` (a sliding window). A burst that straddles a window's end therefore
/// gets the limit once, not once on each side. A request counted late (its time taken before a
/// newer window's first request) adds to its own window, which is kept until the next one ends.
pub async fn count(
    db: &AnyPool,
    key: &str,
    now_ms: i64,
    window_seconds: i64,
    limit: i64,
) -> Result<Option<u64>, ApiError> {
    let span_ms = window_seconds.max(1) * 1000;
    let window = window_of(now_ms, window_seconds);
    let current = bump(db, key, window, window_seconds, window - window_seconds).await?;
    let into_ms = (now_ms - window * 1000).clamp(0, span_ms);
    if current > limit {
        // Over the limit in this window alone (a flood): no need to read the previous one.
        return Ok(Some(seconds_until(span_ms - into_ms)));
    }
    let previous: Option<(i64,)> =
        sqlx::query_as("SELECT count FROM rate_counters WHERE key = $1 AND window_start = $2")
            .bind(key)
            .bind(window - window_seconds)
            .fetch_optional(db)
            .await?;
    let previous = previous.map_or(0, |(count,)| count.max(0));
    let carried = previous * (span_ms - into_ms) / span_ms;
    if current + carried <= limit {
        return Ok(None);
    }
    // The first moment the previous window's share is at most what this one leaves:
    // previous * (span - t) / span < room + 1 (`carried` > 0, so `previous` > 0).
    let room = limit - current;
    let below = ((room + 1) * span_ms + previous - 1) / previous;
    Ok(Some(seconds_until(span_ms - below + 1 - into_ms)))
}

/// `ms` as whole seconds to wait, at least 1.
fn seconds_until(ms: i64) -> u64 {
    u64::try_from((ms + 999) / 1000).unwrap_or(1).max(1)
}

/// Whether this call is the first under `key` in the current fixed window of `window_seconds`:
/// one process claims a period's work (the retention's pruning) and the others skip it.
pub async fn claim_window(
    db: &AnyPool,
    key: &str,
    now_ms: i64,
    window_seconds: i64,
) -> Result<bool, ApiError> {
    let window = window_of(now_ms, window_seconds);
    Ok(bump(db, key, window, window_seconds, window).await? == 1)
}

/// The start (in seconds) of the fixed window of `window_seconds` that holds `now_ms`.
fn window_of(now_ms: i64, window_seconds: i64) -> i64 {
    let second = now_ms.div_euclid(1000);
    second - second.rem_euclid(window_seconds.max(1))
}

/// Adds one to `key`'s count in `window` (one atomic upsert) and returns the new count. The
/// window's first count clears the key's windows older than `keep_from`.
async fn bump(
    db: &AnyPool,
    key: &str,
    window: i64,
    window_seconds: i64,
    keep_from: i64,
) -> Result<i64, ApiError> {
    let (count,): (i64,) = sqlx::query_as(
        "INSERT INTO rate_counters (key, window_start, count, window_seconds) VALUES ($1, $2, 1, $3) \
         ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counters.count + 1 \
         RETURNING count",
    )
    .bind(key)
    .bind(window)
    .bind(window_seconds)
    .fetch_one(db)
    .await?;
    if count == 1 {
        sqlx::query("DELETE FROM rate_counters WHERE key = $1 AND window_start < $2")
            .bind(key)
            .bind(keep_from)
            .execute(db)
            .await?;
    }
    Ok(count)
}

/// Takes back one request counted under `key` at `now_ms` (one that turned out to be allowed,
/// such as a right sign-up key), so that only the refused ones use up the limit.
pub async fn forgive(
    db: &AnyPool,
    key: &str,
    now_ms: i64,
    window_seconds: i64,
) -> Result<(), ApiError> {
    let window = window_of(now_ms, window_seconds);
    sqlx::query(
        "UPDATE rate_counters SET count = count - 1 WHERE key = $1 AND window_start = $2 AND count > 0",
    )
    .bind(key)
    .bind(window)
    .execute(db)
    .await?;
    Ok(())
}

/// Adds to each key of `asked` its count in the one-second window `window`, in the caller's
/// transaction (one upsert per 500 keys), and returns each key's count before them.
pub async fn add_many(
    conn: &mut AnyConnection,
    asked: &[(String, i64)],
    window: i64,
) -> Result<HashMap<String, i64>, sqlx::Error> {
    let sqlite = is_sqlite(conn);
    let mut used: HashMap<String, i64> = HashMap::new();
    for chunk in asked.chunks(ROWS_PER_COUNTER_STATEMENT) {
        let rows: Vec<String> = (0..chunk.len())
            .map(|i| row_marks(sqlite, 3 * i + 1, 3))
            .collect();
        let sql = format!(
            "INSERT INTO rate_counters (key, window_start, count) VALUES {} \
             ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counters.count + excluded.count \
             RETURNING key, count",
            rows.join(", ")
        );
        let mut query = sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(sql));
        for (key, count) in chunk {
            query = query.bind(key.as_str()).bind(window).bind(*count);
        }
        let asked: HashMap<&str, i64> = chunk.iter().map(|(k, c)| (k.as_str(), *c)).collect();
        for (key, total) in query.fetch_all(&mut *conn).await? {
            let before = total - asked.get(key.as_str()).copied().unwrap_or(0);
            used.insert(key, before);
        }
    }
    Ok(used)
}

/// Deletes every counter whose window and the window after it ended before second `before`, in
/// the caller's transaction ([`count`] reads the previous window's count).
pub async fn sweep(conn: &mut AnyConnection, before: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM rate_counters WHERE window_start + 2 * window_seconds < $1")
        .bind(before)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
