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

/// A rule violation of one field of a larger form: `path` names the field the way the form's
/// JSON does (`title`, `images.0.alt`, `variants.2.price`), with the error as above.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FieldProblem {
    pub path: String,
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

/// The verdict on any account form: the normalised (trimmed) form, the errors by field name
/// (the form's camelCase field names), and whether it may be sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FormVerdict<T> {
    pub value: T,
    pub errors: std::collections::BTreeMap<String, FieldError>,
    pub valid: bool,
}

/// `POST /auth/signup` (shell.md §7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct RegisterForm {
    pub email: String,
    pub password: String,
    pub store_name: String,
    #[serde(default)]
    pub code: Option<String>,
}

/// `POST /auth/forgot_password`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct ForgotPasswordForm {
    pub email: String,
}

/// `POST /auth/reset_password`, with the confirmation the page asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct ResetPasswordForm {
    pub password: String,
    pub confirm_password: String,
    pub token: String,
}

/// `PUT /users/change-password`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct ChangePasswordForm {
    pub current_password: String,
    pub new_password: String,
    pub confirm_password: String,
}

/// `POST /users/add-store-staff`: who to invite and with which scopes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct StaffInvitationForm {
    pub email: String,
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    pub scopes: Vec<String>,
}
