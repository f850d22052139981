//! The e-mails an order sends: the shopper's confirmation, refund and cancellation notices, and
//! the new-order alert to the store's people. Each is written once as blocks (a title,
//! paragraphs, the lines, the sums, addresses, a link) and the blocks are rendered twice, as the
//! plain-text part and as the HTML part, so the two always say the same. Everything shown comes
//! from the one order given, in the store's language; the server queues the result in the
//! outbox and the admin's preview shows the same function's output.

use shared_types::Money;
use shared_types::catalog::{LineItem, Order};
use shared_types::commerce::{Address, Refund};
use shared_types::records::{OrderMailKind, StoreLanguage};

use crate::formats::{self, DateStyle, Language};
use crate::storefront::html::esc;

/// What an e-mail needs beside the order.
#[derive(Debug, Clone)]
pub struct MailContext<'a> {
    pub store_name: &'a str,
    pub language: StoreLanguage,
    /// The shopper's page of the order (its thank-you page), when it has one.
    pub status_url: Option<&'a str>,
    /// The order's page in the admin (the alert links to it).
    pub admin_url: &'a str,
    /// The store's offset from UTC when the order was placed, in minutes, for its date.
    pub offset_minutes: i32,
}

/// An e-mail ready for the outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedMail {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// One part of an e-mail, rendered as text and as HTML.
enum Block {
    Title(String),
    Paragraph(String),
    /// Lines of the order: what, the details under it (variant, personalization) and an amount.
    Items(Vec<Item>),
    /// Label and amount; the last one of a group is the total, in bold.
    Sums(Vec<(String, String)>),
    Address(String, Vec<String>),
    Link(String, String),
}

struct Item {
    title: String,
    details: Vec<String>,
    amount: String,
}

/// The words of the e-mails, in one language.
struct Words {
    lang: &'static str,
    hello: &'static str,
    subtotal: &'static str,
    discount: &'static str,
    shipping: &'static str,
    free: &'static str,
    tax: &'static str,
    tax_included: &'static str,
    total: &'static str,
    shipping_address: &'static str,
    billing_address: &'static str,
    note: &'static str,
    view_order: &'static str,
    test_order: &'static str,
    payment_pending: &'static str,
    refunded_shipping: &'static str,
    refunded_tax: &'static str,
    refunded: &'static str,
    refunded_so_far: &'static str,
    open_order: &'static str,
    placed_on: &'static str,
    sent_by: &'static str,
}

const EN: Words = Words {
    lang: "en",
    hello: "Hello",
    subtotal: "Subtotal",
    discount: "Discount",
    shipping: "Shipping",
    free: "Free",
    tax: "Tax",
    tax_included: "Including tax",
    total: "Total",
    shipping_address: "Shipping address",
    billing_address: "Billing address",
    note: "Your note",
    view_order: "View your order",
    test_order: "This is a test order: no payment was taken.",
    payment_pending: "Your payment is being processed.",
    refunded_shipping: "Shipping refunded",
    refunded_tax: "Tax refunded",
    refunded: "Refunded",
    refunded_so_far: "Refunded in all",
    open_order: "Open the order",
    placed_on: "Placed on",
    sent_by: "Sent by",
};

const VI: Words = Words {
    lang: "vi",
    hello: "Xin chào",
    subtotal: "Tạm tính",
    discount: "Giảm giá",
    shipping: "Phí vận chuyển",
    free: "Miễn phí",
    tax: "Thuế",
    tax_included: "Đã gồm thuế",
    total: "Tổng cộng",
    shipping_address: "Địa chỉ giao hàng",
    billing_address: "Địa chỉ thanh toán",
    note: "Ghi chú của bạn",
    view_order: "Xem đơn hàng",
    test_order: "Đây là đơn hàng thử: không có khoản thanh toán nào được thu.",
    payment_pending: "Thanh toán của bạn đang được xử lý.",
    refunded_shipping: "Phí vận chuyển được hoàn",
    refunded_tax: "Thuế được hoàn",
    refunded: "Đã hoàn",
    refunded_so_far: "Tổng đã hoàn",
    open_order: "Mở đơn hàng",
    placed_on: "Đặt ngày",
    sent_by: "Gửi từ",
};

