//! The cart's prices and the checkout: a shopper's lines priced from the database (never from
//! the client), checked (known, active, in stock), and turned into an order: a test order in
//! test mode, a live order waiting for the payment gateway otherwise, none when the store has
//! no gateway. An idempotency key makes a repeated submit answer the same order; checkouts are
//! limited per client address in the database.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use core_wasm::payouts::CheckoutPayment;
use serde::Deserialize;
use serde_json::{Value, json};
use shared_types::EventKind;

use super::cart::{ItemInput, price_lines};
use super::{OnStoreHost, StoreError, shop};
use crate::client::ClientAddress;
use crate::db::checkout::{self, PlacedOrder, Shopper, UseRefused};
use crate::db::events::{Event, store_events};
use crate::db::now_ms;
use crate::db::rollups::{Deltas, TEST_CONVERSION_KIND};
use crate::error::{ApiError, Json};
use crate::state::AppState;
use core_wasm::commerce::Totals;
use core_wasm::commerce::checkout as rules;
use core_wasm::storefront::{Line, Receipt, ReceiptPayment, to_minor};
use shared_types::commerce::Address;

use core_wasm::limits::CART_LINES_MAX;

/// What the checkout form sends.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CheckoutInput {
    pub idempotency_key: String,
    pub email: String,
    pub shipping_address: Address,
    /// Absent when it is the shipping address.
    #[serde(default)]
    pub billing_address: Option<Address>,
    #[serde(default)]
    pub note: Option<String>,
    /// The discount code the shopper typed.
    #[serde(default)]
    pub discount_code: Option<String>,
    pub items: Vec<ItemInput>,
    /// The browser's checkout draft, closed by this order.
    #[serde(default)]
    pub draft_token: Option<String>,
    /// The browser's analytics session: the server records its conversion with the order.
    #[serde(default)]
    pub session_id: Option<String>,
}

fn check(input: &CheckoutInput) -> Vec<String> {
    let mut errors = Vec::new();
    let key = input.idempotency_key.trim();
    if !rules::is_token(key, rules::IDEMPOTENCY_KEY_LENGTH) {
        errors.push("The idempotency key is 8 to 64 letters, digits, - or _.".to_owned());
    }
    let email = input.email.trim();
    if !rules::is_shopper_email(email) {
        errors.push("Enter a valid e-mail address.".to_owned());
    }
    errors.extend(core_wasm::commerce::address_problems(
        "Shipping address",
        &input.shipping_address,
        true,
    ));
    if let Some(billing) = &input.billing_address {
        errors.extend(core_wasm::commerce::address_problems(
            "Billing address",
            billing,
            false,
        ));
    }
    if input
        .discount_code
        .as_deref()
        .is_some_and(|c| c.trim().chars().count() > rules::DISCOUNT_CODE_MAX_CHARS)
    {
        errors.push(format!(
            "A discount code is at most {} characters.",
            rules::DISCOUNT_CODE_MAX_CHARS
        ));
    }
    if input
        .note
        .as_deref()
        .is_some_and(|n| n.chars().count() > rules::NOTE_MAX_CHARS)
    {
        errors.push(format!(
            "The note is at most {} characters.",
            rules::NOTE_MAX_CHARS
        ));
    }
    if input.items.is_empty() {
        errors.push("The cart is empty.".to_owned());
    } else if input.items.len() > CART_LINES_MAX {
        errors.push(format!("A cart holds at most {CART_LINES_MAX} lines."));
    }
    if input
        .draft_token
        .as_deref()
        .is_some_and(|t| !rules::is_token(t.trim(), rules::DRAFT_TOKEN_LENGTH))
    {
        errors.push("The checkout token is 16 to 64 letters, digits, - or _.".to_owned());
    }
    if input
        .session_id
        .as_deref()
        .is_some_and(|id| !rules::is_token(id, rules::SESSION_ID_LENGTH))
    {
        errors.push("The session id is 1 to 64 letters, digits, - or _.".to_owned());
    }
    errors
}

