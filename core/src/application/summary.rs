//! Check your answers: every answer of steps 1 to 4 as the applicant reads it back before
//! submitting (step 5), each with its field's label and the step that asks for it.
//!
//! The value is written for a person, never as the code that is sent: the account type by its
//! name, the state by its full name, employment status and identification type by their labels,
//! amounts in dollars (`$85,000`, `$1,250.50`), the date of birth written out (`14 March
//! 1990`), the email's domain lower-cased and the identification number upper-cased as they
//! will be stored. An optional answer left blank reads [`NOT_PROVIDED`]. A value core can't
//! read (which step validation refuses before step 5) is shown trimmed, as typed.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::checks::{normalise_email, parse_iso_date};
use super::details::{
    BusinessField, BusinessInput, CountryField, DetailKey, DetailsInput, ForeignResidencyInput,
    OWNER_LEGEND, OwnerField, REGISTERED_ADDRESS, Resident, TaxField, TaxResidencyInput,
};
use super::options::{AccountType, EmploymentStatus, IdentificationType};
use super::tax_numbers::{Abn, Acn, Tfn};
use super::{
    AmountInput, ApplicantRole, ApplicationInput, Country, DetailsPart, EntityType, Field,
    NatureOfBusiness, NoTinReason, OwnerRole, Value, normalised, page_of_part, state_of, trimmed,
    value_of, wizard_pages,
};
use crate::calendar::long_date;
use crate::money::{format_aud, round_to_cents};

/// What a summary row shows for an answer left blank.
pub const NOT_PROVIDED: &str = "Not provided";

/// The last step whose answers are summarised; the summary itself is shown on the step after.
const LAST_SUMMARISED_STEP: u8 = 4;

/// One answer of the summary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct SummaryRow {
    /// The wizard step (1 to 4) that asks for the answer, where "Change" goes.
    pub step: u8,
    /// The field, where focus goes on that step.
    pub field: Field,
    /// The field's label ([`Field::label`]).
    pub label: String,
    /// The answer written for a person.
    pub value: String,
}

/// Every answer of steps 1 to 4, in form order.
///
/// ```
/// use banksia_core::application::{answer_summary, ApplicationInput, Field};
///
/// let input: ApplicationInput = serde_json::from_str(r#"{
///     "application_type": "business_savings", "date_of_birth": "1990-03-14",
///     "state": "wa", "annual_income": "85000.5", "employment_status": "self_employed"
/// }"#).unwrap();
/// let rows = answer_summary(&input);
/// assert_eq!(rows.len(), 16);
/// let value = |field| rows.iter().find(|row| row.field == field).unwrap().value.as_str();
/// assert_eq!(value(Field::ApplicationType), "Business Savings");
/// assert_eq!(value(Field::DateOfBirth), "14 March 1990");
/// assert_eq!(value(Field::State), "Western Australia");
/// assert_eq!(value(Field::AnnualIncome), "$85,000.50");
/// assert_eq!(value(Field::EmploymentStatus), "Self-employed");
/// assert_eq!(value(Field::EmployerName), "Not provided");
/// assert_eq!(rows[0].label, "Account type");
/// assert_eq!(rows[0].step, 1);
/// ```
pub fn answer_summary(input: &ApplicationInput) -> Vec<SummaryRow> {
    Field::ALL
        .into_iter()
        .filter(|field| field.step() <= LAST_SUMMARISED_STEP)
        .map(|field| SummaryRow {
            step: field.step(),
            field,
            label: field.label().to_string(),
            value: answer(field, value_of(input, field)),
        })
        .collect()
}

/// One answer written for a person.
fn answer(field: Field, value: Value<'_>) -> String {
    match value {
        Value::Missing => NOT_PROVIDED.to_string(),
        Value::Amount(amount) => match amount.to_decimal() {
            Ok(amount) => dollars(amount),
            // Unreadable amounts are refused by step 4; shown as given.
            Err(_) => match amount {
                AmountInput::Number(text) | AmountInput::Text(text) => text.trim().to_string(),
            },
        },
        Value::Text(text) => written(field, &text).unwrap_or_else(|| text.to_string()),
        // Steps 1 to 4 hold no flags; kept total for every field.
        Value::Flag(flag) => if flag { "Yes" } else { "No" }.to_string(),
        Value::Supplied => String::new(),
    }
}

