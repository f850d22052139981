//! The header (spec §3.4): top bar, logo, menu, search, account, currency and cart.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn menu_items<'a>(
    view: &'a View,
    handle_value: &Value,
    fallback: &str,
) -> Vec<&'a MenuItem> {
    let handle = handle_value.as_str().unwrap_or("");
    let menu = view
        .catalog
        .menus
        .iter()
        .find(|m| m.handle == handle)
        .or_else(|| view.catalog.menus.iter().find(|m| m.handle == fallback));
    menu.map(|m| m.items.iter().collect()).unwrap_or_default()
}

pub(crate) fn link_value(item: &MenuItem) -> Value {
    serde_json::to_value(&item.link).unwrap_or(Value::Null)
}

pub(crate) fn render_header(view: &View, section: &Value) -> String {
    let node = view.section(section);
    let s = node.value;
    let key = text(section, "key");
    let mut out = open_section(key, "header", "site-header");
    if node.flag("show_top_bar") {
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
                    &view.shop_text(text(s, "text_topbar")),
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
                esc(&view.shop_text(text(s, "text_topbar")))
            );
        }
        out.push_str("</div>");
    }
    let logo_d = node.number("size_logo.desktop");
    let logo_m = node.number("size_logo.mobile");
    let center = if node.flag("center_logo_on_mobile") {
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
    if node.flag("enable_search") {
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
    if node.flag("isShowAccount") {
        let _ = write!(
            out,
            "<a class=\"icon-btn\" href=\"{}/pages/account\" aria-label=\"Account\">{}</a>",
            esc(view.base()),
            icon("account")
        );
    }
    if view.settings("currency").flag("enabled_currency") {
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
