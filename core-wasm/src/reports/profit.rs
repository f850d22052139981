//! Estimated profit with the merchant's unit costs and the payout balance's fee rule.

use std::collections::{BTreeMap, HashMap};

use shared_types::Money;
use shared_types::reports::{ProfitProduct, ProfitRow};

use super::{OrderPart, PaidOrder, ReportDay, ReportError, day_of, order_parts};
use crate::formats::Currency;
use crate::money::stored;

/// The largest unit cost, in major units: 1,000,000.
pub const MAX_UNIT_COST: i64 = 1_000_000;

/// Unit costs by (product id, variant id); `""` as the variant is the product's own cost.
pub type UnitCosts = HashMap<(String, String), i64>;

/// The unit cost of a part: its variant's, else its product's, else unknown.
pub fn unit_cost(costs: &UnitCosts, product_id: &str, variant_id: &str) -> Option<i64> {
    if product_id.is_empty() {
        return None;
    }
    costs
        .get(&(product_id.to_owned(), variant_id.to_owned()))
        .or_else(|| costs.get(&(product_id.to_owned(), String::new())))
        .copied()
}

#[derive(Debug, Clone, Default)]
struct ProfitSums {
    orders: u64,
    sales: i64,
    cogs: i64,
    fees: i64,
    shipping: i64,
    unknown_units: u64,
    unknown_sales: i64,
}

impl ProfitSums {
    /// Adds a part: sales always; costs, fees and shipping only when its unit cost is known,
    /// so that `profit = sales - unknown sales - cost of goods - fees - shipping` holds.
    fn add(&mut self, part: &OrderPart, cost: Option<i64>) {
        self.sales += part.sales_minor();
        match cost {
            Some(cost) => {
                self.cogs += cost.saturating_mul(part.units);
                self.fees += part.fee_minor;
                self.shipping += part.shipping_minor;
            }
            None => {
                self.unknown_units += u64::try_from(part.units).unwrap_or(0);
                self.unknown_sales += part.sales_minor();
            }
        }
    }

    fn row(&self, key: &str, currency: Currency) -> ProfitRow {
        ProfitRow {
            key: key.to_owned(),
            orders: self.orders,
            sales: stored(self.sales, currency),
            cost_of_goods: stored(self.cogs, currency),
            payment_fees: stored(self.fees, currency),
            shipping_costs: stored(self.shipping, currency),
            profit: stored(
                self.sales - self.unknown_sales - self.cogs - self.fees - self.shipping,
                currency,
            ),
            unknown_cost_units: self.unknown_units,
            unknown_cost_sales: stored(self.unknown_sales, currency),
        }
    }
}

/// The estimated profit of a range.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfitTable {
    pub days: Vec<ProfitRow>,
    pub products: Vec<ProfitProduct>,
    pub totals: ProfitRow,
}

/// Profit = sales - cost of goods - payment fees - shipping costs, per day and per product.
/// Sales are what shoppers paid (net sales plus shipping); the shipping cost of a part is the
/// shipping it charged; a part without a unit cost is left out of the profit and reported as
/// unknown, never counted as free.
pub fn profit_table(
    orders: &[PaidOrder],
    days: &[ReportDay],
    end_ms: i64,
    costs: &UnitCosts,
    currency: Currency,
) -> ProfitTable {
    let mut per_day = vec![ProfitSums::default(); days.len()];
    let mut totals = ProfitSums::default();
    #[derive(Default)]
    struct Product {
        title: String,
        units: i64,
        sales: i64,
        fees: i64,
        shipping: i64,
    }
    let mut products: BTreeMap<(String, String), Product> = BTreeMap::new();
    for order in orders {
        let Some(day) = day_of(days, end_ms, order.captured_at) else {
            continue;
        };
        per_day[day].orders += 1;
        totals.orders += 1;
        for part in order_parts(order) {
            let cost = unit_cost(costs, &part.product_id, &part.variant_id);
            per_day[day].add(&part, cost);
            totals.add(&part, cost);
            let product = products
                .entry((part.product_id.clone(), part.variant_id.clone()))
                .or_default();
            if product.title.is_empty() {
                product.title = part.title.clone();
            }
            product.units += part.units;
            product.sales += part.sales_minor();
            product.fees += part.fee_minor;
            product.shipping += part.shipping_minor;
        }
    }
    let mut products: Vec<(i64, ProfitProduct)> = products
        .into_iter()
        .map(|((product_id, variant_id), p)| {
            let cost = unit_cost(costs, &product_id, &variant_id);
            let cogs = cost.map(|c| c.saturating_mul(p.units));
            (
                p.sales,
                ProfitProduct {
                    profit: cogs.map(|cogs| stored(p.sales - cogs - p.fees - p.shipping, currency)),
                    unit_cost: cost.map(|c| stored(c, currency)),
                    cost_of_goods: cogs.map(|c| stored(c, currency)),
                    product_id,
                    variant_id,
                    title: p.title,
                    units: u64::try_from(p.units).unwrap_or(0),
                    sales: stored(p.sales, currency),
                    payment_fees: stored(p.fees, currency),
                    shipping_costs: stored(p.shipping, currency),
                },
            )
        })
        .collect();
    products.sort_by(|(a_sales, a), (b_sales, b)| {
        b_sales
            .cmp(a_sales)
            .then_with(|| a.title.cmp(&b.title))
            .then_with(|| a.product_id.cmp(&b.product_id))
    });
    ProfitTable {
        days: days
            .iter()
            .zip(&per_day)
            .map(|(day, sums)| sums.row(&day.key, currency))
            .collect(),
        products: products.into_iter().map(|(_, p)| p).collect(),
        totals: totals.row("", currency),
    }
}

