//! Every email the bank sends is built here: one frame ([`render`]: the brand, the greeting,
//! the headline, the blocks, the anti-phishing and legal lines), one [`escape`], and the
//! confirmation email sent once an application is stored. The applicant's status emails and
//! the staff security notices (`staff::emails`) are built from the same [`Block`]s.
//!
//! The emails hold no personal detail beyond a first name and the reference: no address, date
//! of birth, income or ID number, since email is not a private channel.

use banksia_core::application::AccountType;
/// The bank's name and contact details as the emails quote them: core's one statement of them
/// (`banksia_core::contact`), which the site reads too. A link (`BANK.phone`) formats as its label.
pub use banksia_core::contact::CONTACT as BANK;
use banksia_core::contact::{next_steps, review_timeline};

/// The default sender when `MAIL_FROM` is not set.
pub const DEFAULT_FROM: &str = "Banksia Bank <no-reply@banksia.bank>";

/// What an email says, ready for the transport.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedEmail {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// One part of an email's body, rendered both as text and as HTML.
#[derive(Debug, Clone)]
pub enum Block {
    /// A paragraph (line breaks kept; an `http(s)://` word is a link in the HTML).
    Para(String),
    /// A section heading.
    Heading(String),
    /// Words quoted from the bank's staff (an information request), set apart.
    Quote(String),
    /// A numbered list of steps.
    Steps(Vec<String>),
    /// A numbered list of steps, each with a title.
    NamedSteps(Vec<(String, String)>),
    /// A boxed figure the reader must keep (the reference number): a label, the value, a note.
    Boxed {
        label: String,
        value: String,
        note: String,
    },
    /// A button: its label and where it goes (always on `PUBLIC_ORIGIN`).
    Button { label: String, href: String },
    /// How to call or write to the bank, the number and the address as links in the HTML.
    Contact,
}

/// An email: a greeting, a headline (its own sentence: in HTML a heading), blocks, a footer
/// (smaller), then the anti-phishing and legal lines. Every text is escaped in the HTML.
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
    for block in blocks {
        add_block(&mut text, &mut html, block, "");
    }
    for block in footer {
        add_block(
            &mut text,
            &mut html,
            block,
            " style=\"font-size:14px;color:#4a5a50\"",
        );
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

/// `block` onto both bodies; `style` is a paragraph's (the footer's are smaller).
fn add_block(text: &mut String, html: &mut String, block: &Block, style: &str) {
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
        Block::NamedSteps(steps) => {
            html.push_str("<ol style=\"padding-left:20px\">");
            for (i, (title, step)) in steps.iter().enumerate() {
                text.push_str(&format!("{}. {title}\n   {step}\n\n", i + 1));
                html.push_str(&format!(
                    "<li style=\"margin:0 0 12px\"><strong>{}</strong><br>{}</li>",
                    escape(title),
                    linked(step)
                ));
            }
            html.push_str("</ol>\n");
        }
        Block::Boxed { label, value, note } => {
            text.push_str(&format!("{label}: {value}\n{note}\n\n"));
            html.push_str(&format!(
                "<div style=\"border:2px solid #1e6b3c;border-radius:8px;padding:12px 16px;margin:16px 0\">\n\
                 <p style=\"margin:0;font-size:14px\">{}</p>\n\
                 <p style=\"margin:4px 0 0;font-size:22px;font-weight:bold;font-family:Consolas,Menlo,monospace;letter-spacing:1px\">{}</p>\n\
                 <p style=\"margin:8px 0 0;font-size:14px\">{}</p>\n</div>\n",
                escape(label),
                escape(value),
                escape(note)
            ));
        }
        Block::Button { label, href } => {
            text.push_str(&format!("{label}: {href}\n\n"));
            html.push_str(&format!(
                "<p style=\"margin:20px 0\"><a href=\"{href}\" style=\"display:inline-block;background:#1e6b3c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px\">{label}</a></p>\n",
                href = escape(href),
                label = escape(label)
            ));
        }
        Block::Contact => {
            text.push_str(&format!(
                "Call us on {phone} ({hours}), or {overseas} from overseas.\n\
                 Email us at {email}: we respond within {reply} hours.\n\n",
                phone = BANK.phone,
                hours = BANK.phone_hours,
                overseas = BANK.overseas_phone,
                email = BANK.email,
                reply = BANK.email_reply_hours,
            ));
            html.push_str(&format!(
                "<p{style}>Call us on <a href=\"{tel}\">{phone}</a> ({hours}), or <a href=\"{overseas_tel}\">{overseas}</a> from overseas.<br>\n\
                 Email us at <a href=\"{mailto}\">{email}</a>: we respond within {reply} hours.</p>\n",
                tel = escape(BANK.phone.href),
                phone = escape(BANK.phone.label),
                hours = escape(BANK.phone_hours),
                overseas_tel = escape(BANK.overseas_phone.href),
                overseas = escape(BANK.overseas_phone.label),
                mailto = escape(BANK.email.href),
                email = escape(BANK.email.label),
                reply = BANK.email_reply_hours,
            ));
        }
    }
}

