//! What a staff action does, decided once, as data: beside [`super::decide`]'s outcome (status,
//! pending approval, holder), the email it queues, the rationale it stores, and the words the
//! console shows before (the confirm step: its question, its button, each effect) and after it.
//! The server stores and queues what this says; the console shows what it says; neither
//! re-derives which decision emails the applicant or is final.
//!
//! ```
//! use banksia_core::application::AccountType;
//! use banksia_core::review::effects::effects;
//! use banksia_core::review::events::EmailKind;
//! use banksia_core::review::{Action, Case, Role, Roles, Staff, Status};
//!
//! let ann = Staff { id: 1, roles: Roles::of(&[Role::Approver]) };
//! let approve = Action::Approve { rationale: "Identity and business verified.".into() };
//! let case = |account_type| Case { status: Status::UnderReview, account_type, approved_by: None, recommended_by: None, holder: None };
//! // A personal account's approval is final and emails the applicant...
//! let savings = effects(&case(AccountType::Savings), &ann, &approve).unwrap();
//! assert_eq!(savings.email, Some(EmailKind::Decision));
//! assert!(savings.effects[0].starts_with("This is final"));
//! // ...a business account's first approval waits for a second approver and tells no one yet.
//! let business = effects(&case(AccountType::BusinessSavings), &ann, &approve).unwrap();
//! assert_eq!(business.email, None);
//! assert!(business.effects.iter().all(|e| !e.contains("This is final")));
//! ```

use super::assignment::{Assignment, Hold, check_assignment};
use super::commands::{
    ActionDetail, AuditRecord, ClaimDetail, NoDetail, ReassignDetail, RecommendationDetail,
    RevealDetail, TakeOverDetail,
};
use super::decisions::RationaleKind;
use super::events::EmailKind;
use super::reveal::{RevealReason, RevealedField};
use super::{Action, Case, Outcome, Refusal, Staff, Status, check_message, decide};

/// Everything an allowed action does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effects {
    /// The status, the pending approval and the holder afterwards.
    pub outcome: Outcome,
    /// The email the applicant is sent about it, if any.
    pub email: Option<EmailKind>,
    /// The kind of rationale it stores, if it carries one.
    pub rationale: Option<RationaleKind>,
    /// The confirm step's question.
    pub question: &'static str,
    /// The confirm step's button.
    pub yes: &'static str,
    /// What follows, one sentence each, as the confirm step lists them.
    pub effects: Vec<String>,
    /// What the console says once it is done.
    pub done: &'static str,
    /// The audit row of the action, but for the rationale's row id ([`Effects::audit_trail`]).
    record: AuditRecord,
}

impl Effects {
    /// The audit rows the action writes, in order: a claim first when acting took a case
    /// nobody held ([`Hold::Claimed`]), then the recommendation or the change of status, naming
    /// the row its rationale was stored in and, for a withdrawal, when the applicant asked
    /// (RFC 3339).
    pub fn audit_trail(
        &self,
        rationale_id: Option<i64>,
        withdrawal_requested_at: Option<String>,
    ) -> Vec<AuditRecord> {
        let mut trail = Vec::with_capacity(2);
        let record = match &self.record {
            AuditRecord::Recommended(detail) => AuditRecord::Recommended(RecommendationDetail {
                rationale_id,
                ..*detail
            }),
            AuditRecord::Action(detail) => AuditRecord::Action(ActionDetail {
                rationale_id,
                withdrawal_requested_at: detail.withdrawal_channel.and(withdrawal_requested_at),
                ..detail.clone()
            }),
            other => other.clone(),
        };
        if self.outcome.hold == Hold::Claimed {
            trail.push(AuditRecord::Claimed(ClaimDetail {
                with_action: match &record {
                    AuditRecord::Action(detail) => detail.action,
                    _ => Some(super::ActionKind::Recommend),
                },
            }));
        }
        trail.push(record);
        trail
    }
}

/// The email an applicant is sent when their application reaches `status` through a staff
/// action: an information request, a decision, a withdrawal; none for the rest.
pub const fn email_on(status: Status) -> Option<EmailKind> {
    match status {
        Status::InformationRequested => Some(EmailKind::InformationRequested),
        Status::Approved | Status::Declined => Some(EmailKind::Decision),
        Status::Withdrawn => Some(EmailKind::Withdrawal),
        Status::UnderReview | Status::InformationReceived => None,
    }
}

