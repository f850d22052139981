//! Shipping zones: which zone serves an address, the choices of an order by value and weight,
//! the free-shipping threshold of each zone, the settings' problems, and what the cart says
//! before an address is known.

use core_wasm::commerce::shipping::{normalized, shipping_problems, single_zone};
use core_wasm::commerce::{ShippingNote, quote, zone_for};
use core_wasm::formats::currency_or_default;
use shared_types::Money;
use shared_types::records::{RateCondition, ShippingRate, ShippingSettings, ShippingZone};

fn money(text: &str) -> Money {
    text.parse().expect("an amount")
}

fn rate(name: &str, price: &str) -> ShippingRate {
    ShippingRate {
        name: name.to_owned(),
        price: money(price),
        condition: RateCondition::Flat,
        min_subtotal: None,
        max_subtotal: None,
        min_grams: None,
        max_grams: None,
    }
}

fn zone(name: &str, places: &[&str], rates: Vec<ShippingRate>, free: Option<&str>) -> ShippingZone {
    ShippingZone {
        name: name.to_owned(),
        places: places.iter().map(|p| (*p).to_owned()).collect(),
        rest_of_world: false,
        rates,
        free_shipping_over: free.map(money),
    }
}

/// A US store: California apart, the rest of the country, Europe, and no rest of the world.
fn zones() -> ShippingSettings {
    let heavy = ShippingRate {
        condition: RateCondition::Weight,
        min_grams: Some(2_000),
        ..rate("Heavy", "25")
    };
    let light = ShippingRate {
        condition: RateCondition::Weight,
        max_grams: Some(1_999),
        ..rate("Light", "12")
    };
    let big_order = ShippingRate {
        condition: RateCondition::Value,
        min_subtotal: Some(money("100")),
        ..rate("Priority", "0")
    };
    ShippingSettings {
        zones: vec![
            zone(
                "California",
                &["US-CA"],
                vec![rate("Local", "3"), rate("Express", "9.5")],
                None,
            ),
            zone(
                "United States",
                &["US"],
                vec![rate("Standard", "5.99"), big_order],
                Some("75"),
            ),
            zone("Europe", &["DE", "FR"], vec![light, heavy], None),
        ],
    }
}

const USD: fn() -> core_wasm::formats::Currency = || currency_or_default("USD");

#[test]
fn an_address_is_served_by_its_regions_zone_then_its_countrys_then_the_rest_of_the_world() {
    let settings = zones();
    let name =
        |country: &str, region: &str| zone_for(&settings, country, region).map(|z| z.name.clone());
    assert_eq!(name("US", "California").as_deref(), Some("California"));
    assert_eq!(name("us", " ca").as_deref(), Some("California"));
    assert_eq!(name("US", "NY").as_deref(), Some("United States"));
    assert_eq!(name("DE", "").as_deref(), Some("Europe"));
    assert_eq!(name("JP", ""), None);
    let refused = quote(&settings, "JP", "", 2_000, 0, USD(), None);
    assert_eq!(
        refused.problem.as_deref(),
        Some("This store does not ship to Japan.")
    );
    assert!(refused.choices.is_empty() && refused.taken().is_none());

    let mut world = settings.clone();
    world.zones.push(ShippingZone {
        rest_of_world: true,
        ..zone(
            "Everywhere else",
            &[],
            vec![rate("International", "30")],
            None,
        )
    });
    assert_eq!(
        zone_for(&world, "JP", "").map(|z| z.name.as_str()),
        Some("Everywhere else")
    );
    assert_eq!(
        zone_for(&world, "DE", "").map(|z| z.name.as_str()),
        Some("Europe")
    );
}

#[test]
fn choices_follow_the_orders_value_and_weight_cheapest_first_and_free_from_the_threshold() {
    let settings = zones();
    let names = |q: &core_wasm::commerce::ShippingQuote| {
        q.choices
            .iter()
            .map(|c| (c.name.clone(), c.price_minor))
            .collect::<Vec<_>>()
    };
    // 40.00 in New York: Standard only (Priority is from 100.00).
    let ny = quote(&settings, "US", "NY", 4_000, 0, USD(), None);
    assert_eq!(names(&ny), vec![("Standard".to_owned(), 599)]);
    // 80.00: past the zone's 75.00 threshold, every rate is free.
    let free = quote(&settings, "US", "NY", 8_000, 0, USD(), None);
    assert_eq!(names(&free), vec![("Standard".to_owned(), 0)]);
    // 120.00: Priority joins, both free, the cheapest (first) taken.
    let big = quote(&settings, "US", "TX", 12_000, 0, USD(), None);
    assert_eq!(big.choices.len(), 2);
    // California's own zone has no threshold: Local then Express, the one asked for taken.
    let ca = quote(&settings, "US", "CA", 12_000, 0, USD(), Some("Express"));
    assert_eq!(
        names(&ca),
        vec![("Local".to_owned(), 300), ("Express".to_owned(), 950)]
    );
    assert_eq!(ca.taken().map(|c| c.price_minor), Some(950));
    assert!(!ca.unknown_choice);
    // A choice of another zone is not offered: the cheapest is shown, and the order refused.
    let other = quote(&settings, "US", "CA", 12_000, 0, USD(), Some("Standard"));
    assert!(other.unknown_choice);
    assert_eq!(other.taken().map(|c| c.name.as_str()), Some("Local"));
    // By weight in Europe: 1,999 g is light, 2,000 g heavy (bounds included).
    let light = quote(&settings, "FR", "", 5_000, 1_999, USD(), None);
    assert_eq!(names(&light), vec![("Light".to_owned(), 1_200)]);
    let heavy = quote(&settings, "FR", "", 5_000, 2_000, USD(), None);
    assert_eq!(names(&heavy), vec![("Heavy".to_owned(), 2_500)]);
    // A zone whose rates all miss the order says so.
    let mut narrow = settings.clone();
    narrow.zones[2].rates.truncate(1);
    let none = quote(&narrow, "DE", "", 5_000, 3_000, USD(), None);
    assert_eq!(
        none.problem.as_deref(),
        Some("No shipping to Germany covers this order. Contact the store.")
    );
}

