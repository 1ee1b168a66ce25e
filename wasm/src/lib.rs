//! WebAssembly bindings of banksia-core for the Banksia Bank site.
//!
//! Thin by design: each export converts its input, calls core, and converts the result with the
//! one shared serializer ([`to_js`]). No rule, message or formula lives here. Failures cross as
//! data (`{ ok: false, errors: { field: [messages] } }`, or a report's `errors`), never as
//! thrown exceptions, so the page can show each message beside its input; a value of the wrong
//! shape becomes a message under `input`.
//!
//! Data crosses as one JSON string each way. A page's value is turned into JSON text by
//! `JSON.stringify`, or handed over as JSON text already (e.g. the very body the wizard will
//! post). That text is read exactly as the server reads a request body: by `serde_json`
//! (feature `arbitrary_precision`) and the input type's own `Deserialize`, through [`quiet`],
//! which only keeps serde's error messages from being formatted (they would link Rust's float
//! printing, about 20 KB; see ARCHITECTURE.md). So the browser and the server give the same
//! answer for the same text, malformed text included. Results are written by
//! `serde_json::to_string` and turned into plain objects by `JSON.parse`.
//!
//! Money never passes through a float in Rust: a number's digits reach core as written. A
//! JavaScript number crosses as the digits `JSON.stringify` writes for it, its shortest exact
//! decimal form (`6.45` stays `6.45`, `1e21` becomes `1e+21`, refused like every exponent);
//! the site itself hands amounts over as the text a person typed.
//!
//! The crate builds four packages, so that a page downloads only the half of core it uses:
//!
//! * feature `calculators` (the default, `pkg/`): `repayment`, `loanSchedule`, `termDeposit`;
//! * feature `application` (`pkg-application/`): `validateStep`, `validateApplication`,
//!   `normaliseApplication`, `formOptions`, `bankToday`, `stepFields`, `stepInputs`, `fieldLabel`,
//!   `contactDetails`, `nextSteps`;
//!
//! * feature `borrowing` (`pkg-borrowing/`): `borrowingPower`;
//! * feature `tools` (`pkg-tools/`): `loanRateRises`, `compareLoans`, `loanScheduleCsv`,
//!   `productCatalog`, `keyFactsSheet`,
//!   `termDepositOptions`;
//!
//! (the borrowing power and the loan tools together are 69 KB gzip, over the 60 KB budget of
//! one package, so each has its own) and all four hold `formatAud`, `isValidReference` and
//! `referenceFromRandom`. Native builds (tests, clippy) compile everything. The TypeScript
//! types of everything that crosses are generated from the Rust types by `build.rs` and
//! written into each package's `.d.ts`.

use std::collections::BTreeMap;

use banksia_core::calculator::FieldErrors;
use banksia_core::money::{format_aud, parse_amount};
use banksia_core::reference::{is_valid_reference, reference_from_random};
use quiet::Unread;
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

#[cfg(any(feature = "application", not(target_arch = "wasm32")))]
mod application;
#[cfg(any(feature = "borrowing", not(target_arch = "wasm32")))]
mod borrowing;
#[cfg(any(feature = "calculators", not(target_arch = "wasm32")))]
mod calculators;
mod quiet;
#[cfg(any(feature = "tools", not(target_arch = "wasm32")))]
mod tools;

#[wasm_bindgen(typescript_custom_section)]
const BOUNDARY_TYPES: &str = include_str!(concat!(env!("OUT_DIR"), "/boundary.d.ts"));

#[wasm_bindgen]
extern "C" {
    /// `JSON.stringify`; `None` for `undefined`, an error for a BigInt or a cycle.
    #[wasm_bindgen(js_namespace = JSON, js_name = stringify, catch)]
    fn json_stringify(value: &JsValue) -> Result<Option<String>, JsValue>;

    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &str) -> JsValue;
}

