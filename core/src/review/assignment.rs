//! Who holds a case. A reviewer or approver claims an application to work on it; while they
//! hold it nobody else acts on it (no review action, no recommendation, no claim) until they
//! release it, hand it to a named colleague, or a colleague *takes it over*: an explicit,
//! audited step, never a side effect of a click on Claim. Notes stay open to everyone who may
//! write them (a colleague's note does not change the case).
//!
//! Acting on a case nobody holds claims it: the review action takes the case for the person who
//! acts, in the same step, recorded as a Claim before the action ([`Hold::Claimed`]), so a case
//! being worked on or decided never shows as unassigned and the log says who took it. A case a
//! colleague holds still needs the explicit take-over first.
//!
//! Handing a case on for a decision releases it ([`Hold::Released`]): a recommendation, and the
//! first approval of a business account, so the approver who decides claims it next.
//!
//! ```
//! use banksia_core::review::assignment::{check_assignment, Assignment};
//! use banksia_core::review::{Refusal, Role, Roles, Staff, Status};
//!
//! let ann = Staff { id: 1, roles: Roles::of(&[Role::Reviewer]) };
//! let bob = Staff { id: 2, roles: Roles::of(&[Role::Approver]) };
//! let open = Status::UnderReview;
//! // Ann claims a free case; Bob's Claim then does not take it from her...
//! assert_eq!(check_assignment(open, None, &ann, Assignment::Claim), Ok(Some(1)));
//! assert_eq!(check_assignment(open, Some(1), &bob, Assignment::Claim), Err(Refusal::HeldByColleague));
//! // ...an explicit take-over does.
//! assert_eq!(check_assignment(open, Some(1), &bob, Assignment::TakeOver), Ok(Some(2)));
//! ```
//!
//! ```
//! use banksia_core::application::AccountType;
//! use banksia_core::review::assignment::Hold;
//! use banksia_core::review::{decide, Action, Case, Role, Roles, Staff, Status};
//!
//! let ann = Staff { id: 1, roles: Roles::of(&[Role::Reviewer]) };
//! let free = Case { status: Status::UnderReview, account_type: AccountType::Savings, approved_by: None, recommended_by: None, holder: None };
//! let ask = Action::RequestInformation { message: "Please send your latest payslip.".into() };
//! // Ann's request on a free case takes it for her...
//! let outcome = decide(&free, &ann, &ask).unwrap();
//! assert_eq!(outcome.hold, Hold::Claimed);
//! assert_eq!(outcome.hold.holder(free.holder, ann.id), Some(1));
//! // ...and on a case she holds, she keeps it.
//! let mine = Case { holder: Some(1), ..free };
//! assert_eq!(decide(&mine, &ann, &ask).unwrap().hold, Hold::Kept);
//! ```

use super::{Permission, Refusal, Roles, Staff, Status};

/// A change of who holds a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assignment {
    /// Take a case nobody holds.
    Claim,
    /// Let go of a case one holds.
    Release,
    /// Hand a case one holds (or nobody holds) to a colleague: their id and roles.
    Reassign {
        /// The colleague's id.
        to: i64,
        /// Their roles (they must be allowed to claim).
        roles: Roles,
    },
    /// Take a case a colleague holds (audited with whom it was taken from).
    TakeOver,
}

/// Whether `staff` may make `step` on a case in `status` held by `holder`; the holder after it.
pub fn check_assignment(
    status: Status,
    holder: Option<i64>,
    staff: &Staff,
    step: Assignment,
) -> Result<Option<i64>, Refusal> {
    if !staff.roles.may(Permission::Claim) {
        return Err(Refusal::NotPermitted);
    }
    if status.is_final() {
        return Err(Refusal::IllegalTransition(status));
    }
    let mine = holder == Some(staff.id);
    let colleague = holder.is_some() && !mine;
    match step {
        Assignment::Claim if mine => Err(Refusal::AlreadyHeld),
        Assignment::Claim if colleague => Err(Refusal::HeldByColleague),
        Assignment::Claim => Ok(Some(staff.id)),
        Assignment::Release if mine => Ok(None),
        Assignment::Release if colleague => Err(Refusal::HeldByColleague),
        Assignment::Release => Err(Refusal::NotHeld),
        Assignment::Reassign { .. } if colleague => Err(Refusal::HeldByColleague),
        Assignment::Reassign { to, .. } if holder == Some(to) => Err(Refusal::AlreadyHeld),
        Assignment::Reassign { roles, .. } if !roles.may(Permission::Claim) => {
            Err(Refusal::CannotHold)
        }
        Assignment::Reassign { to, .. } => Ok(Some(to)),
        Assignment::TakeOver if colleague => Ok(Some(staff.id)),
        Assignment::TakeOver if mine => Err(Refusal::AlreadyHeld),
        Assignment::TakeOver => Err(Refusal::NotHeld),
    }
}

