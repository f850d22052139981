//! The hourly rollups of each store as running totals in this process's memory, so that the sum
//! of any range of whole hours is two binary searches: the Overview of 50 stores over 30 days
//! reads a few thousand numbers instead of aggregating rows in SQL.
//!
//! It is a cache derived from the database and checked against it on every read: each read
//! takes the stores' analytics versions (`analytics_versions`, moved on by every transaction
//! that changes a store's rollups), and a store whose version moved since its copy was made
//! reads the rollup rows written after that version (each row carries the version of the
//! transaction that last wrote it, `rollup::Deltas::write`), or all of them after a rebuild.
//! Rows hold absolute counts, so reading a row twice, or one written after the version read,
//! changes nothing: several processes on one database give the same answers.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use sqlx::AnyPool;

use super::query::{Figures, TestOrders};
use super::{HOUR_MS, placeholders};

/// Values per hour with their running totals.
#[derive(Debug, Clone)]
struct Series<const N: usize> {
    hours: Vec<i64>,
    values: Vec<[i64; N]>,
    /// `totals[i]` is the sum of `values[..i]` (one more entry than `hours`).
    totals: Vec<[i64; N]>,
}

impl<const N: usize> Default for Series<N> {
    fn default() -> Self {
        Series {
            hours: Vec::new(),
            values: Vec::new(),
            totals: vec![[0; N]],
        }
    }
}

impl<const N: usize> Series<N> {
    /// Sets the values of `hour` (a rollup row as the database holds it now) and returns its
    /// position; the totals from there on are out of date until [`Series::total_from`].
    fn set(&mut self, hour: i64, value: [i64; N]) -> usize {
        match self.hours.binary_search(&hour) {
            Ok(i) => {
                self.values[i] = value;
                i
            }
            Err(i) => {
                self.hours.insert(i, hour);
                self.values.insert(i, value);
                i
            }
        }
    }

    /// Makes the running totals again from position `from`.
    fn total_from(&mut self, from: usize) {
        self.totals.truncate(from + 1);
        for i in from..self.values.len() {
            let mut next = self.totals[i];
            for (sum, value) in next.iter_mut().zip(self.values[i]) {
                *sum += value;
            }
            self.totals.push(next);
        }
    }

    /// The running total before the first hour at or after `instant`.
    fn before(&self, instant: i64) -> &[i64; N] {
        &self.totals[self.hours.partition_point(|hour| *hour < instant)]
    }

    /// The sum over the hours in `[start, end)`.
    fn sum(&self, start: i64, end: i64) -> [i64; N] {
        let (low, high) = (self.before(start), self.before(end));
        std::array::from_fn(|i| high[i] - low[i])
    }
}

/// One store's copy: the version of its data it holds, the hourly counters in the column order
/// of `analytics_hourly` (`rollup::HOURLY_COLUMNS`) and the sessions started per country.
#[derive(Debug, Clone)]
struct StoreIndex {
    /// `None` until first read.
    version: Option<i64>,
    hourly: Series<10>,
    countries: HashMap<String, Series<1>>,
}

impl StoreIndex {
    fn empty() -> StoreIndex {
        StoreIndex {
            version: None,
            hourly: Series::default(),
            countries: HashMap::new(),
        }
    }
}

/// Every store's copy in this process; see the module's documentation.
#[derive(Debug, Default)]
pub struct RollupIndex {
    stores: Mutex<HashMap<String, Arc<tokio::sync::Mutex<StoreIndex>>>>,
}

/// The stores' analytics versions read once for a request: each store's version and the
/// version its rollups were last rebuilt at (none for a store never changed).
#[derive(Debug, Default, Clone)]
pub struct Versions(HashMap<String, (i64, i64)>);

impl Versions {
    /// Reads the versions of `stores`.
    pub async fn read(db: &AnyPool, stores: &[String]) -> Result<Versions, sqlx::Error> {
        let mut versions = HashMap::new();
        for chunk in stores.chunks(500) {
            let sql = format!(
                "SELECT store_id, version, rebuilt FROM analytics_versions WHERE store_id IN {}",
                placeholders(1, chunk.len())
            );
            let mut query = sqlx::query_as::<_, (String, i64, i64)>(sqlx::AssertSqlSafe(sql));
            for store in chunk {
                query = query.bind(store.as_str());
            }
            for (store, version, rebuilt) in query.fetch_all(db).await? {
                versions.insert(store, (version, rebuilt));
            }
        }
        Ok(Versions(versions))
    }

    /// One number that grows whenever any of the stores' data changes (versions only grow):
    /// the key of an answer cached for these stores.
    pub fn total(&self) -> i64 {
        self.0.values().map(|(version, _)| version).sum()
    }
}

/// The index as one request reads it: through the versions it read once (`versions`), or
/// reading them at each call (`From<&RollupIndex>`).
#[derive(Debug, Clone, Copy)]
pub struct Rollups<'a> {
    pub index: &'a RollupIndex,
    pub versions: Option<&'a Versions>,
}

impl<'a> From<&'a RollupIndex> for Rollups<'a> {
    fn from(index: &'a RollupIndex) -> Self {
        Rollups {
            index,
            versions: None,
        }
    }
}

impl<'a> From<&'a Arc<RollupIndex>> for Rollups<'a> {
    fn from(index: &'a Arc<RollupIndex>) -> Self {
        Rollups::from(index.as_ref())
    }
}

