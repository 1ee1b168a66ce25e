//! The bank's side: staff sign-in with passkeys, the review of applications, the audit log,
//! identification numbers at rest, retention, and the applicant's status page and emails.
//!
//! `routes` are the `/api/staff/…` and `/api/application-status/…` calls; `cli` the
//! command-line steps (`staff invite`, `audit verify`, `purge`). Every rule about statuses and
//! who may do what is banksia-core's `review`; this module only enforces it.

pub mod administration;
pub mod api;
pub mod audit;
pub mod auth;
pub mod cli;
pub mod config;
pub mod customer_details;
pub mod emails;
pub mod http;
pub mod information;
pub mod retention;
pub mod status;
pub mod store;
pub mod tokens;

use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::Arc;

use administration::Pending;
use banksia_core::review::Permission;
use banksia_core::review::commands::{RefusalDetail, StaffRecord};
use banksia_wire::staff::{AuditQuery, ClaimRequest, QueueQuery};
use deadpool_postgres::Pool;
use warp::filters::path::FullPath;
use warp::http::{HeaderMap, Method};
use warp::reply::Response;
use warp::{Filter, Rejection};

use crate::error::ApiError;
pub use config::StaffConfig;
use http::check_same_origin;

/// What the staff handlers share.
pub struct StaffState {
    pub pool: Pool,
    pub config: StaffConfig,
    pub webauthn: webauthn_rs::Webauthn,
    pub sign_in_limiter: http::SignInLimiter,
    pub status_limiter: http::SignInLimiter,
    /// Answers to information requests per client address and minute (their own bucket, so a
    /// file refused and sent again does not use up the status links).
    pub answer_limiter: http::SignInLimiter,
    /// The server-wide budget of answer bodies in memory (`information::AnswerIntake`).
    pub answer_intake: information::AnswerIntake,
    /// The key of queue search terms in the audit log.
    search_term_secret: Vec<u8>,
    /// Identification number reveals per staff member and minute.
    pub reveal_limiter: crate::rate_limit::RateLimiter,
    /// Believable, stable credential ids for an email that has no passkey (or no account), so
    /// sign-in answers alike either way (webauthn-rs's enumeration defence).
    pub sign_in_decoys: auth::Decoys,
    /// Wakes the applicant-email worker (None when no mail transport is configured).
    pub mail_wake: Option<Arc<tokio::sync::Notify>>,
    /// The proxies whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`), so every
    /// per-client limit keys on the same client address as the public API's.
    pub trusted_proxies: Vec<crate::rate_limit::IpNet>,
}

impl std::fmt::Debug for StaffState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StaffState")
            .field("public_origin", &self.config.public_origin)
            .finish_non_exhaustive()
    }
}

impl StaffState {
    /// The staff side on `pool`; reads (or on the first start, makes) the secrets it keeps in
    /// the database.
    pub async fn new(
        pool: Pool,
        config: StaffConfig,
        mail_wake: Option<Arc<tokio::sync::Notify>>,
    ) -> Result<Self, String> {
        let webauthn = auth::relying_party(&config.public_origin, config.rp_id())?;
        let sign_in_decoys =
            auth::Decoys::new(stored_secret(&pool, auth::Decoys::SECRET_NAME).await?);
        Ok(Self {
            search_term_secret: config.id_keys.derive_secret("banksia audit search term"),
            sign_in_decoys,
            pool,
            sign_in_limiter: http::SignInLimiter::new("staff-sign-in", config.sign_in_per_minute),
            status_limiter: http::SignInLimiter::new("status-link", config.sign_in_per_minute),
            answer_limiter: http::SignInLimiter::new(
                "status-answer",
                config.sign_in_per_minute.saturating_mul(3),
            ),
            answer_intake: information::AnswerIntake::default(),
            reveal_limiter: crate::rate_limit::RateLimiter::new(config.reveals_per_minute),
            config,
            webauthn,
            mail_wake,
            trusted_proxies: Vec::new(),
        })
    }

    /// Believes `X-Forwarded-For` from these proxies.
    pub fn with_trusted_proxies(mut self, proxies: Vec<crate::rate_limit::IpNet>) -> Self {
        self.trusted_proxies = proxies;
        self
    }

