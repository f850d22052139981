//! The order e-mails: what each tells, in English and Vietnamese, the text and HTML parts
//! agreeing, markup in the merchant's or shopper's words escaped, and the amounts in the
//! currency's own decimals.

use core_wasm::commerce::mail::{
    MailContext, RenderedMail, Shipment, order_mail, sample_order, shipment_mail,
};
use shared_types::Money;
use shared_types::catalog::Order;
use shared_types::records::{OrderMailKind, StoreLanguage};

const STATUS: &str = "https://shop.example/thank-you/sample";
const ADMIN: &str = "https://admin.example/admin/orders/detail/sample";

fn money(text: &str) -> Money {
    text.parse().expect("an amount")
}

fn context(language: StoreLanguage) -> MailContext<'static> {
    MailContext {
        store_name: "Ivy & Co",
        language,
        status_url: Some(STATUS),
        admin_url: ADMIN,
        offset_minutes: 60,
    }
}

fn mail(kind: OrderMailKind, order: &Order, language: StoreLanguage) -> RenderedMail {
    order_mail(kind, order, None, &context(language))
}

/// 2026-11-28 10:00 UTC.
const PLACED: i64 = 1_795_860_000_000;

fn usd(kind: OrderMailKind) -> Order {
    sample_order(kind, "USD", PLACED)
}

#[test]
fn the_confirmation_tells_lines_discounts_shipping_tax_the_address_and_the_status_link() {
    let mut order = usd(OrderMailKind::Confirmation);
    order.tax = money("4.86");
    order.grand_total = money("65.66");
    let sent = mail(OrderMailKind::Confirmation, &order, StoreLanguage::En);
    assert_eq!(sent.subject, "Order #1001 confirmed – Ivy & Co");
    for expected in [
        "Hello Ivy Nguyen, we have received your order #1001",
        "- 2 × Linen shirt  $50.00\n    M / Sand\n",
        "- 1 × Ceramic mug  $12.00\n    Name: Ivy\n",
        "Subtotal: $62.00\n",
        "Discount (WELCOME10): -$6.20\n",
        "Shipping (Standard): $5.00\n",
        "Tax: $4.86\n",
        "Total: $65.66\n",
        "Shipping address:\n  Ivy Nguyen\n  Torstraße 1\n  Berlin 10119\n  Germany\n",
        "Placed on Nov 28, 2026, 11:00 AM",
        &format!("View your order: {STATUS}"),
        "Sent by Ivy & Co",
    ] {
        assert!(
            sent.text.contains(expected),
            "{expected:?} in:\n{}",
            sent.text
        );
    }
    assert!(sent.html.contains(&format!("href=\"{STATUS}\"")));
    assert!(sent.html.starts_with("<!doctype html><html lang=\"en\">"));
    assert!(
        sent.html
            .contains("<title>Order #1001 confirmed – Ivy &amp; Co</title>")
    );
}

#[test]
fn the_text_and_html_parts_carry_the_same_amounts() {
    for kind in [
        OrderMailKind::Confirmation,
        OrderMailKind::Refund,
        OrderMailKind::Cancellation,
        OrderMailKind::NewOrder,
    ] {
        let sent = mail(kind, &usd(kind), StoreLanguage::En);
        let amounts: Vec<&str> = sent
            .text
            .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
            .filter(|word| word.trim_start_matches('-').starts_with('$'))
            .map(|word| word.trim_end_matches(['.', ',', ';', ':']))
            .collect();
        assert!(amounts.len() >= 2, "{kind:?}: {amounts:?}");
        for amount in amounts {
            assert!(sent.html.contains(amount), "{kind:?}: {amount} in the HTML");
        }
    }
}

