//! The role keys that menu items and routes require (shell.md §6).

/// Every role key of shell.md §6, in the spec's order. A store owner holds all of them.
pub const ROLE_KEYS: &[&str] = &[
    "homes",
    "orders",
    "products",
    "report",
    "dashboards",
    "sale_reports",
    "estimated_profit",
    "utm_analystics",
    "live_view",
    "settings",
    "discounts",
    "customers",
    "apps",
    "store",
    "checkout",
    "themes",
    "pages",
    "navigations",
    "domains",
    "preferences",
];

/// Whether `key` is one of the spec's role keys.
pub fn is_role_key(key: &str) -> bool {
    ROLE_KEYS.contains(&key)
}

/// The English label of each role key, as the staff permission picker shows it (the UI
/// translates by key). The spec names the keys only; the labels are ours.
pub const ROLE_LABELS: &[(&str, &str)] = &[
    ("homes", "Home"),
    ("orders", "Orders"),
    ("products", "Products"),
    ("report", "Pixel and reports"),
    ("dashboards", "Analytics"),
    ("sale_reports", "Sales reports"),
    ("estimated_profit", "Estimated profit"),
    ("utm_analystics", "UTM analytics"),
    ("live_view", "Live view"),
    ("settings", "Settings"),
    ("discounts", "Discounts"),
    ("customers", "Customers"),
    ("apps", "Apps"),
    ("store", "Store and members"),
    ("checkout", "Checkout and payouts"),
    ("themes", "Themes"),
    ("pages", "Pages"),
    ("navigations", "Navigation"),
    ("domains", "Domains"),
    ("preferences", "Preferences"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_key_has_one_label_in_order() {
        let keys: Vec<&str> = ROLE_LABELS.iter().map(|(key, _)| *key).collect();
        assert_eq!(keys, ROLE_KEYS);
    }
}
