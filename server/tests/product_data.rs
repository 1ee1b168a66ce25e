//! The published product data (`/cds-au/v1/banking/products`): every answer validated against
//! the Consumer Data Standards' own schemas (`shared/cdr/cds_banking-1.36.0.json`, read where it
//! stands, with `jsonschema`), and the standard's rules for versions, pages, filters, errors,
//! CORS and caching. No socket and no database: `warp::test` against the endpoints' filter,
//! with the clock pinned.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use banksia_server::product_data::{ProductData, routes};
use chrono::{DateTime, TimeZone, Utc};
use serde_json::Value;

const ORIGIN: &str = "https://www.banksia.example";

/// 26 November 2026, mid-morning in Sydney: before the announced deposit rate changes.
fn before_change() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 23, 0, 0)
        .single()
        .unwrap_or_default()
}

/// 11 December 2026, the day the announced changes take effect (bank time).
fn change_day() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 10, 15, 0, 0)
        .single()
        .unwrap_or_default()
}

fn data(clock: fn() -> DateTime<Utc>) -> Arc<ProductData> {
    Arc::new(ProductData::with_clock(ORIGIN, clock))
}

struct Answer {
    status: u16,
    headers: warp::http::HeaderMap,
    body: Value,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// The one error's code (`urn:au-cds:error:cds-all:` left off).
    fn code(&self) -> &str {
        self.body["errors"][0]["code"]
            .as_str()
            .unwrap_or("")
            .trim_start_matches("urn:au-cds:error:cds-all:")
    }
}

async fn call(
    data: &Arc<ProductData>,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
) -> Answer {
    let mut request = warp::test::request().method(method).path(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.reply(&routes(data.clone())).await;
    let body = if response.body().is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(response.body()).unwrap_or_else(|e| {
            panic!(
                "{path}: not JSON ({e}): {:?}",
                String::from_utf8_lossy(response.body())
            )
        })
    };
    Answer {
        status: response.status().as_u16(),
        headers: response.headers().clone(),
        body,
    }
}

async fn get(data: &Arc<ProductData>, path: &str, version: &str) -> Answer {
    call(data, "GET", path, &[("x-v", version)]).await
}

/// The standard's OpenAPI document, as published.
fn standard() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/cdr/cds_banking-1.36.0.json");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    })
}

/// The product schemas of banking 1.28.0 (Get Products version 3, Get Product Detail version
/// 4), the versions before the ones `shared/cdr/` holds that clients still send.
fn standard_1_28() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/cds/banking-1.28.0-products.json");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    })
}

/// A validator of one of banking 1.28.0's product schemas.
fn validator_1_28(schema: &str) -> jsonschema::Validator {
    let mut document = standard_1_28().clone();
    if let Some(root) = document.as_object_mut() {
        root.insert(
            "$ref".into(),
            Value::String(format!("#/components/schemas/{schema}")),
        );
    }
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft4)
        .build(&document)
        .unwrap_or_else(|e| panic!("{schema}: {e}"))
}

/// A validator of one of the standard's schemas: the whole document with a root `$ref`, so
/// every `#/components/schemas/...` inside resolves in the document itself.
fn validator(schema: &str) -> jsonschema::Validator {
    let mut document = standard().clone();
    if let Some(root) = document.as_object_mut() {
        root.insert(
            "$ref".into(),
            Value::String(format!("#/components/schemas/{schema}")),
        );
    }
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft4)
        .build(&document)
        .unwrap_or_else(|e| panic!("{schema}: {e}"))
}

/// Every property name any of the standard's schemas declares: the schemas allow properties
/// they don't name, so a misspelt optional field would pass them; this catches it.
fn declared_properties() -> &'static std::collections::BTreeSet<String> {
    static NAMES: OnceLock<std::collections::BTreeSet<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        fn walk(value: &Value, names: &mut std::collections::BTreeSet<String>) {
            match value {
                Value::Object(map) => {
                    if let Some(Value::Object(properties)) = map.get("properties") {
                        names.extend(properties.keys().cloned());
                    }
                    map.values().for_each(|v| walk(v, names));
                }
                Value::Array(items) => items.iter().for_each(|v| walk(v, names)),
                _ => {}
            }
        }
        let mut names = std::collections::BTreeSet::new();
        walk(&standard()["components"]["schemas"], &mut names);
        names
    })
}

fn undeclared_keys(value: &Value, path: &str, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                if !declared_properties().contains(key) {
                    found.push(format!("{path}.{key}"));
                }
                undeclared_keys(inner, &format!("{path}.{key}"), found);
            }
        }
        Value::Array(items) => {
            for (index, inner) in items.iter().enumerate() {
                undeclared_keys(inner, &format!("{path}[{index}]"), found);
            }
        }
        _ => {}
    }
}

fn assert_valid(validator: &jsonschema::Validator, body: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(body)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}");
    let mut undeclared = Vec::new();
    undeclared_keys(body, "", &mut undeclared);
    assert!(
        undeclared.is_empty(),
        "{what}: not in the standard: {undeclared:?}"
    );
}

fn ids(answer: &Answer) -> Vec<String> {
    answer.body["data"]["products"]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|p| p["productId"].as_str().unwrap_or("").to_owned())
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn every_answer_validates_against_the_standards_schemas() {
    let list_schema = validator("ResponseBankingProductListV4");
    let detail_schema = validator("ResponseBankingProductByIdV7");
    let error_schema = validator("ResponseErrorListV2");
    // The validators do reject what the standard refuses.
    let no_name = serde_json::json!({
        "data": { "products": [{ "productId": "x", "lastUpdated": "2026-01-01T00:00:00Z",
            "productCategory": "TERM_DEPOSITS", "description": "d", "brand": "b", "isTailored": false }] },
        "links": { "self": "https://x" },
        "meta": { "totalRecords": 1, "totalPages": 1 }
    });
    assert!(!list_schema.is_valid(&no_name), "a product without a name");
    let bad_category = serde_json::json!({
        "data": { "productId": "x", "lastUpdated": "2026-01-01T00:00:00Z", "name": "n",
            "productCategory": "MORTGAGES", "description": "d", "brand": "b", "isTailored": false },
        "links": { "self": "https://x" }
    });
    assert!(
        !detail_schema.is_valid(&bad_category),
        "an unknown category"
    );
    assert!(!error_schema.is_valid(&serde_json::json!({ "errors": [{ "code": "c" }] })));
    for clock in [before_change as fn() -> DateTime<Utc>, change_day] {
        let data = data(clock);
        let mut every_id = Vec::new();
        for effective in ["CURRENT", "FUTURE", "ALL"] {
            let path = format!("/cds-au/v1/banking/products?effective={effective}&page-size=1000");
            let list = get(&data, &path, "5").await;
            assert_eq!(list.status, 200, "{path}");
            assert_eq!(list.header("x-v"), Some("5"));
            assert_valid(&list_schema, &list.body, &path);
            every_id.extend(ids(&list));
        }
        // Every category the standard names, one page of each.
        for category in [
            "TRANS_AND_SAVINGS_ACCOUNTS",
            "TERM_DEPOSITS",
            "CRED_AND_CHRG_CARDS",
            "RESIDENTIAL_MORTGAGES",
            "PERS_LOANS",
            "BUSINESS_LOANS",
            "LEASES",
        ] {
            let path = format!("/cds-au/v1/banking/products?product-category={category}");
            let list = get(&data, &path, "5").await;
            assert_eq!(list.status, 200, "{path}");
            assert_valid(&list_schema, &list.body, &path);
        }
        every_id.sort();
        every_id.dedup();
        assert!(every_id.len() >= 19, "{every_id:?}");
        // The versions before the current ones give this bank's products in the same fields:
        // the current schema holds their answers too (version 4 of the detail has its own
        // shape, checked in `versions_clients_still_send_are_served`).
        for version in ["3", "4"] {
            let path = "/cds-au/v1/banking/products?page-size=1000";
            let list = get(&data, path, version).await;
            assert_eq!(list.header("x-v"), Some(version));
            assert_valid(&list_schema, &list.body, path);
        }
        for id in &every_id[..3] {
            for version in ["5", "6"] {
                let path = format!("/cds-au/v1/banking/products/{id}");
                let detail = get(&data, &path, version).await;
                assert_eq!(detail.header("x-v"), Some(version));
                assert_valid(&detail_schema, &detail.body, &path);
            }
        }
        for id in &every_id {
            let path = format!("/cds-au/v1/banking/products/{id}");
            let detail = get(&data, &path, "7").await;
            assert_eq!(detail.status, 200, "{path}");
            assert_eq!(detail.header("x-v"), Some("7"));
            assert_valid(&detail_schema, &detail.body, &path);
            assert_eq!(detail.body["data"]["productId"], Value::String(id.clone()));
        }
        // And every kind of failure.
        for (path, version) in [
            ("/cds-au/v1/banking/products?page=0", "5"),
            ("/cds-au/v1/banking/products?page=99", "5"),
            ("/cds-au/v1/banking/products?page-size=1001", "5"),
            ("/cds-au/v1/banking/products", "2"),
            ("/cds-au/v1/banking/products/variable", "3"),
            ("/cds-au/v1/banking/products", "x"),
            ("/cds-au/v1/banking/products/no-such-product", "7"),
            ("/cds-au/v1/banking/accounts", "1"),
        ] {
            let error = get(&data, path, version).await;
            assert!(error.status >= 400, "{path}");
            assert_valid(&error_schema, &error.body, path);
        }
    }
}

