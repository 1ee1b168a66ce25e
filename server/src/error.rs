//! The API's one error type, and the one place that turns errors and rejections into responses.

use std::convert::Infallible;
use std::time::Duration;

use banksia_core::application_form::{ApplicationReport, RequestPart};
use banksia_wire::application::ErrorBody;
use serde::Serialize;
use warp::http::{HeaderValue, StatusCode, header};
use warp::reply::{Reply, Response};

use crate::db::DbError;

/// Everything a request to the API can fail with.
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
    /// 408: the body did not arrive within the body-read timeout.
    BodyTimeout,
    /// 404: no such API path.
    NotFound,
    /// 405: the path exists but not for this method.
    MethodNotAllowed,
    /// 413: the body is over the limit (16 KiB).
    PayloadTooLarge,
    /// 415: the body is not declared as `application/json`.
    UnsupportedMediaType,
    /// 422: the application breaks banksia-core's rules: core's report (messages per field,
    /// warnings and the step of the first error), the one the wizard's own checks return.
    /// (Boxed: the report has room for a whole normalised record; boxed, `ApiError` stays small.)
    Validation(Box<ApplicationReport>),
    /// 422: the `Idempotency-Key` was already used with a different body.
    IdempotencyKeyReused,
    /// 429: too many submissions from this client; retry after the given time.
    RateLimited { retry_after: Duration },
    /// 503: the database is unreachable; logged, answered generically.
    DatabaseUnavailable(DbError),
    /// 503: the insert was sent but its outcome never came back; a retry with the same
    /// Idempotency-Key answers whether it was stored.
    OutcomeUnknown(DbError),
    /// 500: anything else; logged, answered generically.
    Internal(String),
}

impl warp::reject::Reject for ApiError {}

impl From<DbError> for ApiError {
    fn from(err: DbError) -> Self {
        match err {
            DbError::Unavailable(_) => Self::DatabaseUnavailable(err),
            DbError::OutcomeUnknown(_) => Self::OutcomeUnknown(err),
            other => Self::Internal(other.to_string()),
        }
    }
}

impl ApiError {
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
            | Self::UnsupportedTransferEncoding => StatusCode::BAD_REQUEST,
            Self::BodyTimeout => StatusCode::REQUEST_TIMEOUT,
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Validation(_) | Self::IdempotencyKeyReused => StatusCode::UNPROCESSABLE_ENTITY,
            Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::DatabaseUnavailable(_) | Self::OutcomeUnknown(_) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The JSON answer, one of core's wire types. Messages are fixed texts: nothing from the
    /// request is echoed.
    pub(crate) fn body(&self) -> Answer {
        let error = |message: &str| Answer::Error(ErrorBody::new(message));
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
        }
    }

    pub fn into_response(self) -> Response {
        match &self {
            Self::DatabaseUnavailable(err) | Self::OutcomeUnknown(err) => {
                tracing::warn!(error = %err, "database unavailable")
            }
            Self::Internal(err) => tracing::error!(error = %err, "internal error"),
            _ => {}
        }
        let mut response = warp::reply::with_status(warp::reply::json(&self.body()), self.status())
            .into_response();
        if let Self::RateLimited { retry_after } = &self {
            let seconds = retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0);
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds.max(1)));
        }
        if self.status() == StatusCode::SERVICE_UNAVAILABLE {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
        }
        response
    }
}

/// The body of an error answer: a refused application (422) or a message.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum Answer {
    Rejected(Box<ApplicationReport>),
    Error(ErrorBody),
}

/// The one `recover`: every rejection left after routing becomes a JSON error.
/// Unknown non-API paths never get here: the site's 404 page answers them.
pub async fn handle_rejection(rejection: warp::Rejection) -> Result<Response, Infallible> {
    let error = if rejection.is_not_found() {
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
    let mut response = error.into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}
