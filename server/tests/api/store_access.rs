//! `StoreAccess<R>`: membership and the route's scope, with the scope read from the core's table.

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use axum::routing::get;
use server::auth::store::{StoreAccess, routes};
use tower::ServiceExt;

use crate::helpers::{DEMO_PASSWORD, OWNER_EMAIL, SELLER_EMAIL, TestApp, spawn_app};

/// A router with one store route guarded like the real ones.
fn guarded(app: &TestApp) -> Router {
    Router::new()
        .route(
            "/orders",
            get(|access: StoreAccess<routes::Orders>| async move { access.store_id }),
        )
        .with_state(app.state.clone())
}

async fn status(router: &Router, token: &str, store_id: Option<&str>) -> StatusCode {
    let mut request = Request::builder()
        .method(Method::GET)
        .uri("/orders")
        .header("authorization", format!("Bearer {token}"));
    if let Some(store_id) = store_id {
        request = request.header("x-store-id", store_id);
    }
    let request = request.body(Body::empty()).expect("request");
    router
        .clone()
        .oneshot(request)
        .await
        .expect("response")
        .status()
}

/// Adds a staff member with `scopes` to the demo store and returns their token.
async fn staff_with(app: &TestApp, email: &str, scopes: &str, store_id: &str) -> String {
    let hash = server::auth::password::hash(DEMO_PASSWORD.to_owned())
        .await
        .expect("hash");
    let user_id = server::db::accounts::create_user(
        &app.state.db,
        &server::db::accounts::NewUser {
            email,
            password_hash: &hash,
            first_name: Some("Staff"),
            last_name: None,
            activated: true,
        },
    )
    .await
    .expect("user");
    sqlx::query("INSERT INTO store_members (store_id, user_id, role, scopes, created_at) VALUES ($1, $2, 'staff', $3, 0)")
        .bind(store_id)
        .bind(&user_id)
        .bind(scopes)
        .execute(&app.state.db)
        .await
        .expect("membership");
    app.login(email, DEMO_PASSWORD).await["accessToken"]
        .as_str()
        .expect("token")
        .to_owned()
}

#[tokio::test]
async fn the_scope_a_route_needs_comes_from_the_cores_table() {
    let from_core = core_wasm::shell::menu::find_route("website.orders").and_then(|r| r.role_key);
    assert_eq!(StoreAccess::<routes::Orders>::required_scope(), from_core);
    assert_eq!(from_core, Some("orders"));
    assert_eq!(
        StoreAccess::<routes::Themes>::required_scope(),
        Some("themes")
    );
}

#[tokio::test]
async fn a_staff_member_with_the_orders_scope_gets_in_and_one_without_gets_403() {
    let app = spawn_app().await;
    let store_id = app.login(OWNER_EMAIL, DEMO_PASSWORD).await["storeId"]
        .as_str()
        .expect("store")
        .to_owned();
    let router = guarded(&app);
    let with = staff_with(&app, "packer@storeloom.dev", "orders products", &store_id).await;
    let without = staff_with(&app, "designer@storeloom.dev", "themes pages", &store_id).await;
    assert_eq!(
        status(&router, &with, Some(&store_id)).await,
        StatusCode::OK
    );
    assert_eq!(
        status(&router, &without, Some(&store_id)).await,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn the_owner_holds_every_scope_and_a_stranger_sees_no_store() {
    let app = spawn_app().await;
    let owner = app.login(OWNER_EMAIL, DEMO_PASSWORD).await;
    let store_id = owner["storeId"].as_str().expect("store");
    let owner_token = owner["accessToken"].as_str().expect("token");
    let seller_token = app.login(SELLER_EMAIL, DEMO_PASSWORD).await["accessToken"]
        .as_str()
        .expect("token")
        .to_owned();
    let router = guarded(&app);
    assert_eq!(
        status(&router, owner_token, Some(store_id)).await,
        StatusCode::OK
    );
    assert_eq!(
        status(&router, &seller_token, Some(store_id)).await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        status(&router, owner_token, None).await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        status(&router, "not-a-token", Some(store_id)).await,
        StatusCode::UNAUTHORIZED
    );
}
