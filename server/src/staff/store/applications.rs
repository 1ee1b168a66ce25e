//! The application aggregate as the bank's side reads and changes it: one place for its SQL,
//! every row read by column name into core's types (`Status`, `AccountType`, …, through their
//! `FromSql`), so a stored code core does not know is an error, never a default.

use banksia_core::application::AccountApplication;
use banksia_core::application::AccountType;
use banksia_core::review::decisions::{RationaleKind, WithdrawalChannel};
use banksia_core::review::events::{AuditEvent, EmailKind};
use banksia_core::review::{Case, DeclineReason, MaskParts, Role, Status};
use banksia_wire::staff::QUEUE_COUNT_CAP;
use chrono::{DateTime, NaiveDate, Utc};
use deadpool_postgres::GenericClient;
use rust_decimal::Decimal;
use tokio_postgres::{Error, Row};

use crate::id_keys::Sealed;

/// The columns every read of an application's state takes (see [`StoredApplication`]).
const STATE_COLUMNS: &str = "a.id, a.reference, a.created_at, a.application_type, a.status, \
     a.version, a.first_approval_by, a.assigned_to, \
     (SELECT r.staff_id FROM application_rationales r WHERE r.application_id = a.id \
        AND r.kind IN ('recommend_approve', 'recommend_decline') ORDER BY r.id DESC LIMIT 1) \
        AS recommended_by, \
     a.personal_data_erased_at IS NOT NULL AS erased";

/// An application's review state: what the rules and the version check need.
#[derive(Debug, Clone)]
pub struct StoredApplication {
    pub id: i64,
    pub reference: String,
    pub created_at: DateTime<Utc>,
    pub account_type: AccountType,
    pub status: Status,
    pub version: i32,
    pub first_approval_by: Option<i64>,
    pub assigned_to: Option<i64>,
    /// Who wrote the latest recommendation (core keeps them from deciding it).
    pub recommended_by: Option<i64>,
    /// The retention run erased its personal data: nothing more may be written to it.
    pub erased: bool,
}

impl StoredApplication {
    fn from_row(row: &Row) -> Result<Self, Error> {
        Ok(Self {
            id: row.try_get("id")?,
            reference: row.try_get("reference")?,
            created_at: row.try_get("created_at")?,
            account_type: row.try_get("application_type")?,
            status: row.try_get("status")?,
            version: row.try_get("version")?,
            first_approval_by: row.try_get("first_approval_by")?,
            assigned_to: row.try_get("assigned_to")?,
            recommended_by: row.try_get("recommended_by")?,
            erased: row.try_get("erased")?,
        })
    }

    /// The case core's rules decide on.
    pub fn case(&self) -> Case {
        Case {
            status: self.status,
            account_type: self.account_type,
            approved_by: self.first_approval_by,
            recommended_by: self.recommended_by,
            holder: self.assigned_to,
        }
    }
}

/// Locks an application's row for a change (`FOR UPDATE`); `None` if there is none.
pub async fn lock<C: GenericClient>(
    client: &C,
    reference: &str,
) -> Result<Option<StoredApplication>, Error> {
    client
        .query_opt(
            &format!(
                "SELECT {STATE_COLUMNS} FROM account_applications a WHERE a.reference = $1 FOR UPDATE"
            ),
            &[&reference],
        )
        .await?
        .map(|row| StoredApplication::from_row(&row))
        .transpose()
}

/// The queue's filter, already checked.
#[derive(Debug)]
pub struct QueueFilter {
    /// Only the open ones among them when `overdue_only`.
    pub statuses: Vec<Status>,
    pub account_type: Option<AccountType>,
    /// A LIKE pattern over reference, "first last" and email, lower-cased and escaped.
    pub search_pattern: Option<String>,
    /// The term as a whole reference (core's canonical form) or a whole email (lower-cased),
    /// looked up exactly; `search_pattern` is None then.
    pub search_reference: Option<String>,
    /// An open application submitted before this moment is overdue.
    pub overdue_before: DateTime<Utc>,
    pub overdue_only: bool,
    pub approval_pending_only: bool,
    /// Only those claimed by this staff member.
    pub assigned_to: Option<i64>,
    pub unassigned_only: bool,
    pub newest_first: bool,
    /// The keyset cursor: rows after this (created_at, id) in the order asked for.
    pub after: Option<(DateTime<Utc>, i64)>,
    pub limit: i64,
}

