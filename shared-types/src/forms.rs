//! Form inputs and their verdicts, as the core returns them to the UI and the server.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One field's rule violation: a stable `code` the UI translates, the English `message` of the
/// spec, and the numbers the message mentions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FieldError {
    pub code: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub limit: Option<u32>,
}

/// The login form as typed, before trimming.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoginForm {
    pub email: String,
    pub password: String,
}

/// Errors of the login form, one per field at most (the first rule that fails).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoginErrors {
    pub email: Option<FieldError>,
    pub password: Option<FieldError>,
}

/// The verdict on a login form: the trimmed values and the errors, if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoginCheck {
    pub email: String,
    pub password: String,
    pub errors: LoginErrors,
    pub valid: bool,
}
