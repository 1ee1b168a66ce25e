//! Home loan repayments and amortisation schedules.
//!
//! # The rules
//!
//! * **Rate per period** = annual rate ÷ 100 ÷ periods a year (12 monthly, 26 fortnightly,
//!   52 weekly); the number of repayments is years × periods a year. Monthly is exactly the
//!   spec's formula: rate/12 and term × 12 payments.
//! * **Repayment** (principal and interest) = `P·r·(1+r)^n / ((1+r)^n − 1)`, or `P / n` when the
//!   rate is zero. It is computed with 28 significant digits (integer powers only, no floating
//!   point), then **rounded up to the next whole cent**, so that `n` repayments always clear the
//!   loan and the final repayment is the one that absorbs the rounding.
//! * **Interest each period** = opening balance × rate per period, rounded to the cent, halves
//!   away from zero.
//! * **Final repayment** = the remaining balance plus that period's interest, so the closing
//!   balance ends at exactly `0.00`.
//! * **Interest-only years** come first: each of those repayments is just the period's interest.
//!   The principal-and-interest repayment is then fixed up front over the remaining years.
//! * **Extra repayment** is paid on top of every scheduled repayment (interest-only ones too) and
//!   goes entirely off the balance; the contractual repayment does not change, so the loan is
//!   repaid sooner. [`LoanSchedule::savings`] compares with the same loan without extras.
//!
//! ```
//! use banksia_core::loan::{repayment, schedule, LoanTerms, RepaymentFrequency};
//! use rust_decimal::Decimal;
//!
//! let terms = LoanTerms::new(Decimal::from(150_000), "6.45".parse().unwrap(), 25);
//! assert_eq!(repayment(&terms).unwrap().to_string(), "1008.13");
//!
//! let weekly = terms.clone().with_frequency(RepaymentFrequency::Weekly);
//! let plan = schedule(&weekly).unwrap();
//! assert_eq!(plan.number_of_payments, 25 * 52);
//! assert_eq!(plan.periods.last().unwrap().closing_balance, Decimal::ZERO);
//! ```

use crate::natural::Natural;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, MathematicalOps};
use serde::{Deserialize, Serialize};

/// The largest loan amount accepted: $100,000,000.
pub const MAX_PRINCIPAL: Decimal = Decimal::from_parts(100_000_000, 0, 0, false, 0);
/// The highest annual rate accepted: 30% p.a.
pub const MAX_ANNUAL_RATE_PERCENT: Decimal = Decimal::from_parts(30, 0, 0, false, 0);
/// The longest loan term accepted, in years.
pub const MAX_TERM_YEARS: u32 = 40;
/// The longest interest-only period accepted, in years (and it must be shorter than the term).
pub const MAX_INTEREST_ONLY_YEARS: u32 = 10;

/// How often repayments are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RepaymentFrequency {
    /// 12 repayments a year (the spec's calculator).
    #[default]
    Monthly,
    /// 26 repayments a year.
    Fortnightly,
    /// 52 repayments a year.
    Weekly,
}

impl RepaymentFrequency {
    /// Every frequency, in the order a form lists them.
    pub const ALL: [RepaymentFrequency; 3] = [Self::Monthly, Self::Fortnightly, Self::Weekly];

    /// Repayments a year: 12, 26 or 52.
    ///
    /// ```
    /// use banksia_core::loan::RepaymentFrequency;
    /// assert_eq!(RepaymentFrequency::Fortnightly.periods_per_year(), 26);
    /// ```
    pub const fn periods_per_year(self) -> u32 {
        match self {
            Self::Monthly => 12,
            Self::Fortnightly => 26,
            Self::Weekly => 52,
        }
    }

    /// The period a repayment covers, for "a month": "month", "fortnight", "week".
    ///
    /// ```
    /// use banksia_core::loan::RepaymentFrequency;
    /// assert_eq!(RepaymentFrequency::Fortnightly.period(), "fortnight");
    /// ```
    pub const fn period(self) -> &'static str {
        match self {
            Self::Monthly => "month",
            Self::Fortnightly => "fortnight",
            Self::Weekly => "week",
        }
    }

    /// The frequency in a sentence, for "every monthly repayment": "monthly", "fortnightly",
    /// "weekly".
    ///
    /// ```
    /// use banksia_core::loan::RepaymentFrequency;
    /// assert_eq!(RepaymentFrequency::Weekly.adjective(), "weekly");
    /// ```
    pub const fn adjective(self) -> &'static str {
        match self {
            Self::Monthly => "monthly",
            Self::Fortnightly => "fortnightly",
            Self::Weekly => "weekly",
        }
    }

    /// Every frequency as a form offers it, in form order, with its label and words.
    ///
    /// ```
    /// use banksia_core::loan::RepaymentFrequency;
    /// let options = RepaymentFrequency::options();
    /// assert_eq!(options.len(), 3);
    /// assert_eq!((options[1].label, options[1].period), ("Fortnightly", "fortnight"));
    /// ```
    pub fn options() -> Vec<FrequencyOption> {
        Self::ALL
            .into_iter()
            .map(|value| FrequencyOption {
                value,
                label: value.label(),
                adjective: value.adjective(),
                period: value.period(),
            })
            .collect()
    }

    /// The label shown to a person: "Monthly", "Fortnightly", "Weekly".
    ///
    /// ```
    /// use banksia_core::loan::RepaymentFrequency;
    /// assert_eq!(RepaymentFrequency::Weekly.label(), "Weekly");
    /// ```
    pub const fn label(self) -> &'static str {
        match self {
            Self::Monthly => "Monthly",
            Self::Fortnightly => "Fortnightly",
            Self::Weekly => "Weekly",
        }
    }
}

/// A repayment frequency as a form offers it ([`RepaymentFrequency::options`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct FrequencyOption {
    /// The value core reads (`"fortnightly"`).
    pub value: RepaymentFrequency,
    /// Its label (`"Fortnightly"`).
    pub label: &'static str,
    /// In a sentence (`"fortnightly"`: "every fortnightly repayment").
    pub adjective: &'static str,
    /// The period one repayment covers (`"fortnight"`: "a fortnight").
    pub period: &'static str,
}

