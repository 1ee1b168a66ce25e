//! Who the customer is, beyond the applicant's own details: the business behind a business
//! account and its beneficial owners and controllers (AML/CTF Rules Parts 4.3, 4.4 and 4.12),
//! and every applicant's tax residency self-certification (the OECD Common Reporting Standard
//! and FATCA), with the optional TFN.
//!
//! * [`DetailsInput`] is what the wizard sends, every value optional and as typed, read by its
//!   one `Deserialize` (an object of known members only, like [`ApplicationInput`]).
//! * [`check_details`] checks it beside the application's own answers (the account type decides
//!   whether the business is asked for at all; a sole trader's owner must be the applicant) and
//!   answers the messages per field in the `{field: [messages]}` shape, keyed by [`DetailKey`]
//!   (`business.abn`, `business.owners.0.full_name`, `tax_residency.countries.1.tin`), with the
//!   typed record ([`CustomerDetails`]) once everything passes.
//! * Every rule of one value is a row of a table of [`Rule`]s with its message, run by the same
//!   code as the application's own fields; the registered business address uses the very rows of
//!   the applicant's address. The rules about the owners as a set (at least one, shares at most
//!   100%, a company's director, a trust's trustee, a partnership's partners, a sole trader's
//!   owner being the applicant) are [`OwnersRule`]s, each with its one message.
//! * For a personal account the business is neither checked nor kept, so moving between a
//!   business and a personal account loses nothing typed and stores nothing unasked.
//!
//! ```
//! use banksia_core::application::details::{check_details, DetailKey, DetailsInput};
//! use banksia_core::application::ApplicationInput;
//! use chrono::NaiveDate;
//!
//! let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
//! let applicant: ApplicationInput = serde_json::from_str(r#"{"application_type": "savings"}"#).unwrap();
//! let details: DetailsInput = serde_json::from_str(r#"{"tax_residency": {"foreign_resident": false}}"#).unwrap();
//! let report = check_details(&applicant, &details, today);
//! assert!(report.errors.is_empty());
//! assert_eq!(report.details.unwrap().business, None);
//!
//! let business: ApplicationInput = serde_json::from_str(r#"{"application_type": "business_checking"}"#).unwrap();
//! let report = check_details(&business, &details, today);
//! assert_eq!(report.errors[&DetailKey::parse("business.abn").unwrap()], ["Enter the business's ABN"]);
//! ```

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::tax_numbers::{Abn, Acn, NumberKind, NumberProblem, Tfn};
use super::{
    AccountType, AmountInput, ApplicantRole, ApplicationInput, AustralianState, Country,
    DetailsPart, EntityType, Field, NatureOfBusiness, NoTinReason, OwnerRole, Rule, RuleContext,
    Today, Value, check_rules, checks, normalised, state_of, text_value, trimmed,
};
use crate::entries::FieldErrors;
use crate::money::round_to_cents;

mod business;
mod owners;
mod reader;
mod tax_residency;

use business::check_business;
use owners::check_owners;
use tax_residency::check_tax;

pub use business::{ABN_NOT_ON_ACN, BusinessDetails};
pub use owners::{Owner, OwnersRule};
pub use reader::{
    BusinessInput, DetailsInput, ForeignResidencyInput, OwnerInput, SubmissionInput,
    TaxResidencyInput,
};
pub use tax_residency::{ForeignResidency, ResidencyRule, TFN_NOTICE, TaxResidency};

/// The most beneficial owners and controllers one application lists.
pub const MAX_OWNERS: usize = 10;

/// The most foreign tax residencies one person or entity lists.
pub const MAX_COUNTRIES: usize = 10;

/// Declares a field list: the enum, `ALL`, its names and its labels.
macro_rules! detail_fields {
    ($(#[$meta:meta])* $name:ident { $( $(#[$vmeta:meta])* $variant:ident => ($code:literal, $label:literal), )+ }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $code)] $variant, )+
        }

        impl $name {
            /// Every field, in form order.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// Its name in a [`DetailKey`].
            pub const fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $code,)+ }
            }

            /// Its label, as the wizard shows it (without "(optional)") and the summary names
            /// the answer.
            pub const fn label(self) -> &'static str {
                match self { $(Self::$variant => $label,)+ }
            }

            fn parse(name: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|field| field.as_str() == name)
            }
        }
    };
}

