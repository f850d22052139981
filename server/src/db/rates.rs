//! Fixed-window request counters in `rate_counters`, shared by every server process: the
//! checkout's per address, the forgotten-password and sign-up-key throttles, the preview's
//! renders per store. The ingest counts its one-second windows itself (analytics/ingest.rs),
//! in the same table, and sweeps every row whose own window is over.

use sqlx::AnyPool;

use crate::error::ApiError;

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
