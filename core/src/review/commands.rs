//! A staff command as one typed value, and what it leaves in the audit log as one typed record.
//!
//! [`ActionCommand`] is a review action as the console sends it: tagged by `action`, each variant
//! with exactly its own fields, so serde refuses a field another action would take. The fields a
//! person fills in are optional here, so that an empty one is answered in core's words ("Choose a
//! reason for the decline.") before any confirm step, rather than as a malformed body.
//! [`ActionCommand::to_action`] turns it into the exact [`Action`] with its texts checked.
//!
//! [`AuditRecord`] is an audit row's event with its typed detail: the server writes what core
//! returns ([`super::effects::Effects::audit_trail`], [`super::effects::assignment_effects`]), and the case's
//! timeline and the refusal of a stale change are worded from it ([`AuditRecord::describe`],
//! [`AuditRecord::done`]). Its serialisation is the row's `detail` JSON, with the keys the rows
//! written before it have, so old rows read back as the same records. [`StaffRecord`] types the
//! rows about staff accounts (sign-in, invitations, roles, refusals) and [`SystemRecord`] those
//! the server writes on its own (retention, encryption at start), the same way: every row the
//! staff wing writes has its detail typed here.
//!
//! ```
//! use banksia_core::review::commands::ActionCommand;
//! use banksia_core::review::{Action, DeclineReason};
//!
//! let command = ActionCommand::Decline { reason: None, rationale: Some("Not eligible.".into()) };
//! assert_eq!(command.to_action().unwrap_err().to_string(), "Choose a reason for the decline.");
//! let command = ActionCommand::Decline {
//!     reason: Some(DeclineReason::NotEligible),
//!     rationale: Some("Not eligible by age.".into()),
//! };
//! assert!(matches!(command.to_action(), Ok(Action::Decline { .. })));
//! ```

use serde::{Deserialize, Deserializer, Serialize};

use super::decisions::{RationaleKind, Recommendation, WithdrawalChannel, check_rationale};
use super::events::AuditEvent;
use super::reveal::{RevealReason, RevealedField};
use super::{Action, ActionKind, DeclineReason, Refusal, Status, check_message};

/// What a withdrawal with no time is told.
pub const WITHDRAWAL_TIME_MISSING: &str =
    "Give the date and time the applicant asked to withdraw (Sydney time).";

/// A review action as sent: `{"action": "decline", "reason": …, "rationale": …}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum ActionCommand {
    /// Ask the applicant for something.
    RequestInformation {
        /// The message to the applicant.
        #[serde(default)]
        message: Option<String>,
    },
    /// Back to under review.
    ResumeReview {},
    /// A reviewer's recommendation.
    Recommend {
        /// Approve or decline.
        #[serde(default)]
        recommendation: Option<Recommendation>,
        /// Why.
        #[serde(default)]
        rationale: Option<String>,
    },
    /// Approve (a business account's first approval).
    Approve {
        /// The internal rationale.
        #[serde(default)]
        rationale: Option<String>,
    },
    /// A business account's second approval.
    ConfirmApproval {
        /// The internal rationale.
        #[serde(default)]
        rationale: Option<String>,
    },
    /// Decline.
    Decline {
        /// Why, from the fixed list (the applicant is told).
        #[serde(default)]
        reason: Option<DeclineReason>,
        /// The internal rationale.
        #[serde(default)]
        rationale: Option<String>,
    },
    /// Record the applicant's request to withdraw.
    RecordWithdrawal {
        /// How the applicant asked.
        #[serde(default)]
        channel: Option<WithdrawalChannel>,
        /// When: Sydney date and time, `YYYY-MM-DDTHH:MM`, checked against the application with
        /// [`super::decisions::check_withdrawal_time`] (it needs the server's clock).
        #[serde(default)]
        requested_at: Option<String>,
    },
}

impl ActionCommand {
    /// Which action it is.
    pub const fn kind(&self) -> ActionKind {
        match self {
            Self::RequestInformation { .. } => ActionKind::RequestInformation,
            Self::ResumeReview {} => ActionKind::ResumeReview,
            Self::Recommend { .. } => ActionKind::Recommend,
            Self::Approve { .. } => ActionKind::Approve,
            Self::ConfirmApproval { .. } => ActionKind::ConfirmApproval,
            Self::Decline { .. } => ActionKind::Decline,
            Self::RecordWithdrawal { .. } => ActionKind::RecordWithdrawal,
        }
    }

