//! Group commit of valid submissions (`banksia_server::group_commit`) on a real PostgreSQL:
//! submissions that wait together are committed together, yet each gets its own answer, and one
//! that PostgreSQL refuses costs the others nothing.
//!
//! To make submissions wait together deterministically, the test holds a lock on the table
//! until the writer's first insert is seen waiting for it (in `pg_locks`); every other
//! submission is queued by then.

use crate::common;

use std::sync::Arc;

use banksia_core::application::AccountApplication;
use banksia_server::db::{self, DbError, Idempotency, InsertOutcome};
use banksia_server::group_commit::GroupCommit;
use common::{TestApp, bench_application, personal_details, query_i64, spawn_app};

fn application(last_name: &str) -> Arc<AccountApplication> {
    let mut application = bench_application();
    application.last_name = last_name.into();
    Arc::new(application)
}

fn job(
    reference: &str,
    application: &Arc<AccountApplication>,
    key: Option<&Arc<Idempotency>>,
) -> db::InsertJob {
    let keys = banksia_server::id_keys::IdKeys::development();
    db::InsertJob {
        reference: reference.into(),
        application: Arc::clone(application),
        identification: db::IdentificationAtRest::seal(&keys, "PA1234567", reference).unwrap(),
        details: db::DetailsAtRest::seal(&keys, &personal_details(), reference).unwrap(),
        idempotency: key.cloned(),
        queue_email: false,
    }
}

fn key(name: &str, fingerprint: u8) -> Arc<Idempotency> {
    Arc::new(Idempotency {
        key: name.into(),
        fingerprint: [fingerprint; 32],
        earlier_fingerprints: vec![],
    })
}

/// Runs `jobs` through one writer on one connection, the first alone (it waits on the test's
/// lock while the others queue behind it), and returns each one's answer in order.
async fn store_behind_a_lock(
    app: &TestApp,
    jobs: Vec<db::InsertJob>,
) -> Vec<Result<InsertOutcome, DbError>> {
    let pool = db::create_pool(&app.api_login("writer").await, 1).unwrap();
    let writers = Arc::new(GroupCommit::start(pool.clone(), 1));
    app.db
        .batch_execute("BEGIN; LOCK TABLE account_applications IN SHARE MODE")
        .await
        .unwrap();
    let answers = tokio::spawn({
        let writers = Arc::clone(&writers);
        async move {
            futures_util::future::join_all(jobs.into_iter().map(|job| writers.insert(job))).await
        }
    });
    // Polling for the blocked insert, not a timed wait: the lock is held until it shows.
    while query_i64(
        &app.db,
        "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = 'account_applications'::regclass",
        &[],
    )
    .await
        == 0
    {
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    app.db.batch_execute("COMMIT").await.unwrap();
    let answers = answers.await.unwrap();
    pool.close();
    answers
}

/// How many transactions stored the rows with these references.
async fn transactions_of(app: &TestApp, references: &[&str]) -> i64 {
    let references: Vec<String> = references.iter().map(|r| r.to_string()).collect();
    query_i64(
        &app.db,
        "SELECT count(DISTINCT xmin::text) FROM account_applications WHERE reference = ANY($1)",
        &[&references],
    )
    .await
}

#[tokio::test]
async fn submissions_that_wait_together_share_one_commit_and_each_gets_its_own_answer() {
    let app = spawn_app().await;
    let nguyen = application("Nguyen");
    let other = application("Other");
    let k1 = key("k-1", 1);
    let jobs = vec![
        job("BKS-00000000000A", &nguyen, None),
        job("BKS-00000000000B", &nguyen, None),
        job("BKS-00000000000C", &nguyen, Some(&k1)),
        // The same key and body again, in the same batch: the first one's answer.
        job("BKS-00000000000D", &nguyen, Some(&k1)),
        // The same key with another body: refused as a reused key.
        job("BKS-00000000000E", &other, Some(&key("k-1", 2))),
        job("BKS-00000000000F", &other, Some(&key("k-2", 3))),
        job("BKS-00000000000G", &other, None),
    ];
    let answers = store_behind_a_lock(&app, jobs).await;
    let created = |answer: &Result<InsertOutcome, DbError>, reference: &str| matches!(answer, Ok(InsertOutcome::Created(s)) if s.reference == reference);
    assert!(created(&answers[0], "BKS-00000000000A"), "{:?}", answers[0]);
    assert!(created(&answers[1], "BKS-00000000000B"), "{:?}", answers[1]);
    assert!(created(&answers[2], "BKS-00000000000C"), "{:?}", answers[2]);
    assert!(
        matches!(&answers[3], Ok(InsertOutcome::Replayed(s)) if s.reference == "BKS-00000000000C"),
        "{:?}",
        answers[3]
    );
    assert!(
        matches!(answers[4], Ok(InsertOutcome::KeyReused)),
        "{:?}",
        answers[4]
    );
    assert!(created(&answers[5], "BKS-00000000000F"), "{:?}", answers[5]);
    assert!(created(&answers[6], "BKS-00000000000G"), "{:?}", answers[6]);
    assert_eq!(app.row_count().await, 5);
    // The first alone, the four others waiting behind it in one transaction.
    assert_eq!(transactions_of(&app, &["BKS-00000000000A"]).await, 1);
    assert_eq!(
        transactions_of(
            &app,
            &[
                "BKS-00000000000B",
                "BKS-00000000000C",
                "BKS-00000000000F",
                "BKS-00000000000G"
            ]
        )
        .await,
        1
    );
}

#[tokio::test]
async fn a_submission_postgresql_refuses_costs_the_others_nothing() {
    let app = spawn_app().await;
    // A stand-in for any refusal the database could make of one row (a constraint, a bug).
    app.db
        .batch_execute(
            "CREATE FUNCTION refuse_for_the_test() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN
               IF NEW.last_name = 'Refused' THEN RAISE EXCEPTION 'refused for the test'; END IF;
               RETURN NEW;
             END $$;
             CREATE TRIGGER refuse_for_the_test BEFORE INSERT ON account_applications
               FOR EACH ROW EXECUTE FUNCTION refuse_for_the_test();",
        )
        .await
        .unwrap();
    let accepted = application("Nguyen");
    let refused = application("Refused");
    let jobs = vec![
        job("BKS-00000000001A", &accepted, None),
        job("BKS-00000000001B", &accepted, None),
        job("BKS-00000000001C", &refused, None),
        job("BKS-00000000001D", &accepted, Some(&key("k-3", 4))),
        job("BKS-00000000001E", &accepted, None),
    ];
    let answers = store_behind_a_lock(&app, jobs).await;
    for (i, answer) in answers.iter().enumerate() {
        if i == 2 {
            assert!(
                matches!(answer, Err(DbError::Query { .. })),
                "the refused one: {answer:?}"
            );
        } else {
            assert!(
                matches!(answer, Ok(InsertOutcome::Created(_))),
                "{i}: {answer:?}"
            );
        }
    }
    assert_eq!(app.row_count().await, 4);
    let refused_stored = query_i64(
        &app.db,
        "SELECT count(*) FROM account_applications WHERE last_name = 'Refused'",
        &[],
    )
    .await;
    assert_eq!(refused_stored, 0);
}
