//! What an offset account saves: interest and time, from a balance kept in the offset and an
//! amount added to it every month, on the same amortisation as [`loan::schedule`].
//!
//! Each month interest is charged on the loan balance less the offset balance (never below
//! zero), to the cent as the loan's own schedule charges it ([`LoanTerms`]'s period interest,
//! exact at half cents). The repayment stays the loan's scheduled principal-and-interest
//! repayment, so every dollar of interest the offset saves repays principal instead, and the
//! loan ends sooner. The monthly addition is made after each repayment. The offset is money
//! kept, not paid to the loan: at the end it is still the saver's.
//!
//! ```
//! use banksia_core::loan::LoanTerms;
//! use banksia_core::offset::offset_savings;
//! use rust_decimal::Decimal;
//!
//! let terms = LoanTerms::new(Decimal::from(500_000), "6.45".parse().unwrap(), 30);
//! let none = offset_savings(&terms, Decimal::ZERO, Decimal::ZERO).unwrap();
//! assert!(none.interest_saved.is_zero());
//! let saved = offset_savings(&terms, Decimal::from(20_000), Decimal::from(200)).unwrap();
//! assert!(saved.interest_saved > Decimal::from(100_000));
//! assert!(saved.time_saved.years >= 5);
//! assert_eq!(saved.interest_with_offset + saved.interest_saved, saved.interest_without_offset);
//! ```

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::calculator::{LoanEntries, LoanField, Money};
use crate::entries::{Entry, EntryField, FieldErrors, Problems, Unreadable, read_number};
use crate::loan::{self, LoanError, LoanTerms, PayoffTime, RepaymentFrequency};

/// The most accepted in the offset or added a month: $10,000,000.
pub const MAX_OFFSET: Decimal = Decimal::from_parts(10_000_000, 0, 0, false, 0);

/// What an offset saves against the same loan without it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct OffsetSavings {
    /// The scheduled monthly repayment (the same with and without the offset).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub repayment: Decimal,
    /// All interest without the offset.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub interest_without_offset: Decimal,
    /// All interest with it.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub interest_with_offset: Decimal,
    /// The difference.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub interest_saved: Decimal,
    /// How long the loan runs without the offset.
    pub payoff_without_offset: PayoffTime,
    /// How long it runs with it.
    pub payoff_with_offset: PayoffTime,
    /// How much sooner it is repaid.
    pub time_saved: PayoffTime,
    /// The offset balance when the loan is repaid.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub offset_at_payoff: Decimal,
}

/// The savings of an offset of `balance` growing by `monthly_addition` on a monthly loan.
/// `terms` must be valid monthly principal-and-interest terms without extra repayments.
pub fn offset_savings(
    terms: &LoanTerms,
    balance: Decimal,
    monthly_addition: Decimal,
) -> Result<OffsetSavings, LoanError> {
    let terms = terms
        .clone()
        .with_frequency(RepaymentFrequency::Monthly)
        .with_interest_only_years(0)
        .with_extra_repayment(Decimal::ZERO);
    let plan = loan::schedule(&terms)?;
    let repayment = plan.repayment;
    let mut owing = terms.principal;
    let mut offset = balance.max(Decimal::ZERO);
    let mut interest_total = Decimal::ZERO;
    let mut months = 0u32;
    let periods = terms.term_years * 12;
    while owing > Decimal::ZERO && months < periods {
        months += 1;
        let charged_on = (owing - offset).max(Decimal::ZERO);
        let interest = terms.period_interest(charged_on)?;
        interest_total += interest;
        let due = owing + interest;
        let payment = if repayment >= due || months == periods {
            due
        } else {
            repayment
        };
        owing = due - payment;
        offset += monthly_addition;
    }
    let with = PayoffTime::from_months(months);
    Ok(OffsetSavings {
        repayment,
        interest_without_offset: plan.total_interest,
        interest_with_offset: interest_total,
        interest_saved: plan.total_interest - interest_total,
        payoff_without_offset: plan.payoff_time,
        payoff_with_offset: with,
        time_saved: PayoffTime::from_months(plan.payoff_time.total_months().saturating_sub(months)),
        offset_at_payoff: offset - monthly_addition,
    })
}

/// The offset calculator's entries, as typed: the loan (amount, rate, term) and the offset.
///
/// ```
/// use banksia_core::offset::OffsetEntries;
///
/// let entries: OffsetEntries = serde_json::from_str(
///     r#"{ "principal": "500,000", "annual_rate_percent": "6.45", "term_years": "30", "offset_balance": "20000" }"#,
/// ).unwrap();
/// assert!(entries.to_input().is_ok());
/// assert!(serde_json::from_str::<OffsetEntries>(r#"{ "frequency": "weekly" }"#).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
#[serde(remote = "Self", default, deny_unknown_fields)]
pub struct OffsetEntries {
    /// The loan amount.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub principal: Entry,
    /// The rate, percent a year.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub annual_rate_percent: Entry,
    /// The term in whole years.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub term_years: Entry,
    /// The balance in the offset account from the start.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub offset_balance: Entry,
    /// Added to the offset every month.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub monthly_addition: Entry,
}

