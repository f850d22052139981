//! Font commands (spec §4): choosing a family resets its style, url and key; choosing a weight
//! the slot's family comes in sets style, url and key.

use serde_json::{Map, Value};
use shared_types::theme::FontSlot;

use super::segments;
use crate::theme::defaults::font_weight_label;
use crate::theme::doc::{Tx, get_at, to_pointer};
use crate::theme::error::ThemeError;
use crate::theme::fields::font_weight_choice;
use crate::theme::fonts::font_family;

fn current(tx: &Tx<'_>, path: &[String]) -> Result<Map<String, Value>, ThemeError> {
    match get_at(tx.root(), path) {
        None => Ok(Map::new()),
        Some(Value::Object(map)) => Ok(map.clone()),
        Some(_) => Err(ThemeError::Shape {
            path: to_pointer(path),
            expected: "a font choice",
        }),
    }
}

fn slot_path(slot: FontSlot) -> Vec<String> {
    segments(&["settings", "typography", slot.wire_name()])
}

/// Chooses one of the default font families; style, url and key become empty.
pub(super) fn choose_family(
    tx: &mut Tx<'_>,
    slot: FontSlot,
    family: &str,
) -> Result<(), ThemeError> {
    if font_family(family).is_none() {
        return Err(ThemeError::UnknownFont {
            family: family.chars().take(80).collect(),
        });
    }
    let path = slot_path(slot);
    let mut choice = current(tx, &path)?;
    choice.insert("font".to_owned(), Value::from(family));
    for field in ["style", "url", "key"] {
        choice.insert(field.to_owned(), Value::from(""));
    }
    tx.replace_creating(&path, Value::Object(choice))
}

/// Chooses a weight of the slot's current family: sets its style code, and the stylesheet url
/// and key the core makes for the family and weight (`font_weight_choice`). The url and key the
/// command carries are not stored: a crafted command cannot point the storefront at another
/// stylesheet, and one replayed from an older editor stores the current address. The family must
/// be a default one that comes in the weight, as in the editor's picker; a slot with no family
/// yet asks for one first.
pub(super) fn choose_weight(
    tx: &mut Tx<'_>,
    slot: FontSlot,
    style: &str,
) -> Result<(), ThemeError> {
    let path = slot_path(slot);
    let mut choice = current(tx, &path)?;
    let family = choice.get("font").and_then(Value::as_str).unwrap_or("");
    if family.trim().is_empty() && font_weight_label(style).is_some() {
        return Err(ThemeError::Required {
            path: format!("{}/font", to_pointer(&path)),
        });
    }
    let made = font_weight_choice(family, style)?;
    choice.insert("style".to_owned(), Value::from(made.style));
    choice.insert("url".to_owned(), Value::from(made.url));
    choice.insert("key".to_owned(), Value::from(made.key));
    tx.replace_creating(&path, Value::Object(choice))
}

#[cfg(test)]
mod tests {
    use shared_types::theme::ThemeCommand;

    use super::*;
    use crate::theme::{ThemeDoc, apply, font_weight_choice};

    fn hydro() -> ThemeDoc {
        ThemeDoc::parse(include_str!("../../../tests/fixtures/hydro.json"))
            .expect("the fixture is a valid config")
    }

    fn family(slot: FontSlot, family: &str) -> ThemeCommand {
        ThemeCommand::ChooseFontFamily {
            slot,
            family: family.into(),
        }
    }

    fn weight(slot: FontSlot, style: &str) -> ThemeCommand {
        ThemeCommand::ChooseFontWeight {
            slot,
            style: style.into(),
            url: format!("https://fonts.googleapis.com/css2?family=X:wght@{style}"),
            key: format!("x-{style}"),
        }
    }

    #[test]
    fn a_weight_the_family_lacks_is_refused_and_nothing_changes() {
        let mut doc = hydro();
        apply(&mut doc, &family(FontSlot::Header, "Alata")).expect("a default family");
        let before = doc.clone();
        let refused = apply(&mut doc, &weight(FontSlot::Header, "700"))
            .expect_err("Alata has only Regular 400");
        assert_eq!(refused.code(), "font.weightUnavailable");
        assert_eq!(refused.to_string(), "Alata does not come in 700 Bold.");
        assert_eq!(doc, before);
        apply(&mut doc, &weight(FontSlot::Header, "400")).expect("Alata comes in Regular");
        let style = "/settings/typography/type_header_family/style";
        assert_eq!(doc.get(style), Some(&Value::from("400")));
    }

    #[test]
    fn the_weight_the_editor_offers_is_stored_with_its_address() {
        let mut doc = hydro();
        apply(&mut doc, &family(FontSlot::Base, "Open Sans")).expect("a default family");
        let choice = font_weight_choice("Open Sans", "700italic").expect("a served weight");
        let command = ThemeCommand::ChooseFontWeight {
            slot: FontSlot::Base,
            style: choice.style.clone(),
            url: choice.url.clone(),
            key: choice.key.clone(),
        };
        apply(&mut doc, &command).expect("Open Sans comes in Bold Italic");
        let at = |field: &str| doc.get(&format!("/settings/typography/type_base_family/{field}"));
        assert_eq!(at("style"), Some(&Value::from("700italic")));
        assert_eq!(at("url"), Some(&Value::from(choice.url)));
        assert_eq!(at("key"), Some(&Value::from("open-sans-700italic")));
    }

    #[test]
    fn a_slot_without_a_default_family_takes_no_weight() {
        // A font is changed only by its own command, but an older config may hold any.
        let path = "/settings/typography/type_base_family";
        let mut other = hydro().value().clone();
        other["settings"]["typography"]["type_base_family"]["font"] = Value::from("Comic Sans");
        let mut doc = ThemeDoc::parse(&other.to_string()).expect("a valid config");
        let refused = apply(&mut doc, &weight(FontSlot::Base, "400")).expect_err("unknown");
        assert_eq!(refused.code(), "font.unknownFamily");
        other["settings"]["typography"]["type_base_family"]["font"] = Value::from("");
        let mut doc = ThemeDoc::parse(&other.to_string()).expect("a valid config");
        let refused = apply(&mut doc, &weight(FontSlot::Base, "400")).expect_err("no family");
        assert_eq!(refused.code(), "value.required");
        assert_eq!(refused.path(), format!("{path}/font"));
        let refused = apply(&mut doc, &weight(FontSlot::Base, "450")).expect_err("no weight");
        assert_eq!(refused.code(), "font.unknownWeight");
    }

    #[test]
    fn the_stored_address_is_the_cores_not_the_commands() {
        let mut doc = hydro();
        apply(&mut doc, &family(FontSlot::Header, "Poppins")).expect("a default family");
        let crafted = ThemeCommand::ChooseFontWeight {
            slot: FontSlot::Header,
            style: "700".into(),
            url: "https://attacker.example/x.css".into(),
            key: "x".into(),
        };
        apply(&mut doc, &crafted).expect("a served weight");
        let made = font_weight_choice("Poppins", "700").expect("served");
        let at = |field: &str| doc.get(&format!("/settings/typography/type_header_family/{field}"));
        assert_eq!(at("url"), Some(&Value::from(made.url)));
        assert_eq!(at("key"), Some(&Value::from(made.key)));
    }
}
