//! An administrator's invitation, role change and reactivation replayed through the wire:
//! `InviteRequest` and `RolesRequest` as the console sends them, read as the server reads them,
//! then core's effects (`review::administration`) and the audit rows' JSON, with the keys old
//! rows have.

use banksia_core::review::administration::{
    Proposal, RolesEffects, confirmation_effects, invitation_effects, reactivation_effects,
    revocation_effects, role_change_effects,
};
use banksia_core::review::commands::PendingList;
use banksia_core::review::separation::StaffRefusal;
use banksia_core::review::{Role, Roles, Staff};
use banksia_wire::staff::{InviteRequest, RolesRequest};
use serde_json::json;

fn admin() -> Staff {
    Staff {
        id: 1,
        roles: Roles::of(&[Role::Administrator]),
    }
}

/// Every set of role codes the console can send, the empty one included.
fn every_role_set_sent() -> impl Iterator<Item = Vec<&'static str>> {
    (0u8..16).map(|bits| {
        Role::ALL
            .into_iter()
            .enumerate()
            .filter(|(i, _)| bits & (1 << i) != 0)
            .map(|(_, r)| r.as_str())
            .collect()
    })
}

#[test]
fn every_role_set_sent_is_set_at_once_or_proposed_with_the_old_keys() {
    let reviewer = Roles::of(&[Role::Reviewer]);
    for codes in every_role_set_sent() {
        let request: RolesRequest = serde_json::from_value(json!({ "roles": codes })).unwrap();
        let got = role_change_effects(&admin(), 2, reviewer, &request.roles, 2, true).unwrap();
        let decides = request
            .roles
            .iter()
            .any(|r| matches!(r, Role::Approver | Role::Administrator));
        match got {
            RolesEffects::Immediate { roles, record } => {
                assert!(!decides, "{codes:?}");
                assert_eq!(
                    serde_json::to_value(&record).unwrap(),
                    json!({"staff_id": 2, "roles": roles})
                );
            }
            RolesEffects::Proposed(grant) => {
                assert!(decides, "{codes:?}");
                assert_eq!(
                    serde_json::to_value(grant.record(9)).unwrap(),
                    json!({"grant": 9, "staff_id": 2, "roles": grant.roles})
                );
            }
        }
    }
    let deactivated = role_change_effects(&admin(), 2, reviewer, &[Role::Auditor], 2, false);
    assert_eq!(deactivated, Err(StaffRefusal::Deactivated));
    assert!(serde_json::from_value::<RolesRequest>(json!({"roles": ["teller"]})).is_err());
    assert!(serde_json::from_value::<RolesRequest>(json!({"roles": [], "id": 2})).is_err());
}

#[test]
fn a_reactivation_is_audited_with_the_roles_it_keeps() {
    let got = reactivation_effects(&admin(), 2, &[Role::Reviewer, Role::Approver]).unwrap();
    assert_eq!(got.roles, [Role::Reviewer]);
    assert_eq!(
        serde_json::to_value(&got.record).unwrap(),
        json!({"staff_id": 2, "roles": ["reviewer"]})
    );
}

#[test]
fn every_invitation_sent_is_stored_and_audited_with_the_old_keys() {
    for codes in every_role_set_sent() {
        let body = json!({ "email": " Nora.New@Example.COM ", "roles": codes });
        let request: InviteRequest = serde_json::from_value(body).unwrap();
        let got = invitation_effects(&admin(), &request.email, &request.roles, false);
        if codes.is_empty() {
            let refusal = got.unwrap_err();
            assert_eq!(refusal, StaffRefusal::NoRole);
            assert_eq!(
                refusal.to_string(),
                "Choose at least one role for the invitation."
            );
            continue;
        }
        let got = got.unwrap();
        let waits = request
            .roles
            .iter()
            .any(|r| matches!(r, Role::Approver | Role::Administrator));
        assert_eq!(got.invitation.needs_confirmation, waits, "{codes:?}");
        let rows: Vec<_> = got
            .records
            .iter()
            .map(|r| (r.event().as_str(), serde_json::to_value(r).unwrap()))
            .collect();
        assert_eq!(
            rows,
            [(
                "staff.invited",
                json!({
                    "email": "nora.new@example.com",
                    "roles": got.invitation.roles,
                    "existing_staff": null,
                    "needs_confirmation": waits,
                })
            )]
        );
    }
    let bad: InviteRequest =
        serde_json::from_value(json!({"email": "nora", "roles": ["reviewer"]})).unwrap();
    let refusal = invitation_effects(&admin(), &bad.email, &bad.roles, false).unwrap_err();
    assert_eq!(refusal.to_string(), "Enter a valid email address.");
    assert!(
        serde_json::from_value::<InviteRequest>(json!({"email": "a@b.co", "roles": ["teller"]}))
            .is_err()
    );
    assert!(
        serde_json::from_value::<InviteRequest>(
            json!({"email": "a@b.co", "roles": [], "staff_id": 2})
        )
        .is_err()
    );
}

#[test]
fn a_confirmed_grant_and_a_revocation_are_audited_with_the_old_keys() {
    let second = Staff {
        id: 3,
        roles: Roles::of(&[Role::Administrator]),
    };
    let grant = Proposal {
        list: PendingList::Grants,
        id: 7,
        proposed_by: Some(1),
        staff_id: Some(2),
        roles: vec![Role::Reviewer, Role::Approver],
    };
    let got =
        confirmation_effects(&second, Some(&grant), Some(Roles::of(&[Role::Reviewer])), 2).unwrap();
    assert_eq!(
        got.roles_set,
        Some((2, vec![Role::Reviewer, Role::Approver]))
    );
    assert_eq!(
        serde_json::to_value(&got.record).unwrap(),
        json!({"pending": "staff_role_grants", "id": 7, "staff_id": 2, "roles": ["reviewer", "approver"]})
    );
    let refusal = confirmation_effects(&second, Some(&grant), None, 2).unwrap_err();
    assert_eq!(
        refusal.to_string(),
        "This staff member is deactivated: the change can't take effect."
    );
    let revoked = revocation_effects(PendingList::Invitations, 4, true).unwrap();
    assert_eq!(
        serde_json::to_value(&revoked).unwrap(),
        json!({"pending": "staff_invites", "id": 4})
    );
}
