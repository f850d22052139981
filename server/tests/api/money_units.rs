//! Amounts in the minor units of their currency (issue 48): a yen store and a Kuwaiti dinar
//! store (three decimals) sell, discount, refund, export, read the Overview and pay out, and
//! every figure equals one computed by hand. A store's amounts follow a change of currency, and
//! the stores kept in hundredths before are moved once.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, address, fresh_store, spawn_app};

/// Makes the store sell in `currency` (Preferences).
async fn set_currency(app: &TestApp, token: &str, store: &str, currency: &str) {
    let preferences = json!({"standardTimezone": "UTC", "businessType": "other",
        "paymentChoice": {"type": "seller"}, "storeFrontDefaultTheme": "hydro", "currency": currency});
    let saved = app
        .put("/api/stores/preferences")
        .json(&preferences)
        .token(token)
        .store(store)
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
}

/// A fresh store of the seller's selling in `currency`: (token, store id, subdomain).
async fn store_in(app: &TestApp, currency: &str) -> (String, String, String) {
    let (token, store) = fresh_store(app).await;
    set_currency(app, &token, &store, currency).await;
    let current = app
        .get("/api/stores/current")
        .token(&token)
        .store(&store)
        .send()
        .await;
    let subdomain = current.json["subdomain"].as_str().expect("subdomain");
    (token, store, subdomain.to_owned())
}

async fn post(
    app: &TestApp,
    token: &str,
    store: &str,
    path: &str,
    body: Value,
) -> crate::helpers::Reply {
    app.post(path)
        .json(&body)
        .token(token)
        .store(store)
        .send()
        .await
}

async fn get(app: &TestApp, token: &str, store: &str, path: &str) -> crate::helpers::Reply {
    app.get(path).token(token).store(store).send().await
}

/// A real (not test) paid order of `total_minor` in `currency`, captured now: what a payment
/// provider's capture leaves, for the payout balance.
async fn captured_order(app: &TestApp, store: &str, currency: &str, total_minor: i64) {
    let now = server::db::now_ms();
    sqlx::query(
        "INSERT INTO orders (id, store_id, order_number, order_name, customer_name, customer_email, currency, \
         subtotal_minor, shipping_minor, discount_minor, grand_total_minor, financial_status, fulfillment_status, \
         line_items, created_at, captured_at, refunded_minor) VALUES ($1, $2, 5001, '#5001', 'Buyer', \
         'buyer@example.com', $3, $4, 0, 0, $4, 'paid', 'unfulfilled', '[]', $5, $5, 0)",
    )
    .bind(server::db::new_id())
    .bind(store)
    .bind(currency)
    .bind(total_minor)
    .bind(now)
    .execute(&app.state.db)
    .await
    .expect("order");
}

/// One store's walk through money: every figure is given as the JSON number the API must
/// answer (major units) and the minor units the storefront's cart answers.
struct Walk {
    currency: &'static str,
    /// A price the currency cannot hold, and the refusal.
    bad_price: f64,
    refusal: &'static str,
    price: f64,
    quantity: i64,
    code: &'static str,
    percent: i64,
    /// The cart: subtotal, discount and total in minor units, and its total as the cart shows it.
    cart_minor: [i64; 3],
    cart_total: &'static str,
    /// The order as the API shows it: subtotal, shipping, discount, grand total.
    order: [f64; 4],
    /// Refunding one unit of the line gives back this much.
    refund: f64,
    /// The orders export's figures, from the currency column to the refunded one.
    csv: &'static str,
    /// The Overview's sales and average order value (test orders included).
    overview: [f64; 2],
    /// A captured order, its balance after fees, a payout the currency cannot hold, a payout,
    /// and the balance after it.
    captured_minor: i64,
    balance: f64,
    bad_payout: f64,
    payout: f64,
    balance_after: f64,
}

