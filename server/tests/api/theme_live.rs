//! Live co-editing of a theme: one session per theme whose commands the server numbers in one
//! order, taking a batch only from an editor that has seen the head (409 with what it missed
//! otherwise), never twice, with the signed-in user as the author and the HTML cleaned before
//! anyone receives it; presence; the stream of server-sent events; and the scope and tenancy of
//! every call.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::helpers::{
    DESIGNER_EMAIL, ORDERS_STAFF_EMAIL, OWNER_EMAIL, Reply, SELLER_EMAIL, TestApp, spawn_app,
};

use super::theme_drafts::{HEADING, THEMES, set};

const REVIEW_HTML: &str = "/pages/homepage/sections/product-review-1/settings/body_html";

/// The owner's token, the demo store and its hydro theme's id.
async fn demo(app: &TestApp) -> (String, String, String) {
    let (token, store, theme, _) = super::theme_drafts::demo_theme(app).await;
    (token, store, theme)
}

async fn join(app: &TestApp, token: &str, store: &str, theme: &str) -> Reply {
    app.get(&format!("{THEMES}/{theme}/live"))
        .token(token)
        .store(store)
        .send()
        .await
}

async fn send(app: &TestApp, token: &str, store: &str, theme: &str, body: &Value) -> Reply {
    app.request(Method::POST, &format!("{THEMES}/{theme}/live/commands"))
        .json(body)
        .token(token)
        .store(store)
        .send()
        .await
}

/// Opens the session's stream of events from `after`.
async fn stream(
    app: &TestApp,
    token: &str,
    store: &str,
    theme: &str,
    after: i64,
) -> axum::response::Response {
    let request = Request::builder()
        .uri(format!("{THEMES}/{theme}/live/events?after={after}"))
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header("x-store-id", store)
        .body(Body::empty())
        .expect("request");
    app.router.clone().oneshot(request).await.expect("response")
}

fn batch(client: &str, base: i64, first: i64, commands: Value) -> Value {
    json!({"clientId": client, "base": base, "firstClientSeq": first, "commands": commands})
}

#[tokio::test]
async fn a_live_session_numbers_commands_in_one_order_and_an_editor_behind_hears_what_it_missed() {
    let app = spawn_app().await;
    let (owner, store, theme) = demo(&app).await;
    let (designer, _, _) = app.session_of(DESIGNER_EMAIL).await;

    let joined = join(&app, &owner, &store, &theme).await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.text);
    assert_eq!(joined.json["head"], 0);
    assert_eq!(joined.json["presenceTtlMs"], 60_000);
    let saved = super::themes::config_of(&app, &owner, &store, &theme).await;
    assert_eq!(joined.json["baseVersion"], saved.0);

    let first = send(
        &app,
        &owner,
        &store,
        &theme,
        &batch("owner-tab-1", 0, 1, json!([set(HEADING, json!("Owner's"))])),
    )
    .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    assert_eq!(first.json["head"], 1);
    let stored = &first.json["accepted"][0];
    assert_eq!(stored["seq"], 1);
    assert_eq!(stored["authorId"], app.user_id(OWNER_EMAIL).await);
    assert_eq!(stored["clientId"], "owner-tab-1");
    assert_eq!(stored["command"], set(HEADING, json!("Owner's")));

    // The designer made theirs on head 0: nothing is kept, and they hear the owner's command.
    let late = batch(
        "designer-tab",
        0,
        1,
        json!([set(HEADING, json!("Designer's"))]),
    );
    let behind = send(&app, &designer, &store, &theme, &late).await;
    assert_eq!(behind.status, StatusCode::CONFLICT, "{}", behind.text);
    assert_eq!(behind.json["head"], 1);
    assert_eq!(behind.json["commands"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        behind.json["commands"][0]["command"],
        set(HEADING, json!("Owner's"))
    );
    assert!(!behind.messages().is_empty());

    // Rebased on head 1 (nothing to change for a field), it is taken: the later edit wins.
    let again = send(
        &app,
        &designer,
        &store,
        &theme,
        &batch(
            "designer-tab",
            1,
            1,
            json!([set(HEADING, json!("Designer's"))]),
        ),
    )
    .await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text);
    assert_eq!(again.json["head"], 2);
    assert_eq!(
        again.json["accepted"][0]["authorId"],
        app.user_id(DESIGNER_EMAIL).await
    );

    // Whoever opens the editor now starts from the working draft; nothing was published.
    let later = join(&app, &owner, &store, &theme).await;
    assert_eq!(later.json["head"], 2);
    assert_eq!(
        later.json["config"].pointer(HEADING),
        Some(&json!("Designer's"))
    );
    let published = super::themes::config_of(&app, &owner, &store, &theme).await;
    assert_ne!(published.1.pointer(HEADING), Some(&json!("Designer's")));
}

