//! What the server sends the preview frame (which renders without a cleaner): the HTML texts of
//! a config cleaned as the storefront cleans them when it renders, plain texts untouched; the
//! catalog snapshot's descriptions likewise. The parity check (`storefront_parity_cases`)
//! proves the same over every page of both fixtures with active HTML in every text.

use core_wasm::storefront::{clean, clean_config_html};
use serde_json::json;

const ACTIVE: &str =
    "<img src=x onerror=\"alert(1)\"><p onclick=\"x()\">Hi</p><script>alert(2)</script>";

#[test]
fn html_texts_are_cleaned_and_plain_texts_kept() {
    let mut config = json!({
        "pages": {
            "homepage": {"sections": {"iwt-1": {"type": "image_with_text", "settings": {
                "blocks": [{"heading": "<b>a < b</b>", "content": ACTIVE}]
            }}}},
            "fixed": {"sections": {"footer": {"type": "footer", "settings": {"info": ACTIVE}}}}
        },
        "settings": {
            "checkout": {"checkout_description": ACTIVE},
            "product": {"tabs-detail": [{"heading": "Tab", "content": ACTIVE}]},
            "popup": {"discount": {"content": "Save 10% <now>"}}
        }
    });
    clean_config_html(&mut config);
    let cleaned = clean(ACTIVE);
    assert!(!cleaned.contains("onerror") && !cleaned.contains("script") && cleaned.contains("Hi"));
    for path in [
        "/pages/homepage/sections/iwt-1/settings/blocks/0/content",
        "/pages/fixed/sections/footer/settings/info",
        "/settings/checkout/checkout_description",
        "/settings/product/tabs-detail/0/content",
    ] {
        assert_eq!(config.pointer(path), Some(&json!(cleaned)), "{path}");
    }
    // Plain texts, escaped where they show, are not HTML: left exactly as typed.
    assert_eq!(
        config.pointer("/pages/homepage/sections/iwt-1/settings/blocks/0/heading"),
        Some(&json!("<b>a < b</b>"))
    );
    assert_eq!(
        config.pointer("/settings/popup/discount/content"),
        Some(&json!("Save 10% <now>"))
    );
}
