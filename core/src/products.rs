//! Every product's rates and fees, with the date each rate took effect and the rates before it:
//! the one source the site (at build time, through WASM), the Key Facts Sheet and the server
//! read. A rate change is one edit here and a rebuild.
//!
//! Comparison rates are never written here: [`catalog`] works each one out from the product's
//! rate, its fees and, for a fixed rate, the rate it reverts to, with
//! [`comparison_rate`] on the Code's standard example.
//! The fee schedules below are what make the advertised pairs:
//!
//! | product | rate | fees | comparison |
//! | --- | --- | --- | --- |
//! | Basic Variable | 5.39% | $5 a month, $250 discharge | 5.45% |
//! | Variable | 6.45% | $250 a year, $350 discharge | 6.67% |
//! | Fixed (5 years, then Variable) | 6.29% | $400 establishment, $10 a month, $350 discharge | 6.52% |
//! | First Home Buyer | 6.25% | $800 establishment, $195 a year, $150 discharge | 6.48% |
//!
//! ```
//! use banksia_core::products::catalog;
//!
//! let catalog = catalog();
//! let pairs: Vec<(String, String)> = catalog
//!     .home_loans
//!     .iter()
//!     .map(|p| (p.annual_rate_percent.to_string(), p.comparison_rate_percent.to_string()))
//!     .collect();
//! assert!(pairs.contains(&("6.45".into(), "6.67".into())));
//! assert!(pairs.contains(&("6.29".into(), "6.52".into())));
//! assert!(pairs.contains(&("6.25".into(), "6.48".into())));
//! assert!(pairs.contains(&("5.39".into(), "5.45".into())));
//! ```

use chrono::{NaiveDate, NaiveTime};
use rust_decimal::Decimal;
use serde::Serialize;

pub mod lmi;
pub mod offers;

use crate::comparison_rate::{
    CreditFees, CreditTerms, HOME_LOAN_EXAMPLE, InitialRate, PERSONAL_LOAN_EXAMPLE,
    StandardExample, comparison_rate,
};

/// One rate and the day it took effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct RateChange {
    /// The first day the rate applied.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub effective_from: NaiveDate,
    /// Percent a year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
}

/// A rate change announced ahead of the day it takes effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct ScheduledRate {
    /// The day the change was announced (published in the product data from then).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub announced_on: NaiveDate,
    /// The time of day, in the bank's home time, the announcement was published: with
    /// `announced_on`, the moment the product data's `lastUpdated` carries.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub announced_at: NaiveTime,
    /// The first day the new rate applies.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub effective_from: NaiveDate,
    /// Percent a year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
}

/// What a loan is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LoanKind {
    /// Secured by a home; compared on $150,000 over 25 years.
    Home,
    /// A personal loan; compared on $30,000 over 5 years.
    Personal,
    /// A car loan, secured by the car; compared on $30,000 over 5 years.
    Car,
}

/// Whether the rate can move during the loan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RateType {
    /// The bank may change it.
    Variable,
    /// Fixed for a period (or the whole loan).
    Fixed,
}

/// A fixed period and what comes after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct FixedPeriod {
    /// Years the rate is fixed for in the comparison example (the longest offered).
    pub years: u32,
    /// The product the loan reverts to.
    pub reverts_to: String,
    /// That product's rate, percent a year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub revert_rate_percent: Decimal,
}

/// A loan product with its rates, fees and computed comparison rate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct LendingProduct {
    /// Stable id, used in links (`?loan=variable`).
    pub id: String,
    /// The product's name.
    pub name: String,
    /// Home, personal or car.
    pub kind: LoanKind,
    /// Variable or fixed.
    pub rate_type: RateType,
    /// Whether the loan is secured (by a home or a car).
    pub secured: bool,
    /// Today's rate, percent a year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
    /// When today's rate took effect.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub effective_from: NaiveDate,
    /// Every rate, newest first (today's is the first).
    pub history: Vec<RateChange>,
    /// Rate changes announced but not yet in force, earliest first (each after today's).
    pub scheduled: Vec<ScheduledRate>,
    /// The comparison rate of each rate of `history`, in the same order (each worked out with
    /// today's fees and, for a fixed rate, today's revert rate): a loan's rate is never shown
    /// without one.
    pub comparison_history: Vec<RateChange>,
    /// A fixed period and the rate after it, if the rate is fixed for part of the term.
    pub fixed_period: Option<FixedPeriod>,
    /// The credit fees and charges.
    pub fees: CreditFees,
    /// The Code's example the comparison rate is worked out on.
    pub example: StandardExample,
    /// The comparison rate on that example, percent a year (computed, two decimals).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub comparison_rate_percent: Decimal,
    /// Smallest amount lent, dollars.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub min_amount: Decimal,
    /// Largest amount lent, dollars.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub max_amount: Decimal,
    /// Shortest term, years.
    pub min_term_years: u32,
    /// Longest term, years.
    pub max_term_years: u32,
    /// Highest loan-to-value ratio, percent (home loans).
    pub max_lvr_percent: Option<u32>,
    /// Whether a Key Facts Sheet can be generated for it (standard home loans).
    pub key_facts_sheet: bool,
}

