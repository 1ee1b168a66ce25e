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
//! # Reading entries
//!
//! * An [`Entry`] is text as typed (`"$500,000"`), a number, or nothing. Text is trimmed;
//!   amounts accept `$`, `A$`, `AUD` and comma thousands separators (see
//!   [`parse_amount`]); a rate may end in `%`; years and months must be whole numbers.
//! * Every entry that can't be read is reported at once, each under its field with a short
//!   message ([`EntryError`]). When all can be read, the calculation checks the figures and
//!   reports the first problem in field order ([`LoanError`](crate::loan::LoanError),
//!   [`TermDepositError`]), so zero, negative and huge figures get the calculation's own
//!   messages.
//! * Nothing is ever NaN or infinite: a number that isn't finite is refused like any other
//!   unreadable entry, and every figure is a [`Decimal`].
//!
//! # Figures
//!
//! Each is a [`Money`]: `amount` is exact (`"3143.92"`), `display` is what a person reads. Loan
//! figures are shown in whole dollars (`"$3,144"`: the spec's estimate); term deposit figures
//! show cents when there are any (`"$187.50"`, `"$4,500"`).
//!
//! ```
//! use banksia_core::calculator::{loan_schedule_view, Entry, LoanEntries};
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
//! assert_eq!(errors["principal"], ["Enter the loan amount in dollars, like 500,000"]);
//! ```

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::de::{self, IntoDeserializer};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::loan::{self, LoanTerms, PayoffTime, RepaymentFrequency};
use crate::money::{AmountInput, AmountParseError, format_aud, parse_amount, round_to_cents};
use crate::term_deposit::{
    InterestFrequency, MAX_TERM_MONTHS, TermDepositError, term_deposit_interest,
    term_deposit_reinvested,
};

/// Messages per input field: `{ "principal": ["Enter a loan amount"] }`.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

/// A result as it crosses to a page: `{ "ok": true, "value": ... }` or
/// `{ "ok": false, "errors": { field: [messages] } }`.
///
/// ```
/// use banksia_core::calculator::{FieldErrors, Outcome};
///
/// let ok: Outcome<u32> = Ok(7).into();
/// assert_eq!(serde_json::to_string(&ok).unwrap(), r#"{"ok":true,"value":7}"#);
/// let failed: Outcome<u32> = Err(FieldErrors::from([("term_years".into(), vec!["Enter a loan term".into()])])).into();
/// assert_eq!(
///     serde_json::to_string(&failed).unwrap(),
///     r#"{"ok":false,"errors":{"term_years":["Enter a loan term"]}}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum Outcome<T> {
    /// The calculation's result.
    Value {
        /// Always `true`.
        #[cfg_attr(feature = "typescript", ts(type = "true"))]
        ok: bool,
        /// The result.
        value: T,
    },
    /// Why there is no result.
    Errors {
        /// Always `false`.
        #[cfg_attr(feature = "typescript", ts(type = "false"))]
        ok: bool,
        /// Messages per input field.
        errors: FieldErrors,
    },
}

impl<T> From<Result<T, FieldErrors>> for Outcome<T> {
    fn from(result: Result<T, FieldErrors>) -> Self {
        match result {
            Ok(value) => Outcome::Value { ok: true, value },
            Err(errors) => Outcome::Errors { ok: false, errors },
        }
    }
}

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

/// One entry of a calculator as typed: text (`"$500,000"`, `"6.45%"`), a number, or nothing
/// (`null` or left out). In JSON it is a string, a number (kept exactly as written) or `null`;
/// it is read by [`AmountInput`]'s `Deserialize`, the one lenient reader of every figure.
///
/// ```
/// use banksia_core::calculator::Entry;
///
/// let typed: Entry = serde_json::from_str(r#"" $1,250.50 ""#).unwrap();
/// assert_eq!(typed, Entry::from(" $1,250.50 "));
/// let number: Entry = serde_json::from_str("6.45").unwrap();
/// assert_eq!(number, Entry::Number("6.45".into()));
/// assert_eq!(serde_json::from_str::<Entry>("null").unwrap(), Entry::Blank);
/// assert!(serde_json::from_str::<Entry>("[1]").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(type = "string | number | null")
)]
pub enum Entry {
    /// Nothing was entered.
    #[default]
    Blank,
    /// Text as typed.
    Text(String),
    /// A JSON number, exactly as written (`"6.45"`).
    Number(String),
}

