//! The editor's panels come from the core's schema (issue: every setting of the spec editable):
//! every section type and settings group of both families has a panel, every field of it takes
//! a value of its kind through a command, missing keys show their default and are created by
//! editing, and the labelled, legacy and per-family fields are where the spec puts them.

use core_wasm::theme::{
    ThemeDoc, ThemeEditor, addable_section_types, link_to, panel, parse_command, validate,
};
use serde_json::{Value, json};
use shared_types::theme::{
    FieldInput, FieldView, LinkTarget, PanelRef, PanelView, SectionType, SettingsGroup, ThemeFamily,
};

fn fixture(name: &str) -> ThemeDoc {
    let path = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    ThemeDoc::parse(&text).expect("fixture loads")
}

fn apply(editor: &mut ThemeEditor, command: Value) -> Result<(), String> {
    parse_command(command)
        .and_then(|c| editor.apply(c))
        .map(|_| ())
        .map_err(|e| format!("{}: {}", e.code(), e))
}

fn section(key: &str) -> PanelRef {
    PanelRef::Section {
        key: key.to_owned(),
    }
}

fn group(group: SettingsGroup) -> PanelRef {
    PanelRef::Group { group }
}

fn open(editor: &ThemeEditor, at: &PanelRef) -> PanelView {
    panel(editor.doc(), at).unwrap_or_else(|e| panic!("panel {at:?}: {e}"))
}

/// Every field of a panel, list items and groups included, depth first.
fn leaves(fields: &[FieldView], out: &mut Vec<FieldView>) {
    for field in fields {
        match &field.input {
            FieldInput::Group { fields } => leaves(fields, out),
            FieldInput::List { items, .. } => {
                for item in items {
                    leaves(&item.fields, out);
                }
            }
            _ => out.push(field.clone()),
        }
    }
}

fn find<'a>(fields: &'a [FieldView], label: &str) -> Option<&'a FieldView> {
    fields.iter().find_map(|f| {
        if f.label == label {
            return Some(f);
        }
        match &f.input {
            FieldInput::Group { fields } => find(fields, label),
            FieldInput::List { items, .. } => items.iter().find_map(|i| find(&i.fields, label)),
            _ => None,
        }
    })
}

/// A value of a field's kind that its rules accept; `None` for the parts with their own command.
fn sample(field: &FieldView) -> Option<Value> {
    Some(match &field.input {
        FieldInput::Text => json!("Changed text"),
        FieldInput::Multiline => json!("Line one\nLine two"),
        FieldInput::RichText { sizes } => {
            json!(format!(
                "<p><span style=\"font-size: {}px\">Rich</span></p>",
                sizes[0]
            ))
        }
        FieldInput::Number { min, max, .. } => json!(max.map_or(*min + 1, |max| max.min(min + 1))),
        FieldInput::Color => json!("#123456"),
        FieldInput::Image => json!("https://cdn.example.com/changed.png"),
        FieldInput::Link => link_to(&LinkTarget::AllCollections),
        FieldInput::Collection => json!({"title": "Sale", "handle": "sale", "image": ""}),
        FieldInput::Product { open: true, .. } => json!({"_id": "p1", "title": "Shirt"}),
        FieldInput::Product { open: false, .. } => return None,
        FieldInput::Page => json!("about-us"),
        FieldInput::Menu => json!("footer-menu"),
        FieldInput::Flag => json!(field.value != json!(true)),
        FieldInput::Choice { options, .. } => options.last().map(|o| o.value.clone())?,
        FieldInput::Words => json!(["USD", "EUR"]),
        FieldInput::Font { .. } | FieldInput::Countdown => return None,
        FieldInput::Group { .. } | FieldInput::List { .. } => return None,
    })
}

/// A fixture with one section of every type its family offers added.
fn with_every_section(family: &str) -> ThemeEditor {
    let mut editor = ThemeEditor::new(fixture(family));
    let theme_family = editor.doc().family();
    for (i, section_type) in addable_section_types(theme_family).into_iter().enumerate() {
        apply(
            &mut editor,
            json!({"kind": "addSection", "key": format!("added-{i}"), "sectionType": section_type,
                   "position": 0, "place": "above"}),
        )
        .expect("the section is added");
    }
    editor
}

