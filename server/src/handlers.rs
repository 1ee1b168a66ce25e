//! Request handlers: each one answers with a response, errors included (see `ApiError`).

use std::net::SocketAddr;
use std::sync::Arc;

use banksia_core::application::FieldMessages;
use banksia_wire::application::ApplicationCreated;
use futures_util::{Stream, StreamExt};
use serde_json::json;
use warp::Buf;
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::{Reply, Response};

use crate::AppState;
use crate::application;
use crate::db::{self, DbError, Idempotency, InsertOutcome, Submission};
use crate::error::ApiError;

/// Largest accepted application body. A full application is well under 2 KiB.
pub const MAX_BODY_BYTES: usize = 16 * 1024;
/// How much of an oversized body is read and thrown away before answering 413.
const DRAIN_LIMIT: usize = 1024 * 1024;

/// POST /api/applications: rate limit, content type, idempotency key, body, rules, insert.
pub async fn submit_application<S, B>(
    peer: Option<SocketAddr>,
    headers: HeaderMap,
    body: S,
    state: Arc<AppState>,
) -> Response
where
    S: Stream<Item = Result<B, warp::Error>> + Send,
    B: Buf,
{
    match submit(peer, &headers, body, &state).await {
        Ok((submission, email_to, warnings)) => {
            let body = ApplicationCreated {
                submitted_at: submission
                    .submitted_at
                    .to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
                confirmation_email: submission
                    .email_queued
                    .then(|| crate::email::mask_address(&email_to)),
                reference: submission.reference,
                status: submission.status,
                warnings,
            };
            no_store(
                warp::reply::with_status(warp::reply::json(&body), StatusCode::CREATED)
                    .into_response(),
            )
        }
        Err(error) => no_store(error.into_response()),
    }
}

async fn submit<S, B>(
    peer: Option<SocketAddr>,
    headers: &HeaderMap,
    body: S,
    state: &AppState,
) -> Result<(Submission, String, FieldMessages), ApiError>
where
    S: Stream<Item = Result<B, warp::Error>> + Send,
    B: Buf,
{
    crate::rate_limit::admit(peer, headers, state).await?;
    if !is_json(headers.get(header::CONTENT_TYPE)) {
        return Err(ApiError::UnsupportedMediaType);
    }
    let idempotency_key = idempotency_key(headers.get("idempotency-key"))?;
    let declared_length = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared_length.is_some_and(|n| n > DRAIN_LIMIT as u64) {
        return Err(ApiError::PayloadTooLarge);
    }
    let bytes = tokio::time::timeout(state.body_read_timeout, read_limited(body, MAX_BODY_BYTES))
        .await
        .map_err(|_| ApiError::BodyTimeout)??;

    let input = application::parse(&bytes)?;
    let (row, details, warnings) = application::validate(&input, application::today())?;
    let row = Arc::new(row);
    let idempotency = idempotency_key.map(|key| {
        let mut keyed = state
            .fingerprint_keys
            .iter()
            .map(|secret| application::fingerprint(secret, &bytes));
        Arc::new(Idempotency {
            key,
            fingerprint: keyed.next().expect("one key at least"),
            earlier_fingerprints: keyed.collect(),
        })
    });

    // A reference collision is very unlikely (50 random bits): retry with a new one rather than fail.
    for _ in 0..3 {
        let reference = application::new_reference().map_err(ApiError::Internal)?;
        let queue_email = state.mail_wake.is_some();
        let identification = db::IdentificationAtRest::seal(
            &state.staff.config.id_keys,
            &row.identification_number,
            &reference,
        )
        .map_err(ApiError::Internal)?;
        let details_at_rest =
            db::DetailsAtRest::seal(&state.staff.config.id_keys, &details, &reference)
                .map_err(ApiError::Internal)?;
        let job = db::InsertJob {
            reference,
            application: Arc::clone(&row),
            identification,
            details: details_at_rest,
            idempotency: idempotency.clone(),
            queue_email,
        };
        match state.submissions.insert(job).await {
            Ok(InsertOutcome::Created(submission) | InsertOutcome::Replayed(submission)) => {
                if let (true, Some(wake)) = (submission.email_queued, &state.mail_wake) {
                    wake.notify_one();
                }
                return Ok((submission, row.email.clone(), warnings));
            }
            Ok(InsertOutcome::KeyReused) => return Err(ApiError::IdempotencyKeyReused),
            Err(DbError::DuplicateReference) => continue,
            Err(other) => return Err(ApiError::of_submission(other)),
        }
    }
    Err(ApiError::Internal(
        "could not generate a unique reference".into(),
    ))
}

