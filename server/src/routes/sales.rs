//! Customers, orders and discounts. Orders carry the spec's wire names (editor spec §3.1) and
//! page, filter by a date range in a time zone (read by the core), by financial and fulfilment
//! status and by words in the order's name or customer, count, and are fulfilled.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use core_wasm::catalog as rules;
use serde::Deserialize;
use shared_types::catalog::{
    CardInfo, Customer, CustomerInfo, CustomerList, Discount, DiscountInput, DiscountList,
    LineItem, Order, OrderCount, OrderList, PaymentSource,
};
use shared_types::{ApiErrorBody, MessageResponse};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::catalog::contains_pattern;
use super::pages::invalid;
use crate::auth::store::{StoreAccess, routes as scoped};
use crate::db::{new_id, now_ms};
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;

/// The financial states of an order (the core's list).
pub const FINANCIAL_STATUSES: [&str; 4] = rules::FINANCIAL_STATUSES;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_customers))
        .routes(routes!(get_customer))
        .routes(routes!(list_orders))
        .routes(routes!(count_orders))
        .routes(routes!(get_order))
        .routes(routes!(fulfil_order))
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

type CustomerRow = (
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    i64,
    i64,
    i64,
);

const CUSTOMER_SELECT: &str = "SELECT c.id, c.email, c.first_name, c.last_name, c.phone, c.country, c.created_at, \
    (SELECT COUNT(*) FROM orders o WHERE o.customer_id = c.id), \
    (SELECT CAST(COALESCE(SUM(o.grand_total_minor), 0) AS BIGINT) FROM orders o WHERE o.customer_id = c.id AND o.financial_status = 'paid') \
    FROM customers c";

fn customer(row: CustomerRow) -> Customer {
    let (id, email, first_name, last_name, phone, country, created_at, orders_count, spent) = row;
    Customer {
        full_name: core_wasm::shell::full_name(first_name.as_deref(), last_name.as_deref()),
        id,
        email,
        first_name,
        last_name,
        phone,
        country,
        orders_count,
        total_spent: rules::minor_to_money(spent),
        created_at,
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
}

/// The order list's filters as SQL values.
struct OrderFilter {
    start: i64,
    end: i64,
    financial: String,
    fulfillment: String,
    search: String,
    pattern: String,
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
    OR LOWER(customer_email) LIKE $7 ESCAPE '!')";

/// Binds the order filter's values as $1 to $7.
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
}

pub(crate) const ORDER_COLUMNS: &str = "id, order_name, customer_name, customer_email, created_at, captured_at, currency, \
    subtotal_minor, shipping_minor, discount_minor, grand_total_minor, financial_status, fulfillment_status, \
    payment_name, card_type, line_items, is_test";

/// An order as `ORDER_COLUMNS` reads it.
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct OrderRow {
    id: String,
    order_name: String,
    customer_name: String,
    customer_email: String,
    created_at: i64,
    captured_at: Option<i64>,
    currency: String,
    subtotal_minor: i64,
    shipping_minor: i64,
    discount_minor: i64,
    grand_total_minor: i64,
    financial_status: String,
    fulfillment_status: String,
    payment_name: Option<String>,
    card_type: Option<String>,
    line_items: String,
    is_test: i64,
}

/// A line item as 0003_orders.sql stores it (and 0010's checkout drafts).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredLine {
    product_id: Option<String>,
    variant_id: Option<String>,
    title: String,
    quantity: i64,
    price_minor: i64,
}

/// The line items of a stored `line_items` column, as the API shows them.
pub(crate) fn line_items(stored: &str) -> Vec<LineItem> {
    let lines: Vec<StoredLine> = serde_json::from_str(stored).unwrap_or_default();
    lines
        .into_iter()
        .map(|l| LineItem {
            product_id: l.product_id,
            variant_id: l.variant_id,
            title: l.title,
            quantity: l.quantity,
            price: rules::minor_to_money(l.price_minor),
        })
        .collect()
}

