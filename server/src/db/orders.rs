//! Orders after checkout: reading one with its fulfilments, refunds and timeline, and the
//! merchant's changes to it (ship lines, cancel a shipment, refund, cancel). Each change reads
//! the order in a write transaction, asks the core (`core_wasm::commerce::orders`) whether it
//! may happen and what follows, and writes the order only if its `version` is still the one
//! read, so two staff members acting at once never ship or refund a line twice.

use core_wasm::commerce::orders::{self as rules, OrderState};
use core_wasm::formats::{Currency, currency_or_default};
use core_wasm::money::stored;
use core_wasm::storefront::Line;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use shared_types::catalog::{
    CardInfo, CustomerInfo, LineItem, Order, PaymentSource, PersonalValue,
};
use shared_types::commerce::{
    Address, AppliedDiscount, CancelInput, Fulfillment, FulfillmentInput, LineQuantity, OrderEvent,
    Refund, RefundInput,
};
use shared_types::records::OrderMailKind;
use sqlx::{AnyConnection, AnyPool};

use super::order_mail::MailSetup;
use super::outbox::{self, Mail};
use crate::db::rollups::{Deltas, RefundDelta};
use crate::db::{new_id, now_ms};
use crate::error::ApiError;

/// The columns `OrderRow` reads.
pub const ORDER_COLUMNS: &str = "id, order_name, customer_id, customer_name, customer_email, created_at, captured_at, \
    currency, subtotal_minor, shipping_minor, discount_minor, grand_total_minor, financial_status, fulfillment_status, \
    payment_name, card_type, line_items, is_test, shipping_address, billing_address, note, discounts, refunded_minor, \
    cancelled_at, version, tax_minor, shipping_tax_minor, taxes_included, shipping_method";

/// An order as `ORDER_COLUMNS` reads it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrderRow {
    pub id: String,
    pub order_name: String,
    pub customer_id: Option<String>,
    pub customer_name: String,
    pub customer_email: String,
    pub created_at: i64,
    pub captured_at: Option<i64>,
    pub currency: String,
    pub subtotal_minor: i64,
    pub shipping_minor: i64,
    pub discount_minor: i64,
    pub grand_total_minor: i64,
    pub financial_status: String,
    pub fulfillment_status: String,
    pub payment_name: Option<String>,
    pub card_type: Option<String>,
    pub line_items: String,
    pub is_test: i64,
    pub shipping_address: Option<String>,
    pub billing_address: Option<String>,
    pub note: String,
    pub discounts: String,
    pub refunded_minor: i64,
    pub cancelled_at: Option<i64>,
    pub version: i64,
    pub tax_minor: i64,
    pub shipping_tax_minor: i64,
    pub taxes_included: i64,
    pub shipping_method: String,
}

/// The order list's filters as SQL values: `-1` and empty strings when a filter is not set.
#[derive(Debug, Default)]
pub struct OrderFilter {
    /// Created at or after (ms), and before `end`.
    pub start: i64,
    pub end: i64,
    pub financial: String,
    pub fulfillment: String,
    /// Words (lower-case) in the order's name or its customer's name or e-mail.
    pub search: String,
    pub customer: String,
    /// -1 every order, 0 real orders only, 1 test orders only.
    pub test: i64,
}

const ORDER_FILTER: &str = "store_id = $1 AND ($2 = -1 OR (created_at >= $2 AND created_at < $3)) \
    AND ($4 = '' OR financial_status = $4) AND ($5 = '' OR fulfillment_status = $5) \
    AND ($6 = '' OR LOWER(order_name) LIKE $7 ESCAPE '!' OR LOWER(customer_name) LIKE $7 ESCAPE '!' \
    OR LOWER(customer_email) LIKE $7 ESCAPE '!') AND ($8 = '' OR customer_id = $8) \
    AND ($9 = -1 OR is_test = $9)";

/// Binds the order filter's values as $1 to $9.
fn bind_filter<'q, O>(
    query: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments>,
    store_id: &'q str,
    filter: &'q OrderFilter,
    pattern: &'q str,
) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments> {
    query
        .bind(store_id)
        .bind(filter.start)
        .bind(filter.end)
        .bind(&filter.financial)
        .bind(&filter.fulfillment)
        .bind(&filter.search)
        .bind(pattern)
        .bind(&filter.customer)
        .bind(filter.test)
}

