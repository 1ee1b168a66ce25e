//! Comparison rates by the National Credit Code method.
//!
//! # Source
//!
//! National Consumer Credit Protection Regulations 2010, regulation 100 ("Calculation of
//! comparison rates", for section 166 of the National Credit Code). The comparison rate is a
//! nominal rate per annum
//!
//! ```text
//! comparison rate = n × r × 100%
//! ```
//!
//! where `r` solves
//!
//! ```text
//!  t                 t
//!  Σ  A_j / (1+r)^j = Σ  (R_j + C_j) / (1+r)^j
//! j=0               j=0
//! ```
//!
//! * `A_j` is the credit provided at time `j` (all of it at `j = 0` here: the loan is paid out
//!   in one amount);
//! * `R_j` is the repayment at time `j` and `C_j` the credit fees and charges payable then
//!   (government fees and duties are not credit fees and are never included);
//! * `j` counts repayment intervals since the credit was provided, `t` is the last repayment;
//! * `n` is the number of repayments a year: 12 monthly, and by the regulation's own values
//!   **26.09** fortnightly and **52.18** weekly (see [`annualisation`]).
//!
//! # What the cash flows are
//!
//! [`cash_flows`] lists them, one entry per repayment interval, from the loan's own schedule
//! ([`crate::loan::schedule`], so the repayments are exactly what the loan calculator shows,
//! each rounded up to the cent and the last one clearing the loan):
//!
//! * **Establishment fee**: at `j = 0`, when the credit is provided.
//! * **Monthly fee**: one for each month of the term, charged with the first repayment falling on
//!   or after the month's end (`j = ⌈m × periods a year ÷ 12⌉` for month `m`), so with monthly
//!   repayments it is one fee with every repayment.
//! * **Annual fee**: one for each year of the term, with the last repayment of that year.
//! * **Discharge fee**: with the final repayment.
//! * **Fixed or introductory rate**: the loan runs at that rate for its years (the repayment
//!   set over the whole term); then the repayment is set again, at the rate the loan reverts to,
//!   for the balance over the years left, exactly as the contract would recalculate it.
//!
//! # Solving and rounding
//!
//! The equation is solved with safeguarded Newton steps inside a bracket that always holds the
//! root (the present value of what is repaid falls as `r` rises), in `Decimal` arithmetic with
//! 28 significant digits, to a per-period rate within `1e-20`: far below what the published
//! figure shows. The published comparison rate is **rounded to two decimal places of a percent,
//! halves away from zero** ([`ComparisonRate::rate_percent`]); the unrounded figure is kept to
//! ten decimal places ([`ComparisonRate::unrounded_percent`]). The regulation fixes the method
//! and the precision advertised (two decimals, e.g. "6.67% p.a.") but not the direction of
//! rounding; to the nearest is what the figure means to a reader. `tests/comparison_rate.rs`
//! checks every figure against an exact solution in rational numbers.
//!
//! # Standard examples
//!
//! Advertised comparison rates use the examples set by the Code: [`HOME_LOAN_EXAMPLE`] ($150,000
//! over 25 years) for loans secured by a home, [`PERSONAL_LOAN_EXAMPLE`] ($30,000 over 5 years)
//! for personal and car loans, each with monthly repayments.
//!
//! ```
//! use banksia_core::comparison_rate::{comparison_rate, CreditFees, CreditTerms, HOME_LOAN_EXAMPLE};
//! use rust_decimal::Decimal;
//!
//! // A variable loan at 6.45% p.a. with a $250 annual package fee and a $350 discharge fee.
//! let fees = CreditFees { annual: Decimal::from(250), discharge: Decimal::from(350), ..CreditFees::NONE };
//! let terms = CreditTerms::example(HOME_LOAN_EXAMPLE, "6.45".parse().unwrap(), fees);
//! assert_eq!(comparison_rate(&terms).unwrap().rate_percent.to_string(), "6.67");
//!
//! // Without fees the comparison rate is the loan's own rate.
//! let plain = CreditTerms::example(HOME_LOAN_EXAMPLE, "6.45".parse().unwrap(), CreditFees::NONE);
//! assert_eq!(comparison_rate(&plain).unwrap().rate_percent.to_string(), "6.45");
//! ```
//!
//! A rate fixed for the first years, then reverting to a higher variable rate:
//!
//! ```
//! use banksia_core::comparison_rate::{comparison_rate, CreditFees, CreditTerms, InitialRate, HOME_LOAN_EXAMPLE};
//! use rust_decimal::Decimal;
//!
//! let fees = CreditFees { establishment: Decimal::from(400), monthly: Decimal::from(10), discharge: Decimal::from(350), ..CreditFees::NONE };
//! let terms = CreditTerms::example(HOME_LOAN_EXAMPLE, "6.45".parse().unwrap(), fees)
//!     .with_initial_rate(InitialRate { annual_rate_percent: "6.29".parse().unwrap(), years: 5 });
//! assert_eq!(comparison_rate(&terms).unwrap().rate_percent.to_string(), "6.52");
//! ```

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

