//! Term deposit interest.
//!
//! # The rules
//!
//! * **Paid out** ([`term_deposit_interest`]): simple interest on the amount deposited.
//!   Total interest = amount × rate ÷ 100 × months ÷ 12, rounded to the cent (halves away from
//!   zero). It is paid at the end of every interest period (1, 3, 6 or 12 months, or once at
//!   maturity) and at maturity for any shorter last period. Each payment is the simple interest
//!   for its months, rounded to the cent; the final payment absorbs the rounding so that the
//!   payments add up to the total exactly. The maturity value is the amount plus all interest
//!   paid.
//! * **Reinvested** ([`term_deposit_reinvested`]): at the end of each interest period the
//!   period's interest (rounded to the cent) is added to the balance and earns interest from
//!   then on. The effective annual rate is `(1 + r/m)^m − 1` for `m` interest periods a year.
//!
//! ```
//! use banksia_core::term_deposit::{term_deposit_interest, InterestFrequency};
//! use rust_decimal::Decimal;
//!
//! // The spec's static example: $50,000 at 4.50% for 24 months.
//! let result = term_deposit_interest(
//!     Decimal::from(50_000), "4.50".parse().unwrap(), 24, InterestFrequency::AtMaturity,
//! ).unwrap();
//! assert_eq!(result.total_interest.to_string(), "4500.00");
//! assert_eq!(result.maturity_value.to_string(), "54500.00");
//! ```

use rust_decimal::{Decimal, MathematicalOps, RoundingStrategy};
use serde::{Deserialize, Serialize};

use crate::money::round_to_cents;

/// The largest deposit accepted: $100,000,000.
pub const MAX_AMOUNT: Decimal = Decimal::from_parts(100_000_000, 0, 0, false, 0);
/// The highest annual rate accepted: 30% p.a.
pub const MAX_ANNUAL_RATE_PERCENT: Decimal = Decimal::from_parts(30, 0, 0, false, 0);
/// The longest term accepted, in months (10 years).
pub const MAX_TERM_MONTHS: u32 = 120;

/// How often interest is paid (spec section 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum InterestFrequency {
    /// Every month.
    Monthly,
    /// Every 3 months.
    Quarterly,
    /// Every 6 months.
    BiAnnually,
    /// Every 12 months.
    Annually,
    /// Once, when the term ends.
    #[default]
    AtMaturity,
}

/// An interest payment option as a form lists it: its value and the label shown to a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct InterestOption {
    /// The option.
    pub value: InterestFrequency,
    /// Its label ([`InterestFrequency::label`]).
    pub label: &'static str,
}

impl InterestFrequency {
    /// Every frequency, in the order a form lists them.
    pub const ALL: [InterestFrequency; 5] = [
        Self::Monthly,
        Self::Quarterly,
        Self::BiAnnually,
        Self::Annually,
        Self::AtMaturity,
    ];

    /// The label shown to a person.
    ///
    /// ```
    /// use banksia_core::term_deposit::InterestFrequency;
    /// assert_eq!(InterestFrequency::BiAnnually.label(), "Bi-annually");
    /// ```
    pub const fn label(self) -> &'static str {
        match self {
            Self::Monthly => "Monthly",
            Self::Quarterly => "Quarterly",
            Self::BiAnnually => "Bi-annually",
            Self::Annually => "Annually",
            Self::AtMaturity => "At maturity",
        }
    }

    /// Months between payments, or `None` when interest is paid only at maturity.
    ///
    /// ```
    /// use banksia_core::term_deposit::InterestFrequency;
    /// assert_eq!(InterestFrequency::Quarterly.months_between_payments(), Some(3));
    /// assert_eq!(InterestFrequency::AtMaturity.months_between_payments(), None);
    /// ```
    pub const fn months_between_payments(self) -> Option<u32> {
        match self {
            Self::Monthly => Some(1),
            Self::Quarterly => Some(3),
            Self::BiAnnually => Some(6),
            Self::Annually => Some(12),
            Self::AtMaturity => None,
        }
    }
}

/// Terms shorter than this many months pay interest only monthly or at maturity.
pub const MONTHS_FOR_EVERY_FREQUENCY: u32 = 12;

