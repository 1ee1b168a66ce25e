//! Mail transport: SMTP (lettre, rustls) when `SMTP_URL` is set, otherwise a mailbox directory
//! of `.eml` files (lettre's file transport) when `MAIL_DIR` is set, otherwise none (no
//! confirmation emails are queued).
//!
//! `SMTP_URL` forms:
//! - `smtp://user:pass@host:587`: STARTTLS, required (the connection fails rather than send in
//!   clear if the server cannot upgrade). Port 587 when none is given.
//! - `smtps://user:pass@host:465`: TLS from the first byte.
//! - `smtp://host:25?tls=none`: no encryption, for a relay on the same host or a test server.
//!
//! User name and password are percent-encoded in the URL.

use std::path::PathBuf;
use std::time::Duration;

use lettre::message::header::{Header, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::Error as SmtpError;
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::config_error::ConfigError;
use crate::email::{self, RenderedEmail};

/// How long one whole SMTP exchange (connect, greeting, every command, the message and its
/// acknowledgement, QUIT) may take by default (`SMTP_TIMEOUT_SECONDS`).
pub const DEFAULT_SEND_TIMEOUT: Duration = Duration::from_secs(30);

/// Where confirmation emails go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MailTransport {
    /// `SMTP_URL`, already in lettre's form (see [`smtp_url_for_lettre`]).
    Smtp(String),
    /// `MAIL_DIR`: one `.eml` file per message.
    Directory(PathBuf),
}

/// The mail settings, read with the rest of [`crate::Config`].
#[derive(Debug, Clone)]
pub struct MailConfig {
    /// None: no transport, so no email is queued and the 201 says so.
    pub transport: Option<MailTransport>,
    pub from: Mailbox,
    /// How often the worker looks for due emails when nothing woke it.
    pub poll_interval: Duration,
    /// The first retry's delay; each later one doubles, up to `retry_max`.
    pub retry_base: Duration,
    pub retry_max: Duration,
    /// After this many failed attempts the email is given up.
    pub max_attempts: i32,
    /// The bound on one whole send (see [`DEFAULT_SEND_TIMEOUT`]): lettre's own timeout covers
    /// only the TCP connect, so a server that accepts and then says nothing would hold the
    /// worker for ever.
    pub send_timeout: Duration,
}

impl MailConfig {
    /// Reads `SMTP_URL`, `MAIL_DIR` and `MAIL_FROM` through `var` (trimmed, empty as unset).
    pub fn from_vars(var: &impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let transport = match (var("SMTP_URL"), var("MAIL_DIR")) {
            (Some(url), _) => Some(MailTransport::Smtp(smtp_url_for_lettre(&url)?)),
            (None, Some(dir)) => Some(MailTransport::Directory(PathBuf::from(dir))),
            (None, None) => None,
        };
        let from = var("MAIL_FROM")
            .unwrap_or_else(|| email::DEFAULT_FROM.to_owned())
            .parse::<Mailbox>()
            .map_err(|_| ConfigError("MAIL_FROM is not a valid address".into()))?;
        Ok(Self {
            transport,
            from,
            poll_interval: Duration::from_secs(5),
            retry_base: Duration::from_secs(30),
            retry_max: Duration::from_secs(60 * 60),
            max_attempts: 20,
            send_timeout: match var("SMTP_TIMEOUT_SECONDS") {
                None => DEFAULT_SEND_TIMEOUT,
                Some(text) => match text.parse::<u64>() {
                    Ok(seconds @ 1..=600) => Duration::from_secs(seconds),
                    _ => {
                        return Err(ConfigError(
                            "SMTP_TIMEOUT_SECONDS: a whole number of seconds from 1 to 600".into(),
                        ));
                    }
                },
            },
        })
    }
}

/// Our `SMTP_URL` in the form lettre's `from_url` reads: plain `smtp://` means STARTTLS
/// required (lettre would send in clear), `?tls=none` means no TLS. The URL's credentials are
/// never part of an error message.
pub fn smtp_url_for_lettre(url: &str) -> Result<String, ConfigError> {
    let bad = || ConfigError("SMTP_URL must look like smtp://user:pass@host:587".into());
    let (scheme, rest) = url.split_once("://").ok_or_else(bad)?;
    let (authority_and_path, query) = match rest.split_once('?') {
        Some((a, q)) => (a, Some(q)),
        None => (rest, None),
    };
    let mut tls = None;
    let mut others = Vec::new();
    for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("tls", value)) => tls = Some(value),
            _ => others.push(pair),
        }
    }
    if authority_and_path.is_empty() || !others.is_empty() {
        return Err(bad());
    }
    let lettre_tls = match (scheme, tls) {
        ("smtp", None | Some("required")) => Some("required"),
        ("smtp", Some("opportunistic")) => Some("opportunistic"),
        ("smtp", Some("none")) => None,
        ("smtps", None) => None,
        _ => return Err(bad()),
    };
    let converted = match lettre_tls {
        Some(tls) => format!("{scheme}://{authority_and_path}?tls={tls}"),
        None => format!("{scheme}://{authority_and_path}"),
    };
    AsyncSmtpTransport::<Tokio1Executor>::from_url(&converted).map_err(|_| bad())?;
    Ok(converted)
}

/// A ready transport and the sender.
#[derive(Clone)]
pub struct Mailer {
    transport: Transport,
    from: Mailbox,
    send_timeout: Duration,
}

#[derive(Clone)]
enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Directory(AsyncFileTransport<Tokio1Executor>),
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self.transport {
            Transport::Smtp(_) => "smtp",
            Transport::Directory(_) => "directory",
        };
        f.debug_struct("Mailer").field("transport", &kind).finish()
    }
}

