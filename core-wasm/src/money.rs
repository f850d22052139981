//! Money's rules. Amounts are kept as whole minor units (`*_minor` columns, the core's commerce
//! rules) at [`STORED_EXPONENT`]; they cross a boundary as [`Money`], which JSON writes as a
//! decimal number. This module is the one place where one becomes the other.

use shared_types::{Money, MoneyError};

use crate::limits::MONEY_DECIMALS;

/// The largest price or amount, in major units.
pub const MONEY_MAX: f64 = 1_000_000_000.0;

/// The decimals of the stored minor units: hundredths, in every currency (shell.md §3, §9:
/// "amounts are rounded to 2 decimals").
pub const STORED_EXPONENT: u8 = MONEY_DECIMALS as u8;

/// Stored minor units as an amount (`1999` is `19.99`).
pub const fn stored(minor: i64) -> Money {
    Money::from_minor(minor, STORED_EXPONENT)
}

/// A number of major units from a theme's settings (a cart goal's amount) as stored minor
/// units, to the nearest.
pub fn stored_from_number(major: f64) -> i64 {
    let scale = 10_f64.powi(i32::from(STORED_EXPONENT));
    let max = MONEY_MAX * scale;
    (major * scale).round().clamp(-max, max) as i64
}

/// An amount the server wrote (so within range) as stored minor units, rounded half away from
/// zero should it have more decimals.
pub fn stored_minor(amount: Money) -> i64 {
    if let Ok(minor) = amount.minor_units(STORED_EXPONENT) {
        return minor;
    }
    // More decimals than stored (so its own minor units fit): dropped, rounding the last.
    let finer = amount.minor_units(amount.exponent()).unwrap_or_default();
    let divisor = 10_i64.pow(u32::from(amount.exponent().saturating_sub(STORED_EXPONENT)));
    let rounded = (finer.unsigned_abs() + divisor.unsigned_abs() / 2) / divisor.unsigned_abs();
    let rounded = i64::try_from(rounded).unwrap_or(i64::MAX);
    if finer < 0 { -rounded } else { rounded }
}

/// An amount as stored minor units when it is one a form may save (not negative, at most
/// `MONEY_MAX`, at most the stored decimals). Builds no message, so the storefront's renderer
/// that calls it carries no float formatting.
pub fn stored_if_valid(amount: Money) -> Option<i64> {
    let max = (MONEY_MAX as i64) * 10_i64.pow(u32::from(STORED_EXPONENT));
    amount
        .minor_units(STORED_EXPONENT)
        .ok()
        .filter(|minor| (0..=max).contains(minor))
}

/// An amount as stored minor units, whatever its sign: refused with more decimals than are
/// stored or out of range.
pub fn to_stored_signed(label: &str, amount: Money) -> Result<i64, String> {
    let max = (MONEY_MAX as i64) * 10_i64.pow(u32::from(STORED_EXPONENT));
    match amount.minor_units(STORED_EXPONENT) {
        Ok(minor) if minor.abs() <= max => Ok(minor),
        Ok(_) | Err(MoneyError::OutOfRange) => Err(format!(
            "{label} must be between -{MONEY_MAX} and {MONEY_MAX}."
        )),
        Err(MoneyError::TooManyDecimals { .. }) => {
            Err(format!("{label} has at most two decimals."))
        }
    }
}

/// An amount as stored minor units: not negative, at most two decimals, at most `MONEY_MAX`.
pub fn to_stored(label: &str, amount: Money) -> Result<i64, String> {
    if amount.is_negative() {
        return Err(format!("{label} must be between 0 and {MONEY_MAX}."));
    }
    to_stored_signed(label, amount).map_err(|e| {
        if e.contains("decimals") {
            e
        } else {
            format!("{label} must be between 0 and {MONEY_MAX}.")
        }
    })
}

/// An amount from its decimal digits, for tests: `m("19.99")`.
#[cfg(test)]
pub(crate) fn m(text: &str) -> Money {
    text.parse().expect("an amount")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_become_stored_minor_units_and_back() {
        assert_eq!(to_stored("Price", Money::from_minor(1999, 2)), Ok(1999));
        assert_eq!(to_stored("Price", Money::from_minor(15, 0)), Ok(1500));
        assert_eq!(stored(1999), Money::from_minor(1999, 2));
        assert_eq!(
            to_stored("Price", Money::from_minor(1005, 3)),
            Err("Price has at most two decimals.".to_owned())
        );
        assert_eq!(
            to_stored("Price", Money::from_minor(-1, 2)),
            Err("Price must be between 0 and 1000000000.".to_owned())
        );
        assert_eq!(
            to_stored_signed("Change", Money::from_minor(-250, 2)),
            Ok(-250)
        );
        assert!(to_stored("Price", Money::from_minor(1_000_000_001, 0)).is_err());
        assert_eq!(stored_minor(Money::from_minor(19_995, 3)), 2000);
        assert_eq!(stored_minor(Money::from_minor(-19_995, 3)), -2000);
        assert_eq!(stored_minor(Money::from_minor(7, 0)), 700);
    }
}