fn words(language: StoreLanguage) -> &'static Words {
    match language {
        StoreLanguage::En => &EN,
        StoreLanguage::Vi => &VI,
    }
}

fn format_language(language: StoreLanguage) -> Language {
    match language {
        StoreLanguage::En => Language::En,
        StoreLanguage::Vi => Language::Vi,
    }
}

/// The e-mail of `kind` about `order`. A refund notice tells of `refund` (the one just made;
/// without it, the order's last refund).
pub fn order_mail(
    kind: OrderMailKind,
    order: &Order,
    refund: Option<&Refund>,
    context: &MailContext<'_>,
) -> RenderedMail {
    let w = words(context.language);
    let vi = context.language == StoreLanguage::Vi;
    let money = |amount: Money| money_of(order, context, amount);
    let customer = customer_of(order, vi);
    let name = order.order_name.as_str();
    let store = context.store_name;
    let total = money(order.grand_total);
    let mut blocks = Vec::new();
    let subject;
    match kind {
        OrderMailKind::Confirmation => {
            subject = if vi {
                format!("Xác nhận đơn hàng {name} – {store}")
            } else {
                format!("Order {name} confirmed – {store}")
            };
            blocks.push(Block::Title(
                if vi {
                    "Cảm ơn bạn đã đặt hàng"
                } else {
                    "Thank you for your order"
                }
                .to_owned(),
            ));
            blocks.push(Block::Paragraph(if vi {
                format!(
                    "{} {customer}, chúng tôi đã nhận được đơn hàng {name} và sẽ báo cho bạn khi hàng được gửi đi.",
                    w.hello
                )
            } else {
                format!(
                    "{} {customer}, we have received your order {name} and will let you know when it ships.",
                    w.hello
                )
            }));
            payment_state(order, w, &mut blocks);
            blocks.push(Block::Paragraph(format!(
                "{} {}",
                w.placed_on,
                formats::date(
                    order.created_date,
                    context.offset_minutes,
                    DateStyle::DateTime,
                    format_language(context.language)
                )
            )));
            blocks.push(Block::Items(items(&order.line_items, None, &money)));
            blocks.push(Block::Sums(sums(order, w, &money)));
            addresses(order, w, true, &mut blocks);
            if let Some(url) = context.status_url {
                blocks.push(Block::Link(w.view_order.to_owned(), url.to_owned()));
            }
        }
        OrderMailKind::Refund => {
            let refund = refund.or(order.refunds.last());
            let amount = money(refund.map_or(Money::default(), |r| r.amount));
            subject = if vi {
                format!("Hoàn tiền cho đơn hàng {name} – {store}")
            } else {
                format!("Refund for order {name} – {store}")
            };
            blocks.push(Block::Title(if vi {
                format!("Chúng tôi đã hoàn {amount}")
            } else {
                format!("We have refunded {amount}")
            }));
            blocks.push(Block::Paragraph(if vi {
                format!(
                    "{} {customer}, {amount} của đơn hàng {name} đang được hoàn lại cho bạn. Có thể mất vài ngày để khoản tiền hiện trong sao kê của bạn.",
                    w.hello
                )
            } else {
                format!(
                    "{} {customer}, {amount} of your order {name} is on its way back to you. It may take a few days to show on your statement.",
                    w.hello
                )
            }));
            if let Some(refund) = refund {
                let lines: Vec<(usize, i64)> = refund
                    .lines
                    .iter()
                    .map(|l| (l.line as usize, l.quantity))
                    .collect();
                if !lines.is_empty() {
                    blocks.push(Block::Items(items(&order.line_items, Some(&lines), &money)));
                }
                let mut rows = Vec::new();
                if !refund.shipping.is_zero() {
                    rows.push((w.refunded_shipping.to_owned(), money(refund.shipping)));
                }
                if !refund.tax.is_zero() {
                    rows.push((w.refunded_tax.to_owned(), money(refund.tax)));
                }
                if order.refunded != refund.amount {
                    rows.push((w.refunded_so_far.to_owned(), money(order.refunded)));
                }
                rows.push((w.refunded.to_owned(), money(refund.amount)));
                blocks.push(Block::Sums(rows));
            }
            if let Some(url) = context.status_url {
                blocks.push(Block::Link(w.view_order.to_owned(), url.to_owned()));
            }
        }
        OrderMailKind::Cancellation => {
            subject = if vi {
                format!("Đơn hàng {name} đã bị hủy – {store}")
            } else {
                format!("Order {name} cancelled – {store}")
            };
            blocks.push(Block::Title(
                if vi {
                    "Đơn hàng của bạn đã bị hủy"
                } else {
                    "Your order was cancelled"
                }
                .to_owned(),
            ));
            let refunded = !order.refunded.is_zero();
            let amount = money(order.refunded);
            blocks.push(Block::Paragraph(match (vi, refunded) {
                (false, true) => format!(
                    "{} {customer}, your order {name} was cancelled. {amount} was refunded to you; it may take a few days to show on your statement.",
                    w.hello
                ),
                (false, false) => format!(
                    "{} {customer}, your order {name} was cancelled. No payment was taken.",
                    w.hello
                ),
                (true, true) => format!(
                    "{} {customer}, đơn hàng {name} của bạn đã bị hủy. {amount} đã được hoàn lại cho bạn; có thể mất vài ngày để khoản tiền hiện trong sao kê của bạn.",
                    w.hello
                ),
                (true, false) => format!(
                    "{} {customer}, đơn hàng {name} của bạn đã bị hủy. Không có khoản thanh toán nào bị thu.",
                    w.hello
                ),
            }));
            blocks.push(Block::Items(items(&order.line_items, None, &money)));
            let mut rows = vec![(w.total.to_owned(), total.clone())];
            if refunded {
                rows.push((w.refunded.to_owned(), amount));
            }
            blocks.push(Block::Sums(rows));
            if let Some(url) = context.status_url {
                blocks.push(Block::Link(w.view_order.to_owned(), url.to_owned()));
            }
        }
        OrderMailKind::NewOrder => {
            subject = if vi {
                format!("[{store}] Đơn hàng mới {name}: {total}")
            } else {
                format!("[{store}] New order {name}: {total}")
            };
            blocks.push(Block::Title(if vi {
                format!("Đơn hàng mới {name}")
            } else {
                format!("New order {name}")
            }));
            let email = order
                .customer_info
                .first()
                .map(|c| c.email.as_str())
                .unwrap_or_default();
            let count: i64 = order.line_items.iter().map(|l| l.quantity).sum();
            blocks.push(Block::Paragraph(if vi {
                format!("{customer} ({email}) đã đặt {count} sản phẩm, tổng {total}.")
            } else {
                let things = if count == 1 { "item" } else { "items" };
                format!("{customer} ({email}) ordered {count} {things} for {total}.")
            }));
            if order.test {
                blocks.push(Block::Paragraph(
                    if vi {
                        "Đơn hàng thử: không có khoản thanh toán nào được thu."
                    } else {
                        "A test order: no payment was taken."
                    }
                    .to_owned(),
                ));
            }
            blocks.push(Block::Items(items(&order.line_items, None, &money)));
            blocks.push(Block::Sums(sums(order, w, &money)));
            addresses(order, w, false, &mut blocks);
            blocks.push(Block::Link(
                w.open_order.to_owned(),
                context.admin_url.to_owned(),
            ));
        }
    }
    rendered(subject, &blocks, w, store)
}