fn every_panel(editor: &ThemeEditor) -> Vec<PanelRef> {
    let mut panels: Vec<PanelRef> = core_wasm::theme::section_list(editor.doc())
        .into_iter()
        .map(|s| section(&s.key))
        .collect();
    let keys = editor.doc().value()["pages"]["homepage"]["sections"]
        .as_object()
        .map(|m| m.keys().cloned().collect::<Vec<_>>())
        .unwrap_or_default();
    panels.extend(keys.iter().map(|k| section(k)));
    for g in [
        SettingsGroup::Colors,
        SettingsGroup::Typography,
        SettingsGroup::Style,
        SettingsGroup::Currency,
        SettingsGroup::Product,
        SettingsGroup::Checkout,
        SettingsGroup::Cart,
        SettingsGroup::CartGoal,
        SettingsGroup::ThankYou,
        SettingsGroup::Collection,
        SettingsGroup::Popup,
        SettingsGroup::Element,
    ] {
        panels.push(group(g));
    }
    panels
}

#[test]
fn every_field_of_every_panel_takes_a_value_of_its_kind() {
    for family in ["hydro", "newchick"] {
        let mut editor = with_every_section(family);
        let mut edited = 0;
        for at in every_panel(&editor) {
            let view = open(&editor, &at);
            let mut fields = Vec::new();
            leaves(&view.fields, &mut fields);
            for field in fields {
                let Some(value) = sample(&field) else {
                    continue;
                };
                apply(
                    &mut editor,
                    json!({"kind": "setField", "path": field.pointer, "value": value}),
                )
                .unwrap_or_else(|e| panic!("{family} {at:?} {}: {e}", field.pointer));
                let stored = editor.doc().get(&field.pointer).cloned();
                assert!(stored.is_some(), "{} is stored", field.pointer);
                edited += 1;
            }
        }
        assert!(edited > 150, "{family}: {edited} fields edited");
        assert_eq!(
            validate(editor.doc().value()),
            vec![],
            "{family} still valid"
        );
    }
}

#[test]
fn every_section_type_has_a_panel_with_fields() {
    for family in ["hydro", "newchick"] {
        let editor = with_every_section(family);
        let sections = editor.doc().value()["pages"]["homepage"]["sections"].clone();
        for (key, value) in sections.as_object().expect("sections") {
            let view = open(&editor, &section(key));
            assert!(
                !view.fields.is_empty(),
                "{family} {key} ({})",
                value["type"]
            );
        }
    }
}

#[test]
fn a_missing_key_shows_its_default_and_editing_creates_it() {
    let mut editor = ThemeEditor::new(fixture("hydro"));
    let view = open(&editor, &section("image-with-text-1"));
    let field = find(&view.fields, "item_per_row_mobile").expect("field shown");
    assert!(!field.stored);
    assert_eq!(field.value, json!(2));
    assert_eq!(
        field.input,
        FieldInput::Number {
            min: 2,
            max: Some(4),
            whole: true
        }
    );
    apply(
        &mut editor,
        json!({"kind": "setField", "path": field.pointer, "value": "3"}),
    )
    .expect("created");
    let view = open(&editor, &section("image-with-text-1"));
    let field = find(&view.fields, "item_per_row_mobile").expect("field shown");
    assert!(field.stored);
    assert_eq!(field.value, json!(3));
}

#[test]
fn an_older_config_shows_the_checkout_countdown_default() {
    let mut doc: Value = fixture("hydro").value().clone();
    doc["settings"]["checkout"]
        .as_object_mut()
        .expect("checkout")
        .retain(|k, _| k == "checkout_description");
    let editor = ThemeEditor::new(ThemeDoc::parse(&doc.to_string()).expect("config"));
    let view = open(&editor, &group(SettingsGroup::Checkout));
    let time = find(&view.fields, "time").expect("countdown");
    assert_eq!(time.input, FieldInput::Countdown);
    assert_eq!(time.value["min"], json!(10));
    assert!(!time.stored);
    assert_eq!(
        find(&view.fields, "show_time_countdown").map(|f| &f.value),
        Some(&json!(true))
    );
}

