//! The calculators' exports (feature `calculators`): entries exactly as typed in, figures
//! exact and formatted out, or messages per entry. Each export is a thin `wasm_bindgen` shell
//! over a function of the entries' JSON text, which [`crate::native`] calls natively with the
//! very same text (the differential test).

use banksia_core::calculator::{
    LoanEntries, LoanField, LoanScheduleView, Money, TermDepositEntries, TermDepositField,
    TermDepositView, loan_repayment, loan_schedule_view, term_deposit_view,
};
use banksia_core::entries::Outcome;
use wasm_bindgen::prelude::*;

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

/// Term deposit interest for the calculator's entries, as typed: each payment, the total, the
/// maturity value, the reinvested alternative and a minimum-deposit warning.
#[wasm_bindgen(js_name = termDeposit, unchecked_return_type = "Outcome<TermDepositView, TermDepositField>")]
pub fn term_deposit(
    #[wasm_bindgen(unchecked_param_type = "TermDepositEntries | string")] entries: JsValue,
) -> JsValue {
    to_js(&term_deposit_of(json_text(&entries).as_deref()))
}

/// [`term_deposit`] of the entries' JSON text.
pub(crate) fn term_deposit_of(entries: Option<&str>) -> Outcome<TermDepositView, TermDepositField> {
    read_entries::<TermDepositEntries, _>(entries)
        .and_then(|entries| term_deposit_view(&entries))
        .into()
}
