//! The account application form's side of the rules: one report per check, shaped for a
//! wizard and for the API. [`ApplicationReport`] is the one envelope of the application's
//! messages: the wizard's checks in the browser (through WASM) return it, and the server answers
//! a refused application (422) with it, so the page reads both with one type. It adds to
//! [`ValidationReport`] the step to go back to and, once everything passes, the normalised
//! record, so a page needs nothing but this report.
//!
//! ```
//! use banksia_core::application::{ApplicationInput, Field};
//! use banksia_core::application_form::{MessageKey, check_application, check_step};
//! use chrono::NaiveDate;
//!
//! let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
//! let input = ApplicationInput { application_type: Some("savings".into()), ..Default::default() };
//! let step = check_step(1, &input, today);
//! assert!(step.errors.is_empty());
//! let whole = check_application(&input, today);
//! assert_eq!(whole.first_error_step, Some(2));
//! assert_eq!(
//!     whole.errors[&MessageKey::from(Field::FirstName)],
//!     ["First name must be at least 2 characters"]
//! );
//! assert!(whole.application.is_none());
//! ```

use serde::{Deserialize, Serialize};

use crate::application::{
    AccountApplication, ApplicationInput, DetailsPart, Field, FieldMessages, Today,
    ValidationReport, validate_application, validate_step,
};
use crate::entries::{EntryField, FieldErrors};

/// What a message of an [`ApplicationReport`] is about: a field of the application, or a part
/// of what was sent that is not one field. Serialised as its name (`"city"`, `"input"`,
/// `"idempotency_key"`), so in TypeScript it is the union `Field | RequestPart`; ordered as the
/// form is, the fields first.
///
/// ```
/// use banksia_core::application::Field;
/// use banksia_core::application_form::{MessageKey, RequestPart};
/// use banksia_core::entries::EntryField;
///
/// assert_eq!(serde_json::to_string(&MessageKey::from(Field::City)).unwrap(), r#""city""#);
/// assert_eq!(serde_json::to_string(&MessageKey::INPUT).unwrap(), r#""input""#);
/// let key: MessageKey = serde_json::from_str(r#""idempotency_key""#).unwrap();
/// assert_eq!(key, MessageKey::Request(RequestPart::IdempotencyKey));
/// assert!(MessageKey::from(Field::UserId) < MessageKey::INPUT);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum MessageKey {
    /// A field of the application.
    Field(Field),
    /// The application as a whole, or a part of the request that carries it.
    Request(RequestPart),
}

/// A part of what was sent, beside the application's fields, that a message can be about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RequestPart {
    /// The application as a whole (`input`): a value that is not JSON, or not one object of the
    /// form's fields, so no field can be checked.
    Input,
    /// The request's `Idempotency-Key` (`idempotency_key`), already used with a different
    /// application.
    IdempotencyKey,
}

impl From<Field> for MessageKey {
    fn from(field: Field) -> Self {
        MessageKey::Field(field)
    }
}

impl EntryField for MessageKey {
    const INPUT: Self = MessageKey::Request(RequestPart::Input);
}

/// The outcome of checking a step or the whole application, and the API's answer to an
/// application it refuses (422). Serialises as
/// `{ "errors": {...}, "warnings": {...}, "first_error_step": 2 }` with `"application": {...}`
/// added once the whole application passes; errors and warnings keyed in form order.
///
/// ```
/// use banksia_core::application::Field;
/// use banksia_core::application_form::{ApplicationReport, MessageKey, RequestPart};
///
/// let refused = ApplicationReport {
///     errors: [(MessageKey::from(Field::City), vec!["City is required".to_owned()])].into(),
///     first_error_step: Some(3),
///     ..Default::default()
/// };
/// assert_eq!(
///     serde_json::to_string(&refused).unwrap(),
///     r#"{"errors":{"city":["City is required"]},"warnings":{},"first_error_step":3}"#
/// );
/// let unread = ApplicationReport::unreadable("The application is not valid JSON.");
/// assert_eq!(
///     serde_json::to_string(&unread).unwrap(),
///     r#"{"errors":{"input":["The application is not valid JSON."]},"warnings":{},"first_error_step":null}"#
/// );
/// let reused = ApplicationReport::refused(RequestPart::IdempotencyKey, "Already used.");
/// assert_eq!(
///     serde_json::to_string(&reused).unwrap(),
///     r#"{"errors":{"idempotency_key":["Already used."]},"warnings":{},"first_error_step":null}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ApplicationReport {
    /// What fails, each with its messages (core's words): fields of the application, or under
    /// `input` the application as a whole when it could not be read, or a part of the request
    /// (`idempotency_key`).
    pub errors: FieldErrors<MessageKey>,
    /// Fields worth a second look; they don't block.
    pub warnings: FieldMessages,
    /// The wizard step (1 to 5) of the first field in error, to go back to; null when no field
    /// of the application is in error (it passes, or it could not be read, or only the request
    /// is refused).
    pub first_error_step: Option<u8>,
    /// The business and tax residency details' messages, keyed by path
    /// (`business.owners.0.full_name`, [`DetailKey`](crate::application::details::DetailKey)): the server's 422 when the application's
    /// own fields pass and the details don't (left out when there are none).
    /// Keyed by the path's text rather than [`DetailKey`](crate::application::details::DetailKey) itself: the wizard's package only
    /// ever passes this on, so it carries none of the details' key code (route budget).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub details_errors: Option<std::collections::BTreeMap<String, Vec<String>>>,
    /// The wizard's page of the details with the first of `details_errors`, to go back to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub first_error_part: Option<DetailsPart>,
    /// The typed, normalised record, when the whole application passes
    /// ([`check_application`] only); left out otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub application: Option<AccountApplication>,
}

