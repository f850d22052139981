//! Applying a command to a document: one module per command family, each writing only through a
//! transaction, so a refused command leaves the document exactly as it was.

mod countdown;
mod fields;
mod fonts;
mod lists;
mod sections;

use shared_types::theme::ThemeCommand;

use super::doc::{Patch, ThemeDoc, Tx, to_pointer};
use super::error::ThemeError;

pub(crate) use lists::{list_items, list_place, status as list_status};
pub(crate) use sections::{HOME_SECTIONS, home_keys, ordered_keys};

/// What an applied command replaced, in order; undoing restores it in reverse.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub patches: Vec<Patch>,
}

impl Change {
    /// The JSON-pointer paths the command replaced, each once, in order.
    pub fn paths(&self) -> Vec<String> {
        let mut paths: Vec<String> = Vec::new();
        for patch in &self.patches {
            let path = to_pointer(&patch.path);
            if !paths.contains(&path) {
                paths.push(path);
            }
        }
        paths
    }
}

/// The most values one `Restore` puts back (a removed section's order moves every section).
pub const RESTORE_VALUES_MAX: usize = 256;

/// Puts values back, then checks what was written by the config's rules.
fn restore_values(
    tx: &mut Tx<'_>,
    values: &[shared_types::theme::RestoredValue],
) -> Result<(), ThemeError> {
    if values.is_empty() || values.len() > RESTORE_VALUES_MAX {
        return Err(ThemeError::BadCommand {
            detail: format!("restore 1 to {RESTORE_VALUES_MAX} values"),
        });
    }
    let mut paths = Vec::with_capacity(values.len());
    for restored in values {
        let segments = super::doc::parse_pointer(&restored.path)?;
        if segments.is_empty() {
            return Err(ThemeError::BadPath {
                path: restored.path.clone(),
            });
        }
        match &restored.value {
            Some(value) => tx.replace_creating(&segments, value.clone())?,
            None => tx.replace(&segments, None)?,
        }
        paths.push(restored.path.as_str());
    }
    let under = |problem: &str| {
        paths
            .iter()
            .any(|p| problem == *p || problem.starts_with(&format!("{p}/")))
    };
    match super::rules::validate(tx.root())
        .into_iter()
        .find(|problem| under(&problem.to_body().path))
    {
        Some(problem) => Err(problem),
        None => Ok(()),
    }
}

/// Applies one command. On error the document is left exactly as it was.
pub fn apply(doc: &mut ThemeDoc, command: &ThemeCommand) -> Result<Change, ThemeError> {
    let family = doc.family();
    let mut tx = Tx::new(doc.root_mut());
    let result = match command {
        ThemeCommand::AddSection {
            key,
            section_type,
            position,
            place,
        } => sections::add(&mut tx, family, key, *section_type, *position, *place),
        ThemeCommand::MoveSection { key, to } => sections::move_to(&mut tx, key, *to),
        ThemeCommand::RemoveSection { key } => sections::remove(&mut tx, key),
        ThemeCommand::AddItem {
            list,
            id,
            block_type,
        } => lists::add(&mut tx, family, list, id.as_deref(), block_type.as_deref()),
        ThemeCommand::RemoveItem { list, index } => lists::remove(&mut tx, family, list, *index),
        ThemeCommand::MoveItem { list, from, to } => {
            lists::move_item(&mut tx, family, list, *from, *to)
        }
        ThemeCommand::CopySlidesToMobile { section } => {
            lists::copy_slides_to_mobile(&mut tx, family, section)
        }
        ThemeCommand::SetField { path, value } => fields::set(&mut tx, path, value),
        ThemeCommand::ChooseFontFamily { slot, family } => {
            fonts::choose_family(&mut tx, *slot, family)
        }
        ThemeCommand::ChooseFontWeight { slot, style, .. } => {
            fonts::choose_weight(&mut tx, *slot, style)
        }
        ThemeCommand::SetCountdown {
            unit,
            value,
            now_ms,
        } => countdown::set(&mut tx, *unit, value, *now_ms),
        ThemeCommand::Restore { values } => restore_values(&mut tx, values),
    };
    match result {
        Ok(()) => Ok(Change {
            patches: tx.commit(),
        }),
        Err(error) => {
            tx.rollback();
            Err(error)
        }
    }
}

/// Owned path segments from string slices.
pub(crate) fn segments(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|s| (*s).to_owned()).collect()
}
