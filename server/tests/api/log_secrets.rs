//! Secrets stay out of the log: every event the real router emits, down to `trace` and with the
//! request lines, is captured while the account flows handle passwords, tokens and a card
//! number, and none of those values may appear in it.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use axum::http::StatusCode;
use serde_json::json;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{Layer, filter};

use crate::helpers::{DEMO_PASSWORD, OWNER_EMAIL, spawn_app};

/// A log sink the test reads back.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().expect("log buffer")).into_owned()
    }
}

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("log buffer").extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for Captured {
    type Writer = Captured;

    fn make_writer(&'a self) -> Self::Writer {
        self.clone()
    }
}

/// Whether the log is being captured: only during the test below.
static RECORDING: AtomicBool = AtomicBool::new(false);

/// The process's log, captured at every level while `RECORDING` is on. It is the global
/// subscriber, so events from any thread (the router's tasks, the database drivers) reach it,
/// and its filter is asked at each event, so no callsite is left off by an earlier answer.
fn captured_log() -> Captured {
    static LOG: OnceLock<Captured> = OnceLock::new();
    LOG.get_or_init(|| {
        let log = Captured::default();
        let layer = tracing_subscriber::fmt::layer()
            .with_ansi(false)
            .with_writer(log.clone())
            .with_filter(filter::dynamic_filter_fn(|_, _| {
                RECORDING.load(Ordering::SeqCst)
            }));
        tracing_subscriber::registry()
            .with(layer)
            .try_init()
            .expect("no other global subscriber in the API tests");
        log
    })
    .clone()
}

/// Whether `word` appears in `text` as a value of its own, not inside a longer name (the demo
/// password is also the e-mail domain `storeloom.dev`).
fn has_word(text: &str, word: &str) -> bool {
    let part_of_name = |c: char| c.is_alphanumeric() || "@._-/".contains(c);
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(part_of_name) && !after.is_some_and(part_of_name)
    })
}

#[tokio::test]
async fn no_password_token_or_card_number_reaches_the_log() {
    let log = captured_log();
    RECORDING.store(true, Ordering::SeqCst);
    let app = spawn_app().await;
    let mut secrets: Vec<String> = Vec::new();

    let wrong = app
        .post("/api/auth/login")
        .json(&json!({"email": OWNER_EMAIL, "password": "Wrong-Guess-4417"}))
        .send()
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED, "{}", wrong.text);
    secrets.push("Wrong-Guess-4417".to_owned());

    let (access, refresh, store) = app.session_of(OWNER_EMAIL).await;
    let store = store.expect("the owner's store");
    let renewed = app
        .get("/api/auth/renew-access-token")
        .header("x-refresh-token", &refresh)
        .send()
        .await;
    assert_eq!(renewed.status, StatusCode::OK, "{}", renewed.text);
    let renewed_access = renewed.json["accessToken"].as_str().expect("access");
    secrets.extend([
        access.clone(),
        refresh,
        renewed_access.to_owned(),
        renewed.json["refreshToken"]
            .as_str()
            .expect("refresh")
            .to_owned(),
    ]);

    let card = app
        .post("/api/stores/payout/card/")
        .json(&json!({"holder": "Olivia Nguyen", "number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2035}))
        .token(renewed_access)
        .store(&store)
        .send()
        .await;
    assert_eq!(card.status, StatusCode::CREATED, "{}", card.text);
    let refused_card = app
        .post("/api/stores/payout/card/")
        .json(&json!({"holder": "Olivia Nguyen", "number": "4242424242424241", "expMonth": 12, "expYear": 2035}))
        .token(renewed_access)
        .store(&store)
        .send()
        .await;
    assert_eq!(refused_card.status, StatusCode::BAD_REQUEST);
    secrets.extend(
        [
            "4242 4242 4242 4242",
            "4242424242424242",
            "4242424242424241",
        ]
        .map(str::to_owned),
    );

    let invited = app
        .post("/api/users/add-store-staff")
        .json(&json!({"email": "packer@example.com", "firstName": "Pat", "scopes": ["orders"]}))
        .token(renewed_access)
        .store(&store)
        .send()
        .await;
    assert_eq!(invited.status, StatusCode::CREATED, "{}", invited.text);
    let invitation = app.token_mailed_to("packer@example.com").await;
    let joined = app
        .post("/api/auth/account-activation")
        .json(&json!({"token": invitation, "password": "Packer-Secret-8812"}))
        .send()
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.text);
    let packer = app.login("packer@example.com", "Packer-Secret-8812").await;
    secrets.extend([
        invitation,
        "Packer-Secret-8812".to_owned(),
        packer["accessToken"].as_str().expect("access").to_owned(),
        packer["refreshToken"].as_str().expect("refresh").to_owned(),
    ]);

    let asked = app
        .post("/api/auth/forgot_password")
        .json(&json!({"email": OWNER_EMAIL}))
        .send()
        .await;
    assert_eq!(asked.status, StatusCode::OK);
    let reset = app.token_mailed_to(OWNER_EMAIL).await;
    let valid = app
        .get(&format!(
            "/api/auth/verify_reset_password_token?token={reset}"
        ))
        .send()
        .await;
    assert_eq!(valid.json["valid"], true, "{}", valid.text);
    let changed = app
        .post("/api/auth/reset_password")
        .json(&json!({"token": reset, "password": "Fresh-Owner-5530"}))
        .send()
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.text);
    let again = app.login(OWNER_EMAIL, "Fresh-Owner-5530").await;
    secrets.extend([
        reset,
        "Fresh-Owner-5530".to_owned(),
        again["accessToken"].as_str().expect("access").to_owned(),
    ]);

    RECORDING.store(false, Ordering::SeqCst);
    let text = log.text();
    // The capture works: the request lines of the calls above are in it.
    assert!(
        text.contains("/api/auth/verify_reset_password_token"),
        "the log was not captured:\n{text}"
    );
    assert!(text.contains("/api/stores/payout/card/"));
    for secret in &secrets {
        assert!(
            !text.contains(secret.as_str()),
            "the log holds a secret ({} characters, starting {:?})",
            secret.len(),
            &secret[..4]
        );
    }
    assert!(
        !has_word(&text, DEMO_PASSWORD),
        "the log holds the demo password"
    );
}

#[test]
fn a_word_inside_a_longer_name_is_not_the_word() {
    assert!(!has_word("email=owner@storeloom.dev", "storeloom"));
    assert!(!has_word("file storeloom_test_1.db", "storeloom"));
    assert!(has_word("password=storeloom user", "storeloom"));
    assert!(has_word("\"storeloom\"", "storeloom"));
}
