//! The whole table: every status × every action × every role set.

use super::*;

const SAVINGS: AccountType = AccountType::Savings;
const BUSINESS: AccountType = AccountType::BusinessSavings;

fn staff(id: i64, roles: &[Role]) -> Staff {
    Staff {
        id,
        roles: Roles::of(roles),
    }
}

fn case(status: Status, account_type: AccountType, approved_by: Option<i64>) -> Case {
    Case {
        status,
        account_type,
        approved_by,
        recommended_by: None,
        holder: None,
    }
}

const RATIONALE: &str = "Identity verified against the passport.";

fn action(kind: ActionKind) -> Action {
    match kind {
        ActionKind::RequestInformation => Action::RequestInformation {
            message: "Please send a certified copy of your passport.".into(),
        },
        ActionKind::ResumeReview => Action::ResumeReview,
        ActionKind::Approve => Action::Approve {
            rationale: RATIONALE.into(),
        },
        ActionKind::ConfirmApproval => Action::ConfirmApproval {
            rationale: RATIONALE.into(),
        },
        ActionKind::Decline => Action::Decline {
            reason: DeclineReason::NotEligible,
            rationale: RATIONALE.into(),
        },
        ActionKind::RecordWithdrawal => Action::RecordWithdrawal {
            channel: decisions::WithdrawalChannel::Phone,
        },
        ActionKind::Recommend => Action::Recommend {
            recommendation: decisions::Recommendation::Approve,
            rationale: RATIONALE.into(),
        },
    }
}

/// Every subset of the four roles, the empty one included (`administration`'s tests take them too).
pub(super) fn every_role_set() -> Vec<Vec<Role>> {
    (0u8..16)
        .map(|bits| {
            Role::ALL
                .into_iter()
                .enumerate()
                .filter(|(i, _)| bits & (1 << i) != 0)
                .map(|(_, r)| r)
                .collect()
        })
        .collect()
}

#[test]
fn final_statuses_allow_nothing_to_anyone() {
    let everyone = staff(1, &Role::ALL);
    for status in Status::ALL.into_iter().filter(|s| s.is_final()) {
        for account in [SAVINGS, BUSINESS] {
            let c = case(status, account, None);
            assert!(allowed_actions(&c, &everyone).is_empty());
            for kind in ActionKind::ALL {
                assert_eq!(
                    decide(&c, &everyone, &action(kind)),
                    Err(Refusal::IllegalTransition(status))
                );
            }
        }
    }
}

#[test]
fn only_the_permission_of_a_role_allows_an_action() {
    for roles in every_role_set() {
        let who = staff(1, &roles);
        for status in [Status::UnderReview, Status::InformationRequested] {
            for kind in ActionKind::ALL {
                let result = decide(&case(status, SAVINGS, None), &who, &action(kind));
                let permitted = kind.permission().roles().iter().any(|r| roles.contains(r));
                if !permitted {
                    assert_eq!(result, Err(Refusal::NotPermitted), "{roles:?} {kind:?}");
                }
            }
        }
    }
}

#[test]
fn reviewers_cannot_decide_auditors_and_administrators_change_nothing() {
    let open = case(Status::UnderReview, SAVINGS, None);
    let reviewer = staff(1, &[Role::Reviewer]);
    for kind in [
        ActionKind::Approve,
        ActionKind::Decline,
        ActionKind::ConfirmApproval,
    ] {
        assert_eq!(
            decide(&open, &reviewer, &action(kind)),
            Err(Refusal::NotPermitted)
        );
    }
    for roles in [
        &[Role::Auditor][..],
        &[Role::Administrator],
        &[Role::Administrator, Role::Auditor],
    ] {
        let who = staff(2, roles);
        for status in Status::ALL {
            assert!(allowed_actions(&case(status, BUSINESS, None), &who).is_empty());
            assert!(allowed_actions(&case(status, BUSINESS, Some(9)), &who).is_empty());
        }
    }
}

