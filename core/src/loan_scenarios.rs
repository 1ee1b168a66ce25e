//! What a home loan looks like under other circumstances: if rates rise, beside another loan,
//! and as a file to take away.
//!
//! * [`rate_rises`]: the repayment if the rate rises by 1, 2 and 3 percentage points, and the
//!   difference from today's repayment, per period.
//! * [`compare`]: two loans side by side (repayment, total interest, total repaid, payoff
//!   time) and the difference, second minus first.
//! * [`schedule_csv`]: the loan's details and every repayment with its due date, as CSV (CRLF
//!   line ends) for a spreadsheet.
//!
//! Each is worked out by [`loan::repayment`] and [`loan::schedule`]: no second formula.
//! [`rate_rises_for`], [`compare_entries`] and [`schedule_csv_for`] take the calculator's
//! entries as typed ([`LoanEntries`]) and report every entry's problem by field, for a page.
//!
//! ```
//! use banksia_core::loan::LoanTerms;
//! use banksia_core::loan_scenarios::rate_rises;
//!
//! let rises = rate_rises(&LoanTerms::calculator_defaults()).unwrap();
//! assert_eq!(rises[0].annual_rate_percent.to_string(), "7.45");
//! assert_eq!(rises[0].repayment.to_string(), "3478.97");
//! assert_eq!(rises[0].difference.to_string(), "335.05");
//! ```

use std::fmt::Write as _;

use chrono::{Days, Months, NaiveDate};
use rust_decimal::Decimal;
use serde::Serialize;

use crate::calculator::{LoanEntries, LoanField, duration_text};
use crate::entries::{EntryField, FieldErrors};
use crate::loan::{self, LoanError, LoanSchedule, LoanTerms, PayoffTime, RepaymentFrequency};
use crate::money::round_to_cents;

/// The rises shown, in percentage points.
pub const RATE_RISES_PERCENT: [u32; 3] = [1, 2, 3];

/// The repayment after one rate rise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct RateRise {
    /// The rise in percentage points.
    pub rise_percent: u32,
    /// The rate after the rise.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub annual_rate_percent: Decimal,
    /// The principal-and-interest repayment each period at that rate.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub repayment: Decimal,
    /// How much more than today's repayment, each period.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub difference: Decimal,
}

/// The repayment of `terms` if its rate rose by each of [`RATE_RISES_PERCENT`], beside today's
/// repayment. A rise that would pass the highest rate accepted
/// ([`loan::MAX_ANNUAL_RATE_PERCENT`]) is left out. The terms' own problems are returned as
/// they are.
///
/// ```
/// use banksia_core::loan::LoanTerms;
/// use banksia_core::loan_scenarios::rate_rises;
/// use rust_decimal::Decimal;
///
/// let high = LoanTerms::new(Decimal::from(100_000), Decimal::from(28), 30);
/// let rises = rate_rises(&high).unwrap();
/// assert_eq!(rises.iter().map(|r| r.rise_percent).collect::<Vec<_>>(), [1, 2]);
/// ```
pub fn rate_rises(terms: &LoanTerms) -> Result<Vec<RateRise>, LoanError> {
    let today = loan::repayment(terms)?;
    Ok(RATE_RISES_PERCENT
        .iter()
        .filter_map(|&rise| {
            let risen = LoanTerms {
                annual_rate_percent: terms.annual_rate_percent + Decimal::from(rise),
                ..terms.clone()
            };
            loan::repayment(&risen).ok().map(|repayment| RateRise {
                rise_percent: rise,
                annual_rate_percent: risen.annual_rate_percent,
                repayment,
                difference: repayment - today,
            })
        })
        .collect())
}

