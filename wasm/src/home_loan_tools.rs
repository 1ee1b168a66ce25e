//! The home loan calculator's tools (feature `home-loan-tools`): the loan if rates rise, two
//! loans compared and the schedule as CSV, a package /loans/home fetches once the entries leave
//! the defaults (their figures for the defaults are in the page, worked out when it is built).
//! Read and answered as the calculator's own exports (`home_loan.rs`), with which the native
//! differential test calls them.

use banksia_core::calculator::{LoanEntries, LoanField};
use banksia_core::entries::Outcome;
use banksia_core::loan_scenarios::{
    ComparisonField, LoanComparison, RateRise, compare_entries, rate_rises_for, schedule_csv_for,
};
use wasm_bindgen::prelude::*;

use crate::{TodayArg, json_text, read_entries, read_today, to_js, today_arg};

/// The repayment of the home loan calculator's entries if the rate rose by 1, 2 and 3
/// percentage points, and the difference from today's, each period.
#[wasm_bindgen(js_name = loanRateRises, unchecked_return_type = "Outcome<RateRise[], LoanField>")]
pub fn loan_rate_rises(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
) -> JsValue {
    to_js(&loan_rate_rises_of(json_text(&entries).as_deref()))
}

/// [`loan_rate_rises`] of the entries' JSON text.
pub(crate) fn loan_rate_rises_of(entries: Option<&str>) -> Outcome<Vec<RateRise>, LoanField> {
    read_entries::<LoanEntries, _>(entries)
        .and_then(|entries| rate_rises_for(&entries))
        .into()
}

/// Two loans' entries side by side and the difference, second minus first; problems are named
/// within their loan (`second.term_years`).
#[wasm_bindgen(js_name = compareLoans, unchecked_return_type = "Outcome<LoanComparison, ComparisonField>")]
pub fn compare_loans(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] first: JsValue,
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] second: JsValue,
) -> JsValue {
    to_js(&compare_loans_of(
        json_text(&first).as_deref(),
        json_text(&second).as_deref(),
    ))
}

/// [`compare_loans`] of the two entries' JSON texts.
pub(crate) fn compare_loans_of(
    first: Option<&str>,
    second: Option<&str>,
) -> Outcome<LoanComparison, ComparisonField> {
    read_entries::<LoanEntries, _>(first)
        .and_then(|first| Ok((first, read_entries::<LoanEntries, _>(second)?)))
        .and_then(|(first, second)| compare_entries(&first, &second))
        .into()
}

/// The loan's details and every repayment of the schedule for the home loan calculator's
/// entries, each with its due date for a loan drawn on `start` (`YYYY-MM-DD`, or a moment in
/// milliseconds since 1970, `Date.now()`: its date in Sydney), as CSV text.
#[wasm_bindgen(js_name = loanScheduleCsv, unchecked_return_type = "Outcome<string, LoanField>")]
pub fn loan_schedule_csv(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | number")] start: JsValue,
) -> JsValue {
    to_js(&loan_schedule_csv_of(
        json_text(&entries).as_deref(),
        &today_arg(&start),
    ))
}

/// [`loan_schedule_csv`] of the entries' JSON text and the start date's text.
pub(crate) fn loan_schedule_csv_of(
    entries: Option<&str>,
    start: &TodayArg,
) -> Outcome<String, LoanField> {
    read_entries::<LoanEntries, _>(entries)
        .and_then(|entries| Ok((entries, read_today(start)?.bank_date())))
        .and_then(|(entries, start)| schedule_csv_for(&entries, start))
        .into()
}
