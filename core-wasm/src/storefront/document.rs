//! The frame of every page: the whole document and the inner app (header, page, footer, popups).

#[allow(unused_imports)]
use crate::storefront::prelude::*;

/// The inner HTML of `#sl-app`: header, the page, footer and popups.
pub fn app(view: &View, page: &Page) -> String {
    let mut out = String::with_capacity(32 * 1024);
    let fixed = sections(view.config, "fixed");
    let header = fixed.iter().find(|s| text(s, "type") == "header");
    let footer = fixed.iter().find(|s| text(s, "type") == "footer");
    let checkout_like = matches!(page, Page::Checkout { .. });
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
        Page::Product(product, fields) => out.push_str(&product_page(view, product, fields)),
        Page::Collection {
            title,
            handle,
            products,
            search,
        } => out.push_str(&collection_page(view, title, handle, products, search)),
        Page::Cart => out.push_str(&cart_page()),
        Page::Checkout { country } => out.push_str(&checkout_page(view, country)),
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
        Page::Product(p, _) => format!("{} – {}", p.title, view.shop.name),
        Page::Collection { title, .. } => format!("{title} – {}", view.shop.name),
        Page::Cart => format!("Cart – {}", view.shop.name),
        Page::Checkout { .. } => format!("Checkout – {}", view.shop.name),
        Page::ThankYou(_) => format!("Thank you – {}", view.shop.name),
        Page::Content { title, .. } => format!("{title} – {}", view.shop.name),
        Page::NotFound => format!("Not found – {}", view.shop.name),
    };
    let description = match page {
        Page::Product(p, _) => strip_tags(&p.description_html),
        _ => format!("Shop {} online.", view.shop.name),
    };
    let checkout_time = view.settings("checkout.time");
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
                "compareAtPrice": v.compare_at_price, "available": v.stock > 0,
                // The prices as the store's currency writes them, so the page's script formats
                // nothing itself.
                "priceText": view.money(v.price),
                "compareAtPriceText": v.compare_at_price.map(|c| view.money(c))})).collect::<Vec<_>>(),
        })),
        "checkout": {
            "countdown": view.settings("checkout").flag("show_time_countdown"),
            "minutes": checkout_time.number("day") * 1440.0
                + checkout_time.number("hour") * 60.0
                + checkout_time.number("min"),
        },
        "search": list(view.config, "settings.element.search.suggestion_list").iter()
            .filter_map(|s| s.get("value").and_then(Value::as_str)).collect::<Vec<_>>(),
        "searchEvery": view.settings("element.search").number("time_change_suggestion"),
        // The cart's rule, so the page's script caps a line as the checkout does.
        "quantityMax": crate::limits::CART_QUANTITY_MAX,
    })
    .to_string()
    .replace('<', "\\u003c");
    // The templates' own faces are written into the page (no request before the font files);
    // another family's stylesheet loads without holding up the first paint.
    let fonts: String = font_urls(view.config)
        .iter()
        .map(|u| {
            if u == crate::theme::fonts::TEMPLATE_FONTS_URL {
                format!(
                    "<style data-font-faces>{}</style>",
                    crate::theme::fonts::TEMPLATE_FONT_FACES
                )
            } else {
                format!(
                    "<link rel=\"stylesheet\" href=\"{}\" media=\"print\" data-font>",
                    esc(u)
                )
            }
        })
        .collect();
    let robots =
        if view.preview || matches!(page, Page::Checkout { .. } | Page::ThankYou(_) | Page::Cart) {
            "<meta name=\"robots\" content=\"noindex\">"
        } else {
            ""
        };
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><meta name=\"description\" content=\"{description}\">{robots}\
         <link rel=\"icon\" href=\"{base}/favicon.ico\" sizes=\"32x32\">\
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
        base = esc(&view.shop.base),
    )
}

pub(crate) fn strip_tags(html: &str) -> String {
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

pub(crate) fn open_section(key: &str, kind: &str, class: &str) -> String {
    format!(
        "<section class=\"sec {class}\" data-section-key=\"{}\" data-section-type=\"{}\">",
        esc(key),
        esc(kind)
    )
}

pub(crate) fn heading(text_value: &str) -> String {
    if text_value.trim().is_empty() {
        String::new()
    } else {
        format!("<h2 class=\"sec-title\">{}</h2>", esc(text_value))
    }
}

/// A grid's items per row, desktop and mobile, as the section's settings say.
pub(crate) fn grid_vars(settings: &Node) -> String {
    let d = settings.number("item_per_row");
    let m = settings.number("item_per_row_mobile");
    format!("style=\"--cols:{d};--cols-m:{m}\"")
}
