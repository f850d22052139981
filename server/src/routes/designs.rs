//! The print-on-demand designs of a product (print-hub-editor, book-editor, book2-editor): one
//! design per product and kind, read with its version and saved whole with `If-Match` (428
//! without, 412 with the current `version` when stale). Every save is checked by the core's
//! design rules, the ones the editors apply to each edit, so the server refuses exactly what the
//! editors refuse, with the same codes.

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use core_wasm::designs::{self as rules, DesignError};
use shared_types::ApiErrorBody;
use shared_types::designs::{Design, DesignKind, SavedDesign};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use super::themes::if_match;
use crate::auth::store::{StoreAccess, routes as scoped};
use crate::db::{self, now_ms};
use crate::error::{ApiError, Json};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    // A whole design may be up to the core's limit; the body limit sits just above it.
    let limit = DefaultBodyLimit::max(rules::DESIGN_MAX_BYTES + 1024);
    OpenApiRouter::new().routes(routes!(get_design, put_design).layer(limit))
}

/// The kind named in the path; 404 for any other word.
fn kind_of(name: &str) -> Result<DesignKind, ApiError> {
    rules::parse_kind(name).ok_or(ApiError::NotFound)
}

/// The title of the store's product `id`; 404 when the store has no such product.
async fn product_title(state: &AppState, store_id: &str, id: &str) -> Result<String, ApiError> {
    db::designs::product_title(&state.db, store_id, id)
        .await?
        .ok_or(ApiError::NotFound)
}

/// The stored design and its version, if one was saved.
async fn stored(
    state: &AppState,
    product_id: &str,
    kind: DesignKind,
) -> Result<Option<(Design, i64, i64)>, ApiError> {
    db::designs::stored(&state.db, product_id, kind).await
}

/// 400 with each refusal's message and the structured `errors` (code, path, limit).
fn refused(errors: &[DesignError]) -> ApiError {
    let bodies: Vec<_> = errors.iter().map(DesignError::to_body).collect();
    let mut details = serde_json::Map::new();
    details.insert(
        "errors".to_owned(),
        serde_json::to_value(&bodies).unwrap_or_default(),
    );
    ApiError::Detailed {
        status: StatusCode::BAD_REQUEST,
        messages: errors.iter().map(ToString::to_string).collect(),
        details,
    }
}

/// 412 with the current version.
fn stale(current: i64) -> ApiError {
    let mut details = serde_json::Map::new();
    details.insert("version".to_owned(), current.into());
    ApiError::Detailed {
        status: StatusCode::PRECONDITION_FAILED,
        messages: vec![format!(
            "Someone saved this design meanwhile (now version {current}). Reload it and apply your changes again."
        )],
        details,
    }
}

fn answer(saved: SavedDesign) -> Response {
    let etag = format!("\"{}\"", saved.version);
    let mut response = Json(saved).into_response();
    if let Ok(value) = etag.parse() {
        response.headers_mut().insert(header::ETAG, value);
    }
    response
}

/// A product's design of `kind` (`print`, `book` or `book2`) with its version; the default
/// design at version 0 until the first save.
#[utoipa::path(get, path = "/stores/products/{id}/designs/{kind}", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The product"),
        ("kind" = String, Path, description = "print, book or book2")),
    responses((status = 200, body = SavedDesign), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_design(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Products>,
    Path((id, kind)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let kind = kind_of(&kind)?;
    let title = product_title(&state, &access.store_id, &id).await?;
    let (design, version, updated_at) = stored(&state, &id, kind)
        .await?
        .unwrap_or_else(|| (rules::default_design(kind), 0, 0));
    Ok(answer(SavedDesign {
        product_id: id,
        product_title: title,
        design,
        version,
        updated_at,
    }))
}

/// Saves a product's whole design of `kind` after the core's check, as the next version.
/// Needs `If-Match` with the version edited (0 before the first save).
#[utoipa::path(put, path = "/stores/products/{id}/designs/{kind}", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The product"),
        ("kind" = String, Path, description = "print, book or book2"),
        ("If-Match" = String, Header, description = "The version edited")),
    request_body = Design,
    responses((status = 200, body = SavedDesign), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 412, body = ApiErrorBody), (status = 428, body = ApiErrorBody)))]
async fn put_design(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Products>,
    Path((id, kind)): Path<(String, String)>,
    headers: HeaderMap,
    Json(design): Json<Design>,
) -> Result<Response, ApiError> {
    let kind = kind_of(&kind)?;
    let title = product_title(&state, &access.store_id, &id).await?;
    let expected = if_match(&headers)?;
    let problems = rules::problems(&design, kind);
    if !problems.is_empty() {
        return Err(refused(&problems));
    }
    let data = serde_json::to_string(&design).map_err(ApiError::internal)?;
    let now = now_ms();
    let version = expected + 1;
    let save = db::designs::DesignSave {
        store_id: &access.store_id,
        product_id: &id,
        kind,
        data: &data,
        user_id: &access.user.user_id,
        now,
    };
    let written = db::designs::save(&state.db, &save, expected).await?;
    if !written {
        let current = stored(&state, &id, kind).await?.map_or(0, |(_, v, _)| v);
        return Err(stale(current));
    }
    Ok(answer(SavedDesign {
        product_id: id,
        product_title: title,
        design,
        version,
        updated_at: now,
    }))
}
