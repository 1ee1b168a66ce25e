//! The applicant's answers to information requests as stored: the answer form's grant on a
//! status link, the answers (a message) and their documents (encrypted by the caller, read
//! back sealed). Every read returns core's types, never a row.

use banksia_core::review::Status;
use banksia_core::review::information::DocumentType;
use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use tokio_postgres::Error;

use crate::id_keys::Sealed;

/// Hands the opened status link `link_hash` an answer token (`answer_hash`), good for `minutes`
/// and for the information request the application is waiting on now (V23: the request is
/// known by when the application entered `information_requested`).
pub async fn grant_answer<C: GenericClient>(
    client: &C,
    link_hash: &[u8],
    answer_hash: &[u8],
    minutes: i32,
) -> Result<(), Error> {
    client
        .execute(
            "UPDATE application_status_links l
             SET answer_token_hash = $2, answer_expires_at = now() + make_interval(mins => $3),
                 answer_request_at = a.status_changed_at
             FROM account_applications a
             WHERE l.token_hash = $1 AND a.id = l.application_id",
            &[&link_hash, &answer_hash, &minutes],
        )
        .await?;
    Ok(())
}

/// What an answer token grants.
#[derive(Debug)]
pub struct Grant {
    pub application_id: i64,
    /// Still within its time.
    pub live: bool,
    /// Already used for an answer.
    pub used: bool,
    /// The information request the form was opened for (None for a form from before V23).
    pub request_at: Option<DateTime<Utc>>,
}

/// Whether a read takes row locks (inside the answer's transaction) or not (the check before
/// the documents are read).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lock {
    ForUpdate,
    None,
}

impl Lock {
    const fn clause(self) -> &'static str {
        match self {
            Self::ForUpdate => " FOR UPDATE",
            Self::None => "",
        }
    }
}

/// The grant of the answer token whose hash is `answer_hash`; `None` if there is none.
pub async fn grant<C: GenericClient>(
    client: &C,
    answer_hash: &[u8],
    lock: Lock,
) -> Result<Option<Grant>, Error> {
    client
        .query_opt(
            &format!(
                "SELECT application_id, answer_expires_at > now() AS live,
                        answered_at IS NOT NULL AS used, answer_request_at
                 FROM application_status_links WHERE answer_token_hash = $1{}",
                lock.clause()
            ),
            &[&answer_hash],
        )
        .await?
        .map(|row| {
            Ok(Grant {
                application_id: row.try_get("application_id")?,
                live: row.try_get("live")?,
                used: row.try_get("used")?,
                request_at: row.try_get("answer_request_at")?,
            })
        })
        .transpose()
}

/// Marks the grant used.
pub async fn use_grant<C: GenericClient>(client: &C, answer_hash: &[u8]) -> Result<(), Error> {
    client
        .execute(
            "UPDATE application_status_links SET answered_at = now() WHERE answer_token_hash = $1",
            &[&answer_hash],
        )
        .await?;
    Ok(())
}

/// The application an answer is for.
#[derive(Debug)]
pub struct Answered {
    pub reference: String,
    pub status: Status,
    pub erased: bool,
    pub account_type: banksia_core::application::AccountType,
    /// When it entered its status: while information is requested, which request it is.
    pub status_changed_at: Option<DateTime<Utc>>,
}

/// The application `id` for an answer (locked inside the answer's transaction).
pub async fn application_for_answer<C: GenericClient>(
    client: &C,
    id: i64,
    lock: Lock,
) -> Result<Option<Answered>, Error> {
    client
        .query_opt(
            &format!(
                "SELECT reference, status, application_type, status_changed_at,
                        personal_data_erased_at IS NOT NULL AS erased
                 FROM account_applications WHERE id = $1{}",
                lock.clause()
            ),
            &[&id],
        )
        .await?
        .map(|row| {
            Ok(Answered {
                reference: row.try_get("reference")?,
                status: row.try_get("status")?,
                account_type: row.try_get("application_type")?,
                erased: row.try_get("erased")?,
                status_changed_at: row.try_get("status_changed_at")?,
            })
        })
        .transpose()
}

/// Stores an answer's message; the answer's id.
pub async fn insert_response<C: GenericClient>(
    client: &C,
    application_id: i64,
    message: Option<&str>,
) -> Result<i64, Error> {
    client
        .query_one(
            "INSERT INTO information_responses (application_id, message) VALUES ($1, $2) RETURNING id",
            &[&application_id, &message],
        )
        .await?
        .try_get("id")
}

