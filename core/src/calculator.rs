//! The calculators as a page uses them: entries exactly as a person typed them, read and
//! checked here, and results ready to show, every figure both exact and formatted.
//!
//! * [`loan_repayment`] and [`loan_schedule_view`] read [`LoanEntries`]; the view holds the
//!   repayment, the interest-only years and their repayment, what is paid each period with the
//!   extra repayment on top, the totals, the payoff time, what an extra repayment saves and a
//!   summary per year (for a chart and a table).
//! * [`term_deposit_view`] reads [`TermDepositEntries`]: each interest payment, the total,
//!   the maturity value, the same deposit with interest reinvested, and a warning below the
//!   term's minimum deposit. An interest payment option the term doesn't offer is refused
//!   ([`InterestFrequency::check_offered_for`]).
//!
//! Entries are read by [`crate::entries`], the one reader of every calculator's entries: each
//! entry that can't be read, and each range rule broken by those that can (zero, negative,
//! huge; the calculation's own messages, [`LoanError`],
//! [`TermDepositError`]), is reported at once under its field ([`LoanField`],
//! [`TermDepositField`]).
//!
//! # Figures
//!
//! Each is a [`Money`]: `amount` is exact (`"3143.92"`), `display` is what a person reads. Loan
//! figures are shown in whole dollars (`"$3,144"`: the spec's estimate); term deposit figures
//! show cents when there are any (`"$187.50"`, `"$4,500"`).
//!
//! ```
//! use banksia_core::calculator::{loan_schedule_view, LoanEntries, LoanField};
//! use banksia_core::entries::Entry;
//!
//! let entries = LoanEntries {
//!     principal: Entry::from("$500,000"),
//!     annual_rate_percent: Entry::from("6.45%"),
//!     term_years: Entry::from("30"),
//!     ..LoanEntries::default()
//! };
//! let view = loan_schedule_view(&entries).unwrap();
//! assert_eq!(view.repayment.amount.to_string(), "3143.92");
//! assert_eq!(view.repayment.display, "$3,144");
//! assert_eq!(view.years.len(), 30);
//!
//! let typo = LoanEntries { principal: Entry::from("five hundred"), ..entries };
//! let errors = loan_schedule_view(&typo).unwrap_err();
//! assert_eq!(errors[&LoanField::Principal], ["Enter the loan amount in dollars, like 500,000"]);
//! ```

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::entries::{
    Count, Entry, EntryField, FieldErrors, Problems, Unreadable, read_count, read_number,
};
use crate::loan::{self, LoanError, LoanTerms, PayoffTime, RepaymentFrequency};
use crate::money::{format_aud, round_to_cents};
use crate::term_deposit::{
    InterestFrequency, MAX_TERM_MONTHS, TermDepositError, TermDepositTerms, term_deposit_interest,
    term_deposit_reinvested,
};

/// An amount exactly (`amount`, e.g. `"3143.92"`) and as a person reads it (`display`, e.g.
/// `"$3,144"`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Money {
    /// The exact amount, in dollars with cents.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub amount: Decimal,
    /// The amount formatted in Australian dollars.
    pub display: String,
}

impl Money {
    /// Shown in whole dollars: `$3,144` for 3143.92.
    ///
    /// ```
    /// use banksia_core::calculator::Money;
    /// use rust_decimal::Decimal;
    /// let money = Money::whole_dollars(Decimal::new(314392, 2));
    /// assert_eq!((money.amount.to_string().as_str(), money.display.as_str()), ("3143.92", "$3,144"));
    /// ```
    pub fn whole_dollars(amount: Decimal) -> Self {
        let amount = round_to_cents(amount);
        Money {
            display: format_aud(amount, false),
            amount,
        }
    }

    /// Shown with cents when there are any: `$187.50`, but `$4,500` for 4500.00.
    ///
    /// ```
    /// use banksia_core::calculator::Money;
    /// use rust_decimal::Decimal;
    /// assert_eq!(Money::cents_if_any(Decimal::new(18750, 2)).display, "$187.50");
    /// assert_eq!(Money::cents_if_any(Decimal::new(450000, 2)).display, "$4,500");
    /// ```
    pub fn cents_if_any(amount: Decimal) -> Self {
        let amount = round_to_cents(amount);
        Money {
            display: format_aud(amount, !amount.fract().is_zero()),
            amount,
        }
    }
}

/// A field of the home loan calculator ([`LoanEntries`]), as its JSON name: the keys of its
/// [`FieldErrors`]. In form order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LoanField {
    /// [`LoanEntries::principal`].
    Principal,
    /// [`LoanEntries::annual_rate_percent`].
    AnnualRatePercent,
    /// [`LoanEntries::term_years`].
    TermYears,
    /// [`LoanEntries::frequency`].
    Frequency,
    /// [`LoanEntries::interest_only_years`].
    InterestOnlyYears,
    /// [`LoanEntries::extra_repayment`].
    ExtraRepayment,
    /// The entries as a whole: a value that is not one object of them.
    Input,
}

impl EntryField for LoanField {
    const INPUT: Self = Self::Input;
}

/// A loan's errors as the calculator's fields: the form knows its fields, the loan math does not.
impl LoanError {
    /// The calculator's field at fault (a [`LoanTerms`] field of the same name).
    ///
    /// ```
    /// use banksia_core::calculator::LoanField;
    /// use banksia_core::loan::LoanError;
    /// assert_eq!(LoanError::RateTooHigh.field(), LoanField::AnnualRatePercent);
    /// ```
    pub const fn field(&self) -> LoanField {
        match self {
            Self::PrincipalNotPositive
            | Self::PrincipalTooLarge
            | Self::PrincipalNotInCents
            | Self::Calculation => LoanField::Principal,
            Self::RateNegative | Self::RateTooHigh => LoanField::AnnualRatePercent,
            Self::TermTooShort | Self::TermTooLong => LoanField::TermYears,
            Self::InterestOnlyTooLong | Self::InterestOnlyNotShorterThanTerm => {
                LoanField::InterestOnlyYears
            }
            Self::ExtraRepaymentNegative
            | Self::ExtraRepaymentTooLarge
            | Self::ExtraRepaymentNotInCents => LoanField::ExtraRepayment,
        }
    }

