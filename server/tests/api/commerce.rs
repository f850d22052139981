//! Commerce a merchant can run: a checkout with a full address, a note and discounts; shipping
//! lines with tracking; refunds with restock; cancellation; and the figures (dashboard, orders
//! filter, payout balance, Overview) agreeing afterwards. Every refusal writes nothing.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{OWNER_EMAIL, Reply, TestApp, address, spawn_app};
use crate::storefront::{demo_product, variant_stock};

async fn owner(app: &TestApp) -> (String, String) {
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    (token, store.expect("store"))
}

async fn api(
    app: &TestApp,
    token: &str,
    store: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> Reply {
    app.request(method, path)
        .maybe_json(body.as_ref())
        .token(token)
        .store(store)
        .send()
        .await
}

async fn discount(app: &TestApp, token: &str, store: &str, body: Value) -> Value {
    let made = api(
        app,
        token,
        store,
        Method::POST,
        "/api/stores/discounts",
        Some(body),
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text);
    made.json
}

/// Two variants of the demo's classic shirt with stock: (product, [variant a, variant b], prices).
async fn two_variants(app: &TestApp) -> (String, Vec<(String, i64, i64)>) {
    let stored = crate::helpers::stored_product(app, "demo", "classic-shirt").await;
    let variants: Vec<(String, i64, i64)> = stored["variants"]
        .as_array()
        .expect("variants")
        .iter()
        .filter(|v| v["stock"].as_i64().unwrap_or(0) > 2)
        .take(2)
        .map(|v| {
            (
                v["id"].as_str().expect("id").to_owned(),
                (v["price"].as_f64().expect("price") * 100.0).round() as i64,
                v["stock"].as_i64().expect("stock"),
            )
        })
        .collect();
    assert_eq!(variants.len(), 2, "two variants with stock");
    (stored["id"].as_str().expect("id").to_owned(), variants)
}

async fn count_rows(app: &TestApp, table: &str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}")))
        .fetch_one(&app.state.db)
        .await
        .expect("count");
    n
}

async fn store_rows(app: &TestApp, table: &str, store: &str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM {table} WHERE store_id = $1"
    )))
    .bind(store)
    .fetch_one(&app.state.db)
    .await
    .expect("count");
    n
}

