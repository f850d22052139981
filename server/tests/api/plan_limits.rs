//! The limits a plan's card promises (issue 46): a free store's 50 products and one theme, no
//! staff before Silver, 2 on Silver, 10 on Gold; beyond them 403 naming the cheapest plan that
//! allows more, even for creations that arrive together. A downgrade deletes nothing.

use std::sync::Arc;

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{Reply, TestApp, choose_plan, fresh_store, spawn_app};

async fn call(
    app: &TestApp,
    (token, store): &(String, String),
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

async fn add_product(app: &TestApp, owner: &(String, String), n: usize) -> Reply {
    let product = json!({"title": format!("Plain Tee {n}"), "price": 10.0});
    call(
        app,
        owner,
        Method::POST,
        "/api/stores/products",
        Some(product),
    )
    .await
}

async fn invite(app: &TestApp, owner: &(String, String), email: &str) -> Reply {
    let form = json!({"email": email, "scopes": ["orders"]});
    call(
        app,
        owner,
        Method::POST,
        "/api/users/add-store-staff",
        Some(form),
    )
    .await
}

async fn limits(app: &TestApp, owner: &(String, String)) -> Value {
    let shown = call(
        app,
        owner,
        Method::GET,
        "/api/stores/subscription/limits",
        None,
    )
    .await;
    assert_eq!(shown.status, StatusCode::OK, "{}", shown.text);
    shown.json
}

#[tokio::test]
async fn a_free_store_stops_at_50_products_and_is_told_silver_has_more() {
    let app = spawn_app().await;
    let owner = fresh_store(&app).await;
    let before = limits(&app, &owner).await;
    assert_eq!(before["products"]["max"], 50);
    assert_eq!(before["products"]["moreWith"], "Silver");
    assert_eq!(before["products"]["full"], false);
    let had = before["products"]["used"].as_u64().expect("used") as usize;
    for n in had..50 {
        let made = add_product(&app, &owner, n).await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.text);
    }
    let refused = add_product(&app, &owner, 50).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
    assert_eq!(
        refused.messages(),
        [
            "Your plan includes up to 50 products. More products come with the Silver plan and up: choose a plan on the Plan page."
        ]
    );
    let after = limits(&app, &owner).await;
    assert_eq!(
        (&after["products"]["used"], &after["products"]["full"]),
        (&json!(50), &json!(true))
    );

    choose_plan(&app, &owner.0, &owner.1, "PLAN_SILVER_MONTHLY").await;
    let made = add_product(&app, &owner, 50).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text);
    assert_eq!(limits(&app, &owner).await["products"]["max"], Value::Null);

    // Back on the free plan the 51 products stay; only adding stops.
    let cancelled = call(
        &app,
        &owner,
        Method::DELETE,
        "/api/stores/subscription",
        None,
    )
    .await;
    assert_eq!(cancelled.status, StatusCode::OK, "{}", cancelled.text);
    assert_eq!(limits(&app, &owner).await["products"]["used"], 51);
    let refused = add_product(&app, &owner, 51).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
}

#[tokio::test]
async fn a_free_store_adds_no_theme_by_any_way_and_keeps_its_themes_after_a_downgrade() {
    let app = spawn_app().await;
    let owner = fresh_store(&app).await;
    let shown = limits(&app, &owner).await;
    assert_eq!(shown["themes"]["max"], 1);
    assert_eq!(shown["themes"]["moreWith"], "Silver");
    // A new store is given the two templates' themes; they are kept, but it has its one.
    assert_eq!(shown["themes"]["used"], 2);
    assert_eq!(shown["themes"]["full"], true);
    let themes = call(
        &app,
        &owner,
        Method::GET,
        "/api/stores/onlinestore/themes",
        None,
    )
    .await;
    let first = themes.json[0]["id"].as_str().expect("a theme").to_owned();
    let ways = [
        (
            "/api/stores/onlinestore/themes".to_owned(),
            json!({"name": "Autumn"}),
        ),
        (
            "/api/stores/onlinestore/template/hydro".to_owned(),
            json!({"name": "Autumn"}),
        ),
        (
            format!("/api/stores/onlinestore/themes/{first}/clone"),
            json!({}),
        ),
    ];
    for (path, body) in &ways {
        let refused = call(&app, &owner, Method::POST, path, Some(body.clone())).await;
        assert_eq!(
            refused.status,
            StatusCode::FORBIDDEN,
            "{path}: {}",
            refused.text
        );
        assert!(
            refused.messages()[0]
                .starts_with("Your plan includes one theme. More themes come with the Silver plan"),
            "{}",
            refused.text
        );
    }

    choose_plan(&app, &owner.0, &owner.1, "PLAN_SILVER_MONTHLY").await;
    for (path, body) in &ways {
        let made = call(&app, &owner, Method::POST, path, Some(body.clone())).await;
        assert_eq!(made.status, StatusCode::CREATED, "{path}: {}", made.text);
    }
    let cancelled = call(
        &app,
        &owner,
        Method::DELETE,
        "/api/stores/subscription",
        None,
    )
    .await;
    assert_eq!(cancelled.status, StatusCode::OK, "{}", cancelled.text);
    let kept = call(
        &app,
        &owner,
        Method::GET,
        "/api/stores/onlinestore/themes",
        None,
    )
    .await;
    assert_eq!(kept.json.as_array().map(Vec::len), Some(5));
    let (path, body) = &ways[0];
    let refused = call(&app, &owner, Method::POST, path, Some(body.clone())).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
}