    /// A queue search term as the audit log keeps it: an HMAC under a server secret (hex), so
    /// the log is no more readable than the data the search finds.
    pub fn search_term_key(&self, term: &str) -> String {
        use hmac::{KeyInit, Mac};
        let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(&self.search_term_secret)
            .expect("HMAC takes a key of any length");
        mac.update(term.trim().to_lowercase().as_bytes());
        mac.finalize()
            .into_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    pub fn wake_mail(&self) {
        if let Some(wake) = &self.mail_wake {
            wake.notify_one();
        }
    }
}

/// The secret `name` of `server_secrets`, made (32 random bytes) by the first instance that
/// asks; every instance then reads the same one.
async fn stored_secret(pool: &Pool, name: &str) -> Result<Vec<u8>, String> {
    let mut fresh = [0u8; 32];
    getrandom::fill(&mut fresh).map_err(|e| format!("no randomness: {e}"))?;
    // The database's own words (a missing grant names its SQLSTATE), not just "db error".
    let failed = |e: tokio_postgres::Error| match e.as_db_error() {
        Some(db) => format!("server_secrets: {} ({})", db.message(), db.code().code()),
        None => format!("server_secrets: {e}"),
    };
    let conn = pool.get().await.map_err(|e| e.to_string())?;
    conn.execute(
        "INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
        &[&name, &fresh.as_slice()],
    )
    .await
    .map_err(failed)?;
    conn.query_one(
        "SELECT secret FROM server_secrets WHERE name = $1",
        &[&name],
    )
    .await
    .and_then(|r| r.try_get("secret"))
    .map_err(failed)
}

/// The console's pages (`/staff/…`, served from the built site) with stricter headers: never
/// cached, never indexed (tokens travel in URL fragments, which no Referer carries).
pub fn console_pages(
    static_dir: std::path::PathBuf,
) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    warp::path::full()
        .and_then(|path: warp::path::FullPath| async move {
            let path = path.as_str();
            if path == "/staff" || path.starts_with("/staff/") {
                Ok(())
            } else {
                Err(warp::reject::not_found())
            }
        })
        .untuple_one()
        .and(crate::static_files::site(static_dir))
        .map(|mut response: Response| {
            let headers = response.headers_mut();
            for (name, value) in [
                ("cache-control", "no-store"),
                ("x-robots-tag", "noindex, nofollow"),
            ] {
                headers.insert(name, warp::http::HeaderValue::from_static(value));
            }
            response
        })
}

/// Largest staff request body.
const MAX_BODY: usize = 64 * 1024;

/// What every route of this module is: a filter that answers, or rejects with what the one
/// `.recover` (`crate::error::handle_rejection`) answers.
pub trait Route:
    Filter<Extract = (Response,), Error = Rejection> + Clone + Send + Sync + 'static
{
}

impl<F> Route for F where
    F: Filter<Extract = (Response,), Error = Rejection> + Clone + Send + Sync + 'static
{
}

/// Every staff and status route, each boxed then tried in turn: one chain of boxed filters
/// type-checks in linear time, where a chain of two dozen unboxed ones makes warp's types
/// explode.
pub fn routes(state: Arc<StaffState>) -> impl Route + use<> {
    let s = &state;
    [
        me(s).boxed(),
        queue(s).boxed(),
        case(s).boxed(),
        reveal(s).boxed(),
        claim(s).boxed(),
        reassign(s).boxed(),
        release(s).boxed(),
        take_over(s).boxed(),
        notes(s).boxed(),
        act(s).boxed(),
        check_action(s).boxed(),
        staff_directory(s).boxed(),
        invite(s).boxed(),
        set_roles(s).boxed(),
        deactivate(s).boxed(),
        reactivate(s).boxed(),
        recovery(s).boxed(),
        settle(s, Pending::Invitation, Settle::Confirm).boxed(),
        settle(s, Pending::Invitation, Settle::Revoke).boxed(),
        settle(s, Pending::Grant, Settle::Confirm).boxed(),
        settle(s, Pending::Grant, Settle::Revoke).boxed(),
        audit_log(s).boxed(),
        audit_verify(s).boxed(),
        sign_out(s).boxed(),
        register_start(s).boxed(),
        register_finish(s).boxed(),
        sign_in_start(s).boxed(),
        sign_in_finish(s).boxed(),
        information_answers(s).boxed(),
        document(s).boxed(),
        status_answer(s).boxed(),
        status_link(s).boxed(),
        status_open(s).boxed(),
    ]
    .into_iter()
    .reduce(|all, route| all.or(route).unify().boxed())
    .expect("at least one route")
}

