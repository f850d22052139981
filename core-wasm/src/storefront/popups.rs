//! The popups (spec §3.4): discount, welcome and subscribe.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn popups(view: &View) -> String {
    let popup = view.settings("popup");
    let p = popup.value;
    let mut out = String::new();
    if popup.flag("discount.isShow") {
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
    if popup.flag("welcome.isShow") {
        let _ = write!(
            out,
            "<dialog class=\"popup\" data-popup=\"welcome\" aria-labelledby=\"pop-w\"><div class=\"pop-body\"><h2 id=\"pop-w\">{}</h2><p>{}</p>\
             <p class=\"code\" data-code>{}</p><button class=\"btn\" type=\"button\" data-copy>{}</button>\
             <p class=\"pop-done\" hidden>{}</p></div>{}</dialog>",
            esc(popup.text_or_default("welcome.title")),
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
    if popup.flag("subscribe.isShow") {
        let _ = write!(
            out,
            "<dialog class=\"popup\" data-popup=\"subscribe\" aria-labelledby=\"pop-s\"><div class=\"pop-body\"><h2 id=\"pop-s\">{}</h2><p>{}</p>\
             <form data-popup-form><label class=\"sr\" for=\"pop-s-email\">E-mail</label><input id=\"pop-s-email\" type=\"email\" required placeholder=\"Email\">\
             <button class=\"btn\" type=\"submit\">{}</button></form><p class=\"pop-done\" hidden>Thank you for subscribing!</p></div>{}</dialog>",
            esc(text(p, "subscribe.title")),
            esc(popup.text_or_default("subscribe.content")),
            esc(match text(p, "subscribe.button") {
                "" => "Subscribe",
                t => t,
            }),
            close_button()
        );
    }
    out
}

pub(crate) fn close_button() -> &'static str {
    "<button class=\"pop-close\" type=\"button\" aria-label=\"Close\" data-close>&times;</button>"
}
