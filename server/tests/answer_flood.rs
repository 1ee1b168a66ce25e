//! A flood of the applicant's answer endpoint against the `banksia-server` binary, its memory
//! read from `/proc` as an operator would (`VmHWM`, the process's peak resident size): large
//! answers with made-up tokens are refused before their bodies are read, so the server holds
//! none of them; large answers with real tokens are held within the server-wide budget
//! (`information::ANSWER_BODY_BUDGET`) whatever their number; and a real applicant's answer
//! goes through during the flood.

use crate::common;

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use banksia_server::staff::information::{ANSWER_BODY_BUDGET, MAX_ANSWER_BODY};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use common::{CLUSTER, fixture_site, link_token, post_application, request, valid_application};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const MB: usize = 1024 * 1024;

/// The binary, killed when dropped.
struct Running {
    child: Child,
    addr: SocketAddr,
    db: tokio_postgres::Client,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Running {
    /// `VmHWM` (peak) and `VmRSS` (now) of the server process, in bytes.
    fn memory(&self) -> (usize, usize) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's /proc status");
        let field = |name: &str| {
            status
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|kb| kb.parse::<usize>().ok())
                .unwrap_or_else(|| panic!("{name} in {status}"))
                * 1024
        };
        (field("VmHWM:"), field("VmRSS:"))
    }

    fn origin(&self) -> String {
        format!("http://localhost:{}", self.addr.port())
    }
}