    /// A withdrawal's time as sent (already known to be there once [`Self::to_action`] passed).
    pub fn requested_at(&self) -> Option<&str> {
        match self {
            Self::RecordWithdrawal { requested_at, .. } => requested_at.as_deref(),
            _ => None,
        }
    }

    /// Core's exact [`Action`], its message and rationale checked and normalised: refused
    /// ([`Refusal::InvalidInput`], [`Refusal::InvalidText`]) whatever the application's state.
    pub fn to_action(&self) -> Result<Action, Refusal> {
        let missing = |what: &str| Refusal::InvalidInput(what.to_owned());
        let rationale = |text: &Option<String>| {
            check_rationale(
                text.as_deref()
                    .ok_or_else(|| missing("Write the internal rationale for this decision."))?,
            )
        };
        Ok(match self {
            Self::RequestInformation { message } => Action::RequestInformation {
                message: check_message(
                    message
                        .as_deref()
                        .ok_or_else(|| missing("Write the message to the applicant."))?,
                )?,
            },
            Self::ResumeReview {} => Action::ResumeReview,
            Self::Recommend {
                recommendation,
                rationale: text,
            } => Action::Recommend {
                recommendation: recommendation
                    .ok_or_else(|| missing("Choose approve or decline to recommend."))?,
                rationale: rationale(text)?,
            },
            Self::Approve { rationale: text } => Action::Approve {
                rationale: rationale(text)?,
            },
            Self::ConfirmApproval { rationale: text } => Action::ConfirmApproval {
                rationale: rationale(text)?,
            },
            Self::Decline {
                reason,
                rationale: text,
            } => Action::Decline {
                reason: reason.ok_or_else(|| missing("Choose a reason for the decline."))?,
                rationale: rationale(text)?,
            },
            Self::RecordWithdrawal {
                channel,
                requested_at,
            } => {
                let channel = channel
                    .ok_or_else(|| missing("Choose how the applicant asked to withdraw."))?;
                if requested_at.as_deref().is_none_or(|t| t.trim().is_empty()) {
                    return Err(missing(WITHDRAWAL_TIME_MISSING));
                }
                Action::RecordWithdrawal { channel }
            }
        })
    }
}

/// The detail of a row with none (`{}`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoDetail {}

/// A claim: plain, or made by acting on a case nobody held.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimDetail {
    /// The action that took the case, when it was one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with_action: Option<ActionKind>,
}

/// A take-over: from whom.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakeOverDetail {
    /// The colleague who held it.
    #[serde(default)]
    pub from: Option<i64>,
}

/// A hand-over: from whom, to whom.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReassignDetail {
    /// Who held it (nobody, or the caller).
    #[serde(default)]
    pub from: Option<i64>,
    /// The colleague it was handed to.
    #[serde(default)]
    pub to: Option<i64>,
}

/// A recommendation: which, and the rationale's row.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecommendationDetail {
    /// Approve or decline.
    #[serde(default)]
    pub recommendation: Option<Recommendation>,
    /// The row holding its rationale (erased by purge).
    #[serde(default)]
    pub rationale_id: Option<i64>,
}

/// A change of status: which action, from and to what, and what it recorded.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionDetail {
    /// The action.
    #[serde(default)]
    pub action: Option<ActionKind>,
    /// The status before.
    #[serde(default)]
    pub from: Option<Status>,
    /// The status after.
    #[serde(default)]
    pub to: Option<Status>,
    /// A decline's reason.
    #[serde(default)]
    pub reason: Option<DeclineReason>,
    /// The row holding its rationale (erased by purge).
    #[serde(default)]
    pub rationale_id: Option<i64>,
    /// How the applicant asked to withdraw.
    #[serde(default)]
    pub withdrawal_channel: Option<WithdrawalChannel>,
    /// When they asked (RFC 3339).
    #[serde(default)]
    pub withdrawal_requested_at: Option<String>,
}

/// The applicant's answer to an information request: how many documents, and whether it had
/// a message (never the message itself: it lives in its own row, erased with the case).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct InformationReceivedDetail {
    /// Documents sent.
    pub documents: u64,
    /// True when the answer had a message.
    pub message: bool,
}

/// A document downloaded: which, and its place in its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DocumentDetail {
    /// The document's row id.
    pub document: i64,
    /// Its position in the applicant's answer.
    pub position: i16,
}

/// A number shown in full: why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevealDetail {
    /// The reason given.
    pub reason: RevealReason,
}

