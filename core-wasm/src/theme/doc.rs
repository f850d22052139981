//! The resident theme document: a JSON value kept exactly as loaded (unknown fields, key order of
//! the parser and number quirks included), with JSON-pointer paths and an edit transaction that
//! records what it replaced so a refused command can be rolled back and an applied one undone.

use serde_json::{self, Map, Value};
use shared_types::theme::ThemeFamily;

use super::error::{ThemeError, escape};
use crate::limits::{THEME_CONFIG_MAX_BYTES, THEME_MAX_DEPTH};

/// A theme config held in memory by the editor or the server.
#[derive(Debug, Clone, PartialEq)]
pub struct ThemeDoc {
    root: Value,
}

impl ThemeDoc {
    /// Reads a config from JSON text. Refuses text that is too large, not JSON, nested too
    /// deeply, or not an object with a `pages` object.
    pub fn parse(text: &str) -> Result<Self, ThemeError> {
        if text.len() > THEME_CONFIG_MAX_BYTES {
            return Err(ThemeError::TooLarge {
                max: THEME_CONFIG_MAX_BYTES,
            });
        }
        let root: Value = serde_json::from_str(text).map_err(|e| ThemeError::NotJson {
            detail: e.to_string(),
        })?;
        Self::from_value(root)
    }

    /// Takes a config already parsed; the same checks as [`ThemeDoc::parse`] but the size.
    pub fn from_value(root: Value) -> Result<Self, ThemeError> {
        if depth(&root) > THEME_MAX_DEPTH {
            return Err(ThemeError::Shape {
                path: String::new(),
                expected: "a config nested at most 64 levels deep",
            });
        }
        let Some(object) = root.as_object() else {
            return Err(ThemeError::Shape {
                path: String::new(),
                expected: "an object",
            });
        };
        if !object.get("pages").is_some_and(Value::is_object) {
            return Err(ThemeError::Shape {
                path: "/pages".to_owned(),
                expected: "an object",
            });
        }
        for key in ["settings"] {
            if object.get(key).is_some_and(|v| !v.is_object()) {
                return Err(ThemeError::Shape {
                    path: format!("/{key}"),
                    expected: "an object",
                });
            }
        }
        Ok(ThemeDoc { root })
    }

    /// The whole config.
    pub fn value(&self) -> &Value {
        &self.root
    }

    /// The config as JSON text.
    pub fn to_json(&self) -> String {
        self.root.to_string()
    }

    /// The value at a JSON-pointer path, if any.
    pub fn get(&self, pointer: &str) -> Option<&Value> {
        self.root.pointer(pointer)
    }

    /// The family (spec §1): newchick when the footer of the fixed page has settings, that is a
    /// `settings` object with at least one field; hydro otherwise.
    pub fn family(&self) -> ThemeFamily {
        family_of(&self.root)
    }

    pub(crate) fn root_mut(&mut self) -> &mut Value {
        &mut self.root
    }
}

/// The family of a config value (see [`ThemeDoc::family`]).
pub(crate) fn family_of(root: &Value) -> ThemeFamily {
    let has_settings = root
        .pointer("/pages/fixed/sections/footer/settings")
        .and_then(Value::as_object)
        .is_some_and(|settings| !settings.is_empty());
    if has_settings {
        ThemeFamily::Newchick
    } else {
        ThemeFamily::Hydro
    }
}

/// The nesting depth of a value (a scalar is 0), counted without recursion so no input can
/// exhaust the stack.
pub(crate) fn depth(value: &Value) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(value, 0usize)];
    while let Some((v, d)) = stack.pop() {
        deepest = deepest.max(d);
        match v {
            Value::Array(items) => stack.extend(items.iter().map(|i| (i, d + 1))),
            Value::Object(map) => stack.extend(map.values().map(|i| (i, d + 1))),
            _ => {}
        }
    }
    deepest
}

/// A path split into unescaped segments.
pub type Segments = Vec<String>;

/// Splits a JSON pointer (`/a/b~1c/0`) into segments. The empty pointer (the whole document) is
/// refused: no command replaces the whole config.
pub fn parse_pointer(pointer: &str) -> Result<Segments, ThemeError> {
    let bad = || ThemeError::BadPath {
        path: pointer.chars().take(200).collect(),
    };
    if pointer.len() > 1024 || !pointer.starts_with('/') {
        return Err(bad());
    }
    let mut segments = Vec::new();
    for raw in pointer[1..].split('/') {
        let mut out = String::with_capacity(raw.len());
        let mut chars = raw.chars();
        while let Some(c) = chars.next() {
            if c == '~' {
                match chars.next() {
                    Some('0') => out.push('~'),
                    Some('1') => out.push('/'),
                    _ => return Err(bad()),
                }
            } else {
                out.push(c);
            }
        }
        segments.push(out);
    }
    if segments.len() > THEME_MAX_DEPTH {
        return Err(bad());
    }
    Ok(segments)
}

/// Joins segments back into a JSON pointer.
pub fn to_pointer<S: AsRef<str>>(segments: &[S]) -> String {
    let mut out = String::new();
    for s in segments {
        out.push('/');
        out.push_str(&escape(s.as_ref()));
    }
    out
}

