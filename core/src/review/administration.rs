//! What an administrator's change to a member's roles or account does, decided once as data:
//! the roles stored, whether they take effect at once or wait for a second administrator as a
//! pending grant, whether a deactivation may go ahead, and the audit rows. The rules are [`super::separation`]'s; the server locks the rows
//! the counts come from, asks here, and stores what this says.
//!
//! ```
//! use banksia_core::review::administration::{role_change_effects, RolesEffects};
//! use banksia_core::review::{Role, Roles, Staff};
//!
//! let admin = Staff { id: 1, roles: Roles::of(&[Role::Administrator]) };
//! let reviewer = Roles::of(&[Role::Reviewer]);
//! // Making a reviewer an approver waits for a second administrator.
//! let got = role_change_effects(&admin, 2, reviewer, &[Role::Approver], 1, true).unwrap();
//! assert!(matches!(got, RolesEffects::Proposed(_)));
//! ```

use super::commands::{DeactivationDetail, GrantDetail, RolesDetail, StaffRecord};
use super::separation::{
    RoleChange, StaffRefusal, check_administrator_removal, check_deactivation, check_role_change,
    needs_second_administrator,
};
use super::{Role, Roles, Staff};

/// What an allowed role change does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RolesEffects {
    /// The roles are set at once, audited by `record`.
    Immediate {
        /// The member's roles afterwards, in the order they are stored.
        roles: Vec<Role>,
        /// The audit row.
        record: StaffRecord,
    },
    /// The roles wait for a second administrator as a pending grant.
    Proposed(ProposedGrant),
}

/// A role change stored as a pending grant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProposedGrant {
    /// The member it is for.
    pub staff_id: i64,
    /// The whole set of roles once confirmed, in the order they are stored.
    pub roles: Vec<Role>,
}

impl ProposedGrant {
    /// Its audit row, once the grant is stored as `grant`.
    pub fn record(&self, grant: i64) -> StaffRecord {
        StaffRecord::GrantProposed(GrantDetail {
            grant,
            staff_id: self.staff_id,
            roles: self.roles.clone(),
        })
    }
}

/// Whether `actor` may set the roles of member `staff_id` (holding `from`, `active` or not) to
/// `to`, with `active_administrators` counted under lock before the change; and what it does.
/// The refusals, in order: the separation rules, the last administrator, a deactivated member.
pub fn role_change_effects(
    actor: &Staff,
    staff_id: i64,
    from: Roles,
    to: &[Role],
    active_administrators: usize,
    active: bool,
) -> Result<RolesEffects, StaffRefusal> {
    let to_roles = Roles::of(to);
    let change = check_role_change(actor, staff_id, from, to_roles)?;
    check_administrator_removal(from, to_roles, active_administrators)?;
    if !active {
        return Err(StaffRefusal::Deactivated);
    }
    let roles = to_roles.to_vec();
    Ok(match change {
        RoleChange::Immediate => RolesEffects::Immediate {
            record: StaffRecord::RolesChanged(RolesDetail {
                staff_id,
                roles: roles.clone(),
            }),
            roles,
        },
        RoleChange::NeedsConfirmation => RolesEffects::Proposed(ProposedGrant { staff_id, roles }),
    })
}

/// What a reactivation does: the roles the member keeps (those they had, less approver and
/// administrator, which only a confirmed grant gives back) and its audit row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reactivation {
    /// The roles afterwards, in the order they are stored.
    pub roles: Vec<Role>,
    /// The audit row.
    pub record: StaffRecord,
}

/// Whether `actor` may reactivate member `staff_id`, who held `before`, and what it does.
pub fn reactivation_effects(
    actor: &Staff,
    staff_id: i64,
    before: &[Role],
) -> Result<Reactivation, StaffRefusal> {
    let kept: Vec<Role> = before
        .iter()
        .copied()
        .filter(|role| !needs_second_administrator(*role))
        .collect();
    let kept = Roles::of(&kept);
    check_role_change(actor, staff_id, Roles::NONE, kept)?;
    let roles = kept.to_vec();
    Ok(Reactivation {
        record: StaffRecord::Reactivated(RolesDetail {
            staff_id,
            roles: roles.clone(),
        }),
        roles,
    })
}

/// Whether `actor` may deactivate member `staff_id`, who holds `roles` and is `active` or
/// already deactivated; `active_administrators` is counted under lock before the change. A
/// member already deactivated is not among those counted, so deactivating them again never
/// removes the last administrator.
pub fn check_deactivation_of(
    actor: &Staff,
    staff_id: i64,
    roles: Roles,
    active: bool,
    active_administrators: usize,
) -> Result<(), StaffRefusal> {
    let counted = if active {
        active_administrators
    } else {
        usize::MAX
    };
    check_deactivation(actor, staff_id, roles, counted)
}

