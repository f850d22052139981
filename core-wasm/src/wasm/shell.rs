//! Exports of the shell rules.

use shared_types::LoginForm;
use wasm_bindgen::prelude::*;

use super::to_js;
use crate::shell;

/// Judges a login form `{email, password}`; returns a `LoginCheck`.
#[wasm_bindgen(js_name = checkLogin)]
pub fn check_login(form: JsValue) -> Result<JsValue, JsError> {
    let form: LoginForm = serde_wasm_bindgen::from_value(form)?;
    to_js(&shell::check_login(&form))
}

/// The dashboard greeting for a local hour; returns a `Greeting`.
#[wasm_bindgen(js_name = greeting)]
pub fn greeting(
    hour: u32,
    first_name: Option<String>,
    last_name: Option<String>,
) -> Result<JsValue, JsError> {
    let greeting = shell::greeting(hour, first_name.as_deref(), last_name.as_deref())
        .map_err(|e| JsError::new(e.code()))?;
    to_js(&greeting)
}

/// The display name of a user: first and last name, or "User".
#[wasm_bindgen(js_name = fullName)]
pub fn full_name(first_name: Option<String>, last_name: Option<String>) -> String {
    shell::full_name(first_name.as_deref(), last_name.as_deref())
}
