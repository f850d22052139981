//! Themes and the theme config: the list and its management, saves with versions (412, 428),
//! the shared theme vectors through the endpoints, two clients saving at once, the offline
//! batch with its conflicts and retries, and the version history.

use std::sync::Arc;

use axum::http::{Method, StatusCode};
use core_wasm::theme::{ThemeDoc, ThemeEditor, parse_command};
use serde_json::{Value, json};

use crate::helpers::{DESIGNER_EMAIL, OWNER_EMAIL, Reply, TestApp, spawn_app};

const THEMES: &str = "/api/stores/onlinestore/themes";

/// The demo owner's token and store.
async fn owner(app: &TestApp) -> (String, String) {
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    (token, store.expect("store"))
}

async fn themes(app: &TestApp, token: &str, store: &str) -> Vec<Value> {
    let reply = app.get(THEMES).token(token).store(store).send().await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    reply.json.as_array().expect("list").clone()
}

/// The theme of a family in the list.
async fn theme_of(app: &TestApp, token: &str, store: &str, family: &str) -> Value {
    themes(app, token, store)
        .await
        .into_iter()
        .find(|t| t["family"] == family)
        .expect("theme of the family")
}

pub(crate) async fn config_of(
    app: &TestApp,
    token: &str,
    store: &str,
    theme_id: &str,
) -> (i64, Value, String) {
    let reply = app
        .get(&format!("{THEMES}/{theme_id}/config"))
        .token(token)
        .store(store)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    let record = &reply.json[0];
    (
        record["version"].as_i64().expect("version"),
        record["config"].clone(),
        record["id"].as_str().expect("id").to_owned(),
    )
}

/// Saves a whole config as raw text with an optional `If-Match`.
async fn put_config(
    app: &TestApp,
    token: &str,
    store: &str,
    theme_id: &str,
    config_id: &str,
    text: String,
    if_match: Option<&str>,
) -> Reply {
    app.put(&format!("{THEMES}/{theme_id}/config/{config_id}"))
        .body(text)
        .token(token)
        .store(store)
        .header("content-type", "application/json")
        .maybe_header("if-match", if_match)
        .send()
        .await
}

async fn batch(app: &TestApp, token: &str, store: &str, theme_id: &str, body: &Value) -> Reply {
    app.post(&format!("{THEMES}/{theme_id}/commands"))
        .json(body)
        .token(token)
        .store(store)
        .send()
        .await
}

fn first_code(reply: &Reply) -> String {
    reply.json["errors"][0]["code"]
        .as_str()
        .unwrap_or_else(|| panic!("no error code: {}", reply.text))
        .to_owned()
}

#[tokio::test]
async fn a_new_store_has_hydro_active_and_newchick_unpublished() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let list = themes(&app, &token, &store).await;
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["family"], "hydro");
    assert_eq!(list[0]["isActive"], true);
    assert_eq!(list[0]["status"], "published");
    assert_eq!(list[1]["family"], "newchick");
    assert_eq!(list[1]["status"], "unpublished");
    // A store made through the API gets them too.
    let reply = app
        .post("/api/users/create-store")
        .json(&json!({"storeName": "Second Shop"}))
        .token(&token)
        .send()
        .await;
    assert!(reply.status.is_success(), "{}", reply.text);
    let second = app.store_id("second-shop").await;
    let list = themes(&app, &token, &second).await;
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["isActive"], true);
}

