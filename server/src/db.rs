//! PostgreSQL: the connection pool, the migrations, and the two statements the API needs.
//!
//! Nothing here reads an application back beyond what an idempotent replay must return
//! (reference, status, time, body fingerprint): the API has no way to list or fetch applications.

use std::time::Duration;

use chrono::{DateTime, NaiveDate, Utc};
use deadpool_postgres::{Manager, ManagerConfig, Pool, PoolError, RecyclingMethod, Runtime};
use rust_decimal::Decimal;
use tokio_postgres::NoTls;
use tokio_postgres::error::SqlState;

/// How long a request may wait for a free pooled connection (all busy: the database is slow).
const POOL_WAIT: Duration = Duration::from_millis(1200);
/// How long making a new connection, or checking a pooled one, may take.
const CONNECT_TIMEOUT: Duration = Duration::from_millis(1000);
/// The whole of one database operation, so a hung server still yields a 503 within 2 s.
pub const OPERATION_DEADLINE: Duration = Duration::from_millis(1500);

mod embedded {
    refinery::embed_migrations!("../migrations");
}

/// The columns of a new `account_applications` row, already validated by banksia-core.
#[derive(Debug, Clone)]
pub struct NewApplication {
    pub application_type: &'static str,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub date_of_birth: NaiveDate,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    pub state: &'static str,
    pub postal_code: String,
    pub employment_status: &'static str,
    pub annual_income: Decimal,
    pub employer_name: Option<String>,
    pub identification_type: &'static str,
    pub identification_number: String,
    pub initial_deposit_amount: Decimal,
    pub terms_accepted: bool,
    pub marketing_consent: bool,
}

/// A client's retry token and the fingerprint of the body it was first sent with.
#[derive(Debug, Clone)]
pub struct Idempotency {
    pub key: String,
    pub fingerprint: [u8; 32],
}

/// What the client is told about a stored application.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    pub reference: String,
    pub status: String,
    pub submitted_at: DateTime<Utc>,
    /// A confirmation email to the applicant is in the outbox (queued with the row).
    pub email_queued: bool,
}

#[derive(Debug, PartialEq, Eq)]
pub enum InsertOutcome {
    /// A new row was committed.
    Created(Submission),
    /// The idempotency key was used before with the same body: the first answer again.
    Replayed(Submission),
    /// The idempotency key was used before with a different body.
    KeyReused,
}

/// Why a database operation failed. Never carries row data: a PostgreSQL error's detail can
/// quote the failing row, so only the SQLSTATE and constraint name are kept for the log.
#[derive(Debug)]
pub enum DbError {
    /// The database cannot be reached, is restarting, or did not answer in time.
    Unavailable(String),
    /// The statement failed for another reason (a bug or a schema mismatch).
    Query {
        code: String,
        constraint: Option<String>,
    },
    /// The generated reference collided with an existing one.
    DuplicateReference,
}

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Unavailable(why) => write!(f, "database unavailable: {why}"),
            Self::Query { code, constraint } => {
                write!(f, "database error SQLSTATE {code}")?;
                if let Some(constraint) = constraint {
                    write!(f, " on constraint {constraint}")?;
                }
                Ok(())
            }
            Self::DuplicateReference => f.write_str("duplicate reference"),
        }
    }
}

impl std::error::Error for DbError {}

impl From<tokio_postgres::Error> for DbError {
    fn from(err: tokio_postgres::Error) -> Self {
        let Some(db) = err.as_db_error() else {
            // I/O, closed connection, protocol: the database went away under us.
            return Self::Unavailable(if err.is_closed() {
                "connection closed".into()
            } else {
                "connection error".into()
            });
        };
        let code = db.code();
        let unavailable = [
            SqlState::ADMIN_SHUTDOWN,
            SqlState::CRASH_SHUTDOWN,
            SqlState::CANNOT_CONNECT_NOW,
            SqlState::TOO_MANY_CONNECTIONS,
            SqlState::QUERY_CANCELED,
            SqlState::READ_ONLY_SQL_TRANSACTION,
        ];
        if unavailable.contains(code) || code.code().starts_with("08") {
            return Self::Unavailable(format!("SQLSTATE {}", code.code()));
        }
        if *code == SqlState::UNIQUE_VIOLATION
            && db.constraint() == Some("account_applications_reference_key")
        {
            return Self::DuplicateReference;
        }
        Self::Query {
            code: code.code().to_owned(),
            constraint: db.constraint().map(str::to_owned),
        }
    }
}

