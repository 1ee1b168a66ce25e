//! The emails an applicant gets after submitting: an information request, a decision, a
//! status link. Each is queued in `application_emails` in the transaction of the change it
//! announces (unique per application, kind and version: exactly one per change, however many
//! instances run), and sent by the one mail worker (`outbox::run::<ApplicantEmails>`) in every
//! instance, which claims due rows with `FOR UPDATE SKIP LOCKED` and a lease, with the retry
//! policy and deadlines of the confirmation emails. The product and the reference are named;
//! the identification number never is.

use banksia_core::application::AccountType;
use banksia_core::review::events::{EmailKind, StaffEmailKind};
use banksia_core::review::information::{
    ACCEPTED_TYPES, ANSWER_MINUTES, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS,
};
use banksia_core::review::{DeclineReason, Status};
use deadpool_postgres::GenericClient;
use tokio_postgres::Row;

use crate::email::{BANK, RenderedEmail};
use crate::outbox::{ClaimedEmail, EmailQueue};

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// One part of an email's body, rendered both as text and as HTML.
#[derive(Debug, Clone)]
pub enum Block {
    /// A paragraph (line breaks kept).
    Para(String),
    /// A section heading.
    Heading(String),
    /// Words quoted from the bank's staff (an information request), set apart.
    Quote(String),
    /// A numbered list of steps.
    Steps(Vec<String>),
    /// A button: its label and where it goes (always on `PUBLIC_ORIGIN`).
    Button { label: String, href: String },
}

/// An applicant's email about their application's status: the subject and headline from core's
/// wording of it, the greeting, `blocks`, and the applicant footer with its links on `origin`.
fn status_email(
    headline: &str,
    first_name: &str,
    reference: &str,
    account: AccountType,
    blocks: &[Block],
    origin: &str,
) -> RenderedEmail {
    render(
        format!("{headline}: {} application {reference}", account.label()),
        &format!("Hi {first_name},"),
        &format!("{headline}."),
        blocks,
        &applicant_footer(origin),
    )
}

/// The end of every applicant email: where to follow the application, how to reach the bank,
/// that this mailbox is not read, the anti-phishing line and the legal line.
fn applicant_footer(origin: &str) -> Vec<Block> {
    vec![
        Block::Para(format!(
            "Questions? Call us on {} ({}) or email {}, quoting your reference.",
            BANK.phone, BANK.phone_hours, BANK.email
        )),
        Block::Para(format!(
            "Where your application stands: {origin}/application-status"
        )),
        Block::Para(NO_REPLY.to_owned()),
    ]
}

/// Said in every applicant email: the sender is `no-reply@` and no Reply-To is set, since no one
/// reads replies (and email is no place for identity documents).
pub const NO_REPLY: &str = "Please don't reply to this email: replies aren't read.";

