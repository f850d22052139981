//! The thank-you page (spec §3.4 thank-you settings).

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn thank_you_page(view: &View, receipt: &Receipt) -> String {
    let cur = &view.shop.currency;
    let thankpage = view.settings("thankpage");
    let t = thankpage.value;
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
    if thankpage.flag("steps.settings.isShowPage") {
        out.push_str("<ol class=\"timeline\">");
        let mut at = receipt.created_at;
        for step_node in thankpage.items("steps.settings.blocks") {
            let step = step_node.value;
            let amount = step_node.number("time");
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
        "</ul><div class=\"totals\"><p><span>Subtotal</span><span>{}</span></p>",
        esc(&money(cur, receipt.subtotal_minor))
    );
    if receipt.discount_minor > 0 {
        let _ = write!(
            out,
            "<p class=\"discount\"><span>Discount</span><span data-discount>−{}</span></p>",
            esc(&money(cur, receipt.discount_minor))
        );
    }
    let _ = write!(
        out,
        "<p><span>Shipping{}</span><span data-shipping>{}</span></p>",
        if receipt.shipping_method.is_empty() {
            String::new()
        } else {
            format!(" ({})", esc(&receipt.shipping_method))
        },
        esc(&money(cur, receipt.shipping_minor)),
    );
    let tax = crate::commerce::TaxBreakdown {
        total: receipt.tax_minor,
        included: receipt.taxes_included,
        ..Default::default()
    };
    out.push_str(&super::cart::tax_rows(
        view,
        Some(&tax),
        "Total paid",
        receipt.total_minor,
    ));
    out.push_str("</div></div>");
    if let Some(address) = &receipt.shipping_address {
        out.push_str("<div class=\"box\" data-ship-to><h2>Shipping to</h2><address>");
        for part in crate::commerce::address::lines(address) {
            let _ = write!(out, "{}<br>", esc(&part));
        }
        out.push_str("</address>");
        if !receipt.note.is_empty() {
            let _ = write!(
                out,
                "<p class=\"muted\" data-order-note>Note: {}</p>",
                esc(&receipt.note)
            );
        }
        out.push_str("</div>");
    }
    if thankpage.flag("delivery_policies.settings.isShowPage") {
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
