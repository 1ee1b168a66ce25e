//! Staff administration (administrators): the directory with what is pending, invitations,
//! passkey recoveries, role changes, their confirmation by a second administrator, revocation
//! and deactivation. Every rule is banksia-core's `review::separation`; this module asks it
//! under the locks that make its counts true, and audits what it does (the routes' `permitted`
//! filter checks the permission and audits a refusal).

use banksia_core::review::administration::{
    Proposal, RolesEffects, check_deactivation_of, confirmation_effects, deactivation_record,
    invitation_effects, invitation_email, reactivation_effects, recovery_effects,
    revocation_effects, role_change_effects,
};
use banksia_core::review::commands::PendingList;
use banksia_core::review::separation::{StaffRefusal, check_confirmation};
use banksia_core::review::{Role, Roles};
use banksia_wire::staff::{
    InviteCreated, InviteRequest, PendingChange, PendingKind, RoleOption, RolesRequest, RolesSaved,
    StaffDirectory, StaffMember,
};
use deadpool_postgres::GenericClient;

use super::auth::{INVITE_VALID_HOURS, Signed, create_invite};
use super::http::rfc3339;
use super::store::staff_members as members;
use super::{StaffState, audit};
use crate::error::ApiError;

/// Core's refusal as the API's error: 403 when the role can't, 422 for an invitation with no
/// role or no valid email (the request itself is incomplete), 409 otherwise.
pub(super) fn refused(refusal: StaffRefusal) -> ApiError {
    match refusal {
        StaffRefusal::NotPermitted => ApiError::Forbidden,
        StaffRefusal::NoRole | StaffRefusal::InvalidEmail => ApiError::Invalid(refusal.to_string()),
        other => ApiError::Conflict(other.to_string(), None),
    }
}

/// GET /api/staff/staff (administrators)
pub async fn directory(state: &StaffState, signed: &Signed) -> Result<StaffDirectory, ApiError> {
    let conn = state.pool.get().await?;
    let members = members::all(&conn).await?;
    let roles = Role::ALL
        .into_iter()
        .map(|role| RoleOption {
            code: role,
            label: role.label().to_owned(),
            description: role.description().to_owned(),
        })
        .collect();
    let me = signed.as_staff();
    let mut pending: Vec<PendingChange> = members::pending_invitations(&conn)
        .await?
        .into_iter()
        .map(|invitation| PendingChange {
            kind: if invitation.staff_id.is_some() {
                PendingKind::Recovery
            } else {
                PendingKind::Invitation
            },
            id: invitation.id,
            email: invitation.email,
            roles: invitation.roles,
            proposed_by: invitation.inviter_name,
            expires_at: rfc3339(invitation.expires_at),
            awaiting_confirmation: invitation.awaiting_confirmation,
            can_confirm: invitation.awaiting_confirmation
                && check_confirmation(&me, invitation.invited_by, invitation.staff_id).is_ok(),
        })
        .collect();
    pending.extend(
        members::pending_grants(&conn)
            .await?
            .into_iter()
            .map(|grant| PendingChange {
                kind: PendingKind::RoleChange,
                id: grant.id,
                email: grant.email,
                roles: grant.roles,
                proposed_by: Some(grant.proposer_name),
                expires_at: rfc3339(grant.expires_at),
                awaiting_confirmation: true,
                can_confirm: check_confirmation(&me, Some(grant.proposed_by), Some(grant.staff_id))
                    .is_ok(),
            }),
    );
    Ok(StaffDirectory {
        members,
        roles,
        pending,
    })
}

/// POST /api/staff/staff/invites (administrators): an invitation for an email with no active
/// account; one that confers approver or administrator waits for a second administrator.
pub async fn invite(
    state: &StaffState,
    signed: &Signed,
    request: InviteRequest,
) -> Result<InviteCreated, ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let has_account = members::active_id_of(&tx, &invitation_email(&request.email))
        .await?
        .is_some();
    let effects = invitation_effects(
        &signed.as_staff(),
        &request.email,
        &request.roles,
        has_account,
    )
    .map_err(refused)?;
    let (link, expires) = create_invite(&tx, state, &effects).await?;
    tx.commit().await?;
    Ok(InviteCreated {
        link,
        expires_at: rfc3339(expires),
        awaiting_confirmation: effects.invitation.needs_confirmation,
    })
}

