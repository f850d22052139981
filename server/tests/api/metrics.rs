//! `GET /metrics`: refused on the public port without a token, served to the token, on a
//! private address without one; requests counted by route template, never by raw path; the
//! ingest, sign-in failures and the gauges read at scrape time. The recorder is the process's,
//! shared by the tests running beside these, so counts are compared before and after.

use axum::http::StatusCode;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{OWNER_EMAIL, TestApp, fresh_store, spawn_app, spawn_app_configured};

/// The token the tests configure.
const TOKEN: &str = "metrics-token-for-the-tests";

const BROWSER: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
                       Chrome/126.0 Safari/537.36";

async fn metrics_app() -> TestApp {
    spawn_app_configured(|config| config.metrics.token = Some(TOKEN.to_owned())).await
}

/// The scrape, as the token's bearer gets it.
async fn scrape(app: &TestApp) -> String {
    let reply = app.get("/metrics").token(TOKEN).send().await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    reply.text
}

/// The sum of the samples of `name` whose labels include every one of `labels` (`key="value"`).
fn value(text: &str, name: &str, labels: &[&str]) -> f64 {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let (series, sample) = line.rsplit_once(' ')?;
            let (metric, rest) = series.split_once('{').unwrap_or((series, ""));
            (metric == name && labels.iter().all(|label| rest.contains(label)))
                .then(|| sample.parse::<f64>().ok())
                .flatten()
        })
        .sum()
}

