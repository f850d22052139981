//! An honest default store: a product page's stars come only from the Product Reviews app's
//! published reviews, one picker per product option with the combinations that cannot be
//! bought disabled, the footer states no invented contact details and its copyright is the
//! store's own, and the templates load nothing from another host.

use core_wasm::records::{
    RatingSummary, rating_summaries, rating_summary, review_shown, reviews_on,
};
use core_wasm::storefront::preview::{self, Snapshot, year_of};
use core_wasm::storefront::variants::{
    first_choice, option_pickers, resolve_variant, variant_picker, variant_values,
};
use core_wasm::storefront::{Family, View, font_urls};
use core_wasm::theme::defaults::FOOTER_MOBILE;
use serde_json::{Value, json};
use shared_types::catalog::{Product, ProductOption, Variant};
use shared_types::records::{AppSwitches, Review};

fn review(product: &str, rating: u8, published: bool) -> Review {
    Review {
        product_id: product.to_owned(),
        author: "Ann".to_owned(),
        rating,
        title: String::new(),
        body: String::new(),
        published,
    }
}

fn apps(on: &[&str]) -> AppSwitches {
    AppSwitches {
        enabled: on.iter().map(|k| (*k).to_owned()).collect(),
    }
}

#[test]
fn a_rating_is_the_mean_of_published_reviews_to_one_decimal_with_their_count() {
    let reviews = [
        review("p1", 5, true),
        review("p1", 4, true),
        review("p1", 5, true),
        review("p1", 1, false),
        review("p2", 3, true),
    ];
    let summary = rating_summary(&reviews, "p1").expect("p1 has published reviews");
    // (5 + 4 + 5) / 3 = 4.666..., shown as 4.7 of 3 reviews; the unpublished 1 is left out.
    assert_eq!(summary.average_tenths, 47);
    assert_eq!(summary.average(), "4.7");
    assert_eq!(summary.count, 3);
    assert_eq!(summary.count_text(), "3 reviews");
    assert_eq!(summary.stars(), 5);
    let one = rating_summary(&reviews, "p2").expect("p2");
    assert_eq!(
        (one.average(), one.count_text()),
        ("3.0".to_owned(), "1 review".to_owned())
    );
    // Halves round up: 4 and 5 make 4.5.
    let half = rating_summary(&[review("p", 4, true), review("p", 5, true)], "p").expect("p");
    assert_eq!(half.average(), "4.5");
    // 1, 1, 2 is 1.333... (1.3); 4, 4, 5 is 4.333... (4.3).
    let low = [
        review("p", 1, true),
        review("p", 1, true),
        review("p", 2, true),
    ];
    assert_eq!(
        rating_summary(&low, "p").map(|s| s.average()),
        Some("1.3".to_owned())
    );
    let high = [
        review("p", 4, true),
        review("p", 4, true),
        review("p", 5, true),
    ];
    assert_eq!(
        rating_summary(&high, "p").map(|s| s.average()),
        Some("4.3".to_owned())
    );
}

#[test]
fn a_product_without_published_reviews_has_no_rating() {
    assert_eq!(rating_summary(&[], "p1"), None);
    assert_eq!(rating_summary(&[review("p1", 5, false)], "p1"), None);
    assert_eq!(rating_summary(&[review("p2", 5, true)], "p1"), None);
    // A malformed review (no stars) counts for nothing.
    assert!(!review_shown(&review("p1", 0, true)));
    assert_eq!(rating_summary(&[review("p1", 0, true)], "p1"), None);
}

#[test]
fn ratings_are_shown_only_while_the_reviews_app_is_on() {
    let reviews = [
        review("b", 4, true),
        review("a", 2, true),
        review("c", 5, false),
    ];
    assert!(!reviews_on(&apps(&[])));
    assert!(rating_summaries(&apps(&[]), &reviews).is_empty());
    assert!(rating_summaries(&apps(&["size-chart"]), &reviews).is_empty());
    let on = rating_summaries(&apps(&["size-chart", "product-review"]), &reviews);
    let ids: Vec<&str> = on.iter().map(|s| s.product_id.as_str()).collect();
    assert_eq!(ids, ["a", "b"]);
}

fn variant(id: &str, values: &[&str], stock: i64) -> Variant {
    Variant {
        id: id.to_owned(),
        title: values.join(" / "),
        options: values.iter().map(|v| (*v).to_owned()).collect(),
        price: "10.0".parse().expect("money"),
        compare_at_price: None,
        stock,
        sku: String::new(),
    }
}

fn option(name: &str, values: &[&str]) -> ProductOption {
    ProductOption {
        name: name.to_owned(),
        values: values.iter().map(|v| (*v).to_owned()).collect(),
    }
}

