//! Property tests: money invariants hold and no input panics.

use banksia_core::application::{
    AmountInput, ApplicationInput, Field, STEP_COUNT, validate_application, validate_step,
};
use banksia_core::loan::{LoanTerms, RepaymentFrequency, repayment, schedule};
use banksia_core::money::{format_aud, parse_amount};
use banksia_core::reference::{is_valid_reference, reference_from_random};
use banksia_core::term_deposit::{
    InterestFrequency, term_deposit_interest, term_deposit_reinvested,
};
use chrono::NaiveDate;
use proptest::prelude::*;
use rust_decimal::Decimal;

fn any_decimal() -> impl Strategy<Value = Decimal> {
    (
        any::<u32>(),
        any::<u32>(),
        any::<u32>(),
        any::<bool>(),
        0u32..=28,
    )
        .prop_map(|(lo, mid, hi, negative, scale)| {
            Decimal::from_parts(lo, mid, hi, negative, scale)
        })
}

fn cents(max_cents: i64) -> impl Strategy<Value = Decimal> {
    (1..=max_cents).prop_map(|cents| Decimal::new(cents, 2))
}

fn frequency() -> impl Strategy<Value = RepaymentFrequency> {
    prop::sample::select(RepaymentFrequency::ALL.to_vec())
}

fn interest_frequency() -> impl Strategy<Value = InterestFrequency> {
    prop::sample::select(InterestFrequency::ALL.to_vec())
}

/// Valid loan terms across the whole accepted range.
fn valid_terms() -> impl Strategy<Value = LoanTerms> {
    (cents(10_000_000_000), 0u32..=3000, 1u32..=40, frequency()).prop_flat_map(
        |(principal, rate_bp, years, frequency)| {
            let max_io = (years - 1).min(10);
            (0..=max_io, prop_oneof![Just(0i64), 1i64..=200_000]).prop_map(move |(io, extra)| {
                LoanTerms {
                    principal,
                    annual_rate_percent: Decimal::new(i64::from(rate_bp), 2),
                    term_years: years,
                    frequency,
                    interest_only_years: io,
                    extra_repayment: Decimal::new(extra, 2).min(principal),
                }
            })
        },
    )
}

