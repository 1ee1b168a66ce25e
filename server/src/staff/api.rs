//! The staff API's handlers: the queue, the case view, the identification number's reveal,
//! claims, notes, the review actions, staff administration and the audit log. The routes'
//! filters check the session (401) and the permission (403) first; every change checks the version (409) and
//! core's rules (409 for a transition, 422 for a text), and is written with its audit row in one
//! transaction, so nothing is half written.

use banksia_core::application::checks::{bank_date, format_phone_national};
use banksia_core::application::today::sydney_midnight;
use banksia_core::application::{AccountType, Field, answer_summary, validate_application};
use banksia_core::money::format_aud;
use banksia_core::review::assignment::{Assignment, check_assignment, held_by};
use banksia_core::review::business_days::{business_days_after, is_overdue};
use banksia_core::review::business_days::{due_date, overdue_if_submitted_before};
use banksia_core::review::commands::{
    AuditRecord, NoDetail, QueueAssignment, QueueListedDetail, QueueSort, StaffRecord,
};
use banksia_core::review::decisions::{Recommendation, WithdrawalChannel, check_withdrawal_time};
use banksia_core::review::effects::{
    Effects, assignment_effects, effects, note_effects, reveal_record,
};
use banksia_core::review::events::AuditEvent;
use banksia_core::review::reveal::{
    ERASED, REVEAL_SHOWN_SECONDS, RevealReason, RevealRefusal, RevealedField,
};
use banksia_core::review::{
    Action, DeclineReason, Permission, Refusal, Roles, Status, allowed_actions,
    changed_while_reading,
};
use banksia_wire::staff::{
    ActionDone, ActionOffer, ActionPreview, ActionRequest, AuditEntry, AuditPage, AuditQuery,
    AuditVerification, CaseView, ChannelOption, ClaimRequest, Colleague, CurrentState, NoteRequest,
    NoteView, QueuePage, QueueQuery, QueueRow, RationaleView, ReasonOption, ReassignRequest,
    RecommendationOption, RevealReasonOption, RevealRequest, Revealed, TimelineEntry,
    WithdrawalView,
};
use banksia_wire::staff::{AuditEventOption, QUEUE_COUNT_CAP, QUEUE_SEARCH_MIN_CHARS};
use chrono::{DateTime, NaiveDate, Utc};

use super::auth::Signed;
use super::http::rfc3339;
use super::store::applications::{
    self as store, Decision, QueueFilter, StoredApplication, StoredIdentification,
};
use super::{StaffState, audit};
use crate::error::ApiError;

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

fn refusal(refusal: Refusal, current: Option<CurrentState>) -> ApiError {
    match refusal {
        Refusal::NotPermitted => ApiError::Forbidden,
        Refusal::InvalidText(message) | Refusal::InvalidInput(message) => {
            ApiError::Invalid(message)
        }
        Refusal::CannotHold => ApiError::Invalid(Refusal::CannotHold.to_string()),
        other => ApiError::Conflict(other.to_string(), current),
    }
}

