//! The applicant's answer to an information request, and the staff's view of it.
//!
//! The applicant answers from an opened status link (`status::open` hands out the answer
//! form's token while information is requested): a message and up to three documents, sent
//! as base64 inside one JSON body (docs/decisions.md, "Base64 inside JSON for the applicant's documents", says why).
//! Core decides what is accepted (`review::information`: the count, the size, the type read
//! from the content) and what the answer does (`information_requested` → `information_received`).
//! The documents are encrypted before they are stored and never served back to the applicant;
//! staff list the answers and download each document, every download audited.

use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use banksia_core::review::Refusal;
use banksia_core::review::Status;
use banksia_core::review::commands::{AuditRecord, DocumentDetail, InformationReceivedDetail};
use banksia_core::review::information::{
    ACCEPTED_TYPES, ANSWER_MAX_CHARS, ANSWER_MESSAGE_HELP, ANSWER_MINUTES, AnswerRefusal,
    DocumentRefusal, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS, check_answer_message, check_documents,
    receive_answer_for,
};
use banksia_wire::staff::{DocumentView, InformationResponseView, InformationResponses};
use banksia_wire::status_page::{
    AnswerDocument, AnswerForm, ApplicationStatusView, InformationAnswer,
};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use futures_util::StreamExt as _;
use tokio::sync::Semaphore;
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::{Reply, Response};

use super::StaffState;
use super::auth::Signed;
use super::http::{check_applicant_origin, rfc3339};
use super::store::documents::{self as store, Lock};
use super::tokens::{hash_token, looks_like_token, new_token};
use crate::error::ApiError;

/// The largest answer body: every document at its largest, in base64 (4 bytes per 3), and the
/// message with room to spare.
pub const MAX_ANSWER_BODY: usize = MAX_DOCUMENTS * MAX_DOCUMENT_BYTES.div_ceil(3) * 4 + 64 * 1024;

// Three documents at the limit fit the body; a fourth does not.
const _: () = assert!(MAX_ANSWER_BODY > MAX_DOCUMENTS * MAX_DOCUMENT_BYTES * 4 / 3);
const _: () = assert!(MAX_ANSWER_BODY < (MAX_DOCUMENTS + 1) * MAX_DOCUMENT_BYTES * 4 / 3);

/// The answer bodies the whole server holds at once, in bytes: three answers at the largest.
/// An answer holds about twice its body at its peak (the body, then its documents' text and
/// bytes), so this bounds the documents' memory at about 120 MB whatever the number of clients.
pub const ANSWER_BODY_BUDGET: usize = 3 * MAX_ANSWER_BODY;

/// How long an answer waits for room in [`ANSWER_BODY_BUDGET`] before it is told to send again.
pub const BUDGET_WAIT: Duration = Duration::from_secs(20);

/// Refused bodies read and thrown away at once, so that the browser that sent one reads the
/// answer rather than a reset connection (hyper closes a connection whose body is left unread).
const DRAIN_SLOTS: usize = 8;

/// How long a refused body is read for before its connection is closed.
const DRAIN_TIME: Duration = Duration::from_secs(30);

/// The 413 of an answer over [`MAX_ANSWER_BODY`].
const TOO_LARGE: &str = "Your documents are too large to send together. Each can be up to 5 MB: send smaller copies. Your message is still here.";

/// An answer token that is unknown or past its time.
const EXPIRED: &str = "This answer form has expired: it works for 60 minutes after the link is opened. Your message is still here. Ask for a new link below, open it, and send your answer again.";

/// A second answer with a token whose first is still being received.
const ALREADY_SENDING: &str = "Your answer is already on its way: wait until this page says it has arrived before sending it again.";

/// The 503 when [`ANSWER_BODY_BUDGET`] stays full for [`BUDGET_WAIT`].
const BUSY: &str = "We're receiving a lot of documents right now, so yours weren't sent. Your message is still here: please send your answer again in a minute.";

/// An answer's unreadable body.
const UNREADABLE: &str = "Your answer could not be read. Please send it again.";

/// The server-wide brake on the applicant's documents in memory: a byte budget for answer
/// bodies being read and checked ([`ANSWER_BODY_BUDGET`]), one answer at a time per answer
/// token, and a few slots for reading refused bodies away. Only an answer whose token checks
/// out (unknown and expired ones are refused before a byte of the body is read) takes part of
/// the budget, so a flood of made-up tokens holds nothing.
#[derive(Debug)]
pub struct AnswerIntake {
    budget: Arc<Semaphore>,
    sending: Mutex<HashSet<Vec<u8>>>,
    drains: Arc<Semaphore>,
}

