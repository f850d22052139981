//! Checkout drafts in the database: saved by the storefront's checkout page, closed by the
//! order they become; and the abandoned ones, not completed within
//! the core's grace period after their last change (or abandoned before they were completed),
//! as the admin lists and opens them.

use shared_types::catalog::AbandonedCheckout;
use sqlx::{AnyConnection, AnyPool};

use super::new_id;
use crate::db::contains_pattern;

/// What the list asks for: drafts last changed at or before `cutoff` (the end of the grace
/// period), started in `[start, end)` (`-1` for any day), whose e-mail or name holds `search`.
#[derive(Debug)]
pub struct AbandonedFilter<'a> {
    pub cutoff: i64,
    pub start: i64,
    pub end: i64,
    pub search: &'a str,
}

/// Abandoned: open and unchanged for the grace period ($2 is the latest last change that
/// counts), or known to have been abandoned before it was completed.
const FILTER: &str = "store_id = $1 AND ((completed_at IS NULL AND updated_at <= $2) OR abandoned_at IS NOT NULL) \
    AND ($3 = -1 OR (created_at >= $3 AND created_at < $4)) \
    AND ($5 = '' OR LOWER(COALESCE(email, '')) LIKE $6 ESCAPE '!' OR LOWER(COALESCE(customer_name, '')) LIKE $6 ESCAPE '!')";

const COLUMNS: &str = "id, token, email, customer_name, created_at, updated_at, currency, subtotal_minor, item_count, \
    completed_at, order_id, line_items";

type Row = (
    String,
    String,
    Option<String>,
    Option<String>,
    i64,
    i64,
    String,
    i64,
    i64,
    Option<i64>,
    Option<String>,
    String,
);

fn checkout(row: Row, base: &str) -> AbandonedCheckout {
    let (
        id,
        token,
        email,
        customer_name,
        created_at,
        updated_at,
        currency,
        subtotal,
        item_count,
        completed_at,
        order_id,
        line_items,
    ) = row;
    let money_unit = core_wasm::formats::currency_or_default(&currency);
    let compact: String = id.chars().filter(char::is_ascii_alphanumeric).collect();
    let tail = &compact[compact.len().saturating_sub(8)..];
    AbandonedCheckout {
        reference: format!("#{}", tail.to_uppercase()),
        id,
        email,
        customer_name,
        created_date: created_at,
        updated_date: updated_at,
        currency,
        subtotal: core_wasm::money::stored(subtotal, money_unit),
        item_count,
        status: if completed_at.is_some() {
            "recovered"
        } else {
            "notRecovered"
        }
        .to_owned(),
        order_id,
        line_items: crate::db::orders::line_items(&line_items, money_unit),
        recovery_url: format!("{base}/checkout?recover={token}"),
    }
}

/// One page of the store's abandoned checkouts, newest first, with their recovery links under
/// `base`, and how many match in all.
pub async fn list(
    db: &AnyPool,
    store_id: &str,
    filter: &AbandonedFilter<'_>,
    base: &str,
    limit: i64,
    offset: i64,
) -> Result<(Vec<AbandonedCheckout>, i64), sqlx::Error> {
    let search = filter.search.trim().to_lowercase();
    let pattern = contains_pattern(&search);
    let sql = format!(
        "SELECT {COLUMNS} FROM checkout_drafts WHERE {FILTER} ORDER BY created_at DESC, id DESC LIMIT $7 OFFSET $8"
    );
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(filter.cutoff)
        .bind(filter.start)
        .bind(filter.end)
        .bind(&search)
        .bind(&pattern)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
    let (total,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM checkout_drafts WHERE {FILTER}"
    )))
    .bind(store_id)
    .bind(filter.cutoff)
    .bind(filter.start)
    .bind(filter.end)
    .bind(&search)
    .bind(&pattern)
    .fetch_one(db)
    .await?;
    Ok((rows.into_iter().map(|r| checkout(r, base)).collect(), total))
}

