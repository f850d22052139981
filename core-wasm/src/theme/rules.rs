//! The rule table of the theme document: which limit of the spec applies at which path, and the
//! checks themselves. Setting a field and validating a whole config read the same table, so a
//! config the editor produces always passes full validation.

use serde_json::{Number, Value};
use shared_types::theme::{SectionType, ThemeFamily};

use super::defaults::{
    ALIGNMENTS, COLOR_WATCH_SHAPES, DESCRIPTION_POSITIONS, FLASH_DEAL_BLOCK_TYPES, SALE_TYPES,
    SEARCH_TYPES_IN_MOBILE, SLIDE_POSITIONS, STEP_UNITS, VARIANT_STYLES,
};
use super::doc::{family_of, to_pointer};
use super::error::ThemeError;
use crate::limits::{
    CHECKOUT_STEP_LAYOUT, DELIVERY_POLICIES_MAX, DESCRIPTION_TABS_MAX, FEATURED_COLLECTION_PER_ROW,
    FLASH_DEAL_DETAIL_BLOCKS_MAX, FONT_SIZE_PX, IMAGE_OPACITY_PERCENT, IMAGE_WITH_TEXT_POSITIONS,
    ITEM_PER_ROW_DESKTOP, ITEM_PER_ROW_DESKTOP_NEWCHICK, ITEM_PER_ROW_MOBILE, LIMIT_PRODUCT,
    NumberRange, PRODUCT_TABS_MAX, RICH_TEXT_FONT_SIZES_PX, SHIPPING_DAYS, SLIDE_INTERVAL_SECONDS,
    SLIDER_PRODUCT_PER_ROW, SUGGESTION_CHANGE_SECONDS, THANK_YOU_CUSTOM_STEPS_MAX,
    THEME_TEXT_MAX_CHARS,
};

/// What a path of the document must hold.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Rule {
    /// A whole number within a range (a numeric string is accepted and stored as a number).
    Range(NumberRange),
    /// Items per row on desktop: 2 to 6, or 2 to 8 in a newchick theme.
    ItemPerRowDesktop,
    /// A non-negative number (§5 "Goal amount, countdown day/hour/minute and max line fields are
    /// numeric").
    Number,
    /// One of a few strings.
    OneOf(&'static [&'static str]),
    /// One of a few strings, and never missing or empty.
    Required(&'static [&'static str]),
    /// An HTML text whose inline font sizes are among the rich-text sizes.
    RichText,
    /// A flag.
    Bool,
    /// Changed only by its own command (font choices, the countdown time).
    Managed,
    /// A list changed only by the list commands, with its maximum length.
    List(Option<u32>),
    /// The thank-you steps: at most four custom steps.
    Steps,
    /// An image-with-text block, which must carry a position.
    HasPosition,
    /// A colour as the colour fields write it: `#` and 6 hexadecimal digits, or 3.
    Colour,
}

