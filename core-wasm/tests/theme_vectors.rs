//! Runs the shared theme vectors in `tests/vectors/theme/` natively. The UI's Vitest suite runs
//! the same files through the WebAssembly build, so both targets are held to one set of answers.
//! Each vector loads a fixture (or a raw config text), applies its commands (all but the last
//! must apply; the last is refused when an error is expected, and then nothing may change),
//! checks values, absent paths and the section list, and with `undoAll` undoes everything and
//! expects the fixture back exactly.

use core_wasm::theme::{ThemeDoc, ThemeEditor, parse_command, section_list};
use serde_json::Value;

const GROUPS: [&str; 8] = [
    "limits",
    "choices",
    "paths",
    "sections",
    "lists",
    "fonts_countdown",
    "malformed",
    "history",
];

fn read(path: &str) -> String {
    let path = format!("{}/tests/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"))
}

/// Equality of JSON values where numbers compare by value (`4` equals `4.0`).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// Expands `{"$repeat": s, "count": n}` into the string `s` repeated `n` times.
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

fn run(vector: &Value) {
    let name = vector["name"].as_str().expect("name");
    let expect = &vector["expect"];
    let text = match vector["fixture"].as_str() {
        Some(fixture) => read(&format!("fixtures/{fixture}.json")),
        None => vector["configText"]
            .as_str()
            .expect("config text")
            .to_owned(),
    };
    let doc = match ThemeDoc::parse(&text) {
        Ok(doc) => {
            assert!(expect.get("loadError").is_none(), "{name}: loaded");
            doc
        }
        Err(error) => {
            assert_eq!(Some(error.code()), expect["loadError"].as_str(), "{name}");
            return;
        }
    };
    let original = doc.value().clone();
    let mut editor = ThemeEditor::new(doc);
    let commands = vector["commands"].as_array().expect("commands");
    for (i, command) in commands.iter().enumerate() {
        let mut command = command.clone();
        expand(&mut command);
        let before = editor.doc().value().clone();
        let result = parse_command(command).and_then(|c| editor.apply(c));
        let last = i + 1 == commands.len();
        match (&expect["error"], result) {
            (Value::Object(error), Err(got)) if last => {
                assert_eq!(Some(got.code()), error["code"].as_str(), "{name}: {got:?}");
                if let Some(path) = error.get("path") {
                    assert_eq!(Some(got.path().as_str()), path.as_str(), "{name}: path");
                }
                if let Some(message) = error.get("message") {
                    assert_eq!(Some(got.to_string().as_str()), message.as_str(), "{name}");
                }
                // The numbers a translation fills in come with the error, never read from
                // its English message.
                if let Some(count) = error.get("count") {
                    assert_eq!(got.count(), count.as_f64(), "{name}: count");
                }
                if let Some(max) = error.get("max") {
                    assert_eq!(got.max(), max.as_f64(), "{name}: max");
                }
                assert_eq!(
                    editor.doc().value(),
                    &before,
                    "{name}: a refused command changed the doc"
                );
            }
            (_, Ok(_)) if !(last && expect["error"].is_object()) => {}
            (_, outcome) => panic!("{name}: command {i} gave {outcome:?}"),
        }
    }
    if let Some(values) = expect.get("values").and_then(Value::as_object) {
        for (pointer, want) in values {
            let got = editor.doc().get(pointer);
            assert!(
                got.is_some_and(|g| same(g, want)),
                "{name}: {pointer} is {got:?}, want {want}"
            );
        }
    }
    for pointer in expect["absent"].as_array().into_iter().flatten() {
        let pointer = pointer.as_str().expect("pointer");
        assert!(
            editor.doc().get(pointer).is_none(),
            "{name}: {pointer} present"
        );
    }
    if let Some(keys) = expect.get("sections") {
        let got: Vec<String> = section_list(editor.doc())
            .into_iter()
            .map(|s| s.key)
            .collect();
        assert_eq!(&serde_json::json!(got), keys, "{name}: sections");
    }
    if let Some(version) = expect.get("version") {
        assert_eq!(
            Some(u64::from(editor.version())),
            version.as_u64(),
            "{name}: version"
        );
    }
    if expect["undoAll"] == Value::Bool(true) {
        while editor.can_undo() {
            editor.undo().expect("undo");
        }
        assert_eq!(
            editor.doc().value(),
            &original,
            "{name}: undo did not restore"
        );
    }
}

#[test]
fn theme_vectors_hold_natively() {
    let mut count = 0;
    for group in GROUPS {
        let vectors: Vec<Value> =
            serde_json::from_str(&read(&format!("vectors/theme/{group}.json"))).expect("vectors");
        for vector in &vectors {
            run(vector);
            count += 1;
        }
    }
    assert!(count >= 200, "only {count} vectors");
}

#[test]
fn both_families_have_vectors() {
    let mut families = std::collections::BTreeMap::new();
    for group in GROUPS {
        let vectors: Vec<Value> =
            serde_json::from_str(&read(&format!("vectors/theme/{group}.json"))).expect("vectors");
        for vector in vectors {
            if let Some(fixture) = vector["fixture"].as_str() {
                *families.entry(fixture.to_owned()).or_insert(0) += 1;
            }
        }
    }
    assert!(
        families["hydro"] >= 100 && families["newchick"] >= 100,
        "{families:?}"
    );
}
