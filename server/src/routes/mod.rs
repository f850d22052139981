//! The API under `/api`, one module per resource.

pub mod auth;
pub mod health;
pub mod users;

use axum::Router;

use crate::state::AppState;

/// Every API route, relative to `/api`.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(health::router())
        .merge(auth::router())
        .merge(users::router())
        .fallback(crate::api_not_found)
}
