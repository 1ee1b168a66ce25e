//! The life of an application after it is submitted: its statuses, who on the bank's staff may
//! do what to it, and what the applicant is told.
//!
//! The server enforces these rules on every staff call; the staff console shows only the
//! actions [`allowed_actions`] lists for that person and that application.
//!
//! ## Statuses
//!
//! | Status | Final | Reached by |
//! |---|---|---|
//! | `under_review` | no | submission; [`Action::ResumeReview`] from `information_requested` or `information_received` |
//! | `information_requested` | no | [`Action::RequestInformation`] (with a message to the applicant) |
//! | `information_received` | no | the applicant's answer on the status page ([`information::receive_answer`]) |
//! | `approved` | yes | [`Action::Approve`]; for a business account the second approver's [`Action::ConfirmApproval`] |
//! | `declined` | yes | [`Action::Decline`] (with a [`DeclineReason`]) |
//! | `withdrawn` | yes | [`Action::RecordWithdrawal`] (at the applicant's request) |
//!
//! ## Roles
//!
//! A staff member holds one or more [`Role`]s; each may do what any of their roles may:
//!
//! | | view, claim | note, request information, resume, withdrawal | approve, confirm, decline | reveal ID number | staff | audit log |
//! |---|---|---|---|---|---|---|
//! | reviewer | yes | yes | | yes | | |
//! | approver | yes | yes | yes | yes | | |
//! | administrator | | | | | yes | |
//! | auditor | yes (read only) | | | yes | | yes |
//!
//! ## Four eyes
//!
//! Approving a business account (Business Checking, Business Savings) takes two approvers: the
//! first approval is recorded and the application stays `under_review` until a *different*
//! approver confirms it ([`Action::ConfirmApproval`]). Nobody confirms their own approval.
//!
//! ## Claims, recommendations and rationales
//!
//! While a colleague holds a case nobody else acts on it until they take it over; acting on a
//! case nobody holds claims it for the person acting ([`assignment`]). A reviewer recommends approve or decline with a written rationale
//! ([`Action::Recommend`], not open to those who may decide); whoever wrote the latest
//! recommendation never decides the case, even once made an approver
//! ([`Refusal::OwnRecommendation`]: recommend, approve, confirm stay three people); every approval, confirmation and
//! decline records its own internal rationale ([`decisions::check_rationale`]); a withdrawal
//! records how and when the applicant asked ([`decisions::WithdrawalChannel`],
//! [`decisions::check_withdrawal_time`]).
//!
//! ## Separation of duties on the staff
//!
//! Who may invite whom, change whose roles, confirm a grant and deactivate an account is
//! [`separation`]: nobody changes their own roles, and a grant of approver or administrator waits
//! for a second administrator.
//!
//! ```
//! use banksia_core::application::AccountType;
//! use banksia_core::review::assignment::Hold;
//! use banksia_core::review::{decide, Action, Case, Outcome, Role, Roles, Staff, Status};
//!
//! let case = Case { status: Status::UnderReview, account_type: AccountType::BusinessChecking, approved_by: None, recommended_by: None, holder: None };
//! let ann = Staff { id: 1, roles: Roles::of(&[Role::Approver]) };
//! let bob = Staff { id: 2, roles: Roles::of(&[Role::Approver]) };
//! let approve = Action::Approve { rationale: "Identity and business verified.".into() };
//!
//! // Ann's approval of a business account waits for a second approver (and lets the case go,
//! // so the second approver can take it)...
//! let first = decide(&case, &ann, &approve).unwrap();
//! assert_eq!(first, Outcome { status: Status::UnderReview, approved_by: Some(1), hold: Hold::Released });
//! let case = Case { approved_by: first.approved_by, ..case };
//! // ...she cannot confirm it herself; Bob can.
//! let confirm = Action::ConfirmApproval { rationale: "Checked Ann's approval again.".into() };
//! assert!(decide(&case, &ann, &confirm).is_err());
//! assert_eq!(decide(&case, &bob, &confirm).unwrap().status, Status::Approved);
//! ```

pub mod administration;
pub mod assignment;
pub mod business_days;
pub mod commands;
pub mod decisions;
pub mod effects;
pub mod events;
pub mod information;
pub mod reveal;
pub mod separation;

use decisions::{Recommendation, WithdrawalChannel, check_rationale};

use serde::{Deserialize, Serialize};

use crate::application::AccountType;
use crate::application::checks::{TextClass, text_class};

