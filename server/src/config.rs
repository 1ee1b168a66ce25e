//! Configuration from environment variables.
//!
//! | Variable | Default | Meaning |
//! |---|---|---|
//! | `DATABASE_URL` | (required) | PostgreSQL connection string, e.g. `postgres://banksia@127.0.0.1:5432/banksia`. Migrations are applied at start. |
//! | `BIND` | `127.0.0.1` | Address to listen on (`0.0.0.0` or `::` for every interface). |
//! | `PORT` | `8080` | TCP port to listen on (`0` picks a free one; the chosen address is logged). |
//! | `POOL_SIZE` | `16` | Maximum number of PostgreSQL connections in the pool. |
//! | `STATIC_DIR` | `site/dist` | The built site served for every non-API path; its `404.html` answers unknown paths. |
//! | `RATE_LIMIT_PER_MINUTE` | `10` | Application submissions allowed per client IP per minute; `0` turns the limit off. |
//! | `TRUSTED_PROXIES` | (none) | Comma-separated IPs or CIDR ranges of reverse proxies whose `X-Forwarded-For` is believed. |
//! | `HEADER_READ_TIMEOUT_SECONDS` | `10` | A connection must send a request's whole header within this time of starting it, or it is closed. |
//! | `BODY_READ_TIMEOUT_SECONDS` | `10` | A request body must arrive whole within this time of the handler starting to read it, or the answer is 408. |
//! | `IDLE_TIMEOUT_SECONDS` | `30` | A connection on which nothing is received or sent for this long is closed (an idle keep-alive, or a client that stalls mid-request or stops reading the response). |
//! | `MAX_CONNECTIONS` | the file limit less 256, at most 10000 | Open connections served at once; past it a new connection gets a bare 503 and is closed. At start the server raises its soft file-descriptor limit (`ulimit -n`) to the hard limit. |
//! | `MAX_CONNECTIONS_PER_IP` | `64` | Open connections one client address may hold; past it a new one from that address gets a bare 503 and is closed. Connections from `TRUSTED_PROXIES` count only towards `MAX_CONNECTIONS`. |
//! | `SHUTDOWN_DRAIN_SECONDS` | `10` | How long in-flight requests may run after SIGTERM/SIGINT before the process exits. |
//! | `SMTP_URL` | (none) | SMTP server for confirmation emails: `smtp://user:pass@host:587` (STARTTLS required), `smtps://…:465` (TLS), `smtp://host:25?tls=none` (no encryption, local relays only). |
//! | `MAIL_DIR` | (none) | Without `SMTP_URL`: write each email as an `.eml` file into this directory. With neither, no confirmation email is queued. |
//! | `MAIL_FROM` | `Banksia Bank <no-reply@banksia.bank>` | Sender of confirmation emails. |
//! | `SMTP_TIMEOUT_SECONDS` | `30` | The bound on one whole SMTP exchange (connect to QUIT); past it the attempt fails as "smtp timeout" and is retried. |
//! | `METRICS_BIND` | (none) | Address and port of `/metrics` (Prometheus text), apart from the public port, e.g. `127.0.0.1:9464`. Off when unset. |
//! | `PUBLIC_ORIGIN` | `http://localhost:{PORT}` | The origin people reach the server at (`https://host[:port]`; `http` only for `localhost`; never an IP address, which WebAuthn refuses). The staff passkeys' relying party, the Origin every state-changing staff call must carry, and every link the server prints or emails. |
//! | `STAFF_SESSION_IDLE_MINUTES` | `15` | A staff session ends after this long without a request. |
//! | `STAFF_SESSION_ABSOLUTE_HOURS` | `8` | A staff session ends this long after sign-in, whatever happens. |
//! | `STAFF_SIGN_IN_PER_MINUTE` | `10` | Staff sign-in and passkey registration attempts (and applicant status-link requests, counted apart) per client address per minute, shared by every instance on the database (token buckets in `api_rate_limits`). |
//! | `ID_ENCRYPTION_KEYS` | (required) | `id:base64key[,id:base64key…]`: 32-byte AES-256-GCM keys for identification numbers at rest; the first encrypts, the others still decrypt (rotation). Unset: the server refuses to start, unless `ALLOW_DEVELOPMENT_ID_KEY=1`. |
//! | `ALLOW_DEVELOPMENT_ID_KEY` | (off) | `1`: with `ID_ENCRYPTION_KEYS` unset, use a fixed, public development key (with a warning). For local runs and tests only (`scripts/start` and `scripts/test` set it). |
//! | `RETENTION_DECLINED_DAYS` | `730` | `banksia-server purge` erases the personal data of declined and withdrawn applications decided longer ago than this. |
//! | `RETENTION_APPROVED_DAYS` | `2557` | ... and of approved ones (7 years). |
//! | `RUST_LOG` | `info` | Log filter (tracing `EnvFilter` syntax); logs are JSON lines on stdout. Nothing below `info` from `tokio_postgres`, `postgres_protocol`, `hyper` or `hyper_util` is logged whatever it says (a cap applied after this filter), as their debug output would include personal data. |
//!
//! At start the server waits up to 30 s for the database (retrying every 0.5 s), then exits
//! with status 1 if it is still unreachable; a missing or unparsable variable exits with status 2.
//!
//! The server applies `migrations/` at start when `DATABASE_URL`'s role may create tables.
//! The API's privileges are the role `banksia_api` (insert applications, read back only what an
//! idempotent replay returns, never personal details) and the staff side's `banksia_staff`.
//! Migrations 2 and 11 create them when they are missing and the owner may create roles (as in
//! development); in production an administrator creates them (README, "Database roles"), the
//! schema owner applies the migrations (`banksia-server migrate`), and the server runs as a login
//! role granted only those two: it then checks at start that the schema is current instead of
//! migrating.

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

