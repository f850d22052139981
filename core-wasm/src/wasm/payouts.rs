//! Exports of the payout rules: a card and a payout amount, as the server checks them.

use shared_types::PayoutProblem;
use wasm_bindgen::prelude::*;

use super::{from_js, to_js};
use crate::payouts::{self, PayoutError};

fn problem(error: PayoutError) -> Result<JsValue, JsError> {
    to_js(&Some(PayoutProblem {
        code: error.code().to_owned(),
        message: error.to_string(),
    }))
}

/// Why a card would be refused in the month (`year`, `month`), as `{code, message}`, or `null`.
#[wasm_bindgen(js_name = checkCard)]
pub fn check_card(
    holder: &str,
    number: &str,
    exp_month: u32,
    exp_year: u32,
    year: u32,
    month: u32,
) -> Result<JsValue, JsError> {
    match payouts::check_card(holder, number, exp_month, exp_year, (year, month)) {
        Ok(_) => Ok(JsValue::NULL),
        Err(error) => problem(error),
    }
}

/// Why a payout amount in the currency of this code would be refused (balance aside), as
/// `{code, message}`, or `null`.
#[wasm_bindgen(js_name = checkPayoutAmount)]
pub fn check_payout_amount(amount: JsValue, currency: &str) -> Result<JsValue, JsError> {
    // A number that is no amount at all (not finite, too many decimals) is not money.
    let Ok(amount) = from_js::<shared_types::Money>(amount) else {
        return problem(PayoutError::AmountNotMoney);
    };
    match payouts::payout_amount_minor(amount, crate::formats::currency_or_default(currency)) {
        Ok(_) => Ok(JsValue::NULL),
        Err(error) => problem(error),
    }
}
