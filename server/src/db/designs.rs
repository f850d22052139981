//! The print-on-demand designs of a store's products in the database: one per product and kind,
//! kept as JSON with a version that every save moves on by one (a save of a stale version
//! writes nothing).

use shared_types::designs::{Design, DesignKind};
use sqlx::AnyPool;

use crate::error::ApiError;

/// The title of the store's product `id`, if the store has it.
pub async fn product_title(
    db: &AnyPool,
    store_id: &str,
    id: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT title FROM products WHERE id = $1 AND store_id = $2")
            .bind(id)
            .bind(store_id)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(title,)| title))
}

/// The stored design of `kind` with its version and last save, if one was saved.
pub async fn stored(
    db: &AnyPool,
    product_id: &str,
    kind: DesignKind,
) -> Result<Option<(Design, i64, i64)>, ApiError> {
    let row: Option<(String, i64, i64)> = sqlx::query_as(
        "SELECT data, version, updated_at FROM product_designs WHERE product_id = $1 AND kind = $2",
    )
    .bind(product_id)
    .bind(core_wasm::designs::kind_name(kind))
    .fetch_optional(db)
    .await?;
    row.map(|(data, version, at)| {
        serde_json::from_str(&data)
            .map(|design| (design, version, at))
            .map_err(ApiError::internal)
    })
    .transpose()
}

/// A save of a design: whose product, which kind, its JSON, who saves it and when.
#[derive(Debug)]
pub struct DesignSave<'a> {
    pub store_id: &'a str,
    pub product_id: &'a str,
    pub kind: DesignKind,
    pub data: &'a str,
    pub user_id: &'a str,
    pub now: i64,
}

/// Writes the design as the version after `expected` (0: the first save); false when the stored
/// version is no longer `expected` (another save came first) and nothing was written.
pub async fn save(db: &AnyPool, save: &DesignSave<'_>, expected: i64) -> Result<bool, sqlx::Error> {
    let kind = core_wasm::designs::kind_name(save.kind);
    let written = if expected == 0 {
        sqlx::query(
            "INSERT INTO product_designs (product_id, kind, store_id, data, version, updated_by, updated_at) \
             VALUES ($1, $2, $3, $4, 1, $5, $6) ON CONFLICT (product_id, kind) DO NOTHING",
        )
        .bind(save.product_id)
        .bind(kind)
        .bind(save.store_id)
        .bind(save.data)
        .bind(save.user_id)
        .bind(save.now)
        .execute(db)
        .await?
    } else {
        sqlx::query(
            "UPDATE product_designs SET data = $1, version = $2, updated_by = $3, updated_at = $4 \
             WHERE product_id = $5 AND kind = $6 AND store_id = $7 AND version = $8",
        )
        .bind(save.data)
        .bind(expected + 1)
        .bind(save.user_id)
        .bind(save.now)
        .bind(save.product_id)
        .bind(kind)
        .bind(save.store_id)
        .bind(expected)
        .execute(db)
        .await?
    };
    Ok(written.rows_affected() > 0)
}