/// What kind of deposit a rate is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DepositKind {
    /// An at-call savings account.
    Savings,
    /// A certificate of deposit: a negotiable, transferable certificate for a fixed term.
    CertificateOfDeposit,
    /// A term deposit: a fixed term in the depositor's own name, not transferable.
    TermDeposit,
}

/// A deposit rate with its history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct DepositRate {
    /// Stable id (`high-yield`, `cd-12`, `td-12`).
    pub id: String,
    /// Savings, certificate of deposit or term deposit.
    pub kind: DepositKind,
    /// The term in months, for certificates and term deposits.
    pub term_months: Option<u32>,
    /// Today's rate, percent a year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
    /// The smallest deposit or balance, dollars.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub minimum: Decimal,
    /// When today's rate took effect.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub effective_from: NaiveDate,
    /// Every rate, newest first.
    pub history: Vec<RateChange>,
    /// Rate changes announced but not yet in force, earliest first (each after today's).
    pub scheduled: Vec<ScheduledRate>,
}

/// A credit card's rates, limits and fees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct CardRate {
    /// Stable id.
    pub id: String,
    /// Purchase rate, percent a year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
    /// Annual fee, dollars.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_fee: Decimal,
    /// Cash advance rate, percent a year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub cash_advance_rate_percent: Decimal,
    /// The smallest credit limit, dollars.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub min_credit_limit: Decimal,
    /// The largest credit limit, dollars.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub max_credit_limit: Decimal,
    /// The fee for a minimum repayment not made by its due date, dollars.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub late_payment_fee: Decimal,
    /// When today's rate took effect.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub effective_from: NaiveDate,
    /// Every rate, newest first.
    pub history: Vec<RateChange>,
    /// Rate changes announced but not yet in force, earliest first (each after today's).
    pub scheduled: Vec<ScheduledRate>,
}

/// A transaction account's fees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct AccountFees {
    /// Stable id.
    pub id: String,
    /// Monthly account fee, dollars.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub monthly_fee: Decimal,
    /// Minimum balance, dollars.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub minimum_balance: Decimal,
    /// The daily balance that waives the monthly fee, if any.
    #[cfg_attr(feature = "typescript", ts(type = "string | null"))]
    pub fee_waived_from_balance: Option<Decimal>,
}

/// Every product's rates and fees, as written: the rates in force and those announced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct Catalog {
    /// The latest day any rate took effect: "Rates effective from".
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub effective_from: NaiveDate,
    /// Home loans, in the order the site lists them.
    pub home_loans: Vec<LendingProduct>,
    /// Personal loans.
    pub personal_loans: Vec<LendingProduct>,
    /// Car loans.
    pub car_loans: Vec<LendingProduct>,
    /// Savings accounts.
    pub savings: Vec<DepositRate>,
    /// Business savings accounts.
    pub business_savings: Vec<DepositRate>,
    /// Certificates of deposit by term.
    pub certificates_of_deposit: Vec<DepositRate>,
    /// Term deposits by term.
    pub term_deposits: Vec<DepositRate>,
    /// Credit cards.
    pub credit_cards: Vec<CardRate>,
    /// Transaction accounts' fees.
    pub accounts: Vec<AccountFees>,
}

impl Catalog {
    /// A loan product by id.
    pub fn loan(&self, id: &str) -> Option<&LendingProduct> {
        self.home_loans
            .iter()
            .chain(&self.personal_loans)
            .chain(&self.car_loans)
            .find(|product| product.id == id)
    }
}

fn date(year: i32, month: u32, day: u32) -> NaiveDate {
    // Written below as literal dates; a bad one fails every test at once.
    NaiveDate::from_ymd_opt(year, month, day).unwrap_or_default()
}

fn pct(text: &str) -> Decimal {
    text.parse().unwrap_or_default()
}

fn dollars(amount: i64) -> Decimal {
    Decimal::from(amount)
}

