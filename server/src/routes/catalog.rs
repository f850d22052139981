//! The catalog the editor's pickers and the storefront need: products (paged, searched,
//! filtered by collection handle `chandle`) and collections (manual or by tag).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use core_wasm::catalog as rules;
use serde::Deserialize;
use shared_types::catalog::{
    Collection, CollectionInput, CollectionList, Image, Product, ProductInput, ProductList,
    ProductOption, Variant,
};
use shared_types::{ApiErrorBody, MessageResponse};
use sqlx::AnyPool;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::pages::{invalid, sanitize};
use crate::auth::store::{StoreAccess, routes as scoped};
use crate::db::{new_id, now_ms};
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_products, create_product))
        .routes(routes!(get_product, put_product, delete_product))
        .routes(routes!(list_collections, create_collection))
        .routes(routes!(get_collection, put_collection, delete_collection))
}

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

/// A `LIKE` pattern (with `ESCAPE '!'`) matching `needle` anywhere.
pub(crate) fn contains_pattern(needle: &str) -> String {
    let escaped = needle
        .replace('!', "!!")
        .replace('%', "!%")
        .replace('_', "!_");
    format!("%{escaped}%")
}

/// The pattern matching products whose JSON tag list holds `tag`.
pub(crate) fn tag_pattern(tag: &str) -> String {
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

/// Lists a store's products with the filters (shared with the public API).
pub(crate) async fn query_products(
    db: &AnyPool,
    store_id: &str,
    query: &ProductQuery,
) -> Result<ProductList, ApiError> {
    let limit = query.limit.unwrap_or(20).clamp(1, rules::PAGE_LIMIT_MAX);
    let page = query.page.unwrap_or(1).max(1);
    let offset = i64::from(page - 1) * i64::from(limit);
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
                    page,
                    limit,
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
        .bind(i64::from(limit))
        .bind(offset)
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
        page,
        limit,
    })
}

/// A product by id or, for the storefront, by handle.
pub(crate) async fn product_where(
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

/// The product's columns after the core's checks, ready to write.
struct ProductWrite {
    title: String,
    handle: String,
    description: String,
    images: String,
    options: String,
    variants: String,
    tags: String,
    price_minor: i64,
    compare_at_minor: Option<i64>,
    status: String,
}

fn product_write(input: ProductInput) -> Result<ProductWrite, ApiError> {
    let checked = rules::check_product(&input).map_err(ApiError::Invalid)?;
    let mut variants = checked.variants;
    for variant in &mut variants {
        if variant.id.is_empty() {
            variant.id = new_id();
        }
    }
    Ok(ProductWrite {
        title: checked.title,
        handle: checked.handle,
        description: sanitize(&input.description_html),
        images: json_text(&checked.images)?,
        options: json_text(&checked.options)?,
        variants: json_text(&variants)?,
        tags: json_text(&checked.tags)?,
        price_minor: checked.price_minor,
        compare_at_minor: checked.compare_at_minor,
        status: checked.status,
    })
}

/// JSON text of a list column.
fn json_text<T: serde::Serialize>(value: &T) -> Result<String, ApiError> {
    serde_json::to_string(value).map_err(ApiError::internal)
}

/// The store's products: `page`, `limit`, `search` in titles, `chandle` (a collection's handle)
/// and `status`. Newest first.
#[utoipa::path(get, path = "/stores/products", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ProductQuery),
    responses((status = 200, body = ProductList), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn list_products(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Products>,
    Query(query): Query<ProductQuery>,
) -> Result<Json<ProductList>, ApiError> {
    Ok(Json(
        query_products(&state.db, &access.store_id, &query).await?,
    ))
}

/// Creates a product; its description is sanitized.
#[utoipa::path(post, path = "/stores/products", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = ProductInput,
    responses((status = 201, body = Product), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn create_product(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Products>,
    Json(input): Json<ProductInput>,
) -> Result<(StatusCode, Json<Product>), ApiError> {
    let p = product_write(input)?;
    if crate::db::handle_taken(&state.db, "products", &access.store_id, &p.handle, "").await? {
        return Err(ApiError::Conflict(format!(
            "Another product already has the handle {}.",
            p.handle
        )));
    }
    let id = new_id();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO products (id, store_id, title, handle, description_html, images, options, variants, tags, \
         price_minor, compare_at_minor, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)",
    )
    .bind(&id)
    .bind(&access.store_id)
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
    .execute(&state.db)
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(product_where(&state.db, &access.store_id, "id", &id).await?),
    ))
}

