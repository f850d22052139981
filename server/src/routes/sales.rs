//! Customers, orders and discounts. Orders carry the spec's wire names (editor spec §3.1) and
//! page, filter by a date range in a time zone (read by the core), by financial and fulfilment
//! status and by words in the order's name or customer, count, and are fulfilled.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use core_wasm::catalog as rules;
use serde::Deserialize;
use shared_types::catalog::{
    Customer, CustomerList, Discount, DiscountInput, DiscountList, LineItem, Order, OrderCount,
    OrderList,
};
use shared_types::commerce::{CancelInput, CustomerInput, FulfillmentInput, RefundInput};
use shared_types::{ApiErrorBody, MessageResponse};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::pages::invalid;
use crate::auth::store::{StoreAccess, routes as scoped};
use crate::db::orders::{self, ORDER_COLUMNS, OrderRow};
use crate::db::{contains_pattern, new_id, now_ms};
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;

/// The financial states of an order (the core's list).
pub const FINANCIAL_STATUSES: [&str; 5] = rules::FINANCIAL_STATUSES;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_customers))
        .routes(routes!(get_customer))
        .routes(routes!(list_orders))
        .routes(routes!(count_orders))
        .routes(routes!(get_order))
        .routes(routes!(fulfil_order))
        .routes(routes!(cancel_fulfilment))
        .routes(routes!(refund_order))
        .routes(routes!(cancel_order))
        .routes(routes!(export_orders))
        .routes(routes!(export_customers))
        .routes(routes!(put_customer))
        .routes(routes!(list_discounts, create_discount))
        .routes(routes!(get_discount, put_discount, delete_discount))
}

/// Paging and search of a list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// From 1 (default 1).
    page: Option<u32>,
    /// At most 250 (default 20).
    limit: Option<u32>,
    /// Words in names or e-mail (customers) or the code (discounts).
    search: Option<String>,
}

pub(crate) fn paging(page: Option<u32>, limit: Option<u32>, default: u32) -> (u32, u32, i64) {
    let limit = limit.unwrap_or(default).clamp(1, rules::PAGE_LIMIT_MAX);
    let page = page.unwrap_or(1).max(1);
    (page, limit, i64::from(page - 1) * i64::from(limit))
}

/// A customer as `CUSTOMER_SELECT` reads it.
#[derive(Debug, sqlx::FromRow)]
struct CustomerRow {
    id: String,
    email: String,
    first_name: Option<String>,
    last_name: Option<String>,
    phone: Option<String>,
    country: Option<String>,
    created_at: i64,
    notes: String,
    tags: String,
    addresses: String,
    orders_count: i64,
    spent: i64,
}

/// A customer's orders count every order; what they spent is what they paid less refunds.
const CUSTOMER_SELECT: &str = "SELECT c.id, c.email, c.first_name, c.last_name, c.phone, c.country, c.created_at, \
    c.notes, c.tags, c.addresses, \
    (SELECT COUNT(*) FROM orders o WHERE o.customer_id = c.id) AS orders_count, \
    (SELECT CAST(COALESCE(SUM(o.grand_total_minor - o.refunded_minor), 0) AS BIGINT) FROM orders o \
     WHERE o.customer_id = c.id AND o.financial_status IN ('paid', 'partially_refunded', 'refunded')) AS spent \
    FROM customers c";

fn customer(row: CustomerRow) -> Customer {
    Customer {
        full_name: core_wasm::shell::full_name(row.first_name.as_deref(), row.last_name.as_deref()),
        id: row.id,
        email: row.email,
        first_name: row.first_name,
        last_name: row.last_name,
        phone: row.phone,
        country: row.country,
        orders_count: row.orders_count,
        total_spent: rules::minor_to_money(row.spent),
        created_at: row.created_at,
        notes: row.notes,
        tags: serde_json::from_str(&row.tags).unwrap_or_default(),
        addresses: serde_json::from_str(&row.addresses).unwrap_or_default(),
    }
}

