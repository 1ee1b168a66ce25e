//! The schema itself: constraints that keep a bad row out even if a bug let one through, and
//! the least-privilege role that can insert applications but not read them.

use crate::common;

use banksia_server::db::{self, Idempotency, InsertOutcome};
use banksia_server::group_commit::GroupCommit;
use common::{
    assert_insufficient_privilege, bench_application, personal_details, spawn_app, test_config,
};

fn sealed(reference: &str) -> db::IdentificationAtRest {
    db::IdentificationAtRest::seal(
        &banksia_server::id_keys::IdKeys::development(),
        "PA1234567",
        reference,
    )
    .unwrap()
}

/// A personal account's details as stored: Australia only, no TFN.
fn no_details(reference: &str) -> db::DetailsAtRest {
    db::DetailsAtRest::seal(
        &banksia_server::id_keys::IdKeys::development(),
        &personal_details(),
        reference,
    )
    .unwrap()
}

/// The bench body's application, ready to store under `reference`.
fn job(reference: &str, key: Option<&std::sync::Arc<Idempotency>>) -> db::InsertJob {
    db::InsertJob {
        reference: reference.into(),
        application: std::sync::Arc::new(bench_application()),
        identification: sealed(reference),
        details: no_details(reference),
        idempotency: key.cloned(),
        queue_email: false,
    }
}

/// A direct INSERT of a valid row, with `column` set to the SQL literal `value`.
fn insert_with(column: &str, value: &str) -> String {
    let mut columns = vec![
        ("reference", "'BKS-0000000000X'"),
        ("application_type", "'checking'"),
        ("first_name", "'Jack'"),
        ("last_name", "'Wilson'"),
        ("email", "'jack@example.com'"),
        ("phone", "'+61298765432'"),
        ("date_of_birth", "'1980-01-31'"),
        ("address_line1", "'5 George Street'"),
        ("city", "'Sydney'"),
        ("state", "'NSW'"),
        ("postal_code", "'2000'"),
        ("employment_status", "'casual'"),
        ("annual_income", "42000"),
        ("identification_type", "'passport'"),
        ("identification_number", "'PA1234567'"),
        ("initial_deposit_amount", "25"),
        ("terms_accepted", "true"),
    ];
    match columns.iter_mut().find(|(name, _)| *name == column) {
        Some(entry) => entry.1 = value,
        None => columns.push((column, value)),
    }
    let names: Vec<&str> = columns.iter().map(|(n, _)| *n).collect();
    let values: Vec<&str> = columns.iter().map(|(_, v)| *v).collect();
    format!(
        "INSERT INTO account_applications ({}) VALUES ({})",
        names.join(", "),
        values.join(", ")
    )
}

#[tokio::test]
async fn check_constraints_refuse_values_outside_the_enums() {
    let app = spawn_app().await;
    let bad = [
        ("application_type", "'gold'"),
        ("state", "'Victoria'"),
        ("employment_status", "'contractor'"),
        ("identification_type", "'medicare_card'"),
        ("terms_accepted", "false"),
        ("status", "'approved?'"),
        ("user_id", "'0b9a3f5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'"),
        ("marketing_consent", "NULL"),
        ("reference", "'ABC-123'"),
        ("annual_income", "-1"),
        ("idempotency_key", "'has space'"),
        ("terms_version", "''"),
        (
            "privacy_notice_version",
            "'a version label far longer than any we write'",
        ),
    ];
    for (column, value) in bad {
        let err = app.db.batch_execute(&insert_with(column, value)).await;
        assert!(err.is_err(), "{column} = {value} was stored");
    }
    assert_eq!(app.row_count().await, 0);
    // The template itself is a valid row.
    app.db
        .batch_execute(&insert_with("marketing_consent", "false"))
        .await
        .unwrap();
    assert_eq!(app.row_count().await, 1);
}

#[tokio::test]
async fn the_api_role_can_insert_but_never_read_personal_details() {
    let app = spawn_app().await;
    let url = app.api_login("api_login").await;
    let pool = db::create_pool(&url, 2).unwrap();

    // Everything the API does works with the role's privileges.
    let key = Idempotency {
        key: "k-1".into(),
        fingerprint: [7; 32],
        earlier_fingerprints: vec![],
    };
    let key = std::sync::Arc::new(key);
    let writers = GroupCommit::start(pool.clone(), 1);
    let created = writers
        .insert(job("BKS-1234567890A", Some(&key)))
        .await
        .unwrap();
    assert!(matches!(created, InsertOutcome::Created(_)));
    let replayed = writers
        .insert(job("BKS-1234567890B", Some(&key)))
        .await
        .unwrap();
    assert!(matches!(replayed, InsertOutcome::Replayed(ref s) if s.reference == "BKS-1234567890A"));
    // Two at once go out together, in one transaction, as the API role too.
    let (first, second) = tokio::join!(
        writers.insert(job("BKS-1234567890C", None)),
        writers.insert(job("BKS-1234567890D", None))
    );
    assert!(matches!(first.unwrap(), InsertOutcome::Created(_)));
    assert!(matches!(second.unwrap(), InsertOutcome::Created(_)));
    db::ping(&pool).await.unwrap();

    // Nothing personal can be read, and nothing changed or removed.
    let conn = pool.get().await.unwrap();
    for sql in [
        "SELECT first_name FROM account_applications",
        "SELECT email, phone FROM account_applications",
        "SELECT * FROM account_applications",
        "UPDATE account_applications SET status = 'approved'",
        "DELETE FROM account_applications",
    ] {
        assert_insufficient_privilege(conn.batch_execute(sql).await, sql);
    }
    drop(conn);
    pool.close();
    assert_eq!(app.row_count().await, 3);
}

#[tokio::test]
async fn a_server_running_as_the_api_role_starts_once_migrations_are_applied() {
    let app = spawn_app().await;
    let mut config = test_config(app.api_login("api_server").await);
    // Its staff side connects as a role of its own (granted banksia_staff only).
    config.staff_database_url = Some(app.staff_login("staff_server").await);
    let server = banksia_server::Server::build(config, std::time::Duration::from_secs(5)).await;
    assert!(server.is_ok(), "{:?}", server.err());
}

#[tokio::test]
async fn the_load_benchs_insert_stores_one_row_on_the_current_schema() {
    let app = spawn_app().await;
    app.db
        .batch_execute(include_str!("../../benches/load/insert.sql"))
        .await
        .unwrap();
    assert_eq!(app.row_count().await, 1);
}
