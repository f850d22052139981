//! The font catalogue: the default families of the typography picker (editor-and-analytics.md §9)
//! with the weights and italics Google Fonts serves for each, the one check that a family comes in
//! a weight, and the stylesheet address and key a weight writes.

use super::defaults::font_weight_label;
use super::error::ThemeError;

/// A default family and the styles Google Fonts serves for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FontFamily {
    /// The family's name as Google Fonts spells it (and as the config stores it).
    pub name: &'static str,
    /// The weights served, lightest first; each is one of the §9 weight codes.
    pub weights: &'static [u16],
    /// Whether each of those weights also comes in italics (every default family has italics for
    /// all of its weights or for none).
    pub italic: bool,
}

impl FontFamily {
    /// The style codes the family serves, lightest first, each weight followed by its italic
    /// (`400`, `400italic`, `700`, ...).
    pub fn styles(&self) -> impl Iterator<Item = String> + '_ {
        self.weights.iter().flat_map(move |weight| {
            let italic = self.italic.then(|| format!("{weight}italic"));
            std::iter::once(weight.to_string()).chain(italic)
        })
    }

    /// Whether the family serves a style code (`700`, `700italic`).
    pub fn serves(&self, style: &str) -> bool {
        let (weight, italic) = split_style(style);
        (!italic || self.italic) && self.weights.iter().any(|w| w.to_string() == weight)
    }
}

/// §9 "Default font families: Alata, Mulish, ... Be Vietnam Pro", in the spec's order, each with
/// the styles its page on fonts.google.com lists (https://fonts.google.com/specimen/<Name>; the
/// same as `fonts {}` and `axes {}` in the family's METADATA.pb of github.com/google/fonts).
/// Variable families list their named styles, the hundreds inside the weight axis: Mulish's
/// axis runs 200 to 1000, but 1000 has no §9 label and 950 is no named style, so it offers 200
/// to 900. No default family offers 950 Extra Black.
pub const FONT_CATALOGUE: [FontFamily; 16] = [
    // Static, Regular 400 only.
    family("Alata", &[400], false),
    // Variable, weight 200-1000, with italics.
    family("Mulish", &[200, 300, 400, 500, 600, 700, 800, 900], true),
    // Static, Thin 100 to Black 900, each with its italic.
    family("Poppins", &HUNDREDS, true),
    // Variable, weight 300-800 (and width 75-100), with italics.
    family("Open Sans", &[300, 400, 500, 600, 700, 800], true),
    family("Abril Fatface", &[400], false),
    // Variable, weight 300-700, no italics.
    family("Quicksand", &[300, 400, 500, 600, 700], false),
    family("Aclonica", &[400], false),
    family("Quintessential", &[400], false),
    // Regular and Italic.
    family("Radley", &[400], true),
    family("Rancho", &[400], false),
    // Variable, weight 100-900, with italics.
    family("Rokkitt", &HUNDREDS, true),
    // Regular, Italic, Bold and Bold Italic.
    family("Share", &[400, 700], true),
    family("Sevillana", &[400], false),
    // Variable, weight 200-800, no italics.
    family("Assistant", &[200, 300, 400, 500, 600, 700, 800], false),
    // Variable, weight 100-900 (and width 75-100), with italics.
    family("Roboto", &HUNDREDS, true),
    // Static, Thin 100 to Black 900, each with its italic.
    family("Be Vietnam Pro", &HUNDREDS, true),
];

/// Thin 100 to Black 900.
const HUNDREDS: [u16; 9] = [100, 200, 300, 400, 500, 600, 700, 800, 900];

const fn family(name: &'static str, weights: &'static [u16], italic: bool) -> FontFamily {
    FontFamily {
        name,
        weights,
        italic,
    }
}

/// The default family of that name.
pub fn font_family(name: &str) -> Option<&'static FontFamily> {
    FONT_CATALOGUE.iter().find(|f| f.name == name)
}

