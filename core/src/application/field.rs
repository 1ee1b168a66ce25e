//! The application's fields and, as data, every rule and message that applies to them.

use std::borrow::Cow;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// A field of the account application (spec section 3), in form order. Serialised as its
/// snake_case column name; the keys of [`ValidationReport`](super::ValidationReport) maps.
///
/// ```
/// use banksia_core::application::Field;
///
/// assert_eq!(Field::AddressLine1.as_str(), "address_line1");
/// assert_eq!(Field::PostalCode.step(), 3);
/// assert_eq!(Field::FirstName.label(), "First name");
/// assert_eq!(Field::parse("date_of_birth"), Some(Field::DateOfBirth));
/// assert_eq!(serde_json::to_string(&Field::InitialDepositAmount).unwrap(), "\"initial_deposit_amount\"");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Field {
    /// Step 1: which account.
    ApplicationType,
    /// Step 2.
    FirstName,
    /// Step 2.
    LastName,
    /// Step 2.
    Email,
    /// Step 2.
    Phone,
    /// Step 2.
    DateOfBirth,
    /// Step 3: street address.
    AddressLine1,
    /// Step 3: unit or apartment, optional.
    AddressLine2,
    /// Step 3.
    City,
    /// Step 3.
    State,
    /// Step 3.
    PostalCode,
    /// Step 4.
    EmploymentStatus,
    /// Step 4.
    AnnualIncome,
    /// Step 4, optional.
    EmployerName,
    /// Step 4.
    IdentificationType,
    /// Step 4.
    IdentificationNumber,
    /// Step 5.
    InitialDepositAmount,
    /// Step 5.
    TermsAccepted,
    /// Step 5, optional.
    MarketingConsent,
    /// Never entered: must be null because applications are anonymous. Checked with step 5,
    /// the submit step.
    UserId,
}

/// The number of wizard steps.
pub const STEP_COUNT: u8 = 5;

impl Field {
    /// Every field, in form order.
    pub const ALL: [Field; 20] = [
        Self::ApplicationType,
        Self::FirstName,
        Self::LastName,
        Self::Email,
        Self::Phone,
        Self::DateOfBirth,
        Self::AddressLine1,
        Self::AddressLine2,
        Self::City,
        Self::State,
        Self::PostalCode,
        Self::EmploymentStatus,
        Self::AnnualIncome,
        Self::EmployerName,
        Self::IdentificationType,
        Self::IdentificationNumber,
        Self::InitialDepositAmount,
        Self::TermsAccepted,
        Self::MarketingConsent,
        Self::UserId,
    ];

