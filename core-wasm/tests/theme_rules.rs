//! Table-driven cases for every limit, default and command of the theme engine, each named after
//! the rule it holds (editor-and-analytics.md §2.3, §4, §5, §9).

use core_wasm::limits::{self, NumberRange};
use core_wasm::theme::defaults::{self, font_weight_label};
use core_wasm::theme::fonts::FONT_CATALOGUE;
use core_wasm::theme::{
    ThemeDoc, ThemeEditor, addable_section_types, inline_font_sizes, parse_command, preview_change,
    preview_page_for, preview_page_for_panel, preview_url, section_list, settings_groups, validate,
};
use serde_json::{Value, json};
use shared_types::theme::{
    EditorPage, PreviewChange, PreviewPage, SectionType, SettingsGroup, ThemeFamily,
};

fn fixture(name: &str) -> ThemeDoc {
    let path = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    ThemeDoc::parse(&text).expect("fixture loads")
}

fn editor(name: &str) -> ThemeEditor {
    ThemeEditor::new(fixture(name))
}

/// Applies a command given as JSON; returns the error code when refused.
fn apply(editor: &mut ThemeEditor, command: Value) -> Result<(), String> {
    parse_command(command)
        .and_then(|c| editor.apply(c))
        .map(|_| ())
        .map_err(|e| e.code().to_owned())
}

fn set(path: &str, value: Value) -> Value {
    json!({"kind": "setField", "path": path, "value": value})
}

const HOME: &str = "/pages/homepage/sections";

#[test]
fn every_limit_row_holds_the_spec_value() {
    let ranges: [(&str, NumberRange, u32, u32); 13] = [
        ("item per row desktop", limits::ITEM_PER_ROW_DESKTOP, 2, 6),
        (
            "item per row desktop newchick",
            limits::ITEM_PER_ROW_DESKTOP_NEWCHICK,
            2,
            8,
        ),
        ("item per row mobile", limits::ITEM_PER_ROW_MOBILE, 2, 4),
        (
            "featured collection",
            limits::FEATURED_COLLECTION_PER_ROW,
            4,
            6,
        ),
        ("slider product", limits::SLIDER_PRODUCT_PER_ROW, 4, 6),
        ("limit product", limits::LIMIT_PRODUCT, 1, 50),
        ("slide interval", limits::SLIDE_INTERVAL_SECONDS, 1, 12),
        ("opacity", limits::IMAGE_OPACITY_PERCENT, 0, 100),
        ("suggestion change", limits::SUGGESTION_CHANGE_SECONDS, 1, 5),
        ("shipping days", limits::SHIPPING_DAYS, 0, 100),
        ("font size", limits::FONT_SIZE_PX, 8, 80),
        ("checkout step layout", limits::CHECKOUT_STEP_LAYOUT, 1, 3),
        ("countdown part", limits::COUNTDOWN_PART, 0, 100_000),
    ];
    for (name, range, min, max) in ranges {
        assert_eq!((range.min, range.max), (min, max), "{name}");
        assert!(
            range.contains(f64::from(min)) && range.contains(f64::from(max)),
            "{name}"
        );
        assert!(!range.contains(f64::from(max) + 1.0), "{name}");
    }
    let counts = [
        ("product tabs", limits::PRODUCT_TABS_MAX, 5),
        ("custom steps", limits::THANK_YOU_CUSTOM_STEPS_MAX, 4),
        ("delivery policies", limits::DELIVERY_POLICIES_MAX, 3),
        ("description tabs", limits::DESCRIPTION_TABS_MAX, 3),
        (
            "flash detail blocks",
            limits::FLASH_DEAL_DETAIL_BLOCKS_MAX,
            10,
        ),
    ];
    for (name, got, want) in counts {
        assert_eq!(got, want, "{name}");
    }
    assert_eq!(
        limits::RICH_TEXT_FONT_SIZES_PX,
        [10, 12, 14, 16, 18, 20, 24, 30, 32, 36]
    );
    assert_eq!(limits::MESSAGE_REQUIRED, "Required.");
    assert_eq!(limits::MESSAGE_INVALID_NUMBER, "Invalid number.");
    assert_eq!(limits::IMAGE_WITH_TEXT_POSITIONS, ["left", "right"]);
}

#[test]
fn item_per_row_desktop_is_2_to_6_for_hydro_and_2_to_8_for_newchick() {
    let path = format!("{HOME}/collection-list-1/settings/item_per_row");
    let table = [
        ("hydro", 1, Err("value.outOfRange")),
        ("hydro", 2, Ok(())),
        ("hydro", 6, Ok(())),
        ("hydro", 7, Err("value.outOfRange")),
        ("newchick", 7, Ok(())),
        ("newchick", 8, Ok(())),
        ("newchick", 9, Err("value.outOfRange")),
    ];
    for (family, value, want) in table {
        let mut e = editor(family);
        let got = apply(&mut e, set(&path, json!(value)));
        assert_eq!(got, want.map_err(str::to_owned), "{family} {value}");
    }
}

