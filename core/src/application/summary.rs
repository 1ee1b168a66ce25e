//! Check your answers: every answer of steps 1 to 4 as the applicant reads it back before
//! submitting (step 5), each with its field's label and the step that asks for it.
//!
//! The value is written for a person, never as the code that is sent: the account type by its
//! name, the state by its full name, employment status and identification type by their labels,
//! amounts in dollars (`$85,000`, `$1,250.50`), the date of birth written out (`14 March
//! 1990`), the email's domain lower-cased and the identification number upper-cased as they
//! will be stored. An optional answer left blank reads [`NOT_PROVIDED`]. A value core can't
//! read (which step validation refuses before step 5) is shown trimmed, as typed.

use chrono::{Datelike, NaiveDate};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::checks::{normalise_email, parse_iso_date};
use super::options::{AccountType, EmploymentStatus, IdentificationType};
use super::{AmountInput, ApplicationInput, Field, Value, state_of, value_of};
use crate::money::{format_aud, round_to_cents};

/// What a summary row shows for an answer left blank.
pub const NOT_PROVIDED: &str = "Not provided";

/// The last step whose answers are summarised; the summary itself is shown on the step after.
const LAST_SUMMARISED_STEP: u8 = 4;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

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

/// `$85,000` for whole dollars, `$1,250.50` with cents.
fn dollars(amount: Decimal) -> String {
    let amount = round_to_cents(amount);
    format_aud(amount, amount.normalize().scale() > 0)
}

/// `14 March 1990`.
fn long_date(date: NaiveDate) -> String {
    format!(
        "{} {} {}",
        date.day(),
        MONTHS[date.month0() as usize],
        date.year()
    )
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
