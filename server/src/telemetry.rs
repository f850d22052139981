//! Logging: `tracing` to standard error, filtered by `RUST_LOG` (default `info`), as text or, with
//! `LOG_FORMAT=json`, as one JSON object a line. Each request has a trace id (`X-Request-Id`),
//! kept in its span so that every line logged while it is handled names it, and sent back.

use axum::http::{HeaderName, HeaderValue};
use tracing_subscriber::EnvFilter;

/// The header that carries a request's trace id, in and out.
pub const TRACE_ID_HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// The longest trace id taken from a client or a proxy; a longer one is replaced.
const TRACE_ID_MAX_CHARS: usize = 64;

/// How log lines are written (`LOG_FORMAT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// `text`, the default: one readable line per event.
    Text,
    /// `json`: one JSON object per line: the event's `fields`, and its `spans` from the outermost
    /// (the request's method, path and trace id) in.
    Json,
}

impl LogFormat {
    /// Reads `LOG_FORMAT` (unset or empty: text).
    pub fn parse(value: Option<&str>) -> Result<LogFormat, String> {
        match value.map(str::trim).unwrap_or_default() {
            "" | "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            other => Err(format!(
                "LOG_FORMAT={other:?} is not valid: expected text or json"
            )),
        }
    }
}

/// Installs the global subscriber in the format `LOG_FORMAT` names; a second call (as in tests)
/// is a no-op. A `LOG_FORMAT` it does not know is an error, before anything is logged.
pub fn init() -> Result<(), String> {
    let format = LogFormat::parse(std::env::var("LOG_FORMAT").ok().as_deref())?;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        // The spans from the outermost (the request's) in; not the innermost again on its own.
        LogFormat::Json => builder.json().with_current_span(false).try_init(),
    };
    Ok(())
}

/// The span of one HTTP request: its method and path, never its query string, which may carry
/// a one-time token (a password-reset link's, for one), and its trace id. It keeps tower-http's
/// target, so `RUST_LOG=tower_http=debug` shows the request lines as before; it is at `info`, so
/// that a warning logged while a request is handled names the request at the default level.
pub fn request_span<B>(request: &axum::http::Request<B>) -> tracing::Span {
    let trace_id = request
        .headers()
        .get(TRACE_ID_HEADER)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    tracing::info_span!(
        target: "tower_http::trace::make_span",
        "request",
        method = %request.method(),
        path = %request.uri().path(),
        version = ?request.version(),
        trace_id = %trace_id,
    )
}

/// Gives each request a trace id before its span is made (`request_span`) and sends it back in
/// `X-Request-Id`: the one a proxy or client sent when it is a plain token (letters, digits,
/// `-`, `_`, `.`, at most 64), else a new one (a UUID v7, ordered by time).
pub async fn trace_id(
    mut request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let given = request
        .headers()
        .get(TRACE_ID_HEADER)
        .filter(|value| is_trace_id(value.as_bytes()))
        .cloned();
    let id = given.unwrap_or_else(|| {
        HeaderValue::from_str(&uuid::Uuid::now_v7().hyphenated().to_string())
            .unwrap_or(HeaderValue::from_static("-"))
    });
    request.headers_mut().insert(TRACE_ID_HEADER, id.clone());
    let mut response = next.run(request).await;
    response.headers_mut().insert(TRACE_ID_HEADER, id);
    response
}

/// Whether a given trace id can be kept as it is: 1 to 64 letters, digits, `-`, `_` or `.`,
/// nothing that could break a log line.
fn is_trace_id(value: &[u8]) -> bool {
    (1..=TRACE_ID_MAX_CHARS).contains(&value.len())
        && value
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

#[cfg(test)]
mod tests {
    use super::{LogFormat, is_trace_id};

    #[test]
    fn the_log_format_is_text_unless_json_is_asked_for() {
        assert_eq!(LogFormat::parse(None), Ok(LogFormat::Text));
        assert_eq!(LogFormat::parse(Some(" ")), Ok(LogFormat::Text));
        assert_eq!(LogFormat::parse(Some("json")), Ok(LogFormat::Json));
        assert!(
            LogFormat::parse(Some("yaml"))
                .expect_err("refused")
                .starts_with("LOG_FORMAT=")
        );
    }

    #[test]
    fn a_given_trace_id_is_kept_only_when_it_is_a_plain_token() {
        assert!(is_trace_id(b"0190f3c2-7b1a-7c3e-9a4b-1f2e3d4c5b6a"));
        assert!(is_trace_id(b"edge.lb-1_42"));
        for bad in [&b""[..], b"a b", b"a\nb", b"a\"b", &[b'a'; 65]] {
            assert!(!is_trace_id(bad), "{bad:?}");
        }
    }
}