/// A loan's terms, read and checked: what the calculations take. A page's or a request's
/// entries are read by [`LoanEntries`](crate::calculator::LoanEntries) (the one reader), whose
/// [`to_terms`](crate::calculator::LoanEntries::to_terms) gives these; they serialise (with
/// `frequency`, `interest_only_years` and `extra_repayment` always written) but are not read.
///
/// ```
/// use banksia_core::loan::{LoanTerms, RepaymentFrequency};
/// use rust_decimal::Decimal;
///
/// let terms = LoanTerms::new(Decimal::from(500_000), Decimal::new(645, 2), 30);
/// assert_eq!(terms.frequency, RepaymentFrequency::Monthly);
/// assert_eq!(serde_json::to_value(&terms).unwrap()["principal"], "500000");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct LoanTerms {
    /// The amount borrowed, in dollars (more than 0, at most $100,000,000, at most 2 decimals).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub principal: Decimal,
    /// The annual interest rate in percent: `6.45` means 6.45% p.a. (0 to 30).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
    /// The loan term in whole years (1 to 40).
    pub term_years: u32,
    /// How often repayments are made.
    pub frequency: RepaymentFrequency,
    /// Interest-only years at the start of the term (0 to 10, shorter than the term).
    pub interest_only_years: u32,
    /// An extra amount paid every period on top of the scheduled repayment (0 or more).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub extra_repayment: Decimal,
}

impl LoanTerms {
    /// Monthly principal-and-interest repayments, no interest-only period, no extra repayment.
    ///
    /// ```
    /// use banksia_core::loan::LoanTerms;
    /// use rust_decimal::Decimal;
    ///
    /// let terms = LoanTerms::new(Decimal::from(500_000), Decimal::new(645, 2), 30);
    /// assert_eq!(terms.interest_only_years, 0);
    /// ```
    pub fn new(principal: Decimal, annual_rate_percent: Decimal, term_years: u32) -> Self {
        Self {
            principal,
            annual_rate_percent,
            term_years,
            frequency: RepaymentFrequency::Monthly,
            interest_only_years: 0,
            extra_repayment: Decimal::ZERO,
        }
    }

    /// The same terms at another repayment frequency.
    ///
    /// ```
    /// use banksia_core::loan::{LoanTerms, RepaymentFrequency};
    /// use rust_decimal::Decimal;
    ///
    /// let terms = LoanTerms::new(Decimal::from(1000), Decimal::ONE, 1)
    ///     .with_frequency(RepaymentFrequency::Weekly);
    /// assert_eq!(terms.frequency, RepaymentFrequency::Weekly);
    /// ```
    pub fn with_frequency(mut self, frequency: RepaymentFrequency) -> Self {
        self.frequency = frequency;
        self
    }

    /// The same terms with an interest-only period of whole years at the start.
    ///
    /// ```
    /// use banksia_core::loan::LoanTerms;
    /// use rust_decimal::Decimal;
    ///
    /// let terms = LoanTerms::new(Decimal::from(1000), Decimal::ONE, 30).with_interest_only_years(5);
    /// assert_eq!(terms.interest_only_years, 5);
    /// ```
    pub fn with_interest_only_years(mut self, years: u32) -> Self {
        self.interest_only_years = years;
        self
    }

    /// The same terms with an extra repayment every period.
    ///
    /// ```
    /// use banksia_core::loan::LoanTerms;
    /// use rust_decimal::Decimal;
    ///
    /// let terms = LoanTerms::new(Decimal::from(1000), Decimal::ONE, 30)
    ///     .with_extra_repayment(Decimal::from(100));
    /// assert_eq!(terms.extra_repayment, Decimal::from(100));
    /// ```
    pub fn with_extra_repayment(mut self, extra: Decimal) -> Self {
        self.extra_repayment = extra;
        self
    }

    /// The spec's calculator defaults: $500,000 at 6.45% p.a. over 30 years, monthly.
    ///
    /// ```
    /// use banksia_core::loan::{repayment, LoanTerms};
    /// assert_eq!(repayment(&LoanTerms::calculator_defaults()).unwrap().to_string(), "3143.92");
    /// ```
    pub fn calculator_defaults() -> Self {
        Self::new(Decimal::from(500_000), Decimal::new(645, 2), 30)
    }

    /// Checks the terms, returning the first problem in field order (principal, rate, term,
    /// interest-only years, extra repayment).
    ///
    /// ```
    /// use banksia_core::loan::{LoanError, LoanTerms};
    /// use rust_decimal::Decimal;
    ///
    /// let terms = LoanTerms::new(Decimal::ZERO, Decimal::ONE, 41);
    /// assert_eq!(terms.validate(), Err(LoanError::PrincipalNotPositive));
    /// ```
    pub fn validate(&self) -> Result<(), LoanError> {
        if self.principal <= Decimal::ZERO {
            return Err(LoanError::PrincipalNotPositive);
        }
        if self.principal > MAX_PRINCIPAL {
            return Err(LoanError::PrincipalTooLarge);
        }
        if self.principal.normalize().scale() > 2 {
            return Err(LoanError::PrincipalNotInCents);
        }
        if self.annual_rate_percent.is_sign_negative() && !self.annual_rate_percent.is_zero() {
            return Err(LoanError::RateNegative);
        }
        if self.annual_rate_percent > MAX_ANNUAL_RATE_PERCENT {
            return Err(LoanError::RateTooHigh);
        }
        if self.term_years == 0 {
            return Err(LoanError::TermTooShort);
        }
        if self.term_years > MAX_TERM_YEARS {
            return Err(LoanError::TermTooLong);
        }
        if self.interest_only_years > MAX_INTEREST_ONLY_YEARS {
            return Err(LoanError::InterestOnlyTooLong);
        }
        if self.interest_only_years >= self.term_years {
            return Err(LoanError::InterestOnlyNotShorterThanTerm);
        }
        if self.extra_repayment.is_sign_negative() && !self.extra_repayment.is_zero() {
            return Err(LoanError::ExtraRepaymentNegative);
        }
        if self.extra_repayment > self.principal {
            return Err(LoanError::ExtraRepaymentTooLarge);
        }
        if self.extra_repayment.normalize().scale() > 2 {
            return Err(LoanError::ExtraRepaymentNotInCents);
        }
        Ok(())
    }

