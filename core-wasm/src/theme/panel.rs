//! A panel of the editor as the UI draws it: the schema's fields of a section or settings group,
//! each resolved against the document (its pointer, its stored value or the core's default, its
//! bounds and choices from the rule table, and for lists their items and limits).

use serde_json::{Value, json};
use shared_types::theme::{
    AddOption, ChoiceOption, CopyOffer, Device, EditorConstants, FieldInput, FieldSpec, FieldView,
    LinkTarget, ListItemView, ListRef, PanelLink, PanelRef, PanelView, SectionType, ThemeCommand,
    ThemeFamily,
};

use super::commands::{list_items, list_status};
use super::defaults::{
    ALL_COLLECTIONS_NAME, ALL_COLLECTIONS_SLUG, FLASH_DEAL_BLOCK_TYPES, checkout_countdown, link,
};
use super::doc::{ThemeDoc, get_at, to_pointer};
use super::error::ThemeError;
use super::fields::{field_spec, flash_deal_product_open};
use super::rules::{DefaultValue, Where, default_at};
use super::schema::{Field, Items, Kind, ListKind, group_fields, section_fields};
use crate::limits::{
    PREVIEW_LOADED_MS, PREVIEW_MOBILE_FRAME, PREVIEW_REFRESH_MS, RICH_TEXT_FONT_SIZES_PX,
    SEARCH_DEBOUNCE_MS,
};

/// Where a panel's fields sit: the path of its root, what defaults apply there, and the section
/// its lists belong to.
struct Root {
    path: Vec<String>,
    /// The scope of the defaults table and the segments of `path` below that scope's root.
    at: Option<Where>,
    below: Vec<String>,
    section: Option<String>,
}

/// The panel of a section or settings group.
pub fn panel(doc: &ThemeDoc, panel: &PanelRef) -> Result<PanelView, ThemeError> {
    let root = doc.value();
    let family = doc.family();
    let (base, fields, links) = match panel {
        PanelRef::Group { group } => {
            let (wire, fields) = group_fields(*group);
            let links = match group {
                shared_types::theme::SettingsGroup::Element => vec![PanelLink::EditMenu],
                _ => Vec::new(),
            };
            let base = Root {
                path: vec!["settings".to_owned(), wire.to_owned()],
                at: Some(Where::Settings),
                below: vec![wire.to_owned()],
                section: None,
            };
            (base, fields, links)
        }
        PanelRef::Section { key } => {
            let (section_path, section) = find_section(root, key)?;
            let section_type = section
                .get("type")
                .and_then(Value::as_str)
                .and_then(SectionType::from_wire_name)
                .ok_or_else(|| ThemeError::NoSuchSection {
                    key: key.chars().take(80).collect(),
                })?;
            let legacy = is_legacy(section);
            let links = match section_type {
                SectionType::Header | SectionType::Footer => vec![PanelLink::EditMenu],
                SectionType::ProductWidget => vec![PanelLink::Widgets],
                _ => Vec::new(),
            };
            let mut path = section_path;
            if !legacy {
                path.push("settings".to_owned());
            }
            let base = Root {
                path,
                at: (!legacy).then_some(Where::Section(Some(section_type))),
                below: Vec::new(),
                section: Some(key.clone()),
            };
            (base, section_fields(section_type, legacy), links)
        }
    };
    let reader = Reader { root, family };
    Ok(PanelView {
        fields: reader.fields(&base, fields)?,
        links,
    })
}

/// Whether a header or footer is the older block-based kind: top-level `blocks` and no settings.
fn is_legacy(section: &Value) -> bool {
    section.get("blocks").is_some_and(Value::is_array)
        && section
            .get("settings")
            .is_none_or(|s| s.as_object().is_none_or(|m| m.is_empty()))
}

fn find_section<'a>(root: &'a Value, key: &str) -> Result<(Vec<String>, &'a Value), ThemeError> {
    for page in ["homepage", "fixed"] {
        let path: Vec<String> = ["pages", page, "sections", key]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        if let Some(section) = get_at(root, &path) {
            return Ok((path, section));
        }
    }
    Err(ThemeError::NoSuchSection {
        key: key.chars().take(80).collect(),
    })
}