    /// The column / JSON name, e.g. `"first_name"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::ApplicationType => "application_type",
            Self::FirstName => "first_name",
            Self::LastName => "last_name",
            Self::Email => "email",
            Self::Phone => "phone",
            Self::DateOfBirth => "date_of_birth",
            Self::AddressLine1 => "address_line1",
            Self::AddressLine2 => "address_line2",
            Self::City => "city",
            Self::State => "state",
            Self::PostalCode => "postal_code",
            Self::EmploymentStatus => "employment_status",
            Self::AnnualIncome => "annual_income",
            Self::EmployerName => "employer_name",
            Self::IdentificationType => "identification_type",
            Self::IdentificationNumber => "identification_number",
            Self::InitialDepositAmount => "initial_deposit_amount",
            Self::TermsAccepted => "terms_accepted",
            Self::MarketingConsent => "marketing_consent",
            Self::UserId => "user_id",
        }
    }

    /// Reads a column / JSON name.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|field| field.as_str() == name)
    }

    /// The form label.
    pub const fn label(self) -> &'static str {
        match self {
            Self::ApplicationType => "Account type",
            Self::FirstName => "First name",
            Self::LastName => "Last name",
            Self::Email => "Email address",
            Self::Phone => "Phone number",
            Self::DateOfBirth => "Date of birth",
            Self::AddressLine1 => "Street address",
            Self::AddressLine2 => "Unit/apartment",
            Self::City => "City",
            Self::State => "State",
            Self::PostalCode => "Postcode",
            Self::EmploymentStatus => "Employment status",
            Self::AnnualIncome => "Annual income (AUD)",
            Self::EmployerName => "Employer name",
            Self::IdentificationType => "Identification type",
            Self::IdentificationNumber => "Identification number",
            Self::InitialDepositAmount => "Initial deposit amount (AUD)",
            Self::TermsAccepted => "Terms and conditions",
            Self::MarketingConsent => "Promotional emails",
            Self::UserId => "User ID",
        }
    }

    /// The wizard step (1 to 5) that shows and checks the field (spec section 5). The UI can
    /// jump to the step of the first error.
    pub const fn step(self) -> u8 {
        match self {
            Self::ApplicationType => 1,
            Self::FirstName | Self::LastName | Self::Email | Self::Phone | Self::DateOfBirth => 2,
            Self::AddressLine1
            | Self::AddressLine2
            | Self::City
            | Self::State
            | Self::PostalCode => 3,
            Self::EmploymentStatus
            | Self::AnnualIncome
            | Self::EmployerName
            | Self::IdentificationType
            | Self::IdentificationNumber => 4,
            Self::InitialDepositAmount
            | Self::TermsAccepted
            | Self::MarketingConsent
            | Self::UserId => 5,
        }
    }

    /// The fields of one step, in form order (empty outside 1 to 5).
    ///
    /// ```
    /// use banksia_core::application::Field;
    /// assert_eq!(Field::in_step(1), vec![Field::ApplicationType]);
    /// assert_eq!(Field::in_step(5).len(), 4);
    /// ```
    pub fn in_step(step: u8) -> Vec<Field> {
        Self::ALL
            .into_iter()
            .filter(|field| field.step() == step)
            .collect()
    }

    /// The fields a person fills in on one step, in form order: [`Field::in_step`] without
    /// `user_id`, which is checked with step 5 but never entered (empty outside 1 to 5).
    ///
    /// ```
    /// use banksia_core::application::Field;
    /// assert_eq!(
    ///     Field::entered_in_step(5),
    ///     [Field::InitialDepositAmount, Field::TermsAccepted, Field::MarketingConsent]
    /// );
    /// ```
    pub fn entered_in_step(step: u8) -> Vec<Field> {
        let mut fields = Self::in_step(step);
        fields.retain(|field| *field != Self::UserId);
        fields
    }

    /// Whether the person must fill the field in.
    ///
    /// ```
    /// use banksia_core::application::Field;
    /// assert!(Field::City.is_required());
    /// assert!(!Field::AddressLine2.is_required());
    /// ```
    pub fn is_required(self) -> bool {
        self.rules()
            .iter()
            .any(|rule| matches!(rule, Rule::Required { .. } | Rule::MustBeTrue { .. }))
    }

    /// The longest text accepted, for the input's `maxlength`.
    ///
    /// ```
    /// use banksia_core::application::Field;
    /// assert_eq!(Field::FirstName.max_chars(), Some(50));
    /// assert_eq!(Field::TermsAccepted.max_chars(), None);
    /// ```
    pub fn max_chars(self) -> Option<u32> {
        self.rules().iter().find_map(|rule| match rule {
            Rule::MaxChars { max, .. } => Some(*max),
            Rule::AustralianPostcode { .. } => Some(4),
            _ => None,
        })
    }

    /// The field's rules, in the order they are checked, each with its message. This table is
    /// the single source of every validation rule and message: the first failing error rule
    /// gives the field's error; warning rules ([`Rule::is_warning`]) are checked only when
    /// the field has no error. A missing value skips every rule but `required`,
    /// `must_be_true` and `must_be_empty`.
    ///
    /// Messages from spec section 5 are used word for word, also for the stricter rules the
    /// issue adds to the same field (Australian phone, 4-digit postcode, email syntax).
    ///
    /// ```
    /// use banksia_core::application::{Field, Rule};
    ///
    /// let rules = Field::FirstName.rules();
    /// assert!(matches!(&rules[1], Rule::MinChars { min: 2, .. }));
    /// assert_eq!(rules[1].message(), "First name must be at least 2 characters");
    /// ```
    pub fn rules(self) -> &'static [Rule] {
        match self {
            Self::ApplicationType => APPLICATION_TYPE,
            Self::FirstName => FIRST_NAME,
            Self::LastName => LAST_NAME,
            Self::Email => EMAIL,
            Self::Phone => PHONE,
            Self::DateOfBirth => DATE_OF_BIRTH,
            Self::AddressLine1 => ADDRESS_LINE1,
            Self::AddressLine2 => ADDRESS_LINE2,
            Self::City => CITY,
            Self::State => STATE,
            Self::PostalCode => POSTAL_CODE,
            Self::EmploymentStatus => EMPLOYMENT_STATUS,
            Self::AnnualIncome => ANNUAL_INCOME,
            Self::EmployerName => EMPLOYER_NAME,
            Self::IdentificationType => IDENTIFICATION_TYPE,
            Self::IdentificationNumber => IDENTIFICATION_NUMBER,
            Self::InitialDepositAmount => INITIAL_DEPOSIT_AMOUNT,
            Self::TermsAccepted => TERMS_ACCEPTED,
            Self::MarketingConsent => &[],
            Self::UserId => USER_ID,
        }
    }
}