impl From<&str> for Entry {
    fn from(text: &str) -> Self {
        Entry::Text(text.to_string())
    }
}

impl From<Decimal> for Entry {
    fn from(number: Decimal) -> Self {
        Entry::Number(number.to_string())
    }
}

impl Serialize for Entry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Entry::Blank => serializer.serialize_none(),
            Entry::Text(text) | Entry::Number(text) => serializer.serialize_str(text),
        }
    }
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match Option::<AmountInput>::deserialize(deserializer)? {
            None => Entry::Blank,
            Some(AmountInput::Text(text)) => Entry::Text(text),
            Some(AmountInput::Number(digits)) => Entry::Number(digits),
        })
    }
}

/// Why an entry can't be read. [`EntryError::field`] names the entry; the `Display` text is a
/// short message for the person.
///
/// ```
/// use banksia_core::calculator::EntryError;
/// assert_eq!(EntryError::TermYearsNotWhole.field(), "term_years");
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
    /// The repayment frequency isn't one of the options.
    #[error("Choose monthly, fortnightly or weekly repayments")]
    RepaymentFrequencyUnknown,
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
    /// The interest frequency isn't one of the options.
    #[error("Choose how often interest is paid")]
    InterestFrequencyUnknown,
    /// The term's minimum deposit isn't a dollar amount.
    #[error("The minimum deposit must be a dollar amount")]
    MinimumDepositUnreadable,
}

impl EntryError {
    /// The entry at fault, as its JSON name.
    pub const fn field(&self) -> &'static str {
        match self {
            Self::PrincipalMissing | Self::PrincipalUnreadable => "principal",
            Self::LoanRateMissing
            | Self::LoanRateUnreadable
            | Self::DepositRateMissing
            | Self::DepositRateUnreadable => "annual_rate_percent",
            Self::TermYearsMissing | Self::TermYearsNotWhole => "term_years",
            Self::RepaymentFrequencyUnknown | Self::InterestFrequencyUnknown => "frequency",
            Self::InterestOnlyYearsNotWhole | Self::InterestOnlyYearsNegative => {
                "interest_only_years"
            }
            Self::ExtraRepaymentUnreadable => "extra_repayment",
            Self::DepositMissing | Self::DepositUnreadable => "amount",
            Self::TermMonthsMissing | Self::TermMonthsNotWhole => "term_months",
            Self::MinimumDepositUnreadable => "minimum_deposit",
        }
    }
}

/// Collects entry errors, one message per field.
#[derive(Default)]
struct Problems(FieldErrors);

impl Problems {
    /// The value, or `None` after noting the error under its field.
    fn check<T>(&mut self, read: Result<T, EntryError>) -> Option<T> {
        match read {
            Ok(value) => Some(value),
            Err(error) => {
                self.0
                    .entry(error.field().to_string())
                    .or_insert_with(|| vec![error.to_string()]);
                None
            }
        }
    }

    /// Notes a message under `field`, unless the field already has one.
    fn note(&mut self, field: &str, message: String) {
        self.0
            .entry(field.to_string())
            .or_insert_with(|| vec![message]);
    }

    fn finish<T>(self, value: Option<T>) -> Result<T, FieldErrors> {
        match value {
            Some(value) if self.0.is_empty() => Ok(value),
            _ => Err(self.0),
        }
    }
}

/// Why an entry's text wasn't a number.
enum Unread {
    Blank,
    Unreadable,
}

/// A decimal from an entry; `%` at the end is allowed when `percent`.
fn read_decimal(entry: &Entry, percent: bool) -> Result<Decimal, Unread> {
    match entry {
        Entry::Blank => Err(Unread::Blank),
        Entry::Number(digits) => parse_amount(digits).map_err(|_| Unread::Unreadable),
        Entry::Text(text) => {
            let mut text = text.trim();
            if percent {
                text = text.strip_suffix('%').unwrap_or(text);
            }
            parse_amount(text).map_err(|error| match error {
                AmountParseError::Empty => Unread::Blank,
                AmountParseError::Invalid => Unread::Unreadable,
            })
        }
    }
}

