//! The storefront: a store's theme config rendered as a shop (home, product, collection, cart,
//! checkout, thank-you), served at `/s/{subdomain}/...` and, with `STOREFRONT_HOSTS=1`, on the
//! store's own host names. First paint is server-rendered HTML; a small script adds the cart,
//! the checkout, the analytics beacons and the editor's preview protocol.

pub mod cart;
pub mod checkout;
pub mod drafts;
pub mod preview_runtime;
pub mod theme_assets;

use std::collections::HashMap;
use std::sync::LazyLock;

use axum::Router;
use axum::extract::{FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};
use sha2::Digest;
use shared_types::catalog::Product;

use crate::db::catalog::{
    CollectionQuery, ProductQuery, collection_by_handle, product_where, query_collections,
    query_products,
};
use crate::error::{ApiError, Json};
use crate::state::AppState;
use core_wasm::commerce::checkout as rules;
use core_wasm::storefront::{self as render, Boot, Catalog, Family, Page, Shop, View, preview};

const CSS: &str = include_str!("assets/store.css");
const JS: &str = include_str!("assets/store.js");

/// A short fingerprint of the assets, part of their address so they can be cached for a year.
static ASSET_VERSION: LazyLock<String> = LazyLock::new(|| {
    let digest = sha2::Sha256::digest(format!("{CSS}{JS}").as_bytes());
    hex::encode(&digest[..6])
});

/// How long a shopper's browser may keep a catalog page.
const PAGE_CACHE: &str = "public, max-age=60, stale-while-revalidate=300";

/// The storefront's routes, under `/s`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/s/{subdomain}", get(to_home))
        .route("/s/{subdomain}/", get(home))
        .route("/s/{subdomain}/products/{handle}", get(product))
        .route("/s/{subdomain}/collections/{handle}", get(collection))
        .route("/s/{subdomain}/pages/{handle}", get(content_page))
        .route("/s/{subdomain}/cart", get(cart))
        .route("/s/{subdomain}/cart/view", post(cart_view))
        .route(
            "/s/{subdomain}/checkout",
            get(checkout_page).post(checkout::place_order),
        )
        .route("/s/{subdomain}/checkout/custom", get(checkout_custom))
        .route("/s/{subdomain}/checkout/draft", post(drafts::save_draft))
        .route(
            "/s/{subdomain}/checkout/draft/{token}",
            get(drafts::recover_draft),
        )
        .route("/s/{subdomain}/thank-you/{order_id}", get(thank_you))
        .route("/s/{subdomain}/_preview", post(preview))
        .route(
            "/s/{subdomain}/_preview/catalog",
            get(preview_runtime::catalog_snapshot),
        )
        .route(
            "/s/{subdomain}/_preview/sw.js",
            get(preview_runtime::worker),
        )
        .route("/s/{subdomain}/_assets/{version}/{file}", get(asset))
        .route("/s/{subdomain}/favicon.ico", get(theme_assets::favicon))
        .route(
            &format!("{}/{{*file}}", theme_assets::PREFIX),
            get(theme_assets::theme_asset),
        )
        .route("/s/{subdomain}/{*rest}", get(not_found))
}

/// Set on a request that came in on a store's own host name (its links then have no prefix).
#[derive(Debug, Clone)]
pub struct OnStoreHost;

/// Sends a request on `{subdomain}.{STORE_DOMAIN_SUFFIX}` or a store's custom domain to that
/// store's storefront (`/api`, `/uploads` and the templates' `/theme-assets` stay what they
/// are). A store's host serves that store only: `/s/{other}/...` there is 404, and `/admin`
/// is sent to the platform's own address (`PUBLIC_URL`).
pub async fn host_routing(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let path = request.uri().path().to_owned();
    let under = |prefix: &str| path == prefix || path.starts_with(&format!("{prefix}/"));
    if ["/api", "/uploads", theme_assets::PREFIX]
        .iter()
        .any(|p| under(p.trim_end_matches('/')))
    {
        return next.run(request).await;
    }
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(|h| {
            h.rsplit_once(':').map_or(h, |(name, port)| {
                if port.chars().all(|c| c.is_ascii_digit()) {
                    name
                } else {
                    h
                }
            })
        })
        .unwrap_or("")
        .trim_end_matches('.')
        .to_ascii_lowercase();
    // The platform's own host is no store's: its admin and storefront paths are asked nothing.
    let platform = origin_of(&state.config.public_url);
    let platform_host = platform.split_once("://").map_or("", |(_, h)| h);
    let platform_host = platform_host
        .rsplit_once(':')
        .map_or(platform_host, |(name, _)| name);
    if host == platform_host.to_ascii_lowercase() {
        return next.run(request).await;
    }
    let Some(subdomain) = store_of_host(&state, &host).await else {
        return next.run(request).await;
    };
    let query = request
        .uri()
        .query()
        .map(|q| format!("?{q}"))
        .unwrap_or_default();
    if under("/admin") {
        let to = format!("{}{path}{query}", origin_of(&state.config.public_url));
        return Redirect::temporary(&to).into_response();
    }
    if under("/s") {
        return StoreError(ApiError::NotFound).into_response();
    }
    if let Ok(uri) = format!("/s/{subdomain}{path}{query}").parse::<Uri>() {
        *request.uri_mut() = uri;
        request.extensions_mut().insert(OnStoreHost);
    }
    next.run(request).await
}