/// A change announced at `announced` (a day and the hour and minute, bank's home time) to `rate`
/// from `from`.
fn scheduled(
    announced: ((i32, u32, u32), (u32, u32)),
    from: (i32, u32, u32),
    rate: &str,
) -> ScheduledRate {
    let ((year, month, day), (hour, minute)) = announced;
    ScheduledRate {
        announced_on: date(year, month, day),
        announced_at: NaiveTime::from_hms_opt(hour, minute, 0).unwrap_or_default(),
        effective_from: date(from.0, from.1, from.2),
        annual_rate_percent: pct(rate),
    }
}

/// `(effective_from, rate)` pairs, newest first, written as the rate sheet reads.
fn history(changes: &[((i32, u32, u32), &str)]) -> Vec<RateChange> {
    changes
        .iter()
        .map(|&((y, m, d), rate)| RateChange {
            effective_from: date(y, m, d),
            annual_rate_percent: pct(rate),
        })
        .collect()
}

// The rate decisions of the bank's pricing committee, newest first.
const HOME_CHANGE: (i32, u32, u32) = (2026, 11, 6);
const HOME_BEFORE: (i32, u32, u32) = (2026, 8, 14);
const HOME_EARLIER: (i32, u32, u32) = (2026, 2, 20);
const DEPOSIT_CHANGE: (i32, u32, u32) = (2026, 11, 6);
const DEPOSIT_BEFORE: (i32, u32, u32) = (2026, 8, 14);
/// Announced on `DEPOSIT_ANNOUNCED`, in force from this day: published ahead in the product
/// data (the announced rate beside today's, each with its days); on the day, the entry moves
/// into the history above.
const DEPOSIT_SCHEDULED: (i32, u32, u32) = (2026, 12, 11);
/// When the pricing committee announced `DEPOSIT_SCHEDULED`'s changes: the day, and the time
/// (Sydney) the announcement was published.
const DEPOSIT_ANNOUNCED: ((i32, u32, u32), (u32, u32)) = ((2026, 11, 20), (14, 30));
const PERSONAL_CHANGE: (i32, u32, u32) = (2026, 7, 1);
const PERSONAL_BEFORE: (i32, u32, u32) = (2025, 12, 1);
const CARD_CHANGE: (i32, u32, u32) = (2025, 7, 1);

