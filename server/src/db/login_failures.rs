//! Brute-force protection: failed logins are counted in the database per account (e-mail) and
//! per client address over a sliding 15-minute window. At 10 failures for one account, or 50
//! from one address, sign-in answers 429 with `Retry-After` until the oldest failure leaves the
//! window. A password reset clears the account's count, so the real owner can always get in.
//!
//! A failure is counted before the password is checked: `reserve` records the attempt as a
//! failure in the same transaction that finds the account under its limits, holding the
//! account's and the address's `login_keys` rows, so parallel guesses (in one process or
//! several) queue on those rows and at most the limit are ever checked. A correct password
//! `release`s its reservation.

use sqlx::AnyPool;

use super::{new_id, now_ms};
use crate::error::ApiError;

/// The sliding window.
pub const WINDOW_MS: i64 = 15 * 60 * 1000;
/// Failures of one account within the window that lock it.
pub const ACCOUNT_LIMIT: i64 = 10;
/// Failures from one address within the window that lock it: higher, as offices share one.
pub const ADDRESS_LIMIT: i64 = 50;

/// The outcome of `reserve`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attempt {
    /// The attempt may check the password; it counts as the failure with this id until
    /// released.
    Reserved(String),
    /// Locked: sign-in may be tried again in this many seconds.
    Locked(i64),
}

/// Reserves a sign-in attempt for `email` from `address`, or says how long it is locked.
pub async fn reserve(db: &AnyPool, email: &str, address: &str) -> Result<Attempt, ApiError> {
    let now = now_ms();
    let mut tx = super::begin_write(db).await?;
    // Always the account's key first, then the address's: two reservations never wait for
    // each other in opposite orders.
    for key in [format!("email:{email}"), format!("address:{address}")] {
        sqlx::query(
            "INSERT INTO login_keys (key, touched) VALUES ($1, $2) \
             ON CONFLICT (key) DO UPDATE SET touched = excluded.touched",
        )
        .bind(key)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    if let Some(seconds) = retry_after(&mut tx, email, address, now).await? {
        tx.rollback().await?;
        return Ok(Attempt::Locked(seconds));
    }
    let id = new_id();
    sqlx::query(
        "INSERT INTO login_failures (id, email, address, failed_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(&id)
    .bind(email)
    .bind(address)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Attempt::Reserved(id))
}

/// Takes back a reservation whose password was right (or never checked).
pub async fn release(db: &AnyPool, id: &str) -> Result<(), ApiError> {
    sqlx::query("DELETE FROM login_failures WHERE id = $1")
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}

/// Seconds until sign-in may be tried again, or `None` when it may be tried now.
async fn retry_after(
    tx: &mut sqlx::AnyConnection,
    email: &str,
    address: &str,
    now: i64,
) -> Result<Option<i64>, ApiError> {
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
            .fetch_optional(&mut *tx)
            .await?;
        if let Some((failed_at,)) = row {
            let wait = failed_at + WINDOW_MS - now;
            wait_ms = Some(wait_ms.map_or(wait, |w: i64| w.max(wait)));
        }
    }
    Ok(wait_ms.map(|ms| (ms + 999) / 1000))
}

/// Forgets an account's failures (after a successful sign-in or a password reset).
pub async fn clear(db: &AnyPool, email: &str) -> Result<(), ApiError> {
    sqlx::query("DELETE FROM login_failures WHERE email = $1")
        .bind(email)
        .execute(db)
        .await?;
    Ok(())
}
