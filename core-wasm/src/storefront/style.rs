//! The theme's stylesheet variables and font links.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

/// The CSS custom properties of a config: colours, fonts, sizes and line clamps.
pub fn theme_css(config: &Value) -> String {
    let c = |key: &str, fallback: &str| {
        colour(text(config, &format!("settings.colors.{key}")), fallback)
    };
    let font = |key: &str, fallback: &str| {
        let name = text(config, &format!("settings.typography.{key}.font"));
        let name: String = name
            .chars()
            .filter(|ch| ch.is_ascii_alphanumeric() || *ch == ' ' || *ch == '-')
            .collect();
        if name.trim().is_empty() {
            fallback.to_owned()
        } else {
            format!("\"{}\", {fallback}", name.trim())
        }
    };
    let weight = |key: &str, fallback: &str| {
        let style = text(config, &format!("settings.typography.{key}.style"));
        let digits: String = style.chars().take_while(char::is_ascii_digit).collect();
        if digits.is_empty() {
            fallback.to_owned()
        } else {
            digits
        }
    };
    let size = |key: &str, fallback: f64| {
        number(config, &format!("settings.typography.{key}"), fallback).clamp(8.0, 80.0)
    };
    let lines = |key: &str, fallback: f64| {
        number(config, &format!("settings.style.{key}"), fallback).clamp(1.0, 10.0)
    };
    let sans = "system-ui, -apple-system, \"Segoe UI\", Roboto, sans-serif";
    format!(
        ":root{{--c-checkout:{};--c-price:{};--c-cart:{};--c-cart-label:{};--c-buy:{};--c-buy-label:{};\
         --c-upsell-bg:{};--c-upsell-border:{};--c-sale:{};--c-tag-bg:{};--c-tag-text:{};--c-bar-bg:{};--c-bar-text:{};\
         --c-footer-bg:{};--c-footer-text:{};--c-title:{};--c-compare:{};--c-rating:{};\
         --f-head:{};--f-base:{};--f-desc:{};--f-button:{};--w-head:{};--w-button:{};\
         --fs-product:{}px;--fs-price:{}px;--fs-compare:{}px;--fs-tag:{}px;--fs-cart:{}px;\
         --clamp-card:{};--clamp-detail:{};--clamp-detail-m:{}}}",
        c("color_checkout_button", "#0082E5"),
        c("color_price", "#0d9ef2"),
        c("color_add_to_cart", "#548226"),
        c("color_add_to_cart_label", "#FFFFFF"),
        c("color_buy_now", "#EF4444"),
        c("color_buy_now_label", "#FFFFFF"),
        c("color_upsell_background", "#FFF9F0"),
        c("color_upsell_border", "#F5A623"),
        c("color_sale_price", "#E02020"),
        c("color_tag_background", "#E02020"),
        c("color_tag_text", "#FFFFFF"),
        c("color_announcement_bar_background", "#111111"),
        c("color_announcement_bar_text", "#FFFFFF"),
        c("color_footer_background", "#1F1F1F"),
        c("color_footer_text", "#EDEDED"),
        c("color_product_title", "#222222"),
        c("color_compare_at_price", "#8A8A8A"),
        colour(
            text(config, "settings.product.colorProductRating"),
            "#FFB400"
        ),
        font("type_header_family", sans),
        font("type_base_family", sans),
        font("type_product_description_family", sans),
        font("type_button_base_family", sans),
        weight("type_header_family", "700"),
        weight("type_button_base_family", "600"),
        size("font_size_product", 16.0),
        size("font_size_price", 18.0),
        size("font_size_compare_at_price", 14.0),
        size("font_size_sale_tag", 12.0),
        size("font_size_cart_button_text", 16.0),
        lines("maxLineDisplayProduct", 1.0),
        lines("maxLineDisplayProductDetailDesktop", 2.0),
        lines("maxLineDisplayProductDetailMobile", 2.0),
    )
}

/// The stylesheet addresses of the config's fonts (https only), without repeats.
pub fn font_urls(config: &Value) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for key in [
        "type_header_family",
        "type_base_family",
        "type_product_description_family",
        "type_button_base_family",
    ] {
        let url = text(config, &format!("settings.typography.{key}.url")).trim();
        if url.starts_with("https://") && !out.iter().any(|u| u == url) {
            out.push(url.to_owned());
        }
    }
    out
}
