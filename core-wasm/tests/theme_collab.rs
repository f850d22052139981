//! Live co-editing's rules (`theme::collab`): the shared vectors in
//! `tests/vectors/theme/collab.json` (the UI's Vitest suite runs the same file through the
//! WebAssembly build), and a property: editors who each make commands on the copy they have,
//! sent in any interleaving through one server that takes only commands based on its head, all
//! end on the server's document, and no acknowledged command is lost or applied twice.

use core_wasm::theme::collab::{LiveClient, LiveState, OutBatch, accept, inverse, rebase};
use core_wasm::theme::{ThemeDoc, ThemeEditor, parse_command, section_list};
use proptest::prelude::*;
use serde_json::{Value, json};
use shared_types::live::LiveCommand;
use shared_types::theme::ThemeCommand;

fn read(path: &str) -> String {
    let path = format!("{}/tests/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"))
}

fn fixture(name: &str) -> ThemeDoc {
    ThemeDoc::parse(&read(&format!("fixtures/{name}.json"))).expect("fixture loads")
}

fn commands(values: &Value) -> Vec<ThemeCommand> {
    values
        .as_array()
        .expect("commands")
        .iter()
        .map(|c| parse_command(c.clone()).expect("command"))
        .collect()
}

fn keys(doc: &ThemeDoc) -> Value {
    json!(
        section_list(doc)
            .into_iter()
            .map(|s| s.key)
            .filter(|k| k != "header" && k != "footer")
            .collect::<Vec<_>>()
    )
}

fn run(vector: &Value) {
    let name = vector["name"].as_str().expect("name");
    let expect = &vector["expect"];
    let doc = fixture(vector["fixture"].as_str().expect("fixture"));
    let pending = commands(&vector["pending"]);
    let remote = commands(&vector["remote"]);
    let rebased = rebase(&doc, &pending, &remote);
    if let Some(index) = expect.get("resync") {
        let (at, _) = rebased.expect_err(name);
        assert_eq!(Some(at as u64), index.as_u64(), "{name}: resync at");
        return;
    }
    let rebased = rebased.unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let got: Vec<ThemeCommand> = rebased.pending.iter().map(|(_, c)| c.clone()).collect();
    assert_eq!(got, commands(&expect["pending"]), "{name}: pending");
    let dropped: Vec<u64> = rebased.dropped.iter().map(|&i| i as u64).collect();
    assert_eq!(json!(dropped), expect["dropped"], "{name}: dropped");
    for (pointer, want) in expect["values"].as_object().into_iter().flatten() {
        assert_eq!(rebased.doc.get(pointer), Some(want), "{name}: {pointer}");
    }
    for (pointer, want) in expect["confirmedValues"].as_object().into_iter().flatten() {
        assert_eq!(
            rebased.confirmed.get(pointer),
            Some(want),
            "{name}: {pointer}"
        );
    }
    for pointer in expect["absent"].as_array().into_iter().flatten() {
        let pointer = pointer.as_str().expect("pointer");
        assert!(rebased.doc.get(pointer).is_none(), "{name}: {pointer}");
    }
    if let Some(sections) = expect.get("sections") {
        assert_eq!(&keys(&rebased.doc), sections, "{name}: sections");
    }
    // Sent to the server, the rebased commands make there exactly the client's view.
    let server = accept(&rebased.confirmed, &got);
    assert!(server.refused.is_empty(), "{name}: {:?}", server.refused);
    assert_eq!(server.doc, rebased.doc, "{name}: the server's document");
}

#[test]
fn collab_vectors_hold_natively() {
    let vectors: Vec<Value> =
        serde_json::from_str(&read("vectors/theme/collab.json")).expect("vectors");
    for vector in &vectors {
        run(vector);
    }
    assert!(vectors.len() >= 10, "only {} vectors", vectors.len());
}

// The property: a few editors, a server that orders.

const BLOCKS: &str = "/pages/homepage/sections/collection-list-1/settings/blocks";