/// Where a row's pattern is rooted.
#[derive(Debug, Clone, Copy)]
enum Scope {
    /// Under `/settings`.
    Settings,
    /// Under `/pages/*/sections/*/settings` of sections of these types (all when empty).
    Sections(&'static [SectionType]),
}

#[derive(Debug)]
struct Row {
    scope: Scope,
    pattern: &'static str,
    rule: Rule,
}

use SectionType as S;

const fn settings(pattern: &'static str, rule: Rule) -> Row {
    Row {
        scope: Scope::Settings,
        pattern,
        rule,
    }
}

const fn section(types: &'static [SectionType], pattern: &'static str, rule: Rule) -> Row {
    Row {
        scope: Scope::Sections(types),
        pattern,
        rule,
    }
}

/// The grid sections whose desktop items per row follow §5 "Item per row, desktop".
const GRID: &[SectionType] = &[
    S::CollectionList,
    S::ImageWithText,
    S::FeatureContent,
    S::KeyFeatures,
    S::StyleCollection,
    S::ProductWithCollection,
];

/// The table. `*` matches any one key or index. Each row cites §3 for the field and §5 or §9 for
/// the limit (the limits themselves sit in `crate::limits`).
static ROWS: &[Row] = &[
    // §3.3 and §5: items per row.
    section(
        &[S::FeaturedCollection],
        "item_per_row",
        Rule::Range(FEATURED_COLLECTION_PER_ROW),
    ),
    section(
        &[S::FeaturedCollection],
        "limit_product",
        Rule::Range(LIMIT_PRODUCT),
    ),
    section(
        &[S::SliderProduct],
        "item_per_row",
        Rule::Range(SLIDER_PRODUCT_PER_ROW),
    ),
    section(
        &[S::SliderProduct],
        "blocks/*/item_per_row",
        Rule::Range(SLIDER_PRODUCT_PER_ROW),
    ),
    section(GRID, "item_per_row", Rule::ItemPerRowDesktop),
    section(&[], "item_per_row_mobile", Rule::Range(ITEM_PER_ROW_MOBILE)),
    // §3.3 and §5: slideshow.
    section(
        &[S::HeadImage],
        "opacity_image",
        Rule::Range(IMAGE_OPACITY_PERCENT),
    ),
    section(
        &[S::HeadImage],
        "change_slides_every",
        Rule::Range(SLIDE_INTERVAL_SECONDS),
    ),
    section(&[S::HeadImage], "content/desktop", Rule::List(None)),
    section(&[S::HeadImage], "content/mobile", Rule::List(None)),
    section(
        &[S::HeadImage],
        "content/desktop/*/position",
        Rule::OneOf(&SLIDE_POSITIONS),
    ),
    section(
        &[S::HeadImage],
        "content/mobile/*/position",
        Rule::OneOf(&SLIDE_POSITIONS),
    ),
    section(&[S::FeaturedCollection], "align", Rule::OneOf(&ALIGNMENTS)),
    // §3.3 and §5: image-with-text position is mandatory.
    section(&[S::ImageWithText], "blocks/*", Rule::HasPosition),
    section(
        &[S::ImageWithText],
        "blocks/*/position",
        Rule::Required(&IMAGE_WITH_TEXT_POSITIONS),
    ),
    section(&[], "blocks", Rule::List(None)),
    // §3.3 and §5: flash deals.
    section(&[S::FlashDeal], "content/blocks", Rule::List(None)),
    section(
        &[S::FlashDeal],
        "content/blocks/*/type",
        Rule::OneOf(&FLASH_DEAL_BLOCK_TYPES),
    ),
    section(
        &[S::FlashDeal],
        "detail/blocks",
        Rule::List(Some(FLASH_DEAL_DETAIL_BLOCKS_MAX)),
    ),
    // §3.3: dual collection.
    section(
        &[S::ProductWithCollection],
        "collectionStart/blocks",
        Rule::List(None),
    ),
    section(
        &[S::ProductWithCollection],
        "collectionEnd/blocks",
        Rule::List(None),
    ),
    // §3.4 and §9: header and footer.
    section(&[S::Header, S::Footer], "size_logo/desktop", Rule::Number),
    section(&[S::Header, S::Footer], "size_logo/mobile", Rule::Number),
    section(&[S::Footer], "infoWithIcon", Rule::List(None)),
    section(&[S::Footer], "iconPayments", Rule::List(None)),
    // §3.4 and §5: typography.
    settings("typography/font_size_product", Rule::Range(FONT_SIZE_PX)),
    settings("typography/font_size_price", Rule::Range(FONT_SIZE_PX)),
    settings(
        "typography/font_size_compare_at_price",
        Rule::Range(FONT_SIZE_PX),
    ),
    settings("typography/font_size_sale_tag", Rule::Range(FONT_SIZE_PX)),
    settings(
        "typography/font_size_cart_button_text",
        Rule::Range(FONT_SIZE_PX),
    ),
    settings("typography/type_header_family", Rule::Managed),
    settings("typography/type_base_family", Rule::Managed),
    settings("typography/type_product_description_family", Rule::Managed),
    settings("typography/type_button_base_family", Rule::Managed),
    // §3.3 and §5: element.
    settings(
        "element/search/time_change_suggestion",
        Rule::Range(SUGGESTION_CHANGE_SECONDS),
    ),
    settings(
        "element/search/type_search_in_mobile",
        Rule::OneOf(&SEARCH_TYPES_IN_MOBILE),
    ),
    settings("element/search/suggestion_list", Rule::List(None)),
    // §3.4, §5 and §9: product page.
    settings(
        "product/setting_shipping/time_shipping/from",
        Rule::Range(SHIPPING_DAYS),
    ),
    settings(
        "product/setting_shipping/time_shipping/to",
        Rule::Range(SHIPPING_DAYS),
    ),
    settings(
        "product/setting_shipping/shipping_info/content",
        Rule::RichText,
    ),
    settings(
        "product/setting_shipping/policy_info/content",
        Rule::RichText,
    ),
    settings("product/color_watch", Rule::OneOf(&COLOR_WATCH_SHAPES)),
    // The colour fields (the schema's `Color`): §3.4's colours (`color_` and a name), the
    // product's two and the slides' four.
    settings("colors/color_*", Rule::Colour),
    settings("product/colorProductRating", Rule::Colour),
    settings("product/colorByXGetY", Rule::Colour),
    section(&[S::HeadImage], "content/*/*/heading/color", Rule::Colour),
    section(
        &[S::HeadImage],
        "content/*/*/subHeading/color",
        Rule::Colour,
    ),
    section(
        &[S::HeadImage],
        "content/*/*/buttonLabel/color",
        Rule::Colour,
    ),
    section(
        &[S::HeadImage],
        "content/*/*/buttonLabel/background",
        Rule::Colour,
    ),
    settings(
        "product/checkoutStepLayout",
        Rule::Range(CHECKOUT_STEP_LAYOUT),
    ),
    settings("product/layout/sale_type", Rule::OneOf(&SALE_TYPES)),
    settings("product/layout/variant_style", Rule::OneOf(&VARIANT_STYLES)),
    settings(
        "product/position_tab_detail",
        Rule::OneOf(&DESCRIPTION_POSITIONS),
    ),
    settings("product/tabs-detail", Rule::List(Some(PRODUCT_TABS_MAX))),
    settings("product/tabs-detail/*/content", Rule::RichText),
    settings(
        "product/setting_description",
        Rule::List(Some(DESCRIPTION_TABS_MAX)),
    ),
    settings("product/setting_description/*/content", Rule::RichText),
    // §3.4, §5 and §9: thank-you page.
    settings("thankpage/steps/settings/blocks", Rule::Steps),
    settings("thankpage/steps/settings/blocks/*/time", Rule::Number),
    settings(
        "thankpage/steps/settings/blocks/*/unit",
        Rule::OneOf(&STEP_UNITS),
    ),
    settings(
        "thankpage/delivery_policies/settings/blocks",
        Rule::List(Some(DELIVERY_POLICIES_MAX)),
    ),
    settings(
        "thankpage/delivery_policies/settings/blocks/*/content",
        Rule::RichText,
    ),
    // §3.4 and §5: numeric fields.
    settings("cart_goal/goalAmount", Rule::Number),
    settings("style/maxLineDisplayProduct", Rule::Number),
    settings("style/maxLineDisplayProductDetailDesktop", Rule::Number),
    settings("style/maxLineDisplayProductDetailMobile", Rule::Number),
    settings("checkout/step", Rule::Number),
    settings("checkout/time", Rule::Managed),
    settings("checkout/checkout_description", Rule::RichText),
];

/// Flags of §3.3 and §3.4, wherever they sit.
const BOOL_FIELDS: &[&str] = &[
    "enable_image_zoom",
    "productRating",
    "hideReviewSizes",
    "isShowImageMobile",
    "show_item_stock",
    "show_collection",
    "hideHurryBox",
    "hideGuaranteed",
    "addToCartSticky",
    "show_description_variant",
    "show_label_variant",
    "isShowDesMobile",
    "isShowDesDesktop",
    "hideAddToCart",
    "show_tags",
    "variant_buttons",
    "show_price_saving",
    "special_layout_on_mobile",
    "show_title_on_top_mobile",
    "show_qty_box",
    "show_qty_one_line",
    "show_qty_same_line_button",
    "hidden_one_value",
    "click_select_variant",
    "collapse_default",
    "show_shipping",
    "show_policy",
    "show_trust_badge_image",
    "description_mobile_dropdown",
    "isShowPage",
    "isEdit",
    "show_time_countdown",
    "isCustomerNote",
    "show_banner",
    "show_title_button",
    "show_content",
    "show_sale_banners",
    "isTextLink",
    "show_top_bar",
    "enable_search",
    "isShowAccount",
    "center_logo_on_mobile",
    "enabled_currency",
    "menu_basic",
    "show_title_product_in_mobile",
    "isShowMotivational",
    "isShowCartUpsell",
];

/// Where a path sits: the scope and the segments below the scope's root.
enum Place<'p> {
    Settings(&'p [String]),
    Section(Option<SectionType>, &'p [String]),
    Elsewhere,
}

fn place<'p>(root: &Value, path: &'p [String]) -> Place<'p> {
    match path {
        [first, rest @ ..] if first == "settings" => Place::Settings(rest),
        [pages, page, sections, key, settings, rest @ ..]
            if pages == "pages" && sections == "sections" && settings == "settings" =>
        {
            let section_type = root
                .get(pages.as_str())
                .and_then(|v| v.get(page.as_str()))
                .and_then(|v| v.get(sections.as_str()))
                .and_then(|v| v.get(key.as_str()))
                .and_then(|v| v.get("type"))
                .and_then(Value::as_str)
                .and_then(SectionType::from_wire_name);
            Place::Section(section_type, rest)
        }
        _ => Place::Elsewhere,
    }
}

