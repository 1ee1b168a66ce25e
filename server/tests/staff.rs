//! The bank's side over HTTP on a real PostgreSQL: every staff endpoint against every role and
//! none, optimistic concurrency, four eyes, the audit log's grants and chain, identification
//! numbers at rest, retention, sessions, and the applicant's status link.
//!
//! Sessions are made here as the server makes them (a row holding a token's SHA-256): the
//! passkey ceremony that leads to them runs in the browser test (tests/e2e/staff.spec.ts).

use crate::common;

use banksia_core::review::events::AuditEvent;
use banksia_server::staff::audit::{self, Verification};
use banksia_server::staff::tokens::new_token;
use common::{
    RATIONALE, TestApp, assert_insufficient_privilege, eventually, link_token, now_in_sydney,
    query_i64, spawn_app, staff_get as get, staff_member as staff, staff_origin as origin,
    staff_post as post, valid_application, version,
};
use serde_json::{Value, json};

/// A reveal of the identification number, with its reason.
static REVEAL_ID: std::sync::LazyLock<Value> = std::sync::LazyLock::new(
    || json!({"field": "identification_number", "reason": "verify_document"}),
);

/// Submits an application through the public API; its reference.
async fn submit(app: &TestApp, account: &str, email: &str) -> String {
    // A business account's application carries its business (a company's).
    let mut body = if account.starts_with("business") {
        common::company_application()
    } else {
        valid_application()
    };
    body["application_type"] = json!(account);
    body["email"] = json!(email);
    let r = app.post_json(&body.to_string()).await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["reference"].as_str().unwrap().to_owned()
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
        let admin_gets = |status: u16| -> u16 {
            match (cookie.is_some(), *who == "administrator") {
                (false, _) => 401,
                (true, true) => status,
                (true, false) => 403,
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
                "information answers",
                expect(&viewers),
                get(&app, cookie, &format!("{base}/information")).await,
            ),
            (
                // No such document: a viewer learns that, nobody else gets past the permission.
                "document download",
                match expect(&viewers) {
                    200 => 404,
                    other => other,
                },
                get(&app, cookie, &format!("{base}/documents/999999")).await,
            ),
            (
                "reveal",
                expect(&viewers),
                post(&app, cookie, &format!("{base}/reveal"), &REVEAL_ID).await,
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
            // Administration's other calls: refused before anything else to all but an
            // administrator, who then meets the call's own answer.
            (
                "recovery",
                admin_gets(200),
                post(
                    &app,
                    cookie,
                    &format!("/api/staff/staff/{target}/recovery"),
                    &json!({}),
                )
                .await,
            ),
            (
                "reactivate an active member",
                admin_gets(404),
                post(
                    &app,
                    cookie,
                    &format!("/api/staff/staff/{target}/reactivate"),
                    &json!({}),
                )
                .await,
            ),
            (
                "confirm nothing pending",
                admin_gets(409),
                post(&app, cookie, "/api/staff/invitations/0/confirm", &json!({})).await,
            ),
            (
                "revoke nothing pending",
                admin_gets(409),
                post(&app, cookie, "/api/staff/grants/0/revoke", &json!({})).await,
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
            &json!({"version": v, "action": "approve", "rationale": RATIONALE}),
        )
        .await;
        assert_eq!(s, expect(&["approver"]), "{who} approve: {body}");
        let v = version(&app, &reference).await;
        let (s, body) = post(
            &app,
            cookie,
            &format!("{base}/actions"),
            &json!({"version": v, "action": "decline", "reason": "not_eligible", "rationale": RATIONALE}),
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
            assert_eq!(s, 409, "an administrator cannot deactivate themself");
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
        &json!({"version": 1, "action": "approve", "rationale": RATIONALE}),
    )
    .await;
    assert_eq!(s, 409, "{body}");
    // It says who changed what, and when (Sydney time).
    let error = body["error"].as_str().unwrap();
    assert!(
        error.starts_with("bob asked the applicant for information on this application at ")
            && error.contains("(Sydney time) while you were reading it."),
        "{error}"
    );
    assert_eq!(body["current"]["status"], "information_requested");
    assert_eq!(body["current"]["version"], 2);
    // Bob's request claimed the case nobody held: Ann may do nothing to it now.
    assert_eq!(body["current"]["allowed_actions"], json!([]));
    // Free again, what the status allows her.
    hold(&app, &reference, None).await;
    let (_, view) = get(
        &app,
        Some(&ann),
        &format!("/api/staff/applications/{reference}"),
    )
    .await;
    assert_eq!(
        view["state"]["allowed_actions"],
        json!(["resume_review", "decline", "record_withdrawal"])
    );
    // An illegal transition with the right version: 409 too, nothing written.
    let (s, body) = post(
        &app,
        Some(&ann),
        &path,
        &json!({"version": 2, "action": "approve", "rationale": RATIONALE}),
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
        &json!({"version": 1, "action": "approve", "rationale": RATIONALE}),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(body["status"], "under_review");
    assert_eq!(body["approval_pending"], true);
    let (s, body) = post(
        &app,
        Some(&ann),
        &path,
        &json!({"version": 2, "action": "confirm_approval", "rationale": RATIONALE}),
    )
    .await;
    assert_eq!(s, 409, "{body}");
    assert!(body["error"].as_str().unwrap().contains("another approver"));
    let (s, body) = post(
        &app,
        Some(&bob),
        &path,
        &json!({"version": 2, "action": "confirm_approval", "rationale": RATIONALE}),
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
        &REVEAL_ID,
    )
    .await;
    assert_eq!(s, 200);
    assert_eq!(revealed["value"], "123456789");
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
    // The staff side's own login: granted banksia_staff only.
    let login = format!("server_{}", app.database);
    app.db
        .batch_execute(&format!("CREATE ROLE {login} LOGIN IN ROLE banksia_staff"))
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
    audit::append(&server, None, AuditEvent::PurgeRun, None, &json!({"n": 1}))
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
            // One view (the three opens within minutes are one) and the test's own row.
            assert_eq!(rows, 2);
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
    let (s, me) = get(&app, Some(&cookie), "/api/staff/me").await;
    assert_eq!(s, 200);
    // The console is told the absolute end (the row's, an hour off here) so it warns before it.
    let ends: chrono::DateTime<chrono::Utc> = app
        .db
        .query_one(
            "SELECT expires_at FROM staff_sessions WHERE staff_id = $1",
            &[&id],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(
        me["session_ends_at"],
        ends.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "{me}"
    );
    let left = me["session_seconds_left"].as_i64().unwrap();
    assert!((3000..=3600).contains(&left), "{me}");
    assert_eq!(me["session_idle_seconds"], 900);
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
            let (s, body) = post(&app, Some(&ann), &format!("/api/staff/applications/{reference}/actions"), &match action {
                // Each action's own fields: a field of another action is refused (issue 45).
                "decline" => json!({"version": 1, "action": action, "reason": "not_eligible", "rationale": RATIONALE}),
                "record_withdrawal" => json!({"version": 1, "action": action, "channel": "phone", "requested_at": now_in_sydney()}),
                _ => json!({"version": 1, "action": action, "rationale": RATIONALE}),
            }).await;
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
    // One email queued (after the answer), for the right pair only; its link opens the status
    // once.
    let row = eventually(|| async {
        app.db
            .query_opt(
                "SELECT recipient, text_body FROM application_emails WHERE kind = 'status_link'",
                &[],
            )
            .await
            .unwrap()
    })
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(
        query_i64(&app.db, "SELECT count(*) FROM application_emails", &[]).await,
        1
    );
    assert_eq!(row.get::<_, String>(0), "jane@example.com");
    let text: String = row.get(1);
    assert!(!text.contains("123456789"));
    let token = link_token(&text);
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

/// The queue's statements (as the server composes them) read indexes, not the table: the open
/// queue walks its partial index in order, and a search finds parts of names, emails and
/// references through migration V20's trigram index. 20,000 applications, the oldest 98%
/// decided (as in a bank: the open ones are the newest, so walking the whole queue in date order
/// to find them reads nearly every row; benches/load/staff.sh measures it at 100,000). And a
/// reference typed in lower case, with O for 0, still finds its application.
#[tokio::test]
async fn the_queue_reads_indexes_and_finds_a_reference_however_typed() {
    use banksia_server::staff::store::applications::{
        queue_counts_statement, queue_search_statement, queue_statement,
    };
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
    let types = "text[], text, text, text, timestamptz, boolean, boolean, bigint, boolean";
    app.db
        .batch_execute(&format!(
            "PREPARE queue({types}, timestamptz, bigint, bigint) AS {};
             PREPARE counts({types}, text[]) AS {};
             PREPARE search({types}, timestamptz, bigint, bigint, text[]) AS {}",
            queue_statement(false),
            queue_counts_statement(),
            queue_search_statement(false)
        ))
        .await
        .unwrap();
    let plan = |statement: &'static str, args: String| {
        let db = &app.db;
        async move {
            db.query(
                &format!("EXPLAIN (COSTS OFF) EXECUTE {statement}({args})"),
                &[],
            )
            .await
            .unwrap()
            .iter()
            .map(|r| r.get::<_, String>(0))
            .collect::<Vec<_>>()
            .join("\n")
        }
    };
    let open_statuses = "ARRAY['under_review', 'information_requested', 'information_received']";
    let no_filters = "now() - interval '5 days', false, false, NULL, false";
    let open = plan(
        "queue",
        format!("{open_statuses}, NULL, NULL, NULL, {no_filters}, NULL, 0, 26"),
    )
    .await;
    assert!(open.contains("account_applications_open_queue"), "{open}");
    let all = "ARRAY['under_review', 'information_requested', 'approved', 'declined', 'withdrawn']";
    // A part of an email, a reference and a name found by few rows: the trigram index.
    for term in ["%bulk7001@%", "%bks-t1234%", "%surname7 %"] {
        // One statement finds the matches once, through the trigram index, for the page and
        // the counts (never a walk of the whole queue in date order).
        let search = plan(
            "search",
            format!("{all}, NULL, '{term}', NULL, {no_filters}, NULL, 0, 26, {open_statuses}"),
        )
        .await;
        assert!(
            !search.contains("Seq Scan on account_applications"),
            "{term}: {search}"
        );
        assert!(
            search.contains("account_applications_search_trgm"),
            "{term}: {search}"
        );
        assert!(
            !search.contains("account_applications_queue"),
            "{term}: {search}"
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
    assert_eq!(page["total"], 1);
    assert_eq!(page["total_capped"], false);

    // A search's next page follows its first, in order, with the same counts.
    let want = query_i64(
        &app.db,
        "SELECT count(*) FROM account_applications WHERE last_name LIKE 'Surname17%'",
        &[],
    )
    .await;
    let search = "/api/staff/applications?status=all&q=surname17";
    let (_, first) = get(&app, Some(&cookie), search).await;
    let after = first["next_after"]
        .as_str()
        .expect("a next page")
        .to_owned();
    let (_, second) = get(&app, Some(&cookie), &format!("{search}&after={after}")).await;
    for page in [&first, &second] {
        assert_eq!(page["total"].as_i64(), Some(want), "{page}");
        assert_eq!(page["rows"].as_array().map(Vec::len), Some(25));
    }
    let pages = [references_of(&first), references_of(&second)].concat();
    let mut unique = pages.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 50, "no row on both pages");
    let in_order = query_i64(
        &app.db,
        "SELECT count(*) FROM (SELECT reference FROM account_applications
         WHERE last_name LIKE 'Surname17%' ORDER BY created_at, id LIMIT 50) AS first_fifty
         WHERE reference = ANY($1)",
        &[&pages],
    )
    .await;
    assert_eq!(in_order, 50, "the pages are the first fifty in queue order");

    // Every status: over 20,000 applications, counted up to the cap and said to be more.
    let (status, page) = get(&app, Some(&cookie), "/api/staff/applications?status=all").await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["total"], banksia_wire::staff::QUEUE_COUNT_CAP);
    assert_eq!(page["total_capped"], true);
    assert_eq!(page["rows"].as_array().map(Vec::len), Some(25));
    // The open queue (about 400 applications) is counted exactly.
    let open = query_i64(
        &app.db,
        "SELECT count(*) FROM account_applications WHERE status = 'under_review'",
        &[],
    )
    .await;
    let (_, page) = get(&app, Some(&cookie), "/api/staff/applications").await;
    assert_eq!(
        (page["total"].as_i64(), page["total_capped"].as_bool()),
        (Some(open), Some(false))
    );
}

/// Submits an application for `first last <email>`; its reference.
async fn submit_named(
    app: &TestApp,
    account: &str,
    first: &str,
    last: &str,
    email: &str,
) -> String {
    let mut body = if account.starts_with("business") {
        common::company_application()
    } else {
        valid_application()
    };
    body["application_type"] = json!(account);
    body["first_name"] = json!(first);
    body["last_name"] = json!(last);
    body["email"] = json!(email);
    let r = app.post_json(&body.to_string()).await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["reference"].as_str().unwrap().to_owned()
}

fn references_of(page: &Value) -> Vec<String> {
    page["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["reference"].as_str().unwrap().to_owned())
        .collect()
}

/// The queue's filters, orders, counts and search: overdue (core's due date), waiting for a
/// second approver, claimed by me or by nobody, newest first, and a search by part of a name
/// ("Nguy", "sam nguyen"), an email or a reference, ignoring case; the term audited keyed only.
#[tokio::test]
async fn the_queue_filters_sorts_counts_and_searches_parts_of_names() {
    use banksia_core::application::checks::bank_date;
    use banksia_core::review::business_days::due_date;
    let app = spawn_app().await;
    let (me, cookie) = staff(&app, "worker", &["reviewer", "approver"]).await;
    let (other, _) = staff(&app, "colleague", &["reviewer", "approver"]).await;
    // Oldest first: Sam Nguyen's (overdue, claimed by me), Ana Lee's business account (first
    // approval given, claimed by a colleague), Joe Bloggs's (new, nobody's).
    let sam = submit_named(&app, "savings", "Sam", "Nguyen", "s.nguyen@example.com").await;
    let ana = submit_named(&app, "business_checking", "Ana", "Lee", "ana@lee.example").await;
    let joe = submit_named(&app, "checking", "Joe", "Bloggs", "joe_b@example.net").await;
    // The submission's time is guarded by a trigger (V5); the test backdates past it.
    app.db
        .batch_execute("SET session_replication_role = replica")
        .await
        .unwrap();
    for (reference, days, assigned, approved) in [
        (&sam, 20, Some(me), None),
        (&ana, 1, Some(other), Some(other)),
        (&joe, 0, None, None),
    ] {
        app.db
            .execute(
                "UPDATE account_applications SET created_at = now() - make_interval(days => $2),
                        assigned_to = $3, first_approval_by = $4 WHERE reference = $1",
                &[reference, &days, &assigned, &approved],
            )
            .await
            .unwrap();
    }
    app.db
        .batch_execute("RESET session_replication_role")
        .await
        .unwrap();
    let queue = |query: &str| {
        let path = format!("/api/staff/applications?{query}");
        let cookie = cookie.clone();
        let app = &app;
        async move {
            let (status, page) = get(app, Some(&cookie), &path).await;
            assert_eq!(status, 200, "{path}: {page}");
            page
        }
    };
    let page = queue("").await;
    assert_eq!(
        references_of(&page),
        [sam.clone(), ana.clone(), joe.clone()]
    );
    assert_eq!(
        (page["total"].as_i64(), page["overdue"].as_i64()),
        (Some(3), Some(1))
    );
    let created: chrono::DateTime<chrono::Utc> = app
        .db
        .query_one(
            "SELECT created_at FROM account_applications WHERE reference = $1",
            &[&sam],
        )
        .await
        .unwrap()
        .get(0);
    let due = due_date(bank_date(created.timestamp()).unwrap());
    assert_eq!(page["rows"][0]["due_date"], due.to_string());
    assert_eq!(page["rows"][0]["overdue"], true);
    assert_eq!(page["rows"][2]["overdue"], false);

    assert_eq!(
        references_of(&queue("sort=newest").await),
        [joe.clone(), ana.clone(), sam.clone()]
    );
    assert_eq!(references_of(&queue("overdue=true").await), [sam.as_str()]);
    assert_eq!(
        references_of(&queue("approval_pending=true").await),
        [ana.as_str()]
    );
    assert_eq!(references_of(&queue("assigned=me").await), [sam.as_str()]);
    assert_eq!(
        references_of(&queue("assigned=nobody").await),
        [joe.as_str()]
    );
    let page = queue("assigned=nobody&overdue=true").await;
    assert_eq!(
        (page["total"].as_i64(), page["overdue"].as_i64()),
        (Some(0), Some(0))
    );
    // A decided application is never overdue, whatever its age.
    app.db
        .execute(
            "UPDATE account_applications SET status = 'withdrawn', decided_at = now()
             WHERE reference = $1",
            &[&sam],
        )
        .await
        .unwrap();
    assert!(references_of(&queue("status=all&overdue=true").await).is_empty());
    let page = queue("status=all").await;
    assert_eq!(
        (page["total"].as_i64(), page["overdue"].as_i64()),
        (Some(3), Some(0))
    );

    // Search: parts, any case, name in order with gaps, email, reference; literal % and _.
    for (term, want) in [
        ("Nguy", vec![sam.as_str()]),
        ("sam nguyen", vec![sam.as_str()]),
        ("SAM   NGUY", vec![sam.as_str()]),
        ("ANA@", vec![ana.as_str()]),
        ("joe_b", vec![joe.as_str()]),
        ("jo%b", Vec::<&str>::new()),
        // The domain is not in the search text (a domain is shared by most applicants).
        ("example", Vec::<&str>::new()),
        // A whole email is looked up exactly, in any case.
        ("S.Nguyen@EXAMPLE.com", vec![sam.as_str()]),
        ("nguyen@example.com", vec![]),
    ] {
        let page = queue(&format!("status=all&q={}", urlencoding(term))).await;
        assert_eq!(references_of(&page), want, "{term}");
        assert_eq!(page["total"].as_i64(), Some(want.len() as i64), "{term}");
    }
    let middle = &ana[4..10].to_lowercase();
    assert_eq!(
        references_of(&queue(&format!("q={middle}")).await),
        [ana.as_str()]
    );
    // Two characters would list most of the table.
    let (status, body) = get(&app, Some(&cookie), "/api/staff/applications?q=ng").await;
    assert_eq!(status, 422, "{body}");
    // A part of an address that runs past its "@" is asked for whole or before the "@".
    for term in ["ana@lee", "@example.", "s.nguyen@example"] {
        let path = format!("/api/staff/applications?q={}", urlencoding(term));
        let (status, body) = get(&app, Some(&cookie), &path).await;
        assert_eq!(status, 422, "{term}: {body}");
        assert!(body.to_string().contains("the part before the @"), "{body}");
    }
    let (status, _) = get(&app, Some(&cookie), "/api/staff/applications?assigned=them").await;
    assert_eq!(status, 400);
    // The audit row keeps the term keyed, never as typed, with the filters.
    let detail: Value = app
        .db
        .query_one(
            "SELECT detail FROM staff_audit WHERE action = 'application.queue_listed'
             AND detail->>'search' IS NOT NULL ORDER BY id LIMIT 1",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let text = detail.to_string().to_lowercase();
    assert!(!text.contains("nguy"), "{text}");
    assert_eq!(
        detail["search"].as_str().map(str::len),
        Some(64),
        "{detail}"
    );

    // Every role against the filtered queue: the viewers see it, the others are refused.
    for (roles, want) in [
        (&["reviewer"][..], 200),
        (&["approver"][..], 200),
        (&["auditor"][..], 200),
        (&["administrator"][..], 403),
        (&[][..], 403),
    ] {
        let (_, cookie) = staff(&app, &format!("role{}", roles.join("")), roles).await;
        let (status, _) = get(
            &app,
            Some(&cookie),
            "/api/staff/applications?overdue=true&assigned=me&sort=newest&q=nguy",
        )
        .await;
        assert_eq!(status, want, "{roles:?}");
    }
    let (status, _) = get(&app, None, "/api/staff/applications?overdue=true").await;
    assert_eq!(status, 401);
}

/// The audit log's date range is in Sydney days, both ends included; its page lists core's
/// event types for the filter and each row's detail as readable lines; every role meets the
/// filtered log as it meets the log.
#[tokio::test]
async fn the_audit_log_filters_by_sydney_dates_and_lists_the_event_types() {
    use banksia_core::application::checks::bank_date;
    let app = spawn_app().await;
    let (_, auditor) = staff(&app, "dates", &["auditor"]).await;
    let (_, admin) = staff(&app, "dates-admin", &["administrator"]).await;
    let (colleague, _) = staff(&app, "dates-colleague", &["reviewer"]).await;
    let (s, body) = post(
        &app,
        Some(&admin),
        &format!("/api/staff/staff/{colleague}/deactivate"),
        &json!({}),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    let today = bank_date(chrono::Utc::now().timestamp()).unwrap();
    let page = |query: String| {
        let auditor = auditor.clone();
        let app = &app;
        async move { get(app, Some(&auditor), &format!("/api/staff/audit?{query}")).await }
    };
    let (s, today_page) = page(format!("action=staff.deactivated&from={today}&to={today}")).await;
    assert_eq!(s, 200, "{today_page}");
    let rows = today_page["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{today_page}");
    assert_eq!(
        rows[0]["detail_lines"],
        json!([
            "Pending revoked: 0",
            "Sessions ended: 1",
            format!("Staff id: {colleague}")
        ])
    );
    let kinds = today_page["event_types"].as_array().unwrap();
    assert_eq!(kinds.len(), AuditEvent::ALL.len());
    assert!(kinds.contains(&json!({"code": "staff.deactivated", "label": "Account deactivated"})));
    // Yesterday and before: nothing yet; from tomorrow: nothing either.
    let yesterday = today.pred_opt().unwrap();
    let (_, before) = page(format!("to={yesterday}")).await;
    assert_eq!(before["rows"], json!([]), "{before}");
    let (_, after) = page(format!("from={}", today.succ_opt().unwrap())).await;
    assert_eq!(after["rows"], json!([]), "{after}");
    assert_eq!(page("from=26/11/2026".into()).await.0, 400);
    assert_eq!(page(format!("from={today}&to={yesterday}")).await.0, 422);
    // Every role against the filtered log.
    for (cookie, want) in [
        (Some(auditor.as_str()), 200),
        (Some(admin.as_str()), 403),
        (None, 401),
    ] {
        let (s, _) = get(
            &app,
            cookie,
            &format!("/api/staff/audit?from={today}&to={today}&action=staff.signed_in"),
        )
        .await;
        assert_eq!(s, want);
    }
    for roles in [&["reviewer"][..], &["approver"][..], &[][..]] {
        let (_, cookie) = staff(&app, &format!("dates-{}", roles.join("")), roles).await;
        let (s, _) = get(
            &app,
            Some(&cookie),
            &format!("/api/staff/audit?from={today}"),
        )
        .await;
        assert_eq!(s, 403, "{roles:?}");
    }
}

/// `term` for a query string.
fn urlencoding(term: &str) -> String {
    term.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The audit log screen's API: newest first, 50 a page with a keyset cursor that walks every
/// row once, exact filters (action, application, staff member), and the chain check.
#[tokio::test]
async fn the_audit_log_pages_filters_and_verifies() {
    // Reveals are audited every time (a reopened case view is one view): unthrottled here.
    let app = common::spawn_app_with(&common::CLUSTER, |c| c.staff.reveals_per_minute = 0).await;
    let (_, reviewer) = staff(&app, "pager", &["reviewer"]).await;
    let (_, auditor) = staff(&app, "reader", &["auditor"]).await;
    let first = submit(&app, "savings", "first@example.com").await;
    let second = submit(&app, "savings", "second@example.com").await;
    for _ in 0..40 {
        for reference in [&first, &second] {
            let reveal = format!("/api/staff/applications/{reference}/reveal");
            assert_eq!(
                post(&app, Some(&reviewer), &reveal, &REVEAL_ID).await.0,
                200
            );
        }
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
                && r["action"] == "application.id_revealed"
                && r["description"] == "Identification number revealed"
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

/// The token of a link (`#token=…`) in an invitation's answer.
fn token_of(link: &Value) -> String {
    link_token(link.as_str().unwrap())
}

async fn register_start(app: &TestApp, token: &str) -> (u16, Value) {
    post(
        app,
        None,
        "/api/staff/register/start",
        &json!({ "token": token, "display_name": "New Person" }),
    )
    .await
}

#[tokio::test]
async fn one_administrator_can_neither_act_as_another_nor_grant_decisions_alone() {
    let app = spawn_app().await;
    let (ann_id, ann) = staff(&app, "ann", &["administrator"]).await;
    let (_, bob) = staff(&app, "bob", &["administrator"]).await;
    let (carol_id, _) = staff(&app, "carol", &["approver"]).await;
    let (rita_id, _) = staff(&app, "rita", &["reviewer"]).await;

    // Re-inviting an active account (which would add Ann's passkey to Carol's account) is
    // refused, and the refusal is audited.
    let (s, body) = post(
        &app,
        Some(&ann),
        "/api/staff/staff/invites",
        &json!({"email": "Carol@Banksia.Bank", "roles": ["approver"]}),
    )
    .await;
    assert_eq!(s, 409, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("already has an active staff account"),
        "{body}"
    );
    assert_eq!(
        query_i64(&app.db, "SELECT count(*) FROM staff_invites", &[]).await,
        0
    );

    // Nobody changes their own roles, adding included.
    for roles in [
        json!(["administrator", "approver"]),
        json!(["administrator", "auditor"]),
    ] {
        let (s, body) = post(
            &app,
            Some(&ann),
            &format!("/api/staff/staff/{ann_id}/roles"),
            &json!({ "roles": roles }),
        )
        .await;
        assert_eq!(s, 409, "{body}");
    }
    let refused = query_i64(
        &app.db,
        "SELECT count(*) FROM staff_audit WHERE action = 'staff.refused' AND staff_id = $1",
        &[&ann_id],
    )
    .await;
    assert_eq!(refused, 3, "every refusal is audited");

    // An invitation conferring approver works only once a second administrator confirms it.
    let (s, created) = post(
        &app,
        Some(&ann),
        "/api/staff/staff/invites",
        &json!({"email": "dave@banksia.bank", "roles": ["approver"]}),
    )
    .await;
    assert_eq!(s, 200, "{created}");
    assert_eq!(created["awaiting_confirmation"], true);
    let token = token_of(&created["link"]);
    let (s, body) = register_start(&app, &token).await;
    assert_eq!(s, 401, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("second administrator"),
        "{body}"
    );
    let (_, directory) = get(&app, Some(&ann), "/api/staff/staff").await;
    let pending = directory["pending"].as_array().unwrap();
    assert_eq!(pending.len(), 1, "{directory}");
    assert_eq!(pending[0]["email"], "dave@banksia.bank");
    assert_eq!(pending[0]["proposed_by"], "ann");
    assert_eq!(pending[0]["can_confirm"], false, "not by its proposer");
    let invitation = pending[0]["id"].as_i64().unwrap();
    let (s, _) = post(
        &app,
        Some(&ann),
        &format!("/api/staff/invitations/{invitation}/confirm"),
        &json!({}),
    )
    .await;
    assert_eq!(s, 409, "the proposer can't confirm");
    let (_, seen_by_bob) = get(&app, Some(&bob), "/api/staff/staff").await;
    assert_eq!(seen_by_bob["pending"][0]["can_confirm"], true);
    let (s, body) = post(
        &app,
        Some(&bob),
        &format!("/api/staff/invitations/{invitation}/confirm"),
        &json!({}),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    let (s, body) = register_start(&app, &token).await;
    assert_eq!(s, 200, "{body}");

    // A role change adding approver waits; adding auditor does not.
    let (s, saved) = post(
        &app,
        Some(&ann),
        &format!("/api/staff/staff/{rita_id}/roles"),
        &json!({"roles": ["approver"]}),
    )
    .await;
    assert_eq!(s, 200, "{saved}");
    assert_eq!(saved["awaiting_confirmation"], true);
    assert_eq!(saved["member"]["roles"], json!(["reviewer"]));
    let roles_of = |id: i64| {
        let app = &app;
        async move {
            app.db
                .query_one("SELECT roles FROM staff WHERE id = $1", &[&id])
                .await
                .unwrap()
                .get::<_, Vec<String>>(0)
        }
    };
    assert_eq!(roles_of(rita_id).await, ["reviewer"]);
    let grant = app
        .db
        .query_one("SELECT id FROM staff_role_grants", &[])
        .await
        .unwrap()
        .get::<_, i64>(0);
    let (s, _) = post(
        &app,
        Some(&ann),
        &format!("/api/staff/grants/{grant}/confirm"),
        &json!({}),
    )
    .await;
    assert_eq!(s, 409);
    let (s, body) = post(
        &app,
        Some(&bob),
        &format!("/api/staff/grants/{grant}/confirm"),
        &json!({}),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(roles_of(rita_id).await, ["approver"]);
    let (s, body) = post(
        &app,
        Some(&bob),
        &format!("/api/staff/grants/{grant}/confirm"),
        &json!({}),
    )
    .await;
    assert_eq!(s, 409, "confirmed once: {body}");
    let (s, saved) = post(
        &app,
        Some(&ann),
        &format!("/api/staff/staff/{carol_id}/roles"),
        &json!({"roles": ["approver", "auditor"]}),
    )
    .await;
    assert_eq!(
        (s, &saved["awaiting_confirmation"]),
        (200, &json!(false)),
        "{saved}"
    );
    assert_eq!(roles_of(carol_id).await, ["approver", "auditor"]);

    // A passkey recovery for an existing account waits for a second administrator too, and is
    // recorded as a recovery.
    let (s, recovery) = post(
        &app,
        Some(&ann),
        &format!("/api/staff/staff/{carol_id}/recovery"),
        &json!({}),
    )
    .await;
    assert_eq!(s, 200, "{recovery}");
    assert_eq!(recovery["awaiting_confirmation"], true);
    // The account's holder is told by the bank, whoever asked for the recovery.
    let notices = app
        .db
        .query(
            "SELECT kind, recipient, text_body FROM staff_emails WHERE staff_id = $1",
            &[&carol_id],
        )
        .await
        .unwrap();
    assert_eq!(notices.len(), 1);
    let kind: String = notices[0].get("kind");
    let recipient: String = notices[0].get("recipient");
    let text: String = notices[0].get("text_body");
    assert_eq!(kind, "recovery_started");
    assert_eq!(recipient, "carol@banksia.bank");
    assert!(text.contains("started a passkey recovery"), "{text}");
    assert!(
        text.contains("tell an administrator and the security team"),
        "{text}"
    );
    let (s, _) = register_start(&app, &token_of(&recovery["link"])).await;
    assert_eq!(s, 401);
    let (s, _) = post(
        &app,
        Some(&ann),
        &format!("/api/staff/staff/{ann_id}/recovery"),
        &json!({}),
    )
    .await;
    assert_eq!(s, 409, "nobody recovers their own account from the console");
}

#[tokio::test]
async fn two_administrators_deactivating_each_other_at_once_leave_one() {
    let app = spawn_app().await;
    for round in 0..6 {
        let (a_id, a) = staff(&app, &format!("a{round}"), &["administrator"]).await;
        let (b_id, b) = staff(&app, &format!("b{round}"), &["administrator"]).await;
        let (deactivate_b, deactivate_a) = (
            format!("/api/staff/staff/{b_id}/deactivate"),
            format!("/api/staff/staff/{a_id}/deactivate"),
        );
        let nothing = json!({});
        let ((s1, one), (s2, two)) = tokio::join!(
            post(&app, Some(&a), &deactivate_b, &nothing),
            post(&app, Some(&b), &deactivate_a, &nothing),
        );
        let mut statuses = [s1, s2];
        statuses.sort_unstable();
        assert_eq!(statuses[0], 200, "{one} {two}");
        assert_ne!(statuses[1], 200, "{one} {two}");
        let active = query_i64(
            &app.db,
            "SELECT count(*) FROM staff WHERE active AND 'administrator' = ANY(roles)",
            &[],
        )
        .await;
        assert_eq!(active, 1, "round {round}");
        // The one left is deactivated by hand before the next round, as if by the CLI.
        app.db
            .execute(
                "UPDATE staff SET active = false, deactivated_at = now() WHERE active",
                &[],
            )
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn invitations_die_with_their_inviter_and_can_be_revoked() {
    let app = spawn_app().await;
    let (ann_id, ann) = staff(&app, "ann", &["administrator"]).await;
    let (_, bob) = staff(&app, "bob", &["administrator"]).await;
    let (s, first) = post(
        &app,
        Some(&ann),
        "/api/staff/staff/invites",
        &json!({"email": "x@banksia.bank", "roles": ["reviewer"]}),
    )
    .await;
    assert_eq!(
        (s, &first["awaiting_confirmation"]),
        (200, &json!(false)),
        "{first}"
    );
    let (s, second) = post(
        &app,
        Some(&ann),
        "/api/staff/staff/invites",
        &json!({"email": "y@banksia.bank", "roles": ["reviewer"]}),
    )
    .await;
    assert_eq!(s, 200);
    // Revoked by any administrator: the link is dead.
    let id = app
        .db
        .query_one(
            "SELECT id FROM staff_invites WHERE email = 'y@banksia.bank'",
            &[],
        )
        .await
        .unwrap()
        .get::<_, i64>(0);
    let (s, body) = post(
        &app,
        Some(&bob),
        &format!("/api/staff/invitations/{id}/revoke"),
        &json!({}),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(
        register_start(&app, &token_of(&second["link"])).await.0,
        401
    );
    // The inviter deactivated: the first link is dead too, and no longer listed.
    let (s, body) = post(
        &app,
        Some(&bob),
        &format!("/api/staff/staff/{ann_id}/deactivate"),
        &json!({}),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(register_start(&app, &token_of(&first["link"])).await.0, 401);
    let (_, directory) = get(&app, Some(&bob), "/api/staff/staff").await;
    assert_eq!(directory["pending"], json!([]), "{directory}");
    // Reactivated, the inviter comes back without approver or administrator, which only a
    // confirmed grant gives back.
    let (s, member) = post(
        &app,
        Some(&bob),
        &format!("/api/staff/staff/{ann_id}/reactivate"),
        &json!({}),
    )
    .await;
    assert_eq!(s, 200, "{member}");
    assert_eq!(
        (member["active"].clone(), member["roles"].clone()),
        (json!(true), json!([]))
    );
}

#[tokio::test]
async fn subresource_requests_from_any_page_are_refused_gets_included_and_views_are_audited_once() {
    let app = spawn_app().await;
    let (ann_id, cookie) = staff(&app, "ann", &["reviewer"]).await;
    let reference = submit(&app, "savings", "jane@example.com").await;
    let path = format!("/api/staff/applications/{reference}");
    // An <img src> on a same-site or cross-site page sends the cookie (SameSite=Strict holds
    // only cross-site) and Sec-Fetch-Site says where it came from.
    for site in ["same-site", "cross-site", "none"] {
        let r = app
            .request(
                "GET",
                &path,
                &[("cookie", cookie.as_str()), ("sec-fetch-site", site)],
                b"",
            )
            .await;
        assert_eq!(r.status, 403, "{site}");
    }
    let views = || {
        query_i64(
            &app.db,
            "SELECT count(*) FROM staff_audit WHERE action = 'application.viewed'",
            &[],
        )
    };
    assert_eq!(views().await, 0);
    for _ in 0..3 {
        let r = app
            .request(
                "GET",
                &path,
                &[
                    ("cookie", cookie.as_str()),
                    ("sec-fetch-site", "same-origin"),
                ],
                b"",
            )
            .await;
        assert_eq!(r.status, 200);
    }
    assert_eq!(views().await, 1, "one view, not one per reload");
    // Listing and searching the queue are audited, the term keyed, never as typed.
    let (s, page) = get(
        &app,
        Some(&cookie),
        "/api/staff/applications?q=Jane%40Example.com&status=all",
    )
    .await;
    assert_eq!(s, 200, "{page}");
    assert_eq!(page["rows"].as_array().unwrap().len(), 1);
    let (s, _) = get(&app, Some(&cookie), "/api/staff/applications").await;
    assert_eq!(s, 200);
    let listed: Vec<Value> = app.db.query("SELECT detail FROM staff_audit WHERE action = 'application.queue_listed' AND staff_id = $1 ORDER BY id", &[&ann_id]).await.unwrap().iter().map(|r| r.get(0)).collect();
    assert_eq!(listed.len(), 2);
    let searched = listed[0]["search"].as_str().unwrap();
    assert_eq!(searched.len(), 64, "{searched}");
    assert!(
        !listed[0].to_string().to_lowercase().contains("jane"),
        "{}",
        listed[0]
    );
    assert_eq!(listed[1]["search"], Value::Null);
}

#[tokio::test]
async fn reveals_are_throttled_per_staff_member() {
    let app = common::spawn_app_with(&common::CLUSTER, |c| c.staff.reveals_per_minute = 3).await;
    let (_, ann) = staff(&app, "ann", &["reviewer"]).await;
    let (_, bob) = staff(&app, "bob", &["reviewer"]).await;
    let reference = submit(&app, "savings", "r@example.com").await;
    let reveal = format!("/api/staff/applications/{reference}/reveal");
    for _ in 0..3 {
        assert_eq!(post(&app, Some(&ann), &reveal, &REVEAL_ID).await.0, 200);
    }
    let (s, body) = post(&app, Some(&ann), &reveal, &REVEAL_ID).await;
    assert_eq!(s, 409, "{body}");
    assert_eq!(
        post(&app, Some(&bob), &reveal, &REVEAL_ID).await.0,
        200,
        "a colleague's budget is their own"
    );
    let revealed = query_i64(
        &app.db,
        "SELECT count(*) FROM staff_audit WHERE action = 'application.id_revealed'",
        &[],
    )
    .await;
    assert_eq!(revealed, 4);
}

#[tokio::test]
async fn audit_verify_against_an_earlier_head_catches_rows_cut_off_the_end() {
    let app = spawn_app().await;
    let (_, cookie) = staff(&app, "ann", &["reviewer"]).await;
    for _ in 0..3 {
        get(&app, Some(&cookie), "/api/staff/applications").await;
    }
    let pool = banksia_server::db::create_pool(&app_url(&app), 1).unwrap();
    let conn = pool.get().await.unwrap();
    let (rows, head) = audit::head(&conn).await.unwrap().unwrap();
    assert_eq!(rows, 3);
    assert!(
        audit::contains_head(&conn, &head, Some(rows))
            .await
            .unwrap()
    );
    // The server may not delete; a database owner cutting the last two rows off leaves a chain
    // that verifies on its own, but no longer reaches the head published earlier.
    app.db
        .execute(
            "DELETE FROM staff_audit WHERE id > (SELECT min(id) FROM staff_audit)",
            &[],
        )
        .await
        .unwrap();
    assert!(matches!(
        audit::verify(&conn).await.unwrap(),
        Verification::Intact { rows: 1, .. }
    ));
    assert!(
        !audit::contains_head(&conn, &head, Some(rows))
            .await
            .unwrap()
    );
    let config = common::test_config(app_url(&app));
    let args: Vec<String> = ["audit", "verify", "--head", &head]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let outcome = banksia_server::run_staff_command(&config, &args)
        .await
        .unwrap()
        .unwrap();
    assert!(!outcome.ok, "{}", outcome.output);
    assert!(
        outcome.output.contains("does not reach the head"),
        "{}",
        outcome.output
    );
}

#[tokio::test]
async fn a_chunked_or_oversized_body_to_a_staff_or_status_endpoint_is_a_clear_4xx() {
    let app = spawn_app().await;
    let (_, cookie) = staff(&app, "ann", &["reviewer"]).await;
    let reference = submit(&app, "savings", "c@example.com").await;
    let origin = origin(&app);
    for path in [
        format!("/api/staff/applications/{reference}/notes"),
        "/api/application-status/link".to_owned(),
        "/api/staff/sign-in/start".to_owned(),
    ] {
        let body = r#"{"body": "A note in chunks."}"#;
        let raw = format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nOrigin: {origin}\r\nX-Banksia-Staff: 1\r\nCookie: {cookie}\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n{body}\r\n0\r\n\r\n",
            body.len()
        );
        let r = common::raw_request(app.addr, raw.as_bytes()).await;
        assert!(
            (200..500).contains(&r.status),
            "{path}: {} {}",
            r.status,
            r.text()
        );
        let big = "x".repeat(70 * 1024);
        let r = app
            .request(
                "POST",
                &path,
                &[
                    ("content-type", "application/json"),
                    ("origin", &origin),
                    ("x-banksia-staff", "1"),
                    ("cookie", &cookie),
                ],
                big.as_bytes(),
            )
            .await;
        assert!(
            (400..500).contains(&r.status),
            "{path}: {} {}",
            r.status,
            r.text()
        );
    }
    // The chunked note was read and stored like any other.
    assert_eq!(
        query_i64(&app.db, "SELECT count(*) FROM application_notes", &[]).await,
        1
    );
}

#[tokio::test]
async fn every_limit_keys_on_the_client_behind_a_trusted_proxy_and_links_are_capped_per_application()
 {
    let app = common::spawn_app_with(&common::CLUSTER, |c| {
        c.staff.sign_in_per_minute = 2;
        c.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
    })
    .await;
    let reference = submit(&app, "savings", "proxy@example.com").await;
    let origin = origin(&app);
    let ask = |client: &'static str| {
        let app = &app;
        let reference = reference.clone();
        let origin = origin.clone();
        async move {
            let body = json!({"reference": reference, "email": "proxy@example.com"}).to_string();
            app.request(
                "POST",
                "/api/application-status/link",
                &[
                    ("content-type", "application/json"),
                    ("origin", &origin),
                    ("x-forwarded-for", client),
                ],
                body.as_bytes(),
            )
            .await
            .status
        }
    };
    // One client past its budget is refused; another behind the same proxy is not.
    assert_eq!(ask("203.0.113.7").await, 202);
    assert_eq!(ask("203.0.113.7").await, 202);
    assert_eq!(ask("203.0.113.7").await, 429);
    assert_eq!(ask("203.0.113.8").await, 202);
    assert_eq!(ask("203.0.113.8").await, 202);
    let sign_in = app
        .request(
            "POST",
            "/api/staff/sign-in/start",
            &[
                ("content-type", "application/json"),
                ("origin", &origin),
                ("x-banksia-staff", "1"),
                ("x-forwarded-for", "203.0.113.9"),
            ],
            br#"{"email":"a@banksia.bank"}"#,
        )
        .await;
    assert_eq!(
        sign_in.status, 200,
        "the staff sign-in has its own buckets per client"
    );
    // Four asks reached the application; at most three links a hour are emailed.
    let sent = || {
        query_i64(
            &app.db,
            "SELECT count(*) FROM application_emails WHERE kind = 'status_link'",
            &[],
        )
    };
    eventually(|| async { (sent().await == 3).then_some(()) }).await;
    for client in ["203.0.113.10", "203.0.113.11", "203.0.113.12"] {
        assert_eq!(ask(client).await, 202);
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(sent().await, 3);
}

#[tokio::test]
async fn purge_erases_every_copy_of_the_applicants_data_and_refuses_later_writes() {
    let app = spawn_app().await;
    let (_, ann) = staff(&app, "ann", &["approver"]).await;
    // A unique marker in every personal field the applicant types: a company's application, so
    // the business, its owners and the tax residencies (V18) carry them too.
    let mut body = common::company_application();
    let markers = [
        ("first_name", "Zqxfirst"),
        ("last_name", "Zqxlast"),
        ("email", "zqxmail@example.com"),
        ("address_line1", "1 Zqxstreet Road"),
        ("address_line2", "Zqxunit"),
        ("city", "Zqxcity"),
        ("employer_name", "Zqxemployer"),
        ("identification_number", "ZQX98765"),
    ];
    for (field, marker) in markers {
        body[field] = json!(marker);
    }
    body["phone"] = json!("0491 570 159");
    let detail_markers = [
        ("/business/legal_name", "Zqxlegal Pty Ltd"),
        ("/business/trading_name", "Zqxtrading"),
        ("/business/address_line1", "2 Zqxbusiness Street"),
        ("/business/address_line2", "Zqxsuite"),
        ("/business/city", "Zqxbizcity"),
        ("/business/owners/0/full_name", "Zqxdirector Nguyen"),
        ("/business/owners/0/address_line1", "3 Zqxdirector Road"),
        ("/business/owners/0/address_line2", "Zqxflat"),
        ("/business/owners/0/city", "Zqxdircity"),
        ("/business/owners/1/full_name", "Zqxowner Nguyen"),
        ("/business/owners/1/address_line1", "4 Zqxowner Road"),
        ("/business/owners/1/city", "Zqxowncity"),
        ("/tax_residency/countries/0/tin", "ZQXTIN77"),
    ];
    for (pointer, marker) in detail_markers {
        *body.pointer_mut(pointer).unwrap() = json!(marker);
    }
    body["tax_residency"]["countries"]
        .as_array_mut()
        .unwrap()
        .push(json!({"country": "GB", "no_tin_reason": "unable_to_obtain", "no_tin_explanation": "Zqxexplain"}));
    body["tax_residency"]["business_foreign_resident"] = json!(true);
    body["tax_residency"]["business_countries"] = json!([{"country": "SG", "tin": "ZQXBIZTIN"}]);
    let markers: Vec<(&str, &str)> = markers
        .into_iter()
        .chain(detail_markers.map(|(pointer, marker)| (pointer, marker)))
        .chain([("tin", "Zqxexplain"), ("tin", "ZQXBIZTIN")])
        .collect();
    let r = app.post_with_key(&body.to_string(), "purge-key-1").await;
    assert_eq!(r.status, 201, "{}", r.text());
    let reference = r.json()["reference"].as_str().unwrap().to_owned();
    for (table, rows) in [
        ("application_businesses", 1),
        ("application_owners", 2),
        ("application_tax_residency", 1),
        ("application_foreign_tax_residencies", 3),
    ] {
        let stored = query_i64(&app.db, &format!("SELECT count(*) FROM {table}"), &[]).await;
        assert_eq!(stored, rows, "{table}");
    }
    let base = format!("/api/staff/applications/{reference}");
    // Notes, an information request (an email with the message), and a status link.
    let (s, _) = post(
        &app,
        Some(&ann),
        &format!("{base}/notes"),
        &json!({"body": "Zqxnote: called Zqxfirst."}),
    )
    .await;
    assert_eq!(s, 200);
    let v = version(&app, &reference).await;
    let (s, body) = post(&app, Some(&ann), &format!("{base}/actions"), &json!({"version": v, "action": "request_information", "message": "Zqxmessage: please send your licence."})).await;
    assert_eq!(s, 200, "{body}");
    post(
        &app,
        None,
        "/api/application-status/link",
        &json!({"reference": reference, "email": "zqxmail@example.com"}),
    )
    .await;
    eventually(|| async {
        (query_i64(
            &app.db,
            "SELECT count(*) FROM application_emails WHERE kind = 'status_link'",
            &[],
        )
        .await
            == 1)
            .then_some(())
    })
    .await;
    // The applicant answers through the link (V21): a message and a document, both marked.
    let link: String = app
        .db
        .query_one(
            "SELECT text_body FROM application_emails WHERE kind = 'status_link'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let token = link_token(&link);
    let (s, view) = post(
        &app,
        None,
        "/api/application-status/open",
        &json!({"token": token}),
    )
    .await;
    assert_eq!(s, 200, "{view}");
    let document = b"%PDF-1.4\n1 0 obj << /Note (Zqxdocument) >> endobj\n%%EOF\n";
    use base64::Engine as _;
    let bearer = format!("Bearer {}", view["answer"]["token"].as_str().unwrap());
    let origin = common::staff_origin(&app);
    let answered = app
        .request(
            "POST",
            "/api/application-status/answer",
            &[
                ("content-type", "application/json"),
                ("origin", &origin),
                ("authorization", &bearer),
            ],
            json!({
                "message": "Zqxanswer: my licence is attached.",
                "documents": [{"name": "Zqxfile.pdf",
                               "content": base64::engine::general_purpose::STANDARD.encode(document)}],
            })
            .to_string()
            .as_bytes(),
        )
        .await;
    assert_eq!(answered.status, 200, "{}", answered.text());
    let v = version(&app, &reference).await;
    let (s, _) = post(
        &app,
        Some(&ann),
        &format!("{base}/actions"),
        &json!({"version": v, "action": "resume_review"}),
    )
    .await;
    assert_eq!(s, 200);
    let v = version(&app, &reference).await;
    let (s, _) = post(
        &app,
        Some(&ann),
        &format!("{base}/actions"),
        &json!({"version": v, "action": "decline", "reason": "not_eligible", "rationale": "Zqxrationale: Zqxfirst could not be verified."}),
    )
    .await;
    assert_eq!(s, 200);
    app.db
        .execute(
            "UPDATE account_applications SET decided_at = now() - interval '3 years'",
            &[],
        )
        .await
        .unwrap();
    let config = common::test_config(app_url(&app));
    let outcome = banksia_server::run_staff_command(&config, &["purge".to_owned()])
        .await
        .unwrap()
        .unwrap();
    assert!(outcome.ok, "{}", outcome.output);

    // Every text, json and bytea column of every table, scanned for every marker.
    let columns = app.db.query(
        "SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns
         WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'bytea', 'ARRAY')",
        &[],
    ).await.unwrap();
    assert!(columns.len() > 30, "{}", columns.len());
    for column in &columns {
        let (table, name, kind): (String, String, String) =
            (column.get(0), column.get(1), column.get(2));
        let text = match kind.as_str() {
            "bytea" => format!("encode(\"{name}\", 'escape')"),
            _ => format!("\"{name}\"::text"),
        };
        for &(_, marker) in &markers {
            let found = query_i64(&app.db, &format!("SELECT count(*) FROM \"{table}\" WHERE lower({text}) LIKE '%' || lower($1) || '%'"), &[&marker]).await;
            assert_eq!(found, 0, "{marker} left in {table}.{name}");
        }
        for marker in [
            "zqxnote",
            "zqxmessage",
            "zqxanswer",
            "zqxdocument",
            "zqxrationale",
            "0491 570 159",
        ] {
            let found = query_i64(
                &app.db,
                &format!(
                    "SELECT count(*) FROM \"{table}\" WHERE lower({text}) LIKE '%' || $1 || '%'"
                ),
                &[&marker],
            )
            .await;
            assert_eq!(found, 0, "{marker} left in {table}.{name}");
        }
    }
    // The business, its owners and the tax residencies, the encrypted TFN among them, are gone.
    for table in [
        "application_businesses",
        "application_owners",
        "application_tax_residency",
        "application_foreign_tax_residencies",
    ] {
        let left = query_i64(&app.db, &format!("SELECT count(*) FROM {table}"), &[]).await;
        assert_eq!(left, 0, "{table} kept {left} rows");
    }
    // The applicant's documents are gone, sealed content and all; the answer keeps its date.
    assert_eq!(
        query_i64(&app.db, "SELECT count(*) FROM information_documents", &[]).await,
        0
    );
    assert_eq!(
        query_i64(
            &app.db,
            "SELECT count(*) FROM information_responses WHERE message IS NULL",
            &[]
        )
        .await,
        1
    );
    // Nothing derived from the body is left to test guesses against, nor any link.
    assert_eq!(query_i64(&app.db, "SELECT count(*) FROM account_applications WHERE request_fingerprint IS NOT NULL OR idempotency_key IS NOT NULL", &[]).await, 0);
    assert_eq!(
        query_i64(
            &app.db,
            "SELECT count(*) FROM application_status_links",
            &[]
        )
        .await,
        0
    );
    // And nothing can be added afterwards.
    let (s, body) = post(
        &app,
        Some(&ann),
        &format!("{base}/notes"),
        &json!({"body": "After the purge."}),
    )
    .await;
    assert_eq!(s, 409, "{body}");
    assert!(body["error"].as_str().unwrap().contains("erased"), "{body}");
    let (s, _) = post(
        &app,
        Some(&ann),
        &format!("{base}/claim"),
        &json!({"version": version(&app, &reference).await}),
    )
    .await;
    assert_eq!(s, 409);
}

#[tokio::test]
async fn the_idempotency_fingerprint_is_keyed() {
    let app = spawn_app().await;
    let body = valid_application().to_string();
    let r = app.post_with_key(&body, "keyed-1").await;
    assert_eq!(r.status, 201);
    let stored: Vec<u8> = app
        .db
        .query_one("SELECT request_fingerprint FROM account_applications", &[])
        .await
        .unwrap()
        .get(0);
    use sha2::Digest;
    let canonical = serde_json::from_str::<Value>(&body).unwrap().to_string();
    let unkeyed = sha2::Sha256::digest(canonical.as_bytes()).to_vec();
    assert_ne!(
        stored, unkeyed,
        "a dump alone can't test a guess against it"
    );
    // A retry still answers the first reference.
    let again = app.post_with_key(&body, "keyed-1").await;
    assert_eq!(again.json()["reference"], r.json()["reference"]);
}

/// The status link's answer takes the same time whether or not the pair matches: a few hundred
/// interleaved requests, compared by the probability that a matching one is slower than a
/// non-matching one (0.5 when the two can't be told apart; the defect this guards against
/// measured 0.83–0.96).
#[tokio::test]
async fn the_status_link_answer_takes_the_same_time_whether_or_not_the_pair_matches() {
    let app = common::spawn_app_with(&common::CLUSTER, |c| c.staff.sign_in_per_minute = 0).await;
    let reference = submit(&app, "savings", "timing@example.com").await;
    let origin = origin(&app);
    let (mut matching, mut other) = (vec![], vec![]);
    for i in 0..300 {
        let email = if i % 2 == 0 {
            "timing@example.com"
        } else {
            "nobody@example.com"
        };
        let body = json!({"reference": reference, "email": email}).to_string();
        let started = std::time::Instant::now();
        let r = app
            .request(
                "POST",
                "/api/application-status/link",
                &[("content-type", "application/json"), ("origin", &origin)],
                body.as_bytes(),
            )
            .await;
        let took = started.elapsed();
        assert_eq!(r.status, 202);
        if i % 2 == 0 {
            matching.push(took)
        } else {
            other.push(took)
        }
    }
    let slower = matching
        .iter()
        .map(|m| other.iter().filter(|o| m > *o).count())
        .sum::<usize>() as f64;
    let auc = slower / (matching.len() * other.len()) as f64;
    assert!((0.3..0.7).contains(&auc), "AUC {auc:.3}");
}

#[tokio::test]
async fn the_public_api_and_the_staff_side_connect_as_different_roles() {
    let app = spawn_app().await;
    let api = app.api_login("public").await;
    let staff_url = app.staff_login("staffside").await;
    let second = common::spawn_app_on(&common::CLUSTER, app.database.clone(), |c| {
        c.database_url = api.clone();
        c.staff_database_url = Some(staff_url.clone());
    })
    .await;
    // Both sides work, each through its own role.
    let reference = submit(&second, "savings", "roles@example.com").await;
    let (_, cookie) = staff(&second, "ann", &["reviewer"]).await;
    let (s, page) = get(&second, Some(&cookie), "/api/staff/applications").await;
    assert_eq!(s, 200, "{page}");
    let (s, case) = get(
        &second,
        Some(&cookie),
        &format!("/api/staff/applications/{reference}"),
    )
    .await;
    assert_eq!(s, 200, "{case}");
    // The public side's role reads no application back and changes no status.
    let public = common::connect_url(&api).await;
    for sql in [
        "SELECT email FROM account_applications",
        "UPDATE account_applications SET status = 'approved'",
        "SELECT * FROM staff_audit",
        "SELECT * FROM staff",
    ] {
        assert_insufficient_privilege(public.batch_execute(sql).await, sql);
    }
    // The staff side's role inserts no application.
    let staff_side = common::connect_url(&staff_url).await;
    assert_insufficient_privilege(
        staff_side
            .batch_execute("INSERT INTO account_applications (reference) VALUES ('BKS-X')")
            .await,
        "insert",
    );
}

/// Sets who holds `reference` straight in the database (the case's starting point of a test).
async fn hold(app: &TestApp, reference: &str, holder: Option<i64>) {
    app.db
        .execute(
            "UPDATE account_applications SET assigned_to = $2 WHERE reference = $1",
            &[&reference, &holder],
        )
        .await
        .unwrap();
}

async fn holder_of(app: &TestApp, reference: &str) -> Option<i64> {
    app.db
        .query_one(
            "SELECT assigned_to FROM account_applications WHERE reference = $1",
            &[&reference],
        )
        .await
        .unwrap()
        .get(0)
}

#[tokio::test]
async fn claims_release_take_over_and_reassign_for_every_role_and_holder() {
    let app = spawn_app().await;
    let (dana, _) = staff(&app, "dana", &["reviewer"]).await;
    let (carol, _) = staff(&app, "carol", &["approver"]).await;
    let (audrey, _) = staff(&app, "audrey", &["auditor"]).await;
    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Holder {
        Nobody,
        Me,
        Colleague,
    }
    for role in ["reviewer", "approver", "auditor", "administrator"] {
        let (me, cookie) = staff(&app, &format!("{role}-me"), &[role]).await;
        let reference = submit(&app, "savings", &format!("hold-{role}@example.com")).await;
        let base = format!("/api/staff/applications/{reference}");
        let works = role == "reviewer" || role == "approver";
        for holder in [Holder::Nobody, Holder::Me, Holder::Colleague] {
            let start = match holder {
                Holder::Nobody => None,
                Holder::Me => Some(me),
                Holder::Colleague => Some(dana),
            };
            for step in ["claim", "release", "take-over", "reassign"] {
                hold(&app, &reference, start).await;
                let v = version(&app, &reference).await;
                let body = if step == "reassign" {
                    json!({"version": v, "to": carol})
                } else {
                    json!({"version": v})
                };
                let (s, answer) = post(&app, Some(&cookie), &format!("{base}/{step}"), &body).await;
                let (want, after) = match (works, step, holder) {
                    (false, _, _) => (403, start),
                    (true, "claim", Holder::Nobody) => (200, Some(me)),
                    (true, "release", Holder::Me) => (200, None),
                    (true, "take-over", Holder::Colleague) => (200, Some(me)),
                    (true, "reassign", Holder::Nobody | Holder::Me) => (200, Some(carol)),
                    (true, _, _) => (409, start),
                };
                assert_eq!(s, want, "{role} {step} held by {holder:?}: {answer}");
                assert_eq!(
                    holder_of(&app, &reference).await,
                    after,
                    "{role} {step} {holder:?}"
                );
                // A colleague's hold is named in the refusal.
                if want == 409 && holder == Holder::Colleague {
                    assert_eq!(
                        answer["error"],
                        "dana holds this application. Take it over to act on it (the take-over is recorded).",
                        "{role} {step}"
                    );
                }
            }
        }
        if works {
            // Acting on a colleague's case needs the take-over first.
            hold(&app, &reference, Some(dana)).await;
            let v = version(&app, &reference).await;
            let request = json!({"version": v, "action": "request_information", "message": "Please send your payslip."});
            let (s, answer) = post(&app, Some(&cookie), &format!("{base}/actions"), &request).await;
            assert_eq!(s, 409, "{answer}");
            assert!(
                answer["error"].as_str().unwrap().starts_with("dana holds"),
                "{answer}"
            );
            let (s, view) = get(&app, Some(&cookie), &base).await;
            assert_eq!(s, 200);
            assert_eq!(view["can_take_over"], true);
            assert_eq!(view["can_claim"], false);
            assert_eq!(view["actions"], json!([]));
            let (s, answer) = post(
                &app,
                Some(&cookie),
                &format!("{base}/take-over"),
                &json!({"version": v}),
            )
            .await;
            assert_eq!(s, 200);
            // The state afterwards, and core's words for the console.
            assert_eq!(answer["version"], v + 1, "{answer}");
            assert_eq!(answer["done"], "Taken over: you hold this application.");
            let request = json!({"version": v + 1, "action": "request_information", "message": "Please send your payslip."});
            let (s, answer) = post(&app, Some(&cookie), &format!("{base}/actions"), &request).await;
            assert_eq!(s, 200, "{answer}");
            let detail: Value = app
                .db
                .query_one(
                    "SELECT detail FROM staff_audit WHERE action = 'application.taken_over' AND staff_id = $1 ORDER BY id DESC LIMIT 1",
                    &[&me],
                )
                .await
                .unwrap()
                .get(0);
            assert_eq!(detail["from"], dana);
            // Nobody is handed a case their roles can't work on, nor a deactivated colleague.
            let v = version(&app, &reference).await;
            let (s, _) = post(
                &app,
                Some(&cookie),
                &format!("{base}/reassign"),
                &json!({"version": v, "to": audrey}),
            )
            .await;
            assert_eq!(s, 422);
            app.db
                .execute(
                    "UPDATE staff SET active = false, deactivated_at = now() WHERE id = $1",
                    &[&carol],
                )
                .await
                .unwrap();
            let (s, _) = post(
                &app,
                Some(&cookie),
                &format!("{base}/reassign"),
                &json!({"version": v, "to": carol}),
            )
            .await;
            assert_eq!(s, 422);
            app.db
                .execute(
                    "UPDATE staff SET active = true, deactivated_at = NULL WHERE id = $1",
                    &[&carol],
                )
                .await
                .unwrap();
        }
    }
    // Every change of holder is audited under its own event.
    for event in [
        "application.claimed",
        "application.released",
        "application.taken_over",
        "application.reassigned",
    ] {
        let n = query_i64(
            &app.db,
            "SELECT count(*) FROM staff_audit WHERE action = $1",
            &[&event],
        )
        .await;
        assert!(n >= 2, "{event}: {n}");
    }
    // A claim's 409 after a colleague's change says who did what.
    let (_, ann) = staff(&app, "ann", &["reviewer"]).await;
    let (_, bob) = staff(&app, "bob", &["reviewer"]).await;
    let reference = submit(&app, "savings", "race@example.com").await;
    let base = format!("/api/staff/applications/{reference}");
    let (s, answer) = post(
        &app,
        Some(&ann),
        &format!("{base}/claim"),
        &json!({"version": 1}),
    )
    .await;
    assert_eq!(s, 200);
    assert_eq!(answer["done"], "Claimed: you hold this application.");
    let (s, answer) = post(
        &app,
        Some(&bob),
        &format!("{base}/claim"),
        &json!({"version": 1}),
    )
    .await;
    assert_eq!(s, 409);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("ann claimed this application at "),
        "{answer}"
    );
    assert_eq!(answer["current"]["version"], 2);
}

/// The changes recorded on `reference`'s audit trail, in order: (event, staff id, detail);
/// views and listings left out.
async fn changes_of(app: &TestApp, reference: &str) -> Vec<(String, i64, Value)> {
    app.db
        .query(
            "SELECT action, staff_id, detail FROM staff_audit
             WHERE application_reference = $1 AND action <> 'application.viewed' ORDER BY id",
            &[&reference],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| (row.get(0), row.get(1), row.get(2)))
        .collect()
}

#[tokio::test]
async fn acting_on_a_case_nobody_holds_claims_it_for_the_actor_first() {
    let app = spawn_app().await;
    let (rita, reviewer) = staff(&app, "Rita Free", &["reviewer"]).await;
    let (alex, approver) = staff(&app, "Alex Free", &["approver"]).await;

    // A reviewer's information request on a free case: she holds it afterwards, and the log has
    // her claim (the same event as Claim's) before the request.
    let asked = submit(&app, "savings", "free-ask@example.com").await;
    let base = format!("/api/staff/applications/{asked}");
    let (s, state) = post(&app, Some(&reviewer), &format!("{base}/actions"), &json!({"version": 1, "action": "request_information", "message": "Please send your latest payslip."})).await;
    assert_eq!(s, 200, "{state}");
    assert_eq!(state["version"], 2, "one change, one version");
    assert_eq!(holder_of(&app, &asked).await, Some(rita));
    let changes = changes_of(&app, &asked).await;
    let events: Vec<&str> = changes.iter().map(|(e, _, _)| e.as_str()).collect();
    assert_eq!(events, ["application.claimed", "application.action"]);
    assert!(changes.iter().all(|(_, by, _)| *by == rita));
    assert_eq!(changes[0].2["with_action"], "request_information");
    let (_, view) = get(&app, Some(&reviewer), &base).await;
    assert_eq!(view["assigned_to_me"], true, "{view}");
    assert_eq!(view["assigned_to"], "Rita Free");
    // A second action on the case she now holds claims nothing more.
    let (s, _) = post(
        &app,
        Some(&reviewer),
        &format!("{base}/actions"),
        &json!({"version": 2, "action": "resume_review"}),
    )
    .await;
    assert_eq!(s, 200);
    let claims = changes_of(&app, &asked)
        .await
        .iter()
        .filter(|(e, _, _)| e == "application.claimed")
        .count();
    assert_eq!(claims, 1);
    // Now hers, the approver needs the take-over as before.
    let (s, answer) = post(
        &app,
        Some(&approver),
        &format!("{base}/actions"),
        &json!({"version": 3, "action": "approve", "rationale": RATIONALE}),
    )
    .await;
    assert_eq!(s, 409, "{answer}");
    assert_eq!(holder_of(&app, &asked).await, Some(rita));

    // An approver's decision on a free case: decided, and held by the one who decided.
    let decided = submit(&app, "savings", "free-decide@example.com").await;
    let (s, state) = post(
        &app,
        Some(&approver),
        &format!("/api/staff/applications/{decided}/actions"),
        &json!({"version": 1, "action": "decline", "reason": "not_eligible", "rationale": RATIONALE}),
    )
    .await;
    assert_eq!(s, 200, "{state}");
    assert_eq!(state["status"], "declined");
    assert_eq!(holder_of(&app, &decided).await, Some(alex));
    let events: Vec<String> = changes_of(&app, &decided)
        .await
        .into_iter()
        .map(|(e, by, _)| {
            assert_eq!(by, alex);
            e
        })
        .collect();
    assert_eq!(events, ["application.claimed", "application.action"]);
    let (_, page) = get(&app, Some(&approver), "/api/staff/applications?status=all").await;
    let row = page["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["reference"] == decided.as_str())
        .unwrap();
    assert_eq!(row["assigned_to_me"], true, "{row}");

    // A recommendation hands the case on: a free case stays free, nothing is claimed on the way.
    let recommended = submit(&app, "savings", "free-recommend@example.com").await;
    let (s, state) = post(
        &app,
        Some(&reviewer),
        &format!("/api/staff/applications/{recommended}/actions"),
        &json!({"version": 1, "action": "recommend", "recommendation": "approve", "rationale": RATIONALE}),
    )
    .await;
    assert_eq!(s, 200, "{state}");
    assert_eq!(holder_of(&app, &recommended).await, None);
    let events: Vec<String> = changes_of(&app, &recommended)
        .await
        .into_iter()
        .map(|(e, _, _)| e)
        .collect();
    assert_eq!(events, ["application.recommended"]);
}

#[tokio::test]
async fn a_reviewer_recommends_and_an_approver_decides_each_with_a_rationale() {
    let app = spawn_app().await;
    let (rita, reviewer) = staff(&app, "Rita Reviewer", &["reviewer"]).await;
    let (_, approver) = staff(&app, "Alex Chen", &["approver"]).await;
    let reference = submit(&app, "savings", "recommend@example.com").await;
    let base = format!("/api/staff/applications/{reference}");
    let actions = format!("{base}/actions");
    let (s, _) = post(
        &app,
        Some(&reviewer),
        &format!("{base}/claim"),
        &json!({"version": 1}),
    )
    .await;
    assert_eq!(s, 200);
    let (_, view) = get(&app, Some(&reviewer), &base).await;
    assert!(
        view["actions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["kind"] == "recommend"),
        "{view}"
    );
    for (body, want) in [
        (
            json!({"version": 2, "action": "recommend", "rationale": "Licence verified, income consistent."}),
            422,
        ),
        (
            json!({"version": 2, "action": "recommend", "recommendation": "approve"}),
            422,
        ),
        (
            json!({"version": 2, "action": "recommend", "recommendation": "approve", "rationale": "ok"}),
            422,
        ),
        (
            json!({"version": 2, "action": "recommend", "recommendation": "maybe", "rationale": "Licence verified."}),
            400,
        ),
        (
            json!({"version": 2, "action": "recommend", "recommendation": "approve", "rationale": &"x".repeat(1001)}),
            422,
        ),
    ] {
        let (s, answer) = post(&app, Some(&reviewer), &actions, &body).await;
        assert_eq!(s, want, "{body}: {answer}");
    }
    let (s, answer) = post(&app, Some(&reviewer), &actions, &json!({"version": 2, "action": "recommend", "recommendation": "approve", "rationale": "Licence verified,\nincome consistent."})).await;
    assert_eq!(s, 200, "{answer}");
    assert_eq!(answer["status"], "under_review");
    // Handed on: nobody holds it, and the approver may decide (not recommend).
    assert_eq!(holder_of(&app, &reference).await, None);
    let (s, answer) = post(&app, Some(&approver), &actions, &json!({"version": 3, "action": "recommend", "recommendation": "decline", "rationale": "I disagree with it."})).await;
    assert_eq!(s, 409, "{answer}");
    let (s, answer) = post(
        &app,
        Some(&approver),
        &actions,
        &json!({"version": 3, "action": "approve"}),
    )
    .await;
    assert_eq!(s, 422, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("rationale"),
        "{answer}"
    );
    let (s, answer) = post(&app, Some(&approver), &actions, &json!({"version": 3, "action": "approve", "rationale": "Agree with Rita's recommendation."})).await;
    assert_eq!(s, 200, "{answer}");
    assert_eq!(answer["status"], "approved");
    // The case view shows who recommended and who decided, when, and why.
    let (_, view) = get(&app, Some(&reviewer), &base).await;
    let rationales = view["rationales"].as_array().unwrap();
    assert_eq!(rationales.len(), 2, "{view}");
    assert_eq!(rationales[0]["kind"], "recommend_approve");
    assert_eq!(rationales[0]["by"], "Rita Reviewer");
    assert_eq!(
        rationales[0]["rationale"],
        "Licence verified,\nincome consistent."
    );
    assert_eq!(rationales[1]["kind"], "approve");
    assert_eq!(rationales[1]["by"], "Alex Chen");
    let whats: Vec<&str> = view["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["what"].as_str().unwrap())
        .collect();
    assert!(whats.contains(&"Recommended approval"), "{whats:?}");
    // The audit rows name the rationale's row, never its text (the text is erased by purge).
    let details: Vec<Value> = app
        .db
        .query(
            "SELECT detail FROM staff_audit WHERE application_reference = $1 AND action IN ('application.recommended', 'application.action') ORDER BY id",
            &[&reference],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(details.len(), 2);
    assert_eq!(details[0]["recommendation"], "approve");
    for detail in &details {
        assert!(detail["rationale_id"].is_i64(), "{detail}");
        assert!(!detail.to_string().contains("Licence"), "{detail}");
    }
    assert_eq!(
        query_i64(
            &app.db,
            "SELECT count(*) FROM application_rationales WHERE staff_id = $1",
            &[&rita]
        )
        .await,
        1
    );
    // A decline records its rationale too, and a business account's two approvals each theirs.
    let (_, second) = staff(&app, "Sam Second", &["approver"]).await;
    let business = submit(&app, "business_savings", "biz-rationale@example.com").await;
    let path = format!("/api/staff/applications/{business}/actions");
    let (s, _) = post(
        &app,
        Some(&approver),
        &path,
        &json!({"version": 1, "action": "approve", "rationale": "Business checked on ABN Lookup."}),
    )
    .await;
    assert_eq!(s, 200);
    let (s, answer) = post(&app, Some(&second), &path, &json!({"version": 2, "action": "confirm_approval", "rationale": "Second check of owners done."})).await;
    assert_eq!(s, 200, "{answer}");
    let declined = submit(&app, "checking", "decline-rationale@example.com").await;
    let (s, _) = post(&app, Some(&approver), &format!("/api/staff/applications/{declined}/actions"), &json!({"version": 1, "action": "decline", "reason": "not_eligible", "rationale": "Under the minimum age."})).await;
    assert_eq!(s, 200);
    let kinds: Vec<String> = app
        .db
        .query("SELECT kind FROM application_rationales ORDER BY id", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(
        kinds,
        [
            "recommend_approve",
            "approve",
            "approve",
            "confirm_approval",
            "decline"
        ]
    );
}

#[tokio::test]
async fn a_withdrawal_records_how_and_when_the_applicant_asked() {
    let app = spawn_app().await;
    let (_, ann) = staff(&app, "ann", &["reviewer"]).await;
    let reference = submit(&app, "savings", "withdraw@example.com").await;
    let base = format!("/api/staff/applications/{reference}");
    let actions = format!("{base}/actions");
    let now = now_in_sydney();
    for (body, want, says) in [
        (
            json!({"version": 1, "action": "record_withdrawal", "requested_at": now}),
            422,
            "how the applicant asked",
        ),
        (
            json!({"version": 1, "action": "record_withdrawal", "channel": "pigeon", "requested_at": now}),
            400,
            "",
        ),
        (
            json!({"version": 1, "action": "record_withdrawal", "channel": "phone"}),
            422,
            "date and time",
        ),
        (
            json!({"version": 1, "action": "record_withdrawal", "channel": "phone", "requested_at": "last Tuesday"}),
            422,
            "date and time",
        ),
        (
            json!({"version": 1, "action": "record_withdrawal", "channel": "phone", "requested_at": "2001-01-01T09:00"}),
            422,
            "before they applied",
        ),
        (
            json!({"version": 1, "action": "record_withdrawal", "channel": "phone", "requested_at": "2999-01-01T09:00"}),
            422,
            "future",
        ),
    ] {
        let (s, answer) = post(&app, Some(&ann), &actions, &body).await;
        assert_eq!(s, want, "{body}: {answer}");
        assert!(
            answer["error"].as_str().unwrap_or("").contains(says),
            "{body}: {answer}"
        );
    }
    assert_eq!(version(&app, &reference).await, 1);
    let (s, answer) = post(&app, Some(&ann), &actions, &json!({"version": 1, "action": "record_withdrawal", "channel": "secure_message", "requested_at": now})).await;
    assert_eq!(s, 200, "{answer}");
    assert_eq!(answer["status"], "withdrawn");
    let row = app
        .db
        .query_one(
            "SELECT withdrawal_channel, withdrawal_requested_at IS NOT NULL FROM account_applications WHERE reference = $1",
            &[&reference],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, String>(0), "secure_message");
    assert!(row.get::<_, bool>(1));
    let (_, view) = get(&app, Some(&ann), &base).await;
    assert_eq!(view["withdrawal"]["channel"], "secure_message");
    assert_eq!(view["withdrawal"]["channel_label"], "Secure message");
    let detail: Value = app
        .db
        .query_one(
            "SELECT detail FROM staff_audit WHERE application_reference = $1 AND action = 'application.action'",
            &[&reference],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(detail["withdrawal_channel"], "secure_message");
    assert!(detail["withdrawal_requested_at"].is_string(), "{detail}");
}

#[tokio::test]
async fn the_tfn_reveal_asks_why_and_is_audited_like_the_id_numbers() {
    let app = spawn_app().await;
    let (me, ann) = staff(&app, "ann", &["auditor"]).await;
    let reference = submit(&app, "business_checking", "tfn@example.com").await;
    let base = format!("/api/staff/applications/{reference}");
    let (_, view) = get(&app, Some(&ann), &base).await;
    assert_eq!(view["can_reveal_tfn"], true);
    let masked = view["details"]["tax_residency"]["tfn_masked"]
        .as_str()
        .unwrap();
    assert!(
        masked.ends_with("782") && !masked.contains("456"),
        "{masked}"
    );
    // No reason, no reveal.
    let (s, _) = post(
        &app,
        Some(&ann),
        &format!("{base}/reveal"),
        &json!({"field": "tax_file_number"}),
    )
    .await;
    assert_eq!(s, 400);
    let (s, revealed) = post(
        &app,
        Some(&ann),
        &format!("{base}/reveal"),
        &json!({"field": "tax_file_number", "reason": "compliance_check"}),
    )
    .await;
    assert_eq!(s, 200, "{revealed}");
    assert_eq!(revealed["value"], "123456782");
    assert_eq!(revealed["field"], "tax_file_number");
    let (s, revealed) = post(
        &app,
        Some(&ann),
        &format!("{base}/reveal"),
        &json!({"field": "identification_number", "reason": "confirm_with_applicant"}),
    )
    .await;
    assert_eq!(s, 200, "{revealed}");
    let rows: Vec<(String, Value)> = app
        .db
        .query(
            "SELECT action, detail FROM staff_audit WHERE staff_id = $1 AND action LIKE '%revealed' ORDER BY id",
            &[&me],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(rows[0].0, "application.tfn_revealed");
    assert_eq!(rows[0].1["reason"], "compliance_check");
    assert_eq!(rows[1].0, "application.id_revealed");
    assert_eq!(rows[1].1["reason"], "confirm_with_applicant");
    // An application without a TFN has none to reveal.
    let mut body = valid_application();
    body["tax_residency"] = json!({"foreign_resident": false});
    let r = app.post_json(&body.to_string()).await;
    assert_eq!(r.status, 201, "{}", r.text());
    let other = r.json()["reference"].as_str().unwrap().to_owned();
    let (_, view) = get(
        &app,
        Some(&ann),
        &format!("/api/staff/applications/{other}"),
    )
    .await;
    assert_eq!(view["can_reveal_tfn"], false);
    let (s, _) = post(
        &app,
        Some(&ann),
        &format!("/api/staff/applications/{other}/reveal"),
        &json!({"field": "tax_file_number", "reason": "compliance_check"}),
    )
    .await;
    assert_eq!(s, 409);
}

#[tokio::test]
async fn the_case_view_shows_the_deposit_the_versions_and_the_phone_as_written_here() {
    let app = spawn_app().await;
    let (_, ann) = staff(&app, "ann", &["reviewer"]).await;
    let reference = submit(&app, "savings", "shown@example.com").await;
    let (_, view) = get(
        &app,
        Some(&ann),
        &format!("/api/staff/applications/{reference}"),
    )
    .await;
    let phone = view["answers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["field"] == "phone")
        .unwrap();
    assert!(
        phone["value"].as_str().unwrap().starts_with("04"),
        "{phone}"
    );
    assert!(
        view["initial_deposit"].as_str().unwrap().starts_with('$'),
        "{view}"
    );
    assert!(view["terms_version"].is_string(), "{view}");
    assert!(view["privacy_notice_version"].is_string(), "{view}");
    assert_eq!(
        view["applicant_name"].as_str().map(|n| n.contains(' ')),
        Some(true)
    );
    assert_eq!(view["reveal_shown_seconds"], 60);
}

/// Issue 43: a reviewer who recommended and is later made an approver could approve their own
/// recommendation. The server asks core with the case's latest recommender, so recommend,
/// approve and confirm stay three people, and the console isn't offered the decisions.
#[tokio::test]
async fn a_recommender_made_approver_decides_nothing_on_their_recommendation() {
    let app = spawn_app().await;
    let (rita, reviewer) = staff(&app, "Rita Reviewer", &["reviewer"]).await;
    let (_, ann) = staff(&app, "Ann Approver", &["approver"]).await;
    let (_, bob) = staff(&app, "Bob Approver", &["approver"]).await;
    let reference = submit(&app, "business_checking", "promoted@example.com").await;
    let base = format!("/api/staff/applications/{reference}");
    let actions = format!("{base}/actions");
    let (s, answer) = post(&app, Some(&reviewer), &actions, &json!({"version": 1, "action": "recommend", "recommendation": "approve", "rationale": "Licence verified, income consistent."})).await;
    assert_eq!(s, 200, "{answer}");
    app.db
        .execute(
            "UPDATE staff SET roles = '{reviewer,approver}' WHERE id = $1",
            &[&rita],
        )
        .await
        .unwrap();
    let (_, view) = get(&app, Some(&reviewer), &base).await;
    let offered: Vec<&str> = view["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a["kind"].as_str())
        .collect();
    for decision in ["approve", "decline", "confirm_approval"] {
        assert!(!offered.contains(&decision), "{offered:?}");
    }
    let refused =
        "You recommended a decision on this application: another approver must decide it.";
    for body in [
        json!({"version": 2, "action": "approve", "rationale": "Approving what I recommended."}),
        json!({"version": 2, "action": "decline", "reason": "not_eligible", "rationale": "Declining what I recommended."}),
    ] {
        let (s, answer) = post(&app, Some(&reviewer), &actions, &body).await;
        assert_eq!(s, 409, "{body}: {answer}");
        assert_eq!(answer["error"], refused, "{answer}");
    }
    // Ann's first approval; Rita is not the second pair of eyes, Bob is.
    let (s, answer) = post(&app, Some(&ann), &actions, &json!({"version": 2, "action": "approve", "rationale": "Agree with Rita's recommendation."})).await;
    assert_eq!(s, 200, "{answer}");
    assert_eq!(answer["status"], "under_review");
    let (s, answer) = post(&app, Some(&reviewer), &actions, &json!({"version": 3, "action": "confirm_approval", "rationale": "Confirming the approval."})).await;
    assert_eq!(s, 409, "{answer}");
    assert_eq!(answer["error"], refused, "{answer}");
    let (s, answer) = post(&app, Some(&bob), &actions, &json!({"version": 3, "action": "confirm_approval", "rationale": "Checked Ann's approval again."})).await;
    assert_eq!(s, 200, "{answer}");
    assert_eq!(answer["status"], "approved");
}

/// Issue 45: a decline with no reason or a withdrawal with no time reached "This is final" and
/// was refused only after "Yes", and a business account's first approval said it was final.
/// `…/actions/check` runs every check of `…/actions` and answers what core says the action does,
/// storing nothing.
#[tokio::test]
async fn an_action_is_checked_and_its_effects_told_before_the_confirm_step() {
    let app = spawn_app().await;
    let (_, reviewer) = staff(&app, "Rita Reviewer", &["reviewer"]).await;
    let (_, approver) = staff(&app, "Alex Chen", &["approver"]).await;
    let savings = submit(&app, "savings", "check@example.com").await;
    let business = submit(&app, "business_savings", "check-biz@example.com").await;
    let check = |reference: &str| format!("/api/staff/applications/{reference}/actions/check");
    let checks: [(&str, Value, u16, &str); 6] = [
        (
            &savings,
            json!({"version": 1, "action": "decline", "rationale": "Not eligible by age."}),
            422,
            "Choose a reason for the decline.",
        ),
        (
            &savings,
            json!({"version": 1, "action": "record_withdrawal", "channel": "phone"}),
            422,
            "Give the date and time the applicant asked to withdraw (Sydney time).",
        ),
        (
            &savings,
            json!({"version": 1, "action": "record_withdrawal", "channel": "phone", "requested_at": "2020-01-01T09:00"}),
            422,
            "",
        ),
        (
            &savings,
            json!({"version": 1, "action": "approve", "rationale": "ok"}),
            422,
            "",
        ),
        (
            &savings,
            json!({"version": 7, "action": "approve", "rationale": "Identity verified."}),
            409,
            "",
        ),
        (
            &savings,
            json!({"version": 1, "action": "approve", "rationale": "Identity verified.", "colour": "red"}),
            400,
            "",
        ),
    ];
    for (reference, body, want, error) in checks {
        let (s, answer) = post(&app, Some(&approver), &check(reference), &body).await;
        assert_eq!(s, want, "{body}: {answer}");
        if !error.is_empty() {
            assert_eq!(answer["error"], error, "{answer}");
        }
    }
    let (s, answer) = post(
        &app,
        Some(&reviewer),
        &check(&savings),
        &json!({"version": 1, "action": "approve", "rationale": "Identity verified."}),
    )
    .await;
    assert_eq!(s, 403, "{answer}");
    // What core says each approval does.
    let approve = json!({"version": 1, "action": "approve", "rationale": "Identity verified."});
    let (s, final_one) = post(&app, Some(&approver), &check(&savings), &approve).await;
    assert_eq!(s, 200, "{final_one}");
    assert_eq!(final_one["question"], "Approve this application?");
    assert_eq!(final_one["yes"], "Yes, approve");
    let effects = final_one["effects"].to_string();
    assert!(effects.contains("This is final"), "{effects}");
    assert!(effects.contains("The applicant is emailed"), "{effects}");
    let (s, first) = post(&app, Some(&approver), &check(&business), &approve).await;
    assert_eq!(s, 200, "{first}");
    let effects = first["effects"].to_string();
    assert!(!effects.contains("This is final"), "{effects}");
    assert!(effects.contains("second approver"), "{effects}");
    assert!(effects.contains("not told"), "{effects}");
    // Nothing was stored or claimed by any of it.
    for reference in [&savings, &business] {
        assert_eq!(version(&app, reference).await, 1);
        assert_eq!(holder_of(&app, reference).await, None);
        assert_eq!(
            query_i64(
                &app.db,
                "SELECT count(*) FROM staff_audit WHERE application_reference = $1 AND action <> 'application.viewed'",
                &[reference],
            )
            .await,
            0
        );
    }
    // And the change itself still answers the same refusals.
    let (s, answer) = post(
        &app,
        Some(&approver),
        &format!("/api/staff/applications/{savings}/actions"),
        &json!({"version": 1, "action": "decline", "rationale": "Not eligible by age."}),
    )
    .await;
    assert_eq!(s, 422, "{answer}");
    assert_eq!(answer["error"], "Choose a reason for the decline.");
    // The change answers the state and core's words for what was done.
    let (s, answer) = post(
        &app,
        Some(&approver),
        &format!("/api/staff/applications/{business}/actions"),
        &approve,
    )
    .await;
    assert_eq!(s, 200, "{answer}");
    assert_eq!(answer["status"], "under_review");
    assert_eq!(answer["approval_pending"], true);
    assert_eq!(
        answer["done"],
        "First approval recorded; a second approver must confirm it."
    );
}

/// Issue 45: an invitation with every role unticked was created, and its holder registered to
/// no screen. Core refuses it; the server answers 422 with core's words and stores nothing.
#[tokio::test]
async fn an_invitation_without_a_role_is_refused() {
    let app = spawn_app().await;
    let (_, ann) = staff(&app, "ann", &["administrator"]).await;
    let (s, answer) = post(
        &app,
        Some(&ann),
        "/api/staff/staff/invites",
        &json!({"email": "nora@banksia.bank", "roles": []}),
    )
    .await;
    assert_eq!(s, 422, "{answer}");
    assert_eq!(
        answer["error"],
        "Choose at least one role for the invitation."
    );
    // No roles at all: the typed reader refuses it (no default).
    let (s, answer) = post(
        &app,
        Some(&ann),
        "/api/staff/staff/invites",
        &json!({"email": "nora@banksia.bank"}),
    )
    .await;
    assert!(s == 400 || s == 422, "{s} {answer}");
    assert_eq!(
        query_i64(&app.db, "SELECT count(*) FROM staff_invites", &[]).await,
        0
    );
    let (s, answer) = post(
        &app,
        Some(&ann),
        "/api/staff/staff/invites",
        &json!({"email": "nora@banksia.bank", "roles": ["reviewer"]}),
    )
    .await;
    assert_eq!(s, 200, "{answer}");
}
