//! Fuzz harness of the theme-config parser and the command decoder, on proptest (the stable
//! toolchain has no libFuzzer). Each execution runs one generated input through the engine:
//! text into `ThemeDoc::parse` and the command and batch decoders, any JSON into
//! `ThemeDoc::from_value` and `parse_command`, a fixture with structure-aware mutations and a
//! sequence of commands through the editor, or an offline batch through `replay_batch`.
//!
//! Properties: nothing panics; a refused command changes neither the document nor the version;
//! an applied one adds one to the version; the same commands applied to a copy give the same
//! document; undoing everything gives the loaded config back exactly; on an unmutated fixture
//! the commands leave a valid config; a replayed batch accounts for every command.
//!
//! Small mode (plain `cargo test`): a few thousand executions. Long mode: set
//! `THEME_FUZZ_EXECUTIONS` (RELIABILITY.md gives the command for 10 million). `THEME_FUZZ_SEED`
//! changes the inputs, `THEME_FUZZ_THREADS` the number of threads, and `THEME_FUZZ_SECONDS` stops
//! a run after that long (it then says how far it got). The figures, and progress every minute,
//! are written to the standard error stream directly, so they show even when the test harness
//! captures output.

mod theme_gen;

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use core_wasm::theme::{
    ThemeDoc, ThemeEditor, apply, changed_paths, family_view, field_spec, parse_command,
    parse_pointer, paths_overlap, replay_batch, section_list, validate,
};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use serde_json::Value;
use shared_types::catalog::CommandBatch;
use shared_types::theme::ThemeCommand;
use theme_gen::{Mutation, any_json, command, config_text, fixtures, mutate, mutations, trim_mask};

/// How often the first thread reports progress.
const PROGRESS_EVERY: Duration = Duration::from_secs(60);

/// Executions in small mode.
const SMALL_EXECUTIONS: u64 = 3_000;

/// The stack of each fuzz thread: building proptest's nested strategy trees takes more than a
/// thread's default 2 MB in a debug build. The engine itself needs no more than the default.
const HARNESS_STACK_BYTES: usize = 64 * 1024 * 1024;

/// One input of the harness.
#[derive(Debug, Clone)]
enum Input {
    /// Text for the config parser and the command and batch decoders.
    Text(String),
    /// Any JSON value, as a config and as a command.
    Json(Value),
    /// A fixture, mutated, loaded from its text or as a value, then edited.
    Edit {
        fixture: usize,
        trim: Option<u64>,
        mutations: Vec<(Index, Mutation)>,
        as_text: bool,
        commands: Vec<Value>,
    },
    /// An offline batch replayed on a fixture others changed (the mutations).
    Batch {
        fixture: usize,
        mutations: Vec<(Index, Mutation)>,
        commands: Vec<Value>,
    },
}

impl Input {
    fn kind(&self) -> usize {
        match self {
            Input::Text(_) => 0,
            Input::Json(_) => 1,
            Input::Edit { .. } => 2,
            Input::Batch { .. } => 3,
        }
    }
}

const KINDS: [&str; 4] = [
    "text",
    "JSON values",
    "mutated fixtures edited",
    "batches replayed",
];

fn edit(fixture: usize) -> impl Strategy<Value = Input> {
    (
        trim_mask(),
        mutations(3),
        any::<bool>(),
        prop::collection::vec(command(fixture), 1..6),
    )
        .prop_map(move |(trim, mutations, as_text, commands)| Input::Edit {
            fixture,
            trim,
            mutations,
            as_text,
            commands,
        })
}

fn batch(fixture: usize) -> impl Strategy<Value = Input> {
    (mutations(2), prop::collection::vec(command(fixture), 0..6)).prop_map(
        move |(mutations, commands)| Input::Batch {
            fixture,
            mutations,
            commands,
        },
    )
}

