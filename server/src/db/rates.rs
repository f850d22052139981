//! Fixed-window request counters in `rate_counters`, shared by every server process: the
//! checkout's per address, the forgotten-password and sign-up-key throttles, the preview's
//! renders per store. The ingest counts its one-second windows many keys at a time
//! (`add_many`), in the same table, and sweeps every row whose own window is over (`sweep`).

use std::collections::HashMap;

use sqlx::{AnyConnection, AnyPool};

use super::{is_sqlite, row_marks};
use crate::error::ApiError;

/// Keys per statement of [`add_many`] (3 values each).
const ROWS_PER_COUNTER_STATEMENT: usize = 500;

/// Counts one request under `key` in the current window of `window_seconds` (one atomic upsert,
/// so processes sharing the database share the count). `None` when the request is within
/// `limit`; otherwise the seconds until the window ends (at least 1). Refused requests count
/// too, so a flood stays throttled until the window ends.
pub async fn count(
    db: &AnyPool,
    key: &str,
    now_ms: i64,
    window_seconds: i64,
    limit: i64,
) -> Result<Option<u64>, ApiError> {
    let second = now_ms.div_euclid(1000);
    let window = second - second.rem_euclid(window_seconds);
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
        // The first request of a window clears this key's earlier windows.
        sqlx::query("DELETE FROM rate_counters WHERE key = $1 AND window_start < $2")
            .bind(key)
            .bind(window)
            .execute(db)
            .await?;
    }
    if count <= limit {
        return Ok(None);
    }
    Ok(Some(
        u64::try_from(window + window_seconds - second)
            .unwrap_or(1)
            .max(1),
    ))
}

/// Takes back one request counted under `key` at `now_ms` (one that turned out to be allowed,
/// such as a right sign-up key), so that only the refused ones use up the limit.
pub async fn forgive(
    db: &AnyPool,
    key: &str,
    now_ms: i64,
    window_seconds: i64,
) -> Result<(), ApiError> {
    let second = now_ms.div_euclid(1000);
    let window = second - second.rem_euclid(window_seconds);
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

/// Deletes every counter whose own window ended before second `before`, in the caller's
/// transaction.
pub async fn sweep(conn: &mut AnyConnection, before: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM rate_counters WHERE window_start + window_seconds < $1")
        .bind(before)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