async fn walk(app: &TestApp, w: &Walk) {
    let (token, store, subdomain) = store_in(app, w.currency).await;
    let refused = post(
        app,
        &token,
        &store,
        "/api/stores/products",
        json!({"title": "Tea bowl", "price": w.bad_price, "status": "active"}),
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert!(refused.text.contains(w.refusal), "{}", refused.text);
    let product = post(
        app,
        &token,
        &store,
        "/api/stores/products",
        json!({"title": "Tea bowl", "price": w.price, "status": "active"}),
    )
    .await;
    assert_eq!(product.status, StatusCode::CREATED, "{}", product.text);
    assert_eq!(product.json["price"].as_f64(), Some(w.price));
    let product_id = product.json["id"].as_str().expect("id").to_owned();
    let code = post(
        app,
        &token,
        &store,
        "/api/stores/discounts",
        json!({"method": "code", "code": w.code, "valueType": "percent", "value": w.percent}),
    )
    .await;
    assert_eq!(code.status, StatusCode::CREATED, "{}", code.text);

    let items = json!([{"productId": product_id, "quantity": w.quantity}]);
    let cart = app
        .post(&format!("/s/{subdomain}/cart/view"))
        .json(&json!({"items": items, "code": w.code}))
        .send()
        .await;
    assert_eq!(cart.status, StatusCode::OK, "{}", cart.text);
    let [subtotal, discount, total] = w.cart_minor;
    assert_eq!(cart.json["subtotalMinor"], subtotal, "{}", cart.text);
    assert_eq!(cart.json["discountMinor"], discount, "{}", cart.text);
    assert_eq!(cart.json["totalMinor"], total, "{}", cart.text);
    let html = cart.json["html"].as_str().expect("html");
    assert!(html.contains(w.cart_total), "{} in {html}", w.cart_total);

    let placed = app
        .post(&format!("/s/{subdomain}/checkout"))
        .json(
            &json!({"idempotencyKey": format!("money-{}", w.currency), "email": "kim@example.com",
            "shippingAddress": address("Kim Sato"), "discountCode": w.code, "items": items}),
        )
        .send()
        .await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.text);
    assert_eq!(placed.json["totalMinor"], total);
    let id = placed.json["orderId"].as_str().expect("id").to_owned();
    let order = get(app, &token, &store, &format!("/api/stores/orders/{id}"))
        .await
        .json;
    assert_eq!(order["currency"], w.currency);
    let [subtotal, shipping, discount, grand_total] = w.order;
    assert_eq!(order["subtotal"].as_f64(), Some(subtotal), "{order}");
    assert_eq!(order["shipping"].as_f64(), Some(shipping), "{order}");
    assert_eq!(order["discount"].as_f64(), Some(discount), "{order}");
    assert_eq!(order["grandTotal"].as_f64(), Some(grand_total), "{order}");
    assert_eq!(
        order["lineItems"][0]["price"].as_f64(),
        Some(w.price),
        "{order}"
    );

    let refunded = post(
        app,
        &token,
        &store,
        &format!("/api/stores/orders/{id}/refunds"),
        json!({"lines": [{"line": 0, "quantity": 1}]}),
    )
    .await;
    assert_eq!(refunded.status, StatusCode::CREATED, "{}", refunded.text);
    assert_eq!(
        refunded.json["refunded"].as_f64(),
        Some(w.refund),
        "{}",
        refunded.text
    );

    let csv = get(app, &token, &store, "/api/stores/orders/export").await;
    assert_eq!(csv.status, StatusCode::OK, "{}", csv.text);
    assert!(csv.text.contains(w.csv), "{} in {}", w.csv, csv.text);

    let overview = app
        .get("/api/stores/analytics/overview?timezone=UTC&testOrders=include")
        .token(&token)
        .store(&store)
        .header("cache-control", "no-cache")
        .send()
        .await;
    assert_eq!(overview.status, StatusCode::OK, "{}", overview.text);
    let current = &overview.json["current"];
    assert_eq!(
        current["sales"]["total_sales"].as_f64(),
        Some(w.overview[0]),
        "{current}"
    );
    assert_eq!(
        current["aov"]["aov"].as_f64(),
        Some(w.overview[1]),
        "{current}"
    );

    captured_order(app, &store, w.currency, w.captured_minor).await;
    let balance = |reply: crate::helpers::Reply| reply.json["availableToPayout"].clone();
    let path = "/api/stores/payout/v2/balance";
    assert_eq!(
        balance(get(app, &token, &store, path).await).as_f64(),
        Some(w.balance)
    );
    let request = |amount: f64, key: &'static str| {
        app.post("/api/stores/payout/v2/payout-request")
            .json(&json!({"amount": amount}))
            .token(&token)
            .store(&store)
            .header("idempotency-key", key)
            .send()
    };
    let refused = request(w.bad_payout, "payout-bad").await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    let paid = request(w.payout, "payout-good").await;
    assert!(paid.status.is_success(), "{}", paid.text);
    assert_eq!(
        paid.json["amount"].as_f64(),
        Some(w.payout),
        "{}",
        paid.text
    );
    assert_eq!(
        balance(get(app, &token, &store, path).await).as_f64(),
        Some(w.balance_after)
    );
}

