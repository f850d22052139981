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
/// changed by `change`. The database is a copy of a template migrated and seeded once per test
/// process for each variant of the seed's settings (`SeedKey`): a copied file on SQLite, a
/// `CREATE DATABASE ... TEMPLATE` on PostgreSQL, with the seeded pictures copied beside it.
pub async fn spawn_app_configured(change: impl FnOnce(&mut Config)) -> TestApp {
    let mut config = Config::for_tests("");
    // Each test keeps its uploads (and seeded pictures) in a folder of its own, removed after.
    config.upload_dir = std::env::temp_dir().join(format!("storeloom_uploads_{}", uuid_like()));
    change(&mut config);
    let template = template(SeedKey::of(&config));
    let (url, sqlite_file) = copy_of(&template).await;
    config.database_url.clone_from(&url);
    copy_folder(&template.uploads, &config.upload_dir).expect("copy the seeded uploads");
    let db = server::db::connect(&url)
        .await
        .expect("connect and migrate");
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

/// What the demo seed reads from the configuration, besides the uploads folder (copied).
#[derive(Clone, PartialEq, Eq, Hash)]
struct SeedKey {
    store_domain_suffix: String,
    store_limit: i64,
    demo_catalog: bool,
}

impl SeedKey {
    fn of(config: &Config) -> Self {
        SeedKey {
            store_domain_suffix: config.store_domain_suffix.clone(),
            store_limit: config.store_limit,
            demo_catalog: config.demo_catalog,
        }
    }
}

/// A migrated and seeded database to copy: a SQLite file or a PostgreSQL database's name, and
/// the folder of its seeded pictures.
struct Template {
    sqlite_file: Option<std::path::PathBuf>,
    postgres_name: Option<String>,
    uploads: std::path::PathBuf,
}

/// The process's template for `key`, made on first use. It is made on a thread and runtime of
/// its own (each test has its own runtime, and a pool lives in the one that opened it), and the
/// tests that want it meanwhile wait for it.
fn template(key: SeedKey) -> std::sync::Arc<Template> {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    type Slot = Arc<OnceLock<Arc<Template>>>;
    static TEMPLATES: OnceLock<Mutex<HashMap<SeedKey, Slot>>> = OnceLock::new();
    let slot = TEMPLATES
        .get_or_init(Default::default)
        .lock()
        .expect("templates")
        .entry(key.clone())
        .or_default()
        .clone();
    slot.get_or_init(|| {
        std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime")
                .block_on(make_template(key))
        })
        .join()
        .expect("template made")
    })
    .clone()
}

async fn make_template(key: SeedKey) -> std::sync::Arc<Template> {
    remove_dead_templates();
    let name = format!("storeloom_template_{}", uuid_like());
    let (url, sqlite_file) = new_database(&name).await;
    let uploads = std::env::temp_dir().join(format!("{name}_uploads"));
    let mut config = Config::for_tests(&url);
    config.store_domain_suffix = key.store_domain_suffix;
    config.store_limit = key.store_limit;
    config.demo_catalog = key.demo_catalog;
    config.upload_dir.clone_from(&uploads);
    let db = server::db::connect(&url)
        .await
        .expect("connect and migrate the template");
    server::seed_demo(&db, &config)
        .await
        .expect("seed the template");
    // The seeded pictures' widths, made once here as the job makes them in a running server:
    // each test's job then finds only the pictures it uploads.
    server::services::pictures::make_due(&db, &uploads)
        .await
        .expect("the seeded pictures' widths");
    if sqlite_file.is_some() {
        // Everything into the main file, so that a copy of it alone is the whole database.
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&db)
            .await
            .expect("checkpoint the template");
    }
    db.close().await;
    std::fs::create_dir_all(&uploads).expect("template uploads");
    std::sync::Arc::new(Template {
        postgres_name: sqlite_file.is_none().then_some(name),
        sqlite_file,
        uploads,
    })
}

/// Removes the templates left in the temporary folder by test processes that have ended.
fn remove_dead_templates() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix("storeloom_template_") else {
            continue;
        };
        let pid = rest.split('_').next().unwrap_or_default();
        if !pid.is_empty() && !std::path::Path::new(&format!("/proc/{pid}")).exists() {
            let path = entry.path();
            let _ = std::fs::remove_file(&path).or_else(|_| std::fs::remove_dir_all(&path));
        }
    }
}

