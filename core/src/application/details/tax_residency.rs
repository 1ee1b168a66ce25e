//! Tax residency self-certification (the OECD Common Reporting Standard and FATCA) and the
//! optional TFN: the rules of each value, the rules about a list of foreign residencies
//! ([`ResidencyRule`]), their check and the records kept.

use super::*;

/// The standard TFN notice, shown where the TFN is asked (the Privacy (Tax File Number) Rule
/// 2015 requires saying why it is collected and that giving it is not an offence).
pub const TFN_NOTICE: &str = "You don't have to give us your tax file number (TFN), and it isn't an offence not to. If you don't, we may have to withhold tax from your interest at the highest marginal rate plus the Medicare levy. We collect it under the Taxation Administration Act 1953 and use it only for tax purposes.";

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

pub(super) const FOREIGN_RESIDENT: &[Rule] = &[Rule::Required {
    message: text("Tell us whether you're a tax resident of a country other than Australia"),
}];

pub(super) const BUSINESS_FOREIGN_RESIDENT: &[Rule] = &[Rule::Required {
    message: text(
        "Tell us whether the business is a tax resident of a country other than Australia",
    ),
}];

pub(super) const TFN: &[Rule] = &[
    NumberKind::Tfn.rule(NumberProblem::Characters),
    NumberKind::Tfn.rule(NumberProblem::Length),
    NumberKind::Tfn.rule(NumberProblem::Placeholder),
    NumberKind::Tfn.rule(NumberProblem::CheckDigit),
];

pub(super) const COUNTRY: &[Rule] = &[
    Rule::Required {
        message: text("Choose the country"),
    },
    Rule::OneOf {
        message: text("Choose the country from the list"),
    },
];

pub(super) const TIN: &[Rule] = &[
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

pub(super) const NO_TIN_REASON: &[Rule] = &[Rule::OneOf {
    message: text("Choose why there isn't a tax identification number"),
}];

pub(super) const NO_TIN_EXPLANATION: &[Rule] = &[
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

pub(super) fn check_countries(
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

pub(super) fn check_tax(checker: &mut Checker, tax: &TaxResidencyInput, asks_business: bool) {
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
