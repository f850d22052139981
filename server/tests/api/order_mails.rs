//! Order e-mails (issue 49): a placed order mails its shopper a confirmation and alerts the
//! owner and the staff who hold `orders` and asked; a refund and a cancellation tell the
//! shopper unless the store turned them off; the store's language writes them; each has a text
//! and an HTML part in the outbox; the preview is made from the store's own order or a sample.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    DESIGNER_EMAIL, ORDERS_STAFF_EMAIL, OWNER_EMAIL, TestApp, address, fresh_store, spawn_app,
    stored_product,
};

/// The e-mails to `to`, oldest first: (subject, text, HTML).
async fn mails_to(app: &TestApp, to: &str) -> Vec<(String, String, Option<String>)> {
    sqlx::query_as(
        "SELECT subject, body, html FROM outbox WHERE to_address = $1 ORDER BY created_at, id",
    )
    .bind(to)
    .fetch_all(&app.state.db)
    .await
    .expect("outbox")
}

/// Places a test order of one classic shirt at the Demo Store for `email`; its id and name.
async fn buy(app: &TestApp, key: &str, email: &str) -> (String, String) {
    let shirt = stored_product(app, "demo", "classic-shirt").await;
    let placed = app
        .post("/s/demo/checkout")
        .json(&json!({"idempotencyKey": key, "email": email, "shippingAddress": address("Ann Lee"),
            "items": [{"productId": shirt["id"], "variantId": shirt["variants"][0]["id"], "quantity": 2}]}))
        .send()
        .await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.text);
    (
        placed.json["orderId"].as_str().expect("id").to_owned(),
        placed.json["orderName"].as_str().expect("name").to_owned(),
    )
}

/// The preview call `path` (the kind and its query) of `store`, as `token`.
async fn preview(app: &TestApp, token: &str, store: &str, path: &str) -> crate::helpers::Reply {
    app.get(&format!("/api/stores/settings/emails/preview/{path}"))
        .token(token)
        .store(store)
        .send()
        .await
}

/// The member's new-order alert in `store`, as `token` reads it.
async fn alerts(app: &TestApp, token: &str, store: &str) -> crate::helpers::Reply {
    app.get("/api/stores/order-alerts")
        .token(token)
        .store(store)
        .send()
        .await
}

async fn put_emails(app: &TestApp, token: &str, store: &str, settings: Value) {
    let saved = app
        .put("/api/stores/settings/emails")
        .json(&settings)
        .token(token)
        .store(store)
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
}