/// Why a send failed, in words fit for the outbox and the log: an error class and the SMTP
/// status code, never the server's text (which may quote the recipient's address).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SendError {
    pub summary: String,
    /// The server refused for good (SMTP 5xx): retrying cannot help.
    pub permanent: bool,
}

impl Mailer {
    pub fn new(
        transport: &MailTransport,
        from: Mailbox,
        send_timeout: Duration,
    ) -> Result<Self, String> {
        let transport = match transport {
            // lettre's timeout bounds the TCP connect only (its async client sets no read or
            // write timeout); `send` bounds the whole exchange.
            MailTransport::Smtp(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|_| "SMTP_URL cannot be used".to_owned())?
                    .timeout(Some(send_timeout))
                    .build(),
            ),
            MailTransport::Directory(dir) => {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create MAIL_DIR {}: {e}", dir.display()))?;
                Transport::Directory(AsyncFileTransport::new(dir))
            }
        };
        Ok(Self {
            transport,
            from,
            send_timeout,
        })
    }

    /// Builds the message (the same `Message-ID` on every attempt, so a receiver can tell a
    /// repeat after a lost acknowledgement) and hands it to the transport, within the send
    /// timeout: past it the connection is dropped and the attempt counts as a transient
    /// failure ("smtp timeout"). A server that stalled after taking the whole message may have
    /// kept it, so the retry can deliver a second copy with the same Message-ID (at least once).
    pub async fn send(
        &self,
        to: &str,
        rendered: &RenderedEmail,
        message_id: &str,
    ) -> Result<(), SendError> {
        let to: Mailbox = to.parse().map_err(|_| SendError {
            summary: "invalid recipient address".into(),
            permanent: true,
        })?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(rendered.subject.clone())
            .message_id(Some(message_id.to_owned()))
            .header(AutoSubmitted)
            .multipart(MultiPart::alternative_plain_html(
                rendered.text.clone(),
                rendered.html.clone(),
            ))
            .map_err(|_| SendError {
                summary: "message could not be built".into(),
                permanent: true,
            })?;
        let timed_out = |summary: &str| SendError {
            summary: summary.into(),
            permanent: false,
        };
        match &self.transport {
            Transport::Smtp(smtp) => tokio::time::timeout(self.send_timeout, smtp.send(message))
                .await
                .map_err(|_| timed_out("smtp timeout"))?
                .map(drop)
                .map_err(smtp_error),
            Transport::Directory(files) => {
                tokio::time::timeout(self.send_timeout, files.send(message))
                    .await
                    .map_err(|_| timed_out("mail directory timeout"))?
                    .map(drop)
                    .map_err(|_| SendError {
                        summary: "mail directory not writable".into(),
                        permanent: false,
                    })
            }
        }
    }
}

/// `Auto-Submitted: auto-generated` (RFC 3834): the email is sent by a machine, not a person,
/// so an out-of-office or vacation responder must not answer it.
#[derive(Debug, Clone, Copy)]
struct AutoSubmitted;

impl Header for AutoSubmitted {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("Auto-Submitted")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "auto-generated".to_owned())
    }
}

fn smtp_error(err: SmtpError) -> SendError {
    let code = err.status().map(|c| format!(" {c}")).unwrap_or_default();
    let (class, permanent) = if err.is_permanent() {
        ("smtp permanent refusal", true)
    } else if err.is_transient() {
        ("smtp transient refusal", false)
    } else if err.is_timeout() {
        ("smtp timeout", false)
    } else if err.is_tls() {
        ("smtp tls failure", false)
    } else if err.is_response() {
        ("smtp unexpected response", false)
    } else {
        ("smtp connection failed", false)
    };
    SendError {
        summary: format!("{class}{code}"),
        permanent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_smtp_urls_require_starttls() {
        assert_eq!(
            smtp_url_for_lettre("smtp://user:p%40ss@mail.example.com:587").unwrap(),
            "smtp://user:p%40ss@mail.example.com:587?tls=required"
        );
        assert_eq!(
            smtp_url_for_lettre("smtp://mail.example.com?tls=opportunistic").unwrap(),
            "smtp://mail.example.com?tls=opportunistic"
        );
        assert_eq!(
            smtp_url_for_lettre("smtp://127.0.0.1:2525?tls=none").unwrap(),
            "smtp://127.0.0.1:2525"
        );
        assert_eq!(
            smtp_url_for_lettre("smtps://u:p@mail.example.com").unwrap(),
            "smtps://u:p@mail.example.com"
        );
    }

    #[test]
    fn bad_smtp_urls_are_refused_without_echoing_credentials() {
        for url in [
            "u:secret@mail.example.org",
            "http://u:secret@mail.example.org",
            "smtp://",
            "smtp://u:secret@mail.example.org?tls=maybe",
            "smtps://u:secret@mail.example.org?tls=none",
            "smtp://u:secret@mail.example.org?timeout=3",
        ] {
            let err = smtp_url_for_lettre(url).unwrap_err();
            assert!(
                !err.0.contains("secret") && !err.0.contains("example.org"),
                "{url}: {err}"
            );
        }
    }

    #[test]
    fn mail_settings_default_to_no_transport() {
        let none = |_: &str| None;
        let config = MailConfig::from_vars(&none).unwrap();
        assert_eq!(config.transport, None);
        assert_eq!(config.from.email.to_string(), "no-reply@banksia.bank");
        let dir = |name: &str| (name == "MAIL_DIR").then(|| "/tmp/mail".to_owned());
        assert_eq!(
            MailConfig::from_vars(&dir).unwrap().transport,
            Some(MailTransport::Directory(PathBuf::from("/tmp/mail")))
        );
        let bad_from = |name: &str| (name == "MAIL_FROM").then(|| "nobody".to_owned());
        assert!(MailConfig::from_vars(&bad_from).is_err());
    }
}
