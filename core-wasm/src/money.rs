//! Money's rules. Amounts are kept as whole minor units of their currency (`*_minor` columns,
//! the core's commerce rules): cents of a dollar, whole yen, fils of a Kuwaiti dinar, so a
//! payment provider is given exactly what is stored. They cross a boundary as [`Money`], which
//! JSON writes as a decimal number; this module is the one place where one becomes the other,
//! always with the currency's own decimals ([`Currency::digits`]).

use shared_types::{Money, MoneyError};

use crate::formats::Currency;

/// The largest price or amount, in major units.
pub const MONEY_MAX: f64 = 1_000_000_000.0;

/// `MONEY_MAX` in the currency's minor units.
fn max_minor(currency: Currency) -> i64 {
    (MONEY_MAX as i64) * 10_i64.pow(currency.digits)
}

fn exponent(currency: Currency) -> u8 {
    currency.digits as u8
}

/// Stored minor units as an amount (`1999` is `19.99` in dollars, `¥1999` in yen).
pub fn stored(minor: i64, currency: Currency) -> Money {
    Money::from_minor(minor, exponent(currency))
}

/// A number of major units from a theme's settings (a cart goal's amount) as minor units of the
/// currency, to the nearest.
pub fn stored_from_number(major: f64, currency: Currency) -> i64 {
    let scale = 10_f64.powi(currency.digits as i32);
    let max = MONEY_MAX * scale;
    (major * scale).round().clamp(-max, max) as i64
}

/// An amount the server wrote (so within range) as minor units of the currency, rounded half
/// away from zero should it have more decimals than the currency.
pub fn stored_minor(amount: Money, currency: Currency) -> i64 {
    rounded_minor(amount, exponent(currency))
}

/// Minor units of a currency with `from` decimals as minor units of one with `to` decimals
/// (a store's change of currency): multiplied when `to` has more, else rounded half away from
/// zero (1999 cents are 20 yen).
pub fn rescaled(minor: i64, from: u32, to: u32) -> i64 {
    if to >= from {
        minor.saturating_mul(10_i64.pow(to - from))
    } else {
        rounded_minor(Money::from_minor(minor, from as u8), to as u8)
    }
}

/// An amount as it reads in a currency of `currency`'s decimals: rounded half away from zero
/// to them (19.99 is 20 in yen).
pub fn rounded_to(amount: Money, currency: Currency) -> Money {
    stored(stored_minor(amount, currency), currency)
}

/// A percentage (`12.345`) in hundredths of a percent, rounded half away from zero (`1235`).
pub fn hundredths(percent: Money) -> i64 {
    rounded_minor(percent, 2)
}

/// `amount` in units of 10^-`exponent`, rounded half away from zero.
fn rounded_minor(amount: Money, exponent: u8) -> i64 {
    if let Ok(minor) = amount.minor_units(exponent) {
        return minor;
    }
    // More decimals than the currency has (so its own minor units fit): dropped, rounding the
    // last.
    let finer = amount.minor_units(amount.exponent()).unwrap_or_default();
    let divisor = 10_u64.pow(u32::from(amount.exponent().saturating_sub(exponent)));
    let rounded = (finer.unsigned_abs() + divisor / 2) / divisor;
    let rounded = i64::try_from(rounded).unwrap_or(i64::MAX);
    if finer < 0 { -rounded } else { rounded }
}

/// An amount as minor units of the currency when it is one a form may save (not negative, at
/// most `MONEY_MAX`, at most the currency's decimals). Builds no message, so the storefront's
/// renderer that calls it carries no float formatting.
pub fn stored_if_valid(amount: Money, currency: Currency) -> Option<i64> {
    amount
        .minor_units(exponent(currency))
        .ok()
        .filter(|minor| (0..=max_minor(currency)).contains(minor))
}

/// Why an amount cannot be stored in its currency.
fn refusal(label: &str, error: MoneyError, floor: &str, currency: Currency) -> String {
    match error {
        MoneyError::TooManyDecimals { .. } if currency.digits == 0 => format!(
            "{label} is a whole number in {}: it has no decimals.",
            currency.code
        ),
        MoneyError::TooManyDecimals { .. } => format!(
            "{label} has at most {} decimals in {}.",
            currency.digits, currency.code
        ),
        MoneyError::OutOfRange => format!("{label} must be between {floor} and {MONEY_MAX}."),
    }
}

/// An amount as minor units of the currency, whatever its sign: refused with more decimals than
/// the currency has, or out of range.
pub fn to_stored_signed(label: &str, amount: Money, currency: Currency) -> Result<i64, String> {
    let floor = format!("-{MONEY_MAX}");
    match amount.minor_units(exponent(currency)) {
        Ok(minor) if minor.abs() <= max_minor(currency) => Ok(minor),
        Ok(_) => Err(refusal(label, MoneyError::OutOfRange, &floor, currency)),
        Err(error) => Err(refusal(label, error, &floor, currency)),
    }
}

