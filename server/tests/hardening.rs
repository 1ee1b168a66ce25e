//! The holes a hostile client found (issue 12), each kept closed: duplicate single headers,
//! forged X-Forwarded-For lines, a rate limit per process, the API role's column grants,
//! migrations without a superuser, slow clients, a 503 that was stored, and replays that
//! changed their answer.

use crate::common;

use std::time::{Duration, Instant};

use banksia_server::Server;
use common::{
    CLUSTER, PgCluster, application_numbered, assert_insufficient_privilege, post_head, query_i64,
    raw_request, retry_until_created, spawn_app, spawn_app_on, spawn_app_with, start_app,
    test_config, valid_application,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn raw_post(headers: &str, body: &str) -> Vec<u8> {
    format!(
        "POST /api/applications HTTP/1.1\r\nHost: test\r\nConnection: close\r\n{headers}Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

// 2 ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_header_that_must_be_single_sent_twice_is_a_400() {
    let app = spawn_app().await;
    let body = valid_application().to_string();
    for headers in [
        "Content-Type: application/json\r\nContent-Type: text/plain\r\n",
        "Content-Type: application/json\r\nIdempotency-Key: a\r\nIdempotency-Key: b\r\n",
    ] {
        let res = raw_request(app.addr, &raw_post(headers, &body)).await;
        assert_eq!(res.status, 400, "{headers:?}: {}", res.text());
        assert!(
            res.json()["error"]
                .as_str()
                .unwrap()
                .contains("more than one")
        );
    }
    // Two different Content-Length lines. (Two equal ones are one value by RFC 9112 section
    // 6.3, and hyper reads them so before the API sees the request.)
    let raw = format!(
        "POST /api/applications HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\nContent-Length: 2\r\n\r\n{body}",
        body.len()
    );
    assert_eq!(raw_request(app.addr, raw.as_bytes()).await.status, 400);
    assert_eq!(app.row_count().await, 0);
    // One of each is fine.
    let res = raw_request(
        app.addr,
        &raw_post(
            "Content-Type: application/json\r\nIdempotency-Key: a\r\n",
            &body,
        ),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
}

// 3 ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_client_line_ahead_of_the_proxys_x_forwarded_for_does_not_pick_the_address() {
    let app = spawn_app_with(&CLUSTER, |c| {
        c.rate_limit_per_minute = 2;
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let mut statuses = Vec::new();
    for n in 0..4 {
        // The client's forged line first, then the line the proxy (127.0.0.1) added.
        let headers = format!(
            "Content-Type: application/json\r\nX-Forwarded-For: 192.0.2.{n}\r\nX-Forwarded-For: 203.0.113.9\r\n"
        );
        let res = raw_request(app.addr, &raw_post(&headers, &application_numbered(n))).await;
        statuses.push(res.status);
    }
    assert_eq!(statuses, [201, 201, 429, 429]);
}

// 4 ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn two_instances_on_one_database_share_one_budget() {
    let first = spawn_app_with(&CLUSTER, |c| c.rate_limit_per_minute = 3).await;
    let second = spawn_app_on(&CLUSTER, first.database.clone(), |c| {
        c.rate_limit_per_minute = 3
    })
    .await;
    let mut statuses = Vec::new();
    for n in 0..6 {
        let app = if n % 2 == 0 { &first } else { &second };
        statuses.push(app.post_json(&application_numbered(n)).await.status);
    }
    assert_eq!(statuses, [201, 201, 201, 429, 429, 429]);
    assert_eq!(first.row_count().await, 3);
}

// 6 ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_api_role_cannot_set_the_status_or_the_time() {
    let app = spawn_app().await;
    let insert = |extra_column: &str, extra_value: &str| {
        format!(
            "INSERT INTO account_applications (reference, application_type, first_name, last_name, email, \
             phone, date_of_birth, address_line1, city, state, postal_code, employment_status, annual_income, \
             identification_type, identification_number, initial_deposit_amount, terms_accepted{extra_column}) \
             VALUES ('BKS-0000000000X', 'checking', 'Jack', 'Wilson', 'jack@example.com', '+61298765432', \
             '1980-01-31', '5 George Street', 'Sydney', 'NSW', '2000', 'casual', 42000, 'passport', 'PA1234567', \
             25, true{extra_value})"
        )
    };
    app.db.batch_execute("SET ROLE banksia_api").await.unwrap();
    for (column, value) in [
        (", status", ", 'approved'"),
        (", created_at", ", '2020-01-01'"),
        (", submitted_status", ", 'approved'"),
        (", user_id", ", NULL"),
    ] {
        assert_insufficient_privilege(app.db.batch_execute(&insert(column, value)).await, column);
    }
    // The columns a submission writes are still insertable.
    app.db.batch_execute(&insert("", "")).await.unwrap();
    app.db.batch_execute("RESET ROLE").await.unwrap();
    let status: String = app
        .db
        .query_one("SELECT status FROM account_applications", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(status, "under_review");
}

// 7 ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn migrations_apply_as_an_ordinary_owner_and_a_permission_error_ends_the_start_at_once() {
    let cluster = PgCluster::start();
    let admin = cluster.connect("postgres").await;
    admin
        .batch_execute("CREATE ROLE schema_owner LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB")
        .await
        .unwrap();
    admin
        .batch_execute("CREATE DATABASE owned OWNER schema_owner")
        .await
        .unwrap();
    let config = |role: &str| test_config(cluster.url_as(role, "owned"));

    // banksia_api does not exist and the owner may not create roles: a permission error, told
    // with its SQLSTATE, at once rather than after the 20 s of waiting for the database.
    let started = Instant::now();
    let err = match Server::build(config("schema_owner"), Duration::from_secs(20)).await {
        Ok(_) => panic!("started without banksia_api"),
        Err(err) => err,
    };
    assert!(err.0.contains("42501"), "{err}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );

    // The administrator creates the roles (apart from the migrations): the API's and the staff
    // side's; the owner applies them.
    admin
        .batch_execute("CREATE ROLE banksia_api NOLOGIN; CREATE ROLE banksia_staff NOLOGIN")
        .await
        .unwrap();
    banksia_server::migrate_only(&config("schema_owner"), Duration::from_secs(10))
        .await
        .expect("the owner applies every migration");

    // The server runs as two login roles, as in production: its public API granted only
    // banksia_api, its staff side only banksia_staff.
    admin
        .batch_execute(
            "CREATE ROLE api_login LOGIN IN ROLE banksia_api;
             CREATE ROLE staff_login LOGIN IN ROLE banksia_staff",
        )
        .await
        .unwrap();
    let mut least = config("api_login");
    least.staff_database_url = Some(cluster.url_as("staff_login", "owned"));
    // (start_app's expect: the least-privilege roles start on a current schema.)
    let app = start_app(&cluster, "owned".into(), least).await;
    let body = valid_application().to_string();
    let res = app.post_with_key(&body, "owner-test").await;
    assert_eq!(res.status, 201, "{}", res.text());
    let replay = app.post_with_key(&body, "owner-test").await;
    assert_eq!(replay.json()["reference"], res.json()["reference"]);
    app.shutdown().await;
}

// 8 ---------------------------------------------------------------------------------------------

/// Reads until the server closes the connection; what it sent, and how long that took.
async fn until_closed(stream: &mut TcpStream) -> (String, Duration) {
    let started = Instant::now();
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(8), stream.read_to_end(&mut buf)).await;
    assert!(
        read.is_ok(),
        "the connection is still open after 8 s (sent so far: {:?})",
        String::from_utf8_lossy(&buf)
    );
    (
        String::from_utf8_lossy(&buf).into_owned(),
        started.elapsed(),
    )
}

#[tokio::test]
async fn clients_that_stall_are_cut_off() {
    let app = spawn_app_with(&CLUSTER, |c| {
        c.header_read_timeout = Duration::from_secs(1);
        c.body_read_timeout = Duration::from_secs(1);
        c.idle_timeout = Duration::from_secs(2);
    })
    .await;

    // Nothing at all.
    let mut silent = TcpStream::connect(app.addr).await.unwrap();
    let (_, took) = until_closed(&mut silent).await;
    assert!(took < Duration::from_secs(4), "{took:?}");

    // Half a header.
    let mut half_header = TcpStream::connect(app.addr).await.unwrap();
    half_header
        .write_all(b"POST /api/applications HTTP/1.1\r\nHost: x\r\nContent-Ty")
        .await
        .unwrap();
    let (_, took) = until_closed(&mut half_header).await;
    assert!(took < Duration::from_secs(4), "{took:?}");

    // Half a body: 408, and the connection closes.
    let body = valid_application().to_string();
    let mut half_body = TcpStream::connect(app.addr).await.unwrap();
    half_body
        .write_all(format!("{}{}", post_head(body.len()), &body[..body.len() / 2]).as_bytes())
        .await
        .unwrap();
    let (answer, took) = until_closed(&mut half_body).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(took < Duration::from_secs(4), "{took:?}");

    // A keep-alive connection left idle after its request.
    let mut idle = TcpStream::connect(app.addr).await.unwrap();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let (answer, took) = until_closed(&mut idle).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(took < Duration::from_secs(5), "{took:?}");

    // A client dribbling a body slower than the body timeout allows gets a 408 too.
    let mut dribble = TcpStream::connect(app.addr).await.unwrap();
    dribble
        .write_all(post_head(body.len()).as_bytes())
        .await
        .unwrap();
    for byte in body.as_bytes().iter().take(8) {
        if dribble.write_all(&[*byte]).await.is_err() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let (answer, _) = until_closed(&mut dribble).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert_eq!(app.row_count().await, 0);

    // A prompt client is unaffected.
    assert_eq!(app.post_json(&body).await.status, 201);
}

// 9 ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn an_insert_the_server_gave_up_on_cannot_commit_later() {
    let app = spawn_app().await;
    let body = valid_application().to_string();
    // Another session holds the table, so the insert waits.
    let blocker = CLUSTER.connect(&app.database).await;
    blocker
        .batch_execute("BEGIN; LOCK TABLE account_applications IN ACCESS EXCLUSIVE MODE")
        .await
        .unwrap();
    let started = Instant::now();
    let res = app.post_with_key(&body, "blocked-1").await;
    let answered_after = started.elapsed();
    assert_eq!(res.status, 503, "{}", res.text());
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    // Held well past the server's deadline, then released.
    tokio::time::sleep(Duration::from_secs(2)).await;
    blocker.batch_execute("COMMIT").await.unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let said_not_submitted = res.json()["outcome"] != "unknown";
    println!(
        "held lock: 503 after {:?}, outcome {}",
        answered_after,
        if said_not_submitted {
            "not submitted"
        } else {
            "unknown"
        }
    );
    if said_not_submitted {
        assert_eq!(
            app.row_count().await,
            0,
            "answered \"not submitted\" but the insert committed later"
        );
    }
    // The retry with the same key tells the truth either way, and stores it once.
    let retry = app.post_with_key(&body, "blocked-1").await;
    assert_eq!(retry.status, 201, "{}", retry.text());
    assert_eq!(app.row_count().await, 1);
}

#[tokio::test]
async fn a_frozen_database_gets_an_honest_503_and_the_retry_tells_the_truth() {
    let cluster = PgCluster::start();
    let app = spawn_app_with(&cluster, |c| c.pool_size = 1).await;
    let body = valid_application().to_string();
    assert_eq!(
        app.post_with_key(&application_numbered(1), "warm-up")
            .await
            .status,
        201
    );
    let backends = cluster.server_backends(&app.database).await;
    assert!(!backends.is_empty());
    for pid in &backends {
        common::signal_process(*pid, "STOP");
    }
    let started = Instant::now();
    let res = app.post_with_key(&body, "frozen-1").await;
    let answered_after = started.elapsed();
    // Thawed well after the server's deadline.
    tokio::time::sleep(Duration::from_secs(3)).await;
    for pid in &backends {
        common::signal_process(*pid, "CONT");
    }
    assert_eq!(res.status, 503, "{}", res.text());
    tokio::time::sleep(Duration::from_millis(500)).await;
    let stored = query_i64(
        &app.db,
        "SELECT count(*) FROM account_applications WHERE idempotency_key = 'frozen-1'",
        &[],
    )
    .await;
    println!(
        "frozen: 503 after {answered_after:?}, outcome {}, stored after the thaw: {stored}",
        res.json()["outcome"]
    );
    if res.json()["outcome"] != "unknown" {
        assert_eq!(stored, 0, "answered \"not submitted\" but it was stored");
    }
    let retry = retry_until_created(app.addr, &body, "frozen-1", Duration::from_secs(15)).await;
    assert_eq!(retry.status, 201, "{}", retry.text());
    let reference: String = app
        .db
        .query_one(
            "SELECT reference FROM account_applications WHERE idempotency_key = 'frozen-1'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(retry.json()["reference"], reference.as_str());
}

// 10 --------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_replay_returns_the_first_answer_after_the_status_changes() {
    let app = spawn_app().await;
    let body = valid_application().to_string();
    let first = app.post_with_key(&body, "replay-1").await;
    assert_eq!(first.status, 201);
    app.db
        .batch_execute("UPDATE account_applications SET status = 'approved'")
        .await
        .unwrap();
    let replay = app.post_with_key(&body, "replay-1").await;
    assert_eq!(replay.status, first.status);
    let (first, replay) = (first.json(), replay.json());
    assert_eq!(replay["status"], "under_review");
    assert_eq!(replay["reference"], first["reference"]);
    assert_eq!(replay["submitted_at"], first["submitted_at"]);
    // And what was answered cannot be rewritten.
    let err = app
        .db
        .batch_execute("UPDATE account_applications SET created_at = now() - interval '1 day'")
        .await
        .expect_err("the time of the answer is fixed");
    let message = err.as_db_error().map(|e| e.message().to_owned());
    assert!(
        message
            .as_deref()
            .is_some_and(|m| m.contains("cannot change")),
        "{err:?}"
    );
}
