//! Balance and payouts (shell.md §7): the balance from paid orders, fees and payouts; payout
//! cards (only brand and last four digits are kept); payout settings; payout requests with
//! idempotency keys, serialized per store so the balance can never be overdrawn.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::Datelike;
use core_wasm::payouts::{self, PayoutError};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use shared_types::{
    ApiErrorBody, Balance, CardUpdate, MessageResponse, NewCard, PayoutCard, PayoutConfig,
    PayoutConfigInput, PayoutRequest, PayoutRequestInput, PayoutRequestPage,
};
use sqlx::{Any, AnyPool, Transaction};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes::Payouts};
use crate::db::{self, new_id, now_ms, rfc3339};
use crate::error::{ApiError, Json, Query};
use crate::paging;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(balance))
        .routes(routes!(list_cards, add_card))
        .routes(routes!(update_card, delete_card))
        .routes(routes!(get_config, create_config))
        .routes(routes!(update_config))
        .routes(routes!(request_payout))
        .routes(routes!(list_requests))
}

fn invalid(error: PayoutError) -> ApiError {
    ApiError::Invalid(vec![error.to_string()])
}

/// The store's money in minor units: (gross paid sales less refunds, paid orders, pending
/// payouts, paid payouts). Test orders took no money, so they are not in it.
async fn ledger(
    db: &mut sqlx::AnyConnection,
    store_id: &str,
) -> Result<(i64, i64, i64, i64), ApiError> {
    // The sales ledger: captured orders less refunds; an order counts (for the per-order fee)
    // while it is not fully refunded.
    let (gross, orders): (i64, i64) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT CAST(COALESCE(SUM(sales), 0) AS BIGINT), CAST(COALESCE(SUM(orders), 0) AS BIGINT) FROM ({}) AS s",
        crate::analytics::rollup::ledger_sql("store_id = $1", 0, 1)
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

/// What the store may pay out now, in minor units.
pub async fn available(db: &AnyPool, store_id: &str) -> Result<i64, ApiError> {
    let (gross, orders, pending, paid) = ledger(&mut *db.acquire().await?, store_id).await?;
    Ok(payouts::available_minor(gross, orders, pending + paid))
}

/// The balance available to pay out, and how it is made.
#[utoipa::path(get, path = "/stores/payout/v2/balance", tag = "payouts", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Balance), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn balance(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
) -> Result<Json<Balance>, ApiError> {
    let (gross, orders, pending, paid) =
        ledger(&mut *state.db.acquire().await?, &access.store_id).await?;
    let fees = payouts::fees_minor(gross, orders);
    Ok(Json(Balance {
        available_to_payout: payouts::to_major(payouts::available_minor(
            gross,
            orders,
            pending + paid,
        )),
        earned: payouts::to_major(gross - fees),
        fees: payouts::to_major(fees),
        pending_payouts: payouts::to_major(pending),
        paid_payouts: payouts::to_major(paid),
        currency: crate::db::store_currency(&state.db, &access.store_id).await?,
    }))
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

const CARD_COLUMNS: &str =
    "SELECT id, holder, brand, last4, exp_month, exp_year, is_default FROM payout_cards";

async fn find_card(db: &AnyPool, store_id: &str, id: &str) -> Result<PayoutCard, ApiError> {
    let sql = format!("{CARD_COLUMNS} WHERE id = $1 AND store_id = $2");
    let row: CardRow = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(store_id)
        .fetch_optional(db)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(card(row))
}

fn this_month() -> (u32, u32) {
    let now = chrono::Utc::now();
    (u32::try_from(now.year()).unwrap_or(0), now.month())
}

/// The store's payout cards.
#[utoipa::path(get, path = "/stores/payout/card/", tag = "payouts", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<PayoutCard>), (status = 403, body = ApiErrorBody)))]
async fn list_cards(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
) -> Result<Json<Vec<PayoutCard>>, ApiError> {
    let sql = format!("{CARD_COLUMNS} WHERE store_id = $1 ORDER BY created_at, id");
    let rows: Vec<CardRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(&access.store_id)
        .fetch_all(&state.db)
        .await?;
    Ok(Json(rows.into_iter().map(card).collect()))
}

async fn clear_default(tx: &mut Transaction<'_, Any>, store_id: &str) -> Result<(), ApiError> {
    sqlx::query("UPDATE payout_cards SET is_default = 0 WHERE store_id = $1")
        .bind(store_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Adds a card: the number is checked (Luhn, length, expiry) and only its last four digits kept.
#[utoipa::path(post, path = "/stores/payout/card/", tag = "payouts", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = NewCard,
    responses((status = 201, body = PayoutCard), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody)))]
