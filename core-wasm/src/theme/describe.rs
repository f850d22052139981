//! What a batch of editor commands changed, in words: the versions list reads "Edited
//! Slideshow's heading; moved Featured collection" instead of "5 commands replayed: setField x3".
//! The changes are data (`VersionChange`) the admin translates; `in_english` writes the server's
//! own summary from the same changes.

use serde_json::Value;
use shared_types::theme::{ChangeAction, FontSlot, ListRef, ThemeCommand, VersionChange};

use super::doc::parse_pointer;

/// The names a path ends in that say little alone (`heading/color` is the heading's colour):
/// such a field is named with the segment before it (`heading_color`).
const GENERIC: &[&str] = &[
    "content",
    "color",
    "title",
    "value",
    "name",
    "background",
    "src",
];

/// The changes `commands` made to the document `before` (in the order made, without repeats):
/// each section's type is read from `before`, or from the command that added it.
pub fn describe(before: &Value, commands: &[ThemeCommand]) -> Vec<VersionChange> {
    let mut added: Vec<(String, String)> = Vec::new();
    let type_of = |key: &str, added: &[(String, String)]| -> Option<String> {
        added
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, t)| t.clone())
            .or_else(|| section_type_in(before, key))
    };
    let mut out: Vec<VersionChange> = Vec::new();
    for command in commands {
        let change = match command {
            ThemeCommand::AddSection {
                key, section_type, ..
            } => {
                added.push((key.clone(), section_type.wire_name().to_owned()));
                section_change(ChangeAction::Added, key, type_of(key, &added), None)
            }
            ThemeCommand::MoveSection { key, .. } => {
                section_change(ChangeAction::Moved, key, type_of(key, &added), None)
            }
            ThemeCommand::RemoveSection { key } => {
                section_change(ChangeAction::Removed, key, type_of(key, &added), None)
            }
            ThemeCommand::AddItem { list, .. }
            | ThemeCommand::RemoveItem { list, .. }
            | ThemeCommand::MoveItem { list, .. } => {
                let (section, group, field) = list_place(list);
                match section {
                    Some(key) => {
                        let kind = type_of(&key, &added);
                        section_change(ChangeAction::Edited, &key, kind, Some(field))
                    }
                    None => settings_change(group, Some(field)),
                }
            }
            ThemeCommand::CopySlidesToMobile { section } => {
                let kind = type_of(section, &added);
                section_change(
                    ChangeAction::Edited,
                    section,
                    kind,
                    Some("slides".to_owned()),
                )
            }
            ThemeCommand::SetField { path, .. } => match path_place(path) {
                Some(Place::Section(key, field)) => {
                    let kind = type_of(&key, &added);
                    section_change(ChangeAction::Edited, &key, kind, field)
                }
                Some(Place::Settings(group, field)) => settings_change(&group, field),
                None => continue,
            },
            ThemeCommand::ChooseFontFamily { slot, .. }
            | ThemeCommand::ChooseFontWeight { slot, .. } => {
                settings_change("typography", Some(font_field(*slot).to_owned()))
            }
            ThemeCommand::SetCountdown { .. } => {
                settings_change("checkout", Some("countdown".to_owned()))
            }
            ThemeCommand::Restore { values } => {
                match values.first().and_then(|v| path_place(&v.path)) {
                    Some(Place::Section(key, _)) => {
                        let kind = type_of(&key, &added);
                        section_change(ChangeAction::Edited, &key, kind, None)
                    }
                    Some(Place::Settings(group, _)) => settings_change(&group, None),
                    None => continue,
                }
            }
        };
        if !out.contains(&change) {
            out.push(change);
        }
    }
    out
}

/// The same changes in English, joined by "; " (the version's `summary`).
pub fn in_english(changes: &[VersionChange]) -> String {
    let words: Vec<String> = changes
        .iter()
        .map(|change| {
            let place = match (&change.section_type, &change.group) {
                (Some(kind), _) => section_type_name(kind).to_owned(),
                (None, Some(group)) => humanize(group),
                (None, None) => "the theme".to_owned(),
            };
            let verb = match change.action {
                ChangeAction::Edited => "Edited",
                ChangeAction::Added => "Added",
                ChangeAction::Removed => "Removed",
                ChangeAction::Moved => "Moved",
            };
            match (&change.field, change.section_type.is_some()) {
                (Some(field), true) => {
                    format!("{verb} {place}'s {}", humanize(field).to_lowercase())
                }
                (Some(field), false) => {
                    format!("{verb} {place}: {}", humanize(field).to_lowercase())
                }
                (None, _) => format!("{verb} {place}"),
            }
        })
        .collect();
    let mut text = words.join("; ");
    if let Some(first) = text.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    text
}

