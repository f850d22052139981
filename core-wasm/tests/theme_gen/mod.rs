//! Inputs for the theme engine's fuzz harness (`tests/theme_fuzz.rs`) and for the native and
//! WebAssembly parity cases (`examples/theme_parity_cases.rs`): arbitrary text and JSON, the two
//! fixtures with structure-aware mutations (keys dropped, duplicated, renamed or retyped, huge
//! numbers, deep nesting, long and unusual strings, parts grafted elsewhere), and commands aimed
//! at what a config actually holds, so that the engine's paths are reached and not only serde's
//! error path.

// Each user (the fuzz harness, the parity example) takes only some of these.
#![allow(dead_code)]

use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{Map, Number, Value, json};

/// A fixture, parsed once, with the JSON pointer of every node and its homepage section keys.
#[derive(Debug)]
pub struct Fixture {
    pub name: &'static str,
    pub text: String,
    pub value: Value,
    pub paths: Vec<String>,
    pub section_keys: Vec<String>,
}

/// The hydro and newchick fixtures.
pub fn fixtures() -> &'static [Fixture; 2] {
    static FIXTURES: OnceLock<[Fixture; 2]> = OnceLock::new();
    FIXTURES.get_or_init(|| [load("hydro"), load("newchick")])
}

fn load(name: &'static str) -> Fixture {
    let path = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    let value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut paths = Vec::new();
    collect_paths(&value, &mut String::new(), &mut paths);
    let section_keys = value
        .pointer("/pages/homepage/sections")
        .and_then(Value::as_object)
        .map(|sections| sections.keys().cloned().collect())
        .unwrap_or_default();
    Fixture {
        name,
        text,
        value,
        paths,
        section_keys,
    }
}

fn collect_paths(value: &Value, here: &mut String, out: &mut Vec<String>) {
    if !here.is_empty() {
        out.push(here.clone());
    }
    let len = here.len();
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                here.push('/');
                here.push_str(&key.replace('~', "~0").replace('/', "~1"));
                collect_paths(child, here, out);
                here.truncate(len);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                here.push('/');
                here.push_str(&i.to_string());
                collect_paths(child, here, out);
                here.truncate(len);
            }
        }
        _ => {}
    }
}

/// Strings that stress paths, lengths and encodings.
const ODD_STRINGS: &[&str] = &[
    "",
    " ",
    "4",
    "4.5",
    " 4 ",
    "04",
    "1e3",
    "-1",
    "0x10",
    "NaN",
    "Infinity",
    "999999999999999999999",
    "abc",
    "left",
    "right",
    "center",
    "input",
    "Circle",
    "description",
    "count-down",
    "collection",
    "~",
    "~0",
    "~1",
    "/",
    "a/b",
    "-",
    "__proto__",
    "constructor",
    "null",
    "é",
    "e\u{301}",
    "Tiếng Việt có dấu",
    "\u{202e}rtl",
    "\u{0}",
    "\u{feff}",
    "😀👍🏽",
    "\u{10ffff}",
    "<p style=\"font-size: 13px\">x</p>",
    "<span style=\"font-size:16px\">ok</span>",
    "font-size: 99999999999999999999px",
];

/// Numbers at and past the edges the engine cares about.
fn odd_number() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::sample::select(vec![
            json!(0),
            json!(1),
            json!(2),
            json!(3),
            json!(4),
            json!(5),
            json!(6),
            json!(7),
            json!(8),
            json!(9),
            json!(12),
            json!(13),
            json!(50),
            json!(51),
            json!(80),
            json!(81),
            json!(100),
            json!(101),
            json!(-1),
            json!(i64::MIN),
            json!(i64::MAX),
            json!(u64::MAX),
            json!(9_007_199_254_740_992u64),
            json!(9_007_199_254_740_993u64),
            json!(0.5),
            json!(4.5),
            json!(1e308),
            json!(-1e308),
            json!(5e-324),
            json!(-0.0),
            json!(8.64e15),
            json!(1.7e12),
        ]),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| Number::from_f64(f).map_or(Value::Null, Value::Number)),
    ]
}

/// A string: one of the odd ones, a random one, or a long run of one character.
pub fn odd_string() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(ODD_STRINGS).prop_map(str::to_owned),
        3 => short_string(24),
        1 => (prop::sample::select(vec!['a', 'é', '😀', '~', '/']), 60usize..3000)
            .prop_map(|(c, n)| std::iter::repeat_n(c, n).collect()),
    ]
}

/// Up to `max` characters, mostly printable ASCII, else any character (cheaper to make than a
/// regular expression's).
pub fn short_string(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![3 => proptest::char::range(' ', '~'), 1 => any::<char>()],
        0..=max,
    )
    .prop_map(String::from_iter)
}

