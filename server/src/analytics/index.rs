//! The hourly rollups of each store as running totals in this process's memory, so that the sum
//! of any range of whole hours is two binary searches (for the countries, two rows of totals at
//! midnights and the hours from each to the range's edge): the Overview of 50 stores over 30
//! days reads a few thousand numbers instead of aggregating rows in SQL.
//!
//! It is a cache derived from the database and checked against it on every read: each read
//! takes the stores' analytics versions (`analytics_versions`, moved on by every transaction
//! that changes a store's rollups), and a store whose version moved since its copy was made
//! reads the rollup rows written after that version (each row carries the version of the
//! transaction that last wrote it, `db::rollups::Deltas::write`), or all of them after a rebuild.
//! Rows hold absolute counts, so reading a row twice, or one written after the version read,
//! changes nothing: several processes on one database give the same answers.

use std::collections::{BTreeMap, HashMap};
use std::mem::size_of;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use sqlx::AnyPool;

use super::figures::Figures;
use crate::db::overview::TestOrders;
use crate::db::rollups::{self, DAY_MS, HOUR_MS};

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

    /// The sums over the hours between consecutive `edges` (ascending): `[edges[0], edges[1])`,
    /// then `[edges[1], edges[2])`, and so on. Each edge is searched for from the one before.
    fn sums(&self, edges: &[i64]) -> Vec<[i64; N]> {
        let mut at = 0;
        let mut before = |instant: i64| {
            at += self.hours[at..].partition_point(|hour| *hour < instant);
            &self.totals[at]
        };
        let Some(&first) = edges.first() else {
            return Vec::new();
        };
        let mut low = before(first);
        edges[1..]
            .iter()
            .map(|&edge| {
                let high = before(edge);
                let sum = std::array::from_fn(|i| high[i] - low[i]);
                low = high;
                sum
            })
            .collect()
    }
}

/// The sessions started per country and hour of one store, with running totals of every country
/// at each UTC midnight: a range's sums are two rows of totals and the hours between each edge
/// and the midnight before it, where a series per country would take two binary searches in a
/// cold array per country.
#[derive(Debug, Clone, Default)]
struct Countries {
    /// Country codes by their number in this store, and back.
    names: Vec<String>,
    numbers: HashMap<String, usize>,
    /// (hour, country number, sessions), in the order of hour then country.
    cells: Vec<(i64, usize, i64)>,
    /// The midnight of `days[0]`: that of the first cell.
    first_day: i64,
    /// `days[d]`: the sessions per country number in the hours before midnight `first_day + d`
    /// days (a country numbered past a row's end has none there), and where that midnight's
    /// cells start in `cells`. The last row is the midnight after the last cell.
    days: Vec<(Vec<i64>, usize)>,
}

impl Countries {
    /// Sets the sessions of `country` in `hour` (a rollup row as the database holds it now); the
    /// day totals from there on are out of date until [`Countries::total_from`].
    fn set(&mut self, country: &str, hour: i64, sessions: i64) {
        let number = match self.numbers.get(country) {
            Some(&number) => number,
            None => {
                let number = self.names.len();
                self.names.push(country.to_owned());
                self.numbers.insert(country.to_owned(), number);
                number
            }
        };
        // Rows arrive mostly in order: at the end, no search.
        if self
            .cells
            .last()
            .is_none_or(|&(h, n, _)| (h, n) < (hour, number))
        {
            self.cells.push((hour, number, sessions));
            return;
        }
        match self
            .cells
            .binary_search_by(|&(h, n, _)| (h, n).cmp(&(hour, number)))
        {
            Ok(i) => self.cells[i].2 = sessions,
            Err(i) => self.cells.insert(i, (hour, number, sessions)),
        }
    }

