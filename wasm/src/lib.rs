//! WebAssembly bindings of banksia-core for the Banksia Bank site.
//!
//! Thin by design: each export converts its input, calls core, and converts the result with the
//! one shared serializer ([`to_js`]). No rule, message or formula lives here. Failures cross as
//! data (`{ ok: false, errors: { field: [messages] } }`, or a report's `errors`), never as
//! thrown exceptions, so the page can show each message beside its input; a value of the wrong
//! shape becomes a message under `input`.
//!
//! Data crosses as JSON text. A page's value is turned into JSON text by `JSON.stringify`, or
//! handed over as JSON text already (e.g. the very body the wizard will post). That text is
//! read exactly as the server reads a request body: `serde_json`'s deserializer (feature
//! `arbitrary_precision`) and the input type's own `Deserialize` (through [`quiet`], which
//! leaves serde's unused error messages unwritten), so the browser and the server
//! give the same answer for the same text, malformed text and enum fields included
//! (`tests/differential.test.mjs` checks it against [`native`]). Results are written by
//! `serde_json::to_string` and turned into plain objects by `JSON.parse`.
//!
//! Money never passes through a float in Rust: a number's digits reach core as written. A
//! JavaScript number crosses as the digits `JSON.stringify` writes for it, its shortest exact
//! decimal form (`6.45` stays `6.45`, `1e21` becomes `1e+21`, refused like every exponent);
//! the site itself hands amounts over as the text a person typed.
//!
//! The crate builds one package per island page, listed once in `wasm/packages.json` (each a
//! set of this crate's features: `home-loan`, `home-loan-tools` (the calculator's tools, fetched
//! after its first answer), `term-deposit`, `borrowing-power`, `stamp-duty`,
//! `offset` (the offset's savings, fetched when the stamp duty page's visitor turns to it), `application`,
//! `customer-details` (the business and tax details, fetched when the wizard reaches them),
//! and `site-facts` for what the build writes into pages); native builds (tests, clippy, the
//! `boundary` binary) compile every export. The TypeScript types of everything that crosses
//! are generated from the Rust types by `build.rs` and written into each package's `.d.ts`.

use banksia_core::money::{format_aud, parse_amount};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(any(feature = "application", not(target_arch = "wasm32")))]
mod application;
#[cfg(any(feature = "borrowing-power", not(target_arch = "wasm32")))]
mod borrowing_power;
#[cfg(any(feature = "customer-details", not(target_arch = "wasm32")))]
mod details;
#[cfg(any(feature = "home-loan", not(target_arch = "wasm32")))]
mod home_loan;
#[cfg(any(feature = "home-loan-tools", not(target_arch = "wasm32")))]
mod home_loan_tools;
#[cfg(not(target_arch = "wasm32"))]
pub mod native;
#[cfg(any(feature = "offset", not(target_arch = "wasm32")))]
mod offset;
mod quiet;
#[cfg(any(feature = "site-facts", not(target_arch = "wasm32")))]
mod site_facts;
#[cfg(any(feature = "stamp-duty", not(target_arch = "wasm32")))]
mod stamp_duty;
#[cfg(any(feature = "term-deposit", not(target_arch = "wasm32")))]
mod term_deposit;

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

/// Why a page's value could not be read as an input type. (The readers below are compiled where
/// an export reads entries, `cfg(reads_entries)` from build.rs: not into `site-facts`.)
#[cfg(reads_entries)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unread {
    /// Not JSON text (or a JavaScript value `JSON.stringify` refuses).
    NotJson,
    /// JSON, but not what the input type reads.
    Shape,
}

/// core's message for an application it can't read: the server's 400 answers with the same.
#[cfg(any(
    feature = "application",
    feature = "customer-details",
    not(target_arch = "wasm32")
))]
fn unread_message(unread: Unread) -> &'static str {
    match unread {
        Unread::NotJson => banksia_core::application::NOT_JSON_MESSAGE,
        Unread::Shape => banksia_core::application::NOT_AN_APPLICATION_MESSAGE,
    }
}

/// A page's value as JSON text: a string as it is, anything else written by `JSON.stringify`
/// (`undefined` as `null`); `None` for a value it refuses (a BigInt, a cycle).
#[cfg(reads_entries)]
fn json_text(value: &JsValue) -> Option<String> {
    match value.as_string() {
        Some(text) => Some(text),
        None => json_stringify(value)
            .ok()
            .map(|text| text.unwrap_or_else(|| "null".to_owned())),
    }
}

