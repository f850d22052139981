//! Server-side rendering of a store's theme config: the document frame, the header and footer,
//! one function per home section type, and the product, collection, cart, checkout and thank-you
//! pages. Everything the shopper sees on first paint comes from here; the preview asks the same
//! functions to render again when the editor posts a config.

use std::fmt::Write as _;

use serde_json::Value;
use shared_types::catalog::{Collection, Menu, MenuItem, Product};

static NULL: Value = Value::Null;

/// The two families look different (spec §1): hydro (DEFAULT) and newchick (FASHION).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Hydro,
    Newchick,
}

impl Family {
    /// The family of a config: newchick when the fixed page's footer has settings (spec §1).
    pub fn of(config: &Value) -> Family {
        match get(config, "pages.fixed.sections.footer.settings") {
            Value::Object(map) if !map.is_empty() => Family::Newchick,
            _ => Family::Hydro,
        }
    }

    pub fn class(self) -> &'static str {
        match self {
            Family::Hydro => "fam-hydro",
            Family::Newchick => "fam-newchick",
        }
    }
}

/// The store being shown and where its pages live.
#[derive(Debug, Clone)]
pub struct Shop {
    pub id: String,
    pub name: String,
    pub subdomain: String,
    /// The prefix of every storefront link: `/s/{subdomain}` embedded, empty on its own host.
    pub base: String,
    pub currency: String,
}

/// What the sections show from the database: active products, collections and menus.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    pub products: Vec<Product>,
    pub collections: Vec<Collection>,
    pub menus: Vec<Menu>,
}

impl Catalog {
    pub fn collection(&self, handle: &str) -> Option<&Collection> {
        let handle = handle.trim();
        self.collections
            .iter()
            .find(|c| c.handle == handle || c.title.eq_ignore_ascii_case(handle))
    }

    /// The active products of a collection, in its order.
    pub fn products_of(&self, collection: &Collection) -> Vec<&Product> {
        collection
            .product_ids
            .iter()
            .filter_map(|id| self.products.iter().find(|p| &p.id == id))
            .collect()
    }

    pub fn product(&self, id_or_title: &str) -> Option<&Product> {
        self.products
            .iter()
            .find(|p| p.id == id_or_title || p.handle == id_or_title || p.title == id_or_title)
    }
}

/// Which page of the store is rendered.
#[derive(Debug, Clone)]
pub enum Page {
    Home,
    Product(Box<Product>),
    Collection {
        title: String,
        handle: String,
        products: Vec<Product>,
        search: String,
    },
    Cart,
    Checkout,
    ThankYou(Box<Receipt>),
    Content {
        title: String,
        html: String,
    },
    NotFound,
}

impl Page {
    /// The editor's page name (preview protocol) of this page.
    pub fn name(&self) -> &'static str {
        match self {
            Page::Home | Page::Content { .. } | Page::NotFound => "homepage",
            Page::Product(_) => "product",
            Page::Collection { .. } => "category",
            Page::Cart => "cart",
            Page::Checkout | Page::ThankYou(_) => "order",
        }
    }

    /// The analytics/body name of the page.
    pub fn kind(&self) -> &'static str {
        match self {
            Page::Home => "home",
            Page::Product(_) => "product",
            Page::Collection { .. } => "collection",
            Page::Cart => "cart",
            Page::Checkout => "checkout",
            Page::ThankYou(_) => "thank-you",
            Page::Content { .. } => "content",
            Page::NotFound => "not-found",
        }
    }
}

/// A placed order as the thank-you page shows it.
#[derive(Debug, Clone)]
pub struct Receipt {
    pub id: String,
    pub name: String,
    pub email: String,
    pub customer: String,
    pub lines: Vec<(String, i64, i64)>,
    pub subtotal_minor: i64,
    pub shipping_minor: i64,
    pub total_minor: i64,
    pub created_at: i64,
    /// How the order is paid, as the shopper is told.
    pub payment: ReceiptPayment,
}

/// The payment state a thank-you page states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReceiptPayment {
    /// Paid.
    Paid,
    /// Waiting for the payment gateway.
    Pending,
    /// A test order: no payment was taken.
    Test,
}

/// Everything a render needs.
#[derive(Debug)]
pub struct View<'a> {
    pub shop: &'a Shop,
    pub config: &'a Value,
    pub catalog: &'a Catalog,
    pub family: Family,
    pub preview: bool,
}

// ---------------------------------------------------------------- reading the config

/// The value at a dotted path (`pages.fixed.sections`), `null` when absent.
pub fn get<'a>(value: &'a Value, path: &str) -> &'a Value {
    let mut current = value;
    for part in path.split('.') {
        current = match current {
            Value::Object(map) => map.get(part).unwrap_or(&NULL),
            Value::Array(items) => part
                .parse::<usize>()
                .ok()
                .and_then(|i| items.get(i))
                .unwrap_or(&NULL),
            _ => &NULL,
        };
    }
    current
}

pub fn text<'a>(value: &'a Value, path: &str) -> &'a str {
    get(value, path).as_str().unwrap_or("")
}

pub fn flag(value: &Value, path: &str, default: bool) -> bool {
    match get(value, path) {
        Value::Bool(b) => *b,
        Value::String(s) if s == "true" => true,
        Value::String(s) if s == "false" => false,
        Value::Number(n) => n.as_f64().is_some_and(|n| n != 0.0),
        _ => default,
    }
}

/// A number stored as a number or as a numeric string (older configs).
pub fn number(value: &Value, path: &str, default: f64) -> f64 {
    match get(value, path) {
        Value::Number(n) => n.as_f64().unwrap_or(default),
        Value::String(s) => s.trim().parse().unwrap_or(default),
        _ => default,
    }
}

pub fn list<'a>(value: &'a Value, path: &str) -> &'a [Value] {
    get(value, path).as_array().map_or(&[], Vec::as_slice)
}

/// The sections of a page, ordered by `index` (then key).
pub fn sections<'a>(config: &'a Value, page: &str) -> Vec<&'a Value> {
    let mut out: Vec<&Value> = match get(config, &format!("pages.{page}.sections")) {
        Value::Object(map) => map.values().collect(),
        _ => Vec::new(),
    };
    out.sort_by(|a, b| {
        number(a, "index", 0.0)
            .total_cmp(&number(b, "index", 0.0))
            .then_with(|| text(a, "key").cmp(text(b, "key")))
    });
    out
}

// ---------------------------------------------------------------- small helpers

/// HTML-escapes text for content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Seller HTML (pages, reviews, footer info, tabs, policies) cleaned of scripts and handlers,
/// keeping rich text's allowed font sizes and alignments, as the admin saves them.
pub fn clean(html: &str) -> String {
    crate::routes::pages::sanitize(html)
}

/// A colour from the config, or the fallback when it is not a plain colour value.
pub fn colour(value: &str, fallback: &str) -> String {
    let v = value.trim();
    let ok = !v.is_empty()
        && v.len() <= 40
        && v.chars().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, '#' | '(' | ')' | ',' | '.' | ' ' | '%')
        });
    if ok {
        v.to_owned()
    } else {
        fallback.to_owned()
    }
}

/// An image address the page may load: site-relative, https or http; anything else is dropped.
pub fn image_src(src: &str) -> Option<String> {
    let s = src.trim();
    (s.starts_with('/') && !s.starts_with("//")
        || s.starts_with("https://")
        || s.starts_with("http://"))
    .then(|| s.to_owned())
}

/// Money in the store's currency.
pub fn money(currency: &str, minor: i64) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    let abs = minor.unsigned_abs();
    let amount = format!("{}.{:02}", group(abs / 100), abs % 100);
    match currency {
        "USD" => format!("{sign}${amount}"),
        "EUR" => format!("{sign}€{amount}"),
        "GBP" => format!("{sign}£{amount}"),
        other => format!("{sign}{amount} {other}"),
    }
}

fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

pub fn to_minor(major: f64) -> i64 {
    (major * 100.0).round() as i64
}

impl View<'_> {
    fn base(&self) -> &str {
        &self.shop.base
    }

    fn money(&self, major: f64) -> String {
        money(&self.shop.currency, to_minor(major))
    }

    /// Where a theme or menu link leads (`parent` home, category, product, page or url).
    pub fn href(&self, link: &Value) -> String {
        let slug = match text(link, "params.slug") {
            "" => text(link, "slug"),
            s => s,
        };
        let base = self.base();
        let slug_enc = slug_path(slug);
        match text(link, "parent") {
            "category" if slug.is_empty() => format!("{base}/collections/all"),
            "category" => format!("{base}/collections/{slug_enc}"),
            "product" if !slug.is_empty() => format!("{base}/products/{slug_enc}"),
            "page" if !slug.is_empty() => format!("{base}/pages/{slug_enc}"),
            "url" if slug.starts_with("https://") || slug.starts_with("http://") => slug.to_owned(),
            "home" if !slug.is_empty() => format!("{base}/pages/{slug_enc}"),
            _ => format!("{base}/"),
        }
    }

    fn product_href(&self, product: &Product) -> String {
        format!("{}/products/{}", self.base(), slug_path(&product.handle))
    }
}

fn slug_path(slug: &str) -> String {
    slug.chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect()
}

/// An image with its size (so the layout does not move) inside a placeholder frame.
fn img(src: &str, alt: &str, width: u32, height: u32, eager: bool) -> String {
    match image_src(src) {
        Some(src) => format!(
            "<img src=\"{}\" alt=\"{}\" width=\"{width}\" height=\"{height}\"{}>",
            esc(&src),
            esc(alt),
            if eager {
                " fetchpriority=\"high\""
            } else {
                " loading=\"lazy\" decoding=\"async\""
            }
        ),
        None => String::new(),
    }
}

/// An image that falls back to `fallback` (a catalog picture) when its own address fails.
fn img_or(src: &str, fallback: Option<&str>, alt: &str, width: u32, height: u32) -> String {
    let fallback = fallback.and_then(image_src);
    let src = if image_src(src).is_some() {
        src.to_owned()
    } else {
        fallback.clone().unwrap_or_default()
    };
    let html = img(&src, alt, width, height, false);
    match fallback.filter(|f| *f != src) {
        Some(f) if !html.is_empty() => {
            html.replacen("<img ", &format!("<img data-fallback=\"{}\" ", esc(&f)), 1)
        }
        _ => html,
    }
}