/// One loan's headline figures, for a comparison.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct LoanSummary {
    /// How often repayments are made.
    pub frequency: RepaymentFrequency,
    /// The principal-and-interest repayment each period.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub repayment: Decimal,
    /// All interest paid.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub total_interest: Decimal,
    /// Everything repaid.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub total_repaid: Decimal,
    /// How long until the loan is repaid.
    pub payoff_time: PayoffTime,
    /// The same, for a person: `"25 years"` ([`duration_text`]).
    pub payoff_time_display: String,
}

impl LoanSummary {
    fn of(plan: &LoanSchedule) -> Self {
        Self {
            frequency: plan.terms.frequency,
            // Always written with cents, even when every figure was whole dollars ("5000.00",
            // not "5000", for a loan repaid in one period at 0%).
            repayment: round_to_cents(plan.repayment),
            total_interest: round_to_cents(plan.total_interest),
            total_repaid: round_to_cents(plan.total_repaid),
            payoff_time: plan.payoff_time,
            payoff_time_display: duration_text(plan.payoff_time),
        }
    }
}

/// How much sooner or later the second loan is repaid, for a person: `"5 years sooner"`,
/// `"1 year 2 months later"`, `"At the same time"`.
///
/// ```
/// use banksia_core::loan_scenarios::payoff_difference_text;
///
/// assert_eq!(payoff_difference_text(-60), "5 years sooner");
/// assert_eq!(payoff_difference_text(14), "1 year 2 months later");
/// assert_eq!(payoff_difference_text(0), "At the same time");
/// ```
pub fn payoff_difference_text(months: i64) -> String {
    let time = PayoffTime::from_months(u32::try_from(months.unsigned_abs()).unwrap_or(u32::MAX));
    match months.signum() {
        0 => "At the same time".to_string(),
        -1 => format!("{} sooner", duration_text(time)),
        _ => format!("{} later", duration_text(time)),
    }
}

/// Two loans side by side; each difference is the second's figure minus the first's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct LoanComparison {
    /// The first loan.
    pub first: LoanSummary,
    /// The second loan.
    pub second: LoanSummary,
    /// Second repayment minus first (meaningful when both repay at the same frequency).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub repayment_difference: Decimal,
    /// Second total interest minus first.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub total_interest_difference: Decimal,
    /// Second total repaid minus first.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub total_repaid_difference: Decimal,
    /// Second payoff time minus first, in months (negative when the second is repaid sooner).
    pub payoff_months_difference: i64,
    /// The same, for a person: `"5 years sooner"` ([`payoff_difference_text`]).
    pub payoff_difference_display: String,
}

/// Which of two compared loans has a problem, and what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ComparisonError {
    /// The first loan's terms.
    First(LoanError),
    /// The second loan's terms.
    Second(LoanError),
}

impl ComparisonError {
    /// The error as messages per field, the field named within its loan:
    /// `{ "second.term_years": ["Loan term must be at least 1 year"] }`.
    ///
    /// ```
    /// use banksia_core::calculator::LoanField;
    /// use banksia_core::loan::LoanError;
    /// use banksia_core::loan_scenarios::{ComparisonError, ComparisonField};
    ///
    /// let errors = ComparisonError::Second(LoanError::TermTooShort).to_field_errors();
    /// assert_eq!(errors[&ComparisonField::Second(LoanField::TermYears)], ["Loan term must be at least 1 year"]);
    /// assert_eq!(serde_json::to_string(&errors).unwrap(), r#"{"second.term_years":["Loan term must be at least 1 year"]}"#);
    /// ```
    pub fn to_field_errors(&self) -> FieldErrors<ComparisonField> {
        let (field, error) = match self {
            Self::First(error) => (ComparisonField::First(error.field()), error),
            Self::Second(error) => (ComparisonField::Second(error.field()), error),
        };
        FieldErrors::from([(field, vec![error.to_string()])])
    }
}

/// A field of two loans compared: a field of either loan's entries, written
/// `"first.term_years"` or `"second.principal"`, or `"input"` for a loan's entries that are
/// not one object of them. The keys of [`compare_entries`]' errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(type = "`first.${LoanField}` | `second.${LoanField}`")
)]
pub enum ComparisonField {
    /// A field of the first loan.
    First(LoanField),
    /// A field of the second loan.
    Second(LoanField),
}

