//! The mail queues and their workers: one implementation for every email the bank sends. Each
//! [`Queue`] is a table of emails queued in the transaction of the change they announce:
//! - `confirmations` (`email_outbox`): one per stored application (`db::insert_one`,
//!   `db::insert_together`), rendered when sent, on the public pool;
//! - `applicant` (`application_emails`): information requests, decisions, withdrawals, status
//!   links (`staff::emails::queue`), stored rendered, on the staff pool;
//! - `staff` (`staff_emails`): security notices to a staff member about their own account
//!   (`staff::emails::queue_staff_notice`), stored rendered, on the staff pool.
//!
//! Every queue's statements are made by the same functions from its table, and every queue is
//! worked by the same loop ([`run`]) with its own heartbeat ([`Workers`]), read by `/readyz`
//! and `/metrics` (see RELIABILITY.md).
//!
//! A worker claims one due row at a time: `FOR UPDATE SKIP LOCKED` picks a row no other worker
//! is claiming, and the claim sets a lease (`locked_until`) and counts the attempt, so another
//! server instance leaves it alone until the lease runs out. Then it sends, outside any
//! transaction, and records the outcome: `sent_at` (and the address and the words are erased),
//! or the error class with a doubling delay before the next attempt, or `failed_at` when the
//! SMTP server refused for good or the attempts ran out (erased the same way).
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
//! be used is given up at once.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use deadpool_postgres::Pool;
use tokio::sync::{Notify, watch};
use tokio_postgres::Row;

use banksia_core::application::AccountType;
use banksia_core::review::events::{EmailKind, StaffEmailKind};

use crate::db::DbError;
use crate::email::{self, RenderedEmail};
use crate::mailer::{MailConfig, Mailer, SendError};

/// How long claiming a row or recording an outcome may take (the pool's own waits are shorter;
/// this also covers a database that accepted the statement and then stopped answering).
const DATABASE_DEADLINE: Duration = Duration::from_secs(10);

/// A table of queued emails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Queue {
    /// `email_outbox`: the confirmation of a stored application.
    Confirmations,
    /// `application_emails`: the applicant's emails after submission.
    Applicant,
    /// `staff_emails`: security notices to staff members.
    Staff,
}

impl Queue {
    pub const ALL: [Queue; 3] = [Queue::Confirmations, Queue::Applicant, Queue::Staff];

    /// Its name in `/readyz`, `/metrics` (the `queue` label) and the log.
    pub fn name(self) -> &'static str {
        match self {
            Queue::Confirmations => "confirmations",
            Queue::Applicant => "applicant",
            Queue::Staff => "staff",
        }
    }

    pub fn table(self) -> &'static str {
        match self {
            Queue::Confirmations => "email_outbox",
            Queue::Applicant => "application_emails",
            Queue::Staff => "staff_emails",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The columns a row needs to be sent, erased once it is sent or given up (the address and
    /// whatever names or quotes the applicant).
    fn personal_columns(self) -> &'static [&'static str] {
        match self {
            Queue::Confirmations => &["recipient", "first_name"],
            Queue::Applicant | Queue::Staff => &["recipient", "subject", "text_body", "html_body"],
        }
    }

    /// What a claim returns besides the row's id, attempts and personal columns.
    fn identity_columns(self) -> &'static str {
        match self {
            Queue::Confirmations => "reference",
            Queue::Applicant => "reference, kind, version",
            Queue::Staff => "kind",
        }
    }
}

/// The statements of a queue, made from its table by [`statements_for`].
#[derive(Debug)]
struct Statements {
    /// `$1` the lease in seconds: claims the next due row and counts the attempt.
    claim: String,
    /// `$1` the row: sent, its personal columns erased.
    mark_sent: String,
    /// `$1` the row, `$2` the error class, `$3` seconds until the next attempt, `$4` given up
    /// (its personal columns erased too).
    mark_failed: String,
    /// The queue's figures for `/metrics`: pending, the oldest pending's age, their attempts.
    figures: String,
}