struct LoanSpec {
    id: &'static str,
    name: &'static str,
    kind: LoanKind,
    rate_type: RateType,
    rates: Vec<RateChange>,
    scheduled: Vec<ScheduledRate>,
    secured: bool,
    fixed: Option<(u32, &'static str)>,
    fees: CreditFees,
    amount: (i64, i64),
    term: (u32, u32),
    max_lvr_percent: Option<u32>,
    key_facts_sheet: bool,
}

fn fees(establishment: i64, monthly: i64, annual: i64, discharge: i64) -> CreditFees {
    CreditFees {
        establishment: dollars(establishment),
        monthly: dollars(monthly),
        annual: dollars(annual),
        discharge: dollars(discharge),
    }
}

fn loan_specs() -> Vec<LoanSpec> {
    use LoanKind::{Car, Home, Personal};
    use RateType::{Fixed, Variable};
    vec![
        LoanSpec {
            id: "basic-variable",
            name: "Basic Variable Home Loan",
            kind: Home,
            rate_type: Variable,
            rates: history(&[
                (HOME_CHANGE, "5.39"),
                (HOME_BEFORE, "5.64"),
                (HOME_EARLIER, "5.89"),
            ]),
            scheduled: Vec::new(),
            secured: true,
            fixed: None,
            fees: fees(0, 5, 0, 250),
            amount: (50_000, 2_000_000),
            term: (5, 30),
            max_lvr_percent: Some(70),
            key_facts_sheet: true,
        },
        LoanSpec {
            id: "variable",
            name: "Variable Rate Home Loan",
            kind: Home,
            rate_type: Variable,
            rates: history(&[
                (HOME_CHANGE, "6.45"),
                (HOME_BEFORE, "6.70"),
                (HOME_EARLIER, "6.95"),
            ]),
            scheduled: Vec::new(),
            secured: true,
            fixed: None,
            fees: fees(0, 0, 250, 350),
            amount: (50_000, 5_000_000),
            term: (5, 30),
            max_lvr_percent: Some(80),
            key_facts_sheet: true,
        },
        LoanSpec {
            id: "fixed",
            name: "Fixed Rate Home Loan",
            kind: Home,
            rate_type: Fixed,
            rates: history(&[
                (HOME_CHANGE, "6.29"),
                (HOME_BEFORE, "6.49"),
                (HOME_EARLIER, "6.79"),
            ]),
            scheduled: Vec::new(),
            secured: true,
            fixed: Some((5, "variable")),
            fees: fees(400, 10, 0, 350),
            amount: (50_000, 5_000_000),
            term: (10, 30),
            max_lvr_percent: Some(80),
            key_facts_sheet: true,
        },
        LoanSpec {
            id: "first-home",
            name: "First Home Buyer Loan",
            kind: Home,
            rate_type: Variable,
            rates: history(&[
                (HOME_CHANGE, "6.25"),
                (HOME_BEFORE, "6.50"),
                (HOME_EARLIER, "6.75"),
            ]),
            scheduled: Vec::new(),
            secured: true,
            fixed: None,
            fees: fees(800, 0, 195, 150),
            amount: (50_000, 1_500_000),
            term: (5, 30),
            max_lvr_percent: Some(95),
            key_facts_sheet: true,
        },
        LoanSpec {
            id: "quick",
            name: "Quick Personal Loan",
            kind: Personal,
            rate_type: Fixed,
            rates: history(&[(PERSONAL_CHANGE, "8.99"), (PERSONAL_BEFORE, "9.49")]),
            scheduled: Vec::new(),
            secured: false,
            fixed: None,
            fees: fees(250, 10, 0, 0),
            amount: (2_000, 50_000),
            term: (1, 7),
            max_lvr_percent: None,
            key_facts_sheet: false,
        },
        LoanSpec {
            id: "secured",
            name: "Secured Personal Loan",
            kind: Personal,
            rate_type: Fixed,
            rates: history(&[(PERSONAL_CHANGE, "7.49"), (PERSONAL_BEFORE, "7.99")]),
            scheduled: Vec::new(),
            secured: true,
            fixed: None,
            fees: fees(250, 10, 0, 0),
            amount: (5_000, 100_000),
            term: (2, 10),
            max_lvr_percent: None,
            key_facts_sheet: false,
        },
        LoanSpec {
            id: "new",
            name: "New Car Loan",
            kind: Car,
            rate_type: Fixed,
            rates: history(&[(PERSONAL_CHANGE, "5.99"), (PERSONAL_BEFORE, "6.49")]),
            scheduled: Vec::new(),
            secured: true,
            fixed: None,
            fees: fees(395, 8, 0, 0),
            amount: (5_000, 100_000),
            term: (1, 7),
            max_lvr_percent: None,
            key_facts_sheet: false,
        },
        LoanSpec {
            id: "used",
            name: "Used Car Loan",
            kind: Car,
            rate_type: Fixed,
            rates: history(&[(PERSONAL_CHANGE, "6.99"), (PERSONAL_BEFORE, "7.49")]),
            scheduled: Vec::new(),
            secured: true,
            fixed: None,
            fees: fees(395, 8, 0, 0),
            amount: (5_000, 75_000),
            term: (1, 5),
            max_lvr_percent: None,
            key_facts_sheet: false,
        },
        LoanSpec {
            id: "green",
            name: "Green Car Loan",
            kind: Car,
            rate_type: Fixed,
            rates: history(&[(PERSONAL_CHANGE, "5.49"), (PERSONAL_BEFORE, "5.99")]),
            scheduled: Vec::new(),
            secured: true,
            fixed: None,
            fees: fees(250, 8, 0, 0),
            amount: (5_000, 100_000),
            term: (1, 7),
            max_lvr_percent: None,
            key_facts_sheet: false,
        },
    ]
}

fn deposit(
    id: String,
    kind: DepositKind,
    term_months: Option<u32>,
    minimum: i64,
    rates: Vec<RateChange>,
    scheduled: Vec<ScheduledRate>,
) -> DepositRate {
    DepositRate {
        id,
        kind,
        term_months,
        annual_rate_percent: rates[0].annual_rate_percent,
        minimum: dollars(minimum),
        effective_from: rates[0].effective_from,
        history: rates,
        scheduled,
    }
}

/// Every product, with each loan's comparison rate computed on its standard example.
///
/// A product whose comparison rate cannot be worked out is a mistake in this file; the catalog
/// then shows its rate as the comparison rate's place holder would be wrong, so instead every
/// test of this module fails (see `every_loan_has_a_comparison_rate`).
pub fn catalog() -> Catalog {
    let specs = loan_specs();
    let rate_of = |id: &str| {
        specs
            .iter()
            .find(|spec| spec.id == id)
            .map_or(Decimal::ZERO, |spec| spec.rates[0].annual_rate_percent)
    };
    let mut home_loans = Vec::new();
    let mut personal_loans = Vec::new();
    let mut car_loans = Vec::new();
    for spec in &specs {
        let rate = spec.rates[0].annual_rate_percent;
        let example = match spec.kind {
            LoanKind::Home => HOME_LOAN_EXAMPLE,
            LoanKind::Personal | LoanKind::Car => PERSONAL_LOAN_EXAMPLE,
        };
        let fixed_period = spec.fixed.map(|(years, reverts_to)| FixedPeriod {
            years,
            reverts_to: reverts_to.to_owned(),
            revert_rate_percent: rate_of(reverts_to),
        });
        let product = LendingProduct {
            id: spec.id.to_owned(),
            name: spec.name.to_owned(),
            kind: spec.kind,
            rate_type: spec.rate_type,
            secured: spec.secured,
            annual_rate_percent: rate,
            effective_from: spec.rates[0].effective_from,
            history: spec.rates.clone(),
            scheduled: spec.scheduled.clone(),
            comparison_history: Vec::new(),
            comparison_rate_percent: Decimal::ZERO,
            fixed_period,
            fees: spec.fees,
            example,
            min_amount: dollars(spec.amount.0),
            max_amount: dollars(spec.amount.1),
            min_term_years: spec.term.0,
            max_term_years: spec.term.1,
            max_lvr_percent: spec.max_lvr_percent,
            key_facts_sheet: spec.key_facts_sheet,
        };
        let mut product = product;
        let reverts_to = spec
            .fixed
            .and_then(|(_, id)| specs.iter().find(|other| other.id == id))
            .map(|other| other.rates.as_slice());
        product.work_out_comparison_rates(reverts_to);
        match spec.kind {
            LoanKind::Home => home_loans.push(product),
            LoanKind::Personal => personal_loans.push(product),
            LoanKind::Car => car_loans.push(product),
        }
    }

    let savings = vec![
        deposit(
            "high-yield".into(),
            DepositKind::Savings,
            None,
            100,
            history(&[(DEPOSIT_CHANGE, "4.25"), (DEPOSIT_BEFORE, "4.50")]),
            vec![scheduled(DEPOSIT_ANNOUNCED, DEPOSIT_SCHEDULED, "4.10")],
        ),
        deposit(
            "goal".into(),
            DepositKind::Savings,
            None,
            25,
            history(&[(DEPOSIT_CHANGE, "3.75"), (DEPOSIT_BEFORE, "4.00")]),
            Vec::new(),
        ),
    ];
    let business_savings = vec![deposit(
        "business-savings".into(),
        DepositKind::Savings,
        None,
        0,
        history(&[(DEPOSIT_CHANGE, "3.60"), (DEPOSIT_BEFORE, "3.85")]),
        Vec::new(),
    )];
    let cd = [
        (6, "4.50", "4.70"),
        (12, "4.75", "4.95"),
        (18, "4.85", "5.05"),
        (24, "4.95", "5.10"),
        (36, "5.05", "5.15"),
        (60, "5.10", "5.20"),
    ];
    let certificates_of_deposit = cd
        .iter()
        .map(|&(months, now, before)| {
            deposit(
                format!("cd-{months}"),
                DepositKind::CertificateOfDeposit,
                Some(months),
                1000,
                history(&[(DEPOSIT_CHANGE, now), (DEPOSIT_BEFORE, before)]),
                Vec::new(),
            )
        })
        .collect();
    // The last column: the rate announced for `DEPOSIT_SCHEDULED`, where one is.
    let td = [
        (3, 1000, "3.25", "3.50", None),
        (6, 1000, "3.75", "4.00", None),
        (12, 1000, "4.25", "4.50", Some("4.35")),
        (24, 5000, "4.50", "4.70", None),
        (36, 10000, "4.75", "4.90", None),
        (60, 25000, "5.00", "5.10", None),
    ];
    let term_deposits = td
        .iter()
        .map(|&(months, minimum, now, before, announced)| {
            deposit(
                format!("td-{months}"),
                DepositKind::TermDeposit,
                Some(months),
                minimum,
                history(&[(DEPOSIT_CHANGE, now), (DEPOSIT_BEFORE, before)]),
                announced.map_or_else(Vec::new, |rate| {
                    vec![scheduled(DEPOSIT_ANNOUNCED, DEPOSIT_SCHEDULED, rate)]
                }),
            )
        })
        .collect();
    // (id, purchase rate, annual fee, cash advance rate, credit limits, late payment fee)
    let card = |id: &str, rate: &str, fee: i64, cash: &str, limits: (i64, i64), late: i64| {
        let rates = history(&[(CARD_CHANGE, rate)]);
        CardRate {
            id: id.to_owned(),
            annual_rate_percent: rates[0].annual_rate_percent,
            annual_fee: dollars(fee),
            cash_advance_rate_percent: pct(cash),
            min_credit_limit: dollars(limits.0),
            max_credit_limit: dollars(limits.1),
            late_payment_fee: dollars(late),
            effective_from: rates[0].effective_from,
            history: rates,
            scheduled: Vec::new(),
        }
    };
    let account = |id: &str, fee: i64, minimum: i64, waived: Option<i64>| AccountFees {
        id: id.to_owned(),
        monthly_fee: dollars(fee),
        minimum_balance: dollars(minimum),
        fee_waived_from_balance: waived.map(dollars),
    };

    let mut catalog = Catalog {
        effective_from: NaiveDate::MIN,
        home_loans,
        personal_loans,
        car_loans,
        savings,
        business_savings,
        certificates_of_deposit,
        term_deposits,
        credit_cards: vec![
            card("everyday", "19.99", 0, "21.99", (1_000, 15_000), 15),
            card("premium-travel", "20.99", 199, "21.99", (6_000, 50_000), 15),
        ],
        accounts: vec![
            account("essential", 0, 0, None),
            account("premium", 12, 2500, Some(2500)),
            account("business", 15, 1000, None),
        ],
    };
    catalog.effective_from = catalog.latest_change();
    catalog
}

/// [`catalog`], built once per process and shared: working it out solves every loan's
/// comparison rate, too much to repeat on every Key Facts Sheet.
pub fn shared_catalog() -> &'static Catalog {
    static CATALOG: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
    CATALOG.get_or_init(catalog)
}