/// One validation rule with its message. Serialised with a `rule` tag, e.g.
/// `{"rule": "min_chars", "min": 2, "message": "..."}`, so the table can be shown or tested
/// outside Rust.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum Rule {
    /// A value must be given (text is trimmed first; blank counts as missing).
    Required {
        /// Shown when missing.
        message: Cow<'static, str>,
    },
    /// At least `min` characters after trimming, counting only those that show: a mark that
    /// draws on the character before it counts as nothing (see
    /// [`checks::visible_len`](super::checks::visible_len)).
    MinChars {
        /// The minimum.
        min: u32,
        /// Shown when shorter.
        message: Cow<'static, str>,
    },
    /// At most `max` characters after trimming.
    MaxChars {
        /// The maximum.
        max: u32,
        /// Shown when longer.
        message: Cow<'static, str>,
    },
    /// Nothing invisible or direction-changing: no control, format, private-use, unassigned or
    /// separator character other than the ordinary space (see
    /// [`checks::is_plain_text`](super::checks::is_plain_text)).
    NoControlCharacters {
        /// Shown when one is present.
        message: Cow<'static, str>,
    },
    /// One of the field's options (its code, any letter case).
    OneOf {
        /// Shown for anything else.
        message: Cow<'static, str>,
    },
    /// See [`checks::is_valid_email`](super::checks::is_valid_email).
    Email {
        /// Shown when the syntax is wrong.
        message: Cow<'static, str>,
    },
    /// See [`checks::normalise_phone`](super::checks::normalise_phone).
    AustralianPhone {
        /// Shown for a number that is not Australian.
        message: Cow<'static, str>,
    },
    /// Exactly 4 digits.
    AustralianPostcode {
        /// Shown otherwise.
        message: Cow<'static, str>,
    },
    /// Warning: the postcode is in the chosen state's ranges
    /// ([`AustralianState::postcode_ranges`](super::AustralianState::postcode_ranges)).
    /// `{state}` in the message is replaced by the state's full name.
    PostcodeMatchesState {
        /// The warning.
        message: Cow<'static, str>,
    },
    /// A date written `Y-MM-DD` has its year in four digits (`90` is not taken for 1990).
    FourDigitYear {
        /// Shown for a year of fewer or more digits.
        message: Cow<'static, str>,
    },
    /// A real calendar date written `YYYY-MM-DD`.
    Date {
        /// Shown otherwise.
        message: Cow<'static, str>,
    },
    /// Before today.
    InThePast {
        /// Shown for today or later.
        message: Cow<'static, str>,
    },
    /// At least `years` old today (see [`checks::age_on`](super::checks::age_on)).
    MinimumAge {
        /// The youngest age accepted.
        years: u32,
        /// Shown when younger.
        message: Cow<'static, str>,
    },
    /// At most `years` old today: older dates are typing mistakes.
    MaximumAge {
        /// The oldest age accepted.
        years: u32,
        /// Shown when older.
        message: Cow<'static, str>,
    },
    /// A dollar amount: a JSON number, or text such as `1250.50` or `$1,250.50`.
    Amount {
        /// Shown for anything else.
        message: Cow<'static, str>,
    },
    /// Zero or more.
    NotNegative {
        /// Shown for a negative amount.
        message: Cow<'static, str>,
    },
    /// Whole cents: at most 2 decimal places (trailing zeros don't count).
    AtMostTwoDecimals {
        /// Shown for fractions of a cent.
        message: Cow<'static, str>,
    },
    /// At most `max` dollars.
    MaxAmount {
        /// The largest amount accepted.
        #[cfg_attr(feature = "typescript", ts(type = "string"))]
        max: Decimal,
        /// Shown when larger.
        message: Cow<'static, str>,
    },
    /// Letters, digits, spaces and hyphens only (see
    /// [`checks::is_identifier`](super::checks::is_identifier)).
    IdentifierCharacters {
        /// Shown for any other character.
        message: Cow<'static, str>,
    },
    /// The box must be ticked (`true`).
    MustBeTrue {
        /// Shown when missing or false.
        message: Cow<'static, str>,
    },
    /// Must be null or absent.
    MustBeEmpty {
        /// Shown for any value.
        message: Cow<'static, str>,
    },
    /// An ABN, ACN or TFN ([`tax_numbers`](super::tax_numbers)) read without `problem`: one row
    /// per problem (characters, length, check digit), checked in that order.
    RegisteredNumber {
        /// Which number.
        kind: super::tax_numbers::NumberKind,
        /// The problem this row refuses.
        problem: super::tax_numbers::NumberProblem,
        /// Shown when the number has it: [`NumberKind::message`](super::tax_numbers::NumberKind::message).
        message: Cow<'static, str>,
    },
}