    /// The error as the calculator's messages per field: `{ field: [message] }`.
    ///
    /// ```
    /// use banksia_core::calculator::LoanField;
    /// use banksia_core::loan::LoanError;
    /// let errors = LoanError::TermTooLong.to_field_errors();
    /// assert_eq!(errors[&LoanField::TermYears], ["Loan term can't be more than 40 years"]);
    /// ```
    pub fn to_field_errors(&self) -> FieldErrors<LoanField> {
        FieldErrors::from([(self.field(), vec![self.to_string()])])
    }
}

impl LoanField {
    /// The JSON name: `"annual_rate_percent"`.
    ///
    /// ```
    /// use banksia_core::calculator::LoanField;
    /// assert_eq!(LoanField::TermYears.name(), "term_years");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Self::Principal => "principal",
            Self::AnnualRatePercent => "annual_rate_percent",
            Self::TermYears => "term_years",
            Self::Frequency => "frequency",
            Self::InterestOnlyYears => "interest_only_years",
            Self::ExtraRepayment => "extra_repayment",
            Self::Input => "input",
        }
    }
}

/// A field of the term deposit calculator ([`TermDepositEntries`]), as its JSON name: the keys
/// of its [`FieldErrors`]. In form order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TermDepositField {
    /// [`TermDepositEntries::amount`].
    Amount,
    /// [`TermDepositEntries::annual_rate_percent`].
    AnnualRatePercent,
    /// [`TermDepositEntries::term_months`].
    TermMonths,
    /// [`TermDepositEntries::frequency`].
    Frequency,
    /// [`TermDepositEntries::minimum_deposit`].
    MinimumDeposit,
    /// The entries as a whole: a value that is not one object of them.
    Input,
}

impl EntryField for TermDepositField {
    const INPUT: Self = Self::Input;
}

/// A term deposit's errors as the calculator's fields.
impl TermDepositError {
    /// The calculator's field at fault: the amount, the rate or the term.
    ///
    /// ```
    /// use banksia_core::calculator::TermDepositField;
    /// use banksia_core::term_deposit::TermDepositError;
    /// assert_eq!(TermDepositError::TermTooLong.field(), TermDepositField::TermMonths);
    /// ```
    pub const fn field(&self) -> TermDepositField {
        match self {
            Self::AmountNotPositive | Self::AmountTooLarge | Self::AmountNotInCents => {
                TermDepositField::Amount
            }
            Self::RateNegative | Self::RateTooHigh => TermDepositField::AnnualRatePercent,
            Self::TermTooShort | Self::TermTooLong => TermDepositField::TermMonths,
        }
    }

    /// The error as the calculator's messages per field: `{ field: [message] }`.
    ///
    /// ```
    /// use banksia_core::calculator::TermDepositField;
    /// use banksia_core::term_deposit::TermDepositError;
    /// let errors = TermDepositError::AmountNotPositive.to_field_errors();
    /// assert_eq!(errors[&TermDepositField::Amount], ["Enter a deposit amount greater than $0"]);
    /// ```
    pub fn to_field_errors(&self) -> FieldErrors<TermDepositField> {
        FieldErrors::from([(self.field(), vec![self.to_string()])])
    }
}

/// The smallest loan amount the calculators take: $1,000. Below it a repayment rounds to a few
/// cents or to $0, which tells a visitor nothing (the loan rules themselves take any amount
/// above $0, see [`LoanTerms::validate`]).
pub const MIN_CALCULATOR_PRINCIPAL: Decimal = Decimal::from_parts(1_000, 0, 0, false, 0);

/// Why an entry can't be read; the `Display` text is a short message for the person.
///
/// ```
/// use banksia_core::calculator::EntryError;
/// assert_eq!(EntryError::TermYearsNotWhole.to_string(), "Enter the loan term in whole years");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// No loan amount.
    #[error("Enter a loan amount")]
    PrincipalMissing,
    /// The loan amount isn't a dollar amount.
    #[error("Enter the loan amount in dollars, like 500,000")]
    PrincipalUnreadable,
    /// The loan amount is above $0 but below [`MIN_CALCULATOR_PRINCIPAL`].
    #[error("Enter a loan amount of at least $1,000")]
    PrincipalBelowCalculatorMinimum,
    /// No loan interest rate.
    #[error("Enter an interest rate")]
    LoanRateMissing,
    /// The loan interest rate isn't a number.
    #[error("Enter the interest rate as a number, like 6.45")]
    LoanRateUnreadable,
    /// No loan term.
    #[error("Enter a loan term")]
    TermYearsMissing,
    /// The loan term isn't a whole number of years.
    #[error("Enter the loan term in whole years")]
    TermYearsNotWhole,
    /// The interest-only period isn't a whole number of years.
    #[error("Enter the interest-only period in whole years")]
    InterestOnlyYearsNotWhole,
    /// The interest-only period is negative.
    #[error("Interest-only period can't be negative")]
    InterestOnlyYearsNegative,
    /// The extra repayment isn't a dollar amount.
    #[error("Enter the extra repayment in dollars, like 200")]
    ExtraRepaymentUnreadable,
    /// No deposit amount.
    #[error("Enter a deposit amount")]
    DepositMissing,
    /// The deposit amount isn't a dollar amount.
    #[error("Enter the deposit amount in dollars, like 50,000")]
    DepositUnreadable,
    /// No term deposit interest rate.
    #[error("Enter an interest rate")]
    DepositRateMissing,
    /// The term deposit interest rate isn't a number.
    #[error("Enter the interest rate as a number, like 4.50")]
    DepositRateUnreadable,
    /// No term.
    #[error("Choose a term")]
    TermMonthsMissing,
    /// The term isn't a whole number of months.
    #[error("Enter the term in whole months")]
    TermMonthsNotWhole,
    /// The term's minimum deposit isn't a dollar amount.
    #[error("The minimum deposit must be a dollar amount")]
    MinimumDepositUnreadable,
}

/// An amount: `missing` when blank (or zero when `missing` is `None`), `unreadable` when it
/// isn't a number.
fn read_amount(
    entry: &Entry,
    percent: bool,
    missing: Option<EntryError>,
    unreadable: EntryError,
) -> Result<Decimal, EntryError> {
    match read_number(entry, percent) {
        Ok(Some(amount)) => Ok(amount),
        Ok(None) => missing.map_or(Ok(Decimal::ZERO), Err),
        Err(Unreadable) => Err(unreadable),
    }
}

