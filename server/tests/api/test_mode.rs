//! Test mode and the checkout's other guards (issue 24): test orders flagged and kept out of the
//! payout balance and the default analytics, a live store without a gateway taking no order, a
//! live store with one taking orders that wait for payment, the per-address checkout limit,
//! spaced cart ids, malformed storefront addresses, stock counts hidden from the public, and
//! conversions only from the server's orders.

use axum::http::StatusCode;
use serde_json::{Value, json};
use server::analytics::query::{self, Countries, Source, TestOrders};

use crate::helpers::{OWNER_EMAIL, TestApp, spawn_app, spawn_app_configured, stored_product};

const BROWSER: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/// The demo owner's token and store.
async fn owner(app: &TestApp) -> (String, String) {
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    (token, store.expect("store"))
}

/// A demo product and a variant of it with stock.
async fn product(app: &TestApp) -> (String, String) {
    let stored = stored_product(app, "demo", "classic-shirt").await;
    let variant = stored["variants"]
        .as_array()
        .expect("variants")
        .iter()
        .find(|v| v["stock"].as_i64().unwrap_or(0) > 1)
        .expect("a variant with stock")["id"]
        .as_str()
        .expect("variant id")
        .to_owned();
    (stored["id"].as_str().expect("id").to_owned(), variant)
}

fn checkout_body(key: &str, product: &str, variant: &str, quantity: i64) -> Value {
    json!({"idempotencyKey": key, "email": "shopper@example.com", "shippingAddress": crate::helpers::address("Sam Shopper"), "items": [{"productId": product, "variantId": variant, "quantity": quantity}]})
}

async fn balance(app: &TestApp, token: &str, store: &str) -> f64 {
    let reply = app
        .get("/api/stores/payout/v2/balance")
        .token(token)
        .store(store)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    reply.json["availableToPayout"].as_f64().expect("balance")
}

async fn order_count(app: &TestApp) -> i64 {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM orders")
        .fetch_one(&app.state.db)
        .await
        .expect("count");
    n
}

/// Places a one-item order from session `session` on the demo storefront; the order as the
/// admin reads it.
async fn place(app: &TestApp, token: &str, store: &str, key: &str, session: &str) -> Value {
    let (product, variant) = product(app).await;
    let mut body = checkout_body(key, &product, &variant, 1);
    body["sessionId"] = json!(session);
    let placed = app.post("/s/demo/checkout").json(&body).send().await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.text);
    let id = placed.json["orderId"].as_str().expect("id");
    app.get(&format!("/api/stores/orders/{id}"))
        .token(token)
        .store(store)
        .send()
        .await
        .json
}

async fn set_test_mode(app: &TestApp, token: &str, store: &str, on: bool) -> Value {
    let reply = app
        .put("/api/stores/settings/test-mode")
        .json(&json!({"testMode": on}))
        .token(token)
        .store(store)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    reply.json
}

#[tokio::test]
async fn a_test_order_is_flagged_kept_out_of_the_balance_and_shown_apart_in_the_analytics() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let mode = app
        .get("/api/stores/settings/test-mode")
        .token(&token)
        .store(&store)
        .send()
        .await;
    // The demo store is in test mode (it also has gateways).
    assert_eq!(mode.json["testMode"], true);
    let before = balance(&app, &token, &store).await;
    let overview_path = "/api/stores/analytics/overview";
    let count = |path: &'static str| {
        let app = &app;
        let token = token.clone();
        let store = store.clone();
        async move {
            app.get(path)
                .token(&token)
                .store(&store)
                .header("cache-control", "no-cache")
                .send()
                .await
                .json["current"]["orders"]["total_orders"]
                .as_u64()
                .expect("orders")
        }
    };
    let orders_before = count(overview_path).await;
    let order = place(&app, &token, &store, "test-order-1", "session-test-1").await;
    let id = order["id"].as_str().expect("id");
    assert_eq!(order["test"], true);
    assert_eq!(order["financialStatus"], "paid");
    let thanks = app.get(&format!("/s/demo/thank-you/{id}")).send().await;
    assert!(thanks.text.contains("a test order: no payment was taken"));
    assert_eq!(balance(&app, &token, &store).await, before);
    assert_eq!(count(overview_path).await, orders_before);
    assert_eq!(
        count("/api/stores/analytics/overview?testOrders=include").await,
        orders_before + 1
    );
    // The test order's conversion, too, is counted only with test orders.
    let converted = |tests: &'static str| {
        let app = &app;
        let token = token.clone();
        let store = store.clone();
        async move {
            app.get(&format!(
                "/api/stores/analytics/conversion?testOrders={tests}"
            ))
            .token(&token)
            .store(&store)
            .send()
            .await
            .json["session_converted"]["value"]
                .as_u64()
                .expect("converted")
        }
    };
    assert_eq!(converted("include").await, converted("exclude").await + 1);
    let bad = app
        .get("/api/stores/analytics/overview?testOrders=maybe")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    // The rollups and the raw orders agree, with and without test orders.
    let range = query::range("", "", "UTC", server::db::now_ms()).expect("range");
    let buckets = query::buckets(&range).expect("buckets");
    let stores = vec![store.clone()];
    for tests in [TestOrders::Exclude, TestOrders::Include] {
        let mut figures = Vec::new();
        for source in [Source::Raw, Source::Rollup, Source::Index] {
            figures.push(
                query::figures(
                    &app.state.db,
                    &app.state.rollups,
                    &stores,
                    &buckets,
                    Some(source),
                    Countries::Read,
                    tests,
                )
                .await
                .expect("figures"),
            );
        }
        assert_eq!(figures[0], figures[1], "{tests:?}");
        assert_eq!(figures[0], figures[2], "{tests:?}");
    }
    // A rebuild of the rollups gives the same.
    let mut conn = app.state.db.acquire().await.expect("connection");
    server::db::rollups::rebuild(&mut conn, Some(&store))
        .await
        .expect("rebuild");
    drop(conn);
    assert_eq!(
        count("/api/stores/analytics/overview?testOrders=include").await,
        orders_before + 1
    );
}