/// One product.
#[utoipa::path(get, path = "/stores/products/{id}", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The product")),
    responses((status = 200, body = Product), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_product(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Products>,
    Path(id): Path<String>,
) -> Result<Json<Product>, ApiError> {
    Ok(Json(
        product_where(&state.db, &access.store_id, "id", &id).await?,
    ))
}

/// Replaces a product.
#[utoipa::path(put, path = "/stores/products/{id}", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The product")),
    request_body = ProductInput,
    responses((status = 200, body = Product), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn put_product(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Products>,
    Path(id): Path<String>,
    Json(input): Json<ProductInput>,
) -> Result<Json<Product>, ApiError> {
    product_where(&state.db, &access.store_id, "id", &id).await?;
    let p = product_write(input)?;
    if crate::db::handle_taken(&state.db, "products", &access.store_id, &p.handle, &id).await? {
        return Err(ApiError::Conflict(format!(
            "Another product already has the handle {}.",
            p.handle
        )));
    }
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
    .bind(now_ms())
    .bind(&id)
    .bind(&access.store_id)
    .execute(&state.db)
    .await?;
    Ok(Json(
        product_where(&state.db, &access.store_id, "id", &id).await?,
    ))
}

/// Deletes a product (and its place in collections).
#[utoipa::path(delete, path = "/stores/products/{id}", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The product")),
    responses((status = 200, body = MessageResponse), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn delete_product(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Products>,
    Path(id): Path<String>,
) -> Result<Json<MessageResponse>, ApiError> {
    let mut tx = crate::db::begin_write(&state.db).await?;
    sqlx::query(
        "DELETE FROM collection_products WHERE product_id IN (SELECT id FROM products WHERE id = $1 AND store_id = $2)",
    )
    .bind(&id)
    .bind(&access.store_id)
    .execute(&mut *tx)
    .await?;
    let deleted = sqlx::query("DELETE FROM products WHERE id = $1 AND store_id = $2")
        .bind(&id)
        .bind(&access.store_id)
        .execute(&mut *tx)
        .await?;
    if deleted.rows_affected() == 0 {
        return Err(ApiError::NotFound);
    }
    tx.commit().await?;
    Ok(Json(MessageResponse {
        message: "The product is deleted.".to_owned(),
    }))
}

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

/// Reads a collection's products (by hand or by tag) into the row.
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

/// A collection of the store by id; 404 when there is none.
pub(crate) async fn find_collection(
    state: &AppState,
    store_id: &str,
    id: &str,
) -> Result<Collection, ApiError> {
    collection_where(&state.db, store_id, "id", id)
        .await?
        .ok_or(ApiError::NotFound)
}

/// A collection of the store by handle, if any.
pub(crate) async fn collection_by_handle(
    state: &AppState,
    store_id: &str,
    handle: &str,
) -> Result<Option<Collection>, ApiError> {
    collection_where(&state.db, store_id, "handle", handle).await
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

/// Lists a store's collections (shared with the public API).
pub(crate) async fn query_collections(
    db: &AnyPool,
    store_id: &str,
    query: &CollectionQuery,
) -> Result<CollectionList, ApiError> {
    let limit = query.limit.unwrap_or(20).clamp(1, rules::PAGE_LIMIT_MAX);
    let offset = i64::from(query.page.unwrap_or(1).max(1) - 1) * i64::from(limit);
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
        .bind(i64::from(limit))
        .bind(offset)
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

/// A collection's fields after the checks: (title, handle, image, kind, tag, product ids).
type CollectionWrite = (
    String,
    String,
    Option<String>,
    String,
    Option<String>,
    Vec<String>,
);

async fn collection_write(
    state: &AppState,
    store_id: &str,
    input: CollectionInput,
) -> Result<CollectionWrite, ApiError> {
    let problems = rules::collection_problems(&input);
    if !problems.is_empty() {
        return Err(ApiError::Invalid(problems));
    }
    let title = rules::check_title("A collection's title", &input.title).map_err(invalid)?;
    let handle = rules::check_handle(input.handle.as_deref(), &title).map_err(invalid)?;
    let kind = input.kind.unwrap_or_else(|| "manual".to_owned());
    let tag = match kind.as_str() {
        "manual" => None,
        "tag" => {
            let tags = rules::check_tags(&[input.tag.unwrap_or_default()]).map_err(invalid)?;
            tags.into_iter().next()
        }
        _ => return Err(invalid("A collection is manual or by tag.".to_owned())),
    };
    let mut ids: Vec<String> = Vec::new();
    if kind == "manual" {
        for id in input.product_ids {
            if ids.contains(&id) {
                continue;
            }
            // Every product must be the store's own: another store's id is refused.
            let found: Option<(String,)> =
                sqlx::query_as("SELECT id FROM products WHERE id = $1 AND store_id = $2")
                    .bind(&id)
                    .bind(store_id)
                    .fetch_optional(&state.db)
                    .await?;
            if found.is_none() {
                return Err(invalid(format!("There is no product {id} in this store.")));
            }
            ids.push(id);
        }
    }
    let image = input
        .image
        .map(|i| i.trim().to_owned())
        .filter(|i| !i.is_empty());
    Ok((title, handle, image, kind, tag, ids))
}

async fn write_collection_products(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    collection_id: &str,
    ids: &[String],
) -> Result<(), ApiError> {
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

/// The store's collections: `page`, `limit`, `search` in titles.
#[utoipa::path(get, path = "/stores/collections", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), CollectionQuery),
    responses((status = 200, body = CollectionList), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn list_collections(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Collections>,
    Query(query): Query<CollectionQuery>,
) -> Result<Json<CollectionList>, ApiError> {
    Ok(Json(
        query_collections(&state.db, &access.store_id, &query).await?,
    ))
}

/// Creates a collection: products listed by hand (`manual`) or every product with a tag.
#[utoipa::path(post, path = "/stores/collections", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = CollectionInput,
    responses((status = 201, body = Collection), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn create_collection(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Collections>,
    Json(input): Json<CollectionInput>,
) -> Result<(StatusCode, Json<Collection>), ApiError> {
    let (title, handle, image, kind, tag, ids) =
        collection_write(&state, &access.store_id, input).await?;
    if crate::db::handle_taken(&state.db, "collections", &access.store_id, &handle, "").await? {
        return Err(ApiError::Conflict(format!(
            "Another collection already has the handle {handle}."
        )));
    }
    let id = new_id();
    let now = now_ms();
    let mut tx = crate::db::begin_write(&state.db).await?;
    sqlx::query(
        "INSERT INTO collections (id, store_id, title, handle, image, kind, rule_tag, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(&id)
    .bind(&access.store_id)
    .bind(&title)
    .bind(&handle)
    .bind(&image)
    .bind(&kind)
    .bind(&tag)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    write_collection_products(&mut tx, &id, &ids).await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(find_collection(&state, &access.store_id, &id).await?),
    ))
}

/// One collection with its products' ids.
#[utoipa::path(get, path = "/stores/collections/{id}", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The collection")),
    responses((status = 200, body = Collection), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_collection(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Collections>,
    Path(id): Path<String>,
) -> Result<Json<Collection>, ApiError> {
    Ok(Json(find_collection(&state, &access.store_id, &id).await?))
}

/// Replaces a collection.
#[utoipa::path(put, path = "/stores/collections/{id}", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The collection")),
    request_body = CollectionInput,
    responses((status = 200, body = Collection), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn put_collection(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Collections>,
    Path(id): Path<String>,
    Json(input): Json<CollectionInput>,
) -> Result<Json<Collection>, ApiError> {
    find_collection(&state, &access.store_id, &id).await?;
    let (title, handle, image, kind, tag, ids) =
        collection_write(&state, &access.store_id, input).await?;
    if crate::db::handle_taken(&state.db, "collections", &access.store_id, &handle, &id).await? {
        return Err(ApiError::Conflict(format!(
            "Another collection already has the handle {handle}."
        )));
    }
    let mut tx = crate::db::begin_write(&state.db).await?;
    sqlx::query(
        "UPDATE collections SET title = $1, handle = $2, image = $3, kind = $4, rule_tag = $5, updated_at = $6 \
         WHERE id = $7 AND store_id = $8",
    )
    .bind(&title)
    .bind(&handle)
    .bind(&image)
    .bind(&kind)
    .bind(&tag)
    .bind(now_ms())
    .bind(&id)
    .bind(&access.store_id)
    .execute(&mut *tx)
    .await?;
    write_collection_products(&mut tx, &id, &ids).await?;
    tx.commit().await?;
    Ok(Json(find_collection(&state, &access.store_id, &id).await?))
}

/// Deletes a collection (its products stay).
#[utoipa::path(delete, path = "/stores/collections/{id}", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The collection")),
    responses((status = 200, body = MessageResponse), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn delete_collection(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Collections>,
    Path(id): Path<String>,
) -> Result<Json<MessageResponse>, ApiError> {
    let mut tx = crate::db::begin_write(&state.db).await?;
    sqlx::query(
        "DELETE FROM collection_products WHERE collection_id IN (SELECT id FROM collections WHERE id = $1 AND store_id = $2)",
    )
    .bind(&id)
    .bind(&access.store_id)
    .execute(&mut *tx)
    .await?;
    let deleted = sqlx::query("DELETE FROM collections WHERE id = $1 AND store_id = $2")
        .bind(&id)
        .bind(&access.store_id)
        .execute(&mut *tx)
        .await?;
    if deleted.rows_affected() == 0 {
        return Err(ApiError::NotFound);
    }
    tx.commit().await?;
    Ok(Json(MessageResponse {
        message: "The collection is deleted.".to_owned(),
    }))
}
