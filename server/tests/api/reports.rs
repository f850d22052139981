//! The report screens' calls: sales by day, product, country and payment method, the CSV, the
//! estimated profit before and after a unit cost is entered, UTM attribution, and the tracking
//! pixel with its sharing, all against hand-computed orders; the refusals at the edge; the
//! scopes each call needs.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use server::db::events::{Event, store_events};

use crate::helpers::{ORDERS_STAFF_EMAIL, OWNER_EMAIL, TestApp, fresh_store, spawn_app};

fn at(text: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(text)
        .expect("time")
        .timestamp_millis()
}

async fn product(app: &TestApp, store: &str, id: &str, title: &str, price: i64, variants: &str) {
    sqlx::query(
        "INSERT INTO products (id, store_id, title, handle, description_html, images, options, variants, \
         tags, price_minor, status, created_at, updated_at) VALUES ($1, $2, $3, $4, '', '[]', '[]', $5, '[]', $6, \
         'active', 0, 0)",
    )
    .bind(id)
    .bind(store)
    .bind(title)
    .bind(format!("handle-{id}"))
    .bind(variants)
    .bind(price)
    .execute(&app.state.db)
    .await
    .expect("product");
}

#[allow(clippy::too_many_arguments)]
async fn order(
    app: &TestApp,
    store: &str,
    number: i64,
    status: &str,
    captured: &str,
    lines: Value,
    (subtotal, discount, shipping): (i64, i64, i64),
    country: &str,
    payment: &str,
) -> String {
    let id = format!("order-{store}-{number}");
    sqlx::query(
        "INSERT INTO orders (id, store_id, order_number, order_name, customer_name, customer_email, currency, \
         subtotal_minor, shipping_minor, discount_minor, grand_total_minor, financial_status, fulfillment_status, \
         payment_name, line_items, country, created_at, captured_at) VALUES ($1, $2, $3, $4, 'Buyer', \
         'buyer@example.com', 'USD', $5, $6, $7, $8, $9, 'unfulfilled', $10, $11, $12, $13, $13)",
    )
    .bind(&id)
    .bind(store)
    .bind(number)
    .bind(format!("#{number}"))
    .bind(subtotal)
    .bind(shipping)
    .bind(discount)
    .bind(subtotal - discount + shipping)
    .bind(status)
    .bind(payment)
    .bind(lines.to_string())
    .bind(country)
    .bind(at(captured))
    .execute(&app.state.db)
    .await
    .expect("order");
    id
}

/// A fresh store of the seller's with two products and four orders:
/// A (paid 2026-01-10 10:00 UTC): 2 x p1 at 30.00 + 1 x p2 at 40.00, 10.00 off, 5.00 shipping,
/// Vietnam, Credit card: paid 95.00. B (paid 2026-01-11 23:30 UTC): 1 x p1, United States,
/// PayPal: 30.00. C pending on the 10th and D paid on the 12th are outside every figure.
struct Fixture {
    token: String,
    store: String,
    a: String,
    b: String,
}

async fn fixture(app: &TestApp) -> Fixture {
    let (token, store) = fresh_store(app).await;
    product(
        app,
        &store,
        "p1",
        "Linen shirt",
        3000,
        r#"[{"id":"v1","title":"Blue","price":30}]"#,
    )
    .await;
    product(app, &store, "p2", "Canvas tote", 4000, "[]").await;
    let p1 = |quantity: i64| json!({"productId": "p1", "variantId": null, "title": "Linen shirt", "quantity": quantity, "priceMinor": 3000});
    let p2 = json!({"productId": "p2", "variantId": null, "title": "Canvas tote", "quantity": 1, "priceMinor": 4000});
    let a = order(
        app,
        &store,
        1001,
        "paid",
        "2026-01-10T10:00:00Z",
        json!([p1(2), p2]),
        (10_000, 1_000, 500),
        "VN",
        "Credit card",
    )
    .await;
    let b = order(
        app,
        &store,
        1002,
        "paid",
        "2026-01-11T23:30:00Z",
        json!([p1(1)]),
        (3_000, 0, 0),
        "US",
        "PayPal",
    )
    .await;
    order(
        app,
        &store,
        1003,
        "pending",
        "2026-01-10T12:00:00Z",
        json!([p1(5)]),
        (15_000, 0, 0),
        "VN",
        "Credit card",
    )
    .await;
    order(
        app,
        &store,
        1004,
        "paid",
        "2026-01-12T12:00:00Z",
        json!([p2]),
        (4_000, 0, 0),
        "VN",
        "Credit card",
    )
    .await;
    Fixture { token, store, a, b }
}

