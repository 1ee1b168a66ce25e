//! The staff API's handlers: the queue, the case view, the identification number's reveal,
//! claims, notes, the review actions, staff administration and the audit log. Every one checks
//! the session (401) and the permission (403) first; every change checks the version (409) and
//! core's rules (409 for a transition, 422 for a text), and is written with its audit row in one
//! transaction, so nothing is half written.

use banksia_core::application::checks::bank_date;
use banksia_core::application::{
    AccountType, ApplicationInput, answer_summary, validate_application,
};
use banksia_core::review::business_days::{business_days_after, is_overdue};
use banksia_core::review::{
    Action, ActionKind, Case, DeclineReason, Permission, Refusal, Status, allowed_actions,
    check_message, decide, mask_identification,
};
use banksia_core::staff_wire::{
    ActionOffer, ActionRequest, AuditEntry, AuditPage, AuditVerification, CaseView, ClaimRequest,
    CurrentState, NoteRequest, NoteView, QueuePage, QueueRow, ReasonOption, Revealed,
    TimelineEntry,
};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Deserialize;
use serde_json::json;
use tokio_postgres::Row;

use super::auth::Signed;
use super::crypto::Sealed;
use super::http::{StaffError, parse_body, rfc3339};
use super::{StaffState, audit};

/// The queue's statement (also EXPLAINed by `benches/load/staff.sh`).
const QUEUE_SQL: &str = include_str!("queue.sql");

/// A case opened again by the same person within this many minutes is the same view (a reload,
/// a return from the queue): one "Viewed" row, not one per reload.
const VIEW_MINUTES: i32 = 15;

/// Rows per queue page.
pub const PAGE_SIZE: i64 = 25;

fn bank_day(at: DateTime<Utc>) -> NaiveDate {
    bank_date(at.timestamp()).unwrap_or_default()
}

fn today() -> NaiveDate {
    bank_day(Utc::now())
}

fn refusal(refusal: Refusal, current: Option<CurrentState>) -> StaffError {
    match refusal {
        Refusal::NotPermitted => StaffError::Forbidden,
        Refusal::InvalidText(message) => StaffError::Invalid(message),
        other => StaffError::Conflict(other.to_string(), current),
    }
}

/// The queue's query string.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueueQuery {
    /// A status code, `open` (the default: under review or information requested) or `all`.
    pub status: Option<String>,
    /// An account type code.
    pub account_type: Option<String>,
    /// A reference, email or last name, matched exactly, ignoring case.
    pub q: Option<String>,
    /// The `next_after` of the previous page.
    pub after: Option<String>,
}

