//! The applicant's answer to an information request: a message and up to [`MAX_DOCUMENTS`]
//! documents, sent from the status page through a one-time link. Which files are accepted, how
//! large, and what the answer does to the application are decided here; the server enforces it
//! and the status page shows the limits the server sends.
//!
//! A document's type is read from its content (its signature and structure), never from its
//! name or the type the browser declared: a renamed executable is refused whatever it is called.
//!
//! ```
//! use banksia_core::review::Status;
//! use banksia_core::review::information::{AnswerRefusal, DocumentType, receive_answer, sniff};
//!
//! assert_eq!(receive_answer(Status::InformationRequested), Ok(Status::InformationReceived));
//! assert_eq!(receive_answer(Status::InformationReceived), Err(AnswerRefusal::AlreadyAnswered));
//! assert_eq!(sniff(b"%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"), Some(DocumentType::Pdf));
//! assert_eq!(sniff(b"MZ\x90\x00 not a document"), None);
//! ```

use serde::{Deserialize, Serialize};

use super::{MESSAGE_MAX_CHARS, MESSAGE_MIN_CHARS, Refusal, Status, check_text};
use crate::application::checks::{TextClass, text_class};

/// The most documents one answer may carry.
pub const MAX_DOCUMENTS: usize = 3;

/// The largest document, in bytes (5 MB: a phone photo or a scanned page fits; a video does
/// not).
pub const MAX_DOCUMENT_BYTES: usize = 5 * 1024 * 1024;

/// The smallest file that can be a real document; anything shorter is refused as empty.
pub const MIN_DOCUMENT_BYTES: usize = 32;

/// How long, in minutes, a status link works once it is sent (single use): the link the
/// status page emails, and every email that tells the applicant to ask for one.
pub const STATUS_LINK_MINUTES: i32 = 30;

/// How long, in minutes, the answer form of an opened status link accepts an answer.
pub const ANSWER_MINUTES: i32 = 60;

/// The accepted types as the applicant reads them.
pub const ACCEPTED_TYPES: &str = "PDF, JPEG or PNG";

/// A type of document the bank accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DocumentType {
    /// A PDF file.
    Pdf,
    /// A JPEG photo or scan.
    Jpeg,
    /// A PNG image.
    Png,
}

impl DocumentType {
    /// Every accepted type.
    pub const ALL: [Self; 3] = [Self::Pdf, Self::Jpeg, Self::Png];

    /// The media type a download is served with (and the stored code).
    pub const fn content_type(self) -> &'static str {
        match self {
            Self::Pdf => "application/pdf",
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
        }
    }

    /// The stored code: the media type.
    pub const fn as_str(self) -> &'static str {
        self.content_type()
    }

    /// Reads a stored media type.
    pub fn parse(content_type: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|t| t.content_type() == content_type)
    }

    /// The file name's extension a download gets.
    pub const fn extension(self) -> &'static str {
        match self {
            Self::Pdf => "pdf",
            Self::Jpeg => "jpg",
            Self::Png => "png",
        }
    }

    /// A short name for people.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Pdf => "PDF",
            Self::Jpeg => "JPEG",
            Self::Png => "PNG",
        }
    }
}

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
const PNG_IEND: &[u8] = b"\x00\x00\x00\x00IEND\xae\x42\x60\x82";