    /// Makes the day totals again from the midnight of `hour` on.
    fn total_from(&mut self, hour: i64) {
        let Some(&(first, _, _)) = self.cells.first() else {
            self.days.clear();
            return;
        };
        let first_day = first.div_euclid(DAY_MS) * DAY_MS;
        // Rows before the changed day stay, unless the first day moved.
        let d = if first_day == self.first_day && !self.days.is_empty() {
            usize::try_from((hour - first_day).div_euclid(DAY_MS))
                .unwrap_or(0)
                .min(self.days.len() - 1)
        } else {
            self.first_day = first_day;
            self.days.clear();
            self.days.push((Vec::new(), 0));
            0
        };
        self.days.truncate(d + 1);
        let last = self.cells.last().map_or(first, |&(hour, _, _)| hour);
        let mut at = self.days[d].1;
        let mut midnight = first_day + i64::try_from(d).unwrap_or(0) * DAY_MS;
        while let Some((before, _)) = self.days.last()
            && midnight <= last
        {
            let mut totals = before.clone();
            totals.resize(self.names.len(), 0);
            midnight += DAY_MS;
            while let Some(&(hour, number, sessions)) = self.cells.get(at) {
                if hour >= midnight {
                    break;
                }
                totals[number] += sessions;
                at += 1;
            }
            self.days.push((totals, at));
        }
    }

    /// Adds to `sums` (by country number) the sessions in the hours before `instant`, times
    /// `sign`.
    fn add_before(&self, instant: i64, sign: i64, sums: &mut [i64]) {
        if self.days.is_empty() || instant <= self.first_day {
            return;
        }
        let d = usize::try_from((instant - self.first_day).div_euclid(DAY_MS))
            .unwrap_or(0)
            .min(self.days.len() - 1);
        let (totals, start) = &self.days[d];
        for (sum, total) in sums.iter_mut().zip(totals) {
            *sum += sign * total;
        }
        for &(hour, number, sessions) in &self.cells[*start..] {
            if hour >= instant {
                break;
            }
            sums[number] += sign * sessions;
        }
    }

    /// The sessions per country number in the hours of `[start, end)`.
    fn sum(&self, start: i64, end: i64) -> Vec<i64> {
        let mut sums = vec![0; self.names.len()];
        self.add_before(end, 1, &mut sums);
        self.add_before(start, -1, &mut sums);
        sums
    }

    /// The bytes its vectors and map hold, by their capacities (the allocator's own overhead
    /// left out).
    fn estimated_bytes(&self) -> usize {
        let names: usize = self
            .names
            .iter()
            .map(|name| size_of::<String>() + name.capacity())
            .sum();
        // A map entry: its key (a second copy of the name), its number and a control byte.
        let numbers: usize = self
            .numbers
            .keys()
            .map(|name| size_of::<(String, usize)>() + 1 + name.capacity())
            .sum();
        let days: usize = self
            .days
            .iter()
            .map(|(totals, _)| {
                size_of::<(Vec<i64>, usize)>() + totals.capacity() * size_of::<i64>()
            })
            .sum();
        names
            + (self.names.capacity() - self.names.len()) * size_of::<String>()
            + numbers
            + self.cells.capacity() * size_of::<(i64, usize, i64)>()
            + days
            + (self.days.capacity() - self.days.len()) * size_of::<(Vec<i64>, usize)>()
    }
}

/// One store's copy: the version of its data it holds, the hourly counters in the column order
/// of `analytics_hourly` (`db::rollups::HOURLY_COLUMNS`) and the sessions started per country.
#[derive(Debug, Clone)]
struct StoreIndex {
    /// `None` until first read.
    version: Option<i64>,
    hourly: Series<10>,
    countries: Countries,
    /// Its estimated size when last counted into the index's total (`RollupIndex::bytes`).
    counted_bytes: usize,
}

impl StoreIndex {
    fn empty() -> StoreIndex {
        StoreIndex {
            version: None,
            hourly: Series::default(),
            countries: Countries::default(),
            counted_bytes: 0,
        }
    }

    /// The bytes its series hold, by their capacities.
    fn estimated_bytes(&self) -> usize {
        let hourly = &self.hourly;
        size_of::<StoreIndex>()
            + hourly.hours.capacity() * size_of::<i64>()
            + (hourly.values.capacity() + hourly.totals.capacity()) * size_of::<[i64; 10]>()
            + self.countries.estimated_bytes()
    }
}

