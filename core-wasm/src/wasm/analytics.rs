//! Exports of the analytics math that needs no time zone.

use shared_types::{ChangeKind, PagingAction, PagingState};
use wasm_bindgen::prelude::*;

use super::{from_js, to_js};
use crate::analytics;

/// Conversion rate in percent.
#[wasm_bindgen(js_name = conversionRate)]
pub fn conversion_rate(session_converted: f64, vistors: f64) -> f64 {
    analytics::conversion_rate(session_converted.max(0.0) as u64, vistors.max(0.0) as u64)
}

/// Average order value, in the minor units of the currency of this code.
#[wasm_bindgen(js_name = aov)]
pub fn aov(total_sales: JsValue, total_orders: f64, currency: &str) -> Result<JsValue, JsError> {
    let total_sales = from_js::<shared_types::Money>(total_sales)?;
    let currency = crate::formats::currency_or_default(currency);
    to_js(&analytics::aov(
        total_sales,
        total_orders.max(0.0) as u64,
        currency,
    ))
}

/// Percent change against yesterday (`kind`: "revenue" or "statCard").
#[wasm_bindgen(js_name = percentChange)]
pub fn percent_change(
    current: f64,
    previous: f64,
    kind: JsValue,
    today_mode: bool,
) -> Result<f64, JsError> {
    Ok(analytics::percent_change(
        current,
        previous,
        from_js::<ChangeKind>(kind)?,
        today_mode,
    ))
}

/// A chart value rounded to 2 decimals.
#[wasm_bindgen(js_name = chartValue)]
pub fn chart_value(value: f64) -> f64 {
    analytics::chart_value(value)
}

/// A revenue axis label, thousands as `k`.
#[wasm_bindgen(js_name = axisLabel)]
pub fn axis_label(value: f64) -> String {
    analytics::axis_label(value)
}

/// The name of a country code, or "Unknown".
#[wasm_bindgen(js_name = countryName)]
pub fn country_name(code: &str) -> String {
    analytics::country_name(code).to_owned()
}

/// The ISO 3166-1 country list; returns `Country[]`.
#[wasm_bindgen(js_name = countries)]
pub fn countries() -> Result<JsValue, JsError> {
    to_js(&analytics::countries())
}

/// The order table's page after a Next or Previous.
#[wasm_bindgen(js_name = pageAfter)]
pub fn page_after(state: JsValue, action: JsValue) -> Result<u32, JsError> {
    Ok(analytics::page_after(
        from_js::<PagingState>(state)?,
        from_js::<PagingAction>(action)?,
    ))
}