/// The one serializer of the boundary: the value as JSON text, parsed by `JSON.parse` into
/// plain objects.
fn to_js<T: Serialize>(value: &T) -> JsValue {
    // Core's plain data types always serialise; NULL would only ever show a bug in this crate.
    serde_json::to_string(value).map_or(JsValue::NULL, |text| json_parse(&text))
}

/// The one error helper: a message under `input` for a value core can't take.
fn input_error(message: impl Into<String>) -> FieldErrors {
    BTreeMap::from([("input".to_owned(), vec![message.into()])])
}

/// Reads `T` with its one `Deserialize` from JSON text, or from a JavaScript value turned into
/// JSON text by `JSON.stringify`.
fn read_js<T: DeserializeOwned>(value: &JsValue) -> Result<T, Unread> {
    let text = match value.as_string() {
        Some(text) => text,
        None => json_stringify(value)
            .map_err(|_| Unread::NotJson)?
            .unwrap_or_else(|| "null".to_owned()),
    };
    quiet::from_json(&text)
}

/// A calculator's entries (an object, or its JSON text) read by their one `Deserialize`; what
/// can't be read is an `input` error.
#[cfg(any(
    feature = "calculators",
    feature = "borrowing",
    feature = "tools",
    not(target_arch = "wasm32")
))]
fn read_entries<T: DeserializeOwned>(value: &JsValue) -> Result<T, FieldErrors> {
    read_js(value).map_err(|unread| match unread {
        Unread::NotJson => input_error("expected plain data (JSON)"),
        Unread::Shape => input_error(
            "expected an object of the calculator's entries, each text, a number or null",
        ),
    })
}

/// Today as the page gives it: a date (`YYYY-MM-DD`, the same in every state) or the moment
/// (`Date.toISOString()`, so each state's own date can be judged); an `input` error otherwise.
#[cfg(any(
    feature = "application",
    feature = "borrowing",
    not(target_arch = "wasm32")
))]
fn read_today(value: &JsValue) -> Result<banksia_core::application::Today, FieldErrors> {
    banksia_core::application::Today::parse(&text(value)).ok_or_else(|| {
        input_error("today must be a date written YYYY-MM-DD or a moment in RFC 3339")
    })
}

/// A string argument; anything else reads as empty text. Arguments are taken as `JsValue`
/// (typed `string` in TypeScript) because wasm-bindgen's own conversion throws on `undefined`.
fn text(value: &JsValue) -> String {
    value.as_string().unwrap_or_default()
}

/// Whether `candidate` is a well-formed `BKS-` reference with a correct check character.
#[wasm_bindgen(js_name = isValidReference)]
pub fn is_valid_reference_js(
    #[wasm_bindgen(unchecked_param_type = "string")] candidate: JsValue,
) -> bool {
    is_valid_reference(&text(&candidate))
}

/// A new `BKS-` reference from 16 random bytes (e.g. `crypto.getRandomValues`); `""` unless
/// exactly 16 bytes are given.
#[wasm_bindgen(js_name = referenceFromRandom)]
pub fn reference_from_random_js(random: Option<Vec<u8>>) -> String {
    random
        .and_then(|random| <[u8; 16]>::try_from(random).ok())
        .map_or_else(String::new, reference_from_random)
}

/// An amount (`"3143.92"`, `"$1,250.50"`) in Australian dollars: `"$3,144"`, or `"$3,143.92"`
/// with cents; `""` for text that isn't an amount.
#[wasm_bindgen(js_name = formatAud)]
pub fn format_aud_js(
    #[wasm_bindgen(unchecked_param_type = "string")] amount: JsValue,
    #[wasm_bindgen(js_name = showCents)] show_cents: bool,
) -> String {
    parse_amount(&text(&amount))
        .map_or_else(|_| String::new(), |amount| format_aud(amount, show_cents))
}

/// Talc rather than the standard library's dlmalloc: about 6 KB smaller in each package, and no
/// slower in the Node bench (benches/README.md).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
