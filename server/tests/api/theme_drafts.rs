//! The theme editor's drafts on the server: one per theme and user, kept but never published,
//! replaced, continued by a PATCH at the revision it names, discarded, deleted by the editor's
//! Save in its transaction; refused when the commands do not apply to their base, when there are
//! too many or the draft is too large; and reached only by their author, through a store where
//! they may edit themes.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{
    DESIGNER_EMAIL, ORDERS_STAFF_EMAIL, OWNER_EMAIL, Reply, SELLER_EMAIL, TestApp, spawn_app,
};

pub(crate) const THEMES: &str = "/api/stores/onlinestore/themes";
pub(crate) const HEADING: &str = "/settings/product/heading";
const SLIDES: &str = "/pages/homepage/sections/head-image-1/settings/change_slides_every";

pub(crate) fn set(path: &str, value: Value) -> Value {
    json!({"kind": "setField", "path": path, "value": value})
}

/// The demo store, its hydro theme's id and config version, and the owner's token.
pub(crate) async fn demo_theme(app: &TestApp) -> (String, String, String, i64) {
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    let store = store.expect("store");
    let list = app.get(THEMES).token(&token).store(&store).send().await;
    let theme = list
        .json
        .as_array()
        .expect("themes")
        .iter()
        .find(|t| t["family"] == "hydro")
        .expect("hydro")
        .clone();
    let id = theme["id"].as_str().expect("id").to_owned();
    let version = theme["version"].as_i64().expect("version");
    (token, store, id, version)
}

async fn draft(
    app: &TestApp,
    method: Method,
    token: &str,
    store: &str,
    theme: &str,
    body: Option<&Value>,
) -> Reply {
    app.request(method, &format!("{THEMES}/{theme}/draft"))
        .maybe_json(body)
        .token(token)
        .store(store)
        .send()
        .await
}

/// The live config's version and its value at `pointer`.
async fn live(app: &TestApp, token: &str, store: &str, theme: &str, pointer: &str) -> (i64, Value) {
    let (version, config, _) = super::themes::config_of(app, token, store, theme).await;
    (
        version,
        config.pointer(pointer).cloned().unwrap_or(Value::Null),
    )
}

/// A PATCH body: after the first `keep` commands of the draft at `revision`, `commands`.
fn patch(base_version: i64, revision: i64, keep: u32, commands: Value) -> Value {
    json!({"baseVersion": base_version, "revision": revision, "keep": keep, "commands": commands})
}

fn first_code(reply: &Reply) -> String {
    reply.json["errors"][0]["code"]
        .as_str()
        .unwrap_or_else(|| panic!("no error code: {}", reply.text))
        .to_owned()
}