#[test]
fn markup_in_a_title_or_a_note_is_text_in_the_html_part() {
    let mut order = usd(OrderMailKind::Confirmation);
    order.line_items[0].title = "<script>alert(1)</script>".to_owned();
    order.note = "<img src=x onerror=alert(2)>".to_owned();
    let sent = mail(OrderMailKind::Confirmation, &order, StoreLanguage::En);
    assert!(!sent.html.contains("<script>") && !sent.html.contains("<img"));
    assert!(sent.html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(sent.html.contains("&lt;img src=x onerror=alert(2)&gt;"));
    // The text part keeps the words as they were typed.
    assert!(sent.text.contains("<script>alert(1)</script>"));
}

#[test]
fn a_vietnamese_store_writes_in_vietnamese_with_its_number_format() {
    let order = sample_order(OrderMailKind::Confirmation, "VND", PLACED);
    let sent = mail(OrderMailKind::Confirmation, &order, StoreLanguage::Vi);
    assert_eq!(sent.subject, "Xác nhận đơn hàng #1001 – Ivy & Co");
    for expected in [
        "Xin chào Ivy Nguyen",
        "Tạm tính: 62.000\u{a0}₫\n",
        "Giảm giá (WELCOME10): -6.200\u{a0}₫\n",
        "Phí vận chuyển (Standard): 5.000\u{a0}₫\n",
        "Tổng cộng: 60.800\u{a0}₫\n",
        "Địa chỉ giao hàng:",
        "Đặt ngày 28/11/2026, 11:00",
        "Xem đơn hàng: ",
    ] {
        assert!(
            sent.text.contains(expected),
            "{expected:?} in:\n{}",
            sent.text
        );
    }
    assert!(sent.html.contains("<html lang=\"vi\">"));
}

#[test]
fn prices_with_tax_in_them_say_so_after_the_total_and_add_nothing() {
    let mut order = usd(OrderMailKind::Confirmation);
    order.tax = money("9.71");
    order.taxes_included = true;
    let sent = mail(OrderMailKind::Confirmation, &order, StoreLanguage::En);
    assert!(sent.text.contains("Total: $60.80\nIncluding tax: $9.71\n"));
    assert!(!sent.text.contains("\nTax: "));
}

#[test]
fn free_shipping_reads_free() {
    let mut order = usd(OrderMailKind::Confirmation);
    order.shipping = money("0");
    let sent = mail(OrderMailKind::Confirmation, &order, StoreLanguage::En);
    assert!(sent.text.contains("Shipping (Standard): Free\n"));
}

#[test]
fn a_refund_notice_tells_the_refund_just_made_and_what_went_back_in_all() {
    let order = usd(OrderMailKind::Refund);
    let sent = mail(OrderMailKind::Refund, &order, StoreLanguage::En);
    assert_eq!(sent.subject, "Refund for order #1001 – Ivy & Co");
    assert!(sent.text.starts_with("We have refunded $10.80\n"));
    assert!(sent.text.contains("- 1 × Ceramic mug  $12.00\n"));
    assert!(sent.text.contains("Refunded: $10.80\n"));
    // A second refund names itself and the sum so far.
    let mut later = order.clone();
    let mut second = later.refunds[0].clone();
    second.lines[0].line = 0;
    second.amount = money("22.50");
    second.tax = money("1.50");
    later.refunds.push(second.clone());
    later.refunded = money("33.30");
    let sent = order_mail(
        OrderMailKind::Refund,
        &later,
        Some(&second),
        &context(StoreLanguage::En),
    );
    assert!(sent.text.contains("- 1 × Linen shirt  $25.00\n"));
    assert!(
        sent.text
            .contains("Tax refunded: $1.50\nRefunded in all: $33.30\nRefunded: $22.50\n")
    );
}

#[test]
fn a_cancellation_says_what_went_back_or_that_nothing_was_taken() {
    let order = usd(OrderMailKind::Cancellation);
    let sent = mail(OrderMailKind::Cancellation, &order, StoreLanguage::En);
    assert_eq!(sent.subject, "Order #1001 cancelled – Ivy & Co");
    assert!(sent.text.contains("$60.80 was refunded to you"));
    let mut unpaid = order;
    unpaid.refunded = money("0");
    let sent = mail(OrderMailKind::Cancellation, &unpaid, StoreLanguage::Vi);
    assert!(sent.text.contains("Không có khoản thanh toán nào bị thu."));
}

#[test]
fn the_alert_links_to_the_admin_and_not_to_the_shoppers_page() {
    let mut order = usd(OrderMailKind::NewOrder);
    order.test = true;
    let sent = mail(OrderMailKind::NewOrder, &order, StoreLanguage::En);
    assert_eq!(sent.subject, "[Ivy & Co] New order #1001: $60.80");
    assert!(
        sent.text
            .contains("Ivy Nguyen (ivy@example.com) ordered 3 items for $60.80.")
    );
    assert!(sent.text.contains("A test order: no payment was taken."));
    assert!(sent.text.contains(&format!("Open the order: {ADMIN}")));
    assert!(!sent.text.contains(STATUS) && !sent.html.contains(STATUS));
}

#[test]
fn an_order_without_a_page_for_its_shopper_has_no_link() {
    let order = usd(OrderMailKind::Confirmation);
    let sent = order_mail(
        OrderMailKind::Confirmation,
        &order,
        None,
        &MailContext {
            status_url: None,
            ..context(StoreLanguage::En)
        },
    );
    assert!(!sent.text.contains("View your order") && !sent.html.contains("<a "));
}

#[test]
fn amounts_keep_their_currencys_decimals() {
    let yen = sample_order(OrderMailKind::Confirmation, "JPY", PLACED);
    let sent = mail(OrderMailKind::Confirmation, &yen, StoreLanguage::En);
    assert!(sent.text.contains("Total: ¥60,800\n"), "{}", sent.text);
    let dinar = sample_order(OrderMailKind::Confirmation, "KWD", PLACED);
    let sent = mail(OrderMailKind::Confirmation, &dinar, StoreLanguage::En);
    assert!(
        sent.text.contains("Total: ") && sent.text.contains("60.800\n"),
        "{}",
        sent.text
    );
}

#[test]
fn a_shipment_notice_tells_what_was_sent_with_its_tracking_in_both_parts() {
    let mut order = usd(OrderMailKind::Confirmation);
    // The shirts went, the mug has not yet.
    order.line_items[0].fulfilled_quantity = 2;
    let lines = [(0, 2)];
    let shipment = Shipment {
        lines: &lines,
        carrier: "UPS",
        tracking_number: "1Z999AA1<0123456784",
    };
    let sent = shipment_mail(&order, &shipment, &context(StoreLanguage::En));
    assert_eq!(sent.subject, "Your order #1001 is on its way – Ivy & Co");
    for expected in [
        "Hello Ivy Nguyen, part of your order #1001 has been sent;",
        "- 2 × Linen shirt  $50.00\n    M / Sand\n",
        "Carrier: UPS\n",
        "Tracking number: 1Z999AA1<0123456784\n",
        "Shipping address:",
        &format!("View your order: {STATUS}"),
    ] {
        assert!(
            sent.text.contains(expected),
            "{expected:?} in:\n{}",
            sent.text
        );
    }
    assert!(!sent.text.contains("Ceramic mug"), "{}", sent.text);
    assert!(
        sent.html.contains("1Z999AA1&lt;0123456784"),
        "{}",
        sent.html
    );
    assert!(!sent.html.contains("1Z999AA1<0"));

    // All of it sent, in Vietnamese.
    order.line_items[1].fulfilled_quantity = 1;
    let lines = [(1, 1)];
    let sent = shipment_mail(
        &order,
        &Shipment {
            lines: &lines,
            carrier: "",
            tracking_number: "",
        },
        &context(StoreLanguage::Vi),
    );
    assert_eq!(sent.subject, "Đơn hàng #1001 đang được giao – Ivy & Co");
    assert!(
        sent.text
            .contains("Xin chào Ivy Nguyen, toàn bộ đơn hàng #1001 của bạn đã được gửi đi."),
        "{}",
        sent.text
    );
    assert!(sent.text.contains("1 × Ceramic mug"));
    assert!(
        !sent.text.contains("Mã vận đơn"),
        "no tracking given: {}",
        sent.text
    );
    assert!(sent.html.contains("<html lang=\"vi\">"));
}