#[tokio::test]
async fn a_live_store_without_a_gateway_says_checkout_is_unavailable_and_takes_no_order() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let cleared = app
        .post("/api/stores/payout/proxy/save-store-proxies")
        .json(&json!({"proxyIds": []}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(cleared.status, StatusCode::OK, "{}", cleared.text);
    let mode = set_test_mode(&app, &token, &store, false).await;
    assert_eq!(mode, json!({"testMode": false, "hasGateway": false}));
    let (product, variant) = product(&app).await;
    let before = order_count(&app).await;
    let refused = app
        .post("/s/demo/checkout")
        .json(&checkout_body("no-gateway-1", &product, &variant, 1))
        .send()
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text);
    assert!(refused.messages()[0].contains("unavailable"));
    assert_eq!(order_count(&app).await, before);
    let page = app.get("/s/demo/checkout").send().await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("Checkout unavailable"));
    assert!(!page.text.contains("data-checkout"));
}

#[tokio::test]
async fn a_live_store_with_a_gateway_places_an_order_awaiting_payment_and_records_the_conversion() {
    let app = spawn_app().await;
    // The demo store has payment gateways.
    let (token, store) = owner(&app).await;
    let mode = set_test_mode(&app, &token, &store, false).await;
    assert_eq!(mode, json!({"testMode": false, "hasGateway": true}));
    let before = balance(&app, &token, &store).await;
    let order = place(&app, &token, &store, "live-order-1", "session-live-1").await;
    let id = order["id"].as_str().expect("id");
    assert_eq!(order["test"], false);
    assert_eq!(order["financialStatus"], "pending");
    let thanks = app.get(&format!("/s/demo/thank-you/{id}")).send().await;
    assert!(thanks.text.contains("awaits payment"));
    assert_eq!(balance(&app, &token, &store).await, before);
    let (conversions,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM analytics_firsts WHERE store_id = $1 AND session_id = 'session-live-1' AND kind = 5",
    )
    .bind(&store)
    .fetch_one(&app.state.db)
    .await
    .expect("conversions");
    assert_eq!(conversions, 1);
}

#[tokio::test]
async fn checkouts_beyond_the_address_limit_are_answered_429() {
    let app = spawn_app_configured(|config| config.checkout_address_limit = 2).await;
    let (product, variant) = product(&app).await;
    let mut statuses = Vec::new();
    let mut retry = None;
    for n in 0..4 {
        let reply = app
            .post("/s/demo/checkout")
            .json(&checkout_body(
                &format!("limit-key-{n}"),
                &product,
                &variant,
                1,
            ))
            .send()
            .await;
        statuses.push(reply.status);
        if reply.status == StatusCode::TOO_MANY_REQUESTS {
            retry = reply.headers.get("retry-after").cloned();
        }
    }
    assert_eq!(
        statuses,
        [
            StatusCode::CREATED,
            StatusCode::CREATED,
            StatusCode::TOO_MANY_REQUESTS,
            StatusCode::TOO_MANY_REQUESTS
        ]
    );
    assert!(retry.is_some());
}

#[tokio::test]
async fn a_cart_line_id_with_spaces_around_is_the_same_line_under_the_cap() {
    let app = spawn_app().await;
    let (product, variant) = product(&app).await;
    let items = json!([
        {"productId": product, "variantId": variant, "quantity": 99},
        {"productId": format!("  {product} "), "variantId": format!(" {variant}"), "quantity": 99},
    ]);
    let view = app
        .post("/s/demo/cart/view")
        .json(&json!({"items": items}))
        .send()
        .await;
    assert_eq!(view.status, StatusCode::OK, "{}", view.text);
    assert!(view.json["count"].as_i64().expect("count") <= 99);
    let mut body = checkout_body("spaced-ids-1", &product, &variant, 1);
    body["items"] = items;
    let before = order_count(&app).await;
    let refused = app.post("/s/demo/checkout").json(&body).send().await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text);
    assert_eq!(order_count(&app).await, before);
}

