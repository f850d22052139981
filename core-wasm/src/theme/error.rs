//! The one error type of the theme engine: a stable machine code, the offending path, the limit
//! when there is one, and an English message (the UI translates by code).

use shared_types::theme::{ThemeErrorBody, ThemeFamily};

use super::defaults::font_weight_label;
use crate::limits::{MESSAGE_INVALID_NUMBER, MESSAGE_REQUIRED};

/// Everything that can refuse a config, a command, an undo or a redo.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ThemeError {
    #[error("The config is not valid JSON: {detail}")]
    NotJson { detail: String },
    #[error("The config is too large: at most {max} bytes.")]
    TooLarge { max: usize },
    #[error("Expected {expected} at {path}.")]
    Shape {
        path: String,
        expected: &'static str,
    },
    #[error("The command is malformed: {detail}")]
    BadCommand { detail: String },
    #[error("Not a valid path: {path}")]
    BadPath { path: String },
    #[error("Nothing at {path}.")]
    NotFound { path: String },
    #[error("{path} is changed by its own command, not by setting a field.")]
    Managed { path: String },
    #[error("{}", MESSAGE_REQUIRED)]
    Required { path: String },
    #[error("{}", MESSAGE_INVALID_NUMBER)]
    InvalidNumber { path: String },
    #[error("Must be a whole number.")]
    NotWhole { path: String },
    #[error("Must be between {min} and {max}.")]
    OutOfRange { path: String, min: u32, max: u32 },
    #[error("Must be one of: {allowed}.")]
    NotAllowed { path: String, allowed: String },
    #[error("Expected {expected}.")]
    WrongType {
        path: String,
        expected: &'static str,
    },
    #[error("Too long: at most {max} characters.")]
    TooLong { path: String, max: usize },
    #[error("A colour is # and 6 hexadecimal digits (or 3), like #2a9d8f.")]
    NotAColour { path: String },
    #[error("{count}/{max} blocks used. Delete to add more.")]
    ListFull { path: String, count: u32, max: u32 },
    #[error("This item cannot be deleted: {reason}.")]
    NotDeletable { path: String, reason: &'static str },
    #[error("There is no item {index} in this list of {len}.")]
    NoSuchItem {
        path: String,
        index: u32,
        len: usize,
    },
    #[error("There is no section {key}.")]
    NoSuchSection { key: String },
    #[error("The {key} section is fixed: it cannot be moved or removed.")]
    FixedSection { key: String },
    #[error("{}", crate::limits::too_many_sections_message())]
    TooManySections {
        path: String,
        count: usize,
        max: usize,
    },
    #[error("A section with key {key} already exists.")]
    KeyTaken { key: String },
    #[error("A section key is 1 to 64 letters, digits, - or _.")]
    BadKey { key: String },
    #[error("A {section_type} section cannot be added to a {} theme.", family_label(*.family))]
    NotAddable {
        section_type: String,
        family: ThemeFamily,
    },
    #[error("Position {position} is outside the section list of {len}.")]
    BadPosition { position: u32, len: usize },
    #[error("A {section_type} section has no such list.")]
    WrongList { path: String, section_type: String },
    #[error("{family} is not one of the available font families.")]
    UnknownFont { family: String },
    #[error("{style} is not a font weight.")]
    UnknownWeight { style: String },
    #[error("{family} does not come in {}.", weight_label(style))]
    WeightUnavailable { family: String, style: String },
    #[error("The current time must be a number of milliseconds since 1970.")]
    BadTime { path: String },
    #[error("A draft holds at most {max} commands: save to keep the rest.")]
    TooManyCommands { max: usize },
    #[error("Nothing to undo.")]
    NothingToUndo,
    #[error("Nothing to redo.")]
    NothingToRedo,
}

/// A weight's §9 label (`700italic` is "700 Bold Italic"), or the code itself.
fn weight_label(style: &str) -> String {
    font_weight_label(style).unwrap_or_else(|| style.to_owned())
}

fn family_label(family: ThemeFamily) -> &'static str {
    match family {
        ThemeFamily::Hydro => "DEFAULT",
        ThemeFamily::Newchick => "FASHION",
    }
}

