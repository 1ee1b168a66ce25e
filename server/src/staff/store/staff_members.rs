//! The staff member aggregate as administration reads and changes it: members, their roles
//! and activity, and the changes waiting for a second administrator. Rows are read by column
//! name into core's types (`Vec<Role>` through `Role`'s `FromSql`).

use banksia_core::review::Role;
use banksia_core::review::administration::Proposal;
use banksia_core::review::commands::PendingList;
use banksia_wire::staff::StaffMember;
use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use tokio_postgres::{Error, Row};

const MEMBER: &str = "id, email, display_name, roles, active";

fn member(row: &Row) -> Result<StaffMember, Error> {
    Ok(StaffMember {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        display_name: row.try_get("display_name")?,
        roles: row.try_get("roles")?,
        active: row.try_get("active")?,
    })
}

/// Every member, in the order they joined.
pub async fn all<C: GenericClient>(client: &C) -> Result<Vec<StaffMember>, Error> {
    client
        .query(&format!("SELECT {MEMBER} FROM staff ORDER BY id"), &[])
        .await?
        .iter()
        .map(member)
        .collect()
}

/// Locks a member's row for a change; `None` if there is none (or, with `inactive_only`, none
/// deactivated).
pub async fn lock<C: GenericClient>(
    client: &C,
    id: i64,
    inactive_only: bool,
) -> Result<Option<StaffMember>, Error> {
    client
        .query_opt(
            &format!(
                "SELECT {MEMBER} FROM staff WHERE id = $1 AND (NOT $2 OR NOT active) FOR UPDATE"
            ),
            &[&id, &inactive_only],
        )
        .await?
        .map(|row| member(&row))
        .transpose()
}

/// Locks every active administrator's row and counts them: two administrators deactivating
/// each other (or removing each other's role) at once are serialised here, and the second
/// sees the first's change.
pub async fn lock_active_administrators<C: GenericClient>(client: &C) -> Result<usize, Error> {
    Ok(client
        .query(
            "SELECT id FROM staff WHERE active AND $1 = ANY(roles) ORDER BY id FOR UPDATE",
            &[&Role::Administrator],
        )
        .await?
        .len())
}

/// True while the member may act.
pub async fn is_active<C: GenericClient>(client: &C, id: i64) -> Result<bool, Error> {
    Ok(client
        .query_opt("SELECT 1 FROM staff WHERE id = $1 AND active", &[&id])
        .await?
        .is_some())
}

/// The active member whose email (as invitations store it) is `email`, if any.
pub async fn active_id_of<C: GenericClient>(client: &C, email: &str) -> Result<Option<i64>, Error> {
    client
        .query_opt(
            "SELECT id FROM staff WHERE email = $1 AND active",
            &[&email],
        )
        .await?
        .map(|row| row.try_get("id"))
        .transpose()
}

/// An active member's roles, locked until the transaction ends; none when deactivated.
pub async fn lock_active_roles<C: GenericClient>(
    client: &C,
    id: i64,
) -> Result<Option<Vec<Role>>, Error> {
    client
        .query_opt(
            "SELECT roles FROM staff WHERE id = $1 AND active FOR UPDATE",
            &[&id],
        )
        .await?
        .map(|row| row.try_get("roles"))
        .transpose()
}

/// The invitation or recovery `id` if it still waits for its confirmation (not confirmed, used,
/// revoked or expired), locked until the transaction ends.
pub async fn lock_unconfirmed_invitation<C: GenericClient>(
    client: &C,
    id: i64,
) -> Result<Option<Proposal>, Error> {
    client
        .query_opt(
            "SELECT invited_by, staff_id, roles FROM staff_invites
             WHERE id = $1 AND needs_confirmation AND confirmed_at IS NULL
               AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
             FOR UPDATE",
            &[&id],
        )
        .await?
        .map(|row| {
            Ok(Proposal {
                list: PendingList::Invitations,
                id,
                proposed_by: row.try_get("invited_by")?,
                staff_id: row.try_get("staff_id")?,
                roles: row.try_get("roles")?,
            })
        })
        .transpose()
}

/// The role grant `id` if it is still pending (not confirmed, revoked or expired), locked until
/// the transaction ends.
pub async fn lock_pending_grant<C: GenericClient>(
    client: &C,
    id: i64,
) -> Result<Option<Proposal>, Error> {
    client
        .query_opt(
            "SELECT proposed_by, staff_id, roles FROM staff_role_grants
             WHERE id = $1 AND confirmed_at IS NULL AND revoked_at IS NULL
               AND expires_at > now()
             FOR UPDATE",
            &[&id],
        )
        .await?
        .map(|row| {
            Ok(Proposal {
                list: PendingList::Grants,
                id,
                proposed_by: Some(row.try_get("proposed_by")?),
                staff_id: Some(row.try_get("staff_id")?),
                roles: row.try_get("roles")?,
            })
        })
        .transpose()
}

