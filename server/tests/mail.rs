//! Confirmation emails over real SMTP: a real SMTP server (Python's aiosmtpd, writing what it
//! receives into a maildir) started by each test, and real PostgreSQL.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use banksia_server::Config;
use banksia_server::mailer::{MailTransport, smtp_url_for_lettre};
use common::{
    CLUSTER, TestApp, assert_insufficient_privilege, connect_url, free_port, query_i64,
    spawn_app_on, spawn_app_with, valid_application,
};
use serde_json::Value;

/// aiosmtpd on `port`, delivering into a maildir; killed when dropped.
struct SmtpServer {
    child: Child,
    maildir: PathBuf,
}

fn python() -> String {
    if let Ok(python) = std::env::var("SMTP_TEST_PYTHON") {
        return python;
    }
    // The same set-up scripts/test runs: a venv with aiosmtpd under .data/.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = Command::new("bash")
        .arg("-c")
        .arg("source scripts/lib/setup.sh >/dev/null && ensure_smtp_test_server >&2 && echo \"$SMTP_TEST_PYTHON\"")
        .current_dir(&root)
        .output()
        .expect("run scripts/lib/setup.sh");
    assert!(
        out.status.success(),
        "cannot install aiosmtpd: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

impl SmtpServer {
    async fn start(port: u16, maildir: &Path) -> Self {
        // Owned at once, so a panic below still kills it (Drop).
        let server = Self {
            child: Command::new(python())
                .args(["-m", "aiosmtpd", "-n", "-l"])
                .arg(format!("127.0.0.1:{port}"))
                .args(["-c", "aiosmtpd.handlers.Mailbox"])
                .arg(maildir)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::inherit())
                .spawn()
                .expect("start aiosmtpd"),
            maildir: maildir.to_owned(),
        };
        // Up to 60 s: Python's start-up alone took over 10 s on a loaded two-core machine.
        for _ in 0..600 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("aiosmtpd did not listen on {port}");
    }

    fn messages(&self) -> Vec<Received> {
        received(&self.maildir)
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A delivered message, its MIME parts decoded.
struct Received {
    to: String,
    subject: String,
    message_id: String,
    auto_submitted: String,
    text: String,
    html: String,
}

impl Received {
    fn parse(raw: &[u8]) -> Self {
        let message = mail_parser::MessageParser::default()
            .parse(raw)
            .expect("a MIME message");
        Self {
            to: message
                .to()
                .and_then(|to| to.first())
                .and_then(|addr| addr.address())
                .unwrap_or_default()
                .to_owned(),
            subject: message.subject().unwrap_or_default().to_owned(),
            message_id: message.message_id().unwrap_or_default().to_owned(),
            auto_submitted: message
                .header("Auto-Submitted")
                .and_then(|value| value.as_text())
                .unwrap_or_default()
                .to_owned(),
            text: message.body_text(0).unwrap_or_default().into_owned(),
            html: message.body_html(0).unwrap_or_default().into_owned(),
        }
    }

    fn mentions(&self, needle: &str) -> bool {
        self.subject.contains(needle) || self.text.contains(needle) || self.html.contains(needle)
    }
}

/// Every message the maildir holds (aiosmtpd's Mailbox writes them into `new/`).
fn received(maildir: &Path) -> Vec<Received> {
    let Ok(entries) = std::fs::read_dir(maildir.join("new")) else {
        return Vec::new();
    };
    entries
        .map(|e| Received::parse(&std::fs::read(e.unwrap().path()).unwrap()))
        .collect()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "banksia-mail-{}-{name}-{}",
        std::process::id(),
        free_port()
    ));
    // Not created here: aiosmtpd and the file transport each create their directory.
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Mail through SMTP on `port` without TLS, retried quickly.
fn smtp_on(port: u16) -> impl Fn(&mut Config) + Clone {
    move |config: &mut Config| {
        let url = smtp_url_for_lettre(&format!("smtp://127.0.0.1:{port}?tls=none")).unwrap();
        config.mail.transport = Some(MailTransport::Smtp(url));
        config.mail.poll_interval = Duration::from_millis(100);
        config.mail.retry_base = Duration::from_millis(200);
        config.mail.retry_max = Duration::from_millis(400);
    }
}

async fn submit(app: &TestApp, application: &Value) -> Value {
    let res = app.post_json(&application.to_string()).await;
    assert_eq!(res.status, 201, "{}", res.text());
    res.json()
}

/// Waits (at most 20 s) until `done` holds.
async fn eventually(what: &str, mut done: impl AsyncFnMut() -> bool) {
    for _ in 0..200 {
        if done().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("timed out waiting until {what}");
}

struct OutboxRow {
    attempts: i32,
    sent: bool,
    recipient: Option<String>,
    last_error: Option<String>,
}

async fn outbox_row(app: &TestApp, reference: &str) -> OutboxRow {
    let row = app
        .db
        .query_one(
            "SELECT attempts, sent_at IS NOT NULL, recipient, last_error
             FROM email_outbox WHERE reference = $1",
            &[&reference],
        )
        .await
        .unwrap();
    OutboxRow {
        attempts: row.get(0),
        sent: row.get(1),
        recipient: row.get(2),
        last_error: row.get(3),
    }
}

#[tokio::test]
async fn the_confirmation_is_delivered_once_with_the_reference() {
    let port = free_port();
    let smtp = SmtpServer::start(port, &temp_dir("once")).await;
    let app = spawn_app_with(&CLUSTER, smtp_on(port)).await;

    let body = valid_application().to_string();
    let res = app.post_with_key(&body, "mail-once-1").await;
    assert_eq!(res.status, 201, "{}", res.text());
    let answer = res.json();
    let reference = answer["reference"].as_str().unwrap().to_owned();
    assert_eq!(answer["confirmation_email"], "c****@example.com.au");

    eventually("the email arrives", async || smtp.messages().len() == 1).await;
    // A replay of the same submission answers the same and queues nothing more.
    let again = app.post_with_key(&body, "mail-once-1").await;
    assert_eq!(again.status, 201);
    assert_eq!(again.json()["reference"], reference.as_str());
    assert_eq!(again.json()["confirmation_email"], "c****@example.com.au");
    tokio::time::sleep(Duration::from_millis(800)).await;

    let messages = smtp.messages();
    assert_eq!(messages.len(), 1, "delivered once");
    let message = &messages[0];
    assert_eq!(message.to, "charlotte.nguyen@example.com.au");
    // It names the account applied for, and tells auto-responders not to answer (RFC 3834).
    assert_eq!(
        message.subject,
        format!("We've received your High Yield Savings application: reference {reference}")
    );
    assert_eq!(message.auto_submitted, "auto-generated");
    assert!(message.text.contains("for the High Yield Savings account"));
    assert_eq!(
        message.message_id,
        format!("{reference}.confirmation@banksia.bank")
    );
    for body in [&message.text, &message.html] {
        assert!(body.contains("Hi Charlotte,"), "{body}");
        assert!(body.contains(&reference));
        assert!(body.contains("Identity verification"));
        assert!(body.contains("13 22 65"));
    }
    // Nothing personal beyond the first name.
    for private in [
        "Nguyen",
        "0412",
        "Banksia Street",
        "123456789",
        "1990",
        "85000",
        "85,000",
    ] {
        assert!(!message.mentions(private), "{private} in the email");
    }

    let row = outbox_row(&app, &reference).await;
    assert!(row.sent);
    assert_eq!(row.attempts, 1);
    assert_eq!(row.recipient, None, "the address is erased once sent");
    let queued = query_i64(&app.db, "SELECT count(*) FROM email_outbox", &[]).await;
    assert_eq!(queued, 1);
}

#[tokio::test]
async fn the_application_is_stored_while_mail_is_down_and_the_error_names_no_one() {
    // Nothing listens on this port.
    let port = free_port();
    let app = spawn_app_with(&CLUSTER, smtp_on(port)).await;
    let answer = submit(&app, &valid_application()).await;
    let reference = answer["reference"].as_str().unwrap().to_owned();
    assert_eq!(answer["confirmation_email"], "c****@example.com.au");
    assert_eq!(app.row_count().await, 1);

    eventually("two attempts failed", async || {
        outbox_row(&app, &reference).await.attempts >= 2
    })
    .await;
    let row = outbox_row(&app, &reference).await;
    assert!(!row.sent);
    let error = row.last_error.expect("the failure is recorded");
    assert_eq!(error, "smtp connection failed");
    assert_eq!(
        row.recipient.as_deref(),
        Some("charlotte.nguyen@example.com.au"),
        "kept until sent"
    );
}

#[tokio::test]
async fn mail_down_then_up_is_retried_and_delivered_once() {
    let port = free_port();
    let maildir = temp_dir("retry");
    let app = spawn_app_with(&CLUSTER, smtp_on(port)).await;
    let answer = submit(&app, &valid_application()).await;
    let reference = answer["reference"].as_str().unwrap().to_owned();
    eventually("a first attempt failed", async || {
        outbox_row(&app, &reference).await.attempts >= 1
    })
    .await;
    assert!(received(&maildir).is_empty());

    let smtp = SmtpServer::start(port, &maildir).await;
    eventually("the retry delivers", async || smtp.messages().len() == 1).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(smtp.messages().len(), 1, "delivered once");
    assert!(smtp.messages()[0].mentions(&reference));
    let row = outbox_row(&app, &reference).await;
    assert!(row.sent);
    assert!(row.attempts >= 2, "attempts: {}", row.attempts);
}

#[tokio::test]
async fn two_server_instances_deliver_each_email_once() {
    let port = free_port();
    let smtp = SmtpServer::start(port, &temp_dir("two")).await;
    let first = spawn_app_with(&CLUSTER, smtp_on(port)).await;
    let second = spawn_app_on(&CLUSTER, first.database.clone(), smtp_on(port)).await;

    let mut references = Vec::new();
    for i in 0..24 {
        let mut application = valid_application();
        application["email"] = format!("applicant{i}@example.com.au").into();
        let app = if i % 2 == 0 { &first } else { &second };
        let answer = submit(app, &application).await;
        references.push(answer["reference"].as_str().unwrap().to_owned());
    }
    eventually("all 24 arrive", async || smtp.messages().len() >= 24).await;
    tokio::time::sleep(Duration::from_millis(800)).await;

    let messages = smtp.messages();
    assert_eq!(messages.len(), 24);
    for reference in &references {
        let copies = messages.iter().filter(|m| m.mentions(reference)).count();
        assert_eq!(copies, 1, "{reference}");
    }
    let attempts = query_i64(
        &first.db,
        "SELECT sum(attempts) FROM email_outbox WHERE sent_at IS NOT NULL",
        &[],
    )
    .await;
    assert_eq!(attempts, 24, "each email claimed once");
}

#[tokio::test]
async fn without_smtp_url_a_mail_dir_gets_one_eml_file_per_email() {
    let dir = temp_dir("files");
    let mail_dir = dir.clone();
    let app = spawn_app_with(&CLUSTER, move |config| {
        config.mail.transport = Some(MailTransport::Directory(mail_dir));
        config.mail.poll_interval = Duration::from_millis(100);
    })
    .await;
    let answer = submit(&app, &valid_application()).await;
    let reference = answer["reference"].as_str().unwrap().to_owned();
    let files = || -> Vec<PathBuf> {
        std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "eml"))
            .collect()
    };
    eventually("the .eml is written", async || files().len() == 1).await;
    let eml = std::fs::read_to_string(&files()[0]).unwrap();
    assert!(eml.contains(&reference));
    eventually("the outbox records it", async || {
        outbox_row(&app, &reference).await.sent
    })
    .await;
}

#[tokio::test]
async fn with_no_transport_nothing_is_queued_and_the_answer_says_so() {
    let app = spawn_app_with(&CLUSTER, |_| {}).await;
    let answer = submit(&app, &valid_application()).await;
    assert_eq!(answer["confirmation_email"], Value::Null);
    let queued = query_i64(&app.db, "SELECT count(*) FROM email_outbox", &[]).await;
    assert_eq!(queued, 0);
}

#[tokio::test]
async fn a_server_running_as_the_api_role_queues_and_sends() {
    let port = free_port();
    let smtp = SmtpServer::start(port, &temp_dir("role")).await;
    // The owner applies the migrations (and sends nothing: no transport).
    let owner = spawn_app_with(&CLUSTER, |_| {}).await;
    let url = owner.api_login("mail_login").await;
    let staff_url = owner.staff_login("mail_staff").await;
    let configure = smtp_on(port);
    let role_url = url.clone();
    let app = spawn_app_on(&CLUSTER, owner.database.clone(), move |config| {
        config.database_url = role_url;
        config.staff_database_url = Some(staff_url);
        configure(config);
    })
    .await;
    let answer = submit(&app, &valid_application()).await;
    let reference = answer["reference"].as_str().unwrap().to_owned();
    eventually("the email arrives", async || smtp.messages().len() == 1).await;
    eventually("the outbox records it", async || {
        outbox_row(&owner, &reference).await.sent
    })
    .await;

    // The role still cannot delete the outbox or read what it need not.
    let role = connect_url(&url).await;
    for sql in [
        "DELETE FROM email_outbox",
        "SELECT last_error FROM email_outbox",
        "UPDATE email_outbox SET reference = 'BKS-X'",
    ] {
        assert_insufficient_privilege(role.batch_execute(sql).await, sql);
    }
}

// ---------------------------------------------------------------------------------------------
// Mail servers that stop answering

/// How a [`FakeSmtp`] treats its first connection (every later one gets a correct exchange).
#[derive(Debug, Clone, Copy)]
enum Fault {
    /// Accepts the connection and never says anything.
    Silent,
    /// Sends its greeting a byte at a time, as continuation lines that never end.
    Drip,
    /// A correct exchange up to the message itself, then no acknowledgement.
    StallAfterData,
    /// Greets with 421 (service not available, try later) and closes.
    Busy,
}

/// A small SMTP server written for these tests: enough of RFC 5321 for lettre (EHLO, MAIL,
/// RCPT, DATA, RSET, NOOP, QUIT), misbehaving on its first connection as told. It keeps the
/// messages of the exchanges it completed.
struct FakeSmtp {
    port: u16,
    delivered: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    connections: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl FakeSmtp {
    async fn start(fault: Fault) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let delivered = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let connections = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let (kept, counted) = (delivered.clone(), connections.clone());
        let task = tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    return;
                };
                let n = counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let fault = (n == 0).then_some(fault);
                tokio::spawn(fake_smtp_session(stream, fault, kept.clone()));
            }
        });
        Self {
            port,
            delivered,
            connections,
            task,
        }
    }

    fn delivered(&self) -> Vec<String> {
        self.delivered.lock().unwrap().clone()
    }

    fn connections(&self) -> usize {
        self.connections.load(std::sync::atomic::Ordering::SeqCst)
    }
}

