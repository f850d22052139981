//! The store's smaller records and settings, inventory, the bulk editor, bulk updates and
//! product feeds: round trips, the core's refusals with nothing written, references to another
//! store's data refused, and all-or-nothing batches.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{OWNER_EMAIL, Reply, TestApp, fresh_store, spawn_app};

struct Client<'a> {
    app: &'a TestApp,
    token: String,
    store: String,
}

impl Client<'_> {
    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Reply {
        self.app
            .request(method, path)
            .maybe_json(body.as_ref())
            .token(&self.token)
            .store(&self.store)
            .send()
            .await
    }
}

async fn owner(app: &TestApp) -> Client<'_> {
    let (token, _, _) = app.session_of(OWNER_EMAIL).await;
    Client {
        app,
        token,
        store: app.store_id("demo").await,
    }
}

async fn first_product(c: &Client<'_>) -> Value {
    let list = c
        .call(Method::GET, "/api/stores/products?limit=1", None)
        .await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text);
    list.json["products"][0].clone()
}

#[tokio::test]
async fn size_charts_round_trip_and_bad_ones_are_refused_with_nothing_written() {
    let app = spawn_app().await;
    let c = owner(&app).await;
    let chart = json!({"name": "Tees", "unit": "cm", "columns": ["Size", "Chest"], "rows": [["S", "88"], ["M", "96"]]});
    let created = c
        .call(Method::POST, "/api/stores/size-charts", Some(chart))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.json["id"].as_str().expect("id").to_owned();
    assert_eq!(created.json["data"]["rows"][1][1], "96");

    let bad = c
        .call(
            Method::POST,
            "/api/stores/size-charts",
            Some(json!({"name": " ", "unit": "ft", "columns": ["Size", "Chest"], "rows": [["S"]]})),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
    let messages = bad.messages();
    assert!(
        messages.contains(&"A size chart's name is required.".to_owned()),
        "{messages:?}"
    );
    assert!(
        messages.contains(&"The unit is cm or in.".to_owned()),
        "{messages:?}"
    );
    assert!(
        messages.contains(&"Every row has one cell per column.".to_owned()),
        "{messages:?}"
    );

    let replaced = c
        .call(
            Method::PUT,
            &format!("/api/stores/size-charts/{id}"),
            Some(json!({"name": "Tees v2", "unit": "in", "columns": ["Size"], "rows": [["L"]]})),
        )
        .await;
    assert_eq!(replaced.status, StatusCode::OK, "{}", replaced.text);
    let list = c.call(Method::GET, "/api/stores/size-charts", None).await;
    assert_eq!(list.json["total"], 1);
    assert_eq!(list.json["records"][0]["data"]["name"], "Tees v2");

    // Another store's collection cannot be attached.
    let (seller, other_store) = fresh_store(&app).await;
    let foreign = app
        .post("/api/stores/collections")
        .json(&json!({"title": "Theirs"}))
        .token(&seller)
        .store(&other_store)
        .send()
        .await;
    assert_eq!(foreign.status, StatusCode::CREATED, "{}", foreign.text);
    let attach = c
        .call(
            Method::PUT,
            &format!("/api/stores/size-charts/{id}"),
            Some(json!({"name": "Tees v3", "unit": "in", "columns": ["Size"], "rows": [["L"]], "collectionIds": [foreign.json["id"]]})),
        )
        .await;
    assert_eq!(attach.status, StatusCode::BAD_REQUEST, "{}", attach.text);
    let kept = c
        .call(Method::GET, &format!("/api/stores/size-charts/{id}"), None)
        .await;
    assert_eq!(kept.json["data"]["name"], "Tees v2");

    // Nor can the other store read or delete this one.
    let theirs = app
        .get(&format!("/api/stores/size-charts/{id}"))
        .token(&seller)
        .store(&other_store)
        .send()
        .await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    let deleted = c
        .call(
            Method::DELETE,
            &format!("/api/stores/size-charts/{id}"),
            None,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text);
    let gone = c
        .call(Method::GET, &format!("/api/stores/size-charts/{id}"), None)
        .await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn settings_start_from_defaults_and_keep_what_is_saved() {
    let app = spawn_app().await;
    let c = owner(&app).await;
    let telegram = c
        .call(Method::GET, "/api/stores/settings/telegram", None)
        .await;
    assert_eq!(telegram.status, StatusCode::OK, "{}", telegram.text);
    assert_eq!(telegram.json["enabled"], false);

    let bad = c
        .call(
            Method::PUT,
            "/api/stores/settings/telegram",
            Some(json!({"enabled": true, "chatId": "not a chat", "notifyOrders": true, "notifyPayouts": false})),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
    let saved = c
        .call(
            Method::PUT,
            "/api/stores/settings/telegram",
            Some(json!({"enabled": true, "chatId": "-100123456", "notifyOrders": true, "notifyPayouts": false})),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let again = c
        .call(Method::GET, "/api/stores/settings/telegram", None)
        .await;
    assert_eq!(again.json["chatId"], "-100123456");
    assert_eq!(again.json["notifyPayouts"], false);

    let channels = c
        .call(Method::GET, "/api/stores/sales-channels", None)
        .await;
    assert_eq!(channels.json["enabled"], json!(["online_store"]));
    let without_store = c
        .call(
            Method::PUT,
            "/api/stores/sales-channels",
            Some(json!({"enabled": ["google"]})),
        )
        .await;
    assert_eq!(without_store.status, StatusCode::BAD_REQUEST);
    let apps = c
        .call(
            Method::PUT,
            "/api/stores/apps/switches",
            Some(json!({"enabled": ["size-chart", "nope"]})),
        )
        .await;
    assert_eq!(apps.status, StatusCode::BAD_REQUEST);
    assert_eq!(apps.messages(), vec!["There is no app nope.".to_owned()]);
    let apps = c
        .call(
            Method::PUT,
            "/api/stores/apps/switches",
            Some(json!({"enabled": ["size-chart", "boost-upsell"]})),
        )
        .await;
    assert_eq!(apps.status, StatusCode::OK, "{}", apps.text);
}

#[tokio::test]
async fn stock_changes_are_all_or_nothing() {
    let app = spawn_app().await;
    let c = owner(&app).await;
    let product = first_product(&c).await;
    let id = product["id"].as_str().expect("id");
    let variant = product["variants"][0]["id"].as_str().expect("variant");
    let before = product["variants"][0]["stock"].clone();

    let mixed = c
        .call(
            Method::PUT,
            "/api/stores/inventory",
            Some(json!({"changes": [
                {"productId": id, "variantId": variant, "stock": 7},
                {"productId": id, "variantId": "no-such-variant", "stock": 3},
            ]})),
        )
        .await;
    assert_eq!(mixed.status, StatusCode::BAD_REQUEST, "{}", mixed.text);
    let unchanged = c
        .call(Method::GET, &format!("/api/stores/products/{id}"), None)
        .await;
    assert_eq!(unchanged.json["variants"][0]["stock"], before);

    let negative = c
        .call(
            Method::PUT,
            "/api/stores/inventory",
            Some(json!({"changes": [{"productId": id, "variantId": variant, "stock": -1}]})),
        )
        .await;
    assert_eq!(negative.status, StatusCode::BAD_REQUEST);

    let ok = c
        .call(
            Method::PUT,
            "/api/stores/inventory",
            Some(json!({"changes": [{"productId": id, "variantId": variant, "stock": 42}]})),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    assert_eq!(ok.json["changed"], 1);
    let after = c
        .call(Method::GET, &format!("/api/stores/products/{id}"), None)
        .await;
    assert_eq!(after.json["variants"][0]["stock"], 42);
}

#[tokio::test]
async fn the_bulk_editor_and_bulk_updates_change_products() {
    let app = spawn_app().await;
    let c = owner(&app).await;
    let product = first_product(&c).await;
    let id = product["id"].as_str().expect("id");

    let patched = c
        .call(
            Method::PUT,
            "/api/stores/products/bulk",
            Some(json!({"products": [{"id": id, "title": "Renamed", "price": 12.5, "status": "draft"}]})),
        )
        .await;
    assert_eq!(patched.status, StatusCode::OK, "{}", patched.text);
    let read = c
        .call(Method::GET, &format!("/api/stores/products/{id}"), None)
        .await;
    assert_eq!(read.json["title"], "Renamed");
    assert_eq!(read.json["price"], 12.5);
    assert_eq!(read.json["status"], "draft");

    let refused = c
        .call(
            Method::PUT,
            "/api/stores/products/bulk",
            Some(json!({"products": [{"id": id, "price": 99.0}, {"id": "missing", "price": 1.0}]})),
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    let still = c
        .call(Method::GET, &format!("/api/stores/products/{id}"), None)
        .await;
    assert_eq!(still.json["price"], 12.5);

    let update = c
        .call(
            Method::POST,
            "/api/stores/bulk-updates",
            Some(json!({"field": "price", "operation": "increasePercent", "amount": 10})),
        )
        .await;
    assert_eq!(update.status, StatusCode::CREATED, "{}", update.text);
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM products WHERE store_id = $1")
        .bind(&c.store)
        .fetch_one(&app.state.db)
        .await
        .expect("count");
    assert_eq!(update.json["data"]["affected"], total);
    let raised = c
        .call(Method::GET, &format!("/api/stores/products/{id}"), None)
        .await;
    assert_eq!(raised.json["price"], 13.75);
    // A bulk update is history: it cannot be replaced.
    let put = c
        .call(
            Method::PUT,
            &format!(
                "/api/stores/bulk-updates/{}",
                update.json["id"].as_str().expect("id")
            ),
            Some(json!({"field": "price", "operation": "set", "amount": 1})),
        )
        .await;
    assert_eq!(put.status, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn a_feed_publishes_its_catalog_and_a_purge_takes_only_the_store_s_addresses() {
    let app = spawn_app().await;
    let c = owner(&app).await;
    let catalog = c
        .call(
            Method::POST,
            "/api/stores/catalogs",
            Some(json!({"name": "Google", "channel": "google"})),
        )
        .await;
    assert_eq!(catalog.status, StatusCode::CREATED, "{}", catalog.text);
    let bad_feed = c
        .call(
            Method::POST,
            "/api/stores/product-feeds",
            Some(json!({"name": "Feed", "catalogId": "nope", "format": "xml"})),
        )
        .await;
    assert_eq!(bad_feed.status, StatusCode::BAD_REQUEST);
    for format in ["xml", "csv"] {
        let feed = c
            .call(
                Method::POST,
                "/api/stores/product-feeds",
                Some(json!({"name": "Feed", "catalogId": catalog.json["id"], "format": format})),
            )
            .await;
        assert_eq!(feed.status, StatusCode::CREATED, "{}", feed.text);
        let public = app
            .get(&format!(
                "/api/public/feeds/{}",
                feed.json["id"].as_str().expect("id")
            ))
            .send()
            .await;
        assert_eq!(public.status, StatusCode::OK, "{}", public.text);
        let (active,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM products WHERE store_id = $1 AND status = 'active'",
        )
        .bind(&c.store)
        .fetch_one(&app.state.db)
        .await
        .expect("count");
        let items = if format == "xml" {
            public.text.matches("<item>").count()
        } else {
            public.text.lines().count() - 1
        };
        assert_eq!(items as i64, active, "{format}");
    }
    assert_eq!(
        app.get("/api/public/feeds/unknown").send().await.status,
        StatusCode::NOT_FOUND
    );

    let foreign = c
        .call(
            Method::POST,
            "/api/stores/cache-purges",
            Some(json!({"urls": ["https://evil.example.com/products/x"]})),
        )
        .await;
    assert_eq!(foreign.status, StatusCode::BAD_REQUEST, "{}", foreign.text);
    let purge = c
        .call(
            Method::POST,
            "/api/stores/cache-purges",
            Some(json!({"urls": ["/products/linen-shirt", " /collections/all "]})),
        )
        .await;
    assert_eq!(purge.status, StatusCode::CREATED, "{}", purge.text);
    assert_eq!(purge.json["data"]["purged"], 2);
    let (stamp,): (i64,) = sqlx::query_as("SELECT cache_stamp FROM stores WHERE id = $1")
        .bind(&c.store)
        .fetch_one(&app.state.db)
        .await
        .expect("stamp");
    assert!(stamp > 0);
}