/// GET /api/staff/me
fn me(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "me")
        .and(warp::get())
        .and(signed_in(state))
        .then(|caller: Caller| async move {
            let me = caller.signed.me(caller.state.config.session_idle);
            caller.answer(Ok(me)).await
        })
}

/// GET /api/staff/applications (audited: who listed or searched what)
fn queue(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "applications")
        .and(warp::get().and(warp::query::<QueueQuery>()))
        .and(permitted(state, Permission::ViewApplications))
        .then(|query, c: Caller| async move {
            c.answer(api::queue(&c.state, &c.signed, query).await).await
        })
}

/// GET /api/staff/applications/{reference}
fn case(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "applications" / String)
        .and(warp::get())
        .and(permitted(state, Permission::ViewApplications))
        .then(|reference: String, c: Caller| async move {
            c.answer(api::case_view(&c.state, &c.signed, &reference).await)
                .await
        })
}

/// POST /api/staff/applications/{reference}/reveal (audited, throttled)
fn reveal(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "applications" / String / "reveal")
        .and(warp::post())
        .and(permitted(state, Permission::RevealIdentification))
        .and(command())
        .then(|reference: String, c: Caller, request| async move {
            c.answer(api::reveal(&c.state, &c.signed, &reference, request).await)
                .await
        })
}

/// POST /api/staff/applications/{reference}/claim
fn claim(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "applications" / String / "claim")
        .and(warp::post())
        .and(permitted(state, Permission::Claim))
        .and(command())
        .then(|reference: String, c: Caller, request| async move {
            c.answer(api::claim(&c.state, &c.signed, &reference, request).await)
                .await
        })
}

/// POST /api/staff/applications/{reference}/reassign (to a named colleague)
fn reassign(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "applications" / String / "reassign")
        .and(warp::post())
        .and(permitted(state, Permission::Claim))
        .and(command())
        .then(|reference: String, c: Caller, request| async move {
            c.answer(api::reassign(&c.state, &c.signed, &reference, request).await)
                .await
        })
}

/// POST /api/staff/applications/{reference}/release
fn release(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "applications" / String / "release")
        .and(warp::post())
        .and(permitted(state, Permission::Claim))
        .and(command())
        .then(
            |reference: String, c: Caller, request: ClaimRequest| async move {
                let step = api::AssignStep::Release;
                c.answer(api::assign(&c.state, &c.signed, &reference, request.version, step).await)
                    .await
            },
        )
}

/// POST /api/staff/applications/{reference}/take-over
fn take_over(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "applications" / String / "take-over")
        .and(warp::post())
        .and(permitted(state, Permission::Claim))
        .and(command())
        .then(
            |reference: String, c: Caller, request: ClaimRequest| async move {
                let step = api::AssignStep::TakeOver;
                c.answer(api::assign(&c.state, &c.signed, &reference, request.version, step).await)
                    .await
            },
        )
}

/// POST /api/staff/applications/{reference}/notes
fn notes(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "applications" / String / "notes")
        .and(warp::post())
        .and(permitted(state, Permission::WriteNote))
        .and(command())
        .then(|reference: String, c: Caller, request| async move {
            c.answer(api::add_note(&c.state, &c.signed, &reference, request).await)
                .await
        })
}

/// POST /api/staff/applications/{reference}/actions (the permission is the action's: `act`
/// checks it once the body says which)
fn act(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "applications" / String / "actions")
        .and(warp::post())
        .and(signed_in(state))
        .and(command())
        .then(|reference: String, c: Caller, request| async move {
            c.answer(api::act(&c.state, &c.signed, &reference, request).await)
                .await
        })
}