/// Where an application stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Submitted and waiting for (or under) a reviewer's look.
    UnderReview,
    /// The bank asked the applicant for something and waits for the answer.
    InformationRequested,
    /// The applicant answered on the status page: back in the queue for a reviewer to read it.
    /// Staff may do here what they may under review.
    InformationReceived,
    /// Final: the account will be opened.
    Approved,
    /// Final: the bank will not open the account.
    Declined,
    /// Final: the applicant withdrew the application.
    Withdrawn,
}

impl Status {
    /// Every status, in the order of the table above.
    pub const ALL: [Self; 6] = [
        Self::UnderReview,
        Self::InformationRequested,
        Self::InformationReceived,
        Self::Approved,
        Self::Declined,
        Self::Withdrawn,
    ];

    /// The code stored in the database and sent over the wire.
    ///
    /// ```
    /// use banksia_core::review::Status;
    /// assert_eq!(Status::InformationRequested.as_str(), "information_requested");
    /// assert_eq!(Status::parse("approved"), Some(Status::Approved));
    /// assert_eq!(Status::parse("pending"), None);
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::UnderReview => "under_review",
            Self::InformationRequested => "information_requested",
            Self::InformationReceived => "information_received",
            Self::Approved => "approved",
            Self::Declined => "declined",
            Self::Withdrawn => "withdrawn",
        }
    }

    /// Reads a stored code (exactly as [`Status::as_str`] writes it).
    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == code)
    }

    /// True while the application is in the staff queue's open list (not final).
    pub const fn is_open(self) -> bool {
        !self.is_final()
    }

    /// True for approved, declined and withdrawn: nothing changes it any more.
    pub const fn is_final(self) -> bool {
        matches!(self, Self::Approved | Self::Declined | Self::Withdrawn)
    }

    /// A short label for staff (the queue's filter and badges).
    pub const fn label(self) -> &'static str {
        match self {
            Self::UnderReview => "Under review",
            Self::InformationRequested => "Information requested",
            Self::InformationReceived => "Information received",
            Self::Approved => "Approved",
            Self::Declined => "Declined",
            Self::Withdrawn => "Withdrawn",
        }
    }

    /// What the applicant is told about this status, in plain words, and what happens next.
    ///
    /// ```
    /// use banksia_core::review::Status;
    /// let words = Status::UnderReview.applicant_wording();
    /// assert_eq!(words.headline, "We're reviewing your application");
    /// assert!(words.next_step.contains("2-3 business days"));
    /// ```
    pub const fn applicant_wording(self) -> ApplicantWording {
        match self {
            Self::UnderReview => ApplicantWording {
                headline: "We're reviewing your application",
                explanation: "Our team is checking the details you gave us.",
                next_step: "We'll email you with our decision, usually within 2-3 business days. You don't need to do anything now.",
            },
            Self::InformationRequested => ApplicantWording {
                headline: "We need more information",
                explanation: "We can't finish reviewing your application until we hear from you. Our message is below.",
                next_step: "Answer on this page: write a message and attach up to 3 documents (PDF, JPEG or PNG, up to 5 MB each). Or call us quoting your reference. We'll carry on with the review as soon as we have your answer.",
            },
            Self::InformationReceived => ApplicantWording {
                headline: "We've received your information",
                explanation: "Thank you: we have your answer and we're reviewing your application again.",
                next_step: "We'll email you with our decision, or if we need anything else, usually within 2-3 business days. You don't need to do anything now.",
            },
            Self::Approved => ApplicantWording {
                headline: "Your application is approved",
                explanation: "Good news: we've approved your application.",
                next_step: "We'll email you your account details and how to make your first deposit within 1 business day.",
            },
            Self::Declined => ApplicantWording {
                headline: "We can't open this account for you",
                explanation: "After reviewing your application, we're unable to open this account.",
                next_step: "Our email explains why and what you can do next. If you'd like to talk about it or make a complaint, call us and quote your reference.",
            },
            Self::Withdrawn => ApplicantWording {
                headline: "Your application was withdrawn",
                explanation: "As you asked, we've closed this application.",
                next_step: "Nothing more is needed. You're welcome to apply again at any time.",
            },
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What an applicant reads about a status (the status page and the emails).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ApplicantWording {
    /// One line: where the application stands.
    pub headline: &'static str,
    /// A sentence or two about it.
    pub explanation: &'static str,
    /// What happens next, or what the applicant should do.
    pub next_step: &'static str,
}

/// A role on the bank's staff.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Sees applications, writes notes, requests information, resumes reviews.
    Reviewer,
    /// Everything a reviewer does, and approves and declines.
    Approver,
    /// Invites staff, changes their roles, deactivates them; decides nothing.
    Administrator,
    /// Reads everything, the audit log included; changes nothing.
    Auditor,
}

impl Role {
    /// Every role.
    pub const ALL: [Self; 4] = [
        Self::Reviewer,
        Self::Approver,
        Self::Administrator,
        Self::Auditor,
    ];

    /// The stored code.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Reviewer => "reviewer",
            Self::Approver => "approver",
            Self::Administrator => "administrator",
            Self::Auditor => "auditor",
        }
    }

    /// Reads a stored code; `admin` is accepted for `administrator` (the CLI's shorthand).
    ///
    /// ```
    /// use banksia_core::review::Role;
    /// assert_eq!(Role::parse("admin"), Some(Role::Administrator));
    /// assert_eq!(Role::parse("Approver"), Some(Role::Approver));
    /// assert_eq!(Role::parse("boss"), None);
    /// ```
    pub fn parse(code: &str) -> Option<Self> {
        let code = code.trim();
        if code.eq_ignore_ascii_case("admin") {
            return Some(Self::Administrator);
        }
        Self::ALL
            .into_iter()
            .find(|r| r.as_str().eq_ignore_ascii_case(code))
    }

    /// A label for people.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Reviewer => "Reviewer",
            Self::Approver => "Approver",
            Self::Administrator => "Administrator",
            Self::Auditor => "Auditor",
        }
    }

    /// What the role may do, in a sentence for the console's role picker.
    ///
    /// ```
    /// use banksia_core::review::Role;
    /// assert!(Role::Administrator.description().contains("decides nothing"));
    /// ```
    pub const fn description(self) -> &'static str {
        match self {
            Self::Reviewer => {
                "Sees applications, writes notes, requests information and resumes reviews."
            }
            Self::Approver => "Everything a reviewer does, and approves and declines.",
            Self::Administrator => {
                "Invites staff, changes their roles and deactivates them; decides nothing."
            }
            Self::Auditor => "Reads everything, the audit log included; changes nothing.",
        }
    }

    const fn bit(self) -> u8 {
        match self {
            Self::Reviewer => 1,
            Self::Approver => 2,
            Self::Administrator => 4,
            Self::Auditor => 8,
        }
    }
}

