//! Who is calling: sessions (server-side rows, an opaque token in a `__Host-` cookie),
//! invitations, and passkeys (WebAuthn through `webauthn-rs`). No password anywhere.

use banksia_core::review::administration::InvitationEffects;
use banksia_core::review::commands::{
    NoDetail, PasskeyDetail, SignInDetail, SignInVia, StaffRecord,
};
use banksia_core::review::events::StaffEmailKind;
use banksia_core::review::{Permission, Role, Roles};
use banksia_wire::staff::{
    CeremonyFinish, CeremonyStarted, RegisterStart, SessionChange, SignInStart, StaffMe,
};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use serde::{Deserialize, Serialize};
use serde_json::json;
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::Response;
use webauthn_rs::DEFAULT_AUTHENTICATOR_TIMEOUT;
use webauthn_rs::prelude::{
    CreationChallengeResponse, Passkey, PasskeyAuthentication, PasskeyRegistration,
    PublicKeyCredential, RegisterPublicKeyCredential, RequestChallengeResponse, Url, Uuid,
    Webauthn, WebauthnBuilder,
};

use super::http::{json, session_cookie, session_token};
use super::tokens::{hash_token, looks_like_token, new_token};
use super::{StaffState, audit};
use crate::error::ApiError;

/// How long an invitation link works.
pub const INVITE_VALID_HOURS: i64 = 24;
/// When an invitation (`i`) can still start or finish a registration: not used, revoked or
/// expired; its inviter (if any) still active; a recovery's account still active. A pending
/// confirmation is told apart (start) or refused (finish) by the caller.
const USABLE_INVITE: &str = "i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
    AND (i.invited_by IS NULL OR EXISTS (SELECT 1 FROM staff p WHERE p.id = i.invited_by AND p.active))
    AND (i.staff_id IS NULL OR EXISTS (SELECT 1 FROM staff t WHERE t.id = i.staff_id AND t.active))";
/// How long a WebAuthn ceremony may take between its two requests.
const CEREMONY_MINUTES: f64 = 5.0;

/// A signed-in staff member.
#[derive(Debug, Clone)]
pub struct Signed {
    pub id: i64,
    pub email: String,
    pub display_name: String,
    pub roles: Roles,
    pub token_hash: Vec<u8>,
    /// The session's absolute end (`STAFF_SESSION_ABSOLUTE_HOURS` after sign-in).
    pub session_ends_at: DateTime<Utc>,
}

impl Signed {
    /// Refuses (403) unless one of the roles grants `permission`.
    pub fn require(&self, permission: Permission) -> Result<(), ApiError> {
        if self.roles.may(permission) {
            Ok(())
        } else {
            Err(ApiError::Forbidden)
        }
    }

    /// The rules' view of this person.
    pub fn as_staff(&self) -> banksia_core::review::Staff {
        banksia_core::review::Staff {
            id: self.id,
            roles: self.roles,
        }
    }

    /// Who is signed in, how long the session lasts without a call (`idle`) and when it ends
    /// whatever the activity.
    pub fn me(&self, idle: std::time::Duration) -> StaffMe {
        let left = (self.session_ends_at - Utc::now()).num_seconds().max(0);
        StaffMe {
            session_idle_seconds: u32::try_from(idle.as_secs()).unwrap_or(u32::MAX),
            session_ends_at: super::http::rfc3339(self.session_ends_at),
            session_seconds_left: u32::try_from(left).unwrap_or(u32::MAX),
            id: self.id,
            email: self.email.clone(),
            display_name: self.display_name.clone(),
            roles: self.roles.to_vec(),
            permissions: all_permissions()
                .into_iter()
                .filter(|p| self.roles.may(*p))
                .collect(),
        }
    }
}

fn all_permissions() -> Vec<Permission> {
    use Permission::*;
    vec![
        ViewApplications,
        RevealIdentification,
        Claim,
        WriteNote,
        Review,
        Decide,
        ManageStaff,
        ReadAuditLog,
    ]
}

