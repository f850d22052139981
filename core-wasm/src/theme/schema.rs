//! The schema of every panel of the editor (spec §2.4, §3.3, §3.4): for each section type and
//! settings group, the fields it has, where each sits and what input it takes. Bounds, choices
//! and defaults are not restated here: `panel` reads them from the rule table and the defaults
//! table at each field's path, so a panel, a command and a full validation agree.

use serde_json::{Value, json};
use shared_types::theme::{FontSlot, SectionType, SettingsGroup, ThemeFamily};

/// The input of a schema field.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind {
    Text,
    Multiline,
    Rich,
    Number,
    Color,
    Image,
    Link,
    Collection,
    Product,
    Page,
    Menu,
    Font(FontSlot),
    Countdown,
    Flag,
    /// The choices the rule table gives the path.
    Choice,
    /// Numbered choices with their labels' keys (§9 "Checkout step layout").
    Labelled(&'static [(u32, &'static str)]),
    Words,
    Group(&'static [Field]),
    List(ListKind, Items),
}

/// The fields of a list's items: the same for every item, or by the item's `type`.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Items {
    Same(&'static [Field]),
    ByType(&'static [(&'static str, &'static [Field])]),
}

/// Which list command target a list field is (shared-types' `ListRef`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ListKind {
    Blocks,
    SlidesDesktop,
    SlidesMobile,
    FlashBlocks,
    FlashDetail,
    CollectionStart,
    CollectionEnd,
    FooterInfo,
    PaymentIcons,
    ProductTabs,
    DescriptionTabs,
    Steps,
    Policies,
    Suggestions,
    /// The top-level `blocks` of an older block-based header or footer.
    Legacy,
}

/// A field: its path below the panel's root (`/`-separated), its input, and the family it is
/// shown in (all when `None`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Field {
    pub path: &'static str,
    pub kind: Kind,
    pub only: Option<ThemeFamily>,
    /// The label's key where the path's last segment does not say what the field is.
    pub label: Option<&'static str>,
}

const fn f(path: &'static str, kind: Kind) -> Field {
    Field {
        path,
        kind,
        only: None,
        label: None,
    }
}

/// A field whose label is not its last segment (`heading/color` is the heading's colour).
const fn named(label: &'static str, path: &'static str, kind: Kind) -> Field {
    Field {
        path,
        kind,
        only: None,
        label: Some(label),
    }
}

const fn only(family: ThemeFamily, path: &'static str, kind: Kind) -> Field {
    Field {
        path,
        kind,
        only: Some(family),
        label: None,
    }
}

use Kind::*;
use ThemeFamily::{Hydro, Newchick};

const fn list(kind: ListKind, items: &'static [Field]) -> Kind {
    List(kind, Items::Same(items))
}

// ------------------------------------------------------------------------------------ sections

/// §3.3 "Slide": image, media, heading, subHeading, position, buttonLabel, urlButton. `media`
/// is the image's description for shoppers who cannot see it (its `alt`; docs/decisions.md).
const SLIDE: &[Field] = &[
    f("image", Image),
    f("media", Text),
    named("heading", "heading/content", Text),
    named("heading_color", "heading/color", Color),
    named("subHeading", "subHeading/content", Text),
    named("subHeading_color", "subHeading/color", Color),
    f("position", Choice),
    named("buttonLabel", "buttonLabel/title", Text),
    named("buttonLabel_color", "buttonLabel/color", Color),
    named("buttonLabel_background", "buttonLabel/background", Color),
    f("urlButton", Link),
];

const HEAD_IMAGE: &[Field] = &[
    f("opacity_image", Number),
    f("change_slides_every", Number),
    f("show_content", Flag),
    named(
        "slides_desktop",
        "content/desktop",
        list(ListKind::SlidesDesktop, SLIDE),
    ),
    named(
        "slides_mobile",
        "content/mobile",
        list(ListKind::SlidesMobile, SLIDE),
    ),
];