fn statements_for(queue: Queue) -> Statements {
    let table = queue.table();
    let personal = queue.personal_columns();
    let returning = format!(
        "id, attempts, {}, {}",
        queue.identity_columns(),
        personal.join(", ")
    );
    let claimed = format!(
        "UPDATE {table}
SET attempts = attempts + 1, locked_until = now() + make_interval(secs => $1)
WHERE id = (
    SELECT id FROM {table}
    WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
      AND (locked_until IS NULL OR locked_until < now())
    ORDER BY next_attempt_at, id
    LIMIT 1
    FOR UPDATE SKIP LOCKED)
RETURNING {returning}"
    );
    // The confirmation names the account applied for, read from the application itself (the
    // row holds only what the email needs to reach the applicant); none once it is purged.
    let claim = match queue {
        Queue::Confirmations => format!(
            "WITH claimed AS ({claimed})
SELECT claimed.*, account_applications.application_type
FROM claimed LEFT JOIN account_applications USING (reference)"
        ),
        Queue::Applicant | Queue::Staff => claimed,
    };
    let erased = |when: &str| -> String {
        personal
            .iter()
            .map(|column| match when {
                "always" => format!("{column} = NULL"),
                _ => format!("{column} = CASE WHEN $4 THEN NULL ELSE {column} END"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    Statements {
        claim,
        mark_sent: format!(
            "UPDATE {table} SET sent_at = now(), locked_until = NULL, {} WHERE id = $1",
            erased("always")
        ),
        mark_failed: format!(
            "UPDATE {table}
SET last_error = $2, locked_until = NULL,
    next_attempt_at = now() + make_interval(secs => $3),
    failed_at = CASE WHEN $4 THEN now() END,
    {}
WHERE id = $1",
            erased("if given up")
        ),
        figures: format!(
            "SELECT count(*) AS pending,
       coalesce(extract(epoch FROM now() - min(created_at))::float8, 0) AS oldest_seconds,
       coalesce(sum(attempts), 0)::bigint AS attempts
FROM {table} WHERE sent_at IS NULL AND failed_at IS NULL"
        ),
    }
}

static STATEMENTS: LazyLock<[Statements; 3]> = LazyLock::new(|| Queue::ALL.map(statements_for));

fn statements(queue: Queue) -> &'static Statements {
    &STATEMENTS[queue.index()]
}

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

    /// How long a worker may go without a heartbeat and still count as alive: a poll interval
    /// and a whole attempt (the lease covers the send and the database deadlines).
    pub fn grace(&self) -> Duration {
        self.poll_interval + self.lease
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

/// The email of a row `queue`'s claim returned; a confirmation is rendered now, its links on
/// `origin` (`PUBLIC_ORIGIN`).
fn claimed(queue: Queue, row: &Row, origin: &str) -> Result<ClaimedEmail, tokio_postgres::Error> {
    let id: i64 = row.try_get("id")?;
    let (email, message_id) = match queue {
        Queue::Confirmations => {
            let reference: String = row.try_get("reference")?;
            let first_name: String = row.try_get("first_name")?;
            let account: Option<AccountType> = row.try_get("application_type")?;
            (
                email::application_received(&first_name, &reference, account, origin),
                format!("<{reference}.confirmation@banksia.bank>"),
            )
        }
        Queue::Applicant | Queue::Staff => {
            let rendered = RenderedEmail {
                subject: row.try_get("subject")?,
                text: row.try_get("text_body")?,
                html: row.try_get("html_body")?,
            };
            let message_id = if queue == Queue::Applicant {
                let reference: String = row.try_get("reference")?;
                let kind: EmailKind = row.try_get("kind")?;
                let version: i32 = row.try_get("version")?;
                format!("<{reference}.{kind}.{version}@banksia.bank>")
            } else {
                let kind: StaffEmailKind = row.try_get("kind")?;
                format!("<staff.{id}.{kind}@banksia.bank>")
            };
            (rendered, message_id)
        }
    };
    Ok(ClaimedEmail {
        id,
        attempts: row.try_get("attempts")?,
        recipient: row.try_get("recipient")?,
        email,
        message_id,
    })
}

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

/// Claims the next due email of `queue`, if any, holding it for `lease`.
pub async fn claim(
    queue: Queue,
    pool: &Pool,
    lease: Duration,
    origin: &str,
) -> Result<Option<ClaimedEmail>, DbError> {
    bounded(async {
        let conn = pool.get().await?;
        let statement = conn.prepare_cached(&statements(queue).claim).await?;
        let row = conn.query_opt(&statement, &[&lease.as_secs_f64()]).await?;
        Ok(row
            .as_ref()
            .map(|row| claimed(queue, row, origin))
            .transpose()?)
    })
    .await
}

async fn mark_sent(queue: Queue, pool: &Pool, id: i64) -> Result<(), DbError> {
    bounded(async {
        let conn = pool.get().await?;
        conn.execute(&statements(queue).mark_sent, &[&id]).await?;
        Ok(())
    })
    .await
}

async fn mark_failed(
    queue: Queue,
    pool: &Pool,
    id: i64,
    error: &str,
    retry_in: Duration,
    give_up: bool,
) -> Result<(), DbError> {
    bounded(async {
        let conn = pool.get().await?;
        let seconds = retry_in.as_secs_f64();
        conn.execute(
            &statements(queue).mark_failed,
            &[&id, &error, &seconds, &give_up],
        )
        .await?;
        Ok(())
    })
    .await
}

/// Sends one claimed email of `queue` and records the outcome.
pub async fn deliver(
    queue: Queue,
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
    let what = queue.name();
    match outcome {
        Ok(()) => {
            figures.mail_sent.with_label_values(&[what]).inc();
            // The SMTP server has it: record that, retrying briefly so a database blip does not
            // let the lease expire and the email go out twice.
            for attempt in 0..5u64 {
                match mark_sent(queue, pool, claimed.id).await {
                    Ok(()) => break,
                    Err(err) => {
                        tracing::warn!(email_id = claimed.id, queue = what, error = %err, "cannot record a sent email; retrying");
                        tokio::time::sleep(Duration::from_millis(200 * (attempt + 1))).await;
                    }
                }
            }
            tracing::info!(
                email_id = claimed.id,
                attempts = claimed.attempts,
                queue = what,
                "email sent"
            );
        }
        Err(SendError { summary, permanent }) => {
            let give_up = permanent || claimed.attempts >= policy.max_attempts;
            let retry_in = policy.delay_after(claimed.attempts);
            figures
                .mail_failed
                .with_label_values(&[what, if give_up { "given_up" } else { "retry" }])
                .inc();
            tracing::warn!(
                email_id = claimed.id,
                attempts = claimed.attempts,
                queue = what,
                error = %summary,
                give_up,
                retry_in_seconds = retry_in.as_secs_f64(),
                "email not sent"
            );
            if let Err(err) =
                mark_failed(queue, pool, claimed.id, &summary, retry_in, give_up).await
            {
                // The lease runs out and the email is tried again.
                tracing::warn!(email_id = claimed.id, queue = what, error = %err, "cannot record a failed email");
            }
        }
    }
}

/// A queue's figures, read from its table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QueueFigures {
    /// Emails neither sent nor given up.
    pub pending: i64,
    /// The age of the oldest of them (0 when none).
    pub oldest_seconds: f64,
    /// The attempts made on them so far: rising while `pending` stays is a refusing server.
    pub attempts: i64,
}

/// Reads `queue`'s figures on `pool` (the public pool for confirmations, the staff pool else).
pub async fn figures(queue: Queue, pool: &Pool) -> Result<QueueFigures, DbError> {
    let conn = pool.get().await?;
    let row = conn.query_one(&statements(queue).figures, &[]).await?;
    Ok(QueueFigures {
        pending: row.try_get("pending")?,
        oldest_seconds: row.try_get("oldest_seconds")?,
        attempts: row.try_get("attempts")?,
    })
}

/// When a worker last went round its loop, and whether its task still runs.
#[derive(Debug, Default)]
struct Heartbeat {
    /// Milliseconds since `started`; 0 before the first beat.
    last: AtomicU64,
    /// Set when the worker starts, cleared when its task ends (returned, stopped or panicked).
    running: AtomicBool,
}

/// Marks a worker stopped when its task ends, however it ends (a panic unwinds through it).
struct Running<'a>(&'a Heartbeat);

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.0.running.store(false, Ordering::Relaxed);
    }
}

