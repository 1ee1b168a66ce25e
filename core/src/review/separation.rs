//! Separation of duties on the staff itself: who may invite whom, change whose roles, confirm a
//! grant and deactivate an account. The server asks these functions before every staff change
//! and refuses what they refuse; the command line (`banksia-server staff invite`) is the audited
//! break-glass path outside them.
//!
//! * Nobody changes their own roles.
//! * A grant that confers [`Role::Approver`] or [`Role::Administrator`] (an invitation or a role
//!   change) takes effect only when a *second* administrator confirms it: neither the one who
//!   proposed it nor the person it is for.
//! * An invitation names at least one role, and is for an email with no active account; adding a passkey to an existing
//!   account is a recovery, which also needs a second administrator.
//! * The last active administrator can't be deactivated, nor deactivate themselves.
//!
//! ```
//! use banksia_core::review::separation::{check_role_change, RoleChange};
//! use banksia_core::review::{Role, Roles, Staff};
//!
//! let admin = Staff { id: 1, roles: Roles::of(&[Role::Administrator]) };
//! let reviewer = Roles::of(&[Role::Reviewer]);
//! // Adding auditor to a colleague takes effect at once...
//! let auditor = Roles::of(&[Role::Reviewer, Role::Auditor]);
//! assert_eq!(check_role_change(&admin, 2, reviewer, auditor), Ok(RoleChange::Immediate));
//! // ...making them an approver waits for a second administrator...
//! let approver = Roles::of(&[Role::Approver]);
//! assert_eq!(check_role_change(&admin, 2, reviewer, approver), Ok(RoleChange::NeedsConfirmation));
//! // ...and nobody changes their own roles.
//! assert!(check_role_change(&admin, 1, admin.roles, approver).is_err());
//! ```

use super::{Permission, Role, Roles, Staff};

/// Why a change to the staff is refused. The server answers 403 for
/// [`StaffRefusal::NotPermitted`], 422 for [`StaffRefusal::NoRole`] and
/// [`StaffRefusal::InvalidEmail`] (the request itself is incomplete) and 409 for the others,
/// with this text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StaffRefusal {
    /// None of the person's roles allows managing staff.
    #[error("Your role does not allow this action.")]
    NotPermitted,
    /// A change to one's own roles.
    #[error("You can't change your own roles: ask another administrator.")]
    OwnRoles,
    /// An invitation that names no role: its holder would register to no screen.
    #[error("Choose at least one role for the invitation.")]
    NoRole,
    /// An invitation for something that is not an email address (422, like [`Self::NoRole`]).
    #[error("Enter a valid email address.")]
    InvalidEmail,
    /// An invitation for an email that already has an active account.
    #[error(
        "This email already has an active staff account. To add a passkey to it, start a recovery instead; a second administrator confirms it."
    )]
    AlreadyHasAccount,
    /// A confirmation by the person who proposed the grant, or by the person it is for.
    #[error(
        "A second administrator must confirm this: not the one who proposed it, nor the person it is for."
    )]
    OwnConfirmation,
    /// Deactivating oneself.
    #[error("You can't deactivate yourself: ask another administrator.")]
    OwnDeactivation,
    /// Deactivating (or removing the role of) the last active administrator.
    #[error("This is the last active administrator: invite and confirm another one first.")]
    LastAdministrator,
    /// A role change for a deactivated member (reactivation is its own step).
    #[error("This staff member is deactivated: reactivate them first.")]
    Deactivated,
    /// A pending grant confirmed after its member was deactivated.
    #[error("This staff member is deactivated: the change can't take effect.")]
    DeactivatedSinceProposed,
    /// A confirmation or revocation of a grant that is no longer pending.
    #[error("This is no longer pending: it was confirmed, revoked or has expired.")]
    NotPending,
}

/// What follows an allowed role change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoleChange {
    /// It takes effect at once (it adds neither approver nor administrator).
    Immediate,
    /// It is recorded as pending and takes effect when a second administrator confirms it.
    NeedsConfirmation,
}

/// True when holding `role` needs a second administrator's confirmation to be granted: the
/// roles that decide (approver) or that grant (administrator).
pub const fn needs_second_administrator(role: Role) -> bool {
    matches!(role, Role::Approver | Role::Administrator)
}

/// The roles of `to` that `from` does not hold.
pub fn added_roles(from: Roles, to: Roles) -> Vec<Role> {
    to.to_vec().into_iter().filter(|r| !from.has(*r)).collect()
}

/// Whether a grant of `roles` to someone who holds `from` now must wait for a second
/// administrator.
pub fn grant_needs_confirmation(from: Roles, to: Roles) -> bool {
    added_roles(from, to)
        .into_iter()
        .any(needs_second_administrator)
}

