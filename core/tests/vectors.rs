//! Replays the JSON test vectors in `tests/vectors/` (see its README.md). The WASM tests replay
//! the same files, so the browser, the build and the server agree on every figure and message.
//!
//! After a deliberate change of behaviour, rewrite the expected values with
//! `BANKSIA_BLESS_VECTORS=1 cargo test -p banksia-core --test integration vectors::` and review the diff.

use std::path::PathBuf;

use banksia_core::application::{
    ApplicationInput, NOT_AN_APPLICATION_MESSAGE, NOT_JSON_MESSAGE, answer_summary,
    validate_application, validate_step,
};
use banksia_core::calculator::{LoanEntries, TermDepositEntries};
use banksia_core::loan::{LoanTerms, repayment, schedule};
use banksia_core::reference::{is_valid_reference, reference_from_random};
use banksia_core::term_deposit::TermDepositTerms;
use chrono::NaiveDate;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

#[derive(Serialize, Deserialize)]
struct Vector {
    name: String,
    input: Value,
    expected: Value,
}

/// Reads an input from its JSON text, as the server reads a body and the WASM exports read what
/// a page hands over (a `Value` would offer some numbers as binary floats, which core refuses).
fn parse<T: DeserializeOwned>(value: &Value) -> T {
    serde_json::from_str(&value.to_string())
        .unwrap_or_else(|error| panic!("bad input {value}: {error}"))
}

/// A calculator's entries read from their JSON text as the server and the WASM exports read
/// them; what can't be read is `{ errors: { input: [core's message] } }`, as they answer.
fn entries<T: DeserializeOwned>(value: &Value) -> Result<T, Value> {
    use banksia_core::entries::{NOT_ENTRIES_MESSAGE, NOT_JSON_MESSAGE};
    serde_json::from_str(&value.to_string()).map_err(|error| {
        let message = match error.classify() {
            serde_json::error::Category::Data => NOT_ENTRIES_MESSAGE,
            _ => NOT_JSON_MESSAGE,
        };
        json!({ "errors": { "input": [message] } })
    })
}

fn to_json(value: impl Serialize) -> Value {
    serde_json::to_value(value).expect("serialisable")
}

/// Drops keys that only echo the input or are too long to pin.
fn without(mut value: Value, keys: &[&str]) -> Value {
    if let Some(object) = value.as_object_mut() {
        for key in keys {
            object.remove(*key);
        }
    }
    value
}

/// An object `expected` matches when each of its keys deep-equals the same key of `actual`;
/// anything else must be equal.
fn matches(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::Object(actual), Value::Object(expected)) => expected
            .iter()
            .all(|(key, value)| actual.get(key) == Some(value)),
        _ => actual == expected,
    }
}

