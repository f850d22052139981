//! Request and response bodies of the HTTP API under `/api`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Every error the API returns has this body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct ApiErrorBody {
    pub messages: Vec<String>,
}

/// `POST /api/auth/login`. Unknown fields are refused rather than ignored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
}

/// The reply to a successful login.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoginResponse {
    pub access_token: String,
    pub refresh_token: String,
    /// When the refresh token expires, in ms since the epoch (the token itself is opaque).
    #[ts(type = "number")]
    pub refresh_token_expires_at: i64,
    /// The store the user last worked in, or their first store; `None` for a user with no store.
    pub store_id: Option<String>,
}

/// `GET /api/users/info`: the signed-in user, and their standing in the store named by
/// `X-Store-Id` when that header is sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UserInfo {
    pub id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: String,
    pub profile_picture: Option<String>,
    pub is_store_owner: bool,
    pub is_store_admin: bool,
    pub scopes: Vec<String>,
}

/// One store the user owns or works in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StoreSummary {
    pub id: String,
    pub name: String,
    pub subdomain: String,
    /// The system domain, `{subdomain}.{STORE_DOMAIN_SUFFIX}`.
    pub store_domain: String,
    /// The public domain shoppers use: the primary custom domain, else the system domain.
    pub r_domain: String,
    pub is_owner: bool,
}

/// `GET /api/users/stores?lastId=`: one page of the user's stores, in a stable order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StorePage {
    pub stores: Vec<StoreSummary>,
    /// Pass as `lastId` to get the next page; `None` on the last page.
    pub last_id: Option<String>,
}

/// `GET /api/health`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Health {
    pub status: String,
    pub database: String,
}

/// A plain confirmation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct MessageResponse {
    pub message: String,
}

/// `POST /auth/account-activation`: the confirmation, and the new session when the link made a
/// new account usable (a sign-up's activation, or an invitee who chose a password); an existing
/// account that accepts an invitation signs in as usual.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ActivationResponse {
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub session: Option<LoginResponse>,
}

/// `GET /api/auth/renew-access-token`: the next pair of tokens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RenewResponse {
    pub access_token: String,
    pub refresh_token: String,
    #[ts(type = "number")]
    pub refresh_token_expires_at: i64,
}

/// `POST /api/auth/check-staff-available`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct CheckStaffRequest {
    pub invitation_token: String,
}

/// What an invitation offers, for the accept page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InvitationInfo {
    pub email: String,
    pub store_name: String,
    /// Whether the invitee already has an account (then no password is asked).
    pub has_account: bool,
}

/// `POST /api/auth/account-activation`: confirms a sign-up, or accepts a staff invitation
/// (with a password and names when the invitee has no account yet).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ActivationRequest {
    pub token: String,
    #[serde(default)]
    pub password: Option<String>,
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
}

/// `GET /api/auth/verify_reset_password_token`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct ResetTokenStatus {
    pub valid: bool,
}

/// `POST /api/auth/reset_password` (shell.md §7: {password, token}).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct ResetPasswordRequest {
    pub password: String,
    pub token: String,
}

/// One permission a staff member can be given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct Permission {
    pub key: String,
    pub label: String,
}

/// `GET /api/auth/store-permission`: the caller's standing in the selected store.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StorePermission {
    pub is_store_owner: bool,
    pub is_store_admin: bool,
    pub scopes: Vec<String>,
}

/// `PUT /api/users`: the profile fields to change; absent fields stay as they are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct UpdateProfileRequest {
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub profile_picture: Option<String>,
}

/// `POST /api/users/create-store`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct CreateStoreRequest {
    pub store_name: String,
}

/// A member of a store's staff, or someone invited to be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StaffMember {
    /// The user id of a member, the invitation id of an invitee.
    pub id: String,
    pub email: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// `owner`, `staff`, or `invited`.
    pub role: String,
    pub scopes: Vec<String>,
}

/// `GET /api/users/store-staffs`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct StaffList {
    pub staffs: Vec<StaffMember>,
}

/// `PUT /api/users/update-store-staff/{id}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct UpdateStaffRequest {
    pub scopes: Vec<String>,
}

/// The payment choice of a page preference.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct PaymentChoice {
    /// `seller` or `latte`.
    #[serde(rename = "type")]
    pub kind: String,
}

/// A store's page preference (shell.md §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct PagePreference {
    pub standard_timezone: String,
    /// `dropship` or `other`.
    pub business_type: String,
    pub payment_choice: PaymentChoice,
    /// `hydro` or `newchick`.
    pub store_front_default_theme: String,
    /// The store's currency (ISO 4217, one of the core's list). Left out, the currency stays as
    /// it is; it cannot change once the store has taken a real order.
    #[serde(default)]
    #[ts(optional)]
    pub currency: Option<String>,
    /// The store's country (ISO 3166-1 alpha-2, one of the core's list): what the checkout
    /// preselects for a shopper who has not chosen one. Empty for none (the checkout then
    /// preselects the United States); left out, it stays as it is.
    #[serde(default)]
    #[ts(optional)]
    pub country: Option<String>,
}

/// `POST /api/stores/survey`: the first-run survey's answers, as the page collects them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct SurveyAnswers {
    pub answers: std::collections::BTreeMap<String, String>,
}
