//! Customers as the merchant edits them, and the orders and customers exports.

use shared_types::catalog::{Customer, Order};
use shared_types::commerce::{Address, CustomerInput};

use super::address::{PHONE_MAX, address_problems, normalized as address_normalized};
use crate::formats::{Currency, currency_or_default};
use crate::limits::PERSON_NAME_MAX;
use crate::reports::csv_field;

/// The longest customer note.
pub const CUSTOMER_NOTES_MAX: usize = 5_000;
/// The most tags on a customer, and the longest tag.
pub const CUSTOMER_TAGS_MAX: usize = 20;
pub const CUSTOMER_TAG_MAX: usize = 40;
/// The most addresses a customer keeps.
pub const CUSTOMER_ADDRESSES_MAX: usize = 10;

/// Every problem of a customer's details.
pub fn customer_problems(input: &CustomerInput) -> Vec<String> {
    let mut problems = Vec::new();
    if !crate::shell::is_email(input.email.trim()) {
        problems.push("Enter a valid e-mail address.".to_owned());
    }
    for (label, name) in [
        ("first name", &input.first_name),
        ("last name", &input.last_name),
    ] {
        if name.trim().chars().count() > PERSON_NAME_MAX as usize {
            problems.push(format!(
                "The {label} is at most {PERSON_NAME_MAX} characters."
            ));
        }
    }
    let phone = input.phone.trim();
    if !phone.is_empty()
        && (phone.chars().count() > PHONE_MAX
            || !phone
                .chars()
                .all(|c| c.is_ascii_digit() || " +-().".contains(c)))
    {
        problems.push("A phone number has digits, + - ( ) and spaces.".to_owned());
    }
    if input.notes.chars().count() > CUSTOMER_NOTES_MAX {
        problems.push(format!(
            "Notes are at most {CUSTOMER_NOTES_MAX} characters."
        ));
    }
    if input.tags.len() > CUSTOMER_TAGS_MAX {
        problems.push(format!("A customer has at most {CUSTOMER_TAGS_MAX} tags."));
    }
    if input
        .tags
        .iter()
        .any(|t| t.trim().is_empty() || t.trim().chars().count() > CUSTOMER_TAG_MAX)
    {
        problems.push(format!("A tag is 1 to {CUSTOMER_TAG_MAX} characters."));
    }
    if input.addresses.len() > CUSTOMER_ADDRESSES_MAX {
        problems.push(format!(
            "A customer keeps at most {CUSTOMER_ADDRESSES_MAX} addresses."
        ));
    } else {
        for (i, address) in input.addresses.iter().enumerate() {
            problems.extend(address_problems(
                &format!("Address {}", i + 1),
                address,
                false,
            ));
        }
    }
    problems
}

/// The details as stored: trimmed, the e-mail lower case, tags without repeats.
pub fn normalized(input: &CustomerInput) -> CustomerInput {
    let mut tags: Vec<String> = Vec::new();
    for tag in &input.tags {
        let tag = tag.trim().to_owned();
        if !tags.iter().any(|t| t.eq_ignore_ascii_case(&tag)) {
            tags.push(tag);
        }
    }
    CustomerInput {
        email: input.email.trim().to_lowercase(),
        first_name: input.first_name.trim().to_owned(),
        last_name: input.last_name.trim().to_owned(),
        phone: input.phone.trim().to_owned(),
        notes: input.notes.trim().to_owned(),
        tags,
        addresses: input.addresses.iter().map(address_normalized).collect(),
    }
}

fn row(fields: &[String]) -> String {
    let mut line = fields
        .iter()
        .map(|f| csv_field(f))
        .collect::<Vec<_>>()
        .join(",");
    line.push_str("\r\n");
    line
}

/// A time as an ISO 8601 UTC timestamp.
fn timestamp(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}

fn money(amount: shared_types::Money, currency: Currency) -> String {
    crate::reports::csv_amount(crate::money::stored_minor(amount, currency), currency)
}

fn address_fields(address: Option<&Address>) -> Vec<String> {
    let a = address.cloned().unwrap_or_default();
    vec![
        a.name, a.line1, a.line2, a.city, a.region, a.postcode, a.country, a.phone,
    ]
}

