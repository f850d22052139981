//! Tenant isolation and token forgery, walked over every route of the OpenAPI document (the
//! document is generated from the router's own list, so a new route cannot be forgotten here).

use axum::http::{Method, StatusCode};
use base64::Engine;
use serde_json::{Value, json};

use crate::helpers::{OWNER_EMAIL, SELLER_EMAIL, TestApp, spawn_app};

/// One operation of the document.
struct Operation {
    method: Method,
    path: String,
    store_scoped: bool,
    bearer: bool,
    /// The role key the document says it needs (empty: any member).
    scopes: Vec<String>,
    path_params: Vec<String>,
    query_params: Vec<String>,
}

fn operations() -> Vec<Operation> {
    let document = serde_json::to_value(server::openapi()).expect("document");
    let mut operations = Vec::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("item") {
            let params = op["parameters"].as_array().cloned().unwrap_or_default();
            let names = |place: &str| -> Vec<String> {
                params
                    .iter()
                    .filter(|p| p["in"] == place)
                    .map(|p| p["name"].as_str().expect("name").to_owned())
                    .collect()
            };
            let security = op["security"].as_array().cloned().unwrap_or_default();
            let bearer = security.iter().find_map(|s| s.get("bearer"));
            operations.push(Operation {
                method: method.to_uppercase().parse().expect("method"),
                path: path.clone(),
                store_scoped: names("header").iter().any(|n| n == "X-Store-Id"),
                bearer: bearer.is_some(),
                scopes: bearer
                    .and_then(Value::as_array)
                    .map(|a| {
                        a.iter()
                            .filter_map(|s| s.as_str().map(str::to_owned))
                            .collect()
                    })
                    .unwrap_or_default(),
                path_params: names("path"),
                query_params: names("query"),
            });
        }
    }
    operations
}

/// The operation's address under `/api`, with every id set to `id`.
fn address(op: &Operation, id: &str) -> String {
    let mut path = format!("/api{}", op.path);
    for name in &op.path_params {
        path = path.replace(&format!("{{{name}}}"), id);
    }
    let query: Vec<String> = op
        .query_params
        .iter()
        .map(|name| format!("{name}={id}"))
        .collect();
    if query.is_empty() {
        path
    } else {
        format!("{path}?{}", query.join("&"))
    }
}

async fn call_reply(
    app: &TestApp,
    op: &Operation,
    id: &str,
    token: &str,
    store_id: Option<&str>,
) -> crate::helpers::Reply {
    let body = matches!(op.method, Method::POST | Method::PUT | Method::PATCH).then(|| json!({}));
    app.request(op.method.clone(), &address(op, id))
        .maybe_json(body.as_ref())
        .token(token)
        .maybe_store(store_id)
        .send()
        .await
}

async fn call(
    app: &TestApp,
    op: &Operation,
    id: &str,
    token: &str,
    store_id: Option<&str>,
) -> StatusCode {
    call_reply(app, op, id, token, store_id).await.status
}

#[tokio::test]
async fn the_document_lists_the_store_routes_with_their_scopes() {
    let ops = operations();
    assert!(ops.len() >= 25, "only {} operations", ops.len());
    let scoped: Vec<_> = ops.iter().filter(|op| op.store_scoped).collect();
    assert!(scoped.len() >= 10);
    assert!(
        scoped.iter().all(|op| op.bearer),
        "a store route without the bearer scheme"
    );
    let staff = ops
        .iter()
        .find(|op| op.path == "/users/store-staffs")
        .expect("staff list");
    assert_eq!(staff.scopes, vec!["store"]);
}