impl InterestFrequency {
    /// Whether Banksia offers this interest payment option on a term of `term_months`:
    ///
    /// * at maturity and monthly, on every term;
    /// * quarterly, bi-annually and annually only on terms of 12 months or more, and only when
    ///   they pay before maturity (annual interest on a 12-month term is interest at maturity,
    ///   so it is not offered as a separate option).
    ///
    /// The calculator and the term deposit pages list options with this rule, and the
    /// calculator's view refuses any other ([`InterestFrequency::check_offered_for`]). (The
    /// calculation itself accepts any frequency: a period longer than what is left of the term
    /// is paid at maturity.)
    ///
    /// ```
    /// use banksia_core::term_deposit::InterestFrequency::*;
    ///
    /// assert!(Monthly.is_offered_for(3) && AtMaturity.is_offered_for(3));
    /// assert!(!Quarterly.is_offered_for(6));
    /// assert!(BiAnnually.is_offered_for(12) && !Annually.is_offered_for(12));
    /// assert!(Annually.is_offered_for(24));
    /// ```
    pub const fn is_offered_for(self, term_months: u32) -> bool {
        match self.months_between_payments() {
            None | Some(1) => true,
            Some(months) => term_months >= MONTHS_FOR_EVERY_FREQUENCY && months < term_months,
        }
    }

    /// The options offered on a term of `term_months`, in the order a form lists them.
    ///
    /// ```
    /// use banksia_core::term_deposit::InterestFrequency::{self, *};
    ///
    /// assert_eq!(InterestFrequency::offered_for(6), vec![Monthly, AtMaturity]);
    /// assert_eq!(InterestFrequency::offered_for(12), vec![Monthly, Quarterly, BiAnnually, AtMaturity]);
    /// assert_eq!(InterestFrequency::offered_for(60), InterestFrequency::ALL.to_vec());
    /// ```
    pub fn offered_for(term_months: u32) -> Vec<InterestFrequency> {
        Self::ALL
            .into_iter()
            .filter(|frequency| frequency.is_offered_for(term_months))
            .collect()
    }

    /// [`Self::offered_for`] as a form lists them: each option with its label, so that a page
    /// names the options in core's words.
    ///
    /// ```
    /// use banksia_core::term_deposit::{InterestFrequency, InterestOption};
    ///
    /// let options = InterestFrequency::options_for(6);
    /// assert_eq!(options[0], InterestOption { value: InterestFrequency::Monthly, label: "Monthly" });
    /// assert_eq!(options[1].label, "At maturity");
    /// ```
    pub fn options_for(term_months: u32) -> Vec<InterestOption> {
        Self::offered_for(term_months)
            .into_iter()
            .map(|value| InterestOption {
                value,
                label: value.label(),
            })
            .collect()
    }

    /// `Ok` when this option is offered on a term of `term_months` ([`Self::is_offered_for`]),
    /// otherwise which part of the rule it breaks.
    ///
    /// ```
    /// use banksia_core::term_deposit::{FrequencyNotOffered, InterestFrequency::*};
    ///
    /// assert!(Monthly.check_offered_for(6).is_ok());
    /// assert_eq!(Quarterly.check_offered_for(6), Err(FrequencyNotOffered::ShortTerm));
    /// assert_eq!(Annually.check_offered_for(12), Err(FrequencyNotOffered::NotBeforeMaturity));
    /// assert_eq!(
    ///     FrequencyNotOffered::ShortTerm.to_string(),
    ///     "Terms under 12 months pay interest monthly or at maturity"
    /// );
    /// ```
    pub const fn check_offered_for(self, term_months: u32) -> Result<(), FrequencyNotOffered> {
        if self.is_offered_for(term_months) {
            Ok(())
        } else if term_months < MONTHS_FOR_EVERY_FREQUENCY {
            Err(FrequencyNotOffered::ShortTerm)
        } else {
            Err(FrequencyNotOffered::NotBeforeMaturity)
        }
    }
}