/// A whole number of years or months: `missing` when blank (zero when `None`), `not_whole`
/// when it isn't whole. Below zero is `negative` when given, otherwise zero, so the
/// calculation's own range rule reports it ("Loan term must be at least 1 year").
fn read_whole(
    entry: &Entry,
    missing: Option<EntryError>,
    not_whole: EntryError,
    negative: Option<EntryError>,
) -> Result<u32, EntryError> {
    match read_count(entry) {
        Count::Whole(count) => Ok(count),
        Count::Blank => missing.map_or(Ok(0), Err),
        Count::NotWhole => Err(not_whole),
        Count::Negative => negative.map_or(Ok(0), Err),
    }
}

/// What a person entered in the home loan calculator, as typed. Every field may be left out:
/// `frequency` then is monthly, `interest_only_years` and `extra_repayment` 0.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
#[serde(remote = "Self", default, deny_unknown_fields)]
pub struct LoanEntries {
    /// The amount borrowed, e.g. `"$500,000"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub principal: Entry,
    /// The annual interest rate in percent, e.g. `"6.45"` or `"6.45%"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub annual_rate_percent: Entry,
    /// The term in whole years, e.g. `"30"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub term_years: Entry,
    /// How often repayments are made: `"monthly"` (also when left out or `null`),
    /// `"fortnightly"` or `"weekly"`; any other value is refused with the whole input.
    pub frequency: Option<RepaymentFrequency>,
    /// Interest-only years at the start, e.g. `"5"` (default 0).
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub interest_only_years: Entry,
    /// An extra amount paid every period, e.g. `"200"` (default 0).
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub extra_repayment: Entry,
}

crate::reading::deserialize_object_only!(LoanEntries);

impl LoanEntries {
    /// The loan terms these entries describe, or a message for every entry that can't be read
    /// and every rule of [`LoanTerms::validate`] the others break, each under its field.
    ///
    /// ```
    /// use banksia_core::calculator::{LoanEntries, LoanField};
    /// use banksia_core::entries::Entry;
    ///
    /// let entries = LoanEntries {
    ///     principal: Entry::from(""),
    ///     annual_rate_percent: Entry::from("six"),
    ///     term_years: Entry::from("30.5"),
    ///     ..LoanEntries::default()
    /// };
    /// let errors = entries.to_terms().unwrap_err();
    /// assert_eq!(errors[&LoanField::Principal], ["Enter a loan amount"]);
    /// assert_eq!(errors[&LoanField::AnnualRatePercent], ["Enter the interest rate as a number, like 6.45"]);
    /// assert_eq!(errors[&LoanField::TermYears], ["Enter the loan term in whole years"]);
    ///
    /// let huge = LoanEntries { principal: Entry::from("1,000,000,000"), annual_rate_percent: Entry::from("6"), term_years: Entry::from("30"), ..entries };
    /// assert_eq!(huge.to_terms().unwrap_err()[&LoanField::Principal], ["Loan amount can't be more than $100,000,000"]);
    /// ```
    pub fn to_terms(&self) -> Result<LoanTerms, FieldErrors<LoanField>> {
        use EntryError::*;
        let mut problems = Problems::new();
        let principal = problems.check(
            LoanField::Principal,
            read_amount(
                &self.principal,
                false,
                Some(PrincipalMissing),
                PrincipalUnreadable,
            )
            .and_then(|principal| {
                if principal > Decimal::ZERO && principal < MIN_CALCULATOR_PRINCIPAL {
                    Err(PrincipalBelowCalculatorMinimum)
                } else {
                    Ok(principal)
                }
            }),
        );
        let rate = problems.check(
            LoanField::AnnualRatePercent,
            read_amount(
                &self.annual_rate_percent,
                true,
                Some(LoanRateMissing),
                LoanRateUnreadable,
            ),
        );
        let term_years = problems.check(
            LoanField::TermYears,
            read_whole(
                &self.term_years,
                Some(TermYearsMissing),
                TermYearsNotWhole,
                None,
            ),
        );
        let interest_only_years = problems.check(
            LoanField::InterestOnlyYears,
            read_whole(
                &self.interest_only_years,
                None,
                InterestOnlyYearsNotWhole,
                Some(InterestOnlyYearsNegative),
            ),
        );
        let extra = problems.check(
            LoanField::ExtraRepayment,
            read_amount(&self.extra_repayment, false, None, ExtraRepaymentUnreadable),
        );
        // What can't be read stands in as the most permissive figure, so the rest is checked.
        let mut terms = LoanTerms {
            principal: principal.unwrap_or(loan::MAX_PRINCIPAL),
            annual_rate_percent: rate.unwrap_or(Decimal::ZERO),
            term_years: term_years.unwrap_or(loan::MAX_TERM_YEARS),
            frequency: self.frequency.unwrap_or_default(),
            interest_only_years: interest_only_years.unwrap_or(0),
            extra_repayment: extra.unwrap_or(Decimal::ZERO),
        };
        problems.every_rule_broken(
            &mut terms,
            LoanTerms::validate,
            LoanError::field,
            |terms, field| match field {
                LoanField::Principal => terms.principal = loan::MAX_PRINCIPAL,
                LoanField::AnnualRatePercent => terms.annual_rate_percent = Decimal::ZERO,
                LoanField::TermYears => terms.term_years = loan::MAX_TERM_YEARS,
                LoanField::InterestOnlyYears => terms.interest_only_years = 0,
                LoanField::ExtraRepayment => terms.extra_repayment = Decimal::ZERO,
                LoanField::Frequency | LoanField::Input => {}
            },
        );
        problems.finish(Some(terms))
    }
}

/// The principal-and-interest repayment for the entries, shown in whole dollars.
///
/// ```
/// use banksia_core::calculator::{loan_repayment, LoanEntries};
/// use banksia_core::entries::Entry;
///
/// let entries = LoanEntries {
///     principal: Entry::from("500000"),
///     annual_rate_percent: Entry::from("6.45"),
///     term_years: Entry::from("30"),
///     ..LoanEntries::default()
/// };
/// let money = loan_repayment(&entries).unwrap();
/// assert_eq!((money.amount.to_string().as_str(), money.display.as_str()), ("3143.92", "$3,144"));
/// ```
pub fn loan_repayment(entries: &LoanEntries) -> Result<Money, FieldErrors<LoanField>> {
    let terms = entries.to_terms()?;
    loan::repayment(&terms)
        .map(Money::whole_dollars)
        .map_err(|error| error.to_field_errors())
}

