//! Font commands (spec §4): choosing a family resets its style, url and key; choosing a weight
//! sets style, url and key.

use serde_json::{Map, Value};
use shared_types::theme::FontSlot;

use super::segments;
use crate::theme::defaults::{FONT_FAMILIES, font_weight_label};
use crate::theme::doc::{Tx, get_at, to_pointer};
use crate::theme::error::ThemeError;

/// The longest stylesheet url and key accepted (not in the spec).
const FONT_URL_MAX: usize = 2048;

fn current(tx: &Tx<'_>, path: &[String]) -> Result<Map<String, Value>, ThemeError> {
    match get_at(tx.root(), path) {
        None => Ok(Map::new()),
        Some(Value::Object(map)) => Ok(map.clone()),
        Some(_) => Err(ThemeError::Shape {
            path: to_pointer(path),
            expected: "a font choice",
        }),
    }
}

fn slot_path(slot: FontSlot) -> Vec<String> {
    segments(&["settings", "typography", slot.wire_name()])
}

/// Chooses one of the default font families; style, url and key become empty.
pub(super) fn choose_family(
    tx: &mut Tx<'_>,
    slot: FontSlot,
    family: &str,
) -> Result<(), ThemeError> {
    if !FONT_FAMILIES.contains(&family) {
        return Err(ThemeError::UnknownFont {
            family: family.chars().take(80).collect(),
        });
    }
    let path = slot_path(slot);
    let mut choice = current(tx, &path)?;
    choice.insert("font".to_owned(), Value::from(family));
    for field in ["style", "url", "key"] {
        choice.insert(field.to_owned(), Value::from(""));
    }
    tx.replace_creating(&path, Value::Object(choice))
}

/// Chooses a weight of the current family: sets its style code, stylesheet url and key.
pub(super) fn choose_weight(
    tx: &mut Tx<'_>,
    slot: FontSlot,
    style: &str,
    url: &str,
    key: &str,
) -> Result<(), ThemeError> {
    if font_weight_label(style).is_none() {
        return Err(ThemeError::UnknownWeight {
            style: style.chars().take(80).collect(),
        });
    }
    let path = slot_path(slot);
    for (field, text) in [("url", url), ("key", key)] {
        if text.len() > FONT_URL_MAX {
            return Err(ThemeError::TooLong {
                path: format!("{}/{field}", to_pointer(&path)),
                max: FONT_URL_MAX,
            });
        }
    }
    let mut choice = current(tx, &path)?;
    choice.insert("style".to_owned(), Value::from(style));
    choice.insert("url".to_owned(), Value::from(url));
    choice.insert("key".to_owned(), Value::from(key));
    tx.replace_creating(&path, Value::Object(choice))
}