/// A paragraph as HTML: escaped, line breaks kept, and each `http(s)://` word a link to itself.
fn linked(text: &str) -> String {
    let mut out = String::new();
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push_str("<br>");
        }
        for (j, word) in line.split(' ').enumerate() {
            if j > 0 {
                out.push(' ');
            }
            let bare = word.trim_end_matches(['.', ',', ')', ':']);
            if bare.starts_with("https://") || bare.starts_with("http://") {
                out.push_str(&format!(
                    "<a href=\"{url}\" style=\"color:#1e6b3c\">{url}</a>{}",
                    escape(&word[bare.len()..]),
                    url = escape(bare)
                ));
            } else {
                out.push_str(&escape(word));
            }
        }
    }
    out
}

/// Text into HTML: the five characters that could change the markup.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The email sent once an account application is stored.
///
/// `account` names the account applied for ("the High Yield Savings account"); `None` (the
/// application's row is gone) leaves the account unnamed. Its links are on `origin`
/// (`PUBLIC_ORIGIN`), as every email's are.
pub fn application_received(
    first_name: &str,
    reference: &str,
    account: Option<AccountType>,
    origin: &str,
) -> RenderedEmail {
    let subject = match account {
        Some(account) => format!(
            "We've received your {} application: reference {reference}",
            account.label()
        ),
        None => format!("We've received your application: reference {reference}"),
    };
    let applied_for = account.map_or_else(
        || "We have received your application.".to_owned(),
        |account| {
            format!(
                "We have received your application for the {} account.",
                account.label()
            )
        },
    );
    let site = origin.trim_end_matches('/');
    let blocks = [
        Block::Para(format!(
            "Thank you for applying for an account with {}.",
            BANK.name
        )),
        Block::Boxed {
            label: "Your reference number".into(),
            value: reference.to_owned(),
            note: "Please quote it whenever you contact us about this application.".into(),
        },
        Block::Heading("What happens next".into()),
        Block::NamedSteps(
            next_steps()
                .into_iter()
                .map(|step| (step.title.to_owned(), step.text))
                .collect(),
        ),
        Block::Para(review_timeline()),
        Block::Heading("Questions about your application?".into()),
        Block::Contact,
        Block::Para(format!(
            "Support centre: {site}/support\n\
             Where your application stands: {site}/application-status (with your reference and this email address)"
        )),
        Block::Heading("Didn't apply?".into()),
        Block::Para(format!(
            "If you didn't apply, call us on {} ({}) so we can stop this application: someone may be using your details.",
            BANK.phone, BANK.phone_hours
        )),
    ];
    render(
        subject,
        &format!("Hi {first_name},"),
        &applied_for,
        &blocks,
        &[],
    )
}

