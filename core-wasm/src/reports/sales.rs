//! Sales grouped by day, product, country or payment method.

use std::collections::{BTreeMap, HashSet};

use shared_types::reports::{SalesGroup, SalesRow};

use super::{PaidOrder, ReportDay, day_of, order_parts};
use crate::analytics::country_name;
use crate::payouts::to_major;

/// A sales row in minor units.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SalesFigures {
    pub key: String,
    pub label: String,
    pub orders: u64,
    pub gross_minor: i64,
    pub discount_minor: i64,
    pub shipping_minor: i64,
}

impl SalesFigures {
    pub fn net_minor(&self) -> i64 {
        self.gross_minor - self.discount_minor
    }

    pub fn total_minor(&self) -> i64 {
        self.net_minor() + self.shipping_minor
    }

    /// The row as the wire carries it.
    pub fn to_row(&self) -> SalesRow {
        SalesRow {
            key: self.key.clone(),
            label: self.label.clone(),
            orders: self.orders,
            gross_sales: to_major(self.gross_minor),
            discounts: to_major(self.discount_minor),
            shipping: to_major(self.shipping_minor),
            net_sales: to_major(self.net_minor()),
            total_sales: to_major(self.total_minor()),
        }
    }

    fn add(&mut self, gross: i64, discount: i64, shipping: i64) {
        self.gross_minor += gross;
        self.discount_minor += discount;
        self.shipping_minor += shipping;
    }
}

/// A sales report's rows and the totals of every order once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SalesTable {
    pub rows: Vec<SalesFigures>,
    pub totals: SalesFigures,
}

/// The sales of `orders` grouped by `group`. Days: every day of the range, in order, orders
/// outside it left out. Otherwise: most total sales first, then by key.
pub fn sales_table(
    orders: &[PaidOrder],
    days: &[ReportDay],
    end_ms: i64,
    group: SalesGroup,
) -> SalesTable {
    let mut rows: BTreeMap<String, SalesFigures> = BTreeMap::new();
    let mut totals = SalesFigures::default();
    if group == SalesGroup::Day {
        for day in days {
            rows.insert(
                day.key.clone(),
                SalesFigures {
                    key: day.key.clone(),
                    label: day.key.clone(),
                    ..SalesFigures::default()
                },
            );
        }
    }
    for order in orders {
        let Some(day) = day_of(days, end_ms, order.captured_at) else {
            continue;
        };
        totals.orders += 1;
        totals.add(
            order.subtotal_minor,
            order.discount_minor,
            order.shipping_minor,
        );
        let whole = |key: &str, label: &str| SalesFigures {
            key: key.to_owned(),
            label: label.to_owned(),
            ..SalesFigures::default()
        };
        match group {
            SalesGroup::Day | SalesGroup::Country | SalesGroup::Payment => {
                let (key, label) = match group {
                    SalesGroup::Day => (days[day].key.clone(), days[day].key.clone()),
                    SalesGroup::Country => {
                        let code = order.country.trim().to_ascii_uppercase();
                        let label = if code.is_empty() {
                            String::new()
                        } else {
                            country_name(&code).to_owned()
                        };
                        (code, label)
                    }
                    _ => (
                        order.payment.trim().to_owned(),
                        order.payment.trim().to_owned(),
                    ),
                };
                let row = rows
                    .entry(key.clone())
                    .or_insert_with(|| whole(&key, &label));
                row.orders += 1;
                row.add(
                    order.subtotal_minor,
                    order.discount_minor,
                    order.shipping_minor,
                );
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
                    row.add(part.gross_minor, part.discount_minor, part.shipping_minor);
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
    fn sales_by_day_keep_empty_days_and_totals_count_each_order_once() {
        let days = [day("2026-11-01", 0), day("2026-11-02", 100)];
        let orders = [
            order(10, vec![line("a", 1, 1000), line("b", 1, 500)], 100, 200),
            order(20, vec![line("a", 2, 1000)], 0, 0),
            // Outside the range.
            order(200, vec![line("a", 1, 1000)], 0, 0),
        ];
        let table = sales_table(&orders, &days, 200, SalesGroup::Day);
        assert_eq!(table.rows.len(), 2);
        assert_eq!(table.rows[0].orders, 2);
        assert_eq!(table.rows[0].gross_minor, 3500);
        assert_eq!(table.rows[1].orders, 0);
        assert_eq!(table.totals.orders, 2);
        assert_eq!(table.totals.net_minor(), 3400);
        assert_eq!(table.totals.total_minor(), 3600);
        let products = sales_table(&orders, &days, 200, SalesGroup::Product);
        assert_eq!(products.rows[0].key, "a");
        assert_eq!(products.rows[0].orders, 2);
        assert_eq!(products.rows[0].gross_minor, 3000);
        let sum: i64 = products.rows.iter().map(SalesFigures::total_minor).sum();
        assert_eq!(sum, products.totals.total_minor());
        let countries = sales_table(&orders, &days, 200, SalesGroup::Country);
        assert_eq!(countries.rows[0].label, "Vietnam");
    }
}