/// A request's path and headers, and the status and error code it gets.
type Case = (
    &'static str,
    &'static [(&'static str, &'static str)],
    u16,
    &'static str,
);

#[tokio::test]
async fn versions_are_negotiated_as_the_standard_says() {
    let data = data(before_change);
    const LIST: &str = "/cds-au/v1/banking/products";
    const DETAIL: &str = "/cds-au/v1/banking/products/variable";
    let (list, detail) = (LIST, DETAIL);
    let cases: [Case; 16] = [
        (list, &[("x-v", "5")], 200, "5"),
        (list, &[("x-v", "9"), ("x-min-v", "2")], 200, "5"),
        // x-min-v at or above x-v is treated as absent.
        (list, &[("x-v", "5"), ("x-min-v", "8")], 200, "5"),
        (list, &[("x-v", "4"), ("x-min-v", "1")], 200, "4"),
        (list, &[("x-v", "3")], 200, "3"),
        (
            list,
            &[("x-v", "6"), ("x-min-v", "6")],
            406,
            "Header/UnsupportedVersion",
        ),
        (list, &[("x-v", "2")], 406, "Header/UnsupportedVersion"),
        (
            list,
            &[("x-v", "9"), ("x-min-v", "6")],
            406,
            "Header/UnsupportedVersion",
        ),
        (list, &[], 400, "Header/Missing"),
        (list, &[("x-v", "0")], 400, "Header/InvalidVersion"),
        (list, &[("x-v", "-5")], 400, "Header/InvalidVersion"),
        (
            list,
            &[("x-v", "5"), ("x-min-v", "one")],
            400,
            "Header/InvalidVersion",
        ),
        (detail, &[("x-v", "7")], 200, "7"),
        (detail, &[("x-v", "6")], 200, "6"),
        (detail, &[("x-v", "4"), ("x-min-v", "1")], 200, "4"),
        (detail, &[("x-v", "3")], 406, "Header/UnsupportedVersion"),
    ];
    // For a 200 the last column is the version served, otherwise the error's code.
    for (path, headers, status, expected) in cases {
        let answer = call(&data, "GET", path, headers).await;
        assert_eq!(answer.status, status, "{path} {headers:?}");
        if status == 200 {
            assert_eq!(answer.header("x-v"), Some(expected), "{headers:?}");
        } else {
            assert_eq!(answer.code(), expected, "{path} {headers:?}");
            assert_eq!(answer.header("x-v"), None);
        }
    }
    // x-v above what is served, with a range that includes it: the highest served.
    let answer = call(&data, "GET", detail, &[("x-v", "12"), ("x-min-v", "3")]).await;
    assert_eq!((answer.status, answer.header("x-v")), (200, Some("7")));
}

#[tokio::test]
async fn pages_link_to_each_other_and_cover_the_list_once() {
    let data = data(before_change);
    let whole = get(&data, "/cds-au/v1/banking/products?page-size=1000", "5").await;
    let all = ids(&whole);
    let total = all.len();
    assert_eq!(whole.body["meta"]["totalRecords"], total);
    assert_eq!(whole.body["meta"]["totalPages"], 1);
    assert!(whole.body["links"].get("next").is_none());

    let size = 4;
    let pages = total.div_ceil(size);
    let mut seen = Vec::new();
    for page in 1..=pages {
        let path = format!("/cds-au/v1/banking/products?page={page}&page-size={size}");
        let answer = get(&data, &path, "5").await;
        assert_eq!(answer.status, 200);
        let links = &answer.body["links"];
        assert_eq!(links["self"], format!("{ORIGIN}{path}"));
        assert_eq!(answer.body["meta"]["totalPages"], pages);
        assert_eq!(answer.body["meta"]["totalRecords"], total);
        assert_eq!(links.get("prev").is_some(), page > 1);
        assert_eq!(links.get("first").is_some(), page > 1);
        assert_eq!(links.get("next").is_some(), page < pages);
        assert_eq!(links.get("last").is_some(), page < pages);
        if page < pages {
            assert_eq!(
                links["next"],
                format!(
                    "{ORIGIN}/cds-au/v1/banking/products?page={}&page-size={size}",
                    page + 1
                )
            );
        }
        seen.extend(ids(&answer));
    }
    assert_eq!(seen, all, "the pages, in order, are the whole list");

    // Newest lastUpdated first.
    let updated: Vec<&str> = whole.body["data"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["lastUpdated"].as_str().unwrap())
        .collect();
    assert!(updated.windows(2).all(|w| w[0] >= w[1]), "{updated:?}");

    // Past the end: 422 with the number of pages; an empty list has page 1 only.
    let past = get(
        &data,
        &format!(
            "/cds-au/v1/banking/products?page={}&page-size={size}",
            pages + 1
        ),
        "5",
    )
    .await;
    assert_eq!((past.status, past.code()), (422, "Field/InvalidPage"));
    assert_eq!(past.body["errors"][0]["detail"], pages.to_string());
    let empty = get(
        &data,
        "/cds-au/v1/banking/products?product-category=LEASES",
        "5",
    )
    .await;
    assert_eq!(empty.status, 200);
    assert_eq!(empty.body["meta"]["totalRecords"], 0);
    assert_eq!(empty.body["meta"]["totalPages"], 0);
    let beyond = get(
        &data,
        "/cds-au/v1/banking/products?product-category=LEASES&page=2",
        "5",
    )
    .await;
    assert_eq!((beyond.status, beyond.code()), (422, "Field/InvalidPage"));

    for (query, code) in [
        ("page-size=1001", "Field/InvalidPageSize"),
        ("page-size=99999999999999999999999", "Field/InvalidPageSize"),
        ("page-size=0", "Field/Invalid"),
        ("page-size=-1", "Field/Invalid"),
        ("page-size=2.5", "Field/Invalid"),
        ("page=0", "Field/Invalid"),
        ("page=-1", "Field/Invalid"),
        ("page=one", "Field/Invalid"),
        ("page=", "Field/Invalid"),
        ("page=1&page=2", "Field/Invalid"),
    ] {
        let answer = get(&data, &format!("/cds-au/v1/banking/products?{query}"), "5").await;
        assert_eq!((answer.status, answer.code()), (400, code), "{query}");
    }
    let huge = get(
        &data,
        "/cds-au/v1/banking/products?page=99999999999999999999",
        "5",
    )
    .await;
    assert_eq!((huge.status, huge.code()), (422, "Field/InvalidPage"));
}

