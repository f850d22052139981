//! The analytics calls (editor-and-analytics.md §2.1, §3.1, §7): the storefront's event
//! ingest, the Overview's figures for one or several stores (the whole page in one call, and
//! each figure alone as the spec lists them), the paid-orders table, CSV exports whose totals
//! are the endpoints' to the cent, and the live view.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use chrono::TimeZone;
use core_wasm::reports::{csv_amount, csv_field};
use serde::Deserialize;
use shared_types::catalog::{OrderCount, OrderList};
use shared_types::{
    AovResult, ApiErrorBody, ConversionResult, DateRange, LiveView, LocationRow, OrdersResult,
    Overview, SalesResult,
};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::analytics::index::{Rollups, Versions};
use crate::analytics::query::{self, Countries, Figures, TestOrders};
use crate::auth::store::{
    RouteName, StoreAccess, check_stores, routes::Analytics, routes::LiveView as Live,
};
use crate::db::now_ms;
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(
            OpenApiRouter::new()
                .routes(routes!(super::events::collect))
                .layer(super::public_cors()),
        )
        .routes(routes!(overview))
        .routes(routes!(conversion))
        .routes(routes!(sales))
        .routes(routes!(orders))
        .routes(routes!(aov))
        .routes(routes!(locations))
        .routes(routes!(paid_orders))
        .routes(routes!(paid_order_count))
        .routes(routes!(export))
        .routes(routes!(live))
}

/// The report's filters, as the spec names them.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ReportQuery {
    /// First local day, `YYYY-MM-DD` (default today).
    from_time: Option<String>,
    /// Last local day (inclusive), `YYYY-MM-DD` (default today).
    to_time: Option<String>,
    /// Comma-joined store ids (default the store of `X-Store-Id`); each must be one the user
    /// may see the report in.
    stores: Option<String>,
    /// An IANA zone (default the store's standard time zone, else America/Los_Angeles).
    timezone: Option<String>,
    /// `exclude` (the default) or `include`: whether test orders count in the sales and orders.
    test_orders: Option<String>,
}

/// The test-order filter a request names: `exclude` (also when absent) or `include`.
pub fn test_orders(asked: Option<&str>) -> Result<TestOrders, ApiError> {
    match asked.map(str::trim).unwrap_or("") {
        "" | "exclude" => Ok(TestOrders::Exclude),
        "include" => Ok(TestOrders::Include),
        _ => Err(ApiError::Invalid(vec![
            "testOrders is include or exclude.".to_owned(),
        ])),
    }
}

/// The stores a report covers, checked: the list asked for, or the selected store.
pub async fn report_stores<R: RouteName>(
    state: &AppState,
    access: &StoreAccess<R>,
    list: Option<&str>,
) -> Result<Vec<String>, ApiError> {
    let mut stores: Vec<String> = Vec::new();
    for id in list.unwrap_or("").split(',').map(str::trim) {
        if !id.is_empty() && !stores.iter().any(|s| s == id) {
            stores.push(id.to_owned());
        }
    }
    if stores.is_empty() || stores == [access.store_id.as_str()] {
        // The selected store alone: `access` checked it for this very route.
        return Ok(vec![access.store_id.clone()]);
    }
    if stores.len() > core_wasm::limits::REPORT_STORES_MAX {
        return Err(ApiError::Invalid(vec![format!(
            "At most {} stores at once.",
            core_wasm::limits::REPORT_STORES_MAX
        )]));
    }
    check_stores::<R>(state, &access.user, &stores).await?;
    Ok(stores)
}

/// The zone asked for, or the selected store's standard time zone (the core falls back to
/// America/Los_Angeles when both are empty).
pub fn report_zone<R>(access: &StoreAccess<R>, asked: Option<&str>) -> String {
    asked
        .map(str::trim)
        .filter(|z| !z.is_empty())
        .unwrap_or(&access.zone)
        .to_owned()
}

/// The checked stores and range of a report.
async fn scope<R: RouteName>(
    state: &AppState,
    access: &StoreAccess<R>,
    query: &ReportQuery,
) -> Result<(Vec<String>, DateRange), ApiError> {
    let stores = report_stores(state, access, query.stores.as_deref()).await?;
    let zone = report_zone(access, query.timezone.as_deref());
    let range = query::range(
        query.from_time.as_deref().unwrap_or(""),
        query.to_time.as_deref().unwrap_or(""),
        &zone,
        now_ms(),
    )?;
    Ok((stores, range))
}

