//! The applicant's status page: a reference and an email in, a one-time link by email out
//! (single use, 30 minutes), and the status behind the link. The request gets the same answer
//! whether or not the reference exists or the email matches, and is rate limited, so it cannot
//! be used to find out who applied.

use std::sync::Arc;

use banksia_core::application::AccountType;
use banksia_core::review::events::EmailKind;
use banksia_core::review::information::STATUS_LINK_MINUTES;
use banksia_core::review::{DeclineReason, Status};
use banksia_wire::status_page::{
    ApplicationStatusView, StatusDecline, StatusLinkRequest, StatusLinkSent,
};
use serde::Deserialize;

use super::StaffState;
use super::tokens::{hash_token, looks_like_token, new_token};
use crate::error::ApiError;

/// The one answer to a link request.
pub const LINK_SENT: &str = "If the reference and email match an application, we've emailed a link to check its status. It works once, within 30 minutes.";

/// The 400 of a link request whose body is not a reference and an email.
pub const LINK_REQUEST_REFUSED: &str = "Enter your reference and email.";

/// The 401 of a link that does not open (expired, used, or never sent).
const LINK_GONE: &str = "This link has expired or was already used. Ask for a new one below.";

/// The 400 of an open whose body is not a token.
pub const LINK_REFUSED: &str = "This link is not valid.";

/// Status-link emails one application may be sent per hour, whoever asks: a reference and an
/// email typed again and again can't flood the applicant's inbox.
pub const LINKS_PER_HOUR: i64 = 3;

/// POST /api/application-status/link (the route checks the Origin and the per-client limit,
/// then reads the body): answers at once, the same words whatever was asked; the
/// look-up and the email happen after the answer, so neither the words nor the time tell
/// whether the reference and email match an application.
pub async fn request_link(
    state: &Arc<StaffState>,
    request: StatusLinkRequest,
) -> Result<StatusLinkSent, ApiError> {
    let email = request.email.trim().to_lowercase();
    if let Some(reference) = banksia_core::reference::normalise_reference(&request.reference) {
        let state = state.clone();
        tokio::spawn(async move {
            if let Err(err) = send_link(&state, &reference, &email).await {
                tracing::warn!(error = ?err, "status link not queued");
            }
        });
    }
    Ok(StatusLinkSent {
        message: LINK_SENT.to_owned(),
    })
}

/// Queues a status link for the application of `reference` when `email` is its applicant's,
/// within [`LINKS_PER_HOUR`]; otherwise nothing.
async fn send_link(state: &StaffState, reference: &str, email: &str) -> Result<(), ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    // Locked, so concurrent requests count each other's emails.
    let Some(row) = tx
        .query_opt(
            "SELECT id, application_type FROM account_applications
             WHERE reference = $1 AND lower(email) = $2 AND personal_data_erased_at IS NULL
             FOR UPDATE",
            &[&reference, &email],
        )
        .await?
    else {
        return Ok(());
    };
    let id: i64 = row.try_get("id")?;
    let account: AccountType = row.try_get("application_type")?;
    let recent: i64 = tx
        .query_one(
            "SELECT count(*) AS recent FROM application_emails
             WHERE reference = $1 AND kind = $2 AND created_at > now() - interval '1 hour'",
            &[&reference, &EmailKind::StatusLink],
        )
        .await?
        .try_get("recent")?;
    if recent >= LINKS_PER_HOUR {
        tracing::info!("status link not sent: this application's hourly limit is reached");
        return Ok(());
    }
    let (token, hash) = new_token().map_err(ApiError::Internal)?;
    let number: i64 = tx
        .query_one(
            "WITH link AS (
                 INSERT INTO application_status_links (token_hash, application_id, expires_at)
                 VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING 1)
             SELECT count(*) + 1 AS number FROM application_status_links WHERE application_id = $2",
            &[&hash, &id, &STATUS_LINK_MINUTES],
        )
        .await?
        .try_get("number")?;
    let link = state
        .config
        .link(&format!("/application-status/#token={token}"));
    let email_body =
        super::emails::status_link_email(reference, account, &link, &state.config.public_origin);
    super::emails::insert(
        &tx,
        reference,
        EmailKind::StatusLink,
        i32::try_from(number).unwrap_or(i32::MAX),
        email,
        &email_body,
    )
    .await?;
    tx.commit().await?;
    state.wake_mail();
    Ok(())
}

/// What opens a status link: its token.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenRequest {
    token: String,
}

/// POST /api/application-status/open (the route checks the Origin and the per-client limit,
/// then reads the body): uses the link up and answers the status.
pub async fn open(
    state: &StaffState,
    request: OpenRequest,
) -> Result<ApplicationStatusView, ApiError> {
    let gone = || ApiError::SignInFailed(LINK_GONE);
    let token = request.token;
    if !looks_like_token(&token) {
        return Err(gone());
    }
    let conn = state.pool.get().await?;
    let link_hash = hash_token(&token);
    let row = conn
        .query_opt(
            "WITH used AS (
                 UPDATE application_status_links SET used_at = now()
                 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
                 RETURNING application_id)
             SELECT a.reference, a.application_type, a.status, a.information_request,
                    a.decline_reason
             FROM account_applications a JOIN used ON used.application_id = a.id",
            &[&link_hash],
        )
        .await?
        .ok_or_else(gone)?;
    let account: AccountType = row.try_get("application_type")?;
    let status: Status = row.try_get("status")?;
    let message: Option<String> = row.try_get("information_request")?;
    let decline_reason: Option<DeclineReason> = row.try_get("decline_reason")?;
    let waiting = status == Status::InformationRequested;
    // While information is requested, the page can answer it: a token of its own, for one
    // answer, within its time.
    let answer = if waiting {
        Some(super::information::answer_form(&conn, &link_hash).await?)
    } else {
        None
    };
    Ok(ApplicationStatusView {
        reference: row.try_get("reference")?,
        product: account.label().to_owned(),
        status,
        wording: status.applicant_wording(),
        information_request: waiting.then_some(message).flatten(),
        answer,
        // The reason stored with the decision, in the decline email's words.
        decline: decline_reason
            .filter(|_| status == Status::Declined)
            .map(StatusDecline::of),
    })
}
