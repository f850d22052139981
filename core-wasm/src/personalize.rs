//! Personalization (shell.md §7): what a personalized product's set-up and a font must be
//! before they are stored. Not in the spec's numbers; the limits keep one set-up small enough
//! for the storefront to load with the product.

use serde_json::Value;
use shared_types::PersonalizeInput;

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