/// A new database of the test's own, copied from `template`: its URL, and its file on SQLite.
async fn copy_of(template: &Template) -> (String, Option<std::path::PathBuf>) {
    let name = format!("storeloom_test_{}", uuid_like());
    match (&template.sqlite_file, &template.postgres_name) {
        (Some(file), _) => {
            let path = std::env::temp_dir().join(format!("{name}.db"));
            std::fs::copy(file, &path).expect("copy the template database");
            (format!("sqlite://{}", path.display()), Some(path))
        }
        (None, Some(template_name)) => {
            let url = postgres_admin_url().expect("TEST_DATABASE_URL");
            run_on_postgres(
                &url,
                &format!("CREATE DATABASE {name} TEMPLATE {template_name}"),
            )
            .await;
            (replace_database(&url, &name), None)
        }
        (None, None) => unreachable!("a template is a file or a database"),
    }
}

/// A new empty database named `name`: its URL, and its file on SQLite.
pub async fn new_database(name: &str) -> (String, Option<std::path::PathBuf>) {
    match postgres_admin_url() {
        Some(admin_url) => {
            run_on_postgres(&admin_url, &format!("CREATE DATABASE {name}")).await;
            (replace_database(&admin_url, name), None)
        }
        None => {
            let path = std::env::temp_dir().join(format!("{name}.db"));
            (format!("sqlite://{}", path.display()), Some(path))
        }
    }
}

/// TEST_DATABASE_URL when it names a PostgreSQL server (the tests then run there).
fn postgres_admin_url() -> Option<String> {
    std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|url| url.starts_with("postgres"))
}

/// Runs one statement on the PostgreSQL of `admin_url` (names made here of digits, letters and
/// underscores only).
async fn run_on_postgres(admin_url: &str, statement: &str) {
    use sqlx::Connection;
    let mut admin = sqlx::PgConnection::connect(admin_url)
        .await
        .expect("connect to the PostgreSQL of TEST_DATABASE_URL");
    sqlx::query(sqlx::AssertSqlSafe(statement.to_owned()))
        .execute(&mut admin)
        .await
        .unwrap_or_else(|e| panic!("{statement}: {e}"));
}

/// `url` with its database name replaced by `name`.
fn replace_database(url: &str, name: &str) -> String {
    let (base, _) = url.rsplit_once('/').expect("URL with a database name");
    format!("{base}/{name}")
}

