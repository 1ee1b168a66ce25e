//! The bank's side over HTTP on a real PostgreSQL: every staff endpoint against every role and
//! none, optimistic concurrency, four eyes, the audit log's grants and chain, identification
//! numbers at rest, retention, sessions, and the applicant's status link.
//!
//! Sessions are made here as the server makes them (a row holding a token's SHA-256): the
//! passkey ceremony that leads to them runs in the browser test (tests/e2e/staff.spec.ts).

mod common;

use banksia_server::staff::audit::{self, Verification};
use banksia_server::staff::tokens::new_token;
use common::{TestApp, assert_insufficient_privilege, query_i64, spawn_app, valid_application};
use serde_json::{Value, json};

fn origin(app: &TestApp) -> String {
    format!("http://localhost:{}", app.addr.port())
}

/// A staff member with `roles` and a live session; the cookie header.
async fn staff(app: &TestApp, name: &str, roles: &[&str]) -> (i64, String) {
    let roles: Vec<String> = roles.iter().map(|r| (*r).to_owned()).collect();
    let id: i64 = app
        .db
        .query_one(
            "INSERT INTO staff (email, display_name, roles, webauthn_id)
             VALUES ($1, $2, $3, gen_random_uuid()) RETURNING id",
            &[&format!("{name}@banksia.bank"), &name, &roles],
        )
        .await
        .unwrap()
        .get(0);
    let (token, hash) = new_token().unwrap();
    app.db
        .execute(
            "INSERT INTO staff_sessions (token_hash, staff_id, expires_at)
             VALUES ($1, $2, now() + interval '1 hour')",
            &[&hash, &id],
        )
        .await
        .unwrap();
    (id, format!("__Host-banksia-staff={token}"))
}

async fn get(app: &TestApp, cookie: Option<&str>, path: &str) -> (u16, Value) {
    let mut headers = vec![];
    if let Some(c) = cookie {
        headers.push(("cookie", c));
    }
    let r = app.request("GET", path, &headers, b"").await;
    let body = serde_json::from_str(&r.text()).unwrap_or(Value::Null);
    (r.status, body)
}

async fn post(app: &TestApp, cookie: Option<&str>, path: &str, body: &Value) -> (u16, Value) {
    let origin = origin(app);
    let mut headers = vec![
        ("content-type", "application/json"),
        ("origin", origin.as_str()),
        ("x-banksia-staff", "1"),
    ];
    if let Some(c) = cookie {
        headers.push(("cookie", c));
    }
    let text = body.to_string();
    let r = app.request("POST", path, &headers, text.as_bytes()).await;
    let body = serde_json::from_str(&r.text()).unwrap_or(Value::Null);
    (r.status, body)
}

/// Submits an application through the public API; its reference.
async fn submit(app: &TestApp, account: &str, email: &str) -> String {
    let mut body = valid_application();
    body["application_type"] = json!(account);
    body["email"] = json!(email);
    let r = app.post_json(&body.to_string()).await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["reference"].as_str().unwrap().to_owned()
}

async fn version(app: &TestApp, reference: &str) -> i32 {
    app.db
        .query_one(
            "SELECT version FROM account_applications WHERE reference = $1",
            &[&reference],
        )
        .await
        .unwrap()
        .get(0)
}

