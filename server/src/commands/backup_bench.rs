//! `backup-bench --source FILE --plan FILE [--case NAME]`: the Overview while a backup is
//! written (issue goal: its p99 during a backup within 2x of its p99 without one). On the
//! analytics benchmark's data (the Storeloom database `analytics-bench` loads beside the
//! harness's file, loaded here too when missing), it answers the whole Overview of one case of
//! the plan (both periods, through the rollups' index, as the route does) back to back while
//! the backup `server backup` and the schedule run writes a copy of that database, then as many
//! times again with no backup, in rounds until 2,000 Overviews ran during backups, and prints
//! both sets of figures, their ratio and the backups' own as JSON.

use std::path::PathBuf;
use std::time::Instant;

use serde_json::json;

use super::analytics_bench::{Plan, load, overview};
use super::percentile;
use server::analytics::index::RollupIndex;
use server::analytics::query::Source;
use server::config::Config;

/// At least this many Overviews during backups (and as many without), however fast the backup.
const MIN_RUNS: usize = 2_000;

/// Sorted times' figures, in ms.
fn figures(mut times: Vec<f64>) -> serde_json::Value {
    times.sort_by(f64::total_cmp);
    json!({
        "runs": times.len(),
        "median_ms": percentile(&times, 0.5),
        "p95_ms": percentile(&times, 0.95),
        "p99_ms": percentile(&times, 0.99),
        "max_ms": times.last().copied().unwrap_or(0.0),
    })
}

/// Runs the command with its arguments (after `backup-bench`).
pub async fn command(config: &Config, args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let mut source = None;
    let mut plan = None;
    let mut case_name = "all50-30d".to_owned();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--source" => source = args.next().map(PathBuf::from),
            "--plan" => plan = args.next().map(PathBuf::from),
            "--case" => case_name = args.next().ok_or("--case takes a case's name")?.clone(),
            other => return Err(format!("unknown argument {other:?}").into()),
        }
    }
    let source = source.ok_or("--source FILE is required")?;
    let plan: Plan = serde_json::from_str(&std::fs::read_to_string(
        plan.ok_or("--plan FILE is required")?,
    )?)?;
    let case = plan
        .cases
        .iter()
        .find(|c| c.name == case_name)
        .ok_or_else(|| format!("the plan has no case {case_name:?}"))?;
    let target = source.with_file_name("storeloom-bench.sqlite");
    let db = load(&source, &target).await?;
    let folder = source.with_file_name("backup-bench");
    let uploads = source.with_file_name("backup-bench-uploads");
    for old in [&folder, &uploads] {
        let _ = std::fs::remove_dir_all(old);
    }
    std::fs::create_dir_all(&uploads)?;
    let config = Config {
        database_url: format!("sqlite://{}", target.display()),
        upload_dir: uploads.clone(),
        ..config.clone()
    };
    // A process that has answered Overviews before: its index filled, the file in the cache.
    let index = RollupIndex::default();
    let expected = overview(&db, &index, &plan, case, Source::Index).await?;
    for _ in 0..50 {
        overview(&db, &index, &plan, case, Source::Index).await?;
    }

    // Rounds of a backup with Overviews while it is written, then as many Overviews with no
    // backup (both halves see the machine as it is in that round), until enough Overviews
    // began while a backup was being written.
    let mut during = Vec::new();
    let mut without = Vec::new();
    let mut backup_seconds = Vec::new();
    let mut database_bytes = 0;
    while during.len() < MIN_RUNS {
        let started = Instant::now();
        let _ = std::fs::remove_dir_all(&folder);
        let backup = {
            let config = config.clone();
            let folder = folder.clone();
            tokio::spawn(async move { server::services::backup::backup(&config, &folder).await })
        };
        let before = during.len();
        while !backup.is_finished() {
            let one = Instant::now();
            let answer = overview(&db, &index, &plan, case, Source::Index).await?;
            during.push(one.elapsed().as_secs_f64() * 1000.0);
            if answer != expected {
                return Err("the Overview changed during the backup".into());
            }
        }
        let manifest = backup.await??;
        backup_seconds.push(started.elapsed().as_secs_f64());
        database_bytes = manifest.database_bytes;
        for _ in before..during.len() {
            let one = Instant::now();
            overview(&db, &index, &plan, case, Source::Index).await?;
            without.push(one.elapsed().as_secs_f64() * 1000.0);
        }
    }
    backup_seconds.sort_by(f64::total_cmp);
    let (during, without) = (figures(during), figures(without));
    let ratio = |key: &str| {
        let base = without[key].as_f64().unwrap_or(0.0);
        (base > 0.0).then(|| during[key].as_f64().unwrap_or(0.0) / base)
    };
    let report = json!({
        "case": case.name,
        "backups": backup_seconds.len(),
        "backup_seconds": percentile(&backup_seconds, 0.5),
        "database_bytes": database_bytes,
        "without": without,
        "during": during,
        "p99_ratio": ratio("p99_ms"),
        "median_ratio": ratio("median_ms"),
    });
    for old in [&folder, &uploads] {
        let _ = std::fs::remove_dir_all(old);
    }
    println!("{report}");
    Ok(())
}