/// What a shipment sent: lines of the order (by their place in it) at the quantities shipped,
/// with the carrier and tracking number the merchant gave, if any.
#[derive(Debug, Clone, Copy)]
pub struct Shipment<'a> {
    pub lines: &'a [(usize, i64)],
    pub carrier: &'a str,
    pub tracking_number: &'a str,
}

/// The shopper's notice that `shipment` of `order` is on its way, in the store's language, as
/// text and HTML like the order's other e-mails.
pub fn shipment_mail(
    order: &Order,
    shipment: &Shipment<'_>,
    context: &MailContext<'_>,
) -> RenderedMail {
    let w = words(context.language);
    let vi = context.language == StoreLanguage::Vi;
    let money = |amount: Money| money_of(order, context, amount);
    let customer = customer_of(order, vi);
    let name = order.order_name.as_str();
    let store = context.store_name;
    let everything = order
        .line_items
        .iter()
        .all(|line| line.fulfilled_quantity >= line.quantity);
    let subject = if vi {
        format!("Đơn hàng {name} đang được giao – {store}")
    } else {
        format!("Your order {name} is on its way – {store}")
    };
    let mut blocks = vec![Block::Title(
        if vi {
            "Đơn hàng của bạn đang được giao"
        } else {
            "Your order is on its way"
        }
        .to_owned(),
    )];
    blocks.push(Block::Paragraph(match (vi, everything) {
        (false, true) => format!(
            "{} {customer}, everything in your order {name} has been sent.",
            w.hello
        ),
        (false, false) => format!(
            "{} {customer}, part of your order {name} has been sent; we will let you know when the rest ships.",
            w.hello
        ),
        (true, true) => format!(
            "{} {customer}, toàn bộ đơn hàng {name} của bạn đã được gửi đi.",
            w.hello
        ),
        (true, false) => format!(
            "{} {customer}, một phần đơn hàng {name} của bạn đã được gửi đi; chúng tôi sẽ báo cho bạn khi phần còn lại được gửi.",
            w.hello
        ),
    }));
    blocks.push(Block::Items(items(
        &order.line_items,
        Some(shipment.lines),
        &money,
    )));
    let mut rows = Vec::new();
    let carrier = shipment.carrier.trim();
    let tracking = shipment.tracking_number.trim();
    if !carrier.is_empty() {
        rows.push((
            if vi {
                "Đơn vị vận chuyển"
            } else {
                "Carrier"
            }
            .to_owned(),
            carrier.to_owned(),
        ));
    }
    if !tracking.is_empty() {
        rows.push((
            if vi {
                "Mã vận đơn"
            } else {
                "Tracking number"
            }
            .to_owned(),
            tracking.to_owned(),
        ));
    }
    if !rows.is_empty() {
        blocks.push(Block::Sums(rows));
    }
    addresses(order, w, false, &mut blocks);
    if let Some(url) = context.status_url {
        blocks.push(Block::Link(w.view_order.to_owned(), url.to_owned()));
    }
    rendered(subject, &blocks, w, store)
}