/// GET /api/staff/applications
pub async fn queue(
    state: &StaffState,
    signed: &Signed,
    query: QueueQuery,
) -> Result<QueuePage, StaffError> {
    signed.require(Permission::ViewApplications)?;
    let statuses: Vec<String> = match query.status.as_deref().map(str::trim) {
        None | Some("") | Some("open") => {
            vec!["under_review".into(), "information_requested".into()]
        }
        Some("all") => Status::ALL.iter().map(|s| s.as_str().to_owned()).collect(),
        Some(code) => vec![
            Status::parse(code)
                .ok_or(StaffError::BadRequest("Unknown status."))?
                .as_str()
                .to_owned(),
        ],
    };
    let account_type: Option<String> = match query.account_type.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(code) => Some(
            AccountType::parse(code)
                .ok_or(StaffError::BadRequest("Unknown account type."))?
                .as_str()
                .to_owned(),
        ),
    };
    let search = query
        .q
        .as_deref()
        .map(str::trim)
        .filter(|q| !q.is_empty())
        .map(str::to_lowercase);
    // A reference typed in any case (and with O, I, L for 0, 1, 1) finds its application through
    // the reference's own index.
    let search_reference: Option<String> = search.as_deref().map(|q| {
        banksia_core::reference::normalise_reference(q).unwrap_or_else(|| q.to_uppercase())
    });
    let (after_at, after_id) = match query.after.as_deref() {
        None | Some("") => (None, 0i64),
        Some(cursor) => {
            let (at, id) =
                decode_cursor(cursor).ok_or(StaffError::BadRequest("Bad page cursor."))?;
            (Some(at), id)
        }
    };
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let rows = tx
        .query(
            QUEUE_SQL,
            &[
                &statuses,
                &account_type,
                &search,
                &after_at,
                &after_id,
                &(PAGE_SIZE + 1),
                &search_reference,
            ],
        )
        .await?;
    // Who listed or searched the queue, and for what: "did this person apply?" is itself a
    // view of personal data. The term is kept keyed (an HMAC under a server secret), never as
    // typed, so the log is no more readable than the data it finds; an auditor with the server
    // can key a term and look for it.
    audit::append(
        &tx,
        Some(signed.id),
        "application.queue_listed",
        None,
        &json!({
            "status": query.status.as_deref().map(str::trim).unwrap_or("open"),
            "account_type": account_type,
            "search": search.as_deref().map(|term| state.search_term_key(term)),
            "page": after_at.is_some(),
            "rows": rows.len().min(PAGE_SIZE as usize),
        }),
    )
    .await?;
    tx.commit().await?;
    let today = today();
    let more = rows.len() as i64 > PAGE_SIZE;
    let rows: Vec<&Row> = rows.iter().take(PAGE_SIZE as usize).collect();
    let next_after = more
        .then(|| rows.last().map(|r| encode_cursor(r.get(2), r.get(0))))
        .flatten();
    let rows = rows
        .into_iter()
        .map(|r| {
            let created: DateTime<Utc> = r.get(2);
            let account = AccountType::parse(r.get(3)).unwrap_or(AccountType::Checking);
            let status = Status::parse(r.get(6)).unwrap_or(Status::UnderReview);
            let first: Option<String> = r.get(4);
            let last: Option<String> = r.get(5);
            let assigned: Option<i64> = r.get(7);
            QueueRow {
                reference: r.get(1),
                submitted_at: rfc3339(created),
                account_type: account,
                account_label: account.label().to_owned(),
                applicant_name: match (first, last) {
                    (Some(f), Some(l)) => format!("{f} {l}"),
                    _ => "(personal data erased)".to_owned(),
                },
                status,
                status_label: status.label().to_owned(),
                age_business_days: business_days_after(bank_day(created), today),
                overdue: !status.is_final() && is_overdue(bank_day(created), today),
                assigned_to: r.get(8),
                assigned_to_me: assigned == Some(signed.id),
                approval_pending: r.get(9),
            }
        })
        .collect();
    Ok(QueuePage { rows, next_after })
}

fn encode_cursor(at: DateTime<Utc>, id: i64) -> String {
    format!("{}.{id}", at.timestamp_micros())
}

fn decode_cursor(text: &str) -> Option<(DateTime<Utc>, i64)> {
    let (micros, id) = text.split_once('.')?;
    Some((
        DateTime::from_timestamp_micros(micros.parse().ok()?)?,
        id.parse().ok()?,
    ))
}

/// An application's row, as the case view and the actions need it.
struct Stored {
    id: i64,
    reference: String,
    created_at: DateTime<Utc>,
    account_type: AccountType,
    status: Status,
    version: i32,
    first_approval_by: Option<i64>,
    assigned_to: Option<i64>,
    erased: bool,
}

const STORED: &str = "a.id, a.reference, a.created_at, a.application_type, a.status, a.version, \
                      a.first_approval_by, a.assigned_to, \
                      a.personal_data_erased_at IS NOT NULL AS erased";

fn stored(r: &Row) -> Stored {
    Stored {
        id: r.get("id"),
        reference: r.get("reference"),
        created_at: r.get("created_at"),
        account_type: AccountType::parse(r.get("application_type"))
            .unwrap_or(AccountType::Checking),
        status: Status::parse(r.get("status")).unwrap_or(Status::UnderReview),
        version: r.get("version"),
        first_approval_by: r.get("first_approval_by"),
        assigned_to: r.get("assigned_to"),
        erased: r.get("erased"),
    }
}

impl Stored {
    fn case(&self) -> Case {
        Case {
            status: self.status,
            account_type: self.account_type,
            approved_by: self.first_approval_by,
        }
    }

    fn current(&self, signed: &Signed) -> CurrentState {
        CurrentState {
            status: self.status,
            version: self.version,
            approval_pending: self.first_approval_by.is_some(),
            allowed_actions: allowed_actions(&self.case(), &signed.as_staff()),
        }
    }
}

fn check_reference(reference: &str) -> Result<String, StaffError> {
    let reference = reference.trim().to_uppercase();
    if banksia_core::reference::is_valid_reference(&reference) {
        Ok(reference)
    } else {
        Err(StaffError::NotFound)
    }
}

