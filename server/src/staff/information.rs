//! The applicant's answer to an information request, and the staff's view of it.
//!
//! The applicant answers from an opened status link (`status::open` hands out the answer
//! form's token while information is requested): a message and up to three documents, sent
//! as base64 inside one JSON body (ARCHITECTURE.md, "The applicant's documents", says why).
//! Core decides what is accepted (`review::information`: the count, the size, the type read
//! from the content) and what the answer does (`information_requested` → `information_received`).
//! The documents are encrypted before they are stored and never served back to the applicant;
//! staff list the answers and download each document, every download audited.

use std::net::IpAddr;

use banksia_core::review::events::AuditEvent;
use banksia_core::review::information::{
    ACCEPTED_TYPES, ANSWER_MAX_CHARS, ANSWER_MINUTES, AnswerRefusal, MAX_DOCUMENT_BYTES,
    MAX_DOCUMENTS, check_answer_message, check_documents, receive_answer,
};
use banksia_core::review::{Permission, Refusal};
use banksia_core::staff_wire::{
    AnswerForm, ApplicationStatusView, DocumentView, InformationAnswer, InformationResponseView,
    InformationResponses,
};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde_json::json;
use warp::http::{HeaderValue, StatusCode, header};
use warp::hyper::body::Bytes;
use warp::reply::{Reply, Response};

use super::StaffState;
use super::auth::Signed;
use super::http::{StaffError, rfc3339};
use super::store::documents as store;
use super::tokens::{hash_token, looks_like_token, new_token};

/// The largest answer body: every document at its largest, in base64 (4 bytes per 3), and the
/// message with room to spare.
pub const MAX_ANSWER_BODY: usize = MAX_DOCUMENTS * MAX_DOCUMENT_BYTES.div_ceil(3) * 4 + 64 * 1024;

// Three documents at the limit fit the body; a fourth does not.
const _: () = assert!(MAX_ANSWER_BODY > MAX_DOCUMENTS * MAX_DOCUMENT_BYTES * 4 / 3);
const _: () = assert!(MAX_ANSWER_BODY < (MAX_DOCUMENTS + 1) * MAX_DOCUMENT_BYTES * 4 / 3);

/// The 413 of an answer over [`MAX_ANSWER_BODY`].
const TOO_LARGE: &str = "Your documents are too large to send together. Each can be up to 5 MB: send smaller copies. Your message is still here.";

/// An answer token that is unknown or past its time.
const EXPIRED: &str = "This answer form has expired: it works for 60 minutes after the link is opened. Your message is still here. Ask for a new link below, open it, and send your answer again.";

/// The answer form of an opened link, with a new token stored against the link `link_hash`.
pub async fn answer_form<C: deadpool_postgres::GenericClient>(
    client: &C,
    link_hash: &[u8],
) -> Result<AnswerForm, StaffError> {
    let (token, hash) = new_token().map_err(StaffError::Internal)?;
    store::grant_answer(client, link_hash, &hash, ANSWER_MINUTES).await?;
    Ok(AnswerForm {
        token,
        minutes: ANSWER_MINUTES,
        max_documents: MAX_DOCUMENTS as u32,
        max_document_bytes: MAX_DOCUMENT_BYTES as u32,
        max_message_chars: ANSWER_MAX_CHARS as u32,
        accepted_types: ACCEPTED_TYPES.to_owned(),
        accept: ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png".to_owned(),
    })
}

/// Reads the answer's body (after the per-client limit, so an unknown client's large body is
/// not read at all past it), up to [`MAX_ANSWER_BODY`].
pub async fn read_answer_body<S, B>(
    state: &StaffState,
    client_ip: Option<IpAddr>,
    body: S,
) -> Result<Bytes, StaffError>
where
    S: futures_util::Stream<Item = Result<B, warp::Error>> + Send,
    B: warp::Buf,
{
    state.answer_limiter.admit(&state.pool, client_ip).await?;
    crate::handlers::read_limited(body, MAX_ANSWER_BODY)
        .await
        .map(Bytes::from)
        .map_err(|err| match err {
            crate::error::ApiError::PayloadTooLarge => StaffError::TooLargeBecause(TOO_LARGE),
            _ => StaffError::BadRequest("Your answer could not be read. Please send it again."),
        })
}