/// How long a loan runs, for a person: `"30 years"`, `"1 year 1 month"`, `"0 months"`.
///
/// ```
/// use banksia_core::calculator::duration_text;
/// use banksia_core::loan::PayoffTime;
///
/// assert_eq!(duration_text(PayoffTime { years: 30, months: 0 }), "30 years");
/// assert_eq!(duration_text(PayoffTime { years: 1, months: 1 }), "1 year 1 month");
/// assert_eq!(duration_text(PayoffTime { years: 0, months: 5 }), "5 months");
/// assert_eq!(duration_text(PayoffTime::default()), "0 months");
/// ```
pub fn duration_text(time: PayoffTime) -> String {
    let unit = |count: u32, one: &str, many: &str| {
        format!("{count} {}", if count == 1 { one } else { many })
    };
    match (time.years, time.months) {
        (0, months) => unit(months, "month", "months"),
        (years, 0) => unit(years, "year", "years"),
        (years, months) => format!(
            "{} {}",
            unit(years, "year", "years"),
            unit(months, "month", "months")
        ),
    }
}

/// A home loan worked out for the calculator (see [`loan_schedule_view`]). Money is shown in
/// whole dollars.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct LoanScheduleView {
    /// The amount borrowed.
    pub principal: Money,
    /// The annual rate in percent, as read (`"6.45"`).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
    /// The term in years.
    pub term_years: u32,
    /// How often repayments are made.
    pub frequency: RepaymentFrequency,
    /// `"Monthly"`, `"Fortnightly"` or `"Weekly"`.
    pub frequency_label: String,
    /// `"month"`, `"fortnight"` or `"week"`, for "per month".
    pub period_label: String,
    /// The principal-and-interest repayment each period, before any extra repayment.
    pub repayment: Money,
    /// The repayment during the interest-only years (the first one's interest), when there are
    /// any; before any extra repayment.
    pub interest_only_repayment: Option<Money>,
    /// How many years at the start are interest only (0 when none).
    pub interest_only_years: u32,
    /// The extra repayment added to every repayment, with its cents if any; `null` without one.
    pub extra_repayment: Option<Money>,
    /// What is paid each period once principal is being repaid: [`Self::repayment`] plus the
    /// extra repayment (the last may be smaller, see [`Self::final_payment`]).
    pub total_repayment: Money,
    /// What is paid each interest-only period: [`Self::interest_only_repayment`] plus the extra
    /// repayment; `null` without interest-only years.
    pub interest_only_total_repayment: Option<Money>,
    /// How many repayments are made.
    pub number_of_payments: u32,
    /// The last repayment, which clears the balance exactly.
    pub final_payment: Money,
    /// All interest paid.
    pub total_interest: Money,
    /// Everything repaid: the principal and all interest.
    pub total_repaid: Money,
    /// How long until the loan is repaid.
    pub payoff_time: PayoffTime,
    /// The same, for a person: `"25 years 3 months"`.
    pub payoff_time_display: String,
    /// What the extra repayment saves; `null` without one.
    pub savings: Option<SavingsView>,
    /// One entry per year of the loan, for a chart and a table.
    pub years: Vec<YearView>,
}

/// What an extra repayment saves, against the same loan without it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SavingsView {
    /// Interest the loan would cost without the extra repayment.
    pub interest_without_extra: Money,
    /// Interest no longer paid.
    pub interest_saved: Money,
    /// Repayments no longer needed.
    pub payments_saved: u32,
    /// How much sooner the loan is repaid.
    pub time_saved: PayoffTime,
    /// The same, for a person: `"4 years 2 months"`.
    pub time_saved_display: String,
}

/// One year of a loan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct YearView {
    /// 1 for the first year.
    pub year: u32,
    /// The balance at the start of the year.
    pub opening_balance: Money,
    /// Everything paid in the year.
    pub payments: Money,
    /// Principal repaid in the year.
    pub principal: Money,
    /// Interest paid in the year.
    pub interest: Money,
    /// The balance at the end of the year.
    pub closing_balance: Money,
}

