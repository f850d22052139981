//! The sample configs of each family: they load, are valid, show their family, and keep fields
//! the model does not know through a load/edit/save round trip, both as the resident document
//! and read through the typed views of `shared_types::theme`.

use core_wasm::theme::{ThemeDoc, ThemeEditor, parse_command, validate};
use serde_json::{Value, json};
use shared_types::theme::{ThemeConfig, ThemeFamily};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
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

/// Fields of the fixtures that no typed view names, at every level.
const UNKNOWN_FIELDS: [&str; 8] = [
    "/schemaVersion",
    "/_meta/revision",
    "/pages/homepage/seo/title",
    "/pages/homepage/sections/collection-list-1/custom_css",
    "/pages/homepage/sections/image-with-text-1/settings/blocks/0/legacyFlag",
    "/settings/colors/color_legacy_badge",
    "/settings/product/experimental_gallery/mode",
    "/settings/currency/currencies/1",
];

#[test]
fn each_fixture_shows_its_family() {
    for (name, family) in [
        ("hydro", ThemeFamily::Hydro),
        ("newchick", ThemeFamily::Newchick),
    ] {
        let doc = ThemeDoc::parse(&fixture(name)).expect("loads");
        assert_eq!(doc.family(), family, "{name}");
    }
}

#[test]
fn each_fixture_passes_full_validation() {
    for name in ["hydro", "newchick"] {
        let doc = ThemeDoc::parse(&fixture(name)).expect("loads");
        assert_eq!(validate(doc.value()), vec![], "{name}");
    }
}

#[test]
fn unknown_fields_survive_a_load_edit_save_round_trip() {
    for name in ["hydro", "newchick"] {
        let text = fixture(name);
        let original: Value = serde_json::from_str(&text).expect("json");
        let mut editor = ThemeEditor::new(ThemeDoc::parse(&text).expect("loads"));
        for command in [
            json!({"kind": "setField", "path": "/settings/colors/color_price", "value": "#000000"}),
            json!({"kind": "moveSection", "key": "product-review-1", "to": 0}),
            json!({"kind": "addItem", "list": {"list": "sectionBlocks", "section": "image-with-text-1"}}),
        ] {
            editor
                .apply(parse_command(command).expect("command"))
                .expect("applies");
        }
        let saved: Value = serde_json::from_str(&editor.doc().to_json()).expect("saved json");
        for pointer in UNKNOWN_FIELDS {
            assert_eq!(
                saved.pointer(pointer),
                original.pointer(pointer),
                "{name} {pointer}"
            );
            assert!(saved.pointer(pointer).is_some(), "{name} {pointer}");
        }
        assert_eq!(saved["settings"]["colors"]["color_price"], "#000000");
    }
}

#[test]
fn the_typed_views_read_and_write_every_fixture_field_back() {
    for name in ["hydro", "newchick"] {
        let original: Value = serde_json::from_str(&fixture(name)).expect("json");
        let typed: ThemeConfig = serde_json::from_value(original.clone()).expect("typed view");
        let written = serde_json::to_value(&typed).expect("serialize");
        assert!(
            same(&written, &original),
            "{name} changed through the typed views"
        );
        let typography = typed.settings.as_ref().and_then(|s| s.typography.as_ref());
        let header_font = typography.and_then(|t| t.type_header_family.as_ref());
        assert_eq!(header_font.and_then(|f| f.font.as_deref()), Some("Poppins"));
    }
}