/// GET /api/staff/applications: one page of the queue, filtered, searched and in the order
/// asked for, with how many match and how many of those are overdue.
pub async fn queue(
    state: &StaffState,
    signed: &Signed,
    query: QueueQuery,
) -> Result<QueuePage, ApiError> {
    let open: Vec<Status> = Status::ALL.into_iter().filter(|s| !s.is_final()).collect();
    let mut statuses: Vec<Status> = match query.status.as_deref().map(str::trim) {
        None | Some("") | Some("open") => open.clone(),
        Some("all") => Status::ALL.to_vec(),
        Some(code) => vec![Status::parse(code).ok_or(ApiError::BadRequest("Unknown status."))?],
    };
    let overdue_only = query.overdue == Some(true);
    if overdue_only {
        // Only an open application can be overdue.
        statuses.retain(|s| !s.is_final());
    }
    let account_type = match query.account_type.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(code) => {
            Some(AccountType::parse(code).ok_or(ApiError::BadRequest("Unknown account type."))?)
        }
    };
    let search = query
        .q
        .as_deref()
        .map(str::trim)
        .filter(|q| !q.is_empty())
        .map(str::to_lowercase);
    if search
        .as_deref()
        .is_some_and(|q| q.chars().count() < QUEUE_SEARCH_MIN_CHARS)
    {
        return Err(ApiError::Invalid(format!(
            "Type at least {QUEUE_SEARCH_MIN_CHARS} characters of a reference, name or email."
        )));
    }
    // The search text holds an email only up to its "@" (migration V22): a part of an address
    // that runs past it could never match, so it is asked for whole or before the "@".
    if search.as_deref().is_some_and(|term| {
        !is_whole_email(term)
            && term
                .split_once('@')
                .is_some_and(|(_, after)| !after.is_empty())
    }) {
        return Err(ApiError::Invalid(
            "Type a whole email address, or the part before the @.".to_owned(),
        ));
    }
    let after = match query.after.as_deref() {
        None | Some("") => None,
        Some(cursor) => {
            Some(decode_cursor(cursor).ok_or(ApiError::BadRequest("Bad page cursor."))?)
        }
    };
    let whole = search.as_deref().and_then(|term| {
        banksia_core::reference::normalise_reference(term)
            .or_else(|| is_whole_email(term).then(|| term.to_owned()))
    });
    let today = today();
    let filter = QueueFilter {
        statuses,
        account_type,
        // A whole reference (typed in any case, with O, I, L for 0, 1, 1) or a whole email is
        // looked up exactly through its own index; anything else is a part of the search text.
        search_pattern: search
            .as_deref()
            .filter(|_| whole.is_none())
            .map(search_pattern),
        search_reference: whole,
        overdue_before: sydney_midnight(overdue_if_submitted_before(today)),
        overdue_only,
        approval_pending_only: query.approval_pending == Some(true),
        assigned_to: (query.assigned == Some(QueueAssignment::Me)).then_some(signed.id),
        unassigned_only: query.assigned == Some(QueueAssignment::Nobody),
        newest_first: query.sort.unwrap_or_default() == QueueSort::Newest,
        after,
        limit: PAGE_SIZE + 1,
    };
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let store::QueueResult {
        records,
        total,
        overdue,
    } = store::queue(&tx, &filter, &open).await?;
    // Who listed or searched the queue, and for what: "did this person apply?" is itself a
    // view of personal data. The term is kept keyed (an HMAC under a server secret), never as
    // typed, so the log is no more readable than the data it finds; an auditor with the server
    // can key a term and look for it.
    let listed = StaffRecord::QueueListed(QueueListedDetail {
        status: query.status.as_deref().map_or("open", str::trim).to_owned(),
        account_type: filter.account_type,
        search: search.as_deref().map(|term| state.search_term_key(term)),
        overdue: filter.overdue_only,
        approval_pending: filter.approval_pending_only,
        assigned: query.assigned,
        sort: query.sort.unwrap_or_default(),
        page: filter.after.is_some(),
        rows: records.len().min(PAGE_SIZE as usize) as u64,
    });
    audit::record_staff(&tx, Some(signed.id), &listed).await?;
    tx.commit().await?;
    let more = records.len() as i64 > PAGE_SIZE;
    let records = &records[..records.len().min(PAGE_SIZE as usize)];
    let next_after = more
        .then(|| records.last().map(|r| encode_cursor(r.created_at, r.id)))
        .flatten();
    let rows = records
        .iter()
        .map(|r| QueueRow {
            reference: r.reference.clone(),
            submitted_at: rfc3339(r.created_at),
            account_type: r.account_type,
            account_label: r.account_type.label().to_owned(),
            applicant_name: r
                .applicant_name
                .clone()
                .unwrap_or_else(|| ERASED_NAME.to_owned()),
            status: r.status,
            status_label: r.status.label().to_owned(),
            age_business_days: business_days_after(bank_day(r.created_at), today),
            due_date: due_date(bank_day(r.created_at)).to_string(),
            overdue: !r.status.is_final() && is_overdue(bank_day(r.created_at), today),
            assigned_to: r.assignee_name.clone(),
            assigned_to_me: r.assigned_to == Some(signed.id),
            approval_pending: r.approval_pending,
        })
        .collect();
    Ok(QueuePage {
        rows,
        next_after,
        total: total.min(QUEUE_COUNT_CAP),
        total_capped: total > QUEUE_COUNT_CAP,
        overdue: overdue.min(QUEUE_COUNT_CAP),
        overdue_capped: overdue > QUEUE_COUNT_CAP,
    })
}