fn require_manager(actor: &Staff) -> Result<(), StaffRefusal> {
    if actor.roles.may(Permission::ManageStaff) {
        Ok(())
    } else {
        Err(StaffRefusal::NotPermitted)
    }
}

/// Whether `actor` may change the roles of staff member `target` from `from` to `to`, and
/// whether the change waits for a second administrator. Whether it leaves an active
/// administrator is [`check_administrator_removal`]'s rule.
pub fn check_role_change(
    actor: &Staff,
    target: i64,
    from: Roles,
    to: Roles,
) -> Result<RoleChange, StaffRefusal> {
    require_manager(actor)?;
    if actor.id == target {
        return Err(StaffRefusal::OwnRoles);
    }
    Ok(if grant_needs_confirmation(from, to) {
        RoleChange::NeedsConfirmation
    } else {
        RoleChange::Immediate
    })
}

/// Whether a role change that takes administrator away from someone who holds it leaves an
/// active administrator; `active_administrators` counts them before the change.
pub fn check_administrator_removal(
    from: Roles,
    to: Roles,
    active_administrators: usize,
) -> Result<(), StaffRefusal> {
    if from.has(Role::Administrator) && !to.has(Role::Administrator) && active_administrators <= 1 {
        Err(StaffRefusal::LastAdministrator)
    } else {
        Ok(())
    }
}

/// Whether `actor` may invite `roles` for an email; `has_active_account` says whether that email
/// already belongs to an active staff member. The answer says whether the invitation waits for a
/// second administrator before its link works.
pub fn check_invitation(
    actor: &Staff,
    roles: Roles,
    has_active_account: bool,
) -> Result<RoleChange, StaffRefusal> {
    require_manager(actor)?;
    if roles == Roles::NONE {
        return Err(StaffRefusal::NoRole);
    }
    if has_active_account {
        return Err(StaffRefusal::AlreadyHasAccount);
    }
    Ok(if grant_needs_confirmation(Roles::NONE, roles) {
        RoleChange::NeedsConfirmation
    } else {
        RoleChange::Immediate
    })
}

/// Whether `actor` may start a passkey recovery for staff member `target` (a new passkey on an
/// existing account). It always waits for a second administrator, and nobody recovers their own
/// account from inside the console.
pub fn check_recovery(actor: &Staff, target: i64) -> Result<RoleChange, StaffRefusal> {
    require_manager(actor)?;
    if actor.id == target {
        return Err(StaffRefusal::OwnRoles);
    }
    Ok(RoleChange::NeedsConfirmation)
}

/// Whether `confirmer` may confirm a pending grant (an invitation, a role change or a recovery)
/// proposed by `proposed_by` for staff member `target` (`None` for a newcomer's invitation).
pub fn check_confirmation(
    confirmer: &Staff,
    proposed_by: Option<i64>,
    target: Option<i64>,
) -> Result<(), StaffRefusal> {
    require_manager(confirmer)?;
    if proposed_by == Some(confirmer.id) || target == Some(confirmer.id) {
        return Err(StaffRefusal::OwnConfirmation);
    }
    Ok(())
}