/// The roles one person holds (any number, none included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Roles(u8);

impl Roles {
    /// No role at all: may do nothing.
    pub const NONE: Self = Self(0);

    /// The set of `roles`.
    pub fn of(roles: &[Role]) -> Self {
        Self(roles.iter().fold(0, |bits, r| bits | r.bit()))
    }

    /// True when `role` is one of them.
    pub const fn has(self, role: Role) -> bool {
        self.0 & role.bit() != 0
    }

    /// The roles held, in [`Role::ALL`] order.
    pub fn to_vec(self) -> Vec<Role> {
        Role::ALL.into_iter().filter(|r| self.has(*r)).collect()
    }

    /// True when one of these roles grants `permission`.
    ///
    /// ```
    /// use banksia_core::review::{Permission, Role, Roles};
    /// let auditor = Roles::of(&[Role::Auditor]);
    /// assert!(auditor.may(Permission::ReadAuditLog));
    /// assert!(!auditor.may(Permission::WriteNote));
    /// assert!(!Roles::of(&[Role::Administrator]).may(Permission::Decide));
    /// assert!(Roles::of(&[Role::Administrator, Role::Approver]).may(Permission::Decide));
    /// ```
    pub fn may(self, permission: Permission) -> bool {
        permission.roles().iter().any(|r| self.has(*r))
    }
}

impl Serialize for Roles {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_vec().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Roles {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<Role>::deserialize(deserializer).map(|roles| Self::of(&roles))
    }
}

/// Something a staff member may be allowed to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Permission {
    /// See the queue and open an application (every view is audited).
    ViewApplications,
    /// See an application's identification number in full (audited).
    RevealIdentification,
    /// Assign an application to oneself.
    Claim,
    /// Write a note on an application.
    WriteNote,
    /// Request information, resume a review, record a withdrawal.
    Review,
    /// Approve, confirm another's approval, decline.
    Decide,
    /// Invite staff, change roles, deactivate.
    ManageStaff,
    /// Read the audit log.
    ReadAuditLog,
}