    /// Interest on `balance` for one period, rounded to the cent (halves away from zero). It is
    /// computed exactly, in integers, so an exact half cent is seen as one and rounds up.
    pub(crate) fn period_interest(&self, balance: Decimal) -> Result<Decimal, LoanError> {
        let per_year = self.frequency.periods_per_year();
        exact_cents(balance, self.annual_rate_percent, per_year)
            // Only for rates with very many decimals: big integers instead.
            .or_else(|| exact_cents_long(balance, self.annual_rate_percent, per_year))
            .ok_or(LoanError::Calculation)
    }

    fn rate_per_period(&self) -> Decimal {
        self.annual_rate_percent
            / Decimal::ONE_HUNDRED
            / Decimal::from(self.frequency.periods_per_year())
    }
}

impl Default for LoanTerms {
    /// The spec's calculator defaults, see [`LoanTerms::calculator_defaults`].
    fn default() -> Self {
        Self::calculator_defaults()
    }
}

/// Why loan terms were refused. [`LoanError::field`] names the input at fault and the
/// `Display` text is a short message for the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LoanError {
    /// The loan amount is zero or negative.
    #[error("Enter a loan amount greater than $0")]
    PrincipalNotPositive,
    /// The loan amount is above [`MAX_PRINCIPAL`].
    #[error("Loan amount can't be more than $100,000,000")]
    PrincipalTooLarge,
    /// The loan amount has fractions of a cent.
    #[error("Loan amount can't have more than 2 decimal places")]
    PrincipalNotInCents,
    /// The interest rate is below zero.
    #[error("Interest rate can't be negative")]
    RateNegative,
    /// The interest rate is above [`MAX_ANNUAL_RATE_PERCENT`].
    #[error("Interest rate can't be more than 30% p.a.")]
    RateTooHigh,
    /// The term is zero years.
    #[error("Loan term must be at least 1 year")]
    TermTooShort,
    /// The term is above [`MAX_TERM_YEARS`].
    #[error("Loan term can't be more than 40 years")]
    TermTooLong,
    /// The interest-only period is above [`MAX_INTEREST_ONLY_YEARS`].
    #[error("Interest-only period can't be more than 10 years")]
    InterestOnlyTooLong,
    /// The interest-only period leaves no principal-and-interest years.
    #[error("Interest-only period must be shorter than the loan term")]
    InterestOnlyNotShorterThanTerm,
    /// The extra repayment is below zero.
    #[error("Extra repayment can't be negative")]
    ExtraRepaymentNegative,
    /// The extra repayment is more than the whole loan.
    #[error("Extra repayment can't be more than the loan amount")]
    ExtraRepaymentTooLarge,
    /// The extra repayment has fractions of a cent.
    #[error("Extra repayment can't have more than 2 decimal places")]
    ExtraRepaymentNotInCents,
    /// The figures overflowed decimal arithmetic (not reachable with validated terms).
    #[error("These loan details can't be calculated")]
    Calculation,
}

/// How long until a loan is repaid, in whole years and months. Part months count as a month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct PayoffTime {
    /// Whole years.
    pub years: u32,
    /// Months beyond the whole years (0 to 11).
    pub months: u32,
}

impl PayoffTime {
    /// The time taken by `payments` repayments at `frequency`, part months rounded up.
    ///
    /// ```
    /// use banksia_core::loan::{PayoffTime, RepaymentFrequency};
    /// let time = PayoffTime::from_payments(1200, RepaymentFrequency::Weekly);
    /// assert_eq!(time, PayoffTime { years: 23, months: 1 });
    /// ```
    pub const fn from_payments(payments: u32, frequency: RepaymentFrequency) -> Self {
        let per_year = frequency.periods_per_year();
        let months = (payments * 12).div_ceil(per_year);
        Self::from_months(months)
    }

    /// Splits a number of months into years and months.
    ///
    /// ```
    /// use banksia_core::loan::PayoffTime;
    /// assert_eq!(PayoffTime::from_months(27), PayoffTime { years: 2, months: 3 });
    /// ```
    pub const fn from_months(months: u32) -> Self {
        Self {
            years: months / 12,
            months: months % 12,
        }
    }

    /// The whole time in months.
    ///
    /// ```
    /// use banksia_core::loan::PayoffTime;
    /// assert_eq!(PayoffTime { years: 2, months: 3 }.total_months(), 27);
    /// ```
    pub const fn total_months(self) -> u32 {
        self.years * 12 + self.months
    }
}

/// One repayment in a schedule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct SchedulePeriod {
    /// 1 for the first repayment.
    pub number: u32,
    /// True during the interest-only years.
    pub interest_only: bool,
    /// The balance before this repayment.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub opening_balance: Decimal,
    /// Everything paid this period, extra repayment included.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub payment: Decimal,
    /// The interest charged this period.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub interest: Decimal,
    /// The part of the payment that reduced the balance.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub principal: Decimal,
    /// The balance after this repayment; `0.00` after the last one.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub closing_balance: Decimal,
}

/// What extra repayments save, against the same loan without them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct ExtraRepaymentSavings {
    /// Interest the loan would cost without extra repayments.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub interest_without_extra: Decimal,
    /// Interest no longer paid.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub interest_saved: Decimal,
    /// Repayments no longer needed.
    pub payments_saved: u32,
    /// How much sooner the loan is repaid (difference of the two payoff times).
    pub time_saved: PayoffTime,
}