/// The store's orders the filter matches, newest first, `limit` of them after `offset`.
pub async fn list(
    db: &AnyPool,
    store_id: &str,
    filter: &OrderFilter,
    limit: i64,
    offset: i64,
) -> Result<Vec<Order>, sqlx::Error> {
    let sql = format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE {ORDER_FILTER} ORDER BY created_at DESC, id DESC LIMIT $10 OFFSET $11"
    );
    let pattern = crate::db::contains_pattern(&filter.search);
    let rows: Vec<OrderRow> = bind_filter(
        sqlx::query_as(sqlx::AssertSqlSafe(sql)),
        store_id,
        filter,
        &pattern,
    )
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok(rows.iter().map(order).collect())
}

/// How many of the store's orders the filter matches.
pub async fn count(db: &AnyPool, store_id: &str, filter: &OrderFilter) -> Result<i64, sqlx::Error> {
    let sql = format!("SELECT COUNT(*) FROM orders WHERE {ORDER_FILTER}");
    let pattern = crate::db::contains_pattern(&filter.search);
    let (total,): (i64,) = bind_filter(
        sqlx::query_as(sqlx::AssertSqlSafe(sql)),
        store_id,
        filter,
        &pattern,
    )
    .fetch_one(db)
    .await?;
    Ok(total)
}

/// A line item as the `line_items` column keeps it (and the checkout drafts' lines).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredLine {
    #[serde(default)]
    pub product_id: Option<String>,
    #[serde(default)]
    pub variant_id: Option<String>,
    pub title: String,
    #[serde(default)]
    pub variant_title: String,
    pub quantity: i64,
    pub price_minor: i64,
    /// The line's tax for all its units (0 on orders placed before taxes).
    #[serde(default)]
    pub tax_minor: i64,
    #[serde(default)]
    pub fulfilled_quantity: i64,
    #[serde(default)]
    pub refunded_quantity: i64,
    /// The shopper's personalization values; absent on a line without them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub personalization: Vec<PersonalValue>,
}

/// The lines of a stored `line_items` column.
pub fn stored_lines(column: &str) -> Vec<StoredLine> {
    serde_json::from_str(column).unwrap_or_default()
}

/// The line items of a stored `line_items` column, as the API shows them (their prices in
/// minor units of `currency`).
pub fn line_items(column: &str, currency: Currency) -> Vec<LineItem> {
    stored_lines(column)
        .into_iter()
        .map(|l| LineItem {
            product_id: l.product_id,
            variant_id: l.variant_id,
            title: l.title,
            variant_title: l.variant_title,
            quantity: l.quantity,
            price: stored(l.price_minor, currency),
            tax: stored(l.tax_minor, currency),
            fulfilled_quantity: l.fulfilled_quantity,
            refunded_quantity: l.refunded_quantity,
            personalization: l.personalization,
        })
        .collect()
}

fn address(column: Option<&str>) -> Option<Address> {
    column.and_then(|c| serde_json::from_str(c).ok())
}

/// The order as the API shows it, without its fulfilments, refunds and timeline.
pub fn order(row: &OrderRow) -> Order {
    let currency = currency_or_default(&row.currency);
    Order {
        id: row.id.clone(),
        order_name: row.order_name.clone(),
        customer_info: vec![CustomerInfo {
            full_name: row.customer_name.clone(),
            email: row.customer_email.clone(),
            id: row.customer_id.clone(),
        }],
        created_date: row.created_at,
        captured_date: row.captured_at,
        currency: row.currency.clone(),
        subtotal: stored(row.subtotal_minor, currency),
        shipping: stored(row.shipping_minor, currency),
        shipping_method: row.shipping_method.clone(),
        discount: stored(row.discount_minor, currency),
        tax: stored(row.tax_minor, currency),
        shipping_tax: stored(row.shipping_tax_minor, currency),
        taxes_included: row.taxes_included == 1,
        grand_total: stored(row.grand_total_minor, currency),
        financial_status: row.financial_status.clone(),
        fulfillment_status: row.fulfillment_status.clone(),
        payment_name: row.payment_name.clone(),
        payment_source: PaymentSource {
            card: row.card_type.clone().map(|kind| CardInfo { kind }),
        },
        line_items: line_items(&row.line_items, currency),
        test: row.is_test == 1,
        shipping_address: address(row.shipping_address.as_deref()),
        billing_address: address(row.billing_address.as_deref()),
        note: row.note.clone(),
        discounts: serde_json::from_str::<Vec<AppliedDiscount>>(&row.discounts).unwrap_or_default(),
        refunded: stored(row.refunded_minor, currency),
        cancelled_at: row.cancelled_at,
        fulfillments: Vec::new(),
        refunds: Vec::new(),
        timeline: Vec::new(),
    }
}