/// POST /api/staff/staff/{id}/recovery (administrators): a one-time link that adds a passkey to
/// an existing, active account (a lost passkey). It works once a second administrator confirms
/// it; the holder's sessions are untouched until it is used.
pub async fn recovery(
    state: &StaffState,
    signed: &Signed,
    staff_id: i64,
) -> Result<InviteCreated, ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let row = tx
        .query_opt(
            "SELECT email, roles FROM staff WHERE id = $1 AND active",
            &[&staff_id],
        )
        .await?
        .ok_or(ApiError::NotFound)?;
    let email: String = row.try_get("email")?;
    let roles: Vec<Role> = row.try_get("roles")?;
    let effects =
        recovery_effects(&signed.as_staff(), staff_id, &email, &roles).map_err(refused)?;
    let (link, expires) = create_invite(&tx, state, &effects).await?;
    if let Some(kind) = effects.notice {
        super::emails::queue_staff_notice(
            &tx,
            staff_id,
            kind,
            &signed.display_name,
            &state.config.link("/staff/"),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(InviteCreated {
        link,
        expires_at: rfc3339(expires),
        awaiting_confirmation: effects.invitation.needs_confirmation,
    })
}

/// POST /api/staff/staff/{id}/roles (administrators): takes effect at once unless it adds
/// approver or administrator, which waits for a second administrator (a pending grant).
pub async fn set_roles(
    state: &StaffState,
    signed: &Signed,
    staff_id: i64,
    request: RolesRequest,
) -> Result<RolesSaved, ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let administrators = members::lock_active_administrators(&tx).await?;
    let current = members::lock(&tx, staff_id, false)
        .await?
        .ok_or(ApiError::NotFound)?;
    let from = Roles::of(&current.roles);
    let effects = role_change_effects(
        &signed.as_staff(),
        staff_id,
        from,
        &request.roles,
        administrators,
        current.active,
    )
    .map_err(refused)?;
    let saved = match effects {
        RolesEffects::Immediate { roles, record } => {
            let saved = members::set_roles(&tx, staff_id, &roles).await?;
            audit::record_staff(&tx, Some(signed.id), &record).await?;
            RolesSaved {
                member: saved,
                awaiting_confirmation: false,
            }
        }
        RolesEffects::Proposed(proposed) => {
            let grant: i64 = tx
                .query_one(
                    "INSERT INTO staff_role_grants (staff_id, roles, proposed_by, expires_at)
                     VALUES ($1, $2, $3, now() + make_interval(hours => $4)) RETURNING id",
                    &[
                        &staff_id,
                        &proposed.roles,
                        &signed.id,
                        &(INVITE_VALID_HOURS as i32),
                    ],
                )
                .await?
                .try_get("id")?;
            audit::record_staff(&tx, Some(signed.id), &proposed.record(grant)).await?;
            RolesSaved {
                member: current,
                awaiting_confirmation: true,
            }
        }
    };
    tx.commit().await?;
    Ok(saved)
}

/// What a confirmation or a revocation acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    /// `/api/staff/invitations/{id}`: an invitation or a recovery.
    Invitation(i64),
    /// `/api/staff/grants/{id}`: a role change.
    Grant(i64),
}

/// POST /api/staff/{invitations|grants}/{id}/confirm (a second administrator)
pub async fn confirm(
    state: &StaffState,
    signed: &Signed,
    pending: Pending,
) -> Result<StaffDirectory, ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let administrators = members::lock_active_administrators(&tx).await?;
    let proposal = match pending {
        Pending::Invitation(id) => members::lock_unconfirmed_invitation(&tx, id).await?,
        Pending::Grant(id) => members::lock_pending_grant(&tx, id).await?,
    };
    let member = match &proposal {
        Some(Proposal {
            list: PendingList::Grants,
            staff_id: Some(staff_id),
            ..
        }) => members::lock_active_roles(&tx, *staff_id).await?,
        _ => None,
    };
    let confirmation = confirmation_effects(
        &signed.as_staff(),
        proposal.as_ref(),
        member.as_deref().map(Roles::of),
        administrators,
    )
    .map_err(refused)?;
    let (table, id) = pending.row();
    tx.execute(
        &format!("UPDATE {table} SET confirmed_by = $2, confirmed_at = now() WHERE id = $1"),
        &[&id, &signed.id],
    )
    .await?;
    if let Some((staff_id, roles)) = &confirmation.roles_set {
        members::set_roles(&tx, *staff_id, roles).await?;
    }
    audit::record_staff(&tx, Some(signed.id), &confirmation.record).await?;
    tx.commit().await?;
    directory(state, signed).await
}

