//! The storefront checkout's own rows: the store's test mode and payment gateways, and the
//! checkout counters per client address (`rates`, shared by every server process).

use core_wasm::payouts::{self, CheckoutPayment};
use sqlx::{AnyConnection, AnyPool};

use super::new_id;
use crate::error::ApiError;

/// The length of a checkout counter's window, in seconds.
pub const WINDOW_SECONDS: i64 = 60;

/// Whether the store is in test mode, and whether it uses a payment gateway.
pub async fn test_mode(db: &AnyPool, store_id: &str) -> Result<(bool, bool), ApiError> {
    let (test_mode, gateways): (i64, i64) = sqlx::query_as(
        "SELECT s.test_mode, (SELECT COUNT(*) FROM store_proxies p WHERE p.store_id = s.id) \
         FROM stores s WHERE s.id = $1",
    )
    .bind(store_id)
    .fetch_optional(db)
    .await?
    .ok_or(ApiError::NotFound)?;
    Ok((test_mode == 1, gateways > 0))
}

/// How the store's checkout takes payment now.
pub async fn payment(db: &AnyPool, store_id: &str) -> Result<CheckoutPayment, ApiError> {
    let (test_mode, has_gateway) = test_mode(db, store_id).await?;
    Ok(payouts::checkout_payment(test_mode, has_gateway))
}

/// Switches the store's test mode.
pub async fn set_test_mode(db: &AnyPool, store_id: &str, on: bool) -> Result<(), ApiError> {
    sqlx::query("UPDATE stores SET test_mode = $1 WHERE id = $2")
        .bind(i64::from(on))
        .bind(store_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Counts one checkout attempt of `address` in the current one-minute window (see
/// [`super::rates::count`]). `None` when the attempt is within `limit`; otherwise the seconds
/// until the window ends.
pub async fn count_attempt(
    db: &AnyPool,
    address: &str,
    now_ms: i64,
    limit: i64,
) -> Result<Option<u64>, ApiError> {
    super::rates::count(
        db,
        &format!("checkout-address:{address}"),
        now_ms,
        WINDOW_SECONDS,
        limit,
    )
    .await
}

/// The order an idempotency key of the store placed: (order id, name, total in minor units,
/// the cart's fingerprint).
pub async fn by_key(
    db: &AnyPool,
    store_id: &str,
    key: &str,
) -> Result<Option<(String, String, i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT o.id, o.order_name, o.grand_total_minor, k.fingerprint FROM storefront_checkouts k JOIN orders o ON o.id = k.order_id \
         WHERE k.store_id = $1 AND k.idempotency_key = $2",
    )
    .bind(store_id)
    .bind(key)
    .fetch_optional(db)
    .await
}

/// The stored variants (JSON text) of an active product of the store, read in the checkout's
/// transaction.
pub async fn active_variants(
    tx: &mut AnyConnection,
    store_id: &str,
    product_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT variants FROM products WHERE id = $1 AND store_id = $2 AND status = 'active'",
    )
    .bind(product_id)
    .bind(store_id)
    .fetch_optional(&mut *tx)
    .await?;
    Ok(row.map(|(variants,)| variants))
}

/// Writes a product's variants (JSON text) back, with their stock taken.
pub async fn set_variants(
    tx: &mut AnyConnection,
    store_id: &str,
    product_id: &str,
    variants: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE products SET variants = $1 WHERE id = $2 AND store_id = $3")
        .bind(variants)
        .bind(product_id)
        .bind(store_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// Why a discount's use was not counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UseRefused {
    /// The code has reached its usage limit.
    UsageLimit,
    /// This shopper has used it as often as it allows.
    PerCustomer,
}

/// Counts one use of discount `discount_id` by `email`, only while it is under both its limits
/// (`per_customer_limit` uses by one e-mail), so parallel checkouts cannot use a code more than
/// it allows.
pub async fn count_discount_use(
    tx: &mut AnyConnection,
    store_id: &str,
    discount_id: &str,
    email: &str,
    per_customer_limit: i64,
) -> Result<Result<(), UseRefused>, sqlx::Error> {
    let counted = sqlx::query(
        "UPDATE discounts SET used = used + 1 WHERE id = $1 AND store_id = $2 \
         AND (usage_limit IS NULL OR used < usage_limit)",
    )
    .bind(discount_id)
    .bind(store_id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let per_customer = sqlx::query(
        "INSERT INTO discount_customer_uses (discount_id, email, used) VALUES ($1, $2, 1) \
         ON CONFLICT (discount_id, email) DO UPDATE SET used = discount_customer_uses.used + 1 \
         WHERE discount_customer_uses.used < $3",
    )
    .bind(discount_id)
    .bind(email)
    .bind(per_customer_limit)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    Ok(if counted == 0 {
        Err(UseRefused::UsageLimit)
    } else if per_customer == 0 {
        Err(UseRefused::PerCustomer)
    } else {
        Ok(())
    })
}

/// The shopper as a customer of the store, as the checkout records them.
#[derive(Debug, Clone)]
pub struct Shopper<'a> {
    pub email: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub phone: &'a str,
    pub country: Option<&'a str>,
    /// The shipping address as JSON.
    pub address_json: &'a str,
}

/// The store's customer with the shopper's e-mail (made now if new; a returning customer
/// without an address keeps this one), returning their id.
pub async fn customer(
    tx: &mut AnyConnection,
    store_id: &str,
    shopper: &Shopper<'_>,
    now: i64,
) -> Result<String, sqlx::Error> {
    let addresses = format!("[{}]", shopper.address_json);
    sqlx::query(
        "INSERT INTO customers (id, store_id, email, first_name, last_name, phone, country, created_at, addresses) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (store_id, email) DO NOTHING",
    )
    .bind(new_id())
    .bind(store_id)
    .bind(shopper.email)
    .bind(shopper.first_name)
    .bind(shopper.last_name)
    .bind(shopper.phone)
    .bind(shopper.country)
    .bind(now)
    .bind(&addresses)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE customers SET addresses = $1, phone = COALESCE(phone, $2), country = COALESCE(country, $3) \
         WHERE store_id = $4 AND email = $5 AND addresses = '[]'",
    )
    .bind(&addresses)
    .bind(shopper.phone)
    .bind(shopper.country)
    .bind(store_id)
    .bind(shopper.email)
    .execute(&mut *tx)
    .await?;
    let (customer_id,): (String,) =
        sqlx::query_as("SELECT id FROM customers WHERE store_id = $1 AND email = $2")
            .bind(store_id)
            .bind(shopper.email)
            .fetch_one(&mut *tx)
            .await?;
    Ok(customer_id)
}

/// An order placed at checkout, as it is stored.
#[derive(Debug, Clone)]
pub struct PlacedOrder<'a> {
    pub customer_id: &'a str,
    pub customer_name: &'a str,
    pub email: &'a str,
    pub subtotal_minor: i64,
    pub shipping_minor: i64,
    /// The shipping rate chosen, by name.
    pub shipping_method: &'a str,
    pub discount_minor: i64,
    /// The tax counted at checkout, the part of it on shipping, and whether the prices held it.
    pub tax_minor: i64,
    pub shipping_tax_minor: i64,
    pub taxes_included: bool,
    pub total_minor: i64,
    /// A test order, paid by a test payment; otherwise waiting for the payment gateway.
    pub test: bool,
    /// The lines as stored (JSON text).
    pub line_items: &'a str,
    pub country: Option<&'a str>,
    pub shipping_address: &'a str,
    pub billing_address: Option<&'a str>,
    pub note: &'a str,
    /// The discounts applied (JSON text).
    pub discounts: &'a str,
}