impl Rule {
    /// The rule's message.
    ///
    /// ```
    /// use banksia_core::application::Field;
    /// assert_eq!(Field::TermsAccepted.rules()[0].message(), "You must accept the terms and conditions");
    /// ```
    pub fn message(&self) -> &str {
        match self {
            Self::Required { message }
            | Self::MinChars { message, .. }
            | Self::MaxChars { message, .. }
            | Self::NoControlCharacters { message }
            | Self::OneOf { message }
            | Self::Email { message }
            | Self::AustralianPhone { message }
            | Self::AustralianPostcode { message }
            | Self::PostcodeMatchesState { message }
            | Self::FourDigitYear { message }
            | Self::Date { message }
            | Self::InThePast { message }
            | Self::MinimumAge { message, .. }
            | Self::MaximumAge { message, .. }
            | Self::Amount { message }
            | Self::NotNegative { message }
            | Self::AtMostTwoDecimals { message }
            | Self::MaxAmount { message, .. }
            | Self::IdentifierCharacters { message }
            | Self::MustBeTrue { message }
            | Self::MustBeEmpty { message }
            | Self::RegisteredNumber { message, .. } => message,
        }
    }

    /// True for rules whose failure is a warning beside the errors, not an error.
    ///
    /// ```
    /// use banksia_core::application::Field;
    /// assert!(Field::PostalCode.rules().iter().any(|rule| rule.is_warning()));
    /// ```
    pub const fn is_warning(&self) -> bool {
        matches!(self, Self::PostcodeMatchesState { .. })
    }
}

