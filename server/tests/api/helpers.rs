//! `spawn_app()`: the real router over a fresh, migrated, seeded database, and a small client
//! that drives it in-process.

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use server::config::Config;
use server::state::AppState;
use tower::ServiceExt;

/// One application under test.
pub struct TestApp {
    pub router: Router,
    pub state: AppState,
    sqlite_file: Option<std::path::PathBuf>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(path) = &self.sqlite_file {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
            }
        }
        let _ = std::fs::remove_dir_all(&self.state.config.upload_dir);
    }
}

/// The reply to a request: status, headers and the body parsed as JSON (`Null` when empty or
/// not JSON).
pub struct Reply {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub json: Value,
    pub text: String,
    /// The body as it came (a gzipped one is not text).
    pub bytes: axum::body::Bytes,
}

impl Reply {
    /// The `messages` of an error body; panics when the body is not one.
    pub fn messages(&self) -> Vec<String> {
        let messages = self.json["messages"]
            .as_array()
            .unwrap_or_else(|| panic!("not an error body: {}", self.text));
        messages
            .iter()
            .map(|m| m.as_str().expect("message is a string").to_owned())
            .collect()
    }
}

/// Starts the application over a fresh database, with the demo data and `static_dir`.
pub async fn spawn_app_with(static_dir: Option<std::path::PathBuf>) -> TestApp {
    spawn_app_configured(|config| {
        if let Some(dir) = static_dir {
            config.static_dir = dir;
        }
    })
    .await
}

/// Starts the application over a fresh database with the demo data, the test configuration
/// changed by `change`.
pub async fn spawn_app_configured(change: impl FnOnce(&mut Config)) -> TestApp {
    let (url, sqlite_file) = fresh_database_url().await;
    let mut config = Config::for_tests(&url);
    // Each test keeps its uploads (and seeded pictures) in a folder of its own, removed after.
    config.upload_dir = std::env::temp_dir().join(format!("storeloom_uploads_{}", uuid_like()));
    change(&mut config);
    let db = server::db::connect(&url)
        .await
        .expect("connect and migrate");
    server::db::seed::demo(&db, &config).await.expect("seed");
    let state = AppState::new(db, config).await.expect("state");
    TestApp {
        // Requests come from a loopback peer, as behind a local proxy.
        router: server::app(state.clone()).layer(axum::extract::connect_info::MockConnectInfo(
            std::net::SocketAddr::from(([127, 0, 0, 1], 40_000)),
        )),
        state,
        sqlite_file,
    }
}

/// Starts the application over a fresh database with the demo data.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(None).await
}

async fn fresh_database_url() -> (String, Option<std::path::PathBuf>) {
    let name = format!("storeloom_test_{}", uuid_like());
    match std::env::var("TEST_DATABASE_URL") {
        Ok(admin_url) if admin_url.starts_with("postgres") => {
            use sqlx::Connection;
            let mut admin = sqlx::PgConnection::connect(&admin_url)
                .await
                .expect("connect to the PostgreSQL of TEST_DATABASE_URL");
            // The name is made here of digits and underscores only.
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                .execute(&mut admin)
                .await
                .expect("create test database");
            let (base, _) = admin_url
                .rsplit_once('/')
                .expect("URL with a database name");
            (format!("{base}/{name}"), None)
        }
        _ => {
            let path = std::env::temp_dir().join(format!("{name}.db"));
            (format!("sqlite://{}", path.display()), Some(path))
        }
    }
}

