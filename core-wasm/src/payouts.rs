//! Payout rules: the platform fee, payout amounts and payment cards. Money is in integer minor
//! units of the store's currency (cents, whole yen); amounts on the wire are decimal numbers
//! with the currency's decimals.

use serde::{Deserialize, Serialize};
use shared_types::{Money, MoneyError};

use crate::formats::Currency;

/// The platform's fee on paid orders, in basis points (2.9 %), and per paid order (30 cents).
/// The spec names fees but not their size; these are the usual card-processing terms.
pub const FEE_BASIS_POINTS: i64 = 290;
pub const FEE_PER_ORDER_MINOR: i64 = 30;
/// The largest payout one request may ask for, in major units of the store's currency.
pub const MAX_PAYOUT: i64 = 1_000_000;
/// The smallest: one major unit.
pub const MIN_PAYOUT: i64 = 1;

/// The fee on `orders` paid orders worth `gross_minor` in all, rounded half up to a cent.
pub fn fees_minor(gross_minor: i64, orders: i64) -> i64 {
    (gross_minor.saturating_mul(FEE_BASIS_POINTS) + 5_000) / 10_000
        + orders.saturating_mul(FEE_PER_ORDER_MINOR)
}

/// What may be paid out: paid sales less fees, less payouts already requested or paid. Never
/// below zero (a refund after a payout shows as nothing available, not as a debt).
pub fn available_minor(gross_minor: i64, orders: i64, requested_minor: i64) -> i64 {
    (gross_minor - fees_minor(gross_minor, orders) - requested_minor).max(0)
}

/// Why an amount or a card was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum PayoutError {
    #[error("The amount must be a number with no more decimals than the currency has.")]
    AmountNotMoney,
    #[error("The amount must be at least 1.")]
    AmountTooSmall,
    #[error("The amount must be at most 1,000,000.")]
    AmountTooLarge,
    #[error("The amount is more than the balance available to pay out.")]
    AmountOverBalance,
    #[error("The card number is not valid.")]
    CardNumber,
    #[error("The card has expired or its expiry date is not valid.")]
    CardExpiry,
    #[error("The card holder's name is required (at most 100 letters).")]
    CardHolder,
}

impl PayoutError {
    /// A stable machine code for the UI.
    pub fn code(&self) -> &'static str {
        match self {
            PayoutError::AmountNotMoney => "payout.amountNotMoney",
            PayoutError::AmountTooSmall => "payout.amountTooSmall",
            PayoutError::AmountTooLarge => "payout.amountTooLarge",
            PayoutError::AmountOverBalance => "payout.amountOverBalance",
            PayoutError::CardNumber => "card.number",
            PayoutError::CardExpiry => "card.expiry",
            PayoutError::CardHolder => "card.holder",
        }
    }
}

/// A payout amount in minor units of the currency: at most its decimals, from 1 to 1,000,000.
pub fn payout_amount_minor(amount: Money, currency: Currency) -> Result<i64, PayoutError> {
    let scale = 10_i64.pow(currency.digits);
    let cents = match amount.minor_units(currency.digits as u8) {
        Ok(cents) => cents,
        Err(MoneyError::TooManyDecimals { .. }) => return Err(PayoutError::AmountNotMoney),
        Err(MoneyError::OutOfRange) => return Err(PayoutError::AmountTooLarge),
    };
    if cents > MAX_PAYOUT * scale {
        return Err(PayoutError::AmountTooLarge);
    }
    if cents < MIN_PAYOUT * scale {
        return Err(PayoutError::AmountTooSmall);
    }
    Ok(cents)
}

/// The card network a number belongs to, by its leading digits.
pub fn card_brand(digits: &str) -> &'static str {
    let two: u32 = digits.get(..2).and_then(|d| d.parse().ok()).unwrap_or(0);
    let four: u32 = digits.get(..4).and_then(|d| d.parse().ok()).unwrap_or(0);
    match () {
        _ if digits.starts_with('4') => "visa",
        _ if (51..=55).contains(&two) || (2221..=2720).contains(&four) => "mastercard",
        _ if two == 34 || two == 37 => "amex",
        _ if digits.starts_with("6011") || two == 65 => "discover",
        _ if (3528..=3589).contains(&four) => "jcb",
        _ => "card",
    }
}

