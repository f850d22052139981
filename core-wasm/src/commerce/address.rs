//! A postal address as the checkout and the admin take it: every field bounded, the country
//! from the ISO list, the postcode present (and shaped) where the country uses one.

use shared_types::commerce::{Address, Country};

use super::countries::COUNTRIES;

/// The longest name, address line, city or region.
pub const ADDRESS_FIELD_MAX: usize = 100;
/// The longest address line.
pub const ADDRESS_LINE_MAX: usize = 200;
/// The longest postcode.
pub const POSTCODE_MAX: usize = 16;
/// The longest phone number.
pub const PHONE_MAX: usize = 30;
/// Countries whose addresses need a state, province or territory.
pub const REGION_REQUIRED: [&str; 3] = ["US", "CA", "AU"];

/// The country of `code` (any case): its name and whether it uses postcodes.
pub fn country(code: &str) -> Option<(&'static str, &'static str, bool)> {
    let code = code.trim().to_ascii_uppercase();
    COUNTRIES
        .binary_search_by(|(c, _, _)| (*c).cmp(code.as_str()))
        .ok()
        .map(|i| COUNTRIES[i])
}

/// The country a checkout preselects when neither the shopper nor the store names one (what
/// every checkout showed before stores had a country).
pub const DEFAULT_CHECKOUT_COUNTRY: &str = "US";

/// The country a checkout's select preselects: the shopper's own (the last one chosen in this
/// browser) when it is a known code, else the store's when it is one, else
/// `DEFAULT_CHECKOUT_COUNTRY`.
pub fn checkout_country(remembered: &str, store: &str) -> &'static str {
    [remembered, store]
        .into_iter()
        .find_map(country)
        .map_or(DEFAULT_CHECKOUT_COUNTRY, |(code, _, _)| code)
}

/// Every country, sorted by name (the checkout's list).
pub fn country_list() -> Vec<Country> {
    let mut list: Vec<Country> = COUNTRIES
        .iter()
        .map(|(code, name, postcode)| Country {
            code: (*code).to_owned(),
            name: (*name).to_owned(),
            postcode: *postcode,
        })
        .collect();
    list.sort_by(|a, b| a.name.cmp(&b.name));
    list
}

/// Whether `postcode` (trimmed, upper case) has the shape of `country`'s postcodes: the exact
/// shape for the countries below, else 2 to 16 letters, digits, spaces and hyphens.
fn postcode_shape(country: &str, postcode: &str) -> bool {
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    let chars: Vec<char> = postcode.chars().collect();
    match country {
        "US" => {
            digits(postcode, 5)
                || postcode
                    .split_once('-')
                    .is_some_and(|(a, b)| digits(a, 5) && digits(b, 4))
        }
        "CA" => {
            let compact: Vec<char> = chars.iter().copied().filter(|c| *c != ' ').collect();
            compact.len() == 6
                && compact.iter().enumerate().all(|(i, c)| {
                    if i % 2 == 0 {
                        c.is_ascii_alphabetic()
                    } else {
                        c.is_ascii_digit()
                    }
                })
        }
        "DE" | "FR" | "IT" | "ES" | "FI" | "MX" => digits(postcode, 5),
        "AU" | "AT" | "BE" | "CH" | "DK" | "NO" | "NZ" | "ZA" | "PH" => digits(postcode, 4),
        "VN" | "IN" | "CN" | "SG" | "RU" => digits(postcode, 6),
        "JP" => {
            digits(postcode, 7)
                || postcode
                    .split_once('-')
                    .is_some_and(|(a, b)| digits(a, 3) && digits(b, 4))
        }
        "NL" => {
            let compact: String = chars.iter().filter(|c| **c != ' ').collect();
            compact.len() == 6
                && digits(&compact[..4], 4)
                && compact[4..].chars().all(|c| c.is_ascii_alphabetic())
        }
        "GB" => {
            let compact: String = chars.iter().filter(|c| **c != ' ').collect();
            (5..=7).contains(&compact.len())
                && compact.chars().all(|c| c.is_ascii_alphanumeric())
                && compact.starts_with(|c: char| c.is_ascii_alphabetic())
                && compact[compact.len() - 3..].starts_with(|c: char| c.is_ascii_digit())
        }
        _ => {
            (2..=POSTCODE_MAX).contains(&chars.len())
                && chars
                    .iter()
                    .all(|c| c.is_ascii_alphanumeric() || *c == ' ' || *c == '-')
        }
    }
}

