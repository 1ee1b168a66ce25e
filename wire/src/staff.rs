//! The bodies of the staff API (`/api/staff/…`), in one place: the server writes and reads them
//! with serde, and the staff console (`site/src/components/staff/`) types its calls with this
//! crate's generated TypeScript, so neither side declares them again.
//!
//! ```
//! use banksia_core::review::{ActionKind, Status};
//! use banksia_wire::staff::{CurrentState, StaffErrorBody};
//!
//! let body = StaffErrorBody {
//!     error: "This application was changed by someone else.".into(),
//!     current: Some(CurrentState {
//!         status: Status::UnderReview,
//!         version: 3,
//!         approval_pending: false,
//!         allowed_actions: vec![ActionKind::Approve],
//!     }),
//! };
//! assert_eq!(
//!     serde_json::to_string(&body).unwrap(),
//!     r#"{"error":"This application was changed by someone else.","current":{"status":"under_review","version":3,"approval_pending":false,"allowed_actions":["approve"]}}"#
//! );
//! ```

use serde::{Deserialize, Serialize};

use banksia_core::application::{AccountType, FieldMessages, SummaryRow};
use banksia_core::review::commands::ActionCommand;
/// The queue's filters are core's (its audit row records them); the console names them from here.
pub use banksia_core::review::commands::{QueueAssignment, QueueSort};
use banksia_core::review::decisions::{RationaleKind, Recommendation, WithdrawalChannel};
use banksia_core::review::events::AuditEvent;
use banksia_core::review::reveal::{RevealReason, RevealedField};
use banksia_core::review::{ActionKind, DeclineReason, Permission, Role, Status};

/// Every staff error: a message, and for a 409 the application's state now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct StaffErrorBody {
    /// What went wrong, for a person.
    pub error: String,
    /// The application's current state (409 only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<CurrentState>,
}

/// An application's state as an action left it (or found it, on a 409).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CurrentState {
    /// Its status.
    pub status: Status,
    /// Its version: send it with the next change.
    pub version: i32,
    /// A business account's first approval waits for a second approver.
    pub approval_pending: bool,
    /// What the caller may do now (core's `allowed_actions`).
    pub allowed_actions: Vec<ActionKind>,
}

/// What `POST /api/staff/sign-in/finish`, `…/register/finish` and `…/sign-out` answer beside the
/// session cookie they set or clear: `{"signed_in": true}`, `{"registered": true}` or
/// `{"signed_out": true}` (the value is always `true`; the key says which happened).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SessionChange {
    /// A passkey signed in.
    SignedIn(bool),
    /// A passkey was registered, and its session started.
    Registered(bool),
    /// The session ended.
    SignedOut(bool),
}

/// `GET /api/staff/me`: who is signed in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct StaffMe {
    /// Staff id.
    pub id: i64,
    /// Email address.
    pub email: String,
    /// Name shown in the console.
    pub display_name: String,
    /// Roles held.
    pub roles: Vec<Role>,
    /// What those roles allow.
    pub permissions: Vec<Permission>,
    /// The session ends after this many seconds without a call (`STAFF_SESSION_IDLE_MINUTES`):
    /// the console warns before then and clears the screen when it happens.
    pub session_idle_seconds: u32,
    /// When the session ends whatever the activity (RFC 3339; `STAFF_SESSION_ABSOLUTE_HOURS`
    /// after sign-in): no call extends it.
    pub session_ends_at: String,
    /// Seconds from this answer to that end, so the console times its warning on its own clock
    /// whatever that clock says.
    pub session_seconds_left: u32,
}

/// `GET /api/staff/applications?…`: the queue's query string.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct QueueQuery {
    /// A status code, `open` (the default: under review or information requested) or `all`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub status: Option<String>,
    /// An account type code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub account_type: Option<String>,
    /// Part of a reference, a name ("Sam Nguyen", "Nguy") or an email, ignoring case; at least
    /// [`QUEUE_SEARCH_MIN_CHARS`] characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub q: Option<String>,
    /// Only the overdue ones (still open, past their due date).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub overdue: Option<bool>,
    /// Only the business accounts whose first approval waits for a second approver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub approval_pending: Option<bool>,
    /// Only those claimed by the caller, or by nobody.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub assigned: Option<QueueAssignment>,
    /// The order (default: due date, soonest first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub sort: Option<QueueSort>,
    /// The `next_after` of the previous page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub after: Option<String>,
}

