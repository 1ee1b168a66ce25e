//! The applicant's answer to an information request, over HTTP on a real PostgreSQL: from the
//! status link's answer form to the staff's audited download; every refusal (wrong type,
//! renamed, too large, too many, expired, already answered, no longer waiting) says why and
//! stores nothing; and the emails each staff change sends, their links on `PUBLIC_ORIGIN`.

use crate::common;

use banksia_server::staff::tokens::new_token;
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use common::{
    RATIONALE, TestApp, eventually, link_token, now_in_sydney, query_i64, spawn_app, staff_get_raw,
    staff_member, staff_origin as origin, staff_post as post, staff_post_raw as post_raw,
    valid_application, version,
};
use serde_json::{Value, json};

async fn status(app: &TestApp, reference: &str) -> String {
    app.db
        .query_one(
            "SELECT status FROM account_applications WHERE reference = $1",
            &[&reference],
        )
        .await
        .unwrap()
        .get(0)
}

async fn submit(app: &TestApp, email: &str) -> String {
    let mut body = valid_application();
    body["email"] = json!(email);
    let r = app.post_json(&body.to_string()).await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["reference"].as_str().unwrap().to_owned()
}

async fn act(app: &TestApp, cookie: &str, reference: &str, action: Value) -> Value {
    let mut body = action;
    body["version"] = json!(version(app, reference).await);
    let (s, answer) = post(
        app,
        Some(cookie),
        &format!("/api/staff/applications/{reference}/actions"),
        &body,
    )
    .await;
    assert_eq!(s, 200, "{answer}");
    answer
}

/// Asks for a status link as the applicant and opens it: the status view.
async fn open_status(app: &TestApp, reference: &str, email: &str) -> Value {
    let before = query_i64(
        &app.db,
        "SELECT count(*) FROM application_emails WHERE kind = 'status_link' AND reference = $1",
        &[&reference],
    )
    .await;
    let (s, _) = post(
        app,
        None,
        "/api/application-status/link",
        &json!({"reference": reference, "email": email}),
    )
    .await;
    assert_eq!(s, 202);
    let text: String = eventually(|| async {
        app.db
            .query_opt(
                "SELECT text_body FROM application_emails WHERE kind = 'status_link' AND reference = $1
                 ORDER BY id OFFSET $2",
                &[&reference, &before],
            )
            .await
            .unwrap()
            .map(|row| row.get(0))
    })
    .await;
    let token = link_token(&text);
    let (s, view) = post(
        app,
        None,
        "/api/application-status/open",
        &json!({ "token": token }),
    )
    .await;
    assert_eq!(s, 200, "{view}");
    view
}

fn pdf(marker: &str) -> Vec<u8> {
    format!(
        "%PDF-1.4\n1 0 obj << /Type /Catalog /Note ({marker}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
    )
    .into_bytes()
}

fn png() -> Vec<u8> {
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR".as_slice(),
        &[0u8; 64],
        b"\x00\x00\x00\x00IEND\xae\x42\x60\x82",
    ]
    .concat()
}

/// POSTs an answer as the status page sends it: the form's token in `Authorization`, each
/// document with a name.
async fn answer(app: &TestApp, token: &str, message: &str, documents: &[Vec<u8>]) -> (u16, Value) {
    // No names: the server's words fall back to "Document N".
    let named: Vec<(String, Vec<u8>)> = documents
        .iter()
        .map(|d| (String::new(), d.clone()))
        .collect();
    answer_named(app, token, message, &named).await
}

async fn answer_named(
    app: &TestApp,
    token: &str,
    message: &str,
    documents: &[(String, Vec<u8>)],
) -> (u16, Value) {
    let documents: Vec<Value> = documents
        .iter()
        .map(|(name, d)| json!({ "name": name, "content": STANDARD.encode(d) }))
        .collect();
    answer_raw(
        app,
        Some(token),
        json!({ "message": message, "documents": documents })
            .to_string()
            .as_bytes(),
    )
    .await
}