#[tokio::test]
async fn a_draft_is_kept_for_its_author_alone_replaced_and_discarded_but_never_published() {
    let app = spawn_app().await;
    let (owner, store, theme, version) = demo_theme(&app).await;
    let (_, before) = live(&app, &owner, &store, &theme, HEADING).await;

    let none = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(none.status, StatusCode::NO_CONTENT, "{}", none.text);

    let body = json!({"baseVersion": version, "commands": [set(HEADING, json!("Drafted")), set(SLIDES, json!(7))]});
    let kept = draft(&app, Method::PUT, &owner, &store, &theme, Some(&body)).await;
    assert_eq!(kept.status, StatusCode::OK, "{}", kept.text);
    assert_eq!(kept.json["themeId"], theme.as_str());
    assert_eq!(kept.json["baseVersion"], version);
    assert_eq!(kept.json["commands"], body["commands"]);
    assert!(kept.json["updatedAt"].as_i64().expect("updatedAt") > 0);

    // Another device of the same user reads it back; the storefront's config is untouched.
    let read = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.text);
    assert_eq!(read.json, kept.json);
    assert_eq!(
        live(&app, &owner, &store, &theme, HEADING).await,
        (version, before)
    );

    // Another member who may edit themes has a draft of their own and never sees the owner's.
    let (designer, _, _) = app.session_of(DESIGNER_EMAIL).await;
    let theirs = draft(&app, Method::GET, &designer, &store, &theme, None).await;
    assert_eq!(theirs.status, StatusCode::NO_CONTENT, "{}", theirs.text);
    let mine = json!({"baseVersion": version, "commands": [set(HEADING, json!("The designer's"))]});
    let put = draft(&app, Method::PUT, &designer, &store, &theme, Some(&mine)).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);
    let discarded = draft(&app, Method::DELETE, &designer, &store, &theme, None).await;
    assert_eq!(discarded.status, StatusCode::OK, "{}", discarded.text);
    let read = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(read.json["commands"], body["commands"]);

    // A new draft replaces the one before.
    let shorter =
        json!({"baseVersion": version, "commands": [set(HEADING, json!("Second thoughts"))]});
    let put = draft(&app, Method::PUT, &owner, &store, &theme, Some(&shorter)).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);
    let read = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(read.json["commands"], shorter["commands"]);

    // Discarded: gone, and discarding again is fine.
    for _ in 0..2 {
        let gone = draft(&app, Method::DELETE, &owner, &store, &theme, None).await;
        assert_eq!(gone.status, StatusCode::OK, "{}", gone.text);
    }
    let none = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(none.status, StatusCode::NO_CONTENT, "{}", none.text);
}

#[tokio::test]
async fn the_editors_save_deletes_the_savers_draft_and_an_older_base_stays_a_valid_draft() {
    let app = spawn_app().await;
    let (owner, store, theme, version) = demo_theme(&app).await;
    let (designer, _, _) = app.session_of(DESIGNER_EMAIL).await;
    let commands = json!([set(HEADING, json!("Saved at last"))]);
    let body = json!({"baseVersion": version, "commands": commands});
    for token in [&owner, &designer] {
        let put = draft(&app, Method::PUT, token, &store, &theme, Some(&body)).await;
        assert_eq!(put.status, StatusCode::OK, "{}", put.text);
    }

    let saved = app
        .post(&format!("{THEMES}/{theme}/commands"))
        .json(&json!({"batchId": "save-1", "baseVersion": version, "commands": commands}))
        .token(&owner)
        .store(&store)
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(
        live(&app, &owner, &store, &theme, HEADING).await,
        (version + 1, json!("Saved at last"))
    );
    let gone = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT, "{}", gone.text);
    // The designer's draft is theirs: the owner's save leaves it.
    let kept = draft(&app, Method::GET, &designer, &store, &theme, None).await;
    assert_eq!(kept.status, StatusCode::OK, "{}", kept.text);
    assert_eq!(kept.json["baseVersion"], version);

    // A draft still made against the older version is checked against that version.
    let older = json!({"baseVersion": version, "commands": [set(SLIDES, json!(9))]});
    let put = draft(&app, Method::PUT, &designer, &store, &theme, Some(&older)).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);

    // A Save whose every command conflicts saves nothing, and still ends the saver's draft.
    let other = app
        .post(&format!("{THEMES}/{theme}/commands"))
        .json(&json!({"batchId": "save-2", "baseVersion": version, "commands": [set(HEADING, json!("Late"))]}))
        .token(&designer)
        .store(&store)
        .send()
        .await;
    assert_eq!(other.status, StatusCode::OK, "{}", other.text);
    assert_eq!(other.json["report"]["applied"], json!([]));
    let gone = draft(&app, Method::GET, &designer, &store, &theme, None).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT, "{}", gone.text);
}