/// The store's customers, newest first: `page`, `limit`, `search` in names and e-mail.
#[utoipa::path(get, path = "/stores/customers", tag = "sales", security(("bearer" = ["customers"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ListQuery),
    responses((status = 200, body = CustomerList), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn list_customers(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Customers>,
    Query(query): Query<ListQuery>,
) -> Result<Json<CustomerList>, ApiError> {
    let (_, limit, offset) = paging(query.page, query.limit, 20);
    let search = query.search.unwrap_or_default().trim().to_lowercase();
    let pattern = contains_pattern(&search);
    let filter = "c.store_id = $1 AND ($2 = '' OR LOWER(c.email) LIKE $3 ESCAPE '!' \
        OR LOWER(COALESCE(c.first_name, '') || ' ' || COALESCE(c.last_name, '')) LIKE $3 ESCAPE '!')";
    let sql = format!(
        "{CUSTOMER_SELECT} WHERE {filter} ORDER BY c.created_at DESC, c.id DESC LIMIT $4 OFFSET $5"
    );
    let rows: Vec<CustomerRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(&access.store_id)
        .bind(&search)
        .bind(&pattern)
        .bind(i64::from(limit))
        .bind(offset)
        .fetch_all(&state.db)
        .await?;
    let (total,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM customers c WHERE {filter}"
    )))
    .bind(&access.store_id)
    .bind(&search)
    .bind(&pattern)
    .fetch_one(&state.db)
    .await?;
    Ok(Json(CustomerList {
        customers: rows.into_iter().map(customer).collect(),
        total,
    }))
}

