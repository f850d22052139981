//! Abandoned checkouts: the storefront's checkout drafts (validated, priced from the database,
//! rate-limited), closed by the order, listed for the seller after the grace period, store by
//! store and behind the `orders` scope.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{DESIGNER_EMAIL, OWNER_EMAIL, Reply, SELLER_EMAIL, TestApp, spawn_app};

const GRACE_MS: i64 = 3_600_000;

/// A product of a store by handle (as stored) with a variant that has stock: (product id,
/// variant id, price in minor units).
async fn product(app: &TestApp, subdomain: &str, handle: &str) -> (String, String, i64) {
    let stored = crate::helpers::stored_product(app, subdomain, handle).await;
    let variant = stored["variants"]
        .as_array()
        .expect("variants")
        .iter()
        .find(|v| v["stock"].as_i64().unwrap_or(0) > 1)
        .expect("a variant with stock")
        .clone();
    (
        stored["id"].as_str().expect("id").to_owned(),
        variant["id"].as_str().expect("variant id").to_owned(),
        (variant["price"].as_f64().expect("price") * 100.0).round() as i64,
    )
}

/// Moves a draft's times back by `ms`, as if the shopper had left that long ago.
async fn age(app: &TestApp, token: &str, ms: i64) {
    sqlx::query(
        "UPDATE checkout_drafts SET created_at = created_at - $1, updated_at = updated_at - $1 WHERE token = $2",
    )
    .bind(ms)
    .bind(token)
    .execute(&app.state.db)
    .await
    .expect("age the draft");
}

async fn list(app: &TestApp, token: &str, store: &str, query: &str) -> Reply {
    app.get(&format!("/api/stores/abandoned-checkouts{query}"))
        .token(token)
        .store(store)
        .send()
        .await
}

/// The listed checkout with this e-mail, if any.
fn listed<'a>(reply: &'a Reply, email: &str) -> Option<&'a Value> {
    reply.json["checkouts"]
        .as_array()
        .expect("checkouts")
        .iter()
        .find(|c| c["email"] == email)
}