/// POST /api/staff/applications/{reference}/actions/check (what it would do; nothing stored)
fn check_action(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "applications" / String / "actions" / "check")
        .and(warp::post())
        .and(signed_in(state))
        .and(command())
        .then(|reference: String, c: Caller, request| async move {
            c.answer(api::check_action(&c.state, &c.signed, &reference, request).await)
                .await
        })
}

/// GET /api/staff/staff (administrators: members and what is pending)
fn staff_directory(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "staff")
        .and(warp::get())
        .and(permitted(state, Permission::ManageStaff))
        .then(|c: Caller| async move {
            c.answer(administration::directory(&c.state, &c.signed).await)
                .await
        })
}

/// POST /api/staff/staff/invites
fn invite(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "staff" / "invites")
        .and(warp::post())
        .and(permitted(state, Permission::ManageStaff))
        .and(command())
        .then(|c: Caller, request| async move {
            c.answer(administration::invite(&c.state, &c.signed, request).await)
                .await
        })
}

/// POST /api/staff/staff/{id}/roles
fn set_roles(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "staff" / i64 / "roles")
        .and(warp::post())
        .and(permitted(state, Permission::ManageStaff))
        .and(command())
        .then(|id: i64, c: Caller, request| async move {
            c.answer(administration::set_roles(&c.state, &c.signed, id, request).await)
                .await
        })
}

/// POST /api/staff/staff/{id}/deactivate
fn deactivate(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "staff" / i64 / "deactivate")
        .and(warp::post())
        .and(permitted(state, Permission::ManageStaff))
        .and(command::<NoBody>())
        .then(|id: i64, c: Caller, _| async move {
            c.answer(administration::deactivate(&c.state, &c.signed, id).await)
                .await
        })
}

/// POST /api/staff/staff/{id}/reactivate
fn reactivate(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "staff" / i64 / "reactivate")
        .and(warp::post())
        .and(permitted(state, Permission::ManageStaff))
        .and(command::<NoBody>())
        .then(|id: i64, c: Caller, _| async move {
            c.answer(administration::reactivate(&c.state, &c.signed, id).await)
                .await
        })
}

/// POST /api/staff/staff/{id}/recovery
fn recovery(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "staff" / i64 / "recovery")
        .and(warp::post())
        .and(permitted(state, Permission::ManageStaff))
        .and(command::<NoBody>())
        .then(|id: i64, c: Caller, _| async move {
            c.answer(administration::recovery(&c.state, &c.signed, id).await)
                .await
        })
}

/// The two steps of a pending change: a second administrator confirms it, or revokes it.
#[derive(Debug, Clone, Copy)]
enum Settle {
    Confirm,
    Revoke,
}

/// POST /api/staff/{invitations|grants}/{id}/{confirm|revoke}: four routes, each path made
/// from its typed kind and step, never read back into them.
fn settle(state: &Arc<StaffState>, kind: fn(i64) -> Pending, step: Settle) -> impl Route + use<> {
    let kind_segment = match kind(0) {
        Pending::Grant(_) => "grants",
        Pending::Invitation(_) => "invitations",
    };
    let step_segment = match step {
        Settle::Confirm => "confirm",
        Settle::Revoke => "revoke",
    };
    warp::path("api")
        .and(warp::path("staff"))
        .and(warp::path(kind_segment))
        .and(warp::path::param::<i64>())
        .and(warp::path(step_segment))
        .and(warp::path::end())
        .and(warp::post())
        .and(permitted(state, Permission::ManageStaff))
        .and(command::<NoBody>())
        .then(move |id: i64, c: Caller, _| async move {
            let settled = match step {
                Settle::Confirm => administration::confirm(&c.state, &c.signed, kind(id)).await,
                Settle::Revoke => administration::revoke(&c.state, &c.signed, kind(id)).await,
            };
            c.answer(settled).await
        })
}

/// GET /api/staff/audit?action=&reference=&staff=&before=
fn audit_log(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "audit")
        .and(warp::get().and(warp::query::<AuditQuery>()))
        .and(permitted(state, Permission::ReadAuditLog))
        .then(
            |query, c: Caller| async move { c.answer(api::audit_log(&c.state, query).await).await },
        )
}

