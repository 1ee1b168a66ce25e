//! Replays `tests/vectors/stamp_duty.json` and `tests/vectors/offset_savings.json` (the
//! vectors README's matching rule) natively; `wasm/tests/vectors.test.mjs` replays the same files
//! through the `stamp-duty` package and `wasm/tests/differential.test.mjs` compares the two.
//!
//! The stamp duty file holds a vector at every band edge of every table (the edge and a cent
//! above), at every concession's exemption threshold and cap (and a cent above each), the
//! revenue offices' worked examples and hostile entries. The test also checks that the file's
//! inputs are exactly the ones made here from the tables, so a table edited without its vectors
//! fails. After a deliberate change, rewrite the file with
//! `BANKSIA_BLESS_VECTORS=1 cargo test -p banksia-core --test integration stamp_duty_vectors::` and review the
//! diff.

use std::path::PathBuf;

use banksia_core::offset::{OffsetEntries, offset_view};
use banksia_core::transfer_duty::{
    Charge, PropertyKind, StampDutyEntries, State, Taper, stamp_duty_view,
};
use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

#[derive(Debug, Serialize, Deserialize)]
struct Vector {
    name: String,
    input: Value,
    expected: Value,
}

fn path(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors")
        .join(format!("{file}.json"))
}

/// The answer as the vectors hold it: the view without its fixed notes, or `{ errors }`.
fn stamp_duty(input: &Value) -> Value {
    let entries: StampDutyEntries = match serde_json::from_str(&input["entries"].to_string()) {
        Ok(entries) => entries,
        Err(_) => {
            return json!({ "errors": { "input": [banksia_core::entries::NOT_ENTRIES_MESSAGE] } });
        }
    };
    let today = NaiveDate::parse_from_str(input["today"].as_str().unwrap_or_default(), "%Y-%m-%d")
        .expect("a vector's today");
    match stamp_duty_view(&entries, today) {
        Ok(view) => {
            let mut value = serde_json::to_value(view).expect("serialisable");
            let object = value.as_object_mut().expect("an object");
            for key in ["note", "fees_note", "confirmation", "source_title"] {
                object.remove(key);
            }
            value
        }
        Err(errors) => json!({ "errors": errors }),
    }
}

fn offset(input: &Value) -> Value {
    let entries: OffsetEntries = match serde_json::from_str(&input.to_string()) {
        Ok(entries) => entries,
        Err(_) => {
            return json!({ "errors": { "input": [banksia_core::entries::NOT_ENTRIES_MESSAGE] } });
        }
    };
    match offset_view(&entries) {
        Ok(view) => {
            let mut value = serde_json::to_value(view).expect("serialisable");
            value.as_object_mut().expect("an object").remove("note");
            value
        }
        Err(errors) => json!({ "errors": errors }),
    }
}

fn entries(state: State, price: Decimal, extra: &[(&str, &str)], date: NaiveDate) -> Value {
    let mut object = json!({
        "state": state.code(),
        "price": price.to_string(),
        "contract_date": date.format("%Y-%m-%d").to_string(),
    });
    for (key, value) in extra {
        object[*key] = json!(value);
    }
    object
}