impl From<PoolError> for DbError {
    fn from(err: PoolError) -> Self {
        match err {
            PoolError::Backend(err) => err.into(),
            PoolError::Timeout(kind) => Self::Unavailable(format!("pool timeout ({kind:?})")),
            PoolError::Closed => Self::Unavailable("pool closed".into()),
            PoolError::NoRuntimeSpecified => Self::Unavailable("pool has no runtime".into()),
            PoolError::PostCreateHook(_) => Self::Unavailable("pool hook failed".into()),
        }
    }
}

/// A pool whose every wait is bounded, so an outage turns into quick 503s rather than hung
/// requests, and whose dead connections are dropped on checkout (a restart is survived).
pub fn create_pool(database_url: &str, max_size: usize) -> Result<Pool, String> {
    let mut pg: tokio_postgres::Config = database_url
        .parse()
        .map_err(|_| "DATABASE_URL is not a valid PostgreSQL connection string".to_owned())?;
    pg.connect_timeout(CONNECT_TIMEOUT);
    pg.keepalives(true);
    pg.keepalives_idle(Duration::from_secs(30));
    pg.tcp_user_timeout(Duration::from_secs(5));
    if pg.get_application_name().is_none() {
        pg.application_name("banksia-server");
    }
    let manager = Manager::from_config(
        pg,
        NoTls,
        ManagerConfig {
            recycling_method: RecyclingMethod::Fast,
        },
    );
    Pool::builder(manager)
        .max_size(max_size)
        .runtime(Runtime::Tokio1)
        .wait_timeout(Some(POOL_WAIT))
        .create_timeout(Some(CONNECT_TIMEOUT))
        .recycle_timeout(Some(CONNECT_TIMEOUT))
        .build()
        .map_err(|e| format!("cannot build the connection pool: {e}"))
}

/// Applies the embedded migrations, one server at a time (an advisory lock serialises
/// instances started together). A role that may not create tables (such as one granted only
/// `banksia_api`) cannot apply them: it checks that every migration is already applied instead.
pub async fn migrate(pool: &Pool) -> Result<Vec<String>, Box<dyn std::error::Error + Send + Sync>> {
    const LOCK: i64 = 0x0062_616e_6b73_6961; // "banksia"
    let mut conn = pool.get().await?;
    let can_create: bool = conn
        .query_one(
            "SELECT has_schema_privilege(current_schema(), 'CREATE')",
            &[],
        )
        .await?
        .get(0);
    let runner = embedded::migrations::runner();
    if !can_create {
        let latest = runner
            .get_migrations()
            .iter()
            .map(|m| m.version())
            .max()
            .unwrap_or(0);
        let applied: Option<i32> = conn
            .query_one("SELECT max(version) FROM refinery_schema_history", &[])
            .await?
            .get(0);
        if applied.unwrap_or(0) < latest {
            return Err(format!(
                "migrations up to V{latest} are needed but this database role cannot apply them; \
                 run the server once as the schema owner"
            )
            .into());
        }
        return Ok(Vec::new());
    }
    conn.execute("SELECT pg_advisory_lock($1)", &[&LOCK])
        .await?;
    let client: &mut tokio_postgres::Client = &mut conn;
    let report = runner.run_async(client).await;
    conn.execute("SELECT pg_advisory_unlock($1)", &[&LOCK])
        .await?;
    Ok(report?
        .applied_migrations()
        .iter()
        .map(ToString::to_string)
        .collect())
}

/// `SELECT 1` within the operation deadline.
pub async fn ping(pool: &Pool) -> Result<(), DbError> {
    deadline(async {
        let conn = pool.get().await?;
        conn.query_one("SELECT 1", &[]).await?;
        Ok(())
    })
    .await
}