fn replay(file: &str, run: impl Fn(&Value) -> Value) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors")
        .join(format!("{file}.json"));
    let text = std::fs::read_to_string(&path).expect("vector file");
    let mut vectors: Vec<Vector> = serde_json::from_str(&text).expect("vector file shape");
    assert!(!vectors.is_empty(), "{file} has vectors");
    if std::env::var_os("BANKSIA_BLESS_VECTORS").is_some() {
        for vector in &mut vectors {
            vector.expected = run(&vector.input);
        }
        let mut text = serde_json::to_string_pretty(&vectors).expect("json");
        text.push('\n');
        std::fs::write(&path, text).expect("write vectors");
        return;
    }
    let failures: Vec<String> = vectors
        .iter()
        .filter_map(|vector| {
            let actual = run(&vector.input);
            (!matches(&actual, &vector.expected)).then(|| {
                format!(
                    "{file}: {}\n  expected {}\n  actual   {}",
                    vector.name, vector.expected, actual
                )
            })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn today(input: &Value) -> NaiveDate {
    parse(&input["today"])
}

/// Loan inputs are read as the calculator's entries (the page's reader, so every field's
/// problem is reported at once, as in the browser), then worked out by `loan`.
fn loan_terms(input: &Value) -> Result<LoanTerms, Value> {
    entries::<LoanEntries>(input)?
        .to_terms()
        .map_err(|errors| json!({ "errors": errors }))
}

/// Term deposit inputs are read as the calculator's entries (the page's reader), then worked
/// out by `term_deposit`.
fn term_deposit_terms(input: &Value) -> Result<TermDepositTerms, Value> {
    entries::<TermDepositEntries>(input)?
        .to_terms()
        .map(|(terms, _minimum)| terms)
        .map_err(|errors| json!({ "errors": errors }))
}

#[test]
fn loan_repayment() {
    replay("loan_repayment", |input| {
        match loan_terms(input).map(|terms| repayment(&terms)) {
            Ok(Ok(amount)) => json!({ "repayment": amount }),
            Ok(Err(error)) => json!({ "errors": error.to_field_errors() }),
            Err(errors) => errors,
        }
    });
}

#[test]
fn loan_schedule() {
    replay("loan_schedule", |input| {
        match loan_terms(input).map(|terms| schedule(&terms)) {
            Ok(Ok(plan)) => without(to_json(plan), &["terms", "periods"]),
            Ok(Err(error)) => json!({ "errors": error.to_field_errors() }),
            Err(errors) => errors,
        }
    });
}

#[test]
fn loan_schedule_view() {
    use banksia_core::calculator::loan_schedule_view;
    replay("loan_schedule_view", |input| {
        match loan_schedule_view(&parse::<LoanEntries>(input)) {
            Ok(view) => {
                let view = to_json(view);
                let keys = [
                    "repayment",
                    "interest_only_years",
                    "interest_only_repayment",
                    "extra_repayment",
                    "total_repayment",
                    "interest_only_total_repayment",
                ];
                keys.iter()
                    .map(|key| (key.to_string(), view[key].clone()))
                    .collect()
            }
            Err(errors) => json!({ "errors": errors }),
        }
    });
}

#[test]
fn term_deposit() {
    replay("term_deposit", |input| {
        match term_deposit_terms(input).map(|terms| terms.calculate()) {
            Ok(Ok(result)) => without(to_json(result), &["terms"]),
            Ok(Err(error)) => json!({ "errors": error.to_field_errors() }),
            Err(errors) => errors,
        }
    });
}

#[test]
fn term_deposit_reinvested() {
    replay(
        "term_deposit_reinvested",
        |input| match term_deposit_terms(input).map(|terms| terms.calculate_reinvested()) {
            Ok(Ok(result)) => without(to_json(result), &["terms"]),
            Ok(Err(error)) => json!({ "errors": error.to_field_errors() }),
            Err(errors) => errors,
        },
    );
}

#[test]
fn validate_step_vectors() {
    replay("validate_step", |input| {
        let step: u8 = parse(&input["step"]);
        let application: ApplicationInput = parse(&input["application"]);
        to_json(validate_step(step, &application, today(input)))
    });
}

#[test]
fn validate_application_vectors() {
    replay("validate_application", |input| {
        let application: ApplicationInput = parse(&input["application"]);
        match validate_application(&application, today(input)) {
            Ok(valid) => to_json(valid),
            Err(report) => to_json(report),
        }
    });
}

/// The text rules (issue 21): invisible characters refused as a class, joiners only where a
/// script needs them, text stored in NFC.
#[test]
fn text_rules_vectors() {
    replay("text_rules", |input| {
        let application: ApplicationInput = parse(&input["application"]);
        match validate_application(&application, today(input)) {
            Ok(valid) => to_json(valid),
            Err(report) => to_json(report),
        }
    });
}

/// A body as the server and the wizard read it: with [`ApplicationInput`]'s one
/// `Deserialize`, then every rule. What can't be read is an `input` error with core's fixed
/// message (the server's 400, the wizard's message under `input`).
#[test]
fn application_bodies() {
    replay("application_bodies", |input| {
        let body: String = parse(&input["body"]);
        let errors = match serde_json::from_str::<ApplicationInput>(&body) {
            Err(error) if error.is_data() => json!({ "input": [NOT_AN_APPLICATION_MESSAGE] }),
            Err(_) => json!({ "input": [NOT_JSON_MESSAGE] }),
            Ok(application) => match validate_application(&application, today(input)) {
                Ok(_) => json!({}),
                Err(report) => to_json(report.errors),
            },
        };
        json!({ "errors": errors })
    });
}

#[test]
fn reference_generate() {
    replay("reference_generate", |input| {
        to_json(reference_from_random(parse(&input["random"])))
    });
}

#[test]
fn reference_validate() {
    replay("reference_validate", |input| {
        let candidate: String = parse(&input["candidate"]);
        to_json(is_valid_reference(&candidate))
    });
}

#[test]
fn borrowing_power() {
    use banksia_core::borrowing_power::{BorrowingPowerEntries, borrowing_power_view};
    replay("borrowing_power", |input| {
        let entries: BorrowingPowerEntries = match entries(&input["entries"]) {
            Ok(entries) => entries,
            Err(errors) => return errors,
        };
        match borrowing_power_view(&entries, today(input)) {
            Ok(view) => without(to_json(view), &["note"]),
            Err(errors) => json!({ "errors": errors }),
        }
    });
}

#[test]
fn term_deposit_entries() {
    use banksia_core::calculator::{TermDepositEntries, term_deposit_view};
    replay("term_deposit_entries", |input| {
        match term_deposit_view(&parse::<TermDepositEntries>(input)) {
            Ok(view) => to_json(view),
            Err(errors) => json!({ "errors": errors }),
        }
    });
}

#[test]
fn term_deposit_options() {
    use banksia_core::term_deposit::InterestFrequency;
    replay("term_deposit_options", |input| {
        to_json(InterestFrequency::offered_for(parse(&input["term_months"])))
    });
}

#[test]
fn loan_rate_rises() {
    use banksia_core::loan_scenarios::rate_rises_for;
    replay("loan_rate_rises", |input| {
        match rate_rises_for(&parse::<LoanEntries>(input)) {
            Ok(rises) => json!({ "rises": rises }),
            Err(errors) => json!({ "errors": errors }),
        }
    });
}

#[test]
fn loan_comparison() {
    use banksia_core::loan_scenarios::compare_entries;
    replay("loan_comparison", |input| {
        let first: LoanEntries = parse(&input["first"]);
        let second: LoanEntries = parse(&input["second"]);
        match compare_entries(&first, &second) {
            Ok(comparison) => to_json(comparison),
            Err(errors) => json!({ "errors": errors }),
        }
    });
}

#[test]
fn loan_schedule_csv() {
    use banksia_core::loan_scenarios::schedule_csv_for;
    replay("loan_schedule_csv", |input| {
        let start: NaiveDate = parse(&input["start"]);
        match schedule_csv_for(&parse::<LoanEntries>(&input["entries"]), start) {
            Ok(csv) => {
                let lines: Vec<&str> = csv.split_terminator("\r\n").collect();
                let blank = lines
                    .iter()
                    .position(|line| line.is_empty())
                    .expect("a blank line");
                json!({
                    "heading": lines[..blank],
                    "rows": lines.len() - blank - 2,
                    "header": lines[blank + 1],
                    "first": lines[blank + 2],
                    "last": lines[lines.len() - 1],
                })
            }
            Err(errors) => json!({ "errors": errors }),
        }
    });
}

#[test]
fn answer_summary_vectors() {
    replay("answer_summary", |input| {
        to_json(answer_summary(&parse::<ApplicationInput>(input)))
    });
}

#[test]
fn key_facts_sheet() {
    use banksia_core::key_facts::key_facts_sheet;
    replay("key_facts_sheet", |input| {
        let product: String = parse(&input["product"]);
        let entries = match entries::<LoanEntries>(&input["entries"]) {
            Ok(entries) => entries,
            Err(errors) => return errors,
        };
        match key_facts_sheet(&product, &entries) {
            Ok(sheet) => without(
                to_json(sheet),
                &[
                    "product_name",
                    "rates_effective_from",
                    "frequency_label",
                    "period_label",
                ],
            ),
            Err(errors) => json!({ "errors": errors }),
        }
    });
}

#[test]
fn registered_numbers() {
    use banksia_core::application::tax_numbers::{NumberKind, read_number};
    replay("registered_numbers", |input| {
        let kind: NumberKind = parse(&input["kind"]);
        let text: String = parse(&input["text"]);
        to_json(read_number(kind, &text))
    });
}

#[test]
fn customer_details() {
    use banksia_core::application::details::{DetailsInput, check_details};
    replay("customer_details", |input| {
        let application: ApplicationInput = parse(&input["application"]);
        let details: DetailsInput = parse(&input["details"]);
        to_json(check_details(&application, &details, today(input)))
    });
}

#[test]
fn details_summary_vectors() {
    use banksia_core::application::details::{DetailsInput, NOT_DETAILS_MESSAGE};
    use banksia_core::application::details_summary;
    replay("details_summary", |input| {
        let application: ApplicationInput = parse(&input["application"]);
        // What the wizard's export answers for details it can't read.
        match serde_json::from_str::<DetailsInput>(&input["details"].to_string()) {
            Ok(details) => json!({ "ok": true, "value": details_summary(&application, &details) }),
            Err(_) => json!({ "ok": false, "errors": { "input": [NOT_DETAILS_MESSAGE] } }),
        }
    });
}

#[test]
fn wizard_pages_vectors() {
    use banksia_core::application::wizard_pages_for;
    replay("wizard_pages", |input| {
        let account_type: String = parse(&input["account_type"]);
        to_json(wizard_pages_for(&account_type))
    });
}

#[test]
fn details_error_summary_vectors() {
    use banksia_core::application::details::{NOT_MESSAGES_MESSAGE, details_error_summary};
    use std::collections::BTreeMap;
    replay("details_error_summary", |input| {
        // What the wizard's export answers for messages it can't read.
        match serde_json::from_str::<BTreeMap<String, Vec<String>>>(&input.to_string()) {
            Ok(errors) => json!({ "ok": true, "value": details_error_summary(&errors) }),
            Err(_) => json!({ "ok": false, "errors": { "input": [NOT_MESSAGES_MESSAGE] } }),
        }
    });
}
