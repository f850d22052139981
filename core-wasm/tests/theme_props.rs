//! Property test: random command sequences on both fixtures. After every applied command the
//! document passes full validation; a rejected command changes nothing; the log replays on a
//! fresh copy to the same document; and undoing everything restores the original exactly.

use core_wasm::theme::{ThemeDoc, ThemeEditor, parse_command, validate};
use proptest::prelude::*;
use serde_json::{Value, json};

const HOME: &str = "/pages/homepage/sections";

fn fixture(name: &str) -> ThemeDoc {
    let path = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    ThemeDoc::parse(&text).expect("fixture loads")
}

fn key() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "head-image-1",
        "collection-list-1",
        "featured-collection-1",
        "image-with-text-1",
        "slider-product-1",
        "flash-deal-1",
        "header",
        "footer",
        "new-a",
        "new-b",
        "ghost",
    ])
    .prop_map(str::to_owned)
}

fn section_type() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "header",
        "footer",
        "collection_list",
        "image_with_text",
        "feature-content",
        "head-image",
        "product-review",
        "featured-collection",
        "key_features",
        "style-collection",
        "slider-product",
        "product_with_collection",
        "flash_deal",
        "product-widget",
    ])
}

fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-5i64..120).prop_map(Value::from),
        prop::sample::select(vec![
            "", "abc", "4", "12.5", "left", "center", "Circle", "input"
        ])
        .prop_map(Value::from),
        any::<bool>().prop_map(Value::from),
        Just(Value::Null),
        Just(json!({"position": "right", "heading": "x"})),
    ]
}

fn path() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        format!("{HOME}/featured-collection-1/settings/item_per_row"),
        format!("{HOME}/featured-collection-1/settings/limit_product"),
        format!("{HOME}/collection-list-1/settings/item_per_row"),
        format!("{HOME}/new-a/settings/item_per_row"),
        format!("{HOME}/image-with-text-1/settings/blocks/0/position"),
        format!("{HOME}/image-with-text-1/settings/blocks/0"),
        format!("{HOME}/head-image-1/settings/opacity_image"),
        format!("{HOME}/head-image-1/settings/content/desktop"),
        "/settings/typography/font_size_price".to_owned(),
        "/settings/typography/type_base_family/font".to_owned(),
        "/settings/element/search/time_change_suggestion".to_owned(),
        "/settings/product/color_watch".to_owned(),
        "/settings/product/tabs-detail/1/heading".to_owned(),
        "/settings/product".to_owned(),
        "/settings/colors/color_new".to_owned(),
        "/pages/homepage/sections/new-a/index".to_owned(),
        "/id".to_owned(),
        "nope".to_owned(),
    ])
}

fn list() -> impl Strategy<Value = Value> {
    prop::sample::select(vec![
        json!({"list": "productTabs"}),
        json!({"list": "descriptionTabs"}),
        json!({"list": "thankYouSteps"}),
        json!({"list": "deliveryPolicies"}),
        json!({"list": "suggestions"}),
        json!({"list": "footerInfo"}),
        json!({"list": "sectionBlocks", "section": "collection-list-1"}),
        json!({"list": "sectionBlocks", "section": "image-with-text-1"}),
        json!({"list": "sectionBlocks", "section": "new-a"}),
        json!({"list": "slides", "section": "head-image-1", "device": "desktop"}),
        json!({"list": "flashDealDetail", "section": "flash-deal-1"}),
    ])
}

fn command() -> impl Strategy<Value = Value> {
    prop_oneof![
        (key(), section_type(), 0u32..14, any::<bool>()).prop_map(|(key, t, position, above)| {
            let place = if above { "above" } else { "below" };
            json!({"kind": "addSection", "key": key, "sectionType": t, "position": position, "place": place})
        }),
        (key(), 0u32..14).prop_map(|(key, to)| json!({"kind": "moveSection", "key": key, "to": to})),
        key().prop_map(|key| json!({"kind": "removeSection", "key": key})),
        (path(), value()).prop_map(|(path, value)| json!({"kind": "setField", "path": path, "value": value})),
        (list(), prop::option::of(prop::sample::select(vec!["a", "tab-1", "count-down"])))
            .prop_map(|(list, id)| json!({"kind": "addItem", "list": list, "id": id})),
        (list(), 0u32..8).prop_map(|(list, index)| json!({"kind": "removeItem", "list": list, "index": index})),
        (list(), 0u32..8, 0u32..8)
            .prop_map(|(list, from, to)| json!({"kind": "moveItem", "list": list, "from": from, "to": to})),
        prop::sample::select(vec!["Alata", "Roboto", "Comic Sans"]).prop_map(
            |family| json!({"kind": "chooseFontFamily", "slot": "type_header_family", "family": family})
        ),
        prop::sample::select(vec!["100", "700italic", "1000"]).prop_map(
            |style| json!({"kind": "chooseFontWeight", "slot": "type_base_family", "style": style, "url": "u", "key": "k"})
        ),
        (prop::sample::select(vec!["day", "hour", "min"]), value(), -10.0f64..2e12).prop_map(
            |(unit, value, now)| json!({"kind": "setCountdown", "unit": unit, "value": value, "nowMs": now})
        ),
        Just(json!({"kind": "bogus"})),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_command_sequences_keep_the_document_valid_and_undo_restores_it(
        newchick in any::<bool>(),
        commands in prop::collection::vec(command(), 1..40),
    ) {
        let original = fixture(if newchick { "newchick" } else { "hydro" });
        let mut editor = ThemeEditor::new(original.clone());
        for command in commands {
            let before = editor.doc().clone();
            let version = editor.version();
            match parse_command(command.clone()).and_then(|c| editor.apply(c)) {
                Ok(_) => {
                    let problems = validate(editor.doc().value());
                    prop_assert!(problems.is_empty(), "{command} left {problems:?}");
                    prop_assert_eq!(editor.version(), version + 1);
                }
                Err(_) => {
                    prop_assert_eq!(editor.doc(), &before, "{} changed the document", command);
                    prop_assert_eq!(editor.version(), version);
                }
            }
        }
        let replayed = ThemeEditor::replay(original.clone(), editor.log());
        prop_assert!(replayed.is_ok_and(|r| r.doc() == editor.doc()), "the log does not replay");
        while editor.can_undo() {
            prop_assert!(editor.undo().is_ok());
        }
        prop_assert_eq!(editor.doc(), &original);
    }
}
