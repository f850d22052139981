//! The checkout page (spec §3.4 checkout settings).

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn checkout_steps(current: usize) -> String {
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

pub(crate) fn checkout_page(view: &View) -> String {
    let checkout = view.settings("checkout");
    let c = checkout.value;
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
    if checkout.flag("show_time_countdown") {
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
    if checkout.flag("isCustomerNote") {
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
