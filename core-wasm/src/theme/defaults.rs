//! Every default of the theme editor in one place (editor-and-analytics.md §9 unless noted), each
//! citing its spec line. New sections, new list items and values missing from a stored config
//! come from here.

use serde_json::{Value, json};
use shared_types::theme::{Device, SectionType};

/// §9 "Slideshow defaults: opacity 50".
pub const SLIDESHOW_OPACITY: u32 = 50;
/// §9 "change every 4 s".
pub const SLIDESHOW_CHANGE_EVERY_SECONDS: u32 = 4;
/// §9 "(head-image default 6 s)".
pub const HEAD_IMAGE_CHANGE_EVERY_SECONDS: u32 = 6;
/// §9 "New slide: heading Walk the walk.".
pub const NEW_SLIDE_HEADING: &str = "Walk the walk.";
/// §9 "button label Shop Now Test".
pub const NEW_SLIDE_BUTTON_LABEL: &str = "Shop Now Test";
/// §9 "link name home".
pub const NEW_SLIDE_LINK_NAME: &str = "home";
/// §9 "position center".
pub const NEW_SLIDE_POSITION: &str = "center";
/// §3.3 "position (left, center, right)" of a slide.
pub const SLIDE_POSITIONS: [&str; 3] = ["left", "center", "right"];

/// §9 "Checkout button colour default #0082E5".
pub const COLOR_CHECKOUT_BUTTON: &str = "#0082E5";
/// §9 "price #0d9ef2".
pub const COLOR_PRICE: &str = "#0d9ef2";
/// §9 "cart button #548226".
pub const COLOR_CART_BUTTON: &str = "#548226";
/// §9 "buy-now #EF4444".
pub const COLOR_BUY_NOW: &str = "#EF4444";
/// §9 "upsell background #FFF9F0".
pub const COLOR_UPSELL_BACKGROUND: &str = "#FFF9F0";

/// The storefront's colours where §9 gives none: text on a coloured button or bar, the upsell
/// border, sale prices and tags, the announcement bar, the footer, product titles, compare-at
/// prices and rating stars.
pub const COLOR_ON_BUTTON: &str = "#FFFFFF";
pub const COLOR_UPSELL_BORDER: &str = "#F5A623";
pub const COLOR_SALE: &str = "#E02020";
pub const COLOR_BAR_BACKGROUND: &str = "#111111";
pub const COLOR_FOOTER_BACKGROUND: &str = "#1F1F1F";
pub const COLOR_FOOTER_TEXT: &str = "#EDEDED";
pub const COLOR_PRODUCT_TITLE: &str = "#222222";
pub const COLOR_COMPARE_AT_PRICE: &str = "#8A8A8A";
pub const COLOR_RATING: &str = "#FFB400";
/// A desktop slide's text and button colours (§3.3 "Some defaults use separate desktop/mobile
/// colours"; the spec gives no values): white text, a black button with a white label.
pub const SLIDE_TEXT_COLOR: &str = "#FFFFFF";
pub const SLIDE_BUTTON_BACKGROUND: &str = "#000000";
pub const SLIDE_BUTTON_LABEL_COLOR: &str = "#FFFFFF";
/// A mobile slide's: white text, a white button with a dark label, which stands out on the
/// smaller image where a dark button would not.
pub const SLIDE_TEXT_COLOR_MOBILE: &str = "#FFFFFF";
pub const SLIDE_BUTTON_BACKGROUND_MOBILE: &str = "#FFFFFF";
pub const SLIDE_BUTTON_LABEL_COLOR_MOBILE: &str = "#111111";
/// §3.3 "Featured collection: ... align": where its heading and button sit.
pub const ALIGNMENTS: [&str; 3] = ["left", "center", "right"];
/// §3.2 "a special fixed slug means all collections (value not shown)": the storefront's
/// `/collections/all`.
pub const ALL_COLLECTIONS_SLUG: &str = "all";
/// The name of a link to all collections.
pub const ALL_COLLECTIONS_NAME: &str = "All collections";