/// True for a term shaped as a whole email address (`name@domain.tld`, no spaces).
fn is_whole_email(term: &str) -> bool {
    let Some((local, domain)) = term.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !term.contains(char::is_whitespace)
        && !domain.contains('@')
        && domain
            .split_once('.')
            .is_some_and(|(host, tld)| !host.is_empty() && !tld.is_empty())
}

/// A search term as a LIKE pattern: its characters literal (`%`, `_` and `\` escaped), each
/// run of spaces standing for anything, so "sam nguyen" finds "Sam Van Nguyen".
fn search_pattern(term: &str) -> String {
    let words: Vec<String> = term
        .split_whitespace()
        .map(|word| {
            word.chars()
                .flat_map(|c| match c {
                    '%' | '_' | '\\' => vec!['\\', c],
                    c => vec![c],
                })
                .collect()
        })
        .collect();
    format!("%{}%", words.join("%"))
}

/// What stands for the name of an applicant whose personal data was erased.
const ERASED_NAME: &str = "(personal data erased)";

/// A typed reference in core's canonical form, or the term upper-cased when it is not one.
fn reference_form(term: &str) -> String {
    banksia_core::reference::normalise_reference(term).unwrap_or_else(|| term.to_uppercase())
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

fn current(app: &StoredApplication, signed: &Signed) -> CurrentState {
    CurrentState {
        status: app.status,
        version: app.version,
        approval_pending: app.first_approval_by.is_some(),
        allowed_actions: allowed_actions(&app.case(), &signed.as_staff()),
    }
}

/// A reference from a URL in core's canonical form; anything else is no application.
fn check_reference(reference: &str) -> Result<String, ApiError> {
    banksia_core::reference::normalise_reference(reference).ok_or(ApiError::NotFound)
}

/// GET /api/staff/applications/{reference}: the case view; the view is audited.
pub async fn case_view(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
) -> Result<CaseView, ApiError> {
    let reference = check_reference(reference)?;
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let record = store::case_record(&tx, &reference)
        .await?
        .ok_or(ApiError::NotFound)?;
    let app = &record.state;
    let details = if app.erased {
        None
    } else {
        Some(super::customer_details::load_customer_details(&*tx, app.id).await?)
    };
    let rationales = store::rationales(&tx, app.id)
        .await?
        .into_iter()
        .map(|r| RationaleView {
            at: rfc3339(r.at),
            by: r.by,
            kind: r.kind,
            label: r.kind.label().to_owned(),
            rationale: r.rationale,
        })
        .collect();
    let staff = signed.as_staff();
    // Whom the caller may hand the case to: when core lets them hand it on at all (a stand-in
    // colleague who may work cases), every active colleague who may, but the holder and the
    // caller; core checks the chosen one's roles again on the call.
    let reassign_to = if !app.erased
        && check_assignment(
            app.status,
            app.assigned_to,
            &staff,
            Assignment::Reassign {
                to: 0,
                roles: Roles::of(&[banksia_core::review::Role::Reviewer]),
            },
        )
        .is_ok()
    {
        store::colleagues(&tx)
            .await?
            .into_iter()
            .filter(|(id, _)| Some(*id) != app.assigned_to && *id != signed.id)
            .map(|(id, name)| Colleague { id, name })
            .collect()
    } else {
        Vec::new()
    };
    let notes = store::notes(&tx, app.id)
        .await?
        .into_iter()
        .map(|note| NoteView {
            at: rfc3339(note.at),
            author: note.author,
            body: note.body,
        })
        .collect();
    let mut timeline = vec![TimelineEntry {
        at: rfc3339(app.created_at),
        what: "Submitted".into(),
        by: None,
    }];
    timeline.extend(
        store::audit_trail(&tx, &app.reference)
            .await?
            .into_iter()
            .map(|row| TimelineEntry {
                at: rfc3339(row.at),
                what: describe(row.event, &row.detail),
                by: row.by,
            }),
    );
    timeline.extend(
        store::emails_sent(&tx, &app.reference)
            .await?
            .into_iter()
            .map(|(at, kind)| TimelineEntry {
                at: rfc3339(at),
                what: format!("Email sent to the applicant: {}", kind.label()),
                by: None,
            }),
    );
    // The view's audit row goes last: appends queue on the chain's lock, held from here to the
    // commit, so every other read of the case view stays outside it (benches/README.md).
    if !store::viewed_lately(&tx, &app.reference, signed.id, VIEW_MINUTES).await? {
        audit::record(&tx, Some(signed.id), &app.reference, &VIEWED).await?;
    }
    timeline.push(TimelineEntry {
        at: rfc3339(Utc::now()),
        what: VIEWED.describe(),
        by: Some(signed.display_name.clone()),
    });
    timeline.sort_by(|a, b| a.at.cmp(&b.at));
    tx.commit().await?;
    let status = app.status;
    let erased = app.erased;
    let today = today();
    let (answers, warnings) = match &record.answers {
        None => (Vec::new(), Default::default()),
        Some(answers) => {
            let input = answers.to_input();
            let warnings = match validate_application(&input, bank_day(app.created_at)) {
                Ok(valid) => valid.warnings,
                Err(report) => report.warnings,
            };
            let mut rows = answer_summary(&input);
            // Phones as Australians write them (stored in international form).
            for row in rows.iter_mut().filter(|row| row.field == Field::Phone) {
                if let Some(national) = format_phone_national(&row.value) {
                    row.value = national;
                }
            }
            (rows, warnings)
        }
    };
    let may = |step| check_assignment(status, app.assigned_to, &staff, step).is_ok();
    Ok(CaseView {
        reference: app.reference.clone(),
        submitted_at: rfc3339(app.created_at),
        account_type: app.account_type,
        account_label: app.account_type.label().to_owned(),
        state: current(app, signed),
        status_label: status.label().to_owned(),
        age_business_days: business_days_after(bank_day(app.created_at), today),
        overdue: !status.is_final() && is_overdue(bank_day(app.created_at), today),
        assigned_to: record.assignee_name.clone(),
        assigned_to_me: app.assigned_to == Some(signed.id),
        answers,
        warnings,
        information_request: record.information_request.clone(),
        decline_reason: record.decline_reason.map(reason_option),
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
        can_claim: may(Assignment::Claim),
        can_release: may(Assignment::Release),
        can_take_over: may(Assignment::TakeOver),
        reassign_to,
        erased,
        can_reveal_tfn: signed.roles.may(Permission::RevealIdentification)
            && !erased
            && record.has_tfn,
        details,
        applicant_name: record
            .answers
            .as_ref()
            .map(|a| format!("{} {}", a.first_name, a.last_name)),
        initial_deposit: record.answers.as_ref().map(|a| {
            let amount = a.initial_deposit_amount;
            format_aud(amount, amount.normalize().scale() > 0)
        }),
        terms_version: record.terms_version.clone(),
        privacy_notice_version: record.privacy_notice_version.clone(),
        rationales,
        withdrawal: record.withdrawal.map(|(channel, at)| WithdrawalView {
            channel,
            channel_label: channel.label().to_owned(),
            requested_at: rfc3339(at),
        }),
        withdrawal_channels: WithdrawalChannel::ALL
            .iter()
            .map(|&code| ChannelOption {
                code,
                label: code.label().to_owned(),
            })
            .collect(),
        recommendation_options: Recommendation::ALL
            .iter()
            .map(|&code| RecommendationOption {
                code,
                label: code.label().to_owned(),
            })
            .collect(),
        reveal_reasons: RevealReason::ALL
            .iter()
            .map(|&code| RevealReasonOption {
                code,
                label: code.label().to_owned(),
            })
            .collect(),
        reveal_shown_seconds: REVEAL_SHOWN_SECONDS,
    })
}

fn reason_option(reason: DeclineReason) -> ReasonOption {
    ReasonOption {
        code: reason,
        label: reason.label().to_owned(),
    }
}

/// The row a case view writes.
const VIEWED: AuditRecord = AuditRecord::Viewed(NoDetail {});

/// A timeline line for an audit row: core's words for the typed record its detail reads as
/// (rows written before the records were typed have the same keys); the event's label for a row
/// that is not a case command's, or whose detail core can't read.
fn describe(event: AuditEvent, detail: &serde_json::Value) -> String {
    match AuditRecord::read(event, detail) {
        Ok(Some(record)) => record.describe(),
        Ok(None) | Err(_) => event.label().into(),
    }
}

/// POST /api/staff/applications/{reference}/reveal: the identification number in full;
/// audited, and throttled per staff member (`REVEALS_PER_MINUTE`), so a signed-in account
/// can't harvest numbers in bulk.
pub async fn reveal(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
    request: RevealRequest,
) -> Result<Revealed, ApiError> {
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
        return Err(reveal_refused(RevealRefusal::Throttled));
    }
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let number = match request.field {
        RevealedField::IdentificationNumber => match store::identification(&tx, &reference)
            .await?
            .ok_or(ApiError::NotFound)?
        {
            StoredIdentification::Clear(number) => number,
            StoredIdentification::Sealed(sealed) => state
                .config
                .id_keys
                .open(&sealed, &reference)
                .map_err(ApiError::Internal)?,
            StoredIdentification::Erased => return Err(reveal_refused(RevealRefusal::Erased)),
        },
        // The TFN is sealed by the same code with its own associated data.
        RevealedField::TaxFileNumber => match store::tfn(&tx, &reference)
            .await?
            .ok_or(ApiError::NotFound)?
        {
            Some(sealed) => state
                .config
                .id_keys
                .open(&sealed, &crate::db::tfn_associated_data(&reference))
                .map_err(ApiError::Internal)?,
            None => return Err(reveal_refused(RevealRefusal::NoTaxFileNumber)),
        },
    };
    let record = reveal_record(request.field, request.reason);
    audit::record(&tx, Some(signed.id), &reference, &record).await?;
    tx.commit().await?;
    crate::metrics::METRICS
        .staff_reveals
        .with_label_values(&["revealed"])
        .inc();
    Ok(Revealed {
        field: request.field,
        value: number,
    })
}

