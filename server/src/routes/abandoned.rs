//! Abandoned checkouts (route `website.abandoned`, scope `orders`): the storefront's checkout
//! drafts that were not completed within the grace period of the core
//! (`CHECKOUT_ABANDONED_AFTER_MS`) after their last change, newest first, with paging, words in
//! the e-mail or name and a range of local days; and one by id. A draft completed after it was
//! abandoned stays listed, recovered.

use axum::extract::{Path, State};
use serde::Deserialize;
use shared_types::ApiErrorBody;
use shared_types::catalog::{AbandonedCheckout, AbandonedCheckoutList};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::pages::invalid;
use crate::auth::store::{StoreAccess, routes as scoped};
use crate::db::abandoned::{self, AbandonedFilter};
use crate::db::now_ms;
use crate::error::{ApiError, Json, Query};
use crate::paging;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_abandoned))
        .routes(routes!(get_abandoned))
}

/// The list's paging and filters.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AbandonedQuery {
    /// From 1 (default 1).
    page: Option<u32>,
    /// At most 250 (default 10, the order table's page).
    limit: Option<u32>,
    /// Words in the shopper's e-mail or name.
    search: Option<String>,
    /// First local day of the checkout's start, `YYYY-MM-DD`.
    start_date: Option<String>,
    /// Last local day (inclusive), `YYYY-MM-DD`.
    end_date: Option<String>,
    /// The zone of those days (default: the store's zone, else America/Los_Angeles).
    timezone: Option<String>,
}

/// The storefront address of the store, as its shoppers reach it through this server.
async fn storefront_base(state: &AppState, store_id: &str) -> Result<String, ApiError> {
    let subdomain = crate::db::stores::subdomain(&state.db, store_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(format!(
        "{}/s/{subdomain}",
        state.config.public_url.trim_end_matches('/')
    ))
}

/// The store's abandoned checkouts, newest first: `page`, `limit` (10), `search` in the
/// e-mail or name, `startDate`/`endDate` in `timezone`.
#[utoipa::path(get, path = "/stores/abandoned-checkouts", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store"), AbandonedQuery),
    responses((status = 200, body = AbandonedCheckoutList), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn list_abandoned(
    State(state): State<AppState>,
    access: StoreAccess<scoped::AbandonedCheckouts>,
    Query(query): Query<AbandonedQuery>,
) -> Result<Json<AbandonedCheckoutList>, ApiError> {
    let now = now_ms();
    let grace = core_wasm::limits::CHECKOUT_ABANDONED_AFTER_MS;
    let paging = paging::page(query.page, query.limit, core_wasm::limits::ORDER_PAGE_SIZE)?;
    let (start, end) = super::sales::local_days(
        &state,
        &access.store_id,
        query.start_date.as_deref(),
        query.end_date.as_deref(),
        query.timezone.as_deref(),
        now,
    )
    .await?;
    let search = query.search.as_deref().unwrap_or("");
    let most = core_wasm::limits::LIST_SEARCH_MAX_CHARS;
    if search.trim().chars().count() > most {
        return Err(invalid(format!("The search is at most {most} characters.")));
    }
    let filter = AbandonedFilter {
        cutoff: now - grace,
        start,
        end,
        search,
    };
    let base = storefront_base(&state, &access.store_id).await?;
    let (checkouts, total) = abandoned::list(
        &state.db,
        &access.store_id,
        &filter,
        &base,
        i64::from(paging.limit),
        paging.offset,
    )
    .await?;
    Ok(Json(AbandonedCheckoutList {
        checkouts,
        total,
        page: paging.page,
        limit: paging.limit,
        abandoned_after_minutes: grace / 60_000,
    }))
}

/// One abandoned checkout with its lines, contact details and recovery link; 404 for a
/// checkout of another store and for one not abandoned (still in its grace period, or
/// completed in it).
#[utoipa::path(get, path = "/stores/abandoned-checkouts/{id}", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The checkout")),
    responses((status = 200, body = AbandonedCheckout), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_abandoned(
    State(state): State<AppState>,
    access: StoreAccess<scoped::AbandonedCheckouts>,
    Path(id): Path<String>,
) -> Result<Json<AbandonedCheckout>, ApiError> {
    if id.len() > core_wasm::commerce::checkout::ID_MAX {
        return Err(ApiError::NotFound);
    }
    let cutoff = now_ms() - core_wasm::limits::CHECKOUT_ABANDONED_AFTER_MS;
    let base = storefront_base(&state, &access.store_id).await?;
    abandoned::by_id(&state.db, &access.store_id, &id, cutoff, &base)
        .await?
        .map(Json)
        .ok_or(ApiError::NotFound)
}