pub use crate::config_error::ConfigError;
use crate::rate_limit::IpNet;

/// Everything the server needs to start, read once from the environment.
#[derive(Debug, Clone)]
pub struct Config {
    pub database_url: String,
    /// `STAFF_DATABASE_URL`: the staff side's own login role (granted `banksia_staff` only), so
    /// the public API's connections can't read applications back or change a status. Unset, the
    /// staff side shares `DATABASE_URL` (tests, and a single-role development database).
    pub staff_database_url: Option<String>,
    pub bind: IpAddr,
    pub port: u16,
    pub pool_size: usize,
    pub static_dir: PathBuf,
    pub rate_limit_per_minute: u32,
    pub trusted_proxies: Vec<IpNet>,
    pub shutdown_drain: Duration,
    pub header_read_timeout: Duration,
    pub body_read_timeout: Duration,
    pub idle_timeout: Duration,
    /// `None`: derived from the file limit at start (`admission::default_max_connections`).
    pub max_connections: Option<usize>,
    pub max_connections_per_ip: usize,
    pub mail: crate::mailer::MailConfig,
    /// `METRICS_BIND`: where `/metrics` is served, apart from the public port; `None`: nowhere.
    pub metrics_bind: Option<std::net::SocketAddr>,
    /// The staff side (`PUBLIC_ORIGIN`, sessions, keys, retention).
    pub staff: crate::staff::config::StaffConfig,
}

pub const DEFAULT_POOL_SIZE: usize = 16;
pub const DEFAULT_RATE_LIMIT_PER_MINUTE: u32 = 10;

impl Config {
    /// Where the staff side connects: `STAFF_DATABASE_URL`, else `DATABASE_URL`.
    pub fn staff_database_url(&self) -> &str {
        self.staff_database_url
            .as_deref()
            .unwrap_or(&self.database_url)
    }

    /// Reads the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads variables through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let var = |name: &str| {
            lookup(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let database_url =
            var("DATABASE_URL").ok_or_else(|| ConfigError("DATABASE_URL must be set".into()))?;
        let trusted_proxies = match var("TRUSTED_PROXIES") {
            None => Vec::new(),
            Some(list) => list
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| {
                    s.parse::<IpNet>().map_err(|_| {
                        ConfigError(format!(
                            "TRUSTED_PROXIES: `{s}` is not an IP address or CIDR range"
                        ))
                    })
                })
                .collect::<Result<_, _>>()?,
        };
        let port = parse(&var, "PORT", 8080)?;
        // The staff side's pool: the same size as the public one.
        Ok(Self {
            staff: crate::staff::config::StaffConfig::from_vars(&var, port)?,
            staff_database_url: var("STAFF_DATABASE_URL"),
            database_url,
            bind: parse(&var, "BIND", IpAddr::V4(Ipv4Addr::LOCALHOST))?,
            port: parse(&var, "PORT", 8080)?,
            pool_size: parse(&var, "POOL_SIZE", DEFAULT_POOL_SIZE)?.max(1),
            static_dir: var("STATIC_DIR").map_or_else(|| PathBuf::from("site/dist"), PathBuf::from),
            rate_limit_per_minute: parse(
                &var,
                "RATE_LIMIT_PER_MINUTE",
                DEFAULT_RATE_LIMIT_PER_MINUTE,
            )?,
            trusted_proxies,
            shutdown_drain: Duration::from_secs(parse(&var, "SHUTDOWN_DRAIN_SECONDS", 10)?),
            header_read_timeout: seconds(&var, "HEADER_READ_TIMEOUT_SECONDS", 10)?,
            body_read_timeout: seconds(&var, "BODY_READ_TIMEOUT_SECONDS", 10)?,
            idle_timeout: seconds(&var, "IDLE_TIMEOUT_SECONDS", 30)?,
            max_connections: match var("MAX_CONNECTIONS") {
                None => None,
                Some(_) => Some(at_least_one(&var, "MAX_CONNECTIONS")?),
            },
            max_connections_per_ip: match var("MAX_CONNECTIONS_PER_IP") {
                None => crate::admission::DEFAULT_MAX_CONNECTIONS_PER_IP,
                Some(_) => at_least_one(&var, "MAX_CONNECTIONS_PER_IP")?,
            },
            mail: crate::mailer::MailConfig::from_vars(&var)?,
            metrics_bind: match var("METRICS_BIND") {
                None => None,
                Some(text) => Some(text.parse().map_err(|_| {
                    ConfigError(format!(
                        "METRICS_BIND: `{text}` is not an address and port such as 127.0.0.1:9464"
                    ))
                })?),
            },
        })
    }
}