/// One queue row.
#[derive(Debug)]
pub struct QueueRecord {
    pub id: i64,
    pub reference: String,
    pub created_at: DateTime<Utc>,
    pub account_type: AccountType,
    pub status: Status,
    /// None once the personal data is erased.
    pub applicant_name: Option<String>,
    pub assigned_to: Option<i64>,
    pub assignee_name: Option<String>,
    pub approval_pending: bool,
}

/// What the queue shows of each row (`a` the application, `s` its holder).
const QUEUE_COLUMNS: &str = "a.id, a.reference, a.created_at, a.application_type, \
     a.first_name, a.last_name, a.status, a.assigned_to, s.display_name AS assignee, \
     a.first_approval_by IS NOT NULL AS approval_pending";

/// The cursor's comparison and the order of a page: due soonest walks (created_at, id) forward,
/// newest first backwards.
const fn keyset_order(newest_first: bool) -> (&'static str, &'static str) {
    if newest_first {
        ("<", "DESC")
    } else {
        (">", "ASC")
    }
}

/// The queue's filters, $1 to $9 (EXPLAINed by `benches/load/staff.sh`).
pub const QUEUE_FILTER: &str = include_str!("queue_filter.sql");

/// The queue's page statement in one order: the filters, then $10/$11 the keyset cursor and
/// $12 the page size plus one. Both orders walk the (created_at, id) indexes, one of them
/// backwards.
pub fn queue_statement(newest_first: bool) -> String {
    let (after, order) = keyset_order(newest_first);
    format!(
        "SELECT {QUEUE_COLUMNS}\nFROM account_applications a LEFT JOIN staff s ON s.id = a.assigned_to\n{QUEUE_FILTER}\n  AND ($10::timestamptz IS NULL OR (a.created_at, a.id) {after} ($10, $11))\n\
         ORDER BY a.created_at {order}, a.id {order}\nLIMIT $12"
    )
}

/// The queue's counts: the filters, and $10 the open statuses (an overdue one is open). Each
/// count stops at [`QUEUE_COUNT_CAP`] + 1 rows, so a broad listing (every status, three years of
/// applications) costs what counting 10,001 index entries costs, not the whole table; the
/// console says "more than 10,000" then.
pub fn queue_counts_statement() -> String {
    let limit = QUEUE_COUNT_CAP + 1;
    format!(
        "SELECT (SELECT count(*) FROM (SELECT 1 FROM account_applications a\n{QUEUE_FILTER}\n  LIMIT {limit}) AS matched) AS total, \
         (SELECT count(*) FROM (SELECT 1 FROM account_applications a\n{QUEUE_FILTER}\n  \
         AND a.created_at < $5 AND a.status = ANY($10) LIMIT {limit}) AS late) AS overdue"
    )
}

/// A search's page and counts in one statement: the filters (with $3, a part of a term) find the
/// matches once (`MATERIALIZED`: a bitmap of the trigram index, whichever order is asked), the
/// counts are theirs ($13 the open statuses), and the page is the first $12 after the cursor
/// ($10, $11), joined back for its columns. Two statements read the trigram index twice, and the
/// page alone, planned for many matches, could walk the whole queue in date order to find a
/// rare name. Always at least one row: the counts, with NULL columns when the page is empty.
pub fn queue_search_statement(newest_first: bool) -> String {
    let (after, order) = keyset_order(newest_first);
    format!(
        "WITH matched AS MATERIALIZED (\n  SELECT a.id, a.created_at, a.status FROM account_applications a\n{QUEUE_FILTER}\n),\n\
         counts AS (SELECT count(*) AS total, \
         count(*) FILTER (WHERE created_at < $5 AND status = ANY($13)) AS overdue FROM matched),\n\
         page AS (SELECT id, created_at FROM matched \
         WHERE $10::timestamptz IS NULL OR (created_at, id) {after} ($10, $11) \
         ORDER BY created_at {order}, id {order} LIMIT $12)\n\
         SELECT c.total, c.overdue, {QUEUE_COLUMNS}\n\
         FROM counts c LEFT JOIN (page p JOIN account_applications a ON a.id = p.id \
         LEFT JOIN staff s ON s.id = a.assigned_to) ON true\n\
         ORDER BY p.created_at {order}, p.id {order}"
    )
}

