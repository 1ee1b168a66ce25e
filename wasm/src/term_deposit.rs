//! The term deposit pages' exports (feature `term-deposit`): the calculator's interest, and which
//! interest-payment options each term offers. Entries exactly as typed in, read by their input
//! type's own `Deserialize`; figures through the shared serializer, or messages per entry.

use banksia_core::calculator::{
    TermDepositEntries, TermDepositField, TermDepositView, term_deposit_view,
};
use banksia_core::entries::Outcome;
use banksia_core::term_deposit::InterestFrequency;
use wasm_bindgen::prelude::*;

use crate::{json_text, read_entries, to_js};

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

/// The interest-payment options a term deposit of `termMonths` offers, in form order, each with
/// its label; none for a value that is not a whole number of months.
#[wasm_bindgen(js_name = termDepositOptions, unchecked_return_type = "InterestOption[]")]
pub fn term_deposit_options(
    #[wasm_bindgen(js_name = termMonths, unchecked_param_type = "number")] term_months: JsValue,
) -> JsValue {
    let months = term_months
        .as_f64()
        .filter(|months| months.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(months));
    // Checked whole and in range just above.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let offered = months.map_or_else(Vec::new, |months| {
        InterestFrequency::options_for(months as u32)
    });
    to_js(&offered)
}
