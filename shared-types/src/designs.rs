//! A product's print-on-demand design as the editors, the core and the API exchange it: the
//! print areas of a garment or the cover and pages of a personalized book, each with layers of
//! images and text. Coordinates are pixels of the surface's print file, from its top-left corner.
//! The rules (limits, what a command may do) live in `core_wasm::designs`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which editor a design belongs to: a garment's print areas, a book edited page by page, or a
/// lay-flat book edited as two-page spreads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum DesignKind {
    Print,
    Book,
    Book2,
}

dto! {
    /// A whole design: its kind and its surfaces in order (print areas; or the cover, then the
    /// pages of a book).
    pub struct Design {
        pub kind: DesignKind,
        pub surfaces: Vec<Surface>,
    }

    /// One printable surface: a print area (Front, Back, a sleeve) or a book's cover or page.
    pub struct Surface {
        pub id: String,
        /// `front`, `back`, `left-sleeve`, `right-sleeve`, `cover` or `page`.
        pub role: String,
        pub width_px: u32,
        pub height_px: u32,
        pub width_mm: u32,
        pub height_mm: u32,
        /// Bottom first: the last layer is drawn on top.
        pub layers: Vec<Layer>,
    }

    /// A layer placed on a surface: its box and what it shows.
    pub struct Layer {
        pub id: String,
        pub x: i32,
        pub y: i32,
        pub width: i32,
        pub height: i32,
        pub content: LayerContent,
    }

    /// An image layer's picture, as uploaded to the store.
    pub struct ImageContent {
        pub src: String,
        #[serde(default)]
        pub alt: String,
    }

    /// A text layer's text and look.
    pub struct TextContent {
        pub text: String,
        pub font: String,
        pub size: u32,
        /// `#rrggbb`.
        pub color: String,
        /// `left`, `center` or `right`.
        pub align: String,
        /// Set when the shopper types their own text in place of this one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        pub personalization: Option<Personalization>,
    }

    /// What the shopper is asked for a personalizable text: the field's label and the most
    /// characters they may type.
    pub struct Personalization {
        pub label: String,
        pub max_length: u32,
    }

    /// A design as the API answers it: the design (the default one until the first save), its
    /// version (0 before the first save) and the product's title.
    pub struct SavedDesign {
        pub product_id: String,
        pub product_title: String,
        pub design: Design,
        #[ts(type = "number")]
        pub version: i64,
        #[ts(type = "number")]
        pub updated_at: i64,
    }

    /// A refusal of the design rules: a stable code the UI translates, where it happened, the
    /// limit it broke when there is one, and an English message.
    pub struct DesignErrorBody {
        pub code: String,
        pub path: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        pub limit: Option<i64>,
        pub message: String,
    }
}

/// What a layer shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "camelCase")]
#[ts(export)]
pub enum LayerContent {
    Image(ImageContent),
    Text(TextContent),
}

/// One edit of a design. Ids of new things are given by the caller, so the core stays pure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "op", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum DesignCommand {
    /// Puts a layer on top of a surface's layers.
    AddLayer {
        surface: String,
        layer: Layer,
    },
    /// Replaces a layer (same id) with a moved, resized or restyled one.
    UpdateLayer {
        surface: String,
        layer: Layer,
    },
    RemoveLayer {
        surface: String,
        layer: String,
    },
    /// Moves a layer to position `to` in its surface's order (0 is the bottom).
    MoveLayer {
        surface: String,
        layer: String,
        to: u32,
    },
    /// Adds a print area of a role (`back`, `left-sleeve`...) with its standard size.
    AddArea {
        id: String,
        role: String,
    },
    /// Adds pages after surface `after` (a whole spread in a two-page book); `ids` names them.
    AddPages {
        after: String,
        ids: Vec<String>,
    },
    /// Copies the page (or spread) holding `surface` after it; `ids` names the copies.
    DuplicatePages {
        surface: String,
        ids: Vec<String>,
    },
    /// Removes a print area, or the page (or spread) holding `surface`.
    RemoveSurface {
        surface: String,
    },
    /// Moves the page (or spread) holding `surface` to page position `to` (0 is the first
    /// page after the cover; counted in spreads in a two-page book).
    MovePages {
        surface: String,
        to: u32,
    },
}

/// A standard surface as the editors are told it: its role and its print size (300 dpi).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StandardSurfaceSize {
    /// `front`, `back`, `left-sleeve`, `right-sleeve`, `cover` or `page`.
    pub role: String,
    pub width_px: u32,
    pub height_px: u32,
    pub width_mm: u32,
    pub height_mm: u32,
}

/// The fonts, alignments, print areas and limits the design editors offer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DesignChoices {
    pub fonts: Vec<String>,
    pub aligns: Vec<String>,
    /// A garment's print areas, in the order they are listed.
    pub print_areas: Vec<StandardSurfaceSize>,
    pub print_areas_max: usize,
    pub book_pages_min: usize,
    pub book_pages_max: usize,
    pub layers_max: usize,
    pub text_max_chars: usize,
    pub font_size_min: u32,
    pub font_size_max: u32,
    pub layer_min_px: i32,
    pub personal_label_max_chars: usize,
    pub personal_length_max: u32,
    pub nudge_px: i32,
    pub nudge_large_px: i32,
    pub book2_bleed_mm: u32,
    pub book2_gutter_mm: u32,
}

/// The core's verdict on an edit of a design: the new design, or the rule the edit breaks.
/// Both keys are always there, the one that does not apply `null`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
#[ts(export)]
pub enum DesignEditOutcome {
    Applied { design: Design, error: () },
    Rejected { design: (), error: DesignErrorBody },
}