impl EntryField for ComparisonField {
    const INPUT: Self = Self::First(LoanField::Input);
}

impl Serialize for ComparisonField {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::First(LoanField::Input) | Self::Second(LoanField::Input) => {
                serializer.serialize_str(LoanField::Input.name())
            }
            Self::First(field) => serializer.collect_str(&format_args!("first.{}", field.name())),
            Self::Second(field) => serializer.collect_str(&format_args!("second.{}", field.name())),
        }
    }
}

/// Compares two loans, for example a variable and a fixed product, or 25 and 30 years.
///
/// ```
/// use banksia_core::loan::LoanTerms;
/// use banksia_core::loan_scenarios::compare;
/// use rust_decimal::Decimal;
///
/// let thirty = LoanTerms::calculator_defaults();
/// let twenty_five = LoanTerms { term_years: 25, ..thirty.clone() };
/// let both = compare(&thirty, &twenty_five).unwrap();
/// assert_eq!(both.first.repayment.to_string(), "3143.92");
/// assert_eq!(both.second.repayment.to_string(), "3360.44");
/// assert_eq!(both.repayment_difference.to_string(), "216.52");
/// assert!(both.total_interest_difference < Decimal::ZERO);
/// assert_eq!(both.payoff_months_difference, -60);
/// assert_eq!(both.payoff_difference_display, "5 years sooner");
/// assert_eq!(both.second.payoff_time_display, "25 years");
/// ```
pub fn compare(first: &LoanTerms, second: &LoanTerms) -> Result<LoanComparison, ComparisonError> {
    let a = loan::schedule(first).map_err(ComparisonError::First)?;
    let b = loan::schedule(second).map_err(ComparisonError::Second)?;
    let (first, second) = (LoanSummary::of(&a), LoanSummary::of(&b));
    let payoff_months_difference =
        i64::from(second.payoff_time.total_months()) - i64::from(first.payoff_time.total_months());
    Ok(LoanComparison {
        repayment_difference: second.repayment - first.repayment,
        total_interest_difference: second.total_interest - first.total_interest,
        total_repaid_difference: second.total_repaid - first.total_repaid,
        payoff_months_difference,
        payoff_difference_display: payoff_difference_text(payoff_months_difference),
        first,
        second,
    })
}

/// The column names of [`schedule_csv`]'s table (the line after its heading lines and a blank).
pub const SCHEDULE_CSV_HEADER: &str =
    "Number,Due date,Repayment,Interest,Principal excluding extra,Extra,Balance,Interest only";

/// When repayment `number` falls due for a loan drawn on `start`: that many months, fortnights
/// or weeks later. A monthly repayment whose day the month lacks falls on the month's last day
/// (drawn on 31 January, the first repayment is due on 28 or 29 February).
///
/// ```
/// use banksia_core::loan::RepaymentFrequency;
/// use banksia_core::loan_scenarios::due_date;
/// use chrono::NaiveDate;
///
/// let start = NaiveDate::from_ymd_opt(2026, 1, 31).unwrap();
/// assert_eq!(due_date(start, 1, RepaymentFrequency::Monthly).to_string(), "2026-02-28");
/// assert_eq!(due_date(start, 3, RepaymentFrequency::Fortnightly).to_string(), "2026-03-14");
/// assert_eq!(due_date(start, 1, RepaymentFrequency::Weekly).to_string(), "2026-02-07");
/// ```
pub fn due_date(start: NaiveDate, number: u32, frequency: RepaymentFrequency) -> NaiveDate {
    let later = match frequency {
        RepaymentFrequency::Monthly => start.checked_add_months(Months::new(number)),
        RepaymentFrequency::Fortnightly => {
            start.checked_add_days(Days::new(14 * u64::from(number)))
        }
        RepaymentFrequency::Weekly => start.checked_add_days(Days::new(7 * u64::from(number))),
    };
    // A term is at most 40 years (2,080 weeks), far inside chrono's range of dates.
    later.unwrap_or(NaiveDate::MAX)
}

