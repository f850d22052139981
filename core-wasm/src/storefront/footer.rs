//! The footer (spec §3.4): hydro's block-based content or newchick's settings.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn render_footer(view: &View, section: &Value) -> String {
    let key = text(section, "key");
    let mut out = open_section(key, "footer", "site-footer");
    out.push_str("<div class=\"wrap foot\">");
    let node = view.section(section);
    let settings = node.value;
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
        let size_d = node.number("size_logo.desktop");
        let size_m = node.number("size_logo.mobile");
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
            esc(&copyright(view, text(settings, "copyright")))
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
                .filter(|v| contact_shown(kind, v))
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
            esc(&copyright(
                view,
                block("copyright").and_then(Value::as_str).unwrap_or("")
            )),
            esc(block("sub_copyright").and_then(Value::as_str).unwrap_or(""))
        );
    }
    out.push_str("</div></section>");
    out
}

/// The copyright line: the seller's own text, or, when they left it empty, `© {year} {store}`
/// with the store's real name (the year is the render's, see [`View::year`]).
pub(crate) fn copyright(view: &View, own: &str) -> String {
    let own = own.trim();
    match (own, view.year) {
        ("", year) if year > 0 => format!("© {year} {}", view.shop.name),
        ("", _) => format!("© {}", view.shop.name),
        (own, _) => own.to_owned(),
    }
}

/// Whether a footer contact block is shown: it has a value, and a phone is not the spec's
/// placeholder a new Mobile block starts with (`theme::defaults::FOOTER_MOBILE`), which is no
/// one's number.
pub(crate) fn contact_shown(kind: &str, value: &str) -> bool {
    let value = value.trim();
    !value.is_empty() && (kind != "mobile" || value != crate::theme::defaults::FOOTER_MOBILE)
}

pub(crate) fn footer_menu(view: &View, handle: &Value) -> String {
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
