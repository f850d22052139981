//! Sales grouped by day, product, country or payment method.

use std::collections::{BTreeMap, HashSet};

use shared_types::reports::{SalesGroup, SalesRow};

use super::{PaidOrder, ReportDay, ReportRefund, allocate, day_of, order_parts};
use crate::analytics::country_name;
use crate::formats::Currency;
use crate::money::stored;

/// A sales row in minor units.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SalesFigures {
    pub key: String,
    pub label: String,
    pub orders: u64,
    pub gross_minor: i64,
    pub discount_minor: i64,
    /// Money given back for items, on the day it was given back (a refund's shipping comes off
    /// `shipping_minor`).
    pub returns_minor: i64,
    pub shipping_minor: i64,
    /// Tax charged, less tax given back (on the day it was given back).
    pub tax_minor: i64,
}

impl SalesFigures {
    pub fn net_minor(&self) -> i64 {
        self.gross_minor - self.discount_minor - self.returns_minor
    }

    pub fn total_minor(&self) -> i64 {
        self.net_minor() + self.shipping_minor + self.tax_minor
    }

    /// The row as the wire carries it, in `currency`'s minor units.
    pub fn to_row(&self, currency: Currency) -> SalesRow {
        SalesRow {
            key: self.key.clone(),
            label: self.label.clone(),
            orders: self.orders,
            gross_sales: stored(self.gross_minor, currency),
            discounts: stored(self.discount_minor, currency),
            returns: stored(self.returns_minor, currency),
            shipping: stored(self.shipping_minor, currency),
            taxes: stored(self.tax_minor, currency),
            net_sales: stored(self.net_minor(), currency),
            total_sales: stored(self.total_minor(), currency),
        }
    }

    fn add(&mut self, gross: i64, discount: i64, shipping: i64, tax: i64) {
        self.gross_minor += gross;
        self.discount_minor += discount;
        self.shipping_minor += shipping;
        self.tax_minor += tax;
    }

    /// An order's figures, its subtotal and shipping without their tax.
    fn add_order(&mut self, order: &PaidOrder) {
        let (subtotal, shipping) = order.before_tax();
        self.add(subtotal, order.discount_minor, shipping, order.tax_minor);
    }

    fn give_back(&mut self, (items, shipping, tax): (i64, i64, i64)) {
        self.returns_minor += items;
        self.shipping_minor -= shipping;
        self.tax_minor -= tax;
    }
}

/// A sales report's rows and the totals of every order once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SalesTable {
    pub rows: Vec<SalesFigures>,
    pub totals: SalesFigures,
}

/// The key and label of `order`'s row when grouped by country or payment method.
fn order_key(order: &PaidOrder, group: SalesGroup) -> (String, String) {
    if group == SalesGroup::Country {
        let code = order.country.trim().to_ascii_uppercase();
        let label = if code.is_empty() {
            String::new()
        } else {
            country_name(&code).to_owned()
        };
        (code, label)
    } else {
        (
            order.payment.trim().to_owned(),
            order.payment.trim().to_owned(),
        )
    }
}