/// A card as kept: brand and last four digits only, never the number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedCard {
    pub holder: String,
    pub brand: &'static str,
    pub last4: String,
    pub exp_month: u32,
    pub exp_year: u32,
}

/// Checks a card: 12 to 19 digits (spaces and dashes ignored) passing the Luhn check, a holder
/// of 1 to 100 characters, and an expiry month that has not passed in (`year`, `month`).
pub fn check_card(
    holder: &str,
    number: &str,
    exp_month: u32,
    exp_year: u32,
    (year, month): (u32, u32),
) -> Result<CheckedCard, PayoutError> {
    let holder = check_holder(holder)?;
    let digits: String = number.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    if !(12..=19).contains(&digits.len())
        || !digits.chars().all(|c| c.is_ascii_digit())
        || !luhn(&digits)
    {
        return Err(PayoutError::CardNumber);
    }
    check_expiry(exp_month, exp_year, (year, month))?;
    Ok(CheckedCard {
        holder,
        brand: card_brand(&digits),
        last4: digits[digits.len() - 4..].to_owned(),
        exp_month,
        exp_year,
    })
}

/// The longest card holder's name.
pub const CARD_HOLDER_MAX: usize = 100;

/// A card holder's name, trimmed: 1 to `CARD_HOLDER_MAX` characters.
pub fn check_holder(holder: &str) -> Result<String, PayoutError> {
    let holder = holder.trim();
    if holder.is_empty() || holder.chars().count() > CARD_HOLDER_MAX {
        return Err(PayoutError::CardHolder);
    }
    Ok(holder.to_owned())
}

/// How payouts are made: asked for by hand, or every week.
pub const PAYOUT_SCHEDULES: [&str; 2] = ["manual", "weekly"];

/// The states of a payout request.
pub const PAYOUT_STATUSES: [&str; 3] = ["pending", "paid", "rejected"];

/// The payout requests' page size when the call does not say.
pub const PAYOUT_PAGE_SIZE: u32 = 10;

/// The longest `Idempotency-Key` accepted.
pub const IDEMPOTENCY_KEY_MAX: usize = 200;

/// An expiry month that is real and not in the past (a card is good through its month).
pub fn check_expiry(
    exp_month: u32,
    exp_year: u32,
    (year, month): (u32, u32),
) -> Result<(), PayoutError> {
    if !(1..=12).contains(&exp_month)
        || exp_year > year + 30
        || (exp_year, exp_month) < (year, month)
    {
        return Err(PayoutError::CardExpiry);
    }
    Ok(())
}

/// The Luhn checksum of a string of digits.
pub fn luhn(digits: &str) -> bool {
    let mut sum = 0;
    for (i, c) in digits.chars().rev().enumerate() {
        let Some(mut d) = c.to_digit(10) else {
            return false;
        };
        if i % 2 == 1 {
            d *= 2;
            if d > 9 {
                d -= 9;
            }
        }
        sum += d;
    }
    sum % 10 == 0
}

/// How a storefront checkout takes payment (issue 24). No card is ever charged here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CheckoutPayment {
    /// Test mode: the order is a test order, marked paid by a test payment, never payable.
    Test,
    /// A live store with a payment gateway: the order waits for the gateway's payment
    /// (financial status `pending`), so it counts nowhere until it is paid.
    Gateway,
    /// A live store without a gateway: there is no way to pay, so no order is taken.
    Unavailable,
}