/// A text answer in the words a person reads, or `None` to show it as typed.
fn written(field: Field, text: &str) -> Option<String> {
    let label = match field {
        Field::ApplicationType => AccountType::parse(text)?.label(),
        Field::State => state_of(text)?.full_name(),
        Field::EmploymentStatus => EmploymentStatus::parse(text)?.label(),
        Field::IdentificationType => IdentificationType::parse(text)?.label(),
        Field::DateOfBirth => return parse_iso_date(text).map(long_date),
        Field::Email => return Some(normalise_email(text)),
        // In capitals, as the stored record (see `build`): full Unicode case mapping, so an
        // answer the rules will refuse still reads as typed ("ß" becomes "SS", "é" "É").
        Field::IdentificationNumber => return Some(text.to_uppercase()),
        _ => return None,
    };
    Some(label.to_string())
}

/// The heading of the business's answers on the summary.
pub const BUSINESS_GROUP: &str = "Business";
/// The heading of the applicant's own role and authority.
pub const APPLICANT_ROLE_GROUP: &str = "Your role";
/// The heading of the tax residency answers.
pub const TAX_GROUP: &str = "Tax residency";

/// One answer of the business and tax residency details as the applicant reads it back: under
/// its group's heading, with the wizard page that asks for it and the input focused there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct DetailsSummaryRow {
    /// The heading it is listed under: [`BUSINESS_GROUP`], one per owner (`Owner or controller
    /// 2: Sam Nguyen`), [`APPLICANT_ROLE_GROUP`] or [`TAX_GROUP`].
    pub group: String,
    /// The part of the details that asks for it.
    pub part: DetailsPart,
    /// The step that part belongs to ([`DetailsPart::step`]), 1 to 5.
    pub step: u8,
    /// The part's page for the account chosen ([`wizard_pages`]): where "Change" goes.
    pub page: u8,
    /// The input focused there, as a path (`business.owners.1.full_name`).
    pub key: DetailKey,
    /// The answer's name (the field's label; an address by its legend).
    pub label: String,
    /// The answer written for a person.
    pub value: String,
}