/// The shortest queue search: fewer characters would list most of the table (and a trigram
/// index can't answer them).
pub const QUEUE_SEARCH_MIN_CHARS: usize = 3;

/// Where the queue's counts stop: a listing that matches more says "more than 10,000" rather
/// than count three years of applications on every page.
pub const QUEUE_COUNT_CAP: i64 = 10_000;

/// One row of the queue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct QueueRow {
    /// The application's reference.
    pub reference: String,
    /// When it was submitted (RFC 3339, UTC).
    pub submitted_at: String,
    /// The account applied for.
    pub account_type: AccountType,
    /// Its name.
    pub account_label: String,
    /// Applicant's name as entered.
    pub applicant_name: String,
    /// Status.
    pub status: Status,
    /// Status label.
    pub status_label: String,
    /// Business days since submission.
    pub age_business_days: u32,
    /// The day it is to be decided by (`YYYY-MM-DD`, the bank's date; core's `due_date`).
    pub due_date: String,
    /// Past its due date and still open.
    pub overdue: bool,
    /// Who claimed it, if anyone.
    pub assigned_to: Option<String>,
    /// The caller claimed it.
    pub assigned_to_me: bool,
    /// A business account's approval waits for a second approver.
    pub approval_pending: bool,
}

/// `GET /api/staff/applications`: one page of the queue, in the order asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct QueuePage {
    /// The rows.
    pub rows: Vec<QueueRow>,
    /// Pass as `after` for the next page; null on the last.
    pub next_after: Option<String>,
    /// How many applications match the filters (every page), at most [`QUEUE_COUNT_CAP`].
    pub total: i64,
    /// More than `total` match: counting stopped at [`QUEUE_COUNT_CAP`].
    pub total_capped: bool,
    /// How many of those are overdue, at most [`QUEUE_COUNT_CAP`].
    pub overdue: i64,
    /// More than `overdue` are overdue: counting stopped at [`QUEUE_COUNT_CAP`].
    pub overdue_capped: bool,
}

/// A note on an application.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct NoteView {
    /// When (RFC 3339).
    pub at: String,
    /// Who wrote it.
    pub author: String,
    /// The note (null once the application's personal data was erased).
    pub body: Option<String>,
}

/// One event of an application's timeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct TimelineEntry {
    /// When (RFC 3339).
    pub at: String,
    /// What happened, for a person.
    pub what: String,
    /// Who did it (a staff member's name), if a person.
    pub by: Option<String>,
}

/// An action the caller may take, with its label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ActionOffer {
    /// The action.
    pub kind: ActionKind,
    /// Its button's label.
    pub label: String,
}

/// A decline reason to choose from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ReasonOption {
    /// Its code.
    pub code: DeclineReason,
    /// Its label.
    pub label: String,
}