/// An email: a greeting, a headline (its own sentence: in HTML a heading), blocks, a footer,
/// then the anti-phishing and legal lines; the HTML branded like the confirmation email. Text
/// is escaped in the HTML; a URL in a paragraph becomes a link there.
pub fn render(
    subject: String,
    greeting: &str,
    headline: &str,
    blocks: &[Block],
    footer: &[Block],
) -> RenderedEmail {
    let mut text = format!("{greeting}\n\n{headline}\n\n");
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en-AU\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n</head>\n\
         <body style=\"margin:0;padding:24px;background:#f4f7f5;font-family:Arial,Helvetica,sans-serif;color:#1b2620;line-height:1.5\">\n\
         <div style=\"max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px\">\n\
         <p style=\"font-size:20px;font-weight:bold;color:#1e6b3c;margin:0 0 16px\">{bank}</p>\n\
         <p>{greeting}</p>\n\
         <h1 style=\"font-size:22px;margin:16px 0\">{headline}</h1>\n",
        title = escape(&subject),
        bank = escape(BANK.name),
        greeting = escape(greeting),
        headline = escape(headline),
    );
    let mut add = |block: &Block, small: bool| {
        let style = if small {
            " style=\"font-size:14px;color:#4a5a50\""
        } else {
            ""
        };
        match block {
            Block::Para(p) => {
                text.push_str(p);
                text.push_str("\n\n");
                html.push_str(&format!("<p{style}>{}</p>\n", linked(p)));
            }
            Block::Heading(h) => {
                text.push_str(&h.to_uppercase());
                text.push_str("\n\n");
                html.push_str(&format!(
                    "<h2 style=\"font-size:18px;margin:20px 0 8px\">{}</h2>\n",
                    escape(h)
                ));
            }
            Block::Quote(q) => {
                for line in q.lines() {
                    text.push_str("  | ");
                    text.push_str(line);
                    text.push('\n');
                }
                text.push('\n');
                html.push_str(&format!(
                    "<blockquote style=\"margin:12px 0;padding:8px 16px;border-left:4px solid #1e6b3c;background:#f4f7f5;white-space:pre-line\">{}</blockquote>\n",
                    escape(q)
                ));
            }
            Block::Steps(steps) => {
                html.push_str("<ol style=\"padding-left:20px\">");
                for (i, step) in steps.iter().enumerate() {
                    text.push_str(&format!("{}. {step}\n", i + 1));
                    html.push_str(&format!(
                        "<li style=\"margin:0 0 8px\">{}</li>",
                        linked(step)
                    ));
                }
                text.push('\n');
                html.push_str("</ol>\n");
            }
            Block::Button { label, href } => {
                text.push_str(&format!("{label}: {href}\n\n"));
                html.push_str(&format!(
                    "<p style=\"margin:20px 0\"><a href=\"{href}\" style=\"display:inline-block;background:#1e6b3c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px\">{label}</a></p>\n",
                    href = escape(href),
                    label = escape(label)
                ));
            }
        }
    };
    for block in blocks {
        add(block, false);
    }
    for block in footer {
        add(block, true);
    }
    text.push_str(&format!(
        "{}\n\n{}\n",
        banksia_core::contact::ANTI_PHISHING,
        BANK.legal_line
    ));
    html.push_str(&format!(
        "<p style=\"font-size:13px;color:#4a5a50\"><strong>{}</strong></p>\n\
         <p style=\"font-size:12px;color:#4a5a50\">{}</p>\n</div>\n</body>\n</html>\n",
        escape(banksia_core::contact::ANTI_PHISHING),
        escape(BANK.legal_line)
    ));
    RenderedEmail {
        subject,
        text,
        html,
    }
}

/// A paragraph as HTML: escaped, line breaks kept, and each `http(s)://` word a link to itself.
fn linked(text: &str) -> String {
    let mut out = String::new();
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push_str("<br>");
        }
        let mut first = true;
        for word in line.split(' ') {
            if !first {
                out.push(' ');
            }
            first = false;
            let bare = word.trim_end_matches(['.', ',', ')', ':']);
            if bare.starts_with("https://") || bare.starts_with("http://") {
                let rest = &word[bare.len()..];
                out.push_str(&format!(
                    "<a href=\"{url}\" style=\"color:#1e6b3c\">{url}</a>{}",
                    escape(rest),
                    url = escape(bare)
                ));
            } else {
                out.push_str(&escape(word));
            }
        }
    }
    out
}

/// The application as an email names it.
fn about(account: AccountType, reference: &str) -> String {
    format!(
        "This is about your {} application, reference {reference}.",
        account.label()
    )
}

/// The email asking for more information: the message, and exactly how to answer (the status
/// page, what can be sent), never by replying.
pub fn information_request_email(
    first_name: &str,
    reference: &str,
    account: AccountType,
    message: &str,
    origin: &str,
) -> RenderedEmail {
    let words = Status::InformationRequested.applicant_wording();
    let page = format!("{origin}/application-status");
    let blocks = vec![
        Block::Para(about(account, reference)),
        Block::Para(words.explanation.replace(" Our message is below.", "")),
        Block::Heading("Our message".into()),
        Block::Quote(message.to_owned()),
        Block::Heading("How to answer".into()),
        Block::Steps(vec![
            format!("Go to {page} and enter your reference ({reference}) and this email address."),
            format!(
                "We'll email you a link to your application. Open it within {} minutes: it works once.",
                super::status::LINK_MINUTES
            ),
            format!(
                "On the page it opens, write your answer and attach up to {} documents ({}, up to {} MB each). Send it within {} minutes of opening the link.",
                MAX_DOCUMENTS,
                ACCEPTED_TYPES,
                MAX_DOCUMENT_BYTES / (1024 * 1024),
                ANSWER_MINUTES
            ),
        ]),
        Block::Button {
            label: "Answer on our website".into(),
            href: page,
        },
        Block::Para(format!(
            "Please don't send documents by email: it isn't a safe way to send them. If you can't use the page, call us on {} ({}) quoting your reference.",
            BANK.phone, BANK.phone_hours
        )),
    ];
    status_email(
        words.headline,
        first_name,
        reference,
        account,
        &blocks,
        origin,
    )
}

