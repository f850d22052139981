//! The paid orders reports read, and how an order's money is shared out among its lines.

use serde::{Deserialize, Serialize};

use crate::payouts::fees_minor;

/// A line item of a paid order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    /// `""` when the line names no product.
    pub product_id: String,
    /// `""` when the line names no variant.
    pub variant_id: String,
    pub title: String,
    pub quantity: i64,
    pub price_minor: i64,
    /// The line's tax.
    #[serde(default)]
    pub tax_minor: i64,
}

/// A paid order as the reports read it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaidOrder {
    pub id: String,
    pub captured_at: i64,
    pub subtotal_minor: i64,
    pub shipping_minor: i64,
    pub discount_minor: i64,
    pub grand_total_minor: i64,
    /// `""` when unknown.
    pub country: String,
    /// `""` when unknown.
    pub payment: String,
    pub lines: Vec<OrderLine>,
    /// The order's tax, the part of it on shipping, and whether the prices held it.
    #[serde(default)]
    pub tax_minor: i64,
    #[serde(default)]
    pub shipping_tax_minor: i64,
    #[serde(default)]
    pub taxes_included: bool,
}

impl PaidOrder {
    /// The subtotal and shipping without their tax: as charged when tax was added, less their
    /// tax when the prices held it. With the tax, the discount and the shipping they make the
    /// grand total again.
    pub fn before_tax(&self) -> (i64, i64) {
        if self.taxes_included {
            (
                self.subtotal_minor - (self.tax_minor - self.shipping_tax_minor),
                self.shipping_minor - self.shipping_tax_minor,
            )
        } else {
            (self.subtotal_minor, self.shipping_minor)
        }
    }
}

/// Money given back on a sold order: `amount_minor` in all, of which `shipping_minor` for
/// shipping, at `at`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportRefund {
    pub at: i64,
    pub amount_minor: i64,
    pub shipping_minor: i64,
    /// The tax it gave back, and the part of it on shipping.
    #[serde(default)]
    pub tax_minor: i64,
    #[serde(default)]
    pub shipping_tax_minor: i64,
    /// The order it gives money back on (its country, payment method and lines).
    pub order: PaidOrder,
}

impl ReportRefund {
    /// What it gave back for items, for shipping and as tax, each without the others' share:
    /// with prices that held tax, the shipping refunded less its tax. The three add up to the
    /// amount.
    pub fn parts(&self) -> (i64, i64, i64) {
        let amount = self.amount_minor.max(0);
        let tax = self.tax_minor.clamp(0, amount);
        let mut shipping = self.shipping_minor.clamp(0, amount);
        if self.order.taxes_included {
            shipping -= self.shipping_tax_minor.clamp(0, shipping);
        }
        (amount - shipping - tax, shipping, tax)
    }
}

/// Shares `total` out in proportion to `weights` by largest remainder, so the shares always add
/// up to `total` exactly; equal shares when every weight is zero.
pub fn allocate(total: i64, weights: &[i64]) -> Vec<i64> {
    if weights.is_empty() {
        return Vec::new();
    }
    let clean: Vec<i128> = weights.iter().map(|w| i128::from((*w).max(0))).collect();
    let sum: i128 = clean.iter().sum();
    let clean = if sum == 0 {
        vec![1; weights.len()]
    } else {
        clean
    };
    let sum: i128 = clean.iter().sum();
    let total_wide = i128::from(total);
    let mut shares: Vec<i128> = clean
        .iter()
        .map(|w| (total_wide * w).div_euclid(sum))
        .collect();
    let mut left = total_wide - shares.iter().sum::<i128>();
    // The largest remainders get one unit more, the earliest first on a tie.
    let mut order: Vec<usize> = (0..clean.len()).collect();
    order.sort_by_key(|i| {
        (
            std::cmp::Reverse((total_wide * clean[*i]).rem_euclid(sum)),
            *i,
        )
    });
    for i in order {
        if left <= 0 {
            break;
        }
        shares[i] += 1;
        left -= 1;
    }
    shares
        .into_iter()
        .map(|share| i64::try_from(share).unwrap_or(0))
        .collect()
}

/// One product's part of an order: its units and its shares of the order's money.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPart {
    pub product_id: String,
    pub variant_id: String,
    pub title: String,
    pub units: i64,
    pub gross_minor: i64,
    pub discount_minor: i64,
    pub shipping_minor: i64,
    /// The part's tax: its line's and its share of the shipping's.
    pub tax_minor: i64,
    /// The payment fee of the order (the payout balance's rule on its grand total), shared out
    /// by what each part sold for.
    pub fee_minor: i64,
}

