//! Shipping zones (issue 49): a store's zones of countries and regions, rates flat, by order
//! value or by weight, a free-shipping threshold per zone. The cart leaves shipping to the
//! checkout when the address decides it, the checkout's summary offers the address's choices,
//! the order keeps the one taken at the core's price, and a choice not offered there, or a
//! country no zone serves, is refused. A store's flat rate from before zones becomes one zone.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, address, fresh_store, spawn_app, subdomain_of};

async fn put_zones(app: &TestApp, token: &str, store: &str, zones: Value) -> crate::helpers::Reply {
    app.put("/api/stores/settings/shipping")
        .json(&zones)
        .token(token)
        .store(store)
        .send()
        .await
}

async fn weighed(
    app: &TestApp,
    token: &str,
    store: &str,
    title: &str,
    price: f64,
    grams: i64,
) -> String {
    let created = app
        .post("/api/stores/products")
        .json(&json!({"title": title, "price": price, "status": "active", "weightGrams": grams}))
        .token(token)
        .store(store)
        .send()
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.json["weightGrams"], grams, "{}", created.text);
    created.json["id"].as_str().expect("id").to_owned()
}

/// The price and threshold of settings that are one zone for the whole world with one flat
/// rate, Standard, as a store's flat rate became.
fn one_zone(settings: &Value) -> (Option<f64>, Option<f64>) {
    let mut zone = settings["zones"][0].clone();
    let threshold = zone["freeShippingOver"].as_f64();
    let price = zone["rates"][0]["price"].as_f64();
    zone["freeShippingOver"] = Value::Null;
    zone["rates"][0]["price"] = Value::Null;
    assert_eq!(
        settings["zones"].as_array().map(Vec::len),
        Some(1),
        "{settings}"
    );
    assert_eq!(
        zone,
        json!({"name": "Everywhere", "places": [], "restOfWorld": true, "freeShippingOver": null,
            "rates": [{"name": "Standard", "price": null, "condition": "flat"}]}),
        "{settings}"
    );
    (price, threshold)
}

fn paris() -> Value {
    json!({"name": "Léa Martin", "line1": "1 rue de Rivoli", "city": "Paris", "postcode": "75001",
        "country": "FR", "phone": "+33 1 23 45 67 89"})
}

