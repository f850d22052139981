//! The formats every screen shows (issue 28 items 7 and 13): money in each currency's minor
//! digits, numbers, percentages and dates in English and Vietnamese, in the store's zone.

use core_wasm::formats::{
    CURRENCIES, DateStyle, Language, currency_or_default, date, date_in_zone, find_currency, money,
    money_minor, number, offset_minutes, percent,
};

const EN: Language = Language::En;
const VI: Language = Language::Vi;

#[test]
fn the_default_currency_is_dollars_with_two_decimals() {
    let usd = CURRENCIES[0];
    assert_eq!((usd.code, usd.symbol, usd.digits), ("USD", "$", 2));
    assert_eq!(currency_or_default("nope").code, "USD");
    assert_eq!(find_currency(" vnd ").map(|c| c.digits), Some(0));
}

#[test]
fn dollars_read_with_two_decimals_in_both_languages() {
    assert_eq!(money(1234.5, "USD", EN), "$1,234.50");
    assert_eq!(money(1234.5, "USD", VI), "1.234,50\u{a0}$");
    assert_eq!(money(-3.0, "USD", EN), "-$3.00");
    assert_eq!(money(1.005, "USD", EN), "$1.01");
    assert_eq!(money(f64::NAN, "USD", EN), "$0.00");
    assert_eq!(money(-0.001, "USD", EN), "$0.00");
    assert_eq!(money(92.98, "EUR", EN), "€92.98");
    assert_eq!(money(92.98, "EUR", VI), "92,98\u{a0}€");
}

#[test]
fn dong_read_without_decimals() {
    assert_eq!(money(1234.5, "VND", EN), "₫1,235");
    assert_eq!(money(1234.5, "VND", VI), "1.235\u{a0}₫");
    assert_eq!(money(1_250_000.0, "VND", VI), "1.250.000\u{a0}₫");
    assert_eq!(money(0.4, "JPY", EN), "¥0");
    // Minor units are the currency's own: whole dong, fils of a Kuwaiti dinar.
    assert_eq!(money_minor(9298, "VND", VI), "9.298\u{a0}₫");
    assert_eq!(money_minor(1005, "KWD", EN), "KD1.005");
    assert_eq!(money_minor(-9298, "USD", EN), "-$92.98");
}

#[test]
fn an_unknown_currency_reads_as_dollars() {
    assert_eq!(money(5.0, "", EN), "$5.00");
    assert_eq!(money(5.0, "XYZ", VI), "5,00\u{a0}$");
}

#[test]
fn numbers_and_percentages_follow_the_language() {
    assert_eq!(number(1234567.0, 0, EN), "1,234,567");
    assert_eq!(number(1234567.0, 0, VI), "1.234.567");
    assert_eq!(number(2.5, 2, EN), "2.5");
    assert_eq!(number(-0.001, 2, EN), "0");
    assert_eq!(percent(2.054, EN), "2.05%");
    assert_eq!(percent(2.054, VI), "2,05%");
    assert_eq!(percent(-12.0, VI), "-12%");
}

// 2026-11-25T23:03:09Z: 3:03 PM in Los Angeles (UTC-8), 06:03 next day in Ho Chi Minh City.
const ORDER_MS: i64 = 1_795_647_789_000;

#[test]
fn dates_read_in_each_language() {
    let la = -8 * 60;
    assert_eq!(
        date(ORDER_MS, la, DateStyle::DateTime, EN),
        "Nov 25, 2026, 3:03 PM"
    );
    assert_eq!(
        date(ORDER_MS, la, DateStyle::DateTime, VI),
        "25/11/2026, 15:03"
    );
    assert_eq!(date(ORDER_MS, la, DateStyle::Date, EN), "Nov 25, 2026");
    assert_eq!(date(ORDER_MS, la, DateStyle::Date, VI), "25/11/2026");
    assert_eq!(date(ORDER_MS, la, DateStyle::Time, EN), "3:03 PM");
    assert_eq!(date(ORDER_MS, la, DateStyle::DayMonth, EN), "Nov 25");
    assert_eq!(date(ORDER_MS, la, DateStyle::MonthYear, VI), "11/2026");
    assert_eq!(date(ORDER_MS, 0, DateStyle::Time, EN), "11:03 PM");
    assert_eq!(
        date(ORDER_MS - 23 * 3_600_000, 0, DateStyle::Time, EN),
        "12:03 AM"
    );
    assert_eq!(date(i64::MAX, 0, DateStyle::Date, EN), "");
}

#[test]
fn notification_times_keep_the_spec_format_in_every_language() {
    let la = -8 * 60;
    assert_eq!(
        date(ORDER_MS, la, DateStyle::Notification, EN),
        "25-11-2026, 15:03:09"
    );
    assert_eq!(
        date(ORDER_MS, la, DateStyle::Notification, VI),
        "25-11-2026, 15:03:09"
    );
}

#[test]
fn the_store_zone_decides_the_day_and_hour() {
    assert_eq!(offset_minutes("America/Los_Angeles", ORDER_MS), -480);
    // Summer time: 2026-07-01 is UTC-7 in Los Angeles.
    assert_eq!(
        offset_minutes("America/Los_Angeles", 1_782_864_000_000),
        -420
    );
    assert_eq!(offset_minutes("Asia/Ho_Chi_Minh", ORDER_MS), 420);
    assert_eq!(offset_minutes("Not/AZone", ORDER_MS), 0);
    assert_eq!(
        date_in_zone(ORDER_MS, "Asia/Ho_Chi_Minh", DateStyle::DateTime, VI),
        "26/11/2026, 06:03"
    );
    assert_eq!(
        date_in_zone(ORDER_MS, "America/Los_Angeles", DateStyle::DateTime, EN),
        "Nov 25, 2026, 3:03 PM"
    );
}

#[test]
fn a_language_tag_picks_vietnamese_or_english() {
    assert_eq!(Language::parse("vi"), VI);
    assert_eq!(Language::parse("vi-VN"), VI);
    assert_eq!(Language::parse("en-US"), EN);
    assert_eq!(Language::parse("fr"), EN);
}
