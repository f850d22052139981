//! How money, numbers, percentages and dates read in the admin and the storefront (shell.md §3,
//! §9; issue 28 items 7 and 13): one set of formats for every screen, in the reader's language
//! (English or Vietnamese), in the store's currency and the store's time zone.
//!
//! Times come in as milliseconds since the epoch plus the zone's offset at that instant, so this
//! module needs no time-zone database: the server finds the offset with `chrono-tz`
//! ([`offset_minutes`], feature `tz`), the UI with the browser's database.

use chrono::{DateTime, Datelike, Timelike};
use serde::Serialize;

use crate::limits::{DEFAULT_CURRENCY_CODE, MONEY_DECIMALS};
use crate::numbers::round_to;

/// A currency a store may sell in: its ISO 4217 code, its sign and its minor-unit digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Currency {
    pub code: &'static str,
    pub symbol: &'static str,
    pub digits: u32,
}

/// The default currency (`USD`, shell.md §9).
impl Default for Currency {
    fn default() -> Self {
        CURRENCIES[0]
    }
}

/// A currency as the UI receives it.
impl From<Currency> for shared_types::Currency {
    fn from(currency: Currency) -> Self {
        Self {
            code: currency.code.to_owned(),
            symbol: currency.symbol.to_owned(),
            digits: currency.digits,
        }
    }
}

const fn currency(code: &'static str, symbol: &'static str, digits: u32) -> Currency {
    Currency {
        code,
        symbol,
        digits,
    }
}

/// The currencies a store may choose (Preferences), the default (`$` / `USD`, 2 decimals,
/// shell.md §9) first.
pub const CURRENCIES: &[Currency] = &[
    currency("USD", "$", MONEY_DECIMALS),
    currency("EUR", "€", 2),
    currency("GBP", "£", 2),
    currency("VND", "₫", 0),
    currency("JPY", "¥", 0),
    currency("KRW", "₩", 0),
    currency("AUD", "A$", 2),
    currency("CAD", "CA$", 2),
    currency("SGD", "S$", 2),
    currency("THB", "฿", 2),
    currency("INR", "₹", 2),
    currency("CHF", "CHF", 2),
    currency("KWD", "KD", 3),
];

/// The store's currency of this code (ignoring case and spaces), if the store may choose it.
pub fn find_currency(code: &str) -> Option<Currency> {
    let code = code.trim();
    CURRENCIES
        .iter()
        .find(|c| c.code.eq_ignore_ascii_case(code))
        .copied()
}

/// The currency of this code, or the default (`USD`) when the code is not one of the list.
pub fn currency_or_default(code: &str) -> Currency {
    find_currency(code).unwrap_or(CURRENCIES[0])
}

/// The reader's language: Vietnamese for any `vi` tag, English otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    En,
    Vi,
}

impl Language {
    pub fn parse(tag: &str) -> Language {
        let tag = tag.trim().to_ascii_lowercase();
        if tag == "vi" || tag.starts_with("vi-") || tag.starts_with("vi_") {
            Language::Vi
        } else {
            Language::En
        }
    }

    /// The group and decimal separators: `1,234.5` in English, `1.234,5` in Vietnamese.
    fn separators(self) -> (char, char) {
        match self {
            Language::En => (',', '.'),
            Language::Vi => ('.', ','),
        }
    }
}

/// `value` rounded half away from zero to `decimals`, grouped, with exactly `decimals` digits
/// after the separator; a value that is not finite reads as zero. The sign is returned apart.
fn fixed(value: f64, decimals: u32, language: Language) -> (bool, String) {
    let rounded = round_to(if value.is_finite() { value } else { 0.0 }, decimals);
    let negative = rounded < 0.0 && rounded != 0.0;
    let text = format!("{:.*}", decimals as usize, rounded.abs());
    (negative, group(&text, language))
}

/// Groups the whole part of `digits` (`1234.50`) with the language's separators.
fn group(digits: &str, language: Language) -> String {
    let (group_sep, decimal_sep) = language.separators();
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let mut out = String::with_capacity(digits.len() + whole.len() / 3);
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            out.push(group_sep);
        }
        out.push(c);
    }
    if !fraction.is_empty() {
        out.push(decimal_sep);
        out.push_str(fraction);
    }
    out
}

/// Money in `currency_code` (an unknown code reads as the default, USD), rounded to the
/// currency's minor digits: `$1,234.50`, `-€3.00`, `₫1,235` in English; `1.234,50 $`,
/// `1.235 ₫` in Vietnamese (the sign after the amount, joined by a no-break space).
pub fn money(amount: f64, currency_code: &str, language: Language) -> String {
    let currency = currency_or_default(currency_code);
    let (negative, digits) = fixed(amount, currency.digits, language);
    let minus = if negative { "-" } else { "" };
    match language {
        Language::En => format!("{minus}{}{digits}", currency.symbol),
        Language::Vi => format!("{minus}{digits}\u{a0}{}", currency.symbol),
    }
}

