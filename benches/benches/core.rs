//! Criterion benches of banksia-core: the calculator's repayment, a 30-year weekly schedule
//! (the longest common one, 1,560 periods) and validation of a full application.
//!
//! `cargo bench -p banksia-benches --bench core`; results are recorded in benches/README.md.

use std::hint::black_box;

use banksia_core::application::{ApplicationInput, validate_application, validate_step};
use banksia_core::loan::{LoanTerms, RepaymentFrequency, repayment, schedule};
use banksia_core::reference::{is_valid_reference, reference_from_random};
use banksia_core::term_deposit::{InterestFrequency, term_deposit_interest};
use chrono::NaiveDate;
use criterion::{Criterion, criterion_group, criterion_main};
use rust_decimal::Decimal;

fn full_application() -> ApplicationInput {
    let text = |value: &str| Some(value.to_string());
    ApplicationInput {
        application_type: text("savings"),
        first_name: text(" Jane "),
        last_name: text("Citizen"),
        email: text("jane.citizen@example.com.au"),
        phone: text("0412 345 678"),
        date_of_birth: text("1990-07-15"),
        address_line1: text("1 Collins Street"),
        address_line2: text("Unit 4"),
        city: text("Melbourne"),
        state: text("VIC"),
        postal_code: text("3000"),
        employment_status: text("full_time"),
        annual_income: Some("$85,000.00".into()),
        employer_name: text("Acme Pty Ltd"),
        identification_type: text("passport"),
        identification_number: text("PA1234567"),
        initial_deposit_amount: Some(Decimal::new(2500, 2).into()),
        terms_accepted: Some(true),
        marketing_consent: Some(false),
        user_id: None,
    }
}

fn loans(c: &mut Criterion) {
    let monthly = LoanTerms::new(Decimal::from(500_000), Decimal::new(645, 2), 30);
    c.bench_function("repayment/500k_6.45_30y_monthly", |b| {
        b.iter(|| repayment(black_box(&monthly)))
    });
    let weekly = monthly.clone().with_frequency(RepaymentFrequency::Weekly);
    c.bench_function("schedule/500k_6.45_30y_weekly", |b| {
        b.iter(|| schedule(black_box(&weekly)))
    });
    let with_extra = monthly.with_extra_repayment(Decimal::from(500));
    c.bench_function("schedule/500k_6.45_30y_monthly_extra_500", |b| {
        b.iter(|| schedule(black_box(&with_extra)))
    });
}

fn application(c: &mut Criterion) {
    let input = full_application();
    let today = NaiveDate::from_ymd_opt(2026, 3, 1).expect("date");
    assert!(validate_application(&input, today).is_ok());
    c.bench_function("validate_application/full_valid", |b| {
        b.iter(|| validate_application(black_box(&input), black_box(today)))
    });
    let empty = ApplicationInput::default();
    c.bench_function("validate_application/empty", |b| {
        b.iter(|| validate_application(black_box(&empty), black_box(today)))
    });
    c.bench_function("validate_step/2", |b| {
        b.iter(|| validate_step(2, black_box(&input), black_box(today)))
    });
}

fn others(c: &mut Criterion) {
    c.bench_function("term_deposit/50k_4.50_24m_monthly", |b| {
        b.iter(|| {
            term_deposit_interest(
                black_box(Decimal::from(50_000)),
                black_box(Decimal::new(450, 2)),
                24,
                InterestFrequency::Monthly,
            )
        })
    });
    c.bench_function("reference/generate_and_check", |b| {
        b.iter(|| is_valid_reference(&reference_from_random(black_box([42; 16]))))
    });
}

criterion_group!(benches, loans, application, others);
criterion_main!(benches);
