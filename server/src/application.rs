//! The adapter to banksia-core: parse the body into core's input, run core's rules (the very
//! functions the browser runs through WASM), and hand core's typed record to `db` as it is.
//! No rule lives here.

use banksia_core::application::details::{CustomerDetails, SubmissionInput, check_details};
use banksia_core::application::{AccountApplication, FieldMessages, Today, validate_application};
use banksia_core::application_form::ApplicationReport;
use chrono::{DateTime, Utc};
use sha2::Sha256;

use crate::error::ApiError;

/// The body as core's input: the application's fields, with the business and tax residency
/// details beside them. JSON that is not an object of the known fields is a 400; the message is
/// fixed (serde's would quote the input).
pub fn parse(body: &[u8]) -> Result<SubmissionInput, ApiError> {
    serde_json::from_slice(body).map_err(|err| match err.classify() {
        serde_json::error::Category::Data => ApiError::SchemaMismatch,
        _ => ApiError::MalformedJson,
    })
}

/// What core checked and the server stores: the application, its business and tax residency
/// details, and the application's warnings.
pub type Checked = (AccountApplication, CustomerDetails, FieldMessages);

/// Runs core's rules as of `today` (the moment: core judges the date of birth on the date in the
/// applicant's own state), the application's ([`validate_application`]) and the details'
/// ([`check_details`], the very functions the wizard runs through WASM): core's records to
/// store and the warnings, or one 422 with every failing field of both (the details' under
/// `details_errors`, with the wizard's page of the first).
pub fn validate(input: &SubmissionInput, today: Today) -> Result<Checked, ApiError> {
    let application = validate_application(&input.application, today);
    let details = check_details(&input.application, &input.details, today);
    let mut report = match application {
        Ok(valid) => match details.details {
            Some(checked) if details.errors.is_empty() => {
                return Ok((valid.application, checked, valid.warnings));
            }
            _ => ApplicationReport {
                warnings: valid.warnings,
                ..Default::default()
            },
        },
        Err(report) => report.into(),
    };
    if !details.errors.is_empty() {
        report.first_error_part = details.first_error_part();
        report.details_errors = Some(
            details
                .errors
                .into_iter()
                .map(|(key, messages)| (key.to_string(), messages))
                .collect(),
        );
    }
    Err(ApiError::Validation(Box::new(report)))
}

/// Now, as core's [`Today`]: core judges the date rules on the date in the applicant's own
/// state at this moment (the wizard hands core the browser's moment the same way).
pub fn today() -> Today {
    Today::At(DateTime::<Utc>::from(std::time::SystemTime::now()))
}

/// A fresh reference in core's format, from the operating system's randomness.
pub fn new_reference() -> Result<String, String> {
    let mut random = [0u8; 16];
    getrandom::fill(&mut random).map_err(|e| format!("no randomness: {e}"))?;
    Ok(banksia_core::reference::reference_from_random(random))
}

/// The label of the idempotency fingerprint's key, derived from `ID_ENCRYPTION_KEYS`
/// ([`crate::id_keys::IdKeys::derive_secrets`]).
pub const FINGERPRINT_KEY_LABEL: &str = "banksia idempotency fingerprint";

/// HMAC-SHA-256 under `key` of the body with insignificant differences (whitespace, key order)
/// removed, to tell a retry of the same application from a different one under the same
/// idempotency key. Keyed, so a database dump gives nothing to test guesses of the body (an ID
/// number among them) against.
pub fn fingerprint(key: &[u8], body: &[u8]) -> [u8; 32] {
    use hmac::{KeyInit, Mac};
    let canonical = serde_json::from_slice::<serde_json::Value>(body)
        .map(|v| v.to_string().into_bytes())
        .unwrap_or_else(|_| body.to_vec());
    let mut mac =
        hmac::Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(&canonical);
    mac.finalize().into_bytes().into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::Digest;

    #[test]
    fn fingerprint_ignores_layout_and_key_order() {
        let key = b"a server secret";
        assert_eq!(
            fingerprint(key, br#"{"a": 1, "b": "x"}"#),
            fingerprint(key, br#"{"b":"x","a":1}"#)
        );
        assert_ne!(
            fingerprint(key, br#"{"a": 1}"#),
            fingerprint(key, br#"{"a": 2}"#)
        );
    }

    #[test]
    fn fingerprint_is_keyed() {
        let body = br#"{"identification_number": "12345678"}"#;
        // Without the key, the plain digest of the body (what a dump could be tested against)
        // is not what is stored.
        let unkeyed: [u8; 32] = Sha256::digest(br#"{"identification_number":"12345678"}"#).into();
        assert_ne!(fingerprint(b"k1", body), unkeyed);
        assert_ne!(fingerprint(b"k1", body), fingerprint(b"k2", body));
    }

    #[test]
    fn parse_errors_never_quote_the_input() {
        for body in [
            &br#"{"first_name": "#[..],
            b"not json",
            br#"{"first_name": 42}"#,
            br#"{"secret_field": "x"}"#,
            b"[]",
        ] {
            let err = parse(body).expect_err("rejected");
            let text = serde_json::to_string(&err.body()).unwrap();
            assert!(
                !text.contains("secret_field") && !text.contains("42"),
                "{text}"
            );
        }
        assert!(matches!(
            parse(b"{\"first_name\":"),
            Err(ApiError::MalformedJson)
        ));
        assert!(matches!(
            parse(br#"{"first_name": 42}"#),
            Err(ApiError::SchemaMismatch)
        ));
    }
}
