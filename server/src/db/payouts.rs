//! Balance and payouts in the database: the store's ledger, payout cards (brand and last four
//! digits only), payout settings, payout requests and the idempotency keys that answer their
//! retries. Requests of one store are serialized by a row of `payout_locks`.

use core_wasm::formats::currency_or_default;
use core_wasm::money::stored;
use core_wasm::payouts::CheckedCard;
use shared_types::{PayoutCard, PayoutConfig, PayoutRequest};
use sqlx::{AnyConnection, AnyPool};

use crate::db::{new_id, now_ms, rfc3339};

/// The store's money in minor units: (gross paid sales less refunds, paid orders, pending
/// payouts, paid payouts). Test orders took no money, so they are not in it.
pub async fn ledger(
    db: &mut AnyConnection,
    store_id: &str,
) -> Result<(i64, i64, i64, i64), sqlx::Error> {
    // The sales ledger: captured orders less refunds; an order counts (for the per-order fee)
    // while it is not fully refunded.
    let (gross, orders): (i64, i64) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT CAST(COALESCE(SUM(sales), 0) AS BIGINT), CAST(COALESCE(SUM(orders), 0) AS BIGINT) FROM ({}) AS s",
        crate::db::rollups::ledger_sql("store_id = $1", 0, 1)
    )))
    .bind(store_id)
    .fetch_one(&mut *db)
    .await?;
    let (pending, paid): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(CASE WHEN status = 'pending' THEN amount_minor ELSE 0 END), 0) AS BIGINT), \
                CAST(COALESCE(SUM(CASE WHEN status = 'paid' THEN amount_minor ELSE 0 END), 0) AS BIGINT) \
         FROM payout_requests WHERE store_id = $1",
    )
    .bind(store_id)
    .fetch_one(db)
    .await?;
    Ok((gross, orders, pending, paid))
}

/// The tax in the store's captured real orders, less the tax their refunds gave back (minor
/// units).
pub async fn taxes_collected(db: &mut AnyConnection, store_id: &str) -> Result<i64, sqlx::Error> {
    let (collected,): (i64,) = sqlx::query_as(
        "SELECT CAST(COALESCE((SELECT SUM(tax_minor) FROM orders WHERE store_id = $1 AND is_test = 0 \
           AND captured_at IS NOT NULL AND financial_status IN ('paid', 'partially_refunded', 'refunded')), 0) \
         - COALESCE((SELECT SUM(tax_minor) FROM order_refunds WHERE store_id = $1 AND is_test = 0), 0) AS BIGINT)",
    )
    .bind(store_id)
    .fetch_one(db)
    .await?;
    Ok(collected)
}

type CardRow = (String, String, String, String, i64, i64, i64);

fn card((id, holder, brand, last4, exp_month, exp_year, is_default): CardRow) -> PayoutCard {
    PayoutCard {
        id,
        holder,
        brand,
        masked_number: format!("•••• {last4}"),
        exp_month: u32::try_from(exp_month).unwrap_or(0),
        exp_year: u32::try_from(exp_year).unwrap_or(0),
        is_default: is_default == 1,
    }
}

const CARD_SELECT: &str =
    "SELECT id, holder, brand, last4, exp_month, exp_year, is_default FROM payout_cards";

/// Card `id` of the store, if any.
pub async fn card_by_id(
    db: &AnyPool,
    store_id: &str,
    id: &str,
) -> Result<Option<PayoutCard>, sqlx::Error> {
    let sql = format!("{CARD_SELECT} WHERE id = $1 AND store_id = $2");
    let row: Option<CardRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(store_id)
        .fetch_optional(db)
        .await?;
    Ok(row.map(card))
}

/// The store's cards, oldest first.
pub async fn cards(db: &AnyPool, store_id: &str) -> Result<Vec<PayoutCard>, sqlx::Error> {
    let sql = format!("{CARD_SELECT} WHERE store_id = $1 ORDER BY created_at, id");
    let rows: Vec<CardRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().map(card).collect())
}