/// A unit cost as typed: 0 to 1,000,000 with at most the currency's decimals, in its minor
/// units.
pub fn unit_cost_minor(amount: Money, currency: Currency) -> Result<i64, ReportError> {
    let most = MAX_UNIT_COST * 10_i64.pow(currency.digits);
    match amount.minor_units(currency.digits as u8) {
        Ok(minor) if (0..=most).contains(&minor) => Ok(minor),
        _ => Err(ReportError::UnitCost),
    }
}

#[cfg(test)]
mod tests {
    use super::super::orders::tests::{day, line, order};
    use super::*;
    use crate::money::m;

    #[test]
    fn profit_leaves_products_without_a_cost_out_and_reports_them() {
        let days = [day("2026-11-01", 0)];
        // 100.00 of a (cost 20.00 each x 2) and 50.00 of b (no cost); no discount or shipping.
        let orders = [order(1, vec![line("a", 2, 5000), line("b", 1, 5000)], 0, 0)];
        let mut costs = UnitCosts::new();
        costs.insert(("a".to_owned(), String::new()), 2000);
        let table = profit_table(&orders, &days, 100, &costs, Currency::default());
        // Fee of 150.00: 4.35 + 0.30 = 4.65, a's share 2/3 = 3.10.
        let a = &table.products[0];
        assert_eq!(a.product_id, "a");
        assert_eq!(a.cost_of_goods, Some(m("40")));
        assert_eq!(a.payment_fees, m("3.10"));
        assert_eq!(a.profit, Some(m("56.90")));
        let b = &table.products[1];
        assert_eq!(b.profit, None);
        assert_eq!(b.unit_cost, None);
        assert_eq!(table.totals.unknown_cost_units, 1);
        assert_eq!(table.totals.unknown_cost_sales, m("50"));
        assert_eq!(table.totals.sales, m("150"));
        assert_eq!(table.totals.profit, m("56.9"));
        assert_eq!(table.days[0].profit, m("56.9"));
        // A variant's own cost wins over the product's.
        costs.insert(("a".to_owned(), "v".to_owned()), 100);
        assert_eq!(unit_cost(&costs, "a", "v"), Some(100));
        assert_eq!(unit_cost(&costs, "a", "w"), Some(2000));
        assert_eq!(unit_cost(&costs, "", ""), None);
    }

    #[test]
    fn unit_costs_are_money() {
        let usd = Currency::default();
        let jpy = crate::formats::currency_or_default("JPY");
        assert_eq!(unit_cost_minor(m("12.5"), usd), Ok(1250));
        assert_eq!(unit_cost_minor(m("0"), usd), Ok(0));
        assert_eq!(unit_cost_minor(m("1000000"), usd), Ok(100_000_000));
        assert_eq!(unit_cost_minor(m("1250"), jpy), Ok(1250));
        assert_eq!(unit_cost_minor(m("12.5"), jpy), Err(ReportError::UnitCost));
        for bad in ["-1", "1.234", "1000000.01"] {
            assert_eq!(
                unit_cost_minor(m(bad), usd),
                Err(ReportError::UnitCost),
                "{bad}"
            );
        }
    }
}