#[tokio::test]
async fn a_shopper_buys_with_a_code_and_an_automatic_discount_and_the_merchant_ships_and_refunds() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    discount(
        &app,
        &token,
        &store,
        json!({"method": "code", "code": "save10", "valueType": "percent", "value": 10}),
    )
    .await;
    // The demo's own automatic discounts are switched off, so the one below is the best.
    let listed = api(
        &app,
        &token,
        &store,
        Method::GET,
        "/api/stores/discounts?method=automatic&limit=100",
        None,
    )
    .await;
    for existing in listed.json["discounts"].as_array().expect("discounts") {
        let path = format!(
            "/api/stores/discounts/{}",
            existing["id"].as_str().expect("id")
        );
        let input = json!({"method": existing["method"], "code": existing["code"], "valueType": existing["valueType"],
            "value": existing["value"], "isActive": false});
        let saved = api(&app, &token, &store, Method::PUT, &path, Some(input)).await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    }
    discount(
        &app,
        &token,
        &store,
        json!({"method": "automatic", "code": "Weekend treat", "valueType": "amount", "value": 2}),
    )
    .await;
    let (product, variants) = two_variants(&app).await;
    let items = json!([
        {"productId": product, "variantId": variants[0].0, "quantity": 1},
        {"productId": product, "variantId": variants[1].0, "quantity": 1},
    ]);
    // The cart shows both discounts before the checkout.
    let cart = app
        .post("/s/demo/cart/view")
        .json(&json!({"items": items, "code": "SAVE10"}))
        .send()
        .await;
    assert_eq!(cart.status, StatusCode::OK, "{}", cart.text);
    assert_eq!(cart.json["codeApplied"], true, "{}", cart.text);
    assert!(
        cart.json["html"]
            .as_str()
            .expect("html")
            .contains("Weekend treat")
    );
    let subtotal = variants[0].1 + variants[1].1;
    // The automatic 2.00 first, then 10% of what is left.
    let off = 200 + ((subtotal - 200) * 1000 + 5000) / 10_000;
    let shipping = if subtotal >= 5000 { 0 } else { 499 };
    assert_eq!(cart.json["discountMinor"], off);
    assert_eq!(cart.json["totalMinor"], subtotal + shipping - off);

    let placed = app
        .post("/s/demo/checkout")
        .json(
            &json!({"idempotencyKey": "commerce-0001", "email": "ann@example.com",
                "shippingAddress": address("Ann Lee"), "note": "Please gift wrap",
                "discountCode": "save10", "items": items}),
        )
        .send()
        .await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.text);
    assert_eq!(placed.json["totalMinor"], subtotal + shipping - off);
    let id = placed.json["orderId"].as_str().expect("id").to_owned();
    let thanks = app.get(&format!("/s/demo/thank-you/{id}")).send().await;
    assert!(thanks.text.contains("Springfield") && thanks.text.contains("Please gift wrap"));

    let path = format!("/api/stores/orders/{id}");
    let order = api(&app, &token, &store, Method::GET, &path, None)
        .await
        .json;
    assert_eq!(order["shippingAddress"]["postcode"], "62701", "{order}");
    assert_eq!(order["shippingAddress"]["city"], "Springfield");
    assert_eq!(order["note"], "Please gift wrap");
    assert_eq!(
        order["discounts"].as_array().expect("discounts").len(),
        2,
        "{order}"
    );
    assert_eq!(order["discount"], json!(off as f64 / 100.0));
    assert_eq!(order["timeline"][0]["kind"], "placed");
    // Each discount counted one use.
    let codes = api(
        &app,
        &token,
        &store,
        Method::GET,
        "/api/stores/discounts",
        None,
    )
    .await;
    assert!(
        codes.json["discounts"]
            .as_array()
            .expect("list")
            .iter()
            .filter(|d| d["code"] == "SAVE10" || d["code"] == "Weekend treat")
            .all(|d| d["used"] == 1),
        "{}",
        codes.text
    );
    // The customer keeps the address.
    let customers = api(
        &app,
        &token,
        &store,
        Method::GET,
        "/api/stores/customers?search=ann%40example.com",
        None,
    )
    .await;
    assert_eq!(
        customers.json["customers"][0]["addresses"][0]["line1"], "1 Main St",
        "{}",
        customers.text
    );

    // Ship the first line with tracking: the shopper's e-mail is in the outbox.
    let outbox = count_rows(&app, "outbox").await;
    let shipped = api(
        &app, &token, &store, Method::POST, &format!("{path}/fulfillments"),
        Some(json!({"lines": [{"line": 0, "quantity": 1}], "carrier": "UPS", "trackingNumber": "1Z999AA10123456784"})),
    )
    .await;
    assert_eq!(shipped.status, StatusCode::CREATED, "{}", shipped.text);
    assert_eq!(shipped.json["fulfillmentStatus"], "partial");
    assert_eq!(shipped.json["lineItems"][0]["fulfilledQuantity"], 1);
    assert_eq!(count_rows(&app, "outbox").await, outbox + 1);
    let (to, subject, body, html): (String, String, String, Option<String>) = sqlx::query_as(
        "SELECT to_address, subject, body, html FROM outbox ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .fetch_one(&app.state.db)
    .await
    .expect("mail");
    assert_eq!(to, "ann@example.com");
    // The core's notice, as text and as HTML (the store writes in English).
    assert!(
        subject.contains("is on its way")
            && body.contains("Carrier: UPS\nTracking number: 1Z999AA10123456784\n"),
        "{subject} {body}"
    );
    let html = html.expect("an HTML part");
    assert!(
        html.contains("<html lang=\"en\">") && html.contains("1Z999AA10123456784"),
        "{html}"
    );

    // Refund the other line with restock: the stock comes back, the order is partly refunded
    // and, nothing being left to ship, fulfilled.
    let stock = variant_stock(&app, "classic-shirt", &variants[1].0).await;
    let refunded = api(
        &app,
        &token,
        &store,
        Method::POST,
        &format!("{path}/refunds"),
        Some(
            json!({"lines": [{"line": 1, "quantity": 1}], "restock": true, "reason": "Wrong size"}),
        ),
    )
    .await;
    assert_eq!(refunded.status, StatusCode::CREATED, "{}", refunded.text);
    assert_eq!(refunded.json["financialStatus"], "partially_refunded");
    assert_eq!(refunded.json["fulfillmentStatus"], "fulfilled");
    let share = (off * variants[1].1 + subtotal / 2) / subtotal;
    assert_eq!(
        refunded.json["refunded"],
        json!((variants[1].1 - share) as f64 / 100.0)
    );
    assert_eq!(
        variant_stock(&app, "classic-shirt", &variants[1].0).await,
        stock + 1
    );
    let kinds: Vec<&str> = refunded.json["timeline"]
        .as_array()
        .expect("timeline")
        .iter()
        .map(|e| e["kind"].as_str().unwrap_or(""))
        .collect();
    // The confirmation, the shipment's e-mail and the refund notice each leave their mark.
    assert_eq!(
        kinds,
        [
            "placed",
            "emailSent",
            "fulfilled",
            "emailSent",
            "refunded",
            "emailSent"
        ]
    );
    assert_ne!(
        refunded.json["timeline"][4]["actor"], "",
        "the refund names who made it"
    );
}

