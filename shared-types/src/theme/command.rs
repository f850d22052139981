//! The editor's commands (spec §4): one serde-tagged enum, applied by the core, undone, redone,
//! logged and replayed on another copy of the document.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use super::SectionType;

/// Where a new section goes relative to the section at `position`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum Place {
    Above,
    Below,
}

/// A slideshow keeps separate desktop and mobile slide lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum Device {
    Desktop,
    Mobile,
}

/// The four font choices of the typography settings, by wire name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub enum FontSlot {
    #[serde(rename = "type_header_family")]
    Header,
    #[serde(rename = "type_base_family")]
    Base,
    #[serde(rename = "type_product_description_family")]
    ProductDescription,
    #[serde(rename = "type_button_base_family")]
    ButtonBase,
}

impl FontSlot {
    /// Every slot.
    pub const ALL: [FontSlot; 4] = [
        FontSlot::Header,
        FontSlot::Base,
        FontSlot::ProductDescription,
        FontSlot::ButtonBase,
    ];

    /// The wire name of the slot under `settings.typography`.
    pub fn wire_name(self) -> &'static str {
        match self {
            FontSlot::Header => "type_header_family",
            FontSlot::Base => "type_base_family",
            FontSlot::ProductDescription => "type_product_description_family",
            FontSlot::ButtonBase => "type_button_base_family",
        }
    }
}

/// A part of the checkout countdown, by wire name under `settings.checkout.time`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum CountdownUnit {
    Day,
    Hour,
    Min,
}

/// A list of items the editor adds to, removes from and reorders. Section lists name their
/// section by key (homepage sections, or `header` / `footer` of the fixed page).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "list", rename_all = "camelCase")]
#[ts(export)]
pub enum ListRef {
    /// `settings.blocks` of a section.
    SectionBlocks { section: String },
    /// `settings.content.desktop` or `settings.content.mobile` of a slideshow.
    Slides { section: String, device: Device },
    /// `settings.content.blocks` of a flash deal.
    FlashDealBlocks { section: String },
    /// `settings.detail.blocks` of a flash deal (fewer than 10 to add more).
    FlashDealDetail { section: String },
    /// `settings.collectionStart.blocks` of a dual collection.
    CollectionStart { section: String },
    /// `settings.collectionEnd.blocks` of a dual collection.
    CollectionEnd { section: String },
    /// `settings.product.tabs-detail` (at most 5).
    ProductTabs,
    /// `settings.product.setting_description` (at most 3).
    DescriptionTabs,
    /// `settings.thankpage.steps.settings.blocks` (at most 4 custom steps).
    ThankYouSteps,
    /// `settings.thankpage.delivery_policies.settings.blocks` (at most 3).
    DeliveryPolicies,
    /// `settings.infoWithIcon` of the footer (newchick).
    FooterInfo,
    /// `settings.iconPayments` of the footer (newchick).
    PaymentIcons,
    /// `settings.element.search.suggestion_list`.
    Suggestions,
    /// The top-level `blocks` (`{type, value}`) of an older block-based header or footer;
    /// adding names the block type.
    LegacyBlocks { section: String },
}

/// One edit of the theme document. Ids and the current time come in the command, so applying
/// the same commands to the same document always gives the same result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum ThemeCommand {
    /// Adds a homepage section of a type above or below the section at `position` of the
    /// ordered list (the `index` the section list shows); `key` is the new section's key.
    AddSection {
        key: String,
        section_type: SectionType,
        position: u32,
        place: Place,
    },
    /// Moves a homepage section to position `to` of the ordered list.
    MoveSection { key: String, to: u32 },
    /// Removes a homepage section (header and footer are fixed).
    RemoveSection { key: String },
    /// Adds an item to a list with its defaults; `id` names it where items have ids, and
    /// `block_type` chooses `count-down` or `collection` for flash-deal blocks.
    AddItem {
        list: ListRef,
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        block_type: Option<String>,
    },
    /// Removes the item at `index` of a list.
    RemoveItem { list: ListRef, index: u32 },
    /// Moves the item at `from` of a list to `to`.
    MoveItem { list: ListRef, from: u32, to: u32 },
    /// Replaces the mobile slides of a slideshow by copies of its desktop slides (phones show
    /// the mobile list, spec §2.4): one edit, undone as one.
    CopySlidesToMobile { section: String },
    /// Sets the field at a JSON-pointer path (`/settings/typography/font_size_price`) to a value,
    /// validated against the limits of the spec.
    SetField {
        path: String,
        #[ts(type = "unknown")]
        value: Value,
    },
    /// Chooses a font family; its style, url and key are reset.
    ChooseFontFamily { slot: FontSlot, family: String },
    /// Chooses a weight the slot's family comes in; sets style, url and key.
    ChooseFontWeight {
        slot: FontSlot,
        style: String,
        url: String,
        key: String,
    },
    /// Sets the checkout countdown's days, hours or minutes; `getTime` becomes `now_ms` plus
    /// the countdown.
    SetCountdown {
        unit: CountdownUnit,
        #[ts(type = "number | string")]
        value: Value,
        now_ms: f64,
    },
    /// Puts back the values a step replaced, in order (a value left out: absent): how undo
    /// takes back, in a live session, a step no other command reverses (a removal, a copy of
    /// slides, the countdown). What it writes is checked by the config's rules.
    Restore { values: Vec<RestoredValue> },
}

/// A value [`ThemeCommand::Restore`] puts back at a JSON-pointer path.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RestoredValue {
    pub path: String,
    #[ts(optional, type = "unknown")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
}

/// One step of the editor's command stream, as the admin sends it to the other copies of the
/// document (the preview frame): a command (`merged` when it continued the one before it, typing
/// in one field, and replaced it), an undo or a redo. Each copy runs it with the core's reducer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "op", rename_all = "camelCase")]
#[ts(export)]
pub enum EditorOp {
    Apply {
        command: ThemeCommand,
        #[serde(default)]
        merged: bool,
    },
    Undo,
    Redo,
    /// Live co-editing: takes back the last `back` commands (the editor's own, not acknowledged
    /// yet) and applies `commands` (others' commands that the server put before them, then the
    /// editor's own as rebased on those). Not undoable: undo in a live session is a command.
    Rebase {
        back: u32,
        commands: Vec<ThemeCommand>,
    },
}