async fn store_of_host(state: &AppState, host: &str) -> Option<String> {
    if host.is_empty() {
        return None;
    }
    let suffix = format!(".{}", state.config.store_domain_suffix);
    if let Some(label) = host.strip_suffix(&suffix)
        && !label.is_empty()
        && !label.contains('.')
    {
        // The platform's own names (admin, www, api, mail ...) are never a store's.
        return (!core_wasm::shell::addresses::is_reserved_subdomain(label))
            .then(|| label.to_owned());
    }
    // Only a verified custom domain routes; claims live in `domain_claims` and never do.
    crate::db::domains::routed(&state.db, host)
        .await
        .ok()
        .flatten()
}

/// The store of a request: by subdomain, enabled; 404 otherwise.
pub(crate) async fn shop(
    state: &AppState,
    subdomain: &str,
    on_host: bool,
) -> Result<Shop, ApiError> {
    // Checked as sent: a subdomain with spaces or line breaks around it names no store.
    let subdomain = subdomain.to_lowercase();
    if !valid_subdomain(&subdomain) {
        return Err(ApiError::NotFound);
    }
    let row = crate::db::stores::shop(&state.db, &subdomain).await?;
    let (id, name, subdomain, shipping, currency, country, tax) = row.ok_or(ApiError::NotFound)?;
    // The merchant's tax settings (checked by the core when saved), else none.
    let tax: shared_types::commerce::TaxSettings = tax
        .and_then(|data| serde_json::from_str(&data).ok())
        .unwrap_or_default();
    // The merchant's shipping zones (checked by the core when saved), else a new store's.
    let money = core_wasm::formats::currency_or_default(currency.as_deref().unwrap_or_default());
    let zones = shipping
        .and_then(|data| serde_json::from_str(&data).ok())
        .unwrap_or_else(|| core_wasm::records::initial_shipping(money));
    let country = country.unwrap_or_default();
    Ok(Shop {
        base: if on_host {
            String::new()
        } else {
            format!("/s/{subdomain}")
        },
        id,
        name,
        subdomain,
        currency: currency.unwrap_or_else(|| core_wasm::limits::DEFAULT_CURRENCY_CODE.to_owned()),
        shipping: core_wasm::commerce::ShippingNote::of(&zones, &country, money),
        zones,
        country,
        tax_note: core_wasm::storefront::TaxNote::of(&tax),
        tax,
    })
}

/// The config shoppers see: the active (published) theme's, else the default template. Another
/// theme of the store shows only through its signed preview link.
async fn theme_config(state: &AppState, store_id: &str) -> Result<Value, ApiError> {
    let row = crate::db::themes::published_config(&state.db, store_id).await?;
    let text = match &row {
        Some(config) => config.as_str(),
        None => crate::db::themes::template("hydro").map_or("{}", |t| t.config),
    };
    serde_json::from_str(text).map_err(ApiError::internal)
}

/// The editor's signed preview token of a storefront request (`X-Preview-Token`), made for a
/// theme of this store: what lets a request render a posted config or read the preview's
/// catalog snapshot. 401 without one.
fn editor_token(
    state: &AppState,
    headers: &axum::http::HeaderMap,
    store_id: &str,
) -> Result<crate::auth::tokens::PreviewClaims, ApiError> {
    let refused = || {
        ApiError::Unauthorized(
            "Open the preview from the theme editor: this page renders only for an editor."
                .to_owned(),
        )
    };
    let token = headers
        .get(PREVIEW_TOKEN_HEADER)
        .and_then(|v| v.to_str().ok())
        .ok_or_else(refused)?;
    let claims = state.keys.verify_preview(token).map_err(|_| refused())?;
    if claims.store != store_id {
        return Err(refused());
    }
    Ok(claims)
}

