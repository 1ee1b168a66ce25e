//! Facts the site writes into its pages when it is built (feature `site-facts`): the product
//! catalog, each calculator's disclosure and the application's collection notice. No island calls
//! them: they are the `site-facts` package of `wasm/packages.json`, which no page fetches.

use wasm_bindgen::prelude::*;

use crate::to_js;

/// Every product's rates and fees as they stand on `today` (the moment,
/// `Date.now()`, or a date `YYYY-MM-DD`, read as the bank's home date): each rate
/// change announced for that day or before applied, later ones still announced; with each loan's
/// comparison rate worked out by core (`products::catalog().as_of(day)`). The site reads it at
/// build time, so a page shows the rates of the day it was built. `null` for an unreadable date.
#[wasm_bindgen(js_name = productCatalog, unchecked_return_type = "Catalog | null")]
pub fn product_catalog(
    #[wasm_bindgen(unchecked_param_type = "string | number")] today: JsValue,
) -> JsValue {
    match bank_day(&today) {
        Some(day) => to_js(&banksia_core::products::catalog().as_of(day)),
        None => JsValue::NULL,
    }
}

/// Every product's name, description, features and eligibility in words, as offered on `today`
/// (read as [`product_catalog`] reads it): the words the product data API publishes
/// (`products::offers::product_words`). `null` for an unreadable date.
#[wasm_bindgen(js_name = productWords, unchecked_return_type = "ProductWords[] | null")]
pub fn product_words(
    #[wasm_bindgen(unchecked_param_type = "string | number")] today: JsValue,
) -> JsValue {
    match bank_day(&today) {
        Some(day) => to_js(&banksia_core::products::offers::product_words(
            &banksia_core::products::catalog(),
            day,
        )),
        None => JsValue::NULL,
    }
}

fn bank_day(today: &JsValue) -> Option<chrono::NaiveDate> {
    crate::today_arg(today)
        .read()
        .map(|today| today.bank_date())
}

/// A calculator's purpose, assumptions and limitations (`"home_loan"`, `"term_deposit"`,
/// `"borrowing_power"`, `"key_facts_sheet"`), written by core from its own rules; `today` (the
/// moment, `Date.now()`, or a date `YYYY-MM-DD`) picks the income year by the
/// bank's home date. `null` for an unknown calculator or date.
#[wasm_bindgen(js_name = calculatorDisclosure, unchecked_return_type = "CalculatorDisclosure | null")]
pub fn calculator_disclosure(
    #[wasm_bindgen(unchecked_param_type = "Calculator")] calculator: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | number")] today: JsValue,
) -> JsValue {
    use banksia_core::disclosures::Calculator;
    // The calculator's name read by its own `Deserialize`, as every input is.
    let calculator: Option<Calculator> = crate::quiet::from_name(&crate::text(&calculator));
    let today = crate::today_arg(&today)
        .read()
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