/// The answer to a placed order.
fn placed(status: StatusCode, base: &str, order_id: &str, name: &str, total: i64) -> Response {
    (
        status,
        axum::Json(json!({
            "orderId": order_id,
            "orderName": name,
            "totalMinor": total,
            "thankYouUrl": format!("{base}/thank-you/{order_id}"),
        })),
    )
        .into_response()
}

async fn existing(
    state: &AppState,
    store_id: &str,
    key: &str,
) -> Result<Option<(String, String, i64, String)>, ApiError> {
    Ok(checkout::by_key(&state.db, store_id, key).await?)
}

/// Places an order from the cart: in test mode a test order marked paid by a test payment; with
/// a payment gateway a live order waiting for its payment; without either, none (409). Each
/// client address may submit `CHECKOUT_ADDRESS_LIMIT` checkouts a minute (429 beyond). A paid
/// order is counted in the dashboard and analytics rollups in the same transaction (a test one
/// apart). 201 with the order; 200 with the same order when the idempotency key was used before
/// for the same cart.
pub async fn place_order(
    State(state): State<AppState>,
    Path(subdomain): Path<String>,
    host: Option<axum::Extension<OnStoreHost>>,
    ClientAddress(address): ClientAddress,
    headers: HeaderMap,
    Json(input): Json<CheckoutInput>,
) -> Result<Response, StoreError> {
    let shop = shop(&state, &subdomain, host.is_some()).await?;
    if let Some(retry_after) = crate::db::checkout::count_attempt(
        &state.db,
        &address,
        now_ms(),
        state.config.checkout_address_limit,
    )
    .await?
    {
        return Err(ApiError::Throttled {
            message: "Too many checkouts from this address; try again in a minute.".to_owned(),
            retry_after,
        }
        .into());
    }
    let errors = check(&input);
    if !errors.is_empty() {
        return Err(ApiError::Invalid(errors).into());
    }
    let key = input.idempotency_key.trim().to_owned();
    let email = input.email.trim().to_lowercase();
    let mut items: Vec<(String, String, i64, Value)> = input
        .items
        .iter()
        .map(|i| {
            (
                i.product_id.trim().to_owned(),
                i.variant_id.as_deref().unwrap_or("").trim().to_owned(),
                i.quantity,
                json!(i.personalization),
            )
        })
        .collect();
    items.sort_by(|a, b| {
        (&a.0, &a.1, a.2, a.3.to_string()).cmp(&(&b.0, &b.1, b.2, b.3.to_string()))
    });
    let code = input
        .discount_code
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_uppercase);
    let fingerprint = json!({"email": email, "items": items, "code": code}).to_string();
    if let Some((id, name, total, seen)) = existing(&state, &shop.id, &key).await? {
        if seen != fingerprint {
            return Err(ApiError::Conflict(
                "This idempotency key was used for another checkout.".to_owned(),
            )
            .into());
        }
        return Ok(placed(StatusCode::OK, &shop.base, &id, &name, total));
    }
    let payment = crate::db::checkout::payment(&state.db, &shop.id).await?;
    if payment == CheckoutPayment::Unavailable {
        return Err(ApiError::Conflict(UNAVAILABLE.to_owned()).into());
    }
    let (lines, _) = price_lines(&state, &shop.id, &input.items, true).await?;
    if lines.is_empty() {
        return Err(ApiError::Invalid(vec!["The cart is empty.".to_owned()]).into());
    }
    let subtotal: i64 = lines.iter().map(|l| l.price_minor * l.quantity).sum();
    let rules = crate::db::discounts::rules(&state.db, &shop.id, Some(&email)).await?;
    let totals =
        core_wasm::commerce::totals(subtotal, &shop.shipping, &rules, code.as_deref(), now_ms());
    if let Some(problem) = &totals.discounts.code_problem {
        return Err(ApiError::Invalid(vec![problem.clone()]).into());
    }
    let country = state
        .countries
        .of_visit(&headers, state.config.trust_proxy_headers, &address);
    let order = NewOrder {
        input: &input,
        email: &email,
        key: &key,
        fingerprint: &fingerprint,
        lines: &lines,
        totals: &totals,
        payment,
        visit_country: &country,
    };
    match write_order(&state, &shop.id, &order).await {
        Ok((id, name, total)) => Ok(placed(StatusCode::CREATED, &shop.base, &id, &name, total)),
        Err(error) => {
            // A concurrent submit with the same key may have won the race: answer its order.
            if let Some((id, name, total, seen)) = existing(&state, &shop.id, &key).await?
                && seen == fingerprint
            {
                return Ok(placed(StatusCode::OK, &shop.base, &id, &name, total));
            }
            Err(error.into())
        }
    }
}