impl QueueFilter {
    fn params(&self) -> [&(dyn tokio_postgres::types::ToSql + Sync); 9] {
        [
            &self.statuses,
            &self.account_type,
            &self.search_pattern,
            &self.search_reference,
            &self.overdue_before,
            &self.overdue_only,
            &self.approval_pending_only,
            &self.assigned_to,
            &self.unassigned_only,
        ]
    }
}

/// One page of the queue and its counts.
#[derive(Debug)]
pub struct QueueResult {
    /// `filter.limit` rows at most, in the order asked for.
    pub records: Vec<QueueRecord>,
    /// How many match; without a search, counted up to [`QUEUE_COUNT_CAP`] + 1.
    pub total: i64,
    /// How many of those are overdue, counted the same way.
    pub overdue: i64,
}

/// One page of the queue and its counts. A listing runs the page statement (an index walk in
/// queue order) and the capped counts; a search by part of a term runs one statement that finds
/// its matches once, through the trigram index, and takes the page and the counts from them.
pub async fn queue<C: GenericClient>(
    client: &C,
    filter: &QueueFilter,
    open: &[Status],
) -> Result<QueueResult, Error> {
    let (after_at, after_id) = match filter.after {
        Some((at, id)) => (Some(at), id),
        None => (None, 0),
    };
    let open = open.to_vec();
    let mut params: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> = filter.params().to_vec();
    params.extend([
        &after_at as &(dyn tokio_postgres::types::ToSql + Sync),
        &after_id,
        &filter.limit,
    ]);
    if filter.search_pattern.is_some() {
        params.push(&open);
        let rows = client
            .query(
                queue_search_statement(filter.newest_first).as_str(),
                &params,
            )
            .await?;
        // Always one row at least (the counts), with no application when the page is empty.
        let (total, overdue) = match rows.first() {
            Some(row) => (row.try_get("total")?, row.try_get("overdue")?),
            None => (0, 0),
        };
        let mut records = vec![];
        for row in &rows {
            if row.try_get::<_, Option<i64>>("id")?.is_some() {
                records.push(queue_record(row)?);
            }
        }
        return Ok(QueueResult {
            records,
            total,
            overdue,
        });
    }
    let records = client
        .query(queue_statement(filter.newest_first).as_str(), &params)
        .await?
        .iter()
        .map(queue_record)
        .collect::<Result<_, _>>()?;
    let mut params: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> = filter.params().to_vec();
    params.push(&open);
    let row = client
        .query_one(queue_counts_statement().as_str(), &params)
        .await?;
    Ok(QueueResult {
        records,
        total: row.try_get("total")?,
        overdue: row.try_get("overdue")?,
    })
}

fn queue_record(row: &Row) -> Result<QueueRecord, Error> {
    let first: Option<String> = row.try_get("first_name")?;
    let last: Option<String> = row.try_get("last_name")?;
    Ok(QueueRecord {
        id: row.try_get("id")?,
        reference: row.try_get("reference")?,
        created_at: row.try_get("created_at")?,
        account_type: row.try_get("application_type")?,
        status: row.try_get("status")?,
        applicant_name: first.zip(last).map(|(f, l)| format!("{f} {l}")),
        assigned_to: row.try_get("assigned_to")?,
        assignee_name: row.try_get("assignee")?,
        approval_pending: row.try_get("approval_pending")?,
    })
}

/// Everything the case view shows of one application, as stored.
#[derive(Debug)]
pub struct CaseRecord {
    pub state: StoredApplication,
    /// The applicant's answers, the identification number masked; None once erased.
    pub answers: Option<AccountApplication>,
    pub information_request: Option<String>,
    pub decline_reason: Option<DeclineReason>,
    pub assignee_name: Option<String>,
    pub terms_version: Option<String>,
    pub privacy_notice_version: Option<String>,
    /// How and when the applicant asked to withdraw, once recorded.
    pub withdrawal: Option<(WithdrawalChannel, DateTime<Utc>)>,
    /// A TFN is stored (sealed) for it.
    pub has_tfn: bool,
}

