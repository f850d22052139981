//! The home dashboard's totals (shell.md §2, §7): paid sales and orders over a range of local
//! days in the store's zone (today by default), for one store or several the user works in,
//! the test orders they leave out, and the count of open (unfulfilled, real) orders.

use axum::extract::State;
use core_wasm::formats::currency_or_default;
use serde::Deserialize;
use shared_types::{ApiErrorBody, DashboardTotals};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::analytics::{report_stores, report_zone};
use crate::analytics::query as analytics;
use crate::auth::store::{StoreAccess, routes::Dashboard};
use crate::db::now_ms;
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(totals))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
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
    let stores = report_stores(&state, &access, query.stores.as_deref()).await?;
    let zone = report_zone(&access, query.timezone.as_deref());
    let range = analytics::range(
        query.from_time.as_deref().unwrap_or(""),
        query.to_time.as_deref().unwrap_or(""),
        &zone,
        now_ms(),
    )?;
    // The same figures as the Overview's, from the same rollups; with test orders too, to say
    // how many the figures leave out.
    let buckets = analytics::buckets(&range)?;
    let figures = |tests| {
        analytics::figures(
            &state.db,
            &state.rollups,
            &stores,
            &buckets,
            None,
            analytics::Countries::Skip,
            tests,
        )
    };
    let real = figures(analytics::TestOrders::Exclude).await?;
    let sales = real.sales_total_minor();
    let orders = real.orders_total();
    let test_orders = figures(analytics::TestOrders::Include)
        .await?
        .orders_total()
        .saturating_sub(orders);
    let mut open = 0_i64;
    for store in &stores {
        // The orders list's Unfulfilled filter, to the order (shell.md §4).
        let store_open = crate::db::stores::open_orders(&state.db, store).await?;
        open += store_open;
    }
    let currency = crate::db::store_currency(&state.db, &access.store_id).await?;
    Ok(Json(DashboardTotals {
        total_sales: core_wasm::money::stored(sales, currency_or_default(&currency)),
        total_orders: orders,
        open_orders: u64::try_from(open).unwrap_or(0),
        test_orders,
        currency,
        timezone: range.timezone,
    }))
}
