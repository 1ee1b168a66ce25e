//! Routes: every filter of the server joined in one tree. The application API's filters only
//! match and extract, and `handlers` answer; the staff API and console pages (`staff`), the
//! built site (`static_files`) and the health checks are joined here with their own answers.

use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::Arc;

use warp::http::{HeaderMap, HeaderValue, header};
use warp::reply::Response;
use warp::{Filter, Rejection, Reply};

use crate::connection::Peer;
use crate::error::{ApiError, handle_rejection};
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
        .or(crate::staff::routes(state.staff.clone()))
        .unify()
        .or(crate::product_data::routes(state.products.clone()))
        .unify()
        .or(readyz(state))
        .unify()
        .or(crate::staff::console_pages(static_dir.clone()))
        .unify()
        .or(static_files::site(static_dir))
        .unify()
        .recover(handle_rejection)
        .unify()
        .map(move |reply| with_default_headers(reply, &security_headers))
        .with(warp::log::custom(telemetry::access_log))
}

/// `reply` with each of the site's security headers it did not set itself. A handler's own
/// value is kept (a staff document download's `default-src 'none'; sandbox`), where warp's
/// `with::headers` would replace it.
fn with_default_headers(reply: impl Reply, defaults: &HeaderMap) -> Response {
    let mut response = reply.into_response();
    let headers = response.headers_mut();
    for (name, value) in defaults {
        if !headers.contains_key(name) {
            headers.insert(name.clone(), value.clone());
        }
    }
    response
}

/// POST /api/applications
pub fn submit_application(
    state: Arc<AppState>,
) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    warp::path!("api" / "applications")
        .and(warp::post())
        .and(peer())
        .and(warp::header::headers_cloned())
        .and(warp::body::stream())
        .and(with_state(state))
        .then(|peer, headers: HeaderMap, body, state| async move {
            match repeated_single_header(&headers) {
                Some(error) => {
                    let mut response = error.into_response();
                    response
                        .headers_mut()
                        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
                    response
                }
                None => handlers::submit_application(peer, headers, body, state).await,
            }
        })
}

/// Headers the API reads as one value. Sent twice they are ambiguous (which Content-Type is
/// the body?), so the request is refused rather than one of them silently believed.
const SINGLE_HEADERS: [&str; 3] = ["content-type", "content-length", "idempotency-key"];

fn repeated_single_header(headers: &HeaderMap) -> Option<ApiError> {
    SINGLE_HEADERS
        .iter()
        .any(|name| headers.get_all(*name).iter().nth(1).is_some())
        .then_some(ApiError::DuplicateHeader)
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

/// The TCP peer's address (see `connection::Peer`).
fn peer() -> impl Filter<Extract = (Option<std::net::SocketAddr>,), Error = Infallible> + Clone {
    warp::ext::optional::<Peer>().map(|peer: Option<Peer>| peer.map(|Peer(addr)| addr))
}

fn with_state(
    state: Arc<AppState>,
) -> impl Filter<Extract = (Arc<AppState>,), Error = Infallible> + Clone {
    warp::any().map(move || state.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handlers_own_security_header_is_kept_and_the_others_added() {
        let defaults = crate::security::security_headers(&Default::default());
        let mut own = warp::reply::html("x").into_response();
        own.headers_mut().insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; sandbox"),
        );
        let answered = with_default_headers(own, &defaults);
        let csp = answered.headers().get_all(header::CONTENT_SECURITY_POLICY);
        assert_eq!(
            csp.iter().collect::<Vec<_>>(),
            ["default-src 'none'; sandbox"]
        );
        for (name, value) in &defaults {
            if name != header::CONTENT_SECURITY_POLICY {
                assert_eq!(answered.headers().get(name), Some(value), "{name}");
            }
        }
        let plain = with_default_headers(warp::reply::html("x"), &defaults);
        assert_eq!(
            plain.headers().get(header::CONTENT_SECURITY_POLICY),
            defaults.get(header::CONTENT_SECURITY_POLICY)
        );
    }

    #[test]
    fn single_headers_sent_twice_are_refused() {
        let mut headers = HeaderMap::new();
        headers.append("content-type", HeaderValue::from_static("application/json"));
        headers.append("idempotency-key", HeaderValue::from_static("k1"));
        headers.append("x-forwarded-for", HeaderValue::from_static("1.2.3.4"));
        headers.append("x-forwarded-for", HeaderValue::from_static("5.6.7.8"));
        assert!(repeated_single_header(&headers).is_none());
        for name in SINGLE_HEADERS {
            let mut twice = headers.clone();
            twice.remove(name);
            twice.append(name, HeaderValue::from_static("1"));
            twice.append(name, HeaderValue::from_static("1"));
            assert!(
                matches!(
                    repeated_single_header(&twice),
                    Some(ApiError::DuplicateHeader)
                ),
                "{name}"
            );
        }
    }
}
