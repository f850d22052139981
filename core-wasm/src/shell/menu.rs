//! The route table, both menu variants and the permission rule (shell.md §2, §6). The server
//! authorizes its store routes from the same table.

use shared_types::{BusinessType, Menu, MenuContext, MenuEntry, MenuVariant, RouteInfo};

/// One named route: its path under `/admin`, the role key it needs, and whether it is an editor
/// that renders full-screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    pub name: &'static str,
    pub path: &'static str,
    pub role_key: Option<&'static str>,
    pub full_screen: bool,
}

const fn route(name: &'static str, path: &'static str, role_key: Option<&'static str>) -> Route {
    Route {
        name,
        path,
        role_key,
        full_screen: false,
    }
}

const fn editor(name: &'static str, path: &'static str, role_key: Option<&'static str>) -> Route {
    Route {
        name,
        path,
        role_key,
        full_screen: true,
    }
}

/// Every route name of shell.md §2. The spec gives role keys for menu items (§6) but not which
/// item carries which key; the mapping below follows the item's meaning, and docs/decisions.md
/// ("The admin shell", Route table) records it.
pub const ROUTES: &[Route] = &[
    route("website", "/", Some("homes")),
    route("website.orders", "/orders", Some("orders")),
    route("website.abandoned", "/orders/abandoned", Some("orders")),
    route("website.products", "/products", Some("products")),
    route(
        "website.products.create",
        "/products/create",
        Some("products"),
    ),
    route("website.products.update", "/products/:id", Some("products")),
    route(
        "website.products.bulkEdit",
        "/products/bulk-edit",
        Some("products"),
    ),
    route("website.collections", "/collections", Some("products")),
    route("website.catalog", "/catalog", Some("products")),
    route("website.inventory", "/inventory", Some("products")),
    route("website.product-feeds", "/product-feeds", Some("products")),
    route(
        "website.product-personalized",
        "/product-personalized",
        Some("products"),
    ),
    route("website.bulkupdates", "/bulk-updates", Some("products")),
    route("website.menufilter", "/product-options", None),
    route(
        "website.apps.product-review.list",
        "/apps/product-review",
        Some("products"),
    ),
    route(
        "website.clearCacheUrls",
        "/clear-cache-urls",
        Some("products"),
    ),
    route("website.analytics", "/analytics", Some("dashboards")),
    route(
        "website.sales-reports",
        "/analytics/sales-reports",
        Some("sale_reports"),
    ),
    route(
        "website.estimated-profit",
        "/analytics/estimated-profit",
        Some("estimated_profit"),
    ),
    route(
        "website.utm-analystics",
        "/analytics/utm",
        Some("utm_analystics"),
    ),
    route(
        "website.live-view",
        "/analytics/live-view",
        Some("live_view"),
    ),
    route("website.pixel.sharePixel", "/pixel", Some("report")),
    route(
        "website.discount.code",
        "/discounts/code",
        Some("discounts"),
    ),
    route(
        "website.discount.automatic",
        "/discounts/automatic",
        Some("discounts"),
    ),
    route("website.customer", "/customers", Some("customers")),
    route("website.apps", "/apps", Some("apps")),
    route("website.upsell", "/apps/boost-upsell", Some("apps")),
    // The theme editor's product-widget sections link here (editor spec §2): the widgets are
    // Boost UpSell's offers, so the route opens that screen.
    route("website.apps.widgets.list", "/apps/widgets", Some("apps")),
    route("website.settings", "/settings", Some("settings")),
    route(
        "website.settings.account",
        "/settings/account",
        Some("settings"),
    ),
    route(
        "website.settings.themes",
        "/online-store/themes",
        Some("themes"),
    ),
    route(
        "website.settings.payout",
        "/settings/payout",
        Some("checkout"),
    ),
    route(
        "website.notification",
        "/settings/telegram",
        Some("settings"),
    ),
    route("website.sales-channel", "/sales-channel", Some("store")),
    route(
        "website.themes",
        "/online-store/custom-store",
        Some("themes"),
    ),
    editor(
        "website.themes.editor",
        "/online-store/themes/:themeId/editor",
        Some("themes"),
    ),
    route("website.pages", "/online-store/pages", Some("pages")),
    route(
        "website.menus",
        "/online-store/navigation",
        Some("navigations"),
    ),
    route("website.domain", "/online-store/domains", Some("domains")),
    route(
        "website.preferences",
        "/online-store/preferences",
        Some("preferences"),
    ),
    route("website.member", "/online-store/members", Some("store")),
    route(
        "website.sizechart",
        "/online-store/size-chart",
        Some("products"),
    ),
    route("website.stores", "/stores", None),
    route("website.profile", "/profile", None),
    route("website.terms-of-service", "/terms-of-service", None),
    route("no-access", "/no-access", None),
    route("policy-violation", "/policy-violation", None),
    editor("book-editor", "/book-editor/:id", Some("products")),
    editor("book2-editor", "/book2-editor/:id", Some("products")),
    editor(
        "print-hub-editor",
        "/print-hub-editor/:id",
        Some("products"),
    ),
];