/// What an allowed review action does to who holds the case ([`super::Outcome::hold`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hold {
    /// The person acting held it and keeps it.
    Kept,
    /// Nobody held it: the action claims it for the person acting, audited as a Claim
    /// ([`super::events::AuditEvent::Claimed`]) in the same transaction, before the action's row.
    Claimed,
    /// The action hands the case on for a decision: nobody holds it afterwards. (A case nobody
    /// held is not claimed on the way: it stays free, and the action's row says who acted.)
    Released,
}

impl Hold {
    /// What a review action does to the holder: `hands_on` for one that passes the case to an
    /// approver. Called once [`super::check_allowed`] let `holder` be nobody or the actor.
    pub const fn after_action(holder: Option<i64>, hands_on: bool) -> Self {
        match (hands_on, holder) {
            (true, _) => Self::Released,
            (false, None) => Self::Claimed,
            (false, Some(_)) => Self::Kept,
        }
    }

    /// Who holds the case afterwards, given who held it and who acted.
    pub const fn holder(self, before: Option<i64>, actor: i64) -> Option<i64> {
        match self {
            Self::Kept => before,
            Self::Claimed => Some(actor),
            Self::Released => None,
        }
    }
}

/// What the refusal of an action on a case a colleague holds says, with their name.
///
/// ```
/// use banksia_core::review::assignment::held_by;
/// assert_eq!(
///     held_by("Alex Chen"),
///     "Alex Chen holds this application. Take it over to act on it (the take-over is recorded)."
/// );
/// ```
pub fn held_by(name: &str) -> String {
    format!("{name} holds this application. Take it over to act on it (the take-over is recorded).")
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::review::Role;

    /// Every kind of step, as member 1 would take them with member 2 a colleague: claim,
    /// release, take over, and hand over to a reviewer (3), to an auditor (3, who can't hold a
    /// case) and to the colleague. `review::effects`'s tests take the same steps.
    const REVIEWER: Roles = Roles(Role::Reviewer.bit());
    const AUDITOR: Roles = Roles(Role::Auditor.bit());

    pub(in crate::review) const EVERY_STEP: [Assignment; 6] = [
        Assignment::Claim,
        Assignment::Release,
        Assignment::TakeOver,
        Assignment::Reassign {
            to: 3,
            roles: REVIEWER,
        },
        Assignment::Reassign {
            to: 3,
            roles: AUDITOR,
        },
        Assignment::Reassign {
            to: 2,
            roles: REVIEWER,
        },
    ];

    #[test]
    fn acting_claims_a_free_case_and_handing_on_releases() {
        assert_eq!(Hold::after_action(None, false), Hold::Claimed);
        assert_eq!(Hold::after_action(Some(1), false), Hold::Kept);
        assert_eq!(Hold::after_action(None, true), Hold::Released);
        assert_eq!(Hold::after_action(Some(1), true), Hold::Released);
        assert_eq!(Hold::Claimed.holder(None, 7), Some(7));
        assert_eq!(Hold::Kept.holder(Some(7), 7), Some(7));
        assert_eq!(Hold::Released.holder(Some(7), 7), None);
    }

    /// Every holder (nobody, me, a colleague) × every role set × every step × every status.
    #[test]
    fn the_whole_table() {
        let me = 1;
        let colleague = 2;
        let auditor = Roles::of(&[Role::Auditor]);
        for bits in 0u8..16 {
            let roles = Roles::of(
                &Role::ALL
                    .into_iter()
                    .enumerate()
                    .filter(|(i, _)| bits & (1 << i) != 0)
                    .map(|(_, r)| r)
                    .collect::<Vec<_>>(),
            );
            let staff = Staff { id: me, roles };
            for status in Status::ALL {
                for holder in [None, Some(me), Some(colleague)] {
                    for step in EVERY_STEP {
                        let got = check_assignment(status, holder, &staff, step);
                        let want = if !roles.may(Permission::Claim) {
                            Err(Refusal::NotPermitted)
                        } else if status.is_final() {
                            Err(Refusal::IllegalTransition(status))
                        } else {
                            match (step, holder) {
                                (Assignment::Claim, None) => Ok(Some(me)),
                                (Assignment::Claim | Assignment::TakeOver, Some(1)) => {
                                    Err(Refusal::AlreadyHeld)
                                }
                                (Assignment::TakeOver, Some(_)) => Ok(Some(me)),
                                (Assignment::TakeOver | Assignment::Release, None) => {
                                    Err(Refusal::NotHeld)
                                }
                                (Assignment::Release, Some(1)) => Ok(None),
                                (_, Some(2)) => Err(Refusal::HeldByColleague),
                                (Assignment::Reassign { roles: r, to }, _) => {
                                    if r == auditor {
                                        Err(Refusal::CannotHold)
                                    } else {
                                        Ok(Some(to))
                                    }
                                }
                                _ => unreachable!("{step:?} {holder:?}"),
                            }
                        };
                        assert_eq!(got, want, "{roles:?} {status:?} {holder:?} {step:?}");
                    }
                }
            }
        }
    }
}