/// One order of the store as it stands in `conn`.
pub async fn find_row(
    conn: &mut AnyConnection,
    store_id: &str,
    id: &str,
) -> Result<Option<OrderRow>, ApiError> {
    let sql = format!("SELECT {ORDER_COLUMNS} FROM orders WHERE store_id = $1 AND id = $2");
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

fn quantities(column: &str) -> Vec<LineQuantity> {
    serde_json::from_str(column).unwrap_or_default()
}

/// id, lines, carrier, tracking number, status, created at, cancelled at.
type FulfillmentRow = (String, String, String, String, String, i64, Option<i64>);
/// A refund as the order page reads it: id, lines, shipping, amount, restock, reason, time, tax.
type RefundRow = (String, String, i64, i64, i64, String, i64, i64);

/// The order with its fulfilments, refunds and timeline (the order page).
pub async fn details(db: &AnyPool, store_id: &str, id: &str) -> Result<Order, ApiError> {
    let mut conn = db.acquire().await?;
    let row = find_row(&mut conn, store_id, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let mut order = order(&row);
    let fulfillments: Vec<FulfillmentRow> = sqlx::query_as(
        "SELECT id, lines, carrier, tracking_number, status, created_at, cancelled_at \
             FROM order_fulfillments WHERE store_id = $1 AND order_id = $2 ORDER BY created_at, id",
    )
    .bind(store_id)
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    order.fulfillments = fulfillments
        .into_iter()
        .map(
            |(id, lines, carrier, tracking_number, status, created_at, cancelled_at)| Fulfillment {
                id,
                lines: quantities(&lines),
                carrier,
                tracking_number,
                status,
                created_at,
                cancelled_at,
            },
        )
        .collect();
    let refunds: Vec<RefundRow> = sqlx::query_as(
        "SELECT id, lines, shipping_minor, amount_minor, restock, reason, created_at, tax_minor \
         FROM order_refunds WHERE store_id = $1 AND order_id = $2 ORDER BY created_at, id",
    )
    .bind(store_id)
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let currency = currency_or_default(&order.currency);
    order.refunds = refunds
        .into_iter()
        .map(
            |(id, lines, shipping, amount, restock, reason, created_at, tax)| Refund {
                id,
                lines: quantities(&lines),
                shipping: stored(shipping, currency),
                tax: stored(tax, currency),
                amount: stored(amount, currency),
                restock: restock == 1,
                reason,
                created_at,
            },
        )
        .collect();
    let events: Vec<(i64, String, String, String)> = sqlx::query_as(
        "SELECT at, actor, kind, details FROM order_events WHERE store_id = $1 AND order_id = $2 \
         ORDER BY at, id",
    )
    .bind(store_id)
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    order.timeline = events
        .into_iter()
        .map(|(at, actor, kind, details)| OrderEvent {
            at,
            actor,
            kind,
            details: serde_json::from_str(&details).unwrap_or(Value::Null),
        })
        .collect();
    Ok(order)
}

/// Adds an entry to the order's timeline.
pub async fn event(
    conn: &mut AnyConnection,
    store_id: &str,
    order_id: &str,
    actor: &str,
    kind: &str,
    details: Value,
) -> Result<(), ApiError> {
    sqlx::query(
        "INSERT INTO order_events (id, store_id, order_id, at, actor, kind, details) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(new_id())
    .bind(store_id)
    .bind(order_id)
    .bind(now_ms())
    .bind(actor)
    .bind(kind)
    .bind(details.to_string())
    .execute(conn)
    .await?;
    Ok(())
}

/// The name a staff member's changes show under: their full name, else their e-mail.
pub async fn actor_name(conn: &mut AnyConnection, user_id: &str) -> Result<String, ApiError> {
    let row: Option<(Option<String>, Option<String>, String)> =
        sqlx::query_as("SELECT first_name, last_name, email FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(conn)
            .await?;
    Ok(row
        .map(|(first, last, email)| {
            let name = core_wasm::shell::full_name(first.as_deref(), last.as_deref());
            if name.trim().is_empty() { email } else { name }
        })
        .unwrap_or_default())
}

/// Writes the order's new lines and statuses if it is still at the version read (409 when
/// another change came first).
async fn save(
    conn: &mut AnyConnection,
    store_id: &str,
    row: &OrderRow,
    lines: &[StoredLine],
    changes: &Changes,
) -> Result<(), ApiError> {
    let status = rules::fulfillment_status(&line_states(lines));
    let fulfillment = if changes.cancelled_at.is_some() || row.cancelled_at.is_some() {
        "closed"
    } else {
        status
    };
    let changed = sqlx::query(
        "UPDATE orders SET line_items = $1, fulfillment_status = $2, financial_status = $3, refunded_minor = $4, \
         cancelled_at = $5, version = version + 1 WHERE store_id = $6 AND id = $7 AND version = $8",
    )
    .bind(serde_json::to_string(lines).map_err(ApiError::internal)?)
    .bind(fulfillment)
    .bind(&changes.financial_status)
    .bind(changes.refunded_minor)
    .bind(changes.cancelled_at.or(row.cancelled_at))
    .bind(store_id)
    .bind(&row.id)
    .bind(row.version)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if changed == 0 {
        return Err(ApiError::Conflict(
            "This order changed meanwhile; reload it.".to_owned(),
        ));
    }
    // The Overview's paid orders show the statuses.
    crate::db::rollups::touch(conn, [store_id]).await?;
    Ok(())
}

/// The order columns a change sets besides the lines.
struct Changes {
    financial_status: String,
    refunded_minor: i64,
    cancelled_at: Option<i64>,
}

impl Changes {
    fn of(row: &OrderRow) -> Self {
        Changes {
            financial_status: row.financial_status.clone(),
            refunded_minor: row.refunded_minor,
            cancelled_at: None,
        }
    }
}

fn line_states(lines: &[StoredLine]) -> Vec<rules::LineState> {
    lines
        .iter()
        .map(|l| rules::LineState {
            quantity: l.quantity,
            price_minor: l.price_minor,
            fulfilled: l.fulfilled_quantity,
            refunded: l.refunded_quantity,
            tax_minor: l.tax_minor,
        })
        .collect()
}

/// The order as the core's rules see it, read in `conn`'s transaction: its row and the shipping
/// its refunds gave back, so shipping (and its tax) goes back once.
async fn state(conn: &mut AnyConnection, row: &OrderRow) -> Result<OrderState, ApiError> {
    let mut state = rules::state_of(&order(row));
    let (shipping,): (i64,) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(shipping_minor), 0) AS BIGINT) FROM order_refunds WHERE order_id = $1",
    )
    .bind(&row.id)
    .fetch_one(conn)
    .await?;
    state.shipping_refunded_minor = shipping;
    Ok(state)
}

/// The order for a change: read in the transaction, 404 when the store has no such order.
async fn for_change(
    conn: &mut AnyConnection,
    store_id: &str,
    id: &str,
) -> Result<OrderRow, ApiError> {
    find_row(conn, store_id, id)
        .await?
        .ok_or(ApiError::NotFound)
}

/// Ships lines of the order: records the fulfilment, moves the lines' shipped quantities and
/// the status on, and, when asked (the default), queues the shopper's shipping confirmation
/// (the core's, in the store's language: `mail`).
pub async fn fulfil(
    db: &AnyPool,
    mail: &MailSetup,
    user_id: &str,
    id: &str,
    input: &FulfillmentInput,
) -> Result<(), ApiError> {
    let store_id = mail.store_id.as_str();
    let mut tx = crate::db::begin_write(db).await?;
    let row = for_change(&mut tx, store_id, id).await?;
    let shipped =
        rules::check_fulfilment(&state(&mut tx, &row).await?, input).map_err(ApiError::Invalid)?;
    let mut lines = stored_lines(&row.line_items);
    for (index, quantity) in &shipped {
        lines[*index].fulfilled_quantity += quantity;
    }
    save(&mut tx, store_id, &row, &lines, &Changes::of(&row)).await?;
    let shipped: Vec<LineQuantity> = shipped
        .iter()
        .map(|(i, q)| LineQuantity {
            line: u32::try_from(*i).unwrap_or(u32::MAX),
            quantity: *q,
        })
        .collect();
    let carrier = input.carrier.trim();
    let tracking = input.tracking_number.trim();
    let fulfilment_id = new_id();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO order_fulfillments (id, store_id, order_id, lines, carrier, tracking_number, status, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 'success', $7)",
    )
    .bind(&fulfilment_id)
    .bind(store_id)
    .bind(id)
    .bind(serde_json::to_string(&shipped).map_err(ApiError::internal)?)
    .bind(carrier)
    .bind(tracking)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let actor = actor_name(&mut tx, user_id).await?;
    let items: i64 = shipped.iter().map(|l| l.quantity).sum();
    event(
        &mut tx,
        store_id,
        id,
        &actor,
        "fulfilled",
        json!({"fulfillmentId": fulfilment_id, "items": items, "carrier": carrier, "trackingNumber": tracking}),
    )
    .await?;
    if input.notify_customer.unwrap_or(true) && !row.customer_email.trim().is_empty() {
        // The order as it is now (its lines' shipped quantities moved on).
        let Some(now_row) = find_row(&mut tx, store_id, id).await? else {
            return Err(ApiError::NotFound);
        };
        let lines: Vec<(usize, i64)> = shipped
            .iter()
            .map(|l| (l.line as usize, l.quantity))
            .collect();
        let status = super::checkout::placed_here(&mut tx, store_id, id)
            .await?
            .then(|| mail.status_url(id));
        let rendered = mail.render_shipment(
            &order(&now_row),
            &core_wasm::commerce::mail::Shipment {
                lines: &lines,
                carrier,
                tracking_number: tracking,
            },
            status.as_deref(),
        );
        outbox::queue(
            &mut *tx,
            &Mail {
                to: row.customer_email.clone(),
                subject: rendered.subject,
                body: rendered.text,
                html: Some(rendered.html),
            },
        )
        .await?;
        event(
            &mut tx,
            store_id,
            id,
            "",
            "emailSent",
            json!({"to": row.customer_email, "about": "shipping"}),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Cancels a shipment: its lines are to ship again.
pub async fn cancel_fulfilment(
    db: &AnyPool,
    store_id: &str,
    user_id: &str,
    id: &str,
    fulfilment_id: &str,
) -> Result<(), ApiError> {
    let mut tx = crate::db::begin_write(db).await?;
    let row = for_change(&mut tx, store_id, id).await?;
    let found: Option<(String, String)> = sqlx::query_as(
        "SELECT lines, status FROM order_fulfillments WHERE store_id = $1 AND order_id = $2 AND id = $3",
    )
    .bind(store_id)
    .bind(id)
    .bind(fulfilment_id)
    .fetch_optional(&mut *tx)
    .await?;
    let (shipped, status) = found.ok_or(ApiError::NotFound)?;
    if status != "success" {
        return Err(ApiError::Conflict(
            "This fulfilment is cancelled already.".to_owned(),
        ));
    }
    let mut lines = stored_lines(&row.line_items);
    for line in quantities(&shipped) {
        if let Some(stored) = lines.get_mut(line.line as usize) {
            stored.fulfilled_quantity = (stored.fulfilled_quantity - line.quantity).max(0);
        }
    }
    save(&mut tx, store_id, &row, &lines, &Changes::of(&row)).await?;
    sqlx::query(
        "UPDATE order_fulfillments SET status = 'cancelled', cancelled_at = $1 WHERE id = $2 AND store_id = $3",
    )
    .bind(now_ms())
    .bind(fulfilment_id)
    .bind(store_id)
    .execute(&mut *tx)
    .await?;
    let actor = actor_name(&mut tx, user_id).await?;
    event(
        &mut tx,
        store_id,
        id,
        &actor,
        "fulfillmentCancelled",
        json!({"fulfillmentId": fulfilment_id}),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Puts `quantity` of each line back in its variant's stock (products without variants keep
/// no stock).
async fn restock(
    conn: &mut AnyConnection,
    store_id: &str,
    lines: &[StoredLine],
    quantities: &[(usize, i64)],
) -> Result<(), ApiError> {
    for (index, quantity) in quantities {
        let line = &lines[*index];
        let (Some(product_id), Some(variant_id)) = (
            line.product_id.as_deref(),
            line.variant_id.as_deref().filter(|v| !v.is_empty()),
        ) else {
            continue;
        };
        let found: Option<(String,)> =
            sqlx::query_as("SELECT variants FROM products WHERE id = $1 AND store_id = $2")
                .bind(product_id)
                .bind(store_id)
                .fetch_optional(&mut *conn)
                .await?;
        let Some((variants,)) = found else { continue };
        let mut variants: Vec<Value> =
            serde_json::from_str(&variants).map_err(ApiError::internal)?;
        let Some(variant) = variants
            .iter_mut()
            .find(|v| v.get("id").and_then(Value::as_str) == Some(variant_id))
        else {
            continue;
        };
        let stock = variant.get("stock").and_then(Value::as_i64).unwrap_or(0);
        variant["stock"] = json!(stock.saturating_add(*quantity));
        sqlx::query("UPDATE products SET variants = $1 WHERE id = $2 AND store_id = $3")
            .bind(Value::Array(variants).to_string())
            .bind(product_id)
            .bind(store_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Gives money back in `conn`'s transaction: checks the refund with the core, moves the lines'
/// refunded quantities, the order's refunded money and its statuses on, restocks when asked,
/// records the refund and takes it off the sales at its date. Returns the refund as the order
/// page lists it.
async fn refund_in(
    conn: &mut AnyConnection,
    store_id: &str,
    actor: &str,
    row: &OrderRow,
    input: &RefundInput,
    cancelled_at: Option<i64>,
) -> Result<Refund, ApiError> {
    let state = state(&mut *conn, row).await?;
    let amounts = rules::quote_refund(&state, input).map_err(ApiError::Invalid)?;
    let mut lines = stored_lines(&row.line_items);
    let mut refunded_lines: Vec<(usize, i64)> = Vec::new();
    for line in &input.lines {
        let index = line.line as usize;
        lines[index].refunded_quantity += line.quantity;
        refunded_lines.push((index, line.quantity));
    }
    let refunded_minor = row.refunded_minor + amounts.total_minor;
    let financial = rules::financial_after_refund(row.grand_total_minor, refunded_minor);
    save(
        conn,
        store_id,
        row,
        &lines,
        &Changes {
            financial_status: financial.to_owned(),
            refunded_minor,
            cancelled_at,
        },
    )
    .await?;
    if input.restock {
        restock(conn, store_id, &lines, &refunded_lines).await?;
    }
    let now = now_ms();
    let refund_id = new_id();
    sqlx::query(
        "INSERT INTO order_refunds (id, store_id, order_id, lines, shipping_minor, amount_minor, restock, reason, is_test, created_at, tax_minor, shipping_tax_minor) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(&refund_id)
    .bind(store_id)
    .bind(&row.id)
    .bind(serde_json::to_string(&input.lines).map_err(ApiError::internal)?)
    .bind(amounts.shipping_minor)
    .bind(amounts.total_minor)
    .bind(i64::from(input.restock))
    .bind(input.reason.trim())
    .bind(row.is_test)
    .bind(now)
    .bind(amounts.tax_minor)
    .bind(amounts.shipping_tax_minor)
    .execute(&mut *conn)
    .await?;
    let mut deltas = Deltas::default();
    deltas.refund(
        store_id,
        RefundDelta {
            at: now,
            amount_minor: amounts.total_minor,
            captured_at: row.captured_at.unwrap_or(now),
            closes: financial == "refunded",
            test: row.is_test == 1,
        },
    );
    deltas.write(conn).await?;
    let items: i64 = input.lines.iter().map(|l| l.quantity).sum();
    let currency = currency_or_default(&row.currency);
    event(
        conn,
        store_id,
        &row.id,
        actor,
        "refunded",
        json!({"amount": stored(amounts.total_minor, currency), "items": items,
            "shipping": stored(amounts.shipping_minor, currency), "tax": stored(amounts.tax_minor, currency), "restock": input.restock,
            "reason": input.reason.trim()}),
    )
    .await?;
    Ok(Refund {
        id: refund_id,
        lines: input.lines.clone(),
        shipping: stored(amounts.shipping_minor, currency),
        tax: stored(amounts.tax_minor, currency),
        amount: stored(amounts.total_minor, currency),
        restock: input.restock,
        reason: input.reason.trim().to_owned(),
        created_at: now,
    })
}

/// Refunds lines and shipping of a paid order; the shopper is told when the store sends refund
/// notices (`mail`).
pub async fn refund(
    db: &AnyPool,
    mail: &MailSetup,
    user_id: &str,
    id: &str,
    input: &RefundInput,
) -> Result<(), ApiError> {
    let store_id = mail.store_id.as_str();
    let mut tx = crate::db::begin_write(db).await?;
    let row = for_change(&mut tx, store_id, id).await?;
    if row.cancelled_at.is_some() {
        return Err(ApiError::Conflict(
            "This order is cancelled; its money went back then.".to_owned(),
        ));
    }
    let actor = actor_name(&mut tx, user_id).await?;
    let refund = refund_in(&mut tx, store_id, &actor, &row, input, None).await?;
    queue_mail(&mut tx, mail, OrderMailKind::Refund, id, Some(&refund)).await?;
    tx.commit().await?;
    Ok(())
}

/// Cancels an order nothing of which has shipped: a paid one is refunded in full, a pending one
/// is voided; its lines go back in stock when asked. The shopper is told when the store sends
/// cancellation notices (`mail`).
pub async fn cancel(
    db: &AnyPool,
    mail: &MailSetup,
    user_id: &str,
    id: &str,
    input: &CancelInput,
) -> Result<(), ApiError> {
    let store_id = mail.store_id.as_str();
    if input.reason.trim().chars().count() > rules::REASON_MAX {
        return Err(ApiError::Invalid(vec![format!(
            "A reason is at most {} characters.",
            rules::REASON_MAX
        )]));
    }
    let mut tx = crate::db::begin_write(db).await?;
    let row = for_change(&mut tx, store_id, id).await?;
    let state = state(&mut tx, &row).await?;
    rules::check_cancel(&state).map_err(ApiError::Conflict)?;
    let actor = actor_name(&mut tx, user_id).await?;
    let now = now_ms();
    let refunded = if matches!(row.financial_status.as_str(), "paid" | "partially_refunded")
        && row.grand_total_minor > row.refunded_minor
    {
        let refund = rules::cancel_refund(&state, input.restock, &input.reason);
        refund_in(&mut tx, store_id, &actor, &row, &refund, Some(now))
            .await?
            .amount
    } else {
        // Nothing was taken (pending) or all went back already: the order is closed as it is.
        let lines = stored_lines(&row.line_items);
        let financial = if row.financial_status == "pending" {
            "voided"
        } else {
            row.financial_status.as_str()
        };
        save(
            &mut tx,
            store_id,
            &row,
            &lines,
            &Changes {
                financial_status: financial.to_owned(),
                refunded_minor: row.refunded_minor,
                cancelled_at: Some(now),
            },
        )
        .await?;
        if input.restock {
            let all: Vec<(usize, i64)> = lines
                .iter()
                .enumerate()
                .map(|(i, l)| (i, l.quantity - l.refunded_quantity))
                .filter(|(_, q)| *q > 0)
                .collect();
            restock(&mut tx, store_id, &lines, &all).await?;
        }
        stored(0, currency_or_default(&row.currency))
    };
    event(
        &mut tx,
        store_id,
        id,
        &actor,
        "cancelled",
        json!({"refunded": refunded, "restock": input.restock, "reason": input.reason.trim()}),
    )
    .await?;
    queue_mail(&mut tx, mail, OrderMailKind::Cancellation, id, None).await?;
    tx.commit().await?;
    Ok(())
}

/// The line column of an order or a draft, from priced lines: `{productId, variantId, title, quantity, priceMinor}`,
/// `taxMinor` when `taxes` gives the lines' taxes (an order) and, on a personalized line,
/// `personalization: [{label, value}]`.
pub fn lines_column(lines: &[Line], taxes: &[i64]) -> String {
    Value::Array(
        lines
            .iter()
            .enumerate()
            .map(|(at, l)| {
                let mut line = json!({"productId": l.product_id, "variantId": if l.variant_id.is_empty() { Value::Null } else { json!(l.variant_id) },
                       "title": l.title, "variantTitle": l.variant_title,
                       "quantity": l.quantity, "priceMinor": l.price_minor});
                if let Some(tax) = taxes.get(at) {
                    line["taxMinor"] = json!(tax);
                }
                if !l.personalization.is_empty() {
                    line["personalization"] = json!(
                        l.personalization
                            .iter()
                            .map(|f| f.shown())
                            .collect::<Vec<_>>()
                    );
                }
                line
            })
            .collect(),
    )
    .to_string()
}

/// Queues the e-mail of `kind` about order `order_id` of the store, as `conn`'s transaction
/// reads it now, when the store sends that kind: to the shopper, or for a new order to the
/// owner and to each member who holds `orders` and asked for it. Returns how many were queued.
pub async fn queue_mail(
    conn: &mut AnyConnection,
    setup: &MailSetup,
    kind: OrderMailKind,
    order_id: &str,
    refund: Option<&Refund>,
) -> Result<usize, ApiError> {
    if !setup.sends(kind) {
        return Ok(0);
    }
    let store_id = setup.store_id.as_str();
    let Some(row) = find_row(&mut *conn, store_id, order_id).await? else {
        return Ok(0);
    };
    let order = order(&row);
    let recipients = if kind == OrderMailKind::NewOrder {
        alert_recipients(&mut *conn, store_id).await?
    } else if row.customer_email.trim().is_empty() {
        Vec::new()
    } else {
        vec![row.customer_email.clone()]
    };
    if recipients.is_empty() {
        return Ok(0);
    }
    let status = super::checkout::placed_here(&mut *conn, store_id, order_id)
        .await?
        .then(|| setup.status_url(order_id));
    let mail = setup.render(kind, &order, refund, status.as_deref());
    for to in &recipients {
        outbox::queue(
            &mut *conn,
            &Mail {
                to: to.clone(),
                subject: mail.subject.clone(),
                body: mail.text.clone(),
                html: Some(mail.html.clone()),
            },
        )
        .await?;
    }
    if kind != OrderMailKind::NewOrder {
        let about = match kind {
            OrderMailKind::Confirmation => "confirmation",
            OrderMailKind::Refund => "refund",
            _ => "cancellation",
        };
        event(
            &mut *conn,
            store_id,
            order_id,
            "",
            "emailSent",
            serde_json::json!({"to": row.customer_email, "about": about}),
        )
        .await?;
    }
    Ok(recipients.len())
}

/// The addresses a new order of the store alerts: its owner's, and those of its staff who hold
/// `orders` and asked for the alert.
async fn alert_recipients(
    conn: &mut AnyConnection,
    store_id: &str,
) -> Result<Vec<String>, ApiError> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT u.email, m.role, m.scopes FROM store_members m JOIN users u ON u.id = m.user_id \
         WHERE m.store_id = $1 AND (m.role = 'owner' OR m.order_alerts = 1) ORDER BY m.created_at, u.email",
    )
    .bind(store_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .filter(|(_, role, scopes)| {
            core_wasm::shell::menu::may_open(
                "website.orders",
                &core_wasm::shell::permissions::member_scopes(role, scopes),
            )
        })
        .map(|(email, _, _)| email)
        .collect())
}
