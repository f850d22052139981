//! The theme config's frame (spec §3.2): id, pages with their sections, settings groups, links.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use super::{ThemeSettings, view};

view! {
    /// A whole theme config: `id`, `pages` and `settings` (spec §3.2).
    ThemeConfig {
        #[ts(type = "string | number")]
        #[serde(with = "super::keep_null")]
        id: Value,
        pages: ThemePages,
        settings: ThemeSettings,
    }
}

view! {
    /// The pages of a theme. `fixed` holds the header and the footer; the family of the theme is
    /// read from its footer (spec §1).
    ThemePages {
        fixed: ThemePage,
        homepage: ThemePage,
        product: ThemePage,
        cart: ThemePage,
        order: ThemePage,
        category: ThemePage,
        collections: ThemePage,
    }
}

view! {
    /// One page: its sections keyed by section key, ordered by each section's `index`.
    ThemePage {
        sections: BTreeMap<String, ThemeSection>,
    }
}

view! {
    /// A section (spec §3.2): key, type, settings (with `settings.blocks` for blocks) and index.
    /// `blocks` at the section's top level is the older block-based header or footer.
    ThemeSection {
        key: String,
        r#type: String,
        #[ts(type = "Record<string, unknown>")]
        #[serde(with = "super::keep_null")]
        settings: Value,
        index: u32,
        #[ts(type = "Array<Record<string, unknown>>")]
        blocks: Vec<Value>,
    }
}

view! {
    /// The slug of a link (`params.slug`).
    LinkParams {
        slug: String,
    }
}

view! {
    /// A link object (spec §3.2): a parent (`home` or `category`) plus a slug, a name and
    /// `params.slug`.
    ThemeLink {
        parent: String,
        slug: String,
        name: String,
        params: LinkParams,
    }
}

/// The two theme families (spec §1). A theme is newchick when the footer of its fixed page has
/// settings, hydro otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum ThemeFamily {
    /// Shown as DEFAULT.
    Hydro,
    /// Shown as FASHION.
    Newchick,
}

/// The section types of spec §3.2, with their wire names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export)]
pub enum SectionType {
    #[serde(rename = "header")]
    Header,
    #[serde(rename = "footer")]
    Footer,
    #[serde(rename = "collection_list")]
    CollectionList,
    #[serde(rename = "image_with_text")]
    ImageWithText,
    #[serde(rename = "feature-content")]
    FeatureContent,
    #[serde(rename = "head-image")]
    HeadImage,
    #[serde(rename = "product-review")]
    ProductReview,
    #[serde(rename = "featured-collection")]
    FeaturedCollection,
    #[serde(rename = "key_features")]
    KeyFeatures,
    #[serde(rename = "style-collection")]
    StyleCollection,
    #[serde(rename = "slider-product")]
    SliderProduct,
    #[serde(rename = "product_with_collection")]
    ProductWithCollection,
    #[serde(rename = "flash_deal")]
    FlashDeal,
    #[serde(rename = "product-widget")]
    ProductWidget,
}

impl SectionType {
    /// Every section type, in the order of spec §3.2.
    pub const ALL: [SectionType; 14] = [
        SectionType::Header,
        SectionType::Footer,
        SectionType::CollectionList,
        SectionType::ImageWithText,
        SectionType::FeatureContent,
        SectionType::HeadImage,
        SectionType::ProductReview,
        SectionType::FeaturedCollection,
        SectionType::KeyFeatures,
        SectionType::StyleCollection,
        SectionType::SliderProduct,
        SectionType::ProductWithCollection,
        SectionType::FlashDeal,
        SectionType::ProductWidget,
    ];

    /// The wire name, as stored in a section's `type`.
    pub fn wire_name(self) -> &'static str {
        match self {
            SectionType::Header => "header",
            SectionType::Footer => "footer",
            SectionType::CollectionList => "collection_list",
            SectionType::ImageWithText => "image_with_text",
            SectionType::FeatureContent => "feature-content",
            SectionType::HeadImage => "head-image",
            SectionType::ProductReview => "product-review",
            SectionType::FeaturedCollection => "featured-collection",
            SectionType::KeyFeatures => "key_features",
            SectionType::StyleCollection => "style-collection",
            SectionType::SliderProduct => "slider-product",
            SectionType::ProductWithCollection => "product_with_collection",
            SectionType::FlashDeal => "flash_deal",
            SectionType::ProductWidget => "product-widget",
        }
    }

    /// The section type of a wire name, if it is one of spec §3.2.
    pub fn from_wire_name(name: &str) -> Option<SectionType> {
        SectionType::ALL.into_iter().find(|t| t.wire_name() == name)
    }
}