/// A hoodie in S, M, L and Black, White, Sand: L in Sand is not made, M in White is sold out.
fn hoodie() -> Product {
    let mut variants = Vec::new();
    for size in ["S", "M", "L"] {
        for colour in ["Black", "White", "Sand"] {
            if (size, colour) == ("L", "Sand") {
                continue;
            }
            let stock = if (size, colour) == ("M", "White") {
                0
            } else {
                5
            };
            variants.push(variant(&format!("{size}-{colour}"), &[size, colour], stock));
        }
    }
    let mut product = preview::sample_product();
    product.options = vec![
        option("Size", &["S", "M", "L"]),
        option("Colour", &["Black", "White", "Sand"]),
    ];
    product.variants = variants;
    product
}

fn id_of(product: &Product, index: Option<usize>) -> Option<&str> {
    index
        .and_then(|i| product.variants.get(i))
        .map(|v| v.id.as_str())
}

#[test]
fn a_size_by_colour_product_has_one_picker_per_option() {
    let product = hoodie();
    let pickers = option_pickers(&product);
    let names: Vec<&str> = pickers.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Size", "Colour"]);
    assert_eq!(pickers[0].values, ["S", "M", "L"]);
    assert_eq!(pickers[1].values, ["Black", "White", "Sand"]);
    assert_eq!(
        variant_values(&product, &product.variants[0]),
        ["S", "Black"]
    );
    assert_eq!(
        id_of(&product, resolve_variant(&product, &["M", "Sand"])),
        Some("M-Sand")
    );
    // A combination that is not made resolves to nothing.
    assert_eq!(resolve_variant(&product, &["L", "Sand"]), None);
    assert_eq!(resolve_variant(&product, &["XL", "Black"]), None);
}

#[test]
fn combinations_that_are_not_made_or_sold_out_cannot_be_chosen() {
    let product = hoodie();
    let picker = variant_picker(&product);
    let at = |size: &str, colour: &str| resolve_variant(&product, &[size, colour]).expect("made");
    let (size, colour) = (0, 1);
    let (white, sand) = (1, 2);
    // With L chosen, Sand is closed (not made); with M, White is (sold out).
    let l_black = at("L", "Black");
    assert!(!picker.open(l_black, colour, sand));
    assert!(picker.open(l_black, colour, white));
    let m_black = at("M", "Black");
    assert!(!picker.open(m_black, colour, white));
    assert!(picker.open(m_black, colour, sand));
    // Every size stays open: each has an in-stock colour.
    for value in 0..3 {
        assert!(picker.open(l_black, size, value));
    }
    // Choosing a size keeps the colour where that size has it, else takes its first open one.
    let s_sand = at("S", "Sand");
    assert_eq!(
        id_of(&product, picker.next[s_sand][size][1]),
        Some("M-Sand")
    );
    assert_eq!(
        id_of(&product, picker.next[s_sand][size][2]),
        Some("L-Black")
    );
    let s_white = at("S", "White");
    assert_eq!(
        id_of(&product, picker.next[s_white][size][1]),
        Some("M-Black")
    );
    // Choosing a colour keeps the size.
    assert_eq!(
        id_of(&product, picker.next[l_black][colour][white]),
        Some("L-White")
    );
    // The table's positions are each variant's values.
    assert_eq!(picker.positions[l_black], [Some(2), Some(0)]);
}

#[test]
fn every_in_stock_variant_can_be_reached_and_no_choice_leads_to_a_sold_out_one() {
    let product = hoodie();
    let picker = variant_picker(&product);
    let mut reached = vec![false; product.variants.len()];
    let mut stack = vec![first_choice(&product).expect("a first choice")];
    while let Some(at) = stack.pop() {
        if std::mem::replace(&mut reached[at], true) {
            continue;
        }
        for option in &picker.next[at] {
            for to in option.iter().flatten() {
                assert!(
                    product.variants[*to].stock > 0,
                    "{}",
                    product.variants[*to].id
                );
                stack.push(*to);
            }
        }
    }
    for (i, variant) in product.variants.iter().enumerate() {
        assert_eq!(reached[i], variant.stock > 0, "{}", variant.id);
    }
}

#[test]
fn variants_without_options_get_one_picker_of_their_titles_and_a_single_variant_none() {
    let mut product = preview::sample_product();
    assert!(option_pickers(&product).is_empty());
    product.variants = vec![
        Variant {
            options: Vec::new(),
            ..variant("a", &["Small"], 1)
        },
        Variant {
            options: Vec::new(),
            ..variant("b", &["Large"], 0)
        },
    ];
    let pickers = option_pickers(&product);
    assert_eq!(pickers.len(), 1);
    assert_eq!(pickers[0].values, ["Small", "Large"]);
    let picker = variant_picker(&product);
    assert!(picker.open(0, 0, 0));
    assert!(!picker.open(0, 0, 1), "the sold-out one cannot be chosen");
    // Everything sold out: the first variant is shown, and nothing can be chosen.
    product.variants[0].stock = 0;
    assert_eq!(first_choice(&product), Some(0));
    assert!(!variant_picker(&product).open(0, 0, 0));
}

