//! Typed views of section settings and blocks (spec §3.3), one per section type.

use serde_json::Value;

use super::{ThemeLink, view};

view! {
    /// A text with its colour (a slide's heading and sub-heading).
    SlideText { content: String, color: String }
}

view! {
    /// A slide's button label.
    SlideButton { title: String, color: String, background: String }
}

view! {
    /// One slide of a slideshow (spec §3.3). `position` is left, center or right.
    Slide {
        image: String,
        #[ts(type = "unknown")]
        #[serde(with = "super::keep_null")]
        media: Value,
        heading: SlideText,
        subHeading: SlideText,
        position: String,
        buttonLabel: SlideButton,
        urlButton: ThemeLink,
    }
}

view! {
    /// The desktop and mobile slide lists of a slideshow.
    SlideLists { mobile: Vec<Slide>, desktop: Vec<Slide> }
}

view! {
    /// Settings of a slideshow (`head-image`) section.
    HeadImageSettings {
        opacity_image: u32,
        change_slides_every: u32,
        show_content: bool,
        content: SlideLists,
    }
}

view! {
    /// An image-with-text block; `position` (left or right) is mandatory (spec §5).
    ImageWithTextBlock {
        position: String,
        image: String,
        heading: String,
        content: String,
        button_label: String,
        url_button: ThemeLink,
    }
}

view! {
    /// Settings shared by image-with-text, collection-list, feature-content and key-features
    /// sections: a heading, items per row on desktop and mobile, and blocks.
    GridSettings {
        heading: String,
        item_per_row: u32,
        item_per_row_mobile: u32,
        #[ts(type = "Array<Record<string, unknown>>")]
        blocks: Vec<Value>,
    }
}

view! {
    /// A collection-list block.
    CollectionBlock { image: String, title: String, url: ThemeLink }
}

view! {
    /// A feature-content block.
    FeatureBlock { image: String, heading: String, content: String }
}

view! {
    /// A key-features block.
    KeyFeatureBlock { image: String, title: String, description: String, url: ThemeLink }
}

view! {
    /// Settings of a product-review section: custom HTML.
    ProductReviewSettings { body_html: String }
}

view! {
    /// A slider-product block.
    SliderProductBlock { heading: String, item_per_row: u32 }
}

view! {
    /// Settings of a slider-product section (kept, but hidden from the section list).
    SliderProductSettings { item_per_row: u32, blocks: Vec<SliderProductBlock> }
}

view! {
    /// The collection a featured-collection section shows.
    CollectionRef { title: String, image: String, handle: String }
}

view! {
    /// Settings of a featured-collection section (spec §3.3).
    FeaturedCollectionSettings {
        show_sale_banners: bool,
        heading: String,
        collection: CollectionRef,
        align: String,
        item_per_row: u32,
        limit_product: u32,
        buttonLabel: String,
        isTextLink: bool,
    }
}

view! {
    /// A heading with blocks (the two collection parts of a dual-collection section).
    HeadingBlocks {
        heading: String,
        #[ts(type = "Array<Record<string, unknown>>")]
        blocks: Vec<Value>,
    }
}

view! {
    /// The featured part of a dual-collection section.
    DualFeatured { heading: String, collection: CollectionRef }
}

view! {
    /// Settings of a dual-collection (`product_with_collection`) section.
    DualCollectionSettings {
        heading: String,
        collectionStart: HeadingBlocks,
        featured_collection: DualFeatured,
        collectionEnd: HeadingBlocks,
    }
}

view! {
    /// A flash-deal content block: `type` is `count-down` (title, url, image, time) or
    /// `collection` (title, url, product).
    FlashDealBlock {
        r#type: String,
        title: String,
        url: ThemeLink,
        image: String,
        #[ts(type = "unknown")]
        #[serde(with = "super::keep_null")]
        time: Value,
        #[ts(type = "unknown")]
        #[serde(with = "super::keep_null")]
        product: Value,
    }
}

view! {
    /// The content part of a flash-deal section.
    FlashDealContent { heading: String, blocks: Vec<FlashDealBlock> }
}

view! {
    /// A flash-deal detail block.
    FlashDetailBlock { title: String, url: ThemeLink, image: String }
}

view! {
    /// The detail part of a flash-deal section (fewer than 10 blocks to add more).
    FlashDealDetail { blocks: Vec<FlashDetailBlock> }
}

view! {
    /// Settings of a flash-deal section.
    FlashDealSettings { content: FlashDealContent, detail: FlashDealDetail }
}

view! {
    /// A logo size on desktop and mobile (defaults 50 and 32).
    LogoSize { desktop: u32, mobile: u32 }
}

view! {
    /// Settings of a header section (spec §3.4).
    HeaderSettings {
        show_top_bar: bool,
        text_topbar: String,
        enable_search: bool,
        isShowAccount: bool,
        image_topbar: String,
        image_topbar_mobile: String,
        topbar_url: ThemeLink,
        logo_desktop: String,
        logo_mobile: String,
        size_logo: LogoSize,
        #[ts(type = "unknown")]
        #[serde(with = "super::keep_null")]
        main_menu: Value,
        center_logo_on_mobile: bool,
    }
}

view! {
    /// A footer info line with an icon.
    FooterInfo { icon: String, title: String, subTitle: String }
}

view! {
    /// A payment icon of the footer.
    PaymentIcon { value: String }
}

view! {
    /// Settings of a footer section (newchick; spec §3.4). A hydro footer has blocks instead.
    FooterSettings {
        logo: String,
        size_logo: LogoSize,
        info: String,
        #[ts(type = "unknown")]
        #[serde(with = "super::keep_null")]
        footer_menu: Value,
        infoWithIcon: Vec<FooterInfo>,
        iconPayments: Vec<PaymentIcon>,
        copyright: String,
    }
}