/// An amount, with the errors to report when blank and when unreadable.
fn read_amount(
    entry: &Entry,
    percent: bool,
    blank: Option<EntryError>,
    unreadable: EntryError,
) -> Result<Decimal, EntryError> {
    match read_decimal(entry, percent) {
        Ok(amount) => Ok(amount),
        Err(Unread::Blank) => blank.map_or(Ok(Decimal::ZERO), Err),
        Err(Unread::Unreadable) => Err(unreadable),
    }
}

/// A whole number of years or months. Below zero is `negative` when given; otherwise it reads
/// as zero, and beyond `u32` as `u32::MAX`, so the calculation's own range check reports it
/// ("Loan term must be at least 1 year").
fn read_whole(
    entry: &Entry,
    blank: Option<EntryError>,
    not_whole: EntryError,
    negative: Option<EntryError>,
) -> Result<u32, EntryError> {
    let number = read_amount(entry, false, blank, not_whole)?;
    if !number.fract().is_zero() {
        return Err(not_whole);
    }
    if number.is_sign_negative() && !number.is_zero() {
        return negative.map_or(Ok(0), Err);
    }
    Ok(u32::try_from(number).unwrap_or(u32::MAX))
}

/// A choice by its serde name (`"monthly"`, `"at_maturity"`); blank gives the default.
fn read_choice<T: for<'de> Deserialize<'de> + Default>(
    entry: &Entry,
    unknown: EntryError,
) -> Result<T, EntryError> {
    match entry {
        Entry::Blank => Ok(T::default()),
        Entry::Text(text) if text.trim().is_empty() => Ok(T::default()),
        Entry::Text(text) => {
            let name: de::value::StrDeserializer<'_, UnknownChoice> =
                text.trim().into_deserializer();
            T::deserialize(name).map_err(|_| unknown)
        }
        Entry::Number(_) => Err(unknown),
    }
}

/// The only way reading a choice's name fails. It keeps no message (the entry's own is
/// shown), so serde's, which would be formatted for nothing, never is: that keeps the
/// formatting code out of the calculators' WASM module.
#[derive(Debug)]
struct UnknownChoice;

impl std::fmt::Display for UnknownChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not one of the choices")
    }
}

impl std::error::Error for UnknownChoice {}

impl de::Error for UnknownChoice {
    fn custom<T: std::fmt::Display>(_message: T) -> Self {
        UnknownChoice
    }

    fn invalid_type(_: de::Unexpected<'_>, _: &dyn de::Expected) -> Self {
        UnknownChoice
    }

    fn invalid_value(_: de::Unexpected<'_>, _: &dyn de::Expected) -> Self {
        UnknownChoice
    }

    fn unknown_variant(_: &str, _: &'static [&'static str]) -> Self {
        UnknownChoice
    }
}

/// What a person entered in the home loan calculator, as typed. Every field may be left out:
/// `frequency` then defaults to monthly, `interest_only_years` and `extra_repayment` to 0.
///
/// In JSON the field names are [`LoanTerms`]'s, so loan terms are valid entries too.
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
    /// `"monthly"` (the default), `"fortnightly"` or `"weekly"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub frequency: Entry,
    /// Interest-only years at the start, e.g. `"5"` (default 0).
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub interest_only_years: Entry,
    /// An extra amount paid every period, e.g. `"200"` (default 0).
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub extra_repayment: Entry,
}

crate::reading::deserialize_object_only!(LoanEntries);