/// §3.3 "Collection block: image, title, url".
const COLLECTION_BLOCK: &[Field] = &[f("image", Image), f("title", Text), f("url", Link)];

const COLLECTION_LIST: &[Field] = &[
    f("heading", Text),
    f("item_per_row", Number),
    f("item_per_row_mobile", Number),
    f("blocks", list(ListKind::Blocks, COLLECTION_BLOCK)),
];

/// §3.3 "Image-with-text block: position (mandatory), image, heading, content, button_label,
/// url_button".
const IMAGE_WITH_TEXT_BLOCK: &[Field] = &[
    f("position", Choice),
    f("image", Image),
    f("heading", Text),
    f("content", Multiline),
    f("button_label", Text),
    f("url_button", Link),
];

const IMAGE_WITH_TEXT: &[Field] = &[
    f("heading", Text),
    f("item_per_row", Number),
    f("item_per_row_mobile", Number),
    f("blocks", list(ListKind::Blocks, IMAGE_WITH_TEXT_BLOCK)),
];

/// §3.3 "Feature block: image, heading, content".
const FEATURE_BLOCK: &[Field] = &[
    f("image", Image),
    f("heading", Text),
    f("content", Multiline),
];

const FEATURE_CONTENT: &[Field] = &[
    f("heading", Text),
    f("item_per_row", Number),
    f("item_per_row_mobile", Number),
    f("blocks", list(ListKind::Blocks, FEATURE_BLOCK)),
];

/// §3.3 "Key feature block: image, title, description, url".
const KEY_FEATURE_BLOCK: &[Field] = &[
    f("image", Image),
    f("title", Text),
    f("description", Multiline),
    f("url", Link),
];

const KEY_FEATURES: &[Field] = &[
    f("heading", Text),
    f("item_per_row", Number),
    f("item_per_row_mobile", Number),
    f("blocks", list(ListKind::Blocks, KEY_FEATURE_BLOCK)),
];

/// §3.3 "Product review: settings.body_html (custom HTML)".
const PRODUCT_REVIEW: &[Field] = &[f("body_html", Multiline)];

/// §3.3 "Featured collection: show_sale_banners, heading, collection, align, item_per_row,
/// limit_product, buttonLabel, isTextLink".
const FEATURED_COLLECTION: &[Field] = &[
    f("heading", Text),
    f("collection", Collection),
    f("align", Choice),
    f("item_per_row", Number),
    f("limit_product", Number),
    f("buttonLabel", Text),
    f("isTextLink", Flag),
    f("show_sale_banners", Flag),
];

/// §3.3 "Slider product block: heading, item_per_row".
const SLIDER_BLOCK: &[Field] = &[f("heading", Text), f("item_per_row", Number)];

const SLIDER_PRODUCT: &[Field] = &[
    f("item_per_row", Number),
    f("blocks", list(ListKind::Blocks, SLIDER_BLOCK)),
];

/// §3.3 "Dual-collection: heading, collectionStart{heading,blocks}, featured_collection{heading,
/// collection}, collectionEnd{heading,blocks}".
const DUAL_COLLECTION: &[Field] = &[
    f("heading", Text),
    f(
        "collectionStart",
        Group(&[
            f("heading", Text),
            f("blocks", list(ListKind::CollectionStart, COLLECTION_BLOCK)),
        ]),
    ),
    f(
        "featured_collection",
        Group(&[f("heading", Text), f("collection", Collection)]),
    ),
    f(
        "collectionEnd",
        Group(&[
            f("heading", Text),
            f("blocks", list(ListKind::CollectionEnd, COLLECTION_BLOCK)),
        ]),
    ),
];