async fn add_card(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    Json(body): Json<NewCard>,
) -> Result<(StatusCode, Json<PayoutCard>), ApiError> {
    let checked = payouts::check_card(
        &body.holder,
        &body.number,
        body.exp_month,
        body.exp_year,
        this_month(),
    )
    .map_err(invalid)?;
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM payout_cards WHERE store_id = $1")
        .bind(&access.store_id)
        .fetch_one(&state.db)
        .await?;
    let is_default = body.is_default || count == 0;
    let id = new_id();
    let mut tx = crate::db::begin_write(&state.db).await?;
    if is_default {
        clear_default(&mut tx, &access.store_id).await?;
    }
    sqlx::query(
        "INSERT INTO payout_cards (id, store_id, holder, brand, last4, exp_month, exp_year, is_default, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&id)
    .bind(&access.store_id)
    .bind(&checked.holder)
    .bind(checked.brand)
    .bind(&checked.last4)
    .bind(i64::from(checked.exp_month))
    .bind(i64::from(checked.exp_year))
    .bind(i64::from(is_default))
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(find_card(&state.db, &access.store_id, &id).await?),
    ))
}

/// Changes a card's holder, expiry or default flag.
#[utoipa::path(patch, path = "/stores/payout/card/{id}", tag = "payouts", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "Card id")),
    request_body = CardUpdate,
    responses((status = 200, body = PayoutCard), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn update_card(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    Path(id): Path<String>,
    Json(body): Json<CardUpdate>,
) -> Result<Json<PayoutCard>, ApiError> {
    let current = find_card(&state.db, &access.store_id, &id).await?;
    let holder = body
        .holder
        .as_deref()
        .map(str::trim)
        .unwrap_or(&current.holder)
        .to_owned();
    if holder.is_empty() || holder.chars().count() > 100 {
        return Err(invalid(PayoutError::CardHolder));
    }
    let (month, year) = (
        body.exp_month.unwrap_or(current.exp_month),
        body.exp_year.unwrap_or(current.exp_year),
    );
    payouts::check_expiry(month, year, this_month()).map_err(invalid)?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    if body.is_default == Some(true) {
        clear_default(&mut tx, &access.store_id).await?;
    }
    let is_default = body.is_default.unwrap_or(current.is_default);
    sqlx::query("UPDATE payout_cards SET holder = $1, exp_month = $2, exp_year = $3, is_default = $4 WHERE id = $5 AND store_id = $6")
        .bind(&holder)
        .bind(i64::from(month))
        .bind(i64::from(year))
        .bind(i64::from(is_default))
        .bind(&id)
        .bind(&access.store_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Json(find_card(&state.db, &access.store_id, &id).await?))
}

/// Removes a card. Payouts that named it keep their record.
#[utoipa::path(delete, path = "/stores/payout/card/{id}", tag = "payouts", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "Card id")),
    responses((status = 200, body = MessageResponse), (status = 404, body = ApiErrorBody)))]
async fn delete_card(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    Path(id): Path<String>,
) -> Result<Json<MessageResponse>, ApiError> {
    db::delete_in_store(&state.db, "payout_cards", &id, &access.store_id).await?;
    Ok(Json(MessageResponse {
        message: "The card has been removed.".to_owned(),
    }))
}

