//! Money as the API's JSON carries it: a decimal number in the currency's major units (`19.99`
//! dollars, `1500` yen, `1.25` dinars), held exactly as whole minor units at a decimal exponent.
//! The number is read from its decimal digits and written back the same: no float in between
//! holds an amount that was not exactly the one typed. Which exponent an amount must have (the
//! currency's decimals) and the arithmetic on amounts are rules: they live in
//! `core_wasm::money`.

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use ts_rs::TS;

/// The most decimals an amount read from JSON may have (the currencies have at most 3).
pub const MAX_EXPONENT: u8 = 6;

/// The largest amount in minor units whose decimal digits a JSON number carries exactly
/// (2^53: every integer up to it is a double).
pub const MAX_EXACT_MINOR: i64 = 1 << 53;

/// An amount of money: `minor` units of `10^-exponent` of the currency's major unit.
#[derive(Clone, Copy, Debug, Default, TS)]
#[ts(export, type = "number")]
pub struct Money {
    minor: i64,
    exponent: u8,
}

/// Why an amount cannot be had in the minor units asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoneyError {
    /// It has more decimals than the currency (`12.5` yen).
    TooManyDecimals { allowed: u8 },
    /// It does not fit in the range amounts are held in.
    OutOfRange,
}

impl Money {
    /// `minor` units at `exponent` (`Money::from_minor(1999, 2)` is 19.99).
    pub const fn from_minor(minor: i64, exponent: u8) -> Money {
        Money { minor, exponent }
    }

    /// Zero.
    pub const ZERO: Money = Money::from_minor(0, 0);

    /// The amount in minor units of a currency of `exponent` decimals: `19.9` is `1990` cents,
    /// `1500` is `1500` yen; `12.5` yen is refused.
    pub fn minor_units(self, exponent: u8) -> Result<i64, MoneyError> {
        if exponent >= self.exponent {
            10_i64
                .checked_pow(u32::from(exponent - self.exponent))
                .and_then(|scale| self.minor.checked_mul(scale))
                .ok_or(MoneyError::OutOfRange)
        } else {
            let divisor = 10_i64
                .checked_pow(u32::from(self.exponent - exponent))
                .ok_or(MoneyError::TooManyDecimals { allowed: exponent })?;
            if self.minor % divisor != 0 {
                return Err(MoneyError::TooManyDecimals { allowed: exponent });
            }
            Ok(self.minor / divisor)
        }
    }

    /// The exponent the amount was made or read with.
    pub const fn exponent(self) -> u8 {
        self.exponent
    }

    /// Whether the amount is below zero.
    pub const fn is_negative(self) -> bool {
        self.minor < 0
    }

    /// Whether the amount is zero.
    pub const fn is_zero(self) -> bool {
        self.minor == 0
    }

    /// The amount as a float, for charts and ratios only (never for sums kept as money).
    pub fn approximate(self) -> f64 {
        self.minor as f64 / 10f64.powi(i32::from(self.exponent))
    }

    /// Both at the larger exponent, for comparing.
    fn aligned(self, other: Money) -> (i128, i128) {
        let exponent = self.exponent.max(other.exponent);
        let scale = |m: Money| i128::from(m.minor) * 10_i128.pow(u32::from(exponent - m.exponent));
        (scale(self), scale(other))
    }
}

impl PartialEq for Money {
    fn eq(&self, other: &Money) -> bool {
        let (a, b) = self.aligned(*other);
        a == b
    }
}

impl Eq for Money {}

impl PartialOrd for Money {
    fn partial_cmp(&self, other: &Money) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Money {
    fn cmp(&self, other: &Money) -> std::cmp::Ordering {
        let (a, b) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl std::fmt::Display for Money {
    /// The decimal digits, as JSON writes them: `19.99`, `1500`, `-0.5`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digits = self.minor.unsigned_abs().to_string();
        let sign = if self.minor < 0 { "-" } else { "" };
        let places = usize::from(self.exponent);
        if places == 0 {
            return write!(f, "{sign}{digits}");
        }
        let padded = format!("{digits:0>width$}", width = places + 1);
        let (whole, fraction) = padded.split_at(padded.len() - places);
        let fraction = fraction.trim_end_matches('0');
        if fraction.is_empty() {
            write!(f, "{sign}{whole}")
        } else {
            write!(f, "{sign}{whole}.{fraction}")
        }
    }
}

impl Serialize for Money {
    /// A JSON number with the amount's decimal digits. Written through a double: for amounts
    /// below `MAX_EXACT_MINOR` minor units the shortest digits that give that double back are
    /// the amount's own.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.exponent == 0 {
            serializer.serialize_i64(self.minor)
        } else {
            serializer.serialize_f64(self.approximate())
        }
    }
}

/// Reads the decimal digits of a number as written: `19.99` is 1999 at exponent 2.
fn parse_decimal(text: &str) -> Option<Money> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty()
        || !whole
            .bytes()
            .chain(fraction.bytes())
            .all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let fraction = fraction.trim_end_matches('0');
    let exponent = u8::try_from(fraction.len())
        .ok()
        .filter(|e| *e <= MAX_EXPONENT)?;
    let minor: i64 = format!("{whole}{fraction}").parse().ok()?;
    if minor > MAX_EXACT_MINOR {
        return None;
    }
    Some(Money::from_minor(
        if negative { -minor } else { minor },
        exponent,
    ))
}

