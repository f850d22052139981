//! The editor's preview runtime (the `storefront-preview` crate, run in the preview frame): the
//! catalog snapshot it renders with, and the service worker that keeps the frame for offline use.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use core_wasm::storefront::preview::Snapshot;

use super::{ASSET_VERSION, HostExt, StoreError, catalog, editor_token, on_host, secure, shop};
use crate::state::AppState;

/// The preview frame's service worker; the store's address and the assets' version are filled in.
const WORKER: &str = include_str!("assets/preview-sw.js");

/// `GET {base}/_preview/catalog`: everything the preview renders besides the editor's config, as
/// the core's type: the shop, its active products, collections and menus, the product the
/// product page shows (the first one, or a sample when the store has none) and the order page's
/// sample receipt. Only for an editor (the signed preview token): the variants' stock counts
/// in it are the merchant's, not the shoppers' (the public catalogue says only `available`).
pub async fn catalog_snapshot(
    State(state): State<AppState>,
    Path(subdomain): Path<String>,
    host: HostExt,
    headers: axum::http::HeaderMap,
) -> Result<Response, StoreError> {
    let on_host = on_host(host);
    let shop = shop(&state, &subdomain, on_host).await?;
    editor_token(&state, &headers, &shop.id)?;
    let catalog = catalog(&state, &shop.id).await?;
    let mut snapshot = Snapshot::new(shop, catalog, crate::db::now_ms());
    // The frame's renderer has no HTML cleaner: the catalog's HTML goes to it cleaned.
    snapshot.clean_html();
    Ok(secure(
        axum::Json(snapshot).into_response(),
        &state,
        on_host,
        "no-store",
    ))
}

/// The kept files' version: the assets' and the snapshot's format (the field names of a sample
/// snapshot), so that a server whose snapshot reads differently starts a fresh cache instead of
/// handing the runtime one it cannot read.
static WORKER_VERSION: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    use sha2::Digest;
    fn keys(value: &serde_json::Value, out: &mut String) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, child) in map {
                    out.push_str(key);
                    out.push('{');
                    keys(child, out);
                    out.push('}');
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|item| keys(item, out)),
            _ => {}
        }
    }
    let sample = core_wasm::storefront::preview::Snapshot::new(
        core_wasm::storefront::Shop {
            id: String::new(),
            name: String::new(),
            subdomain: String::new(),
            base: String::new(),
            currency: String::new(),
            country: String::new(),
            shipping: core_wasm::records::default_shipping_note(),
            zones: Default::default(),
            tax: Default::default(),
            tax_note: Default::default(),
        },
        core_wasm::storefront::Catalog::default(),
        0,
    );
    let mut shape = String::new();
    keys(
        &serde_json::to_value(sample).unwrap_or_default(),
        &mut shape,
    );
    let digest = sha2::Sha256::digest(shape.as_bytes());
    format!("{}-{}", *ASSET_VERSION, hex::encode(&digest[..4]))
});

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
        .replace("__VERSION__", &WORKER_VERSION);
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
