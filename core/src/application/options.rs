//! The closed lists of the application form: account types, states and territories,
//! employment statuses and identification types. Their codes are what is stored and sent;
//! their labels are what a person reads. The form builds its option lists from these.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Declares a closed list: the enum with serde codes, `ALL`, `as_str`, `label` and `parse`.
macro_rules! choice_list {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$variant_meta:meta])* $variant:ident => ($code:literal, $label:literal), )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
        pub enum $name {
            $( $(#[$variant_meta])* #[serde(rename = $code)] $variant, )+
        }

        impl $name {
            /// Every option, in the order the form lists them.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// The code that is stored and sent (its serde name).
            pub const fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $code,)+ }
            }

            /// The text shown to a person.
            pub const fn label(self) -> &'static str {
                match self { $(Self::$variant => $label,)+ }
            }

            /// Reads a code, ignoring surrounding whitespace and letter case; `None` if it is
            /// not one of the options.
            pub fn parse(code: &str) -> Option<Self> {
                let code = code.trim();
                Self::ALL.iter().copied().find(|option| option.as_str().eq_ignore_ascii_case(code))
            }
        }

        impl std::fmt::Display for $name {
            /// Writes the label.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.label())
            }
        }
    };
}

choice_list! {
    /// The four accounts a person can apply for (spec section 2, step 1).
    ///
    /// ```
    /// use banksia_core::application::AccountType;
    /// use rust_decimal::Decimal;
    ///
    /// assert_eq!(AccountType::ALL.len(), 4);
    /// assert_eq!(AccountType::Checking.label(), "Essential Checking");
    /// assert_eq!(AccountType::parse("business_savings"), Some(AccountType::BusinessSavings));
    /// assert_eq!(AccountType::Savings.minimum_deposit_hint(), Decimal::from(10));
    /// assert_eq!(serde_json::to_string(&AccountType::BusinessChecking).unwrap(), "\"business_checking\"");
    /// ```
    pub enum AccountType {
        /// Essential Checking: everyday banking with no monthly fees.
        Checking => ("checking", "Essential Checking"),
        /// High Yield Savings.
        Savings => ("savings", "High Yield Savings"),
        /// Business Checking.
        BusinessChecking => ("business_checking", "Business Checking"),
        /// Business Savings.
        BusinessSavings => ("business_savings", "Business Savings"),
    }
}

/// The hint shown under the deposit amount (spec section 2, step 5). Display only: the amount
/// is never enforced, so the words say "suggested", as step 1's cards do.
pub const MINIMUM_DEPOSIT_HINT: &str = "Suggested minimum deposit: $10 for savings accounts, $25 for checking accounts. You can start with less.";

impl AccountType {
    /// One line for the account's card in step 1.
    ///
    /// ```
    /// use banksia_core::application::AccountType;
    /// assert_eq!(AccountType::Checking.description(), "Everyday banking with no monthly fees");
    /// ```
    pub const fn description(self) -> &'static str {
        match self {
            Self::Checking => "Everyday banking with no monthly fees",
            Self::Savings => "Grow your savings with a high interest rate",
            Self::BusinessChecking => "Day-to-day transactions for your business",
            Self::BusinessSavings => "Earn interest on your business's spare cash",
        }
    }

    /// True for the two business accounts, which need the business's details.
    ///
    /// ```
    /// use banksia_core::application::AccountType;
    /// assert!(AccountType::BusinessSavings.is_business());
    /// assert!(!AccountType::Savings.is_business());
    /// ```
    pub const fn is_business(self) -> bool {
        matches!(self, Self::BusinessChecking | Self::BusinessSavings)
    }

    /// True for the two savings accounts.
    ///
    /// ```
    /// use banksia_core::application::AccountType;
    /// assert!(AccountType::BusinessSavings.is_savings());
    /// ```
    pub const fn is_savings(self) -> bool {
        matches!(self, Self::Savings | Self::BusinessSavings)
    }

    /// The suggested minimum first deposit: $10 for savings accounts, $25 for checking
    /// accounts. A hint only: the spec says it is not enforced, and validation does not.
    ///
    /// ```
    /// use banksia_core::application::AccountType;
    /// use rust_decimal::Decimal;
    /// assert_eq!(AccountType::BusinessChecking.minimum_deposit_hint(), Decimal::from(25));
    /// ```
    pub const fn minimum_deposit_hint(self) -> Decimal {
        if self.is_savings() {
            Decimal::from_parts(10, 0, 0, false, 0)
        } else {
            Decimal::from_parts(25, 0, 0, false, 0)
        }
    }
}