impl Catalog {
    /// The catalog as it stands on `day`: every announced change in force by then moved into its
    /// product's history (today's rate, its date, and for a loan the comparison rate worked out
    /// again), the later ones left announced. `catalog().as_of(day)` is what applies on `day`.
    pub fn as_of(&self, day: NaiveDate) -> Catalog {
        let mut catalog = self.clone();
        let loans = catalog
            .home_loans
            .iter_mut()
            .chain(&mut catalog.personal_loans)
            .chain(&mut catalog.car_loans);
        for product in loans {
            let due = take_due(&mut product.scheduled, day);
            if apply_due(&mut product.history, due) {
                product.annual_rate_percent = product.history[0].annual_rate_percent;
                product.effective_from = product.history[0].effective_from;
            }
        }
        // A fixed rate's comparison rate depends on the rate it reverts to: set those first.
        let histories: Vec<(String, Vec<RateChange>)> = catalog
            .home_loans
            .iter()
            .chain(&catalog.personal_loans)
            .chain(&catalog.car_loans)
            .map(|p| (p.id.clone(), p.history.clone()))
            .collect();
        let loans = catalog
            .home_loans
            .iter_mut()
            .chain(&mut catalog.personal_loans)
            .chain(&mut catalog.car_loans);
        for product in loans {
            let reverts_to = product.fixed_period.as_mut().and_then(|fixed| {
                let history = histories
                    .iter()
                    .find(|(id, _)| *id == fixed.reverts_to)
                    .map(|(_, history)| history.as_slice())?;
                fixed.revert_rate_percent = history.first()?.annual_rate_percent;
                Some(history)
            });
            product.work_out_comparison_rates(reverts_to);
        }
        let deposits = catalog
            .savings
            .iter_mut()
            .chain(&mut catalog.business_savings)
            .chain(&mut catalog.certificates_of_deposit)
            .chain(&mut catalog.term_deposits);
        for deposit in deposits {
            let due = take_due(&mut deposit.scheduled, day);
            if apply_due(&mut deposit.history, due) {
                deposit.annual_rate_percent = deposit.history[0].annual_rate_percent;
                deposit.effective_from = deposit.history[0].effective_from;
            }
        }
        for card in &mut catalog.credit_cards {
            let due = take_due(&mut card.scheduled, day);
            if apply_due(&mut card.history, due) {
                card.annual_rate_percent = card.history[0].annual_rate_percent;
                card.effective_from = card.history[0].effective_from;
            }
        }
        catalog.effective_from = catalog.effective_from.max(catalog.latest_change());
        catalog
    }