/// A count of at least 1.
fn at_least_one(var: &impl Fn(&str) -> Option<String>, name: &str) -> Result<usize, ConfigError> {
    match parse(var, name, 1usize)? {
        0 => Err(ConfigError(format!("{name}: must be at least 1"))),
        n => Ok(n),
    }
}

/// A timeout in whole seconds, at least 1 (a timeout cannot be turned off).
fn seconds(
    var: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: u64,
) -> Result<Duration, ConfigError> {
    match parse(var, name, default)? {
        0 => Err(ConfigError(format!("{name}: must be at least 1"))),
        n => Ok(Duration::from_secs(n)),
    }
}

fn parse<T: FromStr>(
    var: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: T,
) -> Result<T, ConfigError> {
    match var(name) {
        None => Ok(default),
        Some(value) => value
            .parse()
            .map_err(|_| ConfigError(format!("{name}: `{value}` is not valid"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let mut map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        map.entry("ALLOW_DEVELOPMENT_ID_KEY".into())
            .or_insert_with(|| "1".into());
        Config::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn defaults_apply_when_only_the_database_is_given() {
        let c = config(&[("DATABASE_URL", "postgres://localhost/banksia")]).unwrap();
        assert_eq!(c.bind, IpAddr::V4(Ipv4Addr::LOCALHOST));
        assert_eq!(c.port, 8080);
        assert_eq!(c.pool_size, DEFAULT_POOL_SIZE);
        assert_eq!(c.static_dir, PathBuf::from("site/dist"));
        assert_eq!(c.rate_limit_per_minute, 10);
        assert!(c.trusted_proxies.is_empty());
        assert_eq!(c.shutdown_drain, Duration::from_secs(10));
        assert_eq!(c.header_read_timeout, Duration::from_secs(10));
        assert_eq!(c.body_read_timeout, Duration::from_secs(10));
        assert_eq!(c.idle_timeout, Duration::from_secs(30));
    }

    #[test]
    fn timeouts_are_read_and_never_zero() {
        let c = config(&[
            ("DATABASE_URL", "x"),
            ("HEADER_READ_TIMEOUT_SECONDS", "2"),
            ("BODY_READ_TIMEOUT_SECONDS", "3"),
            ("IDLE_TIMEOUT_SECONDS", "4"),
        ])
        .unwrap();
        assert_eq!(c.header_read_timeout, Duration::from_secs(2));
        assert_eq!(c.body_read_timeout, Duration::from_secs(3));
        assert_eq!(c.idle_timeout, Duration::from_secs(4));
        for name in [
            "HEADER_READ_TIMEOUT_SECONDS",
            "BODY_READ_TIMEOUT_SECONDS",
            "IDLE_TIMEOUT_SECONDS",
        ] {
            let err = config(&[("DATABASE_URL", "x"), (name, "0")]).unwrap_err();
            assert!(err.0.starts_with(name), "{err}");
        }
    }

    #[test]
    fn database_url_is_required() {
        assert!(config(&[]).is_err());
        assert!(config(&[("DATABASE_URL", "  ")]).is_err());
    }

    #[test]
    fn values_are_parsed_and_bad_ones_named() {
        let c = config(&[
            ("DATABASE_URL", "postgres://x"),
            ("BIND", "0.0.0.0"),
            ("PORT", "0"),
            ("RATE_LIMIT_PER_MINUTE", "0"),
            ("TRUSTED_PROXIES", "10.0.0.1, 192.168.0.0/16,::1"),
        ])
        .unwrap();
        assert_eq!(c.port, 0);
        assert_eq!(c.rate_limit_per_minute, 0);
        assert_eq!(c.trusted_proxies.len(), 3);
        let err = config(&[("DATABASE_URL", "x"), ("PORT", "eighty")]).unwrap_err();
        assert!(err.0.starts_with("PORT"));
        assert!(config(&[("DATABASE_URL", "x"), ("TRUSTED_PROXIES", "proxy.local")]).is_err());
    }
}