async fn get(app: &TestApp, f: &Fixture, path: &str) -> Value {
    let reply = app.get(path).token(&f.token).store(&f.store).send().await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text);
    reply.json
}

const RANGE: &str = "fromTime=2026-01-10&toTime=2026-01-11&timezone=UTC";

fn figures(row: &Value) -> (u64, f64, f64, f64, f64, f64) {
    (
        row["orders"].as_u64().expect("orders"),
        row["grossSales"].as_f64().expect("gross"),
        row["discounts"].as_f64().expect("discounts"),
        row["shipping"].as_f64().expect("shipping"),
        row["netSales"].as_f64().expect("net"),
        row["totalSales"].as_f64().expect("total"),
    )
}

#[tokio::test]
async fn sales_reports_group_paid_orders_by_day_product_country_and_payment_in_the_zone() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    let by_day = get(&app, &f, &format!("/api/stores/reports/sales?{RANGE}")).await;
    let rows = by_day["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["key"], "2026-01-10");
    assert_eq!(figures(&rows[0]), (1, 100.0, 10.0, 5.0, 90.0, 95.0));
    assert_eq!(figures(&rows[1]), (1, 30.0, 0.0, 0.0, 30.0, 30.0));
    assert_eq!(
        figures(&by_day["totals"]),
        (2, 130.0, 10.0, 5.0, 120.0, 125.0)
    );
    assert_eq!(by_day["range"]["timezone"], "UTC");

    // Discounts and shipping are shared out by line value: p1 has 60.00 of A's 100.00.
    let by_product = get(
        &app,
        &f,
        &format!("/api/stores/reports/sales?{RANGE}&groupBy=product"),
    )
    .await;
    let rows = by_product["rows"].as_array().expect("rows");
    assert_eq!(rows[0]["key"], "p1");
    assert_eq!(rows[0]["label"], "Linen shirt");
    assert_eq!(figures(&rows[0]), (2, 90.0, 6.0, 3.0, 84.0, 87.0));
    assert_eq!(rows[1]["key"], "p2");
    assert_eq!(figures(&rows[1]), (1, 40.0, 4.0, 2.0, 36.0, 38.0));
    assert_eq!(
        figures(&by_product["totals"]),
        (2, 130.0, 10.0, 5.0, 120.0, 125.0)
    );

    let by_country = get(
        &app,
        &f,
        &format!("/api/stores/reports/sales?{RANGE}&groupBy=country"),
    )
    .await;
    assert_eq!(by_country["rows"][0]["key"], "VN");
    assert_eq!(by_country["rows"][0]["label"], "Vietnam");
    assert_eq!(by_country["rows"][1]["label"], "United States");
    let by_payment = get(
        &app,
        &f,
        &format!("/api/stores/reports/sales?{RANGE}&groupBy=payment"),
    )
    .await;
    assert_eq!(by_payment["rows"][0]["key"], "Credit card");
    assert_eq!(by_payment["rows"][1]["key"], "PayPal");
    assert_eq!(by_payment["rows"][1]["totalSales"], 30.0);

    // In Ho Chi Minh City (UTC+7) B was paid on the 12th: outside the range.
    let local = get(
        &app,
        &f,
        "/api/stores/reports/sales?fromTime=2026-01-10&toTime=2026-01-11&timezone=Asia/Ho_Chi_Minh",
    )
    .await;
    assert_eq!(figures(&local["totals"]), (1, 100.0, 10.0, 5.0, 90.0, 95.0));

    // The CSV carries the same figures, exact to the cent, and the totals last.
    let csv = app
        .get(&format!(
            "/api/stores/reports/sales/export?{RANGE}&groupBy=product"
        ))
        .token(&f.token)
        .store(&f.store)
        .send()
        .await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(
        csv.headers["content-type"]
            .to_str()
            .expect("type")
            .starts_with("text/csv")
    );
    let lines: Vec<&str> = csv.text.lines().collect();
    assert_eq!(
        lines[0],
        "product,name,orders,gross_sales,discounts,returns,shipping,taxes,net_sales,total_sales"
    );
    assert_eq!(
        lines[1],
        "p1,Linen shirt,2,90.00,6.00,0.00,3.00,0.00,84.00,87.00"
    );
    assert_eq!(
        lines[3],
        "Total,,2,130.00,10.00,0.00,5.00,0.00,120.00,125.00"
    );
}