/// Every repayment of `plan`, for a loan drawn on `start`, as CSV for a spreadsheet (RFC 4180
/// quoting is never needed: no cell holds a comma, quote or line break; CRLF line ends).
///
/// First, heading lines: what the file is, then one `name,value` line for each of the loan's
/// details (amount, rate, term, repayment frequency, interest-only years, extra repayment, start
/// date) and its totals; then a blank line and the table, whose columns are
/// [`SCHEDULE_CSV_HEADER`]: the number, its due date ([`due_date`], ISO 8601), the scheduled
/// repayment, its interest and principal, the extra repayment on top, the balance after it, and
/// whether it is interest only. Amounts are plain decimals with cents (`3143.92`), no currency
/// sign or separators, so a spreadsheet reads them as numbers. The repayment is its interest and
/// principal, and the principal column excludes the extra, so summing the principal and extra
/// columns never counts an extra twice.
///
/// ```
/// use banksia_core::loan::{schedule, LoanTerms};
/// use banksia_core::loan_scenarios::{schedule_csv, SCHEDULE_CSV_HEADER};
/// use chrono::NaiveDate;
/// use rust_decimal::Decimal;
///
/// let terms = LoanTerms::calculator_defaults().with_extra_repayment(Decimal::from(100));
/// let start = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
/// let csv = schedule_csv(&schedule(&terms).unwrap(), start);
/// let mut lines = csv.lines();
/// assert_eq!(lines.next(), Some("Banksia Bank home loan repayment schedule (an estimate)"));
/// assert_eq!(lines.next(), Some("Loan amount,500000.00"));
/// let mut table = lines.skip_while(|line| *line != SCHEDULE_CSV_HEADER).skip(1);
/// assert_eq!(table.next(), Some("1,2026-12-25,3143.92,2687.50,456.42,100.00,499443.58,no"));
/// assert!(csv.trim_end().ends_with(",0.00,no"));
/// ```
pub fn schedule_csv(plan: &LoanSchedule, start: NaiveDate) -> String {
    let mut csv = String::with_capacity(64 * (plan.periods.len() + 12));
    let terms = &plan.terms;
    let extra = terms.extra_repayment;
    let details: [(&str, String); 11] = [
        ("Loan amount", format!("{:.2}", terms.principal)),
        (
            "Interest rate (% p.a.)",
            terms.annual_rate_percent.to_string(),
        ),
        ("Loan term (years)", terms.term_years.to_string()),
        ("Repayments", terms.frequency.label().to_owned()),
        (
            "Interest-only period (years)",
            terms.interest_only_years.to_string(),
        ),
        ("Extra repayment each period", format!("{extra:.2}")),
        ("Loan drawn on", start.to_string()),
        ("Number of repayments", plan.periods.len().to_string()),
        ("Total interest", format!("{:.2}", plan.total_interest)),
        ("Total repaid", format!("{:.2}", plan.total_repaid)),
        (
            "Assumes",
            "the interest rate stays the same for the whole term".to_owned(),
        ),
    ];
    csv.push_str("Banksia Bank home loan repayment schedule (an estimate)\r\n");
    for (name, value) in details {
        let _ = write!(csv, "{name},{value}\r\n");
    }
    csv.push_str("\r\n");
    csv.push_str(SCHEDULE_CSV_HEADER);
    csv.push_str("\r\n");
    for period in &plan.periods {
        let scheduled = if period.interest_only {
            period.interest
        } else {
            plan.repayment
        };
        // The final repayment may be smaller than scheduled: then there is no extra in it.
        let extra_paid = (period.payment - scheduled).clamp(Decimal::ZERO, extra);
        let _ = write!(
            csv,
            "{},{},{:.2},{:.2},{:.2},{:.2},{:.2},{}\r\n",
            period.number,
            due_date(start, period.number, terms.frequency),
            period.payment - extra_paid,
            period.interest,
            period.principal - extra_paid,
            extra_paid,
            period.closing_balance,
            if period.interest_only { "yes" } else { "no" },
        );
    }
    csv
}

