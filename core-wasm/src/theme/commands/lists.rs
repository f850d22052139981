//! List commands (spec §4, §5): add, remove and reorder the blocks of a section, the slides of a
//! slideshow, flash-deal blocks, product tabs (at most 5; description tabs of display
//! `description` stay), description tabs (at most 3), thank-you steps (inserted at index 2; the
//! default steps stay; at most 4 custom ones), delivery policies (at most 3) and footer lines.

use serde_json::{Value, json};
use shared_types::theme::{Device, ListRef, ListStatus, SectionType, ThemeFamily};

use super::{HOME_SECTIONS, segments};
use crate::limits::{
    DELIVERY_POLICIES_MAX, DESCRIPTION_TABS_MAX, FLASH_DEAL_DETAIL_BLOCKS_MAX, PRODUCT_TABS_MAX,
    SECTION_KEY_LENGTH, THANK_YOU_CUSTOM_STEPS_MAX, THANK_YOU_STEP_INSERT_INDEX,
};
use crate::theme::defaults::{
    FLASH_DEAL_BLOCK_TYPES, UNDELETABLE_TAB_DISPLAY, default_delivery_policies, default_steps,
    new_block, new_delivery_policy, new_description_tab, new_flash_deal_block,
    new_flash_detail_block, new_footer_info, new_product_tab, new_slide, new_step,
};
use crate::theme::doc::{Tx, get_at, to_pointer};
use crate::theme::error::ThemeError;
use crate::theme::rules::custom_steps;
use crate::theme::schema::{legacy_block_types, new_legacy_block};

/// What a list is.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Blocks(SectionType),
    Slides(Device),
    FlashBlocks,
    FlashDetail,
    CollectionPart,
    ProductTabs,
    DescriptionTabs,
    Steps,
    Policies,
    FooterInfo,
    PaymentIcons,
    Suggestions,
    Legacy(SectionType),
}

/// A resolved list: its path and kind.
struct List {
    path: Vec<String>,
    kind: Kind,
}

/// Finds a section's settings path and type, on the homepage or the fixed page.
fn find_section(root: &Value, key: &str) -> Result<(Vec<String>, String), ThemeError> {
    for page in [&HOME_SECTIONS[..], &["pages", "fixed", "sections"]] {
        let mut path = segments(page);
        path.push(key.to_owned());
        if let Some(section) = get_at(root, &path) {
            let section_type = section
                .get("type")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned();
            path.push("settings".to_owned());
            return Ok((path, section_type));
        }
    }
    Err(ThemeError::NoSuchSection {
        key: key.chars().take(80).collect(),
    })
}

fn section_list(
    root: &Value,
    key: &str,
    tail: &[&str],
    allowed: &[SectionType],
    kind: impl FnOnce(SectionType) -> Kind,
) -> Result<List, ThemeError> {
    let (mut path, type_name) = find_section(root, key)?;
    path.extend(tail.iter().map(|s| (*s).to_owned()));
    match SectionType::from_wire_name(&type_name).filter(|t| allowed.contains(t)) {
        Some(section_type) => Ok(List {
            path,
            kind: kind(section_type),
        }),
        None => Err(ThemeError::WrongList {
            path: to_pointer(&path),
            section_type: type_name,
        }),
    }
}

