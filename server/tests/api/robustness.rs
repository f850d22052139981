//! Malformed requests get a 4xx with `{"messages": [...]}`, never a 500.

use axum::body::Body;
use axum::http::StatusCode;

use crate::helpers::spawn_app;

async fn login_with(body: Body, content_type: Option<&str>) -> (StatusCode, Vec<String>) {
    let app = spawn_app().await;
    let reply = app
        .post("/api/auth/login")
        .body(body)
        .maybe_header("content-type", content_type)
        .send()
        .await;
    (reply.status, reply.messages())
}

fn assert_client_error((status, messages): (StatusCode, Vec<String>)) {
    assert!(status.is_client_error(), "expected 4xx, got {status}");
    assert!(!messages.is_empty() && messages.iter().all(|m| !m.is_empty()));
}

#[tokio::test]
async fn a_missing_field_is_a_client_error() {
    assert_client_error(login_with(Body::from(r#"{"email":"a@b.co"}"#), None).await);
}

#[tokio::test]
async fn a_wrong_type_is_a_client_error() {
    assert_client_error(login_with(Body::from(r#"{"email":42,"password":["x"]}"#), None).await);
}

#[tokio::test]
async fn an_unknown_field_is_a_client_error() {
    let body = r#"{"email":"a@b.co","password":"secret","admin":true}"#;
    assert_client_error(login_with(Body::from(body), None).await);
}

#[tokio::test]
async fn broken_json_is_a_client_error() {
    assert_client_error(login_with(Body::from("{\"email\":"), None).await);
    assert_client_error(login_with(Body::from("null"), None).await);
}

#[tokio::test]
async fn a_body_that_is_not_json_is_415() {
    let (status, messages) = login_with(
        Body::from("email=a"),
        Some("application/x-www-form-urlencoded"),
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(!messages.is_empty());
}

#[tokio::test]
async fn a_one_megabyte_body_is_413() {
    let padding = "x".repeat(1024 * 1024);
    let body = format!(r#"{{"email":"{padding}","password":"secret"}}"#);
    let (status, messages) = login_with(Body::from(body), None).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(!messages.is_empty());
}

#[tokio::test]
async fn an_unknown_api_path_is_a_json_404() {
    let app = spawn_app().await;
    let reply = app.get("/api/no/such/call").send().await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert_eq!(reply.messages(), vec!["No such API call."]);
}
