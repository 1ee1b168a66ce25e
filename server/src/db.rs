//! PostgreSQL: the connection pool, the migrations, and the two statements the API needs.
//!
//! Nothing here reads an application back beyond what an idempotent replay must return
//! (reference, status, time, body fingerprint): the API has no way to list or fetch applications.

use std::time::Duration;

use banksia_core::application::AccountApplication;
use banksia_core::application::details::{Address, CustomerDetails, ForeignResidency};
use chrono::{DateTime, Utc};
use deadpool_postgres::{Manager, ManagerConfig, Pool, PoolError, RecyclingMethod, Runtime};
use tokio_postgres::NoTls;
use tokio_postgres::error::SqlState;

/// How long a request may wait for a free pooled connection (all busy: the database is slow).
const POOL_WAIT: Duration = Duration::from_millis(1200);
/// How long making a new connection, or checking a pooled one, may take.
const CONNECT_TIMEOUT: Duration = Duration::from_millis(1000);
/// The whole of one database operation, so a hung server still yields a 503 within 2 s.
pub const OPERATION_DEADLINE: Duration = Duration::from_millis(1500);
/// PostgreSQL's own bound on every statement of the pool's sessions (`statement_timeout`),
/// shorter than [`OPERATION_DEADLINE`]: a statement that waits (on a lock, on I/O) is cancelled
/// by the database, so an insert the server has given up on cannot commit later.
pub const STATEMENT_TIMEOUT: Duration = Duration::from_millis(1000);
/// How long a statement may wait for a lock (`lock_timeout`).
pub const LOCK_TIMEOUT: Duration = Duration::from_millis(800);

mod embedded {
    refinery::embed_migrations!("../migrations");
}

/// The identification number as stored: encrypted ([`crate::id_keys`]), with its
/// key's id, and the last three characters and the length the masked view shows. The plaintext
/// is never written to the table.
#[derive(Debug, Clone)]
pub struct IdentificationAtRest {
    pub ciphertext: Vec<u8>,
    pub key_id: String,
    pub last3: String,
    pub length: i32,
}

impl IdentificationAtRest {
    /// Encrypts `number` for the row of `reference`.
    pub fn seal(
        keys: &crate::id_keys::IdKeys,
        number: &str,
        reference: &str,
    ) -> Result<Self, String> {
        let sealed = keys.seal(number, reference)?;
        let parts = banksia_core::review::MaskParts::of(number);
        Ok(Self {
            ciphertext: sealed.ciphertext,
            key_id: sealed.key_id,
            last3: parts.last3,
            length: i32::try_from(parts.length).map_err(|e| e.to_string())?,
        })
    }
}

/// The associated data the TFN of the application `reference` is sealed with: the reference,
/// as for the identification number, and which number it is, so neither ciphertext opens in
/// the other's place.
pub fn tfn_associated_data(reference: &str) -> String {
    format!("{reference}#tfn")
}

/// An application's business and tax residency details (core's checked record) as the insert
/// binds them: the business, its owners and the foreign tax residencies as JSON rows named by
/// column, the TFN encrypted as the identification number is ([`IdentificationAtRest`]).
#[derive(Debug, Clone)]
pub struct DetailsAtRest {
    pub business: Option<serde_json::Value>,
    pub owners: serde_json::Value,
    pub tfn: Option<IdentificationAtRest>,
    pub business_asked: bool,
    pub foreign_residencies: serde_json::Value,
}