impl Permission {
    /// The roles granting it (the module's table).
    pub const fn roles(self) -> &'static [Role] {
        use Role::*;
        match self {
            Self::ViewApplications | Self::RevealIdentification => &[Reviewer, Approver, Auditor],
            Self::Claim | Self::WriteNote | Self::Review => &[Reviewer, Approver],
            Self::Decide => &[Approver],
            Self::ManageStaff => &[Administrator],
            Self::ReadAuditLog => &[Auditor],
        }
    }
}

/// A staff member as far as the rules care: who, and with which roles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Staff {
    /// The staff member's id (the server's database id).
    pub id: i64,
    /// Their roles.
    pub roles: Roles,
}

/// An application as far as the rules care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Case {
    /// Where it stands.
    pub status: Status,
    /// The account applied for (business accounts need two approvers).
    pub account_type: AccountType,
    /// Who gave the first approval of a business account still waiting for its confirmation.
    pub approved_by: Option<i64>,
    /// Who wrote the latest recommendation on it, if anyone: they may not decide it, even once
    /// they hold a role that decides (recommend, approve, confirm: three people).
    pub recommended_by: Option<i64>,
    /// Who holds (claimed) it, if anyone ([`assignment`]).
    pub holder: Option<i64>,
}

/// Why an application is declined: a fixed list, so decisions can be counted and reviewed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DeclineReason {
    /// The identity document could not be verified.
    IdentityNotVerified,
    /// The applicant does not meet the account's eligibility (age, residency, business).
    NotEligible,
    /// The information asked for never came.
    InformationNotProvided,
    /// The bank's risk and compliance checks (AML/CTF) did not pass.
    RiskAssessment,
    /// Another application of the same person for the same account is open.
    DuplicateApplication,
}

impl DeclineReason {
    /// Every reason, in the order the console lists them.
    pub const ALL: [Self; 5] = [
        Self::IdentityNotVerified,
        Self::NotEligible,
        Self::InformationNotProvided,
        Self::RiskAssessment,
        Self::DuplicateApplication,
    ];

    /// The stored code.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::IdentityNotVerified => "identity_not_verified",
            Self::NotEligible => "not_eligible",
            Self::InformationNotProvided => "information_not_provided",
            Self::RiskAssessment => "risk_assessment",
            Self::DuplicateApplication => "duplicate_application",
        }
    }

    /// Reads a stored code.
    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == code)
    }

    /// The reason as the applicant reads it: plain words, at the level of the category (never
    /// the internal check that failed), and what they can do about it.
    ///
    /// ```
    /// use banksia_core::review::DeclineReason;
    /// let words = DeclineReason::IdentityNotVerified.applicant_explanation();
    /// assert!(words.reason.contains("confirm your identity"));
    /// ```
    pub const fn applicant_explanation(self) -> DeclineExplanation {
        match self {
            Self::IdentityNotVerified => DeclineExplanation {
                reason: "We couldn't confirm your identity from the details and documents we have.",
                next_step: "You're welcome to apply again with a current Australian driver licence or passport, or call us and we'll tell you which documents we can accept.",
            },
            Self::NotEligible => DeclineExplanation {
                reason: "Your application doesn't meet the eligibility requirements for this account (for example age, residency or, for a business, its registration).",
                next_step: "Our other accounts may suit you: call us and we'll go through them with you, or see their requirements on our website.",
            },
            Self::InformationNotProvided => DeclineExplanation {
                reason: "We asked for more information and didn't receive it, so we couldn't finish reviewing your application.",
                next_step: "You're welcome to apply again when you have the information to hand.",
            },
            Self::RiskAssessment => DeclineExplanation {
                reason: "Your application didn't pass the checks we must make before opening an account (our risk and compliance checks).",
                next_step: "We can't say more about these checks, but you can call us to talk about your application.",
            },
            Self::DuplicateApplication => DeclineExplanation {
                reason: "You already have an open application for this account with us, so we closed this one.",
                next_step: "You don't need to do anything: we'll carry on with your other application and email you about it.",
            },
        }
    }

    /// The label staff choose from.
    pub const fn label(self) -> &'static str {
        match self {
            Self::IdentityNotVerified => "Identity could not be verified",
            Self::NotEligible => "Does not meet the account's eligibility",
            Self::InformationNotProvided => "Requested information not provided",
            Self::RiskAssessment => "Risk and compliance checks",
            Self::DuplicateApplication => "Duplicate application",
        }
    }
}

/// A decline's reason as the applicant is told it (the decline email).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DeclineExplanation {
    /// Why, in plain words.
    pub reason: &'static str,
    /// What the applicant can do next.
    pub next_step: &'static str,
}

