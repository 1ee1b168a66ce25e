//! POST /api/applications against a real PostgreSQL: every status, idempotency, rate limit.

use crate::common;

use std::net::SocketAddr;

use banksia_core::application::Field;
use banksia_core::application_form::ApplicationReport;
use banksia_wire::application::{ApplicationCreated, ErrorBody};
use common::{
    CLUSTER, post_application, post_with_key, raw_request, spawn_app, spawn_app_with,
    valid_application,
};
use serde_json::{Value, json};

fn body(value: &Value) -> String {
    value.to_string()
}

#[tokio::test]
async fn a_valid_application_is_stored_and_answered_201() {
    let app = spawn_app().await;
    let res = app.post_json(&body(&valid_application())).await;
    assert_eq!(res.status, 201, "{}", res.text());
    let answer = res.json();
    let reference = answer["reference"].as_str().unwrap();
    assert!(reference.starts_with("BKS-"), "{reference}");
    assert!(banksia_core::reference::is_valid_reference(reference));
    assert_eq!(answer["status"], "under_review");
    let submitted_at = answer["submitted_at"].as_str().unwrap();
    assert!(
        chrono::DateTime::parse_from_rfc3339(submitted_at).is_ok(),
        "{submitted_at}"
    );
    // No mail transport in this test server: no confirmation email was queued.
    assert_eq!(answer["confirmation_email"], serde_json::Value::Null);
    assert_eq!(answer["warnings"], json!({}));
    assert_eq!(answer.as_object().unwrap().len(), 5);
    // Exactly core's wire type, nothing more.
    let typed: ApplicationCreated = serde_json::from_value(answer.clone()).unwrap();
    assert_eq!(serde_json::to_value(&typed).unwrap(), answer);
    assert_eq!(res.header("cache-control"), Some("no-store"));

    // The row is committed, normalised by core, typed, and anonymous.
    let row = app
        .db
        .query_one(
            "SELECT first_name, phone, state, annual_income::text, initial_deposit_amount::text,
                    date_of_birth::text, terms_accepted, marketing_consent, user_id IS NULL, status,
                    idempotency_key IS NULL, terms_version, privacy_notice_version
             FROM account_applications WHERE reference = $1",
            &[&reference],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, String>(0), "Charlotte");
    assert_eq!(row.get::<_, String>(1), "+61412345678");
    assert_eq!(row.get::<_, String>(2), "VIC");
    assert_eq!(row.get::<_, String>(3), "85000.00");
    assert_eq!(row.get::<_, String>(4), "250.50");
    assert_eq!(row.get::<_, String>(5), "1990-04-15");
    assert!(row.get::<_, bool>(6));
    assert!(!row.get::<_, bool>(7));
    assert!(row.get::<_, bool>(8));
    assert_eq!(row.get::<_, String>(9), "under_review");
    assert!(row.get::<_, bool>(10));
    // The versions of the terms and the collection notice accepted, from core (V9).
    assert_eq!(
        row.get::<_, String>(11),
        banksia_core::disclosures::TERMS_VERSION
    );
    assert_eq!(
        row.get::<_, String>(12),
        banksia_core::disclosures::PRIVACY_NOTICE_VERSION
    );
    assert_eq!(app.row_count().await, 1);
}

#[tokio::test]
async fn a_stored_application_carries_cores_warnings() {
    let app = spawn_app().await;
    let mut sydney_postcode = valid_application();
    sydney_postcode["postal_code"] = json!("2000");
    let res = app.post_json(&body(&sydney_postcode)).await;
    assert_eq!(res.status, 201, "{}", res.text());
    let answer: ApplicationCreated = serde_json::from_value(res.json()).unwrap();
    let input = serde_json::from_str::<banksia_core::application::details::SubmissionInput>(&body(
        &sydney_postcode,
    ))
    .unwrap()
    .application;
    let today = banksia_server::application::today();
    let expected = banksia_core::application::validate_application(&input, today)
        .unwrap()
        .warnings;
    assert_eq!(
        answer.warnings.keys().collect::<Vec<_>>(),
        [&Field::PostalCode]
    );
    assert_eq!(answer.warnings, expected);
    assert_eq!(app.row_count().await, 1);
}