choice_list! {
    /// Australian states and territories. Serialised as their abbreviations (`"NSW"`); the
    /// label is the full name.
    ///
    /// ```
    /// use banksia_core::application::AustralianState;
    ///
    /// assert_eq!(AustralianState::Vic.full_name(), "Victoria");
    /// assert_eq!(AustralianState::parse("nsw"), Some(AustralianState::Nsw));
    /// assert_eq!(serde_json::to_string(&AustralianState::Act).unwrap(), "\"ACT\"");
    /// assert!(AustralianState::Vic.has_postcode(3000));
    /// assert!(!AustralianState::Vic.has_postcode(2000));
    /// ```
    pub enum AustralianState {
        /// New South Wales.
        Nsw => ("NSW", "New South Wales"),
        /// Victoria.
        Vic => ("VIC", "Victoria"),
        /// Queensland.
        Qld => ("QLD", "Queensland"),
        /// Western Australia.
        Wa => ("WA", "Western Australia"),
        /// South Australia.
        Sa => ("SA", "South Australia"),
        /// Tasmania.
        Tas => ("TAS", "Tasmania"),
        /// Australian Capital Territory.
        Act => ("ACT", "Australian Capital Territory"),
        /// Northern Territory.
        Nt => ("NT", "Northern Territory"),
    }
}

impl AustralianState {
    /// The full name, e.g. "Western Australia" (same as [`label`](Self::label)).
    ///
    /// ```
    /// use banksia_core::application::AustralianState;
    /// assert_eq!(AustralianState::Wa.full_name(), "Western Australia");
    /// ```
    pub const fn full_name(self) -> &'static str {
        self.label()
    }

    /// The postcode ranges Australia Post allocates to the state or territory (street and
    /// PO box ranges), inclusive. Some localities near borders use a neighbour's postcode,
    /// which is why a mismatch is only a warning.
    ///
    /// ```
    /// use banksia_core::application::AustralianState;
    /// assert_eq!(AustralianState::Sa.postcode_ranges(), &[(5000, 5999)]);
    /// ```
    pub const fn postcode_ranges(self) -> &'static [(u16, u16)] {
        match self {
            Self::Nsw => &[(1000, 2599), (2619, 2899), (2921, 2999)],
            Self::Act => &[(200, 299), (2600, 2618), (2900, 2920)],
            Self::Vic => &[(3000, 3999), (8000, 8999)],
            Self::Qld => &[(4000, 4999), (9000, 9999)],
            Self::Sa => &[(5000, 5999)],
            Self::Wa => &[(6000, 6999)],
            Self::Tas => &[(7000, 7999)],
            Self::Nt => &[(800, 999)],
        }
    }

    /// Postcodes outside the state's [ranges](Self::postcode_ranges) that localities of the state
    /// use all the same: a town on a border takes its neighbour's postcode (Mungindi, NSW and
    /// QLD, 2406), or a postcode area spans the border.
    ///
    /// Source: the ranges are Australia Post's allocation by state; the exceptions are every
    /// postcode that a national locality dataset (Australia Post's locality list, as packaged in
    /// `core/tests/data/postcode_states.txt`) gives to a state outside its range. The test
    /// `core/tests/postcodes.rs` checks every postcode of that dataset against
    /// [`has_postcode`](Self::has_postcode).
    ///
    /// ```
    /// use banksia_core::application::AustralianState;
    /// assert!(AustralianState::Qld.cross_border_postcodes().contains(&2406));
    /// ```
    pub const fn cross_border_postcodes(self) -> &'static [u16] {
        match self {
            // Jervis Bay Territory (2540) and the ACT's localities of 2620 (Hume, Beard).
            Self::Act => &[2540, 2620],
            // NSW localities of the ACT's 2611 and 2618, and along the Murray and the QLD border.
            Self::Nsw => &[
                2611, 2618, 3500, 3586, 3644, 3691, 3707, 4375, 4377, 4380, 4383, 4385,
            ],
            // Mungindi (QLD) shares NSW's 2406.
            Self::Qld => &[2406],
            // Alpurrurulam (NT) is reached through QLD's 4825.
            Self::Nt => &[4825],
            // The Ngaanyatjarra lands' 0872 spans the NT, SA and WA.
            Self::Sa | Self::Wa => &[872],
            Self::Vic | Self::Tas => &[],
        }
    }

    /// True when the postcode is in one of the state's ranges, or is one of its
    /// [cross-border postcodes](Self::cross_border_postcodes).
    ///
    /// ```
    /// use banksia_core::application::AustralianState;
    /// assert!(AustralianState::Act.has_postcode(2600));
    /// assert!(!AustralianState::Nsw.has_postcode(2600));
    /// assert!(AustralianState::Act.has_postcode(2620)); // Hume, ACT
    /// assert!(AustralianState::Nsw.has_postcode(2620)); // Queanbeyan, NSW
    /// ```
    pub fn has_postcode(self, postcode: u16) -> bool {
        self.postcode_ranges()
            .iter()
            .any(|&(low, high)| (low..=high).contains(&postcode))
            || self.cross_border_postcodes().contains(&postcode)
    }
}