/// A deactivation's audit row: whose, the sessions it ended and the pending changes it revoked.
pub const fn deactivation_record(
    staff_id: i64,
    sessions_ended: u64,
    pending_revoked: u64,
) -> StaffRecord {
    StaffRecord::Deactivated(DeactivationDetail {
        staff_id,
        sessions_ended,
        pending_revoked,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every role set, as the actor's, the member's before and after (16 × 16 × 16), for an
    /// active and a deactivated member and one or two administrators: refused exactly as the
    /// separation rules refuse (then a deactivated member), else at once exactly when
    /// `check_role_change` says so, with the roles stored and their row.
    #[test]
    fn the_effects_of_every_role_change() {
        let sets: Vec<Roles> = (0u8..16)
            .map(|bits| {
                let roles: Vec<Role> = Role::ALL
                    .into_iter()
                    .enumerate()
                    .filter(|(i, _)| bits & (1 << i) != 0)
                    .map(|(_, r)| r)
                    .collect();
                Roles::of(&roles)
            })
            .collect();
        let mut seen = (0, 0);
        for &actor_roles in &sets {
            let actor = Staff {
                id: 1,
                roles: actor_roles,
            };
            for &from in &sets {
                for &to in &sets {
                    for administrators in [1, 2] {
                        for active in [true, false] {
                            for staff_id in [1, 2] {
                                let got = role_change_effects(
                                    &actor,
                                    staff_id,
                                    from,
                                    &to.to_vec(),
                                    administrators,
                                    active,
                                );
                                let rule = check_role_change(&actor, staff_id, from, to).and_then(
                                    |change| {
                                        check_administrator_removal(from, to, administrators)
                                            .map(|()| change)
                                    },
                                );
                                let change = match (rule, active) {
                                    (Err(refusal), _) => {
                                        assert_eq!(got, Err(refusal));
                                        continue;
                                    }
                                    (Ok(_), false) => {
                                        assert_eq!(got, Err(StaffRefusal::Deactivated));
                                        continue;
                                    }
                                    (Ok(change), true) => change,
                                };
                                let roles = to.to_vec();
                                let want = match change {
                                    RoleChange::Immediate => {
                                        seen.0 += 1;
                                        RolesEffects::Immediate {
                                            roles: roles.clone(),
                                            record: StaffRecord::RolesChanged(RolesDetail {
                                                staff_id,
                                                roles,
                                            }),
                                        }
                                    }
                                    RoleChange::NeedsConfirmation => {
                                        seen.1 += 1;
                                        RolesEffects::Proposed(ProposedGrant { staff_id, roles })
                                    }
                                };
                                assert_eq!(got, Ok(want));
                            }
                        }
                    }
                }
            }
        }
        assert!(seen.0 > 100 && seen.1 > 100, "{seen:?}");
    }

    #[test]
    fn a_proposed_grant_is_audited_with_its_id_and_the_whole_set() {
        let grant = ProposedGrant {
            staff_id: 2,
            roles: vec![Role::Reviewer, Role::Approver],
        };
        assert_eq!(
            grant.record(9),
            StaffRecord::GrantProposed(GrantDetail {
                grant: 9,
                staff_id: 2,
                roles: vec![Role::Reviewer, Role::Approver],
            })
        );
    }

    /// Every role set before, by an administrator, a non-administrator and oneself: approver
    /// and administrator are dropped, the rest kept, and the refusals are the role change's.
    #[test]
    fn a_reactivation_keeps_the_roles_that_need_no_second_administrator() {
        let admin = Staff {
            id: 1,
            roles: Roles::of(&[Role::Administrator]),
        };
        let reviewer = Staff {
            id: 1,
            roles: Roles::of(&[Role::Reviewer]),
        };
        for bits in 0u8..16 {
            let before: Vec<Role> = Role::ALL
                .into_iter()
                .enumerate()
                .filter(|(i, _)| bits & (1 << i) != 0)
                .map(|(_, r)| r)
                .collect();
            let got = reactivation_effects(&admin, 2, &before).unwrap();
            assert!(got.roles.iter().all(|r| !needs_second_administrator(*r)));
            assert!(
                before
                    .iter()
                    .filter(|r| !needs_second_administrator(**r))
                    .all(|r| got.roles.contains(r))
            );
            assert_eq!(
                got.record,
                StaffRecord::Reactivated(RolesDetail {
                    staff_id: 2,
                    roles: got.roles.clone(),
                })
            );
            assert_eq!(
                reactivation_effects(&reviewer, 2, &before),
                Err(StaffRefusal::NotPermitted)
            );
            assert_eq!(
                reactivation_effects(&admin, 1, &before),
                Err(StaffRefusal::OwnRoles)
            );
        }
    }

    /// The last active administrator stays, unless already deactivated (then nothing is
    /// removed); nobody deactivates themselves; only administrators deactivate.
    #[test]
    fn a_deactivation_never_removes_the_last_administrator() {
        let admin = Roles::of(&[Role::Administrator]);
        let reviewer = Roles::of(&[Role::Reviewer]);
        let me = Staff {
            id: 1,
            roles: admin,
        };
        let cases = [
            // (target, their roles, active, administrators, answer)
            (2, admin, true, 1, Err(StaffRefusal::LastAdministrator)),
            (2, admin, true, 2, Ok(())),
            (2, admin, false, 1, Ok(())),
            (2, reviewer, true, 1, Ok(())),
            (1, admin, true, 2, Err(StaffRefusal::OwnDeactivation)),
        ];
        for (target, roles, active, administrators, want) in cases {
            assert_eq!(
                check_deactivation_of(&me, target, roles, active, administrators),
                want,
                "{target} {roles:?} {active} {administrators}"
            );
        }
        let reviewer_staff = Staff {
            id: 1,
            roles: reviewer,
        };
        assert_eq!(
            check_deactivation_of(&reviewer_staff, 2, reviewer, true, 2),
            Err(StaffRefusal::NotPermitted)
        );
        assert_eq!(
            deactivation_record(2, 3, 1),
            StaffRecord::Deactivated(DeactivationDetail {
                staff_id: 2,
                sessions_ended: 3,
                pending_revoked: 1,
            })
        );
    }
}