async fn lock_application(
    tx: &deadpool_postgres::Transaction<'_>,
    reference: &str,
) -> Result<StoredApplication, ApiError> {
    let reference = check_reference(reference)?;
    let app = store::lock(tx, &reference)
        .await?
        .ok_or(ApiError::NotFound)?;
    if app.erased {
        return Err(ApiError::Conflict(ERASED.into(), None));
    }
    Ok(app)
}

/// Core's refusal of a reveal as the API's error: 409 with its words.
fn reveal_refused(refusal: RevealRefusal) -> ApiError {
    ApiError::Conflict(refusal.to_string(), None)
}

/// The 409 of a change sent with an older version: who changed the application, what they did
/// and when (core's wording), with its state now.
async fn stale(
    tx: &deadpool_postgres::Transaction<'_>,
    app: &StoredApplication,
    signed: &Signed,
) -> ApiError {
    const SHOWN: &str = "Its current state is shown; what you typed is kept.";
    let change = store::last_change(tx, &app.reference)
        .await
        .ok()
        .flatten()
        .and_then(|(at, who, event, detail)| {
            let done = AuditRecord::read(event, &detail).ok()??.done()?;
            Some(changed_while_reading(&who, done, at, Utc::now()))
        });
    let message = match change {
        Some(sentence) => format!("{sentence} {SHOWN}"),
        None => format!("Someone else changed this application since you opened it. {SHOWN}"),
    };
    ApiError::Conflict(message, Some(current(app, signed)))
}