/// GET /api/staff/applications/{reference}: the case view; the view is audited.
pub async fn case_view(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
) -> Result<CaseView, StaffError> {
    signed.require(Permission::ViewApplications)?;
    let reference = check_reference(reference)?;
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let row = tx
        .query_opt(
            &format!(
                "SELECT {STORED}, a.first_name, a.last_name, a.email, a.phone, a.date_of_birth,
                        a.address_line1, a.address_line2, a.city, a.state, a.postal_code,
                        a.employment_status, a.annual_income, a.employer_name,
                        a.identification_type, a.identification_number,
                        a.identification_ciphertext IS NOT NULL AS id_sealed,
                        a.initial_deposit_amount, a.terms_accepted, a.marketing_consent,
                        a.information_request, a.decline_reason, s.display_name AS assignee
                 FROM account_applications a LEFT JOIN staff s ON s.id = a.assigned_to
                 WHERE a.reference = $1"
            ),
            &[&reference],
        )
        .await?
        .ok_or(StaffError::NotFound)?;
    let app = stored(&row);
    let erased = app.erased;
    let id_plain: Option<String> = row.get("identification_number");
    let id_sealed: bool = row.get("id_sealed");
    let masked = match (id_plain, id_sealed) {
        (Some(plain), _) => Some(mask_identification(&plain)),
        // The mask is computed when the value is revealed; before that, the last three are
        // kept beside the ciphertext.
        (None, true) => row_masked(&tx, app.id).await?,
        (None, false) => None,
    };
    let dob: Option<NaiveDate> = row.get("date_of_birth");
    let money = |column: &str| -> Option<banksia_core::money::AmountInput> {
        row.get::<_, Option<rust_decimal::Decimal>>(column)
            .map(Into::into)
    };
    let input = ApplicationInput {
        application_type: Some(app.account_type.as_str().to_owned()),
        first_name: row.get("first_name"),
        last_name: row.get("last_name"),
        email: row.get("email"),
        phone: row.get("phone"),
        date_of_birth: dob.map(|d| d.format("%Y-%m-%d").to_string()),
        address_line1: row.get("address_line1"),
        address_line2: row.get("address_line2"),
        city: row.get("city"),
        state: row.get("state"),
        postal_code: row.get("postal_code"),
        employment_status: row.get("employment_status"),
        annual_income: money("annual_income"),
        employer_name: row.get("employer_name"),
        identification_type: row.get("identification_type"),
        identification_number: masked,
        initial_deposit_amount: money("initial_deposit_amount"),
        terms_accepted: row.get("terms_accepted"),
        marketing_consent: row.get("marketing_consent"),
        user_id: None,
    };
    let warnings = if erased {
        Default::default()
    } else {
        match validate_application(&input, bank_day(app.created_at)) {
            Ok(valid) => valid.warnings,
            Err(report) => report.warnings,
        }
    };
    let notes = tx
        .query(
            "SELECT n.created_at, s.display_name, n.body FROM application_notes n
             JOIN staff s ON s.id = n.staff_id WHERE n.application_id = $1 ORDER BY n.id",
            &[&app.id],
        )
        .await?
        .iter()
        .map(|r| NoteView {
            at: rfc3339(r.get(0)),
            author: r.get(1),
            body: r.get(2),
        })
        .collect();
    let mut timeline = vec![TimelineEntry {
        at: rfc3339(app.created_at),
        what: "Submitted".into(),
        by: None,
    }];
    for r in tx
        .query(
            "SELECT a.at, a.action, a.detail, s.display_name FROM staff_audit a
             LEFT JOIN staff s ON s.id = a.staff_id
             WHERE a.application_reference = $1 ORDER BY a.id",
            &[&app.reference],
        )
        .await?
    {
        let action: String = r.get(1);
        let detail: serde_json::Value = r.get(2);
        timeline.push(TimelineEntry {
            at: rfc3339(r.get(0)),
            what: describe(&action, &detail),
            by: r.get(3),
        });
    }
    for r in tx
        .query(
            "SELECT sent_at, 'confirmation'::text FROM email_outbox
             WHERE reference = $1 AND sent_at IS NOT NULL
             UNION ALL
             SELECT sent_at, kind FROM application_emails WHERE reference = $1 AND sent_at IS NOT NULL
             ORDER BY 1",
            &[&app.reference],
        )
        .await?
    {
        let kind: String = r.get(1);
        timeline.push(TimelineEntry {
            at: rfc3339(r.get(0)),
            what: format!("Email sent to the applicant: {}", email_label(&kind)),
            by: None,
        });
    }
    // The view's audit row goes last: appends queue on the chain's lock, held from here to the
    // commit, so every other read of the case view stays outside it (benches/README.md).
    let viewed_lately = tx
        .query_opt(
            "SELECT 1 FROM staff_audit
             WHERE application_reference = $1 AND staff_id = $2 AND action = 'application.viewed'
               AND at > now() - make_interval(mins => $3)",
            &[&app.reference, &signed.id, &VIEW_MINUTES],
        )
        .await?
        .is_some();
    if !viewed_lately {
        audit::append(
            &tx,
            Some(signed.id),
            "application.viewed",
            Some(&app.reference),
            &json!({}),
        )
        .await?;
    }
    timeline.push(TimelineEntry {
        at: rfc3339(Utc::now()),
        what: describe("application.viewed", &json!({})),
        by: Some(signed.display_name.clone()),
    });
    timeline.sort_by(|a, b| a.at.cmp(&b.at));
    tx.commit().await?;
    let staff = signed.as_staff();
    let status = app.status;
    let decline: Option<String> = row.get("decline_reason");
    let today = today();
    Ok(CaseView {
        reference: app.reference.clone(),
        submitted_at: rfc3339(app.created_at),
        account_type: app.account_type,
        account_label: app.account_type.label().to_owned(),
        state: app.current(signed),
        status_label: status.label().to_owned(),
        age_business_days: business_days_after(bank_day(app.created_at), today),
        overdue: !status.is_final() && is_overdue(bank_day(app.created_at), today),
        assigned_to: row.get("assignee"),
        assigned_to_me: app.assigned_to == Some(signed.id),
        answers: if erased {
            Vec::new()
        } else {
            answer_summary(&input)
        },
        warnings,
        information_request: row.get("information_request"),
        decline_reason: decline
            .as_deref()
            .and_then(DeclineReason::parse)
            .map(reason_option),
        notes,
        timeline,
        actions: allowed_actions(&app.case(), &staff)
            .into_iter()
            .map(|kind| ActionOffer {
                kind,
                label: kind.label().to_owned(),
            })
            .collect(),
        decline_reasons: DeclineReason::ALL.into_iter().map(reason_option).collect(),
        can_reveal: signed.roles.may(Permission::RevealIdentification) && !erased,
        can_note: signed.roles.may(Permission::WriteNote) && !erased,
        can_claim: signed.roles.may(Permission::Claim) && !status.is_final(),
        erased,
    })
}

