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

/// The standard TFN notice, shown where the TFN is asked (the Privacy (Tax File Number) Rule
/// 2015 requires saying why it is collected and that giving it is not an offence).
pub const TFN_NOTICE: &str = "You don't have to give us your tax file number (TFN), and it isn't an offence not to. If you don't, we may have to withhold tax from your interest at the highest marginal rate plus the Medicare levy. We collect it under the Taxation Administration Act 1953 and use it only for tax purposes.";

/// The most beneficial owners and controllers one application lists.
pub const MAX_OWNERS: usize = 10;

/// The most foreign tax residencies one person or entity lists.
pub const MAX_COUNTRIES: usize = 10;

/// A beneficial owner or controller as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct OwnerInput {
    /// Full name, as on their ID.
    pub full_name: Option<String>,
    /// `YYYY-MM-DD`.
    pub date_of_birth: Option<String>,
    /// Residential street address.
    pub address_line1: Option<String>,
    /// Unit or apartment (optional).
    pub address_line2: Option<String>,
    /// City or suburb.
    pub city: Option<String>,
    /// State or territory.
    pub state: Option<String>,
    /// Postcode.
    pub postal_code: Option<String>,
    /// [`OwnerRole`] code.
    pub role: Option<String>,
    /// Share of the business owned, in percent (`25`, `12.5`); blank is none.
    pub ownership_percent: Option<AmountInput>,
}

/// The business behind a business account, as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct BusinessInput {
    /// [`EntityType`] code.
    pub entity_type: Option<String>,
    /// The legal name, as the ABN register shows it.
    pub legal_name: Option<String>,
    /// The name it trades under, when different (optional).
    pub trading_name: Option<String>,
    /// Australian Business Number as typed.
    pub abn: Option<String>,
    /// Australian Company Number as typed (companies only).
    pub acn: Option<String>,
    /// Registered business address: street.
    pub address_line1: Option<String>,
    /// Unit or suite (optional).
    pub address_line2: Option<String>,
    /// City or suburb.
    pub city: Option<String>,
    /// State or territory.
    pub state: Option<String>,
    /// Postcode.
    pub postal_code: Option<String>,
    /// [`NatureOfBusiness`] code.
    pub nature_of_business: Option<String>,
    /// The beneficial owners and controllers.
    pub owners: Option<Vec<OwnerInput>>,
    /// The applicant's own [`ApplicantRole`] code.
    pub applicant_role: Option<String>,
    /// The applicant confirms they may act for the business.
    pub applicant_authorised: Option<bool>,
}

/// One foreign tax residency as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct ForeignResidencyInput {
    /// [`Country`] code (`NZ`).
    pub country: Option<String>,
    /// Its tax identification number.
    pub tin: Option<String>,
    /// Without a number: [`NoTinReason`] code.
    pub no_tin_reason: Option<String>,
    /// Why it can't be obtained (reason `unable_to_obtain`).
    pub no_tin_explanation: Option<String>,
}

/// Tax residency self-certification as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct TaxResidencyInput {
    /// "Are you a tax resident of a country other than Australia?"
    pub foreign_resident: Option<bool>,
    /// Each such country, when yes.
    pub countries: Option<Vec<ForeignResidencyInput>>,
    /// Tax file number (optional).
    pub tfn: Option<String>,
    /// For a business (other than a sole trader): is the business a tax resident elsewhere?
    pub business_foreign_resident: Option<bool>,
    /// Each such country of the business, when yes.
    pub business_countries: Option<Vec<ForeignResidencyInput>>,
}

/// What the wizard sends beside the application's own fields.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(remote = "Self", rename_all = "snake_case", deny_unknown_fields)]
pub struct DetailsInput {
    /// The business (business accounts only; ignored otherwise).
    pub business: Option<BusinessInput>,
    /// Tax residency (every account).
    pub tax_residency: Option<TaxResidencyInput>,
}

crate::reading::deserialize_object_only!(DetailsInput, Serialize);

