//! banksia-server: the account-application API on PostgreSQL, and the built site.
//!
//! `filters` route, `handlers` answer, `db` stores, `error` maps every failure to a status and
//! a JSON body, `application` is the adapter to banksia-core (which owns every rule).

pub mod application;
pub mod config;
pub mod db;
pub mod email;
pub mod error;
pub mod filters;
pub mod handlers;
pub mod mailer;
pub mod outbox;
pub mod rate_limit;
pub mod security;
pub mod static_files;
pub mod telemetry;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::Pool;

pub use config::Config;
use rate_limit::{IpNet, RateLimiter};

/// What every request handler shares.
#[derive(Debug)]
pub struct AppState {
    pub pool: Pool,
    pub limiter: RateLimiter,
    pub trusted_proxies: Vec<IpNet>,
    /// Set when a mail transport is configured: each stored application queues its
    /// confirmation email, and this wakes the mail worker.
    pub mail_wake: Option<Arc<tokio::sync::Notify>>,
}

/// The server, bound and migrated, not yet serving.
pub struct Server {
    listener: tokio::net::TcpListener,
    state: Arc<AppState>,
    config: Config,
    mailer: Option<mailer::Mailer>,
}

/// Why the server could not start.
#[derive(Debug)]
pub struct StartError(pub String);

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StartError {}

impl Server {
    /// Connects the pool, applies the migrations (retrying while the database comes up, for at
    /// most `db_wait`) and binds the listening socket.
    pub async fn build(config: Config, db_wait: Duration) -> Result<Self, StartError> {
        let pool = db::create_pool(&config.database_url, config.pool_size).map_err(StartError)?;
        let give_up = tokio::time::Instant::now() + db_wait;
        loop {
            match db::migrate(&pool).await {
                Ok(applied) => {
                    for migration in applied {
                        tracing::info!(%migration, "migration applied");
                    }
                    break;
                }
                Err(err) if tokio::time::Instant::now() < give_up => {
                    tracing::warn!(error = %err, "database not ready for migrations; retrying");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                Err(err) => return Err(StartError(format!("migrations failed: {err}"))),
            }
        }
        let mailer = match &config.mail.transport {
            Some(transport) => {
                Some(mailer::Mailer::new(transport, config.mail.from.clone()).map_err(StartError)?)
            }
            None => {
                tracing::warn!("no SMTP_URL or MAIL_DIR: confirmation emails are off");
                None
            }
        };
        let addr = SocketAddr::new(config.bind, config.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| StartError(format!("cannot listen on {addr}: {e}")))?;
        let state = Arc::new(AppState {
            pool,
            limiter: RateLimiter::new(config.rate_limit_per_minute),
            trusted_proxies: config.trusted_proxies.clone(),
            mail_wake: mailer
                .as_ref()
                .map(|_| Arc::new(tokio::sync::Notify::new())),
        });
        Ok(Self {
            listener,
            state,
            config,
            mailer,
        })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// Serves until `shutdown` completes, then lets in-flight requests finish for at most the
    /// configured drain time, and closes the pool.
    pub async fn serve(self, shutdown: impl Future<Output = ()> + Send + 'static) {
        let hashes = security::inline_script_hashes(&self.config.static_dir);
        if !self.config.static_dir.join("index.html").is_file() {
            tracing::warn!(static_dir = %self.config.static_dir.display(), "STATIC_DIR has no index.html; is the site built?");
        }
        let routes = filters::routes(
            self.state.clone(),
            self.config.static_dir.clone(),
            security::security_headers(&hashes),
        );
        let stopping = Arc::new(tokio::sync::Notify::new());
        let notify = stopping.clone();
        let signal = async move {
            shutdown.await;
            tracing::info!("shutting down: no new connections, draining requests");
            notify.notify_one();
        };
        let (stop_mail, mail_stopped) = tokio::sync::watch::channel(false);
        let mail_worker = match (&self.mailer, &self.state.mail_wake) {
            (Some(mailer), Some(wake)) => Some(tokio::spawn(outbox::run(
                self.state.pool.clone(),
                mailer.clone(),
                outbox::RetryPolicy::from_config(&self.config.mail),
                self.config.mail.poll_interval,
                wake.clone(),
                mail_stopped,
            ))),
            _ => None,
        };
        tracing::info!(address = %self.local_addr(), "listening");
        let server = warp::serve(routes)
            .incoming(self.listener)
            .graceful(signal)
            .run();
        let drain = self.config.shutdown_drain;
        tokio::select! {
            () = server => tracing::info!("all connections closed"),
            () = async { stopping.notified().await; tokio::time::sleep(drain).await } => {
                tracing::warn!(drain_seconds = drain.as_secs(), "drain time over; closing remaining connections");
            }
        }
        // The mail worker finishes the email in hand (unsent ones wait in the outbox).
        let _ = stop_mail.send(true);
        if let Some(worker) = mail_worker {
            let _ = tokio::time::timeout(drain, worker).await;
        }
        self.state.pool.close();
    }
}