impl LoanEntries {
    /// The loan terms these entries describe, or every entry that can't be read, then the
    /// first problem the terms have ([`LoanTerms::validate`]).
    ///
    /// ```
    /// use banksia_core::calculator::{Entry, LoanEntries};
    ///
    /// let entries = LoanEntries {
    ///     principal: Entry::from(""),
    ///     annual_rate_percent: Entry::from("six"),
    ///     term_years: Entry::from("30.5"),
    ///     ..LoanEntries::default()
    /// };
    /// let errors = entries.to_terms().unwrap_err();
    /// assert_eq!(errors["principal"], ["Enter a loan amount"]);
    /// assert_eq!(errors["annual_rate_percent"], ["Enter the interest rate as a number, like 6.45"]);
    /// assert_eq!(errors["term_years"], ["Enter the loan term in whole years"]);
    ///
    /// let huge = LoanEntries { principal: Entry::from("1,000,000,000"), annual_rate_percent: Entry::from("6"), term_years: Entry::from("30"), ..entries };
    /// assert_eq!(huge.to_terms().unwrap_err()["principal"], ["Loan amount can't be more than $100,000,000"]);
    /// ```
    pub fn to_terms(&self) -> Result<LoanTerms, FieldErrors> {
        use EntryError::*;
        let mut problems = Problems::default();
        let principal = problems.check(read_amount(
            &self.principal,
            false,
            Some(PrincipalMissing),
            PrincipalUnreadable,
        ));
        let rate = problems.check(read_amount(
            &self.annual_rate_percent,
            true,
            Some(LoanRateMissing),
            LoanRateUnreadable,
        ));
        let term_years = problems.check(read_whole(
            &self.term_years,
            Some(TermYearsMissing),
            TermYearsNotWhole,
            None,
        ));
        let frequency = problems.check(read_choice::<RepaymentFrequency>(
            &self.frequency,
            RepaymentFrequencyUnknown,
        ));
        let interest_only_years = problems.check(read_whole(
            &self.interest_only_years,
            None,
            InterestOnlyYearsNotWhole,
            Some(InterestOnlyYearsNegative),
        ));
        let extra = problems.check(read_amount(
            &self.extra_repayment,
            false,
            None,
            ExtraRepaymentUnreadable,
        ));
        // Every field gets its message at once: the figures that could be read are checked
        // with the most permissive stand-in for the others, and each problem's field is set
        // to its stand-in before looking again (the stand-ins pass every check).
        let mut terms = LoanTerms {
            principal: principal.unwrap_or(loan::MAX_PRINCIPAL),
            annual_rate_percent: rate.unwrap_or(Decimal::ZERO),
            term_years: term_years.unwrap_or(loan::MAX_TERM_YEARS),
            frequency: frequency.unwrap_or_default(),
            interest_only_years: interest_only_years.unwrap_or(0),
            extra_repayment: extra.unwrap_or(Decimal::ZERO),
        };
        for _ in 0..LOAN_FIELDS {
            let Err(error) = terms.validate() else { break };
            problems.note(error.field(), error.to_string());
            match error.field() {
                "principal" => terms.principal = loan::MAX_PRINCIPAL,
                "annual_rate_percent" => terms.annual_rate_percent = Decimal::ZERO,
                "term_years" => terms.term_years = loan::MAX_TERM_YEARS,
                "interest_only_years" => terms.interest_only_years = 0,
                _ => terms.extra_repayment = Decimal::ZERO,
            }
        }
        problems.finish(Some(terms))
    }
}

/// How many fields the loan entries have.
const LOAN_FIELDS: usize = 6;