/// A command an editor makes, by kind; positions are taken modulo what its copy has.
#[derive(Debug, Clone)]
enum Intent {
    Title(usize, u8),
    AddBlock,
    RemoveBlock(usize),
    MoveBlock(usize, usize),
    MoveSection(usize, usize),
    AddSection(usize),
}

fn intent() -> impl Strategy<Value = Intent> {
    prop_oneof![
        4 => (0..6usize, any::<u8>()).prop_map(|(i, v)| Intent::Title(i, v)),
        1 => Just(Intent::AddBlock),
        1 => (0..6usize).prop_map(Intent::RemoveBlock),
        1 => (0..6usize, 0..6usize).prop_map(|(a, b)| Intent::MoveBlock(a, b)),
        1 => (0..9usize, 0..9usize).prop_map(|(a, b)| Intent::MoveSection(a, b)),
        1 => (0..9usize).prop_map(Intent::AddSection),
    ]
}

fn block_count(doc: &ThemeDoc) -> usize {
    doc.get(BLOCKS)
        .and_then(Value::as_array)
        .map_or(0, Vec::len)
}

/// The command an intent makes on `doc`, if its copy allows one.
fn command_of(doc: &ThemeDoc, intent: &Intent, editor: usize, n: usize) -> Option<Value> {
    let blocks = json!({"list": "sectionBlocks", "section": "collection-list-1"});
    let count = block_count(doc);
    let order = keys(doc);
    let sections = order.as_array().map_or(0, Vec::len);
    Some(match *intent {
        Intent::Title(i, v) if count > 0 => json!({
            "kind": "setField", "path": format!("{BLOCKS}/{}/title", i % count),
            "value": format!("e{editor}-{v}"),
        }),
        Intent::AddBlock => json!({"kind": "addItem", "list": blocks}),
        Intent::RemoveBlock(i) if count > 1 => {
            json!({"kind": "removeItem", "list": blocks, "index": i % count})
        }
        Intent::MoveBlock(a, b) if count > 0 => {
            json!({"kind": "moveItem", "list": blocks, "from": a % count, "to": b % count})
        }
        Intent::MoveSection(a, b) if sections > 0 => json!({
            "kind": "moveSection", "key": order[a % sections], "to": b % sections,
        }),
        Intent::AddSection(p) if sections > 0 && sections < 20 => json!({
            "kind": "addSection", "key": format!("e{editor}-{n}"),
            "sectionType": "collection_list", "position": p % sections, "place": "below",
        }),
        _ => return None,
    })
}

/// One editor: the server's document it last had, at which sequence number, and its commands
/// not acknowledged yet.
struct Editor {
    confirmed: ThemeDoc,
    seen: usize,
    pending: Vec<ThemeCommand>,
    made: usize,
}

impl Editor {
    fn view(&self) -> ThemeDoc {
        accept(&self.confirmed, &self.pending).doc
    }