/// Every input of the stamp duty file, in order.
fn stamp_duty_inputs() -> Vec<(String, Value)> {
    let today = "2026-12-01";
    let mut inputs = Vec::new();
    let mut push = |name: String, entries: Value| {
        inputs.push((name, json!({ "today": today, "entries": entries })));
    };
    let cent = Decimal::new(1, 2);
    for state in State::ALL {
        for table in state.tables() {
            let date = table.effective_from;
            let label = format!("{} from {}", state.code(), date);
            // The general rate (an investor) at every band edge and a cent above.
            for band in table.general.bands.iter().skip(1) {
                for value in [band.over, band.over + cent] {
                    push(
                        format!("{label}: general rate at {value}"),
                        entries(state, value, &[("purpose", "invest")], date),
                    );
                }
            }
            // The owner-occupier rate at its edges and its top.
            if let Some(home) = table.home {
                let mut edges: Vec<Decimal> = home
                    .scale
                    .bands
                    .iter()
                    .skip(1)
                    .filter(|band| !matches!(band.charge, Charge::Quadratic { .. }))
                    .map(|band| band.over)
                    .collect();
                edges.extend(home.up_to);
                for edge in edges {
                    for value in [edge, edge + cent] {
                        push(
                            format!("{label}: {} at {value}", home.name),
                            entries(state, value, &[], date),
                        );
                    }
                }
            }
            // Each relief at its exemption threshold, its cap and a cent above each.
            for relief in table.reliefs {
                let kind = relief.kinds[0];
                let kind_code = match kind {
                    PropertyKind::EstablishedHome => "established_home",
                    PropertyKind::NewHome => "new_home",
                    PropertyKind::VacantLand => "vacant_land",
                };
                let region = match relief.region {
                    Some(banksia_core::transfer_duty::WaRegion::Elsewhere) => "elsewhere",
                    _ => "perth_peel",
                };
                let mut points = Vec::new();
                match relief.exempt_up_to {
                    None => points.push(Decimal::from(2_000_000)),
                    Some(threshold) => points.extend([threshold, threshold + cent]),
                }
                if let Some(cap) = relief.cap() {
                    points.extend([cap - cent, cap, cap + cent]);
                }
                if let Taper::Deduction { steps } = relief.taper {
                    for (below, _) in steps {
                        points.extend([*below - cent, *below]);
                    }
                }
                points.sort();
                points.dedup();
                for value in points {
                    push(
                        format!("{label}: {} at {value}", relief.name),
                        entries(
                            state,
                            value,
                            &[
                                (
                                    "first_home_buyer",
                                    if relief.first_home_only { "yes" } else { "no" },
                                ),
                                ("property_kind", kind_code),
                                ("wa_region", region),
                                ("household_income", "150000"),
                            ],
                            date,
                        ),
                    );
                }
            }
        }
    }
    let worked = |state: State, price: &str, extra: &[(&str, &str)]| {
        let mut object =
            json!({ "state": state.code(), "price": price, "contract_date": "2025-09-01" });
        for (key, value) in extra {
            object[*key] = json!(value);
        }
        object
    };
    push(
        "QRO worked example: an investment house at $365,400 is $11,214".into(),
        worked(State::Qld, "$365,400", &[("purpose", "invest")]),
    );
    push(
        "NSW First Home Buyers Assistance: a first home at $850,000 (2025-26 rates: $9,853)".into(),
        worked(State::Nsw, "850,000", &[("first_home_buyer", "yes")]),
    );
    push(
        "NSW First Home Buyers Assistance: a first home at $990,000 (2025-26 rates: $37,441)"
            .into(),
        worked(State::Nsw, "990,000", &[("first_home_buyer", "yes")]),
    );
    push(
        "NSW First Home Buyers Assistance: first home land at $430,000 (2025-26 rates: $11,686)"
            .into(),
        worked(
            State::Nsw,
            "430000",
            &[
                ("first_home_buyer", "yes"),
                ("property_kind", "vacant_land"),
            ],
        ),
    );
    push(
        "NT: the formula at $500,000 is $23,928.60".into(),
        worked(State::Nt, "500000", &[]),
    );
    push(
        "cash on the day: NSW $900,000, first home, $90,000 deposit".into(),
        worked(
            State::Nsw,
            "900000",
            &[("first_home_buyer", "yes"), ("deposit", "90000")],
        ),
    );
    push(
        "cash on the day: VIC $600,000, 20% deposit, no LMI".into(),
        worked(State::Vic, "600000", &[("deposit", "120000")]),
    );
    push(
        "cash on the day: QLD $700,000, 4% deposit is above 95%".into(),
        worked(State::Qld, "700000", &[("deposit", "28000")]),
    );
    push(
        "NSW after its confirmed thresholds, above $3,000,000: both said".into(),
        json!({ "state": "NSW", "price": "4,000,000" }),
    );
    push(
        "a price past every band still computes".into(),
        json!({ "state": "VIC", "price": "$100,000,000" }),
    );
    for state in State::ALL.into_iter().filter(|state| *state != State::Vic) {
        push(
            format!("a price past every band still computes: {}", state.code()),
            json!({ "state": state.code(), "price": "100000000" }),
        );
    }
    push(
        "hostile: abc".into(),
        json!({ "state": "NSW", "price": "abc" }),
    );
    push(
        "hostile: -5".into(),
        json!({ "state": "NSW", "price": "-5" }),
    );
    push(
        "hostile: $1e9".into(),
        json!({ "state": "NSW", "price": "$1e9" }),
    );
    push(
        "hostile: a state that isn't one".into(),
        json!({ "state": "Atlantis", "price": "500000" }),
    );
    push(
        "hostile: a date before any table".into(),
        json!({ "state": "QLD", "price": "500000", "contract_date": "2025-04-30" }),
    );
    push(
        "hostile: every other field wrong".into(),
        json!({ "state": "WA", "price": "500000", "property_kind": "castle", "purpose": "flip", "first_home_buyer": "maybe", "wa_region": "Mars", "household_income": "-1", "dependent_children": "2.5", "deposit": "600000" }),
    );
    push(
        "hostile: the ACT's income and children wrong".into(),
        json!({ "state": "ACT", "price": "500000", "household_income": "-1", "dependent_children": "2.5" }),
    );
    push(
        "hostile: WA's and the ACT's entries are not read elsewhere".into(),
        json!({ "state": "NSW", "price": "500000", "wa_region": "Mars", "household_income": "abc", "dependent_children": "-3" }),
    );
    push(
        "hostile: a date before any table, in the ACT".into(),
        json!({ "state": "ACT", "price": "500000", "contract_date": "30/06/2024" }),
    );
    push(
        "hostile: an unknown field".into(),
        json!({ "state": "NSW", "price": "500000", "postcode": "2000" }),
    );
    inputs
}

