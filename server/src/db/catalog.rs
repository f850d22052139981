//! A store's products and collections in the database: the paged and filtered lists the admin,
//! the public API and the storefront share, one product or collection by id or handle (rows
//! read into the API's shapes, a collection with its products' ids), and the writes of the
//! catalog's routes once the core has checked what is written.

use core_wasm::catalog as rules;
use serde::Deserialize;
use shared_types::catalog::{
    Collection, CollectionList, Image, Product, ProductList, ProductOption, Variant,
};
use sqlx::AnyPool;
use utoipa::IntoParams;

use super::{begin_write, contains_pattern};
use crate::error::ApiError;

/// A product's columns as `PRODUCT_COLUMNS` reads them.
type ProductRow = (
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    i64,
    Option<i64>,
    String,
    i64,
    i64,
);

const PRODUCT_COLUMNS: &str = "p.id, p.title, p.handle, p.description_html, p.images, p.options, \
    p.variants, p.tags, p.price_minor, p.compare_at_minor, p.status, p.created_at, p.updated_at";

/// A product row as the API shows it: prices as money, the JSON list columns read (a list that
/// no longer reads is shown empty).
fn product(row: ProductRow) -> Product {
    let (
        id,
        title,
        handle,
        description_html,
        images,
        options,
        variants,
        tags,
        price,
        compare,
        status,
        created_at,
        updated_at,
    ) = row;
    Product {
        legacy_id: id.clone(),
        id,
        title,
        handle,
        description_html,
        images: serde_json::from_str::<Vec<Image>>(&images).unwrap_or_default(),
        price: rules::minor_to_money(price),
        compare_at_price: compare.map(rules::minor_to_money),
        options: serde_json::from_str::<Vec<ProductOption>>(&options).unwrap_or_default(),
        variants: serde_json::from_str::<Vec<Variant>>(&variants).unwrap_or_default(),
        tags: serde_json::from_str(&tags).unwrap_or_default(),
        status,
        created_at,
        updated_at,
    }
}

/// The pattern matching products whose JSON tag list holds `tag`.
pub fn tag_pattern(tag: &str) -> String {
    contains_pattern(&serde_json::Value::String(tag.to_owned()).to_string())
}

/// Paging and filters of the product list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductQuery {
    /// From 1 (default 1).
    pub page: Option<u32>,
    /// At most 250 (default 20).
    pub limit: Option<u32>,
    /// Words in the title.
    pub search: Option<String>,
    /// Only products of the collection with this handle.
    pub chandle: Option<String>,
    /// active, draft or archived.
    pub status: Option<String>,
}

/// Lists a store's products with the filters, newest first (the admin's list, the public API,
/// the storefront and the product feeds).
pub async fn query_products(
    db: &AnyPool,
    store_id: &str,
    query: &ProductQuery,
) -> Result<ProductList, ApiError> {
    let paging = crate::paging::page(query.page, query.limit, core_wasm::limits::LIST_PAGE_SIZE)?;
    let search = query.search.as_deref().unwrap_or("").trim().to_lowercase();
    let search_pattern = contains_pattern(&search);
    let status = query.status.clone().unwrap_or_default();
    let (mut in_collection, mut with_tag) = (String::new(), String::new());
    if let Some(handle) = query.chandle.as_deref().filter(|h| !h.trim().is_empty()) {
        let row: Option<(String, String, Option<String>)> = sqlx::query_as(
            "SELECT id, kind, rule_tag FROM collections WHERE store_id = $1 AND handle = $2",
        )
        .bind(store_id)
        .bind(handle.trim())
        .fetch_optional(db)
        .await?;
        match row {
            Some((id, kind, _)) if kind == "manual" => in_collection = id,
            Some((_, _, Some(tag))) => with_tag = tag_pattern(&tag),
            _ => {
                return Ok(ProductList {
                    products: Vec::new(),
                    total: 0,
                    page: paging.page,
                    limit: paging.limit,
                });
            }
        }
    }
    let filter = "p.store_id = $1 AND ($2 = '' OR LOWER(p.title) LIKE $3 ESCAPE '!') \
        AND ($4 = '' OR p.status = $4) \
        AND ($5 = '' OR p.id IN (SELECT product_id FROM collection_products WHERE collection_id = $5)) \
        AND ($6 = '' OR p.tags LIKE $6 ESCAPE '!')";
    let sql = format!(
        "SELECT {PRODUCT_COLUMNS} FROM products p WHERE {filter} ORDER BY p.created_at DESC, p.id DESC LIMIT $7 OFFSET $8"
    );
    let rows: Vec<ProductRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(&search)
        .bind(&search_pattern)
        .bind(&status)
        .bind(&in_collection)
        .bind(&with_tag)
        .bind(i64::from(paging.limit))
        .bind(paging.offset)
        .fetch_all(db)
        .await?;
    let (total,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM products p WHERE {filter}"
    )))
    .bind(store_id)
    .bind(&search)
    .bind(&search_pattern)
    .bind(&status)
    .bind(&in_collection)
    .bind(&with_tag)
    .fetch_one(db)
    .await?;
    Ok(ProductList {
        products: rows.into_iter().map(product).collect(),
        total,
        page: paging.page,
        limit: paging.limit,
    })
}

