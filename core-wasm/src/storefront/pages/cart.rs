//! The cart page, its lines, goal, upsell and totals, and the checkout's order summary.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

use crate::commerce::Totals;

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
    /// One unit's weight in grams (0: not weighed).
    pub weight_grams: i64,
    /// The shopper's checked personalization values (`crate::personalize::check_values`).
    pub personalization: Vec<crate::personalize::Filled>,
}

/// A line's personalization values, one "Label: value" each.
fn personal_html(line: &Line) -> String {
    line.personalization
        .iter()
        .map(|f| {
            format!(
                "<span class=\"muted\" data-personal-value>{}: {}</span>",
                esc(&f.label),
                esc(&f.value)
            )
        })
        .collect()
}

/// What the lines weigh together, in grams (the rates by weight read it).
pub fn cart_grams(lines: &[Line]) -> i64 {
    lines
        .iter()
        .map(|l| l.weight_grams.saturating_mul(l.quantity))
        .fold(0, i64::saturating_add)
}

/// The totals of a cart whose lines cost `lines`, with no discounts, before an address is
/// known (the preview's sample and a cart before its discounts are known): shipping when
/// every address pays the same, else left to the checkout.
pub fn plain_totals(view: &View, lines: &[i64]) -> Totals {
    let shipping = view.shop.shipping.cart_price(lines.iter().sum());
    crate::commerce::totals(lines, shipping, &[], None, 0, view.currency())
}

pub(crate) fn cart_page() -> String {
    "<section class=\"sec cart wrap\" data-section-key=\"cart\" data-section-type=\"cart\"><h1>Your cart</h1>\
     <div data-cart-view aria-live=\"polite\"><p class=\"muted\">Loading your cart…</p></div>\
     <noscript><p>Your cart needs JavaScript.</p></noscript></section>"
        .to_owned()
}