impl std::str::FromStr for Money {
    type Err = MoneyError;

    /// An amount written as decimal digits (`19.99`, `-3`, `1500`), as JSON would carry it.
    fn from_str(text: &str) -> Result<Money, MoneyError> {
        parse_decimal(text.trim()).ok_or(MoneyError::OutOfRange)
    }
}

/// What a number that cannot be an amount is told (`MAX_EXPONENT` decimals, `MAX_EXACT_MINOR`).
const NOT_AN_AMOUNT: &str =
    "an amount of money: a number with at most 6 decimals and at most 15 digits";

struct MoneyVisitor;

impl Visitor<'_> for MoneyVisitor {
    type Value = Money;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(NOT_AN_AMOUNT)
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Money, E> {
        if value.unsigned_abs() > MAX_EXACT_MINOR.unsigned_abs() {
            return Err(E::custom(NOT_AN_AMOUNT));
        }
        Ok(Money::from_minor(value, 0))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Money, E> {
        let value = i64::try_from(value).map_err(|_| E::custom(NOT_AN_AMOUNT))?;
        self.visit_i64(value)
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Money, E> {
        from_double(value).ok_or_else(|| E::custom(NOT_AN_AMOUNT))
    }
}

/// The amount a double stands for: the fewest decimals (up to `MAX_EXPONENT`) whose value reads
/// back as this very double, which are the digits a person typed for any amount of at most 15
/// digits. Found with integer checks rather than by printing the double, so the WebAssembly
/// builds carry no float formatting.
fn from_double(value: f64) -> Option<Money> {
    if !value.is_finite() {
        return None;
    }
    let mut scale = 1.0_f64;
    for exponent in 0..=MAX_EXPONENT {
        let scaled = (value * scale).round();
        if scaled.abs() > MAX_EXACT_MINOR as f64 {
            return None;
        }
        // Both exact (integers below 2^53, powers of ten below 10^22): the division is the
        // double nearest to the decimal `scaled / 10^exponent`.
        if scaled / scale == value {
            return Some(Money::from_minor(scaled as i64, exponent));
        }
        scale *= 10.0;
    }
    None
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Money, D::Error> {
        deserializer.deserialize_any(MoneyVisitor)
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Money {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Number)
            .description(Some(
                "An amount of money in the currency's major units, with at most the currency's \
                 decimals (0 for JPY, VND and KRW, 2 for most, 3 for KWD).",
            ))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Money {}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<Money, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn amounts_keep_the_digits_written() {
        for (json, minor, exponent) in [
            ("19.99", 1999, 2),
            ("0.1", 1, 1),
            ("1500", 1500, 0),
            ("1.25", 125, 2),
            ("1.005", 1005, 3),
            ("-3.5", -35, 1),
            ("123456789012.34", 12345678901234, 2),
        ] {
            let money = read(json).expect(json);
            assert_eq!(money, Money::from_minor(minor, exponent), "{json}");
            assert_eq!(serde_json::to_string(&money).expect("written"), json);
        }
        // 0.1 + 0.2 as money is 0.3, not 0.30000000000000004.
        let sum = read("0.1").expect("0.1").minor_units(2).expect("cents")
            + read("0.2").expect("0.2").minor_units(2).expect("cents");
        assert_eq!(
            serde_json::to_string(&Money::from_minor(sum, 2)).expect("written"),
            "0.3"
        );
    }

    #[test]
    fn minor_units_follow_the_currencys_exponent() {
        let dollars = read("19.9").expect("19.9");
        assert_eq!(dollars.minor_units(2), Ok(1990));
        assert_eq!(dollars.minor_units(3), Ok(19_900));
        assert_eq!(
            dollars.minor_units(0),
            Err(MoneyError::TooManyDecimals { allowed: 0 })
        );
        assert_eq!(read("1500").expect("yen").minor_units(0), Ok(1500));
        assert_eq!(read("1500.00").expect("yen").minor_units(0), Ok(1500));
        assert_eq!(read("1.234").expect("dinars").minor_units(3), Ok(1234));
        assert_eq!(
            read("1.2345").expect("too fine").minor_units(3),
            Err(MoneyError::TooManyDecimals { allowed: 3 })
        );
        assert_eq!(
            Money::from_minor(i64::MAX, 0).minor_units(2),
            Err(MoneyError::OutOfRange)
        );
    }

    #[test]
    fn what_is_not_an_amount_is_refused() {
        assert!(read("\"12\"").is_err());
        assert!(read("0.0000001").is_err());
        assert!(read("1e300").is_err());
        // What 0.1 + 0.2 makes in a float is no amount anyone typed.
        assert!(read("0.30000000000000004").is_err());
        assert!(read("null").is_err());
    }

    #[test]
    fn equal_amounts_compare_equal_whatever_their_exponent() {
        assert_eq!(Money::from_minor(1990, 2), Money::from_minor(199, 1));
        assert!(Money::from_minor(1, 3) < Money::from_minor(1, 2));
        assert_eq!(Money::from_minor(-5, 1).to_string(), "-0.5");
        assert_eq!(Money::from_minor(1500, 2).to_string(), "15");
    }
}