#[tokio::test]
async fn a_batch_sent_twice_is_applied_once_and_refused_commands_leave_the_others() {
    let app = spawn_app().await;
    let (owner, store, theme) = demo(&app).await;
    let body = batch(
        "owner-tab-1",
        0,
        1,
        json!([{"kind": "removeSection", "key": "no-such-section"}, set(HEADING, json!("Kept"))]),
    );
    let sent = send(&app, &owner, &store, &theme, &body).await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.text);
    assert_eq!(sent.json["head"], 1);
    assert_eq!(sent.json["accepted"].as_array().map(Vec::len), Some(1));
    assert_eq!(sent.json["accepted"][0]["clientSeq"], 2);
    assert_eq!(sent.json["refused"][0]["index"], 0);
    assert_eq!(sent.json["refused"][0]["code"], "section.notFound");

    // The same batch again (its answer was lost): the session moved on, and the editor finds its
    // own command among what it missed.
    let retry = send(&app, &owner, &store, &theme, &body).await;
    assert_eq!(retry.status, StatusCode::CONFLICT, "{}", retry.text);
    assert_eq!(retry.json["commands"][0]["clientSeq"], 2);
    assert_eq!(retry.json["commands"][0]["clientId"], "owner-tab-1");
    // Numbered again from 1 on the new head: refused, never applied twice.
    let reused = send(
        &app,
        &owner,
        &store,
        &theme,
        &batch("owner-tab-1", 1, 2, json!([set(HEADING, json!("Twice"))])),
    )
    .await;
    assert_eq!(reused.status, StatusCode::BAD_REQUEST, "{}", reused.text);
    assert_eq!(join(&app, &owner, &store, &theme).await.json["head"], 1);

    // A base from far behind or ahead: 409 and no command (the editor joins again), never a 500.
    for base in [i64::MIN, -1, i64::MAX] {
        let far = batch("owner-tab-1", base, 3, json!([set(HEADING, json!("x"))]));
        let far = send(&app, &owner, &store, &theme, &far).await;
        assert_eq!(far.status, StatusCode::CONFLICT, "{base}: {}", far.text);
        assert_eq!(far.json["head"], 1);
        let missed = far.json["commands"].as_array().map_or(0, Vec::len);
        assert_eq!(missed, 0, "{base}");
    }
    // Malformed batches are the client's mistake.
    for (body, why) in [
        (
            batch("short", 1, 3, json!([set(HEADING, json!("x"))])),
            "client id",
        ),
        (batch("owner-tab-1", 1, 3, json!([])), "no command"),
        (
            batch("owner-tab-1", 1, 0, json!([set(HEADING, json!("x"))])),
            "numbered from 0",
        ),
        (
            batch("owner-tab-1", 1, 3, json!([{"kind": "nonsense"}])),
            "no such command",
        ),
        (
            batch(
                "owner-tab-1",
                1,
                3,
                json!(vec![set(HEADING, json!("x")); 201]),
            ),
            "too many",
        ),
        (
            batch(
                "owner-tab-1",
                1,
                i64::MAX,
                json!([set(HEADING, json!("x"))]),
            ),
            "numbered past what a client holds",
        ),
    ] {
        let reply = send(&app, &owner, &store, &theme, &body).await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{why}: {}",
            reply.text
        );
    }
}

