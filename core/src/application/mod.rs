//! The account application: what the wizard sends ([`ApplicationInput`]), the validated record
//! ([`AccountApplication`]) and the rules between them.
//!
//! * Every field of spec section 3 is optional in [`ApplicationInput`], so a half-filled
//!   wizard step can be checked with [`validate_step`]; [`validate_application`] checks them
//!   all and returns the typed, normalised record.
//! * Normalisation comes first: text is trimmed (blank counts as missing); amounts are JSON
//!   numbers or text such as `"$1,250.50"`; the phone number becomes `+61…`; the email's
//!   domain is lower-cased; the identification number is upper-cased.
//! * Every failing field is reported at once, with one message each (the first failing rule of
//!   the field). Rules and messages are data: [`Field::rules`]. A postcode outside the chosen
//!   state's ranges is a warning, returned beside the errors.
//! * The minimum deposit ([`AccountType::minimum_deposit_hint`]) is a hint only and is never
//!   enforced, as the spec says.
//!
//! ```
//! use banksia_core::application::{validate_application, validate_step, ApplicationInput, Field};
//! use chrono::NaiveDate;
//!
//! let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
//! let input: ApplicationInput = serde_json::from_str(r#"{
//!     "application_type": "savings",
//!     "first_name": " Jane ", "last_name": "Citizen",
//!     "email": "jane@example.com.au", "phone": "0412 345 678", "date_of_birth": "1990-07-15",
//!     "address_line1": "1 Collins Street", "address_line2": "", "city": "Melbourne",
//!     "state": "VIC", "postal_code": "3000",
//!     "employment_status": "full_time", "annual_income": "$85,000", "employer_name": null,
//!     "identification_type": "passport", "identification_number": "pa1234567",
//!     "initial_deposit_amount": 50, "terms_accepted": true, "marketing_consent": false,
//!     "user_id": null
//! }"#).unwrap();
//!
//! assert!(validate_step(2, &input, today).is_valid());
//! let valid = validate_application(&input, today).unwrap();
//! assert_eq!(valid.application.first_name, "Jane");
//! assert_eq!(valid.application.phone, "+61412345678");
//! assert_eq!(valid.application.annual_income.to_string(), "85000.00");
//! assert_eq!(valid.application.address_line2, None);
//!
//! let half_filled = ApplicationInput { first_name: Some("J".into()), ..Default::default() };
//! let report = validate_step(2, &half_filled, today);
//! assert_eq!(report.errors[&Field::FirstName], vec!["First name must be at least 2 characters"]);
//! assert_eq!(report.errors[&Field::DateOfBirth], vec!["Date of birth is required"]);
//! assert_eq!(report.first_error_step(), Some(2));
//! ```

pub mod checks;
pub mod details;
mod field;
mod inputs;
mod options;
mod steps;
mod summary;
pub mod tax_numbers;
pub mod today;

use std::borrow::Cow;
use std::collections::BTreeMap;

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

pub use crate::money::AmountInput;
use crate::money::round_to_cents;

pub use field::{
    Field, MAX_ANNUAL_INCOME, MAX_INITIAL_DEPOSIT, MINIMUM_AGE_YEARS, Rule, STEP_COUNT,
};
pub use inputs::{FieldInput, InputKind, InputLink, step_inputs};
pub use options::{
    AccountType, AccountTypeOption, ApplicantRole, AustralianState, Country, EmploymentStatus,
    EntityType, FormOptions, IdentificationType, MINIMUM_DEPOSIT_HINT, NatureOfBusiness,
    NoTinReason, OwnerRole, SelectOption, form_options,
};
pub use steps::{
    DetailsPart, WizardPage, WizardStep, page_of_part, wizard_pages, wizard_pages_for, wizard_steps,
};
pub use summary::{
    APPLICANT_ROLE_GROUP, BUSINESS_GROUP, DetailsSummaryRow, NOT_PROVIDED, SummaryRow, TAX_GROUP,
    answer_summary, details_summary,
};
pub use tax_numbers::{Abn, Acn, NumberError, NumberKind, NumberProblem, Tfn};
pub use today::Today;

/// The answer when an application is not JSON at all: the server's 400 and the wizard's
/// `input` message.
pub const NOT_JSON_MESSAGE: &str = "The application is not valid JSON.";

