//! The one error type of every HTTP answer the server makes (the public application API, the
//! staff API and the applicant's status page), and the one place that turns errors and
//! rejections into responses: [`ApiError::into_response`], which the `.recover` of
//! [`handle_rejection`] and every handler's own answer call alike.
//!
//! Every error answer is JSON that no cache keeps (`Cache-Control: no-store`): core's
//! [`ErrorBody`] or [`ApplicationReport`] on the public API, [`StaffErrorBody`] (`error`, and
//! `current` on a 409) on the staff side. Database and internal errors are logged here and
//! answered in fixed words; nothing from the request is echoed.

use std::convert::Infallible;
use std::time::Duration;

use banksia_core::application_form::{ApplicationReport, RequestPart};
use banksia_wire::application::ErrorBody;
use banksia_wire::staff::{CurrentState, StaffErrorBody};
use serde::Serialize;
use warp::http::{HeaderValue, StatusCode, header};
use warp::reply::{Reply, Response};

use crate::db::DbError;

/// Everything a request can fail with.
#[derive(Debug)]
pub enum ApiError {
    /// 400: the body is not JSON.
    MalformedJson,
    /// 400: the body is JSON but not one object of the known fields: an array, an unknown or
    /// repeated field, a value of the wrong kind.
    SchemaMismatch,
    /// 400: the `Idempotency-Key` header is not 1 to 255 visible ASCII characters.
    InvalidIdempotencyKey,
    /// 400: the body could not be read (the client went away or sent a broken chunk).
    UnreadableBody,
    /// 400: a header or the query string is malformed.
    MalformedRequest,
    /// 400: a header that must appear once (Content-Type, Content-Length, Idempotency-Key)
    /// appears more than once.
    DuplicateHeader,
    /// 400: the request target is not a path (`GET a:1`, `CONNECT host:443`).
    BadRequestTarget,
    /// 400: an HTTP/1.1 request without a Host header, or any request with two.
    BadHost,
    /// 400: a `Transfer-Encoding` other than one `chunked`.
    UnsupportedTransferEncoding,
    /// 400: a staff or status call's body is not what the call takes, in these words.
    BadRequest(&'static str),
    /// 401: no staff session, or it ended or expired.
    Unauthenticated,
    /// 401: the passkey, invitation or link did not check out, in these words.
    SignInFailed(&'static str),
    /// 403: none of the staff member's roles allows this (or core's separation of duties
    /// refuses it).
    Forbidden,
    /// 403: a state-changing staff call without our Origin or the CSRF header, or a call
    /// another site's page made (`Sec-Fetch-Site`).
    CrossSite,
    /// 404: no such path, application or staff member.
    NotFound,
    /// 405: the path exists but not for this method.
    MethodNotAllowed,
    /// 408: the body did not arrive within the body-read timeout.
    BodyTimeout,
    /// 409: the staff action is not possible in the application's state, or the version is
    /// stale; with the application's current state.
    Conflict(String, Option<CurrentState>),
    /// 413: the application body is over its limit (16 KiB).
    PayloadTooLarge,
    /// 413: a staff or status call's body is over the staff API's limit.
    TooLarge,
    /// 413 in words of its own (the applicant's documents).
    TooLargeBecause(&'static str),
    /// 415: the body is not declared as `application/json`.
    UnsupportedMediaType,
    /// 422: the application breaks banksia-core's rules: core's report (messages per field,
    /// warnings and the step of the first error), the one the wizard's own checks return.
    /// (Boxed: the report has room for a whole normalised record; boxed, `ApiError` stays small.)
    Validation(Box<ApplicationReport>),
    /// 422: the `Idempotency-Key` was already used with a different body.
    IdempotencyKeyReused,
    /// 422: a message, note, reason, role or document that core's rules refuse, in core's words.
    Invalid(String),
    /// 429: too many submissions from this client; retry after the given time.
    RateLimited { retry_after: Duration },
    /// 429: too many sign-in, registration or status-link attempts from this address; retry
    /// after a minute.
    TooManyAttempts,
    /// 503: the server has no room for this now (the applicant's documents); in these words,
    /// retry after a minute.
    Busy(&'static str),
    /// 503: the database is unreachable while storing an application; logged, answered
    /// generically.
    DatabaseUnavailable(DbError),
    /// 503: the insert was sent but its outcome never came back; a retry with the same
    /// Idempotency-Key answers whether it was stored.
    OutcomeUnknown(DbError),
    /// 503 (unreachable, or no answer came) or 500 (any other failure) of a staff or status
    /// call's database work; logged, answered generically.
    Db(DbError),
    /// 500: anything else; logged, answered generically.
    Internal(String),
}

impl warp::reject::Reject for ApiError {}

impl From<DbError> for ApiError {
    fn from(err: DbError) -> Self {
        Self::Db(err)
    }
}

impl From<tokio_postgres::Error> for ApiError {
    fn from(err: tokio_postgres::Error) -> Self {
        Self::Db(err.into())
    }
}

impl From<deadpool_postgres::PoolError> for ApiError {
    fn from(err: deadpool_postgres::PoolError) -> Self {
        Self::Db(err.into())
    }
}

impl ApiError {
    /// A failed insert of an application: the submission's own 503s (its words say whether it
    /// was stored), anything else a 500.
    pub fn of_submission(err: DbError) -> Self {
        match err {
            DbError::Unavailable(_) => Self::DatabaseUnavailable(err),
            DbError::OutcomeUnknown(_) => Self::OutcomeUnknown(err),
            other => Self::Internal(other.to_string()),
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::MalformedJson
            | Self::SchemaMismatch
            | Self::InvalidIdempotencyKey
            | Self::UnreadableBody
            | Self::MalformedRequest
            | Self::DuplicateHeader
            | Self::BadRequestTarget
            | Self::BadHost
            | Self::UnsupportedTransferEncoding
            | Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthenticated | Self::SignInFailed(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden | Self::CrossSite => StatusCode::FORBIDDEN,
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::BodyTimeout => StatusCode::REQUEST_TIMEOUT,
            Self::Conflict(..) => StatusCode::CONFLICT,
            Self::PayloadTooLarge | Self::TooLarge | Self::TooLargeBecause(_) => {
                StatusCode::PAYLOAD_TOO_LARGE
            }
            Self::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Validation(_) | Self::IdempotencyKeyReused | Self::Invalid(_) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            Self::RateLimited { .. } | Self::TooManyAttempts => StatusCode::TOO_MANY_REQUESTS,
            Self::Busy(_)
            | Self::DatabaseUnavailable(_)
            | Self::OutcomeUnknown(_)
            | Self::Db(DbError::Unavailable(_) | DbError::OutcomeUnknown(_)) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            Self::Db(_) | Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The JSON answer, one of core's wire types. Messages are fixed texts or core's words:
    /// nothing from the request is echoed.
    pub(crate) fn body(&self) -> Answer {
        let error = |message: &str| Answer::Error(ErrorBody::new(message));
        let staff = |message: &str| {
            Answer::Staff(StaffErrorBody {
                error: message.to_owned(),
                current: None,
            })
        };
        match self {
            // core's fixed texts: the wizard shows the same ones for a value it can't read.
            Self::MalformedJson => error(banksia_core::application::NOT_JSON_MESSAGE),
            Self::SchemaMismatch => error(banksia_core::application::NOT_AN_APPLICATION_MESSAGE),
            Self::InvalidIdempotencyKey => {
                error("The Idempotency-Key header must be 1 to 255 visible ASCII characters.")
            }
            Self::UnreadableBody => error("The request body could not be read."),
            Self::MalformedRequest => error("The request is malformed."),
            Self::DuplicateHeader => error(
                "The request has more than one Content-Type, Content-Length or Idempotency-Key header.",
            ),
            Self::BadRequestTarget => error("The request target must be a path."),
            Self::BadHost => error("The request must have exactly one Host header."),
            Self::UnsupportedTransferEncoding => {
                error("The only transfer coding accepted is a single chunked.")
            }
            Self::BodyTimeout => error("The request body did not arrive in time."),
            Self::NotFound => error("Not found."),
            Self::MethodNotAllowed => error("Method not allowed."),
            Self::PayloadTooLarge => error("The request body is larger than 16 KiB."),
            Self::UnsupportedMediaType => error("The request body must be application/json."),
            Self::Validation(rejected) => Answer::Rejected(rejected.clone()),
            Self::IdempotencyKeyReused => Answer::Rejected(Box::new(ApplicationReport::refused(
                RequestPart::IdempotencyKey,
                "This Idempotency-Key was already used for a different application.",
            ))),
            Self::RateLimited { .. } => {
                error("Too many applications from this address. Please try again later.")
            }
            Self::DatabaseUnavailable(_) => error(
                "The service is temporarily unavailable. Your application was not submitted; please try again shortly.",
            ),
            Self::OutcomeUnknown(_) => Answer::Error(ErrorBody::outcome_unknown(
                "We could not confirm whether your application was received. Please try again with the same Idempotency-Key: if it was received, you will get its reference.",
            )),
            Self::Internal(_) => error("Something went wrong on our side. Please try again."),
            Self::BadRequest(m)
            | Self::SignInFailed(m)
            | Self::TooLargeBecause(m)
            | Self::Busy(m) => staff(m),
            Self::Unauthenticated => staff("Sign in to continue."),
            Self::Forbidden => staff("Your role does not allow this."),
            Self::CrossSite => staff("This request did not come from the staff console."),
            Self::Conflict(message, current) => Answer::Staff(StaffErrorBody {
                error: message.clone(),
                current: current.clone(),
            }),
            Self::Invalid(message) => staff(message),
            Self::TooLarge => staff("The request body is too large."),
            Self::TooManyAttempts => {
                staff("Too many sign-in attempts. Please wait a minute and try again.")
            }
            Self::Db(_) => staff(
                "The service is temporarily unavailable. Nothing was changed; please try again.",
            ),
        }
    }

    /// When to send again (`Retry-After`, in seconds), for the answers that say.
    fn retry_after(&self) -> Option<u64> {
        match self {
            Self::RateLimited { retry_after } => {
                let seconds = retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0);
                Some(seconds.max(1))
            }
            Self::TooManyAttempts | Self::Busy(_) => Some(60),
            _ if self.status() == StatusCode::SERVICE_UNAVAILABLE => Some(2),
            _ => None,
        }
    }

    /// Logs what the answer does not say (database and internal errors).
    fn log(&self) {
        match self {
            Self::DatabaseUnavailable(err) | Self::OutcomeUnknown(err) | Self::Db(err) => {
                tracing::warn!(error = %err, "database error")
            }
            Self::Internal(err) => tracing::error!(error = %err, "internal error"),
            _ => {}
        }
    }

    /// The answer: status, JSON body, `no-store`, and `Retry-After` where it says when.
    pub fn into_response(self) -> Response {
        self.response()
    }

    /// [`Self::into_response`] of an error still held (a rejection's).
    pub fn response(&self) -> Response {
        self.log();
        let mut response = warp::reply::with_status(warp::reply::json(&self.body()), self.status())
            .into_response();
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        if let Some(seconds) = self.retry_after() {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// The body of an error answer: a refused application (422), a message, or a staff call's
/// message (with the application's state on a 409).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum Answer {
    Rejected(Box<ApplicationReport>),
    Error(ErrorBody),
    Staff(StaffErrorBody),
}

/// The one `recover`: every rejection left after routing becomes a JSON error. A filter's own
/// refusal (a staff session, a permission, a body: [`ApiError`] as a custom rejection) is
/// answered first, whatever the other routes it was tried beside said. Unknown non-API paths
/// never get here: the site's 404 page answers them.
pub async fn handle_rejection(rejection: warp::Rejection) -> Result<Response, Infallible> {
    let error = if let Some(error) = rejection.find::<ApiError>() {
        return Ok(error.response());
    } else if rejection.is_not_found() {
        ApiError::NotFound
    } else if rejection.find::<warp::reject::MethodNotAllowed>().is_some() {
        ApiError::MethodNotAllowed
    } else if rejection.find::<warp::reject::PayloadTooLarge>().is_some() {
        ApiError::PayloadTooLarge
    } else if rejection.find::<warp::reject::LengthRequired>().is_some() {
        // A route that wants a length got chunks: a clear 400, never a 500.
        ApiError::MalformedRequest
    } else if rejection
        .find::<warp::reject::UnsupportedMediaType>()
        .is_some()
    {
        ApiError::UnsupportedMediaType
    } else if rejection.find::<warp::reject::InvalidHeader>().is_some()
        || rejection.find::<warp::reject::MissingHeader>().is_some()
        || rejection.find::<warp::reject::InvalidQuery>().is_some()
    {
        ApiError::MalformedRequest
    } else {
        ApiError::Internal(format!("unhandled rejection: {rejection:?}"))
    };
    Ok(error.into_response())
}

#[cfg(test)]
mod tests {
    use super::*;
    use warp::Filter;

    /// A route whose filter refuses (a staff session's 401) and, on the same path, one for
    /// another method: the refusal is the answer, in the staff body, never the other's 405.
    #[tokio::test]
    async fn a_filters_refusal_is_answered_before_the_other_routes_rejections() {
        let refusing = warp::path!("a").and(warp::post()).and_then(|| async {
            Err::<Response, _>(warp::reject::custom(ApiError::Unauthenticated))
        });
        let other = warp::path!("a")
            .and(warp::get())
            .map(|| warp::reply().into_response());
        let routes = refusing.or(other).unify().recover(handle_rejection);
        let answer = warp::test::request()
            .method("POST")
            .path("/a")
            .reply(&routes)
            .await;
        assert_eq!(answer.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(answer.headers()[header::CACHE_CONTROL], "no-store");
        assert_eq!(
            answer.body().as_ref(),
            br#"{"error":"Sign in to continue."}"#
        );
    }

    #[test]
    fn every_error_is_json_no_store_and_the_busy_and_limited_say_when_to_retry() {
        let conflict = ApiError::Conflict("Stale.".into(), None).into_response();
        assert_eq!(conflict.status(), StatusCode::CONFLICT);
        assert_eq!(conflict.headers()[header::CACHE_CONTROL], "no-store");
        assert!(conflict.headers().get(header::RETRY_AFTER).is_none());
        let down = ApiError::Db(DbError::Unavailable("gone".into())).into_response();
        assert_eq!(down.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(down.headers()[header::RETRY_AFTER], "2");
        let broken = ApiError::Db(DbError::DuplicateReference).into_response();
        assert_eq!(broken.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            ApiError::TooManyAttempts.into_response().headers()[header::RETRY_AFTER],
            "60"
        );
        let limited = ApiError::RateLimited {
            retry_after: Duration::from_millis(1500),
        };
        assert_eq!(limited.into_response().headers()[header::RETRY_AFTER], "2");
    }
}
