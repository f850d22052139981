//! Abandoned checkouts (route `website.abandoned`, scope `orders`): the storefront's checkout
//! drafts that were not completed within the grace period of the core
//! (`CHECKOUT_ABANDONED_AFTER_MS`) after their last change, newest first, with paging, words in
//! the e-mail or name and a range of local days; and one by id. A draft completed after it was
//! abandoned stays listed, recovered.

use axum::extract::{Path, State};
use core_wasm::catalog as rules;
use serde::Deserialize;
use shared_types::ApiErrorBody;
use shared_types::catalog::{AbandonedCheckout, AbandonedCheckoutList};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::pages::invalid;
use super::sales::paging;
use crate::auth::store::{StoreAccess, routes as scoped};
use crate::db::{contains_pattern, now_ms};
use crate::error::{ApiError, Json, Query};
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

/// Abandoned: open and unchanged for the grace period ($2 is the latest last change that
/// counts), or known to have been abandoned before it was completed.
const FILTER: &str = "store_id = $1 AND ((completed_at IS NULL AND updated_at <= $2) OR abandoned_at IS NOT NULL) \
    AND ($3 = -1 OR (created_at >= $3 AND created_at < $4)) \
    AND ($5 = '' OR LOWER(COALESCE(email, '')) LIKE $6 ESCAPE '!' OR LOWER(COALESCE(customer_name, '')) LIKE $6 ESCAPE '!')";

const COLUMNS: &str = "id, token, email, customer_name, created_at, updated_at, currency, subtotal_minor, item_count, \
    completed_at, order_id, line_items";

type Row = (
    String,
    String,
    Option<String>,
    Option<String>,
    i64,
    i64,
    String,
    i64,
    i64,
    Option<i64>,
    Option<String>,
    String,
);

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

fn checkout(row: Row, base: &str) -> AbandonedCheckout {
    let (
        id,
        token,
        email,
        customer_name,
        created_at,
        updated_at,
        currency,
        subtotal,
        item_count,
        completed_at,
        order_id,
        line_items,
    ) = row;
    let compact: String = id.chars().filter(char::is_ascii_alphanumeric).collect();
    let tail = &compact[compact.len().saturating_sub(8)..];
    AbandonedCheckout {
        reference: format!("#{}", tail.to_uppercase()),
        id,
        email,
        customer_name,
        created_date: created_at,
        updated_date: updated_at,
        currency,
        subtotal: rules::minor_to_money(subtotal),
        item_count,
        status: if completed_at.is_some() {
            "recovered"
        } else {
            "notRecovered"
        }
        .to_owned(),
        order_id,
        line_items: super::sales::line_items(&line_items),
        recovery_url: format!("{base}/checkout?recover={token}"),
    }
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
    let (page, limit, offset) = paging(query.page, query.limit, core_wasm::limits::ORDER_PAGE_SIZE);
    let (start, end) = super::sales::local_days(
        &state,
        &access.store_id,
        query.start_date.as_deref(),
        query.end_date.as_deref(),
        query.timezone.as_deref(),
        now,
    )
    .await?;
    let search = query.search.as_deref().unwrap_or("").trim().to_lowercase();
    if search.chars().count() > 200 {
        return Err(invalid("The search is at most 200 characters.".to_owned()));
    }
    let pattern = contains_pattern(&search);
    let cutoff = now - grace;
    let sql = format!(
        "SELECT {COLUMNS} FROM checkout_drafts WHERE {FILTER} ORDER BY created_at DESC, id DESC LIMIT $7 OFFSET $8"
    );
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(&access.store_id)
        .bind(cutoff)
        .bind(start)
        .bind(end)
        .bind(&search)
        .bind(&pattern)
        .bind(i64::from(limit))
        .bind(offset)
        .fetch_all(&state.db)
        .await?;
    let (total,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM checkout_drafts WHERE {FILTER}"
    )))
    .bind(&access.store_id)
    .bind(cutoff)
    .bind(start)
    .bind(end)
    .bind(&search)
    .bind(&pattern)
    .fetch_one(&state.db)
    .await?;
    let base = storefront_base(&state, &access.store_id).await?;
    Ok(Json(AbandonedCheckoutList {
        checkouts: rows.into_iter().map(|r| checkout(r, &base)).collect(),
        total,
        page,
        limit,
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
    if id.len() > 64 {
        return Err(ApiError::NotFound);
    }
    let cutoff = now_ms() - core_wasm::limits::CHECKOUT_ABANDONED_AFTER_MS;
    let sql = format!("SELECT {COLUMNS} FROM checkout_drafts WHERE {FILTER} AND id = $7");
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(&access.store_id)
        .bind(cutoff)
        .bind(-1_i64)
        .bind(-1_i64)
        .bind("")
        .bind("%%")
        .bind(&id)
        .fetch_optional(&state.db)
        .await?;
    let base = storefront_base(&state, &access.store_id).await?;
    row.map(|r| Json(checkout(r, &base)))
        .ok_or(ApiError::NotFound)
}
