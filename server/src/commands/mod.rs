//! The benchmark commands of the server binary (not of its library): `analytics-bench` times
//! the Overview's two read paths on a generated data set, `ingest-bench` loads the event ingest
//! over HTTP, `backup-bench` times the Overview while a backup is written. `npm run bench` runs
//! them (bench/README.md). `backup` and `restore` copy the database and the
//! uploads out and back (README, "Backup and restore").

pub mod analytics_bench;
pub mod backup;
pub mod backup_bench;
pub mod ingest_bench;
pub mod live_soak;

/// The value at `share` (0 to 1) of sorted timings, by nearest rank: the benchmarks' medians
/// and percentiles.
pub fn percentile(sorted: &[f64], share: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (share * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}
