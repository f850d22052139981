//! Shipping zones (issue 49): which zone serves an address, the choices it offers an order of
//! a given subtotal and weight, and what each costs. The checkout's summary and the order are
//! priced here; the cart, before the address is known, shows a price only when every address
//! would pay the same (`ShippingNote`).

use serde::{Deserialize, Serialize};
use shared_types::Money;
use shared_types::records::{RateCondition, ShippingRate, ShippingSettings, ShippingZone};

use crate::formats::Currency;

/// The most zones a store keeps.
pub const ZONES_MAX: usize = 50;
/// The most rates of one zone.
pub const ZONE_RATES_MAX: usize = 20;
/// The most countries and regions one zone names.
pub const ZONE_PLACES_MAX: usize = 300;
/// The longest zone or rate name.
pub const SHIPPING_NAME_MAX: usize = 64;
/// The heaviest product unit, in grams (a tonne).
pub const PRODUCT_GRAMS_MAX: i64 = 1_000_000;
/// The highest weight bound of a rate, in grams (a hundred tonnes).
pub const RATE_GRAMS_MAX: i64 = 100_000_000;
/// The zone and rate a store's single flat rate became when zones came.
pub const DEFAULT_ZONE_NAME: &str = "Everywhere";
pub const DEFAULT_RATE_NAME: &str = "Standard";

/// One zone for the whole world with one flat rate, free from `free_over`: what a new store
/// starts with and what a store's flat rate before zones became.
pub fn single_zone(rate: Money, free_over: Option<Money>) -> ShippingSettings {
    ShippingSettings {
        zones: vec![ShippingZone {
            name: DEFAULT_ZONE_NAME.to_owned(),
            places: Vec::new(),
            rest_of_world: true,
            rates: vec![ShippingRate {
                name: DEFAULT_RATE_NAME.to_owned(),
                price: rate,
                condition: RateCondition::Flat,
                min_subtotal: None,
                max_subtotal: None,
                min_grams: None,
                max_grams: None,
            }],
            free_shipping_over: free_over,
        }],
    }
}

/// A place as kept: its country code and its region's code (empty: the whole country), or why
/// it is not one. Listed regions (US states, provinces) are read by code or name.
fn place(text: &str) -> Result<(String, String), String> {
    let text = text.trim();
    let (country, region) = text.split_once('-').unwrap_or((text, ""));
    let Some((code, name, _)) = super::country(country) else {
        return Err(format!("{:?} is not a country code.", country.trim()));
    };
    let region = region.trim();
    if region.is_empty() {
        return Ok((code.to_owned(), String::new()));
    }
    if super::regions::regions(code).is_empty() {
        if region.chars().count() > super::tax::TAX_REGION_MAX {
            return Err(format!(
                "A region code has at most {} characters.",
                super::tax::TAX_REGION_MAX
            ));
        }
        return Ok((code.to_owned(), region.to_ascii_uppercase()));
    }
    super::regions::region_code(code, region)
        .map(|r| (code.to_owned(), r.to_owned()))
        .ok_or_else(|| format!("{region:?} is not a region of {name}."))
}

/// A place as the settings keep it: `DE`, `US-CA`.
fn place_text((country, region): &(String, String)) -> String {
    if region.is_empty() {
        country.clone()
    } else {
        format!("{country}-{region}")
    }
}