/// One customer with their order count and what they spent.
#[utoipa::path(get, path = "/stores/customers/{id}", tag = "sales", security(("bearer" = ["customers"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The customer")),
    responses((status = 200, body = Customer), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_customer(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Customers>,
    Path(id): Path<String>,
) -> Result<Json<Customer>, ApiError> {
    let sql = format!("{CUSTOMER_SELECT} WHERE c.store_id = $1 AND c.id = $2");
    let row: Option<CustomerRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(&access.store_id)
        .bind(&id)
        .fetch_optional(&state.db)
        .await?;
    row.map(|r| Json(customer(r))).ok_or(ApiError::NotFound)
}

/// Replaces what the merchant keeps about a customer: name, e-mail (unique in the store), phone,
/// notes, tags and addresses (the first the default), each checked by the core.
#[utoipa::path(put, path = "/stores/customers/{id}", tag = "sales", security(("bearer" = ["customers"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The customer")),
    request_body = CustomerInput,
    responses((status = 200, body = Customer), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn put_customer(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Customers>,
    Path(id): Path<String>,
    Json(input): Json<CustomerInput>,
) -> Result<Json<Customer>, ApiError> {
    let problems = core_wasm::commerce::customer_problems(&input);
    if !problems.is_empty() {
        return Err(ApiError::Invalid(problems));
    }
    let input = core_wasm::commerce::customers::normalized(&input);
    let optional = |s: &str| (!s.is_empty()).then(|| s.to_owned());
    let mut tx = crate::db::begin_write(&state.db).await?;
    let taken: Option<(String,)> =
        sqlx::query_as("SELECT id FROM customers WHERE store_id = $1 AND email = $2 AND id <> $3")
            .bind(&access.store_id)
            .bind(&input.email)
            .bind(&id)
            .fetch_optional(&mut *tx)
            .await?;
    if taken.is_some() {
        return Err(ApiError::Conflict(format!(
            "Another customer has the e-mail {}.",
            input.email
        )));
    }
    let changed = sqlx::query(
        "UPDATE customers SET email = $1, first_name = $2, last_name = $3, phone = $4, country = $5, notes = $6, \
         tags = $7, addresses = $8 WHERE store_id = $9 AND id = $10",
    )
    .bind(&input.email)
    .bind(optional(&input.first_name))
    .bind(optional(&input.last_name))
    .bind(optional(&input.phone))
    .bind(input.addresses.first().map(|a| a.country.clone()))
    .bind(&input.notes)
    .bind(serde_json::to_string(&input.tags).map_err(ApiError::internal)?)
    .bind(serde_json::to_string(&input.addresses).map_err(ApiError::internal)?)
    .bind(&access.store_id)
    .bind(&id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed == 0 {
        return Err(ApiError::NotFound);
    }
    tx.commit().await?;
    get_customer(State(state), access, Path(id)).await
}

/// The store's customers as CSV (every customer, newest first), for a spreadsheet.
#[utoipa::path(get, path = "/stores/customers/export", tag = "sales", security(("bearer" = ["customers"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, content_type = "text/csv", body = String), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn export_customers(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Customers>,
) -> Result<axum::response::Response, ApiError> {
    let sql = format!(
        "{CUSTOMER_SELECT} WHERE c.store_id = $1 ORDER BY c.created_at DESC, c.id DESC LIMIT {EXPORT_MAX}"
    );
    let rows: Vec<CustomerRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(&access.store_id)
        .fetch_all(&state.db)
        .await?;
    let customers: Vec<Customer> = rows.into_iter().map(customer).collect();
    Ok(csv_file(
        "customers.csv",
        core_wasm::commerce::customers::customers_csv(&customers),
    ))
}

/// The most rows an export holds.
const EXPORT_MAX: i64 = 50_000;

/// A CSV download.
fn csv_file(name: &str, body: String) -> axum::response::Response {
    use axum::response::IntoResponse;
    (
        [
            (
                axum::http::header::CONTENT_TYPE,
                "text/csv; charset=utf-8".to_owned(),
            ),
            (
                axum::http::header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        body,
    )
        .into_response()
}

/// The order list's filters: paging, the order date as local days in a zone, the financial
/// status.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct OrderQuery {
    /// From 1 (default 1).
    page: Option<u32>,
    /// At most 250 (default 10, the order table's page).
    limit: Option<u32>,
    /// First local day of the order date, `YYYY-MM-DD`.
    start_date: Option<String>,
    /// Last local day (inclusive), `YYYY-MM-DD`.
    end_date: Option<String>,
    /// The zone of those days (default: the store's zone, else America/Los_Angeles).
    timezone: Option<String>,
    /// pending, paid, refunded or voided.
    financial_status: Option<String>,
    /// unfulfilled, partial or fulfilled.
    fulfillment_status: Option<String>,
    /// Words in the order's name (`#1001`) or its customer's name or e-mail.
    search: Option<String>,
    /// The orders of one customer.
    customer_id: Option<String>,
}

/// The order list's filters as SQL values.
struct OrderFilter {
    start: i64,
    end: i64,
    financial: String,
    fulfillment: String,
    search: String,
    pattern: String,
    customer: String,
}

/// The SQL filter's values; `-1` and empty strings when a filter is not set.
async fn order_filter(
    state: &AppState,
    store_id: &str,
    query: &OrderQuery,
) -> Result<OrderFilter, ApiError> {
    let financial = query.financial_status.clone().unwrap_or_default();
    if !financial.is_empty() && !FINANCIAL_STATUSES.contains(&financial.as_str()) {
        return Err(invalid(format!(
            "financialStatus is one of: {}.",
            FINANCIAL_STATUSES.join(", ")
        )));
    }
    let fulfillment = query.fulfillment_status.clone().unwrap_or_default();
    if !fulfillment.is_empty() && !rules::FULFILLMENT_STATUSES.contains(&fulfillment.as_str()) {
        return Err(invalid(format!(
            "fulfillmentStatus is one of: {}.",
            rules::FULFILLMENT_STATUSES.join(", ")
        )));
    }
    let search = query.search.as_deref().unwrap_or("").trim().to_lowercase();
    let pattern = contains_pattern(&search);
    let mut filter = OrderFilter {
        start: -1,
        end: -1,
        financial,
        fulfillment,
        search,
        pattern,
        customer: query.customer_id.clone().unwrap_or_default(),
    };
    (filter.start, filter.end) = local_days(
        state,
        store_id,
        query.start_date.as_deref(),
        query.end_date.as_deref(),
        query.timezone.as_deref(),
        now_ms(),
    )
    .await?;
    Ok(filter)
}

/// The local days `start` to `end` (`YYYY-MM-DD`, inclusive) in `zone`, else in the store's
/// standard time zone, as `[start, end)` in ms; `(-1, -1)` when neither day is given.
pub(crate) async fn local_days(
    state: &AppState,
    store_id: &str,
    start: Option<&str>,
    end: Option<&str>,
    zone: Option<&str>,
    now: i64,
) -> Result<(i64, i64), ApiError> {
    let (start, end) = (start.unwrap_or(""), end.unwrap_or(""));
    if start.trim().is_empty() && end.trim().is_empty() {
        return Ok((-1, -1));
    }
    let zone = match zone.filter(|z| !z.trim().is_empty()) {
        Some(zone) => zone.to_owned(),
        None => {
            let row: Option<(String,)> = sqlx::query_as(
                "SELECT standard_timezone FROM store_preferences WHERE store_id = $1",
            )
            .bind(store_id)
            .fetch_optional(&state.db)
            .await?;
            row.map(|(zone,)| zone).unwrap_or_default()
        }
    };
    let range = core_wasm::analytics::range(start, end, &zone, now)
        .map_err(|e| invalid(format!("The date range cannot be read: {e}.")))?;
    Ok((range.start_ms, range.end_ms))
}

const ORDER_FILTER: &str = "store_id = $1 AND ($2 = -1 OR (created_at >= $2 AND created_at < $3)) \
    AND ($4 = '' OR financial_status = $4) AND ($5 = '' OR fulfillment_status = $5) \
    AND ($6 = '' OR LOWER(order_name) LIKE $7 ESCAPE '!' OR LOWER(customer_name) LIKE $7 ESCAPE '!' \
    OR LOWER(customer_email) LIKE $7 ESCAPE '!') AND ($8 = '' OR customer_id = $8)";

/// Binds the order filter's values as $1 to $8.
fn bind_filter<'q, O>(
    query: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments>,
    store_id: &'q str,
    filter: &'q OrderFilter,
) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments> {
    query
        .bind(store_id)
        .bind(filter.start)
        .bind(filter.end)
        .bind(&filter.financial)
        .bind(&filter.fulfillment)
        .bind(&filter.search)
        .bind(&filter.pattern)
        .bind(&filter.customer)
}

/// The line items of a stored `line_items` column, as the API shows them.
pub(crate) fn line_items(stored: &str) -> Vec<LineItem> {
    orders::line_items(stored)
}

/// The store's orders, newest first: `page`, `limit` (10), `startDate`/`endDate` in
/// `timezone`, `financialStatus`.
#[utoipa::path(get, path = "/stores/orders", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store"), OrderQuery),
    responses((status = 200, body = OrderList), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn list_orders(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Orders>,
    Query(query): Query<OrderQuery>,
) -> Result<Json<OrderList>, ApiError> {
    let (page, limit, offset) = paging(query.page, query.limit, core_wasm::limits::ORDER_PAGE_SIZE);
    let filter = order_filter(&state, &access.store_id, &query).await?;
    let sql = format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE {ORDER_FILTER} ORDER BY created_at DESC, id DESC LIMIT $9 OFFSET $10"
    );
    let rows: Vec<OrderRow> = bind_filter(
        sqlx::query_as(sqlx::AssertSqlSafe(sql)),
        &access.store_id,
        &filter,
    )
    .bind(i64::from(limit))
    .bind(offset)
    .fetch_all(&state.db)
    .await?;
    let total = count(&state, &access.store_id, &filter).await?;
    Ok(Json(OrderList {
        orders: rows.iter().map(orders::order).collect(),
        total,
        page,
        limit,
    }))
}

async fn count(state: &AppState, store_id: &str, filter: &OrderFilter) -> Result<i64, ApiError> {
    let sql = format!("SELECT COUNT(*) FROM orders WHERE {ORDER_FILTER}");
    let (total,): (i64,) = bind_filter(sqlx::query_as(sqlx::AssertSqlSafe(sql)), store_id, filter)
        .fetch_one(&state.db)
        .await?;
    Ok(total)
}

/// The orders the same filters match as CSV (newest first, at most 50,000): one row per line
/// item, with the order's totals, discounts, refunds, addresses and note on each, as
/// spreadsheets and shipping tools read them.
#[utoipa::path(get, path = "/stores/orders/export", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store"), OrderQuery),
    responses((status = 200, content_type = "text/csv", body = String), (status = 400, body = ApiErrorBody),
        (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn export_orders(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Orders>,
    Query(query): Query<OrderQuery>,
) -> Result<axum::response::Response, ApiError> {
    let filter = order_filter(&state, &access.store_id, &query).await?;
    let sql = format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE {ORDER_FILTER} ORDER BY created_at DESC, id DESC LIMIT {EXPORT_MAX}"
    );
    let rows: Vec<OrderRow> = bind_filter(
        sqlx::query_as(sqlx::AssertSqlSafe(sql)),
        &access.store_id,
        &filter,
    )
    .fetch_all(&state.db)
    .await?;
    let orders: Vec<Order> = rows.iter().map(orders::order).collect();
    Ok(csv_file(
        "orders.csv",
        core_wasm::commerce::customers::orders_csv(&orders),
    ))
}

/// How many orders the same filters match.
#[utoipa::path(get, path = "/stores/orders/count", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store"), OrderQuery),
    responses((status = 200, body = OrderCount), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn count_orders(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Orders>,
    Query(query): Query<OrderQuery>,
) -> Result<Json<OrderCount>, ApiError> {
    let filter = order_filter(&state, &access.store_id, &query).await?;
    Ok(Json(OrderCount {
        count: count(&state, &access.store_id, &filter).await?,
    }))
}

/// One order with its line items, addresses, note, discounts, fulfilments, refunds and timeline.
#[utoipa::path(get, path = "/stores/orders/{id}", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The order")),
    responses((status = 200, body = Order), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_order(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Orders>,
    Path(id): Path<String>,
) -> Result<Json<Order>, ApiError> {
    Ok(Json(
        orders::details(&state.db, &access.store_id, &id).await?,
    ))
}

/// Ships lines of a paid order with a carrier and tracking number; the shopper gets a shipping
/// confirmation unless `notifyCustomer` is false. 400 with the reasons when the core refuses
/// (nothing left of a line to ship, an order not paid or cancelled); 409 when the order
/// changed meanwhile.
#[utoipa::path(post, path = "/stores/orders/{id}/fulfillments", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The order")),
    request_body = FulfillmentInput,
    responses((status = 201, body = Order), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn fulfil_order(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Orders>,
    Path(id): Path<String>,
    Json(input): Json<FulfillmentInput>,
) -> Result<(StatusCode, Json<Order>), ApiError> {
    orders::fulfil(
        &state.db,
        &access.store_id,
        &access.user.user_id,
        &id,
        &input,
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(orders::details(&state.db, &access.store_id, &id).await?),
    ))
}

/// Cancels a shipment: its lines are to ship again.
#[utoipa::path(post, path = "/stores/orders/{id}/fulfillments/{fulfillment_id}/cancel", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The order"),
        ("fulfillment_id" = String, Path, description = "The fulfilment")),
    responses((status = 200, body = Order), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody),
        (status = 409, body = ApiErrorBody)))]
async fn cancel_fulfilment(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Orders>,
    Path((id, fulfillment_id)): Path<(String, String)>,
) -> Result<Json<Order>, ApiError> {
    orders::cancel_fulfilment(
        &state.db,
        &access.store_id,
        &access.user.user_id,
        &id,
        &fulfillment_id,
    )
    .await?;
    Ok(Json(
        orders::details(&state.db, &access.store_id, &id).await?,
    ))
}

/// Refunds lines and shipping of a paid order, restocking the lines when asked. The amount is
/// the core's: each line's price less its share of the discount, plus the shipping given back;
/// never more than what is left of the payment. The payout balance and the Overview's sales
/// fall by it at once.
#[utoipa::path(post, path = "/stores/orders/{id}/refunds", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The order")),
    request_body = RefundInput,
    responses((status = 201, body = Order), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn refund_order(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Orders>,
    Path(id): Path<String>,
    Json(input): Json<RefundInput>,
) -> Result<(StatusCode, Json<Order>), ApiError> {
    orders::refund(
        &state.db,
        &access.store_id,
        &access.user.user_id,
        &id,
        &input,
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(orders::details(&state.db, &access.store_id, &id).await?),
    ))
}

/// Cancels an order nothing of which has shipped: a paid one is refunded in full, a pending one
/// voided; lines go back in stock when `restock`.
#[utoipa::path(post, path = "/stores/orders/{id}/cancel", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The order")),
    request_body = CancelInput,
    responses((status = 200, body = Order), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn cancel_order(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Orders>,
    Path(id): Path<String>,
    Json(input): Json<CancelInput>,
) -> Result<Json<Order>, ApiError> {
    orders::cancel(
        &state.db,
        &access.store_id,
        &access.user.user_id,
        &id,
        &input,
    )
    .await?;
    Ok(Json(
        orders::details(&state.db, &access.store_id, &id).await?,
    ))
}

/// A discount as `DISCOUNT_COLUMNS` reads it.
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct DiscountRow {
    pub id: String,
    pub method: String,
    pub code: String,
    pub value_type: String,
    pub value: i64,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub is_active: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub min_subtotal_minor: Option<i64>,
    pub usage_limit: Option<i64>,
    pub per_customer_limit: Option<i64>,
    pub used: i64,
}

pub(crate) const DISCOUNT_COLUMNS: &str = "id, method, code, value_type, value, starts_at, ends_at, is_active, \
    created_at, updated_at, min_subtotal_minor, usage_limit, per_customer_limit, used";

fn discount(row: DiscountRow) -> Discount {
    Discount {
        id: row.id,
        method: row.method,
        code: row.code,
        value_type: row.value_type,
        value: rules::minor_to_money(row.value),
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        is_active: row.is_active == 1,
        created_at: row.created_at,
        updated_at: row.updated_at,
        min_subtotal: row.min_subtotal_minor.map(rules::minor_to_money),
        usage_limit: row.usage_limit,
        per_customer_limit: row.per_customer_limit,
        used: row.used,
    }
}

/// A discount's columns after the core's checks.
fn discount_write(input: &DiscountInput) -> Result<rules::CheckedDiscount, ApiError> {
    rules::check_discount(input).map_err(invalid)
}

async fn find_discount(state: &AppState, store_id: &str, id: &str) -> Result<Discount, ApiError> {
    let sql = format!("SELECT {DISCOUNT_COLUMNS} FROM discounts WHERE store_id = $1 AND id = $2");
    let row: Option<DiscountRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(id)
        .fetch_optional(&state.db)
        .await?;
    row.map(discount).ok_or(ApiError::NotFound)
}

async fn code_taken(
    state: &AppState,
    store_id: &str,
    method: &str,
    code: &str,
    except: &str,
) -> Result<bool, ApiError> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT id FROM discounts WHERE store_id = $1 AND method = $2 AND code = $3 AND id <> $4",
    )
    .bind(store_id)
    .bind(method)
    .bind(code)
    .bind(except)
    .fetch_optional(&state.db)
    .await?;
    Ok(row.is_some())
}

