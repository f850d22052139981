//! `POST /api/auth/login`.

use axum::http::StatusCode;
use serde_json::json;

use crate::helpers::{DEMO_PASSWORD, OWNER_EMAIL, spawn_app};

#[tokio::test]
async fn the_demo_owner_signs_in_and_gets_tokens_and_a_store() {
    let app = spawn_app().await;
    let reply = app.login(OWNER_EMAIL, DEMO_PASSWORD).await;
    assert!(
        reply["accessToken"]
            .as_str()
            .is_some_and(|t| t.split('.').count() == 3)
    );
    assert!(
        reply["refreshToken"]
            .as_str()
            .is_some_and(|t| t.len() == 64)
    );
    assert!(reply["storeId"].as_str().is_some_and(|id| !id.is_empty()));
    let expires = reply["refreshTokenExpiresAt"].as_i64().expect("expiry");
    assert!(expires > server::db::now_ms() + 29 * 24 * 3600 * 1000);
}

#[tokio::test]
async fn inputs_are_trimmed_and_the_email_is_case_insensitive() {
    let app = spawn_app().await;
    let reply = app.login("  Owner@StoreLoom.dev ", " storeloom ").await;
    assert!(reply["accessToken"].is_string());
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_401() {
    let app = spawn_app().await;
    let wrong = app
        .post("/api/auth/login")
        .json(&json!({"email": OWNER_EMAIL, "password": "not-it"}))
        .send()
        .await;
    let unknown = app
        .post("/api/auth/login")
        .json(&json!({"email": "nobody@example.com", "password": "not-it"}))
        .send()
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(unknown.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.messages(), unknown.messages());
    assert_eq!(
        wrong.messages(),
        vec!["The email or password is incorrect.".to_owned()]
    );
}

#[tokio::test]
async fn the_server_applies_the_cores_form_rules_with_the_same_messages() {
    let app = spawn_app().await;
    let empty = app
        .post("/api/auth/login")
        .json(&json!({"email": "  ", "password": ""}))
        .send()
        .await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        empty.messages(),
        vec!["Email is required", "Password is required"]
    );
    let malformed = app
        .post("/api/auth/login")
        .json(&json!({"email": "abc", "password": "storeloom"}))
        .send()
        .await;
    assert_eq!(malformed.messages(), vec!["Invalid Email"]);
    let short = app
        .post("/api/auth/login")
        .json(&json!({"email": OWNER_EMAIL, "password": "abcd"}))
        .send()
        .await;
    assert_eq!(
        short.messages(),
        vec!["Password must have at least 5 letters."]
    );
}

/// A throttle's limit holds over any span of its window, not once on each side of a fixed
/// window's end: a burst straddling the end gets the limit once, a request whose time was
/// taken before the newer window's first one still counts in its own (kept) window, and the
/// previous window's share runs out as the window slides on.
#[tokio::test]
async fn a_throttle_holds_across_the_end_of_its_window() {
    use server::db::rates::count;
    let app = spawn_app().await;
    let db = &app.state.db;
    let (key, limit, seconds) = ("test-throttle:203.0.113.9", 10, 900);
    // 900 s windows start at multiples of 900 s; this one's last second.
    let end = (server::db::now_ms().div_euclid(900_000) + 1) * 900_000;
    let mut allowed = 0;
    for at in [end - 900, end - 500, end - 1] {
        for _ in 0..4 {
            if count(db, key, at, seconds, limit)
                .await
                .expect("count")
                .is_none()
            {
                allowed += 1;
            }
        }
    }
    assert_eq!(allowed, limit, "the first window gives the limit");
    // Just past the end: the previous window's 12 still count in full.
    let refused = count(db, key, end + 1, seconds, limit)
        .await
        .expect("count");
    assert!(refused.is_some_and(|wait| wait >= 1), "{refused:?}");
    // A late request of the old window: its window was kept, so it is refused too.
    assert!(
        count(db, key, end - 2, seconds, limit)
            .await
            .expect("count")
            .is_some()
    );
    // Half-way through the next window, half of the old window's 13 counts (6) with this
    // window's 1 refused request: 3 more fit in the limit of 10, the fourth does not.
    let half = end + 450_000;
    let fits: Vec<bool> = verdicts(db, key, half, seconds, limit, 4).await;
    assert_eq!(
        fits,
        [true, true, true, false],
        "half-way through the next window"
    );
    // A window later, the first window's counts are gone and the second's share is 4 of 5.
    let later = end + 900_000 + 1;
    assert!(
        count(db, key, later, seconds, limit)
            .await
            .expect("count")
            .is_none()
    );
}

/// `n` requests under `key` at `at`: whether each was within the limit.
async fn verdicts(
    db: &sqlx::AnyPool,
    key: &str,
    at: i64,
    seconds: i64,
    limit: i64,
    n: usize,
) -> Vec<bool> {
    let mut fits = Vec::new();
    for _ in 0..n {
        let verdict = server::db::rates::count(db, key, at, seconds, limit).await;
        fits.push(verdict.expect("count").is_none());
    }
    fits
}