#[tokio::test]
async fn refunds_reduce_the_payout_balance_and_the_overview_at_their_date_and_the_open_orders_agree()
 {
    let app = spawn_app().await;
    let (token, store) = crate::helpers::fresh_store(&app).await;
    crate::helpers::paid_orders(&app, &store, 2, 10_000).await;
    let balance = |reply: Reply| reply.json["availableToPayout"].as_f64().expect("balance");
    let before = balance(
        api(
            &app,
            &token,
            &store,
            Method::GET,
            "/api/stores/payout/v2/balance",
            None,
        )
        .await,
    );
    let overview = "/api/stores/analytics/overview?timezone=UTC";
    let sales = |reply: Reply| {
        reply.json["current"]["sales"]["total_sales"]
            .as_f64()
            .expect("sales")
    };
    assert_eq!(
        sales(api(&app, &token, &store, Method::GET, overview, None).await),
        200.0
    );
    let orders = api(
        &app,
        &token,
        &store,
        Method::GET,
        "/api/stores/orders",
        None,
    )
    .await;
    let id = orders.json["orders"][0]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let refunded = api(
        &app,
        &token,
        &store,
        Method::POST,
        &format!("/api/stores/orders/{id}/refunds"),
        Some(json!({"lines": [{"line": 0, "quantity": 1}]})),
    )
    .await;
    assert_eq!(refunded.status, StatusCode::CREATED, "{}", refunded.text);
    assert_eq!(refunded.json["financialStatus"], "refunded");
    assert_eq!(refunded.json["fulfillmentStatus"], "closed");
    let after = balance(
        api(
            &app,
            &token,
            &store,
            Method::GET,
            "/api/stores/payout/v2/balance",
            None,
        )
        .await,
    );
    // 100.00 less its fee (2.9 % + 0.30 = 3.20) leaves the balance.
    assert!(
        (before - after - 96.80).abs() < 0.005,
        "{before} -> {after}"
    );
    let now = api(&app, &token, &store, Method::GET, overview, None).await;
    assert_eq!(sales(now), 100.0);
    // The dashboard's open orders are the orders list's Unfulfilled filter.
    let totals = api(
        &app,
        &token,
        &store,
        Method::GET,
        "/api/stores/dashboard/totals",
        None,
    )
    .await;
    let filter = api(
        &app,
        &token,
        &store,
        Method::GET,
        "/api/stores/orders/count?fulfillmentStatus=unfulfilled",
        None,
    )
    .await;
    assert_eq!(
        totals.json["open_orders"], filter.json["count"],
        "{} {}",
        totals.text, filter.text
    );
    assert_eq!(filter.json["count"], 1);
    // The rollups equal a rebuild from the orders and refunds.
    let (live,): (i64,) = sqlx::query_as(
        "SELECT CAST(SUM(sales_minor) AS BIGINT) FROM analytics_hourly WHERE store_id = $1",
    )
    .bind(&store)
    .fetch_one(&app.state.db)
    .await
    .expect("sales");
    let mut conn = app.state.db.acquire().await.expect("connection");
    server::db::rollups::rebuild(&mut conn, Some(&store))
        .await
        .expect("rebuild");
    let (rebuilt,): (i64,) = sqlx::query_as(
        "SELECT CAST(SUM(sales_minor) AS BIGINT) FROM analytics_hourly WHERE store_id = $1",
    )
    .bind(&store)
    .fetch_one(&app.state.db)
    .await
    .expect("sales");
    assert_eq!(live, rebuilt);
    assert_eq!(live, 10_000);
}