/// Paging, search and the method of the discount list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DiscountQuery {
    /// From 1 (default 1).
    page: Option<u32>,
    /// At most 250 (default 20).
    limit: Option<u32>,
    /// Words in the code (or an automatic discount's title).
    search: Option<String>,
    /// code or automatic; both when not given.
    method: Option<String>,
}

/// The store's discounts, newest first: `page`, `limit`, `search` in codes, `method`.
#[utoipa::path(get, path = "/stores/discounts", tag = "sales", security(("bearer" = ["discounts"])),
    params(("X-Store-Id" = String, Header, description = "The store"), DiscountQuery),
    responses((status = 200, body = DiscountList), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn list_discounts(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Discounts>,
    Query(query): Query<DiscountQuery>,
) -> Result<Json<DiscountList>, ApiError> {
    let (_, limit, offset) = paging(query.page, query.limit, 20);
    let search = query.search.unwrap_or_default().trim().to_lowercase();
    let pattern = contains_pattern(&search);
    let method = query.method.unwrap_or_default();
    if !method.is_empty() && !rules::DISCOUNT_METHODS.contains(&method.as_str()) {
        return Err(invalid("method is code or automatic.".to_owned()));
    }
    let filter = "store_id = $1 AND ($2 = '' OR LOWER(code) LIKE $3 ESCAPE '!') AND ($4 = '' OR method = $4)";
    let sql = format!(
        "SELECT {DISCOUNT_COLUMNS} FROM discounts WHERE {filter} ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6"
    );
    let rows: Vec<DiscountRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(&access.store_id)
        .bind(&search)
        .bind(&pattern)
        .bind(&method)
        .bind(i64::from(limit))
        .bind(offset)
        .fetch_all(&state.db)
        .await?;
    let (total,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM discounts WHERE {filter}"
    )))
    .bind(&access.store_id)
    .bind(&search)
    .bind(&pattern)
    .bind(&method)
    .fetch_one(&state.db)
    .await?;
    Ok(Json(DiscountList {
        discounts: rows.into_iter().map(discount).collect(),
        total,
    }))
}

