//! `GET /metrics`: [`crate::metrics`]'s figures in Prometheus text format, served on
//! `METRICS_BIND` (its own address, never the public port). A scrape first reads the figures
//! kept in the database and the pool (each mail queue, the rate-limit table, the audit chain's
//! head), then renders every series.

use std::sync::Arc;
use std::time::Duration;

use crate::AppState;
use crate::metrics::METRICS;
use crate::outbox::{self, Queue};

const RATE_LIMIT_ROWS: &str = "\
SELECT greatest(reltuples, 0)::bigint AS row_estimate FROM pg_class WHERE oid = 'api_rate_limits'::regclass";

/// Reads the figures kept in the database and the pool, then renders every series.
pub async fn render(state: &AppState) -> String {
    let status = state.pool.status();
    let in_use = status.size.saturating_sub(status.available);
    let pool = &METRICS.pool;
    pool.with_label_values(&["in_use"])
        .set(i64::try_from(in_use).unwrap_or(i64::MAX));
    pool.with_label_values(&["idle"])
        .set(i64::try_from(status.available).unwrap_or(i64::MAX));
    pool.with_label_values(&["max"])
        .set(i64::try_from(status.max_size).unwrap_or(i64::MAX));
    pool.with_label_values(&["waiting"])
        .set(i64::try_from(status.waiting).unwrap_or(i64::MAX));
    let health = state.mail_workers.as_ref().map(|workers| workers.health());
    METRICS.mail_worker_alive.set(i64::from(
        health.is_none_or(|health| health.iter().all(|(_, alive)| *alive)),
    ));
    for (queue, alive) in health.into_iter().flatten() {
        METRICS
            .mail_worker_alive_by_queue
            .with_label_values(&[queue.name()])
            .set(i64::from(alive));
    }
    let read = async {
        if state.mail_workers.is_some() {
            let (mut pending, mut oldest) = (0, 0f64);
            for queue in Queue::ALL {
                // The confirmations are the public side's table; the others the staff side's.
                let pool = match queue {
                    Queue::Confirmations => &state.pool,
                    Queue::Applicant | Queue::Staff => &state.staff.pool,
                };
                let figures = outbox::figures(queue, pool)
                    .await
                    .map_err(|e| e.to_string())?;
                let label = [queue.name()];
                METRICS
                    .mail_queue_pending
                    .with_label_values(&label)
                    .set(figures.pending);
                METRICS
                    .mail_queue_oldest_pending_seconds
                    .with_label_values(&label)
                    .set(figures.oldest_seconds);
                METRICS
                    .mail_queue_attempts
                    .with_label_values(&label)
                    .set(figures.attempts);
                pending += figures.pending;
                oldest = oldest.max(figures.oldest_seconds);
            }
            METRICS.outbox_pending.set(pending);
            METRICS.outbox_oldest_pending_seconds.set(oldest);
        }
        let conn = state.pool.get().await.map_err(|e| e.to_string())?;
        let row = conn
            .query_one(RATE_LIMIT_ROWS, &[])
            .await
            .map_err(|e| e.to_string())?;
        METRICS.rate_limit_rows.set(row.get("row_estimate"));
        let staff = state.staff.pool.get().await.map_err(|e| e.to_string())?;
        if let Some((rows, head)) = crate::staff::audit::head(&staff)
            .await
            .map_err(|e| e.to_string())?
        {
            METRICS.audit_head.reset();
            METRICS.audit_head.with_label_values(&[&head]).set(rows);
        }
        Ok::<_, String>(())
    };
    match tokio::time::timeout(Duration::from_secs(2), read).await {
        Ok(Ok(())) => {}
        Ok(Err(err)) => tracing::warn!(error = %err, "metrics: database figures not read"),
        Err(_) => tracing::warn!("metrics: database figures not read in time"),
    }
    METRICS.text()
}

/// Serves `GET /metrics` on `listener` until `stop` turns true. Anything else is a 404.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: Arc<AppState>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    use hyper::server::conn::http1;
    use hyper_util::rt::TokioIo;
    use warp::http::{Response, StatusCode, header};
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = stop.changed() => return,
        };
        let state = state.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(
                move |request: warp::http::Request<hyper::body::Incoming>| {
                    let state = state.clone();
                    async move {
                        let response = if request.uri().path() == "/metrics" {
                            Response::builder()
                                .header(
                                    header::CONTENT_TYPE,
                                    "text/plain; version=0.0.4; charset=utf-8",
                                )
                                .header(header::CACHE_CONTROL, "no-store")
                                .body(render(&state).await)
                        } else {
                            Response::builder()
                                .status(StatusCode::NOT_FOUND)
                                .body(String::from("not found\n"))
                        };
                        Ok::<_, std::convert::Infallible>(response.expect("a valid response"))
                    }
                },
            );
            let connection = http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(Duration::from_secs(10))
                .serve_connection(TokioIo::new(stream), service);
            let _ = tokio::time::timeout(Duration::from_secs(60), connection).await;
        });
    }
}
