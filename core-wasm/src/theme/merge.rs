//! Merging edits made apart: which paths a save changed, whether two paths touch, the replay
//! of an offline batch of commands against a config that others changed since the batch's base,
//! and the check of an unsaved draft kept for the merchant's other devices. The server calls
//! these so that the merge rule is the core's, the same for every client.

use serde_json::Value;
use shared_types::theme::{ReplayConflict, ReplayReport};

use super::commands::apply;
use super::doc::{ThemeDoc, parse_pointer, to_pointer};
use super::error::ThemeError;
use super::parse_command;
use crate::limits::THEME_DRAFT_MAX_COMMANDS;

/// The JSON-pointer paths where `after` differs from `before`: the smallest subtrees that differ.
/// A list whose length changed counts as changed as a whole (its items' indexes moved); the root
/// itself is never reported, only its members.
pub fn changed_paths(before: &Value, after: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut path: Vec<String> = Vec::new();
    diff(before, after, &mut path, &mut out);
    out
}

fn diff(before: &Value, after: &Value, path: &mut Vec<String>, out: &mut Vec<String>) {
    match (before, after) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, value) in a {
                path.push(key.clone());
                match b.get(key) {
                    Some(other) => diff(value, other, path, out),
                    None => out.push(to_pointer(path)),
                }
                path.pop();
            }
            for key in b.keys().filter(|k| !a.contains_key(*k)) {
                path.push(key.clone());
                out.push(to_pointer(path));
                path.pop();
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                path.push(i.to_string());
                diff(x, y, path, out);
                path.pop();
            }
        }
        (a, b) if a == b => {}
        _ => out.push(to_pointer(path)),
    }
}

/// Whether two paths touch: one is the other or lies inside it. The empty path (the whole
/// config) touches every path.
pub fn paths_overlap(a: &str, b: &str) -> bool {
    let (Ok(x), Ok(y)) = (segments_of(a), segments_of(b)) else {
        return true;
    };
    x.iter().zip(&y).all(|(p, q)| p == q)
}

fn segments_of(pointer: &str) -> Result<Vec<String>, ThemeError> {
    if pointer.is_empty() {
        Ok(Vec::new())
    } else {
        parse_pointer(pointer)
    }
}

/// What replaying a batch produced: the merged document and the report for the client.
#[derive(Debug, Clone)]
pub struct Replayed {
    pub doc: ThemeDoc,
    pub report: ReplayReport,
}

/// Replays an offline batch. `base` is the config the client edited (the version its batch
/// starts from), `current` the config as it stands now, and `changed_since_base` every path that
/// saves after the base changed.
///
/// Each command is first applied to the client's own copy (the base plus its earlier commands):
/// a command the core refuses there is the client's mistake, and the whole batch is refused with
/// its index and error. A command whose paths touch a path changed since the base is a conflict:
/// it is reported and not applied. The others are applied to the current config; one that the
/// current config no longer accepts (its section was removed meanwhile, say) is a conflict too.
pub fn replay_batch(
    base: &ThemeDoc,
    current: &ThemeDoc,
    changed_since_base: &[String],
    commands: &[Value],
) -> Result<Replayed, (usize, ThemeError)> {
    let mut mine = base.clone();
    let mut merged = current.clone();
    let mut report = ReplayReport::default();
    for (i, raw) in commands.iter().enumerate() {
        let command = parse_command(raw.clone()).map_err(|e| (i, e))?;
        let own = apply(&mut mine, &command).map_err(|e| (i, e))?;
        let paths = own.paths();
        let touched: Vec<String> = paths
            .iter()
            .filter(|p| changed_since_base.iter().any(|c| paths_overlap(p, c)))
            .cloned()
            .collect();
        let index = u32::try_from(i).unwrap_or(u32::MAX);
        if !touched.is_empty() {
            report.conflicts.push(ReplayConflict {
                index,
                paths: touched,
                error: None,
            });
            continue;
        }
        match apply(&mut merged, &command) {
            Ok(change) => {
                report.applied.push(index);
                for path in change.paths() {
                    if !report.paths.contains(&path) {
                        report.paths.push(path);
                    }
                }
            }
            Err(error) => report.conflicts.push(ReplayConflict {
                index,
                paths,
                error: Some(error.to_body()),
            }),
        }
    }
    Ok(Replayed {
        doc: merged,
        report,
    })
}