/// The approval email.
pub fn approved_email(
    first_name: &str,
    reference: &str,
    account: AccountType,
    origin: &str,
) -> RenderedEmail {
    let words = Status::Approved.applicant_wording();
    status_email(
        words.headline,
        first_name,
        reference,
        account,
        &[
            Block::Para(about(account, reference)),
            Block::Para(words.explanation.to_owned()),
            Block::Para(words.next_step.to_owned()),
        ],
        origin,
    )
}

/// The decline email: the reason in plain words at the level of its category, what the
/// applicant can do next, and how to complain (the bank first, then AFCA).
pub fn declined_email(
    first_name: &str,
    reference: &str,
    account: AccountType,
    reason: DeclineReason,
    origin: &str,
) -> RenderedEmail {
    let words = Status::Declined.applicant_wording();
    let why = reason.applicant_explanation();
    let [ours, afca] = banksia_core::contact::complaint_path();
    status_email(
        words.headline,
        first_name,
        reference,
        account,
        &[
            Block::Para(about(account, reference)),
            Block::Para(words.explanation.to_owned()),
            Block::Heading("Why".into()),
            Block::Para(why.reason.to_owned()),
            Block::Heading("What you can do next".into()),
            Block::Para(why.next_step.to_owned()),
            Block::Heading("If you want to talk about it or complain".into()),
            Block::Para(ours),
            Block::Para(afca),
        ],
        origin,
    )
}

/// The email confirming a withdrawal the bank recorded.
pub fn withdrawal_email(
    first_name: &str,
    reference: &str,
    account: AccountType,
    origin: &str,
) -> RenderedEmail {
    let words = Status::Withdrawn.applicant_wording();
    status_email(
        words.headline,
        first_name,
        reference,
        account,
        &[
            Block::Para(about(account, reference)),
            Block::Para(format!(
                "{} We won't open the account, and we won't contact you about this application again.",
                words.explanation
            )),
            Block::Para(words.next_step.to_owned()),
            Block::Button {
                label: "Apply again".into(),
                href: format!("{origin}/apply/"),
            },
            Block::Para(format!(
                "If you didn't ask to withdraw, call us on {} ({}) today, quoting your reference.",
                BANK.phone, BANK.phone_hours
            )),
        ],
        origin,
    )
}

/// The applicant email of `kind` about an application in `status`; none for a kind that is
/// not about a staff change (the confirmation, a status link).
#[allow(clippy::too_many_arguments)]
pub fn applicant_email(
    kind: EmailKind,
    first_name: &str,
    reference: &str,
    account: AccountType,
    status: Status,
    information_request: Option<&str>,
    decline_reason: Option<DeclineReason>,
    origin: &str,
) -> Option<RenderedEmail> {
    match (kind, status) {
        (EmailKind::InformationRequested, _) => Some(information_request_email(
            first_name,
            reference,
            account,
            information_request.unwrap_or_default(),
            origin,
        )),
        (EmailKind::Decision, Status::Approved) => {
            Some(approved_email(first_name, reference, account, origin))
        }
        (EmailKind::Decision, Status::Declined) => decline_reason
            .map(|reason| declined_email(first_name, reference, account, reason, origin)),
        (EmailKind::Withdrawal, _) => {
            Some(withdrawal_email(first_name, reference, account, origin))
        }
        _ => None,
    }
}

/// The email with a one-time status link.
pub fn status_link_email(
    reference: &str,
    account: AccountType,
    link: &str,
    origin: &str,
) -> RenderedEmail {
    render(
        format!("Your link to check application {reference}"),
        "Hello,",
        "Here's your link to check your application.",
        &[
            Block::Para(format!(
                "You asked to check the status of your {} application, reference {reference}.",
                account.label()
            )),
            Block::Para(format!(
                "Open it within {} minutes. It works once.",
                super::status::LINK_MINUTES
            )),
            Block::Button {
                label: "Check my application".into(),
                href: link.to_owned(),
            },
            Block::Para("If you didn't ask for this, you can ignore this email.".to_owned()),
        ],
        &applicant_footer(origin),
    )
}