/// The session of the request's cookie, refreshed (its idle time starts again); 401 without
/// one, or when it ended, idled out, passed its absolute expiry or its staff member was
/// deactivated.
pub async fn authenticate(state: &StaffState, headers: &HeaderMap) -> Result<Signed, ApiError> {
    let token = session_token(headers).ok_or(ApiError::Unauthenticated)?;
    let token_hash = hash_token(&token);
    let conn = state.pool.get().await?;
    let idle = state.config.session_idle.as_secs_f64();
    let row = conn
        .query_opt(
            "UPDATE staff_sessions s SET last_seen_at = now()
             FROM staff st
             WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > now()
               AND s.last_seen_at > now() - make_interval(secs => $2)
               AND st.id = s.staff_id AND st.active
             RETURNING st.id, st.email, st.display_name, st.roles, s.expires_at",
            &[&token_hash, &idle],
        )
        .await?
        .ok_or(ApiError::Unauthenticated)?;
    let roles: Vec<Role> = row.try_get("roles")?;
    Ok(Signed {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        display_name: row.try_get("display_name")?,
        roles: Roles::of(&roles),
        token_hash,
        session_ends_at: row.try_get("expires_at")?,
    })
}

/// Starts a session for `staff_id`; the token for the cookie.
pub async fn start_session<C: GenericClient>(
    client: &C,
    state: &StaffState,
    staff_id: i64,
) -> Result<String, ApiError> {
    let (token, hash) = new_token().map_err(ApiError::Internal)?;
    let absolute = state.config.session_absolute.as_secs_f64();
    client
        .execute(
            "INSERT INTO staff_sessions (token_hash, staff_id, expires_at)
             VALUES ($1, $2, now() + make_interval(secs => $3))",
            &[&hash, &staff_id, &absolute],
        )
        .await?;
    Ok(token)
}

/// A JSON answer that sets the session cookie.
fn with_cookie(body: &impl Serialize, token: Option<&str>, state: &StaffState) -> Response {
    let mut response = json(body, StatusCode::OK);
    response.headers_mut().insert(
        header::SET_COOKIE,
        session_cookie(token, state.config.session_absolute),
    );
    response
}

/// POST /api/staff/sign-out: ends the session's row and clears the cookie.
pub async fn sign_out(state: &StaffState, signed: &Signed) -> Result<Response, ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    tx.execute(
        "UPDATE staff_sessions SET ended_at = now() WHERE token_hash = $1 AND ended_at IS NULL",
        &[&signed.token_hash],
    )
    .await?;
    audit::record_staff(&tx, Some(signed.id), &StaffRecord::SignedOut(NoDetail {})).await?;
    tx.commit().await?;
    Ok(with_cookie(&SessionChange::SignedOut(true), None, state))
}

/// Stores the invitation core decided (`review::administration`) with its audit rows: the
/// one-time link and its expiry. An invitation with a `staff_id` adds a passkey to that account
/// (a recovery); one that `needs_confirmation` does not work until a second administrator
/// confirms it (`administration::confirm`).
pub async fn create_invite<C: GenericClient>(
    client: &C,
    state: &StaffState,
    effects: &InvitationEffects,
) -> Result<(String, DateTime<Utc>), ApiError> {
    let invitation = &effects.invitation;
    let (token, hash) = new_token().map_err(ApiError::Internal)?;
    let row = client
        .query_one(
            "INSERT INTO staff_invites
                 (token_hash, email, roles, staff_id, invited_by, expires_at, needs_confirmation)
             VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6), $7)
             RETURNING expires_at",
            &[
                &hash,
                &invitation.email,
                &invitation.roles,
                &invitation.staff_id,
                &invitation.invited_by,
                &(INVITE_VALID_HOURS as i32),
                &invitation.needs_confirmation,
            ],
        )
        .await?;
    for record in &effects.records {
        audit::record_staff(client, invitation.invited_by, record).await?;
    }
    let link = state
        .config
        .link(&format!("/staff/register/#token={token}"));
    Ok((link, row.try_get("expires_at")?))
}