detail_fields!(
    /// A field of the business, or its owners as a set (`owners`).
    BusinessField {
        /// Legal form.
        EntityType => ("entity_type", "Legal form of the business"),
        /// Legal name.
        LegalName => ("legal_name", "Legal name"),
        /// Trading name.
        TradingName => ("trading_name", "Trading name"),
        /// ABN.
        Abn => ("abn", "Australian Business Number (ABN)"),
        /// ACN.
        Acn => ("acn", "Australian Company Number (ACN)"),
        /// Registered address: street.
        AddressLine1 => ("address_line1", "Street address"),
        /// Registered address: unit.
        AddressLine2 => ("address_line2", "Unit, suite or floor"),
        /// Registered address: city.
        City => ("city", "City or suburb"),
        /// Registered address: state.
        State => ("state", "State or territory"),
        /// Registered address: postcode.
        PostalCode => ("postal_code", "Postcode"),
        /// What it does.
        NatureOfBusiness => ("nature_of_business", "What the business does"),
        /// The owners and controllers as a set.
        Owners => ("owners", "Owners and controllers"),
        /// The applicant's role.
        ApplicantRole => ("applicant_role", "Your role in the business"),
        /// The applicant's authority to act.
        ApplicantAuthorised => ("applicant_authorised", "Authority to act for the business"),
    }
);

detail_fields!(
    /// A field of one owner or controller.
    OwnerField {
        /// Full name.
        FullName => ("full_name", "Full name"),
        /// Date of birth.
        DateOfBirth => ("date_of_birth", "Date of birth"),
        /// Residential address: street.
        AddressLine1 => ("address_line1", "Home address"),
        /// Residential address: unit.
        AddressLine2 => ("address_line2", "Unit or apartment"),
        /// Residential address: city.
        City => ("city", "City or suburb"),
        /// Residential address: state.
        State => ("state", "State or territory"),
        /// Residential address: postcode.
        PostalCode => ("postal_code", "Postcode"),
        /// Role.
        Role => ("role", "Role"),
        /// Ownership share.
        OwnershipPercent => ("ownership_percent", "Share of the business they own"),
    }
);

detail_fields!(
    /// A field of the tax residency, or a list of countries as a whole.
    TaxField {
        /// The applicant's yes or no.
        ForeignResident => ("foreign_resident", "Are you a tax resident of a country other than Australia?"),
        /// The applicant's countries as a list.
        Countries => ("countries", "Your countries of tax residency"),
        /// TFN.
        Tfn => ("tfn", "Tax file number (TFN)"),
        /// The business's yes or no.
        BusinessForeignResident => ("business_foreign_resident", "Is the business a tax resident of a country other than Australia?"),
        /// The business's countries as a list.
        BusinessCountries => ("business_countries", "The business's countries of tax residency"),
    }
);

detail_fields!(
    /// A field of one foreign tax residency.
    CountryField {
        /// The country.
        Country => ("country", "Country"),
        /// Its tax identification number.
        Tin => ("tin", "Tax identification number (TIN)"),
        /// Why there is none.
        NoTinReason => ("no_tin_reason", "If there's no TIN, why not"),
        /// Why it can't be obtained.
        NoTinExplanation => ("no_tin_explanation", "Why can't a TIN be obtained?"),
    }
);

/// Whose foreign tax residencies a list holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Resident {
    /// The applicant's (`countries`).
    Applicant,
    /// The business's (`business_countries`).
    Business,
}

impl Resident {
    const fn list(self) -> TaxField {
        match self {
            Self::Applicant => TaxField::Countries,
            Self::Business => TaxField::BusinessCountries,
        }
    }
}

/// What a message of a [`DetailsReport`] is about, written as a path
/// (`business.legal_name`, `business.owners.0.date_of_birth`, `tax_residency.tfn`,
/// `tax_residency.business_countries.1.tin`), or `input` for a value that could not be read.
/// Ordered as the form is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(type = "string"))]
pub enum DetailKey {
    /// The details could not be read at all.
    Input,
    /// A field of the business.
    Business(BusinessField),
    /// A field of the `index`th owner (from 0).
    Owner(usize, OwnerField),
    /// A field of the tax residency.
    Tax(TaxField),
    /// A field of the `index`th foreign residency of a list.
    Country(Resident, usize, CountryField),
}

impl DetailKey {
    /// Reads a path.
    ///
    /// ```
    /// use banksia_core::application::details::{DetailKey, OwnerField};
    /// assert_eq!(DetailKey::parse("business.owners.2.role"), Some(DetailKey::Owner(2, OwnerField::Role)));
    /// assert_eq!(DetailKey::parse("business.owners.x.role"), None);
    /// ```
    pub fn parse(path: &str) -> Option<Self> {
        if path == "input" {
            return Some(Self::Input);
        }
        let parts: Vec<&str> = path.split('.').collect();
        match parts.as_slice() {
            ["business", "owners", index, field] => {
                Some(Self::Owner(index.parse().ok()?, OwnerField::parse(field)?))
            }
            ["business", field] => BusinessField::parse(field).map(Self::Business),
            ["tax_residency", list, index, field] => {
                let resident = match TaxField::parse(list)? {
                    TaxField::Countries => Resident::Applicant,
                    TaxField::BusinessCountries => Resident::Business,
                    _ => return None,
                };
                Some(Self::Country(
                    resident,
                    index.parse().ok()?,
                    CountryField::parse(field)?,
                ))
            }
            ["tax_residency", field] => TaxField::parse(field).map(Self::Tax),
            _ => None,
        }
    }
}

