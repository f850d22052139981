//! Setting a field by JSON-pointer path, validated against the rule table. Structure (section
//! keys, types, indexes, whole sections), lists and parts with their own command are refused here.

use serde_json::Value;

use crate::limits::THEME_MAX_DEPTH;
use crate::theme::doc::{Tx, depth, get_at, parse_pointer, to_pointer};
use crate::theme::error::ThemeError;
use crate::theme::rules::{Rule, check_new_value, rule_at, touches_managed};

/// Whether the path may be set as a field at all: not the id, not a whole page, section or
/// settings object; inside a section only below its `settings` or legacy `blocks`.
fn settable(path: &[String]) -> bool {
    match path.first().map(String::as_str) {
        Some("id") | None => false,
        Some("pages") => {
            path.len() >= 6
                && path[2] == "sections"
                && (path[4] == "settings" || path[4] == "blocks")
        }
        Some("settings") => path.len() >= 2,
        Some(_) => true,
    }
}

/// What is missing, when `path` goes through a missing part that the rule table gives a rule:
/// the parents a field creates are objects, so a missing list (its item is what is missing), a
/// missing number or text, or any other part with a rule is never made up as one.
fn missing_parent(root: &Value, path: &[String]) -> Option<String> {
    let first_missing = (1..path.len()).find(|&end| get_at(root, &path[..end]).is_none())?;
    (first_missing..path.len()).find_map(|end| match rule_at(root, &path[..end])? {
        Rule::List(_) | Rule::Steps => Some(to_pointer(&path[..=end])),
        _ => Some(to_pointer(&path[..end])),
    })
}

/// Sets the field at `pointer` to `value`.
pub(super) fn set(tx: &mut Tx<'_>, pointer: &str, value: &Value) -> Result<(), ThemeError> {
    let path = parse_pointer(pointer)?;
    if !settable(&path) {
        return Err(ThemeError::Managed {
            path: to_pointer(&path),
        });
    }
    if path[0] == "pages" && !get_at(tx.root(), &path[..4]).is_some_and(Value::is_object) {
        return Err(ThemeError::NotFound {
            path: to_pointer(&path[..4]),
        });
    }
    if let Some(managed) = touches_managed(tx.root(), &path) {
        return Err(ThemeError::Managed { path: managed });
    }
    if let Some(missing) = missing_parent(tx.root(), &path) {
        return Err(ThemeError::NotFound { path: missing });
    }
    if depth(value) + path.len() > THEME_MAX_DEPTH {
        return Err(ThemeError::Shape {
            path: to_pointer(&path),
            expected: "a value nested at most 64 levels deep",
        });
    }
    let stored = check_new_value(tx.root(), &path, value)?;
    tx.replace_creating(&path, stored)
}