/// Sets a member's roles; the member as saved.
pub async fn set_roles<C: GenericClient>(
    client: &C,
    id: i64,
    roles: &[Role],
) -> Result<StaffMember, Error> {
    let row = client
        .query_one(
            &format!("UPDATE staff SET roles = $2 WHERE id = $1 RETURNING {MEMBER}"),
            &[&id, &roles],
        )
        .await?;
    member(&row)
}

/// Deactivates a member and ends their sessions; the member and how many sessions ended.
pub async fn deactivate<C: GenericClient>(
    client: &C,
    id: i64,
) -> Result<(StaffMember, u64), Error> {
    let row = client
        .query_one(
            &format!(
                "UPDATE staff SET active = false, deactivated_at = coalesce(deactivated_at, now())
                 WHERE id = $1 RETURNING {MEMBER}"
            ),
            &[&id],
        )
        .await?;
    let ended = client
        .execute(
            "UPDATE staff_sessions SET ended_at = now() WHERE staff_id = $1 AND ended_at IS NULL",
            &[&id],
        )
        .await?;
    Ok((member(&row)?, ended))
}

/// Reactivates a member with `roles`; the member as saved.
pub async fn reactivate<C: GenericClient>(
    client: &C,
    id: i64,
    roles: &[Role],
) -> Result<StaffMember, Error> {
    let row = client
        .query_one(
            &format!(
                "UPDATE staff SET active = true, deactivated_at = NULL, roles = $2
                 WHERE id = $1 RETURNING {MEMBER}"
            ),
            &[&id, &roles],
        )
        .await?;
    member(&row)
}

/// An invitation or a recovery not yet used, revoked or expired.
#[derive(Debug)]
pub struct PendingInvitation {
    pub id: i64,
    pub email: String,
    pub roles: Vec<Role>,
    /// The account a recovery adds a passkey to; none for an invitation.
    pub staff_id: Option<i64>,
    pub invited_by: Option<i64>,
    pub inviter_name: Option<String>,
    pub expires_at: DateTime<Utc>,
    pub awaiting_confirmation: bool,
}

/// The invitations and recoveries still pending, oldest first.
pub async fn pending_invitations<C: GenericClient>(
    client: &C,
) -> Result<Vec<PendingInvitation>, Error> {
    client
        .query(
            "SELECT i.id, i.email, i.roles, i.staff_id, p.display_name, i.invited_by, i.expires_at,
                    i.needs_confirmation AND i.confirmed_at IS NULL AS awaiting_confirmation
             FROM staff_invites i LEFT JOIN staff p ON p.id = i.invited_by
             WHERE i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
             ORDER BY i.id",
            &[],
        )
        .await?
        .iter()
        .map(|row| {
            Ok(PendingInvitation {
                id: row.try_get("id")?,
                email: row.try_get("email")?,
                roles: row.try_get("roles")?,
                staff_id: row.try_get("staff_id")?,
                invited_by: row.try_get("invited_by")?,
                inviter_name: row.try_get("display_name")?,
                expires_at: row.try_get("expires_at")?,
                awaiting_confirmation: row.try_get("awaiting_confirmation")?,
            })
        })
        .collect()
}

/// A role change waiting for a second administrator.
#[derive(Debug)]
pub struct PendingGrant {
    pub id: i64,
    pub email: String,
    pub roles: Vec<Role>,
    pub staff_id: i64,
    pub proposed_by: i64,
    pub proposer_name: String,
    pub expires_at: DateTime<Utc>,
}

/// The role changes still pending, oldest first.
pub async fn pending_grants<C: GenericClient>(client: &C) -> Result<Vec<PendingGrant>, Error> {
    client
        .query(
            "SELECT g.id, s.email, g.roles, g.staff_id, p.display_name, g.proposed_by, g.expires_at
             FROM staff_role_grants g JOIN staff s ON s.id = g.staff_id
             JOIN staff p ON p.id = g.proposed_by
             WHERE g.confirmed_at IS NULL AND g.revoked_at IS NULL AND g.expires_at > now()
             ORDER BY g.id",
            &[],
        )
        .await?
        .iter()
        .map(|row| {
            Ok(PendingGrant {
                id: row.try_get("id")?,
                email: row.try_get("email")?,
                roles: row.try_get("roles")?,
                staff_id: row.try_get("staff_id")?,
                proposed_by: row.try_get("proposed_by")?,
                proposer_name: row.try_get("display_name")?,
                expires_at: row.try_get("expires_at")?,
            })
        })
        .collect()
}
