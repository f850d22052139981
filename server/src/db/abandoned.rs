//! Abandoned checkouts in the database: the storefront's checkout drafts not completed within
//! the core's grace period after their last change (or abandoned before they were completed),
//! as the admin lists and opens them.

use core_wasm::catalog as rules;
use shared_types::catalog::AbandonedCheckout;
use sqlx::AnyPool;

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
        subtotal: rules::minor_to_money(subtotal),
        item_count,
        status: if completed_at.is_some() {
            "recovered"
        } else {
            "notRecovered"
        }
        .to_owned(),
        order_id,
        line_items: crate::db::orders::line_items(&line_items),
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
