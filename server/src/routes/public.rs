//! The storefront's read API: no sign-in, a store named by its subdomain, and only what the
//! public may see (the active theme, published pages, active products). Answers may be cached
//! for a minute; the theme answers `ETag` and 304 to `If-None-Match`. A variant shows whether
//! it is `available`, not its stock count.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::Value;
use shared_types::ApiErrorBody;
use shared_types::catalog::{Collection, CollectionList, Menu, Page, Product, ProductList};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::db::catalog::{
    CollectionQuery, ProductQuery, collection_by_handle, product_where, query_collections,
    query_products,
};
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;

/// How long a storefront may keep an answer.
const CACHE_CONTROL: &str = "public, max-age=60, stale-while-revalidate=300";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(public_theme))
        .routes(routes!(public_pages))
        .routes(routes!(public_page))
        .routes(routes!(public_menus))
        .routes(routes!(public_products))
        .routes(routes!(public_product))
        .routes(routes!(public_collections))
        .routes(routes!(public_collection))
        .layer(super::public_cors())
}

/// The id of the enabled store with this subdomain; 404 otherwise.
async fn store(state: &AppState, subdomain: &str) -> Result<String, ApiError> {
    crate::db::stores::enabled_by_subdomain(&state.db, &subdomain.trim().to_lowercase())
        .await?
        .ok_or(ApiError::NotFound)
}

fn cached<T: Serialize>(body: T) -> Response {
    let mut response = Json(body).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    response
}

/// The active theme of a storefront.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicTheme {
    theme_id: String,
    name: String,
    family: String,
    version: i64,
    #[schema(value_type = Object)]
    config: Value,
}

/// The active theme's config.
#[utoipa::path(get, path = "/public/stores/{subdomain}/theme", tag = "storefront",
    params(("subdomain" = String, Path, description = "The store's subdomain")),
    responses((status = 200, body = PublicTheme), (status = 304), (status = 404, body = ApiErrorBody)))]
async fn public_theme(
    State(state): State<AppState>,
    Path(subdomain): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let store_id = store(&state, &subdomain).await?;
    let row = crate::db::themes::active(&state.db, &store_id).await?;
    let (theme_id, name, family, version, config) = row.ok_or(ApiError::NotFound)?;
    let tag = format!("\"{theme_id}-{version}\"");
    let etag = HeaderValue::from_str(&tag).map_err(ApiError::internal)?;
    let cache = HeaderValue::from_static(CACHE_CONTROL);
    if headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|v| v.as_bytes() == tag.as_bytes())
    {
        return Ok((
            StatusCode::NOT_MODIFIED,
            [(header::ETAG, etag), (header::CACHE_CONTROL, cache)],
        )
            .into_response());
    }
    let config: Value = serde_json::from_str(&config).map_err(ApiError::internal)?;
    let mut response = cached(PublicTheme {
        theme_id,
        name,
        family,
        version,
        config,
    });
    response.headers_mut().insert(header::ETAG, etag);
    Ok(response)
}

/// The published pages.
#[utoipa::path(get, path = "/public/stores/{subdomain}/pages", tag = "storefront",
    params(("subdomain" = String, Path, description = "The store's subdomain")),
    responses((status = 200, body = Vec<Page>), (status = 404, body = ApiErrorBody)))]
async fn public_pages(
    State(state): State<AppState>,
    Path(subdomain): Path<String>,
) -> Result<Response, ApiError> {
    let store_id = store(&state, &subdomain).await?;
    Ok(cached(
        crate::db::pages::published(&state.db, &store_id).await?,
    ))
}

/// One published page by handle.
#[utoipa::path(get, path = "/public/stores/{subdomain}/pages/{handle}", tag = "storefront",
    params(("subdomain" = String, Path, description = "The store's subdomain"), ("handle" = String, Path, description = "The page's handle")),
    responses((status = 200, body = Page), (status = 404, body = ApiErrorBody)))]