fn input() -> impl Strategy<Value = Input> {
    prop_oneof![
        3 => config_text().prop_map(Input::Text),
        2 => any_json().prop_map(Input::Json),
        3 => edit(0),
        3 => edit(1),
        1 => batch(0),
        1 => batch(1),
    ]
}

/// The views the editor reads from a loaded document; they must not panic on any config.
fn read_views(doc: &ThemeDoc, pointer: &str) {
    let problems = validate(doc.value());
    let _ = (problems.len(), section_list(doc), family_view(doc));
    let _ = field_spec(doc.value(), pointer);
}

fn run_text(text: &str) {
    if let Ok(doc) = ThemeDoc::parse(text) {
        read_views(&doc, "/settings/typography/font_size_price");
    }
    let _ = serde_json::from_str::<ThemeCommand>(text);
    let _ = serde_json::from_str::<CommandBatch>(text);
    let _ = parse_pointer(text);
    let _ = paths_overlap(text, "/settings/product");
    let _ = field_spec(&fixtures()[0].value, text);
}

fn run_json(value: &Value) -> Result<(), TestCaseError> {
    if let Ok(doc) = ThemeDoc::from_value(value.clone()) {
        read_views(&doc, "/settings");
    }
    if let Ok(command) = parse_command(value.clone()) {
        let mut editor = ThemeEditor::new(bases()[0].clone());
        apply_checked(&mut editor, command)?;
    }
    Ok(())
}

/// Applies a decoded command. A refused one must change nothing; an applied one adds one to the
/// version.
fn apply_checked(editor: &mut ThemeEditor, command: ThemeCommand) -> Result<(), TestCaseError> {
    let before = editor.doc().clone();
    let version = editor.version();
    match editor.apply(command) {
        Ok(change) => {
            prop_assert_eq!(change.version, version + 1);
            prop_assert_eq!(editor.version(), version + 1);
        }
        Err(error) => {
            prop_assert!(editor.doc() == &before, "refused ({error}) but changed");
            prop_assert_eq!(editor.version(), version);
        }
    }
    Ok(())
}

/// Edits a loaded config with the editor and, command by command, a shadow copy with the bare
/// `apply`: a command applied by the editor is applied to the shadow too, so the two must stay
/// equal (the log replays to the same document), and a refused one is checked against the
/// shadow without copying the document before each command.
fn run_edit(
    fixture: usize,
    trim: Option<u64>,
    mutations: &[(Index, Mutation)],
    as_text: bool,
    commands: &[Value],
) -> Result<u64, TestCaseError> {
    let value = mutate(&fixtures()[fixture], trim, mutations);
    // Loaded from text, a number may come back one unit in the last place away from the value
    // (serde_json's fast float parsing), so undo is compared with the document as loaded.
    let loaded = if as_text {
        ThemeDoc::parse(&value.to_string())
    } else {
        ThemeDoc::from_value(value)
    };
    let Ok(doc) = loaded else {
        return Ok(1);
    };
    let original = doc.clone();
    let mut shadow = doc.clone();
    let mut editor = ThemeEditor::new(doc);
    for raw in commands {
        let Ok(command) = parse_command(raw.clone()) else {
            continue;
        };
        let version = editor.version();
        match editor.apply(command.clone()) {
            Ok(change) => {
                prop_assert_eq!(change.version, version + 1);
                prop_assert_eq!(editor.version(), version + 1);
                let again = apply(&mut shadow, &command);
                prop_assert!(
                    again.is_ok(),
                    "applied once, refused on a copy: {:?}",
                    again
                );
            }
            Err(error) => {
                prop_assert!(editor.doc() == &shadow, "refused ({error}) but changed");
                prop_assert_eq!(editor.version(), version);
            }
        }
    }
    prop_assert!(
        editor.doc() == &shadow,
        "the same commands gave another document"
    );
    if mutations.is_empty() {
        let problems = validate(editor.doc().value());
        prop_assert!(
            problems.is_empty(),
            "the commands left an unmutated fixture invalid: {:?}",
            problems
        );
    }
    while editor.can_undo() {
        prop_assert!(editor.undo().is_ok());
    }
    prop_assert!(editor.doc() == &original, "undoing everything differs");
    Ok(1 + commands.len() as u64)
}

