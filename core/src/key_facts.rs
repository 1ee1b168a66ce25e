//! Key Facts Sheets for the standard home loans: the figures of the sheet the National Credit
//! Code asks a lender to give for a home loan (National Consumer Credit Protection Regulations
//! 2010, Part 3-2A, Key Facts Sheets for standard home loans), personalised for the amount, term and
//! repayment frequency a visitor enters.
//!
//! Every figure is core's: the repayments from [`crate::loan::schedule`], the comparison rate
//! from [`crate::comparison_rate`] for this amount, term and frequency, the product's rates and
//! fees from [`crate::products`].
//!
//! * **Rates**: each rate, and how long it applies (a fixed rate for its years, then the rate the
//!   loan reverts to for the rest of the term; a variable rate for the whole term).
//! * **Repayment**: the repayment at each rate; after a fixed period it is set again for the
//!   balance over the years left.
//! * **Total to be repaid**: every repayment plus every fee over the term.
//! * **If the rate rose by 1 percentage point**: the repayment at the variable rate plus one
//!   point (for a fixed loan, the repayment after the fixed period if the rate it reverts to
//!   were one point higher).
//!
//! ```
//! use banksia_core::calculator::{LoanEntries};
//! use banksia_core::entries::Entry;
//! use banksia_core::key_facts::key_facts_sheet;
//!
//! let entries = LoanEntries {
//!     principal: Entry::from("150000"),
//!     term_years: Entry::from("25"),
//!     ..LoanEntries::default()
//! };
//! let sheet = key_facts_sheet("variable", &entries).unwrap();
//! assert_eq!(sheet.comparison_rate_percent.to_string(), "6.67");
//! assert_eq!(sheet.rate_periods[0].repayment.display, "$1,008.13");
//! assert_eq!(sheet.rate_rise.repayment.display, "$1,103.62");
//! assert!(key_facts_sheet("quick", &entries).is_err());
//! ```

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::Serialize;

use crate::calculator::{LoanEntries, LoanField, Money};
use crate::comparison_rate::{ComparisonRateError, cash_flows, comparison_rate};
use crate::entries::{Entry, EntryField, FieldErrors};
use crate::loan::RepaymentFrequency;
use crate::money::format_aud;
use crate::products::{Catalog, LendingProduct, RateType, shared_catalog};

/// A figure in dollars and cents, exact and as shown on the sheet (always with cents).
fn cents(mut amount: Decimal) -> Money {
    amount.rescale(2);
    Money {
        display: format_aud(amount, true),
        amount,
    }
}

/// One rate on the sheet and how long it applies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct KeyFactsRatePeriod {
    /// "Fixed" or "Variable".
    pub rate_type: String,
    /// Percent a year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
    /// How long it applies, in words: "for the first 5 years", "for the whole term".
    pub applies: String,
    /// The repayment while it applies.
    pub repayment: Money,
    /// How many repayments are made at it.
    pub number_of_repayments: u32,
}

/// One fee on the sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct KeyFactsFee {
    /// "Establishment fee".
    pub name: String,
    /// When it is paid: "when the loan is drawn".
    pub when: String,
    /// Each time.
    pub amount: Money,
    /// Over the whole term.
    pub total: Money,
}

/// The repayment if the rate rose by one percentage point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct KeyFactsRateRise {
    /// The higher rate, percent a year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
    /// The repayment at it.
    pub repayment: Money,
    /// How much more than the repayment at today's rate.
    pub increase: Money,
    /// When it would apply: "from the start", "after the fixed period".
    pub applies: String,
}

/// The figures of a Key Facts Sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct KeyFactsSheet {
    /// The product's id.
    pub product_id: String,
    /// The product's name.
    pub product_name: String,
    /// The day the product's rate took effect.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub rates_effective_from: NaiveDate,
    /// The loan amount.
    pub amount: Money,
    /// The term in years.
    pub term_years: u32,
    /// "Monthly", "Fortnightly" or "Weekly".
    pub frequency_label: String,
    /// "month", "fortnight" or "week".
    pub period_label: String,
    /// Every repayment over the term.
    pub number_of_repayments: u32,
    /// The rates in the order they apply.
    pub rate_periods: Vec<KeyFactsRatePeriod>,
    /// The comparison rate for this amount, term and frequency, percent a year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub comparison_rate_percent: Decimal,
    /// Every repayment and fee over the term.
    pub total_repaid: Money,
    /// The interest over the term.
    pub total_interest: Money,
    /// The fees over the term.
    pub total_fees: Money,
    /// Each fee the loan charges.
    pub fees: Vec<KeyFactsFee>,
    /// The repayment if the rate rose by one percentage point.
    pub rate_rise: KeyFactsRateRise,
}

