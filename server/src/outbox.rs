//! The mail worker: sends the confirmation emails queued in `email_outbox` with each stored
//! application (see `db::insert_application_and_email`).
//!
//! A worker claims one due row at a time: `FOR UPDATE SKIP LOCKED` picks a row no other worker
//! is claiming, and the claim sets a lease (`locked_until`) and counts the attempt, so another
//! server instance leaves it alone until the lease runs out. Then it sends, outside any
//! transaction, and records the outcome: `sent_at` (and the address and name are erased), or
//! the error class with a doubling delay before the next attempt, or `failed_at` when the SMTP
//! server refused for good or the attempts ran out.
//!
//! Delivery is at least once: if the process dies between the SMTP server's acceptance and the
//! `sent_at` update, the lease expires and the email is sent again, with the same Message-ID.
//!
//! Nothing the worker waits on is unbounded: the claim and each outcome update have a deadline,
//! and one whole SMTP exchange has `SMTP_TIMEOUT_SECONDS` (see `Mailer::send`), so a mail server
//! that accepts connections and then stops answering costs one timed-out attempt (logged at
//! warn), never a hung worker. The lease is longer than all of that together, so another
//! instance never claims a row whose attempt is still running.
//!
//! Retry policy: a connection failure, a timeout, TLS trouble or a transient refusal (SMTP 4xx,
//! 421 included) is retried after 30 s, then 1, 2, 4 ... minutes up to an hour between attempts,
//! 20 attempts in all (about 14 hours); a permanent refusal (SMTP 5xx) or an address that cannot
//! be used is given up at once. A row given up keeps its error class and loses the address and
//! the first name, as a sent one does.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use deadpool_postgres::Pool;
use tokio::sync::{Notify, watch};

use banksia_core::application::AccountType;

use crate::db::DbError;
use crate::email;
use crate::mailer::{MailConfig, Mailer, SendError};

/// How long claiming a row or recording an outcome may take (the pool's own waits are shorter;
/// this also covers a database that accepted the statement and then stopped answering).
const DATABASE_DEADLINE: Duration = Duration::from_secs(10);

/// Retry timing, from [`MailConfig`].
#[derive(Debug, Clone, Copy)]
pub struct RetryPolicy {
    pub base: Duration,
    pub max: Duration,
    pub max_attempts: i32,
    /// How long a claim holds a row: longer than a whole attempt can take.
    pub lease: Duration,
}

impl RetryPolicy {
    pub fn from_config(config: &MailConfig) -> Self {
        Self {
            base: config.retry_base,
            max: config.retry_max,
            max_attempts: config.max_attempts,
            lease: lease_for(config.send_timeout),
        }
    }

    /// The delay after the `attempts`-th failure: base, 2 x base, 4 x base, ... up to max.
    pub fn delay_after(&self, attempts: i32) -> Duration {
        let doublings = attempts.saturating_sub(1).clamp(0, 30) as u32;
        self.base
            .checked_mul(1u32 << doublings)
            .map_or(self.max, |d| d.min(self.max))
    }
}

/// A row the worker holds a lease on.
#[derive(Debug)]
pub struct ClaimedEmail {
    pub id: i64,
    pub reference: String,
    pub recipient: String,
    pub first_name: String,
    /// Including this one.
    pub attempts: i32,
    /// The account applied for, named in the email; `None` if the application's row is gone.
    pub account: Option<AccountType>,
}

// The account type comes from the application itself (the outbox row holds only what the
// email needs to reach the applicant), so the email names the account applied for.
const CLAIM: &str = "\
WITH claimed AS (
    UPDATE email_outbox
    SET attempts = attempts + 1, locked_until = now() + $1 * interval '1 second'
    WHERE id = (
        SELECT id FROM email_outbox
        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY next_attempt_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
    )
    RETURNING id, reference, recipient, first_name, attempts
)
SELECT claimed.id, claimed.reference, claimed.recipient, claimed.first_name, claimed.attempts,
       account_applications.application_type
FROM claimed LEFT JOIN account_applications USING (reference)";

const MARK_SENT: &str = "\
UPDATE email_outbox
SET sent_at = now(), locked_until = NULL, recipient = NULL, first_name = NULL
WHERE id = $1";

// Given up ($4): the address and the name go, as once sent; the error class stays.
const MARK_FAILED: &str = "\
UPDATE email_outbox
SET last_error = $2, locked_until = NULL,
    next_attempt_at = now() + $3 * interval '1 second',
    failed_at = CASE WHEN $4 THEN now() END,
    recipient = CASE WHEN $4 THEN NULL ELSE recipient END,
    first_name = CASE WHEN $4 THEN NULL ELSE first_name END
WHERE id = $1";

/// The lease for a send timeout: the send, twice the database deadline (claim, outcome) and a
/// margin for the outcome's own retries.
pub fn lease_for(send_timeout: Duration) -> Duration {
    send_timeout + 2 * DATABASE_DEADLINE + Duration::from_secs(30)
}

/// `op` within [`DATABASE_DEADLINE`].
pub(crate) async fn bounded<T>(
    op: impl std::future::Future<Output = Result<T, DbError>>,
) -> Result<T, DbError> {
    tokio::time::timeout(DATABASE_DEADLINE, op)
        .await
        .unwrap_or_else(|_| Err(DbError::Unavailable("mail worker deadline exceeded".into())))
}

/// Claims the next due email, if any, holding it for `lease`.
pub async fn claim(pool: &Pool, lease: Duration) -> Result<Option<ClaimedEmail>, DbError> {
    bounded(claim_unbounded(pool, lease)).await
}