/// Every answer of the business (business accounts only), of each owner and controller, the
/// applicant's role and the tax residency, in the wizard's order, written for a person: legal
/// form, roles, nature of business and reasons by their labels, the ABN and ACN grouped as the
/// register writes them, dates written out, addresses on one line, countries by name, a share
/// as `30%` and the TFN masked (never whole). What the account doesn't ask for is left out.
///
/// ```
/// use banksia_core::application::{details_summary, ApplicationInput};
/// use banksia_core::application::details::DetailsInput;
///
/// let applicant: ApplicationInput = serde_json::from_str(r#"{"application_type": "business_checking"}"#).unwrap();
/// let details: DetailsInput = serde_json::from_str(r#"{
///     "business": {"entity_type": "company", "abn": "51824753556", "acn": "004085616",
///                  "owners": [{"full_name": "Sam Nguyen", "date_of_birth": "1985-07-02",
///                              "role": "owner", "ownership_percent": "30"}]},
///     "tax_residency": {"foreign_resident": true, "countries": [{"country": "NZ", "tin": "123-456-789"}],
///                       "tfn": "123 456 782"}
/// }"#).unwrap();
/// let rows = details_summary(&applicant, &details);
/// let value = |key: &str| rows.iter().find(|row| row.key.to_string() == key).unwrap().value.as_str();
/// assert_eq!(value("business.entity_type"), "Company");
/// assert_eq!(value("business.abn"), "51 824 753 556");
/// assert_eq!(value("business.acn"), "004 085 616");
/// assert_eq!(value("business.owners.0.date_of_birth"), "2 July 1985");
/// assert_eq!(value("business.owners.0.ownership_percent"), "30%");
/// assert_eq!(value("tax_residency.countries.0.country"), "New Zealand, TIN 123-456-789");
/// assert_eq!(value("tax_residency.tfn"), "*** *** 782");
/// let owner = rows.iter().find(|row| row.key.to_string() == "business.owners.0.full_name").unwrap();
/// // The owners are asked in step 3, on the business account's fifth page.
/// assert_eq!((owner.group.as_str(), owner.step, owner.page), ("Owner or controller 1: Sam Nguyen", 3, 5));
/// ```
pub fn details_summary(
    applicant: &ApplicationInput,
    details: &DetailsInput,
) -> Vec<DetailsSummaryRow> {
    let account = trimmed(&applicant.application_type).and_then(AccountType::parse);
    let pages = wizard_pages(account);
    let mut rows = Vec::new();
    let mut push = |group: &str, key: DetailKey, label: &str, value: String| {
        let part = key.part().unwrap_or(DetailsPart::TaxResidency);
        rows.push(DetailsSummaryRow {
            group: group.to_owned(),
            part,
            step: part.step(),
            page: page_of_part(&pages, part).map_or(0, |page| page.number),
            key,
            label: label.to_owned(),
            value,
        });
    };
    let empty_business = BusinessInput::default();
    let business = details.business.as_ref().unwrap_or(&empty_business);
    let entity = trimmed(&business.entity_type).and_then(EntityType::parse);
    let business_account = account.is_some_and(AccountType::is_business);
    if business_account {
        business_rows(&mut push, business, entity);
    }
    let empty_tax = TaxResidencyInput::default();
    let tax = details.tax_residency.as_ref().unwrap_or(&empty_tax);
    let key = DetailKey::Tax;
    let asked = |field: TaxField| (key(field), field.label());
    let (yes_no, label) = asked(TaxField::ForeignResident);
    push(TAX_GROUP, yes_no, label, flag(tax.foreign_resident));
    countries(
        &mut push,
        Resident::Applicant,
        tax.foreign_resident,
        &tax.countries,
    );
    if business_account && entity != Some(EntityType::SoleTrader) {
        let (yes_no, label) = asked(TaxField::BusinessForeignResident);
        push(
            TAX_GROUP,
            yes_no,
            label,
            flag(tax.business_foreign_resident),
        );
        countries(
            &mut push,
            Resident::Business,
            tax.business_foreign_resident,
            &tax.business_countries,
        );
    }
    let tfn = trimmed(&tax.tfn).map_or_else(
        || NOT_PROVIDED.to_owned(),
        // Masked even when it doesn't read: the summary never shows a TFN whole.
        |text| {
            Tfn::parse(text).map_or_else(
                |_| {
                    let typed = text.chars().filter(|c| !c.is_whitespace()).count();
                    Tfn::masked_from_tail("", typed)
                },
                |tfn| tfn.to_string(),
            )
        },
    );
    let (tfn_key, label) = asked(TaxField::Tfn);
    push(TAX_GROUP, tfn_key, label, tfn);
    rows
}

