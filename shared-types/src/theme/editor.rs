//! What the core answers the editor: applied changes, structured errors, the section list,
//! settings groups per page and preview pages.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::ThemeFamily;

/// A structured theme error: a stable machine `code` the UI translates, the offending `path`,
/// the limit when there is one, and the English message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ThemeErrorBody {
    pub code: String,
    pub path: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub min: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub max: Option<f64>,
    /// How many there are, when the error counts them (a full list).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub count: Option<f64>,
}

/// A command of an offline batch that was not applied because it touched a path changed since
/// the batch's base version, or because the current config no longer accepts it (`error`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReplayConflict {
    /// The command's position in the batch.
    pub index: u32,
    /// The paths it would have changed that others changed since the base version.
    pub paths: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<ThemeErrorBody>,
}

/// What replaying an offline batch did: the commands applied (by index), the conflicts, and
/// the paths the applied commands changed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReplayReport {
    pub applied: Vec<u32>,
    pub conflicts: Vec<ReplayConflict>,
    pub paths: Vec<String>,
}

/// What an applied command (or undo, or redo) changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ThemeChange {
    /// The document version after the change; every applied command, undo and redo adds one.
    pub version: u32,
    /// The JSON-pointer paths whose values were replaced.
    pub paths: Vec<String>,
    pub can_undo: bool,
    pub can_redo: bool,
    /// The document's fingerprint after the change (16 hexadecimal digits): another copy fed the
    /// same commands from the same start has the same one.
    pub fingerprint: String,
    /// Whether the command continued the one before it (typing in one field) and replaced it
    /// in the log and the undo stack, instead of being added after it.
    pub merged: bool,
}

/// What the live preview must render again after some changes, when not the whole page
/// (preview protocol): sections by key (home sections, header, footer), and the stylesheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PreviewChange {
    /// The sections whose content changed (of the home page, or the fixed header and footer),
    /// each once, in the order of their first change.
    pub sections: Vec<String>,
    /// Whether the theme's colours, fonts or sizes changed: the page's stylesheet and fonts.
    pub style: bool,
}

/// The outcome of a command as the UI receives it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "outcome", rename_all = "camelCase")]
#[ts(export)]
pub enum ApplyOutcome {
    Applied { change: ThemeChange },
    Rejected { error: ThemeErrorBody },
}

/// One row of the Sections tab: header, visible homepage sections, footer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SectionListItem {
    pub key: String,
    pub section_type: String,
    /// The position in the page's ordered list (the `position` of `addSection`, the `to` of
    /// `moveSection`); `null` for the fixed header and footer.
    pub index: Option<u32>,
    /// Header and footer are fixed: they cannot be moved or removed.
    pub fixed: bool,
}

/// The page chosen in the editor's page selector.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum EditorPage {
    Home,
    Product,
}

/// The pages the preview can show (spec §2.3); `home` maps to `homepage`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum PreviewPage {
    Homepage,
    Product,
    Cart,
    Order,
    Category,
}

/// The settings groups of the Setting tab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum SettingsGroup {
    Colors,
    Typography,
    Style,
    Currency,
    Product,
    Checkout,
    Cart,
    CartGoal,
    ThankYou,
    Collection,
    Popup,
    Element,
    /// §2.4's test panel: an image, a text area and a text field, shown only with full settings.
    Test,
}

/// A settings group as the Setting tab shows it: its panel id, the preview page choosing it
/// switches to, and whether the cart-goal panel also shows the cart upsell (newchick only).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SettingsGroupView {
    pub group: SettingsGroup,
    pub panel: String,
    pub preview_page: Option<PreviewPage>,
    pub with_upsell: bool,
}

/// The family of a theme with its display label (DEFAULT or FASHION).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FamilyView {
    pub family: ThemeFamily,
    pub label: String,
}