impl DetailsAtRest {
    /// The rows of `details`, the TFN sealed for the application `reference`.
    pub fn seal(
        keys: &crate::id_keys::IdKeys,
        details: &CustomerDetails,
        reference: &str,
    ) -> Result<Self, String> {
        use serde_json::json;
        let address = |address: &Address| {
            json!({
                "address_line1": address.line1,
                "address_line2": address.line2,
                "city": address.city,
                "state": address.state.as_str(),
                "postal_code": address.postal_code,
            })
        };
        let with = |mut row: serde_json::Value, more: serde_json::Value| {
            if let (Some(row), serde_json::Value::Object(more)) = (row.as_object_mut(), more) {
                row.extend(more);
            }
            row
        };
        let business = details.business.as_ref();
        let owners = business.map_or(&[][..], |business| &business.owners[..]);
        let tax = &details.tax_residency;
        let residencies = |resident: &str, list: &[ForeignResidency]| {
            list.iter()
                .enumerate()
                .map(|(position, residency)| {
                    json!({
                        "resident": resident,
                        "position": position,
                        "country": residency.country.code(),
                        "tin": residency.tin,
                        "no_tin_reason": residency.no_tin_reason.map(|reason| reason.as_str()),
                        "no_tin_explanation": residency.no_tin_explanation,
                    })
                })
                .collect::<Vec<_>>()
        };
        let mut foreign = residencies("applicant", &tax.countries);
        foreign.extend(residencies(
            "business",
            tax.business_countries.as_deref().unwrap_or_default(),
        ));
        let tfn = match &tax.tfn {
            Some(tfn) => Some(IdentificationAtRest::seal(
                keys,
                tfn.digits(),
                &tfn_associated_data(reference),
            )?),
            None => None,
        };
        Ok(Self {
            business: business.map(|business| {
                with(
                    json!({
                        "entity_type": business.entity_type.as_str(),
                        "legal_name": business.legal_name,
                        "trading_name": business.trading_name,
                        "abn": business.abn.digits(),
                        "acn": business.acn.as_ref().map(|acn| acn.digits()),
                        "nature_of_business": business.nature_of_business.as_str(),
                        "applicant_role": business.applicant_role.as_str(),
                    }),
                    address(&business.address),
                )
            }),
            owners: owners
                .iter()
                .enumerate()
                .map(|(position, owner)| {
                    with(
                        json!({
                            "position": position,
                            "full_name": owner.full_name,
                            "date_of_birth": owner.date_of_birth,
                            "role": owner.role.as_str(),
                            "ownership_percent": owner.ownership_percent.to_string(),
                        }),
                        address(&owner.address),
                    )
                })
                .collect(),
            tfn,
            business_asked: tax.business_countries.is_some(),
            foreign_residencies: foreign.into(),
        })
    }
}

/// A client's retry token and the keyed fingerprint of the body it was first sent with.
#[derive(Debug, Clone)]
pub struct Idempotency {
    pub key: String,
    /// Under the current key: the one stored.
    pub fingerprint: [u8; 32],
    /// Under the keys still listed after a rotation: a stored one matching any is a retry.
    pub earlier_fingerprints: Vec<[u8; 32]>,
}

impl Idempotency {
    /// True when `stored` is this body's fingerprint under any configured key.
    pub fn matches(&self, stored: &[u8]) -> bool {
        stored == self.fingerprint || self.earlier_fingerprints.iter().any(|f| f == stored)
    }
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
#[derive(Debug, Clone)]
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
    /// The insert was sent but no answer came (deadline, connection lost): it may have been
    /// committed. A retry with the same idempotency key tells.
    OutcomeUnknown(String),
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
            Self::OutcomeUnknown(why) => write!(f, "insert outcome unknown: {why}"),
        }
    }
}

impl std::error::Error for DbError {}

impl From<tokio_postgres::Error> for DbError {
    fn from(err: tokio_postgres::Error) -> Self {
        match err.as_db_error() {
            Some(db) => Self::from_db(db),
            // I/O, closed connection, protocol: the database went away under us.
            None => Self::Unavailable(if err.is_closed() {
                "connection closed".into()
            } else {
                "connection error".into()
            }),
        }
    }
}

