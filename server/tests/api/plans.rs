//! The plan page (issue 28): plans from the server, the owner choosing, changing and cancelling
//! the store's plan (the trial ends), nobody else changing it; and one store's gateways changed
//! by many requests at once.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{
    DESIGNER_EMAIL, ORDERS_STAFF_EMAIL, OWNER_EMAIL, SELLER_EMAIL, TestApp, fresh_store, spawn_app,
};

async fn subscription(app: &TestApp, token: &str, store: &str) -> serde_json::Value {
    app.get("/api/stores/subscription/current")
        .token(token)
        .store(store)
        .send()
        .await
        .json
}

#[tokio::test]
async fn the_owner_chooses_changes_and_cancels_the_plan_and_the_trial_ends() {
    let app = spawn_app().await;
    let (token, _, demo) = app.session_of(OWNER_EMAIL).await;
    let demo = demo.expect("demo store");
    let plans = app
        .get("/api/stores/subscription/plans")
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(plans.status, StatusCode::OK);
    let codes: Vec<&str> = plans
        .json
        .as_array()
        .expect("plans")
        .iter()
        .filter_map(|p| p["code"].as_str())
        .collect();
    assert_eq!(
        codes,
        [
            "FREE",
            "PLAN_SILVER_MONTHLY",
            "PLAN_GOLD_MONTHLY",
            "PLAN_VIP_MONTHLY"
        ]
    );
    assert_eq!(plans.json[2]["price"], 49.0);
    assert_eq!(plans.json[2]["rank"], "GOLD");
    assert_eq!(plans.json[0]["features"][0]["code"], "products");
    assert_eq!(subscription(&app, &token, &demo).await["onTrial"], true);

    let chosen = app
        .put("/api/stores/subscription")
        .json(&json!({"planCode": "PLAN_GOLD_MONTHLY"}))
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text);
    assert_eq!(chosen.json["planCode"], "PLAN_GOLD_MONTHLY");
    assert_eq!(chosen.json["onTrial"], false);
    assert_eq!(chosen.json["rank"], "GOLD");
    assert_eq!(subscription(&app, &token, &demo).await["onTrial"], false);
    // The enable-ref flag the operator set stays; the VIP flag follows the plan.
    let flags = app
        .get("/api/stores/public/onlinestore/themes/page")
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(flags.json, json!([{"enableRef": true, "isVip": false}]));

    let again = app
        .put("/api/stores/subscription")
        .json(&json!({"planCode": "PLAN_GOLD_MONTHLY"}))
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    let unknown = app
        .put("/api/stores/subscription")
        .json(&json!({"planCode": "PLAN_FREE_FOREVER"}))
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(unknown.messages()[0].contains("PLAN_FREE_FOREVER"));

    let cancelled = app
        .delete("/api/stores/subscription")
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(cancelled.status, StatusCode::OK);
    assert_eq!(cancelled.json["planCode"], "FREE");
    assert_eq!(cancelled.json["rank"], serde_json::Value::Null);
    let twice = app
        .delete("/api/stores/subscription")
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(twice.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_store_without_a_subscription_chooses_its_first_plan() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    assert_eq!(subscription(&app, &token, &store).await["planCode"], "FREE");
    let chosen = app
        .put("/api/stores/subscription")
        .json(&json!({"planCode": "PLAN_SILVER_MONTHLY"}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text);
    assert_eq!(
        subscription(&app, &token, &store).await["planCode"],
        "PLAN_SILVER_MONTHLY"
    );
}

#[tokio::test]
async fn staff_and_other_stores_cannot_change_the_plan() {
    let app = spawn_app().await;
    let demo = app.store_id("demo").await;
    // A staff member holding every scope is still not the owner.
    let staff_id = app.user_id(ORDERS_STAFF_EMAIL).await;
    sqlx::query("UPDATE store_members SET scopes = $1 WHERE user_id = $2")
        .bind(core_wasm::shell::permissions::ROLE_KEYS.join(" "))
        .bind(&staff_id)
        .execute(&app.state.db)
        .await
        .expect("scopes");
    for email in [DESIGNER_EMAIL, ORDERS_STAFF_EMAIL] {
        let (token, _, _) = app.session_of(email).await;
        let put = app
            .put("/api/stores/subscription")
            .json(&json!({"planCode": "FREE"}))
            .token(&token)
            .store(&demo)
            .send()
            .await;
        assert_eq!(put.status, StatusCode::FORBIDDEN, "{email}");
        let delete = app
            .delete("/api/stores/subscription")
            .token(&token)
            .store(&demo)
            .send()
            .await;
        assert_eq!(delete.status, StatusCode::FORBIDDEN, "{email}");
        // Reading the plans is fine.
        let plans = app
            .get("/api/stores/subscription/plans")
            .token(&token)
            .store(&demo)
            .send()
            .await;
        assert_eq!(plans.status, StatusCode::OK);
    }
    // Another store's owner naming the Demo Store.
    let (seller, _, _) = app.session_of(SELLER_EMAIL).await;
    let foreign = app
        .put("/api/stores/subscription")
        .json(&json!({"planCode": "FREE"}))
        .token(&seller)
        .store(&demo)
        .send()
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    let (owner, _, _) = app.session_of(OWNER_EMAIL).await;
    let kept = subscription(&app, &owner, &demo).await;
    assert_eq!(kept["planCode"], "PLAN_VIP_MONTHLY");
    assert_eq!(kept["onTrial"], true);
}

#[tokio::test]
async fn many_saves_of_one_stores_gateways_at_once_all_answer_and_one_wins() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let all = app
        .get("/api/stores/payout/proxy/remain-proxies")
        .token(&token)
        .store(&store)
        .send()
        .await;
    let ids: Vec<String> = all
        .json
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|p| p["id"].as_str().map(str::to_owned))
        .collect();
    assert!(ids.len() >= 4);
    let mut tasks = Vec::new();
    for n in 0..20 {
        let router = app.router.clone();
        let (token, store) = (token.clone(), store.clone());
        // Each request chooses a different set of gateways.
        let chosen: Vec<String> = ids.iter().skip(n % ids.len()).cloned().collect();
        tasks.push(tokio::spawn(async move {
            use tower::ServiceExt;
            let request = axum::http::Request::builder()
                .method(Method::POST)
                .uri("/api/stores/payout/proxy/save-store-proxies")
                .header("authorization", format!("Bearer {token}"))
                .header("x-store-id", store)
                .header("content-type", "application/json")
                .body(axum::body::Body::from(
                    json!({"proxyIds": chosen}).to_string(),
                ))
                .expect("request");
            router.oneshot(request).await.expect("response").status()
        }));
    }
    for task in tasks {
        assert_eq!(task.await.expect("task"), StatusCode::OK);
    }
    let mine = app
        .get("/api/stores/payout/proxy/store-proxies")
        .token(&token)
        .store(&store)
        .send()
        .await;
    let kept: Vec<&str> = mine
        .json
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|p| p["id"].as_str())
        .collect();
    // One request's whole set, not a mixture.
    assert!(
        (0..ids.len()).any(|skip| {
            let mut expected: Vec<&str> = ids.iter().skip(skip).map(String::as_str).collect();
            let mut got = kept.clone();
            expected.sort_unstable();
            got.sort_unstable();
            expected == got
        }),
        "{kept:?}"
    );
}