const ADDRESS_HEADERS: [&str; 8] = [
    "Name", "Address1", "Address2", "City", "Region", "Postcode", "Country", "Phone",
];

/// The orders as CSV: one row per line item, the order's figures on each.
pub fn orders_csv(orders: &[Order]) -> String {
    let mut headers: Vec<String> = [
        "Order",
        "Created at",
        "Email",
        "Financial status",
        "Fulfillment status",
        "Currency",
        "Subtotal",
        "Shipping",
        "Discount",
        "Discount codes",
        "Tax",
        "Taxes included",
        "Total",
        "Refunded",
        "Cancelled at",
        "Note",
        "Shipping method",
        "Item",
        "Variant",
        "Quantity",
        "Price",
        "Line tax",
        "Fulfilled quantity",
        "Refunded quantity",
    ]
    .iter()
    .map(|h| (*h).to_owned())
    .collect();
    headers.extend(ADDRESS_HEADERS.iter().map(|h| format!("Shipping {h}")));
    headers.extend(ADDRESS_HEADERS.iter().map(|h| format!("Billing {h}")));
    let mut out = row(&headers);
    for order in orders {
        let currency = currency_or_default(&order.currency);
        let codes: Vec<&str> = order.discounts.iter().map(|d| d.code.as_str()).collect();
        let head = vec![
            order.order_name.clone(),
            timestamp(order.created_date),
            order
                .customer_info
                .first()
                .map(|c| c.email.clone())
                .unwrap_or_default(),
            order.financial_status.clone(),
            order.fulfillment_status.clone(),
            order.currency.clone(),
            money(order.subtotal, currency),
            money(order.shipping, currency),
            money(order.discount, currency),
            codes.join(" "),
            money(order.tax, currency),
            if order.taxes_included { "yes" } else { "no" }.to_owned(),
            money(order.grand_total, currency),
            money(order.refunded, currency),
            order.cancelled_at.map(timestamp).unwrap_or_default(),
            order.note.clone(),
            order.shipping_method.clone(),
        ];
        let mut tail = address_fields(order.shipping_address.as_ref());
        tail.extend(address_fields(order.billing_address.as_ref()));
        let empty = [shared_types::catalog::LineItem {
            product_id: None,
            variant_id: None,
            title: String::new(),
            variant_title: String::new(),
            quantity: 0,
            price: shared_types::Money::ZERO,
            tax: shared_types::Money::ZERO,
            fulfilled_quantity: 0,
            refunded_quantity: 0,
            personalization: Vec::new(),
        }];
        let lines = if order.line_items.is_empty() {
            &empty[..]
        } else {
            &order.line_items[..]
        };
        for line in lines {
            let mut fields = head.clone();
            fields.extend([
                line.title.clone(),
                line.variant_title.clone(),
                line.quantity.to_string(),
                money(line.price, currency),
                money(line.tax, currency),
                line.fulfilled_quantity.to_string(),
                line.refunded_quantity.to_string(),
            ]);
            fields.extend(tail.iter().cloned());
            out.push_str(&row(&fields));
        }
    }
    out
}

/// The customers as CSV, the default address on each row.
pub fn customers_csv(customers: &[Customer], currency: Currency) -> String {
    let mut headers: Vec<String> = [
        "First name",
        "Last name",
        "Email",
        "Phone",
        "Orders",
        "Total spent",
        "Tags",
        "Notes",
        "Created at",
    ]
    .iter()
    .map(|h| (*h).to_owned())
    .collect();
    headers.extend(ADDRESS_HEADERS.iter().map(|h| format!("Address {h}")));
    let mut out = row(&headers);
    for c in customers {
        let mut fields = vec![
            c.first_name.clone().unwrap_or_default(),
            c.last_name.clone().unwrap_or_default(),
            c.email.clone(),
            c.phone.clone().unwrap_or_default(),
            c.orders_count.to_string(),
            money(c.total_spent, currency),
            c.tags.join(", "),
            c.notes.clone(),
            timestamp(c.created_at),
        ];
        fields.extend(address_fields(c.addresses.first()));
        out.push_str(&row(&fields));
    }
    out
}