/// `amount` as the store's language writes it in the order's currency.
fn money_of(order: &Order, context: &MailContext<'_>, amount: Money) -> String {
    formats::money(
        amount.approximate(),
        &order.currency,
        format_language(context.language),
    )
}

/// Whom an e-mail greets: the order's customer, else "there" ("bạn").
fn customer_of(order: &Order, vi: bool) -> &str {
    order
        .customer_info
        .first()
        .map(|c| c.full_name.trim())
        .filter(|n| !n.is_empty())
        .unwrap_or(if vi { "bạn" } else { "there" })
}

/// The e-mail of `blocks`, as text and as HTML, signed by `store`.
fn rendered(subject: String, blocks: &[Block], w: &Words, store: &str) -> RenderedMail {
    let footer = format!("{} {store}", w.sent_by);
    RenderedMail {
        text: text(blocks, &footer),
        html: html(&subject, w.lang, blocks, &footer),
        subject,
    }
}

/// A paragraph on the payment when it is not simply taken.
fn payment_state(order: &Order, w: &Words, blocks: &mut Vec<Block>) {
    if order.test {
        blocks.push(Block::Paragraph(w.test_order.to_owned()));
    } else if order.financial_status == "pending" {
        blocks.push(Block::Paragraph(w.payment_pending.to_owned()));
    }
}

/// The order's lines as items; with `only`, those lines at those quantities (a refund's).
fn items(
    lines: &[LineItem],
    only: Option<&[(usize, i64)]>,
    money: &dyn Fn(Money) -> String,
) -> Vec<Item> {
    let chosen: Vec<(&LineItem, i64)> = match only {
        Some(only) => only
            .iter()
            .filter_map(|(at, quantity)| lines.get(*at).map(|l| (l, *quantity)))
            .collect(),
        None => lines.iter().map(|l| (l, l.quantity)).collect(),
    };
    chosen
        .into_iter()
        .map(|(line, quantity)| {
            let mut details = Vec::new();
            if !line.variant_title.is_empty() {
                details.push(line.variant_title.clone());
            }
            for value in &line.personalization {
                details.push(format!("{}: {}", value.label, value.value));
            }
            Item {
                title: format!("{quantity} × {}", line.title),
                details,
                amount: money(times(line.price, quantity)),
            }
        })
        .collect()
}

