//! Checkout drafts: the checkout page records what the shopper has in the cart and the contact
//! details typed so far, under a random token their browser keeps, so the seller can see the
//! checkouts that were not completed (the admin's abandoned checkouts) and send a link that
//! puts the cart back. The lines are priced from the database, never from the client; placing
//! the order closes the draft.

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::cart::{ItemInput, price_lines};
use super::{OnStoreHost, StoreError, shop};
use crate::client::ClientAddress;
use crate::db::abandoned::{self, Draft};
use crate::db::now_ms;
use crate::error::{ApiError, Json};
use crate::state::AppState;
use core_wasm::commerce::checkout as rules;
use core_wasm::limits::{CART_LINES_MAX, CART_QUANTITY_MAX};

/// How many draft saves one address may make per minute (the page saves on opening and when a
/// contact field changes, so a shopper stays far below it).
pub const SAVES_PER_MINUTE: i64 = 30;

/// What the checkout page sends: the browser's token, the cart and the contact details typed so
/// far (empty or missing when not typed yet).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DraftInput {
    pub token: String,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    pub items: Vec<ItemInput>,
}

/// Whether a draft token has the shape the storefront's script makes.
pub fn valid_token(token: &str) -> bool {
    rules::is_token(token, rules::DRAFT_TOKEN_LENGTH)
}

/// Every problem of a draft, for one 400 answer.
fn check(input: &DraftInput) -> Vec<String> {
    let mut errors = Vec::new();
    if !valid_token(input.token.trim()) {
        errors.push("The checkout token is 16 to 64 letters, digits, - or _.".to_owned());
    }
    if let Some(email) = input
        .email
        .as_deref()
        .map(str::trim)
        .filter(|e| !e.is_empty())
        && !rules::is_shopper_email(email)
    {
        errors.push("Enter a valid e-mail address.".to_owned());
    }
    if input
        .name
        .as_deref()
        .is_some_and(|n| n.trim().chars().count() > rules::NAME_MAX_CHARS)
    {
        errors.push(format!(
            "The name is at most {} characters.",
            rules::NAME_MAX_CHARS
        ));
    }
    if input.items.is_empty() {
        errors.push("The cart is empty.".to_owned());
    } else if input.items.len() > CART_LINES_MAX {
        errors.push(format!("A cart holds at most {CART_LINES_MAX} lines."));
    }
    if input
        .items
        .iter()
        .any(|i| !(1..=CART_QUANTITY_MAX).contains(&i.quantity))
    {
        errors.push(format!("A quantity is from 1 to {CART_QUANTITY_MAX}."));
    }
    errors
}

/// Records (creates or updates) the checkout draft of the shopper's browser. 200 with the
/// priced subtotal; 400 for a malformed draft; 409 when the token's checkout was completed
/// (the page then starts a new one); 429 past the rate limit.
pub async fn save_draft(
    State(state): State<AppState>,
    Path(subdomain): Path<String>,
    host: Option<axum::Extension<OnStoreHost>>,
    address: ClientAddress,
    Json(input): Json<DraftInput>,
) -> Result<Response, StoreError> {
    let now = now_ms();
    let key = format!("checkout-draft:{}", address.0);
    if crate::db::rates::count(&state.db, &key, now, 60, SAVES_PER_MINUTE)
        .await?
        .is_some()
    {
        return Err(ApiError::Throttled {
            message: "Too many checkout updates; try again in a minute.".to_owned(),
            retry_after: 60,
        }
        .into());
    }
    let shop = shop(&state, &subdomain, host.is_some()).await?;
    let errors = check(&input);
    if !errors.is_empty() {
        return Err(ApiError::Invalid(errors).into());
    }
    // Lines that cannot be bought are left out, as the cart page does; ids of another store's
    // products are unknown here.
    let currency = core_wasm::formats::currency_or_default(&shop.currency);
    let (lines, _) = price_lines(&state, &shop.id, &input.items, false, currency).await?;
    if lines.is_empty() {
        return Err(ApiError::Invalid(vec![
            "No product of the cart is available in this store.".to_owned(),
        ])
        .into());
    }
    let email = input
        .email
        .as_deref()
        .map(|e| e.trim().to_lowercase())
        .filter(|e| !e.is_empty());
    let name = input
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    let subtotal: i64 = lines.iter().map(|l| l.price_minor * l.quantity).sum();
    let count: i64 = lines.iter().map(|l| l.quantity).sum();
    let grace = core_wasm::limits::CHECKOUT_ABANDONED_AFTER_MS;
    // A completed draft is not reopened: the update is skipped and no row comes back.
    let saved = abandoned::save_draft(
        &state.db,
        &Draft {
            store_id: &shop.id,
            token: input.token.trim(),
            email: email.as_deref(),
            name,
            currency: &shop.currency,
            line_items: &crate::db::orders::lines_column(&lines, &[]),
            item_count: count,
            subtotal_minor: subtotal,
        },
        now,
        grace,
    )
    .await?;
    if !saved {
        return Err(ApiError::Conflict("This checkout was completed.".to_owned()).into());
    }
    Ok((
        StatusCode::OK,
        [(header::CACHE_CONTROL, "no-store")],
        axum::Json(json!({"subtotalMinor": subtotal, "itemCount": count})),
    )
        .into_response())
}

/// The open draft of a recovery link: its lines (ids, quantities and personalization values)
/// and contact details, so the page can put them back in the cart. 404 for an unknown or
/// completed one.
pub async fn recover_draft(
    State(state): State<AppState>,
    Path((subdomain, token)): Path<(String, String)>,
    host: Option<axum::Extension<OnStoreHost>>,
) -> Result<Response, StoreError> {
    let shop = shop(&state, &subdomain, host.is_some()).await?;
    if !valid_token(&token) {
        return Err(ApiError::NotFound.into());
    }
    let row = abandoned::open_draft(&state.db, &shop.id, &token).await?;
    let (email, name, lines) = row.ok_or(ApiError::NotFound)?;
    let lines = crate::db::orders::stored_lines(&lines);
    let mut items: Vec<Value> = Vec::new();
    for l in &lines {
        let mut item =
            json!({"productId": l.product_id, "variantId": l.variant_id, "quantity": l.quantity});
        // A personalized line's values go back as the product page sends them.
        if let (false, Some(product)) = (l.personalization.is_empty(), l.product_id.as_deref()) {
            let layers = crate::db::personalize::layers_of(&state.db, &shop.id, product).await?;
            let entries = core_wasm::personalize::entries_for(
                layers.as_deref().unwrap_or_default(),
                &l.personalization,
            );
            item["personalization"] = json!(entries);
        }
        items.push(item);
    }
    Ok((
        StatusCode::OK,
        [(header::CACHE_CONTROL, "no-store")],
        axum::Json(json!({"items": items, "email": email, "name": name})),
    )
        .into_response())
}