/// An audit row of a case command: its event and its typed detail. Serialises as the detail
/// alone (the event is the row's `action` column, [`AuditRecord::event`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AuditRecord {
    /// The case was opened.
    Viewed(NoDetail),
    /// A note was added (its text lives in its own row).
    NoteAdded(NoDetail),
    /// Claimed.
    Claimed(ClaimDetail),
    /// Released.
    Released(NoDetail),
    /// Taken over from a colleague.
    TakenOver(TakeOverDetail),
    /// Handed to a colleague.
    Reassigned(ReassignDetail),
    /// A recommendation.
    Recommended(RecommendationDetail),
    /// A change of status.
    Action(ActionDetail),
    /// The applicant answered an information request (no staff member).
    InformationReceived(InformationReceivedDetail),
    /// A document the applicant sent was downloaded.
    DocumentDownloaded(DocumentDetail),
    /// The retention run erased the application's personal data (no staff member).
    Purged(NoDetail),
    /// A sealed number shown in full.
    Revealed {
        /// Which number (the row's event).
        #[serde(skip)]
        field: RevealedField,
        /// Why.
        #[serde(flatten)]
        detail: RevealDetail,
    },
}

impl AuditRecord {
    /// The row's event.
    pub const fn event(&self) -> AuditEvent {
        match self {
            Self::Viewed(_) => AuditEvent::Viewed,
            Self::NoteAdded(_) => AuditEvent::NoteAdded,
            Self::Claimed(_) => AuditEvent::Claimed,
            Self::Released(_) => AuditEvent::Released,
            Self::TakenOver(_) => AuditEvent::TakenOver,
            Self::Reassigned(_) => AuditEvent::Reassigned,
            Self::Recommended(_) => AuditEvent::Recommended,
            Self::Action(_) => AuditEvent::Action,
            Self::InformationReceived(_) => AuditEvent::InformationReceived,
            Self::DocumentDownloaded(_) => AuditEvent::DocumentDownloaded,
            Self::Purged(_) => AuditEvent::Purged,
            Self::Revealed { field, .. } => field.event(),
        }
    }

    /// A stored row read back: its event and its `detail` (any serde format; the server passes
    /// the JSON). `Ok(None)` for an event that is not about one application (its label says it
    /// all).
    pub fn read<'de, D: Deserializer<'de>>(
        event: AuditEvent,
        detail: D,
    ) -> Result<Option<Self>, D::Error> {
        Ok(Some(match event {
            AuditEvent::Viewed => Self::Viewed(NoDetail::deserialize(detail)?),
            AuditEvent::NoteAdded => Self::NoteAdded(NoDetail::deserialize(detail)?),
            AuditEvent::Claimed => Self::Claimed(ClaimDetail::deserialize(detail)?),
            AuditEvent::Released => Self::Released(NoDetail::deserialize(detail)?),
            AuditEvent::TakenOver => Self::TakenOver(TakeOverDetail::deserialize(detail)?),
            AuditEvent::Reassigned => Self::Reassigned(ReassignDetail::deserialize(detail)?),
            AuditEvent::Recommended => {
                Self::Recommended(RecommendationDetail::deserialize(detail)?)
            }
            AuditEvent::Action => Self::Action(ActionDetail::deserialize(detail)?),
            AuditEvent::InformationReceived => {
                Self::InformationReceived(InformationReceivedDetail::deserialize(detail)?)
            }
            AuditEvent::DocumentDownloaded => {
                Self::DocumentDownloaded(DocumentDetail::deserialize(detail)?)
            }
            AuditEvent::Purged => Self::Purged(NoDetail::deserialize(detail)?),
            AuditEvent::IdRevealed => Self::Revealed {
                field: RevealedField::IdentificationNumber,
                detail: RevealDetail::deserialize(detail)?,
            },
            AuditEvent::TfnRevealed => Self::Revealed {
                field: RevealedField::TaxFileNumber,
                detail: RevealDetail::deserialize(detail)?,
            },
            _ => return Ok(None),
        }))
    }

    /// What the case's timeline and the audit log say it was.
    pub fn describe(&self) -> String {
        match self {
            Self::Action(detail) => match (detail.from, detail.to) {
                (_, Some(Status::UnderReview)) if detail.action == Some(ActionKind::Approve) => {
                    "First approval (waiting for a second approver)".into()
                }
                (Some(from), Some(to)) => format!("{} → {}", from.label(), to.label()),
                _ => self.event().label().into(),
            },
            Self::Recommended(RecommendationDetail {
                recommendation: Some(r),
                ..
            }) => RationaleKind::of_recommendation(*r).label().into(),
            other => other.event().label().into(),
        }
    }

