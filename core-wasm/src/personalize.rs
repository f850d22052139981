//! Personalization (shell.md §7): what a personalized product's set-up and a font must be
//! before they are stored, the fields a shopper fills on the product page, and what the
//! shopper's values must be before a cart line carries them into an order. Not in the spec's
//! numbers; the limits keep one set-up small enough for the storefront to load with the
//! product, and one line's values small enough to store with the order.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared_types::PersonalizeInput;
use shared_types::catalog::PersonalValue;

/// The longest name of a set-up or a font.
pub const NAME_MAX: usize = 100;
/// The most layers of one set-up.
pub const LAYERS_MAX: usize = 50;
/// The largest JSON of a set-up's layers, in bytes.
pub const LAYERS_MAX_BYTES: usize = 64 * 1024;
/// The longest product id a set-up names.
pub const PRODUCT_ID_MAX: usize = 100;
/// The longest font address.
pub const FONT_URL_MAX: usize = 2048;
/// The font files a personalization may load.
pub const FONT_EXTENSIONS: [&str; 4] = [".ttf", ".otf", ".woff", ".woff2"];

/// The most characters a shopper may type in one field, whatever the set-up allows (a text
/// layer without `maxLength` allows this many).
pub const VALUE_MAX: usize = 200;
/// The longest label a field shows; a longer one is cut.
pub const LABEL_MAX: usize = NAME_MAX;

/// A text field of a set-up as the product page shows it: the layer's place among the set-up's
/// layers (the shopper's value names it), its label, the most characters and whether it must be
/// filled. Image layers are not fields: the storefront takes no shopper files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TextField {
    pub layer: usize,
    pub label: String,
    pub max_length: usize,
    pub required: bool,
}

/// What a shopper's browser sends for one field: the layer's place and the text typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PersonalEntry {
    pub layer: usize,
    pub value: String,
}

/// A checked value: the layer it fills, the field's label and the trimmed text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filled {
    pub layer: usize,
    pub label: String,
    pub value: String,
}

impl Filled {
    /// The value as an order line keeps it.
    pub fn shown(&self) -> PersonalValue {
        PersonalValue {
            label: self.label.clone(),
            value: self.value.clone(),
        }
    }

    /// The value as the shopper's browser sends it back.
    pub fn entry(&self) -> PersonalEntry {
        PersonalEntry {
            layer: self.layer,
            value: self.value.clone(),
        }
    }
}

/// The text fields of a set-up's layers, in order: every layer that is not `"type": "image"`
/// (the set-up form's reading). A label is trimmed and cut to `LABEL_MAX` characters, or
/// "Text N" without one; a `maxLength` from 1 to `VALUE_MAX` is kept, anything else is
/// `VALUE_MAX`; a layer is required unless it says `"required": false`.
pub fn text_fields(layers: &[Value]) -> Vec<TextField> {
    layers
        .iter()
        .enumerate()
        .filter(|(_, layer)| layer.is_object() && layer["type"] != "image")
        .map(|(at, layer)| {
            let label: String = layer["label"]
                .as_str()
                .unwrap_or("")
                .trim()
                .chars()
                .take(LABEL_MAX)
                .collect();
            let max_length = layer["maxLength"]
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .filter(|n| (1..=VALUE_MAX).contains(n))
                .unwrap_or(VALUE_MAX);
            TextField {
                layer: at,
                label: if label.is_empty() {
                    format!("Text {}", at + 1)
                } else {
                    label
                },
                max_length,
                required: layer["required"] != false,
            }
        })
        .collect()
}

/// Why a line's values are refused before anything is looked up: more values than a set-up
/// can have layers, or a value of more bytes than `VALUE_MAX` characters can take.
pub fn entries_problem(entries: &[PersonalEntry]) -> Option<String> {
    (entries.len() > LAYERS_MAX || entries.iter().any(|e| e.value.len() > VALUE_MAX * 4)).then(
        || {
            format!(
                "A line carries at most {LAYERS_MAX} personalization values of at most {VALUE_MAX} characters."
            )
        },
    )
}