async fn row_masked(
    tx: &deadpool_postgres::Transaction<'_>,
    id: i64,
) -> Result<Option<String>, StaffError> {
    Ok(tx
        .query_one(
            "SELECT identification_last3, identification_length FROM account_applications WHERE id = $1",
            &[&id],
        )
        .await
        .map(|r| {
            let last3: Option<String> = r.get(0);
            let length: Option<i32> = r.get(1);
            last3.map(|l| {
                let hidden = (length.unwrap_or(3) as usize).saturating_sub(l.chars().count());
                format!("{}{l}", "•".repeat(hidden))
            })
        })?)
}

fn reason_option(reason: DeclineReason) -> ReasonOption {
    ReasonOption {
        code: reason,
        label: reason.label().to_owned(),
    }
}

fn email_label(kind: &str) -> &'static str {
    match kind {
        "confirmation" => "application received",
        "information_requested" => "information requested",
        "decision" => "decision",
        "status_link" => "status link",
        _ => "message",
    }
}

/// A timeline line for an audit row.
fn describe(action: &str, detail: &serde_json::Value) -> String {
    let status = |key: &str| {
        detail
            .get(key)
            .and_then(|v| v.as_str())
            .and_then(Status::parse)
            .map_or("?", |s| s.label())
    };
    match action {
        "application.viewed" => "Viewed".into(),
        "application.id_revealed" => "Identification number revealed".into(),
        "application.claimed" => "Claimed".into(),
        "application.note_added" => "Note added".into(),
        "application.purged" => "Personal data erased (retention)".into(),
        "application.action" => {
            let kind = detail.get("action").and_then(|v| v.as_str()).unwrap_or("");
            match kind {
                "approve" if detail.get("to").and_then(|v| v.as_str()) == Some("under_review") => {
                    "First approval (waiting for a second approver)".into()
                }
                _ => format!("{} → {}", status("from"), status("to")),
            }
        }
        other => other.replace(['.', '_'], " "),
    }
}

