//! Personal data at rest: the start-up encryption of identification numbers stored before
//! they were encrypted, and `banksia-server purge`, the retention policy.

use banksia_core::review::Status;
use banksia_core::review::commands::{
    AuditRecord, EncryptionDetail, NoDetail, PurgeRunDetail, SystemRecord,
};
use deadpool_postgres::Pool;

use super::audit;
use crate::db::IdentificationAtRest;
use crate::id_keys::IdKeys;

/// Encrypts every identification number still stored in plaintext (rows from before
/// migration V13); each row in its own short transaction, audited once with the count.
pub async fn encrypt_stored_identification(pool: &Pool, keys: &IdKeys) -> Result<u64, String> {
    {
        let conn = pool.get().await.map_err(|e| e.to_string())?;
        let allowed: bool = conn
            .query_one(
                "SELECT has_column_privilege('account_applications', 'identification_number', 'UPDATE')
                        AS allowed",
                &[],
            )
            .await
            .and_then(|r| r.try_get("allowed"))
            .map_err(|e| e.to_string())?;
        if !allowed {
            tracing::warn!(
                "this database role is not granted banksia_staff: stored identification numbers are not checked for encryption, and the staff side cannot work"
            );
            return Ok(0);
        }
    }
    let mut done = 0u64;
    loop {
        let mut conn = pool.get().await.map_err(|e| e.to_string())?;
        let tx = conn.transaction().await.map_err(|e| e.to_string())?;
        let rows = tx
            .query(
                "SELECT id, reference, identification_number FROM account_applications
                 WHERE identification_number IS NOT NULL LIMIT 500 FOR UPDATE SKIP LOCKED",
                &[],
            )
            .await
            .map_err(|e| e.to_string())?;
        if rows.is_empty() {
            break;
        }
        for row in &rows {
            let id: i64 = row.try_get("id").map_err(|e| e.to_string())?;
            let reference: String = row.try_get("reference").map_err(|e| e.to_string())?;
            let number: String = row
                .try_get("identification_number")
                .map_err(|e| e.to_string())?;
            let sealed = IdentificationAtRest::seal(keys, &number, &reference)?;
            tx.execute(
                "UPDATE account_applications SET identification_number = NULL,
                     identification_ciphertext = $2, identification_key_id = $3,
                     identification_last3 = $4, identification_length = $5
                 WHERE id = $1",
                &[
                    &id,
                    &sealed.ciphertext,
                    &sealed.key_id,
                    &sealed.last3,
                    &sealed.length,
                ],
            )
            .await
            .map_err(|e| e.to_string())?;
        }
        done += rows.len() as u64;
        tx.commit().await.map_err(|e| e.to_string())?;
    }
    if done > 0 {
        let conn = pool.get().await.map_err(|e| e.to_string())?;
        let record = SystemRecord::IdentificationEncrypted(EncryptionDetail { rows: done });
        audit::record_system(&conn, &record)
            .await
            .map_err(|e| e.to_string())?;
    }
    Ok(done)
}

/// Where an applicant's personal data lives, keyed by the application's id (`$1`, `bigint[]`):
/// with [`ERASE_BY_REFERENCE`], the one list of every copy (ARCHITECTURE.md, "The staff side": `retention.rs`).
/// A table that gains personal data gains a line here; `server/tests/staff.rs`'s marker scan
/// fails until it does. The audit log holds references and staff actions only (queue searches
/// are stored keyed, never as typed); sessions and ceremonies hold no applicant data.
const ERASE_BY_ID: [&str; 10] = [
    // The application: every field the applicant typed, the ID number in every form, the
    // information request, and the idempotency key with its keyed fingerprint.
    "UPDATE account_applications SET
         first_name = NULL, last_name = NULL, email = NULL, phone = NULL,
         date_of_birth = NULL, address_line1 = NULL, address_line2 = NULL, city = NULL,
         postal_code = NULL, annual_income = NULL, employer_name = NULL,
         identification_number = NULL, identification_ciphertext = NULL,
         identification_key_id = NULL, identification_last3 = NULL,
         identification_length = NULL, information_request = NULL,
         idempotency_key = NULL, request_fingerprint = NULL,
         personal_data_erased_at = coalesce(personal_data_erased_at, now())
     WHERE id = ANY($1)",
    // Staff notes may quote the applicant.
    "UPDATE application_notes SET body = NULL WHERE application_id = ANY($1)",
    // So may recommendations' and decisions' rationales (V19); who and what stay.
    "UPDATE application_rationales SET rationale = NULL WHERE application_id = ANY($1)",
    // Status links: nothing personal in a token's hash, but no link outlives the data it shows.
    "DELETE FROM application_status_links WHERE application_id = ANY($1)",
    // The business and tax residency details (V18): the owners and the foreign residencies
    // before the rows they belong to; the TFN goes with its row.
    "DELETE FROM application_owners WHERE application_id = ANY($1)",
    "DELETE FROM application_businesses WHERE application_id = ANY($1)",
    "DELETE FROM application_foreign_tax_residencies WHERE application_id = ANY($1)",
    "DELETE FROM application_tax_residency WHERE application_id = ANY($1)",
    // The applicant's answers to information requests (V21): the documents go, sealed content
    // and all; the answer keeps only when it came.
    "DELETE FROM information_documents WHERE application_id = ANY($1)",
    "UPDATE information_responses SET message = NULL WHERE application_id = ANY($1)",
];

