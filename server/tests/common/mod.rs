//! Test harness: one real PostgreSQL cluster for the tests that need no cluster of their own
//! (`CLUSTER`), a fresh database and server per test (`spawn_app`; `test_config` and `start_app`
//! for a server started some other way), a minimal HTTP/1.1 client that can send exactly the
//! bytes a test needs (chunked bodies, odd headers), and what the tests of every module do alike:
//! post an application (with a key, retried until stored), log in as the API role, read one
//! number, expect a privilege error; and the load bench's application as core's checked record,
//! for the tests that store directly.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

use banksia_server::{Config, Server};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/// A throw-away PostgreSQL cluster in a temp dir, on a free port, removed when the test process
/// exits (even on panic or abort: a watchdog shell waits for our end of a pipe to close).
pub struct PgCluster {
    pub port: u16,
    root: PathBuf,
    data: PathBuf,
    run_as: Option<String>,
    _watchdog: Mutex<(Child, ChildStdin)>,
}

/// PostgreSQL refuses to run as root: as root, run its binaries as `PG_RUN_AS` (default `postgres`).
fn pg_user() -> Option<String> {
    let euid = Command::new("id").arg("-u").output().expect("`id -u` runs");
    let root = String::from_utf8_lossy(&euid.stdout).trim() == "0";
    root.then(|| std::env::var("PG_RUN_AS").unwrap_or_else(|_| "postgres".into()))
}

static CLUSTER_SEQ: AtomicU32 = AtomicU32::new(0);

impl PgCluster {
    pub fn start() -> Self {
        let run_as = pg_user();
        let root = std::env::temp_dir().join(format!(
            "banksia-test-pg-{}-{}",
            std::process::id(),
            CLUSTER_SEQ.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).expect("create cluster dir");
        if let Some(user) = &run_as {
            run(Command::new("chown").arg(user).arg(&root));
        }
        run(Command::new("chmod").arg("700").arg(&root));
        let data = root.join("data");
        let mut cluster = Self {
            port: 0,
            data: data.clone(),
            _watchdog: Mutex::new(watchdog(&run_as, &data, &root)),
            root,
            run_as,
        };
        run(cluster
            .pg_command("initdb")
            .args([
                "-U",
                "postgres",
                "-A",
                "trust",
                "--no-sync",
                "-E",
                "UTF8",
                "--locale=C",
                "-D",
            ])
            .arg(&data));
        let mut last_error = String::new();
        for _ in 0..5 {
            cluster.port = free_port();
            match cluster.pg_ctl_start() {
                Ok(()) => return cluster,
                Err(e) => last_error = e,
            }
        }
        panic!("PostgreSQL did not start: {last_error}");
    }

    fn pg_command(&self, program: &str) -> Command {
        let mut cmd = match &self.run_as {
            Some(user) => {
                let mut cmd = Command::new("runuser");
                cmd.args(["-u", user, "--", program]);
                cmd
            }
            None => Command::new(program),
        };
        cmd.current_dir(&self.root).stdin(Stdio::null());
        cmd
    }

    fn pg_ctl_start(&self) -> Result<(), String> {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off \
             -c synchronous_commit=off -c full_page_writes=off",
            self.port,
            self.root.display()
        );
        let out = self
            .pg_command("pg_ctl")
            .arg("-D")
            .arg(&self.data)
            .arg("-l")
            .arg(self.root.join("server.log"))
            .args(["-w", "-t", "60", "-o", &options, "start"])
            .output()
            .map_err(|e| e.to_string())?;
        if out.status.success() {
            Ok(())
        } else {
            let log = std::fs::read_to_string(self.root.join("server.log")).unwrap_or_default();
            Err(format!("{}\n{log}", String::from_utf8_lossy(&out.stderr)))
        }
    }

    /// Starts the cluster again on the same port (after `stop`).
    pub fn restart(&self) {
        self.pg_ctl_start().expect("PostgreSQL restarts");
    }

