//! The bank's contact details and what happens after an application is sent: one statement of
//! each, read by the server's confirmation email and by the site (at build time, through the
//! WASM package), so the two can never say different things.
//!
//! ```
//! use banksia_core::contact::{CONTACT as contact, next_steps};
//!
//! assert_eq!(contact.phone.label, "13 22 65");
//! assert_eq!(contact.phone.href, "tel:132265");
//! assert_eq!(next_steps()[0].title, "Application review");
//! assert!(next_steps()[0].text.contains("2-3 business days"));
//! ```

use serde::Serialize;

/// A way to reach the bank: what a person reads and the link that dials or writes to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct ContactLink {
    /// What a person reads, e.g. "13 22 65".
    pub label: &'static str,
    /// The `tel:` or `mailto:` target.
    pub href: &'static str,
}

/// The bank's name, legal identity, contact details and service promises.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct ContactDetails {
    /// The bank's name, as every page and email says it.
    pub name: &'static str,
    /// The single legal entity.
    pub legal_name: &'static str,
    /// Its Australian Business Number (with a valid check digit).
    pub abn: &'static str,
    /// Its Australian financial services and credit licence number.
    pub licence: &'static str,
    /// The line naming the entity, its ABN and licence, at the foot of every page and email.
    pub legal_line: &'static str,
    /// The main phone line.
    pub phone: ContactLink,
    /// The main line from overseas.
    pub overseas_phone: ContactLink,
    /// When the main line answers, written to sit inside brackets.
    pub phone_hours: &'static str,
    /// The general email address.
    pub email: ContactLink,
    /// How many hours an email waits for an answer at most.
    pub email_reply_hours: u32,
    /// The public site's address, without a trailing slash.
    pub site_url: &'static str,
    /// How many business days most applications take to review ("2-3").
    pub review_days: &'static str,
    /// How many business days a complex application can take.
    pub complex_review_days: u32,
}

/// The bank's contact details.
pub const CONTACT: ContactDetails = ContactDetails {
    name: "Banksia Bank",
    legal_name: "Banksia Bank Limited",
    abn: "47 612 345 067",
    licence: "487215",
    legal_line: "Banksia Bank Limited ABN 47 612 345 067 AFSL and Australian credit licence 487215",
    phone: ContactLink {
        label: "13 22 65",
        // A 13 number is dialled as one block inside Australia.
        href: "tel:132265",
    },
    overseas_phone: ContactLink {
        label: "+61 3 8600 4200",
        href: "tel:+61386004200",
    },
    phone_hours: "Monday to Friday, 8am to 6pm, Melbourne time",
    email: ContactLink {
        label: "hello@banksia.bank",
        href: "mailto:hello@banksia.bank",
    },
    email_reply_hours: 24,
    site_url: "https://www.banksia.bank",
    review_days: "2-3",
    complex_review_days: 5,
};

/// A link shows as what a person reads (its label).
impl std::fmt::Display for ContactLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label)
    }
}

/// One step of what happens after an application is sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct NextStep {
    /// Its short name ("Application review").
    pub title: &'static str,
    /// What happens, in a sentence.
    pub text: String,
}

/// "What happens next" (spec section 8): the three steps after an application is sent, as the
/// confirmation page and the confirmation email say them.
pub fn next_steps() -> Vec<NextStep> {
    vec![
        NextStep {
            title: "Application review",
            text: format!(
                "Our team reviews your application within {} business days.",
                CONTACT.review_days
            ),
        },
        NextStep {
            title: "Identity verification",
            text: "We confirm your identity electronically, and may contact you if we need anything more."
                .to_owned(),
        },
        NextStep {
            title: "Account setup",
            text: "Once approved, we open your account and send your account details, card and online banking access."
                .to_owned(),
        },
    ]
}

