//! The account application form's side of the rules: one report per check, shaped for a
//! wizard. It adds to [`ValidationReport`] the step to go back to and, once everything
//! passes, the normalised record, so a page needs nothing but this report.
//!
//! ```
//! use banksia_core::application::{ApplicationInput, Field};
//! use banksia_core::application_form::{check_application, check_step};
//! use chrono::NaiveDate;
//!
//! let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
//! let input = ApplicationInput { application_type: Some("savings".into()), ..Default::default() };
//! let step = check_step(1, &input, today);
//! assert!(step.errors.is_empty());
//! let whole = check_application(&input, today);
//! assert_eq!(whole.first_error_step, Some(2));
//! assert_eq!(whole.errors[&Field::FirstName], ["First name must be at least 2 characters"]);
//! assert!(whole.application.is_none());
//! ```

use serde::{Deserialize, Serialize};

use crate::application::{
    AccountApplication, ApplicationInput, FieldMessages, Today, ValidationReport,
    validate_application, validate_step,
};

/// The outcome of checking a step or the whole application. Serialises as
/// `{ "errors": {...}, "warnings": {...}, "first_error_step": 2, "application": null }`,
/// errors and warnings keyed by field in form order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ApplicationReport {
    /// Fields that fail, each with its message. A page that could not pass an application at
    /// all (a value of the wrong shape) gets its message under `input`.
    #[cfg_attr(
        feature = "typescript",
        ts(type = "{ [key in Field | \"input\"]?: Array<string> }")
    )]
    pub errors: FieldMessages,
    /// Fields worth a second look; they don't block.
    pub warnings: FieldMessages,
    /// The wizard step (1 to 5) of the first field in error, to go back to.
    pub first_error_step: Option<u8>,
    /// The typed, normalised record, when the whole application passes
    /// ([`check_application`] only).
    pub application: Option<AccountApplication>,
}

impl From<ValidationReport> for ApplicationReport {
    fn from(report: ValidationReport) -> Self {
        ApplicationReport {
            first_error_step: report.first_error_step(),
            errors: report.errors,
            warnings: report.warnings,
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
            errors: FieldMessages::new(),
            warnings: valid.warnings,
            first_error_step: None,
            application: Some(valid.application),
        },
        Err(report) => report.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::application::{Field, STEP_COUNT};
    use chrono::NaiveDate;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, 1).unwrap()
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
            assert_eq!(report.errors, plain.errors);
            assert_eq!(report.warnings, plain.warnings);
            assert!(report.application.is_none());
        }
        let report = check_step(3, &input, today());
        assert!(report.warnings.contains_key(&Field::PostalCode));
        assert_eq!(report.first_error_step, Some(3));
    }

    #[test]
    fn serialised_shape() {
        let report = check_step(1, &ApplicationInput::default(), today());
        assert_eq!(
            serde_json::to_value(report).unwrap(),
            serde_json::json!({
                "errors": { "application_type": ["Please choose an account type"] },
                "warnings": {},
                "first_error_step": 1,
                "application": null
            })
        );
    }
}