#[tokio::test]
async fn html_sent_to_a_live_session_is_cleaned_before_anyone_receives_it() {
    let app = spawn_app().await;
    let (owner, store, theme) = demo(&app).await;
    let dirty = "<p>Hi</p><script>alert(1)</script><img src=\"/x.png\" onerror=\"alert(2)\">";
    let sent = send(
        &app,
        &owner,
        &store,
        &theme,
        &batch("owner-tab-1", 0, 1, json!([set(REVIEW_HTML, json!(dirty))])),
    )
    .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.text);
    let value = sent.json["accepted"][0]["command"]["value"]
        .as_str()
        .expect("value")
        .to_owned();
    assert!(value.contains("<p>Hi</p>"), "{value}");
    assert!(
        !value.contains("script") && !value.contains("onerror"),
        "{value}"
    );
    let joined = join(&app, &owner, &store, &theme).await;
    assert_eq!(
        joined.json["config"].pointer(REVIEW_HTML),
        Some(&json!(value))
    );
}

#[tokio::test]
async fn only_members_who_may_edit_themes_reach_a_session_and_only_of_their_store() {
    let app = spawn_app().await;
    let (owner, store, theme) = demo(&app).await;
    let (orders_staff, _, _) = app.session_of(ORDERS_STAFF_EMAIL).await;
    let (seller, _, seller_store) = app.session_of(SELLER_EMAIL).await;
    let seller_store = seller_store.expect("seller's store");
    let body = batch(
        "someone-tab",
        0,
        1,
        json!([set(HEADING, json!("Not mine"))]),
    );

    assert_eq!(
        join(&app, &orders_staff, &store, &theme).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        send(&app, &orders_staff, &store, &theme, &body)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    // Another store's owner naming their own store: the theme is not theirs.
    assert_eq!(
        join(&app, &seller, &seller_store, &theme).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        send(&app, &seller, &seller_store, &theme, &body)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    // Naming the demo store: not a member.
    assert_eq!(
        send(&app, &seller, &store, &theme, &body).await.status,
        StatusCode::NOT_FOUND
    );
    // The author is the signed-in user whatever the body says.
    let forged = json!({"clientId": "owner-tab-1", "base": 0, "firstClientSeq": 1, "authorId": "someone-else",
        "commands": [set(HEADING, json!("Mine"))]});
    let sent = send(&app, &owner, &store, &theme, &forged).await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.text);
    assert_eq!(
        sent.json["accepted"][0]["authorId"],
        app.user_id(OWNER_EMAIL).await
    );
    assert_eq!(join(&app, &owner, &store, &theme).await.json["head"], 1);
}

#[tokio::test]
async fn presence_is_kept_per_editor_by_its_own_user_and_shown_to_the_others() {
    let app = spawn_app().await;
    let (owner, store, theme) = demo(&app).await;
    let (designer, _, _) = app.session_of(DESIGNER_EMAIL).await;
    let put = |token: String, body: Value| {
        let app = &app;
        let (store, theme) = (store.clone(), theme.clone());
        async move {
            app.request(Method::PUT, &format!("{THEMES}/{theme}/live/presence"))
                .json(&body)
                .token(&token)
                .store(&store)
                .send()
                .await
        }
    };
    let here = put(
        designer.clone(),
        json!({"clientId": "designer-tab", "section": "collection-list-1", "field": HEADING}),
    )
    .await;
    assert_eq!(here.status, StatusCode::NO_CONTENT, "{}", here.text);
    // The owner cannot speak for the designer's editor.
    let taken = put(
        owner.clone(),
        json!({"clientId": "designer-tab", "section": "footer"}),
    )
    .await;
    assert_eq!(taken.status, StatusCode::FORBIDDEN, "{}", taken.text);
    let bad = put(owner.clone(), json!({"clientId": "x"})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);

    let joined = join(&app, &owner, &store, &theme).await;
    let presence = joined.json["presence"].as_array().expect("presence");
    assert_eq!(presence.len(), 1, "{presence:?}");
    assert_eq!(presence[0]["userId"], app.user_id(DESIGNER_EMAIL).await);
    assert_eq!(presence[0]["section"], "collection-list-1");
    assert_eq!(presence[0]["field"], HEADING);
    assert!(presence[0]["name"].as_str().is_some_and(|n| !n.is_empty()));
}

/// Reads a stream's events until `until` holds of one, for at most 10 s: (name, data) each.
async fn events_until(
    body: &mut Body,
    until: impl Fn(&str, &Value) -> bool,
) -> Vec<(String, Value)> {
    let mut text = String::new();
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let frame = tokio::time::timeout_at(deadline, body.frame())
            .await
            .expect("an event in time");
        let frame = frame.expect("the stream goes on").expect("a frame");
        if let Ok(data) = frame.into_data() {
            text.push_str(&String::from_utf8_lossy(&data));
        }
        while let Some(end) = text.find("\n\n") {
            let block: String = text.drain(..end + 2).collect();
            let name = block
                .lines()
                .find_map(|l| l.strip_prefix("event: "))
                .unwrap_or("")
                .to_owned();
            let data = block
                .lines()
                .find_map(|l| l.strip_prefix("data: "))
                .unwrap_or("null");
            let data: Value = serde_json::from_str(data).unwrap_or(Value::Null);
            let done = until(&name, &data);
            seen.push((name, data));
            if done {
                return seen;
            }
        }
    }
}