/// Every store's copy in this process; see the module's documentation.
#[derive(Debug, Default)]
pub struct RollupIndex {
    stores: Mutex<HashMap<String, Arc<tokio::sync::Mutex<StoreIndex>>>>,
    /// The stores' estimated sizes added up, updated after each reload (`metrics`).
    bytes: AtomicI64,
}

/// The stores' analytics versions read once for a request: each store's version and the
/// version its rollups were last rebuilt at (none for a store never changed).
#[derive(Debug, Default, Clone)]
pub struct Versions(HashMap<String, (i64, i64)>);

impl Versions {
    /// Reads the versions of `stores`.
    pub async fn read(db: &AnyPool, stores: &[String]) -> Result<Versions, sqlx::Error> {
        Ok(Versions(rollups::versions(db, stores).await?))
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
        let edges: Vec<i64> = starts.iter().copied().chain([end]).collect();
        for store in stores {
            let entry = self.index.entry(store);
            // Held while the copy is brought up to date, so that parallel readers of one store
            // wait for one reload instead of each making their own.
            let mut index = entry.lock().await;
            let (version, rebuilt) = versions.0.get(store).copied().unwrap_or((0, 0));
            let counted = index.counted_bytes;
            match index.version {
                Some(held) if held >= version => {}
                Some(held) if rebuilt <= held => {
                    refresh(db, store, &mut index, Some(held)).await?;
                    index.version = Some(version);
                    self.index.count_bytes(&mut index, counted);
                }
                _ => {
                    // Still counted at its old size until the reload is counted.
                    *index = StoreIndex {
                        counted_bytes: counted,
                        ..StoreIndex::empty()
                    };
                    refresh(db, store, &mut index, None).await?;
                    index.version = Some(version);
                    self.index.count_bytes(&mut index, counted);
                }
            }
            for (i, sum) in index.hourly.sums(&edges).into_iter().enumerate() {
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
                let sums = index.countries.sum(start, end);
                for (country, &sessions) in index.countries.names.iter().zip(&sums) {
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
    /// The estimated bytes of every store's copy (their series' capacities; the allocator's
    /// overhead and the map of stores left out), as of the last reload: read without locking.
    pub fn estimated_bytes(&self) -> u64 {
        u64::try_from(self.bytes.load(Ordering::Relaxed)).unwrap_or(0)
    }

    /// How many stores have a copy.
    pub fn store_count(&self) -> usize {
        self.stores
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .len()
    }

    /// Moves the total by a reloaded copy's new size, `counted` being what it was counted at.
    fn count_bytes(&self, index: &mut StoreIndex, counted: usize) {
        let now = index.estimated_bytes();
        index.counted_bytes = now;
        let change = i64::try_from(now).unwrap_or(i64::MAX) - i64::try_from(counted).unwrap_or(0);
        self.bytes.fetch_add(change, Ordering::Relaxed);
    }

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
    let rows = rollups::hourly_after(db, store, after).await?;
    let mut first = usize::MAX;
    for (hour, values) in rows {
        debug_assert_eq!(hour.rem_euclid(HOUR_MS), 0);
        first = first.min(index.hourly.set(hour, values));
    }
    if first != usize::MAX {
        index.hourly.total_from(first);
    }
    let rows = rollups::countries_after(db, store, after).await?;
    let mut first = None::<i64>;
    for (country, hour, sessions) in rows {
        debug_assert_eq!(hour.rem_euclid(HOUR_MS), 0);
        index.countries.set(&country, hour, sessions);
        first = Some(first.map_or(hour, |first| first.min(hour)));
    }
    if let Some(first) = first {
        index.countries.total_from(first);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::{Countries, DAY_MS, HOUR_MS, Series, StoreIndex};

    #[test]
    fn a_store_copy_estimates_at_least_what_its_hours_and_countries_hold() {
        let mut index = StoreIndex::empty();
        let empty = index.estimated_bytes();
        for hour in 0..1_000 {
            let at = index.hourly.set(hour * HOUR_MS, [1; 10]);
            index.hourly.total_from(at);
            index.countries.set("US", hour * HOUR_MS, 1);
        }
        index.countries.total_from(0);
        // Per hour: the hour, its values and their totals, and one country cell.
        let held = 1_000 * (8 + 80 + 80 + 24);
        assert!(
            index.estimated_bytes() >= empty + held,
            "{}",
            index.estimated_bytes()
        );
    }

    #[test]
    fn a_series_sums_any_range_of_hours_after_changes_anywhere() {
        let mut series = Series::<2>::default();
        for (hour, value) in [(3, [3, 30]), (1, [1, 10]), (7, [7, 70])] {
            let at = series.set(hour, value);
            series.total_from(at);
        }
        assert_eq!(series.sums(&[0, 8]), [[11, 110]]);
        assert_eq!(series.sums(&[1, 3]), [[1, 10]]);
        assert_eq!(series.sums(&[2, 7]), [[3, 30]]);
        assert_eq!(series.sums(&[8, 9]), [[0, 0]]);
        assert_eq!(
            series.sums(&[0, 2, 4, 8, 9]),
            [[1, 10], [3, 30], [7, 70], [0, 0]]
        );
        // A row read again with new counts replaces the old one.
        let at = series.set(3, [4, 40]);
        series.total_from(at);
        assert_eq!(series.sums(&[0, 8]), [[12, 120]]);
        assert_eq!(series.sums(&[3, 4]), [[4, 40]]);
    }

    /// The countries' sums equal those of the cells one by one, for ranges starting and ending
    /// anywhere, after rows arrive in any order: later hours, earlier ones (before the first
    /// day held), new countries in old hours, counts that change.
    #[test]
    fn the_countries_sum_any_range_of_hours_after_changes_anywhere() {
        let names = ["US", "GB", "VN", "AU", "IE"];
        let mut countries = Countries::default();
        let mut cells: BTreeMap<(i64, &str), i64> = BTreeMap::new();
        let mut seed = 7_u64;
        let mut next = |below: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            i64::try_from((seed >> 33) % below).unwrap_or(0)
        };
        let base = 20_000 * DAY_MS;
        for round in 0..40 {
            // A batch of rows as one refresh reads them, in hour order, then its totals.
            let mut batch: Vec<(i64, &str, i64)> = (0..next(12) + 1)
                .map(|_| {
                    let hour = base + (next(24 * 9) - 24 * (round % 3)) * HOUR_MS;
                    let name = names[usize::try_from(next(5)).unwrap_or(0)];
                    (hour, name, next(50))
                })
                .collect();
            batch.sort_by_key(|&(hour, name, _)| (hour, name));
            batch.dedup_by_key(|&mut (hour, name, _)| (hour, name));
            let mut first = i64::MAX;
            for (hour, name, sessions) in batch {
                countries.set(name, hour, sessions);
                first = first.min(hour);
                cells.insert((hour, name), sessions);
            }
            countries.total_from(first);
            for _ in 0..30 {
                let start = base + (next(24 * 12) - 24 * 3) * HOUR_MS;
                let end = start + next(24 * 6) * HOUR_MS;
                let sums = countries.sum(start, end);
                let got: BTreeMap<&str, i64> = countries
                    .names
                    .iter()
                    .zip(&sums)
                    .map(|(name, &sessions)| (name.as_str(), sessions))
                    .filter(|&(_, sessions)| sessions != 0)
                    .collect();
                let mut want: BTreeMap<&str, i64> = BTreeMap::new();
                for (&(hour, name), &sessions) in &cells {
                    if hour >= start && hour < end {
                        *want.entry(name).or_default() += sessions;
                    }
                }
                want.retain(|_, sessions| *sessions != 0);
                assert_eq!(got, want, "round {round}: [{start}, {end})");
            }
        }
    }
}
