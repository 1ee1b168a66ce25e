//! An administrator's role change and reactivation replayed through the wire: `RolesRequest` as
//! the console sends it, read as the server reads it, then core's effects
//! (`review::administration`) and the audit row's JSON, with the keys old rows have.

use banksia_core::review::administration::{
    RolesEffects, reactivation_effects, role_change_effects,
};
use banksia_core::review::separation::StaffRefusal;
use banksia_core::review::{Role, Roles, Staff};
use banksia_wire::staff::RolesRequest;
use serde_json::json;

fn admin() -> Staff {
    Staff {
        id: 1,
        roles: Roles::of(&[Role::Administrator]),
    }
}

#[test]
fn every_role_set_sent_is_set_at_once_or_proposed_with_the_old_keys() {
    let reviewer = Roles::of(&[Role::Reviewer]);
    for bits in 0u8..16 {
        let codes: Vec<&str> = Role::ALL
            .into_iter()
            .enumerate()
            .filter(|(i, _)| bits & (1 << i) != 0)
            .map(|(_, r)| r.as_str())
            .collect();
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
