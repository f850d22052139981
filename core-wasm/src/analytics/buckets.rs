//! Chart buckets (editor-and-analytics.md §9): a single day is cut into six 4-hour buckets of
//! local time (0-3, 4-7, 8-11, 12-15, 16-19, 20-23); a longer range into local days. Bucket
//! edges are local wall-clock times, so a 23- or 25-hour day still has six buckets, one of them
//! an hour shorter or longer.

use chrono::{Days, NaiveDate, NaiveTime};
use shared_types::{BucketSize, Buckets, DateRange};

use super::ranges::{AnalyticsError, day_start_ms, local_instant, zone};
use crate::limits::SINGLE_DAY_BUCKET_HOURS;

fn date(text: &str) -> Result<NaiveDate, AnalyticsError> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|_| AnalyticsError::InvalidDate(text.to_owned()))
}

/// The buckets of a range made by [`super::range`].
pub fn buckets(range: &DateRange) -> Result<Buckets, AnalyticsError> {
    let zone = zone(&range.timezone)?;
    let from = date(&range.from)?;
    let to = date(&range.to)?;
    if from == to {
        let starts = (0..24 / SINGLE_DAY_BUCKET_HOURS)
            .map(|i| {
                let hour = i * SINGLE_DAY_BUCKET_HOURS;
                let time = NaiveTime::from_hms_opt(hour, 0, 0).unwrap_or(NaiveTime::MIN);
                local_instant(&zone, from.and_time(time)).timestamp_millis()
            })
            .collect();
        return Ok(Buckets {
            size: BucketSize::FourHours,
            starts,
            end_ms: range.end_ms,
        });
    }
    let mut starts = Vec::new();
    let mut day = from;
    while day <= to {
        starts.push(day_start_ms(&zone, day));
        day = match day.checked_add_days(Days::new(1)) {
            Some(next) => next,
            None => break,
        };
    }
    Ok(Buckets {
        size: BucketSize::Day,
        starts,
        end_ms: range.end_ms,
    })
}

/// The bucket an instant falls in, or `None` outside the range.
pub fn bucket_index(buckets: &Buckets, instant_ms: i64) -> Option<usize> {
    let first = *buckets.starts.first()?;
    if instant_ms < first || instant_ms >= buckets.end_ms {
        return None;
    }
    Some(buckets.starts.partition_point(|start| *start <= instant_ms) - 1)
}
