//! The demo traffic's reads and writes (`analytics::demo`): the store's product paths, whether
//! it has events already, the orders its sessions end in, and the paid orders a demo shopper
//! places while the server runs.

use sqlx::{AnyConnection, AnyPool};

use super::new_id;

/// The handles of the store's first 200 products, in order.
pub async fn product_handles(db: &AnyPool, store_id: &str) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT handle FROM products WHERE store_id = $1 ORDER BY handle LIMIT 200")
            .bind(store_id)
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(|(h,)| h).collect())
}

/// How many events the store has.
pub async fn event_count(db: &AnyPool, store_id: &str) -> Result<i64, sqlx::Error> {
    let (existing,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM analytics_events WHERE store_id = $1")
            .bind(store_id)
            .fetch_one(db)
            .await?;
    Ok(existing)
}

/// The store's orders created since `since`, oldest first: (created, captured, financial status).
pub async fn orders_since(
    db: &AnyPool,
    store_id: &str,
    since: i64,
) -> Result<Vec<(i64, Option<i64>, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT created_at, captured_at, financial_status FROM orders WHERE store_id = $1 \
         AND created_at >= $2 ORDER BY created_at",
    )
    .bind(store_id)
    .bind(since)
    .fetch_all(db)
    .await
}

/// Places a paid order of one active product (the one at `product_offset` in id order) for one
/// customer (at `customer_offset`) from `country`, at `now`, in the caller's transaction; returns
/// its total, or `None` (and places nothing) when the store has no such product or customer.
pub async fn place_order(
    conn: &mut AnyConnection,
    store_id: &str,
    product_offset: i64,
    customer_offset: i64,
    country: &str,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let product: Option<(String, String, i64)> = sqlx::query_as(
        "SELECT id, title, price_minor FROM products WHERE store_id = $1 AND status = 'active' \
         ORDER BY id LIMIT 1 OFFSET $2",
    )
    .bind(store_id)
    .bind(product_offset)
    .fetch_optional(&mut *conn)
    .await?;
    let customer: Option<(String, String, String)> = sqlx::query_as(
        "SELECT id, COALESCE(first_name, '') || ' ' || COALESCE(last_name, ''), email \
         FROM customers WHERE store_id = $1 ORDER BY id LIMIT 1 OFFSET $2",
    )
    .bind(store_id)
    .bind(customer_offset)
    .fetch_optional(&mut *conn)
    .await?;
    let (Some((product_id, title, price)), Some((customer_id, name, email))) = (product, customer)
    else {
        return Ok(None);
    };
    let (number,): (i64,) = sqlx::query_as(
        "SELECT COALESCE(MAX(order_number), 1000) + 1 FROM orders WHERE store_id = $1",
    )
    .bind(store_id)
    .fetch_one(&mut *conn)
    .await?;
    let lines = serde_json::json!([{"productId": product_id, "variantId": null,
        "title": title, "quantity": 1, "priceMinor": price}]);
    sqlx::query(
        "INSERT INTO orders (id, store_id, order_number, order_name, customer_id, customer_name, \
         customer_email, currency, subtotal_minor, shipping_minor, discount_minor, grand_total_minor, \
         financial_status, fulfillment_status, payment_name, card_type, line_items, country, \
         created_at, captured_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'USD', $8, 0, 0, $8, 'paid', \
         'unfulfilled', 'Stripe', 'visa', $9, $10, $11, $11)",
    )
    .bind(new_id())
    .bind(store_id)
    .bind(number)
    .bind(format!("#{number}"))
    .bind(&customer_id)
    .bind(name.trim())
    .bind(&email)
    .bind(price)
    .bind(lines.to_string())
    .bind(country)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(Some(price))
}