/// The youngest applicant accepted, in years.
pub const MINIMUM_AGE_YEARS: u32 = 18;
/// The largest annual income accepted: $100,000,000.
pub const MAX_ANNUAL_INCOME: Decimal = Decimal::from_parts(100_000_000, 0, 0, false, 0);
/// The largest initial deposit accepted: $10,000,000.
pub const MAX_INITIAL_DEPOSIT: Decimal = Decimal::from_parts(10_000_000, 0, 0, false, 0);

const fn text(message: &'static str) -> Cow<'static, str> {
    Cow::Borrowed(message)
}

// The rule table. Spec section 5 messages are marked "spec".

const APPLICATION_TYPE: &[Rule] = &[
    Rule::Required {
        message: text("Please choose an account type"),
    },
    Rule::OneOf {
        message: text("Please choose an account type"),
    },
];

const FIRST_NAME: &[Rule] = &[
    Rule::Required {
        message: text("First name must be at least 2 characters"),
    }, // spec
    Rule::MinChars {
        min: 2,
        message: text("First name must be at least 2 characters"),
    }, // spec
    Rule::MaxChars {
        max: 50,
        message: text("First name must be at most 50 characters"),
    },
    Rule::NoControlCharacters {
        message: text(
            "First name contains a hidden, formatting or unsupported character. Please retype it.",
        ),
    },
];

const LAST_NAME: &[Rule] = &[
    Rule::Required {
        message: text("Last name must be at least 2 characters"),
    }, // spec
    Rule::MinChars {
        min: 2,
        message: text("Last name must be at least 2 characters"),
    }, // spec
    Rule::MaxChars {
        max: 50,
        message: text("Last name must be at most 50 characters"),
    },
    Rule::NoControlCharacters {
        message: text(
            "Last name contains a hidden, formatting or unsupported character. Please retype it.",
        ),
    },
];

const EMAIL: &[Rule] = &[
    Rule::Required {
        message: text("Please enter a valid email address"),
    }, // spec
    Rule::MaxChars {
        max: 254,
        message: text("Please enter a valid email address"),
    },
    Rule::Email {
        message: text("Please enter a valid email address"),
    }, // spec
];

const PHONE: &[Rule] = &[
    Rule::Required {
        message: text("Please enter a valid phone number"),
    }, // spec
    Rule::MinChars {
        min: 10,
        message: text("Please enter a valid phone number"),
    }, // spec
    Rule::MaxChars {
        max: 20,
        message: text("Please enter a valid phone number"),
    },
    Rule::AustralianPhone {
        message: text("Please enter a valid phone number"),
    },
];

const DATE_OF_BIRTH: &[Rule] = &[
    Rule::Required {
        message: text("Date of birth is required"),
    }, // spec
    Rule::FourDigitYear {
        message: text("Enter the year of your birth in full, with four digits, like 1990"),
    },
    Rule::Date {
        message: text("Please enter a valid date of birth"),
    },
    Rule::InThePast {
        message: text("Date of birth must be in the past"),
    },
    Rule::MinimumAge {
        years: MINIMUM_AGE_YEARS,
        message: text("You must be at least 18 years old to open an account"),
    },
    Rule::MaximumAge {
        years: 120,
        message: text("Please enter a valid date of birth"),
    },
];

const ADDRESS_LINE1: &[Rule] = &[
    Rule::Required {
        message: text("Please enter your full address"),
    }, // spec
    Rule::MinChars {
        min: 5,
        message: text("Please enter your full address"),
    }, // spec
    Rule::MaxChars {
        max: 100,
        message: text("Street address must be at most 100 characters"),
    },
    Rule::NoControlCharacters {
        message: text(
            "Street address contains a hidden, formatting or unsupported character. Please retype it.",
        ),
    },
];

const ADDRESS_LINE2: &[Rule] = &[
    Rule::MaxChars {
        max: 100,
        message: text("Unit/apartment must be at most 100 characters"),
    },
    Rule::NoControlCharacters {
        message: text(
            "Unit/apartment contains a hidden, formatting or unsupported character. Please retype it.",
        ),
    },
];

const CITY: &[Rule] = &[
    Rule::Required {
        message: text("City is required"),
    }, // spec
    Rule::MinChars {
        min: 2,
        message: text("City is required"),
    }, // spec
    Rule::MaxChars {
        max: 50,
        message: text("City must be at most 50 characters"),
    },
    Rule::NoControlCharacters {
        message: text(
            "City contains a hidden, formatting or unsupported character. Please retype it.",
        ),
    },
];

const STATE: &[Rule] = &[
    Rule::Required {
        message: text("State is required"),
    }, // spec
    Rule::OneOf {
        message: text("Please choose a state or territory"),
    },
];

const POSTAL_CODE: &[Rule] = &[
    Rule::Required {
        message: text("Please enter a valid postal code"),
    }, // spec
    Rule::AustralianPostcode {
        message: text("Please enter a valid postal code"),
    }, // spec
    Rule::PostcodeMatchesState {
        message: text("This postcode isn't in {state}. Please check your postcode and state."),
    },
];

const EMPLOYMENT_STATUS: &[Rule] = &[
    Rule::Required {
        message: text("Employment status is required"),
    }, // spec
    Rule::OneOf {
        message: text("Please choose an employment status"),
    },
];

const ANNUAL_INCOME: &[Rule] = &[
    Rule::Required {
        message: text("Annual income is required"),
    }, // spec
    Rule::Amount {
        message: text("Please enter your annual income as a dollar amount"),
    },
    Rule::NotNegative {
        message: text("Annual income can't be negative"),
    },
    Rule::AtMostTwoDecimals {
        message: text("Annual income can't have more than 2 decimal places"),
    },
    Rule::MaxAmount {
        max: MAX_ANNUAL_INCOME,
        message: text("Annual income can't be more than $100,000,000"),
    },
];

const EMPLOYER_NAME: &[Rule] = &[
    Rule::MaxChars {
        max: 100,
        message: text("Employer name must be at most 100 characters"),
    },
    Rule::NoControlCharacters {
        message: text(
            "Employer name contains a hidden, formatting or unsupported character. Please retype it.",
        ),
    },
];

const IDENTIFICATION_TYPE: &[Rule] = &[
    Rule::Required {
        message: text("Identification type is required"),
    }, // spec
    Rule::OneOf {
        message: text("Please choose an identification type"),
    },
];

const IDENTIFICATION_NUMBER: &[Rule] = &[
    Rule::Required {
        message: text("Identification number is required"),
    }, // spec
    Rule::MaxChars {
        max: 30,
        message: text("Identification number must be at most 30 characters"),
    },
    Rule::IdentifierCharacters {
        message: text(
            "Identification number can only contain letters, numbers, spaces and hyphens",
        ),
    },
];

const INITIAL_DEPOSIT_AMOUNT: &[Rule] = &[
    Rule::Required {
        message: text("Initial deposit amount is required"),
    }, // spec
    Rule::Amount {
        message: text("Please enter the initial deposit as a dollar amount"),
    },
    Rule::NotNegative {
        message: text("Initial deposit can't be negative"),
    },
    Rule::AtMostTwoDecimals {
        message: text("Initial deposit can't have more than 2 decimal places"),
    },
    Rule::MaxAmount {
        max: MAX_INITIAL_DEPOSIT,
        message: text("Initial deposit can't be more than $10,000,000"),
    },
];

const TERMS_ACCEPTED: &[Rule] = &[
    Rule::MustBeTrue {
        message: text("You must accept the terms and conditions"),
    }, // spec
];

const USER_ID: &[Rule] = &[Rule::MustBeEmpty {
    message: text("Applications are submitted without signing in, so user_id must be null"),
}];