/// `GET /api/staff/applications/{reference}`: the case view (the view is audited).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CaseView {
    /// Reference.
    pub reference: String,
    /// Submitted (RFC 3339).
    pub submitted_at: String,
    /// Account applied for.
    pub account_type: AccountType,
    /// Its name.
    pub account_label: String,
    /// Status, version, pending approval and the caller's actions.
    pub state: CurrentState,
    /// Status label.
    pub status_label: String,
    /// Business days since submission.
    pub age_business_days: u32,
    /// Overdue.
    pub overdue: bool,
    /// Who claimed it.
    pub assigned_to: Option<String>,
    /// The caller claimed it.
    pub assigned_to_me: bool,
    /// Every answer with core's labels; the identification number masked to its last 3.
    pub answers: Vec<SummaryRow>,
    /// core's warnings on the answers (e.g. a postcode outside the chosen state).
    pub warnings: FieldMessages,
    /// The latest information request's message.
    pub information_request: Option<String>,
    /// The decline reason, if declined.
    pub decline_reason: Option<ReasonOption>,
    /// Notes, oldest first.
    pub notes: Vec<NoteView>,
    /// Submitted, viewed, notes, status changes, emails: oldest first.
    pub timeline: Vec<TimelineEntry>,
    /// The caller's actions with labels.
    pub actions: Vec<ActionOffer>,
    /// The reasons a decline may give.
    pub decline_reasons: Vec<ReasonOption>,
    /// The caller may reveal the identification number (audited).
    pub can_reveal: bool,
    /// The caller may write notes.
    pub can_note: bool,
    /// The caller may claim it.
    pub can_claim: bool,
    /// The personal data was erased under the retention policy.
    pub erased: bool,
    /// The business, its owners and controllers, and the tax residencies, as stored (none once
    /// erased).
    pub details: Option<CaseDetails>,
    /// The applicant's name, for the confirm step's restatement (none once erased).
    pub applicant_name: Option<String>,
    /// The opening deposit the applicant intends, formatted (`$50`; none once erased).
    pub initial_deposit: Option<String>,
    /// The version of the terms and conditions the applicant accepted (none before V9).
    pub terms_version: Option<String>,
    /// The version of the privacy and collection notice shown to them.
    pub privacy_notice_version: Option<String>,
    /// The caller may release it (they hold it).
    pub can_release: bool,
    /// The caller may take it over from the colleague who holds it (recorded).
    pub can_take_over: bool,
    /// Colleagues the caller may hand it to (empty when they may not reassign it).
    pub reassign_to: Vec<Colleague>,
    /// Recommendations and decisions with their internal rationales, oldest first.
    pub rationales: Vec<RationaleView>,
    /// How and when the applicant asked to withdraw, once recorded.
    pub withdrawal: Option<WithdrawalView>,
    /// The ways an applicant may ask to withdraw, for the withdrawal's form.
    pub withdrawal_channels: Vec<ChannelOption>,
    /// What a reviewer may recommend.
    pub recommendation_options: Vec<RecommendationOption>,
    /// Why a number may be revealed, for the reveal's question.
    pub reveal_reasons: Vec<RevealReasonOption>,
    /// How long the console shows a revealed number before masking it again.
    pub reveal_shown_seconds: u32,
    /// The caller may reveal the TFN (one is stored; audited).
    pub can_reveal_tfn: bool,
}

/// A colleague a case may be handed to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Colleague {
    /// Staff id.
    pub id: i64,
    /// Name.
    pub name: String,
}

/// A recommendation or decision and its internal rationale.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct RationaleView {
    /// When (RFC 3339).
    pub at: String,
    /// Who.
    pub by: String,
    /// Which step.
    pub kind: RationaleKind,
    /// The step in words ("Recommended approval").
    pub label: String,
    /// The rationale (null once the personal data was erased).
    pub rationale: Option<String>,
}

/// A recorded withdrawal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct WithdrawalView {
    /// How the applicant asked.
    pub channel: WithdrawalChannel,
    /// Its label.
    pub channel_label: String,
    /// When they asked (RFC 3339).
    pub requested_at: String,
}

/// A withdrawal channel to choose from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ChannelOption {
    /// Its code.
    pub code: WithdrawalChannel,
    /// Its label.
    pub label: String,
}

/// A recommendation to choose from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct RecommendationOption {
    /// Its code.
    pub code: Recommendation,
    /// Its label.
    pub label: String,
}

/// A reason for a reveal to choose from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct RevealReasonOption {
    /// Its code.
    pub code: RevealReason,
    /// Its label.
    pub label: String,
}