/// The answer when an application is JSON but not one object of the form's fields (an array,
/// an unknown or repeated field, a value of the wrong kind): the server's 400 and the wizard's
/// `input` message. Fixed, so that nothing of the input is echoed.
pub const NOT_AN_APPLICATION_MESSAGE: &str = "The application must be one JSON object of the form's fields, each at most once, with text, a number, true or false, or null as the field takes.";

/// Stands for any non-null value given where none is allowed (`user_id`). It accepts every
/// JSON value, so a supplied user id is reported as a field error rather than failing to
/// parse; the value itself is not kept and serialises as `true`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UnexpectedValue;

impl Serialize for UnexpectedValue {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(true)
    }
}

impl<'de> Deserialize<'de> for UnexpectedValue {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(deserializer).map(|_| Self)
    }
}

/// What the wizard sends: every spec section 3 field, each optional so that a half-filled
/// step can be validated. Unknown fields are refused.
///
/// ```
/// use banksia_core::application::ApplicationInput;
///
/// let input: ApplicationInput = serde_json::from_str(r#"{"first_name": "Jane"}"#).unwrap();
/// assert_eq!(input.first_name.as_deref(), Some("Jane"));
/// assert!(serde_json::from_str::<ApplicationInput>(r#"{"nickname": "J"}"#).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(remote = "Self", rename_all = "snake_case", deny_unknown_fields)]
pub struct ApplicationInput {
    /// `checking`, `savings`, `business_checking` or `business_savings`.
    pub application_type: Option<String>,
    /// First name.
    pub first_name: Option<String>,
    /// Last name.
    pub last_name: Option<String>,
    /// Email address.
    pub email: Option<String>,
    /// Australian phone number, mobile or landline.
    pub phone: Option<String>,
    /// `YYYY-MM-DD`.
    pub date_of_birth: Option<String>,
    /// Street address.
    pub address_line1: Option<String>,
    /// Unit or apartment (optional).
    pub address_line2: Option<String>,
    /// City or suburb.
    pub city: Option<String>,
    /// State or territory code (`NSW`…) or full name.
    pub state: Option<String>,
    /// Postcode.
    pub postal_code: Option<String>,
    /// `full_time`, `part_time`, `casual`, `self_employed`, `retired`, `student` or `unemployed`.
    pub employment_status: Option<String>,
    /// Annual income in AUD.
    pub annual_income: Option<AmountInput>,
    /// Employer name (optional).
    pub employer_name: Option<String>,
    /// `drivers_license`, `passport` or `proof_of_age_card`.
    pub identification_type: Option<String>,
    /// The document's number.
    pub identification_number: Option<String>,
    /// First deposit in AUD.
    pub initial_deposit_amount: Option<AmountInput>,
    /// The terms and conditions box.
    pub terms_accepted: Option<bool>,
    /// The promotional emails box (optional, defaults to false).
    pub marketing_consent: Option<bool>,
    /// Must be null: applications are anonymous.
    #[cfg_attr(feature = "typescript", ts(as = "Option<()>", optional = nullable))]
    pub user_id: Option<UnexpectedValue>,
}

crate::reading::deserialize_object_only!(ApplicationInput, Serialize);

/// A validated application: typed, trimmed and normalised, ready to be stored (`user_id` is
/// always NULL and so is not carried).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct AccountApplication {
    /// The account applied for.
    pub application_type: AccountType,
    /// Trimmed first name.
    pub first_name: String,
    /// Trimmed last name.
    pub last_name: String,
    /// Trimmed email, domain lower-cased.
    pub email: String,
    /// Phone in international form, `+61` and 9 digits.
    pub phone: String,
    /// Date of birth.
    pub date_of_birth: NaiveDate,
    /// Street address.
    pub address_line1: String,
    /// Unit or apartment, if given.
    pub address_line2: Option<String>,
    /// City or suburb.
    pub city: String,
    /// State or territory.
    pub state: AustralianState,
    /// Four-digit postcode.
    pub postal_code: String,
    /// Employment status.
    pub employment_status: EmploymentStatus,
    /// Annual income in AUD, two decimal places.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_income: Decimal,
    /// Employer name, if given.
    pub employer_name: Option<String>,
    /// Identification document.
    pub identification_type: IdentificationType,
    /// Identification number, upper-cased.
    pub identification_number: String,
    /// First deposit in AUD, two decimal places.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub initial_deposit_amount: Decimal,
    /// Always true once validated.
    pub terms_accepted: bool,
    /// Promotional emails wanted.
    pub marketing_consent: bool,
}