/// The header that carries the editor's signed preview token.
pub const PREVIEW_TOKEN_HEADER: &str = "x-preview-token";

/// The active products, collections and menus the sections show, and the products' ratings.
async fn catalog(state: &AppState, store_id: &str) -> Result<Catalog, ApiError> {
    let products = query_products(
        &state.db,
        store_id,
        &ProductQuery {
            limit: Some(250),
            status: Some("active".to_owned()),
            ..ProductQuery::default()
        },
    )
    .await?
    .products;
    let collections = query_collections(
        &state.db,
        store_id,
        &CollectionQuery {
            page: None,
            limit: Some(250),
            search: None,
        },
    )
    .await?
    .collections;
    let menus = crate::db::menus::list(&state.db, store_id).await?;
    let ratings = crate::db::reviews::ratings(&state.db, store_id).await?;
    Ok(Catalog {
        products,
        collections,
        menus,
        ratings,
    })
}

/// The query of a storefront page: the editor's stamp and family (`nocache`, `theme`), a
/// theme's signed preview link (`preview`, from `POST .../themes/{id}/preview`), and a search.
/// The editor's frame is a page with all three; `nocache` without a good link is an ordinary
/// page of the published theme.
#[derive(Debug, Default, Deserialize)]
pub struct PageQuery {
    nocache: Option<String>,
    preview: Option<String>,
    q: Option<String>,
}

/// Everything a page handler needs, loaded once.
struct Ctx {
    shop: Shop,
    config: Value,
    catalog: Catalog,
    preview: bool,
    /// Shown through a theme's preview link: never cached, never indexed.
    private: bool,
    on_host: bool,
}

/// The config of the theme a preview link names, when the link is good and the theme is this
/// store's; a link that is forged, expired, or made for another store's theme shows nothing
/// (404), as if the page did not exist.
async fn linked_config(state: &AppState, store_id: &str, token: &str) -> Result<Value, ApiError> {
    let claims = state
        .keys
        .verify_preview(token)
        .map_err(|_| ApiError::NotFound)?;
    if claims.store != store_id {
        return Err(ApiError::NotFound);
    }
    linked_theme_config(state, store_id, &claims).await
}

/// The config of the theme a checked preview token names (404 when it is no longer there).
async fn linked_theme_config(
    state: &AppState,
    store_id: &str,
    claims: &crate::auth::tokens::PreviewClaims,
) -> Result<Value, ApiError> {
    let text = crate::db::themes::saved_config(&state.db, store_id, &claims.sub)
        .await?
        .ok_or(ApiError::NotFound)?;
    serde_json::from_str(&text).map_err(ApiError::internal)
}

async fn load(
    state: &AppState,
    subdomain: &str,
    query: &PageQuery,
    on_host: bool,
) -> Result<Ctx, ApiError> {
    let shop = shop(state, subdomain, on_host).await?;
    let config = match &query.preview {
        Some(token) => linked_config(state, &shop.id, token).await?,
        None => theme_config(state, &shop.id).await?,
    };
    let catalog = catalog(state, &shop.id).await?;
    Ok(Ctx {
        shop,
        config,
        catalog,
        preview: query.nocache.is_some() && query.preview.is_some(),
        private: query.preview.is_some(),
        on_host,
    })
}

/// A storefront page's store, loaded as `load` does for the request: the `{subdomain}` of its
/// path, its query and whether it came on the store's own host. A path or query that does not
/// read is refused as axum's extractors refuse it; a store that cannot be shown as `load` says.
impl FromRequestParts<AppState> for Ctx {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let Path(params) = Path::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let Query(query) = Query::<PageQuery>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let subdomain = params.get("subdomain").map_or("", String::as_str);
        let on_host = parts.extensions.get::<OnStoreHost>().is_some();
        load(state, subdomain, &query, on_host)
            .await
            .map_err(|e| StoreError::from(e).into_response())
    }
}