/// Whether `staff` may do `action` to `case` ([`decide`]'s rules and refusals), and all it does.
pub fn effects(case: &Case, staff: &Staff, action: &Action) -> Result<Effects, Refusal> {
    let outcome = decide(case, staff, action)?;
    let email = email_on(outcome.status);
    let emailed = "The applicant is emailed the decision.";
    let (question, yes, effects, done): (_, _, Vec<String>, _) = match action {
        Action::RequestInformation { .. } => (
            "Request information from the applicant?",
            "Yes, send the request",
            vec![
                "The applicant is emailed your message and answers on the status page.".into(),
                "The application waits for their answer; its business days keep counting.".into(),
            ],
            "Information requested; the applicant is emailed.",
        ),
        Action::ResumeReview => (
            "Resume the review?",
            "Yes, resume the review",
            vec!["The application is back under review; the applicant is not emailed.".into()],
            "Review resumed.",
        ),
        Action::Recommend { .. } => (
            "Record this recommendation?",
            "Yes, record it",
            vec![
                "Your recommendation and rationale go on the decision record.".into(),
                "The case is released for an approver, who decides; the applicant is not told."
                    .into(),
            ],
            "Recommendation recorded; the case is released for an approver.",
        ),
        Action::Approve { .. } if outcome.approved_by.is_some() => (
            "Approve this application?",
            "Yes, approve",
            vec![
                "This is the first of two approvals: the application stays under review until a second approver confirms it.".into(),
                "The applicant is not told yet; the case is released for the second approver.".into(),
            ],
            "First approval recorded; a second approver must confirm it.",
        ),
        Action::Approve { .. } => (
            "Approve this application?",
            "Yes, approve",
            vec!["This is final: the application is approved.".into(), emailed.into()],
            "Approved; the applicant is emailed.",
        ),
        Action::ConfirmApproval { .. } => (
            "Confirm the approval of this application?",
            "Yes, confirm the approval",
            vec![
                "This is final: the application is approved (the second of two approvals)."
                    .into(),
                emailed.into(),
            ],
            "Approval confirmed; the applicant is emailed.",
        ),
        Action::Decline { reason, .. } => (
            "Decline this application?",
            "Yes, decline",
            vec![
                "This is final: the application is declined.".into(),
                format!(
                    "The applicant is emailed the decision and why: \u{201c}{}\u{201d}",
                    reason.applicant_explanation().reason
                ),
            ],
            "Declined; the applicant is emailed.",
        ),
        Action::RecordWithdrawal { .. } => (
            "Record this application's withdrawal?",
            "Yes, record the withdrawal",
            vec![
                "This closes the application for good.".into(),
                "The applicant is emailed to confirm it was withdrawn.".into(),
            ],
            "Withdrawal recorded; the applicant is emailed.",
        ),
    };
    let rationale = match action {
        Action::Recommend { recommendation, .. } => {
            Some(RationaleKind::of_recommendation(*recommendation))
        }
        Action::Approve { .. } => Some(RationaleKind::Approve),
        Action::ConfirmApproval { .. } => Some(RationaleKind::ConfirmApproval),
        Action::Decline { .. } => Some(RationaleKind::Decline),
        Action::RequestInformation { .. }
        | Action::ResumeReview
        | Action::RecordWithdrawal { .. } => None,
    };
    let record = match action {
        Action::Recommend { recommendation, .. } => {
            AuditRecord::Recommended(RecommendationDetail {
                recommendation: Some(*recommendation),
                rationale_id: None,
            })
        }
        _ => AuditRecord::Action(ActionDetail {
            action: Some(action.kind()),
            from: Some(case.status),
            to: Some(outcome.status),
            reason: match action {
                Action::Decline { reason, .. } => Some(*reason),
                _ => None,
            },
            rationale_id: None,
            withdrawal_channel: match action {
                Action::RecordWithdrawal { channel } => Some(*channel),
                _ => None,
            },
            withdrawal_requested_at: None,
        }),
    };
    Ok(Effects {
        outcome,
        email,
        rationale,
        question,
        yes,
        effects,
        done,
        record,
    })
}

/// What an allowed change of holder does: who holds the case afterwards, and its audit row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssignmentEffects {
    /// The holder afterwards (`None`: nobody).
    pub holder: Option<i64>,
    /// The audit row: a take-over or hand-over names whom the case was taken from.
    pub record: AuditRecord,
    /// The step, for the words the console shows once it is made ([`AssignmentEffects::done`]).
    step: Assignment,
}