/// What a staff member does to an application.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Ask the applicant for something; `message` is sent to them (see [`check_message`]).
    RequestInformation {
        /// The message to the applicant.
        message: String,
    },
    /// Back to `under_review` from `information_requested` (the applicant answered another
    /// way, e.g. by phone) or from `information_received` (the answer was read).
    ResumeReview,
    /// Approve; for a business account the first of two approvals.
    Approve {
        /// The internal rationale ([`check_rationale`]).
        rationale: String,
    },
    /// The second approver's confirmation of a business account's approval.
    ConfirmApproval {
        /// The internal rationale.
        rationale: String,
    },
    /// Decline, for a reason from the fixed list.
    Decline {
        /// Why (the applicant is told at this level).
        reason: DeclineReason,
        /// The internal rationale.
        rationale: String,
    },
    /// Record the applicant's request to withdraw, and how they made it (when, the server checks
    /// with [`decisions::check_withdrawal_time`]).
    RecordWithdrawal {
        /// How the applicant asked.
        channel: WithdrawalChannel,
    },
    /// A reviewer's recommendation to the approver; the status does not change.
    Recommend {
        /// Approve or decline.
        recommendation: Recommendation,
        /// Why.
        rationale: String,
    },
}

/// The kinds of [`Action`], without their data: what the console offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// [`Action::RequestInformation`].
    RequestInformation,
    /// [`Action::ResumeReview`].
    ResumeReview,
    /// [`Action::Approve`].
    Approve,
    /// [`Action::ConfirmApproval`].
    ConfirmApproval,
    /// [`Action::Decline`].
    Decline,
    /// [`Action::RecordWithdrawal`].
    RecordWithdrawal,
    /// [`Action::Recommend`].
    Recommend,
}

impl ActionKind {
    /// Every kind.
    pub const ALL: [Self; 7] = [
        Self::RequestInformation,
        Self::ResumeReview,
        Self::Recommend,
        Self::Approve,
        Self::ConfirmApproval,
        Self::Decline,
        Self::RecordWithdrawal,
    ];

    /// The button's label.
    pub const fn label(self) -> &'static str {
        match self {
            Self::RequestInformation => "Request information",
            Self::ResumeReview => "Resume review",
            Self::Approve => "Approve",
            Self::ConfirmApproval => "Confirm approval",
            Self::Decline => "Decline",
            Self::RecordWithdrawal => "Record withdrawal",
            Self::Recommend => "Recommend a decision",
        }
    }

    /// True for the actions that end the application (the console asks to confirm them).
    pub const fn is_final(self) -> bool {
        matches!(
            self,
            Self::Approve | Self::ConfirmApproval | Self::Decline | Self::RecordWithdrawal
        )
    }

    /// True for the actions that record an internal rationale.
    pub const fn needs_rationale(self) -> bool {
        matches!(
            self,
            Self::Approve | Self::ConfirmApproval | Self::Decline | Self::Recommend
        )
    }

    /// The past tense of the action, for "Alex Chen approved this application…".
    pub const fn done(self) -> &'static str {
        match self {
            Self::RequestInformation => "asked the applicant for information on",
            Self::ResumeReview => "resumed the review of",
            Self::Approve => "approved",
            Self::ConfirmApproval => "confirmed the approval of",
            Self::Decline => "declined",
            Self::RecordWithdrawal => "recorded the withdrawal of",
            Self::Recommend => "recommended a decision on",
        }
    }

    /// The permission it needs.
    pub const fn permission(self) -> Permission {
        match self {
            Self::RequestInformation
            | Self::ResumeReview
            | Self::RecordWithdrawal
            | Self::Recommend => Permission::Review,
            Self::Approve | Self::ConfirmApproval | Self::Decline => Permission::Decide,
        }
    }

    /// The stored code (the audit log's action).
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::RequestInformation => "request_information",
            Self::ResumeReview => "resume_review",
            Self::Approve => "approve",
            Self::ConfirmApproval => "confirm_approval",
            Self::Decline => "decline",
            Self::RecordWithdrawal => "record_withdrawal",
            Self::Recommend => "recommend",
        }
    }
}

impl Action {
    /// The kind of this action.
    pub const fn kind(&self) -> ActionKind {
        match self {
            Self::RequestInformation { .. } => ActionKind::RequestInformation,
            Self::ResumeReview => ActionKind::ResumeReview,
            Self::Approve { .. } => ActionKind::Approve,
            Self::ConfirmApproval { .. } => ActionKind::ConfirmApproval,
            Self::Decline { .. } => ActionKind::Decline,
            Self::RecordWithdrawal { .. } => ActionKind::RecordWithdrawal,
            Self::Recommend { .. } => ActionKind::Recommend,
        }
    }

