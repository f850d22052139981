//! What an order may still do: which of its lines may ship, what a refund gives back, whether
//! it may be cancelled, and the statuses that follow. The server asks these before it writes,
//! inside the transaction that read the order, so two staff members at once cannot ship or
//! refund a line twice.

use shared_types::commerce::{FulfillmentInput, LineQuantity, RefundInput};

use crate::formats::{Currency, currency_or_default};
use crate::money::stored_minor;
use crate::numbers::ratio;

/// The financial states of an order: `partially_refunded` once some of its money went back,
/// `refunded` once all of it did.
pub const FINANCIAL_STATUSES: [&str; 5] = [
    "pending",
    "paid",
    "partially_refunded",
    "refunded",
    "voided",
];

/// The fulfilment states of an order. `closed`: nothing is left to ship because what was not
/// shipped was refunded or the order was cancelled. The dashboard's open orders are the
/// `unfulfilled` ones, as the orders list's filter of that name.
pub const FULFILLMENT_STATUSES: [&str; 4] = ["unfulfilled", "partial", "fulfilled", "closed"];

/// The longest carrier name and tracking number.
pub const CARRIER_MAX: usize = 60;
pub const TRACKING_MAX: usize = 60;
/// The longest refund or cancellation reason.
pub const REASON_MAX: usize = 500;

/// One line of an order as ordered, shipped and refunded.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LineState {
    pub quantity: i64,
    pub price_minor: i64,
    /// Shipped by fulfilments that were not cancelled.
    pub fulfilled: i64,
    pub refunded: i64,
    /// The line's tax for all its units.
    pub tax_minor: i64,
}

impl LineState {
    /// What may still ship.
    pub fn open(&self) -> i64 {
        (self.quantity - self.fulfilled - self.refunded).max(0)
    }
}

/// An order as its rules see it. Money in minor units.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OrderState {
    pub lines: Vec<LineState>,
    pub subtotal_minor: i64,
    pub shipping_minor: i64,
    /// Off the merchandise.
    pub merchandise_discount_minor: i64,
    /// Off the shipping.
    pub shipping_discount_minor: i64,
    pub grand_total_minor: i64,
    pub refunded_minor: i64,
    pub shipping_refunded_minor: i64,
    /// The order's tax, its lines' and its shipping's.
    pub tax_minor: i64,
    /// The part of `tax_minor` on shipping.
    pub shipping_tax_minor: i64,
    /// The prices held the tax: a refund's tax is part of what it gives back for the lines
    /// and shipping, not added to it.
    pub taxes_included: bool,
    pub financial_status: String,
    pub cancelled: bool,
    /// The order's currency: its minor units are the amounts above.
    pub currency: Currency,
}

/// What a refund gives back, in minor units.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Amounts {
    pub lines_minor: i64,
    pub shipping_minor: i64,
    /// The tax given back: part of `lines_minor` and `shipping_minor` when the order's prices
    /// included it, else added to them in `total_minor`.
    pub tax_minor: i64,
    /// The part of `tax_minor` on shipping.
    pub shipping_tax_minor: i64,
    pub total_minor: i64,
}

/// The fulfilment status of lines: `fulfilled` when nothing is left to ship and something was
/// shipped, `closed` when nothing is left and nothing was shipped, `partial` when some was
/// shipped, else `unfulfilled`.
pub fn fulfillment_status(lines: &[LineState]) -> &'static str {
    let shipped = lines.iter().any(|l| l.fulfilled > 0);
    let open = lines.iter().any(|l| l.open() > 0);
    match (open, shipped) {
        (false, true) => "fulfilled",
        (false, false) => "closed",
        (true, true) => "partial",
        (true, false) => "unfulfilled",
    }
}

/// The quantities asked for, checked against the order's lines and merged per line: each line
/// known, each quantity positive, none asked twice.
fn quantities(
    order: &OrderState,
    lines: &[LineQuantity],
    problems: &mut Vec<String>,
) -> Vec<(usize, i64)> {
    let mut merged: Vec<(usize, i64)> = Vec::new();
    for line in lines {
        let index = line.line as usize;
        if index >= order.lines.len() {
            problems.push(format!(
                "The order has no line {}.",
                u64::from(line.line) + 1
            ));
            continue;
        }
        if line.quantity <= 0 {
            problems.push("A quantity is a whole number above 0.".to_owned());
            continue;
        }
        if merged.iter().any(|(i, _)| *i == index) {
            problems.push(format!("Line {} is given twice.", u64::from(line.line) + 1));
            continue;
        }
        merged.push((index, line.quantity));
    }
    merged
}