fn scope_applies(scope: Scope, place: &Place<'_>) -> bool {
    match (scope, place) {
        (Scope::Settings, Place::Settings(_)) => true,
        (Scope::Sections(types), Place::Section(section_type, _)) => {
            types.is_empty() || section_type.is_some_and(|t| types.contains(&t))
        }
        _ => false,
    }
}

fn relative<'p>(place: &Place<'p>) -> Option<&'p [String]> {
    match place {
        Place::Settings(rest) | Place::Section(_, rest) => Some(rest),
        Place::Elsewhere => None,
    }
}

fn matches<S: AsRef<str>>(pattern: &str, rel: &[S]) -> bool {
    let mut count = 0;
    for (p, s) in pattern.split('/').zip(rel) {
        // `*` is any segment, `color_*` any segment so begun.
        let fits = match p.strip_suffix('*') {
            Some(prefix) => s.as_ref().starts_with(prefix),
            None => p == s.as_ref(),
        };
        if !fits {
            return false;
        }
        count += 1;
    }
    count == rel.len() && pattern.split('/').count() == rel.len()
}

/// The rule at a path of the document `root` (the section type is read from `root`).
pub(crate) fn rule_at(root: &Value, path: &[String]) -> Option<Rule> {
    let place = place(root, path);
    let rel = relative(&place)?;
    for row in ROWS {
        if scope_applies(row.scope, &place) && matches(row.pattern, rel) {
            return Some(row.rule);
        }
    }
    match rel.last() {
        Some(last) if BOOL_FIELDS.contains(&last.as_str()) => Some(Rule::Bool),
        _ => None,
    }
}

/// Whether a path is, or lies inside, a part of the document that only its own command changes,
/// or holds such a part below it. Setting it as a field is refused.
pub(crate) fn touches_managed(root: &Value, path: &[String]) -> Option<String> {
    let place = place(root, path);
    let rel = relative(&place)?;
    for row in ROWS {
        let pattern: Vec<&str> = row.pattern.split('/').collect();
        // A part with its own command is refused with everything inside it; a list is refused
        // as a whole (and through its parents), while the fields of its items stay settable.
        let refused = match row.rule {
            Rule::Managed => true,
            Rule::List(_) | Rule::Steps => rel.len() <= pattern.len(),
            _ => false,
        };
        if !refused || !scope_applies(row.scope, &place) {
            continue;
        }
        let common = pattern.len().min(rel.len());
        let prefix_matches = pattern[..common]
            .iter()
            .zip(&rel[..common])
            .all(|(p, s)| *p == "*" || p == s);
        if prefix_matches {
            let depth = path.len() - rel.len() + common;
            return Some(to_pointer(&path[..depth]));
        }
    }
    None
}