/// The whole loan for the entries: repayment, totals, payoff time, savings and a summary per
/// year (see [`loan::schedule`] for the rules).
///
/// ```
/// use banksia_core::calculator::{loan_schedule_view, LoanEntries};
/// use banksia_core::entries::Entry;
/// use banksia_core::loan::RepaymentFrequency;
///
/// let entries = LoanEntries {
///     principal: Entry::from("500,000"),
///     annual_rate_percent: Entry::from("6.45"),
///     term_years: Entry::from("30"),
///     frequency: Some(RepaymentFrequency::Fortnightly),
///     extra_repayment: Entry::from("$100"),
///     ..LoanEntries::default()
/// };
/// let view = loan_schedule_view(&entries).unwrap();
/// assert_eq!(view.frequency_label, "Fortnightly");
/// assert_eq!(view.repayment.display, "$1,450");
/// let savings = view.savings.unwrap();
/// assert!(savings.time_saved.years >= 3);
/// assert_eq!(view.years[0].opening_balance.display, "$500,000");
/// assert_eq!(view.years.last().unwrap().closing_balance.amount.to_string(), "0.00");
/// // $1,450 a fortnight plus the $100 extra.
/// assert_eq!(view.total_repayment.display, "$1,550");
///
/// // Five interest-only years: the interest alone, then principal and interest.
/// let interest_only = LoanEntries { interest_only_years: Entry::from("5"), ..entries };
/// let view = loan_schedule_view(&interest_only).unwrap();
/// assert_eq!(view.interest_only_years, 5);
/// assert_eq!(view.interest_only_repayment.unwrap().display, "$1,240");
/// assert_eq!(view.interest_only_total_repayment.unwrap().display, "$1,340");
/// assert_eq!(view.extra_repayment.unwrap().display, "$100");
/// ```
pub fn loan_schedule_view(
    entries: &LoanEntries,
) -> Result<LoanScheduleView, FieldErrors<LoanField>> {
    let terms = entries.to_terms()?;
    let plan = loan::schedule(&terms).map_err(|error| error.to_field_errors())?;
    let mut opening = terms.principal;
    let years = plan
        .yearly_summary()
        .into_iter()
        .map(|year| {
            let view = YearView {
                year: year.year,
                opening_balance: Money::whole_dollars(opening),
                payments: Money::whole_dollars(year.payments),
                principal: Money::whole_dollars(year.principal),
                interest: Money::whole_dollars(year.interest),
                closing_balance: Money::whole_dollars(year.closing_balance),
            };
            opening = year.closing_balance;
            view
        })
        .collect();
    let frequency = terms.frequency;
    let extra = terms.extra_repayment;
    Ok(LoanScheduleView {
        principal: Money::whole_dollars(terms.principal),
        annual_rate_percent: terms.annual_rate_percent,
        term_years: terms.term_years,
        frequency,
        frequency_label: frequency.label().to_string(),
        period_label: frequency.period().to_string(),
        repayment: Money::whole_dollars(plan.repayment),
        interest_only_repayment: plan.interest_only_repayment.map(Money::whole_dollars),
        interest_only_years: terms.interest_only_years,
        // As typed: `$25.50`, not rounded to `$26`.
        extra_repayment: (!extra.is_zero()).then(|| Money::cents_if_any(extra)),
        total_repayment: Money::whole_dollars(plan.repayment + extra),
        interest_only_total_repayment: plan
            .interest_only_repayment
            .map(|interest| Money::whole_dollars(interest + extra)),
        number_of_payments: plan.number_of_payments,
        final_payment: Money::whole_dollars(plan.final_payment),
        total_interest: Money::whole_dollars(plan.total_interest),
        total_repaid: Money::whole_dollars(plan.total_repaid),
        payoff_time: plan.payoff_time,
        payoff_time_display: duration_text(plan.payoff_time),
        savings: plan.savings.map(|savings| SavingsView {
            interest_without_extra: Money::whole_dollars(savings.interest_without_extra),
            interest_saved: Money::whole_dollars(savings.interest_saved),
            payments_saved: savings.payments_saved,
            time_saved: savings.time_saved,
            time_saved_display: duration_text(savings.time_saved),
        }),
        years,
    })
}

/// What a person entered in the term deposit calculator, as typed. `frequency` defaults to at
/// maturity; `minimum_deposit` (the chosen term's, from the rate table) is optional and only
/// adds a warning when the amount is below it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
#[serde(remote = "Self", default, deny_unknown_fields)]
pub struct TermDepositEntries {
    /// The amount deposited, e.g. `"$50,000"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub amount: Entry,
    /// The annual rate in percent, e.g. `"4.50"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub annual_rate_percent: Entry,
    /// The term in whole months, e.g. `"24"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub term_months: Entry,
    /// How often interest is paid: `"monthly"`, `"quarterly"`, `"bi_annually"`, `"annually"`
    /// or `"at_maturity"` (also when left out or `null`); any other value is refused with the
    /// whole input.
    pub frequency: Option<InterestFrequency>,
    /// The term's minimum deposit, e.g. `"5000"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub minimum_deposit: Entry,
}

crate::reading::deserialize_object_only!(TermDepositEntries);

impl TermDepositEntries {
    /// The term deposit these entries describe and the term's minimum deposit (zero when not
    /// given), or a message for every entry that can't be read, every rule the others break
    /// and an interest payment option the term doesn't offer, each under its field.
    ///
    /// ```
    /// use banksia_core::calculator::{TermDepositEntries, TermDepositField};
    /// use banksia_core::entries::Entry;
    ///
    /// let entries = TermDepositEntries {
    ///     amount: Entry::from("0"),
    ///     annual_rate_percent: Entry::from("4.5"),
    ///     term_months: Entry::from("6 months"),
    ///     ..TermDepositEntries::default()
    /// };
    /// let errors = entries.to_terms().unwrap_err();
    /// assert_eq!(errors[&TermDepositField::Amount], ["Enter a deposit amount greater than $0"]);
    /// assert_eq!(errors[&TermDepositField::TermMonths], ["Enter the term in whole months"]);
    /// ```
    pub fn to_terms(&self) -> Result<(TermDepositTerms, Decimal), FieldErrors<TermDepositField>> {
        use EntryError::*;
        let mut problems = Problems::new();
        let amount = problems.check(
            TermDepositField::Amount,
            read_amount(&self.amount, false, Some(DepositMissing), DepositUnreadable),
        );
        let rate = problems.check(
            TermDepositField::AnnualRatePercent,
            read_amount(
                &self.annual_rate_percent,
                true,
                Some(DepositRateMissing),
                DepositRateUnreadable,
            ),
        );
        let term_months = problems.check(
            TermDepositField::TermMonths,
            read_whole(
                &self.term_months,
                Some(TermMonthsMissing),
                TermMonthsNotWhole,
                None,
            ),
        );
        let minimum = problems.check(
            TermDepositField::MinimumDeposit,
            read_amount(&self.minimum_deposit, false, None, MinimumDepositUnreadable),
        );
        // What can't be read stands in as a figure every rule accepts, so the rest is checked.
        let mut terms = TermDepositTerms {
            amount: amount.unwrap_or(Decimal::ONE),
            annual_rate_percent: rate.unwrap_or(Decimal::ZERO),
            term_months: term_months.unwrap_or(12),
            frequency: self.frequency.unwrap_or_default(),
        };
        problems.every_rule_broken(
            &mut terms,
            |terms| terms.calculate().map(|_| ()),
            TermDepositError::field,
            |terms, field| match field {
                TermDepositField::Amount => terms.amount = Decimal::ONE,
                TermDepositField::AnnualRatePercent => terms.annual_rate_percent = Decimal::ZERO,
                TermDepositField::TermMonths => terms.term_months = 12,
                TermDepositField::Frequency
                | TermDepositField::MinimumDeposit
                | TermDepositField::Input => {}
            },
        );
        // An option the term doesn't offer, once the term itself is one core accepts.
        if let Some(months @ 1..=MAX_TERM_MONTHS) = term_months
            && let Err(not_offered) = terms.frequency.check_offered_for(months)
        {
            problems.note(TermDepositField::Frequency, not_offered);
        }
        let read = (|| Some((amount?, rate?, term_months?, minimum?)))();
        let (amount, rate, term_months, minimum) = problems.finish(read)?;
        let terms = TermDepositTerms {
            amount,
            annual_rate_percent: rate,
            term_months,
            frequency: terms.frequency,
        };
        Ok((terms, minimum))
    }
}

