//! The dashboard greeting by local hour (shell.md §2) and the user's display name (shell.md §3).

use shared_types::{DayPeriod, Greeting};

use crate::limits::{AFTERNOON_STARTS_AT_HOUR, EVENING_STARTS_AT_HOUR};

/// Why a greeting could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GreetingError {
    #[error("hour {0} is not an hour of the day (0 to 23)")]
    HourOutOfRange(u32),
}

impl GreetingError {
    /// A stable machine code for the UI.
    pub fn code(&self) -> &'static str {
        match self {
            GreetingError::HourOutOfRange(_) => "greeting.hourOutOfRange",
        }
    }
}

/// The full name as displayed: the trimmed first and last names joined by a space, or "User" when
/// both are missing or blank (shell.md §3).
pub fn full_name(first_name: Option<&str>, last_name: Option<&str>) -> String {
    let parts: Vec<&str> = [first_name, last_name]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .collect();
    if parts.is_empty() {
        "User".to_owned()
    } else {
        parts.join(" ")
    }
}

/// The greeting for a local `hour` (0 to 23): before 12 "Good Morning", 12 to 17 "Good Afternoon",
/// from 18 on "Good Evening", followed by a comma and the full name.
pub fn greeting(
    hour: u32,
    first_name: Option<&str>,
    last_name: Option<&str>,
) -> Result<Greeting, GreetingError> {
    let period = match hour {
        h if h < AFTERNOON_STARTS_AT_HOUR => DayPeriod::Morning,
        h if h < EVENING_STARTS_AT_HOUR => DayPeriod::Afternoon,
        h if h < 24 => DayPeriod::Evening,
        h => return Err(GreetingError::HourOutOfRange(h)),
    };
    let salutation = match period {
        DayPeriod::Morning => "Good Morning",
        DayPeriod::Afternoon => "Good Afternoon",
        DayPeriod::Evening => "Good Evening",
    };
    let full_name = full_name(first_name, last_name);
    Ok(Greeting {
        period,
        text: format!("{salutation}, {full_name}"),
        full_name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_boundaries_of_each_period_fall_on_12_and_18() {
        let period = |h| greeting(h, Some("A"), None).map(|g| g.period);
        assert_eq!(period(0), Ok(DayPeriod::Morning));
        assert_eq!(period(11), Ok(DayPeriod::Morning));
        assert_eq!(period(12), Ok(DayPeriod::Afternoon));
        assert_eq!(period(17), Ok(DayPeriod::Afternoon));
        assert_eq!(period(18), Ok(DayPeriod::Evening));
        assert_eq!(period(23), Ok(DayPeriod::Evening));
        assert_eq!(period(24), Err(GreetingError::HourOutOfRange(24)));
    }

    #[test]
    fn a_user_without_names_is_called_user() {
        assert_eq!(full_name(None, None), "User");
        assert_eq!(full_name(Some("  "), Some("")), "User");
        assert_eq!(full_name(Some(" Ada "), None), "Ada");
        assert_eq!(full_name(None, Some("Lovelace")), "Lovelace");
    }
}
