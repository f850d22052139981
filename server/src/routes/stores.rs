//! Store settings: the first-run survey and the page preference.

use axum::extract::State;
use core_wasm::shell;
use shared_types::{ApiErrorBody, MessageResponse, PagePreference, PaymentChoice, SurveyAnswers};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes as scoped};
use crate::db::{accounts, now_ms};
use crate::error::{ApiError, Json};
use crate::state::AppState;

/// Limits of the survey's answers.
const SURVEY_MAX_ANSWERS: usize = 20;
const SURVEY_MAX_LENGTH: usize = 500;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(survey_status, submit_survey))
        .routes(routes!(get_preferences, put_preferences))
}

/// 200 when the store's first-run survey is done; 404 while it is not (the UI then shows the
/// survey, shell.md §4).
#[utoipa::path(get, path = "/stores/survey", tag = "stores", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = MessageResponse), (status = 404, body = ApiErrorBody)))]
async fn survey_status(
    State(state): State<AppState>,
    access: StoreAccess<scoped::AnyMember>,
) -> Result<Json<MessageResponse>, ApiError> {
    let done: Option<(String,)> =
        sqlx::query_as("SELECT store_id FROM store_surveys WHERE store_id = $1")
            .bind(&access.store_id)
            .fetch_optional(&state.db)
            .await?;
    match done {
        Some(_) => Ok(Json(MessageResponse {
            message: "The survey is done.".to_owned(),
        })),
        None => Err(ApiError::NotFoundWith(
            "Please tell us about your store first.".to_owned(),
        )),
    }
}

/// Records the survey's answers (at most 20, each at most 500 characters).
#[utoipa::path(post, path = "/stores/survey", tag = "stores", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = SurveyAnswers,
    responses((status = 200, body = MessageResponse), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn submit_survey(
    State(state): State<AppState>,
    access: StoreAccess<scoped::AnyMember>,
    Json(body): Json<SurveyAnswers>,
) -> Result<Json<MessageResponse>, ApiError> {
    if body.answers.len() > SURVEY_MAX_ANSWERS
        || body.answers.iter().any(|(k, v)| {
            k.chars().count() > SURVEY_MAX_LENGTH || v.chars().count() > SURVEY_MAX_LENGTH
        })
    {
        return Err(ApiError::Invalid(vec![format!(
            "The survey takes at most {SURVEY_MAX_ANSWERS} answers of at most {SURVEY_MAX_LENGTH} characters."
        )]));
    }
    let answers = serde_json::to_string(&body.answers).map_err(ApiError::internal)?;
    accounts::complete_survey(&state.db, &access.store_id, &access.user.user_id, &answers).await?;
    Ok(Json(MessageResponse {
        message: "Thank you!".to_owned(),
    }))
}

/// The store's page preference.
#[utoipa::path(get, path = "/stores/preferences", tag = "stores", security(("bearer" = ["preferences"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = PagePreference), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_preferences(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Preferences>,
) -> Result<Json<PagePreference>, ApiError> {
    let (standard_timezone, business_type, kind, store_front_default_theme, currency): (
        String,
        String,
        String,
        String,
        String,
    ) = sqlx::query_as(
        "SELECT standard_timezone, business_type, payment_choice_type, store_front_default_theme, currency \
             FROM store_preferences WHERE store_id = $1",
    )
    .bind(&access.store_id)
    .fetch_optional(&state.db)
    .await?
    .ok_or(ApiError::NotFound)?;
    Ok(Json(PagePreference {
        standard_timezone,
        business_type,
        payment_choice: PaymentChoice { kind },
        store_front_default_theme,
        currency: Some(currency),
    }))
}

/// Changes the store's page preference; every field is checked by the core's rules.
#[utoipa::path(put, path = "/stores/preferences", tag = "stores", security(("bearer" = ["preferences"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = PagePreference,
    responses((status = 200, body = PagePreference), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn put_preferences(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Preferences>,
    Json(body): Json<PagePreference>,
) -> Result<Json<PagePreference>, ApiError> {
    let verdict = shell::check_page_preference(&body, |zone| shell::parse_zone(zone).is_ok());
    if !verdict.valid {
        return Err(ApiError::Invalid(
            verdict.errors.into_values().map(|e| e.message).collect(),
        ));
    }
    let mut value = verdict.value;
    // The check and the write in one transaction, so that an order placed in between cannot
    // slip in under the old currency.
    let mut tx = crate::db::begin_write(&state.db).await?;
    let current = crate::db::store_currency(&mut *tx, &access.store_id).await?;
    let currency = value.currency.clone().unwrap_or_else(|| current.clone());
    if currency != current {
        // Orders, payouts and reports keep the amounts they were taken in: once a real (not
        // test) order exists, a new currency would relabel them. Shopify asks the same.
        let (real_orders,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM orders WHERE store_id = $1 AND is_test = 0")
                .bind(&access.store_id)
                .fetch_one(&mut *tx)
                .await?;
        if real_orders > 0 {
            return Err(ApiError::Conflict(format!(
                "The currency stays {current}: this store has taken orders in it. \
                 Prices, orders and payouts would otherwise change meaning."
            )));
        }
    }
    let updated = sqlx::query(
        "UPDATE store_preferences SET standard_timezone = $1, business_type = $2, payment_choice_type = $3, \
         store_front_default_theme = $4, currency = $5, updated_at = $6 WHERE store_id = $7",
    )
    .bind(&value.standard_timezone)
    .bind(&value.business_type)
    .bind(&value.payment_choice.kind)
    .bind(&value.store_front_default_theme)
    .bind(&currency)
    .bind(now_ms())
    .bind(&access.store_id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if updated == 0 {
        return Err(ApiError::NotFound);
    }
    tx.commit().await?;
    value.currency = Some(currency);
    Ok(Json(value))
}
