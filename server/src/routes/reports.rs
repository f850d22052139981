//! The report screens of the analytics family (shell.md §2): sales reports
//! (`website.sales-reports`), estimated profit with the merchant's unit costs
//! (`website.estimated-profit`), UTM attribution (`website.utm-analystics`) and the shared
//! tracking pixel (`website.pixel.sharePixel`). Ranges, zones and store scoping are the
//! Overview's; every figure is made by the core's `reports` module.

use core_wasm::formats::currency_or_default;
use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use core_wasm::reports::{self as rules, PaidOrder, ReportDay, ReportError};
use serde::Deserialize;
use shared_types::ApiErrorBody;
use shared_types::DateRange;
use shared_types::catalog::Variant;
use shared_types::reports::{
    PixelIds, PixelSettings, PixelShareInput, ProductCost, ProductCostInput, ProfitReport,
    SalesGroup, SalesReport, UtmGroup, UtmReport,
};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{RouteName, StoreAccess};
use crate::db::{now_ms, reports};
use crate::error::{ApiError, Json, Query};
use crate::routes::analytics::{report_stores, report_zone};
use crate::state::AppState;

/// `website.sales-reports` (`sale_reports`).
#[derive(Debug, Clone, Copy)]
pub struct SalesReports;
impl RouteName for SalesReports {
    const NAME: &'static str = "website.sales-reports";
}

/// `website.estimated-profit` (`estimated_profit`).
#[derive(Debug, Clone, Copy)]
pub struct EstimatedProfit;
impl RouteName for EstimatedProfit {
    const NAME: &'static str = "website.estimated-profit";
}

/// `website.utm-analystics` (`utm_analystics`).
#[derive(Debug, Clone, Copy)]
pub struct UtmAnalytics;
impl RouteName for UtmAnalytics {
    const NAME: &'static str = "website.utm-analystics";
}

/// `website.pixel.sharePixel` (`report`).
#[derive(Debug, Clone, Copy)]
pub struct SharePixel;
impl RouteName for SharePixel {
    const NAME: &'static str = "website.pixel.sharePixel";
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sales))
        .routes(routes!(sales_export))
        .routes(routes!(profit))
        .routes(routes!(costs, save_cost))
        .routes(routes!(utm))
        .routes(routes!(pixel, save_pixel))
        .routes(routes!(share_pixel))
        .routes(routes!(unshare_pixel))
}

/// The filters of a report: the Overview's, and a grouping.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct RangeQuery {
    /// First local day, `YYYY-MM-DD` (default today).
    from_time: Option<String>,
    /// Last local day (inclusive), `YYYY-MM-DD` (default today).
    to_time: Option<String>,
    /// Comma-joined store ids (default the store of `X-Store-Id`); each must be one the user
    /// may open the report in.
    stores: Option<String>,
    /// An IANA zone (default the store's standard time zone, else America/Los_Angeles).
    timezone: Option<String>,
    /// The last N local days, today included (1 to 366), when `fromTime` is not given.
    last_days: Option<u32>,
    /// Sales: day, product, country or payment (default day). UTM: source, medium or campaign
    /// (default source).
    group_by: Option<String>,
}

/// The checked stores, range and days of a report.
async fn scope<R: RouteName>(
    state: &AppState,
    access: &StoreAccess<R>,
    query: &RangeQuery,
) -> Result<(Vec<String>, DateRange, Vec<ReportDay>), ApiError> {
    let stores = report_stores(state, access, query.stores.as_deref()).await?;
    let zone = report_zone(access, query.timezone.as_deref());
    let from = query.from_time.as_deref().unwrap_or("");
    let range = match query.last_days {
        Some(days) if from.trim().is_empty() => {
            if !(1..=rules::MAX_LAST_DAYS).contains(&days) {
                return Err(ApiError::Invalid(vec![format!(
                    "lastDays is 1 to {}.",
                    rules::MAX_LAST_DAYS
                )]));
            }
            rules::last_days(days, &zone, now_ms()).map_err(|e| sentence(&e))?
        }
        _ => crate::analytics::query::range(
            from,
            query.to_time.as_deref().unwrap_or(""),
            &zone,
            now_ms(),
        )?,
    };
    let days = rules::report_days(&range).map_err(|e| sentence(&e))?;
    Ok((stores, range, days))
}

/// The core's refusal as a sentence.
fn sentence(error: &core_wasm::analytics::AnalyticsError) -> ApiError {
    let text = error.to_string();
    let mut chars = text.chars();
    let first = chars.next().map(|c| c.to_uppercase().to_string());
    ApiError::Invalid(vec![format!(
        "{}{}.",
        first.unwrap_or_default(),
        chars.as_str()
    )])
}