#[tokio::test]
async fn a_bad_draft_is_refused_with_the_engines_code_and_the_kept_one_stays() {
    let app = spawn_app().await;
    let (owner, store, theme, version) = demo_theme(&app).await;
    let good = json!({"baseVersion": version, "commands": [set(HEADING, json!("Good"))]});
    let put = draft(&app, Method::PUT, &owner, &store, &theme, Some(&good)).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);

    let cases = [
        (
            json!([set(HEADING, json!("ok")), {"kind": "nonsense"}]),
            "command.malformed",
            Some(1),
        ),
        (
            json!([{"kind": "removeSection", "key": "no-such-section"}]),
            "section.notFound",
            Some(0),
        ),
        (json!([set(SLIDES, json!(99))]), "value.outOfRange", Some(0)),
        (json!(["not a command"]), "command.malformed", Some(0)),
    ];
    for (commands, code, index) in cases {
        let body = json!({"baseVersion": version, "commands": commands});
        let refused = draft(&app, Method::PUT, &owner, &store, &theme, Some(&body)).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
        assert_eq!(first_code(&refused), code, "{}", refused.text);
        assert_eq!(refused.json["index"], json!(index));
        assert!(!refused.messages().is_empty());
    }

    // A base that is no version of the theme, and bodies that are no draft at all.
    let unknown = json!({"baseVersion": version + 40, "commands": []});
    let refused = draft(&app, Method::PUT, &owner, &store, &theme, Some(&unknown)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert!(refused.messages()[0].contains("not a saved version"));
    for body in [
        json!({"baseVersion": version, "commands": {"kind": "setField"}}),
        json!({"baseVersion": "one", "commands": []}),
        json!({"commands": []}),
        json!([]),
    ] {
        let refused = draft(&app, Method::PUT, &owner, &store, &theme, Some(&body)).await;
        assert!(
            refused.status.is_client_error(),
            "{body}: {}",
            refused.status
        );
        assert!(!refused.messages().is_empty());
    }

    let read = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(read.json["commands"], good["commands"]);
}

#[tokio::test]
async fn a_draft_over_the_size_limit_gets_413_and_over_the_command_limit_400() {
    let app = spawn_app().await;
    let (owner, store, theme, version) = demo_theme(&app).await;
    let huge = "x".repeat(core_wasm::limits::THEME_DRAFT_MAX_BYTES);
    let body = json!({"baseVersion": version, "commands": [set(HEADING, json!(huge))]});
    let refused = draft(&app, Method::PUT, &owner, &store, &theme, Some(&body)).await;
    assert_eq!(
        refused.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "{}",
        refused.status
    );
    assert!(
        refused.messages()[0].contains("too large"),
        "{}",
        refused.text
    );

    let many = core_wasm::limits::THEME_DRAFT_MAX_COMMANDS + 1;
    let commands: Vec<Value> = (0..many)
        .map(|i| set(HEADING, json!(format!("{i}"))))
        .collect();
    let body = json!({"baseVersion": version, "commands": commands});
    let refused = draft(&app, Method::PUT, &owner, &store, &theme, Some(&body)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert_eq!(first_code(&refused), "draft.tooManyCommands");

    let none = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(none.status, StatusCode::NO_CONTENT, "{}", none.text);
}

#[tokio::test]
async fn another_stores_user_gets_404_and_a_staff_member_without_the_themes_scope_403() {
    let app = spawn_app().await;
    let (owner, store, theme, version) = demo_theme(&app).await;
    let body = json!({"baseVersion": version, "commands": [set(HEADING, json!("Private"))]});
    let put = draft(&app, Method::PUT, &owner, &store, &theme, Some(&body)).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);

    let (seller, _, sellers_store) = app.session_of(SELLER_EMAIL).await;
    let sellers_store = sellers_store.expect("the seller's store");
    let (orders, _, _) = app.session_of(ORDERS_STAFF_EMAIL).await;
    let continued = patch(version, 1, 1, json!([set(SLIDES, json!(4))]));
    for method in [Method::GET, Method::PUT, Method::PATCH, Method::DELETE] {
        let with_body = match method {
            Method::PUT => Some(&body),
            Method::PATCH => Some(&continued),
            _ => None,
        };
        // Through the Demo Store, of which the seller is no member.
        let reply = draft(&app, method.clone(), &seller, &store, &theme, with_body).await;
        assert_eq!(
            reply.status,
            StatusCode::NOT_FOUND,
            "{method}: {}",
            reply.text
        );
        // Through their own store, naming the Demo Store's theme.
        let reply = draft(
            &app,
            method.clone(),
            &seller,
            &sellers_store,
            &theme,
            with_body,
        )
        .await;
        assert_eq!(
            reply.status,
            StatusCode::NOT_FOUND,
            "{method}: {}",
            reply.text
        );
        // A member of the Demo Store without the themes scope.
        let reply = draft(&app, method.clone(), &orders, &store, &theme, with_body).await;
        assert_eq!(
            reply.status,
            StatusCode::FORBIDDEN,
            "{method}: {}",
            reply.text
        );
    }
    let read = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(read.json["commands"], body["commands"]);
    assert_eq!(read.json["revision"], 1);
}

