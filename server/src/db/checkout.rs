//! The storefront checkout's own rows: the store's test mode and payment gateways, and the
//! checkout counters per client address (`rates`, shared by every server process).

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

/// Counts one checkout attempt of `address` in the current one-minute window (see
/// [`super::rates::count`]). `None` when the attempt is within `limit`; otherwise the seconds
/// until the window ends.
pub async fn count_attempt(
    db: &AnyPool,
    address: &str,
    now_ms: i64,
    limit: i64,
) -> Result<Option<u64>, ApiError> {
    super::rates::count(
        db,
        &format!("checkout-address:{address}"),
        now_ms,
        WINDOW_SECONDS,
        limit,
    )
    .await
}
