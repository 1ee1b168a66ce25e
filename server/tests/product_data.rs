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
            ("/cds-au/v1/banking/products", "4"),
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
    let cases: [Case; 12] = [
        (list, &[("x-v", "5")], 200, ""),
        (list, &[("x-v", "9"), ("x-min-v", "2")], 200, ""),
        // x-min-v at or above x-v is treated as absent.
        (list, &[("x-v", "5"), ("x-min-v", "8")], 200, ""),
        (
            list,
            &[("x-v", "6"), ("x-min-v", "6")],
            406,
            "Header/UnsupportedVersion",
        ),
        (list, &[("x-v", "4")], 406, "Header/UnsupportedVersion"),
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
        (detail, &[("x-v", "7")], 200, ""),
        (detail, &[("x-v", "6")], 406, "Header/UnsupportedVersion"),
    ];
    for (path, headers, status, code) in cases {
        let answer = call(&data, "GET", path, headers).await;
        assert_eq!(answer.status, status, "{path} {headers:?}");
        assert_eq!(answer.code(), code, "{path} {headers:?}");
        if status == 200 {
            let served = if path == list { "5" } else { "7" };
            assert_eq!(answer.header("x-v"), Some(served), "{headers:?}");
        } else {
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
    assert_eq!(ids(&all).len(), ids(&current).len() + ids(&future).len());
    for product in future.body["data"]["products"].as_array().unwrap() {
        assert_eq!(product["effectiveFrom"], "2026-12-11T00:00:00+11:00");
    }
    assert!(ids(&future).contains(&"term-deposit".to_owned()));
    assert!(ids(&future).contains(&"high-yield".to_owned()));

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

/// The rate of `term_months` paid at maturity in a term deposit's detail.
fn maturity_rate(detail: &Value, term_months: u32) -> Option<String> {
    detail["data"]["depositRates"]
        .as_array()?
        .iter()
        .find(|r| {
            r["additionalValue"] == format!("P{term_months}M") && r["applicationType"] == "MATURITY"
        })
        .and_then(|r| r["rate"].as_str().map(str::to_owned))
}

#[tokio::test]
async fn an_announced_rate_change_is_published_ahead_and_applies_on_its_day() {
    let before = data(before_change);
    let path = "/cds-au/v1/banking/products/term-deposit";
    let today = get(&before, path, "7").await;
    assert_eq!(maturity_rate(&today.body, 12).as_deref(), Some("0.0425"));
    assert_eq!(
        today.body["data"]["effectiveTo"],
        "2026-12-11T00:00:00+11:00"
    );
    let future = get(&before, "/cds-au/v1/banking/products?effective=FUTURE", "5").await;
    let announced = future.body["data"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["productId"] == "term-deposit")
        .cloned()
        .unwrap();
    assert_eq!(announced["lastUpdated"], "2026-11-20T00:00:00+11:00");

    let on_the_day = data(change_day);
    let changed = get(&on_the_day, path, "7").await;
    assert_eq!(maturity_rate(&changed.body, 12).as_deref(), Some("0.0435"));
    assert_eq!(maturity_rate(&changed.body, 24).as_deref(), Some("0.045"));
    assert!(changed.body["data"].get("effectiveTo").is_none());
    let future = get(
        &on_the_day,
        "/cds-au/v1/banking/products?effective=FUTURE",
        "5",
    )
    .await;
    assert!(ids(&future).is_empty());
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
        let rate = &detail.body["data"]["lendingRates"][0];
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
            maturity_rate(&td.body, months),
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
        assert_eq!(first.header("cache-control"), Some("public, max-age=300"));
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