/// A refund of `amount` (of which `shipping` for shipping) on `order`, given at `when`.
async fn refund(
    app: &TestApp,
    f: &Fixture,
    order: &str,
    when: &str,
    (amount, shipping): (i64, i64),
    status: &str,
) {
    sqlx::query(
        "INSERT INTO order_refunds (id, store_id, order_id, lines, shipping_minor, amount_minor, restock, reason, is_test, created_at) \
         VALUES ($1, $2, $3, '[]', $4, $5, 0, '', 0, $6)",
    )
    .bind(format!("refund-{order}-{when}"))
    .bind(&f.store)
    .bind(order)
    .bind(shipping)
    .bind(amount)
    .bind(at(when))
    .execute(&app.state.db)
    .await
    .expect("refund");
    sqlx::query("UPDATE orders SET financial_status = $1, refunded_minor = refunded_minor + $2 WHERE id = $3")
        .bind(status)
        .bind(amount)
        .bind(order)
        .execute(&app.state.db)
        .await
        .expect("refunded");
}

#[tokio::test]
async fn sales_reports_take_refunds_off_on_the_day_they_were_given() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    // A gets 15.00 back on the 11th (10.00 of items, 5.00 of shipping); B is refunded whole on
    // the 12th, after the range. Both sales still count on the day they were made.
    refund(
        &app,
        &f,
        &f.a,
        "2026-01-11T08:00:00Z",
        (1_500, 500),
        "partially_refunded",
    )
    .await;
    refund(
        &app,
        &f,
        &f.b,
        "2026-01-12T08:00:00Z",
        (3_000, 0),
        "refunded",
    )
    .await;
    let returns = |row: &Value| row["returns"].as_f64().expect("returns");
    let by_day = get(&app, &f, &format!("/api/stores/reports/sales?{RANGE}")).await;
    let rows = by_day["rows"].as_array().expect("rows");
    assert_eq!(figures(&rows[0]), (1, 100.0, 10.0, 5.0, 90.0, 95.0));
    assert_eq!(returns(&rows[0]), 0.0);
    assert_eq!(figures(&rows[1]), (1, 30.0, 0.0, -5.0, 20.0, 15.0));
    assert_eq!(returns(&rows[1]), 10.0);
    assert_eq!(
        figures(&by_day["totals"]),
        (2, 130.0, 10.0, 0.0, 110.0, 110.0)
    );
    assert_eq!(returns(&by_day["totals"]), 10.0);
    // By product the returns follow A's lines (p1 60.00, p2 40.00 of its 100.00).
    let by_product = get(
        &app,
        &f,
        &format!("/api/stores/reports/sales?{RANGE}&groupBy=product"),
    )
    .await;
    let rows = by_product["rows"].as_array().expect("rows");
    let product = |key: &str| rows.iter().find(|r| r["key"] == key).expect("product row");
    assert_eq!(returns(product("p1")), 6.0);
    assert_eq!(returns(product("p2")), 4.0);
    // The next day holds B's refund; B's sale is not counted there again.
    let next = get(
        &app,
        &f,
        "/api/stores/reports/sales?fromTime=2026-01-12&toTime=2026-01-12&timezone=UTC",
    )
    .await;
    assert_eq!(next["totals"]["orders"], 1);
    assert_eq!(returns(&next["totals"]), 30.0);
    assert_eq!(next["totals"]["totalSales"], 10.0);
}

