//! Sessions: one row per signed-in device, created at login. An access token is accepted only
//! while its session is live, so ending a session takes effect on the very next request.

use sqlx::AnyPool;

use super::tokens::{self, Keys, REFRESH_TOKEN_SECONDS};
use crate::db::{new_id, now_ms};
use crate::error::ApiError;

/// The tokens handed to a client when a session starts.
#[derive(Debug)]
pub struct IssuedTokens {
    pub access_token: String,
    pub refresh_token: String,
    /// When the refresh token expires, in ms since the epoch.
    pub refresh_expires_at: i64,
}

/// Starts a session for `user_id` and issues its first tokens.
pub async fn start(db: &AnyPool, keys: &Keys, user_id: &str) -> Result<IssuedTokens, ApiError> {
    let now = now_ms();
    let refresh_expires_at = now + REFRESH_TOKEN_SECONDS * 1000;
    let session_id = new_id();
    let refresh_token = tokens::random_token();
    sqlx::query(
        "INSERT INTO sessions (id, user_id, refresh_hash, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&session_id)
    .bind(user_id)
    .bind(tokens::digest(&refresh_token))
    .bind(now)
    .bind(refresh_expires_at)
    .execute(db)
    .await?;
    let access_token = keys
        .sign_access(user_id, &session_id, now / 1000)
        .map_err(ApiError::internal)?;
    Ok(IssuedTokens {
        access_token,
        refresh_token,
        refresh_expires_at,
    })
}

/// Whether a session exists, is not revoked and has not expired.
pub async fn is_live(db: &AnyPool, session_id: &str) -> Result<bool, ApiError> {
    let live: Option<(String,)> = sqlx::query_as(
        "SELECT id FROM sessions WHERE id = $1 AND revoked_at IS NULL AND expires_at > $2",
    )
    .bind(session_id)
    .bind(now_ms())
    .fetch_optional(db)
    .await?;
    Ok(live.is_some())
}
