//! The product columns that batch changes touch (stock per variant, the bulk editor's rows,
//! bulk price and status updates), each read and written on the caller's transaction so that a
//! batch is written whole or not at all.

use shared_types::catalog::Variant;
use sqlx::AnyConnection;

use crate::error::ApiError;

/// One product's prices and variants.
#[derive(Debug)]
pub struct Priced {
    pub price_minor: i64,
    pub compare_at_minor: Option<i64>,
    pub variants: Vec<Variant>,
}

fn variants_text(variants: &[Variant]) -> Result<String, ApiError> {
    serde_json::to_string(variants).map_err(ApiError::internal)
}

/// The prices and variants of the store's product `id`, if the store has it (variants that no
/// longer read are none).
pub async fn priced(
    conn: &mut AnyConnection,
    store_id: &str,
    id: &str,
) -> Result<Option<Priced>, sqlx::Error> {
    let row: Option<(i64, Option<i64>, String)> = sqlx::query_as(
        "SELECT price_minor, compare_at_minor, variants FROM products WHERE store_id = $1 AND id = $2",
    )
    .bind(store_id)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(|(price_minor, compare_at_minor, variants)| Priced {
        price_minor,
        compare_at_minor,
        variants: serde_json::from_str(&variants).unwrap_or_default(),
    }))
}

/// Replaces the variants of the store's product `id`, updated at `now`.
pub async fn set_variants(
    conn: &mut AnyConnection,
    store_id: &str,
    id: &str,
    variants: &[Variant],
    now: i64,
) -> Result<(), ApiError> {
    sqlx::query(
        "UPDATE products SET variants = $1, updated_at = $2 WHERE store_id = $3 AND id = $4",
    )
    .bind(variants_text(variants)?)
    .bind(now)
    .bind(store_id)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A bulk editor's row as written: a new title and status when given, the prices always.
#[derive(Debug)]
pub struct Patch<'a> {
    pub title: Option<&'a str>,
    pub price_minor: i64,
    pub compare_at_minor: Option<i64>,
    pub status: Option<&'a str>,
}

/// Writes a bulk editor's row to the store's product `id`, updated at `now`.
pub async fn patch(
    conn: &mut AnyConnection,
    store_id: &str,
    id: &str,
    patch: &Patch<'_>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE products SET title = COALESCE($1, title), price_minor = $2, compare_at_minor = $3, \
         status = COALESCE($4, status), updated_at = $5 WHERE store_id = $6 AND id = $7",
    )
    .bind(patch.title)
    .bind(patch.price_minor)
    .bind(patch.compare_at_minor)
    .bind(patch.status)
    .bind(now)
    .bind(store_id)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The kind and rule tag of the store's collection `id`, if the store has it.
pub async fn collection_rule(
    conn: &mut AnyConnection,
    store_id: &str,
    id: &str,
) -> Result<Option<(String, Option<String>)>, sqlx::Error> {
    sqlx::query_as("SELECT kind, rule_tag FROM collections WHERE store_id = $1 AND id = $2")
        .bind(store_id)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

/// The ids of the store's products, only those of the manual collection `in_collection` and
/// only those whose tags match the pattern `with_tag` (each ignored when empty).
pub async fn product_ids(
    conn: &mut AnyConnection,
    store_id: &str,
    in_collection: &str,
    with_tag: &str,
) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT p.id FROM products p WHERE p.store_id = $1 \
         AND ($2 = '' OR p.id IN (SELECT product_id FROM collection_products WHERE collection_id = $2)) \
         AND ($3 = '' OR p.tags LIKE $3 ESCAPE '!')",
    )
    .bind(store_id)
    .bind(in_collection)
    .bind(with_tag)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Sets the status of the store's product `id`, updated at `now`.
pub async fn set_status(
    conn: &mut AnyConnection,
    store_id: &str,
    id: &str,
    status: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE products SET status = $1, updated_at = $2 WHERE store_id = $3 AND id = $4")
        .bind(status)
        .bind(now)
        .bind(store_id)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Writes the prices and variants of the store's product `id`, updated at `now`.
pub async fn set_prices(
    conn: &mut AnyConnection,
    store_id: &str,
    id: &str,
    priced: &Priced,
    now: i64,
) -> Result<(), ApiError> {
    sqlx::query(
        "UPDATE products SET price_minor = $1, compare_at_minor = $2, variants = $3, updated_at = $4 \
         WHERE store_id = $5 AND id = $6",
    )
    .bind(priced.price_minor)
    .bind(priced.compare_at_minor)
    .bind(variants_text(&priced.variants)?)
    .bind(now)
    .bind(store_id)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
