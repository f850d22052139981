//! The theme's stylesheet variables and font links.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

/// The CSS custom properties of a config: colours, fonts, sizes and line clamps.
pub fn theme_css(config: &Value) -> String {
    let settings = Node::settings(config, Family::of(config).theme_family(), "");
    let colors = settings.at("colors");
    let c = |key: &'static str| colors.colour(key);
    let typography = settings.at("typography");
    let font = |key: &'static str| {
        let name = typography.at(key).text("font");
        let name: String = name
            .chars()
            .filter(|ch| ch.is_ascii_alphanumeric() || *ch == ' ' || *ch == '-')
            .collect();
        if name.trim().is_empty() {
            SANS.to_owned()
        } else {
            format!("\"{}\", {SANS}", name.trim())
        }
    };
    let weight = |key: &'static str| {
        let digits =
            |style: &str| -> String { style.chars().take_while(char::is_ascii_digit).collect() };
        match digits(typography.at(key).text("style")) {
            d if d.is_empty() => digits(typography.at(key).text_or_default("style")),
            d => d,
        }
    };
    let size = |key: &'static str| typography.number(key);
    let style = settings.at("style");
    let lines = |key: &'static str| style.number(key);
    format!(
        ":root{{--c-checkout:{};--c-price:{};--c-cart:{};--c-cart-label:{};--c-buy:{};--c-buy-label:{};\
         --c-upsell-bg:{};--c-upsell-border:{};--c-sale:{};--c-tag-bg:{};--c-tag-text:{};--c-bar-bg:{};--c-bar-text:{};\
         --c-footer-bg:{};--c-footer-text:{};--c-title:{};--c-compare:{};--c-rating:{};\
         --f-head:{};--f-base:{};--f-desc:{};--f-button:{};--w-head:{};--w-button:{};\
         --fs-product:{}px;--fs-price:{}px;--fs-compare:{}px;--fs-tag:{}px;--fs-cart:{}px;\
         --clamp-card:{};--clamp-detail:{};--clamp-detail-m:{}}}",
        c("color_checkout_button"),
        c("color_price"),
        c("color_add_to_cart"),
        c("color_add_to_cart_label"),
        c("color_buy_now"),
        c("color_buy_now_label"),
        c("color_upsell_background"),
        c("color_upsell_border"),
        c("color_sale_price"),
        c("color_tag_background"),
        c("color_tag_text"),
        c("color_announcement_bar_background"),
        c("color_announcement_bar_text"),
        c("color_footer_background"),
        c("color_footer_text"),
        c("color_product_title"),
        c("color_compare_at_price"),
        settings.at("product").colour("colorProductRating"),
        font("type_header_family"),
        font("type_base_family"),
        font("type_product_description_family"),
        font("type_button_base_family"),
        weight("type_header_family"),
        weight("type_button_base_family"),
        size("font_size_product"),
        size("font_size_price"),
        size("font_size_compare_at_price"),
        size("font_size_sale_tag"),
        size("font_size_cart_button_text"),
        lines("maxLineDisplayProduct"),
        lines("maxLineDisplayProductDetailDesktop"),
        lines("maxLineDisplayProductDetailMobile"),
    )
}

/// The system font stack every theme font falls back to.
const SANS: &str = "system-ui, -apple-system, \"Segoe UI\", Roboto, sans-serif";

/// The stylesheet addresses of the config's fonts, without repeats: each the address its family
/// and weight give, or the templates' own sheet (which the server serves itself); any other
/// address a stored config holds is left out.
pub fn font_urls(config: &Value) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for key in crate::theme::fonts::TYPOGRAPHY_KEYS {
        let field = |name: &str| text(config, &format!("settings.typography.{key}.{name}"));
        let url = field("url");
        let url = url.trim();
        if crate::theme::fonts::font_address_allowed(field("font"), field("style"), url)
            && !out.iter().any(|u| u == url)
        {
            out.push(url.to_owned());
        }
    }
    out
}