fn fixture(name: &str) -> Value {
    let path = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn snapshot() -> Snapshot {
    let mut snapshot: Snapshot =
        serde_json::from_value(fixture("storefront_snapshot")).expect("the snapshot reads");
    snapshot.year = 2031;
    snapshot
}

fn render(config: &Value, snapshot: &Snapshot, page: &str) -> String {
    let view = View {
        shop: &snapshot.shop,
        config,
        catalog: &snapshot.catalog,
        family: Family::of(config),
        preview: false,
        year: snapshot.year,
    };
    preview::page(&view, page, snapshot)
        .unwrap_or_else(|e| panic!("{page}: {e}"))
        .html
}

#[test]
fn a_product_page_shows_stars_only_for_a_product_with_published_reviews() {
    let mut snapshot = snapshot();
    for family in ["hydro", "newchick"] {
        let mut config = fixture(family);
        config["settings"]["product"]["productRating"] = json!(true);
        config["settings"]["product"]["hideReviewSizes"] = json!(false);
        snapshot.catalog.ratings.clear();
        let html = render(&config, &snapshot, "product");
        assert!(
            !html.contains("class=\"rating\""),
            "{family}: no reviews, no stars"
        );
        assert!(!html.contains("reviews)"), "{family}");
        snapshot.catalog.ratings = vec![RatingSummary {
            product_id: snapshot.sample.id.clone(),
            average_tenths: 42,
            count: 7,
        }];
        let html = render(&config, &snapshot, "product");
        assert!(html.contains("4.2 (7 reviews)"), "{family}");
        assert!(html.contains("★★★★☆"), "{family}");
        // Another product's reviews say nothing of this one.
        snapshot.catalog.ratings[0].product_id = "another".to_owned();
        assert!(!render(&config, &snapshot, "product").contains("class=\"rating\""));
    }
}

#[test]
fn the_product_page_renders_one_picker_per_option_with_closed_values_disabled() {
    let mut snapshot = snapshot();
    snapshot.sample = hoodie();
    let mut config = fixture("hydro");
    config["settings"]["product"]["layout"]["variant_buttons"] = json!(true);
    config["settings"]["product"]["layout"]["variant_style"] = json!("buttons");
    let html = render(&config, &snapshot, "product");
    assert!(html.contains("name=\"option-0\""));
    assert!(html.contains("name=\"option-1\""));
    assert!(html.contains("<legend class=\"v-label"));
    assert!(html.contains(">Size</legend>") && html.contains(">Colour</legend>"));
    // S in Black is shown first; with S every colour is open.
    assert!(html.contains("value=\"S-Black\" data-variant"));
    assert!(!html.contains(" disabled><span>"));
    // The table the script reads is on the form.
    assert!(html.contains("data-picker=\"{&quot;next&quot;:"));
    // As a dropdown: one select per option.
    config["settings"]["product"]["layout"]["variant_style"] = json!("dropdown");
    let html = render(&config, &snapshot, "product");
    assert!(html.contains("<select id=\"option-0\"") && html.contains("<select id=\"option-1\""));
}

#[test]
fn the_footer_shows_no_placeholder_phone_and_the_store_s_own_copyright() {
    let snapshot = snapshot();
    let mut config = fixture("hydro");
    let html = render(&config, &snapshot, "homepage");
    // The store's name is escaped in the page: `Parity & Co`.
    assert!(html.contains("© 2031 Parity &amp; Co"), "the copyright");
    assert!(!html.contains("Acme"));
    assert!(!html.contains("<span>Phone</span>"));
    let blocks = config["pages"]["fixed"]["sections"]["footer"]["blocks"]
        .as_array_mut()
        .expect("blocks");
    for block in blocks.iter_mut() {
        match block["type"].as_str() {
            Some("mobile") => block["value"] = json!(FOOTER_MOBILE),
            Some("copyright") => block["value"] = json!("© Parity Works"),
            _ => {}
        }
    }
    let html = render(&config, &snapshot, "homepage");
    assert!(
        !html.contains(FOOTER_MOBILE),
        "the spec's placeholder is no one's number"
    );
    assert!(
        html.contains("© Parity Works"),
        "the seller's own text wins"
    );
    for block in config["pages"]["fixed"]["sections"]["footer"]["blocks"]
        .as_array_mut()
        .expect("blocks")
    {
        if block["type"] == "mobile" {
            block["value"] = json!("+1 555 0100");
        }
    }
    assert!(render(&config, &snapshot, "homepage").contains("<span>Phone</span> +1 555 0100"));
    // Newchick's settings-based footer, and a render without a year.
    let mut plain = snapshot.clone();
    plain.year = 0;
    let html = render(&fixture("newchick"), &plain, "homepage");
    assert!(html.contains("<p class=\"copy\">© Parity &amp; Co</p>"));
    assert_eq!(year_of(1_767_225_600_000), 2026);
}

#[test]
fn the_templates_state_no_invented_reviews_contacts_or_hosts() {
    for family in ["hydro", "newchick"] {
        let config = fixture(family);
        let text = config.to_string();
        for invented in [
            "10,000",
            "Acme",
            "000000000",
            "example.com",
            "http://",
            "https://",
        ] {
            assert!(!text.contains(invented), "{family}: {invented}");
        }
        assert_eq!(font_urls(&config), ["/theme-assets/fonts.css"], "{family}");
        let snapshot = snapshot();
        for page in ["homepage", "product", "category", "cart", "order"] {
            let html = render(&config, &snapshot, page);
            for host in ["cdn.example.com", "fonts.example.com"] {
                assert!(!html.contains(host), "{family} {page}: {host}");
            }
        }
    }
}

#[test]
fn a_personalized_product_page_asks_for_each_text_layer_and_the_cart_shows_the_values() {
    use core_wasm::personalize::{Filled, text_fields};
    use core_wasm::storefront::{Line, Page, app, cart_view, plain_totals};
    let snapshot = snapshot();
    let config = fixture("hydro");
    let view = View {
        shop: &snapshot.shop,
        config: &config,
        catalog: &snapshot.catalog,
        family: Family::of(&config),
        preview: false,
        year: snapshot.year,
    };
    let layers = [
        json!({"type": "text", "label": "Name", "maxLength": 12, "font": "Pacifico"}),
        json!({"type": "image", "label": "Photo"}),
        json!({"type": "text", "label": "Date <b>", "required": false}),
    ];
    let product = Box::new(snapshot.sample.clone());
    let html = app(&view, &Page::Product(product.clone(), text_fields(&layers)));
    assert!(html.contains(
        "<label for=\"personal-0\">Name</label><input id=\"personal-0\" data-personal=\"0\" maxlength=\"12\" autocomplete=\"off\" required>"
    ));
    assert!(html.contains("<label for=\"personal-2\">Date &lt;b&gt;</label>"));
    assert!(html.contains("maxlength=\"200\" autocomplete=\"off\"></p>"));
    assert!(!html.contains("Photo"), "no field for an image layer");
    assert!(!app(&view, &Page::Product(product, Vec::new())).contains("data-personal"));

    let line = |value: &str| Line {
        product_id: snapshot.sample.id.clone(),
        variant_id: "v1".to_owned(),
        title: "Mug".to_owned(),
        variant_title: String::new(),
        handle: "mug".to_owned(),
        image: String::new(),
        quantity: 1,
        price_minor: 1000,
        stock: 5,
        weight_grams: 0,
        personalization: vec![Filled {
            layer: 0,
            label: "Name".to_owned(),
            value: value.to_owned(),
        }],
    };
    let lines = [line("Ada"), line("<Bo>")];
    let html = cart_view(&view, &lines, &[], &plain_totals(&view, &[1000, 1000]), "");
    assert!(html.contains("data-line=\"0\"") && html.contains("data-line=\"1\""));
    assert!(html.contains("<span class=\"muted\" data-personal-value>Name: Ada</span>"));
    assert!(html.contains("Name: &lt;Bo&gt;"));
}

#[test]
fn the_previewed_checkout_preselects_the_stores_country() {
    let config = fixture("hydro");
    let mut snapshot = snapshot();
    let selected = |snapshot: &Snapshot| {
        let html = render(&config, snapshot, "order");
        ["US", "VN"]
            .into_iter()
            .filter(|code| {
                html.split(&format!("<option value=\"{code}\""))
                    .skip(1)
                    .any(|rest| {
                        rest.split('>')
                            .next()
                            .is_some_and(|tag| tag.contains(" selected"))
                    })
            })
            .collect::<Vec<_>>()
    };
    // A store that has not named its country: the checkout's default.
    snapshot.shop.country = String::new();
    assert_eq!(selected(&snapshot), ["US"]);
    snapshot.shop.country = "VN".to_owned();
    assert_eq!(selected(&snapshot), ["VN"]);
}
