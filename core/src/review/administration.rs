//! What an administrator's change to the staff does, decided once as data: an invitation or a
//! passkey recovery (the email and roles stored, whether it waits for a second administrator,
//! the email to the holder), the roles stored by a role change, whether they take effect at once
//! or wait as a pending grant, a confirmation or revocation of what is pending, whether a
//! deactivation may go ahead, and the audit rows. The rules are [`super::separation`]'s; the
//! server (and `banksia-server staff invite`) locks the rows the counts come from, asks here,
//! and stores what this says.
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

use super::commands::{
    CliInvitationDetail, ConfirmationDetail, DeactivationDetail, GrantDetail, InvitationDetail,
    PendingList, RevocationDetail, RolesDetail, StaffRecord,
};
use super::events::StaffEmailKind;
use super::separation::{
    RoleChange, StaffRefusal, check_administrator_removal, check_confirmation, check_deactivation,
    check_invitation, check_recovery, check_role_change, needs_second_administrator,
};
use super::{Role, Roles, Staff};
use crate::application::checks::{is_valid_email, normalise_email};

/// An invitation (or a passkey recovery) as it is stored: its link registers a passkey for
/// `email` with `roles`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitation {
    /// The invitee's email, as [`invitation_email`] gives it.
    pub email: String,
    /// The roles it confers, each once, in the order they are stored.
    pub roles: Vec<Role>,
    /// The active member it adds a passkey to (a recovery; none for a newcomer).
    pub staff_id: Option<i64>,
    /// The administrator who asked (none from the command line).
    pub invited_by: Option<i64>,
    /// True while a second administrator must confirm it before its link works.
    pub needs_confirmation: bool,
}

/// What an allowed invitation or recovery does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvitationEffects {
    /// The invitation to store.
    pub invitation: Invitation,
    /// Its audit rows, in order, written as by [`Invitation::invited_by`].
    pub records: Vec<StaffRecord>,
    /// The email the account's holder gets (a recovery: they hear of it from the bank, not from
    /// whoever asked for it).
    pub notice: Option<StaffEmailKind>,
}

/// An email as invitations store and look it up: trimmed, lower-cased.
pub fn invitation_email(typed: &str) -> String {
    normalise_email(typed).to_lowercase()
}

/// The effects of `invitation`, once it has passed its checks; the email is checked last.
fn invited(
    invitation: Invitation,
    notice: Option<StaffEmailKind>,
) -> Result<InvitationEffects, StaffRefusal> {
    if !is_valid_email(&invitation.email) {
        return Err(StaffRefusal::InvalidEmail);
    }
    let mut records = vec![StaffRecord::Invited(InvitationDetail {
        email: invitation.email.clone(),
        roles: invitation.roles.clone(),
        existing_staff: invitation.staff_id,
        needs_confirmation: invitation.needs_confirmation,
    })];
    if invitation.invited_by.is_none() {
        records.push(StaffRecord::CliInvited(CliInvitationDetail::new(
            &invitation.email,
            invitation.staff_id,
        )));
    }
    Ok(InvitationEffects {
        invitation,
        records,
        notice,
    })
}

/// Whether `actor` may invite `email` (as typed) with `roles`, `has_active_account` being
/// whether [`invitation_email`] of it belongs to an active member; and what it does. The
/// refusals, in order: the separation rules (not an administrator, no role, an active account),
/// then an email that isn't one. One that confers approver or administrator waits for a second
/// administrator.
pub fn invitation_effects(
    actor: &Staff,
    email: &str,
    roles: &[Role],
    has_active_account: bool,
) -> Result<InvitationEffects, StaffRefusal> {
    let roles = Roles::of(roles);
    let change = check_invitation(actor, roles, has_active_account)?;
    invited(
        Invitation {
            email: invitation_email(email),
            roles: roles.to_vec(),
            staff_id: None,
            invited_by: Some(actor.id),
            needs_confirmation: change == RoleChange::NeedsConfirmation,
        },
        None,
    )
}