#[tokio::test]
async fn filters_select_by_period_update_brand_and_category() {
    let data = data(before_change);
    let list = |query: &'static str| {
        let data = data.clone();
        async move {
            get(
                &data,
                &format!("/cds-au/v1/banking/products?page-size=1000&{query}"),
                "5",
            )
            .await
        }
    };
    let current = list("effective=CURRENT").await;
    let default = list("").await;
    assert_eq!(ids(&current), ids(&default), "CURRENT is the default");
    let future = list("effective=FUTURE").await;
    let all = list("effective=ALL").await;
    // An announced rate change is no product of its own: every product is on offer today, none
    // only later, and ALL names each product once.
    assert!(ids(&future).is_empty(), "{:?}", ids(&future));
    assert_eq!(ids(&all), ids(&current));

    let cards = list("product-category=CRED_AND_CHRG_CARDS").await;
    assert_eq!(ids(&cards).len(), 2);
    let mortgages = list("product-category=RESIDENTIAL_MORTGAGES").await;
    assert_eq!(ids(&mortgages).len(), 4);
    for product in mortgages.body["data"]["products"].as_array().unwrap() {
        assert_eq!(product["productCategory"], "RESIDENTIAL_MORTGAGES");
    }

    let branded = list("brand=Banksia%20Bank").await;
    assert_eq!(ids(&branded), ids(&current));
    let other = list("brand=Another%20Bank").await;
    assert!(ids(&other).is_empty());

    // updated-since: only what changed after the moment given.
    let recent = list("updated-since=2026-11-19T00:00:00Z").await;
    assert!(!ids(&recent).is_empty() && ids(&recent).len() < ids(&current).len());
    for product in recent.body["data"]["products"].as_array().unwrap() {
        assert!(product["lastUpdated"].as_str().unwrap() > "2026-11-19");
    }
    let none = list("updated-since=2030-01-01T00:00:00%2B10:00").await;
    assert!(ids(&none).is_empty());

    for (query, code) in [
        ("effective=current", "Field/Invalid"),
        ("effective=SOON", "Field/Invalid"),
        ("product-category=MORTGAGES", "Field/Invalid"),
        ("updated-since=yesterday", "Field/InvalidDateTime"),
        (
            "updated-since=2026-13-01T00:00:00Z",
            "Field/InvalidDateTime",
        ),
    ] {
        let answer = list(query).await;
        assert_eq!((answer.status, answer.code()), (400, code), "{query}");
    }
}

/// The rates of `term_months` paid at maturity in a term deposit's detail, each with its
/// conditions' words.
fn maturity_rates(detail: &Value, term_months: u32) -> Vec<(String, Vec<String>)> {
    detail["data"]["depositRates"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| {
            r["additionalValue"] == format!("P{term_months}M") && r["applicationType"] == "MATURITY"
        })
        .map(|r| {
            let conditions = r["applicabilityConditions"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|c| c["additionalInfo"].as_str().unwrap_or("").to_owned())
                .collect();
            (r["rate"].as_str().unwrap_or("").to_owned(), conditions)
        })
        .collect()
}

#[tokio::test]
async fn an_announced_rate_change_is_a_rate_with_its_days_not_a_withdrawal() {
    let before = data(before_change);
    let path = "/cds-au/v1/banking/products/term-deposit";
    let today = get(&before, path, "7").await;
    // Nothing says the product stops being offered.
    assert!(today.body["data"].get("effectiveTo").is_none());
    let twelve = maturity_rates(&today.body, 12);
    assert_eq!(twelve.len(), 2, "{twelve:?}");
    assert_eq!(twelve[0].0, "0.0425");
    assert!(
        twelve[0].1[0].contains("until 10 December 2026"),
        "{twelve:?}"
    );
    assert_eq!(twelve[1].0, "0.0435");
    assert!(
        twelve[1].1[0].contains("from 11 December 2026 (announced 20 November 2026)"),
        "{twelve:?}"
    );
    // A term whose rate doesn't change has one rate and no condition.
    assert_eq!(
        maturity_rates(&today.body, 6),
        vec![("0.0375".to_owned(), vec![])]
    );
    // The list names each product once, whatever `effective` asks for.
    let all = get(
        &before,
        "/cds-au/v1/banking/products?effective=ALL&page-size=1000",
        "5",
    )
    .await;
    let mut listed = ids(&all);
    let count = listed.len();
    listed.sort();
    listed.dedup();
    assert_eq!(listed.len(), count);
    assert_eq!(all.body["meta"]["totalRecords"], count);
    let entry = all.body["data"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["productId"] == "term-deposit")
        .cloned()
        .unwrap();
    assert!(entry.get("effectiveTo").is_none());

    let on_the_day = data(change_day);
    let changed = get(&on_the_day, path, "7").await;
    assert_eq!(
        maturity_rates(&changed.body, 12),
        vec![("0.0435".to_owned(), vec![])]
    );
    assert_eq!(maturity_rates(&changed.body, 24)[0].0, "0.045");
    assert!(changed.body["data"].get("effectiveTo").is_none());
    let savings = get(&on_the_day, "/cds-au/v1/banking/products/high-yield", "7").await;
    assert_eq!(
        savings.body["data"]["depositRates"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(savings.body["data"]["depositRates"][0]["rate"], "0.041");
}

/// 20 November 2026, 18:00 in Sydney: the afternoon the deposit rate changes were announced.
fn announcement_evening() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 20, 7, 0, 0)
        .single()
        .unwrap_or_default()
}

#[tokio::test]
async fn last_updated_is_the_moment_of_the_change_so_updated_since_finds_it() {
    let evening = data(announcement_evening);
    let detail = get(&evening, "/cds-au/v1/banking/products/term-deposit", "7").await;
    assert_eq!(
        detail.body["data"]["lastUpdated"],
        "2026-11-20T14:30:00+11:00"
    );
    // A client that synced that morning asks what changed since: the announcement is in.
    let since = get(
        &evening,
        "/cds-au/v1/banking/products?page-size=1000&updated-since=2026-11-20T10:00:00%2B11:00",
        "5",
    )
    .await;
    let changed = ids(&since);
    assert!(changed.contains(&"term-deposit".to_owned()), "{changed:?}");
    assert!(changed.contains(&"high-yield".to_owned()), "{changed:?}");
    assert!(!changed.contains(&"goal".to_owned()), "{changed:?}");
    // And one that synced after it hears of nothing new.
    let later = get(
        &evening,
        "/cds-au/v1/banking/products?updated-since=2026-11-20T14:31:00%2B11:00",
        "5",
    )
    .await;
    assert!(ids(&later).is_empty(), "{:?}", ids(&later));
    // The announced rate is published from the moment of its announcement, not before.
    fn before_announcement() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 20, 3, 29, 0)
            .single()
            .unwrap_or_default()
    }
    let early = data(before_announcement);
    let detail = get(&early, "/cds-au/v1/banking/products/term-deposit", "7").await;
    assert_eq!(maturity_rates(&detail.body, 12).len(), 1);
}