/// A refusal of core's, with the holder named when a colleague holds the case.
async fn refused(
    tx: &deadpool_postgres::Transaction<'_>,
    refusal_of_core: Refusal,
    app: &StoredApplication,
    signed: &Signed,
) -> ApiError {
    if refusal_of_core == Refusal::HeldByColleague
        && let Some(holder) = app.assigned_to
        && let Ok(Some(name)) = store::staff_name(tx, holder).await
    {
        return ApiError::Conflict(held_by(&name), Some(current(app, signed)));
    }
    refusal(refusal_of_core, Some(current(app, signed)))
}

/// Which change of holder a call makes.
#[derive(Debug, Clone, Copy)]
pub enum AssignStep {
    Claim,
    Release,
    TakeOver,
    Reassign(i64),
}

/// POST /api/staff/applications/{reference}/claim: assigns a case nobody holds to the caller.
pub async fn claim(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
    request: ClaimRequest,
) -> Result<ActionDone, ApiError> {
    assign(state, signed, reference, request.version, AssignStep::Claim).await
}

/// POST …/release, …/take-over (`ClaimRequest`) and …/reassign (`ReassignRequest`): core's
/// `assignment` rules; each audited, a take-over with whom it was taken from.
pub async fn reassign(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
    request: ReassignRequest,
) -> Result<ActionDone, ApiError> {
    assign(
        state,
        signed,
        reference,
        request.version,
        AssignStep::Reassign(request.to),
    )
    .await
}