/// Which homepage sections and settings groups of a fixture to keep (a bit each), or all: a
/// smaller config keeps an execution cheap while every part still comes up often.
pub fn trim_mask() -> impl Strategy<Value = Option<u64>> {
    prop_oneof![1 => Just(None), 3 => any::<u64>().prop_map(Some)]
}

/// A copy of a fixture without the homepage sections and settings groups whose bit of `mask`
/// is clear (sections first, then groups, in key order). Only what is kept is copied.
pub fn trimmed(value: &Value, mask: Option<u64>) -> Value {
    let (Some(mask), Value::Object(root)) = (mask, value) else {
        return value.clone();
    };
    let mut bits = (0..64).map(move |i| mask & (1 << i) != 0);
    let mut keep = |map: &Map<String, Value>| -> Value {
        Value::Object(
            map.iter()
                .filter(|_| bits.next().unwrap_or(true))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        )
    };
    let mut out = Map::new();
    for (key, child) in root {
        let copy = match (key.as_str(), child) {
            ("pages", Value::Object(pages)) => Value::Object(
                pages
                    .iter()
                    .map(|(name, page)| {
                        let page = match (name.as_str(), page) {
                            ("homepage", Value::Object(home)) => Value::Object(
                                home.iter()
                                    .map(|(k, v)| match (k.as_str(), v) {
                                        ("sections", Value::Object(sections)) => {
                                            (k.clone(), keep(sections))
                                        }
                                        _ => (k.clone(), v.clone()),
                                    })
                                    .collect(),
                            ),
                            _ => page.clone(),
                        };
                        (name.clone(), page)
                    })
                    .collect(),
            ),
            ("settings", Value::Object(groups)) => keep(groups),
            _ => child.clone(),
        };
        out.insert(key.clone(), copy);
    }
    Value::Object(out)
}

/// A scalar or a small container of unusual values.
pub fn odd_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => odd_number(),
        4 => odd_string().prop_map(Value::from),
        1 => Just(Value::Null),
        1 => any::<bool>().prop_map(Value::from),
        1 => Just(json!([])),
        1 => Just(json!({})),
        1 => Just(json!({"position": "right", "heading": "x"})),
        1 => Just(json!([{"isEdit": true}, {"display": "description"}])),
    ]
}

/// Any JSON value, a few levels deep.
pub fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        odd_number(),
        odd_string().prop_map(Value::from),
    ];
    leaf.prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key_like(), inner), 0..6)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Object keys: those a config or a command uses, and odd ones.
fn key_like() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "pages", "settings", "fixed", "homepage", "sections", "header", "footer", "type",
            "index", "key", "blocks", "content", "kind", "path", "value", "list", "section", "id",
        ])
        .prop_map(str::to_owned),
        odd_string(),
    ]
}

/// One structure-aware change to a config.
#[derive(Debug, Clone)]
pub enum Mutation {
    /// Removes the key or item.
    Drop,
    /// Copies the node next to itself (under a new key, or as the next item).
    Duplicate,
    /// Replaces the node with a value of another kind.
    Retype(Value),
    /// Moves the node to another key of its object.
    Rename(String),
    /// Wraps the node in this many arrays (or objects under `k`).
    Nest { levels: usize, arrays: bool },
    /// Replaces the node with a copy of another node of the fixture.
    Graft(Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => Just(Mutation::Drop),
        1 => Just(Mutation::Duplicate),
        5 => odd_value().prop_map(Mutation::Retype),
        1 => any_json().prop_map(Mutation::Retype),
        1 => key_like().prop_map(Mutation::Rename),
        1 => (1usize..80, any::<bool>()).prop_map(|(levels, arrays)| Mutation::Nest { levels, arrays }),
        2 => any::<Index>().prop_map(Mutation::Graft),
    ]
}

/// Mutations at random nodes of a fixture.
pub fn mutations(max: usize) -> impl Strategy<Value = Vec<(Index, Mutation)>> {
    prop::collection::vec((any::<Index>(), mutation()), 0..=max)
}

