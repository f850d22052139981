//! Discounts: codes, values, limits of use and dates.

use shared_types::Money;
use shared_types::catalog::DiscountInput;

use super::{check_title, money_to_minor};
use crate::formats::Currency;

/// A discount code: 1 to 64 characters.
pub const DISCOUNT_CODE_MAX: usize = 64;

/// A discount's value: a percent of 0.01 to 100 (kept in hundredths of a percent) or an amount
/// (kept in minor units); both read exactly as typed.
pub fn discount_value(value_type: &str, value: Money, currency: Currency) -> Result<i64, String> {
    match value_type {
        "percent" => {
            if value <= Money::ZERO || value > Money::from_minor(100, 0) {
                return Err("A percent discount is more than 0 and at most 100.".to_owned());
            }
            crate::money::percent_hundredths("The percent", value)
        }
        "amount" => {
            let minor = money_to_minor("The amount", value, currency)?;
            if minor == 0 {
                return Err("An amount discount is more than 0.".to_owned());
            }
            Ok(minor)
        }
        "free_shipping" => Ok(0),
        _ => Err("A discount's type is percent, amount or free_shipping.".to_owned()),
    }
}

/// A discount code: 1 to `DISCOUNT_CODE_MAX` letters, digits, `-` or `_`, kept upper-case.
pub fn check_discount_code(code: &str) -> Result<String, String> {
    let code = code.trim();
    let ok = !code.is_empty()
        && code.chars().count() <= DISCOUNT_CODE_MAX
        && code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(code.to_ascii_uppercase())
    } else {
        Err(format!(
            "A discount code is 1 to {DISCOUNT_CODE_MAX} letters, digits, - or _."
        ))
    }
}

/// The most a usage limit may count.
pub const DISCOUNT_USES_MAX: i64 = 1_000_000;

/// A discount is a code customers type, or applies by itself (automatic).
pub const DISCOUNT_METHODS: [&str; 2] = ["code", "automatic"];

/// A discount takes a percent or an amount off the merchandise, or the shipping.
pub const DISCOUNT_VALUE_TYPES: [&str; 3] = ["percent", "amount", "free_shipping"];

/// A discount that passed [`check_discount`]: method, code (or title) and value in minor units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedDiscount {
    pub method: String,
    pub code: String,
    pub value: i64,
    pub min_subtotal_minor: Option<i64>,
    pub usage_limit: Option<i64>,
    pub per_customer_limit: Option<i64>,
}

/// Checks a discount: its method (code by default), the code or the automatic discount's
/// title, the value for its type, and that it ends after it starts.
pub fn check_discount(
    input: &DiscountInput,
    currency: Currency,
) -> Result<CheckedDiscount, String> {
    let method = input.method.clone().unwrap_or_else(|| "code".to_owned());
    let code = match method.as_str() {
        "code" => check_discount_code(&input.code)?,
        "automatic" => check_title("An automatic discount's title", &input.code)?,
        _ => return Err("A discount is a code or automatic.".to_owned()),
    };
    let value = discount_value(&input.value_type, input.value, currency)?;
    if let (Some(start), Some(end)) = (input.starts_at, input.ends_at)
        && end <= start
    {
        return Err("A discount ends after it starts.".to_owned());
    }
    let min_subtotal_minor = input
        .min_subtotal
        .map(|m| money_to_minor("The minimum subtotal", m, currency))
        .transpose()?;
    for (label, limit) in [
        ("A usage limit", input.usage_limit),
        ("A limit per customer", input.per_customer_limit),
    ] {
        if limit.is_some_and(|l| !(1..=DISCOUNT_USES_MAX).contains(&l)) {
            return Err(format!("{label} is from 1 to {DISCOUNT_USES_MAX}."));
        }
    }
    Ok(CheckedDiscount {
        method,
        code,
        value,
        min_subtotal_minor,
        usage_limit: input.usage_limit,
        per_customer_limit: input.per_customer_limit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::m;

    #[test]
    fn discounts_take_a_percent_or_an_amount() {
        assert_eq!(
            discount_value("percent", m("12.5"), Currency::default()),
            Ok(1250)
        );
        assert!(discount_value("percent", m("120.0"), Currency::default()).is_err());
        assert_eq!(
            discount_value("amount", m("5.0"), Currency::default()),
            Ok(500)
        );
        assert!(discount_value("free", m("5.0"), Currency::default()).is_err());
        assert_eq!(check_discount_code(" save10 "), Ok("SAVE10".to_owned()));
        assert!(check_discount_code("no spaces").is_err());
    }
}