    /// The internal rationale it carries, if any.
    pub fn rationale(&self) -> Option<&str> {
        match self {
            Self::Approve { rationale }
            | Self::ConfirmApproval { rationale }
            | Self::Decline { rationale, .. }
            | Self::Recommend { rationale, .. } => Some(rationale),
            _ => None,
        }
    }
}

/// The result of an allowed action: the new status, and the pending first approval.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The status after the action.
    pub status: Status,
    /// The first approver of a business account waiting for a confirmation (`None` once it
    /// is decided, or when nothing is waiting).
    pub approved_by: Option<i64>,
    /// Who holds the case afterwards: the actor keeps it, claims it when nobody held it, or it is
    /// handed on for a decision (a recommendation, a first approval) and nobody holds it.
    pub hold: assignment::Hold,
}

/// Why an action is refused. The server answers 403 for [`Refusal::NotPermitted`], 409 for the
/// transitions, 422 for [`Refusal::InvalidText`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// None of the person's roles allows it.
    #[error("Your role does not allow this action.")]
    NotPermitted,
    /// The application's status does not allow it (a final status allows nothing).
    #[error("This application is {status}: that action is not possible now.", status = .0.label().to_lowercase())]
    IllegalTransition(Status),
    /// A business account's approval waits for a second approver; this person gave the first.
    #[error("You approved this application: another approver must confirm it.")]
    OwnApproval,
    /// A decision (approve, confirm, decline) by the person who recommended it.
    #[error("You recommended a decision on this application: another approver must decide it.")]
    OwnRecommendation,
    /// A confirmation when no first approval waits, or a second first approval.
    #[error("There is no approval waiting for confirmation.")]
    NothingToConfirm,
    /// An approval of a business account that already waits for its confirmation.
    #[error("This application already waits for a second approver's confirmation.")]
    AlreadyApproved,
    /// A message or note breaks the text rules.
    #[error("{0}")]
    InvalidText(String),
    /// Another input is missing or wrong (a withdrawal's time).
    #[error("{0}")]
    InvalidInput(String),
    /// A colleague holds the case ([`assignment`]); the server names them
    /// ([`assignment::held_by`]).
    #[error(
        "A colleague holds this application. Take it over to act on it (the take-over is recorded)."
    )]
    HeldByColleague,
    /// A claim or take-over of a case the person already holds.
    #[error("This application is already assigned to that person.")]
    AlreadyHeld,
    /// A release or take-over of a case nobody holds.
    #[error("Nobody holds this application: claim it instead.")]
    NotHeld,
    /// A reassignment to someone whose roles don't let them work on applications.
    #[error("That colleague's roles don't let them work on applications.")]
    CannotHold,
    /// A recommendation by someone who may decide.
    #[error("You may decide this application yourself: approve or decline it.")]
    DecideInstead,
}

/// True for the two business accounts, whose approval needs four eyes.
pub const fn needs_second_approver(account_type: AccountType) -> bool {
    matches!(
        account_type,
        AccountType::BusinessChecking | AccountType::BusinessSavings
    )
}

/// Whether `staff` may do `action` to `case`, and what follows. The action's text (an
/// information request's message) is checked too ([`check_message`]).
pub fn decide(case: &Case, staff: &Staff, action: &Action) -> Result<Outcome, Refusal> {
    let kind = action.kind();
    check_allowed(case, staff, kind)?;
    if let Action::RequestInformation { message } = action {
        check_message(message)?;
    }
    if let Some(rationale) = action.rationale() {
        check_rationale(rationale)?;
    }
    let to = |status: Status| Outcome {
        status,
        approved_by: None,
        hold: assignment::Hold::after_action(case.holder, false),
    };
    let handed_on = assignment::Hold::after_action(case.holder, true);
    Ok(match kind {
        ActionKind::RequestInformation => to(Status::InformationRequested),
        ActionKind::ResumeReview => to(Status::UnderReview),
        ActionKind::Recommend => Outcome {
            hold: handed_on,
            ..to(Status::UnderReview)
        },
        ActionKind::Approve if needs_second_approver(case.account_type) => Outcome {
            status: Status::UnderReview,
            approved_by: Some(staff.id),
            hold: handed_on,
        },
        ActionKind::Approve | ActionKind::ConfirmApproval => to(Status::Approved),
        ActionKind::Decline => to(Status::Declined),
        ActionKind::RecordWithdrawal => to(Status::Withdrawn),
    })
}