    /// Fast shutdown: open connections are terminated, new ones refused.
    pub fn stop(&self) {
        run(self
            .pg_command("pg_ctl")
            .arg("-D")
            .arg(&self.data)
            .args(["-m", "fast", "-w", "stop"]));
    }

    pub fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    /// The connection string for `role` (trust authentication: no password).
    pub fn url_as(&self, role: &str, database: &str) -> String {
        format!("postgres://{role}@127.0.0.1:{}/{database}", self.port)
    }

    /// The process ids of the server's sessions on `database`.
    pub async fn server_backends(&self, database: &str) -> Vec<i32> {
        let admin = self.connect("postgres").await;
        admin
            .query(
                "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'banksia-server'",
                &[&database],
            )
            .await
            .unwrap()
            .iter()
            .map(|row| row.get(0))
            .collect()
    }

    pub async fn connect(&self, database: &str) -> tokio_postgres::Client {
        connect_url(&self.url(database)).await
    }

    /// A new empty database.
    pub async fn create_database(&self) -> String {
        static SEQ: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "test_{}_{}",
            std::process::id(),
            SEQ.fetch_add(1, Ordering::Relaxed)
        );
        let admin = self.connect("postgres").await;
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .expect("create database");
        name
    }
}

/// A session on `url` (its connection driven by a task of its own).
pub async fn connect_url(url: &str) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .expect("connect to the test cluster");
    tokio::spawn(connection);
    client
}

/// The one number `sql` selects (a count, a sum).
pub async fn query_i64(
    db: &tokio_postgres::Client,
    sql: &str,
    params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
) -> i64 {
    db.query_one(sql, params)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
        .get(0)
}

/// `result` is PostgreSQL refusing for want of a privilege (SQLSTATE 42501).
pub fn assert_insufficient_privilege(result: Result<(), tokio_postgres::Error>, what: &str) {
    let err = result.expect_err(what);
    assert_eq!(
        err.code(),
        Some(&tokio_postgres::error::SqlState::INSUFFICIENT_PRIVILEGE),
        "{what}: {err}"
    );
}

/// `sh` (as the cluster's user) blocks on our pipe; the pipe closes when this process ends for
/// any reason, and the shell then stops PostgreSQL and removes the directory.
fn watchdog(run_as: &Option<String>, data: &Path, root: &Path) -> (Child, ChildStdin) {
    let script = r#"read _ignored; pg_ctl -D "$1" -m immediate stop >/dev/null 2>&1; rm -rf "$2""#;
    let mut cmd = match run_as {
        Some(user) => {
            let mut cmd = Command::new("runuser");
            cmd.args(["-u", user, "--", "sh"]);
            cmd
        }
        None => Command::new("sh"),
    };
    let mut child = cmd
        .args(["-c", script, "watchdog"])
        .arg(data)
        .arg(root)
        .current_dir("/")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the cluster watchdog");
    let stdin = child.stdin.take().expect("piped stdin");
    (child, stdin)
}

fn run(cmd: &mut Command) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The cluster shared by every test in this binary, with the server's group roles made before any
/// test migrates a database, as the administrator makes them in production (README, "Database
/// roles"; scripts/lib/postgres.sh). The migrations' own fallback that creates a missing role
/// is for a single database: when many tests migrate at once, one migration could fail to see the
/// role another had just created ("role banksia_staff does not exist", seen once in CI).
pub static CLUSTER: LazyLock<PgCluster> = LazyLock::new(|| {
    let cluster = PgCluster::start();
    run(Command::new("psql")
        .args(["-v", "ON_ERROR_STOP=1", "-q", "-c"])
        .arg("CREATE ROLE banksia_api NOLOGIN; CREATE ROLE banksia_staff NOLOGIN")
        .arg(cluster.url("postgres"))
        .stdin(Stdio::null()));
    cluster
});

// ---------------------------------------------------------------------------------------------
// The server under test

pub fn fixture_site() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/site")
}

pub struct TestApp {
    pub addr: SocketAddr,
    /// Where `/metrics` is served, when the config set `metrics_bind`.
    pub metrics_addr: Option<SocketAddr>,
    pub database: String,
    /// The port of the PostgreSQL cluster holding `database`.
    pub pg_port: u16,
    pub db: tokio_postgres::Client,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    pub served: tokio::task::JoinHandle<()>,
}