impl AccountApplication {
    /// The record as wizard input again (validating it gives the same record back).
    ///
    /// ```
    /// # use banksia_core::application::*;
    /// # use chrono::NaiveDate;
    /// # let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
    /// # let input: ApplicationInput = serde_json::from_str(r#"{
    /// #   "application_type": "checking", "first_name": "Jane", "last_name": "Citizen",
    /// #   "email": "jane@example.com", "phone": "0412345678", "date_of_birth": "1990-07-15",
    /// #   "address_line1": "1 George Street", "city": "Sydney", "state": "NSW", "postal_code": "2000",
    /// #   "employment_status": "casual", "annual_income": 40000, "identification_type": "passport",
    /// #   "identification_number": "PA1234567", "initial_deposit_amount": 25, "terms_accepted": true
    /// # }"#).unwrap();
    /// let application = validate_application(&input, today).unwrap().application;
    /// let again = validate_application(&application.to_input(), today).unwrap().application;
    /// assert_eq!(again, application);
    /// ```
    pub fn to_input(&self) -> ApplicationInput {
        ApplicationInput {
            application_type: Some(self.application_type.as_str().to_string()),
            first_name: Some(self.first_name.clone()),
            last_name: Some(self.last_name.clone()),
            email: Some(self.email.clone()),
            phone: Some(self.phone.clone()),
            date_of_birth: Some(self.date_of_birth.format("%Y-%m-%d").to_string()),
            address_line1: Some(self.address_line1.clone()),
            address_line2: self.address_line2.clone(),
            city: Some(self.city.clone()),
            state: Some(self.state.as_str().to_string()),
            postal_code: Some(self.postal_code.clone()),
            employment_status: Some(self.employment_status.as_str().to_string()),
            annual_income: Some(self.annual_income.into()),
            employer_name: self.employer_name.clone(),
            identification_type: Some(self.identification_type.as_str().to_string()),
            identification_number: Some(self.identification_number.clone()),
            initial_deposit_amount: Some(self.initial_deposit_amount.into()),
            terms_accepted: Some(self.terms_accepted),
            marketing_consent: Some(self.marketing_consent),
            user_id: None,
        }
    }
}

/// Messages per field of the application, in form order: the one map of messages per key
/// ([`FieldErrors`](crate::entries::FieldErrors)) keyed by [`Field`]. An
/// [`ApplicationReport`](crate::application_form::ApplicationReport)'s errors use the same map
/// keyed more widely, so that a message about the application as a whole fits in too.
pub type FieldMessages = crate::entries::FieldErrors<Field>;

/// The outcome of checking some fields: errors block, warnings only inform. Serialises as
/// `{"errors": {"first_name": ["..."]}, "warnings": {}}`, keys in form order.
///
/// ```
/// use banksia_core::application::{validate_step, ApplicationInput, Field};
/// use chrono::NaiveDate;
///
/// let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
/// let input = ApplicationInput { city: Some("X".into()), ..Default::default() };
/// let report = validate_step(3, &input, today);
/// assert!(!report.is_valid());
/// assert_eq!(report.first_error_field(), Some(Field::AddressLine1));
/// assert_eq!(report.first_error_step(), Some(3));
/// assert_eq!(
///     serde_json::to_value(&report).unwrap()["errors"]["city"][0],
///     "City is required"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct ValidationReport {
    /// Fields that fail, each with its message.
    pub errors: FieldMessages,
    /// Fields worth a second look (they don't block).
    pub warnings: FieldMessages,
}

impl ValidationReport {
    /// No errors (warnings allowed).
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }

    /// The first field in form order with an error.
    pub fn first_error_field(&self) -> Option<Field> {
        self.errors.keys().next().copied()
    }

    /// The step of the first field with an error, for the wizard to jump to.
    pub fn first_error_step(&self) -> Option<u8> {
        self.first_error_field().map(Field::step)
    }
}

