//! `GET /api/users/info` and `GET /api/users/stores`.

use axum::http::StatusCode;

use crate::helpers::{DEMO_PASSWORD, OWNER_EMAIL, SELLER_EMAIL, spawn_app};

#[tokio::test]
async fn info_names_the_user_and_their_scopes_in_the_chosen_store() {
    let app = spawn_app().await;
    let login = app.login(OWNER_EMAIL, DEMO_PASSWORD).await;
    let token = login["accessToken"].as_str().expect("token");
    let store_id = login["storeId"].as_str().expect("store");

    let plain = app.get("/api/users/info").token(token).send().await;
    assert_eq!(plain.status, StatusCode::OK);
    assert_eq!(plain.json["email"], OWNER_EMAIL);
    assert_eq!(plain.json["firstName"], "Olivia");
    assert_eq!(plain.json["lastName"], "Nguyen");
    assert_eq!(plain.json["scopes"].as_array().map(Vec::len), Some(0));

    let in_store = app
        .get("/api/users/info")
        .token(token)
        .store(store_id)
        .send()
        .await;
    assert_eq!(in_store.json["isStoreOwner"], true);
    assert_eq!(in_store.json["isStoreAdmin"], true);
    let scopes = in_store.json["scopes"].as_array().expect("scopes");
    assert_eq!(scopes.len(), core_wasm::shell::permissions::ROLE_KEYS.len());
}

#[tokio::test]
async fn another_users_store_answers_as_if_it_did_not_exist() {
    let app = spawn_app().await;
    let seller_store = app.login(SELLER_EMAIL, DEMO_PASSWORD).await["storeId"]
        .as_str()
        .expect("store")
        .to_owned();
    let owner_token = app.owner_token().await;
    let reply = app
        .get("/api/users/info")
        .token(&owner_token)
        .store(&seller_store)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let unknown = app
        .get("/api/users/info")
        .token(&owner_token)
        .store("no-such-store")
        .send()
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(reply.messages(), unknown.messages());
}

#[tokio::test]
async fn calls_without_a_valid_token_get_401() {
    let app = spawn_app().await;
    let token = app.owner_token().await;
    let (head, rest) = token.split_once('.').expect("jwt");
    let tampered = format!("{head}.{}", rest.replacen('e', "f", 1));
    for bad in [None, Some("garbage"), Some(tampered.as_str())] {
        let reply = app.get("/api/users/info").maybe_token(bad).send().await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "token {bad:?}");
        assert!(!reply.messages().is_empty());
    }
}

#[tokio::test]
async fn a_token_stops_working_once_its_session_is_revoked() {
    let app = spawn_app().await;
    let token = app.owner_token().await;
    assert_eq!(
        app.get("/api/users/info").token(&token).send().await.status,
        StatusCode::OK
    );
    sqlx::query("UPDATE sessions SET revoked_at = 1")
        .execute(&app.state.db)
        .await
        .expect("revoke");
    assert_eq!(
        app.get("/api/users/info").token(&token).send().await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn stores_lists_the_users_stores_with_their_domains() {
    let app = spawn_app().await;
    let token = app.owner_token().await;
    let reply = app.get("/api/users/stores").token(&token).send().await;
    assert_eq!(reply.status, StatusCode::OK);
    let stores = reply.json["stores"].as_array().expect("stores");
    assert_eq!(stores.len(), 1);
    assert_eq!(stores[0]["subdomain"], "demo");
    assert_eq!(stores[0]["storeDomain"], "demo.localhost");
    assert_eq!(stores[0]["rDomain"], "demo.localhost");
    assert_eq!(stores[0]["isOwner"], true);
    assert!(reply.json["lastId"].is_null());
}

#[tokio::test]
async fn stores_are_paged_by_last_id_without_gaps_or_repeats() {
    let app = spawn_app().await;
    let login = app.login(OWNER_EMAIL, DEMO_PASSWORD).await;
    let token = login["accessToken"].as_str().expect("token");
    let (owner_id,): (String,) = sqlx::query_as("SELECT id FROM users WHERE email = $1")
        .bind(OWNER_EMAIL)
        .fetch_one(&app.state.db)
        .await
        .expect("owner");
    for n in 0..24 {
        server::db::accounts::create_store_now(
            &app.state.db,
            &owner_id,
            &format!("Shop {n}"),
            None,
            server::db::accounts::StorePlacement {
                domain_suffix: "localhost",
                default_limit: 100,
            },
        )
        .await
        .expect("store");
    }
    let mut seen = Vec::new();
    let mut path = "/api/users/stores".to_owned();
    loop {
        let page = app.get(&path).token(token).send().await;
        assert_eq!(page.status, StatusCode::OK);
        let stores = page.json["stores"].as_array().expect("stores");
        assert!(stores.len() <= 20);
        seen.extend(
            stores
                .iter()
                .map(|s| s["id"].as_str().expect("id").to_owned()),
        );
        match page.json["lastId"].as_str() {
            Some(last) => path = format!("/api/users/stores?lastId={last}"),
            None => break,
        }
    }
    assert_eq!(seen.len(), 25);
    let mut unique = seen.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 25);
}