impl DbError {
    fn from_db(db: &tokio_postgres::error::DbError) -> Self {
        let code = db.code();
        let unavailable = [
            SqlState::ADMIN_SHUTDOWN,
            SqlState::CRASH_SHUTDOWN,
            SqlState::CANNOT_CONNECT_NOW,
            SqlState::TOO_MANY_CONNECTIONS,
            SqlState::QUERY_CANCELED,
            SqlState::LOCK_NOT_AVAILABLE,
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
    let bounds = format!(
        "-c statement_timeout={} -c lock_timeout={} -c idle_in_transaction_session_timeout=5000",
        STATEMENT_TIMEOUT.as_millis(),
        LOCK_TIMEOUT.as_millis()
    );
    let options = match pg.get_options() {
        Some(given) => format!("{given} {bounds}"),
        None => bounds,
    };
    pg.options(&options);
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

/// Why the migrations could not be applied.
#[derive(Debug)]
pub enum MigrateError {
    /// The database cannot be reached yet (starting, restarting): worth retrying.
    NotReady(String),
    /// Retrying cannot help (a permission, a missing role, a broken migration): the message
    /// carries the SQLSTATE when PostgreSQL gave one.
    Fatal(String),
}

impl std::fmt::Display for MigrateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotReady(why) | Self::Fatal(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for MigrateError {}

impl MigrateError {
    /// Reads an error from the pool, tokio-postgres or refinery (which wraps tokio-postgres's).
    fn classify(err: &(dyn std::error::Error + 'static)) -> Self {
        let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(err);
        while let Some(current) = cause {
            if let Some(pool) = current.downcast_ref::<PoolError>() {
                return match pool {
                    PoolError::Backend(pg) => Self::classify(pg),
                    other => Self::NotReady(other.to_string()),
                };
            }
            if let Some(pg) = current.downcast_ref::<tokio_postgres::Error>() {
                let Some(db) = pg.as_db_error() else {
                    return Self::NotReady(format!("{err}"));
                };
                let text = format!("{err}: SQLSTATE {} {}", db.code().code(), db.message());
                return match DbError::from_db(db) {
                    DbError::Unavailable(_) => Self::NotReady(text),
                    _ => Self::Fatal(text),
                };
            }
            cause = current.source();
        }
        Self::Fatal(err.to_string())
    }
}

/// Applies the embedded migrations, one server at a time (an advisory lock serialises
/// instances started together). A role that may not create tables (such as one granted only
/// `banksia_api`) cannot apply them: it checks that every migration is already applied instead.
///
/// The migrations need no superuser: the database's owner applies them, provided the role
/// `banksia_api` exists (created once by an administrator: `CREATE ROLE banksia_api NOLOGIN`).
/// An error retrying cannot mend (such as SQLSTATE 42501, insufficient privilege) is
/// [`MigrateError::Fatal`].
pub async fn migrate(pool: &Pool) -> Result<Vec<String>, MigrateError> {
    let mut conn = pool.get().await.map_err(|e| MigrateError::classify(&e))?;
    let result = migrate_on(&mut conn).await;
    if result.is_err() {
        // The session may hold the advisory lock or a failed transaction: don't reuse it.
        let _ = deadpool_postgres::Object::take(conn);
    }
    result
}

async fn migrate_on(conn: &mut deadpool_postgres::Object) -> Result<Vec<String>, MigrateError> {
    const LOCK: i64 = 0x0062_616e_6b73_6961; // "banksia"
    let fail = |e: tokio_postgres::Error| MigrateError::classify(&e);
    let can_create: bool = conn
        .query_one(
            "SELECT has_schema_privilege(current_schema(), 'CREATE')",
            &[],
        )
        .await
        .map_err(fail)?
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
            .await
            .map_err(fail)?
            .get(0);
        if applied.unwrap_or(0) < latest {
            return Err(MigrateError::Fatal(format!(
                "migrations up to V{latest} are needed but this database role cannot apply them; \
                 run the server once as the schema owner"
            )));
        }
        return Ok(Vec::new());
    }
    // The pool's statement and lock timeouts are for requests; waiting for another instance's
    // migrations (the advisory lock) and the migrations themselves may take longer.
    conn.batch_execute("SET statement_timeout = 0; SET lock_timeout = 0")
        .await
        .map_err(fail)?;
    conn.execute("SELECT pg_advisory_lock($1)", &[&LOCK])
        .await
        .map_err(fail)?;
    let client: &mut tokio_postgres::Client = conn;
    let report = runner.run_async(client).await;
    conn.execute("SELECT pg_advisory_unlock($1)", &[&LOCK])
        .await
        .map_err(fail)?;
    conn.batch_execute("RESET statement_timeout; RESET lock_timeout")
        .await
        .map_err(fail)?;
    Ok(report
        .map_err(|e| MigrateError::classify(&e))?
        .applied_migrations()
        .iter()
        .map(ToString::to_string)
        .collect())
}

/// The newest migration this build embeds.
pub fn latest_migration() -> i32 {
    embedded::migrations::runner()
        .get_migrations()
        .iter()
        .map(|m| m.version())
        .max()
        .unwrap_or(0)
}

/// The newest migration applied to the database, within the operation deadline.
pub async fn applied_migration(pool: &Pool) -> Result<i32, DbError> {
    deadline(async {
        let conn = pool.get().await?;
        let applied: Option<i32> = conn
            .query_one("SELECT max(version) FROM refinery_schema_history", &[])
            .await?
            .get(0);
        Ok(applied.unwrap_or(0))
    })
    .await
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

// One statement, so the application, its confirmation email (when one is queued) and its
// business and tax residency details are stored atomically: the outbox and details rows exist
// exactly when the application row was inserted. Parts an application has nothing for (no email
// queued, no business, no owners, no foreign residency) are left out of its statement rather
// than run on empty input: each costs PostgreSQL a planned and executed INSERT (benches/README.md).
const INSERT_APPLICATION: &str = "\
WITH application AS (
    INSERT INTO account_applications (
        reference, idempotency_key, request_fingerprint,
        application_type, first_name, last_name, email, phone, date_of_birth,
        address_line1, address_line2, city, state, postal_code,
        employment_status, annual_income, employer_name, identification_type,
        identification_ciphertext, identification_key_id, identification_last3, identification_length,
        initial_deposit_amount, terms_accepted, marketing_consent, terms_version, privacy_notice_version
    ) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
              $19, $20, $21, $22, $23, $24, $25, $26, $27)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING reference, submitted_status, created_at, id
)";

/// The parts after the application's, in the order their parameters are bound; `$?` is numbered
/// in that order by [`insert_statement`].
const INSERT_EMAIL: &str = ", email AS (
    INSERT INTO email_outbox (reference, recipient, first_name)
    SELECT reference, $7, $5 FROM application
    RETURNING reference
)";
const INSERT_TAX: &str = ", tax AS (
    INSERT INTO application_tax_residency (
        application_id, tfn_ciphertext, tfn_key_id, tfn_last3, tfn_length, business_asked
    )
    SELECT id, $?::bytea, $?::text, $?::text, $?::integer, $?::boolean FROM application
)";
const INSERT_BUSINESS: &str = ", business AS (
    INSERT INTO application_businesses (
        application_id, entity_type, legal_name, trading_name, abn, acn,
        address_line1, address_line2, city, state, postal_code, nature_of_business, applicant_role
    )
    SELECT a.id, b.entity_type, b.legal_name, b.trading_name, b.abn, b.acn,
           b.address_line1, b.address_line2, b.city, b.state, b.postal_code,
           b.nature_of_business, b.applicant_role
    FROM application a, jsonb_to_record($?::jsonb) AS b(
        entity_type text, legal_name text, trading_name text, abn text, acn text,
        address_line1 text, address_line2 text, city text, state text, postal_code text,
        nature_of_business text, applicant_role text)
)";
const INSERT_OWNERS: &str = ", owners AS (
    INSERT INTO application_owners (
        application_id, position, full_name, date_of_birth,
        address_line1, address_line2, city, state, postal_code, role, ownership_percent
    )
    SELECT a.id, o.position, o.full_name, o.date_of_birth,
           o.address_line1, o.address_line2, o.city, o.state, o.postal_code, o.role,
           o.ownership_percent
    FROM application a, jsonb_to_recordset($?::jsonb) AS o(
        position smallint, full_name text, date_of_birth date, address_line1 text,
        address_line2 text, city text, state text, postal_code text, role text,
        ownership_percent numeric)
)";
const INSERT_FOREIGN_RESIDENCIES: &str = ", foreign_residencies AS (
    INSERT INTO application_foreign_tax_residencies (
        application_id, resident, position, country, tin, no_tin_reason, no_tin_explanation
    )
    SELECT a.id, f.resident, f.position, f.country, f.tin, f.no_tin_reason, f.no_tin_explanation
    FROM application a, jsonb_to_recordset($?::jsonb) AS f(
        resident text, position smallint, country text, tin text, no_tin_reason text,
        no_tin_explanation text)
)";