#[tokio::test]
async fn every_failing_field_is_422_with_the_spec_messages() {
    let app = spawn_app().await;
    let res = app.post_json("{}").await;
    assert_eq!(res.status, 422, "{}", res.text());
    let errors = &res.json()["errors"];
    let expected = [
        ("date_of_birth", "Date of birth is required"),
        ("employment_status", "Employment status is required"),
        ("annual_income", "Annual income is required"),
        ("identification_type", "Identification type is required"),
        ("identification_number", "Identification number is required"),
        (
            "initial_deposit_amount",
            "Initial deposit amount is required",
        ),
        ("terms_accepted", "You must accept the terms and conditions"),
    ];
    for (field, message) in expected {
        assert_eq!(errors[field], json!([message]), "{field}: {errors}");
    }
    assert!(res.json()["warnings"].is_object());
    // core's report, the envelope the wizard's own checks return; no record in a refusal.
    assert!(res.json().get("application").is_none(), "{}", res.text());
    let typed: ApplicationReport = serde_json::from_value(res.json()).unwrap();
    assert_eq!(typed.first_error_step, Some(1));
    assert_eq!(typed.application, None);
    assert_eq!(serde_json::to_string(&typed).unwrap(), res.text());

    let mut bad = valid_application();
    bad["first_name"] = json!("J");
    bad["last_name"] = json!("K");
    bad["email"] = json!("not-an-email");
    bad["phone"] = json!("123");
    bad["address_line1"] = json!("1 A");
    bad["postal_code"] = json!("30");
    bad["terms_accepted"] = json!(false);
    let res = app.post_json(&body(&bad)).await;
    assert_eq!(res.status, 422);
    let errors = &res.json()["errors"];
    let expected = [
        ("first_name", "First name must be at least 2 characters"),
        ("last_name", "Last name must be at least 2 characters"),
        ("email", "Please enter a valid email address"),
        ("phone", "Please enter a valid phone number"),
        ("address_line1", "Please enter your full address"),
        ("postal_code", "Please enter a valid postal code"),
        ("terms_accepted", "You must accept the terms and conditions"),
    ];
    for (field, message) in expected {
        assert_eq!(errors[field], json!([message]), "{field}: {errors}");
    }
    assert_eq!(
        errors.as_object().unwrap().len(),
        expected.len(),
        "{errors}"
    );
    assert_eq!(res.json()["first_error_step"], 2);
    assert_eq!(app.row_count().await, 0);
}

#[tokio::test]
async fn a_user_id_must_be_null() {
    let app = spawn_app().await;
    let mut with_null = valid_application();
    with_null["user_id"] = Value::Null;
    assert_eq!(app.post_json(&body(&with_null)).await.status, 201);

    let mut with_user = valid_application();
    with_user["user_id"] = json!("0b9a3f5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b");
    let res = app.post_json(&body(&with_user)).await;
    assert_eq!(res.status, 422, "{}", res.text());
    assert!(res.json()["errors"]["user_id"].is_array());
    assert_eq!(app.row_count().await, 1);
}

