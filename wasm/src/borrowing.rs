//! The borrowing power calculator's export (feature `borrowing`, `pkg-borrowing/`): entries
//! exactly as typed in, read by their own `Deserialize`; the estimate and how it was worked
//! out through the shared serializer, or messages per entry.

use banksia_core::borrowing_power::{BorrowingPowerEntries, borrowing_power_view};
use banksia_core::calculator::Outcome;
use wasm_bindgen::prelude::*;

use crate::{read_entries, read_today, to_js};

/// The borrowing power for the entries, with the tax rates in force on `today`
/// (`YYYY-MM-DD`): the estimate, the repayment, and how it was worked out.
#[wasm_bindgen(js_name = borrowingPower, unchecked_return_type = "Outcome<BorrowingPowerView>")]
pub fn borrowing_power(
    #[wasm_bindgen(unchecked_param_type = "BorrowingPowerEntries | string")] entries: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] today: JsValue,
) -> JsValue {
    let outcome: Outcome<_> = read_entries::<BorrowingPowerEntries>(&entries)
        .and_then(|entries| Ok((entries, read_today(&today)?.bank_date())))
        .and_then(|(entries, today)| borrowing_power_view(&entries, today))
        .into();
    to_js(&outcome)
}
