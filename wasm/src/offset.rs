//! The offset calculator's export (feature `offset`): what an offset account saves. A package of
//! its own, fetched by the stamp duty page's offset calculator once the visitor turns to it, so
//! the duty calculator's first answer doesn't carry core's loan schedule. Entries exactly as
//! typed in, read by their own `Deserialize`; the answer through the shared serializer, or
//! messages per entry.

use banksia_core::entries::Outcome;
use banksia_core::offset::{OffsetEntries, OffsetField, OffsetView, offset_view};
use wasm_bindgen::prelude::*;

use crate::{json_text, read_entries, to_js};

/// What an offset balance and a monthly addition save on the loan entered: interest and time
/// saved, on core's exact loan schedule.
#[wasm_bindgen(js_name = offsetSavings, unchecked_return_type = "Outcome<OffsetView, OffsetField>")]
pub fn offset_savings(
    #[wasm_bindgen(unchecked_param_type = "OffsetEntries | string")] entries: JsValue,
) -> JsValue {
    to_js(&offset_savings_of(json_text(&entries).as_deref()))
}

/// [`offset_savings`] of the entries' JSON text.
pub(crate) fn offset_savings_of(entries: Option<&str>) -> Outcome<OffsetView, OffsetField> {
    read_entries::<OffsetEntries, _>(entries)
        .and_then(|entries| offset_view(&entries))
        .into()
}