/// The lines a fulfilment ships, checked: a paid order that is not cancelled, at least one
/// line, no more of a line than is left to ship, a carrier and tracking number of a sensible
/// length (a tracking number needs a carrier).
pub fn check_fulfilment(
    order: &OrderState,
    input: &FulfillmentInput,
) -> Result<Vec<(usize, i64)>, Vec<String>> {
    let mut problems = Vec::new();
    if order.cancelled {
        return Err(vec!["A cancelled order is not shipped.".to_owned()]);
    }
    if !matches!(
        order.financial_status.as_str(),
        "paid" | "partially_refunded"
    ) {
        return Err(vec![format!(
            "Only a paid order is shipped (this one is {}).",
            order.financial_status.replace('_', " ")
        )]);
    }
    if input.lines.is_empty() {
        problems.push("Choose at least one line to ship.".to_owned());
    }
    let lines = quantities(order, &input.lines, &mut problems);
    for (index, quantity) in &lines {
        let open = order.lines[*index].open();
        if *quantity > open {
            problems.push(format!(
                "Line {}: {open} left to ship, not {quantity}.",
                index + 1
            ));
        }
    }
    let carrier = input.carrier.trim();
    let tracking = input.tracking_number.trim();
    if carrier.chars().count() > CARRIER_MAX {
        problems.push(format!("The carrier is at most {CARRIER_MAX} characters."));
    }
    if tracking.chars().count() > TRACKING_MAX
        || !tracking
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ' ')
    {
        problems.push(format!(
            "A tracking number is at most {TRACKING_MAX} letters, digits, spaces or hyphens."
        ));
    }
    if !tracking.is_empty() && carrier.is_empty() {
        problems.push("Name the carrier of the tracking number.".to_owned());
    }
    if problems.is_empty() {
        Ok(lines)
    } else {
        Err(problems)
    }
}

/// What refunding `quantity` of line `index` gives back: its price less its share of the
/// merchandise discount (shared by value, rounded half up).
fn line_refund(order: &OrderState, index: usize, quantity: i64) -> i64 {
    let line = &order.lines[index];
    let gross = line.price_minor * quantity;
    if order.subtotal_minor <= 0 {
        return gross;
    }
    let share = (i128::from(order.merchandise_discount_minor) * i128::from(gross)
        + i128::from(order.subtotal_minor) / 2)
        / i128::from(order.subtotal_minor);
    gross - i64::try_from(share).unwrap_or(0)
}

/// Shipping that may still be refunded: what the shopper paid for it, less refunds of it.
pub fn shipping_refundable(order: &OrderState) -> i64 {
    (order.shipping_minor - order.shipping_discount_minor - order.shipping_refunded_minor).max(0)
}

/// What the refund would give back, checked: an order that took money, lines not refunded
/// before and not more than were bought, shipping not below 0 nor above what is left of it,
/// something to refund, and never more than the shopper paid. Refunding everything that is
/// left gives back exactly what is left, so no cent stays behind from rounding.
pub fn quote_refund(order: &OrderState, input: &RefundInput) -> Result<Amounts, Vec<String>> {
    if !matches!(
        order.financial_status.as_str(),
        "paid" | "partially_refunded"
    ) {
        return Err(vec![format!(
            "Only a paid order is refunded (this one is {}).",
            order.financial_status.replace('_', " ")
        )]);
    }
    let mut problems = Vec::new();
    let lines = quantities(order, &input.lines, &mut problems);
    for (index, quantity) in &lines {
        let line = &order.lines[*index];
        let left = line.quantity - line.refunded;
        if *quantity > left {
            problems.push(format!(
                "Line {}: {left} left to refund, not {quantity}.",
                index + 1
            ));
        }
    }
    let shipping = if input.shipping.is_negative() {
        problems.push("The shipping refunded is an amount of 0 or more.".to_owned());
        0
    } else {
        match crate::money::to_stored("shipping", input.shipping, order.currency) {
            Ok(minor) => minor,
            Err(e) => {
                problems.push(e);
                0
            }
        }
    };
    let shipping_left = shipping_refundable(order);
    if shipping > shipping_left {
        problems.push(format!(
            "At most {} of shipping is left to refund.",
            crate::reports::csv_amount(shipping_left, order.currency)
        ));
    }
    if input.reason.trim().chars().count() > REASON_MAX {
        problems.push(format!("A reason is at most {REASON_MAX} characters."));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let lines_minor: i64 = lines
        .iter()
        .map(|(index, quantity)| line_refund(order, *index, *quantity))
        .sum();
    let (tax, shipping_tax) = refund_tax_of(order, &lines, shipping);
    let added_tax = if order.taxes_included { 0 } else { tax };
    let left = order.grand_total_minor - order.refunded_minor;
    let everything = shipping == shipping_left
        && order.lines.iter().enumerate().all(|(i, line)| {
            let asked = lines.iter().find(|(j, _)| *j == i).map_or(0, |(_, q)| *q);
            line.refunded + asked == line.quantity
        });
    let total = if everything {
        left
    } else {
        lines_minor + shipping + added_tax
    };
    if total <= 0 {
        return Err(vec!["Choose lines or shipping to refund.".to_owned()]);
    }
    if total > left {
        return Err(vec![format!(
            "A refund gives back at most {}, what is left of the payment.",
            crate::reports::csv_amount(left, order.currency)
        )]);
    }
    Ok(Amounts {
        lines_minor: total - shipping - added_tax,
        shipping_minor: shipping,
        tax_minor: tax,
        shipping_tax_minor: shipping_tax,
        total_minor: total,
    })
}

/// The tax a refund of `lines` (index, quantity) and `shipping` gives back: each line's share
/// for the units refunded (`refund_tax`) and the shipping tax's share of the shipping refunded,
/// both counted on what went back so far, so refunding everything in any steps gives back
/// exactly the order's tax. (All of it, the part on shipping.)
fn refund_tax_of(order: &OrderState, lines: &[(usize, i64)], shipping: i64) -> (i64, i64) {
    let lines_tax: i64 = lines
        .iter()
        .map(|(index, quantity)| {
            let line = &order.lines[*index];
            super::tax::refund_tax(line.tax_minor, line.quantity, line.refunded, *quantity)
        })
        .sum();
    let paid = i128::from(order.shipping_minor - order.shipping_discount_minor);
    let shipping_tax = if paid > 0 {
        let before = order.shipping_refunded_minor;
        let after = i128::from(before + shipping).min(paid);
        ratio(order.shipping_tax_minor, after, paid)
            - ratio(order.shipping_tax_minor, i128::from(before).min(paid), paid)
    } else {
        0
    };
    (lines_tax + shipping_tax, shipping_tax)
}

/// The financial status after `refunded_minor` of `grand_total_minor` went back.
pub fn financial_after_refund(grand_total_minor: i64, refunded_minor: i64) -> &'static str {
    if refunded_minor >= grand_total_minor {
        "refunded"
    } else if refunded_minor > 0 {
        "partially_refunded"
    } else {
        "paid"
    }
}

