//! `GET /api/health`: whether the server and its database answer.

use axum::Router;
use axum::extract::State;
use axum::routing::get;
use shared_types::Health;

use crate::db::Backend;
use crate::error::{ApiError, Json};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/health", get(health))
}

async fn health(State(state): State<AppState>) -> Result<Json<Health>, ApiError> {
    let (one,): (i64,) = sqlx::query_as("SELECT CAST(1 AS BIGINT)")
        .fetch_one(&state.db)
        .await?;
    Ok(Json(Health {
        status: if one == 1 { "ok" } else { "degraded" }.to_owned(),
        database: Backend::of(&state.config.database_url).name().to_owned(),
    }))
}
