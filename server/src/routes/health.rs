//! `GET /api/health`: whether the server and its database answer; `GET /api/health/live`:
//! whether the process answers at all (a load balancer's liveness probe, touching nothing).

use axum::extract::State;
use shared_types::Health;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::db::Backend;
use crate::error::{ApiError, Json};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(health))
        .routes(routes!(live))
}

/// Whether the server and its database answer.
#[utoipa::path(get, path = "/health", tag = "system", responses((status = 200, body = Health)))]
async fn health(State(state): State<AppState>) -> Result<Json<Health>, ApiError> {
    let answers = crate::db::ping(&state.db).await?;
    Ok(Json(Health {
        status: if answers { "ok" } else { "degraded" }.to_owned(),
        database: Backend::of(&state.config.database_url).name().to_owned(),
    }))
}

/// Whether the process answers: a constant answer that reads nothing, for liveness probes (a
/// database outage should not get the process restarted). The HTTP benchmark's ceiling.
#[utoipa::path(get, path = "/health/live", tag = "system", responses((status = 200, body = Health)))]
async fn live(State(state): State<AppState>) -> Json<Health> {
    Json(Health {
        status: "live".to_owned(),
        database: Backend::of(&state.config.database_url).name().to_owned(),
    })
}
