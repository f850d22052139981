//! Where a store lives and how many an account may have (issue 24): the subdomains the platform
//! keeps for itself, the subdomain a new store is given, how long an unverified custom-domain
//! claim lasts, and the store limit. The server and the UI both ask these rules.

use shared_types::{DnsRecord, FieldError, Plan, PlanFeature};

use super::forms::subdomain_from_name;
use super::login::error;
use crate::limits::{DOMAIN_CLAIM_TTL_MS, STORE_LIMIT_RANGE};

/// The labels no store may have as its subdomain: the platform's own hosts (its admin, API,
/// mail, name servers, status and help pages) and words a shopper would take for the platform.
pub const RESERVED_SUBDOMAINS: &[&str] = &[
    "admin",
    "api",
    "app",
    "assets",
    "auth",
    "billing",
    "blog",
    "cdn",
    "dashboard",
    "dev",
    "docs",
    "ftp",
    "help",
    "imap",
    "login",
    "mail",
    "ns1",
    "ns2",
    "pop",
    "root",
    "shop",
    "smtp",
    "staging",
    "static",
    "status",
    "store",
    "storeloom",
    "support",
    "test",
    "webmail",
    "www",
];

/// The longest host name, and the longest label of one (RFC 1035).
pub const HOST_MAX: usize = 253;
pub const HOST_LABEL_MAX: usize = 63;

