//! Exports of the selling rules for the admin's order page and customer form: countries,
//! address checks, and what a fulfilment, a refund or a cancellation of an order would do.

use shared_types::catalog::Order;
use shared_types::commerce::{Address, FulfillmentInput, RefundAnswer, RefundInput, RefundQuote};
use wasm_bindgen::prelude::*;

use super::{from_js, to_js};
use crate::commerce::{self, orders};
use crate::money::stored;

/// Every country a shopper may ship to, by name. Named apart from the analytics' `countries`
/// (every ISO country, without postcodes): both are in the shell build.
#[wasm_bindgen(js_name = shippingCountries)]
pub fn shipping_countries() -> Result<JsValue, JsError> {
    to_js(&commerce::country_list())
}

/// Every problem of an address (`label` starts each message); empty when it is good.
#[wasm_bindgen(js_name = addressProblems)]
pub fn address_problems(
    label: &str,
    address: JsValue,
    phone_required: bool,
) -> Result<Vec<String>, JsError> {
    Ok(commerce::address_problems(
        label,
        &from_js::<Address>(address)?,
        phone_required,
    ))
}

/// Why the fulfilment cannot be made; empty when it can.
#[wasm_bindgen(js_name = fulfilmentProblems)]
pub fn fulfilment_problems(order: JsValue, input: JsValue) -> Result<Vec<String>, JsError> {
    let order = orders::state_of(&from_js::<Order>(order)?);
    Ok(
        orders::check_fulfilment(&order, &from_js::<FulfillmentInput>(input)?)
            .err()
            .unwrap_or_default(),
    )
}

/// What the refund would give back, or why it cannot be made.
#[wasm_bindgen(js_name = refundQuote)]
pub fn refund_quote(order: JsValue, input: JsValue) -> Result<JsValue, JsError> {
    let order = orders::state_of(&from_js::<Order>(order)?);
    let currency = order.currency;
    let refundable = stored(order.grand_total_minor - order.refunded_minor, currency);
    let shipping_refundable = stored(orders::shipping_refundable(&order), currency);
    let answer = match orders::quote_refund(&order, &from_js::<RefundInput>(input)?) {
        Ok(amounts) => RefundAnswer {
            quote: Some(RefundQuote {
                amount: stored(amounts.total_minor, currency),
                tax: stored(amounts.tax_minor, currency),
                shipping_refundable,
                refundable,
            }),
            problems: Vec::new(),
        },
        Err(problems) => RefundAnswer {
            quote: None,
            problems,
        },
    };
    to_js(&answer)
}

/// Why the order cannot be cancelled, or `undefined` when it can.
#[wasm_bindgen(js_name = cancelProblem)]
pub fn cancel_problem(order: JsValue) -> Result<Option<String>, JsError> {
    Ok(orders::check_cancel(&orders::state_of(&from_js::<Order>(order)?)).err())
}