/// Every problem of a store's zones: names, places known and in one zone each, at most one
/// rest-of-world zone, rates named once per zone with valid prices and ordered bounds.
pub fn shipping_problems(settings: &ShippingSettings, currency: Currency) -> Vec<String> {
    let mut problems = Vec::new();
    let money = |label: &str, amount: Money| crate::money::to_stored(label, amount, currency);
    if settings.zones.is_empty() {
        problems.push(
            "Add a shipping zone: without one the store ships nowhere and takes no order."
                .to_owned(),
        );
    }
    if settings.zones.len() > ZONES_MAX {
        problems.push(format!("A store keeps at most {ZONES_MAX} shipping zones."));
    }
    if settings.zones.iter().filter(|z| z.rest_of_world).count() > 1 {
        problems.push("Only one zone can be the rest of the world.".to_owned());
    }
    let mut seen: Vec<((String, String), &str)> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for zone in &settings.zones {
        let name = zone.name.trim();
        if name.is_empty() {
            problems.push("Give each shipping zone a name.".to_owned());
        } else if name.chars().count() > SHIPPING_NAME_MAX {
            problems.push(format!(
                "A zone's name has at most {SHIPPING_NAME_MAX} characters."
            ));
        } else if names.contains(&name.to_lowercase()) {
            problems.push(format!("Two zones are named {name:?}."));
        }
        names.push(name.to_lowercase());
        if zone.places.is_empty() && !zone.rest_of_world {
            problems.push(format!(
                "{name}: choose its countries, or make it the rest of the world."
            ));
        }
        if zone.places.len() > ZONE_PLACES_MAX {
            problems.push(format!(
                "{name}: a zone names at most {ZONE_PLACES_MAX} countries and regions."
            ));
        }
        for text in &zone.places {
            match place(text) {
                Err(problem) => problems.push(format!("{name}: {problem}")),
                Ok(key) => {
                    if let Some((_, other)) = seen.iter().find(|(k, _)| *k == key) {
                        problems.push(format!(
                            "{} is in two zones: {other} and {name}.",
                            place_text(&key)
                        ));
                    } else {
                        seen.push((key, name));
                    }
                }
            }
        }
        match zone
            .free_shipping_over
            .map(|t| money("The free-shipping threshold", t))
        {
            Some(Err(e)) => problems.push(format!("{name}: {e}")),
            Some(Ok(0)) => problems.push(format!(
                "{name}: the free-shipping threshold is more than 0."
            )),
            _ => {}
        }
        if zone.rates.is_empty() {
            problems.push(format!("{name}: add at least one rate."));
        }
        if zone.rates.len() > ZONE_RATES_MAX {
            problems.push(format!(
                "{name}: a zone has at most {ZONE_RATES_MAX} rates."
            ));
        }
        let mut rate_names: Vec<String> = Vec::new();
        for rate in &zone.rates {
            problems.extend(rate_problems(name, rate, currency));
            let rate_name = rate.name.trim().to_lowercase();
            if !rate_name.is_empty() && rate_names.contains(&rate_name) {
                problems.push(format!(
                    "{name}: two rates are named {:?}.",
                    rate.name.trim()
                ));
            }
            rate_names.push(rate_name);
        }
    }
    problems.dedup();
    problems
}

/// The problems of one rate of the zone named `zone`.
fn rate_problems(zone: &str, rate: &ShippingRate, currency: Currency) -> Vec<String> {
    let mut problems = Vec::new();
    let name = rate.name.trim();
    if name.is_empty() {
        problems.push(format!("{zone}: give each rate a name."));
    } else if name.chars().count() > SHIPPING_NAME_MAX {
        problems.push(format!(
            "{zone}: a rate's name has at most {SHIPPING_NAME_MAX} characters."
        ));
    }
    let label = format!("{zone}, {name}");
    if let Err(e) = crate::money::to_stored("The price", rate.price, currency) {
        problems.push(format!("{label}: {e}"));
    }
    match rate.condition {
        RateCondition::Flat => {}
        RateCondition::Value => {
            let bound = |amount: Option<Money>, what: &str| match amount {
                None => Ok(None),
                Some(a) => crate::money::to_stored(what, a, currency).map(Some),
            };
            match (
                bound(rate.min_subtotal, "The lowest subtotal"),
                bound(rate.max_subtotal, "The highest subtotal"),
            ) {
                (Err(e), _) | (_, Err(e)) => problems.push(format!("{label}: {e}")),
                (Ok(None), Ok(None)) => problems.push(format!(
                    "{label}: give the lowest or the highest subtotal it is offered for."
                )),
                (Ok(Some(low)), Ok(Some(high))) if low > high => problems.push(format!(
                    "{label}: the lowest subtotal is above the highest."
                )),
                _ => {}
            }
        }
        RateCondition::Weight => {
            let out = |g: Option<i64>| g.is_some_and(|g| !(0..=RATE_GRAMS_MAX).contains(&g));
            if out(rate.min_grams) || out(rate.max_grams) {
                problems.push(format!(
                    "{label}: a weight is from 0 to {RATE_GRAMS_MAX} grams."
                ));
            } else if rate.min_grams.is_none() && rate.max_grams.is_none() {
                problems.push(format!(
                    "{label}: give the lowest or the highest weight it is offered for."
                ));
            } else if let (Some(low), Some(high)) = (rate.min_grams, rate.max_grams)
                && low > high
            {
                problems.push(format!("{label}: the lowest weight is above the highest."));
            }
        }
    }
    problems
}