/// §3.3 "Flash deals: content{heading,blocks}; blocks are count-down (title, url, image, time) or
/// collection (title, url, product); detail.blocks{title,url,image}".
const FLASH_DEAL: &[Field] = &[
    named("heading", "content/heading", Text),
    named(
        "deal_blocks",
        "content/blocks",
        List(
            ListKind::FlashBlocks,
            Items::ByType(&[
                (
                    "count-down",
                    &[
                        f("title", Text),
                        f("url", Link),
                        f("image", Image),
                        f("time/day", Number),
                        f("time/hour", Number),
                        f("time/min", Number),
                    ],
                ),
                (
                    "collection",
                    &[f("title", Text), f("url", Link), f("product", Product)],
                ),
            ]),
        ),
    ),
    named(
        "detail_blocks",
        "detail/blocks",
        list(
            ListKind::FlashDetail,
            &[f("title", Text), f("url", Link), f("image", Image)],
        ),
    ),
];

const PRODUCT_WIDGET: &[Field] = &[f("heading", Text)];

/// §3.4 "Header".
const HEADER: &[Field] = &[
    f("logo_desktop", Image),
    f("logo_mobile", Image),
    f("size_logo/desktop", Number),
    f("size_logo/mobile", Number),
    f("main_menu", Menu),
    f("center_logo_on_mobile", Flag),
    f("enable_search", Flag),
    f("isShowAccount", Flag),
    f("show_top_bar", Flag),
    f("text_topbar", Text),
    f("image_topbar", Image),
    f("image_topbar_mobile", Image),
    f("topbar_url", Link),
];

/// §3.4 "Footer: logo, size_logo{desktop,mobile}, info, footer_menu, infoWithIcon[]{icon,title,
/// subTitle}, iconPayments[]{value}, copyright".
const FOOTER: &[Field] = &[
    f("logo", Image),
    f("size_logo/desktop", Number),
    f("size_logo/mobile", Number),
    f("info", Multiline),
    f("footer_menu", Menu),
    f(
        "infoWithIcon",
        list(
            ListKind::FooterInfo,
            &[f("icon", Image), f("title", Text), f("subTitle", Text)],
        ),
    ),
    f(
        "iconPayments",
        list(ListKind::PaymentIcons, &[f("value", Text)]),
    ),
    f("copyright", Text),
];

/// §3.4 "An older block-based footer has address, email, mobile, copyright, sub copyright,
/// logo, menu and payment icon blocks": each block is `{type, value}`.
pub(crate) const LEGACY_FOOTER_BLOCKS: &[(&str, &[Field])] = &[
    ("address", &[f("value", Multiline)]),
    ("email", &[f("value", Text)]),
    ("mobile", &[f("value", Text)]),
    ("copyright", &[f("value", Text)]),
    ("sub_copyright", &[f("value", Text)]),
    ("logo", &[f("value", Image)]),
    ("menu", &[f("value", Menu)]),
    ("payment_icon", &[f("value", Words)]),
];

/// §3.4 "An older block-based header has the same options as indexed config entries": each
/// block is `{type, value}`, its type one of the header's options.
pub(crate) const LEGACY_HEADER_BLOCKS: &[(&str, &[Field])] = &[
    ("logo_desktop", &[f("value", Image)]),
    ("logo_mobile", &[f("value", Image)]),
    ("main_menu", &[f("value", Menu)]),
    ("center_logo_on_mobile", &[f("value", Flag)]),
    ("enable_search", &[f("value", Flag)]),
    ("isShowAccount", &[f("value", Flag)]),
    ("show_top_bar", &[f("value", Flag)]),
    ("text_topbar", &[f("value", Text)]),
    ("image_topbar", &[f("value", Image)]),
    ("image_topbar_mobile", &[f("value", Image)]),
    ("topbar_url", &[f("value", Link)]),
];

const LEGACY_FOOTER: &[Field] = &[f(
    "blocks",
    List(ListKind::Legacy, Items::ByType(LEGACY_FOOTER_BLOCKS)),
)];

const LEGACY_HEADER: &[Field] = &[f(
    "blocks",
    List(ListKind::Legacy, Items::ByType(LEGACY_HEADER_BLOCKS)),
)];

