//! Authentication: password hashing, tokens, sessions, and the extractor that turns a bearer
//! token into the signed-in user.

pub mod lockout;
pub mod onetime;
pub mod password;
pub mod session;
pub mod store;
pub mod tokens;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::error::ApiError;
use crate::state::AppState;

/// The signed-in user of a request: a valid access token whose session is still live.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub user_id: String,
    pub session_id: String,
    /// When the session started (ms): a store the member was signed out of after it refuses it.
    pub session_started_at: i64,
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .ok_or_else(|| ApiError::Unauthorized("Please sign in.".to_owned()))?;
        let claims = state.keys.verify_access(token).map_err(|_| {
            ApiError::Unauthorized("Your session has expired. Please sign in again.".to_owned())
        })?;
        let Some(session_started_at) = session::live_since(&state.db, &claims.sid).await? else {
            return Err(ApiError::Unauthorized(
                "Your session has ended. Please sign in again.".to_owned(),
            ));
        };
        Ok(CurrentUser {
            user_id: claims.sub,
            session_id: claims.sid,
            session_started_at,
        })
    }
}

/// A signed-in operator: an activated account named an operator (`server operator add`, or by
/// another operator). Operator routes take it, so none can forget the check.
#[derive(Debug, Clone)]
pub struct Operator(pub CurrentUser);

impl FromRequestParts<AppState> for Operator {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let user = CurrentUser::from_request_parts(parts, state).await?;
        if !crate::db::accounts::is_operator(&state.db, &user.user_id).await? {
            return Err(ApiError::Forbidden(
                "Only the operator's staff can do this.".to_owned(),
            ));
        }
        Ok(Operator(user))
    }
}