/// The copies keyed by the application's reference (`$1`, `text[]`): the emails, in every
/// state. An unsent one is given up, so no worker sends it afterwards.
const ERASE_BY_REFERENCE: [&str; 2] = [
    "UPDATE application_emails SET recipient = NULL, subject = NULL, text_body = NULL,
         html_body = NULL, last_error = NULL, locked_until = NULL,
         failed_at = CASE WHEN sent_at IS NULL THEN coalesce(failed_at, now()) END
     WHERE reference = ANY($1)",
    "UPDATE email_outbox SET recipient = NULL, first_name = NULL, last_error = NULL,
         locked_until = NULL,
         failed_at = CASE WHEN sent_at IS NULL THEN coalesce(failed_at, now()) END
     WHERE reference = ANY($1)",
];

/// Erases the personal data of the applications `ids` (whose references are `references`) in
/// `tx`: every copy [`ERASE_BY_ID`] and [`ERASE_BY_REFERENCE`] list.
pub async fn erase(
    tx: &deadpool_postgres::Transaction<'_>,
    ids: &[i64],
    references: &[String],
) -> Result<(), tokio_postgres::Error> {
    for statement in ERASE_BY_ID {
        tx.execute(statement, &[&ids]).await?;
    }
    for statement in ERASE_BY_REFERENCE {
        tx.execute(statement, &[&references]).await?;
    }
    Ok(())
}

/// `banksia-server purge`: erases the personal data of declined and withdrawn applications
/// decided more than `declined_after` ago, and of approved ones decided more than
/// `approved_after` ago, keeping the reference, account type, state, dates and decision.
/// Idempotent (an erased row is never matched again) and audited (one row per application and
/// one for the run, even when nothing was due). Returns the references erased.
pub async fn purge(
    pool: &Pool,
    declined_after: chrono::Duration,
    approved_after: chrono::Duration,
) -> Result<Vec<String>, String> {
    let mut conn = pool.get().await.map_err(|e| e.to_string())?;
    let tx = conn.transaction().await.map_err(|e| e.to_string())?;
    let declined = declined_after.num_seconds() as f64;
    let approved = approved_after.num_seconds() as f64;
    let rows = tx
        .query(
            "SELECT id, reference FROM account_applications
             WHERE personal_data_erased_at IS NULL AND decided_at IS NOT NULL AND (
                   (status = ANY($3) AND decided_at < now() - make_interval(secs => $1))
                OR (status = $4 AND decided_at < now() - make_interval(secs => $2)))
             ORDER BY id
             FOR UPDATE",
            &[
                &declined,
                &approved,
                &[Status::Declined, Status::Withdrawn].as_slice(),
                &Status::Approved,
            ],
        )
        .await
        .map_err(|e| e.to_string())?;
    let ids: Vec<i64> = rows
        .iter()
        .map(|r| r.try_get("id"))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let references: Vec<String> = rows
        .iter()
        .map(|r| r.try_get("reference"))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    erase(&tx, &ids, &references)
        .await
        .map_err(|e| e.to_string())?;
    for reference in &references {
        audit::record(&tx, None, reference, &AuditRecord::Purged(NoDetail {}))
            .await
            .map_err(|e| e.to_string())?;
    }
    let run = SystemRecord::PurgeRun(PurgeRunDetail {
        erased: references.len() as u64,
        declined_after_days: declined_after.num_days(),
        approved_after_days: approved_after.num_days(),
    });
    audit::record_system(&tx, &run)
        .await
        .map_err(|e| e.to_string())?;
    tx.commit().await.map_err(|e| e.to_string())?;
    Ok(references)
}