/// The family, if `style` is a §9 weight code that this default family serves: refuses a style
/// that is no weight, then a family that is not a default one, then a weight the family lacks.
pub fn served_family(family: &str, style: &str) -> Result<&'static FontFamily, ThemeError> {
    if font_weight_label(style).is_none() {
        return Err(ThemeError::UnknownWeight {
            style: clipped(style),
        });
    }
    let Some(found) = font_family(family) else {
        return Err(ThemeError::UnknownFont {
            family: clipped(family),
        });
    };
    if !found.serves(style) {
        return Err(ThemeError::WeightUnavailable {
            family: found.name.to_owned(),
            style: style.to_owned(),
        });
    }
    Ok(found)
}

/// The templates' own font stylesheet, which the server serves (`/theme-assets/fonts.css`).
pub const TEMPLATE_FONTS_URL: &str = "/theme-assets/fonts.css";

/// The text of [`TEMPLATE_FONTS_URL`]: the `@font-face` rules of the templates' fonts, which
/// the server bundles: the latin subsets of Poppins, Mulish and Open Sans from the @fontsource
/// npm packages 5.3.0 (SIL Open Font License 1.1; the licences sit beside the files in
/// `server/src/storefront/assets/theme/fonts/`). A page that uses them carries them in its head,
/// so the browser asks for a font file as soon as the first layout needs it.
pub const TEMPLATE_FONT_FACES: &str = include_str!("../storefront/template_fonts.css");

/// The typography entries of a config (`settings.typography.{key}`), each a family, a style, a
/// stylesheet address and a key.
pub const TYPOGRAPHY_KEYS: [&str; 4] = [
    "type_header_family",
    "type_base_family",
    "type_product_description_family",
    "type_button_base_family",
];

/// Whether a typography entry may name the stylesheet `url`: only the address the core derives
/// from its family and weight (what choosing the weight writes), or the templates' own sheet.
/// Any other address would load a stranger's stylesheet on the shop and in the admin's preview.
/// (The derivation needs no catalogue, so the preview runtime checks it without carrying one.)
pub fn font_address_allowed(font: &str, style: &str, url: &str) -> bool {
    let plain_name =
        !font.is_empty() && font.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ');
    let plain_style = !style.is_empty() && style.chars().all(|c| c.is_ascii_alphanumeric());
    url == TEMPLATE_FONTS_URL || (plain_name && plain_style && address_of(font, style) == url)
}

/// The Google Fonts CSS2 address of a family's style, in the form fonts.google.com's own embed
/// code uses: `family=Open+Sans:wght@700` upright, `family=Open+Sans:ital,wght@1,700` italic.
pub(crate) fn stylesheet_url(family: &FontFamily, style: &str) -> String {
    address_of(family.name, style)
}

/// The Google Fonts CSS2 address of a family's name and style.
fn address_of(family: &str, style: &str) -> String {
    let name = family.replace(' ', "+");
    match split_style(style) {
        (weight, true) => {
            format!(
                "https://fonts.googleapis.com/css2?family={name}:ital,wght@1,{weight}&display=swap"
            )
        }
        (weight, false) => {
            format!("https://fonts.googleapis.com/css2?family={name}:wght@{weight}&display=swap")
        }
    }
}

/// The key of a family's style: the name in lower case with dashes, then the style
/// (`open-sans-700italic`).
pub(crate) fn style_key(family: &FontFamily, style: &str) -> String {
    format!("{}-{style}", family.name.to_lowercase().replace(' ', "-"))
}

/// A style code's weight and whether it is italic (`700italic` is `("700", true)`).
pub(crate) fn split_style(style: &str) -> (&str, bool) {
    match style.strip_suffix("italic") {
        Some(weight) => (weight, true),
        None => (style, false),
    }
}

