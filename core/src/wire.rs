//! The bodies of the application API's answers (`POST /api/applications`), in one place: the
//! server writes them with serde, `wasm/build.rs` turns them into the TypeScript the wizard
//! reads them with, so neither side declares them again. (Core still knows nothing of HTTP:
//! these are shapes of data; which status carries which is the server's business.)
//!
//! ```
//! use banksia_core::application::{Field, FieldMessages};
//! use banksia_core::wire::{ApplicationRejected, ErrorBody, RejectedField};
//!
//! let rejected = ApplicationRejected {
//!     errors: [(RejectedField::Field(Field::City), vec!["City is required".to_owned()])].into(),
//!     warnings: FieldMessages::new(),
//!     first_error_step: Some(3),
//! };
//! assert_eq!(
//!     serde_json::to_string(&rejected).unwrap(),
//!     r#"{"errors":{"city":["City is required"]},"warnings":{},"first_error_step":3}"#
//! );
//! assert_eq!(
//!     serde_json::to_string(&ErrorBody::new("Not found.")).unwrap(),
//!     r#"{"error":"Not found."}"#
//! );
//! assert_eq!(
//!     serde_json::to_string(&ErrorBody::outcome_unknown("Try again.")).unwrap(),
//!     r#"{"error":"Try again.","outcome":"unknown"}"#
//! );
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::application::{Field, FieldMessages, ValidationReport};

/// A stored application (201; the same body sent again under the same Idempotency-Key gets the
/// same answer).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ApplicationCreated {
    /// The `BKS-` reference the bank issued.
    pub reference: String,
    /// The application's status when it was submitted (`pending`).
    pub status: String,
    /// When it was stored, RFC 3339 in UTC with milliseconds.
    pub submitted_at: String,
    /// The masked address a confirmation email was queued for, or null when none was.
    pub confirmation_email: Option<String>,
    /// core's warnings about the stored application (they never block), keyed by field.
    pub warnings: FieldMessages,
}

/// A key of [`ApplicationRejected::errors`]: a field of the application, or a part of the
/// request that is not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum RejectedField {
    /// A field of the application.
    Field(Field),
    /// A part of the request.
    Request(RequestPart),
}

/// A part of the request that can be refused beside the application's fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RequestPart {
    /// The `Idempotency-Key` was already used with a different body.
    IdempotencyKey,
}

/// An application refused (422): messages per field in form order, warnings, and the wizard
/// step of the first field in error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ApplicationRejected {
    /// Fields that fail, each with its messages (core's words).
    pub errors: BTreeMap<RejectedField, Vec<String>>,
    /// Fields worth a second look.
    pub warnings: FieldMessages,
    /// The wizard step (1 to 5) of the first field in error; null when no field of the
    /// application is (the Idempotency-Key was reused).
    pub first_error_step: Option<u8>,
}

impl From<ValidationReport> for ApplicationRejected {
    fn from(report: ValidationReport) -> Self {
        ApplicationRejected {
            first_error_step: report.first_error_step(),
            errors: report
                .errors
                .into_iter()
                .map(|(field, messages)| (RejectedField::Field(field), messages))
                .collect(),
            warnings: report.warnings,
        }
    }
}

/// Any other refusal or failure (400, 404, 405, 408, 413, 415, 429, 500, 503): one fixed
/// message that never echoes the request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ErrorBody {
    /// What went wrong, for a person.
    pub error: String,
    /// Present (`"unknown"`) only when the application was sent to the database and no answer
    /// came back: it may have been stored, and a retry with the same Idempotency-Key tells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub outcome: Option<SubmissionOutcome>,
}

impl ErrorBody {
    /// A plain error.
    pub fn new(error: impl Into<String>) -> Self {
        ErrorBody {
            error: error.into(),
            outcome: None,
        }
    }

    /// An error after which nobody knows whether the application was stored.
    pub fn outcome_unknown(error: impl Into<String>) -> Self {
        ErrorBody {
            error: error.into(),
            outcome: Some(SubmissionOutcome::Unknown),
        }
    }
}

/// What is known of a submission that failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SubmissionOutcome {
    /// It may or may not have been stored.
    Unknown,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejected_keys_read_back_and_keep_form_order_with_the_request_last() {
        let text = r#"{"errors":{"idempotency_key":["reused"],"phone":["bad"],"city":["missing"]},"warnings":{"postal_code":["check"]},"first_error_step":null}"#;
        let body: ApplicationRejected = serde_json::from_str(text).unwrap();
        let keys: Vec<_> = body.errors.keys().copied().collect();
        assert_eq!(
            keys,
            [
                RejectedField::Field(Field::Phone),
                RejectedField::Field(Field::City),
                RejectedField::Request(RequestPart::IdempotencyKey),
            ]
        );
        assert_eq!(
            serde_json::to_string(&body).unwrap(),
            r#"{"errors":{"phone":["bad"],"city":["missing"],"idempotency_key":["reused"]},"warnings":{"postal_code":["check"]},"first_error_step":null}"#
        );
    }
}