/// What a shopper is told when the store takes no payments.
pub const UNAVAILABLE: &str =
    "Checkout is unavailable: this store does not take payments yet. No order was placed.";

/// An order about to be written.
struct NewOrder<'a> {
    input: &'a CheckoutInput,
    email: &'a str,
    key: &'a str,
    fingerprint: &'a str,
    lines: &'a [Line],
    totals: &'a Totals,
    payment: CheckoutPayment,
    /// The country of the visit, for the conversion event.
    visit_country: &'a str,
}

async fn write_order(
    state: &AppState,
    store_id: &str,
    order: &NewOrder<'_>,
) -> Result<(String, String, i64), ApiError> {
    let NewOrder {
        input,
        email,
        key,
        fingerprint,
        lines,
        totals,
        payment,
        visit_country,
    } = *order;
    let test = payment == CheckoutPayment::Test;
    let now = now_ms();
    let note = input.note.as_deref().map(str::trim).unwrap_or("");
    let mut tx = crate::db::begin_write(&state.db).await?;
    // Stock is taken in the transaction, from the stored variants, and checked again there.
    for line in lines.iter().filter(|l| !l.variant_id.is_empty()) {
        let variants = checkout::active_variants(&mut tx, store_id, &line.product_id)
            .await?
            .ok_or_else(|| ApiError::Conflict(format!("{} is no longer available.", line.title)))?;
        let mut variants: Vec<Value> =
            serde_json::from_str(&variants).map_err(ApiError::internal)?;
        let variant = variants
            .iter_mut()
            .find(|v| v.get("id").and_then(Value::as_str) == Some(line.variant_id.as_str()))
            .ok_or_else(|| {
                ApiError::Conflict(format!(
                    "{}: the option is no longer available.",
                    line.title
                ))
            })?;
        let stock = variant.get("stock").and_then(Value::as_i64).unwrap_or(0);
        if stock < line.quantity {
            return Err(ApiError::Conflict(format!(
                "{}: only {} left.",
                line.title,
                stock.max(0)
            )));
        }
        variant["stock"] = json!(stock - line.quantity);
        checkout::set_variants(
            &mut tx,
            store_id,
            &line.product_id,
            &Value::Array(variants).to_string(),
        )
        .await?;
    }
    // Discounts are counted in the transaction, each use only while it is under its limits,
    // so parallel checkouts cannot use a code more than it allows.
    for applied in &totals.discounts.applied {
        let limit = applied.rule.per_customer_limit.unwrap_or(i64::MAX);
        match checkout::count_discount_use(&mut tx, store_id, &applied.rule.id, email, limit)
            .await?
        {
            Ok(()) => {}
            Err(UseRefused::UsageLimit) => {
                return Err(ApiError::Conflict(
                    "This code has reached its usage limit.".to_owned(),
                ));
            }
            Err(UseRefused::PerCustomer) => {
                return Err(ApiError::Conflict(
                    "You have already used this code.".to_owned(),
                ));
            }
        }
    }
    let shipping_address = core_wasm::commerce::normalized(&input.shipping_address);
    let billing_address = input
        .billing_address
        .as_ref()
        .map(core_wasm::commerce::normalized);
    let name = shipping_address.name.as_str();
    let (first, last) = name.split_once(' ').unwrap_or((name, ""));
    let country = Some(shipping_address.country.clone());
    let address_json = serde_json::to_string(&shipping_address).map_err(ApiError::internal)?;
    let customer_id = checkout::customer(
        &mut tx,
        store_id,
        &Shopper {
            email,
            first_name: first.trim(),
            last_name: last.trim(),
            phone: &shipping_address.phone,
            country: country.as_deref(),
            address_json: &address_json,
        },
        now,
    )
    .await?;
    let total = totals.total_minor;
    let billing_json = billing_address
        .as_ref()
        .map(serde_json::to_string)
        .transpose()
        .map_err(ApiError::internal)?;
    let (order_id, order_name) = checkout::insert_order(
        &mut tx,
        store_id,
        &PlacedOrder {
            customer_id: &customer_id,
            customer_name: name,
            email,
            subtotal_minor: totals.subtotal_minor,
            shipping_minor: totals.shipping_minor,
            discount_minor: totals.discounts.total_minor(),
            total_minor: total,
            test,
            line_items: &super::drafts::stored_lines(lines).to_string(),
            country: country.as_deref(),
            shipping_address: &address_json,
            billing_address: billing_json.as_deref(),
            note,
            discounts: &serde_json::to_string(&core_wasm::commerce::applied(&totals.discounts))
                .map_err(ApiError::internal)?,
        },
        now,
    )
    .await?;
    crate::db::orders::event(
        &mut tx,
        store_id,
        &order_id,
        "",
        "placed",
        json!({"total": core_wasm::catalog::minor_to_money(total), "payment": if test { "test" } else { "pending" }}),
    )
    .await?;
    let stored_note = (!note.is_empty()).then_some(note);
    checkout::record(
        &mut tx,
        store_id,
        key,
        &order_id,
        fingerprint,
        stored_note,
        now,
    )
    .await?;
    if let Some(token) = input.draft_token.as_deref() {
        crate::db::abandoned::close_draft(
            &mut tx,
            store_id,
            token.trim(),
            &order_id,
            email,
            name,
            now,
        )
        .await?;
    }
    // A test order counts apart; a live one counts in the sales once its payment is captured.
    // The conversion is recorded here, from the order, never from a browser's say-so; a test
    // order's is of a kind of its own, which the analytics count only with test orders.
    if test {
        let mut deltas = Deltas::default();
        deltas.test_order(store_id, now, total);
        deltas.write(&mut tx).await?;
    }
    if let Some(session) = input.session_id.as_deref() {
        let event = Event {
            session_id: session.to_owned(),
            kind: if test {
                TEST_CONVERSION_KIND
            } else {
                EventKind::CheckoutCompleted.code()
            },
            at: now,
            page: "/checkout".to_owned(),
            country: visit_country.to_owned(),
        };
        store_events(&mut tx, &[(store_id, &event)], now).await?;
    }
    tx.commit().await?;
    Ok((order_id, order_name, total))
}

