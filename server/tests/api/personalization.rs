//! A shopper personalizes a product: its page asks for each text layer of its set-up, the cart
//! keeps one line per set of values, the checkout refuses values the set-up does not allow
//! (400, nothing placed) and the order's lines keep the values for the merchant.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{OWNER_EMAIL, TestApp, address, spawn_app};

/// Gives the demo's `handle` product a set-up: a required Name of at most 10 characters, a
/// photo and an optional Note. The product's id, title and a variant in stock.
async fn personalized(app: &TestApp, handle: &str) -> (String, String, String) {
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    let stored = crate::helpers::stored_product(app, "demo", handle).await;
    let id = stored["id"].as_str().expect("id").to_owned();
    let layers = json!([
        {"type": "text", "label": "Name", "maxLength": 10, "font": "Pacifico", "required": true},
        {"type": "image", "label": "Photo"},
        {"type": "text", "label": "Note", "required": false},
    ]);
    let created = app
        .post("/api/personalizes")
        .json(&json!({"productId": id, "name": "Engraving", "layers": layers}))
        .token(&token)
        .store(store.as_deref().expect("store"))
        .send()
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let variant = stored["variants"]
        .as_array()
        .expect("variants")
        .iter()
        .find(|v| v["stock"].as_i64().unwrap_or(0) > 3)
        .expect("a variant with stock")["id"]
        .as_str()
        .expect("variant id")
        .to_owned();
    let (title,): (String,) = sqlx::query_as("SELECT title FROM products WHERE id = $1")
        .bind(&id)
        .fetch_one(&app.state.db)
        .await
        .expect("title");
    (id, title, variant)
}

fn checkout(key: &str, items: &Value) -> Value {
    json!({"idempotencyKey": key, "email": "ada@example.com",
        "shippingAddress": address("Ada Lovelace"), "items": items})
}

async fn orders(app: &TestApp) -> i64 {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM orders")
        .fetch_one(&app.state.db)
        .await
        .expect("count");
    n
}

#[tokio::test]
async fn a_personalized_product_asks_for_its_text_layers_and_the_order_keeps_the_values() {
    let app = spawn_app().await;
    let (product, title, variant) = personalized(&app, "classic-shirt").await;
    let page = app.get("/s/demo/products/classic-shirt").send().await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.text.contains(
            "<label for=\"personal-0\">Name</label><input id=\"personal-0\" data-personal=\"0\" maxlength=\"10\" autocomplete=\"off\" required>"
        ),
        "the Name field"
    );
    assert!(page.text.contains("data-personal=\"2\" maxlength=\"200\""));
    assert!(!page.text.contains("data-personal=\"1\""), "no photo field");

    // The same variant with two names is two lines; the same name twice is one.
    let line = |name: &str, quantity: i64| {
        json!({"productId": product, "variantId": variant, "quantity": quantity,
            "personalization": [{"layer": 0, "value": name}]})
    };
    let items = json!([line("Ada", 1), line("Bo", 1), line(" Ada ", 1)]);
    let cart = app
        .post("/s/demo/cart/view")
        .json(&json!({"items": items}))
        .send()
        .await;
    assert_eq!(cart.status, StatusCode::OK, "{}", cart.text);
    let lines = cart.json["lines"].as_array().expect("lines");
    assert_eq!(lines.len(), 2, "{}", cart.text);
    assert_eq!(lines[0]["quantity"], 2);
    assert_eq!(
        lines[0]["personalization"],
        json!([{"layer": 0, "value": "Ada"}])
    );
    let html = cart.json["html"].as_str().expect("html");
    assert!(
        html.contains("Name: Ada") && html.contains("Name: Bo"),
        "{html}"
    );

    let placed = app
        .post("/s/demo/checkout")
        .json(&checkout("personal-0001", &items))
        .send()
        .await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.text);
    let id = placed.json["orderId"].as_str().expect("id");
    let thanks = app.get(&format!("/s/demo/thank-you/{id}")).send().await;
    assert!(
        thanks.text.contains("Name: Bo"),
        "the receipt names the values"
    );
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    let order = app
        .get(&format!("/api/stores/orders/{id}"))
        .token(&token)
        .store(store.as_deref().expect("store"))
        .send()
        .await;
    assert_eq!(order.status, StatusCode::OK, "{}", order.text);
    let lines = order.json["lineItems"].as_array().expect("lines");
    assert_eq!(lines.len(), 2, "{}", order.text);
    assert_eq!(lines[0]["title"], title);
    assert_eq!(
        lines[0]["personalization"],
        json!([{"label": "Name", "value": "Ada"}])
    );
    assert_eq!(lines[0]["quantity"], 2);
    assert_eq!(
        lines[1]["personalization"],
        json!([{"label": "Name", "value": "Bo"}])
    );
    // The shipping e-mail names what was typed on each line shipped, and shipping keeps it.
    let shipped = app
        .post(&format!("/api/stores/orders/{id}/fulfillments"))
        .json(&json!({"lines": [{"line": 1, "quantity": 1}]}))
        .token(&token)
        .store(store.as_deref().expect("store"))
        .send()
        .await;
    assert_eq!(shipped.status, StatusCode::CREATED, "{}", shipped.text);
    assert_eq!(
        shipped.json["lineItems"][1]["personalization"],
        json!([{"label": "Name", "value": "Bo"}])
    );
    let (_, body) = app.last_mail_to("ada@example.com").await.expect("mailed");
    assert!(
        body.contains("  Name: Bo\n") && !body.contains("Name: Ada"),
        "{body}"
    );
}