/// A full amortisation schedule with its totals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct LoanSchedule {
    /// The terms this schedule was made for.
    pub terms: LoanTerms,
    /// The scheduled principal-and-interest repayment, before any extra repayment.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub repayment: Decimal,
    /// The first interest-only repayment (before any extra), when there is an interest-only period.
    #[cfg_attr(feature = "typescript", ts(type = "string | null"))]
    pub interest_only_repayment: Option<Decimal>,
    /// Every repayment, in order.
    pub periods: Vec<SchedulePeriod>,
    /// How many repayments are made.
    pub number_of_payments: u32,
    /// The last repayment, which clears the balance exactly.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub final_payment: Decimal,
    /// All interest paid.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub total_interest: Decimal,
    /// All repayments: principal plus total interest.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub total_repaid: Decimal,
    /// How long until the loan is repaid.
    pub payoff_time: PayoffTime,
    /// What the extra repayment saves; `None` without one.
    pub savings: Option<ExtraRepaymentSavings>,
}

impl LoanSchedule {
    /// Totals per year of the loan (year 1 is the first `periods_per_year` repayments), for
    /// charts and yearly tables.
    ///
    /// ```
    /// use banksia_core::loan::{schedule, LoanTerms};
    /// use rust_decimal::Decimal;
    ///
    /// let plan = schedule(&LoanTerms::new(Decimal::from(100_000), Decimal::from(5), 10)).unwrap();
    /// let years = plan.yearly_summary();
    /// assert_eq!(years.len(), 10);
    /// assert_eq!(years[9].closing_balance, Decimal::ZERO);
    /// ```
    pub fn yearly_summary(&self) -> Vec<YearSummary> {
        let per_year = self.terms.frequency.periods_per_year().max(1) as usize;
        self.periods
            .chunks(per_year)
            .zip(1u32..)
            .map(|(periods, year)| YearSummary {
                year,
                payments: periods.iter().map(|p| p.payment).sum(),
                interest: periods.iter().map(|p| p.interest).sum(),
                principal: periods.iter().map(|p| p.principal).sum(),
                closing_balance: periods.last().map_or(Decimal::ZERO, |p| p.closing_balance),
            })
            .collect()
    }
}

/// One year of a schedule, see [`LoanSchedule::yearly_summary`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct YearSummary {
    /// 1 for the first year.
    pub year: u32,
    /// Everything paid in the year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub payments: Decimal,
    /// Interest paid in the year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub interest: Decimal,
    /// Principal repaid in the year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub principal: Decimal,
    /// The balance at the end of the year.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub closing_balance: Decimal,
}

/// The principal-and-interest repayment per period, rounded up to the next whole cent (see the
/// [module rules](self)). With an interest-only period it is the repayment that follows it, over
/// the remaining years.
///
/// ```
/// use banksia_core::loan::{repayment, LoanError, LoanTerms, RepaymentFrequency};
/// use rust_decimal::Decimal;
///
/// let terms = LoanTerms::new(Decimal::from(500_000), "6.45".parse().unwrap(), 30);
/// assert_eq!(repayment(&terms).unwrap().to_string(), "3143.92");
/// let fortnightly = terms.clone().with_frequency(RepaymentFrequency::Fortnightly);
/// assert_eq!(repayment(&fortnightly).unwrap().to_string(), "1450.36");
/// // A zero rate simply divides the principal: 120,000 / 360.
/// let free = LoanTerms::new(Decimal::from(120_000), Decimal::ZERO, 30);
/// assert_eq!(repayment(&free).unwrap().to_string(), "333.34");
/// assert_eq!(
///     repayment(&LoanTerms::new(Decimal::from(-1), Decimal::ONE, 30)),
///     Err(LoanError::PrincipalNotPositive)
/// );
/// ```
pub fn repayment(terms: &LoanTerms) -> Result<Decimal, LoanError> {
    terms.validate()?;
    principal_and_interest_repayment(terms)
}

fn principal_and_interest_repayment(terms: &LoanTerms) -> Result<Decimal, LoanError> {
    let periods =
        (terms.term_years - terms.interest_only_years) * terms.frequency.periods_per_year();
    amortising_repayment(terms, periods)
}

/// `amount × rate_percent ÷ 100 ÷ periods` in whole cents, halves away from zero, computed
/// exactly in integers; `None` if the operands are too long for 128-bit integers.
fn exact_cents(amount: Decimal, rate_percent: Decimal, periods: u32) -> Option<Decimal> {
    // amount = a / 10^sa, rate = r / 10^sr; in cents: a·r / (10^(sa+sr) · periods).
    let numerator = amount.mantissa().checked_mul(rate_percent.mantissa())?;
    let denominator = 10i128
        .checked_pow(amount.scale() + rate_percent.scale())?
        .checked_mul(i128::from(periods))?;
    let mut cents = numerator / denominator;
    let remainder = numerator % denominator;
    if remainder.unsigned_abs() * 2 >= denominator.unsigned_abs() {
        cents += numerator.signum();
    }
    Decimal::try_from_i128_with_scale(cents, 2).ok()
}

/// The same as [`exact_cents`] for operands too long for 128-bit integers (rates with very
/// many decimals), with big integers: the exact test `2·a·r < (2c+1)·10^(sa+sr)·periods`
/// picks the cent `c` (a search from 0: a few dozen tests of small numbers). Amounts are never negative here.
fn exact_cents_long(amount: Decimal, rate_percent: Decimal, periods: u32) -> Option<Decimal> {
    if amount.is_sign_negative() || rate_percent.is_sign_negative() {
        return None;
    }
    let numerator = Natural::from(amount.mantissa().unsigned_abs())
        .times(&Natural::from(rate_percent.mantissa().unsigned_abs()));
    let twice_plus_one = numerator
        .times(&Natural::from(2u128))
        .plus(&Natural::from(1u128));
    let denominator = Natural::from(10u128)
        .power(amount.scale() + rate_percent.scale())
        .times(&Natural::from(u128::from(periods)));
    // Searching c + 1 from 1 up: "c + 1 cents is at least the rounded interest".
    let above = smallest_satisfying(1, |next| {
        let cents = next - 1;
        twice_plus_one <= Natural::from(2 * cents + 1).times(&denominator)
    });
    Decimal::try_from_i128_with_scale(i128::try_from(above - 1).ok()?, 2).ok()
}

