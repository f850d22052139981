//! The checkout's handler: a shopper's lines priced from the database (never from the client),
//! checked (known, active, in stock), and turned into an order by `services::checkout`: a test
//! order in test mode, a live order waiting for the payment gateway otherwise, none when the
//! store has no gateway. An idempotency key makes a repeated submit answer the same order;
//! checkouts are limited per client address in the database.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use core_wasm::payouts::CheckoutPayment;
use serde_json::{Value, json};

use super::cart::price_lines;
use super::{OnStoreHost, StoreError, shop};
use crate::client::ClientAddress;
use crate::db::checkout;
use crate::db::now_ms;
use crate::error::{ApiError, Json};
use crate::services::checkout::{self as service, CheckoutInput};
use crate::state::AppState;

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
    let errors = service::check(&input);
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
    let rate = input
        .shipping_rate
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty());
    let fingerprint =
        json!({"email": email, "items": items, "code": code, "shipping": rate}).to_string();
    if let Some((id, name, total, seen)) = checkout::by_key(&state.db, &shop.id, &key).await? {
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
    let currency = core_wasm::formats::currency_or_default(&shop.currency);
    let (lines, _) = price_lines(&state, &shop.id, &input.items, true, currency).await?;
    if lines.is_empty() {
        return Err(ApiError::Invalid(vec!["The cart is empty.".to_owned()]).into());
    }
    let amounts: Vec<i64> = lines.iter().map(|l| l.price_minor * l.quantity).collect();
    // The shipping the address is offered, priced by the core: a rate the shopper did not see
    // offered there (another zone's, a stale page's) is refused, never priced.
    let ship_to = &input.shipping_address;
    let quote = core_wasm::commerce::quote(
        &shop.zones,
        &ship_to.country,
        &ship_to.region,
        amounts.iter().sum(),
        core_wasm::storefront::cart_grams(&lines),
        currency,
        rate,
    );
    if let Some(problem) = quote.problem {
        return Err(ApiError::Invalid(vec![problem]).into());
    }
    let Some(choice) = quote.taken().filter(|_| !quote.unknown_choice) else {
        return Err(ApiError::Conflict(format!(
            "The shipping method \"{}\" is not offered for this address and order: choose another.",
            rate.unwrap_or_default()
        ))
        .into());
    };
    let rules = crate::db::discounts::rules(&state.db, &shop.id, Some(&email)).await?;
    // The tax of the address the order ships to (checked above).
    let totals = core_wasm::commerce::taxed_totals(
        &amounts,
        Some(choice.price_minor),
        &rules,
        code.as_deref(),
        now_ms(),
        currency,
        core_wasm::commerce::TaxPlace {
            settings: &shop.tax,
            country: &input.shipping_address.country,
            region: &input.shipping_address.region,
        },
    );
    if let Some(problem) = &totals.discounts.code_problem {
        return Err(ApiError::Invalid(vec![problem.clone()]).into());
    }
    let country = state
        .countries
        .of_visit(&headers, state.config.trust_proxy_headers, &address);
    let mail = crate::services::order_mail::setup(&state, &shop.id).await?;
    let order = service::NewOrder {
        input: &input,
        email: &email,
        key: &key,
        fingerprint: &fingerprint,
        lines: &lines,
        totals: &totals,
        shipping_method: &choice.name,
        payment,
        visit_country: &country,
        currency,
        mail: &mail,
    };
    match service::write_order(&state.db, &shop.id, &order).await {
        Ok((id, name, total)) => Ok(placed(StatusCode::CREATED, &shop.base, &id, &name, total)),
        Err(error) => {
            // A concurrent submit with the same key may have won the race: answer its order.
            if let Some((id, name, total, seen)) =
                checkout::by_key(&state.db, &shop.id, &key).await?
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