impl ApplicationReport {
    /// A report of one message about `part`, and nothing else: no field was checked.
    pub fn refused(part: RequestPart, message: impl Into<String>) -> Self {
        let mut errors = FieldErrors::new();
        errors.insert(MessageKey::Request(part), vec![message.into()]);
        ApplicationReport {
            errors,
            ..Default::default()
        }
    }

    /// A report for an application that could not be read at all: `message` under `input`
    /// (core's [`NOT_JSON_MESSAGE`](crate::application::NOT_JSON_MESSAGE) or
    /// [`NOT_AN_APPLICATION_MESSAGE`](crate::application::NOT_AN_APPLICATION_MESSAGE)).
    pub fn unreadable(message: impl Into<String>) -> Self {
        Self::refused(RequestPart::Input, message)
    }

    /// The messages about one field of the application, if it is in error.
    pub fn errors_of(&self, field: Field) -> Option<&[String]> {
        self.errors
            .get(&MessageKey::Field(field))
            .map(Vec::as_slice)
    }
}

impl From<ValidationReport> for ApplicationReport {
    fn from(report: ValidationReport) -> Self {
        let first_error_step = report.first_error_step();
        // Inserted one by one rather than collected: collecting sorts first, and the sort's code
        // for this key type is bytes in the wizard's package for nothing (the fields come in
        // order already).
        let mut errors = FieldErrors::new();
        for (field, messages) in report.errors {
            errors.insert(MessageKey::Field(field), messages);
        }
        ApplicationReport {
            first_error_step,
            errors,
            warnings: report.warnings,
            details_errors: None,
            first_error_part: None,
            application: None,
        }
    }
}

/// Checks one wizard step's fields ([`validate_step`]; any step number outside 1 to 5 checks
/// everything).
pub fn check_step(
    step: u8,
    input: &ApplicationInput,
    today: impl Into<Today>,
) -> ApplicationReport {
    validate_step(step, input, today).into()
}

/// Checks every field, as [`check_application`] does, without building the record: the same
/// errors and warnings for less work, which is what a form needs before it submits (the server
/// builds the record it stores).
///
/// ```
/// use banksia_core::application::{ApplicationInput, Field};
/// use banksia_core::application_form::check_every_field;
/// use chrono::NaiveDate;
///
/// let report = check_every_field(&ApplicationInput::default(), NaiveDate::from_ymd_opt(2026, 3, 1).unwrap());
/// assert_eq!(report.errors.len(), 16);
/// assert_eq!(report.first_error_step, Some(1));
/// assert!(report.application.is_none());
/// ```
pub fn check_every_field(input: &ApplicationInput, today: impl Into<Today>) -> ApplicationReport {
    // Any step number outside 1 to 5 checks every field (see `validate_step`).
    validate_step(0, input, today).into()
}