#[tokio::test]
async fn estimated_profit_counts_products_without_a_cost_as_unknown_until_one_is_entered() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    let before = get(&app, &f, &format!("/api/stores/reports/profit?{RANGE}")).await;
    assert_eq!(before["totals"]["sales"], 125.0);
    assert_eq!(before["totals"]["unknownCostUnits"], 4);
    assert_eq!(before["totals"]["unknownCostSales"], 125.0);
    assert_eq!(before["totals"]["profit"], 0.0);
    assert!(before["products"][0]["profit"].is_null());

    // The list of costs names every product and variant, none costed yet.
    let costs = get(&app, &f, "/api/stores/reports/costs").await;
    let titles: Vec<&str> = costs
        .as_array()
        .expect("costs")
        .iter()
        .map(|c| c["title"].as_str().expect("title"))
        .collect();
    assert_eq!(
        titles,
        vec!["Canvas tote", "Linen shirt", "Linen shirt / Blue"]
    );
    assert!(costs[0]["unitCost"].is_null());

    let saved = app
        .put("/api/stores/reports/costs")
        .json(&json!({"productId": "p1", "variantId": "", "unitCost": 12}))
        .token(&f.token)
        .store(&f.store)
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(saved.json["unitCost"], 12.0);

    // p1: 3 units sold for 57.00 + 30.00; cost 36.00; fees 1.84 (its share of A's 3.06) + 1.17
    // (B's: 0.87 + 0.30); shipping 3.00: profit 44.99. p2 stays unknown.
    let after = get(&app, &f, &format!("/api/stores/reports/profit?{RANGE}")).await;
    let p1 = &after["products"][0];
    assert_eq!(p1["productId"], "p1");
    assert_eq!(p1["units"], 3);
    assert_eq!(p1["sales"], 87.0);
    assert_eq!(p1["costOfGoods"], 36.0);
    assert_eq!(p1["paymentFees"], 3.01);
    assert_eq!(p1["shippingCosts"], 3.0);
    assert_eq!(p1["profit"], 44.99);
    let p2 = &after["products"][1];
    assert!(p2["profit"].is_null());
    assert!(p2["unitCost"].is_null());
    assert_eq!(after["totals"]["unknownCostUnits"], 1);
    assert_eq!(after["totals"]["unknownCostSales"], 38.0);
    assert_eq!(after["totals"]["profit"], 44.99);
    assert_eq!(after["days"][0]["profit"], 28.16);
    assert_eq!(after["days"][1]["profit"], 16.83);
    assert_eq!(after["days"][1]["paymentFees"], 1.17);

    // Removing the cost brings the unknown back.
    let removed = app
        .put("/api/stores/reports/costs")
        .json(&json!({"productId": "p1", "unitCost": null}))
        .token(&f.token)
        .store(&f.store)
        .send()
        .await;
    assert_eq!(removed.status, StatusCode::OK);
    let again = get(&app, &f, &format!("/api/stores/reports/profit?{RANGE}")).await;
    assert_eq!(again["totals"]["unknownCostUnits"], 4);
}

#[tokio::test]
async fn utm_figures_come_from_landing_pages_and_the_orders_their_checkouts_name() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    let thanks = |id: &str| format!("/checkout/thank-you?order={id}");
    let list = [
        (
            "s1",
            1,
            "2026-01-10T09:00:00Z",
            "/?utm_source=Google&utm_medium=cpc&utm_campaign=Winter%20sale".to_owned(),
        ),
        (
            "s1",
            1,
            "2026-01-10T09:05:00Z",
            "/products/linen".to_owned(),
        ),
        ("s1", 5, "2026-01-10T10:00:00Z", thanks(&f.a)),
        (
            "s2",
            1,
            "2026-01-10T11:00:00Z",
            "/?utm_source=google&utm_medium=cpc&utm_campaign=Winter%20sale".to_owned(),
        ),
        (
            "s3",
            1,
            "2026-01-11T08:00:00Z",
            "/products/linen?utm_source=facebook&utm_medium=social".to_owned(),
        ),
        ("s4", 1, "2026-01-11T20:00:00Z", "/".to_owned()),
        ("s4", 5, "2026-01-11T23:30:00Z", thanks(&f.b)),
        // Outside the range.
        (
            "s5",
            1,
            "2026-01-12T20:00:00Z",
            "/?utm_source=google".to_owned(),
        ),
    ];
    let events: Vec<Event> = list
        .iter()
        .map(|(session, kind, time, page)| Event {
            session_id: (*session).to_owned(),
            kind: *kind,
            at: at(time),
            page: page.clone(),
            country: "VN".to_owned(),
        })
        .collect();
    let rows: Vec<(&str, &Event)> = events.iter().map(|e| (f.store.as_str(), e)).collect();
    let mut tx = app.state.db.begin().await.expect("transaction");
    store_events(&mut tx, &rows, server::db::now_ms())
        .await
        .expect("events");
    tx.commit().await.expect("commit");

    let by_source = get(&app, &f, &format!("/api/stores/reports/utm?{RANGE}")).await;
    let rows = by_source["rows"].as_array().expect("rows");
    assert_eq!(rows[0]["key"], "google");
    assert_eq!(rows[0]["sessions"], 2);
    assert_eq!(rows[0]["conversions"], 1);
    assert_eq!(rows[0]["conversionRate"], 50.0);
    assert_eq!(rows[0]["orders"], 1);
    assert_eq!(rows[0]["revenue"], 95.0);
    let untagged = rows.iter().find(|r| r["key"] == "").expect("untagged row");
    assert_eq!(untagged["sessions"], 1);
    assert_eq!(untagged["revenue"], 30.0);
    let facebook = rows
        .iter()
        .find(|r| r["key"] == "facebook")
        .expect("facebook");
    assert_eq!(facebook["conversions"], 0);
    assert_eq!(by_source["totals"]["sessions"], 4);
    assert_eq!(by_source["totals"]["orders"], 2);
    assert_eq!(by_source["totals"]["revenue"], 125.0);

    let by_campaign = get(
        &app,
        &f,
        &format!("/api/stores/reports/utm?{RANGE}&groupBy=campaign"),
    )
    .await;
    assert_eq!(by_campaign["rows"][0]["key"], "Winter sale");
    assert_eq!(by_campaign["rows"][0]["sessions"], 2);
}