fn resolve(root: &Value, family: ThemeFamily, list: &ListRef) -> Result<List, ThemeError> {
    use SectionType as S;
    let settings = |parts: &[&str], kind| List {
        path: segments(parts),
        kind,
    };
    Ok(match list {
        ListRef::SectionBlocks { section } => section_list(
            root,
            section,
            &["blocks"],
            &[
                S::CollectionList,
                S::ImageWithText,
                S::FeatureContent,
                S::KeyFeatures,
                S::StyleCollection,
                S::SliderProduct,
            ],
            Kind::Blocks,
        )?,
        ListRef::Slides { section, device } => {
            let kind = Kind::Slides(*device);
            let device = match device {
                Device::Desktop => "desktop",
                Device::Mobile => "mobile",
            };
            section_list(root, section, &["content", device], &[S::HeadImage], |_| {
                kind
            })?
        }
        ListRef::FlashDealBlocks { section } => section_list(
            root,
            section,
            &["content", "blocks"],
            &[S::FlashDeal],
            |_| Kind::FlashBlocks,
        )?,
        ListRef::FlashDealDetail { section } => section_list(
            root,
            section,
            &["detail", "blocks"],
            &[S::FlashDeal],
            |_| Kind::FlashDetail,
        )?,
        ListRef::CollectionStart { section } => section_list(
            root,
            section,
            &["collectionStart", "blocks"],
            &[S::ProductWithCollection],
            |_| Kind::CollectionPart,
        )?,
        ListRef::CollectionEnd { section } => section_list(
            root,
            section,
            &["collectionEnd", "blocks"],
            &[S::ProductWithCollection],
            |_| Kind::CollectionPart,
        )?,
        ListRef::FooterInfo | ListRef::PaymentIcons => {
            let (field, kind) = match list {
                ListRef::FooterInfo => ("infoWithIcon", Kind::FooterInfo),
                _ => ("iconPayments", Kind::PaymentIcons),
            };
            let path = segments(&["pages", "fixed", "sections", "footer", "settings", field]);
            if family != ThemeFamily::Newchick {
                return Err(ThemeError::WrongList {
                    path: to_pointer(&path),
                    section_type: "footer".to_owned(),
                });
            }
            List { path, kind }
        }
        ListRef::ProductTabs => {
            settings(&["settings", "product", "tabs-detail"], Kind::ProductTabs)
        }
        ListRef::DescriptionTabs => settings(
            &["settings", "product", "setting_description"],
            Kind::DescriptionTabs,
        ),
        ListRef::ThankYouSteps => settings(
            &["settings", "thankpage", "steps", "settings", "blocks"],
            Kind::Steps,
        ),
        ListRef::DeliveryPolicies => settings(
            &[
                "settings",
                "thankpage",
                "delivery_policies",
                "settings",
                "blocks",
            ],
            Kind::Policies,
        ),
        ListRef::LegacyBlocks { section } => {
            let (mut path, type_name) = find_section(root, section)?;
            path.pop();
            path.push("blocks".to_owned());
            match SectionType::from_wire_name(&type_name) {
                Some(t @ (S::Header | S::Footer)) => List {
                    path,
                    kind: Kind::Legacy(t),
                },
                _ => {
                    return Err(ThemeError::WrongList {
                        path: to_pointer(&path),
                        section_type: type_name,
                    });
                }
            }
        }
        ListRef::Suggestions => settings(
            &["settings", "element", "search", "suggestion_list"],
            Kind::Suggestions,
        ),
    })
}

/// The items of a list; a missing list is its default (§9 "Defaults when missing").
fn items(root: &Value, list: &List) -> Result<Vec<Value>, ThemeError> {
    match get_at(root, &list.path) {
        Some(Value::Array(items)) => Ok(items.clone()),
        Some(_) => Err(ThemeError::Shape {
            path: to_pointer(&list.path),
            expected: "a list",
        }),
        None => Ok(match list.kind {
            Kind::Steps => default_steps(),
            Kind::Policies => default_delivery_policies(),
            _ => Value::Array(Vec::new()),
        }
        .as_array()
        .cloned()
        .unwrap_or_default()),
    }
}

/// An id for a new tab: the one given (unique, 1 to 64 characters) or the first free `tab-<n>`.
fn tab_id(items: &[Value], given: Option<&str>) -> Result<String, ThemeError> {
    let used = |id: &str| {
        items
            .iter()
            .any(|i| i.get("id").and_then(Value::as_str) == Some(id))
    };
    match given {
        Some(id) => {
            let length = id.chars().count();
            if length < SECTION_KEY_LENGTH.min as usize || length > SECTION_KEY_LENGTH.max as usize
            {
                Err(ThemeError::BadCommand {
                    detail: "an id is 1 to 64 characters".to_owned(),
                })
            } else if used(id) {
                Err(ThemeError::BadCommand {
                    detail: format!("the id {id} is already used in this list"),
                })
            } else {
                Ok(id.to_owned())
            }
        }
        None => Ok((1..)
            .map(|n| format!("tab-{n}"))
            .find(|id| !used(id))
            .unwrap_or_default()),
    }
}

/// The items that count toward a list's limit, and the limit (§5).
fn limit(list: &List, items: &[Value]) -> (usize, Option<u32>) {
    match list.kind {
        Kind::ProductTabs => (items.len(), Some(PRODUCT_TABS_MAX)),
        Kind::DescriptionTabs => (items.len(), Some(DESCRIPTION_TABS_MAX)),
        Kind::Policies => (items.len(), Some(DELIVERY_POLICIES_MAX)),
        Kind::FlashDetail => (items.len(), Some(FLASH_DEAL_DETAIL_BLOCKS_MAX)),
        Kind::Steps => (custom_steps(items), Some(THANK_YOU_CUSTOM_STEPS_MAX)),
        _ => (items.len(), None),
    }
}

/// The error adding to a list at its limit gives, if it is at its limit.
fn full(list: &List, items: &[Value]) -> Option<ThemeError> {
    let (count, max) = limit(list, items);
    let max = max?;
    (count >= max as usize).then(|| ThemeError::ListFull {
        path: to_pointer(&list.path),
        count: count as u32,
        max,
    })
}