/// The fields of a section type's settings; `legacy` for the block-based header and footer.
pub(crate) fn section_fields(section_type: SectionType, legacy: bool) -> &'static [Field] {
    use SectionType as S;
    match section_type {
        S::Header if legacy => LEGACY_HEADER,
        S::Footer if legacy => LEGACY_FOOTER,
        S::Header => HEADER,
        S::Footer => FOOTER,
        S::HeadImage => HEAD_IMAGE,
        S::CollectionList | S::StyleCollection => COLLECTION_LIST,
        S::ImageWithText => IMAGE_WITH_TEXT,
        S::FeatureContent => FEATURE_CONTENT,
        S::KeyFeatures => KEY_FEATURES,
        S::ProductReview => PRODUCT_REVIEW,
        S::FeaturedCollection => FEATURED_COLLECTION,
        S::SliderProduct => SLIDER_PRODUCT,
        S::ProductWithCollection => DUAL_COLLECTION,
        S::FlashDeal => FLASH_DEAL,
        S::ProductWidget => PRODUCT_WIDGET,
    }
}

// ------------------------------------------------------------------------------ settings groups

/// §3.4 "Colours"; the sale price only for hydro.
const COLORS: &[Field] = &[
    f("color_announcement_bar_background", Color),
    f("color_announcement_bar_text", Color),
    f("color_add_to_cart", Color),
    f("color_add_to_cart_label", Color),
    f("color_buy_now", Color),
    f("color_buy_now_label", Color),
    f("color_upsell_border", Color),
    f("color_upsell_background", Color),
    f("color_upsell_border_active", Color),
    f("color_upsell_background_active", Color),
    f("color_tag_background", Color),
    f("color_tag_text", Color),
    f("color_footer_background", Color),
    f("color_footer_text", Color),
    f("color_product_title", Color),
    f("color_product_icon", Color),
    f("color_price", Color),
    f("color_compare_at_price", Color),
    only(Hydro, "color_sale_price", Color),
    f("color_checkout_button", Color),
];

/// §3.4 "Typography".
const TYPOGRAPHY: &[Field] = &[
    f("type_header_family", Font(FontSlot::Header)),
    f("type_base_family", Font(FontSlot::Base)),
    f(
        "type_product_description_family",
        Font(FontSlot::ProductDescription),
    ),
    f("type_button_base_family", Font(FontSlot::ButtonBase)),
    f("font_size_product", Number),
    f("font_size_price", Number),
    f("font_size_compare_at_price", Number),
    f("font_size_sale_tag", Number),
    f("font_size_cart_button_text", Number),
];

/// §3.4 "Style".
const STYLE: &[Field] = &[
    f("maxLineDisplayProduct", Number),
    f("maxLineDisplayProductDetailDesktop", Number),
    f("maxLineDisplayProductDetailMobile", Number),
];

/// §3.3 "Currency: enabled_currency", and the currencies offered.
const CURRENCY: &[Field] = &[f("enabled_currency", Flag), f("currencies", Words)];

/// §3.4 "Trust badge", on the product and cart pages.
const TRUST_BADGE: Field = f(
    "trust_badge",
    Group(&[f("show_trust_badge_image", Flag), f("src/value", Image)]),
);

/// §9 "Checkout step layout: 1 cart page, 2 checkout page, 3 mini cart".
pub(crate) const CHECKOUT_STEP_LAYOUT_CHOICES: &[(u32, &str)] =
    &super::defaults::CHECKOUT_STEP_LAYOUTS;

