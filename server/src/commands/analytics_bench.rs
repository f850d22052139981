//! `analytics-bench --source FILE --plan FILE --runs N`: the server's side of the analytics
//! benchmark (bench/analytics). It loads the harness's SQLite file (events with their
//! first-of-kind flag, orders) into a Storeloom database beside it, builds the rollups, then
//! times the whole Overview of every case of the plan (both periods: funnel, sales per bucket,
//! orders, countries, the first page of paid orders and their count) through the rollups'
//! in-memory index (after the one read that fills it, timed apart), the rollups in SQL and the
//! raw path, and prints the figures and results as JSON for the harness to compare.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::AnyPool;

use super::percentile;
use server::analytics::index::RollupIndex;
use server::analytics::query::{self, Figures, Source};
use server::db::overview;

#[derive(Debug, Deserialize)]
pub(crate) struct Plan {
    pub(crate) zone: String,
    pub(crate) page_size: u32,
    pub(crate) cases: Vec<Case>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct Case {
    pub(crate) name: String,
    stores: Vec<i64>,
    current: Period,
    previous: Period,
}

#[derive(Debug, Deserialize)]
pub(crate) struct Period {
    from: String,
    to: String,
    start_ms: i64,
    end_ms: i64,
    bucket_starts: Vec<i64>,
}

/// Store ids: the harness's numbers as text.
fn store_ids(case: &Case) -> Vec<String> {
    case.stores.iter().map(i64::to_string).collect()
}

pub(crate) async fn load(
    source: &Path,
    target: &Path,
) -> Result<AnyPool, Box<dyn std::error::Error>> {
    // A copy older than the data it was made from is made again.
    let modified = |path: &Path| std::fs::metadata(path).and_then(|m| m.modified()).ok();
    if target.exists() && modified(target) < modified(source) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", target.display()));
        }
    }
    let fresh = !target.exists();
    let db = server::db::connect(&format!("sqlite://{}", target.display())).await?;
    if !fresh {
        return Ok(db);
    }
    let started = Instant::now();
    let mut conn = db.acquire().await?;
    server::db::bench::load_reference(&mut conn, source).await?;
    eprintln!(
        "loaded {} into {} in {:.1} s",
        source.display(),
        target.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(db)
}

/// One period of the overview, as the harness states results.
async fn period_result(
    db: &AnyPool,
    index: &RollupIndex,
    stores: &[String],
    zone: &str,
    period: &Period,
    source: Source,
    page_size: u32,
) -> Result<Value, Box<dyn std::error::Error>> {
    let range = query::range(&period.from, &period.to, zone, period.end_ms)
        .map_err(|e| format!("{e:?}"))?;
    let buckets = query::buckets(&range).map_err(|e| format!("{e:?}"))?;
    if buckets.starts != period.bucket_starts
        || range.start_ms != period.start_ms
        || range.end_ms != period.end_ms
    {
        return Err(format!(
            "the core's buckets for {} differ from the plan's",
            period.from
        )
        .into());
    }
    let figures: Figures = query::figures(
        db,
        index,
        stores,
        &buckets,
        Some(source),
        query::Countries::Read,
        query::TestOrders::Exclude,
    )
    .await?;
    let orders = overview::paid_orders(
        db,
        stores,
        range.start_ms,
        range.end_ms,
        page_size,
        0,
        query::TestOrders::Exclude,
    )
    .await?;
    let count = match source {
        Source::Index | Source::Rollup => i64::try_from(figures.orders_total())?,
        Source::Raw => {
            overview::paid_order_count(
                db,
                stores,
                range.start_ms,
                range.end_ms,
                query::TestOrders::Exclude,
            )
            .await?
        }
    };
    let countries: BTreeMap<&String, &u64> =
        figures.countries.iter().filter(|(_, n)| **n > 0).collect();
    let ids: Vec<i64> = orders.iter().filter_map(|o| o.id.parse().ok()).collect();
    Ok(json!({
        "funnel": figures.funnel_total(),
        "countries": countries,
        "sales_minor": figures.sales_minor,
        "total_sales_minor": figures.sales_total_minor(),
        "orders": figures.orders_total(),
        "paid_orders": ids,
        "paid_orders_count": count,
    }))
}

/// The whole Overview of a case, both periods, as the route reads it through `source`.
pub(crate) async fn overview(
    db: &AnyPool,
    index: &RollupIndex,
    plan: &Plan,
    case: &Case,
    source: Source,
) -> Result<Value, Box<dyn std::error::Error>> {
    let stores = store_ids(case);
    let current = period_result(
        db,
        index,
        &stores,
        &plan.zone,
        &case.current,
        source,
        plan.page_size,
    )
    .await?;
    let previous = period_result(
        db,
        index,
        &stores,
        &plan.zone,
        &case.previous,
        source,
        plan.page_size,
    )
    .await?;
    Ok(json!({"current": current, "previous": previous}))
}

/// Runs the command with its arguments (after `analytics-bench`).
pub async fn command(args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let mut source = None;
    let mut plan = None;
    let mut runs = 30_usize;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--source" => source = args.next().map(PathBuf::from),
            "--plan" => plan = args.next().map(PathBuf::from),
            "--runs" => {
                runs = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|n| *n > 0)
                    .ok_or("--runs takes a positive number")?;
            }
            other => return Err(format!("unknown argument {other:?}").into()),
        }
    }
    let source = source.ok_or("--source FILE is required")?;
    let plan_path = plan.ok_or("--plan FILE is required")?;
    let plan: Plan = serde_json::from_str(&std::fs::read_to_string(&plan_path)?)?;
    let target = source.with_file_name("storeloom-bench.sqlite");
    let db = load(&source, &target).await?;
    let mut cases = Vec::new();
    for case in &plan.cases {
        let mut paths = serde_json::Map::new();
        for (name, source) in [
            ("index", Source::Index),
            ("rollup", Source::Rollup),
            ("raw", Source::Raw),
        ] {
            let mut times = Vec::with_capacity(runs);
            let mut result = Value::Null;
            // The index of a process that answers its first Overview: reading the stores'
            // rollups into memory is timed apart (`first_ms`), as a process does it once.
            let index = RollupIndex::default();
            let mut first_ms = None;
            if source == Source::Index {
                let started = Instant::now();
                overview(&db, &index, &plan, case, source).await?;
                first_ms = Some(started.elapsed().as_secs_f64() * 1000.0);
            }
            let budget = Instant::now();
            for run in 0..runs {
                // Like the contenders: at least 5 runs, then stop once 20 s are spent.
                if run >= 5 && budget.elapsed().as_secs() >= 20 {
                    break;
                }
                let started = Instant::now();
                result = overview(&db, &index, &plan, case, source).await?;
                times.push(started.elapsed().as_secs_f64() * 1000.0);
            }
            times.sort_by(f64::total_cmp);
            paths.insert(
                name.to_owned(),
                json!({
                    "median_ms": percentile(&times, 0.5),
                    "p95_ms": percentile(&times, 0.95),
                    "runs": times.len(),
                    "first_ms": first_ms,
                    "result": result,
                }),
            );
        }
        cases.push(json!({"name": case.name, "paths": paths}));
    }
    println!("{}", json!({ "cases": cases }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_pick_the_nearest_rank() {
        assert_eq!(percentile(&[1.0, 2.0, 3.0, 4.0], 0.5), 3.0);
    }
}