/// The mail workers of this process: one per [`Queue`], each with its heartbeat and its own
/// stop, so `/readyz` and `/metrics` can tell which one stopped or hangs.
#[derive(Debug)]
pub struct Workers {
    beats: [Heartbeat; 3],
    stops: [watch::Sender<bool>; 3],
    started: tokio::time::Instant,
    /// How long a worker may go without a heartbeat and still count as alive.
    grace: Duration,
}

/// What a worker sends and where.
#[derive(Debug, Clone)]
pub struct WorkerSetup {
    pub pool: Pool,
    pub mailer: Mailer,
    pub policy: RetryPolicy,
    /// Rung when an email of the queue was just queued (else the worker polls).
    pub wake: Arc<Notify>,
    /// `PUBLIC_ORIGIN`, for the confirmation's links.
    pub origin: Arc<str>,
}

impl Workers {
    pub fn new(grace: Duration) -> Self {
        Self {
            beats: Default::default(),
            stops: std::array::from_fn(|_| watch::channel(false).0),
            started: tokio::time::Instant::now(),
            grace,
        }
    }

    fn now_ms(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis())
            .unwrap_or(u64::MAX)
            .max(1)
    }

    fn beat(&self, queue: Queue) {
        let now = self.now_ms();
        self.beats[queue.index()].last.store(now, Ordering::Relaxed);
    }

    /// `queue`'s worker runs and went round its loop within the grace period.
    pub fn is_alive(&self, queue: Queue) -> bool {
        let beat = &self.beats[queue.index()];
        let last = beat.last.load(Ordering::Relaxed);
        beat.running.load(Ordering::Relaxed)
            && last != 0
            && self.now_ms().saturating_sub(last)
                <= u64::try_from(self.grace.as_millis()).unwrap_or(u64::MAX)
    }

    /// Every queue's worker, alive or not, in [`Queue::ALL`]'s order.
    pub fn health(&self) -> [(Queue, bool); 3] {
        Queue::ALL.map(|queue| (queue, self.is_alive(queue)))
    }

    /// Asks `queue`'s worker to stop once the email in hand is recorded.
    pub fn stop(&self, queue: Queue) {
        self.stops[queue.index()].send_replace(true);
    }

    pub fn stop_all(&self) {
        for queue in Queue::ALL {
            self.stop(queue);
        }
    }

    /// Starts `queue`'s worker.
    pub fn spawn(
        self: &Arc<Self>,
        queue: Queue,
        setup: WorkerSetup,
    ) -> tokio::task::JoinHandle<()> {
        let workers = self.clone();
        let stop = self.stops[queue.index()].subscribe();
        tokio::spawn(async move { run(queue, setup, &workers, stop).await })
    }
}