/// `application/json`, with any parameters (`; charset=utf-8`), in any letter case.
fn is_json(content_type: Option<&HeaderValue>) -> bool {
    content_type
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// 1 to 255 visible ASCII characters (0x21 to 0x7E), or no header at all.
fn idempotency_key(value: Option<&HeaderValue>) -> Result<Option<String>, ApiError> {
    let Some(value) = value else { return Ok(None) };
    let bytes = value.as_bytes();
    if bytes.is_empty() || bytes.len() > 255 || !bytes.iter().all(|b| (0x21..=0x7e).contains(b)) {
        return Err(ApiError::InvalidIdempotencyKey);
    }
    Ok(Some(String::from_utf8_lossy(bytes).into_owned()))
}

/// Collects the body up to `limit` bytes. A chunked body has no length to check up front, so
/// the limit is enforced on what actually arrives. An oversized body is still read (and
/// discarded) up to `DRAIN_LIMIT`, so the client is reading when the 413 arrives rather than
/// being reset mid-upload; past that the connection is simply dropped.
pub(crate) async fn read_limited<S, B>(body: S, limit: usize) -> Result<Vec<u8>, ApiError>
where
    S: Stream<Item = Result<B, warp::Error>> + Send,
    B: Buf,
{
    let mut body = std::pin::pin!(body);
    let mut collected = Vec::new();
    let mut total = 0usize;
    while let Some(chunk) = body.next().await {
        let mut chunk = chunk.map_err(|_| ApiError::UnreadableBody)?;
        total += chunk.remaining();
        // A limit above the drain limit (the applicant's documents) drains half as much again.
        if total > DRAIN_LIMIT.max(limit.saturating_add(DRAIN_LIMIT / 2)) {
            return Err(ApiError::PayloadTooLarge);
        }
        while chunk.has_remaining() {
            let part = chunk.chunk();
            let n = part.len();
            if total <= limit {
                collected.extend_from_slice(part);
            }
            chunk.advance(n);
        }
    }
    if total > limit {
        Err(ApiError::PayloadTooLarge)
    } else {
        Ok(collected)
    }
}

/// GET /healthz: the process is up.
pub async fn healthz() -> Response {
    no_store(warp::reply::json(&json!({ "status": "ok" })).into_response())
}

/// GET /readyz: the database answers, its schema is the one this build needs, and every mail
/// queue's worker (when mail is on) runs and went round its loop recently. 503 with the failing
/// checks named otherwise.
pub async fn readyz(state: Arc<AppState>) -> Response {
    let (database, schema) = match db::applied_migration(&state.pool).await {
        Ok(applied) => (true, applied >= db::latest_migration()),
        Err(err) => {
            tracing::warn!(error = %err, "readiness: database not reachable");
            (false, false)
        }
    };
    // Each mail queue's worker by name (none when mail is off).
    let workers: serde_json::Map<String, serde_json::Value> = state
        .mail_workers
        .iter()
        .flat_map(|workers| workers.health())
        .map(|(queue, alive)| (queue.name().to_owned(), alive.into()))
        .collect();
    let worker = workers.values().all(|alive| alive == true);
    let ready = database && schema && worker;
    let body = json!({
        "status": if ready { "ready" } else { "not ready" },
        "checks": {
            "database": database,
            "schema": schema,
            "mail_worker": worker,
            "mail_workers": workers,
        },
    });
    let status = if ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    no_store(warp::reply::with_status(warp::reply::json(&body), status).into_response())
}

fn no_store(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_content_types() {
        let ok = [
            "application/json",
            "Application/JSON; charset=utf-8",
            "application/json ;charset=UTF-8",
        ];
        for value in ok {
            assert!(is_json(Some(&HeaderValue::from_static(value))), "{value}");
        }
        for value in [
            "text/plain",
            "application/jsonx",
            "application/x-www-form-urlencoded",
            "",
        ] {
            assert!(!is_json(Some(&HeaderValue::from_static(value))), "{value}");
        }
        assert!(!is_json(None));
    }

    #[test]
    fn idempotency_keys_are_visible_ascii_up_to_255() {
        let ok = |s: &str| idempotency_key(Some(&HeaderValue::from_str(s).unwrap())).is_ok();
        assert!(ok("a"));
        assert!(ok(&"k".repeat(255)));
        assert!(ok("3f1c-…".trim_end_matches('…')));
        assert!(!ok(""));
        assert!(!ok(&"k".repeat(256)));
        assert!(!ok("has space"));
        assert!(idempotency_key(Some(&HeaderValue::from_bytes(b"caf\xc3\xa9").unwrap())).is_err());
        assert!(matches!(idempotency_key(None), Ok(None)));
    }

    #[tokio::test]
    async fn body_limit_applies_to_what_arrives() {
        let chunks = |n: usize| {
            futures_util::stream::iter(
                (0..n).map(|_| Ok::<_, warp::Error>(std::io::Cursor::new(vec![b'x'; 1024]))),
            )
        };
        assert_eq!(
            read_limited(chunks(16), MAX_BODY_BYTES)
                .await
                .unwrap()
                .len(),
            16 * 1024
        );
        assert!(matches!(
            read_limited(chunks(17), MAX_BODY_BYTES).await,
            Err(ApiError::PayloadTooLarge)
        ));
    }
}