/// A number as the forms take it (§5 "digits with an optional decimal point"): a non-negative
/// JSON number or a string of digits with an optional decimal part.
pub(crate) fn parse_number(value: &Value, path: &[String]) -> Result<f64, ThemeError> {
    let invalid = || ThemeError::InvalidNumber {
        path: to_pointer(path),
    };
    match value {
        Value::Null => Err(ThemeError::Required {
            path: to_pointer(path),
        }),
        Value::Number(n) => n.as_f64().filter(|f| *f >= 0.0).ok_or_else(invalid),
        Value::String(s) if s.trim().is_empty() => Err(ThemeError::Required {
            path: to_pointer(path),
        }),
        Value::String(s) => {
            let s = s.trim();
            let (whole, fraction) = s.split_once('.').unwrap_or((s, "0"));
            let digits =
                |t: &str| !t.is_empty() && t.len() <= 15 && t.bytes().all(|b| b.is_ascii_digit());
            if digits(whole) && digits(fraction) {
                s.parse::<f64>().map_err(|_| invalid())
            } else {
                Err(invalid())
            }
        }
        _ => Err(invalid()),
    }
}

/// A number as stored: whole numbers as integers, others as decimals.
pub(crate) fn number_value(n: f64) -> Value {
    if n.fract() == 0.0 && (0.0..9_007_199_254_740_992.0).contains(&n) {
        Value::Number(Number::from(n as u64))
    } else {
        Number::from_f64(n).map_or(Value::Null, Value::Number)
    }
}

fn check_range(value: &Value, path: &[String], range: NumberRange) -> Result<f64, ThemeError> {
    let n = parse_number(value, path)?;
    if n.fract() != 0.0 {
        return Err(ThemeError::NotWhole {
            path: to_pointer(path),
        });
    }
    if !range.contains(n) {
        return Err(ThemeError::OutOfRange {
            path: to_pointer(path),
            min: range.min,
            max: range.max,
        });
    }
    Ok(n)
}

fn check_choice(
    value: &Value,
    path: &[String],
    allowed: &[&str],
    required: bool,
) -> Result<(), ThemeError> {
    match value {
        Value::String(s) if allowed.contains(&s.as_str()) => Ok(()),
        Value::Null => Err(ThemeError::Required {
            path: to_pointer(path),
        }),
        Value::String(s) if required && s.is_empty() => Err(ThemeError::Required {
            path: to_pointer(path),
        }),
        _ => Err(ThemeError::NotAllowed {
            path: to_pointer(path),
            allowed: allowed.join(", "),
        }),
    }
}