impl Rollups<'_> {
    /// The figures of `stores` over the chart buckets starting at `starts` and ending at `end`,
    /// every edge a whole UTC hour (`query::rollups_fit`): what the SQL over the rollups gives.
    /// The stores' versions are read here unless the request read them already.
    pub async fn figures(
        self,
        db: &AnyPool,
        stores: &[String],
        starts: &[i64],
        end: i64,
        read_countries: bool,
        tests: TestOrders,
    ) -> Result<Figures, sqlx::Error> {
        let mut figures = Figures::empty(starts.len());
        let Some(&start) = starts.first() else {
            return Ok(figures);
        };
        let read;
        let versions = match self.versions {
            Some(versions) => versions,
            None => {
                read = Versions::read(db, stores).await?;
                &read
            }
        };
        let mut countries: BTreeMap<String, u64> = BTreeMap::new();
        for store in stores {
            let entry = self.index.entry(store);
            // Held while the copy is brought up to date, so that parallel readers of one store
            // wait for one reload instead of each making their own.
            let mut index = entry.lock().await;
            let (version, rebuilt) = versions.0.get(store).copied().unwrap_or((0, 0));
            match index.version {
                Some(held) if held >= version => {}
                Some(held) if rebuilt <= held => {
                    refresh(db, store, &mut index, Some(held)).await?;
                    index.version = Some(version);
                }
                _ => {
                    *index = StoreIndex::empty();
                    refresh(db, store, &mut index, None).await?;
                    index.version = Some(version);
                }
            }
            for (i, &from) in starts.iter().enumerate() {
                let to = starts.get(i + 1).copied().unwrap_or(end);
                let sum = index.hourly.sum(from, to);
                let converted = match tests {
                    TestOrders::Exclude => sum[4],
                    TestOrders::Include => sum[4] + sum[9],
                };
                let steps = [sum[0], sum[1], sum[2], sum[3], converted];
                for (total, value) in figures.funnel[i].iter_mut().zip(steps) {
                    *total += count(value);
                }
                let (sales, orders) = match tests {
                    TestOrders::Exclude => (sum[5], sum[6]),
                    TestOrders::Include => (sum[5] + sum[7], sum[6] + sum[8]),
                };
                figures.sales_minor[i] += sales;
                figures.orders[i] += count(orders);
            }
            if read_countries {
                for (country, series) in &index.countries {
                    let [sessions] = series.sum(start, end);
                    if sessions == 0 {
                        continue;
                    }
                    // A country met before is added to without copying its name again.
                    match countries.get_mut(country) {
                        Some(total) => *total += count(sessions),
                        None => {
                            countries.insert(country.clone(), count(sessions));
                        }
                    }
                }
            }
        }
        countries.retain(|_, sessions| *sessions > 0);
        figures.countries = countries;
        Ok(figures)
    }
}

impl RollupIndex {
    fn entry(&self, store: &str) -> Arc<tokio::sync::Mutex<StoreIndex>> {
        let mut stores = self
            .stores
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        stores
            .entry(store.to_owned())
            .or_insert_with(|| Arc::new(tokio::sync::Mutex::new(StoreIndex::empty())))
            .clone()
    }
}

fn count(value: i64) -> u64 {
    u64::try_from(value).unwrap_or(0)
}

/// Reads into `index` the store's rollup rows written after version `after` (all of them when
/// `None`) and makes its running totals again from the first hour that changed.
async fn refresh(
    db: &AnyPool,
    store: &str,
    index: &mut StoreIndex,
    after: Option<i64>,
) -> Result<(), sqlx::Error> {
    let after = after.unwrap_or(-1);
    let rows = sqlx::query_as::<_, (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>(
        "SELECT hour_start, vistors, view_content, add_to_cart, reached_checkout, session_converted, \
         sales_minor, orders, test_sales_minor, test_orders, test_session_converted \
         FROM analytics_hourly WHERE store_id = $1 AND version > $2 ORDER BY hour_start",
    )
    .bind(store)
    .bind(after)
    .fetch_all(db)
    .await?;
    let mut first = usize::MAX;
    for (hour, a, b, c, d, e, f, g, h, i, j) in rows {
        debug_assert_eq!(hour.rem_euclid(HOUR_MS), 0);
        first = first.min(index.hourly.set(hour, [a, b, c, d, e, f, g, h, i, j]));
    }
    if first != usize::MAX {
        index.hourly.total_from(first);
    }
    let rows = sqlx::query_as::<_, (String, i64, i64)>(
        "SELECT country, hour_start, sessions FROM analytics_hourly_countries \
         WHERE store_id = $1 AND version > $2 ORDER BY country, hour_start",
    )
    .bind(store)
    .bind(after)
    .fetch_all(db)
    .await?;
    let mut changed: HashMap<String, usize> = HashMap::new();
    for (country, hour, sessions) in rows {
        let series = index.countries.entry(country.clone()).or_default();
        let at = series.set(hour, [sessions]);
        let first = changed.entry(country).or_insert(at);
        *first = (*first).min(at);
    }
    for (country, first) in changed {
        if let Some(series) = index.countries.get_mut(&country) {
            series.total_from(first);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Series;

    #[test]
    fn a_series_sums_any_range_of_hours_after_changes_anywhere() {
        let mut series = Series::<2>::default();
        for (hour, value) in [(3, [3, 30]), (1, [1, 10]), (7, [7, 70])] {
            let at = series.set(hour, value);
            series.total_from(at);
        }
        assert_eq!(series.sum(0, 8), [11, 110]);
        assert_eq!(series.sum(1, 3), [1, 10]);
        assert_eq!(series.sum(2, 7), [3, 30]);
        assert_eq!(series.sum(8, 9), [0, 0]);
        // A row read again with new counts replaces the old one.
        let at = series.set(3, [4, 40]);
        series.total_from(at);
        assert_eq!(series.sum(0, 8), [12, 120]);
        assert_eq!(series.sum(3, 4), [4, 40]);
    }
}