type ConfigRow = (String, Option<String>, String, i64);

async fn read_config(db: &AnyPool, store_id: &str) -> Result<Option<PayoutConfig>, ApiError> {
    let row: Option<ConfigRow> = sqlx::query_as(
        "SELECT id, card_id, schedule, minimum_minor FROM payout_configs WHERE store_id = $1",
    )
    .bind(store_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(id, card_id, schedule, minimum)| PayoutConfig {
        id,
        card_id,
        schedule,
        minimum_amount: payouts::to_major(minimum),
    }))
}

/// Checks payout settings: a known schedule, a minimum that is money, a card of this store.
async fn checked_config(
    db: &AnyPool,
    store_id: &str,
    input: &PayoutConfigInput,
) -> Result<i64, ApiError> {
    if !["manual", "weekly"].contains(&input.schedule.as_str()) {
        return Err(ApiError::Invalid(vec![
            "The schedule is manual or weekly.".to_owned(),
        ]));
    }
    let minimum = payouts::payout_amount_minor(input.minimum_amount).map_err(invalid)?;
    if let Some(card_id) = &input.card_id {
        find_card(db, store_id, card_id)
            .await
            .map_err(|_| ApiError::Invalid(vec!["No such card.".to_owned()]))?;
    }
    Ok(minimum)
}

/// The store's payout settings (`null` before any are saved).
#[utoipa::path(get, path = "/stores/payout/config", tag = "payouts", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Option<PayoutConfig>), (status = 403, body = ApiErrorBody)))]
async fn get_config(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
) -> Result<Json<Option<PayoutConfig>>, ApiError> {
    Ok(Json(read_config(&state.db, &access.store_id).await?))
}

/// Saves the store's payout settings (one set per store; 409 when they exist: PATCH them).
#[utoipa::path(post, path = "/stores/payout/config", tag = "payouts", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = PayoutConfigInput,
    responses((status = 201, body = PayoutConfig), (status = 400, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn create_config(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    Json(body): Json<PayoutConfigInput>,
) -> Result<(StatusCode, Json<PayoutConfig>), ApiError> {
    let minimum = checked_config(&state.db, &access.store_id, &body).await?;
    let inserted = sqlx::query(
        "INSERT INTO payout_configs (id, store_id, card_id, schedule, minimum_minor, updated_at) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (store_id) DO NOTHING",
    )
    .bind(new_id())
    .bind(&access.store_id)
    .bind(&body.card_id)
    .bind(&body.schedule)
    .bind(minimum)
    .bind(now_ms())
    .execute(&state.db)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Err(ApiError::Conflict(
            "Payout settings exist already; change them instead.".to_owned(),
        ));
    }
    let config = read_config(&state.db, &access.store_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok((StatusCode::CREATED, Json(config)))
}

/// Changes the store's payout settings.
#[utoipa::path(patch, path = "/stores/payout/config/{id}", tag = "payouts", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "Settings id")),
    request_body = PayoutConfigInput,
    responses((status = 200, body = PayoutConfig), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn update_config(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    Path(id): Path<String>,
    Json(body): Json<PayoutConfigInput>,
) -> Result<Json<PayoutConfig>, ApiError> {
    let minimum = checked_config(&state.db, &access.store_id, &body).await?;
    let updated = sqlx::query(
        "UPDATE payout_configs SET card_id = $1, schedule = $2, minimum_minor = $3, updated_at = $4 WHERE id = $5 AND store_id = $6",
    )
    .bind(&body.card_id)
    .bind(&body.schedule)
    .bind(minimum)
    .bind(now_ms())
    .bind(&id)
    .bind(&access.store_id)
    .execute(&state.db)
    .await?
    .rows_affected();
    if updated == 0 {
        return Err(ApiError::NotFound);
    }
    Ok(Json(
        read_config(&state.db, &access.store_id)
            .await?
            .ok_or(ApiError::NotFound)?,
    ))
}

type RequestRow = (String, i64, Option<String>, String, i64);

fn request((id, amount, card_id, status, created_at): RequestRow) -> PayoutRequest {
    PayoutRequest {
        id,
        amount: payouts::to_major(amount),
        card_id,
        status,
        created_date: rfc3339(created_at),
    }
}

/// The longest idempotency key accepted.
const IDEMPOTENCY_KEY_MAX: usize = 200;

/// Asks for a payout. Needs an `Idempotency-Key` header: the same key with the same body gets
/// the first answer again, with another body 422; a key claimed without an answer (left by an
/// older server) 409. Requests of one store are serialized, so together they never exceed the
/// balance.
#[utoipa::path(post, path = "/stores/payout/v2/payout-request", tag = "payouts", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store"),
        ("Idempotency-Key" = String, Header, description = "A unique key per payout the user means")),
    request_body = PayoutRequestInput,
    responses((status = 201, body = PayoutRequest), (status = 400, body = ApiErrorBody), (status = 409, body = ApiErrorBody),
        (status = 422, body = ApiErrorBody), (status = 428, body = ApiErrorBody)))]