/// The fixtures loaded, as a batch's base.
fn bases() -> &'static [ThemeDoc; 2] {
    static BASES: OnceLock<[ThemeDoc; 2]> = OnceLock::new();
    BASES.get_or_init(|| {
        let load = |f: usize| ThemeDoc::parse(&fixtures()[f].text).expect("the fixture loads");
        [load(0), load(1)]
    })
}

fn run_batch(
    fixture: usize,
    mutations: &[(Index, Mutation)],
    commands: &[Value],
) -> Result<u64, TestCaseError> {
    let base = &bases()[fixture];
    let Ok(current) = ThemeDoc::from_value(mutate(&fixtures()[fixture], None, mutations)) else {
        return Ok(1);
    };
    let changed = changed_paths(base.value(), current.value());
    match replay_batch(base, &current, &changed, commands) {
        Ok(replayed) => {
            let report = &replayed.report;
            let count = report.applied.len() + report.conflicts.len();
            prop_assert_eq!(count, commands.len());
            if report.applied.is_empty() {
                prop_assert!(replayed.doc == current, "nothing applied but changed");
            }
        }
        Err((index, _)) => prop_assert!(index < commands.len()),
    }
    Ok(1 + commands.len() as u64)
}

/// Runs one input; answers the executions it made: one for the config or text, one more for
/// each command of a sequence or batch.
fn run(input: &Input) -> Result<u64, TestCaseError> {
    match input {
        Input::Text(text) => {
            run_text(text);
            Ok(1)
        }
        Input::Json(value) => run_json(value).map(|()| 1),
        Input::Edit {
            fixture,
            trim,
            mutations,
            as_text,
            commands,
        } => run_edit(*fixture, *trim, mutations, *as_text, commands),
        Input::Batch {
            fixture,
            mutations,
            commands,
        } => run_batch(*fixture, mutations, commands),
    }
}

/// What one thread counted.
#[derive(Debug, Default)]
struct Tally {
    inputs: u64,
    executions: u64,
    by_kind: [u64; 4],
    time_by_kind: [Duration; 4],
    slowest: Duration,
    slowest_kind: usize,
    slowest_input: String,
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

fn seed_bytes(seed: u64) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes
}