fn admin_origin(state: &AppState, on_host: bool) -> String {
    if on_host {
        origin_of(&state.config.public_url)
    } else {
        // The embedded storefront is on the admin's own origin.
        "self".to_owned()
    }
}

fn origin_of(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("https", url));
    let host = rest.split('/').next().unwrap_or("");
    format!("{scheme}://{host}")
}

/// The security headers of every storefront answer.
fn secure(response: Response, state: &AppState, on_host: bool, cache: &str) -> Response {
    secure_page(response, state, on_host, cache, false)
}

/// The security headers of a storefront answer; a preview page (`preview`) may also compile
/// WebAssembly (`'wasm-unsafe-eval'`, the preview runtime), which no shopper's page may.
fn secure_page(
    mut response: Response,
    state: &AppState,
    on_host: bool,
    cache: &str,
    preview: bool,
) -> Response {
    let scripts = if preview {
        "'self' 'wasm-unsafe-eval'"
    } else {
        "'self'"
    };
    let ancestors = if on_host {
        origin_of(&state.config.public_url)
    } else {
        "'self'".to_owned()
    };
    let csp = format!(
        "default-src 'self'; script-src {scripts}; style-src 'self' 'unsafe-inline' https:; img-src 'self' data: https: http:; \
         font-src 'self' data: https:; connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'self'; \
         form-action 'self'; frame-ancestors {ancestors}"
    );
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&csp) {
        headers.insert(header::CONTENT_SECURITY_POLICY, value);
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    if !on_host {
        headers.insert(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("SAMEORIGIN"),
        );
    }
    if let Ok(value) = HeaderValue::from_str(cache) {
        headers.insert(header::CACHE_CONTROL, value);
    }
    response
}

/// The year now, for the footer's copyright (the renderer reads no clock).
fn this_year() -> i32 {
    preview::year_of(crate::db::now_ms())
}