#[test]
fn limit_product_accepts_1_to_50_and_a_new_featured_collection_starts_at_18() {
    let path = format!("{HOME}/featured-collection-1/settings/limit_product");
    for (value, ok) in [
        (0, false),
        (1, true),
        (18, true),
        (45, true),
        (50, true),
        (51, false),
    ] {
        let mut e = editor("hydro");
        assert_eq!(
            apply(&mut e, set(&path, json!(value))).is_ok(),
            ok,
            "{value}"
        );
    }
    let mut e = editor("hydro");
    let add = json!({"kind": "addSection", "key": "fc", "sectionType": "featured-collection", "position": 0, "place": "above"});
    apply(&mut e, add).expect("adds");
    assert_eq!(
        e.doc().get(&format!("{HOME}/fc/settings/limit_product")),
        Some(&json!(18))
    );
}

#[test]
fn numbers_are_digits_with_an_optional_decimal_point() {
    let path = "/settings/cart_goal/goalAmount";
    let table: [(Value, Result<Value, &str>); 10] = [
        (json!("80"), Ok(json!(80))),
        (json!("80.5"), Ok(json!(80.5))),
        (json!(" 7 "), Ok(json!(7))),
        (json!(12), Ok(json!(12))),
        (json!(""), Err("value.required")),
        (json!(null), Err("value.required")),
        (json!("-1"), Err("value.invalidNumber")),
        (json!("1e3"), Err("value.invalidNumber")),
        (json!(".5"), Err("value.invalidNumber")),
        (json!(true), Err("value.invalidNumber")),
    ];
    for (value, want) in table {
        let mut e = editor("newchick");
        match (apply(&mut e, set(path, value.clone())), want) {
            (Ok(()), Ok(stored)) => assert_eq!(e.doc().get(path), Some(&stored), "{value}"),
            (Err(code), Err(want)) => assert_eq!(code, want, "{value}"),
            (got, want) => panic!("{value}: got {got:?}, want {want:?}"),
        }
    }
}

#[test]
fn a_sixth_product_tab_is_refused_with_n_of_5_message() {
    let mut e = editor("hydro");
    let add = json!({"kind": "addItem", "list": {"list": "productTabs"}});
    apply(&mut e, add.clone()).expect("4th");
    apply(&mut e, add.clone()).expect("5th");
    let error = parse_command(add)
        .and_then(|c| e.apply(c))
        .expect_err("6th is refused");
    assert_eq!(error.code(), "list.full");
    assert_eq!(error.to_string(), "5/5 blocks used. Delete to add more.");
    assert_eq!(error.path(), "/settings/product/tabs-detail");
    assert_eq!(error.max(), Some(5.0));
}

#[test]
fn list_limits_refuse_the_item_past_the_limit() {
    let table = [
        ("hydro", json!({"list": "deliveryPolicies"}), 1, 3),
        ("hydro", json!({"list": "descriptionTabs"}), 1, 3),
        ("hydro", json!({"list": "thankYouSteps"}), 4, 4),
        ("newchick", json!({"list": "thankYouSteps"}), 3, 4),
        (
            "newchick",
            json!({"list": "flashDealDetail", "section": "flash-deal-1"}),
            1,
            10,
        ),
    ];
    for (family, list, room, max) in table {
        let mut e = editor(family);
        let add = json!({"kind": "addItem", "list": list});
        for _ in 0..room {
            apply(&mut e, add.clone()).unwrap_or_else(|c| panic!("{family} {list}: {c}"));
        }
        let error = parse_command(add)
            .and_then(|c| e.apply(c))
            .expect_err("past the limit");
        assert_eq!(error.code(), "list.full", "{family} {list}");
        assert_eq!(error.max(), Some(f64::from(max)), "{family} {list}");
    }
}

#[test]
fn new_custom_steps_are_inserted_at_index_2_and_default_steps_cannot_be_deleted() {
    let mut e = editor("hydro");
    apply(
        &mut e,
        json!({"kind": "addItem", "list": {"list": "thankYouSteps"}}),
    )
    .expect("adds");
    let steps = e
        .doc()
        .get("/settings/thankpage/steps/settings/blocks")
        .and_then(Value::as_array)
        .expect("steps");
    let names: Vec<&str> = steps.iter().filter_map(|s| s["name"].as_str()).collect();
    assert_eq!(
        names,
        [
            "Order Placed",
            "Order Processing",
            "Custom step",
            "Packaging & Quality Control",
            "Shipped"
        ]
    );
    assert_eq!(steps[2], defaults::new_step());
    for index in [0, 1, 3, 4] {
        let remove =
            json!({"kind": "removeItem", "list": {"list": "thankYouSteps"}, "index": index});
        assert_eq!(
            apply(&mut e, remove),
            Err("list.notDeletable".to_owned()),
            "{index}"
        );
    }
    let remove = json!({"kind": "removeItem", "list": {"list": "thankYouSteps"}, "index": 2});
    assert_eq!(apply(&mut e, remove), Ok(()));
}