/// POST /api/application-status/answer: the applicant's answer. Everything is checked before
/// anything is written; then the answer, its sealed documents, the new status, the used token
/// and the audit row go in one transaction.
pub async fn answer(state: &StaffState, body: &[u8]) -> Result<ApplicationStatusView, StaffError> {
    let request: InformationAnswer = serde_json::from_slice(body).map_err(|_| {
        StaffError::BadRequest("Your answer could not be read. Please send it again.")
    })?;
    if !looks_like_token(&request.token) {
        return Err(StaffError::SignInFailed(EXPIRED));
    }
    let documents: Vec<Vec<u8>> = request
        .documents
        .iter()
        .enumerate()
        .map(|(i, text)| {
            STANDARD.decode(text.trim()).map_err(|_| {
                StaffError::Invalid(format!(
                    "Document {} could not be read. Choose the file again.",
                    i + 1
                ))
            })
        })
        .collect::<Result<_, _>>()?;
    let kinds = check_documents(&documents).map_err(|r| StaffError::Invalid(r.to_string()))?;
    let message = check_answer_message(&request.message, documents.len()).map_err(|r| match r {
        Refusal::InvalidText(text) => StaffError::Invalid(text),
        other => StaffError::Invalid(other.to_string()),
    })?;
    let answer_hash = hash_token(&request.token);
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let grant = store::grant(&tx, &answer_hash)
        .await?
        .ok_or(StaffError::SignInFailed(EXPIRED))?;
    if grant.used {
        return Err(StaffError::Conflict(
            AnswerRefusal::AlreadyAnswered.to_string(),
            None,
        ));
    }
    if !grant.live {
        return Err(StaffError::SignInFailed(EXPIRED));
    }
    let app = store::lock_for_answer(&tx, grant.application_id)
        .await?
        .ok_or(StaffError::SignInFailed(EXPIRED))?;
    if app.erased {
        return Err(StaffError::SignInFailed(EXPIRED));
    }
    let status = receive_answer(app.status)
        .map_err(|refusal| StaffError::Conflict(refusal.to_string(), None))?;
    let response_id = store::insert_response(&tx, grant.application_id, message.as_deref()).await?;
    for (i, (bytes, kind)) in documents.iter().zip(&kinds).enumerate() {
        let position = i16::try_from(i + 1).unwrap_or(i16::MAX);
        let sealed = state
            .config
            .id_keys
            .seal_bytes(
                bytes,
                &store::document_context(&app.reference, response_id, position),
            )
            .map_err(StaffError::Internal)?;
        let size = i32::try_from(bytes.len()).unwrap_or(i32::MAX);
        store::insert_document(
            &tx,
            response_id,
            grant.application_id,
            position,
            *kind,
            size,
            &sealed,
        )
        .await?;
    }
    store::set_status(&tx, grant.application_id, status).await?;
    store::use_grant(&tx, &answer_hash).await?;
    super::audit::append(
        &tx,
        None,
        AuditEvent::InformationReceived,
        Some(&app.reference),
        &json!({ "documents": documents.len(), "message": message.is_some() }),
    )
    .await?;
    tx.commit().await?;
    Ok(ApplicationStatusView {
        reference: app.reference,
        product: app.account_type.label().to_owned(),
        status,
        wording: status.applicant_wording(),
        information_request: None,
        answer: None,
    })
}

/// "230 KB", "1.4 MB".
fn size_label(bytes: i64) -> String {
    if bytes < 1024 * 1024 {
        format!("{} KB", (bytes + 1023) / 1024)
    } else {
        format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
    }
}

fn file_name(reference: &str, response_id: i64, position: i16, extension: &str) -> String {
    format!("{reference}-answer-{response_id}-document-{position}.{extension}")
}

/// GET /api/staff/applications/{reference}/information: the applicant's answers, newest first
/// (part of the case view, whose opening is audited).
pub async fn responses(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
) -> Result<InformationResponses, StaffError> {
    signed.require(Permission::ViewApplications)?;
    let reference =
        banksia_core::reference::normalise_reference(reference).ok_or(StaffError::NotFound)?;
    let conn = state.pool.get().await?;
    let id: i64 = conn
        .query_opt(
            "SELECT id FROM account_applications WHERE reference = $1",
            &[&reference],
        )
        .await?
        .ok_or(StaffError::NotFound)?
        .try_get("id")?;
    let responses = store::responses(&conn, id)
        .await?
        .into_iter()
        .map(|r| InformationResponseView {
            received_at: rfc3339(r.received_at),
            message: r.message,
            documents: r
                .documents
                .into_iter()
                .map(|d| DocumentView {
                    id: d.id,
                    label: format!(
                        "Document {} ({}, {})",
                        d.position,
                        d.kind.label(),
                        size_label(i64::from(d.size_bytes))
                    ),
                    file_name: file_name(&reference, r.id, d.position, d.kind.extension()),
                    content_type: d.kind.content_type().to_owned(),
                    size_bytes: i64::from(d.size_bytes),
                })
                .collect(),
        })
        .collect();
    Ok(InformationResponses { responses })
}

/// GET /api/staff/applications/{reference}/documents/{id}: one document, decrypted, as an
/// attachment of its own type that no browser sniffs, renders in place or caches; audited.
pub async fn download(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
    id: i64,
) -> Result<Response, StaffError> {
    signed.require(Permission::ViewApplications)?;
    let reference =
        banksia_core::reference::normalise_reference(reference).ok_or(StaffError::NotFound)?;
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let document = store::sealed_document(&tx, &reference, id)
        .await?
        .ok_or(StaffError::NotFound)?;
    let bytes = state
        .config
        .id_keys
        .open_bytes(
            &document.sealed,
            &store::document_context(&reference, document.response_id, document.position),
        )
        .map_err(StaffError::Internal)?;
    super::audit::append(
        &tx,
        Some(signed.id),
        AuditEvent::DocumentDownloaded,
        Some(&reference),
        &json!({ "document": id, "position": document.position }),
    )
    .await?;
    tx.commit().await?;
    let name = file_name(
        &reference,
        document.response_id,
        document.position,
        document.kind.extension(),
    );
    let mut response = warp::reply::with_status(bytes, StatusCode::OK).into_response();
    let headers = response.headers_mut();
    let pairs = [
        (
            header::CONTENT_TYPE,
            document.kind.content_type().to_owned(),
        ),
        (
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}\""),
        ),
        (header::CACHE_CONTROL, "no-store".to_owned()),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        // Opened by mistake in a tab, it can run nothing.
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; sandbox".to_owned(),
        ),
    ];
    for (name, value) in pairs {
        headers.insert(
            name,
            HeaderValue::from_str(&value).map_err(|e| StaffError::Internal(e.to_string()))?,
        );
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_and_their_words_agree() {
        assert!(TOO_LARGE.contains(&format!("{} MB", MAX_DOCUMENT_BYTES / (1024 * 1024))));
        assert!(EXPIRED.contains(&format!("{ANSWER_MINUTES} minutes")));
        assert_eq!(size_label(1000), "1 KB");
        assert_eq!(size_label(1024 * 1024 * 3 / 2), "1.5 MB");
    }
}