pub(crate) fn order(row: OrderRow) -> Order {
    Order {
        id: row.id,
        order_name: row.order_name,
        customer_info: vec![CustomerInfo {
            full_name: row.customer_name,
            email: row.customer_email,
        }],
        created_date: row.created_at,
        captured_date: row.captured_at,
        currency: row.currency,
        subtotal: rules::minor_to_money(row.subtotal_minor),
        shipping: rules::minor_to_money(row.shipping_minor),
        discount: rules::minor_to_money(row.discount_minor),
        grand_total: rules::minor_to_money(row.grand_total_minor),
        financial_status: row.financial_status,
        fulfillment_status: row.fulfillment_status,
        payment_name: row.payment_name,
        payment_source: PaymentSource {
            card: row.card_type.map(|kind| CardInfo { kind }),
        },
        line_items: self::line_items(&row.line_items),
        test: row.is_test == 1,
    }
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
        "SELECT {ORDER_COLUMNS} FROM orders WHERE {ORDER_FILTER} ORDER BY created_at DESC, id DESC LIMIT $8 OFFSET $9"
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
        orders: rows.into_iter().map(order).collect(),
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

/// One order with its line items.
#[utoipa::path(get, path = "/stores/orders/{id}", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The order")),
    responses((status = 200, body = Order), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_order(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Orders>,
    Path(id): Path<String>,
) -> Result<Json<Order>, ApiError> {
    let sql = format!("SELECT {ORDER_COLUMNS} FROM orders WHERE store_id = $1 AND id = $2");
    let row: Option<OrderRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(&access.store_id)
        .bind(&id)
        .fetch_optional(&state.db)
        .await?;
    row.map(|r| Json(order(r))).ok_or(ApiError::NotFound)
}

/// Marks an order fulfilled when the core allows it (409 with the reason otherwise).
#[utoipa::path(post, path = "/stores/orders/{id}/fulfill", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The order")),
    responses((status = 200, body = Order), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn fulfil_order(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Orders>,
    Path(id): Path<String>,
) -> Result<Json<Order>, ApiError> {
    let found: Option<(String, String)> = sqlx::query_as(
        "SELECT financial_status, fulfillment_status FROM orders WHERE store_id = $1 AND id = $2",
    )
    .bind(&access.store_id)
    .bind(&id)
    .fetch_optional(&state.db)
    .await?;
    let (financial, fulfillment) = found.ok_or(ApiError::NotFound)?;
    rules::check_fulfil(&financial, &fulfillment).map_err(ApiError::Conflict)?;
    // The status in the WHERE clause makes two fulfilments at once change the order once.
    let mut tx = crate::db::begin_write(&state.db).await?;
    let changed = sqlx::query(
        "UPDATE orders SET fulfillment_status = 'fulfilled' WHERE store_id = $1 AND id = $2 \
         AND fulfillment_status = $3",
    )
    .bind(&access.store_id)
    .bind(&id)
    .bind(&fulfillment)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed == 0 {
        return Err(ApiError::Conflict(
            "This order changed meanwhile; reload it.".to_owned(),
        ));
    }
    // The Overview's paid orders show the fulfilment.
    crate::analytics::rollup::touch(&mut tx, [access.store_id.as_str()]).await?;
    tx.commit().await?;
    get_order(State(state), access, Path(id)).await
}

type DiscountRow = (
    String,
    String,
    String,
    String,
    i64,
    Option<i64>,
    Option<i64>,
    i64,
    i64,
    i64,
);

const DISCOUNT_COLUMNS: &str =
    "id, method, code, value_type, value, starts_at, ends_at, is_active, created_at, updated_at";

fn discount(row: DiscountRow) -> Discount {
    let (id, method, code, value_type, value, starts_at, ends_at, active, created_at, updated_at) =
        row;
    Discount {
        id,
        method,
        code,
        value_type,
        value: rules::minor_to_money(value),
        starts_at,
        ends_at,
        is_active: active == 1,
        created_at,
        updated_at,
    }
}

/// A discount's columns after the core's checks: (method, code, value).
fn discount_write(input: &DiscountInput) -> Result<(String, String, i64), ApiError> {
    let checked = rules::check_discount(input).map_err(invalid)?;
    Ok((checked.method, checked.code, checked.value))
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
    let (method, code, value) = discount_write(&input)?;
    if code_taken(&state, &access.store_id, &method, &code, "").await? {
        return Err(ApiError::Conflict(format!(
            "The discount {code} already exists."
        )));
    }
    let id = new_id();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO discounts (id, store_id, method, code, value_type, value, starts_at, ends_at, is_active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
    )
    .bind(&id)
    .bind(&access.store_id)
    .bind(&method)
    .bind(&code)
    .bind(&input.value_type)
    .bind(value)
    .bind(input.starts_at)
    .bind(input.ends_at)
    .bind(i64::from(input.is_active.unwrap_or(true)))
    .bind(now)
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
    let (method, code, value) = discount_write(&input)?;
    if code_taken(&state, &access.store_id, &method, &code, &id).await? {
        return Err(ApiError::Conflict(format!(
            "The discount {code} already exists."
        )));
    }
    sqlx::query(
        "UPDATE discounts SET method = $1, code = $2, value_type = $3, value = $4, starts_at = $5, ends_at = $6, \
         is_active = $7, updated_at = $8 WHERE id = $9 AND store_id = $10",
    )
    .bind(&method)
    .bind(&code)
    .bind(&input.value_type)
    .bind(value)
    .bind(input.starts_at)
    .bind(input.ends_at)
    .bind(i64::from(input.is_active.unwrap_or(true)))
    .bind(now_ms())
    .bind(&id)
    .bind(&access.store_id)
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