fn offset_inputs() -> Vec<(String, Value)> {
    let loan = |offset: &str, add: &str| json!({ "principal": "500000", "annual_rate_percent": "6.45", "term_years": "30", "offset_balance": offset, "monthly_addition": add });
    vec![
        ("no offset saves nothing".into(), loan("", "")),
        ("$20,000 and $200 a month".into(), loan("20,000", "200")),
        ("$50,000, nothing added".into(), loan("$50,000", "0")),
        ("an offset as large as the loan".into(), loan("500000", "0")),
        (
            "hostile entries".into(),
            json!({ "principal": "abc", "annual_rate_percent": "6.45", "term_years": "45", "offset_balance": "$1e9", "monthly_addition": "-5" }),
        ),
    ]
}

fn replay(file: &str, inputs: Vec<(String, Value)>, run: fn(&Value) -> Value) {
    let bless = std::env::var_os("BANKSIA_BLESS_VECTORS").is_some();
    if bless {
        let vectors: Vec<Vector> = inputs
            .into_iter()
            .map(|(name, input)| Vector {
                expected: run(&input),
                name,
                input,
            })
            .collect();
        let mut text = serde_json::to_string_pretty(&vectors).expect("json");
        text.push('\n');
        std::fs::write(path(file), text).expect("write the vectors");
        return;
    }
    let text = std::fs::read_to_string(path(file)).expect("the vector file");
    let vectors: Vec<Vector> = serde_json::from_str(&text).expect("vector file shape");
    let names: Vec<(&str, &Value)> = vectors
        .iter()
        .map(|v| (v.name.as_str(), &v.input))
        .collect();
    let wanted: Vec<(&str, &Value)> = inputs
        .iter()
        .map(|(name, input)| (name.as_str(), input))
        .collect();
    assert_eq!(
        names, wanted,
        "{file}.json's inputs are those made from the tables: bless after a change"
    );
    for vector in &vectors {
        let actual = run(&vector.input);
        match &vector.expected {
            Value::Object(expected) => {
                for (key, value) in expected {
                    assert_eq!(&actual[key], value, "{}: {key}", vector.name);
                }
            }
            other => assert_eq!(&actual, other, "{}", vector.name),
        }
    }
}

#[test]
fn stamp_duty_vectors() {
    replay("stamp_duty", stamp_duty_inputs(), stamp_duty);
}

#[test]
fn offset_savings_vectors() {
    replay("offset_savings", offset_inputs(), offset);
}