#[tokio::test]
async fn report_calls_refuse_bad_input_with_clear_messages_and_write_nothing() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    let call = |method: Method, path: &'static str, body: Option<Value>| {
        let app = &app;
        let f = &f;
        async move {
            app.request(method, path)
                .maybe_json(body.as_ref())
                .token(&f.token)
                .store(&f.store)
                .send()
                .await
        }
    };
    for path in [
        "/api/stores/reports/sales?groupBy=week",
        "/api/stores/reports/utm?groupBy=country",
        "/api/stores/reports/sales?fromTime=2026-13-01",
        "/api/stores/reports/profit?fromTime=2026-01-11&toTime=2026-01-10",
        "/api/stores/reports/sales?timezone=Mars/Base",
    ] {
        let reply = call(Method::GET, path, None).await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{path}: {}",
            reply.text
        );
        assert!(!reply.messages().is_empty());
    }
    for (cost, message) in [
        (json!(-1), "unit cost"),
        (json!(1.234), "unit cost"),
        (json!(1_000_000.01), "unit cost"),
    ] {
        let reply = call(
            Method::PUT,
            "/api/stores/reports/costs",
            Some(json!({"productId": "p1", "unitCost": cost})),
        )
        .await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{cost}");
        assert!(
            reply.messages()[0].contains(message),
            "{:?}",
            reply.messages()
        );
    }
    let unknown = call(
        Method::PUT,
        "/api/stores/reports/costs",
        Some(json!({"productId": "no-such", "unitCost": 1})),
    )
    .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let variant = call(
        Method::PUT,
        "/api/stores/reports/costs",
        Some(json!({"productId": "p1", "variantId": "v9", "unitCost": 1})),
    )
    .await;
    assert_eq!(variant.status, StatusCode::NOT_FOUND);
    assert_eq!(variant.messages(), vec!["No such variant of this product."]);
    let extra = call(
        Method::PUT,
        "/api/stores/reports/costs",
        Some(json!({"productId": "p1", "unitCost": 1, "margin": 3})),
    )
    .await;
    assert!(extra.status.is_client_error(), "{}", extra.status);
    // Nothing was written by the refusals.
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM product_costs")
        .fetch_one(&app.state.db)
        .await
        .expect("count");
    assert_eq!(count, 0);

    // A product of another store is not this store's to cost.
    let demo = app.store_id("demo").await;
    let (demo_product,): (String,) =
        sqlx::query_as("SELECT id FROM products WHERE store_id = $1 LIMIT 1")
            .bind(&demo)
            .fetch_one(&app.state.db)
            .await
            .expect("demo product");
    let foreign = app
        .put("/api/stores/reports/costs")
        .json(&json!({"productId": demo_product, "unitCost": 1}))
        .token(&f.token)
        .store(&f.store)
        .send()
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);

    // Pixels: every bad id named, the saved ones kept.
    let good = call(
        Method::PUT,
        "/api/stores/reports/pixel",
        Some(json!({"facebook": "123456789012345", "google": "G-AB12CD34"})),
    )
    .await;
    assert_eq!(good.status, StatusCode::OK, "{}", good.text);
    let bad = call(
        Method::PUT,
        "/api/stores/reports/pixel",
        Some(json!({"facebook": "12345", "tiktok": "abc", "google": "UA-1-1"})),
    )
    .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.messages().len(), 3);
    let kept = call(Method::GET, "/api/stores/reports/pixel", None).await;
    assert_eq!(kept.json["pixels"]["facebook"], "123456789012345");
    assert_eq!(kept.json["pixels"]["google"], "G-AB12CD34");
    assert!(kept.json["pixels"]["tiktok"].is_null());
}

