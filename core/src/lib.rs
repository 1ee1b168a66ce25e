//! # banksia-core
//!
//! Banksia Bank's money math and account application rules: the one implementation that the
//! browser (through WASM), the static site build and the HTTP server all call.
//!
//! * [`loan`]: home loan repayments and full amortisation schedules.
//! * [`comparison_rate`]: comparison rates by the National Credit Code method (reg 100).
//! * [`term_deposit`]: term deposit interest, paid out or reinvested.
//! * [`loan_scenarios`]: a loan if rates rise, two loans compared, a schedule as CSV.
//! * [`borrowing_power`]: how much could I borrow, from income after tax, expenses and debts.
//! * [`transfer_duty`]: stamp duty in every state and territory with its concessions, and the
//!   cash needed on the day (LMI from [`products::lmi`]).
//! * [`application`]: the account application model, its normalisation and its validation
//!   rules (every rule and message lives in [`application::Field::rules`]).
//! * [`reference`](mod@reference): application reference numbers with a check character.
//! * [`disclosures`]: calculators' purposes, assumptions and limitations; the privacy collection notice and the terms and notice versions.
//! * [`key_facts`]: the figures of a Key Facts Sheet for a standard home loan.
//! * [`products`]: every product's rates, fees, effective dates and history, one source.
//! * [`review`]: an application's statuses after submission, the staff roles and who may do
//!   what, four-eyes approval, business days and the applicant's wording of each status.
//! * [`entries`]: a calculator's entries as typed, read for every calculator by one module,
//!   and the one envelope of a result or messages per field ([`entries::Outcome`]).
//! * [`offset`]: interest and time an offset account saves, on the loan's amortisation.
//! * [`money`]: parsing and formatting of Australian dollar amounts.
//!
//! The crate is pure: no I/O, no clock and no randomness source. Callers pass `today` and
//! random bytes in. Every amount and rate is a [`rust_decimal::Decimal`]; no floating point
//! arithmetic is used anywhere. Public types serialise with serde in `snake_case`, and decimals
//! serialise as strings (`"3143.92"`) so that no precision is lost on the way to JavaScript.
//!
//! ```
//! use banksia_core::loan::{repayment, LoanTerms};
//! use rust_decimal::Decimal;
//!
//! let terms = LoanTerms::new(Decimal::from(500_000), "6.45".parse().unwrap(), 30);
//! assert_eq!(repayment(&terms).unwrap().to_string(), "3143.92");
//! ```
#![deny(clippy::float_arithmetic)]
#![deny(missing_docs)]

pub mod application;
pub mod application_form;
pub mod borrowing_power;
pub mod calculator;
pub mod calendar;
pub mod comparison_rate;
pub mod contact;
pub mod disclosures;
pub mod entries;
pub mod key_facts;
pub mod loan;
pub mod loan_scenarios;
pub mod money;
mod natural;
pub mod offset;
pub mod products;
mod reading;
pub mod reference;
pub mod review;
#[cfg(feature = "postgres")]
mod stored_codes;
pub mod term_deposit;
pub mod transfer_duty;
