//! The home dashboard's totals (shell.md §2, §7): paid sales and orders over a range of local
//! days in the store's zone (today by default), for one store or several the user works in,
//! and the count of open (unfulfilled) orders.

use axum::extract::State;
use core_wasm::analytics;
use serde::Deserialize;
use shared_types::{ApiErrorBody, DashboardTotals};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes::Dashboard};
use crate::db::now_ms;
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(totals))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
struct TotalsQuery {
    /// First local day, YYYY-MM-DD (default today).
    from_time: Option<String>,
    /// Last local day, YYYY-MM-DD (default today).
    to_time: Option<String>,
    /// Comma-separated store ids (default the store of `X-Store-Id`); each must be the user's.
    stores: Option<String>,
    /// An IANA zone (default the store's standard time zone, else America/Los_Angeles).
    timezone: Option<String>,
}

/// Paid sales and orders in the range, and open orders, for the chosen stores.
#[utoipa::path(get, path = "/stores/dashboard/totals", tag = "stores", security(("bearer" = ["homes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), TotalsQuery),
    responses((status = 200, body = DashboardTotals), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn totals(
    State(state): State<AppState>,
    access: StoreAccess<Dashboard>,
    Query(query): Query<TotalsQuery>,
) -> Result<Json<DashboardTotals>, ApiError> {
    let mut stores: Vec<String> = query
        .stores
        .as_deref()
        .map(|list| {
            list.split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    if stores.is_empty() {
        stores.push(access.store_id.clone());
    }
    if stores.len() > 50 {
        return Err(ApiError::Invalid(vec![
            "At most 50 stores at once.".to_owned(),
        ]));
    }
    for store in &stores {
        let member: Option<(String,)> = sqlx::query_as(
            "SELECT store_id FROM store_members WHERE store_id = $1 AND user_id = $2",
        )
        .bind(store)
        .bind(&access.user.user_id)
        .fetch_optional(&state.db)
        .await?;
        if member.is_none() {
            return Err(ApiError::NotFound);
        }
    }
    let zone = match query.timezone.filter(|z| !z.trim().is_empty()) {
        Some(zone) => zone,
        None => {
            let row: Option<(String,)> = sqlx::query_as(
                "SELECT standard_timezone FROM store_preferences WHERE store_id = $1",
            )
            .bind(&access.store_id)
            .fetch_optional(&state.db)
            .await?;
            row.map(|(zone,)| zone).unwrap_or_default()
        }
    };
    let range = analytics::range(
        query.from_time.as_deref().unwrap_or(""),
        query.to_time.as_deref().unwrap_or(""),
        &zone,
        now_ms(),
    )
    .map_err(|e| ApiError::Invalid(vec![e.to_string()]))?;
    let (mut sales, mut orders, mut open) = (0_i64, 0_i64, 0_i64);
    for store in &stores {
        let (store_sales, store_orders): (i64, i64) = sqlx::query_as(
            "SELECT CAST(COALESCE(SUM(grand_total_minor), 0) AS BIGINT), COUNT(*) FROM orders \
             WHERE store_id = $1 AND financial_status = 'paid' AND captured_at >= $2 AND captured_at < $3",
        )
        .bind(store)
        .bind(range.start_ms)
        .bind(range.end_ms)
        .fetch_one(&state.db)
        .await?;
        let (store_open,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM orders WHERE store_id = $1 AND fulfillment_status = 'unfulfilled' \
             AND financial_status IN ('paid', 'pending')",
        )
        .bind(store)
        .fetch_one(&state.db)
        .await?;
        sales += store_sales;
        orders += store_orders;
        open += store_open;
    }
    Ok(Json(DashboardTotals {
        total_sales: core_wasm::numbers::round_to(core_wasm::payouts::to_major(sales), 2),
        total_orders: u64::try_from(orders).unwrap_or(0),
        open_orders: u64::try_from(open).unwrap_or(0),
        currency: core_wasm::limits::DEFAULT_CURRENCY_CODE.to_owned(),
        timezone: range.timezone,
    }))
}