/// The currency of the store.
async fn store_currency(
    state: &AppState,
    store_id: &str,
) -> Result<core_wasm::formats::Currency, ApiError> {
    let code = crate::db::store_currency(&state.db, store_id).await?;
    Ok(core_wasm::formats::currency_or_default(&code))
}

/// One period's figures for a report query.
async fn period(
    state: &AppState,
    access: &StoreAccess<Analytics>,
    query: &ReportQuery,
    countries: Countries,
) -> Result<shared_types::OverviewPeriod, ApiError> {
    let (stores, range) = scope(state, access, query).await?;
    let tests = test_orders(query.test_orders.as_deref())?;
    let (buckets, figures) = range_figures(state, &stores, &range, countries, tests).await?;
    let currency = store_currency(state, &access.store_id).await?;
    Ok(query::period(range, &buckets, &figures, currency))
}

/// The chart's buckets over `range` and the stores' figures in each.
async fn range_figures(
    state: &AppState,
    stores: &[String],
    range: &DateRange,
    countries: Countries,
    tests: TestOrders,
) -> Result<(shared_types::Buckets, Figures), ApiError> {
    let buckets = query::buckets(range)?;
    let figures = query::figures(
        &state.db,
        &state.rollups,
        stores,
        &buckets,
        None,
        countries,
        tests,
    )
    .await?;
    Ok((buckets, figures))
}

