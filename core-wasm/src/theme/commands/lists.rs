//! List commands (spec §4, §5): add, remove and reorder the blocks of a section, the slides of a
//! slideshow, flash-deal blocks, product tabs (at most 5; description tabs of display
//! `description` stay), description tabs (at most 3), thank-you steps (inserted at index 2; the
//! default steps stay; at most 4 custom ones), delivery policies (at most 3) and footer lines.

use serde_json::{Value, json};
use shared_types::theme::{Device, ListRef, SectionType, ThemeFamily};

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

/// What a list is.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Blocks(SectionType),
    Slides,
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
}

/// A resolved list: its path and kind.
struct List {
    path: Vec<String>,
    kind: Kind,
}

/// Finds a section's settings path and type, on the homepage or the fixed page.
fn find_section(tx: &Tx<'_>, key: &str) -> Result<(Vec<String>, String), ThemeError> {
    for page in [&HOME_SECTIONS[..], &["pages", "fixed", "sections"]] {
        let mut path = segments(page);
        path.push(key.to_owned());
        if let Some(section) = get_at(tx.root(), &path) {
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
    tx: &Tx<'_>,
    key: &str,
    tail: &[&str],
    allowed: &[SectionType],
    kind: impl FnOnce(SectionType) -> Kind,
) -> Result<List, ThemeError> {
    let (mut path, type_name) = find_section(tx, key)?;
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

fn resolve(tx: &Tx<'_>, family: ThemeFamily, list: &ListRef) -> Result<List, ThemeError> {
    use SectionType as S;
    let settings = |parts: &[&str], kind| List {
        path: segments(parts),
        kind,
    };
    Ok(match list {
        ListRef::SectionBlocks { section } => section_list(
            tx,
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
            let device = match device {
                Device::Desktop => "desktop",
                Device::Mobile => "mobile",
            };
            section_list(tx, section, &["content", device], &[S::HeadImage], |_| {
                Kind::Slides
            })?
        }
        ListRef::FlashDealBlocks { section } => {
            section_list(tx, section, &["content", "blocks"], &[S::FlashDeal], |_| {
                Kind::FlashBlocks
            })?
        }
        ListRef::FlashDealDetail { section } => {
            section_list(tx, section, &["detail", "blocks"], &[S::FlashDeal], |_| {
                Kind::FlashDetail
            })?
        }
        ListRef::CollectionStart { section } => section_list(
            tx,
            section,
            &["collectionStart", "blocks"],
            &[S::ProductWithCollection],
            |_| Kind::CollectionPart,
        )?,
        ListRef::CollectionEnd { section } => section_list(
            tx,
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
        ListRef::Suggestions => settings(
            &["settings", "element", "search", "suggestion_list"],
            Kind::Suggestions,
        ),
    })
}

/// The items of a list; a missing list is its default (§9 "Defaults when missing").
fn items(tx: &Tx<'_>, list: &List) -> Result<Vec<Value>, ThemeError> {
    match get_at(tx.root(), &list.path) {
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

/// Adds an item with its defaults.
pub(super) fn add(
    tx: &mut Tx<'_>,
    family: ThemeFamily,
    list_ref: &ListRef,
    id: Option<&str>,
    block_type: Option<&str>,
) -> Result<(), ThemeError> {
    let list = resolve(tx, family, list_ref)?;
    let mut items = items(tx, &list)?;
    let full = |count: usize, max: u32| ThemeError::ListFull {
        path: to_pointer(&list.path),
        count: count as u32,
        max,
    };
    let max = match list.kind {
        Kind::ProductTabs => Some(PRODUCT_TABS_MAX),
        Kind::DescriptionTabs => Some(DESCRIPTION_TABS_MAX),
        Kind::Policies => Some(DELIVERY_POLICIES_MAX),
        Kind::FlashDetail => Some(FLASH_DEAL_DETAIL_BLOCKS_MAX),
        _ => None,
    };
    if let Some(max) = max
        && items.len() >= max as usize
    {
        return Err(full(items.len(), max));
    }
    if list.kind == Kind::Steps {
        let custom = custom_steps(&items);
        if custom >= THANK_YOU_CUSTOM_STEPS_MAX as usize {
            return Err(full(custom, THANK_YOU_CUSTOM_STEPS_MAX));
        }
    }
    let item = match list.kind {
        Kind::Blocks(section_type) => new_block(section_type),
        Kind::Slides => new_slide(),
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
    let list = resolve(tx, family, list_ref)?;
    let mut items = items(tx, &list)?;
    let Some(item) = items.get(index as usize) else {
        return Err(no_item(&list, index, items.len()));
    };
    let item_path = || format!("{}/{index}", to_pointer(&list.path));
    if list.kind == Kind::Steps && item.get("isEdit").and_then(Value::as_bool) != Some(true) {
        return Err(ThemeError::NotDeletable {
            path: item_path(),
            reason: "default steps cannot be deleted",
        });
    }
    if list.kind == Kind::ProductTabs
        && item.get("display").and_then(Value::as_str) == Some(UNDELETABLE_TAB_DISPLAY)
    {
        return Err(ThemeError::NotDeletable {
            path: item_path(),
            reason: "a tab that shows the description cannot be deleted",
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
    let list = resolve(tx, family, list_ref)?;
    let mut items = items(tx, &list)?;
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
