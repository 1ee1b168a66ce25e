//! Group commit of valid submissions. Applications that arrive while every writer is busy are
//! stored together: one transaction, their statements sent in one go, one commit between them
//! (`db::insert_together`). Each is answered only once its own commit is known, as before, so
//! a 201 still means stored; a quiet moment's single application goes out alone, as it did.
//!
//! Under load this is what lets the server keep up with PostgreSQL: the commit and the round
//! trip, not the row, are most of an insert's cost on the database's side.
//!
//! The deadline is the request's: a submission still waiting when its request gives up is
//! withdrawn and never sent (the client is told it was not stored); one already sent is
//! reported as of unknown outcome, as a lost connection is.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use deadpool_postgres::Pool;
use tokio::sync::{Mutex, mpsc, oneshot};

use crate::db::{self, DbError, InsertJob, InsertOutcome};

/// At most this many applications share one commit: a burst's worth, few enough that a batch
/// PostgreSQL refuses is quickly stored again one by one.
pub const MAX_BATCH: usize = 16;

/// Submissions waiting for a writer, beyond which a request waits to queue (within its deadline).
const QUEUE_CAPACITY: usize = 1024;

/// A submission's place: waiting, taken by a writer (sent), or withdrawn by its request.
const WAITING: u8 = 0;
const SENT: u8 = 1;
const WITHDRAWN: u8 = 2;

type Answer = Result<InsertOutcome, DbError>;

struct Waiting {
    job: InsertJob,
    place: Arc<AtomicU8>,
    answer: oneshot::Sender<Answer>,
}

/// The writers' queue. Dropping it stops the writers once the queue is empty.
#[derive(Debug)]
pub struct GroupCommit {
    queue: mpsc::Sender<Waiting>,
}

impl std::fmt::Debug for Waiting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Waiting")
            .field("reference", &self.job.reference)
            .finish_non_exhaustive()
    }
}

impl GroupCommit {
    /// Starts `writers` tasks storing submissions through `pool` (one connection each at a time:
    /// as many writers as the pool has connections).
    pub fn start(pool: Pool, writers: usize) -> Self {
        let (queue, waiting) = mpsc::channel(QUEUE_CAPACITY);
        let waiting = Arc::new(Mutex::new(waiting));
        for _ in 0..writers.max(1) {
            tokio::spawn(write(pool.clone(), Arc::clone(&waiting)));
        }
        Self { queue }
    }

    /// Stores `job`, alone or with others: `Created` once its commit is done.
    pub async fn insert(&self, job: InsertJob) -> Answer {
        let place = Arc::new(AtomicU8::new(WAITING));
        let (answer, answered) = oneshot::channel();
        let waiting = Waiting {
            job,
            place: Arc::clone(&place),
            answer,
        };
        let stored = tokio::time::timeout(db::OPERATION_DEADLINE, async {
            if self.queue.send(waiting).await.is_err() {
                return None;
            }
            answered.await.ok()
        })
        .await;
        if let Ok(Some(answer)) = stored {
            return answer;
        }
        // No answer in time (or the writers are gone): withdraw it unless a writer has sent it.
        match place.compare_exchange(WAITING, WITHDRAWN, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(_) => Err(DbError::Unavailable("operation deadline exceeded".into())),
            Err(_) => Err(DbError::OutcomeUnknown(
                "operation deadline exceeded".into(),
            )),
        }
    }
}

/// One writer: takes the first waiting submission and every other already waiting (up to
/// [`MAX_BATCH`]), stores them, answers each, and again.
async fn write(pool: Pool, waiting: Arc<Mutex<mpsc::Receiver<Waiting>>>) {
    loop {
        let mut batch = Vec::new();
        {
            let mut queue = waiting.lock().await;
            let Some(first) = queue.recv().await else {
                return;
            };
            batch.push(first);
            while batch.len() < MAX_BATCH {
                match queue.try_recv() {
                    Ok(next) => batch.push(next),
                    Err(_) => break,
                }
            }
        }
        store(&pool, batch).await;
    }
}

async fn store(pool: &Pool, batch: Vec<Waiting>) {
    let conn = match pool.get().await {
        Ok(conn) => conn,
        Err(err) => {
            // Nothing was sent: each fails as the pool did.
            let err = DbError::from(err);
            for waiting in batch {
                let _ = waiting.answer.send(Err(err.clone()));
            }
            return;
        }
    };
    // From here a submission is sent, or was withdrawn by its request and is dropped unsent.
    let batch: Vec<Waiting> = batch
        .into_iter()
        .filter(|waiting| {
            waiting
                .place
                .compare_exchange(WAITING, SENT, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        })
        .collect();
    if batch.is_empty() {
        return;
    }
    let jobs: Vec<&InsertJob> = batch.iter().map(|waiting| &waiting.job).collect();
    let answers = tokio::time::timeout(db::OPERATION_DEADLINE, async {
        if let [job] = jobs[..] {
            return vec![db::insert_one(&conn, job).await];
        }
        match db::insert_together(&conn, &jobs).await {
            Some(answers) => answers,
            None => {
                let mut answers = Vec::with_capacity(jobs.len());
                for job in &jobs {
                    answers.push(db::insert_one(&conn, job).await);
                }
                answers
            }
        }
    })
    .await
    .unwrap_or_else(|_| {
        jobs.iter()
            .map(|_| {
                Err(DbError::OutcomeUnknown(
                    "operation deadline exceeded".into(),
                ))
            })
            .collect()
    });
    if answers
        .iter()
        .any(|answer| matches!(answer, Err(DbError::OutcomeUnknown(_))))
    {
        // The session may still be running a statement: never hand it to another request.
        drop(deadpool_postgres::Object::take(conn));
    }
    drop(jobs);
    for (waiting, answer) in batch.into_iter().zip(answers) {
        let _ = waiting.answer.send(answer);
    }
}
