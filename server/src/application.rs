//! The adapter to banksia-core: parse the body into core's input, run core's rules (the very
//! functions the browser runs through WASM), and hand core's typed record to `db` as it is.
//! No rule lives here.

use banksia_core::application::{
    AccountApplication, ApplicationInput, FieldMessages, Today, validate_application,
};
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

use crate::error::ApiError;

/// The body as core's input. JSON that is not an object of the known fields is a 400; the
/// message is fixed (serde's would quote the input).
pub fn parse(body: &[u8]) -> Result<ApplicationInput, ApiError> {
    serde_json::from_slice(body).map_err(|err| match err.classify() {
        serde_json::error::Category::Data => ApiError::SchemaMismatch,
        _ => ApiError::MalformedJson,
    })
}

/// Runs core's rules as of `today` (the moment: core judges the date of birth on the date in the
/// applicant's own state): core's record to store and the warnings, or a 422 with every
/// failing field.
pub fn validate(
    input: &ApplicationInput,
    today: Today,
) -> Result<(AccountApplication, FieldMessages), ApiError> {
    match validate_application(input, today) {
        Ok(valid) => Ok((valid.application, valid.warnings)),
        Err(report) => Err(ApiError::Validation(Box::new(report.into()))),
    }
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

/// SHA-256 of the body with insignificant differences (whitespace, key order) removed, to tell
/// a retry of the same application from a different one under the same idempotency key.
pub fn fingerprint(body: &[u8]) -> [u8; 32] {
    let canonical = serde_json::from_slice::<serde_json::Value>(body)
        .map(|v| v.to_string().into_bytes())
        .unwrap_or_else(|_| body.to_vec());
    Sha256::digest(&canonical).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprint_ignores_layout_and_key_order() {
        assert_eq!(
            fingerprint(br#"{"a": 1, "b": "x"}"#),
            fingerprint(br#"{"b":"x","a":1}"#)
        );
        assert_ne!(fingerprint(br#"{"a": 1}"#), fingerprint(br#"{"a": 2}"#));
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