/// A field of the Key Facts Sheet's request: the product, and the loan entries it takes (the
/// rate, interest-only years and extra repayment are the product's, never a person's). The keys
/// of its [`FieldErrors`].
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum KeyFactsField {
    /// The home loan product.
    Product,
    /// [`LoanEntries::principal`].
    Principal,
    /// [`LoanEntries::term_years`].
    TermYears,
    /// [`LoanEntries::frequency`].
    Frequency,
    /// The request as a whole (entries that are not one object, or figures the sheet can't
    /// work out).
    Input,
}

impl EntryField for KeyFactsField {
    const INPUT: Self = Self::Input;
}

impl From<LoanField> for KeyFactsField {
    /// The loan entry's own field; those the sheet sets from the product can't be at fault, so
    /// they fall under the request as a whole.
    fn from(field: LoanField) -> Self {
        match field {
            LoanField::Principal => Self::Principal,
            LoanField::TermYears => Self::TermYears,
            LoanField::Frequency => Self::Frequency,
            LoanField::AnnualRatePercent
            | LoanField::InterestOnlyYears
            | LoanField::ExtraRepayment
            | LoanField::Input => Self::Input,
        }
    }
}

fn error(field: KeyFactsField, message: impl Into<String>) -> FieldErrors<KeyFactsField> {
    FieldErrors::from([(field, vec![message.into()])])
}

fn years(count: u32) -> String {
    format!("{count} {}", if count == 1 { "year" } else { "years" })
}

/// The repayments of `product` for `amount` over `term_years`, by phase: (rate, count, first
/// repayment) for each rate, and every repayment and fee.
struct Phases {
    phases: Vec<(Decimal, u32, Decimal)>,
    repaid: Decimal,
    fees: Decimal,
}

fn phases(
    product: &LendingProduct,
    amount: Decimal,
    term_years: u32,
    frequency: RepaymentFrequency,
    revert_rise: Decimal,
) -> Result<Phases, ComparisonRateError> {
    let mut terms = product
        .credit_terms(amount, term_years)
        .with_frequency(frequency);
    terms.annual_rate_percent += revert_rise;
    let flows = cash_flows(&terms)?;
    let per_year = frequency.periods_per_year();
    let mut phases = Vec::new();
    let last = u32::try_from(flows.len() - 1).unwrap_or(0);
    match terms.initial_rate {
        Some(initial) => {
            let fixed = initial.years * per_year;
            phases.push((initial.annual_rate_percent, fixed, flows[1].repayment));
            if let Some(next) = flows.get(fixed as usize + 1) {
                phases.push((terms.annual_rate_percent, last - fixed, next.repayment));
            }
        }
        None => phases.push((terms.annual_rate_percent, last, flows[1].repayment)),
    }
    Ok(Phases {
        phases,
        repaid: flows.iter().map(|f| f.repayment).sum(),
        fees: flows.iter().map(|f| f.fees).sum(),
    })
}

/// The Key Facts Sheet of the home loan `product_id` for the amount, term and frequency of
/// `entries` (their rate is ignored: the product's is used). Messages are per entry, like the
/// calculator's; an amount or term the product doesn't offer is refused under `principal` or
/// `term_years`, and a product without a Key Facts Sheet under `product`.
pub fn key_facts_sheet(
    product_id: &str,
    entries: &LoanEntries,
) -> Result<KeyFactsSheet, FieldErrors<KeyFactsField>> {
    key_facts_sheet_in(shared_catalog(), product_id, entries)
}

/// [`key_facts_sheet`] with the catalog as it stands on `day` (`Catalog::as_of`): the rates the
/// site's pages built on `day` show, an announced change included from its day. The catalog of
/// the last day asked for is kept, so a run of sheets for one day works it out once.
pub fn key_facts_sheet_on(
    day: chrono::NaiveDate,
    product_id: &str,
    entries: &LoanEntries,
) -> Result<KeyFactsSheet, FieldErrors<KeyFactsField>> {
    use std::sync::{Arc, Mutex, PoisonError};
    static LAST_DAY: Mutex<Option<(chrono::NaiveDate, Arc<Catalog>)>> = Mutex::new(None);
    let catalog = {
        let mut last = LAST_DAY.lock().unwrap_or_else(PoisonError::into_inner);
        match &*last {
            Some((cached, catalog)) if *cached == day => Arc::clone(catalog),
            _ => {
                let catalog = Arc::new(shared_catalog().as_of(day));
                *last = Some((day, Arc::clone(&catalog)));
                catalog
            }
        }
    };
    key_facts_sheet_in(&catalog, product_id, entries)
}