#[test]
fn the_transitions_of_an_open_application() {
    let approver = staff(1, &[Role::Approver]);
    let open = case(Status::UnderReview, SAVINGS, None);
    let waiting = case(Status::InformationRequested, SAVINGS, None);
    let status_after = |c: &Case, kind| decide(c, &approver, &action(kind)).map(|o| o.status);
    assert_eq!(
        status_after(&open, ActionKind::RequestInformation),
        Ok(Status::InformationRequested)
    );
    assert_eq!(
        status_after(&open, ActionKind::Approve),
        Ok(Status::Approved)
    );
    assert_eq!(
        status_after(&open, ActionKind::Decline),
        Ok(Status::Declined)
    );
    assert_eq!(
        status_after(&open, ActionKind::RecordWithdrawal),
        Ok(Status::Withdrawn)
    );
    assert_eq!(
        status_after(&open, ActionKind::ResumeReview),
        Err(Refusal::IllegalTransition(Status::UnderReview))
    );
    assert_eq!(
        status_after(&open, ActionKind::ConfirmApproval),
        Err(Refusal::NothingToConfirm)
    );
    assert_eq!(
        status_after(&waiting, ActionKind::ResumeReview),
        Ok(Status::UnderReview)
    );
    assert_eq!(
        status_after(&waiting, ActionKind::RequestInformation),
        Err(Refusal::IllegalTransition(Status::InformationRequested))
    );
    assert_eq!(
        status_after(&waiting, ActionKind::Approve),
        Err(Refusal::IllegalTransition(Status::InformationRequested))
    );
    assert_eq!(
        status_after(&waiting, ActionKind::Decline),
        Ok(Status::Declined)
    );
    assert_eq!(
        status_after(&waiting, ActionKind::RecordWithdrawal),
        Ok(Status::Withdrawn)
    );
}

#[test]
fn an_answered_request_is_back_in_review() {
    let approver = staff(1, &[Role::Approver]);
    let reviewer = staff(2, &[Role::Reviewer]);
    let answered = case(Status::InformationReceived, SAVINGS, None);
    let status_after = |c: &Case, kind| decide(c, &approver, &action(kind)).map(|o| o.status);
    assert_eq!(
        status_after(&answered, ActionKind::Approve),
        Ok(Status::Approved)
    );
    assert_eq!(
        status_after(&answered, ActionKind::RequestInformation),
        Ok(Status::InformationRequested)
    );
    assert_eq!(
        status_after(&answered, ActionKind::ResumeReview),
        Ok(Status::UnderReview)
    );
    assert_eq!(
        status_after(&answered, ActionKind::Decline),
        Ok(Status::Declined)
    );
    assert_eq!(
        status_after(&answered, ActionKind::ConfirmApproval),
        Err(Refusal::IllegalTransition(Status::InformationReceived))
    );
    assert_eq!(
        allowed_actions(&answered, &reviewer),
        [
            ActionKind::RequestInformation,
            ActionKind::ResumeReview,
            ActionKind::Recommend,
            ActionKind::RecordWithdrawal
        ]
    );
    // A business account's first approval from here waits for a second approver as ever.
    let business = case(Status::InformationReceived, BUSINESS, None);
    let first = decide(&business, &approver, &action(ActionKind::Approve)).unwrap();
    assert_eq!(first.status, Status::UnderReview);
    assert_eq!(first.approved_by, Some(1));
    assert!(Status::InformationReceived.is_open());
    assert_eq!(Status::InformationReceived.label(), "Information received");
}

#[test]
fn decline_reasons_are_explained_to_the_applicant_in_plain_words() {
    for reason in DeclineReason::ALL {
        let words = reason.applicant_explanation();
        assert!(words.reason.ends_with('.') && words.next_step.ends_with('.'));
        // Plain words, not the internal label or jargon.
        assert!(!words.reason.contains(reason.label()));
        assert!(!words.reason.contains("AML"));
    }
    assert!(
        !Status::Declined
            .applicant_wording()
            .next_step
            .contains("emailed you our decision")
    );
}

