//! The staff API's plumbing: JSON answers, the session
//! cookie, the Origin and CSRF-header check of every state-changing call, and the sign-in
//! rate limit.

use crate::error::ApiError;
use std::net::IpAddr;
use std::time::Duration;

use serde::Serialize;
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::{Reply, Response};

/// The session cookie. `__Host-`: Secure, Path=/, no Domain, so no other host or path can set
/// or read it.
pub const COOKIE: &str = "__Host-banksia-staff";
/// The header every state-changing staff call must carry (a cross-site form cannot set it, and
/// a cross-site script cannot send it without a CORS preflight the server never allows).
pub const CSRF_HEADER: &str = "x-banksia-staff";

/// A JSON answer that no cache keeps.
pub fn json<T: Serialize>(body: &T, status: StatusCode) -> Response {
    let mut response = warp::reply::with_status(warp::reply::json(body), status).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The session token of the request's cookie, if it has the shape of one.
pub fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.to_owned())
        .filter(|v| super::tokens::looks_like_token(v))
}

/// The Set-Cookie of a new session (`max_age` the absolute lifetime) or of its end.
pub fn session_cookie(token: Option<&str>, max_age: Duration) -> HeaderValue {
    let text = match token {
        Some(token) => format!(
            "{COOKIE}={token}; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age={}",
            max_age.as_secs()
        ),
        None => format!("{COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0"),
    };
    HeaderValue::from_str(&text).expect("a token is base64url")
}

/// A moment as the staff API writes it: RFC 3339 in UTC, to the second.
pub fn rfc3339(at: chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A state-changing call must carry `Origin: PUBLIC_ORIGIN` and the CSRF header.
pub fn check_same_origin(headers: &HeaderMap, public_origin: &str) -> Result<(), ApiError> {
    let origin_ok = headers
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|o| o == public_origin);
    let csrf_ok = headers
        .get(CSRF_HEADER)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == "1");
    if origin_ok && csrf_ok {
        Ok(())
    } else {
        Err(ApiError::CrossSite)
    }
}

/// An applicant's call (the status page's) must come from our own pages: `Origin` is `PUBLIC_ORIGIN`, or names the
/// very host the request was sent to (the site reached as `127.0.0.1` in a local run).
pub fn check_applicant_origin(headers: &HeaderMap, public_origin: &str) -> Result<(), ApiError> {
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let same_host = match (origin, host) {
        (Some(origin), Some(host)) => origin
            .split_once("://")
            .is_some_and(|(_, authority)| authority == host),
        _ => false,
    };
    if origin == Some(public_origin) || same_host {
        Ok(())
    } else {
        Err(ApiError::CrossSite)
    }
}

/// The sign-in (and registration, and status link) attempts per client address and minute: a
/// token bucket in PostgreSQL (the submission limit's table, its own bucket per purpose), so
/// every instance on one database shares one budget and a second instance is no second chance.
#[derive(Debug)]
pub struct SignInLimiter {
    purpose: &'static str,
    limiter: crate::rate_limit::RateLimiter,
}

impl SignInLimiter {
    pub fn new(purpose: &'static str, per_minute: u32) -> Self {
        Self {
            purpose,
            limiter: crate::rate_limit::RateLimiter::new(per_minute),
        }
    }

    /// Takes one attempt; refused (429) past the limit. A client without an address (a test
    /// without a socket) shares one bucket.
    pub async fn admit(
        &self,
        pool: &deadpool_postgres::Pool,
        client: Option<IpAddr>,
    ) -> Result<(), ApiError> {
        let client = client.unwrap_or(IpAddr::from([0, 0, 0, 0]));
        self.limiter
            .check_for(pool, self.purpose, client)
            .await
            .map_err(|_| ApiError::TooManyAttempts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookie_and_origin_checks() {
        let token = super::super::tokens::new_token().unwrap().0;
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("a=b; {COOKIE}={token}")).unwrap(),
        );
        assert_eq!(session_token(&headers), Some(token.clone()));
        let set = session_cookie(Some(&token), Duration::from_secs(60));
        let set = set.to_str().unwrap();
        for part in ["Secure", "HttpOnly", "SameSite=Strict", "Path=/"] {
            assert!(set.contains(part), "{set}");
        }
        assert!(!set.contains("Domain"));
        let origin = "http://localhost:8080";
        assert!(check_same_origin(&headers, origin).is_err());
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://localhost:8080"),
        );
        assert!(check_same_origin(&headers, origin).is_err());
        headers.insert(CSRF_HEADER, HeaderValue::from_static("1"));
        assert!(check_same_origin(&headers, origin).is_ok());
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://evil.example"),
        );
        assert!(check_same_origin(&headers, origin).is_err());
    }
}
