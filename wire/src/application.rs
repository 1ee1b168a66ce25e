//! The bodies of the application API's answers (`POST /api/applications`), in one place: the
//! server writes them with serde, and the wizard (`site/src/components/application/submission.ts`)
//! reads them through this crate's generated TypeScript, so neither side declares them again.
//!
//! * 201: [`ApplicationCreated`].
//! * 422: an [`ApplicationReport`](banksia_core::application_form::ApplicationReport), the very
//!   envelope the wizard's own checks return: messages per field (or under `idempotency_key`
//!   for a reused key), warnings and the step of the first field in error.
//! * Anything else: [`ErrorBody`].
//!
//! ```
//! use banksia_wire::application::ErrorBody;
//!
//! assert_eq!(
//!     serde_json::to_string(&ErrorBody::new("Not found.")).unwrap(),
//!     r#"{"error":"Not found."}"#
//! );
//! assert_eq!(
//!     serde_json::to_string(&ErrorBody::outcome_unknown("Try again.")).unwrap(),
//!     r#"{"error":"Try again.","outcome":"unknown"}"#
//! );
//! ```

use serde::{Deserialize, Serialize};

use banksia_core::application::FieldMessages;

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