/// The browser's values again from the values a line keeps (`label: value`): each names the
/// first text field of `layers` with its label that no earlier value named. A value whose label
/// the set-up no longer has is left out (the checkout then asks for what is missing).
pub fn entries_for(layers: &[Value], values: &[PersonalValue]) -> Vec<PersonalEntry> {
    let fields = text_fields(layers);
    let mut entries: Vec<PersonalEntry> = Vec::new();
    for value in values {
        if let Some(field) = fields
            .iter()
            .find(|f| f.label == value.label && !entries.iter().any(|e| e.layer == f.layer))
        {
            entries.push(PersonalEntry {
                layer: field.layer,
                value: value.value.clone(),
            });
        }
    }
    entries
}

/// Checks the values a shopper typed for `product` (its title, for the messages) against its
/// set-up's `layers` (`None` without a set-up): only the set-up's text fields, each at most
/// once, at most its `maxLength` characters of text without control characters, every
/// required field filled. A blank value is no value. The filled values in the set-up's order,
/// or every reason they are refused.
pub fn check_values(
    product: &str,
    layers: Option<&[Value]>,
    entries: &[PersonalEntry],
) -> Result<Vec<Filled>, Vec<String>> {
    let Some(layers) = layers else {
        return if entries.is_empty() {
            Ok(Vec::new())
        } else {
            Err(vec![format!("{product} cannot be personalized.")])
        };
    };
    let fields = text_fields(layers);
    if entries.len() > fields.len() {
        return Err(vec![format!(
            "{product} has {} personalization fields, not {}.",
            fields.len(),
            entries.len()
        )]);
    }
    let mut errors = Vec::new();
    let mut filled = Vec::new();
    for field in &fields {
        let mine: Vec<&PersonalEntry> = entries.iter().filter(|e| e.layer == field.layer).collect();
        if mine.len() > 1 {
            errors.push(format!("{product}: {} is given twice.", field.label));
            continue;
        }
        // Bytes first, so an oversized value is refused before its characters are counted.
        let value = mine.first().map_or("", |e| e.value.as_str());
        let value = if value.len() > VALUE_MAX * 4 {
            value
        } else {
            value.trim()
        };
        if value.is_empty() {
            if field.required {
                errors.push(format!("{product}: enter {}.", field.label));
            }
        } else if value.len() > VALUE_MAX * 4 || value.chars().count() > field.max_length {
            errors.push(format!(
                "{product}: {} is at most {} characters.",
                field.label, field.max_length
            ));
        } else if value.chars().any(char::is_control) {
            errors.push(format!(
                "{product}: {} must be one line of text.",
                field.label
            ));
        } else {
            filled.push(Filled {
                layer: field.layer,
                label: field.label.clone(),
                value: value.to_owned(),
            });
        }
    }
    if entries
        .iter()
        .any(|e| !fields.iter().any(|f| f.layer == e.layer))
    {
        errors.push(format!(
            "{product}: a value names no personalization field."
        ));
    }
    if errors.is_empty() {
        Ok(filled)
    } else {
        Err(errors)
    }
}

/// A set-up as it is stored: the product id, the trimmed name and the layers as JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedSetup {
    pub product_id: String,
    pub name: String,
    pub layers: String,
}