#[tokio::test]
async fn a_patch_appends_to_the_draft_and_every_write_adds_one_to_its_revision() {
    let app = spawn_app().await;
    let (owner, store, theme, version) = demo_theme(&app).await;
    let first = json!([set(HEADING, json!("One")), set(SLIDES, json!(3))]);
    let body = json!({"baseVersion": version, "commands": first});
    let put = draft(&app, Method::PUT, &owner, &store, &theme, Some(&body)).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);
    assert_eq!(put.json["revision"], 1);

    let more = json!([set(HEADING, json!("Two"))]);
    let patched = draft(
        &app,
        Method::PATCH,
        &owner,
        &store,
        &theme,
        Some(&patch(version, 1, 2, more.clone())),
    )
    .await;
    assert_eq!(patched.status, StatusCode::OK, "{}", patched.text);
    assert_eq!(patched.json["revision"], 2);
    assert_eq!(patched.json["count"], 3);
    assert!(patched.json["updatedAt"].as_i64().expect("updatedAt") > 0);
    // The answer is small: never the commands.
    assert!(patched.json.get("commands").is_none(), "{}", patched.text);

    let read = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.text);
    assert_eq!(read.json["revision"], 2);
    assert_eq!(read.json["baseVersion"], version);
    assert_eq!(
        read.json["commands"],
        json!([first[0], first[1], more[0]]),
        "{}",
        read.text
    );
    assert_eq!(read.json["updatedAt"], patched.json["updatedAt"]);

    // An empty patch that keeps everything is still a write.
    let again = draft(
        &app,
        Method::PATCH,
        &owner,
        &store,
        &theme,
        Some(&patch(version, 2, 3, json!([]))),
    )
    .await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text);
    assert_eq!(
        (&again.json["revision"], &again.json["count"]),
        (&json!(3), &json!(3))
    );

    // A whole write goes on counting from there.
    let put = draft(&app, Method::PUT, &owner, &store, &theme, Some(&body)).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);
    assert_eq!(put.json["revision"], 4);
    assert_eq!(put.json["commands"], first);
}

#[tokio::test]
async fn a_patch_keeping_fewer_commands_drops_the_undone_tail_and_appends() {
    let app = spawn_app().await;
    let (owner, store, theme, version) = demo_theme(&app).await;
    let first = json!([
        set(HEADING, json!("Kept")),
        set(SLIDES, json!(3)),
        set(SLIDES, json!(4))
    ]);
    let body = json!({"baseVersion": version, "commands": first});
    let put = draft(&app, Method::PUT, &owner, &store, &theme, Some(&body)).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);

    // Two undos, then a new edit.
    let edit = json!([set(HEADING, json!("Instead"))]);
    let patched = draft(
        &app,
        Method::PATCH,
        &owner,
        &store,
        &theme,
        Some(&patch(version, 1, 1, edit.clone())),
    )
    .await;
    assert_eq!(patched.status, StatusCode::OK, "{}", patched.text);
    assert_eq!(patched.json["revision"], 2);
    assert_eq!(patched.json["count"], 2);
    let read = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(read.json["commands"], json!([first[0], edit[0]]));

    // Everything undone.
    let patched = draft(
        &app,
        Method::PATCH,
        &owner,
        &store,
        &theme,
        Some(&patch(version, 2, 0, json!([]))),
    )
    .await;
    assert_eq!(patched.status, StatusCode::OK, "{}", patched.text);
    assert_eq!(patched.json["count"], 0);
    let read = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(read.json["commands"], json!([]));
    assert_eq!(read.json["revision"], 3);
}