#[tokio::test]
async fn a_yen_store_sells_discounts_refunds_exports_and_pays_out_in_whole_yen() {
    let app = spawn_app().await;
    // Three bowls at ¥1,999 make ¥5,997; 15 % off is ¥899.55, ¥900 to the yen. The new store's
    // shipping is ¥499, free from ¥5,000: free here. Total ¥5,097.
    // One bowl back: its share of the discount is 900 × 1,999 / 5,997 = ¥300 (a third), so
    // ¥1,699. The Overview: 5,097 - 1,699 = ¥3,398 over one order.
    // A captured ¥10,000 order leaves 10,000 - (2.9 % = 290) - 30 = ¥9,680 to pay out.
    walk(
        &app,
        &Walk {
            currency: "JPY",
            bad_price: 19.99,
            refusal: "The price is a whole number in JPY: it has no decimals.",
            price: 1999.0,
            quantity: 3,
            code: "SAKURA15",
            percent: 15,
            cart_minor: [5997, 900, 5097],
            cart_total: "¥5,097",
            order: [5997.0, 0.0, 900.0, 5097.0],
            refund: 1699.0,
            csv: "JPY,5997,0,900,SAKURA15,0,no,5097,1699",
            overview: [3398.0, 3398.0],
            captured_minor: 10_000,
            balance: 9680.0,
            bad_payout: 1500.5,
            payout: 1500.0,
            balance_after: 8180.0,
        },
    )
    .await;
}

#[tokio::test]
async fn a_kuwaiti_dinar_store_keeps_three_decimals_from_price_to_payout() {
    let app = spawn_app().await;
    // Two at KD 1.234 make 2.468; 10 % off is 0.2468, 0.247 to the fils. Shipping KD 0.499
    // (free from 5.000, not reached). Total 2.468 - 0.247 + 0.499 = KD 2.720.
    // One back: 247 × 1,234 / 2,468 = 123.5, so 124 fils of discount: 1.234 - 0.124 = 1.110.
    // The Overview: 2.720 - 1.110 = KD 1.610.
    // A captured KD 10.000 order leaves 10.000 - 0.290 - 0.030 = 9.680; a payout of 1.005
    // leaves 8.675.
    walk(
        &app,
        &Walk {
            currency: "KWD",
            bad_price: 1.2345,
            refusal: "The price has at most 3 decimals in KWD.",
            price: 1.234,
            quantity: 2,
            code: "TEN",
            percent: 10,
            cart_minor: [2468, 247, 2720],
            cart_total: "KD2.720",
            order: [2.468, 0.499, 0.247, 2.72],
            refund: 1.11,
            csv: "KWD,2.468,0.499,0.247,TEN,0.000,no,2.720,1.110",
            overview: [1.61, 1.61],
            captured_minor: 10_000,
            balance: 9.68,
            bad_payout: 1.0005,
            payout: 1.005,
            balance_after: 8.675,
        },
    )
    .await;
}

