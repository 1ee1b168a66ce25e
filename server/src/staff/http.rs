//! The staff API's plumbing: its error type (each variant's status), JSON answers, the session
//! cookie, the Origin and CSRF-header check of every state-changing call, and the sign-in
//! rate limit.

use std::net::IpAddr;
use std::time::Duration;

use banksia_wire::staff::{CurrentState, StaffErrorBody};
use serde::Serialize;
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::{Reply, Response};

use crate::db::DbError;

/// The session cookie. `__Host-`: Secure, Path=/, no Domain, so no other host or path can set
/// or read it.
pub const COOKIE: &str = "__Host-banksia-staff";
/// The header every state-changing staff call must carry (a cross-site form cannot set it, and
/// a cross-site script cannot send it without a CORS preflight the server never allows).
pub const CSRF_HEADER: &str = "x-banksia-staff";

/// Everything a staff call can fail with.
#[derive(Debug)]
pub enum StaffError {
    /// 400: the body is not the expected JSON.
    BadRequest(&'static str),
    /// 401: no session, or it ended or expired.
    Unauthenticated,
    /// 401: the passkey, invitation or link did not check out.
    SignInFailed(&'static str),
    /// 403: none of the staff member's roles allows this.
    Forbidden,
    /// 403: a state-changing call without our Origin or the CSRF header.
    CrossSite,
    /// 404: no such application (or staff member).
    NotFound,
    /// 409: the action is not possible in the application's state, or the version is stale;
    /// with the current state.
    Conflict(String, Option<CurrentState>),
    /// 422: a message, note, reason or role that core's rules refuse.
    Invalid(String),
    /// 413: the body is over the staff API's limit.
    TooLarge,
    /// 413 with words of its own (the applicant's documents).
    TooLargeBecause(&'static str),
    /// 429: too many sign-in attempts from this address.
    RateLimited,
    /// 503 or 500: logged, answered generically.
    Db(DbError),
    /// 500: logged, answered generically.
    Internal(String),
}

impl From<DbError> for StaffError {
    fn from(err: DbError) -> Self {
        Self::Db(err)
    }
}

impl From<tokio_postgres::Error> for StaffError {
    fn from(err: tokio_postgres::Error) -> Self {
        Self::Db(err.into())
    }
}

impl From<deadpool_postgres::PoolError> for StaffError {
    fn from(err: deadpool_postgres::PoolError) -> Self {
        Self::Db(err.into())
    }
}

impl StaffError {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthenticated | Self::SignInFailed(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden | Self::CrossSite => StatusCode::FORBIDDEN,
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::Conflict(..) => StatusCode::CONFLICT,
            Self::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooLarge | Self::TooLargeBecause(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            Self::Db(DbError::Unavailable(_) | DbError::OutcomeUnknown(_)) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            Self::Db(_) | Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn into_response(self) -> Response {
        let status = self.status();
        let (error, current) = match self {
            Self::BadRequest(m) | Self::SignInFailed(m) | Self::TooLargeBecause(m) => {
                (m.to_owned(), None)
            }
            Self::Unauthenticated => ("Sign in to continue.".to_owned(), None),
            Self::Forbidden => ("Your role does not allow this.".to_owned(), None),
            Self::CrossSite => (
                "This request did not come from the staff console.".to_owned(),
                None,
            ),
            Self::NotFound => ("Not found.".to_owned(), None),
            Self::Conflict(message, current) => (message, current),
            Self::Invalid(message) => (message, None),
            Self::TooLarge => ("The request body is too large.".to_owned(), None),
            Self::RateLimited => (
                "Too many sign-in attempts. Please wait a minute and try again.".to_owned(),
                None,
            ),
            Self::Db(err) => {
                tracing::warn!(error = %err, "staff api database error");
                (
                    "The service is temporarily unavailable. Nothing was changed; please try again."
                        .to_owned(),
                    None,
                )
            }
            Self::Internal(err) => {
                tracing::error!(error = %err, "staff api internal error");
                (
                    "Something went wrong on our side. Please try again.".to_owned(),
                    None,
                )
            }
        };
        let mut response = json(&StaffErrorBody { error, current }, status);
        if status == StatusCode::TOO_MANY_REQUESTS {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
        }
        response
    }
}

/// A JSON answer that no cache keeps.
pub fn json<T: Serialize>(body: &T, status: StatusCode) -> Response {
    let mut response = warp::reply::with_status(warp::reply::json(body), status).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The answer of a handler.
pub fn answer<T: Serialize>(result: Result<T, StaffError>) -> Response {
    match result {
        Ok(body) => json(&body, StatusCode::OK),
        Err(err) => err.into_response(),
    }
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

/// A staff call's JSON body as `T`; anything else is a 400 that quotes nothing of it.
pub fn parse_body<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, StaffError> {
    serde_json::from_slice(body)
        .map_err(|_| StaffError::BadRequest("The request body is not what this call takes."))
}

/// [`parse_body`], reading an empty body as `{}`: a call that takes no fields may be sent
/// with none.
pub fn parse_body_or_empty<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, StaffError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        parse_body(b"{}")
    } else {
        parse_body(body)
    }
}

/// A moment as the staff API writes it: RFC 3339 in UTC, to the second.
pub fn rfc3339(at: chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A state-changing call must carry `Origin: PUBLIC_ORIGIN` and the CSRF header.
pub fn check_same_origin(headers: &HeaderMap, public_origin: &str) -> Result<(), StaffError> {
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
        Err(StaffError::CrossSite)
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
    ) -> Result<(), StaffError> {
        let client = client.unwrap_or(IpAddr::from([0, 0, 0, 0]));
        self.limiter
            .check_for(pool, self.purpose, client)
            .await
            .map_err(|_| StaffError::RateLimited)
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