/// The principal-and-interest repayment for the entries, shown in whole dollars.
///
/// ```
/// use banksia_core::calculator::{loan_repayment, Entry, LoanEntries};
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
pub fn loan_repayment(entries: &LoanEntries) -> Result<Money, FieldErrors> {
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
/// use banksia_core::calculator::{loan_schedule_view, Entry, LoanEntries};
///
/// let entries = LoanEntries {
///     principal: Entry::from("500,000"),
///     annual_rate_percent: Entry::from("6.45"),
///     term_years: Entry::from("30"),
///     frequency: Entry::from("fortnightly"),
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
pub fn loan_schedule_view(entries: &LoanEntries) -> Result<LoanScheduleView, FieldErrors> {
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
        period_label: match frequency {
            RepaymentFrequency::Monthly => "month",
            RepaymentFrequency::Fortnightly => "fortnight",
            RepaymentFrequency::Weekly => "week",
        }
        .to_string(),
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
///
/// In JSON the field names are [`TermDepositTerms`](crate::term_deposit::TermDepositTerms)'s,
/// so those terms are valid entries too.
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
    /// `"monthly"`, `"quarterly"`, `"bi_annually"`, `"annually"` or `"at_maturity"` (the
    /// default).
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub frequency: Entry,
    /// The term's minimum deposit, e.g. `"5000"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub minimum_deposit: Entry,
}

crate::reading::deserialize_object_only!(TermDepositEntries);

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
/// `frequency`, with the options it does offer.
///
/// ```
/// use banksia_core::calculator::{term_deposit_view, Entry, TermDepositEntries};
///
/// // The spec's static example.
/// let entries = TermDepositEntries {
///     amount: Entry::from("$50,000"),
///     annual_rate_percent: Entry::from("4.50"),
///     term_months: Entry::from("24"),
///     frequency: Entry::from("monthly"),
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
///     frequency: Entry::from("quarterly"),
///     ..entries
/// };
/// assert_eq!(
///     term_deposit_view(&short).unwrap_err()["frequency"],
///     ["Terms under 12 months pay interest monthly or at maturity"]
/// );
/// ```
pub fn term_deposit_view(entries: &TermDepositEntries) -> Result<TermDepositView, FieldErrors> {
    use EntryError::*;
    let mut problems = Problems::default();
    let amount = problems.check(read_amount(
        &entries.amount,
        false,
        Some(DepositMissing),
        DepositUnreadable,
    ));
    let rate = problems.check(read_amount(
        &entries.annual_rate_percent,
        true,
        Some(DepositRateMissing),
        DepositRateUnreadable,
    ));
    let term_months = problems.check(read_whole(
        &entries.term_months,
        Some(TermMonthsMissing),
        TermMonthsNotWhole,
        None,
    ));
    let frequency = problems.check(read_choice::<InterestFrequency>(
        &entries.frequency,
        InterestFrequencyUnknown,
    ));
    let minimum = problems.check(read_amount(
        &entries.minimum_deposit,
        false,
        None,
        MinimumDepositUnreadable,
    ));
    // As for loans: every field's problem at once, stand-ins for what can't be read.
    let (mut stand_in_amount, mut stand_in_rate, mut stand_in_months) = (
        amount.unwrap_or(Decimal::ONE),
        rate.unwrap_or(Decimal::ZERO),
        term_months.unwrap_or(12),
    );
    let frequency_or_default = frequency.unwrap_or_default();
    for _ in 0..3 {
        let checked = term_deposit_interest(
            stand_in_amount,
            stand_in_rate,
            stand_in_months,
            frequency_or_default,
        );
        let Err(error) = checked else { break };
        problems.note(error.field(), error.to_string());
        match error.field() {
            "amount" => stand_in_amount = Decimal::ONE,
            "annual_rate_percent" => stand_in_rate = Decimal::ZERO,
            _ => stand_in_months = 12,
        }
    }
    // An option the term doesn't offer, once the term itself is one core accepts.
    if let (Some(months @ 1..=MAX_TERM_MONTHS), Some(frequency)) = (term_months, frequency)
        && let Err(not_offered) = frequency.check_offered_for(months)
    {
        problems.note("frequency", not_offered.to_string());
    }
    let read = (|| Some((amount?, rate?, term_months?, frequency?, minimum?)))();
    let (amount, rate, term_months, frequency, minimum) = problems.finish(read)?;
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
    use rust_decimal_macros::dec;

    fn loan(principal: &str, rate: &str, years: &str) -> LoanEntries {
        LoanEntries {
            principal: principal.into(),
            annual_rate_percent: rate.into(),
            term_years: years.into(),
            ..LoanEntries::default()
        }
    }

    fn errors(result: Result<impl std::fmt::Debug, FieldErrors>) -> Vec<(String, String)> {
        result
            .unwrap_err()
            .into_iter()
            .map(|(field, messages)| (field, messages.join("|")))
            .collect()
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
            frequency: "yearly".into(),
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
                    "frequency",
                    "Choose monthly, fortnightly or weekly repayments"
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
            frequency: "weekly".into(),
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
            frequency: "annually".into(),
            minimum_deposit: Entry::Blank,
        };
        let view = term_deposit_view(&entries).unwrap();
        assert_eq!(view.frequency_label, "Annually");
        assert_eq!(view.payments.len(), 2);
        assert_eq!(view.payments[1].amount.display, "$200");
        assert_eq!(view.reinvested.number_of_periods, 2);
        assert!(view.reinvested.total_interest.amount >= view.total_interest.amount);
        let blank_frequency = TermDepositEntries {
            frequency: Entry::Blank,
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
            frequency: "weekly".into(),
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
                pair("frequency", "Choose how often interest is paid"),
                pair(
                    "minimum_deposit",
                    "The minimum deposit must be a dollar amount"
                ),
                pair("term_months", "Enter the term in whole months"),
            ]
            .into_iter()
            .collect::<BTreeMap<_, _>>()
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
        let outcome: Outcome<Money> = loan_repayment(&entries).into();
        assert_eq!(
            serde_json::to_value(outcome).unwrap(),
            serde_json::json!({"ok": true, "value": {"amount": "3143.92", "display": "$3,144"}})
        );
    }
}