/// Replays an unsaved draft: `commands` applied in order to `base` (the config at the draft's
/// base version), exactly as the editor applied them, so a draft another device resumes is one
/// the editor can load. Answers the document they make, or the error of the first command
/// refused with its index; a draft of more than `THEME_DRAFT_MAX_COMMANDS` commands is refused
/// as a whole (no index). Nothing is merged: a draft is never published by itself.
pub fn replay_draft(
    base: &ThemeDoc,
    commands: &[Value],
) -> Result<ThemeDoc, (Option<usize>, ThemeError)> {
    if commands.len() > THEME_DRAFT_MAX_COMMANDS {
        return Err((
            None,
            ThemeError::TooManyCommands {
                max: THEME_DRAFT_MAX_COMMANDS,
            },
        ));
    }
    let mut doc = base.clone();
    for (i, raw) in commands.iter().enumerate() {
        let command = parse_command(raw.clone()).map_err(|e| (Some(i), e))?;
        apply(&mut doc, &command).map_err(|e| (Some(i), e))?;
    }
    Ok(doc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn changed_paths_name_the_smallest_differing_subtrees() {
        let before = json!({"a": {"b": 1, "c": [1, 2]}, "d": 1, "gone": true});
        let after = json!({"a": {"b": 2, "c": [1, 2, 3]}, "d": 1, "new": 0});
        assert_eq!(
            changed_paths(&before, &after),
            vec!["/a/b", "/a/c", "/gone", "/new"]
        );
        assert!(changed_paths(&before, &before).is_empty());
    }

    #[test]
    fn paths_overlap_when_one_contains_the_other() {
        assert!(paths_overlap("/a/b", "/a/b"));
        assert!(paths_overlap("/a", "/a/b/c"));
        assert!(paths_overlap("/a/b/c", "/a"));
        assert!(!paths_overlap("/a/b", "/a/c"));
        assert!(!paths_overlap("/a/b", "/a/bc"));
        assert!(paths_overlap("", "/x"));
    }

    fn hydro() -> ThemeDoc {
        ThemeDoc::parse(include_str!("../../tests/fixtures/hydro.json")).expect("hydro")
    }

    #[test]
    fn a_draft_replays_on_its_base_or_names_the_first_command_refused() {
        let base = hydro();
        let heading = "/settings/product/heading";
        let set = |value: Value| json!({"kind": "setField", "path": heading, "value": value});
        let doc = replay_draft(&base, &[set(json!("one")), set(json!("two"))]).expect("draft");
        assert_eq!(doc.get(heading), Some(&json!("two")));
        assert_eq!(replay_draft(&base, &[]).expect("empty"), base);

        let refused = replay_draft(&base, &[set(json!("ok")), json!({"kind": "nonsense"})]);
        assert!(matches!(
            refused,
            Err((Some(1), ThemeError::BadCommand { .. }))
        ));
        let missing = json!({"kind": "removeSection", "key": "no-such-section"});
        let refused = replay_draft(&base, &[missing]).map_err(|(i, e)| (i, e.code()));
        assert_eq!(refused, Err((Some(0), "section.notFound")));

        let many = vec![set(json!("x")); THEME_DRAFT_MAX_COMMANDS + 1];
        let refused = replay_draft(&base, &many).map_err(|(i, e)| (i, e.code()));
        assert_eq!(refused, Err((None, "draft.tooManyCommands")));
        assert!(replay_draft(&base, &many[1..]).is_ok());
    }
}
