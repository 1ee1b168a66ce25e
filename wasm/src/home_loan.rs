//! The home loan page's exports: the calculator's repayment and schedule (feature `home-loan`),
//! its tools (feature `home-loan-tools`: the loan if rates rise, two loans compared, the
//! schedule as CSV, a package the page fetches after its first answer), and with feature
//! `key-facts-sheet`, the Key Facts Sheet page's. Entries exactly as typed in, read by their input type's own `Deserialize`; figures
//! exact and formatted out through the shared serializer, or messages per entry. Each export is
//! a thin `wasm_bindgen` shell over a function of the entries' JSON text, which
//! [`crate::native`] calls natively with the very same text (the differential test).

use banksia_core::calculator::{LoanEntries, LoanField};
#[cfg(any(feature = "home-loan", not(target_arch = "wasm32")))]
use banksia_core::calculator::{LoanScheduleView, Money, loan_repayment, loan_schedule_view};
use banksia_core::entries::Outcome;
#[cfg(any(feature = "key-facts-sheet", not(target_arch = "wasm32")))]
use banksia_core::key_facts::{KeyFactsField, KeyFactsSheet};
#[cfg(any(feature = "home-loan-tools", not(target_arch = "wasm32")))]
use banksia_core::loan_scenarios::{
    ComparisonField, LoanComparison, RateRise, compare_entries, rate_rises_for, schedule_csv_for,
};
use wasm_bindgen::prelude::*;

#[cfg(any(
    feature = "home-loan-tools",
    feature = "key-facts-sheet",
    not(target_arch = "wasm32")
))]
use crate::read_today;
#[cfg(any(feature = "home-loan-tools", not(target_arch = "wasm32")))]
use crate::text;
use crate::{json_text, read_entries, to_js};

#[cfg(any(feature = "home-loan", not(target_arch = "wasm32")))]
/// The repayment per period for the entries: exact, and in whole dollars for display.
#[wasm_bindgen(unchecked_return_type = "Outcome<Money, LoanField>")]
pub fn repayment(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
) -> JsValue {
    to_js(&repayment_of(json_text(&entries).as_deref()))
}

#[cfg(any(feature = "home-loan", not(target_arch = "wasm32")))]
/// [`repayment`] of the entries' JSON text.
pub(crate) fn repayment_of(entries: Option<&str>) -> Outcome<Money, LoanField> {
    read_entries::<LoanEntries, _>(entries)
        .and_then(|entries| loan_repayment(&entries))
        .into()
}

#[cfg(any(feature = "home-loan", not(target_arch = "wasm32")))]
/// The whole loan for the calculator's entries, as typed: repayment, totals, payoff time,
/// savings from an extra repayment, and a summary per year.
#[wasm_bindgen(js_name = loanSchedule, unchecked_return_type = "Outcome<LoanScheduleView, LoanField>")]
pub fn loan_schedule(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
) -> JsValue {
    to_js(&loan_schedule_of(json_text(&entries).as_deref()))
}

#[cfg(any(feature = "home-loan", not(target_arch = "wasm32")))]
/// [`loan_schedule`] of the entries' JSON text.
pub(crate) fn loan_schedule_of(entries: Option<&str>) -> Outcome<LoanScheduleView, LoanField> {
    read_entries::<LoanEntries, _>(entries)
        .and_then(|entries| loan_schedule_view(&entries))
        .into()
}

#[cfg(any(feature = "home-loan-tools", not(target_arch = "wasm32")))]
/// The repayment of the home loan calculator's entries if the rate rose by 1, 2 and 3
/// percentage points, and the difference from today's, each period.
#[wasm_bindgen(js_name = loanRateRises, unchecked_return_type = "Outcome<RateRise[], LoanField>")]
pub fn loan_rate_rises(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
) -> JsValue {
    to_js(&loan_rate_rises_of(json_text(&entries).as_deref()))
}

#[cfg(any(feature = "home-loan-tools", not(target_arch = "wasm32")))]
/// [`loan_rate_rises`] of the entries' JSON text.
pub(crate) fn loan_rate_rises_of(entries: Option<&str>) -> Outcome<Vec<RateRise>, LoanField> {
    read_entries::<LoanEntries, _>(entries)
        .and_then(|entries| rate_rises_for(&entries))
        .into()
}

#[cfg(any(feature = "home-loan-tools", not(target_arch = "wasm32")))]
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

#[cfg(any(feature = "home-loan-tools", not(target_arch = "wasm32")))]
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

#[cfg(any(feature = "home-loan-tools", not(target_arch = "wasm32")))]
/// The loan's details and every repayment of the schedule for the home loan calculator's
/// entries, each with its due date for a loan drawn on `start` (`YYYY-MM-DD`, or a moment in
/// RFC 3339: its date in Sydney), as CSV text.
#[wasm_bindgen(js_name = loanScheduleCsv, unchecked_return_type = "Outcome<string, LoanField>")]
pub fn loan_schedule_csv(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] start: JsValue,
) -> JsValue {
    to_js(&loan_schedule_csv_of(
        json_text(&entries).as_deref(),
        &text(&start),
    ))
}

#[cfg(any(feature = "home-loan-tools", not(target_arch = "wasm32")))]
/// [`loan_schedule_csv`] of the entries' JSON text and the start date's text.
pub(crate) fn loan_schedule_csv_of(
    entries: Option<&str>,
    start: &str,
) -> Outcome<String, LoanField> {
    read_entries::<LoanEntries, _>(entries)
        .and_then(|entries| Ok((entries, read_today(start)?.bank_date())))
        .and_then(|(entries, start)| schedule_csv_for(&entries, start))
        .into()
}

/// The Key Facts Sheet of a standard home loan for the amount, term and frequency of the
/// calculator's entries (their rate is the product's), or messages per entry. `today` (a date
/// `YYYY-MM-DD` or a moment, read as the bank's date) takes the product's rates as of that day,
/// as the pages built on it show them; left out, the catalog as written.
#[cfg(any(feature = "key-facts-sheet", not(target_arch = "wasm32")))]
#[wasm_bindgen(js_name = keyFactsSheet, unchecked_return_type = "Outcome<KeyFactsSheet, KeyFactsField>")]
pub fn key_facts_sheet(
    #[wasm_bindgen(unchecked_param_type = "string")] product: JsValue,
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | undefined")] today: JsValue,
) -> JsValue {
    to_js(&key_facts_sheet_of(
        &crate::text(&product),
        json_text(&entries).as_deref(),
        &crate::text(&today),
    ))
}

/// [`key_facts_sheet`] of the product, the entries' JSON text and the day (empty: as written).
#[cfg(any(feature = "key-facts-sheet", not(target_arch = "wasm32")))]
pub(crate) fn key_facts_sheet_of(
    product: &str,
    entries: Option<&str>,
    today: &str,
) -> Outcome<KeyFactsSheet, KeyFactsField> {
    read_entries::<LoanEntries, _>(entries)
        .and_then(|entries| {
            if today.is_empty() {
                banksia_core::key_facts::key_facts_sheet(product, &entries)
            } else {
                let day = read_today(today)?.bank_date();
                banksia_core::key_facts::key_facts_sheet_on(day, product, &entries)
            }
        })
        .into()
}
