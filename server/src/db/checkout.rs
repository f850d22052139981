//! The storefront checkout's own rows: the store's test mode and payment gateways, and the
//! checkout counters per client address (in `rate_counters`, shared by every server process).

use core_wasm::payouts::{self, CheckoutPayment};
use sqlx::AnyPool;

use crate::error::ApiError;

/// The length of a checkout counter's window, in seconds.
pub const WINDOW_SECONDS: i64 = 60;

/// Whether the store is in test mode, and whether it uses a payment gateway.
pub async fn test_mode(db: &AnyPool, store_id: &str) -> Result<(bool, bool), ApiError> {
    let (test_mode, gateways): (i64, i64) = sqlx::query_as(
        "SELECT s.test_mode, (SELECT COUNT(*) FROM store_proxies p WHERE p.store_id = s.id) \
         FROM stores s WHERE s.id = $1",
    )
    .bind(store_id)
    .fetch_optional(db)
    .await?
    .ok_or(ApiError::NotFound)?;
    Ok((test_mode == 1, gateways > 0))
}

/// How the store's checkout takes payment now.
pub async fn payment(db: &AnyPool, store_id: &str) -> Result<CheckoutPayment, ApiError> {
    let (test_mode, has_gateway) = test_mode(db, store_id).await?;
    Ok(payouts::checkout_payment(test_mode, has_gateway))
}

/// Switches the store's test mode.
pub async fn set_test_mode(db: &AnyPool, store_id: &str, on: bool) -> Result<(), ApiError> {
    sqlx::query("UPDATE stores SET test_mode = $1 WHERE id = $2")
        .bind(i64::from(on))
        .bind(store_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Counts one checkout attempt of `address` in the current one-minute window, in the database
/// (one atomic upsert, so processes sharing the database share the count). `None` when the
/// attempt is within `limit`; otherwise the seconds until the window ends.
pub async fn count_attempt(
    db: &AnyPool,
    address: &str,
    now_ms: i64,
    limit: i64,
) -> Result<Option<u64>, ApiError> {
    let second = now_ms.div_euclid(1000);
    // The window is named by its first second, so the ingest's sweep of windows older than a
    // minute removes it once it is over.
    let window = second - second.rem_euclid(WINDOW_SECONDS);
    let key = format!("checkout-address:{address}");
    let (count,): (i64,) = sqlx::query_as(
        "INSERT INTO rate_counters (key, window_start, count) VALUES ($1, $2, 1) \
         ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counters.count + 1 \
         RETURNING count",
    )
    .bind(&key)
    .bind(window)
    .fetch_one(db)
    .await?;
    if count == 1 {
        // The first attempt of a window clears this address's earlier windows.
        sqlx::query("DELETE FROM rate_counters WHERE key = $1 AND window_start < $2")
            .bind(&key)
            .bind(window)
            .execute(db)
            .await?;
    }
    if count <= limit {
        return Ok(None);
    }
    Ok(Some(
        u64::try_from(window + WINDOW_SECONDS - second)
            .unwrap_or(1)
            .max(1),
    ))
}
