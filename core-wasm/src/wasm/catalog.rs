//! Exports of the store-content rules: order states and fulfilment, product and discount checks.

use shared_types::catalog::{
    CollectionInput, ContentChoices, DiscountInput, MenuInput, OrderStatuses, PageInput,
    ProductInput, ProductLimits, ProductOption, Variant, VariantsOutcome,
};
use wasm_bindgen::prelude::*;

use super::{from_js, strings, to_js};
use crate::catalog;

/// The choices of content forms: product statuses, collection kinds, where a menu link leads,
/// discount methods and value types, and the font sizes rich text may use.
#[wasm_bindgen(js_name = contentChoices)]
pub fn content_choices() -> Result<JsValue, JsError> {
    to_js(&ContentChoices {
        product_statuses: strings(&catalog::PRODUCT_STATUSES),
        collection_kinds: strings(&catalog::COLLECTION_KINDS),
        link_parents: strings(&catalog::LINK_PARENTS),
        discount_methods: strings(&catalog::DISCOUNT_METHODS),
        discount_value_types: strings(&catalog::DISCOUNT_VALUE_TYPES),
        rich_text_font_sizes_px: crate::limits::RICH_TEXT_FONT_SIZES_PX.to_vec(),
    })
}

/// Every problem of a page input; empty when the server will take it.
#[wasm_bindgen(js_name = checkPage)]
pub fn check_page(input: JsValue) -> Result<Vec<String>, JsError> {
    Ok(catalog::page_problems(&from_js::<PageInput>(input)?))
}

/// Every problem of a menu input.
#[wasm_bindgen(js_name = checkMenu)]
pub fn check_menu(input: JsValue) -> Result<Vec<String>, JsError> {
    Ok(catalog::menu_problems(&from_js::<MenuInput>(input)?))
}

/// Every problem of a collection input that needs no database.
#[wasm_bindgen(js_name = checkCollection)]
pub fn check_collection(input: JsValue) -> Result<Vec<String>, JsError> {
    Ok(catalog::collection_problems(&from_js::<CollectionInput>(
        input,
    )?))
}

/// The financial and fulfilment states an order can be in, in the order the filters show them.
#[wasm_bindgen(js_name = orderStatuses)]
pub fn order_statuses() -> Result<JsValue, JsError> {
    to_js(&OrderStatuses {
        financial: strings(&catalog::FINANCIAL_STATUSES),
        fulfillment: strings(&catalog::FULFILLMENT_STATUSES),
    })
}

/// Every problem of a product input priced in the currency of this code, in field order; empty
/// when the server will take it.
#[wasm_bindgen(js_name = checkProduct)]
pub fn check_product(input: JsValue, currency: &str) -> Result<Vec<String>, JsError> {
    Ok(catalog::check_product(
        &from_js::<ProductInput>(input)?,
        crate::formats::currency_or_default(currency),
    )
    .err()
    .unwrap_or_default())
}

/// Every problem of a product input at its field (`variants.2.price`), in field order.
#[wasm_bindgen(js_name = checkProductFields)]
pub fn check_product_fields(input: JsValue, currency: &str) -> Result<JsValue, JsError> {
    to_js(&catalog::product_problems(
        &from_js::<ProductInput>(input)?,
        crate::formats::currency_or_default(currency),
    ))
}

/// How many images, options, values of an option and variants a product may have.
#[wasm_bindgen(js_name = productLimits)]
pub fn product_limits() -> Result<JsValue, JsError> {
    to_js(&ProductLimits {
        images_max: catalog::PRODUCT_IMAGES_MAX,
        options_max: catalog::PRODUCT_OPTIONS_MAX,
        option_values_max: catalog::OPTION_VALUES_MAX,
        variants_max: catalog::PRODUCT_VARIANTS_MAX,
    })
}

/// The variants a product's options make, keeping what `variants` set for the same values;
/// or the options' problem when they make too many.
#[wasm_bindgen(js_name = variantsForOptions)]
pub fn variants_for_options(
    options: JsValue,
    variants: JsValue,
    price: JsValue,
    compare_at_price: JsValue,
) -> Result<JsValue, JsError> {
    let outcome = catalog::variants_for_options(
        &from_js::<Vec<ProductOption>>(options)?,
        &from_js::<Vec<Variant>>(variants)?,
        from_js::<shared_types::Money>(price)?,
        from_js::<Option<shared_types::Money>>(compare_at_price)?,
    );
    to_js(&match outcome {
        Ok(variants) => VariantsOutcome::Made {
            variants,
            problem: (),
        },
        Err(problem) => VariantsOutcome::Refused {
            variants: (),
            problem,
        },
    })
}

/// The problem of a discount input, or `undefined`.
#[wasm_bindgen(js_name = checkDiscount)]
pub fn check_discount(input: JsValue, currency: &str) -> Result<Option<String>, JsError> {
    Ok(catalog::check_discount(
        &from_js::<DiscountInput>(input)?,
        crate::formats::currency_or_default(currency),
    )
    .err())
}

/// The problem of a title (`label` names the field in the message), or `undefined`.
#[wasm_bindgen(js_name = checkTitle)]
pub fn check_title(label: &str, title: &str) -> Option<String> {
    catalog::check_title(label, title).err()
}

/// The address of picture `src` at `width` px, for the admin's small pictures: the upload's
/// WebP width when it is kept at widths and `width` is one of them, else `src` itself.
#[wasm_bindgen(js_name = pictureAt)]
pub fn picture_at(src: &str, width: u32) -> String {
    catalog::picture_width_src(src, width).unwrap_or_else(|| src.to_owned())
}
