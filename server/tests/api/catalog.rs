//! Products, collections, customers, orders and discounts: every call, paging, search, the
//! collection filter, date ranges in a zone and the financial-status filter; and the seeds.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{ORDERS_STAFF_EMAIL, OWNER_EMAIL, Reply, TestApp, spawn_app};

async fn call(
    app: &TestApp,
    email: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> Reply {
    let (token, _, _) = app.session_of(email).await;
    let store = app.store_id("demo").await;
    app.request(method, path)
        .maybe_json(body.as_ref())
        .token(&token)
        .store(&store)
        .send()
        .await
}

fn product(title: &str) -> Value {
    json!({"title": title, "descriptionHtml": "<p>Soft<script>x()</script></p>", "price": 19.99, "compareAtPrice": 29.99,
        "images": [{"src": "/uploads/x.png", "alt": "x"}], "options": [{"name": "Size", "values": ["S", "M"]}],
        "variants": [{"title": "S", "options": ["S"], "price": 19.99, "stock": 3}, {"title": "M", "options": ["M"], "price": 21.5, "stock": 0}],
        "tags": ["tops", " summer ", "tops"]})
}

#[tokio::test]
async fn products_are_paged_searched_filtered_by_collection_and_written() {
    let app = spawn_app().await;
    let staff = ORDERS_STAFF_EMAIL;
    let page = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/products?page=1&limit=3",
        None,
    )
    .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert_eq!(page.json["total"], 8);
    assert_eq!(page.json["products"].as_array().expect("products").len(), 3);
    let first = &page.json["products"][0];
    assert_eq!(first["_id"], first["id"]);
    let last = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/products?page=3&limit=3",
        None,
    )
    .await;
    assert_eq!(last.json["products"].as_array().expect("products").len(), 2);

    let search = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/products?search=HOOD",
        None,
    )
    .await;
    assert_eq!(search.json["total"], 1);
    assert_eq!(search.json["products"][0]["title"], "Classic Hoodie");
    let tops = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/products?chandle=tops",
        None,
    )
    .await;
    assert_eq!(tops.json["total"], 2, "{}", tops.text);
    let best = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/products?chandle=best-sellers",
        None,
    )
    .await;
    assert_eq!(best.json["total"], 2);
    let none = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/products?chandle=no-such",
        None,
    )
    .await;
    assert_eq!(none.json["total"], 0);
    let percent = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/products?search=%25",
        None,
    )
    .await;
    assert_eq!(percent.json["total"], 0, "a % is a letter, not a wildcard");

    let created = call(
        &app,
        staff,
        Method::POST,
        "/api/stores/products",
        Some(product("Linen Tee")),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.json["handle"], "linen-tee");
    assert_eq!(created.json["price"], 19.99);
    assert_eq!(created.json["tags"], json!(["tops", "summer"]));
    assert_eq!(created.json["status"], "active");
    assert_eq!(created.json["descriptionHtml"], "<p>Soft</p>");
    assert_eq!(created.json["variants"][1]["price"], 21.5);
    let id = created.json["id"].as_str().expect("id").to_owned();
    let path = format!("/api/stores/products/{id}");
    assert_eq!(
        call(&app, staff, Method::GET, &path, None).await.json,
        created.json
    );
    let tops = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/products?chandle=tops",
        None,
    )
    .await;
    assert_eq!(tops.json["total"], 3, "a tag collection takes new products");

    let mut bad = product("Odd");
    bad["price"] = json!(1.005);
    bad["variants"][0]["stock"] = json!(-1);
    bad["status"] = json!("gone");
    let refused = call(&app, staff, Method::POST, "/api/stores/products", Some(bad)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.messages().len(), 3, "{:?}", refused.messages());
    let taken = call(
        &app,
        staff,
        Method::POST,
        "/api/stores/products",
        Some(product("Linen Tee")),
    )
    .await;
    assert_eq!(taken.status, StatusCode::CONFLICT);

    let mut changed = product("Linen Tee II");
    changed["status"] = json!("draft");
    let replaced = call(&app, staff, Method::PUT, &path, Some(changed)).await;
    assert_eq!(replaced.status, StatusCode::OK, "{}", replaced.text);
    assert_eq!(replaced.json["handle"], "linen-tee-ii");
    let drafts = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/products?status=draft",
        None,
    )
    .await;
    assert_eq!(drafts.json["total"], 1);
    assert_eq!(
        call(&app, staff, Method::DELETE, &path, None).await.status,
        StatusCode::OK
    );
    assert_eq!(
        call(&app, staff, Method::GET, &path, None).await.status,
        StatusCode::NOT_FOUND
    );
}