impl DetailKey {
    /// The wizard's page of the details that shows this key's field (none for `input`): the
    /// owners, the applicant's role and authority are on the owners' page.
    ///
    /// ```
    /// use banksia_core::application::DetailsPart;
    /// use banksia_core::application::details::DetailKey;
    /// let part = |path| DetailKey::parse(path).unwrap().part();
    /// assert_eq!(part("business.abn"), Some(DetailsPart::Business));
    /// assert_eq!(part("business.applicant_role"), Some(DetailsPart::Owners));
    /// assert_eq!(part("tax_residency.countries.0.tin"), Some(DetailsPart::TaxResidency));
    /// assert_eq!(part("input"), None);
    /// ```
    pub const fn part(self) -> Option<DetailsPart> {
        match self {
            Self::Input => None,
            Self::Business(
                BusinessField::Owners
                | BusinessField::ApplicantRole
                | BusinessField::ApplicantAuthorised,
            )
            | Self::Owner(..) => Some(DetailsPart::Owners),
            Self::Business(_) => Some(DetailsPart::Business),
            Self::Tax(_) | Self::Country(..) => Some(DetailsPart::TaxResidency),
        }
    }
}

impl DetailKey {
    /// Whom or what a message under this key is about, when a page asks the same question of
    /// several (each owner, each country): the legend of its fieldset (`Owner or controller 2`,
    /// `Your country 1`, `The business's country 1`), none for a question asked once.
    ///
    /// ```
    /// use banksia_core::application::details::DetailKey;
    /// let subject = |path| DetailKey::parse(path).unwrap().subject();
    /// assert_eq!(subject("business.owners.1.full_name").as_deref(), Some("Owner or controller 2"));
    /// assert_eq!(subject("tax_residency.business_countries.0.tin").as_deref(), Some("The business's country 1"));
    /// assert_eq!(subject("business.owners"), None);
    /// ```
    pub fn subject(self) -> Option<String> {
        match self {
            Self::Owner(index, _) => Some(format!("{OWNER_LEGEND} {}", index + 1)),
            Self::Country(resident, index, _) => {
                Some(format!("{} {}", resident.legend(), index + 1))
            }
            Self::Input | Self::Business(_) | Self::Tax(_) => None,
        }
    }
}

/// The answer when the messages handed to [`details_error_summary`] by a page are not one JSON
/// object of paths, each with a list of messages.
pub const NOT_MESSAGES_MESSAGE: &str =
    "The messages must be one JSON object of paths, each with a list of messages.";

/// One line of a details page's error summary: the message, after whom it is about when the
/// page asks the same question of several people or countries, and the path of the input it
/// links to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct ErrorSummaryLine {
    /// The path the message is keyed by (`business.owners.1.full_name`), as given.
    pub key: String,
    /// The line: `Owner or controller 2: Enter this person's full name`.
    pub message: String,
}

/// The error summary of a details page: each path's first message, in form order (`owners.2`
/// before `owners.10`, whatever order the map keeps its text keys in), after its subject
/// ([`DetailKey::subject`]). A path that is not one of the details' keeps its message as is,
/// after the others.
///
/// ```
/// use std::collections::BTreeMap;
/// use banksia_core::application::details::details_error_summary;
///
/// let errors = BTreeMap::from([
///     ("business.owners.10.role".to_owned(), vec!["Please choose this person's role".to_owned()]),
///     ("business.owners.2.full_name".to_owned(), vec!["Enter this person's full name".to_owned()]),
///     ("business.abn".to_owned(), vec!["Enter the business's ABN".to_owned()]),
/// ]);
/// let lines: Vec<String> = details_error_summary(&errors).into_iter().map(|line| line.message).collect();
/// assert_eq!(lines, [
///     "Enter the business's ABN",
///     "Owner or controller 3: Enter this person's full name",
///     "Owner or controller 11: Please choose this person's role",
/// ]);
/// ```
pub fn details_error_summary(errors: &BTreeMap<String, Vec<String>>) -> Vec<ErrorSummaryLine> {
    let mut lines: Vec<(Option<DetailKey>, ErrorSummaryLine)> = errors
        .iter()
        .filter_map(|(path, messages)| {
            let message = messages.first()?;
            let key = DetailKey::parse(path);
            let message = match key.and_then(DetailKey::subject) {
                Some(subject) => format!("{subject}: {message}"),
                None => message.clone(),
            };
            Some((
                key,
                ErrorSummaryLine {
                    key: path.clone(),
                    message,
                },
            ))
        })
        .collect();
    // Known keys in form order, then any other (stable: as the map holds them).
    lines.sort_by_key(|(key, _)| (key.is_none(), *key));
    lines.into_iter().map(|(_, line)| line).collect()
}

