//! Section commands (spec §4): add above or below a position, move, remove. Header and footer are
//! fixed. After every change the page's section object is rebuilt from the ordered list, each
//! section's `index` being its position.

use serde_json::{Map, Value, json};
use shared_types::theme::{Place, SectionType, ThemeFamily};

use super::segments;
use crate::limits::{SECTION_KEY_LENGTH, THEME_SECTIONS_PER_PAGE_MAX};
use crate::theme::defaults::section_settings;
use crate::theme::doc::{Tx, get_at};
use crate::theme::error::ThemeError;
use crate::theme::view::addable_section_types;

/// The path of the homepage's section object.
pub(crate) const HOME_SECTIONS: [&str; 3] = ["pages", "homepage", "sections"];

/// The keys of a page's sections in order: by `index`, then by key; sections without an index
/// come last.
pub(crate) fn ordered_keys(sections: &Map<String, Value>) -> Vec<String> {
    let mut keyed: Vec<(f64, &String)> = sections
        .iter()
        .filter(|(_, section)| section.is_object())
        .map(|(key, section)| {
            let index = section
                .get("index")
                .and_then(Value::as_f64)
                .unwrap_or(f64::INFINITY);
            (index, key)
        })
        .collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(b.1)));
    keyed.into_iter().map(|(_, key)| key.clone()).collect()
}

/// The ordered keys of the homepage sections, and whether `key` is one of them. Nothing is
/// cloned but the keys: a page of sections can be most of a 200 KB config.
fn home_order(tx: &Tx<'_>, key: &str) -> Result<(Vec<String>, bool), ThemeError> {
    match get_at(tx.root(), &HOME_SECTIONS) {
        None => Ok((Vec::new(), false)),
        Some(Value::Object(map)) => Ok((ordered_keys(map), map.contains_key(key))),
        Some(_) => Err(ThemeError::Shape {
            path: "/pages/homepage/sections".to_owned(),
            expected: "an object",
        }),
    }
}

/// The keys of the homepage's sections in order (none when the page has no section object).
pub(crate) fn home_keys(root: &Value) -> Vec<String> {
    match get_at(root, &HOME_SECTIONS) {
        Some(Value::Object(map)) => ordered_keys(map),
        _ => Vec::new(),
    }
}

fn section_path(key: &str) -> Vec<String> {
    let mut path = segments(&HOME_SECTIONS);
    path.push(key.to_owned());
    path
}

/// Rebuilds the section object from `order`: each section's `index` becomes its position. Only
/// the indexes that change are written, so undo keeps small patches.
fn reindex(tx: &mut Tx<'_>, order: &[String]) -> Result<(), ThemeError> {
    for (position, key) in order.iter().enumerate() {
        let mut path = section_path(key);
        path.push("index".to_owned());
        let current = get_at(tx.root(), &path);
        let in_place = current.is_some_and(|v| v.as_u64() == Some(position as u64));
        if !in_place {
            tx.replace(&path, Some(json!(position)))?;
        }
    }
    Ok(())
}

fn is_fixed(tx: &Tx<'_>, key: &str) -> bool {
    key == "header"
        || key == "footer"
        || get_at(tx.root(), &["pages", "fixed", "sections", key]).is_some()
}

fn valid_key(key: &str) -> bool {
    let length = key.chars().count();
    length >= SECTION_KEY_LENGTH.min as usize
        && length <= SECTION_KEY_LENGTH.max as usize
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Adds a section of a type above or below the section at `position` of the ordered list.
pub(super) fn add(
    tx: &mut Tx<'_>,
    family: ThemeFamily,
    key: &str,
    section_type: SectionType,
    position: u32,
    place: Place,
) -> Result<(), ThemeError> {
    if !valid_key(key) {
        return Err(ThemeError::BadKey {
            key: key.chars().take(80).collect(),
        });
    }
    if !addable_section_types(family).contains(&section_type) {
        return Err(ThemeError::NotAddable {
            section_type: section_type.wire_name().to_owned(),
            family,
        });
    }
    let (mut order, taken) = home_order(tx, key)?;
    if taken || is_fixed(tx, key) {
        return Err(ThemeError::KeyTaken {
            key: key.to_owned(),
        });
    }
    let len = order.len();
    if len >= THEME_SECTIONS_PER_PAGE_MAX {
        return Err(ThemeError::TooManySections {
            path: "/pages/homepage/sections".to_owned(),
            count: len,
            max: THEME_SECTIONS_PER_PAGE_MAX,
        });
    }
    let at = match place {
        Place::Above if (position as usize) <= len => position as usize,
        Place::Below if (position as usize) < len => position as usize + 1,
        _ => return Err(ThemeError::BadPosition { position, len }),
    };
    let section = json!({
        "key": key,
        "type": section_type.wire_name(),
        "settings": section_settings(section_type),
        "index": at,
    });
    tx.replace_creating(&section_path(key), section)?;
    order.insert(at, key.to_owned());
    reindex(tx, &order)
}

fn position_of(tx: &Tx<'_>, order: &[String], key: &str) -> Result<usize, ThemeError> {
    if is_fixed(tx, key) {
        return Err(ThemeError::FixedSection {
            key: key.to_owned(),
        });
    }
    order
        .iter()
        .position(|k| k == key)
        .ok_or_else(|| ThemeError::NoSuchSection {
            key: key.chars().take(80).collect(),
        })
}

/// Moves a section to position `to` of the ordered list.
pub(super) fn move_to(tx: &mut Tx<'_>, key: &str, to: u32) -> Result<(), ThemeError> {
    let (mut order, _) = home_order(tx, key)?;
    let from = position_of(tx, &order, key)?;
    if to as usize >= order.len() {
        return Err(ThemeError::BadPosition {
            position: to,
            len: order.len(),
        });
    }
    let moved = order.remove(from);
    order.insert(to as usize, moved);
    reindex(tx, &order)
}

/// Removes a section.
pub(super) fn remove(tx: &mut Tx<'_>, key: &str) -> Result<(), ThemeError> {
    let (mut order, _) = home_order(tx, key)?;
    let at = position_of(tx, &order, key)?;
    order.remove(at);
    tx.replace(&section_path(key), None)?;
    reindex(tx, &order)
}
