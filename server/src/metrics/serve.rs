//! `GET /metrics`: the scrape, on the public port to the bearer of `METRICS_TOKEN` (404 when no
//! token is set, 401 without the right one), or to anyone on the private address
//! `METRICS_ADDR`, whose listener serves nothing else. Each scrape sets the gauges read at that
//! moment (the pool, the ingest queue, the outbox in one query, the analytics index, the
//! resident memory) and renders the recorder; nothing is read per store.
//!
//! `track` counts and times every request of the public router by its route template.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::record;
use crate::state::AppState;

/// The path the scrape is served at.
pub const PATH: &str = "/metrics";

/// The label of a request no route matched.
pub const UNMATCHED: &str = "unmatched";

/// The file services the crate root mounts with `nest_service` (`app`), by path prefix, most
/// specific first, with their labels: axum gives a request to a nested service no `MatchedPath`,
/// so without these the admin's pages and files would count as unmatched. A test sends a request
/// to each (`server/tests/api/metrics.rs`).
const FILE_MOUNTS: [(&str, &str); 3] = [
    ("/admin/assets/", "/admin/assets/{*file}"),
    ("/admin/", "/admin/{*path}"),
    ("/uploads/", "/uploads/{*file}"),
];

/// Prometheus' text format.
const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// The longest wait for the outbox's count at a scrape: a busy pool does not hold the scrape up.
const DB_GAUGE_TIMEOUT: Duration = Duration::from_millis(250);

/// The public port's `/metrics` route. It installs the recorder when the configuration serves
/// metrics anywhere.
pub fn router(state: &AppState) -> Router<AppState> {
    if state.config.metrics.enabled() {
        record::install();
    }
    Router::new().route(PATH, axum::routing::get(public_scrape))
}

/// The private listener's router: `/metrics` and nothing else.
pub fn private_router(state: &AppState) -> Router {
    record::install();
    Router::new()
        .route(PATH, axum::routing::get(private_scrape))
        .fallback(|| async { StatusCode::NOT_FOUND })
        .with_state(state.clone())
}

/// Listens on `address` (`METRICS_ADDR`) and serves the private router there for as long as the
/// process runs; returns the address bound.
pub async fn serve_private(address: SocketAddr, state: &AppState) -> std::io::Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind(address).await?;
    let bound = listener.local_addr()?;
    let app = private_router(state);
    tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, app).await {
            tracing::error!(%error, "metrics listener stopped");
        }
    });
    Ok(bound)
}

/// The public port's scrape: 404 unless `METRICS_TOKEN` is set, 401 unless the request sends it
/// as `Authorization: Bearer {token}`.
async fn public_scrape(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(token) = state.config.metrics.token.as_deref() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let sent = headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .unwrap_or_default();
    if !same_token(sent, token) {
        return (
            StatusCode::UNAUTHORIZED,
            [(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"))],
        )
            .into_response();
    }
    scrape(&state).await
}

/// The private address's scrape: no token, the address is the protection.
async fn private_scrape(State(state): State<AppState>) -> Response {
    scrape(&state).await
}

/// Whether `sent` is the token, in a time that depends on neither: both are hashed to the same
/// length, and the hashes compared in constant time.
fn same_token(sent: &str, token: &str) -> bool {
    let sent = Sha256::digest(sent.as_bytes());
    let token = Sha256::digest(token.as_bytes());
    bool::from(sent.ct_eq(&token))
}

/// Sets the gauges read at scrape time and renders every metric.
async fn scrape(state: &AppState) -> Response {
    let Some(handle) = record::handle() else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "metrics are not recorded\n",
        )
            .into_response();
    };
    let pool = &state.db;
    let size = f64::from(pool.size());
    let idle = pool.num_idle() as f64;
    metrics::gauge!(record::DB_CONNECTIONS, "state" => "idle").set(idle);
    metrics::gauge!(record::DB_CONNECTIONS, "state" => "in_use").set((size - idle).max(0.0));
    metrics::gauge!(record::DB_MAX_CONNECTIONS)
        .set(f64::from(pool.options().get_max_connections()));
    metrics::gauge!(record::INGEST_QUEUE_DEPTH).set(state.ingest.queue_depth() as f64);
    metrics::gauge!(record::INGEST_QUEUE_CAPACITY).set(state.ingest.queue_capacity() as f64);
    metrics::gauge!(record::ROLLUP_INDEX_BYTES).set(state.rollups.estimated_bytes() as f64);
    metrics::gauge!(record::ROLLUP_INDEX_STORES).set(state.rollups.store_count() as f64);
    match tokio::time::timeout(DB_GAUGE_TIMEOUT, crate::mail::backlog(pool)).await {
        Ok(Ok(backlog)) => {
            metrics::gauge!(record::OUTBOX_PENDING).set(backlog.pending as f64);
            metrics::gauge!(record::OUTBOX_GIVEN_UP).set(backlog.given_up as f64);
            let age_ms = backlog
                .oldest_pending_at
                .map_or(0, |at| (crate::db::now_ms() - at).max(0));
            metrics::gauge!(record::OUTBOX_OLDEST_SECONDS).set(age_ms as f64 / 1000.0);
        }
        Ok(Err(error)) => {
            tracing::warn!(%error, "metrics: the outbox's backlog");
            metrics::counter!(record::SCRAPE_ERRORS).increment(1);
        }
        Err(_) => {
            tracing::warn!("metrics: the outbox's backlog took too long");
            metrics::counter!(record::SCRAPE_ERRORS).increment(1);
        }
    }
    if let Some(bytes) = resident_bytes() {
        metrics::gauge!(record::RESIDENT_MEMORY).set(bytes as f64);
    }
    (
        [(header::CONTENT_TYPE, HeaderValue::from_static(CONTENT_TYPE))],
        handle.render(),
    )
        .into_response()
}