/// The checkout payment of a store in or out of test mode, with or without a gateway.
pub fn checkout_payment(test_mode: bool, has_gateway: bool) -> CheckoutPayment {
    match (test_mode, has_gateway) {
        (true, _) => CheckoutPayment::Test,
        (false, true) => CheckoutPayment::Gateway,
        (false, false) => CheckoutPayment::Unavailable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::m;

    #[test]
    fn a_checkout_is_a_test_in_test_mode_awaits_a_gateway_and_is_unavailable_without_one() {
        assert_eq!(checkout_payment(true, false), CheckoutPayment::Test);
        assert_eq!(checkout_payment(true, true), CheckoutPayment::Test);
        assert_eq!(checkout_payment(false, true), CheckoutPayment::Gateway);
        assert_eq!(checkout_payment(false, false), CheckoutPayment::Unavailable);
    }

    #[test]
    fn the_fee_is_2_9_percent_and_30_cents_an_order() {
        assert_eq!(fees_minor(10_000, 1), 290 + 30);
        assert_eq!(fees_minor(0, 0), 0);
        assert_eq!(available_minor(10_000, 1, 0), 9_680);
        assert_eq!(available_minor(10_000, 1, 9_680), 0);
        assert_eq!(available_minor(10_000, 1, 20_000), 0);
    }

    #[test]
    fn payout_amounts_are_money_within_bounds() {
        let usd = Currency::default();
        let payout_amount_minor = |amount| payout_amount_minor(amount, usd);
        assert_eq!(payout_amount_minor(m("12.5")), Ok(1_250));
        // 10.3 as typed is 10.30, not the float 10.299999999999999 that 10.1 + 0.2 makes.
        assert_eq!(payout_amount_minor(m("10.3")), Ok(1_030));
        assert_eq!(
            payout_amount_minor(m("1.005")),
            Err(PayoutError::AmountNotMoney)
        );
        assert_eq!(
            payout_amount_minor(m("0.99")),
            Err(PayoutError::AmountTooSmall)
        );
        assert_eq!(
            payout_amount_minor(m("-5")),
            Err(PayoutError::AmountTooSmall)
        );
        assert_eq!(
            payout_amount_minor(m("1000000000000")),
            Err(PayoutError::AmountTooLarge)
        );
        assert_eq!(
            payout_amount_minor(shared_types::Money::from_minor(i64::MAX, 0)),
            Err(PayoutError::AmountTooLarge)
        );
        assert_eq!(payout_amount_minor(m("1000000")), Ok(100_000_000));
        let jpy = crate::formats::currency_or_default("JPY");
        let kwd = crate::formats::currency_or_default("KWD");
        assert_eq!(super::payout_amount_minor(m("1500"), jpy), Ok(1_500));
        assert_eq!(
            super::payout_amount_minor(m("1500.5"), jpy),
            Err(PayoutError::AmountNotMoney)
        );
        assert_eq!(super::payout_amount_minor(m("1.005"), kwd), Ok(1_005));
        assert_eq!(
            super::payout_amount_minor(m("0.999"), kwd),
            Err(PayoutError::AmountTooSmall)
        );
    }

    #[test]
    fn cards_keep_only_brand_and_last_four() {
        let card =
            check_card(" Sam Carter ", "4242 4242 4242 4242", 12, 2030, (2026, 11)).expect("valid");
        assert_eq!(
            (card.brand, card.last4.as_str(), card.holder.as_str()),
            ("visa", "4242", "Sam Carter")
        );
        assert_eq!(card_brand("5555555555554444"), "mastercard");
        assert_eq!(card_brand("378282246310005"), "amex");
        assert_eq!(
            check_card("A", "4242 4242 4242 4241", 12, 2030, (2026, 11)),
            Err(PayoutError::CardNumber)
        );
        assert_eq!(
            check_card("A", "4242424242424242", 10, 2026, (2026, 11)),
            Err(PayoutError::CardExpiry)
        );
        assert_eq!(
            check_card("A", "4242424242424242", 13, 2027, (2026, 11)),
            Err(PayoutError::CardExpiry)
        );
        assert!(check_card("A", "4242424242424242", 11, 2026, (2026, 11)).is_ok());
        assert_eq!(
            check_card("", "4242424242424242", 11, 2027, (2026, 11)),
            Err(PayoutError::CardHolder)
        );
    }
}