#[tokio::test]
async fn zones_price_the_checkout_by_address_value_and_weight_and_refuse_what_is_not_offered() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let subdomain = subdomain_of(&app, &token, &store).await;
    let view = format!("/s/{subdomain}/cart/view");
    let checkout = format!("/s/{subdomain}/checkout");

    // A new store ships everywhere at 4.99, free from 50.00.
    let initial = app
        .get("/api/stores/settings/shipping")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(
        one_zone(&initial.json),
        (Some(4.99), Some(50.0)),
        "{}",
        initial.text
    );
    // Bad zones are refused, every problem at once; the flat shape from before zones too.
    let refused = put_zones(
        &app,
        &token,
        &store,
        json!({"zones": [
            {"name": "Home", "places": ["US", "US-Springfield"], "rates": [{"name": "A", "price": 1}]},
            {"name": "Away", "places": ["us"], "rates": []}]}),
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    for problem in [
        "Home: \\\"Springfield\\\" is not a region of United States.",
        "US is in two zones: Home and Away.",
        "Away: add at least one rate.",
    ] {
        assert!(
            refused.text.contains(problem),
            "{problem} in {}",
            refused.text
        );
    }
    let flat = put_zones(&app, &token, &store, json!({"rate": 4.99})).await;
    assert!(flat.status.is_client_error(), "{}", flat.text);

    // The US at 5.99 or 15.00 express, free from 75.00; California apart; France and Germany by
    // weight; nowhere else.
    let saved = put_zones(
        &app,
        &token,
        &store,
        json!({"zones": [
            {"name": " Domestic ", "places": ["US"], "freeShippingOver": 75, "rates": [
                {"name": "Standard", "price": 5.99}, {"name": "Express", "price": 15, "minGrams": 5}]},
            {"name": "California", "places": ["us-california"], "rates": [{"name": "Courier", "price": 3}]},
            {"name": "Europe", "places": ["FR", "DE"], "rates": [
                {"name": "Light", "price": 9, "condition": "weight", "maxGrams": 1000},
                {"name": "Heavy", "price": 20, "condition": "weight", "minGrams": 1001}]}]}),
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    // Kept as codes, trimmed, with only the bounds a rate's condition reads.
    assert_eq!(saved.json["zones"][0]["name"], "Domestic");
    assert_eq!(saved.json["zones"][1]["places"], json!(["US-CA"]));
    assert!(
        saved.json["zones"][0]["rates"][1].get("minGrams").is_none(),
        "{}",
        saved.text
    );

    let kettle = weighed(&app, &token, &store, "Kettle", 30.0, 1_200).await;
    let mug = weighed(&app, &token, &store, "Mug", 10.0, 300).await;
    let anvil = app
        .post("/api/stores/products")
        .json(&json!({"title": "Anvil", "price": 10, "weightGrams": 2_000_000}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(anvil.status, StatusCode::BAD_REQUEST, "{}", anvil.text);
    assert!(
        anvil
            .text
            .contains("A weight is a whole number of grams from 0 to 1000000."),
        "{}",
        anvil.text
    );
    let one_kettle = json!([{"productId": kettle, "quantity": 1}]);

    // The cart does not know the address: shipping is left to the checkout.
    let cart = app
        .post(&view)
        .json(&json!({"items": one_kettle}))
        .send()
        .await;
    assert_eq!(cart.status, StatusCode::OK, "{}", cart.text);
    assert_eq!(cart.json["totalMinor"], 3000, "{}", cart.text);
    assert!(
        cart.json["html"]
            .as_str()
            .is_some_and(|h| h.contains("Calculated at checkout")),
        "{}",
        cart.text
    );
    // The summary for an Illinois address offers the country's rates, cheapest first and taken.
    let summary = |items: &Value, country: &str, region: &str, rate: Option<&str>| {
        app.post(&view)
            .json(&json!({"items": items, "view": "summary",
            "country": country, "region": region, "shippingRate": rate}))
    };
    let illinois = summary(&one_kettle, "US", "IL", None).send().await;
    assert_eq!(illinois.json["totalMinor"], 3599, "{}", illinois.text);
    let choices = illinois.json["shippingHtml"].as_str().expect("choices");
    assert!(
        choices.contains("value=\"Standard\" checked> <span>Standard</span><b>$5.99</b>")
            && choices.contains("<span>Express</span><b>$15.00</b>"),
        "{choices}"
    );
    let express = summary(&one_kettle, "US", "IL", Some("Express"))
        .send()
        .await;
    assert_eq!(express.json["totalMinor"], 4500, "{}", express.text);
    // California's own zone; France by weight: a kettle of 1,200 g is heavy, a mug light.
    let california = summary(&one_kettle, "US", "California", None).send().await;
    assert_eq!(california.json["totalMinor"], 3300, "{}", california.text);
    let france = summary(&one_kettle, "FR", "", None).send().await;
    assert_eq!(france.json["totalMinor"], 5000, "{}", france.text);
    let mugs = json!([{"productId": mug, "quantity": 3}]);
    let light = summary(&mugs, "FR", "", None).send().await;
    assert_eq!(light.json["totalMinor"], 3900, "{}", light.text);
    let four_mugs = json!([{"productId": mug, "quantity": 4}]);
    let heavier = summary(&four_mugs, "FR", "", None).send().await;
    assert_eq!(heavier.json["totalMinor"], 6000, "{}", heavier.text);
    // Japan is in no zone: the summary says so.
    let japan = summary(&one_kettle, "JP", "", None).send().await;
    assert_eq!(
        japan.json["shippingProblem"], "This store does not ship to Japan.",
        "{}",
        japan.text
    );

    // The order: Express to Illinois, at the core's price.
    let order_of = |key: &str, items: &Value, ship_to: Value, rate: Option<&str>| {
        app.post(&checkout)
            .json(&json!({"idempotencyKey": key, "email": "ann@example.com",
            "shippingAddress": ship_to, "items": items, "shippingRate": rate}))
    };
    let placed = order_of(
        "zones-express",
        &one_kettle,
        address("Ann Lee"),
        Some("Express"),
    )
    .send()
    .await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.text);
    assert_eq!(placed.json["totalMinor"], 4500);
    let id = placed.json["orderId"].as_str().expect("id");
    let order = app
        .get(&format!("/api/stores/orders/{id}"))
        .token(&token)
        .store(&store)
        .send()
        .await
        .json;
    assert_eq!(
        (order["shipping"].as_f64(), order["shippingMethod"].as_str()),
        (Some(15.0), Some("Express")),
        "{order}"
    );
    // The thank-you page and the orders export name it too.
    let thanks = app
        .get(&format!("/s/{subdomain}/thank-you/{id}"))
        .send()
        .await;
    assert!(
        thanks
            .text
            .contains("<span>Shipping (Express)</span><span data-shipping>$15.00</span>"),
        "{}",
        thanks.text
    );
    let csv = app
        .get("/api/stores/orders/export")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert!(
        csv.text
            .lines()
            .next()
            .is_some_and(|h| h.contains(",Note,Shipping method,Item,")),
        "{}",
        csv.text
    );
    assert!(csv.text.contains(",Express,Kettle,"), "{}", csv.text);
    // Three kettles pass the zone's 75.00: free. No choice named: the cheapest.
    let three = json!([{"productId": kettle, "quantity": 3}]);
    let free = order_of("zones-free", &three, address("Ann Lee"), None)
        .send()
        .await;
    assert_eq!(free.status, StatusCode::CREATED, "{}", free.text);
    assert_eq!(free.json["totalMinor"], 9000, "{}", free.text);
    // France's heavy rate for a French kettle.
    let french = order_of("zones-france", &one_kettle, paris(), Some("Heavy"))
        .send()
        .await;
    assert_eq!(french.status, StatusCode::CREATED, "{}", french.text);
    assert_eq!(french.json["totalMinor"], 5000, "{}", french.text);
    // Europe's cheap rate asked for an American address, or a light rate for a heavy order:
    // refused, nothing placed. Japan: refused with the summary's words.
    for (key, items, ship_to, rate) in [
        ("zones-other-zone", &one_kettle, address("Ann Lee"), "Light"),
        ("zones-too-heavy", &one_kettle, paris(), "Light"),
    ] {
        let refused = order_of(key, items, ship_to, Some(rate)).send().await;
        assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text);
        assert!(
            refused
                .text
                .contains("is not offered for this address and order"),
            "{}",
            refused.text
        );
    }
    let mut tokyo = address("Aki Sato");
    tokyo["country"] = json!("JP");
    tokyo["region"] = json!("");
    tokyo["postcode"] = json!("100-0001");
    let japan = order_of("zones-japan", &one_kettle, tokyo, None)
        .send()
        .await;
    assert_eq!(japan.status, StatusCode::BAD_REQUEST, "{}", japan.text);
    assert!(
        japan.text.contains("This store does not ship to Japan."),
        "{}",
        japan.text
    );
    let orders = app
        .get("/api/stores/orders")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(orders.json["total"], 3, "{}", orders.text);
}

#[tokio::test]
async fn a_flat_rate_from_before_zones_becomes_one_zone_for_the_whole_world_once() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let db = &app.state.db;
    sqlx::query(
        "INSERT INTO store_settings (store_id, name, data, updated_at) VALUES ($1, 'shipping', $2, 0)",
    )
    .bind(&store)
    .bind(r#"{"rate":6.5,"freeShippingOver":80}"#)
    .execute(db)
    .await
    .expect("the old settings");
    // Two processes starting at once: written once, the same either way.
    let (a, b) = tokio::join!(
        server::db::shipping::finish_zones(db),
        server::db::shipping::finish_zones(db)
    );
    a.expect("first");
    b.expect("second");
    let moved = app
        .get("/api/stores/settings/shipping")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(
        one_zone(&moved.json),
        (Some(6.5), Some(80.0)),
        "{}",
        moved.text
    );
}