/// Queues the applicant email of `kind` for the application's `version` (once: a second queue
/// of the same change does nothing), rendered from the application as it now stands.
pub async fn queue<C: GenericClient>(
    client: &C,
    reference: &str,
    kind: EmailKind,
    version: i32,
    recipient: &str,
    first_name: &str,
    origin: &str,
) -> Result<(), tokio_postgres::Error> {
    let row = client
        .query_one(
            "SELECT application_type, status, information_request, decline_reason
             FROM account_applications WHERE reference = $1",
            &[&reference],
        )
        .await?;
    let account: AccountType = row.try_get("application_type")?;
    let status: Status = row.try_get("status")?;
    let message: Option<String> = row.try_get("information_request")?;
    let reason: Option<DeclineReason> = row.try_get("decline_reason")?;
    let Some(email) = applicant_email(
        kind,
        first_name,
        reference,
        account,
        status,
        message.as_deref(),
        reason,
        origin,
    ) else {
        return Ok(());
    };
    insert(client, reference, kind, version, recipient, &email).await
}

/// Queues an email as rendered.
pub async fn insert<C: GenericClient>(
    client: &C,
    reference: &str,
    kind: EmailKind,
    version: i32,
    recipient: &str,
    email: &RenderedEmail,
) -> Result<(), tokio_postgres::Error> {
    client
        .execute(
            "INSERT INTO application_emails (reference, kind, version, recipient, subject, text_body, html_body)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (reference, kind, version) DO NOTHING",
            &[&reference, &kind, &version, &recipient, &email.subject, &email.text, &email.html],
        )
        .await?;
    Ok(())
}

/// The statements of an outbox table whose rows hold the rendered email: claim the next due
/// row (returning `$returning`), and on the outcome erase the address and the message, once
/// sent or given up (they may quote an information request); the error class stays.
macro_rules! outbox_statements {
    ($table:literal, $returning:literal) => {
        const CLAIM: &'static str = concat!(
            "UPDATE ",
            $table,
            "
SET attempts = attempts + 1, locked_until = now() + make_interval(secs => $1)
WHERE id = (
    SELECT id FROM ",
            $table,
            "
    WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
      AND (locked_until IS NULL OR locked_until < now())
    ORDER BY next_attempt_at, id
    LIMIT 1
    FOR UPDATE SKIP LOCKED)
RETURNING ",
            $returning
        );
        const MARK_SENT: &'static str = concat!(
            "UPDATE ",
            $table,
            "
SET sent_at = now(), locked_until = NULL,
    recipient = NULL, subject = NULL, text_body = NULL, html_body = NULL
WHERE id = $1"
        );
        const MARK_FAILED: &'static str = concat!(
            "UPDATE ",
            $table,
            "
SET last_error = $2, locked_until = NULL,
    next_attempt_at = now() + make_interval(secs => $3),
    failed_at = CASE WHEN $4 THEN now() END,
    recipient = CASE WHEN $4 THEN NULL ELSE recipient END,
    subject = CASE WHEN $4 THEN NULL ELSE subject END,
    text_body = CASE WHEN $4 THEN NULL ELSE text_body END,
    html_body = CASE WHEN $4 THEN NULL ELSE html_body END
WHERE id = $1"
        );
    };
}

/// The applicant's emails of `application_emails`, for the one mail worker.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApplicantEmails;

impl EmailQueue for ApplicantEmails {
    const WHAT: &'static str = "applicant email";
    outbox_statements!(
        "application_emails",
        "id, reference, kind, version, recipient, subject, text_body, html_body, attempts"
    );

    fn claimed(&self, row: &Row) -> Result<ClaimedEmail, tokio_postgres::Error> {
        let reference: String = row.try_get("reference")?;
        let kind: EmailKind = row.try_get("kind")?;
        let version: i32 = row.try_get("version")?;
        Ok(ClaimedEmail {
            id: row.try_get("id")?,
            recipient: row.try_get("recipient")?,
            email: RenderedEmail {
                subject: row.try_get("subject")?,
                text: row.try_get("text_body")?,
                html: row.try_get("html_body")?,
            },
            attempts: row.try_get("attempts")?,
            message_id: format!("<{reference}.{kind}.{version}@banksia.bank>"),
        })
    }
}