/// The cart's lines, goal, upsell and totals (the cart page asks for it with the shopper's lines).
pub fn cart_view(
    view: &View,
    lines: &[Line],
    problems: &[String],
    totals: &Totals,
    code: &str,
) -> String {
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
    let cart_goal = view.settings("cart_goal");
    let goal = cart_goal.value;
    if cart_goal.flag("isShow") {
        // The store's free-shipping threshold when it has one (the bar speaks of free
        // shipping), else the theme's goal.
        let currency = view.currency();
        let target = view.shop.shipping.free_over_minor.unwrap_or_else(|| {
            crate::money::stored_from_number(cart_goal.number("goalAmount"), currency)
        });
        let share = if target > 0 {
            (subtotal as f64 / target as f64).min(1.0)
        } else {
            1.0
        };
        let message = if subtotal >= target {
            text(goal, "goalReached").to_owned()
        } else if cart_goal.flag("isShowMotivational") {
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
    for (at, line) in lines.iter().enumerate() {
        let _ = write!(
            out,
            "<li class=\"line\" data-line=\"{at}\"><a class=\"ph sq\" href=\"{base}/products/{handle}\">{img}</a><div class=\"line-info\">\
             <a href=\"{base}/products/{handle}\">{title}</a><span class=\"muted\">{vt}</span>{personal}<span class=\"now\">{price}</span></div>\
             <div class=\"qty small\"><button type=\"button\" aria-label=\"Fewer\" data-line-step=\"-1\">−</button><span aria-label=\"Quantity\">{qty}</span>\
             <button type=\"button\" aria-label=\"More\" data-line-step=\"1\"{max}>+</button></div>\
             <button class=\"text-link\" type=\"button\" data-line-remove>Remove</button></li>",
            personal = personal_html(line),
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
    if cart_goal.flag("isShowCartUpsell")
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

    out.push_str(&code_form(totals, code));
    out.push_str(&totals_view(view, totals));
    let _ = write!(
        out,
        "<a class=\"btn checkout-btn\" href=\"{}/checkout\" data-to-checkout>Check out</a>",
        esc(view.base())
    );
    if view
        .settings("cart")
        .flag("trust_badge.show_trust_badge_image")
    {
        out.push_str(&trust_badge(text(
            view.config,
            "settings.cart.trust_badge.src.value",
        )));
    }
    out
}

/// The checkout's order summary.
pub fn summary_view(view: &View, lines: &[Line], totals: &Totals, code: &str) -> String {
    let cur = &view.shop.currency;
    let mut out = String::from("<ul class=\"lines compact\">");
    for line in lines {
        let _ = write!(
            out,
            "<li class=\"line\"><span class=\"ph sq\">{}<b class=\"badge\">{}</b></span><div class=\"line-info\"><span>{}</span><span class=\"muted\">{}</span>{}</div><span>{}</span></li>",
            img(&line.image, &line.title, 64, 64, false),
            line.quantity,
            esc(&line.title),
            esc(&line.variant_title),
            personal_html(line),
            esc(&money(cur, line.price_minor * line.quantity))
        );
    }
    out.push_str("</ul>");
    out.push_str(&code_form(totals, code));
    out.push_str(&totals_view(view, totals));
    out
}

/// The discount code field: the code applied (with a way to remove it), or a field to type one
/// and why the typed one does not apply.
fn code_form(totals: &Totals, code: &str) -> String {
    let code = code.trim();
    let applied = totals
        .discounts
        .applied
        .iter()
        .find(|a| a.rule.method == "code");
    let mut out = String::from("<div class=\"discount-code\" data-discount>");
    match applied {
        Some(a) => {
            let _ = write!(
                out,
                "<p class=\"applied\"><span class=\"tag\" data-code-applied>{}</span> \
                 <button class=\"text-link\" type=\"button\" data-discount-remove>Remove</button></p>",
                esc(&a.rule.code)
            );
        }
        None => {
            let _ = write!(
                out,
                "<form class=\"code-form\" data-discount-form><label for=\"discount-code\">Discount code</label>\
                 <div class=\"row\"><input id=\"discount-code\" name=\"code\" autocomplete=\"off\" maxlength=\"64\" value=\"{}\" data-discount-code>\
                 <button class=\"btn small\" type=\"submit\">Apply</button></div></form>",
                esc(code)
            );
            if let Some(problem) = &totals.discounts.code_problem {
                let _ = write!(
                    out,
                    "<p class=\"notice\" role=\"alert\" data-code-problem>{}</p>",
                    esc(problem)
                );
            }
        }
    }
    out.push_str("</div>");
    out
}

/// Subtotal, each discount, shipping and the total.
fn totals_view(view: &View, totals: &Totals) -> String {
    let cur = &view.shop.currency;
    let mut out = format!(
        "<div class=\"totals\"><p><span>Subtotal</span><span data-subtotal>{}</span></p>",
        esc(&money(cur, totals.subtotal_minor))
    );
    for applied in &totals.discounts.applied {
        let label = if applied.rule.method == "code" {
            format!("Discount ({})", applied.rule.code)
        } else {
            applied.rule.code.clone()
        };
        let _ = write!(
            out,
            "<p class=\"discount\" data-discount-line><span>{}</span><span>−{}</span></p>",
            esc(&label),
            esc(&money(cur, applied.amount_minor))
        );
    }
    let _ = write!(
        out,
        "<p><span>Shipping</span><span data-shipping>{}</span></p>",
        if totals.shipping_pending {
            "Calculated at checkout".to_owned()
        } else if totals.shipping_minor == 0 {
            "Free".to_owned()
        } else {
            esc(&money(cur, totals.shipping_minor))
        },
    );
    out.push_str(&tax_rows(
        view,
        totals.tax.as_ref(),
        "Total",
        totals.total_minor,
    ));
    out.push_str("</div>");
    out
}

/// The tax and total rows of a cart, the checkout's summary or a receipt. With the tax counted
/// at the shopper's address (`tax`): added tax on a row of its own above the total, included
/// tax in a line under it. Before the address is known, a store with rates says where tax
/// stands ("Taxes included." or "Taxes calculated at checkout.").
pub(crate) fn tax_rows(
    view: &View,
    tax: Option<&crate::commerce::TaxBreakdown>,
    total_label: &str,
    total_minor: i64,
) -> String {
    let cur = &view.shop.currency;
    let mut out = String::new();
    if let Some(tax) = tax.filter(|t| !t.included && t.total > 0) {
        let _ = write!(
            out,
            "<p data-tax-line><span>Tax</span><span data-tax>{}</span></p>",
            esc(&money(cur, tax.total))
        );
    }
    let _ = write!(
        out,
        "<p class=\"grand\"><span>{}</span><span data-total>{}</span></p>",
        esc(total_label),
        esc(&money(cur, total_minor))
    );
    match tax {
        Some(tax) if tax.included && tax.total > 0 => {
            let _ = write!(
                out,
                "<p class=\"muted tax-note\" data-tax-line>Including <span data-tax>{}</span> in taxes</p>",
                esc(&money(cur, tax.total))
            );
        }
        None => {
            let note = match view.shop.tax_note {
                crate::storefront::TaxNote::None => "",
                crate::storefront::TaxNote::Included => "Taxes included.",
                crate::storefront::TaxNote::AtCheckout => "Taxes calculated at checkout.",
            };
            if !note.is_empty() {
                let _ = write!(out, "<p class=\"muted tax-note\" data-tax-note>{note}</p>");
            }
        }
        _ => {}
    }
    out
}