impl OrderPart {
    /// What shoppers paid for the part: gross less discount plus shipping.
    pub fn sales_minor(&self) -> i64 {
        self.gross_minor - self.discount_minor + self.shipping_minor
    }
}

/// The parts of an order: one per line, the subtotal, discount and shipping shared out by line
/// value; a single part without a product when the order has no lines.
pub fn order_parts(order: &PaidOrder) -> Vec<OrderPart> {
    let lines: Vec<OrderLine> = if order.lines.is_empty() {
        vec![OrderLine::default()]
    } else {
        order.lines.clone()
    };
    let weights: Vec<i64> = lines
        .iter()
        .map(|l| l.quantity.max(0).saturating_mul(l.price_minor.max(0)))
        .collect();
    let (subtotal, shipping) = order.before_tax();
    let gross = allocate(subtotal, &weights);
    let discount = allocate(order.discount_minor, &weights);
    let shipping = allocate(shipping, &weights);
    let shipping_tax = allocate(order.shipping_tax_minor, &weights);
    let sales: Vec<i64> = (0..lines.len())
        .map(|i| gross[i] - discount[i] + shipping[i])
        .collect();
    let fees = allocate(fees_minor(order.grand_total_minor.max(0), 1), &sales);
    lines
        .into_iter()
        .enumerate()
        .map(|(i, line)| OrderPart {
            product_id: line.product_id,
            variant_id: line.variant_id,
            title: line.title,
            units: line.quantity.max(0),
            gross_minor: gross[i],
            discount_minor: discount[i],
            shipping_minor: shipping[i],
            tax_minor: line.tax_minor + shipping_tax[i],
            fee_minor: fees[i],
        })
        .collect()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::reports::ReportDay;

    pub(in crate::reports) fn day(key: &str, start_ms: i64) -> ReportDay {
        ReportDay {
            key: key.to_owned(),
            start_ms,
        }
    }

    pub(in crate::reports) fn line(product: &str, quantity: i64, price: i64) -> OrderLine {
        OrderLine {
            product_id: product.to_owned(),
            variant_id: String::new(),
            title: format!("Product {product}"),
            quantity,
            price_minor: price,
            tax_minor: 0,
        }
    }

    pub(in crate::reports) fn order(
        at: i64,
        lines: Vec<OrderLine>,
        discount: i64,
        shipping: i64,
    ) -> PaidOrder {
        let subtotal = lines
            .iter()
            .map(|l| l.quantity * l.price_minor)
            .sum::<i64>();
        PaidOrder {
            id: format!("o{at}"),
            captured_at: at,
            subtotal_minor: subtotal,
            shipping_minor: shipping,
            discount_minor: discount,
            grand_total_minor: subtotal - discount + shipping,
            country: "VN".to_owned(),
            payment: "Card".to_owned(),
            lines,
            ..PaidOrder::default()
        }
    }

    #[test]
    fn allocation_adds_up_and_follows_the_weights() {
        assert_eq!(allocate(100, &[1, 1, 1]), vec![34, 33, 33]);
        assert_eq!(allocate(10, &[3, 1]), vec![8, 2]);
        assert_eq!(allocate(7, &[0, 0]), vec![4, 3]);
        assert_eq!(allocate(-5, &[1, 1]), vec![-2, -3]);
        assert!(allocate(5, &[]).is_empty());
        let shares = allocate(999_999, &[7, 13, 29, 51]);
        assert_eq!(shares.iter().sum::<i64>(), 999_999);
    }

    #[test]
    fn an_order_is_shared_out_by_line_value_and_pays_the_payout_fee() {
        // 2 x 30.00 + 1 x 40.00 = 100.00, 10.00 off, 5.00 shipping: paid 95.00.
        let o = order(0, vec![line("a", 2, 3000), line("b", 1, 4000)], 1000, 500);
        let parts = order_parts(&o);
        assert_eq!(parts[0].gross_minor, 6000);
        assert_eq!(parts[0].discount_minor, 600);
        assert_eq!(parts[0].shipping_minor, 300);
        assert_eq!(parts[1].discount_minor, 400);
        // The fee of 95.00: 2.9 % (2.755 -> 2.76) + 0.30 = 3.06, shared 57:38.
        let fee: i64 = parts.iter().map(|p| p.fee_minor).sum();
        assert_eq!(fee, fees_minor(9500, 1));
        assert_eq!(fee, 306);
        assert_eq!(parts[0].fee_minor, 184);
    }
}