/// POST /api/staff/applications/{reference}/reveal: the identification number in full;
/// audited, and throttled per staff member (`REVEALS_PER_MINUTE`), so a signed-in account
/// can't harvest numbers in bulk.
pub async fn reveal(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
) -> Result<Revealed, StaffError> {
    signed.require(Permission::RevealIdentification)?;
    let reference = check_reference(reference)?;
    if state
        .reveal_limiter
        .check_named(&state.pool, &format!("id-reveal:staff:{}", signed.id))
        .await
        .is_err()
    {
        crate::metrics::METRICS
            .staff_reveals
            .with_label_values(&["throttled"])
            .inc();
        return Err(StaffError::Conflict(
            "You have revealed many identification numbers in the last minute. Wait a minute and try again.".into(),
            None,
        ));
    }
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let row = tx
        .query_opt(
            "SELECT identification_number, identification_ciphertext, identification_key_id
             FROM account_applications WHERE reference = $1",
            &[&reference],
        )
        .await?
        .ok_or(StaffError::NotFound)?;
    let plain: Option<String> = row.get(0);
    let ciphertext: Option<Vec<u8>> = row.get(1);
    let key_id: Option<String> = row.get(2);
    let number = match (plain, ciphertext, key_id) {
        (Some(plain), _, _) => plain,
        (None, Some(ciphertext), Some(key_id)) => state
            .config
            .id_keys
            .open(&Sealed { ciphertext, key_id }, &reference)
            .map_err(StaffError::Internal)?,
        _ => {
            return Err(StaffError::Conflict(
                "This application's personal data was erased.".into(),
                None,
            ));
        }
    };
    audit::append(
        &tx,
        Some(signed.id),
        "application.id_revealed",
        Some(&reference),
        &json!({}),
    )
    .await?;
    tx.commit().await?;
    crate::metrics::METRICS
        .staff_reveals
        .with_label_values(&["revealed"])
        .inc();
    Ok(Revealed {
        identification_number: number,
    })
}

async fn lock_application(
    tx: &deadpool_postgres::Transaction<'_>,
    reference: &str,
) -> Result<Stored, StaffError> {
    let reference = check_reference(reference)?;
    tx.query_opt(
        &format!("SELECT {STORED} FROM account_applications a WHERE a.reference = $1 FOR UPDATE"),
        &[&reference],
    )
    .await?
    .map(|r| stored(&r))
    .ok_or(StaffError::NotFound)
    .and_then(|app| {
        if app.erased {
            Err(StaffError::Conflict(ERASED.into(), None))
        } else {
            Ok(app)
        }
    })
}

/// The refusal of any change to an application whose personal data was erased.
const ERASED: &str = "This application's personal data was erased under the retention policy: nothing more can be added to it or changed.";

fn stale(app: &Stored, signed: &Signed) -> StaffError {
    StaffError::Conflict(
        "Someone else changed this application since you opened it. Its current state is shown; check it before trying again.".into(),
        Some(app.current(signed)),
    )
}

/// POST /api/staff/applications/{reference}/claim: assigns it to the caller.
pub async fn claim(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
    body: &[u8],
) -> Result<CurrentState, StaffError> {
    signed.require(Permission::Claim)?;
    let request: ClaimRequest = parse_body(body)?;
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let mut app = lock_application(&tx, reference).await?;
    if app.version != request.version {
        return Err(stale(&app, signed));
    }
    if app.status.is_final() {
        return Err(StaffError::Conflict(
            Refusal::IllegalTransition(app.status).to_string(),
            Some(app.current(signed)),
        ));
    }
    app.version = tx
        .query_one(
            "UPDATE account_applications SET assigned_to = $2, version = version + 1
             WHERE id = $1 RETURNING version",
            &[&app.id, &signed.id],
        )
        .await?
        .get(0);
    app.assigned_to = Some(signed.id);
    audit::append(
        &tx,
        Some(signed.id),
        "application.claimed",
        Some(&app.reference),
        &json!({}),
    )
    .await?;
    tx.commit().await?;
    Ok(app.current(signed))
}

