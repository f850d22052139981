//! Request and response bodies of the HTTP API under `/api`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Every error the API returns has this body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ApiErrorBody {
    pub messages: Vec<String>,
}

/// `POST /api/auth/login`. Unknown fields are refused rather than ignored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
}

/// The reply to a successful login.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
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
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StorePage {
    pub stores: Vec<StoreSummary>,
    /// Pass as `lastId` to get the next page; `None` on the last page.
    pub last_id: Option<String>,
}

/// `GET /api/health`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Health {
    pub status: String,
    pub database: String,
}
