//! UTM attribution from landing pages, and the UTM link builder.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use shared_types::reports::{UtmGroup, UtmLinkInput, UtmRow, UtmValues};

use super::ReportError;
use crate::analytics::conversion_rate;
use crate::formats::Currency;
use crate::money::stored;

/// The longest UTM value the link builder takes.
pub const MAX_UTM_VALUE: usize = 100;

fn hex(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// A query-string value decoded: `+` is a space, `%XX` a byte; bad escapes are kept as typed.
pub fn decode_component(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(high), Some(low)) => {
                    out.push(high * 16 + low);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            other => out.push(other),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The first value of a query parameter of a page (`/path?a=1&b=2#x`), decoded and trimmed;
/// `""` when absent.
pub fn query_value(page: &str, name: &str) -> String {
    let Some((_, query)) = page.split_once('?') else {
        return String::new();
    };
    let query = query.split('#').next().unwrap_or("");
    for pair in query.split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        if decode_component(key) == name {
            let value = decode_component(value);
            return value.trim().chars().take(MAX_UTM_VALUE).collect();
        }
    }
    String::new()
}

/// The UTM values of a landing page. Sources and mediums compare without regard to case
/// (`Facebook` and `facebook` are one source), so they are lower-cased; campaigns are kept.
pub fn utm_values(page: &str) -> UtmValues {
    UtmValues {
        source: query_value(page, "utm_source").to_lowercase(),
        medium: query_value(page, "utm_medium").to_lowercase(),
        campaign: query_value(page, "utm_campaign"),
    }
}

/// The key of a session's values in a grouping.
pub fn utm_key(values: &UtmValues, group: UtmGroup) -> &str {
    match group {
        UtmGroup::Source => &values.source,
        UtmGroup::Medium => &values.medium,
        UtmGroup::Campaign => &values.campaign,
    }
}

/// The order a checkout-completion page names: its `order` parameter, else the last segment
/// of a `/thank-you/{order id}` path (the storefront's thank-you page).
pub fn completed_order(page: &str) -> String {
    let named = query_value(page, "order");
    if !named.is_empty() {
        return named;
    }
    let path = page.split(['?', '#']).next().unwrap_or("");
    match path.rsplit_once("/thank-you/") {
        Some((_, id)) if !id.is_empty() && !id.contains('/') => id.to_owned(),
        _ => String::new(),
    }
}

#[derive(Debug, Clone, Default)]
struct UtmSums {
    sessions: u64,
    conversions: u64,
    orders: u64,
    revenue: i64,
}

impl UtmSums {
    fn row(&self, key: &str, currency: Currency) -> UtmRow {
        UtmRow {
            key: key.to_owned(),
            sessions: self.sessions,
            conversions: self.conversions,
            conversion_rate: conversion_rate(self.conversions, self.sessions),
            orders: self.orders,
            revenue: stored(self.revenue, currency),
        }
    }
}

/// The UTM report's rows (most sessions first, then by key) and totals.
///
/// `landings` are the sessions that started in the range with their landing page (those without
/// UTM values may be left out: `total_sessions` counts every session); `completions` the
/// sessions that completed checkout in the range with the completion page; `paid` the paid
/// orders of the range by id with their grand totals. A session's conversion and order go to
/// its landing page's row; sessions without UTM values, or not among `landings`, to the `""`
/// row. An order is counted once, for the first session that names it.
pub fn utm_table(
    landings: &[(String, String)],
    total_sessions: u64,
    completions: &[(String, String)],
    paid: &HashMap<String, i64>,
    group: UtmGroup,
    currency: Currency,
) -> (Vec<UtmRow>, UtmRow) {
    let mut rows: BTreeMap<String, UtmSums> = BTreeMap::new();
    let mut session_key: HashMap<&str, String> = HashMap::new();
    let mut tagged = 0_u64;
    for (session, page) in landings {
        if session_key.contains_key(session.as_str()) {
            continue;
        }
        let key = utm_key(&utm_values(page), group).to_owned();
        if !key.is_empty() {
            tagged += 1;
            rows.entry(key.clone()).or_default().sessions += 1;
        }
        session_key.insert(session, key);
    }
    let untagged = total_sessions.saturating_sub(tagged);
    if untagged > 0 {
        rows.entry(String::new()).or_default().sessions += untagged;
    }
    let mut counted: BTreeSet<String> = BTreeSet::new();
    let mut converted: HashSet<&str> = HashSet::new();
    for (session, page) in completions {
        if !converted.insert(session) {
            continue;
        }
        let key = session_key
            .get(session.as_str())
            .cloned()
            .unwrap_or_default();
        let row = rows.entry(key).or_default();
        row.conversions += 1;
        let order = completed_order(page);
        if let Some(total) = paid.get(&order)
            && counted.insert(order)
        {
            row.orders += 1;
            row.revenue += total;
        }
    }
    let mut totals = UtmSums::default();
    for sums in rows.values() {
        totals.sessions += sums.sessions;
        totals.conversions += sums.conversions;
        totals.orders += sums.orders;
        totals.revenue += sums.revenue;
    }
    let mut list: Vec<UtmRow> = rows
        .iter()
        .map(|(key, sums)| sums.row(key, currency))
        .collect();
    list.sort_by(|a, b| {
        b.sessions
            .cmp(&a.sessions)
            .then_with(|| (a.key.is_empty()).cmp(&b.key.is_empty()))
            .then_with(|| a.key.cmp(&b.key))
    });
    (list, totals.row("", currency))
}

/// A query-string value encoded as `encodeURIComponent` does.
pub fn encode_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The campaign link for a store page, or every problem with what was typed.
pub fn utm_link(input: &UtmLinkInput) -> Result<String, Vec<ReportError>> {
    let mut problems = Vec::new();
    let base = input.base.trim().trim_end_matches('/');
    let base_ok = (base.starts_with("https://") || base.starts_with("http://"))
        && base.len() > "https://".len()
        && !base.contains(|c: char| c.is_whitespace() || c == '?' || c == '#');
    if !base_ok {
        problems.push(ReportError::LinkBase);
    }
    let path = input.path.trim();
    if !path.is_empty() && (!path.starts_with('/') || path.contains(char::is_whitespace)) {
        problems.push(ReportError::LinkPath);
    }
    let required = |value: &str, problem: ReportError, problems: &mut Vec<ReportError>| {
        let value = value.trim();
        if value.is_empty() || value.chars().count() > MAX_UTM_VALUE {
            problems.push(problem);
        }
    };
    required(&input.source, ReportError::UtmSource, &mut problems);
    required(&input.medium, ReportError::UtmMedium, &mut problems);
    required(&input.campaign, ReportError::UtmCampaign, &mut problems);
    if input.term.trim().chars().count() > MAX_UTM_VALUE
        || input.content.trim().chars().count() > MAX_UTM_VALUE
    {
        problems.push(ReportError::UtmOptional);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let (path, fragment) = path.split_once('#').unwrap_or((path, ""));
    let path = if path.is_empty() { "/" } else { path };
    let mut params = vec![
        ("utm_source", input.source.trim()),
        ("utm_medium", input.medium.trim()),
        ("utm_campaign", input.campaign.trim()),
    ];
    for (name, value) in [("utm_term", &input.term), ("utm_content", &input.content)] {
        if !value.trim().is_empty() {
            params.push((name, value.trim()));
        }
    }
    let query: Vec<String> = params
        .iter()
        .map(|(name, value)| format!("{name}={}", encode_component(value)))
        .collect();
    let joiner = if path.contains('?') { '&' } else { '?' };
    let mut link = format!("{base}{path}{joiner}{}", query.join("&"));
    if !fragment.is_empty() {
        link.push('#');
        link.push_str(fragment);
    }
    Ok(link)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utm_values_come_from_the_landing_query_string() {
        let values = utm_values(
            "/products/x?utm_source=Facebook&utm_medium=cpc&utm_campaign=Black%20Friday+26#top",
        );
        assert_eq!(values.source, "facebook");
        assert_eq!(values.medium, "cpc");
        assert_eq!(values.campaign, "Black Friday 26");
        assert_eq!(utm_values("/products/x"), UtmValues::default());
        assert_eq!(query_value("/?a=%zz", "a"), "%zz");
        assert_eq!(query_value("/?a=50%", "a"), "50%");
        assert_eq!(completed_order("/checkout/thank-you?order=abc"), "abc");
        assert_eq!(completed_order("/s/demo/thank-you/o-123"), "o-123");
        assert_eq!(
            completed_order("/s/demo/thank-you/o-123?utm_source=x"),
            "o-123"
        );
        assert_eq!(completed_order("/s/demo/products/shirt"), "");
    }

    #[test]
    fn the_utm_table_attributes_conversions_and_orders_to_the_landing_row() {
        let landings = vec![
            ("s1".to_owned(), "/?utm_source=google".to_owned()),
            ("s2".to_owned(), "/?utm_source=google".to_owned()),
            ("s3".to_owned(), "/?utm_source=tiktok".to_owned()),
        ];
        let completions = vec![
            ("s1".to_owned(), "/checkout/thank-you?order=o1".to_owned()),
            // The same order again: counted once.
            ("s2".to_owned(), "/checkout/thank-you?order=o1".to_owned()),
            // A session not among the tagged ones.
            ("s9".to_owned(), "/checkout/thank-you?order=o2".to_owned()),
        ];
        let paid: HashMap<String, i64> = [("o1".to_owned(), 5000), ("o2".to_owned(), 2500)].into();
        let (rows, totals) = utm_table(
            &landings,
            10,
            &completions,
            &paid,
            UtmGroup::Source,
            Currency::default(),
        );
        assert_eq!(rows[0].key, "");
        assert_eq!(rows[0].sessions, 7);
        assert_eq!(rows[0].revenue, crate::money::m("25"));
        assert_eq!(rows[1].key, "google");
        assert_eq!(rows[1].sessions, 2);
        assert_eq!(rows[1].conversions, 2);
        assert_eq!(rows[1].conversion_rate, 100.0);
        assert_eq!(rows[1].orders, 1);
        assert_eq!(rows[1].revenue, crate::money::m("50"));
        assert_eq!(totals.sessions, 10);
        assert_eq!(totals.orders, 2);
        assert_eq!(totals.revenue, crate::money::m("75"));
    }

    #[test]
    fn the_link_builder_encodes_values_and_names_every_problem() {
        let input = UtmLinkInput {
            base: "https://demo.storeloom.dev/".to_owned(),
            path: "/products/linen?color=blue".to_owned(),
            source: "newsletter".to_owned(),
            medium: "email".to_owned(),
            campaign: "Black Friday & more".to_owned(),
            term: String::new(),
            content: "hero".to_owned(),
        };
        assert_eq!(
            utm_link(&input).expect("link"),
            "https://demo.storeloom.dev/products/linen?color=blue&utm_source=newsletter&utm_medium=email&utm_campaign=Black%20Friday%20%26%20more&utm_content=hero"
        );
        let bare = UtmLinkInput {
            path: String::new(),
            ..input.clone()
        };
        assert!(
            utm_link(&bare)
                .expect("link")
                .starts_with("https://demo.storeloom.dev/?utm_source=")
        );
        let bad = UtmLinkInput {
            base: "demo.storeloom.dev".to_owned(),
            path: "products".to_owned(),
            source: " ".to_owned(),
            ..UtmLinkInput::default()
        };
        assert_eq!(
            utm_link(&bad),
            Err(vec![
                ReportError::LinkBase,
                ReportError::LinkPath,
                ReportError::UtmSource,
                ReportError::UtmMedium,
                ReportError::UtmCampaign
            ])
        );
    }
}
