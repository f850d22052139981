//! Editor helpers (spec §2.3): the section list, the settings groups per family and page, the
//! preview page a panel switches to, the preview address, and the addable section types.

use serde_json::Value;
use shared_types::theme::{
    EditorPage, FamilyView, PreviewChange, PreviewPage, SectionListItem, SectionType,
    SettingsGroup, SettingsGroupView, ThemeFamily,
};

use super::commands::{HOME_SECTIONS, ordered_keys};
use super::doc::{ThemeDoc, get_at, parse_pointer};

/// The display label of a family (spec §1).
pub fn family_label(family: ThemeFamily) -> &'static str {
    match family {
        ThemeFamily::Hydro => "DEFAULT",
        ThemeFamily::Newchick => "FASHION",
    }
}

/// The family of a document with its label.
pub fn family_view(doc: &ThemeDoc) -> FamilyView {
    let family = doc.family();
    FamilyView {
        family,
        label: family_label(family).to_owned(),
    }
}

/// The Sections tab (spec §2.3): the header, the homepage sections in order, then the footer.
/// §2.3 hides slider-product sections from the list; they are listed here, because the
/// storefront shows them and a section the merchant cannot reach cannot be edited or removed
/// (docs/decisions.md).
pub fn section_list(doc: &ThemeDoc) -> Vec<SectionListItem> {
    let mut items = Vec::new();
    let fixed = |key: &str| {
        get_at(doc.value(), &["pages", "fixed", "sections", key]).map(|section| SectionListItem {
            key: key.to_owned(),
            section_type: type_of(section),
            index: None,
            fixed: true,
        })
    };
    items.extend(fixed("header"));
    if let Some(Value::Object(sections)) = get_at(doc.value(), &HOME_SECTIONS) {
        for (position, key) in ordered_keys(sections).into_iter().enumerate() {
            let section_type = sections.get(&key).map(type_of).unwrap_or_default();
            items.push(SectionListItem {
                key,
                section_type,
                index: Some(position as u32),
                fixed: false,
            });
        }
    }
    items.extend(fixed("footer"));
    items
}

