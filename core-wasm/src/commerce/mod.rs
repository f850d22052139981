//! Selling: the rules of a shopper's address, of the discounts a cart earns, and of what an
//! order may still ship, refund or cancel. The storefront's checkout, the server and the admin
//! (through WebAssembly) all ask these functions, so a total or a refusal is the same
//! everywhere.

pub mod address;
pub mod checkout;
pub mod countries;
pub mod customers;
pub mod discounts;
pub mod mail;
pub mod orders;
pub mod regions;
pub mod shipping;
pub mod tax;

pub use address::{
    DEFAULT_CHECKOUT_COUNTRY, address_problems, checkout_country, country, country_list, normalized,
};
pub use customers::{customer_problems, customers_csv, orders_csv};
pub use discounts::{
    Applied, CartDiscounts, DiscountRule, TaxPlace, Totals, applied, apply_discounts, taxed_totals,
    totals,
};
pub use orders::{
    Amounts, FINANCIAL_STATUSES, FULFILLMENT_STATUSES, LineState, OrderState, cancel_refund,
    check_cancel, check_fulfilment, financial_after_refund, fulfillment_status, quote_refund,
    shipping_refundable,
};
pub use shipping::{ShippingChoice, ShippingNote, ShippingQuote, quote, zone_for};
pub use tax::{TaxBreakdown, cart_tax, rate_for, rate_ppm, refund_tax, shares, tax_problems};