impl Default for AnswerIntake {
    fn default() -> Self {
        Self {
            budget: Arc::new(Semaphore::new(ANSWER_BODY_BUDGET)),
            sending: Mutex::new(HashSet::new()),
            drains: Arc::new(Semaphore::new(DRAIN_SLOTS)),
        }
    }
}

impl AnswerIntake {
    /// Bytes of [`ANSWER_BODY_BUDGET`] held by answers being received now.
    pub fn bytes_held(&self) -> usize {
        ANSWER_BODY_BUDGET - self.budget.available_permits()
    }

    /// Marks the answer token `hash` as being received; `None` when it already is.
    fn start_sending(&self, hash: &[u8]) -> Option<Sending<'_>> {
        let mut sending = self.sending.lock().unwrap_or_else(|e| e.into_inner());
        sending.insert(hash.to_vec()).then(|| Sending {
            intake: self,
            hash: hash.to_vec(),
        })
    }

    /// Reads a refused body away in the background (at most `declared` bytes, within
    /// [`DRAIN_TIME`]), when a slot is free; otherwise drops it, and hyper closes the
    /// connection.
    fn drain<S, B>(&self, body: S, declared: Option<usize>)
    where
        S: futures_util::Stream<Item = Result<B, warp::Error>> + Send + 'static,
        B: warp::Buf,
    {
        let Some(limit) = declared.filter(|n| *n <= MAX_ANSWER_BODY) else {
            return;
        };
        let Ok(slot) = self.drains.clone().try_acquire_owned() else {
            return;
        };
        tokio::spawn(async move {
            let _slot = slot;
            let mut body = std::pin::pin!(body);
            let mut read = 0usize;
            let _ = tokio::time::timeout(DRAIN_TIME, async {
                while let Some(Ok(mut chunk)) = body.next().await {
                    read += chunk.remaining();
                    chunk.advance(chunk.remaining());
                    if read >= limit {
                        break;
                    }
                }
            })
            .await;
        });
    }
}

/// An answer token being received; dropping it ends that.
struct Sending<'a> {
    intake: &'a AnswerIntake,
    hash: Vec<u8>,
}

impl Drop for Sending<'_> {
    fn drop(&mut self) {
        let mut sending = self
            .intake
            .sending
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        sending.remove(&self.hash);
    }
}

/// The answer form of an opened link, with a new token stored against the link `link_hash`.
pub async fn answer_form<C: deadpool_postgres::GenericClient>(
    client: &C,
    link_hash: &[u8],
) -> Result<AnswerForm, ApiError> {
    let (token, hash) = new_token().map_err(ApiError::Internal)?;
    store::grant_answer(client, link_hash, &hash, ANSWER_MINUTES).await?;
    Ok(AnswerForm {
        token,
        minutes: ANSWER_MINUTES,
        max_documents: MAX_DOCUMENTS as u32,
        max_document_bytes: MAX_DOCUMENT_BYTES as u32,
        max_message_chars: ANSWER_MAX_CHARS as u32,
        accepted_types: ACCEPTED_TYPES.to_owned(),
        accept: ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png".to_owned(),
        message_help: ANSWER_MESSAGE_HELP.to_owned(),
    })
}

/// The answer token of `Authorization: Bearer <token>`, when it has a token's shape.
fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let mut values = headers.get_all(header::AUTHORIZATION).iter();
    let value = values.next()?.to_str().ok()?;
    if values.next().is_some() {
        return None;
    }
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && looks_like_token(token)).then_some(token)
}

/// The body's declared `Content-Length`: `Ok(None)` when there is none (chunked), an error
/// when it is not one number.
fn declared_length(headers: &HeaderMap) -> Result<Option<usize>, ApiError> {
    let mut values = headers.get_all(header::CONTENT_LENGTH).iter();
    let Some(value) = values.next() else {
        return Ok(None);
    };
    if values.next().is_some() {
        return Err(ApiError::BadRequest(UNREADABLE));
    }
    value
        .to_str()
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .map(Some)
        .ok_or(ApiError::BadRequest(UNREADABLE))
}