#[tokio::test]
async fn bad_refunds_fulfilments_and_cancellations_are_refused_and_write_nothing() {
    let app = spawn_app().await;
    let (token, store) = crate::helpers::fresh_store(&app).await;
    crate::helpers::paid_orders(&app, &store, 1, 5_000).await;
    let orders = api(
        &app,
        &token,
        &store,
        Method::GET,
        "/api/stores/orders",
        None,
    )
    .await;
    let id = orders.json["orders"][0]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let refunds = format!("/api/stores/orders/{id}/refunds");
    let bad_refunds = [
        json!({"lines": [{"line": 0, "quantity": -1}]}),
        json!({"lines": [{"line": 0, "quantity": 2}]}),
        json!({"lines": [{"line": 5, "quantity": 1}]}),
        json!({"lines": [], "shipping": -1}),
        json!({"lines": [], "shipping": 1}),
        json!({"lines": []}),
        json!({"lines": [{"line": 0, "quantity": 1}, {"line": 0, "quantity": 1}]}),
        json!({"lines": [{"line": 0, "quantity": 1}], "reason": "r".repeat(501)}),
    ];
    for body in bad_refunds {
        let reply = api(
            &app,
            &token,
            &store,
            Method::POST,
            &refunds,
            Some(body.clone()),
        )
        .await;
        assert!(
            reply.status.is_client_error(),
            "{body}: {} {}",
            reply.status,
            reply.text
        );
        assert!(!reply.messages().is_empty(), "{body}");
    }
    let shipments = format!("/api/stores/orders/{id}/fulfillments");
    for body in [
        json!({"lines": []}),
        json!({"lines": [{"line": 0, "quantity": 2}]}),
        json!({"lines": [{"line": 0, "quantity": 1}], "trackingNumber": "1Z"}),
        json!({"lines": [{"line": 0, "quantity": 1}], "carrier": "UPS", "trackingNumber": "<script>"}),
        json!({"lines": [{"line": 0, "quantity": 1}], "carrier": "x".repeat(61)}),
    ] {
        let reply = api(
            &app,
            &token,
            &store,
            Method::POST,
            &shipments,
            Some(body.clone()),
        )
        .await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            reply.text
        );
    }
    for table in ["order_refunds", "order_fulfillments", "order_events"] {
        assert_eq!(store_rows(&app, table, &store).await, 0, "{table}");
    }
    let order = api(
        &app,
        &token,
        &store,
        Method::GET,
        &format!("/api/stores/orders/{id}"),
        None,
    )
    .await;
    assert_eq!(order.json["financialStatus"], "paid");
    assert_eq!(order.json["refunded"], 0.0);

    // Shipped lines keep the order from being cancelled; cancelling the shipment frees it.
    let shipped = api(
        &app,
        &token,
        &store,
        Method::POST,
        &shipments,
        Some(json!({"lines": [{"line": 0, "quantity": 1}], "notifyCustomer": false})),
    )
    .await;
    assert_eq!(shipped.status, StatusCode::CREATED, "{}", shipped.text);
    let cancel = format!("/api/stores/orders/{id}/cancel");
    let refused = api(&app, &token, &store, Method::POST, &cancel, Some(json!({}))).await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text);
    let fulfilment = shipped.json["fulfillments"][0]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let undone = api(
        &app,
        &token,
        &store,
        Method::POST,
        &format!("{shipments}/{fulfilment}/cancel"),
        None,
    )
    .await;
    assert_eq!(undone.status, StatusCode::OK, "{}", undone.text);
    assert_eq!(undone.json["fulfillmentStatus"], "unfulfilled");
    let twice = api(
        &app,
        &token,
        &store,
        Method::POST,
        &format!("{shipments}/{fulfilment}/cancel"),
        None,
    )
    .await;
    assert_eq!(twice.status, StatusCode::CONFLICT);
    let cancelled = api(
        &app,
        &token,
        &store,
        Method::POST,
        &cancel,
        Some(json!({"reason": "Customer changed their mind"})),
    )
    .await;
    assert_eq!(cancelled.status, StatusCode::OK, "{}", cancelled.text);
    assert_eq!(cancelled.json["financialStatus"], "refunded");
    assert_eq!(cancelled.json["fulfillmentStatus"], "closed");
    assert_eq!(cancelled.json["refunded"], 50.0);
    let again = api(&app, &token, &store, Method::POST, &cancel, Some(json!({}))).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    let after = api(
        &app,
        &token,
        &store,
        Method::POST,
        &refunds,
        Some(json!({"lines": [{"line": 0, "quantity": 1}]})),
    )
    .await;
    assert!(after.status.is_client_error(), "{}", after.text);
}

