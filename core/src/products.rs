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

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::Serialize;

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
}

/// A credit card's purchase rate and annual fee.
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
    /// When today's rate took effect.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub effective_from: NaiveDate,
    /// Every rate, newest first.
    pub history: Vec<RateChange>,
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

/// Every product's rates and fees.
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
const PERSONAL_CHANGE: (i32, u32, u32) = (2026, 7, 1);
const PERSONAL_BEFORE: (i32, u32, u32) = (2025, 12, 1);
const CARD_CHANGE: (i32, u32, u32) = (2025, 7, 1);

struct LoanSpec {
    id: &'static str,
    name: &'static str,
    kind: LoanKind,
    rate_type: RateType,
    rates: Vec<RateChange>,
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
) -> DepositRate {
    DepositRate {
        id,
        kind,
        term_months,
        annual_rate_percent: rates[0].annual_rate_percent,
        minimum: dollars(minimum),
        effective_from: rates[0].effective_from,
        history: rates,
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
            secured: !matches!(spec.id, "quick"),
            annual_rate_percent: rate,
            effective_from: spec.rates[0].effective_from,
            history: spec.rates.clone(),
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
        let comparison = comparison_rate(&product.credit_terms(example.amount, example.term_years))
            .map_or(Decimal::ZERO, |rate| rate.rate_percent);
        let product = LendingProduct {
            comparison_rate_percent: comparison,
            ..product
        };
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
        ),
        deposit(
            "goal".into(),
            DepositKind::Savings,
            None,
            25,
            history(&[(DEPOSIT_CHANGE, "3.75"), (DEPOSIT_BEFORE, "4.00")]),
        ),
    ];
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
            )
        })
        .collect();
    let td = [
        (3, 1000, "3.25", "3.50"),
        (6, 1000, "3.75", "4.00"),
        (12, 1000, "4.25", "4.50"),
        (24, 5000, "4.50", "4.70"),
        (36, 10000, "4.75", "4.90"),
        (60, 25000, "5.00", "5.10"),
    ];
    let term_deposits = td
        .iter()
        .map(|&(months, minimum, now, before)| {
            deposit(
                format!("td-{months}"),
                DepositKind::TermDeposit,
                Some(months),
                minimum,
                history(&[(DEPOSIT_CHANGE, now), (DEPOSIT_BEFORE, before)]),
            )
        })
        .collect();
    let card = |id: &str, rate: &str, fee: i64| {
        let rates = history(&[(CARD_CHANGE, rate)]);
        CardRate {
            id: id.to_owned(),
            annual_rate_percent: rates[0].annual_rate_percent,
            annual_fee: dollars(fee),
            effective_from: rates[0].effective_from,
            history: rates,
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
        certificates_of_deposit,
        term_deposits,
        credit_cards: vec![
            card("everyday", "19.99", 0),
            card("premium-travel", "20.99", 199),
        ],
        accounts: vec![
            account("essential", 0, 0, None),
            account("premium", 12, 2500, Some(2500)),
            account("business", 15, 1000, None),
        ],
    };
    catalog.effective_from = catalog
        .home_loans
        .iter()
        .chain(&catalog.personal_loans)
        .chain(&catalog.car_loans)
        .map(|p| p.effective_from)
        .chain(
            catalog
                .savings
                .iter()
                .chain(&catalog.certificates_of_deposit)
                .chain(&catalog.term_deposits)
                .map(|d| d.effective_from),
        )
        .chain(catalog.credit_cards.iter().map(|c| c.effective_from))
        .max()
        .unwrap_or(NaiveDate::MIN);
    catalog
}

impl LendingProduct {
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
