//! The bank's side: staff sign-in with passkeys, the review of applications, the audit log,
//! identification numbers at rest, retention, and the applicant's status page and emails.
//!
//! `routes` are the `/api/staff/…` and `/api/application-status/…` calls; `cli` the
//! command-line steps (`staff invite`, `audit verify`, `purge`). Every rule about statuses and
//! who may do what is banksia-core's `review`; this module only enforces it.

pub mod api;
pub mod audit;
pub mod auth;
pub mod cli;
pub mod config;
pub mod crypto;
pub mod emails;
pub mod http;
pub mod retention;
pub mod status;
pub mod tokens;

use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::Arc;

use deadpool_postgres::Pool;
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
    /// Believable, stable credential ids for an email that has no passkey (or no account), so
    /// sign-in answers alike either way (webauthn-rs's enumeration defence).
    pub sign_in_decoys: auth::Decoys,
    /// Wakes the applicant-email worker (None when no mail transport is configured).
    pub mail_wake: Option<Arc<tokio::sync::Notify>>,
}

impl std::fmt::Debug for StaffState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StaffState")
            .field("public_origin", &self.config.public_origin)
            .finish_non_exhaustive()
    }
}

impl StaffState {
    pub fn new(
        pool: Pool,
        config: StaffConfig,
        mail_wake: Option<Arc<tokio::sync::Notify>>,
    ) -> Result<Self, String> {
        let webauthn = auth::relying_party(&config.public_origin, config.rp_id())?;
        let sign_in_decoys =
            auth::Decoys::new(&config.id_keys.derive_secret("banksia staff sign-in decoys"))
                .map_err(|e| format!("webauthn decoys: {e}"))?;
        Ok(Self {
            sign_in_decoys,
            pool,
            sign_in_limiter: http::SignInLimiter::new("staff-sign-in", config.sign_in_per_minute),
            status_limiter: http::SignInLimiter::new("status-link", config.sign_in_per_minute),
            config,
            webauthn,
            mail_wake,
        })
    }

    pub fn wake_mail(&self) {
        if let Some(wake) = &self.mail_wake {
            wake.notify_one();
        }
    }
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

fn client_ip() -> impl Filter<Extract = (Option<IpAddr>,), Error = Infallible> + Clone {
    warp::ext::optional::<crate::connection::Peer>()
        .map(|peer: Option<crate::connection::Peer>| peer.map(|crate::connection::Peer(a)| a.ip()))
}

fn body() -> impl Filter<Extract = (Bytes,), Error = Rejection> + Clone {
    warp::body::content_length_limit(MAX_BODY).and(warp::body::bytes())
}

/// A signed-in GET.
async fn read<T: serde::Serialize, F, Fut>(
    state: Arc<StaffState>,
    headers: HeaderMap,
    f: F,
) -> Response
where
    F: FnOnce(Arc<StaffState>, auth::Signed) -> Fut,
    Fut: std::future::Future<Output = Result<T, StaffError>>,
{
    let result = async {
        let signed = auth::authenticate(&state, &headers).await?;
        f(state.clone(), signed).await
    }
    .await;
    answer(result)
}

/// A signed-in, state-changing POST: Origin and CSRF header first, then the session.
async fn write<T: serde::Serialize, F, Fut>(
    state: Arc<StaffState>,
    headers: HeaderMap,
    f: F,
) -> Response
where
    F: FnOnce(Arc<StaffState>, auth::Signed) -> Fut,
    Fut: std::future::Future<Output = Result<T, StaffError>>,
{
    let result = async {
        check_same_origin(&headers, &state.config.public_origin)?;
        let signed = auth::authenticate(&state, &headers).await?;
        f(state.clone(), signed).await
    }
    .await;
    answer(result)
}

/// Every staff and status route.
pub fn routes(
    state: Arc<StaffState>,
) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    let s = || with_state(state.clone());
    let headers = warp::header::headers_cloned;

