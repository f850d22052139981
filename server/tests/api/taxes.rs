//! Taxes (issue 49): a store's rates by country and region, prices with or without tax, and
//! taxed or untaxed shipping. The cart says where tax stands, the checkout's summary and the
//! order count it at the shopper's address, a refund gives back its share, and the thank-you
//! page and the orders export carry it; every figure is computed by hand in the comments.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, address, fresh_store, spawn_app, subdomain_of};

async fn put_taxes(app: &TestApp, token: &str, store: &str, taxes: Value) -> crate::helpers::Reply {
    app.put("/api/stores/settings/taxes")
        .json(&taxes)
        .token(token)
        .store(store)
        .send()
        .await
}

async fn product(app: &TestApp, token: &str, store: &str, title: &str, price: f64) -> String {
    let created = app
        .post("/api/stores/products")
        .json(&json!({"title": title, "price": price, "status": "active"}))
        .token(token)
        .store(store)
        .send()
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    created.json["id"].as_str().expect("id").to_owned()
}

fn berlin() -> Value {
    json!({"name": "Jonas Weber", "line1": "Unter den Linden 1", "city": "Berlin", "postcode": "10117",
        "country": "DE", "phone": "+49 30 1234567"})
}

#[tokio::test]
async fn a_store_charges_its_addresses_tax_refunds_its_share_and_exports_it_to_the_cent() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let subdomain = subdomain_of(&app, &token, &store).await;

    // No rates until the merchant sets some; bad ones are refused, all at once.
    let initial = app
        .get("/api/stores/settings/taxes")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(initial.status, StatusCode::OK, "{}", initial.text);
    assert_eq!(initial.json["rates"], json!([]));
    let refused = put_taxes(
        &app,
        &token,
        &store,
        json!({"pricesIncludeTax": false, "taxShipping": true, "rates": [
            {"country": "XX", "percent": 5}, {"country": "US", "percent": 100.5},
            {"country": "US", "region": "IL", "percent": 6.2501}, {"country": "us", "region": "il", "percent": 1}]}),
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    for problem in [
        "\\\"XX\\\" is not a country code.",
        "A tax rate is from 0 to 100 percent.",
        "A tax rate has at most 3 decimals (8.875).",
        "US IL has two rates.",
    ] {
        assert!(
            refused.text.contains(problem),
            "{problem} in {}",
            refused.text
        );
    }
    // Illinois at 6.25 %, the rest of the US at 4 %, shipping taxed, tax added to prices.
    let saved = put_taxes(
        &app,
        &token,
        &store,
        json!({"pricesIncludeTax": false, "taxShipping": true, "rates": [
            {"country": "us", "region": " il ", "percent": 6.25}, {"country": "US", "percent": 4}]}),
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(
        saved.json["rates"],
        json!([{"country": "US", "region": "", "percent": 4}, {"country": "US", "region": "IL", "percent": 6.25}])
    );

    let mug = product(&app, &token, &store, "Mug", 19.99).await;
    let bowl = product(&app, &token, &store, "Bowl", 12.5).await;
    let items = json!([{"productId": mug, "quantity": 1}, {"productId": bowl, "quantity": 2}]);

    // The cart does not know the address yet: it says so, and adds nothing.
    let cart = app
        .post(&format!("/s/{subdomain}/cart/view"))
        .json(&json!({"items": items}))
        .send()
        .await;
    assert_eq!(cart.status, StatusCode::OK, "{}", cart.text);
    assert_eq!(
        (
            cart.json["taxMinor"].as_i64(),
            cart.json["totalMinor"].as_i64()
        ),
        (Some(0), Some(4998))
    );
    assert!(
        cart.text.contains("Taxes calculated at checkout."),
        "{}",
        cart.text
    );

    // At checkout, Illinois: 19.99 + 25.00 + shipping 4.99 (free only from 50.00) = 49.98 taxed
    // at 6.25 %, 3.12375 → 3.12: 1.25 and 1.56 on the lines, the 0.31 left on shipping.
    let summary = app
        .post(&format!("/s/{subdomain}/cart/view"))
        .json(&json!({"items": items, "view": "summary", "country": "US", "region": "IL"}))
        .send()
        .await;
    assert_eq!(summary.status, StatusCode::OK, "{}", summary.text);
    assert_eq!(
        (
            summary.json["taxMinor"].as_i64(),
            summary.json["totalMinor"].as_i64()
        ),
        (Some(312), Some(5310))
    );
    let html = summary.json["html"].as_str().expect("html");
    assert!(
        html.contains("<span data-tax>$3.12</span>") && html.contains("$53.10"),
        "{html}"
    );
    let placed = app
        .post(&format!("/s/{subdomain}/checkout"))
        .json(
            &json!({"idempotencyKey": "taxes-illinois", "email": "ann@example.com",
            "shippingAddress": address("Ann Lee"), "items": items}),
        )
        .send()
        .await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.text);
    assert_eq!(placed.json["totalMinor"], 5310);
    let id = placed.json["orderId"].as_str().expect("id").to_owned();
    let path = format!("/api/stores/orders/{id}");
    let order = app.get(&path).token(&token).store(&store).send().await.json;
    assert_eq!(
        [
            &order["subtotal"],
            &order["shipping"],
            &order["tax"],
            &order["shippingTax"],
            &order["grandTotal"]
        ]
        .map(Value::as_f64),
        [Some(44.99), Some(4.99), Some(3.12), Some(0.31), Some(53.1)],
        "{order}"
    );
    assert_eq!(order["taxesIncluded"], false);
    assert_eq!(order["lineItems"][0]["tax"].as_f64(), Some(1.25), "{order}");
    assert_eq!(order["lineItems"][1]["tax"].as_f64(), Some(1.56), "{order}");
    let thanks = app
        .get(&format!("/s/{subdomain}/thank-you/{id}"))
        .send()
        .await;
    assert!(
        thanks.text.contains("<span data-tax>$3.12</span>") && thanks.text.contains("$53.10"),
        "{}",
        thanks.text
    );

    // One bowl back: 12.50 and half the line's 1.56 of tax, 0.78: 13.28.
    let refunded = app
        .post(&format!("{path}/refunds"))
        .json(&json!({"lines": [{"line": 1, "quantity": 1}]}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(refunded.status, StatusCode::CREATED, "{}", refunded.text);
    assert_eq!(
        refunded.json["refunded"].as_f64(),
        Some(13.28),
        "{}",
        refunded.text
    );
    assert_eq!(
        refunded.json["refunds"][0]["tax"].as_f64(),
        Some(0.78),
        "{}",
        refunded.text
    );
    // The shipping back: 4.99 and its 0.31 of tax. It goes back once: a second asks for
    // shipping no longer left.
    let shipping = app
        .post(&format!("{path}/refunds"))
        .json(&json!({"shipping": 4.99}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(shipping.status, StatusCode::CREATED, "{}", shipping.text);
    assert_eq!(
        (
            shipping.json["refunds"][1]["amount"].as_f64(),
            shipping.json["refunds"][1]["tax"].as_f64()
        ),
        (Some(5.3), Some(0.31)),
        "{}",
        shipping.text
    );
    let again = app
        .post(&format!("{path}/refunds"))
        .json(&json!({"shipping": 0.01}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST, "{}", again.text);
    assert!(
        again
            .text
            .contains("At most 0.00 of shipping is left to refund."),
        "{}",
        again.text
    );
    // The rest goes back to the cent: 53.10 in all, 3.12 of it tax.
    let cancelled = app
        .post(&format!("{path}/cancel"))
        .json(&json!({}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(cancelled.status, StatusCode::OK, "{}", cancelled.text);
    let order = app.get(&path).token(&token).store(&store).send().await.json;
    assert_eq!(order["refunded"].as_f64(), Some(53.1), "{order}");
    assert_eq!(order["refunds"][2]["tax"].as_f64(), Some(2.03), "{order}");

    // Germany, 19 % in the prices, shipping untaxed: one mug, 19.99 + 4.99. Its tax is the part
    // of 19.99 above 19.99 / 1.19, 3.19168… → 3.19, and the total stays 24.98.
    let saved = put_taxes(
        &app,
        &token,
        &store,
        json!({"pricesIncludeTax": true, "taxShipping": false, "rates": [{"country": "DE", "percent": 19}]}),
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let one = json!([{"productId": mug, "quantity": 1}]);
    let cart = app
        .post(&format!("/s/{subdomain}/cart/view"))
        .json(&json!({"items": one}))
        .send()
        .await;
    assert!(cart.text.contains("Taxes included."), "{}", cart.text);
    let placed = app
        .post(&format!("/s/{subdomain}/checkout"))
        .json(
            &json!({"idempotencyKey": "taxes-berlin", "email": "jonas@example.com",
            "shippingAddress": berlin(), "items": one}),
        )
        .send()
        .await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.text);
    assert_eq!(placed.json["totalMinor"], 2498);
    let berlin_id = placed.json["orderId"].as_str().expect("id").to_owned();
    let order = app
        .get(&format!("/api/stores/orders/{berlin_id}"))
        .token(&token)
        .store(&store)
        .send()
        .await
        .json;
    assert_eq!(
        [&order["tax"], &order["shippingTax"], &order["grandTotal"]].map(Value::as_f64),
        [Some(3.19), Some(0.0), Some(24.98)],
        "{order}"
    );
    assert_eq!(order["taxesIncluded"], true);
    let thanks = app
        .get(&format!("/s/{subdomain}/thank-you/{berlin_id}"))
        .send()
        .await;
    assert!(
        thanks
            .text
            .contains("Including <span data-tax>$3.19</span> in taxes"),
        "{}",
        thanks.text
    );

    // The export: each order's tax and whether its prices held it, each line's tax.
    let csv = app
        .get("/api/stores/orders/export")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(csv.status, StatusCode::OK, "{}", csv.text);
    let header = csv.text.lines().next().expect("header");
    assert!(
        header.contains("Discount codes,Tax,Taxes included,Total,Refunded")
            && header.contains("Price,Line tax,Fulfilled quantity"),
        "{header}"
    );
    assert!(
        csv.text.contains("44.99,4.99,0.00,,3.12,no,53.10,53.10"),
        "{}",
        csv.text
    );
    assert!(csv.text.contains("Bowl,,2,12.50,1.56,"), "{}", csv.text);
    assert!(
        csv.text.contains("19.99,4.99,0.00,,3.19,yes,24.98,0.00"),
        "{}",
        csv.text
    );

    // The sales report splits tax out. Made real orders (a store in test mode takes test ones,
    // which reports leave out): Illinois sold 44.99 + 4.99 + 3.12 of tax and gave it all back
    // (12.50 + 0.78, then 32.49 of items, 4.99 of shipping and 2.34 of tax); Berlin sold 19.99
    // of which 3.19 was tax, so 16.80 of items, and 4.99 of shipping.
    for table in ["orders", "order_refunds"] {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE {table} SET is_test = 0 WHERE store_id = $1"
        )))
        .bind(&store)
        .execute(&app.state.db)
        .await
        .expect("real orders");
    }
    let day = |offset: i64| {
        (chrono::Utc::now() + chrono::Duration::days(offset))
            .format("%Y-%m-%d")
            .to_string()
    };
    let sales = app
        .get(&format!(
            "/api/stores/reports/sales?fromTime={}&toTime={}&timezone=UTC",
            day(-1),
            day(1)
        ))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(sales.status, StatusCode::OK, "{}", sales.text);
    let totals = &sales.json["totals"];
    assert_eq!(
        [
            "grossSales",
            "returns",
            "shipping",
            "taxes",
            "netSales",
            "totalSales"
        ]
        .map(|k| totals[k].as_f64()),
        [
            Some(61.79),
            Some(44.99),
            Some(4.99),
            Some(3.19),
            Some(16.8),
            Some(24.98)
        ],
        "{totals}"
    );

    // The payout balance names the tax in the earnings: Berlin's 3.19 (Illinois gave its back).
    let balance = app
        .get("/api/stores/payout/v2/balance")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(balance.status, StatusCode::OK, "{}", balance.text);
    assert_eq!(
        balance.json["taxesCollected"].as_f64(),
        Some(3.19),
        "{}",
        balance.text
    );
}