async fn clear_default(conn: &mut AnyConnection, store_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE payout_cards SET is_default = 0 WHERE store_id = $1")
        .bind(store_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Adds a checked card as `id`; it becomes the default when asked or when it is the store's
/// first, the others then losing the flag.
pub async fn add_card(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    checked: &CheckedCard,
    default: bool,
) -> Result<(), sqlx::Error> {
    let mut tx = crate::db::begin_write(db).await?;
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM payout_cards WHERE store_id = $1")
        .bind(store_id)
        .fetch_one(&mut *tx)
        .await?;
    let is_default = default || count == 0;
    if is_default {
        clear_default(&mut tx, store_id).await?;
    }
    sqlx::query(
        "INSERT INTO payout_cards (id, store_id, holder, brand, last4, exp_month, exp_year, is_default, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(id)
    .bind(store_id)
    .bind(&checked.holder)
    .bind(checked.brand)
    .bind(&checked.last4)
    .bind(i64::from(checked.exp_month))
    .bind(i64::from(checked.exp_year))
    .bind(i64::from(is_default))
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// Writes a card's holder, expiry and default flag (the others lose the flag when it is set).
pub async fn update_card(
    db: &AnyPool,
    store_id: &str,
    card: &PayoutCard,
) -> Result<(), sqlx::Error> {
    let mut tx = crate::db::begin_write(db).await?;
    if card.is_default {
        clear_default(&mut tx, store_id).await?;
    }
    sqlx::query("UPDATE payout_cards SET holder = $1, exp_month = $2, exp_year = $3, is_default = $4 WHERE id = $5 AND store_id = $6")
        .bind(&card.holder)
        .bind(i64::from(card.exp_month))
        .bind(i64::from(card.exp_year))
        .bind(i64::from(card.is_default))
        .bind(&card.id)
        .bind(store_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

/// The store's payout settings, if saved.
pub async fn config(db: &AnyPool, store_id: &str) -> Result<Option<PayoutConfig>, sqlx::Error> {
    let row: Option<(String, Option<String>, String, i64, String)> = sqlx::query_as(concat!(
        "SELECT id, card_id, schedule, minimum_minor, ",
        super::currency_column!("payout_configs.store_id"),
        " FROM payout_configs WHERE store_id = $1"
    ))
    .bind(store_id)
    .fetch_optional(db)
    .await?;
    Ok(
        row.map(|(id, card_id, schedule, minimum, currency)| PayoutConfig {
            id,
            card_id,
            schedule,
            minimum_amount: stored(minimum, currency_or_default(&currency)),
        }),
    )
}

/// Saves the store's first payout settings; false when it has some already.
pub async fn insert_config(
    db: &AnyPool,
    store_id: &str,
    card_id: Option<&str>,
    schedule: &str,
    minimum_minor: i64,
) -> Result<bool, sqlx::Error> {
    let inserted = sqlx::query(
        "INSERT INTO payout_configs (id, store_id, card_id, schedule, minimum_minor, updated_at) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (store_id) DO NOTHING",
    )
    .bind(new_id())
    .bind(store_id)
    .bind(card_id)
    .bind(schedule)
    .bind(minimum_minor)
    .bind(now_ms())
    .execute(db)
    .await?
    .rows_affected();
    Ok(inserted > 0)
}

/// Changes the store's payout settings `id`; false when there are none of that id.
pub async fn update_config(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    card_id: Option<&str>,
    schedule: &str,
    minimum_minor: i64,
) -> Result<bool, sqlx::Error> {
    let updated = sqlx::query(
        "UPDATE payout_configs SET card_id = $1, schedule = $2, minimum_minor = $3, updated_at = $4 WHERE id = $5 AND store_id = $6",
    )
    .bind(card_id)
    .bind(schedule)
    .bind(minimum_minor)
    .bind(now_ms())
    .bind(id)
    .bind(store_id)
    .execute(db)
    .await?
    .rows_affected();
    Ok(updated > 0)
}

/// What an idempotency key holds: the fingerprint of its request and, once answered, the
/// answer's status and body.
pub type KeptAnswer = (String, Option<i64>, Option<String>);

/// Claims `key` for a request with `fingerprint` in the caller's transaction; when another
/// request claimed it first, what that one kept.
pub async fn claim_key(
    conn: &mut AnyConnection,
    store_id: &str,
    key: &str,
    fingerprint: &str,
) -> Result<Option<KeptAnswer>, sqlx::Error> {
    let claimed = sqlx::query(
        "INSERT INTO idempotency_keys (store_id, idem_key, request_hash, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (store_id, idem_key) DO NOTHING",
    )
    .bind(store_id)
    .bind(key)
    .bind(fingerprint)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if claimed > 0 {
        return Ok(None);
    }
    let kept: KeptAnswer = sqlx::query_as(
        "SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE store_id = $1 AND idem_key = $2",
    )
    .bind(store_id)
    .bind(key)
    .fetch_one(conn)
    .await?;
    Ok(Some(kept))
}

/// Keeps the answer to `key`'s request, for its retries (in the claim's transaction).
pub async fn keep_answer(
    conn: &mut AnyConnection,
    store_id: &str,
    key: &str,
    status: u16,
    body: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE idempotency_keys SET response_status = $1, response_body = $2 WHERE store_id = $3 AND idem_key = $4")
        .bind(i64::from(status))
        .bind(body)
        .bind(store_id)
        .bind(key)
        .execute(conn)
        .await?;
    Ok(())
}

/// Takes the store's payout lock for the rest of the caller's transaction (a row update, which
/// serializes concurrent requests on both databases).
pub async fn lock(conn: &mut AnyConnection, store_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO payout_locks (store_id, counter) VALUES ($1, 1) \
         ON CONFLICT (store_id) DO UPDATE SET counter = payout_locks.counter + 1",
    )
    .bind(store_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Writes a pending payout request of `amount` minor units (in the caller's transaction).
pub async fn insert_request(
    conn: &mut AnyConnection,
    store_id: &str,
    user_id: &str,
    amount: i64,
    card_id: Option<&str>,
) -> Result<PayoutRequest, sqlx::Error> {
    let id = new_id();
    let now = now_ms();
    let currency = super::store_currency(&mut *conn, store_id).await?;
    sqlx::query(
        "INSERT INTO payout_requests (id, store_id, amount_minor, card_id, status, created_by, created_at) \
         VALUES ($1, $2, $3, $4, 'pending', $5, $6)",
    )
    .bind(&id)
    .bind(store_id)
    .bind(amount)
    .bind(card_id)
    .bind(user_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(request((
        id,
        amount,
        card_id.map(str::to_owned),
        "pending".to_owned(),
        now,
        currency,
    )))
}

/// A payout request's columns, its store's currency last.
type RequestRow = (String, i64, Option<String>, String, i64, String);

fn request((id, amount, card_id, status, created_at, currency): RequestRow) -> PayoutRequest {
    PayoutRequest {
        id,
        amount: stored(amount, currency_or_default(&currency)),
        card_id,
        status,
        created_date: rfc3339(created_at),
    }
}

/// One page of the store's payout requests in `status` (any when empty), newest first, and how
/// many there are.
pub async fn requests(
    db: &AnyPool,
    store_id: &str,
    status: &str,
    limit: u32,
    offset: i64,
) -> Result<(Vec<PayoutRequest>, i64), sqlx::Error> {
    let (total,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM payout_requests WHERE store_id = $1 AND ($2 = '' OR status = $2)",
    )
    .bind(store_id)
    .bind(status)
    .fetch_one(db)
    .await?;
    let rows: Vec<RequestRow> = sqlx::query_as(concat!(
        "SELECT id, amount_minor, card_id, status, created_at, ",
        super::currency_column!("payout_requests.store_id"),
        " FROM payout_requests \
         WHERE store_id = $1 AND ($2 = '' OR status = $2) ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(store_id)
    .bind(status)
    .bind(i64::from(limit))
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok((rows.into_iter().map(request).collect(), total))
}

/// Settles pending payout request `id` as `outcome` (in the caller's transaction): the store
/// that asked for it, the request as it is now, and whether this call settled it (false when
/// it was settled before). `None` for no such request.
pub async fn settle(
    conn: &mut AnyConnection,
    id: &str,
    outcome: &str,
    now: i64,
) -> Result<Option<(String, PayoutRequest, i64, bool)>, sqlx::Error> {
    let settled = sqlx::query(
        "UPDATE payout_requests SET status = $1, settled_at = $2 WHERE id = $3 AND status = 'pending'",
    )
    .bind(outcome)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    let row: Option<(String, i64, Option<String>, String, i64, String)> = sqlx::query_as(concat!(
        "SELECT store_id, amount_minor, card_id, status, created_at, ",
        super::currency_column!("payout_requests.store_id"),
        " FROM payout_requests WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(
        |(store_id, amount, card_id, status, created_at, currency)| {
            let request = request((id.to_owned(), amount, card_id, status, created_at, currency));
            (store_id, request, amount, settled > 0)
        },
    ))
}
