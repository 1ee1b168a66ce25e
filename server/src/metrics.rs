//! Operators' figures, the series alone: requests by route and status and their latency,
//! connections, the database pool, each mail queue and its worker, the rate-limit table and its
//! cleanup, the audit chain's head.
//!
//! Counters and histograms are updated where things happen (the access log line, the mail
//! worker, the cleanup); the database figures are read when Prometheus scrapes, by
//! [`crate::scrape`], which serves them on `METRICS_BIND`. This module imports nothing of the
//! server's, so anything can count without a circle of imports.

use std::sync::LazyLock;
use std::time::Duration;

use prometheus::{
    Encoder, Gauge, GaugeVec, Histogram, HistogramOpts, HistogramVec, IntCounter, IntCounterVec,
    IntGauge, IntGaugeVec, Opts, Registry, TextEncoder,
};

/// Every series of the server, in one registry.
pub struct Metrics {
    registry: Registry,
    pub requests: IntCounterVec,
    pub request_seconds: HistogramVec,
    pub connections_open: IntGauge,
    pub connections_refused: IntCounterVec,
    pub pool: IntGaugeVec,
    pub outbox_pending: IntGauge,
    pub outbox_oldest_pending_seconds: Gauge,
    pub mail_queue_pending: IntGaugeVec,
    pub mail_queue_oldest_pending_seconds: GaugeVec,
    pub mail_queue_attempts: IntGaugeVec,
    pub mail_sent: IntCounterVec,
    pub mail_failed: IntCounterVec,
    pub mail_send_seconds: Histogram,
    pub mail_worker_alive: IntGauge,
    pub mail_worker_alive_by_queue: IntGaugeVec,
    pub rate_limit_rows: IntGauge,
    pub cleanup_deleted: IntCounter,
    pub cleanup_lag_seconds: Gauge,
    pub cleanup_behind: IntGauge,
    pub site_rates_stale: IntGauge,
    pub staff_reveals: IntCounterVec,
    pub audit_head: IntGaugeVec,
}

impl Metrics {
    /// Every series in Prometheus text format.
    pub fn text(&self) -> String {
        let mut text = Vec::new();
        TextEncoder::new()
            .encode(&self.registry.gather(), &mut text)
            .expect("the text encoder writes to memory");
        String::from_utf8(text).unwrap_or_default()
    }
}

fn register<T: prometheus::core::Collector + Clone + 'static>(registry: &Registry, metric: T) -> T {
    registry
        .register(Box::new(metric.clone()))
        .expect("each metric is registered once");
    metric
}