#[tokio::test]
async fn a_patch_that_does_not_continue_the_servers_draft_is_409_and_changes_nothing() {
    let app = spawn_app().await;
    let (owner, store, theme, version) = demo_theme(&app).await;
    let edit = json!([set(SLIDES, json!(5))]);

    // No draft at all.
    let none = draft(
        &app,
        Method::PATCH,
        &owner,
        &store,
        &theme,
        Some(&patch(version, 0, 0, edit.clone())),
    )
    .await;
    assert_eq!(none.status, StatusCode::CONFLICT, "{}", none.text);
    assert!(
        none.messages()[0].contains("changed since this device"),
        "{}",
        none.text
    );
    let read = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(read.status, StatusCode::NO_CONTENT, "{}", read.text);

    let body = json!({"baseVersion": version, "commands": [set(HEADING, json!("A")), set(HEADING, json!("B"))]});
    for _ in 0..2 {
        let put = draft(&app, Method::PUT, &owner, &store, &theme, Some(&body)).await;
        assert_eq!(put.status, StatusCode::OK, "{}", put.text);
    }
    let before = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(before.json["revision"], 2);

    for (name, stale) in [
        // Another device wrote since revision 1.
        ("an older revision", patch(version, 1, 2, edit.clone())),
        (
            "a revision not yet written",
            patch(version, 3, 2, edit.clone()),
        ),
        // The draft on the server is made against another version.
        ("another base", patch(version + 1, 2, 2, edit.clone())),
        // The server's copy holds two commands.
        ("keep beyond the count", patch(version, 2, 3, edit.clone())),
    ] {
        let refused = draft(&app, Method::PATCH, &owner, &store, &theme, Some(&stale)).await;
        assert_eq!(
            refused.status,
            StatusCode::CONFLICT,
            "{name}: {}",
            refused.text
        );
        assert!(!refused.messages().is_empty());
    }
    let after = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(after.json, before.json);
}

#[tokio::test]
async fn a_refused_command_in_a_patch_is_400_with_its_index_in_the_whole_draft_and_changes_nothing()
{
    let app = spawn_app().await;
    let (owner, store, theme, version) = demo_theme(&app).await;
    let body = json!({"baseVersion": version, "commands": [set(HEADING, json!("A")), set(HEADING, json!("B")), set(HEADING, json!("C"))]});
    let put = draft(&app, Method::PUT, &owner, &store, &theme, Some(&body)).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);
    let before = draft(&app, Method::GET, &owner, &store, &theme, None).await;

    let cases = [
        // Two kept, then a good command and a malformed one: the draft's fourth.
        (
            patch(
                version,
                1,
                2,
                json!([set(HEADING, json!("ok")), {"kind": "nonsense"}]),
            ),
            "command.malformed",
            3,
        ),
        (
            patch(version, 1, 1, json!([set(SLIDES, json!(99))])),
            "value.outOfRange",
            1,
        ),
        (
            patch(
                version,
                1,
                0,
                json!([{"kind": "removeSection", "key": "no-such-section"}]),
            ),
            "section.notFound",
            0,
        ),
    ];
    for (body, code, index) in cases {
        let refused = draft(&app, Method::PATCH, &owner, &store, &theme, Some(&body)).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
        assert_eq!(first_code(&refused), code, "{}", refused.text);
        assert_eq!(refused.json["index"], json!(index), "{}", refused.text);
    }

    // Bodies that are no patch: a client error, never a 500.
    for body in [
        json!({"baseVersion": version, "revision": 1, "keep": -1, "commands": []}),
        json!({"baseVersion": version, "revision": 1, "keep": "two", "commands": []}),
        json!({"baseVersion": version, "revision": 1, "keep": 1.5, "commands": []}),
        json!({"baseVersion": version, "revision": 1, "keep": 4_294_967_296_u64, "commands": []}),
        json!({"baseVersion": version, "keep": 1, "commands": []}),
        json!({"baseVersion": version, "revision": 1, "commands": []}),
        json!({"baseVersion": version, "revision": 1, "keep": 1, "commands": {"kind": "setField"}}),
        json!({"revision": 1, "keep": 1, "commands": []}),
        json!([]),
    ] {
        let refused = draft(&app, Method::PATCH, &owner, &store, &theme, Some(&body)).await;
        assert!(
            refused.status.is_client_error(),
            "{body}: {}",
            refused.status
        );
        assert!(!refused.messages().is_empty());
    }

    let after = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(after.json, before.json);
}