/// A term deposit worked out for the calculator (see [`term_deposit_view`]). Money shows
/// cents when there are any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct TermDepositView {
    /// The amount deposited.
    pub amount: Money,
    /// The annual rate in percent, as read (`"4.50"`).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
    /// The term in months.
    pub term_months: u32,
    /// How often interest is paid.
    pub frequency: InterestFrequency,
    /// `"Monthly"`, …, `"At maturity"`.
    pub frequency_label: String,
    /// How many interest payments are made.
    pub number_of_payments: u32,
    /// The regular interest payment (the first; the only one at maturity).
    pub interest_per_payment: Money,
    /// Every interest payment, in order.
    pub payments: Vec<InterestPaymentView>,
    /// All interest over the term.
    pub total_interest: Money,
    /// The amount plus all interest.
    pub maturity_value: Money,
    /// The same deposit with each payment's interest reinvested instead of paid out.
    pub reinvested: ReinvestedView,
    /// Set when the amount is below the term's minimum deposit.
    pub minimum_deposit_warning: Option<String>,
}

/// One interest payment of a term deposit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct InterestPaymentView {
    /// 1 for the first payment.
    pub number: u32,
    /// The month of the term at whose end it is paid.
    pub month: u32,
    /// The interest paid.
    pub amount: Money,
}

/// A term deposit with interest reinvested (compounding).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ReinvestedView {
    /// How many times interest is added.
    pub number_of_periods: u32,
    /// All interest over the term.
    pub total_interest: Money,
    /// The amount plus all interest.
    pub maturity_value: Money,
    /// The effective annual rate in percent (`"4.59"`), when the term allows one.
    #[cfg_attr(feature = "typescript", ts(type = "string | null"))]
    pub effective_annual_rate_percent: Option<Decimal>,
}

