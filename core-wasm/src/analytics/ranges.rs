//! Date ranges in a store's time zone: today, yesterday, and a range from the `from_time` and
//! `to_time` query values (editor-and-analytics.md §2.1, §4). Instants are ms since the epoch.

use chrono::{DateTime, Days, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use shared_types::DateRange;

use crate::limits::{DEFAULT_TIMEZONE, MAX_RANGE_DAYS};

/// Why a range could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalyticsError {
    #[error("unknown time zone {0:?}")]
    UnknownTimeZone(String),
    #[error("{0:?} is not a date (expected YYYY-MM-DD)")]
    InvalidDate(String),
    #[error("the range ends ({to}) before it starts ({from})")]
    EndBeforeStart { from: String, to: String },
    #[error("the range is longer than {max} days")]
    RangeTooLong { max: i64 },
    #[error("the time {0} is out of range")]
    InstantOutOfRange(i64),
}

impl AnalyticsError {
    /// A stable machine code for the UI.
    pub fn code(&self) -> &'static str {
        match self {
            AnalyticsError::UnknownTimeZone(_) => "analytics.unknownTimeZone",
            AnalyticsError::InvalidDate(_) => "analytics.invalidDate",
            AnalyticsError::EndBeforeStart { .. } => "analytics.endBeforeStart",
            AnalyticsError::RangeTooLong { .. } => "analytics.rangeTooLong",
            AnalyticsError::InstantOutOfRange(_) => "analytics.instantOutOfRange",
        }
    }
}

/// The zone named, or the default (America/Los_Angeles) when the name is empty.
pub(crate) fn zone(name: &str) -> Result<Tz, AnalyticsError> {
    let name = name.trim();
    let name = if name.is_empty() {
        DEFAULT_TIMEZONE
    } else {
        name
    };
    name.parse::<Tz>()
        .map_err(|_| AnalyticsError::UnknownTimeZone(name.to_owned()))
}

fn parse_date(text: &str) -> Result<NaiveDate, AnalyticsError> {
    let trimmed = text.trim();
    // Exactly YYYY-MM-DD: chrono alone would also take a year of more than four digits.
    let shaped = trimmed.len() == 10
        && trimmed.char_indices().all(|(i, c)| {
            if i == 4 || i == 7 {
                c == '-'
            } else {
                c.is_ascii_digit()
            }
        });
    if !shaped {
        return Err(AnalyticsError::InvalidDate(text.to_owned()));
    }
    NaiveDate::parse_from_str(trimmed, "%Y-%m-%d")
        .map_err(|_| AnalyticsError::InvalidDate(text.to_owned()))
}

/// The instant a local wall-clock time names in `zone`. A time that falls in a gap (clocks
/// jumped over it) is the instant the gap ends; a time that happens twice is the first one.
pub(crate) fn local_instant(zone: &Tz, local: NaiveDateTime) -> DateTime<Tz> {
    match zone.from_local_datetime(&local) {
        LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => t,
        LocalResult::None => {
            // The first wall-clock minute after a gap is the instant the gap ends. Gaps are at
            // most a day long (Samoa skipped one in 2011).
            let mut probe = local;
            for _ in 0..=(24 * 60) {
                probe += chrono::Duration::minutes(1);
                if let LocalResult::Single(t) | LocalResult::Ambiguous(t, _) =
                    zone.from_local_datetime(&probe)
                {
                    return t;
                }
            }
            // Unreachable for real zones; fall back to reading the time as UTC.
            Utc.from_utc_datetime(&local).with_timezone(zone)
        }
    }
}

/// The instant a local day starts in `zone`, in ms.
pub(crate) fn day_start_ms(zone: &Tz, day: NaiveDate) -> i64 {
    local_instant(zone, day.and_time(NaiveTime::MIN)).timestamp_millis()
}

fn today_in(zone: &Tz, now_ms: i64) -> Result<NaiveDate, AnalyticsError> {
    let now = Utc
        .timestamp_millis_opt(now_ms)
        .single()
        .ok_or(AnalyticsError::InstantOutOfRange(now_ms))?;
    Ok(now.with_timezone(zone).date_naive())
}