/// A few line icons (footer info, header), drawn inline so no request is needed.
fn icon(name: &str) -> &'static str {
    match name {
        "truck" | "shipping" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M3 6h11v9H3zM14 9h4l3 3v3h-7z\"/><circle cx=\"7\" cy=\"17\" r=\"2\"/><circle cx=\"17\" cy=\"17\" r=\"2\"/></svg>"
        }
        "search" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><circle cx=\"11\" cy=\"11\" r=\"7\"/><path d=\"M20 20l-4-4\"/></svg>"
        }
        "cart" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M3 4h2l2 11h11l2-8H6\"/><circle cx=\"9\" cy=\"19\" r=\"1.5\"/><circle cx=\"17\" cy=\"19\" r=\"1.5\"/></svg>"
        }
        "account" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><circle cx=\"12\" cy=\"8\" r=\"4\"/><path d=\"M4 21c1-4 4-6 8-6s7 2 8 6\"/></svg>"
        }
        "menu" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M3 6h18M3 12h18M3 18h18\"/></svg>"
        }
        "shield" | "secure" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M12 3l8 3v6c0 5-4 8-8 9-4-1-8-4-8-9V6z\"/><path d=\"M8 12l3 3 5-6\"/></svg>"
        }
        "return" | "returns" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M4 10h12a4 4 0 010 8H9\"/><path d=\"M8 6l-4 4 4 4\"/></svg>"
        }
        "support" | "phone" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M4 13a8 8 0 0116 0v4h-4v-5h4M4 12h4v5H4z\"/></svg>"
        }
        _ => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z\"/></svg>"
        }
    }
}

fn payment_badge(value: &str) -> String {
    let label = match value.to_ascii_lowercase().as_str() {
        "visa" => "VISA",
        "mastercard" => "Mastercard",
        "amex" | "american_express" => "AMEX",
        "paypal" => "PayPal",
        "discover" => "Discover",
        "apple_pay" | "applepay" => "Apple Pay",
        "google_pay" | "googlepay" => "G Pay",
        _ => value,
    };
    format!(
        "<span class=\"pay pay-{}\">{}</span>",
        slug_path(&value.to_ascii_lowercase()),
        esc(label)
    )
}

// ---------------------------------------------------------------- theme variables

/// The CSS custom properties of a config: colours, fonts, sizes and line clamps.
pub fn theme_css(config: &Value) -> String {
    let c = |key: &str, fallback: &str| {
        colour(text(config, &format!("settings.colors.{key}")), fallback)
    };
    let font = |key: &str, fallback: &str| {
        let name = text(config, &format!("settings.typography.{key}.font"));
        let name: String = name
            .chars()
            .filter(|ch| ch.is_ascii_alphanumeric() || *ch == ' ' || *ch == '-')
            .collect();
        if name.trim().is_empty() {
            fallback.to_owned()
        } else {
            format!("\"{}\", {fallback}", name.trim())
        }
    };
    let weight = |key: &str, fallback: &str| {
        let style = text(config, &format!("settings.typography.{key}.style"));
        let digits: String = style.chars().take_while(char::is_ascii_digit).collect();
        if digits.is_empty() {
            fallback.to_owned()
        } else {
            digits
        }
    };
    let size = |key: &str, fallback: f64| {
        number(config, &format!("settings.typography.{key}"), fallback).clamp(8.0, 80.0)
    };
    let lines = |key: &str, fallback: f64| {
        number(config, &format!("settings.style.{key}"), fallback).clamp(1.0, 10.0)
    };
    let sans = "system-ui, -apple-system, \"Segoe UI\", Roboto, sans-serif";
    format!(
        ":root{{--c-checkout:{};--c-price:{};--c-cart:{};--c-cart-label:{};--c-buy:{};--c-buy-label:{};\
         --c-upsell-bg:{};--c-upsell-border:{};--c-sale:{};--c-tag-bg:{};--c-tag-text:{};--c-bar-bg:{};--c-bar-text:{};\
         --c-footer-bg:{};--c-footer-text:{};--c-title:{};--c-compare:{};--c-rating:{};\
         --f-head:{};--f-base:{};--f-desc:{};--f-button:{};--w-head:{};--w-button:{};\
         --fs-product:{}px;--fs-price:{}px;--fs-compare:{}px;--fs-tag:{}px;--fs-cart:{}px;\
         --clamp-card:{};--clamp-detail:{};--clamp-detail-m:{}}}",
        c("color_checkout_button", "#0082E5"),
        c("color_price", "#0d9ef2"),
        c("color_add_to_cart", "#548226"),
        c("color_add_to_cart_label", "#FFFFFF"),
        c("color_buy_now", "#EF4444"),
        c("color_buy_now_label", "#FFFFFF"),
        c("color_upsell_background", "#FFF9F0"),
        c("color_upsell_border", "#F5A623"),
        c("color_sale_price", "#E02020"),
        c("color_tag_background", "#E02020"),
        c("color_tag_text", "#FFFFFF"),
        c("color_announcement_bar_background", "#111111"),
        c("color_announcement_bar_text", "#FFFFFF"),
        c("color_footer_background", "#1F1F1F"),
        c("color_footer_text", "#EDEDED"),
        c("color_product_title", "#222222"),
        c("color_compare_at_price", "#8A8A8A"),
        colour(
            text(config, "settings.product.colorProductRating"),
            "#FFB400"
        ),
        font("type_header_family", sans),
        font("type_base_family", sans),
        font("type_product_description_family", sans),
        font("type_button_base_family", sans),
        weight("type_header_family", "700"),
        weight("type_button_base_family", "600"),
        size("font_size_product", 16.0),
        size("font_size_price", 18.0),
        size("font_size_compare_at_price", 14.0),
        size("font_size_sale_tag", 12.0),
        size("font_size_cart_button_text", 16.0),
        lines("maxLineDisplayProduct", 1.0),
        lines("maxLineDisplayProductDetailDesktop", 2.0),
        lines("maxLineDisplayProductDetailMobile", 2.0),
    )
}

/// The stylesheet addresses of the config's fonts (https only), without repeats.
pub fn font_urls(config: &Value) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for key in [
        "type_header_family",
        "type_base_family",
        "type_product_description_family",
        "type_button_base_family",
    ] {
        let url = text(config, &format!("settings.typography.{key}.url")).trim();
        if url.starts_with("https://") && !out.iter().any(|u| u == url) {
            out.push(url.to_owned());
        }
    }
    out
}

// ---------------------------------------------------------------- the frame

/// The inner HTML of `#sl-app`: header, the page, footer and popups.
pub fn app(view: &View, page: &Page) -> String {
    let mut out = String::with_capacity(32 * 1024);
    let fixed = sections(view.config, "fixed");
    let header = fixed.iter().find(|s| text(s, "type") == "header");
    let footer = fixed.iter().find(|s| text(s, "type") == "footer");
    let checkout_like = matches!(page, Page::Checkout);
    if let Some(header) = header.filter(|_| !checkout_like) {
        out.push_str(&render_header(view, header));
    }
    out.push_str("<main id=\"main\" class=\"main\">");
    match page {
        Page::Home => {
            let _ = write!(out, "<h1 class=\"sr\">{}</h1>", esc(&view.shop.name));
            for (i, section) in sections(view.config, "homepage").into_iter().enumerate() {
                out.push_str(&home_section(view, section, i));
            }
        }
        Page::Product(product) => out.push_str(&product_page(view, product)),
        Page::Collection {
            title,
            handle,
            products,
            search,
        } => out.push_str(&collection_page(view, title, handle, products, search)),
        Page::Cart => out.push_str(&cart_page()),
        Page::Checkout => out.push_str(&checkout_page(view)),
        Page::ThankYou(receipt) => out.push_str(&thank_you_page(view, receipt)),
        Page::Content { title, html } => {
            let _ = write!(
                out,
                "<section class=\"wrap content-page\"><h1>{}</h1><div class=\"rich\">{}</div></section>",
                esc(title),
                clean(html)
            );
        }
        Page::NotFound => {
            let _ = write!(
                out,
                "<section class=\"wrap empty-page\"><h1>Page not found</h1><p>This page does not exist or is no longer available.</p>\
                 <a class=\"btn\" href=\"{}/\">Back to the shop</a></section>",
                esc(view.base())
            );
        }
    }
    out.push_str("</main>");
    if let Some(footer) = footer.filter(|_| !checkout_like) {
        out.push_str(&render_footer(view, footer));
    }
    if !checkout_like {
        out.push_str(&popups(view));
    }
    out
}

/// The boot data the script reads (JSON, escaped for a `<script type="application/json">`).
#[derive(Debug)]
pub struct Boot<'a> {
    pub page: &'a Page,
    pub admin_origin: &'a str,
    pub product: Option<&'a Product>,
    /// The storefront's stylesheet, inlined so that first paint waits for no request.
    pub css: &'a str,
}

/// A whole HTML document.
pub fn document(view: &View, boot: &Boot, assets: &str) -> String {
    let page = boot.page;
    let title = match page {
        Page::Home => view.shop.name.clone(),
        Page::Product(p) => format!("{} – {}", p.title, view.shop.name),
        Page::Collection { title, .. } => format!("{title} – {}", view.shop.name),
        Page::Cart => format!("Cart – {}", view.shop.name),
        Page::Checkout => format!("Checkout – {}", view.shop.name),
        Page::ThankYou(_) => format!("Thank you – {}", view.shop.name),
        Page::Content { title, .. } => format!("{title} – {}", view.shop.name),
        Page::NotFound => format!("Not found – {}", view.shop.name),
    };
    let description = match page {
        Page::Product(p) => strip_tags(&p.description_html),
        _ => format!("Shop {} online.", view.shop.name),
    };
    let boot_json = serde_json::json!({
        "base": view.shop.base,
        "storeKey": view.shop.id,
        "page": page.kind(),
        "editorPage": page.name(),
        "adminOrigin": boot.admin_origin,
        "currency": view.shop.currency,
        "family": if view.family == Family::Newchick { "fashion" } else { "default" },
        "product": boot.product.map(|p| serde_json::json!({
            "id": p.id, "handle": p.handle, "title": p.title, "price": p.price,
            "image": p.images.first().map(|i| i.src.clone()),
            "variants": p.variants.iter().map(|v| serde_json::json!({
                "id": v.id, "title": v.title, "options": v.options, "price": v.price,
                "compareAtPrice": v.compare_at_price, "available": v.stock > 0})).collect::<Vec<_>>(),
        })),
        "checkout": {
            "countdown": flag(view.config, "settings.checkout.show_time_countdown", true),
            "minutes": number(view.config, "settings.checkout.time.day", 0.0) * 1440.0
                + number(view.config, "settings.checkout.time.hour", 0.0) * 60.0
                + number(view.config, "settings.checkout.time.min", 10.0),
        },
        "search": list(view.config, "settings.element.search.suggestion_list").iter()
            .filter_map(|s| s.get("value").and_then(Value::as_str)).collect::<Vec<_>>(),
        "searchEvery": number(view.config, "settings.element.search.time_change_suggestion", 3.0),
    })
    .to_string()
    .replace('<', "\\u003c");
    let fonts: String = font_urls(view.config)
        .iter()
        .map(|u| {
            format!(
                "<link rel=\"stylesheet\" href=\"{}\" media=\"print\" data-font>",
                esc(u)
            )
        })
        .collect();
    let robots = if view.preview || matches!(page, Page::Checkout | Page::ThankYou(_) | Page::Cart)
    {
        "<meta name=\"robots\" content=\"noindex\">"
    } else {
        ""
    };
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><meta name=\"description\" content=\"{description}\">{robots}\
         <style id=\"sl-base\">{base_css}</style>\
         <style id=\"sl-theme\">{css}</style>{fonts}\
         <script type=\"application/json\" id=\"sl-boot\">{boot_json}</script>\
         <script src=\"{assets}/store.js\" defer></script></head>\
         <body class=\"{family} page-{kind}\"><a class=\"skip\" href=\"#main\">Skip to content</a>\
         <div id=\"sl-app\">{app}</div></body></html>",
        title = esc(&title),
        description = esc(&description.chars().take(160).collect::<String>()),
        css = theme_css(view.config),
        family = view.family.class(),
        kind = page.kind(),
        app = app(view, page),
        base_css = boot.css,
    )
}

