//! The catalog the editor's pickers and the storefront need: products (paged, searched,
//! filtered by collection handle `chandle`) and collections (manual or by tag).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use core_wasm::catalog as rules;
use core_wasm::shell::plan_limits::Limited;
use shared_types::catalog::{
    Collection, CollectionInput, CollectionList, Product, ProductInput, ProductList,
};
use shared_types::{ApiErrorBody, MessageResponse};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::pages::{invalid, sanitize};
use crate::auth::store::{StoreAccess, routes as scoped};
use crate::db::catalog::{
    self, CollectionQuery, CollectionWrite, Item, ProductQuery, ProductWrite, find_collection,
    product_where, query_collections, query_products,
};
use crate::db::listing::{Target, insert_with_handle, save_with_handle};
use crate::db::new_id;
use crate::error::{ApiError, Json, Query};
use crate::routes::plans::Limit;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_products, create_product))
        .routes(routes!(get_product, put_product, delete_product))
        .routes(routes!(list_collections, create_collection))
        .routes(routes!(get_collection, put_collection, delete_collection))
}

/// A product's columns after the core's checks, ready to write.
async fn product_write(
    state: &AppState,
    store_id: &str,
    input: ProductInput,
) -> Result<ProductWrite, ApiError> {
    let currency = crate::db::store_currency(&state.db, store_id).await?;
    let checked = rules::check_product(&input, core_wasm::formats::currency_or_default(&currency))
        .map_err(ApiError::Invalid)?;
    let mut variants = checked.variants;
    for variant in &mut variants {
        if variant.id.is_empty() {
            variant.id = new_id();
        }
    }
    Ok(ProductWrite {
        title: checked.title,
        handle: checked.handle,
        description_html: sanitize(&input.description_html),
        images: json_text(&checked.images)?,
        options: json_text(&checked.options)?,
        variants: json_text(&variants)?,
        tags: json_text(&checked.tags)?,
        price_minor: checked.price_minor,
        compare_at_minor: checked.compare_at_minor,
        weight_grams: checked.weight_grams,
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

/// Creates a product; its description is sanitized. Beyond the plan's product limit, 403
/// naming the plan that allows more.
#[utoipa::path(post, path = "/stores/products", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = ProductInput,
    responses((status = 201, body = Product), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn create_product(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Products>,
    Json(input): Json<ProductInput>,
) -> Result<(StatusCode, Json<Product>), ApiError> {
    let p = product_write(&state, &access.store_id, input).await?;
    let id = new_id();
    let limit = Limit::of(&state.db, &access.store_id, Limited::Products).await?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    limit.claim(&mut tx, &access.store_id, 1, None).await?;
    insert_with_handle(&mut tx, &access.store_id, &id, &p).await?;
    tx.commit().await?;
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
    let p = product_write(&state, &access.store_id, input).await?;
    save_with_handle(&state.db, &access.store_id, Target::Existing(&id), &p).await?;
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
    if !catalog::delete(&state.db, Item::Product, &access.store_id, &id).await? {
        return Err(ApiError::NotFound);
    }
    Ok(Json(MessageResponse {
        message: "The product is deleted.".to_owned(),
    }))
}

/// A collection's fields after the core's checks, its products checked to be the store's own.
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
            if !catalog::exists(&state.db, Item::Product, store_id, &id).await? {
                return Err(invalid(format!("There is no product {id} in this store.")));
            }
            ids.push(id);
        }
    }
    let image = input
        .image
        .map(|i| i.trim().to_owned())
        .filter(|i| !i.is_empty());
    Ok(CollectionWrite {
        title,
        handle,
        image,
        kind,
        rule_tag: tag,
        product_ids: ids,
    })
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
    let c = collection_write(&state, &access.store_id, input).await?;
    let id = new_id();
    save_with_handle(&state.db, &access.store_id, Target::New(&id), &c).await?;
    Ok((
        StatusCode::CREATED,
        Json(find_collection(&state.db, &access.store_id, &id).await?),
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
    Ok(Json(
        find_collection(&state.db, &access.store_id, &id).await?,
    ))
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
    find_collection(&state.db, &access.store_id, &id).await?;
    let c = collection_write(&state, &access.store_id, input).await?;
    save_with_handle(&state.db, &access.store_id, Target::Existing(&id), &c).await?;
    Ok(Json(
        find_collection(&state.db, &access.store_id, &id).await?,
    ))
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
    if !catalog::delete(&state.db, Item::Collection, &access.store_id, &id).await? {
        return Err(ApiError::NotFound);
    }
    Ok(Json(MessageResponse {
        message: "The collection is deleted.".to_owned(),
    }))
}
