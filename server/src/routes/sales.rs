//! Customers, orders and discounts. Orders carry the spec's wire names (editor spec §3.1) and
//! page, filter by a date range in a time zone (read by the core), by financial and fulfilment
//! status and by words in the order's name or customer, count, and are fulfilled.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use core_wasm::catalog as rules;
use core_wasm::limits::EXPORT_ROWS_MAX;
use serde::Deserialize;
use shared_types::catalog::{
    Customer, CustomerList, Discount, DiscountInput, DiscountList, Order, OrderCount, OrderList,
};
use shared_types::commerce::{CancelInput, CustomerInput, FulfillmentInput, RefundInput};
use shared_types::{ApiErrorBody, MessageResponse};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::pages::invalid;
use crate::auth::store::{StoreAccess, routes as scoped};
use crate::db::listing::Target;
use crate::db::orders::{self, OrderFilter};
use crate::db::{self, new_id, now_ms};
use crate::error::{ApiError, Json, Query};
use crate::paging;
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

/// The store's customers, newest first: `page`, `limit`, `search` in names and e-mail.
#[utoipa::path(get, path = "/stores/customers", tag = "sales", security(("bearer" = ["customers"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ListQuery),
    responses((status = 200, body = CustomerList), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn list_customers(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Customers>,
    Query(query): Query<ListQuery>,
) -> Result<Json<CustomerList>, ApiError> {
    let paging = paging::page(query.page, query.limit, core_wasm::limits::LIST_PAGE_SIZE)?;
    let (customers, total) = db::customers::list(
        &state.db,
        &access.store_id,
        query.search.as_deref().unwrap_or(""),
        paging,
    )
    .await?;
    Ok(Json(CustomerList { customers, total }))
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
    db::customers::by_id(&state.db, &access.store_id, &id)
        .await?
        .map(Json)
        .ok_or(ApiError::NotFound)
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
    db::customers::save(&state.db, &access.store_id, &id, &input).await?;
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
    let customers = db::customers::all(&state.db, &access.store_id, EXPORT_ROWS_MAX).await?;
    let currency = db::store_currency(&state.db, &access.store_id).await?;
    Ok(super::csv_download(
        "customers.csv",
        core_wasm::commerce::customers::customers_csv(
            &customers,
            core_wasm::formats::currency_or_default(&currency),
        ),
    ))
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
    /// Test orders: `include` (the default), `exclude` or `only`.
    test: Option<String>,
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
    let test = match query.test.as_deref().map(str::trim).unwrap_or("") {
        "" | "include" => -1,
        "exclude" => 0,
        "only" => 1,
        _ => {
            return Err(invalid(
                "test is one of: include, exclude, only.".to_owned(),
            ));
        }
    };
    let mut filter = OrderFilter {
        start: -1,
        end: -1,
        financial,
        fulfillment,
        search: query.search.as_deref().unwrap_or("").trim().to_lowercase(),
        customer: query.customer_id.clone().unwrap_or_default(),
        test,
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
        None => db::stores::zone(&state.db, store_id).await?,
    };
    let range = core_wasm::analytics::range(start, end, &zone, now)
        .map_err(|e| invalid(format!("The date range cannot be read: {e}.")))?;
    Ok((range.start_ms, range.end_ms))
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
    let paging = paging::page(query.page, query.limit, core_wasm::limits::ORDER_PAGE_SIZE)?;
    let filter = order_filter(&state, &access.store_id, &query).await?;
    let orders = orders::list(
        &state.db,
        &access.store_id,
        &filter,
        i64::from(paging.limit),
        paging.offset,
    )
    .await?;
    let total = orders::count(&state.db, &access.store_id, &filter).await?;
    Ok(Json(OrderList {
        orders,
        total,
        page: paging.page,
        limit: paging.limit,
    }))
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
    let orders = orders::list(&state.db, &access.store_id, &filter, EXPORT_ROWS_MAX, 0).await?;
    Ok(super::csv_download(
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
        count: orders::count(&state.db, &access.store_id, &filter).await?,
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
    order(&state, &access.store_id, &id).await
}

/// Order `id` of the store as it is now, with everything the order's page shows.
async fn order(state: &AppState, store_id: &str, id: &str) -> Result<Json<Order>, ApiError> {
    Ok(Json(orders::details(&state.db, store_id, id).await?))
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
    let (store, user) = (&access.store_id, &access.user.user_id);
    let mail = crate::services::order_mail::setup(&state, store).await?;
    orders::fulfil(&state.db, &mail, user, &id, &input).await?;
    Ok((StatusCode::CREATED, order(&state, store, &id).await?))
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
    let (store, user) = (&access.store_id, &access.user.user_id);
    orders::cancel_fulfilment(&state.db, store, user, &id, &fulfillment_id).await?;
    order(&state, store, &id).await
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
    let (store, user) = (&access.store_id, &access.user.user_id);
    let mail = crate::services::order_mail::setup(&state, store).await?;
    orders::refund(&state.db, &mail, user, &id, &input).await?;
    Ok((StatusCode::CREATED, order(&state, store, &id).await?))
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
    let (store, user) = (&access.store_id, &access.user.user_id);
    let mail = crate::services::order_mail::setup(&state, store).await?;
    orders::cancel(&state.db, &mail, user, &id, &input).await?;
    order(&state, store, &id).await
}

async fn find_discount(state: &AppState, store_id: &str, id: &str) -> Result<Discount, ApiError> {
    db::discounts::by_id(&state.db, store_id, id)
        .await?
        .ok_or(ApiError::NotFound)
}

/// Checks `input` with the core and writes it to the `target` discount; the discount as stored.
async fn save_discount(
    state: &AppState,
    store_id: &str,
    target: Target<'_>,
    input: &DiscountInput,
) -> Result<Discount, ApiError> {
    let currency = db::store_currency(&state.db, store_id).await?;
    let checked = rules::check_discount(input, core_wasm::formats::currency_or_default(&currency))
        .map_err(invalid)?;
    db::discounts::save(&state.db, store_id, target, input, &checked).await?;
    find_discount(state, store_id, target.id()).await
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
    let paging = paging::page(query.page, query.limit, core_wasm::limits::LIST_PAGE_SIZE)?;
    let method = query.method.unwrap_or_default();
    if !method.is_empty() && !rules::DISCOUNT_METHODS.contains(&method.as_str()) {
        return Err(invalid("method is code or automatic.".to_owned()));
    }
    let (discounts, total) = db::discounts::list(
        &state.db,
        &access.store_id,
        query.search.as_deref().unwrap_or(""),
        &method,
        paging,
    )
    .await?;
    Ok(Json(DiscountList { discounts, total }))
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
    let id = new_id();
    let discount = save_discount(&state, &access.store_id, Target::New(&id), &input).await?;
    Ok((StatusCode::CREATED, Json(discount)))
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
    let discount = save_discount(&state, &access.store_id, Target::Existing(&id), &input).await?;
    Ok(Json(discount))
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
    db::delete_in_store(&state.db, "discounts", &id, &access.store_id).await?;
    Ok(Json(MessageResponse {
        message: "The discount is deleted.".to_owned(),
    }))
}