fn strip_tags(html: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in html.chars() {
        match c {
            '<' => inside = true,
            '>' => {
                inside = false;
                out.push(' ');
            }
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn open_section(key: &str, kind: &str, class: &str) -> String {
    format!(
        "<section class=\"sec {class}\" data-section-key=\"{}\" data-section-type=\"{}\">",
        esc(key),
        esc(kind)
    )
}

fn heading(text_value: &str) -> String {
    if text_value.trim().is_empty() {
        String::new()
    } else {
        format!("<h2 class=\"sec-title\">{}</h2>", esc(text_value))
    }
}

fn grid_vars(settings: &Value, desktop: f64, mobile: f64) -> String {
    let d = number(settings, "item_per_row", desktop).clamp(1.0, 8.0);
    let m = number(settings, "item_per_row_mobile", mobile).clamp(1.0, 4.0);
    format!("style=\"--cols:{d};--cols-m:{m}\"")
}

// ---------------------------------------------------------------- header and footer

fn menu_items<'a>(view: &'a View, handle_value: &Value, fallback: &str) -> Vec<&'a MenuItem> {
    let handle = handle_value.as_str().unwrap_or("");
    let menu = view
        .catalog
        .menus
        .iter()
        .find(|m| m.handle == handle)
        .or_else(|| view.catalog.menus.iter().find(|m| m.handle == fallback));
    menu.map(|m| m.items.iter().collect()).unwrap_or_default()
}

fn link_value(item: &MenuItem) -> Value {
    serde_json::to_value(&item.link).unwrap_or(Value::Null)
}

fn render_header(view: &View, section: &Value) -> String {
    let s = get(section, "settings");
    let key = text(section, "key");
    let mut out = open_section(key, "header", "site-header");
    if flag(s, "show_top_bar", false) {
        let href = view.href(get(s, "topbar_url"));
        let desktop = text(s, "image_topbar");
        let mobile = text(s, "image_topbar_mobile");
        out.push_str("<div class=\"topbar\">");
        if image_src(desktop).is_some() || image_src(mobile).is_some() {
            let _ = write!(
                out,
                "<a class=\"topbar-img\" href=\"{}\"><picture>{}{}</picture></a>",
                esc(&href),
                image_src(mobile)
                    .map(|m| format!(
                        "<source media=\"(max-width: 767px)\" srcset=\"{}\">",
                        esc(&m)
                    ))
                    .unwrap_or_default(),
                img(
                    if desktop.is_empty() { mobile } else { desktop },
                    text(s, "text_topbar"),
                    1600,
                    60,
                    true
                )
            );
        } else {
            let _ = write!(
                out,
                "<a href=\"{}\">{}</a>",
                esc(&href),
                esc(text(s, "text_topbar"))
            );
        }
        out.push_str("</div>");
    }
    let logo_d = number(s, "size_logo.desktop", 50.0).clamp(16.0, 200.0);
    let logo_m = number(s, "size_logo.mobile", 32.0).clamp(12.0, 120.0);
    let center = if flag(s, "center_logo_on_mobile", false) {
        " center-m"
    } else {
        ""
    };
    let _ = write!(
        out,
        "<div class=\"bar wrap{center}\" style=\"--logo-d:{logo_d}px;--logo-m:{logo_m}px\">\
         <button class=\"icon-btn menu-toggle\" type=\"button\" aria-label=\"Menu\" aria-expanded=\"false\" data-menu-toggle>{}</button>\
         <a class=\"logo\" href=\"{}/\" aria-label=\"{}\">",
        icon("menu"),
        esc(view.base()),
        esc(&view.shop.name)
    );
    let logo_desktop = text(s, "logo_desktop");
    let logo_mobile = text(s, "logo_mobile");
    if image_src(logo_desktop).is_some() {
        let _ = write!(
            out,
            "<picture>{}{}</picture><span class=\"logo-text\">{}</span>",
            image_src(logo_mobile)
                .map(|m| format!(
                    "<source media=\"(max-width: 767px)\" srcset=\"{}\">",
                    esc(&m)
                ))
                .unwrap_or_default(),
            img(logo_desktop, &view.shop.name, 200, 50, true),
            esc(&view.shop.name)
        );
    } else {
        let _ = write!(
            out,
            "<span class=\"logo-text shown\">{}</span>",
            esc(&view.shop.name)
        );
    }
    out.push_str("</a><nav class=\"nav\" aria-label=\"Main\"><ul>");
    for item in menu_items(view, get(s, "main_menu"), "main-menu") {
        let _ = write!(
            out,
            "<li><a href=\"{}\">{}</a>",
            esc(&view.href(&link_value(item))),
            esc(&item.title)
        );
        if !item.children.is_empty() {
            out.push_str("<ul class=\"sub\">");
            for child in &item.children {
                let _ = write!(
                    out,
                    "<li><a href=\"{}\">{}</a></li>",
                    esc(&view.href(&link_value(child))),
                    esc(&child.title)
                );
            }
            out.push_str("</ul>");
        }
        out.push_str("</li>");
    }
    out.push_str("</ul></nav><div class=\"tools\">");
    if flag(s, "enable_search", true) {
        let mobile_input =
            text(view.config, "settings.element.search.type_search_in_mobile") == "input";
        let first = list(view.config, "settings.element.search.suggestion_list")
            .first()
            .and_then(|v| v.get("value"))
            .and_then(Value::as_str)
            .unwrap_or("Search products");
        let _ = write!(
            out,
            "<form class=\"search{}\" role=\"search\" action=\"{}/collections/all\" method=\"get\">\
             <label class=\"sr\" for=\"q-{key}\">Search</label>\
             <input id=\"q-{key}\" name=\"q\" type=\"search\" placeholder=\"{}\" data-suggest>\
             <button class=\"icon-btn\" type=\"submit\" aria-label=\"Search\">{}</button></form>",
            if mobile_input { " search-input-m" } else { "" },
            esc(view.base()),
            esc(first),
            icon("search"),
            key = esc(key)
        );
    }
    if flag(s, "isShowAccount", false) {
        let _ = write!(
            out,
            "<a class=\"icon-btn\" href=\"{}/pages/account\" aria-label=\"Account\">{}</a>",
            esc(view.base()),
            icon("account")
        );
    }
    if flag(view.config, "settings.currency.enabled_currency", false) {
        let _ = write!(
            out,
            "<span class=\"currency\" title=\"Prices are in {0}\">{0}</span>",
            esc(&view.shop.currency)
        );
    }
    let _ = write!(
        out,
        "<a class=\"icon-btn cart-link\" href=\"{}/cart\" aria-label=\"Cart\">{}<span class=\"cart-count\" data-cart-count hidden>0</span></a>",
        esc(view.base()),
        icon("cart")
    );
    out.push_str("</div></div></section>");
    out
}

fn render_footer(view: &View, section: &Value) -> String {
    let key = text(section, "key");
    let mut out = open_section(key, "footer", "site-footer");
    out.push_str("<div class=\"wrap foot\">");
    let settings = get(section, "settings");
    if view.family == Family::Newchick || settings.as_object().is_some_and(|m| !m.is_empty()) {
        let infos = list(settings, "infoWithIcon");
        if !infos.is_empty() {
            out.push_str("<ul class=\"foot-info\">");
            for info in infos {
                let _ = write!(
                    out,
                    "<li>{}<div><strong>{}</strong><span>{}</span></div></li>",
                    icon(text(info, "icon")),
                    esc(text(info, "title")),
                    esc(text(info, "subTitle"))
                );
            }
            out.push_str("</ul>");
        }
        out.push_str("<div class=\"foot-cols\"><div class=\"foot-brand\">");
        let logo = text(settings, "logo");
        let size_d = number(settings, "size_logo.desktop", 50.0).clamp(16.0, 200.0);
        let size_m = number(settings, "size_logo.mobile", 32.0).clamp(12.0, 120.0);
        let _ = write!(
            out,
            "<div class=\"foot-logo\" style=\"--logo-d:{size_d}px;--logo-m:{size_m}px\">{}<span class=\"logo-text{}\">{}</span></div>",
            img(logo, &view.shop.name, 200, 50, false),
            if image_src(logo).is_none() {
                " shown"
            } else {
                ""
            },
            esc(&view.shop.name)
        );
        let _ = write!(
            out,
            "<div class=\"rich\">{}</div></div>",
            clean(text(settings, "info"))
        );
        out.push_str(&footer_menu(view, get(settings, "footer_menu")));
        out.push_str("</div><div class=\"foot-bottom\"><div class=\"pays\">");
        for payment in list(settings, "iconPayments") {
            out.push_str(&payment_badge(text(payment, "value")));
        }
        let _ = write!(
            out,
            "</div><p class=\"copy\">{}</p></div>",
            esc(text(settings, "copyright"))
        );
    } else {
        let blocks = list(section, "blocks");
        let block = |kind: &str| {
            blocks
                .iter()
                .find(|b| text(b, "type") == kind)
                .map(|b| get(b, "value"))
        };
        out.push_str("<div class=\"foot-cols\"><div class=\"foot-brand\">");
        let logo = block("logo").and_then(Value::as_str).unwrap_or("");
        let _ = write!(
            out,
            "<div class=\"foot-logo\">{}<span class=\"logo-text{}\">{}</span></div><ul class=\"contact\">",
            img(logo, &view.shop.name, 200, 50, false),
            if image_src(logo).is_none() {
                " shown"
            } else {
                ""
            },
            esc(&view.shop.name)
        );
        for (kind, label) in [
            ("address", "Address"),
            ("email", "E-mail"),
            ("mobile", "Phone"),
        ] {
            if let Some(value) = block(kind)
                .and_then(Value::as_str)
                .filter(|v| !v.is_empty())
            {
                let shown = if kind == "email" {
                    format!("<a href=\"mailto:{0}\">{0}</a>", esc(value))
                } else {
                    esc(value)
                };
                let _ = write!(out, "<li><span>{label}</span> {shown}</li>");
            }
        }
        out.push_str("</ul></div>");
        out.push_str(&footer_menu(
            view,
            block("menu").unwrap_or(&Value::String("footer".into())),
        ));
        out.push_str("</div><div class=\"foot-bottom\"><div class=\"pays\">");
        if let Some(Value::Array(pays)) = block("payment_icon") {
            for pay in pays {
                out.push_str(&payment_badge(pay.as_str().unwrap_or("")));
            }
        }
        let _ = write!(
            out,
            "</div><p class=\"copy\">{} <span>{}</span></p></div>",
            esc(block("copyright").and_then(Value::as_str).unwrap_or("")),
            esc(block("sub_copyright").and_then(Value::as_str).unwrap_or(""))
        );
    }
    out.push_str("</div></section>");
    out
}

fn footer_menu(view: &View, handle: &Value) -> String {
    let items = menu_items(view, handle, "footer");
    if items.is_empty() {
        return String::new();
    }
    let mut out =
        String::from("<nav class=\"foot-menu\" aria-label=\"Footer\"><h2>Information</h2><ul>");
    for item in items {
        let _ = write!(
            out,
            "<li><a href=\"{}\">{}</a></li>",
            esc(&view.href(&link_value(item))),
            esc(&item.title)
        );
    }
    out.push_str("</ul></nav>");
    out
}

// ---------------------------------------------------------------- home sections

/// A home section at its place on the page: the first sections are in the first screen, so
/// their images load at once.
pub fn home_section(view: &View, section: &Value, position: usize) -> String {
    let html = render_section(view, section);
    if position < 2 {
        html.replace(" loading=\"lazy\"", "")
    } else {
        html
    }
}

/// One home section by its type; unknown types render an empty, still selectable frame.
pub fn render_section(view: &View, section: &Value) -> String {
    let key = text(section, "key");
    let kind = text(section, "type");
    let s = get(section, "settings");
    match kind {
        "head-image" => slideshow(view, key, s),
        "collection_list" => tiles(view, key, kind, s, "collection-list", false),
        "style-collection" => tiles(view, key, kind, s, "style-collection", true),
        "image_with_text" => image_with_text(view, key, s),
        "feature-content" => feature_content(key, s),
        "key_features" => key_features(view, key, s),
        "product-review" => {
            let mut out = open_section(key, kind, "review wrap");
            let _ = write!(
                out,
                "<div class=\"rich\">{}</div></section>",
                clean(text(s, "body_html"))
            );
            out
        }
        "featured-collection" => featured(view, key, s),
        "product_with_collection" => dual(view, key, s),
        "flash_deal" => flash_deal(view, key, s),
        "slider-product" => slider(view, key, s),
        "product-widget" => widget(view, key, s),
        "header" => render_header(view, section),
        "footer" => render_footer(view, section),
        _ => format!("{}</section>", open_section(key, kind, "unknown")),
    }
}

fn slides(view: &View, list_value: &[Value], class: &str, eager: bool) -> String {
    let mut out = format!("<div class=\"slides {class}\">");
    for (i, slide) in list_value.iter().enumerate() {
        let position = match text(slide, "position") {
            "left" => "left",
            "right" => "right",
            _ => "center",
        };
        let heading_text = text(slide, "heading.content");
        let _ = write!(
            out,
            "<div class=\"slide pos-{position}{}\" data-slide=\"{i}\">{}<div class=\"slide-shade\"></div><div class=\"slide-body\" data-content>",
            if i == 0 { " on" } else { "" },
            img(
                text(slide, "image"),
                heading_text,
                1600,
                700,
                eager && i == 0
            )
        );
        if !heading_text.is_empty() {
            let _ = write!(
                out,
                "<h2 style=\"color:{}\">{}</h2>",
                colour(text(slide, "heading.color"), "#fff"),
                esc(heading_text)
            );
        }
        let sub = text(slide, "subHeading.content");
        if !sub.is_empty() {
            let _ = write!(
                out,
                "<p style=\"color:{}\">{}</p>",
                colour(text(slide, "subHeading.color"), "#fff"),
                esc(sub)
            );
        }
        let label = text(slide, "buttonLabel.title");
        if !label.is_empty() {
            let _ = write!(
                out,
                "<a class=\"btn\" href=\"{}\" style=\"color:{};background:{}\">{}</a>",
                esc(&view.href(get(slide, "urlButton"))),
                colour(text(slide, "buttonLabel.color"), "#fff"),
                colour(text(slide, "buttonLabel.background"), "#111"),
                esc(label)
            );
        }
        out.push_str("</div></div>");
    }
    if list_value.len() > 1 {
        out.push_str("<div class=\"dots\">");
        for i in 0..list_value.len() {
            let _ = write!(
                out,
                "<button type=\"button\" aria-label=\"Slide {}\" data-dot=\"{i}\"{}></button>",
                i + 1,
                if i == 0 { " aria-current=\"true\"" } else { "" }
            );
        }
        out.push_str("</div>");
    }
    out.push_str("</div>");
    out
}

fn slideshow(view: &View, key: &str, s: &Value) -> String {
    let opacity = number(s, "opacity_image", 50.0).clamp(0.0, 100.0) / 100.0;
    let every = number(s, "change_slides_every", 6.0).clamp(1.0, 60.0);
    let mut out = format!(
        "<section class=\"sec slideshow{}\" data-section-key=\"{}\" data-section-type=\"head-image\" data-interval=\"{every}\" style=\"--shade:{opacity}\">",
        if flag(s, "show_content", true) {
            ""
        } else {
            " no-content"
        },
        esc(key)
    );
    let desktop = list(s, "content.desktop");
    let mobile = list(s, "content.mobile");
    out.push_str(&slides(view, desktop, "slides-d", true));
    out.push_str(&slides(
        view,
        if mobile.is_empty() { desktop } else { mobile },
        "slides-m",
        true,
    ));
    out.push_str("</section>");
    out
}

fn tiles(view: &View, key: &str, kind: &str, s: &Value, class: &str, round: bool) -> String {
    let mut out = open_section(key, kind, &format!("{class} wrap"));
    out.push_str(&heading(text(s, "heading")));
    let _ = write!(
        out,
        "<div class=\"grid tiles{}\" {}>",
        if round { " round" } else { "" },
        grid_vars(s, 3.0, 2.0)
    );
    let blocks = list(s, "blocks");
    if blocks.is_empty() {
        for collection in view.catalog.collections.iter().take(8) {
            let _ = write!(
                out,
                "<a class=\"tile\" href=\"{}/collections/{}\"><div class=\"ph sq\">{}</div><span>{}</span></a>",
                esc(view.base()),
                esc(&slug_path(&collection.handle)),
                img(
                    collection.image.as_deref().unwrap_or(""),
                    "",
                    600,
                    600,
                    false
                ),
                esc(&collection.title)
            );
        }
    }
    for block in blocks {
        let url = get(block, "url");
        let slug = match text(url, "params.slug") {
            "" => text(url, "slug"),
            s => s,
        };
        let fallback = view.catalog.collection(slug).and_then(|c| c.image.clone());
        let _ = write!(
            out,
            "<a class=\"tile\" href=\"{}\"><div class=\"ph sq\">{}</div><span>{}</span></a>",
            esc(&view.href(url)),
            img_or(
                text(block, "image"),
                fallback.as_deref(),
                text(block, "title"),
                600,
                600
            ),
            esc(text(block, "title"))
        );
    }
    out.push_str("</div></section>");
    out
}

fn image_with_text(view: &View, key: &str, s: &Value) -> String {
    let mut out = open_section(key, "image_with_text", "iwt wrap");
    out.push_str(&heading(text(s, "heading")));
    for block in list(s, "blocks") {
        let right = text(block, "position") == "right";
        let _ = write!(
            out,
            "<div class=\"iwt-row{}\"><div class=\"ph wide\">{}</div><div class=\"iwt-text\"><h3>{}</h3><div class=\"rich\">{}</div>",
            if right { " img-right" } else { "" },
            img(
                text(block, "image"),
                text(block, "heading"),
                800,
                600,
                false
            ),
            esc(text(block, "heading")),
            clean(text(block, "content"))
        );
        let label = text(block, "button_label");
        if !label.is_empty() {
            let _ = write!(
                out,
                "<a class=\"btn btn-line\" href=\"{}\">{}<span class=\"sr\">: {}</span></a>",
                esc(&view.href(get(block, "url_button"))),
                esc(label),
                esc(text(block, "heading"))
            );
        }
        out.push_str("</div></div>");
    }
    out.push_str("</section>");
    out
}

fn feature_content(key: &str, s: &Value) -> String {
    let mut out = open_section(key, "feature-content", "features wrap");
    out.push_str(&heading(text(s, "heading")));
    let _ = write!(out, "<div class=\"grid\" {}>", grid_vars(s, 3.0, 1.0));
    for block in list(s, "blocks") {
        let image = text(block, "image");
        let _ = write!(
            out,
            "<div class=\"feature\">{}<h3>{}</h3><div class=\"rich\">{}</div></div>",
            if image_src(image).is_some() {
                format!(
                    "<div class=\"ph wide\">{}</div>",
                    img(image, text(block, "heading"), 600, 400, false)
                )
            } else {
                format!("<div class=\"feature-icon\">{}</div>", icon("star"))
            },
            esc(text(block, "heading")),
            clean(text(block, "content"))
        );
    }
    out.push_str("</div></section>");
    out
}

fn key_features(view: &View, key: &str, s: &Value) -> String {
    let mut out = open_section(key, "key_features", "keys wrap");
    out.push_str(&heading(text(s, "heading")));
    let _ = write!(out, "<div class=\"grid\" {}>", grid_vars(s, 4.0, 2.0));
    let icons = ["truck", "return", "shield", "support"];
    for (i, block) in list(s, "blocks").iter().enumerate() {
        let image = text(block, "image");
        let visual = if image_src(image).is_some() {
            img(image, text(block, "title"), 64, 64, false)
        } else {
            icon(icons[i % icons.len()]).to_owned()
        };
        let _ = write!(
            out,
            "<a class=\"key\" href=\"{}\"><span class=\"key-icon\">{visual}</span><strong>{}</strong><span>{}</span></a>",
            esc(&view.href(get(block, "url"))),
            esc(text(block, "title")),
            esc(text(block, "description"))
        );
    }
    out.push_str("</div></section>");
    out
}

/// A product card.
pub fn card(view: &View, product: &Product, show_sale: bool) -> String {
    let compare = product.compare_at_price.filter(|c| *c > product.price);
    let sale = match compare {
        Some(c) if show_sale => {
            let label = if text(view.config, "settings.product.layout.sale_type") == "amount" {
                format!("-{}", view.money(c - product.price))
            } else {
                format!("-{}%", ((c - product.price) / c * 100.0).round())
            };
            format!("<span class=\"tag\">{}</span>", esc(&label))
        }
        _ => String::new(),
    };
    format!(
        "<a class=\"card\" href=\"{}\"><div class=\"ph sq\">{}{sale}</div><div class=\"card-body\"><h3 class=\"clamp\">{}</h3>\
         <div class=\"price\"><span class=\"now\">{}</span>{}</div></div></a>",
        esc(&view.product_href(product)),
        img(
            product.images.first().map_or("", |i| i.src.as_str()),
            "",
            600,
            600,
            false
        ),
        esc(&product.title),
        esc(&view.money(product.price)),
        compare
            .map(|c| format!("<s class=\"was\">{}</s>", esc(&view.money(c))))
            .unwrap_or_default()
    )
}

fn cards(view: &View, products: &[&Product], show_sale: bool) -> String {
    if products.is_empty() {
        return "<p class=\"muted\">No products to show yet.</p>".to_owned();
    }
    products.iter().map(|p| card(view, p, show_sale)).collect()
}

fn featured(view: &View, key: &str, s: &Value) -> String {
    let align = match text(s, "align") {
        "left" => "left",
        "right" => "right",
        _ => "center",
    };
    let mut out = open_section(
        key,
        "featured-collection",
        &format!("featured wrap align-{align}"),
    );
    out.push_str(&heading(text(s, "heading")));
    let limit = number(s, "limit_product", 18.0).clamp(1.0, 50.0) as usize;
    let handle = match text(s, "collection.handle") {
        "" => text(s, "collection.title"),
        h => h,
    };
    let collection = view.catalog.collection(handle);
    let products: Vec<&Product> = match collection {
        Some(c) => view.catalog.products_of(c),
        None => view.catalog.products.iter().collect(),
    };
    let products: Vec<&Product> = products.into_iter().take(limit).collect();
    let _ = write!(
        out,
        "<div class=\"grid products\" style=\"--cols:{};--cols-m:2\">{}</div>",
        number(s, "item_per_row", 4.0).clamp(1.0, 8.0),
        cards(view, &products, flag(s, "show_sale_banners", true))
    );
    let label = text(s, "buttonLabel");
    if !label.is_empty() {
        let href = format!(
            "{}/collections/{}",
            view.base(),
            collection.map_or("all".to_owned(), |c| slug_path(&c.handle))
        );
        let _ = write!(
            out,
            "<div class=\"more\"><a class=\"{}\" href=\"{}\">{}<span class=\"sr\">: {}</span></a></div>",
            if flag(s, "isTextLink", false) {
                "text-link"
            } else {
                "btn btn-line"
            },
            esc(&href),
            esc(label),
            esc(text(s, "heading"))
        );
    }
    out.push_str("</section>");
    out
}

fn dual(view: &View, key: &str, s: &Value) -> String {
    let mut out = open_section(key, "product_with_collection", "dual wrap");
    out.push_str(&heading(text(s, "heading")));
    out.push_str("<div class=\"dual-grid\">");
    for part in ["collectionStart", "collectionEnd"] {
        if part == "collectionEnd" {
            let title = text(s, "featured_collection.collection.title");
            let handle = match text(s, "featured_collection.collection.handle") {
                "" => title,
                h => h,
            };
            let products: Vec<&Product> = match view.catalog.collection(handle) {
                Some(c) => view.catalog.products_of(c),
                None => view.catalog.products.iter().collect(),
            };
            let products: Vec<&Product> = products.into_iter().take(4).collect();
            let _ = write!(
                out,
                "<div class=\"dual-mid\"><h3>{}</h3><div class=\"grid products\" style=\"--cols:2;--cols-m:2\">{}</div></div>",
                esc(text(s, "featured_collection.heading")),
                cards(view, &products, true)
            );
        }
        let _ = write!(
            out,
            "<div class=\"dual-side\"><h3>{}</h3><div class=\"stack\">",
            esc(text(s, &format!("{part}.heading")))
        );
        let blocks = list(s, &format!("{part}.blocks"));
        for block in blocks {
            let url = get(block, "url");
            let slug = match text(url, "params.slug") {
                "" => text(url, "slug"),
                s => s,
            };
            let fallback = view.catalog.collection(slug).and_then(|c| c.image.clone());
            let _ = write!(
                out,
                "<a class=\"tile\" href=\"{}\"><div class=\"ph wide\">{}</div><span>{}</span></a>",
                esc(&view.href(url)),
                img_or(
                    text(block, "image"),
                    fallback.as_deref(),
                    text(block, "title"),
                    600,
                    400
                ),
                esc(text(block, "title"))
            );
        }
        if blocks.is_empty() {
            out.push_str("<p class=\"muted\">Collections chosen in the editor appear here.</p>");
        }
        out.push_str("</div></div>");
    }
    out.push_str("</div></section>");
    out
}

fn flash_deal(view: &View, key: &str, s: &Value) -> String {
    let mut out = open_section(key, "flash_deal", "flash wrap");
    out.push_str("<div class=\"flash-head\">");
    out.push_str(&heading(text(s, "content.heading")));
    out.push_str("</div><div class=\"flash-blocks\">");
    for block in list(s, "content.blocks") {
        match text(block, "type") {
            "count-down" => {
                let days = number(block, "time.day", 5.0).max(0.0);
                let hours = number(block, "time.hour", 0.0).max(0.0);
                let minutes = number(block, "time.min", 0.0).max(0.0);
                let period_ms =
                    ((days * 1440.0 + hours * 60.0 + minutes) * 60_000.0).max(60_000.0) as i64;
                let _ = write!(
                    out,
                    "<a class=\"deal deal-count\" href=\"{}\">{}<strong>{}</strong>\
                     <span class=\"countdown\" data-countdown data-period=\"{period_ms}\" role=\"timer\" aria-live=\"off\">\
                     <b data-d>00</b>d <b data-h>00</b>:<b data-m>00</b>:<b data-s>00</b></span></a>",
                    esc(&view.href(get(block, "url"))),
                    if image_src(text(block, "image")).is_some() {
                        format!(
                            "<div class=\"ph wide\">{}</div>",
                            img(text(block, "image"), text(block, "title"), 600, 300, false)
                        )
                    } else {
                        String::new()
                    },
                    esc(text(block, "title"))
                );
            }
            _ => {
                let product_ref = get(block, "product");
                let product = [
                    text(product_ref, "_id"),
                    text(product_ref, "id"),
                    text(product_ref, "handle"),
                    text(product_ref, "title"),
                ]
                .iter()
                .filter(|v| !v.is_empty())
                .find_map(|v| view.catalog.product(v))
                .or_else(|| {
                    view.catalog
                        .products
                        .iter()
                        .find(|p| p.compare_at_price.is_some())
                });
                let _ = write!(
                    out,
                    "<div class=\"deal deal-product\"><strong>{}</strong>",
                    esc(text(block, "title"))
                );
                if let Some(product) = product {
                    out.push_str(&card(view, product, true));
                }
                out.push_str("</div>");
            }
        }
    }
    out.push_str("</div>");
    let details = list(s, "detail.blocks");
    if !details.is_empty() {
        out.push_str("<div class=\"flash-detail\">");
        for (i, block) in details.iter().enumerate() {
            let image = text(block, "image").to_owned();
            let fallback = view
                .catalog
                .products
                .get(i)
                .and_then(|p| p.images.first())
                .map(|im| im.src.clone())
                .unwrap_or_default();
            let _ = write!(
                out,
                "<a class=\"tile\" href=\"{}\"><div class=\"ph sq\">{}</div><span>{}</span></a>",
                esc(&view.href(get(block, "url"))),
                img(
                    if image.is_empty() { &fallback } else { &image },
                    text(block, "title"),
                    300,
                    300,
                    false
                ),
                esc(text(block, "title"))
            );
        }
        out.push_str("</div>");
    }
    out.push_str("</section>");
    out
}

fn slider(view: &View, key: &str, s: &Value) -> String {
    let mut out = open_section(key, "slider-product", "slider wrap");
    let blocks = list(s, "blocks");
    let default_block =
        serde_json::json!({"heading": "", "item_per_row": number(s, "item_per_row", 5.0)});
    let blocks: Vec<&Value> = if blocks.is_empty() {
        vec![&default_block]
    } else {
        blocks.iter().collect()
    };
    for (i, block) in blocks.iter().enumerate() {
        out.push_str(&heading(text(block, "heading")));
        let per_row = number(block, "item_per_row", number(s, "item_per_row", 5.0)).clamp(1.0, 8.0);
        let products: Vec<&Product> = view.catalog.products.iter().skip(i * 10).take(10).collect();
        let _ = write!(
            out,
            "<div class=\"rail\" style=\"--per:{per_row}\">{}</div>",
            cards(view, &products, true)
        );
    }
    out.push_str("</section>");
    out
}

fn widget(view: &View, key: &str, s: &Value) -> String {
    let mut out = open_section(key, "product-widget", "widget wrap");
    out.push_str(&heading(text(s, "heading")));
    let products: Vec<&Product> = view.catalog.products.iter().rev().take(4).collect();
    let _ = write!(
        out,
        "<div class=\"grid products\" style=\"--cols:4;--cols-m:2\" data-recent>{}</div></section>",
        cards(view, &products, true)
    );
    out
}

// ---------------------------------------------------------------- popups

fn popups(view: &View) -> String {
    let p = get(view.config, "settings.popup");
    let mut out = String::new();
    if flag(p, "discount.isShow", false) {
        let _ = write!(
            out,
            "<dialog class=\"popup\" data-popup=\"discount\" aria-labelledby=\"pop-d\">{}<div class=\"pop-body\"><h2 id=\"pop-d\">{}</h2><p class=\"pop-sub\">{}</p><p>{}</p>\
             <form data-popup-form><label class=\"sr\" for=\"pop-d-email\">E-mail</label><input id=\"pop-d-email\" type=\"email\" required placeholder=\"{}\">\
             <button class=\"btn\" type=\"submit\">{}</button></form><p class=\"pop-done\" hidden>Thank you! Check your inbox.</p></div>{}</dialog>",
            if image_src(text(p, "discount.image")).is_some() {
                format!(
                    "<div class=\"ph wide\">{}</div>",
                    img(text(p, "discount.image"), "", 600, 300, false)
                )
            } else {
                String::new()
            },
            esc(text(p, "discount.title")),
            esc(text(p, "discount.subTitle")),
            esc(text(p, "discount.content")),
            esc(text(p, "discount.placeholder")),
            esc(text(p, "discount.button")),
            close_button()
        );
    }
    if flag(p, "welcome.isShow", false) {
        let _ = write!(
            out,
            "<dialog class=\"popup\" data-popup=\"welcome\" aria-labelledby=\"pop-w\"><div class=\"pop-body\"><h2 id=\"pop-w\">{}</h2><p>{}</p>\
             <p class=\"code\" data-code>{}</p><button class=\"btn\" type=\"button\" data-copy>{}</button>\
             <p class=\"pop-done\" hidden>{}</p></div>{}</dialog>",
            esc(match text(p, "welcome.title") {
                "" => "Welcome",
                t => t,
            }),
            esc(text(p, "welcome.content")),
            esc(text(p, "welcome.code")),
            esc(match text(p, "welcome.button") {
                "" => "Copy",
                t => t,
            }),
            esc(text(p, "welcome.successTitle")),
            close_button()
        );
    }
    if flag(p, "subscribe.isShow", false) {
        let _ = write!(
            out,
            "<dialog class=\"popup\" data-popup=\"subscribe\" aria-labelledby=\"pop-s\"><div class=\"pop-body\"><h2 id=\"pop-s\">{}</h2><p>{}</p>\
             <form data-popup-form><label class=\"sr\" for=\"pop-s-email\">E-mail</label><input id=\"pop-s-email\" type=\"email\" required placeholder=\"Email\">\
             <button class=\"btn\" type=\"submit\">{}</button></form><p class=\"pop-done\" hidden>Thank you for subscribing!</p></div>{}</dialog>",
            esc(text(p, "subscribe.title")),
            esc(text(p, "subscribe.content")),
            esc(match text(p, "subscribe.button") {
                "" => "Subscribe",
                t => t,
            }),
            close_button()
        );
    }
    out
}

fn close_button() -> &'static str {
    "<button class=\"pop-close\" type=\"button\" aria-label=\"Close\" data-close>&times;</button>"
}