use crate::loan::{LoanError, LoanTerms, RepaymentFrequency, schedule};

/// The amount and term of a standard comparison rate example.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct StandardExample {
    /// The amount of credit, in dollars.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub amount: Decimal,
    /// The term in whole years.
    pub term_years: u32,
}

/// The Code's example for home loans: $150,000 over 25 years.
pub const HOME_LOAN_EXAMPLE: StandardExample = StandardExample {
    amount: Decimal::from_parts(150_000, 0, 0, false, 0),
    term_years: 25,
};

/// The Code's example for personal and car loans: $30,000 over 5 years.
pub const PERSONAL_LOAN_EXAMPLE: StandardExample = StandardExample {
    amount: Decimal::from_parts(30_000, 0, 0, false, 0),
    term_years: 5,
};

/// The credit fees and charges of a loan, in dollars (each 0 or more, in whole cents).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct CreditFees {
    /// Paid when the credit is provided.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub establishment: Decimal,
    /// Paid every month of the term.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub monthly: Decimal,
    /// Paid every year of the term.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual: Decimal,
    /// Paid when the loan is repaid.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub discharge: Decimal,
}

impl CreditFees {
    /// No fees at all.
    pub const NONE: CreditFees = CreditFees {
        establishment: Decimal::ZERO,
        monthly: Decimal::ZERO,
        annual: Decimal::ZERO,
        discharge: Decimal::ZERO,
    };

    /// Every fee over a term of `term_years`: what the borrower pays on top of the repayments.
    ///
    /// ```
    /// use banksia_core::comparison_rate::CreditFees;
    /// use rust_decimal::Decimal;
    ///
    /// let fees = CreditFees { establishment: Decimal::from(600), monthly: Decimal::from(10), ..CreditFees::NONE };
    /// assert_eq!(fees.total_over(2), Decimal::from(840));
    /// ```
    pub fn total_over(&self, term_years: u32) -> Decimal {
        let years = Decimal::from(term_years);
        self.establishment
            + self.monthly * years * Decimal::from(12)
            + self.annual * years
            + self.discharge
    }

    fn check(&self) -> Result<(), ComparisonRateError> {
        for fee in [
            self.establishment,
            self.monthly,
            self.annual,
            self.discharge,
        ] {
            if fee.is_sign_negative() && !fee.is_zero() {
                return Err(ComparisonRateError::FeeNegative);
            }
            if fee.normalize().scale() > 2 {
                return Err(ComparisonRateError::FeeNotInCents);
            }
        }
        Ok(())
    }
}

/// A rate that applies for the first years of the loan (a fixed or introductory rate), after
/// which the loan reverts to its ongoing rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct InitialRate {
    /// The rate in percent a year for those years.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
    /// How many whole years it applies (less than the term).
    pub years: u32,
}

/// A loan as the comparison rate sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct CreditTerms {
    /// The credit provided, in dollars, all at the start.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub amount: Decimal,
    /// The term in whole years.
    pub term_years: u32,
    /// How often repayments are made.
    pub frequency: RepaymentFrequency,
    /// The ongoing rate in percent a year (the rate a fixed or introductory rate reverts to).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
    /// A fixed or introductory rate for the first years, if any.
    pub initial_rate: Option<InitialRate>,
    /// The credit fees and charges.
    pub fees: CreditFees,
}

impl CreditTerms {
    /// A standard example with monthly repayments at one rate throughout.
    pub fn example(
        example: StandardExample,
        annual_rate_percent: Decimal,
        fees: CreditFees,
    ) -> Self {
        Self {
            amount: example.amount,
            term_years: example.term_years,
            frequency: RepaymentFrequency::Monthly,
            annual_rate_percent,
            initial_rate: None,
            fees,
        }
    }

