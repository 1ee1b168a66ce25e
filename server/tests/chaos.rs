//! Submissions under load while PostgreSQL's backends are terminated and PostgreSQL itself is
//! restarted. Afterwards every 201's reference is in the table exactly once, every 503 that
//! said "not submitted" is absent, and every 503 is recoverable with its Idempotency-Key.
//! Bounded (about 25 s) so it runs with the rest of the suite; the figures it prints are in
//! RELIABILITY.md.

use crate::common;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::{
    PgCluster, application_numbered, post_with_key, query_i64, retry_until_created, spawn_app_with,
};

const CLIENTS: usize = 6;
const CYCLES: usize = 3;

#[derive(Debug)]
struct Outcome {
    key: String,
    body: String,
    status: u16,
    reference: Option<String>,
    unknown: bool,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn submissions_survive_restarts_and_killed_backends() {
    let started = Instant::now();
    let cluster = Arc::new(PgCluster::start());
    let app = spawn_app_with(&cluster, |c| c.pool_size = 8).await;
    let (addr, database) = (app.addr, app.database.clone());

    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = (0..CLIENTS)
        .map(|client| {
            let stop = stop.clone();
            tokio::spawn(async move {
                let mut outcomes = Vec::new();
                let mut n = 0;
                while !stop.load(Ordering::Relaxed) {
                    let key = format!("chaos-{client}-{n}");
                    let body = application_numbered(client * 1_000_000 + n);
                    let res = post_with_key(addr, &body, &key).await;
                    let json = serde_json::from_slice::<serde_json::Value>(&res.body).ok();
                    outcomes.push(Outcome {
                        key,
                        body,
                        status: res.status,
                        reference: json
                            .as_ref()
                            .and_then(|j| j["reference"].as_str().map(str::to_owned)),
                        unknown: json.as_ref().is_some_and(|j| j["outcome"] == "unknown"),
                    });
                    n += 1;
                }
                outcomes
            })
        })
        .collect();

    // The chaos: backends terminated mid-flight, then a fast shutdown and a restart.
    let mut terminated = 0;
    for _ in 0..CYCLES {
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let admin = cluster.connect("postgres").await;
        let killed = query_i64(
            &admin,
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity \
             WHERE datname = $1 AND application_name = 'banksia-server'",
            &[&database],
        )
        .await;
        terminated += killed;
        drop(admin);
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let cluster = cluster.clone();
        tokio::task::spawn_blocking(move || {
            cluster.stop();
            std::thread::sleep(Duration::from_millis(800));
            cluster.restart();
        })
        .await
        .unwrap();
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    stop.store(true, Ordering::Relaxed);
    let mut outcomes = Vec::new();
    for client in clients {
        outcomes.extend(client.await.unwrap());
    }

    // Every answer is a 201 or a 503: never a 500, never a hang.
    for o in &outcomes {
        assert!(
            o.status == 201 || o.status == 503,
            "{} answered {}",
            o.key,
            o.status
        );
    }

    // What the table holds, by key (a new session: the restarts closed the test's own).
    let db = cluster.connect(&database).await;
    let rows = db
        .query(
            "SELECT idempotency_key, reference FROM account_applications",
            &[],
        )
        .await
        .unwrap();
    let mut stored: HashMap<String, Vec<String>> = HashMap::new();
    for row in &rows {
        stored
            .entry(row.get::<_, String>(0))
            .or_default()
            .push(row.get(1));
    }
    let mut by_reference: HashMap<&str, usize> = HashMap::new();
    for row in &rows {
        *by_reference.entry(row.get::<_, &str>(1)).or_default() += 1;
    }
    let created: Vec<&Outcome> = outcomes.iter().filter(|o| o.status == 201).collect();
    let failed: Vec<&Outcome> = outcomes.iter().filter(|o| o.status == 503).collect();
    let mut lost = 0;
    for o in &created {
        let reference = o.reference.as_deref().expect("a 201 has a reference");
        match by_reference.get(reference) {
            Some(1) => {}
            Some(n) => panic!("{reference} stored {n} times"),
            None => lost += 1,
        }
        assert_eq!(stored.get(&o.key).map(Vec::len), Some(1), "{}", o.key);
    }
    assert_eq!(lost, 0, "201s without their row");
    let duplicates = stored.values().filter(|refs| refs.len() > 1).count();
    assert_eq!(duplicates, 0);

    // Each 503: "not submitted" must be true; every one is recoverable with its key (retried
    // a few at a time).
    let mut stored_after_unknown = 0;
    for o in &failed {
        let was_stored = stored.contains_key(&o.key);
        if !o.unknown {
            assert!(
                !was_stored,
                "{} answered \"not submitted\" but stored",
                o.key
            );
        } else if was_stored {
            stored_after_unknown += 1;
        }
    }
    for batch in failed.chunks(CLIENTS) {
        let retries = batch
            .iter()
            .map(|o| retry_until_created(addr, &o.body, &o.key, Duration::from_secs(10)));
        for (o, retry) in batch
            .iter()
            .zip(futures_util::future::join_all(retries).await)
        {
            assert_eq!(retry.status, 201, "{}: {}", o.key, retry.text());
            if let Some(references) = stored.get(&o.key) {
                assert_eq!(
                    retry.json()["reference"],
                    references[0].as_str(),
                    "{}",
                    o.key
                );
            }
        }
    }
    let rows_after = query_i64(
        &db,
        "SELECT count(DISTINCT idempotency_key) - count(*) FROM account_applications",
        &[],
    )
    .await;
    assert_eq!(rows_after, 0, "a key stored twice after the retries");

    println!(
        "chaos: {} submitted, {} answered 201 ({} stored, {lost} lost, {duplicates} duplicate), \
         {} answered 503 ({} \"not submitted\", {} \"outcome unknown\" of which {stored_after_unknown} \
         had been stored; all {} recovered by their key), {terminated} backends terminated, \
         {CYCLES} restarts, {:.1} s",
        outcomes.len(),
        created.len(),
        created.len() - lost,
        failed.len(),
        failed.iter().filter(|o| !o.unknown).count(),
        failed.iter().filter(|o| o.unknown).count(),
        failed.len(),
        started.elapsed().as_secs_f64()
    );
}