/// Which of the optional parts an application's statement carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct InsertParts {
    email: bool,
    business: bool,
    owners: bool,
    foreign_residencies: bool,
}

impl InsertParts {
    fn index(self) -> usize {
        usize::from(self.email)
            | usize::from(self.business) << 1
            | usize::from(self.owners) << 2
            | usize::from(self.foreign_residencies) << 3
    }

    fn from_index(index: usize) -> Self {
        Self {
            email: index & 1 != 0,
            business: index & 2 != 0,
            owners: index & 4 != 0,
            foreign_residencies: index & 8 != 0,
        }
    }
}

/// The statement for `parts`: made once for each of the sixteen combinations, so each is a
/// fixed text the connection prepares once (`prepare_cached`).
fn insert_statement(parts: InsertParts) -> &'static str {
    static STATEMENTS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    &STATEMENTS.get_or_init(|| {
        (0..16)
            .map(|i| compose_insert(InsertParts::from_index(i)))
            .collect()
    })[parts.index()]
}

fn compose_insert(parts: InsertParts) -> String {
    let mut text = String::from(INSERT_APPLICATION);
    let optional = [
        (parts.email, INSERT_EMAIL),
        (true, INSERT_TAX),
        (parts.business, INSERT_BUSINESS),
        (parts.owners, INSERT_OWNERS),
        (parts.foreign_residencies, INSERT_FOREIGN_RESIDENCIES),
    ];
    let mut next = 28;
    for (included, part) in optional {
        if !included {
            continue;
        }
        let mut pieces = part.split("$?");
        text.push_str(pieces.next().unwrap_or_default());
        for piece in pieces {
            text.push_str(&format!("${next}"));
            next += 1;
            text.push_str(piece);
        }
    }
    let email_queued = if parts.email {
        "EXISTS (SELECT 1 FROM email)"
    } else {
        "false"
    };
    text.push_str(&format!(
        "\nSELECT reference, submitted_status, created_at, {email_queued} FROM application"
    ));
    text
}

