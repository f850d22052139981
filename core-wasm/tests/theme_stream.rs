//! The editor's command stream: a second copy of the document (the preview frame's) fed the
//! admin's steps as the admin sent them, through JSON, holds the admin's document and the same
//! fingerprint after every step; typing in one field is one step of the log and of undo; a lost
//! step shows in the fingerprint.

use core_wasm::theme::{
    ThemeDoc, ThemeEditor, fingerprint_of_text, fingerprint_text, parse_command, parse_op,
};
use proptest::prelude::*;
use serde_json::{Value, json};
use shared_types::theme::EditorOp;

fn fixture(name: &str) -> (String, ThemeDoc) {
    let path = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    let doc = ThemeDoc::parse(&text).expect("fixture loads");
    (text, doc)
}

const HEADING: &str = "/settings/product/heading";

fn set(path: &str, value: &str) -> Value {
    json!({"kind": "setField", "path": path, "value": value})
}

/// A step the admin takes: a command applied as typing or not, an undo, a redo.
#[derive(Debug, Clone)]
enum Step {
    Type(String, String),
    Apply(String, String),
    Undo,
    Redo,
}

fn step() -> impl Strategy<Value = Step> {
    let path = prop::sample::select(vec![
        HEADING,
        "/settings/colors/color_announcement_bar_text",
        "/pages/fixed/sections/header/settings/text_topbar",
        "/settings/nothing/here",
    ]);
    let text = prop::sample::select(vec!["", "a", "ab", "abc", "#123456", "Sale"]);
    prop_oneof![
        4 => (path.clone(), text.clone()).prop_map(|(p, t)| Step::Type(p.to_owned(), t.to_owned())),
        2 => (path, text).prop_map(|(p, t)| Step::Apply(p.to_owned(), t.to_owned())),
        1 => Just(Step::Undo),
        1 => Just(Step::Redo),
    ]
}

/// Runs a step on the admin's copy; answers the stream's op when the document changed.
fn take(admin: &mut ThemeEditor, step: &Step) -> Option<EditorOp> {
    match step {
        Step::Type(path, text) | Step::Apply(path, text) => {
            let command = parse_command(set(path, text)).ok()?;
            let change = if matches!(step, Step::Type(..)) {
                admin.apply_typing(command.clone())
            } else {
                admin.apply(command.clone())
            }
            .ok()?;
            Some(EditorOp::Apply {
                command,
                merged: change.merged,
            })
        }
        Step::Undo => admin.undo().ok().map(|_| EditorOp::Undo),
        Step::Redo => admin.redo().ok().map(|_| EditorOp::Redo),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn a_copy_fed_the_stream_holds_the_admins_document_and_fingerprint(
        newchick in any::<bool>(),
        steps in prop::collection::vec(step(), 1..60),
    ) {
        let (text, original) = fixture(if newchick { "newchick" } else { "hydro" });
        let print = fingerprint_of_text(&text);
        let mut admin = ThemeEditor::with_fingerprint(original.clone(), print);
        let mut frame = ThemeEditor::with_fingerprint(original.clone(), print);
        for step in &steps {
            let Some(op) = take(&mut admin, step) else { continue };
            // The op crosses to the frame as JSON text.
            let sent = serde_json::to_string(&op).expect("op serialises");
            let received = parse_op(serde_json::from_str(&sent).expect("json")).expect("op reads");
            prop_assert!(frame.run(received).is_ok(), "{sent} did not run on the copy");
            prop_assert_eq!(frame.doc(), admin.doc());
            prop_assert_eq!(frame.fingerprint(), admin.fingerprint());
        }
        // The admin's log, replayed, makes its document; undoing everything restores the start
        // and its fingerprint.
        let replayed = ThemeEditor::replay(original.clone(), admin.log()).expect("log replays");
        prop_assert_eq!(replayed.doc(), admin.doc());
        while admin.can_undo() {
            prop_assert!(admin.undo().is_ok());
        }
        prop_assert_eq!(admin.doc(), &original);
        prop_assert_eq!(admin.fingerprint(), print);
    }
}

#[test]
fn typing_in_one_field_is_one_command_and_one_undo() {
    let (_, original) = fixture("hydro");
    let mut editor = ThemeEditor::new(original.clone());
    let before = editor.fingerprint();
    for (i, text) in ["S", "Sa", "Sal", "Sale"].iter().enumerate() {
        let change = editor
            .apply_typing(parse_command(set(HEADING, text)).expect("command"))
            .expect("applies");
        assert_eq!(change.merged, i > 0, "keystroke {i}");
        assert_eq!(change.fingerprint, fingerprint_text(editor.fingerprint()));
    }
    assert_eq!(editor.log().len(), 1);
    assert_eq!(editor.doc().get(HEADING), Some(&json!("Sale")));
    // The same document reached in one command has the same fingerprint.
    let mut direct = ThemeEditor::new(original.clone());
    direct
        .apply(parse_command(set(HEADING, "Sale")).expect("command"))
        .expect("applies");
    assert_eq!(direct.fingerprint(), editor.fingerprint());
    editor.undo().expect("undo");
    assert_eq!(editor.doc(), &original);
    assert_eq!(editor.fingerprint(), before);
    assert!(!editor.can_undo());
}

#[test]
fn another_field_or_an_undo_ends_the_typing() {
    let (_, original) = fixture("hydro");
    let mut editor = ThemeEditor::new(original);
    let topbar = "/pages/fixed/sections/header/settings/text_topbar";
    let typed = |editor: &mut ThemeEditor, path: &str, text: &str| {
        editor
            .apply_typing(parse_command(set(path, text)).expect("command"))
            .expect("applies")
            .merged
    };
    assert!(!typed(&mut editor, HEADING, "a"));
    assert!(!typed(&mut editor, topbar, "b"));
    assert!(!typed(&mut editor, HEADING, "ab"));
    editor.undo().expect("undo");
    assert!(
        !typed(&mut editor, HEADING, "abc"),
        "undone commands are not continued"
    );
    assert_eq!(editor.log().len(), 3);
}

#[test]
fn a_lost_or_reordered_step_shows_in_the_fingerprint() {
    let (text, original) = fixture("hydro");
    let print = fingerprint_of_text(&text);
    let mut admin = ThemeEditor::with_fingerprint(original.clone(), print);
    let mut frame = ThemeEditor::with_fingerprint(original, print);
    let first = parse_command(set(HEADING, "one")).expect("command");
    let second = parse_command(set(
        "/settings/colors/color_announcement_bar_text",
        "#101010",
    ))
    .expect("command");
    admin.apply(first.clone()).expect("applies");
    admin.apply(second.clone()).expect("applies");
    // The first never arrived.
    frame.apply(second.clone()).expect("applies");
    assert_ne!(frame.fingerprint(), admin.fingerprint());
    // Both arrived, in the other order: the same values, but not the admin's history.
    frame.undo().expect("undo");
    frame.apply(second).expect("applies");
    frame.apply(first).expect("applies");
    assert_ne!(frame.fingerprint(), admin.fingerprint());
    // A merge the copy cannot make is refused, not guessed.
    let mut fresh = ThemeEditor::new(fixture("hydro").1);
    let merged = EditorOp::Apply {
        command: parse_command(set(HEADING, "x")).expect("command"),
        merged: true,
    };
    assert!(fresh.run(merged).is_err());
}