    /// The same loan with a fixed or introductory rate for its first years.
    pub fn with_initial_rate(mut self, initial: InitialRate) -> Self {
        self.initial_rate = Some(initial);
        self
    }

    /// The same loan at another repayment frequency.
    pub fn with_frequency(mut self, frequency: RepaymentFrequency) -> Self {
        self.frequency = frequency;
        self
    }
}

/// What is paid at one repayment interval: `period` 0 is when the credit is provided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct CashFlow {
    /// Repayment intervals since the credit was provided (`j` of the regulation).
    pub period: u32,
    /// The repayment (`R_j`).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub repayment: Decimal,
    /// The credit fees and charges (`C_j`).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub fees: Decimal,
}

/// A comparison rate and how it was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct ComparisonRate {
    /// The published figure: percent a year, two decimal places (`6.67`).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub rate_percent: Decimal,
    /// The same before rounding, to ten decimal places.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub unrounded_percent: Decimal,
    /// `r`: the rate per repayment interval that solves the equation.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub period_rate: Decimal,
}

/// Why a comparison rate could not be worked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ComparisonRateError {
    /// The loan itself was refused (amount, rate or term), with the loan calculator's message.
    #[error("{0}")]
    Loan(LoanError),
    /// A fixed or introductory period as long as the term, or longer.
    #[error("The fixed or introductory period must be shorter than the loan term")]
    InitialRateNotShorterThanTerm,
    /// A fee below zero.
    #[error("A fee can't be negative")]
    FeeNegative,
    /// A fee with fractions of a cent.
    #[error("A fee can't have more than 2 decimal places")]
    FeeNotInCents,
    /// No rate solves the equation (never for a loan whose rates and fees are 0 or more).
    #[error("The comparison rate could not be worked out")]
    NoSolution,
}

impl From<LoanError> for ComparisonRateError {
    fn from(error: LoanError) -> Self {
        Self::Loan(error)
    }
}

/// `n` of the regulation: repayments a year, 12 monthly, 26.09 fortnightly, 52.18 weekly.
///
/// The fortnightly and weekly values are the regulation's own (a year is 52.18 weeks), not the
/// 26 and 52 repayments the loan schedule makes a year.
///
/// ```
/// use banksia_core::comparison_rate::annualisation;
/// use banksia_core::loan::RepaymentFrequency;
/// assert_eq!(annualisation(RepaymentFrequency::Fortnightly).to_string(), "26.09");
/// ```
pub fn annualisation(frequency: RepaymentFrequency) -> Decimal {
    match frequency {
        RepaymentFrequency::Monthly => Decimal::from(12),
        RepaymentFrequency::Fortnightly => Decimal::new(2609, 2),
        RepaymentFrequency::Weekly => Decimal::new(5218, 2),
    }
}