/// The route of a name.
pub fn find_route(name: &str) -> Option<&'static Route> {
    ROUTES.iter().find(|route| route.name == name)
}

/// The route table as data for the UI.
pub fn routes() -> Vec<RouteInfo> {
    ROUTES
        .iter()
        .map(|route| RouteInfo {
            name: route.name.to_owned(),
            path: route.path.to_owned(),
            role_key: route.role_key.map(str::to_owned),
            full_screen: route.full_screen,
        })
        .collect()
}

/// Whether a user holding `scopes` may open the route `name`. An unknown route is refused.
pub fn may_open(name: &str, scopes: &[String]) -> bool {
    find_route(name).is_some_and(|route| holds(route.role_key, scopes))
}

/// The route an admin path opens (`/online-store/domains` is website.domain; a `:name` segment
/// of a route's path takes any one segment).
pub fn route_of_path(path: &str) -> Option<&'static Route> {
    let segments: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    ROUTES.iter().find(|route| {
        let pattern: Vec<&str> = route.path.trim_end_matches('/').split('/').collect();
        pattern.len() == segments.len()
            && pattern
                .iter()
                .zip(&segments)
                .all(|(p, s)| p.starts_with(':') && !s.is_empty() || p == s)
    })
}

/// Whether a user holding `scopes` may open the admin path `path`. An unknown path is refused.
pub fn may_open_path(path: &str, scopes: &[String]) -> bool {
    route_of_path(path).is_some_and(|route| holds(route.role_key, scopes))
}

/// The prefix of the kinds of notification that tell payout amounts (`payout_paid` ...).
pub const PAYOUT_NOTIFICATION_PREFIX: &str = "payout_";

/// Whether a member holding `scopes` reads the notifications of `kind`: those about payouts
/// need the scope of the payout screen (`checkout`), as the balance and the requests do;
/// every other kind, any member.
pub fn may_read_notification(kind: &str, scopes: &[String]) -> bool {
    !kind.starts_with(PAYOUT_NOTIFICATION_PREFIX) || may_open("website.settings.payout", scopes)
}

fn holds(role_key: Option<&str>, scopes: &[String]) -> bool {
    role_key.is_none_or(|key| scopes.iter().any(|scope| scope == key))
}

/// Which variant a user sees: the full menu when the e-mail's domain is the operator's
/// (compared without regard to case), the limited seller menu otherwise.
pub fn menu_variant(email: &str, operator_domain: &str) -> MenuVariant {
    let domain = email.trim().rsplit_once('@').map(|(_, domain)| domain);
    let operator = operator_domain.trim().trim_start_matches('@');
    match domain {
        Some(domain) if !operator.is_empty() && domain.eq_ignore_ascii_case(operator) => {
            MenuVariant::Full
        }
        _ => MenuVariant::Limited,
    }
}

/// A menu entry before it meets a user: a key, an English label, and a route or a group.
struct Item {
    key: &'static str,
    label: &'static str,
    route: Option<&'static str>,
    items: &'static [Item],
    opens_store: bool,
    /// Shown only when the store's business type is not dropship.
    not_for_dropship: bool,
}

const fn link(key: &'static str, label: &'static str, route: &'static str) -> Item {
    Item {
        key,
        label,
        route: Some(route),
        items: &[],
        opens_store: false,
        not_for_dropship: false,
    }
}

const fn group(key: &'static str, label: &'static str, items: &'static [Item]) -> Item {
    Item {
        key,
        label,
        route: None,
        items,
        opens_store: false,
        not_for_dropship: false,
    }
}

