//! banksia-server: the account-application API on PostgreSQL, and the built site.
//!
//! `filters` route, `handlers` answer, `db` stores, `error` maps every failure to a status and
//! a JSON body, `application` is the adapter to banksia-core (which owns every rule).

pub mod admission;
pub mod application;
pub mod config;
pub mod config_error;
pub mod connection;
pub mod db;
pub mod email;
pub mod error;
pub mod filters;
pub mod group_commit;
pub mod handlers;
pub mod id_keys;
pub mod mailer;
pub mod metrics;
pub mod outbox;
pub mod product_data;
pub mod rate_limit;
pub mod scrape;
pub mod security;
pub mod site_rates;
pub mod staff;
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
    /// The writers that store valid submissions, together when they arrive together.
    pub submissions: group_commit::GroupCommit,
    pub limiter: RateLimiter,
    pub trusted_proxies: Vec<IpNet>,
    /// How long a request body may take to arrive (`BODY_READ_TIMEOUT_SECONDS`).
    pub body_read_timeout: Duration,
    /// Set when a mail transport is configured: each stored application queues its
    /// confirmation email, and this wakes the mail worker.
    pub mail_wake: Option<Arc<tokio::sync::Notify>>,
    /// The mail workers, one per queue, and their heartbeats (with `mail_wake`), read by
    /// `/readyz` and `/metrics`.
    pub mail_workers: Option<Arc<outbox::Workers>>,
    /// The staff side: passkeys, sessions, the review API, the applicant's status page.
    pub staff: Arc<staff::StaffState>,
    /// The idempotency fingerprint's HMAC keys, the current first (derived from
    /// `ID_ENCRYPTION_KEYS`, so they rotate with it).
    pub fingerprint_keys: Vec<Vec<u8>>,
    /// The published product data (`/cds-au/v1/banking/products`), worked out at start.
    pub products: Arc<product_data::ProductData>,
}

