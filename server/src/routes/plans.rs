//! The plan page's calls (issue 28): the plans a store may choose, and the owner choosing,
//! changing or cancelling the store's plan. Only the store's owner changes the plan; staff,
//! whatever their scopes, get 403. Payment of a plan is a test mode: nothing is charged.

use axum::extract::State;
use shared_types::{ApiErrorBody, Plan, PlanChoice, Subscription};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes::AnyMember};
use crate::db::subscriptions;
use crate::error::{ApiError, Json};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(plans))
        .routes(routes!(choose_plan, cancel_plan))
}

/// Refuses anyone but the store's owner: the plan is the owner's contract.
fn owner_only(access: &StoreAccess<AnyMember>) -> Result<(), ApiError> {
    if access.role == "owner" {
        Ok(())
    } else {
        Err(ApiError::Forbidden(
            "Only the store owner can change the plan.".to_owned(),
        ))
    }
}

/// The plans a store may choose, cheapest first (any member may read them).
#[utoipa::path(get, path = "/stores/subscription/plans", tag = "stores", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<Plan>), (status = 404, body = ApiErrorBody)))]
async fn plans(
    State(state): State<AppState>,
    _access: StoreAccess<AnyMember>,
) -> Result<Json<Vec<Plan>>, ApiError> {
    Ok(Json(subscriptions::plans(&state.db).await?))
}

/// Chooses or changes the store's plan (owner only); the trial ends. Nothing is charged: plan
/// payment is a test mode.
#[utoipa::path(put, path = "/stores/subscription", tag = "stores", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    request_body = PlanChoice,
    responses((status = 200, body = Subscription), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn choose_plan(
    State(state): State<AppState>,
    access: StoreAccess<AnyMember>,
    Json(body): Json<PlanChoice>,
) -> Result<Json<Subscription>, ApiError> {
    owner_only(&access)?;
    let code = body.plan_code.trim();
    if !subscriptions::plan_exists(&state.db, code).await? {
        return Err(ApiError::Invalid(vec![format!("There is no plan {code}.")]));
    }
    let current = subscriptions::current(&state.db, &access.store_id).await?;
    if current.plan_code == code && !current.on_trial {
        return Err(ApiError::Conflict(
            "The store is on this plan already.".to_owned(),
        ));
    }
    subscriptions::choose(&state.db, &access.store_id, code).await?;
    tracing::info!(store = %access.store_id, plan = code, "plan chosen");
    Ok(Json(
        subscriptions::current(&state.db, &access.store_id).await?,
    ))
}

/// Cancels the store's plan (owner only): the store goes back to the free plan and its trial
/// ends.
#[utoipa::path(delete, path = "/stores/subscription", tag = "stores", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Subscription), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody),
        (status = 409, body = ApiErrorBody)))]
async fn cancel_plan(
    State(state): State<AppState>,
    access: StoreAccess<AnyMember>,
) -> Result<Json<Subscription>, ApiError> {
    owner_only(&access)?;
    let current = subscriptions::current(&state.db, &access.store_id).await?;
    if current.plan_code == subscriptions::FREE && !current.on_trial {
        return Err(ApiError::Conflict(
            "The store is on the free plan already.".to_owned(),
        ));
    }
    subscriptions::choose(&state.db, &access.store_id, subscriptions::FREE).await?;
    tracing::info!(store = %access.store_id, "plan cancelled");
    Ok(Json(
        subscriptions::current(&state.db, &access.store_id).await?,
    ))
}