impl AssignmentEffects {
    /// What the console says once the change is made; `colleague` is the name of the person a
    /// hand-over went to (the other steps name nobody).
    ///
    /// ```
    /// use banksia_core::review::assignment::Assignment;
    /// use banksia_core::review::effects::assignment_effects;
    /// use banksia_core::review::{Role, Roles, Staff, Status};
    ///
    /// let ann = Staff { id: 1, roles: Roles::of(&[Role::Reviewer]) };
    /// let claim = assignment_effects(Status::UnderReview, None, &ann, Assignment::Claim).unwrap();
    /// assert_eq!(claim.done(None), "Claimed: you hold this application.");
    /// let to_bo = Assignment::Reassign { to: 2, roles: Roles::of(&[Role::Approver]) };
    /// let hand_over = assignment_effects(Status::UnderReview, Some(1), &ann, to_bo).unwrap();
    /// assert_eq!(hand_over.done(Some("Bo Li")), "Handed to Bo Li: they hold this application now.");
    /// ```
    pub fn done(&self, colleague: Option<&str>) -> String {
        match self.step {
            Assignment::Claim => "Claimed: you hold this application.".into(),
            Assignment::Release => "Released: nobody holds this application now.".into(),
            Assignment::TakeOver => "Taken over: you hold this application.".into(),
            Assignment::Reassign { .. } => match colleague {
                Some(name) => format!("Handed to {name}: they hold this application now."),
                None => "Handed to your colleague: they hold this application now.".into(),
            },
        }
    }
}

/// Whether `staff` may make `step` on a case in `status` held by `holder`
/// ([`check_assignment`]'s rules and refusals), and what it does.
pub fn assignment_effects(
    status: Status,
    holder: Option<i64>,
    staff: &Staff,
    step: Assignment,
) -> Result<AssignmentEffects, Refusal> {
    let after = check_assignment(status, holder, staff, step)?;
    let record = match step {
        Assignment::Claim => AuditRecord::Claimed(ClaimDetail::default()),
        Assignment::Release => AuditRecord::Released(NoDetail {}),
        Assignment::TakeOver => AuditRecord::TakenOver(TakeOverDetail { from: holder }),
        Assignment::Reassign { to, .. } => AuditRecord::Reassigned(ReassignDetail {
            from: holder,
            to: Some(to),
        }),
    };
    Ok(AssignmentEffects {
        holder: after,
        record,
        step,
    })
}

/// What a note does: the text stored (checked and normalised as every message is), and its
/// audit row, which never repeats the text (the note is personal data; the log is not erased).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteEffects {
    /// The note as stored.
    pub text: String,
    /// Its audit row.
    pub record: AuditRecord,
}

/// A note's effects, or core's refusal of its text.
pub fn note_effects(body: &str) -> Result<NoteEffects, Refusal> {
    Ok(NoteEffects {
        text: check_message(body)?,
        record: AuditRecord::NoteAdded(NoDetail {}),
    })
}