#[tokio::test]
async fn no_store_route_answers_a_non_member_another_stores_ids_or_a_staff_member_without_the_scope()
 {
    let app = spawn_app().await;
    let (owner, _, demo) = app.session_of(OWNER_EMAIL).await;
    let demo = demo.expect("demo store");
    let (seller, _, _) = app.session_of(SELLER_EMAIL).await;
    let sellers_id = app.user_id(SELLER_EMAIL).await;
    // A member of the Demo Store with no scope at all.
    let nobody_id = app.user_id("orders@example.com").await;
    sqlx::query("UPDATE store_members SET scopes = '' WHERE user_id = $1")
        .bind(&nobody_id)
        .execute(&app.state.db)
        .await
        .expect("strip scopes");
    let (scopeless, _, _) = app.session_of("orders@example.com").await;
    let mut successes = Vec::new();
    let mut walked = 0;
    let mut attempts = 0;
    for op in operations().iter().filter(|op| op.store_scoped) {
        walked += 1;
        attempts += 1;
        // A store the caller is not a member of.
        let status = call(&app, op, &sellers_id, &seller, Some(&demo)).await;
        if status.is_success() || status != StatusCode::NOT_FOUND {
            successes.push(format!("non-member {} {}: {status}", op.method, op.path));
        }
        // Another store's object through one's own store: never changed, never shown. (A
        // filter given a foreign id may answer, with nothing of the other store in it.)
        if !op.path_params.is_empty() || !op.query_params.is_empty() {
            attempts += 1;
            let reply = call_reply(&app, op, &sellers_id, &owner, Some(&demo)).await;
            let leaked = reply.text.contains(&sellers_id);
            let wrote = op.method != Method::GET && reply.status.is_success();
            if leaked || wrote {
                successes.push(format!(
                    "foreign id {} {}: {}",
                    op.method, op.path, reply.status
                ));
            }
        }
        // A member without the scope the route needs.
        if !op.scopes.is_empty() {
            attempts += 1;
            let status = call(&app, op, &sellers_id, &scopeless, Some(&demo)).await;
            if status != StatusCode::FORBIDDEN {
                successes.push(format!("scopeless {} {}: {status}", op.method, op.path));
            }
        }
    }
    println!(
        "tenant matrix: {walked} store operations, {attempts} foreign attempts, {} let through",
        successes.len()
    );
    assert!(walked >= 10, "walked only {walked} routes");
    assert!(successes.is_empty(), "{successes:#?}");
}

#[tokio::test]
async fn a_member_holding_the_documented_scope_is_let_through() {
    let app = spawn_app().await;
    let demo = app.store_id("demo").await;
    let staff_id = app.user_id("orders@example.com").await;
    for op in operations()
        .iter()
        .filter(|op| op.store_scoped && !op.scopes.is_empty())
    {
        sqlx::query("UPDATE store_members SET scopes = $1 WHERE user_id = $2")
            .bind(op.scopes.join(" "))
            .bind(&staff_id)
            .execute(&app.state.db)
            .await
            .expect("scopes");
        let (token, _, _) = app.session_of("orders@example.com").await;
        // A harmless target: a staff id that does not exist.
        let status = call(&app, op, "no-such-id", &token, Some(&demo)).await;
        assert!(
            status != StatusCode::FORBIDDEN && status != StatusCode::UNAUTHORIZED,
            "{} {}: {status}",
            op.method,
            op.path
        );
    }
}

fn forged_tokens(app: &TestApp, refresh: &str) -> Vec<(&'static str, String)> {
    let encode =
        |value: Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(value.to_string());
    let far = 4_000_000_000_i64;
    let claims = |exp: i64| json!({"sub": "u", "sid": "s", "iat": 0, "exp": exp, "typ": "access"});
    let unsigned = format!(
        "{}.{}.",
        encode(json!({"alg": "none", "typ": "JWT"})),
        encode(claims(far))
    );
    let other_key = server::auth::tokens::Keys::new(b"a key that is not the server's key");
    let wrong_signature = other_key.sign_access("u", "s", far - 1000).expect("sign");
    let expired = app
        .state
        .keys
        .sign_access("u", "s", 1_000_000)
        .expect("sign");
    vec![
        ("alg none", unsigned),
        ("wrong signature", wrong_signature),
        ("expired", expired),
        ("refresh token as access", refresh.to_owned()),
        ("garbage", "not.a.token".to_owned()),
    ]
}

#[tokio::test]
async fn forged_tokens_are_refused_on_every_route_that_needs_sign_in() {
    let app = spawn_app().await;
    let (_, refresh, demo) = app.session_of(OWNER_EMAIL).await;
    let demo = demo.expect("store");
    let mut accepted = Vec::new();
    let mut walked = 0;
    for op in operations().iter().filter(|op| op.bearer) {
        walked += 1;
        for (kind, token) in forged_tokens(&app, &refresh) {
            let status = call(&app, op, "x", &token, Some(&demo)).await;
            if status != StatusCode::UNAUTHORIZED {
                accepted.push(format!("{kind}: {} {} -> {status}", op.method, op.path));
            }
        }
    }
    assert!(walked >= 15, "walked only {walked}");
    assert!(accepted.is_empty(), "{accepted:#?}");
    // The same session's real token still works.
    let (access, _, _) = app.session_of(OWNER_EMAIL).await;
    assert_eq!(
        app.get("/api/users/info")
            .token(&access)
            .send()
            .await
            .status,
        StatusCode::OK
    );
}