/// A security notice to a staff member about their own account: who did what, and what to do
/// if it wasn't asked for. Staff emails carry no applicant data.
pub fn staff_security_email(
    display_name: &str,
    kind: StaffEmailKind,
    by: &str,
    console: &str,
) -> RenderedEmail {
    let (subject, what) = match kind {
        StaffEmailKind::RecoveryStarted => (
            "A passkey recovery was started for your staff account",
            format!(
                "{by} started a passkey recovery for your Banksia Bank staff account. Once a second administrator confirms it, the recovery link adds a new passkey to your account."
            ),
        ),
        StaffEmailKind::PasskeyAdded => (
            "A new passkey was added to your staff account",
            "A new passkey was added to your Banksia Bank staff account through a recovery link. It can now sign in as you.".to_owned(),
        ),
    };
    let blocks = [
        Block::Para(what),
        Block::Para("If you asked for this, there is nothing more to do. If you didn't, tell an administrator and the security team today: they can deactivate the account, which ends every session and cancels pending changes.".to_owned()),
        Block::Para(format!("The staff console: {console}")),
    ];
    render(
        subject.to_owned(),
        &format!("Hi {display_name},"),
        &format!("{subject}."),
        &blocks,
        &[],
    )
}

/// Queues a security notice to staff member `staff_id` (their address and name read in the
/// same transaction as the change it announces).
pub async fn queue_staff_notice<C: GenericClient>(
    client: &C,
    staff_id: i64,
    kind: StaffEmailKind,
    by: &str,
    console: &str,
) -> Result<(), tokio_postgres::Error> {
    let row = client
        .query_one(
            "SELECT email, display_name FROM staff WHERE id = $1",
            &[&staff_id],
        )
        .await?;
    let recipient: String = row.try_get("email")?;
    let display_name: String = row.try_get("display_name")?;
    let email = staff_security_email(&display_name, kind, by, console);
    client
        .execute(
            "INSERT INTO staff_emails (staff_id, kind, recipient, subject, text_body, html_body)
             VALUES ($1, $2, $3, $4, $5, $6)",
            &[
                &staff_id,
                &kind,
                &recipient,
                &email.subject,
                &email.text,
                &email.html,
            ],
        )
        .await?;
    Ok(())
}

/// The staff members' security notices of `staff_emails`, for a mail worker of their own.
#[derive(Debug, Clone, Copy, Default)]
pub struct StaffNotices;

impl EmailQueue for StaffNotices {
    const WHAT: &'static str = "staff security notice";
    outbox_statements!(
        "staff_emails",
        "id, staff_id, kind, recipient, subject, text_body, html_body, attempts"
    );

