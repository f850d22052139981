//! The plan page's calls (issue 28): the plans a store may choose, and the owner choosing,
//! changing or cancelling the store's plan. Only the store's owner changes the plan; staff,
//! whatever their scopes, get 403. Payment of a plan is a test mode: nothing is charged.

use axum::extract::State;
use core_wasm::shell::plan_limits::{self, Limited};
use shared_types::{ApiErrorBody, Plan, PlanChoice, PlanLimit, StoreLimits, Subscription};
use sqlx::{AnyConnection, AnyPool};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes::AnyMember};
use crate::db::{self, now_ms, subscriptions};
use crate::error::{ApiError, Json};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(plans))
        .routes(routes!(choose_plan, cancel_plan))
        .routes(routes!(limits))
}

/// A store's plan limit of one thing: the most its plan allows (`None`: unlimited) and the
/// cheapest plan that allows more. The store's plan is decided as for its own domains: the plan
/// it has chosen or is trying, the free plan without one or once cancelled.
#[derive(Debug, Clone)]
pub struct Limit {
    what: Limited,
    max: Option<i64>,
    more_with: Option<String>,
}

impl Limit {
    /// The store's limit of `what`.
    pub async fn of(db: &AnyPool, store_id: &str, what: Limited) -> Result<Self, ApiError> {
        let current = subscriptions::current(db, store_id).await?;
        let plans = subscriptions::plans(db).await?;
        let plan = plans
            .iter()
            .find(|plan| plan.code == current.plan_code)
            .or_else(|| plans.iter().find(|plan| plan.code == subscriptions::FREE));
        let max = plan_limits::plan_limits(plan.map_or(&[][..], |plan| &plan.features)).of(what);
        let more_with = plan_limits::cheapest_plan_allowing_more(&plans, what, max)
            .map(|plan| plan.name.clone());
        Ok(Self {
            what,
            max,
            more_with,
        })
    }

    /// Makes room for `adding` more in the caller's write transaction: holds the store's row,
    /// counts (staff without the open invitation to `replacing`, which is sent again) and
    /// refuses with 403 beyond the limit. What a store already has beyond it is kept.
    pub async fn claim(
        &self,
        conn: &mut AnyConnection,
        store_id: &str,
        adding: i64,
        replacing: Option<&str>,
    ) -> Result<(), ApiError> {
        let Some(max) = self.max else {
            return Ok(());
        };
        let count =
            db::plan_limits::hold_and_count(conn, store_id, self.what, now_ms(), replacing).await?;
        if plan_limits::may_add(count, adding, self.max) {
            Ok(())
        } else {
            Err(ApiError::Forbidden(plan_limits::limit_reached(
                self.what,
                max,
                self.more_with.as_deref(),
            )))
        }
    }

    /// The limit as the screens show it, with how many the store has.
    async fn shown(self, db: &AnyPool, store_id: &str) -> Result<PlanLimit, ApiError> {
        let mut conn = db.acquire().await?;
        let used = db::plan_limits::count(&mut conn, store_id, self.what, now_ms(), None).await?;
        Ok(PlanLimit {
            full: !plan_limits::may_add(used, 1, self.max),
            used,
            max: self.max,
            more_with: self.more_with,
        })
    }
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

/// What the store's plan limits (products, themes, staff accounts) and how much of each the
/// store has, with the cheapest plan that allows more (any member may read it).
#[utoipa::path(get, path = "/stores/subscription/limits", tag = "stores", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = StoreLimits), (status = 404, body = ApiErrorBody)))]
async fn limits(
    State(state): State<AppState>,
    access: StoreAccess<AnyMember>,
) -> Result<Json<StoreLimits>, ApiError> {
    let (db, store) = (&state.db, access.store_id.as_str());
    let shown = |what| async move { Limit::of(db, store, what).await?.shown(db, store).await };
    Ok(Json(StoreLimits {
        products: shown(Limited::Products).await?,
        themes: shown(Limited::Themes).await?,
        staff: shown(Limited::Staff).await?,
    }))
}