/// A change that breaks one rule of a product.
type Spoil = fn(&mut Value);

fn dressed(title: &str) -> Value {
    json!({"title": title, "price": 20, "images": [
            {"src": "/uploads/front.png", "alt": " Front "},
            {"src": "https://cdn.example.com/back.png", "alt": ""}],
        "options": [{"name": " Size ", "values": ["S", " M "]}, {"name": "Colour", "values": ["Red", "Blue"]}],
        "variants": [
            {"title": "S / Red", "options": ["S", "Red"], "price": 20, "compareAtPrice": 25, "stock": 4, "sku": " TEE-S-RED "},
            {"title": "S / Blue", "options": ["S", "Blue"], "price": 20, "stock": 0, "sku": ""},
            {"title": "M / Red", "options": ["M", "Red"], "price": 22.5, "stock": 7, "sku": "TEE-M-RED"},
            {"title": "M / Blue", "options": ["M", "Blue"], "price": 22.5, "stock": 1, "sku": "TEE-M-BLUE"}]})
}

#[tokio::test]
async fn a_product_keeps_its_images_options_and_variants_in_order_and_its_variants_keep_their_ids()
{
    let app = spawn_app().await;
    let staff = ORDERS_STAFF_EMAIL;
    let created = call(
        &app,
        staff,
        Method::POST,
        "/api/stores/products",
        Some(dressed("Dressed Tee")),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let path = format!(
        "/api/stores/products/{}",
        created.json["id"].as_str().expect("id")
    );
    let read = call(&app, staff, Method::GET, &path, None).await;
    assert_eq!(
        read.json["images"],
        json!([{"src": "/uploads/front.png", "alt": "Front"}, {"src": "https://cdn.example.com/back.png", "alt": ""}])
    );
    assert_eq!(
        read.json["options"],
        json!([{"name": "Size", "values": ["S", "M"]}, {"name": "Colour", "values": ["Red", "Blue"]}])
    );
    let variants = read.json["variants"].as_array().expect("variants");
    assert_eq!(variants.len(), 4);
    assert_eq!(variants[0]["sku"], "TEE-S-RED");
    assert_eq!(variants[0]["compareAtPrice"], 25.0);
    assert_eq!(variants[2]["price"], 22.5);
    assert_eq!(variants[2]["stock"], 7);
    assert!(
        variants
            .iter()
            .all(|v| !v["id"].as_str().unwrap_or("").is_empty())
    );

    // Images reordered, a variant's stock changed: the ids sent back are kept.
    let mut changed = read.json.clone();
    let images = changed["images"].as_array().expect("images").clone();
    changed["images"] = json!([images[1], images[0]]);
    changed["variants"][1]["stock"] = json!(12);
    let replaced = call(&app, staff, Method::PUT, &path, Some(changed)).await;
    assert_eq!(replaced.status, StatusCode::OK, "{}", replaced.text);
    assert_eq!(
        replaced.json["images"][0]["src"],
        "https://cdn.example.com/back.png"
    );
    assert_eq!(replaced.json["variants"][1]["stock"], 12);
    assert_eq!(replaced.json["variants"][1]["id"], variants[1]["id"]);
}

#[tokio::test]
async fn a_product_whose_images_options_or_variants_break_the_rules_is_refused_and_nothing_is_written()
 {
    let app = spawn_app().await;
    let staff = ORDERS_STAFF_EMAIL;
    let count = || async {
        call(
            &app,
            staff,
            Method::GET,
            "/api/stores/products?limit=1",
            None,
        )
        .await
        .json["total"]
            .clone()
    };
    let before = count().await;
    let cases: [(&str, Spoil); 8] = [
        ("A product has at most 3 options.", |p| {
            p["options"] = json!([{"name": "A", "values": ["1"]}, {"name": "B", "values": ["1"]},
                {"name": "C", "values": ["1"]}, {"name": "D", "values": ["1"]}]);
            p["variants"] = json!([]);
        }),
        ("Two options cannot have the same name.", |p| {
            p["options"][1]["name"] = json!("size");
        }),
        ("An option's values are all different.", |p| {
            p["options"][1]["values"] = json!(["Red", "Red", "Blue"]);
        }),
        (
            "A variant has one value of each option, among that option's values.",
            |p| {
                p["variants"][3]["options"] = json!(["M", "Green"]);
            },
        ),
        ("Two variants cannot have the same option values.", |p| {
            p["variants"][3]["options"] = json!(["M", "Red"]);
        }),
        (
            "An image's address is a path on this site or an http(s) address of at most 2000 characters.",
            |p| {
                p["images"][1]["src"] = json!("javascript:alert(1)");
            },
        ),
        ("A SKU has at most 64 characters.", |p| {
            p["variants"][0]["sku"] = json!("X".repeat(65));
        }),
        ("Stock is a whole number from 0 to 1000000.", |p| {
            p["variants"][0]["stock"] = json!(1_000_001);
        }),
    ];
    for (message, spoil) in cases {
        let mut body = dressed("Broken Tee");
        spoil(&mut body);
        let refused = call(
            &app,
            staff,
            Method::POST,
            "/api/stores/products",
            Some(body),
        )
        .await;
        assert_eq!(
            refused.status,
            StatusCode::BAD_REQUEST,
            "{message}: {}",
            refused.text
        );
        assert!(
            refused.messages().iter().any(|m| m == message),
            "{message} in {:?}",
            refused.messages()
        );
    }
    // A replace refused the same way leaves the product as it was.
    let created = call(
        &app,
        staff,
        Method::POST,
        "/api/stores/products",
        Some(dressed("Kept Tee")),
    )
    .await;
    let path = format!(
        "/api/stores/products/{}",
        created.json["id"].as_str().expect("id")
    );
    let mut body = dressed("Kept Tee");
    body["images"][0]["alt"] = json!("x".repeat(513));
    let refused = call(&app, staff, Method::PUT, &path, Some(body)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        call(&app, staff, Method::GET, &path, None).await.json["images"][0]["alt"],
        "Front"
    );
    assert_eq!(
        count().await.as_i64(),
        before.as_i64().map(|n| n + 1),
        "only the good product was written"
    );
}

#[tokio::test]
async fn collections_are_manual_or_by_tag_and_take_only_the_stores_own_products() {
    let app = spawn_app().await;
    let list = call(
        &app,
        OWNER_EMAIL,
        Method::GET,
        "/api/stores/collections?page=1&limit=20",
        None,
    )
    .await;
    assert_eq!(list.status, StatusCode::OK);
    assert_eq!(list.json["total"], 3);
    let best = &list.json["collections"][0];
    assert_eq!(best["kind"], "manual");
    assert_eq!(best["productsCount"], 2);
    let search = call(
        &app,
        OWNER_EMAIL,
        Method::GET,
        "/api/stores/collections?search=top",
        None,
    )
    .await;
    assert_eq!(search.json["collections"][0]["handle"], "tops");

    let products = call(
        &app,
        OWNER_EMAIL,
        Method::GET,
        "/api/stores/products?limit=2",
        None,
    )
    .await;
    let ids: Vec<Value> = products.json["products"]
        .as_array()
        .expect("products")
        .iter()
        .map(|p| p["id"].clone())
        .collect();
    let created = call(&app, OWNER_EMAIL, Method::POST, "/api/stores/collections",
        Some(json!({"title": "Gifts", "image": "/uploads/g.png", "productIds": [ids[1], ids[0], ids[1]]}))).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.json["productIds"], json!([ids[1], ids[0]]));
    let id = created.json["id"].as_str().expect("id").to_owned();
    let path = format!("/api/stores/collections/{id}");

    let sellers = app.store_id("sams-goods").await;
    let (seller, _, _) = app.session_of(crate::helpers::SELLER_EMAIL).await;
    let foreign = app
        .get("/api/stores/products?limit=1")
        .token(&seller)
        .store(&sellers)
        .send()
        .await;
    let foreign_id = foreign.json["products"][0]["id"].clone();
    let refused = call(
        &app,
        OWNER_EMAIL,
        Method::PUT,
        &path,
        Some(json!({"title": "Gifts", "productIds": [foreign_id]})),
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);

    let by_tag = call(
        &app,
        OWNER_EMAIL,
        Method::PUT,
        &path,
        Some(json!({"title": "Gifts", "kind": "tag", "tag": "home"})),
    )
    .await;
    assert_eq!(by_tag.status, StatusCode::OK, "{}", by_tag.text);
    assert_eq!(by_tag.json["productsCount"], 2);
    let bad_kind = call(
        &app,
        OWNER_EMAIL,
        Method::POST,
        "/api/stores/collections",
        Some(json!({"title": "X", "kind": "smart"})),
    )
    .await;
    assert_eq!(bad_kind.status, StatusCode::BAD_REQUEST);
    let taken = call(
        &app,
        OWNER_EMAIL,
        Method::POST,
        "/api/stores/collections",
        Some(json!({"title": "Tops"})),
    )
    .await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    assert_eq!(
        call(&app, OWNER_EMAIL, Method::GET, &path, None).await.json["handle"],
        "gifts"
    );
    assert_eq!(
        call(&app, OWNER_EMAIL, Method::DELETE, &path, None)
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        call(&app, OWNER_EMAIL, Method::GET, &path, None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn orders_page_filter_by_local_days_and_financial_status_and_count() {
    let app = spawn_app().await;
    let staff = ORDERS_STAFF_EMAIL;
    let all = call(&app, staff, Method::GET, "/api/stores/orders", None).await;
    assert_eq!(all.status, StatusCode::OK, "{}", all.text);
    assert_eq!(all.json["total"], 16);
    assert_eq!(all.json["limit"], 10);
    let orders = all.json["orders"].as_array().expect("orders");
    assert_eq!(orders.len(), 10);
    let order = &orders[0];
    for field in [
        "orderName",
        "customerInfo",
        "createdDate",
        "grandTotal",
        "financialStatus",
        "fulfillmentStatus",
        "paymentSource",
        "lineItems",
    ] {
        assert!(order.get(field).is_some(), "{field} missing: {order}");
    }
    assert!(order["customerInfo"][0]["full_name"].is_string());
    assert!(order["orderName"].as_str().expect("name").starts_with('#'));
    let dates: Vec<i64> = orders
        .iter()
        .map(|o| o["createdDate"].as_i64().expect("date"))
        .collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "newest first");

    let paid = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/orders?financialStatus=paid&limit=100",
        None,
    )
    .await;
    let paid_total = paid.json["total"].as_i64().expect("total");
    assert!(
        paid.json["orders"]
            .as_array()
            .expect("orders")
            .iter()
            .all(|o| o["financialStatus"] == "paid" && o["capturedDate"].is_i64())
    );
    let count = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/orders/count?financialStatus=paid",
        None,
    )
    .await;
    assert_eq!(count.json["count"], paid_total);

    // The last 90 days hold every seeded order; a window far in the past holds none.
    let today = chrono_today();
    let window = format!(
        "/api/stores/orders/count?startDate={}&endDate={}&timezone=Asia/Ho_Chi_Minh",
        days_before(&today, 91),
        days_before(&today, -1)
    );
    assert_eq!(
        call(&app, staff, Method::GET, &window, None).await.json["count"],
        16
    );
    let old =
        "/api/stores/orders?startDate=2001-01-01&endDate=2001-01-31&timezone=America/New_York";
    assert_eq!(
        call(&app, staff, Method::GET, old, None).await.json["total"],
        0
    );

    for bad in [
        "/api/stores/orders?financialStatus=lost",
        "/api/stores/orders?startDate=2024-13-01&endDate=2024-12-01",
        "/api/stores/orders?startDate=2024-01-01&timezone=Mars/Base",
    ] {
        assert_eq!(
            call(&app, staff, Method::GET, bad, None).await.status,
            StatusCode::BAD_REQUEST,
            "{bad}"
        );
    }
    let id = order["id"].as_str().expect("id");
    let one = call(
        &app,
        staff,
        Method::GET,
        &format!("/api/stores/orders/{id}"),
        None,
    )
    .await;
    assert_eq!(one.json, *order);
    assert_eq!(
        call(&app, staff, Method::GET, "/api/stores/orders/none", None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

/// Today in UTC as `YYYY-MM-DD` (the range check spans 91 days, so the zone does not matter).
fn chrono_today() -> String {
    let days = server::db::now_ms() / 86_400_000;
    civil(days)
}

fn days_before(_today: &str, n: i64) -> String {
    civil(server::db::now_ms() / 86_400_000 - n)
}

/// A day number since 1970-01-01 as a civil date (Howard Hinnant's algorithm).
fn civil(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[tokio::test]
async fn customers_are_listed_searched_and_read_with_what_they_spent() {
    let app = spawn_app().await;
    let list = call(
        &app,
        OWNER_EMAIL,
        Method::GET,
        "/api/stores/customers?page=1&limit=4",
        None,
    )
    .await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text);
    assert_eq!(list.json["total"], 6);
    assert_eq!(
        list.json["customers"].as_array().expect("customers").len(),
        4
    );
    let search = call(
        &app,
        OWNER_EMAIL,
        Method::GET,
        "/api/stores/customers?search=chloe",
        None,
    )
    .await;
    assert_eq!(search.json["total"], 1);
    let chloe = &search.json["customers"][0];
    assert!(
        chloe["fullName"]
            .as_str()
            .expect("name")
            .starts_with("Chloe")
    );
    let id = chloe["id"].as_str().expect("id");
    let one = call(
        &app,
        OWNER_EMAIL,
        Method::GET,
        &format!("/api/stores/customers/{id}"),
        None,
    )
    .await;
    assert_eq!(one.json, *chloe);
    assert_eq!(
        call(
            &app,
            ORDERS_STAFF_EMAIL,
            Method::GET,
            "/api/stores/customers",
            None
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        call(
            &app,
            OWNER_EMAIL,
            Method::GET,
            "/api/stores/customers/none",
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn discounts_take_a_code_or_automatic_with_a_percent_or_an_amount() {
    let app = spawn_app().await;
    let list = call(
        &app,
        OWNER_EMAIL,
        Method::GET,
        "/api/stores/discounts",
        None,
    )
    .await;
    assert_eq!(list.status, StatusCode::OK);
    assert_eq!(list.json["total"], 3);
    let created = call(
        &app,
        OWNER_EMAIL,
        Method::POST,
        "/api/stores/discounts",
        Some(json!({"code": "spring-25", "valueType": "percent", "value": 12.5})),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.json["code"], "SPRING-25");
    assert_eq!(created.json["value"], 12.5);
    assert_eq!(created.json["method"], "code");
    assert_eq!(created.json["isActive"], true);
    let id = created.json["id"].as_str().expect("id").to_owned();
    let path = format!("/api/stores/discounts/{id}");
    let taken = call(
        &app,
        OWNER_EMAIL,
        Method::POST,
        "/api/stores/discounts",
        Some(json!({"code": "welcome10", "valueType": "amount", "value": 3})),
    )
    .await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    for bad in [
        json!({"code": "X", "valueType": "percent", "value": 120}),
        json!({"code": "has space", "valueType": "amount", "value": 3}),
        json!({"code": "X", "valueType": "free", "value": 3}),
        json!({"code": "X", "valueType": "amount", "value": 3, "startsAt": 10, "endsAt": 5}),
        json!({"method": "sometimes", "code": "X", "valueType": "amount", "value": 3}),
    ] {
        assert_eq!(
            call(
                &app,
                OWNER_EMAIL,
                Method::POST,
                "/api/stores/discounts",
                Some(bad)
            )
            .await
            .status,
            StatusCode::BAD_REQUEST
        );
    }
    let auto = call(&app, OWNER_EMAIL, Method::PUT, &path, Some(json!({"method": "automatic", "code": "Spring sale", "valueType": "amount", "value": 5, "isActive": false}))).await;
    assert_eq!(auto.status, StatusCode::OK, "{}", auto.text);
    assert_eq!(auto.json["code"], "Spring sale");
    assert_eq!(auto.json["isActive"], false);
    assert_eq!(
        call(&app, OWNER_EMAIL, Method::GET, &path, None).await.json,
        auto.json
    );
    let search = call(
        &app,
        OWNER_EMAIL,
        Method::GET,
        "/api/stores/discounts?search=spring",
        None,
    )
    .await;
    assert_eq!(search.json["total"], 1);
    assert_eq!(
        call(&app, OWNER_EMAIL, Method::DELETE, &path, None)
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        call(&app, OWNER_EMAIL, Method::GET, &path, None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_full_demo_catalog_has_what_the_dashboards_need() {
    let app = spawn_app().await;
    let owner = app.user_id(OWNER_EMAIL).await;
    let store = server::db::accounts::create_store_now(
        &app.state.db,
        &owner,
        "Big Demo",
        None,
        app.state.config.store_placement(),
    )
    .await
    .expect("store");
    server::db::catalog_seed::seed_store(
        &app.state.db,
        &app.state.config.upload_dir,
        &store,
        server::db::catalog_seed::FULL,
    )
    .await
    .expect("seed");
    let count = |sql: &'static str| {
        let (db, store) = (app.state.db.clone(), store.clone());
        async move {
            let (n,): (i64,) = sqlx::query_as(sql)
                .bind(&store)
                .fetch_one(&db)
                .await
                .expect("count");
            n
        }
    };
    assert!(count("SELECT COUNT(*) FROM products WHERE store_id = $1").await >= 60);
    assert_eq!(
        count("SELECT COUNT(*) FROM collections WHERE store_id = $1").await,
        8
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM pages WHERE store_id = $1").await,
        3
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM menus WHERE store_id = $1").await,
        2
    );
    assert!(count("SELECT COUNT(*) FROM orders WHERE store_id = $1").await >= 300);
    assert_eq!(
        count("SELECT COUNT(DISTINCT financial_status) FROM orders WHERE store_id = $1").await,
        4
    );
    assert_eq!(
        count("SELECT COUNT(DISTINCT fulfillment_status) FROM orders WHERE store_id = $1").await,
        4
    );
    let ninety_days_ago = server::db::now_ms() - 90 * 86_400_000 - 86_400_000;
    let (older,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM orders WHERE store_id = $1 AND created_at < $2")
            .bind(&store)
            .bind(ninety_days_ago)
            .fetch_one(&app.state.db)
            .await
            .expect("count");
    assert_eq!(older, 0);
    // Every product image is a file on disk.
    let (images,): (String,) =
        sqlx::query_as("SELECT images FROM products WHERE store_id = $1 LIMIT 1")
            .bind(&store)
            .fetch_one(&app.state.db)
            .await
            .expect("images");
    let images: Value = serde_json::from_str(&images).expect("json");
    let src = images[0]["src"].as_str().expect("src");
    let file = app
        .state
        .config
        .upload_dir
        .join(src.trim_start_matches("/uploads/"));
    // A JPEG photo, recorded as the store's upload so that the job keeps it at widths.
    assert!(
        std::fs::read(file)
            .expect("image file")
            .starts_with(&[0xFF, 0xD8, 0xFF])
    );
    let (content_type,): (String,) =
        sqlx::query_as("SELECT content_type FROM uploads WHERE store_id = $1 AND path = $2")
            .bind(&store)
            .bind(src.trim_start_matches("/uploads/"))
            .fetch_one(&app.state.db)
            .await
            .expect("the upload's row");
    assert_eq!(content_type, "image/jpeg");
    let served = app.get(src).send().await;
    assert_eq!(served.status, StatusCode::OK);
}

#[tokio::test]
async fn orders_are_searched_filtered_by_fulfilment_and_fulfilled_once() {
    let app = spawn_app().await;
    let staff = ORDERS_STAFF_EMAIL;
    // The demo's order statuses are drawn at random: a shopper's order makes sure one is paid
    // and not fulfilled yet.
    let (product, variant, _, _) = crate::storefront::demo_product(&app, "classic-shirt").await;
    let placed = app
        .post("/s/demo/checkout")
        .json(&json!({"idempotencyKey": "key-open0001", "email": "open@example.com", "shippingAddress": crate::helpers::address("Open Order"),
            "items": [{"productId": product, "variantId": variant, "quantity": 1}]}))
        .send()
        .await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.text);
    let all = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/orders?limit=100",
        None,
    )
    .await;
    let orders = all.json["orders"].as_array().expect("orders").clone();
    let first = &orders[0];
    let name = first["orderName"].as_str().expect("name");
    let found = call(
        &app,
        staff,
        Method::GET,
        &format!("/api/stores/orders?search={}", name.replace('#', "%23")),
        None,
    )
    .await;
    assert_eq!(found.json["total"], 1, "{}", found.text);
    assert_eq!(found.json["orders"][0]["id"], first["id"]);
    let buyer = first["customerInfo"][0]["email"].as_str().expect("email");
    let by_buyer = call(
        &app,
        staff,
        Method::GET,
        &format!("/api/stores/orders?search={}", buyer.to_uppercase()),
        None,
    )
    .await;
    assert!(
        by_buyer.json["orders"]
            .as_array()
            .expect("orders")
            .iter()
            .all(|o| o["customerInfo"][0]["email"] == buyer)
    );
    assert!(by_buyer.json["total"].as_i64().expect("total") >= 1);
    let nobody = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/orders?search=100%25_nobody",
        None,
    )
    .await;
    assert_eq!(nobody.json["total"], 0);

    let open = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/orders?fulfillmentStatus=unfulfilled&financialStatus=paid&limit=100",
        None,
    )
    .await;
    let open_list = open.json["orders"].as_array().expect("orders").clone();
    assert!(
        open_list
            .iter()
            .all(|o| o["fulfillmentStatus"] == "unfulfilled" && o["financialStatus"] == "paid")
    );
    let id = open_list[0]["id"]
        .as_str()
        .expect("an open paid order")
        .to_owned();
    let path = format!("/api/stores/orders/{id}/fulfillments");
    let order = call(
        &app,
        staff,
        Method::GET,
        &format!("/api/stores/orders/{id}"),
        None,
    )
    .await;
    let lines: Vec<Value> = order.json["lineItems"]
        .as_array()
        .expect("lines")
        .iter()
        .enumerate()
        .map(|(i, l)| json!({"line": i, "quantity": l["quantity"]}))
        .collect();
    let all = json!({"lines": lines, "carrier": "UPS", "trackingNumber": "1Z 999 AA1"});
    let done = call(&app, staff, Method::POST, &path, Some(all.clone())).await;
    assert_eq!(done.status, StatusCode::CREATED, "{}", done.text);
    assert_eq!(done.json["fulfillmentStatus"], "fulfilled");
    assert_eq!(done.json["fulfillments"][0]["trackingNumber"], "1Z 999 AA1");
    let again = call(&app, staff, Method::POST, &path, Some(all.clone())).await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert!(
        again.messages()[0].contains("left to ship"),
        "{}",
        again.text
    );
    let after = call(
        &app,
        staff,
        Method::GET,
        "/api/stores/orders/count?fulfillmentStatus=unfulfilled&financialStatus=paid",
        None,
    )
    .await;
    assert_eq!(after.json["count"], open_list.len() as i64 - 1);
    assert_eq!(
        call(
            &app,
            staff,
            Method::GET,
            "/api/stores/orders?fulfillmentStatus=lost",
            None
        )
        .await
        .status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        call(
            &app,
            staff,
            Method::POST,
            "/api/stores/orders/nope/fulfillments",
            Some(all.clone())
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    // A refunded order is not fulfilled.
    if let Some(refunded) = orders
        .iter()
        .find(|o| o["financialStatus"] == "refunded" && o["fulfillmentStatus"] != "fulfilled")
    {
        let reply = call(
            &app,
            staff,
            Method::POST,
            &format!(
                "/api/stores/orders/{}/fulfillments",
                refunded["id"].as_str().expect("id")
            ),
            Some(json!({"lines": [{"line": 0, "quantity": 1}]})),
        )
        .await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    }
}

#[tokio::test]
async fn discounts_are_listed_by_method() {
    let app = spawn_app().await;
    let all = call(
        &app,
        OWNER_EMAIL,
        Method::GET,
        "/api/stores/discounts",
        None,
    )
    .await;
    let mut counted = 0;
    for method in ["code", "automatic"] {
        let some = call(
            &app,
            OWNER_EMAIL,
            Method::GET,
            &format!("/api/stores/discounts?method={method}"),
            None,
        )
        .await;
        assert_eq!(some.status, StatusCode::OK, "{}", some.text);
        let rows = some.json["discounts"].as_array().expect("discounts");
        assert!(rows.iter().all(|d| d["method"] == method));
        assert_eq!(some.json["total"].as_i64(), Some(rows.len() as i64));
        counted += rows.len();
    }
    assert_eq!(Some(counted as i64), all.json["total"].as_i64());
    let bad = call(
        &app,
        OWNER_EMAIL,
        Method::GET,
        "/api/stores/discounts?method=gift",
        None,
    )
    .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_store_with_ten_thousand_orders_lists_any_page_and_its_count() {
    let app = spawn_app().await;
    let (token, store) = crate::helpers::fresh_store(&app).await;
    let now = server::db::now_ms();
    // 10,000 orders, one a minute back from now, written 500 to a statement.
    let mut tx = app.state.db.begin().await.expect("transaction");
    for chunk in 0..20_i64 {
        let mut sql = String::from(
            "INSERT INTO orders (id, store_id, order_number, order_name, customer_name, customer_email, currency, \
             subtotal_minor, shipping_minor, discount_minor, grand_total_minor, financial_status, fulfillment_status, \
             line_items, created_at, captured_at) VALUES ",
        );
        let rows: Vec<String> = (0..500_i64)
            .map(|i| {
                let n = chunk * 500 + i;
                format!(
                    "('{}', '{store}', {}, '#{}', 'Buyer {n}', 'b{n}@example.com', 'USD', 1000, 0, 0, 1000, 'paid', 'unfulfilled', '[]', {}, {})",
                    server::db::new_id(),
                    1001 + n,
                    1001 + n,
                    now - n * 60_000,
                    now - n * 60_000
                )
            })
            .collect();
        sql.push_str(&rows.join(", "));
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .execute(&mut *tx)
            .await
            .expect("orders");
    }
    tx.commit().await.expect("commit");
    let count = app
        .get("/api/stores/orders/count")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(count.json["count"], 10_000, "{}", count.text);
    let first = app
        .get("/api/stores/orders?limit=10")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    assert_eq!(first.json["total"], 10_000);
    assert_eq!(first.json["orders"][0]["orderName"], "#1001");
    let last = app
        .get("/api/stores/orders?limit=10&page=1000")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(last.json["orders"].as_array().map(Vec::len), Some(10));
    assert_eq!(last.json["orders"][9]["orderName"], "#11000");
    let found = app
        .get("/api/stores/orders?search=%2310500")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(found.json["total"], 1, "{}", found.text);
}

#[tokio::test]
async fn every_list_pages_by_one_rule_a_limit_of_1_to_250_from_page_1() {
    let app = spawn_app().await;
    // One list of each family that paged its own way before: they all take 250 and refuse
    // 251, a limit of 0 and page 0 with the same sentence.
    let lists = [
        "/api/stores/customers",
        "/api/stores/orders",
        "/api/stores/discounts",
        "/api/stores/products",
        "/api/stores/collections",
        "/api/stores/onlinestore/pages/",
        "/api/stores/abandoned-checkouts",
        "/api/stores/size-charts",
        "/api/stores/payout/request-payouts",
        "/api/stores/payout/v2/notification",
        "/api/personalizes/",
    ];
    for list in lists {
        let most = call(
            &app,
            OWNER_EMAIL,
            Method::GET,
            &format!("{list}?limit=250"),
            None,
        )
        .await;
        assert_eq!(most.status, StatusCode::OK, "{list}: {}", most.text);
        for asked in ["limit=251", "limit=0", "page=0"] {
            let refused = call(
                &app,
                OWNER_EMAIL,
                Method::GET,
                &format!("{list}?{asked}"),
                None,
            )
            .await;
            assert_eq!(
                refused.status,
                StatusCode::BAD_REQUEST,
                "{list}?{asked}: {}",
                refused.text
            );
            assert_eq!(
                refused.json["messages"][0], "page starts at 1 and limit is 1 to 250.",
                "{list}?{asked}"
            );
        }
    }
}