fn day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, 1).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn schedules_add_up_and_never_go_negative(terms in valid_terms()) {
        let plan = schedule(&terms).unwrap();
        let periods = &plan.periods;
        prop_assert!(!periods.is_empty());
        prop_assert_eq!(periods.len() as u32, plan.number_of_payments);
        prop_assert!(plan.number_of_payments <= terms.term_years * terms.frequency.periods_per_year());
        let principal: Decimal = periods.iter().map(|p| p.principal).sum();
        prop_assert_eq!(principal, terms.principal);
        let interest: Decimal = periods.iter().map(|p| p.interest).sum();
        prop_assert_eq!(interest, plan.total_interest);
        prop_assert_eq!(plan.total_repaid, terms.principal + plan.total_interest);
        for period in periods {
            prop_assert!(period.closing_balance >= Decimal::ZERO);
            prop_assert!(period.interest >= Decimal::ZERO);
            prop_assert_eq!(period.closing_balance, period.opening_balance - period.principal);
            prop_assert_eq!(period.payment, period.interest + period.principal);
            prop_assert!(period.payment.scale() <= 2 && period.closing_balance.scale() <= 2);
        }
        prop_assert_eq!(periods.last().unwrap().closing_balance, Decimal::ZERO);
        prop_assert_eq!(plan.repayment, repayment(&terms).unwrap());
        if let Some(savings) = plan.savings {
            prop_assert!(savings.interest_saved >= Decimal::ZERO);
            prop_assert_eq!(savings.interest_saved + plan.total_interest, savings.interest_without_extra);
        }
    }

    #[test]
    fn no_loan_input_panics(
        principal in any_decimal(), rate in any_decimal(), years in any::<u32>(),
        io in any::<u32>(), extra in any_decimal(), frequency in frequency(),
    ) {
        let terms = LoanTerms { principal, annual_rate_percent: rate, term_years: years, frequency, interest_only_years: io, extra_repayment: extra };
        let _ = repayment(&terms);
        let _ = schedule(&terms);
    }

    #[test]
    fn term_deposit_payments_add_up(
        amount in cents(10_000_000_000), rate_bp in 0u32..=3000, months in 1u32..=120, frequency in interest_frequency(),
    ) {
        let rate = Decimal::new(i64::from(rate_bp), 2);
        let result = term_deposit_interest(amount, rate, months, frequency).unwrap();
        let paid: Decimal = result.payments.iter().map(|p| p.amount).sum();
        prop_assert_eq!(paid, result.total_interest);
        prop_assert_eq!(result.maturity_value, amount + result.total_interest);
        prop_assert_eq!(result.payments.last().unwrap().month, months);
        prop_assert!(result.payments.iter().all(|p| p.amount >= Decimal::ZERO));
        let reinvested = term_deposit_reinvested(amount, rate, months, frequency).unwrap();
        prop_assert!(reinvested.total_interest >= result.total_interest);
    }

    #[test]
    fn no_term_deposit_input_panics(amount in any_decimal(), rate in any_decimal(), months in any::<u32>(), frequency in interest_frequency()) {
        let _ = term_deposit_interest(amount, rate, months, frequency);
        let _ = term_deposit_reinvested(amount, rate, months, frequency);
    }

    #[test]
    fn no_application_input_panics_and_steps_add_up(
        texts in prop::collection::vec(prop::option::of(".{0,40}"), 15),
        income in prop::option::of(prop_oneof![any_decimal().prop_map(AmountInput::from), ".{0,20}".prop_map(AmountInput::Text)]),
        deposit in prop::option::of(prop_oneof![any_decimal().prop_map(AmountInput::from), "[-$0-9.,]{0,15}".prop_map(AmountInput::Text)]),
        flags in (prop::option::of(any::<bool>()), prop::option::of(any::<bool>())),
        year in 1i32..=3000,
    ) {
        let t = |i: usize| texts[i].clone();
        let input = ApplicationInput {
            application_type: t(0), first_name: t(1), last_name: t(2), email: t(3), phone: t(4),
            date_of_birth: t(5), address_line1: t(6), address_line2: t(7), city: t(8), state: t(9),
            postal_code: t(10), employment_status: t(11), annual_income: income, employer_name: t(12),
            identification_type: t(13), identification_number: t(14), initial_deposit_amount: deposit,
            terms_accepted: flags.0, marketing_consent: flags.1, user_id: None,
        };
        let today = NaiveDate::from_ymd_opt(year, 6, 15).unwrap();
        let whole = match validate_application(&input, today) {
            Ok(valid) => { prop_assert!(valid.application.first_name.chars().count() >= 2); Default::default() }
            Err(report) => report,
        };
        let mut from_steps = std::collections::BTreeMap::new();
        for step in 1..=STEP_COUNT {
            let report = validate_step(step, &input, today);
            for (field, messages) in report.errors {
                prop_assert_eq!(field.step(), step);
                prop_assert_eq!(messages.len(), 1);
                prop_assert!(field.rules().iter().any(|rule| rule.message() == messages[0]));
                from_steps.insert(field, messages);
            }
        }
        prop_assert_eq!(whole.errors, from_steps);
    }

    #[test]
    fn valid_applications_round_trip(
        first in "[A-Z][a-z]{1,20}", income_cents in 0i64..=10_000_000_000, deposit_cents in 0i64..=1_000_000_000,
        mobile in "4[0-9]{8}", postcode in "2[0-5][0-9][0-9]",
    ) {
        let input = ApplicationInput {
            application_type: Some("savings".into()), first_name: Some(first), last_name: Some("Citizen".into()),
            email: Some("a@example.com".into()), phone: Some(format!("0{mobile}")), date_of_birth: Some("1980-01-31".into()),
            address_line1: Some("1 George Street".into()), address_line2: None, city: Some("Sydney".into()),
            state: Some("NSW".into()), postal_code: Some(postcode),
            employment_status: Some("retired".into()), annual_income: Some(Decimal::new(income_cents, 2).into()),
            employer_name: None, identification_type: Some("passport".into()), identification_number: Some("PA1234567".into()),
            initial_deposit_amount: Some(AmountInput::Text(format_aud(Decimal::new(deposit_cents, 2), true))),
            terms_accepted: Some(true), marketing_consent: None, user_id: None,
        };
        let valid = validate_application(&input, day()).unwrap();
        prop_assert!(valid.warnings.is_empty());
        prop_assert_eq!(valid.application.initial_deposit_amount, Decimal::new(deposit_cents, 2));
        let again = validate_application(&valid.application.to_input(), day()).unwrap();
        prop_assert_eq!(again.application, valid.application);
    }

    #[test]
    fn amounts_format_and_parse_back(cents in any::<i64>().prop_map(|c| c / 1000)) {
        let amount = Decimal::new(cents, 2);
        prop_assert_eq!(parse_amount(&format_aud(amount, true)), Ok(amount));
    }

    #[test]
    fn parse_amount_never_panics(text in "\\PC{0,40}") {
        let _ = parse_amount(&text);
    }

    #[test]
    fn references_check_and_catch_single_typos(random in any::<[u8; 16]>(), position in 4usize..15, replacement in 0usize..32) {
        let reference = reference_from_random(random);
        prop_assert!(is_valid_reference(&reference));
        let symbols: Vec<char> = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".chars().collect();
        let mut chars: Vec<char> = reference.chars().collect();
        prop_assume!(chars[position] != symbols[replacement]);
        chars[position] = symbols[replacement];
        prop_assert!(!is_valid_reference(&chars.into_iter().collect::<String>()));
    }

    #[test]
    fn is_valid_reference_never_panics(text in "\\PC{0,20}") {
        let _ = is_valid_reference(&text);
    }
}

#[test]
fn every_field_has_a_step() {
    for field in Field::ALL {
        assert!((1..=STEP_COUNT).contains(&field.step()));
    }
}
