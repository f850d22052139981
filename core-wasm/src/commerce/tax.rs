//! Taxes (issue 49): the rate an address pays, and the tax of a cart computed after its
//! discounts and shipping, per line, so that the lines' taxes always add up to the order's and a
//! refund gives back its share to the minor unit. Amounts are minor units of the order's
//! currency; rates are parts per million (19 % is 190,000), so no float touches a total.

use shared_types::Money;

use crate::numbers::ratio;
use shared_types::commerce::{TaxRate, TaxSettings};

/// The most rates a store keeps (every country, with room for the regions of a few).
pub const TAX_RATES_MAX: usize = 400;
/// The longest region code.
pub const TAX_REGION_MAX: usize = 10;
/// A rate's most decimals, in percent (8.875 %).
pub const TAX_PERCENT_DECIMALS: u8 = 3;
const MILLION: i128 = 1_000_000;

/// A rate in percent as parts per million: 0 to 100 % with at most 3 decimals.
pub fn rate_ppm(percent: Money) -> Result<i64, String> {
    match percent.minor_units(TAX_PERCENT_DECIMALS) {
        Ok(thousandths) if (0..=100_000).contains(&thousandths) => Ok(thousandths * 10),
        Ok(_) | Err(shared_types::MoneyError::OutOfRange) => {
            Err("A tax rate is from 0 to 100 percent.".to_owned())
        }
        Err(shared_types::MoneyError::TooManyDecimals { .. }) => Err(format!(
            "A tax rate has at most {TAX_PERCENT_DECIMALS} decimals (8.875)."
        )),
    }
}

/// Every problem of a store's tax settings: known countries, short region codes, rates from 0
/// to 100 % with at most 3 decimals, and one rate per country and region.
pub fn tax_problems(settings: &TaxSettings) -> Vec<String> {
    let mut problems = Vec::new();
    if settings.rates.len() > TAX_RATES_MAX {
        problems.push(format!("A store keeps at most {TAX_RATES_MAX} tax rates."));
    }
    let mut seen: Vec<(String, String)> = Vec::new();
    for rate in &settings.rates {
        let (country, region) = key(rate);
        if country.is_empty() {
            problems.push("Choose the country of each rate.".to_owned());
        } else if super::country(&country).is_none() {
            problems.push(format!("{:?} is not a country code.", rate.country));
        }
        // Where the country's regions are a list (US states, provinces), one of it, by code or
        // name; elsewhere a short code as its addresses write it.
        if !region.is_empty()
            && let Some((_, name, _)) = super::country(&country)
            && !super::regions::regions(&country).is_empty()
            && super::regions::region_code(&country, &region).is_none()
        {
            problems.push(format!(
                "{:?} is not a region of {name}.",
                rate.region.trim()
            ));
        } else if region.chars().count() > TAX_REGION_MAX {
            problems.push(format!(
                "A region code has at most {TAX_REGION_MAX} characters."
            ));
        }
        if let Err(problem) = rate_ppm(rate.percent) {
            problems.push(problem);
        }
        if seen.contains(&(country.clone(), region.clone())) {
            problems.push(if region.is_empty() {
                format!("{country} has two rates.")
            } else {
                format!("{country} {region} has two rates.")
            });
        }
        seen.push((country, region));
    }
    problems.dedup();
    problems
}

/// The settings as a store keeps them: codes trimmed and upper case, the rates by country
/// and then region (a country's own rate before its regions').
pub fn normalized(settings: TaxSettings) -> TaxSettings {
    let mut rates: Vec<TaxRate> = settings
        .rates
        .into_iter()
        .map(|rate| {
            let (country, region) = key(&rate);
            TaxRate {
                country,
                region,
                percent: rate.percent,
            }
        })
        .collect();
    rates.sort_by(|a, b| (&a.country, &a.region).cmp(&(&b.country, &b.region)));
    TaxSettings { rates, ..settings }
}

/// A rate's country and region as compared: trimmed, upper case.
fn key(rate: &TaxRate) -> (String, String) {
    let country = rate.country.trim().to_ascii_uppercase();
    let region = super::regions::region_code(&country, &rate.region)
        .map_or_else(|| rate.region.trim().to_ascii_uppercase(), str::to_owned);
    (country, region)
}

/// The rate (parts per million) of an address in `country` and `region`: the region's when the
/// store has one, else the country's, else 0. A listed region counts by its code however it is
/// written ("Illinois", "il"). Settings that failed `tax_problems` read a bad rate as 0.
pub fn rate_for(settings: &TaxSettings, country: &str, region: &str) -> i64 {
    let region = super::regions::region_code(country, region)
        .map_or_else(|| region.trim().to_ascii_uppercase(), str::to_owned);
    let country = country.trim().to_ascii_uppercase();
    let find = |wanted: &str| {
        settings
            .rates
            .iter()
            .find(|r| key(r) == (country.clone(), wanted.to_owned()))
            .and_then(|r| rate_ppm(r.percent).ok())
    };
    (!region.is_empty())
        .then(|| find(&region))
        .flatten()
        .or_else(|| find(""))
        .unwrap_or(0)
}

/// The tax of a cart, per part, in minor units.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaxBreakdown {
    /// Each line's tax, in the lines' order.
    pub lines: Vec<i64>,
    pub shipping: i64,
    pub total: i64,
    /// The prices held the tax (it is part of the total, not added to it).
    pub included: bool,
}

