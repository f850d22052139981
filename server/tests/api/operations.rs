//! Store operations: notifications, balance and payouts with idempotency and races, cards,
//! gateways, domains, personalization, the store's status and subscription.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{
    DESIGNER_EMAIL, OWNER_EMAIL, SELLER_EMAIL, TestApp, choose_plan, fresh_store, paid_orders,
    spawn_app,
};

#[tokio::test]
async fn notifications_page_filter_and_are_marked_read() {
    let app = spawn_app().await;
    let (token, _, demo) = app.session_of(OWNER_EMAIL).await;
    let demo = demo.expect("store");
    let unread = app
        .get("/api/stores/payout/v2/notification?page=1&limit=10&status=1")
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(unread.status, StatusCode::OK);
    assert_eq!(unread.json["total"], 1);
    let first = &unread.json["notifications"][0];
    assert_eq!(first["status"], 1);
    assert!(first["_id"].is_string() && first["createdDate"].is_string());
    assert_eq!(
        unread.json["publicNotification"][0]["title"],
        "Holiday shipping times"
    );
    let all = app
        .get("/api/stores/payout/v2/notification")
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(all.json["total"], 2);

    let id = first["_id"].as_str().expect("id");
    let read = app
        .patch(&format!("/api/stores/payout/v2/notification/{id}"))
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(read.json["status"], 2);
    let after = app
        .get("/api/stores/payout/v2/notification?status=1")
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(after.json["total"], 0);
    let bad = app
        .get("/api/stores/payout/v2/notification?page=0&limit=500")
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let unknown = app
        .patch("/api/stores/payout/v2/notification/nope")
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn only_the_operator_broadcasts_and_html_is_sanitized() {
    let app = spawn_app().await;
    let (operator, _, _) = app.session_of(OWNER_EMAIL).await;
    let (seller, _, seller_store) = app.session_of(SELLER_EMAIL).await;
    let body = json!({"title": "Maintenance", "body": "<p onclick=\"steal()\">Tonight <script>alert(1)</script><b>2am</b></p>"});
    let refused = app
        .post("/api/operator/public-notifications")
        .json(&body)
        .token(&seller)
        .send()
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let sent = app
        .post("/api/operator/public-notifications")
        .json(&body)
        .token(&operator)
        .send()
        .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.text);
    let html = sent.json["body"].as_str().expect("body");
    assert!(
        !html.contains("script") && !html.contains("onclick") && html.contains("<b>2am</b>"),
        "{html}"
    );
    let seen = app
        .get("/api/stores/payout/v2/notification")
        .token(&seller)
        .maybe_store(seller_store.as_deref())
        .send()
        .await;
    assert_eq!(seen.json["publicNotification"][0]["title"], "Maintenance");
    let huge = json!({"title": "x", "body": "a".repeat(30_000)});
    assert_eq!(
        app.post("/api/operator/public-notifications")
            .json(&huge)
            .token(&operator)
            .send()
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn the_balance_is_paid_sales_less_fees_and_payouts() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let empty = app
        .get("/api/stores/payout/v2/balance")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(empty.json["availableToPayout"], 0.0);
    paid_orders(&app, &store, 2, 10_000).await;
    // 200.00 gross; fees 2.9 % (5.80) and 0.30 an order (0.60).
    let balance = app
        .get("/api/stores/payout/v2/balance")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(balance.json["availableToPayout"], 193.6);
    assert_eq!(balance.json["fees"], 6.4);
    let paid = app
        .post("/api/stores/payout/v2/payout-request")
        .json(&json!({"amount": 93.6}))
        .token(&token)
        .store(&store)
        .header("idempotency-key", "k1")
        .send()
        .await;
    assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.text);
    let balance = app
        .get("/api/stores/payout/v2/balance")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(balance.json["availableToPayout"], 100.0);
    assert_eq!(balance.json["pendingPayouts"], 93.6);
}

async fn payout(
    app: &TestApp,
    token: &str,
    store: &str,
    key: &str,
    body: Value,
) -> crate::helpers::Reply {
    app.post("/api/stores/payout/v2/payout-request")
        .json(&body)
        .token(token)
        .store(store)
        .header("idempotency-key", key)
        .send()
        .await
}