#[test]
fn the_block_based_footer_is_edited_block_by_block() {
    let mut editor = ThemeEditor::new(fixture("hydro"));
    let view = open(&editor, &section("footer"));
    let FieldInput::List {
        list, items, add, ..
    } = &view.fields[0].input
    else {
        panic!("the footer's blocks are a list");
    };
    assert_eq!(items.len(), 8);
    assert_eq!(items[0].item_type.as_deref(), Some("address"));
    assert_eq!(
        items[0].fields[0].pointer,
        "/pages/fixed/sections/footer/blocks/0/value"
    );
    assert_eq!(add.len(), 8);
    let list = serde_json::to_value(list).expect("list");
    apply(
        &mut editor,
        json!({"kind": "setField", "path": items[0].fields[0].pointer, "value": "2 Market St"}),
    )
    .expect("address set");
    apply(
        &mut editor,
        json!({"kind": "addItem", "list": list, "blockType": "mobile"}),
    )
    .expect("block added");
    let blocks = &editor.doc().value()["pages"]["fixed"]["sections"]["footer"]["blocks"];
    assert_eq!(blocks[8], json!({"type": "mobile", "value": "000000000"}));
    assert_eq!(blocks[0]["value"], json!("2 Market St"));
    apply(
        &mut editor,
        json!({"kind": "moveItem", "list": list, "from": 8, "to": 0}),
    )
    .expect("moved");
    apply(
        &mut editor,
        json!({"kind": "removeItem", "list": list, "index": 0}),
    )
    .expect("removed");
    assert!(
        apply(
            &mut editor,
            json!({"kind": "addItem", "list": list, "blockType": "fax"})
        )
        .is_err(),
        "an unknown block type is refused"
    );
    let payment = open(&editor, &section("footer"));
    let payment = find(&payment.fields, "payment_icon").map(|f| f.input.clone());
    assert_eq!(
        payment,
        Some(FieldInput::Words),
        "payment icons are a list of words"
    );
}

#[test]
fn the_checkout_step_layout_offers_the_spec_choices_by_name() {
    let editor = ThemeEditor::new(fixture("newchick"));
    let view = open(&editor, &group(SettingsGroup::Product));
    let field = find(&view.fields, "checkoutStepLayout").expect("shown");
    let FieldInput::Choice { options, .. } = &field.input else {
        panic!("a choice");
    };
    let shown: Vec<(Value, &str)> = options
        .iter()
        .map(|o| (o.value.clone(), o.label.as_str()))
        .collect();
    assert_eq!(
        shown,
        [
            (json!(1), "cart_page"),
            (json!(2), "checkout_page"),
            (json!(3), "mini_cart")
        ]
    );
}

#[test]
fn slider_product_sections_have_their_panel_and_bounds() {
    let editor = ThemeEditor::new(fixture("hydro"));
    let view = open(&editor, &section("slider-product-1"));
    assert_eq!(
        view.fields[0].input,
        FieldInput::Number {
            min: 4,
            max: Some(6),
            whole: true
        }
    );
    let heading = find(&view.fields, "heading").expect("block heading");
    assert!(heading.pointer.ends_with("/blocks/0/heading"));
}

#[test]
fn family_only_fields_follow_the_family() {
    let hydro = ThemeEditor::new(fixture("hydro"));
    let newchick = ThemeEditor::new(fixture("newchick"));
    let colors = |e: &ThemeEditor| open(e, &group(SettingsGroup::Colors));
    assert!(find(&colors(&hydro).fields, "color_sale_price").is_some());
    assert!(find(&colors(&newchick).fields, "color_sale_price").is_none());
    let goal = |e: &ThemeEditor| open(e, &group(SettingsGroup::CartGoal));
    assert!(find(&goal(&hydro).fields, "cartUpsellMessage").is_none());
    assert!(find(&goal(&newchick).fields, "cartUpsellMessage").is_some());
}

