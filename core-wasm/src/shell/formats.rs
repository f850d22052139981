//! Display formats of the shell (shell.md §2, §3, §9): money, notification times, the page
//! title, the onboarding popup, the rank badge.

#[cfg(feature = "tz")]
use chrono::{DateTime, TimeZone, Utc};
#[cfg(feature = "tz")]
use chrono_tz::Tz;
use shared_types::{DisplaySettings, OnboardingConfig, OnboardingView, Rank, SkipAction};

use crate::limits::{
    DEFAULT_CURRENCY_CODE, DEFAULT_CURRENCY_SIGN, MONEY_DECIMALS, ONBOARDING_LABEL_MAX,
};
use crate::numbers::{group_thousands, round_to};

#[cfg(feature = "tz")]
/// Why a value could not be formatted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    #[error("unknown time zone {0:?}")]
    UnknownTimeZone(String),
    #[error("{0:?} is not a time (expected RFC 3339 or milliseconds since the epoch)")]
    InvalidTime(String),
}

#[cfg(feature = "tz")]
impl FormatError {
    /// A stable machine code for the UI.
    pub fn code(&self) -> &'static str {
        match self {
            FormatError::UnknownTimeZone(_) => "format.unknownTimeZone",
            FormatError::InvalidTime(_) => "format.invalidTime",
        }
    }
}

#[cfg(feature = "tz")]
/// Parses an IANA zone name.
pub fn parse_zone(name: &str) -> Result<Tz, FormatError> {
    name.trim()
        .parse::<Tz>()
        .map_err(|_| FormatError::UnknownTimeZone(name.to_owned()))
}

#[cfg(feature = "tz")]
/// Reads a time given as RFC 3339 text or as milliseconds since the epoch.
pub fn parse_instant(value: &str) -> Result<DateTime<Utc>, FormatError> {
    let text = value.trim();
    let parsed = match text.parse::<i64>() {
        Ok(ms) => Utc.timestamp_millis_opt(ms).single(),
        Err(_) => DateTime::parse_from_rfc3339(text)
            .ok()
            .map(|t| t.with_timezone(&Utc)),
    };
    parsed.ok_or_else(|| FormatError::InvalidTime(value.to_owned()))
}

#[cfg(feature = "tz")]
/// A notification's time as `DD-MM-YYYY, HH:mm:ss` in `zone` (shell.md §3).
pub fn notification_time(value: &str, zone: &str) -> Result<String, FormatError> {
    let zone = parse_zone(zone)?;
    let instant = parse_instant(value)?;
    Ok(instant
        .with_timezone(&zone)
        .format("%d-%m-%Y, %H:%M:%S")
        .to_string())
}

/// The currency sign and code in force: the display settings, or `$` and `USD`.
fn sign_and_code(settings: &DisplaySettings) -> (&str, &str) {
    fn pick<'a>(value: &'a Option<String>, default: &'a str) -> &'a str {
        value
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .unwrap_or(default)
    }
    (
        pick(&settings.currency_sign, DEFAULT_CURRENCY_SIGN),
        pick(&settings.currency_code, DEFAULT_CURRENCY_CODE),
    )
}

/// Money with the sign: `$1,234.50`, `-$3.00`. Rounded half away from zero to 2 decimals; a
/// value that is not finite shows as zero.
pub fn money(amount: f64, settings: &DisplaySettings) -> String {
    let (sign, _) = sign_and_code(settings);
    let (negative, digits) = money_digits(amount);
    format!("{}{sign}{digits}", if negative { "-" } else { "" })
}

/// Money with the code, as the order table shows it: `1,234.50 USD`.
pub fn money_with_code(amount: f64, settings: &DisplaySettings) -> String {
    let (_, code) = sign_and_code(settings);
    let (negative, digits) = money_digits(amount);
    format!("{}{digits} {code}", if negative { "-" } else { "" })
}

