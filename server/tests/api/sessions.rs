//! Sessions: logout, refresh-token rotation and replay, brute-force lockout, forged tokens.

use axum::http::StatusCode;
use serde_json::json;

use crate::helpers::{DEMO_PASSWORD, OWNER_EMAIL, Reply, SELLER_EMAIL, TestApp, spawn_app};

/// Spends a refresh token.
async fn renew(app: &TestApp, refresh: &str) -> Reply {
    app.get("/api/auth/renew-access-token")
        .header("x-refresh-token", refresh)
        .send()
        .await
}

#[tokio::test]
async fn logging_out_ends_the_access_and_refresh_tokens_at_once() {
    let app = spawn_app().await;
    let (access, refresh, _) = app.session_of(OWNER_EMAIL).await;
    let out = app.delete("/api/auth/logout").token(&access).send().await;
    assert_eq!(out.status, StatusCode::OK);
    assert_eq!(
        app.get("/api/users/info")
            .token(&access)
            .send()
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let renew = renew(&app, &refresh).await;
    assert_eq!(renew.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_refresh_token_renews_once_and_the_new_pair_works() {
    let app = spawn_app().await;
    let (_, refresh, _) = app.session_of(OWNER_EMAIL).await;
    let renewed = renew(&app, &refresh).await;
    assert_eq!(renewed.status, StatusCode::OK, "{}", renewed.text);
    let access = renewed.json["accessToken"].as_str().expect("access");
    let next = renewed.json["refreshToken"].as_str().expect("refresh");
    assert_ne!(next, refresh);
    assert_eq!(
        app.get("/api/users/info").token(access).send().await.status,
        StatusCode::OK
    );
    // Within the grace period a second use is refused but ends nothing.
    let again = renew(&app, &refresh).await;
    assert_eq!(again.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.get("/api/users/info").token(access).send().await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_replayed_refresh_token_revokes_its_whole_family() {
    let app = spawn_app().await;
    let (_, refresh, _) = app.session_of(OWNER_EMAIL).await;
    let renewed = renew(&app, &refresh).await;
    let access = renewed.json["accessToken"]
        .as_str()
        .expect("access")
        .to_owned();
    let next = renewed.json["refreshToken"]
        .as_str()
        .expect("refresh")
        .to_owned();
    // The old token was spent long ago (past the grace period): presenting it is a replay.
    sqlx::query("UPDATE refresh_tokens SET used_at = used_at - 60000 WHERE used_at IS NOT NULL")
        .execute(&app.state.db)
        .await
        .expect("age");
    let replay = renew(&app, &refresh).await;
    assert_eq!(replay.status, StatusCode::UNAUTHORIZED);
    assert!(replay.messages()[0].contains("used twice"));
    assert_eq!(
        app.get("/api/users/info")
            .token(&access)
            .send()
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let successor = renew(&app, &next).await;
    assert_eq!(successor.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn of_fifty_parallel_refreshes_of_one_token_exactly_one_succeeds() {
    let app = spawn_app().await;
    let (_, refresh, _) = app.session_of(OWNER_EMAIL).await;
    let mut tasks = Vec::new();
    for _ in 0..50 {
        let router = app.router.clone();
        let refresh = refresh.clone();
        tasks.push(tokio::spawn(async move {
            use tower::ServiceExt;
            let request = axum::http::Request::builder()
                .uri("/api/auth/renew-access-token")
                .header("x-refresh-token", refresh)
                .body(axum::body::Body::empty())
                .expect("request");
            router.oneshot(request).await.expect("response").status()
        }));
    }
    let mut ok = 0;
    for task in tasks {
        let status = task.await.expect("task");
        assert!(
            status == StatusCode::OK || status == StatusCode::UNAUTHORIZED,
            "{status}"
        );
        ok += usize::from(status == StatusCode::OK);
    }
    assert_eq!(ok, 1);
}

#[tokio::test]
async fn ten_wrong_passwords_lock_the_account_with_retry_after_and_a_reset_unlocks_it() {
    let app = spawn_app().await;
    let wrong = json!({"email": OWNER_EMAIL, "password": "not-the-password"});
    let mut statuses = Vec::new();
    for _ in 0..1000 {
        let reply = app.post("/api/auth/login").json(&wrong).send().await;
        statuses.push(reply.status);
        if reply.status == StatusCode::TOO_MANY_REQUESTS {
            let retry: i64 = reply.headers["retry-after"]
                .to_str()
                .expect("text")
                .parse()
                .expect("seconds");
            assert!(retry > 0 && retry <= 15 * 60, "{retry}");
            assert!(!reply.messages().is_empty());
        }
    }
    assert!(
        statuses[..10]
            .iter()
            .all(|s| *s == StatusCode::UNAUTHORIZED)
    );
    assert!(
        statuses[10..]
            .iter()
            .all(|s| *s == StatusCode::TOO_MANY_REQUESTS)
    );
    // Even the right password waits while the account is locked ...
    let right = json!({"email": OWNER_EMAIL, "password": DEMO_PASSWORD});
    assert_eq!(
        app.post("/api/auth/login").json(&right).send().await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    // ... another account is not affected ...
    let other = json!({"email": SELLER_EMAIL, "password": DEMO_PASSWORD});
    assert_eq!(
        app.post("/api/auth/login").json(&other).send().await.status,
        StatusCode::OK
    );
    // ... and the owner gets in through a password reset.
    app.post("/api/auth/forgot_password")
        .json(&json!({"email": OWNER_EMAIL}))
        .send()
        .await;
    let token = app.token_mailed_to(OWNER_EMAIL).await;
    let reset = app
        .post("/api/auth/reset_password")
        .json(&json!({"password": "a-new-secret", "token": token}))
        .send()
        .await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.text);
    let after = app
        .post("/api/auth/login")
        .json(&json!({"email": OWNER_EMAIL, "password": "a-new-secret"}))
        .send()
        .await;
    assert_eq!(after.status, StatusCode::OK);
}

#[tokio::test]
async fn a_locked_unknown_email_looks_like_a_locked_known_one() {
    let app = spawn_app().await;
    let mut last = None;
    for _ in 0..11 {
        last = Some(
            app.post("/api/auth/login")
                .json(&json!({"email": "ghost@example.com", "password": "nope-nope"}))
                .send()
                .await,
        );
    }
    let last = last.expect("reply");
    assert_eq!(last.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(last.headers.contains_key("retry-after"));
}