#[tokio::test]
async fn an_order_mails_its_shopper_and_those_who_asked_and_refunds_and_cancellations_follow() {
    let app = spawn_app().await;
    let (owner, _, _) = app.session_of(OWNER_EMAIL).await;
    let (staff, _, _) = app.session_of(ORDERS_STAFF_EMAIL).await;
    let (designer, _, _) = app.session_of(DESIGNER_EMAIL).await;
    let store = app.store_id("demo").await;
    let test_mode = app
        .put("/api/stores/settings/test-mode")
        .json(&json!({"testMode": true}))
        .token(&owner)
        .store(&store)
        .send()
        .await;
    assert_eq!(test_mode.status, StatusCode::OK, "{}", test_mode.text);

    // Every e-mail is on by default, in English for a store in dollars.
    let settings = app
        .get("/api/stores/settings/emails")
        .token(&owner)
        .store(&store)
        .send()
        .await;
    assert_eq!(
        settings.json,
        json!({"language": "en", "refundNotice": true, "cancellationNotice": true, "newOrderAlert": true})
    );
    // The owner always gets the alert; staff who hold orders ask for it; others cannot.
    let of_owner = alerts(&app, &owner, &store).await;
    assert_eq!(
        of_owner.json,
        json!({"on": true, "owner": true, "storeSends": true})
    );
    let of_staff = alerts(&app, &staff, &store).await;
    assert_eq!(
        of_staff.json,
        json!({"on": false, "owner": false, "storeSends": true})
    );
    assert_eq!(
        alerts(&app, &designer, &store).await.status,
        StatusCode::FORBIDDEN
    );

    let (first, first_name) = buy(&app, "mail-order-1", "ivy@example.com").await;
    let confirmations = mails_to(&app, "ivy@example.com").await;
    assert_eq!(confirmations.len(), 1, "{confirmations:?}");
    let (subject, text, html) = &confirmations[0];
    assert_eq!(
        subject,
        &format!("Order {first_name} confirmed – Demo Store")
    );
    for expected in [
        "Hello Ann Lee, we have received your order",
        "This is a test order: no payment was taken.",
        "- 2 × Classic Shirt",
        "Shipping address:\n  Ann Lee\n  1 Main St\n  Apt 4\n  Springfield IL 62701\n  United States\n",
        &format!("View your order: http://127.0.0.1:8080/s/demo/thank-you/{first}\n"),
    ] {
        assert!(text.contains(expected), "{expected:?} in:\n{text}");
    }
    let html = html.as_deref().expect("an HTML part");
    assert!(
        html.starts_with("<!doctype html><html lang=\"en\">"),
        "{html}"
    );
    assert!(html.contains(&format!(
        "href=\"http://127.0.0.1:8080/s/demo/thank-you/{first}\""
    )));
    let owner_alerts = mails_to(&app, OWNER_EMAIL).await;
    let alert = owner_alerts
        .iter()
        .find(|(subject, _, _)| {
            subject.starts_with(&format!("[Demo Store] New order {first_name}: $"))
        })
        .unwrap_or_else(|| panic!("an alert in {owner_alerts:?}"));
    assert!(
        alert.1.contains(&format!(
            "Open the order: http://127.0.0.1:8080/admin/orders/detail/{first}"
        )),
        "{}",
        alert.1
    );
    assert!(mails_to(&app, ORDERS_STAFF_EMAIL).await.is_empty());

    // The staff member asks; the next order alerts them too.
    let asked = app
        .put("/api/stores/order-alerts")
        .json(&json!({"on": true}))
        .token(&staff)
        .store(&store)
        .send()
        .await;
    assert_eq!(asked.json["on"], true, "{}", asked.text);
    let (second, second_name) = buy(&app, "mail-order-2", "jo@example.com").await;
    let staff_alerts = mails_to(&app, ORDERS_STAFF_EMAIL).await;
    assert_eq!(staff_alerts.len(), 1, "{staff_alerts:?}");
    assert!(staff_alerts[0].0.contains(&second_name));

    // A refund of one shirt tells the shopper what went back.
    let refunded = app
        .post(&format!("/api/stores/orders/{second}/refunds"))
        .json(&json!({"lines": [{"line": 0, "quantity": 1}], "shipping": 0, "restock": false, "reason": "Too small"}))
        .token(&staff)
        .store(&store)
        .send()
        .await;
    assert_eq!(refunded.status, StatusCode::CREATED, "{}", refunded.text);
    let amount = refunded.json["refunds"][0]["amount"]
        .as_f64()
        .expect("amount");
    let to_jo = mails_to(&app, "jo@example.com").await;
    assert_eq!(to_jo.len(), 2, "{to_jo:?}");
    assert_eq!(
        to_jo[1].0,
        format!("Refund for order {second_name} – Demo Store")
    );
    assert!(
        to_jo[1].1.contains(&format!("Refunded: ${amount:.2}\n"))
            && to_jo[1].1.contains("- 1 × Classic Shirt"),
        "{}",
        to_jo[1].1
    );
    assert!(
        !to_jo[1].1.contains("Too small"),
        "the reason is the store's own"
    );

    // Refund notices off: the next refund is silent; a cancellation still tells.
    put_emails(
        &app,
        &owner,
        &store,
        json!({"language": "en", "refundNotice": false, "cancellationNotice": true, "newOrderAlert": true}),
    )
    .await;
    let silent = app
        .post(&format!("/api/stores/orders/{first}/refunds"))
        .json(&json!({"lines": [{"line": 0, "quantity": 1}], "shipping": 0, "restock": false, "reason": ""}))
        .token(&owner)
        .store(&store)
        .send()
        .await;
    assert_eq!(silent.status, StatusCode::CREATED, "{}", silent.text);
    assert_eq!(mails_to(&app, "ivy@example.com").await.len(), 1);
    let cancelled = app
        .post(&format!("/api/stores/orders/{first}/cancel"))
        .json(&json!({"restock": true, "reason": ""}))
        .token(&owner)
        .store(&store)
        .send()
        .await;
    assert_eq!(cancelled.status, StatusCode::OK, "{}", cancelled.text);
    let to_ivy = mails_to(&app, "ivy@example.com").await;
    assert_eq!(to_ivy.len(), 2, "{to_ivy:?}");
    assert_eq!(
        to_ivy[1].0,
        format!("Order {first_name} cancelled – Demo Store")
    );
    assert!(
        to_ivy[1].1.contains("was refunded to you"),
        "{}",
        to_ivy[1].1
    );

    // In Vietnamese, and without alerts: the shopper reads Vietnamese, nobody is alerted.
    put_emails(
        &app,
        &owner,
        &store,
        json!({"language": "vi", "refundNotice": true, "cancellationNotice": true, "newOrderAlert": false}),
    )
    .await;
    let alerts_before = mails_to(&app, OWNER_EMAIL).await.len();
    let (_, third_name) = buy(&app, "mail-order-3", "lan@example.com").await;
    let to_lan = mails_to(&app, "lan@example.com").await;
    assert_eq!(
        to_lan[0].0,
        format!("Xác nhận đơn hàng {third_name} – Demo Store")
    );
    assert!(to_lan[0].1.contains("Xin chào Ann Lee"), "{}", to_lan[0].1);
    assert!(
        to_lan[0]
            .2
            .as_deref()
            .is_some_and(|h| h.contains("<html lang=\"vi\">"))
    );
    assert_eq!(mails_to(&app, OWNER_EMAIL).await.len(), alerts_before);
    assert_eq!(mails_to(&app, ORDERS_STAFF_EMAIL).await.len(), 1);
    let of_staff = alerts(&app, &staff, &store).await;
    assert_eq!(of_staff.json["storeSends"], false, "{}", of_staff.text);
}

