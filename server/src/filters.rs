//! Routes. Each filter only matches and extracts; `handlers` answer.

use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::Arc;

use warp::http::HeaderMap;
use warp::reply::Response;
use warp::{Filter, Rejection, Reply};

use crate::error::handle_rejection;
use crate::{AppState, handlers, static_files, telemetry};

/// Every route, the rejection handler, the security headers and the access log.
pub fn routes(
    state: Arc<AppState>,
    static_dir: PathBuf,
    security_headers: HeaderMap,
) -> impl Filter<Extract = (impl Reply,), Error = Infallible> + Clone {
    submit_application(state.clone())
        .or(healthz())
        .unify()
        .or(readyz(state))
        .unify()
        .or(static_files::site(static_dir))
        .unify()
        .recover(handle_rejection)
        .unify()
        .with(warp::reply::with::headers(security_headers))
        .with(warp::log::custom(telemetry::access_log))
}

/// POST /api/applications
pub fn submit_application(
    state: Arc<AppState>,
) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    warp::path!("api" / "applications")
        .and(warp::post())
        .and(warp::addr::remote())
        .and(warp::header::headers_cloned())
        .and(warp::body::stream())
        .and(with_state(state))
        .then(handlers::submit_application)
}

/// GET /healthz
pub fn healthz() -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    warp::path!("healthz")
        .and(warp::get())
        .then(handlers::healthz)
}

/// GET /readyz
pub fn readyz(
    state: Arc<AppState>,
) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    warp::path!("readyz")
        .and(warp::get())
        .and(with_state(state))
        .then(handlers::readyz)
}

fn with_state(
    state: Arc<AppState>,
) -> impl Filter<Extract = (Arc<AppState>,), Error = Infallible> + Clone {
    warp::any().map(move || state.clone())
}