/// The server's metrics (one set per process).
pub static METRICS: LazyLock<Metrics> = LazyLock::new(|| {
    let registry = Registry::new_custom(Some("banksia".into()), None).expect("a valid prefix");
    let r = &registry;
    Metrics {
        requests: register(
            r,
            IntCounterVec::new(
                Opts::new("http_requests_total", "Requests answered, by route and status."),
                &["route", "status"],
            )
            .unwrap(),
        ),
        request_seconds: register(
            r,
            HistogramVec::new(
                HistogramOpts::new(
                    "http_request_duration_seconds",
                    "Time from the request's head to its answer, by route.",
                )
                .buckets(vec![
                    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
                ]),
                &["route"],
            )
            .unwrap(),
        ),
        connections_open: register(
            r,
            IntGauge::new("connections_open", "TCP connections being served.").unwrap(),
        ),
        connections_refused: register(
            r,
            IntCounterVec::new(
                Opts::new(
                    "connections_refused_total",
                    "Connections turned away by the caps (server_full, client_full).",
                ),
                &["reason"],
            )
            .unwrap(),
        ),
        pool: register(
            r,
            IntGaugeVec::new(
                Opts::new(
                    "db_pool_connections",
                    "Database pool: connections in_use, idle, the max, and requests waiting for one.",
                ),
                &["state"],
            )
            .unwrap(),
        ),
        outbox_pending: register(
            r,
            IntGauge::new(
                "outbox_pending",
                "Emails of every queue neither sent nor given up (by queue: mail_queue_pending).",
            )
            .unwrap(),
        ),
        outbox_oldest_pending_seconds: register(
            r,
            Gauge::new(
                "outbox_oldest_pending_age_seconds",
                "Age of the oldest email of any queue neither sent nor given up (0 when none).",
            )
            .unwrap(),
        ),
        mail_queue_pending: register(
            r,
            IntGaugeVec::new(
                Opts::new(
                    "mail_queue_pending",
                    "Emails neither sent nor given up, by queue (confirmations, applicant, staff).",
                ),
                &["queue"],
            )
            .unwrap(),
        ),
        mail_queue_oldest_pending_seconds: register(
            r,
            GaugeVec::new(
                Opts::new(
                    "mail_queue_oldest_pending_age_seconds",
                    "Age of the queue's oldest email neither sent nor given up (0 when none).",
                ),
                &["queue"],
            )
            .unwrap(),
        ),
        mail_queue_attempts: register(
            r,
            IntGaugeVec::new(
                Opts::new(
                    "mail_queue_pending_attempts",
                    "Send attempts made so far on the queue's pending emails (rising while pending stays: the mail server refuses).",
                ),
                &["queue"],
            )
            .unwrap(),
        ),
        mail_sent: register(
            r,
            IntCounterVec::new(
                Opts::new("mail_sent_total", "Emails sent by this process, by queue."),
                &["queue"],
            )
            .unwrap(),
        ),
        mail_failed: register(
            r,
            IntCounterVec::new(
                Opts::new(
                    "mail_failed_total",
                    "Failed send attempts by this process, by queue and outcome (retry, given_up).",
                ),
                &["queue", "outcome"],
            )
            .unwrap(),
        ),
        mail_send_seconds: register(
            r,
            Histogram::with_opts(
                HistogramOpts::new("mail_send_duration_seconds", "One SMTP exchange.").buckets(
                    vec![0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0],
                ),
            )
            .unwrap(),
        ),
        mail_worker_alive: register(
            r,
            IntGauge::new(
                "mail_worker_alive",
                "1 when every mail worker runs and went round its loop recently (no transport: 1).",
            )
            .unwrap(),
        ),
        mail_worker_alive_by_queue: register(
            r,
            IntGaugeVec::new(
                Opts::new(
                    "mail_queue_worker_alive",
                    "1 when the queue's worker runs and went round its loop recently.",
                ),
                &["queue"],
            )
            .unwrap(),
        ),
        rate_limit_rows: register(
            r,
            IntGauge::new(
                "rate_limit_rows_estimate",
                "Rows of api_rate_limits, PostgreSQL's estimate (pg_class.reltuples).",
            )
            .unwrap(),
        ),
        cleanup_deleted: register(
            r,
            IntCounter::new(
                "rate_limit_cleanup_deleted_total",
                "Idle rate-limit rows deleted by this process.",
            )
            .unwrap(),
        ),
        cleanup_lag_seconds: register(
            r,
            Gauge::new(
                "rate_limit_cleanup_lag_seconds",
                "After the last cleanup: how long the oldest idle row has been deletable.",
            )
            .unwrap(),
        ),
        cleanup_behind: register(
            r,
            IntGauge::new(
                "rate_limit_cleanup_behind",
                "1 when the last cleanup ran out of time with idle rows left.",
            )
            .unwrap(),
        ),
        site_rates_stale: register(
            r,
            IntGauge::new(
                "site_rates_stale",
                "1 when a rate change has taken effect since the served site was built (rebuild it).",
            )
            .unwrap(),
        ),
        staff_reveals: register(
            r,
            IntCounterVec::new(
                Opts::new(
                    "staff_id_reveals_total",
                    "Identification number reveals asked by staff (outcome: revealed, throttled).",
                ),
                &["outcome"],
            )
            .unwrap(),
        ),
        audit_head: register(
            r,
            IntGaugeVec::new(
                Opts::new(
                    "staff_audit_head_rows",
                    "The audit chain's row count, labelled with its last row's hash: a head recorded here and given to `banksia-server audit verify --head` catches rows cut off the chain's end.",
                ),
                &["head"],
            )
            .unwrap(),
        ),
        registry,
    }
});

/// The route label of a path: the API's own paths, else `asset` (content-hashed files), `page`
/// (the site) or `invalid` (a target that is not a path). Never the path itself: the label set
/// stays small whatever clients ask for.
pub fn route_of(path: &str) -> &'static str {
    match path {
        "/api/applications" => "/api/applications",
        "/healthz" => "/healthz",
        "/readyz" => "/readyz",
        p if p.starts_with("/api/") || p == "/api" => "/api/other",
        p if p.starts_with("/cds-au/") || p == "/cds-au" => "/cds-au",
        p if p.starts_with("/_astro/") => "asset",
        p if p.starts_with('/') => "page",
        _ => "invalid",
    }
}

/// One answered request.
pub fn observe_request(path: &str, status: u16, latency: Duration) {
    let route = route_of(path);
    METRICS
        .requests
        .with_label_values(&[route, &status.to_string()])
        .inc();
    METRICS
        .request_seconds
        .with_label_values(&[route])
        .observe(latency.as_secs_f64());
}
