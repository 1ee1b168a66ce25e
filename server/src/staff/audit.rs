//! The append-only, hash-chained staff audit log (`staff_audit`, migration V11).
//!
//! Each row is appended inside the transaction of the change it records, so the change and its
//! audit row commit together or not at all. Appends take a transaction-scoped advisory lock, so
//! two appends never link to the same previous row. The hash of a row is computed by the
//! database function `staff_audit_row_hash` over the previous row's hash and the row's fields;
//! [`verify`] recomputes every link and reports the first one that does not hold.

use deadpool_postgres::GenericClient;
use serde_json::Value;

/// Appends one row in a transaction of its own: for what has no change to go with (a refused
/// attempt, whose change was rolled back).
pub async fn append_alone(
    pool: &deadpool_postgres::Pool,
    staff_id: Option<i64>,
    action: &str,
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
            "SELECT (SELECT count(*) FROM staff_audit), encode(hash, 'hex')
             FROM staff_audit ORDER BY id DESC LIMIT 1",
            &[],
        )
        .await?
        .map(|r| (r.get(0), r.get(1))))
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
            "SELECT (SELECT count(*) FROM staff_audit b WHERE b.id <= a.id)
             FROM staff_audit a WHERE a.hash = decode($1, 'hex')",
            &[&head.to_ascii_lowercase()],
        )
        .await?
        .is_some_and(|r| rows.is_none_or(|n| r.get::<_, i64>(0) >= n)))
}

/// The chain's first `prev_hash`.
pub const GENESIS: [u8; 32] = [0; 32];
const LOCK: i64 = 0x0062_6b73_6175_6474; // "bksaudt"

/// Appends one row. Call it inside the transaction of the change it records.
pub async fn append<C: GenericClient>(
    client: &C,
    staff_id: Option<i64>,
    action: &str,
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
    Ok(row.get(0))
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
             FROM staff_audit ORDER BY id",
            &[],
        )
        .await?;
    let mut previous: Vec<u8> = GENESIS.to_vec();
    let mut count = 0;
    for row in &rows {
        let id: i64 = row.get(0);
        let prev_hash: Vec<u8> = row.get(1);
        let hash: Vec<u8> = row.get(2);
        let recomputed: Vec<u8> = row.get(3);
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