// ---------------------------------------------------------------- product page

fn product_page(view: &View, product: &Product) -> String {
    let ps = get(view.config, "settings.product");
    let mut out = String::from(
        "<section class=\"sec product wrap\" data-section-key=\"product\" data-section-type=\"product\">",
    );
    let below = text(ps, "position_tab_detail") == "below";
    let _ = write!(
        out,
        "<div class=\"pdp{}\">",
        if below { " tabs-below" } else { "" }
    );
    // Gallery.
    let zoom = flag(ps, "enable_image_zoom", false);
    let _ = write!(
        out,
        "<div class=\"gallery{}\" data-gallery>",
        if zoom { " zoom" } else { "" }
    );
    let first = product.images.first();
    // The main picture says what its alternative text says, or the product's title.
    let alt = first
        .map(|i| i.alt.trim())
        .filter(|alt| !alt.is_empty())
        .unwrap_or(&product.title);
    let _ = write!(
        out,
        "<div class=\"ph sq main-img\">{}</div>",
        img(first.map_or("", |i| i.src.as_str()), alt, 800, 800, true)
    );
    if product.images.len() > 1 && flag(ps, "isShowImageMobile", true) {
        out.push_str("<div class=\"thumbs\">");
        for (i, image) in product.images.iter().enumerate() {
            let _ = write!(
                out,
                "<button type=\"button\" class=\"thumb\" data-thumb=\"{}\" aria-label=\"Image {}\">{}</button>",
                esc(&image.src),
                i + 1,
                img(&image.src, "", 96, 96, false)
            );
        }
        out.push_str("</div>");
    }
    out.push_str("</div><div class=\"info\">");
    if flag(ps, "show_collection", false)
        && let Some(collection) = view
            .catalog
            .collections
            .iter()
            .find(|c| c.product_ids.contains(&product.id))
    {
        let _ = write!(
            out,
            "<a class=\"crumb\" href=\"{}/collections/{}\">{}</a>",
            esc(view.base()),
            esc(&slug_path(&collection.handle)),
            esc(&collection.title)
        );
    }
    let _ = write!(
        out,
        "<h1 class=\"p-title clamp-detail\">{}</h1>",
        esc(&product.title)
    );
    if flag(ps, "productRating", false) && !flag(ps, "hideReviewSizes", false) {
        out.push_str("<div class=\"rating\" aria-label=\"Rated 4.8 out of 5\"><span class=\"stars\">★★★★★</span> <span class=\"muted\">4.8 (126 reviews)</span></div>");
    }
    let variant = product
        .variants
        .iter()
        .find(|v| v.stock > 0)
        .or(product.variants.first());
    let price = variant.map_or(product.price, |v| v.price);
    let compare = variant
        .and_then(|v| v.compare_at_price)
        .or(product.compare_at_price)
        .filter(|c| *c > price);
    let _ = write!(
        out,
        "<div class=\"price big\"><span class=\"now\" data-price>{}</span>",
        esc(&view.money(price))
    );
    match compare {
        Some(c) => {
            let _ = write!(
                out,
                "<s class=\"was\" data-compare>{}</s>",
                esc(&view.money(c))
            );
            let percent = text(ps, "layout.sale_type") != "amount";
            let label = if percent {
                format!("-{}%", ((c - price) / c * 100.0).round())
            } else {
                format!("Save {}", view.money(c - price))
            };
            let _ = write!(out, "<span class=\"tag\" data-sale>{}</span>", esc(&label));
            if flag(ps, "layout.show_price_saving", false) {
                let _ = write!(
                    out,
                    "<span class=\"saving\" data-saving>You save {}</span>",
                    esc(&view.money(c - price))
                );
            }
        }
        None => out.push_str(
            "<s class=\"was\" data-compare hidden></s><span class=\"tag\" data-sale hidden></span>",
        ),
    }
    out.push_str("</div>");
    // Variants.
    let one_value_hidden =
        flag(ps, "options_setting.hidden_one_value", true) && product.variants.len() <= 1;
    let dropdown =
        text(ps, "layout.variant_style") == "dropdown" || !flag(ps, "layout.variant_buttons", true);
    out.push_str("<form class=\"buy\" method=\"post\" data-buy>");
    if !product.variants.is_empty() && !one_value_hidden {
        let label = product
            .options
            .first()
            .map_or("Option", |o| o.name.as_str());
        if dropdown {
            let _ = write!(
                out,
                "<label class=\"v-label\" for=\"variant\">{}</label><select id=\"variant\" name=\"variant\" data-variant-select>",
                esc(label)
            );
            for v in &product.variants {
                let _ = write!(
                    out,
                    "<option value=\"{}\"{}{}>{}{}</option>",
                    esc(&v.id),
                    if variant.is_some_and(|x| x.id == v.id) {
                        " selected"
                    } else {
                        ""
                    },
                    if v.stock <= 0 { " disabled" } else { "" },
                    esc(&v.title),
                    if v.stock <= 0 { " (sold out)" } else { "" }
                );
            }
            out.push_str("</select>");
        } else {
            let round = text(ps, "color_watch") == "Circle";
            let _ = write!(
                out,
                "<fieldset class=\"variants{}\"><legend class=\"v-label{}\">{}</legend>",
                if round { " round" } else { "" },
                if flag(ps, "show_label_variant", true) {
                    ""
                } else {
                    " sr"
                },
                esc(label)
            );
            for v in &product.variants {
                let checked = variant.is_some_and(|x| x.id == v.id);
                let _ = write!(
                    out,
                    "<label class=\"chip{}\"><input type=\"radio\" name=\"variant\" value=\"{}\"{}{}><span>{}</span></label>",
                    if v.stock <= 0 { " out" } else { "" },
                    esc(&v.id),
                    if checked { " checked" } else { "" },
                    if v.stock <= 0 { " disabled" } else { "" },
                    esc(&v.title)
                );
            }
            out.push_str("</fieldset>");
        }
    } else if let Some(v) = variant {
        let _ = write!(
            out,
            "<input type=\"hidden\" name=\"variant\" value=\"{}\">",
            esc(&v.id)
        );
    }
    if flag(ps, "show_item_stock", false) {
        let stock = variant.map_or(0, |v| v.stock);
        let _ = write!(
            out,
            "<p class=\"stock\" data-stock>{}</p>",
            if stock <= 0 {
                "Sold out".to_owned()
            } else if stock < 10 {
                format!("Only {stock} left in stock")
            } else {
                "In stock".to_owned()
            }
        );
    }
    if !flag(ps, "hideHurryBox", true) && variant.is_some_and(|v| v.stock > 0 && v.stock < 10) {
        out.push_str("<p class=\"hurry\">Hurry! Selling fast.</p>");
    }
    let same_line = flag(ps, "show_qty.show_qty_same_line_button", false);
    let _ = write!(
        out,
        "<div class=\"actions{}\">",
        if same_line { " same-line" } else { "" }
    );
    if flag(ps, "show_qty.show_qty_box", true) {
        out.push_str(
            "<div class=\"qty\"><button type=\"button\" aria-label=\"Fewer\" data-step=\"-1\">−</button>\
             <label class=\"sr\" for=\"qty\">Quantity</label><input id=\"qty\" name=\"quantity\" type=\"number\" min=\"1\" max=\"99\" value=\"1\" inputmode=\"numeric\">\
             <button type=\"button\" aria-label=\"More\" data-step=\"1\">+</button></div>",
        );
    }
    let sold_out = variant.is_none_or(|v| v.stock <= 0);
    if !flag(ps, "hideAddToCart", false) {
        let _ = write!(
            out,
            "<button class=\"btn add\" type=\"submit\" data-add{}>{}</button>",
            if sold_out { " disabled" } else { "" },
            if sold_out { "Sold out" } else { "Add to cart" }
        );
    }
    let _ = write!(
        out,
        "<button class=\"btn buy-now\" type=\"button\" data-buy-now{}>Buy it now</button></div>",
        if sold_out { " disabled" } else { "" }
    );
    out.push_str("<p class=\"added\" role=\"status\" data-added hidden>Added to your cart. <a data-cart-href>View cart</a></p></form>");
    if !flag(ps, "hideGuaranteed", true) {
        let _ = write!(
            out,
            "<p class=\"guarantee\">{} Guaranteed safe checkout</p>",
            icon("shield")
        );
    }
    if flag(ps, "trust_badge.show_trust_badge_image", false) {
        let src = text(ps, "trust_badge.src.value");
        out.push_str(&trust_badge(src));
    }
    // Shipping and policy.
    if flag(ps, "setting_shipping.show_shipping", false)
        || flag(ps, "setting_shipping.show_policy", false)
    {
        let sh = get(ps, "setting_shipping");
        let _ = write!(
            out,
            "<div class=\"ship\"><h2>{}</h2>",
            esc(match text(sh, "title") {
                "" => "Shipping",
                t => t,
            })
        );
        if flag(sh, "show_shipping", false) {
            let from = number(sh, "time_shipping.from", 3.0);
            let to = number(sh, "time_shipping.to", 7.0);
            let _ = write!(
                out,
                "<p class=\"ship-time\">{} Delivered in {from}–{to} days</p>",
                icon("truck")
            );
            if flag(sh, "shipping_info.display", false) {
                let _ = write!(
                    out,
                    "<div class=\"rich\">{}</div>",
                    clean(text(sh, "shipping_info.content"))
                );
            }
        }
        if flag(sh, "show_policy", false) && flag(sh, "policy_info.display", false) {
            let _ = write!(
                out,
                "<div class=\"rich\">{}</div>",
                clean(text(sh, "policy_info.content"))
            );
        }
        out.push_str("</div>");
    }
    if flag(ps, "tags.show_tags", false) && !product.tags.is_empty() {
        out.push_str("<p class=\"tags\">");
        for tag in &product.tags {
            let _ = write!(out, "<span>#{}</span> ", esc(tag));
        }
        out.push_str("</p>");
    }
    out.push_str("</div>");
    // Tabs.
    out.push_str("<div class=\"tabs\">");
    let tabs = list(ps, "tabs-detail");
    let default_tab = serde_json::json!([{"heading": "Description", "display": "description"}]);
    let tabs: &[Value] = if tabs.is_empty() {
        default_tab.as_array().map_or(&[], Vec::as_slice)
    } else {
        tabs
    };
    let show_desc = flag(ps, "isShowDesDesktop", true) || flag(ps, "isShowDesMobile", true);
    for tab in tabs {
        let is_desc = text(tab, "display") == "description";
        if is_desc && !show_desc {
            continue;
        }
        let body = if is_desc {
            let mut b = clean(&product.description_html);
            for d in list(ps, "setting_description") {
                let _ = write!(
                    b,
                    "<h3>{}</h3>{}",
                    esc(text(d, "heading")),
                    clean(text(d, "content"))
                );
            }
            b
        } else {
            clean(text(tab, "content"))
        };
        let _ = write!(
            out,
            "<details class=\"tab\"{}><summary>{}</summary><div class=\"rich\">{body}</div></details>",
            if flag(tab, "collapse_default", false) {
                ""
            } else {
                " open"
            },
            esc(text(tab, "heading"))
        );
    }
    out.push_str("</div></div>");
    if flag(ps, "image_detail.isShow", false) {
        let _ = write!(
            out,
            "<a class=\"detail-banner\" href=\"{}\"><div class=\"ph wide\">{}</div></a>",
            esc(&view.href(get(ps, "image_detail.url"))),
            img(text(ps, "image_detail.image"), "", 1200, 300, false)
        );
    }
    // Related.
    let related: Vec<&Product> = view
        .catalog
        .products
        .iter()
        .filter(|p| p.id != product.id)
        .take(4)
        .collect();
    let _ = write!(
        out,
        "<div class=\"related\"><h2 class=\"sec-title\">{}</h2><div class=\"grid products\" style=\"--cols:4;--cols-m:2\">{}</div></div>",
        esc(match text(ps, "heading") {
            "" => "You may also like",
            h => h,
        }),
        cards(view, &related, true)
    );
    if flag(ps, "addToCartSticky", false) && !flag(ps, "hideAddToCart", false) {
        let _ = write!(
            out,
            "<div class=\"sticky-cart\" data-sticky hidden><span class=\"clamp\">{}</span><span class=\"now\" data-price>{}</span>\
             <button class=\"btn add\" type=\"button\" data-sticky-add{}>Add to cart</button></div>",
            esc(&product.title),
            esc(&view.money(price)),
            if sold_out { " disabled" } else { "" }
        );
    }
    out.push_str("</section>");
    out
}