/// Every repayment and fee of the loan by repayment interval, `period` 0 (the establishment fee)
/// to the last repayment. Repayments are the loan schedule's own; see the module doc for when
/// each fee falls.
///
/// ```
/// use banksia_core::comparison_rate::{cash_flows, CreditFees, CreditTerms, PERSONAL_LOAN_EXAMPLE};
/// use rust_decimal::Decimal;
///
/// let fees = CreditFees { establishment: Decimal::from(250), monthly: Decimal::from(10), ..CreditFees::NONE };
/// let flows = cash_flows(&CreditTerms::example(PERSONAL_LOAN_EXAMPLE, "8.99".parse().unwrap(), fees)).unwrap();
/// assert_eq!(flows.len(), 61);
/// assert_eq!((flows[0].repayment, flows[0].fees), (Decimal::ZERO, Decimal::from(250)));
/// assert_eq!(flows[1].repayment.to_string(), "622.61");
/// assert_eq!(flows[1].fees, Decimal::from(10));
/// ```
pub fn cash_flows(terms: &CreditTerms) -> Result<Vec<CashFlow>, ComparisonRateError> {
    terms.fees.check()?;
    let per_year = terms.frequency.periods_per_year();
    let mut repayments = Vec::new();
    match terms.initial_rate {
        Some(initial) if initial.years > 0 => {
            if initial.years >= terms.term_years {
                return Err(ComparisonRateError::InitialRateNotShorterThanTerm);
            }
            let first = LoanTerms::new(terms.amount, initial.annual_rate_percent, terms.term_years)
                .with_frequency(terms.frequency);
            let first = schedule(&first)?;
            let periods = (initial.years * per_year) as usize;
            repayments.extend(first.periods.iter().take(periods).map(|p| p.payment));
            let balance = first
                .periods
                .get(periods - 1)
                .map_or(Decimal::ZERO, |p| p.closing_balance);
            if balance > Decimal::ZERO {
                let rest = LoanTerms::new(
                    balance,
                    terms.annual_rate_percent,
                    terms.term_years - initial.years,
                )
                .with_frequency(terms.frequency);
                repayments.extend(schedule(&rest)?.periods.iter().map(|p| p.payment));
            }
        }
        _ => {
            let whole = LoanTerms::new(terms.amount, terms.annual_rate_percent, terms.term_years)
                .with_frequency(terms.frequency);
            repayments.extend(schedule(&whole)?.periods.iter().map(|p| p.payment));
        }
    }
    let last = u32::try_from(repayments.len()).map_err(|_| ComparisonRateError::NoSolution)?;
    let mut flows: Vec<CashFlow> = (0..=last)
        .map(|period| CashFlow {
            period,
            repayment: if period == 0 {
                Decimal::ZERO
            } else {
                repayments[period as usize - 1]
            },
            fees: Decimal::ZERO,
        })
        .collect();
    flows[0].fees += terms.fees.establishment;
    if !terms.fees.monthly.is_zero() {
        for month in 1..=terms.term_years * 12 {
            // The first repayment on or after the month's end (the last one at the latest).
            let period = (month * per_year).div_ceil(12).min(last);
            flows[period as usize].fees += terms.fees.monthly;
        }
    }
    if !terms.fees.annual.is_zero() {
        for year in 1..=terms.term_years {
            flows[(year * per_year).min(last) as usize].fees += terms.fees.annual;
        }
    }
    flows[last as usize].fees += terms.fees.discharge;
    Ok(flows)
}

/// Present value at `r` a period of `flows` less the credit provided, and its derivative in `r`.
fn excess_and_slope(flows: &[CashFlow], amount: Decimal, r: Decimal) -> Option<(Decimal, Decimal)> {
    let v = Decimal::ONE.checked_div(Decimal::ONE + r)?;
    // Horner from the last flow: pv = Σ a_j v^j, and d(pv)/dv = Σ j a_j v^(j-1).
    let mut pv = Decimal::ZERO;
    let mut dpv = Decimal::ZERO;
    for flow in flows.iter().rev() {
        dpv = dpv.checked_mul(v)?.checked_add(pv)?;
        pv = pv.checked_mul(v)?.checked_add(flow.repayment + flow.fees)?;
    }
    // dv/dr = -v².
    let slope = -(dpv.checked_mul(v)?.checked_mul(v)?);
    Some((pv - amount, slope))
}

/// The rate per repayment interval `r` that makes the flows' present value the credit
/// provided (the regulation's equation), within `1e-20`.
fn solve(flows: &[CashFlow], amount: Decimal) -> Result<Decimal, ComparisonRateError> {
    let no = || ComparisonRateError::NoSolution;
    let tolerance = Decimal::new(1, 20);
    let (at_zero, _) = excess_and_slope(flows, amount, Decimal::ZERO).ok_or_else(no)?;
    if at_zero.is_zero() {
        return Ok(Decimal::ZERO);
    }
    if at_zero.is_sign_negative() {
        // Less is repaid than was lent: no positive rate, and rates here are never negative.
        return Err(no());
    }
    // The present value falls as r rises; at 100% a period it is below the credit.
    let (mut low, mut high) = (Decimal::ZERO, Decimal::ONE);
    let (at_high, _) = excess_and_slope(flows, amount, high).ok_or_else(no)?;
    if at_high.is_sign_positive() {
        return Err(no());
    }
    // Start from the nominal rate per interval implied by the repayments: r ≈ cost / credit.
    let mut r = Decimal::new(5, 3);
    for _ in 0..200 {
        let (excess, slope) = excess_and_slope(flows, amount, r).ok_or_else(no)?;
        if excess.is_zero() {
            return Ok(r);
        }
        if excess.is_sign_positive() {
            low = r;
        } else {
            high = r;
        }
        let newton = if slope.is_zero() {
            None
        } else {
            excess.checked_div(slope).map(|step| r - step)
        };
        let next = match newton {
            Some(next) if next > low && next < high => next,
            _ => (low + high) / Decimal::TWO,
        };
        if (next - r).abs() < tolerance || high - low < tolerance {
            return Ok(next);
        }
        r = next;
    }
    Err(no())
}

