//! The calculators' exports (feature `calculators`): entries exactly as typed in, figures
//! exact and formatted out, or messages per entry.

use banksia_core::calculator::{
    FieldErrors, LoanEntries, Outcome, TermDepositEntries, loan_repayment, loan_schedule_view,
    term_deposit_view,
};
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

use crate::{Unread, input_error, read_js, to_js};

/// What a page is told when its entries are not one object of the calculator's fields.
const ENTRIES_SHAPE_MESSAGE: &str =
    "expected an object of the calculator's entries, each text, a number or null";

/// A calculator's entries (an object, or its JSON text) read by their one `Deserialize`; what
/// can't be read is an `input` error.
fn read_entries<T: DeserializeOwned>(value: &JsValue) -> Result<T, FieldErrors> {
    read_js(value).map_err(|unread| match unread {
        Unread::NotJson => input_error("expected plain data (JSON)"),
        Unread::Shape => input_error(ENTRIES_SHAPE_MESSAGE),
    })
}

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