/// A name from the outside, cut to a length an error message may carry.
fn clipped(text: &str) -> String {
    text.chars().take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::defaults::FONT_WEIGHTS;

    #[test]
    fn every_family_serves_at_least_one_weight_and_each_has_a_label() {
        for family in &FONT_CATALOGUE {
            assert!(family.styles().next().is_some(), "{}", family.name);
            assert!(family.weights.is_sorted(), "{}", family.name);
            for style in family.styles() {
                assert!(
                    font_weight_label(&style).is_some(),
                    "{} {style}",
                    family.name
                );
                assert!(family.serves(&style), "{} {style}", family.name);
            }
        }
        assert!(FONT_WEIGHTS.iter().any(|(code, _)| *code == "950"));
    }

    #[test]
    fn the_catalogue_holds_the_sixteen_families_of_the_spec_once_each() {
        let names: Vec<&str> = FONT_CATALOGUE.iter().map(|f| f.name).collect();
        assert_eq!(names.len(), 16);
        assert_eq!(names[0], "Alata");
        assert_eq!(names[15], "Be Vietnam Pro");
        for name in &names {
            assert_eq!(names.iter().filter(|n| *n == name).count(), 1, "{name}");
        }
    }

    #[test]
    fn families_serve_only_their_own_styles() {
        let styles = |name: &str| font_family(name).map(|f| f.styles().collect::<Vec<_>>());
        assert_eq!(styles("Alata"), Some(vec!["400".to_owned()]));
        assert_eq!(
            styles("Share"),
            Some(
                vec!["400", "400italic", "700", "700italic"]
                    .into_iter()
                    .map(str::to_owned)
                    .collect()
            )
        );
        assert_eq!(styles("Open Sans").map(|s| s.len()), Some(12));
        assert_eq!(styles("Be Vietnam Pro").map(|s| s.len()), Some(18));
        assert_eq!(styles("Comic Sans"), None);
    }

    #[test]
    fn a_style_is_checked_as_a_weight_then_the_family_then_what_the_family_serves() {
        let code = |family: &str, style: &str| served_family(family, style).map(|f| f.name);
        assert_eq!(
            code("Comic", "750").map_err(|e| e.code()),
            Err("font.unknownWeight")
        );
        assert_eq!(
            code("Comic", "700").map_err(|e| e.code()),
            Err("font.unknownFamily")
        );
        assert_eq!(
            code("Alata", "700").map_err(|e| e.code()),
            Err("font.weightUnavailable")
        );
        assert_eq!(
            code("Quicksand", "400italic").map_err(|e| e.code()),
            Err("font.weightUnavailable")
        );
        assert_eq!(
            code("Roboto", "950").map_err(|e| e.code()),
            Err("font.weightUnavailable")
        );
        assert_eq!(code("Open Sans", "700italic"), Ok("Open Sans"));
        assert_eq!(code("Radley", "400italic"), Ok("Radley"));
        let error = served_family("Mulish", "100italic").expect_err("Mulish starts at 200");
        assert_eq!(
            error.to_string(),
            "Mulish does not come in 100 Thin Italic."
        );
    }

    #[test]
    fn every_catalogue_address_is_a_well_formed_css2_address() {
        const BASE: &str = "https://fonts.googleapis.com/css2?family=";
        for family in &FONT_CATALOGUE {
            for style in family.styles() {
                let url = stylesheet_url(family, &style);
                let rest = url.strip_prefix(BASE).expect("the CSS2 endpoint");
                let (query, display) = rest.split_once('&').expect("one more parameter");
                assert_eq!(display, "display=swap", "{url}");
                let (name, axes) = query.split_once(':').expect("the family's axes");
                assert_eq!(name, family.name.replace(' ', "+"), "{url}");
                let (weight, italic) = split_style(&style);
                let want = if italic {
                    format!("ital,wght@1,{weight}")
                } else {
                    format!("wght@{weight}")
                };
                assert_eq!(axes, want, "{url}");
                assert!(
                    url.chars().all(|c| c.is_ascii_graphic()),
                    "no spaces or other characters to escape: {url}"
                );
                let key = style_key(family, &style);
                assert!(
                    key.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                    "{key}"
                );
            }
        }
    }
}
