//! A store's content pages in the database: rows read into the API's shape, the admin's paged
//! list, one page by id, the published ones the storefront shows, and the writes of the pages'
//! routes once the core has checked and sanitized them.

use shared_types::catalog::Page;
use sqlx::AnyPool;

/// A page's columns as `PAGE_COLUMNS` reads them.
type PageRow = (String, String, String, String, i64, i64, i64);

const PAGE_COLUMNS: &str = "id, title, handle, body_html, published, created_at, updated_at";

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
pub struct PageWrite<'a> {
    pub title: &'a str,
    pub handle: &'a str,
    pub body_html: &'a str,
    pub published: bool,
}

/// Page `id` of the store, if any.
pub async fn by_id(db: &AnyPool, store_id: &str, id: &str) -> Result<Option<Page>, sqlx::Error> {
    let sql = format!("SELECT {PAGE_COLUMNS} FROM pages WHERE store_id = $1 AND id = $2");
    let row: Option<PageRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(id)
        .fetch_optional(db)
        .await?;
    Ok(row.map(page))
}

/// One page of the store's pages, newest first (`published`: only those, only the others, or
/// all with `None`), and how many there are in all.
pub async fn list(
    db: &AnyPool,
    store_id: &str,
    published: Option<bool>,
    limit: u32,
    offset: i64,
) -> Result<(Vec<Page>, i64), sqlx::Error> {
    let published = published.map_or(-1, i64::from);
    let filter = "store_id = $1 AND ($2 = -1 OR published = $2)";
    let sql = format!(
        "SELECT {PAGE_COLUMNS} FROM pages WHERE {filter} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4"
    );
    let rows: Vec<PageRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(published)
        .bind(i64::from(limit))
        .bind(offset)
        .fetch_all(db)
        .await?;
    let (total,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM pages WHERE {filter}"
    )))
    .bind(store_id)
    .bind(published)
    .fetch_one(db)
    .await?;
    Ok((rows.into_iter().map(page).collect(), total))
}

/// The store's published pages, oldest first (the storefront's read API).
pub async fn published(db: &AnyPool, store_id: &str) -> Result<Vec<Page>, sqlx::Error> {
    let sql = format!(
        "SELECT {PAGE_COLUMNS} FROM pages WHERE store_id = $1 AND published = 1 ORDER BY created_at, id"
    );
    let rows: Vec<PageRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().map(page).collect())
}

/// The store's published page with `handle`, if any.
pub async fn published_by_handle(
    db: &AnyPool,
    store_id: &str,
    handle: &str,
) -> Result<Option<Page>, sqlx::Error> {
    let sql = format!(
        "SELECT {PAGE_COLUMNS} FROM pages WHERE store_id = $1 AND handle = $2 AND published = 1"
    );
    let row: Option<PageRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(handle)
        .fetch_optional(db)
        .await?;
    Ok(row.map(page))
}

/// Inserts page `id` of the store, created and updated at `now`.
pub async fn insert(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    write: &PageWrite<'_>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO pages (id, store_id, title, handle, body_html, published, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(id)
    .bind(store_id)
    .bind(write.title)
    .bind(write.handle)
    .bind(write.body_html)
    .bind(i64::from(write.published))
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// Replaces page `id` of the store, updated at `now`.
pub async fn update(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    write: &PageWrite<'_>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE pages SET title = $1, handle = $2, body_html = $3, published = $4, updated_at = $5 \
         WHERE id = $6 AND store_id = $7",
    )
    .bind(write.title)
    .bind(write.handle)
    .bind(write.body_html)
    .bind(i64::from(write.published))
    .bind(now)
    .bind(id)
    .bind(store_id)
    .execute(db)
    .await?;
    Ok(())
}

/// Deletes page `id` of the store; whether there was one.
pub async fn delete(db: &AnyPool, store_id: &str, id: &str) -> Result<bool, sqlx::Error> {
    let deleted = sqlx::query("DELETE FROM pages WHERE id = $1 AND store_id = $2")
        .bind(id)
        .bind(store_id)
        .execute(db)
        .await?;
    Ok(deleted.rows_affected() > 0)
}