fn html_page(
    state: &AppState,
    ctx: &Ctx,
    page: &Page,
    status: StatusCode,
    cache: &str,
) -> Response {
    let view = View {
        shop: &ctx.shop,
        config: &ctx.config,
        catalog: &ctx.catalog,
        family: Family::of(&ctx.config),
        preview: ctx.preview,
        year: this_year(),
    };
    let product = match page {
        Page::Product(p, _) => Some(p.as_ref()),
        _ => None,
    };
    let origin = admin_origin(state, ctx.on_host);
    let boot = Boot {
        page,
        admin_origin: &origin,
        product,
        css: CSS,
    };
    let assets = format!("{}/_assets/{}", ctx.shop.base, *ASSET_VERSION);
    let body = render::document(&view, &boot, &assets);
    let cache = if ctx.preview || ctx.private {
        "no-store"
    } else {
        cache
    };
    let mut response = (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response();
    if ctx.private {
        response.headers_mut().insert(
            header::HeaderName::from_static("x-robots-tag"),
            HeaderValue::from_static("noindex"),
        );
    }
    secure_page(response, state, ctx.on_host, cache, ctx.preview)
}

fn on_host(request_ext: Option<axum::Extension<OnStoreHost>>) -> bool {
    request_ext.is_some()
}

type HostExt = Option<axum::Extension<OnStoreHost>>;

async fn to_home(Path(subdomain): Path<String>, host: HostExt) -> Result<Redirect, StoreError> {
    if on_host(host) {
        Ok(Redirect::permanent("/"))
    } else {
        // Only a well-formed subdomain goes into the Location header.
        let subdomain = subdomain.to_lowercase();
        if !valid_subdomain(&subdomain) {
            return Err(ApiError::NotFound.into());
        }
        Ok(Redirect::permanent(&format!("/s/{subdomain}/")))
    }
}

/// Whether `subdomain` can name a store: a host label in lowercase. Anything else (spaces,
/// control bytes, other punctuation) is no store's, so it is answered 404 before
/// it reaches a query or a header.
fn valid_subdomain(subdomain: &str) -> bool {
    core_wasm::shell::addresses::is_host_label(subdomain)
        && !subdomain.bytes().any(|b| b.is_ascii_uppercase())
}

/// `page` (200, kept by browsers as `cache` says), or the store's "not found" page (404, never
/// kept) when there is none.
fn shown(state: &AppState, ctx: &Ctx, page: Option<Page>, cache: &str) -> Response {
    match page {
        Some(page) => html_page(state, ctx, &page, StatusCode::OK, cache),
        None => html_page(
            state,
            ctx,
            &Page::NotFound,
            StatusCode::NOT_FOUND,
            "no-store",
        ),
    }
}

async fn home(State(state): State<AppState>, ctx: Ctx) -> Response {
    shown(&state, &ctx, Some(Page::Home), PAGE_CACHE)
}

async fn cart(State(state): State<AppState>, ctx: Ctx) -> Response {
    shown(&state, &ctx, Some(Page::Cart), "no-store")
}

async fn not_found(State(state): State<AppState>, ctx: Ctx) -> Response {
    shown(&state, &ctx, None, "no-store")
}

/// `{handle}`, the second part of a storefront page's path.
type Handle = Path<(String, String)>;

async fn product(
    State(state): State<AppState>,
    Path((_, handle)): Handle,
    ctx: Ctx,
) -> Result<Response, StoreError> {
    let page = match product_where(&state.db, &ctx.shop.id, "handle", &handle).await {
        Ok(p) if p.status == "active" => {
            let layers = crate::db::personalize::layers_of(&state.db, &ctx.shop.id, &p.id)
                .await
                .map_err(ApiError::from)?;
            let fields = layers
                .as_deref()
                .map(core_wasm::personalize::text_fields)
                .unwrap_or_default();
            Some(Page::Product(Box::new(p), fields))
        }
        Ok(_) | Err(ApiError::NotFound) => None,
        Err(e) => return Err(e.into()),
    };
    Ok(shown(&state, &ctx, page, PAGE_CACHE))
}

async fn collection(
    State(state): State<AppState>,
    Path((_, handle)): Handle,
    Query(query): Query<PageQuery>,
    ctx: Ctx,
) -> Result<Response, StoreError> {
    let search = query
        .q
        .clone()
        .unwrap_or_default()
        .chars()
        .take(100)
        .collect::<String>();
    let page = if handle == "all" {
        let products = query_products(
            &state.db,
            &ctx.shop.id,
            &ProductQuery {
                limit: Some(250),
                status: Some("active".to_owned()),
                search: (!search.trim().is_empty()).then(|| search.clone()),
                ..ProductQuery::default()
            },
        )
        .await?
        .products;
        Some(Page::Collection {
            title: if search.trim().is_empty() {
                "All products".to_owned()
            } else {
                "Search".to_owned()
            },
            handle: "all".to_owned(),
            products,
            search: search.trim().to_owned(),
        })
    } else {
        match collection_by_handle(&state.db, &ctx.shop.id, &handle).await? {
            Some(c) => {
                let products: Vec<Product> =
                    ctx.catalog.products_of(&c).into_iter().cloned().collect();
                Some(Page::Collection {
                    title: c.title.clone(),
                    handle: c.handle.clone(),
                    products,
                    search: String::new(),
                })
            }
            None => None,
        }
    };
    Ok(shown(&state, &ctx, page, PAGE_CACHE))
}

async fn content_page(
    State(state): State<AppState>,
    Path((_, handle)): Handle,
    ctx: Ctx,
) -> Result<Response, StoreError> {
    let page = crate::db::pages::published_by_handle(&state.db, &ctx.shop.id, &handle)
        .await
        .map_err(ApiError::from)?;
    let page = page.map(|page| Page::Content {
        title: page.title,
        html: page.body_html,
    });
    Ok(shown(&state, &ctx, page, PAGE_CACHE))
}

/// The cookie in which the storefront's script keeps the last country a shopper chose at a
/// checkout (`store.js`), scoped to the store's path.
const COUNTRY_COOKIE: &str = "sl-country";

/// The value of the cookie `name` in a request's `Cookie` headers; empty when there is none.
fn cookie<'h>(headers: &'h axum::http::HeaderMap, name: &str) -> &'h str {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map_or("", |(_, value)| value.trim())
}

async fn checkout_page(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    ctx: Ctx,
) -> Result<Response, StoreError> {
    // A live store without a payment gateway cannot take a payment: the shopper is told so
    // instead of being shown a form that would fake one (the preview shows the form).
    let unavailable = !ctx.preview
        && crate::db::checkout::payment(&state.db, &ctx.shop.id).await?
            == core_wasm::payouts::CheckoutPayment::Unavailable;
    let page = if unavailable {
        Page::Content {
            title: "Checkout unavailable".to_owned(),
            html: format!("<p>{}</p>", checkout::UNAVAILABLE),
        }
    } else {
        // The shopper's remembered country wins over the store's (the core's rule).
        Page::Checkout {
            country: core_wasm::commerce::checkout_country(
                cookie(&headers, COUNTRY_COOKIE),
                &ctx.shop.country,
            ),
        }
    };
    Ok(html_page(&state, &ctx, &page, StatusCode::OK, "no-store"))
}