/// Interest on a term deposit for the entries: paid out (each payment, total, maturity value)
/// and reinvested, with a warning below the minimum deposit (see [`crate::term_deposit`] for
/// the rules). An interest payment option the term doesn't offer is refused under
/// `frequency`, saying which it does offer.
///
/// ```
/// use banksia_core::calculator::{term_deposit_view, TermDepositEntries, TermDepositField};
/// use banksia_core::entries::Entry;
/// use banksia_core::term_deposit::InterestFrequency;
///
/// // The spec's static example.
/// let entries = TermDepositEntries {
///     amount: Entry::from("$50,000"),
///     annual_rate_percent: Entry::from("4.50"),
///     term_months: Entry::from("24"),
///     frequency: Some(InterestFrequency::Monthly),
///     minimum_deposit: Entry::from("5000"),
/// };
/// let view = term_deposit_view(&entries).unwrap();
/// assert_eq!(view.total_interest.display, "$4,500");
/// assert_eq!(view.maturity_value.display, "$54,500");
/// assert_eq!(view.interest_per_payment.display, "$187.50");
/// assert_eq!(view.minimum_deposit_warning, None);
///
/// let small = TermDepositEntries { amount: Entry::from("1000"), ..entries.clone() };
/// assert_eq!(
///     term_deposit_view(&small).unwrap().minimum_deposit_warning.as_deref(),
///     Some("The minimum deposit for this term is $5,000")
/// );
///
/// let short = TermDepositEntries {
///     term_months: Entry::from("6"),
///     frequency: Some(InterestFrequency::Quarterly),
///     ..entries
/// };
/// assert_eq!(
///     term_deposit_view(&short).unwrap_err()[&TermDepositField::Frequency],
///     ["Terms under 12 months pay interest monthly or at maturity"]
/// );
/// ```
pub fn term_deposit_view(
    entries: &TermDepositEntries,
) -> Result<TermDepositView, FieldErrors<TermDepositField>> {
    let (terms, minimum) = entries.to_terms()?;
    let TermDepositTerms {
        amount,
        annual_rate_percent: rate,
        term_months,
        frequency,
    } = terms;
    let to_errors = |error: TermDepositError| error.to_field_errors();
    let paid = term_deposit_interest(amount, rate, term_months, frequency).map_err(to_errors)?;
    let reinvested =
        term_deposit_reinvested(amount, rate, term_months, frequency).map_err(to_errors)?;
    Ok(TermDepositView {
        amount: Money::cents_if_any(amount),
        annual_rate_percent: rate,
        term_months,
        frequency,
        frequency_label: frequency.label().to_string(),
        number_of_payments: paid.number_of_payments,
        interest_per_payment: Money::cents_if_any(paid.interest_per_payment),
        payments: paid
            .payments
            .iter()
            .map(|payment| InterestPaymentView {
                number: payment.number,
                month: payment.month,
                amount: Money::cents_if_any(payment.amount),
            })
            .collect(),
        total_interest: Money::cents_if_any(paid.total_interest),
        maturity_value: Money::cents_if_any(paid.maturity_value),
        reinvested: ReinvestedView {
            number_of_periods: reinvested.number_of_periods,
            total_interest: Money::cents_if_any(reinvested.total_interest),
            maturity_value: Money::cents_if_any(reinvested.maturity_value),
            effective_annual_rate_percent: reinvested.effective_annual_rate_percent,
        },
        minimum_deposit_warning: (amount < minimum).then(|| {
            format!(
                "The minimum deposit for this term is {}",
                Money::cents_if_any(minimum).display
            )
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_calculations_errors_name_the_calculators_fields() {
        assert_eq!(
            LoanError::PrincipalNotPositive.field(),
            LoanField::Principal
        );
        assert_eq!(LoanError::TermTooShort.field(), LoanField::TermYears);
        assert_eq!(
            LoanError::InterestOnlyTooLong.field(),
            LoanField::InterestOnlyYears
        );
        assert_eq!(
            LoanError::ExtraRepaymentNegative.field(),
            LoanField::ExtraRepayment
        );
        assert_eq!(
            TermDepositError::RateTooHigh.field(),
            TermDepositField::AnnualRatePercent
        );
    }
    use rust_decimal_macros::dec;

    fn loan(principal: &str, rate: &str, years: &str) -> LoanEntries {
        LoanEntries {
            principal: principal.into(),
            annual_rate_percent: rate.into(),
            term_years: years.into(),
            ..LoanEntries::default()
        }
    }

    /// Each field's JSON name and messages, sorted by name.
    fn errors<F: Serialize + Ord>(
        result: Result<impl std::fmt::Debug, FieldErrors<F>>,
    ) -> Vec<(String, String)> {
        let mut errors: Vec<_> = result
            .unwrap_err()
            .into_iter()
            .map(|(field, messages)| {
                let name = serde_json::to_value(field).unwrap();
                (name.as_str().unwrap().to_owned(), messages.join("|"))
            })
            .collect();
        errors.sort();
        errors
    }

    fn pair(field: &str, message: &str) -> (String, String) {
        (field.to_string(), message.to_string())
    }

    #[test]
    fn typed_entries_read_like_the_terms() {
        let view = loan_schedule_view(&loan(" $500,000 ", "6.45 %", " 30 ")).unwrap();
        assert_eq!(view.repayment.amount, dec!(3143.92));
        assert_eq!(view.principal.amount.to_string(), "500000.00");
        assert_eq!(view.payoff_time_display, "30 years");
        assert_eq!(view.period_label, "month");
        let numbers = LoanEntries {
            principal: Entry::from(dec!(150000)),
            annual_rate_percent: Entry::from(dec!(6.45)),
            term_years: Entry::from(dec!(25)),
            ..LoanEntries::default()
        };
        assert_eq!(loan_repayment(&numbers).unwrap().amount, dec!(1008.13));
    }

    #[test]
    fn every_unreadable_entry_is_reported_at_once() {
        let entries = LoanEntries {
            principal: "abc".into(),
            annual_rate_percent: "  ".into(),
            term_years: Entry::Blank,
            frequency: None,
            interest_only_years: "1.5".into(),
            extra_repayment: "lots".into(),
        };
        assert_eq!(
            errors(loan_schedule_view(&entries)),
            vec![
                pair("annual_rate_percent", "Enter an interest rate"),
                pair(
                    "extra_repayment",
                    "Enter the extra repayment in dollars, like 200"
                ),
                pair(
                    "interest_only_years",
                    "Enter the interest-only period in whole years"
                ),
                pair(
                    "principal",
                    "Enter the loan amount in dollars, like 500,000"
                ),
                pair("term_years", "Enter a loan term"),
            ]
        );
    }

    #[test]
    fn zero_negative_and_huge_get_the_calculations_messages() {
        let cases = [
            (
                loan("0", "6", "30"),
                pair("principal", "Enter a loan amount greater than $0"),
            ),
            (
                loan("-$5", "6", "30"),
                pair("principal", "Enter a loan amount greater than $0"),
            ),
            (
                loan("1e9", "6", "30"),
                pair(
                    "principal",
                    "Enter the loan amount in dollars, like 500,000",
                ),
            ),
            (
                loan("9".repeat(40).as_str(), "6", "30"),
                pair(
                    "principal",
                    "Enter the loan amount in dollars, like 500,000",
                ),
            ),
            (
                loan("500000", "31", "30"),
                pair(
                    "annual_rate_percent",
                    "Interest rate can't be more than 30% p.a.",
                ),
            ),
            (
                loan("500000", "6", "0"),
                pair("term_years", "Loan term must be at least 1 year"),
            ),
            (
                loan("500000", "6", "-3"),
                pair("term_years", "Loan term must be at least 1 year"),
            ),
            (
                loan("500000", "6", "99999999999999"),
                pair("term_years", "Loan term can't be more than 40 years"),
            ),
        ];
        for (entries, expected) in cases {
            assert_eq!(errors(loan_repayment(&entries)), vec![expected.clone()]);
            assert_eq!(errors(loan_schedule_view(&entries)), vec![expected]);
        }
        let negative_interest_only = LoanEntries {
            interest_only_years: "-1".into(),
            ..loan("500000", "6", "30")
        };
        assert_eq!(
            errors(loan_schedule_view(&negative_interest_only)),
            vec![pair(
                "interest_only_years",
                "Interest-only period can't be negative"
            )]
        );
    }

    #[test]
    fn every_field_gets_its_message_at_once() {
        // An unreadable amount and a term out of range: both are reported.
        assert_eq!(
            errors(loan_schedule_view(&loan("abc", "6", "100"))),
            vec![
                pair(
                    "principal",
                    "Enter the loan amount in dollars, like 500,000"
                ),
                pair("term_years", "Loan term can't be more than 40 years"),
            ]
        );
        // Every range problem too, each under its own field.
        let entries = LoanEntries {
            interest_only_years: "12".into(),
            extra_repayment: "0.001".into(),
            ..loan("0", "31", "0")
        };
        assert_eq!(
            errors(loan_repayment(&entries)),
            vec![
                pair(
                    "annual_rate_percent",
                    "Interest rate can't be more than 30% p.a."
                ),
                pair(
                    "extra_repayment",
                    "Extra repayment can't have more than 2 decimal places"
                ),
                pair(
                    "interest_only_years",
                    "Interest-only period can't be more than 10 years"
                ),
                pair("principal", "Enter a loan amount greater than $0"),
                pair("term_years", "Loan term must be at least 1 year"),
            ]
        );
        let deposit = TermDepositEntries {
            amount: "abc".into(),
            annual_rate_percent: "31".into(),
            term_months: "200".into(),
            ..TermDepositEntries::default()
        };
        assert_eq!(
            errors(term_deposit_view(&deposit)),
            vec![
                pair("amount", "Enter the deposit amount in dollars, like 50,000"),
                pair(
                    "annual_rate_percent",
                    "Interest rate can't be more than 30% p.a."
                ),
                pair("term_months", "Term can't be more than 120 months"),
            ]
        );
    }

    #[test]
    fn json_numbers_are_read_as_written_never_rounded() {
        for json in [
            r#"{"principal": 50000.000000000000000000000000001, "annual_rate_percent": 6, "term_years": 30}"#,
            r#"{"principal": 1e5, "annual_rate_percent": 6, "term_years": 30}"#,
            r#"{"principal": "1_000", "annual_rate_percent": 6, "term_years": 30}"#,
        ] {
            let entries: LoanEntries = serde_json::from_str(json).unwrap();
            assert_eq!(
                errors(loan_repayment(&entries)),
                vec![pair(
                    "principal",
                    "Enter the loan amount in dollars, like 500,000"
                )],
                "{json}"
            );
        }
        let exact: LoanEntries = serde_json::from_str(
            r#"{"principal": 72596.33, "annual_rate_percent": 6.2, "term_years": 30}"#,
        )
        .unwrap();
        assert_eq!(loan_repayment(&exact).unwrap().amount, dec!(444.64));
    }

    #[test]
    fn schedule_view_matches_the_schedule() {
        let entries = LoanEntries {
            interest_only_years: "2".into(),
            extra_repayment: "250".into(),
            frequency: Some(RepaymentFrequency::Weekly),
            ..loan("400000", "6.2", "25")
        };
        let view = loan_schedule_view(&entries).unwrap();
        let plan = loan::schedule(&entries.to_terms().unwrap()).unwrap();
        assert_eq!(view.repayment.amount, plan.repayment);
        assert_eq!(
            view.interest_only_repayment.map(|m| m.amount),
            plan.interest_only_repayment
        );
        assert_eq!(view.total_interest.amount, plan.total_interest);
        assert_eq!(view.number_of_payments, plan.number_of_payments);
        // Each period's total is what the schedule pays: the scheduled repayment plus $250.
        assert_eq!(view.interest_only_years, 2);
        assert_eq!(
            view.extra_repayment.as_ref().map(|m| m.amount),
            Some(dec!(250))
        );
        let first = &plan.periods[0];
        assert!(first.interest_only);
        assert_eq!(
            view.interest_only_total_repayment.map(|m| m.amount),
            Some(first.payment)
        );
        let after = &plan.periods[2 * 52];
        assert!(!after.interest_only);
        assert_eq!(view.total_repayment.amount, after.payment);
        let plain = loan_schedule_view(&loan("400000", "6.2", "25")).unwrap();
        assert_eq!(
            (
                plain.interest_only_years,
                plain.extra_repayment,
                plain.interest_only_total_repayment
            ),
            (0, None, None)
        );
        assert_eq!(plain.total_repayment, plain.repayment);
        let years = plan.yearly_summary();
        assert_eq!(view.years.len(), years.len());
        for (index, year) in view.years.iter().enumerate() {
            let opening = if index == 0 {
                dec!(400000)
            } else {
                years[index - 1].closing_balance
            };
            assert_eq!(year.opening_balance.amount, opening);
            assert_eq!(
                year.opening_balance.amount - year.principal.amount,
                year.closing_balance.amount
            );
        }
        let savings = view.savings.unwrap();
        // $250 a week on top repays the 25-year loan 11 years 6 months sooner.
        assert_eq!(
            (savings.time_saved, savings.time_saved_display.as_str()),
            (
                PayoffTime {
                    years: 11,
                    months: 6
                },
                "11 years 6 months"
            )
        );
    }

    #[test]
    fn term_deposit_entries() {
        let entries = TermDepositEntries {
            amount: "10000".into(),
            annual_rate_percent: "4".into(),
            term_months: "18".into(),
            frequency: Some(InterestFrequency::Annually),
            minimum_deposit: Entry::Blank,
        };
        let view = term_deposit_view(&entries).unwrap();
        assert_eq!(view.frequency_label, "Annually");
        assert_eq!(view.payments.len(), 2);
        assert_eq!(view.payments[1].amount.display, "$200");
        assert_eq!(view.reinvested.number_of_periods, 2);
        assert!(view.reinvested.total_interest.amount >= view.total_interest.amount);
        let blank_frequency = TermDepositEntries {
            frequency: None,
            ..entries.clone()
        };
        assert_eq!(
            term_deposit_view(&blank_frequency).unwrap().frequency,
            InterestFrequency::AtMaturity
        );
        let bad = TermDepositEntries {
            amount: "".into(),
            annual_rate_percent: "x".into(),
            term_months: "2.5".into(),
            frequency: None,
            minimum_deposit: "n/a".into(),
        };
        assert_eq!(
            errors(term_deposit_view(&bad)),
            vec![
                pair(
                    "annual_rate_percent",
                    "Enter the interest rate as a number, like 4.50"
                ),
                pair("amount", "Enter a deposit amount"),
                pair(
                    "minimum_deposit",
                    "The minimum deposit must be a dollar amount"
                ),
                pair("term_months", "Enter the term in whole months"),
            ]
            .into_iter()
            .collect::<std::collections::BTreeMap<_, _>>()
            .into_iter()
            .collect::<Vec<_>>()
        );
        let too_long = TermDepositEntries {
            term_months: "121".into(),
            ..entries
        };
        assert_eq!(
            errors(term_deposit_view(&too_long)),
            vec![pair("term_months", "Term can't be more than 120 months")]
        );
    }

    #[test]
    fn entries_from_json() {
        let entries: LoanEntries = serde_json::from_str(
            r#"{"principal": 500000, "annual_rate_percent": 6.45, "term_years": "30", "frequency": null}"#,
        )
        .unwrap();
        assert_eq!(loan_repayment(&entries).unwrap().amount, dec!(3143.92));
        assert!(serde_json::from_str::<LoanEntries>(r#"{"rate": 1}"#).is_err());
        assert!(
            serde_json::from_str::<LoanEntries>(r#"{"principal": 1, "principal": 2}"#).is_err()
        );
        assert!(serde_json::from_str::<LoanEntries>("[1]").is_err());
        assert!(serde_json::from_str::<LoanEntries>(r#"{"principal": [1]}"#).is_err());
        let empty: TermDepositEntries = serde_json::from_str("{}").unwrap();
        assert_eq!(empty, TermDepositEntries::default());
        let outcome: crate::entries::Outcome<Money, LoanField> = loan_repayment(&entries).into();
        assert_eq!(
            serde_json::to_value(outcome).unwrap(),
            serde_json::json!({"ok": true, "value": {"amount": "3143.92", "display": "$3,144"}})
        );
    }
}