/// Whether `text` is a colour the colour fields take: `#` and 6 hexadecimal digits, or 3.
pub fn is_colour(text: &str) -> bool {
    matches!(text.len(), 4 | 7)
        && text.starts_with('#')
        && text[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

/// The font sizes written inline in an HTML text (`font-size: 14px`), in order.
pub fn inline_font_sizes(html: &str) -> Vec<u32> {
    let lower = html.to_ascii_lowercase();
    let mut sizes = Vec::new();
    let mut rest = lower.as_str();
    while let Some(at) = rest.find("font-size") {
        rest = &rest[at + "font-size".len()..];
        let after = rest
            .trim_start()
            .strip_prefix(':')
            .unwrap_or("x")
            .trim_start();
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(size) = digits.parse::<u32>()
            && after[digits.len()..].starts_with("px")
        {
            sizes.push(size);
        }
    }
    sizes
}

/// Checks a value against the rule of its path; returns the value to store when it differs
/// from the one given (numbers given as strings are stored as numbers).
pub(crate) fn check(
    rule: Rule,
    value: &Value,
    path: &[String],
    family: ThemeFamily,
) -> Result<Option<Value>, ThemeError> {
    match rule {
        Rule::Range(range) => {
            let n = check_range(value, path, range)?;
            Ok((!value.is_number()).then(|| number_value(n)))
        }
        Rule::ItemPerRowDesktop => {
            let range = match family {
                ThemeFamily::Newchick => ITEM_PER_ROW_DESKTOP_NEWCHICK,
                ThemeFamily::Hydro => ITEM_PER_ROW_DESKTOP,
            };
            check(Rule::Range(range), value, path, family)
        }
        Rule::Number => {
            let n = parse_number(value, path)?;
            Ok((!value.is_number()).then(|| number_value(n)))
        }
        Rule::Colour => match value.as_str() {
            Some(text) if is_colour(text) => Ok(None),
            Some(text) if is_colour(text.trim()) => Ok(Some(Value::String(text.trim().to_owned()))),
            Some(_) => Err(ThemeError::NotAColour {
                path: to_pointer(path),
            }),
            None => Err(ThemeError::WrongType {
                path: to_pointer(path),
                expected: "a colour",
            }),
        },
        Rule::OneOf(allowed) => check_choice(value, path, allowed, false).map(|()| None),
        Rule::Required(allowed) => check_choice(value, path, allowed, true).map(|()| None),
        Rule::RichText => {
            let Some(text) = value.as_str() else {
                return Err(ThemeError::WrongType {
                    path: to_pointer(path),
                    expected: "a text",
                });
            };
            let bad = inline_font_sizes(text)
                .into_iter()
                .any(|size| !RICH_TEXT_FONT_SIZES_PX.contains(&size));
            if bad {
                let allowed: Vec<String> = RICH_TEXT_FONT_SIZES_PX
                    .iter()
                    .map(|s| format!("{s}px"))
                    .collect();
                return Err(ThemeError::NotAllowed {
                    path: to_pointer(path),
                    allowed: allowed.join(", "),
                });
            }
            Ok(None)
        }
        Rule::Bool => match value {
            Value::Bool(_) => Ok(None),
            _ => Err(ThemeError::WrongType {
                path: to_pointer(path),
                expected: "true or false",
            }),
        },
        Rule::HasPosition => match value.get("position") {
            Some(_) => Ok(None),
            None => Err(ThemeError::Required {
                path: to_pointer(&[path, &["position".to_owned()]].concat()),
            }),
        },
        Rule::List(max) => {
            let Some(items) = value.as_array() else {
                return Err(ThemeError::WrongType {
                    path: to_pointer(path),
                    expected: "a list",
                });
            };
            match max {
                Some(max) if items.len() > max as usize => Err(ThemeError::ListFull {
                    path: to_pointer(path),
                    count: items.len() as u32,
                    max,
                }),
                _ => Ok(None),
            }
        }
        Rule::Steps => {
            let Some(items) = value.as_array() else {
                return Err(ThemeError::WrongType {
                    path: to_pointer(path),
                    expected: "a list",
                });
            };
            let custom = custom_steps(items);
            if custom > THANK_YOU_CUSTOM_STEPS_MAX as usize {
                return Err(ThemeError::ListFull {
                    path: to_pointer(path),
                    count: custom as u32,
                    max: THANK_YOU_CUSTOM_STEPS_MAX,
                });
            }
            Ok(None)
        }
        Rule::Managed => Ok(None),
    }
}

/// How many thank-you steps are custom (editable) ones.
pub(crate) fn custom_steps(items: &[Value]) -> usize {
    items
        .iter()
        .filter(|s| s.get("isEdit").and_then(Value::as_bool) == Some(true))
        .count()
}

/// Checks every string of a value for length.
fn check_text(value: &Value, path: &[String]) -> Result<(), ThemeError> {
    if let Value::String(s) = value
        && s.len() > THEME_TEXT_MAX_CHARS
        && s.chars().count() > THEME_TEXT_MAX_CHARS
    {
        return Err(ThemeError::TooLong {
            path: to_pointer(path),
            max: THEME_TEXT_MAX_CHARS,
        });
    }
    Ok(())
}

/// Walks `value` as if it stood at `base` in `root`, calling `visit` with each node's path and
/// rule. Iterative, so no input can exhaust the stack.
fn walk(
    root: &Value,
    base: &[String],
    value: &Value,
    mut visit: impl FnMut(&[String], &Value, Option<Rule>) -> Result<(), ThemeError>,
) -> Result<(), ThemeError> {
    let mut stack: Vec<(Vec<String>, &Value)> = vec![(base.to_vec(), value)];
    while let Some((path, node)) = stack.pop() {
        check_text(node, &path)?;
        let rule = rule_at(root, &path);
        visit(&path, node, rule)?;
        match node {
            Value::Object(map) => {
                for (k, v) in map.iter().rev() {
                    let mut child = path.clone();
                    child.push(k.clone());
                    stack.push((child, v));
                }
            }
            Value::Array(items) => {
                for (i, v) in items.iter().enumerate().rev() {
                    let mut child = path.clone();
                    child.push(i.to_string());
                    stack.push((child, v));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Validates a whole config against every rule; returns every problem found, in document order.
pub fn validate(root: &Value) -> Vec<ThemeError> {
    let family = family_of(root);
    let mut problems = Vec::new();
    let mut path = Vec::new();
    visit_all(root, root, &mut path, family, &mut problems);
    check_font_addresses(root, &mut problems);
    problems.extend(too_many_sections(root));
    problems
}

/// Each page of the config that holds more sections than a page may.
pub fn too_many_sections(root: &Value) -> Vec<ThemeError> {
    crate::limits::pages_over_section_limit(root)
        .into_iter()
        .map(|(name, count)| ThemeError::TooManySections {
            path: format!(
                "/pages/{}/sections",
                name.replace('~', "~0").replace('/', "~1")
            ),
            count,
            max: crate::limits::THEME_SECTIONS_PER_PAGE_MAX,
        })
        .collect()
}

/// A typography entry's stylesheet address is the one its family and weight give (the command
/// route cannot set it either: it is written by choosing the weight).
fn check_font_addresses(root: &Value, problems: &mut Vec<ThemeError>) {
    let Some(typography) = root.pointer("/settings/typography") else {
        return;
    };
    for key in super::fonts::TYPOGRAPHY_KEYS {
        let entry = typography.get(key);
        let text = |field: &str| {
            entry
                .and_then(|e| e.get(field))
                .and_then(Value::as_str)
                .unwrap_or("")
        };
        let url = text("url");
        if !url.is_empty() && !super::fonts::font_address_allowed(text("font"), text("style"), url)
        {
            problems.push(ThemeError::NotAllowed {
                path: format!("/settings/typography/{key}/url"),
                allowed: "the stylesheet address of the chosen family and weight".to_owned(),
            });
        }
    }
}

/// Checks `node` at `path` and everything below it, in document order. One path buffer is
/// shared by the whole walk (pushed and popped), so a node costs no allocation of its own;
/// the recursion is bounded by the nesting limit that loading enforces.
fn visit_all(
    root: &Value,
    node: &Value,
    path: &mut Vec<String>,
    family: ThemeFamily,
    problems: &mut Vec<ThemeError>,
) {
    if let Err(e) = check_text(node, path) {
        problems.push(e);
    }
    if let Some(rule) = rule_at(root, path)
        && let Err(e) = check(rule, node, path, family)
    {
        problems.push(e);
    }
    match node {
        Value::Object(map) => {
            for (k, v) in map {
                path.push(k.clone());
                visit_all(root, v, path, family, problems);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                path.push(i.to_string());
                visit_all(root, v, path, family, problems);
                path.pop();
            }
        }
        _ => {}
    }
}

/// Validates a value about to be set at `path` of `root`: every rule below it must hold, and no
/// part of it may be one that only its own command changes. Returns the value to store.
pub(crate) fn check_new_value(
    root: &Value,
    path: &[String],
    value: &Value,
) -> Result<Value, ThemeError> {
    let family = family_of(root);
    let mut normalized = value.clone();
    walk(root, path, value, |node_path, node, rule| {
        let Some(rule) = rule else { return Ok(()) };
        if matches!(rule, Rule::Managed | Rule::List(_) | Rule::Steps) {
            return Err(ThemeError::Managed {
                path: to_pointer(node_path),
            });
        }
        if let Some(stored) = check(rule, node, node_path, family)? {
            let rel = &node_path[path.len()..];
            if rel.is_empty() {
                normalized = stored;
            } else if let Some(slot) = normalized.pointer_mut(&to_pointer(rel)) {
                *slot = stored;
            }
        }
        Ok(())
    })?;
    Ok(normalized)
}

// ---------------------------------------------------------------- reading a value as shown

/// Where a value read for display sits: under `/settings`, or under a section's `settings`
/// (of a known type or not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Where {
    Settings,
    Section(Option<SectionType>),
}

/// A default of the table: what a value missing from a stored config is taken as.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DefaultValue {
    Bool(bool),
    Number(u32),
    Text(&'static str),
}

#[derive(Debug)]
struct DefaultRow {
    scope: Scope,
    pattern: &'static str,
    value: DefaultValue,
}

fn applies(scope: Scope, at: Where) -> bool {
    match (scope, at) {
        (Scope::Settings, Where::Settings) => true,
        (Scope::Sections(types), Where::Section(section_type)) => {
            types.is_empty() || section_type.is_some_and(|t| types.contains(&t))
        }
        _ => false,
    }
}

/// The default of the value at `rel` (segments below the scope's root; `*` for any list item).
/// `None` when the table has none: the value then has no default and must be present.
pub fn default_at<S: AsRef<str>>(at: Where, rel: &[S]) -> Option<DefaultValue> {
    DEFAULTS
        .iter()
        .find(|row| applies(row.scope, at) && matches(row.pattern, rel))
        .map(|row| row.value)
}

/// Every default of the table with its pattern (the check that no other part of the project
/// states one reads them).
#[doc(hidden)]
pub fn default_rows() -> impl Iterator<Item = (&'static str, DefaultValue)> {
    DEFAULTS.iter().map(|row| (row.pattern, row.value))
}

/// The last segment of every field the table limits to a range (the check that no other part of
/// the project states a theme limit reads them).
#[doc(hidden)]
pub fn limited_fields() -> impl Iterator<Item = &'static str> {
    ROWS.iter()
        .filter(|row| matches!(row.rule, Rule::Range(_) | Rule::ItemPerRowDesktop))
        .filter_map(|row| row.pattern.rsplit('/').next())
}

/// The range a number at `rel` must lie in, by the rule table: a range of the spec, the
/// family's items per row, or non-negative. `None` when no rule limits it.
pub fn range_at<S: AsRef<str>>(at: Where, family: ThemeFamily, rel: &[S]) -> Option<(f64, f64)> {
    let rule = ROWS
        .iter()
        .find(|row| applies(row.scope, at) && matches(row.pattern, rel))
        .map(|row| row.rule)?;
    let range = |r: NumberRange| Some((f64::from(r.min), f64::from(r.max)));
    match rule {
        Rule::Range(r) => range(r),
        Rule::ItemPerRowDesktop => range(match family {
            ThemeFamily::Newchick => ITEM_PER_ROW_DESKTOP_NEWCHICK,
            ThemeFamily::Hydro => ITEM_PER_ROW_DESKTOP,
        }),
        Rule::Number => Some((0.0, f64::INFINITY)),
        _ => None,
    }
}

const fn default_of(scope: Scope, pattern: &'static str, value: DefaultValue) -> DefaultRow {
    DefaultRow {
        scope,
        pattern,
        value,
    }
}

const fn in_settings(pattern: &'static str, value: DefaultValue) -> DefaultRow {
    default_of(Scope::Settings, pattern, value)
}

const fn in_sections(
    types: &'static [SectionType],
    pattern: &'static str,
    value: DefaultValue,
) -> DefaultRow {
    default_of(Scope::Sections(types), pattern, value)
}

use super::defaults as d;
use DefaultValue::{Bool, Number as Num, Text};

/// The defaults of every value the storefront shows, each from `defaults` (which cites the
/// spec); the first row that matches applies.
static DEFAULTS: &[DefaultRow] = &[
    // §9 colours, and the storefront's own for the colours §9 does not name.
    in_settings(
        "colors/color_checkout_button",
        Text(d::COLOR_CHECKOUT_BUTTON),
    ),
    in_settings("colors/color_price", Text(d::COLOR_PRICE)),
    in_settings("colors/color_add_to_cart", Text(d::COLOR_CART_BUTTON)),
    in_settings("colors/color_add_to_cart_label", Text(d::COLOR_ON_BUTTON)),
    in_settings("colors/color_buy_now", Text(d::COLOR_BUY_NOW)),
    in_settings("colors/color_buy_now_label", Text(d::COLOR_ON_BUTTON)),
    in_settings(
        "colors/color_upsell_background",
        Text(d::COLOR_UPSELL_BACKGROUND),
    ),
    in_settings("colors/color_upsell_border", Text(d::COLOR_UPSELL_BORDER)),
    in_settings("colors/color_sale_price", Text(d::COLOR_SALE)),
    in_settings("colors/color_tag_background", Text(d::COLOR_SALE)),
    in_settings("colors/color_tag_text", Text(d::COLOR_ON_BUTTON)),
    in_settings(
        "colors/color_announcement_bar_background",
        Text(d::COLOR_BAR_BACKGROUND),
    ),
    in_settings(
        "colors/color_announcement_bar_text",
        Text(d::COLOR_ON_BUTTON),
    ),
    in_settings(
        "colors/color_footer_background",
        Text(d::COLOR_FOOTER_BACKGROUND),
    ),
    in_settings("colors/color_footer_text", Text(d::COLOR_FOOTER_TEXT)),
    in_settings("colors/color_product_title", Text(d::COLOR_PRODUCT_TITLE)),
    in_settings(
        "colors/color_compare_at_price",
        Text(d::COLOR_COMPARE_AT_PRICE),
    ),
    in_settings("product/colorProductRating", Text(d::COLOR_RATING)),
    // Typography.
    in_settings("typography/font_size_product", Num(d::FONT_SIZE_PRODUCT)),
    in_settings("typography/font_size_price", Num(d::FONT_SIZE_PRICE)),
    in_settings(
        "typography/font_size_compare_at_price",
        Num(d::FONT_SIZE_COMPARE_AT_PRICE),
    ),
    in_settings("typography/font_size_sale_tag", Num(d::FONT_SIZE_SALE_TAG)),
    in_settings(
        "typography/font_size_cart_button_text",
        Num(d::FONT_SIZE_CART_BUTTON_TEXT),
    ),
    in_settings(
        "typography/type_header_family/style",
        Text(d::FONT_WEIGHT_HEADINGS),
    ),
    in_settings(
        "typography/type_button_base_family/style",
        Text(d::FONT_WEIGHT_BUTTONS),
    ),
    in_settings("typography/*/style", Text(d::FONT_WEIGHT_TEXT)),
    // §9 lines of product titles.
    in_settings(
        "style/maxLineDisplayProduct",
        Num(d::MAX_LINE_DISPLAY_PRODUCT),
    ),
    in_settings(
        "style/maxLineDisplayProductDetailDesktop",
        Num(d::MAX_LINE_DISPLAY_PRODUCT_DETAIL),
    ),
    in_settings(
        "style/maxLineDisplayProductDetailMobile",
        Num(d::MAX_LINE_DISPLAY_PRODUCT_DETAIL),
    ),
    // §9 checkout.
    in_settings("checkout/show_time_countdown", Bool(d::SHOW_TIME_COUNTDOWN)),
    in_settings("checkout/time/day", Num(d::CHECKOUT_COUNTDOWN_DAYS)),
    in_settings("checkout/time/hour", Num(d::CHECKOUT_COUNTDOWN_HOURS)),
    in_settings("checkout/time/min", Num(d::CHECKOUT_COUNTDOWN_MINUTES)),
    in_settings("checkout/step", Num(d::CHECKOUT_STEP)),
    in_settings("checkout/isCustomerNote", Bool(false)),
    // Search suggestions.
    in_settings(
        "element/search/time_change_suggestion",
        Num(d::SEARCH_SUGGESTION_SECONDS),
    ),
    // §9 category banner hidden.
    in_settings("category/show_banner", Bool(d::CATEGORY_SHOW_BANNER)),
    // §9 popups: "welcome popup title Welcome; subscribe popup text offers 15% off".
    in_settings("popup/welcome/title", Text(d::WELCOME_POPUP_TITLE)),
    in_settings("popup/subscribe/content", Text(d::SUBSCRIBE_POPUP_CONTENT)),
    // §9 cart goal.
    in_settings("cart_goal/goalAmount", Num(d::CART_GOAL_AMOUNT)),
    in_settings("cart_goal/isShowMotivational", Bool(true)),
    // §9 shipping time on the product page.
    in_settings(
        "product/setting_shipping/time_shipping/from",
        Num(d::SHIPPING_DAYS_FROM),
    ),
    in_settings(
        "product/setting_shipping/time_shipping/to",
        Num(d::SHIPPING_DAYS_TO),
    ),
    // Product page flags shown unless a store turns them off.
    in_settings("product/isShowImageMobile", Bool(true)),
    in_settings("product/options_setting/hidden_one_value", Bool(true)),
    in_settings("product/layout/variant_buttons", Bool(true)),
    in_settings("product/show_label_variant", Bool(true)),
    in_settings("product/hideHurryBox", Bool(true)),
    in_settings("product/show_qty/show_qty_box", Bool(true)),
    in_settings("product/hideGuaranteed", Bool(true)),
    in_settings("product/isShowDesDesktop", Bool(true)),
    in_settings("product/isShowDesMobile", Bool(true)),
    // §4 the thank-you page's steps and delivery policies are shown.
    in_settings("thankpage/steps/settings/isShowPage", Bool(true)),
    in_settings("thankpage/steps/settings/blocks/*/time", Num(0)),
    in_settings(
        "thankpage/delivery_policies/settings/isShowPage",
        Bool(true),
    ),
    // §9 header and footer logo size.
    in_sections(
        &[S::Header, S::Footer],
        "size_logo/desktop",
        Num(d::LOGO_SIZE_DESKTOP),
    ),
    in_sections(
        &[S::Header, S::Footer],
        "size_logo/mobile",
        Num(d::LOGO_SIZE_MOBILE),
    ),
    in_sections(&[S::Header], "enable_search", Bool(true)),
    // §9 slideshow (head-image) defaults.
    in_sections(&[S::HeadImage], "opacity_image", Num(d::SLIDESHOW_OPACITY)),
    in_sections(
        &[S::HeadImage],
        "change_slides_every",
        Num(d::HEAD_IMAGE_CHANGE_EVERY_SECONDS),
    ),
    in_sections(&[S::HeadImage], "show_content", Bool(true)),
    in_sections(
        &[S::HeadImage],
        "content/desktop/*/heading/color",
        Text(d::SLIDE_TEXT_COLOR),
    ),
    in_sections(
        &[S::HeadImage],
        "content/desktop/*/subHeading/color",
        Text(d::SLIDE_TEXT_COLOR),
    ),
    in_sections(
        &[S::HeadImage],
        "content/desktop/*/buttonLabel/color",
        Text(d::SLIDE_BUTTON_LABEL_COLOR),
    ),
    in_sections(
        &[S::HeadImage],
        "content/desktop/*/buttonLabel/background",
        Text(d::SLIDE_BUTTON_BACKGROUND),
    ),
    in_sections(
        &[S::HeadImage],
        "content/mobile/*/heading/color",
        Text(d::SLIDE_TEXT_COLOR_MOBILE),
    ),
    in_sections(
        &[S::HeadImage],
        "content/mobile/*/subHeading/color",
        Text(d::SLIDE_TEXT_COLOR_MOBILE),
    ),
    in_sections(
        &[S::HeadImage],
        "content/mobile/*/buttonLabel/color",
        Text(d::SLIDE_BUTTON_LABEL_COLOR_MOBILE),
    ),
    in_sections(
        &[S::HeadImage],
        "content/mobile/*/buttonLabel/background",
        Text(d::SLIDE_BUTTON_BACKGROUND_MOBILE),
    ),
    // §9 featured collection.
    in_sections(
        &[S::FeaturedCollection],
        "buttonLabel",
        Text(d::FEATURED_COLLECTION_BUTTON_LABEL),
    ),
    in_sections(&[S::FeaturedCollection], "align", Text(d::ALIGNMENTS[1])),
    in_sections(
        &[S::FeaturedCollection],
        "item_per_row",
        Num(d::FEATURED_COLLECTION_PER_ROW),
    ),
    in_sections(
        &[S::FeaturedCollection],
        "limit_product",
        Num(d::FEATURED_COLLECTION_LIMIT_PRODUCT),
    ),
    // §9 grids.
    in_sections(
        &[
            S::CollectionList,
            S::StyleCollection,
            S::FeatureContent,
            S::KeyFeatures,
        ],
        "item_per_row",
        Num(d::COLLECTION_LIST_PER_ROW),
    ),
    in_sections(
        &[S::ImageWithText],
        "item_per_row",
        Num(d::IMAGE_WITH_TEXT_PER_ROW),
    ),
    in_sections(
        &[],
        "item_per_row_mobile",
        Num(d::COLLECTION_LIST_PER_ROW_MOBILE),
    ),
    // §9 slider product.
    in_sections(
        &[S::SliderProduct],
        "item_per_row",
        Num(d::SLIDER_PRODUCT_PER_ROW),
    ),
    in_sections(
        &[S::SliderProduct],
        "blocks/*/item_per_row",
        Num(d::SLIDER_PRODUCT_PER_ROW),
    ),
    // §9 flash deal countdown 5 days.
    in_sections(
        &[S::FlashDeal],
        "content/blocks/*/time/day",
        Num(d::FLASH_DEAL_COUNTDOWN_DAYS),
    ),
    in_sections(&[S::FlashDeal], "content/blocks/*/time/hour", Num(0)),
    in_sections(&[S::FlashDeal], "content/blocks/*/time/min", Num(0)),
];