#[tokio::test]
async fn staff_come_with_silver_two_of_them_then_ten_with_gold() {
    let app = spawn_app().await;
    let owner = fresh_store(&app).await;
    let refused = invite(&app, &owner, "first@example.com").await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
    assert_eq!(
        refused.messages(),
        [
            "Your plan includes no staff accounts. More staff accounts come with the Silver plan and up: choose a plan on the Plan page."
        ]
    );

    choose_plan(&app, &owner.0, &owner.1, "PLAN_SILVER_MONTHLY").await;
    for email in ["first@example.com", "second@example.com"] {
        let made = invite(&app, &owner, email).await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.text);
    }
    // An accepted invitation is a member: still one account.
    let token = app.token_mailed_to("first@example.com").await;
    let joined = app
        .post("/api/auth/account-activation")
        .json(&json!({"token": token, "password": "first-pass"}))
        .send()
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.text);
    assert_eq!(limits(&app, &owner).await["staff"]["used"], 2);
    // Sending an open invitation again replaces it: it takes no second account.
    let again = invite(&app, &owner, "second@example.com").await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.text);
    let refused = invite(&app, &owner, "third@example.com").await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
    assert!(
        refused.messages()[0]
            .contains("up to 2 staff accounts. More staff accounts come with the Gold plan")
    );
    let shown = limits(&app, &owner).await;
    assert_eq!(
        shown["staff"],
        json!({"used": 2, "max": 2, "moreWith": "Gold", "full": true})
    );

    choose_plan(&app, &owner.0, &owner.1, "PLAN_GOLD_MONTHLY").await;
    let made = invite(&app, &owner, "third@example.com").await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text);
    assert_eq!(limits(&app, &owner).await["staff"]["moreWith"], "VIP");
}

#[tokio::test]
async fn the_demo_store_on_its_vip_trial_has_no_limits() {
    let app = spawn_app().await;
    let token = app.owner_token().await;
    let demo = (token, app.store_id("demo").await);
    let shown = limits(&app, &demo).await;
    for what in ["products", "themes", "staff"] {
        assert_eq!(shown[what]["max"], Value::Null, "{what}");
        assert_eq!(shown[what]["moreWith"], Value::Null, "{what}");
    }
    let made = add_product(&app, &demo, 1).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn product_creations_that_arrive_together_stop_at_exactly_50() {
    let app = spawn_app().await;
    let owner = fresh_store(&app).await;
    let had = limits(&app, &owner).await["products"]["used"]
        .as_u64()
        .expect("used") as usize;
    for n in had..45 {
        let made = add_product(&app, &owner, n).await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.text);
    }
    let app = Arc::new(app);
    let mut creations = tokio::task::JoinSet::new();
    for n in 100..130 {
        let (app, owner) = (app.clone(), owner.clone());
        creations.spawn(async move { add_product(&app, &owner, n).await.status });
    }
    let statuses = creations.join_all().await;
    let made = statuses
        .iter()
        .filter(|s| **s == StatusCode::CREATED)
        .count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::FORBIDDEN)
        .count();
    assert_eq!((made, refused), (5, 25), "{statuses:?}");
    assert_eq!(limits(&app, &owner).await["products"]["used"], 50);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn staff_invitations_that_arrive_together_stop_at_the_plans_two() {
    let app = spawn_app().await;
    let owner = fresh_store(&app).await;
    choose_plan(&app, &owner.0, &owner.1, "PLAN_SILVER_MONTHLY").await;
    let app = Arc::new(app);
    let mut invitations = tokio::task::JoinSet::new();
    for n in 0..12 {
        let (app, owner) = (app.clone(), owner.clone());
        invitations.spawn(async move {
            invite(&app, &owner, &format!("crowd-{n}@example.com"))
                .await
                .status
        });
    }
    let statuses = invitations.join_all().await;
    let made = statuses
        .iter()
        .filter(|s| **s == StatusCode::CREATED)
        .count();
    assert_eq!(made, 2, "{statuses:?}");
    assert!(
        statuses
            .iter()
            .all(|s| *s == StatusCode::CREATED || *s == StatusCode::FORBIDDEN),
        "{statuses:?}"
    );
    assert_eq!(limits(&app, &owner).await["staff"]["used"], 2);
}