/// Checks every field ([`validate_application`]); when all pass, the report carries the
/// normalised record.
///
/// ```
/// use banksia_core::application::ApplicationInput;
/// use banksia_core::application_form::check_application;
/// use chrono::NaiveDate;
///
/// let input: ApplicationInput = serde_json::from_str(r#"{
///     "application_type": "checking", "first_name": "Jane", "last_name": "Citizen",
///     "email": "jane@example.com", "phone": "0412 345 678", "date_of_birth": "1990-07-15",
///     "address_line1": "1 George Street", "city": "Sydney", "state": "VIC", "postal_code": "2000",
///     "employment_status": "casual", "annual_income": "$40,000", "identification_type": "passport",
///     "identification_number": "pa1234567", "initial_deposit_amount": 25, "terms_accepted": true
/// }"#).unwrap();
/// let report = check_application(&input, NaiveDate::from_ymd_opt(2026, 3, 1).unwrap());
/// assert!(report.errors.is_empty());
/// assert_eq!(report.first_error_step, None);
/// assert_eq!(report.application.unwrap().phone, "+61412345678");
/// // 2000 is a New South Wales postcode: a warning, not an error.
/// assert_eq!(report.warnings.len(), 1);
/// ```
pub fn check_application(input: &ApplicationInput, today: impl Into<Today>) -> ApplicationReport {
    match validate_application(input, today) {
        Ok(valid) => ApplicationReport {
            errors: FieldErrors::new(),
            warnings: valid.warnings,
            first_error_step: None,
            details_errors: None,
            first_error_part: None,
            application: Some(valid.application),
        },
        Err(report) => report.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::application::STEP_COUNT;
    use chrono::NaiveDate;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, 1).unwrap()
    }

    fn valid_input() -> ApplicationInput {
        serde_json::from_str(
            r#"{
                "application_type": "savings", "first_name": "Jane", "last_name": "Citizen",
                "email": "jane@example.com", "phone": "0412 345 678", "date_of_birth": "1990-07-15",
                "address_line1": "1 Collins Street", "city": "Melbourne", "state": "VIC",
                "postal_code": "3000", "employment_status": "full_time", "annual_income": 85000,
                "identification_type": "passport", "identification_number": "PA1234567",
                "initial_deposit_amount": 50, "terms_accepted": true
            }"#,
        )
        .unwrap()
    }

    #[test]
    fn reports_agree_with_the_validation_they_wrap() {
        let input = ApplicationInput {
            first_name: Some("J".into()),
            postal_code: Some("3000".into()),
            state: Some("NSW".into()),
            ..Default::default()
        };
        let every = check_every_field(&input, today());
        let whole = check_application(&input, today());
        assert_eq!(
            (&every.errors, &every.warnings),
            (&whole.errors, &whole.warnings)
        );
        for step in 0..=STEP_COUNT + 1 {
            let report = check_step(step, &input, today());
            let plain = validate_step(step, &input, today());
            assert_eq!(report.first_error_step, plain.first_error_step());
            assert_eq!(report.errors.len(), plain.errors.len());
            for (field, messages) in &plain.errors {
                assert_eq!(report.errors_of(*field), Some(messages.as_slice()));
            }
            assert_eq!(report.warnings, plain.warnings);
            assert!(report.application.is_none());
        }
        let report = check_step(3, &input, today());
        assert!(report.warnings.contains_key(&Field::PostalCode));
        assert_eq!(report.first_error_step, Some(3));
        assert_eq!(
            report.errors_of(Field::City),
            Some(&["City is required".to_owned()][..])
        );
        assert_eq!(report.errors_of(Field::FirstName), None);
    }

    #[test]
    fn serialised_shape_leaves_the_record_out_until_there_is_one() {
        let report = check_step(1, &ApplicationInput::default(), today());
        assert_eq!(
            serde_json::to_value(report).unwrap(),
            serde_json::json!({
                "errors": { "application_type": ["Please choose an account type"] },
                "warnings": {},
                "first_error_step": 1
            })
        );
        let passed = serde_json::to_value(check_application(&valid_input(), today())).unwrap();
        assert_eq!(passed["errors"], serde_json::json!({}));
        assert_eq!(passed["first_error_step"], serde_json::Value::Null);
        assert_eq!(passed["application"]["phone"], "+61412345678");
        let checked = serde_json::to_value(check_every_field(&valid_input(), today())).unwrap();
        assert!(checked.get("application").is_none(), "{checked}");
    }

    #[test]
    fn a_report_reads_back_with_its_keys_in_form_order_and_the_request_last() {
        let text = r#"{"errors":{"idempotency_key":["reused"],"input":["unread"],"phone":["bad"],"city":["missing"]},"warnings":{"postal_code":["check"]},"first_error_step":null}"#;
        let report: ApplicationReport = serde_json::from_str(text).unwrap();
        let keys: Vec<_> = report.errors.keys().copied().collect();
        assert_eq!(
            keys,
            [
                MessageKey::Field(Field::Phone),
                MessageKey::Field(Field::City),
                MessageKey::INPUT,
                MessageKey::Request(RequestPart::IdempotencyKey),
            ]
        );
        assert_eq!(report.application, None);
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            r#"{"errors":{"phone":["bad"],"city":["missing"],"input":["unread"],"idempotency_key":["reused"]},"warnings":{"postal_code":["check"]},"first_error_step":null}"#
        );
        // A key that is neither a field nor a part of the request is not a report's.
        assert!(
            serde_json::from_str::<ApplicationReport>(
                r#"{"errors":{"nickname":["x"]},"warnings":{},"first_error_step":null}"#
            )
            .is_err()
        );
    }

    #[test]
    fn every_field_and_request_part_is_a_key_under_its_own_name() {
        for field in Field::ALL {
            let key = serde_json::to_value(MessageKey::from(field)).unwrap();
            assert_eq!(key, field.as_str());
            assert_eq!(
                serde_json::from_value::<MessageKey>(key).unwrap(),
                field.into()
            );
        }
        for (part, name) in [
            (RequestPart::Input, "input"),
            (RequestPart::IdempotencyKey, "idempotency_key"),
        ] {
            let key = serde_json::to_value(MessageKey::Request(part)).unwrap();
            assert_eq!(key, name);
            assert!(Field::parse(name).is_none(), "{name} is also a field");
        }
    }
}