/// The type of a document read from its bytes, or `None` when it is none of the accepted ones.
///
/// Each check looks at both ends of the file, not a prefix alone: a PDF starts `%PDF-1.x` or
/// `%PDF-2.x` and has `%%EOF` in its last kilobyte; a PNG has its signature, an `IHDR` chunk
/// first and the `IEND` chunk last; a JPEG starts with a start-of-image marker followed by
/// another marker and has an end-of-image marker after it (phones may append data after it).
///
/// ```
/// use banksia_core::review::information::{DocumentType, sniff};
/// let png = [b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR".as_slice(), &[0; 17],
///            b"\x00\x00\x00\x00IEND\xae\x42\x60\x82"].concat();
/// assert_eq!(sniff(&png), Some(DocumentType::Png));
/// // A PDF's opening bytes in front of something else are not a PDF.
/// assert_eq!(sniff(b"%PDF-1.4 <script>alert(1)</script> padding padding padding"), None);
/// ```
pub fn sniff(bytes: &[u8]) -> Option<DocumentType> {
    if bytes.len() < MIN_DOCUMENT_BYTES {
        return None;
    }
    if is_pdf(bytes) {
        Some(DocumentType::Pdf)
    } else if is_png(bytes) {
        Some(DocumentType::Png)
    } else if is_jpeg(bytes) {
        Some(DocumentType::Jpeg)
    } else {
        None
    }
}

fn is_pdf(bytes: &[u8]) -> bool {
    let header = bytes.starts_with(b"%PDF-")
        && matches!(bytes.get(5), Some(b'1' | b'2'))
        && bytes.get(6) == Some(&b'.')
        && bytes.get(7).is_some_and(u8::is_ascii_digit);
    let tail = &bytes[bytes.len().saturating_sub(1024)..];
    header && tail.windows(5).any(|w| w == b"%%EOF")
}

fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(PNG_SIGNATURE)
        && bytes.get(8..16) == Some(b"\x00\x00\x00\x0dIHDR".as_slice())
        && bytes.ends_with(PNG_IEND)
}

fn is_jpeg(bytes: &[u8]) -> bool {
    // SOI, then the first segment's marker (APPn, DQT, SOF, DHT, COM...).
    bytes.starts_with(b"\xff\xd8\xff")
        && bytes.get(3).is_some_and(|m| (0xc0..=0xfe).contains(m))
        && bytes[4..].windows(2).any(|w| w == b"\xff\xd9")
}

/// Why a document is refused, in words the applicant can act on; `position` counts from 1.
/// `Display` calls the document "Document 2"; [`DocumentRefusal::naming`] calls it by the
/// name of the file the applicant chose, which is how they know it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocumentRefusal {
    /// More than [`MAX_DOCUMENTS`].
    TooMany,
    /// Over [`MAX_DOCUMENT_BYTES`].
    TooLarge(usize),
    /// Empty, or too short to be a document.
    Empty(usize),
    /// Its content is not a PDF, JPEG or PNG (whatever its name says).
    WrongType(usize),
    /// Its content did not arrive as base64 (a page that sent it wrong, or a broken upload).
    Unreadable(usize),
}

impl std::fmt::Display for DocumentRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.naming::<&str>(&[]))
    }
}

impl std::error::Error for DocumentRefusal {}

/// The longest file name a message repeats; a longer one is cut with "…".
pub const MAX_NAME_CHARS: usize = 80;

impl DocumentRefusal {
    /// The refused document's position (from 1), when the refusal is about one document.
    pub const fn position(&self) -> Option<usize> {
        match self {
            Self::TooMany => None,
            Self::TooLarge(p) | Self::Empty(p) | Self::WrongType(p) | Self::Unreadable(p) => {
                Some(*p)
            }
        }
    }

    /// The message, calling the document `document`.
    fn describe(&self, document: &str) -> String {
        match self {
            Self::TooMany => format!(
                "You can attach up to {MAX_DOCUMENTS} documents. Remove one and send again."
            ),
            Self::TooLarge(_) => format!(
                "{document} is larger than {} MB. Send a smaller copy (a photo at a lower resolution, or the pages as separate files).",
                MAX_DOCUMENT_BYTES / (1024 * 1024)
            ),
            Self::Empty(_) => format!("{document} is empty. Choose the file again."),
            Self::Unreadable(_) => format!("{document} could not be read. Choose the file again."),
            Self::WrongType(_) => format!(
                "{document} isn't a {ACCEPTED_TYPES} file. Save it as one of those and send again (renaming a file doesn't change its type)."
            ),
        }
    }

