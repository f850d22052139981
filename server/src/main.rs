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
    match server::serve(config).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("storeloom: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}