#[tokio::test]
async fn values_the_set_up_does_not_allow_are_refused_with_400_and_place_nothing() {
    let app = spawn_app().await;
    let (product, title, variant) = personalized(&app, "classic-shirt").await;
    let other = crate::storefront::demo_product(&app, "classic-hoodie").await;
    let before = orders(&app).await;
    let line = |values: Value| json!([{"productId": product, "variantId": variant, "quantity": 1, "personalization": values}]);
    let cases = [
        (line(json!([])), format!("{title}: enter Name.")),
        (
            line(json!([{"layer": 0, "value": "Adalovelace!"}])),
            format!("{title}: Name is at most 10 characters."),
        ),
        (
            line(json!([{"layer": 0, "value": "Ada"}, {"layer": 1, "value": "x.png"}])),
            format!("{title}: a value names no personalization field."),
        ),
        (
            line(json!([{"layer": 0, "value": "x".repeat(100_000)}])),
            "A line carries at most 50 personalization values of at most 200 characters."
                .to_owned(),
        ),
        (
            json!([{"productId": other.0, "variantId": other.1, "quantity": 1,
                "personalization": [{"layer": 0, "value": "Ada"}]}]),
            "cannot be personalized.".to_owned(),
        ),
    ];
    for (at, (items, message)) in cases.iter().enumerate() {
        let reply = app
            .post("/s/demo/checkout")
            .json(&checkout(&format!("personal-bad-{at:04}"), items))
            .send()
            .await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{at}: {}",
            reply.text
        );
        assert!(
            reply
                .messages()
                .iter()
                .any(|m| m.ends_with(message.as_str())),
            "{at}: {}",
            reply.text
        );
    }
    // A value of the wrong shape is a malformed body (422, as every body the checkout cannot
    // read), never a server error.
    let reply = app
        .post("/s/demo/checkout")
        .json(&checkout(
            "personal-bad-shape",
            &line(json!({"Name": "Ada"})),
        ))
        .send()
        .await;
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        reply.text
    );
    assert_eq!(orders(&app).await, before);
}

#[tokio::test]
async fn a_recovered_checkout_gives_the_values_back_to_the_cart() {
    let app = spawn_app().await;
    let (product, _, variant) = personalized(&app, "classic-shirt").await;
    let draft = "draft-personal-0001-abc";
    let values = json!([{"layer": 2, "value": "Love"}, {"layer": 0, "value": "Ada"}]);
    let saved = app
        .post("/s/demo/checkout/draft")
        .json(
            &json!({"token": draft, "items": [{"productId": product, "variantId": variant,
            "quantity": 1, "personalization": values}]}),
        )
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let recovered = app
        .get(&format!("/s/demo/checkout/draft/{draft}"))
        .send()
        .await;
    assert_eq!(recovered.status, StatusCode::OK, "{}", recovered.text);
    assert_eq!(
        recovered.json["items"][0]["personalization"],
        json!([{"layer": 0, "value": "Ada"}, {"layer": 2, "value": "Love"}]),
        "{}",
        recovered.text
    );
}