    /// The first day after `built` and up to `today` on which an announced change took effect:
    /// pages priced with the catalog as of `built` are out of date from then (`None`: they
    /// still show the rates in force on `today`).
    pub fn changed_since(&self, built: NaiveDate, today: NaiveDate) -> Option<NaiveDate> {
        self.scheduled_days()
            .into_iter()
            .find(|day| built < *day && *day <= today)
    }

    /// Every day an announced change takes effect, earliest first, each once.
    pub fn scheduled_days(&self) -> Vec<NaiveDate> {
        let mut days: Vec<NaiveDate> = self
            .home_loans
            .iter()
            .chain(&self.personal_loans)
            .chain(&self.car_loans)
            .flat_map(|p| &p.scheduled)
            .chain(
                self.savings
                    .iter()
                    .chain(&self.business_savings)
                    .chain(&self.certificates_of_deposit)
                    .chain(&self.term_deposits)
                    .flat_map(|d| &d.scheduled),
            )
            .chain(self.credit_cards.iter().flat_map(|c| &c.scheduled))
            .map(|change| change.effective_from)
            .collect();
        days.sort_unstable();
        days.dedup();
        days
    }

    fn latest_change(&self) -> NaiveDate {
        self.home_loans
            .iter()
            .chain(&self.personal_loans)
            .chain(&self.car_loans)
            .map(|p| p.effective_from)
            .chain(
                self.savings
                    .iter()
                    .chain(&self.business_savings)
                    .chain(&self.certificates_of_deposit)
                    .chain(&self.term_deposits)
                    .map(|d| d.effective_from),
            )
            .chain(self.credit_cards.iter().map(|c| c.effective_from))
            .max()
            .unwrap_or(NaiveDate::MIN)
    }
}