/// Why an item may not be deleted (§4: default steps, tabs of display `description`), if so.
fn undeletable(kind: Kind, item: &Value) -> Option<&'static str> {
    if kind == Kind::Steps && item.get("isEdit").and_then(Value::as_bool) != Some(true) {
        return Some("default steps cannot be deleted");
    }
    if kind == Kind::ProductTabs
        && item.get("display").and_then(Value::as_str) == Some(UNDELETABLE_TAB_DISPLAY)
    {
        return Some("a tab that shows the description cannot be deleted");
    }
    None
}

/// How full a list is, and which of its items may be deleted; the same rules `add` and
/// `remove` apply.
pub(crate) fn status(
    root: &Value,
    family: ThemeFamily,
    list_ref: &ListRef,
) -> Result<ListStatus, ThemeError> {
    let list = resolve(root, family, list_ref)?;
    let items = items(root, &list)?;
    let (count, max) = limit(&list, &items);
    Ok(ListStatus {
        path: to_pointer(&list.path),
        len: items.len() as u32,
        count: count as u32,
        max,
        full: full(&list, &items).map(|e| e.to_body()),
        deletable: items
            .iter()
            .map(|item| undeletable(list.kind, item).is_none())
            .collect(),
    })
}

/// Adds an item with its defaults.
pub(super) fn add(
    tx: &mut Tx<'_>,
    family: ThemeFamily,
    list_ref: &ListRef,
    id: Option<&str>,
    block_type: Option<&str>,
) -> Result<(), ThemeError> {
    let list = resolve(tx.root(), family, list_ref)?;
    let mut items = items(tx.root(), &list)?;
    if let Some(error) = full(&list, &items) {
        return Err(error);
    }
    let item = match list.kind {
        Kind::Blocks(section_type) => new_block(section_type),
        Kind::Slides(device) => new_slide(device),
        Kind::FlashBlocks => {
            let block_type = block_type.unwrap_or("count-down");
            if !FLASH_DEAL_BLOCK_TYPES.contains(&block_type) {
                return Err(ThemeError::NotAllowed {
                    path: format!("{}/-/type", to_pointer(&list.path)),
                    allowed: FLASH_DEAL_BLOCK_TYPES.join(", "),
                });
            }
            new_flash_deal_block(block_type)
        }
        Kind::FlashDetail => new_flash_detail_block(),
        Kind::CollectionPart => new_block(SectionType::CollectionList),
        Kind::ProductTabs => new_product_tab(&tab_id(&items, id)?),
        Kind::DescriptionTabs => new_description_tab(&tab_id(&items, id)?),
        Kind::Steps => new_step(),
        Kind::Policies => new_delivery_policy(),
        Kind::FooterInfo => new_footer_info(),
        Kind::PaymentIcons | Kind::Suggestions => json!({ "value": "" }),
        Kind::Legacy(section_type) => {
            let types = legacy_block_types(section_type);
            match block_type.and_then(|t| new_legacy_block(section_type, t)) {
                Some(block) => block,
                None => {
                    return Err(ThemeError::NotAllowed {
                        path: format!("{}/-/type", to_pointer(&list.path)),
                        allowed: types.join(", "),
                    });
                }
            }
        }
    };
    let at = match list.kind {
        Kind::Steps => THANK_YOU_STEP_INSERT_INDEX.min(items.len()),
        _ => items.len(),
    };
    items.insert(at, item);
    tx.replace_creating(&list.path, Value::Array(items))
}

fn no_item(list: &List, index: u32, len: usize) -> ThemeError {
    ThemeError::NoSuchItem {
        path: to_pointer(&list.path),
        index,
        len,
    }
}

/// Removes the item at `index`; default steps and description tabs stay.
pub(super) fn remove(
    tx: &mut Tx<'_>,
    family: ThemeFamily,
    list_ref: &ListRef,
    index: u32,
) -> Result<(), ThemeError> {
    let list = resolve(tx.root(), family, list_ref)?;
    let mut items = items(tx.root(), &list)?;
    let Some(item) = items.get(index as usize) else {
        return Err(no_item(&list, index, items.len()));
    };
    if let Some(reason) = undeletable(list.kind, item) {
        return Err(ThemeError::NotDeletable {
            path: format!("{}/{index}", to_pointer(&list.path)),
            reason,
        });
    }
    items.remove(index as usize);
    tx.replace_creating(&list.path, Value::Array(items))
}

/// Moves the item at `from` to `to`.
pub(super) fn move_item(
    tx: &mut Tx<'_>,
    family: ThemeFamily,
    list_ref: &ListRef,
    from: u32,
    to: u32,
) -> Result<(), ThemeError> {
    let list = resolve(tx.root(), family, list_ref)?;
    let mut items = items(tx.root(), &list)?;
    let len = items.len();
    for index in [from, to] {
        if index as usize >= len {
            return Err(no_item(&list, index, len));
        }
    }
    let item = items.remove(from as usize);
    items.insert(to as usize, item);
    tx.replace_creating(&list.path, Value::Array(items))
}