/// Whether `actor` may deactivate staff member `target`, who holds `target_roles`;
/// `active_administrators` counts the active administrators before the change (the server
/// counts them under a lock, so two administrators deactivating each other at once can't leave
/// none).
pub fn check_deactivation(
    actor: &Staff,
    target: i64,
    target_roles: Roles,
    active_administrators: usize,
) -> Result<(), StaffRefusal> {
    require_manager(actor)?;
    if actor.id == target {
        return Err(StaffRefusal::OwnDeactivation);
    }
    check_administrator_removal(target_roles, Roles::NONE, active_administrators)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn staff(id: i64, roles: &[Role]) -> Staff {
        Staff {
            id,
            roles: Roles::of(roles),
        }
    }

    /// Every combination of roles, as sets.
    fn every_roles() -> Vec<Roles> {
        (0u8..16)
            .map(|bits| {
                Roles::of(
                    &Role::ALL
                        .into_iter()
                        .enumerate()
                        .filter(|(i, _)| bits & (1 << i) != 0)
                        .map(|(_, r)| r)
                        .collect::<Vec<_>>(),
                )
            })
            .collect()
    }

    #[test]
    fn nobody_changes_their_own_roles_whatever_they_hold() {
        for roles in every_roles() {
            let me = Staff { id: 7, roles };
            for to in every_roles() {
                let refused = check_role_change(&me, 7, roles, to).unwrap_err();
                let expected = if roles.may(Permission::ManageStaff) {
                    StaffRefusal::OwnRoles
                } else {
                    StaffRefusal::NotPermitted
                };
                assert_eq!(refused, expected);
            }
        }
    }

    #[test]
    fn only_administrators_manage_staff() {
        for role in [Role::Reviewer, Role::Approver, Role::Auditor] {
            let actor = staff(1, &[role]);
            assert_eq!(
                check_role_change(&actor, 2, Roles::NONE, Roles::of(&[Role::Reviewer])),
                Err(StaffRefusal::NotPermitted)
            );
            assert_eq!(
                check_invitation(&actor, Roles::of(&[Role::Reviewer]), false),
                Err(StaffRefusal::NotPermitted)
            );
            assert_eq!(
                check_confirmation(&actor, Some(3), Some(2)),
                Err(StaffRefusal::NotPermitted)
            );
            assert_eq!(
                check_deactivation(&actor, 2, Roles::NONE, 5),
                Err(StaffRefusal::NotPermitted)
            );
            assert_eq!(check_recovery(&actor, 2), Err(StaffRefusal::NotPermitted));
        }
    }

    #[test]
    fn a_grant_waits_exactly_when_it_adds_approver_or_administrator() {
        let admin = staff(1, &[Role::Administrator]);
        for from in every_roles() {
            for to in every_roles() {
                let adds_power = (to.has(Role::Approver) && !from.has(Role::Approver))
                    || (to.has(Role::Administrator) && !from.has(Role::Administrator));
                let expected = if adds_power {
                    RoleChange::NeedsConfirmation
                } else {
                    RoleChange::Immediate
                };
                assert_eq!(check_role_change(&admin, 2, from, to), Ok(expected));
            }
            if from == Roles::NONE {
                assert_eq!(
                    check_invitation(&admin, from, false),
                    Err(StaffRefusal::NoRole)
                );
                continue;
            }
            let invitation = check_invitation(&admin, from, false).unwrap();
            assert_eq!(
                invitation == RoleChange::NeedsConfirmation,
                from.has(Role::Approver) || from.has(Role::Administrator)
            );
        }
    }

    /// Issue 45: unticking the pre-ticked Reviewer made an invitation with no role, whose holder
    /// registered to no screen. An invitation names a role, whoever asks and whatever else holds.
    #[test]
    fn an_invitation_names_at_least_one_role() {
        let admin = staff(1, &[Role::Administrator]);
        for has_account in [false, true] {
            assert_eq!(
                check_invitation(&admin, Roles::NONE, has_account),
                Err(StaffRefusal::NoRole)
            );
        }
        for role in Role::ALL {
            assert!(
                check_invitation(&admin, Roles::of(&[role]), false).is_ok(),
                "{role:?}"
            );
        }
        assert_eq!(
            check_invitation(&staff(2, &[Role::Reviewer]), Roles::NONE, false),
            Err(StaffRefusal::NotPermitted)
        );
    }

    #[test]
    fn an_invitation_is_for_an_email_without_an_active_account() {
        let admin = staff(1, &[Role::Administrator]);
        assert_eq!(
            check_invitation(&admin, Roles::of(&[Role::Reviewer]), true),
            Err(StaffRefusal::AlreadyHasAccount)
        );
        assert_eq!(check_recovery(&admin, 2), Ok(RoleChange::NeedsConfirmation));
        assert_eq!(check_recovery(&admin, 1), Err(StaffRefusal::OwnRoles));
    }

    #[test]
    fn the_second_administrator_is_neither_the_proposer_nor_the_grantee() {
        let second = staff(2, &[Role::Administrator]);
        assert_eq!(check_confirmation(&second, Some(1), Some(3)), Ok(()));
        assert_eq!(check_confirmation(&second, Some(1), None), Ok(()));
        // The command line proposes as nobody: any administrator but the grantee confirms.
        assert_eq!(check_confirmation(&second, None, Some(3)), Ok(()));
        assert_eq!(
            check_confirmation(&second, Some(2), Some(3)),
            Err(StaffRefusal::OwnConfirmation)
        );
        assert_eq!(
            check_confirmation(&second, Some(1), Some(2)),
            Err(StaffRefusal::OwnConfirmation)
        );
    }

    #[test]
    fn the_last_administrator_stays() {
        let admin = staff(1, &[Role::Administrator]);
        let other_admin = Roles::of(&[Role::Administrator]);
        assert_eq!(
            check_deactivation(&admin, 2, other_admin, 1),
            Err(StaffRefusal::LastAdministrator)
        );
        assert_eq!(check_deactivation(&admin, 2, other_admin, 2), Ok(()));
        assert_eq!(
            check_deactivation(&admin, 1, other_admin, 5),
            Err(StaffRefusal::OwnDeactivation)
        );
        assert_eq!(
            check_deactivation(&admin, 2, Roles::of(&[Role::Reviewer]), 1),
            Ok(())
        );
        assert_eq!(
            check_administrator_removal(other_admin, Roles::of(&[Role::Auditor]), 1),
            Err(StaffRefusal::LastAdministrator)
        );
        assert_eq!(
            check_administrator_removal(other_admin, Roles::of(&[Role::Auditor]), 2),
            Ok(())
        );
    }
}