/// The WebAuthn relying party of `PUBLIC_ORIGIN`.
pub fn relying_party(origin: &str, rp_id: &str) -> Result<Webauthn, String> {
    let url = Url::parse(origin).map_err(|e| format!("PUBLIC_ORIGIN: {e}"))?;
    WebauthnBuilder::new(rp_id, &url)
        .map_err(|e| format!("PUBLIC_ORIGIN cannot be a WebAuthn relying party: {e}"))?
        .rp_name("Banksia Bank staff")
        .build()
        .map_err(|e| format!("WebAuthn: {e}"))
}

#[derive(Serialize, Deserialize)]
struct RegistrationState {
    registration: PasskeyRegistration,
    webauthn_id: Uuid,
    display_name: String,
}

async fn store_ceremony<C: GenericClient>(
    client: &C,
    kind: &str,
    invite: Option<&Vec<u8>>,
    staff_id: Option<i64>,
    state: serde_json::Value,
) -> Result<String, ApiError> {
    let (id, hash) = new_token().map_err(ApiError::Internal)?;
    client
        .execute(
            "DELETE FROM webauthn_ceremonies WHERE expires_at < now()",
            &[],
        )
        .await?;
    client
        .execute(
            "INSERT INTO webauthn_ceremonies (id, kind, invite_token_hash, staff_id, state, expires_at)
             VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))",
            &[&hash, &kind, &invite, &staff_id, &state, &(CEREMONY_MINUTES * 60.0)],
        )
        .await?;
    Ok(id)
}

/// Takes a ceremony (single use): its invitation, staff id and state.
async fn take_ceremony<C: GenericClient>(
    client: &C,
    kind: &str,
    id: &str,
) -> Result<(Option<Vec<u8>>, Option<i64>, serde_json::Value), ApiError> {
    if !looks_like_token(id) {
        return Err(ApiError::SignInFailed(
            "This sign-in has expired. Please start again.",
        ));
    }
    let row = client
        .query_opt(
            "DELETE FROM webauthn_ceremonies WHERE id = $1 AND kind = $2 AND expires_at > now()
             RETURNING invite_token_hash, staff_id, state",
            &[&hash_token(id), &kind],
        )
        .await?
        .ok_or(ApiError::SignInFailed(
            "This sign-in has expired. Please start again.",
        ))?;
    Ok((
        row.try_get("invite_token_hash")?,
        row.try_get("staff_id")?,
        row.try_get("state")?,
    ))
}

/// POST /api/staff/register/start: an invitation's token in, passkey creation
/// options out.
pub async fn register_start(
    state: &StaffState,
    request: RegisterStart,
) -> Result<Response, ApiError> {
    let invalid = ApiError::SignInFailed(
        "This invitation link is not valid any more. Ask an administrator for a new one.",
    );
    if !looks_like_token(&request.token) {
        return Err(invalid);
    }
    let invite_hash = hash_token(&request.token);
    let conn = state.pool.get().await?;
    let invite = conn
        .query_opt(
            &format!(
                "SELECT i.email, i.staff_id, s.webauthn_id, s.display_name,
                        i.needs_confirmation AND i.confirmed_at IS NULL AS awaiting_confirmation
                 FROM staff_invites i LEFT JOIN staff s ON s.id = i.staff_id
                 WHERE i.token_hash = $1 AND {USABLE_INVITE}"
            ),
            &[&invite_hash],
        )
        .await?
        .ok_or(invalid)?;
    if invite.try_get::<_, bool>("awaiting_confirmation")? {
        return Err(ApiError::SignInFailed(
            "This invitation waits for a second administrator's confirmation. Try again once they have confirmed it.",
        ));
    }
    let email: String = invite.try_get("email")?;
    let staff_id: Option<i64> = invite.try_get("staff_id")?;
    let (webauthn_id, display_name) = match staff_id {
        Some(_) => (
            invite.try_get::<_, Uuid>("webauthn_id")?,
            invite.try_get::<_, String>("display_name")?,
        ),
        None => {
            let name = request
                .display_name
                .as_deref()
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| email.split('@').next().unwrap_or(&email))
                .to_owned();
            if name.chars().count() > 100
                || !banksia_core::application::checks::is_plain_text(&name)
            {
                return Err(ApiError::Invalid(
                    "Your name must be at most 100 characters, with no invisible characters."
                        .into(),
                ));
            }
            (Uuid::new_v4(), name)
        }
    };
    let existing: Vec<Vec<u8>> = match staff_id {
        Some(id) => conn
            .query(
                "SELECT credential_id FROM staff_passkeys WHERE staff_id = $1",
                &[&id],
            )
            .await?
            .iter()
            .map(|r| r.try_get("credential_id"))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let exclude = (!existing.is_empty()).then(|| existing.into_iter().map(Into::into).collect());
    let (options, registration): (CreationChallengeResponse, PasskeyRegistration) = state
        .webauthn
        .start_passkey_registration(webauthn_id, &email, &display_name, exclude)
        .map_err(|e| ApiError::Internal(format!("webauthn: {e}")))?;
    let saved = serde_json::to_value(RegistrationState {
        registration,
        webauthn_id,
        display_name,
    })
    .map_err(|e| ApiError::Internal(e.to_string()))?;
    let ceremony = store_ceremony(&conn, "register", Some(&invite_hash), staff_id, saved).await?;
    Ok(json(&CeremonyStarted { ceremony, options }, StatusCode::OK))
}

