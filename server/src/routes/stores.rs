//! Store settings: the first-run survey and the page preference.

use axum::extract::State;
use core_wasm::formats::currency_or_default;
use core_wasm::shell;
use shared_types::{ApiErrorBody, MessageResponse, PagePreference, SurveyAnswers};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes as scoped};
use crate::db::{accounts, now_ms, stores};
use crate::error::{ApiError, Json};
use crate::state::AppState;

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
    if stores::survey_done(&state.db, &access.store_id).await? {
        Ok(Json(MessageResponse {
            message: "The survey is done.".to_owned(),
        }))
    } else {
        Err(ApiError::NotFoundWith(
            "Please tell us about your store first.".to_owned(),
        ))
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
    core_wasm::shell::check_survey(&body).map_err(|e| ApiError::Invalid(vec![e]))?;
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
    let preferences = stores::preferences(&state.db, &access.store_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(preferences))
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
    let verdict = shell::check_page_preference(&body, |zone| {
        shell::canonical_zone(zone)
            .ok()
            .map(|zone| zone.name().to_owned())
    });
    if !verdict.valid {
        return Err(ApiError::Invalid(
            verdict.errors.into_values().map(|e| e.message).collect(),
        ));
    }
    let mut value = verdict.value;
    // The check and the write in one transaction, so that an order placed in between cannot
    // slip in under the old currency.
    let mut tx = crate::db::begin_write(&state.db).await?;
    if value.country.is_none() {
        // Left out, the country stays as it is; the answer shows it.
        value.country = Some(stores::country(&mut *tx, &access.store_id).await?);
    }
    let current = crate::db::store_currency(&mut *tx, &access.store_id).await?;
    let currency = value.currency.clone().unwrap_or_else(|| current.clone());
    if currency != current {
        // Orders, payouts and reports keep the amounts they were taken in: once a real (not
        // test) order exists, a new currency would relabel them. Shopify asks the same.
        if stores::real_orders(&mut *tx, &access.store_id).await? > 0 {
            return Err(ApiError::Conflict(format!(
                "The currency stays {current}: this store has taken orders in it. \
                 Prices, orders and payouts would otherwise change meaning."
            )));
        }
    }
    let updated =
        stores::save_preferences(&mut *tx, &access.store_id, &value, &currency, now_ms()).await?;
    if !updated {
        return Err(ApiError::NotFound);
    }
    if currency != current {
        // Amounts are kept in their currency's minor units: a price of 19.99 dollars becomes
        // 20 yen (rounded to the new currency's decimals), not 1,999 yen.
        let (from, to) = (
            currency_or_default(&current),
            currency_or_default(&currency),
        );
        crate::db::money_units::move_store(&mut tx, &access.store_id, from, to).await?;
        crate::db::rollups::touch(&mut tx, [access.store_id.as_str()]).await?;
    }
    tx.commit().await?;
    value.currency = Some(currency);
    Ok(Json(value))
}