impl TestApp {
    /// POST `body` as an application, without an Idempotency-Key.
    pub async fn post_json(&self, body: &str) -> HttpResponse {
        post_application(self.addr, body, &[]).await
    }

    /// POST `body` as an application with the Idempotency-Key `key`.
    pub async fn post_with_key(&self, body: &str, key: &str) -> HttpResponse {
        post_with_key(self.addr, body, key).await
    }

    pub async fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> HttpResponse {
        request(self.addr, method, path, headers, body).await
    }

    pub async fn row_count(&self) -> i64 {
        query_i64(&self.db, "SELECT count(*) FROM account_applications", &[]).await
    }

    /// A new login role granted only `banksia_api` (as the server runs in production), named
    /// `{name}_{database}`; its connection string to this app's database.
    pub async fn api_login(&self, name: &str) -> String {
        let login = format!("{name}_{}", self.database);
        self.db
            .batch_execute(&format!("CREATE ROLE {login} LOGIN IN ROLE banksia_api"))
            .await
            .unwrap();
        format!(
            "postgres://{login}@127.0.0.1:{}/{}",
            self.pg_port, self.database
        )
    }

    /// A new login role granted only `banksia_staff` (the staff side's, as in production), named
    /// `{name}_{database}`; its connection string to this app's database.
    pub async fn staff_login(&self, name: &str) -> String {
        let login = format!("{name}_{}", self.database);
        self.db
            .batch_execute(&format!("CREATE ROLE {login} LOGIN IN ROLE banksia_staff"))
            .await
            .unwrap();
        format!(
            "postgres://{login}@127.0.0.1:{}/{}",
            self.pg_port, self.database
        )
    }

    /// Starts a graceful shutdown, as on SIGTERM, without waiting for it.
    pub fn begin_shutdown(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }

    /// Graceful shutdown, waiting (bounded) until the server has stopped.
    pub async fn shutdown(mut self) {
        self.begin_shutdown();
        tokio::time::timeout(Duration::from_secs(30), &mut self.served)
            .await
            .expect("server stops")
            .unwrap();
    }
}

/// A fresh database on the shared cluster, migrated by the server itself, served on port 0.
/// Rate limiting is off unless `configure` turns it on.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(&CLUSTER, |_| {}).await
}

pub async fn spawn_app_with(cluster: &PgCluster, configure: impl FnOnce(&mut Config)) -> TestApp {
    let database = cluster.create_database().await;
    spawn_app_on(cluster, database, configure).await
}

/// A server on an existing database (a second instance beside one `spawn_app_with` started).
pub async fn spawn_app_on(
    cluster: &PgCluster,
    database: String,
    configure: impl FnOnce(&mut Config),
) -> TestApp {
    let mut config = test_config(cluster.url(&database));
    configure(&mut config);
    start_app(cluster, database, config).await
}

/// What every test server runs with: `database_url`, port 0, a pool of 8, no rate limit, a 5 s
/// drain on shutdown and the fixture site.
pub fn test_config(database_url: String) -> Config {
    Config::from_lookup(|name| match name {
        "DATABASE_URL" => Some(database_url.clone()),
        "PORT" => Some("0".into()),
        "POOL_SIZE" => Some("8".into()),
        "RATE_LIMIT_PER_MINUTE" => Some("0".into()),
        "SHUTDOWN_DRAIN_SECONDS" => Some("5".into()),
        "STATIC_DIR" => Some(fixture_site().display().to_string()),
        "ALLOW_DEVELOPMENT_ID_KEY" => Some("1".into()),
        _ => None,
    })
    .expect("test config")
}

