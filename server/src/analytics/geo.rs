//! The country of a visit: from a trusted proxy's header (`CF-IPCountry`, `X-Country-Code`)
//! when `TRUST_PROXY_HEADERS=1`, else from a local list of address ranges (`GEOIP_CSV`), else
//! unknown (an empty code, which the Overview shows as "Unknown"). Never from the payload.

use std::net::IpAddr;
use std::path::Path;

use axum::http::HeaderMap;

/// Headers a CDN or proxy in front of the server sets to the visitor's country.
const COUNTRY_HEADERS: [&str; 2] = ["cf-ipcountry", "x-country-code"];

/// Address ranges and their countries, sorted by first address.
#[derive(Debug, Default)]
pub struct Countries {
    ranges: Vec<(u128, u128, [u8; 2])>,
}

/// Why the address list could not be read.
#[derive(Debug, thiserror::Error)]
#[error("GEOIP_CSV line {line}: {reason}")]
pub struct GeoError {
    line: usize,
    reason: String,
}

fn as_number(address: IpAddr) -> u128 {
    match address {
        // IPv4 maps into the IPv6 space the way `::ffff:a.b.c.d` does.
        IpAddr::V4(v4) => u128::from(v4.to_ipv6_mapped()),
        IpAddr::V6(v6) => u128::from(v6),
    }
}

/// A two-letter code, upper-cased; `None` for anything else (and for the "unknown" and "Tor"
/// codes proxies use).
fn code(text: &str) -> Option<[u8; 2]> {
    let text = text.trim().trim_matches('"');
    let bytes = text.as_bytes();
    if bytes.len() != 2 || !bytes.iter().all(u8::is_ascii_alphabetic) {
        return None;
    }
    let upper = [bytes[0].to_ascii_uppercase(), bytes[1].to_ascii_uppercase()];
    (&upper != b"XX" && &upper != b"ZZ").then_some(upper)
}

impl Countries {
    /// Reads `first,last,country` lines (addresses as text; quotes and a header line allowed).
    pub fn parse(text: &str) -> Result<Countries, GeoError> {
        let mut ranges = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let fields: Vec<&str> = line
                .split(',')
                .map(|f| f.trim().trim_matches('"'))
                .collect();
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let error = |reason: &str| GeoError {
                line: index + 1,
                reason: reason.to_owned(),
            };
            let [first, last, country, ..] = fields.as_slice() else {
                return Err(error("expected first,last,country"));
            };
            let (Ok(first), Ok(last)) = (first.parse::<IpAddr>(), last.parse::<IpAddr>()) else {
                if index == 0 {
                    continue; // a header line
                }
                return Err(error("an address cannot be read"));
            };
            let Some(country) = code(country) else {
                continue;
            };
            let (first, last) = (as_number(first), as_number(last));
            if last < first {
                return Err(error("the range ends before it starts"));
            }
            ranges.push((first, last, country));
        }
        ranges.sort_unstable();
        Ok(Countries { ranges })
    }

    /// Reads the list from a file.
    pub fn load(path: &Path) -> Result<Countries, Box<dyn std::error::Error>> {
        Ok(Countries::parse(&std::fs::read_to_string(path)?)?)
    }

    /// The country of an address, if a range holds it.
    pub fn lookup(&self, address: &str) -> Option<String> {
        let number = as_number(address.parse().ok()?);
        let index = self
            .ranges
            .partition_point(|(first, _, _)| *first <= number);
        let (_, last, country) = self.ranges.get(index.checked_sub(1)?)?;
        (number <= *last).then(|| String::from_utf8_lossy(country).into_owned())
    }

    /// The visit's country: a trusted proxy's header first, then the address list; empty when
    /// neither knows.
    pub fn of_visit(&self, headers: &HeaderMap, trust_proxy: bool, address: &str) -> String {
        if trust_proxy
            && let Some(country) = COUNTRY_HEADERS
                .iter()
                .filter_map(|name| headers.get(*name)?.to_str().ok())
                .find_map(code)
        {
            return String::from_utf8_lossy(&country).into_owned();
        }
        self.lookup(address).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looks_addresses_up_in_ranges_of_both_families() {
        let list = Countries::parse(
            "ip_start,ip_end,country\n1.0.0.0,1.0.0.255,AU\n\"2001:db8::\",\"2001:db8::ffff\",\"vn\"\n5.0.0.0,5.0.0.9,ZZ\n",
        )
        .expect("test value");
        assert_eq!(list.lookup("1.0.0.7").as_deref(), Some("AU"));
        assert_eq!(list.lookup("1.0.1.0"), None);
        assert_eq!(list.lookup("2001:db8::12").as_deref(), Some("VN"));
        assert_eq!(list.lookup("5.0.0.1"), None);
        assert_eq!(list.lookup("not an address"), None);
        assert!(Countries::parse("1.0.0.0,x,AU\n2.0.0.0,y,US").is_err());
    }

    #[test]
    fn a_trusted_header_wins_and_an_untrusted_one_is_ignored() {
        let list = Countries::parse("1.0.0.0,1.0.0.255,AU").expect("test value");
        let mut headers = HeaderMap::new();
        headers.insert("cf-ipcountry", "de".parse().expect("test value"));
        assert_eq!(list.of_visit(&headers, true, "1.0.0.1"), "DE");
        assert_eq!(list.of_visit(&headers, false, "1.0.0.1"), "AU");
        headers.insert("cf-ipcountry", "XX".parse().expect("test value"));
        assert_eq!(list.of_visit(&headers, true, "9.9.9.9"), "");
    }
}
