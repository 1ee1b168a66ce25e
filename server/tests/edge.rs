//! The holes of issue 21 at the edge, each kept closed: request targets that are not paths,
//! ambiguous framing and Host headers, and a rate-limit table too big for one DELETE.

use crate::common;

use std::time::Duration;

use banksia_server::rate_limit::RateLimiter;
use common::{HttpResponse, query_i64, raw_request, spawn_app, valid_application};

/// The headers every answer carries (`security::security_headers`).
fn assert_security_headers(res: &HttpResponse, what: &str) {
    for name in [
        "content-security-policy",
        "strict-transport-security",
        "x-content-type-options",
        "referrer-policy",
        "x-frame-options",
    ] {
        assert!(res.header(name).is_some(), "{what}: no {name}: {res:?}");
    }
}

#[tokio::test]
async fn a_request_target_that_is_not_a_path_is_a_400_with_the_usual_headers() {
    let app = spawn_app().await;
    for head in [
        "GET a:1 HTTP/1.1\r\nHost: test\r\n\r\n",
        "GET ~ HTTP/1.1\r\nHost: test\r\n\r\n",
        "CONNECT host:443 HTTP/1.1\r\nHost: host:443\r\n\r\n",
        "GET host:443 HTTP/1.1\r\nHost: test\r\n\r\n",
        "OPTIONS * HTTP/1.1\r\nHost: test\r\n\r\n",
        "POST a:1 HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
    ] {
        let res = raw_request(app.addr, head.as_bytes()).await;
        assert_eq!(res.status, 400, "{head:?}: {}", res.text());
        assert_eq!(
            res.json()["error"],
            "The request target must be a path.",
            "{head:?}"
        );
        assert_security_headers(&res, head);
        assert_eq!(res.header("cache-control"), Some("no-store"));
    }
    // The server is still there, and the ordinary forms still work.
    let res = raw_request(
        app.addr,
        b"GET /healthz HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(res.status, 200);
    let res = raw_request(
        app.addr,
        b"GET http://test/healthz HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(res.status, 200, "absolute form: {}", res.text());
}

#[tokio::test]
async fn transfer_codings_other_than_one_chunked_are_refused() {
    let app = spawn_app().await;
    let body = valid_application().to_string();
    let chunked = format!("{:x}\r\n{body}\r\n0\r\n\r\n", body.len());
    for coding in [
        "chunked, chunked",
        "gzip, chunked",
        "identity, chunked",
        "chunked\r\nTransfer-Encoding: chunked",
    ] {
        let raw = format!(
            "POST /api/applications HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nTransfer-Encoding: {coding}\r\n\r\n{chunked}"
        );
        let res = raw_request(app.addr, raw.as_bytes()).await;
        assert_eq!(res.status, 400, "{coding:?}: {}", res.text());
        assert_security_headers(&res, coding);
    }
    assert_eq!(app.row_count().await, 0, "nothing stored");
    // One chunked, in any letter case, is fine.
    let raw = format!(
        "POST /api/applications HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: Chunked\r\n\r\n{chunked}"
    );
    let res = raw_request(app.addr, raw.as_bytes()).await;
    assert_eq!(res.status, 201, "{}", res.text());
}

#[tokio::test]
async fn a_missing_or_repeated_host_is_refused() {
    let app = spawn_app().await;
    for head in [
        "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n",
        "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n",
        "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: a\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
    ] {
        let res = raw_request(app.addr, head.as_bytes()).await;
        assert_eq!(res.status, 400, "{head:?}: {}", res.text());
        assert_eq!(
            res.json()["error"],
            "The request must have exactly one Host header."
        );
        assert_security_headers(&res, head);
    }
    // HTTP/1.0 had no Host header: still answered.
    let res = raw_request(app.addr, b"GET /healthz HTTP/1.0\r\n\r\n").await;
    assert_eq!(res.status, 200);
}

/// Rows as the limiter writes them, `count` of them, last used `age` ago (keys in order, so
/// the insert is quick).
async fn fill_rate_limits(db: &tokio_postgres::Client, prefix: &str, count: i64, age: &str) {
    db.execute(
        &format!(
            "INSERT INTO api_rate_limits (client, tokens, allowed, updated_at)
             SELECT '{prefix}' || lpad(g::text, 8, '0'), 9, true, now() - interval '{age}'
             FROM generate_series(1, $1::bigint) AS g"
        ),
        &[&count],
    )
    .await
    .unwrap();
}

#[tokio::test]
async fn a_big_rate_limit_table_is_cleaned_in_batches_that_finish() {
    let app = spawn_app().await;
    let idle: i64 = 200_000;
    fill_rate_limits(&app.db, "idle-", idle, "1 hour").await;
    fill_rate_limits(&app.db, "recent-", 1_000, "10 seconds").await;
    app.db
        .batch_execute("ANALYZE api_rate_limits")
        .await
        .unwrap();
    // A request is updating one idle bucket right now (its row is locked): one DELETE of every
    // idle row waits for it past the lock timeout and is cancelled, as it was cancelled by the
    // statement timeout once the table was big; batches go round it.
    let (locker, connection) = tokio_postgres::connect(
        &format!(
            "postgres://postgres@127.0.0.1:{}/{}",
            app.pg_port, app.database
        ),
        tokio_postgres::NoTls,
    )
    .await
    .unwrap();
    tokio::spawn(connection);
    locker
        .batch_execute(
            "BEGIN; SELECT 1 FROM api_rate_limits WHERE client = 'idle-00000001' FOR UPDATE",
        )
        .await
        .unwrap();

    let url = format!(
        "postgres://postgres@127.0.0.1:{}/{}",
        app.pg_port, app.database
    );
    let pool = banksia_server::db::create_pool(&url, 2).unwrap();
    let limiter = RateLimiter::new(10);

    // A run with too short a budget deletes little, says it is behind and by how much.
    let first = limiter.forget_idle(&pool, Duration::from_millis(1)).await;
    assert!(first.behind, "{first:?}");
    assert!(first.lag_seconds > 3_000.0, "{first:?}");

    // Runs as the server makes them (a 30 s budget each), at most 20.
    let mut deleted = first.deleted;
    for _ in 0..20 {
        let run = limiter.forget_idle(&pool, Duration::from_secs(30)).await;
        deleted += run.deleted;
        if !run.behind {
            break;
        }
    }
    assert_eq!(
        deleted,
        idle as u64 - 1,
        "every idle bucket but the locked one"
    );
    locker.batch_execute("COMMIT").await.unwrap();
    let last = limiter.forget_idle(&pool, Duration::from_secs(30)).await;
    assert_eq!(last.deleted, 1);
    assert!(!last.behind);
    assert_eq!(last.lag_seconds, 0.0);
    let left = query_i64(&app.db, "SELECT count(*) FROM api_rate_limits", &[]).await;
    assert_eq!(left, 1_000, "the recent buckets stay");
    pool.close();
}

#[tokio::test]
async fn the_413_for_a_body_over_a_mebibyte_reaches_the_client_every_time() {
    let app = spawn_app().await;
    let body = vec![b'x'; 3 * 1024 * 1024];
    for attempt in 0..10 {
        // Declared up front, and chunked (found out only once 1 MiB has arrived).
        let mut declared = format!(
            "POST /api/applications HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
        .into_bytes();
        declared.extend_from_slice(&body);
        let mut chunked = b"POST /api/applications HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".to_vec();
        for piece in body.chunks(64 * 1024) {
            chunked.extend_from_slice(format!("{:x}\r\n", piece.len()).as_bytes());
            chunked.extend_from_slice(piece);
            chunked.extend_from_slice(b"\r\n");
        }
        chunked.extend_from_slice(b"0\r\n\r\n");
        for raw in [&declared, &chunked] {
            let res = raw_request(app.addr, raw).await;
            assert_eq!(res.status, 413, "attempt {attempt}");
            assert_security_headers(&res, "413");
        }
    }
}

#[tokio::test]
async fn hypers_own_answers_carry_the_security_headers() {
    let app = spawn_app().await;
    let many_headers: String = (0..120).map(|i| format!("X-Filler-{i}: {i}\r\n")).collect();
    let long_target = format!("/{}", "a".repeat(70_000));
    let cases = [
        (
            "a request line that is not HTTP",
            "\u{16}\u{3}\u{1} not http at all\r\n\r\n".to_owned(),
            400,
        ),
        (
            "a header line without a colon",
            "GET / HTTP/1.1\r\nHost: test\r\nno colon here\r\n\r\n".to_owned(),
            400,
        ),
        (
            "too many headers",
            format!("GET / HTTP/1.1\r\nHost: test\r\n{many_headers}\r\n"),
            431,
        ),
        (
            "a target too long",
            format!("GET {long_target} HTTP/1.1\r\nHost: test\r\n\r\n"),
            414,
        ),
    ];
    for (what, raw, status) in cases {
        let res = raw_request(app.addr, raw.as_bytes()).await;
        assert_eq!(res.status, status, "{what}");
        assert_security_headers(&res, what);
    }
}

#[tokio::test]
async fn metrics_are_served_on_their_own_address_and_readyz_checks_the_schema() {
    let mail_dir = std::env::temp_dir().join(format!(
        "banksia-edge-mail-{}-{}",
        std::process::id(),
        common::free_port()
    ));
    let app = common::spawn_app_with(&common::CLUSTER, move |config| {
        config.metrics_bind = Some("127.0.0.1:0".parse().unwrap());
        config.mail.transport = Some(banksia_server::mailer::MailTransport::Directory(mail_dir));
        config.rate_limit_per_minute = 100;
    })
    .await;
    let metrics_addr = app.metrics_addr.expect("metrics are on");
    assert_ne!(metrics_addr.port(), app.addr.port());
    for _ in 0..2 {
        assert_eq!(app.request("GET", "/healthz", &[], b"").await.status, 200);
    }
    let created = app.post_json(&valid_application().to_string()).await;
    assert_eq!(created.status, 201, "{}", created.text());

    let scraped = common::request(metrics_addr, "GET", "/metrics", &[], b"").await;
    assert_eq!(scraped.status, 200);
    assert!(
        scraped
            .header("content-type")
            .unwrap()
            .starts_with("text/plain; version=0.0.4")
    );
    let text = scraped.text();
    let value = |series: &str| -> f64 {
        text.lines()
            .find_map(|line| line.strip_prefix(series)?.trim().parse().ok())
            .unwrap_or_else(|| panic!("no {series} in\n{text}"))
    };
    assert!(value("banksia_http_requests_total{route=\"/healthz\",status=\"200\"}") >= 2.0);
    assert!(
        value("banksia_http_requests_total{route=\"/api/applications\",status=\"201\"}") >= 1.0
    );
    assert!(
        value("banksia_http_request_duration_seconds_count{route=\"/api/applications\"}") >= 1.0
    );
    assert!(value("banksia_db_pool_connections{state=\"max\"}") >= 1.0);
    value("banksia_db_pool_connections{state=\"in_use\"}");
    value("banksia_db_pool_connections{state=\"waiting\"}");
    value("banksia_outbox_pending");
    value("banksia_outbox_oldest_pending_age_seconds");
    value("banksia_rate_limit_rows_estimate");
    value("banksia_connections_open");
    assert_eq!(value("banksia_mail_worker_alive"), 1.0);
    // The public port has no /metrics.
    assert_eq!(app.request("GET", "/metrics", &[], b"").await.status, 404);

    // Ready: database, schema and worker.
    let ready = app.request("GET", "/readyz", &[], b"").await;
    assert_eq!(ready.status, 200, "{}", ready.text());
    assert_eq!(ready.json()["checks"]["schema"], true);
    assert_eq!(ready.json()["checks"]["mail_worker"], true);
    // A database whose schema is behind this build is not ready.
    app.db
        .batch_execute("DELETE FROM refinery_schema_history WHERE version = (SELECT max(version) FROM refinery_schema_history)")
        .await
        .unwrap();
    let behind = app.request("GET", "/readyz", &[], b"").await;
    assert_eq!(behind.status, 503, "{}", behind.text());
    assert_eq!(behind.json()["checks"]["schema"], false);
    assert_eq!(behind.json()["checks"]["database"], true);
}
