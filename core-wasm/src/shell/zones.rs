//! The time-zone picker's rules: the zones of the IANA database without its links (old or merged
//! names such as `Asia/Saigon`), each with its offset from UTC at a given instant, the zone any
//! accepted name stands for, and the search by name, city or former name.

use chrono::{Offset, TimeZone, Utc};
use chrono_tz::{TZ_VARIANTS, Tz};
use shared_types::ZoneChoice;

use super::formats::FormatError;
use super::zone_links::LINKS;

/// The zone of Coordinated Universal Time, listed under the name people search for.
const UTC_ZONE: &str = "Etc/UTC";
const UTC_NAME: &str = "UTC";
/// `Etc/GMT` keeps UTC's offset at every instant, so its names (`GMT`, `Greenwich`, ...) find the
/// UTC choice; the other `Etc/` zones (`Etc/GMT+5`, whose sign is the reverse of its offset) are
/// accepted but not listed.
const SAME_AS_UTC: &str = "Etc/GMT";

/// The zone a link names, for a link's exact name.
fn link_target(name: &str) -> Option<&'static str> {
    LINKS
        .binary_search_by(|(link, _)| (*link).cmp(name))
        .ok()
        .map(|i| LINKS[i].1)
}

/// Whether the picker lists a zone (by its canonical name).
fn is_listed(zone: &str) -> bool {
    zone == UTC_ZONE || !zone.starts_with("Etc/")
}

/// The zone a name stands for: a zone's IANA name or a link's (`Asia/Saigon` gives
/// `Asia/Ho_Chi_Minh`, `UTC` gives `Etc/UTC`), in any case, without surrounding spaces. An
/// unknown name is a `format.unknownTimeZone` error.
pub fn canonical_zone(name: &str) -> Result<Tz, FormatError> {
    let wanted = name.trim();
    let known = wanted
        .parse::<Tz>()
        .ok()
        .or_else(|| {
            TZ_VARIANTS
                .iter()
                .copied()
                .find(|tz| tz.name().eq_ignore_ascii_case(wanted))
        })
        .ok_or_else(|| FormatError::UnknownTimeZone(name.to_owned()))?;
    Ok(link_target(known.name())
        .and_then(|zone| zone.parse::<Tz>().ok())
        .unwrap_or(known))
}

/// A zone's offset from UTC at `now_ms` (milliseconds since the epoch), in seconds east of UTC.
pub fn utc_offset_seconds(zone: Tz, now_ms: i64) -> Result<i32, FormatError> {
    let instant = Utc
        .timestamp_millis_opt(now_ms)
        .single()
        .ok_or_else(|| FormatError::InvalidTime(now_ms.to_string()))?;
    Ok(zone
        .offset_from_utc_datetime(&instant.naive_utc())
        .fix()
        .local_minus_utc())
}

/// An offset as `UTC+07:00`, `UTC-03:30` or `UTC+00:00`.
pub fn offset_label(seconds: i32) -> String {
    let sign = if seconds < 0 { '-' } else { '+' };
    let minutes = seconds.unsigned_abs() / 60;
    format!("UTC{sign}{:02}:{:02}", minutes / 60, minutes % 60)
}

/// The picker's choice for any accepted name: its zone, named and with its offset at `now_ms`.
pub fn zone_choice(name: &str, now_ms: i64) -> Result<ZoneChoice, FormatError> {
    let zone = canonical_zone(name)?;
    let offset_seconds = utc_offset_seconds(zone, now_ms)?;
    let value = zone.name();
    let shown = if value == UTC_ZONE { UTC_NAME } else { value };
    let offset = offset_label(offset_seconds);
    Ok(ZoneChoice {
        value: value.to_owned(),
        name: shown.to_owned(),
        label: format!("({offset}) {shown}"),
        offset,
        offset_seconds,
    })
}