/// [`rate_rises`] for the home loan calculator's entries as typed: each entry's problem by
/// field, as [`LoanEntries::to_terms`] reports it.
///
/// ```
/// use banksia_core::calculator::{LoanEntries, LoanField};
/// use banksia_core::entries::Entry;
/// use banksia_core::loan_scenarios::rate_rises_for;
///
/// let entries = LoanEntries {
///     principal: Entry::from("$500,000"),
///     annual_rate_percent: Entry::from("6.45%"),
///     term_years: Entry::from("30"),
///     ..LoanEntries::default()
/// };
/// assert_eq!(rate_rises_for(&entries).unwrap()[2].repayment.to_string(), "4186.05");
/// let blank = rate_rises_for(&LoanEntries::default()).unwrap_err();
/// assert_eq!(blank[&LoanField::Principal], ["Enter a loan amount"]);
/// ```
pub fn rate_rises_for(entries: &LoanEntries) -> Result<Vec<RateRise>, FieldErrors<LoanField>> {
    let terms = entries.to_terms()?;
    rate_rises(&terms).map_err(|error| error.to_field_errors())
}

/// [`compare`] for two loans' entries as typed: every entry's problem in both loans, each
/// named within its loan (`"second.term_years"`).
///
/// ```
/// use banksia_core::calculator::{LoanEntries, LoanField};
/// use banksia_core::entries::Entry;
/// use banksia_core::loan_scenarios::{compare_entries, ComparisonField};
///
/// let thirty = LoanEntries {
///     principal: Entry::from("500,000"),
///     annual_rate_percent: Entry::from("6.45"),
///     term_years: Entry::from("30"),
///     ..LoanEntries::default()
/// };
/// let twenty_five = LoanEntries { term_years: Entry::from("25"), ..thirty.clone() };
/// let both = compare_entries(&thirty, &twenty_five).unwrap();
/// assert_eq!(both.repayment_difference.to_string(), "216.52");
///
/// let blank = LoanEntries { principal: Entry::from(""), ..thirty.clone() };
/// let none = LoanEntries { term_years: Entry::from("0"), ..thirty };
/// let errors = compare_entries(&blank, &none).unwrap_err();
/// assert_eq!(errors[&ComparisonField::First(LoanField::Principal)], ["Enter a loan amount"]);
/// assert_eq!(errors[&ComparisonField::Second(LoanField::TermYears)], ["Loan term must be at least 1 year"]);
/// ```
pub fn compare_entries(
    first: &LoanEntries,
    second: &LoanEntries,
) -> Result<LoanComparison, FieldErrors<ComparisonField>> {
    match (first.to_terms(), second.to_terms()) {
        (Ok(first), Ok(second)) => {
            compare(&first, &second).map_err(|error| error.to_field_errors())
        }
        (first, second) => {
            let first = first.err().unwrap_or_default().into_iter();
            let second = second.err().unwrap_or_default().into_iter();
            Err(first
                .map(|(field, messages)| (ComparisonField::First(field), messages))
                .chain(second.map(|(field, messages)| (ComparisonField::Second(field), messages)))
                .collect())
        }
    }
}