/// The server, bound and migrated, not yet serving.
pub struct Server {
    listener: tokio::net::TcpListener,
    metrics_listener: Option<tokio::net::TcpListener>,
    admission: Arc<admission::Admission>,
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

/// Applies the migrations, retrying while the database comes up (for at most `db_wait`); an
/// error retrying cannot mend (a permission, with its SQLSTATE) ends it at once.
async fn apply_migrations(pool: &Pool, db_wait: Duration) -> Result<(), StartError> {
    let give_up = tokio::time::Instant::now() + db_wait;
    loop {
        match db::migrate(pool).await {
            Ok(applied) => {
                for migration in applied {
                    tracing::info!(%migration, "migration applied");
                }
                return Ok(());
            }
            Err(db::MigrateError::NotReady(err)) if tokio::time::Instant::now() < give_up => {
                tracing::warn!(error = %err, "database not ready for migrations; retrying");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(err) => return Err(StartError(format!("migrations failed: {err}"))),
        }
    }
}

/// `banksia-server migrate`: applies the migrations as `DATABASE_URL`'s role (the schema owner)
/// and returns, so the server itself can run as a role granted only `banksia_api`.
pub async fn migrate_only(config: &Config, db_wait: Duration) -> Result<(), StartError> {
    let pool = db::create_pool(&config.database_url, 1).map_err(StartError)?;
    let result = apply_migrations(&pool, db_wait).await;
    pool.close();
    result
}

/// `banksia-server staff …`, `audit verify`, `purge`: runs the command against `DATABASE_URL`
/// (whose role must be granted `banksia_staff`); `None` when `args` are not one of them.
pub async fn run_staff_command(
    config: &Config,
    args: &[String],
) -> Option<Result<staff::cli::Outcome, StartError>> {
    if !matches!(
        args.first().map(String::as_str),
        Some("staff" | "audit" | "purge")
    ) {
        return None;
    }
    Some(
        async {
            let pool = db::create_pool(config.staff_database_url(), 2).map_err(StartError)?;
            let state = staff::StaffState::new(pool.clone(), config.staff.clone(), None)
                .await
                .map_err(StartError)?;
            let outcome =
                staff::cli::run(&state, args)
                    .await
                    .unwrap_or_else(|| staff::cli::Outcome {
                        ok: false,
                        output: "unknown command".into(),
                    });
            pool.close();
            Ok(outcome)
        }
        .await,
    )
}

impl Server {
    /// Connects the pool, applies the migrations (retrying while the database comes up, for at
    /// most `db_wait`) and binds the listening socket.
    pub async fn build(config: Config, db_wait: Duration) -> Result<Self, StartError> {
        let file_limit = admission::raise_file_limit();
        let admission = Arc::new(admission::Admission::new(
            config
                .max_connections
                .unwrap_or_else(|| admission::default_max_connections(file_limit)),
            config.max_connections_per_ip,
            config.trusted_proxies.clone(),
        ));
        let pool = db::create_pool(&config.database_url, config.pool_size).map_err(StartError)?;
        apply_migrations(&pool, db_wait).await?;
        let mailer = match &config.mail.transport {
            Some(transport) => Some(
                mailer::Mailer::new(
                    transport,
                    config.mail.from.clone(),
                    config.mail.send_timeout,
                )
                .map_err(StartError)?,
            ),
            None => {
                tracing::warn!("no SMTP_URL or MAIL_DIR: confirmation emails are off");
                None
            }
        };
        let metrics_listener =
            match config.metrics_bind {
                Some(addr) => Some(tokio::net::TcpListener::bind(addr).await.map_err(|e| {
                    StartError(format!("cannot listen on METRICS_BIND {addr}: {e}"))
                })?),
                None => None,
            };
        if config.staff.id_keys_are_development {
            tracing::warn!(
                "ID_ENCRYPTION_KEYS is not set: identification numbers are encrypted with the public development key"
            );
        }
        // The staff side's own connections (`STAFF_DATABASE_URL`), or the public ones'.
        let staff_pool = match &config.staff_database_url {
            Some(url) => db::create_pool(url, config.pool_size).map_err(StartError)?,
            None => pool.clone(),
        };
        match staff::retention::encrypt_stored_identification(&staff_pool, &config.staff.id_keys)
            .await
        {
            Ok(0) => {}
            Ok(rows) => tracing::info!(rows, "identification numbers encrypted at rest"),
            Err(err) => {
                return Err(StartError(format!(
                    "cannot encrypt stored identification numbers: {err}"
                )));
            }
        }
        let addr = SocketAddr::new(config.bind, config.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| StartError(format!("cannot listen on {addr}: {e}")))?;
        let mut staff_config = config.staff.clone();
        if staff_config.origin_is_default
            && let Ok(bound) = listener.local_addr()
        {
            staff_config.public_origin = format!("http://localhost:{}", bound.port());
        }
        let products = Arc::new(product_data::ProductData::new(&staff_config.public_origin));
        let staff_mail_wake = mailer
            .as_ref()
            .map(|_| Arc::new(tokio::sync::Notify::new()));
        let staff = Arc::new(
            staff::StaffState::new(staff_pool, staff_config, staff_mail_wake)
                .await
                .map_err(StartError)?
                .with_trusted_proxies(config.trusted_proxies.clone()),
        );
        let state = Arc::new(AppState {
            submissions: group_commit::GroupCommit::start(pool.clone(), config.pool_size),
            pool,
            limiter: RateLimiter::new(config.rate_limit_per_minute),
            trusted_proxies: config.trusted_proxies.clone(),
            body_read_timeout: config.body_read_timeout,
            mail_wake: mailer
                .as_ref()
                .map(|_| Arc::new(tokio::sync::Notify::new())),
            mail_workers: mailer.as_ref().map(|_| {
                Arc::new(outbox::Workers::new(
                    outbox::RetryPolicy::from_config(&config.mail).grace(),
                ))
            }),
            fingerprint_keys: config
                .staff
                .id_keys
                .derive_secrets(application::FINGERPRINT_KEY_LABEL),
            staff,
            products,
        });
        Ok(Self {
            listener,
            metrics_listener,
            admission,
            state,
            config,
            mailer,
        })
    }

    /// The mail workers (when a transport is set): their health, and a stop for each.
    pub fn mail_workers(&self) -> Option<Arc<outbox::Workers>> {
        self.state.mail_workers.clone()
    }

    /// Starts one worker per mail queue: confirmations on the public pool, woken by each stored
    /// application; applicant emails on the staff pool, woken by each staff change; staff
    /// notices on the staff pool, polled (a notice is rare and may wait a poll interval).
    fn start_mail_workers(
        &self,
        mailer: &mailer::Mailer,
        workers: &Arc<outbox::Workers>,
    ) -> Vec<tokio::task::JoinHandle<()>> {
        let origin: Arc<str> = self.config.staff.public_origin.as_str().into();
        let setup = |pool: &deadpool_postgres::Pool, wake: Option<&Arc<tokio::sync::Notify>>| {
            outbox::WorkerSetup {
                pool: pool.clone(),
                mailer: mailer.clone(),
                policy: outbox::RetryPolicy::from_config(&self.config.mail),
                wake: wake.cloned().unwrap_or_default(),
                origin: origin.clone(),
            }
        };
        let staff = &self.state.staff;
        vec![
            workers.spawn(
                outbox::Queue::Confirmations,
                setup(&self.state.pool, self.state.mail_wake.as_ref()),
            ),
            workers.spawn(
                outbox::Queue::Applicant,
                setup(&staff.pool, staff.mail_wake.as_ref()),
            ),
            workers.spawn(outbox::Queue::Staff, setup(&staff.pool, None)),
        ]
    }

    /// Where `/metrics` is served, if anywhere.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics_listener
            .as_ref()
            .and_then(|listener| listener.local_addr().ok())
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// Serves until `shutdown` completes, then lets in-flight requests finish for at most the
    /// configured drain time, and closes the pool.
    pub async fn serve(mut self, shutdown: impl Future<Output = ()> + Send + 'static) {
        let hashes = security::inline_script_hashes(&self.config.static_dir);
        if !self.config.static_dir.join("index.html").is_file() {
            tracing::warn!(static_dir = %self.config.static_dir.display(), "STATIC_DIR has no index.html; is the site built?");
        }
        // The pages' rates against the catalog's announced changes (see `site_rates`).
        tokio::spawn(site_rates::watch(self.config.static_dir.clone()));
        let security_headers = Arc::new(security::security_headers(&hashes));
        let routes = filters::routes(
            self.state.clone(),
            self.config.static_dir.clone(),
            (*security_headers).clone(),
        );
        let service = warp::service(routes);
        let pruning = {
            let state = self.state.clone();
            tokio::spawn(async move {
                let mut every = tokio::time::interval(Duration::from_secs(60));
                loop {
                    every.tick().await;
                    // Half the interval: a run never overlaps the next.
                    let report = state
                        .limiter
                        .forget_idle(&state.pool, Duration::from_secs(30))
                        .await;
                    let figures = &metrics::METRICS;
                    figures.cleanup_deleted.inc_by(report.deleted);
                    figures.cleanup_lag_seconds.set(report.lag_seconds);
                    figures.cleanup_behind.set(i64::from(report.behind));
                }
            })
        };
        let timeouts = connection::Timeouts {
            header_read: self.config.header_read_timeout,
            idle: self.config.idle_timeout,
        };
        let graceful = hyper_util::server::graceful::GracefulShutdown::new();
        let (stop_metrics, metrics_stopped) = tokio::sync::watch::channel(false);
        let mail_workers = match (&self.mailer, &self.state.mail_workers) {
            (Some(mailer), Some(workers)) => self.start_mail_workers(mailer, workers),
            _ => Vec::new(),
        };
        let metrics_server = self.metrics_listener.take().map(|listener| {
            if let Ok(address) = listener.local_addr() {
                tracing::info!(%address, "metrics listening");
            }
            tokio::spawn(scrape::serve(listener, self.state.clone(), metrics_stopped))
        });
        tracing::info!(address = %self.local_addr(), "listening");
        let mut shutdown = std::pin::pin!(shutdown);
        loop {
            let (stream, peer) = tokio::select! {
                () = &mut shutdown => break,
                accepted = self.listener.accept() => match accepted {
                    Ok(pair) => pair,
                    Err(err) => {
                        // Out of file descriptors and the like: wait a moment rather than spin.
                        tracing::warn!(error = %err, "cannot accept a connection");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                },
            };
            let admitted = match self.admission.admit(peer.ip()) {
                Ok(admitted) => admitted,
                Err(refused) => {
                    metrics::METRICS
                        .connections_refused
                        .with_label_values(&[refused.as_str()])
                        .inc();
                    connection::turn_away(&stream, refused);
                    continue;
                }
            };
            metrics::METRICS.connections_open.inc();
            let serving = connection::serve(
                stream,
                peer,
                service.clone(),
                timeouts,
                security_headers.clone(),
                &graceful,
            );
            tokio::spawn(async move {
                serving.await;
                drop(admitted);
                metrics::METRICS.connections_open.dec();
            });
        }
        let drain = self.config.shutdown_drain;
        tracing::info!("shutting down: no new connections, draining requests");
        drop(self.listener);
        if tokio::time::timeout(drain, graceful.shutdown())
            .await
            .is_ok()
        {
            tracing::info!("all connections closed");
        } else {
            tracing::warn!(
                drain_seconds = drain.as_secs(),
                "drain time over; closing remaining connections"
            );
        }
        pruning.abort();
        if let Some(metrics_server) = metrics_server {
            metrics_server.abort();
        }
        let _ = stop_metrics.send(true);
        // Each mail worker finishes the email in hand (unsent ones wait in their queue).
        if let Some(workers) = &self.state.mail_workers {
            workers.stop_all();
        }
        for worker in mail_workers {
            let _ = tokio::time::timeout(drain, worker).await;
        }
        self.state.pool.close();
        self.state.staff.pool.close();
    }
}
