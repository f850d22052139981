//! The editor's preview runtime (the `storefront-preview` crate, run in the preview frame): the
//! catalog snapshot it renders with, and the service worker that keeps the frame for offline use.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use core_wasm::storefront::preview::Snapshot;

use super::{ASSET_VERSION, HostExt, StoreError, catalog, on_host, secure, shop};
use crate::state::AppState;

/// The preview frame's service worker; the store's address and the assets' version are filled in.
const WORKER: &str = include_str!("assets/preview-sw.js");

/// `GET {base}/_preview/catalog`: everything the preview renders besides the editor's config, as
/// the core's type: the shop, its active products, collections and menus, the product the
/// product page shows (the first one, or a sample when the store has none) and the order page's
/// sample receipt. All of it is what the storefront shows anyone.
pub async fn catalog_snapshot(
    State(state): State<AppState>,
    Path(subdomain): Path<String>,
    host: HostExt,
) -> Result<Response, StoreError> {
    let on_host = on_host(host);
    let shop = shop(&state, &subdomain, on_host).await?;
    let catalog = catalog(&state, &shop.id).await?;
    let snapshot = Snapshot::new(shop, catalog, crate::db::now_ms());
    Ok(secure(
        axum::Json(snapshot).into_response(),
        &state,
        on_host,
        "no-store",
    ))
}

/// `GET {base}/_preview/sw.js`: the preview frame's service worker, allowed the storefront's
/// whole address (`Service-Worker-Allowed`) although it lives under `_preview/`, and checked
/// for a new version at every registration (`no-cache`).
pub async fn worker(
    State(state): State<AppState>,
    Path(subdomain): Path<String>,
    host: HostExt,
) -> Result<Response, StoreError> {
    let shop = shop(&state, &subdomain, on_host(host)).await?;
    // The base is `/s/{subdomain}` (checked: lowercase letters, digits and `-`) or empty.
    let body = WORKER
        .replace("__BASE__", &shop.base)
        .replace("__VERSION__", &ASSET_VERSION);
    let scope = format!("{}/", shop.base);
    let mut response = (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response();
    if let Ok(scope) = HeaderValue::from_str(&scope) {
        response
            .headers_mut()
            .insert("service-worker-allowed", scope);
    }
    Ok(response)
}
