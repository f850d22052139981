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
    /// A refusal whose body carries more than the messages (the theme engine's codes, the
    /// current version of a stale save): `details`' fields sit beside `messages`.
    #[error("refused ({status}): {messages:?}")]
    Detailed {
        status: StatusCode,
        messages: Vec<String>,
        details: serde_json::Map<String, serde_json::Value>,
    },
    /// Too many requests from one address or for one store; try again after `retry_after`
    /// seconds.
    #[error("throttled: {message}")]
    Throttled { message: String, retry_after: u64 },
    /// The server cannot take the request now (its database is busy or down); nothing was
    /// kept and the client may send it again.
    #[error("unavailable: {0}")]
    Unavailable(String),
    /// The server is at its bound for expensive work (password hashes); nothing was done and
    /// the client may try again after `retry_after` seconds.
    #[error("busy: try again in {retry_after} s")]
    Busy { retry_after: u64 },
    /// Every database connection stayed taken for the pool's whole wait: the server is
    /// overloaded, not broken, so the client is told to send the request again shortly.
    #[error("overloaded: {0}")]
    Overloaded(String),
    #[error("internal error: {0}")]
    Internal(String),
}

/// Seconds an overloaded server asks the client to wait before it sends the request again.
const OVERLOADED_RETRY_AFTER: u64 = 1;

impl ApiError {
    /// An internal failure, logged here with its cause.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        ApiError::Internal(cause.to_string())
    }
}

impl ApiError {
    /// A config or command the theme engine refused: 400 with each error's message, and the
    /// structured errors (`code`, `path`, limits) under `errors`; `index` names the command of
    /// a batch that was refused.
    pub fn theme(errors: &[core_wasm::theme::ThemeError], index: Option<usize>) -> Self {
        let bodies: Vec<_> = errors.iter().map(|e| e.to_body()).collect();
        let mut details = serde_json::Map::new();
        details.insert(
            "errors".to_owned(),
            serde_json::to_value(&bodies).unwrap_or_default(),
        );
        if let Some(index) = index {
            details.insert("index".to_owned(), index.into());
        }
        ApiError::Detailed {
            status: StatusCode::BAD_REQUEST,
            messages: errors.iter().map(ToString::to_string).collect(),
            details,
        }
    }

    /// A save based on a version that is no longer current: 412 with the current version.
    pub fn stale(current_version: i64) -> Self {
        let mut details = serde_json::Map::new();
        details.insert("version".to_owned(), current_version.into());
        ApiError::Detailed {
            status: StatusCode::PRECONDITION_FAILED,
            messages: vec![format!(
                "Someone saved this theme meanwhile (now version {current_version}). Reload it and apply your changes again."
            )],
            details,
        }
    }

    /// A save without `If-Match`: 428, so that no save overwrites another blindly.
    pub fn version_required() -> Self {
        ApiError::Detailed {
            status: StatusCode::PRECONDITION_REQUIRED,
            messages: vec![
                "Send the version you edited in If-Match, so that no one's save is overwritten."
                    .to_owned(),
            ],
            details: serde_json::Map::new(),
        }
    }
}

/// The counter of requests that gave up waiting for a database connection (`metrics`): counted
/// here, where every such error becomes an answer.
pub const POOL_TIMEOUTS: &str = "storeloom_db_pool_timeouts_total";

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        match error {
            sqlx::Error::PoolTimedOut => {
                metrics::counter!(POOL_TIMEOUTS).increment(1);
                ApiError::Overloaded(format!("database: {error}"))
            }
            error => ApiError::internal(format!("database: {error}")),
        }
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
            ApiError::Detailed {
                status,
                messages,
                mut details,
            } => {
                details.insert("messages".to_owned(), messages.into());
                return (status, axum::Json(serde_json::Value::Object(details))).into_response();
            }
            ApiError::Throttled {
                message,
                retry_after,
            } => {
                let mut response = (
                    StatusCode::TOO_MANY_REQUESTS,
                    axum::Json(ApiErrorBody {
                        messages: vec![message],
                    }),
                )
                    .into_response();
                response.headers_mut().insert(
                    axum::http::header::RETRY_AFTER,
                    axum::http::HeaderValue::from(retry_after),
                );
                return response;
            }
            ApiError::Busy { retry_after } => {
                return retry_later(
                    "Many people are signing in right now. Please try again in a moment.",
                    retry_after,
                );
            }
            ApiError::Overloaded(cause) => {
                tracing::warn!(%cause, "overloaded");
                return retry_later(
                    "The server is very busy right now. Please try again in a moment.",
                    OVERLOADED_RETRY_AFTER,
                );
            }
            ApiError::Unavailable(cause) => {
                tracing::warn!(%cause, "unavailable");
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    vec!["The server is busy; nothing was kept. Please send it again.".to_owned()],
                )
            }
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