#[tokio::test]
async fn the_api_publishes_the_catalogs_figures() {
    // The site reads the same catalog at build time (`productCatalog`): these are its figures.
    let catalog = banksia_core::products::catalog();
    let data = data(before_change);
    let fraction = |percent: rust_decimal::Decimal| {
        (percent / rust_decimal::Decimal::ONE_HUNDRED)
            .normalize()
            .to_string()
    };
    for loan in catalog
        .home_loans
        .iter()
        .chain(&catalog.personal_loans)
        .chain(&catalog.car_loans)
    {
        let detail = get(
            &data,
            &format!("/cds-au/v1/banking/products/{}", loan.id),
            "7",
        )
        .await;
        // A rate fixed for part of the loan: the catalog's figures are its longest period's.
        let rates = detail.body["data"]["lendingRates"].as_array().unwrap();
        let rate = loan
            .fixed_period
            .as_ref()
            .and_then(|fixed| {
                rates
                    .iter()
                    .find(|r| r["additionalValue"] == format!("P{}Y", fixed.years))
            })
            .unwrap_or(&rates[0]);
        assert_eq!(
            rate["rate"],
            fraction(loan.annual_rate_percent),
            "{}",
            loan.id
        );
        assert_eq!(
            rate["comparisonRate"],
            fraction(loan.comparison_rate_percent),
            "{}",
            loan.id
        );
        assert!(
            rate["additionalInfo"]
                .as_str()
                .unwrap()
                .contains("WARNING: This comparison rate is true only for the examples given")
        );
        let constraints = detail.body["data"]["constraints"].as_array().unwrap();
        let value = |kind: &str| {
            constraints
                .iter()
                .find(|c| c["constraintType"] == kind)
                .map(|c| c["additionalValue"].clone())
        };
        assert_eq!(
            value("MIN_LIMIT"),
            Some(format!("{}.00", loan.min_amount).into())
        );
        assert_eq!(
            value("MAX_LIMIT"),
            Some(format!("{}.00", loan.max_amount).into())
        );
    }
    for deposit in catalog.savings.iter().chain(&catalog.business_savings) {
        let detail = get(
            &data,
            &format!("/cds-au/v1/banking/products/{}", deposit.id),
            "7",
        )
        .await;
        assert_eq!(detail.status, 200, "{}", deposit.id);
        assert_eq!(
            detail.body["data"]["depositRates"][0]["rate"],
            fraction(deposit.annual_rate_percent),
            "{}",
            deposit.id
        );
    }
    let td = get(&data, "/cds-au/v1/banking/products/term-deposit", "7").await;
    for term in &catalog.term_deposits {
        let months = term.term_months.unwrap();
        assert_eq!(
            maturity_rates(&td.body, months)
                .first()
                .map(|r| r.0.clone()),
            Some(fraction(term.annual_rate_percent)),
            "{months} months"
        );
    }
    for card in &catalog.credit_cards {
        let detail = get(
            &data,
            &format!("/cds-au/v1/banking/products/{}", card.id),
            "7",
        )
        .await;
        assert_eq!(
            detail.body["data"]["lendingRates"][0]["rate"],
            fraction(card.annual_rate_percent)
        );
    }
    // Additional information links to the product page, its TMD and the Key Facts Sheet.
    let home = get(&data, "/cds-au/v1/banking/products/variable", "7").await;
    let info = &home.body["data"]["additionalInformation"];
    assert_eq!(info["overviewUri"], format!("{ORIGIN}/loans/home"));
    assert_eq!(
        info["eligibilityUri"],
        format!("{ORIGIN}/target-market/variable")
    );
    assert_eq!(
        info["additionalOverviewUris"][0]["additionalInfoUri"],
        format!("{ORIGIN}/loans/home/key-facts-sheet")
    );
}

#[tokio::test]
async fn errors_use_the_standards_codes_and_never_a_500() {
    let data = data(before_change);
    let unknown = get(&data, "/cds-au/v1/banking/products/no-such-product", "7").await;
    assert_eq!((unknown.status, unknown.code()), (404, "Resource/Invalid"));
    assert_eq!(unknown.body["errors"][0]["detail"], "no-such-product");
    assert_eq!(unknown.body["errors"][0]["title"], "Invalid Resource");
    let elsewhere = get(&data, "/cds-au/v1/banking/accounts", "1").await;
    assert_eq!(
        (elsewhere.status, elsewhere.code()),
        (404, "Resource/NotFound")
    );

    let hostile_paths = [
        "/cds-au/v1/banking/products?page=%FF",
        "/cds-au/v1/banking/products?%00=%00",
        "/cds-au/v1/banking/products?page-size=1e3",
        "/cds-au/v1/banking/products?updated-since=%27%3B--",
        "/cds-au/v1/banking/products?brand=%F0%9F%8C%BF",
        "/cds-au/v1/banking/products?&&&==&",
        "/cds-au/v1/banking/products/%2e%2e",
        "/cds-au/v1/banking/products/%F0%9F%8C%BF",
        "/cds-au/v1/banking/products/a/b",
        "/cds-au/v1/banking/products/",
        "/cds-au/v1/banking/products/variable?x=1",
        "/cds-au",
    ];
    let hostile_headers: [&[(&str, &str)]; 5] = [
        &[("x-v", "5")],
        &[("x-v", "7")],
        &[("x-v", "5"), ("x-min-v", "99999999999999999999999999")],
        &[("x-v", "  7 ")],
        &[],
    ];
    for path in hostile_paths {
        for headers in hostile_headers {
            let answer = call(&data, "GET", path, headers).await;
            assert!(
                [200, 400, 404, 406, 422].contains(&answer.status),
                "{path} {headers:?}: {}",
                answer.status
            );
            if answer.status != 200 {
                assert!(answer.body["errors"].is_array(), "{path}");
            }
        }
    }
}

#[tokio::test]
async fn cors_is_open_and_answers_carry_an_interaction_id() {
    let data = data(before_change);
    let list = get(&data, "/cds-au/v1/banking/products", "5").await;
    assert_eq!(list.header("access-control-allow-origin"), Some("*"));
    let generated = list.header("x-fapi-interaction-id").unwrap();
    let uuid = uuid::Uuid::parse_str(generated).unwrap();
    assert_eq!(uuid.get_version_num(), 4);

    let id = "8b0a4e8c-3b1f-4a59-9d8e-2f5f4c6c1d2e";
    let echoed = call(
        &data,
        "GET",
        "/cds-au/v1/banking/products/quick",
        &[("x-v", "7"), ("x-fapi-interaction-id", id)],
    )
    .await;
    assert_eq!(echoed.header("x-fapi-interaction-id"), Some(id));
    let failed = call(
        &data,
        "GET",
        "/cds-au/v1/banking/products",
        &[("x-fapi-interaction-id", id)],
    )
    .await;
    assert_eq!(failed.status, 400);
    assert_eq!(failed.header("x-fapi-interaction-id"), Some(id));
    assert_eq!(failed.header("access-control-allow-origin"), Some("*"));

    for path in [
        "/cds-au/v1/banking/products",
        "/cds-au/v1/banking/products/variable",
    ] {
        let preflight = call(
            &data,
            "OPTIONS",
            path,
            &[
                ("origin", "https://compare.example"),
                ("access-control-request-method", "GET"),
                ("access-control-request-headers", "x-v, x-min-v"),
            ],
        )
        .await;
        assert_eq!(preflight.status, 204, "{path}");
        assert_eq!(preflight.header("access-control-allow-origin"), Some("*"));
        let allowed = preflight.header("access-control-allow-headers").unwrap();
        assert!(allowed.contains("x-v") && allowed.contains("x-min-v"));
        assert!(
            preflight
                .header("access-control-allow-methods")
                .unwrap()
                .contains("GET")
        );
    }
}

