//! Logging: `tracing` to standard error, filtered by `RUST_LOG` (default `info`).

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber; a second call (as in tests) is a no-op.
pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

/// The span of one HTTP request: its method and path, never its query string, which may carry
/// a one-time token (a password-reset link's, for one). It keeps tower-http's target, so
/// `RUST_LOG=tower_http=debug` shows it as before.
pub fn request_span<B>(request: &axum::http::Request<B>) -> tracing::Span {
    tracing::debug_span!(
        target: "tower_http::trace::make_span",
        "request",
        method = %request.method(),
        path = %request.uri().path(),
        version = ?request.version(),
    )
}