/// The seller's custom checkout HTML and script, alone in a document that runs in a sandboxed
/// frame without `allow-same-origin`: it has an opaque origin, so it cannot read the storefront's
/// or the admin's storage, cookies or DOM.
async fn checkout_custom(
    State(state): State<AppState>,
    Path(subdomain): Path<String>,
    host: HostExt,
) -> Result<Response, StoreError> {
    let on_host = on_host(host);
    let shop = shop(&state, &subdomain, on_host).await?;
    let config = theme_config(&state, &shop.id).await?;
    let html = render::text(&config, "settings.checkout.customHtml");
    let js = render::text(&config, "settings.checkout.customJs").replace("</script", "<\\/script");
    let body = format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><style>body{{margin:0;font:14px system-ui,sans-serif}}</style></head><body>{html}<script>{js}</script></body></html>"
    );
    let mut response = ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'self'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

async fn thank_you(
    State(state): State<AppState>,
    Path((_, order_id)): Path<(String, String)>,
    ctx: Ctx,
) -> Result<Response, StoreError> {
    let receipt = crate::services::checkout::receipt(&state.db, &ctx.shop.id, &order_id).await?;
    let page = receipt.map(|receipt| Page::ThankYou(Box::new(receipt)));
    Ok(shown(&state, &ctx, page, "private, no-store"))
}

/// The body of a cart view: the shopper's lines, and which view (`cart` or `summary`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CartRequest {
    pub items: Vec<cart::ItemInput>,
    #[serde(default)]
    pub view: Option<String>,
    /// In preview: the config to render with.
    #[serde(default)]
    pub config: Option<Value>,
    /// The discount code the shopper typed.
    #[serde(default)]
    pub code: Option<String>,
    /// The shopper's e-mail when known (the checkout): a code's limit per customer applies.
    #[serde(default)]
    pub email: Option<String>,
    /// The country and region of the address typed so far (the checkout): the summary counts
    /// their tax.
    #[serde(default)]
    pub country: Option<String>,
    #[serde(default)]
    pub region: Option<String>,
    /// The shipping rate the shopper chose (the checkout), by name.
    #[serde(default)]
    pub shipping_rate: Option<String>,
}

