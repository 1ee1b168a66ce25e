//! WebAssembly bindings of banksia-core for the Banksia Bank site.
//!
//! Thin by design: each export converts its input, calls core, and converts the result with the
//! one shared serializer below. No rule, message or formula lives here.
//! Failures cross as data (`{ ok: false, errors: { field: [messages] } }`), never as thrown
//! strings, so the page can show each message beside its input.

use std::collections::BTreeMap;

use banksia_core::loan::{self, LoanTerms};
use banksia_core::money::format_aud;
use rust_decimal::Decimal;
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

type FieldErrors = BTreeMap<String, Vec<String>>;

// The TypeScript shapes of what crosses the boundary, written into the generated .d.ts.
#[wasm_bindgen(typescript_custom_section)]
const BOUNDARY_TYPES: &str = r#"
export type FieldErrors = Record<string, string[]>;
export type Outcome<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };
export interface Money { amount: string; display: string }
export interface LoanTerms {
  principal: string | number;
  annual_rate_percent: string | number;
  term_years: number;
  frequency?: "monthly" | "fortnightly" | "weekly";
  interest_only_years?: number;
  extra_repayment?: string | number;
}
"#;

/// A calculation's result as it crosses to JavaScript: `{ ok: true, value }` or
/// `{ ok: false, errors: { field: [messages] } }`.
#[derive(Serialize)]
#[serde(untagged)]
enum Outcome<T> {
    Value { ok: bool, value: T },
    Errors { ok: bool, errors: FieldErrors },
}

impl<T> Outcome<T> {
    fn value(value: T) -> Self {
        Outcome::Value { ok: true, value }
    }

    fn errors(errors: FieldErrors) -> Self {
        Outcome::Errors { ok: false, errors }
    }
}

/// The one serializer of the boundary: plain JSON-compatible objects (maps as objects, no BigInt).
fn to_js<T: Serialize>(value: &T) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    // Our own plain data types always serialise; NULL would only ever show a bug in this crate.
    value.serialize(&serializer).unwrap_or(JsValue::NULL)
}

/// Reads a JavaScript value into a core input type; a wrong shape becomes an `input` field error.
fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, FieldErrors> {
    serde_wasm_bindgen::from_value(value)
        .map_err(|error| BTreeMap::from([("input".to_owned(), vec![error.to_string()])]))
}

/// An amount exactly (`"3143.92"`) and as shown to a person (`"$3,144"`).
#[derive(Serialize)]
struct Money {
    amount: Decimal,
    display: String,
}

impl Money {
    fn whole_dollars(amount: Decimal) -> Self {
        Money { amount, display: format_aud(amount, false) }
    }
}

/// The repayment per period for loan terms: exact and rounded to whole dollars for display.
#[wasm_bindgen(unchecked_return_type = "Outcome<Money>")]
pub fn repayment(#[wasm_bindgen(unchecked_param_type = "LoanTerms")] terms: JsValue) -> JsValue {
    let outcome = match from_js::<LoanTerms>(terms) {
        Ok(terms) => match loan::repayment(&terms) {
            Ok(amount) => Outcome::value(Money::whole_dollars(amount)),
            Err(error) => Outcome::errors(error.to_field_errors()),
        },
        Err(errors) => Outcome::errors(errors),
    };
    to_js(&outcome)
}