/// The whole Overview page: funnel, sales with the chart, orders, AOV, conversion rate and
/// locations for the range and the period of the same length before it, and the changes.
/// Answers are cached until the stores' data changes; `Cache-Control: no-cache` computes anew.
#[utoipa::path(get, path = "/stores/analytics/overview", tag = "analytics", security(("bearer" = ["dashboards"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ReportQuery),
    responses((status = 200, body = Overview), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn overview(
    State(state): State<AppState>,
    access: StoreAccess<Analytics>,
    headers: axum::http::HeaderMap,
    Query(query): Query<ReportQuery>,
) -> Result<Response, ApiError> {
    let (stores, range) = scope(&state, &access, &query).await?;
    let tests = test_orders(query.test_orders.as_deref())?;
    let now = now_ms();
    // The answer depends on its data (the stores' analytics version) and, through "today" and
    // the previous period, on the local day: every zone's day starts on a quarter hour.
    // Read once: the key, then (when the answer is not cached) the index's check of its copies.
    let versions = Versions::read(&state.db, &stores).await?;
    let version = versions.total();
    let key = format!(
        "{}|{}|{}|{}|{version}|{}|{tests:?}",
        stores.join(","),
        range.from,
        range.to,
        range.timezone,
        now.div_euclid(15 * 60_000)
    );
    // `Cache-Control: no-cache` asks for the answer to be computed again (and cached anew).
    let fresh = headers
        .get_all(header::CACHE_CONTROL)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .any(|value| value.to_ascii_lowercase().contains("no-cache"));
    // A client that takes gzip gets the answer compressed once, when it is cached, rather than
    // by the compression layer on every request (which leaves an encoded answer as it is).
    let gzip = accepts_gzip(&headers);
    let key = if gzip { format!("{key}|gzip") } else { key };
    let cached = if fresh {
        None
    } else {
        state.overview_cache.get(&key)
    };
    let body = match cached {
        Some(body) => body,
        None => {
            let rollups = Rollups {
                index: &state.rollups,
                versions: Some(&versions),
            };
            // The amounts of every store chosen are read in the minor units of the admin's own
            // store (docs/decisions.md: stores in different currencies are not converted).
            let currency = store_currency(&state, &access.store_id).await?;
            let overview =
                query::overview(&state.db, rollups, &stores, range, now, tests, currency).await?;
            let json = serde_json::to_vec(&overview).map_err(ApiError::internal)?;
            let body = Bytes::from(if gzip { gzipped(&json)? } else { json });
            state.overview_cache.insert(key, body.clone());
            body
        }
    };
    let mut response = ([(header::CONTENT_TYPE, "application/json")], body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if gzip {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    Ok(response)
}

/// Whether the request's `Accept-Encoding` takes gzip (named, or `*`, without `q=0`).
fn accepts_gzip(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|item| {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim();
            let refused = parts.any(|part| {
                part.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
        })
}

/// `bytes` compressed with gzip at the default level (what the compression layer uses).
fn gzipped(bytes: &[u8]) -> Result<Vec<u8>, ApiError> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 4),
        flate2::Compression::default(),
    );
    encoder.write_all(bytes).map_err(ApiError::internal)?;
    encoder.finish().map_err(ApiError::internal)
}

/// The conversion funnel: sessions at each step, with `is_tracked_previous_action`.
#[utoipa::path(get, path = "/stores/analytics/conversion", tag = "analytics", security(("bearer" = ["dashboards"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ReportQuery),
    responses((status = 200, body = ConversionResult), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn conversion(
    State(state): State<AppState>,
    access: StoreAccess<Analytics>,
    Query(query): Query<ReportQuery>,
) -> Result<Json<ConversionResult>, ApiError> {
    Ok(Json(
        period(&state, &access, &query, Countries::Skip)
            .await?
            .conversion,
    ))
}

/// Total sales, with the chart's buckets in `details` (six 4-hour buckets for one day, local
/// days otherwise).
#[utoipa::path(get, path = "/stores/analytics/sales", tag = "analytics", security(("bearer" = ["dashboards"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ReportQuery),
    responses((status = 200, body = SalesResult), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn sales(
    State(state): State<AppState>,
    access: StoreAccess<Analytics>,
    Query(query): Query<ReportQuery>,
) -> Result<Json<SalesResult>, ApiError> {
    Ok(Json(
        period(&state, &access, &query, Countries::Skip)
            .await?
            .sales,
    ))
}

/// Total paid orders.
#[utoipa::path(get, path = "/stores/analytics/orders", tag = "analytics", security(("bearer" = ["dashboards"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ReportQuery),
    responses((status = 200, body = OrdersResult), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn orders(
    State(state): State<AppState>,
    access: StoreAccess<Analytics>,
    Query(query): Query<ReportQuery>,
) -> Result<Json<OrdersResult>, ApiError> {
    Ok(Json(
        period(&state, &access, &query, Countries::Skip)
            .await?
            .orders,
    ))
}

/// The average order value.
#[utoipa::path(get, path = "/stores/analytics/aov", tag = "analytics", security(("bearer" = ["dashboards"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ReportQuery),
    responses((status = 200, body = AovResult), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn aov(
    State(state): State<AppState>,
    access: StoreAccess<Analytics>,
    Query(query): Query<ReportQuery>,
) -> Result<Json<AovResult>, ApiError> {
    Ok(Json(
        period(&state, &access, &query, Countries::Skip).await?.aov,
    ))
}

/// Sessions by country (`key`, `session_count.value`), most first.
#[utoipa::path(get, path = "/stores/analytics/locations", tag = "analytics", security(("bearer" = ["dashboards"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ReportQuery),
    responses((status = 200, body = Vec<LocationRow>), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn locations(
    State(state): State<AppState>,
    access: StoreAccess<Analytics>,
    Query(query): Query<ReportQuery>,
) -> Result<Json<Vec<LocationRow>>, ApiError> {
    Ok(Json(
        period(&state, &access, &query, Countries::Read)
            .await?
            .locations,
    ))
}

/// The paid-orders table's filters (editor-and-analytics.md §7: page, limit 10, orderDate
/// {startDate, endDate, timezone}, financialStatus paid).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct PaidOrdersQuery {
    /// From 1 (default 1).
    page: Option<u32>,
    /// At most 250 (default 10).
    limit: Option<u32>,
    /// First local day of the payment, `YYYY-MM-DD` (default today).
    start_date: Option<String>,
    /// Last local day (inclusive), `YYYY-MM-DD` (default today).
    end_date: Option<String>,
    /// The zone of those days (default the store's).
    timezone: Option<String>,
    /// Only `paid` is offered here.
    financial_status: Option<String>,
    /// Comma-joined store ids (default the store of `X-Store-Id`).
    stores: Option<String>,
    /// `exclude` (the default) or `include`: whether test orders are listed.
    test_orders: Option<String>,
}

impl PaidOrdersQuery {
    fn report(&self) -> Result<ReportQuery, ApiError> {
        if self
            .financial_status
            .as_deref()
            .is_some_and(|status| !status.is_empty() && status != "paid")
        {
            return Err(ApiError::Invalid(vec![
                "financialStatus is paid here; the order list takes the others.".to_owned(),
            ]));
        }
        Ok(ReportQuery {
            from_time: self.start_date.clone(),
            to_time: self.end_date.clone(),
            stores: self.stores.clone(),
            timezone: self.timezone.clone(),
            test_orders: self.test_orders.clone(),
        })
    }
}

/// Paid orders of the chosen stores by payment time, newest first.
#[utoipa::path(get, path = "/stores/analytics/paid-orders", tag = "analytics", security(("bearer" = ["dashboards"])),
    params(("X-Store-Id" = String, Header, description = "The store"), PaidOrdersQuery),
    responses((status = 200, body = OrderList), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn paid_orders(
    State(state): State<AppState>,
    access: StoreAccess<Analytics>,
    Query(query): Query<PaidOrdersQuery>,
) -> Result<Json<OrderList>, ApiError> {
    let report = query.report()?;
    let tests = test_orders(report.test_orders.as_deref())?;
    let (stores, range) = scope(&state, &access, &report).await?;
    let paging = crate::paging::page(query.page, query.limit, core_wasm::limits::ORDER_PAGE_SIZE)?;
    let orders = crate::db::overview::paid_orders(
        &state.db,
        &stores,
        range.start_ms,
        range.end_ms,
        paging.limit,
        paging.offset,
        tests,
    )
    .await?;
    let total = crate::db::overview::paid_order_count(
        &state.db,
        &stores,
        range.start_ms,
        range.end_ms,
        tests,
    )
    .await?;
    Ok(Json(OrderList {
        orders,
        total,
        page: paging.page,
        limit: paging.limit,
    }))
}

/// How many paid orders the same filters match.
#[utoipa::path(get, path = "/stores/analytics/paid-orders/count", tag = "analytics", security(("bearer" = ["dashboards"])),
    params(("X-Store-Id" = String, Header, description = "The store"), PaidOrdersQuery),
    responses((status = 200, body = OrderCount), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn paid_order_count(
    State(state): State<AppState>,
    access: StoreAccess<Analytics>,
    Query(query): Query<PaidOrdersQuery>,
) -> Result<Json<OrderCount>, ApiError> {
    let report = query.report()?;
    let tests = test_orders(report.test_orders.as_deref())?;
    let (stores, range) = scope(&state, &access, &report).await?;
    Ok(Json(OrderCount {
        count: crate::db::overview::paid_order_count(
            &state.db,
            &stores,
            range.start_ms,
            range.end_ms,
            tests,
        )
        .await?,
    }))
}

/// Which CSV to export.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct ExportQuery {
    /// `overview` (one row per chart bucket and a total) or `paid-orders` (one row per order
    /// and a total).
    report: String,
    /// First local day, `YYYY-MM-DD` (default today).
    from_time: Option<String>,
    /// Last local day (inclusive), `YYYY-MM-DD` (default today).
    to_time: Option<String>,
    /// Comma-joined store ids (default the store of `X-Store-Id`).
    stores: Option<String>,
    /// An IANA zone (default the store's).
    timezone: Option<String>,
    /// `exclude` (the default) or `include`: whether test orders count.
    test_orders: Option<String>,
}

fn local_time(instant_ms: i64, zone: &str) -> String {
    let zone: chrono_tz::Tz = zone.parse().unwrap_or(chrono_tz::America::Los_Angeles);
    match zone.timestamp_millis_opt(instant_ms).single() {
        Some(time) => time.format("%Y-%m-%d %H:%M").to_string(),
        None => instant_ms.to_string(),
    }
}

fn overview_csv(
    range: &DateRange,
    starts: &[i64],
    figures: &Figures,
    currency: core_wasm::formats::Currency,
) -> String {
    let mut csv = String::from(
        "period_start,visitors,viewed_product,added_to_cart,reached_checkout,converted,orders,sales\n",
    );
    for (i, start) in starts.iter().enumerate() {
        let f = figures.funnel[i];
        csv.push_str(&format!(
            "{},{},{},{},{},{},{},{}\n",
            local_time(*start, &range.timezone),
            f[0],
            f[1],
            f[2],
            f[3],
            f[4],
            figures.orders[i],
            csv_amount(figures.sales_minor[i], currency)
        ));
    }
    let f = figures.funnel_total();
    csv.push_str(&format!(
        "Total,{},{},{},{},{},{},{}\n",
        f[0],
        f[1],
        f[2],
        f[3],
        f[4],
        figures.orders_total(),
        csv_amount(figures.sales_total_minor(), currency)
    ));
    csv
}

/// The Overview or the paid orders of the range as CSV, amounts exact to the cent; the last
/// row holds the totals, the same as the endpoints'.
#[utoipa::path(get, path = "/stores/analytics/export", tag = "analytics", security(("bearer" = ["dashboards"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ExportQuery),
    responses((status = 200, content_type = "text/csv", body = String), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn export(
    State(state): State<AppState>,
    access: StoreAccess<Analytics>,
    Query(query): Query<ExportQuery>,
) -> Result<Response, ApiError> {
    let filters = ReportQuery {
        from_time: query.from_time.clone(),
        to_time: query.to_time.clone(),
        stores: query.stores.clone(),
        timezone: query.timezone.clone(),
        test_orders: query.test_orders.clone(),
    };
    let tests = test_orders(filters.test_orders.as_deref())?;
    let (stores, range) = scope(&state, &access, &filters).await?;
    let currency = store_currency(&state, &access.store_id).await?;
    let body = match query.report.as_str() {
        "overview" => {
            let (buckets, figures) =
                range_figures(&state, &stores, &range, Countries::Read, tests).await?;
            overview_csv(&range, &buckets.starts, &figures, currency)
        }
        "paid-orders" => {
            let orders = crate::db::overview::paid_orders(
                &state.db,
                &stores,
                range.start_ms,
                range.end_ms,
                core_wasm::limits::ANALYTICS_EXPORT_ROWS_MAX,
                0,
                tests,
            )
            .await?;
            let mut csv = String::from(
                "order,customer,paid_at,amount,currency,payment_method,card,discount,tax,taxes_included,refunded,ship_to,note\n",
            );
            let mut total = 0_i64;
            for order in &orders {
                // Each order in its own currency's minor units; the total in the store's.
                let unit = core_wasm::formats::currency_or_default(&order.currency);
                let minor = core_wasm::money::stored_minor(order.grand_total, unit);
                total += core_wasm::money::stored_minor(order.grand_total, currency);
                let ship_to = order
                    .shipping_address
                    .as_ref()
                    .map(core_wasm::commerce::address::one_line)
                    .unwrap_or_default();
                csv.push_str(&format!(
                    "{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                    csv_field(&order.order_name),
                    csv_field(
                        order
                            .customer_info
                            .first()
                            .map(|c| c.full_name.as_str())
                            .unwrap_or("")
                    ),
                    local_time(
                        order.captured_date.unwrap_or(order.created_date),
                        &range.timezone
                    ),
                    csv_amount(minor, unit),
                    csv_field(&order.currency),
                    csv_field(order.payment_name.as_deref().unwrap_or("")),
                    csv_field(
                        order
                            .payment_source
                            .card
                            .as_ref()
                            .map(|c| c.kind.as_str())
                            .unwrap_or("")
                    ),
                    csv_amount(core_wasm::money::stored_minor(order.discount, unit), unit),
                    csv_amount(core_wasm::money::stored_minor(order.tax, unit), unit),
                    if order.taxes_included { "yes" } else { "no" },
                    csv_amount(core_wasm::money::stored_minor(order.refunded, unit), unit),
                    csv_field(&ship_to),
                    csv_field(&order.note),
                ));
            }
            csv.push_str(&format!(
                "Total,,,{},,,,,,,,,\n",
                csv_amount(total, currency)
            ));
            csv
        }
        other => {
            return Err(ApiError::Invalid(vec![format!(
                "report is overview or paid-orders, not {other:?}."
            )]));
        }
    };
    let name = format!("{}-{}-{}.csv", query.report, range.from, range.to);
    Ok(super::csv_download(&name, body))
}

/// The live view's filter.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LiveQuery {
    /// Comma-joined store ids (default the store of `X-Store-Id`).
    stores: Option<String>,
}

/// Sessions active in the last five minutes, by page and by country.
#[utoipa::path(get, path = "/stores/analytics/live", tag = "analytics", security(("bearer" = ["live_view"])),
    params(("X-Store-Id" = String, Header, description = "The store"), LiveQuery),
    responses((status = 200, body = LiveView), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn live(
    State(state): State<AppState>,
    access: StoreAccess<Live>,
    Query(query): Query<LiveQuery>,
) -> Result<Json<LiveView>, ApiError> {
    let stores = report_stores(&state, &access, query.stores.as_deref()).await?;
    Ok(Json(query::live(&state.db, &stores, now_ms()).await?))
}
