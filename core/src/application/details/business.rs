//! The business behind a business account: the rules of each of its values (the registered
//! address uses the applicant's address rows), their check, and the record kept once they pass.

use super::*;

pub(super) const ENTITY_TYPE: &[Rule] = &[
    Rule::Required {
        message: text("Please choose the business's legal form"),
    },
    Rule::OneOf {
        message: text("Please choose the business's legal form"),
    },
];

pub(super) const LEGAL_NAME: &[Rule] = &[
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

pub(super) const TRADING_NAME: &[Rule] = &[
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

pub(super) const ABN: &[Rule] = &[
    Rule::Required {
        message: text("Enter the business's ABN"),
    },
    NumberKind::Abn.rule(NumberProblem::Characters),
    NumberKind::Abn.rule(NumberProblem::Length),
    NumberKind::Abn.rule(NumberProblem::Placeholder),
    NumberKind::Abn.rule(NumberProblem::CheckDigit),
];

pub(super) const ACN: &[Rule] = &[
    Rule::Required {
        message: text("A company has an ACN: enter it"),
    },
    NumberKind::Acn.rule(NumberProblem::Characters),
    NumberKind::Acn.rule(NumberProblem::Length),
    NumberKind::Acn.rule(NumberProblem::Placeholder),
    NumberKind::Acn.rule(NumberProblem::CheckDigit),
];

pub(super) const NATURE_OF_BUSINESS: &[Rule] = &[
    Rule::Required {
        message: text("Please choose what the business does"),
    },
    Rule::OneOf {
        message: text("Please choose what the business does"),
    },
];

pub(super) const APPLICANT_ROLE: &[Rule] = &[
    Rule::Required {
        message: text("Please choose your role in the business"),
    },
    Rule::OneOf {
        message: text("Please choose your role in the business"),
    },
];

pub(super) const APPLICANT_AUTHORISED: &[Rule] = &[Rule::MustBeTrue {
    message: text("You must confirm that you may act for the business"),
}];

/// The business's registered street address: the applicant's rows in words about the business.
pub(super) const BUSINESS_ADDRESS_LINE1: &[Rule] = &[
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
pub(super) const BUSINESS_POSTAL_CODE: &[Rule] = &[
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

/// The error when a company's ABN is not its ACN behind two check digits. The ABR issues a
/// company's ABN as its ACN with two check digits in front, so a company whose two numbers
/// disagree has one of them mistyped (or gave another entity's ABN).
pub const ABN_NOT_ON_ACN: &str = "A company's ABN is its ACN with two digits in front, and this ACN isn't the last nine digits of the ABN above. Check both numbers.";

pub(super) const ADDRESS_OF_BUSINESS: [BusinessField; 5] = [
    BusinessField::AddressLine1,
    BusinessField::AddressLine2,
    BusinessField::City,
    BusinessField::State,
    BusinessField::PostalCode,
];

pub(super) fn check_business(
    checker: &mut Checker,
    business: &BusinessInput,
    applicant: &ApplicationInput,
) {
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