choice_list! {
    /// Employment status (spec section 3 values).
    ///
    /// ```
    /// use banksia_core::application::EmploymentStatus;
    /// assert_eq!(EmploymentStatus::SelfEmployed.as_str(), "self_employed");
    /// assert_eq!(EmploymentStatus::SelfEmployed.label(), "Self-employed");
    /// assert_eq!(EmploymentStatus::ALL.len(), 7);
    /// ```
    pub enum EmploymentStatus {
        /// Full-time employee.
        FullTime => ("full_time", "Full-time"),
        /// Part-time employee.
        PartTime => ("part_time", "Part-time"),
        /// Casual employee.
        Casual => ("casual", "Casual"),
        /// Runs their own business.
        SelfEmployed => ("self_employed", "Self-employed"),
        /// Retired.
        Retired => ("retired", "Retired"),
        /// Student.
        Student => ("student", "Student"),
        /// Not employed.
        Unemployed => ("unemployed", "Unemployed"),
    }
}

choice_list! {
    /// Identification document (spec section 3 values).
    ///
    /// ```
    /// use banksia_core::application::IdentificationType;
    /// assert_eq!(IdentificationType::DriversLicense.as_str(), "drivers_license");
    /// assert_eq!(IdentificationType::DriversLicense.label(), "Driver's licence");
    /// ```
    pub enum IdentificationType {
        /// An Australian driver's licence.
        DriversLicense => ("drivers_license", "Driver's licence"),
        /// A passport.
        Passport => ("passport", "Passport"),
        /// A state or territory proof of age card.
        ProofOfAgeCard => ("proof_of_age_card", "Proof of age card"),
    }
}

choice_list! {
    /// The legal form of a business applying for a business account (AML/CTF Rules Part 4.3:
    /// each is identified its own way).
    ///
    /// ```
    /// use banksia_core::application::EntityType;
    /// assert_eq!(EntityType::parse("sole_trader"), Some(EntityType::SoleTrader));
    /// assert_eq!(EntityType::IncorporatedAssociation.label(), "Incorporated association");
    /// ```
    pub enum EntityType {
        /// One person trading under their own name or a business name.
        SoleTrader => ("sole_trader", "Sole trader"),
        /// A company registered with ASIC (it has an ACN).
        Company => ("company", "Company"),
        /// A partnership.
        Partnership => ("partnership", "Partnership"),
        /// A trust, through its trustee.
        Trust => ("trust", "Trust"),
        /// An association incorporated under a state or territory act.
        IncorporatedAssociation => ("incorporated_association", "Incorporated association"),
    }
}