const ONLINE_STORE_FULL: &[Item] = &[
    link("themes", "Themes", "website.settings.themes"),
    link("customStore", "Custom Store", "website.themes"),
    link("pages", "Pages", "website.pages"),
    link("navigation", "Navigation", "website.menus"),
    link("domain", "Domain", "website.domain"),
    link("preferences", "Preferences", "website.preferences"),
    link("member", "Member", "website.member"),
    link("sizeChart", "Size chart", "website.sizechart"),
];

const ONLINE_STORE_LIMITED: &[Item] = &[
    link("themes", "Themes", "website.settings.themes"),
    link("customStore", "Custom Store", "website.themes"),
    link("pages", "Pages", "website.pages"),
    link("navigation", "Navigation", "website.menus"),
    link("domain", "Domain", "website.domain"),
    link("preferences", "Preferences", "website.preferences"),
];

/// shell.md §2, "Full menu groups".
const FULL_MENU: &[Item] = &[
    link("dashboard", "Dashboard", "website"),
    group(
        "orders",
        "Orders",
        &[
            link("allOrders", "All Orders", "website.orders"),
            link(
                "abandonedCheckouts",
                "Abandoned Checkouts",
                "website.abandoned",
            ),
        ],
    ),
    group(
        "products",
        "Products",
        &[
            link("allProducts", "All Products", "website.products"),
            link("collections", "Collections", "website.collections"),
            link("catalogs", "Catalogs", "website.catalog"),
            link("inventory", "Inventory", "website.inventory"),
            link("productFeeds", "Product Feeds", "website.product-feeds"),
            Item {
                not_for_dropship: true,
                ..link(
                    "personalizedProduct",
                    "Personalized Product",
                    "website.product-personalized",
                )
            },
            link("bulkUpdates", "Bulk Updates", "website.bulkupdates"),
            link("productOptions", "Product Options", "website.menufilter"),
            link("reviews", "Reviews", "website.apps.product-review.list"),
        ],
    ),
    link("analytics", "Analytics", "website.analytics"),
    link("pixel", "Pixel", "website.pixel.sharePixel"),
    group(
        "discounts",
        "Discounts",
        &[
            link("discountCode", "Code", "website.discount.code"),
            link(
                "discountAutomatic",
                "Automatic",
                "website.discount.automatic",
            ),
        ],
    ),
    link("customer", "Customer", "website.customer"),
    link("apps", "Apps", "website.apps"),
    link("settings", "Settings", "website.settings"),
    link("salesChannel", "Sales Channel", "website.sales-channel"),
    Item {
        opens_store: true,
        ..group("onlineStore", "Online Store", ONLINE_STORE_FULL)
    },
];

/// shell.md §2, "Limited seller menu".
const LIMITED_MENU: &[Item] = &[
    link("orders", "Orders", "website.orders"),
    group(
        "products",
        "Products",
        &[
            link("allProducts", "All", "website.products"),
            link("collections", "Collections", "website.collections"),
            link("catalogs", "Catalogs", "website.catalog"),
            link("reviews", "Reviews", "website.apps.product-review.list"),
            link(
                "clearCacheUrls",
                "Clear Cache Urls",
                "website.clearCacheUrls",
            ),
        ],
    ),
    group(
        "analytics",
        "Analytics",
        &[
            link("salesReports", "Sales Reports", "website.sales-reports"),
            link("utm", "UTM", "website.utm-analystics"),
            link("liveView", "Live View", "website.live-view"),
        ],
    ),
    link("pixel", "Pixel", "website.pixel.sharePixel"),
    link("discounts", "Discounts", "website.discount.code"),
    link("boostUpsell", "Boost UpSell", "website.upsell"),
    link("settings", "Settings", "website.settings"),
    link("telegram", "Telegram", "website.notification"),
    link("salesChannel", "Sales Channel", "website.sales-channel"),
    Item {
        opens_store: true,
        ..group("onlineStore", "Online Store", ONLINE_STORE_LIMITED)
    },
];

/// The menu to draw for a user in a store.
pub fn menu(context: &MenuContext) -> Menu {
    let variant = menu_variant(&context.email, &context.operator_domain);
    let items = match variant {
        MenuVariant::Full => FULL_MENU,
        MenuVariant::Limited => LIMITED_MENU,
    };
    Menu {
        variant,
        entries: entries(items, context),
    }
}

