//! The OpenAPI document lists every status a route can answer, the shared extractors'
//! refusals included, so that a client (or Schemathesis) reading it meets no surprise; each
//! operation has an id of its own, each response a description and each path parameter its
//! place in the path, as a generated client needs.

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

/// The methods a path item may hold an operation under.
const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "patch", "head", "options", "trace",
];

/// Every operation of the document, as (path, method, operation).
fn operations(document: &Value) -> Vec<(&String, &String, &Value)> {
    document["paths"]
        .as_object()
        .expect("paths")
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .expect("item")
                .iter()
                .filter(|(method, _)| METHODS.contains(&method.as_str()))
                .map(move |(method, operation)| (path, method, operation))
        })
        .collect()
}

#[tokio::test]
async fn every_operation_has_an_id_of_its_own_read_from_its_method_and_path() {
    let document = serde_json::to_value(server::openapi()).expect("document");
    let mut seen = std::collections::BTreeMap::new();
    for (path, method, operation) in operations(&document) {
        let id = operation["operationId"]
            .as_str()
            .unwrap_or_else(|| panic!("{method} {path} has no operationId"));
        assert!(
            id.starts_with(method.as_str()) && id.chars().all(|c| c.is_ascii_alphanumeric()),
            "{method} {path} is named {id:?}"
        );
        if let Some(other) = seen.insert(id.to_owned(), format!("{method} {path}")) {
            panic!("{method} {path} and {other} are both named {id}");
        }
    }
    assert_eq!(
        document["paths"]["/stores/catalogs/{id}"]["get"]["operationId"],
        "getStoresCatalogsById"
    );
}

#[tokio::test]
async fn every_response_has_a_description() {
    let document = serde_json::to_value(server::openapi()).expect("document");
    for (path, method, operation) in operations(&document) {
        for (status, response) in operation["responses"].as_object().expect("responses") {
            let description = response["description"].as_str().unwrap_or_default();
            assert!(
                !description.trim().is_empty(),
                "{method} {path}: the {status} response has no description"
            );
        }
    }
}

#[tokio::test]
async fn every_path_parameter_is_named_in_its_path_and_every_name_in_a_path_is_one() {
    let document = serde_json::to_value(server::openapi()).expect("document");
    for (path, method, operation) in operations(&document) {
        let in_path: std::collections::BTreeSet<&str> = path
            .split('/')
            .filter_map(|segment| segment.strip_prefix('{')?.strip_suffix('}'))
            .collect();
        let declared: std::collections::BTreeSet<&str> = operation["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|parameter| parameter["in"] == "path")
            .filter_map(|parameter| parameter["name"].as_str())
            .collect();
        assert_eq!(
            declared, in_path,
            "{method} {path} declares the path parameters {declared:?}"
        );
    }
}

#[tokio::test]
async fn the_served_document_is_the_one_the_server_command_prints() {
    let app = spawn_app().await;
    let served = app.get("/api/openapi.json").send().await.json;
    assert_eq!(
        served,
        serde_json::to_value(server::openapi()).expect("document")
    );
}