/// A valid application and any warnings about it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct ValidatedApplication {
    /// The typed, normalised record.
    pub application: AccountApplication,
    /// Warnings to show; they did not block.
    pub warnings: FieldMessages,
}

/// Checks the fields of one wizard step (spec section 5): 1 account type; 2 names, email,
/// phone, date of birth; 3 address, city, state, postcode; 4 employment, income, ID type and
/// number; 5 deposit and terms (and that `user_id` is null). Optional fields of the step are
/// checked too when filled in (e.g. the unit's length on step 3). Any other step number checks
/// the whole application, so a wrong step can never let invalid data through.
///
/// ```
/// use banksia_core::application::{validate_step, ApplicationInput, Field};
/// use chrono::NaiveDate;
///
/// let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
/// let input = ApplicationInput { application_type: Some("savings".into()), ..Default::default() };
/// assert!(validate_step(1, &input, today).is_valid());
/// let report = validate_step(5, &input, today);
/// assert_eq!(
///     report.errors.keys().copied().collect::<Vec<_>>(),
///     vec![Field::InitialDepositAmount, Field::TermsAccepted]
/// );
/// ```
pub fn validate_step(
    step: u8,
    input: &ApplicationInput,
    today: impl Into<Today>,
) -> ValidationReport {
    let today = today.into();
    if (1..=STEP_COUNT).contains(&step) {
        validate_fields(
            Field::ALL.into_iter().filter(|f| f.step() == step),
            input,
            today,
        )
    } else {
        validate_fields(Field::ALL, input, today)
    }
}

/// Checks every field; on success returns the typed record with its warnings, otherwise the
/// report with every failing field.
///
/// ```
/// use banksia_core::application::{validate_application, ApplicationInput, Field};
/// use chrono::NaiveDate;
///
/// let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
/// let report = validate_application(&ApplicationInput::default(), today).unwrap_err();
/// assert_eq!(report.errors.len(), 16);
/// assert_eq!(report.errors[&Field::TermsAccepted], vec!["You must accept the terms and conditions"]);
/// ```
pub fn validate_application(
    input: &ApplicationInput,
    today: impl Into<Today>,
) -> Result<ValidatedApplication, ValidationReport> {
    let report = validate_fields(Field::ALL, input, today.into());
    if !report.is_valid() {
        return Err(report);
    }
    match build(input) {
        Some(application) => Ok(ValidatedApplication {
            application,
            warnings: report.warnings,
        }),
        // Unreachable when the rules pass; reported rather than panicking.
        None => Err(ValidationReport {
            errors: BTreeMap::from([(
                Field::ApplicationType,
                vec!["The application could not be read".to_string()],
            )]),
            warnings: report.warnings,
        }),
    }
}

/// A field's value after trimming (text also in NFC, as it is stored).
enum Value<'a> {
    Missing,
    Text(Cow<'a, str>),
    Amount(&'a AmountInput),
    Flag(bool),
    Supplied,
}

fn trimmed(value: &Option<String>) -> Option<&str> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty())
}

/// Trimmed and in Unicode's composed form (NFC), so that the two encodings of "Nguyễn" are one
/// text, of one length, checked and stored alike.
fn normalised(value: &Option<String>) -> Option<Cow<'_, str>> {
    trimmed(value).map(checks::nfc)
}

fn text_value(value: &Option<String>) -> Value<'_> {
    normalised(value).map_or(Value::Missing, Value::Text)
}

fn value_of(input: &ApplicationInput, field: Field) -> Value<'_> {
    let text = text_value;
    match field {
        Field::ApplicationType => text(&input.application_type),
        Field::FirstName => text(&input.first_name),
        Field::LastName => text(&input.last_name),
        Field::Email => text(&input.email),
        Field::Phone => text(&input.phone),
        Field::DateOfBirth => text(&input.date_of_birth),
        Field::AddressLine1 => text(&input.address_line1),
        Field::AddressLine2 => text(&input.address_line2),
        Field::City => text(&input.city),
        Field::State => text(&input.state),
        Field::PostalCode => text(&input.postal_code),
        Field::EmploymentStatus => text(&input.employment_status),
        Field::AnnualIncome | Field::InitialDepositAmount => {
            let amount = if field == Field::AnnualIncome {
                &input.annual_income
            } else {
                &input.initial_deposit_amount
            };
            match amount {
                Some(amount) if !amount.is_blank() => Value::Amount(amount),
                _ => Value::Missing,
            }
        }
        Field::EmployerName => text(&input.employer_name),
        Field::IdentificationType => text(&input.identification_type),
        Field::IdentificationNumber => text(&input.identification_number),
        Field::TermsAccepted => input.terms_accepted.map_or(Value::Missing, Value::Flag),
        Field::MarketingConsent => input.marketing_consent.map_or(Value::Missing, Value::Flag),
        Field::UserId => input.user_id.map_or(Value::Missing, |_| Value::Supplied),
    }
}