impl Drop for FakeSmtp {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn fake_smtp_session(
    stream: tokio::net::TcpStream,
    fault: Option<Fault>,
    delivered: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
) {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
    let (read, mut write) = stream.into_split();
    let mut read = BufReader::new(read);
    // Holds the connection until the client gives up and closes it (bounded: 10 minutes).
    async fn until_closed(read: &mut (impl tokio::io::AsyncRead + Unpin)) {
        let mut sink = [0u8; 1024];
        let _ = tokio::time::timeout(Duration::from_secs(600), async {
            while matches!(read.read(&mut sink).await, Ok(n) if n > 0) {}
        })
        .await;
    }
    match fault {
        Some(Fault::Silent) => return until_closed(&mut read).await,
        Some(Fault::Busy) => {
            let _ = write.write_all(b"421 fake.test busy, try later\r\n").await;
            return;
        }
        Some(Fault::Drip) => {
            // One byte every 50 ms of "220-still greeting" lines: never a final "220 " line.
            // Bounded: 12,000 bytes (10 minutes); a write fails once the client has gone.
            for byte in b"220-still greeting\r\n".iter().cycle().take(12_000) {
                if write.write_all(&[*byte]).await.is_err() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            return;
        }
        _ => {}
    }
    if write.write_all(b"220 fake.test ESMTP\r\n").await.is_err() {
        return;
    }
    let mut line = String::new();
    loop {
        line.clear();
        if !matches!(read.read_line(&mut line).await, Ok(n) if n > 0) {
            return;
        }
        let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
        let answer: &[u8] = match verb.as_str() {
            "EHLO" => b"250-fake.test\r\n250 8BITMIME\r\n",
            "HELO" | "MAIL" | "RCPT" | "RSET" | "NOOP" => b"250 OK\r\n",
            "QUIT" => {
                let _ = write.write_all(b"221 bye\r\n").await;
                return;
            }
            "DATA" => {
                if write.write_all(b"354 go ahead\r\n").await.is_err() {
                    return;
                }
                let mut message = String::new();
                loop {
                    line.clear();
                    if !matches!(read.read_line(&mut line).await, Ok(n) if n > 0) {
                        return;
                    }
                    if line == ".\r\n" {
                        break;
                    }
                    message.push_str(&line);
                }
                if matches!(fault, Some(Fault::StallAfterData)) {
                    return until_closed(&mut read).await;
                }
                delivered.lock().unwrap().push(message);
                b"250 queued\r\n"
            }
            _ => b"502 not implemented\r\n",
        };
        if write.write_all(answer).await.is_err() {
            return;
        }
    }
}

/// A mail server that stops answering costs one timed-out attempt: the worker records
/// "smtp timeout", and its next attempt (a new connection) delivers the email. A 421 is
/// transient in the same way.
async fn a_failed_attempt_is_retried_and_delivered(fault: Fault, error: &str) {
    let smtp = FakeSmtp::start(fault).await;
    let configure = smtp_on(smtp.port);
    let app = spawn_app_with(&CLUSTER, move |config| {
        configure(config);
        config.mail.send_timeout = Duration::from_secs(1);
    })
    .await;
    let answer = submit(&app, &valid_application()).await;
    let reference = answer["reference"].as_str().unwrap().to_owned();

    eventually("the retry delivers", async || smtp.delivered().len() == 1).await;
    let delivered = smtp.delivered();
    assert!(delivered[0].contains(&reference), "{fault:?}");
    assert!(smtp.connections() >= 2, "{fault:?}");
    eventually("the outbox records it", async || {
        outbox_row(&app, &reference).await.sent
    })
    .await;
    let row = outbox_row(&app, &reference).await;
    assert_eq!(row.attempts, 2, "{fault:?}");
    assert_eq!(row.last_error.as_deref(), Some(error), "{fault:?}");
    assert_eq!(row.recipient, None);

    // The worker is free again: a second application's email goes straight out.
    let mut second = valid_application();
    second["email"] = "second@example.com.au".into();
    let answer = submit(&app, &second).await;
    let second_reference = answer["reference"].as_str().unwrap().to_owned();
    eventually("the next email goes out", async || {
        smtp.delivered().len() == 2
    })
    .await;
    assert!(smtp.delivered()[1].contains(&second_reference));
}

#[tokio::test]
async fn a_server_that_never_answers_costs_one_timed_out_attempt() {
    a_failed_attempt_is_retried_and_delivered(Fault::Silent, "smtp timeout").await;
}

#[tokio::test]
async fn a_server_that_drips_its_greeting_costs_one_timed_out_attempt() {
    a_failed_attempt_is_retried_and_delivered(Fault::Drip, "smtp timeout").await;
}

#[tokio::test]
async fn a_server_that_stalls_after_the_message_costs_one_timed_out_attempt() {
    a_failed_attempt_is_retried_and_delivered(Fault::StallAfterData, "smtp timeout").await;
}

#[tokio::test]
async fn a_421_is_transient_and_retried() {
    a_failed_attempt_is_retried_and_delivered(Fault::Busy, "smtp transient refusal 421").await;
}

#[tokio::test]
async fn an_email_given_up_keeps_no_address_or_name() {
    // A permanent refusal (550) at RCPT: given up at once.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let refuser = tokio::spawn(async move {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
        while let Ok((stream, _)) = listener.accept().await {
            let (read, mut write) = stream.into_split();
            let mut read = BufReader::new(read);
            let _ = write.write_all(b"220 refuser.test ESMTP\r\n").await;
            let mut line = String::new();
            while matches!(read.read_line(&mut line).await, Ok(n) if n > 0) {
                let answer: &[u8] = match line.get(..4).unwrap_or("") {
                    "RCPT" => b"550 no such user here\r\n",
                    "QUIT" => b"221 bye\r\n",
                    "EHLO" => b"250 refuser.test\r\n",
                    _ => b"250 OK\r\n",
                };
                line.clear();
                if write.write_all(answer).await.is_err() {
                    break;
                }
            }
        }
    });
    let app = spawn_app_with(&CLUSTER, smtp_on(port)).await;
    let answer = submit(&app, &valid_application()).await;
    let reference = answer["reference"].as_str().unwrap().to_owned();
    eventually("the email is given up", async || {
        query_i64(
            &app.db,
            "SELECT count(*) FROM email_outbox WHERE failed_at IS NOT NULL AND reference = $1",
            &[&reference],
        )
        .await
            == 1
    })
    .await;
    let row = app
        .db
        .query_one(
            "SELECT attempts, recipient, first_name, last_error FROM email_outbox WHERE reference = $1",
            &[&reference],
        )
        .await
        .unwrap();
    assert_eq!(
        row.get::<_, i32>(0),
        1,
        "a permanent refusal is not retried"
    );
    assert_eq!(row.get::<_, Option<String>>(1), None, "address erased");
    assert_eq!(row.get::<_, Option<String>>(2), None, "first name erased");
    assert_eq!(
        row.get::<_, Option<String>>(3).as_deref(),
        Some("smtp permanent refusal 550")
    );
    refuser.abort();
}