async fn claim_unbounded(pool: &Pool, lease: Duration) -> Result<Option<ClaimedEmail>, DbError> {
    let conn = pool.get().await?;
    let statement = conn.prepare_cached(CLAIM).await?;
    let lease = lease.as_secs_f64();
    let row = conn.query_opt(&statement, &[&lease]).await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(ClaimedEmail {
        id: row.try_get(0)?,
        reference: row.try_get(1)?,
        recipient: row.try_get(2)?,
        first_name: row.try_get(3)?,
        attempts: row.try_get(4)?,
        account: row.try_get::<_, Option<String>>(5)?.and_then(|value| {
            AccountType::ALL
                .iter()
                .copied()
                .find(|account| account.as_str() == value)
        }),
    }))
}

async fn mark_sent(pool: &Pool, id: i64) -> Result<(), DbError> {
    bounded(async {
        let conn = pool.get().await?;
        conn.execute(MARK_SENT, &[&id]).await?;
        Ok(())
    })
    .await
}

async fn mark_failed(
    pool: &Pool,
    id: i64,
    error: &str,
    retry_in: Duration,
    give_up: bool,
) -> Result<(), DbError> {
    bounded(async {
        let conn = pool.get().await?;
        let seconds = retry_in.as_secs_f64();
        conn.execute(MARK_FAILED, &[&id, &error, &seconds, &give_up])
            .await?;
        Ok(())
    })
    .await
}

/// Sends one claimed email and records the outcome.
pub async fn deliver(pool: &Pool, mailer: &Mailer, policy: &RetryPolicy, claimed: ClaimedEmail) {
    let rendered =
        email::application_received(&claimed.first_name, &claimed.reference, claimed.account);
    let message_id = format!("<{}.confirmation@banksia.bank>", claimed.reference);
    let started = std::time::Instant::now();
    let outcome = mailer
        .send(&claimed.recipient, &rendered, &message_id)
        .await;
    let figures = &crate::metrics::METRICS;
    figures
        .mail_send_seconds
        .observe(started.elapsed().as_secs_f64());
    match outcome {
        Ok(()) => {
            figures.mail_sent.inc();
            // The SMTP server has it: record that, retrying briefly so a database blip does not
            // let the lease expire and the email go out twice.
            for attempt in 0..5u64 {
                match mark_sent(pool, claimed.id).await {
                    Ok(()) => break,
                    Err(err) => {
                        tracing::warn!(outbox_id = claimed.id, error = %err, "cannot record a sent email; retrying");
                        tokio::time::sleep(Duration::from_millis(200 * (attempt + 1))).await;
                    }
                }
            }
            tracing::info!(
                outbox_id = claimed.id,
                attempts = claimed.attempts,
                "confirmation email sent"
            );
        }
        Err(SendError { summary, permanent }) => {
            let give_up = permanent || claimed.attempts >= policy.max_attempts;
            let retry_in = policy.delay_after(claimed.attempts);
            figures
                .mail_failed
                .with_label_values(&[if give_up { "given_up" } else { "retry" }])
                .inc();
            tracing::warn!(
                outbox_id = claimed.id,
                attempts = claimed.attempts,
                error = %summary,
                give_up,
                retry_in_seconds = retry_in.as_secs_f64(),
                "confirmation email not sent"
            );
            if let Err(err) = mark_failed(pool, claimed.id, &summary, retry_in, give_up).await {
                // The lease runs out and the email is tried again.
                tracing::warn!(outbox_id = claimed.id, error = %err, "cannot record a failed email");
            }
        }
    }
}

/// When the worker last went round its loop, for `/readyz` (see [`Heartbeat::is_recent`]).
#[derive(Debug, Default)]
pub struct Heartbeat {
    /// Milliseconds since `started`; 0 before the first beat.
    last: AtomicU64,
    started: std::sync::OnceLock<tokio::time::Instant>,
}

impl Heartbeat {
    fn now_ms(&self) -> u64 {
        let started = self.started.get_or_init(tokio::time::Instant::now);
        u64::try_from(started.elapsed().as_millis())
            .unwrap_or(u64::MAX)
            .max(1)
    }

    pub fn beat(&self) {
        let now = self.now_ms();
        self.last.store(now, Ordering::Relaxed);
    }

    /// The worker went round its loop within `within`.
    pub fn is_recent(&self, within: Duration) -> bool {
        let last = self.last.load(Ordering::Relaxed);
        last != 0
            && self.now_ms().saturating_sub(last)
                <= u64::try_from(within.as_millis()).unwrap_or(u64::MAX)
    }
}

/// Runs until `stop` turns true: sends every due email, then waits for `wake` (an application
/// was just stored) or the poll interval (retries, other instances' rows). Each turn of the
/// loop beats `heartbeat`.
pub async fn run(
    pool: Pool,
    mailer: Mailer,
    policy: RetryPolicy,
    poll_interval: Duration,
    wake: Arc<Notify>,
    heartbeat: Arc<Heartbeat>,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        heartbeat.beat();
        if *stop.borrow() {
            break;
        }
        match claim(&pool, policy.lease).await {
            Ok(Some(claimed)) => {
                deliver(&pool, &mailer, &policy, claimed).await;
                continue;
            }
            Ok(None) => {}
            Err(err) => tracing::warn!(error = %err, "mail worker cannot claim emails"),
        }
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(poll_interval) => {}
            _ = stop.changed() => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_delays_double_up_to_the_cap() {
        let policy = RetryPolicy {
            base: Duration::from_secs(30),
            max: Duration::from_secs(3600),
            max_attempts: 20,
            lease: lease_for(Duration::from_secs(30)),
        };
        let delays: Vec<u64> = (1..=9).map(|n| policy.delay_after(n).as_secs()).collect();
        assert_eq!(delays, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
        assert_eq!(policy.delay_after(i32::MAX), Duration::from_secs(3600));
    }
}