/// The storefront's type sizes in px where a config has none (within §5's 8 to 80).
pub const FONT_SIZE_PRODUCT: u32 = 16;
pub const FONT_SIZE_PRICE: u32 = 18;
pub const FONT_SIZE_COMPARE_AT_PRICE: u32 = 14;
pub const FONT_SIZE_SALE_TAG: u32 = 12;
pub const FONT_SIZE_CART_BUTTON_TEXT: u32 = 16;
/// The weights shown where a font choice has none: headings bold, buttons semi-bold, text regular.
pub const FONT_WEIGHT_HEADINGS: &str = "700";
pub const FONT_WEIGHT_BUTTONS: &str = "600";
pub const FONT_WEIGHT_TEXT: &str = "400";
/// Lines of a product title on its own page (desktop and mobile) where a config has none.
pub const MAX_LINE_DISPLAY_PRODUCT_DETAIL: u32 = 2;
/// Seconds between search suggestions where a config has none (within §5's 1 to 5).
pub const SEARCH_SUGGESTION_SECONDS: u32 = 3;
/// Shipping time in days shown on the product page where a config has none (within §5's 0-100).
pub const SHIPPING_DAYS_FROM: u32 = 3;
pub const SHIPPING_DAYS_TO: u32 = 7;

/// §9 "New product tab: heading Tab new, type custom, display html".
pub const NEW_PRODUCT_TAB_HEADING: &str = "Tab new";
pub const NEW_PRODUCT_TAB_TYPE: &str = "custom";
pub const NEW_PRODUCT_TAB_DISPLAY: &str = "html";
/// §4 "Tabs with display description cannot be deleted".
pub const UNDELETABLE_TAB_DISPLAY: &str = "description";
/// §9 "New step: name Custom step, 1 day, editable".
pub const NEW_STEP_NAME: &str = "Custom step";
pub const NEW_STEP_TIME: u32 = 1;
pub const NEW_STEP_UNIT: &str = "days";
/// §5 "Step time is a number with unit days, hours or minutes".
pub const STEP_UNITS: [&str; 3] = ["days", "hours", "minutes"];
/// §9 "New delivery policy name Delivery policy".
pub const NEW_DELIVERY_POLICY_NAME: &str = "Delivery policy";
/// §9 "New description tab heading Heading".
pub const NEW_DESCRIPTION_TAB_HEADING: &str = "Heading";
/// §9 "New footer info: title High-quality Goods, subtitle Enjoy top quality items for less."
pub const NEW_FOOTER_INFO_TITLE: &str = "High-quality Goods";
pub const NEW_FOOTER_INFO_SUBTITLE: &str = "Enjoy top quality items for less.";

/// §9 "Checkout step layout: 1 cart page, 2 checkout page, 3 mini cart".
pub const CHECKOUT_STEP_LAYOUTS: [(u32, &str); 3] =
    [(1, "cart page"), (2, "checkout page"), (3, "mini cart")];
/// §9 "Sale type: amount or percent".
pub const SALE_TYPES: [&str; 2] = ["amount", "percent"];
/// §9 "Variant style: button or dropdown".
pub const VARIANT_STYLES: [&str; 2] = ["button", "dropdown"];
/// §9 "Description position: right or below" (stored as `position_tab_detail`).
pub const DESCRIPTION_POSITIONS: [&str; 2] = ["right", "below"];
/// §3.4 "color_watch (Square or Circle, default Square)".
pub const COLOR_WATCH_SHAPES: [&str; 2] = ["Square", "Circle"];
pub const COLOR_WATCH_DEFAULT: &str = "Square";
/// §3.3 "search.type_search_in_mobile (icon or input)".
pub const SEARCH_TYPES_IN_MOBILE: [&str; 2] = ["icon", "input"];
/// §3.3 flash-deal blocks "are type count-down ... or collection".
pub const FLASH_DEAL_BLOCK_TYPES: [&str; 2] = ["count-down", "collection"];