#[tokio::test]
async fn a_new_currency_keeps_each_amount_rounded_to_its_decimals() {
    let app = spawn_app().await;
    let (token, store, _) = store_in(&app, "USD").await;
    let product = post(
        &app,
        &token,
        &store,
        "/api/stores/products",
        json!({"title": "Scarf", "price": 19.99, "compareAtPrice": 25.5, "status": "active"}),
    )
    .await;
    assert_eq!(product.status, StatusCode::CREATED, "{}", product.text);
    let id = product.json["id"].as_str().expect("id").to_owned();
    let sized = post(&app, &token, &store, "/api/stores/products",
        json!({"title": "Sized scarf", "price": 19.99, "status": "active",
            "options": [{"name": "Size", "values": ["S"]}],
            "variants": [{"title": "S", "options": ["S"], "price": 19.99, "compareAtPrice": 25.5, "stock": 3}]})).await;
    assert_eq!(sized.status, StatusCode::CREATED, "{}", sized.text);
    let sized = sized.json["id"].as_str().expect("id").to_owned();
    let shipping = app
        .put("/api/stores/settings/shipping")
        .json(
            &json!({"zones": [{"name": "Everywhere", "restOfWorld": true, "freeShippingOver": 49.5,
            "rates": [{"name": "Standard", "price": 4.99},
                {"name": "Big", "price": 0.5, "condition": "value", "minSubtotal": 99.99}]}]}),
        )
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(shipping.status, StatusCode::OK, "{}", shipping.text);
    let amount_off = post(
        &app,
        &token,
        &store,
        "/api/stores/discounts",
        json!({"method": "code", "code": "TWO", "valueType": "amount", "value": 2.5}),
    )
    .await;
    assert_eq!(
        amount_off.status,
        StatusCode::CREATED,
        "{}",
        amount_off.text
    );
    set_currency(&app, &token, &store, "JPY").await;
    // $19.99 is ¥20, not ¥1,999; $25.50 is ¥26 (half away from zero); $2.50 off is ¥3 off.
    let product = get(&app, &token, &store, &format!("/api/stores/products/{id}")).await;
    assert_eq!(
        product.json["price"].as_f64(),
        Some(20.0),
        "{}",
        product.text
    );
    assert_eq!(
        product.json["compareAtPrice"].as_f64(),
        Some(26.0),
        "{}",
        product.text
    );
    let codes = get(&app, &token, &store, "/api/stores/discounts").await;
    assert_eq!(
        codes.json["discounts"][0]["value"].as_f64(),
        Some(3.0),
        "{}",
        codes.text
    );
    // The variants and the shipping, kept as JSON, are rounded the same: the forms show ¥20 and
    // take them back as they are.
    let sized = get(
        &app,
        &token,
        &store,
        &format!("/api/stores/products/{sized}"),
    )
    .await;
    let variant = &sized.json["variants"][0];
    assert_eq!(variant["price"].as_f64(), Some(20.0), "{}", sized.text);
    assert_eq!(
        variant["compareAtPrice"].as_f64(),
        Some(26.0),
        "{}",
        sized.text
    );
    let shipping = get(&app, &token, &store, "/api/stores/settings/shipping").await;
    let zone = &shipping.json["zones"][0];
    let rates = &zone["rates"];
    assert_eq!(
        (
            rates[0]["price"].as_f64(),
            rates[1]["price"].as_f64(),
            rates[1]["minSubtotal"].as_f64(),
            zone["freeShippingOver"].as_f64()
        ),
        (Some(5.0), Some(1.0), Some(100.0), Some(50.0)),
        "{}",
        shipping.text
    );
}

#[tokio::test]
async fn stores_kept_in_hundredths_before_are_moved_to_their_currency_units_once() {
    let app = spawn_app().await;
    let (token, store, _) = store_in(&app, "VND").await;
    // As a store of VND was kept before amounts followed their currency: in hundredths.
    let db = &app.state.db;
    sqlx::query(
        "INSERT INTO products (id, store_id, title, handle, description_html, images, options, variants, \
         tags, price_minor, compare_at_minor, status, created_at, updated_at) VALUES \
         ('old-product', $1, 'Old', 'old', '', '[]', '[]', '[]', '[]', 12500050, NULL, 'active', 0, 0)",
    )
    .bind(&store)
    .execute(db)
    .await
    .expect("product");
    sqlx::query(
        "INSERT INTO orders (id, store_id, order_number, order_name, customer_name, customer_email, currency, \
         subtotal_minor, shipping_minor, discount_minor, grand_total_minor, financial_status, fulfillment_status, \
         line_items, created_at, captured_at, refunded_minor) VALUES ('old-order', $1, 1001, '#1001', 'B', \
         'b@example.com', 'VND', 25000100, 0, 0, 25000100, 'paid', 'unfulfilled', \
         '[{\"title\":\"Old\",\"quantity\":2,\"priceMinor\":12500050}]', 0, 0, 0)",
    )
    .bind(&store)
    .execute(db)
    .await
    .expect("order");
    sqlx::query(
        "INSERT INTO money_unit_moves (store_id, from_digits, to_digits) VALUES ($1, 2, 0)",
    )
    .bind(&store)
    .execute(db)
    .await
    .expect("move");
    // Two processes starting at once: the store is moved exactly once.
    let (a, b) = tokio::join!(
        server::db::money_units::finish_moves(db),
        server::db::money_units::finish_moves(db)
    );
    a.expect("first");
    b.expect("second");
    let product = get(&app, &token, &store, "/api/stores/products/old-product").await;
    // 125,000.50 dong in hundredths is 125,001 whole dong.
    assert_eq!(
        product.json["price"].as_f64(),
        Some(125_001.0),
        "{}",
        product.text
    );
    let order = get(&app, &token, &store, "/api/stores/orders/old-order")
        .await
        .json;
    assert_eq!(order["grandTotal"].as_f64(), Some(250_001.0), "{order}");
    assert_eq!(
        order["lineItems"][0]["price"].as_f64(),
        Some(125_001.0),
        "{order}"
    );
    let (left,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM money_unit_moves")
        .fetch_one(db)
        .await
        .expect("moves");
    assert_eq!(left, 0);
}