/// The trust badge: the seller's image, or (without one, or when it fails) a drawn badge.
fn trust_badge(src: &str) -> String {
    format!(
        "<div class=\"trust\">{}<span class=\"trust-alt{}\">{} <span>Secure checkout</span> {}{}{}</span></div>",
        img(src, "Secure payment", 400, 60, false),
        if image_src(src).is_some() {
            ""
        } else {
            " shown"
        },
        icon("shield"),
        payment_badge("visa"),
        payment_badge("mastercard"),
        payment_badge("paypal")
    )
}

// ---------------------------------------------------------------- collection page

fn collection_page(
    view: &View,
    title: &str,
    handle: &str,
    products: &[Product],
    search: &str,
) -> String {
    let cs = get(view.config, "settings.category");
    let mut out = String::from(
        "<section class=\"sec collection\" data-section-key=\"category\" data-section-type=\"category\">",
    );
    if flag(cs, "show_banner", false) {
        let desktop = text(cs, "banner_desktop");
        let mobile = text(cs, "banner_mobile");
        let _ = write!(
            out,
            "<div class=\"banner\"><picture>{}{}</picture><div class=\"banner-text\"><h1>{}</h1>{}</div></div>",
            image_src(mobile)
                .map(|m| format!(
                    "<source media=\"(max-width: 767px)\" srcset=\"{}\">",
                    esc(&m)
                ))
                .unwrap_or_default(),
            img(
                if desktop.is_empty() { mobile } else { desktop },
                title,
                1600,
                400,
                true
            ),
            esc(title),
            if flag(cs, "show_title_button", false) {
                format!(
                    "<a class=\"btn\" href=\"{}\">{}</a>",
                    esc(&view.href(get(cs, "url"))),
                    esc(match text(cs, "url.name") {
                        "" => "Shop all",
                        n => n,
                    })
                )
            } else {
                String::new()
            }
        );
    }
    let _ = write!(
        out,
        "<div class=\"wrap\"><div class=\"coll-head\"><h1>{}</h1><span class=\"muted\">{} products</span></div>",
        esc(title),
        products.len()
    );
    if !search.is_empty() {
        let _ = write!(out, "<p class=\"muted\">Results for “{}”</p>", esc(search));
    }
    let refs: Vec<&Product> = products.iter().collect();
    let _ = write!(
        out,
        "<div class=\"grid products\" style=\"--cols:4;--cols-m:2\" data-collection=\"{}\">{}</div></div></section>",
        esc(handle),
        cards(view, &refs, true)
    );
    out
}