/// A short message a person reads once something has happened: a title and a sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct Notice {
    /// The heading ("Application Submitted Successfully!").
    pub title: &'static str,
    /// The sentence under it.
    pub text: String,
}

/// What the wizard says once the bank has the application (spec section 8's success toast),
/// with the review time of [`CONTACT`].
///
/// ```
/// let notice = banksia_core::contact::submitted_notice();
/// assert_eq!(notice.title, "Application Submitted Successfully!");
/// assert_eq!(notice.text, "We'll review your application and get back to you within 2-3 business days.");
/// ```
pub fn submitted_notice() -> Notice {
    Notice {
        title: "Application Submitted Successfully!",
        text: format!(
            "We'll review your application and get back to you within {} business days.",
            CONTACT.review_days
        ),
    }
}

/// How long an application takes, in one sentence.
///
/// ```
/// assert_eq!(
///     banksia_core::contact::review_timeline(),
///     "Most applications are completed within 2-3 business days. Complex applications can take up to 5 business days."
/// );
/// ```
pub fn review_timeline() -> String {
    format!(
        "Most applications are completed within {} business days. Complex applications can take up to {} business days.",
        CONTACT.review_days, CONTACT.complex_review_days
    )
}

/// The line every email to a customer carries, so a message asking for a secret is known
/// for a fake.
pub const ANTI_PHISHING: &str =
    "We'll never ask for your password, passkey or full card number by email or phone.";

/// The external dispute resolution scheme a customer can go to when the bank's own complaint
/// process did not resolve their complaint: the Australian Financial Complaints Authority.
pub const AFCA: Afca = Afca {
    name: "Australian Financial Complaints Authority (AFCA)",
    website: "www.afca.org.au",
    website_url: "https://www.afca.org.au",
    phone: "1800 931 678",
    email: "info@afca.org.au",
    post: "GPO Box 3, Melbourne VIC 3001",
};

/// AFCA's contact details.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Afca {
    /// Its name, with the short form.
    pub name: &'static str,
    /// Its website as written.
    pub website: &'static str,
    /// Its website as a link.
    pub website_url: &'static str,
    /// Its free call number.
    pub phone: &'static str,
    /// Its email address.
    pub email: &'static str,
    /// Its postal address.
    pub post: &'static str,
}

/// How to complain: to the bank first (internal dispute resolution), then to AFCA, in two
/// paragraphs.
///
/// ```
/// let [ours, afca] = banksia_core::contact::complaint_path();
/// assert!(ours.contains("13 22 65"));
/// assert!(afca.contains("www.afca.org.au") && afca.contains("1800 931 678"));
/// ```
pub fn complaint_path() -> [String; 2] {
    [
        format!(
            "If you're unhappy with our decision or how we handled your application, you can make a complaint: call us on {} ({}) or email {}. We'll acknowledge it within 1 business day and give you our final answer within 30 days.",
            CONTACT.phone, CONTACT.phone_hours, CONTACT.email
        ),
        format!(
            "If you're not satisfied with our answer, or haven't had one within 30 days, you can take your complaint to the {} for free: website {}, phone {}, email {}, or post to {}.",
            AFCA.name, AFCA.website, AFCA.phone, AFCA.email, AFCA.post
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_link_dials_or_writes_to_what_it_shows() {
        let contact = CONTACT;
        for phone in [&contact.phone, &contact.overseas_phone] {
            let digits: String = phone.label.chars().filter(|c| !c.is_whitespace()).collect();
            assert_eq!(phone.href, format!("tel:{digits}"));
        }
        assert_eq!(
            contact.email.href,
            format!("mailto:{}", contact.email.label)
        );
        assert_eq!(
            contact.legal_line,
            format!(
                "{} ABN {} AFSL and Australian credit licence {}",
                contact.legal_name, contact.abn, contact.licence
            )
        );
        assert_eq!(contact.phone.to_string(), "13 22 65");
        assert!(!contact.site_url.ends_with('/'));
    }
}