#[tokio::test]
async fn another_members_patch_finds_no_draft_of_theirs_and_never_reaches_the_owners() {
    let app = spawn_app().await;
    let (owner, store, theme, version) = demo_theme(&app).await;
    let body = json!({"baseVersion": version, "commands": [set(HEADING, json!("The owner's"))]});
    let put = draft(&app, Method::PUT, &owner, &store, &theme, Some(&body)).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);
    let before = draft(&app, Method::GET, &owner, &store, &theme, None).await;

    // The designer may edit themes in the store, and names the owner's revision and base.
    let (designer, _, _) = app.session_of(DESIGNER_EMAIL).await;
    let theirs = patch(version, 1, 1, json!([set(SLIDES, json!(6))]));
    let refused = draft(
        &app,
        Method::PATCH,
        &designer,
        &store,
        &theme,
        Some(&theirs),
    )
    .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text);
    let none = draft(&app, Method::GET, &designer, &store, &theme, None).await;
    assert_eq!(none.status, StatusCode::NO_CONTENT, "{}", none.text);

    let after = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(after.json, before.json);
}

#[tokio::test]
async fn a_patch_over_the_command_limit_is_400_and_over_the_size_limit_413() {
    let app = spawn_app().await;
    let (owner, store, theme, version) = demo_theme(&app).await;
    let body = json!({"baseVersion": version, "commands": [set(HEADING, json!("Start"))]});
    let put = draft(&app, Method::PUT, &owner, &store, &theme, Some(&body)).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);

    // One kept and as many new as the limit: one too many in all.
    let many: Vec<Value> = (0..core_wasm::limits::THEME_DRAFT_MAX_COMMANDS)
        .map(|i| set(HEADING, json!(format!("{i}"))))
        .collect();
    let refused = draft(
        &app,
        Method::PATCH,
        &owner,
        &store,
        &theme,
        Some(&patch(version, 1, 1, json!(many))),
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert_eq!(first_code(&refused), "draft.tooManyCommands");

    // Each body is within the limit, the draft they make together is not.
    let text = "x".repeat(core_wasm::limits::THEME_TEXT_MAX_CHARS - 1_000);
    let big = |n: usize| -> Value { json!(vec![set(HEADING, json!(text)); n]) };
    let half = core_wasm::limits::THEME_DRAFT_MAX_BYTES / 2 / text.len() + 1;
    let put_big = json!({"baseVersion": version, "commands": big(half)});
    let put = draft(&app, Method::PUT, &owner, &store, &theme, Some(&put_big)).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.status);
    assert_eq!(put.json["revision"], 2);
    let refused = draft(
        &app,
        Method::PATCH,
        &owner,
        &store,
        &theme,
        Some(&patch(version, 2, half as u32, big(half))),
    )
    .await;
    assert_eq!(
        refused.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "{}",
        refused.text
    );
    assert!(
        refused.messages()[0].contains("too large"),
        "{}",
        refused.text
    );

    let read = draft(&app, Method::GET, &owner, &store, &theme, None).await;
    assert_eq!(read.json["revision"], 2);
    assert_eq!(read.json["commands"], put_big["commands"]);
}
