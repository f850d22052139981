//! The OpenAPI document lists every status a route can answer, the shared extractors'
//! refusals included, so that a client (or Schemathesis) reading it meets no surprise.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::spawn_app;

/// The documented statuses of one operation.
fn documented(document: &Value, path: &str, method: &str) -> Vec<String> {
    document["paths"][path][method]["responses"]
        .as_object()
        .unwrap_or_else(|| panic!("{method} {path} is not in the document"))
        .keys()
        .cloned()
        .collect()
}

#[tokio::test]
async fn every_operation_documents_the_refusals_of_its_sign_in_store_parameters_and_body() {
    let document = serde_json::to_value(server::openapi()).expect("document");
    let mut checked = 0;
    for (path, item) in document["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("item") {
            let statuses = documented(&document, path, method);
            let has = |status: &str| statuses.iter().any(|s| s == status);
            let parameters = operation["parameters"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let signed_in = operation["security"]
                .as_array()
                .is_some_and(|requirements| requirements.iter().any(|r| r != &json!({})));
            if signed_in {
                assert!(has("401"), "{method} {path} does not document 401");
            }
            if parameters.iter().any(|p| p["name"] == "X-Store-Id") {
                for status in ["400", "403", "404"] {
                    assert!(has(status), "{method} {path} does not document {status}");
                }
            }
            if parameters
                .iter()
                .any(|p| p["in"] == "query" || p["in"] == "path")
            {
                assert!(has("400"), "{method} {path} does not document 400");
            }
            if operation["requestBody"]["content"]["application/json"].is_object() {
                for status in ["400", "415", "422"] {
                    assert!(has(status), "{method} {path} does not document {status}");
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 150, "only {checked} operations in the document");
}

#[tokio::test]
async fn the_shared_refusals_answer_with_a_status_the_document_lists() {
    let app = spawn_app().await;
    let document = app.get("/api/openapi.json").send().await.json;
    let token = app.owner_token().await;
    let store = app.store_id("demo").await;

    // A store route with a token that is not one.
    let reply = app
        .get("/api/stores/size-charts")
        .token("not-a-token")
        .store(&store)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    assert!(documented(&document, "/stores/size-charts", "get").contains(&"401".to_owned()));

    // A store route without its store.
    let reply = app
        .get("/api/stores/size-charts")
        .token(&token)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(!reply.messages().is_empty());

    // A list whose page is not a number.
    let reply = app
        .get("/api/stores/size-charts?page=x")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(!reply.messages().is_empty());

    // A body whose field has the wrong type, and a body sent without its content type.
    let reply = app
        .post("/api/stores/size-charts")
        .json(&json!({"name": 42}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!reply.messages().is_empty());
    let reply = app
        .post("/api/stores/size-charts")
        .body("{}")
        .token(&token)
        .store(&store)
        .header("content-type", "text/plain")
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let statuses = documented(&document, "/stores/size-charts", "post");
    for status in ["400", "401", "403", "404", "415", "422"] {
        assert!(
            statuses.contains(&status.to_owned()),
            "POST /stores/size-charts lacks {status}"
        );
    }
}
