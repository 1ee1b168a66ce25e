//! The home loan page's calculator exports (feature `home-loan`: its repayment and schedule) and,
//! with feature `key-facts-sheet`, the Key Facts Sheet page's; the calculator's tools are
//! `home_loan_tools.rs`. Entries exactly as typed in, read by their input type's own `Deserialize`; figures
//! exact and formatted out through the shared serializer, or messages per entry. Each export is
//! a thin `wasm_bindgen` shell over a function of the entries' JSON text, which
//! [`crate::native`] calls natively with the very same text (the differential test).

use banksia_core::calculator::{
    LoanEntries, LoanField, LoanScheduleView, Money, loan_repayment, loan_schedule_view,
};
use banksia_core::entries::Outcome;
#[cfg(any(feature = "key-facts-sheet", not(target_arch = "wasm32")))]
use banksia_core::key_facts::{KeyFactsField, KeyFactsSheet};
use wasm_bindgen::prelude::*;

#[cfg(any(feature = "key-facts-sheet", not(target_arch = "wasm32")))]
use crate::{TodayArg, read_today, today_arg};
use crate::{json_text, read_entries, to_js};

/// The repayment per period for the entries: exact, and in whole dollars for display.
#[wasm_bindgen(unchecked_return_type = "Outcome<Money, LoanField>")]
pub fn repayment(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
) -> JsValue {
    to_js(&repayment_of(json_text(&entries).as_deref()))
}

/// [`repayment`] of the entries' JSON text.
pub(crate) fn repayment_of(entries: Option<&str>) -> Outcome<Money, LoanField> {
    read_entries::<LoanEntries, _>(entries)
        .and_then(|entries| loan_repayment(&entries))
        .into()
}

/// The whole loan for the calculator's entries, as typed: repayment, totals, payoff time,
/// savings from an extra repayment, and a summary per year.
#[wasm_bindgen(js_name = loanSchedule, unchecked_return_type = "Outcome<LoanScheduleView, LoanField>")]
pub fn loan_schedule(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
) -> JsValue {
    to_js(&loan_schedule_of(json_text(&entries).as_deref()))
}

/// [`loan_schedule`] of the entries' JSON text.
pub(crate) fn loan_schedule_of(entries: Option<&str>) -> Outcome<LoanScheduleView, LoanField> {
    read_entries::<LoanEntries, _>(entries)
        .and_then(|entries| loan_schedule_view(&entries))
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
    #[wasm_bindgen(unchecked_param_type = "string | number | undefined")] today: JsValue,
) -> JsValue {
    to_js(&key_facts_sheet_of(
        &crate::text(&product),
        json_text(&entries).as_deref(),
        &today_arg(&today),
    ))
}

/// [`key_facts_sheet`] of the product, the entries' JSON text and the day (empty: as written).
#[cfg(any(feature = "key-facts-sheet", not(target_arch = "wasm32")))]
pub(crate) fn key_facts_sheet_of(
    product: &str,
    entries: Option<&str>,
    today: &TodayArg,
) -> Outcome<KeyFactsSheet, KeyFactsField> {
    read_entries::<LoanEntries, _>(entries)
        .and_then(|entries| {
            if *today == TodayArg::Text(String::new()) {
                banksia_core::key_facts::key_facts_sheet(product, &entries)
            } else {
                let day = read_today(today)?.bank_date();
                banksia_core::key_facts::key_facts_sheet_on(day, product, &entries)
            }
        })
        .into()
}