const FIND_BY_KEY: &str = "\
SELECT a.reference, a.submitted_status, a.created_at,
       EXISTS (SELECT 1 FROM email_outbox o WHERE o.reference = a.reference), a.request_fingerprint
FROM account_applications a WHERE a.idempotency_key = $1";

/// One valid application ready to be stored: core's checked record, its secrets sealed for
/// `reference`, and what the insert needs besides.
#[derive(Debug)]
pub struct InsertJob {
    pub reference: String,
    pub application: std::sync::Arc<AccountApplication>,
    pub identification: IdentificationAtRest,
    pub details: DetailsAtRest,
    pub idempotency: Option<std::sync::Arc<Idempotency>>,
    /// Queue the applicant's confirmation email with the row (a mail transport is configured).
    pub queue_email: bool,
}

impl InsertJob {
    fn parts(&self) -> InsertParts {
        let has_rows =
            |rows: &serde_json::Value| rows.as_array().is_some_and(|rows| !rows.is_empty());
        InsertParts {
            email: self.queue_email,
            business: self.details.business.is_some(),
            owners: has_rows(&self.details.owners),
            foreign_residencies: has_rows(&self.details.foreign_residencies),
        }
    }
}

/// The values `job`'s statement binds, in the order of its parts (`compose_insert`).
/// `fields` holds the borrowed codes and optional values the list points into.
fn insert_params<'a>(
    job: &'a InsertJob,
    fields: &'a InsertFields<'a>,
) -> Vec<&'a (dyn tokio_postgres::types::ToSql + Sync)> {
    let app = &*job.application;
    let identification = &job.identification;
    let details = &job.details;
    let mut params: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> = vec![
        &job.reference,
        &fields.key,
        &fields.fingerprint,
        &fields.application_type,
        &app.first_name,
        &app.last_name,
        &app.email,
        &app.phone,
        &app.date_of_birth,
        &app.address_line1,
        &app.address_line2,
        &app.city,
        &fields.state,
        &app.postal_code,
        &fields.employment_status,
        &app.annual_income,
        &app.employer_name,
        &fields.identification_type,
        &identification.ciphertext,
        &identification.key_id,
        &identification.last3,
        &identification.length,
        &app.initial_deposit_amount,
        &app.terms_accepted,
        &app.marketing_consent,
        // The versions the application page showed: the same core's (V9).
        &banksia_core::disclosures::TERMS_VERSION,
        &banksia_core::disclosures::PRIVACY_NOTICE_VERSION,
        &fields.tfn_ciphertext,
        &fields.tfn_key_id,
        &fields.tfn_last3,
        &fields.tfn_length,
        &details.business_asked,
    ];
    let parts = job.parts();
    if let Some(business) = &details.business {
        params.push(business);
    }
    if parts.owners {
        params.push(&details.owners);
    }
    if parts.foreign_residencies {
        params.push(&details.foreign_residencies);
    }
    params
}