/// The sales of `orders` (captured in the range) grouped by `group`, less the `refunds` given
/// in the range, each on the day it was given (as the Overview counts them): its items as
/// returns, its shipping off the shipping. Days: every day of the range, in order, orders and
/// refunds outside it left out. Otherwise: most total sales first, then by key; a refund goes
/// to its order's country, payment method, or products (in proportion to their gross sales).
pub fn sales_table(
    orders: &[PaidOrder],
    refunds: &[ReportRefund],
    days: &[ReportDay],
    end_ms: i64,
    group: SalesGroup,
) -> SalesTable {
    let mut rows: BTreeMap<String, SalesFigures> = BTreeMap::new();
    let mut totals = SalesFigures::default();
    // An empty row, named.
    let whole = |key: &str, label: &str| SalesFigures {
        key: key.to_owned(),
        label: label.to_owned(),
        ..SalesFigures::default()
    };
    if group == SalesGroup::Day {
        for day in days {
            rows.insert(day.key.clone(), whole(&day.key, &day.key));
        }
    }
    for order in orders {
        let Some(day) = day_of(days, end_ms, order.captured_at) else {
            continue;
        };
        totals.orders += 1;
        totals.add_order(order);
        match group {
            SalesGroup::Day | SalesGroup::Country | SalesGroup::Payment => {
                let (key, label) = match group {
                    SalesGroup::Day => (days[day].key.clone(), days[day].key.clone()),
                    _ => order_key(order, group),
                };
                let row = rows
                    .entry(key.clone())
                    .or_insert_with(|| whole(&key, &label));
                row.orders += 1;
                row.add_order(order);
            }
            SalesGroup::Product => {
                let mut seen = HashSet::new();
                for part in order_parts(order) {
                    let row = rows
                        .entry(part.product_id.clone())
                        .or_insert_with(|| whole(&part.product_id, &part.title));
                    if row.label.is_empty() {
                        row.label = part.title.clone();
                    }
                    if seen.insert(part.product_id.clone()) {
                        row.orders += 1;
                    }
                    row.add(
                        part.gross_minor,
                        part.discount_minor,
                        part.shipping_minor,
                        part.tax_minor,
                    );
                }
            }
        }
    }
    for refund in refunds {
        let Some(day) = day_of(days, end_ms, refund.at) else {
            continue;
        };
        let (items, shipping, tax) = refund.parts();
        totals.give_back((items, shipping, tax));
        match group {
            SalesGroup::Day | SalesGroup::Country | SalesGroup::Payment => {
                let (key, label) = match group {
                    SalesGroup::Day => (days[day].key.clone(), days[day].key.clone()),
                    _ => order_key(&refund.order, group),
                };
                rows.entry(key.clone())
                    .or_insert_with(|| whole(&key, &label))
                    .give_back((items, shipping, tax));
            }
            SalesGroup::Product => {
                let parts = order_parts(&refund.order);
                let by_gross: Vec<i64> = parts.iter().map(|p| p.gross_minor).collect();
                let by_shipping: Vec<i64> = parts.iter().map(|p| p.shipping_minor).collect();
                let by_tax: Vec<i64> = parts.iter().map(|p| p.tax_minor).collect();
                let items = allocate(items, &by_gross);
                let shipping = allocate(shipping, &by_shipping);
                let tax = allocate(tax, &by_tax);
                for (i, part) in parts.iter().enumerate() {
                    rows.entry(part.product_id.clone())
                        .or_insert_with(|| whole(&part.product_id, &part.title))
                        .give_back((items[i], shipping[i], tax[i]));
                }
            }
        }
    }
    let mut rows: Vec<SalesFigures> = rows.into_values().collect();
    if group != SalesGroup::Day {
        rows.sort_by(|a, b| {
            b.total_minor()
                .cmp(&a.total_minor())
                .then_with(|| a.key.cmp(&b.key))
        });
    }
    SalesTable { rows, totals }
}

#[cfg(test)]
mod tests {
    use super::super::orders::tests::{day, line, order};
    use super::*;

    #[test]
    fn a_refund_comes_off_the_day_it_was_given_its_items_as_returns_its_shipping_off_shipping() {
        let days = [day("2026-11-01", 0), day("2026-11-02", 100)];
        let sold = order(10, vec![line("a", 1, 3000), line("b", 1, 1000)], 0, 500);
        let refund = ReportRefund {
            at: 150,
            amount_minor: 1500,
            shipping_minor: 500,
            order: sold.clone(),
            ..ReportRefund::default()
        };
        let table = sales_table(
            std::slice::from_ref(&sold),
            std::slice::from_ref(&refund),
            &days,
            200,
            SalesGroup::Day,
        );
        // Sold on the 1st, 1,000 of items and 500 of shipping given back on the 2nd.
        assert_eq!(
            (table.rows[0].gross_minor, table.rows[0].returns_minor),
            (4000, 0)
        );
        assert_eq!(table.rows[0].total_minor(), 4500);
        assert_eq!(
            (table.rows[1].orders, table.rows[1].returns_minor),
            (0, 1000)
        );
        assert_eq!(table.rows[1].shipping_minor, -500);
        assert_eq!(table.rows[1].net_minor(), -1000);
        assert_eq!(table.rows[1].total_minor(), -1500);
        // The totals are what was kept: 4,500 paid, 1,500 given back.
        assert_eq!(table.totals.orders, 1);
        assert_eq!(table.totals.net_minor(), 3000);
        assert_eq!(table.totals.total_minor(), 3000);
        // By product, the returns follow the products' gross sales (3:1).
        let products = sales_table(
            std::slice::from_ref(&sold),
            std::slice::from_ref(&refund),
            &days,
            200,
            SalesGroup::Product,
        );
        let returns: Vec<_> = products
            .rows
            .iter()
            .map(|r| (r.key.as_str(), r.returns_minor))
            .collect();
        assert_eq!(returns, [("a", 750), ("b", 250)]);
        // A refund outside the range is not counted; the order sold in it still is.
        let later = ReportRefund { at: 250, ..refund };
        let kept = sales_table(&[sold], &[later], &days, 200, SalesGroup::Day);
        assert_eq!(kept.totals.returns_minor, 0);
        assert_eq!(kept.totals.total_minor(), 4500);
    }