#[tokio::test]
async fn an_unchanged_answer_is_revalidated_with_its_etag() {
    let data = data(before_change);
    for (path, version) in [
        ("/cds-au/v1/banking/products?page-size=10", "5"),
        ("/cds-au/v1/banking/products/fixed", "7"),
    ] {
        let first = get(&data, path, version).await;
        assert_eq!(first.header("cache-control"), Some("private, max-age=300"));
        let tag = first.header("etag").unwrap().to_owned();
        let again = call(
            &data,
            "GET",
            path,
            &[("x-v", version), ("if-none-match", tag.as_str())],
        )
        .await;
        assert_eq!(again.status, 304, "{path}");
        assert_eq!(again.body, Value::Null);
        assert_eq!(again.header("etag"), Some(tag.as_str()));
        assert_eq!(again.header("x-v"), Some(version));
        let other = call(
            &data,
            "GET",
            path,
            &[("x-v", version), ("if-none-match", "\"v0-other\"")],
        )
        .await;
        assert_eq!(other.status, 200);
    }
    // Another page is another representation.
    let one = get(&data, "/cds-au/v1/banking/products?page-size=10", "5").await;
    let two = get(
        &data,
        "/cds-au/v1/banking/products?page=2&page-size=10",
        "5",
    )
    .await;
    assert_ne!(one.header("etag"), two.header("etag"));
}

/// The Data Standards Body's product comparator sends one version pair to every endpoint:
/// its default (`x-v: 4`, `x-min-v: 1`) and the README's list version (`x-v: 5`, its `x-min-v`
/// left at 1). Every answer either pair gets validates against the standard's schemas.
#[tokio::test]
async fn versions_clients_still_send_are_served() {
    let data = data(before_change);
    let list_v3 = validator_1_28("ResponseBankingProductListV2");
    let detail_v4 = validator_1_28("ResponseBankingProductByIdV4");
    let list_schema = validator("ResponseBankingProductListV4");
    let detail_schema = validator("ResponseBankingProductByIdV7");
    // The 1.28 schemas refuse what version 4 didn't know.
    let late = serde_json::json!({
        "data": { "productId": "x", "lastUpdated": "2026-01-01T00:00:00Z", "name": "n",
            "productCategory": "CRED_AND_CHRG_CARDS", "description": "d", "brand": "b",
            "isTailored": false, "fees": [{ "name": "Late", "feeType": "LATE_PAYMENT" }] },
        "links": { "self": "https://x" }
    });
    assert!(!detail_v4.is_valid(&late));
    let version_3 = get(&data, "/cds-au/v1/banking/products?page-size=1000", "3").await;
    assert_valid(&list_v3, &version_3.body, "list version 3");
    for (x_v, x_min_v, list_version, detail_version) in [
        ("4", "1", "4", "4"),
        ("5", "1", "5", "5"),
        ("5", "", "5", "5"),
        ("7", "5", "5", "7"),
    ] {
        let mut headers = vec![("x-v", x_v), ("accept", "application/json")];
        if !x_min_v.is_empty() {
            headers.push(("x-min-v", x_min_v));
        }
        let list = call(
            &data,
            "GET",
            "/cds-au/v1/banking/products?page-size=1000",
            &headers,
        )
        .await;
        assert_eq!(list.status, 200, "x-v {x_v}: {:?}", list.body);
        assert_eq!(list.header("x-v"), Some(list_version));
        assert_valid(&list_schema, &list.body, &format!("list, x-v {x_v}"));
        let products = ids(&list);
        assert_eq!(products.len(), 19);
        for id in &products {
            let path = format!("/cds-au/v1/banking/products/{id}");
            let detail = call(&data, "GET", &path, &headers).await;
            assert_eq!(detail.status, 200, "{path} x-v {x_v}: {:?}", detail.body);
            assert_eq!(detail.header("x-v"), Some(detail_version), "{path}");
            let fees = detail.body["data"]["fees"].as_array().unwrap();
            for fee in fees {
                if detail_version == "4" {
                    // Version 4's fee: an amount, no method object.
                    assert!(fee.get("feeMethodUType").is_none(), "{path}: {fee}");
                    assert!(fee["amount"].is_string(), "{path}: {fee}");
                } else {
                    assert_eq!(fee["feeMethodUType"], "fixedAmount", "{path}");
                    assert!(fee["fixedAmount"]["amount"].is_string(), "{path}");
                }
            }
            if detail_version == "4" {
                let errors: Vec<String> = detail_v4
                    .iter_errors(&detail.body)
                    .map(|e| format!("{e} at {}", e.instance_path()))
                    .collect();
                assert!(errors.is_empty(), "{path} version 4: {errors:#?}");
                for rate in detail.body["data"]["depositRates"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .chain(
                        detail.body["data"]["lendingRates"]
                            .as_array()
                            .into_iter()
                            .flatten(),
                    )
                {
                    assert!(rate.get("applicationType").is_none(), "{path}: {rate}");
                    assert!(rate.get("applicabilityConditions").is_none(), "{path}");
                }
            } else {
                assert_valid(&detail_schema, &detail.body, &format!("{path}, x-v {x_v}"));
            }
        }
    }
    // None fits: a 406 whose message says what is served and what to send.
    let refused = call(
        &data,
        "GET",
        "/cds-au/v1/banking/products/variable",
        &[("x-v", "3"), ("x-min-v", "1")],
    )
    .await;
    assert_eq!(refused.status, 406);
    assert_eq!(refused.code(), "Header/UnsupportedVersion");
    let detail = refused.body["errors"][0]["detail"].as_str().unwrap();
    assert!(detail.contains("versions 4 to 7 are served"), "{detail}");
    assert!(
        detail.contains("versions 1 to 3 were asked for"),
        "{detail}"
    );
    assert_valid(&validator("ResponseErrorListV2"), &refused.body, "406");
}

/// `ResponseCommonDiscoveryStatus` and `ResponseDiscoveryOutagesList` (Consumer Data
/// Standards, common APIs, Get Status and Get Outages version 1), as the standard defines them.
fn discovery_schemas() -> (jsonschema::Validator, jsonschema::Validator) {
    let date_time = serde_json::json!({ "type": "string", "format": "date-time" });
    let links = serde_json::json!({
        "type": "object", "required": ["self"], "properties": { "self": { "type": "string" } }
    });
    let status = serde_json::json!({
        "type": "object",
        "required": ["data", "links"],
        "properties": {
            "data": {
                "type": "object",
                "required": ["status", "updateTime"],
                "properties": {
                    "status": { "enum": ["OK", "PARTIAL_FAILURE", "SCHEDULED_OUTAGE", "UNAVAILABLE"] },
                    "explanation": { "type": "string" },
                    "detectionTime": date_time,
                    "expectedResolutionTime": date_time,
                    "updateTime": date_time
                },
                "additionalProperties": false
            },
            "links": links,
            "meta": { "type": "object" }
        }
    });
    let outages = serde_json::json!({
        "type": "object",
        "required": ["data", "links"],
        "properties": {
            "data": {
                "type": "object",
                "required": ["outages"],
                "properties": {
                    "outages": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["outageTime", "duration", "explanation"],
                            "properties": {
                                "outageTime": date_time,
                                "duration": { "type": "string" },
                                "isPartial": { "type": "boolean" },
                                "explanation": { "type": "string" }
                            }
                        }
                    }
                }
            },
            "links": links,
            "meta": { "type": "object" }
        }
    });
    let build = |schema: &Value| {
        jsonschema::options()
            .should_validate_formats(true)
            .build(schema)
            .unwrap_or_else(|e| panic!("{e}"))
    };
    (build(&status), build(&outages))
}

