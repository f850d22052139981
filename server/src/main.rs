//! Starts the Storeloom server with the configuration read from the environment.

#[tokio::main]
async fn main() -> std::process::ExitCode {
    server::telemetry::init();
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
        Some("demo-traffic") => server::demo_traffic_command(&config, &args[1..]).await,
        Some("analytics-bench") => server::analytics::bench::command(&args[1..]).await,
        Some("ingest-bench") => server::analytics::loadgen::command(&args[1..]).await,
        Some(other) => {
            eprintln!(
                "storeloom: unknown command {other:?} (commands: serve, demo-traffic, analytics-bench, ingest-bench)"
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