/// What a field of the document holds, as the editor's generic field components need to know it:
/// the kind of input and its bounds or choices, read from the engine's rule table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum FieldSpec {
    /// A whole number within `min..=max`.
    Range { min: u32, max: u32 },
    /// A non-negative number.
    Number,
    /// One of `options`; `required` when it may not be empty.
    Choice {
        options: Vec<String>,
        required: bool,
    },
    /// HTML whose inline font sizes must be among `sizes` (px).
    RichText { sizes: Vec<u32> },
    /// A flag.
    Bool,
    /// Changed only by its own command (font choices, the countdown).
    Managed,
    /// A list changed by the list commands, at most `max` items when there is a limit.
    List {
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<u32>,
    },
    /// Not shown in this family (the sale price colour outside hydro).
    Hidden,
    /// No rule: any value of the type it has.
    Free,
}

/// How full a list is: its path, the items that count toward its limit, the limit, and the
/// limit's message when no more can be added.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ListStatus {
    pub path: String,
    /// Every item of the list.
    pub len: u32,
    /// The items that count toward the limit (custom thank-you steps only; all items elsewhere).
    pub count: u32,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
    /// Set when the list is at its limit: the error adding would give.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub full: Option<ThemeErrorBody>,
    /// Per item: whether it may be deleted (default thank-you steps and description tabs may not).
    pub deletable: Vec<bool>,
}

/// A font weight the typography picker offers: its style code (`700italic`) and label, and the
/// CSS `font-weight` and italics it stands for (to show a sample in it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FontWeightOption {
    pub style: String,
    pub label: String,
    pub weight: u16,
    pub italic: bool,
}

/// A family of the typography picker with the weights (and italics) its font service serves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FontFamilyChoice {
    pub family: String,
    /// Lightest first, each weight followed by its italic when the family has one.
    pub weights: Vec<FontWeightOption>,
}

/// The typography picker's choices: the families, each with its own weights.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FontChoices {
    pub families: Vec<FontFamilyChoice>,
}

/// What choosing a weight of a family writes: style, stylesheet address and key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FontWeightChoice {
    pub style: String,
    pub url: String,
    pub key: String,
}

/// What one change of a saved version did, in words the admin translates: "Edited Slideshow's
/// heading", "Moved Featured collection", "Edited Colors: price".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct VersionChange {
    pub action: ChangeAction,
    /// The section changed (its key), when the change was to a section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub section: Option<String>,
    /// That section's type, as the config writes it (`head-image`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub section_type: Option<String>,
    /// The settings group changed (`colors`, `typography`), when the change was to the settings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub group: Option<String>,
    /// The field (its name as the panels label it: `text_topbar`, `heading_color`) or the list
    /// (`blocks`) changed, when one was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub field: Option<String>,
}

/// The kind of a version's change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ChangeAction {
    Edited,
    Added,
    Removed,
    Moved,
}

/// What the core made of an editor's unacknowledged commands when others' commands arrived
/// first (live co-editing): the commands as they now read, the indexes of those dropped (what
/// they edited is gone), or the index of an arriving command that does not apply to the
/// editor's copy (`resyncAt`: it loads the working draft whole).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RebaseOutcome {
    pub pending: Vec<super::ThemeCommand>,
    pub dropped: Vec<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub resync_at: Option<u32>,
}

/// A batch of a live editor's commands to send (`LiveCommandsInput` without the editor's id).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LiveBatch {
    #[ts(type = "number")]
    pub base: i64,
    #[ts(type = "number")]
    pub first_client_seq: i64,
    pub commands: Vec<super::ThemeCommand>,
}

/// What a live editor's copies do after it took the server's commands (or an answer to its
/// batch): nothing when its own commands came back as they were sent, else the `rebase` step
/// for its document and preview frame. `resync` (why) when the commands do not follow its copy:
/// it joins the session again.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LiveStep {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rebase: Option<super::EditorOp>,
    /// How many of the commands were the editor's own, and others'.
    pub own: u32,
    pub remote: u32,
    /// The editor's commands dropped: what they edited is gone.
    pub dropped: Vec<super::ThemeCommand>,
    /// The editor's field edits set aside (coming back online) because someone else set the
    /// same field meanwhile: the editor offers the choice.
    pub held: Vec<super::ThemeCommand>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub resync: Option<String>,
}