/// Checkout `id` of the store if it was abandoned by `cutoff`.
pub async fn by_id(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    cutoff: i64,
    base: &str,
) -> Result<Option<AbandonedCheckout>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM checkout_drafts WHERE {FILTER} AND id = $7");
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(cutoff)
        .bind(-1_i64)
        .bind(-1_i64)
        .bind("")
        .bind("%%")
        .bind(id)
        .fetch_optional(db)
        .await?;
    Ok(row.map(|r| checkout(r, base)))
}

/// A checkout draft as the storefront's checkout page saves it.
#[derive(Debug, Clone)]
pub struct Draft<'a> {
    pub store_id: &'a str,
    /// The browser's random token.
    pub token: &'a str,
    pub email: Option<&'a str>,
    pub name: Option<&'a str>,
    pub currency: &'a str,
    /// The priced lines (JSON text).
    pub line_items: &'a str,
    pub item_count: i64,
    pub subtotal_minor: i64,
}

/// Creates or updates the draft of the browser's token at `now`; a draft left `grace` ms
/// unchanged before this save is marked abandoned then. A completed draft is not reopened:
/// `false` then, and nothing changes.
pub async fn save_draft(
    db: &AnyPool,
    draft: &Draft<'_>,
    now: i64,
    grace: i64,
) -> Result<bool, sqlx::Error> {
    let saved: Option<(String,)> = sqlx::query_as(
        "INSERT INTO checkout_drafts (id, store_id, token, email, customer_name, currency, line_items, item_count, \
         subtotal_minor, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) \
         ON CONFLICT (store_id, token) DO UPDATE SET \
         email = COALESCE(excluded.email, checkout_drafts.email), \
         customer_name = COALESCE(excluded.customer_name, checkout_drafts.customer_name), \
         currency = excluded.currency, line_items = excluded.line_items, item_count = excluded.item_count, \
         subtotal_minor = excluded.subtotal_minor, updated_at = excluded.updated_at, \
         abandoned_at = COALESCE(checkout_drafts.abandoned_at, \
           CASE WHEN checkout_drafts.updated_at + $11 <= excluded.updated_at THEN checkout_drafts.updated_at + $11 END) \
         WHERE checkout_drafts.completed_at IS NULL RETURNING id",
    )
    .bind(new_id())
    .bind(draft.store_id)
    .bind(draft.token)
    .bind(draft.email)
    .bind(draft.name)
    .bind(draft.currency)
    .bind(draft.line_items)
    .bind(draft.item_count)
    .bind(draft.subtotal_minor)
    .bind(now)
    .bind(grace)
    .fetch_optional(db)
    .await?;
    Ok(saved.is_some())
}

/// The e-mail, name and stored lines of the store's open (not completed) draft `token`.
pub async fn open_draft(
    db: &AnyPool,
    store_id: &str,
    token: &str,
) -> Result<Option<(Option<String>, Option<String>, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT email, customer_name, line_items FROM checkout_drafts \
         WHERE store_id = $1 AND token = $2 AND completed_at IS NULL",
    )
    .bind(store_id)
    .bind(token)
    .fetch_optional(db)
    .await
}

/// Closes the browser's draft when its order is placed, in the order's transaction: completed,
/// with the order and the contact details of the order. A draft already past the grace period
/// keeps that it was abandoned, so it is listed as recovered.
pub async fn close_draft(
    conn: &mut AnyConnection,
    store_id: &str,
    token: &str,
    order_id: &str,
    email: &str,
    name: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE checkout_drafts SET completed_at = $1, order_id = $2, email = $3, customer_name = $4, \
         abandoned_at = COALESCE(abandoned_at, CASE WHEN updated_at + $5 <= $1 THEN updated_at + $5 END) \
         WHERE store_id = $6 AND token = $7 AND completed_at IS NULL",
    )
    .bind(now)
    .bind(order_id)
    .bind(email)
    .bind(name)
    .bind(core_wasm::limits::CHECKOUT_ABANDONED_AFTER_MS)
    .bind(store_id)
    .bind(token)
    .execute(conn)
    .await?;
    Ok(())
}