/// A change of who holds the case.
pub async fn assign(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
    version: i32,
    step: AssignStep,
) -> Result<ActionDone, ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let mut app = lock_application(&tx, reference).await?;
    if app.version != version {
        return Err(stale(&tx, &app, signed).await);
    }
    let (rule_step, colleague) = match step {
        AssignStep::Claim => (Assignment::Claim, None),
        AssignStep::Release => (Assignment::Release, None),
        AssignStep::TakeOver => (Assignment::TakeOver, None),
        AssignStep::Reassign(to) => {
            let (name, roles) = store::active_member(&tx, to).await?.ok_or_else(|| {
                ApiError::Invalid("Choose an active colleague to hand it to.".into())
            })?;
            let roles = Roles::of(&roles);
            (Assignment::Reassign { to, roles }, Some(name))
        }
    };
    let effects =
        match assignment_effects(app.status, app.assigned_to, &signed.as_staff(), rule_step) {
            Ok(effects) => effects,
            Err(refusal_of_core) => return Err(refused(&tx, refusal_of_core, &app, signed).await),
        };
    app.version = store::set_holder(&tx, app.id, effects.holder).await?;
    app.assigned_to = effects.holder;
    audit::record(&tx, Some(signed.id), &app.reference, &effects.record).await?;
    tx.commit().await?;
    Ok(ActionDone {
        state: current(&app, signed),
        done: effects.done(colleague.as_deref()),
    })
}

/// POST /api/staff/applications/{reference}/notes
pub async fn add_note(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
    request: NoteRequest,
) -> Result<NoteView, ApiError> {
    let note = note_effects(&request.body).map_err(|r| refusal(r, None))?;
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let app = lock_application(&tx, reference).await?;
    let at = store::add_note(&tx, app.id, signed.id, &note.text).await?;
    audit::record(&tx, Some(signed.id), &app.reference, &note.record).await?;
    tx.commit().await?;
    Ok(NoteView {
        at: rfc3339(at),
        author: signed.display_name.clone(),
        body: Some(note.text),
    })
}

/// An action checked against core's rules on the locked application: the exact action (its
/// texts checked), what core says it does, and the withdrawal's moment.
struct Prepared {
    app: StoredApplication,
    action: Action,
    effects: Effects,
    withdrawal_at: Option<DateTime<Utc>>,
}

/// Everything `POST …/actions` checks before it writes, in `tx` (the application locked):
/// the permission, the fields the action needs and its texts (422 whatever the state), the
/// version (409), core's rules (409) and the withdrawal's time (422).
async fn prepare(
    tx: &deadpool_postgres::Transaction<'_>,
    signed: &Signed,
    reference: &str,
    request: &ActionRequest,
) -> Result<Prepared, ApiError> {
    signed.require(request.command.kind().permission())?;
    let action = request.command.to_action().map_err(|r| refusal(r, None))?;
    let app = lock_application(tx, reference).await?;
    if app.version != request.version {
        return Err(stale(tx, &app, signed).await);
    }
    let effects = match effects(&app.case(), &signed.as_staff(), &action) {
        Ok(effects) => effects,
        Err(refusal_of_core) => return Err(refused(tx, refusal_of_core, &app, signed).await),
    };
    let withdrawal_at = request
        .command
        .requested_at()
        .map(|text| check_withdrawal_time(text, app.created_at, Utc::now()))
        .transpose()
        .map_err(|r| refusal(r, None))?;
    Ok(Prepared {
        app,
        action,
        effects,
        withdrawal_at,
    })
}