#[tokio::test]
async fn expired_exhausted_and_limited_codes_are_refused_at_checkout_and_place_nothing() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let now = server::db::now_ms();
    discount(&app, &token, &store, json!({"code": "OLD", "valueType": "percent", "value": 10, "startsAt": now - 2_000_000, "endsAt": now - 1_000_000})).await;
    discount(
        &app,
        &token,
        &store,
        json!({"code": "SOON", "valueType": "percent", "value": 10, "startsAt": now + 1_000_000}),
    )
    .await;
    discount(
        &app,
        &token,
        &store,
        json!({"code": "ONCE", "valueType": "amount", "value": 1, "usageLimit": 1}),
    )
    .await;
    discount(
        &app,
        &token,
        &store,
        json!({"code": "MINE", "valueType": "amount", "value": 1, "perCustomerLimit": 1}),
    )
    .await;
    discount(
        &app,
        &token,
        &store,
        json!({"code": "BIG", "valueType": "free_shipping", "value": 0, "minSubtotal": 100000}),
    )
    .await;
    discount(
        &app,
        &token,
        &store,
        json!({"code": "OFF", "valueType": "percent", "value": 10, "isActive": false}),
    )
    .await;
    let (product, variant, _, _) = demo_product(&app, "classic-shirt").await;
    let checkout = |key: &str, email: &str, code: &str| {
        json!({"idempotencyKey": key, "email": email, "shippingAddress": address("Ann Lee"),
            "discountCode": code, "items": [{"productId": product, "variantId": variant, "quantity": 1}]})
    };
    let orders = count_rows(&app, "orders").await;
    for (code, says) in [
        ("OLD", "expired"),
        ("SOON", "not valid yet"),
        ("BIG", "subtotal"),
        ("OFF", "not active"),
        ("NOPE", "does not exist"),
    ] {
        let reply = app
            .post("/s/demo/checkout")
            .json(&checkout(
                &format!("key-{code}-0001"),
                "a@example.com",
                code,
            ))
            .send()
            .await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{code}: {}",
            reply.text
        );
        assert!(reply.messages()[0].contains(says), "{code}: {}", reply.text);
    }
    assert_eq!(count_rows(&app, "orders").await, orders);
    // A code for one use: the second shopper is refused.
    let first = app
        .post("/s/demo/checkout")
        .json(&checkout("key-once-0001", "a@example.com", "once"))
        .send()
        .await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text);
    let second = app
        .post("/s/demo/checkout")
        .json(&checkout("key-once-0002", "b@example.com", "ONCE"))
        .send()
        .await;
    assert_eq!(second.status, StatusCode::BAD_REQUEST, "{}", second.text);
    assert!(second.messages()[0].contains("usage limit"));
    // Once per customer: the same e-mail is refused, another is welcome.
    let mine = app
        .post("/s/demo/checkout")
        .json(&checkout("key-mine-0001", "c@example.com", "MINE"))
        .send()
        .await;
    assert_eq!(mine.status, StatusCode::CREATED, "{}", mine.text);
    let again = app
        .post("/s/demo/checkout")
        .json(&checkout("key-mine-0002", "C@example.com", "MINE"))
        .send()
        .await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST, "{}", again.text);
    assert!(again.messages()[0].contains("already used"));
    let other = app
        .post("/s/demo/checkout")
        .json(&checkout("key-mine-0003", "d@example.com", "MINE"))
        .send()
        .await;
    assert_eq!(other.status, StatusCode::CREATED, "{}", other.text);
    assert_eq!(count_rows(&app, "orders").await, orders + 3);
    // A discount without an end date says so in the API: no endsAt.
    let list = api(
        &app,
        &token,
        &store,
        Method::GET,
        "/api/stores/discounts?search=mine",
        None,
    )
    .await;
    assert!(
        list.json["discounts"][0]
            .get("endsAt")
            .is_none_or(Value::is_null),
        "{}",
        list.text
    );
    // Bad discounts are refused.
    for body in [
        json!({"code": "X1", "valueType": "percent", "value": 10, "usageLimit": 0}),
        json!({"code": "X2", "valueType": "percent", "value": 10, "perCustomerLimit": -1}),
        json!({"code": "X3", "valueType": "percent", "value": 10, "minSubtotal": -5}),
        json!({"code": "X4", "valueType": "shipping", "value": 10}),
    ] {
        let reply = api(
            &app,
            &token,
            &store,
            Method::POST,
            "/api/stores/discounts",
            Some(body.clone()),
        )
        .await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            reply.text
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn parallel_checkouts_never_use_a_code_beyond_its_limit() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    discount(
        &app,
        &token,
        &store,
        json!({"code": "FIRST3", "valueType": "percent", "value": 50, "usageLimit": 3}),
    )
    .await;
    let (product, variant, _, _) = demo_product(&app, "classic-shirt").await;
    let app = std::sync::Arc::new(app);
    let mut checkouts = tokio::task::JoinSet::new();
    for n in 0..8 {
        let app = app.clone();
        let body = json!({"idempotencyKey": format!("key-race-{n:04}"), "email": format!("r{n}@example.com"),
            "shippingAddress": address("Ann Lee"), "discountCode": "FIRST3",
            "items": [{"productId": product, "variantId": variant, "quantity": 1}]});
        checkouts
            .spawn(async move { app.post("/s/demo/checkout").json(&body).send().await.status });
    }
    let mut placed = 0;
    while let Some(status) = checkouts.join_next().await {
        let status = status.expect("task");
        if status == StatusCode::CREATED {
            placed += 1;
        } else {
            assert!(status.is_client_error(), "{status}");
        }
    }
    assert_eq!(placed, 3);
    let (used,): (i64,) = sqlx::query_as("SELECT used FROM discounts WHERE code = 'FIRST3'")
        .fetch_one(&app.state.db)
        .await
        .expect("used");
    assert_eq!(used, 3);
}