async fn answer_raw(app: &TestApp, token: Option<&str>, body: &[u8]) -> (u16, Value) {
    let origin = origin(app);
    let bearer = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![
        ("content-type", "application/json"),
        ("origin", origin.as_str()),
    ];
    if let Some(bearer) = &bearer {
        headers.push(("authorization", bearer.as_str()));
    }
    let r = app
        .request("POST", "/api/application-status/answer", &headers, body)
        .await;
    let body = serde_json::from_str(&r.text()).unwrap_or(Value::Null);
    (r.status, body)
}

async fn answers_stored(app: &TestApp) -> (i64, i64) {
    (
        query_i64(&app.db, "SELECT count(*) FROM information_responses", &[]).await,
        query_i64(&app.db, "SELECT count(*) FROM information_documents", &[]).await,
    )
}

#[tokio::test]
async fn the_applicant_answers_with_documents_and_staff_download_them_audited() {
    let app = spawn_app().await;
    let (_, ann) = staff_member(&app, "ann", &["approver"]).await;
    let (_, admin) = staff_member(&app, "root", &["administrator"]).await;
    let reference = submit(&app, "jane@example.com").await;
    act(
        &app,
        &ann,
        &reference,
        json!({"action": "request_information", "message": "Please send a copy of your passport's photo page."}),
    )
    .await;
    let view = open_status(&app, &reference, "jane@example.com").await;
    assert_eq!(view["status"], "information_requested");
    let form = &view["answer"];
    assert_eq!(form["max_documents"], 3);
    assert_eq!(form["max_document_bytes"], 5 * 1024 * 1024);
    assert_eq!(form["accepted_types"], "PDF, JPEG or PNG");
    let token = form["token"].as_str().unwrap().to_owned();

    // Each bad answer says why and stores nothing.
    let gif = b"GIF89a\x01\x00\x01\x00 an image of a type the bank does not take".to_vec();
    let renamed_exe = b"MZ\x90\x00\x03\x00\x00\x00 a program whose name ends in .pdf".to_vec();
    let mut too_big = pdf("big");
    too_big.splice(10..10, vec![b' '; 5 * 1024 * 1024]);
    let cases: [(&str, Vec<Vec<u8>>, &str); 5] = [
        (
            "I attach my passport.",
            vec![gif],
            "Document 1 isn't a PDF, JPEG or PNG",
        ),
        (
            "I attach my passport.",
            vec![pdf("a"), renamed_exe],
            "Document 2 isn't a PDF, JPEG or PNG",
        ),
        (
            "Four documents.",
            vec![pdf("a"), pdf("b"), pdf("c"), pdf("d")],
            "up to 3 documents",
        ),
        (
            "A big one.",
            vec![too_big],
            "Document 1 is larger than 5 MB",
        ),
        ("", vec![], "Write a message or attach"),
    ];
    for (message, documents, words) in cases {
        let (s, body) = answer(&app, &token, message, &documents).await;
        assert_eq!(s, 422, "{words}: {body}");
        assert!(body["error"].as_str().unwrap().contains(words), "{body}");
    }
    // A body over the limit is a 413 in words, before anything is parsed.
    let huge = vec![b'a'; banksia_server::staff::information::MAX_ANSWER_BODY + 10];
    let (s, body) = answer_raw(&app, Some(&token), &huge).await;
    assert_eq!(s, 413, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("too large"),
        "{body}"
    );
    // The token is the header's: without it, or with it only in the body as before, the
    // answer is the expired form's, before the body is read.
    let in_body = json!({ "token": token, "message": "Here it is, my answer." }).to_string();
    for sent in [None, Some("not a token")] {
        let (s, body) = answer_raw(&app, sent, in_body.as_bytes()).await;
        assert_eq!(s, 401, "{body}");
        assert!(
            body["error"].as_str().unwrap().contains("expired"),
            "{body}"
        );
    }
    let (s, body) = post_raw(
        &app,
        None,
        "/api/application-status/answer",
        in_body.as_bytes(),
    )
    .await;
    assert_eq!(s, 401, "{body}");
    // A large answer on an unknown form is refused before its body is read, and the body is
    // read away after the answer: a client that sends the whole body before it reads (as a
    // browser's upload does) still gets the words, not a reset connection.
    let large = vec![b'a'; 12 * 1024 * 1024];
    let (s, body) = answer_raw(&app, Some(&new_token().unwrap().0), &large).await;
    assert_eq!(s, 401, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("expired"),
        "{body}"
    );
    // A refused document is named as the applicant chose it.
    let (s, body) = answer_named(
        &app,
        &token,
        "My passport.",
        &[
            ("payslip.pdf".to_owned(), pdf("a")),
            (
                "passport\u{202E}.gif".to_owned(),
                b"GIF89a an image the bank does not take".to_vec(),
            ),
        ],
    )
    .await;
    assert_eq!(s, 422, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("\"passport.gif\" isn't a PDF, JPEG or PNG"),
        "{body}"
    );
    let (s, body) = answer_raw(
        &app,
        Some(&token),
        json!({ "message": "", "documents": [{ "name": "scan.png", "content": "not base64!" }] })
            .to_string()
            .as_bytes(),
    )
    .await;
    assert_eq!(s, 422, "{body}");
    assert_eq!(
        body["error"],
        "\"scan.png\" could not be read. Choose the file again."
    );
    // A made-up token is the expired form's answer.
    let (s, body) = answer(
        &app,
        &new_token().unwrap().0,
        "Hello there, my answer.",
        &[],
    )
    .await;
    assert_eq!(s, 401, "{body}");
    assert_eq!(answers_stored(&app).await, (0, 0));
    assert_eq!(status(&app, &reference).await, "information_requested");

    // The answer: a message, a PDF and a PNG.
    let (s, body) = answer(
        &app,
        &token,
        "Here is my passport (Zqxanswer).",
        &[pdf("Zqxdocument"), png()],
    )
    .await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(body["status"], "information_received");
    assert_eq!(
        body["wording"]["headline"],
        "We've received your information"
    );
    assert!(body["answer"].is_null());
    assert_eq!(status(&app, &reference).await, "information_received");
    assert_eq!(answers_stored(&app).await, (1, 2));
    // Stored encrypted: the document's words are nowhere in its row.
    assert_eq!(
        query_i64(
            &app.db,
            "SELECT count(*) FROM information_documents WHERE position('Zqxdocument' IN encode(ciphertext, 'escape')) > 0",
            &[]
        )
        .await,
        0
    );
    // Once only.
    let (s, body) = answer(&app, &token, "And once more.", &[png()]).await;
    assert_eq!(s, 409, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("already have your answer")
    );
    assert_eq!(answers_stored(&app).await, (1, 2));
    assert_eq!(
        query_i64(
            &app.db,
            "SELECT count(*) FROM staff_audit WHERE action = 'application.information_received' AND staff_id IS NULL AND application_reference = $1",
            &[&reference]
        )
        .await,
        1
    );
    // The status page says so; it offers no form and shows no document.
    let view = open_status(&app, &reference, "jane@example.com").await;
    assert_eq!(view["status"], "information_received");
    assert!(view["answer"].is_null());
    assert!(!view.to_string().contains("Zqx"));

    // Back in the staff's open queue, marked.
    let queue = staff_get_raw(&app, Some(&ann), "/api/staff/applications")
        .await
        .json();
    let row = queue["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["reference"] == reference.as_str())
        .unwrap()
        .clone();
    assert_eq!(row["status_label"], "Information received");

    // Staff see the answer and download each document, audited.
    let listed = staff_get_raw(
        &app,
        Some(&ann),
        &format!("/api/staff/applications/{reference}/information"),
    )
    .await
    .json();
    let response = &listed["responses"][0];
    assert_eq!(response["message"], "Here is my passport (Zqxanswer).");
    let documents = response["documents"].as_array().unwrap();
    assert_eq!(documents.len(), 2);
    assert!(
        documents[0]["label"]
            .as_str()
            .unwrap()
            .starts_with("Document 1 (PDF, ")
    );
    assert_eq!(documents[1]["content_type"], "image/png");
    let id = documents[0]["id"].as_i64().unwrap();
    let path = format!("/api/staff/applications/{reference}/documents/{id}");
    let file = staff_get_raw(&app, Some(&ann), &path).await;
    assert_eq!(file.status, 200);
    assert_eq!(file.body, pdf("Zqxdocument"));
    assert_eq!(file.header("content-type"), Some("application/pdf"));
    let disposition = file.header("content-disposition").unwrap();
    assert!(
        disposition.starts_with("attachment; filename=\""),
        "{disposition}"
    );
    assert!(disposition.ends_with(".pdf\""), "{disposition}");
    assert_eq!(file.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(file.header("cache-control"), Some("no-store"));
    // The sandbox the download sets is the policy the browser gets (the site-wide headers
    // added around it don't replace it), once; the site's other headers are still there.
    let policies: Vec<&str> = file
        .headers
        .iter()
        .filter(|(n, _)| n == "content-security-policy")
        .map(|(_, v)| v.as_str())
        .collect();
    assert_eq!(policies, ["default-src 'none'; sandbox"]);
    assert_eq!(file.header("x-frame-options"), Some("DENY"));
    assert!(file.header("strict-transport-security").is_some());
    // Any other answer keeps the site's policy.
    let page = staff_get_raw(&app, Some(&ann), "/api/staff/me").await;
    assert!(
        page.header("content-security-policy")
            .unwrap()
            .contains("default-src 'self'")
    );
    assert_eq!(
        query_i64(
            &app.db,
            "SELECT count(*) FROM staff_audit WHERE action = 'application.document_downloaded' AND staff_id IS NOT NULL AND application_reference = $1",
            &[&reference]
        )
        .await,
        1
    );
    // Not for an administrator, nobody signed out, nor through another application's reference.
    assert_eq!(staff_get_raw(&app, Some(&admin), &path).await.status, 403);
    assert_eq!(app.request("GET", &path, &[], b"").await.status, 401);
    let other = submit(&app, "other@example.com").await;
    assert_eq!(
        staff_get_raw(
            &app,
            Some(&ann),
            &format!("/api/staff/applications/{other}/documents/{id}")
        )
        .await
        .status,
        404
    );
    // A link from another site is refused before anything is read.
    let cross = app
        .request(
            "GET",
            &path,
            &[("cookie", ann.as_str()), ("sec-fetch-site", "cross-site")],
            b"",
        )
        .await;
    assert_eq!(cross.status, 403);
    // The reviewer carries on: staff may act under "information received" as under review.
    let done = act(
        &app,
        &ann,
        &reference,
        json!({"action": "approve", "rationale": RATIONALE}),
    )
    .await;
    assert_eq!(done["status"], "approved");
}

#[tokio::test]
async fn an_expired_form_or_a_request_no_longer_waiting_refuses_the_answer_and_stores_nothing() {
    let app = spawn_app().await;
    let (_, ann) = staff_member(&app, "ann", &["approver"]).await;
    let reference = submit(&app, "sam@example.com").await;
    act(
        &app,
        &ann,
        &reference,
        json!({"action": "request_information", "message": "Please send a recent payslip."}),
    )
    .await;
    let view = open_status(&app, &reference, "sam@example.com").await;
    let token = view["answer"]["token"].as_str().unwrap().to_owned();
    app.db
        .execute(
            "UPDATE application_status_links SET answer_expires_at = now() - interval '1 minute'",
            &[],
        )
        .await
        .unwrap();
    let (s, body) = answer(&app, &token, "My payslip is attached.", &[pdf("p")]).await;
    assert_eq!(s, 401, "{body}");
    let words = body["error"].as_str().unwrap();
    assert!(
        words.contains("expired") && words.contains("60 minutes"),
        "{words}"
    );
    assert!(words.contains("Your message is still here"), "{words}");

    // A fresh form, but the reviewer resumed the review meanwhile (the applicant phoned).
    let view = open_status(&app, &reference, "sam@example.com").await;
    let token = view["answer"]["token"].as_str().unwrap().to_owned();
    act(&app, &ann, &reference, json!({"action": "resume_review"})).await;
    let (s, body) = answer(&app, &token, "My payslip is attached.", &[pdf("p")]).await;
    assert_eq!(s, 409, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("no longer waiting for information"),
        "{body}"
    );
    assert_eq!(answers_stored(&app).await, (0, 0));
    assert_eq!(status(&app, &reference).await, "under_review");
}

#[tokio::test]
async fn a_form_answers_only_the_request_it_was_opened_for_and_a_short_note_goes_with_a_file() {
    let app = spawn_app().await;
    let (_, ann) = staff_member(&app, "ann", &["approver"]).await;
    let reference = submit(&app, "kim@example.com").await;
    act(
        &app,
        &ann,
        &reference,
        json!({"action": "request_information", "message": "Please send a recent payslip."}),
    )
    .await;
    let first = open_status(&app, &reference, "kim@example.com").await;
    let stale = first["answer"]["token"].as_str().unwrap().to_owned();
    assert_eq!(
        first["information_request"],
        "Please send a recent payslip."
    );
    // The help beside the message is core's rule.
    assert_eq!(
        first["answer"]["message_help"],
        banksia_core::review::information::ANSWER_MESSAGE_HELP
    );
    // The reviewer takes the case back and asks for something else; the first form is still
    // open in the applicant's tab, within its time.
    act(&app, &ann, &reference, json!({"action": "resume_review"})).await;
    act(
        &app,
        &ann,
        &reference,
        json!({"action": "request_information", "message": "Please send your passport's photo page."}),
    )
    .await;
    let (s, body) = answer(&app, &stale, "My payslip is attached.", &[pdf("payslip")]).await;
    assert_eq!(s, 409, "{body}");
    let words = body["error"].as_str().unwrap();
    assert!(words.contains("earlier request"), "{words}");
    assert!(words.contains("Your message is still here"), "{words}");
    assert_eq!(answers_stored(&app).await, (0, 0));
    assert_eq!(status(&app, &reference).await, "information_requested");

    // The link opened again shows the new request, and its form takes the answer: a PNG
    // with a note too short to be a message on its own ("Attached"), as the help says.
    let second = open_status(&app, &reference, "kim@example.com").await;
    assert_eq!(
        second["information_request"],
        "Please send your passport's photo page."
    );
    let token = second["answer"]["token"].as_str().unwrap().to_owned();
    let (s, body) = answer(&app, &token, "Attached", &[]).await;
    assert_eq!(s, 422, "a short note alone is not an answer: {body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("at least 10 characters")
    );
    let (s, body) = answer(&app, &token, "Attached", &[png()]).await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(answers_stored(&app).await, (1, 1));
    // The old form stays refused: the answer it would give is about the earlier request.
    let (s, _) = answer(&app, &stale, "My payslip is attached.", &[pdf("payslip")]).await;
    assert_eq!(s, 409);
}

#[tokio::test]
async fn the_declined_status_page_repeats_the_decline_emails_reason() {
    // Every reason's link asked for and opened from one address: room for them all.
    let app = common::spawn_app_with(&common::CLUSTER, |c| c.staff.sign_in_per_minute = 60).await;
    let (_, ann) = staff_member(&app, "ann", &["approver"]).await;
    for reason in banksia_core::review::DeclineReason::ALL {
        let email = format!("{}@example.com", reason.as_str().replace('_', "."));
        let reference = submit(&app, &email).await;
        act(
            &app,
            &ann,
            &reference,
            json!({"action": "decline", "reason": reason.as_str(), "rationale": RATIONALE}),
        )
        .await;
        let view = open_status(&app, &reference, &email).await;
        assert_eq!(view["status"], "declined");
        let words = reason.applicant_explanation();
        assert_eq!(view["decline"]["reason"], words.reason);
        assert_eq!(view["decline"]["next_step"], words.next_step);
        // The very words of the email the applicant was sent.
        let text: String = app
            .db
            .query_one(
                "SELECT text_body FROM application_emails WHERE reference = $1 AND kind = 'decision'",
                &[&reference],
            )
            .await
            .unwrap()
            .get(0);
        for said in [
            view["decline"]["reason"].as_str().unwrap(),
            view["decline"]["next_step"].as_str().unwrap(),
        ] {
            assert!(text.contains(said), "{said}");
        }
        let complaints = view["decline"]["complaints"].as_array().unwrap();
        assert_eq!(complaints.len(), 2);
        assert!(complaints[1].as_str().unwrap().contains("afca.org.au"));
    }
    // Other statuses carry no decline.
    let open = submit(&app, "open@example.com").await;
    let view = open_status(&app, &open, "open@example.com").await;
    assert!(view["decline"].is_null(), "{view}");
}

/// Every web link of an email's bodies.
fn web_links(text: &str, html: &str) -> Vec<String> {
    let mut links: Vec<String> = html
        .split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|href| href.starts_with("http"))
        .map(str::to_owned)
        .collect();
    links.extend(
        text.split_whitespace()
            .filter(|w| w.starts_with("http"))
            .map(|w| w.trim_end_matches(['.', ',', ')']).to_owned()),
    );
    links
}

#[tokio::test]
async fn each_change_emails_the_applicant_in_words_with_links_on_the_public_origin() {
    let app = spawn_app().await;
    let (_, ann) = staff_member(&app, "ann", &["approver"]).await;
    let asked = submit(&app, "asked@example.com").await;
    act(
        &app,
        &ann,
        &asked,
        json!({"action": "request_information", "message": "Please send a copy of your licence."}),
    )
    .await;
    let declined = submit(&app, "declined@example.com").await;
    act(
        &app,
        &ann,
        &declined,
        json!({"action": "decline", "reason": "identity_not_verified", "rationale": RATIONALE}),
    )
    .await;
    let withdrawn = submit(&app, "withdrawn@example.com").await;
    act(
        &app,
        &ann,
        &withdrawn,
        json!({"action": "record_withdrawal", "channel": "phone", "requested_at": now_in_sydney()}),
    )
    .await;
    let approved = submit(&app, "approved@example.com").await;
    act(
        &app,
        &ann,
        &approved,
        json!({"action": "approve", "rationale": RATIONALE}),
    )
    .await;

    let origin = origin(&app);
    let email = |reference: String, kind: &'static str| {
        let app = &app;
        async move {
            let row = app
                .db
                .query_one(
                    "SELECT subject, text_body, html_body FROM application_emails
                     WHERE reference = $1 AND kind = $2",
                    &[&reference, &kind],
                )
                .await
                .unwrap();
            (
                row.get::<_, String>(0),
                row.get::<_, String>(1),
                row.get::<_, String>(2),
            )
        }
    };
    let all = [
        email(asked.clone(), "information_requested").await,
        email(declined.clone(), "decision").await,
        email(withdrawn.clone(), "withdrawal").await,
        email(approved.clone(), "decision").await,
    ];
    for (subject, text, html) in &all {
        let links = web_links(text, html);
        assert!(!links.is_empty(), "{subject}");
        for link in links {
            assert!(link.starts_with(&origin), "{subject}: {link}");
        }
        assert!(text.contains(
            "We'll never ask for your password, passkey or full card number by email or phone."
        ));
        assert!(
            text.contains("Please don't reply to this email"),
            "{subject}"
        );
        assert!(html.starts_with("<!DOCTYPE html>"));
    }
    let (subject, text, _) = &all[0];
    assert!(subject.starts_with("We need more information"));
    assert!(text.contains("\n\nWe need more information.\n\n"), "{text}");
    assert!(text.contains(&format!("Go to {origin}/application-status")));
    assert!(text.contains("up to 3 documents (PDF, JPEG or PNG, up to 5 MB each)"));
    assert!(!text.contains("Reply to our email"));
    let (_, text, html) = &all[1];
    assert!(text.contains("We couldn't confirm your identity"), "{text}");
    assert!(!text.contains("Identity could not be verified"));
    for afca in [
        "www.afca.org.au",
        "1800 931 678",
        "info@afca.org.au",
        "GPO Box 3, Melbourne VIC 3001",
    ] {
        assert!(text.contains(afca) && html.contains(afca), "{afca}");
    }
    assert!(!text.contains("emailed you our decision"));
    let (subject, text, _) = &all[2];
    assert!(
        subject.starts_with("Your application was withdrawn"),
        "{subject}"
    );
    assert!(text.contains("If you didn't ask to withdraw"));
}