// ---------------------------------------------------------------- cart, checkout, thank you

/// A priced cart line.
#[derive(Debug, Clone)]
pub struct Line {
    pub product_id: String,
    pub variant_id: String,
    pub title: String,
    pub variant_title: String,
    pub handle: String,
    pub image: String,
    pub quantity: i64,
    pub price_minor: i64,
    pub stock: i64,
}

/// Free shipping from this subtotal; a flat rate below it (the demo orders' rule).
pub const FREE_SHIPPING_MINOR: i64 = 5_000;
pub const SHIPPING_MINOR: i64 = 499;

pub fn shipping_for(subtotal: i64) -> i64 {
    if subtotal >= FREE_SHIPPING_MINOR || subtotal == 0 {
        0
    } else {
        SHIPPING_MINOR
    }
}

fn cart_page() -> String {
    "<section class=\"sec cart wrap\" data-section-key=\"cart\" data-section-type=\"cart\"><h1>Your cart</h1>\
     <div data-cart-view aria-live=\"polite\"><p class=\"muted\">Loading your cart…</p></div>\
     <noscript><p>Your cart needs JavaScript.</p></noscript></section>"
        .to_owned()
}

/// The cart's lines, goal, upsell and totals (the cart page asks for it with the shopper's lines).
pub fn cart_view(view: &View, lines: &[Line], problems: &[String]) -> String {
    let cur = &view.shop.currency;
    let mut out = String::new();
    for problem in problems {
        let _ = write!(
            out,
            "<p class=\"notice\" role=\"alert\">{}</p>",
            esc(problem)
        );
    }
    if lines.is_empty() {
        let _ = write!(
            out,
            "<div class=\"empty\"><p>Your cart is empty.</p><a class=\"btn\" href=\"{}/collections/all\">Continue shopping</a></div>",
            esc(view.base())
        );
        return out;
    }
    let subtotal: i64 = lines.iter().map(|l| l.price_minor * l.quantity).sum();
    let goal = get(view.config, "settings.cart_goal");
    if flag(goal, "isShow", false) {
        let target = to_minor(number(goal, "goalAmount", 80.0));
        let share = if target > 0 {
            (subtotal as f64 / target as f64).min(1.0)
        } else {
            1.0
        };
        let message = if subtotal >= target {
            text(goal, "goalReached").to_owned()
        } else if flag(goal, "isShowMotivational", true) {
            text(goal, "motivationalMessage").replace("{amount}", &money(cur, target - subtotal))
        } else {
            String::new()
        };
        let _ = write!(
            out,
            "<div class=\"goal\" data-goal><p>{}</p><div class=\"meter\" role=\"progressbar\" aria-valuemin=\"0\" aria-valuemax=\"100\" aria-valuenow=\"{pct}\"><span style=\"width:{pct}%\"></span></div></div>",
            esc(&message),
            pct = (share * 100.0).round()
        );
    }
    out.push_str("<ul class=\"lines\">");
    for line in lines {
        let _ = write!(
            out,
            "<li class=\"line\" data-line=\"{vid}\"><a class=\"ph sq\" href=\"{base}/products/{handle}\">{img}</a><div class=\"line-info\">\
             <a href=\"{base}/products/{handle}\">{title}</a><span class=\"muted\">{vt}</span><span class=\"now\">{price}</span></div>\
             <div class=\"qty small\"><button type=\"button\" aria-label=\"Fewer\" data-line-step=\"-1\">−</button><span aria-label=\"Quantity\">{qty}</span>\
             <button type=\"button\" aria-label=\"More\" data-line-step=\"1\"{max}>+</button></div>\
             <button class=\"text-link\" type=\"button\" data-line-remove>Remove</button></li>",
            vid = esc(&line.variant_id),
            base = esc(view.base()),
            handle = esc(&slug_path(&line.handle)),
            img = img(&line.image, &line.title, 96, 96, false),
            title = esc(&line.title),
            vt = esc(&line.variant_title),
            price = esc(&money(cur, line.price_minor * line.quantity)),
            qty = line.quantity,
            max = if line.quantity >= line.stock {
                " disabled"
            } else {
                ""
            },
        );
    }
    out.push_str("</ul>");
    if flag(goal, "isShowCartUpsell", false)
        && let Some(upsell) = view.catalog.products.iter().find(|p| {
            !lines.iter().any(|l| l.product_id == p.id) && p.variants.iter().any(|v| v.stock > 0)
        })
    {
        let variant = upsell.variants.iter().find(|v| v.stock > 0);
        let _ = write!(
            out,
            "<div class=\"upsell\"><p><strong>{}</strong></p><div class=\"upsell-item\"><div class=\"ph sq\">{}</div><div><a href=\"{}\">{}</a><span class=\"now\">{}</span></div>\
                 <button class=\"btn small\" type=\"button\" data-upsell=\"{}\" data-upsell-variant=\"{}\">{}</button></div></div>",
            esc(text(goal, "cartUpsellMessage")),
            img(
                upsell.images.first().map_or("", |i| i.src.as_str()),
                &upsell.title,
                80,
                80,
                false
            ),
            esc(&view.product_href(upsell)),
            esc(&upsell.title),
            esc(&view.money(variant.map_or(upsell.price, |v| v.price))),
            esc(&upsell.id),
            esc(variant.map_or("", |v| v.id.as_str())),
            esc(match text(goal, "buttonLabel") {
                "" => "Add",
                b => b,
            })
        );
    }

    let shipping = shipping_for(subtotal);
    let _ = write!(
        out,
        "<div class=\"totals\"><p><span>Subtotal</span><span data-subtotal>{}</span></p><p><span>Shipping</span><span>{}</span></p>\
         <p class=\"grand\"><span>Total</span><span>{}</span></p><a class=\"btn checkout-btn\" href=\"{}/checkout\" data-to-checkout>Check out</a></div>",
        esc(&money(cur, subtotal)),
        if shipping == 0 {
            "Free".to_owned()
        } else {
            esc(&money(cur, shipping))
        },
        esc(&money(cur, subtotal + shipping)),
        esc(view.base())
    );
    if flag(
        view.config,
        "settings.cart.trust_badge.show_trust_badge_image",
        false,
    ) {
        out.push_str(&trust_badge(text(
            view.config,
            "settings.cart.trust_badge.src.value",
        )));
    }
    out
}