/// A product of the store by id or, when `column` is `"handle"`, by handle; `NotFound` when
/// there is none.
pub async fn product_where(
    db: &AnyPool,
    store_id: &str,
    column: &str,
    value: &str,
) -> Result<Product, ApiError> {
    let column = if column == "handle" { "handle" } else { "id" };
    let sql = format!(
        "SELECT {PRODUCT_COLUMNS} FROM products p WHERE p.store_id = $1 AND p.{column} = $2"
    );
    let row: Option<ProductRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(value)
        .fetch_optional(db)
        .await?;
    row.map(product).ok_or(ApiError::NotFound)
}

/// Whether `id` is a product of the store.
pub async fn product_exists<'e, E>(db: E, store_id: &str, id: &str) -> Result<bool, sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let found: Option<(String,)> =
        sqlx::query_as("SELECT id FROM products WHERE id = $1 AND store_id = $2")
            .bind(id)
            .bind(store_id)
            .fetch_optional(db)
            .await?;
    Ok(found.is_some())
}

/// Whether `id` is a collection of the store.
pub async fn collection_exists<'e, E>(db: E, store_id: &str, id: &str) -> Result<bool, sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let found: Option<(String,)> =
        sqlx::query_as("SELECT id FROM collections WHERE id = $1 AND store_id = $2")
            .bind(id)
            .bind(store_id)
            .fetch_optional(db)
            .await?;
    Ok(found.is_some())
}

/// A product's columns after the core's checks, ready to write: the list columns as JSON text,
/// the description already sanitized.
#[derive(Debug)]
pub struct ProductWrite {
    /// The checked title.
    pub title: String,
    /// The checked handle, unique in the store.
    pub handle: String,
    /// The sanitized description HTML.
    pub description: String,
    /// The images as JSON text.
    pub images: String,
    /// The options as JSON text.
    pub options: String,
    /// The variants as JSON text, every one with an id.
    pub variants: String,
    /// The tags as JSON text.
    pub tags: String,
    /// The price in minor units.
    pub price_minor: i64,
    /// The compare-at price in minor units, if any.
    pub compare_at_minor: Option<i64>,
    /// active, draft or archived.
    pub status: String,
}

/// Inserts product `id` of the store, created and updated at `now`.
pub async fn insert_product(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    p: &ProductWrite,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO products (id, store_id, title, handle, description_html, images, options, variants, tags, \
         price_minor, compare_at_minor, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)",
    )
    .bind(id)
    .bind(store_id)
    .bind(&p.title)
    .bind(&p.handle)
    .bind(&p.description)
    .bind(&p.images)
    .bind(&p.options)
    .bind(&p.variants)
    .bind(&p.tags)
    .bind(p.price_minor)
    .bind(p.compare_at_minor)
    .bind(&p.status)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// Replaces the columns of product `id` of the store, updated at `now`.
pub async fn update_product(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    p: &ProductWrite,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE products SET title = $1, handle = $2, description_html = $3, images = $4, options = $5, \
         variants = $6, tags = $7, price_minor = $8, compare_at_minor = $9, status = $10, updated_at = $11 \
         WHERE id = $12 AND store_id = $13",
    )
    .bind(&p.title)
    .bind(&p.handle)
    .bind(&p.description)
    .bind(&p.images)
    .bind(&p.options)
    .bind(&p.variants)
    .bind(&p.tags)
    .bind(p.price_minor)
    .bind(p.compare_at_minor)
    .bind(&p.status)
    .bind(now)
    .bind(id)
    .bind(store_id)
    .execute(db)
    .await?;
    Ok(())
}

