//! The checkout as a workflow, called by the storefront's handlers: the form's checks, and an
//! order written in one transaction (stock taken, discount uses counted, the customer and the
//! order stored, the idempotency key and the browser's draft closed, a test order's rollups and
//! the conversion recorded); the thank-you page's receipt.

use core_wasm::commerce::Totals;
use core_wasm::commerce::checkout as rules;
use core_wasm::formats::Currency;
use core_wasm::limits::CART_LINES_MAX;
use core_wasm::money::stored_minor;
use core_wasm::payouts::CheckoutPayment;
use core_wasm::personalize::PersonalEntry;
use core_wasm::storefront::{Line, Receipt, ReceiptPayment};
use serde::Deserialize;
use serde_json::{Value, json};
use shared_types::EventKind;
use shared_types::commerce::Address;
use shared_types::records::OrderMailKind;
use sqlx::AnyPool;

use crate::db::checkout::{self, PlacedOrder, Shopper, UseRefused};
use crate::db::events::{Event, store_events};
use crate::db::now_ms;
use crate::db::order_mail::MailSetup;
use crate::db::rollups::{Deltas, TEST_CONVERSION_KIND};
use crate::error::ApiError;

/// A line as the shopper's browser keeps it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ItemInput {
    pub product_id: String,
    #[serde(default)]
    pub variant_id: Option<String>,
    pub quantity: i64,
    /// The shopper's values for a personalized product's fields.
    #[serde(default)]
    pub personalization: Vec<PersonalEntry>,
}

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
    /// The shipping rate the shopper chose, by name; absent: the cheapest offered.
    #[serde(default)]
    pub shipping_rate: Option<String>,
    pub items: Vec<ItemInput>,
    /// The browser's checkout draft, closed by this order.
    #[serde(default)]
    pub draft_token: Option<String>,
    /// The browser's analytics session: the server records its conversion with the order.
    #[serde(default)]
    pub session_id: Option<String>,
}

/// Every problem of a checkout form, for one 400 answer.
pub fn check(input: &CheckoutInput) -> Vec<String> {
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
    let rate_max = core_wasm::commerce::shipping::SHIPPING_NAME_MAX;
    if input
        .shipping_rate
        .as_deref()
        .is_some_and(|r| r.trim().chars().count() > rate_max)
    {
        errors.push(format!(
            "A shipping rate's name is at most {rate_max} characters."
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

/// An order about to be written.
#[derive(Debug)]
pub struct NewOrder<'a> {
    pub input: &'a CheckoutInput,
    pub email: &'a str,
    pub key: &'a str,
    pub fingerprint: &'a str,
    pub lines: &'a [Line],
    pub totals: &'a Totals,
    /// The shipping rate taken, by name.
    pub shipping_method: &'a str,
    pub payment: CheckoutPayment,
    /// The country of the visit, for the conversion event.
    pub visit_country: &'a str,
    /// The currency the lines were priced in (minor units of it).
    pub currency: Currency,
    /// The store's e-mails: the shopper's confirmation and the new-order alert.
    pub mail: &'a MailSetup,
}

/// Writes `order` for the store in one transaction; its id, name and total (minor units).
pub async fn write_order(
    db: &AnyPool,
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
        shipping_method,
        payment,
        visit_country,
        currency,
        mail,
    } = *order;
    let test = payment == CheckoutPayment::Test;
    let now = now_ms();
    let note = input.note.as_deref().map(str::trim).unwrap_or("");
    let mut tx = crate::db::begin_write(db).await?;
    // The store's currency may change until its first real order: lines priced in another
    // currency's units are not written under this one.
    if crate::db::store_currency(&mut *tx, store_id).await? != currency.code {
        return Err(ApiError::Conflict(
            "The store's prices changed while you checked out: review your cart.".to_owned(),
        ));
    }
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
        if stock <= 0 {
            // Bought by another shopper since the cart was checked: the cart's own words.
            return Err(ApiError::Conflict(format!("{} is sold out.", line.title)));
        }
        if stock < line.quantity {
            return Err(ApiError::Conflict(format!(
                "{}: only {stock} left.",
                line.title
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
    // The checkout is priced with the address's tax (`taxed_totals`), so it is always counted.
    let tax = totals.tax.clone().unwrap_or_default();
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
            shipping_method,
            discount_minor: totals.discounts.total_minor(),
            tax_minor: tax.total,
            shipping_tax_minor: tax.shipping,
            taxes_included: tax.included,
            total_minor: total,
            test,
            line_items: &crate::db::orders::lines_column(lines, &tax.lines),
            country: country.as_deref(),
            shipping_address: &address_json,
            billing_address: billing_json.as_deref(),
            note,
            discounts: &serde_json::to_string(&core_wasm::commerce::applied(
                &totals.discounts,
                currency,
            ))
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
        json!({"total": core_wasm::money::stored(total, currency), "payment": if test { "test" } else { "pending" }}),
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
    // The shopper's confirmation and the store's alert leave with the order or not at all.
    for kind in [OrderMailKind::Confirmation, OrderMailKind::NewOrder] {
        crate::db::orders::queue_mail(&mut tx, mail, kind, &order_id, None).await?;
    }
    tx.commit().await?;
    Ok((order_id, order_name, total))
}

/// A placed order of the store, for its thank-you page.
pub async fn receipt(
    db: &AnyPool,
    store_id: &str,
    order_id: &str,
) -> Result<Option<Receipt>, ApiError> {
    if order_id.len() > rules::ID_MAX {
        return Ok(None);
    }
    let mut conn = db.acquire().await?;
    if !checkout::placed_here(&mut conn, store_id, order_id).await? {
        return Ok(None);
    }
    let Some(row) = crate::db::orders::find_row(&mut conn, store_id, order_id).await? else {
        return Ok(None);
    };
    let order = crate::db::orders::order(&row);
    let currency = core_wasm::formats::currency_or_default(&order.currency);
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
                (title, l.quantity, stored_minor(l.price, currency))
            })
            .collect(),
        subtotal_minor: row.subtotal_minor,
        shipping_minor: row.shipping_minor,
        shipping_method: row.shipping_method,
        discount_minor: row.discount_minor,
        tax_minor: row.tax_minor,
        taxes_included: row.taxes_included == 1,
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
