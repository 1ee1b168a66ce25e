//! The stamp duty calculator's exports (feature `stamp-duty`): transfer duty with its
//! concessions and the cash needed on the day. (The offset calculator on the same page calls
//! the `offset` package, fetched when the visitor turns to it.) Entries exactly
//! as typed in, read by their own `Deserialize`; the answer through the shared serializer, or
//! messages per entry.

use banksia_core::entries::Outcome;
use banksia_core::transfer_duty::{
    StampDutyEntries, StampDutyField, StampDutyView, stamp_duty_view,
};
use wasm_bindgen::prelude::*;

use crate::{TodayArg, json_text, read_entries, read_today, to_js, today_arg};

/// Transfer duty on the entries, the contract dated `today` in the bank's home time when no
/// contract date is entered (`Date.now()` or `YYYY-MM-DD`): the duty, the
/// concession and why, the table's date and revenue office page, and with a deposit the cash
/// needed on the day.
#[wasm_bindgen(js_name = stampDuty, unchecked_return_type = "Outcome<StampDutyView, StampDutyField>")]
pub fn stamp_duty(
    #[wasm_bindgen(unchecked_param_type = "StampDutyEntries | string")] entries: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | number")] today: JsValue,
) -> JsValue {
    to_js(&stamp_duty_of(
        json_text(&entries).as_deref(),
        &today_arg(&today),
    ))
}

/// [`stamp_duty`] of the entries' JSON text.
pub(crate) fn stamp_duty_of(
    entries: Option<&str>,
    today: &TodayArg,
) -> Outcome<StampDutyView, StampDutyField> {
    read_entries::<StampDutyEntries, _>(entries)
        .and_then(|entries| Ok((entries, read_today(today)?.bank_date())))
        .and_then(|(entries, today)| stamp_duty_view(&entries, today))
        .into()
}