impl ThemeError {
    /// The stable machine code; the UI translates by it.
    pub fn code(&self) -> &'static str {
        match self {
            ThemeError::NotJson { .. } => "theme.notJson",
            ThemeError::TooLarge { .. } => "theme.tooLarge",
            ThemeError::Shape { .. } => "theme.shape",
            ThemeError::BadCommand { .. } => "command.malformed",
            ThemeError::BadPath { .. } => "path.invalid",
            ThemeError::NotFound { .. } => "path.notFound",
            ThemeError::Managed { .. } => "path.managed",
            ThemeError::Required { .. } => "value.required",
            ThemeError::InvalidNumber { .. } => "value.invalidNumber",
            ThemeError::NotWhole { .. } => "value.notWhole",
            ThemeError::OutOfRange { .. } => "value.outOfRange",
            ThemeError::NotAllowed { .. } => "value.notAllowed",
            ThemeError::WrongType { .. } => "value.wrongType",
            ThemeError::TooLong { .. } => "value.tooLong",
            ThemeError::NotAColour { .. } => "value.notAColour",
            ThemeError::ListFull { .. } => "list.full",
            ThemeError::NotDeletable { .. } => "list.notDeletable",
            ThemeError::NoSuchItem { .. } => "list.noSuchItem",
            ThemeError::NoSuchSection { .. } => "section.notFound",
            ThemeError::FixedSection { .. } => "section.fixed",
            ThemeError::TooManySections { .. } => "section.tooMany",
            ThemeError::KeyTaken { .. } => "section.keyTaken",
            ThemeError::BadKey { .. } => "section.invalidKey",
            ThemeError::NotAddable { .. } => "section.notAddable",
            ThemeError::BadPosition { .. } => "section.badPosition",
            ThemeError::WrongList { .. } => "list.wrongSection",
            ThemeError::UnknownFont { .. } => "font.unknownFamily",
            ThemeError::UnknownWeight { .. } => "font.unknownWeight",
            ThemeError::WeightUnavailable { .. } => "font.weightUnavailable",
            ThemeError::BadTime { .. } => "value.badTime",
            ThemeError::TooManyCommands { .. } => "draft.tooManyCommands",
            ThemeError::NothingToUndo => "history.nothingToUndo",
            ThemeError::NothingToRedo => "history.nothingToRedo",
        }
    }

    /// The JSON-pointer path of the offending value; empty when the error is about the whole
    /// input or command.
    pub fn path(&self) -> String {
        match self {
            ThemeError::Shape { path, .. }
            | ThemeError::BadPath { path }
            | ThemeError::NotFound { path }
            | ThemeError::Managed { path }
            | ThemeError::Required { path }
            | ThemeError::InvalidNumber { path }
            | ThemeError::NotWhole { path }
            | ThemeError::OutOfRange { path, .. }
            | ThemeError::NotAllowed { path, .. }
            | ThemeError::WrongType { path, .. }
            | ThemeError::TooLong { path, .. }
            | ThemeError::NotAColour { path }
            | ThemeError::ListFull { path, .. }
            | ThemeError::NotDeletable { path, .. }
            | ThemeError::NoSuchItem { path, .. }
            | ThemeError::WrongList { path, .. }
            | ThemeError::TooManySections { path, .. }
            | ThemeError::BadTime { path } => path.clone(),
            ThemeError::NoSuchSection { key }
            | ThemeError::FixedSection { key }
            | ThemeError::KeyTaken { key }
            | ThemeError::BadKey { key } => format!("/pages/homepage/sections/{}", escape(key)),
            ThemeError::NotJson { .. }
            | ThemeError::TooLarge { .. }
            | ThemeError::BadCommand { .. }
            | ThemeError::NotAddable { .. }
            | ThemeError::BadPosition { .. }
            | ThemeError::UnknownFont { .. }
            | ThemeError::UnknownWeight { .. }
            | ThemeError::WeightUnavailable { .. }
            | ThemeError::TooManyCommands { .. }
            | ThemeError::NothingToUndo
            | ThemeError::NothingToRedo => String::new(),
        }
    }

    /// The lower bound the value broke, when there is one.
    pub fn min(&self) -> Option<f64> {
        match self {
            ThemeError::OutOfRange { min, .. } => Some(f64::from(*min)),
            _ => None,
        }
    }

    /// The upper bound the value or list broke, when there is one.
    pub fn max(&self) -> Option<f64> {
        match self {
            ThemeError::OutOfRange { max, .. } | ThemeError::ListFull { max, .. } => {
                Some(f64::from(*max))
            }
            ThemeError::TooLarge { max }
            | ThemeError::TooLong { max, .. }
            | ThemeError::TooManySections { max, .. }
            | ThemeError::TooManyCommands { max } => Some(*max as f64),
            _ => None,
        }
    }

    /// How many there are, when the error counts them.
    pub fn count(&self) -> Option<f64> {
        match self {
            ThemeError::ListFull { count, .. } => Some(f64::from(*count)),
            _ => None,
        }
    }

    /// The error as the UI and the server receive it.
    pub fn to_body(&self) -> ThemeErrorBody {
        ThemeErrorBody {
            code: self.code().to_owned(),
            path: self.path(),
            message: self.to_string(),
            min: self.min(),
            max: self.max(),
            count: self.count(),
        }
    }
}

/// Escapes one JSON-pointer segment (`~` as `~0`, `/` as `~1`).
pub(crate) fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}