    #[test]
    fn tax_is_a_column_of_its_own_and_the_totals_are_still_what_shoppers_paid() {
        let days = [day("2026-11-01", 0)];
        // 30.00 + 5.00 shipping, 10 % added: 3.50 of tax (0.50 on shipping), 38.50 paid.
        let mut added = order(10, vec![line("a", 1, 3000)], 0, 500);
        added.lines[0].tax_minor = 300;
        added.tax_minor = 350;
        added.shipping_tax_minor = 50;
        added.grand_total_minor = 3850;
        // 11.90 with 19 % in the price: 10.00 before its 1.90 of tax, 11.90 paid.
        let mut included = order(20, vec![line("b", 1, 1190)], 0, 0);
        included.lines[0].tax_minor = 190;
        included.tax_minor = 190;
        included.taxes_included = true;
        // The 30.00 line back with its 3.00 of tax.
        let refund = ReportRefund {
            at: 30,
            amount_minor: 3300,
            tax_minor: 300,
            order: added.clone(),
            ..ReportRefund::default()
        };
        assert_eq!(refund.parts(), (3000, 0, 300));
        let table = sales_table(
            &[added, included.clone()],
            &[refund],
            &days,
            100,
            SalesGroup::Day,
        );
        let t = &table.totals;
        assert_eq!(
            (
                t.gross_minor,
                t.returns_minor,
                t.shipping_minor,
                t.tax_minor
            ),
            (4000, 3000, 500, 240)
        );
        assert_eq!(t.net_minor(), 1000);
        // 38.50 + 11.90 paid, 33.00 given back.
        assert_eq!(t.total_minor(), 3850 + 1190 - 3300);
        // With tax in the prices, a refund's shipping counts without its tax.
        let back = ReportRefund {
            at: 30,
            amount_minor: 1690,
            shipping_minor: 500,
            tax_minor: 270,
            shipping_tax_minor: 80,
            order: included,
        };
        assert_eq!(back.parts(), (1000, 420, 270));
    }

    #[test]
    fn sales_by_day_keep_empty_days_and_totals_count_each_order_once() {
        let days = [day("2026-11-01", 0), day("2026-11-02", 100)];
        let orders = [
            order(10, vec![line("a", 1, 1000), line("b", 1, 500)], 100, 200),
            order(20, vec![line("a", 2, 1000)], 0, 0),
            // Outside the range.
            order(200, vec![line("a", 1, 1000)], 0, 0),
        ];
        let table = sales_table(&orders, &[], &days, 200, SalesGroup::Day);
        assert_eq!(table.rows.len(), 2);
        assert_eq!(table.rows[0].orders, 2);
        assert_eq!(table.rows[0].gross_minor, 3500);
        assert_eq!(table.rows[1].orders, 0);
        assert_eq!(table.totals.orders, 2);
        assert_eq!(table.totals.net_minor(), 3400);
        assert_eq!(table.totals.total_minor(), 3600);
        let products = sales_table(&orders, &[], &days, 200, SalesGroup::Product);
        assert_eq!(products.rows[0].key, "a");
        assert_eq!(products.rows[0].orders, 2);
        assert_eq!(products.rows[0].gross_minor, 3000);
        let sum: i64 = products.rows.iter().map(SalesFigures::total_minor).sum();
        assert_eq!(sum, products.totals.total_minor());
        let countries = sales_table(&orders, &[], &days, 200, SalesGroup::Country);
        assert_eq!(countries.rows[0].label, "Vietnam");
    }
}
