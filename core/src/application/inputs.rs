//! How the wizard asks for each field: the kind of input and everything a form needs to draw it
//! (label, hint, autocomplete token, whether it is required, its maximum length, its options),
//! so the site lays out each step from core instead of by hand.

use serde::Serialize;

use super::field::Field;
use super::options::{
    AustralianState, EmploymentStatus, IdentificationType, MINIMUM_DEPOSIT_HINT, SelectOption,
};

/// The kind of input a field is asked with. The site picks its control from it (and the
/// keyboard, capitalisation and spell checking that suit the answer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum InputKind {
    /// One of the account types, as cards with their descriptions (step 1).
    AccountChoice,
    /// A person's given or family name.
    PersonName,
    /// An email address.
    Email,
    /// An Australian phone number.
    Phone,
    /// A date asked as day, month and year.
    Date,
    /// A line of free text (an address, a town, an employer).
    Text,
    /// One of a short list of options.
    Select,
    /// A four-digit Australian postcode.
    Postcode,
    /// An amount of Australian dollars.
    Amount,
    /// The number of an identity document, as printed on it.
    DocumentNumber,
    /// A statement the person ticks to agree to.
    Consent,
}

/// A link inside a consent statement: the words linked and the page of the site they open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct InputLink {
    /// Words of the statement, written exactly as in it.
    pub text: String,
    /// The site's path of the page (`/terms`).
    pub path: String,
}

/// One input of the wizard, as core describes it.
///
/// ```
/// use banksia_core::application::{Field, InputKind};
///
/// let postcode = Field::PostalCode.input();
/// assert_eq!(postcode.kind, InputKind::Postcode);
/// assert_eq!(postcode.label, "Postcode");
/// assert_eq!(postcode.autocomplete.as_deref(), Some("postal-code"));
/// assert_eq!(postcode.max_chars, Some(4));
/// assert!(postcode.required);
/// assert_eq!(Field::AddressLine2.input().label, "Unit/apartment (optional)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct FieldInput {
    /// The field asked for.
    pub field: Field,
    /// How it is asked.
    pub kind: InputKind,
    /// The label shown (marked "(optional)" when the field may be left blank); for a consent,
    /// the statement ticked.
    pub label: String,
    /// A line of help under the label, if any.
    pub hint: Option<String>,
    /// The HTML `autocomplete` token that lets a browser fill the answer in, if any.
    pub autocomplete: Option<String>,
    /// Whether the person must answer (or tick) it.
    pub required: bool,
    /// The longest answer accepted, in characters, for the input's `maxlength`.
    pub max_chars: Option<u32>,
    /// About how many characters an answer has, to size its box (none: full width).
    pub width_chars: Option<u32>,
    /// The options of a select, in the order shown (empty for other kinds).
    pub options: Vec<SelectOption>,
    /// The first, empty choice of a select ("Select a state or territory").
    pub placeholder: Option<String>,
    /// Links inside a consent statement.
    pub links: Vec<InputLink>,
}

/// The options of a select, from the option enums.
fn options<T: Copy>(
    all: &[T],
    code: fn(T) -> &'static str,
    label: fn(T) -> &'static str,
) -> Vec<SelectOption> {
    all.iter()
        .map(|&option| SelectOption {
            value: code(option).to_owned(),
            label: label(option).to_owned(),
        })
        .collect()
}

