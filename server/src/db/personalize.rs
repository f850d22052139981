//! Personalized products' set-ups and their fonts in the database, once the core
//! (`core_wasm::personalize`) has checked them.

use core_wasm::catalog::Paging;
use core_wasm::personalize::CheckedSetup;
use shared_types::{Personalize, PersonalizeFont};
use sqlx::AnyPool;

use crate::db::listing::{Changes, Table, Target};
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

const SETUPS: Table<Row, Personalize> = Table {
    columns: "id, product_id, name, layers, updated_at",
    from: "personalizes",
    show: personalize,
};

/// Set-up `id` of the store, if any.
pub async fn by_id(
    db: &AnyPool,
    store_id: &str,
    id: &str,
) -> Result<Option<Personalize>, sqlx::Error> {
    SETUPS.by_id(db, store_id, id).await
}

/// How many set-ups the store has.
pub async fn count(db: &AnyPool, store_id: &str) -> Result<i64, sqlx::Error> {
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM personalizes WHERE store_id = $1")
        .bind(store_id)
        .fetch_one(db)
        .await?;
    Ok(total)
}

/// One page of the store's set-ups, last changed first, and how many there are.
pub async fn list(
    db: &AnyPool,
    store_id: &str,
    paging: Paging,
) -> Result<(Vec<Personalize>, i64), sqlx::Error> {
    let binds = [store_id.into()];
    SETUPS
        .select("store_id = $1", &binds)
        .order_by("updated_at DESC, id DESC")
        .page(db, paging)
        .await
}

/// The set-ups of product `product_id`, last changed first.
pub async fn of_product(
    db: &AnyPool,
    store_id: &str,
    product_id: &str,
) -> Result<Vec<Personalize>, sqlx::Error> {
    let binds = [store_id.into(), product_id.into()];
    SETUPS
        .select("store_id = $1 AND product_id = $2", &binds)
        .order_by("updated_at DESC")
        .all(db)
        .await
}

/// The layers of product `product_id`'s set-up (its last changed one), or `None` when it
/// has none: what its page asks the shopper for and what the checkout checks.
pub async fn layers_of(
    db: &AnyPool,
    store_id: &str,
    product_id: &str,
) -> Result<Option<Vec<serde_json::Value>>, sqlx::Error> {
    Ok(of_product(db, store_id, product_id)
        .await?
        .into_iter()
        .next()
        .map(|setup| setup.layers))
}

/// Writes `setup` to the `target` set-up; whether there was one to write.
pub async fn save(
    db: &AnyPool,
    store_id: &str,
    target: Target<'_>,
    setup: &CheckedSetup,
) -> Result<bool, sqlx::Error> {
    Changes::new("personalizes", now_ms())
        .set("product_id", &setup.product_id)
        .set("name", &setup.name)
        .set("layers", &setup.layers)
        .save(db, store_id, target)
        .await
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