/// The address as the confirmation page may show it: the first character of the local part,
/// four stars whatever its length, and the domain (`o****@example.com.au`).
pub fn mask_address(address: &str) -> String {
    match address.rsplit_once('@') {
        Some((local, domain)) => {
            let first: String = local.chars().take(1).collect();
            format!("{first}****@{domain}")
        }
        None => "****".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_confirmation_renders_with_reference_steps_and_contacts() {
        let email = application_received(
            "Olivia",
            "BKS-7K2M9QX4TZ",
            Some(AccountType::Savings),
            "https://www.banksia.bank",
        );
        assert_eq!(
            email.subject,
            "We've received your High Yield Savings application: reference BKS-7K2M9QX4TZ"
        );
        for body in [&email.text, &email.html] {
            assert!(body.contains("Hi Olivia,"), "{body}");
            assert!(body.contains("BKS-7K2M9QX4TZ"));
            assert!(body.contains("Application review"));
            assert!(body.contains("within 2-3 business days"));
            assert!(body.contains("Identity verification"));
            assert!(body.contains("Account setup"));
            assert!(body.contains("Complex applications can take up to 5 business days."));
            assert!(body.contains("13 22 65"));
            assert!(body.contains("hello@banksia.bank"));
            assert!(body.contains("we respond within 24 hours"));
            assert!(body.contains("Banksia Bank Limited ABN 47 612 345 067"));
        }
        let first_step = email.text.find("1. Application review").unwrap();
        let last_step = email.text.find("3. Account setup").unwrap();
        assert!(first_step < last_step);
        assert!(email.html.contains("href=\"tel:132265\""));
        // The applicant can follow the application from here (issue 20).
        assert!(
            email
                .text
                .contains("https://www.banksia.bank/application-status"),
            "{}",
            email.text
        );
        assert!(
            email
                .html
                .contains("href=\"https://www.banksia.bank/application-status\"")
        );
        assert!(email.html.starts_with("<!DOCTYPE html>"));
        // The anti-phishing line every email carries (core's one statement of it).
        assert!(email.text.contains(banksia_core::contact::ANTI_PHISHING));
        assert!(
            email
                .html
                .contains(&escape(banksia_core::contact::ANTI_PHISHING))
        );
    }

    /// Someone who receives it without having applied knows whom to call (issue 22).
    #[test]
    fn the_email_says_what_to_do_if_you_didnt_apply() {
        let email = application_received(
            "Olivia",
            "BKS-7K2M9QX4TZ",
            Some(AccountType::Savings),
            "https://www.banksia.bank",
        );
        for body in [&email.text, &email.html] {
            assert!(
                body.contains("If you didn't apply, call us on ")
                    || body.contains("If you didn&#39;t apply, call us on "),
                "{body}"
            );
        }
        assert!(email.text.contains("If you didn't apply, call us on 13 22 65 (Monday to Friday, 8am to 6pm, Melbourne time)"));
    }

    #[test]
    fn every_link_is_on_the_origin_it_is_given() {
        let email = application_received(
            "Olivia",
            "BKS-7K2M9QX4TZ",
            Some(AccountType::Savings),
            "http://localhost:8080/",
        );
        for body in [&email.text, &email.html] {
            assert!(
                body.contains("http://localhost:8080/application-status"),
                "{body}"
            );
            assert!(body.contains("http://localhost:8080/support"), "{body}");
            assert!(!body.contains("https://www.banksia.bank"), "{body}");
        }
    }

    #[test]
    fn the_first_name_is_escaped_in_html() {
        let email = application_received(
            "<b>O'Neil</b>",
            "BKS-7K2M9QX4TZ",
            Some(AccountType::Savings),
            "https://www.banksia.bank",
        );
        assert!(email.html.contains("Hi &lt;b&gt;O&#39;Neil&lt;/b&gt;,"));
        assert!(!email.html.contains("<b>O'Neil"));
        assert!(email.text.contains("Hi <b>O'Neil</b>,"));
    }

    #[test]
    fn addresses_are_masked_to_first_character_and_domain() {
        assert_eq!(
            mask_address("olivia.smith@example.com.au"),
            "o****@example.com.au"
        );
        assert_eq!(mask_address("o@example.com"), "o****@example.com");
        assert_eq!(mask_address("not-an-address"), "****");
    }

    /// The email quotes core's one statement of the contact details and of what happens next,
    /// the one the site reads at build time (no second copy to keep in step).
    #[test]
    fn the_email_states_cores_contact_details_and_next_steps() {
        let email =
            application_received("Olivia", "BKS-0000000000", None, "https://www.banksia.bank");
        for step in banksia_core::contact::next_steps() {
            assert!(email.text.contains(step.title), "{}", step.title);
            assert!(email.text.contains(&step.text), "{}", step.text);
            assert!(email.html.contains(&escape(&step.text)), "{}", step.text);
        }
        let contact = banksia_core::contact::CONTACT;
        for quoted in [
            contact.phone.label,
            contact.overseas_phone.label,
            contact.phone_hours,
            contact.email.label,
            contact.legal_line,
        ] {
            assert!(email.text.contains(quoted), "{quoted}");
            assert!(email.html.contains(&escape(quoted)), "{quoted}");
        }
        assert!(
            email
                .html
                .contains(&format!("href=\"{}\"", contact.phone.href))
        );
        assert!(
            email
                .html
                .contains(&format!("href=\"{}\"", contact.email.href))
        );
    }

    /// The email names the account applied for, in the subject and both bodies (issue 22: it
    /// said only "an account").
    #[test]
    fn names_the_account_applied_for() {
        for account in AccountType::ALL {
            let email = application_received(
                "Olivia",
                "BKS-7K2M9QX4TZ",
                Some(*account),
                "https://www.banksia.bank",
            );
            let named = format!("for the {} account", account.label());
            assert!(email.subject.contains(account.label()), "{}", email.subject);
            assert!(email.text.contains(&named), "{named}");
            assert!(email.html.contains(&named), "{named}");
        }
        let unnamed =
            application_received("Olivia", "BKS-7K2M9QX4TZ", None, "https://www.banksia.bank");
        assert!(unnamed.text.contains("We have received your application."));
    }
}