#[tokio::test]
async fn themes_are_made_from_templates_cloned_activated_and_deleted_but_never_the_active_one() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let call = |method: Method, path: String, body: Option<Value>| {
        let (app, token, store) = (&app, token.clone(), store.clone());
        async move {
            app.request(method, &path)
                .maybe_json(body.as_ref())
                .token(&token)
                .store(&store)
                .send()
                .await
        }
    };
    let templates = call(
        Method::GET,
        "/api/stores/onlinestore/templates".into(),
        None,
    )
    .await;
    assert_eq!(templates.status, StatusCode::OK);
    let ids: Vec<&str> = templates
        .json
        .as_array()
        .expect("list")
        .iter()
        .map(|t| t["id"].as_str().expect("id"))
        .collect();
    assert_eq!(ids, vec!["hydro", "newchick"]);

    let made = call(
        Method::POST,
        "/api/stores/onlinestore/template/newchick".into(),
        Some(json!({"name": "Autumn"})),
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text);
    assert_eq!(made.json["family"], "newchick");
    assert_eq!(made.json["status"], "unpublished");
    let autumn = made.json["id"].as_str().expect("id").to_owned();
    assert_eq!(
        call(
            Method::POST,
            "/api/stores/onlinestore/template/nope".into(),
            Some(json!({}))
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );

    let created = call(
        Method::POST,
        THEMES.into(),
        Some(json!({"name": "Plain", "family": "hydro"})),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let bad_family = call(
        Method::POST,
        THEMES.into(),
        Some(json!({"name": "X", "family": "retro"})),
    )
    .await;
    assert_eq!(bad_family.status, StatusCode::BAD_REQUEST);
    let no_name = call(Method::POST, THEMES.into(), Some(json!({"name": "  "}))).await;
    assert_eq!(no_name.status, StatusCode::BAD_REQUEST);

    let mut config: Value =
        serde_json::from_str(server::db::themes::TEMPLATES[0].config).expect("template");
    config["mine"] = json!({"kept": true});
    let added = call(
        Method::POST,
        format!("{THEMES}/add"),
        Some(json!({"name": "Imported", "config": config})),
    )
    .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.text);
    assert_eq!(added.json["source"], "import");
    let added_id = added.json["id"].as_str().expect("id").to_owned();
    let (_, stored, _) = config_of(&app, &token, &store, &added_id).await;
    assert_eq!(stored, config);
    config["pages"]["homepage"]["sections"]["featured-collection-1"]["settings"]["item_per_row"] =
        json!(9);
    let refused = call(
        Method::POST,
        format!("{THEMES}/add"),
        Some(json!({"name": "Bad", "config": config})),
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(first_code(&refused), "value.outOfRange");
    // A colour as the old colour field garbled it, in an imported config: refused by the core.
    config["pages"]["homepage"]["sections"]["featured-collection-1"]["settings"]["item_per_row"] =
        json!(4);
    config["settings"]["colors"]["color_price"] = json!("#22aa99f");
    let garbled = call(
        Method::POST,
        format!("{THEMES}/add"),
        Some(json!({"name": "Garbled", "config": config})),
    )
    .await;
    assert_eq!(garbled.status, StatusCode::BAD_REQUEST, "{}", garbled.text);
    assert_eq!(first_code(&garbled), "value.notAColour");
    let not_a_config = call(
        Method::POST,
        format!("{THEMES}/add"),
        Some(json!({"name": "Bad", "config": []})),
    )
    .await;
    assert_eq!(first_code(&not_a_config), "theme.shape");

    let cloned = call(
        Method::POST,
        format!("{THEMES}/{autumn}/clone"),
        Some(json!({})),
    )
    .await;
    assert_eq!(cloned.status, StatusCode::CREATED, "{}", cloned.text);
    assert_eq!(cloned.json["name"], "Copy of Autumn");
    assert_eq!(cloned.json["family"], "newchick");

    let activated = call(Method::POST, format!("{THEMES}/{autumn}/activate"), None).await;
    assert_eq!(activated.status, StatusCode::OK, "{}", activated.text);
    assert_eq!(activated.json["isActive"], true);
    let list = themes(&app, &token, &store).await;
    assert_eq!(list.iter().filter(|t| t["isActive"] == true).count(), 1);
    assert_eq!(list[0]["id"], autumn.as_str());

    let refused = call(Method::DELETE, format!("{THEMES}/{autumn}"), None).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    let hydro = list
        .iter()
        .find(|t| t["source"] == "hydro" && t["name"] == "Hydro")
        .expect("hydro");
    let hydro_id = hydro["id"].as_str().expect("id");
    let deleted = call(Method::DELETE, format!("{THEMES}/{hydro_id}"), None).await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text);
    let again = call(Method::DELETE, format!("{THEMES}/{hydro_id}"), None).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    let typed = call(
        Method::PUT,
        "/api/stores/themeTypes/newchick".into(),
        Some(json!({})),
    )
    .await;
    assert_eq!(typed.status, StatusCode::OK);
    assert_eq!(typed.json["themeType"], "newchick");
    let prefs = call(Method::GET, "/api/stores/preferences".into(), None).await;
    assert_eq!(prefs.json["storeFrontDefaultTheme"], "newchick");
    assert_eq!(
        call(
            Method::PUT,
            "/api/stores/themeTypes/retro".into(),
            Some(json!({}))
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_save_needs_the_current_version_and_reads_back_equal_unknown_fields_included() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let theme = theme_of(&app, &token, &store, "hydro").await;
    let theme_id = theme["id"].as_str().expect("id");
    let (version, mut config, config_id) = config_of(&app, &token, &store, theme_id).await;
    assert_eq!(version, 1);
    config["settings"]["typography"]["font_size_price"] = json!(20);
    config["futureField"] = json!({"nested": [1, "two", null, {"deep": true}]});
    config["settings"]["colors"]["unknown_colour"] = json!("#123456");
    let text = config.to_string();

    let missing = put_config(
        &app,
        &token,
        &store,
        theme_id,
        &config_id,
        text.clone(),
        None,
    )
    .await;
    assert_eq!(missing.status, StatusCode::PRECONDITION_REQUIRED);
    assert!(!missing.messages().is_empty());
    let stale = put_config(
        &app,
        &token,
        &store,
        theme_id,
        &config_id,
        text.clone(),
        Some("0"),
    )
    .await;
    assert_eq!(stale.status, StatusCode::PRECONDITION_FAILED);
    assert_eq!(stale.json["version"], 1);
    let wrong_config = put_config(
        &app,
        &token,
        &store,
        theme_id,
        "other",
        text.clone(),
        Some("1"),
    )
    .await;
    assert_eq!(wrong_config.status, StatusCode::NOT_FOUND);
    let saved = put_config(
        &app,
        &token,
        &store,
        theme_id,
        &config_id,
        text.clone(),
        Some("\"1\""),
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(saved.json["version"], 2);
    let (version, stored, _) = config_of(&app, &token, &store, theme_id).await;
    assert_eq!(version, 2);
    assert_eq!(stored, config);
    // The same save again is stale now.
    let again = put_config(&app, &token, &store, theme_id, &config_id, text, Some("1")).await;
    assert_eq!(again.status, StatusCode::PRECONDITION_FAILED);
    assert_eq!(again.json["version"], 2);

    // The theme's pages, and a page replaced through its own call.
    let pages = app
        .get(&format!("{THEMES}/{theme_id}/pages"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(pages.status, StatusCode::OK);
    assert_eq!(pages.json["version"], 2);
    let homepage = pages.json["pages"]
        .as_array()
        .expect("pages")
        .iter()
        .find(|p| p["id"] == "homepage")
        .expect("homepage")["config"]
        .clone();
    let mut page = homepage.clone();
    page["sections"]["featured-collection-1"]["settings"]["item_per_row"] = json!(5);
    let put_page = |body: Value, version: Option<&'static str>| {
        let (app, token, store) = (&app, token.clone(), store.as_str());
        let path = format!("{THEMES}/{theme_id}/pages/homepage");
        async move {
            app.put(&path)
                .json(&body)
                .token(&token)
                .store(store)
                .maybe_header("if-match", version)
                .send()
                .await
        }
    };
    assert_eq!(
        put_page(page.clone(), None).await.status,
        StatusCode::PRECONDITION_REQUIRED
    );
    assert_eq!(
        put_page(page.clone(), Some("1")).await.status,
        StatusCode::PRECONDITION_FAILED
    );
    let saved = put_page(page.clone(), Some("2")).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(saved.json["version"], 3);
    page["sections"]["featured-collection-1"]["settings"]["item_per_row"] = json!(12);
    let refused = put_page(page, Some("3")).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(first_code(&refused), "value.outOfRange");
    let unknown_page = app
        .put(&format!("{THEMES}/{theme_id}/pages/nopage"))
        .body("{}")
        .token(&token)
        .store(&store)
        .header("if-match", "3")
        .send()
        .await;
    assert_eq!(unknown_page.status, StatusCode::NOT_FOUND);
}

fn read_core_file(path: &str) -> String {
    let path = format!("{}/../core-wasm/tests/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"))
}

/// Expands `{"$repeat": s, "count": n}` as the core's vector runner does.
fn expand(value: &mut Value) {
    if let Some(text) = value.get("$repeat").and_then(Value::as_str) {
        let count = value["count"].as_u64().expect("count") as usize;
        *value = Value::String(text.repeat(count));
        return;
    }
    match value {
        Value::Object(map) => map.values_mut().for_each(expand),
        Value::Array(items) => items.iter_mut().for_each(expand),
        _ => {}
    }
}

/// Writes `value` at a JSON pointer, creating missing objects; false when a list index is
/// missing or the pointer cannot be followed.
fn write_at(root: &mut Value, pointer: &str, value: Value) -> bool {
    let segments: Vec<String> = pointer[1..]
        .split('/')
        .map(|s| s.replace("~1", "/").replace("~0", "~"))
        .collect();
    let Some((last, parents)) = segments.split_last() else {
        return false;
    };
    let mut here = root;
    for s in parents {
        here = match here {
            Value::Object(map) => map.entry(s.clone()).or_insert_with(|| json!({})),
            Value::Array(items) => match s.parse::<usize>().ok().and_then(|i| items.get_mut(i)) {
                Some(item) => item,
                None => return false,
            },
            _ => return false,
        };
    }
    match here {
        Value::Object(map) => {
            map.insert(last.clone(), value);
            true
        }
        Value::Array(items) => match last.parse::<usize>().ok().and_then(|i| items.get_mut(i)) {
            Some(item) => {
                *item = value;
                true
            }
            None => false,
        },
        _ => false,
    }
}

/// Every shared vector of the theme engine through the endpoints: a config the engine refuses
/// to load is refused by the save with the same code; a batch of the vector's commands is
/// refused with the code the engine gives (and names the command) or stores exactly what the
/// engine makes; a whole config with a refused value written in is refused with the same code;
/// every accepted config is stored and read back equal.
#[tokio::test]
async fn the_endpoints_refuse_exactly_what_the_engine_refuses_with_the_same_codes() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let hydro = theme_of(&app, &token, &store, "hydro").await;
    let hydro_id = hydro["id"].as_str().expect("id").to_owned();
    let (mut hydro_version, _, hydro_config_id) = config_of(&app, &token, &store, &hydro_id).await;
    let groups = [
        "limits",
        "choices",
        "paths",
        "sections",
        "lists",
        "fonts_countdown",
        "malformed",
        "history",
    ];
    let (mut loads, mut batches, mut wholes, mut accepted) = (0, 0, 0, 0);
    for group in groups {
        let vectors: Vec<Value> =
            serde_json::from_str(&read_core_file(&format!("vectors/theme/{group}.json")))
                .expect("vectors");
        for vector in vectors {
            let name = vector["name"].as_str().expect("name");
            let expect = &vector["expect"];
            let Some(fixture) = vector["fixture"].as_str() else {
                // A config the engine will not load: the save refuses it with the same code.
                let text = vector["configText"].as_str().expect("text").to_owned();
                let reply = put_config(
                    &app,
                    &token,
                    &store,
                    &hydro_id,
                    &hydro_config_id,
                    text,
                    Some(&hydro_version.to_string()),
                )
                .await;
                assert_eq!(
                    reply.status,
                    StatusCode::BAD_REQUEST,
                    "{name}: {}",
                    reply.text
                );
                assert_eq!(
                    Some(first_code(&reply).as_str()),
                    expect["loadError"].as_str(),
                    "{name}"
                );
                loads += 1;
                continue;
            };
            let mut commands: Vec<Value> = vector["commands"].as_array().expect("commands").clone();
            commands.iter_mut().for_each(expand);
            // What the engine itself makes of the commands.
            let doc = ThemeDoc::parse(&read_core_file(&format!("fixtures/{fixture}.json")))
                .expect("fixture");
            let mut editor = ThemeEditor::new(doc.clone());
            let mut engine_error = None;
            for (i, command) in commands.iter().enumerate() {
                if let Err(e) = parse_command(command.clone()).and_then(|c| editor.apply(c)) {
                    engine_error = Some((i, e));
                    break;
                }
            }
            // A fresh theme of the fixture, at version 1.
            let made = app
                .post(&format!("/api/stores/onlinestore/template/{fixture}"))
                .json(&json!({}))
                .token(&token)
                .store(&store)
                .send()
                .await;
            assert_eq!(made.status, StatusCode::CREATED, "{}", made.text);
            let theme_id = made.json["id"].as_str().expect("id").to_owned();
            let config_id = made.json["configId"]
                .as_str()
                .expect("config id")
                .to_owned();
            let reply = batch(
                &app,
                &token,
                &store,
                &theme_id,
                &json!({"batchId": name, "baseVersion": 1, "commands": commands}),
            )
            .await;
            match &engine_error {
                Some((index, error)) => {
                    assert_eq!(
                        reply.status,
                        StatusCode::BAD_REQUEST,
                        "{name}: {}",
                        reply.text
                    );
                    assert_eq!(first_code(&reply), error.code(), "{name}");
                    assert_eq!(
                        expect["error"]["code"].as_str(),
                        Some(error.code()),
                        "{name}"
                    );
                    assert_eq!(reply.json["index"], json!(index), "{name}");
                    let (version, stored, _) = config_of(&app, &token, &store, &theme_id).await;
                    assert_eq!(version, 1, "{name}: a refused batch changed the version");
                    assert_eq!(
                        &stored,
                        doc.value(),
                        "{name}: a refused batch changed the config"
                    );
                    batches += 1;
                    // A refused value written straight into a whole config is refused alike.
                    let last = commands.last().expect("a command");
                    let value_error =
                        error.code().starts_with("value.") && error.code() != "value.badTime";
                    if last["kind"] == "setField" && value_error {
                        let mut whole = editor.doc().value().clone();
                        let pointer = last["path"].as_str().expect("path");
                        if write_at(&mut whole, pointer, last["value"].clone()) {
                            let reply = put_config(
                                &app,
                                &token,
                                &store,
                                &theme_id,
                                &config_id,
                                whole.to_string(),
                                Some("1"),
                            )
                            .await;
                            assert_eq!(
                                reply.status,
                                StatusCode::BAD_REQUEST,
                                "{name}: whole config accepted"
                            );
                            let codes: Vec<&str> = reply.json["errors"]
                                .as_array()
                                .expect("errors")
                                .iter()
                                .filter_map(|e| e["code"].as_str())
                                .collect();
                            assert!(codes.contains(&error.code()), "{name}: {codes:?}");
                            wholes += 1;
                        }
                    }
                }
                None => {
                    assert_eq!(reply.status, StatusCode::OK, "{name}: {}", reply.text);
                    let applied = reply.json["report"]["applied"]
                        .as_array()
                        .expect("applied")
                        .len();
                    assert_eq!(applied, commands.len(), "{name}");
                    let (_, stored, _) = config_of(&app, &token, &store, &theme_id).await;
                    assert_eq!(
                        &stored,
                        editor.doc().value(),
                        "{name}: the batch stored something else"
                    );
                    // The engine's result saved whole on the demo theme reads back equal.
                    let reply = put_config(
                        &app,
                        &token,
                        &store,
                        &hydro_id,
                        &hydro_config_id,
                        editor.doc().to_json(),
                        Some(&hydro_version.to_string()),
                    )
                    .await;
                    assert_eq!(reply.status, StatusCode::OK, "{name}: {}", reply.text);
                    hydro_version = reply.json["version"].as_i64().expect("version");
                    let (_, stored, _) = config_of(&app, &token, &store, &hydro_id).await;
                    assert_eq!(&stored, editor.doc().value(), "{name}: read back differs");
                    accepted += 1;
                }
            }
            // Keep the store small: the theme is not active, so it may go.
            let deleted = app
                .delete(&format!("{THEMES}/{theme_id}"))
                .token(&token)
                .store(&store)
                .send()
                .await;
            assert_eq!(deleted.status, StatusCode::OK);
        }
    }
    assert!(loads >= 5, "{loads}");
    assert!(batches >= 150, "{batches}");
    assert!(wholes >= 100, "{wholes}");
    assert!(accepted >= 200, "{accepted}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_interleaving_500_saves_lose_no_update_and_every_stale_save_gets_412() {
    let app = Arc::new(spawn_app().await);
    let (owner_token, store) = owner(&app).await;
    let (designer_token, _, _) = app.session_of(DESIGNER_EMAIL).await;
    let theme = theme_of(&app, &owner_token, &store, "hydro").await;
    let theme_id = theme["id"].as_str().expect("id").to_owned();
    let config_id = theme["configId"].as_str().expect("config id").to_owned();
    let (_, base, _) = config_of(&app, &owner_token, &store, &theme_id).await;
    let mut clients = Vec::new();
    for (client, token) in [("a", owner_token.clone()), ("b", designer_token)] {
        let (app, store, theme_id, config_id, base) = (
            app.clone(),
            store.clone(),
            theme_id.clone(),
            config_id.clone(),
            base.clone(),
        );
        clients.push(tokio::spawn(async move {
            // (version saved, value written) of each win; the count of stale saves refused.
            let mut wins: Vec<(i64, String)> = Vec::new();
            let (mut known_stale, mut raced) = (0, 0);
            let mut known = 1_i64;
            for i in 0..250 {
                let value = format!("{client}-{i}");
                let mut config = base.clone();
                config["_meta"]["lastWriter"] = json!(value);
                // Every fifth save is sent on purpose with a version known to be old.
                let deliberate_stale = i % 5 == 4 && known > 1;
                let version = if deliberate_stale { known - 1 } else { known };
                let reply = put_config(
                    &app,
                    &token,
                    &store,
                    &theme_id,
                    &config_id,
                    config.to_string(),
                    Some(&version.to_string()),
                )
                .await;
                match reply.status {
                    StatusCode::OK => {
                        assert!(!deliberate_stale, "a stale save was accepted");
                        known = reply.json["version"].as_i64().expect("version");
                        wins.push((known, value));
                    }
                    StatusCode::PRECONDITION_FAILED => {
                        let current = reply.json["version"].as_i64().expect("current version");
                        assert!(current > version, "412 for a current version");
                        known = current;
                        if deliberate_stale {
                            known_stale += 1;
                        } else {
                            raced += 1;
                        }
                    }
                    other => panic!("unexpected {other}: {}", reply.text),
                }
            }
            (wins, known_stale, raced)
        }));
    }
    let mut wins = Vec::new();
    let mut stale = 0;
    for client in clients {
        let (w, s, r) = client.await.expect("client");
        wins.extend(w);
        stale += s + r;
    }
    assert_eq!(wins.len() + stale, 500);
    assert!(stale >= 80, "only {stale} stale saves");
    // Every accepted save has its own version, in a row after the first.
    wins.sort();
    let versions: Vec<i64> = wins.iter().map(|(v, _)| *v).collect();
    let expected: Vec<i64> = (2..2 + i64::try_from(wins.len()).expect("count")).collect();
    assert_eq!(versions, expected, "versions are not one per accepted save");
    // No update is lost: each version the history keeps (the last THEME_VERSIONS_KEPT) holds
    // exactly what its save wrote, the older ones are gone, and the config is the last one's.
    let kept = usize::try_from(core_wasm::limits::THEME_VERSIONS_KEPT).expect("kept");
    assert!(wins.len() > kept, "only {} saves won", wins.len());
    for (at, (version, value)) in wins.iter().enumerate() {
        let reply = app
            .get(&format!("{THEMES}/{theme_id}/versions/{version}"))
            .token(&owner_token)
            .store(&store)
            .send()
            .await;
        if at + kept < wins.len() {
            assert_eq!(reply.status, StatusCode::NOT_FOUND, "version {version}");
            continue;
        }
        assert_eq!(
            reply.json["config"]["_meta"]["lastWriter"],
            json!(value),
            "version {version}"
        );
    }
    let (version, config, _) = config_of(&app, &owner_token, &store, &theme_id).await;
    let (last_version, last_value) = wins.last().expect("a win");
    assert_eq!(version, *last_version);
    assert_eq!(config["_meta"]["lastWriter"], json!(last_value));
}

#[tokio::test]
async fn an_offline_batch_merges_other_paths_reports_a_conflict_on_the_same_path_and_is_never_applied_twice()
 {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let theme = theme_of(&app, &token, &store, "hydro").await;
    let theme_id = theme["id"].as_str().expect("id").to_owned();
    let price = "/settings/typography/font_size_price";
    let sale = "/settings/typography/font_size_sale_tag";
    let per_row = "/pages/homepage/sections/featured-collection-1/settings/item_per_row";
    // Someone else changes the price size online (version 2).
    let online = batch(
        &app,
        &token,
        &store,
        &theme_id,
        &json!({"batchId": "online-1", "baseVersion": 1,
        "commands": [{"kind": "setField", "path": price, "value": 30}]}),
    )
    .await;
    assert_eq!(online.status, StatusCode::OK, "{}", online.text);
    assert_eq!(online.json["version"], 2);
    // The offline client edited version 1: the sale tag and items per row, and the price too.
    let offline = json!({"batchId": "offline-7", "baseVersion": 1, "commands": [
        {"kind": "setField", "path": sale, "value": 14},
        {"kind": "setField", "path": price, "value": 18},
        {"kind": "setField", "path": per_row, "value": 5}
    ]});
    let reply = batch(&app, &token, &store, &theme_id, &offline).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    assert_eq!(reply.json["version"], 3);
    assert_eq!(reply.json["repeated"], false);
    assert_eq!(reply.json["report"]["applied"], json!([0, 2]));
    assert_eq!(reply.json["report"]["conflicts"][0]["index"], 1);
    assert_eq!(
        reply.json["report"]["conflicts"][0]["paths"],
        json!([price])
    );
    let (version, config, _) = config_of(&app, &token, &store, &theme_id).await;
    assert_eq!(version, 3);
    assert_eq!(
        config.pointer(price),
        Some(&json!(30)),
        "the online change stays"
    );
    assert_eq!(config.pointer(sale), Some(&json!(14)));
    assert_eq!(config.pointer(per_row), Some(&json!(5)));
    // The retry (the answer was lost on the way) is answered, not applied again.
    let retry = batch(&app, &token, &store, &theme_id, &offline).await;
    assert_eq!(retry.status, StatusCode::OK);
    assert_eq!(retry.json["repeated"], true);
    assert_eq!(retry.json["version"], 3);
    assert_eq!(retry.json["report"], reply.json["report"]);
    let (version, again, _) = config_of(&app, &token, &store, &theme_id).await;
    assert_eq!(version, 3);
    assert_eq!(again, config);
    let history = app
        .get(&format!("{THEMES}/{theme_id}/versions"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(history.json.as_array().expect("versions").len(), 3);
    // A batch whose only command conflicts saves nothing, and says so.
    let lost = batch(
        &app,
        &token,
        &store,
        &theme_id,
        &json!({"batchId": "offline-8", "baseVersion": 1,
        "commands": [{"kind": "setField", "path": price, "value": 16}]}),
    )
    .await;
    assert_eq!(lost.json["version"], 3);
    assert_eq!(lost.json["report"]["applied"], json!([]));
    // A base version that never existed is stale.
    let unknown = batch(
        &app,
        &token,
        &store,
        &theme_id,
        &json!({"batchId": "x", "baseVersion": 99, "commands": []}),
    )
    .await;
    assert_eq!(unknown.status, StatusCode::PRECONDITION_FAILED);
    assert_eq!(unknown.json["version"], 3);
}

#[tokio::test]
async fn every_save_keeps_a_version_that_can_be_read_and_restored_as_a_new_one() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let theme = theme_of(&app, &token, &store, "newchick").await;
    let theme_id = theme["id"].as_str().expect("id").to_owned();
    let (_, original, config_id) = config_of(&app, &token, &store, &theme_id).await;
    let mut changed = original.clone();
    changed["settings"]["typography"]["font_size_price"] = json!(22);
    let saved = put_config(
        &app,
        &token,
        &store,
        &theme_id,
        &config_id,
        changed.to_string(),
        Some("1"),
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let list = app
        .get(&format!("{THEMES}/{theme_id}/versions"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(list.status, StatusCode::OK);
    let versions = list.json.as_array().expect("versions");
    assert_eq!(versions.len(), 2);
    assert_eq!(versions[0]["version"], 2);
    assert_eq!(versions[0]["savedByName"], "Olivia Nguyen");
    assert_eq!(
        versions[0]["paths"],
        json!(["/settings/typography/font_size_price"])
    );
    assert!(
        versions[0]["summary"]
            .as_str()
            .expect("summary")
            .contains("Saved")
    );
    let one = app
        .get(&format!("{THEMES}/{theme_id}/versions/1"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(one.json["config"], original);
    let restore = |version: Option<&'static str>| {
        let (app, token, store, path) = (
            &app,
            token.clone(),
            store.as_str(),
            format!("{THEMES}/{theme_id}/versions/1/restore"),
        );
        async move {
            app.post(&path)
                .token(&token)
                .store(store)
                .maybe_header("if-match", version)
                .send()
                .await
        }
    };
    assert_eq!(
        restore(None).await.status,
        StatusCode::PRECONDITION_REQUIRED
    );
    assert_eq!(
        restore(Some("1")).await.status,
        StatusCode::PRECONDITION_FAILED
    );
    let restored = restore(Some("2")).await;
    assert_eq!(restored.status, StatusCode::OK, "{}", restored.text);
    assert_eq!(restored.json["version"], 3);
    let (_, config, _) = config_of(&app, &token, &store, &theme_id).await;
    assert_eq!(config, original);
    let missing = app
        .get(&format!("{THEMES}/{theme_id}/versions/42"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_theme_is_renamed_and_previewed_through_a_signed_link_of_its_own_store_only() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let made = app
        .post("/api/stores/onlinestore/template/newchick")
        .json(&json!({"name": "Autumn"}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text);
    let id = made.json["id"].as_str().expect("id").to_owned();
    let one = format!("{THEMES}/{id}");

    let renamed = app
        .put(&one)
        .json(&json!({"name": " Autumn sale "}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text);
    assert_eq!(renamed.json["name"], "Autumn sale");
    assert_eq!(renamed.json["version"], made.json["version"]);
    let blank = app
        .put(&one)
        .json(&json!({"name": "  "}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(blank.status, StatusCode::BAD_REQUEST);
    assert!(!blank.messages().is_empty());

    // Another store's member cannot rename it nor ask for its preview: it is not theirs.
    let (seller, _, seller_store) = app.session_of(crate::helpers::SELLER_EMAIL).await;
    let seller_store = seller_store.expect("store");
    let theirs = app
        .put(&one)
        .json(&json!({"name": "Mine"}))
        .token(&seller)
        .store(&seller_store)
        .send()
        .await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    let theirs = app
        .post(&format!("{one}/preview"))
        .token(&seller)
        .store(&seller_store)
        .send()
        .await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);

    let link = app
        .post(&format!("{one}/preview"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(link.status, StatusCode::OK, "{}", link.text);
    let url = link.json["url"].as_str().expect("url").to_owned();
    assert!(url.starts_with("/s/demo/?preview="), "{url}");
    // The live storefront shows the active theme (hydro); the link shows the unpublished one.
    let live = app.get("/s/demo/").send().await;
    assert!(live.text.contains("fam-hydro"));
    let shown = app.get(&url).send().await;
    assert_eq!(shown.status, StatusCode::OK);
    assert!(
        shown.text.contains("fam-newchick"),
        "the linked theme is shown"
    );
    assert_eq!(shown.headers["cache-control"], "no-store");
    assert_eq!(shown.headers["x-robots-tag"], "noindex");

    // The same link on another store's storefront, a forged one and a deleted theme show nothing.
    let token_part = url.split_once("preview=").expect("token").1.to_owned();
    let elsewhere = app
        .get(&format!("/s/sams-goods/?preview={token_part}"))
        .send()
        .await;
    assert_eq!(elsewhere.status, StatusCode::NOT_FOUND);
    let forged = app
        .get(&format!("/s/demo/?preview={token_part}x"))
        .send()
        .await;
    assert_eq!(forged.status, StatusCode::NOT_FOUND);
    let deleted = app.delete(&one).token(&token).store(&store).send().await;
    assert_eq!(deleted.status, StatusCode::OK);
    assert_eq!(app.get(&url).send().await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_editor_reads_html_texts_cleaned_while_a_plain_read_round_trips() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let theme = theme_of(&app, &token, &store, "hydro").await;
    let id = theme["id"].as_str().expect("id");
    let (version, _, _) = config_of(&app, &token, &store, id).await;
    let active = "<img src=x onerror=\"steal()\"><p onclick=\"steal()\">Hi</p>";
    let info = "/pages/fixed/sections/footer/settings/info";
    let body = json!({"batchId": "clean-1", "baseVersion": version, "commands": [
        {"kind": "setField", "path": info, "value": active},
        {"kind": "setField", "path": "/settings/product/heading", "value": "a <b> c"},
    ]});
    let saved = batch(&app, &token, &store, id, &body).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let saved_version = saved.json["version"].as_i64().expect("version");

    // As stored: what a save wrote reads back exactly.
    let (_, plain, _) = config_of(&app, &token, &store, id).await;
    assert_eq!(plain.pointer(info), Some(&json!(active)));
    // As the editor reads it for its preview frame: the HTML text cleaned, plain texts as typed.
    for path in [
        format!("{THEMES}/{id}/config?cleanHtml=true"),
        format!("{THEMES}/{id}/versions/{saved_version}?cleanHtml=true"),
    ] {
        let reply = app.get(&path).token(&token).store(&store).send().await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        let config = if reply.json.is_array() {
            reply.json[0]["config"].clone()
        } else {
            reply.json["config"].clone()
        };
        assert_eq!(
            config.pointer(info),
            Some(&json!("<img src=\"x\"><p>Hi</p>")),
            "{path}"
        );
        assert_eq!(
            config.pointer("/settings/product/heading"),
            Some(&json!("a <b> c")),
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_saved_batch_says_in_words_what_it_changed() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let theme = theme_of(&app, &token, &store, "hydro").await;
    let theme_id = theme["id"].as_str().expect("id").to_owned();
    let slides = "/pages/homepage/sections/head-image-1/settings/content/desktop/0";
    let body = json!({"batchId": "words-1", "baseVersion": 1, "commands": [
        {"kind": "setField", "path": format!("{slides}/heading/content"), "value": "Winter sale"},
        {"kind": "setField", "path": format!("{slides}/heading/color"), "value": "#2a9d8f"},
        {"kind": "setField", "path": format!("{slides}/heading/content"), "value": "Winter sales"},
        {"kind": "moveSection", "key": "featured-collection-1", "to": 1},
        {"kind": "addSection", "key": "key-features-9", "sectionType": "key_features", "position": 1, "place": "below"},
        {"kind": "setField", "path": "/settings/colors/color_price", "value": "#123456"},
        {"kind": "removeSection", "key": "product-review-1"}
    ]});
    let reply = batch(&app, &token, &store, &theme_id, &body).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    let list = app
        .get(&format!("{THEMES}/{theme_id}/versions"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    let newest = &list.json[0];
    assert_eq!(
        newest["changes"],
        json!([
            {"action": "edited", "section": "head-image-1", "sectionType": "head-image", "field": "heading_content"},
            {"action": "edited", "section": "head-image-1", "sectionType": "head-image", "field": "heading_color"},
            {"action": "moved", "section": "featured-collection-1", "sectionType": "featured-collection"},
            {"action": "added", "section": "key-features-9", "sectionType": "key_features"},
            {"action": "edited", "group": "colors", "field": "color_price"},
            {"action": "removed", "section": "product-review-1", "sectionType": "product-review"}
        ]),
        "{}",
        list.text
    );
    assert_eq!(
        newest["summary"],
        "Edited Slideshow's heading content; Edited Slideshow's heading color; Moved Featured \
         collection; Added Key features; Edited Colors: color price; Removed Product review"
    );
    // A version saved whole says so in its summary, with no changes listed.
    assert_eq!(list.json[1]["changes"], json!([]));
}

#[tokio::test]
async fn a_config_is_fetched_by_its_own_id_and_another_stores_id_is_404() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    let theme = theme_of(&app, &token, &store, "hydro").await;
    let theme_id = theme["id"].as_str().expect("id");
    let config_id = theme["configId"].as_str().expect("config id");
    let (version, config, listed_id) = config_of(&app, &token, &store, theme_id).await;
    assert_eq!(listed_id, config_id);
    let by_id = app
        .get(&format!("{THEMES}/configs/{config_id}"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(by_id.status, StatusCode::OK, "{}", by_id.text);
    assert_eq!(by_id.json["id"], config_id);
    assert_eq!(by_id.json["themeId"], theme_id);
    assert_eq!(by_id.json["version"], version);
    assert_eq!(by_id.json["config"], config);
    assert_eq!(
        by_id.headers.get("etag").and_then(|v| v.to_str().ok()),
        Some(format!("\"{version}\"").as_str())
    );

    // Another store's member asks for this store's config by its id: 404, in their store.
    let (seller_token, seller_store) = crate::helpers::fresh_store(&app).await;
    let foreign = app
        .get(&format!("{THEMES}/configs/{config_id}"))
        .token(&seller_token)
        .store(&seller_store)
        .send()
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND, "{}", foreign.text);
    let unknown = app
        .get(&format!("{THEMES}/configs/no-such-config"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{}", unknown.text);
}

/// `GET .../themes/editor` as `token` in `store`.
async fn editor_data(app: &TestApp, token: String, store: String) -> Value {
    let reply = app
        .get(&format!("{THEMES}/editor"))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    reply.json
}

#[tokio::test]
async fn the_editor_shows_full_settings_only_to_an_address_on_the_support_list() {
    let app = spawn_app().await;
    let (token, store) = owner(&app).await;
    assert_eq!(
        editor_data(&app, token, store).await,
        json!({"showFullSettings": false})
    );

    let app = crate::helpers::spawn_app_configured(|config| {
        config.support_emails = vec![OWNER_EMAIL.to_owned()];
    })
    .await;
    let (token, store) = owner(&app).await;
    assert_eq!(
        editor_data(&app, token, store.clone()).await,
        json!({"showFullSettings": true})
    );
    let (designer, _, _) = app.session_of(DESIGNER_EMAIL).await;
    let reply = editor_data(&app, designer, store).await;
    assert_eq!(reply, json!({"showFullSettings": false}));
}
