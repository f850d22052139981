//! A store's navigation menus in the database: rows read into the API's shape (the items kept
//! as JSON text), the store's list, one by id, and the writes of the menus' routes once the
//! core has checked the items.

use shared_types::catalog::{Menu, MenuItem};
use sqlx::AnyPool;

use crate::error::ApiError;

/// A menu's columns as `MENU_COLUMNS` reads them.
type MenuRow = (String, String, String, String, i64, i64);

const MENU_COLUMNS: &str = "id, title, handle, items, created_at, updated_at";

/// A menu row as the API shows it (items that no longer read are shown as none).
fn menu((id, title, handle, items, created_at, updated_at): MenuRow) -> Menu {
    Menu {
        id,
        title,
        handle,
        items: serde_json::from_str(&items).unwrap_or_default(),
        created_at,
        updated_at,
    }
}

/// The items as the JSON text of their column.
fn items_text(items: &[MenuItem]) -> Result<String, ApiError> {
    serde_json::to_string(items).map_err(ApiError::internal)
}

/// The store's menus, oldest first.
pub async fn list(db: &AnyPool, store_id: &str) -> Result<Vec<Menu>, sqlx::Error> {
    let sql =
        format!("SELECT {MENU_COLUMNS} FROM menus WHERE store_id = $1 ORDER BY created_at, id");
    let rows: Vec<MenuRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().map(menu).collect())
}

/// Menu `id` of the store, if any.
pub async fn by_id(db: &AnyPool, store_id: &str, id: &str) -> Result<Option<Menu>, sqlx::Error> {
    let sql = format!("SELECT {MENU_COLUMNS} FROM menus WHERE store_id = $1 AND id = $2");
    let row: Option<MenuRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(id)
        .fetch_optional(db)
        .await?;
    Ok(row.map(menu))
}

/// Inserts menu `id` of the store, created and updated at `now`.
pub async fn insert(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    title: &str,
    handle: &str,
    items: &[MenuItem],
    now: i64,
) -> Result<(), ApiError> {
    sqlx::query(
        "INSERT INTO menus (id, store_id, title, handle, items, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(id)
    .bind(store_id)
    .bind(title)
    .bind(handle)
    .bind(items_text(items)?)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// Replaces the title, handle and items of menu `id` of the store, updated at `now`.
pub async fn update(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    title: &str,
    handle: &str,
    items: &[MenuItem],
    now: i64,
) -> Result<(), ApiError> {
    sqlx::query(
        "UPDATE menus SET title = $1, handle = $2, items = $3, updated_at = $4 WHERE id = $5 AND store_id = $6",
    )
    .bind(title)
    .bind(handle)
    .bind(items_text(items)?)
    .bind(now)
    .bind(id)
    .bind(store_id)
    .execute(db)
    .await?;
    Ok(())
}

/// Replaces the items of menu `id` of the store, updated at `now`.
pub async fn update_items(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    items: &[MenuItem],
    now: i64,
) -> Result<(), ApiError> {
    let items = items_text(items)?;
    sqlx::query("UPDATE menus SET items = $1, updated_at = $2 WHERE id = $3 AND store_id = $4")
        .bind(items)
        .bind(now)
        .bind(id)
        .bind(store_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Deletes menu `id` of the store; returns whether there was one.
pub async fn delete(db: &AnyPool, store_id: &str, id: &str) -> Result<bool, sqlx::Error> {
    let deleted = sqlx::query("DELETE FROM menus WHERE id = $1 AND store_id = $2")
        .bind(id)
        .bind(store_id)
        .execute(db)
        .await?;
    Ok(deleted.rows_affected() > 0)
}
