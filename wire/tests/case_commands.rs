//! The case commands beside the review actions, replayed through the wire: each route's body as
//! the console sends it (`ClaimRequest` for claim, release and take-over, `ReassignRequest`,
//! `NoteRequest`, `RevealRequest`), read back by serde as the server reads it, then the effects
//! core decides (`review::effects`): the holder afterwards and the audit row, whose JSON keeps
//! the keys old rows have and reads back as the same record. A table like
//! `review::assignment`'s: every step × holder × status × role.

use banksia_core::review::assignment::Assignment;
use banksia_core::review::commands::AuditRecord;
use banksia_core::review::effects::{assignment_effects, note_effects, reveal_record};
use banksia_core::review::reveal::{RevealReason, RevealedField};
use banksia_core::review::{Refusal, Role, Roles, Staff, Status};
use banksia_wire::staff::{ClaimRequest, NoteRequest, ReassignRequest, RevealRequest};
use serde_json::{Value, json};

/// A record's stored JSON, read back as the timeline reads it: the same record.
fn stored(record: &AuditRecord) -> Value {
    let detail = serde_json::to_value(record).unwrap();
    let read = AuditRecord::read(record.event(), &detail).unwrap().unwrap();
    assert_eq!(&read, record, "{detail}");
    assert!(!read.describe().is_empty());
    detail
}

#[test]
fn every_change_of_holder_in_every_state_through_the_wire() {
    let colleague_roles = Roles::of(&[Role::Reviewer]);
    let mut allowed = 0;
    for roles in [
        Roles::of(&[Role::Reviewer]),
        Roles::of(&[Role::Approver]),
        Roles::of(&[Role::Auditor]),
    ] {
        let me = Staff { id: 1, roles };
        for status in Status::ALL {
            for holder in [None, Some(1), Some(2)] {
                // (route, body, the step its handler reads from it)
                let claim: ClaimRequest = serde_json::from_value(json!({"version": 7})).unwrap();
                let reassign: ReassignRequest =
                    serde_json::from_value(json!({"version": 7, "to": 3})).unwrap();
                assert_eq!((claim.version, reassign.version, reassign.to), (7, 7, 3));
                let steps = [
                    ("claim", Assignment::Claim),
                    ("release", Assignment::Release),
                    ("take-over", Assignment::TakeOver),
                    (
                        "reassign",
                        Assignment::Reassign {
                            to: reassign.to,
                            roles: colleague_roles,
                        },
                    ),
                ];
                for (route, step) in steps {
                    let Ok(got) = assignment_effects(status, holder, &me, step) else {
                        let refusal = assignment_effects(status, holder, &me, step).unwrap_err();
                        let expected = !roles.may(banksia_core::review::Permission::Claim)
                            || status.is_final()
                            || matches!(
                                refusal,
                                Refusal::AlreadyHeld | Refusal::HeldByColleague | Refusal::NotHeld
                            );
                        assert!(expected, "{route} {status:?} {holder:?}: {refusal:?}");
                        continue;
                    };
                    allowed += 1;
                    let detail = stored(&got.record);
                    match route {
                        "claim" => assert_eq!(got.holder, Some(1)),
                        "release" => assert_eq!(got.holder, None),
                        "take-over" => {
                            assert_eq!(got.holder, Some(1));
                            assert_eq!(detail, json!({"from": holder}));
                        }
                        _ => {
                            assert_eq!(got.holder, Some(3));
                            assert_eq!(detail, json!({"from": holder, "to": 3}));
                        }
                    }
                }
            }
        }
    }
    assert!(allowed > 20, "{allowed}");
}

#[test]
fn the_change_of_holder_bodies_refuse_what_they_do_not_take() {
    assert!(serde_json::from_value::<ClaimRequest>(json!({"version": 7, "to": 3})).is_err());
    assert!(serde_json::from_value::<ClaimRequest>(json!({})).is_err());
    assert!(serde_json::from_value::<ReassignRequest>(json!({"version": 7})).is_err());
}

#[test]
fn a_note_through_the_wire_stores_its_checked_text_and_audits_none_of_it() {
    let request: NoteRequest =
        serde_json::from_value(json!({"body": "  Called the applicant; payslip to follow.  "}))
            .unwrap();
    let note = note_effects(&request.body).unwrap();
    assert_eq!(note.text, "Called the applicant; payslip to follow.");
    assert_eq!(stored(&note.record), json!({}));
    let short: NoteRequest = serde_json::from_value(json!({"body": "ok"})).unwrap();
    assert!(note_effects(&short.body).is_err());
    assert!(serde_json::from_value::<NoteRequest>(json!({"body": "x", "version": 1})).is_err());
}

#[test]
fn every_reveal_through_the_wire_is_audited_with_its_reason() {
    for &field in RevealedField::ALL {
        for &reason in RevealReason::ALL {
            let sent = json!({"field": field.as_str(), "reason": reason.as_str()});
            let request: RevealRequest = serde_json::from_value(sent.clone()).unwrap();
            assert_eq!(serde_json::to_value(&request).unwrap(), sent);
            let record = reveal_record(request.field, request.reason);
            assert_eq!(record.event(), field.event());
            assert_eq!(stored(&record), json!({"reason": reason.as_str()}));
        }
    }
    let unknown = json!({"field": "identification_number", "reason": "curiosity"});
    assert!(serde_json::from_value::<RevealRequest>(unknown).is_err());
}
