//! Writes the theme engine's parity cases: generated configs (the fixtures with structure-aware
//! mutations, and raw text) with a few commands each, and the verdicts the engine gives natively.
//! `reliability/parity/run.mjs` replays every case through the WebAssembly build in Chromium
//! and expects the same verdicts.
//!
//! `cargo run -p core-wasm --example theme_parity_cases -- <count> <out.jsonl> [seed]`
//!
//! One JSON line per case: `name`, `config` (the text loaded), `commands` (applied in order),
//! and `expected`: the load error, or the family, the section list, every validation problem,
//! each command's outcome, the version and history flags, the config's length and hash, the
//! problems after the commands, the outcome of one undo and the config's length and hash after
//! it. Lengths and hashes (FNV-1a over UTF-16 code units) are of the config's JSON text.

#[path = "../tests/theme_gen/mod.rs"]
mod theme_gen;

use std::io::{BufWriter, Write};

use core_wasm::theme::{
    ThemeDoc, ThemeEditor, ThemeError, family_view, parse_command, section_list, validate,
};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{Value, json};
use shared_types::theme::{ApplyOutcome, ThemeErrorBody};
use theme_gen::{command, config_text, fixtures, mutate, mutations, trim_mask};

/// The config's JSON text as the browser sees it: its length in UTF-16 code units and its
/// FNV-1a hash over them.
fn fingerprint(text: &str) -> Value {
    let mut hash: u32 = 0x811c_9dc5;
    let mut len = 0u64;
    for unit in text.encode_utf16() {
        hash ^= u32::from(unit);
        hash = hash.wrapping_mul(0x0100_0193);
        len += 1;
    }
    json!({ "len": len, "hash": hash })
}

fn bodies(problems: &[ThemeError]) -> Vec<ThemeErrorBody> {
    problems.iter().map(ThemeError::to_body).collect()
}

fn outcome(result: Result<shared_types::theme::ThemeChange, ThemeError>) -> ApplyOutcome {
    match result {
        Ok(change) => ApplyOutcome::Applied { change },
        Err(error) => ApplyOutcome::Rejected {
            error: error.to_body(),
        },
    }
}

/// The native verdicts of one case, in the order the browser computes them.
fn verdicts(config: &str, commands: &[Value]) -> Result<Value, serde_json::Error> {
    let doc = match ThemeDoc::parse(config) {
        Ok(doc) => doc,
        Err(error) => return Ok(json!({ "load": { "error": error.to_body() } })),
    };
    let mut editor = ThemeEditor::new(doc);
    let family = family_view(editor.doc());
    let sections = section_list(editor.doc());
    let problems = bodies(&validate(editor.doc().value()));
    let outcomes: Vec<ApplyOutcome> = commands
        .iter()
        .map(|raw| outcome(parse_command(raw.clone()).and_then(|c| editor.apply(c))))
        .collect();
    let after = fingerprint(&editor.doc().to_json());
    let final_problems = bodies(&validate(editor.doc().value()));
    let (version, can_undo, can_redo) = (editor.version(), editor.can_undo(), editor.can_redo());
    let undo = outcome(editor.undo());
    Ok(json!({
        "load": { "ok": true },
        "family": serde_json::to_value(family)?,
        "sections": serde_json::to_value(sections)?,
        "validate": serde_json::to_value(problems)?,
        "outcomes": serde_json::to_value(outcomes)?,
        "version": version,
        "canUndo": can_undo,
        "canRedo": can_redo,
        "config": after,
        "finalValidate": serde_json::to_value(final_problems)?,
        "undo": serde_json::to_value(undo)?,
        "afterUndo": fingerprint(&editor.doc().to_json()),
    }))
}

/// A case: a trimmed and mutated fixture as text (most), or raw text; then up to five commands.
fn case() -> impl Strategy<Value = (String, Vec<Value>)> {
    let edited = |f: usize| {
        (
            trim_mask(),
            mutations(3),
            prop::collection::vec(command(f), 0..6),
        )
            .prop_map(move |(mask, m, commands)| {
                (mutate(&fixtures()[f], mask, &m).to_string(), commands)
            })
    };
    prop_oneof![
        4 => edited(0),
        4 => edited(1),
        1 => (config_text(), prop::collection::vec(command(0), 0..3)),
    ]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(count), Some(out)) = (args.first(), args.get(1)) else {
        return Err("usage: theme_parity_cases <count> <out.jsonl> [seed]".into());
    };
    let count: usize = count.parse()?;
    let seed: u64 = args.get(2).map_or(Ok(7), |s| s.parse())?;
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &bytes),
    );
    if let Some(dir) = std::path::Path::new(out).parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut file = BufWriter::new(std::fs::File::create(out)?);
    let strategy = case();
    for i in 0..count {
        let (config, commands) = strategy
            .new_tree(&mut runner)
            .map_err(|e| e.to_string())?
            .current();
        let expected = verdicts(&config, &commands)?;
        let line = json!({
            "name": format!("case-{i}"),
            "config": config,
            "commands": commands,
            "expected": expected,
        });
        serde_json::to_writer(&mut file, &line)?;
        file.write_all(b"\n")?;
    }
    file.flush()?;
    println!("{count} parity cases (seed {seed}) written to {out}");
    Ok(())
}