/// The value at `segments`, if any.
pub(crate) fn get_at<'a, S: AsRef<str>>(root: &'a Value, segments: &[S]) -> Option<&'a Value> {
    let mut here = root;
    for s in segments {
        here = match here {
            Value::Object(map) => map.get(s.as_ref())?,
            Value::Array(items) => items.get(array_index(s.as_ref())?)?,
            _ => return None,
        };
    }
    Some(here)
}

fn get_at_mut<'a, S: AsRef<str>>(root: &'a mut Value, segments: &[S]) -> Option<&'a mut Value> {
    let mut here = root;
    for s in segments {
        here = match here {
            Value::Object(map) => map.get_mut(s.as_ref())?,
            Value::Array(items) => items.get_mut(array_index(s.as_ref())?)?,
            _ => return None,
        };
    }
    Some(here)
}

/// An array index segment: digits only, no leading zero.
pub(crate) fn array_index(segment: &str) -> Option<usize> {
    let digits = !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit());
    let canonical = segment == "0" || !segment.starts_with('0');
    if digits && canonical {
        segment.parse().ok()
    } else {
        None
    }
}

/// What one replacement overwrote: the path and the value before (`None` when it was absent).
#[derive(Debug, Clone, PartialEq)]
pub struct Patch {
    pub path: Segments,
    pub before: Option<Value>,
}

/// Every write of a command goes through a transaction, which records what each write replaced.
/// If the command fails half-way, [`Tx::rollback`] restores the document exactly; if it
/// succeeds, the patches are kept to undo it.
#[derive(Debug)]
pub struct Tx<'a> {
    root: &'a mut Value,
    patches: Vec<Patch>,
}

impl<'a> Tx<'a> {
    pub fn new(root: &'a mut Value) -> Self {
        Tx {
            root,
            patches: Vec::new(),
        }
    }

    /// The document as it stands inside the transaction.
    pub fn root(&self) -> &Value {
        self.root
    }

    /// Writes `value` at `path` (or removes it when `None`). The parent must exist: an object
    /// (any key) or an array (an existing index).
    pub fn replace(&mut self, path: &[String], value: Option<Value>) -> Result<(), ThemeError> {
        let before = write(self.root, path, value)?;
        self.patches.push(Patch {
            path: path.to_vec(),
            before,
        });
        Ok(())
    }

    /// Writes `value` at `path`, creating missing parent objects on the way. The first missing
    /// parent is written as one replacement, so undo removes everything created.
    pub fn replace_creating(&mut self, path: &[String], value: Value) -> Result<(), ThemeError> {
        let mut existing = 0;
        while existing < path.len() && get_at(self.root, &path[..=existing]).is_some() {
            existing += 1;
        }
        if existing >= path.len().saturating_sub(1) {
            return self.replace(path, Some(value));
        }
        // path[..existing] exists; path[existing] does not: build the nested rest.
        let mut built = value;
        for key in path[existing + 1..].iter().rev() {
            let mut map = Map::new();
            map.insert(key.clone(), built);
            built = Value::Object(map);
        }
        self.replace(&path[..=existing], Some(built))
    }

    /// Ends the transaction, keeping its writes; returns what they replaced.
    pub fn commit(self) -> Vec<Patch> {
        self.patches
    }

    /// Ends the transaction, undoing its writes.
    pub fn rollback(self) {
        restore(self.root, self.patches);
    }
}

/// Restores patches in reverse order, leaving the document as it was before them.
pub(crate) fn restore(root: &mut Value, patches: Vec<Patch>) {
    for patch in patches.into_iter().rev() {
        // The parent existed when the patch was written and later patches have been undone, so
        // the write cannot fail; if it ever did, there would be nothing better to do than go on.
        let _ = write(root, &patch.path, patch.before);
    }
}

/// Writes (or removes) the value at `path`; returns the value it replaced.
fn write(
    root: &mut Value,
    path: &[String],
    value: Option<Value>,
) -> Result<Option<Value>, ThemeError> {
    let Some((last, parent_path)) = path.split_last() else {
        return Err(ThemeError::BadPath {
            path: String::new(),
        });
    };
    let not_found = || ThemeError::NotFound {
        path: to_pointer(parent_path),
    };
    let parent = get_at_mut(root, parent_path).ok_or_else(not_found)?;
    match parent {
        Value::Object(map) => Ok(match value {
            Some(v) => map.insert(last.clone(), v),
            None => map.remove(last),
        }),
        Value::Array(items) => {
            let index = array_index(last).filter(|i| *i < items.len());
            let Some(index) = index else {
                return Err(ThemeError::NotFound {
                    path: to_pointer(path),
                });
            };
            match value {
                Some(v) => Ok(Some(std::mem::replace(&mut items[index], v))),
                None => Ok(Some(items.remove(index))),
            }
        }
        _ => Err(ThemeError::Shape {
            path: to_pointer(parent_path),
            expected: "an object or a list",
        }),
    }
}
