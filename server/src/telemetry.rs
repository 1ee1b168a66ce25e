//! Structured logs: JSON lines on stdout, one per request. Request bodies, query strings and
//! headers are never logged, so no applicant's personal information reaches the logs.

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber (`RUST_LOG`, default `info`).
pub fn init() {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info"))
        // tokio-postgres logs statement parameters (names, emails, ...) at debug level: never
        // let a verbose RUST_LOG turn that on.
        .add_directive("tokio_postgres=info".parse().expect("valid directive"))
        .add_directive("hyper=info".parse().expect("valid directive"));
    tracing_subscriber::fmt()
        .json()
        .with_env_filter(filter)
        .with_current_span(false)
        .with_target(true)
        .init();
}

/// The access log line: method, path (never the query), status and latency.
pub fn access_log(info: warp::log::Info<'_>) {
    tracing::info!(
        target: "banksia_server::access",
        method = %info.method(),
        path = info.path(),
        status = info.status().as_u16(),
        latency_ms = info.elapsed().as_secs_f64() * 1000.0,
        "request"
    );
}