fn sales_group(text: Option<&str>) -> Result<SalesGroup, ApiError> {
    match text.map(str::trim).unwrap_or("") {
        "" | "day" => Ok(SalesGroup::Day),
        "product" => Ok(SalesGroup::Product),
        "country" => Ok(SalesGroup::Country),
        "payment" => Ok(SalesGroup::Payment),
        _ => Err(ApiError::Invalid(vec![
            "groupBy is day, product, country or payment.".to_owned(),
        ])),
    }
}

fn utm_group(text: Option<&str>) -> Result<UtmGroup, ApiError> {
    match text.map(str::trim).unwrap_or("") {
        "" | "source" => Ok(UtmGroup::Source),
        "medium" => Ok(UtmGroup::Medium),
        "campaign" => Ok(UtmGroup::Campaign),
        _ => Err(ApiError::Invalid(vec![
            "groupBy is source, medium or campaign.".to_owned(),
        ])),
    }
}

fn refused(errors: Vec<ReportError>) -> ApiError {
    ApiError::Invalid(errors.iter().map(ToString::to_string).collect())
}

/// The paid orders of `stores` captured in the range.
async fn paid_orders(
    state: &AppState,
    stores: &[String],
    range: &DateRange,
) -> Result<Vec<PaidOrder>, ApiError> {
    Ok(reports::paid_orders(&state.db, stores, range.start_ms, range.end_ms).await?)
}

/// The sales captured in the range (refunded since or not) and the refunds given in it.
async fn sold_and_refunded(
    state: &AppState,
    stores: &[String],
    range: &DateRange,
) -> Result<(Vec<PaidOrder>, Vec<rules::ReportRefund>), ApiError> {
    let (orders, refunds) = tokio::try_join!(
        reports::sold_orders(&state.db, stores, range.start_ms, range.end_ms),
        reports::refunds(&state.db, stores, range.start_ms, range.end_ms),
    )?;
    Ok((orders, refunds))
}

