//! What the editor's generic field components need to know about the document: the kind of input
//! a path takes and its bounds (read from the rule table), how full a list is, the typography
//! picker's choices and what a weight writes, and when a flash-deal block may choose a product.

use serde_json::Value;
use shared_types::theme::{
    FieldSpec, FontChoices, FontFamilyChoice, FontWeightChoice, FontWeightOption, ListRef,
    ListStatus, ThemeFamily,
};

use super::commands::list_status as lists_status;
use super::defaults::font_weight_label;
use super::doc::{ThemeDoc, family_of, parse_pointer};
use super::error::ThemeError;
use super::fonts::{FONT_CATALOGUE, served_family, split_style, style_key, stylesheet_url};
use super::rules::{Rule, rule_at};
use crate::limits::{ITEM_PER_ROW_DESKTOP, ITEM_PER_ROW_DESKTOP_NEWCHICK, RICH_TEXT_FONT_SIZES_PX};

/// The sale price colour, which only hydro themes show.
const SALE_PRICE_COLOR: &str = "/settings/colors/color_sale_price";

/// The input a path of the document takes; `Free` when no rule applies (or the path is not a
/// pointer).
pub fn field_spec(root: &Value, pointer: &str) -> FieldSpec {
    let Ok(path) = parse_pointer(pointer) else {
        return FieldSpec::Free;
    };
    // §3.4 "sale price (shown only for hydro)".
    if pointer == SALE_PRICE_COLOR && family_of(root) != ThemeFamily::Hydro {
        return FieldSpec::Hidden;
    }
    let strings = |values: &[&str]| values.iter().map(|s| (*s).to_owned()).collect();
    match rule_at(root, &path) {
        Some(Rule::Range(range)) => FieldSpec::Range {
            min: range.min,
            max: range.max,
        },
        Some(Rule::ItemPerRowDesktop) => {
            let range = match family_of(root) {
                ThemeFamily::Newchick => ITEM_PER_ROW_DESKTOP_NEWCHICK,
                ThemeFamily::Hydro => ITEM_PER_ROW_DESKTOP,
            };
            FieldSpec::Range {
                min: range.min,
                max: range.max,
            }
        }
        Some(Rule::Number) => FieldSpec::Number,
        Some(Rule::OneOf(options)) => FieldSpec::Choice {
            options: strings(options),
            required: false,
        },
        Some(Rule::Required(options)) => FieldSpec::Choice {
            options: strings(options),
            required: true,
        },
        Some(Rule::RichText) => FieldSpec::RichText {
            sizes: RICH_TEXT_FONT_SIZES_PX.to_vec(),
        },
        Some(Rule::Bool) => FieldSpec::Bool,
        Some(Rule::Managed) => FieldSpec::Managed,
        Some(Rule::List(max)) => FieldSpec::List { max },
        Some(Rule::Steps) => FieldSpec::List {
            max: Some(crate::limits::THANK_YOU_CUSTOM_STEPS_MAX),
        },
        Some(Rule::HasPosition | Rule::Colour) | None => FieldSpec::Free,
    }
}

/// How full a list of the document is, and which items may be deleted.
pub fn list_status(doc: &ThemeDoc, list: &ListRef) -> Result<ListStatus, ThemeError> {
    lists_status(doc.value(), doc.family(), list)
}

/// The typography picker's families (§9), each with the weights (and italics) it comes in.
pub fn font_choices() -> FontChoices {
    let families = FONT_CATALOGUE
        .iter()
        .map(|family| FontFamilyChoice {
            family: family.name.to_owned(),
            weights: family
                .styles()
                .filter_map(|style| {
                    let label = font_weight_label(&style)?;
                    let (weight, italic) = split_style(&style);
                    Some(FontWeightOption {
                        weight: weight.parse().ok()?,
                        italic,
                        label,
                        style,
                    })
                })
                .collect(),
        })
        .collect();
    FontChoices { families }
}

/// What choosing a weight of a family writes (§4 "choosing a weight sets style, url and key"),
/// refused when the family does not come in that weight. The spec's font service is not given;
/// the stylesheet address is the Google Fonts CSS2 address of the family and weight
/// (`family=Open+Sans:ital,wght@1,700`), the key the family in lower case with dashes, then the
/// style (`open-sans-700italic`).
pub fn font_weight_choice(family: &str, style: &str) -> Result<FontWeightChoice, ThemeError> {
    let family = served_family(family, style)?;
    Ok(FontWeightChoice {
        style: style.to_owned(),
        url: stylesheet_url(family, style),
        key: style_key(family, style),
    })
}