/// The tax of a cart at `rate` (parts per million): `lines` are each line's amount after its
/// share of the merchandise discount, `shipping` what the shopper pays for shipping after its
/// discount. The total is computed once on the sum of the taxed amounts; each part's tax is
/// rounded on its own and the last taxed part takes the remainder, so the parts always add up. With prices
/// that include tax the tax is the part of each amount above `amount / (1 + rate)`; otherwise
/// it is `amount × rate`, added to the total.
pub fn cart_tax(
    lines: &[i64],
    shipping: i64,
    rate: i64,
    included: bool,
    tax_shipping: bool,
) -> TaxBreakdown {
    let shipping_base = if tax_shipping { shipping.max(0) } else { 0 };
    let bases: Vec<i64> = lines
        .iter()
        .map(|l| (*l).max(0))
        .chain(std::iter::once(shipping_base))
        .collect();
    let base: i64 = bases.iter().sum();
    let rate = i128::from(rate.max(0));
    let (numerator, denominator) = if included {
        (rate, MILLION + rate)
    } else {
        (rate, MILLION)
    };
    let total = ratio(base, numerator, denominator);
    // Each part rounded on its own; the last taxed part takes what is left of the total.
    let mut parts: Vec<i64> = bases
        .iter()
        .map(|b| ratio(*b, numerator, denominator))
        .collect();
    if let Some(last) = bases.iter().rposition(|b| *b > 0) {
        let others: i64 = parts
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != last)
            .map(|(_, t)| t)
            .sum();
        parts[last] = total - others;
    }
    let (shipping_tax, line_taxes) = parts.split_last().map_or((0, &[][..]), |(s, l)| (*s, l));
    TaxBreakdown {
        lines: line_taxes.to_vec(),
        shipping: shipping_tax,
        total,
        included,
    }
}

/// `whole` shared among `amounts` by value, each share rounded on its own and the last
/// positive amount taking the remainder, so the shares add up to `whole` (a discount's share of
/// each line). Nothing to share among: all 0.
pub fn shares(amounts: &[i64], whole: i64) -> Vec<i64> {
    let sum: i64 = amounts.iter().map(|a| (*a).max(0)).sum();
    let mut parts: Vec<i64> = amounts
        .iter()
        .map(|a| {
            if sum > 0 {
                ratio((*a).max(0), i128::from(whole), i128::from(sum))
            } else {
                0
            }
        })
        .collect();
    if let Some(last) = amounts.iter().rposition(|a| *a > 0) {
        let others: i64 = parts
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != last)
            .map(|(_, p)| p)
            .sum();
        parts[last] = whole - others;
    }
    parts
}

/// The tax a refund gives back of a line taxed `line_tax` for `quantity` units, of which
/// `refunded_before` went back already and `refunding` go back now. Counted on the units
/// refunded so far, so refunding every unit, in any steps, gives back exactly `line_tax`.
pub fn refund_tax(line_tax: i64, quantity: i64, refunded_before: i64, refunding: i64) -> i64 {
    if quantity <= 0 {
        return 0;
    }
    let before = refunded_before.clamp(0, quantity);
    let after = (before + refunding.max(0)).min(quantity);
    let q = i128::from(quantity);
    ratio(line_tax, i128::from(after), q) - ratio(line_tax, i128::from(before), q)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::m;

    fn settings(rates: &[(&str, &str, &str)]) -> TaxSettings {
        TaxSettings {
            prices_include_tax: false,
            tax_shipping: false,
            rates: rates
                .iter()
                .map(|(country, region, percent)| TaxRate {
                    country: (*country).to_owned(),
                    region: (*region).to_owned(),
                    percent: m(percent),
                })
                .collect(),
        }
    }

    #[test]
    fn rates_are_exact_percents_and_an_address_takes_its_regions_first() {
        assert_eq!(rate_ppm(m("19")), Ok(190_000));
        assert_eq!(rate_ppm(m("8.875")), Ok(88_750));
        assert!(rate_ppm(m("8.8751")).is_err());
        assert!(rate_ppm(m("100.001")).is_err());
        let store = settings(&[("US", "NY", "8.875"), ("US", "", "5"), ("DE", "", "19")]);
        assert!(tax_problems(&store).is_empty());
        assert_eq!(rate_for(&store, "us", "ny"), 88_750);
        assert_eq!(rate_for(&store, "US", " new york "), 88_750);
        assert_eq!(rate_for(&store, "US", "OR"), 50_000);
        assert_eq!(rate_for(&store, "DE", ""), 190_000);
        assert_eq!(rate_for(&store, "FR", ""), 0);
        let bad = settings(&[
            ("DE", "", "19"),
            ("de", " ", "7"),
            ("XX", "", "5"),
            ("US", "Springfield", "1"),
        ]);
        assert_eq!(
            tax_problems(&bad),
            [
                "DE has two rates.",
                "\"XX\" is not a country code.",
                "\"Springfield\" is not a region of United States."
            ]
        );
        // A state by its name is kept as its code.
        let named = normalized(settings(&[("us", "new york", "8.875")]));
        assert_eq!(named.rates[0].region, "NY");
    }

    #[test]
    fn shares_add_up_to_the_whole() {
        assert_eq!(shares(&[1000, 2000, 3000], 100), [17, 33, 50]);
        assert_eq!(shares(&[999, 1, 0], 7), [7, 0, 0]);
        assert_eq!(shares(&[1, 1, 1], 2), [1, 1, 0]);
        assert_eq!(shares(&[0, 0], 5), [0, 0]);
    }

    #[test]
    fn a_refund_in_steps_gives_back_exactly_the_lines_tax() {
        // 1.91 of tax on 3 units: 0.64, 0.63, 0.64.
        assert_eq!(refund_tax(191, 3, 0, 1), 64);
        assert_eq!(refund_tax(191, 3, 1, 1), 63);
        assert_eq!(refund_tax(191, 3, 2, 1), 64);
        assert_eq!(refund_tax(191, 3, 0, 3), 191);
        assert_eq!(refund_tax(191, 3, 3, 1), 0);
    }
}
