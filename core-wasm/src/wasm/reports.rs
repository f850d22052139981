//! Exports of the report rules: the UTM link builder, tracking pixel ids and unit costs, as the
//! server checks them.

use shared_types::reports::{PixelIds, ReportProblem, UtmLinkInput, UtmLinkVerdict};
use wasm_bindgen::prelude::*;

use super::{from_js, to_js};
use crate::reports::{self, ReportError};

fn problems(errors: Vec<ReportError>) -> Vec<ReportProblem> {
    errors
        .into_iter()
        .map(|error| ReportProblem {
            code: error.code().to_owned(),
            message: error.to_string(),
        })
        .collect()
}

/// The campaign link for `{base, path, source, medium, campaign, term, content}`, as
/// `{link, problems}`.
#[wasm_bindgen(js_name = utmLink)]
pub fn utm_link(input: JsValue) -> Result<JsValue, JsError> {
    let input: UtmLinkInput = from_js(input)?;
    let verdict = match reports::utm_link(&input) {
        Ok(link) => UtmLinkVerdict {
            link: Some(link),
            problems: Vec::new(),
        },
        Err(errors) => UtmLinkVerdict {
            link: None,
            problems: problems(errors),
        },
    };
    to_js(&verdict)
}

/// Why tracking pixel ids would be refused, as a list of `{code, message}` (empty when fine).
#[wasm_bindgen(js_name = checkPixels)]
pub fn check_pixels(ids: JsValue) -> Result<JsValue, JsError> {
    let ids: PixelIds = from_js(ids)?;
    to_js(
        &reports::check_pixels(&ids)
            .err()
            .map(problems)
            .unwrap_or_default(),
    )
}

/// Why a unit cost in the currency of this code would be refused, as `{code, message}`, or
/// `null`.
#[wasm_bindgen(js_name = checkUnitCost)]
pub fn check_unit_cost(amount: JsValue, currency: &str) -> Result<JsValue, JsError> {
    let Ok(amount) = from_js::<shared_types::Money>(amount) else {
        return to_js(&problems(vec![ReportError::UnitCost]).pop());
    };
    match reports::unit_cost_minor(amount, crate::formats::currency_or_default(currency)) {
        Ok(_) => Ok(JsValue::NULL),
        Err(error) => to_js(&problems(vec![error]).pop()),
    }
}

/// The UTM source, medium and campaign of a landing page.
#[wasm_bindgen(js_name = utmValues)]
pub fn utm_values(page: &str) -> Result<JsValue, JsError> {
    to_js(&reports::utm_values(page))
}