#[test]
fn missing_thank_you_lists_start_from_their_defaults() {
    let mut e = ThemeEditor::new(ThemeDoc::parse(r#"{"id": 1, "pages": {}}"#).expect("loads"));
    apply(
        &mut e,
        json!({"kind": "addItem", "list": {"list": "thankYouSteps"}}),
    )
    .expect("adds");
    let steps = e
        .doc()
        .get("/settings/thankpage/steps/settings/blocks")
        .expect("created");
    assert_eq!(steps.as_array().map(Vec::len), Some(5));
    assert_eq!(steps[0]["name"], "Order Placed");
    assert_eq!(steps[1]["time"], 1);
    apply(
        &mut e,
        json!({"kind": "addItem", "list": {"list": "deliveryPolicies"}}),
    )
    .expect("adds");
    let policies = e
        .doc()
        .get("/settings/thankpage/delivery_policies/settings/blocks");
    let names: Vec<&str> = policies
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(
        names,
        ["Production time", "Shipping time", "Delivery policy"]
    );
    e.undo().expect("undo");
    e.undo().expect("undo");
    assert_eq!(e.doc().value(), &json!({"id": 1, "pages": {}}));
}

#[test]
fn a_tab_with_display_description_cannot_be_deleted() {
    for family in ["hydro", "newchick"] {
        let mut e = editor(family);
        let remove = json!({"kind": "removeItem", "list": {"list": "productTabs"}, "index": 0});
        assert_eq!(
            apply(&mut e, remove),
            Err("list.notDeletable".to_owned()),
            "{family}"
        );
    }
}

#[test]
fn choosing_a_font_family_resets_style_url_and_key_and_a_weight_sets_them() {
    let mut e = editor("newchick");
    let path = "/settings/typography/type_button_base_family";
    apply(&mut e, json!({"kind": "chooseFontFamily", "slot": "type_button_base_family", "family": "Be Vietnam Pro"}))
        .expect("family");
    assert_eq!(
        e.doc().get(path),
        Some(&json!({"font": "Be Vietnam Pro", "style": "", "url": "", "key": ""}))
    );
    apply(&mut e, json!({"kind": "chooseFontWeight", "slot": "type_button_base_family", "style": "300italic", "url": "https://f/x.css", "key": "bvp-300i"}))
        .expect("weight");
    assert_eq!(
        e.doc().get(path),
        Some(&json!({"font": "Be Vietnam Pro", "style": "300italic",
                    "url": "https://fonts.googleapis.com/css2?family=Be+Vietnam+Pro:ital,wght@1,300&display=swap",
                    "key": "be-vietnam-pro-300italic"}))
    );
}

#[test]
fn font_weight_labels_run_from_100_thin_to_950_extra_black_with_italics() {
    let table = [
        ("100", Some("100 Thin")),
        ("400", Some("400 Regular")),
        ("700italic", Some("700 Bold Italic")),
        ("950", Some("950 Extra Black")),
        ("950italic", Some("950 Extra Black Italic")),
        ("1000", None),
        ("italic", None),
        ("", None),
    ];
    for (style, want) in table {
        assert_eq!(font_weight_label(style).as_deref(), want, "{style}");
    }
    assert_eq!(FONT_CATALOGUE.len(), 16);
    assert_eq!(FONT_CATALOGUE[0].name, "Alata");
    assert_eq!(FONT_CATALOGUE[15].name, "Be Vietnam Pro");
}

#[test]
fn the_countdown_end_is_now_plus_days_hours_and_minutes() {
    let now = 1_700_000_000_000_u64;
    let table = [
        ("day", 2, (2, 0, 10)),
        ("hour", 23, (0, 23, 10)),
        ("min", 0, (0, 0, 0)),
    ];
    for (unit, value, (d, h, m)) in table {
        let mut e = editor("hydro");
        apply(
            &mut e,
            json!({"kind": "setCountdown", "unit": unit, "value": value, "nowMs": now}),
        )
        .expect("applies");
        let want = now + ((d * 24 + h) * 60 + m) * 60_000;
        assert_eq!(
            e.doc().get("/settings/checkout/time/getTime"),
            Some(&json!(want)),
            "{unit}"
        );
    }
    // A config without a countdown starts from the default 10 minutes.
    let mut e = ThemeEditor::new(ThemeDoc::parse(r#"{"pages": {}}"#).expect("loads"));
    apply(
        &mut e,
        json!({"kind": "setCountdown", "unit": "hour", "value": 1, "nowMs": 0}),
    )
    .expect("applies");
    assert_eq!(
        e.doc().get("/settings/checkout/time"),
        Some(&json!({"day": 0, "hour": 1, "min": 10, "getTime": 4_200_000}))
    );
}

#[test]
fn the_defaults_of_section_9_are_the_spec_values() {
    use defaults::*;
    let numbers = [
        ("slideshow opacity", SLIDESHOW_OPACITY, 50),
        ("slideshow change every", SLIDESHOW_CHANGE_EVERY_SECONDS, 4),
        (
            "head-image change every",
            HEAD_IMAGE_CHANGE_EVERY_SECONDS,
            6,
        ),
        ("countdown minutes", CHECKOUT_COUNTDOWN_MINUTES, 10),
        ("checkout step", CHECKOUT_STEP, 1),
        ("logo desktop", LOGO_SIZE_DESKTOP, 50),
        ("logo mobile", LOGO_SIZE_MOBILE, 32),
        ("max line", MAX_LINE_DISPLAY_PRODUCT, 1),
        ("flash deal days", FLASH_DEAL_COUNTDOWN_DAYS, 5),
        ("featured per row", FEATURED_COLLECTION_PER_ROW, 4),
        ("limit product", FEATURED_COLLECTION_LIMIT_PRODUCT, 18),
        ("collection list per row", COLLECTION_LIST_PER_ROW, 3),
        ("collection list mobile", COLLECTION_LIST_PER_ROW_MOBILE, 2),
        ("image with text per row", IMAGE_WITH_TEXT_PER_ROW, 3),
        ("slider product per row", SLIDER_PRODUCT_PER_ROW, 5),
        ("max block", MAX_BLOCK, 5),
        ("cart goal", CART_GOAL_AMOUNT, 80),
        ("new step days", NEW_STEP_TIME, 1),
    ];
    for (name, got, want) in numbers {
        assert_eq!(got, want, "{name}");
    }
    let texts = [
        ("checkout button", COLOR_CHECKOUT_BUTTON, "#0082E5"),
        ("price", COLOR_PRICE, "#0d9ef2"),
        ("cart button", COLOR_CART_BUTTON, "#548226"),
        ("buy now", COLOR_BUY_NOW, "#EF4444"),
        ("upsell background", COLOR_UPSELL_BACKGROUND, "#FFF9F0"),
        ("new slide heading", NEW_SLIDE_HEADING, "Walk the walk."),
        ("new slide button", NEW_SLIDE_BUTTON_LABEL, "Shop Now Test"),
        ("new slide link", NEW_SLIDE_LINK_NAME, "home"),
        ("new slide position", NEW_SLIDE_POSITION, "center"),
        ("tab heading", NEW_PRODUCT_TAB_HEADING, "Tab new"),
        ("tab type", NEW_PRODUCT_TAB_TYPE, "custom"),
        ("tab display", NEW_PRODUCT_TAB_DISPLAY, "html"),
        ("step name", NEW_STEP_NAME, "Custom step"),
        ("policy name", NEW_DELIVERY_POLICY_NAME, "Delivery policy"),
        (
            "description heading",
            NEW_DESCRIPTION_TAB_HEADING,
            "Heading",
        ),
        (
            "footer info title",
            NEW_FOOTER_INFO_TITLE,
            "High-quality Goods",
        ),
        (
            "footer info subtitle",
            NEW_FOOTER_INFO_SUBTITLE,
            "Enjoy top quality items for less.",
        ),
        (
            "featured button",
            FEATURED_COLLECTION_BUTTON_LABEL,
            "View more",
        ),
        ("welcome title", WELCOME_POPUP_TITLE, "Welcome"),
        ("footer mobile", FOOTER_MOBILE, "000000000"),
        ("color watch", COLOR_WATCH_DEFAULT, "Square"),
    ];
    for (name, got, want) in texts {
        assert_eq!(got, want, "{name}");
    }
    assert!(SUBSCRIBE_POPUP_CONTENT.contains("15% off"));
    assert_eq!((SHOW_TIME_COUNTDOWN, CATEGORY_SHOW_BANNER), (true, false));
    assert_eq!(CHECKOUT_STEP_LAYOUTS.map(|(n, _)| n), [1, 2, 3]);
    assert_eq!(SALE_TYPES, ["amount", "percent"]);
    assert_eq!(VARIANT_STYLES, ["button", "dropdown"]);
    assert_eq!(DESCRIPTION_POSITIONS, ["right", "below"]);
    assert_eq!(
        THANK_YOU_STEP_NAMES,
        [
            "Order Placed",
            "Order Processing",
            "Packaging & Quality Control",
            "Shipped"
        ]
    );
    assert_eq!(DELIVERY_POLICY_NAMES, ["Production time", "Shipping time"]);
    assert_eq!(new_product_tab("t")["display"], "html");
    assert_eq!(
        new_slide(shared_types::theme::Device::Desktop)["urlButton"]["name"],
        "home"
    );
}

#[test]
fn every_new_section_passes_full_validation() {
    for family in ["hydro", "newchick"] {
        let doc = fixture(family);
        for section_type in addable_section_types(doc.family()) {
            let mut e = ThemeEditor::new(doc.clone());
            let add = json!({"kind": "addSection", "key": "n", "sectionType": section_type, "position": 0, "place": "above"});
            apply(&mut e, add).expect("adds");
            assert_eq!(
                validate(e.doc().value()),
                vec![],
                "{family} {section_type:?}"
            );
        }
    }
}

#[test]
fn header_and_footer_are_fixed_sections() {
    for family in ["hydro", "newchick"] {
        let mut e = editor(family);
        for command in [
            json!({"kind": "moveSection", "key": "header", "to": 1}),
            json!({"kind": "removeSection", "key": "footer"}),
            json!({"kind": "removeSection", "key": "header"}),
        ] {
            assert_eq!(
                apply(&mut e, command),
                Err("section.fixed".to_owned()),
                "{family}"
            );
        }
        let list = section_list(e.doc());
        assert!(list.first().is_some_and(|s| s.key == "header" && s.fixed));
        assert!(list.last().is_some_and(|s| s.key == "footer" && s.fixed));
    }
}

#[test]
fn slider_product_sections_are_listed_so_they_can_be_edited() {
    for family in ["hydro", "newchick"] {
        let doc = fixture(family);
        let list = section_list(&doc);
        assert!(
            list.iter()
                .any(|s| s.section_type == "slider-product" && !s.fixed),
            "{family}"
        );
        let indexes: Vec<u32> = list.iter().filter_map(|s| s.index).collect();
        let expected: Vec<u32> = (0..indexes.len() as u32).collect();
        assert_eq!(indexes, expected, "{family}: every position is listed");
    }
}

#[test]
fn the_family_is_newchick_when_the_footer_of_the_fixed_page_has_settings() {
    let table = [
        (json!({"pages": {}}), ThemeFamily::Hydro),
        (
            json!({"pages": {"fixed": {"sections": {"footer": {"blocks": []}}}}}),
            ThemeFamily::Hydro,
        ),
        (
            json!({"pages": {"fixed": {"sections": {"footer": {"settings": {}}}}}}),
            ThemeFamily::Hydro,
        ),
        (
            json!({"pages": {"fixed": {"sections": {"footer": {"settings": null}}}}}),
            ThemeFamily::Hydro,
        ),
        (
            json!({"pages": {"fixed": {"sections": {"footer": {"settings": {"logo": ""}}}}}}),
            ThemeFamily::Newchick,
        ),
    ];
    for (config, family) in table {
        let doc = ThemeDoc::from_value(config.clone()).expect("loads");
        assert_eq!(doc.family(), family, "{config}");
    }
    assert_eq!(
        core_wasm::theme::family_label(ThemeFamily::Hydro),
        "DEFAULT"
    );
    assert_eq!(
        core_wasm::theme::family_label(ThemeFamily::Newchick),
        "FASHION"
    );
}

#[test]
fn panels_switch_the_preview_page() {
    let table = [
        ("product-separate", Some(PreviewPage::Product)),
        ("colors-setting", Some(PreviewPage::Product)),
        ("typography-setting", Some(PreviewPage::Product)),
        ("cart-setting", Some(PreviewPage::Cart)),
        ("cart-goal-setting", Some(PreviewPage::Cart)),
        ("thankpage-separate", Some(PreviewPage::Order)),
        ("category", Some(PreviewPage::Category)),
        ("style-setting", None),
        ("", None),
    ];
    for (panel, want) in table {
        assert_eq!(preview_page_for_panel(panel), want, "{panel}");
    }
    assert_eq!(preview_page_for(EditorPage::Home), PreviewPage::Homepage);
    assert_eq!(preview_page_for(EditorPage::Product), PreviewPage::Product);
}

#[test]
fn the_preview_renders_again_only_the_changed_home_sections_and_stylesheet() {
    let change = |sections: &[&str], style| {
        Some(PreviewChange {
            sections: sections.iter().map(|s| (*s).to_owned()).collect(),
            style,
        })
    };
    let table: Vec<(Vec<&str>, Option<PreviewChange>)> = vec![
        (
            vec!["/pages/homepage/sections/hero/settings/title"],
            change(&["hero"], false),
        ),
        (
            vec![
                "/pages/homepage/sections/b/settings/blocks/0/text",
                "/pages/homepage/sections/a/settings",
                "/pages/homepage/sections/b/disabled",
            ],
            change(&["b", "a"], false),
        ),
        // Escaped keys are read as keys.
        (
            vec!["/pages/homepage/sections/a~1b/settings/x"],
            change(&["a/b"], false),
        ),
        // Colours, fonts and sizes: the stylesheet, with sections or alone.
        (vec!["/settings/colors/color_price"], change(&[], true)),
        (vec!["/settings/typography"], change(&[], true)),
        (
            vec![
                "/settings/style/maxLineDisplayProduct",
                "/pages/homepage/sections/hero/settings/title",
            ],
            change(&["hero"], true),
        ),
        // A section's place, type or key, or the section itself: the whole page.
        (vec!["/pages/homepage/sections/hero/index"], None),
        (vec!["/pages/homepage/sections/hero/type"], None),
        (vec!["/pages/homepage/sections/hero/key"], None),
        (vec!["/pages/homepage/sections/hero"], None),
        (vec!["/pages/homepage/sections"], None),
        // Any other setting, even beside a section's content.
        (
            vec![
                "/pages/homepage/sections/hero/settings/title",
                "/settings/product/heading",
            ],
            None,
        ),
        (vec!["/settings"], None),
        (vec!["/settings/product/colorProductRating"], None),
        // The header and footer are sections too.
        (
            vec!["/pages/fixed/sections/header/settings/logo"],
            change(&["header"], false),
        ),
        (
            vec![
                "/pages/fixed/sections/footer/blocks/0",
                "/pages/homepage/sections/hero/settings/x",
            ],
            change(&["footer", "hero"], false),
        ),
        (vec!["/pages/fixed/sections/footer/index"], None),
        (vec!["/pages/fixed/sections"], None),
        (vec!["/pages/product/sections/main/settings/x"], None),
        (vec!["not a pointer"], None),
        (vec![], None),
    ];
    for (paths, want) in table {
        assert_eq!(preview_change(&paths), want, "{paths:?}");
    }
}

#[test]
fn settings_groups_vary_by_family_and_page() {
    use SettingsGroup as G;
    let groups = |family, page| -> Vec<G> {
        settings_groups(family, page, false)
            .into_iter()
            .map(|g| g.group)
            .collect()
    };
    assert_eq!(
        groups(ThemeFamily::Hydro, EditorPage::Home),
        [
            G::Colors,
            G::Typography,
            G::Style,
            G::Currency,
            G::Checkout,
            G::Cart,
            G::CartGoal,
            G::ThankYou
        ]
    );
    assert_eq!(
        groups(ThemeFamily::Newchick, EditorPage::Home),
        [
            G::Colors,
            G::Typography,
            G::Style,
            G::Currency,
            G::Popup,
            G::Element,
            G::Checkout,
            G::Cart,
            G::CartGoal,
            G::ThankYou,
            G::Collection
        ]
    );
    for family in [ThemeFamily::Hydro, ThemeFamily::Newchick] {
        assert_eq!(groups(family, EditorPage::Product), [G::Product]);
        let upsell = settings_groups(family, EditorPage::Home, false)
            .into_iter()
            .find(|g| g.group == G::CartGoal)
            .map(|g| g.with_upsell);
        assert_eq!(upsell, Some(family == ThemeFamily::Newchick));
    }
}

#[test]
fn the_test_panel_shows_on_home_only_with_full_settings() {
    for family in [ThemeFamily::Hydro, ThemeFamily::Newchick] {
        let has_test = |page, full| {
            settings_groups(family, page, full)
                .iter()
                .any(|g| g.group == SettingsGroup::Test && g.panel == "test-setting")
        };
        assert!(has_test(EditorPage::Home, true), "{family:?}");
        assert!(!has_test(EditorPage::Home, false), "{family:?}");
        assert!(!has_test(EditorPage::Product, true), "{family:?}");
        let without: Vec<_> = settings_groups(family, EditorPage::Home, false);
        let with: Vec<_> = settings_groups(family, EditorPage::Home, true);
        assert_eq!(with[..without.len()], without[..], "{family:?}");
    }
}

#[test]
fn the_preview_address_carries_the_stamp_and_the_family_suffix() {
    let table = [
        (
            "acme.storeloom.shop",
            1_700_000_000_123.0,
            ThemeFamily::Newchick,
            Some("https://acme.storeloom.shop/?nocache=1700000000123&theme=fashion&preview=t.k-_1"),
        ),
        (
            "acme.storeloom.shop",
            5.9,
            ThemeFamily::Hydro,
            Some("https://acme.storeloom.shop/?nocache=5&theme=default&preview=t.k-_1"),
        ),
        (
            "/s/demo",
            7.0,
            ThemeFamily::Hydro,
            Some("/s/demo/?nocache=7&theme=default&preview=t.k-_1"),
        ),
        ("", 1.0, ThemeFamily::Hydro, None),
        ("/", 1.0, ThemeFamily::Hydro, None),
        ("/s/../api", 1.0, ThemeFamily::Hydro, None),
        ("//evil.com", 1.0, ThemeFamily::Hydro, None),
        ("/s/demo?x=", 1.0, ThemeFamily::Hydro, None),
        ("evil.com/?x=", 1.0, ThemeFamily::Hydro, None),
        ("acme.shop", f64::NAN, ThemeFamily::Hydro, None),
        ("acme.shop", -1.0, ThemeFamily::Hydro, None),
    ];
    for (subdomain, stamp, family, want) in table {
        assert_eq!(
            preview_url(subdomain, stamp, family, "t.k-_1").as_deref(),
            want,
            "{subdomain}"
        );
    }
    // The editor's preview token: present, and nothing that could end the parameter.
    for token in ["", "a&theme=x", "a b", "a#b", &"a".repeat(2049)] {
        assert_eq!(
            preview_url("/s/demo", 7.0, ThemeFamily::Hydro, token),
            None,
            "{token}"
        );
    }
}

#[test]
fn the_add_section_picker_lists_the_addable_types_per_family() {
    let hydro = addable_section_types(ThemeFamily::Hydro);
    let newchick = addable_section_types(ThemeFamily::Newchick);
    assert!(hydro.contains(&SectionType::SliderProduct));
    for fixed in [SectionType::Header, SectionType::Footer] {
        assert!(
            !hydro.contains(&fixed) && !newchick.contains(&fixed),
            "{fixed:?}"
        );
    }
    for only in [
        SectionType::FlashDeal,
        SectionType::StyleCollection,
        SectionType::ProductWithCollection,
    ] {
        assert!(
            !hydro.contains(&only) && newchick.contains(&only),
            "{only:?}"
        );
    }
    assert!(hydro.iter().all(|t| newchick.contains(t)));
}

#[test]
fn rich_text_font_sizes_are_read_from_inline_styles() {
    let table = [
        ("<p style=\"font-size: 14px\">a</p>", vec![14]),
        (
            "<p style='FONT-SIZE:36px;color:red'>a</p><b style=\"font-size : 10px\">",
            vec![36, 10],
        ),
        ("<p style=\"font-size: 1.2em\">", vec![]),
        ("font-size", vec![]),
        ("plain", vec![]),
    ];
    for (html, want) in table {
        assert_eq!(inline_font_sizes(html), want, "{html}");
    }
}

#[test]
fn a_rejected_command_leaves_the_document_and_version_exactly_as_they_were() {
    let commands = [
        set(
            &format!("{HOME}/featured-collection-1/settings/item_per_row"),
            json!(9),
        ),
        set("/settings/product", json!({})),
        json!({"kind": "addSection", "key": "head-image-1", "sectionType": "head-image", "position": 0, "place": "above"}),
        json!({"kind": "moveSection", "key": "footer", "to": 0}),
        json!({"kind": "removeItem", "list": {"list": "productTabs"}, "index": 0}),
        json!({"kind": "chooseFontFamily", "slot": "type_base_family", "family": "Papyrus"}),
        json!({"kind": "setCountdown", "unit": "day", "value": 100_001, "nowMs": 0}),
        json!({"kind": "nonsense"}),
    ];
    for family in ["hydro", "newchick"] {
        for command in &commands {
            let mut e = editor(family);
            let before = e.doc().clone();
            assert!(
                apply(&mut e, command.clone()).is_err(),
                "{family} {command}"
            );
            assert_eq!(e.doc(), &before, "{family} {command}");
            assert_eq!(e.version(), 0);
            assert!(!e.can_undo());
        }
    }
}

#[test]
fn undo_redo_and_the_log_replay_give_identical_documents() {
    for family in ["hydro", "newchick"] {
        let original = fixture(family);
        let mut e = ThemeEditor::new(original.clone());
        let commands = [
            json!({"kind": "addSection", "key": "x", "sectionType": "key_features", "position": 2, "place": "below"}),
            set(&format!("{HOME}/x/settings/heading"), json!("Why us")),
            json!({"kind": "moveSection", "key": "x", "to": 0}),
            json!({"kind": "addItem", "list": {"list": "suggestions"}}),
            json!({"kind": "setCountdown", "unit": "min", "value": 30, "nowMs": 1_000}),
        ];
        for command in &commands {
            apply(&mut e, command.clone()).expect("applies");
        }
        assert_eq!(e.version(), 5);
        let edited = e.doc().clone();
        let replayed = ThemeEditor::replay(original.clone(), e.log()).expect("replays");
        assert_eq!(replayed.doc(), &edited, "{family}");
        let log: Value = serde_json::to_value(e.log()).expect("log serializes");
        let log: Vec<shared_types::theme::ThemeCommand> =
            serde_json::from_value(log).expect("log reads");
        assert_eq!(
            ThemeEditor::replay(original.clone(), &log)
                .expect("replays")
                .doc(),
            &edited
        );
        e.undo().expect("undo");
        e.undo().expect("undo");
        assert_eq!(e.log().len(), 3);
        e.redo().expect("redo");
        e.redo().expect("redo");
        assert_eq!(e.doc(), &edited);
        assert_eq!(e.version(), 9);
        assert_eq!(e.redo().map_err(|e| e.code()), Err("history.nothingToRedo"));
        while e.can_undo() {
            e.undo().expect("undo");
        }
        assert_eq!(e.doc(), &original);
        assert_eq!(e.undo().map_err(|e| e.code()), Err("history.nothingToUndo"));
    }
}

#[test]
fn malformed_input_gets_a_structured_error_never_a_panic() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let deep_pages = format!(
        r#"{{"pages": {}1{}}}"#,
        "{\"a\":".repeat(100),
        "}".repeat(100)
    );
    let huge = "x".repeat(limits::THEME_CONFIG_MAX_BYTES + 1);
    let table: [(&str, &str); 7] = [
        ("", "theme.notJson"),
        ("nul\u{0}", "theme.notJson"),
        ("42", "theme.shape"),
        (&deep, "theme.notJson"),
        (&deep_pages, "theme.shape"),
        (&huge, "theme.tooLarge"),
        (r#"{"pages": {"homepage": {"sections": 5}}}"#, "ok"),
    ];
    for (text, want) in table {
        let got = ThemeDoc::parse(text)
            .map(|_| "ok")
            .unwrap_or_else(|e| e.code());
        assert_eq!(got, want, "{}", &text[..text.len().min(40)]);
    }
    // A config whose sections object is not an object refuses section commands with a shape error.
    let doc = ThemeDoc::parse(r#"{"pages": {"homepage": {"sections": 5}}}"#).expect("loads");
    let mut e = ThemeEditor::new(doc);
    let add = json!({"kind": "addSection", "key": "k", "sectionType": "head-image", "position": 0, "place": "above"});
    assert_eq!(apply(&mut e, add), Err("theme.shape".to_owned()));
    let bodies = [
        json!({"kind": "setField", "path": "/settings/x", "value": {"$deep": "x"}}),
        json!({"kind": "setField", "path": "/settings/\u{0}", "value": 1}),
        json!({"kind": "setField", "path": "/settings/typography/font_size_price", "value": 1e300}),
        json!({"kind": "setField", "path": "/settings/typography/font_size_price", "value": "99999999999999999999"}),
        json!({"kind": "moveItem", "list": {"list": "productTabs"}, "from": 4_000_000_000_u32, "to": 0}),
        json!({"kind": "setCountdown", "unit": "day", "value": "1", "nowMs": 1e300}),
    ];
    for body in bodies {
        let mut e = editor("hydro");
        let _ = apply(&mut e, body);
    }
}

/// The fixture without `settings.product`, so that every part of it is missing.
fn without_product_settings() -> ThemeEditor {
    let mut config = fixture("hydro").value().clone();
    if let Some(settings) = config["settings"].as_object_mut() {
        settings.remove("product");
    }
    ThemeEditor::new(ThemeDoc::from_value(config).expect("still a config"))
}

#[test]
fn a_field_inside_a_missing_list_or_text_is_refused_rather_than_made_up_as_an_object() {
    let mut editor = without_product_settings();
    let before = editor.doc().clone();
    for (path, missing) in [
        (
            "/settings/product/tabs-detail/1/display",
            "/settings/product/tabs-detail/1",
        ),
        (
            "/settings/product/setting_shipping/shipping_info/content/pages",
            "/settings/product/setting_shipping/shipping_info/content",
        ),
    ] {
        let refused = parse_command(set(path, json!(0)))
            .and_then(|c| editor.apply(c))
            .expect_err("refused");
        assert_eq!(refused.code(), "path.notFound", "{path}");
        assert_eq!(refused.path(), missing, "{path}");
        assert_eq!(editor.doc(), &before, "{path}");
    }
    // A field with no rule above it still creates its missing parents.
    let path = "/settings/product/experimental/flag";
    assert_eq!(apply(&mut editor, set(path, json!(true))), Ok(()));
    assert_eq!(editor.doc().get(path), Some(&json!(true)));
    assert!(validate(editor.doc().value()).is_empty());
}

#[test]
fn a_command_reads_its_numbers_as_javascript_does() {
    let mut editor = editor("hydro");
    let path = "/settings/colors/experimental_number";
    for (given, stored) in [
        ("5.0", "5"),
        ("-0", "0"),
        ("-0.0", "0"),
        ("1e3", "1000"),
        ("2.5", "2.5"),
        ("9007199254740993", "9007199254740992.0"),
        ("18446744073709551615", "1.8446744073709552e+19"),
    ] {
        let command: Value = serde_json::from_str(&format!(
            r#"{{"kind": "setField", "path": "{path}", "value": {given}}}"#
        ))
        .expect("JSON");
        assert_eq!(apply(&mut editor, command), Ok(()), "{given}");
        let value = editor.doc().get(path).expect("set");
        assert_eq!(value.to_string(), stored, "{given}");
    }
}

#[test]
fn a_colour_field_takes_a_hex_colour_and_refuses_anything_else() {
    let mut editor = editor("hydro");
    let price = "/settings/colors/color_price";
    let slide = format!("{HOME}/head-image-1/settings/content/desktop/0/buttonLabel/background");
    let rating = "/settings/product/colorProductRating";
    // Typed character by character: the core takes only the complete codes.
    let typed = [
        ("#", false),
        ("#2", false),
        ("#2a", false),
        ("#2a9", true),
        ("#2a9d", false),
        ("#2a9d8", false),
        ("#2a9d8f", true),
        ("#2a9d8f0", false),
    ];
    for path in [price, slide.as_str(), rating] {
        for (text, taken) in typed {
            let outcome = apply(&mut editor, set(path, json!(text)));
            let expected = if taken {
                Ok(())
            } else {
                Err("value.notAColour".to_owned())
            };
            assert_eq!(outcome, expected, "{path} {text}");
        }
        assert_eq!(editor.doc().get(path), Some(&json!("#2a9d8f")), "{path}");
    }
    // Garbled codes, names and other kinds of value are refused; spaces around a code go.
    for refused in [
        "#22aa99f", "#ffffdd6", "#12345", "2a9d8f", "red", "#ggg", "",
    ] {
        assert_eq!(
            apply(&mut editor, set(price, json!(refused))),
            Err("value.notAColour".to_owned()),
            "{refused}"
        );
    }
    assert_eq!(
        apply(&mut editor, set(price, json!(5))),
        Err("value.wrongType".to_owned())
    );
    assert_eq!(apply(&mut editor, set(price, json!(" #FFD166 "))), Ok(()));
    assert_eq!(editor.doc().get(price), Some(&json!("#FFD166")));
    // Unknown fields beside the colours stay free, as every unknown field does.
    assert_eq!(
        apply(
            &mut editor,
            set("/settings/colors/experimental", json!("red"))
        ),
        Ok(())
    );
    // A stored config with a garbled colour is refused whole (a save, an import).
    let mut config = fixture("hydro").value().clone();
    config["settings"]["colors"]["color_price"] = json!("#22aa99f");
    let problems: Vec<_> = validate(&config)
        .iter()
        .map(|e| (e.code(), e.path()))
        .collect();
    assert_eq!(
        problems,
        [("value.notAColour", price.to_owned())],
        "{problems:?}"
    );
}

#[test]
fn a_text_naming_the_free_shipping_threshold_is_marked_for_its_hint() {
    use shared_types::theme::PanelRef;
    let mut editor = editor("hydro");
    let header = PanelRef::Section {
        key: "header".to_owned(),
    };
    let topbar = |editor: &ThemeEditor| {
        core_wasm::theme::panel(editor.doc(), &header)
            .expect("the header's panel")
            .fields
            .into_iter()
            .find(|f| f.label == "text_topbar")
            .expect("the top bar's text")
    };
    let field = topbar(&editor);
    assert_eq!(field.value, "Free shipping over {free_shipping_threshold}");
    assert!(field.free_shipping);
    apply(
        &mut editor,
        json!({"kind": "setField", "path": field.pointer, "value": "Free shipping over $50"}),
    )
    .expect("a text without it");
    assert!(!topbar(&editor).free_shipping);
}