/// The business's rows, each owner's, and the applicant's role and authority.
fn business_rows(
    push: &mut impl FnMut(&str, DetailKey, &str, String),
    business: &BusinessInput,
    entity: Option<EntityType>,
) {
    use BusinessField as B;
    let mut row = |field: B, value: String| {
        push(
            BUSINESS_GROUP,
            DetailKey::Business(field),
            field.label(),
            value,
        );
    };
    row(
        B::EntityType,
        chosen(&business.entity_type, EntityType::parse, EntityType::label),
    );
    row(B::LegalName, typed(&business.legal_name));
    row(B::TradingName, typed(&business.trading_name));
    row(
        B::Abn,
        number(&business.abn, |text| {
            Abn::parse(text).ok().map(|abn| abn.to_string())
        }),
    );
    if entity == Some(EntityType::Company) {
        row(
            B::Acn,
            number(&business.acn, |text| {
                Acn::parse(text).ok().map(|acn| acn.to_string())
            }),
        );
    }
    push(
        BUSINESS_GROUP,
        DetailKey::Business(B::AddressLine1),
        REGISTERED_ADDRESS,
        one_line([
            &business.address_line1,
            &business.address_line2,
            &business.city,
            &business.state,
            &business.postal_code,
        ]),
    );
    push(
        BUSINESS_GROUP,
        DetailKey::Business(B::NatureOfBusiness),
        B::NatureOfBusiness.label(),
        chosen(
            &business.nature_of_business,
            NatureOfBusiness::parse,
            NatureOfBusiness::label,
        ),
    );
    for (index, owner) in business
        .owners
        .as_deref()
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        let number = index + 1;
        let group = match normalised(&owner.full_name) {
            Some(name) => format!("{OWNER_LEGEND} {number}: {name}"),
            None => format!("{OWNER_LEGEND} {number}"),
        };
        let mut row = |field: OwnerField, value: String| {
            push(&group, DetailKey::Owner(index, field), field.label(), value);
        };
        row(OwnerField::FullName, typed(&owner.full_name));
        row(
            OwnerField::DateOfBirth,
            trimmed(&owner.date_of_birth).map_or_else(
                || NOT_PROVIDED.to_owned(),
                |text| parse_iso_date(text).map_or_else(|| text.to_owned(), long_date),
            ),
        );
        row(
            OwnerField::AddressLine1,
            one_line([
                &owner.address_line1,
                &owner.address_line2,
                &owner.city,
                &owner.state,
                &owner.postal_code,
            ]),
        );
        row(
            OwnerField::Role,
            chosen(&owner.role, OwnerRole::parse, OwnerRole::label),
        );
        row(
            OwnerField::OwnershipPercent,
            share(owner.ownership_percent.as_ref()),
        );
    }
    push(
        APPLICANT_ROLE_GROUP,
        DetailKey::Business(B::ApplicantRole),
        B::ApplicantRole.label(),
        chosen(
            &business.applicant_role,
            ApplicantRole::parse,
            ApplicantRole::label,
        ),
    );
    push(
        APPLICANT_ROLE_GROUP,
        DetailKey::Business(B::ApplicantAuthorised),
        B::ApplicantAuthorised.label(),
        if business.applicant_authorised == Some(true) {
            "Confirmed"
        } else {
            "Not confirmed"
        }
        .to_owned(),
    );
}

/// One row per foreign residency of a list answered yes: the country by name with its TIN, or
/// the reason there is none (and the explanation given).
fn countries(
    push: &mut impl FnMut(&str, DetailKey, &str, String),
    resident: Resident,
    answer: Option<bool>,
    entries: &Option<Vec<ForeignResidencyInput>>,
) {
    if answer != Some(true) {
        return;
    }
    for (index, entry) in entries.as_deref().unwrap_or_default().iter().enumerate() {
        let country = chosen(&entry.country, Country::parse, Country::name);
        let value = if let Some(tin) = normalised(&entry.tin) {
            format!("{country}, TIN {}", tin.to_uppercase())
        } else {
            let reason = chosen(&entry.no_tin_reason, NoTinReason::parse, NoTinReason::label);
            let unable = trimmed(&entry.no_tin_reason).and_then(NoTinReason::parse)
                == Some(NoTinReason::UnableToObtain);
            match normalised(&entry.no_tin_explanation).filter(|_| unable) {
                Some(why) => format!("{country}, no TIN: {reason}: {why}"),
                None => format!("{country}, no TIN: {reason}"),
            }
        };
        let label = format!("{} {}", resident.legend(), index + 1);
        push(
            TAX_GROUP,
            DetailKey::Country(resident, index, CountryField::Country),
            &label,
            value,
        );
    }
}

/// Text as typed (trimmed, NFC), or [`NOT_PROVIDED`].
fn typed(value: &Option<String>) -> String {
    normalised(value).map_or_else(|| NOT_PROVIDED.to_owned(), |text| text.into_owned())
}

/// An option by its label; an unknown code as typed; blank [`NOT_PROVIDED`].
fn chosen<T>(
    value: &Option<String>,
    parse: fn(&str) -> Option<T>,
    label: fn(T) -> &'static str,
) -> String {
    trimmed(value).map_or_else(
        || NOT_PROVIDED.to_owned(),
        |text| parse(text).map_or_else(|| text.to_owned(), |option| label(option).to_owned()),
    )
}

