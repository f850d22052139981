//! The WebAssembly facade: each export converts its input, calls the core and converts the result.
//! No rule lives here. One file per area of the core.

mod analytics;
mod catalog;
mod designs;
mod payouts;
mod records;
mod reports;
mod shell;
mod theme;
#[cfg(feature = "tz")]
mod zoned;

use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Converts a result for JavaScript as plain objects, with `null` for `None`.
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}