/// POST /api/staff/applications/{reference}/actions/check: what the action would do, as core
/// decides it, or why it can't be done: the same checks and answers as `…/actions`, nothing
/// stored. The console asks before its confirm step, so a decline with no reason or a
/// withdrawal with no time is refused there, not after "Yes".
pub async fn check_action(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
    request: ActionRequest,
) -> Result<ActionPreview, ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let prepared = prepare(&tx, signed, reference, &request).await?;
    tx.rollback().await?;
    Ok(ActionPreview {
        question: prepared.effects.question.into(),
        yes: prepared.effects.yes.into(),
        effects: prepared.effects.effects,
    })
}

/// POST /api/staff/applications/{reference}/actions: core's effects of the action stored in one
/// transaction: the status and holder, the rationale, the audit rows, the applicant's email.
pub async fn act(
    state: &StaffState,
    signed: &Signed,
    reference: &str,
    request: ActionRequest,
) -> Result<ActionDone, ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let Prepared {
        mut app,
        action,
        effects,
        withdrawal_at,
    } = prepare(&tx, signed, reference, &request).await?;
    let outcome = effects.outcome;
    let holder = outcome.hold.holder(app.assigned_to, signed.id);
    let recorded = store::record_decision(
        &tx,
        app.id,
        &Decision {
            status: outcome.status,
            first_approval_by: outcome.approved_by,
            information_request: match &action {
                Action::RequestInformation { message } => Some(message),
                _ => None,
            },
            decline_reason: match &action {
                Action::Decline { reason, .. } => Some(*reason),
                _ => None,
            },
            staff_id: signed.id,
            holder,
            withdrawal: match &action {
                Action::RecordWithdrawal { channel } => withdrawal_at.map(|at| (*channel, at)),
                _ => None,
            },
        },
    )
    .await?;
    app.version = recorded.version;
    app.status = outcome.status;
    app.first_approval_by = outcome.approved_by;
    app.assigned_to = holder;
    // The rationale's text lives in its own row (erased by purge); the audit row names it.
    let rationale_id = match (effects.rationale, action.rationale()) {
        (Some(kind), Some(text)) => {
            Some(store::add_rationale(&tx, app.id, signed.id, kind, text).await?)
        }
        _ => None,
    };
    for record in effects.audit_trail(rationale_id, withdrawal_at.map(rfc3339)) {
        audit::record(&tx, Some(signed.id), &app.reference, &record).await?;
    }
    // The applicant hears of what core says they hear of, once: the email is queued in this
    // transaction, keyed by the application and the version it records.
    if let (Some(kind), Some(recipient), Some(first_name)) =
        (effects.email, &recorded.recipient, &recorded.first_name)
    {
        super::emails::queue(
            &tx,
            &app.reference,
            kind,
            app.version,
            recipient,
            first_name,
            &state.config.public_origin,
        )
        .await?;
    }
    tx.commit().await?;
    if effects.email.is_some() {
        state.wake_mail();
    }
    Ok(ActionDone {
        state: current(&app, signed),
        done: effects.done.into(),
    })
}

/// Audit rows per page.
pub const AUDIT_PAGE_SIZE: i64 = 50;