/// A registered number grouped as the register writes it; one that doesn't read, as typed.
fn number(value: &Option<String>, read: impl Fn(&str) -> Option<String>) -> String {
    trimmed(value).map_or_else(
        || NOT_PROVIDED.to_owned(),
        |text| read(text).unwrap_or_else(|| text.to_owned()),
    )
}

/// Yes, No or [`NOT_PROVIDED`].
fn flag(value: Option<bool>) -> String {
    match value {
        Some(true) => "Yes",
        Some(false) => "No",
        None => NOT_PROVIDED,
    }
    .to_owned()
}

/// An ownership share as `30%` or `12.5%`; none given reads `None`.
fn share(value: Option<&AmountInput>) -> String {
    match value.filter(|amount| !amount.is_blank()) {
        None => "None".to_owned(),
        Some(amount) => match amount.to_decimal() {
            Ok(percent) => format!("{}%", round_to_cents(percent).normalize()),
            Err(_) => match amount {
                AmountInput::Number(text) | AmountInput::Text(text) => text.trim().to_owned(),
            },
        },
    }
}

/// An address on one line, as an envelope has it: `Unit 2, 10 Smith Street, Hobart TAS 7000`.
fn one_line(lines: [&Option<String>; 5]) -> String {
    let [line1, line2, city, state, postal_code] = lines;
    let state = trimmed(state).map(|text| {
        state_of(text).map_or_else(|| text.to_owned(), |state| state.as_str().to_owned())
    });
    let locality: Vec<String> = [
        normalised(city).map(|text| text.into_owned()),
        state,
        normalised(postal_code).map(|text| text.into_owned()),
    ]
    .into_iter()
    .flatten()
    .collect();
    let parts: Vec<String> = [
        normalised(line2).map(|text| text.into_owned()),
        normalised(line1).map(|text| text.into_owned()),
        Some(locality.join(" ")).filter(|text| !text.is_empty()),
    ]
    .into_iter()
    .flatten()
    .collect();
    if parts.is_empty() {
        NOT_PROVIDED.to_owned()
    } else {
        parts.join(", ")
    }
}

