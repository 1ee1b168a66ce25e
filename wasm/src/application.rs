//! The account application's exports (feature `application`): the wizard's checks and the
//! form's option lists.

use banksia_core::application::checks::bank_date;
use banksia_core::application::{
    ApplicationInput, Field, SummaryRow, Today, answer_summary, form_options, step_inputs,
    wizard_pages_for, wizard_steps,
};
use banksia_core::application_form::{
    ApplicationReport, MessageKey, check_application, check_every_field, check_step,
};
use banksia_core::contact::{CONTACT, next_steps, submitted_notice};
use banksia_core::entries::{Outcome, input_error};
use banksia_core::reference::{is_valid_reference, reference_from_random};
use wasm_bindgen::prelude::*;

use crate::{
    TODAY_MESSAGE, TodayArg, json_text, read_json, text, to_js, today_arg, unread_message,
};

/// Reads the input (the JSON text of the body to be posted, or an object written as JSON) with
/// [`ApplicationInput`]'s one `Deserialize`, the server's reader of the request body, and
/// today (a date `YYYY-MM-DD`, or the moment in milliseconds since 1970), and runs `check`: core's report, the
/// same envelope the server's 422 is. What can't be read is reported under `input` with the
/// message the server answers with.
pub(crate) fn check_of(
    input: Option<&str>,
    today: &TodayArg,
    check: impl FnOnce(&ApplicationInput, Today) -> ApplicationReport,
) -> ApplicationReport {
    let input = match read_json::<ApplicationInput>(input) {
        Ok(input) => input,
        Err(unread) => return ApplicationReport::unreadable(unread_message(unread)),
    };
    match today.read() {
        Some(today) => check(&input, today),
        None => ApplicationReport::unreadable(TODAY_MESSAGE),
    }
}

/// [`check_of`] for a page's values.
fn check(
    input: JsValue,
    today: &JsValue,
    check: impl FnOnce(&ApplicationInput, Today) -> ApplicationReport,
) -> JsValue {
    to_js(&check_of(
        json_text(&input).as_deref(),
        &today_arg(today),
        check,
    ))
}

/// Checks the fields of one wizard step (1 to 5; any other number checks every field) as of
/// `today` (`YYYY-MM-DD`): errors and warnings per field, in form order.
#[wasm_bindgen(js_name = validateStep, unchecked_return_type = "ApplicationReport")]
pub fn validate_step(
    step: u32,
    #[wasm_bindgen(unchecked_param_type = "ApplicationInput | string")] input: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | number")] today: JsValue,
) -> JsValue {
    let step = u8::try_from(step).unwrap_or(0);
    check(input, &today, |input, today| check_step(step, input, today))
}

/// Checks every field of the application as of `today` (`YYYY-MM-DD`), before submitting:
/// errors and warnings per field, and the step of the first error.
#[wasm_bindgen(js_name = validateApplication, unchecked_return_type = "ApplicationReport")]
pub fn validate_application(
    #[wasm_bindgen(unchecked_param_type = "ApplicationInput | string")] input: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | number")] today: JsValue,
) -> JsValue {
    check(input, &today, check_every_field)
}

/// The same check, and when it passes the normalised record the server stores (trimmed text,
/// `+61` phone, amounts with cents, ...) in `application`.
#[wasm_bindgen(js_name = normaliseApplication, unchecked_return_type = "ApplicationReport")]
pub fn normalise_application(
    #[wasm_bindgen(unchecked_param_type = "ApplicationInput | string")] input: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | number")] today: JsValue,
) -> JsValue {
    check(input, &today, check_application)
}

/// The form's option lists: account types (label, description, minimum-deposit hint), states
/// with full names, employment statuses and identification types.
#[wasm_bindgen(js_name = formOptions, unchecked_return_type = "FormOptions")]
pub fn form_options_js() -> JsValue {
    to_js(&form_options())
}

/// The fields a person fills in on a wizard step (1 to 5), in form order: core's step table.
/// An empty list for any other number.
#[wasm_bindgen(js_name = stepFields, unchecked_return_type = "Array<Field>")]
pub fn step_fields(step: u32) -> JsValue {
    to_js(&Field::entered_in_step(u8::try_from(step).unwrap_or(0)))
}

