//! The report screens of the analytics family (shell.md §2): sales reports
//! (`website.sales-reports`), estimated profit with the merchant's unit costs
//! (`website.estimated-profit`), UTM attribution (`website.utm-analystics`) and the shared
//! tracking pixel (`website.pixel.sharePixel`). Ranges, zones and store scoping are the
//! Overview's; every figure is made by the core's `reports` module.

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use core_wasm::reports::{self as rules, PaidOrder, ReportDay, ReportError, UnitCosts};
use serde::Deserialize;
use shared_types::ApiErrorBody;
use shared_types::DateRange;
use shared_types::catalog::Variant;
use shared_types::reports::{
    PixelIds, PixelSettings, PixelShareInput, PixelStore, ProductCost, ProductCostInput,
    ProfitReport, SalesGroup, SalesReport, UtmGroup, UtmReport,
};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::analytics::placeholders;
use crate::auth::store::{RouteName, StoreAccess};
use crate::db::now_ms;
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
    let zone = report_zone(state, &access.store_id, query.timezone.as_deref()).await?;
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

/// A stored line item (`line_items` of the orders table).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredLine {
    #[serde(default)]
    product_id: Option<String>,
    #[serde(default)]
    variant_id: Option<String>,
    #[serde(default)]
    title: String,
    #[serde(default)]
    quantity: i64,
    #[serde(default)]
    price_minor: i64,
}

type OrderRow = (
    String,
    i64,
    i64,
    i64,
    i64,
    i64,
    Option<String>,
    Option<String>,
    String,
);

/// The paid orders of `stores` captured in the range (test orders took no money: not these).
async fn paid_orders(
    state: &AppState,
    stores: &[String],
    range: &DateRange,
) -> Result<Vec<PaidOrder>, ApiError> {
    let n = stores.len();
    let sql = format!(
        "SELECT id, captured_at, subtotal_minor, shipping_minor, discount_minor, grand_total_minor, \
         country, payment_name, line_items FROM orders WHERE store_id IN {} \
         AND financial_status = 'paid' AND is_test = 0 AND captured_at >= ${} AND captured_at < ${} \
         ORDER BY captured_at",
        placeholders(1, n),
        n + 1,
        n + 2
    );
    let mut query = sqlx::query_as::<_, OrderRow>(sqlx::AssertSqlSafe(sql));
    for store in stores {
        query = query.bind(store.as_str());
    }
    let rows = query
        .bind(range.start_ms)
        .bind(range.end_ms)
        .fetch_all(&state.db)
        .await?;
    Ok(rows
        .into_iter()
        .map(
            |(id, captured_at, subtotal, shipping, discount, grand, country, payment, lines)| {
                let lines: Vec<StoredLine> = serde_json::from_str(&lines).unwrap_or_default();
                PaidOrder {
                    id,
                    captured_at,
                    subtotal_minor: subtotal,
                    shipping_minor: shipping,
                    discount_minor: discount,
                    grand_total_minor: grand,
                    country: country.unwrap_or_default(),
                    payment: payment.unwrap_or_default(),
                    lines: lines
                        .into_iter()
                        .map(|l| rules::OrderLine {
                            product_id: l.product_id.unwrap_or_default(),
                            variant_id: l.variant_id.unwrap_or_default(),
                            title: l.title,
                            quantity: l.quantity,
                            price_minor: l.price_minor,
                        })
                        .collect(),
                }
            },
        )
        .collect())
}

