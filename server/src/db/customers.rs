//! A store's customers in the database: the admin's paged list and export, one customer with
//! the orders they placed and what they spent, and the merchant's edit of what is kept about
//! them once the core has checked it.

use core_wasm::catalog::Paging;
use core_wasm::money::stored;
use shared_types::catalog::Customer;
use shared_types::commerce::CustomerInput;
use sqlx::AnyPool;

use crate::db::listing::{Search, Table};
use crate::error::ApiError;

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
    currency: String,
}

/// A customer's orders count every real order; what they spent is what they paid less refunds.
/// Test orders (no money was taken) count in neither.
const CUSTOMERS: Table<CustomerRow, Customer> = Table {
    columns: concat!(
        "c.id, c.email, c.first_name, c.last_name, c.phone, c.country, c.created_at, \
        c.notes, c.tags, c.addresses, \
        (SELECT COUNT(*) FROM orders o WHERE o.customer_id = c.id AND o.is_test = 0) AS orders_count, \
        (SELECT CAST(COALESCE(SUM(o.grand_total_minor - o.refunded_minor), 0) AS BIGINT) FROM orders o \
         WHERE o.customer_id = c.id AND o.is_test = 0 \
         AND o.financial_status IN ('paid', 'partially_refunded', 'refunded')) AS spent, ",
        crate::db::currency_column!("c.store_id")
    ),
    from: "customers c",
    show: customer,
};

/// Newest first.
const NEWEST: &str = "c.created_at DESC, c.id DESC";

/// The list's filter: the store, then words (lower-case, `$2`) in the e-mail or the full name.
const SEARCH: &str = "c.store_id = $1 AND ($2 = '' OR LOWER(c.email) LIKE $3 ESCAPE '!' \
    OR LOWER(COALESCE(c.first_name, '') || ' ' || COALESCE(c.last_name, '')) LIKE $3 ESCAPE '!')";

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
        total_spent: stored(
            row.spent,
            core_wasm::formats::currency_or_default(&row.currency),
        ),
        created_at: row.created_at,
        notes: row.notes,
        tags: serde_json::from_str(&row.tags).unwrap_or_default(),
        addresses: serde_json::from_str(&row.addresses).unwrap_or_default(),
    }
}

/// One page of the store's customers, newest first, whose name or e-mail holds `search`, and
/// how many match in all.
pub async fn list(
    db: &AnyPool,
    store_id: &str,
    search: &str,
    paging: Paging,
) -> Result<(Vec<Customer>, i64), sqlx::Error> {
    let search = Search::new(search);
    let binds = [store_id.into(), search.words(), search.pattern()];
    CUSTOMERS
        .select(SEARCH, &binds)
        .order_by(NEWEST)
        .page(db, paging)
        .await
}

/// The store's first `max` customers, newest first (the export).
pub async fn all(db: &AnyPool, store_id: &str, max: i64) -> Result<Vec<Customer>, sqlx::Error> {
    let binds = [store_id.into()];
    CUSTOMERS
        .select("c.store_id = $1", &binds)
        .order_by(NEWEST)
        .first(db, max)
        .await
}

/// Customer `id` of the store, if any.
pub async fn by_id(
    db: &AnyPool,
    store_id: &str,
    id: &str,
) -> Result<Option<Customer>, sqlx::Error> {
    CUSTOMERS.by_id(db, store_id, id).await
}

/// Replaces what the store keeps about customer `id` with `input` (checked and normalized by
/// the core). 409 when another customer of the store has the e-mail, 404 when there is no such
/// customer; nothing is written then.
pub async fn save(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    input: &CustomerInput,
) -> Result<(), ApiError> {
    let optional = |s: &str| (!s.is_empty()).then(|| s.to_owned());
    let mut tx = crate::db::begin_write(db).await?;
    let taken: Option<(String,)> =
        sqlx::query_as("SELECT id FROM customers WHERE store_id = $1 AND email = $2 AND id <> $3")
            .bind(store_id)
            .bind(&input.email)
            .bind(id)
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
    .bind(store_id)
    .bind(id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed == 0 {
        return Err(ApiError::NotFound);
    }
    tx.commit().await?;
    Ok(())
}