async fn cart_view(
    State(state): State<AppState>,
    Path(subdomain): Path<String>,
    host: HostExt,
    headers: axum::http::HeaderMap,
    Json(request): Json<CartRequest>,
) -> Result<Response, StoreError> {
    let on_host = on_host(host);
    if request.items.len() > core_wasm::limits::CART_LINES_MAX {
        return Err(ApiError::Invalid(vec![format!(
            "A cart holds at most {} lines.",
            core_wasm::limits::CART_LINES_MAX
        )])
        .into());
    }
    let shop = shop(&state, &subdomain, on_host).await?;
    // A posted config (the editor's, in preview) renders only for an editor; and within the
    // limits a preview render has.
    let config = match request.config {
        Some(config @ Value::Object(_)) if editor_token(&state, &headers, &shop.id).is_ok() => {
            preview::renderable(&config)
                .map_err(|m| StoreError::from(ApiError::Invalid(vec![m])))?;
            config
        }
        _ => theme_config(&state, &shop.id).await?,
    };
    let catalog = catalog(&state, &shop.id).await?;
    let currency = core_wasm::formats::currency_or_default(&shop.currency);
    let (lines, problems) =
        cart::price_lines(&state, &shop.id, &request.items, false, currency).await?;
    let view = View {
        shop: &shop,
        config: &config,
        catalog: &catalog,
        family: Family::of(&config),
        preview: false,
        year: this_year(),
    };
    let code = request
        .code
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty() && c.chars().count() <= rules::DISCOUNT_CODE_MAX_CHARS);
    let email = request
        .email
        .as_deref()
        .map(|e| e.trim().to_lowercase())
        .filter(|e| e.len() <= rules::EMAIL_MAX);
    let amounts: Vec<i64> = lines.iter().map(|l| l.price_minor * l.quantity).collect();
    let subtotal: i64 = amounts.iter().sum();
    let rules = crate::db::discounts::rules(&state.db, &shop.id, email.as_deref()).await?;
    // The checkout's summary prices the shipping and counts the tax of the address typed so
    // far; the cart says in words where shipping and tax stand.
    let region = request
        .region
        .as_deref()
        .map(str::trim)
        .filter(|r| r.chars().count() <= core_wasm::commerce::address::ADDRESS_FIELD_MAX)
        .unwrap_or("");
    let place = request
        .country
        .as_deref()
        .map(str::trim)
        .filter(|c| core_wasm::commerce::country(c).is_some())
        .map(|country| core_wasm::commerce::TaxPlace {
            settings: &shop.tax,
            country,
            region,
        });
    let quote = place.map(|place| {
        core_wasm::commerce::quote(
            &shop.zones,
            place.country,
            region,
            subtotal,
            core_wasm::storefront::cart_grams(&lines),
            currency,
            request
                .shipping_rate
                .as_deref()
                .filter(|r| r.chars().count() <= core_wasm::commerce::shipping::SHIPPING_NAME_MAX),
        )
    });
    let shipping = match &quote {
        Some(quote) => quote.taken().map(|c| c.price_minor),
        None => shop.shipping.cart_price(subtotal),
    };
    let now = crate::db::now_ms();
    let totals = match place {
        Some(place) => core_wasm::commerce::taxed_totals(
            &amounts, shipping, &rules, code, now, currency, place,
        ),
        None => core_wasm::commerce::totals(&amounts, shipping, &rules, code, now, currency),
    };
    let typed = code.unwrap_or("");
    let html = if request.view.as_deref() == Some("summary") {
        render::summary_view(&view, &lines, &totals, typed)
    } else {
        render::cart_view(&view, &lines, &problems, &totals, typed)
    };
    let body = json!({
        "html": html,
        "count": lines.iter().map(|l| l.quantity).sum::<i64>(),
        "subtotalMinor": subtotal,
        "totalMinor": totals.total_minor,
        "discountMinor": totals.discounts.total_minor(),
        "taxMinor": totals.tax.as_ref().map_or(0, |t| t.total),
        "taxesIncluded": totals.tax.as_ref().is_some_and(|t| t.included),
        "codeApplied": totals.discounts.applied.iter().any(|a| a.rule.method == "code"),
        "codeProblem": totals.discounts.code_problem,
        "shippingHtml": quote.as_ref().map(|q| core_wasm::storefront::shipping_choices(&view, q)),
        "shippingProblem": quote.as_ref().and_then(|q| q.problem.clone()),
        "lines": lines.iter().map(cart::browser_line).collect::<Vec<_>>(),
        "problems": problems,
    });
    Ok(secure(
        axum::Json(body).into_response(),
        &state,
        on_host,
        "no-store",
    ))
}

/// The preview's render request: the editor's config and the page to show.
#[derive(Debug, Deserialize)]
pub struct PreviewRequest {
    /// The editor's config; `null` before the editor sent one (the theme of the editor's token).
    #[serde(default)]
    pub config: Value,
    #[serde(default)]
    pub page: Option<String>,
    /// Sections to render alone (the editor changed only these and maybe the theme's style):
    /// the answer carries them by key, with the stylesheet and font links, instead of the whole
    /// page. Home sections fit the home page; the header, the footer and an empty list (only
    /// the style changed) any page.
    #[serde(default)]
    pub sections: Option<Vec<String>>,
}

/// Renders run on this many blocking threads at most (one per core): a flood of large renders
/// waits its turn instead of taking every worker of the server.
static RENDERS: LazyLock<tokio::sync::Semaphore> = LazyLock::new(|| {
    tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, usize::from))
});

/// Runs a render on the blocking pool, one of at most [`RENDERS`] at a time.
async fn render_bounded<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let _permit = RENDERS.acquire().await.map_err(ApiError::internal)?;
    tokio::task::spawn_blocking(work)
        .await
        .map_err(ApiError::internal)
}