/// The body of an application as the wizard sends it: the application's own fields
/// ([`ApplicationInput`]) with `business` and `tax_residency` ([`DetailsInput`]'s members)
/// beside them in the same object. Its reader hands every other member to
/// [`ApplicationInput`]'s one reader as it comes, so an unknown or repeated field, an array or
/// a malformed value gets the very answer it gets without the details.
///
/// ```
/// use banksia_core::application::details::SubmissionInput;
///
/// let body: SubmissionInput = serde_json::from_str(
///     r#"{"first_name": "Jane", "tax_residency": {"foreign_resident": false}}"#,
/// ).unwrap();
/// assert_eq!(body.application.first_name.as_deref(), Some("Jane"));
/// assert_eq!(body.details.tax_residency.unwrap().foreign_resident, Some(false));
/// assert!(serde_json::from_str::<SubmissionInput>(r#"{"business": null, "business": null}"#).is_err());
/// assert!(serde_json::from_str::<SubmissionInput>(r#"{"nickname": "J"}"#).is_err());
/// assert!(serde_json::from_str::<SubmissionInput>(r#"["Jane"]"#).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SubmissionInput {
    /// The application's own fields.
    pub application: ApplicationInput,
    /// The business and tax residency details.
    pub details: DetailsInput,
}

impl<'de> Deserialize<'de> for SubmissionInput {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::{DeserializeSeed, IntoDeserializer, MapAccess, Visitor};

        /// The body's members: the details' kept aside, the others handed on.
        struct Split<'a, A> {
            map: A,
            details: &'a mut DetailsInput,
            seen: [bool; 2],
        }

        impl<'de, A: MapAccess<'de>> MapAccess<'de> for Split<'_, A> {
            type Error = A::Error;

            fn next_key_seed<K: DeserializeSeed<'de>>(
                &mut self,
                seed: K,
            ) -> Result<Option<K::Value>, A::Error> {
                loop {
                    let Some(key) = self.map.next_key::<String>()? else {
                        return Ok(None);
                    };
                    let member = match key.as_str() {
                        "business" => 0,
                        "tax_residency" => 1,
                        _ => {
                            let key: serde::de::value::StringDeserializer<A::Error> =
                                key.into_deserializer();
                            return seed.deserialize(key).map(Some);
                        }
                    };
                    if std::mem::replace(&mut self.seen[member], true) {
                        return Err(serde::de::Error::duplicate_field(if member == 0 {
                            "business"
                        } else {
                            "tax_residency"
                        }));
                    }
                    if member == 0 {
                        self.details.business = self.map.next_value()?;
                    } else {
                        self.details.tax_residency = self.map.next_value()?;
                    }
                }
            }

            fn next_value_seed<V: DeserializeSeed<'de>>(
                &mut self,
                seed: V,
            ) -> Result<V::Value, A::Error> {
                self.map.next_value_seed(seed)
            }
        }

        struct Body;

        impl<'de> Visitor<'de> for Body {
            type Value = SubmissionInput;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an application: one object of the form's fields")
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<SubmissionInput, A::Error> {
                let mut details = DetailsInput::default();
                let split = Split {
                    map,
                    details: &mut details,
                    seen: [false; 2],
                };
                let application = <ApplicationInput as Deserialize>::deserialize(
                    serde::de::value::MapAccessDeserializer::new(split),
                )?;
                Ok(SubmissionInput {
                    application,
                    details,
                })
            }
        }

        deserializer.deserialize_map(Body)
    }
}

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

/// A rule about the owners and controllers as a set, each with its one message (under
/// `business.owners`, or `business.applicant_role` for the applicant's role).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnersRule {
    /// At least one owner or controller.
    AtLeastOne,
    /// At most [`MAX_OWNERS`].
    AtMostTen,
    /// Ownership shares add up to 100% at most.
    SharesAtMost100,
    /// A company lists at least one director.
    CompanyHasDirector,
    /// A trust lists at least one trustee.
    TrustHasTrustee,
    /// A partnership lists at least two partners.
    PartnershipHasPartners,
    /// A sole trader lists one owner: the applicant.
    SoleTraderIsOne,
    /// ... whose name and date of birth are the applicant's.
    SoleTraderIsApplicant,
    /// An owner of 25% or more has a share of at least 25%.
    OwnerHoldsQuarter,
    /// A sole trader's applicant is the sole trader.
    SoleTraderApplicantRole,
}