/// Whether `actor` may start a passkey recovery for the active member `staff_id`, whose account
/// has `email` and `roles`; and what it does: an invitation for that account that waits for a
/// second administrator, and a notice to its holder.
pub fn recovery_effects(
    actor: &Staff,
    staff_id: i64,
    email: &str,
    roles: &[Role],
) -> Result<InvitationEffects, StaffRefusal> {
    check_recovery(actor, staff_id)?;
    invited(
        Invitation {
            email: invitation_email(email),
            roles: Roles::of(roles).to_vec(),
            staff_id: Some(staff_id),
            invited_by: Some(actor.id),
            needs_confirmation: true,
        },
        Some(StaffEmailKind::RecoveryStarted),
    )
}

/// The command line's invitation (`banksia-server staff invite`), the break-glass path: no
/// actor and no second administrator, audited as such (an `Invited` row and a `CliInvite` row).
/// `existing` is the active member [`invitation_email`] of `email` belongs to, if any: the link
/// then adds a passkey to that account. It still names at least one role.
pub fn break_glass_invitation(
    email: &str,
    roles: &[Role],
    existing: Option<i64>,
) -> Result<InvitationEffects, StaffRefusal> {
    let roles = Roles::of(roles);
    if roles == Roles::NONE {
        return Err(StaffRefusal::NoRole);
    }
    invited(
        Invitation {
            email: invitation_email(email),
            roles: roles.to_vec(),
            staff_id: existing,
            invited_by: None,
            needs_confirmation: false,
        },
        None,
    )
}

/// A pending invitation, recovery or grant, as locked for its confirmation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    /// Its list.
    pub list: PendingList,
    /// Its id on that list.
    pub id: i64,
    /// Who proposed it (none for a command-line invitation).
    pub proposed_by: Option<i64>,
    /// The member it is for (none for a newcomer's invitation).
    pub staff_id: Option<i64>,
    /// The roles it confers.
    pub roles: Vec<Role>,
}

/// What a confirmation does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirmation {
    /// A grant's member and the roles they hold from now (none for an invitation or a
    /// recovery: its link confers them when used).
    pub roles_set: Option<(i64, Vec<Role>)>,
    /// The audit row.
    pub record: StaffRecord,
}

/// Whether `confirmer` may confirm `pending` (`None` when nothing is pending by that id: it was
/// confirmed, revoked or has expired), and what it does. For a grant, `member` is its member's
/// roles now (`None` when deactivated since), and `active_administrators` is counted under lock
/// before the change. The refusals, in order: not pending, the separation rules, a member
/// deactivated since, the last administrator.
pub fn confirmation_effects(
    confirmer: &Staff,
    pending: Option<&Proposal>,
    member: Option<Roles>,
    active_administrators: usize,
) -> Result<Confirmation, StaffRefusal> {
    let pending = pending.ok_or(StaffRefusal::NotPending)?;
    check_confirmation(confirmer, pending.proposed_by, pending.staff_id)?;
    let roles_set = match (pending.list, pending.staff_id) {
        (PendingList::Grants, Some(staff_id)) => {
            let from = member.ok_or(StaffRefusal::DeactivatedSinceProposed)?;
            let to = Roles::of(&pending.roles);
            check_administrator_removal(from, to, active_administrators)?;
            Some((staff_id, pending.roles.clone()))
        }
        _ => None,
    };
    Ok(Confirmation {
        roles_set,
        record: StaffRecord::GrantConfirmed(ConfirmationDetail {
            pending: pending.list,
            id: pending.id,
            staff_id: pending.staff_id,
            roles: pending.roles.clone(),
        }),
    })
}