impl Field {
    /// How the wizard asks for the field.
    pub fn input(self) -> FieldInput {
        use InputKind as K;
        let (kind, hint, autocomplete, width_chars): (
            InputKind,
            Option<&str>,
            Option<&str>,
            Option<u32>,
        ) = match self {
            Self::ApplicationType => (K::AccountChoice, None, None, None),
            Self::FirstName => (K::PersonName, None, Some("given-name"), None),
            Self::LastName => (K::PersonName, None, Some("family-name"), None),
            Self::Email => (
                K::Email,
                Some("We'll send your application confirmation here."),
                Some("email"),
                None,
            ),
            Self::Phone => (
                K::Phone,
                Some("An Australian mobile or landline, for example 0412 345 678"),
                Some("tel"),
                Some(20),
            ),
            Self::DateOfBirth => (K::Date, Some("For example, 27 3 1990"), Some("bday"), None),
            Self::AddressLine1 => (
                K::Text,
                Some("For example, 12 Collins Street"),
                Some("address-line1"),
                None,
            ),
            Self::AddressLine2 => (K::Text, None, Some("address-line2"), None),
            Self::City => (
                K::Text,
                Some("Your city, suburb or town"),
                Some("address-level2"),
                Some(30),
            ),
            Self::State => (K::Select, None, Some("address-level1"), None),
            Self::PostalCode => (K::Postcode, None, Some("postal-code"), Some(4)),
            Self::EmploymentStatus | Self::IdentificationType => (K::Select, None, None, None),
            Self::AnnualIncome => (
                K::Amount,
                Some("Before tax, from all sources"),
                Some("off"),
                Some(10),
            ),
            Self::EmployerName => (K::Text, None, Some("organization"), None),
            Self::IdentificationNumber => (
                K::DocumentNumber,
                Some("As it appears on your document"),
                Some("off"),
                Some(20),
            ),
            Self::InitialDepositAmount => {
                (K::Amount, Some(MINIMUM_DEPOSIT_HINT), Some("off"), Some(10))
            }
            Self::MarketingConsent => (
                K::Consent,
                Some("You can unsubscribe at any time."),
                None,
                None,
            ),
            Self::TermsAccepted | Self::UserId => (K::Consent, None, None, None),
        };
        let required = self.is_required();
        let label = match self {
            Self::TermsAccepted => {
                "I have read and accept the terms and conditions and the privacy policy".to_owned()
            }
            Self::MarketingConsent => {
                "Send me promotional emails about Banksia Bank products and offers (optional)"
                    .to_owned()
            }
            _ if required => self.label().to_owned(),
            _ => format!("{} (optional)", self.label()),
        };
        let (options, placeholder) = match self {
            Self::State => (
                options(
                    AustralianState::ALL,
                    AustralianState::as_str,
                    AustralianState::label,
                ),
                Some("Select a state or territory"),
            ),
            Self::EmploymentStatus => (
                options(
                    EmploymentStatus::ALL,
                    EmploymentStatus::as_str,
                    EmploymentStatus::label,
                ),
                Some("Select your employment status"),
            ),
            Self::IdentificationType => (
                options(
                    IdentificationType::ALL,
                    IdentificationType::as_str,
                    IdentificationType::label,
                ),
                Some("Select an identification type"),
            ),
            _ => (Vec::new(), None),
        };
        let links = match self {
            Self::TermsAccepted => vec![
                InputLink {
                    text: "terms and conditions".to_owned(),
                    path: "/terms".to_owned(),
                },
                InputLink {
                    text: "privacy policy".to_owned(),
                    path: "/privacy".to_owned(),
                },
            ],
            _ => Vec::new(),
        };
        FieldInput {
            field: self,
            kind,
            label,
            hint: hint.map(str::to_owned),
            autocomplete: autocomplete.map(str::to_owned),
            required,
            max_chars: self.max_chars(),
            width_chars,
            options,
            placeholder: placeholder.map(str::to_owned),
            links,
        }
    }
}

/// The inputs of one wizard step (1 to 5), in the order shown: [`Field::entered_in_step`]
/// described by [`Field::input`]. Empty for any other number.
///
/// ```
/// use banksia_core::application::{step_inputs, Field, InputKind};
///
/// let step2: Vec<Field> = step_inputs(2).iter().map(|input| input.field).collect();
/// assert_eq!(step2, Field::entered_in_step(2));
/// assert_eq!(step_inputs(1)[0].kind, InputKind::AccountChoice);
/// assert!(step_inputs(6).is_empty());
/// ```
pub fn step_inputs(step: u8) -> Vec<FieldInput> {
    Field::entered_in_step(step)
        .into_iter()
        .map(Field::input)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entered_field_is_described_with_its_own_rules() {
        for step in 1..=super::super::STEP_COUNT {
            for input in step_inputs(step) {
                let field = input.field;
                assert_eq!(input.required, field.is_required(), "{field:?}");
                assert_eq!(input.max_chars, field.max_chars(), "{field:?}");
                assert!(!input.label.is_empty(), "{field:?}");
                assert_eq!(
                    input.kind == InputKind::Select,
                    !input.options.is_empty(),
                    "{field:?}: a select, and only a select, has options"
                );
                assert_eq!(
                    input.options.is_empty(),
                    input.placeholder.is_none(),
                    "{field:?}"
                );
                for link in &input.links {
                    assert!(input.label.contains(&link.text), "{field:?}: {}", link.text);
                }
            }
        }
    }

    #[test]
    fn select_options_are_the_form_options() {
        let options = super::super::form_options();
        assert_eq!(Field::State.input().options, options.states);
        assert_eq!(
            Field::EmploymentStatus.input().options,
            options.employment_statuses
        );
        assert_eq!(
            Field::IdentificationType.input().options,
            options.identification_types
        );
    }
}