crate::reading::deserialize_object_only!(OffsetEntries, Serialize);

/// A field of the offset calculator: the keys of its [`FieldErrors`]. In form order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum OffsetField {
    /// [`OffsetEntries::principal`].
    Principal,
    /// [`OffsetEntries::annual_rate_percent`].
    AnnualRatePercent,
    /// [`OffsetEntries::term_years`].
    TermYears,
    /// [`OffsetEntries::offset_balance`].
    OffsetBalance,
    /// [`OffsetEntries::monthly_addition`].
    MonthlyAddition,
    /// The entries as a whole.
    Input,
}

impl EntryField for OffsetField {
    const INPUT: Self = Self::Input;
}

/// Why an offset entry was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum OffsetError {
    /// The offset balance isn't a dollar amount.
    #[error("Enter the offset balance in dollars, like 20,000")]
    BalanceUnreadable,
    /// The addition isn't a dollar amount.
    #[error("Enter the monthly addition in dollars, like 500")]
    AdditionUnreadable,
    /// Below zero.
    #[error("Amount can't be negative")]
    Negative,
    /// Above [`MAX_OFFSET`].
    #[error("Amount can't be more than $10,000,000")]
    TooLarge,
    /// Fractions of a cent.
    #[error("Enter dollars and cents, with at most 2 decimal places")]
    NotInCents,
}

fn offset_amount(entry: &Entry, unreadable: OffsetError) -> Result<Decimal, OffsetError> {
    let amount = read_number(entry, false)
        .map_err(|Unreadable| unreadable)?
        .unwrap_or(Decimal::ZERO);
    if amount < Decimal::ZERO {
        Err(OffsetError::Negative)
    } else if amount > MAX_OFFSET {
        Err(OffsetError::TooLarge)
    } else if amount.normalize().scale() > 2 {
        Err(OffsetError::NotInCents)
    } else {
        Ok(amount)
    }
}

impl OffsetEntries {
    /// The loan terms (read by the home loan calculator's own rules) and the offset's balance
    /// and monthly addition, or every message per field.
    pub fn to_input(&self) -> Result<(LoanTerms, Decimal, Decimal), FieldErrors<OffsetField>> {
        let mut problems = Problems::new();
        let loan = LoanEntries {
            principal: self.principal.clone(),
            annual_rate_percent: self.annual_rate_percent.clone(),
            term_years: self.term_years.clone(),
            frequency: None,
            interest_only_years: Entry::Blank,
            extra_repayment: Entry::Blank,
        }
        .to_terms();
        let terms = match loan {
            Ok(terms) => Some(terms),
            Err(errors) => {
                for (field, messages) in errors {
                    let field = match field {
                        LoanField::Principal => OffsetField::Principal,
                        LoanField::AnnualRatePercent => OffsetField::AnnualRatePercent,
                        LoanField::TermYears => OffsetField::TermYears,
                        _ => OffsetField::Input,
                    };
                    for message in messages {
                        problems.note(field, message);
                    }
                }
                None
            }
        };
        let balance = problems.check(
            OffsetField::OffsetBalance,
            offset_amount(&self.offset_balance, OffsetError::BalanceUnreadable),
        );
        let addition = problems.check(
            OffsetField::MonthlyAddition,
            offset_amount(&self.monthly_addition, OffsetError::AdditionUnreadable),
        );
        let input = (|| Some((terms?, balance?, addition?)))();
        problems.finish(input)
    }
}

/// The offset savings as a page shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct OffsetView {
    /// The monthly repayment.
    pub repayment: Money,
    /// Interest saved over the loan.
    pub interest_saved: Money,
    /// Interest without the offset.
    pub interest_without_offset: Money,
    /// Interest with it.
    pub interest_with_offset: Money,
    /// How much sooner, as words: `"6 years 2 months"`.
    pub time_saved_text: String,
    /// How much sooner.
    pub time_saved: PayoffTime,
    /// The loan's length with the offset, as words.
    pub payoff_with_offset_text: String,
    /// The offset balance when the loan is repaid.
    pub offset_at_payoff: Money,
    /// How the figure is worked out.
    pub note: String,
}

/// How the offset figure is worked out, shown with it.
pub const OFFSET_NOTE: &str = "Interest is worked out monthly on the loan balance less the offset balance, with the repayment unchanged, so the interest saved repays the loan sooner. It assumes the rate, the offset balance and the monthly addition stay as entered. The offset money stays yours.";

fn duration_words(time: PayoffTime) -> String {
    let part = |count: u32, unit: &str| match count {
        0 => None,
        1 => Some(format!("1 {unit}")),
        n => Some(format!("{n} {unit}s")),
    };
    let words: Vec<String> = [part(time.years, "year"), part(time.months, "month")]
        .into_iter()
        .flatten()
        .collect();
    if words.is_empty() {
        "no time".to_string()
    } else {
        words.join(" ")
    }
}