/// The applicant's status emails go through the same worker as the confirmations (one claim,
/// send and record loop for both tables): delivered once over real SMTP with their own
/// Message-ID, and their message and address erased once sent.
#[tokio::test]
async fn an_applicant_email_is_sent_by_the_same_worker_and_erased() {
    let smtp = FakeSmtp::start(Fault::Busy).await;
    let app = spawn_app_with(&CLUSTER, smtp_on(smtp.port)).await;
    let answer = submit(&app, &valid_application()).await;
    let reference = answer["reference"].as_str().unwrap().to_owned();
    eventually("the confirmation goes out after the 421", async || {
        smtp.delivered().len() == 1
    })
    .await;

    app.db
        .execute(
            "INSERT INTO application_emails (reference, kind, version, recipient, subject, text_body, html_body)
             VALUES ($1, 'decision', 2, 'applicant@example.com.au', 'Your application', 'Approved.', '<p>Approved.</p>')",
            &[&reference],
        )
        .await
        .unwrap();
    eventually("the applicant email goes out", async || {
        smtp.delivered().len() == 2
    })
    .await;
    let sent = &smtp.delivered()[1];
    assert!(
        sent.contains(&format!("<{reference}.decision.2@banksia.bank>")),
        "{sent}"
    );
    assert!(sent.contains("Approved."), "{sent}");
    eventually("its row records it", async || {
        let row = app
            .db
            .query_one(
                "SELECT sent_at IS NOT NULL FROM application_emails WHERE reference = $1",
                &[&reference],
            )
            .await
            .unwrap();
        row.get(0)
    })
    .await;
    let row = app
        .db
        .query_one(
            "SELECT attempts, recipient, subject, text_body, html_body FROM application_emails
             WHERE reference = $1",
            &[&reference],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, i32>(0), 1);
    for column in 1..5 {
        assert_eq!(
            row.get::<_, Option<String>>(column),
            None,
            "column {column}"
        );
    }
}

