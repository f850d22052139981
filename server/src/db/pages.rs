//! A store's content pages in the database: rows read into the API's shape, the admin's paged
//! list, one page by id, the published ones the storefront shows, and the writes of the pages'
//! routes once the core has checked and sanitized them.

use core_wasm::catalog::Paging;
use shared_types::catalog::Page;
use sqlx::AnyPool;

use crate::db::listing::{Table, with_handle};

/// A page's columns as `PAGES` reads them.
type PageRow = (String, String, String, String, i64, i64, i64);

const PAGES: Table<PageRow, Page> = Table {
    columns: "id, title, handle, body_html, published, created_at, updated_at",
    from: "pages",
    show: page,
};

/// A page row as the API shows it.
fn page((id, title, handle, body_html, published, created_at, updated_at): PageRow) -> Page {
    Page {
        id,
        title,
        handle,
        body_html,
        published: published == 1,
        created_at,
        updated_at,
    }
}

/// A page as it is written: its title, handle, sanitized HTML and published flag.
#[derive(Debug)]
pub struct PageWrite {
    pub title: String,
    pub handle: String,
    pub body_html: String,
    pub published: bool,
}

with_handle!(PageWrite: "pages", "page", [title, handle, body_html, published]);

/// Page `id` of the store, if any.
pub async fn by_id(db: &AnyPool, store_id: &str, id: &str) -> Result<Option<Page>, sqlx::Error> {
    PAGES.by_id(db, store_id, id).await
}

/// One page of the store's pages, newest first (`published`: only those, only the others, or
/// all with `None`), and how many there are in all.
pub async fn list(
    db: &AnyPool,
    store_id: &str,
    published: Option<bool>,
    paging: Paging,
) -> Result<(Vec<Page>, i64), sqlx::Error> {
    let binds = [store_id.into(), published.map_or(-1, i64::from).into()];
    PAGES
        .select("store_id = $1 AND ($2 = -1 OR published = $2)", &binds)
        .order_by("created_at DESC, id DESC")
        .page(db, paging)
        .await
}

/// The store's published pages, oldest first (the storefront's read API).
pub async fn published(db: &AnyPool, store_id: &str) -> Result<Vec<Page>, sqlx::Error> {
    let binds = [store_id.into()];
    PAGES
        .select("store_id = $1 AND published = 1", &binds)
        .order_by("created_at, id")
        .all(db)
        .await
}

/// The store's published page with `handle`, if any.
pub async fn published_by_handle(
    db: &AnyPool,
    store_id: &str,
    handle: &str,
) -> Result<Option<Page>, sqlx::Error> {
    let binds = [store_id.into(), handle.into()];
    PAGES
        .select("store_id = $1 AND handle = $2 AND published = 1", &binds)
        .one(db)
        .await
}