/// Reads the entries and works out the offset's savings.
///
/// ```
/// use banksia_core::offset::{offset_view, OffsetEntries};
/// use banksia_core::entries::Entry;
///
/// let entries = OffsetEntries {
///     principal: Entry::from("500000"),
///     annual_rate_percent: Entry::from("6.45"),
///     term_years: Entry::from("30"),
///     offset_balance: Entry::from("abc"),
///     monthly_addition: Entry::from("-5"),
/// };
/// let errors = offset_view(&entries).unwrap_err();
/// assert_eq!(errors.len(), 2);
/// ```
pub fn offset_view(entries: &OffsetEntries) -> Result<OffsetView, FieldErrors<OffsetField>> {
    let (terms, balance, addition) = entries.to_input()?;
    let savings = offset_savings(&terms, balance, addition)
        .map_err(|error| crate::entries::input_error::<OffsetField>(error.to_string()))?;
    Ok(OffsetView {
        repayment: Money::cents_if_any(savings.repayment),
        interest_saved: Money::whole_dollars(savings.interest_saved),
        interest_without_offset: Money::whole_dollars(savings.interest_without_offset),
        interest_with_offset: Money::whole_dollars(savings.interest_with_offset),
        time_saved_text: duration_words(savings.time_saved),
        time_saved: savings.time_saved,
        payoff_with_offset_text: duration_words(savings.payoff_with_offset),
        offset_at_payoff: Money::whole_dollars(savings.offset_at_payoff),
        note: OFFSET_NOTE.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    /// The same loan month by month with every figure recomputed independently: interest on
    /// the net balance to the cent, half cents away from zero.
    fn reference(
        principal: Decimal,
        rate: Decimal,
        years: u32,
        offset: Decimal,
        add: Decimal,
    ) -> (Decimal, u32) {
        let repayment = loan::repayment(&LoanTerms::new(principal, rate, years)).unwrap();
        let mut owing = principal;
        let mut kept = offset;
        let mut total = Decimal::ZERO;
        let mut month = 0;
        while owing > Decimal::ZERO && month < years * 12 {
            month += 1;
            let net = (owing - kept).max(Decimal::ZERO);
            let interest = (net * rate / dec!(1200))
                .round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
            total += interest;
            let due = owing + interest;
            owing = if repayment >= due || month == years * 12 {
                Decimal::ZERO
            } else {
                due - repayment
            };
            kept += add;
        }
        (total, month)
    }

    #[test]
    fn matches_an_independent_month_by_month_run() {
        for (principal, rate, years, offset, add) in [
            (dec!(500000), dec!(6.45), 30, dec!(20000), dec!(200)),
            (dec!(350000), dec!(5.99), 25, dec!(0), dec!(1000)),
            (dec!(800000), dec!(7.1), 30, dec!(150000), dec!(0)),
            (dec!(120000), dec!(4.5), 10, dec!(200000), dec!(0)),
        ] {
            let terms = LoanTerms::new(principal, rate, years);
            let saved = offset_savings(&terms, offset, add).unwrap();
            let (interest, months) = reference(principal, rate, years, offset, add);
            assert_eq!(saved.interest_with_offset, interest, "{principal} {offset}");
            assert_eq!(saved.payoff_with_offset.total_months(), months);
        }
        // An offset as large as the loan: no interest at all, repaid by the repayments alone.
        let terms = LoanTerms::new(dec!(120000), dec!(4.5), 10);
        let all = offset_savings(&terms, dec!(200000), dec!(0)).unwrap();
        assert_eq!(all.interest_with_offset, Decimal::ZERO);
    }

    #[test]
    fn more_in_the_offset_never_saves_less() {
        let terms = LoanTerms::new(dec!(600000), dec!(6.2), 30);
        let mut previous = Decimal::ZERO;
        for thousands in [0u32, 1, 5, 10, 50, 100, 300, 600] {
            let saved = offset_savings(&terms, Decimal::from(thousands * 1000), dec!(0)).unwrap();
            assert!(saved.interest_saved >= previous, "{thousands}");
            previous = saved.interest_saved;
        }
    }

    #[test]
    fn hostile_entries_get_messages() {
        let entries = OffsetEntries {
            principal: Entry::from("abc"),
            annual_rate_percent: Entry::from("6.45"),
            term_years: Entry::from("30"),
            offset_balance: Entry::from("$1e9"),
            monthly_addition: Entry::from("10000000.01"),
        };
        let errors = offset_view(&entries).unwrap_err();
        assert_eq!(
            errors[&OffsetField::Principal],
            ["Enter the loan amount in dollars, like 500,000"]
        );
        assert_eq!(
            errors[&OffsetField::OffsetBalance],
            ["Enter the offset balance in dollars, like 20,000"]
        );
        assert_eq!(
            errors[&OffsetField::MonthlyAddition],
            ["Amount can't be more than $10,000,000"]
        );
    }
}