/// Whether the order may be cancelled: not twice, and only while nothing of it has shipped
/// (cancel the fulfilments first).
pub fn check_cancel(order: &OrderState) -> Result<(), String> {
    if order.cancelled {
        return Err("This order is cancelled already.".to_owned());
    }
    if order.lines.iter().any(|l| l.fulfilled > 0) {
        return Err(
            "Lines of this order have shipped: cancel its fulfilments before the order.".to_owned(),
        );
    }
    if order.financial_status == "voided" {
        return Err("This order is voided already.".to_owned());
    }
    Ok(())
}

/// The refund that cancelling gives: every line not refunded yet and the shipping left.
pub fn cancel_refund(order: &OrderState, restock: bool, reason: &str) -> RefundInput {
    RefundInput {
        lines: order
            .lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.quantity > l.refunded)
            .map(|(i, l)| LineQuantity {
                line: u32::try_from(i).unwrap_or(u32::MAX),
                quantity: l.quantity - l.refunded,
            })
            .collect(),
        shipping: crate::money::stored(shipping_refundable(order), order.currency),
        restock,
        reason: reason.to_owned(),
    }
}

/// An order as the API sends it, as its rules see it.
pub fn state_of(order: &shared_types::catalog::Order) -> OrderState {
    let currency = currency_or_default(&order.currency);
    let stored_minor = |amount| stored_minor(amount, currency);
    let shipping_discount: i64 = order
        .discounts
        .iter()
        .filter(|d| d.value_type == "free_shipping")
        .map(|d| stored_minor(d.amount))
        .sum();
    OrderState {
        lines: order
            .line_items
            .iter()
            .map(|l| LineState {
                quantity: l.quantity,
                price_minor: stored_minor(l.price),
                fulfilled: l.fulfilled_quantity,
                refunded: l.refunded_quantity,
                tax_minor: stored_minor(l.tax),
            })
            .collect(),
        subtotal_minor: stored_minor(order.subtotal),
        shipping_minor: stored_minor(order.shipping),
        merchandise_discount_minor: stored_minor(order.discount) - shipping_discount,
        shipping_discount_minor: shipping_discount,
        grand_total_minor: stored_minor(order.grand_total),
        refunded_minor: stored_minor(order.refunded),
        shipping_refunded_minor: order.refunds.iter().map(|r| stored_minor(r.shipping)).sum(),
        tax_minor: stored_minor(order.tax),
        shipping_tax_minor: stored_minor(order.shipping_tax),
        taxes_included: order.taxes_included,
        financial_status: order.financial_status.clone(),
        cancelled: order.cancelled_at.is_some(),
        currency,
    }
}
