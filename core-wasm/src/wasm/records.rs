//! Exports of the store's smaller records and settings: the one check by kind, and the choices
//! their forms offer.

use shared_types::records::{ProductPatch, RecordChoices, StockChange};
use wasm_bindgen::prelude::*;

use super::{from_js, strings, to_js};
use crate::records;

/// The built-in apps, the sales channels and the choices and limits of the records' forms.
#[wasm_bindgen(js_name = recordChoices)]
pub fn record_choices() -> Result<JsValue, JsError> {
    to_js(&RecordChoices {
        apps: records::apps(),
        sales_channels: records::sales_channels(),
        size_units: strings(&records::SIZE_UNITS),
        option_displays: strings(&records::OPTION_DISPLAYS),
        feed_formats: strings(&records::FEED_FORMATS),
        bulk_fields: strings(&records::BULK_FIELDS),
        price_operations: strings(&records::PRICE_OPERATIONS),
        upsell_placements: strings(&records::UPSELL_PLACEMENTS),
        size_chart_columns_max: records::SIZE_CHART_COLUMNS_MAX,
        size_chart_rows_max: records::SIZE_CHART_ROWS_MAX,
        stock_max: records::STOCK_MAX,
        batch_max: records::BATCH_MAX,
    })
}

/// Every problem of a record or setting of `kind` (`size-charts`, `telegram`...) of a store in
/// the currency of this code; empty when the server will take it.
#[wasm_bindgen(js_name = checkRecord)]
pub fn check_record(kind: &str, value: JsValue, currency: &str) -> Result<Vec<String>, JsError> {
    let value: serde_json::Value = from_js(value)?;
    match records::problems_of(kind, value, crate::formats::currency_or_default(currency)) {
        Some(Ok(problems)) => Ok(problems),
        Some(Err(message)) => Ok(vec![message]),
        None => Err(JsError::new(&format!("no record kind {kind}"))),
    }
}

/// Every problem of a batch of stock changes.
#[wasm_bindgen(js_name = checkStock)]
pub fn check_stock(changes: JsValue) -> Result<Vec<String>, JsError> {
    let changes: Vec<StockChange> = from_js(changes)?;
    Ok(records::stock_problems(&changes))
}

/// Every problem of a batch of product changes from the bulk editor.
#[wasm_bindgen(js_name = checkProductPatches)]
pub fn check_product_patches(patches: JsValue, currency: &str) -> Result<Vec<String>, JsError> {
    let patches: Vec<ProductPatch> = from_js(patches)?;
    Ok(records::patch_problems(
        &patches,
        crate::formats::currency_or_default(currency),
    ))
}