/// Every problem of an address, each message starting with `label` ("Shipping address").
/// `phone_required`: the checkout's shipping address needs one, a billing address does not.
pub fn address_problems(label: &str, address: &Address, phone_required: bool) -> Vec<String> {
    let mut problems = Vec::new();
    let mut bounded = |field: &str, value: &str, max: usize, required: bool| {
        let count = value.trim().chars().count();
        if required && count == 0 {
            problems.push(format!("{label}: enter the {field}."));
        } else if count > max {
            problems.push(format!("{label}: the {field} is at most {max} characters."));
        }
    };
    bounded("name", &address.name, ADDRESS_FIELD_MAX, true);
    bounded("address", &address.line1, ADDRESS_LINE_MAX, true);
    bounded(
        "second address line",
        &address.line2,
        ADDRESS_LINE_MAX,
        false,
    );
    bounded("city", &address.city, ADDRESS_FIELD_MAX, true);
    let code = address.country.trim().to_ascii_uppercase();
    match country(&code) {
        None => problems.push(format!("{label}: choose a country from the list.")),
        Some((code, name, uses_postcodes)) => {
            let region_required = REGION_REQUIRED.contains(&code);
            bounded(
                "region",
                &address.region,
                ADDRESS_FIELD_MAX,
                region_required,
            );
            // Where the country's regions are a list, the address names one of them (its code
            // or its name): its tax rate depends on it.
            let region = address.region.trim();
            if !region.is_empty()
                && region.chars().count() <= ADDRESS_FIELD_MAX
                && !super::regions::regions(code).is_empty()
                && super::regions::region_code(code, region).is_none()
            {
                let noun = if code == "CA" { "province" } else { "state" };
                problems.push(format!("{label}: {region:?} is not a {noun} of {name}."));
            }
            let postcode = address.postcode.trim().to_ascii_uppercase();
            if uses_postcodes && postcode.is_empty() {
                problems.push(format!("{label}: enter the postcode."));
            } else if !postcode.is_empty()
                && (postcode.chars().count() > POSTCODE_MAX || !postcode_shape(code, &postcode))
            {
                problems.push(format!("{label}: this is not a postcode of {name}."));
            }
        }
    }
    let phone = address.phone.trim();
    if phone.is_empty() {
        if phone_required {
            problems.push(format!("{label}: enter a phone number."));
        }
    } else {
        let digits = phone.chars().filter(char::is_ascii_digit).count();
        let allowed = phone
            .chars()
            .all(|c| c.is_ascii_digit() || " +-().".contains(c));
        if phone.chars().count() > PHONE_MAX || !allowed || !(6..=15).contains(&digits) {
            problems.push(format!(
                "{label}: the phone number is 6 to 15 digits (with + - ( ) and spaces)."
            ));
        }
    }
    problems
}

/// The address as stored: fields trimmed, the country and postcode upper case, a listed
/// region as its code ("Illinois" is kept as "IL").
pub fn normalized(address: &Address) -> Address {
    let region = address.region.trim();
    let region = super::regions::region_code(&address.country, region).unwrap_or(region);
    Address {
        name: address.name.trim().to_owned(),
        line1: address.line1.trim().to_owned(),
        line2: address.line2.trim().to_owned(),
        city: address.city.trim().to_owned(),
        region: region.to_owned(),
        postcode: address.postcode.trim().to_ascii_uppercase(),
        country: address.country.trim().to_ascii_uppercase(),
        phone: address.phone.trim().to_owned(),
    }
}

/// The address as an envelope reads it, empty parts left out: name, lines, "city region
/// postcode", the country's name, phone.
pub fn lines(address: &Address) -> Vec<String> {
    let place = [
        address.city.as_str(),
        address.region.as_str(),
        address.postcode.as_str(),
    ]
    .iter()
    .filter(|p| !p.is_empty())
    .copied()
    .collect::<Vec<_>>()
    .join(" ");
    let country = country(&address.country).map_or(address.country.as_str(), |(_, name, _)| name);
    [
        address.name.as_str(),
        address.line1.as_str(),
        address.line2.as_str(),
        place.as_str(),
        country,
        address.phone.as_str(),
    ]
    .iter()
    .filter(|p| !p.is_empty())
    .map(|p| (*p).to_owned())
    .collect()
}

/// The address on one line, as an export cell reads it.
pub fn one_line(address: &Address) -> String {
    lines(address).join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shoppers_remembered_country_wins_over_the_stores_which_wins_over_the_default() {
        assert_eq!(checkout_country("de", "VN"), "DE");
        assert_eq!(checkout_country("", "VN"), "VN");
        assert_eq!(checkout_country(" vn ", ""), "VN");
        // An unknown code, from either side, is passed over.
        assert_eq!(checkout_country("XX", "VN"), "VN");
        assert_eq!(checkout_country("XX", "ZZ"), DEFAULT_CHECKOUT_COUNTRY);
        assert_eq!(checkout_country("", ""), "US");
    }
}
