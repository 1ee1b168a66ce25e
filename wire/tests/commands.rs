//! Every review command in every state, replayed through the wire: built as the console builds
//! it, sent as `ActionRequest` JSON, read back by serde as the server reads it, then core's
//! effects: the audit rows they write (typed records, read back from their JSON as the timeline
//! reads them), the rationale, the email, the words. A table like `review::assignment`'s.

use banksia_core::application::AccountType;
use banksia_core::review::commands::AuditRecord;
use banksia_core::review::effects::{effects, email_on};
use banksia_core::review::events::AuditEvent;
use banksia_core::review::{ActionKind, Case, Refusal, Role, Roles, Staff, Status, decide};
use banksia_wire::staff::ActionRequest;
use serde_json::{Value, json};

const RATIONALE: &str = "Identity verified against the passport.";

/// The console's body for `kind`, every field it needs filled in.
fn body(kind: ActionKind, version: i32) -> Value {
    let mut body = match kind {
        ActionKind::RequestInformation => {
            json!({"message": "Please send a certified copy of your passport."})
        }
        ActionKind::ResumeReview => json!({}),
        ActionKind::Recommend => json!({"recommendation": "decline", "rationale": RATIONALE}),
        ActionKind::Approve | ActionKind::ConfirmApproval => json!({"rationale": RATIONALE}),
        ActionKind::Decline => json!({"reason": "not_eligible", "rationale": RATIONALE}),
        ActionKind::RecordWithdrawal => {
            json!({"channel": "phone", "requested_at": "2026-03-02T09:00"})
        }
    };
    body["version"] = json!(version);
    body["action"] = json!(kind.as_str());
    body
}

#[test]
fn every_command_in_every_state_through_the_wire() {
    let reviewer = Staff {
        id: 1,
        roles: Roles::of(&[Role::Reviewer]),
    };
    let approver = Staff {
        id: 2,
        roles: Roles::of(&[Role::Approver]),
    };
    let auditor = Staff {
        id: 5,
        roles: Roles::of(&[Role::Auditor]),
    };
    let mut allowed = 0;
    for status in Status::ALL {
        for &account_type in AccountType::ALL {
            for approved_by in [None, Some(3)] {
                for holder in [None, Some(1), Some(2), Some(4)] {
                    let case = Case {
                        status,
                        account_type,
                        approved_by,
                        recommended_by: None,
                        holder,
                    };
                    for who in [&reviewer, &approver, &auditor] {
                        for kind in ActionKind::ALL {
                            let sent = body(kind, 7);
                            let request: ActionRequest =
                                serde_json::from_value(sent.clone()).expect("the server reads it");
                            assert_eq!(request.version, 7);
                            assert_eq!(request.command.kind(), kind);
                            // What the server reads is what was sent, field for field.
                            assert_eq!(serde_json::to_value(&request).unwrap(), sent);
                            let action = request.command.to_action().expect("complete");
                            let got = effects(&case, who, &action);
                            let decided = decide(&case, who, &action);
                            let (got, decided) = match (got, decided) {
                                (Ok(got), Ok(decided)) => (got, decided),
                                (got, decided) => {
                                    assert_eq!(got.err(), decided.err());
                                    continue;
                                }
                            };
                            allowed += 1;
                            assert_eq!(got.outcome, decided);
                            assert_eq!(got.email, email_on(decided.status));
                            let rationale_id = got.rationale.map(|_| 40);
                            let trail = got
                                .audit_trail(rationale_id, Some("2026-03-01T22:00:00.000Z".into()));
                            let events: Vec<AuditEvent> =
                                trail.iter().map(AuditRecord::event).collect();
                            let last = if kind == ActionKind::Recommend {
                                AuditEvent::Recommended
                            } else {
                                AuditEvent::Action
                            };
                            let claimed =
                                decided.hold == banksia_core::review::assignment::Hold::Claimed;
                            if claimed {
                                assert_eq!(events, [AuditEvent::Claimed, last]);
                            } else {
                                assert_eq!(events, [last]);
                            }
                            for record in &trail {
                                let detail = serde_json::to_value(record).unwrap();
                                let read =
                                    AuditRecord::read(record.event(), &detail).unwrap().unwrap();
                                assert_eq!(&read, record, "{detail}");
                                assert!(!read.describe().is_empty());
                                assert!(read.done().is_some(), "{detail}");
                            }
                            let detail = serde_json::to_value(trail.last().unwrap()).unwrap();
                            if claimed {
                                assert_eq!(
                                    serde_json::to_value(&trail[0]).unwrap(),
                                    json!({"with_action": kind.as_str()})
                                );
                            }
                            if kind == ActionKind::Recommend {
                                assert_eq!(
                                    detail,
                                    json!({"recommendation": "decline", "rationale_id": 40})
                                );
                            } else {
                                assert_eq!(detail["action"], kind.as_str());
                                assert_eq!(detail["from"], status.as_str());
                                assert_eq!(detail["to"], decided.status.as_str());
                                assert_eq!(detail["rationale_id"], json!(rationale_id));
                                let withdrawal = kind == ActionKind::RecordWithdrawal;
                                assert_eq!(detail["withdrawal_channel"].is_null(), !withdrawal);
                                assert_eq!(
                                    detail["withdrawal_requested_at"].is_null(),
                                    !withdrawal
                                );
                                assert_eq!(detail["reason"].is_null(), kind != ActionKind::Decline);
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(allowed > 100, "{allowed}");
}

#[test]
fn a_body_with_another_actions_field_is_not_read() {
    for kind in ActionKind::ALL {
        for other in ActionKind::ALL {
            let mut sent = body(kind, 1);
            let extra = body(other, 1);
            let foreign: Vec<(String, Value)> = extra
                .as_object()
                .unwrap()
                .iter()
                .filter(|(key, _)| !sent.as_object().unwrap().contains_key(*key))
                .map(|(key, value)| (key.clone(), value.clone()))
                .collect();
            for (key, value) in foreign {
                sent[key.as_str()] = value;
                assert!(
                    serde_json::from_value::<ActionRequest>(sent.clone()).is_err(),
                    "{sent}"
                );
                sent.as_object_mut().unwrap().remove(&key);
            }
        }
    }
    // The fields a person fills in may still be empty: core says what is missing.
    let request: ActionRequest =
        serde_json::from_value(json!({"version": 1, "action": "decline", "rationale": RATIONALE}))
            .unwrap();
    assert_eq!(
        request.command.to_action(),
        Err(Refusal::InvalidInput(
            "Choose a reason for the decline.".into()
        ))
    );
}