/// §9 "Defaults when missing: checkout countdown 10 minutes".
pub const CHECKOUT_COUNTDOWN_DAYS: u32 = 0;
pub const CHECKOUT_COUNTDOWN_HOURS: u32 = 0;
pub const CHECKOUT_COUNTDOWN_MINUTES: u32 = 10;
/// §9 "show_time_countdown true".
pub const SHOW_TIME_COUNTDOWN: bool = true;
/// §9 "step 1".
pub const CHECKOUT_STEP: u32 = 1;
/// §9 "category banner hidden".
pub const CATEGORY_SHOW_BANNER: bool = false;
/// §9 "header and footer logo size desktop 50, mobile 32".
pub const LOGO_SIZE_DESKTOP: u32 = 50;
pub const LOGO_SIZE_MOBILE: u32 = 32;
/// §9 "maxLineDisplayProduct 1".
pub const MAX_LINE_DISPLAY_PRODUCT: u32 = 1;
/// §9 "flash deal countdown 5 days".
pub const FLASH_DEAL_COUNTDOWN_DAYS: u32 = 5;
/// §9 "featured collection 4 per row".
pub const FEATURED_COLLECTION_PER_ROW: u32 = 4;
/// §9 "limit_product 18".
pub const FEATURED_COLLECTION_LIMIT_PRODUCT: u32 = 18;
/// §9 "button label View more".
pub const FEATURED_COLLECTION_BUTTON_LABEL: &str = "View more";
/// §9 "collection list 3 per row, 2 mobile".
pub const COLLECTION_LIST_PER_ROW: u32 = 3;
pub const COLLECTION_LIST_PER_ROW_MOBILE: u32 = 2;
/// §9 "image_with_text 3 per row".
pub const IMAGE_WITH_TEXT_PER_ROW: u32 = 3;
/// §9 "slider-product 5 per row".
pub const SLIDER_PRODUCT_PER_ROW: u32 = 5;
/// §9 "maxBlock 5" (product tabs; the limit itself is `limits::PRODUCT_TABS_MAX`).
pub const MAX_BLOCK: u32 = 5;
/// §9 "welcome popup title Welcome".
pub const WELCOME_POPUP_TITLE: &str = "Welcome";
/// §9 "subscribe popup text offers 15% off". The spec paraphrases the text; this is the wording
/// used until the exact one is known.
pub const SUBSCRIBE_POPUP_CONTENT: &str = "Subscribe and get 15% off your first order.";
/// §9 "thank-you steps Order Placed, Order Processing, Packaging & Quality Control, Shipped".
pub const THANK_YOU_STEP_NAMES: [&str; 4] = [
    "Order Placed",
    "Order Processing",
    "Packaging & Quality Control",
    "Shipped",
];
/// §9 "(processing and packaging default 1 day)".
pub const THANK_YOU_STEP_DAYS: u32 = 1;
/// §9 "delivery policies Production time, Shipping time".
pub const DELIVERY_POLICY_NAMES: [&str; 2] = ["Production time", "Shipping time"];
/// §9 "footer Mobile input default 000000000".
pub const FOOTER_MOBILE: &str = "000000000";
/// §9 (the sample cart goal): "sample cart goal 80".
pub const CART_GOAL_AMOUNT: u32 = 80;

// §9 "Default font families: Alata, Mulish, ... Be Vietnam Pro" are the font catalogue
// (`super::fonts::FONT_CATALOGUE`), each with the weights its font service serves.

/// §9 "Weight labels 100 Thin to 950 Extra Black plus italic variants". Each weight is stored as
/// its style code (`400`, `400italic`); the label is what the picker shows.
pub const FONT_WEIGHTS: [(&str, &str); 10] = [
    ("100", "100 Thin"),
    ("200", "200 Extra Light"),
    ("300", "300 Light"),
    ("400", "400 Regular"),
    ("500", "500 Medium"),
    ("600", "600 Semi Bold"),
    ("700", "700 Bold"),
    ("800", "800 Extra Bold"),
    ("900", "900 Black"),
    ("950", "950 Extra Black"),
];

/// The label of a weight style code (`700italic` is "700 Bold Italic"), if it is one.
pub fn font_weight_label(style: &str) -> Option<String> {
    let (code, italic) = match style.strip_suffix("italic") {
        Some(code) => (code, true),
        None => (style, false),
    };
    let (_, label) = FONT_WEIGHTS.iter().find(|(c, _)| *c == code)?;
    Some(if italic {
        format!("{label} Italic")
    } else {
        (*label).to_owned()
    })
}

