//! `/api/auth`: signing in.

use axum::Router;
use axum::extract::State;
use axum::routing::post;
use core_wasm::shell::check_login;
use shared_types::{LoginForm, LoginRequest, LoginResponse};

use crate::auth::{password, session};
use crate::error::{ApiError, Json};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/auth/login", post(login))
}

/// The one message for a wrong e-mail or a wrong password, so neither reveals which it was.
pub const WRONG_CREDENTIALS: &str = "The email or password is incorrect.";

/// `POST /api/auth/login`: checks the form with the core's rules, then the credentials.
async fn login(
    State(state): State<AppState>,
    Json(body): Json<LoginRequest>,
) -> Result<Json<LoginResponse>, ApiError> {
    let verdict = check_login(&LoginForm {
        email: body.email,
        password: body.password,
    });
    if !verdict.valid {
        let messages = [verdict.errors.email, verdict.errors.password]
            .into_iter()
            .flatten()
            .map(|error| error.message)
            .collect();
        return Err(ApiError::Invalid(messages));
    }
    let email = verdict.email.to_lowercase();
    let user: Option<(String, String)> =
        sqlx::query_as("SELECT id, password_hash FROM users WHERE email = $1")
            .bind(&email)
            .fetch_optional(&state.db)
            .await?;
    // An unknown e-mail still costs one hash verification, so timing does not tell it apart.
    let (user_id, hash) = match user {
        Some((id, hash)) => (Some(id), hash),
        None => (None, state.decoy_hash.to_string()),
    };
    let matches = password::verify(verdict.password, hash).await?;
    let Some(user_id) = user_id.filter(|_| matches) else {
        return Err(ApiError::Unauthorized(WRONG_CREDENTIALS.to_owned()));
    };
    let tokens = session::start(&state.db, &state.keys, &user_id).await?;
    let store: Option<(String,)> = sqlx::query_as(
        "SELECT store_id FROM store_members WHERE user_id = $1 ORDER BY created_at, store_id LIMIT 1",
    )
    .bind(&user_id)
    .fetch_optional(&state.db)
    .await?;
    Ok(Json(LoginResponse {
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        refresh_token_expires_at: tokens.refresh_expires_at,
        store_id: store.map(|(id,)| id),
    }))
}