/// An amount as minor units of the currency: not negative, at most the currency's decimals, at
/// most `MONEY_MAX`.
pub fn to_stored(label: &str, amount: Money, currency: Currency) -> Result<i64, String> {
    let out_of_range = || refusal(label, MoneyError::OutOfRange, "0", currency);
    if amount.is_negative() {
        return Err(out_of_range());
    }
    match amount.minor_units(exponent(currency)) {
        Ok(minor) if minor <= max_minor(currency) => Ok(minor),
        Ok(_) => Err(out_of_range()),
        Err(error) => Err(refusal(label, error, "0", currency)),
    }
}

/// Two amounts in the minor units of the finer of their exponents, and that exponent: exact
/// arithmetic between amounts whatever their currency (a sale badge's saving and percent).
pub fn in_common_units(a: Money, b: Money) -> (i64, i64, u8) {
    let exponent = a.exponent().max(b.exponent());
    let minor = |m: Money| m.minor_units(exponent).unwrap_or_default();
    (minor(a), minor(b), exponent)
}

/// A percentage (`12.5`) as hundredths of a percent (`1250`): 0 to 100, at most two decimals.
pub fn percent_hundredths(label: &str, percent: Money) -> Result<i64, String> {
    match percent.minor_units(2) {
        Ok(hundredths) if (0..=10_000).contains(&hundredths) => Ok(hundredths),
        Err(MoneyError::TooManyDecimals { .. }) => {
            Err(format!("{label} has at most two decimals."))
        }
        _ => Err(format!("{label} must be between 0 and 100.")),
    }
}

/// An amount from its decimal digits, for tests: `m("19.99")`.
#[cfg(test)]
pub(crate) fn m(text: &str) -> Money {
    text.parse().expect("an amount")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::currency_or_default;

    #[test]
    fn amounts_become_minor_units_of_their_currency_and_back() {
        let usd = currency_or_default("USD");
        let jpy = currency_or_default("JPY");
        let kwd = currency_or_default("KWD");
        assert_eq!(to_stored("Price", m("19.99"), usd), Ok(1999));
        assert_eq!(to_stored("Price", m("15"), usd), Ok(1500));
        assert_eq!(to_stored("Price", m("1500"), jpy), Ok(1500));
        assert_eq!(to_stored("Price", m("1.234"), kwd), Ok(1234));
        assert_eq!(stored(1999, usd), m("19.99"));
        assert_eq!(stored(1999, jpy), m("1999"));
        assert_eq!(stored(1234, kwd), m("1.234"));
        assert_eq!(
            to_stored("Price", m("1.005"), usd),
            Err("Price has at most 2 decimals in USD.".to_owned())
        );
        assert_eq!(
            to_stored("Price", m("1.5"), jpy),
            Err("Price is a whole number in JPY: it has no decimals.".to_owned())
        );
        assert_eq!(
            to_stored("Price", m("1.2345"), kwd),
            Err("Price has at most 3 decimals in KWD.".to_owned())
        );
        assert_eq!(
            to_stored("Price", m("-0.01"), usd),
            Err("Price must be between 0 and 1000000000.".to_owned())
        );
        assert_eq!(to_stored_signed("Change", m("-2.5"), usd), Ok(-250));
        assert!(to_stored("Price", m("1000000001"), usd).is_err());
        assert!(to_stored("Price", m("1000000000"), kwd).is_ok());
        assert_eq!(stored_minor(m("19.995"), usd), 2000);
        assert_eq!(stored_minor(m("-19.995"), usd), -2000);
        assert_eq!(stored_minor(m("7"), usd), 700);
        assert_eq!(stored_minor(m("1999.5"), jpy), 2000);
        assert_eq!(stored_from_number(12.5, kwd), 12_500);
        assert_eq!(stored_from_number(12.5, jpy), 13);
        assert_eq!(percent_hundredths("The percent", m("12.5")), Ok(1250));
        assert_eq!(hundredths(m("12.345")), 1235);
        assert_eq!(rescaled(1999, 2, 0), 20);
        assert_eq!(rescaled(1949, 2, 0), 19);
        assert_eq!(rescaled(-150, 2, 0), -2);
        assert_eq!(rescaled(1999, 2, 3), 19_990);
        assert_eq!(rescaled(20, 0, 2), 2000);
        assert_eq!(rounded_to(m("19.99"), jpy), m("20"));
        assert_eq!(rounded_to(m("19.99"), usd), m("19.99"));
        assert!(percent_hundredths("The percent", m("100.01")).is_err());
    }
}