    /// The message naming the document as the applicant chose it: `names` are the files'
    /// names in the order sent (as the browser gives them: untrusted, so control and
    /// invisible characters are dropped and a long name is cut). A document without a usable
    /// name is "Document 2".
    ///
    /// ```
    /// use banksia_core::review::information::DocumentRefusal;
    /// let names = ["payslip.pdf", "passport.gif"];
    /// assert!(DocumentRefusal::WrongType(2).naming(&names).starts_with("\"passport.gif\" isn't a PDF"));
    /// assert!(DocumentRefusal::Empty(3).naming(&names).starts_with("Document 3 is empty"));
    /// ```
    pub fn naming<S: AsRef<str>>(&self, names: &[S]) -> String {
        let position = self.position().unwrap_or(0);
        let name = position
            .checked_sub(1)
            .and_then(|i| names.get(i))
            .map(|name| shown_name(name.as_ref()))
            .filter(|name| !name.is_empty());
        match name {
            Some(name) => self.describe(&format!("\"{name}\"")),
            None => self.describe(&format!("Document {position}")),
        }
    }
}

/// A file name as a message may repeat it: its visible characters (no control, invisible or
/// direction-changing character, no quote), trimmed, at most [`MAX_NAME_CHARS`].
fn shown_name(name: &str) -> String {
    let kept: String = name
        .chars()
        .filter(|c| *c != '"' && !c.is_control() && text_class(*c) != TextClass::Refused)
        .collect();
    let kept = kept.trim();
    if kept.chars().count() <= MAX_NAME_CHARS {
        kept.to_owned()
    } else {
        let cut: String = kept.chars().take(MAX_NAME_CHARS - 1).collect();
        format!("{}…", cut.trim_end())
    }
}

/// Checks the documents of one answer (their bytes, in the order sent): their number, each
/// one's size and type. Returns each one's type.
///
/// ```
/// use banksia_core::review::information::{DocumentRefusal, check_documents};
/// let fake = b"GIF89a this is not one of the accepted types at all".to_vec();
/// assert_eq!(check_documents(&[fake]), Err(DocumentRefusal::WrongType(1)));
/// ```
pub fn check_documents<B: AsRef<[u8]>>(
    documents: &[B],
) -> Result<Vec<DocumentType>, DocumentRefusal> {
    if documents.len() > MAX_DOCUMENTS {
        return Err(DocumentRefusal::TooMany);
    }
    documents
        .iter()
        .enumerate()
        .map(|(i, bytes)| {
            let bytes = bytes.as_ref();
            let position = i + 1;
            if bytes.len() > MAX_DOCUMENT_BYTES {
                Err(DocumentRefusal::TooLarge(position))
            } else if bytes.len() < MIN_DOCUMENT_BYTES {
                Err(DocumentRefusal::Empty(position))
            } else {
                sniff(bytes).ok_or(DocumentRefusal::WrongType(position))
            }
        })
        .collect()
}

/// What the answer form says about its message: the rule of [`check_answer_message`], in the
/// words the status page shows beside the message box.
pub const ANSWER_MESSAGE_HELP: &str = "With a document attached, the message is up to you: leave it empty or write a few words. Without one, write at least 10 characters.";