/// GET /api/staff/audit/verify
fn audit_verify(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "audit" / "verify")
        .and(warp::get())
        .and(permitted(state, Permission::ReadAuditLog))
        .then(|c: Caller| async move { c.answer(api::audit_verify(&c.state).await).await })
}

/// POST /api/staff/sign-out
fn sign_out(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "sign-out")
        .and(warp::post())
        .and(signed_in(state))
        .then(|c: Caller| async move { c.reply(auth::sign_out(&c.state, &c.signed).await).await })
}

/// POST /api/staff/register/start
fn register_start(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "register" / "start")
        .and(ceremony(state))
        .and(json_body(NOT_THIS_CALLS))
        .then(|s: Arc<StaffState>, r| async move { reply(auth::register_start(&s, r).await) })
}

/// POST /api/staff/register/finish
fn register_finish(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "register" / "finish")
        .and(ceremony(state))
        .and(json_body(NOT_THIS_CALLS))
        .then(|s: Arc<StaffState>, r| async move { reply(auth::register_finish(&s, r).await) })
}

/// POST /api/staff/sign-in/start
fn sign_in_start(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "sign-in" / "start")
        .and(ceremony(state))
        .and(json_body(NOT_THIS_CALLS))
        .then(|s: Arc<StaffState>, r| async move { reply(auth::sign_in_start(&s, r).await) })
}

/// POST /api/staff/sign-in/finish
fn sign_in_finish(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "sign-in" / "finish")
        .and(ceremony(state))
        .and(json_body(NOT_THIS_CALLS))
        .then(|s: Arc<StaffState>, r| async move { reply(auth::sign_in_finish(&s, r).await) })
}

/// GET /api/staff/applications/{reference}/information: the applicant's answers.
fn information_answers(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "applications" / String / "information")
        .and(warp::get())
        .and(permitted(state, Permission::ViewApplications))
        .then(|reference: String, c: Caller| async move {
            c.answer(information::responses(&c.state, &reference).await)
                .await
        })
}

/// GET /api/staff/applications/{reference}/documents/{id}: one document (audited), as a
/// file, not JSON.
fn document(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "staff" / "applications" / String / "documents" / i64)
        .and(warp::get())
        .and(permitted(state, Permission::ViewApplications))
        .then(|reference: String, id: i64, c: Caller| async move {
            c.reply(information::download(&c.state, &c.signed, &reference, id).await)
                .await
        })
}

/// POST /api/application-status/answer: the applicant's answer, with its documents. Its body
/// is the one no filter reads: `information::receive` takes the stream, and reads it (a larger
/// body than any other call) only once the Origin, the limit, the token and the server's room
/// for it check out, so a refused answer costs no memory.
fn status_answer(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "application-status" / "answer")
        .and(warp::post())
        .and(with_state(state.clone()).and(client_ip(state.clone())))
        .and(warp::header::headers_cloned().and(warp::body::stream()))
        .then(
            |s: Arc<StaffState>, ip, headers: HeaderMap, body| async move {
                information::receive(&s, ip, &headers, body).await
            },
        )
}

/// POST /api/application-status/link: a status link by email (the same answer whatever was
/// asked).
fn status_link(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "application-status" / "link")
        .and(warp::post())
        .and(applicant(state))
        .and(json_body(status::LINK_REQUEST_REFUSED))
        .then(|s: Arc<StaffState>, request| async move {
            let sent = status::request_link(&s, request).await;
            reply(sent.map(|sent| http::json(&sent, warp::http::StatusCode::ACCEPTED)))
        })
}

/// POST /api/application-status/open: uses the link up and answers the status.
fn status_open(state: &Arc<StaffState>) -> impl Route + use<> {
    warp::path!("api" / "application-status" / "open")
        .and(warp::post())
        .and(applicant(state))
        .and(json_body(status::LINK_REFUSED))
        .then(|s: Arc<StaffState>, request| async move {
            reply(
                status::open(&s, request)
                    .await
                    .map(|view| http::json(&view, warp::http::StatusCode::OK)),
            )
        })
}

fn with_state(
    state: Arc<StaffState>,
) -> impl Filter<Extract = (Arc<StaffState>,), Error = Infallible> + Clone {
    warp::any().map(move || state.clone())
}