/// The values of a job the statement binds in another form than the record holds them.
struct InsertFields<'a> {
    key: Option<&'a str>,
    fingerprint: Option<&'a [u8]>,
    application_type: &'static str,
    state: &'static str,
    employment_status: &'static str,
    identification_type: &'static str,
    tfn_ciphertext: Option<&'a Vec<u8>>,
    tfn_key_id: Option<&'a String>,
    tfn_last3: Option<&'a String>,
    tfn_length: Option<i32>,
}

impl<'a> InsertFields<'a> {
    fn of(job: &'a InsertJob) -> Self {
        let app = &*job.application;
        let tfn = job.details.tfn.as_ref();
        Self {
            key: job.idempotency.as_deref().map(|i| i.key.as_str()),
            fingerprint: job.idempotency.as_deref().map(|i| &i.fingerprint[..]),
            application_type: app.application_type.as_str(),
            state: app.state.as_str(),
            employment_status: app.employment_status.as_str(),
            identification_type: app.identification_type.as_str(),
            tfn_ciphertext: tfn.map(|tfn| &tfn.ciphertext),
            tfn_key_id: tfn.map(|tfn| &tfn.key_id),
            tfn_last3: tfn.map(|tfn| &tfn.last3),
            tfn_length: tfn.map(|tfn| tfn.length),
        }
    }
}

/// The same error for each of `jobs`.
fn every(jobs: &[&InsertJob], error: &DbError) -> Vec<Result<InsertOutcome, DbError>> {
    jobs.iter().map(|_| Err(error.clone())).collect()
}

/// An error from a statement that was sent: PostgreSQL's own answer means it did not commit;
/// silence (a lost connection) means it may have.
fn after_sending(err: tokio_postgres::Error) -> DbError {
    if err.as_db_error().is_some() {
        DbError::from(err)
    } else {
        DbError::OutcomeUnknown(DbError::from(err).to_string())
    }
}

/// What a committed insert's returned rows mean: the new row, or (none, the idempotency key
/// was taken) the stored one read back, a replay when its body's fingerprint matches.
///
/// Two concurrent requests with one key: PostgreSQL makes the second `INSERT … ON CONFLICT`
/// wait for the first to commit, then do nothing, so exactly one row is written and the second
/// reads it back.
async fn outcome(
    conn: &deadpool_postgres::Client,
    job: &InsertJob,
    rows: &[tokio_postgres::Row],
) -> Result<InsertOutcome, DbError> {
    if let Some(row) = rows.first() {
        return Ok(InsertOutcome::Created(submission(row)?));
    }
    let Some(idempotency) = job.idempotency.as_deref() else {
        return Err(DbError::Query {
            code: "no row returned".into(),
            constraint: None,
        });
    };
    let find = conn.prepare_cached(FIND_BY_KEY).await?;
    let row = conn.query_one(&find, &[&idempotency.key]).await?;
    let stored: &[u8] = row.try_get(4)?;
    if idempotency.matches(stored) {
        Ok(InsertOutcome::Replayed(submission(&row)?))
    } else {
        Ok(InsertOutcome::KeyReused)
    }
}

/// Stores one application in its own statement (autocommit): `Created` once committed.
pub async fn insert_one(
    conn: &deadpool_postgres::Client,
    job: &InsertJob,
) -> Result<InsertOutcome, DbError> {
    let insert = conn.prepare_cached(insert_statement(job.parts())).await?;
    let fields = InsertFields::of(job);
    let rows = conn
        .query(&insert, &insert_params(job, &fields))
        .await
        .map_err(after_sending)?;
    outcome(conn, job, &rows).await
}