/// `POST …/actions` and `…/actions/check`: the version the caller saw and the command, flat:
/// `{"version": 3, "action": "decline", "reason": "not_eligible", "rationale": "…"}`. Each
/// action takes exactly its own fields (core's [`ActionCommand`]); any other field is refused
/// when the body is read.
///
/// ```
/// use banksia_wire::staff::ActionRequest;
///
/// let read = |body: &str| serde_json::from_str::<ActionRequest>(body);
/// assert_eq!(read(r#"{"version":1,"action":"approve","rationale":"Identity verified."}"#).unwrap().version, 1);
/// // A decline's reason on an approval, or a field no action takes, is not an approval.
/// assert!(read(r#"{"version":1,"action":"approve","rationale":"Verified.","reason":"not_eligible"}"#).is_err());
/// assert!(read(r#"{"version":1,"action":"approve","colour":"red"}"#).is_err());
/// assert!(read(r#"{"version":1,"action":"delete"}"#).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ActionRequest {
    /// The version the caller saw.
    pub version: i32,
    /// The action and its fields.
    #[serde(flatten)]
    pub command: ActionCommand,
}

/// `POST …/actions`, `…/claim`, `…/release`, `…/take-over` and `…/reassign`: the application's
/// state afterwards, and what the console says of it (core's words: `review::effects`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ActionDone {
    /// The state now.
    #[serde(flatten)]
    pub state: CurrentState,
    /// What was done, for the console's message.
    pub done: String,
}

/// `POST …/actions/check`: what the action would do, decided by core before the confirm step
/// (nothing is stored): the step's question and button, and each effect in a sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ActionPreview {
    /// The confirm step's question.
    pub question: String,
    /// Its button.
    pub yes: String,
    /// What follows, one sentence each.
    pub effects: Vec<String>,
}

/// `POST …/claim`, `…/release` and `…/take-over`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ClaimRequest {
    /// The version the caller saw.
    pub version: i32,
}

/// `POST …/reassign`: hand the case to a colleague.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ReassignRequest {
    /// The version the caller saw.
    pub version: i32,
    /// The colleague's staff id.
    pub to: i64,
}

/// `POST …/reveal`: which number, and why (the reason is audited).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct RevealRequest {
    /// The identification number or the TFN.
    pub field: RevealedField,
    /// Why.
    pub reason: RevealReason,
}

/// `POST …/notes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct NoteRequest {
    /// The note.
    pub body: String,
}

/// `POST …/reveal`: the number in full (audited).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Revealed {
    /// Which number.
    pub field: RevealedField,
    /// The number.
    pub value: String,
}

/// A staff member, for administrators.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct StaffMember {
    /// Id.
    pub id: i64,
    /// Email.
    pub email: String,
    /// Name.
    pub display_name: String,
    /// Roles.
    pub roles: Vec<Role>,
    /// Not deactivated.
    pub active: bool,
}

/// A role as the console offers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct RoleOption {
    /// The code.
    pub code: Role,
    /// Its name.
    pub label: String,
    /// What it may do.
    pub description: String,
}

/// `GET /api/staff/staff` (administrators): everyone, and the roles there are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct StaffDirectory {
    /// Every staff member, active or not, oldest first.
    pub members: Vec<StaffMember>,
    /// Every role, with what it may do.
    pub roles: Vec<RoleOption>,
    /// Invitations not yet used and role changes not yet confirmed, oldest first.
    pub pending: Vec<PendingChange>,
}

/// What a pending change is ([`banksia_core::review::separation`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PendingKind {
    /// An invitation of a newcomer.
    Invitation,
    /// A passkey recovery: a new passkey on an existing account.
    Recovery,
    /// A role change that adds approver or administrator.
    RoleChange,
}

/// An invitation not yet used, or a role change waiting for a second administrator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct PendingChange {
    /// What it is.
    pub kind: PendingKind,
    /// Its id among its kind (`/api/staff/invitations/{id}/…` for an invitation or a recovery,
    /// `/api/staff/grants/{id}/…` for a role change).
    pub id: i64,
    /// For whom.
    pub email: String,
    /// The roles it confers (a role change: the whole set once confirmed).
    pub roles: Vec<Role>,
    /// Who proposed it; none for the command line.
    pub proposed_by: Option<String>,
    /// Until when it can be confirmed or used (RFC 3339).
    pub expires_at: String,
    /// True while it waits for a second administrator's confirmation.
    pub awaiting_confirmation: bool,
    /// True when the person viewing may confirm it (a second administrator).
    pub can_confirm: bool,
}