#[test]
fn zero_decimal_currencies_price_rates_in_whole_units() {
    let settings = single_zone(money("800"), Some(money("10000")));
    let yen = currency_or_default("JPY");
    let tokyo = quote(&settings, "JP", "", 9_999, 0, yen, None);
    assert_eq!(tokyo.taken().map(|c| c.price_minor), Some(800));
    let free = quote(&settings, "JP", "", 10_000, 0, yen, None);
    assert_eq!(free.taken().map(|c| c.price_minor), Some(0));
}

#[test]
fn settings_are_refused_with_every_problem_named() {
    let mut bad = zones();
    bad.zones[2].places.push("US".to_owned());
    bad.zones[0].places.push("US-Springfield".to_owned());
    bad.zones[0].places.push("XX".to_owned());
    bad.zones[1].rates.push(rate("standard", "1"));
    bad.zones[1].rates[1].min_subtotal = None;
    bad.zones.push(ShippingZone {
        rest_of_world: false,
        ..zone("Nowhere", &[], Vec::new(), Some("0"))
    });
    bad.zones.push(ShippingZone {
        rest_of_world: true,
        ..zone("World", &[], vec![rate("A", "-1")], None)
    });
    bad.zones.push(ShippingZone {
        rest_of_world: true,
        ..zone("world", &[], vec![rate("", "1")], None)
    });
    let problems = shipping_problems(&bad, USD());
    for expected in [
        "Only one zone can be the rest of the world.",
        "California: \"Springfield\" is not a region of United States.",
        "California: \"XX\" is not a country code.",
        "US is in two zones: United States and Europe.",
        "United States: two rates are named \"standard\".",
        "United States, Priority: give the lowest or the highest subtotal it is offered for.",
        "Nowhere: choose its countries, or make it the rest of the world.",
        "Nowhere: the free-shipping threshold is more than 0.",
        "Nowhere: add at least one rate.",
        "Two zones are named \"world\".",
        "world: give each rate a name.",
    ] {
        assert!(
            problems.iter().any(|p| p == expected),
            "{expected} in {problems:#?}"
        );
    }
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("World, A: The price")),
        "{problems:#?}"
    );
    let mut weights = zones();
    weights.zones[2].rates[0].min_grams = Some(5_000);
    weights.zones[2].rates[0].max_grams = Some(10);
    assert_eq!(
        shipping_problems(&weights, USD()),
        vec!["Europe, Light: the lowest weight is above the highest.".to_owned()]
    );
    assert!(shipping_problems(&zones(), USD()).is_empty());
    assert_eq!(
        shipping_problems(&ShippingSettings::default(), USD()),
        vec![
            "Add a shipping zone: without one the store ships nowhere and takes no order."
                .to_owned()
        ]
    );
}

#[test]
fn settings_are_kept_as_codes_with_only_the_bounds_their_condition_reads() {
    let mut typed = zones();
    typed.zones[0].places = vec![" us-california ".to_owned(), "US-CA".to_owned()];
    typed.zones[0].name = "  California ".to_owned();
    typed.zones[1].rates[0].min_grams = Some(5);
    let kept = normalized(typed);
    assert_eq!(kept.zones[0].places, vec!["US-CA".to_owned()]);
    assert_eq!(kept.zones[0].name, "California");
    assert_eq!(kept.zones[1].rates[0].min_grams, None);
    assert_eq!(kept.zones[1].rates[1].min_subtotal, Some(money("100")));
}

#[test]
fn the_cart_shows_a_price_only_when_every_address_pays_the_same() {
    let usd = USD();
    let one = ShippingNote::of(&single_zone(money("4.99"), Some(money("50"))), "US", usd);
    assert_eq!(one.everywhere_minor, Some(499));
    assert_eq!(one.cart_price(4_999), Some(499));
    assert_eq!(one.cart_price(5_000), Some(0));
    assert_eq!(one.cart_price(0), Some(0));
    // Zones: the address decides, so the cart leaves it to the checkout; the bar reads the
    // threshold of the store's own country.
    let many = ShippingNote::of(&zones(), "US", usd);
    assert_eq!(many.cart_price(1_000), None);
    assert_eq!(many.free_over_minor, Some(7_500));
    // The sample shop of the editor says what a new store's settings say.
    assert_eq!(
        core_wasm::records::default_shipping_note(),
        ShippingNote::of(&core_wasm::records::default_shipping(), "", usd)
    );
}
