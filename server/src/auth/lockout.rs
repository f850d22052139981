//! Brute-force protection: failed logins are counted in the database per account (e-mail) and
//! per client address over a sliding 15-minute window. At 10 failures for one account, or 50
//! from one address, sign-in answers 429 with `Retry-After` until the oldest failure leaves the
//! window. A password reset clears the account's count, so the real owner can always get in.

use sqlx::AnyPool;

use crate::db::{new_id, now_ms};
use crate::error::ApiError;

/// The sliding window.
pub const WINDOW_MS: i64 = 15 * 60 * 1000;
/// Failures of one account within the window that lock it.
pub const ACCOUNT_LIMIT: i64 = 10;
/// Failures from one address within the window that lock it: higher, as offices share one.
pub const ADDRESS_LIMIT: i64 = 50;

/// Seconds until sign-in may be tried again, or `None` when it may be tried now.
pub async fn retry_after(
    db: &AnyPool,
    email: &str,
    address: &str,
) -> Result<Option<i64>, ApiError> {
    let now = now_ms();
    let since = now - WINDOW_MS;
    let mut wait_ms: Option<i64> = None;
    for (column, key, limit) in [
        ("email", email, ACCOUNT_LIMIT),
        ("address", address, ADDRESS_LIMIT),
    ] {
        // The failure whose expiry unlocks: the `limit`-th most recent one.
        let sql = format!(
            "SELECT failed_at FROM login_failures WHERE {column} = $1 AND failed_at > $2 \
             ORDER BY failed_at DESC LIMIT 1 OFFSET $3"
        );
        let row: Option<(i64,)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(key)
            .bind(since)
            .bind(limit - 1)
            .fetch_optional(db)
            .await?;
        if let Some((failed_at,)) = row {
            let wait = failed_at + WINDOW_MS - now;
            wait_ms = Some(wait_ms.map_or(wait, |w: i64| w.max(wait)));
        }
    }
    Ok(wait_ms.map(|ms| (ms + 999) / 1000))
}

/// Records a failed sign-in.
pub async fn record_failure(db: &AnyPool, email: &str, address: &str) -> Result<(), ApiError> {
    sqlx::query(
        "INSERT INTO login_failures (id, email, address, failed_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(new_id())
    .bind(email)
    .bind(address)
    .bind(now_ms())
    .execute(db)
    .await?;
    Ok(())
}

/// Forgets an account's failures (after a successful sign-in or a password reset).
pub async fn clear(db: &AnyPool, email: &str) -> Result<(), ApiError> {
    sqlx::query("DELETE FROM login_failures WHERE email = $1")
        .bind(email)
        .execute(db)
        .await?;
    Ok(())
}
