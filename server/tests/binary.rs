//! The `banksia-server` binary as it is deployed: logs free of personal information, and a
//! graceful exit on SIGTERM and SIGINT.

use crate::common;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{
    CLUSTER, fixture_site, post_application, post_head, signal_process, valid_application,
};
use serde_json::{Value, json};

struct Running {
    child: Child,
    addr: SocketAddr,
    log: Arc<Mutex<Vec<String>>>,
}

async fn start_binary() -> Running {
    start_binary_logging("trace").await
}

async fn start_binary_logging(rust_log: &str) -> Running {
    start_binary_as(rust_log, None, &[]).await
}

/// The binary with `RUST_LOG`, a soft file-descriptor limit (`ulimit -Sn`, the hard one left
/// as it is) and more variables.
async fn start_binary_as(
    rust_log: &str,
    soft_file_limit: Option<u64>,
    vars: &[(&str, &str)],
) -> Running {
    let database = CLUSTER.create_database().await;
    // A chosen port rather than 0: with a narrow RUST_LOG the "listening" line is not logged.
    let port = common::free_port();
    let mut command = match soft_file_limit {
        Some(limit) => {
            let mut shell = Command::new("bash");
            shell.args(["-c", &format!("ulimit -Sn {limit} && exec \"$0\"")]);
            shell.arg(env!("CARGO_BIN_EXE_banksia-server"));
            shell
        }
        None => Command::new(env!("CARGO_BIN_EXE_banksia-server")),
    };
    command.envs(vars.iter().copied());
    let mut child = command
        .env("DATABASE_URL", CLUSTER.url(&database))
        .env("PORT", port.to_string())
        .env("STATIC_DIR", fixture_site())
        .env("RATE_LIMIT_PER_MINUTE", "0")
        .env("ALLOW_DEVELOPMENT_ID_KEY", "1")
        .env("RUST_LOG", rust_log)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start banksia-server");
    let log = Arc::new(Mutex::new(Vec::new()));
    for stream in [
        Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
        Box::new(child.stderr.take().unwrap()),
    ] {
        let log = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                log.lock().unwrap().push(line);
            }
        });
    }
    let give_up = Instant::now() + Duration::from_secs(60);
    let addr: SocketAddr = ([127, 0, 0, 1], port).into();
    loop {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            break;
        }
        assert!(
            Instant::now() < give_up,
            "server did not start: {:?}",
            log.lock().unwrap()
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "server exited: {:?}",
            log.lock().unwrap()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Running { child, addr, log }
}