/// [`key_facts_sheet`] from a catalog already built.
pub fn key_facts_sheet_in(
    catalog: &Catalog,
    product_id: &str,
    entries: &LoanEntries,
) -> Result<KeyFactsSheet, FieldErrors<KeyFactsField>> {
    let product = catalog
        .home_loans
        .iter()
        .find(|p| p.id == product_id && p.key_facts_sheet)
        .ok_or_else(|| {
            error(
                KeyFactsField::Product,
                "Choose one of our standard home loans",
            )
        })?;
    let entries = LoanEntries {
        annual_rate_percent: Entry::Text(product.annual_rate_percent.to_string()),
        interest_only_years: Entry::Blank,
        extra_repayment: Entry::Blank,
        ..entries.clone()
    };
    let terms = entries.to_terms().map_err(|errors| {
        errors
            .into_iter()
            .map(|(field, messages)| (KeyFactsField::from(field), messages))
            .collect::<FieldErrors<KeyFactsField>>()
    })?;
    if terms.principal < product.min_amount || terms.principal > product.max_amount {
        return Err(error(
            KeyFactsField::Principal,
            format!(
                "The {} lends {} to {}",
                product.name,
                format_aud(product.min_amount, false),
                format_aud(product.max_amount, false)
            ),
        ));
    }
    if terms.term_years < product.min_term_years || terms.term_years > product.max_term_years {
        return Err(error(
            KeyFactsField::TermYears,
            format!(
                "The {} runs for {} to {} years",
                product.name, product.min_term_years, product.max_term_years
            ),
        ));
    }
    let calculation = |e: ComparisonRateError| error(KeyFactsField::Input, e.to_string());
    let today = phases(
        product,
        terms.principal,
        terms.term_years,
        terms.frequency,
        Decimal::ZERO,
    )
    .map_err(calculation)?;
    let risen = phases(
        product,
        terms.principal,
        terms.term_years,
        terms.frequency,
        Decimal::ONE,
    )
    .map_err(calculation)?;
    let credit = product
        .credit_terms(terms.principal, terms.term_years)
        .with_frequency(terms.frequency);
    let comparison = comparison_rate(&credit).map_err(calculation)?;

    let fixed_years = product.fixed_period.as_ref().map(|f| f.years);
    let rate_periods = today
        .phases
        .iter()
        .enumerate()
        .map(|(index, &(rate, count, repayment))| {
            let (rate_type, applies) = match (fixed_years, index) {
                (Some(years_fixed), 0) => {
                    ("Fixed", format!("for the first {}", years(years_fixed)))
                }
                (Some(years_fixed), _) => (
                    "Variable",
                    format!(
                        "from the end of the fixed period (year {}) to the end of the term",
                        years_fixed + 1
                    ),
                ),
                (None, _) => (
                    match product.rate_type {
                        RateType::Variable => "Variable",
                        RateType::Fixed => "Fixed",
                    },
                    "for the whole term".to_owned(),
                ),
            };
            KeyFactsRatePeriod {
                rate_type: rate_type.to_owned(),
                annual_rate_percent: rate,
                applies,
                repayment: cents(repayment),
                number_of_repayments: count,
            }
        })
        .collect::<Vec<_>>();
    // The rise applies to the variable rate: from the start, or after the fixed period.
    let rise_index = usize::from(fixed_years.is_some());
    let (risen_rate, _, risen_repayment) = risen.phases[rise_index.min(risen.phases.len() - 1)];
    let (_, _, today_repayment) = today.phases[rise_index.min(today.phases.len() - 1)];

    let term = terms.term_years;
    let fee_lines = [
        (
            "Establishment fee",
            "when the loan is drawn",
            product.fees.establishment,
            1,
        ),
        (
            "Monthly service fee",
            "every month",
            product.fees.monthly,
            term * 12,
        ),
        (
            "Annual package fee",
            "every year",
            product.fees.annual,
            term,
        ),
        (
            "Discharge fee",
            "when the loan is repaid",
            product.fees.discharge,
            1,
        ),
    ];
    let fees = fee_lines
        .into_iter()
        .filter(|(_, _, amount, _)| !amount.is_zero())
        .map(|(name, when, amount, times)| KeyFactsFee {
            name: name.to_owned(),
            when: when.to_owned(),
            amount: cents(amount),
            total: cents(amount * Decimal::from(times)),
        })
        .collect();
    let number_of_repayments = today.phases.iter().map(|p| p.1).sum();
    Ok(KeyFactsSheet {
        product_id: product.id.clone(),
        product_name: product.name.clone(),
        rates_effective_from: product.effective_from,
        amount: cents(terms.principal),
        term_years: term,
        frequency_label: terms.frequency.label().to_owned(),
        period_label: match terms.frequency {
            RepaymentFrequency::Monthly => "month",
            RepaymentFrequency::Fortnightly => "fortnight",
            RepaymentFrequency::Weekly => "week",
        }
        .to_owned(),
        number_of_repayments,
        rate_periods,
        comparison_rate_percent: comparison.rate_percent,
        total_repaid: cents(today.repaid + today.fees),
        total_interest: cents(today.repaid - terms.principal),
        total_fees: cents(today.fees),
        fees,
        rate_rise: KeyFactsRateRise {
            annual_rate_percent: risen_rate,
            repayment: cents(risen_repayment),
            increase: cents(risen_repayment - today_repayment),
            applies: if fixed_years.is_some() {
                "after the fixed period".to_owned()
            } else {
                "from the start".to_owned()
            },
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sheet_on_a_day_uses_the_rates_of_that_day() {
        let entries = LoanEntries {
            principal: "500000".into(),
            term_years: "30".into(),
            ..LoanEntries::default()
        };
        let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        // No home loan has an announced change: the sheet on any day is the sheet as written.
        assert_eq!(
            key_facts_sheet_on(day, "variable", &entries),
            key_facts_sheet("variable", &entries)
        );
        let later = chrono::NaiveDate::from_ymd_opt(2027, 1, 4).unwrap();
        assert_eq!(
            key_facts_sheet_on(later, "variable", &entries),
            key_facts_sheet_in(&catalog().as_of(later), "variable", &entries)
        );
    }
    use crate::products::catalog;

    fn entries(amount: &str, years: &str, frequency: &str) -> LoanEntries {
        LoanEntries {
            principal: Entry::from(amount),
            term_years: Entry::from(years),
            frequency: Some(serde_json::from_value(frequency.into()).unwrap()),
            ..LoanEntries::default()
        }
    }

    #[test]
    fn the_standard_example_gives_the_advertised_comparison_rate() {
        let catalog = catalog();
        for product in catalog.home_loans.iter().filter(|p| p.key_facts_sheet) {
            let sheet = key_facts_sheet(&product.id, &entries("150000", "25", "monthly")).unwrap();
            assert_eq!(
                sheet.comparison_rate_percent, product.comparison_rate_percent,
                "{}",
                product.id
            );
            assert_eq!(sheet.number_of_repayments, 300);
        }
    }

    #[test]
    fn a_fixed_loan_has_two_rates_and_the_rise_after_the_fixed_period() {
        let sheet = key_facts_sheet("fixed", &entries("500000", "30", "fortnightly")).unwrap();
        assert_eq!(sheet.rate_periods.len(), 2);
        assert_eq!(sheet.rate_periods[0].number_of_repayments, 5 * 26);
        assert_eq!(sheet.rate_periods[1].number_of_repayments, 25 * 26);
        assert_eq!(sheet.rate_rise.annual_rate_percent.to_string(), "7.45");
        assert_eq!(sheet.rate_rise.applies, "after the fixed period");
        assert!(sheet.rate_rise.increase.amount > Decimal::ZERO);
        assert_eq!(
            sheet.total_repaid.amount,
            sheet.amount.amount + sheet.total_interest.amount + sheet.total_fees.amount
        );
    }

    #[test]
    fn amounts_and_terms_outside_the_product_are_refused() {
        let small = key_facts_sheet("variable", &entries("1000", "25", "monthly")).unwrap_err();
        assert_eq!(
            small[&KeyFactsField::Principal],
            ["The Variable Rate Home Loan lends $50,000 to $5,000,000"]
        );
        let short = key_facts_sheet("fixed", &entries("300000", "5", "monthly")).unwrap_err();
        assert_eq!(
            short[&KeyFactsField::TermYears],
            ["The Fixed Rate Home Loan runs for 10 to 30 years"]
        );
        let typo = key_facts_sheet("variable", &entries("lots", "", "monthly")).unwrap_err();
        assert!(
            typo.contains_key(&KeyFactsField::Principal)
                && typo.contains_key(&KeyFactsField::TermYears)
        );
    }
}