impl OwnersRule {
    /// The message; `{total}` is replaced by the shares' total.
    ///
    /// ```
    /// use banksia_core::application::details::OwnersRule;
    /// assert_eq!(OwnersRule::CompanyHasDirector.message(), "A company needs at least one director listed");
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            Self::AtLeastOne => "Add at least one beneficial owner or controller",
            Self::AtMostTen => {
                "List at most 10 owners and controllers here. If the business has more, please call us"
            }
            Self::SharesAtMost100 => {
                "The ownership shares add up to {total}%: together they can't be more than 100%"
            }
            Self::CompanyHasDirector => "A company needs at least one director listed",
            Self::TrustHasTrustee => "A trust needs at least one trustee listed",
            Self::PartnershipHasPartners => "A partnership needs at least two partners listed",
            Self::SoleTraderIsOne => "A sole trader has one owner, you: list only yourself",
            Self::SoleTraderIsApplicant => {
                "A sole trader's owner is you: enter your own name and date of birth, as in step 2"
            }
            Self::OwnerHoldsQuarter => {
                "An owner of 25% or more holds at least 25%: check the share, or choose another role"
            }
            Self::SoleTraderApplicantRole => "For a sole trader, your role is sole trader",
        }
    }
}

/// A rule about one foreign residency list, or one of its entries, beside the rows of each
/// value, each with its one message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResidencyRule {
    /// Yes needs at least one country.
    AtLeastOneCountry,
    /// At most [`MAX_COUNTRIES`].
    AtMostTen,
    /// Australia isn't foreign.
    NotAustralia,
    /// A country once.
    NoRepeat,
    /// A number, or the reason there is none.
    TinOrReason,
    /// Reason B needs its explanation.
    ExplainUnable,
}

impl ResidencyRule {
    /// The message; `{country}` is replaced by the country's name.
    pub const fn message(self, resident: Resident) -> &'static str {
        match (self, resident) {
            (Self::AtLeastOneCountry, Resident::Applicant) => {
                "Add each country other than Australia where you're a tax resident"
            }
            (Self::AtLeastOneCountry, Resident::Business) => {
                "Add each country other than Australia where the business is a tax resident"
            }
            (Self::AtMostTen, _) => {
                "List at most 10 countries here. If there are more, please call us"
            }
            (Self::NotAustralia, _) => "List only countries other than Australia here",
            (Self::NoRepeat, _) => "{country} is listed more than once",
            (Self::TinOrReason, _) => {
                "Enter the tax identification number, or choose why there isn't one"
            }
            (Self::ExplainUnable, _) => {
                "Tell us why the tax identification number can't be obtained"
            }
        }
    }
}

