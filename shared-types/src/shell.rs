//! Data of the admin shell: the dashboard greeting.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The part of the day the dashboard greeting names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum DayPeriod {
    Morning,
    Afternoon,
    Evening,
}

/// The dashboard greeting: the period (for translation), the full name, and the English text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Greeting {
    pub period: DayPeriod,
    pub full_name: String,
    pub text: String,
}

/// Which menu the drawer shows (shell.md §1, §2, §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum MenuVariant {
    /// For users whose e-mail domain is the operator's.
    Full,
    /// For every other seller.
    Limited,
}

/// A store's business type (page preference `businessType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum BusinessType {
    Dropship,
    Other,
}

/// What the menu is drawn for: the user, their scopes in the store, and the store's preferences.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MenuContext {
    pub email: String,
    pub scopes: Vec<String>,
    pub operator_domain: String,
    pub business_type: BusinessType,
}

/// One entry of the drawer: a link to a route, or a group of links.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MenuEntry {
    /// A stable key, also the translation key of the label (`menu.<key>`).
    pub key: String,
    /// The English label.
    pub label: String,
    /// The route name (`website.orders`), absent on a group header.
    pub route: Option<String>,
    /// The path under `/admin`, absent on a group header.
    pub path: Option<String>,
    /// The role key the route needs; `None` when it needs none (Product Options).
    pub role_key: Option<String>,
    /// The English name of that role key, as the staff permission picker shows it (the UI
    /// translates by key): the permission to ask the owner for when the entry is not allowed.
    pub role_label: Option<String>,
    /// Whether the user holds the role key; choosing an entry that is not allowed leads to
    /// no-access.
    pub allowed: bool,
    /// The entries of a group, empty for a single link.
    pub items: Vec<MenuEntry>,
    /// Whether the group carries the icon that opens the public store in a new tab.
    pub opens_store: bool,
}

/// The drawer's menu.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Menu {
    pub variant: MenuVariant,
    pub entries: Vec<MenuEntry>,
}

/// One named route of the admin (shell.md §2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RouteInfo {
    pub name: String,
    /// The path under `/admin`, with `:param` segments.
    pub path: String,
    pub role_key: Option<String>,
    /// Editor routes render full-screen, without drawer or top bar.
    pub full_screen: bool,
}

/// What the locally held session looks like at one moment (shell.md §3, §4, §5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SessionSnapshot {
    pub access_token: Option<String>,
    pub refresh_token: Option<String>,
    /// The refresh token's expiry in ms, when the token itself does not carry one.
    #[ts(type = "number | null")]
    pub refresh_expires_at: Option<i64>,
    pub store_id: Option<String>,
    pub store: Option<String>,
    pub r_domain: Option<String>,
    /// The scopes of the staff-info call, once it has answered.
    pub scopes: Option<Vec<String>>,
    /// The current time, in ms since the Unix epoch.
    #[ts(type = "number")]
    pub now_ms: i64,
}

/// Why a session ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum LogoutReason {
    /// A store, access token, r_domain or store id is not held locally.
    MissingCredentials,
    /// The refresh token is missing, unreadable or expired.
    RefreshInvalid,
    /// The staff-info call returned no scopes.
    NoScopes,
}

/// The verdict on a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "action", rename_all = "camelCase")]
#[ts(export)]
pub enum SessionVerdict {
    /// Carry on.
    Valid,
    /// The access token has expired but the refresh token is good: renew it.
    Renew,
    /// Clear local storage and go to login.
    Logout { reason: LogoutReason },
}

/// The re-check periods and sizes the shell uses (shell.md §4, §9; editor-and-analytics.md §9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ShellConstants {
    pub auth_recheck_ms: u32,
    pub balance_refresh_ms: u32,
    pub proxy_recheck_ms: u32,
    pub analytics_refresh_ms: u32,
    pub notification_page_size: u32,
    pub notification_status_filter: u32,
    pub proxy_list_limit: u32,
    pub onboarding_label_max: u32,
    pub drawer_width_px: u32,
    pub mini_drawer_width_px: u32,
    pub mobile_breakpoint_px: u32,
    pub notification_dialog_width_px: u32,
    pub order_page_size: u32,
    pub search_debounce_ms: u32,
    pub default_timezone: String,
    pub default_currency_sign: String,
    pub default_currency_code: String,
    /// The reports' range when the address names none: the last N days.
    pub report_default_days: u32,
    /// The reports' preset ranges, in days.
    pub report_day_presets: Vec<u32>,
    /// How many edits undo walks back, in the theme and design editors alike.
    pub undo_depth: u32,
    /// The rows of a page of the admin's lists (products, customers, discounts, pages ...).
    pub list_page_size: u32,
    /// The Overview's locations doughnut: its hole, in percent of its radius (§ Overview).
    pub locations_cutout_percent: u32,
}

/// How money is shown (shell.md §3: sign `$` and code `USD` by default, 2 decimals).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DisplaySettings {
    pub currency_sign: Option<String>,
    pub currency_code: Option<String>,
}

/// A currency a store may sell in (the core's list): its ISO 4217 code, its sign and its
/// minor-unit digits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Currency {
    pub code: String,
    pub symbol: String,
    pub digits: u32,
}

/// The values each choice of a page preference may take (the core's lists).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PagePreferenceChoices {
    pub business_types: Vec<String>,
    pub payment_choices: Vec<String>,
    pub theme_families: Vec<String>,
}

/// One choice of the time-zone picker: a zone of the IANA database (never a link such as
/// `Asia/Saigon`) with its offset from UTC at the instant asked about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ZoneChoice {
    /// The zone's IANA name, the value a store saves (`Asia/Ho_Chi_Minh`, `Etc/UTC`).
    pub value: String,
    /// The name shown: the IANA name, or `UTC` for `Etc/UTC`.
    pub name: String,
    /// The offset then, as `UTC+07:00` or `UTC-03:30`.
    pub offset: String,
    /// The offset in seconds east of UTC, the order of the list.
    pub offset_seconds: i32,
    /// `(UTC+07:00) Asia/Ho_Chi_Minh`.
    pub label: String,
}

/// The onboarding step as the server sends it (shell.md §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnboardingConfig {
    pub field: String,
    pub name: String,
    pub description: String,
    pub button: String,
    pub path: String,
    /// What the button names, when it names something (the active theme's name in "Customize
    /// {name}"), so that the admin can say the label in the user's language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub subject: Option<String>,
}

/// The onboarding popup as drawn: texts ready to show, and what Skip does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnboardingView {
    pub name: String,
    pub description: String,
    pub button_label: String,
    pub path: String,
    pub skip: SkipAction,
}

/// What "Skip this step" does (shell.md §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum SkipAction {
    /// Ask the server for the next step.
    NextStep,
    /// Only hide the popup (the button is "Back to Home").
    HideOnly,
}

/// Subscription ranks (editor-and-analytics.md §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[ts(export)]
pub enum Rank {
    Vip,
    Member,
    MemberS,
    Platinum,
    Silver,
    Vvip,
    Vips,
    Gold,
}
