//! Onboarding steps closed by one user (the popup's close X), kept per store, user and step so
//! that the closing holds on every device.

use sqlx::AnyPool;

use super::now_ms;

/// Whether `user_id` closed the popup on `field`, the store's current step.
pub async fn is_dismissed(
    db: &AnyPool,
    store_id: &str,
    user_id: &str,
    field: &str,
) -> Result<bool, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT field FROM onboarding_dismissals WHERE store_id = $1 AND user_id = $2 AND field = $3",
    )
    .bind(store_id)
    .bind(user_id)
    .bind(field)
    .fetch_optional(db)
    .await?;
    Ok(row.is_some())
}

/// Keeps that `user_id` closed the popup on `field` (again: no change).
pub async fn dismiss(
    db: &AnyPool,
    store_id: &str,
    user_id: &str,
    field: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO onboarding_dismissals (store_id, user_id, field, dismissed_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (store_id, user_id, field) DO NOTHING",
    )
    .bind(store_id)
    .bind(user_id)
    .bind(field)
    .bind(now_ms())
    .execute(db)
    .await?;
    Ok(())
}
