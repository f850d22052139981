//! Product designs: the default design until the first save, saves checked by the core's rules
//! with If-Match, kinds kept apart, and another store's product never reached.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{DESIGNER_EMAIL, OWNER_EMAIL, Reply, SELLER_EMAIL, TestApp, spawn_app};

/// The first product of the signed-in user's store: (token, store, product id).
async fn product_of(app: &TestApp, email: &str) -> (String, String, String) {
    let (token, _, store) = app.session_of(email).await;
    let store = store.expect("a store");
    let list = app
        .get("/api/stores/products?limit=1")
        .token(&token)
        .store(&store)
        .send()
        .await;
    let id = list.json["products"][0]["id"]
        .as_str()
        .expect("a product")
        .to_owned();
    (token, store, id)
}

async fn put(
    app: &TestApp,
    token: &str,
    store: &str,
    path: &str,
    design: &Value,
    version: Option<&str>,
) -> Reply {
    app.put(path)
        .json(design)
        .token(token)
        .store(store)
        .maybe_header("if-match", version)
        .send()
        .await
}

fn text_layer(id: &str, x: i64) -> Value {
    json!({
        "id": id, "x": x, "y": 100, "width": 1800, "height": 300,
        "content": {"type": "text", "text": "Hello", "font": "Georgia", "size": 120,
            "color": "#112233", "align": "center",
            "personalization": {"label": "Your name", "maxLength": 20}}
    })
}

#[tokio::test]
async fn a_design_starts_as_the_default_and_each_save_needs_the_version_it_edited() {
    let app = spawn_app().await;
    let (token, store, product) = product_of(&app, OWNER_EMAIL).await;
    let path = format!("/api/stores/products/{product}/designs/print");
    let first = app.get(&path).token(&token).store(&store).send().await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    assert_eq!(first.json["version"], 0);
    assert!(
        !first.json["productTitle"]
            .as_str()
            .expect("title")
            .is_empty()
    );
    let mut design = first.json["design"].clone();
    let roles: Vec<_> = design["surfaces"]
        .as_array()
        .expect("surfaces")
        .iter()
        .map(|s| s["role"].as_str().expect("role").to_owned())
        .collect();
    assert_eq!(roles, ["front", "back"]);
    design["surfaces"][0]["layers"] = json!([text_layer("t1", 50)]);

    let blind = put(&app, &token, &store, &path, &design, None).await;
    assert_eq!(blind.status, StatusCode::PRECONDITION_REQUIRED);
    let saved = put(&app, &token, &store, &path, &design, Some("0")).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(saved.json["version"], 1);
    assert_eq!(saved.headers["etag"], "\"1\"");

    let read = app.get(&path).token(&token).store(&store).send().await;
    assert_eq!(read.json["version"], 1);
    assert_eq!(read.json["design"], design);

    let stale = put(&app, &token, &store, &path, &design, Some("0")).await;
    assert_eq!(stale.status, StatusCode::PRECONDITION_FAILED);
    assert_eq!(stale.json["version"], 1);
    let again = put(&app, &token, &store, &path, &design, Some("\"1\"")).await;
    assert_eq!(again.json["version"], 2);
}

#[tokio::test]
async fn a_design_the_rules_refuse_is_400_with_their_codes_and_nothing_is_kept() {
    let app = spawn_app().await;
    let (token, store, product) = product_of(&app, OWNER_EMAIL).await;
    let path = format!("/api/stores/products/{product}/designs/print");
    let mut design = app.get(&path).token(&token).store(&store).send().await.json["design"].clone();
    // Outside the 3600 px wide front.
    design["surfaces"][0]["layers"] = json!([text_layer("t1", 3000)]);
    let refused = put(&app, &token, &store, &path, &design, Some("0")).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert_eq!(refused.json["errors"][0]["code"], "layer.outside");
    assert!(refused.messages()[0].contains("inside"));

    let layers: Vec<_> = (0..21).map(|n| text_layer(&format!("t{n}"), 0)).collect();
    design["surfaces"][0]["layers"] = Value::Array(layers);
    let crowded = put(&app, &token, &store, &path, &design, Some("0")).await;
    assert_eq!(crowded.json["errors"][0]["code"], "layer.max");
    assert_eq!(crowded.json["errors"][0]["limit"], 20);

    // A book design sent as a print design.
    let book = app
        .get(&format!("/api/stores/products/{product}/designs/book"))
        .token(&token)
        .store(&store)
        .send()
        .await
        .json["design"]
        .clone();
    let wrong = put(&app, &token, &store, &path, &book, Some("0")).await;
    assert_eq!(wrong.json["errors"][0]["code"], "design.kind");
    let unreadable = put(
        &app,
        &token,
        &store,
        &path,
        &json!({"kind": "print"}),
        Some("0"),
    )
    .await;
    assert!(unreadable.status.is_client_error());

    let read = app.get(&path).token(&token).store(&store).send().await;
    assert_eq!(read.json["version"], 0, "nothing was kept");
}

#[tokio::test]
async fn a_book_and_a_book_of_spreads_are_kept_apart_and_spreads_have_even_pages() {
    let app = spawn_app().await;
    let (token, store, product) = product_of(&app, OWNER_EMAIL).await;
    let book_path = format!("/api/stores/products/{product}/designs/book");
    let spreads_path = format!("/api/stores/products/{product}/designs/book2");
    let mut book = app
        .get(&book_path)
        .token(&token)
        .store(&store)
        .send()
        .await
        .json["design"]
        .clone();
    book["surfaces"].as_array_mut().expect("pages").pop();
    let saved = put(&app, &token, &store, &book_path, &book, Some("0")).await;
    assert_eq!(saved.status, StatusCode::OK, "three pages make a book");

    let mut spreads = app
        .get(&spreads_path)
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(
        spreads.json["version"], 0,
        "the book of spreads is its own design"
    );
    assert_eq!(
        spreads.json["design"]["surfaces"].as_array().map(Vec::len),
        Some(5)
    );
    spreads.json["design"]["surfaces"]
        .as_array_mut()
        .expect("pages")
        .pop();
    let odd = put(
        &app,
        &token,
        &store,
        &spreads_path,
        &spreads.json["design"],
        Some("0"),
    )
    .await;
    assert_eq!(odd.status, StatusCode::BAD_REQUEST);
    assert_eq!(odd.json["errors"][0]["code"], "page.even");

    let unknown = app
        .get(&format!("/api/stores/products/{product}/designs/mug"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn another_stores_product_and_staff_without_the_products_scope_are_refused() {
    let app = spawn_app().await;
    let (token, store, _) = product_of(&app, OWNER_EMAIL).await;
    let (_, _, sellers_product) = product_of(&app, SELLER_EMAIL).await;
    let path = format!("/api/stores/products/{sellers_product}/designs/print");
    let foreign = app.get(&path).token(&token).store(&store).send().await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    let design = json!({"kind": "print", "surfaces": []});
    let write = put(&app, &token, &store, &path, &design, Some("0")).await;
    assert_eq!(write.status, StatusCode::NOT_FOUND);

    let (_, _, product) = product_of(&app, OWNER_EMAIL).await;
    let (designer, _, _) = app.session_of(DESIGNER_EMAIL).await;
    let denied = app
        .get(&format!("/api/stores/products/{product}/designs/print"))
        .token(&designer)
        .store(&store)
        .send()
        .await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN);
}