fn uuid_like() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!(
        "{}_{}_{}",
        std::process::id(),
        nanos,
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

impl TestApp {
    /// Sends a request with an optional JSON body, bearer token and extra headers.
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        body: Option<Body>,
        token: Option<&str>,
        headers: &[(&str, &str)],
    ) -> Reply {
        let mut request = Request::builder().method(method).uri(path);
        let has_content_type = headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("content-type"));
        if body.is_some() && !has_content_type {
            request = request.header(header::CONTENT_TYPE, "application/json");
        }
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let request = request
            .body(body.unwrap_or_else(Body::empty))
            .expect("request");
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("response");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        Reply {
            status,
            headers,
            json: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            text,
            bytes,
        }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.send(Method::GET, path, None, token, &[]).await
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> Reply {
        self.send(
            Method::POST,
            path,
            Some(Body::from(body.to_string())),
            None,
            &[],
        )
        .await
    }

    /// Sends JSON (or nothing) with a token and, when given, a store header.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
        token: Option<&str>,
        store_id: Option<&str>,
    ) -> Reply {
        let headers: Vec<(&str, &str)> = store_id
            .map(|id| vec![("x-store-id", id)])
            .unwrap_or_default();
        self.send(
            method,
            path,
            body.map(|b| Body::from(b.to_string())),
            token,
            &headers,
        )
        .await
    }

    /// The newest e-mail sent to `to`: (subject, body).
    pub async fn last_mail_to(&self, to: &str) -> Option<(String, String)> {
        sqlx::query_as("SELECT subject, body FROM outbox WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1")
            .bind(to)
            .fetch_optional(&self.state.db)
            .await
            .expect("outbox")
    }

    /// The token in the link of the newest e-mail to `to`.
    pub async fn token_mailed_to(&self, to: &str) -> String {
        let (_, body) = self
            .last_mail_to(to)
            .await
            .unwrap_or_else(|| panic!("no mail to {to}"));
        let start = body.find("token=").expect("a link with a token") + "token=".len();
        body[start..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect()
    }

    /// Signs in and returns (access token, refresh token, store id).
    pub async fn session_of(&self, email: &str) -> (String, String, Option<String>) {
        let reply = self.login(email, DEMO_PASSWORD).await;
        (
            reply["accessToken"].as_str().expect("access").to_owned(),
            reply["refreshToken"].as_str().expect("refresh").to_owned(),
            reply["storeId"].as_str().map(str::to_owned),
        )
    }

    /// The id of the user with this e-mail.
    pub async fn user_id(&self, email: &str) -> String {
        let (id,): (String,) = sqlx::query_as("SELECT id FROM users WHERE email = $1")
            .bind(email)
            .fetch_one(&self.state.db)
            .await
            .expect("user");
        id
    }

    /// The id of the store with this subdomain.
    pub async fn store_id(&self, subdomain: &str) -> String {
        let (id,): (String,) = sqlx::query_as("SELECT id FROM stores WHERE subdomain = $1")
            .bind(subdomain)
            .fetch_one(&self.state.db)
            .await
            .expect("store");
        id
    }

    /// Signs in and returns the login reply's JSON.
    pub async fn login(&self, email: &str, password: &str) -> Value {
        let reply = self
            .post_json(
                "/api/auth/login",
                &serde_json::json!({"email": email, "password": password}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "login failed: {}", reply.text);
        reply.json
    }

    /// The access token of a fresh demo-owner session.
    pub async fn owner_token(&self) -> String {
        self.login(OWNER_EMAIL, DEMO_PASSWORD).await["accessToken"]
            .as_str()
            .expect("access token")
            .to_owned()
    }
}

/// A full shipping address in the United States, for a checkout's `shippingAddress`.
pub fn address(name: &str) -> serde_json::Value {
    serde_json::json!({"name": name, "line1": "1 Main St", "line2": "Apt 4", "city": "Springfield",
        "region": "IL", "postcode": "62701", "country": "US", "phone": "+1 217 555 0100"})
}

pub const OWNER_EMAIL: &str = "owner@storeloom.dev";
pub const SELLER_EMAIL: &str = "seller@example.com";
/// Demo staff of the Demo Store: orders and products only.
pub const ORDERS_STAFF_EMAIL: &str = "orders@example.com";
/// Demo staff of the Demo Store: themes, pages, navigation, domains, preferences.
pub const DESIGNER_EMAIL: &str = "designer@example.com";
pub const DEMO_PASSWORD: &str = "storeloom";

/// Adds an order to a store: `status` paid, refunded, pending or voided, captured at
/// `captured_at` (ms) when given; and brings the analytics rollups up to date, as writing an
/// order does.
pub async fn add_order(
    app: &TestApp,
    store_id: &str,
    number: i64,
    total_minor: i64,
    status: &str,
    captured_at: Option<i64>,
) {
    let id = server::db::new_id();
    let refunded = status == "refunded";
    sqlx::query(
        "INSERT INTO orders (id, store_id, order_number, order_name, customer_name, customer_email, currency, \
         subtotal_minor, shipping_minor, discount_minor, grand_total_minor, financial_status, fulfillment_status, \
         line_items, created_at, captured_at, refunded_minor) VALUES ($1, $2, $3, $4, 'Buyer', 'buyer@example.com', 'USD', $5, 0, 0, $5, \
         $6, $9, $10, $7, $8, $11)",
    )
    .bind(&id)
    .bind(store_id)
    .bind(number)
    .bind(format!("#{number}"))
    .bind(total_minor)
    .bind(status)
    .bind(captured_at.unwrap_or_else(server::db::now_ms))
    .bind(captured_at)
    .bind(if refunded { "closed" } else { "unfulfilled" })
    .bind(
        serde_json::json!([{"title": "Item", "quantity": 1, "priceMinor": total_minor,
            "refundedQuantity": i64::from(refunded)}])
        .to_string(),
    )
    .bind(if refunded { total_minor } else { 0 })
    .execute(&app.state.db)
    .await
    .expect("order");
    // A refunded order's refund, all of it at its capture (as the server records one).
    if refunded && let Some(at) = captured_at {
        sqlx::query(
            "INSERT INTO order_refunds (id, store_id, order_id, lines, shipping_minor, amount_minor, restock, reason, \
             is_test, created_at) VALUES ($1, $2, $3, '[]', 0, $4, 0, '', 0, $5)",
        )
        .bind(server::db::new_id())
        .bind(store_id)
        .bind(&id)
        .bind(total_minor)
        .bind(at)
        .execute(&app.state.db)
        .await
        .expect("refund");
    }
    let mut conn = app.state.db.acquire().await.expect("connection");
    server::analytics::rollup::rebuild(&mut conn, Some(store_id))
        .await
        .expect("rollups");
}

/// A product of the store with `subdomain` by handle, as stored: `{id, variants: [{id, price,
/// stock, ...}]}` (the public API shows availability, not stock counts).
pub async fn stored_product(app: &TestApp, subdomain: &str, handle: &str) -> serde_json::Value {
    let (id, variants): (String, String) = sqlx::query_as(
        "SELECT p.id, p.variants FROM products p JOIN stores s ON s.id = p.store_id \
         WHERE s.subdomain = $1 AND p.handle = $2",
    )
    .bind(subdomain)
    .bind(handle)
    .fetch_one(&app.state.db)
    .await
    .expect("product");
    let variants: serde_json::Value = serde_json::from_str(&variants).expect("variants");
    serde_json::json!({"id": id, "variants": variants})
}

/// Adds `count` paid orders of `total_minor` each to a store, captured now.
pub async fn paid_orders(app: &TestApp, store_id: &str, count: usize, total_minor: i64) {
    let now = server::db::now_ms();
    for n in 0..count {
        add_order(
            app,
            store_id,
            9000 + n as i64,
            total_minor,
            "paid",
            Some(now),
        )
        .await;
    }
}

/// A fresh store of the seller's, with nothing in it: (the seller's token, the store's id).
pub async fn fresh_store(app: &TestApp) -> (String, String) {
    let (token, _, _) = app.session_of(SELLER_EMAIL).await;
    let created = app
        .call(
            Method::POST,
            "/api/users/create-store",
            Some(&serde_json::json!({"storeName": "Fresh Shop"})),
            Some(&token),
            None,
        )
        .await;
    (token, created.json["id"].as_str().expect("id").to_owned())
}