#[tokio::test]
async fn payout_requests_are_idempotent_by_key() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    paid_orders(&app, &store, 1, 100_000).await;
    let first = payout(&app, &token, &store, "same-key", json!({"amount": 10})).await;
    assert_eq!(first.status, StatusCode::CREATED);
    let again = payout(&app, &token, &store, "same-key", json!({"amount": 10})).await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.json, first.json);
    let other_body = payout(&app, &token, &store, "same-key", json!({"amount": 11})).await;
    assert_eq!(other_body.status, StatusCode::UNPROCESSABLE_ENTITY);
    let no_key = app
        .post("/api/stores/payout/v2/payout-request")
        .json(&json!({"amount": 5}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(no_key.status, StatusCode::PRECONDITION_REQUIRED);
    let list = app
        .get("/api/stores/payout/request-payouts?status=pending")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(list.json["total"], 1);
    for bad in [
        json!({"amount": -5}),
        json!({"amount": 0.001}),
        json!({"amount": 1e15}),
        json!({"amount": "ten"}),
        json!({"amount": 100_000}),
    ] {
        let reply = payout(&app, &token, &store, &format!("bad-{bad}"), bad.clone()).await;
        assert!(reply.status.is_client_error(), "{bad}: {}", reply.status);
    }
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM payout_requests WHERE store_id = $1")
            .bind(&store)
            .fetch_one(&app.state.db)
            .await
            .expect("count");
    assert_eq!(count, 1);
}

#[tokio::test]
async fn a_busy_key_answers_409() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    paid_orders(&app, &store, 1, 100_000).await;
    let fingerprint = {
        use sha2::Digest;
        hex::encode(sha2::Sha256::digest(
            serde_json::to_string(&("5", Option::<String>::None)).expect("json"),
        ))
    };
    sqlx::query("INSERT INTO idempotency_keys (store_id, idem_key, request_hash, created_at) VALUES ($1, 'busy', $2, 0)")
        .bind(&store)
        .bind(&fingerprint)
        .execute(&app.state.db)
        .await
        .expect("in flight");
    let busy = payout(&app, &token, &store, "busy", json!({"amount": 5})).await;
    assert_eq!(busy.status, StatusCode::CONFLICT);
}

/// Sends one payout request of `amount` with `key` to the app's router on a task of its own;
/// the task gives the answer's status.
fn spawn_payout(
    app: &TestApp,
    token: &str,
    store: &str,
    key: String,
    amount: i64,
) -> tokio::task::JoinHandle<StatusCode> {
    use tower::ServiceExt;
    let request = axum::http::Request::builder()
        .method(Method::POST)
        .uri("/api/stores/payout/v2/payout-request")
        .header("authorization", format!("Bearer {token}"))
        .header("x-store-id", store)
        .header("idempotency-key", key)
        .header("content-type", "application/json")
        .body(axum::body::Body::from(
            json!({ "amount": amount }).to_string(),
        ))
        .expect("request");
    let router = app.router.clone();
    tokio::spawn(async move { router.oneshot(request).await.expect("response").status() })
}

#[tokio::test]
async fn two_hundred_parallel_payouts_never_overdraw_the_balance() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    // Enough for exactly ten payouts of 10.00 once fees are taken.
    paid_orders(&app, &store, 1, 10_330).await;
    let available = server::routes::payouts::available(&app.state.db, &store)
        .await
        .expect("balance");
    assert_eq!(available, 10_000);
    let mut tasks = Vec::new();
    for n in 0..200 {
        tasks.push(spawn_payout(&app, &token, &store, format!("race-{n}"), 10));
    }
    let mut created = 0;
    for task in tasks {
        let status = task.await.expect("task");
        assert!(
            status == StatusCode::CREATED || status == StatusCode::BAD_REQUEST,
            "{status}"
        );
        created += usize::from(status == StatusCode::CREATED);
    }
    assert_eq!(created, 10);
    assert_eq!(
        server::routes::payouts::available(&app.state.db, &store)
            .await
            .expect("balance"),
        0
    );
}