/// Replaces a slideshow's mobile slides by copies of its desktop slides.
pub(super) fn copy_slides_to_mobile(
    tx: &mut Tx<'_>,
    family: ThemeFamily,
    section: &str,
) -> Result<(), ThemeError> {
    let slides = |device| ListRef::Slides {
        section: section.to_owned(),
        device,
    };
    let desktop = resolve(tx.root(), family, &slides(Device::Desktop))?;
    let mobile = resolve(tx.root(), family, &slides(Device::Mobile))?;
    let copies = items(tx.root(), &desktop)?;
    items(tx.root(), &mobile)?;
    tx.replace_creating(&mobile.path, Value::Array(copies))
}

/// Where a list is (its path) and the position `AddItem` gives a new item in it: what the live
/// session's index maps need (`theme::collab`). `None` when the list does not resolve.
pub(crate) fn list_place(
    root: &Value,
    family: ThemeFamily,
    list_ref: &ListRef,
) -> Option<(Vec<String>, usize)> {
    let list = resolve(root, family, list_ref).ok()?;
    let len = items(root, &list).ok()?.len();
    let at = match list.kind {
        Kind::Steps => THANK_YOU_STEP_INSERT_INDEX.min(len),
        _ => len,
    };
    Some((list.path, at))
}

/// The items of a list as the panels show them (a missing list is its default).
pub(crate) fn list_items(
    root: &Value,
    family: ThemeFamily,
    list_ref: &ListRef,
) -> Result<Vec<Value>, ThemeError> {
    let list = resolve(root, family, list_ref)?;
    items(root, &list)
}

#[cfg(test)]
mod tests {
    use serde_json::Value;
    use shared_types::theme::ThemeCommand;

    use crate::theme::{ThemeDoc, ThemeEditor, replay_draft};

    const DESKTOP: &str = "/pages/homepage/sections/head-image-1/settings/content/desktop";
    const MOBILE: &str = "/pages/homepage/sections/head-image-1/settings/content/mobile";

    fn hydro() -> ThemeDoc {
        ThemeDoc::parse(include_str!("../../../tests/fixtures/hydro.json"))
            .expect("the fixture is a valid config")
    }

    fn copy() -> ThemeCommand {
        ThemeCommand::CopySlidesToMobile {
            section: "head-image-1".into(),
        }
    }

    #[test]
    fn copying_the_desktop_slides_replaces_the_phones_and_one_undo_restores_them() {
        let mut editor = ThemeEditor::new(hydro());
        let before = editor.doc().clone();
        editor
            .apply(ThemeCommand::SetField {
                path: format!("{DESKTOP}/0/heading/content"),
                value: Value::from("Winter sale"),
            })
            .expect("a heading");
        let change = editor.apply(copy()).expect("the slideshow has both lists");
        assert_eq!(editor.doc().get(MOBILE), editor.doc().get(DESKTOP));
        let heading = format!("{MOBILE}/0/heading/content");
        assert_eq!(
            editor.doc().get(&heading),
            Some(&Value::from("Winter sale"))
        );
        assert!(editor.doc().get(&format!("{MOBILE}/1/image")).is_some());
        assert!(
            change.paths.iter().any(|p| p == MOBILE),
            "{:?}",
            change.paths
        );

        editor.undo().expect("the copy is one step");
        assert_eq!(editor.doc().get(MOBILE), before.get(MOBILE));
        assert_eq!(
            editor.doc().get(&heading),
            Some(&Value::from("Summer sale"))
        );
        editor.undo().expect("the heading");
        assert_eq!(editor.doc(), &before);
    }

    #[test]
    fn the_copy_replays_on_another_copy_of_the_document() {
        let commands = vec![serde_json::to_value(copy()).expect("a command is JSON")];
        assert_eq!(
            commands[0]["kind"],
            Value::from("copySlidesToMobile"),
            "the wire name the admin sends"
        );
        let replayed = replay_draft(&hydro(), &commands).expect("the draft replays");
        assert_eq!(replayed.get(MOBILE), hydro().get(DESKTOP));
    }

    #[test]
    fn a_copy_outside_a_slideshow_is_refused_and_changes_nothing() {
        let mut editor = ThemeEditor::new(hydro());
        let before = editor.doc().clone();
        let other = ThemeCommand::CopySlidesToMobile {
            section: "header".into(),
        };
        let refused = editor.apply(other).expect_err("a header has no slides");
        assert_eq!(refused.code(), "list.wrongSection");
        let missing = ThemeCommand::CopySlidesToMobile {
            section: "nowhere".into(),
        };
        assert!(editor.apply(missing).is_err());
        assert_eq!(editor.doc(), &before);
        assert!(!editor.can_undo());
    }
}