#[test]
fn the_theme_parser_and_command_decoder_survive_generated_input() {
    let executions = env_number("THEME_FUZZ_EXECUTIONS").unwrap_or(SMALL_EXECUTIONS);
    let seed = env_number("THEME_FUZZ_SEED").unwrap_or(1);
    let parallel = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    let threads = env_number("THEME_FUZZ_THREADS")
        .unwrap_or(if executions > 100_000 { parallel } else { 1 })
        .clamp(1, 64);
    let limit = env_number("THEME_FUZZ_SECONDS").map(Duration::from_secs);
    let _ = bases();
    let started = Instant::now();
    let failures = Mutex::new(Vec::new());
    let done_so_far = AtomicU64::new(0);
    let timed_out = AtomicBool::new(false);
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let share = executions / threads + u64::from(t < executions % threads);
                let (failures, done_so_far, timed_out) = (&failures, &done_so_far, &timed_out);
                let worker = std::thread::Builder::new()
                    .name(format!("theme-fuzz-{t}"))
                    .stack_size(HARNESS_STACK_BYTES);
                let spawned = worker.spawn_scoped(scope, move || {
                    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes(seed + t));
                    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
                    let strategy = input();
                    let tally = Mutex::new(Tally::default());
                    let mut reported = Instant::now();
                    // Runs inputs in chunks (the runner's generator goes on from one chunk to
                    // the next) until this thread's share of executions is done.
                    loop {
                        let done = tally.lock().map_or(share, |t| t.executions);
                        if done >= share {
                            break;
                        }
                        if limit.is_some_and(|limit| started.elapsed() >= limit) {
                            timed_out.store(true, Ordering::Relaxed);
                            break;
                        }
                        if t == 0 && reported.elapsed() >= PROGRESS_EVERY {
                            reported = Instant::now();
                            let _ = writeln!(
                                std::io::stderr(),
                                "theme fuzz: {} executions after {:.0} s",
                                done_so_far.load(Ordering::Relaxed),
                                started.elapsed().as_secs_f64()
                            );
                        }
                        let chunk = ((share - done) / 4).clamp(1, 500);
                        let config = Config {
                            cases: chunk as u32,
                            failure_persistence: None,
                            max_shrink_iters: 2_000,
                            ..Config::default()
                        };
                        let mut chunk_runner = TestRunner::new_with_rng(config, runner.new_rng());
                        let result = chunk_runner.run(&strategy, |input| {
                            let start = Instant::now();
                            let outcome = run(&input);
                            let took = start.elapsed();
                            let mut tally = tally.lock().unwrap_or_else(|e| e.into_inner());
                            let kind = input.kind();
                            tally.inputs += 1;
                            let n = outcome.as_ref().map_or(1, |n| *n);
                            tally.executions += n;
                            done_so_far.fetch_add(n, Ordering::Relaxed);
                            tally.by_kind[kind] += 1;
                            tally.time_by_kind[kind] += took;
                            if took > tally.slowest {
                                tally.slowest = took;
                                tally.slowest_kind = kind;
                                if std::env::var_os("THEME_FUZZ_SHOW_SLOWEST").is_some() {
                                    tally.slowest_input = format!("{input:?}");
                                }
                            }
                            outcome.map(|_| ())
                        });
                        if let Err(error) = result {
                            let text: String = error.to_string().chars().take(4_000).collect();
                            failures
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push(text);
                            break;
                        }
                    }
                    tally.into_inner().unwrap_or_else(|e| e.into_inner())
                });
                spawned.expect("a fuzz thread starts")
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_default())
            .collect()
    });
    let elapsed = started.elapsed();
    let total: u64 = tallies.iter().map(|t| t.executions).sum();
    let inputs: u64 = tallies.iter().map(|t| t.inputs).sum();
    let slowest = tallies.iter().max_by_key(|t| t.slowest);
    let mut by_kind = [0u64; 4];
    let mut time_by_kind = [Duration::ZERO; 4];
    for tally in &tallies {
        for k in 0..4 {
            by_kind[k] += tally.by_kind[k];
            time_by_kind[k] += tally.time_by_kind[k];
        }
    }
    let kinds: Vec<String> = (0..4)
        .map(|k| {
            let mean = time_by_kind[k].as_secs_f64() * 1e6 / by_kind[k].max(1) as f64;
            format!("{} {} at {mean:.0} µs each", by_kind[k], KINDS[k])
        })
        .collect();
    let failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut err = std::io::stderr();
    let _ = writeln!(
        err,
        "theme fuzz: {total} executions from {inputs} generated inputs ({}) in {:.1} s on {threads} thread(s), {:.0} per second, seed {seed}; slowest execution {:.2} ms ({}); {} failure(s)",
        kinds.join(", "),
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64().max(1e-9),
        slowest.map_or(0.0, |t| t.slowest.as_secs_f64() * 1000.0),
        slowest.map_or("", |t| KINDS[t.slowest_kind]),
        failures.len(),
    );
    if let Some(t) = slowest.filter(|t| !t.slowest_input.is_empty()) {
        let shown: String = t.slowest_input.chars().take(3_000).collect();
        let _ = writeln!(err, "slowest input: {shown}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    if timed_out.into_inner() {
        let _ = writeln!(
            err,
            "theme fuzz: stopped by THEME_FUZZ_SECONDS after {total} of the {executions} executions asked"
        );
    } else {
        assert!(
            total >= executions,
            "{total} executions, {executions} expected"
        );
    }
}
