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

use std::fmt;

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::application::{
    AccountApplication, AmountInput, ApplicationInput, Field, FieldMessages, UnexpectedValue,
    ValidationReport, validate_application, validate_step,
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
pub fn check_step(step: u8, input: &ApplicationInput, today: NaiveDate) -> ApplicationReport {
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
pub fn check_every_field(input: &ApplicationInput, today: NaiveDate) -> ApplicationReport {
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
pub fn check_application(input: &ApplicationInput, today: NaiveDate) -> ApplicationReport {
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

/// An [`ApplicationInput`] as a page sends it, read with much less code than its derived
/// `Deserialize` (one loop over [`Field`] names instead of code per field), which matters in
/// the browser's WASM module. It accepts exactly the JSON that [`ApplicationInput`] accepts
/// and reads it to the same value: amounts that are decimals (numbers, or text such as
/// `"1250.50"`) become [`AmountInput::Number`], other text [`AmountInput::Text`]; unknown,
/// repeated or wrongly typed fields are refused. [`FormReader`] does the reading for callers
/// with their own JSON reader.
///
/// ```
/// use banksia_core::application::{AmountInput, ApplicationInput};
/// use banksia_core::application_form::FormInput;
/// use rust_decimal::Decimal;
///
/// let json = r#"{"first_name": "Jane", "annual_income": "$85,000", "initial_deposit_amount": 25}"#;
/// let FormInput(input) = serde_json::from_str(json).unwrap();
/// assert_eq!(input, serde_json::from_str::<ApplicationInput>(json).unwrap());
/// assert_eq!(input.initial_deposit_amount, Some(AmountInput::Number(Decimal::from(25))));
/// assert!(serde_json::from_str::<FormInput>(r#"{"nickname": "J"}"#).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FormInput(pub ApplicationInput);

impl<'de> Deserialize<'de> for FormInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_map(FormInputVisitor)
            .map(FormInput)
    }
}

/// Builds an [`ApplicationInput`] one field at a time, by JSON name, with the checks of its
/// derived `Deserialize` (see [`FormInput`]).
///
/// ```
/// use banksia_core::application_form::{FieldValue, FormReader};
///
/// let mut reader = FormReader::default();
/// reader.set("first_name", FieldValue::Text("Jane".into())).unwrap();
/// reader.set("terms_accepted", FieldValue::Flag(true)).unwrap();
/// assert_eq!(
///     reader.set("first_name", FieldValue::Null).unwrap_err(),
///     "duplicate field `first_name`"
/// );
/// assert_eq!(
///     reader.set("last_name", FieldValue::Number("5".into())).unwrap_err(),
///     "last_name: expected text or null"
/// );
/// assert!(reader.set("nickname", FieldValue::Null).unwrap_err().starts_with("unknown field `nickname`"));
/// let input = reader.finish();
/// assert_eq!(input.first_name.as_deref(), Some("Jane"));
/// assert_eq!(input.terms_accepted, Some(true));
/// ```
#[derive(Debug, Clone, Default)]
pub struct FormReader {
    input: ApplicationInput,
    seen: [bool; Field::ALL.len()],
    /// Where the next name is first looked for: pages send the fields in form order.
    next: usize,
}

impl FormReader {
    /// Stores the value of the field named `name`, or says why it can't.
    pub fn set(&mut self, name: &str, value: FieldValue) -> Result<(), String> {
        let expected = Field::ALL
            .get(self.next)
            .filter(|field| field.as_str() == name);
        let field = expected
            .copied()
            .or_else(|| Field::parse(name))
            .ok_or_else(|| {
                format!(
                    "unknown field `{name}`, expected one of {}",
                    FIELD_NAMES.join(", ")
                )
            })?;
        self.set_field(field, value)
    }

    fn set_field(&mut self, field: Field, value: FieldValue) -> Result<(), String> {
        self.next = field as usize + 1;
        if std::mem::replace(&mut self.seen[field as usize], true) {
            return Err(format!("duplicate field `{}`", field.as_str()));
        }
        set_field(&mut self.input, field, value)
            .map_err(|expected| format!("{}: expected {expected}", field.as_str()))
    }

    /// The input read so far.
    pub fn finish(self) -> ApplicationInput {
        self.input
    }
}

struct FormInputVisitor;

impl<'de> Visitor<'de> for FormInputVisitor {
    type Value = ApplicationInput;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("an application")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ApplicationInput, A::Error> {
        let mut reader = FormReader::default();
        while let Some(field) = map.next_key_seed(FieldName)? {
            let value: FieldValue = map.next_value()?;
            reader.set_field(field, value).map_err(de::Error::custom)?;
        }
        Ok(reader.finish())
    }
}

/// A key read straight into its [`Field`], without allocating the name.
struct FieldName;

impl<'de> de::DeserializeSeed<'de> for FieldName {
    type Value = Field;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Field, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for FieldName {
    type Value = Field;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a field name")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Field, E> {
        Field::parse(name).ok_or_else(|| E::unknown_field(name, &FIELD_NAMES))
    }
}

/// The JSON names of the fields, in form order, for the unknown-field message.
const FIELD_NAMES: [&str; Field::ALL.len()] = {
    let mut names = [""; Field::ALL.len()];
    let mut index = 0;
    while index < names.len() {
        names[index] = Field::ALL[index].as_str();
        index += 1;
    }
    names
};

/// One field's value, of whatever kind it was sent as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldValue {
    /// `null`.
    Null,
    /// `true` or `false`.
    Flag(bool),
    /// A string.
    Text(String),
    /// A number, as written (`"25"`, `"1250.5"`, `"1e3"`).
    Number(String),
    /// An array or an object.
    Other,
}

impl<'de> Deserialize<'de> for FieldValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(FieldValueVisitor)
    }
}