/// Whether a grant may answer the application now: the status moves as core's
/// `receive_answer_for` says, for the request the form was opened for.
fn check_grant(grant: &store::Grant, app: &store::Answered) -> Result<Status, ApiError> {
    if grant.used {
        return Err(ApiError::Conflict(
            AnswerRefusal::AlreadyAnswered.to_string(),
            None,
        ));
    }
    if !grant.live || app.erased {
        return Err(ApiError::SignInFailed(EXPIRED));
    }
    let same_request = grant.request_at.is_some() && grant.request_at == app.status_changed_at;
    receive_answer_for(app.status, same_request)
        .map_err(|refusal| ApiError::Conflict(refusal.to_string(), None))
}

/// The grant of `answer_hash` and its application, read with `lock`, checked: with the status
/// the answer moves the application to.
async fn granted<C: deadpool_postgres::GenericClient>(
    client: &C,
    answer_hash: &[u8],
    lock: Lock,
) -> Result<(store::Grant, store::Answered, Status), ApiError> {
    let expired = || ApiError::SignInFailed(EXPIRED);
    let grant = store::grant(client, answer_hash, lock)
        .await?
        .ok_or_else(expired)?;
    let app = store::application_for_answer(client, grant.application_id, lock)
        .await?
        .ok_or_else(expired)?;
    let status = check_grant(&grant, &app)?;
    Ok((grant, app, status))
}

/// The grant of `answer_hash` and its application, checked; read without locks (the
/// transaction checks again under its locks).
async fn look_up(state: &StaffState, answer_hash: &[u8]) -> Result<(), ApiError> {
    let conn = state.pool.get().await?;
    granted(&conn, answer_hash, Lock::None).await.map(|_| ())
}

/// A refusal before the body is read, and whether the body is read away (so that a browser
/// reads the words) or left (the connection closes).
struct Refused {
    /// Any error, or [`ApiError::Busy`]: no room in [`ANSWER_BODY_BUDGET`] within
    /// [`BUDGET_WAIT`].
    error: ApiError,
    drain: bool,
}

impl From<ApiError> for Refused {
    fn from(error: ApiError) -> Self {
        Self { error, drain: true }
    }
}

impl Refused {
    /// A refusal whose body is left unread.
    fn undrained(error: ApiError) -> Self {
        Self {
            error,
            drain: false,
        }
    }
}

/// POST /api/application-status/answer: the applicant's answer. In this order, each refusal
/// before a byte of the body is read: the Origin; the per-client limit (429); the declared
/// size (413); the token of `Authorization: Bearer` and what it grants, looked up (401 or
/// 409); one answer at a time per token (409); room in the server's [`ANSWER_BODY_BUDGET`]
/// (a wait of up to [`BUDGET_WAIT`], then 503). Only then is the body read, its documents
/// decoded and checked (422), and the answer, its sealed documents, the new status, the used
/// token and the audit row written in one transaction that checks the grant again.
pub async fn receive<S, B>(
    state: &StaffState,
    client_ip: Option<IpAddr>,
    headers: &HeaderMap,
    body: S,
) -> Response
where
    S: futures_util::Stream<Item = Result<B, warp::Error>> + Send + 'static,
    B: warp::Buf,
{
    let declared = declared_length(headers).ok().flatten();
    let admitted = async {
        check_applicant_origin(headers, &state.config.public_origin).map_err(Refused::undrained)?;
        state
            .answer_limiter
            .admit(&state.pool, client_ip)
            .await
            .map_err(Refused::undrained)?;
        let declared = declared_length(headers)?;
        if declared.is_some_and(|n| n > MAX_ANSWER_BODY) {
            return Err(Refused::undrained(ApiError::TooLargeBecause(TOO_LARGE)));
        }
        let token = bearer_token(headers).ok_or(ApiError::SignInFailed(EXPIRED))?;
        let answer_hash = hash_token(token);
        look_up(state, &answer_hash).await?;
        let sending = state
            .answer_intake
            .start_sending(&answer_hash)
            .ok_or_else(|| ApiError::Conflict(ALREADY_SENDING.to_owned(), None))?;
        let charge = declared.unwrap_or(MAX_ANSWER_BODY).max(1);
        let permit = tokio::time::timeout(
            BUDGET_WAIT,
            state
                .answer_intake
                .budget
                .clone()
                .acquire_many_owned(u32::try_from(charge).unwrap_or(u32::MAX)),
        )
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or(Refused::from(ApiError::Busy(BUSY)))?;
        Ok::<_, Refused>((answer_hash, sending, permit, charge))
    }
    .await;
    let (answer_hash, _sending, _permit, limit) = match admitted {
        Ok(admitted) => admitted,
        Err(Refused { error, drain }) => {
            if drain {
                state.answer_intake.drain(body, declared);
            }
            return error.into_response();
        }
    };
    let result = async {
        let body = read_body(body, limit.min(MAX_ANSWER_BODY)).await?;
        // Read here, not by the route's filter: only now may the body be read at all.
        let request: InformationAnswer =
            serde_json::from_slice(&body).map_err(|_| ApiError::BadRequest(UNREADABLE))?;
        drop(body);
        answer(state, &answer_hash, request).await
    }
    .await;
    match result {
        Ok(view) => super::http::json(&view, StatusCode::OK),
        Err(error) => error.into_response(),
    }
}