async fn request_payout(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    headers: HeaderMap,
    Json(body): Json<PayoutRequestInput>,
) -> Result<Response, ApiError> {
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|k| !k.is_empty() && k.len() <= IDEMPOTENCY_KEY_MAX)
        .ok_or_else(|| {
            ApiError::PreconditionRequired(
                "Send an Idempotency-Key header (at most 200 characters).".to_owned(),
            )
        })?
        .to_owned();
    let fingerprint = hex::encode(Sha256::digest(
        serde_json::to_string(&(body.amount, &body.card_id)).map_err(ApiError::internal)?,
    ));
    let checked = checked_request(&state.db, &access.store_id, &body).await;
    // The key, the payout and the answer kept for the key's retries are one transaction: a
    // server stopped at any moment leaves either all three or none, so a retry after a crash
    // is answered with the payout it made, or makes it.
    let mut tx = crate::db::begin_write(&state.db).await?;
    let claimed = sqlx::query(
        "INSERT INTO idempotency_keys (store_id, idem_key, request_hash, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (store_id, idem_key) DO NOTHING",
    )
    .bind(&access.store_id)
    .bind(&key)
    .bind(&fingerprint)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if claimed == 0 {
        let (hash, status, body): (String, Option<i64>, Option<String>) = sqlx::query_as(
            "SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE store_id = $1 AND idem_key = $2",
        )
        .bind(&access.store_id)
        .bind(&key)
        .fetch_one(&mut *tx)
        .await?;
        tx.rollback().await?;
        if hash != fingerprint {
            return Err(ApiError::Unprocessable(
                "This Idempotency-Key was used for another request.".to_owned(),
            ));
        }
        return match (status, body) {
            (Some(status), Some(body)) => Ok((
                StatusCode::from_u16(u16::try_from(status).unwrap_or(500))
                    .unwrap_or(StatusCode::OK),
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                body,
            )
                .into_response()),
            _ => Err(ApiError::Conflict(
                "A request with this Idempotency-Key is still being handled.".to_owned(),
            )),
        };
    }
    let outcome = match checked {
        Ok(amount) => create_request(&mut tx, &access, amount, &body).await,
        Err(error) => Err(error),
    };
    // A refusal is kept for the key like a payout; anything else (a database failure) rolls
    // the key back with the rest, so the same request can be retried.
    let (status, text) = match outcome {
        Ok(created) => (
            StatusCode::CREATED,
            serde_json::to_string(&created).map_err(ApiError::internal)?,
        ),
        Err(ApiError::Invalid(messages)) => (
            StatusCode::BAD_REQUEST,
            serde_json::to_string(&shared_types::ApiErrorBody { messages })
                .map_err(ApiError::internal)?,
        ),
        Err(other) => return Err(other),
    };
    sqlx::query("UPDATE idempotency_keys SET response_status = $1, response_body = $2 WHERE store_id = $3 AND idem_key = $4")
        .bind(i64::from(status.as_u16()))
        .bind(&text)
        .bind(&access.store_id)
        .bind(&key)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok((
        status,
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        text,
    )
        .into_response())
}