/// The checkout's order summary.
pub fn summary_view(view: &View, lines: &[Line]) -> String {
    let cur = &view.shop.currency;
    let mut out = String::from("<ul class=\"lines compact\">");
    let subtotal: i64 = lines.iter().map(|l| l.price_minor * l.quantity).sum();
    for line in lines {
        let _ = write!(
            out,
            "<li class=\"line\"><span class=\"ph sq\">{}<b class=\"badge\">{}</b></span><div class=\"line-info\"><span>{}</span><span class=\"muted\">{}</span></div><span>{}</span></li>",
            img(&line.image, &line.title, 64, 64, false),
            line.quantity,
            esc(&line.title),
            esc(&line.variant_title),
            esc(&money(cur, line.price_minor * line.quantity))
        );
    }
    let shipping = shipping_for(subtotal);
    let _ = write!(
        out,
        "</ul><div class=\"totals\"><p><span>Subtotal</span><span>{}</span></p><p><span>Shipping</span><span>{}</span></p><p class=\"grand\"><span>Total</span><span data-total>{}</span></p></div>",
        esc(&money(cur, subtotal)),
        if shipping == 0 {
            "Free".to_owned()
        } else {
            esc(&money(cur, shipping))
        },
        esc(&money(cur, subtotal + shipping))
    );
    out
}