fn type_of(section: &Value) -> String {
    section
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

/// The section types the Add Section picker offers (spec §2.3 "lists the addable types per
/// theme"). The spec does not list them; the decision: header and footer are fixed and never
/// added, and the sections only the fashion layout renders (style collection, dual collection,
/// flash deal) are offered for newchick only.
pub fn addable_section_types(family: ThemeFamily) -> Vec<SectionType> {
    use SectionType as S;
    let mut types = vec![
        S::HeadImage,
        S::CollectionList,
        S::ImageWithText,
        S::FeatureContent,
        S::FeaturedCollection,
        S::KeyFeatures,
        S::ProductReview,
        S::ProductWidget,
        S::SliderProduct,
    ];
    if family == ThemeFamily::Newchick {
        types.extend([S::StyleCollection, S::ProductWithCollection, S::FlashDeal]);
    }
    types
}

fn group(group: SettingsGroup, panel: &str, with_upsell: bool) -> SettingsGroupView {
    SettingsGroupView {
        group,
        panel: panel.to_owned(),
        preview_page: preview_page_for_panel(panel),
        with_upsell,
    }
}

/// The Setting tab's groups for a family and the selected page (spec §2.3). The page selector
/// offers only Home and Product; the groups of the other pages (checkout, cart, thank-you,
/// collections) are reached from Home and switch the preview to their page when opened. So Home
/// shows every group but Product, and Product shows the product group. The test panel (§2.4)
/// shows on Home only with full settings (§6 `showFullSettings`: support's accounts).
pub fn settings_groups(
    family: ThemeFamily,
    page: EditorPage,
    full_settings: bool,
) -> Vec<SettingsGroupView> {
    let newchick = family == ThemeFamily::Newchick;
    if page == EditorPage::Product {
        return vec![group(SettingsGroup::Product, "product-separate", false)];
    }
    let mut groups = vec![
        group(SettingsGroup::Colors, "colors-setting", false),
        group(SettingsGroup::Typography, "typography-setting", false),
        group(SettingsGroup::Style, "style-setting", false),
        group(SettingsGroup::Currency, "currency-setting", false),
    ];
    if newchick {
        groups.push(group(SettingsGroup::Popup, "popup-setting", false));
        groups.push(group(SettingsGroup::Element, "element-setting", false));
    }
    groups.push(group(SettingsGroup::Checkout, "checkout-setting", false));
    groups.push(group(SettingsGroup::Cart, "cart-setting", false));
    groups.push(group(
        SettingsGroup::CartGoal,
        "cart-goal-setting",
        newchick,
    ));
    groups.push(group(SettingsGroup::ThankYou, "thankpage-separate", false));
    if newchick {
        groups.push(group(SettingsGroup::Collection, "category", false));
    }
    if full_settings {
        groups.push(group(SettingsGroup::Test, "test-setting", false));
    }
    groups
}

/// The preview page a panel switches to (spec §2.3), if any.
pub fn preview_page_for_panel(panel: &str) -> Option<PreviewPage> {
    match panel {
        "product-separate" | "colors-setting" | "typography-setting" => Some(PreviewPage::Product),
        "cart-setting" | "cart-goal-setting" => Some(PreviewPage::Cart),
        "thankpage-separate" => Some(PreviewPage::Order),
        "category" => Some(PreviewPage::Category),
        _ => None,
    }
}

/// The settings groups that only the storefront's stylesheet and font links read (spec §3.4
/// colours, typography and style): a change there restyles the page without redrawing it.
pub const PREVIEW_STYLE_GROUPS: [&str; 3] = ["colors", "typography", "style"];

/// The fixed page's sections (header and footer), shown on every page.
const FIXED_SECTIONS: [&str; 3] = ["pages", "fixed", "sections"];

/// What the preview must render again after changes at `paths` (preview protocol), or `None`
/// for the whole page. A path inside a section's content (`/pages/homepage/sections/{key}/
/// settings/...` or `/pages/fixed/sections/header/...`, any field of the section but its `key`,
/// `type` and `index`) names that section; a path inside one of the [`PREVIEW_STYLE_GROUPS`]
/// (`/settings/colors/...`) asks for the stylesheet. Any other path (other theme settings,
/// another page, a section's place or type, the section list itself), as well as an empty or
/// unreadable list, gives `None`.
pub fn preview_change<S: AsRef<str>>(paths: &[S]) -> Option<PreviewChange> {
    let mut change = PreviewChange {
        sections: Vec::new(),
        style: false,
    };
    for path in paths {
        let segments = parse_pointer(path.as_ref()).ok()?;
        match segments.as_slice() {
            [settings, group, ..]
                if settings == "settings" && PREVIEW_STYLE_GROUPS.contains(&group.as_str()) =>
            {
                change.style = true;
            }
            [pages, page, sections, key, field, ..]
                if ([pages, page, sections] == HOME_SECTIONS
                    || [pages, page, sections] == FIXED_SECTIONS)
                    && !matches!(field.as_str(), "key" | "type" | "index") =>
            {
                if !change.sections.contains(key) {
                    change.sections.push(key.clone());
                }
            }
            _ => return None,
        }
    }
    (change.style || !change.sections.is_empty()).then_some(change)
}

/// The preview page of the page selector: home maps to homepage.
pub fn preview_page_for(page: EditorPage) -> PreviewPage {
    match page {
        EditorPage::Home => PreviewPage::Homepage,
        EditorPage::Product => PreviewPage::Product,
    }
}

/// The preview address (spec §2.3): the store's theme address with a no-cache stamp, plus
/// `fashion` for newchick or `default` for hydro. The stamp is passed in (the core reads no
/// clock) as milliseconds; its whole part is used. The exact address is not in the spec; this
/// shape is the decision. The store's address is either a host name (a store's own domain:
/// `https://{host}/?nocache={stamp}&theme=fashion`) or the path of the storefront embedded in
/// the admin's server (`/s/{subdomain}` gives `/s/{subdomain}/?nocache={stamp}&theme=fashion`).
/// The editor's signed preview token (`preview`, from the theme's preview link) ends it: without
/// one the storefront shows only the published theme, and renders nothing posted.
/// `None` when the address is neither, the stamp is not a time or the token is not one.
pub fn preview_url(
    store_address: &str,
    stamp: f64,
    family: ThemeFamily,
    token: &str,
) -> Option<String> {
    let token_ok = (1..=2048).contains(&token.len())
        && token
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.');
    let stamp_ok = stamp.is_finite() && (0.0..=8.64e15).contains(&stamp);
    let suffix = match family {
        ThemeFamily::Newchick => "fashion",
        ThemeFamily::Hydro => "default",
    };
    let stamp = stamp.trunc() as u64;
    let host_ok = |host: &str| {
        !host.is_empty()
            && host.len() <= 253
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
    };
    let base = match store_address.strip_prefix('/') {
        Some(path) => {
            let segments_ok = path
                .split('/')
                .all(|segment| host_ok(segment) && segment != "." && segment != "..");
            segments_ok.then(|| format!("/{path}"))?
        }
        None => host_ok(store_address).then(|| format!("https://{store_address}"))?,
    };
    (stamp_ok && token_ok)
        .then(|| format!("{base}/?nocache={stamp}&theme={suffix}&preview={token}"))
}
