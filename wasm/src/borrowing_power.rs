//! The borrowing power calculator's export (feature `borrowing-power`): entries exactly as typed in,
//! read by their own `Deserialize`; the estimate and how it was worked out through the shared
//! serializer, or messages per entry.

use banksia_core::borrowing_power::{
    BorrowingPowerEntries, BorrowingPowerField, BorrowingPowerView, borrowing_power_view,
};
use banksia_core::entries::Outcome;
use wasm_bindgen::prelude::*;

use crate::{TodayArg, json_text, read_entries, read_today, to_js, today_arg};

/// The borrowing power for the entries, with the tax rates of the income year in force on
/// `today` in the bank's home time: the moment (`Date.now()`, so core picks the
/// Australian date: 1 July from midnight there) or a date `YYYY-MM-DD`. The estimate, the
/// repayment, and how it was worked out.
#[wasm_bindgen(js_name = borrowingPower, unchecked_return_type = "Outcome<BorrowingPowerView, BorrowingPowerField>")]
pub fn borrowing_power(
    #[wasm_bindgen(unchecked_param_type = "BorrowingPowerEntries | string")] entries: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | number")] today: JsValue,
) -> JsValue {
    to_js(&borrowing_power_of(
        json_text(&entries).as_deref(),
        &today_arg(&today),
    ))
}

/// [`borrowing_power`] of the entries' JSON text.
pub(crate) fn borrowing_power_of(
    entries: Option<&str>,
    today: &TodayArg,
) -> Outcome<BorrowingPowerView, BorrowingPowerField> {
    read_entries::<BorrowingPowerEntries, _>(entries)
        .and_then(|entries| Ok((entries, read_today(today)?.bank_date())))
        .and_then(|(entries, today)| borrowing_power_view(&entries, today))
        .into()
}