#[tokio::test]
async fn a_draft_becomes_an_abandoned_checkout_after_the_grace_period_priced_from_the_database() {
    let app = spawn_app().await;
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    let store = store.expect("store");
    let (product, variant, price) = product(&app, "demo", "classic-shirt").await;
    let draft = "draft-token-0001-abcdef";
    let saved = app
        .post("/s/demo/checkout/draft")
        .json(&json!({"token": draft, "items": [{"productId": product, "variantId": variant, "quantity": 2}]}))
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(saved.json["subtotalMinor"], price * 2);
    // The e-mail and name typed later join the same draft.
    let saved = app
        .post("/s/demo/checkout/draft")
        .json(
            &json!({"token": draft, "email": " Leaver@Example.com ", "name": "Lee Leaver",
                "items": [{"productId": product, "variantId": variant, "quantity": 2}]}),
        )
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let (drafts,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM checkout_drafts WHERE token = $1")
        .bind(draft)
        .fetch_one(&app.state.db)
        .await
        .expect("count");
    assert_eq!(drafts, 1);

    // Within the grace period it is not listed.
    let before = list(&app, &token, &store, "?search=leaver").await;
    assert_eq!(before.status, StatusCode::OK, "{}", before.text);
    assert_eq!(before.json["total"], 0, "{}", before.text);
    assert_eq!(before.json["abandonedAfterMinutes"], GRACE_MS / 60_000);

    age(&app, draft, GRACE_MS + 60_000).await;
    let after = list(&app, &token, &store, "?search=leaver").await;
    assert_eq!(after.json["total"], 1, "{}", after.text);
    let row = listed(&after, "leaver@example.com").expect("listed");
    assert_eq!(row["customerName"], "Lee Leaver");
    assert_eq!(row["status"], "notRecovered");
    assert_eq!(row["itemCount"], 2);
    assert_eq!(row["currency"], "USD");
    assert_eq!(row["subtotal"].as_f64(), Some((price * 2) as f64 / 100.0));
    assert!(
        row["recoveryUrl"]
            .as_str()
            .expect("recovery")
            .ends_with(&format!("/s/demo/checkout?recover={draft}"))
    );
    // Search by name too; the seeded checkouts are there without a search.
    let by_name = list(&app, &token, &store, "?search=lee%20leaver").await;
    assert_eq!(by_name.json["total"], 1, "{}", by_name.text);
    let all = list(&app, &token, &store, "?limit=50").await;
    assert!(
        all.json["total"].as_i64().expect("total") >= 6,
        "{}",
        all.text
    );

    // The detail has the lines with the database's price.
    let id = row["id"].as_str().expect("id");
    let detail = app
        .get(&format!("/api/stores/abandoned-checkouts/{id}"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(detail.status, StatusCode::OK, "{}", detail.text);
    assert_eq!(detail.json["lineItems"][0]["productId"], product.as_str());
    assert_eq!(detail.json["lineItems"][0]["variantId"], variant.as_str());
    assert_eq!(detail.json["lineItems"][0]["quantity"], 2);
    assert_eq!(
        detail.json["lineItems"][0]["price"].as_f64(),
        Some(price as f64 / 100.0)
    );

    // The recovery link's call gives the lines back to the storefront.
    let recovered = app
        .get(&format!("/s/demo/checkout/draft/{draft}"))
        .send()
        .await;
    assert_eq!(recovered.status, StatusCode::OK, "{}", recovered.text);
    assert_eq!(recovered.json["items"][0]["variantId"], variant.as_str());
    assert_eq!(recovered.json["email"], "leaver@example.com");

    // A date range of days before the checkout leaves it out.
    let old = list(
        &app,
        &token,
        &store,
        "?search=leaver&startDate=2020-01-01&endDate=2020-01-31&timezone=UTC",
    )
    .await;
    assert_eq!(old.status, StatusCode::OK, "{}", old.text);
    assert_eq!(old.json["total"], 0);
}

#[tokio::test]
async fn placing_the_order_closes_the_draft_and_a_late_order_marks_it_recovered() {
    let app = spawn_app().await;
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    let store = store.expect("store");
    let (product, variant, _) = product(&app, "demo", "classic-shirt").await;
    let items = json!([{"productId": product, "variantId": variant, "quantity": 1}]);
    let order = |draft: &str, key: &str, email: &str| {
        json!({"idempotencyKey": key, "email": email, "shippingAddress": crate::helpers::address("Ann Buyer"),
            "items": items, "draftToken": draft})
    };

    // Completed within the grace period: never listed, and not reopened by a late save.
    let quick = "draft-token-quick-0001";
    let saved = app
        .post("/s/demo/checkout/draft")
        .json(&json!({"token": quick, "email": "quick@example.com", "items": items}))
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let placed = app
        .post("/s/demo/checkout")
        .json(&order(quick, "key-quick-0001", "quick@example.com"))
        .send()
        .await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.text);
    let (completed, order_id): (Option<i64>, Option<String>) =
        sqlx::query_as("SELECT completed_at, order_id FROM checkout_drafts WHERE token = $1")
            .bind(quick)
            .fetch_one(&app.state.db)
            .await
            .expect("draft");
    assert!(completed.is_some());
    assert_eq!(order_id.as_deref(), placed.json["orderId"].as_str());
    let again = app
        .post("/s/demo/checkout/draft")
        .json(&json!({"token": quick, "items": items}))
        .send()
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.text);
    assert_eq!(
        app.get(&format!("/s/demo/checkout/draft/{quick}"))
            .send()
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    age(&app, quick, 3 * GRACE_MS).await;
    let reply = list(&app, &token, &store, "?search=quick").await;
    assert_eq!(reply.json["total"], 0, "{}", reply.text);

    // Completed after it was abandoned: listed as recovered, with its order.
    let late = "draft-token-late-00001";
    app.post("/s/demo/checkout/draft")
        .json(&json!({"token": late, "email": "late@example.com", "items": items}))
        .send()
        .await;
    age(&app, late, GRACE_MS + 60_000).await;
    let reply = list(&app, &token, &store, "?search=late%40").await;
    assert_eq!(
        listed(&reply, "late@example.com").expect("abandoned")["status"],
        "notRecovered"
    );
    let placed = app
        .post("/s/demo/checkout")
        .json(&order(late, "key-late-00001", "late@example.com"))
        .send()
        .await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.text);
    let reply = list(&app, &token, &store, "?search=late%40").await;
    let row = listed(&reply, "late@example.com").expect("still listed");
    assert_eq!(row["status"], "recovered");
    assert_eq!(row["orderId"], placed.json["orderId"]);
}

#[tokio::test]
async fn another_store_cannot_see_a_checkout_and_staff_without_the_orders_scope_get_403() {
    let app = spawn_app().await;
    let (owner, _, demo) = app.session_of(OWNER_EMAIL).await;
    let demo = demo.expect("store");
    let (seller, _, sams) = app.session_of(SELLER_EMAIL).await;
    let sams = sams.expect("store");
    let (product, variant, _) = product(&app, "demo", "classic-shirt").await;
    let draft = "draft-token-tenant-0001";
    let saved = app
        .post("/s/demo/checkout/draft")
        .json(&json!({"token": draft, "email": "tenant@example.com",
            "items": [{"productId": product, "variantId": variant, "quantity": 1}]}))
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    age(&app, draft, 2 * GRACE_MS).await;
    let reply = list(&app, &owner, &demo, "?search=tenant").await;
    let id = listed(&reply, "tenant@example.com").expect("listed")["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let path = format!("/api/stores/abandoned-checkouts/{id}");

    // The other store's owner: not in their list, 404 by id in their store, 404 in a store
    // they are not a member of.
    let theirs = list(&app, &seller, &sams, "?search=tenant").await;
    assert_eq!(theirs.status, StatusCode::OK, "{}", theirs.text);
    assert_eq!(theirs.json["total"], 0);
    let by_id = app.get(&path).token(&seller).store(&sams).send().await;
    assert_eq!(by_id.status, StatusCode::NOT_FOUND, "{}", by_id.text);
    let foreign = app.get(&path).token(&seller).store(&demo).send().await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND, "{}", foreign.text);

    // A draft sent to the other store's storefront with the Demo Store's product keeps nothing
    // of it: the id is unknown there.
    let cross = app
        .post("/s/sams-goods/checkout/draft")
        .json(&json!({"token": "draft-token-cross-0001",
            "items": [{"productId": product, "variantId": variant, "quantity": 1}]}))
        .send()
        .await;
    assert_eq!(cross.status, StatusCode::BAD_REQUEST, "{}", cross.text);

    // Staff of the Demo Store without the orders scope.
    let (designer, _, _) = app.session_of(DESIGNER_EMAIL).await;
    for path in ["/api/stores/abandoned-checkouts", path.as_str()] {
        let reply = app.get(path).token(&designer).store(&demo).send().await;
        assert_eq!(
            reply.status,
            StatusCode::FORBIDDEN,
            "{path}: {}",
            reply.text
        );
    }
    // Signed out.
    assert_eq!(
        app.get(&path).store(&demo).send().await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn bad_drafts_and_bad_list_queries_get_400_and_write_nothing() {
    let app = spawn_app().await;
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    let store = store.expect("store");
    let (product, variant, _) = product(&app, "demo", "classic-shirt").await;
    let line = json!({"productId": product, "variantId": variant, "quantity": 1});
    let long_name = "n".repeat(101);
    let too_many: Vec<Value> = (0..51).map(|_| line.clone()).collect();
    let cases = [
        json!({"token": "short", "items": [line]}),
        json!({"token": "draft-token-bad-00001", "email": "not an e-mail", "items": [line]}),
        json!({"token": "draft-token-bad-00001", "name": long_name, "items": [line]}),
        json!({"token": "draft-token-bad-00001", "items": []}),
        json!({"token": "draft-token-bad-00001", "items": too_many}),
        json!({"token": "draft-token-bad-00001", "items": [{"productId": product, "variantId": variant, "quantity": 0}]}),
        json!({"token": "draft-token-bad-00001", "items": [{"productId": "no-such-product", "quantity": 1}]}),
    ];
    for body in cases {
        let reply = app.post("/s/demo/checkout/draft").json(&body).send().await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            reply.text
        );
        assert!(!reply.messages().is_empty());
    }
    // A body of the wrong shape (a price from the client, a number for the token, no token)
    // is refused by the JSON reader, 422 as on every JSON endpoint.
    for body in [
        json!({"token": "draft-token-bad-00001", "items": [line], "priceMinor": 1}),
        json!({"token": 5, "items": [line]}),
        json!({"items": [line]}),
    ] {
        let reply = app.post("/s/demo/checkout/draft").json(&body).send().await;
        assert_eq!(
            reply.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {}",
            reply.text
        );
        assert!(!reply.messages().is_empty());
    }
    let not_json = app.post("/s/demo/checkout/draft").body("{").send().await;
    assert_eq!(
        not_json.status,
        StatusCode::BAD_REQUEST,
        "{}",
        not_json.text
    );
    let (drafts,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM checkout_drafts WHERE token LIKE 'draft-token-bad%' OR token = 'short'",
    )
    .fetch_one(&app.state.db)
    .await
    .expect("count");
    assert_eq!(drafts, 0);
    // An unknown store.
    let reply = app
        .post("/s/no-such-store/checkout/draft")
        .json(&json!({"token": "draft-token-bad-00001", "items": [line]}))
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    // A bad token in the order itself.
    let order = app
        .post("/s/demo/checkout")
        .json(&json!({"idempotencyKey": "key-bad-00001", "email": "a@example.com", "shippingAddress": crate::helpers::address("A B"), "items": [line], "draftToken": "bad token!"}))
        .send()
        .await;
    assert_eq!(order.status, StatusCode::BAD_REQUEST, "{}", order.text);

    for query in [
        "?startDate=2024-13-45",
        "?startDate=2024-01-10&endDate=2024-01-01",
        "?startDate=2024-01-01&timezone=Mars/Olympus",
        "?page=abc",
    ] {
        let reply = list(&app, &token, &store, query).await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{query}: {}",
            reply.text
        );
    }
    let reply = app
        .get("/api/stores/abandoned-checkouts/no-such-id")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn draft_saves_past_the_rate_limit_get_429() {
    let app = spawn_app().await;
    let (product, variant, _) = product(&app, "demo", "classic-shirt").await;
    let body = json!({"token": "draft-token-rate-00001",
        "items": [{"productId": product, "variantId": variant, "quantity": 1}]});
    let first = app.post("/s/demo/checkout/draft").json(&body).send().await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    // The address has used up this minute and the next (the in-process client's peer is the
    // loopback address the test router gives every request).
    let window = server::db::now_ms().div_euclid(60_000) * 60;
    for start in [window, window + 60] {
        sqlx::query(
            "INSERT INTO rate_counters (key, window_start, count) VALUES ('checkout-draft:127.0.0.1', $1, $2) \
             ON CONFLICT (key, window_start) DO UPDATE SET count = excluded.count",
        )
        .bind(start)
        .bind(server::storefront::drafts::SAVES_PER_MINUTE)
        .execute(&app.state.db)
        .await
        .expect("counter");
    }
    let refused = app.post("/s/demo/checkout/draft").json(&body).send().await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        refused.text
    );
    assert!(!refused.messages().is_empty());
}
