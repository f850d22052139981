//! `POST /api/auth/login`.

use axum::http::StatusCode;
use serde_json::json;

use crate::helpers::{DEMO_PASSWORD, OWNER_EMAIL, spawn_app};

#[tokio::test]
async fn the_demo_owner_signs_in_and_gets_tokens_and_a_store() {
    let app = spawn_app().await;
    let reply = app.login(OWNER_EMAIL, DEMO_PASSWORD).await;
    assert!(
        reply["accessToken"]
            .as_str()
            .is_some_and(|t| t.split('.').count() == 3)
    );
    assert!(
        reply["refreshToken"]
            .as_str()
            .is_some_and(|t| t.len() == 64)
    );
    assert!(reply["storeId"].as_str().is_some_and(|id| !id.is_empty()));
    let expires = reply["refreshTokenExpiresAt"].as_i64().expect("expiry");
    assert!(expires > server::db::now_ms() + 29 * 24 * 3600 * 1000);
}

#[tokio::test]
async fn inputs_are_trimmed_and_the_email_is_case_insensitive() {
    let app = spawn_app().await;
    let reply = app.login("  Owner@StoreLoom.dev ", " storeloom ").await;
    assert!(reply["accessToken"].is_string());
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_401() {
    let app = spawn_app().await;
    let wrong = app
        .post("/api/auth/login")
        .json(&json!({"email": OWNER_EMAIL, "password": "not-it"}))
        .send()
        .await;
    let unknown = app
        .post("/api/auth/login")
        .json(&json!({"email": "nobody@example.com", "password": "not-it"}))
        .send()
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(unknown.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.messages(), unknown.messages());
    assert_eq!(
        wrong.messages(),
        vec!["The email or password is incorrect.".to_owned()]
    );
}

#[tokio::test]
async fn the_server_applies_the_cores_form_rules_with_the_same_messages() {
    let app = spawn_app().await;
    let empty = app
        .post("/api/auth/login")
        .json(&json!({"email": "  ", "password": ""}))
        .send()
        .await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        empty.messages(),
        vec!["Email is required", "Password is required"]
    );
    let malformed = app
        .post("/api/auth/login")
        .json(&json!({"email": "abc", "password": "storeloom"}))
        .send()
        .await;
    assert_eq!(malformed.messages(), vec!["Invalid Email"]);
    let short = app
        .post("/api/auth/login")
        .json(&json!({"email": OWNER_EMAIL, "password": "abcd"}))
        .send()
        .await;
    assert_eq!(
        short.messages(),
        vec!["Password must have at least 5 letters."]
    );
}
