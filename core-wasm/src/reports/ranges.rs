//! A report's range: its local days in the store's zone and the presets the screens offer.

use serde::{Deserialize, Serialize};

/// A local day of a report: `YYYY-MM-DD` and the instant it starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportDay {
    pub key: String,
    pub start_ms: i64,
}

/// The local days of a range, by the chart's bucket rule: the day buckets of a longer range,
/// the one day of a single-day range (whose chart buckets are 4-hour ones).
#[cfg(feature = "tz")]
pub fn report_days(
    range: &shared_types::DateRange,
) -> Result<Vec<ReportDay>, crate::analytics::AnalyticsError> {
    let buckets = crate::analytics::buckets(range)?;
    let starts: Vec<i64> = match buckets.size {
        shared_types::BucketSize::Day => buckets.starts.clone(),
        _ => buckets.starts.first().copied().into_iter().collect(),
    };
    let mut day = chrono::NaiveDate::parse_from_str(&range.from, "%Y-%m-%d")
        .map_err(|_| crate::analytics::AnalyticsError::InvalidDate(range.from.clone()))?;
    let mut days = Vec::with_capacity(starts.len());
    for start_ms in starts {
        days.push(ReportDay {
            key: day.to_string(),
            start_ms,
        });
        day = day.succ_opt().unwrap_or(day);
    }
    Ok(days)
}

/// The longest "last N days" preset.
pub const MAX_LAST_DAYS: u32 = 366;

/// A report's range when none is asked for: the last 30 days.
pub const DEFAULT_LAST_DAYS: u32 = 30;

/// The ranges the report screens offer, in days.
pub const LAST_DAYS_PRESETS: [u32; 4] = [1, 7, 30, 90];

/// The last `days` local days of the zone, today included (a report's preset range).
#[cfg(feature = "tz")]
pub fn last_days(
    days: u32,
    zone: &str,
    now_ms: i64,
) -> Result<shared_types::DateRange, crate::analytics::AnalyticsError> {
    let today = crate::analytics::today(zone, now_ms)?;
    let to = chrono::NaiveDate::parse_from_str(&today.to, "%Y-%m-%d")
        .map_err(|_| crate::analytics::AnalyticsError::InvalidDate(today.to.clone()))?;
    let from = to
        .checked_sub_days(chrono::Days::new(u64::from(
            days.clamp(1, MAX_LAST_DAYS) - 1,
        )))
        .unwrap_or(to);
    crate::analytics::range(&from.to_string(), &today.to, zone, now_ms)
}

/// The day an instant falls in (`end_ms` exclusive), or `None` outside the range.
pub fn day_of(days: &[ReportDay], end_ms: i64, instant_ms: i64) -> Option<usize> {
    let first = days.first()?;
    if instant_ms < first.start_ms || instant_ms >= end_ms {
        return None;
    }
    Some(days.partition_point(|day| day.start_ms <= instant_ms) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_days_follow_the_bucket_rule() {
        let range = crate::analytics::range("2026-11-01", "2026-11-03", "Asia/Ho_Chi_Minh", 0)
            .expect("range");
        let days = report_days(&range).expect("days");
        assert_eq!(days.len(), 3);
        assert_eq!(days[2].key, "2026-11-03");
        assert_eq!(days[1].start_ms - days[0].start_ms, 86_400_000);
        let one = crate::analytics::range("2026-11-01", "2026-11-01", "Asia/Ho_Chi_Minh", 0)
            .expect("range");
        let days = report_days(&one).expect("days");
        assert_eq!(days.len(), 1);
        assert_eq!(day_of(&days, one.end_ms, one.end_ms - 1), Some(0));
        assert_eq!(day_of(&days, one.end_ms, one.end_ms), None);
        // 2026-11-22 12:00 UTC: the last 7 days in Ho Chi Minh City end on the 22nd.
        let week = last_days(7, "Asia/Ho_Chi_Minh", 1_795_348_800_000).expect("week");
        assert_eq!(
            (week.from.as_str(), week.to.as_str()),
            ("2026-11-16", "2026-11-22")
        );
        assert!(!week.today_mode);
        let today = last_days(1, "Asia/Ho_Chi_Minh", 1_795_348_800_000).expect("today");
        assert!(today.today_mode);
    }
}