/// Creates a discount: a code (kept upper-case) or an automatic one, a percent or an amount.
#[utoipa::path(post, path = "/stores/discounts", tag = "sales", security(("bearer" = ["discounts"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = DiscountInput,
    responses((status = 201, body = Discount), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn create_discount(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Discounts>,
    Json(input): Json<DiscountInput>,
) -> Result<(StatusCode, Json<Discount>), ApiError> {
    let checked = discount_write(&input)?;
    let (method, code) = (&checked.method, &checked.code);
    if code_taken(&state, &access.store_id, method, code, "").await? {
        return Err(ApiError::Conflict(format!(
            "The discount {code} already exists."
        )));
    }
    let id = new_id();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO discounts (id, store_id, method, code, value_type, value, starts_at, ends_at, is_active, created_at, \
         updated_at, min_subtotal_minor, usage_limit, per_customer_limit) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13)",
    )
    .bind(&id)
    .bind(&access.store_id)
    .bind(method)
    .bind(code)
    .bind(&input.value_type)
    .bind(checked.value)
    .bind(input.starts_at)
    .bind(input.ends_at)
    .bind(i64::from(input.is_active.unwrap_or(true)))
    .bind(now)
    .bind(checked.min_subtotal_minor)
    .bind(checked.usage_limit)
    .bind(checked.per_customer_limit)
    .execute(&state.db)
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(find_discount(&state, &access.store_id, &id).await?),
    ))
}

