//! The emails an applicant gets after submitting: an information request, a decision, a
//! status link. Each is queued in `application_emails` in the transaction of the change it
//! announces (unique per application, kind and version: exactly one per change, however many
//! instances run), and sent by the one mail worker (`outbox::run::<ApplicantEmails>`) in every
//! instance, which claims due rows with `FOR UPDATE SKIP LOCKED` and a lease, with the retry
//! policy and deadlines of the confirmation emails. The product and the reference are named;
//! the identification number never is.

use banksia_core::application::AccountType;
use banksia_core::review::Status;
use banksia_core::review::events::{EmailKind, StaffEmailKind};
use deadpool_postgres::GenericClient;
use tokio_postgres::Row;

use crate::email::{BANK, RenderedEmail};
use crate::outbox::{ClaimedEmail, EmailQueue};

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The applicant emails' footer: where to follow the application and how to reach the bank.
fn applicant_footer() -> String {
    format!(
        "Where your application stands: {}/application-status\nQuestions? Call us on {} ({}) or email {}.\n{}",
        BANK.site_url, BANK.phone, BANK.phone_hours, BANK.email, BANK.legal_line
    )
}

/// An email of a greeting, paragraphs and a footer, as text and as HTML (escaped, line breaks
/// kept).
fn render(subject: String, greeting: &str, paragraphs: &[String], footer: &str) -> RenderedEmail {
    let mut text = format!("{greeting}\n\n");
    let mut html = format!(
        "<!doctype html><html lang=\"en\"><body style=\"font-family:sans-serif\"><p>{}</p>",
        escape(greeting)
    );
    for p in paragraphs {
        text.push_str(p);
        text.push_str("\n\n");
        html.push_str("<p>");
        html.push_str(&escape(p).replace('\n', "<br>"));
        html.push_str("</p>");
    }
    text.push_str(footer);
    text.push('\n');
    html.push_str(&format!(
        "<p>{}</p></body></html>",
        escape(footer).replace('\n', "<br>")
    ));
    RenderedEmail {
        subject,
        text,
        html,
    }
}

/// The email telling an applicant where their application stands now (core's wording).
pub fn status_email(
    first_name: &str,
    reference: &str,
    account: AccountType,
    status: Status,
    information_request: Option<&str>,
) -> RenderedEmail {
    let words = status.applicant_wording();
    let subject = format!(
        "{}: {} application {reference}",
        words.headline,
        account.label()
    );
    let mut paragraphs = vec![
        format!(
            "This is about your {} application, reference {reference}.",
            account.label()
        ),
        format!("{} {}", words.headline, words.explanation),
    ];
    if let (Status::InformationRequested, Some(message)) = (status, information_request) {
        paragraphs.push(format!("Our message:\n{message}"));
    }
    paragraphs.push(words.next_step.to_owned());
    render(
        subject,
        &format!("Hi {first_name},"),
        &paragraphs,
        &applicant_footer(),
    )
}

/// The email with a one-time status link.
pub fn status_link_email(reference: &str, account: AccountType, link: &str) -> RenderedEmail {
    render(
        format!("Your link to check application {reference}"),
        "Hello,",
        &[
            format!(
                "You asked to check the status of your {} application, reference {reference}.",
                account.label()
            ),
            format!("Open this link within 30 minutes. It works once:\n{link}"),
            "If you didn't ask for this, you can ignore this email.".to_owned(),
        ],
        &applicant_footer(),
    )
}

/// Queues the status email of `kind` for the application's `version` (once: a second queue
/// of the same change does nothing).
pub async fn queue<C: GenericClient>(
    client: &C,
    reference: &str,
    kind: EmailKind,
    version: i32,
    recipient: &str,
    first_name: &str,
) -> Result<(), tokio_postgres::Error> {
    let row = client
        .query_one(
            "SELECT application_type, status, information_request FROM account_applications
             WHERE reference = $1",
            &[&reference],
        )
        .await?;
    let account: AccountType = row.try_get("application_type")?;
    let status: Status = row.try_get("status")?;
    let message: Option<String> = row.try_get("information_request")?;
    let email = status_email(first_name, reference, account, status, message.as_deref());
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

    fn claimed(row: &Row) -> Result<ClaimedEmail, tokio_postgres::Error> {
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
    let paragraphs = [
        what,
        "If you asked for this, there is nothing more to do. If you didn't, tell an administrator and the security team today: they can deactivate the account, which ends every session and cancels pending changes.".to_owned(),
        format!("The staff console: {console}"),
    ];
    let footer = format!(
        "{} will never ask for your passkey or a code by email.\n{}",
        BANK.name, BANK.legal_line
    );
    render(
        subject.to_owned(),
        &format!("Hi {display_name},"),
        &paragraphs,
        &footer,
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

    fn claimed(row: &Row) -> Result<ClaimedEmail, tokio_postgres::Error> {
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

    #[test]
    fn status_emails_name_product_and_reference_and_quote_the_request() {
        let email = status_email(
            "Jane",
            "BKS-ABC",
            AccountType::BusinessSavings,
            Status::InformationRequested,
            Some("Please send <your> licence."),
        );
        assert!(email.subject.contains("BKS-ABC"));
        assert!(email.subject.contains("Business Savings"));
        assert!(email.text.contains("Please send <your> licence."));
        assert!(email.html.contains("Please send &lt;your&gt; licence."));
        let approved = status_email(
            "Jane",
            "BKS-ABC",
            AccountType::Savings,
            Status::Approved,
            None,
        );
        assert!(
            approved
                .text
                .contains(Status::Approved.applicant_wording().next_step)
        );
        // Every such email says where to follow the application.
        for body in [&email.text, &email.html, &approved.text] {
            assert!(
                body.contains("https://www.banksia.bank/application-status"),
                "{body}"
            );
        }
    }
}