/// Checks the answer's message. With at least one document attached the documents are the
/// answer: the message may be empty or as short as "Attached", and only the character rules
/// and the length limit of [`super::check_message`] apply. With none, the message is the
/// answer and needs [`MESSAGE_MIN_CHARS`] visible characters, as a staff message does
/// ([`ANSWER_MESSAGE_HELP`] says so). Returns the message as stored (`None` for an empty one).
///
/// ```
/// use banksia_core::review::information::check_answer_message;
/// assert_eq!(check_answer_message("  ", 1), Ok(None));
/// assert_eq!(check_answer_message("Attached", 1).unwrap().as_deref(), Some("Attached"));
/// assert!(check_answer_message("", 0).is_err());
/// assert!(check_answer_message("Attached", 0).is_err());
/// assert_eq!(check_answer_message("My licence is attached.", 1).unwrap().as_deref(), Some("My licence is attached."));
/// ```
pub fn check_answer_message(message: &str, documents: usize) -> Result<Option<String>, Refusal> {
    if message.trim().is_empty() {
        return if documents > 0 {
            Ok(None)
        } else {
            Err(Refusal::InvalidText(
                "Write a message or attach at least one document.".into(),
            ))
        };
    }
    let min = if documents > 0 { 0 } else { MESSAGE_MIN_CHARS };
    check_text(message, "message", min, MESSAGE_MAX_CHARS).map(Some)
}

/// The longest message an answer may have (the text rules' limit).
pub const ANSWER_MAX_CHARS: usize = MESSAGE_MAX_CHARS;

/// Why an answer cannot be taken now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AnswerRefusal {
    /// The bank already has the answer to this request.
    #[error(
        "We already have your answer to this request, so nothing more was sent. If you need to add something, call us quoting your reference."
    )]
    AlreadyAnswered,
    /// The bank is not waiting for information (the review went on, or the application is
    /// decided or withdrawn).
    #[error(
        "We're no longer waiting for information on this application, so nothing was sent. Ask for a new link below to see where it stands."
    )]
    NotWaiting,
    /// The form was opened for an earlier request; the bank has asked for something else since.
    #[error(
        "This form was for an earlier request: we've since asked you for something else, so nothing was sent. Your message is still here. Ask for a new link below and open it to read what we need now."
    )]
    EarlierRequest,
}

/// [`receive_answer`] for an answer form opened for one request: `same_request` is false when
/// the bank has asked again since the form was opened (the form's words and the applicant's
/// answer are about the earlier request), and the answer is refused.
///
/// ```
/// use banksia_core::review::Status;
/// use banksia_core::review::information::{AnswerRefusal, receive_answer_for};
/// assert_eq!(receive_answer_for(Status::InformationRequested, true), Ok(Status::InformationReceived));
/// assert_eq!(receive_answer_for(Status::InformationRequested, false), Err(AnswerRefusal::EarlierRequest));
/// ```
pub const fn receive_answer_for(
    status: Status,
    same_request: bool,
) -> Result<Status, AnswerRefusal> {
    match receive_answer(status) {
        Ok(_) if !same_request => Err(AnswerRefusal::EarlierRequest),
        other => other,
    }
}