/// POST /api/staff/register/finish: the new credential in; the passkey is stored,
/// the invitation used up, and a session starts.
pub async fn register_finish(
    state: &StaffState,
    request: CeremonyFinish<RegisterPublicKeyCredential>,
) -> Result<Response, ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let (invite_hash, _, saved) = take_ceremony(&tx, "register", &request.ceremony).await?;
    let saved: RegistrationState =
        serde_json::from_value(saved).map_err(|e| ApiError::Internal(e.to_string()))?;
    let passkey: Passkey = state
        .webauthn
        .finish_passkey_registration(&request.credential, &saved.registration)
        .map_err(|_| {
            ApiError::SignInFailed("The passkey could not be registered. Please try again.")
        })?;
    let invalid = ApiError::SignInFailed(
        "This invitation link is not valid any more. Ask an administrator for a new one.",
    );
    let invite = tx
        .query_opt(
            &format!(
                "UPDATE staff_invites i SET used_at = now()
                 WHERE i.token_hash = $1 AND {USABLE_INVITE}
                   AND (NOT i.needs_confirmation OR i.confirmed_at IS NOT NULL)
                 RETURNING i.email, i.roles, i.staff_id"
            ),
            &[&invite_hash],
        )
        .await?
        .ok_or(invalid)?;
    let email: String = invite.try_get("email")?;
    let roles: Vec<Role> = invite.try_get("roles")?;
    let existing: Option<i64> = invite.try_get("staff_id")?;
    let recovery = existing.is_some();
    let staff_id = match existing {
        Some(id) => id,
        None => tx
            .query_opt(
                "INSERT INTO staff (email, display_name, roles, webauthn_id)
                 VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING id",
                &[&email, &saved.display_name, &roles, &saved.webauthn_id],
            )
            .await?
            .ok_or_else(|| {
                ApiError::Conflict(
                    "A staff member with this email already exists: ask an administrator to invite them to add a passkey."
                        .into(),
                    None,
                )
            })?
            .try_get("id")?,
    };
    let stored = serde_json::to_value(&passkey).map_err(|e| ApiError::Internal(e.to_string()))?;
    tx.execute(
        "INSERT INTO staff_passkeys (staff_id, credential_id, passkey) VALUES ($1, $2, $3)",
        &[&staff_id, &passkey.cred_id().to_vec(), &stored],
    )
    .await?;
    let passkey = PasskeyDetail {
        email: email.to_string(),
    };
    let registered = if recovery {
        StaffRecord::PasskeyRecovered(passkey)
    } else {
        StaffRecord::PasskeyRegistered(passkey)
    };
    audit::record_staff(&tx, Some(staff_id), &registered).await?;
    let signed_in = StaffRecord::SignedIn(SignInDetail {
        via: SignInVia::Registration,
    });
    audit::record_staff(&tx, Some(staff_id), &signed_in).await?;
    if recovery {
        super::emails::queue_staff_notice(
            &tx,
            staff_id,
            StaffEmailKind::PasskeyAdded,
            "",
            &state.config.link("/staff/"),
        )
        .await?;
    }
    let token = start_session(&tx, state, staff_id).await?;
    tx.commit().await?;
    Ok(with_cookie(
        &SessionChange::Registered(true),
        Some(&token),
        state,
    ))
}