/// The case of `reference`; `None` if there is none.
pub async fn case_record<C: GenericClient>(
    client: &C,
    reference: &str,
) -> Result<Option<CaseRecord>, Error> {
    let Some(row) = client
        .query_opt(
            &format!(
                "SELECT {STATE_COLUMNS}, a.first_name, a.last_name, a.email, a.phone, a.date_of_birth,
                        a.address_line1, a.address_line2, a.city, a.state, a.postal_code,
                        a.employment_status, a.annual_income, a.employer_name,
                        a.identification_type, a.identification_number,
                        a.identification_last3, a.identification_length,
                        a.initial_deposit_amount, a.terms_accepted, a.marketing_consent,
                        a.information_request, a.decline_reason, s.display_name AS assignee,
                        a.terms_version, a.privacy_notice_version,
                        a.withdrawal_channel, a.withdrawal_requested_at,
                        EXISTS (SELECT 1 FROM application_tax_residency t
                                WHERE t.application_id = a.id AND t.tfn_ciphertext IS NOT NULL) AS has_tfn
                 FROM account_applications a LEFT JOIN staff s ON s.id = a.assigned_to
                 WHERE a.reference = $1"
            ),
            &[&reference],
        )
        .await?
    else {
        return Ok(None);
    };
    let state = StoredApplication::from_row(&row)?;
    let answers = if state.erased {
        None
    } else {
        Some(stored_answers(&row, state.account_type)?)
    };
    Ok(Some(CaseRecord {
        answers,
        information_request: row.try_get("information_request")?,
        decline_reason: row.try_get("decline_reason")?,
        assignee_name: row.try_get("assignee")?,
        terms_version: row.try_get("terms_version")?,
        privacy_notice_version: row.try_get("privacy_notice_version")?,
        withdrawal: row
            .try_get::<_, Option<WithdrawalChannel>>("withdrawal_channel")?
            .zip(row.try_get::<_, Option<DateTime<Utc>>>("withdrawal_requested_at")?),
        has_tfn: row.try_get("has_tfn")?,
        state,
    }))
}

/// The applicant's answers from a row of a case not erased: NOT NULL columns then, so a NULL
/// is an error. The identification number is masked: from the clear value of a row stored
/// before encryption, or from the parts kept beside the ciphertext.
fn stored_answers(row: &Row, account_type: AccountType) -> Result<AccountApplication, Error> {
    let identification_number = match row.try_get::<_, Option<String>>("identification_number")? {
        Some(clear) => MaskParts::of(&clear).masked(),
        None => {
            let length: i32 = row.try_get("identification_length")?;
            MaskParts {
                last3: row.try_get("identification_last3")?,
                length: usize::try_from(length).unwrap_or_default(),
            }
            .masked()
        }
    };
    Ok(AccountApplication {
        application_type: account_type,
        first_name: row.try_get("first_name")?,
        last_name: row.try_get("last_name")?,
        email: row.try_get("email")?,
        phone: row.try_get("phone")?,
        date_of_birth: row.try_get::<_, NaiveDate>("date_of_birth")?,
        address_line1: row.try_get("address_line1")?,
        address_line2: row.try_get("address_line2")?,
        city: row.try_get("city")?,
        state: row.try_get("state")?,
        postal_code: row.try_get("postal_code")?,
        employment_status: row.try_get("employment_status")?,
        annual_income: row.try_get::<_, Decimal>("annual_income")?,
        employer_name: row.try_get("employer_name")?,
        identification_type: row.try_get("identification_type")?,
        identification_number,
        initial_deposit_amount: row.try_get::<_, Decimal>("initial_deposit_amount")?,
        terms_accepted: row.try_get("terms_accepted")?,
        marketing_consent: row.try_get("marketing_consent")?,
    })
}

/// An internal note.
#[derive(Debug)]
pub struct NoteRecord {
    pub at: DateTime<Utc>,
    pub author: String,
    /// None once the personal data is erased.
    pub body: Option<String>,
}

