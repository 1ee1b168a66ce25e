//! The business's beneficial owners and controllers (AML/CTF Rules Part 4.12): the rules of each
//! owner's values, the rules about the owners as a set ([`OwnersRule`]), their check and the
//! record kept.

use super::*;

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

pub(super) const FULL_NAME: &[Rule] = &[
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
pub(super) const OWNER_DATE_OF_BIRTH: &[Rule] = &[
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

pub(super) const OWNER_ROLE: &[Rule] = &[
    Rule::Required {
        message: text("Please choose this person's role"),
    },
    Rule::OneOf {
        message: text("Please choose this person's role"),
    },
];

pub(super) const OWNERSHIP_PERCENT: &[Rule] = &[
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

/// Another person's street address (an owner's or controller's): the applicant's rows
/// ([`Field::AddressLine1`]) in words about them, never "your" address.
pub(super) const OWNER_ADDRESS_LINE1: &[Rule] = &[
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
pub(super) const OWNER_POSTAL_CODE: &[Rule] = &[
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

pub(super) const ADDRESS_OF_OWNER: [OwnerField; 5] = [
    OwnerField::AddressLine1,
    OwnerField::AddressLine2,
    OwnerField::City,
    OwnerField::State,
    OwnerField::PostalCode,
];

pub(super) fn check_owners(
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
pub(super) fn is_the_applicant(owner: &OwnerInput, applicant: &ApplicationInput) -> bool {
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