#[tokio::test]
async fn the_public_port_answers_404_for_metrics_when_no_token_is_set() {
    let app = spawn_app().await;
    let reply = app.get("/metrics").send().await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let with_a_token = app.get("/metrics").token(TOKEN).send().await;
    assert_eq!(with_a_token.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_public_port_serves_metrics_to_the_token_only() {
    let app = metrics_app().await;
    let without = app.get("/metrics").send().await;
    assert_eq!(without.status, StatusCode::UNAUTHORIZED);
    assert_eq!(without.headers["www-authenticate"], "Bearer");
    assert!(!without.text.contains("storeloom_"));
    for wrong in ["metrics-token-for-the-test", "not-the-token", ""] {
        let reply = app.get("/metrics").token(wrong).send().await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{wrong:?}");
    }
    let basic = app
        .get("/metrics")
        .header("authorization", &format!("Basic {TOKEN}"))
        .send()
        .await;
    assert_eq!(basic.status, StatusCode::UNAUTHORIZED);
    let reply = app.get("/metrics").token(TOKEN).send().await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(
        reply.headers["content-type"]
            .to_str()
            .expect("text")
            .starts_with("text/plain; version=0.0.4"),
        "{:?}",
        reply.headers
    );
    for gauge in [
        "storeloom_db_pool_connections",
        "storeloom_db_pool_max_connections",
        "storeloom_ingest_queue_depth",
        "storeloom_outbox_pending",
        "storeloom_rollup_index_bytes",
        "process_resident_memory_bytes",
    ] {
        assert!(
            reply.text.contains(&format!("\n{gauge}")),
            "{gauge} in {}",
            reply.text
        );
    }
    assert!(value(&reply.text, "process_resident_memory_bytes", &[]) > 1e6);
}

#[tokio::test]
async fn requests_are_counted_by_route_template_never_by_raw_path() {
    let app = metrics_app().await;
    let product = "/s/demo/products/no-such-product-counted";
    let labels = [
        "route=\"/s/{subdomain}/products/{handle}\"",
        "method=\"GET\"",
        "status=\"404\"",
    ];
    let before = value(
        &scrape(&app).await,
        "storeloom_http_requests_total",
        &labels,
    );
    for _ in 0..3 {
        assert_eq!(app.get(product).send().await.status, StatusCode::NOT_FOUND);
    }
    let unmatched = app.get("/no-such-page-counted").send().await;
    assert_eq!(unmatched.status, StatusCode::NOT_FOUND);
    let unknown_call = app.get("/api/no-such-call-counted").send().await;
    assert_eq!(unknown_call.status, StatusCode::NOT_FOUND);
    // The file services: labelled by their mount, not as unmatched.
    for path in [
        "/admin/orders/no-such-page-counted",
        "/admin/assets/no-such-file-counted.js",
        "/uploads/no-such-file-counted.png",
    ] {
        app.get(path).send().await;
    }
    let health = app.get("/api/health").send().await;
    assert_eq!(health.status, StatusCode::OK);

    let text = scrape(&app).await;
    let after = value(&text, "storeloom_http_requests_total", &labels);
    assert!(after >= before + 3.0, "{before} -> {after}\n{text}");
    assert!(
        value(
            &text,
            "storeloom_http_requests_total",
            &["route=\"unmatched\"", "status=\"404\""]
        ) >= 1.0,
        "{text}"
    );
    assert!(
        value(
            &text,
            "storeloom_http_request_duration_seconds_count",
            &["route=\"/api/health\"", "method=\"GET\""]
        ) >= 1.0,
        "{text}"
    );
    for mount in [
        "/admin/{*path}",
        "/admin/assets/{*file}",
        "/uploads/{*file}",
    ] {
        let label = format!("route=\"{mount}\"");
        assert!(
            value(&text, "storeloom_http_requests_total", &[&label]) >= 1.0,
            "{mount}: {text}"
        );
    }
    assert!(text.contains("storeloom_http_request_duration_seconds_bucket{"));
    for raw in [
        "no-such-product-counted",
        "no-such-page-counted",
        "no-such-call-counted",
    ] {
        assert!(!text.contains(raw), "{raw}: {text}");
    }
    assert!(!text.contains("route=\"/s/demo"), "{text}");
}

#[tokio::test]
async fn sign_in_failures_and_ingested_batches_are_counted() {
    let app = metrics_app().await;
    let (_, store) = fresh_store(&app).await;
    let before = scrape(&app).await;

    let wrong = app
        .post("/api/auth/login")
        .json(&json!({"email": OWNER_EMAIL, "password": "not the password"}))
        .send()
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    let now = server::db::now_ms();
    let batch = json!({
        "storeKey": store,
        "events": [
            {"type": "page_view", "sessionId": "metrics-1", "at": now - 1_000, "page": "/"},
            {"type": "page_view", "sessionId": "metrics-1", "at": now - 3_600_000, "page": "/"},
        ],
    });
    let stored = app
        .post("/api/storefront/events")
        .json(&batch)
        .header("user-agent", BROWSER)
        .send()
        .await;
    assert_eq!(stored.status, StatusCode::ACCEPTED, "{}", stored.text);
    assert_eq!(stored.json, json!({"accepted": 1, "dropped": 1}));

    let after = scrape(&app).await;
    let grew =
        |name: &str, labels: &[&str]| value(&after, name, labels) - value(&before, name, labels);
    assert!(
        grew("storeloom_login_failures_total", &[]) >= 1.0,
        "{after}"
    );
    assert!(
        grew("storeloom_ingest_batches_total", &["outcome=\"stored\""]) >= 1.0,
        "{after}"
    );
    assert!(grew("storeloom_ingest_events_total", &["outcome=\"accepted\""]) >= 1.0);
    assert!(grew("storeloom_ingest_events_total", &["outcome=\"dropped\""]) >= 1.0);
    assert!(!after.contains(&store), "no store id in a label");
}

#[tokio::test]
async fn the_private_address_serves_metrics_without_a_token_and_nothing_else() {
    let app = spawn_app().await;
    let address = server::metrics::serve::serve_private(
        std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
        &app.state,
    )
    .await
    .expect("bound");
    let (status, body) = http_get(address, "/metrics").await;
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    assert!(body.contains("storeloom_db_pool_max_connections"), "{body}");
    let (status, _) = http_get(address, "/api/health").await;
    assert!(status.starts_with("HTTP/1.1 404"), "{status}");
}

/// A plain HTTP/1.1 GET over a real connection: the status line and the body.
async fn http_get(address: std::net::SocketAddr, path: &str) -> (String, String) {
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("connect");
    let request = format!("GET {path} HTTP/1.1\r\nHost: metrics\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("request");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.expect("answer");
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    (
        head.lines().next().unwrap_or_default().to_owned(),
        body.to_owned(),
    )
}
