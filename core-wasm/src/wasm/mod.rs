//! The WebAssembly facade: each export converts its input, calls the core and converts the result.
//! No rule lives here. One file per area of the core, each compiled when its feature asks for
//! it (`wasm` asks for all of them), so that a build exporting one part carries only its rules.

#[cfg(any(feature = "wasm", feature = "wasm-shell"))]
mod analytics;
#[cfg(any(feature = "wasm", feature = "wasm-shell"))]
mod catalog;
#[cfg(any(feature = "wasm", feature = "wasm-shell"))]
mod commerce;
#[cfg(any(feature = "wasm", feature = "wasm-editor"))]
mod designs;
#[cfg(any(feature = "wasm", feature = "wasm-shell"))]
mod payouts;
#[cfg(any(feature = "wasm", feature = "wasm-shell"))]
mod records;
#[cfg(any(feature = "wasm", feature = "wasm-shell"))]
mod reports;
#[cfg(any(feature = "wasm", feature = "wasm-shell"))]
mod shell;
#[cfg(any(feature = "wasm", feature = "wasm-storefront"))]
mod storefront;
#[cfg(any(feature = "wasm", feature = "wasm-editor"))]
mod theme;
#[cfg(all(feature = "tz", any(feature = "wasm", feature = "wasm-zoned")))]
mod zoned;

/// Reads a JavaScript value as `T`; a value of another shape throws serde's message.
#[cfg(any(
    feature = "wasm",
    feature = "wasm-shell",
    feature = "wasm-editor",
    feature = "wasm-zoned"
))]
pub(crate) fn from_js<T: serde::de::DeserializeOwned>(
    value: wasm_bindgen::JsValue,
) -> Result<T, wasm_bindgen::JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| wasm_bindgen::JsError::new(&e.to_string()))
}

/// Converts a result for JavaScript as plain objects, with `null` for `None`.
#[cfg(any(
    feature = "wasm",
    feature = "wasm-shell",
    feature = "wasm-editor",
    feature = "wasm-zoned"
))]
pub(crate) fn to_js<T: serde::Serialize>(
    value: &T,
) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| wasm_bindgen::JsError::new(&e.to_string()))
}

/// The core's fixed list of names as owned strings, for a shared-types answer.
#[cfg(any(feature = "wasm", feature = "wasm-shell", feature = "wasm-editor"))]
pub(crate) fn strings(names: &[&str]) -> Vec<String> {
    names.iter().map(|name| (*name).to_owned()).collect()
}
