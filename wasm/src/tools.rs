//! The calculator tools' exports (feature `tools`, `pkg-tools/`): the home loan if rates
//! rise, two loans compared, the schedule as CSV, and which interest-payment options a term
//! deposit term allows. Entries exactly as typed in, read by their input type's
//! own `Deserialize`; results through the shared serializer, or messages per entry.

use banksia_core::calculator::{LoanEntries, LoanField};
use banksia_core::entries::Outcome;
use banksia_core::key_facts::{KeyFactsField, KeyFactsSheet};
use banksia_core::loan_scenarios::{
    ComparisonField, LoanComparison, RateRise, compare_entries, rate_rises_for, schedule_csv_for,
};
use banksia_core::term_deposit::InterestFrequency;
use wasm_bindgen::prelude::*;

use crate::{json_text, read_entries, read_today, text, to_js};

/// The repayment of the home loan calculator's entries if the rate rose by 1, 2 and 3
/// percentage points, and the difference from today's, each period.
#[wasm_bindgen(js_name = loanRateRises, unchecked_return_type = "Outcome<RateRise[], LoanField>")]
pub fn loan_rate_rises(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
) -> JsValue {
    to_js(&loan_rate_rises_of(json_text(&entries).as_deref()))
}

/// [`loan_rate_rises`] of the entries' JSON text.
pub(crate) fn loan_rate_rises_of(entries: Option<&str>) -> Outcome<Vec<RateRise>, LoanField> {
    read_entries::<LoanEntries, _>(entries)
        .and_then(|entries| rate_rises_for(&entries))
        .into()
}

/// Two loans' entries side by side and the difference, second minus first; problems are named
/// within their loan (`second.term_years`).
#[wasm_bindgen(js_name = compareLoans, unchecked_return_type = "Outcome<LoanComparison, ComparisonField>")]
pub fn compare_loans(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] first: JsValue,
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] second: JsValue,
) -> JsValue {
    to_js(&compare_loans_of(
        json_text(&first).as_deref(),
        json_text(&second).as_deref(),
    ))
}

/// [`compare_loans`] of the two entries' JSON texts.
pub(crate) fn compare_loans_of(
    first: Option<&str>,
    second: Option<&str>,
) -> Outcome<LoanComparison, ComparisonField> {
    read_entries::<LoanEntries, _>(first)
        .and_then(|first| Ok((first, read_entries::<LoanEntries, _>(second)?)))
        .and_then(|(first, second)| compare_entries(&first, &second))
        .into()
}

/// The loan's details and every repayment of the schedule for the home loan calculator's
/// entries, each with its due date for a loan drawn on `start` (`YYYY-MM-DD`, or a moment in
/// RFC 3339: its date in Sydney), as CSV text.
#[wasm_bindgen(js_name = loanScheduleCsv, unchecked_return_type = "Outcome<string, LoanField>")]
pub fn loan_schedule_csv(
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] start: JsValue,
) -> JsValue {
    to_js(&loan_schedule_csv_of(
        json_text(&entries).as_deref(),
        &text(&start),
    ))
}

/// [`loan_schedule_csv`] of the entries' JSON text and the start date's text.
pub(crate) fn loan_schedule_csv_of(
    entries: Option<&str>,
    start: &str,
) -> Outcome<String, LoanField> {
    read_entries::<LoanEntries, _>(entries)
        .and_then(|entries| Ok((entries, read_today(start)?.bank_date())))
        .and_then(|(entries, start)| schedule_csv_for(&entries, start))
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

/// Every product's rates and fees with their effective dates and history, and each loan's
/// comparison rate worked out by core (`products::catalog`). The site reads it at build time.
#[wasm_bindgen(js_name = productCatalog, unchecked_return_type = "Catalog")]
pub fn product_catalog() -> JsValue {
    to_js(&banksia_core::products::catalog())
}

/// The Key Facts Sheet of a standard home loan for the amount, term and frequency of the
/// calculator's entries (their rate is the product's), or messages per entry.
#[wasm_bindgen(js_name = keyFactsSheet, unchecked_return_type = "Outcome<KeyFactsSheet, KeyFactsField>")]
pub fn key_facts_sheet(
    #[wasm_bindgen(unchecked_param_type = "string")] product: JsValue,
    #[wasm_bindgen(unchecked_param_type = "LoanEntries | string")] entries: JsValue,
) -> JsValue {
    to_js(&key_facts_sheet_of(
        &crate::text(&product),
        json_text(&entries).as_deref(),
    ))
}

/// [`key_facts_sheet`] of the product and the entries' JSON text.
pub(crate) fn key_facts_sheet_of(
    product: &str,
    entries: Option<&str>,
) -> Outcome<KeyFactsSheet, KeyFactsField> {
    read_entries::<LoanEntries, _>(entries)
        .and_then(|entries| banksia_core::key_facts::key_facts_sheet(product, &entries))
        .into()
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
