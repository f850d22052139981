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
