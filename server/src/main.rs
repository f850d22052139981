//! Starts the Storeloom server with the configuration read from the environment.

mod commands;

/// The C allocator's setting the server runs with unless `GLIBC_TUNABLES` says otherwise: large
/// blocks (each password hash takes 19 MiB) are mapped and unmapped, so that what a burst of
/// sign-ins freed goes back to the system instead of staying in per-thread arenas (BENCHMARKS.md,
/// RELIABILITY.md).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const ALLOCATOR_TUNABLES: &str = "glibc.malloc.mmap_threshold=131072";

/// glibc reads `GLIBC_TUNABLES` only when a process starts, so without it the server starts
/// itself again with it (same process id, same arguments); if that fails it goes on as it is.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn with_allocator_tunables() {
    use std::os::unix::process::CommandExt;
    if std::env::var_os("GLIBC_TUNABLES").is_some() {
        return;
    }
    if let Ok(exe) = std::env::current_exe() {
        let error = std::process::Command::new(exe)
            .args(std::env::args_os().skip(1))
            .env("GLIBC_TUNABLES", ALLOCATOR_TUNABLES)
            .exec();
        eprintln!("storeloom: could not restart with GLIBC_TUNABLES={ALLOCATOR_TUNABLES}: {error}");
    }
}

fn main() -> std::process::ExitCode {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    with_allocator_tunables();
    match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime.block_on(run()),
        Err(error) => {
            eprintln!("storeloom: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run() -> std::process::ExitCode {
    if let Err(error) = server::telemetry::init() {
        eprintln!("storeloom: {error}");
        return std::process::ExitCode::from(2);
    }
    let config = match server::config::Config::from_env() {
        Ok(config) => config,
        Err(error) => {
            eprintln!("storeloom: {error}");
            return std::process::ExitCode::from(2);
        }
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args.first().map(String::as_str) {
        None | Some("serve") => server::serve(config).await,
        Some("operator") => server::operator_command(&config, &args[1..]).await,
        Some("demo-traffic") => server::demo_traffic_command(&config, &args[1..]).await,
        Some("analytics-bench") => commands::analytics_bench::command(&args[1..]).await,
        Some("ingest-bench") => commands::ingest_bench::command(&args[1..]).await,
        Some("backup-bench") => commands::backup_bench::command(&config, &args[1..]).await,
        Some("live-soak") => commands::live_soak::command(&args[1..]).await,
        Some("openapi") => openapi_command(),
        Some("backup") => commands::backup::backup(&config, &args[1..]).await,
        Some("restore") => commands::backup::restore(&config, &args[1..]).await,
        Some(other) => {
            eprintln!(
                "storeloom: unknown command {other:?} (commands: serve, operator add EMAIL, demo-traffic, analytics-bench, ingest-bench, backup-bench, live-soak, openapi, backup PATH, restore PATH [--force])"
            );
            return std::process::ExitCode::from(2);
        }
    };
    match outcome {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("storeloom: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// `server openapi`: prints the OpenAPI document that `/api/openapi.json` serves, for the
/// suite's validator and the typed client generated from it (scripts/openapi.sh).
fn openapi_command() -> Result<(), Box<dyn std::error::Error>> {
    println!("{}", server::openapi().to_pretty_json()?);
    Ok(())
}
