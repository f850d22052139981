//! Exports of the product design rules: the choices and limits of the editors, the default
//! design of a kind, where a new layer goes, the one `apply` of an edit and its views.

use shared_types::designs::{
    Design, DesignChoices, DesignCommand, DesignEditOutcome, DesignKind, LayerContent, Surface,
};
use wasm_bindgen::prelude::*;

use super::{from_js, strings, to_js};
use crate::designs as rules;

/// The fonts, alignments, print areas and limits the design editors offer.
#[wasm_bindgen(js_name = designChoices)]
pub fn design_choices() -> Result<JsValue, JsError> {
    to_js(&DesignChoices {
        fonts: strings(&rules::FONTS),
        aligns: strings(&rules::ALIGNS),
        print_areas: rules::PRINT_AREAS.iter().map(Into::into).collect(),
        print_areas_max: rules::PRINT_AREAS_MAX,
        book_pages_min: rules::BOOK_PAGES_MIN,
        book_pages_max: rules::BOOK_PAGES_MAX,
        layers_max: rules::LAYERS_MAX,
        text_max_chars: rules::TEXT_MAX_CHARS,
        font_size_min: rules::FONT_SIZE_MIN,
        font_size_max: rules::FONT_SIZE_MAX,
        layer_min_px: rules::LAYER_MIN_PX,
        personal_label_max_chars: rules::PERSONAL_LABEL_MAX_CHARS,
        personal_length_max: rules::PERSONAL_LENGTH_MAX,
        nudge_px: rules::NUDGE_PX,
        nudge_large_px: rules::NUDGE_LARGE_PX,
        book2_bleed_mm: rules::BOOK2_BLEED_MM,
        book2_gutter_mm: rules::BOOK2_GUTTER_MM,
    })
}

/// The design of `kind` before anything is saved.
#[wasm_bindgen(js_name = defaultDesign)]
pub fn default_design(kind: JsValue) -> Result<JsValue, JsError> {
    to_js(&rules::default_design(from_js::<DesignKind>(kind)?))
}

/// A new text's look on `surface`, with `text`.
#[wasm_bindgen(js_name = defaultText)]
pub fn default_text(surface: JsValue, text: &str) -> Result<JsValue, JsError> {
    to_js(&rules::default_text(&from_js::<Surface>(surface)?, text))
}

/// A new layer with `content`, placed on `surface` (`aspect` is an image's width over height).
#[wasm_bindgen(js_name = placeLayer)]
pub fn place_layer(
    surface: JsValue,
    id: &str,
    content: JsValue,
    aspect: Option<f64>,
) -> Result<JsValue, JsError> {
    let content = from_js::<LayerContent>(content)?;
    to_js(&rules::place_layer(
        &from_js::<Surface>(surface)?,
        id,
        content,
        aspect,
    ))
}

/// What the shopper is asked when `text` (a text layer's content) becomes personalizable.
#[wasm_bindgen(js_name = defaultPersonalization)]
pub fn default_personalization(text: JsValue, label: &str) -> Result<JsValue, JsError> {
    to_js(&rules::default_personalization(&from_js(text)?, label))
}

/// `layer` brought inside `surface`, keeping its size (a drag) or shrinking it (a resize).
#[wasm_bindgen(js_name = fitLayer)]
pub fn fit_layer(surface: JsValue, layer: JsValue, keep_size: bool) -> Result<JsValue, JsError> {
    to_js(&rules::fit_layer(
        &from_js(surface)?,
        &from_js(layer)?,
        keep_size,
    ))
}

/// Applies an edit: `{design}` the new design, or `{error}` the rule it breaks.
#[wasm_bindgen(js_name = applyDesign)]
pub fn apply_design(design: JsValue, command: JsValue) -> Result<JsValue, JsError> {
    let outcome = rules::apply(
        &from_js::<Design>(design)?,
        &from_js::<DesignCommand>(command)?,
    );
    to_js(&match outcome {
        Ok(design) => DesignEditOutcome::Applied { design, error: () },
        Err(error) => DesignEditOutcome::Rejected {
            design: (),
            error: error.to_body(),
        },
    })
}

/// The views of a design (lists of surface indices): areas, pages, or the cover and spreads.
#[wasm_bindgen(js_name = designViews)]
pub fn design_views(design: JsValue) -> Result<JsValue, JsError> {
    to_js(&rules::views(&from_js::<Design>(design)?))
}