#[test]
fn spec_section_9_defaults_reach_the_panels() {
    let mut editor = ThemeEditor::new(fixture("newchick"));
    apply(
        &mut editor,
        json!({"kind": "addSection", "key": "slides-new", "sectionType": "head-image",
               "position": 0, "place": "above"}),
    )
    .expect("added");
    let settings = &editor.doc().value()["pages"]["homepage"]["sections"]["slides-new"]["settings"];
    assert_eq!(
        settings["change_slides_every"],
        json!(4),
        "a new slideshow: 4 s"
    );
    assert_ne!(
        settings["content"]["desktop"][0]["buttonLabel"],
        settings["content"]["mobile"][0]["buttonLabel"],
        "desktop and mobile slides have their own colours"
    );
    let mut doc = editor.doc().value().clone();
    doc["pages"]["homepage"]["sections"]["slides-new"]["settings"]
        .as_object_mut()
        .expect("settings")
        .remove("change_slides_every");
    doc["settings"]["popup"]["subscribe"]
        .as_object_mut()
        .expect("subscribe")
        .remove("content");
    let editor = ThemeEditor::new(ThemeDoc::parse(&doc.to_string()).expect("config"));
    let slides = open(&editor, &section("slides-new"));
    assert_eq!(
        find(&slides.fields, "change_slides_every").map(|f| &f.value),
        Some(&json!(6)),
        "a stored head-image without an interval: 6 s"
    );
    let popup = open(&editor, &group(SettingsGroup::Popup));
    let content = popup
        .fields
        .iter()
        .find(|f| f.pointer.ends_with("/subscribe"))
        .and_then(|g| match &g.input {
            FieldInput::Group { fields } => find(fields, "content").cloned(),
            _ => None,
        })
        .expect("subscribe content");
    assert!(
        content
            .value
            .as_str()
            .is_some_and(|s| s.contains("15% off"))
    );
}

#[test]
fn a_flash_deal_product_opens_once_its_link_names_a_collection() {
    let mut editor = ThemeEditor::new(fixture("newchick"));
    let list = json!({"list": "flashDealBlocks", "section": "flash-deal-1"});
    apply(
        &mut editor,
        json!({"kind": "addItem", "list": list, "blockType": "collection"}),
    )
    .expect("added");
    let product = |e: &ThemeEditor| {
        let view = open(e, &section("flash-deal-1"));
        let mut all = Vec::new();
        leaves(&view.fields, &mut all);
        // The block just added is the last one.
        all.into_iter()
            .rfind(|f| matches!(f.input, FieldInput::Product { .. }))
            .expect("product field")
    };
    let field = product(&editor);
    assert_eq!(
        field.input,
        FieldInput::Product {
            open: false,
            collection: String::new()
        }
    );
    let link = field.pointer.replace("/product", "/url");
    apply(
        &mut editor,
        json!({"kind": "setField", "path": link,
               "value": link_to(&LinkTarget::Collection { handle: "shoes".into(), title: "Shoes".into() })}),
    )
    .expect("link set");
    assert_eq!(
        product(&editor).input,
        FieldInput::Product {
            open: true,
            collection: "shoes".into()
        }
    );
}

#[test]
fn thank_you_default_steps_do_not_open() {
    let editor = ThemeEditor::new(fixture("hydro"));
    let view = open(&editor, &group(SettingsGroup::ThankYou));
    let mut lists = Vec::new();
    fn collect(fields: &[FieldView], out: &mut Vec<FieldInput>) {
        for f in fields {
            match &f.input {
                FieldInput::Group { fields } => collect(fields, out),
                input @ FieldInput::List { .. } => out.push(input.clone()),
                _ => {}
            }
        }
    }
    collect(&view.fields, &mut lists);
    let FieldInput::List { items, status, .. } = &lists[0] else {
        panic!("steps");
    };
    assert!(items.iter().all(|i| !i.expandable));
    assert_eq!(status.max, Some(4));
    assert_eq!(ThemeFamily::Hydro, editor.doc().family());
}

#[test]
fn an_unknown_section_is_an_error_not_a_panic() {
    let editor = ThemeEditor::new(fixture("hydro"));
    assert!(panel(editor.doc(), &section("nope")).is_err());
    let _ = SectionType::Header;
}