    /// The past tense of a change of the case, for "Alex Chen claimed this application…" when
    /// a change arrives stale ([`super::changed_while_reading`]); none for a row that changes
    /// nothing.
    pub fn done(&self) -> Option<&'static str> {
        match self {
            Self::Action(ActionDetail {
                action: Some(kind),
                to,
                ..
            }) => Some(
                if *kind == ActionKind::Approve && *to == Some(Status::UnderReview) {
                    "gave the first approval of"
                } else {
                    kind.done()
                },
            ),
            Self::Action(_) => None,
            other => other.event().done(),
        }
    }
}

/// Which list a pending change is on, as its audit rows have always named it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PendingList {
    /// An invitation or a passkey recovery.
    #[serde(rename = "staff_invites")]
    Invitations,
    /// A grant of approver or administrator to an existing member.
    #[serde(rename = "staff_role_grants")]
    Grants,
}

/// A member's roles set (at once, or on reactivation): whose, and the roles now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolesDetail {
    /// The member.
    pub staff_id: i64,
    /// Their roles afterwards.
    pub roles: Vec<super::Role>,
}

/// A grant proposed, waiting for a second administrator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrantDetail {
    /// The grant's id.
    pub grant: i64,
    /// The member.
    pub staff_id: i64,
    /// The whole set of roles once confirmed.
    pub roles: Vec<super::Role>,
}

/// A pending change confirmed by a second administrator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConfirmationDetail {
    /// Its list.
    pub pending: PendingList,
    /// Its id on that list.
    pub id: i64,
    /// The member (none for an invitation of a newcomer).
    pub staff_id: Option<i64>,
    /// The roles it confers.
    pub roles: Vec<super::Role>,
}

/// A pending change withdrawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevocationDetail {
    /// Its list.
    pub pending: PendingList,
    /// Its id on that list.
    pub id: i64,
}

/// An account deactivated: whose, and what ended with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeactivationDetail {
    /// The member.
    pub staff_id: i64,
    /// Their sessions ended.
    pub sessions_ended: u64,
    /// The pending changes they had proposed, revoked.
    pub pending_revoked: u64,
}

/// How a staff member came to be signed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SignInVia {
    /// A passkey at the sign-in page.
    Passkey,
    /// The passkey just registered (a new member, or a recovery).
    Registration,
}

/// A sign-in: how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignInDetail {
    /// By a passkey or by registering one.
    pub via: SignInVia,
}

/// An invitation by an administrator: to whom, with which roles, and whether it waits for a
/// second administrator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvitationDetail {
    /// The invitee's email, lower-cased.
    pub email: String,
    /// The roles it confers.
    pub roles: Vec<super::Role>,
    /// The member a recovery is for (none for a newcomer).
    pub existing_staff: Option<i64>,
    /// True while a second administrator must confirm it. Rows written before confirmations
    /// existed have no such key: nothing waited then, so it reads as false.
    #[serde(default)]
    pub needs_confirmation: bool,
}

/// An invitation from the command line, the break-glass path: to whom, and whose recovery.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CliInvitationDetail {
    /// The invitee's email, trimmed and lower-cased.
    pub email: String,
    /// Always true: the command line needs no second administrator, and says so in the log
    /// (rows written before the key existed were break-glass too, and read so).
    #[serde(default = "always")]
    pub break_glass: bool,
    /// The active member a recovery is for (none for a newcomer; none read from a row written
    /// before the key existed, which did not say).
    #[serde(default)]
    pub recovery_of: Option<i64>,
}

const fn always() -> bool {
    true
}

impl CliInvitationDetail {
    /// The detail of a command-line invitation of `email` (trimmed and lower-cased here).
    pub fn new(email: &str, recovery_of: Option<i64>) -> Self {
        Self {
            email: email.trim().to_lowercase(),
            break_glass: true,
            recovery_of,
        }
    }
}

/// A passkey registered: the account's email.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PasskeyDetail {
    /// The member's email.
    pub email: String,
}

/// A signed-in request refused: where, and with which HTTP status (403 or 409).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefusalDetail {
    /// The request's path.
    pub path: String,
    /// The status it was answered with.
    pub status: u16,
}

/// The queue's assignment filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum QueueAssignment {
    /// Claimed by the caller.
    Me,
    /// Claimed by nobody.
    Nobody,
}

/// The queue's order. The due date only grows with the submission time
/// (`review::business_days::due_date`), so both orders are by submission.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum QueueSort {
    /// Due date, soonest first (the oldest, the longest waiting, first).
    #[default]
    Due,
    /// Newest first (the youngest first).
    Newest,
}

