//! A store's navigation menus in the database: rows read into the API's shape (the items kept
//! as JSON text), the store's list, one by id, and the writes of the menus' routes once the
//! core has checked the items.

use shared_types::catalog::{Menu, MenuItem};
use sqlx::AnyPool;

use crate::db::listing::{Changes, Table, with_handle};
use crate::error::ApiError;

/// A menu's columns as `MENUS` reads them.
type MenuRow = (String, String, String, String, i64, i64);

const MENUS: Table<MenuRow, Menu> = Table {
    columns: "id, title, handle, items, created_at, updated_at",
    from: "menus",
    show: menu,
};

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
    let binds = [store_id.into()];
    MENUS
        .select("store_id = $1", &binds)
        .order_by("created_at, id")
        .all(db)
        .await
}

/// Menu `id` of the store, if any.
pub async fn by_id(db: &AnyPool, store_id: &str, id: &str) -> Result<Option<Menu>, sqlx::Error> {
    MENUS.by_id(db, store_id, id).await
}

/// A menu as it is written: its title, handle and items (as the JSON text of their column).
#[derive(Debug)]
pub struct MenuWrite {
    title: String,
    handle: String,
    items: String,
}

impl MenuWrite {
    pub fn new(title: String, handle: String, items: &[MenuItem]) -> Result<Self, ApiError> {
        Ok(Self {
            title,
            handle,
            items: items_text(items)?,
        })
    }
}

with_handle!(MenuWrite: "menus", "menu", [title, handle, items]);

/// Replaces the items of menu `id` of the store, updated at `now`.
pub async fn update_items(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    items: &[MenuItem],
    now: i64,
) -> Result<(), ApiError> {
    let items = items_text(items)?;
    let changes = Changes::new("menus", now).set("items", &items);
    changes.update(db, store_id, id).await?;
    Ok(())
}