/// The comparison rate of a loan: `n × r × 100`, rounded to two decimal places (halves away
/// from zero). See the module doc for the method and its source.
///
/// ```
/// use banksia_core::comparison_rate::{comparison_rate, CreditFees, CreditTerms, PERSONAL_LOAN_EXAMPLE};
/// use banksia_core::loan::RepaymentFrequency;
/// use rust_decimal::Decimal;
///
/// let fees = CreditFees { establishment: Decimal::from(250), monthly: Decimal::from(10), ..CreditFees::NONE };
/// let terms = CreditTerms::example(PERSONAL_LOAN_EXAMPLE, "8.99".parse().unwrap(), fees);
/// let rate = comparison_rate(&terms).unwrap();
/// assert_eq!(rate.rate_percent.to_string(), "10.03");
/// // n is 26.09 for fortnightly repayments.
/// let fortnightly = comparison_rate(&terms.with_frequency(RepaymentFrequency::Fortnightly)).unwrap();
/// assert!(fortnightly.rate_percent > Decimal::from(9));
/// ```
pub fn comparison_rate(terms: &CreditTerms) -> Result<ComparisonRate, ComparisonRateError> {
    let flows = cash_flows(terms)?;
    let period_rate = solve(&flows, terms.amount)?;
    let unrounded = annualisation(terms.frequency) * period_rate * Decimal::ONE_HUNDRED;
    Ok(ComparisonRate {
        rate_percent: unrounded.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero),
        unrounded_percent: unrounded
            .round_dp_with_strategy(10, RoundingStrategy::MidpointAwayFromZero),
        period_rate,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn a_fixed_period_as_long_as_the_term_is_refused() {
        let terms = CreditTerms::example(PERSONAL_LOAN_EXAMPLE, dec!(7), CreditFees::NONE)
            .with_initial_rate(InitialRate {
                annual_rate_percent: dec!(6),
                years: 5,
            });
        assert_eq!(
            comparison_rate(&terms),
            Err(ComparisonRateError::InitialRateNotShorterThanTerm)
        );
    }

    #[test]
    fn fees_must_be_cents_and_not_negative() {
        let mut fees = CreditFees::NONE;
        fees.annual = dec!(-1);
        let terms = CreditTerms::example(PERSONAL_LOAN_EXAMPLE, dec!(7), fees);
        assert_eq!(
            comparison_rate(&terms),
            Err(ComparisonRateError::FeeNegative)
        );
        fees.annual = dec!(0.001);
        let terms = CreditTerms::example(PERSONAL_LOAN_EXAMPLE, dec!(7), fees);
        assert_eq!(
            comparison_rate(&terms),
            Err(ComparisonRateError::FeeNotInCents)
        );
    }

    #[test]
    fn a_zero_rate_loan_without_fees_compares_at_zero() {
        let terms = CreditTerms::example(
            StandardExample {
                amount: dec!(1200),
                term_years: 1,
            },
            Decimal::ZERO,
            CreditFees::NONE,
        );
        assert_eq!(comparison_rate(&terms).unwrap().rate_percent, Decimal::ZERO);
    }

    #[test]
    fn monthly_fees_on_weekly_repayments_fall_once_a_month() {
        let fees = CreditFees {
            monthly: dec!(10),
            ..CreditFees::NONE
        };
        let terms = CreditTerms::example(PERSONAL_LOAN_EXAMPLE, dec!(8), fees)
            .with_frequency(RepaymentFrequency::Weekly);
        let flows = cash_flows(&terms).unwrap();
        let total: Decimal = flows.iter().map(|f| f.fees).sum();
        assert_eq!(total, dec!(600));
        assert_eq!(flows[5].fees, dec!(10)); // ⌈52/12⌉ = 5
        assert_eq!(flows[4].fees, Decimal::ZERO);
    }
}