/// The amount of a payout request in minor units, once it is money and its card is the store's.
async fn checked_request(
    db: &AnyPool,
    store_id: &str,
    body: &PayoutRequestInput,
) -> Result<i64, ApiError> {
    let amount = payouts::payout_amount_minor(body.amount).map_err(invalid)?;
    if let Some(card_id) = &body.card_id {
        find_card(db, store_id, card_id)
            .await
            .map_err(|_| ApiError::Invalid(vec!["No such card.".to_owned()]))?;
    }
    Ok(amount)
}

/// Creates the payout request in `tx` if the balance covers it, after taking the store's payout
/// lock (a row update, which serializes concurrent requests on both databases).
async fn create_request(
    tx: &mut Transaction<'_, Any>,
    access: &StoreAccess<Payouts>,
    amount: i64,
    body: &PayoutRequestInput,
) -> Result<PayoutRequest, ApiError> {
    sqlx::query(
        "INSERT INTO payout_locks (store_id, counter) VALUES ($1, 1) \
         ON CONFLICT (store_id) DO UPDATE SET counter = payout_locks.counter + 1",
    )
    .bind(&access.store_id)
    .execute(&mut **tx)
    .await?;
    let (gross, orders, pending, paid) = ledger(tx, &access.store_id).await?;
    if amount > payouts::available_minor(gross, orders, pending + paid) {
        return Err(invalid(PayoutError::AmountOverBalance));
    }
    let id = new_id();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO payout_requests (id, store_id, amount_minor, card_id, status, created_by, created_at) \
         VALUES ($1, $2, $3, $4, 'pending', $5, $6)",
    )
    .bind(&id)
    .bind(&access.store_id)
    .bind(amount)
    .bind(&body.card_id)
    .bind(&access.user.user_id)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(request((
        id,
        amount,
        body.card_id.clone(),
        "pending".to_owned(),
        now,
    )))
}

#[derive(Debug, Deserialize, IntoParams)]
struct RequestQuery {
    page: Option<u32>,
    limit: Option<u32>,
    /// pending, paid or rejected.
    status: Option<String>,
}

/// The store's payout requests, newest first.
#[utoipa::path(get, path = "/stores/payout/request-payouts", tag = "payouts", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store"), RequestQuery),
    responses((status = 200, body = PayoutRequestPage), (status = 400, body = ApiErrorBody)))]
async fn list_requests(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    Query(query): Query<RequestQuery>,
) -> Result<Json<PayoutRequestPage>, ApiError> {
    let page = paging::page(query.page, query.limit, 10)?;
    let status = query.status.unwrap_or_default();
    if !["", "pending", "paid", "rejected"].contains(&status.as_str()) {
        return Err(ApiError::Invalid(vec![
            "status is pending, paid or rejected.".to_owned(),
        ]));
    }
    let (total,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM payout_requests WHERE store_id = $1 AND ($2 = '' OR status = $2)",
    )
    .bind(&access.store_id)
    .bind(&status)
    .fetch_one(&state.db)
    .await?;
    let rows: Vec<RequestRow> = sqlx::query_as(
        "SELECT id, amount_minor, card_id, status, created_at FROM payout_requests \
         WHERE store_id = $1 AND ($2 = '' OR status = $2) ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4",
    )
    .bind(&access.store_id)
    .bind(&status)
    .bind(page.limit)
    .bind(page.offset)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(PayoutRequestPage {
        requests: rows.into_iter().map(request).collect(),
        total: u32::try_from(total).unwrap_or(u32::MAX),
    }))
}