#[tokio::test]
async fn a_thousand_requests_sent_five_times_each_make_no_duplicate() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    paid_orders(&app, &store, 1, 100_000_000).await;
    // The five copies of a key race each other; keys go in waves of 40 (200 requests in
    // flight), so the test is about duplicates and not about how long a small machine takes to
    // queue 5,000 requests for a few database connections (that is the load benchmark's).
    let keys: Vec<usize> = (0..1000).collect();
    for wave in keys.chunks(40) {
        let mut tasks = Vec::new();
        for &n in wave {
            for _copy in 0..5 {
                tasks.push(spawn_payout(&app, &token, &store, format!("key-{n}"), 1));
            }
        }
        for task in tasks {
            let status = task.await.expect("task");
            assert!(
                status == StatusCode::CREATED || status == StatusCode::CONFLICT,
                "{status}"
            );
        }
    }
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM payout_requests WHERE store_id = $1")
            .bind(&store)
            .fetch_one(&app.state.db)
            .await
            .expect("count");
    assert_eq!(count, 1000);
}

#[tokio::test]
async fn cards_keep_only_the_last_four_digits() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let card = json!({"holder": "Sam Carter", "number": "5555 5555 5555 4444", "expMonth": 12, "expYear": 2031});
    let added = app
        .post("/api/stores/payout/card/")
        .json(&card)
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.text);
    assert_eq!(added.json["maskedNumber"], "•••• 4444");
    assert_eq!(added.json["brand"], "mastercard");
    assert_eq!(added.json["isDefault"], true);
    let stored: Vec<(String, String, String)> =
        sqlx::query_as("SELECT holder, brand, last4 FROM payout_cards WHERE store_id = $1")
            .bind(&store)
            .fetch_all(&app.state.db)
            .await
            .expect("rows");
    assert_eq!(
        stored,
        vec![(
            "Sam Carter".to_owned(),
            "mastercard".to_owned(),
            "4444".to_owned()
        )]
    );
    let bad =
        json!({"holder": "Sam", "number": "5555 5555 5555 4445", "expMonth": 12, "expYear": 2031});
    assert_eq!(
        app.post("/api/stores/payout/card/")
            .json(&bad)
            .token(&token)
            .store(&store)
            .send()
            .await
            .messages(),
        vec!["The card number is not valid."]
    );
    let id = added.json["id"].as_str().expect("id");
    let renamed = app
        .patch(&format!("/api/stores/payout/card/{id}"))
        .json(&json!({"holder": "S. Carter"}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(renamed.json["holder"], "S. Carter");
    let expired = app
        .patch(&format!("/api/stores/payout/card/{id}"))
        .json(&json!({"expYear": 2001}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(expired.status, StatusCode::BAD_REQUEST);

    let config = json!({"cardId": id, "schedule": "weekly", "minimumAmount": 50});
    let saved = app
        .post("/api/stores/payout/config")
        .json(&config)
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::CREATED, "{}", saved.text);
    assert_eq!(
        app.post("/api/stores/payout/config")
            .json(&config)
            .token(&token)
            .store(&store)
            .send()
            .await
            .status,
        StatusCode::CONFLICT
    );
    let config_id = saved.json["id"].as_str().expect("id");
    let changed = app
        .patch(&format!("/api/stores/payout/config/{config_id}"))
        .json(&json!({"schedule": "manual", "minimumAmount": 20}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(changed.json["schedule"], "manual");
    let read = app
        .get("/api/stores/payout/config")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(read.json["minimumAmount"], 20.0);
    let removed = app
        .delete(&format!("/api/stores/payout/card/{id}"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(removed.status, StatusCode::OK);
    assert_eq!(
        app.get("/api/stores/payout/card/")
            .token(&token)
            .store(&store)
            .send()
            .await
            .json,
        json!([])
    );
}

#[tokio::test]
async fn the_operator_settles_payouts_and_the_store_is_told() {
    let app = spawn_app().await;
    let (operator, _, demo) = app.session_of(OWNER_EMAIL).await;
    let demo = demo.expect("store");
    let pending = app
        .get("/api/stores/payout/request-payouts")
        .token(&operator)
        .store(&demo)
        .send()
        .await;
    let id = pending.json["requests"][0]["id"]
        .as_str()
        .expect("seeded payout")
        .to_owned();
    let (seller, _, _) = app.session_of(SELLER_EMAIL).await;
    assert_eq!(
        app.post(&format!("/api/operator/payouts/{id}/paid"))
            .token(&seller)
            .send()
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let paid = app
        .post(&format!("/api/operator/payouts/{id}/paid"))
        .token(&operator)
        .send()
        .await;
    assert_eq!(paid.json["status"], "paid");
    assert_eq!(
        app.post(&format!("/api/operator/payouts/{id}/rejected"))
            .token(&operator)
            .send()
            .await
            .status,
        StatusCode::CONFLICT
    );
    let news = app
        .get("/api/stores/payout/v2/notification?status=1")
        .token(&operator)
        .store(&demo)
        .send()
        .await;
    assert!(
        news.json["notifications"]
            .as_array()
            .expect("list")
            .iter()
            .any(|n| n["body"].as_str().is_some_and(|b| b.contains("$50.00")))
    );
}

#[tokio::test]
async fn gateways_are_chosen_by_group_or_one_by_one() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let none = app
        .get("/api/stores/payout/proxy/store-proxies")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(none.json, json!([]));
    let groups = app
        .get("/api/stores/payout/proxy/list-groups")
        .token(&token)
        .store(&store)
        .send()
        .await;
    let group = groups
        .json
        .as_array()
        .expect("groups")
        .iter()
        .find(|g| g["name"] == "PayPal EU")
        .expect("group")
        .clone();
    let group_id = group["id"].as_str().expect("id");
    let added = app
        .post("/api/stores/payout/proxy/add-store-group")
        .json(&json!({"groupId": group_id}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(added.status, StatusCode::OK);
    let page = app
        .get(&format!(
            "/api/stores/payout/proxy/get-store-proxies?limit=2&page=2&storeId={store}"
        ))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(page.json["total"], 3);
    assert_eq!(page.json["proxies"].as_array().map(Vec::len), Some(1));
    let foreign = app
        .get("/api/stores/payout/proxy/get-store-proxies?storeId=another")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    let mine = app
        .get("/api/stores/payout/proxy/store-groups")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(mine.json[0]["name"], "PayPal EU");
    let first = group["proxies"][0]["id"].as_str().expect("proxy");
    let narrowed = app
        .post(&format!("/api/stores/payout/proxy/group/{group_id}"))
        .json(&json!({"proxyIds": [first]}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(narrowed.json.as_array().map(Vec::len), Some(1));
    let remain = app
        .get(&format!(
            "/api/stores/payout/proxy/remain-group-proxies?groupId={group_id}"
        ))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(remain.json.as_array().map(Vec::len), Some(2));
    let unknown = app
        .post("/api/stores/payout/proxy/save-store-proxies")
        .json(&json!({"proxyIds": ["nope"]}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    let all = app
        .get("/api/stores/payout/proxy/remain-proxies")
        .token(&token)
        .store(&store)
        .send()
        .await;
    let ids: Vec<&str> = all
        .json
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|p| p["id"].as_str())
        .collect();
    let saved = app
        .post("/api/stores/payout/proxy/save-store-proxies")
        .json(&json!({"proxyIds": ids}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(saved.json.as_array().map(Vec::len), Some(5));
    let removed = app
        .post("/api/stores/payout/proxy/remove-store-group")
        .json(&json!({"groupId": group_id}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(removed.status, StatusCode::OK);
    let grouped = app
        .get("/api/stores/payout/proxy/list-proxies-groups")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(grouped.json.as_array().map(Vec::len), Some(2));
}

#[tokio::test]
async fn domains_are_checked_added_verified_and_removed() {
    let mut app = spawn_app().await;
    let dns = server::dns::FixedResolver::default();
    dns.point(
        "shop.sam.example",
        vec![IpAddr::V4(Ipv4Addr::new(203, 0, 113, 10))],
    );
    app.state.resolver = Arc::new(dns.clone());
    app.router = server::app(app.state.clone());
    let (token, store) = fresh_store(&app).await;
    let list = app
        .get("/api/stores/config/domains/")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(list.json["domains"][0]["domainType"], "SystemDefault");
    assert_eq!(list.json["domains"][0]["host"], "fresh-shop.localhost");
    // A new store is on the Free plan, which does not include its own domains: the list says so
    // and names the plan that does, and adding or buying one is refused until the owner chooses it.
    assert_eq!(list.json["ownDomains"], false);
    assert_eq!(list.json["ownDomainsPlan"], "Silver");
    for path in [
        "/api/stores/config/domains/",
        "/api/stores/config/buy-domains",
    ] {
        let free = app
            .post(path)
            .json(&json!({"host": "shop.sam.example"}))
            .token(&token)
            .store(&store)
            .send()
            .await;
        assert_eq!(free.status, StatusCode::FORBIDDEN, "{path}: {}", free.text);
        assert!(free.text.contains("Silver plan"), "{}", free.text);
    }
    let chosen = app
        .put("/api/stores/subscription")
        .json(&json!({"planCode": "PLAN_SILVER_MONTHLY"}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text);
    for bad in [
        "not a domain",
        "localhost",
        "x.localhost",
        "a..b.com",
        "shop.example.com:80",
    ] {
        let reply = app
            .post("/api/stores/config/domains/")
            .json(&json!({"host": bad}))
            .token(&token)
            .store(&store)
            .send()
            .await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{bad}");
    }
    let taken = app
        .post("/api/stores/config/domains/")
        .json(&json!({"host": "shop.demo-store.example"}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    let added = app
        .post("/api/stores/config/domains/")
        .json(&json!({"host": "Shop.Sam.Example."}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.text);
    assert_eq!(added.json["verified"], false);
    // Every record to create: the platform's address, then the claim's TXT record.
    let token_text = added.json["verification"]["value"].clone();
    assert_eq!(
        added.json["records"],
        json!([
            {"kind": "A", "name": "shop.sam.example", "value": "203.0.113.10"},
            {"kind": "TXT", "name": "_storeloom-verify.shop.sam.example", "value": token_text},
        ])
    );
    let id = added.json["id"].as_str().expect("id").to_owned();
    let unverified = app
        .post("/api/stores/config/update-domain-checkout")
        .json(&json!({"domainId": id}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(unverified.status, StatusCode::BAD_REQUEST);
    // Pointing at us is not enough: the claim's own TXT record proves the store owns it.
    let check_sam = || {
        app.post("/api/stores/admin/check-domain")
            .json(&json!({"domain": "shop.sam.example", "storeId": store}))
            .token(&token)
            .store(&store)
            .send()
    };
    let early = check_sam().await;
    // What was found is said: the address, and no TXT text yet.
    assert_eq!(
        early.json,
        json!({"host": "shop.sam.example", "available": true, "pointsToUs": true, "txtFound": false,
            "addresses": ["203.0.113.10"], "texts": []})
    );
    let record = &added.json["verification"];
    assert_eq!(record["name"], "_storeloom-verify.shop.sam.example");
    dns.publish_txt(
        record["name"].as_str().expect("name"),
        record["value"].as_str().expect("value"),
    );
    let check = check_sam().await;
    assert_eq!(
        check.json,
        json!({"host": "shop.sam.example", "available": true, "pointsToUs": true, "txtFound": true,
            "addresses": ["203.0.113.10"], "texts": [token_text]})
    );
    let news = app
        .get("/api/stores/payout/v2/notification")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(
        news.json["notifications"][0]["title"],
        "Your domain is connected"
    );
    let checkout = app
        .post("/api/stores/config/update-domain-checkout")
        .json(&json!({"domainId": id}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert!(
        checkout.json["domains"]
            .as_array()
            .expect("list")
            .iter()
            .any(|d| d["isCheckout"] == true && d["id"] == id.as_str())
    );
    let idn = app
        .post("/api/stores/admin/check-domain")
        .json(&json!({"domain": "cửahàng.vn", "storeId": store}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert!(
        idn.json["host"]
            .as_str()
            .is_some_and(|h| h.starts_with("xn--"))
    );
    assert_eq!(idn.json["pointsToUs"], false);
    let system_id = list.json["domains"][0]["id"].as_str().expect("id");
    let keep = app
        .delete(&format!("/api/stores/config/domains/?id={system_id}"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(keep.status, StatusCode::BAD_REQUEST);
    let removed = app
        .delete(&format!("/api/stores/config/domains/?id={id}"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(removed.status, StatusCode::OK);

    let bought = app
        .post("/api/stores/config/buy-domains")
        .json(&json!({"host": "samsgoods.shop", "years": 2}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(bought.status, StatusCode::CREATED, "{}", bought.text);
    assert_eq!(bought.json["price"], 59.98);
    assert_eq!(
        app.post("/api/stores/config/buy-domains")
            .json(&json!({"host": "samsgoods.shop", "years": 20}))
            .token(&token)
            .store(&store)
            .send()
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
    let pending = app
        .get("/api/stores/config/pending-domains")
        .token(&token)
        .store(&store)
        .send()
        .await;
    let pending_id = pending.json[0]["id"].as_str().expect("id");
    let cancelled = app
        .delete(&format!(
            "/api/stores/config/pending-domain?id={pending_id}"
        ))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(cancelled.status, StatusCode::OK);
    let flags = app
        .get("/api/stores/public/onlinestore/themes/page")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(flags.json, json!([{"enableRef": false, "isVip": false}]));
}

#[tokio::test]
async fn personalized_products_and_fonts_are_kept_per_store() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let setup = json!({"productId": "p1", "name": "Name on a shirt", "layers": [{"type": "text", "label": "Name"}]});
    let created = app
        .post("/api/personalizes")
        .json(&setup)
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.json["id"].as_str().expect("id");
    assert_eq!(
        app.get("/api/personalizes/count")
            .token(&token)
            .store(&store)
            .send()
            .await
            .json["count"],
        1
    );
    let page = app
        .get("/api/personalizes/?page=1&limit=10")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(page.json["total"], 1);
    let by_product = app
        .get("/api/personalizes/product/p1")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(by_product.json[0]["layers"][0]["label"], "Name");
    let changed = app
        .put(&format!("/api/personalizes/{id}"))
        .json(&json!({"productId": "p1", "name": "Name and number", "layers": []}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(changed.json["name"], "Name and number");
    let bad = app
        .post("/api/personalizes")
        .json(&json!({"productId": "", "name": "", "layers": [1, 2]}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(bad.messages().len(), 3);
    assert_eq!(
        app.delete(&format!("/api/personalizes/{id}"))
            .token(&token)
            .store(&store)
            .send()
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        app.get(&format!("/api/personalizes/{id}"))
            .token(&token)
            .store(&store)
            .send()
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    let font = app
        .post("/api/personalizes/font")
        .json(&json!({"name": "Lobster", "fontUrl": "https://fonts.example/lobster.woff2"}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(font.status, StatusCode::CREATED);
    let insecure = app
        .post("/api/personalizes/font")
        .json(&json!({"name": "X", "fontUrl": "http://fonts.example/x.exe"}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(insecure.status, StatusCode::BAD_REQUEST);
    let fonts = app
        .get("/api/personalizes/font")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(
        fonts.json[0]["fontUrl"],
        "https://fonts.example/lobster.woff2"
    );
    let font_id = font.json["id"].as_str().expect("id");
    assert_eq!(
        app.delete(&format!("/api/personalizes/font/{font_id}"))
            .token(&token)
            .store(&store)
            .send()
            .await
            .status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_store_status_subscription_and_help_are_readable() {
    let app = spawn_app().await;
    let (token, _, demo) = app.session_of(DESIGNER_EMAIL).await;
    let demo = demo.expect("store");
    let status = app
        .get("/api/stores/current")
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(status.json["isEnabled"], true);
    assert_eq!(status.json["subdomain"], "demo");
    assert_eq!(status.json["businessType"], "other");
    let public = app.get("/api/config/public").send().await;
    assert_eq!(
        public.json,
        json!({"operatorEmailDomain": "storeloom.dev", "signupOpen": true})
    );
    let subscription = app
        .get("/api/stores/subscription/current")
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(subscription.json["rank"], "VIP");
    assert_eq!(subscription.json["onTrial"], true);
    let help = app.get("/api/helpbase/public/customHTML").send().await;
    assert!(
        help.json["homeHtml"]
            .as_str()
            .is_some_and(|h| h.contains("Welcome"))
    );
    // In the reader's language: Vietnamese for `lang=vi`, English for anything else.
    let help_vi = app
        .get("/api/helpbase/public/customHTML?lang=vi")
        .send()
        .await;
    assert!(
        help_vi.json["homeHtml"]
            .as_str()
            .is_some_and(|h| h.contains("Chào mừng") && !h.contains("Welcome"))
    );
    let help_other = app
        .get("/api/helpbase/public/customHTML?lang=fr")
        .send()
        .await;
    assert_eq!(help_other.json["homeHtml"], help.json["homeHtml"]);
    sqlx::query("UPDATE stores SET is_enabled = 0 WHERE id = $1")
        .bind(&demo)
        .execute(&app.state.db)
        .await
        .expect("disable");
    let disabled = app
        .get("/api/stores/current")
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(disabled.json["isEnabled"], false);
}

#[tokio::test]
async fn the_dashboard_totals_count_todays_paid_orders_in_the_stores_zone() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let empty = app
        .get("/api/stores/dashboard/totals")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(empty.status, StatusCode::OK, "{}", empty.text);
    assert_eq!(
        (
            empty.json["total_sales"].as_f64(),
            empty.json["total_orders"].as_u64()
        ),
        (Some(0.0), Some(0))
    );
    assert_eq!(empty.json["timezone"], "America/Los_Angeles");
    paid_orders(&app, &store, 3, 1_250).await;
    let today = app
        .get("/api/stores/dashboard/totals")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(today.json["total_sales"], 37.5);
    assert_eq!(today.json["total_orders"], 3);
    assert_eq!(today.json["open_orders"], 3);
    let long_ago = app
        .get("/api/stores/dashboard/totals?fromTime=2020-01-01&toTime=2020-01-31&timezone=Asia/Ho_Chi_Minh")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(long_ago.json["total_orders"], 0);
    let bad = app
        .get("/api/stores/dashboard/totals?fromTime=2026-13-01")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let demo = app.store_id("demo").await;
    let foreign = app
        .get(&format!("/api/stores/dashboard/totals?stores={demo}"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn onboarding_walks_the_steps_as_the_store_fills_in_and_skips() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let step = |reply: &crate::helpers::Reply| {
        reply.json["currentConfig"]["field"]
            .as_str()
            .unwrap_or("")
            .to_owned()
    };
    let first = app
        .get("/api/stores/config/status")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(step(&first), "addProduct");
    assert_eq!(first.json["currentConfig"]["path"], "/products/create");
    // Skipping moves on; a product added later counts too.
    let skipped = app
        .put("/api/stores/config/skip")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(step(&skipped), "customizeTheme");
    let skipped = app
        .put("/api/stores/config/skip")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(step(&skipped), "domainConfigured");
    assert!(
        skipped.json["currentConfig"]["description"]
            .as_str()
            .is_some_and(|d| d.contains("{domain}"))
    );
    // The store's data finishes the remaining steps.
    sqlx::query("INSERT INTO domains (id, store_id, host, domain_type, is_primary, created_at, verified_at) VALUES ('d1', $1, 'fresh.example.com', 'Custom', 0, 0, 0)")
        .bind(&store)
        .execute(&app.state.db)
        .await
        .expect("domain");
    sqlx::query(
        "INSERT INTO store_proxies (store_id, proxy_id) SELECT $1, id FROM proxies LIMIT 1",
    )
    .bind(&store)
    .execute(&app.state.db)
    .await
    .expect("gateway");
    let now = app
        .get("/api/stores/config/status")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(step(&now), "testOrder");
    paid_orders(&app, &store, 1, 100).await;
    let done = app
        .get("/api/stores/config/status")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(step(&done), "completed");
    assert_eq!(done.json["currentConfig"]["button"], "Back to Home");
    let still = app
        .put("/api/stores/config/skip")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(step(&still), "completed");
}

#[tokio::test]
async fn the_theme_step_names_the_active_theme_in_full() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let call = |method: Method, path: &'static str, body: Option<Value>| {
        let (app, token, store) = (&app, token.clone(), store.clone());
        async move {
            app.request(method, path)
                .maybe_json(body.as_ref())
                .token(&token)
                .store(&store)
                .send()
                .await
        }
    };
    let next = call(Method::PUT, "/api/stores/config/skip", None).await;
    assert_eq!(next.json["currentConfig"]["field"], "customizeTheme");
    let themes = call(Method::GET, "/api/stores/onlinestore/themes", None).await;
    let active = themes
        .json
        .as_array()
        .expect("themes")
        .iter()
        .find(|t| t["status"] == "published")
        .cloned();
    let active_name = active
        .as_ref()
        .and_then(|t| t["name"].as_str())
        .expect("an active theme");
    assert_eq!(
        next.json["currentConfig"]["button"],
        format!("Customize {active_name}")
    );
    // A long name comes whole: shortening the label is the UI core's rule. A second theme comes
    // with a paid plan.
    choose_plan(&app, &token, &store, "PLAN_SILVER_MONTHLY").await;
    let long = "Autumn Collection Launch Theme with Large Hero Banners";
    let created = call(
        Method::POST,
        "/api/stores/onlinestore/themes",
        Some(json!({"name": long})),
    )
    .await;
    let id = created.json["id"].as_str().expect("theme id").to_owned();
    let activated = app
        .post(&format!("/api/stores/onlinestore/themes/{id}/activate"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(activated.status, StatusCode::OK, "{}", activated.text);
    let now = call(Method::GET, "/api/stores/config/status", None).await;
    assert_eq!(
        now.json["currentConfig"]["button"],
        format!("Customize {long}")
    );
}

#[tokio::test]
async fn only_the_operator_disables_a_store_and_its_status_says_so() {
    let app = spawn_app().await;
    let (operator, _, _) = app.session_of(OWNER_EMAIL).await;
    let (seller, store) = fresh_store(&app).await;
    let path = format!("/api/operator/stores/{store}/status");
    let refused = app
        .put(&path)
        .json(&json!({"isEnabled": false}))
        .token(&seller)
        .send()
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let disabled = app
        .put(&path)
        .json(&json!({"isEnabled": false}))
        .token(&operator)
        .send()
        .await;
    assert_eq!(disabled.status, StatusCode::OK, "{}", disabled.text);
    assert_eq!(disabled.json["isEnabled"], false);
    let seen = app
        .get("/api/stores/current")
        .token(&seller)
        .store(&store)
        .send()
        .await;
    assert_eq!(seen.json["isEnabled"], false);
    let enabled = app
        .put(&path)
        .json(&json!({"isEnabled": true}))
        .token(&operator)
        .send()
        .await;
    assert_eq!(enabled.json["isEnabled"], true);
    let missing = app
        .put("/api/operator/stores/no-such-store/status")
        .json(&json!({"isEnabled": false}))
        .token(&operator)
        .send()
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let malformed = app
        .put(&path)
        .json(&json!({"isEnabled": "no"}))
        .token(&operator)
        .send()
        .await;
    assert_eq!(malformed.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_member_is_shown_and_may_skip_only_an_onboarding_step_their_scopes_open() {
    let app = spawn_app().await;
    let (owner, store) = fresh_store(&app).await;
    // Staff accounts come with a paid plan.
    choose_plan(&app, &owner, &store, "PLAN_SILVER_MONTHLY").await;
    let invited = app
        .post("/api/users/add-store-staff")
        .json(&json!({"email": "picker@example.com", "scopes": ["orders", "products"]}))
        .token(&owner)
        .store(&store)
        .send()
        .await;
    assert_eq!(invited.status, StatusCode::CREATED, "{}", invited.text);
    let invitation = app.token_mailed_to("picker@example.com").await;
    let joined = app
        .post("/api/auth/account-activation")
        .json(&json!({"token": invitation, "password": "picker-pass"}))
        .send()
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.text);
    let picker = app.login("picker@example.com", "picker-pass").await["accessToken"]
        .as_str()
        .expect("token")
        .to_owned();
    let status = |token: &str| {
        let token = token.to_owned();
        let store = store.clone();
        let app = &app;
        async move {
            app.get("/api/stores/config/status")
                .token(&token)
                .store(&store)
                .send()
                .await
        }
    };
    // Adding a product is the picker's to do: shown to both.
    let theirs = status(&picker).await;
    assert_eq!(theirs.json["currentConfig"]["field"], "addProduct");
    // The owner skips it; customizing the theme is not the picker's: not shown, not skipped.
    let skipped = app
        .put("/api/stores/config/skip")
        .token(&owner)
        .store(&store)
        .send()
        .await;
    assert_eq!(skipped.json["currentConfig"]["field"], "customizeTheme");
    let hidden = status(&picker).await;
    assert_eq!(hidden.status, StatusCode::OK);
    assert_eq!(hidden.json["currentConfig"], Value::Null, "{}", hidden.text);
    let refused = app
        .put("/api/stores/config/skip")
        .token(&picker)
        .store(&store)
        .send()
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(
        status(&owner).await.json["currentConfig"]["field"],
        "customizeTheme"
    );
}