/// Checks a set-up: a product id, a name of 1 to `NAME_MAX` characters, at most `LAYERS_MAX`
/// layers of at most `LAYERS_MAX_BYTES` of JSON in all, each layer an object. Every reason
/// when it is refused.
pub fn check_setup(input: &PersonalizeInput) -> Result<CheckedSetup, Vec<String>> {
    let mut errors = Vec::new();
    let name = input.name.trim();
    if name.is_empty() || name.chars().count() > NAME_MAX {
        errors.push(format!("The name must have 1 to {NAME_MAX} characters."));
    }
    let product_id = input.product_id.trim();
    if product_id.is_empty() || product_id.len() > PRODUCT_ID_MAX {
        errors.push("Choose the product to personalize.".to_owned());
    }
    if input.layers.len() > LAYERS_MAX || !input.layers.iter().all(Value::is_object) {
        errors.push(format!("Layers are at most {LAYERS_MAX} objects."));
    }
    let layers = serde_json::to_string(&input.layers).unwrap_or_default();
    if layers.len() > LAYERS_MAX_BYTES {
        errors.push("The layers are too large (64 KB at most).".to_owned());
    }
    if errors.is_empty() {
        Ok(CheckedSetup {
            product_id: product_id.to_owned(),
            name: name.to_owned(),
            layers,
        })
    } else {
        Err(errors)
    }
}