#[tokio::test]
async fn a_pixel_is_shared_only_with_other_stores_of_the_same_owner() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    let sams = app.store_id("sams-goods").await;
    let demo = app.store_id("demo").await;
    let settings = app
        .get("/api/stores/reports/pixel")
        .token(&f.token)
        .store(&f.store)
        .send()
        .await;
    let candidates: Vec<&str> = settings.json["candidates"]
        .as_array()
        .expect("candidates")
        .iter()
        .map(|s| s["storeId"].as_str().expect("id"))
        .collect();
    assert_eq!(candidates, vec![sams.as_str()]);

    let share = |target: String| {
        let app = &app;
        let f = &f;
        async move {
            app.post("/api/stores/reports/pixel/shares")
                .json(&json!({"storeId": target}))
                .token(&f.token)
                .store(&f.store)
                .send()
                .await
        }
    };
    let shared = share(sams.clone()).await;
    assert_eq!(shared.status, StatusCode::CREATED, "{}", shared.text);
    assert_eq!(shared.json["sharedWith"][0]["storeId"], sams.as_str());
    assert_eq!(shared.json["candidates"], json!([]));
    // Someone else's store, the store itself, nothing: refused, nothing written.
    assert_eq!(share(demo.clone()).await.status, StatusCode::NOT_FOUND);
    assert_eq!(share(f.store.clone()).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(share(" ".to_owned()).await.status, StatusCode::BAD_REQUEST);
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM pixel_shares")
        .fetch_one(&app.state.db)
        .await
        .expect("count");
    assert_eq!(count, 1);

    let path = format!("/api/stores/reports/pixel/shares/{sams}");
    let removed = app
        .delete(&path)
        .token(&f.token)
        .store(&f.store)
        .send()
        .await;
    assert_eq!(removed.status, StatusCode::OK);
    assert_eq!(removed.json["sharedWith"], json!([]));
    let again = app
        .delete(&path)
        .token(&f.token)
        .store(&f.store)
        .send()
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn each_report_needs_its_own_scope() {
    let app = spawn_app().await;
    let demo = app.store_id("demo").await;
    let (owner, _, _) = app.session_of(OWNER_EMAIL).await;
    // orders@example.com holds orders and products in the Demo Store, no report scope.
    let (staff, _, _) = app.session_of(ORDERS_STAFF_EMAIL).await;
    let staff_id = app.user_id(ORDERS_STAFF_EMAIL).await;
    let calls = [
        ("/api/stores/reports/sales", "sale_reports"),
        ("/api/stores/reports/sales/export", "sale_reports"),
        ("/api/stores/reports/profit", "estimated_profit"),
        ("/api/stores/reports/costs", "estimated_profit"),
        ("/api/stores/reports/utm", "utm_analystics"),
        ("/api/stores/reports/pixel", "report"),
    ];
    for (path, scope) in calls {
        let ok = app.get(path).token(&owner).store(&demo).send().await;
        assert_eq!(ok.status, StatusCode::OK, "owner {path}: {}", ok.text);
        let refused = app.get(path).token(&staff).store(&demo).send().await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "staff {path}");
        // With the one scope the call needs, and only it, the staff member is let through.
        sqlx::query("UPDATE store_members SET scopes = $1 WHERE user_id = $2")
            .bind(scope)
            .bind(&staff_id)
            .execute(&app.state.db)
            .await
            .expect("scopes");
        let (token, _, _) = app.session_of(ORDERS_STAFF_EMAIL).await;
        let let_in = app.get(path).token(&token).store(&demo).send().await;
        assert_eq!(
            let_in.status,
            StatusCode::OK,
            "{scope} {path}: {}",
            let_in.text
        );
        sqlx::query("UPDATE store_members SET scopes = 'orders products' WHERE user_id = $1")
            .bind(&staff_id)
            .execute(&app.state.db)
            .await
            .expect("scopes");
    }
    // No other store's report through one's own: the seller's store is not the owner's.
    let sams = app.store_id("sams-goods").await;
    let other = app
        .get(&format!("/api/stores/reports/sales?stores={sams}"))
        .token(&owner)
        .store(&demo)
        .send()
        .await;
    assert_eq!(other.status, StatusCode::NOT_FOUND);
}
