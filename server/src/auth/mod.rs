//! Authentication: password hashing, tokens, sessions, and the extractor that turns a bearer
//! token into the signed-in user.

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

impl CurrentUser {
    /// The signed-in user of a request's bearer token, with their session read in one query
    /// ([`session::live`]) along with their membership in `store_id` when given.
    pub async fn with_session(
        parts: &Parts,
        state: &AppState,
        store_id: Option<&str>,
    ) -> Result<(CurrentUser, session::Live), ApiError> {
        let token = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .ok_or_else(|| ApiError::Unauthorized("Please sign in.".to_owned()))?;
        let claims = state.keys.verify_access(token).map_err(|_| {
            ApiError::Unauthorized("Your session has expired. Please sign in again.".to_owned())
        })?;
        let Some(live) = session::live(&state.db, &claims.sid, store_id).await? else {
            return Err(ApiError::Unauthorized(
                "Your session has ended. Please sign in again.".to_owned(),
            ));
        };
        let user = CurrentUser {
            user_id: claims.sub,
            session_id: claims.sid,
            session_started_at: live.started_at,
        };
        Ok((user, live))
    }
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Ok(CurrentUser::with_session(parts, state, None).await?.0)
    }
}

/// The signed-in user with their session as one query read it, with their membership in the
/// store the request's `X-Store-Id` names (`store_id`) when it names one.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub user: CurrentUser,
    pub live: session::Live,
    pub store_id: Option<String>,
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let store_id = parts
            .headers
            .get(store::STORE_ID_HEADER)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        let (user, live) = CurrentUser::with_session(parts, state, store_id.as_deref()).await?;
        Ok(SignedIn {
            user,
            live,
            store_id,
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