/// POST /api/staff/applications/{reference}/notes
pub async fn add_note(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
    body: &[u8],
) -> Result<NoteView, StaffError> {
    signed.require(Permission::WriteNote)?;
    let request: NoteRequest = parse_body(body)?;
    let text = check_message(&request.body).map_err(|r| refusal(r, None))?;
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let app = lock_application(&tx, reference).await?;
    let at: DateTime<Utc> = tx
        .query_one(
            "INSERT INTO application_notes (application_id, staff_id, body) VALUES ($1, $2, $3)
             RETURNING created_at",
            &[&app.id, &signed.id, &text],
        )
        .await?
        .get(0);
    audit::append(
        &tx,
        Some(signed.id),
        "application.note_added",
        Some(&app.reference),
        &json!({}),
    )
    .await?;
    tx.commit().await?;
    Ok(NoteView {
        at: rfc3339(at),
        author: signed.display_name.clone(),
        body: Some(text),
    })
}

/// POST /api/staff/applications/{reference}/actions: a review action (core's `decide`).
pub async fn act(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
    body: &[u8],
) -> Result<CurrentState, StaffError> {
    let request: ActionRequest = parse_body(body)?;
    signed.require(request.action.permission())?;
    let action = match request.action {
        ActionKind::RequestInformation => Action::RequestInformation {
            message: request
                .message
                .clone()
                .ok_or_else(|| StaffError::Invalid("Write the message to the applicant.".into()))?,
        },
        ActionKind::Decline => Action::Decline {
            reason: request
                .reason
                .ok_or_else(|| StaffError::Invalid("Choose a reason for the decline.".into()))?,
        },
        ActionKind::ResumeReview => Action::ResumeReview,
        ActionKind::Approve => Action::Approve,
        ActionKind::ConfirmApproval => Action::ConfirmApproval,
        ActionKind::RecordWithdrawal => Action::RecordWithdrawal,
    };
    // A bad text is a 422 whatever the application's state.
    if let Action::RequestInformation { message } = &action {
        check_message(message).map_err(|r| refusal(r, None))?;
    }
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let mut app = lock_application(&tx, reference).await?;
    if app.version != request.version {
        return Err(stale(&app, signed));
    }
    let outcome = decide(&app.case(), &signed.as_staff(), &action)
        .map_err(|r| refusal(r, Some(app.current(signed))))?;
    let message = match &action {
        Action::RequestInformation { message } => {
            Some(check_message(message).map_err(|r| refusal(r, None))?)
        }
        _ => None,
    };
    let reason = match &action {
        Action::Decline { reason } => Some(reason.as_str()),
        _ => None,
    };
    let decided = outcome.status.is_final();
    let row = tx
        .query_one(
            "UPDATE account_applications SET
                 status = $2, first_approval_by = $3, version = version + 1,
                 status_changed_at = CASE WHEN status = $2 THEN status_changed_at ELSE now() END,
                 information_request = CASE WHEN $4::text IS NULL THEN information_request ELSE $4 END,
                 decline_reason = $5,
                 decided_at = CASE WHEN $6 THEN now() ELSE decided_at END,
                 decided_by = CASE WHEN $6 THEN $7 ELSE decided_by END
             WHERE id = $1
             RETURNING version, (SELECT email FROM account_applications WHERE id = $1),
                       (SELECT first_name FROM account_applications WHERE id = $1)",
            &[
                &app.id,
                &outcome.status.as_str(),
                &outcome.approved_by,
                &message,
                &reason,
                &decided,
                &signed.id,
            ],
        )
        .await?;
    let from = app.status;
    app.version = row.get(0);
    app.status = outcome.status;
    app.first_approval_by = outcome.approved_by;
    audit::append(
        &tx,
        Some(signed.id),
        "application.action",
        Some(&app.reference),
        &json!({
            "action": request.action.as_str(),
            "from": from.as_str(),
            "to": outcome.status.as_str(),
            "reason": reason,
        }),
    )
    .await?;
    // The applicant hears of an information request and of a decision, once: the email is
    // queued in this transaction, keyed by the application and the version it records.
    let email_kind = match outcome.status {
        Status::InformationRequested => Some("information_requested"),
        Status::Approved | Status::Declined => Some("decision"),
        _ => None,
    };
    if let Some(kind) = email_kind {
        let recipient: Option<String> = row.get(1);
        let first_name: Option<String> = row.get(2);
        if let (Some(recipient), Some(first_name)) = (recipient, first_name) {
            super::emails::queue(
                &tx,
                &app.reference,
                kind,
                app.version,
                &recipient,
                &first_name,
            )
            .await?;
        }
    }
    tx.commit().await?;
    if email_kind.is_some() {
        state.wake_mail();
    }
    Ok(app.current(signed))
}