/// 503 with `message` and `Retry-After: retry_after` seconds: nothing was done, send it again.
fn retry_later(message: &str, retry_after: u64) -> Response {
    let mut response = (
        StatusCode::SERVICE_UNAVAILABLE,
        axum::Json(ApiErrorBody {
            messages: vec![message.to_owned()],
        }),
    )
        .into_response();
    response.headers_mut().insert(
        axum::http::header::RETRY_AFTER,
        axum::http::HeaderValue::from(retry_after),
    );
    response
}

/// `axum::Json`, with its rejections answered as [`ApiError`]s. A NUL character in a string
/// (`\u0000`) is refused at the edge (400), as in a query: PostgreSQL cannot hold one in text.
#[derive(Debug)]
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        if !json_content_type(request.headers()) {
            return Err(ApiError::Unreadable {
                status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                message: "Expected request with `Content-Type: application/json`".to_owned(),
            });
        }
        let bytes = axum::body::Bytes::from_request(request, state)
            .await
            .map_err(|rejection| ApiError::Unreadable {
                status: rejection.status(),
                message: rejection.body_text(),
            })?;
        if holds_nul(&bytes) {
            return Err(ApiError::Invalid(vec![
                "A text cannot hold a NUL character.".to_owned(),
            ]));
        }
        let axum::Json(value) = axum::Json::<T>::from_bytes(&bytes)?;
        Ok(Json(value))
    }
}

/// Whether the request says its body is JSON (`application/json`, or `application/...+json`).
fn json_content_type(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Whether a JSON text holds the escape of a NUL character: `\u0000` after an even number of
/// backslashes (after an odd number, the backslash before `u` is itself escaped).
fn holds_nul(json: &[u8]) -> bool {
    json.windows(6).enumerate().any(|(at, window)| {
        window == b"\\u0000"
            && json[..at].iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 0
    })
}

impl<T: serde::Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// `axum::extract::Query`, with its rejections answered as [`ApiError`]s. A NUL character in
/// the query is refused at the edge (400): PostgreSQL cannot hold one in text, and no parameter
/// has a use for it.
#[derive(Debug)]
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, ApiError> {
        let raw = parts.uri.query().unwrap_or("");
        if raw.contains('\0') || raw.to_ascii_lowercase().contains("%00") {
            return Err(ApiError::Invalid(vec![
                "A query parameter cannot hold a NUL character.".to_owned(),
            ]));
        }
        let axum::extract::Query(value) =
            axum::extract::Query::<T>::from_request_parts(parts, state).await?;
        Ok(Query(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_is_found_only_where_a_string_holds_one() {
        assert!(holds_nul(br#"{"title":"a\u0000b"}"#));
        assert!(holds_nul(br#"{"title":"\\\u0000"}"#));
        assert!(!holds_nul(br#"{"title":"\\u0000"}"#));
        assert!(!holds_nul(br#"{"title":"u0000 \u0001"}"#));
    }

    #[test]
    fn a_pool_that_stays_taken_is_a_503_to_retry_not_a_500() {
        let response = ApiError::from(sqlx::Error::PoolTimedOut).into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            response.headers()[axum::http::header::RETRY_AFTER],
            OVERLOADED_RETRY_AFTER.to_string()
        );
        let other = ApiError::from(sqlx::Error::RowNotFound).into_response();
        assert_eq!(other.status(), StatusCode::INTERNAL_SERVER_ERROR);
    }
}