/// Why an interest payment option is not offered on a term (the two parts of
/// [`InterestFrequency::is_offered_for`]); the `Display` text is the message for the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FrequencyNotOffered {
    /// Quarterly, bi-annually or annually on a term under [`MONTHS_FOR_EVERY_FREQUENCY`] months.
    #[error("Terms under 12 months pay interest monthly or at maturity")]
    ShortTerm,
    /// An option whose first payment would fall at maturity (annually on a 12-month term).
    #[error("On this term that option pays only at maturity: choose At maturity")]
    NotBeforeMaturity,
}

/// Why a term deposit calculation was refused. [`TermDepositError::field`] names the input;
/// the `Display` text is a short message for the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TermDepositError {
    /// The amount is zero or negative.
    #[error("Enter a deposit amount greater than $0")]
    AmountNotPositive,
    /// The amount is above [`MAX_AMOUNT`].
    #[error("Deposit amount can't be more than $100,000,000")]
    AmountTooLarge,
    /// The amount has fractions of a cent.
    #[error("Deposit amount can't have more than 2 decimal places")]
    AmountNotInCents,
    /// The rate is below zero.
    #[error("Interest rate can't be negative")]
    RateNegative,
    /// The rate is above [`MAX_ANNUAL_RATE_PERCENT`].
    #[error("Interest rate can't be more than 30% p.a.")]
    RateTooHigh,
    /// The term is zero months.
    #[error("Term must be at least 1 month")]
    TermTooShort,
    /// The term is above [`MAX_TERM_MONTHS`].
    #[error("Term can't be more than 120 months")]
    TermTooLong,
}

/// A term deposit's terms, read and checked: what the calculations take. A page's entries are
/// read by [`TermDepositEntries`](crate::calculator::TermDepositEntries) (the one reader),
/// whose [`to_terms`](crate::calculator::TermDepositEntries::to_terms) gives these; they
/// serialise but are not read.
///
/// ```
/// use banksia_core::term_deposit::{InterestFrequency, TermDepositTerms};
/// use rust_decimal::Decimal;
///
/// let terms = TermDepositTerms {
///     amount: Decimal::from(50_000),
///     annual_rate_percent: Decimal::new(450, 2),
///     term_months: 24,
///     frequency: InterestFrequency::AtMaturity,
/// };
/// assert_eq!(terms.calculate().unwrap().maturity_value.to_string(), "54500.00");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct TermDepositTerms {
    /// The amount deposited.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub amount: Decimal,
    /// Annual rate in percent: `4.50` is 4.50% p.a.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
    /// Term in months (1 to 120).
    pub term_months: u32,
    /// How often interest is paid.
    pub frequency: InterestFrequency,
}

impl TermDepositTerms {
    /// [`term_deposit_interest`] of these terms.
    pub fn calculate(&self) -> Result<TermDepositResult, TermDepositError> {
        term_deposit_interest(
            self.amount,
            self.annual_rate_percent,
            self.term_months,
            self.frequency,
        )
    }

    /// [`term_deposit_reinvested`] of these terms.
    ///
    /// ```
    /// use banksia_core::term_deposit::{InterestFrequency, TermDepositTerms};
    /// use rust_decimal::Decimal;
    ///
    /// let terms = TermDepositTerms {
    ///     amount: Decimal::from(50_000),
    ///     annual_rate_percent: Decimal::new(450, 2),
    ///     term_months: 24,
    ///     frequency: InterestFrequency::Annually,
    /// };
    /// assert_eq!(terms.calculate_reinvested().unwrap().total_interest.to_string(), "4601.25");
    /// ```
    pub fn calculate_reinvested(&self) -> Result<ReinvestedTermDeposit, TermDepositError> {
        term_deposit_reinvested(
            self.amount,
            self.annual_rate_percent,
            self.term_months,
            self.frequency,
        )
    }
}

/// One interest payment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct InterestPayment {
    /// 1 for the first payment.
    pub number: u32,
    /// The month of the term at whose end it is paid (the last is `term_months`).
    pub month: u32,
    /// The interest paid.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub amount: Decimal,
}

