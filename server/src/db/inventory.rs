//! The product columns that batch changes touch (stock per variant, the bulk editor's rows,
//! bulk price and status updates), each read and written on the caller's transaction so that a
//! batch is written whole or not at all.

use shared_types::catalog::Variant;
use sqlx::AnyConnection;

use crate::db::listing::Changes;
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
    let variants = variants_text(variants)?;
    let changes = Changes::new("products", now).set("variants", &variants);
    changes.update(conn, store_id, id).await?;
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
    Changes::new("products", now)
        .set_some("title", patch.title)
        .set("price_minor", patch.price_minor)
        .set("compare_at_minor", patch.compare_at_minor)
        .set_some("status", patch.status)
        .update(conn, store_id, id)
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
    let changes = Changes::new("products", now).set("status", status);
    changes.update(conn, store_id, id).await?;
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
    let variants = variants_text(&priced.variants)?;
    Changes::new("products", now)
        .set("price_minor", priced.price_minor)
        .set("compare_at_minor", priced.compare_at_minor)
        .set("variants", &variants)
        .update(conn, store_id, id)
        .await?;
    Ok(())
}