/// Stores one sealed document of the answer `response_id`.
pub async fn insert_document<C: GenericClient>(
    client: &C,
    response_id: i64,
    application_id: i64,
    position: i16,
    kind: DocumentType,
    size_bytes: i32,
    sealed: &Sealed,
) -> Result<(), Error> {
    client
        .execute(
            "INSERT INTO information_documents
                 (response_id, application_id, position, content_type, size_bytes, ciphertext, key_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
            &[
                &response_id,
                &application_id,
                &position,
                &kind,
                &size_bytes,
                &sealed.ciphertext,
                &sealed.key_id,
            ],
        )
        .await?;
    Ok(())
}

/// Moves the application to `status` (the answer's), a change like any other: a new version.
pub async fn set_status<C: GenericClient>(
    client: &C,
    application_id: i64,
    status: Status,
) -> Result<i32, Error> {
    client
        .query_one(
            "UPDATE account_applications
             SET status = $2, version = version + 1, status_changed_at = now()
             WHERE id = $1 RETURNING version",
            &[&application_id, &status],
        )
        .await?
        .try_get("version")
}

/// A document as listed (no content).
#[derive(Debug)]
pub struct DocumentRecord {
    pub id: i64,
    pub position: i16,
    pub kind: DocumentType,
    pub size_bytes: i32,
}

/// One answer as listed.
#[derive(Debug)]
pub struct ResponseRecord {
    pub id: i64,
    pub received_at: DateTime<Utc>,
    pub message: Option<String>,
    pub documents: Vec<DocumentRecord>,
}

/// The answers of the application `application_id`, newest first, with their documents.
pub async fn responses<C: GenericClient>(
    client: &C,
    application_id: i64,
) -> Result<Vec<ResponseRecord>, Error> {
    let mut responses: Vec<ResponseRecord> = client
        .query(
            "SELECT id, received_at, message FROM information_responses
             WHERE application_id = $1 ORDER BY id DESC",
            &[&application_id],
        )
        .await?
        .iter()
        .map(|row| {
            Ok(ResponseRecord {
                id: row.try_get("id")?,
                received_at: row.try_get("received_at")?,
                message: row.try_get("message")?,
                documents: Vec::new(),
            })
        })
        .collect::<Result<_, Error>>()?;
    let rows = client
        .query(
            "SELECT id, response_id, position, content_type, size_bytes FROM information_documents
             WHERE application_id = $1 ORDER BY response_id, position",
            &[&application_id],
        )
        .await?;
    for row in rows {
        let response_id: i64 = row.try_get("response_id")?;
        let document = DocumentRecord {
            id: row.try_get("id")?,
            position: row.try_get("position")?,
            kind: row.try_get("content_type")?,
            size_bytes: row.try_get("size_bytes")?,
        };
        if let Some(response) = responses.iter_mut().find(|r| r.id == response_id) {
            response.documents.push(document);
        }
    }
    Ok(responses)
}

/// A document with its sealed content.
#[derive(Debug)]
pub struct SealedDocument {
    pub response_id: i64,
    pub position: i16,
    pub kind: DocumentType,
    pub sealed: Sealed,
}

/// The document `id` of the application `reference`; `None` if it has no such document.
pub async fn sealed_document<C: GenericClient>(
    client: &C,
    reference: &str,
    id: i64,
) -> Result<Option<SealedDocument>, Error> {
    let Some(row) = client
        .query_opt(
            "SELECT d.response_id, d.position, d.content_type, d.ciphertext, d.key_id
             FROM information_documents d JOIN account_applications a ON a.id = d.application_id
             WHERE a.reference = $1 AND d.id = $2",
            &[&reference, &id],
        )
        .await?
    else {
        return Ok(None);
    };
    Ok(Some(SealedDocument {
        response_id: row.try_get("response_id")?,
        position: row.try_get("position")?,
        kind: row.try_get("content_type")?,
        sealed: Sealed {
            ciphertext: row.try_get("ciphertext")?,
            key_id: row.try_get("key_id")?,
        },
    }))
}

/// The associated data of a document's encryption: the application, the answer and the
/// position, so a ciphertext copied to another row does not open.
pub fn document_context(reference: &str, response_id: i64, position: i16) -> String {
    format!("{reference}/information/{response_id}/{position}")
}