fn checkout_steps(current: usize) -> String {
    let mut out = String::from("<ol class=\"steps\">");
    for (i, name) in ["Cart", "Information", "Payment", "Done"]
        .iter()
        .enumerate()
    {
        let _ = write!(
            out,
            "<li class=\"{}\"{}>{name}</li>",
            if i < current {
                "done"
            } else if i == current {
                "on"
            } else {
                ""
            },
            if i == current {
                " aria-current=\"step\""
            } else {
                ""
            }
        );
    }
    out.push_str("</ol>");
    out
}

fn checkout_page(view: &View) -> String {
    let c = get(view.config, "settings.checkout");
    let mut out = String::from(
        "<section class=\"sec checkout\" data-section-key=\"checkout\" data-section-type=\"checkout\"><div class=\"wrap\">",
    );
    let logo = text(c, "logo_checkout");
    let _ = write!(
        out,
        "<header class=\"co-head\"><a class=\"logo\" href=\"{}/\">{}<span class=\"logo-text{}\">{}</span></a>{}</header>",
        esc(view.base()),
        img(logo, &view.shop.name, 200, 50, true),
        if image_src(logo).is_none() {
            " shown"
        } else {
            ""
        },
        esc(&view.shop.name),
        checkout_steps(1)
    );
    if flag(c, "show_time_countdown", true) {
        out.push_str(
            "<p class=\"co-timer\" role=\"timer\">Your cart is reserved for <b data-co-timer>10:00</b> minutes</p>",
        );
    }
    out.push_str(
        "<div class=\"co-grid\"><form class=\"co-form\" method=\"post\" data-checkout novalidate>",
    );
    let desc = text(c, "checkout_description");
    if !desc.is_empty() {
        let _ = write!(out, "<div class=\"rich co-desc\">{}</div>", clean(desc));
    }
    out.push_str(
        "<h2>Contact</h2><label for=\"co-email\">E-mail</label><input id=\"co-email\" name=\"email\" type=\"email\" autocomplete=\"email\" required maxlength=\"254\">\
         <h2>Delivery</h2><label for=\"co-name\">Full name</label><input id=\"co-name\" name=\"name\" autocomplete=\"name\" required maxlength=\"100\">\
         <label for=\"co-address\">Address</label><input id=\"co-address\" name=\"address\" autocomplete=\"street-address\" required maxlength=\"300\">\
         <label for=\"co-country\">Country</label><select id=\"co-country\" name=\"country\" autocomplete=\"country\">\
         <option value=\"US\">United States</option><option value=\"VN\">Vietnam</option><option value=\"GB\">United Kingdom</option>\
         <option value=\"DE\">Germany</option><option value=\"FR\">France</option><option value=\"CA\">Canada</option><option value=\"AU\">Australia</option></select>",
    );
    if flag(c, "isCustomerNote", false) {
        out.push_str("<label for=\"co-note\">Note for the seller (optional)</label><textarea id=\"co-note\" name=\"note\" maxlength=\"1000\" rows=\"3\"></textarea>");
    }
    out.push_str(
        "<h2>Payment</h2><p class=\"test-pay\">Test payment: no card is charged. The order is recorded as paid.</p>\
         <p class=\"notice\" role=\"alert\" data-co-error hidden></p>\
         <button class=\"btn checkout-btn\" type=\"submit\" data-place>Pay now</button>",
    );
    if !text(c, "customHtml").trim().is_empty() || !text(c, "customJs").trim().is_empty() {
        let _ = write!(
            out,
            "<iframe class=\"co-custom\" title=\"Store message\" src=\"{}/checkout/custom\" sandbox=\"allow-scripts\" loading=\"lazy\" referrerpolicy=\"no-referrer\"></iframe>",
            esc(view.base())
        );
    }
    out.push_str("</form><aside class=\"co-summary\"><h2>Order summary</h2><div data-summary aria-live=\"polite\"><p class=\"muted\">Loading…</p></div></aside></div></div></section>");
    out
}

fn thank_you_page(view: &View, receipt: &Receipt) -> String {
    let cur = &view.shop.currency;
    let t = get(view.config, "settings.thankpage");
    let mut out = String::from(
        "<section class=\"sec thanks wrap\" data-section-key=\"thankpage\" data-section-type=\"thankpage\">",
    );
    let _ = write!(
        out,
        "{}<div class=\"thanks-head\">{}<h1>Thank you, {}!</h1><p>Your order <strong data-order-name>{}</strong> is confirmed {}. A confirmation goes to {}.</p></div>",
        checkout_steps(3),
        icon("shield"),
        esc(receipt.customer.split_whitespace().next().unwrap_or("")),
        esc(&receipt.name),
        match receipt.payment {
            ReceiptPayment::Paid => "and paid",
            ReceiptPayment::Pending => "and awaits payment",
            ReceiptPayment::Test => "(a test order: no payment was taken)",
        },
        esc(&receipt.email)
    );
    if flag(t, "steps.settings.isShowPage", true) {
        out.push_str("<ol class=\"timeline\">");
        let mut at = receipt.created_at;
        for step in list(t, "steps.settings.blocks") {
            let amount = number(step, "time", 0.0).max(0.0);
            let unit_ms = match text(step, "unit") {
                "hours" => 3_600_000.0,
                "minutes" => 60_000.0,
                _ => 86_400_000.0,
            };
            at += (amount * unit_ms) as i64;
            let date = chrono::DateTime::from_timestamp_millis(at)
                .map(|d| d.format("%b %-d").to_string())
                .unwrap_or_default();
            let _ = write!(
                out,
                "<li><span class=\"dot\"></span><strong>{}</strong><span class=\"muted\">{}</span></li>",
                esc(text(step, "name")),
                esc(&date)
            );
        }
        out.push_str("</ol>");
    }
    out.push_str("<div class=\"co-grid\"><div class=\"box\"><h2>Order summary</h2><ul class=\"lines compact\">");
    for (title, quantity, price) in &receipt.lines {
        let _ = write!(
            out,
            "<li class=\"line\"><div class=\"line-info\"><span>{}</span><span class=\"muted\">× {quantity}</span></div><span>{}</span></li>",
            esc(title),
            esc(&money(cur, price * quantity))
        );
    }
    let _ = write!(
        out,
        "</ul><div class=\"totals\"><p><span>Subtotal</span><span>{}</span></p><p><span>Shipping</span><span>{}</span></p><p class=\"grand\"><span>Total paid</span><span>{}</span></p></div></div>",
        esc(&money(cur, receipt.subtotal_minor)),
        esc(&money(cur, receipt.shipping_minor)),
        esc(&money(cur, receipt.total_minor))
    );
    if flag(t, "delivery_policies.settings.isShowPage", true) {
        out.push_str("<div class=\"box\"><h2>Delivery</h2>");
        for policy in list(t, "delivery_policies.settings.blocks") {
            let _ = write!(
                out,
                "<details class=\"tab\" open><summary>{}</summary><div class=\"rich\">{}</div></details>",
                esc(text(policy, "name")),
                clean(text(policy, "content"))
            );
        }
        out.push_str("</div>");
    }
    let _ = write!(
        out,
        "</div><p class=\"more\"><a class=\"btn\" href=\"{}/\">Continue shopping</a></p></section>",
        esc(view.base())
    );
    out
}
