//! The editor's panels as the core draws them (spec §2.3, §2.4, §3.3, §3.4): every field a
//! section type or settings group has, with its kind of input, its bounds or choices, its value
//! (the stored one, or the core's default when the config has none) and the pointer a command
//! sets. The UI renders these and nothing else: no field list and no key-name guessing of its own.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use super::{FontSlot, ListRef, ListStatus, SettingsGroup, ThemeCommand};

/// The panel asked for: a section (homepage, or the fixed header and footer) or a settings group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "panel", rename_all = "camelCase")]
#[ts(export)]
pub enum PanelRef {
    Section { key: String },
    Group { group: SettingsGroup },
}

/// A link to another screen of the admin that a panel shows (§2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum PanelLink {
    /// "Edit Menu" (route website.menus), on header, footer and element panels.
    EditMenu,
    /// The product widgets list (route website.apps.widgets.list), on product-widget sections.
    Widgets,
}

/// A panel: its fields in the order they are shown, and its links.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PanelView {
    pub fields: Vec<FieldView>,
    pub links: Vec<PanelLink>,
}

/// One field of a panel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FieldView {
    /// The JSON pointer `setField` takes (the list commands take `input.list`).
    pub pointer: String,
    /// The label's key (`editor.fields.<label>`), the field's wire name.
    pub label: String,
    /// Whether the config holds the value; when not, `value` is the core's default (or empty)
    /// and editing the field creates it.
    pub stored: bool,
    #[ts(type = "unknown")]
    pub value: Value,
    pub input: FieldInput,
    /// Whether the value is a text that names the store's free-shipping threshold
    /// (`{free_shipping_threshold}`), which the storefront writes in the store's currency.
    #[serde(default)]
    pub free_shipping: bool,
}

/// A choice of a labelled choice field: the value stored and its label's key
/// (`editor.choices.<label>`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChoiceOption {
    #[ts(type = "string | number")]
    pub value: Value,
    pub label: String,
}

/// One item of a list field: its title (empty when it has none), whether it opens (default
/// thank-you steps do not), and its fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ListItemView {
    pub title: String,
    /// The item's `type` where items have types (flash-deal and legacy blocks).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item_type: Option<String>,
    pub expandable: bool,
    pub fields: Vec<FieldView>,
}

/// A way to add to a list: the block type to ask for (flash-deal and legacy blocks), and the
/// label's key (`editor.add.<label>`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AddOption {
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block_type: Option<String>,
    pub label: String,
}

/// A list another list can fill (the phones' slides from the desktop's, §2.4): the command
/// that copies, and whether the two lists already hold the same items.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CopyOffer {
    pub command: ThemeCommand,
    pub same: bool,
}

/// The input a field takes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum FieldInput {
    /// One line of text.
    Text,
    /// Several lines of plain text.
    Multiline,
    /// HTML from the rich-text editor, inline font sizes among `sizes` (px).
    RichText { sizes: Vec<u32> },
    /// A number, whole within `min..=max` when bounded (`max` absent: no upper bound).
    Number {
        min: u32,
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<u32>,
        whole: bool,
    },
    /// A colour (`#rrggbb`).
    Color,
    /// An image address (uploaded or typed).
    Image,
    /// A link object (§3.2): home, all collections, or a collection.
    Link,
    /// A collection object (`title`, `handle`, `image`).
    Collection,
    /// A product of the collection `collection` (flash-deal collection blocks); `open` is false
    /// until the block's link names a collection (§5).
    Product { open: bool, collection: String },
    /// A published page's handle.
    Page,
    /// A menu's handle.
    Menu,
    /// A font slot: family and weight, through their own commands.
    Font { slot: FontSlot },
    /// The checkout countdown (days, hours, minutes), through its own command.
    Countdown,
    /// A flag.
    Flag,
    /// One of `options`; `required` when it may not be left empty.
    Choice {
        options: Vec<ChoiceOption>,
        required: bool,
    },
    /// A list of words (currency codes).
    Words,
    /// A titled group of fields.
    Group { fields: Vec<FieldView> },
    /// A list the list commands edit.
    List {
        list: ListRef,
        status: Box<ListStatus>,
        items: Vec<ListItemView>,
        add: Vec<AddOption>,
        /// How the list is filled from another, where it can be.
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        copy: Option<Box<CopyOffer>>,
    },
}

/// The editor's timings and sizes (spec §2.3, §4, §9), so no part of the UI states them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EditorConstants {
    /// Collection and product search waits this long after the last key (§9: 300 ms).
    pub search_debounce_ms: u32,
    /// The mobile preview frame (§2.3: 375 by 667).
    pub mobile_frame_width: u32,
    pub mobile_frame_height: u32,
    /// The preview's delayed refresh (§4: 4 s) and its loaded flag (§4: 5 s).
    pub preview_refresh_ms: u32,
    pub preview_loaded_ms: u32,
    /// Live co-editing: the most commands one request carries, how often an editor says again
    /// where it is, the longest wait before its stream reconnects, and how long after the last
    /// change it works out whether the working draft is the saved version.
    pub live_batch_max: u32,
    pub live_presence_again_ms: u32,
    pub live_reconnect_max_ms: u32,
    pub live_saved_check_ms: u32,
}

/// Where a link leads, as the link picker offers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "to", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum LinkTarget {
    Home,
    AllCollections,
    Collection { handle: String, title: String },
}