fn money_digits(amount: f64) -> (bool, String) {
    let rounded = round_to(
        if amount.is_finite() { amount } else { 0.0 },
        MONEY_DECIMALS,
    );
    let negative = rounded < 0.0;
    (negative, group_thousands(&format!("{:.2}", rounded.abs())))
}

/// The product name that follows the store's name in the page title.
pub const PRODUCT_TITLE_SUFFIX: &str = " - Storeloom";

/// The page title: the store subdomain with its first letter capitalised, plus the product
/// suffix (shell.md §2). An empty subdomain gives the product name alone.
pub fn page_title(subdomain: &str) -> String {
    let subdomain = subdomain.trim();
    let mut chars = subdomain.chars();
    match chars.next() {
        Some(first) => format!(
            "{}{}{PRODUCT_TITLE_SUFFIX}",
            first.to_uppercase(),
            chars.as_str()
        ),
        None => PRODUCT_TITLE_SUFFIX.trim_start_matches(" - ").to_owned(),
    }
}

/// Cuts a label to at most `ONBOARDING_LABEL_MAX` characters, marking the cut with "...".
pub fn truncate_label(label: &str) -> String {
    let max = ONBOARDING_LABEL_MAX as usize;
    if label.chars().count() <= max {
        label.to_owned()
    } else {
        let kept: String = label.chars().take(max).collect();
        format!("{kept}...")
    }
}

/// The placeholder an onboarding description may carry for the store's domain.
pub const DOMAIN_PLACEHOLDER: &str = "{domain}";
/// The onboarding field whose description names the store's domain.
pub const DOMAIN_CONFIGURED_FIELD: &str = "domainConfigured";
/// The button label whose Skip only hides the popup.
pub const BACK_TO_HOME: &str = "Back to Home";

/// The onboarding popup as drawn (shell.md §2, §3, §4): the label truncated at 50 characters,
/// the domain placeholder replaced when the field is `domainConfigured`, and what Skip does.
pub fn onboarding_view(config: &OnboardingConfig, store_domain: &str) -> OnboardingView {
    let description = if config.field == DOMAIN_CONFIGURED_FIELD {
        config.description.replace(DOMAIN_PLACEHOLDER, store_domain)
    } else {
        config.description.clone()
    };
    OnboardingView {
        name: config.name.clone(),
        description,
        button_label: truncate_label(&config.button),
        path: config.path.clone(),
        skip: skip_action(&config.button),
    }
}

/// What Skip does for a step whose button reads `button`.
pub fn skip_action(button: &str) -> SkipAction {
    if button.trim() == BACK_TO_HOME {
        SkipAction::HideOnly
    } else {
        SkipAction::NextStep
    }
}

/// The ranks with the words that spell them, longest first so that `VVIP` is not read as `VIP`
/// and `MEMBER_S` not as `MEMBER`.
const RANKS: &[(&[&str], Rank)] = &[
    (&["MEMBER", "S"], Rank::MemberS),
    (&["PLATINUM"], Rank::Platinum),
    (&["MEMBER"], Rank::Member),
    (&["SILVER"], Rank::Silver),
    (&["VVIP"], Rank::Vvip),
    (&["VIPS"], Rank::Vips),
    (&["GOLD"], Rank::Gold),
    (&["VIP"], Rank::Vip),
];

/// The rank badge of a subscription code (editor-and-analytics.md §6): the code without its
/// prefix and suffix, e.g. `PLAN_VVIP_MONTHLY` is `VVIP`. Words are separated by `_`, `-`,
/// `.` or spaces and compared without regard to case; `None` when no rank is named.
pub fn rank_badge(code: &str) -> Option<Rank> {
    let words: Vec<String> = code
        .split(['_', '-', '.', ' '])
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_uppercase)
        .collect();
    RANKS.iter().find_map(|(spelling, rank)| {
        words
            .windows(spelling.len())
            .any(|window| window.iter().zip(spelling.iter()).all(|(a, b)| a == b))
            .then_some(*rank)
    })
}