/// The inputs of a wizard step (1 to 5), in the order shown, each as core describes it (kind,
/// label, hint, autocomplete, required, maximum length, options): the step's layout. An empty
/// list for any other number.
#[wasm_bindgen(js_name = stepInputs, unchecked_return_type = "Array<FieldInput>")]
pub fn step_inputs_js(step: u32) -> JsValue {
    to_js(&step_inputs(u8::try_from(step).unwrap_or(0)))
}

/// A field's form label (`"Street address"`); an empty string for a name that is not a field.
#[wasm_bindgen(js_name = fieldLabel)]
pub fn field_label(#[wasm_bindgen(unchecked_param_type = "Field")] field: JsValue) -> String {
    Field::parse(&text(&field))
        .map(Field::label)
        .unwrap_or_default()
        .to_owned()
}

/// Today in the bank's home time, Sydney's with daylight saving (`YYYY-MM-DD`), at a time given
/// in milliseconds since the Unix epoch (`Date.now()`): the date the server judges by before the
/// applicant's state is known.
#[wasm_bindgen(js_name = bankToday)]
pub fn bank_today(epoch_millis: f64) -> String {
    // A saturating cast, then integer division: no float arithmetic, and NaN becomes 0.
    let seconds = (epoch_millis as i64).div_euclid(1000);
    bank_date(seconds)
        .map(|date| date.to_string())
        .unwrap_or_default()
}

/// Check your answers: every answer of steps 1 to 4 written for a person (labels, full state
/// name, amounts in dollars, the date of birth written out, "Not provided"), in form order, each
/// with its step and field; for an input core can't read, the server's message under `input`.
#[wasm_bindgen(js_name = answerSummary, unchecked_return_type = "Outcome<Array<SummaryRow>, MessageKey>")]
pub fn answer_summary_js(
    #[wasm_bindgen(unchecked_param_type = "ApplicationInput | string")] input: JsValue,
) -> JsValue {
    to_js(&answer_summary_of(json_text(&input).as_deref()))
}

/// [`answer_summary_js`] of the application's JSON text.
pub(crate) fn answer_summary_of(input: Option<&str>) -> Outcome<Vec<SummaryRow>, MessageKey> {
    read_json::<ApplicationInput>(input)
        .map(|input| answer_summary(&input))
        .map_err(|unread| input_error(unread_message(unread)))
        .into()
}

/// The bank's name, legal identity, contact details and service promises: core's one statement
/// of them, which the server's emails quote too (the site reads it at build time).
#[wasm_bindgen(js_name = contactDetails, unchecked_return_type = "ContactDetails")]
pub fn contact_details_js() -> JsValue {
    to_js(&CONTACT)
}

/// "What happens next" after an application is sent: the steps the confirmation email lists.
#[wasm_bindgen(js_name = nextSteps, unchecked_return_type = "Array<NextStep>")]
pub fn next_steps_js() -> JsValue {
    to_js(&next_steps())
}

/// The wizard's steps in order: each step's number, title, line of help and fields (core's
/// step table). Their count is the "Step N of 5".
#[wasm_bindgen(js_name = wizardSteps, unchecked_return_type = "Array<WizardStep>")]
pub fn wizard_steps_js() -> JsValue {
    to_js(&wizard_steps())
}

/// The wizard's pages for the account type as typed (`business_checking`; anything else a
/// personal account's): the five steps, each step's own fields then the parts of the details
/// that belong to it, each page with its step (the "Step N of 5") and its place in the step.
#[wasm_bindgen(js_name = wizardPages, unchecked_return_type = "Array<WizardPage>")]
pub fn wizard_pages_js(
    #[wasm_bindgen(unchecked_param_type = "string")] account_type: JsValue,
) -> JsValue {
    to_js(&wizard_pages_for(&text(&account_type)))
}

/// What the wizard says once the application is stored (spec section 8's success toast, with
/// core's review time).
#[wasm_bindgen(js_name = submittedNotice, unchecked_return_type = "Notice")]
pub fn submitted_notice_js() -> JsValue {
    to_js(&submitted_notice())
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