/// The settings as a store keeps them: names trimmed, places as codes (`US-CA` for
/// "us-California"), each once, and only the bounds a rate's condition reads.
pub fn normalized(settings: ShippingSettings) -> ShippingSettings {
    let zones = settings
        .zones
        .into_iter()
        .map(|zone| {
            let mut places: Vec<String> = Vec::new();
            for text in &zone.places {
                let kept = place(text).map_or_else(|_| text.trim().to_owned(), |p| place_text(&p));
                if !places.contains(&kept) {
                    places.push(kept);
                }
            }
            ShippingZone {
                name: zone.name.trim().to_owned(),
                places: if zone.rest_of_world && places.is_empty() {
                    Vec::new()
                } else {
                    places
                },
                rates: zone
                    .rates
                    .into_iter()
                    .map(|rate| {
                        let (value, weight) = (
                            rate.condition == RateCondition::Value,
                            rate.condition == RateCondition::Weight,
                        );
                        ShippingRate {
                            name: rate.name.trim().to_owned(),
                            min_subtotal: rate.min_subtotal.filter(|_| value),
                            max_subtotal: rate.max_subtotal.filter(|_| value),
                            min_grams: rate.min_grams.filter(|_| weight),
                            max_grams: rate.max_grams.filter(|_| weight),
                            ..rate
                        }
                    })
                    .collect(),
                ..zone
            }
        })
        .collect();
    ShippingSettings { zones }
}

/// The zone serving an address: the one naming its region, else its country, else the rest of
/// the world; `None`: the store does not ship there. The zones are compared as `normalized`
/// keeps them (`US-CA`), so an address costs a string comparison per place.
pub fn zone_for<'a>(
    settings: &'a ShippingSettings,
    country: &str,
    region: &str,
) -> Option<&'a ShippingZone> {
    let country = country.trim().to_ascii_uppercase();
    let region = super::regions::region_code(&country, region)
        .map_or_else(|| region.trim().to_ascii_uppercase(), str::to_owned);
    let naming = |wanted: &str| {
        settings
            .zones
            .iter()
            .find(|zone| zone.places.iter().any(|p| p == wanted))
    };
    (!region.is_empty())
        .then(|| naming(&place_text(&(country.clone(), region))))
        .flatten()
        .or_else(|| naming(&country))
        .or_else(|| settings.zones.iter().find(|z| z.rest_of_world))
}

/// A shipping choice offered to an order, priced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ShippingChoice {
    pub name: String,
    pub price_minor: i64,
}

/// The shipping choices of an order to an address, and the one it takes.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ShippingQuote {
    /// The zone's rates whose condition the order meets, cheapest first.
    pub choices: Vec<ShippingChoice>,
    /// The index in `choices` of the choice taken: the one asked for, else the cheapest.
    pub chosen: Option<usize>,
    /// A choice was asked for that the address and order are not offered.
    pub unknown_choice: bool,
    /// Why the order cannot ship (the store does not ship to the country, or no rate covers
    /// the order); `choices` is then empty.
    pub problem: Option<String>,
}

impl ShippingQuote {
    /// The choice taken.
    pub fn taken(&self) -> Option<&ShippingChoice> {
        self.chosen.and_then(|i| self.choices.get(i))
    }
}

