//! Product feeds for shopping channels: a store's catalog (all active products, or one
//! collection's) at a public address, as CSV or as RSS 2.0 XML with the `g:` fields shopping
//! channels read. The address carries the feed's random id; no sign-in.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use core_wasm::feeds;
use shared_types::ApiErrorBody;
use shared_types::records::{Catalog, ProductFeed};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::db::catalog::{ProductQuery, query_products};
use crate::error::ApiError;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(public_feed))
}

async fn record<K: serde::de::DeserializeOwned>(
    state: &AppState,
    kind: &str,
    id: &str,
    store_id: Option<&str>,
) -> Result<(String, K), ApiError> {
    let (store, data) = crate::db::records::find(&state.db, kind, id, store_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok((
        store,
        serde_json::from_str(&data).map_err(ApiError::internal)?,
    ))
}

/// A product feed: `text/csv` or `application/rss+xml`, cacheable for ten minutes.
#[utoipa::path(get, path = "/public/feeds/{id}", tag = "storefront",
    params(("id" = String, Path, description = "The feed's id")),
    responses((status = 200, description = "The feed, as CSV or RSS XML", content_type = "text/csv"), (status = 404, body = ApiErrorBody)))]
async fn public_feed(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let (store_id, feed): (String, ProductFeed) =
        record(&state, "product-feeds", &id, None).await?;
    let (_, catalog): (String, Catalog) =
        record(&state, "catalogs", &feed.catalog_id, Some(&store_id)).await?;
    let (subdomain, enabled) = crate::db::stores::subdomain_enabled(&state.db, &store_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if !enabled {
        return Err(ApiError::NotFound);
    }
    let handle = match catalog.collection_id.as_deref() {
        Some(collection) => {
            let handle =
                crate::db::catalog::collection_handle(&state.db, &store_id, collection).await?;
            Some(handle.ok_or(ApiError::NotFound)?)
        }
        None => None,
    };
    let mut products = Vec::new();
    let mut page = 1;
    loop {
        let list = query_products(
            &state.db,
            &store_id,
            &ProductQuery {
                page: Some(page),
                limit: Some(core_wasm::catalog::PAGE_LIMIT_MAX),
                chandle: handle.clone(),
                status: Some("active".to_owned()),
                ..ProductQuery::default()
            },
        )
        .await?;
        let done = list.products.len() < core_wasm::catalog::PAGE_LIMIT_MAX as usize;
        products.extend(list.products);
        if done || products.len() >= core_wasm::limits::FEED_PRODUCTS_MAX as usize {
            break;
        }
        page += 1;
    }
    let base = format!(
        "{}/s/{subdomain}",
        state.config.public_url.trim_end_matches('/')
    );
    let currency = crate::db::store_currency(&state.db, &store_id).await?;
    let (body, content_type) = if feed.format == "xml" {
        (
            feeds::xml(&catalog.name, &base, &currency, &products),
            "application/rss+xml; charset=utf-8",
        )
    } else {
        (
            feeds::csv(&base, &currency, &products),
            "text/csv; charset=utf-8",
        )
    };
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=600"),
    );
    Ok(response)
}