/// Applies mutations to a copy of a fixture, trimmed by `mask` (see [`trimmed`]). A mutation whose
/// node is gone is skipped.
pub fn mutate(fixture: &Fixture, mask: Option<u64>, mutations: &[(Index, Mutation)]) -> Value {
    let mut root = trimmed(&fixture.value, mask);
    for (at, change) in mutations {
        let pointer = at.get(&fixture.paths);
        let (parent, last) = pointer.rsplit_once('/').unwrap_or(("", pointer));
        let last = last.replace("~1", "/").replace("~0", "~");
        let replacement = match change {
            Mutation::Retype(v) => Some(v.clone()),
            Mutation::Graft(other) => fixture
                .value
                .pointer(other.get::<String>(&fixture.paths))
                .cloned(),
            Mutation::Nest { levels, arrays } => root.pointer(pointer).cloned().map(|mut v| {
                for _ in 0..*levels {
                    v = if *arrays {
                        Value::Array(vec![v])
                    } else {
                        json!({ "k": v })
                    };
                }
                v
            }),
            Mutation::Drop | Mutation::Duplicate | Mutation::Rename(_) => None,
        };
        if let Some(v) = replacement {
            if let Some(slot) = root.pointer_mut(pointer) {
                *slot = v;
            }
            continue;
        }
        match root.pointer_mut(parent) {
            Some(Value::Object(map)) => {
                let Some(v) = map.remove(&last) else { continue };
                match change {
                    Mutation::Duplicate => {
                        map.insert(format!("{last}-2"), v.clone());
                        map.insert(last, v);
                    }
                    Mutation::Rename(new_key) => {
                        map.insert(new_key.clone(), v);
                    }
                    _ => {}
                }
            }
            Some(Value::Array(items)) => {
                let Some(i) = last.parse::<usize>().ok().filter(|i| *i < items.len()) else {
                    continue;
                };
                match change {
                    Mutation::Drop => {
                        items.remove(i);
                    }
                    Mutation::Duplicate => {
                        let copy = items[i].clone();
                        items.insert(i, copy);
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    root
}

const SECTION_TYPES: &[&str] = &[
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
    "no-such-type",
];

const LIST_KINDS: &[&str] = &[
    "sectionBlocks",
    "slides",
    "flashDealBlocks",
    "flashDealDetail",
    "collectionStart",
    "collectionEnd",
    "productTabs",
    "descriptionTabs",
    "thankYouSteps",
    "deliveryPolicies",
    "footerInfo",
    "paymentIcons",
    "suggestions",
    "noSuchList",
];

/// A section key: one of the fixture's, a fixed one, a new one or an odd string.
fn section_key(fixture: usize) -> impl Strategy<Value = String> {
    let known = fixtures()[fixture].section_keys.clone();
    prop_oneof![
        4 => prop::sample::select(known),
        1 => prop::sample::select(vec!["header", "footer", "new-a", "new_b", "x"]).prop_map(str::to_owned),
        1 => odd_string(),
    ]
}

fn small_index() -> impl Strategy<Value = Value> {
    prop_oneof![
        6 => (0u32..16).prop_map(Value::from),
        1 => prop::sample::select(vec![json!(u32::MAX), json!(u64::MAX), json!(-1), json!(1.5), json!("2"), Value::Null]),
    ]
}

fn list_ref(fixture: usize) -> impl Strategy<Value = Value> {
    (
        prop::sample::select(LIST_KINDS),
        section_key(fixture),
        prop::sample::select(vec!["desktop", "mobile", "tablet"]),
    )
        .prop_map(
            |(list, section, device)| json!({"list": list, "section": section, "device": device}),
        )
}

/// A value for `setField`: mostly unusual scalars, sometimes a part of the fixture or any JSON.
fn field_value(fixture: usize) -> impl Strategy<Value = Value> {
    let paths = fixtures()[fixture].paths.clone();
    prop_oneof![
        6 => odd_value(),
        2 => any_json(),
        2 => any::<Index>().prop_map(move |i| {
            fixtures()[fixture].value.pointer(i.get::<String>(&paths)).cloned().unwrap_or(Value::Null)
        }),
    ]
}

/// A JSON pointer for `setField`: a node of the fixture, one below it, or an odd one.
fn field_path(fixture: usize) -> impl Strategy<Value = String> {
    let paths = fixtures()[fixture].paths.clone();
    let below = paths.clone();
    prop_oneof![
        6 => any::<Index>().prop_map(move |i| i.get(&paths).clone()),
        2 => (any::<Index>(), key_like()).prop_map(move |(i, k)| format!("{}/{}", i.get(&below), k)),
        1 => odd_string(),
        1 => prop::sample::select(vec!["", "/", "//", "/id", "/pages", "/settings", "/pages/homepage/sections/x/settings/a", "/settings/~2"]).prop_map(str::to_owned),
    ]
}

/// A well-formed command aimed at the fixture's sections, lists and fields, with edge values.
fn aimed_command(fixture: usize) -> impl Strategy<Value = Value> {
    let choices = core_wasm::theme::font_choices().families;
    let families: Vec<String> = choices.iter().map(|f| f.family.clone()).collect();
    // Every weight some family comes in; the slot's family may lack it, and the command refuses that.
    let mut weight_codes: Vec<String> = choices
        .iter()
        .flat_map(|f| f.weights.iter().map(|w| w.style.clone()))
        .collect();
    weight_codes.sort();
    weight_codes.dedup();
    prop_oneof![
        1 => (section_key(fixture), prop::sample::select(SECTION_TYPES), small_index(), prop::sample::select(vec!["above", "below", "inside"]))
            .prop_map(|(key, t, position, place)| json!({"kind": "addSection", "key": key, "sectionType": t, "position": position, "place": place})),
        1 => (section_key(fixture), small_index()).prop_map(|(key, to)| json!({"kind": "moveSection", "key": key, "to": to})),
        1 => section_key(fixture).prop_map(|key| json!({"kind": "removeSection", "key": key})),
        4 => (field_path(fixture), field_value(fixture)).prop_map(|(path, value)| json!({"kind": "setField", "path": path, "value": value})),
        1 => (list_ref(fixture), prop::option::of(odd_string()), prop::option::of(prop::sample::select(vec!["count-down", "collection", "banner"])))
            .prop_map(|(list, id, block)| {
                let mut command = json!({"kind": "addItem", "list": list});
                if let Some(id) = id { command["id"] = Value::from(id); }
                if let Some(block) = block { command["blockType"] = Value::from(block); }
                command
            }),
        1 => (list_ref(fixture), small_index()).prop_map(|(list, index)| json!({"kind": "removeItem", "list": list, "index": index})),
        1 => (list_ref(fixture), small_index(), small_index()).prop_map(|(list, from, to)| json!({"kind": "moveItem", "list": list, "from": from, "to": to})),
        1 => section_key(fixture).prop_map(|section| json!({"kind": "copySlidesToMobile", "section": section})),
        1 => (prop::sample::select(vec!["type_header_family", "type_base_family", "type_product_description_family", "type_button_base_family", "type_other"]),
         prop_oneof![prop::sample::select(families), odd_string()])
            .prop_map(|(slot, family)| json!({"kind": "chooseFontFamily", "slot": slot, "family": family})),
        1 => (prop::sample::select(vec!["type_header_family", "type_base_family"]),
         prop_oneof![prop::sample::select(weight_codes), odd_string()], odd_string(), odd_string())
            .prop_map(|(slot, style, url, key)| json!({"kind": "chooseFontWeight", "slot": slot, "style": style, "url": url, "key": key})),
        1 => (prop::sample::select(vec!["day", "hour", "min", "sec"]), odd_value(), odd_number())
            .prop_map(|(unit, value, now)| json!({"kind": "setCountdown", "unit": unit, "value": value, "nowMs": now})),
    ]
}

/// A command: aimed, aimed and then damaged (a key dropped, retyped or added), or any JSON.
pub fn command(fixture: usize) -> impl Strategy<Value = Value> {
    prop_oneof![
        8 => aimed_command(fixture),
        2 => (aimed_command(fixture), any::<Index>(), prop::option::of(odd_value()), key_like()).prop_map(
            |(mut command, at, value, extra)| {
                if let Value::Object(map) = &mut command {
                    let keys: Vec<String> = map.keys().cloned().collect();
                    let key = at.get(&keys).clone();
                    match value {
                        Some(v) if key == "kind" => { map.insert(extra, v); }
                        Some(v) => { map.insert(key, v); }
                        None => { map.remove(&key); }
                    }
                }
                command
            }
        ),
        1 => any_json(),
    ]
}

/// Text for the config parser: random characters, JSON-like token soup, deep nesting, or a
/// fixture's text cut, spliced or with a byte changed.
pub fn config_text() -> impl Strategy<Value = String> {
    let tokens = prop::sample::select(vec![
        "{",
        "}",
        "[",
        "]",
        ":",
        ",",
        "\"pages\"",
        "\"settings\"",
        "\"fixed\"",
        "\"sections\"",
        "\"homepage\"",
        "\"\\ud800\"",
        "\"\\u0000\"",
        "\"é\"",
        "1e999",
        "-0",
        "0.1",
        "18446744073709551616",
        "null",
        "true",
        "\"",
        "\\",
        " ",
        "\n",
        "{\"pages\":{}}",
    ]);
    prop_oneof![
        2 => short_string(64),
        3 => prop::collection::vec(tokens, 0..40).prop_map(|t| t.concat()),
        1 => (1usize..300, any::<bool>()).prop_map(|(n, arrays)| {
            let (open, close) = if arrays { ("[", "]") } else { ("{\"a\":", "}") };
            format!("{{\"pages\":{{\"x\":{}1{}}}}}", open.repeat(n), close.repeat(n))
        }),
        3 => (0usize..2, any::<Index>(), any::<Index>(), short_string(4)).prop_map(|(f, cut, at, insert)| {
            let text = &fixtures()[f].text;
            let cut = floor_char(text, cut.index(text.len() + 1));
            let at = floor_char(text, at.index(text.len() + 1));
            let (a, b) = (cut.min(at), cut.max(at));
            if insert.is_empty() { text[..a].to_owned() } else { format!("{}{insert}{}", &text[..a], &text[b..]) }
        }),
    ]
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}