/// The notes of an application, oldest first.
pub async fn notes<C: GenericClient>(
    client: &C,
    application_id: i64,
) -> Result<Vec<NoteRecord>, Error> {
    client
        .query(
            "SELECT n.created_at, s.display_name, n.body FROM application_notes n
             JOIN staff s ON s.id = n.staff_id WHERE n.application_id = $1 ORDER BY n.id",
            &[&application_id],
        )
        .await?
        .iter()
        .map(|row| {
            Ok(NoteRecord {
                at: row.try_get("created_at")?,
                author: row.try_get("display_name")?,
                body: row.try_get("body")?,
            })
        })
        .collect()
}

/// Adds a note; when it was written.
pub async fn add_note<C: GenericClient>(
    client: &C,
    application_id: i64,
    staff_id: i64,
    body: &str,
) -> Result<DateTime<Utc>, Error> {
    client
        .query_one(
            "INSERT INTO application_notes (application_id, staff_id, body) VALUES ($1, $2, $3)
             RETURNING created_at",
            &[&application_id, &staff_id, &body],
        )
        .await?
        .try_get("created_at")
}

/// One audit row about an application, for its timeline.
#[derive(Debug)]
pub struct TrailRecord {
    pub at: DateTime<Utc>,
    pub event: AuditEvent,
    pub detail: serde_json::Value,
    pub by: Option<String>,
}

/// The audit rows naming `reference`, in the chain's order.
pub async fn audit_trail<C: GenericClient>(
    client: &C,
    reference: &str,
) -> Result<Vec<TrailRecord>, Error> {
    client
        .query(
            "SELECT a.at, a.action, a.detail, s.display_name FROM staff_audit a
             LEFT JOIN staff s ON s.id = a.staff_id
             WHERE a.application_reference = $1 ORDER BY a.id",
            &[&reference],
        )
        .await?
        .iter()
        .map(|row| {
            Ok(TrailRecord {
                at: row.try_get("at")?,
                event: row.try_get("action")?,
                detail: row.try_get("detail")?,
                by: row.try_get("display_name")?,
            })
        })
        .collect()
}

/// The emails sent to the applicant about `reference`: when, and which.
pub async fn emails_sent<C: GenericClient>(
    client: &C,
    reference: &str,
) -> Result<Vec<(DateTime<Utc>, EmailKind)>, Error> {
    client
        .query(
            "SELECT sent_at, $2::text AS kind FROM email_outbox
             WHERE reference = $1 AND sent_at IS NOT NULL
             UNION ALL
             SELECT sent_at, kind FROM application_emails WHERE reference = $1 AND sent_at IS NOT NULL
             ORDER BY 1",
            &[&reference, &EmailKind::Confirmation],
        )
        .await?
        .iter()
        .map(|row| Ok((row.try_get("sent_at")?, row.try_get("kind")?)))
        .collect()
}

/// True when `staff_id` opened the case within the last `minutes` (a reload is the same view).
pub async fn viewed_lately<C: GenericClient>(
    client: &C,
    reference: &str,
    staff_id: i64,
    minutes: i32,
) -> Result<bool, Error> {
    Ok(client
        .query_opt(
            "SELECT 1 FROM staff_audit
             WHERE application_reference = $1 AND staff_id = $2 AND action = $4
               AND at > now() - make_interval(mins => $3)",
            &[&reference, &staff_id, &minutes, &AuditEvent::Viewed],
        )
        .await?
        .is_some())
}

/// The identification number as stored: in clear (a row from before encryption), sealed, or
/// erased.
#[derive(Debug)]
pub enum StoredIdentification {
    Clear(String),
    Sealed(Sealed),
    Erased,
}