/// Where a user lands after signing in (issue 28, item 9): the dashboard when they may open it;
/// else the first entry of their menu, in the menu's order, that one of their scopes opens;
/// else the first entry open to everyone (Product Options needs no scope); else no-access. The
/// drawer keeps the spec's rule for everything else (shell.md §2: a forbidden item leads to
/// no-access).
pub fn landing_path(context: &MenuContext) -> String {
    fn first(entries: &[MenuEntry], granted: bool) -> Option<&str> {
        entries.iter().find_map(|entry| match &entry.path {
            Some(path) if entry.allowed && (!granted || entry.role_key.is_some()) => {
                Some(path.as_str())
            }
            _ => first(&entry.items, granted),
        })
    }
    let home = find_route("website");
    if home.is_some_and(|route| holds(route.role_key, &context.scopes)) {
        return home.map_or("/", |route| route.path).to_owned();
    }
    let drawn = menu(context);
    first(&drawn.entries, true)
        .or_else(|| first(&drawn.entries, false))
        .or_else(|| find_route("no-access").map(|route| route.path))
        .unwrap_or("/")
        .to_owned()
}

fn entries(items: &[Item], context: &MenuContext) -> Vec<MenuEntry> {
    items
        .iter()
        .filter(|item| !(item.not_for_dropship && context.business_type == BusinessType::Dropship))
        .map(|item| {
            let route = item.route.and_then(find_route);
            let children = entries(item.items, context);
            let allowed = match route {
                Some(route) => holds(route.role_key, &context.scopes),
                None => children.iter().any(|child| child.allowed),
            };
            MenuEntry {
                key: item.key.to_owned(),
                label: item.label.to_owned(),
                route: route.map(|route| route.name.to_owned()),
                path: route.map(|route| route.path.to_owned()),
                role_key: route.and_then(|route| route.role_key).map(str::to_owned),
                role_label: route
                    .and_then(|route| route.role_key)
                    .and_then(crate::shell::permissions::role_label)
                    .map(str::to_owned),
                allowed,
                items: children,
                opens_store: item.opens_store,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::permissions::{ROLE_KEYS, is_role_key};

    #[test]
    fn every_route_needs_a_known_role_key_or_none() {
        for route in ROUTES {
            assert!(route.role_key.is_none_or(is_role_key), "{}", route.name);
        }
    }

    #[test]
    fn an_admin_path_is_opened_by_its_routes_role_key() {
        let scopes = |keys: &[&str]| keys.iter().map(|k| (*k).to_owned()).collect::<Vec<_>>();
        let route = |path: &str| route_of_path(path).map(|r| r.name);
        assert_eq!(route("/online-store/domains"), Some("website.domain"));
        assert_eq!(route("/products/create"), Some("website.products.create"));
        assert_eq!(
            route("/online-store/themes/t-1/editor"),
            Some("website.themes.editor")
        );
        assert_eq!(route("/"), Some("website"));
        assert_eq!(route("/nowhere"), None);
        assert!(may_open_path(
            "/online-store/domains",
            &scopes(&["domains"])
        ));
        assert!(!may_open_path(
            "/online-store/domains",
            &scopes(&["orders", "products"])
        ));
        assert!(may_open_path("/products/create", &scopes(&["products"])));
        assert!(!may_open_path("/nowhere", &scopes(ROLE_KEYS)));
    }

    #[test]
    fn route_names_and_paths_are_unique() {
        let mut names: Vec<_> = ROUTES.iter().map(|r| r.name).collect();
        let mut paths: Vec<_> = ROUTES.iter().map(|r| r.path).collect();
        names.sort_unstable();
        paths.sort_unstable();
        let before = (names.len(), paths.len());
        names.dedup();
        paths.dedup();
        assert_eq!(before, (names.len(), paths.len()));
    }

    #[test]
    fn every_menu_link_names_a_route_of_the_table() {
        fn walk(items: &[Item]) {
            for item in items {
                if let Some(route) = item.route {
                    assert!(find_route(route).is_some(), "{route}");
                }
                walk(item.items);
            }
        }
        walk(FULL_MENU);
        walk(LIMITED_MENU);
    }

    #[test]
    fn every_role_key_guards_some_route() {
        for key in ROLE_KEYS {
            assert!(ROUTES.iter().any(|r| r.role_key == Some(key)), "{key}");
        }
    }
}