/// §5 "Product choice in a flash-deal collection block is offered only once the block's link
/// has a collection slug": the link leads to a category whose slug (`params.slug`, or `slug`)
/// is not empty.
pub fn flash_deal_product_open(block: &Value) -> bool {
    let Some(url) = block.get("url") else {
        return false;
    };
    let slug = |v: Option<&Value>| {
        v.and_then(Value::as_str)
            .is_some_and(|s| !s.trim().is_empty())
    };
    url.get("parent").and_then(Value::as_str) == Some("category")
        && (slug(url.get("params").and_then(|p| p.get("slug"))) || slug(url.get("slug")))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn doc(family: &str) -> ThemeDoc {
        let text = match family {
            "newchick" => include_str!("../../tests/fixtures/newchick.json"),
            _ => include_str!("../../tests/fixtures/hydro.json"),
        };
        ThemeDoc::parse(text).expect("the fixture and command are valid")
    }

    #[test]
    fn items_per_row_follow_the_family() {
        let path = "/pages/homepage/sections/collection-list-1/settings/item_per_row";
        assert_eq!(
            field_spec(doc("hydro").value(), path),
            FieldSpec::Range { min: 2, max: 6 }
        );
        assert_eq!(
            field_spec(doc("newchick").value(), path),
            FieldSpec::Range { min: 2, max: 8 }
        );
    }

    #[test]
    fn fields_get_their_rule_kind() {
        let hydro = doc("hydro");
        assert_eq!(
            field_spec(hydro.value(), "/settings/product/enable_image_zoom"),
            FieldSpec::Bool
        );
        assert_eq!(
            field_spec(hydro.value(), "/settings/typography/type_base_family"),
            FieldSpec::Managed
        );
        assert_eq!(
            field_spec(hydro.value(), "/settings/product/tabs-detail"),
            FieldSpec::List { max: Some(5) }
        );
        assert_eq!(
            field_spec(hydro.value(), "/settings/product/color_watch"),
            FieldSpec::Choice {
                options: vec!["Square".into(), "Circle".into()],
                required: false
            }
        );
        assert_eq!(field_spec(hydro.value(), "/id"), FieldSpec::Free);
        assert_eq!(field_spec(hydro.value(), SALE_PRICE_COLOR), FieldSpec::Free);
        assert_eq!(
            field_spec(doc("newchick").value(), SALE_PRICE_COLOR),
            FieldSpec::Hidden
        );
        assert_eq!(field_spec(hydro.value(), "no pointer"), FieldSpec::Free);
    }

    #[test]
    fn list_status_counts_custom_steps_only_and_marks_default_ones() {
        let newchick = doc("newchick");
        let status = list_status(&newchick, &ListRef::ThankYouSteps)
            .expect("the fixture and command are valid");
        assert_eq!(status.len, 5);
        assert_eq!(status.count, 1);
        assert_eq!(status.max, Some(4));
        assert!(status.full.is_none());
        assert_eq!(status.deletable, vec![false, false, true, false, false]);
    }

    #[test]
    fn a_full_list_carries_the_limit_message() {
        let mut newchick = doc("newchick");
        let list = ListRef::FlashDealDetail {
            section: "flash-deal-1".into(),
        };
        assert!(
            list_status(&newchick, &list)
                .expect("the fixture and command are valid")
                .full
                .is_none()
        );
        let add = shared_types::theme::ThemeCommand::AddItem {
            list: list.clone(),
            id: None,
            block_type: None,
        };
        crate::theme::apply(&mut newchick, &add).expect("the fixture and command are valid");
        let status = list_status(&newchick, &list).expect("the fixture and command are valid");
        let full = status.full.expect("ten detail blocks fill the list");
        assert_eq!(full.code, "list.full");
        assert_eq!(full.message, "10/10 blocks used. Delete to add more.");
    }

    #[test]
    fn a_weight_writes_style_url_and_key() {
        let choice =
            font_weight_choice("Open Sans", "700italic").expect("Open Sans comes in Bold Italic");
        assert_eq!(choice.style, "700italic");
        assert_eq!(choice.key, "open-sans-700italic");
        assert_eq!(
            choice.url,
            "https://fonts.googleapis.com/css2?family=Open+Sans:ital,wght@1,700&display=swap"
        );
        let regular = font_weight_choice("Alata", "400").expect("Alata comes in Regular");
        assert_eq!(
            regular.url,
            "https://fonts.googleapis.com/css2?family=Alata:wght@400&display=swap"
        );
        assert!(font_weight_choice("Comic", "700").is_err());
        assert!(font_weight_choice("Roboto", "750").is_err());
    }

    #[test]
    fn a_weight_the_family_lacks_is_refused() {
        let refused = font_weight_choice("Alata", "700").expect_err("Alata has only Regular 400");
        assert_eq!(refused.code(), "font.weightUnavailable");
        assert_eq!(refused.to_string(), "Alata does not come in 700 Bold.");
        assert!(font_weight_choice("Alata", "400italic").is_err());
        assert!(font_weight_choice("Open Sans", "900").is_err());
    }

    #[test]
    fn the_picker_offers_each_family_only_its_own_weights() {
        let choices = font_choices();
        assert_eq!(choices.families.len(), 16);
        for family in &choices.families {
            assert!(!family.weights.is_empty(), "{}", family.family);
            for weight in &family.weights {
                assert!(
                    font_weight_choice(&family.family, &weight.style).is_ok(),
                    "{} {}",
                    family.family,
                    weight.style
                );
            }
        }
        let alata = &choices.families[0];
        assert_eq!(alata.family, "Alata");
        assert_eq!(
            alata.weights,
            vec![FontWeightOption {
                style: "400".into(),
                label: "400 Regular".into(),
                weight: 400,
                italic: false,
            }]
        );
        let open_sans = choices
            .families
            .iter()
            .find(|f| f.family == "Open Sans")
            .expect("a default family");
        assert_eq!(
            open_sans.weights.first().map(|w| w.label.as_str()),
            Some("300 Light")
        );
        let heaviest = open_sans.weights.last().expect("Open Sans has weights");
        assert_eq!(heaviest.label, "800 Extra Bold Italic");
        assert_eq!((heaviest.weight, heaviest.italic), (800, true));
    }

    #[test]
    fn a_product_is_offered_once_the_link_has_a_collection_slug() {
        let with = json!({"url": {"parent": "category", "slug": "", "params": {"slug": "sale"}}});
        let home = json!({"url": {"parent": "home", "slug": "", "params": {"slug": ""}}});
        let empty = json!({"url": {"parent": "category", "slug": " ", "params": {"slug": ""}}});
        assert!(flash_deal_product_open(&with));
        assert!(!flash_deal_product_open(&home));
        assert!(!flash_deal_product_open(&empty));
        assert!(!flash_deal_product_open(&json!({})));
    }
}