/// A filter's refusal, for the one `.recover`.
fn reject(error: ApiError) -> Rejection {
    warp::reject::custom(error)
}

/// A handler's answer when it made its own response (a cookie, a file, a 202).
fn reply(result: Result<Response, ApiError>) -> Response {
    result.unwrap_or_else(ApiError::into_response)
}

/// A signed-in staff member's call: the state, who, and the path a refusal's audit row names.
struct Caller {
    state: Arc<StaffState>,
    signed: auth::Signed,
    path: String,
}

impl Caller {
    /// The handler's value as JSON, or its error (a refusal, 403 or 409, audited first).
    async fn answer<T: serde::Serialize>(&self, result: Result<T, ApiError>) -> Response {
        match result {
            Ok(value) => http::json(&value, warp::http::StatusCode::OK),
            Err(error) => self.refused(error).await.into_response(),
        }
    }

    /// [`Self::answer`] of a handler that made its own response.
    async fn reply(&self, result: Result<Response, ApiError>) -> Response {
        match result {
            Ok(response) => response,
            Err(error) => self.refused(error).await.into_response(),
        }
    }

    /// Audits a refused attempt (403 or 409) in its own transaction (the refused change was
    /// rolled back), and hands the refusal back.
    async fn refused(&self, error: ApiError) -> ApiError {
        if !matches!(error, ApiError::Forbidden | ApiError::Conflict(..)) {
            return error;
        }
        let record = StaffRecord::Refused(RefusalDetail {
            path: self.path.clone(),
            status: error.status().as_u16(),
        });
        let audited =
            audit::record_staff_alone(&self.state.pool, Some(self.signed.id), &record).await;
        match audited {
            Ok(_) => error,
            Err(db) => db.into(),
        }
    }
}

/// The signed-in staff member of a call: where it comes from (`Sec-Fetch-Site`), for a
/// state-changing call (anything but GET and HEAD) the Origin and CSRF header, then the session
/// cookie (refreshed). Refused with 403 or 401.
fn signed_in(
    state: &Arc<StaffState>,
) -> impl Filter<Extract = (Caller,), Error = Rejection> + Clone + use<> {
    warp::method()
        .and(warp::path::full())
        .and(warp::header::headers_cloned())
        .and(with_state(state.clone()))
        .and_then(
            |method: Method, path: FullPath, headers: HeaderMap, state: Arc<StaffState>| async move {
                check_fetch_site(&headers).map_err(reject)?;
                if method != Method::GET && method != Method::HEAD {
                    check_same_origin(&headers, &state.config.public_origin).map_err(reject)?;
                }
                let signed = auth::authenticate(&state, &headers).await.map_err(reject)?;
                let path = path.as_str().to_owned();
                Ok::<_, Rejection>(Caller { state, signed, path })
            },
        )
}

/// [`signed_in`], whose roles grant `permission`; a refusal (403) is audited.
fn permitted(
    state: &Arc<StaffState>,
    permission: Permission,
) -> impl Filter<Extract = (Caller,), Error = Rejection> + Clone + use<> {
    signed_in(state).and_then(move |caller: Caller| async move {
        match caller.signed.require(permission) {
            Ok(()) => Ok(caller),
            Err(error) => Err(reject(caller.refused(error).await)),
        }
    })
}

/// A passkey ceremony's call (no session yet): where it comes from, Origin and CSRF header,
/// then the sign-in limit per client address.
fn ceremony(
    state: &Arc<StaffState>,
) -> impl Filter<Extract = (Arc<StaffState>,), Error = Rejection> + Clone + use<> {
    warp::post()
        .and(with_state(state.clone()))
        .and(client_ip(state.clone()))
        .and(warp::header::headers_cloned())
        .and_then(
            |state: Arc<StaffState>, ip, headers: HeaderMap| async move {
                check_fetch_site(&headers).map_err(reject)?;
                check_same_origin(&headers, &state.config.public_origin).map_err(reject)?;
                state
                    .sign_in_limiter
                    .admit(&state.pool, ip)
                    .await
                    .map_err(reject)?;
                Ok::<_, Rejection>(state)
            },
        )
}