fn make(
    zone_name: &Tz,
    from: NaiveDate,
    to: NaiveDate,
    today: NaiveDate,
) -> Result<DateRange, AnalyticsError> {
    if to < from {
        return Err(AnalyticsError::EndBeforeStart {
            from: from.to_string(),
            to: to.to_string(),
        });
    }
    if (to - from).num_days() + 1 > MAX_RANGE_DAYS {
        return Err(AnalyticsError::RangeTooLong {
            max: MAX_RANGE_DAYS,
        });
    }
    let after = to
        .checked_add_days(Days::new(1))
        .ok_or_else(|| AnalyticsError::InvalidDate(to.to_string()))?;
    Ok(DateRange {
        from: from.to_string(),
        to: to.to_string(),
        timezone: zone_name.name().to_owned(),
        start_ms: day_start_ms(zone_name, from),
        end_ms: day_start_ms(zone_name, after),
        today_mode: from == to && from == today,
    })
}

/// Today in the zone: the default range of the Overview page, in today mode.
pub fn today(zone_name: &str, now_ms: i64) -> Result<DateRange, AnalyticsError> {
    let zone = zone(zone_name)?;
    let day = today_in(&zone, now_ms)?;
    make(&zone, day, day, day)
}

/// Yesterday in the zone: what today is compared with.
pub fn yesterday(zone_name: &str, now_ms: i64) -> Result<DateRange, AnalyticsError> {
    let zone = zone(zone_name)?;
    let today = today_in(&zone, now_ms)?;
    let day = today
        .checked_sub_days(Days::new(1))
        .ok_or(AnalyticsError::InstantOutOfRange(now_ms))?;
    make(&zone, day, day, today)
}

/// The range from `from_time` to `to_time` (both `YYYY-MM-DD`, inclusive) in the zone. An
/// empty `from_time` or `to_time` means today.
pub fn range(
    from_time: &str,
    to_time: &str,
    zone_name: &str,
    now_ms: i64,
) -> Result<DateRange, AnalyticsError> {
    let zone = zone(zone_name)?;
    let today = today_in(&zone, now_ms)?;
    let from = if from_time.trim().is_empty() {
        today
    } else {
        parse_date(from_time)?
    };
    let to = if to_time.trim().is_empty() {
        today
    } else {
        parse_date(to_time)?
    };
    make(&zone, from, to, today)
}

/// The period of the same length right before `range`: yesterday for one day, the 30 days
/// before a 30-day range. Used for the comparison the Overview shows beside each figure.
pub fn previous(range: &DateRange, now_ms: i64) -> Result<DateRange, AnalyticsError> {
    let zone = zone(&range.timezone)?;
    let today = today_in(&zone, now_ms)?;
    let from = parse_date(&range.from)?;
    let to = parse_date(&range.to)?;
    let days = u64::try_from((to - from).num_days() + 1).unwrap_or(1);
    let before = |day: NaiveDate, n: u64| {
        day.checked_sub_days(Days::new(n))
            .ok_or_else(|| AnalyticsError::InvalidDate(day.to_string()))
    };
    let previous_to = before(from, 1)?;
    let previous_from = before(previous_to, days - 1)?;
    make(&zone, previous_from, previous_to, today)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn previous_period_has_the_same_length_and_ends_the_day_before() {
        // 2026-11-22 12:00 UTC.
        let now = 1_795_348_800_000;
        let month = range("2026-10-24", "2026-11-22", "Asia/Ho_Chi_Minh", now).expect("range");
        let before = previous(&month, now).expect("previous");
        assert_eq!(
            (before.from.as_str(), before.to.as_str()),
            ("2026-09-24", "2026-10-23")
        );
        assert_eq!(before.end_ms, month.start_ms);
        assert!(!before.today_mode);
        let today = today("America/Los_Angeles", now).expect("today");
        assert_eq!(
            previous(&today, now).expect("previous"),
            yesterday("America/Los_Angeles", now).expect("yesterday")
        );
    }
}
