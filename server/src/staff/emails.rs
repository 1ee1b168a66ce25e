//! The emails an applicant gets after submitting: an information request, a decision, a
//! status link. Each is queued in `application_emails` in the transaction of the change it
//! announces (unique per application, kind and version: exactly one per change, however many
//! instances run), and sent by a worker in every instance that claims due rows with `FOR UPDATE
//! SKIP LOCKED` and a lease, as the confirmation emails' outbox does, with the outbox's retry
//! policy (lease, delays, attempts) and database deadline. The product and the reference are
//! named; the identification number never is.

use std::sync::Arc;
use std::time::Duration;

use banksia_core::application::AccountType;
use banksia_core::review::Status;
use deadpool_postgres::{GenericClient, Pool};
use tokio::sync::{Notify, watch};

use crate::email::{BANK, RenderedEmail};
use crate::mailer::{Mailer, SendError};
use crate::outbox::{RetryPolicy, bounded};

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn render(subject: String, greeting: &str, paragraphs: &[String]) -> RenderedEmail {
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
    let footer = format!(
        "Where your application stands: {}/application-status\nQuestions? Call us on {} ({}) or email {}.\n{}",
        BANK.site_url, BANK.phone, BANK.phone_hours, BANK.email, BANK.legal_line
    );
    text.push_str(&footer);
    text.push('\n');
    html.push_str(&format!(
        "<p>{}</p></body></html>",
        escape(&footer).replace('\n', "<br>")
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
    render(subject, &format!("Hi {first_name},"), &paragraphs)
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
    )
}

/// Queues the status email of `kind` for the application's `version` (once: a second queue
/// of the same change does nothing).
pub async fn queue<C: GenericClient>(
    client: &C,
    reference: &str,
    kind: &str,
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
    let account = AccountType::parse(row.get(0)).unwrap_or(AccountType::Checking);
    let status = Status::parse(row.get(1)).unwrap_or(Status::UnderReview);
    let message: Option<String> = row.get(2);
    let email = status_email(first_name, reference, account, status, message.as_deref());
    insert(client, reference, kind, version, recipient, &email).await
}

/// Queues an email as rendered.
pub async fn insert<C: GenericClient>(
    client: &C,
    reference: &str,
    kind: &str,
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

struct Claimed {
    id: i64,
    reference: String,
    kind: String,
    version: i32,
    recipient: String,
    email: RenderedEmail,
    attempts: i32,
}

async fn claim(pool: &Pool, lease: Duration) -> Result<Option<Claimed>, crate::db::DbError> {
    let conn = pool.get().await?;
    let row = conn
        .query_opt(
            "UPDATE application_emails
             SET attempts = attempts + 1, locked_until = now() + make_interval(secs => $1)
             WHERE id = (
                 SELECT id FROM application_emails
                 WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
                   AND (locked_until IS NULL OR locked_until < now())
                 ORDER BY next_attempt_at, id LIMIT 1
                 FOR UPDATE SKIP LOCKED)
             RETURNING id, reference, kind, version, recipient, subject, text_body, html_body, attempts",
            &[&lease.as_secs_f64()],
        )
        .await?;
    Ok(row.map(|r| Claimed {
        id: r.get(0),
        reference: r.get(1),
        kind: r.get(2),
        version: r.get(3),
        recipient: r.get(4),
        email: RenderedEmail {
            subject: r.get(5),
            text: r.get(6),
            html: r.get(7),
        },
        attempts: r.get(8),
    }))
}

async fn deliver(
    pool: &Pool,
    mailer: &Mailer,
    policy: &RetryPolicy,
    claimed: Claimed,
) -> Result<(), crate::db::DbError> {
    let message_id = format!(
        "<{}.{}.{}@banksia.bank>",
        claimed.reference, claimed.kind, claimed.version
    );
    let outcome = mailer
        .send(&claimed.recipient, &claimed.email, &message_id)
        .await;
    let conn = pool.get().await?;
    match outcome {
        Ok(()) => {
            conn.execute(
                "UPDATE application_emails SET sent_at = now(), locked_until = NULL,
                     recipient = NULL, subject = NULL, text_body = NULL, html_body = NULL
                 WHERE id = $1",
                &[&claimed.id],
            )
            .await?;
            tracing::info!(email_id = claimed.id, kind = %claimed.kind, "applicant email sent");
        }
        Err(SendError { summary, permanent }) => {
            let give_up = permanent || claimed.attempts >= policy.max_attempts;
            let retry = policy.delay_after(claimed.attempts).as_secs_f64();
            tracing::warn!(email_id = claimed.id, error = %summary, give_up, "applicant email not sent");
            conn.execute(
                "UPDATE application_emails SET last_error = $2, locked_until = NULL,
                     next_attempt_at = now() + make_interval(secs => $3),
                     failed_at = CASE WHEN $4 THEN now() END
                 WHERE id = $1",
                &[&claimed.id, &summary, &retry, &give_up],
            )
            .await?;
        }
    }
    Ok(())
}

/// The worker: sends every due email, then waits for `wake` or the poll interval.
pub async fn run(
    pool: Pool,
    mailer: Mailer,
    policy: RetryPolicy,
    poll_interval: Duration,
    wake: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        if *stop.borrow() {
            break;
        }
        match bounded(claim(&pool, policy.lease)).await {
            Ok(Some(claimed)) => {
                if let Err(err) = deliver(&pool, &mailer, &policy, claimed).await {
                    tracing::warn!(error = %err, "cannot record an applicant email's outcome");
                }
                continue;
            }
            Ok(None) => {}
            Err(err) => tracing::warn!(error = %err, "applicant email worker cannot claim"),
        }
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(poll_interval) => {}
            _ = stop.changed() => {}
        }
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