/// Copies the folder `from` (and what is in it) to `to`.
fn copy_folder(from: &std::path::Path, to: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_folder(&entry.path(), &target)?;
        } else if std::fs::hard_link(entry.path(), &target).is_err() {
            // A link where it can be (files are written whole, under a new name, and never
            // changed in place), else a copy.
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
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
    /// A request of `method` to `path`, to finish with `.json` (or `.body`), `.token`,
    /// `.store`, `.header` and `.send().await`.
    pub fn request<'a>(&'a self, method: Method, path: &'a str) -> Call<'a> {
        Call {
            app: self,
            method,
            path,
            body: None,
            token: None,
            headers: Vec::new(),
        }
    }

    pub fn get<'a>(&'a self, path: &'a str) -> Call<'a> {
        self.request(Method::GET, path)
    }

    pub fn post<'a>(&'a self, path: &'a str) -> Call<'a> {
        self.request(Method::POST, path)
    }

    pub fn put<'a>(&'a self, path: &'a str) -> Call<'a> {
        self.request(Method::PUT, path)
    }

    pub fn patch<'a>(&'a self, path: &'a str) -> Call<'a> {
        self.request(Method::PATCH, path)
    }

    pub fn delete<'a>(&'a self, path: &'a str) -> Call<'a> {
        self.request(Method::DELETE, path)
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
    /// The theme editor's signed preview token for a theme of `store` (signed in with
    /// `token`): the one of `family` (`hydro` or `newchick`) when asked, else the active one.
    pub async fn preview_token(&self, token: &str, store: &str, family: Option<&str>) -> String {
        let themes = self
            .get("/api/stores/onlinestore/themes")
            .token(token)
            .store(store)
            .send()
            .await;
        let theme = themes
            .json
            .as_array()
            .expect("the store's themes")
            .iter()
            .find(|t| match family {
                Some(family) => t["family"] == family,
                None => t["isActive"] == true,
            })
            .expect("a theme of the family");
        let link = self
            .post(&format!(
                "/api/stores/onlinestore/themes/{}/preview",
                theme["id"].as_str().expect("id")
            ))
            .token(token)
            .store(store)
            .send()
            .await;
        assert_eq!(link.status, StatusCode::OK, "{}", link.text);
        link.json["token"].as_str().expect("token").to_owned()
    }

    /// The preview token for the demo store's theme of `family` (the active one when `None`).
    pub async fn demo_preview_token(&self, family: Option<&str>) -> String {
        let (token, _, store) = self.session_of(OWNER_EMAIL).await;
        self.preview_token(&token, &store.expect("the owner's store"), family)
            .await
    }

    pub async fn login(&self, email: &str, password: &str) -> Value {
        let reply = self
            .post("/api/auth/login")
            .json(&serde_json::json!({"email": email, "password": password}))
            .send()
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

/// A request being built by `TestApp::request` (or `get`, `post`, `put`, `patch`, `delete`):
/// a body, a bearer token, the store header and other headers; `send` sends it.
#[must_use = "a request does nothing until it is sent"]
pub struct Call<'a> {
    app: &'a TestApp,
    method: Method,
    path: &'a str,
    body: Option<Body>,
    token: Option<&'a str>,
    headers: Vec<(&'a str, &'a str)>,
}

impl<'a> Call<'a> {
    /// `body` as the JSON body.
    pub fn json(self, body: &Value) -> Self {
        self.maybe_json(Some(body))
    }

    /// `body` as the JSON body when there is one.
    pub fn maybe_json(mut self, body: Option<&Value>) -> Self {
        self.body = body.map(|b| Body::from(b.to_string()));
        self
    }

    /// A body as it is (sent as JSON unless a `content-type` header says otherwise).
    pub fn body(mut self, body: impl Into<Body>) -> Self {
        self.body = Some(body.into());
        self
    }

    /// `Authorization: Bearer {token}`.
    pub fn token(self, token: &'a str) -> Self {
        self.maybe_token(Some(token))
    }

    /// `Authorization: Bearer {token}` when there is one.
    pub fn maybe_token(mut self, token: Option<&'a str>) -> Self {
        self.token = token;
        self
    }

    /// `X-Store-Id: {store_id}`.
    pub fn store(self, store_id: &'a str) -> Self {
        self.header("x-store-id", store_id)
    }

    /// `X-Store-Id: {store_id}` when there is one.
    pub fn maybe_store(self, store_id: Option<&'a str>) -> Self {
        self.maybe_header("x-store-id", store_id)
    }

    /// Another header.
    pub fn header(mut self, name: &'a str, value: &'a str) -> Self {
        self.headers.push((name, value));
        self
    }

    /// Another header when there is a value.
    pub fn maybe_header(self, name: &'a str, value: Option<&'a str>) -> Self {
        match value {
            Some(value) => self.header(name, value),
            None => self,
        }
    }

    /// Sends the request: `Content-Type: application/json` when there is a body and no
    /// `content-type` header.
    pub async fn send(self) -> Reply {
        let mut request = Request::builder().method(self.method).uri(self.path);
        let has_content_type = self
            .headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("content-type"));
        if self.body.is_some() && !has_content_type {
            request = request.header(header::CONTENT_TYPE, "application/json");
        }
        if let Some(token) = self.token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        for (name, value) in self.headers {
            request = request.header(name, value);
        }
        let request = request
            .body(self.body.unwrap_or_else(Body::empty))
            .expect("request");
        let response = self
            .app
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
    server::db::rollups::rebuild(&mut conn, Some(store_id))
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
/// The subdomain of the store `store`, as its owner reads it.
pub async fn subdomain_of(app: &TestApp, token: &str, store: &str) -> String {
    let current = app
        .get("/api/stores/current")
        .token(token)
        .store(store)
        .send()
        .await;
    current.json["subdomain"]
        .as_str()
        .expect("subdomain")
        .to_owned()
}

pub async fn fresh_store(app: &TestApp) -> (String, String) {
    let (token, _, _) = app.session_of(SELLER_EMAIL).await;
    let created = app
        .post("/api/users/create-store")
        .json(&serde_json::json!({"storeName": "Fresh Shop"}))
        .token(&token)
        .send()
        .await;
    (token, created.json["id"].as_str().expect("id").to_owned())
}

/// Puts the store on the plan `code` as its owner (test mode: nothing is charged), for a test
/// that needs more than the free plan allows (staff, a second theme, a 51st product).
pub async fn choose_plan(app: &TestApp, token: &str, store: &str, code: &str) {
    let chosen = app
        .put("/api/stores/subscription")
        .json(&serde_json::json!({ "planCode": code }))
        .token(token)
        .store(store)
        .send()
        .await;
    assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text);
}