struct Reader<'d> {
    root: &'d Value,
    family: ThemeFamily,
}

impl Reader<'_> {
    fn fields(&self, base: &Root, fields: &[Field]) -> Result<Vec<FieldView>, ThemeError> {
        let mut out = Vec::with_capacity(fields.len());
        for field in fields {
            if field.only.is_some_and(|f| f != self.family) {
                continue;
            }
            out.push(self.field(base, field)?);
        }
        Ok(out)
    }

    fn field(&self, base: &Root, field: &Field) -> Result<FieldView, ThemeError> {
        let parts: Vec<String> = field.path.split('/').map(str::to_owned).collect();
        let mut path = base.path.clone();
        path.extend(parts.iter().cloned());
        let mut below = base.below.clone();
        below.extend(parts.iter().cloned());
        let pointer = to_pointer(&path);
        let stored = get_at(self.root, &path);
        let label = field
            .label
            .map_or_else(|| label_of(field.path), str::to_owned);
        let here = Root {
            path: path.clone(),
            at: base.at,
            below: below.clone(),
            section: base.section.clone(),
        };
        let (input, value) = match field.kind {
            Kind::Group(fields) => (
                FieldInput::Group {
                    fields: self.fields(&here, fields)?,
                },
                Value::Null,
            ),
            Kind::List(kind, items) => {
                let list = list_ref(kind, base.section.as_deref());
                let status = list_status(self.root, self.family, &list)?;
                let values = list_items(self.root, self.family, &list)?;
                let mut views = Vec::with_capacity(values.len());
                for (index, item) in values.iter().enumerate() {
                    let mut item_root = Root {
                        path: path.clone(),
                        at: base.at,
                        below: below.clone(),
                        section: base.section.clone(),
                    };
                    item_root.path.push(index.to_string());
                    item_root.below.push(index.to_string());
                    views.push(self.item(&item_root, kind, items, item)?);
                }
                let add = add_options(kind, items, &label);
                let copy = self.copy_offer(&list, &values)?;
                (
                    FieldInput::List {
                        list,
                        status: Box::new(status),
                        items: views,
                        add,
                        copy,
                    },
                    Value::Null,
                )
            }
            kind => {
                let value = match stored {
                    Some(value) => value.clone(),
                    None => self.default(base, &below, kind),
                };
                (self.input(kind, &pointer, &path), value)
            }
        };
        let free_shipping = value
            .as_str()
            .is_some_and(|text| text.contains(crate::storefront::FREE_SHIPPING_THRESHOLD));
        Ok(FieldView {
            pointer,
            label,
            stored: stored.is_some(),
            value,
            input,
            free_shipping,
        })
    }

    /// The phones' slides are filled from the desktop's (spec §2.4: separate lists; phones show
    /// the mobile one).
    fn copy_offer(
        &self,
        list: &ListRef,
        values: &[Value],
    ) -> Result<Option<Box<CopyOffer>>, ThemeError> {
        let ListRef::Slides {
            section,
            device: Device::Mobile,
        } = list
        else {
            return Ok(None);
        };
        let desktop = ListRef::Slides {
            section: section.clone(),
            device: Device::Desktop,
        };
        let same = list_items(self.root, self.family, &desktop)? == values;
        Ok(Some(Box::new(CopyOffer {
            command: ThemeCommand::CopySlidesToMobile {
                section: section.clone(),
            },
            same,
        })))
    }

    fn item(
        &self,
        root: &Root,
        kind: ListKind,
        items: Items,
        item: &Value,
    ) -> Result<ListItemView, ThemeError> {
        let item_type = item.get("type").and_then(Value::as_str).map(str::to_owned);
        let fields: &[Field] = match items {
            Items::Same(fields) => fields,
            Items::ByType(types) => types
                .iter()
                .find(|(t, _)| Some(*t) == item_type.as_deref())
                .map_or(&[][..], |(_, fields)| fields),
        };
        // §4 "Thank-you steps: expandable only when isEdit".
        let expandable = kind != ListKind::Steps || item.get("isEdit") == Some(&Value::Bool(true));
        let mut views = if expandable {
            self.fields(root, fields)?
        } else {
            Vec::new()
        };
        // A block of an older header or footer holds one `value`: it is labelled by its type.
        if kind == ListKind::Legacy
            && let Some(block_type) = &item_type
        {
            for view in &mut views {
                view.label.clone_from(block_type);
            }
        }
        Ok(ListItemView {
            title: title_of(item),
            item_type,
            expandable,
            fields: views,
        })
    }

    /// The value shown for a missing field: the defaults table's, else the empty value of its
    /// input.
    fn default(&self, base: &Root, below: &[String], kind: Kind) -> Value {
        if let Some(at) = base.at
            && let Some(value) = default_at(at, below)
        {
            return match value {
                DefaultValue::Bool(b) => Value::Bool(b),
                DefaultValue::Number(n) => json!(n),
                DefaultValue::Text(t) => json!(t),
            };
        }
        match kind {
            Kind::Flag => Value::Bool(false),
            Kind::Number | Kind::Product | Kind::Labelled(_) => Value::Null,
            Kind::Link => link(""),
            Kind::Collection => json!({}),
            Kind::Words => json!([]),
            Kind::Countdown => checkout_countdown(),
            Kind::Font(_) => json!({}),
            _ => json!(""),
        }
    }

    fn input(&self, kind: Kind, pointer: &str, path: &[String]) -> FieldInput {
        match kind {
            Kind::Text => FieldInput::Text,
            Kind::Multiline => FieldInput::Multiline,
            Kind::Rich => FieldInput::RichText {
                sizes: RICH_TEXT_FONT_SIZES_PX.to_vec(),
            },
            Kind::Color => FieldInput::Color,
            Kind::Image => FieldInput::Image,
            Kind::Link => FieldInput::Link,
            Kind::Collection => FieldInput::Collection,
            Kind::Page => FieldInput::Page,
            Kind::Menu => FieldInput::Menu,
            Kind::Font(slot) => FieldInput::Font { slot },
            Kind::Countdown => FieldInput::Countdown,
            Kind::Flag => FieldInput::Flag,
            Kind::Words => FieldInput::Words,
            Kind::Product => {
                let block = get_at(self.root, &path[..path.len() - 1]).unwrap_or(&Value::Null);
                let url = block.get("url").unwrap_or(&Value::Null);
                let slug = [url.pointer("/params/slug"), url.get("slug")]
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .find(|s| !s.trim().is_empty())
                    .unwrap_or_default();
                FieldInput::Product {
                    open: flash_deal_product_open(block),
                    collection: slug.to_owned(),
                }
            }
            Kind::Labelled(options) => FieldInput::Choice {
                options: options
                    .iter()
                    .map(|(value, label)| ChoiceOption {
                        value: json!(value),
                        label: label.replace(' ', "_"),
                    })
                    .collect(),
                required: false,
            },
            Kind::Number | Kind::Choice => match field_spec(self.root, pointer) {
                FieldSpec::Range { min, max } => FieldInput::Number {
                    min,
                    max: Some(max),
                    whole: true,
                },
                FieldSpec::Choice { options, required } => FieldInput::Choice {
                    options: options
                        .into_iter()
                        .map(|o| ChoiceOption {
                            value: json!(o),
                            label: o,
                        })
                        .collect(),
                    required,
                },
                _ if matches!(kind, Kind::Choice) => FieldInput::Text,
                _ => FieldInput::Number {
                    min: 0,
                    max: None,
                    whole: false,
                },
            },
            Kind::Group(_) | Kind::List(..) => FieldInput::Text,
        }
    }
}

