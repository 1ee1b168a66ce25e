//! What the staff audit log records and which emails the bank sends about an application: two
//! closed lists, so a new event or email is a new variant the compiler makes every `match`
//! answer for, never a string typed at one call site and misspelt at another.
//!
//! Both are stored as their code (`staff_audit.action`, `application_emails.kind`); with the
//! `postgres` feature they read and write those columns directly, and a code the list does not
//! know is an error on read, never a silent default.
//!
//! ```
//! use banksia_core::review::events::{AuditEvent, EmailKind};
//!
//! assert_eq!(AuditEvent::IdRevealed.as_str(), "application.id_revealed");
//! assert_eq!(AuditEvent::parse("staff.signed_in"), Some(AuditEvent::SignedIn));
//! assert_eq!(AuditEvent::parse("application.deleted"), None);
//! assert_eq!(EmailKind::parse("decision"), Some(EmailKind::Decision));
//! ```

use serde::{Deserialize, Serialize};

macro_rules! coded {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $( $(#[$vmeta:meta])* $variant:ident = $code:literal, )+ }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
        pub enum $name { $( $(#[$vmeta])* #[serde(rename = $code)] $variant, )+ }

        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [Self] = &[$(Self::$variant,)+];

            /// The stored code.
            pub const fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $code,)+ }
            }

            /// Reads a stored code (exactly as `as_str` writes it).
            pub fn parse(code: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.as_str() == code)
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
// The review module's other closed lists (withdrawal channels, reveal reasons…) use it too.
pub(crate) use coded;

coded! {
    /// One kind of row in the staff audit log.
    pub enum AuditEvent {
        /// The queue was listed or searched (the term kept keyed).
        QueueListed = "application.queue_listed",
        /// A case was opened (once per person per quarter hour).
        Viewed = "application.viewed",
        /// An identification number was shown in full.
        IdRevealed = "application.id_revealed",
        /// A case was assigned to the caller.
        Claimed = "application.claimed",
        /// The holder let a case go: nobody holds it now.
        Released = "application.released",
        /// A case was handed to a named colleague (detail: to, the colleague's id).
        Reassigned = "application.reassigned",
        /// A case someone else held was taken over (detail: from, the holder's id).
        TakenOver = "application.taken_over",
        /// A reviewer recommended a decision (detail: recommendation, the rationale's row id).
        Recommended = "application.recommended",
        /// A tax file number was shown in full (detail: reason).
        TfnRevealed = "application.tfn_revealed",
        /// An internal note was added.
        NoteAdded = "application.note_added",
        /// A review action changed the status (detail: action, from, to, reason).
        Action = "application.action",
        /// The applicant answered an information request on the status page (detail: how many
        /// documents); no staff member.
        InformationReceived = "application.information_received",
        /// A document the applicant sent was downloaded (detail: which).
        DocumentDownloaded = "application.document_downloaded",
        /// The retention run erased an application's personal data.
        Purged = "application.purged",
        /// One retention run (detail: how many applications it erased).
        PurgeRun = "retention.purge_run",
        /// The server's start encrypted identification numbers still stored in clear.
        IdentificationEncrypted = "system.identification_encrypted",
        /// The command line invited a staff member (the documented break-glass path).
        CliInvite = "cli.staff_invite",
        /// An administrator invited someone.
        Invited = "staff.invited",
        /// A grant of approver or administrator waits for a second administrator.
        GrantProposed = "staff.grant_proposed",
        /// A second administrator confirmed a pending invitation or grant.
        GrantConfirmed = "staff.grant_confirmed",
        /// A pending invitation or grant was withdrawn.
        GrantRevoked = "staff.grant_revoked",
        /// Roles were changed at once (no grant of approver or administrator in them).
        RolesChanged = "staff.roles_changed",
        /// An account was deactivated (its sessions end, its pending changes die).
        Deactivated = "staff.deactivated",
        /// An account was reactivated.
        Reactivated = "staff.reactivated",
        /// A new staff member registered their first passkey.
        PasskeyRegistered = "staff.passkey_registered",
        /// A recovery link added a passkey to an existing account.
        PasskeyRecovered = "staff.passkey_recovered",
        /// A staff member signed in.
        SignedIn = "staff.signed_in",
        /// A staff member signed out.
        SignedOut = "staff.signed_out",
        /// A signed-in request was refused (403 or 409).
        Refused = "staff.refused",
    }
}

impl AuditEvent {
    /// A line for the case's timeline and the audit log, for events that need no detail to
    /// say what happened (an [`AuditEvent::Action`] is described from its statuses).
    pub const fn label(self) -> &'static str {
        match self {
            Self::QueueListed => "Queue listed",
            Self::Viewed => "Viewed",
            Self::IdRevealed => "Identification number revealed",
            Self::Claimed => "Claimed",
            Self::Released => "Released (nobody holds it)",
            Self::Reassigned => "Reassigned",
            Self::TakenOver => "Taken over from a colleague",
            Self::Recommended => "Decision recommended",
            Self::TfnRevealed => "Tax file number revealed",
            Self::NoteAdded => "Note added",
            Self::Action => "Status changed",
            Self::InformationReceived => "The applicant answered the information request",
            Self::DocumentDownloaded => "Applicant's document downloaded",
            Self::Purged => "Personal data erased (retention)",
            Self::PurgeRun => "Retention run",
            Self::IdentificationEncrypted => "Identification numbers encrypted",
            Self::CliInvite => "Invited from the command line",
            Self::Invited => "Staff member invited",
            Self::GrantProposed => "Role grant proposed",
            Self::GrantConfirmed => "Pending change confirmed",
            Self::GrantRevoked => "Pending change revoked",
            Self::RolesChanged => "Roles changed",
            Self::Deactivated => "Account deactivated",
            Self::Reactivated => "Account reactivated",
            Self::PasskeyRegistered => "Passkey registered",
            Self::PasskeyRecovered => "Passkey added by recovery",
            Self::SignedIn => "Signed in",
            Self::SignedOut => "Signed out",
            Self::Refused => "Refused",
        }
    }
}

impl AuditEvent {
    /// The past tense of a change of who holds a case, for "Alex Chen claimed this
    /// application…" ([`super::changed_while_reading`]); a status change says its action's
    /// ([`super::ActionKind::done`]).
    pub const fn done(self) -> Option<&'static str> {
        match self {
            Self::Claimed => Some("claimed"),
            Self::Released => Some("released"),
            Self::Reassigned => Some("reassigned"),
            Self::TakenOver => Some("took over"),
            Self::Recommended => Some("recommended a decision on"),
            _ => None,
        }
    }
}

coded! {
    /// An email the bank sends about an application.
    pub enum EmailKind {
        /// "We've received your application" (the submission's outbox).
        Confirmation = "confirmation",
        /// The bank asks the applicant for more information.
        InformationRequested = "information_requested",
        /// Approved or declined.
        Decision = "decision",
        /// A one-time link to the status page.
        StatusLink = "status_link",
        /// The bank recorded the applicant's withdrawal.
        Withdrawal = "withdrawal",
    }
}

impl EmailKind {
    /// What the case's timeline calls it.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Confirmation => "application received",
            Self::InformationRequested => "information requested",
            Self::Decision => "decision",
            Self::StatusLink => "status link",
            Self::Withdrawal => "withdrawal confirmed",
        }
    }
}

coded! {
    /// A security notice to a staff member about their own account.
    pub enum StaffEmailKind {
        /// An administrator started a passkey recovery for the account.
        RecoveryStarted = "recovery_started",
        /// A passkey was added to the account through a recovery.
        PasskeyAdded = "passkey_added",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_round_trip() {
        for event in AuditEvent::ALL {
            assert_eq!(AuditEvent::parse(event.as_str()), Some(*event));
            let json = serde_json::to_string(event).unwrap();
            assert_eq!(json, format!("\"{}\"", event.as_str()));
        }
        let mut codes: Vec<_> = AuditEvent::ALL.iter().map(|e| e.as_str()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), AuditEvent::ALL.len());
        for kind in EmailKind::ALL {
            assert_eq!(EmailKind::parse(kind.as_str()), Some(*kind));
        }
        assert_eq!(EmailKind::parse("Decision"), None);
    }
}
