//! What a new merchant meets in the first hour (issue 28): the store's public address that the
//! admin links to, and the onboarding popup's dismissal kept per user in the database.

use axum::http::StatusCode;

use crate::helpers::{
    DEMO_PASSWORD, DESIGNER_EMAIL, TestApp, fresh_store, spawn_app, spawn_app_configured,
};

async fn current_store(app: &TestApp, token: &str, store: &str) -> serde_json::Value {
    let reply = app
        .get("/api/stores/current")
        .token(token)
        .store(store)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    reply.json
}

#[tokio::test]
async fn the_public_address_is_the_storefront_path_without_storefront_hosts() {
    let app = spawn_app().await;
    let token = app.owner_token().await;
    let store = app.store_id("demo").await;
    let status = current_store(&app, &token, &store).await;
    assert_eq!(status["publicUrl"], "/s/demo/");
    // The address it gives is the store's home page.
    let home = app.get("/s/demo/").send().await;
    assert_eq!(home.status, StatusCode::OK);
}

#[tokio::test]
async fn with_storefront_hosts_the_public_address_is_the_stores_host_then_its_verified_domain() {
    let app = spawn_app_configured(|config| {
        config.storefront_hosts = true;
        config.public_url = "http://127.0.0.1:8080".to_owned();
        config.store_domain_suffix = "localhost".to_owned();
    })
    .await;
    // A new store: no domain of its own yet.
    let (token, store) = fresh_store(&app).await;
    let status = current_store(&app, &token, &store).await;
    let system = format!(
        "http://{}.localhost:8080/",
        status["subdomain"].as_str().expect("subdomain")
    );
    assert_eq!(status["publicUrl"], system.as_str());
    // A claimed but unverified domain is not where shoppers are; a verified one is.
    sqlx::query("INSERT INTO domains (id, store_id, host, domain_type, is_primary, created_at, verified_at) VALUES ('d-unverified', $1, 'claimed.example.com', 'Custom', 1, 0, NULL)")
        .bind(&store)
        .execute(&app.state.db)
        .await
        .expect("claimed domain");
    let status = current_store(&app, &token, &store).await;
    assert_eq!(status["publicUrl"], system.as_str());
    sqlx::query("INSERT INTO domains (id, store_id, host, domain_type, is_primary, created_at, verified_at) VALUES ('d-verified', $1, 'shop.example.com', 'Custom', 0, 0, 5)")
        .bind(&store)
        .execute(&app.state.db)
        .await
        .expect("verified domain");
    let status = current_store(&app, &token, &store).await;
    assert_eq!(status["publicUrl"], "http://shop.example.com:8080/");
}

#[tokio::test]
async fn closing_the_onboarding_popup_hides_the_step_for_that_user_on_every_device_only() {
    let app = spawn_app().await;
    let store = app.store_id("demo").await;
    // Two sessions of the owner (two devices) and one of a staff member of the same store.
    let phone = app.owner_token().await;
    let laptop = app.owner_token().await;
    let designer = app.login(DESIGNER_EMAIL, DEMO_PASSWORD).await["accessToken"]
        .as_str()
        .expect("token")
        .to_owned();
    let status = |token: String| {
        let app = &app;
        let store = store.clone();
        async move {
            let reply = app
                .get("/api/stores/config/status")
                .token(&token)
                .store(&store)
                .send()
                .await;
            assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
            reply.json
        }
    };
    let before = status(phone.clone()).await;
    assert_eq!(before["dismissed"], false);
    let field = before["currentConfig"]["field"].clone();

    let dismissed = app
        .put("/api/stores/config/dismiss")
        .token(&phone)
        .store(&store)
        .send()
        .await;
    assert_eq!(dismissed.status, StatusCode::OK, "{}", dismissed.text);
    assert_eq!(dismissed.json["dismissed"], true);
    assert_eq!(dismissed.json["currentConfig"]["field"], field);
    // Closing twice changes nothing and is no error.
    let again = app
        .put("/api/stores/config/dismiss")
        .token(&phone)
        .store(&store)
        .send()
        .await;
    assert_eq!(again.status, StatusCode::OK);

    assert_eq!(
        status(laptop.clone()).await["dismissed"],
        true,
        "the owner's other device"
    );
    assert_eq!(
        status(designer).await["dismissed"],
        false,
        "another member still sees it"
    );

    // The next step shows again.
    let skipped = app
        .put("/api/stores/config/skip")
        .token(&laptop)
        .store(&store)
        .send()
        .await;
    assert_eq!(skipped.status, StatusCode::OK);
    if skipped.json["currentConfig"]["field"] != field {
        assert_eq!(skipped.json["dismissed"], false);
    }
}

#[tokio::test]
async fn dismissing_needs_a_member_of_the_store() {
    let app = spawn_app().await;
    let store = app.store_id("demo").await;
    let (outsider, _, _) = app.session_of(crate::helpers::SELLER_EMAIL).await;
    let reply = app
        .put("/api/stores/config/dismiss")
        .token(&outsider)
        .store(&store)
        .send()
        .await;
    assert!(
        reply.status == StatusCode::FORBIDDEN || reply.status == StatusCode::NOT_FOUND,
        "{}",
        reply.status
    );
}
