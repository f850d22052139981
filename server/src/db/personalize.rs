//! Personalized products' set-ups and their fonts in the database, once the core
//! (`core_wasm::personalize`) has checked them.

use core_wasm::personalize::CheckedSetup;
use shared_types::{Personalize, PersonalizeFont};
use sqlx::AnyPool;

use crate::db::{now_ms, rfc3339};

type Row = (String, String, String, String, i64);

fn personalize((id, product_id, name, layers, updated_at): Row) -> Personalize {
    Personalize {
        id,
        product_id,
        name,
        layers: serde_json::from_str(&layers).unwrap_or_default(),
        updated_date: rfc3339(updated_at),
    }
}

const SELECT: &str = "SELECT id, product_id, name, layers, updated_at FROM personalizes";

/// Set-up `id` of the store, if any.
pub async fn by_id(
    db: &AnyPool,
    store_id: &str,
    id: &str,
) -> Result<Option<Personalize>, sqlx::Error> {
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE id = $1 AND store_id = $2"
    )))
    .bind(id)
    .bind(store_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(personalize))
}

/// How many set-ups the store has.
pub async fn count(db: &AnyPool, store_id: &str) -> Result<i64, sqlx::Error> {
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM personalizes WHERE store_id = $1")
        .bind(store_id)
        .fetch_one(db)
        .await?;
    Ok(total)
}

/// One page of the store's set-ups, last changed first.
pub async fn list(
    db: &AnyPool,
    store_id: &str,
    limit: u32,
    offset: i64,
) -> Result<Vec<Personalize>, sqlx::Error> {
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE store_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2 OFFSET $3"
    )))
    .bind(store_id)
    .bind(i64::from(limit))
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(personalize).collect())
}

/// The set-ups of product `product_id`, last changed first.
pub async fn of_product(
    db: &AnyPool,
    store_id: &str,
    product_id: &str,
) -> Result<Vec<Personalize>, sqlx::Error> {
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE store_id = $1 AND product_id = $2 ORDER BY updated_at DESC"
    )))
    .bind(store_id)
    .bind(product_id)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(personalize).collect())
}

/// Writes a new set-up `id`.
pub async fn insert(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    setup: &CheckedSetup,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO personalizes (id, store_id, product_id, name, layers, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(id)
    .bind(store_id)
    .bind(&setup.product_id)
    .bind(&setup.name)
    .bind(&setup.layers)
    .bind(now_ms())
    .execute(db)
    .await?;
    Ok(())
}

/// Replaces set-up `id`; whether there was one.
pub async fn update(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    setup: &CheckedSetup,
) -> Result<bool, sqlx::Error> {
    let updated = sqlx::query("UPDATE personalizes SET product_id = $1, name = $2, layers = $3, updated_at = $4 WHERE id = $5 AND store_id = $6")
        .bind(&setup.product_id)
        .bind(&setup.name)
        .bind(&setup.layers)
        .bind(now_ms())
        .bind(id)
        .bind(store_id)
        .execute(db)
        .await?
        .rows_affected();
    Ok(updated > 0)
}

/// The store's fonts, by name.
pub async fn fonts(db: &AnyPool, store_id: &str) -> Result<Vec<PersonalizeFont>, sqlx::Error> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT id, name, font_url FROM personalize_fonts WHERE store_id = $1 ORDER BY name, id",
    )
    .bind(store_id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name, font_url)| PersonalizeFont { id, name, font_url })
        .collect())
}

/// Writes a checked font.
pub async fn insert_font(
    db: &AnyPool,
    store_id: &str,
    font: &PersonalizeFont,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO personalize_fonts (id, store_id, name, font_url, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&font.id)
        .bind(store_id)
        .bind(&font.name)
        .bind(&font.font_url)
        .bind(now_ms())
        .execute(db)
        .await?;
    Ok(())
}
