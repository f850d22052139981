//! The numeric limits of the spec, one row each, citing the line that sets it.

/// An inclusive range of lengths, counted in characters (Unicode scalar values).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LengthBounds {
    pub min: u32,
    pub max: u32,
}

/// shell.md §5 and §9: "Login e-mail and password length: 5 to 50".
pub const LOGIN_EMAIL_LENGTH: LengthBounds = LengthBounds { min: 5, max: 50 };

/// shell.md §5 and §9: "Login e-mail and password length: 5 to 50".
pub const LOGIN_PASSWORD_LENGTH: LengthBounds = LengthBounds { min: 5, max: 50 };

/// shell.md §2: "before 12 'Good Morning', 12 to 17 'Good Afternoon', later 'Good Evening'".
/// The first hour of the afternoon and the first hour of the evening, in local time.
pub const AFTERNOON_STARTS_AT_HOUR: u32 = 12;
pub const EVENING_STARTS_AT_HOUR: u32 = 18;

/// shell.md §4 and §9: "The whole authentication check re-runs every 82,800,000 ms (23 hours)."
pub const AUTH_RECHECK_MS: u32 = 82_800_000;
/// shell.md §4 and §9: "The balance refreshes every 900,000 ms (15 minutes)."
pub const BALANCE_REFRESH_MS: u32 = 900_000;
/// shell.md §4 and §9: "the check repeats every 120,000 ms" (proxy recheck, 2 minutes).
pub const PROXY_RECHECK_MS: u32 = 120_000;
/// editor-and-analytics.md §4 and §9: "Auto-refresh 300000 ms."
pub const ANALYTICS_REFRESH_MS: u32 = 300_000;
/// shell.md §7 and §9: "Notification page size / status filter: 10 / 1".
pub const NOTIFICATION_PAGE_SIZE: u32 = 10;
pub const NOTIFICATION_STATUS_FILTER: u32 = 1;
/// shell.md §7 and §9: "Proxy list limit: 10".
pub const PROXY_LIST_LIMIT: u32 = 10;
/// shell.md §2 and §9: "Onboarding button label: truncated at 50 characters".
pub const ONBOARDING_LABEL_MAX: u32 = 50;
/// shell.md §2 and §9: "Drawer / mini drawer: 280px / 76px".
pub const DRAWER_WIDTH_PX: u32 = 280;
pub const MINI_DRAWER_WIDTH_PX: u32 = 76;
/// shell.md §2 and §9: "Mobile breakpoint: 768px" (the drawer is closed at or below it).
pub const MOBILE_BREAKPOINT_PX: u32 = 768;
/// shell.md §2 and §9: "Notification dialog width: 700px".
pub const NOTIFICATION_DIALOG_WIDTH_PX: u32 = 700;
/// editor-and-analytics.md §9: "Order table page size 10."
pub const ORDER_PAGE_SIZE: u32 = 10;
/// editor-and-analytics.md §9: "Search debounce 300 ms."
pub const SEARCH_DEBOUNCE_MS: u32 = 300;
/// shell.md §9 and editor-and-analytics.md §9: "Default timezone: America/Los_Angeles".
pub const DEFAULT_TIMEZONE: &str = "America/Los_Angeles";
/// shell.md §3 and §9: "currency sign defaults to '$', currency code to 'USD'".
pub const DEFAULT_CURRENCY_SIGN: &str = "$";
pub const DEFAULT_CURRENCY_CODE: &str = "USD";
/// shell.md §3 and §9: "amounts are rounded to 2 decimals".
pub const MONEY_DECIMALS: u32 = 2;
/// editor-and-analytics.md §9: "Percent change: 2 decimals on revenue, 1 on stat cards."
pub const REVENUE_CHANGE_DECIMALS: u32 = 2;
pub const STAT_CARD_CHANGE_DECIMALS: u32 = 1;
/// editor-and-analytics.md §9: "Chart values round to 2 decimals."
pub const CHART_DECIMALS: u32 = 2;
/// editor-and-analytics.md §9: "Single-day chart hour buckets: 0-3, 4-7, 8-11, 12-15, 16-19,
/// 20-23": six buckets of this many hours.
pub const SINGLE_DAY_BUCKET_HOURS: u32 = 4;
/// The longest range the analytics accept, in days. The spec sets none; a range longer than
/// about two years is taken for a mistake (a typed year), and refused with a clear error.
pub const MAX_RANGE_DAYS: i64 = 732;
/// Account forms (not in the spec): a store name is 2 to 50 characters.
pub const STORE_NAME_LENGTH: LengthBounds = LengthBounds { min: 2, max: 50 };
/// Account forms (not in the spec): a new password follows the login password's bounds.
pub const NEW_PASSWORD_LENGTH: LengthBounds = LOGIN_PASSWORD_LENGTH;
/// Account forms (not in the spec): an optional sign-up code is at most 64 characters.
pub const SIGNUP_CODE_MAX: u32 = 64;
/// Account forms (not in the spec): a staff member's first or last name is at most 50.
pub const PERSON_NAME_MAX: u32 = 50;