/// Stores an order placed at checkout with the store's next number, in its currency; returns
/// its id and name.
pub async fn insert_order(
    tx: &mut AnyConnection,
    store_id: &str,
    order: &PlacedOrder<'_>,
    now: i64,
) -> Result<(String, String), sqlx::Error> {
    let (number,): (i64,) = sqlx::query_as(
        "SELECT COALESCE(MAX(order_number), 1000) + 1 FROM orders WHERE store_id = $1",
    )
    .bind(store_id)
    .fetch_one(&mut *tx)
    .await?;
    let order_id = new_id();
    let order_name = format!("#{number}");
    let currency = super::store_currency(&mut *tx, store_id).await?;
    let test = order.test;
    sqlx::query(
        "INSERT INTO orders (id, store_id, order_number, order_name, customer_id, customer_name, customer_email, \
         currency, subtotal_minor, shipping_minor, discount_minor, grand_total_minor, financial_status, \
         fulfillment_status, payment_name, card_type, line_items, country, created_at, captured_at, is_test, \
         shipping_address, billing_address, note, discounts, tax_minor, shipping_tax_minor, taxes_included, shipping_method) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $19, $11, $12, 'unfulfilled', $13, NULL, $14, $15, $16, $17, $18, \
         $20, $21, $22, $23, $24, $25, $26, $27)",
    )
    .bind(&order_id)
    .bind(store_id)
    .bind(number)
    .bind(&order_name)
    .bind(order.customer_id)
    .bind(order.customer_name)
    .bind(order.email)
    .bind(&currency)
    .bind(order.subtotal_minor)
    .bind(order.shipping_minor)
    .bind(order.total_minor)
    .bind(if test { "paid" } else { "pending" })
    .bind(if test {
        "Test payment"
    } else {
        "Payment gateway"
    })
    .bind(order.line_items)
    .bind(order.country)
    .bind(now)
    .bind(test.then_some(now))
    .bind(i64::from(test))
    .bind(order.discount_minor)
    .bind(order.shipping_address)
    .bind(order.billing_address)
    .bind(order.note)
    .bind(order.discounts)
    .bind(order.tax_minor)
    .bind(order.shipping_tax_minor)
    .bind(i64::from(order.taxes_included))
    .bind(order.shipping_method)
    .execute(&mut *tx)
    .await?;
    Ok((order_id, order_name))
}

/// Records that idempotency key `key` of the store placed `order_id` (for a cart with
/// `fingerprint`).
pub async fn record(
    tx: &mut AnyConnection,
    store_id: &str,
    key: &str,
    order_id: &str,
    fingerprint: &str,
    note: Option<&str>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO storefront_checkouts (store_id, idempotency_key, order_id, fingerprint, note, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(store_id)
    .bind(key)
    .bind(order_id)
    .bind(fingerprint)
    .bind(note)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Whether `order_id` was placed at the store's checkout (an order the admin made has no
/// thank-you page).
pub async fn placed_here(
    conn: &mut AnyConnection,
    store_id: &str,
    order_id: &str,
) -> Result<bool, sqlx::Error> {
    let placed: Option<(String,)> = sqlx::query_as(
        "SELECT order_id FROM storefront_checkouts WHERE store_id = $1 AND order_id = $2",
    )
    .bind(store_id)
    .bind(order_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(placed.is_some())
}