/// Renders the posted config (the editor's unsaved one) as the named page, or some of its
/// sections, with the core's renderer (the preview frame renders the same in WebAssembly; this
/// answer serves a frame that has not loaded it). Nothing is stored. Only for an editor (the
/// signed preview token of one of the store's themes), at most `PREVIEW_RENDERS_PER_MINUTE`
/// renders a minute per store, and within the core's limits on sections and rendered size.
async fn preview(
    State(state): State<AppState>,
    Path(subdomain): Path<String>,
    host: HostExt,
    headers: axum::http::HeaderMap,
    Json(request): Json<PreviewRequest>,
) -> Result<Response, StoreError> {
    let on_host = on_host(host);
    let shop = shop(&state, &subdomain, on_host).await?;
    let claims = editor_token(&state, &headers, &shop.id)?;
    let key = format!("preview-store:{}", shop.id);
    let limit = core_wasm::limits::PREVIEW_RENDERS_PER_MINUTE;
    if let Some(retry_after) =
        crate::db::rates::count(&state.db, &key, crate::db::now_ms(), 60, limit).await?
    {
        return Err(ApiError::Throttled {
            message: format!("The preview renders at most {limit} pages a minute; it renders again in {retry_after} s."),
            retry_after,
        }
        .into());
    }
    let config = match request.config {
        config @ Value::Object(_) => config,
        Value::Null => linked_theme_config(&state, &shop.id, &claims).await?,
        _ => {
            return Err(ApiError::Invalid(vec!["The config must be an object.".to_owned()]).into());
        }
    };
    let catalog = catalog(&state, &shop.id).await?;
    let page_name = request.page.unwrap_or_else(|| "homepage".to_owned());
    let snapshot = preview::Snapshot::new(shop, catalog, crate::db::now_ms());
    let body = render_bounded(move || {
        let view = View {
            shop: &snapshot.shop,
            config: &config,
            catalog: &snapshot.catalog,
            family: Family::of(&config),
            preview: true,
            year: snapshot.year,
        };
        preview::renderable(&config)?;
        if let Some(keys) = request.sections {
            // Some sections and the stylesheet alone: the editor changed nothing else.
            let rendered = preview::sections(&view, &page_name, &keys)?;
            preview::sendable(rendered.values().filter_map(Value::as_str).map(str::len).sum())?;
            let (css, fonts) = preview::stylesheet(&config);
            Ok(json!({ "sections": rendered, "css": css, "fonts": fonts }))
        } else {
            let rendered = preview::page(&view, &page_name, &snapshot)?;
            preview::sendable(rendered.html.len())?;
            let sample = &snapshot.sample;
            Ok(json!({
                "html": rendered.html,
                "css": rendered.css,
                "fonts": rendered.fonts,
                "family": rendered.family,
                "page": rendered.page,
                "kind": rendered.kind,
                "product": {"id": sample.id, "variants": sample.variants.iter().map(|v| json!({"id": v.id, "price": v.price, "compareAtPrice": v.compare_at_price, "available": v.stock > 0})).collect::<Vec<_>>()},
            }))
        }
    })
    .await?
    .map_err(|message: String| StoreError::from(ApiError::Invalid(vec![message])))?;
    Ok(secure(
        axum::Json(body).into_response(),
        &state,
        on_host,
        "no-store",
    ))
}

async fn asset(Path((_subdomain, version, file)): Path<(String, String, String)>) -> Response {
    let (body, kind) = match file.as_str() {
        "store.css" => (CSS, "text/css; charset=utf-8"),
        "store.js" => (JS, "text/javascript; charset=utf-8"),
        _ => return StatusCode::NOT_FOUND.into_response(),
    };
    let cache = if version == *ASSET_VERSION {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, cache),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

/// A storefront page's error: a plain page for a shopper, not the API's JSON.
#[derive(Debug)]
pub struct StoreError(ApiError);

impl From<ApiError> for StoreError {
    fn from(e: ApiError) -> Self {
        StoreError(e)
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError(e.into())
    }
}

impl IntoResponse for StoreError {
    fn into_response(self) -> Response {
        match self.0 {
            ApiError::NotFound => {
                let mut response = (
                    StatusCode::NOT_FOUND,
                    [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
                    "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Store not found</title>\
                     <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"></head>\
                     <body style=\"font:16px system-ui,sans-serif;padding:3rem;text-align:center\"><h1>Store not found</h1>\
                     <p>No open store has this address.</p></body></html>",
                )
                    .into_response();
                response.headers_mut().insert(
                    header::CONTENT_SECURITY_POLICY,
                    HeaderValue::from_static(
                        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
                    ),
                );
                response
            }
            other => other.into_response(),
        }
    }
}