/// Removes and returns the changes of `scheduled` in force on `day`.
fn take_due(scheduled: &mut Vec<ScheduledRate>, day: NaiveDate) -> Vec<ScheduledRate> {
    let (due, later): (Vec<ScheduledRate>, Vec<ScheduledRate>) = scheduled
        .drain(..)
        .partition(|change| change.effective_from <= day);
    *scheduled = later;
    due
}

/// Puts `due` (earliest first) on top of `history` (newest first); whether anything changed.
fn apply_due(history: &mut Vec<RateChange>, due: Vec<ScheduledRate>) -> bool {
    let changed = !due.is_empty();
    for change in due {
        history.insert(
            0,
            RateChange {
                effective_from: change.effective_from,
                annual_rate_percent: change.annual_rate_percent,
            },
        );
    }
    changed
}

impl LendingProduct {
    /// The comparison rate of `annual_rate_percent` on the product's example, with its fees (and,
    /// for a fixed rate, reverting to `revert_rate_percent`).
    fn comparison_rate_for(
        &self,
        annual_rate_percent: Decimal,
        revert_rate_percent: Option<Decimal>,
    ) -> Decimal {
        let mut product = LendingProduct {
            annual_rate_percent,
            ..self.clone()
        };
        if let (Some(fixed), Some(rate)) = (&mut product.fixed_period, revert_rate_percent) {
            fixed.revert_rate_percent = rate;
        }
        let terms = product.credit_terms(self.example.amount, self.example.term_years);
        comparison_rate(&terms).map_or(Decimal::ZERO, |rate| rate.rate_percent)
    }

    /// Sets today's comparison rate and the history's from the rates and fees; a fixed rate of
    /// the history reverts to the rate `reverts_to` (newest first) had on its day.
    fn work_out_comparison_rates(&mut self, reverts_to: Option<&[RateChange]>) {
        let revert_on = |day: NaiveDate| {
            reverts_to.and_then(|history| {
                history
                    .iter()
                    .find(|change| change.effective_from <= day)
                    .or_else(|| history.last())
                    .map(|change| change.annual_rate_percent)
            })
        };
        self.comparison_rate_percent = self.comparison_rate_for(self.annual_rate_percent, None);
        self.comparison_history = self
            .history
            .iter()
            .map(|change| RateChange {
                effective_from: change.effective_from,
                annual_rate_percent: self.comparison_rate_for(
                    change.annual_rate_percent,
                    revert_on(change.effective_from),
                ),
            })
            .collect();
    }