/// The principal-and-interest repayment `P·r·(1+r)^n / ((1+r)^n − 1)` (or `P / n` at a zero
/// rate), rounded up to the cent, decided exactly.
///
/// With the annual rate `R` as a fraction, the rate per period is `r = a/b` in lowest terms and
/// the repayment in cents is `X = p·a·(a+b)^n / (b·((a+b)^n − b^n))` for a principal of `p`
/// cents. The answer is the smallest whole `c` with `X ≤ c`. A 28-digit `Decimal` evaluation
/// answers at once when it lies clearly between two cents (its error is bounded far below the
/// margin used); otherwise big integers decide `p·a·G + c·b·B ≤ c·b·G` with `G = (a+b)^n` and
/// `B = b^n` exactly.
fn amortising_repayment(terms: &LoanTerms, periods: u32) -> Result<Decimal, LoanError> {
    if periods == 0 {
        return Err(LoanError::Calculation);
    }
    let principal_cents = (terms.principal * Decimal::ONE_HUNDRED).normalize();
    if principal_cents.scale() != 0 || principal_cents <= Decimal::ZERO {
        return Err(LoanError::Calculation);
    }
    let principal_cents =
        u128::try_from(principal_cents.mantissa()).map_err(|_| LoanError::Calculation)?;
    let rate = terms.annual_rate_percent;
    if rate.is_zero() {
        return cents(principal_cents.div_ceil(u128::from(periods)));
    }
    let per_year = u128::from(terms.frequency.periods_per_year());
    let estimate = decimal_estimate(terms.principal, terms.rate_per_period(), periods);
    if let Some((value_cents, tolerance)) = estimate {
        let up = value_cents.ceil();
        let down = value_cents.floor();
        if up - value_cents > tolerance && value_cents - down > tolerance {
            return cents(up.to_u128().ok_or(LoanError::Calculation)?);
        }
    }
    let guess = match estimate {
        Some((value_cents, _)) => value_cents.ceil().to_u128().unwrap_or(1),
        None => principal_cents.div_ceil(u128::from(periods)),
    };
    exact_repayment(principal_cents, rate, per_year, periods, guess)
}

/// The repayment in cents decided exactly in whole numbers, searched from `guess`: the smallest
/// `c` with `p·a·G + c·b·B ≤ c·b·G` (see [`amortising_repayment`]), for a positive rate.
fn exact_repayment(
    principal_cents: u128,
    rate: Decimal,
    per_year: u128,
    periods: u32,
    guess: u128,
) -> Result<Decimal, LoanError> {
    // a/b = mantissa / (10^scale · 100 · periods a year), reduced.
    let numerator = rate.mantissa().unsigned_abs();
    let denominator = 10u128
        .checked_pow(rate.scale())
        .and_then(|power| power.checked_mul(100 * per_year))
        .ok_or(LoanError::Calculation)?;
    let common = gcd(numerator, denominator);
    let (a, b) = (numerator / common, denominator / common);
    let a_plus_b = a.checked_add(b).ok_or(LoanError::Calculation)?;
    let growth = Natural::from(a_plus_b).power(periods);
    let base = Natural::from(b).power(periods);
    let left = Natural::from(principal_cents)
        .times(&Natural::from(a))
        .times(&growth);
    let b = Natural::from(b);
    let b_base = b.times(&base);
    let b_growth = b.times(&growth);
    let answer = smallest_satisfying(guess.max(1), |c| {
        let c = Natural::from(c);
        left.plus(&c.times(&b_base)) <= c.times(&b_growth)
    });
    cents(answer)
}

/// A whole number of cents as a two-decimal amount.
fn cents(count: u128) -> Result<Decimal, LoanError> {
    i128::try_from(count)
        .ok()
        .and_then(|count| Decimal::try_from_i128_with_scale(count, 2).ok())
        .ok_or(LoanError::Calculation)
}