/// The picker's list: every zone of the database that is not a link, outside `Etc/` but for
/// `Etc/UTC` (shown as `UTC`), with its offset at `now_ms`, from the westmost offset to the
/// eastmost, then by name.
pub fn zone_choices(now_ms: i64) -> Result<Vec<ZoneChoice>, FormatError> {
    let mut choices = TZ_VARIANTS
        .iter()
        .map(|tz| tz.name())
        .filter(|name| link_target(name).is_none() && is_listed(name))
        .map(|name| zone_choice(name, now_ms))
        .collect::<Result<Vec<_>, _>>()?;
    choices.sort_unstable_by(|a, b| (a.offset_seconds, &a.name).cmp(&(b.offset_seconds, &b.name)));
    Ok(choices)
}

/// A search as it is compared: trimmed, lowercase, with spaces written as `_` (as in
/// `Ho_Chi_Minh`). Zone names are ASCII, so ASCII case is the only case there is to ignore.
fn normalize(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join("_")
        .to_ascii_lowercase()
}

/// The listed zone a name of the database is found as: a link's zone, UTC for `Etc/GMT`'s names,
/// and nothing for the zones the picker leaves out.
fn listed_zone(name: &'static str) -> Option<&'static str> {
    let zone = link_target(name).unwrap_or(name);
    if zone == SAME_AS_UTC {
        Some(UTC_ZONE)
    } else {
        is_listed(zone).then_some(zone)
    }
}

/// The listed zones (their values) a search finds, in the database's order: those whose name
/// holds the search (`ho_chi` and `Ho Chi` find `Asia/Ho_Chi_Minh`), and those a link names when
/// the link's name holds it (`Saigon`, `Calcutta`, `Kiev`; `UTC` and `GMT` are links too). Case
/// does not matter; an empty search finds every listed zone.
pub fn search_zones(query: &str) -> Vec<String> {
    let query = normalize(query);
    let mut found: Vec<&str> = TZ_VARIANTS
        .iter()
        .map(|tz| tz.name())
        .filter(|name| name.to_ascii_lowercase().contains(&query))
        .filter_map(listed_zone)
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    found.retain(|zone| seen.insert(*zone));
    found.into_iter().map(str::to_owned).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-01-15T00:00:00Z and 2026-07-15T00:00:00Z: winter and summer in the north.
    const JANUARY: i64 = 1_768_435_200_000;
    const JULY: i64 = 1_784_073_600_000;

    fn finds(query: &str, zone: &str) -> bool {
        search_zones(query).iter().any(|found| found == zone)
    }

    #[test]
    fn the_issues_four_searches_find_their_zones() {
        assert!(finds("Ho_Chi", "Asia/Ho_Chi_Minh"));
        assert!(finds("Kolkata", "Asia/Kolkata"));
        assert!(finds("Kyiv", "Europe/Kyiv"));
        assert_eq!(search_zones("UTC"), ["Etc/UTC"]);
    }

    #[test]
    fn a_city_is_found_with_spaces_or_underscores_in_any_case() {
        for query in ["Ho Chi", "ho_chi", "  HO   chi minh ", "asia/ho_chi_minh"] {
            assert_eq!(search_zones(query), ["Asia/Ho_Chi_Minh"], "{query}");
        }
        assert!(finds("new york", "America/New_York"));
    }

    #[test]
    fn former_names_find_the_zone_that_replaced_them() {
        assert_eq!(search_zones("Saigon"), ["Asia/Ho_Chi_Minh"]);
        assert_eq!(search_zones("calcutta"), ["Asia/Kolkata"]);
        assert_eq!(search_zones("Kiev"), ["Europe/Kyiv"]);
        assert!(finds("GMT", "Etc/UTC"));
        assert!(finds("Zulu", "Etc/UTC"));
        assert!(search_zones("no such place").is_empty());
    }

    #[test]
    fn searches_find_only_listed_zones() {
        let listed: Vec<String> = zone_choices(JANUARY)
            .expect("the list")
            .into_iter()
            .map(|choice| choice.value)
            .collect();
        let everything = search_zones("");
        assert_eq!(everything.len(), listed.len());
        assert!(everything.iter().all(|zone| listed.contains(zone)));
        assert!(search_zones("GMT+5").is_empty());
    }

    #[test]
    fn a_link_stands_for_its_zone_in_any_case() {
        for (name, zone) in [
            ("Asia/Saigon", "Asia/Ho_Chi_Minh"),
            ("asia/calcutta", "Asia/Kolkata"),
            (" Europe/Kiev ", "Europe/Kyiv"),
            ("UTC", "Etc/UTC"),
            ("utc", "Etc/UTC"),
            ("US/Eastern", "America/New_York"),
            ("Asia/Ho_Chi_Minh", "Asia/Ho_Chi_Minh"),
            ("ASIA/HO_CHI_MINH", "Asia/Ho_Chi_Minh"),
        ] {
            assert_eq!(canonical_zone(name).expect("known").name(), zone, "{name}");
        }
        assert_eq!(
            canonical_zone("Mars/Olympus").expect_err("unknown").code(),
            "format.unknownTimeZone"
        );
        assert!(canonical_zone("").is_err());
    }

    #[test]
    fn offsets_follow_daylight_saving_time() {
        let offset = |zone: &str, at: i64| zone_choice(zone, at).expect("known").offset;
        assert_eq!(offset("Asia/Ho_Chi_Minh", JANUARY), "UTC+07:00");
        assert_eq!(offset("Asia/Ho_Chi_Minh", JULY), "UTC+07:00");
        assert_eq!(offset("America/New_York", JANUARY), "UTC-05:00");
        assert_eq!(offset("America/New_York", JULY), "UTC-04:00");
        assert_eq!(offset("Asia/Kolkata", JULY), "UTC+05:30");
        assert_eq!(offset("America/St_Johns", JANUARY), "UTC-03:30");
        assert_eq!(offset("Asia/Kathmandu", JANUARY), "UTC+05:45");
        assert_eq!(offset("UTC", JULY), "UTC+00:00");
    }

    #[test]
    fn the_list_shows_zones_not_links_with_their_offsets() {
        let choices = zone_choices(JULY).expect("the list");
        let label = |value: &str| {
            choices
                .iter()
                .find(|choice| choice.value == value)
                .map(|choice| choice.label.as_str())
        };
        assert_eq!(
            label("Asia/Ho_Chi_Minh"),
            Some("(UTC+07:00) Asia/Ho_Chi_Minh")
        );
        assert_eq!(label("Etc/UTC"), Some("(UTC+00:00) UTC"));
        assert_eq!(
            label("America/New_York"),
            Some("(UTC-04:00) America/New_York")
        );
        for left_out in [
            "Asia/Saigon",
            "Asia/Calcutta",
            "Europe/Kiev",
            "UTC",
            "Etc/GMT+5",
        ] {
            assert_eq!(label(left_out), None, "{left_out}");
        }
        assert!(
            choices
                .windows(2)
                .all(|pair| pair[0].offset_seconds <= pair[1].offset_seconds)
        );
        assert!(zone_choices(i64::MAX).is_err());
    }

    #[test]
    fn the_link_table_matches_the_database_chrono_tz_carries() {
        assert_eq!(
            super::super::zone_links::LINKS_TZDB_VERSION,
            chrono_tz::IANA_TZDB_VERSION,
            "chrono-tz carries another release: renew zone_links.rs"
        );
        assert!(LINKS.windows(2).all(|pair| pair[0].0 < pair[1].0), "sorted");
        for (link, zone) in LINKS {
            let link_tz = link.parse::<Tz>().expect("the link is in chrono-tz");
            let zone_tz = zone.parse::<Tz>().expect("the zone is in chrono-tz");
            assert!(link_target(zone).is_none(), "{link} names the link {zone}");
            for at in [0, JANUARY, JULY] {
                assert_eq!(
                    utc_offset_seconds(link_tz, at).expect("an instant"),
                    utc_offset_seconds(zone_tz, at).expect("an instant"),
                    "{link} and {zone}"
                );
            }
        }
    }
}
