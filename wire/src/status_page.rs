//! The bodies of the applicant's status page (`/api/application-status/…`): asking for a
//! one-time link, opening it, and answering an information request from it. The server writes
//! and reads them with serde; the status page (`site/src/scripts/application-status.ts`) reads
//! them through this crate's generated TypeScript.

use serde::{Deserialize, Serialize};

use banksia_core::review::{ApplicantWording, DeclineReason, Status};

/// `POST /api/application-status/link`: the applicant asks for a status link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct StatusLinkRequest {
    /// The application's reference.
    pub reference: String,
    /// The email it was made with.
    pub email: String,
}

/// The answer to [`StatusLinkRequest`]: the same whether or not the application exists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct StatusLinkSent {
    /// What to tell the person.
    pub message: String,
}

/// `POST /api/application-status/open`: the status behind a link (the link is used up).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ApplicationStatusView {
    /// The reference.
    pub reference: String,
    /// The product applied for.
    pub product: String,
    /// The status.
    pub status: Status,
    /// What the applicant reads about it.
    pub wording: ApplicantWording,
    /// The information request's message, while information is requested.
    pub information_request: Option<String>,
    /// The form to answer it with, while information is requested (none otherwise).
    pub answer: Option<AnswerForm>,
    /// Why the application was declined and what the applicant can do, as the decline email
    /// said it (`DeclineReason::applicant_explanation` of the reason stored with the
    /// decision); none unless declined.
    pub decline: Option<StatusDecline>,
}

/// A decline as the status page repeats it from the decline email.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct StatusDecline {
    /// Why, in plain words.
    pub reason: String,
    /// What the applicant can do next.
    pub next_step: String,
    /// How to complain: the bank first, then AFCA (`contact::complaint_path`).
    pub complaints: Vec<String>,
}

impl StatusDecline {
    /// The words of the decline email for `reason`.
    pub fn of(reason: DeclineReason) -> Self {
        let words = reason.applicant_explanation();
        Self {
            reason: words.reason.to_owned(),
            next_step: words.next_step.to_owned(),
            complaints: banksia_core::contact::complaint_path().to_vec(),
        }
    }
}

/// How the applicant may answer an information request from an opened status link: the limits
/// the server enforces (core's `review::information`), and the token that authorises one answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct AnswerForm {
    /// Send it with the answer, as `Authorization: Bearer <token>` (never in a URL or the
    /// body: the server checks it before it reads the documents); it works for one answer
    /// within `minutes`, to the information request on screen when the link was opened.
    pub token: String,
    /// How many minutes the form accepts an answer.
    pub minutes: i32,
    /// The most documents.
    pub max_documents: u32,
    /// The largest document, in bytes.
    pub max_document_bytes: u32,
    /// The longest message, in characters.
    pub max_message_chars: u32,
    /// The accepted types as people read them ("PDF, JPEG or PNG").
    pub accepted_types: String,
    /// The file input's `accept` (a hint to the picker; the server reads the content).
    pub accept: String,
    /// What the message box's help says: core's rule for the message
    /// (`review::information::ANSWER_MESSAGE_HELP`).
    pub message_help: String,
}

/// `POST /api/application-status/answer`: the applicant's answer, sent with the answer form's
/// token in `Authorization: Bearer …`. Documents travel as base64 inside the JSON
/// (ARCHITECTURE.md says why).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct InformationAnswer {
    /// The message (may be empty when a document is attached).
    #[serde(default)]
    pub message: String,
    /// The documents, in the order chosen.
    #[serde(default)]
    pub documents: Vec<AnswerDocument>,
}

/// One document of an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct AnswerDocument {
    /// The file's name as chosen, only so that a refusal can name it; never stored.
    #[serde(default)]
    pub name: String,
    /// The file's bytes, base64 (standard alphabet, padded).
    pub content: String,
}
