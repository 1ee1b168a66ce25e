//! Arbitrary bytes and arbitrary JSON thrown at the body reader and the validation, through the
//! real server and PostgreSQL: no panic, never a 500, and nothing stored unless core accepts it.

use crate::common;

use std::sync::atomic::{AtomicU64, Ordering};

use banksia_core::application::details::SubmissionInput;
use banksia_core::application::validate_application;
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, TestRunner};
use serde_json::Value;

/// Any JSON value, nested a few levels, with strings drawn from hostile characters too.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        any::<String>().prop_map(Value::String),
        "[\\PC\u{200B}\u{202E}\u{0301} ]{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{1,20}", inner, 0..6)
                .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

const FIELDS: [&str; 20] = [
    "application_type",
    "first_name",
    "last_name",
    "email",
    "phone",
    "date_of_birth",
    "address_line1",
    "address_line2",
    "city",
    "state",
    "postal_code",
    "employment_status",
    "annual_income",
    "employer_name",
    "identification_type",
    "identification_number",
    "initial_deposit_amount",
    "terms_accepted",
    "marketing_consent",
    "user_id",
];

/// The valid application with a few of its fields replaced or removed: the inputs that reach
/// deepest into the validation.
fn mutated_application() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        (
            0..FIELDS.len(),
            prop::option::of(prop_oneof![
                3 => "[\\PC\u{200B}\u{202E}\u{0301} ]{0,30}".prop_map(Value::String),
                1 => json_value(),
            ]),
        ),
        1..4,
    )
    .prop_map(|changes| {
        let mut body = common::valid_application();
        for (field, value) in changes {
            match value {
                Some(value) => body[FIELDS[field]] = value,
                None => {
                    body.as_object_mut().unwrap().remove(FIELDS[field]);
                }
            }
        }
        body.to_string().into_bytes()
    })
}

fn any_body() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..600),
        json_value().prop_map(|v| v.to_string().into_bytes()),
        mutated_application(),
    ]
}

#[test]
fn arbitrary_bodies_never_crash_never_500_and_store_only_what_core_accepts() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let app = runtime.block_on(common::spawn_app());
    let created = AtomicU64::new(0);
    let cases = 400;
    let mut runner = TestRunner::new(ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let statuses = std::sync::Mutex::new(std::collections::BTreeMap::<u16, u32>::new());
    runner
        .run(&any_body(), |body| {
            let res = runtime.block_on(app.request(
                "POST",
                "/api/applications",
                &[("content-type", "application/json")],
                &body,
            ));
            *statuses.lock().unwrap().entry(res.status).or_default() += 1;
            prop_assert!(
                matches!(res.status, 201 | 400 | 413 | 422),
                "status {} for {:?}: {}",
                res.status,
                String::from_utf8_lossy(&body),
                res.text()
            );
            if res.status == 201 {
                created.fetch_add(1, Ordering::Relaxed);
                let input = serde_json::from_slice::<SubmissionInput>(&body)
                    .unwrap()
                    .application;
                let today = banksia_server::application::today();
                prop_assert!(validate_application(&input, today).is_ok());
            }
            Ok(())
        })
        .unwrap();
    let rows = runtime.block_on(app.row_count());
    println!(
        "fuzz: {cases} bodies, answers by status {:?}, {rows} rows stored",
        statuses.lock().unwrap()
    );
    assert_eq!(rows as u64, created.load(Ordering::Relaxed));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    /// The reader and the rules on their own, many more cases: never a panic, and a body is
    /// either refused (400/422) or yields a row core accepts.
    #[test]
    fn the_reader_and_the_rules_never_panic(body in any_body()) {
        let today = banksia_server::application::today();
        if let Ok(input) = banksia_server::application::parse(&body) {
            let accepted = validate_application(&input.application, today).is_ok()
                && banksia_core::application::details::check_details(&input.application, &input.details, today)
                    .errors
                    .is_empty();
            let answered = banksia_server::application::validate(&input, today);
            prop_assert_eq!(accepted, answered.is_ok());
        }
    }
}
