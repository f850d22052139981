//! The storefront renderer: every section type and every page of both families renders with
//! every value it reads given a default by the rule table, limits are the rule table's (the core
//! wins over the renderer's old clamps), and the preview's JSON entry point gives the same HTML
//! as the functions the server calls.

use core_wasm::storefront::preview::{self, Snapshot};
use core_wasm::storefront::{Family, View, take_misses, theme_css};
use core_wasm::theme::defaults;
use serde_json::{Value, json};
use shared_types::theme::SectionType;

fn fixture(name: &str) -> Value {
    let path = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn snapshot() -> Snapshot {
    serde_json::from_value(fixture("storefront_snapshot")).expect("the snapshot fixture reads")
}

fn view<'a>(config: &'a Value, snapshot: &'a Snapshot) -> View<'a> {
    View {
        shop: &snapshot.shop,
        config,
        catalog: &snapshot.catalog,
        family: Family::of(config),
        preview: false,
        year: snapshot.year,
    }
}

const PAGES: [&str; 5] = ["homepage", "product", "category", "cart", "order"];

/// A family's fixture whose home page holds one section of a type, with the core's settings of a
/// new section of that type.
fn with_one_section(family: &str, section_type: SectionType) -> Value {
    let mut config = fixture(family);
    config["pages"]["homepage"]["sections"] = json!({
        "only": {
            "key": "only",
            "type": section_type.wire_name(),
            "index": 0,
            "settings": defaults::section_settings(section_type),
        }
    });
    config
}

#[test]
fn every_page_of_both_families_reads_only_values_the_rule_table_gives_a_default() {
    let snapshot = snapshot();
    take_misses();
    for family in ["hydro", "newchick"] {
        let config = fixture(family);
        for page in PAGES {
            let rendered = preview::page(&view(&config, &snapshot), page, &snapshot)
                .unwrap_or_else(|e| panic!("{family} {page}: {e}"));
            assert!(rendered.html.contains("<main"), "{family} {page}");
        }
        let misses = take_misses();
        assert!(
            misses.is_empty(),
            "{family}: read without a default: {misses:?}"
        );
    }
}

#[test]
fn every_section_type_renders_in_both_families_alone_and_in_its_page() {
    let snapshot = snapshot();
    take_misses();
    for family in ["hydro", "newchick"] {
        for section_type in SectionType::ALL {
            if matches!(section_type, SectionType::Header | SectionType::Footer) {
                continue;
            }
            let config = with_one_section(family, section_type);
            let view = view(&config, &snapshot);
            let alone = preview::sections(&view, "homepage", &["only".to_owned()])
                .unwrap_or_else(|e| panic!("{family} {section_type:?}: {e}"));
            let html = alone["only"].as_str().unwrap_or_default();
            assert!(
                html.contains("data-section-key=\"only\""),
                "{family} {section_type:?}: {html}"
            );
            let page = preview::page(&view, "homepage", &snapshot).expect("the home page renders");
            assert!(
                page.html.contains(html),
                "{family} {section_type:?} in its page"
            );
        }
        let misses = take_misses();
        assert!(
            misses.is_empty(),
            "{family}: read without a default: {misses:?}"
        );
    }
}

#[test]
fn limits_are_the_rule_tables_whichever_family() {
    let snapshot = snapshot();
    for (family, most) in [("hydro", 6), ("newchick", 8)] {
        let mut config = with_one_section(family, SectionType::CollectionList);
        config["pages"]["homepage"]["sections"]["only"]["settings"]["item_per_row"] = json!(99);
        config["pages"]["homepage"]["sections"]["only"]["settings"]["item_per_row_mobile"] =
            json!("1");
        let html = preview::sections(&view(&config, &snapshot), "homepage", &["only".to_owned()])
            .expect("renders")["only"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert!(
            html.contains(&format!("--cols:{most};--cols-m:2")),
            "{family}: {html}"
        );
    }
    // The slideshow changes every 1 to 12 s (§5), not the 60 s the renderer once allowed.
    let mut config = with_one_section("hydro", SectionType::HeadImage);
    config["pages"]["homepage"]["sections"]["only"]["settings"]["change_slides_every"] = json!(60);
    let html = preview::sections(&view(&config, &snapshot), "homepage", &["only".to_owned()])
        .expect("renders")["only"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(html.contains("data-interval=\"12\""), "{html}");
}

#[test]
fn missing_values_take_the_spec_defaults() {
    let snapshot = snapshot();
    let mut config = fixture("hydro");
    config["settings"]["colors"] = json!({});
    config["settings"]["checkout"] = json!({});
    let css = theme_css(&config);
    assert!(css.contains(&format!("--c-checkout:{}", defaults::COLOR_CHECKOUT_BUTTON)));
    assert!(css.contains(&format!("--c-price:{}", defaults::COLOR_PRICE)));
    assert!(css.contains(&format!("--c-buy:{}", defaults::COLOR_BUY_NOW)));
    // The checkout countdown: shown, 10 minutes (§9).
    let page = preview::page(&view(&config, &snapshot), "order", &snapshot).expect("renders");
    assert!(page.html.contains("data-co-timer>10:00<"), "{}", page.html);
    // A new slideshow changes every 6 s (§9 head-image default).
    let mut config = with_one_section("hydro", SectionType::HeadImage);
    let settings = &mut config["pages"]["homepage"]["sections"]["only"]["settings"];
    settings
        .as_object_mut()
        .expect("settings")
        .remove("change_slides_every");
    let html = preview::sections(&view(&config, &snapshot), "homepage", &["only".to_owned()])
        .expect("renders")["only"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        html.contains(&format!(
            "data-interval=\"{}\"",
            defaults::HEAD_IMAGE_CHANGE_EVERY_SECONDS
        )),
        "{html}"
    );
}

/// `html` without the sections that `preview` shows as placeholders (by their keys).
fn without_blank_sections(html: &str, preview: &str) -> String {
    let mut out = html.to_owned();
    for part in preview
        .split("<section class=\"sec wrap sec-placeholder\" data-section-key=\"")
        .skip(1)
    {
        let key = part.split('"').next().unwrap_or_default();
        let marker = format!("data-section-key=\"{key}\"");
        let Some(at) = out.find(&marker) else {
            continue;
        };
        let start = out[..at].rfind("<section").unwrap_or(at);
        let end = out[at..]
            .find("</section>")
            .map_or(out.len(), |e| at + e + "</section>".len());
        out.replace_range(start..end, "");
    }
    out
}

#[test]
fn the_preview_json_entry_gives_the_same_html_as_the_servers_calls() {
    let snapshot = snapshot();
    let snapshot_text = serde_json::to_string(&snapshot).expect("snapshot");
    for family in ["hydro", "newchick"] {
        let config = fixture(family);
        let config_text = config.to_string();
        for page in PAGES {
            let direct = preview::page(&view(&config, &snapshot), page, &snapshot).expect("page");
            let mut direct_view = view(&config, &snapshot);
            direct_view.preview = true;
            let direct_preview = preview::page(&direct_view, page, &snapshot).expect("page");
            assert_eq!(
                without_blank_sections(&direct.html, &direct_preview.html),
                without_blank_sections(&direct_preview.html, &direct_preview.html),
                "the preview flag changes no HTML but blank sections' placeholders"
            );
            let text = preview::render_json(&config_text, &snapshot_text, page, None)
                .expect("render_json");
            let answer: Value = serde_json::from_str(&text).expect("JSON");
            assert_eq!(
                answer["html"],
                json!(direct_preview.html),
                "{family} {page}"
            );
            assert_eq!(answer["css"], json!(direct.css), "{family} {page}");
        }
    }
    assert!(preview::render_json("[]", &snapshot_text, "homepage", None).is_err());
    assert!(preview::render_json("{}", &snapshot_text, "elsewhere", None).is_err());
    assert!(preview::render_json("{}", "{}", "homepage", None).is_err());
}

#[test]
fn seller_html_is_cleaned_on_every_page() {
    let snapshot = snapshot();
    let config = fixture("hydro");
    let page = preview::page(&view(&config, &snapshot), "product", &snapshot).expect("renders");
    assert!(
        !page.html.contains("<script>alert"),
        "a product's script is dropped"
    );
    assert!(
        page.html.contains("font-size: 16px"),
        "rich text keeps allowed sizes"
    );
    assert!(!page.html.contains("onclick"), "handlers are dropped");
}

/// Whether HTML shows anything: text outside its tags, or a picture.
fn shows_something(html: &str) -> bool {
    if html.contains("<img") || html.contains("<svg") {
        return true;
    }
    let mut inside = false;
    html.chars().any(|c| {
        match c {
            '<' => inside = true,
            '>' => inside = false,
            _ => return !inside && !c.is_whitespace(),
        }
        false
    })
}

#[test]
fn a_new_section_shows_what_to_fill_in_in_the_preview_and_shoppers_never_see_that() {
    // A store with nothing in it yet: a new section has nothing of the catalog to fall back on.
    let mut empty = snapshot();
    empty.catalog = Default::default();
    for family in ["hydro", "newchick"] {
        for section_type in SectionType::ALL {
            if matches!(section_type, SectionType::Header | SectionType::Footer) {
                continue;
            }
            let config = with_one_section(family, section_type);
            let mut preview_view = view(&config, &empty);
            preview_view.preview = true;
            let shown = preview::sections(&preview_view, "homepage", &["only".to_owned()])
                .expect("renders");
            let html = shown["only"].as_str().unwrap_or_default();
            assert!(
                shows_something(html),
                "{family} {section_type:?} is an empty gap in the preview: {html}"
            );
            assert!(
                html.contains("data-section-key=\"only\""),
                "still selectable"
            );
            let shopper =
                preview::sections(&view(&config, &empty), "homepage", &["only".to_owned()])
                    .expect("renders");
            let shopper = shopper["only"].as_str().unwrap_or_default();
            assert!(
                !shopper.contains("sec-placeholder"),
                "{family} {section_type:?}: shoppers see no placeholder"
            );
            if html.contains("sec-placeholder") {
                assert!(
                    !shows_something(shopper),
                    "only a blank section is replaced"
                );
            }
        }
    }
    // A collection list without collections names itself and says what to fill in.
    let config = with_one_section("hydro", SectionType::CollectionList);
    let mut preview_view = view(&config, &empty);
    preview_view.preview = true;
    let shown =
        preview::sections(&preview_view, "homepage", &["only".to_owned()]).expect("renders");
    let html = shown["only"].as_str().unwrap_or_default();
    assert!(html.contains("Collection list"), "{html}");
    assert!(html.contains("Choose the collections to show."), "{html}");
}

#[test]
fn free_shipping_texts_name_the_stores_own_threshold_in_its_currency() {
    let mut snapshot = snapshot();
    snapshot.shop.currency = "EUR".to_owned();
    snapshot.shop.shipping.free_over_minor = Some(7_500);
    let render = |config: &Value, snapshot: &Snapshot, page: &str| {
        preview::page(&view(config, snapshot), page, snapshot)
            .expect("renders")
            .html
    };
    for family in ["hydro", "newchick"] {
        let config = fixture(family);
        let home = render(&config, &snapshot, "homepage");
        let product = render(&config, &snapshot, "product");
        assert!(home.contains("Free shipping over €75.00"), "{family}");
        assert!(home.contains("Over €75.00"), "{family}");
        assert!(product.contains("Free over €75.00."), "{family}");
        for html in [&home, &product] {
            assert!(!html.contains("$50"), "{family}");
            assert!(!html.contains("{free_shipping_threshold}"), "{family}");
        }
    }
    // A store that offers no free shipping shows no text that names a threshold.
    let config = fixture("hydro");
    let mut without = snapshot.clone();
    without.shop.shipping.free_over_minor = None;
    let home = render(&config, &without, "homepage");
    assert!(!home.contains("Free shipping over"), "{home}");
    assert!(!home.contains("{free_shipping_threshold}"));
    // A text the merchant wrote stays as they wrote it.
    let mut written = fixture("hydro");
    written["pages"]["fixed"]["sections"]["header"]["settings"]["text_topbar"] =
        json!("Free shipping over $50");
    assert!(render(&written, &snapshot, "homepage").contains("Free shipping over $50"));
}

#[test]
fn a_new_image_with_text_section_shows_a_placeholder_picture_to_shoppers_as_in_the_editor() {
    let snapshot = snapshot();
    for family in ["hydro", "newchick"] {
        let config = with_one_section(family, SectionType::ImageWithText);
        let only = ["only".to_owned()];
        let shopper = preview::sections(&view(&config, &snapshot), "homepage", &only)
            .expect("renders")["only"]
            .clone();
        let mut editor_view = view(&config, &snapshot);
        editor_view.preview = true;
        let editor =
            preview::sections(&editor_view, "homepage", &only).expect("renders")["only"].clone();
        let shopper = shopper.as_str().unwrap_or_default();
        assert!(shopper.contains("class=\"ph-pic\""), "{family}: {shopper}");
        assert_eq!(
            Some(shopper),
            editor.as_str(),
            "{family}: the editor shows the store's"
        );
    }
}

#[test]
fn a_slides_media_describes_its_image_and_the_heading_does_when_it_is_empty() {
    let snapshot = snapshot();
    let render = |media: Value| {
        let mut config = fixture("hydro");
        let slide = &mut config["pages"]["homepage"]["sections"]["head-image-1"]["settings"]["content"]
            ["desktop"][0];
        slide["media"] = media;
        let heading = slide["heading"]["content"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let key = ["head-image-1".to_owned()];
        let html = preview::sections(&view(&config, &snapshot), "homepage", &key).expect("renders")
            ["head-image-1"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let by_heading = html.matches(&format!("alt=\"{heading}\"")).count();
        (html, by_heading)
    };
    let (described, by_heading_then) = render(json!("A model in a linen shirt"));
    assert!(
        described.contains("alt=\"A model in a linen shirt\""),
        "{described}"
    );
    for empty in [json!(""), json!(null)] {
        let (html, by_heading) = render(empty);
        assert!(!html.contains("linen"), "{html}");
        assert_eq!(by_heading, by_heading_then + 1, "{html}");
    }
}

/// The first screen of a collection: its first row of cards loads its pictures at once, the
/// first one first (no banner here); the cards after them wait until they come near.
#[test]
fn a_collections_first_cards_load_at_once_and_the_rest_when_near() {
    let config = fixture("hydro");
    let snapshot = snapshot();
    let mut products = Vec::new();
    for i in 0..10 {
        let mut product = snapshot.catalog.products[0].clone();
        product.handle = format!("shirt-{i}");
        products.push(product);
    }
    let page = core_wasm::storefront::Page::Collection {
        title: "All".to_owned(),
        handle: "all".to_owned(),
        products,
        search: String::new(),
    };
    let html = core_wasm::storefront::app(&view(&config, &snapshot), &page);
    let grid = &html[html.find("class=\"grid products\"").expect("the grid")..];
    let cards: Vec<&str> = grid.split("<a class=\"card\"").skip(1).collect();
    assert_eq!(cards.len(), 10);
    assert!(cards[0].contains(" fetchpriority=\"high\""), "{}", cards[0]);
    for card in &cards[1..4] {
        assert!(
            !card.contains("loading=") && !card.contains("fetchpriority"),
            "{card}"
        );
    }
    for card in &cards[4..] {
        assert!(card.contains(" loading=\"lazy\""), "{card}");
    }
    // Each card still offers its widths.
    assert!(cards.iter().all(|card| card.contains(" srcset=\"")));
}

/// A page in the templates' fonts carries their faces in its head (so the first layout asks for
/// the font files without a stylesheet's request first); another family's sheet is a link that
/// does not hold up the first paint.
#[test]
fn the_templates_faces_are_in_the_page_and_another_familys_sheet_is_linked() {
    let mut config = fixture("hydro");
    let snapshot = snapshot();
    let page = core_wasm::storefront::Page::Home;
    let boot = |page| core_wasm::storefront::Boot {
        page,
        admin_origin: "",
        product: None,
        css: "",
    };
    let html = core_wasm::storefront::document(&view(&config, &snapshot), &boot(&page), "/a");
    let faces = core_wasm::theme::fonts::TEMPLATE_FONT_FACES;
    assert!(faces.contains("@font-face"), "{faces}");
    assert!(html.contains(&format!("<style data-font-faces>{faces}</style>")));
    assert!(!html.contains("fonts.css"), "{html}");
    let google = "https://fonts.googleapis.com/css2?family=Open+Sans:wght@700&display=swap";
    config["settings"]["typography"]["type_header_family"] =
        json!({"font": "Open Sans", "style": "700", "url": google});
    let html = core_wasm::storefront::document(&view(&config, &snapshot), &boot(&page), "/a");
    assert!(html.contains(&format!(
        "<link rel=\"stylesheet\" href=\"{}\" media=\"print\" data-font>",
        core_wasm::storefront::esc(google)
    )));
    assert!(
        html.contains("<style data-font-faces>"),
        "the base font is still the template's"
    );
}

/// A card in a grid says what it is shown at: half a phone's width less the margins, gap and
/// the family's padding, and its share of a desktop's 1200 px.
#[test]
fn a_grids_cards_say_the_width_they_are_shown_at() {
    use core_wasm::storefront::{Family, grid_card_sizes};
    assert_eq!(
        grid_card_sizes(Family::Hydro, 4.0),
        "(max-width: 767px) calc(50vw - 39px), (max-width: 1200px) calc((100vw - 172px) / 4), 257px"
    );
    assert_eq!(
        grid_card_sizes(Family::Newchick, 3.0),
        "(max-width: 767px) calc(50vw - 20px), (max-width: 1200px) calc((100vw - 72px) / 3), 376px"
    );
    assert!(grid_card_sizes(Family::Hydro, f64::NAN).ends_with(", 1136px"));
    let config = fixture("hydro");
    let snapshot = snapshot();
    let page = core_wasm::storefront::Page::Collection {
        title: "All".to_owned(),
        handle: "all".to_owned(),
        products: snapshot.catalog.products.clone(),
        search: String::new(),
    };
    let html = core_wasm::storefront::app(&view(&config, &snapshot), &page);
    let sizes = core_wasm::storefront::esc(&grid_card_sizes(Family::Hydro, 4.0));
    assert!(html.contains(&format!(" sizes=\"{sizes}\"")), "{html}");
}