#[tokio::test]
async fn discovery_status_and_outages_answer_with_cors() {
    let data = data(before_change);
    let (status_schema, outages_schema) = discovery_schemas();
    for headers in [
        &[("x-v", "1")][..],
        &[("x-v", "4"), ("x-min-v", "1")][..],
        &[("x-v", "5"), ("x-min-v", "1")][..],
    ] {
        let status = call(&data, "GET", "/cds-au/v1/discovery/status", headers).await;
        assert_eq!(status.status, 200, "{headers:?}");
        assert_eq!(status.header("x-v"), Some("1"));
        assert_eq!(status.header("access-control-allow-origin"), Some("*"));
        assert!(status_schema.is_valid(&status.body), "{}", status.body);
        assert_eq!(status.body["data"]["status"], "OK");
        assert_eq!(
            status.body["links"]["self"],
            format!("{ORIGIN}/cds-au/v1/discovery/status")
        );
        let outages = call(&data, "GET", "/cds-au/v1/discovery/outages", headers).await;
        assert_eq!(outages.status, 200, "{headers:?}");
        assert!(outages_schema.is_valid(&outages.body), "{}", outages.body);
        assert_eq!(outages.body["data"]["outages"], serde_json::json!([]));
    }
    let unsupported = get(&data, "/cds-au/v1/discovery/status", "2").await;
    assert_eq!(
        (unsupported.status, unsupported.code()),
        (406, "Header/UnsupportedVersion")
    );
    for path in [
        "/cds-au/v1/discovery/status",
        "/cds-au/v1/discovery/outages",
    ] {
        let preflight = call(
            &data,
            "OPTIONS",
            path,
            &[
                ("origin", "https://compare.example"),
                ("access-control-request-method", "GET"),
                ("access-control-request-headers", "x-v, x-min-v"),
            ],
        )
        .await;
        assert_eq!(preflight.status, 204, "{path}");
        assert_eq!(preflight.header("access-control-allow-origin"), Some("*"));
    }
    let nowhere = call(&data, "OPTIONS", "/cds-au/v1/discovery/elsewhere", &[]).await;
    assert_eq!(nowhere.status, 404);
}

#[tokio::test]
async fn an_unacceptable_accept_gets_406() {
    let data = data(before_change);
    for accept in [
        "application/json",
        "*/*",
        "application/*",
        "AppliCAtion/JSon;Charset=uTf-8",
        "text/html, application/json;q=0.5",
        "",
    ] {
        let answer = call(
            &data,
            "GET",
            "/cds-au/v1/banking/products/variable",
            &[("x-v", "7"), ("accept", accept)],
        )
        .await;
        assert_eq!(answer.status, 200, "{accept:?}");
    }
    for accept in [
        "text/html",
        "application/xml",
        "application/json;q=0",
        "text/*, image/png",
    ] {
        for path in [
            "/cds-au/v1/banking/products",
            "/cds-au/v1/banking/products/variable",
            "/cds-au/v1/discovery/status",
        ] {
            let answer = call(&data, "GET", path, &[("x-v", "7"), ("accept", accept)]).await;
            assert_eq!(answer.status, 406, "{path} {accept:?}");
            assert_eq!(answer.code(), "Header/Invalid", "{path} {accept:?}");
            assert_valid(&validator("ResponseErrorListV2"), &answer.body, accept);
        }
    }
}

#[tokio::test]
async fn no_shared_cache_keeps_one_callers_interaction_id() {
    let data = data(before_change);
    let id = "2f0a4e8c-3b1f-4a59-9d8e-2f5f4c6c1d2e";
    for (path, version) in [
        ("/cds-au/v1/banking/products", "5"),
        ("/cds-au/v1/banking/products/variable", "7"),
        ("/cds-au/v1/discovery/status", "1"),
    ] {
        let answer = call(
            &data,
            "GET",
            path,
            &[("x-v", version), ("x-fapi-interaction-id", id)],
        )
        .await;
        assert_eq!(answer.header("x-fapi-interaction-id"), Some(id));
        let cache = answer.header("cache-control").unwrap();
        assert!(
            cache.contains("private") || cache.contains("no-store"),
            "{path}: {cache}"
        );
        assert!(!cache.contains("public"), "{path}: {cache}");
        let vary = answer.header("vary").unwrap();
        for name in ["x-fapi-interaction-id", "x-v", "x-min-v", "accept-encoding"] {
            assert!(vary.contains(name), "{path}: {vary}");
        }
    }
}

#[tokio::test]
async fn answers_are_compressed_as_the_client_accepts() {
    use std::io::Read as _;
    let data = data(before_change);
    let plain = get(&data, "/cds-au/v1/banking/products?page-size=1000", "5").await;
    assert_eq!(plain.header("content-encoding"), None);
    let raw = |accept: &'static str| {
        let data = data.clone();
        async move {
            warp::test::request()
                .path("/cds-au/v1/banking/products?page-size=1000")
                .header("x-v", "5")
                .header("accept-encoding", accept)
                .reply(&routes(data))
                .await
        }
    };
    let gzip = raw("gzip, deflate").await;
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    let mut text = String::new();
    flate2::read::GzDecoder::new(&gzip.body()[..])
        .read_to_string(&mut text)
        .unwrap();
    let decoded: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(decoded, plain.body);
    assert!(
        gzip.body().len() * 3 < text.len(),
        "{} of {}",
        gzip.body().len(),
        text.len()
    );

    let br = raw("gzip, deflate, br, zstd").await;
    assert_eq!(br.headers()["content-encoding"], "br");
    let mut text = String::new();
    brotli::Decompressor::new(&br.body()[..], 4096)
        .read_to_string(&mut text)
        .unwrap();
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), plain.body);
    // Each coding is its own representation: its own tag, and a 304 for any of them.
    assert_ne!(br.headers()["etag"], gzip.headers()["etag"]);
    for (refused, expected) in [
        ("br;q=0, gzip", Some("gzip")),
        ("br;q=0, gzip;q=0", None),
        ("identity", None),
        ("*", Some("br")),
        ("gzip;q=1, br;q=0.5", Some("gzip")),
    ] {
        let answer = raw(refused).await;
        assert_eq!(
            answer
                .headers()
                .get("content-encoding")
                .and_then(|v| v.to_str().ok()),
            expected,
            "{refused}"
        );
    }
    // Errors too.
    let error = warp::test::request()
        .path("/cds-au/v1/banking/products")
        .header("accept-encoding", "gzip")
        .reply(&routes(data.clone()))
        .await;
    assert_eq!(error.status(), 400);
    assert_eq!(error.headers()["content-encoding"], "gzip");
}