/// The repayment in cents evaluated with 28-digit decimals, with a bound on its error (in
/// cents) that is generous by orders of magnitude: the rate per period carries an absolute
/// error below 10⁻²⁷, `(1+r)^n` a relative error below n·10⁻²⁶ (at most two dozen roundings,
/// each below 10⁻²⁸ relative, amplified at most n-fold), magnified by `G / (G − 1)` when
/// subtracting 1. `None` when the decimals give no usable value (a rate per period that
/// rounds to nothing, or an overflow).
fn decimal_estimate(principal: Decimal, rate: Decimal, periods: u32) -> Option<(Decimal, Decimal)> {
    if rate <= Decimal::ZERO {
        return None;
    }
    let growth = (Decimal::ONE + rate).checked_powi(i64::from(periods))?;
    let less_one = growth.checked_sub(Decimal::ONE)?;
    if less_one <= Decimal::ZERO {
        return None;
    }
    let value_cents = principal
        .checked_mul(rate)?
        .checked_mul(growth)?
        .checked_div(less_one)?
        .checked_mul(Decimal::ONE_HUNDRED)?;
    // Relative bound: 10⁻²⁵/r + n·10⁻²⁴·G/(G−1) + 10⁻²⁴ (each term ×100 over the estimate).
    let tiny = Decimal::new(1, 24);
    let from_rate = Decimal::new(1, 25).checked_div(rate)?;
    let from_growth = tiny
        .checked_mul(Decimal::from(periods))?
        .checked_mul(growth.checked_div(less_one)?)?;
    let relative = from_rate.checked_add(from_growth)?.checked_add(tiny)?;
    // Never below 10⁻¹² of a cent: the decimal path is for values clearly inside a cent.
    let tolerance = value_cents.checked_mul(relative)?.max(Decimal::new(1, 12));
    Some((value_cents, tolerance))
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// The smallest `n ≥ 1` for which `test` holds, given that `test` is false below that answer
/// and true from it on, starting from a guess: gallops away from the guess, then bisects.
fn smallest_satisfying(guess: u128, test: impl Fn(u128) -> bool) -> u128 {
    let guess = guess.max(1);
    let (mut fails, mut holds);
    if test(guess) {
        holds = guess;
        let mut step = 1u128;
        loop {
            let below = holds.saturating_sub(step);
            if below == 0 || !test(below) {
                fails = below;
                break;
            }
            holds = below;
            step = step.saturating_mul(2);
        }
    } else {
        fails = guess;
        let mut step = 1u128;
        loop {
            let above = fails.saturating_add(step);
            if test(above) {
                holds = above;
                break;
            }
            fails = above;
            step = step.saturating_mul(2);
        }
    }
    while holds - fails > 1 {
        let middle = fails + (holds - fails) / 2;
        if test(middle) {
            holds = middle;
        } else {
            fails = middle;
        }
    }
    holds
}

/// The full schedule: every repayment with its interest, principal and closing balance, and
/// the totals. The final repayment is adjusted so the balance ends at exactly `0.00`; the
/// principal parts add up to the amount borrowed.
///
/// ```
/// use banksia_core::loan::{schedule, LoanTerms, PayoffTime};
/// use rust_decimal::Decimal;
///
/// let terms = LoanTerms::new(Decimal::from(500_000), "6.45".parse().unwrap(), 30);
/// let plan = schedule(&terms).unwrap();
/// assert_eq!(plan.repayment.to_string(), "3143.92");
/// assert_eq!(plan.number_of_payments, 360);
/// assert_eq!(plan.payoff_time, PayoffTime { years: 30, months: 0 });
/// assert_eq!(plan.total_repaid, plan.total_interest + terms.principal);
///
/// // $200 extra a month repays the loan years sooner.
/// let faster = schedule(&terms.with_extra_repayment(Decimal::from(200))).unwrap();
/// let savings = faster.savings.unwrap();
/// assert!(savings.time_saved.years >= 4);
/// assert_eq!(savings.interest_saved, plan.total_interest - faster.total_interest);
/// ```
pub fn schedule(terms: &LoanTerms) -> Result<LoanSchedule, LoanError> {
    terms.validate()?;
    let repayment = principal_and_interest_repayment(terms)?;
    let run = amortise(terms, repayment, terms.extra_repayment, true)?;
    let payoff_time = PayoffTime::from_payments(run.count, terms.frequency);
    let savings = if terms.extra_repayment.is_zero() {
        None
    } else {
        let baseline = amortise(terms, repayment, Decimal::ZERO, false)?;
        let baseline_time = PayoffTime::from_payments(baseline.count, terms.frequency);
        Some(ExtraRepaymentSavings {
            interest_without_extra: baseline.total_interest,
            interest_saved: baseline.total_interest - run.total_interest,
            payments_saved: baseline.count.saturating_sub(run.count),
            time_saved: PayoffTime::from_months(
                baseline_time
                    .total_months()
                    .saturating_sub(payoff_time.total_months()),
            ),
        })
    };
    let interest_only_repayment = if terms.interest_only_years > 0 {
        Some(terms.period_interest(terms.principal)?)
    } else {
        None
    };
    Ok(LoanSchedule {
        terms: terms.clone(),
        repayment,
        interest_only_repayment,
        number_of_payments: run.count,
        final_payment: run.final_payment,
        total_interest: run.total_interest,
        total_repaid: run.total_repaid,
        payoff_time,
        savings,
        periods: run.periods,
    })
}

struct Amortisation {
    periods: Vec<SchedulePeriod>,
    count: u32,
    final_payment: Decimal,
    total_interest: Decimal,
    total_repaid: Decimal,
}

/// Runs the loan period by period. `keep_periods` false only totals (for the comparison run).
fn amortise(
    terms: &LoanTerms,
    repayment: Decimal,
    extra: Decimal,
    keep_periods: bool,
) -> Result<Amortisation, LoanError> {
    let per_year = terms.frequency.periods_per_year();
    let interest_only_periods = terms.interest_only_years * per_year;
    let total_periods = terms.term_years * per_year;
    let mut run = Amortisation {
        periods: Vec::with_capacity(if keep_periods {
            total_periods as usize
        } else {
            0
        }),
        count: 0,
        final_payment: Decimal::ZERO,
        total_interest: Decimal::ZERO,
        total_repaid: Decimal::ZERO,
    };
    let mut balance = terms.principal;
    for number in 1..=total_periods {
        if balance <= Decimal::ZERO {
            break;
        }
        let interest_only = number <= interest_only_periods;
        let interest = terms.period_interest(balance)?;
        let owing = balance + interest;
        let scheduled = if interest_only { interest } else { repayment };
        let mut payment = scheduled + extra;
        let principal;
        if payment >= owing || number == total_periods {
            payment = owing;
            principal = balance;
        } else {
            principal = payment - interest;
        }
        let opening_balance = balance;
        balance -= principal;
        run.count = number;
        run.final_payment = payment;
        run.total_interest += interest;
        run.total_repaid += payment;
        if keep_periods {
            run.periods.push(SchedulePeriod {
                number,
                interest_only,
                opening_balance,
                payment,
                interest,
                principal,
                closing_balance: balance,
            });
        }
    }
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    fn terms(principal: Decimal, rate: Decimal, years: u32) -> LoanTerms {
        LoanTerms::new(principal, rate, years)
    }

    proptest::proptest! {
        /// The exact whole-number search, from any starting guess, gives the repayment the 28-digit
        /// estimate gives where that is clear of a cent: the check that would catch a wrong
        /// comparison in the path a loan takes only near a cent boundary.
        #[test]
        fn the_exact_search_agrees_with_the_estimate(
            principal_cents in 100_000u128..=10_000_000_000,
            rate_basis_points in 1u32..2_500,
            years in 1u32..=40,
            frequency in proptest::sample::select(vec![
                RepaymentFrequency::Monthly,
                RepaymentFrequency::Fortnightly,
                RepaymentFrequency::Weekly,
            ]),
            guess_offset in -50i64..50,
        ) {
            let rate = Decimal::new(i64::from(rate_basis_points), 2);
            let principal = Decimal::try_from_i128_with_scale(principal_cents as i128, 2).unwrap();
            let terms = terms(principal, rate, years).with_frequency(frequency);
            let expected = repayment(&terms).unwrap();
            let periods = years * frequency.periods_per_year();
            let expected_cents = (expected * Decimal::ONE_HUNDRED).to_u128().unwrap();
            let guess = expected_cents.saturating_add_signed(i128::from(guess_offset)).max(1);
            let per_year = u128::from(frequency.periods_per_year());
            proptest::prop_assert_eq!(
                exact_repayment(principal_cents, rate, per_year, periods, guess),
                Ok(expected)
            );
        }
    }

    #[test]
    fn spec_reference_repayments() {
        assert_eq!(
            repayment(&terms(dec!(500000), dec!(6.45), 30)),
            Ok(dec!(3143.92))
        );
        assert_eq!(
            repayment(&terms(dec!(150000), dec!(6.45), 25)),
            Ok(dec!(1008.13))
        );
    }

    #[test]
    fn frequencies_use_their_own_periods() {
        let base = terms(dec!(500000), dec!(6.45), 30);
        let fortnightly = base.clone().with_frequency(RepaymentFrequency::Fortnightly);
        let weekly = base.with_frequency(RepaymentFrequency::Weekly);
        // Exact values 1450.3533… and 725.0298…, rounded up.
        assert_eq!(repayment(&fortnightly), Ok(dec!(1450.36)));
        assert_eq!(repayment(&weekly), Ok(dec!(725.03)));
    }

    #[test]
    fn zero_rate_divides_the_principal() {
        assert_eq!(
            repayment(&terms(dec!(36000), dec!(0), 3)),
            Ok(dec!(1000.00))
        );
        let plan = schedule(&terms(dec!(100000), dec!(0), 30)).unwrap();
        assert_eq!(plan.repayment, dec!(277.78));
        assert_eq!(plan.total_interest, dec!(0));
        assert_eq!(plan.total_repaid, dec!(100000));
        assert_eq!(plan.number_of_payments, 360);
        // 359 × 277.78 = 99,723.02, leaving 276.98.
        assert_eq!(plan.final_payment, dec!(276.98));
    }

    #[test]
    fn period_interest_is_exact_at_half_cents() {
        // 130.00 × 6.2 ÷ 5200 is exactly 0.155: a true half cent.
        let terms = terms(dec!(100000), dec!(6.2), 30).with_frequency(RepaymentFrequency::Weekly);
        assert_eq!(terms.period_interest(dec!(130.00)), Ok(dec!(0.16)));
        assert_eq!(terms.period_interest(dec!(129.99)), Ok(dec!(0.15)));
        assert_eq!(exact_cents(dec!(1000), dec!(6), 12), Some(dec!(5.00)));
        // Too long for integers: the decimal fallback gives the same answer.
        let long_rate = Decimal::from_str_exact("6.0000000000000000000000000001").unwrap();
        let long = LoanTerms {
            annual_rate_percent: long_rate,
            ..terms
        };
        assert_eq!(exact_cents(dec!(100000000.00), long_rate, 52), None);
        assert_eq!(long.period_interest(dec!(1000)), Ok(dec!(1.15)));
    }

    #[test]
    fn the_search_finds_the_smallest_value_that_holds() {
        assert_eq!(smallest_satisfying(1, |n| n >= 1_000_000), 1_000_000);
        assert_eq!(smallest_satisfying(5_000, |n| n >= 3), 3);
    }

    #[test]
    fn long_rates_round_interest_exactly() {
        // 0.05 × 6.0000000000000000000000000001 ÷ 12 = 0.025000000000000000000000000000417 cents.
        let long_rate = Decimal::from_str_exact("6.0000000000000000000000000001").unwrap();
        assert_eq!(
            exact_cents_long(dec!(0.05), long_rate, 12),
            Some(dec!(0.00))
        );
        // 100 × 6.0000000000000000000000000001 ÷ 12 = 50.000…0833 cents: 50 cents.
        assert_eq!(exact_cents_long(dec!(100), long_rate, 12), Some(dec!(0.50)));
        // An exact half cent rounds away from zero: 0.25 × 6 ÷ 12 = 0.125 cents... scaled up:
        // 1.25 × 4.8000000000000000000000000000 ÷ 12 = 0.5 cents exactly, so 1 cent.
        let exact_rate = Decimal::from_str_exact("4.8000000000000000000000000000").unwrap();
        assert_eq!(
            exact_cents_long(dec!(1.25), exact_rate, 12),
            Some(dec!(0.01))
        );
    }

    #[test]
    fn whole_cent_results_are_not_pushed_up() {
        assert_eq!(repayment(&terms(dec!(1200), dec!(0), 1)), Ok(dec!(100.00)));
    }

    #[test]
    fn schedule_ends_at_zero_and_adds_up() {
        let plan = schedule(&terms(dec!(500000), dec!(6.45), 30)).unwrap();
        assert_eq!(plan.periods.len(), 360);
        let last = plan.periods.last().unwrap();
        assert_eq!(last.closing_balance, dec!(0));
        assert!(last.payment <= plan.repayment + dec!(0.10));
        let principal: Decimal = plan.periods.iter().map(|p| p.principal).sum();
        assert_eq!(principal, dec!(500000));
        assert_eq!(plan.total_repaid, dec!(500000) + plan.total_interest);
        assert_eq!(plan.periods[0].interest, dec!(2687.50));
        assert_eq!(plan.periods[0].principal, dec!(456.42));
        assert_eq!(plan.periods[0].closing_balance, dec!(499543.58));
        assert!(plan.savings.is_none());
        assert_eq!(plan.interest_only_repayment, None);
    }

    #[test]
    fn interest_only_years_then_principal_and_interest() {
        let plan =
            schedule(&terms(dec!(500000), dec!(6.45), 30).with_interest_only_years(5)).unwrap();
        assert_eq!(plan.interest_only_repayment, Some(dec!(2687.50)));
        for period in &plan.periods[..60] {
            assert!(period.interest_only);
            assert_eq!(period.payment, dec!(2687.50));
            assert_eq!(period.closing_balance, dec!(500000));
        }
        assert!(!plan.periods[60].interest_only);
        // The repayment is over the remaining 25 years.
        assert_eq!(
            plan.repayment,
            repayment(&terms(dec!(500000), dec!(6.45), 25)).unwrap()
        );
        assert_eq!(plan.number_of_payments, 360);
        assert_eq!(plan.periods.last().unwrap().closing_balance, dec!(0));
    }

    #[test]
    fn extra_repayments_save_time_and_interest() {
        let base = terms(dec!(500000), dec!(6.45), 30);
        let plain = schedule(&base).unwrap();
        let faster = schedule(&base.with_extra_repayment(dec!(500))).unwrap();
        let savings = faster.savings.clone().unwrap();
        assert!(faster.number_of_payments < 360);
        assert_eq!(savings.interest_without_extra, plain.total_interest);
        assert_eq!(
            savings.interest_saved,
            plain.total_interest - faster.total_interest
        );
        assert_eq!(savings.payments_saved, 360 - faster.number_of_payments);
        assert_eq!(
            savings.time_saved.total_months(),
            360 - faster.payoff_time.total_months()
        );
        assert_eq!(faster.periods[0].payment, dec!(3643.92));
        assert_eq!(faster.periods.last().unwrap().closing_balance, dec!(0));
    }

    #[test]
    fn bad_terms_are_typed_errors() {
        let ok = terms(dec!(1000), dec!(5), 5);
        let cases = [
            (
                LoanTerms {
                    principal: dec!(0),
                    ..ok.clone()
                },
                LoanError::PrincipalNotPositive,
            ),
            (
                LoanTerms {
                    principal: dec!(-5),
                    ..ok.clone()
                },
                LoanError::PrincipalNotPositive,
            ),
            (
                LoanTerms {
                    principal: dec!(100000000.01),
                    ..ok.clone()
                },
                LoanError::PrincipalTooLarge,
            ),
            (
                LoanTerms {
                    principal: dec!(10.001),
                    ..ok.clone()
                },
                LoanError::PrincipalNotInCents,
            ),
            (
                LoanTerms {
                    annual_rate_percent: dec!(-0.01),
                    ..ok.clone()
                },
                LoanError::RateNegative,
            ),
            (
                LoanTerms {
                    annual_rate_percent: dec!(30.01),
                    ..ok.clone()
                },
                LoanError::RateTooHigh,
            ),
            (
                LoanTerms {
                    term_years: 0,
                    ..ok.clone()
                },
                LoanError::TermTooShort,
            ),
            (
                LoanTerms {
                    term_years: 41,
                    ..ok.clone()
                },
                LoanError::TermTooLong,
            ),
            (
                LoanTerms {
                    interest_only_years: 5,
                    ..ok.clone()
                },
                LoanError::InterestOnlyNotShorterThanTerm,
            ),
            (
                LoanTerms {
                    term_years: 30,
                    interest_only_years: 11,
                    ..ok.clone()
                },
                LoanError::InterestOnlyTooLong,
            ),
            (
                LoanTerms {
                    extra_repayment: dec!(-1),
                    ..ok.clone()
                },
                LoanError::ExtraRepaymentNegative,
            ),
            (
                LoanTerms {
                    extra_repayment: dec!(1000.01),
                    ..ok.clone()
                },
                LoanError::ExtraRepaymentTooLarge,
            ),
            (
                LoanTerms {
                    extra_repayment: dec!(0.001),
                    ..ok.clone()
                },
                LoanError::ExtraRepaymentNotInCents,
            ),
        ];
        for (bad, expected) in cases {
            assert_eq!(repayment(&bad), Err(expected), "{bad:?}");
            assert_eq!(schedule(&bad), Err(expected), "{bad:?}");
        }
        // The limits themselves are accepted.
        let edge = LoanTerms {
            principal: MAX_PRINCIPAL,
            annual_rate_percent: dec!(30),
            term_years: 40,
            ..ok
        };
        assert!(schedule(&edge.clone().with_frequency(RepaymentFrequency::Weekly)).is_ok());
        assert!(
            repayment(&LoanTerms {
                annual_rate_percent: dec!(-0),
                ..edge
            })
            .is_ok()
        );
    }

    #[test]
    fn errors_speak_plainly() {
        assert_eq!(
            LoanError::PrincipalNotPositive.to_string(),
            "Enter a loan amount greater than $0"
        );
        assert_eq!(
            serde_json::to_string(&LoanError::RateTooHigh).unwrap(),
            "\"rate_too_high\""
        );
    }

    #[test]
    fn terms_serde_shape() {
        let json = serde_json::to_value(terms(dec!(500000), dec!(6.45), 30)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "principal": "500000", "annual_rate_percent": "6.45", "term_years": 30,
                "frequency": "monthly", "interest_only_years": 0, "extra_repayment": "0"
            })
        );
    }

    #[test]
    fn yearly_summary_totals_match() {
        let plan = schedule(
            &terms(dec!(250000), dec!(6), 20).with_frequency(RepaymentFrequency::Fortnightly),
        )
        .unwrap();
        let years = plan.yearly_summary();
        assert_eq!(years.len(), 20);
        let interest: Decimal = years.iter().map(|y| y.interest).sum();
        assert_eq!(interest, plan.total_interest);
        assert_eq!(years[19].closing_balance, dec!(0));
    }
}