/// `$85,000` for whole dollars, `$1,250.50` with cents.
fn dollars(amount: Decimal) -> String {
    let amount = round_to_cents(amount);
    format_aud(amount, amount.normalize().scale() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn complete() -> ApplicationInput {
        serde_json::from_str(
            r#"{
                "application_type": " checking ", "first_name": " Jane ", "last_name": "Citizen",
                "email": "Jane@Example.COM.au", "phone": "0412 345 678", "date_of_birth": "1990-03-14",
                "address_line1": "1 Collins Street", "address_line2": "  ", "city": "Melbourne",
                "state": "VIC", "postal_code": "3000", "employment_status": "full_time",
                "annual_income": "$85,000", "employer_name": null,
                "identification_type": "drivers_license", "identification_number": "ab123456",
                "initial_deposit_amount": 50, "terms_accepted": true
            }"#,
        )
        .unwrap()
    }

    fn values(input: &ApplicationInput) -> Vec<(Field, String)> {
        answer_summary(input)
            .into_iter()
            .map(|row| (row.field, row.value))
            .collect()
    }

    #[test]
    fn every_answer_of_steps_one_to_four_written_for_a_person() {
        let expected = [
            (Field::ApplicationType, "Essential Checking"),
            (Field::FirstName, "Jane"),
            (Field::LastName, "Citizen"),
            (Field::Email, "Jane@example.com.au"),
            (Field::Phone, "0412 345 678"),
            (Field::DateOfBirth, "14 March 1990"),
            (Field::AddressLine1, "1 Collins Street"),
            (Field::AddressLine2, NOT_PROVIDED),
            (Field::City, "Melbourne"),
            (Field::State, "Victoria"),
            (Field::PostalCode, "3000"),
            (Field::EmploymentStatus, "Full-time"),
            (Field::AnnualIncome, "$85,000"),
            (Field::EmployerName, NOT_PROVIDED),
            (Field::IdentificationType, "Driver's licence"),
            (Field::IdentificationNumber, "AB123456"),
        ]
        .map(|(field, value)| (field, value.to_string()));
        assert_eq!(values(&complete()), expected);
    }

    #[test]
    fn rows_carry_the_label_and_step_of_their_field() {
        for row in answer_summary(&complete()) {
            assert_eq!(row.label, row.field.label());
            assert_eq!(row.step, row.field.step());
            assert!((1..=4).contains(&row.step));
        }
    }

    #[test]
    fn amounts_show_cents_only_when_there_are_some() {
        let with = |amount: AmountInput| ApplicationInput {
            annual_income: Some(amount),
            ..Default::default()
        };
        let income = |input: &ApplicationInput| values(input)[12].1.clone();
        assert_eq!(income(&with("1250.5".into())), "$1,250.50");
        assert_eq!(
            income(&with(AmountInput::Number("1000000".into()))),
            "$1,000,000"
        );
        assert_eq!(income(&with("AUD 0.99".into())), "$0.99");
        assert_eq!(income(&with("  ".into())), NOT_PROVIDED);
        assert_eq!(income(&with(" lots ".into())), "lots");
    }

    #[test]
    fn states_by_code_or_name_read_as_the_full_name() {
        for (typed, full) in [
            ("nsw", "New South Wales"),
            ("Northern Territory", "Northern Territory"),
        ] {
            let input = ApplicationInput {
                state: Some(typed.into()),
                ..Default::default()
            };
            assert_eq!(values(&input)[9].1, full);
        }
    }

    #[test]
    fn unreadable_answers_are_shown_as_typed_and_blank_ones_as_not_provided() {
        let input = ApplicationInput {
            application_type: Some("current".into()),
            date_of_birth: Some("1990-02-30".into()),
            ..Default::default()
        };
        let all = values(&input);
        assert_eq!(all[0].1, "current");
        assert_eq!(all[5].1, "1990-02-30");
        assert!(all[1..5].iter().all(|(_, value)| value == NOT_PROVIDED));
    }

    fn details(json: &str) -> DetailsInput {
        serde_json::from_str(json).unwrap()
    }

    fn account(account: &str) -> ApplicationInput {
        ApplicationInput {
            application_type: Some(account.into()),
            ..Default::default()
        }
    }

    /// A company with two directors and an owner of 30%, its ACN inside its ABN.
    fn company() -> DetailsInput {
        details(
            r#"{
                "business": {
                    "entity_type": "company", "legal_name": " Banksia Bakery Pty Ltd ",
                    "trading_name": "", "abn": "51824753556", "acn": "004 085 616",
                    "address_line1": "10 Smith Street", "address_line2": "Level 2", "city": "Hobart",
                    "state": "tas", "postal_code": "7000", "nature_of_business": "accommodation_food",
                    "owners": [
                        {"full_name": "Mia Chen", "date_of_birth": "1988-09-03", "address_line1": "3 Elm Road",
                         "city": "Hobart", "state": "TAS", "postal_code": "7004", "role": "director",
                         "ownership_percent": null},
                        {"full_name": "Sam Nguyen", "date_of_birth": "1979-12-31", "address_line1": "9 Oak Avenue",
                         "city": "Sandy Bay", "state": "Tasmania", "postal_code": "7005", "role": "director",
                         "ownership_percent": "12.5"},
                        {"full_name": "Ava Brown", "date_of_birth": "1990-01-02", "address_line1": "1 Pine Lane",
                         "city": "Perth", "state": "WA", "postal_code": "6000", "role": "owner",
                         "ownership_percent": 30}
                    ],
                    "applicant_role": "director", "applicant_authorised": true
                },
                "tax_residency": {"foreign_resident": false, "tfn": "123456782",
                                  "business_foreign_resident": true,
                                  "business_countries": [{"country": "nz", "tin": "abc-123"}]}
            }"#,
        )
    }

    fn rows_of(
        input: &ApplicationInput,
        details: &DetailsInput,
    ) -> Vec<(String, String, String, u8)> {
        details_summary(input, details)
            .into_iter()
            .map(|row| (row.group, row.key.to_string(), row.value, row.page))
            .collect()
    }

    #[test]
    fn a_company_is_summarised_in_the_wizards_order_grouped_by_business_owner_role_and_tax() {
        let rows = rows_of(&account("business_checking"), &company());
        let expected = [
            ("Business", "business.entity_type", "Company", 2),
            (
                "Business",
                "business.legal_name",
                "Banksia Bakery Pty Ltd",
                2,
            ),
            ("Business", "business.trading_name", NOT_PROVIDED, 2),
            ("Business", "business.abn", "51 824 753 556", 2),
            ("Business", "business.acn", "004 085 616", 2),
            (
                "Business",
                "business.address_line1",
                "Level 2, 10 Smith Street, Hobart TAS 7000",
                2,
            ),
            (
                "Business",
                "business.nature_of_business",
                "Accommodation and food services",
                2,
            ),
            (
                "Owner or controller 1: Mia Chen",
                "business.owners.0.full_name",
                "Mia Chen",
                5,
            ),
            (
                "Owner or controller 1: Mia Chen",
                "business.owners.0.date_of_birth",
                "3 September 1988",
                5,
            ),
            (
                "Owner or controller 1: Mia Chen",
                "business.owners.0.address_line1",
                "3 Elm Road, Hobart TAS 7004",
                5,
            ),
            (
                "Owner or controller 1: Mia Chen",
                "business.owners.0.role",
                "Director",
                5,
            ),
            (
                "Owner or controller 1: Mia Chen",
                "business.owners.0.ownership_percent",
                "None",
                5,
            ),
            (
                "Owner or controller 2: Sam Nguyen",
                "business.owners.1.full_name",
                "Sam Nguyen",
                5,
            ),
            (
                "Owner or controller 2: Sam Nguyen",
                "business.owners.1.date_of_birth",
                "31 December 1979",
                5,
            ),
            (
                "Owner or controller 2: Sam Nguyen",
                "business.owners.1.address_line1",
                "9 Oak Avenue, Sandy Bay TAS 7005",
                5,
            ),
            (
                "Owner or controller 2: Sam Nguyen",
                "business.owners.1.role",
                "Director",
                5,
            ),
            (
                "Owner or controller 2: Sam Nguyen",
                "business.owners.1.ownership_percent",
                "12.5%",
                5,
            ),
            (
                "Owner or controller 3: Ava Brown",
                "business.owners.2.full_name",
                "Ava Brown",
                5,
            ),
            (
                "Owner or controller 3: Ava Brown",
                "business.owners.2.date_of_birth",
                "2 January 1990",
                5,
            ),
            (
                "Owner or controller 3: Ava Brown",
                "business.owners.2.address_line1",
                "1 Pine Lane, Perth WA 6000",
                5,
            ),
            (
                "Owner or controller 3: Ava Brown",
                "business.owners.2.role",
                "Owner of 25% or more",
                5,
            ),
            (
                "Owner or controller 3: Ava Brown",
                "business.owners.2.ownership_percent",
                "30%",
                5,
            ),
            ("Your role", "business.applicant_role", "Director", 5),
            ("Your role", "business.applicant_authorised", "Confirmed", 5),
            ("Tax residency", "tax_residency.foreign_resident", "No", 7),
            (
                "Tax residency",
                "tax_residency.business_foreign_resident",
                "Yes",
                7,
            ),
            (
                "Tax residency",
                "tax_residency.business_countries.0.country",
                "New Zealand, TIN ABC-123",
                7,
            ),
            ("Tax residency", "tax_residency.tfn", "*** *** 782", 7),
        ]
        .map(|(group, key, value, page)| {
            (group.to_owned(), key.to_owned(), value.to_owned(), page)
        });
        assert_eq!(rows, expected);
    }

    #[test]
    fn detail_rows_carry_their_fields_label_and_the_page_of_their_part() {
        for row in details_summary(&account("business_savings"), &company()) {
            let pages = wizard_pages(Some(AccountType::BusinessSavings));
            assert_eq!(Some(row.part), row.key.part());
            let page = &pages[usize::from(row.page) - 1];
            assert_eq!(page.details, Some(row.part));
            assert_eq!(page.step, row.step);
            let label = match row.key {
                DetailKey::Business(BusinessField::AddressLine1) => REGISTERED_ADDRESS,
                DetailKey::Business(field) => field.label(),
                DetailKey::Owner(_, field) => field.label(),
                DetailKey::Tax(field) => field.label(),
                DetailKey::Country(..) => "The business's country 1",
                DetailKey::Input => unreachable!(),
            };
            assert_eq!(row.label, label);
        }
    }

    #[test]
    fn a_personal_account_has_no_business_rows_and_its_countries_by_name() {
        let details = details(
            r#"{"business": {"entity_type": "company", "abn": "51824753556"},
                "tax_residency": {"foreign_resident": true, "countries": [
                    {"country": "NZ", "tin": "123-456-789"},
                    {"country": "FJ", "no_tin_reason": "not_issued"},
                    {"country": "US", "no_tin_reason": "unable_to_obtain", "no_tin_explanation": " Applied, not issued yet "}
                ]}}"#,
        );
        let rows = details_summary(&account("savings"), &details);
        assert!(
            rows.iter()
                .all(|row| row.group == TAX_GROUP && row.page == 5)
        );
        let values: Vec<(&str, &str)> = rows
            .iter()
            .map(|row| (row.label.as_str(), row.value.as_str()))
            .collect();
        assert_eq!(
            values,
            [
                (
                    "Are you a tax resident of a country other than Australia?",
                    "Yes"
                ),
                ("Your country 1", "New Zealand, TIN 123-456-789"),
                (
                    "Your country 2",
                    "Fiji, no TIN: The country doesn't issue tax identification numbers"
                ),
                (
                    "Your country 3",
                    "United States, no TIN: I can't get one (please explain): Applied, not issued yet"
                ),
                ("Tax file number (TFN)", NOT_PROVIDED),
            ]
        );
        // Nothing chosen yet: the same rows, for a personal account's pages.
        assert_eq!(
            details_summary(&ApplicationInput::default(), &details),
            rows
        );
    }

    #[test]
    fn the_tfn_is_never_shown_whole() {
        for (typed, shown) in [
            ("123 456 782", "*** *** 782"),
            ("12345677", "*** **6 77"),
            ("123456789", "*** *** ***"),
            ("  ", NOT_PROVIDED),
        ] {
            let details = details(&format!(r#"{{"tax_residency": {{"tfn": "{typed}"}}}}"#));
            let rows = details_summary(&account("checking"), &details);
            assert_eq!(rows.last().unwrap().value, shown, "{typed}");
            assert!(!rows.iter().any(|row| row.value.contains("123456")));
        }
    }

    #[test]
    fn a_sole_trader_is_not_asked_the_business_residency_and_blanks_read_not_provided() {
        let details = details(
            r#"{"business": {"entity_type": "sole_trader", "acn": "004085616", "owners": [{}]}}"#,
        );
        let rows = details_summary(&account("business_checking"), &details);
        let keys: Vec<String> = rows.iter().map(|row| row.key.to_string()).collect();
        assert!(
            !keys
                .iter()
                .any(|key| key.contains("acn") || key.contains("business_foreign"))
        );
        let owner: Vec<&str> = rows
            .iter()
            .filter(|row| row.group == "Owner or controller 1")
            .map(|row| row.value.as_str())
            .collect();
        assert_eq!(
            owner,
            [
                NOT_PROVIDED,
                NOT_PROVIDED,
                NOT_PROVIDED,
                NOT_PROVIDED,
                "None"
            ]
        );
        assert_eq!(
            rows.iter()
                .find(|row| row.key.to_string() == "business.applicant_authorised")
                .unwrap()
                .value,
            "Not confirmed"
        );
    }

    #[test]
    fn dates_are_written_out() {
        for (iso, long) in [
            ("2000-01-01", "1 January 2000"),
            ("1958-12-31", "31 December 1958"),
            ("2004-02-29", "29 February 2004"),
        ] {
            assert_eq!(long_date(parse_iso_date(iso).unwrap()), long);
        }
    }
}