#[tokio::test]
async fn the_stream_says_hello_then_brings_each_command_once_in_order_from_where_it_resumes() {
    let app = spawn_app().await;
    let (owner, store, theme) = demo(&app).await;
    let (designer, _, _) = app.session_of(DESIGNER_EMAIL).await;
    let sent = send(
        &app,
        &owner,
        &store,
        &theme,
        &batch("owner-tab-1", 0, 1, json!([set(HEADING, json!("One"))])),
    )
    .await;
    assert_eq!(sent.status, StatusCode::OK);

    let response = stream(&app, &designer, &store, &theme, 0).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap_or("")
            .starts_with("text/event-stream")
    );
    let mut body = response.into_body();
    let first = events_until(&mut body, |name, _| name == "commands").await;
    assert_eq!(first[0], ("hello".to_owned(), json!({"head": 1})));
    let commands = &first.last().expect("commands").1;
    assert_eq!(commands.as_array().map(Vec::len), Some(1));
    assert_eq!(commands[0]["seq"], 1);

    // A command sent while the stream is open reaches it, once.
    let sent = send(
        &app,
        &owner,
        &store,
        &theme,
        &batch(
            "owner-tab-1",
            1,
            2,
            json!([set(HEADING, json!("Two")), set(HEADING, json!("Three"))]),
        ),
    )
    .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.text);
    let next = events_until(&mut body, |name, _| name == "commands").await;
    let commands = &next.last().expect("commands").1;
    let seqs: Vec<i64> = commands
        .as_array()
        .expect("list")
        .iter()
        .map(|c| c["seq"].as_i64().expect("seq"))
        .collect();
    assert_eq!(seqs, vec![2, 3]);

    // Resuming after 2 brings 3 alone.
    let resumed = stream(&app, &designer, &store, &theme, 2).await;
    let mut body = resumed.into_body();
    let events = events_until(&mut body, |name, _| name == "commands").await;
    let commands = &events.last().expect("commands").1;
    assert_eq!(commands.as_array().map(Vec::len), Some(1));
    assert_eq!(commands[0]["seq"], 3);

    // A member signed out: the stream ends.
    let signed_out = app
        .request(Method::DELETE, "/api/auth/logout")
        .token(&designer)
        .send()
        .await;
    assert!(signed_out.status.is_success(), "{}", signed_out.text);
    let events = events_until(&mut body, |name, _| name == "ended").await;
    assert!(
        events
            .last()
            .is_some_and(|(_, data)| data["messages"][0].as_str().is_some())
    );
}

