//! Typed views of the page-level settings groups (spec §3.4).

use serde_json::Value;

use super::{ThemeLink, view};

view! {
    /// The settings groups of a theme (spec §3.2).
    ThemeSettings {
        colors: ColorSettings,
        typography: TypographySettings,
        product: ProductSettings,
        style: StyleSettings,
        element: ElementSettings,
        currency: CurrencySettings,
        popup: PopupSettings,
        cart: CartSettings,
        cart_goal: CartGoalSettings,
        checkout: CheckoutSettings,
        thankpage: ThankPageSettings,
        category: CategorySettings,
    }
}

view! {
    /// Colours (spec §3.4, §9). Only the colours with a default in §9 are named; the many other
    /// `color_*` fields are kept in `extra`.
    ColorSettings {
        color_checkout_button: String,
        color_price: String,
        color_add_to_cart: String,
        color_buy_now: String,
        color_upsell_background: String,
        color_sale_price: String,
    }
}

view! {
    /// One font choice: family, weight style, stylesheet url and key.
    FontChoice { font: String, style: String, url: String, key: String }
}

view! {
    /// Typography: four font choices and five sizes in px (8 to 80).
    TypographySettings {
        type_header_family: FontChoice,
        type_base_family: FontChoice,
        type_product_description_family: FontChoice,
        type_button_base_family: FontChoice,
        font_size_product: u32,
        font_size_price: u32,
        font_size_compare_at_price: u32,
        font_size_sale_tag: u32,
        font_size_cart_button_text: u32,
    }
}

view! {
    /// Product tags.
    ProductTags { show_tags: bool }
}

view! {
    /// Product page layout.
    ProductLayout {
        variant_buttons: bool,
        show_price_saving: bool,
        special_layout_on_mobile: bool,
        sale_type: String,
        variant_style: String,
        show_title_on_top_mobile: bool,
    }
}

view! {
    /// Quantity box options.
    ShowQty { show_qty_box: bool, show_qty_one_line: bool, show_qty_same_line_button: bool }
}

view! {
    /// Variant options.
    OptionsSetting { hidden_one_value: bool, click_select_variant: bool }
}

view! {
    /// A product tab (at most 5; a tab whose display is `description` cannot be deleted).
    ProductTab {
        heading: String,
        id: String,
        r#type: String,
        display: String,
        content: String,
        collapse_default: bool,
    }
}

view! {
    /// Shipping time range in days (0 to 100).
    TimeShipping { from: u32, to: u32 }
}

view! {
    /// A shipping or policy info line.
    InfoDisplay {
        display: bool,
        content: String,
        #[ts(type = "unknown")]
        #[serde(with = "super::keep_null")]
        page_detail: Value,
    }
}

view! {
    /// Shipping settings of the product page.
    SettingShipping {
        show_shipping: bool,
        show_policy: bool,
        title: String,
        time_shipping: TimeShipping,
        shipping_info: InfoDisplay,
        policy_info: InfoDisplay,
    }
}

view! {
    /// The image source of the trust badge.
    TrustBadgeSrc { value: String }
}

view! {
    /// Trust badge.
    TrustBadge { show_trust_badge_image: bool, src: TrustBadgeSrc }
}

view! {
    /// A description tab (at most 3).
    DescriptionTab { heading: String, id: String, display: String, content: String }
}

view! {
    /// An image on the product detail.
    ImageDetail { isShow: bool, image: String, url: ThemeLink }
}

view! {
    /// Product page settings (spec §3.4), wire names as stored.
    ProductSettings {
        enable_image_zoom: bool,
        productRating: bool,
        hideReviewSizes: bool,
        isShowImageMobile: bool,
        show_item_stock: bool,
        show_collection: bool,
        hideHurryBox: bool,
        hideGuaranteed: bool,
        addToCartSticky: bool,
        show_description_variant: bool,
        show_label_variant: bool,
        isShowDesMobile: bool,
        isShowDesDesktop: bool,
        hideAddToCart: bool,
        colorProductRating: String,
        colorByXGetY: String,
        color_watch: String,
        tags: ProductTags,
        layout: ProductLayout,
        show_qty: ShowQty,
        position_tab_detail: String,
        options_setting: OptionsSetting,
        #[serde(rename = "tabs-detail")]
        #[ts(rename = "tabs-detail")]
        tabs_detail: Vec<ProductTab>,
        setting_shipping: SettingShipping,
        trust_badge: TrustBadge,
        #[ts(type = "number | string")]
        #[serde(with = "super::keep_null")]
        checkoutStepLayout: Value,
        setting_description: Vec<DescriptionTab>,
        collapse_default: bool,
        description_mobile_dropdown: bool,
        image_detail: ImageDetail,
        heading: String,
    }
}

