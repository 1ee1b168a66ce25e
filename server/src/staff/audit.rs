//! The append-only, hash-chained staff audit log (`staff_audit`, migration V11).
//!
//! Each row is appended inside the transaction of the change it records, so the change and its
//! audit row commit together or not at all. Appends take a transaction-scoped advisory lock, so
//! two appends never link to the same previous row. The hash of a row is computed by the
//! database function `staff_audit_row_hash` over the previous row's hash and the row's fields;
//! [`verify`] recomputes every link and reports the first one that does not hold.

use banksia_core::review::commands::{AuditRecord, StaffRecord, SystemRecord};
use banksia_core::review::events::AuditEvent;
use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use serde_json::Value;

/// Appends one row in a transaction of its own: for what has no change to go with (a refused
/// attempt, whose change was rolled back).
pub async fn append_alone(
    pool: &deadpool_postgres::Pool,
    staff_id: Option<i64>,
    action: AuditEvent,
    application_reference: Option<&str>,
    detail: &Value,
) -> Result<i64, crate::db::DbError> {
    let mut conn = pool.get().await?;
    let tx = conn.transaction().await?;
    let id = append(&tx, staff_id, action, application_reference, detail).await?;
    tx.commit().await?;
    Ok(id)
}

/// The chain's head: its number of rows and its last row's hash (hex), none while it is empty.
/// Published in `/metrics` and the log, so a head recorded earlier can be checked later
/// ([`contains_head`]).
pub async fn head<C: GenericClient>(
    client: &C,
) -> Result<Option<(i64, String)>, tokio_postgres::Error> {
    Ok(client
        .query_opt(
            "SELECT (SELECT count(*) FROM staff_audit) AS rows, encode(hash, 'hex') AS head
             FROM staff_audit ORDER BY id DESC LIMIT 1",
            &[],
        )
        .await?
        .map(|r| (r.get("rows"), r.get("head"))))
}

/// True when a row of the chain has the hash `head` (hex) and at least `rows` rows lead up to
/// and include it: a chain cut back past a head recorded earlier fails this.
pub async fn contains_head<C: GenericClient>(
    client: &C,
    head: &str,
    rows: Option<i64>,
) -> Result<bool, tokio_postgres::Error> {
    Ok(client
        .query_opt(
            "SELECT (SELECT count(*) FROM staff_audit b WHERE b.id <= a.id) AS rows
             FROM staff_audit a WHERE a.hash = decode($1, 'hex')",
            &[&head.to_ascii_lowercase()],
        )
        .await?
        .is_some_and(|r| rows.is_none_or(|n| r.get::<_, i64>("rows") >= n)))
}

/// The chain's first `prev_hash`.
pub const GENESIS: [u8; 32] = [0; 32];
const LOCK: i64 = 0x0062_6b73_6175_6474; // "bksaudt"

/// Appends one row. Call it inside the transaction of the change it records.
pub async fn append<C: GenericClient>(
    client: &C,
    staff_id: Option<i64>,
    action: AuditEvent,
    application_reference: Option<&str>,
    detail: &Value,
) -> Result<i64, tokio_postgres::Error> {
    client
        .execute("SELECT pg_advisory_xact_lock($1)", &[&LOCK])
        .await?;
    let row = client
        .query_one(
            "WITH prev AS (
                 SELECT coalesce((SELECT hash FROM staff_audit ORDER BY id DESC LIMIT 1), $5) AS hash
             ), new AS (
                 SELECT nextval(pg_get_serial_sequence('staff_audit', 'id')) AS id,
                        clock_timestamp() AS at
             )
             INSERT INTO staff_audit (id, at, staff_id, action, application_reference, detail, prev_hash, hash)
             OVERRIDING SYSTEM VALUE
             SELECT new.id, new.at, $1, $2, $3, $4, prev.hash,
                    staff_audit_row_hash(prev.hash, new.id, new.at, $1, $2, $3, $4)
             FROM prev, new
             RETURNING id",
            &[
                &staff_id,
                &action,
                &application_reference,
                detail,
                &GENESIS.as_slice(),
            ],
        )
        .await?;
    row.try_get("id")
}

/// Appends a case command's row as core decided it ([`AuditRecord`]): its event, and its typed
/// detail as the row's JSON. Call it inside the transaction of the change it records.
pub async fn record<C: GenericClient>(
    client: &C,
    staff_id: Option<i64>,
    application_reference: &str,
    record: &AuditRecord,
) -> Result<i64, tokio_postgres::Error> {
    // Plain data (ids, codes, strings): it always serialises.
    let detail = serde_json::to_value(record).expect("an audit record serialises");
    append(
        client,
        staff_id,
        record.event(),
        Some(application_reference),
        &detail,
    )
    .await
}

/// Appends a row about a staff account or an administration command as core types it
/// ([`StaffRecord`]): `staff_id` is who did it (none for the command line).
pub async fn record_staff<C: GenericClient>(
    client: &C,
    staff_id: Option<i64>,
    record: &StaffRecord,
) -> Result<i64, tokio_postgres::Error> {
    // Plain data (ids, codes, counts, emails): it always serialises.
    let detail = serde_json::to_value(record).expect("an audit record serialises");
    append(client, staff_id, record.event(), None, &detail).await
}

