//! The cart page, its lines, goal, upsell and totals, and the checkout's order summary.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

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

pub(crate) fn cart_page() -> String {
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
    let cart_goal = view.settings("cart_goal");
    let goal = cart_goal.value;
    if cart_goal.flag("isShow") {
        let target = to_minor(cart_goal.number("goalAmount"));
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