view! {
    /// Maximum lines of product titles.
    StyleSettings {
        #[ts(type = "number | string")]
        #[serde(with = "super::keep_null")]
        maxLineDisplayProduct: Value,
        #[ts(type = "number | string")]
        #[serde(with = "super::keep_null")]
        maxLineDisplayProductDetailDesktop: Value,
        #[ts(type = "number | string")]
        #[serde(with = "super::keep_null")]
        maxLineDisplayProductDetailMobile: Value,
    }
}

view! {
    /// A search suggestion.
    Suggestion { value: String }
}

view! {
    /// Search element options.
    SearchElement {
        type_search_in_mobile: String,
        suggestion_list: Vec<Suggestion>,
        time_change_suggestion: u32,
    }
}

view! {
    /// Element settings (newchick).
    ElementSettings {
        menu_basic: bool,
        show_title_product_in_mobile: bool,
        search: SearchElement,
    }
}

view! {
    /// Currency settings.
    CurrencySettings { enabled_currency: bool }
}

view! {
    /// The discount popup.
    DiscountPopup {
        isShow: bool,
        image: String,
        title: String,
        subTitle: String,
        content: String,
        placeholder: String,
        button: String,
    }
}

view! {
    /// The welcome popup.
    WelcomePopup {
        isShow: bool,
        title: String,
        content: String,
        code: String,
        successTitle: String,
        button: String,
    }
}

view! {
    /// The subscribe popup.
    SubscribePopup { isShow: bool, title: String, content: String, button: String }
}

view! {
    /// Popups (newchick).
    PopupSettings { discount: DiscountPopup, welcome: WelcomePopup, subscribe: SubscribePopup }
}

view! {
    /// Cart settings (the trust badge only).
    CartSettings { trust_badge: TrustBadge }
}

view! {
    /// Cart goal (and, for newchick, the cart upsell fields).
    CartGoalSettings {
        isShow: bool,
        motivationalMessage: String,
        #[ts(type = "number | string")]
        #[serde(with = "super::keep_null")]
        goalAmount: Value,
        goalReached: String,
        isShowMotivational: bool,
        isShowCartUpsell: bool,
        cartUpsellMessage: String,
        buttonLabel: String,
        url: ThemeLink,
    }
}

view! {
    /// The checkout countdown: days, hours, minutes and the end instant in ms.
    CountdownTime {
        #[ts(type = "number | string")]
        #[serde(with = "super::keep_null")]
        day: Value,
        #[ts(type = "number | string")]
        #[serde(with = "super::keep_null")]
        hour: Value,
        #[ts(type = "number | string")]
        #[serde(with = "super::keep_null")]
        min: Value,
        getTime: f64,
    }
}

view! {
    /// Checkout settings.
    CheckoutSettings {
        time: CountdownTime,
        show_time_countdown: bool,
        checkout_description: String,
        isCustomerNote: bool,
        logo_checkout: String,
        customJs: String,
        customHtml: String,
        #[ts(type = "number | string")]
        #[serde(with = "super::keep_null")]
        step: Value,
    }
}

view! {
    /// A thank-you step; default steps have `isEdit` false and cannot be deleted.
    ThankYouStep {
        name: String,
        isEdit: bool,
        unit: String,
        #[ts(type = "number | string")]
        #[serde(with = "super::keep_null")]
        time: Value,
    }
}

view! {
    /// The settings of the thank-you steps.
    StepsSettings { isShowPage: bool, blocks: Vec<ThankYouStep> }
}

view! {
    /// The thank-you steps.
    ThankYouSteps { settings: StepsSettings }
}

view! {
    /// A delivery policy (at most 3).
    DeliveryPolicy { name: String, content: String }
}

view! {
    /// The settings of the delivery policies.
    PoliciesSettings { isShowPage: bool, blocks: Vec<DeliveryPolicy> }
}

view! {
    /// The delivery policies.
    DeliveryPolicies { settings: PoliciesSettings }
}

view! {
    /// Thank-you page settings.
    ThankPageSettings { steps: ThankYouSteps, delivery_policies: DeliveryPolicies }
}

view! {
    /// Category page settings.
    CategorySettings {
        banner_desktop: String,
        banner_mobile: String,
        show_banner: bool,
        show_title_button: bool,
        url: ThemeLink,
    }
}