    /// Catches up with the server's log and rebases what it has not had acknowledged.
    fn catch_up(&mut self, log: &[ThemeCommand]) {
        let rebased = rebase(&self.confirmed, &self.pending, &log[self.seen..]).expect("rebase");
        self.confirmed = rebased.confirmed;
        self.seen = log.len();
        self.pending = rebased.pending.into_iter().map(|(_, c)| c).collect();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn editors_behind_the_server_rebase_and_all_end_on_its_document(
        steps in prop::collection::vec((0..3usize, prop::option::of(intent())), 1..40)
    ) {
        let start = fixture("hydro");
        let mut server = start.clone();
        let mut log: Vec<ThemeCommand> = Vec::new();
        let mut editors: Vec<Editor> = (0..3)
            .map(|_| Editor { confirmed: start.clone(), seen: 0, pending: Vec::new(), made: 0 })
            .collect();
        for (who, step) in steps {
            let editor = &mut editors[who];
            match step {
                // An edit on the editor's own copy.
                Some(intent) => {
                    let view = editor.view();
                    editor.made += 1;
                    if let Some(raw) = command_of(&view, &intent, who, editor.made) {
                        let command = parse_command(raw).expect("command");
                        if accept(&view, std::slice::from_ref(&command)).refused.is_empty() {
                            editor.pending.push(command);
                        }
                    }
                }
                // A send: behind, it catches up first (the server's 409); at the head, the
                // server takes its commands.
                None => {
                    editor.catch_up(&log);
                    let taken = accept(&server, &editor.pending);
                    prop_assert!(taken.refused.is_empty(), "refused {:?}", taken.refused);
                    server = taken.doc;
                    log.append(&mut editor.pending);
                    editor.confirmed = server.clone();
                    editor.seen = log.len();
                }
            }
        }
        for editor in &mut editors {
            editor.catch_up(&log);
            let taken = accept(&server, &editor.pending);
            server = taken.doc;
            log.append(&mut editor.pending);
            editor.confirmed = server.clone();
            editor.seen = log.len();
        }
        let replayed = accept(&start, &log);
        prop_assert!(replayed.refused.is_empty());
        prop_assert_eq!(&replayed.doc, &server);
        for editor in &mut editors {
            editor.catch_up(&log);
            prop_assert_eq!(&editor.view(), &server);
        }
    }
}

// The editor's side as the admin runs it (`LiveState`), against a server that numbers batches
// as the real one does: taken only at the head, numbers increasing per editor, answers lost.

/// The server of the property: its document, its log, and each editor's last number.
struct Server {
    doc: ThemeDoc,
    log: Vec<LiveCommand>,
    last_numbers: std::collections::HashMap<String, i64>,
}

enum Answer {
    Taken(Vec<LiveCommand>),
    Behind(Vec<LiveCommand>),
}

impl Server {
    fn head(&self) -> i64 {
        self.log.len() as i64
    }

    /// `POST .../live/commands`, as the route decides it.
    fn send(&mut self, client: &str, batch: &OutBatch) -> Answer {
        if batch.base != self.head() {
            let from = usize::try_from(batch.base.max(0)).unwrap_or(0);
            return Answer::Behind(self.log[from..].to_vec());
        }
        let last = self.last_numbers.get(client).copied().unwrap_or(0);
        assert!(
            batch.first_client_seq > last,
            "{client} numbered {} after {last}",
            batch.first_client_seq
        );
        let mut taken = Vec::new();
        for (i, command) in batch.commands.iter().enumerate() {
            if accept(&self.doc, std::slice::from_ref(command))
                .refused
                .is_empty()
            {
                self.doc = accept(&self.doc, std::slice::from_ref(command)).doc;
                let entry = LiveCommand {
                    seq: self.head() + 1,
                    author_id: "a".to_owned(),
                    author_name: "A".to_owned(),
                    client_id: client.to_owned(),
                    client_seq: batch.first_client_seq + i as i64,
                    command: serde_json::to_value(command).expect("command"),
                };
                self.log.push(entry.clone());
                taken.push(entry);
            }
        }
        self.last_numbers.insert(
            client.to_owned(),
            batch.first_client_seq + batch.commands.len() as i64 - 1,
        );
        Answer::Taken(taken)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn live_states_with_lost_answers_end_on_the_servers_document_with_each_command_once(
        steps in prop::collection::vec((0..3usize, 0..4u8, prop::option::of(intent())), 1..60)
    ) {
        let start = fixture("hydro");
        let mut server = Server { doc: start.clone(), log: Vec::new(), last_numbers: Default::default() };
        let mut editors: Vec<LiveState> =
            (0..3).map(|i| LiveState::new(&format!("editor-{i}"), start.clone(), 0)).collect();
        let mut made = 0;
        for (who, how, step) in steps {
            let editor = &mut editors[who];
            match step {
                Some(intent) => {
                    made += 1;
                    let view = editor.view();
                    if let Some(raw) = command_of(&view, &intent, who, made) {
                        let command = parse_command(raw).expect("command");
                        if accept(&view, std::slice::from_ref(&command)).refused.is_empty() {
                            editor.edit(command);
                        }
                    }
                }
                None => {
                    let Some(batch) = editor.next_batch(50) else { continue };
                    match (server.send(editor.client_id(), &batch), how) {
                        // The answer is lost: the editor hears later, from the log.
                        (Answer::Taken(_), 0) => {}
                        (Answer::Taken(taken), _) => {
                            editor.receive(&taken).expect("ack");
                            editor.settle(&batch);
                        }
                        (Answer::Behind(missed), _) => {
                            editor.receive(&missed).expect("rebase");
                        }
                    }
                }
            }
        }
        // Everyone sends what is left and catches up.
        for _ in 0..20 {
            for editor in &mut editors {
                editor.receive(&server.log).expect("catch up");
                if let Some(batch) = editor.next_batch(50)
                    && let Answer::Taken(taken) = server.send(editor.client_id(), &batch)
                {
                    editor.receive(&taken).expect("ack");
                    editor.settle(&batch);
                }
            }
        }
        for editor in &mut editors {
            editor.receive(&server.log).expect("catch up");
            prop_assert!(editor.pending().is_empty());
            prop_assert_eq!(editor.head(), server.head());
            prop_assert_eq!(editor.confirmed(), &server.doc);
        }
        let numbers: std::collections::HashSet<(String, i64)> =
            server.log.iter().map(|c| (c.client_id.clone(), c.client_seq)).collect();
        prop_assert_eq!(numbers.len(), server.log.len());
        let commands: Vec<ThemeCommand> =
            server.log.iter().map(|c| parse_command(c.command.clone()).expect("command")).collect();
        prop_assert_eq!(&accept(&start, &commands).doc, &server.doc);
    }
}

/// An editor of the admin's kind: its live side and its view (the document the panels and the
/// preview show), moved only by the steps the live side answers.
struct Admin {
    live: LiveClient,
    view: ThemeEditor,
}

impl Admin {
    /// Applies a command as the editor does: its reverse first, on the view before it.
    fn edit(&mut self, command: ThemeCommand) -> bool {
        let reverse = inverse(self.view.doc(), &command);
        match self.view.apply(command.clone()) {
            Ok(change) => self
                .live
                .record(command, change.merged, change.merged, reverse),
            Err(_) => true,
        }
    }

