//! Selling: addresses, the discounts a cart earns, fulfilments, refunds, cancellations and an
//! order's timeline, as the storefront's checkout and the admin's order page send and read them.
//! Money is `Money` (major units in JSON: `19.99`); times are milliseconds since the epoch.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::Money;
use ts_rs::TS;

dto! {
    /// A postal address: shipping or billing, an order's or a customer's.
    #[derive(Default)]
    pub struct Address {
        /// The recipient's full name.
        pub name: String,
        pub line1: String,
        #[serde(default)]
        pub line2: String,
        pub city: String,
        /// State, province or region (required where the country has them on its envelopes).
        #[serde(default)]
        pub region: String,
        /// Required where the country uses postcodes.
        #[serde(default)]
        pub postcode: String,
        /// ISO 3166-1 alpha-2, upper case.
        pub country: String,
        #[serde(default)]
        pub phone: String,
    }

    /// A country a shopper may ship to: its code, English name, and whether its addresses
    /// carry a postcode. (Its TypeScript name differs from the analytics' `Country`, which has
    /// no postcode, so the two generated files do not overwrite each other.)
    #[ts(rename = "ShippingCountry")]
    pub struct Country {
        pub code: String,
        pub name: String,
        pub postcode: bool,
    }

    /// A discount applied to an order or a cart: which, how, and how much it took off.
    pub struct AppliedDiscount {
        /// The discount's id (absent once the discount is deleted).
        #[serde(default)]
        #[ts(optional)]
        pub discount_id: Option<String>,
        /// code or automatic.
        pub method: String,
        /// The code typed, or the automatic discount's title.
        pub code: String,
        /// percent, amount or free_shipping.
        pub value_type: String,
        /// What it took off, in major units.
        pub amount: Money,
    }

    /// A quantity of one of an order's lines (`line` is the line's index in `lineItems`).
    pub struct LineQuantity {
        pub line: u32,
        pub quantity: i64,
    }

    /// Lines sent to the shopper with a carrier and tracking number.
    pub struct FulfillmentInput {
        pub lines: Vec<LineQuantity>,
        #[serde(default)]
        pub carrier: String,
        #[serde(default)]
        pub tracking_number: String,
        /// Send the shopper a shipping confirmation (default true).
        #[serde(default)]
        #[ts(optional)]
        pub notify_customer: Option<bool>,
    }

    /// A shipment of some of an order's lines.
    pub struct Fulfillment {
        pub id: String,
        pub lines: Vec<LineQuantity>,
        pub carrier: String,
        pub tracking_number: String,
        /// success or cancelled.
        pub status: String,
        pub created_at: i64,
        #[serde(default)]
        #[ts(optional)]
        pub cancelled_at: Option<i64>,
    }

    /// Money given back for some lines and some shipping, with the lines put back in stock or
    /// not.
    pub struct RefundInput {
        #[serde(default)]
        pub lines: Vec<LineQuantity>,
        /// Shipping given back, in major units (default 0).
        #[serde(default)]
        pub shipping: Money,
        /// Put the refunded lines back in stock.
        #[serde(default)]
        pub restock: bool,
        #[serde(default)]
        pub reason: String,
    }

    /// A refund made: what it gave back and for what.
    pub struct Refund {
        pub id: String,
        pub lines: Vec<LineQuantity>,
        pub shipping: Money,
        /// The tax it gave back (part of `amount`).
        #[serde(default)]
        pub tax: Money,
        pub amount: Money,
        pub restock: bool,
        pub reason: String,
        pub created_at: i64,
    }

    /// What a refund of the given lines and shipping would give back (the admin's refund
    /// dialog shows it before the merchant confirms).
    pub struct RefundQuote {
        pub amount: Money,
        /// The tax it gives back (part of `amount`).
        #[serde(default)]
        pub tax: Money,
        /// Shipping that may still be refunded.
        pub shipping_refundable: Money,
        /// Money that may still be refunded in all.
        pub refundable: Money,
    }

    /// Cancels an unfulfilled order: a paid one is refunded in full.
    pub struct CancelInput {
        #[serde(default)]
        pub restock: bool,
        #[serde(default)]
        pub reason: String,
    }

    /// One change of an order, for its timeline: who (a staff member's name, or empty for the
    /// shopper or the system), when, what (`kind`, with `details` for the UI's sentence).
    pub struct OrderEvent {
        pub at: i64,
        pub actor: String,
        /// placed, paid, fulfilled, fulfillmentCancelled, refunded, cancelled, emailSent,
        /// customerEdited.
        pub kind: String,
        #[ts(type = "Record<string, unknown>")]
        pub details: Value,
    }

    /// The lines, discounts and totals a cart comes to (the cart page and the checkout show
    /// it; the order is written with the same figures).
    pub struct CartTotals {
        pub subtotal: Money,
        pub shipping: Money,
        pub discount: Money,
        pub total: Money,
        pub discounts: Vec<AppliedDiscount>,
        /// Why the code typed does not apply (empty when it does or none was typed).
        #[serde(default)]
        pub code_problem: String,
    }

    /// A customer's details as the merchant edits them.
    pub struct CustomerInput {
        pub email: String,
        #[serde(default)]
        pub first_name: String,
        #[serde(default)]
        pub last_name: String,
        #[serde(default)]
        pub phone: String,
        #[serde(default)]
        pub notes: String,
        #[serde(default)]
        pub tags: Vec<String>,
        /// The first is the default address.
        #[serde(default)]
        pub addresses: Vec<Address>,
    }
}

/// The core's answer to a refund the admin's dialog asks about: what it would give back, or
/// why it cannot be made (`quote` is then `null`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RefundAnswer {
    pub quote: Option<RefundQuote>,
    pub problems: Vec<String>,
}

dto! {
    /// A store's taxes: one rate per country, or per region where the country taxes by region
    /// (US states, Canadian provinces). A shopper's address picks the rate: its region's when
    /// the store has one, else its country's, else none.
    #[derive(Default)]
    pub struct TaxSettings {
        /// Prices are entered with tax in them (EU VAT, the UK, Australia's GST, Vietnam's VAT)
        /// or without it, tax added at checkout (US, Canada). One setting per store.
        pub prices_include_tax: bool,
        /// Shipping is taxed at the address's rate.
        pub tax_shipping: bool,
        #[serde(default)]
        pub rates: Vec<TaxRate>,
    }

    /// The tax rate of a country, or of one of its regions.
    pub struct TaxRate {
        /// ISO 3166-1 alpha-2, upper case.
        pub country: String,
        /// The region's code as addresses write it (`CA`, `NY`, `ON`); empty: the whole country.
        #[serde(default)]
        pub region: String,
        /// The rate in percent, exact, at most 3 decimals: `19`, `8.875`.
        pub percent: Money,
    }
}
