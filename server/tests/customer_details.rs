//! The business and tax residency details on the submission path (issue 30): the body carries
//! them beside the application's fields, the server checks them with core's `check_details`
//! (the wizard's very rules), answers one 422 with both kinds of message, and stores them in
//! their own tables (V18) in the application's statement, the TFN encrypted as ID numbers are;
//! the staff side reads them back for the case view.

use crate::common;

use banksia_server::id_keys::{IdKeys, Sealed};
use banksia_server::staff::customer_details::load_customer_details;
use common::{company_application, query_i64, spawn_app, valid_application};
use serde_json::json;

fn sole_trader_application() -> serde_json::Value {
    let mut body = valid_application();
    body["application_type"] = json!("business_savings");
    body["business"] = json!({
        "entity_type": "sole_trader",
        "legal_name": "Charlotte Nguyen",
        "abn": "51824753556",
        "address_line1": "12 Banksia Street",
        "city": "Melbourne",
        "state": "VIC",
        "postal_code": "3000",
        "nature_of_business": "professional_scientific_technical",
        "owners": [{
            "full_name": "Charlotte Nguyen",
            "date_of_birth": "1990-04-15",
            "address_line1": "12 Banksia Street",
            "city": "Melbourne",
            "state": "VIC",
            "postal_code": "3000",
            "role": "owner",
            "ownership_percent": "100"
        }],
        "applicant_role": "sole_trader",
        "applicant_authorised": true
    });
    body
}

#[tokio::test]
async fn a_company_is_stored_with_its_owners_and_residencies_and_read_back_for_the_case_view() {
    let app = spawn_app().await;
    let r = app
        .post_with_key(&company_application().to_string(), "company-1")
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let reference = r.json()["reference"].as_str().unwrap().to_owned();
    // The same body again is the same application (the fingerprint covers the details).
    let again = app
        .post_with_key(&company_application().to_string(), "company-1")
        .await;
    assert_eq!(again.json()["reference"], reference.as_str());
    let mut changed = company_application();
    changed["business"]["legal_name"] = json!("Another Pty Ltd");
    let reused = app.post_with_key(&changed.to_string(), "company-1").await;
    assert_eq!(reused.status, 422, "{}", reused.text());
    assert_eq!(
        query_i64(&app.db, "SELECT count(*) FROM application_owners", &[]).await,
        2
    );

    // The TFN is stored encrypted, bound to its application and column, never in plaintext.
    let row = app
        .db
        .query_one(
            "SELECT t.tfn_ciphertext, t.tfn_key_id, t.tfn_last3, t.tfn_length, a.id
             FROM application_tax_residency t JOIN account_applications a ON a.id = t.application_id",
            &[],
        )
        .await
        .unwrap();
    let sealed = Sealed {
        ciphertext: row.get("tfn_ciphertext"),
        key_id: row.get("tfn_key_id"),
    };
    assert!(!String::from_utf8_lossy(&sealed.ciphertext).contains("123456782"));
    let keys = IdKeys::development();
    let tfn_data = banksia_server::db::tfn_associated_data(&reference);
    assert_eq!(keys.open(&sealed, &tfn_data).unwrap(), "123456782");
    assert!(
        keys.open(&sealed, &reference).is_err(),
        "opens only as a TFN"
    );
    assert_eq!(row.get::<_, String>("tfn_last3"), "782");
    assert_eq!(row.get::<_, i32>("tfn_length"), 9);

    let id: i64 = row.get("id");
    let details = load_customer_details(&app.db, id).await.unwrap();
    let business = details.business.expect("a business");
    assert_eq!(business.entity_type, "Company");
    assert_eq!(business.legal_name, "Nguyen Holdings Pty Ltd");
    assert_eq!(business.abn, "53 004 085 616");
    assert_eq!(
        business.abn_lookup_url,
        "https://abr.business.gov.au/ABN/View?abn=53004085616"
    );
    assert!(business.abn_note.contains("check digit"));
    assert_eq!(business.acn.as_deref(), Some("004 085 616"));
    assert_eq!(
        business.address.line,
        "Level 2, 200 Collins Street, Melbourne VIC 3000"
    );
    assert_eq!(business.nature_of_business, "Retail trade");
    assert_eq!(business.applicant_role, "Director");
    let owners: Vec<(&str, &str, &str)> = business
        .owners
        .iter()
        .map(|o| {
            (
                o.full_name.as_str(),
                o.role.as_str(),
                o.ownership_percent.as_str(),
            )
        })
        .collect();
    assert_eq!(
        owners,
        [
            ("Charlotte Nguyen", "Director", "70.00"),
            ("Thomas Nguyen", "Owner of 25% or more", "30.00")
        ]
    );
    assert_eq!(
        business.owners[0].address.line,
        "Unit 4, 12 Banksia Street, Melbourne VIC 3000"
    );
    let tax = details.tax_residency.expect("tax residency");
    assert_eq!(tax.tfn_masked.as_deref(), Some("*** *** 782"));
    assert_eq!(tax.countries.len(), 1);
    assert_eq!(tax.countries[0].country, "New Zealand");
    assert_eq!(tax.countries[0].tin.as_deref(), Some("123-456-789"));
    assert_eq!(tax.business_countries, Some(vec![]));
}