struct FieldValueVisitor;

impl<'de> Visitor<'de> for FieldValueVisitor {
    type Value = FieldValue;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a field value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<FieldValue, E> {
        Ok(FieldValue::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<FieldValue, E> {
        Ok(FieldValue::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<FieldValue, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<FieldValue, E> {
        Ok(FieldValue::Flag(value))
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<FieldValue, E> {
        Ok(FieldValue::Text(value.to_string()))
    }

    fn visit_string<E: de::Error>(self, value: String) -> Result<FieldValue, E> {
        Ok(FieldValue::Text(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<FieldValue, E> {
        Ok(FieldValue::Number(value.to_string()))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<FieldValue, E> {
        Ok(FieldValue::Number(value.to_string()))
    }

    /// Through its shortest text, as `Decimal`'s own `Deserialize` reads a float.
    fn visit_f64<E: de::Error>(self, value: f64) -> Result<FieldValue, E> {
        Ok(FieldValue::Number(value.to_string()))
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<FieldValue, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(FieldValue::Other)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<FieldValue, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(FieldValue::Other)
    }
}

/// Text read as `Decimal`'s `Deserialize` reads it: plain, then scientific notation.
fn decimal(text: &str) -> Option<Decimal> {
    text.parse()
        .ok()
        .or_else(|| Decimal::from_scientific(text).ok())
}

/// Stores `value` in `field`, or says what kind of value the field takes.
fn set_field(
    input: &mut ApplicationInput,
    field: Field,
    value: FieldValue,
) -> Result<(), &'static str> {
    let text = |value: FieldValue| match value {
        FieldValue::Null => Ok(None),
        FieldValue::Text(text) => Ok(Some(text)),
        _ => Err("text or null"),
    };
    // The same choice as the untagged `AmountInput`: a decimal if it reads as one.
    let amount = |value: FieldValue| match value {
        FieldValue::Null => Ok(None),
        FieldValue::Number(number) => decimal(&number)
            .map(|number| Some(AmountInput::Number(number)))
            .ok_or("a number that fits"),
        FieldValue::Text(text) => Ok(Some(match decimal(&text) {
            Some(number) => AmountInput::Number(number),
            None => AmountInput::Text(text),
        })),
        _ => Err("a number, text or null"),
    };
    let flag = |value: FieldValue| match value {
        FieldValue::Null => Ok(None),
        FieldValue::Flag(flag) => Ok(Some(flag)),
        _ => Err("true, false or null"),
    };
    match field {
        Field::ApplicationType => input.application_type = text(value)?,
        Field::FirstName => input.first_name = text(value)?,
        Field::LastName => input.last_name = text(value)?,
        Field::Email => input.email = text(value)?,
        Field::Phone => input.phone = text(value)?,
        Field::DateOfBirth => input.date_of_birth = text(value)?,
        Field::AddressLine1 => input.address_line1 = text(value)?,
        Field::AddressLine2 => input.address_line2 = text(value)?,
        Field::City => input.city = text(value)?,
        Field::State => input.state = text(value)?,
        Field::PostalCode => input.postal_code = text(value)?,
        Field::EmploymentStatus => input.employment_status = text(value)?,
        Field::AnnualIncome => input.annual_income = amount(value)?,
        Field::EmployerName => input.employer_name = text(value)?,
        Field::IdentificationType => input.identification_type = text(value)?,
        Field::IdentificationNumber => input.identification_number = text(value)?,
        Field::InitialDepositAmount => input.initial_deposit_amount = amount(value)?,
        Field::TermsAccepted => input.terms_accepted = flag(value)?,
        Field::MarketingConsent => input.marketing_consent = flag(value)?,
        Field::UserId => {
            input.user_id = match value {
                FieldValue::Null => None,
                _ => Some(UnexpectedValue),
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::application::{Field, STEP_COUNT};

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

    /// Reads `json` both ways: the compact reader must agree with the derived one exactly.
    fn both(
        json: &str,
    ) -> (
        Result<ApplicationInput, String>,
        Result<ApplicationInput, String>,
    ) {
        (
            serde_json::from_str::<FormInput>(json)
                .map(|form| form.0)
                .map_err(|e| e.to_string()),
            serde_json::from_str::<ApplicationInput>(json).map_err(|e| e.to_string()),
        )
    }

    #[test]
    fn form_input_reads_what_application_input_reads() {
        let accepted = [
            "{}",
            r#"{"first_name": " Jane ", "last_name": null, "terms_accepted": true, "marketing_consent": null}"#,
            r#"{"annual_income": "$85,000", "initial_deposit_amount": 25}"#,
            r#"{"annual_income": 85000.5, "initial_deposit_amount": "1e3"}"#,
            r#"{"annual_income": "-20", "initial_deposit_amount": " 12 "}"#,
            r#"{"annual_income": 1e-7, "initial_deposit_amount": -0.0}"#,
            r#"{"annual_income": "", "initial_deposit_amount": "ten"}"#,
            r#"{"user_id": null}"#,
            r#"{"user_id": "abc"}"#,
            r#"{"user_id": {"nested": [1, 2, {"x": null}]}}"#,
            r#"{"user_id": [true]}"#,
        ];
        for json in accepted {
            let (compact, derived) = both(json);
            assert!(derived.is_ok(), "{json}: {derived:?}");
            assert_eq!(compact, derived, "{json}");
        }
        let refused = [
            r#"{"nickname": "J"}"#,
            r#"{"first_name": 5}"#,
            r#"{"first_name": ["J"]}"#,
            r#"{"terms_accepted": "yes"}"#,
            r#"{"annual_income": true}"#,
            r#"{"annual_income": {"amount": 1}}"#,
            r#"{"annual_income": 1.7976931348623157e308}"#,
            r#"{"first_name": "A", "first_name": "B"}"#,
            r#""Jane""#,
            "null",
        ];
        for json in refused {
            let (compact, derived) = both(json);
            assert!(compact.is_err(), "{json}: {compact:?}");
            assert!(derived.is_err(), "{json}: {derived:?}");
        }
        let (compact, _) = both(r#"{"first_name": 5}"#);
        assert_eq!(
            compact.unwrap_err(),
            "first_name: expected text or null at line 1 column 17"
        );
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