/// Audit rows per page.
pub const AUDIT_PAGE_SIZE: i64 = 50;

/// The audit log's query string: every filter exact; `before` is the previous page's
/// `next_before`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditQuery {
    /// An action, e.g. `application.viewed`.
    pub action: Option<String>,
    /// An application's reference.
    pub reference: Option<String>,
    /// A staff member's email.
    pub staff: Option<String>,
    /// Rows older than this id.
    pub before: Option<i64>,
}

fn filter(text: Option<&str>) -> Option<String> {
    text.map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// GET /api/staff/audit (auditors): newest first, filtered, one page at a time (keyset on the
/// id, which is the chain's order).
pub async fn audit_log(
    state: &StaffState,
    signed: &Signed,
    query: AuditQuery,
) -> Result<AuditPage, StaffError> {
    signed.require(Permission::ReadAuditLog)?;
    let action = filter(query.action.as_deref());
    let reference = filter(query.reference.as_deref()).map(|r| {
        banksia_core::reference::normalise_reference(&r).unwrap_or_else(|| r.to_uppercase())
    });
    let email = filter(query.staff.as_deref()).map(|e| e.to_lowercase());
    let conn = state.pool.get().await?;
    let rows = conn
        .query(
            "SELECT a.id, a.at, s.email, a.action, a.application_reference, a.detail
             FROM staff_audit a LEFT JOIN staff s ON s.id = a.staff_id
             WHERE ($1::text IS NULL OR a.action = $1)
               AND ($2::text IS NULL OR a.application_reference = $2)
               AND ($3::text IS NULL OR a.staff_id = (SELECT id FROM staff WHERE email = $3))
               AND ($4::bigint IS NULL OR a.id < $4)
             ORDER BY a.id DESC
             LIMIT $5",
            &[
                &action,
                &reference,
                &email,
                &query.before,
                &(AUDIT_PAGE_SIZE + 1),
            ],
        )
        .await?;
    let more = rows.len() as i64 > AUDIT_PAGE_SIZE;
    let rows: Vec<AuditEntry> = rows
        .iter()
        .take(AUDIT_PAGE_SIZE as usize)
        .map(|r| {
            let action: String = r.get(3);
            let detail: serde_json::Value = r.get(5);
            AuditEntry {
                id: r.get(0),
                at: rfc3339(r.get(1)),
                staff: r.get(2),
                description: describe(&action, &detail),
                action,
                application_reference: r.get(4),
                detail: detail.to_string(),
            }
        })
        .collect();
    let next_before = if more {
        rows.last().map(|r| r.id)
    } else {
        None
    };
    Ok(AuditPage { rows, next_before })
}

/// GET /api/staff/audit/verify (auditors): the chain checked from its first row, as
/// `banksia-server audit verify` does.
pub async fn audit_verify(
    state: &StaffState,
    signed: &Signed,
) -> Result<AuditVerification, StaffError> {
    signed.require(Permission::ReadAuditLog)?;
    let conn = state.pool.get().await?;
    let hex = |bytes: &[u8]| bytes.iter().map(|b| format!("{b:02x}")).collect::<String>();
    Ok(match audit::verify(&conn).await? {
        audit::Verification::Intact { rows, head } => AuditVerification {
            intact: true,
            rows,
            head: head.as_deref().map(hex),
            broken_at: None,
            reason: None,
        },
        audit::Verification::Broken { id, reason } => AuditVerification {
            intact: false,
            rows: 0,
            head: None,
            broken_at: Some(id),
            reason: Some(reason.to_owned()),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip() {
        let at = DateTime::from_timestamp_micros(1_772_373_600_123_456).unwrap();
        assert_eq!(decode_cursor(&encode_cursor(at, 42)), Some((at, 42)));
        assert_eq!(decode_cursor("x.1"), None);
        assert_eq!(decode_cursor("12"), None);
    }
}