/// Whether `staff` may take an action of `kind` on `case` now (without its data).
pub fn check_allowed(case: &Case, staff: &Staff, kind: ActionKind) -> Result<(), Refusal> {
    if !staff.roles.may(kind.permission()) {
        return Err(Refusal::NotPermitted);
    }
    let status = case.status;
    let illegal = Err(Refusal::IllegalTransition(status));
    if status.is_final() {
        return illegal;
    }
    if case.holder.is_some_and(|holder| holder != staff.id) {
        return Err(Refusal::HeldByColleague);
    }
    let pending = case.approved_by;
    // Whoever recommended is not one of the decision's pairs of eyes, whatever roles they hold
    // now (a reviewer later made an approver).
    if kind.permission() == Permission::Decide && case.recommended_by == Some(staff.id) {
        return Err(Refusal::OwnRecommendation);
    }
    // An answered request puts the case back in review: staff may do there what they may
    // under review (a pending first approval exists only under review).
    let reviewing = matches!(status, Status::UnderReview | Status::InformationReceived);
    match kind {
        ActionKind::Recommend if staff.roles.may(Permission::Decide) => Err(Refusal::DecideInstead),
        ActionKind::Recommend if reviewing => match pending {
            Some(_) => Err(Refusal::AlreadyApproved),
            None => Ok(()),
        },
        ActionKind::RequestInformation if reviewing => Ok(()),
        ActionKind::ResumeReview
            if matches!(
                status,
                Status::InformationRequested | Status::InformationReceived
            ) =>
        {
            Ok(())
        }
        ActionKind::Approve if reviewing => match pending {
            Some(_) => Err(Refusal::AlreadyApproved),
            None => Ok(()),
        },
        ActionKind::ConfirmApproval if status == Status::UnderReview => match pending {
            None => Err(Refusal::NothingToConfirm),
            Some(first) if first == staff.id => Err(Refusal::OwnApproval),
            Some(_) => Ok(()),
        },
        ActionKind::Decline | ActionKind::RecordWithdrawal => Ok(()),
        _ => illegal,
    }
}

/// The actions `staff` may take on `case` now: what the console shows.
///
/// ```
/// use banksia_core::application::AccountType;
/// use banksia_core::review::{allowed_actions, ActionKind, Case, Role, Roles, Staff, Status};
///
/// let case = Case { status: Status::UnderReview, account_type: AccountType::Savings, approved_by: None, recommended_by: None, holder: None };
/// let reviewer = Staff { id: 7, roles: Roles::of(&[Role::Reviewer]) };
/// assert_eq!(
///     allowed_actions(&case, &reviewer),
///     [ActionKind::RequestInformation, ActionKind::Recommend, ActionKind::RecordWithdrawal]
/// );
/// // A colleague's claim keeps everyone else's hands off.
/// let held = Case { holder: Some(8), ..case };
/// assert!(allowed_actions(&held, &reviewer).is_empty());
/// let auditor = Staff { id: 8, roles: Roles::of(&[Role::Auditor]) };
/// assert!(allowed_actions(&case, &auditor).is_empty());
/// ```
pub fn allowed_actions(case: &Case, staff: &Staff) -> Vec<ActionKind> {
    ActionKind::ALL
        .into_iter()
        .filter(|kind| check_allowed(case, staff, *kind).is_ok())
        .collect()
}

/// The longest message to an applicant or note, in characters.
pub const MESSAGE_MAX_CHARS: usize = 2000;
/// The shortest, in visible characters.
pub const MESSAGE_MIN_CHARS: usize = 10;

/// Checks a message to an applicant (an information request) or a staff note with core's
/// text rules: no character the application's free-text fields refuse (controls, invisible
/// format characters, direction overrides) except line breaks, at least
/// [`MESSAGE_MIN_CHARS`] visible characters and at most [`MESSAGE_MAX_CHARS`]. Returns the
/// text as it will be stored: line breaks as `\n`, surrounding whitespace trimmed.
///
/// ```
/// use banksia_core::review::check_message;
/// assert_eq!(check_message("  Please send a copy of your licence.\r\n").unwrap(),
///            "Please send a copy of your licence.");
/// assert!(check_message("ok").is_err());
/// assert!(check_message("Please call us\u{202E} today").is_err());
/// ```
pub fn check_message(text: &str) -> Result<String, Refusal> {
    check_text(text, "message", MESSAGE_MIN_CHARS, MESSAGE_MAX_CHARS)
}