/// Deletes product `id` of the store and its places in collections, in one transaction.
/// Returns whether there was such a product (when not, nothing is written).
pub async fn delete_product(db: &AnyPool, store_id: &str, id: &str) -> Result<bool, sqlx::Error> {
    let mut tx = begin_write(db).await?;
    sqlx::query(
        "DELETE FROM collection_products WHERE product_id IN (SELECT id FROM products WHERE id = $1 AND store_id = $2)",
    )
    .bind(id)
    .bind(store_id)
    .execute(&mut *tx)
    .await?;
    let deleted = sqlx::query("DELETE FROM products WHERE id = $1 AND store_id = $2")
        .bind(id)
        .bind(store_id)
        .execute(&mut *tx)
        .await?;
    if deleted.rows_affected() == 0 {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

/// A collection's columns as `COLLECTION_COLUMNS` reads them.
type CollectionRow = (
    String,
    String,
    String,
    Option<String>,
    String,
    Option<String>,
    i64,
    i64,
);

const COLLECTION_COLUMNS: &str = "id, title, handle, image, kind, rule_tag, created_at, updated_at";

/// A collection row as the API shows it, with its products' ids read: listed by hand (in their
/// order) or every product of the store with the collection's tag (newest first).
async fn collection(
    db: &AnyPool,
    store_id: &str,
    row: CollectionRow,
) -> Result<Collection, ApiError> {
    let (id, title, handle, image, kind, tag, created_at, updated_at) = row;
    let ids: Vec<(String,)> = if kind == "manual" {
        sqlx::query_as(
            "SELECT cp.product_id FROM collection_products cp JOIN products p ON p.id = cp.product_id \
             WHERE cp.collection_id = $1 AND p.store_id = $2 ORDER BY cp.position, cp.product_id",
        )
        .bind(&id)
        .bind(store_id)
        .fetch_all(db)
        .await?
    } else {
        sqlx::query_as(
            "SELECT id FROM products WHERE store_id = $1 AND tags LIKE $2 ESCAPE '!' ORDER BY created_at DESC, id DESC",
        )
        .bind(store_id)
        .bind(tag_pattern(tag.as_deref().unwrap_or("")))
        .fetch_all(db)
        .await?
    };
    let product_ids: Vec<String> = ids.into_iter().map(|(id,)| id).collect();
    Ok(Collection {
        id,
        title,
        handle,
        image,
        kind,
        tag,
        products_count: i64::try_from(product_ids.len()).unwrap_or(i64::MAX),
        product_ids,
        created_at,
        updated_at,
    })
}

/// A collection of the store by id or, when `column` is `"handle"`, by handle, if any.
async fn collection_where(
    db: &AnyPool,
    store_id: &str,
    column: &str,
    value: &str,
) -> Result<Option<Collection>, ApiError> {
    let column = if column == "handle" { "handle" } else { "id" };
    let sql = format!(
        "SELECT {COLLECTION_COLUMNS} FROM collections WHERE store_id = $1 AND {column} = $2"
    );
    let row: Option<CollectionRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(value)
        .fetch_optional(db)
        .await?;
    match row {
        Some(row) => Ok(Some(collection(db, store_id, row).await?)),
        None => Ok(None),
    }
}

/// A collection of the store by id; `NotFound` when there is none.
pub async fn find_collection(
    db: &AnyPool,
    store_id: &str,
    id: &str,
) -> Result<Collection, ApiError> {
    collection_where(db, store_id, "id", id)
        .await?
        .ok_or(ApiError::NotFound)
}

/// A collection of the store by handle, if any.
pub async fn collection_by_handle(
    db: &AnyPool,
    store_id: &str,
    handle: &str,
) -> Result<Option<Collection>, ApiError> {
    collection_where(db, store_id, "handle", handle).await
}

/// Paging and search of the collection list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CollectionQuery {
    /// From 1 (default 1).
    pub page: Option<u32>,
    /// At most 250 (default 20).
    pub limit: Option<u32>,
    /// Words in the title.
    pub search: Option<String>,
}

/// Lists a store's collections, oldest first (the admin's list, the public API and the
/// storefront).
pub async fn query_collections(
    db: &AnyPool,
    store_id: &str,
    query: &CollectionQuery,
) -> Result<CollectionList, ApiError> {
    let paging = crate::paging::page(query.page, query.limit, core_wasm::limits::LIST_PAGE_SIZE)?;
    let search = query.search.as_deref().unwrap_or("").trim().to_lowercase();
    let pattern = contains_pattern(&search);
    let filter = "store_id = $1 AND ($2 = '' OR LOWER(title) LIKE $3 ESCAPE '!')";
    let sql = format!(
        "SELECT {COLLECTION_COLUMNS} FROM collections WHERE {filter} ORDER BY created_at, id LIMIT $4 OFFSET $5"
    );
    let rows: Vec<CollectionRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(&search)
        .bind(&pattern)
        .bind(i64::from(paging.limit))
        .bind(paging.offset)
        .fetch_all(db)
        .await?;
    let (total,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM collections WHERE {filter}"
    )))
    .bind(store_id)
    .bind(&search)
    .bind(&pattern)
    .fetch_one(db)
    .await?;
    let mut collections = Vec::with_capacity(rows.len());
    for row in rows {
        collections.push(collection(db, store_id, row).await?);
    }
    Ok(CollectionList { collections, total })
}

