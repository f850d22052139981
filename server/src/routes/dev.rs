//! `GET /api/dev/mailbox`: the e-mail the server would have sent, for development without a
//! mail server. Off unless `DEV_MAILBOX=1`, which the configuration refuses behind a proxy or
//! on an address others can reach.

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, Json};
use crate::mail::{self, QueuedMail};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(mailbox))
}

/// The 50 newest e-mails, newest first (development only).
#[utoipa::path(get, path = "/dev/mailbox", tag = "system",
    responses((status = 200, body = Vec<QueuedMail>), (status = 404, body = shared_types::ApiErrorBody)))]
async fn mailbox(State(state): State<AppState>) -> Result<Json<Vec<QueuedMail>>, ApiError> {
    if !state.config.dev_mailbox {
        return Err(ApiError::NotFound);
    }
    Ok(Json(mail::recent(&state.db, 50).await?))
}
