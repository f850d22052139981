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

/// The checkout; `country` is the code both address selects preselect.
pub(crate) fn checkout_page(view: &View, country: &str) -> String {
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
         <h2>Delivery</h2>",
    );
    out.push_str(&address_fields("ship", "shipping", true, country));
    out.push_str(
        "<label class=\"check\"><input type=\"checkbox\" name=\"billingSame\" checked data-billing-same> Billing address is the same as shipping</label>\
         <fieldset class=\"billing\" data-billing hidden disabled><legend>Billing address</legend>",
    );
    out.push_str(&address_fields("bill", "billing", false, country));
    out.push_str("</fieldset>");
    // The address's shipping choices, which the summary's answer fills (`shipping_choices`).
    out.push_str(
        "<h2>Shipping method</h2><div class=\"co-ship\" data-shipping-choices aria-live=\"polite\"><p class=\"muted\">Enter your address to see the shipping methods.</p></div>",
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

/// The fields of an address, named `{prefix}.{field}` for the checkout's script; `phone`: the
/// phone is asked for (the shipping address: carriers call); `selected`: the country preselected.
fn address_fields(id: &str, prefix: &str, phone: bool, selected: &str) -> String {
    use crate::commerce::address::{ADDRESS_FIELD_MAX, ADDRESS_LINE_MAX, PHONE_MAX, POSTCODE_MAX};
    let field = |name: &str, label: &str, auto: &str, max: usize, required: bool| {
        format!(
            "<label for=\"co-{id}-{name}\">{label}</label><input id=\"co-{id}-{name}\" name=\"{prefix}.{name}\" autocomplete=\"{section} {auto}\" maxlength=\"{max}\"{}>",
            if required { " required" } else { "" },
            section = if prefix == "billing" {
                "billing"
            } else {
                "shipping"
            },
        )
    };
    let mut out = field("name", "Full name", "name", ADDRESS_FIELD_MAX, true);
    out.push_str(&field(
        "line1",
        "Address",
        "address-line1",
        ADDRESS_LINE_MAX,
        true,
    ));
    out.push_str(&field(
        "line2",
        "Apartment, suite, etc. (optional)",
        "address-line2",
        ADDRESS_LINE_MAX,
        false,
    ));
    // City, region and postcode side by side where there is room: each label above its input,
    // one cell each (stacked on a phone).
    let cell = |html: String| format!("<div class=\"co-cell\">{html}</div>");
    out.push_str("<div class=\"co-row\">");
    out.push_str(&cell(field(
        "city",
        "City",
        "address-level2",
        ADDRESS_FIELD_MAX,
        true,
    )));
    out.push_str(&cell(field(
        "region",
        "State / province",
        "address-level1",
        ADDRESS_FIELD_MAX,
        false,
    )));
    out.push_str(&cell(field(
        "postcode",
        "Postcode",
        "postal-code",
        POSTCODE_MAX,
        false,
    )));
    out.push_str("</div>");
    let _ = write!(
        out,
        "<label for=\"co-{id}-country\">Country</label><select id=\"co-{id}-country\" name=\"{prefix}.country\" autocomplete=\"{prefix} country\" required>"
    );
    for country in crate::commerce::country_list() {
        let _ = write!(
            out,
            "<option value=\"{}\"{}{}>{}</option>",
            country.code,
            if country.postcode {
                ""
            } else {
                " data-no-postcode"
            },
            if country.code == selected {
                " selected"
            } else {
                ""
            },
            esc(&country.name)
        );
    }
    out.push_str("</select>");
    if phone {
        out.push_str(&field("phone", "Phone", "tel", PHONE_MAX, true));
    }
    out
}

/// The shipping choices of the checkout's address: one radio per rate offered, the chosen one
/// checked, or why the order cannot ship there.
pub fn shipping_choices(view: &View, quote: &crate::commerce::ShippingQuote) -> String {
    if let Some(problem) = &quote.problem {
        return format!(
            "<p class=\"notice\" role=\"alert\" data-shipping-problem>{}</p>",
            esc(problem)
        );
    }
    let mut out = String::from(
        "<fieldset class=\"ship-choices\"><legend class=\"sr\">Shipping method</legend>",
    );
    for (at, choice) in quote.choices.iter().enumerate() {
        let _ = write!(
            out,
            "<label class=\"ship-choice\"><input type=\"radio\" name=\"shippingRate\" value=\"{name}\"{checked}> <span>{name}</span><b>{price}</b></label>",
            name = esc(&choice.name),
            checked = if quote.chosen == Some(at) {
                " checked"
            } else {
                ""
            },
            price = if choice.price_minor == 0 {
                "Free".to_owned()
            } else {
                esc(&money(&view.shop.currency, choice.price_minor))
            },
        );
    }
    out.push_str("</fieldset>");
    out
}