fn wait_for_exit(child: &mut Child) -> std::process::ExitStatus {
    let give_up = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > give_up {
            let _ = child.kill();
            panic!("server did not exit after the signal");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[tokio::test]
async fn logs_never_contain_personal_information() {
    // As verbose as an operator could make it, and the one directive that named the query
    // logger itself (more specific than any cap written as a directive).
    for rust_log in ["trace", "tokio_postgres::query=debug"] {
        personal_information_stays_out_of_the_log(rust_log).await;
    }
}

async fn personal_information_stays_out_of_the_log(rust_log: &str) {
    let mut server = start_binary_logging(rust_log).await;
    let marks = [
        ("first_name", "Zephyrinemark"),
        ("last_name", "Quillfeathermark"),
        ("email", "pii.mark.7731@example.com.au"),
        ("phone", "0491 570 156"),
        ("date_of_birth", "1987-11-23"),
        ("address_line1", "77 Markwood Boulevard"),
        ("identification_number", "PIIMARK4242"),
        ("employer_name", "Markedly Secret Pty Ltd"),
    ];
    let mut application = valid_application();
    for (field, value) in marks {
        application[field] = json!(value);
    }
    let payload = application.to_string();
    let created = post_application(server.addr, &payload, &[]).await;
    assert_eq!(created.status, 201, "{}", created.text());
    // The same data in a rejected (422) and in a malformed (400) request.
    application["terms_accepted"] = json!(false);
    let rejected = post_application(server.addr, &application.to_string(), &[]).await;
    assert_eq!(rejected.status, 422);
    let malformed = format!(
        "{{\"first_name\": \"Zephyrinemark\", \"email\": {}",
        "\"pii.mark.7731@example.com.au\""
    );
    let bad = post_application(server.addr, &malformed, &[]).await;
    assert_eq!(bad.status, 400);

    signal_process(server.child.id(), "TERM");
    assert!(wait_for_exit(&mut server.child).success());
    // The reader threads finish once the pipes close.
    std::thread::sleep(Duration::from_millis(200));

    let log = server.log.lock().unwrap().join("\n");
    for (field, value) in marks {
        assert!(
            !log.contains(value),
            "{rust_log}: {field} value found in the logs"
        );
    }
    // Partial values too: the phone as core normalises it, the email's local part.
    for fragment in ["491570156", "pii.mark", "Zephyrine", "PIIMARK"] {
        assert!(
            !log.contains(fragment),
            "{rust_log}: `{fragment}` found in the logs"
        );
    }
    if rust_log != "trace" {
        return;
    }
    // One structured line per request, with method, path, status and latency.
    let access: Vec<Value> = log
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["target"] == "banksia_server::access")
        .collect();
    assert_eq!(access.len(), 3, "{log}");
    for line in &access {
        assert_eq!(line["fields"]["method"], "POST");
        assert_eq!(line["fields"]["path"], "/api/applications");
        assert!(line["fields"]["latency_ms"].is_number());
    }
    let statuses: Vec<u64> = access
        .iter()
        .map(|l| l["fields"]["status"].as_u64().unwrap())
        .collect();
    assert_eq!(statuses, [201, 422, 400]);
}

#[tokio::test]
async fn clients_that_go_away_are_not_logged_as_errors() {
    let mut server = start_binary_logging("info").await;
    let body = valid_application().to_string();
    for n in 0..20 {
        let stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        let mut stream = stream;
        use tokio::io::AsyncWriteExt;
        let partial = match n % 4 {
            // Half a header.
            0 => "POST /api/applications HTTP/1.1\r\nHost: x\r\nContent-Le".to_owned(),
            // A whole header, half the body.
            1 => format!("{}{}", post_head(body.len()), &body[..10]),
            // A request whose answer it never reads.
            2 => "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".to_owned(),
            // Garbage.
            _ => "\x16\x03\x01 not http at all\r\n\r\n".to_owned(),
        };
        stream.write_all(partial.as_bytes()).await.unwrap();
        tokio::time::sleep(Duration::from_millis(20)).await;
        // Gone without a goodbye: a reset rather than a clean close. (A zero linger never
        // blocks, which is what the deprecation warns about.)
        #[allow(deprecated)]
        stream.set_linger(Some(Duration::ZERO)).unwrap();
        drop(stream);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    signal_process(server.child.id(), "TERM");
    assert!(wait_for_exit(&mut server.child).success());
    std::thread::sleep(Duration::from_millis(200));
    let log = server.log.lock().unwrap().join("\n");
    let errors: Vec<&str> = log
        .lines()
        .filter(|line| line.contains("\"level\":\"ERROR\""))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

#[tokio::test]
async fn sigterm_and_sigint_shut_down_gracefully() {
    for name in ["TERM", "INT"] {
        let mut server = start_binary().await;
        assert_eq!(
            common::request(server.addr, "GET", "/healthz", &[], b"")
                .await
                .status,
            200
        );
        signal_process(server.child.id(), name);
        let status = wait_for_exit(&mut server.child);
        assert!(status.success(), "SIG{name}: {status:?}");
        std::thread::sleep(Duration::from_millis(100));
        let log = server.log.lock().unwrap().join("\n");
        assert!(log.contains("shutting down"), "{log}");
        // The port is released: nothing listens any more.
        assert!(
            std::net::TcpStream::connect_timeout(&server.addr, Duration::from_secs(2)).is_err()
        );
    }
}

/// The JSON log lines of a stopped server.
fn json_lines(server: &Running) -> Vec<Value> {
    let log = server.log.lock().unwrap();
    log.iter()
        .map(|line| {
            serde_json::from_str::<Value>(line)
                .unwrap_or_else(|_| panic!("a log line that is not JSON: {line}"))
        })
        .collect()
}

#[tokio::test]
async fn a_request_target_that_is_not_a_path_gets_a_400_and_one_access_line() {
    let mut server = start_binary_logging("info").await;
    let heads = [
        "GET a:1 HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET ~ HTTP/1.1\r\nHost: x\r\n\r\n",
        "CONNECT host:443 HTTP/1.1\r\nHost: host:443\r\n\r\n",
    ];
    for head in heads {
        let res = common::raw_request(server.addr, head.as_bytes()).await;
        assert_eq!(res.status, 400, "{head:?}");
        assert!(res.header("content-security-policy").is_some());
    }
    signal_process(server.child.id(), "TERM");
    assert!(wait_for_exit(&mut server.child).success());
    std::thread::sleep(Duration::from_millis(200));
    // Every line is JSON (no panic message on stderr), one access line per request.
    let lines = json_lines(&server);
    let access: Vec<&Value> = lines
        .iter()
        .filter(|v| v["target"] == "banksia_server::access")
        .collect();
    assert_eq!(access.len(), heads.len(), "{lines:#?}");
    for line in access {
        assert_eq!(line["fields"]["status"], 400);
    }
    assert!(!lines.iter().any(|v| v["level"] == "ERROR"), "{lines:#?}");
}

#[tokio::test]
async fn one_client_cannot_take_every_connection_under_a_low_file_limit() {
    // A soft limit of 256 descriptors, as `ulimit -n` leaves many services; the hard limit is
    // the machine's. One client opens 400 connections and holds them.
    let server = start_binary_as("info", Some(256), &[("MAX_CONNECTIONS_PER_IP", "50")]).await;
    let mut held = Vec::new();
    for _ in 0..400 {
        match tokio::net::TcpStream::connect(server.addr).await {
            Ok(stream) => held.push(stream),
            Err(_) => break,
        }
    }
    assert!(held.len() >= 300, "only {} connections opened", held.len());
    // Another client (another loopback address) is still served.
    let other = tokio::net::TcpSocket::new_v4().unwrap();
    other.bind(([127, 0, 0, 2], 0).into()).unwrap();
    let mut stream = tokio::time::timeout(Duration::from_secs(10), other.connect(server.addr))
        .await
        .expect("the other client connects")
        .unwrap();
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer))
        .await
        .expect("the other client is answered")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // The first client's connections past its share were answered 503 and closed.
    let mut turned_away = 0;
    for stream in held.iter_mut().rev().take(10) {
        let mut buf = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut buf)).await;
        if buf.starts_with(b"HTTP/1.1 503") {
            turned_away += 1;
        }
    }
    assert_eq!(turned_away, 10);
    drop(held);
    // The soft limit was raised to the hard one at start.
    let mut server = server;
    signal_process(server.child.id(), "TERM");
    assert!(wait_for_exit(&mut server.child).success());
    std::thread::sleep(Duration::from_millis(200));
    let lines = json_lines(&server);
    let limit = lines
        .iter()
        .find(|v| v["fields"]["message"] == "file descriptor limit")
        .expect("the limit is logged");
    assert_eq!(limit["fields"]["soft_before"], 256);
    assert_eq!(limit["fields"]["soft"], limit["fields"]["hard"]);
}