fn state_of(text: &str) -> Option<AustralianState> {
    AustralianState::parse(text).or_else(|| {
        AustralianState::ALL
            .iter()
            .copied()
            .find(|state| state.full_name().eq_ignore_ascii_case(text))
    })
}

fn is_option(field: Field, text: &str) -> bool {
    match field {
        Field::ApplicationType => AccountType::parse(text).is_some(),
        Field::State => state_of(text).is_some(),
        Field::EmploymentStatus => EmploymentStatus::parse(text).is_some(),
        Field::IdentificationType => IdentificationType::parse(text).is_some(),
        _ => true,
    }
}

/// What a rule may need beside the value: whether a text is one of the field's options, and
/// the state chosen with the address the value belongs to.
struct RuleContext<'a> {
    is_option: &'a dyn Fn(&str) -> bool,
    state: Option<AustralianState>,
}

/// Whether `value` satisfies `rule`. Rules that don't apply to the value's kind pass.
fn satisfies(rule: &Rule, value: &Value<'_>, context: &RuleContext<'_>, today: NaiveDate) -> bool {
    match (rule, value) {
        (Rule::Required { .. }, Value::Missing) => false,
        (Rule::MustBeTrue { .. }, value) => matches!(value, Value::Flag(true)),
        (Rule::MustBeEmpty { .. }, value) => !matches!(value, Value::Supplied),
        (_, Value::Missing) => true,
        (Rule::MinChars { min, .. }, Value::Text(text)) => {
            checks::visible_len(text) >= *min as usize
        }
        (Rule::MaxChars { max, .. }, Value::Text(text)) => text.chars().count() <= *max as usize,
        (Rule::NoControlCharacters { .. }, Value::Text(text)) => checks::is_plain_text(text),
        (Rule::OneOf { .. }, Value::Text(text)) => (context.is_option)(text),
        (Rule::Email { .. }, Value::Text(text)) => checks::is_valid_email(text),
        (Rule::AustralianPhone { .. }, Value::Text(text)) => {
            checks::normalise_phone(text).is_some()
        }
        (Rule::AustralianPostcode { .. }, Value::Text(text)) => {
            checks::is_four_digit_postcode(text)
        }
        (Rule::PostcodeMatchesState { .. }, Value::Text(text)) => {
            match (context.state, text.parse::<u16>()) {
                (Some(state), Ok(postcode)) if checks::is_four_digit_postcode(text) => {
                    state.has_postcode(postcode)
                }
                _ => true,
            }
        }
        (Rule::FourDigitYear { .. }, Value::Text(text)) => checks::year_has_four_digits(text),
        (Rule::Date { .. }, Value::Text(text)) => checks::parse_iso_date(text).is_some(),
        (Rule::InThePast { .. }, Value::Text(text)) => {
            checks::parse_iso_date(text).is_none_or(|date| date < today)
        }
        (Rule::MinimumAge { years, .. }, Value::Text(text)) => checks::parse_iso_date(text)
            .is_none_or(|date| i64::from(checks::age_on(date, today)) >= i64::from(*years)),
        (Rule::MaximumAge { years, .. }, Value::Text(text)) => checks::parse_iso_date(text)
            .is_none_or(|date| i64::from(checks::age_on(date, today)) <= i64::from(*years)),
        (Rule::IdentifierCharacters { .. }, Value::Text(text)) => checks::is_identifier(text),
        (Rule::Amount { .. }, Value::Amount(amount)) => amount.to_decimal().is_ok(),
        (Rule::NotNegative { .. }, Value::Amount(amount)) => amount
            .to_decimal()
            .map_or(true, |value| !value.is_sign_negative() || value.is_zero()),
        (Rule::AtMostTwoDecimals { .. }, Value::Amount(amount)) => amount
            .to_decimal()
            .map_or(true, |value| value.normalize().scale() <= 2),
        (Rule::MaxAmount { max, .. }, Value::Amount(amount)) => {
            amount.to_decimal().map_or(true, |value| value <= *max)
        }
        (Rule::RegisteredNumber { kind, problem, .. }, Value::Text(text)) => {
            kind.problem_with(text) != Some(*problem)
        }
        _ => true,
    }
}

