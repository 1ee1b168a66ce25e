//! The calculators' exports (feature `calculators`): entries exactly as typed in, figures
//! exact and formatted out, or messages per entry.

use banksia_core::calculator::{
    Entry, FieldErrors, LoanEntries, Outcome, TermDepositEntries, loan_repayment,
    loan_schedule_view, term_deposit_view,
};
use wasm_bindgen::prelude::*;

use crate::json::{self, Value};
use crate::{input_error, read_js, to_js};

/// The (name, entry) pairs of a calculator's entries object: text and numbers as written,
/// `null` blank.
fn entries(value: &JsValue) -> Result<Vec<(String, Entry)>, FieldErrors> {
    let mut pairs = Vec::with_capacity(6);
    read_js(value, |name, value| {
        let entry = match value {
            Value::Null => Entry::Blank,
            Value::Text(text) => Entry::Text(text.into_owned()),
            Value::Number(number) => Entry::Text(number.to_owned()),
            Value::Bool(_) | Value::Nested => {
                return Err(json::Error::new(format!(
                    "{name}: expected text, a number or null"
                )));
            }
        };
        pairs.push((name.to_owned(), entry));
        Ok(())
    })?;
    Ok(pairs)
}

fn loan_entries(value: &JsValue) -> Result<LoanEntries, FieldErrors> {
    LoanEntries::from_entries(entries(value)?).map_err(input_error)
}

fn term_deposit_entries(value: &JsValue) -> Result<TermDepositEntries, FieldErrors> {
    TermDepositEntries::from_entries(entries(value)?).map_err(input_error)
}

/// The repayment per period for the entries: exact, and in whole dollars for display.
#[wasm_bindgen(unchecked_return_type = "Outcome<Money>")]
pub fn repayment(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries")] entries: JsValue,
) -> JsValue {
    let outcome: Outcome<_> = loan_entries(&entries)
        .and_then(|entries| loan_repayment(&entries))
        .into();
    to_js(&outcome)
}

/// The whole loan for the calculator's entries, as typed: repayment, totals, payoff time,
/// savings from an extra repayment, and a summary per year.
#[wasm_bindgen(js_name = loanSchedule, unchecked_return_type = "Outcome<LoanScheduleView>")]
pub fn loan_schedule(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries")] entries: JsValue,
) -> JsValue {
    let outcome: Outcome<_> = loan_entries(&entries)
        .and_then(|entries| loan_schedule_view(&entries))
        .into();
    to_js(&outcome)
}

/// Term deposit interest for the calculator's entries, as typed: each payment, the total, the
/// maturity value, the reinvested alternative and a minimum-deposit warning.
#[wasm_bindgen(js_name = termDeposit, unchecked_return_type = "Outcome<TermDepositView>")]
pub fn term_deposit(
    #[wasm_bindgen(unchecked_param_type = "TermDepositEntries")] entries: JsValue,
) -> JsValue {
    let outcome: Outcome<_> = term_deposit_entries(&entries)
        .and_then(|entries| term_deposit_view(&entries))
        .into();
    to_js(&outcome)
}