    // GET /api/staff/me
    let me = warp::path!("api" / "staff" / "me")
        .and(warp::get())
        .and(s())
        .and(headers())
        .then(|st, h| {
            read(
                st,
                h,
                |_, signed: auth::Signed| async move { Ok(signed.me()) },
            )
        });
    // GET /api/staff/applications
    let queue = warp::path!("api" / "staff" / "applications")
        .and(warp::get())
        .and(warp::query::<api::QueueQuery>())
        .and(s())
        .and(headers())
        .then(|q, st, h| {
            read(st, h, move |st: Arc<StaffState>, signed| async move {
                api::queue(&st, &signed, q).await
            })
        });
    // GET /api/staff/applications/{reference}
    let case = warp::path!("api" / "staff" / "applications" / String)
        .and(warp::get())
        .and(s())
        .and(headers())
        .then(|r: String, st, h| {
            read(st, h, move |st: Arc<StaffState>, signed| async move {
                api::case_view(&st, &signed, &r).await
            })
        });
    // POST /api/staff/applications/{reference}/{reveal|claim|notes|actions}
    let case_post = warp::path!("api" / "staff" / "applications" / String / String)
        .and(warp::post())
        .and(body())
        .and(s())
        .and(headers())
        .then(|r: String, what: String, b: Bytes, st, h| {
            write(st, h, move |st: Arc<StaffState>, signed| async move {
                let value = match what.as_str() {
                    "reveal" => serde_json::to_value(api::reveal(&st, &signed, &r).await?),
                    "claim" => serde_json::to_value(api::claim(&st, &signed, &r, &b).await?),
                    "notes" => serde_json::to_value(api::add_note(&st, &signed, &r, &b).await?),
                    "actions" => serde_json::to_value(api::act(&st, &signed, &r, &b).await?),
                    _ => return Err(StaffError::NotFound),
                };
                value.map_err(|e| StaffError::Internal(e.to_string()))
            })
        });
    // GET /api/staff/staff
    let staff_list = warp::path!("api" / "staff" / "staff")
        .and(warp::get())
        .and(s())
        .and(headers())
        .then(|st, h| {
            read(st, h, |st: Arc<StaffState>, signed| async move {
                api::list_staff(&st, &signed).await
            })
        });
    // POST /api/staff/staff/invites
    let invite = warp::path!("api" / "staff" / "staff" / "invites")
        .and(warp::post())
        .and(body())
        .and(s())
        .and(headers())
        .then(|b: Bytes, st, h| {
            write(st, h, move |st: Arc<StaffState>, signed| async move {
                api::invite(&st, &signed, &b).await
            })
        });
    // POST /api/staff/staff/{id}/{roles|deactivate}
    let staff_post = warp::path!("api" / "staff" / "staff" / i64 / String)
        .and(warp::post())
        .and(body())
        .and(s())
        .and(headers())
        .then(|id: i64, what: String, b: Bytes, st, h| {
            write(st, h, move |st: Arc<StaffState>, signed| async move {
                match what.as_str() {
                    "roles" => api::set_roles(&st, &signed, id, &b).await,
                    "deactivate" => api::deactivate(&st, &signed, id).await,
                    _ => Err(StaffError::NotFound),
                }
            })
        });
    // GET /api/staff/audit?action=&reference=&staff=&before=
    let audit_log = warp::path!("api" / "staff" / "audit")
        .and(warp::get())
        .and(warp::query::<api::AuditQuery>())
        .and(s())
        .and(headers())
        .then(|q: api::AuditQuery, st, h| {
            read(st, h, move |st: Arc<StaffState>, signed| async move {
                api::audit_log(&st, &signed, q).await
            })
        });
    // GET /api/staff/audit/verify
    let audit_verify = warp::path!("api" / "staff" / "audit" / "verify")
        .and(warp::get())
        .and(s())
        .and(headers())
        .then(|st, h| {
            read(st, h, |st: Arc<StaffState>, signed| async move {
                api::audit_verify(&st, &signed).await
            })
        });
    // POST /api/staff/sign-out
    let sign_out = warp::path!("api" / "staff" / "sign-out")
        .and(warp::post())
        .and(s())
        .and(headers())
        .then(|st: Arc<StaffState>, h: HeaderMap| async move {
            let result = async {
                check_same_origin(&h, &st.config.public_origin)?;
                auth::sign_out(&st, &h).await
            }
            .await;
            result.unwrap_or_else(StaffError::into_response)
        });
    // POST /api/staff/{passkeys/register|sign-in}/{start|finish}: before a session exists.
    let ceremony = warp::path!("api" / "staff" / String / String)
        .and(warp::post())
        .and(client_ip())
        .and(body())
        .and(s())
        .and(headers())
        .then(
            |kind: String, step: String, ip, b: Bytes, st: Arc<StaffState>, h: HeaderMap| async move {
                let result = async {
                    check_same_origin(&h, &st.config.public_origin)?;
                    match (kind.as_str(), step.as_str()) {
                        ("register", "start") => auth::register_start(&st, ip, &b).await,
                        ("register", "finish") => auth::register_finish(&st, ip, &b).await,
                        ("sign-in", "start") => auth::sign_in_start(&st, ip, &b).await,
                        ("sign-in", "finish") => auth::sign_in_finish(&st, ip, &b).await,
                        _ => Err(StaffError::NotFound),
                    }
                }
                .await;
                result.unwrap_or_else(StaffError::into_response)
            },
        );
    // POST /api/application-status/{link|open}: the applicant's side.
    let applicant = warp::path!("api" / "application-status" / String)
        .and(warp::post())
        .and(client_ip())
        .and(body())
        .and(s())
        .and(headers())
        .then(
            |step: String, ip, b: Bytes, st: Arc<StaffState>, h: HeaderMap| async move {
                let result = async {
                    status::check_origin(&h, &st.config.public_origin)?;
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

    me.or(queue)
        .unify()
        .or(case)
        .unify()
        .or(case_post)
        .unify()
        .or(staff_list)
        .unify()
        .or(invite)
        .unify()
        .or(staff_post)
        .unify()
        .or(audit_log)
        .unify()
        .or(audit_verify)
        .unify()
        .or(sign_out)
        .unify()
        .or(ceremony)
        .unify()
        .or(applicant)
        .unify()
        .boxed()
}