const fn text(message: &'static str) -> Cow<'static, str> {
    Cow::Borrowed(message)
}

const ENTITY_TYPE: &[Rule] = &[
    Rule::Required {
        message: text("Please choose the business's legal form"),
    },
    Rule::OneOf {
        message: text("Please choose the business's legal form"),
    },
];

const LEGAL_NAME: &[Rule] = &[
    Rule::Required {
        message: text("Enter the business's legal name, as the ABN register shows it"),
    },
    Rule::MinChars {
        min: 2,
        message: text("Enter the business's legal name, as the ABN register shows it"),
    },
    Rule::MaxChars {
        max: 200,
        message: text("Legal name must be at most 200 characters"),
    },
    Rule::NoControlCharacters {
        message: text(
            "Legal name contains a hidden, formatting or unsupported character. Please retype it.",
        ),
    },
];

const TRADING_NAME: &[Rule] = &[
    Rule::MaxChars {
        max: 200,
        message: text("Trading name must be at most 200 characters"),
    },
    Rule::NoControlCharacters {
        message: text(
            "Trading name contains a hidden, formatting or unsupported character. Please retype it.",
        ),
    },
];

const ABN: &[Rule] = &[
    Rule::Required {
        message: text("Enter the business's ABN"),
    },
    NumberKind::Abn.rule(NumberProblem::Characters),
    NumberKind::Abn.rule(NumberProblem::Length),
    NumberKind::Abn.rule(NumberProblem::Placeholder),
    NumberKind::Abn.rule(NumberProblem::CheckDigit),
];

const ACN: &[Rule] = &[
    Rule::Required {
        message: text("A company has an ACN: enter it"),
    },
    NumberKind::Acn.rule(NumberProblem::Characters),
    NumberKind::Acn.rule(NumberProblem::Length),
    NumberKind::Acn.rule(NumberProblem::Placeholder),
    NumberKind::Acn.rule(NumberProblem::CheckDigit),
];

const NATURE_OF_BUSINESS: &[Rule] = &[
    Rule::Required {
        message: text("Please choose what the business does"),
    },
    Rule::OneOf {
        message: text("Please choose what the business does"),
    },
];

const APPLICANT_ROLE: &[Rule] = &[
    Rule::Required {
        message: text("Please choose your role in the business"),
    },
    Rule::OneOf {
        message: text("Please choose your role in the business"),
    },
];

const APPLICANT_AUTHORISED: &[Rule] = &[Rule::MustBeTrue {
    message: text("You must confirm that you may act for the business"),
}];

const FULL_NAME: &[Rule] = &[
    Rule::Required {
        message: text("Enter this person's full name"),
    },
    Rule::MinChars {
        min: 2,
        message: text("Full name must be at least 2 characters"),
    },
    Rule::MaxChars {
        max: 100,
        message: text("Full name must be at most 100 characters"),
    },
    Rule::NoControlCharacters {
        message: text(
            "Full name contains a hidden, formatting or unsupported character. Please retype it.",
        ),
    },
];

/// An owner's date of birth: the applicant's rows without the minimum age (a beneficial owner
/// may be a child).
const OWNER_DATE_OF_BIRTH: &[Rule] = &[
    Rule::Required {
        message: text("Date of birth is required"),
    },
    Rule::FourDigitYear {
        message: text("Enter the year of birth in full, with four digits, like 1990"),
    },
    Rule::Date {
        message: text("Please enter a valid date of birth"),
    },
    Rule::InThePast {
        message: text("Date of birth must be in the past"),
    },
    Rule::MaximumAge {
        years: 120,
        message: text("Please enter a valid date of birth"),
    },
];

const OWNER_ROLE: &[Rule] = &[
    Rule::Required {
        message: text("Please choose this person's role"),
    },
    Rule::OneOf {
        message: text("Please choose this person's role"),
    },
];

const OWNERSHIP_PERCENT: &[Rule] = &[
    Rule::Amount {
        message: text("Enter the ownership share as a percentage, like 25 or 12.5"),
    },
    Rule::NotNegative {
        message: text("An ownership share can't be negative"),
    },
    Rule::AtMostTwoDecimals {
        message: text("An ownership share can't have more than 2 decimal places"),
    },
    Rule::MaxAmount {
        max: Decimal::ONE_HUNDRED,
        message: text("An ownership share can't be more than 100%"),
    },
];

const FOREIGN_RESIDENT: &[Rule] = &[Rule::Required {
    message: text("Tell us whether you're a tax resident of a country other than Australia"),
}];

const BUSINESS_FOREIGN_RESIDENT: &[Rule] = &[Rule::Required {
    message: text(
        "Tell us whether the business is a tax resident of a country other than Australia",
    ),
}];

const TFN: &[Rule] = &[
    NumberKind::Tfn.rule(NumberProblem::Characters),
    NumberKind::Tfn.rule(NumberProblem::Length),
    NumberKind::Tfn.rule(NumberProblem::Placeholder),
    NumberKind::Tfn.rule(NumberProblem::CheckDigit),
];

const COUNTRY: &[Rule] = &[
    Rule::Required {
        message: text("Choose the country"),
    },
    Rule::OneOf {
        message: text("Choose the country from the list"),
    },
];

const TIN: &[Rule] = &[
    Rule::MaxChars {
        max: 30,
        message: text("A tax identification number has at most 30 characters"),
    },
    Rule::IdentifierCharacters {
        message: text(
            "A tax identification number can only contain letters, numbers, spaces and hyphens",
        ),
    },
];

const NO_TIN_REASON: &[Rule] = &[Rule::OneOf {
    message: text("Choose why there isn't a tax identification number"),
}];

const NO_TIN_EXPLANATION: &[Rule] = &[
    Rule::MaxChars {
        max: 200,
        message: text("The explanation must be at most 200 characters"),
    },
    Rule::NoControlCharacters {
        message: text(
            "The explanation contains a hidden, formatting or unsupported character. Please retype it.",
        ),
    },
];

/// Another person's street address (an owner's or controller's): the applicant's rows
/// ([`Field::AddressLine1`]) in words about them, never "your" address.
const OWNER_ADDRESS_LINE1: &[Rule] = &[
    Rule::Required {
        message: text("Enter this person's home address"),
    },
    Rule::MinChars {
        min: 5,
        message: text("Enter this person's full home address"),
    },
    Rule::MaxChars {
        max: 100,
        message: text("Home address must be at most 100 characters"),
    },
    Rule::NoControlCharacters {
        message: text(
            "Home address contains a hidden, formatting or unsupported character. Please retype it.",
        ),
    },
];

/// Another person's postcode: the applicant's rows, the state warning about their address.
const OWNER_POSTAL_CODE: &[Rule] = &[
    Rule::Required {
        message: text("Please enter a valid postal code"),
    },
    Rule::AustralianPostcode {
        message: text("Please enter a valid postal code"),
    },
    Rule::PostcodeMatchesState {
        message: text(
            "This postcode isn't in {state}. Please check this person's postcode and state.",
        ),
    },
];

/// The business's registered street address: the applicant's rows in words about the business.
const BUSINESS_ADDRESS_LINE1: &[Rule] = &[
    Rule::Required {
        message: text("Enter the business's registered address"),
    },
    Rule::MinChars {
        min: 5,
        message: text("Enter the business's full registered address"),
    },
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

/// The business's postcode: the applicant's rows, the state warning about the business.
const BUSINESS_POSTAL_CODE: &[Rule] = &[
    Rule::Required {
        message: text("Please enter a valid postal code"),
    },
    Rule::AustralianPostcode {
        message: text("Please enter a valid postal code"),
    },
    Rule::PostcodeMatchesState {
        message: text(
            "This postcode isn't in {state}. Please check the business's postcode and state.",
        ),
    },
];

impl BusinessField {
    /// The field's rows (the registered address uses the applicant's address rows, in words
    /// about the business; `owners` has none of its own: see [`OwnersRule`]).
    pub fn rules(self) -> &'static [Rule] {
        match self {
            Self::EntityType => ENTITY_TYPE,
            Self::LegalName => LEGAL_NAME,
            Self::TradingName => TRADING_NAME,
            Self::Abn => ABN,
            Self::Acn => ACN,
            Self::AddressLine1 => BUSINESS_ADDRESS_LINE1,
            Self::AddressLine2 => Field::AddressLine2.rules(),
            Self::City => Field::City.rules(),
            Self::State => Field::State.rules(),
            Self::PostalCode => BUSINESS_POSTAL_CODE,
            Self::NatureOfBusiness => NATURE_OF_BUSINESS,
            Self::Owners => &[],
            Self::ApplicantRole => APPLICANT_ROLE,
            Self::ApplicantAuthorised => APPLICANT_AUTHORISED,
        }
    }
}

impl OwnerField {
    /// The field's rows (the residential address uses the applicant's address rows, in words
    /// about that person).
    pub fn rules(self) -> &'static [Rule] {
        match self {
            Self::FullName => FULL_NAME,
            Self::DateOfBirth => OWNER_DATE_OF_BIRTH,
            Self::AddressLine1 => OWNER_ADDRESS_LINE1,
            Self::AddressLine2 => Field::AddressLine2.rules(),
            Self::City => Field::City.rules(),
            Self::State => Field::State.rules(),
            Self::PostalCode => OWNER_POSTAL_CODE,
            Self::Role => OWNER_ROLE,
            Self::OwnershipPercent => OWNERSHIP_PERCENT,
        }
    }
}