/// Money given in the currency's minor units (how the database keeps every amount).
pub fn money_minor(minor: i64, currency_code: &str, language: Language) -> String {
    let currency = currency_or_default(currency_code);
    money(
        crate::money::stored(minor, currency).approximate(),
        currency_code,
        language,
    )
}

/// A number with at most `max_decimals` decimals, trailing zeros dropped: `1,234.5` / `1.234,5`.
pub fn number(value: f64, max_decimals: u32, language: Language) -> String {
    let rounded = round_to(if value.is_finite() { value } else { 0.0 }, max_decimals);
    let text = format!("{:.*}", max_decimals as usize, rounded.abs());
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    };
    let minus = if rounded < 0.0 && text.chars().any(|c| c != '0') {
        "-"
    } else {
        ""
    };
    format!("{minus}{}", group(&text, language))
}

/// A percentage with at most 2 decimals: `2.05%` / `2,05%`.
pub fn percent(value: f64, language: Language) -> String {
    format!("{}%", number(value, 2, language))
}

/// What part of an instant a format shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateStyle {
    /// `Nov 25, 2026, 3:03 PM` / `25/11/2026, 15:03`.
    DateTime,
    /// `Nov 25, 2026` / `25/11/2026`.
    Date,
    /// `3:03 PM` / `15:03`.
    Time,
    /// `Nov 25` / `25/11` (chart axes).
    DayMonth,
    /// `Nov 2026` / `11/2026` (chart axes by month).
    MonthYear,
    /// `DD-MM-YYYY, HH:mm:ss` in every language (notification times, shell.md §3).
    Notification,
}

impl DateStyle {
    pub fn parse(name: &str) -> Option<DateStyle> {
        Some(match name {
            "dateTime" => DateStyle::DateTime,
            "date" => DateStyle::Date,
            "time" => DateStyle::Time,
            "dayMonth" => DateStyle::DayMonth,
            "monthYear" => DateStyle::MonthYear,
            "notification" => DateStyle::Notification,
            _ => return None,
        })
    }
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// An instant (`ms` since the epoch) as the store's clock reads it, the zone being
/// `offset_minutes` ahead of UTC at that instant. An instant outside the calendar reads as
/// an empty string.
pub fn date(ms: i64, offset_minutes: i32, style: DateStyle, language: Language) -> String {
    let Some(local) = ms
        .checked_add(i64::from(offset_minutes) * 60_000)
        .and_then(DateTime::from_timestamp_millis)
        .map(|t| t.naive_utc())
    else {
        return String::new();
    };
    let (y, m, d) = (local.year(), local.month(), local.day());
    let (h, min, s) = (local.hour(), local.minute(), local.second());
    let month = MONTHS[(m - 1) as usize];
    let clock = match language {
        Language::En => {
            let h12 = if h % 12 == 0 { 12 } else { h % 12 };
            format!("{h12}:{min:02} {}", if h < 12 { "AM" } else { "PM" })
        }
        Language::Vi => format!("{h:02}:{min:02}"),
    };
    match (style, language) {
        (DateStyle::Notification, _) => {
            format!("{d:02}-{m:02}-{y:04}, {h:02}:{min:02}:{s:02}")
        }
        (DateStyle::Time, _) => clock,
        (DateStyle::DateTime, Language::En) => format!("{month} {d}, {y}, {clock}"),
        (DateStyle::DateTime, Language::Vi) => format!("{d:02}/{m:02}/{y}, {clock}"),
        (DateStyle::Date, Language::En) => format!("{month} {d}, {y}"),
        (DateStyle::Date, Language::Vi) => format!("{d:02}/{m:02}/{y}"),
        (DateStyle::DayMonth, Language::En) => format!("{month} {d}"),
        (DateStyle::DayMonth, Language::Vi) => format!("{d:02}/{m:02}"),
        (DateStyle::MonthYear, Language::En) => format!("{month} {y}"),
        (DateStyle::MonthYear, Language::Vi) => format!("{m:02}/{y}"),
    }
}

#[cfg(feature = "tz")]
/// The offset from UTC, in minutes, of `zone` at the instant `ms`; 0 for an unknown zone.
pub fn offset_minutes(zone: &str, ms: i64) -> i32 {
    use chrono::Offset;
    use chrono::TimeZone;
    let Ok(tz) = crate::shell::parse_zone(zone) else {
        return 0;
    };
    match DateTime::from_timestamp_millis(ms) {
        Some(t) => {
            tz.offset_from_utc_datetime(&t.naive_utc())
                .fix()
                .local_minus_utc()
                / 60
        }
        None => 0,
    }
}

#[cfg(feature = "tz")]
/// [`date`] in a named zone (the server and the storefront, which have the database).
pub fn date_in_zone(ms: i64, zone: &str, style: DateStyle, language: Language) -> String {
    date(ms, offset_minutes(zone, ms), style, language)
}

/// The default currency's code, for stores that never chose one.
pub fn default_currency_code() -> &'static str {
    DEFAULT_CURRENCY_CODE
}