/// `price` times `quantity`, exactly (in the price's own minor units).
fn times(price: Money, quantity: i64) -> Money {
    let exponent = price.exponent();
    price.minor_units(exponent).map_or(price, |minor| {
        Money::from_minor(minor.saturating_mul(quantity), exponent)
    })
}

/// Subtotal, each discount, shipping, tax and the total.
fn sums(order: &Order, w: &Words, money: &dyn Fn(Money) -> String) -> Vec<(String, String)> {
    let mut rows = vec![(w.subtotal.to_owned(), money(order.subtotal))];
    if order.discounts.is_empty() && !order.discount.is_zero() {
        rows.push((w.discount.to_owned(), format!("-{}", money(order.discount))));
    }
    for discount in &order.discounts {
        rows.push((
            format!("{} ({})", w.discount, discount.code),
            format!("-{}", money(discount.amount)),
        ));
    }
    let shipping_label = if order.shipping_method.is_empty() {
        w.shipping.to_owned()
    } else {
        format!("{} ({})", w.shipping, order.shipping_method)
    };
    rows.push((
        shipping_label,
        if order.shipping.is_zero() {
            w.free.to_owned()
        } else {
            money(order.shipping)
        },
    ));
    if !order.tax.is_zero() && !order.taxes_included {
        rows.push((w.tax.to_owned(), money(order.tax)));
    }
    rows.push((w.total.to_owned(), money(order.grand_total)));
    if !order.tax.is_zero() && order.taxes_included {
        rows.push((w.tax_included.to_owned(), money(order.tax)));
    }
    rows
}

fn addresses(order: &Order, w: &Words, with_note: bool, blocks: &mut Vec<Block>) {
    let lines = |address: &Address| crate::commerce::address::lines(address);
    if let Some(address) = &order.shipping_address {
        blocks.push(Block::Address(
            w.shipping_address.to_owned(),
            lines(address),
        ));
    }
    if let Some(address) = &order.billing_address {
        blocks.push(Block::Address(w.billing_address.to_owned(), lines(address)));
    }
    if with_note && !order.note.trim().is_empty() {
        blocks.push(Block::Address(
            w.note.to_owned(),
            order.note.lines().map(str::to_owned).collect(),
        ));
    }
}

/// The plain-text part.
fn text(blocks: &[Block], footer: &str) -> String {
    let mut out = String::new();
    for block in blocks {
        match block {
            Block::Title(title) => {
                out.push_str(title);
                out.push('\n');
                out.push_str(&"=".repeat(title.chars().count()));
                out.push('\n');
            }
            Block::Paragraph(text) => {
                out.push_str(text);
                out.push('\n');
            }
            Block::Items(items) => {
                for item in items {
                    out.push_str(&format!("- {}  {}\n", item.title, item.amount));
                    for detail in &item.details {
                        out.push_str(&format!("    {detail}\n"));
                    }
                }
            }
            Block::Sums(rows) => {
                for (label, amount) in rows {
                    out.push_str(&format!("{label}: {amount}\n"));
                }
            }
            Block::Address(label, lines) => {
                out.push_str(&format!("{label}:\n"));
                for line in lines {
                    out.push_str(&format!("  {line}\n"));
                }
            }
            Block::Link(label, url) => out.push_str(&format!("{label}: {url}\n")),
        }
        out.push('\n');
    }
    out.push_str("-- \n");
    out.push_str(footer);
    out.push('\n');
    out
}

const CELL: &str = "padding:4px 0;border-bottom:1px solid #eee";