#[tokio::test]
async fn a_sole_trader_and_a_personal_account_store_what_they_were_asked() {
    let app = spawn_app().await;
    let r = app.post_json(&sole_trader_application().to_string()).await;
    assert_eq!(r.status, 201, "{}", r.text());
    // A personal account: business details typed before switching are neither checked nor kept.
    let mut personal = valid_application();
    personal["business"] = json!({"entity_type": "company", "abn": "bad"});
    personal["tax_residency"] = json!({
        "foreign_resident": true,
        "countries": [{"country": "GB", "no_tin_reason": "unable_to_obtain", "no_tin_explanation": "Applied, not yet issued"}]
    });
    let r = app.post_json(&personal.to_string()).await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(
        query_i64(&app.db, "SELECT count(*) FROM application_businesses", &[]).await,
        1
    );
    assert_eq!(
        query_i64(&app.db, "SELECT count(*) FROM application_tax_residency WHERE tfn_ciphertext IS NULL AND NOT business_asked", &[]).await,
        2,
        "neither gave a TFN; a sole trader's residency is the applicant's own"
    );
    let ids = app
        .db
        .query("SELECT id FROM account_applications ORDER BY id", &[])
        .await
        .unwrap();
    let sole = load_customer_details(&app.db, ids[0].get("id"))
        .await
        .unwrap();
    assert_eq!(
        sole.business.unwrap().owners[0].role,
        "Owner of 25% or more"
    );
    let personal = load_customer_details(&app.db, ids[1].get("id"))
        .await
        .unwrap();
    assert!(personal.business.is_none());
    let tax = personal.tax_residency.unwrap();
    assert_eq!(tax.tfn_masked, None);
    assert_eq!(tax.countries[0].country, "United Kingdom");
    assert_eq!(
        tax.countries[0].no_tin_explanation.as_deref(),
        Some("Applied, not yet issued")
    );
    assert_eq!(tax.business_countries, None);
}

#[tokio::test]
async fn the_details_messages_are_cores_in_one_422_and_nothing_is_stored() {
    let app = spawn_app().await;
    // Tax residency is asked of every account.
    let mut body = valid_application();
    body.as_object_mut().unwrap().remove("tax_residency");
    let r = app.post_json(&body.to_string()).await;
    assert_eq!(r.status, 422, "{}", r.text());
    let answer = r.json();
    assert_eq!(answer["errors"], json!({}));
    assert_eq!(answer["first_error_part"], "tax_residency");
    assert!(answer["details_errors"]["tax_residency.foreign_resident"][0].is_string());

    // A wrong check digit, shares over 100%, and an application field at once.
    let mut company = company_application();
    company["business"]["abn"] = json!("53 004 085 617");
    company["business"]["owners"][1]["ownership_percent"] = json!("31");
    company["city"] = json!("");
    company["tax_residency"]["tfn"] = json!("123 456 789");
    let r = app.post_json(&company.to_string()).await;
    assert_eq!(r.status, 422);
    let answer = r.json();
    assert_eq!(answer["first_error_step"], 3);
    assert_eq!(answer["first_error_part"], "business");
    let errors = &answer["details_errors"];
    // core's own words, as the wizard shows them.
    let today = chrono::Utc::now().date_naive();
    let body: banksia_core::application::details::SubmissionInput =
        serde_json::from_str(&company.to_string()).unwrap();
    let core =
        banksia_core::application::details::check_details(&body.application, &body.details, today);
    assert_eq!(errors, &serde_json::to_value(&core.errors).unwrap());
    for key in ["business.abn", "business.owners", "tax_residency.tfn"] {
        assert!(errors[key][0].is_string(), "{key}: {errors}");
    }
    assert!(
        errors["business.owners"][0]
            .as_str()
            .unwrap()
            .contains("101"),
        "{errors}"
    );
    assert_eq!(
        query_i64(&app.db, "SELECT count(*) FROM account_applications", &[]).await,
        0
    );
    // A repeated member is refused like any other (400, fixed words).
    let repeated = r#"{"tax_residency": {"foreign_resident": false}, "tax_residency": null}"#;
    let r = app.post_json(repeated).await;
    assert_eq!(r.status, 400, "{}", r.text());
}

