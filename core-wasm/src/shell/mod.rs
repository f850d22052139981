//! Rules of the admin shell (shell.md): the login and account forms, the greeting, the menu and
//! permission table, session judgement, display formats and the shell's constants.

pub mod addresses;
mod formats;
mod forms;
mod greeting;
mod login;
pub mod menu;
pub mod permissions;
pub mod plan_limits;
mod session;
#[cfg(feature = "tz")]
mod zone_links;
#[cfg(feature = "tz")]
mod zones;

pub use formats::{
    BACK_TO_HOME, DOMAIN_PLACEHOLDER, money, money_with_code, onboarding_view, page_title,
    rank_badge, skip_action, truncate_label,
};
#[cfg(feature = "tz")]
pub use formats::{FormatError, notification_time, parse_zone};
pub use forms::{
    BUSINESS_TYPES, CheckedProfile, PAYMENT_CHOICES, THEME_FAMILIES, check_change_password,
    check_first_name, check_forgot_password, check_new_password, check_page_preference,
    check_profile, check_register, check_reset_password, check_scopes, check_staff_invitation,
    check_store_name, check_survey, subdomain_from_name,
};
pub use greeting::{GreetingError, full_name, greeting};
pub use login::{check_login, is_email};
pub use session::{access_renew_due, judge_session, jwt_expiry_ms, return_path};
#[cfg(feature = "tz")]
pub use zones::{
    canonical_zone, offset_label, search_zones, utc_offset_seconds, zone_choice, zone_choices,
};

use shared_types::ShellConstants;

use crate::limits;

/// The periods, sizes and defaults the UI reads from the core instead of spelling them again.
pub fn constants() -> ShellConstants {
    ShellConstants {
        auth_recheck_ms: limits::AUTH_RECHECK_MS,
        balance_refresh_ms: limits::BALANCE_REFRESH_MS,
        proxy_recheck_ms: limits::PROXY_RECHECK_MS,
        analytics_refresh_ms: limits::ANALYTICS_REFRESH_MS,
        notification_page_size: limits::NOTIFICATION_PAGE_SIZE,
        notification_status_filter: limits::NOTIFICATION_STATUS_FILTER,
        proxy_list_limit: limits::PROXY_LIST_LIMIT,
        onboarding_label_max: limits::ONBOARDING_LABEL_MAX,
        drawer_width_px: limits::DRAWER_WIDTH_PX,
        mini_drawer_width_px: limits::MINI_DRAWER_WIDTH_PX,
        mobile_breakpoint_px: limits::MOBILE_BREAKPOINT_PX,
        notification_dialog_width_px: limits::NOTIFICATION_DIALOG_WIDTH_PX,
        order_page_size: limits::ORDER_PAGE_SIZE,
        search_debounce_ms: limits::SEARCH_DEBOUNCE_MS,
        default_timezone: limits::DEFAULT_TIMEZONE.to_owned(),
        default_currency_sign: limits::DEFAULT_CURRENCY_SIGN.to_owned(),
        default_currency_code: limits::DEFAULT_CURRENCY_CODE.to_owned(),
        report_default_days: crate::reports::DEFAULT_LAST_DAYS,
        report_day_presets: crate::reports::LAST_DAYS_PRESETS.to_vec(),
        undo_depth: u32::try_from(limits::THEME_UNDO_DEPTH).unwrap_or(u32::MAX),
        list_page_size: limits::LIST_PAGE_SIZE,
        locations_cutout_percent: limits::LOCATIONS_CUTOUT_PERCENT,
    }
}
