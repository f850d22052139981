//! Balance and payouts (shell.md §7): the balance from paid orders, fees and payouts; payout
//! cards (only brand and last four digits are kept); payout settings; payout requests with
//! idempotency keys, serialized per store so the balance can never be overdrawn.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::Datelike;
use core_wasm::formats::currency_or_default;
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
use crate::db::payouts as payouts_db;
use crate::db::{self, new_id};
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

/// What the store may pay out now, in minor units.
pub async fn available(db: &AnyPool, store_id: &str) -> Result<i64, ApiError> {
    let (gross, orders, pending, paid) =
        payouts_db::ledger(&mut *db.acquire().await?, store_id).await?;
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
    let mut conn = state.db.acquire().await?;
    let (gross, orders, pending, paid) = payouts_db::ledger(&mut conn, &access.store_id).await?;
    let taxes = payouts_db::taxes_collected(&mut conn, &access.store_id).await?;
    drop(conn);
    let fees = payouts::fees_minor(gross, orders);
    let currency = crate::db::store_currency(&state.db, &access.store_id).await?;
    let money = |minor| core_wasm::money::stored(minor, currency_or_default(&currency));
    Ok(Json(Balance {
        available_to_payout: money(payouts::available_minor(gross, orders, pending + paid)),
        earned: money(gross - fees),
        fees: money(fees),
        taxes_collected: money(taxes),
        pending_payouts: money(pending),
        paid_payouts: money(paid),
        currency,
    }))
}

async fn find_card(db: &AnyPool, store_id: &str, id: &str) -> Result<PayoutCard, ApiError> {
    payouts_db::card_by_id(db, store_id, id)
        .await?
        .ok_or(ApiError::NotFound)
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
    Ok(Json(payouts_db::cards(&state.db, &access.store_id).await?))
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
    let id = new_id();
    payouts_db::add_card(&state.db, &access.store_id, &id, &checked, body.is_default).await?;
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
    let holder = match body.holder.as_deref() {
        Some(holder) => payouts::check_holder(holder).map_err(invalid)?,
        None => current.holder.clone(),
    };
    let (month, year) = (
        body.exp_month.unwrap_or(current.exp_month),
        body.exp_year.unwrap_or(current.exp_year),
    );
    payouts::check_expiry(month, year, this_month()).map_err(invalid)?;
    let changed = PayoutCard {
        holder,
        exp_month: month,
        exp_year: year,
        is_default: body.is_default.unwrap_or(current.is_default),
        ..current
    };
    payouts_db::update_card(&state.db, &access.store_id, &changed).await?;
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

/// Checks payout settings: a known schedule, a minimum that is money, a card of this store.
async fn checked_config(
    db: &AnyPool,
    store_id: &str,
    input: &PayoutConfigInput,
) -> Result<i64, ApiError> {
    if !payouts::PAYOUT_SCHEDULES.contains(&input.schedule.as_str()) {
        return Err(ApiError::Invalid(vec![
            "The schedule is manual or weekly.".to_owned(),
        ]));
    }
    let currency = currency_or_default(&crate::db::store_currency(db, store_id).await?);
    let minimum = payouts::payout_amount_minor(input.minimum_amount, currency).map_err(invalid)?;
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
    Ok(Json(payouts_db::config(&state.db, &access.store_id).await?))
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
    let inserted = payouts_db::insert_config(
        &state.db,
        &access.store_id,
        body.card_id.as_deref(),
        &body.schedule,
        minimum,
    )
    .await?;
    if !inserted {
        return Err(ApiError::Conflict(
            "Payout settings exist already; change them instead.".to_owned(),
        ));
    }
    let config = payouts_db::config(&state.db, &access.store_id)
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
    let updated = payouts_db::update_config(
        &state.db,
        &access.store_id,
        &id,
        body.card_id.as_deref(),
        &body.schedule,
        minimum,
    )
    .await?;
    if !updated {
        return Err(ApiError::NotFound);
    }
    Ok(Json(
        payouts_db::config(&state.db, &access.store_id)
            .await?
            .ok_or(ApiError::NotFound)?,
    ))
}

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
        .filter(|k| !k.is_empty() && k.len() <= payouts::IDEMPOTENCY_KEY_MAX)
        .ok_or_else(|| {
            ApiError::PreconditionRequired(
                "Send an Idempotency-Key header (at most 200 characters).".to_owned(),
            )
        })?
        .to_owned();
    // The amount's canonical digits: 5, 5.0 and 5.00 are one request.
    let fingerprint = hex::encode(Sha256::digest(
        serde_json::to_string(&(body.amount.to_string(), &body.card_id))
            .map_err(ApiError::internal)?,
    ));
    let checked = checked_request(&state.db, &access.store_id, &body).await;
    // The key, the payout and the answer kept for the key's retries are one transaction: a
    // server stopped at any moment leaves either all three or none, so a retry after a crash
    // is answered with the payout it made, or makes it.
    let mut tx = crate::db::begin_write(&state.db).await?;
    let kept = payouts_db::claim_key(&mut tx, &access.store_id, &key, &fingerprint).await?;
    if let Some((hash, status, body)) = kept {
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
    payouts_db::keep_answer(&mut tx, &access.store_id, &key, status.as_u16(), &text).await?;
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
    let currency = currency_or_default(&crate::db::store_currency(db, store_id).await?);
    let amount = payouts::payout_amount_minor(body.amount, currency).map_err(invalid)?;
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
    payouts_db::lock(tx, &access.store_id).await?;
    let (gross, orders, pending, paid) = payouts_db::ledger(tx, &access.store_id).await?;
    if amount > payouts::available_minor(gross, orders, pending + paid) {
        return Err(invalid(PayoutError::AmountOverBalance));
    }
    Ok(payouts_db::insert_request(
        tx,
        &access.store_id,
        &access.user.user_id,
        amount,
        body.card_id.as_deref(),
    )
    .await?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
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
    let page = paging::page(query.page, query.limit, payouts::PAYOUT_PAGE_SIZE)?;
    let status = query.status.unwrap_or_default();
    if !status.is_empty() && !payouts::PAYOUT_STATUSES.contains(&status.as_str()) {
        return Err(ApiError::Invalid(vec![
            "status is pending, paid or rejected.".to_owned(),
        ]));
    }
    let (requests, total) = payouts_db::requests(
        &state.db,
        &access.store_id,
        &status,
        page.limit,
        page.offset,
    )
    .await?;
    Ok(Json(PayoutRequestPage {
        requests,
        total: u32::try_from(total).unwrap_or(u32::MAX),
    }))
}