/// Interest paid out over the term (see the [module rules](self)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct TermDepositResult {
    /// The inputs.
    pub terms: TermDepositTerms,
    /// How many interest payments are made.
    pub number_of_payments: u32,
    /// The regular payment (the first one; the only one at maturity).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub interest_per_payment: Decimal,
    /// Every payment, in order.
    pub payments: Vec<InterestPayment>,
    /// All interest over the term.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub total_interest: Decimal,
    /// Amount plus total interest.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub maturity_value: Decimal,
}

/// Interest reinvested over the term (see the [module rules](self)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct ReinvestedTermDeposit {
    /// The inputs.
    pub terms: TermDepositTerms,
    /// How many times interest is added.
    pub number_of_periods: u32,
    /// All interest over the term.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub total_interest: Decimal,
    /// Amount plus total interest.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub maturity_value: Decimal,
    /// `(1 + r/m)^m − 1` in percent, rounded to 2 decimals, for `m` interest periods a year.
    /// `None` at maturity unless the term divides a year evenly (1, 2, 3, 4, 6 or 12 months),
    /// because the rate would need a fractional power.
    #[cfg_attr(feature = "typescript", ts(type = "string | null"))]
    pub effective_annual_rate_percent: Option<Decimal>,
}

fn validate(amount: Decimal, rate: Decimal, term_months: u32) -> Result<(), TermDepositError> {
    if amount <= Decimal::ZERO {
        return Err(TermDepositError::AmountNotPositive);
    }
    if amount > MAX_AMOUNT {
        return Err(TermDepositError::AmountTooLarge);
    }
    if amount.normalize().scale() > 2 {
        return Err(TermDepositError::AmountNotInCents);
    }
    if rate.is_sign_negative() && !rate.is_zero() {
        return Err(TermDepositError::RateNegative);
    }
    if rate > MAX_ANNUAL_RATE_PERCENT {
        return Err(TermDepositError::RateTooHigh);
    }
    if term_months == 0 {
        return Err(TermDepositError::TermTooShort);
    }
    if term_months > MAX_TERM_MONTHS {
        return Err(TermDepositError::TermTooLong);
    }
    Ok(())
}

/// The month ends at which interest is paid or added: every `k` months, and at maturity.
fn payment_months(term_months: u32, frequency: InterestFrequency) -> Vec<u32> {
    let step = frequency
        .months_between_payments()
        .unwrap_or(term_months)
        .clamp(1, term_months);
    let mut months: Vec<u32> = (1..=term_months / step).map(|n| n * step).collect();
    if !term_months.is_multiple_of(step) {
        months.push(term_months);
    }
    months
}

/// Simple interest for `months` months.
fn simple_interest(amount: Decimal, rate_percent: Decimal, months: u32) -> Decimal {
    amount * rate_percent * Decimal::from(months) / Decimal::from(1200)
}