choice_list! {
    /// What the business does: the divisions of the Australian and New Zealand Standard
    /// Industrial Classification (ANZSIC 2006), the ABS's own list, which the ABR records too.
    ///
    /// ```
    /// use banksia_core::application::NatureOfBusiness;
    /// assert_eq!(NatureOfBusiness::ALL.len(), 19);
    /// assert_eq!(NatureOfBusiness::parse("construction").unwrap().label(), "Construction");
    /// ```
    pub enum NatureOfBusiness {
        /// Division A.
        Agriculture => ("agriculture_forestry_fishing", "Agriculture, forestry and fishing"),
        /// Division B.
        Mining => ("mining", "Mining"),
        /// Division C.
        Manufacturing => ("manufacturing", "Manufacturing"),
        /// Division D.
        Utilities => ("utilities", "Electricity, gas, water and waste services"),
        /// Division E.
        Construction => ("construction", "Construction"),
        /// Division F.
        WholesaleTrade => ("wholesale_trade", "Wholesale trade"),
        /// Division G.
        RetailTrade => ("retail_trade", "Retail trade"),
        /// Division H.
        Hospitality => ("accommodation_food", "Accommodation and food services"),
        /// Division I.
        Transport => ("transport_postal_warehousing", "Transport, postal and warehousing"),
        /// Division J.
        Media => ("information_media_telecommunications", "Information media and telecommunications"),
        /// Division K.
        Financial => ("financial_insurance", "Financial and insurance services"),
        /// Division L.
        RealEstate => ("rental_hiring_real_estate", "Rental, hiring and real estate services"),
        /// Division M.
        Professional => ("professional_scientific_technical", "Professional, scientific and technical services"),
        /// Division N.
        Administrative => ("administrative_support", "Administrative and support services"),
        /// Division O.
        PublicAdministration => ("public_administration_safety", "Public administration and safety"),
        /// Division P.
        Education => ("education_training", "Education and training"),
        /// Division Q.
        Health => ("health_social_assistance", "Health care and social assistance"),
        /// Division R.
        Arts => ("arts_recreation", "Arts and recreation services"),
        /// Division S.
        OtherServices => ("other_services", "Other services"),
    }
}

choice_list! {
    /// What makes a person a beneficial owner or controller of the business (AML/CTF Rules
    /// 1.2.1: owns 25% or more, or controls it).
    ///
    /// ```
    /// use banksia_core::application::OwnerRole;
    /// assert_eq!(OwnerRole::Owner.label(), "Owner of 25% or more");
    /// ```
    pub enum OwnerRole {
        /// A director of the company.
        Director => ("director", "Director"),
        /// Owns 25% or more, directly or indirectly.
        Owner => ("owner", "Owner of 25% or more"),
        /// A trustee of the trust.
        Trustee => ("trustee", "Trustee"),
        /// A partner of the partnership.
        Partner => ("partner", "Partner"),
        /// Controls the business another way (a public officer, a chair, a senior manager).
        OtherController => ("other_controller", "Other controller"),
    }
}

choice_list! {
    /// The applicant's own place in the business.
    ///
    /// ```
    /// use banksia_core::application::ApplicantRole;
    /// assert_eq!(ApplicantRole::parse("authorised_officer").unwrap().label(), "Authorised officer or employee");
    /// ```
    pub enum ApplicantRole {
        /// The sole trader.
        SoleTrader => ("sole_trader", "Sole trader"),
        /// A director.
        Director => ("director", "Director"),
        /// A partner.
        Partner => ("partner", "Partner"),
        /// A trustee, or a director of the trustee company.
        Trustee => ("trustee", "Trustee"),
        /// An office holder of an association (president, secretary, treasurer, public officer).
        OfficeHolder => ("office_holder", "Office holder of the association"),
        /// Someone the business has authorised to open accounts for it.
        AuthorisedOfficer => ("authorised_officer", "Authorised officer or employee"),
    }
}

choice_list! {
    /// Why a foreign tax residency has no tax identification number: the OECD's Common
    /// Reporting Standard reasons, as Australian banks' self-certification forms ask them.
    ///
    /// ```
    /// use banksia_core::application::NoTinReason;
    /// assert_eq!(NoTinReason::NotIssued.as_str(), "not_issued");
    /// ```
    pub enum NoTinReason {
        /// Reason A: the country doesn't issue tax identification numbers to its residents.
        NotIssued => ("not_issued", "The country doesn't issue tax identification numbers"),
        /// Reason B: the person or entity can't get one (explained in words).
        UnableToObtain => ("unable_to_obtain", "I can't get one (please explain)"),
        /// Reason C: the country doesn't require it to be given.
        NotRequired => ("not_required", "The country doesn't require it to be collected"),
    }
}