#[tokio::test]
async fn malformed_json_and_wrong_types_are_400_without_echo() {
    let app = spawn_app().await;
    let marker = "ZQX-secret-7731";
    let cases = [
        format!(r#"{{"first_name": "{marker}""#),
        marker.to_string(),
        format!(r#"{{"first_name": ["{marker}"]}}"#),
        format!(r#"{{"{marker}": "x"}}"#),
        format!(r#"{{"terms_accepted": "{marker}"}}"#),
        format!(r#"["{marker}"]"#),
        String::new(),
    ];
    for case in &cases {
        let res = app.post_json(case).await;
        assert_eq!(res.status, 400, "{case}: {}", res.text());
        let text = res.text();
        assert!(!text.contains(marker), "echoed input: {text}");
        let typed: ErrorBody = serde_json::from_value(res.json()).unwrap();
        assert_eq!(
            (typed.outcome, res.json().as_object().unwrap().len()),
            (None, 1)
        );
        assert!(res.json()["error"].as_str().unwrap().len() < 200);
    }
    assert_eq!(app.row_count().await, 0);
}

#[tokio::test]
async fn a_body_that_is_not_json_is_415() {
    let app = spawn_app().await;
    let payload = body(&valid_application());
    for content_type in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("application/jsonp"),
    ] {
        let headers: Vec<(&str, &str)> = content_type
            .map(|ct| ("content-type", ct))
            .into_iter()
            .collect();
        let res = app
            .request("POST", "/api/applications", &headers, payload.as_bytes())
            .await;
        assert_eq!(res.status, 415, "{content_type:?}");
        assert!(res.json()["error"].is_string());
    }
    let res = app
        .request(
            "POST",
            "/api/applications",
            &[("content-type", "application/json; charset=UTF-8")],
            payload.as_bytes(),
        )
        .await;
    assert_eq!(res.status, 201);
}

#[tokio::test]
async fn bodies_over_16_kib_are_413_chunked_or_not() {
    let app = spawn_app().await;
    let mut big = valid_application();
    big["employer_name"] = json!("x".repeat(17 * 1024));
    let big = body(&big);
    let res = app.post_json(&big).await;
    assert_eq!(res.status, 413);
    assert!(res.json()["error"].is_string());

    // Declared far too large: refused before reading.
    let head = format!(
        "POST /api/applications HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        50 * 1024 * 1024
    );
    let res = raw_request(app.addr, head.as_bytes()).await;
    assert_eq!(res.status, 413);

    // Chunked: no length up front; the limit applies to what arrives.
    let res = raw_request(app.addr, &chunked(app.addr, big.as_bytes(), 1000)).await;
    assert_eq!(res.status, 413);
    // A chunked body within the limit is fine.
    let small = body(&valid_application());
    let res = raw_request(app.addr, &chunked(app.addr, small.as_bytes(), 100)).await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(app.row_count().await, 1);
}

fn chunked(addr: SocketAddr, body: &[u8], chunk: usize) -> Vec<u8> {
    let mut raw = format!(
        "POST /api/applications HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    .into_bytes();
    for part in body.chunks(chunk) {
        raw.extend_from_slice(format!("{:x}\r\n", part.len()).as_bytes());
        raw.extend_from_slice(part);
        raw.extend_from_slice(b"\r\n");
    }
    raw.extend_from_slice(b"0\r\n\r\n");
    raw
}

#[tokio::test]
async fn same_key_same_body_replays_the_first_answer() {
    let app = spawn_app().await;
    let payload = body(&valid_application());
    let first = app.post_with_key(&payload, "retry-7f3a9c").await;
    assert_eq!(first.status, 201);
    // The same application re-serialised differently is the same body.
    let reordered = serde_json::to_string_pretty(&valid_application()).unwrap();
    let again = app.post_with_key(&reordered, "retry-7f3a9c").await;
    assert_eq!(again.status, 201);
    assert_eq!(again.json(), first.json());
    assert_eq!(app.row_count().await, 1);

    // Another key is another application.
    let third = app.post_with_key(&payload, "retry-other").await;
    assert_eq!(third.status, 201);
    assert_ne!(third.json()["reference"], first.json()["reference"]);
    assert_eq!(app.row_count().await, 2);
}

#[tokio::test]
async fn same_key_different_body_is_422() {
    let app = spawn_app().await;
    let first = app
        .post_with_key(&body(&valid_application()), "key-1")
        .await;
    assert_eq!(first.status, 201);
    let mut changed = valid_application();
    changed["first_name"] = json!("Olivia");
    let res = app.post_with_key(&body(&changed), "key-1").await;
    assert_eq!(res.status, 422);
    assert_eq!(
        res.text(),
        r#"{"errors":{"idempotency_key":["This Idempotency-Key was already used for a different application."]},"warnings":{},"first_error_step":null}"#
    );
    let typed: ApplicationReport = serde_json::from_str(&res.text()).unwrap();
    assert_eq!(typed.errors.len(), 1);
    assert_eq!(app.row_count().await, 1);
}

#[tokio::test]
async fn invalid_idempotency_keys_are_400() {
    let app = spawn_app().await;
    let long = "k".repeat(256);
    let payload = body(&valid_application());
    for key in ["", "has space", long.as_str(), "tab\there"] {
        let res = app.post_with_key(&payload, key).await;
        assert_eq!(res.status, 400, "{key:?}");
    }
    let res = app.post_with_key(&payload, &"k".repeat(255)).await;
    assert_eq!(res.status, 201);
    assert_eq!(app.row_count().await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_requests_with_one_key_write_one_row() {
    let app = spawn_app().await;
    let payload = body(&valid_application());
    let mut tasks = Vec::new();
    for _ in 0..12 {
        let addr = app.addr;
        let payload = payload.clone();
        tasks.push(tokio::spawn(async move {
            post_with_key(addr, &payload, "double-click").await
        }));
    }
    let mut references = std::collections::BTreeSet::new();
    for task in tasks {
        let res = task.await.unwrap();
        assert_eq!(res.status, 201, "{}", res.text());
        references.insert(res.json()["reference"].as_str().unwrap().to_owned());
    }
    assert_eq!(references.len(), 1, "{references:?}");
    assert_eq!(app.row_count().await, 1);
}

#[tokio::test]
async fn submissions_are_rate_limited_per_client() {
    let app = spawn_app_with(&CLUSTER, |c| c.rate_limit_per_minute = 3).await;
    let payload = body(&valid_application());
    for _ in 0..3 {
        assert_eq!(app.post_json(&payload).await.status, 201);
    }
    let limited = app.post_json(&payload).await;
    assert_eq!(limited.status, 429);
    let retry_after: u64 = limited.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=20).contains(&retry_after), "{retry_after}");
    assert!(limited.json()["error"].is_string());
    // Invalid submissions count too (no free probing), and nothing else is limited.
    assert_eq!(app.post_json("{}").await.status, 429);
    assert_eq!(app.request("GET", "/healthz", &[], b"").await.status, 200);
    assert_eq!(app.row_count().await, 3);
}

/// A valid application posted with an `X-Forwarded-For` header.
async fn post_forwarded_for(addr: SocketAddr, ip: &str) -> common::HttpResponse {
    let application = body(&valid_application());
    post_application(addr, &application, &[("x-forwarded-for", ip)]).await
}

#[tokio::test]
async fn forwarded_for_counts_only_behind_a_trusted_proxy() {
    // Not trusted: every forged X-Forwarded-For is the same client (the peer).
    let app = spawn_app_with(&CLUSTER, |c| c.rate_limit_per_minute = 1).await;
    let send = |ip: &'static str| post_forwarded_for(app.addr, ip);
    assert_eq!(send("198.51.100.1").await.status, 201);
    assert_eq!(send("198.51.100.2").await.status, 429);

    // Behind a trusted proxy (the loopback peer): each forwarded client has its own budget.
    let app = spawn_app_with(&CLUSTER, |c| {
        c.rate_limit_per_minute = 1;
        c.trusted_proxies = vec!["127.0.0.0/8".parse().unwrap()];
    })
    .await;
    let send = |ip: &'static str| post_forwarded_for(app.addr, ip);
    assert_eq!(send("198.51.100.1").await.status, 201);
    assert_eq!(send("198.51.100.2").await.status, 201);
    assert_eq!(send("198.51.100.1").await.status, 429);
    // A client cannot dodge it by prepending a fake hop.
    assert_eq!(send("203.0.113.50, 198.51.100.1").await.status, 429);
}

#[tokio::test]
async fn shutdown_lets_an_in_flight_submission_finish() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let mut app = spawn_app().await;
    let payload = body(&valid_application());
    let mut stream = tokio::net::TcpStream::connect(app.addr).await.unwrap();
    let head = format!(
        "POST /api/applications HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nExpect: 100-continue\r\n\r\n",
        payload.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    // `100 Continue` is sent once the handler reads the body: the request is in flight.
    let mut interim = [0u8; 25];
    stream.read_exact(&mut interim).await.unwrap();
    assert!(
        interim.starts_with(b"HTTP/1.1 100 Continue"),
        "{}",
        String::from_utf8_lossy(&interim)
    );

    app.begin_shutdown();
    stream.write_all(payload.as_bytes()).await.unwrap();
    let mut rest = Vec::new();
    tokio::time::timeout(
        std::time::Duration::from_secs(30),
        stream.read_to_end(&mut rest),
    )
    .await
    .expect("answer within 30 s")
    .unwrap();
    let text = String::from_utf8_lossy(&rest);
    assert!(text.contains("HTTP/1.1 201 Created"), "{text}");
    assert_eq!(app.row_count().await, 1);
    app.shutdown().await;
}

/// The bodies of `core/tests/vectors/application_bodies.json`, posted as they are: the server
/// gives each the answer the wizard gets from the same text through WASM (`wasm/tests`): 422
/// with core's messages (and, since the bodies carry no tax residency, that one detail's
/// message), or 400 with core's fixed message, which the wizard shows under `input`.
#[tokio::test]
async fn shared_hostile_bodies_get_the_browsers_answers() {
    let app = spawn_app_with(&CLUSTER, |c| c.rate_limit_per_minute = 0).await;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../core/tests/vectors/application_bodies.json"
    );
    let vectors: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(vectors.len() >= 10);
    for vector in vectors {
        let name = vector["name"].as_str().unwrap();
        let res = app
            .post_json(vector["input"]["body"].as_str().unwrap())
            .await;
        let errors = match res.status {
            400 => json!({ "input": [res.json()["error"]] }),
            422 => res.json()["errors"].clone(),
            other => panic!("{name}: status {other}: {}", res.text()),
        };
        assert_eq!(json!({ "errors": errors }), vector["expected"], "{name}");
        let expected_status = match vector["expected"]["errors"].as_object().unwrap() {
            errors if errors.contains_key("input") => 400,
            _ => 422,
        };
        assert_eq!(res.status, expected_status, "{name}");
        // These bodies are the application's fields alone: every one the browser's check passes
        // is refused for its missing tax residency only, which every account is asked for.
        if res.status == 422 && vector["expected"]["errors"] == json!({}) {
            assert_eq!(
                res.json()["details_errors"]
                    .as_object()
                    .unwrap()
                    .keys()
                    .collect::<Vec<_>>(),
                ["tax_residency.foreign_resident"],
                "{name}"
            );
        }
    }
}