impl TaxField {
    /// The field's rows (the lists have none of their own: see [`ResidencyRule`]).
    pub fn rules(self) -> &'static [Rule] {
        match self {
            Self::ForeignResident => FOREIGN_RESIDENT,
            Self::BusinessForeignResident => BUSINESS_FOREIGN_RESIDENT,
            Self::Tfn => TFN,
            Self::Countries | Self::BusinessCountries => &[],
        }
    }
}

impl CountryField {
    /// The field's rows.
    pub fn rules(self) -> &'static [Rule] {
        match self {
            Self::Country => COUNTRY,
            Self::Tin => TIN,
            Self::NoTinReason => NO_TIN_REASON,
            Self::NoTinExplanation => NO_TIN_EXPLANATION,
        }
    }
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

/// A beneficial owner or controller, checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct Owner {
    /// Full name.
    pub full_name: String,
    /// Date of birth.
    pub date_of_birth: NaiveDate,
    /// Residential address.
    pub address: Address,
    /// Role.
    pub role: OwnerRole,
    /// Share owned, in percent with two decimals (0 when none).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub ownership_percent: Decimal,
}

/// The business, checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct BusinessDetails {
    /// Legal form.
    pub entity_type: EntityType,
    /// Legal name.
    pub legal_name: String,
    /// Trading name, if given.
    pub trading_name: Option<String>,
    /// ABN (its check digits hold; the register is checked by a person).
    pub abn: Abn,
    /// ACN, for a company.
    pub acn: Option<Acn>,
    /// Registered business address.
    pub address: Address,
    /// What it does.
    pub nature_of_business: NatureOfBusiness,
    /// Beneficial owners and controllers.
    pub owners: Vec<Owner>,
    /// The applicant's role.
    pub applicant_role: ApplicantRole,
}

