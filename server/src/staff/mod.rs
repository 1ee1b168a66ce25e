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

use banksia_core::review::events::AuditEvent;
use deadpool_postgres::Pool;
use warp::filters::BoxedFilter;
use warp::http::HeaderMap;
use warp::hyper::body::Bytes;
use warp::reply::Response;
use warp::{Filter, Rejection};

pub use config::StaffConfig;
use http::{StaffError, answer, check_same_origin};

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
const MAX_BODY: u64 = 64 * 1024;

fn with_state(
    state: Arc<StaffState>,
) -> impl Filter<Extract = (Arc<StaffState>,), Error = Infallible> + Clone {
    warp::any().map(move || state.clone())
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

/// The request body, whatever its framing (a length or chunks), up to [`MAX_BODY`]: too large
/// is a 413, an unreadable body a 400, never a rejection left to the recover.
fn body() -> impl Filter<Extract = (Result<Bytes, StaffError>,), Error = Rejection> + Clone {
    warp::body::stream().then(|stream| async move {
        crate::handlers::read_limited(stream, MAX_BODY as usize)
            .await
            .map(Bytes::from)
            .map_err(|err| match err {
                crate::error::ApiError::PayloadTooLarge => StaffError::TooLarge,
                _ => StaffError::BadRequest("The request body could not be read."),
            })
    })
}

/// A staff call's path and headers: what the wrappers check and what a refusal's audit row
/// names.
#[derive(Debug, Clone)]
struct Call {
    path: String,
    headers: HeaderMap,
}

fn call() -> impl Filter<Extract = (Call,), Error = Infallible> + Clone {
    warp::path::full().and(warp::header::headers_cloned()).map(
        |path: warp::path::FullPath, headers| Call {
            path: path.as_str().to_owned(),
            headers,
        },
    )
}

/// A browser says where a request comes from (`Sec-Fetch-Site`): the console's own calls are
/// `same-origin`; anything else (an `<img>` or a link on another page of this or another site)
/// is refused before any session is used, GETs included, so no one else's page can make a
/// staff member's browser read, and audit, a case in their name. A client that sends no such
/// header is not a browser and is judged by the session (and, for writes, the Origin).
fn check_fetch_site(headers: &HeaderMap) -> Result<(), StaffError> {
    match headers.get("sec-fetch-site").map(|v| v.as_bytes()) {
        None | Some(b"same-origin") => Ok(()),
        Some(_) => Err(StaffError::CrossSite),
    }
}

/// Audits a refused attempt (403 or 409) of a signed-in staff member, in its own transaction
/// (the refused change was rolled back), and hands the refusal back.
async fn audit_refusal(
    state: &StaffState,
    signed: &auth::Signed,
    call: &Call,
    err: StaffError,
) -> StaffError {
    if !matches!(err, StaffError::Forbidden | StaffError::Conflict(..)) {
        return err;
    }
    let detail = serde_json::json!({
        "path": call.path,
        "status": err.status().as_u16(),
    });
    match audit::append_alone(
        &state.pool,
        Some(signed.id),
        AuditEvent::Refused,
        None,
        &detail,
    )
    .await
    {
        Ok(_) => err,
        Err(db) => db.into(),
    }
}

/// A signed-in GET.
async fn read<T: serde::Serialize, F, Fut>(state: Arc<StaffState>, call: Call, f: F) -> Response
where
    F: FnOnce(Arc<StaffState>, auth::Signed) -> Fut,
    Fut: std::future::Future<Output = Result<T, StaffError>>,
{
    let result = async {
        check_fetch_site(&call.headers)?;
        let signed = auth::authenticate(&state, &call.headers).await?;
        match f(state.clone(), signed.clone()).await {
            Ok(value) => Ok(value),
            Err(err) => Err(audit_refusal(&state, &signed, &call, err).await),
        }
    }
    .await;
    answer(result)
}

/// A signed-in, state-changing POST whose body is `B` (a `banksia_wire::staff` request, or
/// [`NoBody`]): where it comes from, Origin and CSRF header first, then the session, then the
/// body, read into its type before the handler sees it.
async fn write<B, T, F, Fut>(
    state: Arc<StaffState>,
    call: Call,
    body: Result<Bytes, StaffError>,
    f: F,
) -> Response
where
    B: serde::de::DeserializeOwned,
    T: serde::Serialize,
    F: FnOnce(Arc<StaffState>, auth::Signed, B) -> Fut,
    Fut: std::future::Future<Output = Result<T, StaffError>>,
{
    let result = async {
        check_fetch_site(&call.headers)?;
        check_same_origin(&call.headers, &state.config.public_origin)?;
        let signed = auth::authenticate(&state, &call.headers).await?;
        let request: B = http::parse_body_or_empty(&body?)?;
        match f(state.clone(), signed.clone(), request).await {
            Ok(value) => Ok(value),
            Err(err) => Err(audit_refusal(&state, &signed, &call, err).await),
        }
    }
    .await;
    answer(result)
}

/// The body of a call that takes none: empty, or `{}`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct NoBody {}

/// What a passkey ceremony's route takes: the state, the client's address, the call and the
/// body.
fn ceremony_call(
    state: Arc<StaffState>,
) -> impl Filter<
    Extract = (
        Arc<StaffState>,
        Option<IpAddr>,
        Call,
        Result<Bytes, StaffError>,
    ),
    Error = Rejection,
> + Clone {
    warp::post()
        .and(with_state(state.clone()))
        .and(client_ip(state))
        .and(call())
        .and(body())
}

/// A passkey ceremony's POST (no session yet): where it comes from, Origin and CSRF header,
/// the sign-in limit per client, then the body in its type.
async fn ceremony<B, F, Fut>(
    state: Arc<StaffState>,
    client_ip: Option<IpAddr>,
    call: Call,
    body: Result<Bytes, StaffError>,
    f: F,
) -> Response
where
    B: serde::de::DeserializeOwned,
    F: FnOnce(Arc<StaffState>, B) -> Fut,
    Fut: std::future::Future<Output = Result<Response, StaffError>>,
{
    let result = async {
        check_fetch_site(&call.headers)?;
        check_same_origin(&call.headers, &state.config.public_origin)?;
        state.sign_in_limiter.admit(&state.pool, client_ip).await?;
        let request: B = http::parse_body(&body?)?;
        f(state, request).await
    }
    .await;
    result.unwrap_or_else(StaffError::into_response)
}

/// Every staff and status route.
pub fn routes(
    state: Arc<StaffState>,
) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    let s = || with_state(state.clone());

    // GET /api/staff/me
    let me = warp::path!("api" / "staff" / "me")
        .and(warp::get())
        .and(s())
        .and(call())
        .then(|st, c| {
            read(
                st,
                c,
                |st: Arc<StaffState>, signed: auth::Signed| async move {
                    Ok(signed.me(st.config.session_idle))
                },
            )
        });
    // GET /api/staff/applications (audited: who listed or searched what)
    let queue = warp::path!("api" / "staff" / "applications")
        .and(warp::get())
        .and(warp::query::<banksia_wire::staff::QueueQuery>())
        .and(s())
        .and(call())
        .then(|q, st, c| {
            read(st, c, move |st: Arc<StaffState>, signed| async move {
                api::queue(&st, &signed, q).await
            })
        });
    // GET /api/staff/applications/{reference}
    let case = warp::path!("api" / "staff" / "applications" / String)
        .and(warp::get())
        .and(s())
        .and(call())
        .then(|r: String, st, c| {
            read(st, c, move |st: Arc<StaffState>, signed| async move {
                api::case_view(&st, &signed, &r).await
            })
        });
    // POST /api/staff/applications/{reference}/reveal (audited, throttled)
    let reveal = warp::path!("api" / "staff" / "applications" / String / "reveal")
        .and(warp::post())
        .and(s())
        .and(call())
        .and(body())
        .then(|r: String, st, c, b| {
            write(
                st,
                c,
                b,
                move |st: Arc<StaffState>, signed, request| async move {
                    api::reveal(&st, &signed, &r, request).await
                },
            )
        });
    // POST /api/staff/applications/{reference}/claim
    let claim = warp::path!("api" / "staff" / "applications" / String / "claim")
        .and(warp::post())
        .and(s())
        .and(call())
        .and(body())
        .then(|r: String, st, c, b| {
            write(
                st,
                c,
                b,
                move |st: Arc<StaffState>, signed, request| async move {
                    api::claim(&st, &signed, &r, request).await
                },
            )
        });
    // POST /api/staff/applications/{reference}/reassign (to a named colleague)
    let reassign = warp::path!("api" / "staff" / "applications" / String / "reassign")
        .and(warp::post())
        .and(s())
        .and(call())
        .and(body())
        .then(|r: String, st, c, b| {
            write(
                st,
                c,
                b,
                move |st: Arc<StaffState>, signed, request| async move {
                    api::reassign(&st, &signed, &r, request).await
                },
            )
        });
    // POST /api/staff/applications/{reference}/{release|take-over}: two routes, one shape.
    // Each route names its step and its path together (no string read back into a step).
    let hold_step = |which: api::AssignStep, step: &'static str| {
        warp::path("api")
            .and(warp::path("staff"))
            .and(warp::path("applications"))
            .and(warp::path::param::<String>())
            .and(warp::path(step))
            .and(warp::path::end())
            .and(warp::post())
            .and(s())
            .and(call())
            .and(body())
            .then(move |r: String, st, c, b| {
                write(
                    st,
                    c,
                    b,
                    move |st: Arc<StaffState>,
                          signed,
                          request: banksia_wire::staff::ClaimRequest| async move {
                        api::assign(&st, &signed, &r, request.version, which).await
                    },
                )
            })
            .boxed()
    };
    let release = hold_step(api::AssignStep::Release, "release");
    let take_over = hold_step(api::AssignStep::TakeOver, "take-over");
    // POST /api/staff/applications/{reference}/notes
    let notes = warp::path!("api" / "staff" / "applications" / String / "notes")
        .and(warp::post())
        .and(s())
        .and(call())
        .and(body())
        .then(|r: String, st, c, b| {
            write(
                st,
                c,
                b,
                move |st: Arc<StaffState>, signed, request| async move {
                    api::add_note(&st, &signed, &r, request).await
                },
            )
        });
    // POST /api/staff/applications/{reference}/actions
    let actions = warp::path!("api" / "staff" / "applications" / String / "actions")
        .and(warp::post())
        .and(s())
        .and(call())
        .and(body())
        .then(|r: String, st, c, b| {
            write(
                st,
                c,
                b,
                move |st: Arc<StaffState>, signed, request| async move {
                    api::act(&st, &signed, &r, request).await
                },
            )
        });
    // POST /api/staff/applications/{reference}/actions/check (what it would do; nothing stored)
    let action_check = warp::path!("api" / "staff" / "applications" / String / "actions" / "check")
        .and(warp::post())
        .and(s())
        .and(call())
        .and(body())
        .then(|r: String, st, c, b| {
            write(
                st,
                c,
                b,
                move |st: Arc<StaffState>, signed, request| async move {
                    api::check_action(&st, &signed, &r, request).await
                },
            )
        });
    // GET /api/staff/staff (administrators: members and what is pending)
    let staff_list = warp::path!("api" / "staff" / "staff")
        .and(warp::get())
        .and(s())
        .and(call())
        .then(|st, c| {
            read(st, c, |st: Arc<StaffState>, signed| async move {
                administration::directory(&st, &signed).await
            })
        });
    // POST /api/staff/staff/invites
    let invite = warp::path!("api" / "staff" / "staff" / "invites")
        .and(warp::post())
        .and(s())
        .and(call())
        .and(body())
        .then(|st, c, b| {
            write(
                st,
                c,
                b,
                |st: Arc<StaffState>, signed, request| async move {
                    administration::invite(&st, &signed, request).await
                },
            )
        });
    // POST /api/staff/staff/{id}/roles
    let roles = warp::path!("api" / "staff" / "staff" / i64 / "roles")
        .and(warp::post())
        .and(s())
        .and(call())
        .and(body())
        .then(|id: i64, st, c, b| {
            write(
                st,
                c,
                b,
                move |st: Arc<StaffState>, signed, request| async move {
                    administration::set_roles(&st, &signed, id, request).await
                },
            )
        });
    // POST /api/staff/staff/{id}/deactivate
    let deactivate = warp::path!("api" / "staff" / "staff" / i64 / "deactivate")
        .and(warp::post())
        .and(s())
        .and(call())
        .and(body())
        .then(|id: i64, st, c, b| {
            write(
                st,
                c,
                b,
                move |st: Arc<StaffState>, signed, _: NoBody| async move {
                    administration::deactivate(&st, &signed, id).await
                },
            )
        });
    // POST /api/staff/staff/{id}/reactivate
    let reactivate = warp::path!("api" / "staff" / "staff" / i64 / "reactivate")
        .and(warp::post())
        .and(s())
        .and(call())
        .and(body())
        .then(|id: i64, st, c, b| {
            write(
                st,
                c,
                b,
                move |st: Arc<StaffState>, signed, _: NoBody| async move {
                    administration::reactivate(&st, &signed, id).await
                },
            )
        });
    // POST /api/staff/staff/{id}/recovery
    let recovery = warp::path!("api" / "staff" / "staff" / i64 / "recovery")
        .and(warp::post())
        .and(s())
        .and(call())
        .and(body())
        .then(|id: i64, st, c, b| {
            write(
                st,
                c,
                b,
                move |st: Arc<StaffState>, signed, _: NoBody| async move {
                    administration::recovery(&st, &signed, id).await
                },
            )
        });
    // POST /api/staff/{invitations|grants}/{id}/{confirm|revoke}: four routes, one shape.
    // The path is made from the typed kind and step, never read back from it.
    let settle = |pending: fn(i64) -> administration::Pending, confirm: bool| {
        let kind = match pending(0) {
            administration::Pending::Grant(_) => "grants",
            administration::Pending::Invitation(_) => "invitations",
        };
        let step = if confirm { "confirm" } else { "revoke" };
        warp::path("api")
            .and(warp::path("staff"))
            .and(warp::path(kind))
            .and(warp::path::param::<i64>())
            .and(warp::path(step))
            .and(warp::path::end())
            .and(warp::post())
            .and(s())
            .and(call())
            .and(body())
            .then(move |id: i64, st, c, b| {
                write(
                    st,
                    c,
                    b,
                    move |st: Arc<StaffState>, signed, _: NoBody| async move {
                        if confirm {
                            administration::confirm(&st, &signed, pending(id)).await
                        } else {
                            administration::revoke(&st, &signed, pending(id)).await
                        }
                    },
                )
            })
    };
    let pending = [
        settle(administration::Pending::Invitation, true),
        settle(administration::Pending::Invitation, false),
        settle(administration::Pending::Grant, true),
        settle(administration::Pending::Grant, false),
    ]
    .into_iter()
    .map(|route| route.boxed())
    .reduce(|all, route| all.or(route).unify().boxed())
    .expect("four routes");
    // GET /api/staff/audit?action=&reference=&staff=&before=
    let audit_log = warp::path!("api" / "staff" / "audit")
        .and(warp::get())
        .and(warp::query::<banksia_wire::staff::AuditQuery>())
        .and(s())
        .and(call())
        .then(|q: banksia_wire::staff::AuditQuery, st, c| {
            read(st, c, move |st: Arc<StaffState>, signed| async move {
                api::audit_log(&st, &signed, q).await
            })
        });
    // GET /api/staff/audit/verify
    let audit_verify = warp::path!("api" / "staff" / "audit" / "verify")
        .and(warp::get())
        .and(s())
        .and(call())
        .then(|st, c| {
            read(st, c, |st: Arc<StaffState>, signed| async move {
                api::audit_verify(&st, &signed).await
            })
        });
    // POST /api/staff/sign-out
    let sign_out = warp::path!("api" / "staff" / "sign-out")
        .and(warp::post())
        .and(s())
        .and(call())
        .then(|st: Arc<StaffState>, c: Call| async move {
            let result = async {
                check_fetch_site(&c.headers)?;
                check_same_origin(&c.headers, &st.config.public_origin)?;
                auth::sign_out(&st, &c.headers).await
            }
            .await;
            result.unwrap_or_else(StaffError::into_response)
        });
    // POST /api/staff/{register|sign-in}/{start|finish}: before a session exists, so the
    // sign-in limit per client comes first, then the body in its type.
    let register_start = warp::path!("api" / "staff" / "register" / "start")
        .and(ceremony_call(state.clone()))
        .then(|st, ip, c, b| {
            ceremony(st, ip, c, b, |st: Arc<StaffState>, request| async move {
                auth::register_start(&st, request).await
            })
        });
    let register_finish = warp::path!("api" / "staff" / "register" / "finish")
        .and(ceremony_call(state.clone()))
        .then(|st, ip, c, b| {
            ceremony(st, ip, c, b, |st: Arc<StaffState>, request| async move {
                auth::register_finish(&st, request).await
            })
        });
    let sign_in_start = warp::path!("api" / "staff" / "sign-in" / "start")
        .and(ceremony_call(state.clone()))
        .then(|st, ip, c, b| {
            ceremony(st, ip, c, b, |st: Arc<StaffState>, request| async move {
                auth::sign_in_start(&st, request).await
            })
        });
    let sign_in_finish = warp::path!("api" / "staff" / "sign-in" / "finish")
        .and(ceremony_call(state.clone()))
        .then(|st, ip, c, b| {
            ceremony(st, ip, c, b, |st: Arc<StaffState>, request| async move {
                auth::sign_in_finish(&st, request).await
            })
        });
    // GET /api/staff/applications/{reference}/information: the applicant's answers.
    let information = warp::path!("api" / "staff" / "applications" / String / "information")
        .and(warp::get())
        .and(s())
        .and(call())
        .then(|r: String, st, c| {
            read(st, c, move |st: Arc<StaffState>, signed| async move {
                information::responses(&st, &signed, &r).await
            })
        });
    // GET /api/staff/applications/{reference}/documents/{id}: one document (audited), as a
    // file, not JSON.
    let document = warp::path!("api" / "staff" / "applications" / String / "documents" / i64)
        .and(warp::get())
        .and(s())
        .and(call())
        .then(
            |r: String, id: i64, st: Arc<StaffState>, c: Call| async move {
                let result = async {
                    check_fetch_site(&c.headers)?;
                    let signed = auth::authenticate(&st, &c.headers).await?;
                    match information::download(&st, &signed, &r, id).await {
                        Ok(response) => Ok(response),
                        Err(err) => Err(audit_refusal(&st, &signed, &c, err).await),
                    }
                }
                .await;
                result.unwrap_or_else(StaffError::into_response)
            },
        );
    // POST /api/application-status/answer: the applicant's answer, with its documents (a
    // larger body than any other call, read only once its token checks out and the server has
    // room for it: `information::receive`).
    let answer = warp::path!("api" / "application-status" / "answer")
        .and(warp::post())
        .and(client_ip(state.clone()))
        .and(s())
        .and(call())
        .and(warp::body::stream())
        .then(
            |ip: Option<IpAddr>, st: Arc<StaffState>, c: Call, stream| async move {
                information::receive(&st, ip, &c.headers, stream).await
            },
        );
    // POST /api/application-status/{link|open}: the applicant's side.
    let applicant = warp::path!("api" / "application-status" / String)
        .and(warp::post())
        .and(client_ip(state.clone()))
        .and(s())
        .and(call())
        .and(body())
        .then(
            |step: String, ip, st: Arc<StaffState>, c: Call, b: Result<Bytes, StaffError>| async move {
                let result = async {
                    status::check_origin(&c.headers, &st.config.public_origin)?;
                    let b = b?;
                    match step.as_str() {
                        "link" => status::request_link(&st, ip, &b)
                            .await
                            .map(|r| http::json(&r, warp::http::StatusCode::ACCEPTED)),
                        "open" => status::open(&st, ip, &b)
                            .await
                            .map(|r| http::json(&r, warp::http::StatusCode::OK)),
                        _ => Err(StaffError::NotFound),
                    }
                }
                .await;
                result.unwrap_or_else(StaffError::into_response)
            },
        );

    // Each route boxed, then tried in turn: one chain of boxed filters type-checks in linear
    // time, where a chain of two dozen unboxed ones makes warp's types explode.
    let routes: Vec<BoxedFilter<(Response,)>> = vec![
        me.boxed(),
        queue.boxed(),
        case.boxed(),
        reveal.boxed(),
        claim.boxed(),
        reassign.boxed(),
        release,
        take_over,
        notes.boxed(),
        actions.boxed(),
        action_check.boxed(),
        staff_list.boxed(),
        invite.boxed(),
        roles.boxed(),
        deactivate.boxed(),
        reactivate.boxed(),
        recovery.boxed(),
        pending,
        audit_log.boxed(),
        audit_verify.boxed(),
        sign_out.boxed(),
        register_start.boxed(),
        register_finish.boxed(),
        sign_in_start.boxed(),
        sign_in_finish.boxed(),
        information.boxed(),
        document.boxed(),
        // Before `applicant`, whose path would take "answer" with a smaller body limit.
        answer.boxed(),
        applicant.boxed(),
    ];
    routes
        .into_iter()
        .reduce(|all, route| all.or(route).unify().boxed())
        .expect("at least one route")
}