/// [`schedule_csv`] of the schedule for the home loan calculator's entries as typed, for a loan
/// drawn on `start` (the page passes today's date in Sydney).
///
/// ```
/// use banksia_core::calculator::{LoanEntries, LoanField};
/// use banksia_core::entries::Entry;
/// use banksia_core::loan_scenarios::schedule_csv_for;
/// use chrono::NaiveDate;
///
/// let start = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
/// let entries = LoanEntries {
///     principal: Entry::from("500000"),
///     annual_rate_percent: Entry::from("6.45"),
///     term_years: Entry::from("30"),
///     ..LoanEntries::default()
/// };
/// assert_eq!(schedule_csv_for(&entries, start).unwrap().lines().count(), 12 + 1 + 1 + 360);
/// let errors = schedule_csv_for(&LoanEntries { term_years: Entry::from("41"), ..entries }, start).unwrap_err();
/// assert_eq!(errors[&LoanField::TermYears], ["Loan term can't be more than 40 years"]);
/// ```
pub fn schedule_csv_for(
    entries: &LoanEntries,
    start: NaiveDate,
) -> Result<String, FieldErrors<LoanField>> {
    let terms = entries.to_terms()?;
    loan::schedule(&terms)
        .map(|plan| schedule_csv(&plan, start))
        .map_err(|error| error.to_field_errors())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    const START: NaiveDate = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();

    /// The table's rows: every line after the column names.
    fn table_lines(csv: &str) -> impl Iterator<Item = &str> {
        csv.lines()
            .skip_while(|line| *line != SCHEDULE_CSV_HEADER)
            .skip(1)
    }

    #[test]
    fn rate_rises_use_the_loan_rules() {
        let terms = LoanTerms::new(dec!(500000), dec!(6.45), 30);
        let rises = rate_rises(&terms).unwrap();
        assert_eq!(rises.len(), 3);
        for rise in &rises {
            let direct = loan::repayment(&LoanTerms {
                annual_rate_percent: dec!(6.45) + Decimal::from(rise.rise_percent),
                ..terms.clone()
            })
            .unwrap();
            assert_eq!(rise.repayment, direct);
            assert_eq!(rise.difference, direct - dec!(3143.92));
        }
        assert!(rises.windows(2).all(|w| w[0].repayment < w[1].repayment));
        assert_eq!(
            rate_rises(&LoanTerms::new(dec!(0), dec!(6), 30)),
            Err(LoanError::PrincipalNotPositive)
        );
    }

    /// The CSV's columns add up: repayment = interest + principal, and principal plus extra is
    /// what the balance fell by (issue 22: the principal column had the extra in it too).
    #[test]
    fn csv_columns_add_up_without_counting_extra_twice() {
        let terms = LoanTerms::calculator_defaults().with_extra_repayment(dec!(250));
        let plan = loan::schedule(&terms).unwrap();
        let csv = schedule_csv(&plan, START);
        let mut balance = terms.principal;
        for line in table_lines(&csv) {
            let cells: Vec<&str> = line.split(',').collect();
            let amount = |i: usize| cells[i].parse::<Decimal>().unwrap();
            let (repayment, interest, principal, extra, after) =
                (amount(2), amount(3), amount(4), amount(5), amount(6));
            assert_eq!(repayment, interest + principal, "{line}");
            assert_eq!(balance - principal - extra, after, "{line}");
            balance = after;
        }
        assert_eq!(balance, Decimal::ZERO);
    }

    /// The file says which loan it is and when each repayment falls due, so it stands alone in
    /// a spreadsheet (issue 22: "Due" read "week 1300", and nothing named the loan).
    #[test]
    fn csv_names_the_loan_and_dates_every_repayment() {
        let terms = LoanTerms::new(dec!(250000), dec!(6.2), 25)
            .with_frequency(RepaymentFrequency::Fortnightly)
            .with_interest_only_years(2);
        let plan = loan::schedule(&terms).unwrap();
        let csv = schedule_csv(&plan, START);
        let heading: Vec<&str> = csv.lines().take_while(|line| !line.is_empty()).collect();
        for line in [
            "Loan amount,250000.00",
            "Interest rate (% p.a.),6.2",
            "Loan term (years),25",
            "Repayments,Fortnightly",
            "Interest-only period (years),2",
            "Loan drawn on,2026-11-25",
            "Number of repayments,650",
        ] {
            assert!(heading.contains(&line), "{line} in {heading:?}");
        }
        assert!(heading[1..].iter().all(|line| line.split(',').count() == 2));
        let dates: Vec<NaiveDate> = table_lines(&csv)
            .map(|line| line.split(',').nth(1).unwrap().parse().unwrap())
            .collect();
        assert_eq!(dates.len(), 650);
        assert_eq!(dates[0].to_string(), "2026-12-09");
        assert!(
            dates
                .windows(2)
                .all(|pair| (pair[1] - pair[0]).num_days() == 14)
        );
        // 650 fortnights is 24.9 years: the last repayment falls within the 25-year term.
        assert!(dates[649] <= START.checked_add_months(Months::new(25 * 12)).unwrap());
    }

    /// Monthly repayments keep their day of the month, or the month's last day when it is shorter.
    #[test]
    fn monthly_repayments_keep_their_day() {
        let start = NaiveDate::from_ymd_opt(2027, 1, 31).unwrap();
        let due: Vec<String> = (1..=4)
            .map(|n| due_date(start, n, RepaymentFrequency::Monthly).to_string())
            .collect();
        assert_eq!(
            due,
            ["2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]
        );
    }

    /// A loan repaid in one period at 0% still writes its figures with cents (issue 22).
    #[test]
    fn summaries_always_carry_cents() {
        let whole = LoanTerms::new(dec!(5000), dec!(0), 1);
        let once = LoanTerms {
            extra_repayment: dec!(5000),
            ..whole.clone()
        };
        let both = compare(&whole, &once).unwrap();
        for summary in [&both.first, &both.second] {
            assert_eq!(summary.total_repaid.to_string(), "5000.00");
            assert_eq!(summary.total_interest.to_string(), "0.00");
            assert_eq!(summary.repayment.scale(), 2);
        }
        assert_eq!(both.total_repaid_difference.to_string(), "0.00");
    }

    #[test]
    fn comparison_names_the_loan_at_fault() {
        let good = LoanTerms::calculator_defaults();
        let bad = LoanTerms {
            term_years: 0,
            ..good.clone()
        };
        assert_eq!(
            compare(&good, &bad),
            Err(ComparisonError::Second(LoanError::TermTooShort))
        );
        assert_eq!(
            compare(&bad, &good),
            Err(ComparisonError::First(LoanError::TermTooShort))
        );
        let same = compare(&good, &good).unwrap();
        assert_eq!(same.total_repaid_difference, Decimal::ZERO);
        assert_eq!(same.payoff_months_difference, 0);
    }

    #[test]
    fn csv_adds_up_to_the_schedule() {
        let terms = LoanTerms::new(dec!(250000), dec!(6.2), 25)
            .with_frequency(RepaymentFrequency::Fortnightly)
            .with_interest_only_years(2)
            .with_extra_repayment(dec!(50));
        let plan = loan::schedule(&terms).unwrap();
        let csv = schedule_csv(&plan, START);
        assert!(csv.ends_with("\r\n"));
        let rows: Vec<Vec<&str>> = table_lines(&csv)
            .map(|line| line.split(',').collect())
            .collect();
        assert_eq!(rows.len(), plan.periods.len());
        let column = |index: usize| -> Decimal {
            rows.iter()
                .map(|row| row[index].parse::<Decimal>().unwrap())
                .sum()
        };
        let paid: Decimal = plan.periods.iter().map(|p| p.payment).sum();
        assert_eq!(column(2) + column(5), paid);
        assert_eq!(column(3), plan.total_interest);
        // Principal (without the extra) and the extra together repay the loan once.
        assert_eq!(column(4) + column(5), dec!(250000));
        assert_eq!(rows[0][7], "yes");
        assert_eq!(rows[0][1], "2026-12-09");
        assert_eq!(rows[52][7], "no");
        assert_eq!(rows.last().unwrap()[6], "0.00");
    }
}
