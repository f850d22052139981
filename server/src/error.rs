//! The one error type of the API. Every failure becomes a status and `{"messages": [...]}`;
//! internal causes are logged, never sent.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use shared_types::ApiErrorBody;

/// A failed request.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The client sent something the rules refuse; each message is shown to the user.
    #[error("invalid request: {0:?}")]
    Invalid(Vec<String>),
    /// The request could not be read (malformed JSON, wrong type, body too large ...).
    #[error("unreadable request ({status}): {message}")]
    Unreadable { status: StatusCode, message: String },
    #[error("unauthorized: {0}")]
    Unauthorized(String),
    #[error("forbidden: {0}")]
    Forbidden(String),
    #[error("not found")]
    NotFound,
    /// Not found, with a message that helps (an expired link, say).
    #[error("not found: {0}")]
    NotFoundWith(String),
    /// A header the call needs is missing (an idempotency key, say).
    #[error("precondition required: {0}")]
    PreconditionRequired(String),
    /// The request is well-formed but cannot be taken as it is.
    #[error("unprocessable: {0}")]
    Unprocessable(String),
    /// The request conflicts with what exists (an e-mail already on the staff, say).
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// An internal failure, logged here with its cause.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        ApiError::Internal(cause.to_string())
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        ApiError::internal(format!("database: {error}"))
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        ApiError::Unreadable {
            status: rejection.status(),
            message: rejection.body_text(),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::Unreadable {
            status: StatusCode::BAD_REQUEST,
            message: rejection.body_text(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, messages) = match self {
            ApiError::Invalid(messages) => (StatusCode::BAD_REQUEST, messages),
            ApiError::Unreadable { status, message } => (status, vec![message]),
            ApiError::Unauthorized(message) => (StatusCode::UNAUTHORIZED, vec![message]),
            ApiError::Forbidden(message) => (StatusCode::FORBIDDEN, vec![message]),
            ApiError::NotFound => (StatusCode::NOT_FOUND, vec!["Not found".to_owned()]),
            ApiError::NotFoundWith(message) => (StatusCode::NOT_FOUND, vec![message]),
            ApiError::Conflict(message) => (StatusCode::CONFLICT, vec![message]),
            ApiError::PreconditionRequired(message) => {
                (StatusCode::PRECONDITION_REQUIRED, vec![message])
            }
            ApiError::Unprocessable(message) => (StatusCode::UNPROCESSABLE_ENTITY, vec![message]),
            ApiError::Internal(cause) => {
                tracing::error!(%cause, "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    vec!["Something went wrong on our side. Please try again.".to_owned()],
                )
            }
        };
        (status, axum::Json(ApiErrorBody { messages })).into_response()
    }
}

/// `axum::Json`, with its rejections answered as [`ApiError`]s.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

impl<T: serde::Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// `axum::extract::Query`, with its rejections answered as [`ApiError`]s.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);