/// One foreign tax residency, checked: a number, or the reason there is none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct ForeignResidency {
    /// The country.
    pub country: Country,
    /// Its tax identification number, upper-cased.
    pub tin: Option<String>,
    /// Without a number, why.
    pub no_tin_reason: Option<NoTinReason>,
    /// For reason `unable_to_obtain`, the explanation.
    pub no_tin_explanation: Option<String>,
}

/// Tax residency self-certification, checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct TaxResidency {
    /// The applicant's foreign tax residencies (empty: Australia only).
    pub countries: Vec<ForeignResidency>,
    /// TFN, if given.
    pub tfn: Option<Tfn>,
    /// The business's foreign tax residencies, for a business other than a sole trader
    /// (`None` when not asked).
    pub business_countries: Option<Vec<ForeignResidency>>,
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

/// The error when a company's ABN is not its ACN behind two check digits. The ABR issues a
/// company's ABN as its ACN with two check digits in front, so a company whose two numbers
/// disagree has one of them mistyped (or gave another entity's ABN).
pub const ABN_NOT_ON_ACN: &str = "A company's ABN is its ACN with two digits in front, and this ACN isn't the last nine digits of the ABN above. Check both numbers.";

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

const ADDRESS_OF_BUSINESS: [BusinessField; 5] = [
    BusinessField::AddressLine1,
    BusinessField::AddressLine2,
    BusinessField::City,
    BusinessField::State,
    BusinessField::PostalCode,
];

const ADDRESS_OF_OWNER: [OwnerField; 5] = [
    OwnerField::AddressLine1,
    OwnerField::AddressLine2,
    OwnerField::City,
    OwnerField::State,
    OwnerField::PostalCode,
];

fn check_business(checker: &mut Checker, business: &BusinessInput, applicant: &ApplicationInput) {
    use BusinessField as B;
    let key = DetailKey::Business;
    let entity = trimmed(&business.entity_type).and_then(EntityType::parse);
    checker.value(
        key(B::EntityType),
        B::EntityType.rules(),
        &text_value(&business.entity_type),
        &|text| EntityType::parse(text).is_some(),
        None,
    );
    for (field, value) in [
        (B::LegalName, &business.legal_name),
        (B::TradingName, &business.trading_name),
        (B::Abn, &business.abn),
    ] {
        checker.value(
            key(field),
            field.rules(),
            &text_value(value),
            &any_text,
            None,
        );
    }
    if entity == Some(EntityType::Company) {
        let acn_ok = checker.value(
            key(B::Acn),
            B::Acn.rules(),
            &text_value(&business.acn),
            &any_text,
            None,
        );
        let abn = trimmed(&business.abn).and_then(|text| Abn::parse(text).ok());
        let acn = trimmed(&business.acn).and_then(|text| Acn::parse(text).ok());
        if let (true, Some(abn), Some(acn)) = (acn_ok, abn, acn)
            && !abn.contains_acn(&acn)
        {
            checker
                .report
                .errors
                .insert(key(B::Acn), vec![ABN_NOT_ON_ACN.to_owned()]);
        }
    }
    check_address(
        checker,
        |index| key(ADDRESS_OF_BUSINESS[index]),
        |index| ADDRESS_OF_BUSINESS[index].rules(),
        [
            &business.address_line1,
            &business.address_line2,
            &business.city,
            &business.state,
            &business.postal_code,
        ],
    );
    checker.value(
        key(B::NatureOfBusiness),
        B::NatureOfBusiness.rules(),
        &text_value(&business.nature_of_business),
        &|text| NatureOfBusiness::parse(text).is_some(),
        None,
    );
    check_owners(checker, business, entity, applicant);
    let role_ok = checker.value(
        key(B::ApplicantRole),
        B::ApplicantRole.rules(),
        &text_value(&business.applicant_role),
        &|text| ApplicantRole::parse(text).is_some(),
        None,
    );
    let role = trimmed(&business.applicant_role).and_then(ApplicantRole::parse);
    if role_ok
        && entity == Some(EntityType::SoleTrader)
        && role.is_some_and(|role| role != ApplicantRole::SoleTrader)
    {
        checker.error(
            key(B::ApplicantRole),
            OwnersRule::SoleTraderApplicantRole.message(),
        );
    }
    checker.value(
        key(B::ApplicantAuthorised),
        B::ApplicantAuthorised.rules(),
        &flag_value(business.applicant_authorised),
        &any_text,
        None,
    );
}