#[test]
fn the_phones_slide_list_offers_the_copy_of_the_desktop_slides_and_the_desktops_does_not() {
    let mut editor = ThemeEditor::new(fixture("hydro"));
    let offers = |editor: &ThemeEditor| {
        let view = open(editor, &section("head-image-1"));
        ["slides_desktop", "slides_mobile"].map(|label| {
            match find(&view.fields, label).map(|f| f.input.clone()) {
                Some(FieldInput::List { copy, .. }) => copy.map(|c| (c.command, c.same)),
                other => panic!("{label} is a list: {other:?}"),
            }
        })
    };
    let [desktop, mobile] = offers(&editor);
    assert_eq!(desktop, None);
    let (command, same) = mobile.expect("the phones' list offers a copy");
    assert!(
        !same,
        "the template's phone slides differ from its desktop slides"
    );
    assert_eq!(
        serde_json::to_value(&command).expect("a command"),
        json!({"kind": "copySlidesToMobile", "section": "head-image-1"})
    );
    editor.apply(command).expect("the offered command applies");
    let [_, mobile] = offers(&editor);
    assert_eq!(mobile.map(|(_, same)| same), Some(true));
}

#[test]
fn a_slides_media_is_a_text_field_of_both_lists_and_edits_through_set_field() {
    let mut editor = ThemeEditor::new(fixture("hydro"));
    let view = open(&editor, &section("head-image-1"));
    let mut fields = Vec::new();
    leaves(&view.fields, &mut fields);
    let media: Vec<FieldView> = fields.into_iter().filter(|f| f.label == "media").collect();
    assert!(
        media
            .iter()
            .any(|f| f.pointer.contains("/content/desktop/"))
            && media.iter().any(|f| f.pointer.contains("/content/mobile/")),
        "{media:?}"
    );
    assert!(media.iter().all(|f| f.input == FieldInput::Text));
    let pointer = media[0].pointer.clone();
    apply(
        &mut editor,
        json!({"kind": "setField", "path": pointer, "value": "A model in a linen shirt"}),
    )
    .expect("the media field takes a text");
    let view = open(&editor, &section("head-image-1"));
    let mut fields = Vec::new();
    leaves(&view.fields, &mut fields);
    let edited = fields.iter().find(|f| f.pointer == pointer).expect("kept");
    assert_eq!(edited.value, json!("A model in a linen shirt"));
}

#[test]
fn the_test_panel_has_an_image_a_text_area_and_a_text_field_that_edit_through_commands() {
    for family in ["hydro", "newchick"] {
        let mut editor = ThemeEditor::new(fixture(family));
        let view = open(&editor, &group(SettingsGroup::Test));
        let shape: Vec<(String, String, FieldInput)> = view
            .fields
            .iter()
            .map(|f| (f.label.clone(), f.pointer.clone(), f.input.clone()))
            .collect();
        assert_eq!(
            shape,
            [
                ("image", "/settings/test/image", FieldInput::Image),
                ("content", "/settings/test/content", FieldInput::Multiline),
                ("title", "/settings/test/title", FieldInput::Text),
            ]
            .map(|(l, p, i)| (l.to_owned(), p.to_owned(), i))
            .to_vec(),
            "{family}"
        );
        for (pointer, value) in [
            ("/settings/test/image", "/theme-assets/slide-1.svg"),
            ("/settings/test/content", "First line\nSecond line"),
            ("/settings/test/title", "Trying the editor"),
        ] {
            apply(
                &mut editor,
                json!({"kind": "setField", "path": pointer, "value": value}),
            )
            .unwrap_or_else(|e| panic!("{family} {pointer}: {e}"));
        }
        let view = open(&editor, &group(SettingsGroup::Test));
        let values: Vec<Value> = view.fields.iter().map(|f| f.value.clone()).collect();
        assert_eq!(
            values,
            [
                json!("/theme-assets/slide-1.svg"),
                json!("First line\nSecond line"),
                json!("Trying the editor")
            ],
            "{family}"
        );
        assert!(view.fields.iter().all(|f| f.stored), "{family}");
    }
}