/// An empty link object (§3.2): parent, slug, name and `params.slug`.
pub fn link(name: &str) -> Value {
    json!({ "parent": "home", "slug": "", "name": name, "params": { "slug": "" } })
}

/// A new slide of a device's list (§9 "New slide"; §3.3 "Some defaults use separate
/// desktop/mobile colours").
pub fn new_slide(device: Device) -> Value {
    let (text, background, label) = slide_colors(device);
    json!({
        "image": "",
        "media": "",
        "heading": { "content": NEW_SLIDE_HEADING, "color": text },
        "subHeading": { "content": "", "color": text },
        "position": NEW_SLIDE_POSITION,
        "buttonLabel": { "title": NEW_SLIDE_BUTTON_LABEL, "color": label, "background": background },
        "urlButton": link(NEW_SLIDE_LINK_NAME),
    })
}

/// A device's slide colours: text, button background, button label.
pub fn slide_colors(device: Device) -> (&'static str, &'static str, &'static str) {
    match device {
        Device::Desktop => (
            SLIDE_TEXT_COLOR,
            SLIDE_BUTTON_BACKGROUND,
            SLIDE_BUTTON_LABEL_COLOR,
        ),
        Device::Mobile => (
            SLIDE_TEXT_COLOR_MOBILE,
            SLIDE_BUTTON_BACKGROUND_MOBILE,
            SLIDE_BUTTON_LABEL_COLOR_MOBILE,
        ),
    }
}

/// A new product tab with its id (§9 "New product tab").
pub fn new_product_tab(id: &str) -> Value {
    json!({
        "heading": NEW_PRODUCT_TAB_HEADING,
        "id": id,
        "type": NEW_PRODUCT_TAB_TYPE,
        "display": NEW_PRODUCT_TAB_DISPLAY,
        "content": "",
        "collapse_default": false,
    })
}

/// A new custom thank-you step (§9 "New step: name Custom step, 1 day, editable").
pub fn new_step() -> Value {
    json!({ "name": NEW_STEP_NAME, "isEdit": true, "unit": NEW_STEP_UNIT, "time": NEW_STEP_TIME })
}

/// The default thank-you steps (§9), not editable and not deletable (§4).
pub fn default_steps() -> Value {
    let steps: Vec<Value> = THANK_YOU_STEP_NAMES
        .iter()
        .enumerate()
        .map(|(i, name)| {
            if i == 1 || i == 2 {
                json!({ "name": name, "isEdit": false, "unit": "days", "time": THANK_YOU_STEP_DAYS })
            } else {
                json!({ "name": name, "isEdit": false })
            }
        })
        .collect();
    Value::Array(steps)
}

/// A new delivery policy (§9).
pub fn new_delivery_policy() -> Value {
    json!({ "name": NEW_DELIVERY_POLICY_NAME, "content": "" })
}

/// The default delivery policies (§9).
pub fn default_delivery_policies() -> Value {
    Value::Array(
        DELIVERY_POLICY_NAMES
            .iter()
            .map(|name| json!({ "name": name, "content": "" }))
            .collect(),
    )
}

/// A new description tab with its id (§9 "New description tab heading Heading").
pub fn new_description_tab(id: &str) -> Value {
    json!({ "heading": NEW_DESCRIPTION_TAB_HEADING, "id": id, "content": "" })
}

/// A new footer info line (§9 "New footer info").
pub fn new_footer_info() -> Value {
    json!({ "icon": "", "title": NEW_FOOTER_INFO_TITLE, "subTitle": NEW_FOOTER_INFO_SUBTITLE })
}

/// The checkout countdown when missing (§9 "checkout countdown 10 minutes").
pub fn checkout_countdown() -> Value {
    json!({
        "day": CHECKOUT_COUNTDOWN_DAYS,
        "hour": CHECKOUT_COUNTDOWN_HOURS,
        "min": CHECKOUT_COUNTDOWN_MINUTES,
    })
}