async fn start() -> Running {
    let database = CLUSTER.create_database().await;
    let port = common::free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_banksia-server"))
        .env("DATABASE_URL", CLUSTER.url(&database))
        .env("PORT", port.to_string())
        .env("PUBLIC_ORIGIN", format!("http://localhost:{port}"))
        .env("STATIC_DIR", fixture_site())
        .env("ALLOW_DEVELOPMENT_ID_KEY", "1")
        .env("RATE_LIMIT_PER_MINUTE", "0")
        // The per-address limit high enough that every request of the flood reaches the token
        // check: the memory bound must not depend on the flood coming from one address.
        .env("STAFF_SIGN_IN_PER_MINUTE", "10000")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start banksia-server");
    let addr: SocketAddr = ([127, 0, 0, 1], port).into();
    let give_up = Instant::now() + Duration::from_secs(60);
    while TcpStream::connect(addr).await.is_err() {
        assert!(Instant::now() < give_up, "the server did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let db = CLUSTER.connect(&database).await;
    Running { child, addr, db }
}

/// A staff member who may request information, signed in: the cookie.
async fn reviewer(server: &Running) -> String {
    let id: i64 = server
        .db
        .query_one(
            "INSERT INTO staff (email, display_name, roles, webauthn_id)
             VALUES ('ann@banksia.bank', 'Ann', ARRAY['approver'], gen_random_uuid()) RETURNING id",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let (token, hash) = banksia_server::staff::tokens::new_token().unwrap();
    server
        .db
        .execute(
            "INSERT INTO staff_sessions (token_hash, staff_id, expires_at)
             VALUES ($1, $2, now() + interval '1 hour')",
            &[&hash, &id],
        )
        .await
        .unwrap();
    format!("__Host-banksia-staff={token}")
}

/// An application waiting for information, its status link opened: the answer form's token.
async fn waiting_form(server: &Running, cookie: &str, n: usize) -> String {
    let mut body = valid_application();
    let email = format!("flood{n}@example.com");
    body["email"] = json!(email);
    let created = post_application(server.addr, &body.to_string(), &[]).await;
    assert_eq!(created.status, 201, "{}", created.text());
    let reference = created.json()["reference"].as_str().unwrap().to_owned();
    let origin = server.origin();
    let version: i32 = server
        .db
        .query_one(
            "SELECT version FROM account_applications WHERE reference = $1",
            &[&reference],
        )
        .await
        .unwrap()
        .get(0);
    let action = json!({"action": "request_information", "version": version,
                        "message": "Please send a recent payslip."});
    let acted = request(
        server.addr,
        "POST",
        &format!("/api/staff/applications/{reference}/actions"),
        &[
            ("content-type", "application/json"),
            ("origin", &origin),
            ("x-banksia-staff", "1"),
            ("cookie", cookie),
        ],
        action.to_string().as_bytes(),
    )
    .await;
    assert_eq!(acted.status, 200, "{}", acted.text());
    let asked = request(
        server.addr,
        "POST",
        "/api/application-status/link",
        &[("content-type", "application/json"), ("origin", &origin)],
        json!({"reference": reference, "email": email})
            .to_string()
            .as_bytes(),
    )
    .await;
    assert_eq!(asked.status, 202, "{}", asked.text());
    let text: String = common::eventually(|| async {
        server
            .db
            .query_opt(
                "SELECT text_body FROM application_emails WHERE kind = 'status_link' AND reference = $1",
                &[&reference],
            )
            .await
            .unwrap()
            .map(|row| row.get(0))
    })
    .await;
    let opened = request(
        server.addr,
        "POST",
        "/api/application-status/open",
        &[("content-type", "application/json"), ("origin", &origin)],
        json!({"token": link_token(&text)}).to_string().as_bytes(),
    )
    .await;
    assert_eq!(opened.status, 200, "{}", opened.text());
    opened.json()["answer"]["token"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// What one answer of the flood got: the status and how long until it came.
#[derive(Debug)]
struct Answered {
    status: u16,
    after: Duration,
    body: String,
}

/// POSTs `body` as an answer with `token` the way a client that doesn't wait does: the body
/// is written while the answer is read, so an early answer is seen as soon as it is sent.
async fn send_answer(
    addr: SocketAddr,
    origin: String,
    token: String,
    body: Arc<Vec<u8>>,
) -> Answered {
    let started = Instant::now();
    let stream = TcpStream::connect(addr).await.expect("connect");
    let (mut reader, mut writer) = stream.into_split();
    let head = format!(
        "POST /api/application-status/answer HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nOrigin: {origin}\r\nAuthorization: Bearer {token}\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    // The write half is handed back, not dropped, when the body is written: dropping it would
    // half-close the connection, and the server would take that for a client gone.
    let writing = tokio::spawn(async move {
        if writer.write_all(head.as_bytes()).await.is_ok() {
            for chunk in body.chunks(256 * 1024) {
                if writer.write_all(chunk).await.is_err() {
                    break;
                }
            }
        }
        writer
    });
    let mut received = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    let mut status = 0;
    let mut after = Duration::ZERO;
    let read = tokio::time::timeout(Duration::from_secs(60), async {
        loop {
            match reader.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if received.is_empty() {
                        after = started.elapsed();
                    }
                    received.extend_from_slice(&buf[..n]);
                    if status == 0 && received.len() >= 12 {
                        status = String::from_utf8_lossy(&received[9..12])
                            .parse()
                            .unwrap_or(0);
                    }
                }
            }
        }
    })
    .await;
    assert!(read.is_ok(), "no answer within 60 s");
    writing.abort();
    let text = String::from_utf8_lossy(&received).into_owned();
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    Answered {
        status,
        after,
        body,
    }
}

/// An answer body of three documents of `each` bytes that are no accepted type (so the server
/// reads, parses, decodes and checks all of it before refusing it).
fn junk_answer(each: usize) -> Vec<u8> {
    let mut junk = b"GIF89a".to_vec();
    junk.resize(each, b'x');
    let content = STANDARD.encode(&junk);
    let documents: Vec<Value> = (1..=3)
        .map(|i| json!({"name": format!("scan{i}.gif"), "content": content}))
        .collect();
    json!({"message": "Here are my documents.", "documents": documents})
        .to_string()
        .into_bytes()
}

fn made_up_token() -> String {
    banksia_server::staff::tokens::new_token().unwrap().0
}

#[tokio::test]
async fn a_flood_of_large_answers_leaves_the_servers_memory_bounded_and_a_real_answer_through() {
    let server = start().await;
    let cookie = reviewer(&server).await;
    let origin = server.origin();
    // One real applicant, and six more whose (valid) forms the flood will use.
    let real = waiting_form(&server, &cookie, 0).await;
    let mut held = Vec::new();
    for n in 1..=6 {
        held.push(waiting_form(&server, &cookie, n).await);
    }
    let (before, _) = server.memory();

    // 1. Two dozen answers of the largest size with made-up tokens, all at once, and the real
    // applicant's answer among them.
    let largest = Arc::new(junk_answer(5 * MB));
    assert!(largest.len() <= MAX_ANSWER_BODY && largest.len() > MAX_ANSWER_BODY - MB);
    let flood: Vec<_> = (0..24)
        .map(|_| {
            tokio::spawn(send_answer(
                server.addr,
                origin.clone(),
                made_up_token(),
                largest.clone(),
            ))
        })
        .collect();
    let pdf = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
    let real_body = json!({"message": "My payslip is attached.",
                           "documents": [{"name": "payslip.pdf", "content": STANDARD.encode(pdf)}]});
    let real_answer = tokio::spawn(send_answer(
        server.addr,
        origin.clone(),
        real.clone(),
        Arc::new(real_body.to_string().into_bytes()),
    ));
    let mut slowest = Duration::ZERO;
    for answered in flood {
        let answered = answered.await.unwrap();
        assert_eq!(answered.status, 401, "{answered:?}");
        assert!(answered.body.contains("expired"), "{answered:?}");
        slowest = slowest.max(answered.after);
    }
    let real_answer = real_answer.await.unwrap();
    assert_eq!(real_answer.status, 200, "{real_answer:?}");
    assert!(real_answer.body.contains("information_received"));
    let (after_made_up, _) = server.memory();
    let grown = after_made_up.saturating_sub(before);
    println!(
        "made-up tokens: 24 x {} MB refused, the slowest answer after {slowest:?}; peak {} MB -> {} MB",
        largest.len() / MB,
        before / MB,
        after_made_up / MB
    );
    // None of the 24 bodies (about 480 MB) was held: a refusal is answered before the body.
    assert!(
        slowest < Duration::from_secs(5),
        "the refusals took {slowest:?}"
    );
    assert!(
        grown < 2 * MAX_ANSWER_BODY,
        "the peak grew by {} MB",
        grown / MB
    );

    // 2. The same size with real tokens: six forms, each sent twice at once. Each body is read
    // and decoded in full before its documents are refused, within the server-wide budget;
    // the second of a form's pair is told it is already on its way.
    let mut pairs = Vec::new();
    for token in &held {
        for _ in 0..2 {
            pairs.push(tokio::spawn(send_answer(
                server.addr,
                origin.clone(),
                token.clone(),
                largest.clone(),
            )));
        }
    }
    let mut statuses = Vec::new();
    for answered in pairs {
        let answered = answered.await.unwrap();
        if answered.status == 422 {
            assert!(
                answered
                    .body
                    .contains("\\\"scan1.gif\\\" isn't a PDF, JPEG or PNG"),
                "{answered:?}"
            );
        }
        statuses.push(answered.status);
    }
    statuses.sort_unstable();
    let refused_documents = statuses.iter().filter(|s| **s == 422).count();
    assert!(
        refused_documents >= 6 && statuses.iter().all(|s| [409, 422].contains(s)),
        "{statuses:?}"
    );
    let (peak, now) = server.memory();
    println!(
        "real tokens: 12 x {} MB ({refused_documents} read in full), peak {} MB (budget {} MB of bodies), now {} MB",
        largest.len() / MB,
        peak / MB,
        ANSWER_BODY_BUDGET / MB,
        now / MB
    );
    // An answer holds about twice its body; the budget holds three: the peak stays near that,
    // not near the 12 bodies' 250 MB (or, read twice over as before, 500 MB).
    assert!(
        peak.saturating_sub(before) < 2 * ANSWER_BODY_BUDGET + 48 * MB,
        "the peak grew by {} MB",
        peak.saturating_sub(before) / MB
    );

    // 3. Afterwards the server answers as before: the budget is all given back.
    let again = waiting_form(&server, &cookie, 7).await;
    let answered = send_answer(
        server.addr,
        origin.clone(),
        again,
        Arc::new(real_body.to_string().into_bytes()),
    )
    .await;
    assert_eq!(answered.status, 200, "{answered:?}");
}
