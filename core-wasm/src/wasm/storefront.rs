//! Exports of the storefront renderer, for the preview frame's build: one render from JSON text
//! (`storefront::preview::render_json`), so that the frame and the server give the same HTML.

use wasm_bindgen::prelude::*;

use crate::storefront::preview;

/// Renders the preview's page (`keys` null) or some of its sections alone; answers JSON text.
#[wasm_bindgen(js_name = renderPreview)]
pub fn render_preview(
    config: &str,
    snapshot: &str,
    page: &str,
    keys: Option<Vec<String>>,
) -> Result<String, JsError> {
    preview::render_json(config, snapshot, page, keys.as_deref()).map_err(|e| JsError::new(&e))
}