/// A new flash-deal content block of a type (§3.3; §9 "flash deal countdown 5 days").
pub fn new_flash_deal_block(block_type: &str) -> Value {
    if block_type == "collection" {
        json!({ "type": "collection", "title": "", "url": link(""), "product": null })
    } else {
        json!({
            "type": "count-down",
            "title": "",
            "url": link(""),
            "image": "",
            "time": { "day": FLASH_DEAL_COUNTDOWN_DAYS, "hour": 0, "min": 0 },
        })
    }
}

/// A new flash-deal detail block (§3.3 "settings.detail.blocks{title,url,image}").
pub fn new_flash_detail_block() -> Value {
    json!({ "title": "", "url": link(""), "image": "" })
}

/// A new block of a section's `settings.blocks` (§3.3), by section type.
pub fn new_block(section_type: SectionType) -> Value {
    match section_type {
        SectionType::ImageWithText => json!({
            "position": "left", "image": "", "heading": "", "content": "",
            "button_label": "", "url_button": link(""),
        }),
        SectionType::FeatureContent => json!({ "image": "", "heading": "", "content": "" }),
        SectionType::KeyFeatures => {
            json!({ "image": "", "title": "", "description": "", "url": link("") })
        }
        SectionType::SliderProduct => {
            json!({ "heading": "", "item_per_row": SLIDER_PRODUCT_PER_ROW })
        }
        _ => json!({ "image": "", "title": "", "url": link("") }),
    }
}

/// The settings of a new section of a type (§9 "Defaults when missing" and "Slideshow defaults").
pub fn section_settings(section_type: SectionType) -> Value {
    match section_type {
        SectionType::HeadImage => json!({
            "opacity_image": SLIDESHOW_OPACITY,
            "change_slides_every": SLIDESHOW_CHANGE_EVERY_SECONDS,
            "show_content": true,
            "content": { "desktop": [new_slide(Device::Desktop)], "mobile": [new_slide(Device::Mobile)] },
        }),
        SectionType::FeaturedCollection => json!({
            "show_sale_banners": false,
            "heading": "",
            "collection": { "title": "", "image": "" },
            "align": "center",
            "item_per_row": FEATURED_COLLECTION_PER_ROW,
            "limit_product": FEATURED_COLLECTION_LIMIT_PRODUCT,
            "buttonLabel": FEATURED_COLLECTION_BUTTON_LABEL,
            "isTextLink": false,
        }),
        SectionType::CollectionList | SectionType::StyleCollection => json!({
            "heading": "",
            "item_per_row": COLLECTION_LIST_PER_ROW,
            "item_per_row_mobile": COLLECTION_LIST_PER_ROW_MOBILE,
            "blocks": [],
        }),
        SectionType::ImageWithText => json!({
            "heading": "",
            "item_per_row": IMAGE_WITH_TEXT_PER_ROW,
            "blocks": [new_block(SectionType::ImageWithText)],
        }),
        SectionType::FeatureContent | SectionType::KeyFeatures => json!({
            "heading": "",
            "item_per_row": COLLECTION_LIST_PER_ROW,
            "item_per_row_mobile": COLLECTION_LIST_PER_ROW_MOBILE,
            "blocks": [],
        }),
        SectionType::SliderProduct => json!({
            "item_per_row": SLIDER_PRODUCT_PER_ROW,
            "blocks": [],
        }),
        SectionType::ProductReview => json!({ "body_html": "" }),
        SectionType::ProductWithCollection => json!({
            "heading": "",
            "collectionStart": { "heading": "", "blocks": [] },
            "featured_collection": { "heading": "", "collection": { "title": "", "image": "" } },
            "collectionEnd": { "heading": "", "blocks": [] },
        }),
        SectionType::FlashDeal => json!({
            "content": { "heading": "", "blocks": [new_flash_deal_block("count-down")] },
            "detail": { "blocks": [] },
        }),
        SectionType::ProductWidget => json!({ "heading": "" }),
        SectionType::Header | SectionType::Footer => json!({
            "size_logo": { "desktop": LOGO_SIZE_DESKTOP, "mobile": LOGO_SIZE_MOBILE },
        }),
    }
}