#[tokio::test]
async fn saving_the_working_draft_publishes_everyones_edits_with_their_authors() {
    let app = spawn_app().await;
    let (owner, store, theme) = demo(&app).await;
    let (designer, _, _) = app.session_of(DESIGNER_EMAIL).await;
    let (before, _, _) = super::themes::config_of(&app, &owner, &store, &theme).await;
    let save = |token: String| {
        let (app, store, path) = (&app, store.clone(), format!("{THEMES}/{theme}/live/save"));
        async move { app.post(&path).token(&token).store(&store).send().await }
    };
    // Nothing edited: nothing saved.
    let idle = save(owner.clone()).await;
    assert_eq!(idle.status, StatusCode::OK, "{}", idle.text);
    assert_eq!(idle.json, json!({"version": before, "savedHead": 0}));

    let sent = send(
        &app,
        &owner,
        &store,
        &theme,
        &batch("owner-tab-1", 0, 1, json!([set(HEADING, json!("Owner's"))])),
    )
    .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.text);
    let late = json!([set(REVIEW_HTML, json!("<p>Designer's</p>"))]);
    let sent = send(
        &app,
        &designer,
        &store,
        &theme,
        &batch("designer-tab-1", 1, 1, late),
    )
    .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.text);

    // The designer saves: both people's edits, both named in the history.
    let saved = save(designer.clone()).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(saved.json, json!({"version": before + 1, "savedHead": 2}));
    let (version, config, _) = super::themes::config_of(&app, &owner, &store, &theme).await;
    assert_eq!(version, before + 1);
    assert_eq!(config.pointer(HEADING), Some(&json!("Owner's")));
    let history = app
        .get(&format!("{THEMES}/{theme}/versions"))
        .token(&owner)
        .store(&store)
        .send()
        .await;
    let newest = &history.json[0];
    assert_eq!(newest["version"], before + 1);
    let mut authors: Vec<String> = newest["authors"]
        .as_array()
        .expect("authors")
        .iter()
        .filter_map(|a| a.as_str().map(str::to_owned))
        .collect();
    authors.sort();
    assert_eq!(authors.len(), 2, "{newest}");
    assert_eq!(newest["savedBy"], app.user_id(DESIGNER_EMAIL).await);
    // Everyone joining now starts from the working draft, saved at its head.
    let joined = join(&app, &owner, &store, &theme).await;
    assert_eq!(
        (
            joined.json["baseVersion"].as_i64(),
            joined.json["savedHead"].as_i64()
        ),
        (Some(before + 1), Some(2))
    );
}

#[tokio::test]
async fn a_save_made_outside_the_session_restarts_its_working_draft_and_its_editors_join_again() {
    let app = spawn_app().await;
    let (owner, store, theme) = demo(&app).await;
    let sent = send(
        &app,
        &owner,
        &store,
        &theme,
        &batch("owner-tab-1", 0, 1, json!([set(HEADING, json!("Unsaved"))])),
    )
    .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.text);
    let (version, _, _) = super::themes::config_of(&app, &owner, &store, &theme).await;
    // A saved version restored: the working draft is that config now.
    let restored = app
        .post(&format!("{THEMES}/{theme}/versions/{version}/restore"))
        .token(&owner)
        .store(&store)
        .header("if-match", &format!("\"{version}\""))
        .send()
        .await;
    assert_eq!(restored.status, StatusCode::OK, "{}", restored.text);
    let (saved_version, saved, _) = super::themes::config_of(&app, &owner, &store, &theme).await;
    let joined = join(&app, &owner, &store, &theme).await;
    assert_eq!(
        joined.json["head"], 2,
        "the restart takes a sequence number"
    );
    assert_eq!(joined.json["baseVersion"], saved_version);
    assert_eq!(
        joined.json["config"].pointer(HEADING),
        saved.pointer(HEADING)
    );
    assert_ne!(
        joined.json["config"].pointer(HEADING),
        Some(&json!("Unsaved"))
    );
    // An editor still at head 1 hears nothing to rebase on: it joins again.
    let late = send(
        &app,
        &owner,
        &store,
        &theme,
        &batch("owner-tab-1", 1, 2, json!([set(HEADING, json!("Late"))])),
    )
    .await;
    assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.text);
    assert_eq!(late.json["head"], 2);
    assert_eq!(late.json["commands"], json!([]));
    // Its stream says so.
    let mut body = stream(&app, &owner, &store, &theme, 1).await.into_body();
    let events = events_until(&mut body, |name, _| name == "reset").await;
    assert_eq!(events.last().map(|e| e.1["head"].clone()), Some(json!(2)));
}