/// Stores several applications in one transaction: `BEGIN`, each one's statement and `COMMIT`
/// go out together (pipelined), so they cost one round trip and one commit between them.
/// Returns each job's outcome in order, or `None` when PostgreSQL refused one of them: then
/// nothing was committed and each is to be stored on its own (`insert_one`), so one bad
/// application never fails the others.
pub async fn insert_together(
    conn: &deadpool_postgres::Client,
    jobs: &[&InsertJob],
) -> Option<Vec<Result<InsertOutcome, DbError>>> {
    let mut statements = Vec::with_capacity(jobs.len());
    for job in jobs {
        match conn.prepare_cached(insert_statement(job.parts())).await {
            Ok(statement) => statements.push(statement),
            // Nothing sent yet: each job fails as the connection did.
            Err(err) => return Some(every(jobs, &DbError::from(err))),
        }
    }
    let fields: Vec<InsertFields> = jobs.iter().map(|job| InsertFields::of(job)).collect();
    let params: Vec<_> = jobs
        .iter()
        .zip(&fields)
        .map(|(job, fields)| insert_params(job, fields))
        .collect();
    // Each request is sent when its future is first polled; `join3` and `join_all` poll in
    // order, so the wire carries BEGIN, the inserts, COMMIT, in that order.
    let (begun, inserted, committed) = futures_util::future::join3(
        conn.batch_execute("BEGIN"),
        futures_util::future::join_all(
            statements
                .iter()
                .zip(&params)
                .map(|(statement, params)| conn.query(statement, params)),
        ),
        conn.batch_execute("COMMIT"),
    )
    .await;
    if let Err(err) = begun {
        if err.as_db_error().is_none() {
            return Some(every(
                jobs,
                &DbError::OutcomeUnknown("connection lost".into()),
            ));
        }
        // No transaction: each statement ran (and committed) on its own.
        return Some(outcomes(conn, jobs, inserted).await);
    }
    // A statement PostgreSQL refused aborts the transaction (COMMIT then ends it as a rollback):
    // nothing was stored. A lost connection without such a refusal leaves the commit unknown.
    let refused = inserted
        .iter()
        .any(|rows| rows.as_ref().is_err_and(|err| err.as_db_error().is_some()));
    let lost = inserted
        .iter()
        .filter_map(|rows| rows.as_ref().err())
        .chain(committed.as_ref().err())
        .any(|err| err.as_db_error().is_none());
    match (refused, lost) {
        (true, false) => return None,
        (true, true) => return Some(every(jobs, &DbError::Unavailable("connection lost".into()))),
        (false, true) => {
            return Some(every(
                jobs,
                &DbError::OutcomeUnknown("connection lost".into()),
            ));
        }
        // The commit itself refused: nothing was stored.
        (false, false) if committed.is_err() => return None,
        (false, false) => {}
    }
    Some(outcomes(conn, jobs, inserted).await)
}

