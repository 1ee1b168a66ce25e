//! `banksia-server`: configuration from the environment (see `banksia_server::config`).
//! `banksia-server migrate` applies the migrations and exits (run it as the schema owner).
//! `banksia-server staff invite --email EMAIL --role admin`, `audit verify` and `purge` are the
//! staff side's commands (`staff::cli`).

use std::process::ExitCode;
use std::time::Duration;

use banksia_server::{Config, Server};

#[tokio::main]
async fn main() -> ExitCode {
    banksia_server::telemetry::init();
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(err) => {
            tracing::error!(error = %err, "invalid configuration");
            return ExitCode::from(2);
        }
    };
    if std::env::args().nth(1).as_deref() == Some("migrate") {
        return match banksia_server::migrate_only(&config, Duration::from_secs(30)).await {
            Ok(()) => {
                tracing::info!("migrations up to date");
                ExitCode::SUCCESS
            }
            Err(err) => {
                tracing::error!(error = %err, "cannot migrate");
                ExitCode::FAILURE
            }
        };
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(result) = banksia_server::run_staff_command(&config, &args).await {
        return match result {
            Ok(outcome) => {
                println!("{}", outcome.output);
                if outcome.ok {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::FAILURE
                }
            }
            Err(err) => {
                tracing::error!(error = %err, "cannot run the command");
                ExitCode::FAILURE
            }
        };
    }
    // Listening for the signals before anything is served: a SIGTERM that came between the first
    // answer and the first poll of a lazily created listener killed the process outright.
    let shutdown = shutdown_signal();
    let server = match Server::build(config, Duration::from_secs(30)).await {
        Ok(server) => server,
        Err(err) => {
            tracing::error!(error = %err, "cannot start");
            return ExitCode::FAILURE;
        }
    };
    server.serve(shutdown).await;
    ExitCode::SUCCESS
}

/// SIGTERM (what process managers send) or SIGINT (Ctrl-C). Both are listened for from this call
/// on (a signal before the future is polled is kept for it), not from the first poll.
fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    use tokio::signal::unix::{SignalKind, signal};
    let mut terminate = signal(SignalKind::terminate()).expect("can listen for SIGTERM");
    let mut interrupt = signal(SignalKind::interrupt()).expect("can listen for SIGINT");
    async move {
        tokio::select! {
            _ = terminate.recv() => tracing::info!(signal = "SIGTERM", "signal received"),
            _ = interrupt.recv() => tracing::info!(signal = "SIGINT", "signal received"),
        }
    }
}