fn message_for(rule: &Rule, state: Option<AustralianState>) -> String {
    let message = rule.message();
    if message.contains("{state}") {
        let state = state.map_or("the chosen state", AustralianState::full_name);
        message.replace("{state}", state)
    } else {
        message.to_string()
    }
}

fn validate_fields(
    fields: impl IntoIterator<Item = Field>,
    input: &ApplicationInput,
    today: Today,
) -> ValidationReport {
    // The date rules judge the date in the applicant's own state (step 3), once it is known.
    let state = trimmed(&input.state).and_then(state_of);
    let today = today.date_in(state);
    let mut report = ValidationReport::default();
    for field in fields {
        let value = value_of(input, field);
        let is_option = |text: &str| is_option(field, text);
        let context = RuleContext {
            is_option: &is_option,
            state,
        };
        let (errors, warnings) = check_rules(field.rules(), &value, &context, today);
        if let Some(error) = errors {
            report.errors.insert(field, vec![error]);
        } else if !warnings.is_empty() {
            report.warnings.insert(field, warnings);
        }
    }
    report
}

/// Runs one value's rules: the message of the first failing error rule, or, when none fails,
/// the messages of the failing warning rules.
fn check_rules(
    rules: &[Rule],
    value: &Value<'_>,
    context: &RuleContext<'_>,
    today: NaiveDate,
) -> (Option<String>, Vec<String>) {
    let error = rules
        .iter()
        .filter(|rule| !rule.is_warning())
        .find(|rule| !satisfies(rule, value, context, today));
    if let Some(rule) = error {
        return (Some(message_for(rule, context.state)), Vec::new());
    }
    let warnings = rules
        .iter()
        .filter(|rule| rule.is_warning() && !satisfies(rule, value, context, today))
        .map(|rule| message_for(rule, context.state))
        .collect();
    (None, warnings)
}

/// The typed record, assuming the rules have passed (`None` otherwise).
fn build(input: &ApplicationInput) -> Option<AccountApplication> {
    let text = |value: &Option<String>| normalised(value).map(Cow::into_owned);
    let amount = |value: &Option<AmountInput>| {
        value
            .as_ref()
            .and_then(|amount| amount.to_decimal().ok())
            .map(round_to_cents)
    };
    Some(AccountApplication {
        application_type: AccountType::parse(trimmed(&input.application_type)?)?,
        first_name: text(&input.first_name)?,
        last_name: text(&input.last_name)?,
        email: checks::normalise_email(&normalised(&input.email)?),
        phone: checks::normalise_phone(trimmed(&input.phone)?)?,
        date_of_birth: checks::parse_iso_date(trimmed(&input.date_of_birth)?)?,
        address_line1: text(&input.address_line1)?,
        address_line2: text(&input.address_line2),
        city: text(&input.city)?,
        state: state_of(trimmed(&input.state)?)?,
        postal_code: text(&input.postal_code)?,
        employment_status: EmploymentStatus::parse(trimmed(&input.employment_status)?)?,
        annual_income: amount(&input.annual_income)?,
        employer_name: text(&input.employer_name),
        identification_type: IdentificationType::parse(trimmed(&input.identification_type)?)?,
        // In capitals, with Unicode's case mapping (the rule admits ASCII letters and digits only
        // today; the mapping stays right if it ever admits more).
        identification_number: text(&input.identification_number)?.to_uppercase(),
        initial_deposit_amount: amount(&input.initial_deposit_amount)?,
        terms_accepted: input.terms_accepted?,
        marketing_consent: input.marketing_consent.unwrap_or(false),
    })
}

#[cfg(test)]
mod tests;
