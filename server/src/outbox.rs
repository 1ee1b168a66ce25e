//! The mail worker: one loop for every table of queued emails ([`EmailQueue`]): the
//! confirmation emails queued in `email_outbox` with each stored application (see
//! `db::insert_one`, `db::insert_together`, [`Confirmations`]) and the applicant's status emails
//! (`staff::emails::ApplicantEmails`). Each table is worked by its own task with the same rules.
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
//! be used is given up at once. A confirmation given up keeps its error class and loses the
//! address and the first name, as a sent one does.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use deadpool_postgres::Pool;
use tokio::sync::{Notify, watch};
use tokio_postgres::Row;

use banksia_core::application::AccountType;

use crate::db::DbError;
use crate::email::{self, RenderedEmail};
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
    /// How often the worker looks for due rows when nothing wakes it.
    pub poll_interval: Duration,
}

impl RetryPolicy {
    pub fn from_config(config: &MailConfig) -> Self {
        Self {
            base: config.retry_base,
            max: config.retry_max,
            max_attempts: config.max_attempts,
            lease: lease_for(config.send_timeout),
            poll_interval: config.poll_interval,
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

/// A row the worker holds a lease on, ready to send.
#[derive(Debug)]
pub struct ClaimedEmail {
    pub id: i64,
    /// Including this one.
    pub attempts: i32,
    pub recipient: String,
    pub email: RenderedEmail,
    /// The same for every attempt of the row, so a resend after a lost outcome is recognisable.
    pub message_id: String,
}

/// A table of queued emails the worker sends: its statements and how a claimed row becomes an
/// email. Every statement takes the parameters its documentation lists.
pub trait EmailQueue: Send + Sync + 'static {
    /// What the log calls one of its emails.
    const WHAT: &'static str;
    /// Claims the next due row, holding it for `$1` seconds (counting the attempt); the row is
    /// read by [`EmailQueue::claimed`].
    const CLAIM: &'static str;
    /// `$1` the row: sent (and the address erased).
    const MARK_SENT: &'static str;
    /// `$1` the row, `$2` the error class, `$3` seconds until the next attempt, `$4` given up.
    const MARK_FAILED: &'static str;

    /// The email of a row [`EmailQueue::CLAIM`] returned.
    fn claimed(&self, row: &Row) -> Result<ClaimedEmail, tokio_postgres::Error>;
}

/// The confirmation emails of `email_outbox`, one per stored application, their links on
/// `origin` (`PUBLIC_ORIGIN`).
#[derive(Debug, Clone)]
pub struct Confirmations {
    pub origin: Arc<str>,
}

impl EmailQueue for Confirmations {
    const WHAT: &'static str = "confirmation email";
    const CLAIM: &'static str = CLAIM;
    const MARK_SENT: &'static str = MARK_SENT;
    const MARK_FAILED: &'static str = MARK_FAILED;

    fn claimed(&self, row: &Row) -> Result<ClaimedEmail, tokio_postgres::Error> {
        let reference: String = row.try_get("reference")?;
        let first_name: String = row.try_get("first_name")?;
        // None once the application's row is gone (the email still goes, without the product).
        let account: Option<AccountType> = row.try_get("application_type")?;
        Ok(ClaimedEmail {
            id: row.try_get("id")?,
            recipient: row.try_get("recipient")?,
            attempts: row.try_get("attempts")?,
            email: email::application_received(&first_name, &reference, account, &self.origin),
            message_id: format!("<{reference}.confirmation@banksia.bank>"),
        })
    }
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

/// Claims the next due email of queue `Q`, if any, holding it for `lease`.
pub async fn claim<Q: EmailQueue>(
    queue: &Q,
    pool: &Pool,
    lease: Duration,
) -> Result<Option<ClaimedEmail>, DbError> {
    bounded(async {
        let conn = pool.get().await?;
        let statement = conn.prepare_cached(Q::CLAIM).await?;
        let row = conn.query_opt(&statement, &[&lease.as_secs_f64()]).await?;
        Ok(row.as_ref().map(|row| queue.claimed(row)).transpose()?)
    })
    .await
}

async fn mark_sent<Q: EmailQueue>(pool: &Pool, id: i64) -> Result<(), DbError> {
    bounded(async {
        let conn = pool.get().await?;
        conn.execute(Q::MARK_SENT, &[&id]).await?;
        Ok(())
    })
    .await
}

async fn mark_failed<Q: EmailQueue>(
    pool: &Pool,
    id: i64,
    error: &str,
    retry_in: Duration,
    give_up: bool,
) -> Result<(), DbError> {
    bounded(async {
        let conn = pool.get().await?;
        let seconds = retry_in.as_secs_f64();
        conn.execute(Q::MARK_FAILED, &[&id, &error, &seconds, &give_up])
            .await?;
        Ok(())
    })
    .await
}

/// Sends one claimed email of queue `Q` and records the outcome.
pub async fn deliver<Q: EmailQueue>(
    pool: &Pool,
    mailer: &Mailer,
    policy: &RetryPolicy,
    claimed: ClaimedEmail,
) {
    let started = std::time::Instant::now();
    let outcome = mailer
        .send(&claimed.recipient, &claimed.email, &claimed.message_id)
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
                match mark_sent::<Q>(pool, claimed.id).await {
                    Ok(()) => break,
                    Err(err) => {
                        tracing::warn!(email_id = claimed.id, what = Q::WHAT, error = %err, "cannot record a sent email; retrying");
                        tokio::time::sleep(Duration::from_millis(200 * (attempt + 1))).await;
                    }
                }
            }
            tracing::info!(
                email_id = claimed.id,
                attempts = claimed.attempts,
                what = Q::WHAT,
                "email sent"
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
                email_id = claimed.id,
                attempts = claimed.attempts,
                what = Q::WHAT,
                error = %summary,
                give_up,
                retry_in_seconds = retry_in.as_secs_f64(),
                "email not sent"
            );
            if let Err(err) = mark_failed::<Q>(pool, claimed.id, &summary, retry_in, give_up).await
            {
                // The lease runs out and the email is tried again.
                tracing::warn!(email_id = claimed.id, what = Q::WHAT, error = %err, "cannot record a failed email");
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

/// Runs until `stop` turns true: sends every due email of queue `Q`, then waits for `wake` (an
/// email was just queued) or the poll interval (retries, other instances' rows). Each turn of
/// the loop beats `heartbeat`, when there is one.
pub async fn run<Q: EmailQueue>(
    queue: Q,
    pool: Pool,
    mailer: Mailer,
    policy: RetryPolicy,
    wake: Arc<Notify>,
    heartbeat: Option<Arc<Heartbeat>>,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        if let Some(heartbeat) = &heartbeat {
            heartbeat.beat();
        }
        if *stop.borrow() {
            break;
        }
        match claim(&queue, &pool, policy.lease).await {
            Ok(Some(claimed)) => {
                deliver::<Q>(&pool, &mailer, &policy, claimed).await;
                continue;
            }
            Ok(None) => {}
            Err(err) => {
                tracing::warn!(what = Q::WHAT, error = %err, "mail worker cannot claim emails")
            }
        }
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(policy.poll_interval) => {}
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
            poll_interval: Duration::from_secs(5),
        };
        let delays: Vec<u64> = (1..=9).map(|n| policy.delay_after(n).as_secs()).collect();
        assert_eq!(delays, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
        assert_eq!(policy.delay_after(i32::MAX), Duration::from_secs(3600));
    }
}