/// The stored identification number of `reference`; `None` if there is no such application.
pub async fn identification<C: GenericClient>(
    client: &C,
    reference: &str,
) -> Result<Option<StoredIdentification>, Error> {
    let Some(row) = client
        .query_opt(
            "SELECT identification_number, identification_ciphertext, identification_key_id
             FROM account_applications WHERE reference = $1",
            &[&reference],
        )
        .await?
    else {
        return Ok(None);
    };
    let clear: Option<String> = row.try_get("identification_number")?;
    let ciphertext: Option<Vec<u8>> = row.try_get("identification_ciphertext")?;
    let key_id: Option<String> = row.try_get("identification_key_id")?;
    Ok(Some(match (clear, ciphertext, key_id) {
        (Some(clear), _, _) => StoredIdentification::Clear(clear),
        (None, Some(ciphertext), Some(key_id)) => {
            StoredIdentification::Sealed(Sealed { ciphertext, key_id })
        }
        _ => StoredIdentification::Erased,
    }))
}

/// Sets who holds the application (`None`: nobody); its new version.
pub async fn set_holder<C: GenericClient>(
    client: &C,
    application_id: i64,
    holder: Option<i64>,
) -> Result<i32, Error> {
    client
        .query_one(
            "UPDATE account_applications SET assigned_to = $2, version = version + 1
             WHERE id = $1 RETURNING version",
            &[&application_id, &holder],
        )
        .await?
        .try_get("version")
}

/// A colleague a case may be handed to: active, and a role that may claim.
pub async fn colleagues<C: GenericClient>(client: &C) -> Result<Vec<(i64, String)>, Error> {
    client
        .query(
            "SELECT id, display_name FROM staff
             WHERE active AND roles && $1::text[] ORDER BY display_name, id",
            &[&[Role::Reviewer, Role::Approver].as_slice()],
        )
        .await?
        .iter()
        .map(|row| Ok((row.try_get("id")?, row.try_get("display_name")?)))
        .collect()
}

/// An active staff member's name and roles; `None` if there is no such active member.
pub async fn active_member<C: GenericClient>(
    client: &C,
    id: i64,
) -> Result<Option<(String, Vec<Role>)>, Error> {
    client
        .query_opt(
            "SELECT display_name, roles FROM staff WHERE id = $1 AND active",
            &[&id],
        )
        .await?
        .map(|row| Ok((row.try_get("display_name")?, row.try_get("roles")?)))
        .transpose()
}

/// A staff member's name, whatever their state.
pub async fn staff_name<C: GenericClient>(client: &C, id: i64) -> Result<Option<String>, Error> {
    client
        .query_opt("SELECT display_name FROM staff WHERE id = $1", &[&id])
        .await?
        .map(|row| row.try_get("display_name"))
        .transpose()
}

/// A recommendation's or decision's rationale, as stored.
#[derive(Debug)]
pub struct RationaleRecord {
    pub at: DateTime<Utc>,
    pub by: String,
    pub kind: RationaleKind,
    /// None once the personal data is erased.
    pub rationale: Option<String>,
}

/// The rationales of an application, oldest first.
pub async fn rationales<C: GenericClient>(
    client: &C,
    application_id: i64,
) -> Result<Vec<RationaleRecord>, Error> {
    client
        .query(
            "SELECT r.created_at, s.display_name, r.kind, r.rationale FROM application_rationales r
             JOIN staff s ON s.id = r.staff_id WHERE r.application_id = $1 ORDER BY r.id",
            &[&application_id],
        )
        .await?
        .iter()
        .map(|row| {
            Ok(RationaleRecord {
                at: row.try_get("created_at")?,
                by: row.try_get("display_name")?,
                kind: row.try_get("kind")?,
                rationale: row.try_get("rationale")?,
            })
        })
        .collect()
}

/// Stores a rationale; its row's id (the audit row names it).
pub async fn add_rationale<C: GenericClient>(
    client: &C,
    application_id: i64,
    staff_id: i64,
    kind: RationaleKind,
    rationale: &str,
) -> Result<i64, Error> {
    client
        .query_one(
            "INSERT INTO application_rationales (application_id, staff_id, kind, rationale)
             VALUES ($1, $2, $3, $4) RETURNING id",
            &[&application_id, &staff_id, &kind, &rationale],
        )
        .await?
        .try_get("id")
}