/// The label key of a field: its last segment (`size_logo/desktop` is `size_logo_desktop`).
fn label_of(path: &str) -> String {
    match path.rsplit_once('/') {
        Some((parent, last)) if matches!(last, "desktop" | "mobile" | "from" | "to" | "value") => {
            format!("{}_{last}", parent.rsplit('/').next().unwrap_or(parent))
        }
        Some((_, last)) => last.to_owned(),
        None => path.to_owned(),
    }
}

/// An item's title: its first text among title, heading, name and value (or a heading's content).
fn title_of(item: &Value) -> String {
    for key in ["title", "heading", "name", "value"] {
        match item.get(key) {
            Some(Value::String(s)) if !s.trim().is_empty() => return s.clone(),
            Some(Value::Object(o)) => {
                if let Some(Value::String(s)) = o.get("content")
                    && !s.trim().is_empty()
                {
                    return s.clone();
                }
            }
            _ => {}
        }
    }
    String::new()
}

fn list_ref(kind: ListKind, section: Option<&str>) -> ListRef {
    let section = || section.unwrap_or_default().to_owned();
    match kind {
        ListKind::Blocks => ListRef::SectionBlocks { section: section() },
        ListKind::SlidesDesktop => ListRef::Slides {
            section: section(),
            device: Device::Desktop,
        },
        ListKind::SlidesMobile => ListRef::Slides {
            section: section(),
            device: Device::Mobile,
        },
        ListKind::FlashBlocks => ListRef::FlashDealBlocks { section: section() },
        ListKind::FlashDetail => ListRef::FlashDealDetail { section: section() },
        ListKind::CollectionStart => ListRef::CollectionStart { section: section() },
        ListKind::CollectionEnd => ListRef::CollectionEnd { section: section() },
        ListKind::FooterInfo => ListRef::FooterInfo,
        ListKind::PaymentIcons => ListRef::PaymentIcons,
        ListKind::ProductTabs => ListRef::ProductTabs,
        ListKind::DescriptionTabs => ListRef::DescriptionTabs,
        ListKind::Steps => ListRef::ThankYouSteps,
        ListKind::Policies => ListRef::DeliveryPolicies,
        ListKind::Suggestions => ListRef::Suggestions,
        ListKind::Legacy => ListRef::LegacyBlocks { section: section() },
    }
}