/// The decoy credential ids of emails without passkeys: shaped as this bank's real accounts'
/// are (one credential id of 32 bytes, now and then two), derived from the email under a secret
/// kept in the database (`server_secrets`), so every instance answers alike and a rotation of
/// `ID_ENCRYPTION_KEYS` changes nothing an attacker could compare.
#[derive(Clone)]
pub struct Decoys {
    secret: Vec<u8>,
}

impl std::fmt::Debug for Decoys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Decoys")
    }
}

impl Decoys {
    /// The name of the secret in `server_secrets`.
    pub const SECRET_NAME: &'static str = "staff sign-in decoys";

    pub fn new(secret: Vec<u8>) -> Self {
        Self { secret }
    }

    fn mac(&self, parts: &[&[u8]]) -> [u8; 32] {
        use hmac::{KeyInit, Mac};
        let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(&self.secret)
            .expect("HMAC takes a key of any length");
        for part in parts {
            mac.update(&(part.len() as u64).to_be_bytes());
            mac.update(part);
        }
        mac.finalize().into_bytes().into()
    }

    /// The credential ids of `email`'s decoy: the same every time for one email.
    pub fn credential_ids(&self, email: &str) -> Vec<[u8; 32]> {
        let seed = self.mac(&[b"count", email.as_bytes()]);
        // About one account in eight has a second passkey (a phone and a laptop).
        let count = if seed[0] < 32 { 2u8 } else { 1 };
        (0..count)
            .map(|n| self.mac(&[b"credential", email.as_bytes(), &[n]]))
            .collect()
    }
}

/// Request options for an email with no passkey (or no account): what webauthn-rs would send for
/// an account whose passkeys have the decoy ids (stable per email), with a fresh challenge.
fn decoy_options(state: &StaffState, email: &str) -> Result<RequestChallengeResponse, ApiError> {
    let ids = state.sign_in_decoys.credential_ids(email);
    let mut challenge = [0u8; 32];
    getrandom::fill(&mut challenge).map_err(|e| ApiError::Internal(e.to_string()))?;
    let b64 = |bytes: &[u8]| URL_SAFE_NO_PAD.encode(bytes);
    // Read through webauthn-rs's own type, so the answer is serialised as a real one is.
    serde_json::from_value(json!({
        "publicKey": {
            "challenge": b64(&challenge),
            "timeout": DEFAULT_AUTHENTICATOR_TIMEOUT.as_millis() as u64,
            "rpId": state.config.rp_id(),
            "allowCredentials": ids
                .iter()
                .map(|id| json!({ "type": "public-key", "id": b64(id.as_ref()) }))
                .collect::<Vec<_>>(),
            "userVerification": "required",
        }
    }))
    .map_err(|e| ApiError::Internal(format!("webauthn decoys: {e}")))
}