/// §3.4 "Product".
const PRODUCT: &[Field] = &[
    f("heading", Text),
    f("enable_image_zoom", Flag),
    f("productRating", Flag),
    f("colorProductRating", Color),
    f("hideReviewSizes", Flag),
    f("isShowImageMobile", Flag),
    f("show_item_stock", Flag),
    f("show_collection", Flag),
    f("hideHurryBox", Flag),
    f("hideGuaranteed", Flag),
    f("addToCartSticky", Flag),
    f("hideAddToCart", Flag),
    f("show_description_variant", Flag),
    f("show_label_variant", Flag),
    f("isShowDesMobile", Flag),
    f("isShowDesDesktop", Flag),
    f("colorByXGetY", Color),
    f("color_watch", Choice),
    f("tags/show_tags", Flag),
    f(
        "layout",
        Group(&[
            f("variant_buttons", Flag),
            f("variant_style", Choice),
            f("show_price_saving", Flag),
            f("sale_type", Choice),
            f("special_layout_on_mobile", Flag),
            f("show_title_on_top_mobile", Flag),
        ]),
    ),
    f(
        "show_qty",
        Group(&[
            f("show_qty_box", Flag),
            f("show_qty_one_line", Flag),
            f("show_qty_same_line_button", Flag),
        ]),
    ),
    f(
        "options_setting",
        Group(&[f("hidden_one_value", Flag), f("click_select_variant", Flag)]),
    ),
    f("position_tab_detail", Choice),
    f("collapse_default", Flag),
    f("description_mobile_dropdown", Flag),
    f(
        "tabs-detail",
        list(
            ListKind::ProductTabs,
            &[
                f("heading", Text),
                f("content", Rich),
                f("collapse_default", Flag),
            ],
        ),
    ),
    f(
        "setting_description",
        list(
            ListKind::DescriptionTabs,
            &[f("heading", Text), f("content", Rich)],
        ),
    ),
    f(
        "setting_shipping",
        Group(&[
            f("show_shipping", Flag),
            f("show_policy", Flag),
            f("title", Text),
            f("time_shipping/from", Number),
            f("time_shipping/to", Number),
            f(
                "shipping_info",
                Group(&[
                    f("display", Flag),
                    f("content", Rich),
                    f("page_detail", Page),
                ]),
            ),
            f(
                "policy_info",
                Group(&[
                    f("display", Flag),
                    f("content", Rich),
                    f("page_detail", Page),
                ]),
            ),
        ]),
    ),
    TRUST_BADGE,
    f("checkoutStepLayout", Labelled(CHECKOUT_STEP_LAYOUT_CHOICES)),
    f(
        "image_detail",
        Group(&[f("isShow", Flag), f("image", Image), f("url", Link)]),
    ),
];

/// §3.4 "Checkout".
const CHECKOUT: &[Field] = &[
    f("show_time_countdown", Flag),
    f("time", Countdown),
    f("step", Number),
    f("checkout_description", Rich),
    f("isCustomerNote", Flag),
    f("logo_checkout", Image),
    f("customHtml", Multiline),
    f("customJs", Multiline),
];

/// §2.4 "cart (trust badge only)".
const CART: &[Field] = &[TRUST_BADGE];

/// §3.4 "Cart goal" (goalReached newchick) and "Cart upsell" (newchick only, §2.3).
const CART_GOAL: &[Field] = &[
    f("isShow", Flag),
    f("motivationalMessage", Text),
    f("goalAmount", Number),
    only(Newchick, "goalReached", Text),
    only(Newchick, "isShowMotivational", Flag),
    only(Newchick, "isShowCartUpsell", Flag),
    only(Newchick, "cartUpsellMessage", Text),
    only(Newchick, "buttonLabel", Text),
    only(Newchick, "url", Link),
];

/// §3.4 "Thank-you".
const THANK_YOU: &[Field] = &[
    named(
        "steps",
        "steps/settings",
        Group(&[
            f("isShowPage", Flag),
            f(
                "blocks",
                list(
                    ListKind::Steps,
                    &[f("name", Text), f("time", Number), f("unit", Choice)],
                ),
            ),
        ]),
    ),
    named(
        "delivery_policies",
        "delivery_policies/settings",
        Group(&[
            f("isShowPage", Flag),
            f(
                "blocks",
                list(ListKind::Policies, &[f("name", Text), f("content", Rich)]),
            ),
        ]),
    ),
];