/// The latest change of the case by a person (what a stale view missed): when, who, and the
/// audit row's event and detail.
pub async fn last_change<C: GenericClient>(
    client: &C,
    reference: &str,
) -> Result<Option<(DateTime<Utc>, String, AuditEvent, serde_json::Value)>, Error> {
    client
        .query_opt(
            "SELECT a.at, s.display_name, a.action, a.detail FROM staff_audit a
             JOIN staff s ON s.id = a.staff_id
             WHERE a.application_reference = $1 AND a.action = ANY($2)
             ORDER BY a.id DESC LIMIT 1",
            &[
                &reference,
                &[
                    AuditEvent::Action,
                    AuditEvent::Claimed,
                    AuditEvent::Released,
                    AuditEvent::Reassigned,
                    AuditEvent::TakenOver,
                    AuditEvent::Recommended,
                ]
                .as_slice(),
            ],
        )
        .await?
        .map(|row| {
            Ok((
                row.try_get("at")?,
                row.try_get("display_name")?,
                row.try_get("action")?,
                row.try_get("detail")?,
            ))
        })
        .transpose()
}

/// The sealed TFN of `reference`: `Ok(None)` when there is no application; `Some(None)` when no
/// TFN is stored (not given, or erased).
pub async fn tfn<C: GenericClient>(
    client: &C,
    reference: &str,
) -> Result<Option<Option<Sealed>>, Error> {
    let Some(row) = client
        .query_opt(
            "SELECT t.tfn_ciphertext, t.tfn_key_id FROM account_applications a
             LEFT JOIN application_tax_residency t ON t.application_id = a.id
             WHERE a.reference = $1",
            &[&reference],
        )
        .await?
    else {
        return Ok(None);
    };
    let ciphertext: Option<Vec<u8>> = row.try_get("tfn_ciphertext")?;
    let key_id: Option<String> = row.try_get("tfn_key_id")?;
    Ok(Some(
        ciphertext
            .zip(key_id)
            .map(|(ciphertext, key_id)| Sealed { ciphertext, key_id }),
    ))
}

/// A review action's outcome, to be written.
#[derive(Debug)]
pub struct Decision<'a> {
    pub status: Status,
    pub first_approval_by: Option<i64>,
    /// A new information request's message (None keeps the earlier one).
    pub information_request: Option<&'a str>,
    pub decline_reason: Option<DeclineReason>,
    /// Who acted (recorded as the decider of a final status).
    pub staff_id: i64,
    /// Who holds the case afterwards (core's `Hold`: kept, claimed by the actor, or released).
    pub holder: Option<i64>,
    /// A withdrawal's channel and when the applicant asked.
    pub withdrawal: Option<(WithdrawalChannel, DateTime<Utc>)>,
}

/// What the applicant's email about a decision needs, read back in the same statement.
#[derive(Debug)]
pub struct Recorded {
    pub version: i32,
    /// None once erased (no email then).
    pub recipient: Option<String>,
    pub first_name: Option<String>,
}

/// Writes a review action's outcome.
pub async fn record_decision<C: GenericClient>(
    client: &C,
    application_id: i64,
    decision: &Decision<'_>,
) -> Result<Recorded, Error> {
    let decided = decision.status.is_final();
    let row = client
        .query_one(
            "UPDATE account_applications SET
                 status = $2, first_approval_by = $3, version = version + 1,
                 status_changed_at = CASE WHEN status = $2 THEN status_changed_at ELSE now() END,
                 information_request = CASE WHEN $4::text IS NULL THEN information_request ELSE $4 END,
                 decline_reason = $5,
                 decided_at = CASE WHEN $6 THEN now() ELSE decided_at END,
                 decided_by = CASE WHEN $6 THEN $7 ELSE decided_by END,
                 assigned_to = $8,
                 withdrawal_channel = $9, withdrawal_requested_at = $10
             WHERE id = $1
             RETURNING version, email, first_name",
            &[
                &application_id,
                &decision.status,
                &decision.first_approval_by,
                &decision.information_request,
                &decision.decline_reason,
                &decided,
                &decision.staff_id,
                &decision.holder,
                &decision.withdrawal.map(|(channel, _)| channel),
                &decision.withdrawal.map(|(_, at)| at),
            ],
        )
        .await?;
    Ok(Recorded {
        version: row.try_get("version")?,
        recipient: row.try_get("email")?,
        first_name: row.try_get("first_name")?,
    })
}