/// The audit row of a reveal: which number, and the reason the staff member chose.
pub const fn reveal_record(field: RevealedField, reason: RevealReason) -> AuditRecord {
    AuditRecord::Revealed {
        field,
        detail: RevealDetail { reason },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::application::AccountType;
    use crate::review::decisions::{Recommendation, WithdrawalChannel};
    use crate::review::{ActionKind, DeclineReason, Role, Roles};

    fn action(kind: ActionKind) -> Action {
        let rationale = "Identity verified against the passport.".to_owned();
        match kind {
            ActionKind::RequestInformation => Action::RequestInformation {
                message: "Please send a certified copy of your passport.".into(),
            },
            ActionKind::ResumeReview => Action::ResumeReview,
            ActionKind::Approve => Action::Approve { rationale },
            ActionKind::ConfirmApproval => Action::ConfirmApproval { rationale },
            ActionKind::Decline => Action::Decline {
                reason: DeclineReason::NotEligible,
                rationale,
            },
            ActionKind::RecordWithdrawal => Action::RecordWithdrawal {
                channel: WithdrawalChannel::Phone,
            },
            ActionKind::Recommend => Action::Recommend {
                recommendation: Recommendation::Decline,
                rationale,
            },
        }
    }

    /// Every action in every open status for both kinds of account, by whoever may take it:
    /// the effects agree with the outcome: an email exactly when the status reaches one the
    /// applicant hears of, "final" exactly when the status is final, a rationale exactly when
    /// the action carries one, and the refusals are [`decide`]'s.
    #[test]
    fn the_effects_of_every_action_in_every_state_follow_its_outcome() {
        let reviewer = Staff {
            id: 1,
            roles: Roles::of(&[Role::Reviewer]),
        };
        let approver = Staff {
            id: 2,
            roles: Roles::of(&[Role::Approver]),
        };
        let mut seen = 0;
        for status in Status::ALL {
            for account_type in AccountType::ALL {
                for approved_by in [None, Some(3)] {
                    let case = Case {
                        status,
                        account_type: *account_type,
                        approved_by,
                        recommended_by: None,
                        holder: None,
                    };
                    for who in [&reviewer, &approver] {
                        for kind in ActionKind::ALL {
                            let action = action(kind);
                            let got = effects(&case, who, &action);
                            let Ok(decided) = decide(&case, who, &action) else {
                                assert_eq!(got.err(), decide(&case, who, &action).err());
                                continue;
                            };
                            let got = got.unwrap();
                            seen += 1;
                            assert_eq!(got.outcome, decided);
                            assert_eq!(got.email, email_on(decided.status), "{kind:?}");
                            let says_final = got
                                .effects
                                .iter()
                                .any(|e| e.starts_with("This is final") || e.contains("for good"));
                            assert_eq!(says_final, decided.status.is_final(), "{kind:?} {case:?}");
                            let says_emailed = got
                                .effects
                                .iter()
                                .any(|e| e.contains("applicant is emailed"));
                            assert_eq!(says_emailed, got.email.is_some(), "{kind:?} {case:?}");
                            assert_eq!(got.rationale.is_some(), action.rationale().is_some());
                            assert!(!got.effects.is_empty() && !got.done.is_empty());
                        }
                    }
                }
            }
        }
        assert!(seen > 50, "{seen}");
    }

    #[test]
    fn a_decline_quotes_what_the_applicant_is_told() {
        let approver = Staff {
            id: 2,
            roles: Roles::of(&[Role::Approver]),
        };
        let case = Case {
            status: Status::UnderReview,
            account_type: AccountType::Savings,
            approved_by: None,
            recommended_by: None,
            holder: None,
        };
        for reason in DeclineReason::ALL {
            let decline = Action::Decline {
                reason,
                rationale: "Not eligible by age.".into(),
            };
            let got = effects(&case, &approver, &decline).unwrap();
            assert!(got.effects[1].contains(reason.applicant_explanation().reason));
        }
    }

    /// Every change of holder × holder (nobody, the caller, a colleague) × status × role set:
    /// the holder afterwards and the refusals are [`check_assignment`]'s, and the audit row
    /// is the step's, naming the holder it was taken from.
    #[test]
    fn the_effects_of_every_change_of_holder_follow_the_assignment_rules() {
        let worker = Roles::of(&[Role::Reviewer]);
        let mut allowed = 0;
        for roles in [
            worker,
            Roles::of(&[Role::Approver]),
            Roles::of(&[Role::Auditor]),
        ] {
            let staff = Staff { id: 1, roles };
            for status in Status::ALL {
                for holder in [None, Some(1), Some(2)] {
                    for step in crate::review::assignment::tests::EVERY_STEP {
                        let got = assignment_effects(status, holder, &staff, step);
                        let rule = check_assignment(status, holder, &staff, step);
                        let Ok(after) = rule else {
                            assert_eq!(got.err(), rule.err());
                            continue;
                        };
                        allowed += 1;
                        let got = got.unwrap();
                        assert_eq!(got.holder, after);
                        let want = match step {
                            Assignment::Claim => AuditRecord::Claimed(ClaimDetail::default()),
                            Assignment::Release => AuditRecord::Released(NoDetail {}),
                            Assignment::TakeOver => {
                                AuditRecord::TakenOver(TakeOverDetail { from: holder })
                            }
                            Assignment::Reassign { to, .. } => {
                                AuditRecord::Reassigned(ReassignDetail {
                                    from: holder,
                                    to: Some(to),
                                })
                            }
                        };
                        assert_eq!(got.record, want, "{step:?} {holder:?} {status:?}");
                        // The console's words say who holds the case afterwards.
                        let done = got.done(Some("Bo Li"));
                        let says = match after {
                            Some(1) => "you hold",
                            None => "nobody holds",
                            Some(_) => "Handed to Bo Li: they hold",
                        };
                        assert!(done.contains(says), "{step:?} {holder:?}: {done}");
                    }
                }
            }
        }
        assert!(allowed > 20, "{allowed}");
    }

    /// A note's text is checked as a message is; what is stored is the normalised text, and
    /// its audit row carries none of it.
    #[test]
    fn a_note_stores_its_checked_text_and_audits_no_text() {
        for (body, stored) in [
            (
                "  Called the applicant.\r\nThey will send the payslip.  ",
                Some("Called the applicant.\nThey will send the payslip."),
            ),
            ("ok", None),
            ("", None),
            ("Please call us\u{202E} today", None),
        ] {
            let got = note_effects(body);
            assert_eq!(
                got.as_ref().ok().map(|n| n.text.as_str()),
                stored,
                "{body:?}"
            );
            match got {
                Ok(note) => assert_eq!(note.record, AuditRecord::NoteAdded(NoDetail {})),
                Err(refusal) => assert_eq!(Err(refusal), check_message(body)),
            }
        }
    }

    /// Every field × every reason: the row names both, under the field's own event.
    #[test]
    fn a_reveal_is_audited_with_its_field_and_reason() {
        for &field in RevealedField::ALL {
            for &reason in RevealReason::ALL {
                let record = reveal_record(field, reason);
                assert_eq!(record.event(), field.event());
                assert_eq!(
                    record,
                    AuditRecord::Revealed {
                        field,
                        detail: RevealDetail { reason }
                    }
                );
            }
        }
    }
}