/// `POST /api/staff/staff/{id}/roles`: the member after the change, or unchanged while the
/// change waits for a second administrator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct RolesSaved {
    /// The member as they are now.
    pub member: StaffMember,
    /// True when the change is recorded but waits for a second administrator.
    pub awaiting_confirmation: bool,
}

/// `POST /api/staff/staff/invites` (administrators).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct InviteRequest {
    /// Who.
    pub email: String,
    /// With which roles.
    pub roles: Vec<Role>,
}

/// A new invitation: the one-time link (valid 24 hours).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct InviteCreated {
    /// The link to open.
    pub link: String,
    /// Until when (RFC 3339).
    pub expires_at: String,
    /// True when the link works only once a second administrator confirms it (it confers
    /// approver or administrator, or it is a passkey recovery).
    pub awaiting_confirmation: bool,
}

/// `POST /api/staff/staff/{id}/roles` (administrators).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct RolesRequest {
    /// The new roles.
    pub roles: Vec<Role>,
}

/// One row of the audit log, for auditors.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct AuditEntry {
    /// The row's id (its place in the chain).
    pub id: i64,
    /// When (RFC 3339).
    pub at: String,
    /// The staff member's email; none for the command line and the system.
    pub staff: Option<String>,
    /// What was done, e.g. `application.viewed`.
    pub action: AuditEvent,
    /// The application concerned, if any.
    pub application_reference: Option<String>,
    /// The action in words (as the case view's timeline says it).
    pub description: String,
    /// The row's detail, as compact JSON text.
    pub detail: String,
    /// The same detail for a person: `key: value` pairs, one a line.
    pub detail_lines: Vec<String>,
}

/// `GET /api/staff/audit?…`: the audit log's query string; every filter exact, `before` the
/// previous page's `next_before`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct AuditQuery {
    /// An event's code, e.g. `application.viewed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub action: Option<String>,
    /// An application's reference.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub reference: Option<String>,
    /// A staff member's email.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub staff: Option<String>,
    /// Rows from this Sydney date on (`YYYY-MM-DD`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub from: Option<String>,
    /// Rows up to and including this Sydney date (`YYYY-MM-DD`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub to: Option<String>,
    /// Rows older than this id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub before: Option<i64>,
}

/// An audit event type to filter by: its code and what it is called.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct AuditEventOption {
    /// The code (`AuditQuery::action`).
    pub code: AuditEvent,
    /// Its label.
    pub label: String,
}

/// `GET /api/staff/audit?action=&reference=&staff=&from=&to=&before=`: newest first, one page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct AuditPage {
    /// The rows, newest first.
    pub rows: Vec<AuditEntry>,
    /// Pass as `before` for the next (older) page; none on the last page.
    pub next_before: Option<i64>,
    /// Every event type there is (core's `AuditEvent::ALL`), for the filter.
    pub event_types: Vec<AuditEventOption>,
}

/// `GET /api/staff/audit/verify`: the hash chain checked from its first row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct AuditVerification {
    /// Every link holds.
    pub intact: bool,
    /// Rows checked (all of them when intact).
    pub rows: i64,
    /// The last row's hash, hex (record it elsewhere: a chain says nothing about rows cut from
    /// its end).
    pub head: Option<String>,
    /// The first row whose link or content does not hold.
    pub broken_at: Option<i64>,
    /// Why it does not hold.
    pub reason: Option<String>,
}

/// `POST /api/staff/register/start`: the invitation's token and the name to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct RegisterStart {
    /// The token of the invitation link.
    pub token: String,
    /// The name to show in the console (new staff only).
    #[serde(default)]
    pub display_name: Option<String>,
}

/// `POST /api/staff/sign-in/start`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct SignInStart {
    /// The staff member's email.
    pub email: String,
}