/// A revocation of pending change `id` on `list`: its audit row, or
/// [`StaffRefusal::NotPending`] when `revoked` is false (nothing pending by that id was
/// revoked). Any administrator may revoke (the route's permission).
pub const fn revocation_effects(
    list: PendingList,
    id: i64,
    revoked: bool,
) -> Result<StaffRecord, StaffRefusal> {
    if revoked {
        Ok(StaffRecord::GrantRevoked(RevocationDetail {
            pending: list,
            id,
        }))
    } else {
        Err(StaffRefusal::NotPending)
    }
}

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
    use crate::review::tests::every_role_set;

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

    /// Every actor's roles × every role set invited × an email with an account or not × a valid
    /// email or not: refused in the old order (not an administrator, no role, an active account,
    /// then the email), else stored lower-cased with the roles once each, waiting for a second
    /// administrator exactly when it confers approver or administrator, with its one row.
    #[test]
    fn the_effects_of_every_invitation() {
        for actor_roles in every_role_set() {
            let actor = Staff {
                id: 1,
                roles: Roles::of(&actor_roles),
            };
            for roles in every_role_set() {
                for has_account in [false, true] {
                    for (email, valid) in [(" Nora.New@Example.COM ", true), ("nora@", false)] {
                        let got = invitation_effects(&actor, email, &roles, has_account);
                        let want = if !actor.roles.has(Role::Administrator) {
                            Err(StaffRefusal::NotPermitted)
                        } else if roles.is_empty() {
                            Err(StaffRefusal::NoRole)
                        } else if has_account {
                            Err(StaffRefusal::AlreadyHasAccount)
                        } else if !valid {
                            Err(StaffRefusal::InvalidEmail)
                        } else {
                            let needs_confirmation =
                                roles.iter().any(|r| needs_second_administrator(*r));
                            let invitation = Invitation {
                                email: "nora.new@example.com".into(),
                                roles: Roles::of(&roles).to_vec(),
                                staff_id: None,
                                invited_by: Some(1),
                                needs_confirmation,
                            };
                            Ok(InvitationEffects {
                                records: vec![StaffRecord::Invited(InvitationDetail {
                                    email: invitation.email.clone(),
                                    roles: invitation.roles.clone(),
                                    existing_staff: None,
                                    needs_confirmation,
                                })],
                                invitation,
                                notice: None,
                            })
                        };
                        assert_eq!(got, want, "{actor_roles:?} {roles:?} {has_account} {email}");
                    }
                }
            }
        }
    }

    /// A recovery by an administrator, a non-administrator and oneself, of every role set: it
    /// always waits for a second administrator and tells the holder.
    #[test]
    fn a_recovery_waits_for_a_second_administrator_and_tells_the_holder() {
        let admin = Staff {
            id: 1,
            roles: Roles::of(&[Role::Administrator]),
        };
        let reviewer = Staff {
            id: 1,
            roles: Roles::of(&[Role::Reviewer, Role::Approver]),
        };
        for roles in every_role_set() {
            let got = recovery_effects(&admin, 2, "Sam@Bank.example", &roles).unwrap();
            let invitation = Invitation {
                email: "sam@bank.example".into(),
                roles: Roles::of(&roles).to_vec(),
                staff_id: Some(2),
                invited_by: Some(1),
                needs_confirmation: true,
            };
            assert_eq!(
                got.records,
                [StaffRecord::Invited(InvitationDetail {
                    email: invitation.email.clone(),
                    roles: invitation.roles.clone(),
                    existing_staff: Some(2),
                    needs_confirmation: true,
                })]
            );
            assert_eq!(got.invitation, invitation);
            assert_eq!(got.notice, Some(StaffEmailKind::RecoveryStarted));
            assert_eq!(
                recovery_effects(&reviewer, 2, "sam@bank.example", &roles),
                Err(StaffRefusal::NotPermitted)
            );
            assert_eq!(
                recovery_effects(&admin, 1, "sam@bank.example", &roles),
                Err(StaffRefusal::OwnRoles)
            );
        }
    }

    /// The command line: every role set, for a newcomer or an existing member; never waits, is
    /// audited by nobody as an invitation and a break-glass row, and still names a role.
    #[test]
    fn the_command_line_invites_without_a_second_administrator_and_says_so() {
        for roles in every_role_set() {
            for existing in [None, Some(4)] {
                let got = break_glass_invitation(" Root@Bank.Example", &roles, existing);
                if roles.is_empty() {
                    assert_eq!(got, Err(StaffRefusal::NoRole));
                    continue;
                }
                let got = got.unwrap();
                assert_eq!(got.invitation.invited_by, None);
                assert!(!got.invitation.needs_confirmation);
                assert_eq!(got.invitation.staff_id, existing);
                assert_eq!(
                    got.records,
                    [
                        StaffRecord::Invited(InvitationDetail {
                            email: "root@bank.example".into(),
                            roles: Roles::of(&roles).to_vec(),
                            existing_staff: existing,
                            needs_confirmation: false,
                        }),
                        StaffRecord::CliInvited(CliInvitationDetail {
                            email: "root@bank.example".into(),
                            break_glass: true,
                            recovery_of: existing,
                        }),
                    ]
                );
            }
        }
        assert_eq!(
            break_glass_invitation("root", &[Role::Administrator], None),
            Err(StaffRefusal::InvalidEmail)
        );
    }

    /// Every confirmer (an administrator, a non-administrator, the proposer, the member) × each
    /// list × pending or not × the member active or deactivated × one or two administrators,
    /// for a grant that removes administrator and one that adds approver.
    #[test]
    fn the_effects_of_every_confirmation() {
        let admin = Roles::of(&[Role::Administrator]);
        let confirmers = [
            Staff {
                id: 3,
                roles: admin,
            },
            Staff {
                id: 3,
                roles: Roles::of(&[Role::Reviewer, Role::Approver]),
            },
            // The proposer, and the member a grant or a recovery is for.
            Staff {
                id: 1,
                roles: admin,
            },
            Staff {
                id: 2,
                roles: admin,
            },
        ];
        let grants = [vec![Role::Reviewer], vec![Role::Reviewer, Role::Approver]];
        for confirmer in &confirmers {
            for list in [PendingList::Invitations, PendingList::Grants] {
                for roles in &grants {
                    for staff_id in [None, Some(2)] {
                        if list == PendingList::Grants && staff_id.is_none() {
                            continue;
                        }
                        let proposal = Proposal {
                            list,
                            id: 7,
                            proposed_by: Some(1),
                            staff_id,
                            roles: roles.clone(),
                        };
                        for member in [None, Some(admin)] {
                            for administrators in [1, 2] {
                                assert_eq!(
                                    confirmation_effects(confirmer, None, member, administrators),
                                    Err(StaffRefusal::NotPending)
                                );
                                let got = confirmation_effects(
                                    confirmer,
                                    Some(&proposal),
                                    member,
                                    administrators,
                                );
                                let is_grant = list == PendingList::Grants;
                                let refusal = if !confirmer.roles.has(Role::Administrator) {
                                    Some(StaffRefusal::NotPermitted)
                                } else if confirmer.id == 1 || staff_id == Some(confirmer.id) {
                                    Some(StaffRefusal::OwnConfirmation)
                                } else {
                                    None
                                };
                                let want = match (refusal, member) {
                                    (Some(refusal), _) => Err(refusal),
                                    (_, None) if is_grant => {
                                        Err(StaffRefusal::DeactivatedSinceProposed)
                                    }
                                    (_, Some(_)) if is_grant && administrators == 1 => {
                                        Err(StaffRefusal::LastAdministrator)
                                    }
                                    _ => Ok(Confirmation {
                                        roles_set: is_grant.then(|| (2, roles.clone())),
                                        record: StaffRecord::GrantConfirmed(ConfirmationDetail {
                                            pending: list,
                                            id: 7,
                                            staff_id,
                                            roles: roles.clone(),
                                        }),
                                    }),
                                };
                                assert_eq!(
                                    got, want,
                                    "{confirmer:?} {list:?} {roles:?} {staff_id:?} {member:?} {administrators}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_revocation_is_audited_only_when_something_pending_was_revoked() {
        for list in [PendingList::Invitations, PendingList::Grants] {
            assert_eq!(
                revocation_effects(list, 5, true),
                Ok(StaffRecord::GrantRevoked(RevocationDetail {
                    pending: list,
                    id: 5
                }))
            );
            assert_eq!(
                revocation_effects(list, 5, false),
                Err(StaffRefusal::NotPending)
            );
        }
    }
}