/// A collection's fields after the checks, ready to write.
#[derive(Debug)]
pub struct CollectionWrite {
    /// The checked title.
    pub title: String,
    /// The checked handle, unique in the store.
    pub handle: String,
    /// The image's address, if any.
    pub image: Option<String>,
    /// `manual` or `tag`.
    pub kind: String,
    /// The tag of a collection by tag.
    pub tag: Option<String>,
    /// The products of a manual collection, in order, each the store's own and listed once.
    pub product_ids: Vec<String>,
}

/// Replaces the products listed in a collection by `ids`, in their order.
async fn write_collection_products(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    collection_id: &str,
    ids: &[String],
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM collection_products WHERE collection_id = $1")
        .bind(collection_id)
        .execute(&mut **tx)
        .await?;
    for (position, id) in ids.iter().enumerate() {
        sqlx::query(
            "INSERT INTO collection_products (collection_id, product_id, position) VALUES ($1, $2, $3)",
        )
        .bind(collection_id)
        .bind(id)
        .bind(i64::try_from(position).unwrap_or(i64::MAX))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Inserts collection `id` of the store with its products, created and updated at `now`, in
/// one transaction.
pub async fn insert_collection(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    c: &CollectionWrite,
    now: i64,
) -> Result<(), sqlx::Error> {
    let mut tx = begin_write(db).await?;
    sqlx::query(
        "INSERT INTO collections (id, store_id, title, handle, image, kind, rule_tag, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(id)
    .bind(store_id)
    .bind(&c.title)
    .bind(&c.handle)
    .bind(&c.image)
    .bind(&c.kind)
    .bind(&c.tag)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    write_collection_products(&mut tx, id, &c.product_ids).await?;
    tx.commit().await
}

/// Replaces collection `id` of the store and its products, updated at `now`, in one
/// transaction.
pub async fn update_collection(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    c: &CollectionWrite,
    now: i64,
) -> Result<(), sqlx::Error> {
    let mut tx = begin_write(db).await?;
    sqlx::query(
        "UPDATE collections SET title = $1, handle = $2, image = $3, kind = $4, rule_tag = $5, updated_at = $6 \
         WHERE id = $7 AND store_id = $8",
    )
    .bind(&c.title)
    .bind(&c.handle)
    .bind(&c.image)
    .bind(&c.kind)
    .bind(&c.tag)
    .bind(now)
    .bind(id)
    .bind(store_id)
    .execute(&mut *tx)
    .await?;
    write_collection_products(&mut tx, id, &c.product_ids).await?;
    tx.commit().await
}

/// Deletes collection `id` of the store and its product list (the products stay), in one
/// transaction. Returns whether there was such a collection (when not, nothing is written).
pub async fn delete_collection(
    db: &AnyPool,
    store_id: &str,
    id: &str,
) -> Result<bool, sqlx::Error> {
    let mut tx = begin_write(db).await?;
    sqlx::query(
        "DELETE FROM collection_products WHERE collection_id IN (SELECT id FROM collections WHERE id = $1 AND store_id = $2)",
    )
    .bind(id)
    .bind(store_id)
    .execute(&mut *tx)
    .await?;
    let deleted = sqlx::query("DELETE FROM collections WHERE id = $1 AND store_id = $2")
        .bind(id)
        .bind(store_id)
        .execute(&mut *tx)
        .await?;
    if deleted.rows_affected() == 0 {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

/// The handle of the store's collection `id`, if the store has it.
pub async fn collection_handle(
    db: &AnyPool,
    store_id: &str,
    id: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT handle FROM collections WHERE store_id = $1 AND id = $2")
            .bind(store_id)
            .bind(id)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(handle,)| handle))
}