/// What a section type is called (`head-image` is the Slideshow).
pub fn section_type_name(kind: &str) -> &'static str {
    match kind {
        "header" => "Header",
        "footer" => "Footer",
        "head-image" => "Slideshow",
        "collection_list" => "Collection list",
        "style-collection" => "Style collection",
        "image_with_text" => "Image with text",
        "feature-content" => "Feature content",
        "key_features" => "Key features",
        "product-review" => "Product review",
        "featured-collection" => "Featured collection",
        "product_with_collection" => "Dual collection",
        "flash_deal" => "Flash deals",
        "slider-product" => "Product slider",
        "product-widget" => "Product widget",
        _ => "Section",
    }
}

enum Place {
    Section(String, Option<String>),
    Settings(String, Option<String>),
}

fn section_change(
    action: ChangeAction,
    key: &str,
    section_type: Option<String>,
    field: Option<String>,
) -> VersionChange {
    VersionChange {
        action,
        section: Some(key.to_owned()),
        section_type,
        group: None,
        field,
    }
}

fn settings_change(group: &str, field: Option<String>) -> VersionChange {
    VersionChange {
        action: ChangeAction::Edited,
        section: None,
        section_type: None,
        group: Some(group.to_owned()),
        field,
    }
}

/// Where a pointer lies: a section of a page (its key and field) or a settings group.
fn path_place(pointer: &str) -> Option<Place> {
    let path = parse_pointer(pointer).ok()?;
    match path.as_slice() {
        [pages, _page, sections, key, rest @ ..] if pages == "pages" && sections == "sections" => {
            let rest = match rest {
                [settings, inner @ ..] if settings == "settings" => inner,
                other => other,
            };
            Some(Place::Section(key.clone(), field_name(rest)))
        }
        [settings, group, rest @ ..] if settings == "settings" => {
            Some(Place::Settings(group.clone(), field_name(rest)))
        }
        _ => None,
    }
}

/// The field a path below its section or group names: its last named segment, with the one
/// before when the last says little alone (`heading/color` is `heading_color`).
fn field_name(rest: &[String]) -> Option<String> {
    let named: Vec<&String> = rest
        .iter()
        .filter(|s| !s.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    match named.as_slice() {
        [] => None,
        [.., before, last] if GENERIC.contains(&last.as_str()) => Some(format!("{before}_{last}")),
        [.., last] => Some((*last).clone()),
    }
}

/// A list's section (when it belongs to one), settings group, and name.
fn list_place(list: &ListRef) -> (Option<String>, &'static str, String) {
    let section = |key: &String, name: &str| (Some(key.clone()), "", name.to_owned());
    match list {
        ListRef::SectionBlocks { section: key } | ListRef::LegacyBlocks { section: key } => {
            section(key, "blocks")
        }
        ListRef::Slides { section: key, .. } => section(key, "slides"),
        ListRef::FlashDealBlocks { section: key } | ListRef::FlashDealDetail { section: key } => {
            section(key, "blocks")
        }
        ListRef::CollectionStart { section: key } => section(key, "collectionStart"),
        ListRef::CollectionEnd { section: key } => section(key, "collectionEnd"),
        ListRef::ProductTabs => (None, "product", "tabs-detail".to_owned()),
        ListRef::DescriptionTabs => (None, "product", "setting_description".to_owned()),
        ListRef::ThankYouSteps => (None, "thankpage", "steps".to_owned()),
        ListRef::DeliveryPolicies => (None, "thankpage", "delivery_policies".to_owned()),
        ListRef::FooterInfo => (Some("footer".to_owned()), "", "infoWithIcon".to_owned()),
        ListRef::PaymentIcons => (Some("footer".to_owned()), "", "iconPayments".to_owned()),
        ListRef::Suggestions => (None, "element", "suggestion_list".to_owned()),
    }
}

fn font_field(slot: FontSlot) -> &'static str {
    match slot {
        FontSlot::Header => "type_header_family",
        FontSlot::Base => "type_base_family",
        FontSlot::ProductDescription => "type_product_description_family",
        FontSlot::ButtonBase => "type_button_base_family",
    }
}

/// The type of the section `key` on any page of `root`.
fn section_type_in(root: &Value, key: &str) -> Option<String> {
    root.get("pages")?.as_object()?.values().find_map(|page| {
        page.get("sections")?
            .get(key)?
            .get("type")?
            .as_str()
            .map(str::to_owned)
    })
}

/// "text_topbar" and "isShowAccount" read as "Text topbar" and "Is show account".
fn humanize(name: &str) -> String {
    let mut out = String::new();
    let mut previous: Option<char> = None;
    for c in name.chars() {
        if c == '_' || c == '-' {
            out.push(' ');
        } else {
            if c.is_ascii_uppercase() && previous.is_some_and(|p| p.is_ascii_lowercase()) {
                out.push(' ');
            }
            out.push(c.to_ascii_lowercase());
        }
        previous = Some(c);
    }
    let mut text = out.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(first) = text.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    text
}