/// A placed order of the store, for its thank-you page.
pub async fn receipt(
    state: &AppState,
    store_id: &str,
    order_id: &str,
) -> Result<Option<Receipt>, ApiError> {
    if order_id.len() > rules::ID_MAX {
        return Ok(None);
    }
    let mut conn = state.db.acquire().await?;
    if !checkout::placed_here(&mut conn, store_id, order_id).await? {
        return Ok(None);
    }
    let Some(row) = crate::db::orders::find_row(&mut conn, store_id, order_id).await? else {
        return Ok(None);
    };
    let order = crate::db::orders::order(&row);
    Ok(Some(Receipt {
        id: row.id,
        name: row.order_name,
        email: row.customer_email,
        customer: row.customer_name,
        lines: order
            .line_items
            .iter()
            .map(|l| {
                let mut title = if l.variant_title.is_empty() {
                    l.title.clone()
                } else {
                    format!("{} – {}", l.title, l.variant_title)
                };
                for p in &l.personalization {
                    title.push_str(&format!(" · {}: {}", p.label, p.value));
                }
                (title, l.quantity, to_minor(l.price))
            })
            .collect(),
        subtotal_minor: row.subtotal_minor,
        shipping_minor: row.shipping_minor,
        discount_minor: row.discount_minor,
        total_minor: row.grand_total_minor,
        created_at: row.created_at,
        payment: if row.is_test == 1 {
            ReceiptPayment::Test
        } else if row.financial_status == "paid" {
            ReceiptPayment::Paid
        } else {
            ReceiptPayment::Pending
        },
        shipping_address: order.shipping_address,
        note: order.note,
    }))
}