/// Builds and serves `config` (whose database is `database` on `cluster`, already migrated or
/// migrated by this start) until `shutdown`; `db` is a superuser session on that database.
pub async fn start_app(cluster: &PgCluster, database: String, config: Config) -> TestApp {
    let server = Server::build(config, Duration::from_secs(10))
        .await
        .expect("server starts");
    let addr = server.local_addr();
    let metrics_addr = server.metrics_addr();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let served = tokio::spawn(server.serve(async move {
        let _ = stopped.await;
    }));
    let db = cluster.connect(&database).await;
    TestApp {
        addr,
        metrics_addr,
        database,
        pg_port: cluster.port,
        db,
        stop: Some(stop),
        served,
    }
}

// ---------------------------------------------------------------------------------------------
// HTTP

#[derive(Debug)]
pub struct HttpResponse {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl HttpResponse {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }
}

/// One request on its own connection (`Connection: close`), with `Content-Length` for a body.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> HttpResponse {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    let mut raw = head.into_bytes();
    raw.extend_from_slice(body);
    raw_request(addr, &raw).await
}

/// The head of a keep-alive POST to the application API of a JSON body of `length` bytes (for
/// tests that send the body in pieces, or not at all).
pub fn post_head(length: usize) -> String {
    format!(
        "POST /api/applications HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    )
}

/// Sends `raw` bytes as they are and reads the response until the server closes.
pub async fn raw_request(addr: SocketAddr, raw: &[u8]) -> HttpResponse {
    tokio::time::timeout(Duration::from_secs(30), async {
        let mut stream = TcpStream::connect(addr)
            .await
            .expect("connect to the server");
        // The server may answer (413) and close before reading everything: keep reading anyway.
        let _ = stream.write_all(raw).await;
        let mut buf = Vec::new();
        let _ = stream.read_to_end(&mut buf).await;
        parse_response(&buf)
    })
    .await
    .expect("response within 30 s")
}

fn parse_response(buf: &[u8]) -> HttpResponse {
    let split = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no complete response: {:?}", String::from_utf8_lossy(buf)));
    let head = String::from_utf8_lossy(&buf[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap();
    let status = status_line.split(' ').nth(1).unwrap().parse().unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut body = buf[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"))
    {
        body = dechunk(&body);
    }
    HttpResponse {
        status,
        headers,
        body,
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(line_end) = data.windows(2).position(|w| w == b"\r\n") {
        let size_text = String::from_utf8_lossy(&data[..line_end]);
        let size =
            usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        let start = line_end + 2;
        out.extend_from_slice(&data[start..(start + size).min(data.len())]);
        data = &data[(start + size + 2).min(data.len())..];
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Applications

/// A complete, valid application in the spec's snake_case fields.
pub fn valid_application() -> serde_json::Value {
    serde_json::json!({
        "application_type": "savings",
        "first_name": "Charlotte",
        "last_name": "Nguyen",
        "email": "charlotte.nguyen@example.com.au",
        "phone": "0412 345 678",
        "date_of_birth": "1990-04-15",
        "address_line1": "12 Banksia Street",
        "address_line2": "Unit 4",
        "city": "Melbourne",
        "state": "VIC",
        "postal_code": "3000",
        "employment_status": "full_time",
        "annual_income": "85000.00",
        "employer_name": "Acme Pty Ltd",
        "identification_type": "drivers_license",
        "identification_number": "123456789",
        "initial_deposit_amount": 250.5,
        "terms_accepted": true,
        "marketing_consent": false,
        "tax_residency": {"foreign_resident": false}
    })
}

/// A complete, valid application for a company's business account: two directors, the second
/// also an owner of 30%, a foreign tax residency for the applicant, a TFN, and the company's
/// own residency (Australia only).
pub fn company_application() -> serde_json::Value {
    let mut body = valid_application();
    body["application_type"] = serde_json::json!("business_checking");
    body["business"] = serde_json::json!({
        "entity_type": "company",
        "legal_name": "Nguyen Holdings Pty Ltd",
        "trading_name": "Banksia Bakery",
        "abn": "53 004 085 616",
        "acn": "004 085 616",
        "address_line1": "200 Collins Street",
        "address_line2": "Level 2",
        "city": "Melbourne",
        "state": "VIC",
        "postal_code": "3000",
        "nature_of_business": "retail_trade",
        "owners": [
            {
                "full_name": "Charlotte Nguyen",
                "date_of_birth": "1990-04-15",
                "address_line1": "12 Banksia Street",
                "address_line2": "Unit 4",
                "city": "Melbourne",
                "state": "VIC",
                "postal_code": "3000",
                "role": "director",
                "ownership_percent": "70"
            },
            {
                "full_name": "Thomas Nguyen",
                "date_of_birth": "1988-09-02",
                "address_line1": "5 Wattle Avenue",
                "city": "Geelong",
                "state": "VIC",
                "postal_code": "3220",
                "role": "owner",
                "ownership_percent": "30"
            }
        ],
        "applicant_role": "director",
        "applicant_authorised": true
    });
    body["tax_residency"] = serde_json::json!({
        "foreign_resident": true,
        "countries": [{"country": "NZ", "tin": "123-456-789"}],
        "tfn": "123 456 782",
        "business_foreign_resident": false
    });
    body
}

/// Sends `signal` (`STOP`, `CONT`, `TERM`, ...) to a process (a PostgreSQL backend, the server).
pub fn signal_process(pid: impl std::fmt::Display, signal: &str) {
    run(Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(pid.to_string()));
}

/// The application's body with a distinct email, so many can be told apart.
pub fn application_numbered(n: usize) -> String {
    let mut body = valid_application();
    body["email"] = serde_json::Value::String(format!("applicant{n}@example.com.au"));
    body.to_string()
}

/// POST `body` to the application API as JSON, with `headers` beside the Content-Type.
pub async fn post_application(
    addr: SocketAddr,
    body: &str,
    headers: &[(&str, &str)],
) -> HttpResponse {
    let mut all = vec![("content-type", "application/json")];
    all.extend_from_slice(headers);
    request(addr, "POST", "/api/applications", &all, body.as_bytes()).await
}

/// POST an application with an Idempotency-Key.
pub async fn post_with_key(addr: SocketAddr, body: &str, key: &str) -> HttpResponse {
    post_application(addr, body, &[("idempotency-key", key)]).await
}

/// Posts `body` under `key` until it is stored (201) or `within` has passed, a tenth of a second
/// apart; the last answer.
pub async fn retry_until_created(
    addr: SocketAddr,
    body: &str,
    key: &str,
    within: Duration,
) -> HttpResponse {
    let give_up = std::time::Instant::now() + within;
    loop {
        let retry = post_with_key(addr, body, key).await;
        if retry.status == 201 || std::time::Instant::now() > give_up {
            return retry;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

// ---------------------------------------------------------------------------------------------
// The staff side (staff.rs, information.rs): sessions made as the server makes them, signed-in
// calls, and what a review action needs.

/// A rationale core's text rules accept (every recommendation and decision records one).
pub const RATIONALE: &str = "Identity and eligibility checked.";

/// The origin the staff API's writes must come from (the server's default `PUBLIC_ORIGIN`).
pub fn staff_origin(app: &TestApp) -> String {
    format!("http://localhost:{}", app.addr.port())
}

/// A staff member with `roles` and a live session (a row holding the token's SHA-256, as the
/// server makes it); their id and the cookie header. The email is the name, lower-cased, with
/// dots for spaces, at banksia.bank.
pub async fn staff_member(app: &TestApp, name: &str, roles: &[&str]) -> (i64, String) {
    let roles: Vec<String> = roles.iter().map(|r| (*r).to_owned()).collect();
    let id: i64 = app
        .db
        .query_one(
            "INSERT INTO staff (email, display_name, roles, webauthn_id)
             VALUES ($1, $2, $3, gen_random_uuid()) RETURNING id",
            &[
                &format!("{}@banksia.bank", name.to_lowercase().replace(' ', ".")),
                &name,
                &roles,
            ],
        )
        .await
        .unwrap()
        .get(0);
    let (token, hash) = banksia_server::staff::tokens::new_token().unwrap();
    app.db
        .execute(
            "INSERT INTO staff_sessions (token_hash, staff_id, expires_at)
             VALUES ($1, $2, now() + interval '1 hour')",
            &[&hash, &id],
        )
        .await
        .unwrap();
    (id, format!("__Host-banksia-staff={token}"))
}

/// A GET with the session `cookie`, if any: the whole answer (a document download's bytes).
pub async fn staff_get_raw(app: &TestApp, cookie: Option<&str>, path: &str) -> HttpResponse {
    let headers: Vec<(&str, &str)> = cookie.map(|c| ("cookie", c)).into_iter().collect();
    app.request("GET", path, &headers, b"").await
}

/// A GET with the session `cookie`, if any: the status and the JSON body (null when none).
pub async fn staff_get(
    app: &TestApp,
    cookie: Option<&str>,
    path: &str,
) -> (u16, serde_json::Value) {
    let r = staff_get_raw(app, cookie, path).await;
    let body = serde_json::from_str(&r.text()).unwrap_or(serde_json::Value::Null);
    (r.status, body)
}

/// A POST of `body` as a signed-in page sends it (same origin, the CSRF header): the status and
/// the JSON body (null when none).
pub async fn staff_post_raw(
    app: &TestApp,
    cookie: Option<&str>,
    path: &str,
    body: &[u8],
) -> (u16, serde_json::Value) {
    let origin = staff_origin(app);
    let mut headers = vec![
        ("content-type", "application/json"),
        ("origin", origin.as_str()),
        ("x-banksia-staff", "1"),
    ];
    if let Some(c) = cookie {
        headers.push(("cookie", c));
    }
    let r = app.request("POST", path, &headers, body).await;
    let body = serde_json::from_str(&r.text()).unwrap_or(serde_json::Value::Null);
    (r.status, body)
}

/// [`staff_post_raw`] of a JSON value.
pub async fn staff_post(
    app: &TestApp,
    cookie: Option<&str>,
    path: &str,
    body: &serde_json::Value,
) -> (u16, serde_json::Value) {
    staff_post_raw(app, cookie, path, body.to_string().as_bytes()).await
}

/// The version an application is at (what a change must name).
pub async fn version(app: &TestApp, reference: &str) -> i32 {
    app.db
        .query_one(
            "SELECT version FROM account_applications WHERE reference = $1",
            &[&reference],
        )
        .await
        .unwrap()
        .get(0)
}

/// Now as a Sydney wall-clock minute, as the console's `datetime-local` sends a withdrawal's time.
pub fn now_in_sydney() -> String {
    banksia_core::application::today::sydney_time(chrono::Utc::now())
        .format("%Y-%m-%dT%H:%M")
        .to_string()
}

/// The one-time token of the first `#token=…` link in `text` (an email's body, a link).
pub fn link_token(text: &str) -> String {
    text.split("#token=")
        .nth(1)
        .expect("a #token= link")
        .split_whitespace()
        .next()
        .expect("a token after #token=")
        .to_owned()
}

/// Polls `check` (up to 10 s) until it answers `Some`: for what the server does after its
/// answer (the status link's look-up and email).
pub async fn eventually<T, F, Fut>(mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    for _ in 0..200 {
        if let Some(value) = check().await {
            return value;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("not done within 10 s");
}

// ---------------------------------------------------------------------------------------------
// Records to store directly

/// Core's validated record of the load bench's body (`benches/load/valid.json`), the very type
/// the server stores.
pub fn bench_application() -> banksia_core::application::AccountApplication {
    let body = include_str!("../../../benches/load/valid.json");
    let input = serde_json::from_str::<banksia_core::application::details::SubmissionInput>(body)
        .unwrap()
        .application;
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 6).unwrap();
    banksia_core::application::validate_application(&input, today)
        .unwrap()
        .application
}

/// A personal account's details: Australia only, no TFN.
pub fn personal_details() -> banksia_core::application::details::CustomerDetails {
    use banksia_core::application::details::{CustomerDetails, TaxResidency};
    CustomerDetails {
        business: None,
        tax_residency: TaxResidency {
            countries: vec![],
            tfn: None,
            business_countries: None,
        },
    }
}
