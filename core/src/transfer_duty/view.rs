//! The stamp duty calculator's answer as a page shows it, and the cash needed on the day.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::Serialize;

use super::{StampDutyEntries, StampDutyField, State, transfer_duty};
use crate::calculator::Money;
use crate::calendar::long_date;
use crate::entries::FieldErrors;
use crate::products::lmi::{self, LmiEstimate};

/// The words shown beside every duty figure.
pub const ESTIMATE_NOTE: &str = "This is an estimate of transfer (stamp) duty from the revenue office's published rates, not an assessment. The revenue office works out the duty you pay, on the price or the market value, whichever is higher; eligibility for a concession has conditions (such as living in the home for a time) that this calculator can't check.";

/// Why the land titles office's fees are not in the cash needed on the day.
pub const FEES_NOTE: &str = "The land titles office's fees for registering the transfer and the mortgage (usually a few hundred dollars) aren't included: we couldn't confirm each office's current fees. Your conveyancer's or solicitor's costs aren't included either.";

/// A concession applied, and what it saved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ConcessionView {
    /// Its name as the revenue office writes it.
    pub name: String,
    /// The duty it took off.
    pub saving: Money,
}

/// The money needed at settlement, and the loan that follows from the deposit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CashView {
    /// The deposit entered.
    pub deposit: Money,
    /// The price less the deposit.
    pub loan_amount: Money,
    /// The loan as a share of the price, percent (2 decimals, rounded up).
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub lvr_percent: Decimal,
    /// The indicative LMI premium; `null` at 80% or less, or when it can't be estimated.
    pub lmi: Option<Money>,
    /// Why there is or isn't an LMI figure.
    pub lmi_note: String,
    /// Deposit plus duty (plus LMI if paid on the day rather than added to the loan).
    pub cash_without_lmi: Money,
    /// [`lmi::HOME_GUARANTEE_NOTE`] when LMI applies.
    pub home_guarantee_note: Option<String>,
}

/// The stamp duty calculator's answer, every figure ready to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct StampDutyView {
    /// The jurisdiction.
    pub state: State,
    /// `"New South Wales"`.
    pub state_name: String,
    /// The duty payable.
    pub duty: Money,
    /// The duty at the general rate, before any concession.
    pub general_duty: Money,
    /// `"general rate"`, or the owner-occupier rate used.
    pub rate_used: String,
    /// The concession applied, if any.
    pub concession: Option<ConcessionView>,
    /// What the concession did, or why none applies.
    pub explanation: String,
    /// The first contract date of the table used, `"2025-07-01"`.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub effective_from: NaiveDate,
    /// The same as words, `"1 July 2025"`.
    pub effective_from_text: String,
    /// The revenue office's page.
    pub source_title: String,
    /// Its address.
    pub source_url: String,
    /// Where the figures come from.
    pub confirmation: String,
    /// What the reader must know about the figure, besides [`StampDutyView::confirmation`].
    pub cautions: Vec<String>,
    /// The cash needed on the day, when a deposit was entered.
    pub cash: Option<CashView>,
    /// `FEES_NOTE`.
    pub fees_note: String,
    /// `ESTIMATE_NOTE`.
    pub note: String,
}

/// Reads the entries and works out the duty (and the cash needed, with a deposit), with the
/// contract dated `today` when no date is entered.
///
/// ```
/// use banksia_core::transfer_duty::{stamp_duty_view, StampDutyEntries};
/// use banksia_core::entries::Entry;
///
/// let entries = StampDutyEntries {
///     state: Entry::from("NSW"),
///     price: Entry::from("900,000"),
///     first_home_buyer: Entry::from("yes"),
///     deposit: Entry::from("90,000"),
///     ..StampDutyEntries::default()
/// };
/// let today = chrono::NaiveDate::from_ymd_opt(2026, 3, 2).unwrap();
/// let view = stamp_duty_view(&entries, today).unwrap();
/// assert_eq!(view.duty.display, "$19,706");
/// assert_eq!(view.concession.unwrap().name, "First Home Buyers Assistance Scheme");
/// let cash = view.cash.unwrap();
/// assert_eq!(cash.loan_amount.display, "$810,000");
/// assert_eq!(cash.lmi.unwrap().display, "$15,390");
/// assert_eq!(cash.cash_without_lmi.display, "$109,706");
/// ```
pub fn stamp_duty_view(
    entries: &StampDutyEntries,
    today: NaiveDate,
) -> Result<StampDutyView, FieldErrors<StampDutyField>> {
    let (question, contract_date, deposit) = entries.to_question(today)?;
    let assessment = transfer_duty(&question, contract_date)
        .map_err(|error| crate::entries::input_error::<StampDutyField>(error.to_string()))?;
    let cash = deposit.map(|deposit| {
        let loan = question.value - deposit;
        let estimate = lmi::indicative_premium(loan, question.value);
        let lvr_percent = lmi::lvr_percent(loan, question.value);
        let (lmi_figure, lmi_note, guarantee) = match estimate {
            LmiEstimate::NotNeeded => (
                None,
                "No lenders mortgage insurance: the loan is 80% of the price or less.".to_string(),
                None,
            ),
            LmiEstimate::Premium { premium, .. } => (
                Some(Money::whole_dollars(premium)),
                lmi::LMI_NOTE.to_string(),
                Some(lmi::HOME_GUARANTEE_NOTE.to_string()),
            ),
            LmiEstimate::AboveMaxLvr { lvr_percent } => (
                None,
                format!(
                    "A loan of {}% of the price is more than the {}% Banksia lends: a deposit of at least {} is needed.",
                    lvr_percent.normalize(),
                    lmi::MAX_LVR,
                    Money::whole_dollars(question.value * (Decimal::ONE_HUNDRED - lmi::MAX_LVR) / Decimal::ONE_HUNDRED).display,
                ),
                Some(lmi::HOME_GUARANTEE_NOTE.to_string()),
            ),
            LmiEstimate::LoanTooLarge { .. } => (
                None,
                "LMI on a loan above $1,500,000 is priced case by case: talk to us.".to_string(),
                None,
            ),
        };
        CashView {
            deposit: Money::whole_dollars(deposit),
            loan_amount: Money::whole_dollars(loan),
            lvr_percent,
            lmi: lmi_figure,
            lmi_note,
            cash_without_lmi: Money::whole_dollars(deposit + assessment.duty),
            home_guarantee_note: guarantee,
        }
    });
    let table = assessment.table;
    Ok(StampDutyView {
        state: question.state,
        state_name: question.state.name().to_string(),
        duty: Money::cents_if_any(assessment.duty),
        general_duty: Money::cents_if_any(assessment.general_duty),
        rate_used: assessment
            .home_rate
            .map_or("general rate", |rate| rate.name)
            .to_string(),
        concession: assessment.relief.map(|relief| ConcessionView {
            name: relief.name.to_string(),
            saving: Money::cents_if_any(assessment.base_duty - assessment.duty),
        }),
        explanation: assessment.explanation,
        effective_from: table.effective_from,
        effective_from_text: long_date(table.effective_from),
        source_title: table.source_title.to_string(),
        source_url: table.source_url.to_string(),
        confirmation: table.confirmation.rates.to_string(),
        // Said once: a table whose note is its confirmation (the ACT's) shows it as the latter.
        cautions: assessment
            .cautions
            .into_iter()
            .filter(|caution| caution != table.confirmation.rates)
            .collect(),
        cash,
        fees_note: FEES_NOTE.to_string(),
        note: ESTIMATE_NOTE.to_string(),
    })
}