/// Numbers that pass their check digits and still can't be right are refused in words, not
/// stored: a company whose ACN isn't its ABN's last nine digits (the ABR builds a company's
/// ABN on its ACN), and a TFN or ACN of one digit repeated (`000 000 000`, the forms' code for
/// "no TFN").
#[tokio::test]
async fn numbers_that_pass_their_check_digits_but_cant_be_real_are_refused() {
    use banksia_core::application::tax_numbers::{NumberKind, NumberProblem};
    let app = spawn_app().await;
    let refused = |pointer: &'static str, value: &'static str, key: &'static str, words: &str| {
        let words = words.to_owned();
        let app = &app;
        async move {
            let mut company = company_application();
            *company.pointer_mut(pointer).unwrap() = json!(value);
            let r = app.post_json(&company.to_string()).await;
            assert_eq!(r.status, 422, "{value}: {}", r.text());
            assert_eq!(r.json()["details_errors"][key], json!([words]), "{value}");
        }
    };
    // 51 824 753 556 is a valid ABN, but not the one built on ACN 004 085 616.
    refused(
        "/business/abn",
        "51 824 753 556",
        "business.acn",
        banksia_core::application::details::ABN_NOT_ON_ACN,
    )
    .await;
    for tfn in ["000 000 000", "444 444 444", "2222 2222"] {
        refused(
            "/tax_residency/tfn",
            tfn,
            "tax_residency.tfn",
            NumberKind::Tfn.message(NumberProblem::Placeholder),
        )
        .await;
    }
    refused(
        "/business/acn",
        "000 000 000",
        "business.acn",
        NumberKind::Acn.message(NumberProblem::Placeholder),
    )
    .await;
    assert_eq!(
        query_i64(&app.db, "SELECT count(*) FROM account_applications", &[]).await,
        0
    );
    // The company as it is, its ABN built on its ACN, is taken.
    let r = app.post_json(&company_application().to_string()).await;
    assert_eq!(r.status, 201, "{}", r.text());
}

#[tokio::test]
async fn the_public_role_inserts_the_details_but_cannot_read_them() {
    let app = spawn_app().await;
    for table in [
        "application_businesses",
        "application_owners",
        "application_tax_residency",
        "application_foreign_tax_residencies",
    ] {
        let (insert, select) = (
            query_i64(
                &app.db,
                &format!(
                    "SELECT has_table_privilege('banksia_api', '{table}', 'INSERT')::int::bigint"
                ),
                &[],
            )
            .await,
            query_i64(
                &app.db,
                &format!(
                    "SELECT has_table_privilege('banksia_api', '{table}', 'SELECT')::int::bigint"
                ),
                &[],
            )
            .await,
        );
        assert_eq!((insert, select), (1, 0), "{table}");
        let staff_reads = query_i64(
            &app.db,
            &format!(
                "SELECT has_table_privilege('banksia_staff', '{table}', 'SELECT')::int::bigint"
            ),
            &[],
        )
        .await;
        assert_eq!(staff_reads, 1, "{table}");
    }
}