/// Checks a font: a name of 1 to `NAME_MAX` characters and an `https://` address of a .ttf,
/// .otf, .woff or .woff2 file. The trimmed name and address, or every reason.
pub fn check_font(name: &str, url: &str) -> Result<(String, String), Vec<String>> {
    let (name, url) = (name.trim(), url.trim());
    let path = url
        .split(['?', '#'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let mut errors = Vec::new();
    if name.is_empty() || name.chars().count() > NAME_MAX {
        errors.push(format!(
            "The font's name must have 1 to {NAME_MAX} characters."
        ));
    }
    if !url.starts_with("https://")
        || url.len() > FONT_URL_MAX
        || !FONT_EXTENSIONS.iter().any(|ext| path.ends_with(ext))
    {
        errors.push(
            "The font's address must be an https:// link to a .ttf, .otf, .woff or .woff2 file."
                .to_owned(),
        );
    }
    if errors.is_empty() {
        Ok((name.to_owned(), url.to_owned()))
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn setup(name: &str, layers: Vec<Value>) -> PersonalizeInput {
        PersonalizeInput {
            product_id: " p1 ".to_owned(),
            name: name.to_owned(),
            layers,
        }
    }

    #[test]
    fn a_setup_is_trimmed_and_its_layers_kept_as_json() {
        let checked =
            check_setup(&setup(" Mug ", vec![json!({"text": "Hi"})])).expect("a good set-up");
        assert_eq!(checked.product_id, "p1");
        assert_eq!(checked.name, "Mug");
        assert_eq!(checked.layers, r#"[{"text":"Hi"}]"#);
    }

    #[test]
    fn a_setup_gets_every_reason_it_is_refused() {
        let too_many = vec![json!({}); LAYERS_MAX + 1];
        let errors = check_setup(&PersonalizeInput {
            product_id: String::new(),
            ..setup(&"n".repeat(NAME_MAX + 1), too_many)
        })
        .expect_err("three problems");
        assert_eq!(errors.len(), 3);
        assert!(check_setup(&setup("Mug", vec![json!("text")])).is_err());
        let big = vec![json!({"t": "x".repeat(LAYERS_MAX_BYTES)})];
        assert_eq!(
            check_setup(&setup("Mug", big)).expect_err("too large"),
            vec!["The layers are too large (64 KB at most).".to_owned()]
        );
    }

    fn layers() -> Vec<Value> {
        vec![
            json!({"type": "text", "label": " Name ", "maxLength": 5, "required": true}),
            json!({"type": "image", "label": "Photo"}),
            json!({"type": "text", "label": "", "required": false}),
        ]
    }

    fn entry(layer: usize, value: &str) -> PersonalEntry {
        PersonalEntry {
            layer,
            value: value.to_owned(),
        }
    }

    #[test]
    fn text_layers_are_fields_and_image_layers_are_not() {
        let fields = text_fields(&layers());
        assert_eq!(
            fields,
            vec![
                TextField {
                    layer: 0,
                    label: "Name".to_owned(),
                    max_length: 5,
                    required: true
                },
                TextField {
                    layer: 2,
                    label: "Text 3".to_owned(),
                    max_length: VALUE_MAX,
                    required: false
                },
            ]
        );
        let huge = text_fields(&[json!({"maxLength": 100_000})]);
        assert_eq!(huge[0].max_length, VALUE_MAX);
    }

    #[test]
    fn values_are_trimmed_and_kept_in_the_setups_order() {
        let filled = check_values(
            "Mug",
            Some(&layers()),
            &[entry(2, " Love "), entry(0, " Ada ")],
        )
        .expect("good values");
        assert_eq!(
            filled.iter().map(Filled::shown).collect::<Vec<_>>(),
            vec![
                PersonalValue {
                    label: "Name".to_owned(),
                    value: "Ada".to_owned()
                },
                PersonalValue {
                    label: "Text 3".to_owned(),
                    value: "Love".to_owned()
                },
            ]
        );
        assert_eq!(filled[0].entry(), entry(0, "Ada"));
        assert_eq!(check_values("Mug", None, &[]), Ok(Vec::new()));
    }

    #[test]
    fn bad_values_are_refused_with_a_reason() {
        let refused = |entries: &[PersonalEntry]| {
            check_values("Mug", Some(&layers()), entries).expect_err("refused")
        };
        assert_eq!(refused(&[]), vec!["Mug: enter Name.".to_owned()]);
        assert_eq!(
            refused(&[entry(0, "   ")]),
            vec!["Mug: enter Name.".to_owned()]
        );
        assert_eq!(
            refused(&[entry(0, "Adaline")]),
            vec!["Mug: Name is at most 5 characters.".to_owned()]
        );
        assert_eq!(
            refused(&[entry(0, &"x".repeat(1_000_000))]),
            vec!["Mug: Name is at most 5 characters.".to_owned()]
        );
        assert_eq!(
            refused(&[entry(0, "A\nB")]),
            vec!["Mug: Name must be one line of text.".to_owned()]
        );
        assert_eq!(
            refused(&[entry(0, "Ada"), entry(1, "photo.png")]),
            vec!["Mug: a value names no personalization field.".to_owned()]
        );
        assert_eq!(
            refused(&[entry(0, "Ada"), entry(0, "Bo")]),
            vec!["Mug: Name is given twice.".to_owned()]
        );
        assert_eq!(
            refused(&[entry(0, "a"), entry(2, "b"), entry(9, "c")]),
            vec!["Mug has 2 personalization fields, not 3.".to_owned()]
        );
        assert_eq!(
            check_values("Mug", None, &[entry(0, "Ada")]),
            Err(vec!["Mug cannot be personalized.".to_owned()])
        );
    }

    #[test]
    fn kept_values_name_their_layers_again_by_label() {
        let kept = |label: &str, value: &str| PersonalValue {
            label: label.to_owned(),
            value: value.to_owned(),
        };
        assert_eq!(
            entries_for(
                &layers(),
                &[
                    kept("Text 3", "Love"),
                    kept("Name", "Ada"),
                    kept("Gone", "x")
                ]
            ),
            vec![entry(2, "Love"), entry(0, "Ada")]
        );
    }

    #[test]
    fn too_many_or_too_large_values_are_refused_before_any_look_up() {
        assert_eq!(entries_problem(&[entry(0, &"é".repeat(VALUE_MAX))]), None);
        assert!(entries_problem(&[entry(0, &"x".repeat(VALUE_MAX * 4 + 1))]).is_some());
        assert!(entries_problem(&vec![entry(0, "a"); LAYERS_MAX + 1]).is_some());
    }

    #[test]
    fn a_font_is_an_https_link_to_a_font_file() {
        assert_eq!(
            check_font(" Lobster ", " https://fonts.example/Lobster.WOFF2?v=2 "),
            Ok((
                "Lobster".to_owned(),
                "https://fonts.example/Lobster.WOFF2?v=2".to_owned()
            ))
        );
        assert!(check_font("Lobster", "http://fonts.example/l.ttf").is_err());
        assert!(check_font("Lobster", "https://fonts.example/l.css").is_err());
        assert_eq!(
            check_font("", "ftp://x").expect_err("two problems").len(),
            2
        );
    }
}