    /// This product for `amount` over `term_years` with monthly repayments, as the comparison
    /// rate sees it (fixed period and the rate after it included).
    pub fn credit_terms(&self, amount: Decimal, term_years: u32) -> CreditTerms {
        let (rate, initial) = match &self.fixed_period {
            Some(fixed) => (
                fixed.revert_rate_percent,
                Some(InitialRate {
                    annual_rate_percent: self.annual_rate_percent,
                    years: fixed.years,
                }),
            ),
            None => (self.annual_rate_percent, None),
        };
        let terms = CreditTerms::example(StandardExample { amount, term_years }, rate, self.fees);
        match initial {
            Some(initial) => terms.with_initial_rate(initial),
            None => terms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_built_before_a_change_are_out_of_date_from_its_day() {
        let catalog = catalog();
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        let change = day(2026, 12, 11);
        assert_eq!(catalog.scheduled_days(), vec![change]);
        // Built the day before: current until the change's day, out of date on it.
        assert_eq!(
            catalog.changed_since(day(2026, 12, 10), day(2026, 12, 10)),
            None
        );
        assert_eq!(
            catalog.changed_since(day(2026, 12, 10), change),
            Some(change)
        );
        assert_eq!(
            catalog.changed_since(day(2026, 11, 26), day(2027, 1, 5)),
            Some(change)
        );
        // Built on the day or after: the change is in the pages.
        assert_eq!(catalog.changed_since(change, day(2027, 1, 5)), None);
        // And the pages built on the day show the new rate, the old one kept in the history.
        let high_yield = |c: &Catalog| {
            c.savings
                .iter()
                .find(|d| d.id == "high-yield")
                .cloned()
                .unwrap()
        };
        let before = high_yield(&catalog.as_of(day(2026, 12, 10)));
        let after = high_yield(&catalog.as_of(change));
        assert_eq!(before.annual_rate_percent.to_string(), "4.25");
        assert_eq!(after.annual_rate_percent.to_string(), "4.10");
        assert_eq!(after.effective_from, change);
        assert_eq!(after.history[1], before.history[0]);
    }

    #[test]
    fn every_loan_has_a_comparison_rate_at_or_above_its_rate() {
        let catalog = catalog();
        for product in catalog
            .home_loans
            .iter()
            .chain(&catalog.personal_loans)
            .chain(&catalog.car_loans)
        {
            assert!(
                product.comparison_rate_percent >= product.annual_rate_percent,
                "{}: {} against {}",
                product.id,
                product.comparison_rate_percent,
                product.annual_rate_percent
            );
            assert!(
                product.comparison_rate_percent > Decimal::ZERO,
                "{}",
                product.id
            );
        }
    }

    #[test]
    fn histories_are_newest_first_and_start_with_todays_rate() {
        let catalog = catalog();
        let histories = catalog
            .home_loans
            .iter()
            .chain(&catalog.personal_loans)
            .chain(&catalog.car_loans)
            .map(|p| (&p.history, p.annual_rate_percent, p.effective_from))
            .chain(
                catalog
                    .savings
                    .iter()
                    .chain(&catalog.certificates_of_deposit)
                    .chain(&catalog.term_deposits)
                    .map(|d| (&d.history, d.annual_rate_percent, d.effective_from)),
            );
        for (history, rate, from) in histories {
            assert_eq!(
                (history[0].annual_rate_percent, history[0].effective_from),
                (rate, from)
            );
            assert!(
                history
                    .windows(2)
                    .all(|w| w[0].effective_from > w[1].effective_from)
            );
            assert!(from <= catalog.effective_from);
        }
        assert_eq!(catalog.effective_from, date(2026, 11, 6));
    }

    #[test]
    fn every_loan_rate_in_the_history_has_its_comparison_rate() {
        let catalog = catalog();
        for product in catalog
            .home_loans
            .iter()
            .chain(&catalog.personal_loans)
            .chain(&catalog.car_loans)
        {
            assert_eq!(product.comparison_history.len(), product.history.len());
            assert_eq!(
                product.comparison_history[0].annual_rate_percent,
                product.comparison_rate_percent
            );
            for (rate, comparison) in product.history.iter().zip(&product.comparison_history) {
                assert_eq!(rate.effective_from, comparison.effective_from);
                assert!(comparison.annual_rate_percent >= rate.annual_rate_percent);
            }
        }
    }

    #[test]
    fn as_of_applies_announced_changes_on_their_day_only() {
        let catalog = catalog();
        let twelve = |c: &Catalog| {
            c.term_deposits
                .iter()
                .find(|t| t.id == "td-12")
                .map(|t| (t.annual_rate_percent, t.scheduled.len(), t.history.len()))
        };
        let day = date(2026, 12, 11);
        assert_eq!(catalog.scheduled_days(), vec![day]);
        assert_eq!(twelve(&catalog), Some((pct("4.25"), 1, 2)));
        assert_eq!(
            twelve(&catalog.as_of(date(2026, 12, 10))),
            Some((pct("4.25"), 1, 2))
        );
        let on_the_day = catalog.as_of(day);
        assert_eq!(twelve(&on_the_day), Some((pct("4.35"), 0, 3)));
        assert_eq!(on_the_day.effective_from, day);
        assert!(on_the_day.scheduled_days().is_empty());
        // Loans keep their comparison rates.
        assert_eq!(on_the_day.home_loans, catalog.home_loans);
    }

    #[test]
    fn ids_are_unique() {
        let catalog = catalog();
        let mut ids: Vec<&str> = catalog
            .home_loans
            .iter()
            .chain(&catalog.personal_loans)
            .chain(&catalog.car_loans)
            .map(|p| p.id.as_str())
            .collect();
        let count = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), count);
    }
}