    fn claimed(&self, row: &Row) -> Result<ClaimedEmail, tokio_postgres::Error> {
        let id: i64 = row.try_get("id")?;
        let kind: StaffEmailKind = row.try_get("kind")?;
        Ok(ClaimedEmail {
            id,
            recipient: row.try_get("recipient")?,
            email: RenderedEmail {
                subject: row.try_get("subject")?,
                text: row.try_get("text_body")?,
                html: row.try_get("html_body")?,
            },
            attempts: row.try_get("attempts")?,
            message_id: format!("<staff.{id}.{kind}@banksia.bank>"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORIGIN: &str = "https://bank.example:8443";

    /// Every web link of an email (`href="http…"` in the HTML, `http…` words in the text).
    fn web_links(email: &RenderedEmail) -> Vec<String> {
        let mut links: Vec<String> = email
            .html
            .split("href=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .filter(|href| href.starts_with("http"))
            .map(str::to_owned)
            .collect();
        links.extend(
            email
                .text
                .split_whitespace()
                .filter(|w| w.starts_with("http"))
                .map(|w| w.trim_end_matches(['.', ',', ')']).to_owned()),
        );
        links
    }

    fn every_kind() -> Vec<(&'static str, RenderedEmail)> {
        vec![
            (
                "information request",
                information_request_email(
                    "Jane",
                    "BKS-ABC",
                    AccountType::BusinessSavings,
                    "Please send <your> licence.\nBoth sides.",
                    ORIGIN,
                ),
            ),
            (
                "approved",
                approved_email("Jane", "BKS-ABC", AccountType::Savings, ORIGIN),
            ),
            (
                "declined",
                declined_email(
                    "Jane",
                    "BKS-ABC",
                    AccountType::Savings,
                    DeclineReason::IdentityNotVerified,
                    ORIGIN,
                ),
            ),
            (
                "withdrawal",
                withdrawal_email("Jane", "BKS-ABC", AccountType::Checking, ORIGIN),
            ),
            (
                "status link",
                status_link_email(
                    "BKS-ABC",
                    AccountType::Savings,
                    &format!("{ORIGIN}/application-status/#token=abc"),
                    ORIGIN,
                ),
            ),
        ]
    }

    #[test]
    fn every_email_is_branded_links_only_to_the_public_origin_and_warns_of_phishing() {
        for (kind, email) in every_kind() {
            assert!(email.html.starts_with("<!DOCTYPE html>"), "{kind}");
            assert!(email.html.contains("#1e6b3c"), "{kind}: the bank's colours");
            assert!(email.subject.contains("BKS-ABC"), "{kind}");
            let links = web_links(&email);
            assert!(!links.is_empty(), "{kind}: no link");
            for link in links {
                assert!(link.starts_with(ORIGIN), "{kind}: {link}");
            }
            for body in [&email.text, &email.html] {
                assert!(
                    body.contains("never ask for your password, passkey or full card number"),
                    "{kind}"
                );
                assert!(body.contains(BANK.legal_line), "{kind}");
            }
            assert!(email.text.contains(NO_REPLY), "{kind}");
            // The headline is a sentence of its own, not run into the next one.
            let headline = email.text.split("\n\n").nth(1).unwrap();
            assert!(headline.ends_with('.'), "{kind}: {headline}");
        }
    }

    #[test]
    fn the_information_request_says_exactly_how_to_answer_and_quotes_the_message() {
        let email = information_request_email(
            "Jane",
            "BKS-ABC",
            AccountType::BusinessSavings,
            "Please send <your> licence.",
            ORIGIN,
        );
        assert!(email.subject.contains("Business Savings"));
        assert!(email.text.contains("\n\nWe need more information.\n\n"));
        assert!(email.text.contains("Please send <your> licence."));
        assert!(email.html.contains("Please send &lt;your&gt; licence."));
        let go_to = format!("Go to {ORIGIN}/application-status and enter your reference (BKS-ABC)");
        for needed in [
            go_to.as_str(),
            "attach up to 3 documents (PDF, JPEG or PNG, up to 5 MB each)",
            "within 30 minutes",
            "Please don't send documents by email",
        ] {
            assert!(email.text.contains(needed), "{needed}");
        }
        assert!(email.html.contains(&format!(
            "<a href=\"{ORIGIN}/application-status\" style=\"display:inline-block"
        )));
        assert!(!email.text.contains("Reply to our email"));
    }

    #[test]
    fn the_decline_gives_the_reason_what_next_and_the_complaint_path() {
        for reason in DeclineReason::ALL {
            let email = declined_email("Jane", "BKS-ABC", AccountType::Savings, reason, ORIGIN);
            let words = reason.applicant_explanation();
            assert!(email.text.contains(words.reason), "{reason:?}");
            assert!(email.text.contains(words.next_step), "{reason:?}");
            assert!(email.html.contains(&escape(words.reason)), "{reason:?}");
            assert!(email.html.contains(&escape(words.next_step)), "{reason:?}");
            for body in [&email.text, &email.html] {
                for afca in [
                    "www.afca.org.au",
                    "1800 931 678",
                    "info@afca.org.au",
                    "GPO Box 3, Melbourne VIC 3001",
                ] {
                    assert!(body.contains(afca), "{afca}");
                }
                assert!(!body.to_lowercase().contains("emailed you our decision"));
                // The internal label staff chose is not what the applicant reads.
                assert!(!body.contains(reason.label()), "{reason:?}");
            }
        }
    }

    #[test]
    fn the_withdrawal_confirms_and_says_what_if_it_was_not_asked_for() {
        let email = withdrawal_email("Jane", "BKS-ABC", AccountType::Checking, ORIGIN);
        assert!(email.text.contains("Your application was withdrawn."));
        assert!(
            email
                .text
                .contains("If you didn't ask to withdraw, call us on 13 22 65")
        );
        assert!(email.html.contains(&format!("href=\"{ORIGIN}/apply/\"")));
    }

    #[test]
    fn each_staff_change_has_its_email_and_nothing_else_does() {
        let email = |kind, status, reason| {
            applicant_email(
                kind,
                "Jane",
                "BKS-ABC",
                AccountType::Savings,
                status,
                Some("Please send it."),
                reason,
                ORIGIN,
            )
        };
        assert!(
            email(
                EmailKind::InformationRequested,
                Status::InformationRequested,
                None
            )
            .is_some()
        );
        assert!(email(EmailKind::Decision, Status::Approved, None).is_some());
        assert!(
            email(
                EmailKind::Decision,
                Status::Declined,
                Some(DeclineReason::NotEligible)
            )
            .is_some()
        );
        assert!(email(EmailKind::Withdrawal, Status::Withdrawn, None).is_some());
        assert!(email(EmailKind::Decision, Status::UnderReview, None).is_none());
        assert!(email(EmailKind::Confirmation, Status::UnderReview, None).is_none());
    }
}