fn check_owners(
    checker: &mut Checker,
    business: &BusinessInput,
    entity: Option<EntityType>,
    applicant: &ApplicationInput,
) {
    let owners = business.owners.as_deref().unwrap_or_default();
    let list = DetailKey::Business(BusinessField::Owners);
    let mut total = Decimal::ZERO;
    for (index, owner) in owners.iter().enumerate() {
        let key = |field| DetailKey::Owner(index, field);
        for (field, value) in [
            (OwnerField::FullName, &owner.full_name),
            (OwnerField::DateOfBirth, &owner.date_of_birth),
        ] {
            checker.value(
                key(field),
                field.rules(),
                &text_value(value),
                &any_text,
                None,
            );
        }
        check_address(
            checker,
            |field| key(ADDRESS_OF_OWNER[field]),
            |field| ADDRESS_OF_OWNER[field].rules(),
            [
                &owner.address_line1,
                &owner.address_line2,
                &owner.city,
                &owner.state,
                &owner.postal_code,
            ],
        );
        let role_ok = checker.value(
            key(OwnerField::Role),
            OwnerField::Role.rules(),
            &text_value(&owner.role),
            &|text| OwnerRole::parse(text).is_some(),
            None,
        );
        let share_ok = checker.value(
            key(OwnerField::OwnershipPercent),
            OwnerField::OwnershipPercent.rules(),
            &amount_value(&owner.ownership_percent),
            &any_text,
            None,
        );
        let share = owner
            .ownership_percent
            .as_ref()
            .filter(|amount| !amount.is_blank())
            .and_then(|amount| amount.to_decimal().ok())
            .filter(|_| share_ok);
        total += share.unwrap_or_default();
        let role = trimmed(&owner.role).and_then(OwnerRole::parse);
        if role_ok
            && share_ok
            && role == Some(OwnerRole::Owner)
            && share.unwrap_or_default() < Decimal::from(25)
        {
            checker.error(
                key(OwnerField::OwnershipPercent),
                OwnersRule::OwnerHoldsQuarter.message(),
            );
        }
    }
    let roles: Vec<Option<OwnerRole>> = owners
        .iter()
        .map(|owner| trimmed(&owner.role).and_then(OwnerRole::parse))
        .collect();
    let count = |role: OwnerRole| roles.iter().filter(|r| **r == Some(role)).count();
    let broken = if owners.is_empty() {
        Some(OwnersRule::AtLeastOne)
    } else if owners.len() > MAX_OWNERS {
        Some(OwnersRule::AtMostTen)
    } else if total > Decimal::ONE_HUNDRED {
        Some(OwnersRule::SharesAtMost100)
    } else {
        match entity {
            Some(EntityType::Company) if count(OwnerRole::Director) == 0 => {
                Some(OwnersRule::CompanyHasDirector)
            }
            Some(EntityType::Trust) if count(OwnerRole::Trustee) == 0 => {
                Some(OwnersRule::TrustHasTrustee)
            }
            Some(EntityType::Partnership) if count(OwnerRole::Partner) < 2 => {
                Some(OwnersRule::PartnershipHasPartners)
            }
            Some(EntityType::SoleTrader) if owners.len() != 1 => Some(OwnersRule::SoleTraderIsOne),
            Some(EntityType::SoleTrader) if !is_the_applicant(&owners[0], applicant) => {
                Some(OwnersRule::SoleTraderIsApplicant)
            }
            _ => None,
        }
    };
    if let Some(rule) = broken {
        let total = total.normalize().to_string();
        checker.error(list, rule.message().replace("{total}", &total));
    }
}