/// Reads `T` from JSON text exactly as the server reads a request body: `serde_json`'s
/// deserializer (feature `arbitrary_precision`) and `T`'s own `Deserialize`, through
/// [`quiet`], which only leaves serde's error messages unwritten. `None` is a value that could
/// not even be written as JSON.
#[cfg(reads_entries)]
fn read_json<T: serde::de::DeserializeOwned>(text: Option<&str>) -> Result<T, Unread> {
    quiet::from_json(text.ok_or(Unread::NotJson)?)
}

/// A calculator's entries from JSON text, read by their one `Deserialize`; what can't be read
/// is core's message under `input`.
#[cfg(any(
    feature = "home-loan",
    feature = "home-loan-tools",
    feature = "term-deposit",
    feature = "borrowing-power",
    feature = "stamp-duty",
    feature = "offset",
    not(target_arch = "wasm32")
))]
fn read_entries<T: serde::de::DeserializeOwned, F: banksia_core::entries::EntryField>(
    text: Option<&str>,
) -> Result<T, banksia_core::entries::FieldErrors<F>> {
    use banksia_core::entries::{NOT_ENTRIES_MESSAGE, NOT_JSON_MESSAGE, input_error};
    read_json(text).map_err(|unread| {
        input_error(match unread {
            Unread::NotJson => NOT_JSON_MESSAGE,
            Unread::Shape => NOT_ENTRIES_MESSAGE,
        })
    })
}

/// `today` as a page hands it over, before it is read: text (a date `YYYY-MM-DD`, the same in
/// every state) or a number (the moment, in the milliseconds since 1970 that `Date.now()`
/// gives, so each state's own date can be judged). A moment is a number rather than text so no
/// parser of a moment's text ships to the browser (docs/decisions.md).
#[cfg(reads_today)]
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum TodayArg {
    /// A string argument (empty for anything that is neither a string nor a number).
    Text(String),
    /// A number argument: milliseconds since 1970-01-01 00:00 UTC.
    Millis(f64),
}

#[cfg(reads_today)]
impl TodayArg {
    /// Core's `Today`, or `None` for text that isn't a date and a number that isn't a whole
    /// millisecond in chrono's range.
    pub(crate) fn read(&self) -> Option<banksia_core::application::Today> {
        use banksia_core::application::Today;
        match self {
            Self::Text(text) => Today::parse(text),
            // `as` saturates, and a saturated value is outside chrono's range: `None`.
            #[allow(clippy::cast_possible_truncation)]
            Self::Millis(millis) if millis.is_finite() && millis.fract() == 0.0 => {
                Today::from_epoch_millis(*millis as i64)
            }
            Self::Millis(_) => None,
        }
    }
}

/// A page's `today` argument: a number as [`TodayArg::Millis`], anything else as its text.
#[cfg(reads_today)]
fn today_arg(value: &JsValue) -> TodayArg {
    value
        .as_f64()
        .map_or_else(|| TodayArg::Text(text(value)), TodayArg::Millis)
}

/// What every export answers for a `today` it can't read.
#[cfg(reads_today)]
pub(crate) const TODAY_MESSAGE: &str =
    "today must be a date written YYYY-MM-DD or a moment in milliseconds since 1970 (Date.now())";

/// [`TodayArg::read`], or an `input` error with [`TODAY_MESSAGE`].
#[cfg(any(
    feature = "borrowing-power",
    feature = "home-loan-tools",
    feature = "key-facts-sheet",
    feature = "stamp-duty",
    not(target_arch = "wasm32")
))]
fn read_today<F: banksia_core::entries::EntryField>(
    today: &TodayArg,
) -> Result<banksia_core::application::Today, banksia_core::entries::FieldErrors<F>> {
    today
        .read()
        .ok_or_else(|| banksia_core::entries::input_error(TODAY_MESSAGE))
}

/// A string argument; anything else reads as empty text. Arguments are taken as `JsValue`
/// (typed `string` in TypeScript) because wasm-bindgen's own conversion throws on `undefined`.
fn text(value: &JsValue) -> String {
    value.as_string().unwrap_or_default()
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

/// The repayment frequencies a loan form offers, in form order, each with its label and words
/// (core's `RepaymentFrequency::options`).
#[wasm_bindgen(js_name = repaymentFrequencies, unchecked_return_type = "FrequencyOption[]")]
pub fn repayment_frequencies() -> JsValue {
    to_js(&banksia_core::loan::RepaymentFrequency::options())
}

/// Talc rather than the standard library's dlmalloc: about 6 KB smaller in each package, and no
/// slower in the Node bench (benches/README.md).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