/// Whether `rate` is offered to an order of `subtotal_minor` weighing `grams`.
fn offered(rate: &ShippingRate, subtotal_minor: i64, grams: i64, currency: Currency) -> bool {
    let minor = |m: Option<Money>| m.and_then(|m| crate::money::stored_if_valid(m, currency));
    let within = |value: i64, low: Option<i64>, high: Option<i64>| {
        low.is_none_or(|l| value >= l) && high.is_none_or(|h| value <= h)
    };
    match rate.condition {
        RateCondition::Flat => true,
        RateCondition::Value => within(
            subtotal_minor,
            minor(rate.min_subtotal),
            minor(rate.max_subtotal),
        ),
        RateCondition::Weight => within(grams, rate.min_grams, rate.max_grams),
    }
}

/// The choices of an order of `subtotal_minor` (before discounts) weighing `grams`, shipped to
/// `country` and `region`: the serving zone's rates whose condition holds, free from the zone's
/// threshold, cheapest first; `wanted` names the one the shopper chose.
pub fn quote(
    settings: &ShippingSettings,
    country: &str,
    region: &str,
    subtotal_minor: i64,
    grams: i64,
    currency: Currency,
    wanted: Option<&str>,
) -> ShippingQuote {
    let country_name = super::country(country).map_or(country.trim(), |(_, name, _)| name);
    let Some(zone) = zone_for(settings, country, region) else {
        return ShippingQuote {
            problem: Some(format!("This store does not ship to {country_name}.")),
            unknown_choice: wanted.is_some(),
            ..ShippingQuote::default()
        };
    };
    let free = subtotal_minor == 0
        || zone
            .free_shipping_over
            .and_then(|t| crate::money::stored_if_valid(t, currency))
            .is_some_and(|t| subtotal_minor >= t);
    let mut choices: Vec<ShippingChoice> = zone
        .rates
        .iter()
        .filter(|r| offered(r, subtotal_minor, grams, currency))
        .filter_map(|r| {
            let price = crate::money::stored_if_valid(r.price, currency)?;
            Some(ShippingChoice {
                name: r.name.clone(),
                price_minor: if free { 0 } else { price },
            })
        })
        .collect();
    choices.sort_by_key(|c| c.price_minor);
    if choices.is_empty() {
        return ShippingQuote {
            problem: Some(format!(
                "No shipping to {country_name} covers this order. Contact the store."
            )),
            unknown_choice: wanted.is_some(),
            ..ShippingQuote::default()
        };
    }
    let asked = wanted.map(str::trim).filter(|w| !w.is_empty());
    let found = asked.and_then(|w| choices.iter().position(|c| c.name == w));
    ShippingQuote {
        chosen: found.or(Some(0)),
        unknown_choice: asked.is_some() && found.is_none(),
        choices,
        problem: None,
    }
}

/// What a store's pages say of shipping before an address is known: the free-shipping
/// threshold of the store's own country (the cart's bar, the announcement's placeholder), and
/// the one price every address pays when the store has a single zone for the whole world with
/// a single flat rate. The storefront's `Shop` carries this, not the zones.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShippingNote {
    pub free_over_minor: Option<i64>,
    pub everywhere_minor: Option<i64>,
}

impl ShippingNote {
    /// The note of `settings` for a store in `home` (a country code, empty when not set).
    pub fn of(settings: &ShippingSettings, home: &str, currency: Currency) -> ShippingNote {
        let minor = |m: Money| crate::money::stored_if_valid(m, currency);
        let zone = zone_for(settings, home, "").or_else(|| settings.zones.first());
        let everywhere = match settings.zones.as_slice() {
            [only] if only.rest_of_world && only.places.is_empty() => match only.rates.as_slice() {
                [rate] if rate.condition == RateCondition::Flat => minor(rate.price),
                _ => None,
            },
            _ => None,
        };
        ShippingNote {
            free_over_minor: zone.and_then(|z| z.free_shipping_over).and_then(minor),
            everywhere_minor: everywhere,
        }
    }

    /// What a cart of `subtotal_minor` pays for shipping wherever it goes; `None`: it depends
    /// on the address ("Calculated at checkout").
    pub fn cart_price(&self, subtotal_minor: i64) -> Option<i64> {
        self.everywhere_minor.map(|price| {
            if subtotal_minor == 0 || self.free_over_minor.is_some_and(|t| subtotal_minor >= t) {
                0
            } else {
                price
            }
        })
    }
}