/// An applicant's status-page call: our Origin (or the very host asked), then the status
/// links' limit per client address.
fn applicant(
    state: &Arc<StaffState>,
) -> impl Filter<Extract = (Arc<StaffState>,), Error = Rejection> + Clone + use<> {
    with_state(state.clone())
        .and(client_ip(state.clone()))
        .and(warp::header::headers_cloned())
        .and_then(
            |state: Arc<StaffState>, ip, headers: HeaderMap| async move {
                http::check_applicant_origin(&headers, &state.config.public_origin)
                    .map_err(reject)?;
                state
                    .status_limiter
                    .admit(&state.pool, ip)
                    .await
                    .map_err(reject)?;
                Ok::<_, Rejection>(state)
            },
        )
}

/// The client's address as every per-client limit sees it: the peer, or behind a trusted proxy
/// (`TRUSTED_PROXIES`) the address the proxy forwarded, as the public API reads it.
fn client_ip(
    state: Arc<StaffState>,
) -> impl Filter<Extract = (Option<IpAddr>,), Error = Infallible> + Clone {
    warp::ext::optional::<crate::connection::Peer>()
        .and(warp::header::headers_cloned())
        .map(
            move |peer: Option<crate::connection::Peer>, headers: HeaderMap| {
                crate::rate_limit::client_ip(
                    peer.map(|crate::connection::Peer(a)| a.ip()),
                    crate::rate_limit::forwarded_for(&headers).as_deref(),
                    &state.trusted_proxies,
                )
            },
        )
}

/// What a 400 says when a staff call's body is not its type.
const NOT_THIS_CALLS: &str = "The request body is not what this call takes.";

/// A staff command's body, read once into its type `T` (core's `staff_wire` request, or
/// [`NoBody`]); an empty body reads as `{}`, so a call that takes no fields may be sent with
/// none.
fn command<T>() -> impl Filter<Extract = (T,), Error = Rejection> + Clone
where
    T: serde::de::DeserializeOwned + Send,
{
    body(NOT_THIS_CALLS, true)
}

/// The JSON body as `T`; anything else a 400 in `refused`'s words.
fn json_body<T>(refused: &'static str) -> impl Filter<Extract = (T,), Error = Rejection> + Clone
where
    T: serde::de::DeserializeOwned + Send,
{
    body(refused, false)
}

/// The request body, whatever its framing (a length or chunks), up to [`MAX_BODY`], read
/// into `T`: too large is a 413, an unreadable body a 400, one that is not a `T` a 400 in
/// `refused`'s words (quoting nothing of it).
fn body<T>(
    refused: &'static str,
    empty_is_object: bool,
) -> impl Filter<Extract = (T,), Error = Rejection> + Clone
where
    T: serde::de::DeserializeOwned + Send,
{
    warp::body::stream().and_then(move |stream| async move {
        let bytes = crate::handlers::read_limited(stream, MAX_BODY)
            .await
            .map_err(|err| match err {
                ApiError::PayloadTooLarge => reject(ApiError::TooLarge),
                _ => reject(ApiError::BadRequest("The request body could not be read.")),
            })?;
        let empty = bytes.iter().all(u8::is_ascii_whitespace);
        let text: &[u8] = if empty && empty_is_object {
            b"{}"
        } else {
            &bytes
        };
        serde_json::from_slice(text).map_err(|_| reject(ApiError::BadRequest(refused)))
    })
}

/// A browser says where a request comes from (`Sec-Fetch-Site`): the console's own calls are
/// `same-origin`; anything else (an `<img>` or a link on another page of this or another site)
/// is refused before any session is used, GETs included, so no one else's page can make a
/// staff member's browser read, and audit, a case in their name. A client that sends no such
/// header is not a browser and is judged by the session (and, for writes, the Origin).
fn check_fetch_site(headers: &HeaderMap) -> Result<(), ApiError> {
    match headers.get("sec-fetch-site").map(|v| v.as_bytes()) {
        None | Some(b"same-origin") => Ok(()),
        Some(_) => Err(ApiError::CrossSite),
    }
}

/// The body of a call that takes none: empty, or `{}`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct NoBody {}