    fn undo(&mut self) {
        if let Some(step) = self.live.take_undo() {
            for command in step {
                let reverse = inverse(self.view.doc(), &command);
                if self.view.apply(command.clone()).is_ok() {
                    self.live.record(command, false, false, reverse);
                }
            }
            self.live.end_step();
        }
    }

    fn take(&mut self, commands: &[LiveCommand], hold: bool, answered: bool) -> usize {
        let step = self.live.receive(commands, hold, answered);
        assert!(step.resync.is_none(), "resync: {:?}", step.resync);
        if let Some(op) = step.rebase {
            self.view.run(op).expect("the rebase applies to the view");
        }
        assert_eq!(
            self.view.doc(),
            &self.live.state().view(),
            "the view follows the live side"
        );
        step.held.len()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The admin's view, moved only by rebase steps, stays the live side's view through edits,
    /// undos, lost answers and held fields, and every editor ends on the server's document.
    #[test]
    fn admin_views_follow_their_live_side_and_end_on_the_servers_document(
        steps in prop::collection::vec((0..3usize, 0..5u8, prop::option::of(intent())), 1..60)
    ) {
        let start = fixture("hydro");
        let mut server = Server { doc: start.clone(), log: Vec::new(), last_numbers: Default::default() };
        let mut admins: Vec<Admin> = (0..3)
            .map(|i| Admin {
                live: LiveClient::new(&format!("editor-{i}"), start.clone(), 0),
                view: ThemeEditor::new(start.clone()),
            })
            .collect();
        let mut made = 0;
        for (who, how, step) in steps {
            let admin = &mut admins[who];
            match step {
                Some(_) if how == 4 => admin.undo(),
                Some(intent) => {
                    made += 1;
                    if let Some(raw) = command_of(admin.view.doc(), &intent, who, made) {
                        let command = parse_command(raw).expect("command");
                        prop_assert!(admin.edit(command));
                    }
                }
                None => {
                    let Some(batch) = admin.live.next_batch(50) else { continue };
                    match (server.send(admin.live.state().client_id(), &batch), how) {
                        (Answer::Taken(_), 0) => admin.live.unsent(),
                        (Answer::Taken(taken), _) => {
                            admin.take(&taken, false, true);
                        }
                        (Answer::Behind(missed), _) => {
                            admin.live.unsent();
                            admin.take(&missed, how == 3, false);
                        }
                    }
                }
            }
        }
        for _ in 0..20 {
            for admin in &mut admins {
                admin.take(&server.log, false, false);
                if let Some(batch) = admin.live.next_batch(50) {
                    match server.send(admin.live.state().client_id(), &batch) {
                        Answer::Taken(taken) => {
                            admin.take(&taken, false, true);
                        }
                        Answer::Behind(_) => admin.live.unsent(),
                    }
                }
            }
        }
        for admin in &mut admins {
            admin.take(&server.log, false, false);
            prop_assert!(admin.live.state().pending().is_empty());
            prop_assert_eq!(admin.view.doc(), &server.doc);
        }
    }
}

#[test]
fn a_step_and_its_inverse_leave_the_document_as_it_was() {
    // The header font as the core writes it (the fixture's stylesheet address is an importer's).
    let font = [
        json!({"kind": "chooseFontFamily", "slot": "type_header_family", "family": "Poppins"}),
        json!({"kind": "chooseFontWeight", "slot": "type_header_family", "style": "700", "url": "", "key": ""}),
    ];
    let doc = accept(&fixture("hydro"), &commands(&Value::from(font.to_vec()))).doc;
    let order = keys(&doc);
    let blocks = json!({"list": "sectionBlocks", "section": "collection-list-1"});
    let raw = [
        json!({"kind": "setField", "path": format!("{BLOCKS}/0/title"), "value": "New"}),
        json!({"kind": "addItem", "list": blocks}),
        json!({"kind": "moveItem", "list": blocks, "from": 0, "to": 1}),
        json!({"kind": "moveSection", "key": order[0], "to": 2}),
        json!({"kind": "addSection", "key": "added-1", "sectionType": "collection_list", "position": 1, "place": "below"}),
        json!({"kind": "chooseFontFamily", "slot": "type_header_family", "family": "Alata"}),
    ];
    for raw in raw {
        let command = parse_command(raw.clone()).expect("command");
        let back = inverse(&doc, &command).unwrap_or_else(|| panic!("{raw} has an inverse"));
        let mut after = accept(&doc, std::slice::from_ref(&command));
        assert!(after.refused.is_empty(), "{raw} applies");
        after = accept(&after.doc, &back);
        assert!(after.refused.is_empty(), "the inverse of {raw} applies");
        assert_eq!(after.doc.value(), doc.value(), "{raw} and its inverse");
    }
    // Steps no command reverses are put back by a restore of what they replaced.
    for raw in [
        json!({"kind": "removeSection", "key": order[0]}),
        json!({"kind": "removeItem", "list": blocks, "index": 0}),
        json!({"kind": "copySlidesToMobile", "section": order[0]}),
        // A field the document does not hold yet.
        json!({"kind": "setField", "path": "/settings/test/title", "value": "Tried"}),
    ] {
        let command = parse_command(raw.clone()).expect("command");
        let back = inverse(&doc, &command).unwrap_or_else(|| panic!("{raw} has an inverse"));
        assert!(
            matches!(back.as_slice(), [ThemeCommand::Restore { .. }]),
            "{raw}"
        );
        let after = accept(&doc, std::slice::from_ref(&command)).doc;
        let undone = accept(&after, &back);
        assert!(
            undone.refused.is_empty(),
            "the restore of {raw} applies: {:?}",
            undone.refused
        );
        assert_eq!(undone.doc.value(), doc.value(), "{raw} and its restore");
    }
    // A restore that writes what the rules refuse is refused.
    let bad = parse_command(json!({"kind": "restore", "values": [
        {"path": "/settings/typography/font_size_price", "value": 9999}
    ]}))
    .expect("command");
    assert_eq!(
        accept(&doc, &[bad]).refused.len(),
        1,
        "a font size past its limit"
    );
}
