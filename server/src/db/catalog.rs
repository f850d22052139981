//! A store's products and collections in the database: the paged and filtered lists the admin,
//! the public API and the storefront share, one product or collection by id or handle (rows
//! read into the API's shapes, a collection with its products' ids), and the writes of the
//! catalog's routes once the core has checked what is written.

use serde::Deserialize;
use shared_types::catalog::{
    Collection, CollectionList, Image, Product, ProductList, ProductOption, Variant,
};
use sqlx::AnyPool;
use utoipa::IntoParams;

use super::listing::{Search, Table, Target, WithHandle, with_handle};
use super::{begin_write, contains_pattern};
use crate::error::ApiError;

/// A product's columns as `PRODUCTS` reads them, its store's currency last.
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
    Option<i64>,
    String,
    i64,
    i64,
    String,
);

const PRODUCTS: Table<ProductRow, Product> = Table {
    columns: concat!(
        "p.id, p.title, p.handle, p.description_html, p.images, p.options, p.variants, \
        p.tags, p.price_minor, p.compare_at_minor, p.weight_grams, p.status, p.created_at, p.updated_at, ",
        super::currency_column!("p.store_id")
    ),
    from: "products p",
    show: product,
};

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
        weight_grams,
        status,
        created_at,
        updated_at,
        currency,
    ) = row;
    let currency = core_wasm::formats::currency_or_default(&currency);
    Product {
        legacy_id: id.clone(),
        id,
        title,
        handle,
        description_html,
        images: serde_json::from_str::<Vec<Image>>(&images).unwrap_or_default(),
        price: core_wasm::money::stored(price, currency),
        compare_at_price: compare.map(|c| core_wasm::money::stored(c, currency)),
        options: serde_json::from_str::<Vec<ProductOption>>(&options).unwrap_or_default(),
        variants: serde_json::from_str::<Vec<Variant>>(&variants).unwrap_or_default(),
        tags: serde_json::from_str(&tags).unwrap_or_default(),
        weight_grams,
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
    let search = Search::new(query.search.as_deref().unwrap_or(""));
    let status = query.status.as_deref().unwrap_or_default();
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
    let binds = [
        store_id.into(),
        search.words(),
        search.pattern(),
        status.into(),
        in_collection.as_str().into(),
        with_tag.as_str().into(),
    ];
    let (products, total) = PRODUCTS
        .select(filter, &binds)
        .order_by("p.created_at DESC, p.id DESC")
        .page(db, paging)
        .await?;
    Ok(ProductList {
        products,
        total,
        page: paging.page,
        limit: paging.limit,
    })
}

/// The filter finding a row of the store by `column` (`$2`): its handle when `column` is
/// `"handle"`, else its id.
fn by_column(column: &str) -> &'static str {
    if column == "handle" {
        "store_id = $1 AND handle = $2"
    } else {
        "store_id = $1 AND id = $2"
    }
}

/// A product of the store by id or, when `column` is `"handle"`, by handle; `NotFound` when
/// there is none.
pub async fn product_where(
    db: &AnyPool,
    store_id: &str,
    column: &str,
    value: &str,
) -> Result<Product, ApiError> {
    let binds = [store_id.into(), value.into()];
    let found = PRODUCTS.select(by_column(column), &binds).one(db).await?;
    found.ok_or(ApiError::NotFound)
}

/// What a store's catalog holds: products and collections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    Product,
    Collection,
}

impl Item {
    fn table(self) -> &'static str {
        match self {
            Item::Product => "products",
            Item::Collection => "collections",
        }
    }

    /// The column of `collection_products` that names one.
    fn place(self) -> &'static str {
        match self {
            Item::Product => "product_id",
            Item::Collection => "collection_id",
        }
    }
}

/// Whether `id` is a product or a collection (`item`) of the store.
pub async fn exists<'e, E>(db: E, item: Item, store_id: &str, id: &str) -> Result<bool, sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let sql = format!(
        "SELECT id FROM {} WHERE id = $1 AND store_id = $2",
        item.table()
    );
    let found: Option<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
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
    pub description_html: String,
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
    /// One unit's weight in grams, if weighed.
    pub weight_grams: Option<i64>,
    /// active, draft or archived.
    pub status: String,
}

with_handle!(ProductWrite: "products", "product", [
    title, handle, description_html, images, options, variants, tags, price_minor,
    compare_at_minor, weight_grams, status,
]);

/// Deletes the store's product or collection `id` (`item`) and, first, its places in
/// collections, in one transaction. Whether there was one (when not, nothing is written): a
/// collection's products stay.
pub async fn delete(
    db: &AnyPool,
    item: Item,
    store_id: &str,
    id: &str,
) -> Result<bool, sqlx::Error> {
    let (table, place) = (item.table(), item.place());
    let mut tx = begin_write(db).await?;
    let places = format!(
        "DELETE FROM collection_products WHERE {place} IN (SELECT id FROM {table} WHERE id = $1 AND store_id = $2)"
    );
    sqlx::query(sqlx::AssertSqlSafe(places))
        .bind(id)
        .bind(store_id)
        .execute(&mut *tx)
        .await?;
    let row = format!("DELETE FROM {table} WHERE id = $1 AND store_id = $2");
    let deleted = sqlx::query(sqlx::AssertSqlSafe(row))
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

/// A collection's columns as `COLLECTIONS` reads them.
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

/// The collections' rows, read as they are: a row becomes a collection once its products'
/// ids are read (`collection`).
const COLLECTIONS: Table<CollectionRow, CollectionRow> = Table {
    columns: "id, title, handle, image, kind, rule_tag, created_at, updated_at",
    from: "collections",
    show: std::convert::identity,
};

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
    let binds = [store_id.into(), value.into()];
    let row = COLLECTIONS
        .select(by_column(column), &binds)
        .one(db)
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
    let search = Search::new(query.search.as_deref().unwrap_or(""));
    let binds = [store_id.into(), search.words(), search.pattern()];
    let (rows, total) = COLLECTIONS
        .select(
            "store_id = $1 AND ($2 = '' OR LOWER(title) LIKE $3 ESCAPE '!')",
            &binds,
        )
        .order_by("created_at, id")
        .page(db, paging)
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
    pub rule_tag: Option<String>,
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

with_handle!(CollectionWrite: "collections", "collection", [title, handle, image, kind, rule_tag],
    write = write_collection);

/// Writes the `target` collection of the store and its products at `now`, in one transaction.
async fn write_collection(
    c: &CollectionWrite,
    db: &AnyPool,
    store_id: &str,
    target: Target<'_>,
    now: i64,
) -> Result<(), sqlx::Error> {
    let mut tx = begin_write(db).await?;
    c.changes(now).save(&mut *tx, store_id, target).await?;
    write_collection_products(&mut tx, target.id(), &c.product_ids).await?;
    tx.commit().await
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