/// Every detail, as a comparison site reads it.
async fn every_detail(data: &Arc<ProductData>) -> Vec<Value> {
    let list = get(data, "/cds-au/v1/banking/products?page-size=1000", "5").await;
    let mut details = Vec::new();
    for id in ids(&list) {
        let detail = get(data, &format!("/cds-au/v1/banking/products/{id}"), "7").await;
        details.push(detail.body["data"].clone());
    }
    details
}

fn detail_of<'a>(details: &'a [Value], id: &str) -> &'a Value {
    details
        .iter()
        .find(|d| d["productId"] == id)
        .unwrap_or_else(|| panic!("no {id}"))
}

fn items<'a>(detail: &'a Value, key: &str) -> Vec<&'a Value> {
    detail[key].as_array().into_iter().flatten().collect()
}

#[tokio::test]
async fn the_facts_a_comparator_shows_are_the_products_own() {
    let data = data(before_change);
    let details = every_detail(&data).await;
    // A certificate of deposit pays at maturity only.
    let cd = detail_of(&details, "certificate-of-deposit");
    let rates = items(cd, "depositRates");
    assert_eq!(rates.len(), 6);
    assert!(rates.iter().all(|r| r["applicationType"] == "MATURITY"));
    // Apply links open the product itself, or are not given.
    for detail in &details {
        let id = detail["productId"].as_str().unwrap();
        if let Some(uri) = detail["applicationUri"].as_str() {
            let account = uri.strip_prefix(&format!("{ORIGIN}/apply/account?account="));
            let car = uri == format!("{ORIGIN}/apply/car-loan");
            assert!(account.is_some() || car, "{id}: {uri}");
            if let Some(code) = account {
                let account = banksia_core::application::AccountType::parse(code).unwrap();
                assert_eq!(account.label(), detail["name"], "{id}");
            }
        }
    }
    for id in ["goal", "premium"] {
        assert!(
            detail_of(&details, id).get("applicationUri").is_none(),
            "{id}"
        );
    }
    // A count of free transactions is FREE_TXNS, not a dollar allowance.
    let business = detail_of(&details, "business");
    let free = items(business, "features")
        .into_iter()
        .find(|f| f["featureType"] == "FREE_TXNS")
        .unwrap();
    assert_eq!(
        free["additionalValue"],
        banksia_core::products::offers::BUSINESS_FREE_TRANSACTIONS.to_string()
    );
    assert!(
        details
            .iter()
            .flat_map(|d| items(d, "features"))
            .all(|f| f["featureType"] != "FREE_TXNS_ALLOWANCE")
    );
    // The fixed home loan: one rate per fixed period, and the rate it reverts to.
    let fixed = detail_of(&details, "fixed");
    let lending = items(fixed, "lendingRates");
    let periods: Vec<&str> = lending
        .iter()
        .filter(|r| r["lendingRateType"] == "FIXED")
        .map(|r| r["additionalValue"].as_str().unwrap())
        .collect();
    assert_eq!(periods, ["P1Y", "P2Y", "P3Y", "P4Y", "P5Y"]);
    let catalog = banksia_core::products::catalog();
    let revert = lending
        .iter()
        .find(|r| r["lendingRateType"] == "VARIABLE")
        .unwrap();
    let variable = catalog.loan("variable").unwrap().annual_rate_percent;
    assert_eq!(
        revert["rate"],
        (variable / rust_decimal::Decimal::ONE_HUNDRED)
            .normalize()
            .to_string()
    );
    assert!(
        revert["applicabilityConditions"][0]["additionalInfo"]
            .as_str()
            .unwrap()
            .contains("fixed rate period ends")
    );
    // Rates fixed for the whole loan say for how long.
    for id in ["quick", "secured", "new", "used", "green"] {
        for rate in items(detail_of(&details, id), "lendingRates") {
            assert_eq!(rate["lendingRateType"], "FIXED", "{id}");
            let period = rate["additionalValue"].as_str().unwrap_or("");
            assert!(
                period.starts_with('P') && period.ends_with('Y'),
                "{id}: {period:?}"
            );
        }
    }
    // Eligibility that the standard describes in additionalValue carries its words there.
    for detail in &details {
        for criterion in items(detail, "eligibility") {
            let kind = criterion["eligibilityType"].as_str().unwrap();
            if ["RESIDENCY_STATUS", "EMPLOYMENT_STATUS"].contains(&kind) {
                let value = criterion["additionalValue"].as_str().unwrap_or("");
                assert!(!value.trim().is_empty(), "{}: {kind}", detail["productId"]);
            }
        }
    }
    // A fee waiver can be missed: no account must keep a balance at or above the one that
    // waives its fee (Premium Checking is opened with $2,500 and keeps the fee waived from it).
    for detail in &details {
        let id = detail["productId"].as_str().unwrap();
        let kept: Option<f64> = items(detail, "constraints")
            .into_iter()
            .find(|c| c["constraintType"] == "MIN_BALANCE")
            .map(|c| c["additionalValue"].as_str().unwrap().parse().unwrap());
        for fee in items(detail, "fees") {
            for discount in items(fee, "discounts") {
                let waived: f64 = discount["additionalValue"]
                    .as_str()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert!(
                    kept.is_none_or(|kept| waived > kept),
                    "{id}: {waived} {kept:?}"
                );
            }
        }
    }
    let premium = detail_of(&details, "premium");
    assert!(
        items(premium, "constraints")
            .iter()
            .any(|c| c["constraintType"] == "OPENING_BALANCE" && c["additionalValue"] == "2500.00")
    );
    // Cards: credit limits, a cash advance rate, a late payment fee.
    for card in &catalog.credit_cards {
        let detail = detail_of(&details, &card.id);
        let constraint = |kind: &str| {
            items(detail, "constraints")
                .into_iter()
                .find(|c| c["constraintType"] == kind)
                .map(|c| c["additionalValue"].clone())
        };
        assert_eq!(
            constraint("MIN_LIMIT"),
            Some(format!("{}.00", card.min_credit_limit).into())
        );
        assert_eq!(
            constraint("MAX_LIMIT"),
            Some(format!("{}.00", card.max_credit_limit).into())
        );
        let cash = items(detail, "lendingRates")
            .into_iter()
            .find(|r| r["lendingRateType"] == "CASH_ADVANCE")
            .unwrap();
        assert_eq!(
            cash["rate"],
            (card.cash_advance_rate_percent / rust_decimal::Decimal::ONE_HUNDRED)
                .normalize()
                .to_string()
        );
        let late = items(detail, "fees")
            .into_iter()
            .find(|f| f["feeType"] == "LATE_PAYMENT")
            .unwrap();
        assert_eq!(
            late["fixedAmount"]["amount"],
            format!("{}.00", card.late_payment_fee)
        );
        assert_eq!(late["additionalValue"], "1");
    }
}