impl fmt::Display for DetailKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Input => f.write_str("input"),
            Self::Business(field) => write!(f, "business.{}", field.as_str()),
            Self::Owner(index, field) => write!(f, "business.owners.{index}.{}", field.as_str()),
            Self::Tax(field) => write!(f, "tax_residency.{}", field.as_str()),
            Self::Country(resident, index, field) => write!(
                f,
                "tax_residency.{}.{index}.{}",
                resident.list().as_str(),
                field.as_str()
            ),
        }
    }
}

impl Serialize for DetailKey {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for DetailKey {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let path = String::deserialize(deserializer)?;
        Self::parse(&path).ok_or_else(|| serde::de::Error::custom("not a field of the details"))
    }
}

impl crate::entries::EntryField for DetailKey {
    const INPUT: Self = Self::Input;
}

const fn text(message: &'static str) -> Cow<'static, str> {
    Cow::Borrowed(message)
}

/// A street address, checked by the applicant's address rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct Address {
    /// Street address.
    pub line1: String,
    /// Unit, apartment or suite, if given.
    pub line2: Option<String>,
    /// City or suburb.
    pub city: String,
    /// State or territory.
    pub state: AustralianState,
    /// Four-digit postcode.
    pub postal_code: String,
}

/// Everything the details add to an application, checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct CustomerDetails {
    /// The business, for a business account.
    pub business: Option<BusinessDetails>,
    /// Tax residency.
    pub tax_residency: TaxResidency,
}

/// The messages per field of the details, and the record once everything passes.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct DetailsReport {
    /// What fails, each with its message, in form order.
    pub errors: FieldErrors<DetailKey>,
    /// What is worth a second look (a postcode outside its state, a company's ABN not built on
    /// its ACN).
    pub warnings: FieldErrors<DetailKey>,
    /// The checked record, when nothing fails.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub details: Option<CustomerDetails>,
}

impl DetailsReport {
    /// A report of one message under `input`: what was sent could not be read, so nothing was
    /// checked.
    pub fn unreadable(message: impl Into<String>) -> Self {
        let mut report = Self::default();
        report.errors.insert(DetailKey::Input, vec![message.into()]);
        report
    }

    /// The messages one page of the wizard shows (`input`'s too, on every page), and the record
    /// only when the whole report passes: what the page's Next checks.
    pub fn on_part(self, part: DetailsPart) -> Self {
        let keep = |key: &DetailKey| key.part().is_none_or(|shown| shown == part);
        Self {
            errors: self
                .errors
                .into_iter()
                .filter(|(key, _)| keep(key))
                .collect(),
            warnings: self
                .warnings
                .into_iter()
                .filter(|(key, _)| keep(key))
                .collect(),
            details: self.details,
        }
    }

    /// The page of the first message in error, in form order (none if nothing fails or only
    /// `input` does).
    pub fn first_error_part(&self) -> Option<DetailsPart> {
        self.errors.keys().find_map(|key| key.part())
    }
}

/// The answer when the details are JSON but not one object of their known members.
pub const NOT_DETAILS_MESSAGE: &str =
    "The business and tax details must be one JSON object of the form's fields, each at most once.";

/// The legend over the registered business address's fields, and the summary's name for it.
pub const REGISTERED_ADDRESS: &str = "Registered business address";

/// The legend over each owner's fields, numbered from 1 (`Owner or controller 2`).
pub const OWNER_LEGEND: &str = "Owner or controller";

/// What the applicant ticks to say they may act for the business.
pub const AUTHORITY_STATEMENT: &str =
    "I am authorised to act for the business, and to open and operate this account on its behalf.";

impl Resident {
    /// The legend over each foreign residency of the list, numbered from 1 (`Your country 1`).
    pub const fn legend(self) -> &'static str {
        match self {
            Self::Applicant => "Your country",
            Self::Business => "The business's country",
        }
    }
}

