//! Facts the site writes into its pages when it is built (feature `site-facts`): the product
//! catalog, each calculator's disclosure and the application's collection notice. No island calls
//! them: they are the `site-facts` package of `wasm/packages.json`, which no page fetches.

use wasm_bindgen::prelude::*;

use crate::to_js;

/// Every product's rates and fees with their effective dates and history, and each loan's
/// comparison rate worked out by core (`products::catalog`). The site reads it at build time.
#[wasm_bindgen(js_name = productCatalog, unchecked_return_type = "Catalog")]
pub fn product_catalog() -> JsValue {
    to_js(&banksia_core::products::catalog())
}

/// A calculator's purpose, assumptions and limitations (`"home_loan"`, `"term_deposit"`,
/// `"borrowing_power"`, `"key_facts_sheet"`), written by core from its own rules; `today` (the
/// moment, `new Date().toISOString()`, or a date `YYYY-MM-DD`) picks the income year by the
/// bank's home date. `null` for an unknown calculator or date.
#[wasm_bindgen(js_name = calculatorDisclosure, unchecked_return_type = "CalculatorDisclosure | null")]
pub fn calculator_disclosure(
    #[wasm_bindgen(unchecked_param_type = "Calculator")] calculator: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] today: JsValue,
) -> JsValue {
    use banksia_core::disclosures::Calculator;
    // The calculator's name read by its own `Deserialize`, as every input is.
    let calculator: Option<Calculator> =
        serde_json::from_value(serde_json::Value::String(crate::text(&calculator))).ok();
    let today = banksia_core::application::Today::parse(&crate::text(&today))
        .map(|today| today.bank_date());
    match (calculator, today) {
        (Some(calculator), Some(today)) => to_js(
            &banksia_core::disclosures::calculator_disclosure(calculator, today),
        ),
        _ => JsValue::NULL,
    }
}

/// The application's privacy collection notice, with its version and the terms' version.
#[wasm_bindgen(js_name = collectionNotice, unchecked_return_type = "CollectionNotice")]
pub fn collection_notice(
    #[wasm_bindgen(unchecked_param_type = "string")] bank: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] phone: JsValue,
) -> JsValue {
    to_js(&banksia_core::disclosures::collection_notice(
        &crate::text(&bank),
        &crate::text(&phone),
    ))
}
