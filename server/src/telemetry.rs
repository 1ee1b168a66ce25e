//! Structured logs: JSON lines on stdout, one per request. Request bodies, query strings and
//! headers are never logged, so no applicant's personal information reaches the logs.

use tracing_subscriber::EnvFilter;
use tracing_subscriber::Layer as _;

/// Libraries whose debug output can carry personal data: tokio-postgres logs every statement's
/// parameters (names, emails, ID numbers), hyper and the PostgreSQL protocol crate raw bytes.
/// Nothing below `info` from them is ever logged, whatever `RUST_LOG` says.
pub const CAPPED_TARGETS: [&str; 4] =
    ["tokio_postgres", "postgres_protocol", "hyper", "hyper_util"];

/// Whether an event or span may be logged at all: a cap applied after `RUST_LOG`'s filter, so
/// no directive (however specific, such as `tokio_postgres::query=debug`) can lift it.
pub fn within_cap(metadata: &tracing::Metadata<'_>) -> bool {
    let target = metadata.target();
    let capped = CAPPED_TARGETS.iter().any(|crate_name| {
        target == *crate_name
            || target
                .strip_prefix(crate_name)
                .is_some_and(|rest| rest.starts_with("::"))
    });
    !capped || *metadata.level() <= tracing::Level::INFO
}

/// The filter: `RUST_LOG` (default `info`), then the cap.
pub fn filter() -> impl tracing_subscriber::layer::Filter<tracing_subscriber::Registry> {
    use tracing_subscriber::filter::{FilterExt, filter_fn};
    let env = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    env.and(filter_fn(within_cap))
}

/// Installs the global subscriber: JSON lines on stdout, filtered by [`filter`].
pub fn init() {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let layer = tracing_subscriber::fmt::layer()
        .json()
        .with_current_span(false)
        .with_target(true)
        .with_filter(filter());
    tracing_subscriber::registry().with(layer).init();
}

/// The access log line of a routed request.
pub fn access_log(info: warp::log::Info<'_>) {
    log_request(
        info.method().as_str(),
        info.path(),
        info.status().as_u16(),
        info.elapsed(),
    );
}

/// The access log line: method, path (never the query), status and latency. Every answer gets
/// one, whether the router or the connection's own checks gave it.
pub fn log_request(method: &str, path: &str, status: u16, latency: std::time::Duration) {
    crate::metrics::observe_request(path, status, latency);
    tracing::info!(
        target: "banksia_server::access",
        method = %method,
        path = path,
        status = status,
        latency_ms = latency.as_secs_f64() * 1000.0,
        "request"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_covers_each_capped_crate_and_its_modules_only() {
        use tracing::Level;
        let check = |target: &'static str, level: Level| {
            // Metadata needs a callsite; build a throwaway one per case.
            struct Nowhere;
            impl tracing::callsite::Callsite for Nowhere {
                fn set_interest(&self, _: tracing::subscriber::Interest) {}
                fn metadata(&self) -> &tracing::Metadata<'_> {
                    unreachable!()
                }
            }
            static NOWHERE: Nowhere = Nowhere;
            let fields =
                tracing::field::FieldSet::new(&[], tracing::callsite::Identifier(&NOWHERE));
            let meta = tracing::Metadata::new(
                "event",
                target,
                level,
                None,
                None,
                None,
                fields,
                tracing::metadata::Kind::EVENT,
            );
            within_cap(&meta)
        };
        assert!(!check("tokio_postgres::query", Level::DEBUG));
        assert!(!check("tokio_postgres", Level::TRACE));
        assert!(!check("hyper::proto::h1", Level::DEBUG));
        assert!(check("tokio_postgres::query", Level::INFO));
        assert!(check("tokio_postgres", Level::WARN));
        assert!(check("tokio_postgres_extra", Level::DEBUG));
        assert!(check("banksia_server::access", Level::DEBUG));
    }
}