/// The fields a person may leave blank, whose form label says "(optional)".
const fn is_optional(key: DetailKey) -> bool {
    matches!(
        key,
        DetailKey::Business(BusinessField::TradingName | BusinessField::AddressLine2)
            | DetailKey::Owner(_, OwnerField::AddressLine2)
            | DetailKey::Tax(TaxField::Tfn)
    )
}

/// A field's label on the form: its label, with "(optional)" when it may be left blank.
fn form_label(key: DetailKey, label: &str) -> String {
    if is_optional(key) {
        format!("{label} (optional)")
    } else {
        label.to_owned()
    }
}

/// The details' labels and legends, so the wizard lays its pages out in core's words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct DetailsLabels {
    /// Each field of the business by name, as its form labels it.
    #[cfg_attr(feature = "typescript", ts(type = "Record<BusinessField, string>"))]
    pub business: BTreeMap<BusinessField, String>,
    /// Each field of an owner by name.
    #[cfg_attr(feature = "typescript", ts(type = "Record<OwnerField, string>"))]
    pub owner: BTreeMap<OwnerField, String>,
    /// Each field of the tax residency by name.
    #[cfg_attr(feature = "typescript", ts(type = "Record<TaxField, string>"))]
    pub tax: BTreeMap<TaxField, String>,
    /// Each field of one foreign residency by name.
    #[cfg_attr(feature = "typescript", ts(type = "Record<CountryField, string>"))]
    pub country: BTreeMap<CountryField, String>,
    /// [`REGISTERED_ADDRESS`].
    pub registered_address: &'static str,
    /// [`OWNER_LEGEND`].
    pub owner_legend: &'static str,
    /// [`Resident::legend`] of the applicant's list.
    pub applicant_country_legend: &'static str,
    /// [`Resident::legend`] of the business's list.
    pub business_country_legend: &'static str,
    /// [`AUTHORITY_STATEMENT`].
    pub authority_statement: &'static str,
}

/// The details' labels and legends.
///
/// ```
/// use banksia_core::application::details::{details_labels, BusinessField, TaxField};
/// let labels = details_labels();
/// assert_eq!(labels.business[&BusinessField::Abn], "Australian Business Number (ABN)");
/// assert_eq!(labels.business[&BusinessField::TradingName], "Trading name (optional)");
/// assert_eq!(labels.tax[&TaxField::Tfn], "Tax file number (TFN) (optional)");
/// ```
pub fn details_labels() -> DetailsLabels {
    DetailsLabels {
        business: BusinessField::ALL
            .iter()
            .map(|&field| (field, form_label(DetailKey::Business(field), field.label())))
            .collect(),
        owner: OwnerField::ALL
            .iter()
            .map(|&field| (field, form_label(DetailKey::Owner(0, field), field.label())))
            .collect(),
        tax: TaxField::ALL
            .iter()
            .map(|&field| (field, form_label(DetailKey::Tax(field), field.label())))
            .collect(),
        country: CountryField::ALL
            .iter()
            .map(|&field| (field, field.label().to_owned()))
            .collect(),
        registered_address: REGISTERED_ADDRESS,
        owner_legend: OWNER_LEGEND,
        applicant_country_legend: Resident::Applicant.legend(),
        business_country_legend: Resident::Business.legend(),
        authority_statement: AUTHORITY_STATEMENT,
    }
}

/// Every option list of the details, so the wizard renders them from core.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct DetailsOptions {
    /// The legal forms.
    pub entity_types: Vec<super::SelectOption>,
    /// What a business does (ANZSIC divisions).
    pub natures_of_business: Vec<super::SelectOption>,
    /// An owner's or controller's roles.
    pub owner_roles: Vec<super::SelectOption>,
    /// The applicant's roles.
    pub applicant_roles: Vec<super::SelectOption>,
    /// Every country but Australia (value the ISO code, label the name).
    pub countries: Vec<super::SelectOption>,
    /// Why there is no tax identification number.
    pub no_tin_reasons: Vec<super::SelectOption>,
    /// The TFN notice shown beside the TFN.
    pub tfn_notice: &'static str,
    /// The pages' labels and legends.
    pub labels: DetailsLabels,
}