/// §3.4 "Category".
const CATEGORY: &[Field] = &[
    f("show_banner", Flag),
    f("banner_desktop", Image),
    f("banner_mobile", Image),
    f("show_title_button", Flag),
    f("url", Link),
];

/// §3.4 "Popup".
const POPUP: &[Field] = &[
    f(
        "discount",
        Group(&[
            f("isShow", Flag),
            f("image", Image),
            f("title", Text),
            f("subTitle", Text),
            f("content", Multiline),
            f("placeholder", Text),
            f("button", Text),
        ]),
    ),
    f(
        "welcome",
        Group(&[
            f("isShow", Flag),
            f("title", Text),
            f("content", Multiline),
            f("code", Text),
            f("successTitle", Text),
            f("button", Text),
        ]),
    ),
    f(
        "subscribe",
        Group(&[
            f("isShow", Flag),
            f("title", Text),
            f("content", Multiline),
            f("button", Text),
        ]),
    ),
];

/// §3.3 "Element".
const ELEMENT: &[Field] = &[
    f("menu_basic", Flag),
    f("show_title_product_in_mobile", Flag),
    f(
        "search",
        Group(&[
            f("type_search_in_mobile", Choice),
            f(
                "suggestion_list",
                list(ListKind::Suggestions, &[f("value", Text)]),
            ),
            f("time_change_suggestion", Number),
        ]),
    ),
];

/// §2.4 "a test panel (an image, a text area, a text field)". Support's place to try the editor
/// on a store: saved with the theme, shown nowhere on the storefront (docs/decisions.md).
const TEST: &[Field] = &[f("image", Image), f("content", Multiline), f("title", Text)];

/// A settings group's wire name under `settings` and its fields.
pub(crate) fn group_fields(group: SettingsGroup) -> (&'static str, &'static [Field]) {
    use SettingsGroup as G;
    match group {
        G::Colors => ("colors", COLORS),
        G::Typography => ("typography", TYPOGRAPHY),
        G::Style => ("style", STYLE),
        G::Currency => ("currency", CURRENCY),
        G::Product => ("product", PRODUCT),
        G::Checkout => ("checkout", CHECKOUT),
        G::Cart => ("cart", CART),
        G::CartGoal => ("cart_goal", CART_GOAL),
        G::ThankYou => ("thankpage", THANK_YOU),
        G::Collection => ("category", CATEGORY),
        G::Popup => ("popup", POPUP),
        G::Element => ("element", ELEMENT),
        G::Test => ("test", TEST),
    }
}

/// The block types of an older block-based header or footer.
pub(crate) fn legacy_block_types(section_type: SectionType) -> Vec<&'static str> {
    legacy_blocks(section_type)
        .iter()
        .map(|(block_type, _)| *block_type)
        .collect()
}

fn legacy_blocks(section_type: SectionType) -> &'static [(&'static str, &'static [Field])] {
    match section_type {
        SectionType::Header => LEGACY_HEADER_BLOCKS,
        _ => LEGACY_FOOTER_BLOCKS,
    }
}

/// A new block of an older block-based header or footer, `{type, value}`, its value empty of
/// its kind (§9 "footer Mobile input default 000000000"); `None` for a type it does not have.
pub(crate) fn new_legacy_block(section_type: SectionType, block_type: &str) -> Option<Value> {
    let (_, fields) = legacy_blocks(section_type)
        .iter()
        .find(|(t, _)| *t == block_type)?;
    let value = match (block_type, fields.first().map(|f| f.kind)) {
        ("mobile", _) => json!(super::defaults::FOOTER_MOBILE),
        (_, Some(Kind::Words)) => json!([]),
        (_, Some(Kind::Flag)) => json!(false),
        (_, Some(Kind::Link)) => super::defaults::link(""),
        _ => json!(""),
    };
    Some(json!({ "type": block_type, "value": value }))
}
