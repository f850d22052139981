//! The theme document engine (editor-and-analytics.md §2.3-2.4, §3.2-3.4, §4, §5, §9).
//!
//! The document is kept as a JSON value ([`ThemeDoc`]) so that configs round-trip exactly; the
//! typed views in `shared_types::theme` describe it. Edits are [`ThemeCommand`]s applied by
//! [`apply`]; [`ThemeEditor`] adds undo, redo, a version and a replayable log. The limits of the
//! spec sit in `crate::limits`, the defaults in [`defaults`], and the table saying which limit
//! applies at which path in `rules`.
//!
//! [`ThemeCommand`]: shared_types::theme::ThemeCommand

mod commands;
pub mod defaults;
mod doc;
mod error;
mod fields;
mod history;
mod merge;
mod rules;
mod view;

pub use commands::{Change, apply};
pub use doc::{Patch, ThemeDoc, parse_pointer, to_pointer};
pub use error::ThemeError;
pub use fields::{
    field_spec, flash_deal_product_open, font_choices, font_weight_choice, list_status,
};
pub use history::ThemeEditor;
pub use merge::{Replayed, changed_paths, paths_overlap, replay_batch};
pub use rules::{inline_font_sizes, validate};
pub use view::{
    addable_section_types, family_label, family_view, preview_page_for, preview_page_for_panel,
    preview_url, section_list, settings_groups,
};

use serde_json::{self, Value};
use shared_types::theme::ThemeCommand;

/// Reads a command from JSON, with a structured error for anything malformed.
pub fn parse_command(value: Value) -> Result<ThemeCommand, ThemeError> {
    serde_json::from_value(value).map_err(|e| ThemeError::BadCommand {
        detail: e.to_string(),
    })
}
