//! One period's figures per chart bucket, as every read path of the Overview gives them: the
//! rollups' in-memory index (`index`), the rollups summed by SQL and the raw rows (`query`).

use std::collections::BTreeMap;

/// One period's figures, per chart bucket.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figures {
    /// Visitors, view content, added to cart, reached checkout, converted: per bucket.
    pub funnel: Vec<[u64; 5]>,
    /// Sales in minor units, per bucket.
    pub sales_minor: Vec<i64>,
    /// Paid orders, per bucket.
    pub orders: Vec<u64>,
    /// Sessions started per country code ("" when unknown).
    pub countries: BTreeMap<String, u64>,
}

impl Figures {
    /// No figures yet over `buckets` buckets.
    pub(crate) fn empty(buckets: usize) -> Figures {
        Figures {
            funnel: vec![[0; 5]; buckets],
            sales_minor: vec![0; buckets],
            orders: vec![0; buckets],
            countries: BTreeMap::new(),
        }
    }

    /// The funnel over the whole period.
    pub fn funnel_total(&self) -> [u64; 5] {
        let mut total = [0; 5];
        for bucket in &self.funnel {
            for (sum, value) in total.iter_mut().zip(bucket) {
                *sum += value;
            }
        }
        total
    }

    /// The sales over the whole period, in minor units.
    pub fn sales_total_minor(&self) -> i64 {
        self.sales_minor.iter().sum()
    }

    /// The paid orders over the whole period.
    pub fn orders_total(&self) -> u64 {
        self.orders.iter().sum()
    }
}