/// Interest paid out: each payment, the total and the maturity value (simple interest on the
/// amount deposited; see the [module rules](self)).
///
/// ```
/// use banksia_core::term_deposit::{term_deposit_interest, InterestFrequency};
/// use rust_decimal::Decimal;
///
/// let monthly = term_deposit_interest(
///     Decimal::from(50_000), "4.50".parse().unwrap(), 24, InterestFrequency::Monthly,
/// ).unwrap();
/// assert_eq!(monthly.number_of_payments, 24);
/// assert_eq!(monthly.interest_per_payment.to_string(), "187.50");
/// assert_eq!(monthly.total_interest.to_string(), "4500.00");
///
/// // An 18-month term paid annually: at month 12, then 6 months' worth at maturity.
/// let annual = term_deposit_interest(
///     Decimal::from(10_000), Decimal::from(4), 18, InterestFrequency::Annually,
/// ).unwrap();
/// let paid: Vec<String> = annual.payments.iter().map(|p| p.amount.to_string()).collect();
/// assert_eq!(paid, ["400.00", "200.00"]);
///
/// // Any frequency is worked out, offered on the term or not: annual interest on a 3-month
/// // term is one payment at maturity (the calculator's view refuses the option).
/// let short = term_deposit_interest(
///     Decimal::from(1_000), "3.25".parse().unwrap(), 3, InterestFrequency::Annually,
/// ).unwrap();
/// assert_eq!((short.number_of_payments, short.total_interest.to_string()), (1, "8.13".into()));
/// ```
pub fn term_deposit_interest(
    amount: Decimal,
    annual_rate_percent: Decimal,
    term_months: u32,
    frequency: InterestFrequency,
) -> Result<TermDepositResult, TermDepositError> {
    validate(amount, annual_rate_percent, term_months)?;
    let total_interest = round_to_cents(simple_interest(amount, annual_rate_percent, term_months));
    let months = payment_months(term_months, frequency);
    let mut payments = Vec::with_capacity(months.len());
    let mut paid = Decimal::ZERO;
    let mut previous = 0;
    for (index, &month) in months.iter().enumerate() {
        let payment = if index + 1 == months.len() {
            total_interest - paid
        } else {
            round_to_cents(simple_interest(
                amount,
                annual_rate_percent,
                month - previous,
            ))
        };
        paid += payment;
        previous = month;
        payments.push(InterestPayment {
            number: index as u32 + 1,
            month,
            amount: payment,
        });
    }
    Ok(TermDepositResult {
        terms: TermDepositTerms {
            amount,
            annual_rate_percent,
            term_months,
            frequency,
        },
        number_of_payments: payments.len() as u32,
        interest_per_payment: payments.first().map_or(Decimal::ZERO, |p| p.amount),
        payments,
        total_interest,
        maturity_value: round_to_cents(amount + total_interest),
    })
}

