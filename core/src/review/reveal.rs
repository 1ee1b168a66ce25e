//! Showing a sealed number in full (an identification number, a tax file number): the staff
//! member first says why, from a fixed list so reveals can be counted and reviewed; the reason
//! goes into the audit row, and the console hides the number again after
//! [`REVEAL_SHOWN_SECONDS`].
//!
//! ```
//! use banksia_core::review::reveal::{RevealReason, RevealedField};
//! use banksia_core::review::events::AuditEvent;
//!
//! assert_eq!(RevealedField::TaxFileNumber.event(), AuditEvent::TfnRevealed);
//! assert_eq!(RevealReason::parse("verify_document"), Some(RevealReason::VerifyDocument));
//! ```
//!
//! A reveal refused says why in [`RevealRefusal`]'s words.

use serde::{Deserialize, Serialize};

use super::events::{AuditEvent, coded};

/// The refusal of any change to an application whose personal data was erased (and of a reveal
/// of its numbers).
pub const ERASED: &str = "This application's personal data was erased under the retention policy: nothing more can be added to it or changed.";

/// Why a number is not shown. The server answers each 409 with these words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RevealRefusal {
    /// The staff member's reveals in the last minute reached their limit.
    #[error(
        "You have revealed many identification numbers in the last minute. Wait a minute and try again."
    )]
    Throttled,
    /// The application's personal data was erased.
    #[error("{ERASED}")]
    Erased,
    /// No tax file number was given (it is optional).
    #[error("No tax file number is stored for this application.")]
    NoTaxFileNumber,
}

/// How long the console shows a revealed number before masking it again.
pub const REVEAL_SHOWN_SECONDS: u32 = 60;

coded! {
    /// Which sealed number.
    pub enum RevealedField {
        /// The identity document's number.
        IdentificationNumber = "identification_number",
        /// The tax file number.
        TaxFileNumber = "tax_file_number",
    }
}

impl RevealedField {
    /// The audit event of its reveal.
    pub const fn event(self) -> AuditEvent {
        match self {
            Self::IdentificationNumber => AuditEvent::IdRevealed,
            Self::TaxFileNumber => AuditEvent::TfnRevealed,
        }
    }

    /// Its name for people.
    pub const fn label(self) -> &'static str {
        match self {
            Self::IdentificationNumber => "identification number",
            Self::TaxFileNumber => "tax file number",
        }
    }
}

coded! {
    /// Why a number is revealed.
    pub enum RevealReason {
        /// To check it against the identity document or a verification service.
        VerifyDocument = "verify_document",
        /// The applicant is on the line and the number is being confirmed with them.
        ConfirmWithApplicant = "confirm_with_applicant",
        /// A risk, fraud or compliance check.
        ComplianceCheck = "compliance_check",
        /// The applicant reported a mistake in it.
        CorrectionReported = "correction_reported",
    }
}

impl RevealReason {
    /// The console's words for it.
    pub const fn label(self) -> &'static str {
        match self {
            Self::VerifyDocument => "Check it against the document or a verification service",
            Self::ConfirmWithApplicant => "Confirm it with the applicant",
            Self::ComplianceCheck => "A risk, fraud or compliance check",
            Self::CorrectionReported => "The applicant reported a mistake in it",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words the console has always shown (the server answers them 409).
    #[test]
    fn every_refusal_has_its_words() {
        let table = [
            (
                RevealRefusal::Throttled,
                "You have revealed many identification numbers in the last minute. Wait a minute and try again.",
            ),
            (
                RevealRefusal::Erased,
                "This application's personal data was erased under the retention policy: nothing more can be added to it or changed.",
            ),
            (
                RevealRefusal::NoTaxFileNumber,
                "No tax file number is stored for this application.",
            ),
        ];
        for (refusal, words) in table {
            assert_eq!(refusal.to_string(), words);
        }
    }
}