#[tokio::test]
async fn a_merchant_edits_a_customer_and_exports_customers_and_orders_as_csv() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let list = api(
        &app,
        &token,
        &store,
        Method::GET,
        "/api/stores/customers?limit=2",
        None,
    )
    .await;
    let first = list.json["customers"][0].clone();
    let id = first["id"].as_str().expect("id").to_owned();
    let other = list.json["customers"][1]["email"]
        .as_str()
        .expect("email")
        .to_owned();
    let path = format!("/api/stores/customers/{id}");
    let body = json!({"email": "Edited@Example.com", "firstName": "Edie", "lastName": "Ted", "phone": "+84 90 123 4567",
        "notes": "Prefers morning delivery", "tags": ["vip", "VIP", "wholesale"],
        "addresses": [{"name": "Edie Ted", "line1": "12 Ly Thai To", "city": "Hanoi", "postcode": "100000", "country": "vn"}]});
    let saved = api(&app, &token, &store, Method::PUT, &path, Some(body.clone())).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(saved.json["email"], "edited@example.com");
    assert_eq!(saved.json["tags"], json!(["vip", "wholesale"]));
    assert_eq!(saved.json["addresses"][0]["country"], "VN");
    assert_eq!(saved.json["fullName"], "Edie Ted");
    for bad in [
        json!({"email": "nope"}),
        json!({"email": "a@example.com", "addresses": [{"name": "A", "line1": "1", "city": "Hanoi", "postcode": "12", "country": "VN"}]}),
        json!({"email": "a@example.com", "tags": ["x".repeat(41)]}),
        json!({"email": "a@example.com", "firstName": "x".repeat(51)}),
    ] {
        let reply = api(&app, &token, &store, Method::PUT, &path, Some(bad.clone())).await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{bad}: {}",
            reply.text
        );
    }
    let taken = api(
        &app,
        &token,
        &store,
        Method::PUT,
        &path,
        Some(json!({"email": other})),
    )
    .await;
    assert_eq!(taken.status, StatusCode::CONFLICT, "{}", taken.text);
    let kept = api(&app, &token, &store, Method::GET, &path, None).await;
    assert_eq!(kept.json["notes"], "Prefers morning delivery");

    let csv = api(
        &app,
        &token,
        &store,
        Method::GET,
        "/api/stores/customers/export",
        None,
    )
    .await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(csv.text.starts_with("First name,Last name,Email"));
    assert!(csv.text.contains("edited@example.com") && csv.text.contains("Hanoi"));
    let orders = api(
        &app,
        &token,
        &store,
        Method::GET,
        "/api/stores/orders/export?financialStatus=paid",
        None,
    )
    .await;
    assert_eq!(orders.status, StatusCode::OK);
    let mut rows = orders.text.lines();
    assert!(
        rows.next()
            .expect("header")
            .starts_with("Order,Created at,Email")
    );
    assert!(rows.all(|r| r.contains(",paid,")), "only paid orders");
    let by_customer = api(
        &app,
        &token,
        &store,
        Method::GET,
        // A customer's count is of real orders (test orders took no money).
        &format!("/api/stores/orders?customerId={id}&test=exclude"),
        None,
    )
    .await;
    assert_eq!(
        by_customer.json["total"], first["ordersCount"],
        "{}",
        by_customer.text
    );
}

#[tokio::test]
async fn a_nul_character_in_a_query_is_refused_not_a_server_error() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    for path in [
        "/api/stores/products?chandle=a%00b",
        "/api/stores/orders?search=%00",
        "/api/stores/customers?search=x%00",
    ] {
        let reply = api(&app, &token, &store, Method::GET, path, None).await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{path}: {}",
            reply.text
        );
        assert_eq!(
            reply.messages(),
            ["A query parameter cannot hold a NUL character."]
        );
    }
}