/// A WebAuthn ceremony begun: its id and the options for `navigator.credentials` (WebAuthn's
/// own JSON, binary fields base64url).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CeremonyStarted<Options> {
    /// Send it back with the credential.
    pub ceremony: String,
    /// `publicKey` options.
    pub options: Options,
}

/// The end of a ceremony: its id and the credential (WebAuthn's JSON, binary base64url).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CeremonyFinish<Credential> {
    /// The id from [`CeremonyStarted`].
    pub ceremony: String,
    /// The authenticator's answer.
    pub credential: Credential,
}

/// `GET /api/staff/applications/{reference}/information`: the applicant's answers, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct InformationResponses {
    /// The answers.
    pub responses: Vec<InformationResponseView>,
}

/// One answer of the applicant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct InformationResponseView {
    /// When it came (RFC 3339).
    pub received_at: String,
    /// The message, if one was written (none once erased).
    pub message: Option<String>,
    /// The documents sent with it.
    pub documents: Vec<DocumentView>,
}

/// A document the applicant sent (its content only through the audited download).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct DocumentView {
    /// Its id (the download's path names it).
    pub id: i64,
    /// "Document 1 (PDF, 230 KB)".
    pub label: String,
    /// The file name the download gets.
    pub file_name: String,
    /// Its media type.
    pub content_type: String,
    /// Its size in bytes.
    pub size_bytes: i64,
}

/// What a reviewer is told about an ABN: the check digit was verified, the register was not.
pub const ABN_CHECK_NOTE: &str = "Only the ABN's check digit was verified, not the Australian Business Register. Open ABN Lookup to confirm the business is registered, active and named as given.";

/// The business and tax residency details of one application, display-ready for the case view
/// (`CaseView` gains it as `details` where the case view endpoint is wired).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CaseDetails {
    /// The business (business accounts only).
    pub business: Option<CaseBusiness>,
    /// Tax residency (none for an application stored before it was asked).
    pub tax_residency: Option<CaseTaxResidency>,
}

/// A street address as the case view shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CaseAddress {
    /// Street, with the unit when given, city, state and postcode on one line.
    pub line: String,
}

/// The business, display-ready.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CaseBusiness {
    /// Legal form's label.
    pub entity_type: String,
    /// Legal name.
    pub legal_name: String,
    /// Trading name, if given.
    pub trading_name: Option<String>,
    /// ABN as the register writes it (`51 824 753 556`).
    pub abn: String,
    /// The public ABN Lookup page of that ABN.
    pub abn_lookup_url: String,
    /// [`ABN_CHECK_NOTE`].
    pub abn_note: String,
    /// ACN (`004 085 616`), for a company.
    pub acn: Option<String>,
    /// Registered business address.
    pub address: CaseAddress,
    /// Nature of business's label.
    pub nature_of_business: String,
    /// The applicant's role's label.
    pub applicant_role: String,
    /// Beneficial owners and controllers, as listed.
    pub owners: Vec<CaseOwner>,
}

/// A beneficial owner or controller, display-ready.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CaseOwner {
    /// Full name.
    pub full_name: String,
    /// Date of birth, `YYYY-MM-DD`.
    pub date_of_birth: String,
    /// Residential address.
    pub address: CaseAddress,
    /// Role's label.
    pub role: String,
    /// Share owned in percent (`30.00`).
    pub ownership_percent: String,
}

/// Tax residency, display-ready; the TFN masked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CaseTaxResidency {
    /// The TFN masked to its last three digits (`*** *** 782`), or none when not given.
    pub tfn_masked: Option<String>,
    /// The applicant's foreign tax residencies (empty: Australia only).
    pub countries: Vec<CaseForeignResidency>,
    /// The business's, when asked (businesses other than sole traders).
    pub business_countries: Option<Vec<CaseForeignResidency>>,
}

/// One foreign tax residency, display-ready.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CaseForeignResidency {
    /// Country name.
    pub country: String,
    /// Its tax identification number, if given.
    pub tin: Option<String>,
    /// Otherwise why not (label), with the explanation when one is asked.
    pub no_tin_reason: Option<String>,
    /// The explanation.
    pub no_tin_explanation: Option<String>,
}