#[test]
fn business_accounts_need_a_second_different_approver() {
    for account in [AccountType::BusinessChecking, AccountType::BusinessSavings] {
        assert!(needs_second_approver(account));
        let open = case(Status::UnderReview, account, None);
        let ann = staff(1, &[Role::Approver]);
        let bob = staff(2, &[Role::Approver, Role::Reviewer]);
        let first = decide(&open, &ann, &action(ActionKind::Approve)).unwrap();
        assert_eq!(first.status, Status::UnderReview);
        assert_eq!(first.approved_by, Some(1));
        assert_eq!(
            first.hold,
            assignment::Hold::Released,
            "the second approver takes it from here"
        );
        let pending = case(Status::UnderReview, account, Some(1));
        assert_eq!(
            decide(&pending, &ann, &action(ActionKind::ConfirmApproval)),
            Err(Refusal::OwnApproval)
        );
        assert_eq!(
            decide(&pending, &bob, &action(ActionKind::Approve)),
            Err(Refusal::AlreadyApproved)
        );
        assert_eq!(
            allowed_actions(&pending, &ann),
            [
                ActionKind::RequestInformation,
                ActionKind::Decline,
                ActionKind::RecordWithdrawal
            ]
        );
        assert!(allowed_actions(&pending, &bob).contains(&ActionKind::ConfirmApproval));
        let done = decide(&pending, &bob, &action(ActionKind::ConfirmApproval)).unwrap();
        assert_eq!(
            done,
            Outcome {
                status: Status::Approved,
                approved_by: None,
                hold: assignment::Hold::Claimed,
            }
        );
        // A reviewer cannot be the second pair of eyes.
        let reviewer = staff(3, &[Role::Reviewer]);
        assert_eq!(
            decide(&pending, &reviewer, &action(ActionKind::ConfirmApproval)),
            Err(Refusal::NotPermitted)
        );
    }
    for account in [AccountType::Checking, AccountType::Savings] {
        assert!(!needs_second_approver(account));
    }
}