#[tokio::test]
async fn a_preview_is_made_from_the_stores_own_order_or_a_sample_in_the_language_asked() {
    let app = spawn_app().await;
    let (owner, _, _) = app.session_of(OWNER_EMAIL).await;
    let (staff, _, _) = app.session_of(ORDERS_STAFF_EMAIL).await;
    let (designer, _, _) = app.session_of(DESIGNER_EMAIL).await;
    let demo = app.store_id("demo").await;
    buy(&app, "preview-order", "ivy@example.com").await;

    // The Demo Store's newest order, the one just placed.
    let own = preview(&app, &owner, &demo, "confirmation").await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.text);
    let name = own.json["orderName"]
        .as_str()
        .expect("an order of the store");
    assert!(
        own.json["text"]
            .as_str()
            .is_some_and(|t| t.contains("Classic Shirt"))
    );
    assert!(
        own.json["subject"]
            .as_str()
            .is_some_and(|s| s.contains(name))
    );
    // It has no refund yet: the refund notice shows the sample's.
    let refund = preview(&app, &owner, &demo, "refund?language=vi").await;
    assert!(refund.json.get("orderName").is_none(), "{}", refund.text);
    assert!(
        refund.json["subject"]
            .as_str()
            .is_some_and(|s| s.starts_with("Hoàn tiền cho đơn hàng #1001")),
        "{}",
        refund.text
    );

    // A store without orders previews the sample, never another store's order.
    let (seller, fresh) = fresh_store(&app).await;
    let sample = preview(&app, &seller, &fresh, "newOrder").await;
    assert_eq!(sample.status, StatusCode::OK, "{}", sample.text);
    assert!(sample.json.get("orderName").is_none(), "{}", sample.text);
    let text = sample.json["text"].as_str().expect("text");
    assert!(
        text.contains("Linen shirt") && !text.contains("Classic Shirt"),
        "{text}"
    );
    assert!(
        sample.json["subject"]
            .as_str()
            .is_some_and(|s| s.starts_with("[Fresh Shop] New order #1001"))
    );

    // Preferences may preview; orders staff may not; an e-mail we do not send is not there (its
    // name not echoed); a language we do not have is 400.
    assert_eq!(
        preview(&app, &designer, &demo, "refund").await.status,
        StatusCode::OK
    );
    assert_eq!(
        preview(&app, &staff, &demo, "refund").await.status,
        StatusCode::FORBIDDEN
    );
    let unknown = preview(&app, &owner, &demo, "invoice").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert!(!unknown.text.contains("invoice"), "{}", unknown.text);
    assert_eq!(
        preview(&app, &owner, &demo, "refund?language=fr")
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
}
