//! PostgreSQL stopped and started again while requests flow: quick 503s while it is down, no
//! 201 without its row, and recovery without a restart of the server.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::{PgCluster, post_application, query_i64, spawn_app_with, valid_application};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn database_outage_gives_503s_then_recovers() {
    let cluster = PgCluster::start();
    let app = spawn_app_with(&cluster, |_| {}).await;
    let payload = valid_application().to_string();
    assert_eq!(app.post_json(&payload).await.status, 201);

    // A client submitting steadily throughout.
    let stop = Arc::new(AtomicBool::new(false));
    let flow = {
        let (addr, payload, stop) = (app.addr, payload.clone(), stop.clone());
        tokio::spawn(async move {
            let mut outcomes = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let res = post_application(addr, &payload, &[]).await;
                let reference = (res.status == 201)
                    .then(|| res.json()["reference"].as_str().unwrap().to_owned());
                outcomes.push((res.status, reference));
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            outcomes
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;

    cluster.stop();
    // While it is down: 503 with a JSON error, quickly (the server's own deadline is 1.5 s;
    // the bound here is looser so a loaded machine cannot make it flake).
    for _ in 0..3 {
        let started = Instant::now();
        let res = app.post_json(&payload).await;
        assert_eq!(res.status, 503, "{}", res.text());
        assert!(res.json()["error"].is_string());
        assert!(
            started.elapsed() < Duration::from_secs(4),
            "took {:?}",
            started.elapsed()
        );
    }
    assert_eq!(app.request("GET", "/readyz", &[], b"").await.status, 503);
    assert_eq!(
        app.request("GET", "/healthz", &[], b"").await.status,
        200,
        "the process stays up"
    );

    cluster.restart();
    // It recovers on its own.
    let give_up = Instant::now() + Duration::from_secs(30);
    loop {
        let res = app.post_json(&payload).await;
        if res.status == 201 {
            break;
        }
        assert!(
            Instant::now() < give_up,
            "no recovery: {} {}",
            res.status,
            res.text()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(app.request("GET", "/readyz", &[], b"").await.status, 200);
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.store(true, Ordering::Relaxed);
    let outcomes = flow.await.unwrap();

    let statuses: Vec<u16> = outcomes.iter().map(|(s, _)| *s).collect();
    assert!(
        statuses.iter().all(|s| *s == 201 || *s == 503),
        "{statuses:?}"
    );
    assert!(
        statuses.contains(&503),
        "the flow saw the outage: {statuses:?}"
    );
    assert_eq!(
        statuses.last(),
        Some(&201),
        "the flow ends in success: {statuses:?}"
    );

    // Every 201 has its row.
    let db = cluster.connect(&app.database).await;
    for reference in outcomes.iter().filter_map(|(_, r)| r.as_ref()) {
        let n = query_i64(
            &db,
            "SELECT count(*) FROM account_applications WHERE reference = $1",
            &[reference],
        )
        .await;
        assert_eq!(n, 1, "201 without its row: {reference}");
    }
    app.shutdown().await;
}