/// The details' option lists.
///
/// ```
/// use banksia_core::application::details::details_options;
/// let options = details_options();
/// assert_eq!(options.entity_types[0].label, "Sole trader");
/// assert!(options.countries.iter().all(|country| country.value != "AU"));
/// assert!(options.tfn_notice.contains("isn't an offence"));
/// ```
pub fn details_options() -> DetailsOptions {
    fn select<T: Copy>(
        all: &[T],
        code: fn(T) -> &'static str,
        label: fn(T) -> &'static str,
    ) -> Vec<super::SelectOption> {
        all.iter()
            .map(|&option| super::SelectOption {
                value: code(option).to_owned(),
                label: label(option).to_owned(),
            })
            .collect()
    }
    DetailsOptions {
        entity_types: select(EntityType::ALL, EntityType::as_str, EntityType::label),
        natures_of_business: select(
            NatureOfBusiness::ALL,
            NatureOfBusiness::as_str,
            NatureOfBusiness::label,
        ),
        owner_roles: select(OwnerRole::ALL, OwnerRole::as_str, OwnerRole::label),
        applicant_roles: select(
            ApplicantRole::ALL,
            ApplicantRole::as_str,
            ApplicantRole::label,
        ),
        countries: Country::all()
            .filter(|country| *country != Country::AUSTRALIA)
            .map(|country| super::SelectOption {
                value: country.code().to_owned(),
                label: country.name().to_owned(),
            })
            .collect(),
        no_tin_reasons: select(NoTinReason::ALL, NoTinReason::as_str, NoTinReason::label),
        tfn_notice: TFN_NOTICE,
        labels: details_labels(),
    }
}

/// Collects messages while the checks run.
struct Checker {
    report: DetailsReport,
    today: NaiveDate,
}

impl Checker {
    /// Runs `rules` on `value`, recording the error or warnings under `key`; true if no error.
    fn value(
        &mut self,
        key: DetailKey,
        rules: &[Rule],
        value: &Value<'_>,
        is_option: &dyn Fn(&str) -> bool,
        state: Option<AustralianState>,
    ) -> bool {
        let context = RuleContext { is_option, state };
        let (error, warnings) = check_rules(rules, value, &context, self.today);
        if let Some(error) = error {
            self.report.errors.insert(key, vec![error]);
            return false;
        }
        if !warnings.is_empty() {
            self.report.warnings.insert(key, warnings);
        }
        true
    }

    /// Records `message` under `key` unless it already has an error.
    fn error(&mut self, key: DetailKey, message: impl Into<String>) {
        self.report
            .errors
            .entry(key)
            .or_insert_with(|| vec![message.into()]);
    }
}

fn any_text(_: &str) -> bool {
    true
}

fn amount_value(value: &Option<AmountInput>) -> Value<'_> {
    match value {
        Some(amount) if !amount.is_blank() => Value::Amount(amount),
        _ => Value::Missing,
    }
}

fn flag_value(value: Option<bool>) -> Value<'static> {
    value.map_or(Value::Missing, Value::Flag)
}