/// One `/metrics` series' value, by its name and labels as the text format writes them.
fn series(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|line| {
            line.strip_prefix(name)?
                .strip_prefix(' ')?
                .trim()
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no {name} in\n{text}"))
}

/// Each mail queue's worker is watched (issue 45: only the confirmations' was): stopping one
/// turns `/readyz` to 503 naming it, and `/metrics` shows that worker down and its queue's
/// emails waiting, while the other queues' workers stay up.
#[tokio::test]
async fn stopping_any_mail_worker_fails_readyz_and_shows_in_its_queue_figures() {
    use banksia_server::outbox::Queue;

    let database = CLUSTER.create_database().await;
    let mut config = common::test_config(CLUSTER.url(&database));
    config.metrics_bind = Some("127.0.0.1:0".parse().unwrap());
    config.mail.transport = Some(MailTransport::Directory(temp_dir("workers")));
    config.mail.poll_interval = Duration::from_millis(100);
    let server = banksia_server::Server::build(config, Duration::from_secs(10))
        .await
        .expect("server starts");
    let addr = server.local_addr();
    let metrics = server.metrics_addr().expect("metrics are on");
    let workers = server.mail_workers().expect("mail is on");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let served = tokio::spawn(server.serve(async move {
        let _ = stopped.await;
    }));
    let db = CLUSTER.connect(&database).await;
    let readyz = async || common::request(addr, "GET", "/readyz", &[], b"").await;
    let scrape = async || {
        common::request(metrics, "GET", "/metrics", &[], b"")
            .await
            .text()
    };

    eventually("every worker has gone round its loop", async || {
        readyz().await.status == 200
    })
    .await;
    let ready = readyz().await.json();
    for queue in Queue::ALL {
        assert_eq!(
            ready["checks"]["mail_workers"][queue.name()],
            true,
            "{ready}"
        );
    }
    let text = scrape().await;
    assert_eq!(series(&text, "banksia_mail_worker_alive"), 1.0);
    for queue in Queue::ALL {
        let label = format!("{{queue=\"{}\"}}", queue.name());
        assert_eq!(
            series(&text, &format!("banksia_mail_queue_worker_alive{label}")),
            1.0
        );
        assert_eq!(
            series(&text, &format!("banksia_mail_queue_pending{label}")),
            0.0
        );
    }

    let mut reference = String::new();
    let mut stopped_so_far = Vec::new();
    for queue in Queue::ALL {
        workers.stop(queue);
        stopped_so_far.push(queue);
        eventually("the worker has stopped", async || !workers.is_alive(queue)).await;
        // An email of this queue now waits.
        match queue {
            Queue::Confirmations => {
                let created =
                    common::post_application(addr, &valid_application().to_string(), &[]).await;
                assert_eq!(created.status, 201, "{}", created.text());
                reference = created.json()["reference"].as_str().unwrap().to_owned();
            }
            Queue::Applicant => {
                db.execute(
                    "INSERT INTO application_emails (reference, kind, version, recipient, subject, text_body, html_body)
                     VALUES ($1, 'decision', 2, 'applicant@example.com.au', 'Your application', 'Approved.', '<p>Approved.</p>')",
                    &[&reference],
                )
                .await
                .unwrap();
            }
            Queue::Staff => {
                db.execute(
                    "WITH s AS (INSERT INTO staff (email, display_name, roles, webauthn_id)
                                VALUES ('nora@banksia.bank', 'Nora', '{reviewer}', gen_random_uuid())
                                RETURNING id)
                     INSERT INTO staff_emails (staff_id, kind, recipient, subject, text_body, html_body)
                     SELECT id, 'passkey_added', 'nora@banksia.bank', 'A passkey', 'Added.', '<p>Added.</p>' FROM s",
                    &[],
                )
                .await
                .unwrap();
            }
        }
        tokio::time::sleep(Duration::from_millis(300)).await;

        let answer = readyz().await;
        assert_eq!(answer.status, 503, "{}", answer.text());
        let checks = &answer.json()["checks"];
        assert_eq!(checks["mail_worker"], false, "{checks}");
        assert_eq!(checks["database"], true, "{checks}");
        let text = scrape().await;
        assert_eq!(series(&text, "banksia_mail_worker_alive"), 0.0);
        for other in Queue::ALL {
            let down = stopped_so_far.contains(&other);
            assert_eq!(
                checks["mail_workers"][other.name()],
                !down,
                "{other:?}: {checks}"
            );
            let label = format!("{{queue=\"{}\"}}", other.name());
            assert_eq!(
                series(&text, &format!("banksia_mail_queue_worker_alive{label}")),
                if down { 0.0 } else { 1.0 },
                "{other:?}"
            );
            // A stopped worker's email waits; a running one's queue was emptied.
            let pending = series(&text, &format!("banksia_mail_queue_pending{label}"));
            assert_eq!(pending, if down { 1.0 } else { 0.0 }, "{other:?}\n{text}");
            let oldest = series(
                &text,
                &format!("banksia_mail_queue_oldest_pending_age_seconds{label}"),
            );
            assert_eq!(oldest > 0.0, down, "{other:?}: {oldest}");
            assert_eq!(
                series(
                    &text,
                    &format!("banksia_mail_queue_pending_attempts{label}")
                ),
                0.0,
                "{other:?}: nothing was tried"
            );
        }
        assert_eq!(
            series(&text, "banksia_outbox_pending"),
            stopped_so_far.len() as f64
        );
    }
    let _ = stop.send(());
    tokio::time::timeout(Duration::from_secs(30), served)
        .await
        .expect("server stops")
        .unwrap();
}