/// What the applicant's answer does: an application waiting for information is marked
/// `information_received` and goes back to the queue; anything else refuses the answer.
pub const fn receive_answer(status: Status) -> Result<Status, AnswerRefusal> {
    match status {
        Status::InformationRequested => Ok(Status::InformationReceived),
        Status::InformationReceived => Err(AnswerRefusal::AlreadyAnswered),
        _ => Err(AnswerRefusal::NotWaiting),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png() -> Vec<u8> {
        [PNG_SIGNATURE, b"\x00\x00\x00\x0dIHDR", &[0u8; 40], PNG_IEND].concat()
    }

    fn jpeg() -> Vec<u8> {
        [
            b"\xff\xd8\xff\xe0\x00\x10JFIF\x00".as_slice(),
            &[1u8; 40],
            b"\xff\xd9",
        ]
        .concat()
    }

    fn pdf() -> Vec<u8> {
        b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
            .to_vec()
    }

    #[test]
    fn types_are_read_from_content_not_names() {
        assert_eq!(sniff(&pdf()), Some(DocumentType::Pdf));
        assert_eq!(sniff(&png()), Some(DocumentType::Png));
        assert_eq!(sniff(&jpeg()), Some(DocumentType::Jpeg));
        // Trailing data after a JPEG's end (a phone's motion photo) is still a JPEG.
        let mut appended = jpeg();
        appended.extend_from_slice(&[7u8; 64]);
        assert_eq!(sniff(&appended), Some(DocumentType::Jpeg));
        // Cut off, or only a signature in front of something else: refused.
        let whole = png();
        assert_eq!(sniff(&whole[..whole.len() - 4]), None);
        assert_eq!(sniff(&jpeg()[..jpeg().len() - 2]), None);
        let mut html = b"%PDF-1.4".to_vec();
        html.extend_from_slice(&[b'x'; 2000]);
        html.extend_from_slice(b"%%EOF");
        html.extend_from_slice(&[b' '; 2000]);
        assert_eq!(sniff(&html), None, "%%EOF must be at the end");
        for other in [
            b"GIF89a\x01\x00\x01\x00 padding padding padding padding".as_slice(),
            b"MZ\x90\x00\x03\x00\x00\x00 an executable, renamed to .pdf".as_slice(),
            b"<html><body>not a document at all, whatever its name</body></html>".as_slice(),
            b"PK\x03\x04 a zip or a .docx file with enough bytes to look real".as_slice(),
            b"%PDF-9.9 claims a version nobody wrote %%EOF".as_slice(),
        ] {
            assert_eq!(sniff(other), None, "{other:?}");
        }
        assert_eq!(sniff(b"\xff\xd8\xff"), None, "too short");
    }

    #[test]
    fn documents_are_counted_sized_and_typed_in_order() {
        assert_eq!(
            check_documents(&[pdf(), png(), jpeg()]),
            Ok(vec![
                DocumentType::Pdf,
                DocumentType::Png,
                DocumentType::Jpeg
            ])
        );
        assert_eq!(
            check_documents::<Vec<u8>>(&[]),
            Ok(vec![]),
            "no document is fine"
        );
        assert_eq!(
            check_documents(&[pdf(), pdf(), pdf(), pdf()]),
            Err(DocumentRefusal::TooMany)
        );
        let mut big = pdf();
        big.splice(10..10, vec![b' '; MAX_DOCUMENT_BYTES]);
        assert_eq!(
            check_documents(&[pdf(), big]),
            Err(DocumentRefusal::TooLarge(2))
        );
        assert_eq!(
            check_documents(&[pdf(), b"".to_vec()]),
            Err(DocumentRefusal::Empty(2))
        );
        let renamed = b"GIF89a an image of a type the bank does not take, named .png".to_vec();
        assert_eq!(
            check_documents(&[renamed]),
            Err(DocumentRefusal::WrongType(1))
        );
        // The messages name the limits and the document.
        assert!(
            DocumentRefusal::TooLarge(2)
                .to_string()
                .contains("Document 2")
        );
        assert!(DocumentRefusal::TooLarge(2).to_string().contains("5 MB"));
        assert!(DocumentRefusal::TooMany.to_string().contains("up to 3"));
        assert!(
            DocumentRefusal::WrongType(1)
                .to_string()
                .contains(ACCEPTED_TYPES)
        );
    }

    #[test]
    fn a_refusal_names_the_file_as_the_applicant_chose_it() {
        let names = ["passport.gif", "", "\u{202E}fdp.exe\u{0007}"];
        for (refusal, starts) in [
            (
                DocumentRefusal::WrongType(1),
                "\"passport.gif\" isn't a PDF, JPEG or PNG",
            ),
            (
                DocumentRefusal::TooLarge(1),
                "\"passport.gif\" is larger than 5 MB",
            ),
            (DocumentRefusal::Empty(2), "Document 2 is empty"),
            // Direction overrides and control characters never reach the message.
            (DocumentRefusal::WrongType(3), "\"fdp.exe\" isn't"),
            (DocumentRefusal::Empty(4), "Document 4 is empty"),
        ] {
            let words = refusal.naming(&names);
            assert!(words.starts_with(starts), "{words}");
        }
        // Without names, and in `Display`, the position.
        assert_eq!(
            DocumentRefusal::WrongType(1).naming::<&str>(&[]),
            DocumentRefusal::WrongType(1).to_string()
        );
        assert_eq!(
            DocumentRefusal::TooMany.naming(&names),
            DocumentRefusal::TooMany.to_string()
        );
        // A name can't break out of its quotes, nor run on.
        let long = format!("{}\"quoted\".pdf", "a".repeat(200));
        let words = DocumentRefusal::Empty(1).naming(&[long]);
        let name = words.split('"').nth(1).unwrap();
        assert_eq!(name.chars().count(), MAX_NAME_CHARS);
        assert!(name.ends_with('…'));
        assert_eq!(words.matches('"').count(), 2, "{words}");
    }

    #[test]
    fn the_message_rule_is_the_one_the_help_states() {
        // With a document: empty, or any short words.
        for message in ["", "   ", "Attached", "ok", "See PDF"] {
            assert!(check_answer_message(message, 1).is_ok(), "{message:?}");
        }
        // Without one: at least the minimum, as the help says.
        assert!(ANSWER_MESSAGE_HELP.contains(&format!("at least {MESSAGE_MIN_CHARS} characters")));
        for message in ["", "Attached", "123456789"] {
            assert!(check_answer_message(message, 0).is_err(), "{message:?}");
        }
        assert!(check_answer_message("1234567890", 0).is_ok());
        // The character rules and the limit hold either way.
        assert!(check_answer_message("Attached\u{202E}", 1).is_err());
        assert!(check_answer_message(&"a".repeat(ANSWER_MAX_CHARS + 1), 1).is_err());
    }

    #[test]
    fn a_form_answers_only_the_request_it_was_opened_for() {
        assert_eq!(
            receive_answer_for(Status::InformationRequested, false),
            Err(AnswerRefusal::EarlierRequest)
        );
        // An application no longer waiting says so, whichever request the form was for.
        for same in [true, false] {
            assert_eq!(
                receive_answer_for(Status::UnderReview, same),
                Err(AnswerRefusal::NotWaiting)
            );
            assert_eq!(
                receive_answer_for(Status::InformationReceived, same),
                Err(AnswerRefusal::AlreadyAnswered)
            );
        }
        assert!(
            AnswerRefusal::EarlierRequest
                .to_string()
                .contains("Your message is still here")
        );
        assert_eq!(
            DocumentRefusal::Unreadable(2).naming(&["a.pdf", "scan.png"]),
            "\"scan.png\" could not be read. Choose the file again."
        );
    }

    #[test]
    fn an_answer_moves_only_a_waiting_application() {
        assert_eq!(
            receive_answer(Status::InformationRequested),
            Ok(Status::InformationReceived)
        );
        assert_eq!(
            receive_answer(Status::InformationReceived),
            Err(AnswerRefusal::AlreadyAnswered)
        );
        for status in [
            Status::UnderReview,
            Status::Approved,
            Status::Declined,
            Status::Withdrawn,
        ] {
            assert_eq!(receive_answer(status), Err(AnswerRefusal::NotWaiting));
        }
    }

    #[test]
    fn the_applicant_is_told_the_limits_core_enforces() {
        let words = Status::InformationRequested.applicant_wording().next_step;
        assert!(words.contains(&format!("up to {MAX_DOCUMENTS} documents")));
        assert!(words.contains(ACCEPTED_TYPES));
        assert!(words.contains(&format!(
            "up to {} MB each",
            MAX_DOCUMENT_BYTES / (1024 * 1024)
        )));
        assert!(!words.contains("Reply to our email"));
    }

    #[test]
    fn media_types_round_trip() {
        for t in DocumentType::ALL {
            assert_eq!(DocumentType::parse(t.content_type()), Some(t));
            assert!(ACCEPTED_TYPES.contains(t.label()));
        }
        assert_eq!(DocumentType::parse("text/html"), None);
    }
}