/// Whether `label` is a DNS label as hosts and e-mail domains write it: 1 to `HOST_LABEL_MAX`
/// ASCII letters, digits and inner hyphens.
pub fn is_host_label(label: &str) -> bool {
    !label.is_empty()
        && label.len() <= HOST_LABEL_MAX
        && !label.starts_with('-')
        && !label.ends_with('-')
        && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// Whether `ascii` (a host already in ASCII, international names in punycode) is a host a store
/// can add: at most `HOST_MAX` characters, at least two labels, a top-level label not all
/// digits (so an IP address is not one).
pub fn is_custom_host(ascii: &str) -> bool {
    let labels: Vec<&str> = ascii.split('.').collect();
    ascii.len() <= HOST_MAX
        && labels.len() >= 2
        && labels.iter().all(|label| is_host_label(label))
        && labels
            .last()
            .is_some_and(|tld| !tld.chars().all(|c| c.is_ascii_digit()))
}

/// Whether the platform keeps this subdomain (compared without case).
pub fn is_reserved_subdomain(label: &str) -> bool {
    let label = label.trim().to_ascii_lowercase();
    RESERVED_SUBDOMAINS.contains(&label.as_str())
}

/// Refuses a reserved subdomain, for a subdomain given as it is (not made from a name).
pub fn check_subdomain(label: &str) -> Option<FieldError> {
    is_reserved_subdomain(label).then(|| {
        error(
            "subdomain.reserved",
            format!(
                "The address {} is kept by Storeloom; choose another.",
                label.trim().to_ascii_lowercase()
            ),
            None,
        )
    })
}

/// The subdomains a store of this name may get, best first: the name's own subdomain unless it
/// is reserved, then `{base}-2`, `{base}-3` and so on (never reserved). The caller takes the
/// first that no store has.
pub fn subdomain_candidates(name: &str) -> impl Iterator<Item = String> {
    let base = subdomain_from_name(name);
    let first = (!is_reserved_subdomain(&base)).then(|| base.clone());
    first
        .into_iter()
        .chain((2u32..).map(move |n| format!("{base}-{n}")))
}

/// The subdomain a store of this name gets when no store has it yet: the first candidate.
pub fn subdomain_for(name: &str) -> String {
    subdomain_candidates(name).next().unwrap_or_default()
}

/// The reserved subdomain a name would have made, which the store does not get; `None` when the
/// name's own subdomain is not reserved. The create-store form tells the seller.
pub fn reserved_subdomain_of(name: &str) -> Option<String> {
    let base = subdomain_from_name(name);
    is_reserved_subdomain(&base).then_some(base)
}

/// When a custom-domain claim made at `claimed_at_ms` stops counting.
pub fn claim_expires_at(claimed_at_ms: i64) -> i64 {
    claimed_at_ms.saturating_add(DOMAIN_CLAIM_TTL_MS)
}

/// Whether a claim made at `claimed_at_ms` still counts at `now_ms`.
pub fn claim_is_live(claimed_at_ms: i64, now_ms: i64) -> bool {
    now_ms < claim_expires_at(claimed_at_ms)
}

/// The oldest claim time that still counts at `now_ms`: claims made after it are live (for a
/// query's `created_at > $cutoff`).
pub fn oldest_live_claim(now_ms: i64) -> i64 {
    now_ms.saturating_sub(DOMAIN_CLAIM_TTL_MS)
}

/// The label before a custom domain of the TXT record that proves a store's claim of it.
pub const DOMAIN_VERIFY_LABEL: &str = "_storeloom-verify";

/// The name of the TXT record that proves a claim of `host`: `_storeloom-verify.{host}`.
pub fn verification_record_name(host: &str) -> String {
    format!("{DOMAIN_VERIFY_LABEL}.{host}")
}

/// The text of the TXT record that proves the claim holding `token`.
pub fn verification_record_value(token: &str) -> String {
    format!("storeloom-verify={token}")
}

/// The DNS records a store creates for its claim of `host` holding `token`: an A (or AAAA)
/// record naming each of the platform's `public_ips`, then the claim's TXT record. Without public
/// addresses configured, only the TXT record.
pub fn dns_records(host: &str, public_ips: &[std::net::IpAddr], token: &str) -> Vec<DnsRecord> {
    public_ips
        .iter()
        .map(|ip| DnsRecord {
            kind: if ip.is_ipv4() { "A" } else { "AAAA" }.to_owned(),
            name: host.to_owned(),
            value: ip.to_string(),
        })
        .chain(std::iter::once(DnsRecord {
            kind: "TXT".to_owned(),
            name: verification_record_name(host),
            value: verification_record_value(token),
        }))
        .collect()
}

/// The plan feature code of a store's own domains (`plans.features`).
pub const OWN_DOMAIN_FEATURE: &str = "domain";

/// Whether a plan with `features` includes the store's own domains.
pub fn plan_includes_own_domains(features: &[PlanFeature]) -> bool {
    features.iter().any(|f| f.code == OWN_DOMAIN_FEATURE)
}

/// The cheapest plan (of `plans`, cheapest first) that includes own domains.
pub fn cheapest_plan_with_own_domains(plans: &[Plan]) -> Option<&Plan> {
    plans
        .iter()
        .find(|plan| plan_includes_own_domains(&plan.features))
}

/// Whether the TXT texts found hold the record that proves the claim with `token` (an empty
/// token proves nothing).
pub fn txt_proves_claim(texts: &[String], token: &str) -> bool {
    let wanted = verification_record_value(token);
    !token.is_empty() && texts.iter().any(|text| text.trim() == wanted)
}

/// Whether an account owning `owned` stores may create another under `limit`.
pub fn may_create_store(owned: i64, limit: i64) -> bool {
    owned < limit
}

/// The refusal when an account has reached its store limit.
pub fn store_limit_reached(limit: i64) -> FieldError {
    error(
        "stores.limitReached",
        format!(
            "This account already has {limit} stores, its limit. Ask Storeloom's support to raise it."
        ),
        u32::try_from(limit).ok(),
    )
}

/// Checks a store limit an operator gives an account: a whole number in `STORE_LIMIT_RANGE`.
pub fn check_store_limit(limit: i64) -> Option<FieldError> {
    let (min, max) = STORE_LIMIT_RANGE;
    (!(min..=max).contains(&limit)).then(|| {
        error(
            "storeLimit.outOfRange",
            format!("A store limit is {min} to {max}."),
            u32::try_from(max).ok(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claim_names_an_address_record_per_platform_address_and_its_txt_record() {
        let ips = [
            "203.0.113.10".parse().expect("an address"),
            "2001:db8::1".parse().expect("an address"),
        ];
        let records = dns_records("shop.example.com", &ips, "tok");
        let shown: Vec<_> = records
            .iter()
            .map(|r| (r.kind.as_str(), r.name.as_str(), r.value.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("A", "shop.example.com", "203.0.113.10"),
                ("AAAA", "shop.example.com", "2001:db8::1"),
                (
                    "TXT",
                    "_storeloom-verify.shop.example.com",
                    "storeloom-verify=tok"
                ),
            ]
        );
        assert_eq!(dns_records("shop.example.com", &[], "tok").len(), 1);
    }

    #[test]
    fn own_domains_come_with_the_plans_that_list_them() {
        let feature = |code: &str| PlanFeature {
            code: code.to_owned(),
            text: String::new(),
        };
        let plan = |code: &str, features: Vec<PlanFeature>| Plan {
            code: code.to_owned(),
            name: code.to_owned(),
            price: shared_types::Money::ZERO,
            currency: "USD".to_owned(),
            features,
            rank: None,
        };
        let plans = [
            plan("FREE", vec![feature("products")]),
            plan(
                "SILVER",
                vec![feature("productsUnlimited"), feature("domain")],
            ),
            plan("GOLD", vec![feature("domain")]),
        ];
        assert!(!plan_includes_own_domains(&plans[0].features));
        assert!(plan_includes_own_domains(&plans[2].features));
        assert_eq!(
            cheapest_plan_with_own_domains(&plans).map(|p| p.code.as_str()),
            Some("SILVER")
        );
        assert!(cheapest_plan_with_own_domains(&plans[..1]).is_none());
    }

    #[test]
    fn the_platforms_own_names_are_reserved_in_any_case() {
        for label in ["admin", "WWW", " api ", "mail", "storeloom", "ns1"] {
            assert!(is_reserved_subdomain(label), "{label}");
            assert!(check_subdomain(label).is_some(), "{label}");
        }
        for label in ["admin-2", "sam-s-goods", "demo", "mailbox"] {
            assert!(!is_reserved_subdomain(label), "{label}");
        }
        assert!((25..=40).contains(&RESERVED_SUBDOMAINS.len()));
        assert!(
            RESERVED_SUBDOMAINS
                .iter()
                .all(|l| subdomain_from_name(l) == *l)
        );
    }

    #[test]
    fn a_reserved_name_gets_the_next_form_and_others_their_own() {
        let first = |name| subdomain_candidates(name).next().expect("a candidate");
        assert_eq!(first("Admin"), "admin-2");
        assert_eq!(first("W.W.W"), "w-w-w");
        assert_eq!(first("!!!"), "store-2");
        assert_eq!(first("Sam's Goods"), "sam-s-goods");
        assert_eq!(
            subdomain_candidates("Sam's Goods")
                .take(3)
                .collect::<Vec<_>>(),
            ["sam-s-goods", "sam-s-goods-2", "sam-s-goods-3"]
        );
        assert_eq!(
            subdomain_candidates("mail").take(2).collect::<Vec<_>>(),
            ["mail-2", "mail-3"]
        );
        assert_eq!(reserved_subdomain_of("Sam's Goods"), None);
        assert_eq!(reserved_subdomain_of("Mail"), Some("mail".to_owned()));
        assert_eq!(subdomain_for("Mail"), "mail-2");
    }

    #[test]
    fn only_the_claims_own_txt_record_proves_it() {
        assert_eq!(
            verification_record_name("shop.example.com"),
            "_storeloom-verify.shop.example.com"
        );
        let record = verification_record_value("abc123");
        assert!(txt_proves_claim(
            &["v=spf1 -all".to_owned(), format!(" {record} ")],
            "abc123"
        ));
        assert!(!txt_proves_claim(std::slice::from_ref(&record), "abc1234"));
        assert!(!txt_proves_claim(&["storeloom-verify=".to_owned()], ""));
        assert!(!txt_proves_claim(&[], "abc123"));
    }

    #[test]
    fn a_claim_lasts_seventy_two_hours() {
        let claimed = 1_700_000_000_000;
        let hour = 3_600_000;
        assert!(claim_is_live(claimed, claimed));
        assert!(claim_is_live(claimed, claimed + 72 * hour - 1));
        assert!(!claim_is_live(claimed, claimed + 72 * hour));
        assert_eq!(oldest_live_claim(claimed + 72 * hour), claimed);
        assert_eq!(claim_expires_at(claimed), claimed + 72 * hour);
    }

    #[test]
    fn the_store_limit_counts_owned_stores() {
        assert!(may_create_store(9, 10));
        assert!(!may_create_store(10, 10));
        assert!(!may_create_store(11, 10));
        assert_eq!(store_limit_reached(10).limit, Some(10));
        assert!(check_store_limit(12).is_none());
        assert!(check_store_limit(0).is_some());
        assert!(check_store_limit(10_001).is_some());
    }
}