/// The process's resident memory in bytes, from `VmRSS` in `/proc/self/status` (in KiB there,
/// so no page size is needed); `None` where there is no such file.
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status.lines().find_map(|line| {
        let kib = line.strip_prefix("VmRSS:")?.trim().strip_suffix("kB")?;
        kib.trim().parse::<u64>().ok().map(|kib| kib * 1024)
    })
}

/// Counts and times a request by its route template (axum's `MatchedPath`: `/api/stores/{id}`,
/// never the path with its ids or store names; a file mount's label for the admin's and the
/// uploads' files), its method and its status. A request no route matched is counted under
/// [`UNMATCHED`]. Does nothing when metrics are not recorded.
pub async fn track(request: Request, next: Next) -> Response {
    if record::handle().is_none() {
        return next.run(request).await;
    }
    let started = Instant::now();
    let route = match request.extensions().get::<MatchedPath>() {
        Some(path) => route_label(path.as_str()),
        None => FILE_MOUNTS
            .iter()
            .find(|(prefix, _)| request.uri().path().starts_with(prefix))
            .map_or(UNMATCHED, |(_, label)| label)
            .to_owned(),
    };
    let method = method_label(request.method());
    let response = next.run(request).await;
    record::request(
        &route,
        method,
        response.status().as_u16(),
        started.elapsed(),
    );
    response
}

/// A route template as a label: a nested service's tail (`/admin/{*__private__axum_nest_tail_param}`)
/// reads `/admin/{*rest}`.
fn route_label(template: &str) -> String {
    template.replace("{*__private__axum_nest_tail_param}", "{*rest}")
}

/// The method as a label: the standard ones by name, any other as `other`, so that a client
/// cannot make new labels.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use axum::http::Method;

    use super::{method_label, resident_bytes, route_label, same_token};

    #[test]
    fn only_the_exact_token_matches() {
        assert!(same_token("a-long-enough-token", "a-long-enough-token"));
        for wrong in [
            "",
            "a-long-enough-toke",
            "a-long-enough-token ",
            "A-long-enough-token",
        ] {
            assert!(!same_token(wrong, "a-long-enough-token"), "{wrong:?}");
        }
    }

    #[test]
    fn labels_are_templates_and_known_methods() {
        assert_eq!(route_label("/api/stores/{id}"), "/api/stores/{id}");
        assert_eq!(
            route_label("/admin/{*__private__axum_nest_tail_param}"),
            "/admin/{*rest}"
        );
        assert_eq!(method_label(&Method::PATCH), "PATCH");
        let custom = Method::from_bytes(b"PROPFIND").expect("a method");
        assert_eq!(method_label(&custom), "other");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_resident_memory_is_read_on_linux() {
        let bytes = resident_bytes().expect("VmRSS");
        assert!(bytes > 1024 * 1024, "{bytes}");
    }
}