/// Sales of the range grouped by day, product, country or payment method: orders, gross
/// sales, discounts, shipping, net and total sales, and the totals of every order once.
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
    let orders = paid_orders(&state, &stores, &range).await?;
    let table = rules::sales_table(&orders, &days, range.end_ms, group);
    Ok(Json(SalesReport {
        range,
        group,
        currency: crate::db::store_currency(&state.db, &access.store_id).await?,
        rows: table.rows.iter().map(rules::SalesFigures::to_row).collect(),
        totals: table.totals.to_row(),
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
    let orders = paid_orders(&state, &stores, &range).await?;
    let table = rules::sales_table(&orders, &days, range.end_ms, group);
    let body = rules::sales_csv(&table, group);
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
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}

/// The unit costs of `stores`.
async fn unit_costs(state: &AppState, stores: &[String]) -> Result<UnitCosts, ApiError> {
    let sql = format!(
        "SELECT product_id, variant_id, unit_cost_minor FROM product_costs WHERE store_id IN {}",
        placeholders(1, stores.len())
    );
    let mut query = sqlx::query_as::<_, (String, String, i64)>(sqlx::AssertSqlSafe(sql));
    for store in stores {
        query = query.bind(store.as_str());
    }
    Ok(query
        .fetch_all(&state.db)
        .await?
        .into_iter()
        .map(|(product, variant, cost)| ((product, variant), cost))
        .collect())
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
    let costs = unit_costs(&state, &stores).await?;
    let table = rules::profit_table(&orders, &days, range.end_ms, &costs);
    Ok(Json(ProfitReport {
        range,
        currency: crate::db::store_currency(&state.db, &access.store_id).await?,
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
    let costs = unit_costs(&state, store).await?;
    let products: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT id, title, variants, price_minor FROM products WHERE store_id = $1 \
         AND status <> 'archived' ORDER BY title, id",
    )
    .bind(&access.store_id)
    .fetch_all(&state.db)
    .await?;
    let cost_of = |product: &str, variant: &str| {
        costs
            .get(&(product.to_owned(), variant.to_owned()))
            .copied()
            .map(core_wasm::payouts::to_major)
    };
    let mut list = Vec::new();
    for (id, title, variants, price) in products {
        list.push(ProductCost {
            unit_cost: cost_of(&id, ""),
            product_id: id.clone(),
            variant_id: String::new(),
            title: title.clone(),
            price: core_wasm::payouts::to_major(price),
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
    let cost = input
        .unit_cost
        .map(rules::unit_cost_minor)
        .transpose()
        .map_err(|e| refused(vec![e]))?;
    let product: Option<(String, String, i64)> = sqlx::query_as(
        "SELECT title, variants, price_minor FROM products WHERE id = $1 AND store_id = $2",
    )
    .bind(product_id)
    .bind(&access.store_id)
    .fetch_optional(&state.db)
    .await?;
    let (title, variants, price) = product
        .ok_or_else(|| ApiError::NotFoundWith("No such product in this store.".to_owned()))?;
    let (title, price) = if variant_id.is_empty() {
        (title, core_wasm::payouts::to_major(price))
    } else {
        let variant = serde_json::from_str::<Vec<Variant>>(&variants)
            .unwrap_or_default()
            .into_iter()
            .find(|v| v.id == variant_id)
            .ok_or_else(|| ApiError::NotFoundWith("No such variant of this product.".to_owned()))?;
        (format!("{title} / {}", variant.title), variant.price)
    };
    match cost {
        Some(cost) => {
            sqlx::query(
                "INSERT INTO product_costs (store_id, product_id, variant_id, unit_cost_minor, updated_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (store_id, product_id, variant_id) \
                 DO UPDATE SET unit_cost_minor = excluded.unit_cost_minor, updated_at = excluded.updated_at",
            )
            .bind(&access.store_id)
            .bind(product_id)
            .bind(variant_id)
            .bind(cost)
            .bind(now_ms())
            .execute(&state.db)
            .await?;
        }
        None => {
            sqlx::query(
                "DELETE FROM product_costs WHERE store_id = $1 AND product_id = $2 AND variant_id = $3",
            )
            .bind(&access.store_id)
            .bind(product_id)
            .bind(variant_id)
            .execute(&state.db)
            .await?;
        }
    }
    Ok(Json(ProductCost {
        product_id: product_id.to_owned(),
        variant_id: variant_id.to_owned(),
        title,
        price,
        unit_cost: cost.map(core_wasm::payouts::to_major),
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
    let n = stores.len();
    let in_stores = placeholders(1, n);
    let (from, to) = (format!("${}", n + 1), format!("${}", n + 2));
    // The landing page of each session that started in the range: its first page view, when
    // that page carries a query string (the others have no UTM values and are only counted).
    let first_pages = |kind: i64, tagged_only: bool| {
        format!(
            "SELECT f.session_id, e.page FROM analytics_firsts f JOIN analytics_events e \
             ON e.store_id = f.store_id AND e.session_id = f.session_id AND e.kind = f.kind \
             AND e.occurred_at = f.occurred_at \
             WHERE f.store_id IN {in_stores} AND f.kind = {kind} AND f.occurred_at >= {from} \
             AND f.occurred_at < {to} {} ORDER BY f.occurred_at, f.session_id",
            if tagged_only {
                "AND e.page LIKE '%?%'"
            } else {
                ""
            }
        )
    };
    let fetch = |sql: String| {
        let mut query = sqlx::query_as::<_, (String, String)>(sqlx::AssertSqlSafe(sql));
        for store in &stores {
            query = query.bind(store.as_str());
        }
        query
            .bind(range.start_ms)
            .bind(range.end_ms)
            .fetch_all(&state.db)
    };
    let landings = fetch(first_pages(1, true)).await?;
    let completions = fetch(first_pages(5, false)).await?;
    let sql = format!(
        "SELECT COUNT(*) FROM analytics_firsts WHERE store_id IN {in_stores} AND kind = 1 \
         AND occurred_at >= {from} AND occurred_at < {to}"
    );
    let mut count = sqlx::query_as::<_, (i64,)>(sqlx::AssertSqlSafe(sql));
    for store in &stores {
        count = count.bind(store.as_str());
    }
    let (total_sessions,) = count
        .bind(range.start_ms)
        .bind(range.end_ms)
        .fetch_one(&state.db)
        .await?;
    let paid: HashMap<String, i64> = paid_orders(&state, &stores, &range)
        .await?
        .into_iter()
        .map(|order| (order.id, order.grand_total_minor))
        .collect();
    let (rows, totals) = rules::utm_table(
        &landings,
        u64::try_from(total_sessions).unwrap_or(0),
        &completions,
        &paid,
        group,
    );
    Ok(Json(UtmReport {
        range,
        group,
        currency: crate::db::store_currency(&state.db, &access.store_id).await?,
        rows,
        totals,
    }))
}

/// The stores `user_id` owns other than `store_id`, by name.
async fn owned_stores(
    state: &AppState,
    user_id: &str,
    store_id: &str,
) -> Result<Vec<PixelStore>, ApiError> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT id, name, subdomain FROM stores WHERE owner_id = $1 AND id <> $2 ORDER BY name, id",
    )
    .bind(user_id)
    .bind(store_id)
    .fetch_all(&state.db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(store_id, name, subdomain)| PixelStore {
            store_id,
            name,
            subdomain,
        })
        .collect())
}

async fn pixel_settings(
    state: &AppState,
    access: &StoreAccess<SharePixel>,
) -> Result<PixelSettings, ApiError> {
    let row: Option<(Option<String>, Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT facebook_pixel, tiktok_pixel, google_tag FROM store_pixels WHERE store_id = $1",
    )
    .bind(&access.store_id)
    .fetch_optional(&state.db)
    .await?;
    let (facebook, tiktok, google) = row.unwrap_or_default();
    let shared: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT s.id, s.name, s.subdomain FROM pixel_shares p JOIN stores s ON s.id = p.shared_with \
         WHERE p.store_id = $1 ORDER BY s.name, s.id",
    )
    .bind(&access.store_id)
    .fetch_all(&state.db)
    .await?;
    let shared_with: Vec<PixelStore> = shared
        .into_iter()
        .map(|(store_id, name, subdomain)| PixelStore {
            store_id,
            name,
            subdomain,
        })
        .collect();
    let candidates = owned_stores(state, &access.user.user_id, &access.store_id)
        .await?
        .into_iter()
        .filter(|store| !shared_with.iter().any(|s| s.store_id == store.store_id))
        .collect();
    Ok(PixelSettings {
        pixels: PixelIds {
            facebook,
            tiktok,
            google,
        },
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
    sqlx::query(
        "INSERT INTO store_pixels (store_id, facebook_pixel, tiktok_pixel, google_tag, updated_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (store_id) DO UPDATE SET \
         facebook_pixel = excluded.facebook_pixel, tiktok_pixel = excluded.tiktok_pixel, \
         google_tag = excluded.google_tag, updated_at = excluded.updated_at",
    )
    .bind(&access.store_id)
    .bind(ids.facebook)
    .bind(ids.tiktok)
    .bind(ids.google)
    .bind(now_ms())
    .execute(&state.db)
    .await?;
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
    let owned = owned_stores(&state, &access.user.user_id, &access.store_id).await?;
    if !owned.iter().any(|store| store.store_id == target) {
        return Err(ApiError::NotFoundWith(
            "No such store among the stores you own.".to_owned(),
        ));
    }
    sqlx::query(
        "INSERT INTO pixel_shares (store_id, shared_with, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (store_id, shared_with) DO NOTHING",
    )
    .bind(&access.store_id)
    .bind(target)
    .bind(now_ms())
    .execute(&state.db)
    .await?;
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
    let removed = sqlx::query("DELETE FROM pixel_shares WHERE store_id = $1 AND shared_with = $2")
        .bind(&access.store_id)
        .bind(&id)
        .execute(&state.db)
        .await?;
    if removed.rows_affected() == 0 {
        return Err(ApiError::NotFoundWith(
            "The pixel is not shared with that store.".to_owned(),
        ));
    }
    Ok(Json(pixel_settings(&state, &access).await?))
}