/// A country or territory of ISO 3166-1 (`core/src/application/countries.txt`, derived from
/// Debian's iso-codes by `scripts/data/derive-countries.mjs`). Serialised as its two-letter code.
///
/// ```
/// use banksia_core::application::Country;
/// let nz = Country::parse("nz").unwrap();
/// assert_eq!(nz.code(), "NZ");
/// assert_eq!(nz.name(), "New Zealand");
/// assert!(Country::parse("XX").is_none());
/// assert!(Country::all().count() > 240);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(type = "string"))]
pub struct Country {
    code: &'static str,
    name: &'static str,
}

const COUNTRIES: &str = include_str!("countries.txt");

impl Country {
    /// Australia (`AU`).
    pub const AUSTRALIA: Country = Country {
        code: "AU",
        name: "Australia",
    };

    /// Every country and territory, by name.
    pub fn all() -> impl Iterator<Item = Country> {
        COUNTRIES.lines().filter_map(|line| {
            let (code, name) = line.split_once('\t')?;
            Some(Country { code, name })
        })
    }

    /// Reads a two-letter code, any letter case.
    pub fn parse(code: &str) -> Option<Country> {
        let code = code.trim();
        Self::all().find(|country| country.code.eq_ignore_ascii_case(code))
    }

    /// The two-letter ISO 3166-1 code.
    pub const fn code(self) -> &'static str {
        self.code
    }

    /// Its name in English.
    pub const fn name(self) -> &'static str {
        self.name
    }
}

impl Serialize for Country {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code)
    }
}

impl<'de> Deserialize<'de> for Country {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let code = String::deserialize(deserializer)?;
        Country::parse(&code)
            .ok_or_else(|| serde::de::Error::custom("not an ISO 3166-1 country code"))
    }
}

/// One option of a select or card list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct SelectOption {
    /// The code sent with the form.
    pub value: String,
    /// The text shown.
    pub label: String,
}

/// An account type card of step 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct AccountTypeOption {
    /// The account type.
    pub value: AccountType,
    /// Its name.
    pub label: String,
    /// Its one-line description.
    pub description: String,
    /// Its suggested (not enforced) minimum deposit.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub minimum_deposit_hint: Decimal,
}

/// Every option list of the form in one value, so the UI renders them from core.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct FormOptions {
    /// Step 1 cards.
    pub account_types: Vec<AccountTypeOption>,
    /// The state select (value `NSW`, label `New South Wales`).
    pub states: Vec<SelectOption>,
    /// The employment status select.
    pub employment_statuses: Vec<SelectOption>,
    /// The identification type select.
    pub identification_types: Vec<SelectOption>,
    /// The hint under the deposit amount.
    pub minimum_deposit_hint: String,
}

/// The form's option lists, built from the enums above.
///
/// ```
/// use banksia_core::application::form_options;
///
/// let options = form_options();
/// assert_eq!(options.states[0].value, "NSW");
/// assert_eq!(options.states[0].label, "New South Wales");
/// assert_eq!(options.account_types.len(), 4);
/// ```
pub fn form_options() -> FormOptions {
    fn select<T: Copy>(
        all: &[T],
        code: fn(T) -> &'static str,
        label: fn(T) -> &'static str,
    ) -> Vec<SelectOption> {
        all.iter()
            .map(|&option| SelectOption {
                value: code(option).to_string(),
                label: label(option).to_string(),
            })
            .collect()
    }
    FormOptions {
        account_types: AccountType::ALL
            .iter()
            .map(|&account| AccountTypeOption {
                value: account,
                label: account.label().to_string(),
                description: account.description().to_string(),
                minimum_deposit_hint: account.minimum_deposit_hint(),
            })
            .collect(),
        states: select(
            AustralianState::ALL,
            AustralianState::as_str,
            AustralianState::label,
        ),
        employment_statuses: select(
            EmploymentStatus::ALL,
            EmploymentStatus::as_str,
            EmploymentStatus::label,
        ),
        identification_types: select(
            IdentificationType::ALL,
            IdentificationType::as_str,
            IdentificationType::label,
        ),
        minimum_deposit_hint: MINIMUM_DEPOSIT_HINT.to_string(),
    }
}