// One statement, so the application and its confirmation email (when `$23`) are stored
// atomically: the outbox row exists exactly when the application row was inserted.
const INSERT: &str = "\
WITH application AS (
    INSERT INTO account_applications (
        reference, idempotency_key, request_fingerprint,
        application_type, first_name, last_name, email, phone, date_of_birth,
        address_line1, address_line2, city, state, postal_code,
        employment_status, annual_income, employer_name, identification_type, identification_number,
        initial_deposit_amount, terms_accepted, marketing_consent
    ) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING reference, status, created_at
), email AS (
    INSERT INTO email_outbox (reference, recipient, first_name)
    SELECT reference, $7, $5 FROM application WHERE $23
    RETURNING reference
)
SELECT reference, status, created_at, EXISTS (SELECT 1 FROM email) FROM application";

const FIND_BY_KEY: &str = "\
SELECT a.reference, a.status, a.created_at,
       EXISTS (SELECT 1 FROM email_outbox o WHERE o.reference = a.reference), a.request_fingerprint
FROM account_applications a WHERE a.idempotency_key = $1";

/// Inserts the application (committed when this returns `Created`), or, when the idempotency
/// key is taken, tells whether this is a replay of the same body.
///
/// Two concurrent requests with one key: PostgreSQL makes the second `INSERT … ON CONFLICT`
/// wait for the first to commit, then do nothing, so exactly one row is written and the second
/// reads it back.
pub async fn insert_application(
    pool: &Pool,
    reference: &str,
    app: &NewApplication,
    idempotency: Option<&Idempotency>,
) -> Result<InsertOutcome, DbError> {
    insert_application_and_email(pool, reference, app, idempotency, false).await
}

/// [`insert_application`], queueing the applicant's confirmation email in the same statement
/// when `queue_email` (a mail transport is configured).
pub async fn insert_application_and_email(
    pool: &Pool,
    reference: &str,
    app: &NewApplication,
    idempotency: Option<&Idempotency>,
    queue_email: bool,
) -> Result<InsertOutcome, DbError> {
    deadline(async {
        let conn = pool.get().await?;
        let insert = conn.prepare_cached(INSERT).await?;
        let key = idempotency.map(|i| i.key.as_str());
        let fingerprint = idempotency.map(|i| &i.fingerprint[..]);
        let rows = conn
            .query(
                &insert,
                &[
                    &reference,
                    &key,
                    &fingerprint,
                    &app.application_type,
                    &app.first_name,
                    &app.last_name,
                    &app.email,
                    &app.phone,
                    &app.date_of_birth,
                    &app.address_line1,
                    &app.address_line2,
                    &app.city,
                    &app.state,
                    &app.postal_code,
                    &app.employment_status,
                    &app.annual_income,
                    &app.employer_name,
                    &app.identification_type,
                    &app.identification_number,
                    &app.initial_deposit_amount,
                    &app.terms_accepted,
                    &app.marketing_consent,
                    &queue_email,
                ],
            )
            .await?;
        if let Some(row) = rows.first() {
            return Ok(InsertOutcome::Created(submission(row)?));
        }
        let Some(idempotency) = idempotency else {
            return Err(DbError::Query {
                code: "no row returned".into(),
                constraint: None,
            });
        };
        let find = conn.prepare_cached(FIND_BY_KEY).await?;
        let row = conn.query_one(&find, &[&idempotency.key]).await?;
        let stored: &[u8] = row.try_get(4)?;
        if stored == idempotency.fingerprint {
            Ok(InsertOutcome::Replayed(submission(&row)?))
        } else {
            Ok(InsertOutcome::KeyReused)
        }
    })
    .await
}

fn submission(row: &tokio_postgres::Row) -> Result<Submission, tokio_postgres::Error> {
    Ok(Submission {
        reference: row.try_get(0)?,
        status: row.try_get(1)?,
        submitted_at: row.try_get(2)?,
        email_queued: row.try_get(3)?,
    })
}

async fn deadline<T>(op: impl Future<Output = Result<T, DbError>>) -> Result<T, DbError> {
    tokio::time::timeout(OPERATION_DEADLINE, op)
        .await
        .unwrap_or_else(|_| Err(DbError::Unavailable("operation deadline exceeded".into())))
}