/// Whether an owner's name and date of birth are the applicant's (step 2's). Unknowable parts
/// (the applicant's name not yet given) don't count against it.
fn is_the_applicant(owner: &OwnerInput, applicant: &ApplicationInput) -> bool {
    let applicant_name = match (
        trimmed(&applicant.first_name),
        trimmed(&applicant.last_name),
    ) {
        (Some(first), Some(last)) => Some(comparable_name(&format!("{first} {last}"))),
        _ => None,
    };
    let same_name = match (applicant_name, trimmed(&owner.full_name)) {
        (Some(applicant), Some(owner)) => applicant == comparable_name(owner),
        _ => true,
    };
    let same_birth = match (
        trimmed(&applicant.date_of_birth).and_then(checks::parse_iso_date),
        trimmed(&owner.date_of_birth).and_then(checks::parse_iso_date),
    ) {
        (Some(applicant), Some(owner)) => applicant == owner,
        _ => true,
    };
    same_name && same_birth
}

fn check_countries(
    checker: &mut Checker,
    resident: Resident,
    answer: Option<bool>,
    countries: &Option<Vec<ForeignResidencyInput>>,
) {
    if answer != Some(true) {
        return;
    }
    let countries = countries.as_deref().unwrap_or_default();
    let list = DetailKey::Tax(resident.list());
    if countries.is_empty() {
        checker.error(list, ResidencyRule::AtLeastOneCountry.message(resident));
    } else if countries.len() > MAX_COUNTRIES {
        checker.error(list, ResidencyRule::AtMostTen.message(resident));
    }
    let mut seen = Vec::new();
    for (index, entry) in countries.iter().enumerate() {
        let key = |field| DetailKey::Country(resident, index, field);
        let country_ok = checker.value(
            key(CountryField::Country),
            CountryField::Country.rules(),
            &text_value(&entry.country),
            &|text| Country::parse(text).is_some(),
            None,
        );
        if let (true, Some(country)) =
            (country_ok, trimmed(&entry.country).and_then(Country::parse))
        {
            if country == Country::AUSTRALIA {
                checker.error(
                    key(CountryField::Country),
                    ResidencyRule::NotAustralia.message(resident),
                );
            } else if seen.contains(&country) {
                checker.error(
                    key(CountryField::Country),
                    ResidencyRule::NoRepeat
                        .message(resident)
                        .replace("{country}", country.name()),
                );
            }
            seen.push(country);
        }
        let tin_ok = checker.value(
            key(CountryField::Tin),
            CountryField::Tin.rules(),
            &text_value(&entry.tin),
            &any_text,
            None,
        );
        if trimmed(&entry.tin).is_some() {
            continue;
        }
        let reason_ok = checker.value(
            key(CountryField::NoTinReason),
            CountryField::NoTinReason.rules(),
            &text_value(&entry.no_tin_reason),
            &|text| NoTinReason::parse(text).is_some(),
            None,
        );
        let reason = trimmed(&entry.no_tin_reason).and_then(NoTinReason::parse);
        if tin_ok && reason_ok && reason.is_none() {
            checker.error(
                key(CountryField::Tin),
                ResidencyRule::TinOrReason.message(resident),
            );
        }
        if reason == Some(NoTinReason::UnableToObtain) {
            let explained = checker.value(
                key(CountryField::NoTinExplanation),
                CountryField::NoTinExplanation.rules(),
                &text_value(&entry.no_tin_explanation),
                &any_text,
                None,
            );
            if explained && trimmed(&entry.no_tin_explanation).is_none() {
                checker.error(
                    key(CountryField::NoTinExplanation),
                    ResidencyRule::ExplainUnable.message(resident),
                );
            }
        }
    }
}

fn check_tax(checker: &mut Checker, tax: &TaxResidencyInput, asks_business: bool) {
    let key = DetailKey::Tax;
    checker.value(
        key(TaxField::ForeignResident),
        TaxField::ForeignResident.rules(),
        &flag_value(tax.foreign_resident),
        &any_text,
        None,
    );
    check_countries(
        checker,
        Resident::Applicant,
        tax.foreign_resident,
        &tax.countries,
    );
    checker.value(
        key(TaxField::Tfn),
        TaxField::Tfn.rules(),
        &text_value(&tax.tfn),
        &any_text,
        None,
    );
    if asks_business {
        checker.value(
            key(TaxField::BusinessForeignResident),
            TaxField::BusinessForeignResident.rules(),
            &flag_value(tax.business_foreign_resident),
            &any_text,
            None,
        );
        check_countries(
            checker,
            Resident::Business,
            tax.business_foreign_resident,
            &tax.business_countries,
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
