//! The theme document engine (editor-and-analytics.md §2.3-2.4, §3.2-3.4, §4, §5, §9).
//!
//! The document is kept as a JSON value ([`ThemeDoc`]) so that configs round-trip exactly; the
//! typed views in `shared_types::theme` describe it. Edits are [`ThemeCommand`]s applied by
//! [`apply`]; [`ThemeEditor`] adds undo, redo, a version and a replayable log. The limits of the
//! spec sit in `crate::limits`, the defaults in [`defaults`], the font families and the weights
//! each comes in in [`fonts`], and the table saying which limit
//! applies at which path in `rules`.
//!
//! [`ThemeCommand`]: shared_types::theme::ThemeCommand

pub mod collab;
mod commands;
pub mod defaults;
pub mod describe;
mod doc;
mod error;
mod fields;
pub mod fonts;
mod history;
mod merge;
mod panel;
mod rules;
mod schema;
mod view;

pub use commands::{Change, apply};
pub use doc::{Patch, ThemeDoc, parse_pointer, to_pointer};
pub use error::ThemeError;
pub use fields::{
    field_spec, flash_deal_product_open, font_choices, font_weight_choice, list_status,
};
pub use history::{ThemeEditor, fingerprint_of_text, fingerprint_text, parse_fingerprint};
pub use merge::{Replayed, changed_paths, paths_overlap, replay_batch, replay_draft};
pub use panel::{editor_constants, link_to, panel};
pub use rules::{
    DefaultValue, Where, default_at, default_rows, inline_font_sizes, limited_fields, range_at,
    too_many_sections, validate,
};
pub use view::{
    PREVIEW_STYLE_GROUPS, addable_section_types, family_label, family_view, preview_change,
    preview_page_for, preview_page_for_panel, preview_url, section_list, settings_groups,
};

use serde_json::{self, Number, Value};
use shared_types::theme::{EditorOp, ThemeCommand};

/// Reads a command from JSON, with a structured error for anything malformed.
///
/// Its numbers are first read the way JavaScript reads them, as doubles (see
/// `as_javascript_numbers`): a command then gives the same document and the same verdict
/// whether the editor applies it in the browser or the server replays it from a batch's text.
pub fn parse_command(mut value: Value) -> Result<ThemeCommand, ThemeError> {
    as_javascript_numbers(&mut value);
    serde_json::from_value(value).map_err(|e| ThemeError::BadCommand {
        detail: e.to_string(),
    })
}

/// Reads a step of the command stream from JSON, its numbers read as [`parse_command`] reads a
/// command's: the copy that runs it holds what the sender holds.
pub fn parse_op(mut value: Value) -> Result<EditorOp, ThemeError> {
    as_javascript_numbers(&mut value);
    serde_json::from_value(value).map_err(|e| ThemeError::BadCommand {
        detail: e.to_string(),
    })
}

/// The largest whole number a double holds exactly with its neighbours (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// Rewrites every number of a value as a JavaScript value becomes when the browser hands it to
/// the core: a double, kept as an integer when it is whole and safe (`5.0` and `-0` become `5`
/// and `0`), else as a double (an integer past 2^53 is rounded to the nearest one). Iterative,
/// so no input can exhaust the stack.
fn as_javascript_numbers(value: &mut Value) {
    let mut stack = vec![value];
    while let Some(node) = stack.pop() {
        match node {
            Value::Number(n) => {
                if let Some(f) = n.as_f64() {
                    let whole = f.fract() == 0.0 && f.abs() <= MAX_SAFE_INTEGER;
                    if whole {
                        *n = Number::from(f as i64);
                    } else if let Some(double) = Number::from_f64(f) {
                        *n = double;
                    }
                }
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            Value::Object(map) => stack.extend(map.values_mut()),
            _ => {}
        }
    }
}
