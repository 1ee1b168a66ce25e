//! The business and tax residency details' exports (feature `customer-details`), and the
//! ABN, ACN and TFN reader their inputs use: a package of
//! their own, so the wizard's first load doesn't carry them (about 29 KB brotli); the wizard
//! fetches it when a visitor reaches those steps.

use banksia_core::application::details::DetailKey;
use banksia_core::application::details::{
    DetailsInput, DetailsReport, ErrorSummaryLine, NOT_DETAILS_MESSAGE, NOT_MESSAGES_MESSAGE,
    check_details, details_error_summary, details_options,
};
use banksia_core::application::tax_numbers::{NumberKind, NumberReading, read_number};
use banksia_core::application::{
    ApplicationInput, DetailsPart, DetailsSummaryRow, NOT_JSON_MESSAGE, details_summary,
};
use banksia_core::entries::{Outcome, input_error};
use wasm_bindgen::prelude::*;

use crate::{
    TODAY_MESSAGE, TodayArg, Unread, json_text, read_json, text, to_js, today_arg, unread_message,
};

/// Checks the business (business accounts only) and tax residency details beside the
/// application's own answers, as of `today` (`YYYY-MM-DD` or the moment in milliseconds since 1970): messages
/// per field keyed by path (`business.owners.0.full_name`), and the checked record when nothing
/// fails. What can't be read is reported under `input`.
#[wasm_bindgen(js_name = validateDetails, unchecked_return_type = "DetailsReport")]
pub fn validate_details(
    #[wasm_bindgen(unchecked_param_type = "ApplicationInput | string")] application: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DetailsInput | string")] details: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | number")] today: JsValue,
) -> JsValue {
    to_js(&details_of(
        json_text(&application).as_deref(),
        json_text(&details).as_deref(),
        &today_arg(&today),
    ))
}

/// [`validate_details`] of the two JSON texts and today.
pub(crate) fn details_of(
    application: Option<&str>,
    details: Option<&str>,
    today: &TodayArg,
) -> DetailsReport {
    let application = match read_json::<ApplicationInput>(application) {
        Ok(application) => application,
        Err(unread) => return DetailsReport::unreadable(unread_message(unread)),
    };
    let details = match read_json::<DetailsInput>(details) {
        Ok(details) => details,
        Err(Unread::NotJson) => return DetailsReport::unreadable(NOT_JSON_MESSAGE),
        Err(Unread::Shape) => return DetailsReport::unreadable(NOT_DETAILS_MESSAGE),
    };
    match today.read() {
        Some(today) => check_details(&application, &details, today),
        None => DetailsReport::unreadable(TODAY_MESSAGE),
    }
}

/// [`validate_details`] as one page of the wizard checks it (`part`: `"business"`, `"owners"`
/// or `"tax_residency"`): only that page's messages (and `input`'s), and the record only when
/// everything passes.
#[wasm_bindgen(js_name = validateDetailsPart, unchecked_return_type = "DetailsReport")]
pub fn validate_details_part(
    #[wasm_bindgen(unchecked_param_type = "ApplicationInput | string")] application: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DetailsInput | string")] details: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DetailsPart")] part: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | number")] today: JsValue,
) -> JsValue {
    to_js(&details_part_of(
        json_text(&application).as_deref(),
        json_text(&details).as_deref(),
        &text(&part),
        &today_arg(&today),
    ))
}

/// [`validate_details_part`] of the two JSON texts, the part's code and today; an unknown part
/// checks everything.
pub(crate) fn details_part_of(
    application: Option<&str>,
    details: Option<&str>,
    part: &str,
    today: &TodayArg,
) -> DetailsReport {
    let report = details_of(application, details, today);
    match crate::quiet::from_name::<DetailsPart>(part) {
        Some(part) => report.on_part(part),
        None => report,
    }
}

/// Check your answers for the details: every answer of the business (business accounts only),
/// each owner and controller, the applicant's role and the tax residency, written for a person
/// (the ABN grouped, countries by name, the TFN masked), each under its group's heading with its
/// page and input path. What can't be read is reported under `input`.
#[wasm_bindgen(js_name = detailsSummary, unchecked_return_type = "Outcome<Array<DetailsSummaryRow>, DetailKey>")]
pub fn details_summary_js(
    #[wasm_bindgen(unchecked_param_type = "ApplicationInput | string")] application: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DetailsInput | string")] details: JsValue,
) -> JsValue {
    to_js(&details_summary_of(
        json_text(&application).as_deref(),
        json_text(&details).as_deref(),
    ))
}

/// [`details_summary_js`] of the two JSON texts.
pub(crate) fn details_summary_of(
    application: Option<&str>,
    details: Option<&str>,
) -> Outcome<Vec<DetailsSummaryRow>, DetailKey> {
    let read = read_json::<ApplicationInput>(application)
        .map_err(unread_message)
        .and_then(|application| {
            read_json::<DetailsInput>(details)
                .map(|details| details_summary(&application, &details))
                .map_err(|unread| match unread {
                    Unread::NotJson => NOT_JSON_MESSAGE,
                    Unread::Shape => NOT_DETAILS_MESSAGE,
                })
        });
    read.map_err(input_error::<DetailKey>).into()
}

/// The error summary of a details page for its messages (a `DetailsReport`'s errors, or the
/// server's 422 `details_errors`): each first message in form order, after the owner or
/// country it is about (`Owner or controller 2: ...`), with the path it links to. What can't
/// be read as messages per path is reported under `input`.
#[wasm_bindgen(js_name = detailsErrorSummary, unchecked_return_type = "Outcome<Array<ErrorSummaryLine>, DetailKey>")]
pub fn details_error_summary_js(
    #[wasm_bindgen(unchecked_param_type = "Record<string, readonly string[]> | string")]
    errors: JsValue,
) -> JsValue {
    to_js(&details_error_summary_of(json_text(&errors).as_deref()))
}

/// [`details_error_summary_js`] of the messages' JSON text.
pub(crate) fn details_error_summary_of(
    errors: Option<&str>,
) -> Outcome<Vec<ErrorSummaryLine>, DetailKey> {
    read_json::<std::collections::BTreeMap<String, Vec<String>>>(errors)
        .map(|errors| details_error_summary(&errors))
        .map_err(|unread| {
            input_error::<DetailKey>(match unread {
                Unread::NotJson => NOT_JSON_MESSAGE,
                Unread::Shape => NOT_MESSAGES_MESSAGE,
            })
        })
        .into()
}

/// The business and tax details' option lists (legal forms, ANZSIC divisions, roles, countries,
/// reasons for no TIN) and the TFN notice.
#[wasm_bindgen(js_name = detailsOptions, unchecked_return_type = "DetailsOptions")]
pub fn details_options_js() -> JsValue {
    to_js(&details_options())
}

/// An ABN, ACN or TFN as typed (`kind` is `"abn"`, `"acn"` or `"tfn"`), read by core's
/// check-digit rule: its digits and how it is shown (`51 824 753 556`, a TFN masked), or the
/// message saying what is wrong; `null` for a kind core doesn't know.
#[wasm_bindgen(js_name = readNumber, unchecked_return_type = "NumberReading | null")]
pub fn read_number_js(
    #[wasm_bindgen(unchecked_param_type = "NumberKind")] kind: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] number: JsValue,
) -> JsValue {
    to_js(&read_number_of(&text(&kind), &text(&number)))
}

/// [`read_number_js`] of the kind's code and the text.
pub(crate) fn read_number_of(kind: &str, number: &str) -> Option<NumberReading> {
    NumberKind::parse(kind).map(|kind| read_number(kind, number))
}