/// One discount.
#[utoipa::path(get, path = "/stores/discounts/{id}", tag = "sales", security(("bearer" = ["discounts"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The discount")),
    responses((status = 200, body = Discount), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_discount(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Discounts>,
    Path(id): Path<String>,
) -> Result<Json<Discount>, ApiError> {
    Ok(Json(find_discount(&state, &access.store_id, &id).await?))
}

/// Replaces a discount.
#[utoipa::path(put, path = "/stores/discounts/{id}", tag = "sales", security(("bearer" = ["discounts"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The discount")),
    request_body = DiscountInput,
    responses((status = 200, body = Discount), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn put_discount(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Discounts>,
    Path(id): Path<String>,
    Json(input): Json<DiscountInput>,
) -> Result<Json<Discount>, ApiError> {
    find_discount(&state, &access.store_id, &id).await?;
    let checked = discount_write(&input)?;
    let (method, code) = (&checked.method, &checked.code);
    if code_taken(&state, &access.store_id, method, code, &id).await? {
        return Err(ApiError::Conflict(format!(
            "The discount {code} already exists."
        )));
    }
    sqlx::query(
        "UPDATE discounts SET method = $1, code = $2, value_type = $3, value = $4, starts_at = $5, ends_at = $6, \
         is_active = $7, updated_at = $8, min_subtotal_minor = $11, usage_limit = $12, per_customer_limit = $13 \
         WHERE id = $9 AND store_id = $10",
    )
    .bind(method)
    .bind(code)
    .bind(&input.value_type)
    .bind(checked.value)
    .bind(input.starts_at)
    .bind(input.ends_at)
    .bind(i64::from(input.is_active.unwrap_or(true)))
    .bind(now_ms())
    .bind(&id)
    .bind(&access.store_id)
    .bind(checked.min_subtotal_minor)
    .bind(checked.usage_limit)
    .bind(checked.per_customer_limit)
    .execute(&state.db)
    .await?;
    Ok(Json(find_discount(&state, &access.store_id, &id).await?))
}

/// Deletes a discount.
#[utoipa::path(delete, path = "/stores/discounts/{id}", tag = "sales", security(("bearer" = ["discounts"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The discount")),
    responses((status = 200, body = MessageResponse), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn delete_discount(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Discounts>,
    Path(id): Path<String>,
) -> Result<Json<MessageResponse>, ApiError> {
    let deleted = sqlx::query("DELETE FROM discounts WHERE id = $1 AND store_id = $2")
        .bind(&id)
        .bind(&access.store_id)
        .execute(&state.db)
        .await?;
    if deleted.rows_affected() == 0 {
        return Err(ApiError::NotFound);
    }
    Ok(Json(MessageResponse {
        message: "The discount is deleted.".to_owned(),
    }))
}