#[tokio::test]
async fn every_endpoint_against_every_role_and_none() {
    let app = spawn_app().await;
    let roles: [(&str, &[&str]); 5] = [
        ("none", &[]),
        ("reviewer", &["reviewer"]),
        ("approver", &["approver"]),
        ("administrator", &["administrator"]),
        ("auditor", &["auditor"]),
    ];
    let mut cookies = vec![(None::<String>, "signed_out", 0i64)];
    for (name, r) in roles {
        let (id, cookie) = staff(&app, name, r).await;
        cookies.push((Some(cookie), name, id));
    }
    let (target, _) = staff(&app, "target", &["reviewer"]).await;
    for (cookie, who, my_id) in &cookies {
        let cookie = cookie.as_deref();
        let reference = submit(&app, "savings", &format!("{who}@example.com")).await;
        let v = version(&app, &reference).await;
        let base = format!("/api/staff/applications/{reference}");
        // (status the role gets) for each call; reads first, then changes.
        let expect = |allowed: &[&str]| -> u16 {
            if cookie.is_none() {
                401
            } else if allowed.contains(who) {
                200
            } else {
                403
            }
        };
        let viewers = ["reviewer", "approver", "auditor"];
        let workers = ["reviewer", "approver"];
        let checks: Vec<(&str, u16, (u16, Value))> = vec![
            (
                "me",
                if cookie.is_none() { 401 } else { 200 },
                get(&app, cookie, "/api/staff/me").await,
            ),
            (
                "queue",
                expect(&viewers),
                get(&app, cookie, "/api/staff/applications").await,
            ),
            ("case", expect(&viewers), get(&app, cookie, &base).await),
            (
                "reveal",
                expect(&viewers),
                post(&app, cookie, &format!("{base}/reveal"), &json!({})).await,
            ),
            (
                "note",
                expect(&workers),
                post(
                    &app,
                    cookie,
                    &format!("{base}/notes"),
                    &json!({"body": "Called the applicant about the licence."}),
                )
                .await,
            ),
            (
                "claim",
                expect(&workers),
                post(
                    &app,
                    cookie,
                    &format!("{base}/claim"),
                    &json!({"version": v}),
                )
                .await,
            ),
            (
                "staff list",
                expect(&["administrator"]),
                get(&app, cookie, "/api/staff/staff").await,
            ),
            (
                "invite",
                expect(&["administrator"]),
                post(
                    &app,
                    cookie,
                    "/api/staff/staff/invites",
                    &json!({"email": format!("new-{who}@banksia.bank"), "roles": ["reviewer"]}),
                )
                .await,
            ),
            (
                "roles",
                expect(&["administrator"]),
                post(
                    &app,
                    cookie,
                    &format!("/api/staff/staff/{target}/roles"),
                    &json!({"roles": ["reviewer", "auditor"]}),
                )
                .await,
            ),
            (
                "audit log",
                expect(&["auditor"]),
                get(&app, cookie, "/api/staff/audit").await,
            ),
            (
                "audit log filtered",
                expect(&["auditor"]),
                get(
                    &app,
                    cookie,
                    "/api/staff/audit?action=application.viewed&before=1000",
                )
                .await,
            ),
            (
                "audit verify",
                expect(&["auditor"]),
                get(&app, cookie, "/api/staff/audit/verify").await,
            ),
        ];
        for (what, want, (got, body)) in checks {
            assert_eq!(got, want, "{who} {what}: {body}");
        }
        // The decisions: only an approver may approve or decline; reviewers request
        // information; auditors and administrators change nothing.
        let v = version(&app, &reference).await;
        let (s, body) = post(
            &app,
            cookie,
            &format!("{base}/actions"),
            &json!({"version": v, "action": "approve"}),
        )
        .await;
        assert_eq!(s, expect(&["approver"]), "{who} approve: {body}");
        let v = version(&app, &reference).await;
        let (s, body) = post(
            &app,
            cookie,
            &format!("{base}/actions"),
            &json!({"version": v, "action": "decline", "reason": "not_eligible"}),
        )
        .await;
        let want = match (*who, cookie.is_some()) {
            (_, false) => 401,
            ("approver", _) => 409, // approved already: final
            _ => 403,
        };
        assert_eq!(s, want, "{who} decline: {body}");
        let other = submit(&app, "checking", &format!("{who}-2@example.com")).await;
        let v = version(&app, &other).await;
        let (s, body) = post(&app, cookie, &format!("/api/staff/applications/{other}/actions"), &json!({"version": v, "action": "request_information", "message": "Please send a copy of your licence."})).await;
        assert_eq!(s, expect(&workers), "{who} request information: {body}");
        // Deactivation last: an administrator deactivating the target ends its sessions.
        if *who == "administrator" {
            let (s, body) = post(
                &app,
                cookie,
                &format!("/api/staff/staff/{target}/deactivate"),
                &json!({}),
            )
            .await;
            assert_eq!(s, 200, "{body}");
            let (s, _) = post(
                &app,
                cookie,
                &format!("/api/staff/staff/{my_id}/deactivate"),
                &json!({}),
            )
            .await;
            assert_eq!(s, 422, "an administrator cannot deactivate themself");
        }
    }
    // Nothing but the approver's approval changed a status.
    let statuses = app
        .db
        .query(
            "SELECT status, count(*) FROM account_applications GROUP BY status ORDER BY 1",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get::<_, String>(0), r.get::<_, i64>(1)))
        .collect::<Vec<_>>();
    assert_eq!(
        statuses,
        [
            ("approved".to_owned(), 1),
            ("information_requested".to_owned(), 2),
            ("under_review".to_owned(), 9)
        ]
    );
}