#[test]
fn allowed_actions_agree_with_decide() {
    for roles in every_role_set() {
        let who = staff(5, &roles);
        for status in Status::ALL {
            for account in AccountType::ALL {
                for pending in [None, Some(5), Some(6)] {
                    for (holder, recommended_by) in [None, Some(5), Some(6)]
                        .into_iter()
                        .flat_map(|h| [None, Some(5), Some(6)].map(|r| (h, r)))
                    {
                        let c = Case {
                            holder,
                            recommended_by,
                            ..case(status, *account, pending)
                        };
                        let allowed = allowed_actions(&c, &who);
                        for kind in ActionKind::ALL {
                            assert_eq!(
                                allowed.contains(&kind),
                                decide(&c, &who, &action(kind)).is_ok(),
                                "{roles:?} {c:?} {kind:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn information_requests_carry_a_checked_message() {
    let reviewer = staff(1, &[Role::Reviewer]);
    let open = case(Status::UnderReview, SAVINGS, None);
    for bad in [
        "",
        "   ",
        "too short",
        "Please call\u{200B} us about this",
        "Hi\u{0007} there, please call",
    ] {
        assert!(
            matches!(
                decide(
                    &open,
                    &reviewer,
                    &Action::RequestInformation {
                        message: bad.into()
                    }
                ),
                Err(Refusal::InvalidText(_))
            ),
            "{bad:?}"
        );
    }
    let long = "a".repeat(MESSAGE_MAX_CHARS + 1);
    assert!(check_message(&long).is_err());
    assert_eq!(
        check_message("Line one of it\r\nLine two\tok").unwrap(),
        "Line one of it\nLine two\tok"
    );
    // The permission is checked first: an auditor's bad message is a 403, not a 422.
    let auditor = staff(2, &[Role::Auditor]);
    assert_eq!(
        decide(
            &open,
            &auditor,
            &Action::RequestInformation { message: "".into() }
        ),
        Err(Refusal::NotPermitted)
    );
}

#[test]
fn codes_round_trip_and_wording_exists_for_every_status() {
    for s in Status::ALL {
        assert_eq!(Status::parse(s.as_str()), Some(s));
        assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        let w = s.applicant_wording();
        assert!(!w.headline.is_empty() && !w.explanation.is_empty() && !w.next_step.is_empty());
    }
    for r in Role::ALL {
        assert_eq!(Role::parse(r.as_str()), Some(r));
    }
    for d in DeclineReason::ALL {
        assert_eq!(DeclineReason::parse(d.as_str()), Some(d));
        assert_eq!(serde_json::to_value(d).unwrap(), d.as_str());
    }
    let roles: Roles = serde_json::from_str(r#"["auditor","reviewer"]"#).unwrap();
    assert_eq!(roles.to_vec(), [Role::Reviewer, Role::Auditor]);
    let action: Action = serde_json::from_str(
        r#"{"action":"decline","reason":"risk_assessment","rationale":"AML check failed."}"#,
    )
    .unwrap();
    assert_eq!(
        action,
        Action::Decline {
            reason: DeclineReason::RiskAssessment,
            rationale: "AML check failed.".into()
        }
    );
    assert!(serde_json::from_str::<Action>(r#"{"action":"decline","reason":"because"}"#).is_err());
}

#[test]
fn masking_keeps_the_last_three() {
    assert_eq!(mask_identification("DL-99887"), "•••••887");
    assert_eq!(mask_identification("ABC"), "•••");
    assert_eq!(mask_identification(""), "");
}

#[test]
fn a_colleagues_claim_stops_every_action_until_a_take_over() {
    let ann = staff(1, &[Role::Approver]);
    for status in [Status::UnderReview, Status::InformationRequested] {
        let held = Case {
            holder: Some(2),
            ..case(status, SAVINGS, None)
        };
        assert!(allowed_actions(&held, &ann).is_empty());
        for kind in ActionKind::ALL {
            assert_eq!(
                decide(&held, &ann, &action(kind)),
                Err(Refusal::HeldByColleague),
                "{kind:?}"
            );
        }
        let mine = Case {
            holder: Some(1),
            ..held
        };
        assert!(!allowed_actions(&mine, &ann).is_empty());
    }
}

#[test]
fn acting_on_a_free_case_claims_it_unless_the_action_hands_it_on() {
    let ann = staff(1, &[Role::Approver]);
    let rita = staff(3, &[Role::Reviewer]);
    for status in [Status::UnderReview, Status::InformationRequested] {
        let free = case(status, SAVINGS, None);
        let mine = Case {
            holder: Some(1),
            ..free
        };
        for who in [&ann, &rita] {
            for kind in allowed_actions(&free, who) {
                let hands_on = kind == ActionKind::Recommend;
                let outcome = decide(&free, who, &action(kind)).unwrap();
                let want = if hands_on {
                    assignment::Hold::Released
                } else {
                    assignment::Hold::Claimed
                };
                assert_eq!(outcome.hold, want, "{status:?} {kind:?}");
                assert_eq!(
                    outcome.hold.holder(None, who.id),
                    (!hands_on).then_some(who.id)
                );
            }
        }
        for kind in allowed_actions(&mine, &ann) {
            assert_eq!(
                decide(&mine, &ann, &action(kind)).unwrap().hold,
                assignment::Hold::Kept,
                "{status:?} {kind:?}"
            );
        }
    }
    // A business account's first approval hands the case on: a free case stays free.
    let business = case(Status::UnderReview, BUSINESS, None);
    let first = decide(&business, &ann, &action(ActionKind::Approve)).unwrap();
    assert_eq!(first.hold, assignment::Hold::Released);
}

#[test]
fn reviewers_recommend_with_a_rationale_and_deciders_decide() {
    let reviewer = staff(1, &[Role::Reviewer]);
    let approver = staff(2, &[Role::Approver, Role::Reviewer]);
    let open = case(Status::UnderReview, SAVINGS, None);
    let outcome = decide(&open, &reviewer, &action(ActionKind::Recommend)).unwrap();
    assert_eq!(outcome.status, Status::UnderReview);
    assert_eq!(
        outcome.hold,
        assignment::Hold::Released,
        "the approver claims it next"
    );
    assert_eq!(
        decide(&open, &approver, &action(ActionKind::Recommend)),
        Err(Refusal::DecideInstead)
    );
    assert_eq!(
        decide(
            &case(Status::InformationRequested, SAVINGS, None),
            &reviewer,
            &action(ActionKind::Recommend)
        ),
        Err(Refusal::IllegalTransition(Status::InformationRequested))
    );
    for kind in [
        ActionKind::Recommend,
        ActionKind::Approve,
        ActionKind::Decline,
    ] {
        assert!(kind.needs_rationale());
    }
    let short = Action::Recommend {
        recommendation: decisions::Recommendation::Decline,
        rationale: "no".into(),
    };
    assert!(matches!(
        decide(&open, &reviewer, &short),
        Err(Refusal::InvalidText(_))
    ));
    let bare = Action::Approve {
        rationale: "   ".into(),
    };
    assert!(matches!(
        decide(&open, &approver, &bare),
        Err(Refusal::InvalidText(_))
    ));
    assert!(ActionKind::RecordWithdrawal.is_final() && !ActionKind::Recommend.is_final());
}

/// Issue 43: a reviewer who recommended and is later made an approver could approve their own
/// recommendation. Whoever wrote the latest recommendation decides nothing on the case, whatever
/// they hold now; everyone else decides as before. Each row: the recommender, the first
/// approver (a business account's pending approval), who acts, the action, what core answers.
#[test]
fn whoever_recommended_never_decides_so_recommend_approve_confirm_stays_three_people() {
    use ActionKind::*;
    /// The account, the pending first approval, who acts, the action, core's answer.
    type Row = (
        AccountType,
        Option<i64>,
        i64,
        ActionKind,
        Result<(), Refusal>,
    );
    let own = Err(Refusal::OwnRecommendation);
    #[rustfmt::skip]
    let table: [Row; 13] = [
        // Rita (1) recommended, then was made an approver.
        (SAVINGS, None, 1, Approve, own.clone()),
        (SAVINGS, None, 1, Decline, own.clone()),
        (BUSINESS, None, 1, Approve, own.clone()),
        // Ann (2) gave the first approval of Rita's recommendation: Rita can't be the third pair.
        (BUSINESS, Some(2), 1, ConfirmApproval, own.clone()),
        (BUSINESS, Some(2), 1, Decline, own.clone()),
        // Rita still does what isn't a decision.
        (SAVINGS, None, 1, RequestInformation, Ok(())),
        (SAVINGS, None, 1, RecordWithdrawal, Ok(())),
        // Ann (2) and Bob (3) decide as before.
        (SAVINGS, None, 2, Approve, Ok(())),
        (SAVINGS, None, 2, Decline, Ok(())),
        (BUSINESS, None, 2, Approve, Ok(())),
        (BUSINESS, Some(2), 3, ConfirmApproval, Ok(())),
        (BUSINESS, Some(2), 2, ConfirmApproval, Err(Refusal::OwnApproval)),
        // Being promoted doesn't let Rita recommend again either: she may decide, so she's told to
        // decide, and the decision is refused above.
        (SAVINGS, None, 1, Recommend, Err(Refusal::DecideInstead)),
    ];
    for (account, first_approval, actor, kind, expected) in table {
        let c = Case {
            recommended_by: Some(1),
            ..case(Status::UnderReview, account, first_approval)
        };
        let who = staff(actor, &[Role::Approver]);
        let got = decide(&c, &who, &action(kind)).map(|_| ());
        assert_eq!(
            got, expected,
            "{account:?} first approval {first_approval:?}, staff {actor}, {kind:?}"
        );
        assert_eq!(allowed_actions(&c, &who).contains(&kind), expected.is_ok());
    }
    // The same approver with no recommendation of theirs on the case decides.
    let c = case(Status::UnderReview, SAVINGS, None);
    assert!(decide(&c, &staff(1, &[Role::Approver]), &action(Approve)).is_ok());
    // The whole journey: Rita recommends as a reviewer, is promoted; Ann approves the business
    // account, Rita can't confirm, Bob can.
    let rita = staff(1, &[Role::Reviewer]);
    let open = case(Status::UnderReview, BUSINESS, None);
    let recommended = decide(&open, &rita, &action(Recommend)).unwrap();
    assert_eq!(recommended.hold, assignment::Hold::Released);
    let c = Case {
        recommended_by: Some(rita.id),
        holder: None,
        ..open
    };
    let rita = staff(1, &[Role::Reviewer, Role::Approver]);
    assert_eq!(
        decide(&c, &rita, &action(Approve)),
        Err(Refusal::OwnRecommendation)
    );
    let first = decide(&c, &staff(2, &[Role::Approver]), &action(Approve)).unwrap();
    let c = Case {
        approved_by: first.approved_by,
        holder: None,
        ..c
    };
    assert_eq!(
        decide(&c, &rita, &action(ConfirmApproval)),
        Err(Refusal::OwnRecommendation)
    );
    assert_eq!(
        decide(&c, &staff(3, &[Role::Approver]), &action(ConfirmApproval)).map(|o| o.status),
        Ok(Status::Approved)
    );
}