/// The text rules of [`check_message`], for a text called `noun` of `min` to `max` characters.
pub(crate) fn check_text(
    text: &str,
    noun: &str,
    min: usize,
    max: usize,
) -> Result<String, Refusal> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let text = text.trim();
    let refused = text
        .chars()
        .any(|c| c != '\n' && c != '\t' && text_class(c) == TextClass::Refused);
    if refused {
        return Err(Refusal::InvalidText(format!(
            "The {noun} contains a character that can't be used (an invisible or control character)."
        )));
    }
    let visible = text
        .chars()
        .filter(|c| !c.is_whitespace() && text_class(*c) == TextClass::Ordinary)
        .count();
    if visible < min {
        return Err(Refusal::InvalidText(format!(
            "The {noun} must have at least {min} characters."
        )));
    }
    if text.chars().count() > max {
        return Err(Refusal::InvalidText(format!(
            "The {noun} must be at most {max} characters."
        )));
    }
    Ok(text.to_owned())
}

/// What a refused change tells the person whose view was out of date: who changed the
/// application, what they did and when (Sydney time; the date too when it was not today).
///
/// ```
/// use banksia_core::review::changed_while_reading;
/// use chrono::{TimeZone, Utc};
///
/// let at = Utc.with_ymd_and_hms(2026, 3, 1, 23, 42, 0).unwrap(); // 10:42 on 2 March in Sydney
/// let now = Utc.with_ymd_and_hms(2026, 3, 1, 23, 50, 0).unwrap();
/// assert_eq!(
///     changed_while_reading("Alex Chen", "approved", at, now),
///     "Alex Chen approved this application at 10:42 (Sydney time) while you were reading it."
/// );
/// let later = Utc.with_ymd_and_hms(2026, 3, 3, 1, 0, 0).unwrap();
/// assert!(changed_while_reading("Alex Chen", "claimed", at, later).contains("at 10:42 on 2 March 2026 (Sydney time)"));
/// ```
pub fn changed_while_reading(
    who: &str,
    done: &str,
    at: chrono::DateTime<chrono::Utc>,
    now: chrono::DateTime<chrono::Utc>,
) -> String {
    use crate::application::today::sydney_time;
    let local = sydney_time(at);
    let when = if local.date() == sydney_time(now).date() {
        local.format("%H:%M").to_string()
    } else {
        local.format("%H:%M on %-d %B %Y").to_string()
    };
    format!("{who} {done} this application at {when} (Sydney time) while you were reading it.")
}

/// The last three characters of an identification number, the rest masked: what the case
/// view shows before an audited reveal.
///
/// ```
/// use banksia_core::review::mask_identification;
/// assert_eq!(mask_identification("PA1234567"), "••••••567");
/// assert_eq!(mask_identification("12"), "••");
/// ```
pub fn mask_identification(number: &str) -> String {
    MaskParts::of(number).masked()
}

/// What is kept in clear beside an encrypted identification number, so the masked view needs
/// no key: the last three characters (none for a number of three or fewer, which would show it
/// whole) and the length. The one place the mask is made, from the number or from these parts.
///
/// ```
/// use banksia_core::review::{MaskParts, mask_identification};
/// let parts = MaskParts::of("PA1234567");
/// assert_eq!((parts.last3.as_str(), parts.length), ("567", 9));
/// assert_eq!(parts.masked(), mask_identification("PA1234567"));
/// assert_eq!(MaskParts::of("12").last3, "");
/// // Stored parts from before this rule (a short number kept whole) still mask fully.
/// assert_eq!(MaskParts { last3: "12".into(), length: 2 }.masked(), "••");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaskParts {
    /// The last three characters; empty when the number has three or fewer.
    pub last3: String,
    /// The number's length in characters.
    pub length: usize,
}

impl MaskParts {
    /// The parts of `number`.
    pub fn of(number: &str) -> Self {
        let length = number.chars().count();
        let last3 = if length <= 3 {
            String::new()
        } else {
            number.chars().skip(length - 3).collect()
        };
        Self { last3, length }
    }

    /// Dots for every character but the last three.
    pub fn masked(&self) -> String {
        if self.length <= 3 {
            return "•".repeat(self.length);
        }
        let shown: String = self
            .last3
            .chars()
            .rev()
            .take(3)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let hidden = self.length.saturating_sub(shown.chars().count());
        format!("{}{shown}", "•".repeat(hidden))
    }
}

#[cfg(test)]
mod tests;