/// A listing or search of the queue: the filters as asked, the search term keyed (an HMAC under
/// a server secret, never the term as typed), and how many rows it showed. "Did this person
/// apply?" is itself a view of personal data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueueListedDetail {
    /// The status filter as asked (trimmed; `open` when none).
    pub status: String,
    /// The account type filter.
    pub account_type: Option<crate::application::AccountType>,
    /// The search term, keyed.
    pub search: Option<String>,
    /// Only overdue cases.
    pub overdue: bool,
    /// Only cases waiting for a second approval.
    pub approval_pending: bool,
    /// The assignment filter.
    pub assigned: Option<QueueAssignment>,
    /// The order.
    pub sort: QueueSort,
    /// True for a page after the first.
    pub page: bool,
    /// The rows shown.
    pub rows: u64,
}

/// An audit row of a staff member's account or an administration command (no application):
/// event and typed detail, serialised as the detail alone ([`StaffRecord::event`] is the row's
/// `action`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum StaffRecord {
    /// Roles changed at once.
    RolesChanged(RolesDetail),
    /// A grant of approver or administrator proposed.
    GrantProposed(GrantDetail),
    /// A pending invitation or grant confirmed.
    GrantConfirmed(ConfirmationDetail),
    /// A pending invitation or grant revoked.
    GrantRevoked(RevocationDetail),
    /// An account deactivated.
    Deactivated(DeactivationDetail),
    /// An account reactivated, with the roles it keeps.
    Reactivated(RolesDetail),
    /// An administrator invited someone, or started a passkey recovery.
    Invited(InvitationDetail),
    /// The command line invited someone (break glass).
    CliInvited(CliInvitationDetail),
    /// A newcomer registered their first passkey.
    PasskeyRegistered(PasskeyDetail),
    /// A recovery link added a passkey to an existing account.
    PasskeyRecovered(PasskeyDetail),
    /// Signed in.
    SignedIn(SignInDetail),
    /// Signed out.
    SignedOut(NoDetail),
    /// A signed-in request was refused.
    Refused(RefusalDetail),
    /// The queue was listed or searched.
    QueueListed(QueueListedDetail),
}

impl StaffRecord {
    /// The row's event.
    pub const fn event(&self) -> AuditEvent {
        match self {
            Self::RolesChanged(_) => AuditEvent::RolesChanged,
            Self::GrantProposed(_) => AuditEvent::GrantProposed,
            Self::GrantConfirmed(_) => AuditEvent::GrantConfirmed,
            Self::GrantRevoked(_) => AuditEvent::GrantRevoked,
            Self::Deactivated(_) => AuditEvent::Deactivated,
            Self::Reactivated(_) => AuditEvent::Reactivated,
            Self::Invited(_) => AuditEvent::Invited,
            Self::CliInvited(_) => AuditEvent::CliInvite,
            Self::PasskeyRegistered(_) => AuditEvent::PasskeyRegistered,
            Self::PasskeyRecovered(_) => AuditEvent::PasskeyRecovered,
            Self::SignedIn(_) => AuditEvent::SignedIn,
            Self::SignedOut(_) => AuditEvent::SignedOut,
            Self::Refused(_) => AuditEvent::Refused,
            Self::QueueListed(_) => AuditEvent::QueueListed,
        }
    }
}

/// One retention run: how many applications it erased, and the policy it applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PurgeRunDetail {
    /// Applications erased.
    pub erased: u64,
    /// Declined (or withdrawn) applications are erased this many days after.
    pub declined_after_days: i64,
    /// Approved applications are erased this many days after.
    pub approved_after_days: i64,
}

/// Identification numbers found in clear at start and encrypted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct EncryptionDetail {
    /// Rows encrypted.
    pub rows: u64,
}

/// An audit row the server writes on its own (no staff member, no application): event and
/// typed detail, serialised as the detail alone ([`SystemRecord::event`] is the row's `action`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum SystemRecord {
    /// A retention run.
    PurgeRun(PurgeRunDetail),
    /// Identification numbers encrypted at start.
    IdentificationEncrypted(EncryptionDetail),
}

