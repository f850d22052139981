//! Onboarding in the database: whether the store's data has done each step, the steps the store
//! skipped, and the steps closed by one user (the popup's close X), kept per store, user and step
//! so that the closing holds on every device.

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

/// Whether the store's data has done onboarding step `field` (an unknown step is not done).
pub async fn is_done(db: &AnyPool, store_id: &str, field: &str) -> Result<bool, sqlx::Error> {
    let query = match field {
        "addProduct" => "SELECT id FROM products WHERE store_id = $1 LIMIT 1",
        // Version 1 is the theme as created; a later one is the merchant's own save.
        "customizeTheme" => {
            "SELECT v.id FROM theme_versions v JOIN themes t ON t.id = v.theme_id \
             WHERE t.store_id = $1 AND v.version > 1 LIMIT 1"
        }
        "domainConfigured" => {
            "SELECT id FROM domains WHERE store_id = $1 AND domain_type <> 'SystemDefault' \
             AND verified_at IS NOT NULL LIMIT 1"
        }
        "paymentsConfigured" => "SELECT proxy_id FROM store_proxies WHERE store_id = $1 LIMIT 1",
        "testOrder" => "SELECT id FROM orders WHERE store_id = $1 LIMIT 1",
        _ => return Ok(false),
    };
    let row: Option<(String,)> = sqlx::query_as(query)
        .bind(store_id)
        .fetch_optional(db)
        .await?;
    Ok(row.is_some())
}

/// The name of the store's active theme, if it has one.
pub async fn active_theme_name(
    db: &AnyPool,
    store_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT name FROM themes WHERE store_id = $1 AND is_active = 1 LIMIT 1")
            .bind(store_id)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(name,)| name))
}

/// The steps the store skipped.
pub async fn skipped(db: &AnyPool, store_id: &str) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT field FROM onboarding_skips WHERE store_id = $1")
            .bind(store_id)
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(|(field,)| field).collect())
}

/// Keeps that the store skipped step `field` (again: no change).
pub async fn skip(db: &AnyPool, store_id: &str, field: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO onboarding_skips (store_id, field, skipped_at) VALUES ($1, $2, $3) \
         ON CONFLICT (store_id, field) DO NOTHING",
    )
    .bind(store_id)
    .bind(field)
    .bind(now_ms())
    .execute(db)
    .await?;
    Ok(())
}
