//! The emails an applicant gets after submitting: an information request, a decision, a
//! status link. Each is queued in `application_emails` in the transaction of the change it
//! announces (unique per application, kind and version: exactly one per change, however many
//! instances run), and sent by the `applicant` queue's worker (`outbox::Queue::Applicant`) in
//! every instance, by the rules of every mail queue. Staff security notices go the same way
//! through `staff_emails` (`outbox::Queue::Staff`). Every email is framed by `email::render`.
//! The product and the reference are named; the identification number never is.

use banksia_core::application::AccountType;
use banksia_core::review::events::{EmailKind, StaffEmailKind};
use banksia_core::review::information::{
    ACCEPTED_TYPES, ANSWER_MINUTES, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS, STATUS_LINK_MINUTES,
};
use banksia_core::review::{DeclineReason, Status};
use deadpool_postgres::GenericClient;

use crate::email::{BANK, Block, RenderedEmail, render};

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
                STATUS_LINK_MINUTES
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
                href: format!("{origin}/apply/account"),
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
                STATUS_LINK_MINUTES
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::email::escape;

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
        assert!(
            email
                .html
                .contains(&format!("href=\"{ORIGIN}/apply/account\""))
        );
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

    /// The site's pages, from its page files (`site/src/pages`, Astro's file routes: `x.astro`
    /// is `/x`, `index.astro` its directory): what a link in an email may open. Dynamic routes
    /// (`[product].astro`) are left out, so a link to one fails until it is listed here.
    fn site_pages() -> Vec<String> {
        fn walk(dir: &std::path::Path, prefix: &str, pages: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).expect("site/src/pages is readable") {
                let entry = entry.unwrap();
                let name = entry.file_name().into_string().unwrap();
                if entry.file_type().unwrap().is_dir() {
                    walk(&entry.path(), &format!("{prefix}/{name}"), pages);
                } else if let Some(stem) = name.strip_suffix(".astro") {
                    if stem.starts_with('[') || stem == "404" {
                        continue;
                    }
                    pages.push(if stem == "index" {
                        if prefix.is_empty() {
                            "/".into()
                        } else {
                            prefix.to_owned()
                        }
                    } else {
                        format!("{prefix}/{stem}")
                    });
                }
            }
        }
        let mut pages = Vec::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../site/src/pages");
        walk(&root, "", &mut pages);
        pages
    }

    /// Every link of an email: the HTML's `href`s and the text body's URLs.
    fn every_link(email: &RenderedEmail) -> Vec<String> {
        let mut links: Vec<String> = email
            .html
            .split("href=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .map(|href| href.replace("&amp;", "&"))
            .collect();
        links.extend(
            email
                .text
                .split_whitespace()
                .filter(|w| w.contains("://"))
                .map(|w| w.trim_end_matches(['.', ',', ')', ':']).to_owned()),
        );
        links
    }

    /// Every email the bank sends, each kind once (the confirmation, each applicant email, each
    /// staff notice).
    fn every_email() -> Vec<(String, RenderedEmail)> {
        let mut all: Vec<(String, RenderedEmail)> = every_kind()
            .into_iter()
            .map(|(kind, email)| (kind.to_owned(), email))
            .collect();
        for account in AccountType::ALL {
            all.push((
                format!("confirmation {account:?}"),
                crate::email::application_received("Jane", "BKS-ABC", Some(*account), ORIGIN),
            ));
        }
        for reason in DeclineReason::ALL {
            all.push((
                format!("declined {reason:?}"),
                declined_email("Jane", "BKS-ABC", AccountType::Savings, reason, ORIGIN),
            ));
        }
        for kind in [
            StaffEmailKind::RecoveryStarted,
            StaffEmailKind::PasskeyAdded,
        ] {
            all.push((
                format!("staff {kind}"),
                staff_security_email("Nora", kind, "Ada", &format!("{ORIGIN}/staff/")),
            ));
        }
        all
    }

    /// Issue 43: the withdrawal's "Apply again" opened /apply/, a 404. Every link of every email
    /// opens a page the site builds (or dials, or writes to, the bank's own number and address).
    #[test]
    fn every_link_in_every_email_opens_a_page_of_the_site() {
        let pages = site_pages();
        assert!(pages.contains(&"/apply/account".to_owned()), "{pages:?}");
        assert!(!pages.contains(&"/apply".to_owned()));
        let contacts = [BANK.phone.href, BANK.overseas_phone.href, BANK.email.href];
        for (kind, email) in every_email() {
            let links = every_link(&email);
            assert!(!links.is_empty(), "{kind}: no link");
            for link in links {
                if contacts.contains(&link.as_str()) {
                    continue;
                }
                let Some(path) = link.strip_prefix(ORIGIN) else {
                    panic!(
                        "{kind}: {link} is neither on the public origin nor the bank's number or address"
                    );
                };
                let path = path.split(['#', '?']).next().unwrap_or_default();
                let page = match path.trim_end_matches('/') {
                    "" => "/",
                    page => page,
                };
                assert!(
                    pages.iter().any(|known| known == page),
                    "{kind}: {link} opens no page of the site (pages: {pages:?})"
                );
            }
        }
    }
}