#[tokio::test]
async fn a_storefront_address_that_names_no_valid_subdomain_is_404() {
    let app = spawn_app().await;
    for path in [
        "/s/demo%0d%0aSet-Cookie:%20x=1",
        "/s/demo%0d%0aSet-Cookie:%20x=1/",
        "/s/de%20mo/cart",
        "/s/%00",
    ] {
        let reply = app.get(path).send().await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert!(reply.headers.get("set-cookie").is_none(), "{path}");
    }
}

#[tokio::test]
async fn the_public_catalogue_says_whether_a_variant_is_available_not_how_many_are_left() {
    let app = spawn_app().await;
    let one = app
        .get("/api/public/stores/demo/products/classic-shirt")
        .send()
        .await;
    assert_eq!(one.status, StatusCode::OK);
    let list = app
        .get("/api/public/stores/demo/products?limit=100")
        .send()
        .await;
    let page = app.get("/s/demo/products/classic-shirt").send().await;
    for text in [&one.text, &list.text, &page.text] {
        assert!(!text.contains("\"stock\":"));
    }
    assert!(
        one.json["variants"]
            .as_array()
            .expect("variants")
            .iter()
            .all(|v| v["available"].is_boolean())
    );
}

#[tokio::test]
async fn the_beacon_cannot_send_a_conversion_or_an_event_older_than_five_minutes() {
    let app = spawn_app().await;
    let (_, store) = owner(&app).await;
    let now = server::db::now_ms();
    let batch = json!({"storeKey": store, "events": [
        {"type": "checkout_completed", "sessionId": "fake", "at": now, "page": "/"},
        {"type": "page_view", "sessionId": "old", "at": now - 6 * 60_000, "page": "/"},
        {"type": "page_view", "sessionId": "week", "at": now - 6 * 86_400_000, "page": "/"},
        {"type": "page_view", "sessionId": "fresh", "at": now - 60_000, "page": "/"},
    ]});
    let reply = app
        .post("/api/storefront/events")
        .json(&batch)
        .header("user-agent", BROWSER)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::ACCEPTED, "{}", reply.text);
    assert_eq!(reply.json, json!({"accepted": 1, "dropped": 3}));
    assert_eq!(
        server::analytics::ingest::MAX_AGE_MS,
        5 * 60_000,
        "the clock window"
    );
}

#[tokio::test]
async fn the_dashboard_says_how_many_test_orders_it_leaves_out_and_the_orders_list_filters_them() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let get = |path: String| {
        let app = &app;
        let token = token.clone();
        let store = store.clone();
        async move { app.get(&path).token(&token).store(&store).send().await }
    };
    let totals = || get("/api/stores/dashboard/totals".to_owned());
    let before = totals().await.json;
    let order = place(&app, &token, &store, "test-order-dash", "session-dash").await;
    let id = order["id"].as_str().expect("id").to_owned();
    assert_eq!(order["test"], true);
    let after = totals().await.json;
    // Left out of the day's figures and of the open orders, and counted apart.
    assert_eq!(after["total_orders"], before["total_orders"]);
    assert_eq!(after["open_orders"], before["open_orders"]);
    assert_eq!(
        after["test_orders"].as_u64(),
        before["test_orders"].as_u64().map(|n| n + 1)
    );
    // The orders list: every order by default, or without, or only, the test orders.
    let ids = |path: &'static str| {
        let get = &get;
        async move {
            get(path.to_owned()).await.json["orders"]
                .as_array()
                .expect("orders")
                .iter()
                .map(|o| o["id"].as_str().unwrap_or("").to_owned())
                .collect::<Vec<_>>()
        }
    };
    assert!(ids("/api/stores/orders?limit=250").await.contains(&id));
    assert!(
        ids("/api/stores/orders?limit=250&test=only")
            .await
            .contains(&id)
    );
    assert!(
        !ids("/api/stores/orders?limit=250&test=exclude")
            .await
            .contains(&id)
    );
    let open_real =
        get("/api/stores/orders?limit=1&fulfillmentStatus=unfulfilled&test=exclude".to_owned())
            .await;
    assert_eq!(open_real.json["total"], after["open_orders"]);
    let bad = get("/api/stores/orders?test=maybe".to_owned()).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    // Nor does the test order count in its customer's orders and spending.
    let customer = order["customerInfo"][0]["id"]
        .as_str()
        .expect("customer")
        .to_owned();
    let record = get(format!("/api/stores/customers/{customer}")).await;
    let real = get(format!(
        "/api/stores/orders?customerId={customer}&test=exclude&limit=1"
    ))
    .await;
    assert_eq!(
        record.json["ordersCount"], real.json["total"],
        "{}",
        record.text
    );
    let all = get(format!("/api/stores/orders?customerId={customer}&limit=1")).await;
    assert!(all.json["total"].as_i64() > real.json["total"].as_i64());
}