/// The HTML part: one narrow column of inline-styled tables, as mail readers render best.
fn html(subject: &str, lang: &str, blocks: &[Block], footer: &str) -> String {
    let mut body = String::new();
    for block in blocks {
        match block {
            Block::Title(title) => body.push_str(&format!(
                "<h1 style=\"font-size:22px;margin:0 0 16px\">{}</h1>",
                esc(title)
            )),
            Block::Paragraph(text) => {
                body.push_str(&format!("<p style=\"margin:0 0 12px\">{}</p>", esc(text)))
            }
            Block::Items(items) => {
                body.push_str("<table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" style=\"margin:8px 0 16px\">");
                for item in items {
                    let details: String = item
                        .details
                        .iter()
                        .map(|d| format!("<br><span style=\"color:#666;font-size:13px\">{}</span>", esc(d)))
                        .collect();
                    body.push_str(&format!(
                        "<tr><td style=\"{CELL}\">{}{details}</td><td align=\"right\" style=\"{CELL};white-space:nowrap\">{}</td></tr>",
                        esc(&item.title),
                        esc(&item.amount)
                    ));
                }
                body.push_str("</table>");
            }
            Block::Sums(rows) => {
                body.push_str("<table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" style=\"margin:0 0 16px\">");
                for (label, amount) in rows {
                    body.push_str(&format!(
                        "<tr><td style=\"padding:2px 0\">{}</td><td align=\"right\" style=\"padding:2px 0;white-space:nowrap\">{}</td></tr>",
                        esc(label),
                        esc(amount)
                    ));
                }
                body.push_str("</table>");
            }
            Block::Address(label, lines) => {
                let lines: Vec<String> = lines.iter().map(|l| esc(l)).collect();
                body.push_str(&format!(
                    "<p style=\"margin:0 0 12px\"><strong>{}</strong><br>{}</p>",
                    esc(label),
                    lines.join("<br>")
                ));
            }
            Block::Link(label, url) => body.push_str(&format!(
                "<p style=\"margin:16px 0\"><a href=\"{}\" style=\"display:inline-block;background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none\">{}</a></p>",
                esc(url),
                esc(label)
            )),
        }
    }
    format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>{}</title></head>\
         <body style=\"margin:0;padding:0;background:#f6f6f6\"><div style=\"max-width:560px;margin:0 auto;padding:24px;background:#fff;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222\">{body}\
         <p style=\"margin:24px 0 0;color:#888;font-size:12px\">{}</p></div></body></html>",
        esc(subject),
        esc(footer)
    )
}

/// The order a preview shows while the store has none of its own: two lines, a discount code,
/// paid shipping and an address, in the store's currency (a thousand times the amounts in a
/// currency without decimals, so that they read as prices there). For a refund notice it has
/// a refund of the mug; for a cancellation, all of it went back.
pub fn sample_order(kind: OrderMailKind, currency_code: &str, created_at: i64) -> Order {
    let currency = formats::currency_or_default(currency_code);
    let scale = if currency.digits == 0 { 1000 } else { 1 };
    // `hundredths` of the currency's major unit.
    let amount = |hundredths: i64| {
        crate::money::stored(
            crate::money::rescaled(hundredths * scale, 2, currency.digits),
            currency,
        )
    };
    let (refunds, refunded) = match kind {
        OrderMailKind::Refund => (
            serde_json::json!([{"id": "sample", "lines": [{"line": 1, "quantity": 1}], "shipping": amount(0),
                "amount": amount(1080), "restock": true, "reason": "", "createdAt": created_at}]),
            amount(1080),
        ),
        OrderMailKind::Cancellation => (serde_json::json!([]), amount(6080)),
        OrderMailKind::Confirmation | OrderMailKind::NewOrder => (serde_json::json!([]), amount(0)),
    };
    let value = serde_json::json!({
        "id": "sample",
        "orderName": "#1001",
        "customerInfo": [{"full_name": "Ivy Nguyen", "email": "ivy@example.com"}],
        "createdDate": created_at,
        "currency": currency.code,
        "subtotal": amount(6200),
        "shipping": amount(500),
        "shippingMethod": "Standard",
        "discount": amount(620),
        "grandTotal": amount(6080),
        "financialStatus": "paid",
        "fulfillmentStatus": "unfulfilled",
        "paymentSource": {},
        "lineItems": [
            {"title": "Linen shirt", "variantTitle": "M / Sand", "quantity": 2, "price": amount(2500)},
            {"title": "Ceramic mug", "quantity": 1, "price": amount(1200),
             "personalization": [{"label": "Name", "value": "Ivy"}]}
        ],
        "shippingAddress": {"name": "Ivy Nguyen", "line1": "Torstraße 1", "city": "Berlin",
            "postcode": "10119", "country": "DE"},
        "discounts": [{"method": "code", "code": "WELCOME10", "valueType": "percent", "amount": amount(620)}],
        "refunds": refunds,
        "refunded": refunded
    });
    serde_json::from_value(value).expect("the sample order is an order")
}