/// Sales of the range grouped by day, product, country or payment method: orders, gross
/// sales, discounts, returns (refunds on the day they were given), shipping, net and total
/// sales, and the totals of every order once.
#[utoipa::path(get, path = "/stores/reports/sales", tag = "reports", security(("bearer" = ["sale_reports"])),
    params(("X-Store-Id" = String, Header, description = "The store"), RangeQuery),
    responses((status = 200, body = SalesReport), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn sales(
    State(state): State<AppState>,
    access: StoreAccess<SalesReports>,
    Query(query): Query<RangeQuery>,
) -> Result<Json<SalesReport>, ApiError> {
    let group = sales_group(query.group_by.as_deref())?;
    let (stores, range, days) = scope(&state, &access, &query).await?;
    let (orders, refunds) = sold_and_refunded(&state, &stores, &range).await?;
    let table = rules::sales_table(&orders, &refunds, &days, range.end_ms, group);
    let currency = crate::db::store_currency(&state.db, &access.store_id).await?;
    let unit = currency_or_default(&currency);
    Ok(Json(SalesReport {
        range,
        group,
        currency,
        rows: table.rows.iter().map(|row| row.to_row(unit)).collect(),
        totals: table.totals.to_row(unit),
    }))
}

/// The same report as CSV, amounts exact to the cent; the last row holds the totals.
#[utoipa::path(get, path = "/stores/reports/sales/export", tag = "reports", security(("bearer" = ["sale_reports"])),
    params(("X-Store-Id" = String, Header, description = "The store"), RangeQuery),
    responses((status = 200, content_type = "text/csv", body = String), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn sales_export(
    State(state): State<AppState>,
    access: StoreAccess<SalesReports>,
    Query(query): Query<RangeQuery>,
) -> Result<Response, ApiError> {
    let group = sales_group(query.group_by.as_deref())?;
    let (stores, range, days) = scope(&state, &access, &query).await?;
    let (orders, refunds) = sold_and_refunded(&state, &stores, &range).await?;
    let table = rules::sales_table(&orders, &refunds, &days, range.end_ms, group);
    let currency = crate::db::store_currency(&state.db, &access.store_id).await?;
    let body = rules::sales_csv(&table, group, currency_or_default(&currency));
    let name = format!(
        "sales-by-{}-{}-{}.csv",
        query
            .group_by
            .as_deref()
            .map(str::trim)
            .filter(|g| !g.is_empty())
            .unwrap_or("day"),
        range.from,
        range.to
    );
    Ok(super::csv_download(&name, body))
}

/// Estimated profit per day and per product: sales less cost of goods, payment fees (the
/// payout balance's rule) and shipping costs; units without a unit cost are reported apart.
#[utoipa::path(get, path = "/stores/reports/profit", tag = "reports", security(("bearer" = ["estimated_profit"])),
    params(("X-Store-Id" = String, Header, description = "The store"), RangeQuery),
    responses((status = 200, body = ProfitReport), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn profit(
    State(state): State<AppState>,
    access: StoreAccess<EstimatedProfit>,
    Query(query): Query<RangeQuery>,
) -> Result<Json<ProfitReport>, ApiError> {
    let (stores, range, days) = scope(&state, &access, &query).await?;
    let orders = paid_orders(&state, &stores, &range).await?;
    let costs = reports::unit_costs(&state.db, &stores).await?;
    let currency = crate::db::store_currency(&state.db, &access.store_id).await?;
    let table = rules::profit_table(
        &orders,
        &days,
        range.end_ms,
        &costs,
        currency_or_default(&currency),
    );
    Ok(Json(ProfitReport {
        range,
        currency,
        days: table.days,
        products: table.products,
        totals: table.totals,
    }))
}

/// The store's products and their variants with the unit cost entered for each, by title.
#[utoipa::path(get, path = "/stores/reports/costs", tag = "reports", security(("bearer" = ["estimated_profit"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<ProductCost>), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn costs(
    State(state): State<AppState>,
    access: StoreAccess<EstimatedProfit>,
) -> Result<Json<Vec<ProductCost>>, ApiError> {
    let store = std::slice::from_ref(&access.store_id);
    let costs = reports::unit_costs(&state.db, store).await?;
    let products = reports::cost_products(&state.db, &access.store_id).await?;
    let unit = currency_or_default(&crate::db::store_currency(&state.db, &access.store_id).await?);
    let cost_of = |product: &str, variant: &str| {
        costs
            .get(&(product.to_owned(), variant.to_owned()))
            .map(|minor| core_wasm::money::stored(*minor, unit))
    };
    let mut list = Vec::new();
    for (id, title, variants, price) in products {
        list.push(ProductCost {
            unit_cost: cost_of(&id, ""),
            product_id: id.clone(),
            variant_id: String::new(),
            title: title.clone(),
            price: core_wasm::money::stored(price, unit),
        });
        for variant in serde_json::from_str::<Vec<Variant>>(&variants).unwrap_or_default() {
            if variant.id.is_empty() {
                continue;
            }
            list.push(ProductCost {
                unit_cost: cost_of(&id, &variant.id),
                product_id: id.clone(),
                variant_id: variant.id.clone(),
                title: format!("{title} / {}", variant.title),
                price: variant.price,
            });
        }
    }
    Ok(Json(list))
}

/// Sets (or, with `unitCost: null`, removes) the unit cost of a product or variant of the store.
#[utoipa::path(put, path = "/stores/reports/costs", tag = "reports", security(("bearer" = ["estimated_profit"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    request_body = ProductCostInput,
    responses((status = 200, body = ProductCost), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn save_cost(
    State(state): State<AppState>,
    access: StoreAccess<EstimatedProfit>,
    Json(input): Json<ProductCostInput>,
) -> Result<Json<ProductCost>, ApiError> {
    let product_id = input.product_id.trim();
    let variant_id = input.variant_id.trim();
    if product_id.is_empty() {
        return Err(ApiError::Invalid(vec!["productId is required.".to_owned()]));
    }
    let unit = currency_or_default(&crate::db::store_currency(&state.db, &access.store_id).await?);
    let cost = input
        .unit_cost
        .map(|amount| rules::unit_cost_minor(amount, unit))
        .transpose()
        .map_err(|e| refused(vec![e]))?;
    let product = reports::cost_product(&state.db, &access.store_id, product_id).await?;
    let (_, title, variants, price) = product
        .ok_or_else(|| ApiError::NotFoundWith("No such product in this store.".to_owned()))?;
    let (title, price) = if variant_id.is_empty() {
        (title, core_wasm::money::stored(price, unit))
    } else {
        let variant = serde_json::from_str::<Vec<Variant>>(&variants)
            .unwrap_or_default()
            .into_iter()
            .find(|v| v.id == variant_id)
            .ok_or_else(|| ApiError::NotFoundWith("No such variant of this product.".to_owned()))?;
        (format!("{title} / {}", variant.title), variant.price)
    };
    reports::set_unit_cost(&state.db, &access.store_id, product_id, variant_id, cost).await?;
    Ok(Json(ProductCost {
        product_id: product_id.to_owned(),
        variant_id: variant_id.to_owned(),
        title,
        price,
        unit_cost: cost.map(|minor| core_wasm::money::stored(minor, unit)),
    }))
}

/// Sessions, conversions, orders and revenue by the utm_source, utm_medium or utm_campaign of
/// each session's landing page.
#[utoipa::path(get, path = "/stores/reports/utm", tag = "reports", security(("bearer" = ["utm_analystics"])),
    params(("X-Store-Id" = String, Header, description = "The store"), RangeQuery),
    responses((status = 200, body = UtmReport), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn utm(
    State(state): State<AppState>,
    access: StoreAccess<UtmAnalytics>,
    Query(query): Query<RangeQuery>,
) -> Result<Json<UtmReport>, ApiError> {
    let group = utm_group(query.group_by.as_deref())?;
    let (stores, range, _) = scope(&state, &access, &query).await?;
    let (landings, completions, total_sessions) =
        reports::utm_sessions(&state.db, &stores, range.start_ms, range.end_ms).await?;
    let paid: HashMap<String, i64> = paid_orders(&state, &stores, &range)
        .await?
        .into_iter()
        .map(|order| (order.id, order.grand_total_minor))
        .collect();
    let currency = crate::db::store_currency(&state.db, &access.store_id).await?;
    let (rows, totals) = rules::utm_table(
        &landings,
        u64::try_from(total_sessions).unwrap_or(0),
        &completions,
        &paid,
        group,
        currency_or_default(&currency),
    );
    Ok(Json(UtmReport {
        range,
        group,
        currency,
        rows,
        totals,
    }))
}

async fn pixel_settings(
    state: &AppState,
    access: &StoreAccess<SharePixel>,
) -> Result<PixelSettings, ApiError> {
    let (pixels, shared_with) = reports::pixels(&state.db, &access.store_id).await?;
    let candidates = reports::owned_stores(&state.db, &access.user.user_id, &access.store_id)
        .await?
        .into_iter()
        .filter(|store| !shared_with.iter().any(|s| s.store_id == store.store_id))
        .collect();
    Ok(PixelSettings {
        pixels,
        shared_with,
        candidates,
    })
}

/// The store's tracking pixel ids, the stores they are shared with, and the other stores the
/// user owns that they could be shared with.
#[utoipa::path(get, path = "/stores/reports/pixel", tag = "reports", security(("bearer" = ["report"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = PixelSettings), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn pixel(
    State(state): State<AppState>,
    access: StoreAccess<SharePixel>,
) -> Result<Json<PixelSettings>, ApiError> {
    Ok(Json(pixel_settings(&state, &access).await?))
}

/// Sets the store's tracking pixel ids (all three at once; `null` or empty clears one).
#[utoipa::path(put, path = "/stores/reports/pixel", tag = "reports", security(("bearer" = ["report"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    request_body = PixelIds,
    responses((status = 200, body = PixelSettings), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn save_pixel(
    State(state): State<AppState>,
    access: StoreAccess<SharePixel>,
    Json(input): Json<PixelIds>,
) -> Result<Json<PixelSettings>, ApiError> {
    let ids = rules::check_pixels(&input).map_err(refused)?;
    reports::save_pixels(&state.db, &access.store_id, ids).await?;
    Ok(Json(pixel_settings(&state, &access).await?))
}

/// Shares the store's pixels with another store the user owns.
#[utoipa::path(post, path = "/stores/reports/pixel/shares", tag = "reports", security(("bearer" = ["report"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    request_body = PixelShareInput,
    responses((status = 201, body = PixelSettings), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn share_pixel(
    State(state): State<AppState>,
    access: StoreAccess<SharePixel>,
    Json(input): Json<PixelShareInput>,
) -> Result<(StatusCode, Json<PixelSettings>), ApiError> {
    let target = input.store_id.trim();
    if target.is_empty() {
        return Err(ApiError::Invalid(vec!["storeId is required.".to_owned()]));
    }
    if target == access.store_id {
        return Err(ApiError::Invalid(vec![
            "A store's pixel is its own; choose another store to share it with.".to_owned(),
        ]));
    }
    let owned = reports::owned_stores(&state.db, &access.user.user_id, &access.store_id).await?;
    if !owned.iter().any(|store| store.store_id == target) {
        return Err(ApiError::NotFoundWith(
            "No such store among the stores you own.".to_owned(),
        ));
    }
    reports::share_pixels(&state.db, &access.store_id, target).await?;
    Ok((
        StatusCode::CREATED,
        Json(pixel_settings(&state, &access).await?),
    ))
}

/// Stops sharing the store's pixels with a store.
#[utoipa::path(delete, path = "/stores/reports/pixel/shares/{id}", tag = "reports", security(("bearer" = ["report"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The store shared with")),
    responses((status = 200, body = PixelSettings), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn unshare_pixel(
    State(state): State<AppState>,
    access: StoreAccess<SharePixel>,
    Path(id): Path<String>,
) -> Result<Json<PixelSettings>, ApiError> {
    if !reports::unshare_pixels(&state.db, &access.store_id, &id).await? {
        return Err(ApiError::NotFoundWith(
            "The pixel is not shared with that store.".to_owned(),
        ));
    }
    Ok(Json(pixel_settings(&state, &access).await?))
}