/// The ways to add to a list: one per block type where items have types, else one.
fn add_options(kind: ListKind, items: Items, label: &str) -> Vec<AddOption> {
    match (kind, items) {
        (ListKind::FlashBlocks, _) => FLASH_DEAL_BLOCK_TYPES
            .iter()
            .map(|t| AddOption {
                block_type: Some((*t).to_owned()),
                label: (*t).to_owned(),
            })
            .collect(),
        (_, Items::ByType(types)) => types
            .iter()
            .map(|(t, _)| AddOption {
                block_type: Some((*t).to_owned()),
                label: (*t).to_owned(),
            })
            .collect(),
        _ => vec![AddOption {
            block_type: None,
            label: label.to_owned(),
        }],
    }
}

/// The link object of a link picker's choice (§3.2): home, all collections (the storefront's
/// `/collections/all`) or a collection by its slug.
pub fn link_to(target: &LinkTarget) -> Value {
    match target {
        LinkTarget::Home => link("home"),
        LinkTarget::AllCollections => json!({
            "parent": "category",
            "slug": ALL_COLLECTIONS_SLUG,
            "name": ALL_COLLECTIONS_NAME,
            "params": { "slug": ALL_COLLECTIONS_SLUG },
        }),
        LinkTarget::Collection { handle, title } => json!({
            "parent": "category",
            "slug": handle,
            "name": title,
            "params": { "slug": handle },
        }),
    }
}

/// The editor's timings and sizes (§2.3, §4, §9).
pub fn editor_constants() -> EditorConstants {
    EditorConstants {
        search_debounce_ms: SEARCH_DEBOUNCE_MS,
        mobile_frame_width: PREVIEW_MOBILE_FRAME.0,
        mobile_frame_height: PREVIEW_MOBILE_FRAME.1,
        preview_refresh_ms: PREVIEW_REFRESH_MS,
        preview_loaded_ms: PREVIEW_LOADED_MS,
        live_batch_max: u32::try_from(crate::limits::LIVE_BATCH_MAX_COMMANDS).unwrap_or(200),
        live_presence_again_ms: crate::limits::LIVE_PRESENCE_AGAIN_MS,
        live_reconnect_max_ms: crate::limits::LIVE_RECONNECT_MAX_MS,
        live_saved_check_ms: crate::limits::LIVE_SAVED_CHECK_MS,
    }
}