#[tokio::test]
async fn cross_site_calls_are_refused_before_anything_else() {
    let app = spawn_app().await;
    let (_, cookie) = staff(&app, "ann", &["approver"]).await;
    let reference = submit(&app, "savings", "x@example.com").await;
    let path = format!("/api/staff/applications/{reference}/actions");
    let body = json!({"version": 1, "action": "approve"}).to_string();
    let evil = [
        vec![("origin", "https://evil.example"), ("x-banksia-staff", "1")],
        vec![("x-banksia-staff", "1")],
        vec![("origin", "PLACEHOLDER")],
    ];
    let mine = origin(&app);
    for mut headers in evil {
        for h in headers.iter_mut() {
            if h.1 == "PLACEHOLDER" {
                h.1 = mine.as_str();
            }
        }
        headers.push(("cookie", cookie.as_str()));
        headers.push(("content-type", "application/json"));
        let r = app.request("POST", &path, &headers, body.as_bytes()).await;
        assert_eq!(r.status, 403, "{headers:?}");
    }
    assert_eq!(version(&app, &reference).await, 1);
}

#[tokio::test]
async fn a_stale_version_is_a_409_with_the_current_state_and_changes_nothing() {
    let app = spawn_app().await;
    let (_, ann) = staff(&app, "ann", &["approver"]).await;
    let (_, bob) = staff(&app, "bob", &["reviewer"]).await;
    let reference = submit(&app, "savings", "x@example.com").await;
    let path = format!("/api/staff/applications/{reference}/actions");
    // Both opened version 1; Bob asks for information first.
    let (s, body) = post(&app, Some(&bob), &path, &json!({"version": 1, "action": "request_information", "message": "Please send your payslip."})).await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(body["status"], "information_requested");
    let (s, body) = post(
        &app,
        Some(&ann),
        &path,
        &json!({"version": 1, "action": "approve"}),
    )
    .await;
    assert_eq!(s, 409, "{body}");
    assert_eq!(body["current"]["status"], "information_requested");
    assert_eq!(body["current"]["version"], 2);
    assert_eq!(
        body["current"]["allowed_actions"],
        json!(["resume_review", "decline", "record_withdrawal"])
    );
    // An illegal transition with the right version: 409 too, nothing written.
    let (s, body) = post(
        &app,
        Some(&ann),
        &path,
        &json!({"version": 2, "action": "approve"}),
    )
    .await;
    assert_eq!(s, 409, "{body}");
    // A bad message or reason: 422 with core's message.
    let (s, body) = post(
        &app,
        Some(&bob),
        &path,
        &json!({"version": 2, "action": "resume_review"}),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    let (s, body) = post(
        &app,
        Some(&bob),
        &path,
        &json!({"version": 3, "action": "request_information", "message": "short"}),
    )
    .await;
    assert_eq!(s, 422, "{body}");
    assert!(body["error"].as_str().unwrap().contains("at least 10"));
    let (s, _) = post(
        &app,
        Some(&ann),
        &path,
        &json!({"version": 3, "action": "decline", "reason": "because"}),
    )
    .await;
    assert_eq!(s, 400);
    let (s, _) = post(
        &app,
        Some(&ann),
        &path,
        &json!({"version": 3, "action": "decline"}),
    )
    .await;
    assert_eq!(s, 422);
    assert_eq!(version(&app, &reference).await, 3);
    // Emails: exactly one, for the information request (the refused calls queued nothing).
    assert_eq!(
        query_i64(
            &app.db,
            "SELECT count(*) FROM application_emails WHERE kind = 'information_requested'",
            &[]
        )
        .await,
        1
    );
    assert_eq!(
        query_i64(&app.db, "SELECT count(*) FROM application_emails", &[]).await,
        1
    );
}

#[tokio::test]
async fn business_accounts_need_a_second_approver_who_is_not_the_first() {
    let app = spawn_app().await;
    let (_, ann) = staff(&app, "ann", &["approver"]).await;
    let (_, bob) = staff(&app, "bob", &["approver", "reviewer"]).await;
    let reference = submit(&app, "business_checking", "biz@example.com").await;
    let path = format!("/api/staff/applications/{reference}/actions");
    let (s, body) = post(
        &app,
        Some(&ann),
        &path,
        &json!({"version": 1, "action": "approve"}),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(body["status"], "under_review");
    assert_eq!(body["approval_pending"], true);
    let (s, body) = post(
        &app,
        Some(&ann),
        &path,
        &json!({"version": 2, "action": "confirm_approval"}),
    )
    .await;
    assert_eq!(s, 409, "{body}");
    assert!(body["error"].as_str().unwrap().contains("another approver"));
    let (s, body) = post(
        &app,
        Some(&bob),
        &path,
        &json!({"version": 2, "action": "confirm_approval"}),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(body["status"], "approved");
    // The case view shows the timeline with both approvals.
    let (s, view) = get(
        &app,
        Some(&bob),
        &format!("/api/staff/applications/{reference}"),
    )
    .await;
    assert_eq!(s, 200);
    let whats: Vec<&str> = view["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["what"].as_str().unwrap())
        .collect();
    assert!(
        whats.contains(&"First approval (waiting for a second approver)"),
        "{whats:?}"
    );
    assert!(whats.contains(&"Under review → Approved"), "{whats:?}");
}

#[tokio::test]
async fn the_case_view_masks_the_id_and_the_reveal_is_audited() {
    let app = spawn_app().await;
    let (staff_id, ann) = staff(&app, "ann", &["reviewer"]).await;
    let mut body = valid_application();
    body["state"] = json!("NSW"); // postcode 3000 is Victorian: core warns
    let r = app.post_json(&body.to_string()).await;
    assert_eq!(r.status, 201);
    let reference = r.json()["reference"].as_str().unwrap().to_owned();
    // Never in the table in plaintext.
    let row = app
        .db
        .query_one(
            "SELECT identification_number, identification_ciphertext, identification_key_id FROM account_applications",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, Option<String>>(0), None);
    let cipher: Vec<u8> = row.get(1);
    assert!(!cipher.windows(9).any(|w| w == b"123456789"));
    assert_eq!(row.get::<_, String>(2), "dev");

    let (s, view) = get(
        &app,
        Some(&ann),
        &format!("/api/staff/applications/{reference}"),
    )
    .await;
    assert_eq!(s, 200, "{view}");
    let id_row = view["answers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["field"] == "identification_number")
        .unwrap()
        .clone();
    assert_eq!(id_row["value"], "••••••789");
    assert!(view["warnings"]["postal_code"].is_array(), "{view}");
    assert_eq!(view["answers"][0]["label"], "Account type");
    let (s, revealed) = post(
        &app,
        Some(&ann),
        &format!("/api/staff/applications/{reference}/reveal"),
        &json!({}),
    )
    .await;
    assert_eq!(s, 200);
    assert_eq!(revealed["identification_number"], "123456789");
    let actions: Vec<String> = app
        .db
        .query(
            "SELECT action FROM staff_audit WHERE staff_id = $1 ORDER BY id",
            &[&staff_id],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(actions, ["application.viewed", "application.id_revealed"]);
}

#[tokio::test]
async fn the_audit_log_is_append_only_for_the_server_and_verify_finds_an_edit() {
    let app = spawn_app().await;
    let (_, ann) = staff(&app, "ann", &["reviewer"]).await;
    let reference = submit(&app, "savings", "x@example.com").await;
    for _ in 0..3 {
        get(
            &app,
            Some(&ann),
            &format!("/api/staff/applications/{reference}"),
        )
        .await;
    }
    // The server's own login: granted banksia_api and banksia_staff.
    let login = format!("server_{}", app.database);
    app.db
        .batch_execute(&format!(
            "CREATE ROLE {login} LOGIN IN ROLE banksia_api, banksia_staff"
        ))
        .await
        .unwrap();
    let url = format!(
        "postgres://{login}@127.0.0.1:{}/{}",
        app.pg_port, app.database
    );
    let pool = banksia_server::db::create_pool(&url, 1).unwrap();
    let server = pool.get().await.unwrap();
    assert!(
        server
            .query_one("SELECT count(*) FROM staff_audit", &[])
            .await
            .is_ok()
    );
    audit::append(&server, None, "test.append", None, &json!({"n": 1}))
        .await
        .unwrap();
    for sql in [
        "UPDATE staff_audit SET action = 'x'",
        "DELETE FROM staff_audit",
        "TRUNCATE staff_audit",
    ] {
        assert_insufficient_privilege(server.batch_execute(sql).await, sql);
    }
    match audit::verify(&server).await.unwrap() {
        Verification::Intact { rows, head } => {
            assert_eq!(rows, 4);
            assert!(head.is_some());
        }
        broken => panic!("{broken:?}"),
    }
    // The owner edits row 2: verify names it.
    let second: i64 = app
        .db
        .query_one(
            "SELECT id FROM staff_audit ORDER BY id OFFSET 1 LIMIT 1",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    app.db
        .execute(
            "UPDATE staff_audit SET detail = '{\"forged\": true}' WHERE id = $1",
            &[&second],
        )
        .await
        .unwrap();
    assert!(
        matches!(audit::verify(&server).await.unwrap(), Verification::Broken { id, .. } if id == second)
    );
    // So does the console's check.
    let (_, auditor) = staff(&app, "chain-auditor", &["auditor"]).await;
    let (status, check) = get(&app, Some(&auditor), "/api/staff/audit/verify").await;
    assert_eq!(status, 200, "{check}");
    assert_eq!(check["intact"], json!(false));
    assert_eq!(check["broken_at"], json!(second));
    // The command line says the same and fails.
    let config = common::test_config(app_url(&app));
    let outcome = banksia_server::run_staff_command(&config, &["audit".into(), "verify".into()])
        .await
        .unwrap()
        .unwrap();
    assert!(!outcome.ok);
    assert!(
        outcome.output.contains(&format!("row {second}")),
        "{}",
        outcome.output
    );
}

fn app_url(app: &TestApp) -> String {
    format!(
        "postgres://postgres@127.0.0.1:{}/{}",
        app.pg_port, app.database
    )
}

#[tokio::test]
async fn the_cli_invites_with_a_one_time_link() {
    let app = spawn_app().await;
    let config = common::test_config(app_url(&app));
    let args: Vec<String> = [
        "staff",
        "invite",
        "--email",
        "Boss@Banksia.Bank",
        "--role",
        "admin",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    let outcome = banksia_server::run_staff_command(&config, &args)
        .await
        .unwrap()
        .unwrap();
    assert!(outcome.ok, "{}", outcome.output);
    assert!(
        outcome
            .output
            .contains("http://localhost:0/staff/register/#token="),
        "{}",
        outcome.output
    );
    let row = app
        .db
        .query_one(
            "SELECT email, roles, expires_at - created_at FROM staff_invites",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, String>(0), "boss@banksia.bank");
    assert_eq!(row.get::<_, Vec<String>>(1), ["administrator"]);
    let bad = banksia_server::run_staff_command(
        &config,
        &[
            "staff".into(),
            "invite".into(),
            "--email".into(),
            "x@y.z".into(),
            "--role".into(),
            "boss".into(),
        ],
    )
    .await
    .unwrap()
    .unwrap();
    assert!(!bad.ok);
}

#[tokio::test]
async fn sessions_end_on_sign_out_idle_time_and_deactivation() {
    let app = spawn_app().await;
    let (id, cookie) = staff(&app, "ann", &["reviewer"]).await;
    assert_eq!(get(&app, Some(&cookie), "/api/staff/me").await.0, 200);
    // Idle for 16 minutes: over.
    app.db
        .execute("UPDATE staff_sessions SET last_seen_at = now() - interval '16 minutes' WHERE staff_id = $1", &[&id])
        .await
        .unwrap();
    assert_eq!(get(&app, Some(&cookie), "/api/staff/me").await.0, 401);
    let (_, cookie) = staff(&app, "bob", &["reviewer"]).await;
    let (s, _) = post(&app, Some(&cookie), "/api/staff/sign-out", &json!({})).await;
    assert_eq!(s, 200);
    assert_eq!(get(&app, Some(&cookie), "/api/staff/me").await.0, 401);
    // A forged cookie is nothing.
    let forged = format!("__Host-banksia-staff={}", new_token().unwrap().0);
    assert_eq!(get(&app, Some(&forged), "/api/staff/me").await.0, 401);
}

#[tokio::test]
async fn purge_erases_what_is_due_and_nothing_else_and_is_idempotent() {
    let app = spawn_app().await;
    let (_, ann) = staff(&app, "ann", &["approver"]).await;
    let mut refs = vec![];
    for (i, (account, action)) in [
        ("savings", Some("decline")),
        ("savings", Some("record_withdrawal")),
        ("savings", Some("approve")),
        ("checking", Some("approve")),
        ("checking", None),
    ]
    .into_iter()
    .enumerate()
    {
        let reference = submit(&app, account, &format!("p{i}@example.com")).await;
        if let Some(action) = action {
            let (s, body) = post(&app, Some(&ann), &format!("/api/staff/applications/{reference}/actions"), &json!({"version": 1, "action": action, "reason": if action == "decline" { json!("not_eligible") } else { Value::Null }})).await;
            assert_eq!(s, 200, "{body}");
        }
        refs.push(reference);
    }
    // Decided 3 years ago: the declined and withdrawn ones are due, the approved ones not
    // (7 years); and one approved 8 years ago is due.
    app.db.execute("UPDATE account_applications SET decided_at = now() - interval '3 years' WHERE decided_at IS NOT NULL", &[]).await.unwrap();
    app.db.execute("UPDATE account_applications SET decided_at = now() - interval '8 years' WHERE reference = $1", &[&refs[3]]).await.unwrap();
    let config = common::test_config(app_url(&app));
    let purge_args = vec!["purge".to_owned()];
    let purge = || banksia_server::run_staff_command(&config, &purge_args);
    let outcome = purge().await.unwrap().unwrap();
    assert!(outcome.ok, "{}", outcome.output);
    let erased: Vec<(String, bool, Option<String>, String)> = app
        .db
        .query("SELECT reference, personal_data_erased_at IS NOT NULL, first_name, status FROM account_applications ORDER BY id", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect();
    let flags: Vec<bool> = erased.iter().map(|e| e.1).collect();
    assert_eq!(flags, [true, true, false, true, false]);
    for e in &erased {
        assert_eq!(e.1, e.2.is_none(), "{e:?}");
    }
    // Reference, dates and decision stay.
    assert_eq!(erased[0].3, "declined");
    let again = purge().await.unwrap().unwrap();
    assert!(
        again.output.contains("of 0 application"),
        "{}",
        again.output
    );
    assert_eq!(
        query_i64(
            &app.db,
            "SELECT count(*) FROM staff_audit WHERE action = 'application.purged'",
            &[]
        )
        .await,
        3
    );
    assert_eq!(
        query_i64(
            &app.db,
            "SELECT count(*) FROM staff_audit WHERE action = 'retention.purge_run'",
            &[]
        )
        .await,
        2
    );
    let cipher = query_i64(
        &app.db,
        "SELECT count(*) FROM account_applications WHERE identification_ciphertext IS NOT NULL",
        &[],
    )
    .await;
    assert_eq!(cipher, 2);
}

#[tokio::test]
async fn the_status_link_answer_is_the_same_whoever_asks_and_the_link_works_once() {
    let app = spawn_app().await;
    let reference = submit(&app, "savings", "jane@example.com").await;
    let ask = |reference: String, email: &'static str| {
        let app = &app;
        async move {
            post(
                app,
                None,
                "/api/application-status/link",
                &json!({"reference": reference, "email": email}),
            )
            .await
        }
    };
    let right = ask(reference.clone(), "Jane@Example.com").await;
    let wrong_email = ask(reference.clone(), "other@example.com").await;
    let no_such = ask("BKS-AAAAAAAAAAA".into(), "jane@example.com").await;
    assert_eq!(right.0, 202);
    assert_eq!(right, wrong_email);
    assert_eq!(right, no_such);
    // One email queued, for the right pair only; its link opens the status once.
    let row = app
        .db
        .query_one(
            "SELECT recipient, text_body FROM application_emails WHERE kind = 'status_link'",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, String>(0), "jane@example.com");
    let text: String = row.get(1);
    assert!(!text.contains("123456789"));
    let token = text
        .split("#token=")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned();
    let (s, view) = post(
        &app,
        None,
        "/api/application-status/open",
        &json!({"token": token}),
    )
    .await;
    assert_eq!(s, 200, "{view}");
    assert_eq!(view["status"], "under_review");
    assert_eq!(view["product"], "High Yield Savings");
    assert_eq!(
        view["wording"]["headline"],
        "We're reviewing your application"
    );
    let (s, _) = post(
        &app,
        None,
        "/api/application-status/open",
        &json!({"token": token}),
    )
    .await;
    assert_eq!(s, 401, "a link works once");
}

/// The queue's statement (the file the server runs) reads indexes, not the table: the open
/// queue walks its partial index in order, and a search ORs three index scans (reference, email,
/// last name). 20,000 applications, the oldest 98% decided (as in a bank: the open ones are the
/// newest, so walking the whole queue in date order to find them reads nearly every row;
/// benches/load/staff.sh measures it at 100,000). And a reference typed in lower case, with O for 0, still finds its application.
#[tokio::test]
async fn the_queue_reads_indexes_and_finds_a_reference_however_typed() {
    let app = spawn_app().await;
    let mut references = vec![];
    for i in 0..3 {
        references.push(submit(&app, "savings", &format!("queue{i}@example.com")).await);
    }
    app.db
        .execute(
            "INSERT INTO account_applications (
                 reference, created_at, application_type, first_name, last_name, email, phone, date_of_birth,
                 address_line1, city, state, postal_code, employment_status, annual_income,
                 identification_type, identification_ciphertext, identification_key_id,
                 identification_last3, identification_length, initial_deposit_amount,
                 terms_accepted)
             SELECT 'BKS-T' || i, now() - (20001 - i) * interval '1 minute', application_type, first_name, 'Surname' || (i % 400),
                    'bulk' || i || '@example.com', phone, date_of_birth, address_line1, city,
                    state, postal_code, employment_status, annual_income, identification_type,
                    identification_ciphertext, identification_key_id, identification_last3,
                    identification_length, initial_deposit_amount, true
             FROM account_applications, generate_series(1, 20000) AS i
             WHERE reference = $1",
            &[&references[0]],
        )
        .await
        .unwrap();
    app.db
        .batch_execute(
            "UPDATE account_applications SET status = 'approved', decided_at = now()
             WHERE reference LIKE 'BKS-T%' AND created_at < now() - interval '400 minutes'",
        )
        .await
        .unwrap();
    app.db
        .batch_execute("VACUUM ANALYZE account_applications")
        .await
        .unwrap();
    app.db
        .batch_execute(&format!(
            "PREPARE queue(text[], text, text, timestamptz, bigint, bigint, text) AS {}",
            include_str!("../src/staff/queue.sql")
        ))
        .await
        .unwrap();
    let plan = |args: &'static str| {
        let db = &app.db;
        async move {
            db.query(&format!("EXPLAIN (COSTS OFF) EXECUTE queue({args})"), &[])
                .await
                .unwrap()
                .iter()
                .map(|r| r.get::<_, String>(0))
                .collect::<Vec<_>>()
                .join("\n")
        }
    };
    let open =
        plan("ARRAY['under_review', 'information_requested'], NULL, NULL, NULL, 0, 26, NULL").await;
    assert!(open.contains("account_applications_open_queue"), "{open}");
    let all = "ARRAY['under_review', 'information_requested', 'approved', 'declined', 'withdrawn']";
    for term in ["surname7", "bulk70@example.com", "bks-t700"] {
        let search = plan(Box::leak(
            format!("{all}, NULL, '{term}', NULL, 0, 26, upper('{term}')").into_boxed_str(),
        ))
        .await;
        assert!(
            !search.contains("Seq Scan on account_applications"),
            "{term}: {search}"
        );
        assert!(
            search.contains("account_applications_reference_key"),
            "{search}"
        );
    }

    let (_, cookie) = staff(&app, "searcher", &["reviewer"]).await;
    let typed = references[1].to_lowercase().replace('0', "o");
    let (status, page) = get(
        &app,
        Some(&cookie),
        &format!("/api/staff/applications?status=all&q={typed}"),
    )
    .await;
    assert_eq!(status, 200, "{page}");
    let found: Vec<&str> = page["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["reference"].as_str().unwrap())
        .collect();
    assert_eq!(found, [references[1].as_str()]);
}

/// The audit log screen's API: newest first, 50 a page with a keyset cursor that walks every
/// row once, exact filters (action, application, staff member), and the chain check.
#[tokio::test]
async fn the_audit_log_pages_filters_and_verifies() {
    let app = spawn_app().await;
    let (_, reviewer) = staff(&app, "pager", &["reviewer"]).await;
    let (_, auditor) = staff(&app, "reader", &["auditor"]).await;
    let first = submit(&app, "savings", "first@example.com").await;
    let second = submit(&app, "savings", "second@example.com").await;
    for _ in 0..40 {
        assert_eq!(
            get(
                &app,
                Some(&reviewer),
                &format!("/api/staff/applications/{first}")
            )
            .await
            .0,
            200
        );
        assert_eq!(
            get(
                &app,
                Some(&reviewer),
                &format!("/api/staff/applications/{second}")
            )
            .await
            .0,
            200
        );
    }
    let total = query_i64(&app.db, "SELECT count(*) FROM staff_audit", &[]).await;
    assert_eq!(total, 80);
    // Every row exactly once, newest first, across pages.
    let mut seen = vec![];
    let mut path = "/api/staff/audit".to_owned();
    loop {
        let (status, page) = get(&app, Some(&auditor), &path).await;
        assert_eq!(status, 200, "{page}");
        let rows = page["rows"].as_array().unwrap();
        assert!(rows.len() <= 50);
        seen.extend(rows.iter().map(|r| r["id"].as_i64().unwrap()));
        match page["next_before"].as_i64() {
            Some(before) => path = format!("/api/staff/audit?before={before}"),
            None => break,
        }
    }
    assert_eq!(seen.len() as i64, total);
    assert!(
        seen.windows(2).all(|w| w[0] > w[1]),
        "newest first, no repeats"
    );
    // Filters are exact; a reference matches however it is typed.
    let (_, page) = get(
        &app,
        Some(&auditor),
        &format!("/api/staff/audit?reference={}", first.to_lowercase()),
    )
    .await;
    let rows = page["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 40);
    assert!(
        rows.iter()
            .all(|r| r["application_reference"] == json!(first)
                && r["action"] == "application.viewed"
                && r["description"] == "Viewed"
                && r["staff"] == "pager@banksia.bank")
    );
    let (_, page) = get(
        &app,
        Some(&auditor),
        "/api/staff/audit?staff=READER@banksia.bank",
    )
    .await;
    assert_eq!(page["rows"], json!([]));
    let (_, page) = get(
        &app,
        Some(&auditor),
        "/api/staff/audit?action=application.claimed",
    )
    .await;
    assert_eq!(page["rows"], json!([]));
    let (status, _) = get(&app, Some(&auditor), "/api/staff/audit?colour=red").await;
    assert_eq!(status, 400);
    // The chain holds.
    let (status, check) = get(&app, Some(&auditor), "/api/staff/audit/verify").await;
    assert_eq!(status, 200);
    assert_eq!(check["intact"], json!(true));
    assert_eq!(check["rows"], json!(total));
    assert_eq!(check["head"].as_str().unwrap().len(), 64);
}

/// Sign-in attempts are limited per client across every instance: two servers on one database
/// share one budget (a token bucket in PostgreSQL), so a second instance is no second chance.
/// An unknown email gets the answer a known one gets (no enumeration).
#[tokio::test]
async fn the_sign_in_limit_is_shared_by_every_instance_and_unknown_emails_look_known() {
    let first = common::spawn_app_with(&common::CLUSTER, |c| c.staff.sign_in_per_minute = 4).await;
    let second = common::spawn_app_on(&common::CLUSTER, first.database.clone(), |c| {
        c.staff.sign_in_per_minute = 4
    })
    .await;
    async fn start(app: &TestApp, email: &str) -> (u16, Value) {
        post(
            app,
            None,
            "/api/staff/sign-in/start",
            &json!({ "email": email }),
        )
        .await
    }
    // Known, but without a passkey yet (the ceremony with a real passkey runs in the browser
    // test): answered as an unknown email is.
    staff(&first, "known", &["reviewer"]).await;
    let (a, answer_known) = start(&first, "known@banksia.bank").await;
    let (b, answer_unknown) = start(&second, "nobody@banksia.bank").await;
    assert_eq!((a, b), (200, 200), "{answer_known} {answer_unknown}");
    // The same shape: a ceremony and request options with credentials to try.
    for answer in [&answer_known, &answer_unknown] {
        assert!(answer["ceremony"].is_string(), "{answer}");
        let options = &answer["options"]["publicKey"];
        assert!(options["challenge"].is_string(), "{answer}");
        assert!(
            !options["allowCredentials"].as_array().unwrap().is_empty(),
            "{answer}"
        );
    }
    // The fields webauthn-rs sends for a real account's passkeys, no more, no fewer.
    for answer in [&answer_known, &answer_unknown] {
        let mut keys: Vec<&str> = answer["options"]["publicKey"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "allowCredentials",
                "challenge",
                "rpId",
                "timeout",
                "userVerification"
            ]
        );
    }
    // Finishing a decoy ceremony fails with a wrong passkey's words.
    let (finished, refusal) = post(
        &second,
        None,
        "/api/staff/sign-in/finish",
        &json!({ "ceremony": answer_unknown["ceremony"], "credential": {
            "id": "AQ", "rawId": "AQ", "type": "public-key",
            "response": { "authenticatorData": "AQ", "clientDataJSON": "AQ", "signature": "AQ" },
            "extensions": {}
        }}),
    )
    .await;
    assert_eq!(finished, 401, "{refusal}");
    assert_eq!(
        refusal["error"],
        "That passkey didn't work. Please try again."
    );
    // The unknown email's decoy is stable (a second ask looks like the same account).
    let (third, again) = start(&first, "nobody@banksia.bank").await;
    assert_eq!(third, 200);
    assert_eq!(
        again["options"]["publicKey"]["allowCredentials"],
        answer_unknown["options"]["publicKey"]["allowCredentials"]
    );
    // Four attempts spent across both instances (three starts, one finish), a budget of four:
    // the next ones are refused wherever they land.
    let (fifth, body) = start(&second, "known@banksia.bank").await;
    assert_eq!(fifth, 429, "{body}");
    let (sixth, _) = start(&first, "nobody@banksia.bank").await;
    assert_eq!(sixth, 429);
}