/// [`record_staff`] in a transaction of its own: for a refused attempt, whose change was
/// rolled back.
pub async fn record_staff_alone(
    pool: &deadpool_postgres::Pool,
    staff_id: Option<i64>,
    record: &StaffRecord,
) -> Result<i64, crate::db::DbError> {
    let detail = serde_json::to_value(record).expect("an audit record serialises");
    append_alone(pool, staff_id, record.event(), None, &detail).await
}

/// Appends a row the server writes on its own ([`SystemRecord`]): no staff member, no
/// application.
pub async fn record_system<C: GenericClient>(
    client: &C,
    record: &SystemRecord,
) -> Result<i64, tokio_postgres::Error> {
    // Counts only: it always serialises.
    let detail = serde_json::to_value(record).expect("an audit record serialises");
    append(client, None, record.event(), None, &detail).await
}

/// The audit log's filter, already checked.
#[derive(Debug)]
pub struct PageFilter {
    pub event: Option<AuditEvent>,
    /// A reference in core's canonical form.
    pub reference: Option<String>,
    /// A staff member's email, lower-cased.
    pub staff_email: Option<String>,
    /// Rows older than this id (the previous page's last).
    pub before: Option<i64>,
    /// Rows at or after this moment.
    pub from: Option<DateTime<Utc>>,
    /// Rows before this moment.
    pub until: Option<DateTime<Utc>>,
    pub limit: i64,
}

/// One row of the log as staff read it.
#[derive(Debug)]
pub struct Record {
    pub id: i64,
    pub at: DateTime<Utc>,
    pub staff_email: Option<String>,
    pub event: AuditEvent,
    pub application_reference: Option<String>,
    pub detail: Value,
}

/// One page of the log, newest first (keyset on the id, which is the chain's order).
pub async fn page<C: GenericClient>(
    client: &C,
    filter: &PageFilter,
) -> Result<Vec<Record>, tokio_postgres::Error> {
    client
        .query(
            "SELECT a.id, a.at, s.email, a.action, a.application_reference, a.detail
             FROM staff_audit a LEFT JOIN staff s ON s.id = a.staff_id
             WHERE ($1::text IS NULL OR a.action = $1)
               AND ($2::text IS NULL OR a.application_reference = $2)
               AND ($3::text IS NULL OR a.staff_id = (SELECT id FROM staff WHERE email = $3))
               AND ($4::bigint IS NULL OR a.id < $4)
               AND ($6::timestamptz IS NULL OR a.at >= $6)
               AND ($7::timestamptz IS NULL OR a.at < $7)
             ORDER BY a.id DESC
             LIMIT $5",
            &[
                &filter.event,
                &filter.reference,
                &filter.staff_email,
                &filter.before,
                &filter.limit,
                &filter.from,
                &filter.until,
            ],
        )
        .await?
        .iter()
        .map(|row| {
            Ok(Record {
                id: row.try_get("id")?,
                at: row.try_get("at")?,
                staff_email: row.try_get("email")?,
                event: row.try_get("action")?,
                application_reference: row.try_get("application_reference")?,
                detail: row.try_get("detail")?,
            })
        })
        .collect()
}

/// The outcome of [`verify`].
#[derive(Debug, PartialEq, Eq)]
pub enum Verification {
    /// Every link holds: the number of rows and the last row's hash (record it elsewhere: a
    /// chain proves nothing about rows removed from its end).
    Intact { rows: i64, head: Option<Vec<u8>> },
    /// The first row whose link or hash does not hold, and why.
    Broken { id: i64, reason: &'static str },
}

/// Walks the whole chain in id order.
pub async fn verify<C: GenericClient>(client: &C) -> Result<Verification, tokio_postgres::Error> {
    let rows = client
        .query(
            "SELECT id, prev_hash, hash,
                    staff_audit_row_hash(prev_hash, id, at, staff_id, action, application_reference, detail)
                        AS recomputed
             FROM staff_audit ORDER BY id",
            &[],
        )
        .await?;
    let mut previous: Vec<u8> = GENESIS.to_vec();
    let mut count = 0;
    for row in &rows {
        let id: i64 = row.try_get("id")?;
        let prev_hash: Vec<u8> = row.try_get("prev_hash")?;
        let hash: Vec<u8> = row.try_get("hash")?;
        let recomputed: Vec<u8> = row.try_get("recomputed")?;
        if prev_hash != previous {
            return Ok(Verification::Broken {
                id,
                reason: "its previous-row hash does not match the row before it (a row was removed or inserted)",
            });
        }
        if hash != recomputed {
            return Ok(Verification::Broken {
                id,
                reason: "its hash does not match its content (the row was edited)",
            });
        }
        previous = hash;
        count += 1;
    }
    Ok(Verification::Intact {
        rows: count,
        head: (count > 0).then_some(previous),
    })
}
