//! The API under `/api`, one module per resource. Every handler carries its OpenAPI
//! description, and the router and `/api/openapi.json` are built from the same list, so the
//! document cannot miss a route. A store route documents the `X-Store-Id` header and, in its
//! bearer requirement, the role key it needs (empty when any member may call it); the tenant
//! tests check the document against the behaviour.

pub mod abandoned;
pub mod account;
pub mod analytics;
pub mod auth;
pub mod catalog;
mod contract;
pub mod dashboard;
pub mod designs;
pub mod dev;
pub mod domains;
pub mod events;
pub mod feeds;
pub mod health;
pub mod inventory;
pub mod menus;
pub mod notifications;
pub mod onboarding;
pub mod order_mails;
pub mod pages;
pub mod payouts;
pub mod personalize;
pub mod plans;
pub mod proxies;
pub mod public;
pub mod records;
mod refusals;
pub mod reports;
pub mod sales;
pub mod staff;
pub mod stores;
pub mod theme_live;
pub mod themes;
pub mod uploads;
pub mod users;

use axum::Router;
use axum::http::header;
use axum::response::Html;
use axum::routing::get;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// The document's frame: title, server prefix and the bearer scheme.
#[derive(OpenApi)]
#[openapi(
    info(title = "Storeloom API", description = "The seller back-office API. Every error body is {\"messages\": [...]}."),
    servers((url = "/api")),
    modifiers(&Security),
    tags(
        (name = "auth", description = "Signing in, tokens, sign-up, passwords"),
        (name = "users", description = "The signed-in user and their stores"),
        (name = "staff", description = "A store's staff (needs the `store` scope)"),
        (name = "stores", description = "Store settings: survey, page preference"),
        (name = "system", description = "Health and development helpers"),
        (name = "notifications", description = "A store's notifications and the operator's broadcasts"),
        (name = "payouts", description = "Balance, payout cards, settings and requests (needs `checkout`)"),
        (name = "gateways", description = "Payment gateways (proxies) and their groups"),
        (name = "domains", description = "System and custom domains (needs `domains`)"),
        (name = "personalization", description = "Personalized products and fonts (needs `products`)"),
        (name = "themes", description = "A store's themes and templates (needs `themes`)"),
        (name = "theme editor", description = "A theme's config with versions, offline batches and history (needs `themes`)"),
        (name = "pages", description = "Store pages (needs `pages`)"),
        (name = "menus", description = "Navigation menus (needs `navigations`)"),
        (name = "catalog", description = "Products and collections (needs `products`)"),
        (name = "sales", description = "Customers, orders and discounts"),
        (name = "uploads", description = "Image upload"),
        (name = "analytics", description = "Storefront events in; the Overview's figures, paid orders, exports and live view out (needs `dashboards`)"),
        (name = "reports", description = "Sales reports, estimated profit with unit costs, UTM attribution and the shared tracking pixel"),
        (name = "storefront", description = "The storefront's public read API: no sign-in, cacheable"),
        (name = "records", description = "Size charts, option sets, reviews, catalogs, feeds, cache purges, bulk updates, apps, Boost UpSell, sales channels, Telegram and custom store settings (each needs its route's scope)"),
    )
)]
struct ApiDoc;

struct Security;

impl Modify for Security {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
        components.add_security_scheme(
            "refresh",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("X-Refresh-Token"))),
        );
    }
}

/// Every API route relative to `/api`, and the OpenAPI document describing them.
pub fn router() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, openapi) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(health::router())
        .merge(auth::router())
        .merge(users::router())
        .merge(staff::router())
        .merge(stores::router())
        .merge(dev::router())
        .merge(notifications::router())
        .merge(payouts::router())
        .merge(proxies::router())
        .merge(domains::router())
        .merge(personalize::router())
        .merge(account::router())
        .merge(plans::router())
        .merge(dashboard::router())
        .merge(analytics::router())
        .merge(onboarding::router())
        .merge(themes::router())
        .merge(theme_live::router())
        .merge(pages::router())
        .merge(menus::router())
        .merge(catalog::router())
        .merge(designs::router())
        .merge(sales::router())
        .merge(abandoned::router())
        .merge(uploads::router())
        .merge(public::router())
        .merge(records::router())
        .merge(order_mails::router())
        .merge(inventory::router())
        .merge(feeds::router())
        .merge(reports::router())
        .split_for_parts();
    let mut openapi = openapi;
    refusals::document(&mut openapi);
    contract::document(&mut openapi);
    let document = openapi.clone();
    let router = router
        .route(
            "/openapi.json",
            get(move || async move { axum::Json(document) }),
        )
        .route(
            "/docs",
            get(|| async {
                (
                    [(header::CONTENT_SECURITY_POLICY, DOCS_CSP)],
                    Html(DOCS_PAGE),
                )
            }),
        )
        .route(
            "/docs.js",
            get(|| async { ([(header::CONTENT_TYPE, "text/javascript")], DOCS_SCRIPT) }),
        )
        .fallback(crate::api_not_found);
    (router, openapi)
}

/// Cross-origin calls allowed for the storefront's public calls alone (its read API and the event
/// ingest): any origin, no credentials, so a shop on its own domain or a headless front can
/// call them. No other route answers another origin's browser.
pub(crate) fn public_cors() -> tower_http::cors::CorsLayer {
    use axum::http::Method;
    tower_http::cors::CorsLayer::new()
        .allow_origin(tower_http::cors::Any)
        .allow_methods([Method::GET, Method::POST])
        .allow_headers([header::CONTENT_TYPE])
        .max_age(std::time::Duration::from_secs(86_400))
}

/// A small page that lists the operations of `/api/openapi.json`, with no outside script.
const DOCS_PAGE: &str = include_str!("docs.html");
const DOCS_SCRIPT: &str = include_str!("docs.js");
/// The API page runs its one script from this server and nothing else, and is never framed.
const DOCS_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; \
    connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// A CSV file to download as `name`: the exports of orders, customers, sales reports and the
/// analytics. A name that cannot be a header value (never one the routes make) is left out.
pub(crate) fn csv_download(name: &str, body: String) -> axum::response::Response {
    use axum::http::{HeaderValue, header};
    use axum::response::IntoResponse;
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}