/// Each job's outcome from its committed statement's rows, or from the error it got.
async fn outcomes(
    conn: &deadpool_postgres::Client,
    jobs: &[&InsertJob],
    inserted: Vec<Result<Vec<tokio_postgres::Row>, tokio_postgres::Error>>,
) -> Vec<Result<InsertOutcome, DbError>> {
    let mut outcomes = Vec::with_capacity(jobs.len());
    for (job, rows) in jobs.iter().zip(inserted) {
        outcomes.push(match rows {
            Ok(rows) => outcome(conn, job, &rows).await,
            Err(err) => Err(after_sending(err)),
        });
    }
    outcomes
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

#[cfg(test)]
mod tests {
    /// The statement the load bench's pgbench runs (`benches/load/insert.sql`).
    const BENCH_INSERT: &str = include_str!("../../benches/load/insert.sql");

    /// The names between the parentheses that follow `INSERT INTO account_applications`.
    fn inserted_columns(sql: &str) -> Vec<&str> {
        let (_, after) = sql
            .split_once("INSERT INTO account_applications (")
            .expect("an INSERT INTO account_applications");
        let (list, _) = after.split_once(')').expect("a closed column list");
        list.split(',').map(str::trim).collect()
    }

    /// The names after the first `RETURNING`, up to the end of its line.
    fn returned_columns(sql: &str) -> Vec<&str> {
        let (_, after) = sql.split_once("RETURNING ").expect("a RETURNING clause");
        let line = after.lines().next().unwrap().trim_end_matches(';');
        line.split(',').map(str::trim).collect()
    }

    /// The expressions of the `VALUES ( … )` list, split at its top-level commas.
    fn inserted_values(sql: &str) -> Vec<String> {
        let (_, after) = sql.split_once("VALUES (").expect("a VALUES list");
        let (mut values, mut current, mut depth, mut quoted) =
            (Vec::new(), String::new(), 0, false);
        for c in after.chars() {
            match c {
                '\'' => quoted = !quoted,
                '(' if !quoted => depth += 1,
                ')' if !quoted && depth == 0 => break,
                ')' if !quoted => depth -= 1,
                ',' if !quoted && depth == 0 => {
                    values.push(current.trim().to_owned());
                    current.clear();
                    continue;
                }
                _ => {}
            }
            current.push(c);
        }
        values.push(current.trim().to_owned());
        values
    }

    /// The server stores core's record as it is: every field of `AccountApplication` is a
    /// column of the INSERT under its own name (the identification number as its encrypted
    /// parts), and the load bench inserts exactly what core makes of the bench's body.
    #[test]
    fn cores_record_is_the_row_and_the_bench_inserts_what_core_makes_of_its_body() {
        use banksia_core::application::details::SubmissionInput;
        use banksia_core::application::validate_application;
        let body = include_str!("../../benches/load/valid.json");
        let input = serde_json::from_str::<SubmissionInput>(body)
            .unwrap()
            .application;
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 6).unwrap();
        let record = validate_application(&input, today).unwrap().application;
        let fields = serde_json::to_value(&record).unwrap();
        let columns = inserted_columns(super::INSERT_APPLICATION);
        let values = inserted_values(BENCH_INSERT);
        assert_eq!(values.len(), columns.len(), "{values:?}");
        let unquoted = |text: &str| text.trim_matches('\'').to_owned();
        for (name, value) in fields.as_object().unwrap() {
            if name == "identification_number" {
                assert!(columns.contains(&"identification_ciphertext"));
                continue;
            }
            let at = columns
                .iter()
                .position(|column| column == name)
                .unwrap_or_else(|| panic!("{name} is not a column of the INSERT"));
            let expected = match value {
                serde_json::Value::String(text) => text.clone(),
                serde_json::Value::Null => "NULL".to_owned(),
                other => other.to_string(),
            };
            assert_eq!(unquoted(&values[at]), expected, "{name}");
        }
    }

    /// Each `INSERT INTO` of a statement: the table and its column list.
    fn inserts(sql: &str) -> Vec<(String, Vec<String>)> {
        sql.split("INSERT INTO ")
            .skip(1)
            .map(|part| {
                let (table, after) = part.split_once('(').expect("a column list");
                let (list, _) = after.split_once(')').expect("a closed column list");
                let columns = list.split(',').map(|c| c.trim().to_owned()).collect();
                (table.trim().to_owned(), columns)
            })
            .collect()
    }

    #[test]
    fn the_load_bench_runs_the_servers_statement_for_its_body() {
        // valid.json: a personal account, no foreign residency; the bench's server queues no email.
        let server = super::compose_insert(super::InsertParts {
            email: false,
            business: false,
            owners: false,
            foreign_residencies: false,
        });
        assert_eq!(inserted_columns(&server).len(), 27);
        assert_eq!(inserts(BENCH_INSERT), inserts(&server));
        assert_eq!(returned_columns(BENCH_INSERT), returned_columns(&server));
        let last_line = |sql: &str| {
            sql.trim_end()
                .trim_end_matches(';')
                .lines()
                .last()
                .unwrap()
                .to_owned()
        };
        assert_eq!(last_line(BENCH_INSERT), last_line(&server));
        let conflict = "ON CONFLICT (idempotency_key) DO NOTHING";
        assert!(server.contains(conflict));
        assert!(BENCH_INSERT.contains(conflict));
    }

    /// Every statement binds `$1` to `$n` with none missing (PostgreSQL can't type a parameter
    /// the text never uses), and `n` is what `insert_params` binds for those parts.
    #[test]
    fn each_composed_statement_numbers_its_parameters_in_order() {
        for index in 0..16 {
            let parts = super::InsertParts::from_index(index);
            assert_eq!(parts.index(), index);
            let text = super::insert_statement(parts);
            let bound = 32
                + usize::from(parts.business)
                + usize::from(parts.owners)
                + usize::from(parts.foreign_residencies);
            for n in 1..=bound {
                assert!(
                    text.contains(&format!("${n}")),
                    "${n} missing from {parts:?}"
                );
            }
            assert!(!text.contains(&format!("${}", bound + 1)), "{parts:?}");
            assert!(!text.contains("$?"), "{parts:?}");
            assert_eq!(text.contains("INSERT INTO email_outbox"), parts.email);
            assert_eq!(
                text.contains("INSERT INTO application_businesses"),
                parts.business
            );
            assert_eq!(
                text.contains("INSERT INTO application_owners"),
                parts.owners
            );
            assert_eq!(
                text.contains("INSERT INTO application_foreign_tax_residencies"),
                parts.foreign_residencies
            );
        }
    }
}