/// A name compared as a person would: NFC, case and spacing ignored.
fn comparable_name(name: &str) -> String {
    checks::nfc(name)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The address fields of a business or an owner (street, unit, city, state, postcode), each
/// checked with its own rows (`rules`: the applicant's, worded for whose address it is).
fn check_address(
    checker: &mut Checker,
    key: impl Fn(usize) -> DetailKey,
    rules: impl Fn(usize) -> &'static [Rule],
    lines: [&Option<String>; 5],
) {
    let state = trimmed(lines[3]).and_then(state_of);
    for (index, value) in lines.into_iter().enumerate() {
        // The fourth line is the state: one of Australia's.
        let is_option = |text: &str| index != 3 || state_of(text).is_some();
        checker.value(
            key(index),
            rules(index),
            &text_value(value),
            &is_option,
            state,
        );
    }
}

/// Whether the application is for a business account (its account type as typed).
fn is_business(applicant: &ApplicationInput) -> bool {
    trimmed(&applicant.application_type)
        .and_then(AccountType::parse)
        .is_some_and(AccountType::is_business)
}

/// Checks the details beside the application's own answers (its account type, and the
/// applicant's name and date of birth for a sole trader), as of `today` (judged, like the
/// application's date rules, in the applicant's own state once known): every message per
/// field, and the record when nothing fails.
pub fn check_details(
    applicant: &ApplicationInput,
    details: &DetailsInput,
    today: impl Into<Today>,
) -> DetailsReport {
    let today = today
        .into()
        .date_in(trimmed(&applicant.state).and_then(state_of));
    let mut checker = Checker {
        report: DetailsReport::default(),
        today,
    };
    let business_account = is_business(applicant);
    let empty_business = BusinessInput::default();
    let business = details.business.as_ref().unwrap_or(&empty_business);
    if business_account {
        check_business(&mut checker, business, applicant);
    }
    let entity = trimmed(&business.entity_type).and_then(EntityType::parse);
    let asks_business = business_account && entity != Some(EntityType::SoleTrader);
    let empty_tax = TaxResidencyInput::default();
    let tax = details.tax_residency.as_ref().unwrap_or(&empty_tax);
    check_tax(&mut checker, tax, asks_business);
    let mut report = checker.report;
    if report.errors.is_empty() {
        report.details = build(business_account, business, tax, asks_business);
    }
    report
}

fn text_of(value: &Option<String>) -> Option<String> {
    normalised(value).map(Cow::into_owned)
}

fn address_of(lines: [&Option<String>; 5]) -> Option<Address> {
    Some(Address {
        line1: text_of(lines[0])?,
        line2: text_of(lines[1]),
        city: text_of(lines[2])?,
        state: state_of(trimmed(lines[3])?)?,
        postal_code: text_of(lines[4])?,
    })
}

fn countries_of(countries: &Option<Vec<ForeignResidencyInput>>) -> Option<Vec<ForeignResidency>> {
    countries
        .as_deref()
        .unwrap_or_default()
        .iter()
        .map(|entry| {
            let tin = text_of(&entry.tin).map(|tin| tin.to_uppercase());
            let reason = if tin.is_none() {
                NoTinReason::parse(trimmed(&entry.no_tin_reason)?)
            } else {
                None
            };
            Some(ForeignResidency {
                country: Country::parse(trimmed(&entry.country)?)?,
                no_tin_explanation: text_of(&entry.no_tin_explanation)
                    .filter(|_| reason == Some(NoTinReason::UnableToObtain)),
                tin,
                no_tin_reason: reason,
            })
        })
        .collect()
}

/// The typed record, assuming the checks have passed (`None` otherwise).
fn build(
    business_account: bool,
    business: &BusinessInput,
    tax: &TaxResidencyInput,
    asks_business: bool,
) -> Option<CustomerDetails> {
    let business = if business_account {
        let entity_type = EntityType::parse(trimmed(&business.entity_type)?)?;
        let owners = business
            .owners
            .as_deref()
            .unwrap_or_default()
            .iter()
            .map(|owner| {
                Some(Owner {
                    full_name: text_of(&owner.full_name)?,
                    date_of_birth: checks::parse_iso_date(trimmed(&owner.date_of_birth)?)?,
                    address: address_of([
                        &owner.address_line1,
                        &owner.address_line2,
                        &owner.city,
                        &owner.state,
                        &owner.postal_code,
                    ])?,
                    role: OwnerRole::parse(trimmed(&owner.role)?)?,
                    ownership_percent: round_to_cents(
                        owner
                            .ownership_percent
                            .as_ref()
                            .filter(|amount| !amount.is_blank())
                            .map_or(Ok(Decimal::ZERO), AmountInput::to_decimal)
                            .ok()?,
                    ),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(BusinessDetails {
            entity_type,
            legal_name: text_of(&business.legal_name)?,
            trading_name: text_of(&business.trading_name),
            abn: Abn::parse(trimmed(&business.abn)?).ok()?,
            acn: if entity_type == EntityType::Company {
                Some(Acn::parse(trimmed(&business.acn)?).ok()?)
            } else {
                None
            },
            address: address_of([
                &business.address_line1,
                &business.address_line2,
                &business.city,
                &business.state,
                &business.postal_code,
            ])?,
            nature_of_business: NatureOfBusiness::parse(trimmed(&business.nature_of_business)?)?,
            owners,
            applicant_role: ApplicantRole::parse(trimmed(&business.applicant_role)?)?,
        })
    } else {
        None
    };
    let countries = if tax.foreign_resident? {
        countries_of(&tax.countries)?
    } else {
        Vec::new()
    };
    let business_countries = if asks_business {
        Some(if tax.business_foreign_resident? {
            countries_of(&tax.business_countries)?
        } else {
            Vec::new()
        })
    } else {
        None
    };
    Some(CustomerDetails {
        business,
        tax_residency: TaxResidency {
            countries,
            tfn: trimmed(&tax.tfn).map(Tfn::parse).transpose().ok()?,
            business_countries,
        },
    })
}

#[cfg(test)]
mod wording_tests {
    use super::business::ADDRESS_OF_BUSINESS;
    use super::owners::ADDRESS_OF_OWNER;
    use super::*;

    /// What a rule checks, without its message: its kind and its limits.
    fn shape(rule: &Rule) -> serde_json::Value {
        let mut value = serde_json::to_value(rule).unwrap();
        value.as_object_mut().unwrap().remove("message");
        value
    }

    /// Whether a message speaks to the applicant about their own answer.
    fn says_your(message: &str) -> bool {
        message
            .split(|c: char| !c.is_alphanumeric() && c != '\'')
            .any(|word| matches!(word.to_lowercase().as_str(), "your" | "you" | "yours"))
    }

    #[test]
    fn another_persons_and_the_businesss_address_have_the_applicants_rules_in_their_own_words() {
        let own = [
            Field::AddressLine1,
            Field::AddressLine2,
            Field::City,
            Field::State,
            Field::PostalCode,
        ];
        for (index, field) in own.into_iter().enumerate() {
            for rules in [
                ADDRESS_OF_OWNER[index].rules(),
                ADDRESS_OF_BUSINESS[index].rules(),
            ] {
                let shapes: Vec<_> = rules.iter().map(shape).collect();
                let expected: Vec<_> = field.rules().iter().map(shape).collect();
                assert_eq!(shapes, expected, "{field:?}");
                for rule in rules {
                    assert!(!says_your(rule.message()), "{}", rule.message());
                }
            }
        }
    }

    /// Every message the owners' and the business's own questions can give, from owners and a
    /// business typed every wrong way: none calls another person's (or the business's) answer
    /// "your".
    #[test]
    fn no_message_about_an_owner_or_the_business_says_your() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
        let applicant: ApplicationInput =
            serde_json::from_str(r#"{"application_type": "business_checking"}"#).unwrap();
        let owners = [
            r#"{}"#,
            r#"{"full_name": "A", "date_of_birth": "90-1-1", "address_line1": "1 A",
                "address_line2": "\u202e", "city": "X", "state": "Narnia", "postal_code": "12",
                "role": "boss", "ownership_percent": "-1"}"#,
            r#"{"full_name": "Sam Nguyen", "date_of_birth": "2030-01-01",
                "address_line1": "9 Oak Avenue", "city": "Perth", "state": "NSW",
                "postal_code": "6000", "role": "owner", "ownership_percent": "12.345"}"#,
        ];
        let businesses = [
            r#"{}"#,
            r#"{"entity_type": "company", "address_line1": "1 A", "city": "X", "state": "Qld",
                "postal_code": "2000"}"#,
        ];
        let mut seen = 0;
        for business in businesses {
            let mut business: BusinessInput = serde_json::from_str(business).unwrap();
            business.owners = Some(
                owners
                    .iter()
                    .map(|owner| serde_json::from_str(owner).unwrap())
                    .collect(),
            );
            let details = DetailsInput {
                business: Some(business),
                ..Default::default()
            };
            let report = check_details(&applicant, &details, today);
            for (key, messages) in report.errors.iter().chain(&report.warnings) {
                let about_others = matches!(key, DetailKey::Owner(..))
                    || matches!(key, DetailKey::Business(field) if ADDRESS_OF_BUSINESS.contains(field));
                if about_others {
                    seen += 1;
                    for message in messages {
                        assert!(!says_your(message), "{key}: {message}");
                    }
                }
            }
        }
        // Messages of every owner field and of the business's address were looked at.
        assert!(seen > 20, "{seen}");
    }

    #[test]
    fn the_error_summary_names_the_owner_or_country_each_message_is_about_in_form_order() {
        let errors: BTreeMap<String, Vec<String>> = [
            ("tax_residency.countries.1.country", "Choose the country"),
            (
                "business.owners.10.role",
                "Please choose this person's role",
            ),
            (
                "business.owners.1.address_line1",
                "Enter this person's home address",
            ),
            (
                "business.owners",
                "A company needs at least one director listed",
            ),
            ("business.abn", "Enter the business's ABN"),
            ("not.a.path", "As it came"),
            ("tax_residency.business_countries.0.tin", "Too long"),
        ]
        .into_iter()
        .map(|(key, message)| {
            (
                key.to_owned(),
                vec![message.to_owned(), "second".to_owned()],
            )
        })
        .chain([("business.legal_name".to_owned(), Vec::new())])
        .collect();
        let lines: Vec<(String, String)> = details_error_summary(&errors)
            .into_iter()
            .map(|line| (line.key, line.message))
            .collect();
        let expected = [
            ("business.abn", "Enter the business's ABN"),
            (
                "business.owners",
                "A company needs at least one director listed",
            ),
            (
                "business.owners.1.address_line1",
                "Owner or controller 2: Enter this person's home address",
            ),
            (
                "business.owners.10.role",
                "Owner or controller 11: Please choose this person's role",
            ),
            (
                "tax_residency.countries.1.country",
                "Your country 2: Choose the country",
            ),
            (
                "tax_residency.business_countries.0.tin",
                "The business's country 1: Too long",
            ),
            ("not.a.path", "As it came"),
        ]
        .map(|(key, message)| (key.to_owned(), message.to_owned()));
        assert_eq!(lines, expected);
    }
}