/// POST /api/staff/sign-in/start: an email in, passkey request options out (rate limited).
/// An email without an account or a passkey gets options too (decoy credential ids, stable per
/// email) and a ceremony that can only fail at the finish, with the words a wrong passkey gets:
/// nobody learns from sign-in which emails are staff.
pub async fn sign_in_start(state: &StaffState, request: SignInStart) -> Result<Response, ApiError> {
    let email = request.email.trim().to_lowercase();
    let conn = state.pool.get().await?;
    // The same statements whether or not the email is known (the passkeys of no one are none).
    let staff_id: Option<i64> = conn
        .query_opt(
            "SELECT id FROM staff WHERE email = $1 AND active",
            &[&email],
        )
        .await?
        .map(|r| r.try_get("id"))
        .transpose()?;
    let passkeys: Vec<Passkey> = conn
        .query(
            "SELECT passkey FROM staff_passkeys WHERE staff_id = $1",
            &[&staff_id.unwrap_or(0)],
        )
        .await?
        .iter()
        .map(|r| {
            serde_json::from_value(r.try_get("passkey")?)
                .map_err(|e| ApiError::Internal(format!("a stored passkey: {e}")))
        })
        .collect::<Result<_, ApiError>>()?;
    let (options, saved, staff_id) = if passkeys.is_empty() {
        (
            decoy_options(state, &email)?,
            json!({ "decoy": true }),
            None,
        )
    } else {
        let (options, authentication): (RequestChallengeResponse, PasskeyAuthentication) = state
            .webauthn
            .start_passkey_authentication(&passkeys)
            .map_err(|e| ApiError::Internal(format!("webauthn: {e}")))?;
        let saved =
            serde_json::to_value(&authentication).map_err(|e| ApiError::Internal(e.to_string()))?;
        (options, saved, staff_id)
    };
    let ceremony = store_ceremony(&conn, "authenticate", None, staff_id, saved).await?;
    Ok(json(&CeremonyStarted { ceremony, options }, StatusCode::OK))
}

/// POST /api/staff/sign-in/finish: the assertion in; a session starts (audited).
pub async fn sign_in_finish(
    state: &StaffState,
    request: CeremonyFinish<PublicKeyCredential>,
) -> Result<Response, ApiError> {
    let mut conn = state.pool.get().await?;
    let tx = conn.transaction().await?;
    let (_, staff_id, saved) = take_ceremony(&tx, "authenticate", &request.ceremony).await?;
    let failed = || ApiError::SignInFailed("That passkey didn't work. Please try again.");
    // A decoy ceremony (an email without a passkey) fails as a wrong passkey does.
    let staff_id = staff_id.ok_or_else(failed)?;
    let authentication: PasskeyAuthentication =
        serde_json::from_value(saved).map_err(|e| ApiError::Internal(e.to_string()))?;
    let result = state
        .webauthn
        .finish_passkey_authentication(&request.credential, &authentication)
        .map_err(|_| failed())?;
    let row = tx
        .query_opt(
            "SELECT p.id, p.passkey FROM staff_passkeys p JOIN staff s ON s.id = p.staff_id
             WHERE p.credential_id = $1 AND p.staff_id = $2 AND s.active FOR UPDATE OF p",
            &[&result.cred_id().to_vec(), &staff_id],
        )
        .await?
        .ok_or_else(failed)?;
    let passkey_id: i64 = row.try_get("id")?;
    let mut passkey: Passkey = serde_json::from_value(row.try_get("passkey")?)
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    passkey.update_credential(&result);
    let stored = serde_json::to_value(&passkey).map_err(|e| ApiError::Internal(e.to_string()))?;
    tx.execute(
        "UPDATE staff_passkeys SET passkey = $2, last_used_at = now() WHERE id = $1",
        &[&passkey_id, &stored],
    )
    .await?;
    let signed_in = StaffRecord::SignedIn(SignInDetail {
        via: SignInVia::Passkey,
    });
    audit::record_staff(&tx, Some(staff_id), &signed_in).await?;
    let token = start_session(&tx, state, staff_id).await?;
    tx.commit().await?;
    Ok(with_cookie(
        &SessionChange::SignedIn(true),
        Some(&token),
        state,
    ))
}

/// The `Set-Cookie` that ends the session in the browser (for tests).
pub fn cleared_cookie(state: &StaffState) -> HeaderValue {
    session_cookie(None, state.config.session_absolute)
}