fn filter(text: Option<&str>) -> Option<String> {
    text.map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// GET /api/staff/audit (auditors): newest first, filtered, one page at a time (keyset on the
/// id, which is the chain's order).
pub async fn audit_log(state: &StaffState, query: AuditQuery) -> Result<AuditPage, ApiError> {
    let event = match filter(query.action.as_deref()) {
        None => None,
        Some(code) => {
            Some(AuditEvent::parse(&code).ok_or(ApiError::BadRequest("Unknown event type."))?)
        }
    };
    // A date range in Sydney days, both ends included.
    let day = |text: Option<&str>| -> Result<Option<NaiveDate>, ApiError> {
        filter(text)
            .map(|t| {
                banksia_core::application::checks::parse_iso_date(&t)
                    .ok_or(ApiError::BadRequest("Dates are written YYYY-MM-DD."))
            })
            .transpose()
    };
    let (from, to) = (day(query.from.as_deref())?, day(query.to.as_deref())?);
    if let (Some(from), Some(to)) = (from, to)
        && from > to
    {
        return Err(ApiError::Invalid(
            "The range's first day is after its last day.".into(),
        ));
    }
    let filter = audit::PageFilter {
        event,
        reference: filter(query.reference.as_deref()).map(|r| reference_form(&r)),
        staff_email: filter(query.staff.as_deref()).map(|e| e.to_lowercase()),
        before: query.before,
        from: from.map(sydney_midnight),
        until: to.and_then(|d| d.succ_opt()).map(sydney_midnight),
        limit: AUDIT_PAGE_SIZE + 1,
    };
    let conn = state.pool.get().await?;
    let records = audit::page(&conn, &filter).await?;
    let more = records.len() as i64 > AUDIT_PAGE_SIZE;
    let rows: Vec<AuditEntry> = records
        .into_iter()
        .take(AUDIT_PAGE_SIZE as usize)
        .map(|r| AuditEntry {
            id: r.id,
            at: rfc3339(r.at),
            staff: r.staff_email,
            description: describe(r.event, &r.detail),
            action: r.event,
            application_reference: r.application_reference,
            detail_lines: detail_lines(&r.detail),
            detail: r.detail.to_string(),
        })
        .collect();
    let next_before = if more {
        rows.last().map(|r| r.id)
    } else {
        None
    };
    Ok(AuditPage {
        rows,
        next_before,
        event_types: AuditEvent::ALL
            .iter()
            .map(|&code| AuditEventOption {
                code,
                label: code.label().to_owned(),
            })
            .collect(),
    })
}

/// An audit row's detail for a person: one `key: value` line per field, keys in words, lists
/// joined, empty values left out (the JSON itself stays in `detail`).
fn detail_lines(detail: &serde_json::Value) -> Vec<String> {
    fn text(value: &serde_json::Value) -> Option<String> {
        match value {
            serde_json::Value::Null => None,
            serde_json::Value::String(s) => Some(s.clone()),
            serde_json::Value::Array(items) => {
                let parts: Vec<String> = items.iter().filter_map(text).collect();
                Some(if parts.is_empty() {
                    "none".into()
                } else {
                    parts.join(", ")
                })
            }
            serde_json::Value::Bool(b) => Some(if *b { "yes" } else { "no" }.into()),
            other => Some(other.to_string()),
        }
    }
    let Some(fields) = detail.as_object() else {
        return text(detail).into_iter().collect();
    };
    fields
        .iter()
        .filter_map(|(key, value)| {
            text(value).map(|v| {
                let mut words = key.replace('_', " ");
                if let Some(first) = words.get_mut(0..1) {
                    first.make_ascii_uppercase();
                }
                format!("{words}: {v}")
            })
        })
        .collect()
}

/// GET /api/staff/audit/verify (auditors): the chain checked from its first row, as
/// `banksia-server audit verify` does.
pub async fn audit_verify(state: &StaffState) -> Result<AuditVerification, ApiError> {
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
    fn a_search_term_is_a_literal_pattern_with_gaps_between_words() {
        assert_eq!(search_pattern("sam nguyen"), "%sam%nguyen%");
        assert_eq!(search_pattern("  nguy "), "%nguy%");
        assert_eq!(search_pattern("50%_a\\b"), "%50\\%\\_a\\\\b%");
    }

    #[test]
    fn whole_emails_are_told_from_parts() {
        assert!(is_whole_email("sam.nguyen@example.com"));
        assert!(!is_whole_email("ana@lee"));
        assert!(!is_whole_email("@example.com"));
        assert!(!is_whole_email("sam nguyen@example.com"));
        assert!(!is_whole_email("nguyen"));
    }

    use serde_json::json;

    #[test]
    fn audit_detail_reads_as_lines() {
        let detail = json!({"staff_id": 3, "roles": ["reviewer", "auditor"], "search": null,
                            "page": false, "pending": "staff_invites"});
        assert_eq!(
            detail_lines(&detail),
            [
                "Page: no",
                "Pending: staff_invites",
                "Roles: reviewer, auditor",
                "Staff id: 3"
            ]
        );
        assert!(detail_lines(&json!({})).is_empty());
    }

    #[test]
    fn cursors_round_trip() {
        let at = DateTime::from_timestamp_micros(1_772_373_600_123_456).unwrap();
        assert_eq!(decode_cursor(&encode_cursor(at, 42)), Some((at, 42)));
        assert_eq!(decode_cursor("x.1"), None);
        assert_eq!(decode_cursor("12"), None);
    }
}