impl Pending {
    /// The list it is on, as its audit rows name it.
    const fn list(self) -> PendingList {
        match self {
            Self::Invitation(_) => PendingList::Invitations,
            Self::Grant(_) => PendingList::Grants,
        }
    }

    /// Its table and id.
    const fn row(self) -> (&'static str, i64) {
        match self {
            Self::Invitation(id) => ("staff_invites", id),
            Self::Grant(id) => ("staff_role_grants", id),
        }
    }
}

/// POST /api/staff/{invitations|grants}/{id}/revoke (any administrator)
pub async fn revoke(
    state: &StaffState,
    signed: &Signed,
    pending: Pending,
) -> Result<StaffDirectory, ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let (table, id) = pending.row();
    let live = match pending {
        Pending::Invitation(_) => "used_at IS NULL",
        Pending::Grant(_) => "confirmed_at IS NULL",
    };
    let revoked = tx
        .execute(
            &format!(
                "UPDATE {table} SET revoked_at = now(), revoked_by = $2
                 WHERE id = $1 AND revoked_at IS NULL AND {live} AND expires_at > now()"
            ),
            &[&id, &signed.id],
        )
        .await?;
    let record = revocation_effects(pending.list(), id, revoked > 0).map_err(refused)?;
    audit::record_staff(&tx, Some(signed.id), &record).await?;
    tx.commit().await?;
    directory(state, signed).await
}

/// Revokes every pending invitation and grant `staff_id` proposed (they die with their
/// proposer's deactivation).
async fn revoke_proposed_by<C: GenericClient>(
    client: &C,
    staff_id: i64,
    by: i64,
) -> Result<u64, ApiError> {
    let invites = client
        .execute(
            "UPDATE staff_invites SET revoked_at = now(), revoked_by = $2
             WHERE invited_by = $1 AND used_at IS NULL AND revoked_at IS NULL",
            &[&staff_id, &by],
        )
        .await?;
    let grants = client
        .execute(
            "UPDATE staff_role_grants SET revoked_at = now(), revoked_by = $2
             WHERE (proposed_by = $1 OR staff_id = $1) AND confirmed_at IS NULL AND revoked_at IS NULL",
            &[&staff_id, &by],
        )
        .await?;
    Ok(invites + grants)
}

/// POST /api/staff/staff/{id}/deactivate (administrators): ends their sessions at once and
/// revokes what they proposed; never the last active administrator.
pub async fn deactivate(
    state: &StaffState,
    signed: &Signed,
    staff_id: i64,
) -> Result<StaffMember, ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let administrators = members::lock_active_administrators(&tx).await?;
    // The caller's own row is among those locked when they are an active administrator: one
    // deactivated a moment ago by a colleague is refused here.
    if !members::is_active(&tx, signed.id).await? {
        return Err(ApiError::Unauthenticated);
    }
    let target = members::lock(&tx, staff_id, false)
        .await?
        .ok_or(ApiError::NotFound)?;
    check_deactivation_of(
        &signed.as_staff(),
        staff_id,
        Roles::of(&target.roles),
        target.active,
        administrators,
    )
    .map_err(refused)?;
    let (deactivated, ended) = members::deactivate(&tx, staff_id).await?;
    let revoked = revoke_proposed_by(&tx, staff_id, signed.id).await?;
    let record = deactivation_record(staff_id, ended, revoked);
    audit::record_staff(&tx, Some(signed.id), &record).await?;
    tx.commit().await?;
    Ok(deactivated)
}

/// POST /api/staff/staff/{id}/reactivate (administrators): a deactivated member may sign in
/// again with the roles they had, less approver and administrator, which a grant (with its
/// second administrator) gives back.
pub async fn reactivate(
    state: &StaffState,
    signed: &Signed,
    staff_id: i64,
) -> Result<StaffMember, ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let before = members::lock(&tx, staff_id, true)
        .await?
        .ok_or(ApiError::NotFound)?;
    let reactivation =
        reactivation_effects(&signed.as_staff(), staff_id, &before.roles).map_err(refused)?;
    let reactivated = members::reactivate(&tx, staff_id, &reactivation.roles).await?;
    audit::record_staff(&tx, Some(signed.id), &reactivation.record).await?;
    tx.commit().await?;
    Ok(reactivated)
}