/// Runs until `stop` turns true: sends every due email of `queue`, then waits for `wake` (an
/// email was just queued) or the poll interval (retries, other instances' rows). Each turn of
/// the loop beats the queue's heartbeat.
async fn run(queue: Queue, setup: WorkerSetup, workers: &Workers, mut stop: watch::Receiver<bool>) {
    let heartbeat = &workers.beats[queue.index()];
    heartbeat.running.store(true, Ordering::Relaxed);
    let _running = Running(heartbeat);
    let WorkerSetup {
        pool,
        mailer,
        policy,
        wake,
        origin,
    } = setup;
    loop {
        workers.beat(queue);
        if *stop.borrow() {
            break;
        }
        match claim(queue, &pool, policy.lease, &origin).await {
            Ok(Some(claimed)) => {
                deliver(queue, &pool, &mailer, &policy, claimed).await;
                continue;
            }
            Ok(None) => {}
            Err(err) => {
                tracing::warn!(queue = queue.name(), error = %err, "mail worker cannot claim emails")
            }
        }
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(policy.poll_interval) => {}
            _ = stop.changed() => {}
        }
    }
    tracing::info!(queue = queue.name(), "mail worker stopped");
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

    /// Every queue's statements come from the same functions: each erases exactly the columns
    /// that name or reach the person, once sent and once given up.
    #[test]
    fn every_queue_erases_its_personal_columns_when_sent_or_given_up() {
        for queue in Queue::ALL {
            let statements = statements_for(queue);
            for column in queue.personal_columns() {
                assert!(
                    statements.mark_sent.contains(&format!("{column} = NULL")),
                    "{queue:?}: {}",
                    statements.mark_sent
                );
                assert!(
                    statements
                        .mark_failed
                        .contains(&format!("{column} = CASE WHEN $4 THEN NULL")),
                    "{queue:?}"
                );
                assert!(statements.claim.contains(column), "{queue:?}");
            }
            for statement in [
                &statements.claim,
                &statements.mark_sent,
                &statements.mark_failed,
                &statements.figures,
            ] {
                assert!(statement.contains(queue.table()), "{queue:?}");
            }
        }
    }

    #[tokio::test]
    async fn a_worker_that_never_ran_or_stopped_is_not_alive() {
        let workers = Workers::new(Duration::from_secs(60));
        for queue in Queue::ALL {
            assert!(!workers.is_alive(queue), "{queue:?} never started");
        }
        let beat = &workers.beats[Queue::Applicant.index()];
        beat.running.store(true, Ordering::Relaxed);
        workers.beat(Queue::Applicant);
        assert!(workers.is_alive(Queue::Applicant));
        drop(Running(beat));
        assert!(!workers.is_alive(Queue::Applicant), "its task ended");
    }
}
