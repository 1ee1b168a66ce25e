//! The calculators' exports (feature `calculators`): entries exactly as typed in, figures
//! exact and formatted out, or messages per entry.

use banksia_core::calculator::{
    LoanEntries, Outcome, TermDepositEntries, loan_repayment, loan_schedule_view, term_deposit_view,
};
use wasm_bindgen::prelude::*;

use crate::{read_entries, to_js};

/// The repayment per period for the entries: exact, and in whole dollars for display.
#[wasm_bindgen(unchecked_return_type = "Outcome<Money>")]
pub fn repayment(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
) -> JsValue {
    let outcome: Outcome<_> = read_entries::<LoanEntries>(&entries)
        .and_then(|entries| loan_repayment(&entries))
        .into();
    to_js(&outcome)
}

/// The whole loan for the calculator's entries, as typed: repayment, totals, payoff time,
/// savings from an extra repayment, and a summary per year.
#[wasm_bindgen(js_name = loanSchedule, unchecked_return_type = "Outcome<LoanScheduleView>")]
pub fn loan_schedule(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
) -> JsValue {
    let outcome: Outcome<_> = read_entries::<LoanEntries>(&entries)
        .and_then(|entries| loan_schedule_view(&entries))
        .into();
    to_js(&outcome)
}

/// Term deposit interest for the calculator's entries, as typed: each payment, the total, the
/// maturity value, the reinvested alternative and a minimum-deposit warning.
#[wasm_bindgen(js_name = termDeposit, unchecked_return_type = "Outcome<TermDepositView>")]
pub fn term_deposit(
    #[wasm_bindgen(unchecked_param_type = "TermDepositEntries | string")] entries: JsValue,
) -> JsValue {
    let outcome: Outcome<_> = read_entries::<TermDepositEntries>(&entries)
        .and_then(|entries| term_deposit_view(&entries))
        .into();
    to_js(&outcome)
}