/// Interest reinvested: each period's interest joins the balance and earns interest too.
///
/// ```
/// use banksia_core::term_deposit::{term_deposit_reinvested, InterestFrequency};
/// use rust_decimal::Decimal;
///
/// let result = term_deposit_reinvested(
///     Decimal::from(50_000), "4.50".parse().unwrap(), 24, InterestFrequency::Monthly,
/// ).unwrap();
/// assert_eq!(result.total_interest.to_string(), "4699.50");
/// assert_eq!(result.effective_annual_rate_percent.unwrap().to_string(), "4.59");
/// ```
pub fn term_deposit_reinvested(
    amount: Decimal,
    annual_rate_percent: Decimal,
    term_months: u32,
    frequency: InterestFrequency,
) -> Result<ReinvestedTermDeposit, TermDepositError> {
    validate(amount, annual_rate_percent, term_months)?;
    let months = payment_months(term_months, frequency);
    let mut balance = amount;
    let mut previous = 0;
    for &month in &months {
        balance += round_to_cents(simple_interest(
            balance,
            annual_rate_percent,
            month - previous,
        ));
        previous = month;
    }
    let period_months = frequency.months_between_payments().unwrap_or(term_months);
    let effective_annual_rate_percent = 12u32
        .is_multiple_of(period_months)
        .then(|| {
            let periods_a_year = 12 / period_months;
            let growth = Decimal::ONE
                + annual_rate_percent * Decimal::from(period_months) / Decimal::from(1200);
            growth.checked_powi(i64::from(periods_a_year))
        })
        .flatten()
        .map(|factor| {
            ((factor - Decimal::ONE) * Decimal::ONE_HUNDRED)
                .round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
        });
    Ok(ReinvestedTermDeposit {
        terms: TermDepositTerms {
            amount,
            annual_rate_percent,
            term_months,
            frequency,
        },
        number_of_periods: months.len() as u32,
        total_interest: round_to_cents(balance - amount),
        maturity_value: round_to_cents(balance),
        effective_annual_rate_percent,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn spec_static_example_for_every_frequency() {
        for frequency in InterestFrequency::ALL {
            let result = term_deposit_interest(dec!(50000), dec!(4.50), 24, frequency).unwrap();
            assert_eq!(result.total_interest, dec!(4500.00), "{frequency:?}");
            assert_eq!(result.maturity_value, dec!(54500.00), "{frequency:?}");
            let sum: Decimal = result.payments.iter().map(|p| p.amount).sum();
            assert_eq!(sum, result.total_interest);
        }
        let quarterly =
            term_deposit_interest(dec!(50000), dec!(4.50), 24, InterestFrequency::Quarterly)
                .unwrap();
        assert_eq!(quarterly.number_of_payments, 8);
        assert_eq!(quarterly.interest_per_payment, dec!(562.50));
        let at_maturity =
            term_deposit_interest(dec!(50000), dec!(4.50), 24, InterestFrequency::AtMaturity)
                .unwrap();
        assert_eq!(at_maturity.number_of_payments, 1);
        assert_eq!(at_maturity.payments[0].month, 24);
    }

    #[test]
    fn the_last_payment_absorbs_rounding() {
        let result =
            term_deposit_interest(dec!(10000), dec!(4.33), 12, InterestFrequency::Monthly).unwrap();
        assert_eq!(result.total_interest, dec!(433.00));
        assert_eq!(result.interest_per_payment, dec!(36.08));
        assert_eq!(result.payments[11].amount, dec!(36.12));
    }

    #[test]
    fn frequency_longer_than_term_pays_at_maturity() {
        let result =
            term_deposit_interest(dec!(1000), dec!(3.25), 3, InterestFrequency::Annually).unwrap();
        assert_eq!(result.number_of_payments, 1);
        assert_eq!(result.total_interest, dec!(8.13));
    }

    #[test]
    fn reinvesting_compounds() {
        let simple =
            term_deposit_interest(dec!(50000), dec!(4.5), 24, InterestFrequency::Quarterly)
                .unwrap();
        let reinvested =
            term_deposit_reinvested(dec!(50000), dec!(4.5), 24, InterestFrequency::Quarterly)
                .unwrap();
        assert!(reinvested.total_interest > simple.total_interest);
        assert_eq!(reinvested.effective_annual_rate_percent, Some(dec!(4.58)));
        let annual =
            term_deposit_reinvested(dec!(50000), dec!(4.5), 24, InterestFrequency::Annually)
                .unwrap();
        assert_eq!(annual.total_interest, dec!(4601.25));
        assert_eq!(annual.effective_annual_rate_percent, Some(dec!(4.50)));
        let at_maturity =
            term_deposit_reinvested(dec!(50000), dec!(4.5), 24, InterestFrequency::AtMaturity)
                .unwrap();
        assert_eq!(at_maturity.total_interest, dec!(4500.00));
        assert_eq!(at_maturity.effective_annual_rate_percent, None);
        let six_months =
            term_deposit_reinvested(dec!(1000), dec!(3.75), 6, InterestFrequency::AtMaturity)
                .unwrap();
        assert_eq!(six_months.effective_annual_rate_percent, Some(dec!(3.79)));
    }

    #[test]
    fn bad_input_is_a_typed_error() {
        let cases = [
            (dec!(0), dec!(4), 12, TermDepositError::AmountNotPositive),
            (
                dec!(100000000.01),
                dec!(4),
                12,
                TermDepositError::AmountTooLarge,
            ),
            (dec!(1.001), dec!(4), 12, TermDepositError::AmountNotInCents),
            (dec!(1000), dec!(-1), 12, TermDepositError::RateNegative),
            (dec!(1000), dec!(31), 12, TermDepositError::RateTooHigh),
            (dec!(1000), dec!(4), 0, TermDepositError::TermTooShort),
            (dec!(1000), dec!(4), 121, TermDepositError::TermTooLong),
        ];
        for (amount, rate, months, error) in cases {
            for frequency in InterestFrequency::ALL {
                assert_eq!(
                    term_deposit_interest(amount, rate, months, frequency),
                    Err(error)
                );
                assert_eq!(
                    term_deposit_reinvested(amount, rate, months, frequency),
                    Err(error)
                );
            }
        }
        assert_eq!(
            TermDepositError::TermTooShort.to_string(),
            "Term must be at least 1 month"
        );
    }

    #[test]
    fn zero_rate_earns_nothing() {
        let result =
            term_deposit_interest(dec!(1000), dec!(0), 12, InterestFrequency::Monthly).unwrap();
        assert_eq!(result.total_interest, dec!(0.00));
        assert!(result.payments.iter().all(|p| p.amount.is_zero()));
    }
}