/// Reads the body, up to `limit` bytes (its declared length, within [`MAX_ANSWER_BODY`]), into
/// one allocation of that size.
async fn read_body<S, B>(body: S, limit: usize) -> Result<Vec<u8>, ApiError>
where
    S: futures_util::Stream<Item = Result<B, warp::Error>> + Send,
    B: warp::Buf,
{
    let mut body = std::pin::pin!(body);
    let mut collected = Vec::with_capacity(limit);
    while let Some(chunk) = body.next().await {
        let mut chunk = chunk.map_err(|_| ApiError::BadRequest(UNREADABLE))?;
        if collected.len() + chunk.remaining() > limit {
            return Err(ApiError::TooLargeBecause(TOO_LARGE));
        }
        while chunk.has_remaining() {
            let part = chunk.chunk();
            collected.extend_from_slice(part);
            let n = part.len();
            chunk.advance(n);
        }
    }
    Ok(collected)
}

/// Checks and stores the answer `request` sent with the token whose hash is `answer_hash`.
/// Its body was dropped once parsed, and each document's text is once decoded, so that an
/// answer holds about twice its body at most.
async fn answer(
    state: &StaffState,
    answer_hash: &[u8],
    request: InformationAnswer,
) -> Result<ApplicationStatusView, ApiError> {
    let InformationAnswer { message, documents } = request;
    if documents.len() > MAX_DOCUMENTS {
        return Err(ApiError::Invalid(DocumentRefusal::TooMany.to_string()));
    }
    let mut names = Vec::with_capacity(documents.len());
    let mut contents = Vec::with_capacity(documents.len());
    for (i, document) in documents.into_iter().enumerate() {
        let AnswerDocument { name, content } = document;
        let bytes = STANDARD.decode(content.trim()).map_err(|_| {
            let mut named: Vec<&str> = names.iter().map(String::as_str).collect();
            named.push(&name);
            ApiError::Invalid(DocumentRefusal::Unreadable(i + 1).naming(&named))
        })?;
        drop(content);
        names.push(name);
        contents.push(bytes);
    }
    let kinds = check_documents(&contents).map_err(|r| ApiError::Invalid(r.naming(&names)))?;
    let message = check_answer_message(&message, contents.len()).map_err(|r| match r {
        Refusal::InvalidText(text) => ApiError::Invalid(text),
        other => ApiError::Invalid(other.to_string()),
    })?;
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let (grant, app, status) = granted(&tx, answer_hash, Lock::ForUpdate).await?;
    let response_id = store::insert_response(&tx, grant.application_id, message.as_deref()).await?;
    for (i, (bytes, kind)) in contents.iter().zip(&kinds).enumerate() {
        let position = i16::try_from(i + 1).unwrap_or(i16::MAX);
        let sealed = state
            .config
            .id_keys
            .seal_bytes(
                bytes,
                &store::document_context(&app.reference, response_id, position),
            )
            .map_err(ApiError::Internal)?;
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
    store::use_grant(&tx, answer_hash).await?;
    super::audit::record(
        &tx,
        None,
        &app.reference,
        &AuditRecord::InformationReceived(InformationReceivedDetail {
            documents: contents.len() as u64,
            message: message.is_some(),
        }),
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
        decline: None,
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
    reference: &str,
) -> Result<InformationResponses, ApiError> {
    let reference =
        banksia_core::reference::normalise_reference(reference).ok_or(ApiError::NotFound)?;
    let conn = state.pool.get().await?;
    let id: i64 = conn
        .query_opt(
            "SELECT id FROM account_applications WHERE reference = $1",
            &[&reference],
        )
        .await?
        .ok_or(ApiError::NotFound)?
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
) -> Result<Response, ApiError> {
    let reference =
        banksia_core::reference::normalise_reference(reference).ok_or(ApiError::NotFound)?;
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let document = store::sealed_document(&tx, &reference, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let bytes = state
        .config
        .id_keys
        .open_bytes(
            &document.sealed,
            &store::document_context(&reference, document.response_id, document.position),
        )
        .map_err(ApiError::Internal)?;
    super::audit::record(
        &tx,
        Some(signed.id),
        &reference,
        &AuditRecord::DocumentDownloaded(DocumentDetail {
            document: id,
            position: document.position,
        }),
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
            HeaderValue::from_str(&value).map_err(|e| ApiError::Internal(e.to_string()))?,
        );
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn one_answer_at_a_time_per_token_and_the_budget_counts_what_is_held() {
        let intake = AnswerIntake::default();
        let first = intake.start_sending(b"token a").expect("free");
        assert!(
            intake.start_sending(b"token a").is_none(),
            "already on its way"
        );
        let other = intake
            .start_sending(b"token b")
            .expect("another token is free");
        drop(first);
        assert!(
            intake.start_sending(b"token a").is_some(),
            "free again once done"
        );
        drop(other);
        assert_eq!(intake.bytes_held(), 0);
        let held = intake
            .budget
            .clone()
            .acquire_many_owned(u32::try_from(2 * MAX_ANSWER_BODY).unwrap())
            .await
            .unwrap();
        assert_eq!(intake.bytes_held(), 2 * MAX_ANSWER_BODY);
        // A third of the largest fits; a fourth waits until one is done.
        let third = intake
            .budget
            .clone()
            .try_acquire_many_owned(MAX_ANSWER_BODY as u32);
        assert!(third.is_ok());
        let fourth = intake
            .budget
            .clone()
            .try_acquire_many_owned(MAX_ANSWER_BODY as u32);
        assert!(fourth.is_err());
        drop((held, third));
        assert_eq!(intake.bytes_held(), 0);
    }

    #[test]
    fn a_full_budget_is_a_503_in_words_with_when_to_send_again() {
        let response = ApiError::Busy(BUSY).into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "60");
        assert!(BUSY.contains("Your message is still here"));
        let refused = ApiError::SignInFailed(EXPIRED).into_response();
        assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
    }

    #[test]
    fn the_token_is_the_bearer_of_one_authorization_header() {
        let token = new_token().unwrap().0;
        let mut headers = HeaderMap::new();
        assert_eq!(bearer_token(&headers), None);
        headers.insert(
            header::AUTHORIZATION,
            HeaderValue::from_str(&format!("Bearer {token}")).unwrap(),
        );
        assert_eq!(bearer_token(&headers), Some(token.as_str()));
        headers.append(
            header::AUTHORIZATION,
            HeaderValue::from_str(&format!("Bearer {token}")).unwrap(),
        );
        assert_eq!(bearer_token(&headers), None, "two are ambiguous");
        for value in [
            format!("Basic {token}"),
            "Bearer short".to_owned(),
            token.clone(),
        ] {
            let mut headers = HeaderMap::new();
            headers.insert(
                header::AUTHORIZATION,
                HeaderValue::from_str(&value).unwrap(),
            );
            assert_eq!(bearer_token(&headers), None, "{value}");
        }
        let mut lengths = HeaderMap::new();
        lengths.insert(header::CONTENT_LENGTH, HeaderValue::from_static("12"));
        assert_eq!(declared_length(&lengths).ok(), Some(Some(12)));
        lengths.append(header::CONTENT_LENGTH, HeaderValue::from_static("12"));
        assert!(declared_length(&lengths).is_err());
        assert_eq!(declared_length(&HeaderMap::new()).ok(), Some(None));
    }

    #[test]
    fn the_limits_and_their_words_agree() {
        assert!(TOO_LARGE.contains(&format!("{} MB", MAX_DOCUMENT_BYTES / (1024 * 1024))));
        assert!(EXPIRED.contains(&format!("{ANSWER_MINUTES} minutes")));
        assert_eq!(size_label(1000), "1 KB");
        assert_eq!(size_label(1024 * 1024 * 3 / 2), "1.5 MB");
    }
}