async fn public_page(
    State(state): State<AppState>,
    Path((subdomain, handle)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let store_id = store(&state, &subdomain).await?;
    let page = crate::db::pages::published_by_handle(&state.db, &store_id, &handle)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(cached(page))
}

/// The menus.
#[utoipa::path(get, path = "/public/stores/{subdomain}/menus", tag = "storefront",
    params(("subdomain" = String, Path, description = "The store's subdomain")),
    responses((status = 200, body = Vec<Menu>), (status = 404, body = ApiErrorBody)))]
async fn public_menus(
    State(state): State<AppState>,
    Path(subdomain): Path<String>,
) -> Result<Response, ApiError> {
    let store_id = store(&state, &subdomain).await?;
    Ok(cached(crate::db::menus::list(&state.db, &store_id).await?))
}

/// Active products: `page`, `limit`, `search`, `chandle`. Each variant says whether it is
/// `available` (true or false) in place of its `stock` count.
#[utoipa::path(get, path = "/public/stores/{subdomain}/products", tag = "storefront",
    params(("subdomain" = String, Path, description = "The store's subdomain"), ProductQuery),
    responses((status = 200, body = ProductList), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn public_products(
    State(state): State<AppState>,
    Path(subdomain): Path<String>,
    Query(mut query): Query<ProductQuery>,
) -> Result<Response, ApiError> {
    let store_id = store(&state, &subdomain).await?;
    query.status = Some("active".to_owned());
    let mut list = serde_json::to_value(query_products(&state.db, &store_id, &query).await?)
        .map_err(ApiError::internal)?;
    if let Some(products) = list.get_mut("products").and_then(Value::as_array_mut) {
        products.iter_mut().for_each(availability);
    }
    Ok(cached(list))
}

/// Replaces each variant's stock count by whether it can be bought: the public sees
/// availability, never how many are left (issue 24).
fn availability(product: &mut Value) {
    let Some(variants) = product.get_mut("variants").and_then(Value::as_array_mut) else {
        return;
    };
    for variant in variants.iter_mut().filter_map(Value::as_object_mut) {
        let stock = variant
            .remove("stock")
            .and_then(|s| s.as_i64())
            .unwrap_or(0);
        variant.insert("available".to_owned(), Value::Bool(stock > 0));
    }
}

/// One active product by handle; each variant says whether it is `available` (true or
/// false) in place of its `stock` count.
#[utoipa::path(get, path = "/public/stores/{subdomain}/products/{handle}", tag = "storefront",
    params(("subdomain" = String, Path, description = "The store's subdomain"), ("handle" = String, Path, description = "The product's handle")),
    responses((status = 200, body = Product), (status = 404, body = ApiErrorBody)))]
async fn public_product(
    State(state): State<AppState>,
    Path((subdomain, handle)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let store_id = store(&state, &subdomain).await?;
    let product = product_where(&state.db, &store_id, "handle", &handle).await?;
    if product.status != "active" {
        return Err(ApiError::NotFound);
    }
    let mut product = serde_json::to_value(product).map_err(ApiError::internal)?;
    availability(&mut product);
    Ok(cached(product))
}

/// Collections: `page`, `limit`, `search`.
#[utoipa::path(get, path = "/public/stores/{subdomain}/collections", tag = "storefront",
    params(("subdomain" = String, Path, description = "The store's subdomain"), CollectionQuery),
    responses((status = 200, body = CollectionList), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn public_collections(
    State(state): State<AppState>,
    Path(subdomain): Path<String>,
    Query(query): Query<CollectionQuery>,
) -> Result<Response, ApiError> {
    let store_id = store(&state, &subdomain).await?;
    Ok(cached(
        query_collections(&state.db, &store_id, &query).await?,
    ))
}

/// One collection by handle.
#[utoipa::path(get, path = "/public/stores/{subdomain}/collections/{handle}", tag = "storefront",
    params(("subdomain" = String, Path, description = "The store's subdomain"), ("handle" = String, Path, description = "The collection's handle")),
    responses((status = 200, body = Collection), (status = 404, body = ApiErrorBody)))]
async fn public_collection(
    State(state): State<AppState>,
    Path((subdomain, handle)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let store_id = store(&state, &subdomain).await?;
    let collection = collection_by_handle(&state.db, &store_id, &handle)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(cached(collection))
}