/// The standard's common field types (`standards-types.md`) and conditional rules, checked on
/// every value of every detail: what its schemas leave as plain strings.
#[tokio::test]
async fn every_value_follows_the_standards_field_types_and_conditions() {
    fn is_rate(text: &str) -> bool {
        let digits = text.strip_prefix('-').unwrap_or(text);
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        !whole.is_empty()
            && whole.bytes().all(|b| b.is_ascii_digit())
            && fraction.bytes().all(|b| b.is_ascii_digit())
            && (fraction.len() <= 16)
    }
    fn is_amount(text: &str) -> bool {
        let digits = text.strip_prefix('-').unwrap_or(text);
        match digits.split_once('.') {
            Some((whole, cents)) => {
                (1..=16).contains(&whole.len())
                    && whole.bytes().all(|b| b.is_ascii_digit())
                    && cents.len() >= 2
                    && cents.bytes().all(|b| b.is_ascii_digit())
            }
            None => false,
        }
    }
    fn is_duration(text: &str) -> bool {
        // ISO 8601 durations as the standard uses them: P, then date parts, T time parts.
        let Some(rest) = text.strip_prefix('P') else {
            return false;
        };
        let (date, time) = rest.split_once('T').unwrap_or((rest, ""));
        let parts = |s: &str, units: &str| {
            let mut number = String::new();
            let mut seen = 0;
            let mut order = 0;
            for c in s.chars() {
                if c.is_ascii_digit() {
                    number.push(c);
                } else if let Some(position) = units.find(c) {
                    if number.is_empty() || position < order {
                        return None;
                    }
                    order = position + 1;
                    number.clear();
                    seen += 1;
                } else {
                    return None;
                }
            }
            number.is_empty().then_some(seen)
        };
        matches!((parts(date, "YMWD"), parts(time, "HMS")), (Some(d), Some(t)) if d + t > 0 && (time.is_empty() || t > 0))
    }
    fn is_date_time(text: &str) -> bool {
        chrono::DateTime::parse_from_rfc3339(text).is_ok()
    }
    assert!(is_duration("P1M") && is_duration("P12M") && is_duration("P1D") && is_duration("P5Y"));
    assert!(
        !is_duration("P") && !is_duration("12M") && !is_duration("P1.5M") && !is_duration("PT")
    );
    assert!(is_amount("250.00") && !is_amount("250") && !is_amount("2.5"));
    assert!(is_rate("0.0645") && !is_rate("6.45%") && !is_rate(""));

    let data = data(before_change);
    let list = get(&data, "/cds-au/v1/banking/products?page-size=1000", "5").await;
    let details = every_detail(&data).await;
    for detail in &details {
        let id = detail["productId"].as_str().unwrap();
        // List and detail agree on the product's dates.
        let listed = list.body["data"]["products"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["productId"] == id)
            .unwrap();
        for key in ["effectiveFrom", "effectiveTo", "lastUpdated"] {
            assert_eq!(listed.get(key), detail.get(key), "{id}: {key}");
            if let Some(value) = detail.get(key) {
                assert!(is_date_time(value.as_str().unwrap()), "{id}: {key} {value}");
            }
        }
        for uri in [
            &detail["applicationUri"],
            &detail["additionalInformation"]["overviewUri"],
            &detail["additionalInformation"]["termsUri"],
            &detail["additionalInformation"]["feesAndPricingUri"],
        ] {
            if let Some(uri) = uri.as_str() {
                assert!(uri.starts_with("https://"), "{id}: {uri}");
            }
        }
        for fee in items(detail, "fees") {
            let method = fee["feeMethodUType"].as_str().unwrap();
            assert!(fee[method].is_object(), "{id}: {fee}");
            assert!(is_amount(fee[method]["amount"].as_str().unwrap()), "{id}");
            match fee["feeType"].as_str().unwrap() {
                "PERIODIC" => {
                    assert!(
                        is_duration(fee["additionalValue"].as_str().unwrap()),
                        "{id}"
                    )
                }
                "LATE_PAYMENT" => assert!(
                    fee["additionalValue"]
                        .as_str()
                        .unwrap()
                        .parse::<u32>()
                        .is_ok(),
                    "{id}"
                ),
                "OTHER" => assert!(fee["additionalInfo"].is_string(), "{id}"),
                _ => {}
            }
            for discount in items(fee, "discounts") {
                let method = discount["discountMethodUType"].as_str().unwrap();
                assert!(discount[method].is_object(), "{id}");
                if discount["discountType"] == "BALANCE" {
                    assert!(
                        is_amount(discount["additionalValue"].as_str().unwrap()),
                        "{id}"
                    );
                }
            }
        }
        for rate in items(detail, "depositRates")
            .into_iter()
            .chain(items(detail, "lendingRates"))
        {
            assert!(is_rate(rate["rate"].as_str().unwrap()), "{id}: {rate}");
            if let Some(comparison) = rate["comparisonRate"].as_str() {
                assert!(is_rate(comparison), "{id}");
            }
            for key in ["calculationFrequency", "applicationFrequency"] {
                if let Some(value) = rate[key].as_str() {
                    assert!(is_duration(value), "{id}: {key} {value}");
                }
            }
            if rate["applicationType"] == "PERIODIC" {
                assert!(rate["applicationFrequency"].is_string(), "{id}: {rate}");
            }
            let kind = rate["depositRateType"]
                .as_str()
                .or(rate["lendingRateType"].as_str())
                .unwrap();
            if ["FIXED", "INTRODUCTORY"].contains(&kind) {
                assert!(
                    is_duration(rate["additionalValue"].as_str().unwrap_or("")),
                    "{id}: {kind} {rate}"
                );
            }
            for tier in items(rate, "tiers") {
                if tier["unitOfMeasure"] == "DOLLAR" {
                    assert!(is_amount(tier["minimumValue"].as_str().unwrap()), "{id}");
                }
            }
            for condition in items(rate, "applicabilityConditions") {
                if condition["rateApplicabilityType"] == "OTHER" {
                    assert!(condition["additionalInfo"].is_string(), "{id}");
                }
            }
        }
        for constraint in items(detail, "constraints") {
            let value = constraint["additionalValue"].as_str();
            match constraint["constraintType"].as_str().unwrap() {
                "MIN_BALANCE" | "MAX_BALANCE" | "OPENING_BALANCE" | "MIN_LIMIT" | "MAX_LIMIT" => {
                    assert!(is_amount(value.unwrap()), "{id}: {constraint}")
                }
                "MAX_LVR" | "MIN_LVR" => assert!(is_rate(value.unwrap()), "{id}"),
                "OTHER" => assert!(constraint["additionalInfo"].is_string(), "{id}"),
                _ => {}
            }
        }
        for feature in items(detail, "features") {
            let value = feature["additionalValue"].as_str();
            match feature["featureType"].as_str().unwrap() {
                "INTEREST_FREE" => assert!(is_duration(value.unwrap()), "{id}"),
                "FREE_TXNS" | "ADDITIONAL_CARDS" => {
                    assert!(value.unwrap().parse::<u32>().is_ok(), "{id}")
                }
                "OTHER" => assert!(feature["additionalInfo"].is_string(), "{id}"),
                _ => {}
            }
        }
        for criterion in items(detail, "eligibility") {
            let value = criterion["additionalValue"].as_str();
            match criterion["eligibilityType"].as_str().unwrap() {
                "MIN_AGE" | "MAX_AGE" => {
                    assert!(value.unwrap().parse::<u32>().is_ok(), "{id}")
                }
                "MIN_INCOME" | "MIN_TURNOVER" => assert!(is_amount(value.unwrap()), "{id}"),
                "OTHER" => assert!(criterion["additionalInfo"].is_string(), "{id}"),
                _ => {}
            }
        }
    }
}