impl SystemRecord {
    /// The row's event.
    pub const fn event(&self) -> AuditEvent {
        match self {
            Self::PurgeRun(_) => AuditEvent::PurgeRun,
            Self::IdentificationEncrypted(_) => AuditEvent::IdentificationEncrypted,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_command_missing_what_its_action_needs_is_told_in_words() {
        let rationale = Some("Identity verified against the passport.".to_owned());
        let table: [(ActionCommand, &str); 8] = [
            (
                ActionCommand::RequestInformation { message: None },
                "Write the message to the applicant.",
            ),
            (
                ActionCommand::Recommend {
                    recommendation: None,
                    rationale: rationale.clone(),
                },
                "Choose approve or decline to recommend.",
            ),
            (
                ActionCommand::Recommend {
                    recommendation: Some(Recommendation::Approve),
                    rationale: None,
                },
                "Write the internal rationale for this decision.",
            ),
            (
                ActionCommand::Approve { rationale: None },
                "Write the internal rationale for this decision.",
            ),
            (
                ActionCommand::ConfirmApproval { rationale: None },
                "Write the internal rationale for this decision.",
            ),
            (
                ActionCommand::Decline {
                    reason: None,
                    rationale: rationale.clone(),
                },
                "Choose a reason for the decline.",
            ),
            (
                ActionCommand::RecordWithdrawal {
                    channel: None,
                    requested_at: Some("2026-03-02T09:00".into()),
                },
                "Choose how the applicant asked to withdraw.",
            ),
            (
                ActionCommand::RecordWithdrawal {
                    channel: Some(WithdrawalChannel::Phone),
                    requested_at: Some("  ".into()),
                },
                WITHDRAWAL_TIME_MISSING,
            ),
        ];
        for (command, message) in table {
            assert_eq!(
                command.to_action(),
                Err(Refusal::InvalidInput(message.into())),
                "{command:?}"
            );
        }
        // Texts are checked by core's text rules, and come back normalised.
        assert!(matches!(
            ActionCommand::Approve {
                rationale: Some("ok".into())
            }
            .to_action(),
            Err(Refusal::InvalidText(_))
        ));
        assert_eq!(
            ActionCommand::ResumeReview {}.to_action(),
            Ok(Action::ResumeReview)
        );
    }

    #[test]
    fn a_command_takes_only_its_own_fields() {
        let read = |body: serde_json::Value| serde_json::from_value::<ActionCommand>(body);
        assert!(read(json!({"action": "approve", "rationale": "Verified."})).is_ok());
        assert!(read(json!({"action": "approve"})).is_ok());
        for refused in [
            json!({"action": "approve", "rationale": "Verified.", "reason": "not_eligible"}),
            json!({"action": "resume_review", "message": "Hello there."}),
            json!({"action": "decline", "channel": "phone"}),
            json!({"action": "approve", "colour": "red"}),
            json!({"action": "delete"}),
            json!({"rationale": "Verified."}),
        ] {
            assert!(read(refused.clone()).is_err(), "{refused}");
        }
    }

    /// The rows the server wrote before the records were typed (its `json!` details, nulls and
    /// all) read as records, and the records write the same keys again: the timeline of an old
    /// case reads as before, and a new row looks like an old one to anyone querying the log.
    #[test]
    fn old_rows_read_as_records_and_records_write_the_same_detail() {
        let table: [(AuditEvent, serde_json::Value, &str, Option<&str>); 11] = [
            (AuditEvent::Viewed, json!({}), "Viewed", None),
            (AuditEvent::NoteAdded, json!({}), "Note added", None),
            (AuditEvent::Claimed, json!({}), "Claimed", Some("claimed")),
            (
                AuditEvent::Claimed,
                json!({"with_action": "approve"}),
                "Claimed",
                Some("claimed"),
            ),
            (
                AuditEvent::Released,
                json!({}),
                "Released (nobody holds it)",
                Some("released"),
            ),
            (
                AuditEvent::TakenOver,
                json!({"from": 4}),
                "Taken over from a colleague",
                Some("took over"),
            ),
            (
                AuditEvent::Reassigned,
                json!({"from": null, "to": 9}),
                "Reassigned",
                Some("reassigned"),
            ),
            (
                AuditEvent::Recommended,
                json!({"recommendation": "decline", "rationale_id": 12}),
                RationaleKind::RecommendDecline.label(),
                Some("recommended a decision on"),
            ),
            (
                AuditEvent::Action,
                json!({"action": "approve", "from": "under_review", "to": "under_review",
                       "reason": null, "rationale_id": 3, "withdrawal_channel": null,
                       "withdrawal_requested_at": null}),
                "First approval (waiting for a second approver)",
                Some("gave the first approval of"),
            ),
            (
                AuditEvent::Action,
                json!({"action": "decline", "from": "under_review", "to": "declined",
                       "reason": "not_eligible", "rationale_id": 5, "withdrawal_channel": null,
                       "withdrawal_requested_at": null}),
                "Under review → Declined",
                Some(ActionKind::Decline.done()),
            ),
            (
                AuditEvent::IdRevealed,
                json!({"reason": "verify_document"}),
                "Identification number revealed",
                None,
            ),
        ];
        for (event, detail, describe, done) in table {
            let record = AuditRecord::read(event, &detail)
                .unwrap_or_else(|e| panic!("{event}: {e}"))
                .unwrap();
            assert_eq!(record.event(), event);
            assert_eq!(record.describe(), describe, "{detail}");
            assert_eq!(record.done(), done, "{detail}");
            assert_eq!(serde_json::to_value(&record).unwrap(), detail);
        }
        // Another event's row is no case command's; an unreadable detail is an error the
        // server answers with the event's label.
        assert_eq!(
            AuditRecord::read(AuditEvent::SignedIn, &json!({})).unwrap(),
            None
        );
        assert!(AuditRecord::read(AuditEvent::Action, &json!({"to": "deleted"})).is_err());
    }

    #[test]
    fn staff_records_write_the_details_the_rows_always_had() {
        use super::super::Role;
        let table = [
            (
                StaffRecord::GrantConfirmed(ConfirmationDetail {
                    pending: PendingList::Invitations,
                    id: 4,
                    staff_id: None,
                    roles: vec![Role::Approver],
                }),
                json!({"pending": "staff_invites", "id": 4, "staff_id": null, "roles": ["approver"]}),
            ),
            (
                StaffRecord::GrantRevoked(RevocationDetail {
                    pending: PendingList::Grants,
                    id: 2,
                }),
                json!({"pending": "staff_role_grants", "id": 2}),
            ),
            (
                StaffRecord::Deactivated(DeactivationDetail {
                    staff_id: 7,
                    sessions_ended: 1,
                    pending_revoked: 0,
                }),
                json!({"staff_id": 7, "sessions_ended": 1, "pending_revoked": 0}),
            ),
            (
                StaffRecord::Reactivated(RolesDetail {
                    staff_id: 7,
                    roles: vec![Role::Reviewer],
                }),
                json!({"staff_id": 7, "roles": ["reviewer"]}),
            ),
        ];
        for (record, detail) in table {
            assert_eq!(serde_json::to_value(&record).unwrap(), detail);
        }
    }

    /// The account, refusal and system rows: each record writes exactly the keys and values the
    /// server's `json!` wrote before it was typed (the literal old detail is the expected value),
    /// under the same event.
    #[test]
    fn account_and_system_records_write_the_old_json_details() {
        use super::super::Role;
        let staff: [(StaffRecord, AuditEvent, serde_json::Value); 12] = [
            (
                StaffRecord::Invited(InvitationDetail {
                    email: "nora@banksia.example".into(),
                    roles: vec![Role::Reviewer, Role::Approver],
                    existing_staff: None,
                    needs_confirmation: true,
                }),
                AuditEvent::Invited,
                json!({"email": "nora@banksia.example", "roles": ["reviewer", "approver"],
                       "existing_staff": null, "needs_confirmation": true}),
            ),
            (
                StaffRecord::Invited(InvitationDetail {
                    email: "ann@banksia.example".into(),
                    roles: vec![Role::Administrator],
                    existing_staff: Some(3),
                    needs_confirmation: false,
                }),
                AuditEvent::Invited,
                json!({"email": "ann@banksia.example", "roles": ["administrator"],
                       "existing_staff": 3, "needs_confirmation": false}),
            ),
            (
                StaffRecord::CliInvited(CliInvitationDetail::new(" Ann@Banksia.example ", None)),
                AuditEvent::CliInvite,
                json!({"email": "ann@banksia.example", "break_glass": true, "recovery_of": null}),
            ),
            (
                StaffRecord::CliInvited(CliInvitationDetail::new("ann@banksia.example", Some(5))),
                AuditEvent::CliInvite,
                json!({"email": "ann@banksia.example", "break_glass": true, "recovery_of": 5}),
            ),
            (
                StaffRecord::PasskeyRegistered(PasskeyDetail {
                    email: "nora@banksia.example".into(),
                }),
                AuditEvent::PasskeyRegistered,
                json!({"email": "nora@banksia.example"}),
            ),
            (
                StaffRecord::PasskeyRecovered(PasskeyDetail {
                    email: "ann@banksia.example".into(),
                }),
                AuditEvent::PasskeyRecovered,
                json!({"email": "ann@banksia.example"}),
            ),
            (
                StaffRecord::SignedIn(SignInDetail {
                    via: SignInVia::Passkey,
                }),
                AuditEvent::SignedIn,
                json!({"via": "passkey"}),
            ),
            (
                StaffRecord::SignedIn(SignInDetail {
                    via: SignInVia::Registration,
                }),
                AuditEvent::SignedIn,
                json!({"via": "registration"}),
            ),
            (
                StaffRecord::SignedOut(NoDetail {}),
                AuditEvent::SignedOut,
                json!({}),
            ),
            (
                StaffRecord::Refused(RefusalDetail {
                    path: "/api/staff/applications/BNK-2026-000001/action".into(),
                    status: 409,
                }),
                AuditEvent::Refused,
                json!({"path": "/api/staff/applications/BNK-2026-000001/action", "status": 409}),
            ),
            (
                StaffRecord::QueueListed(QueueListedDetail {
                    status: "open".into(),
                    account_type: None,
                    search: Some("9f2c".into()),
                    overdue: false,
                    approval_pending: true,
                    assigned: Some(QueueAssignment::Nobody),
                    sort: QueueSort::Newest,
                    page: true,
                    rows: 25,
                }),
                AuditEvent::QueueListed,
                json!({
                    "status": "open", "account_type": null, "search": "9f2c", "overdue": false,
                    "approval_pending": true, "assigned": "nobody", "sort": "newest",
                    "page": true, "rows": 25
                }),
            ),
            (
                StaffRecord::QueueListed(QueueListedDetail {
                    status: "approved".into(),
                    account_type: Some(crate::application::AccountType::BusinessChecking),
                    search: None,
                    overdue: true,
                    approval_pending: false,
                    assigned: None,
                    sort: QueueSort::Due,
                    page: false,
                    rows: 0,
                }),
                AuditEvent::QueueListed,
                json!({
                    "status": "approved", "account_type": "business_checking", "search": null,
                    "overdue": true, "approval_pending": false, "assigned": null, "sort": "due",
                    "page": false, "rows": 0
                }),
            ),
        ];
        for (record, event, detail) in staff {
            assert_eq!(record.event(), event);
            assert_eq!(serde_json::to_value(&record).unwrap(), detail, "{event}");
        }
        // Invitations written before confirmations and the break-glass keys read as what
        // they were.
        let invited: InvitationDetail = serde_json::from_value(json!({
            "email": "nora@banksia.example", "roles": ["reviewer"], "existing_staff": null
        }))
        .unwrap();
        assert!(!invited.needs_confirmation);
        let cli: CliInvitationDetail =
            serde_json::from_value(json!({"email": "ann@banksia.example"})).unwrap();
        assert_eq!(cli, CliInvitationDetail::new("ann@banksia.example", None));

        let system: [(SystemRecord, AuditEvent, serde_json::Value); 2] = [
            (
                SystemRecord::PurgeRun(PurgeRunDetail {
                    erased: 2,
                    declined_after_days: 365,
                    approved_after_days: 2555,
                }),
                AuditEvent::PurgeRun,
                json!({"erased": 2, "declined_after_days": 365, "approved_after_days": 2555}),
            ),
            (
                SystemRecord::IdentificationEncrypted(EncryptionDetail { rows: 14 }),
                AuditEvent::IdentificationEncrypted,
                json!({"rows": 14}),
            ),
        ];
        for (record, event, detail) in system {
            assert_eq!(record.event(), event);
            assert_eq!(serde_json::to_value(record).unwrap(), detail, "{event}");
        }
    }

    /// The application rows written outside a review command: they write the old detail, and an
    /// old row reads back as the same record, described by its event's label as before.
    #[test]
    fn application_rows_outside_commands_write_and_read_the_old_json_details() {
        let table: [(AuditRecord, serde_json::Value); 4] = [
            (
                AuditRecord::InformationReceived(InformationReceivedDetail {
                    documents: 2,
                    message: true,
                }),
                json!({"documents": 2, "message": true}),
            ),
            (
                AuditRecord::InformationReceived(InformationReceivedDetail {
                    documents: 0,
                    message: false,
                }),
                json!({"documents": 0, "message": false}),
            ),
            (
                AuditRecord::DocumentDownloaded(DocumentDetail {
                    document: 41,
                    position: 1,
                }),
                json!({"document": 41, "position": 1}),
            ),
            (AuditRecord::Purged(NoDetail {}), json!({})),
        ];
        for (record, detail) in table {
            assert_eq!(serde_json::to_value(&record).unwrap(), detail);
            let event = record.event();
            let read = AuditRecord::read(event, &detail)
                .unwrap_or_else(|e| panic!("{event}: {e}"))
                .unwrap();
            assert_eq!(read, record);
            assert_eq!(read.describe(), event.label());
            assert_eq!(read.done(), None);
        }
    }
}
