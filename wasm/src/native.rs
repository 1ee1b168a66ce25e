//! The exports' bodies called natively (never in a WASM package): each takes the same JSON
//! text a page hands over and gives the same value the export serialises, read by the same
//! reader (`quiet.rs`: serde_json's deserializer, as on the server). `src/bin/boundary.rs`
//! runs them for the differential test (`wasm/tests/differential.test.mjs`), which compares them with the built packages.

use banksia_core::application_form::{check_application, check_every_field, check_step};
use serde::Serialize;
use serde_json::Value;

use crate::TodayArg;

/// One call: an export's JavaScript name and its arguments as the page passes them (JSON text
/// for an input, plain strings and numbers otherwise).
#[derive(Debug, serde::Deserialize)]
pub struct Call {
    /// The export's JavaScript name (`"repayment"`).
    pub export: String,
    /// Its arguments.
    pub args: Vec<Value>,
}

fn json(value: impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The text of an argument; `None` for an argument that is not a string.
fn arg(args: &[Value], index: usize) -> Option<&str> {
    args.get(index).and_then(Value::as_str)
}

/// A `today` argument as the export reads it from JavaScript: a number as milliseconds, anything
/// else as its text (empty for what is not a string).
fn today_arg(args: &[Value], index: usize) -> TodayArg {
    match args.get(index) {
        Some(Value::Number(number)) => TodayArg::Millis(number.as_f64().unwrap_or(f64::NAN)),
        _ => TodayArg::Text(arg(args, index).unwrap_or_default().to_owned()),
    }
}

/// What the export answers for `call`, as JSON; `null` for an export not covered here.
pub fn answer(call: &Call) -> Value {
    let args = &call.args;
    let today = &today_arg(args, 1);
    match call.export.as_str() {
        "repayment" => json(crate::home_loan::repayment_of(arg(args, 0))),
        "loanSchedule" => json(crate::home_loan::loan_schedule_of(arg(args, 0))),
        "termDeposit" => json(crate::term_deposit::term_deposit_of(arg(args, 0))),
        "borrowingPower" => json(crate::borrowing_power::borrowing_power_of(
            arg(args, 0),
            today,
        )),
        "stampDuty" => json(crate::stamp_duty::stamp_duty_of(arg(args, 0), today)),
        "offsetSavings" => json(crate::offset::offset_savings_of(arg(args, 0))),
        "loanRateRises" => json(crate::home_loan_tools::loan_rate_rises_of(arg(args, 0))),
        "compareLoans" => json(crate::home_loan_tools::compare_loans_of(
            arg(args, 0),
            arg(args, 1),
        )),
        "loanScheduleCsv" => json(crate::home_loan_tools::loan_schedule_csv_of(
            arg(args, 0),
            today,
        )),
        "keyFactsSheet" => json(crate::home_loan::key_facts_sheet_of(
            arg(args, 0).unwrap_or_default(),
            arg(args, 1),
            &today_arg(args, 2),
        )),
        "validateStep" => {
            let step = args
                .first()
                .and_then(Value::as_u64)
                .and_then(|step| u8::try_from(step).ok())
                .unwrap_or(0);
            let today = &today_arg(args, 2);
            json(crate::application::check_of(
                arg(args, 1),
                today,
                |input, today| check_step(step, input, today),
            ))
        }
        "validateApplication" => json(crate::application::check_of(
            arg(args, 0),
            today,
            check_every_field,
        )),
        "normaliseApplication" => json(crate::application::check_of(
            arg(args, 0),
            today,
            check_application,
        )),
        "answerSummary" => json(crate::application::answer_summary_of(arg(args, 0))),
        "validateDetails" => json(crate::details::details_of(
            arg(args, 0),
            arg(args, 1),
            &today_arg(args, 2),
        )),
        "validateDetailsPart" => json(crate::details::details_part_of(
            arg(args, 0),
            arg(args, 1),
            arg(args, 2).unwrap_or_default(),
            &today_arg(args, 3),
        )),
        "detailsSummary" => json(crate::details::details_summary_of(
            arg(args, 0),
            arg(args, 1),
        )),
        "detailsErrorSummary" => json(crate::details::details_error_summary_of(arg(args, 0))),
        "wizardPages" => json(banksia_core::application::wizard_pages_for(
            arg(args, 0).unwrap_or_default(),
        )),
        "readNumber" => json(crate::details::read_number_of(
            arg(args, 0).unwrap_or_default(),
            arg(args, 1).unwrap_or_default(),
        )),
        _ => Value::Null,
    }
}
