//! The format checks behind the application rules, public so the same checks can be reused
//! (they never decide a message: messages live in [`Field::rules`](super::Field::rules)).

use chrono::{Datelike, NaiveDate};

/// A practical email syntax check (not the whole of RFC 5322): one `@`; a local part of 1 to 64
/// characters from letters, digits and ``!#$%&'*+/=?^_`{|}~.-`` without a leading, trailing
/// or doubled dot; a domain of at least two dot-separated labels of letters, digits and inner
/// hyphens (1 to 63 characters each), ending in an alphabetic top-level label of 2 or more
/// letters (or a punycode `xn--` label); 254 characters at most in all.
///
/// ```
/// use banksia_core::application::checks::is_valid_email;
///
/// assert!(is_valid_email("jane.citizen+bank@example.com.au"));
/// assert!(!is_valid_email("jane@localhost"));
/// assert!(!is_valid_email("jane..citizen@example.com"));
/// assert!(!is_valid_email("jane citizen@example.com"));
/// ```
pub fn is_valid_email(email: &str) -> bool {
    if email.len() > 254 {
        return false;
    }
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c));
    if !local_ok || domain.len() > 253 {
        return false;
    }
    let labels: Vec<&str> = domain.split('.').collect();
    if labels.len() < 2 {
        return false;
    }
    let labels_ok = labels.iter().all(|label| {
        !label.is_empty()
            && label.len() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    });
    let top = labels.last().copied().unwrap_or_default();
    let top_ok = (top.len() >= 2 && top.chars().all(|c| c.is_ascii_alphabetic()))
        || (top.len() > 4 && top.to_ascii_lowercase().starts_with("xn--"));
    labels_ok && top_ok
}

/// Trims an email address and lower-cases its domain (domains are case-insensitive; the local
/// part is kept as typed).
///
/// ```
/// use banksia_core::application::checks::normalise_email;
/// assert_eq!(normalise_email("  Jane@Example.COM "), "Jane@example.com");
/// ```
pub fn normalise_email(email: &str) -> String {
    let email = email.trim();
    match email.rsplit_once('@') {
        Some((local, domain)) => format!("{local}@{}", domain.to_ascii_lowercase()),
        None => email.to_string(),
    }
}

/// Reads an Australian phone number, mobile or landline, and returns it in international
/// (E.164) form: `+61` and 9 digits. Spaces, hyphens, dots and parentheses are ignored. The
/// number is `0` then 9 digits, or `+61` (or `61`) then 9 digits, and the digit after the `0` or
/// `61` is an Australian area or service code: 2, 3, 7, 8 (landlines) or 4 (mobiles).
///
/// The national trunk `0` written after the country code, as many people do
/// (`+61 (0)4xx xxx xxx`, `+61 0412 …`, `+61 (02) …`), is dropped: the number is unambiguous,
/// and Google's libphonenumber reads it the same way.
///
/// ```
/// use banksia_core::application::checks::normalise_phone;
///
/// assert_eq!(normalise_phone("0412 345 678").as_deref(), Some("+61412345678"));
/// assert_eq!(normalise_phone("+61 3 9123 4567").as_deref(), Some("+61391234567"));
/// assert_eq!(normalise_phone("(02) 9876-5432").as_deref(), Some("+61298765432"));
/// assert_eq!(normalise_phone("+61 (0)412 345 678").as_deref(), Some("+61412345678"));
/// assert_eq!(normalise_phone("+61 0412 345 678").as_deref(), Some("+61412345678"));
/// assert_eq!(normalise_phone("+61 (02) 9876 5432").as_deref(), Some("+61298765432"));
/// assert_eq!(normalise_phone("1300 123 456"), None); // not a personal number
/// assert_eq!(normalise_phone("+1 415 555 0100"), None);
/// ```
pub fn normalise_phone(phone: &str) -> Option<String> {
    let compact: String = phone
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.' | '(' | ')'))
        .collect();
    // After the country code, a trunk `0` and then 9 digits (10 in all) is dropped.
    fn after_country_code(rest: &str) -> &str {
        match rest.strip_prefix('0') {
            Some(national) if rest.len() == 10 => national,
            _ => rest,
        }
    }
    let national = if let Some(rest) = compact.strip_prefix("+61") {
        after_country_code(rest)
    } else if let Some(rest) = compact
        .strip_prefix("61")
        .filter(|rest| rest.len() == 9 || (rest.len() == 10 && rest.starts_with('0')))
    {
        after_country_code(rest)
    } else {
        compact.strip_prefix('0')?
    };
    let valid = national.len() == 9
        && national.bytes().all(|b| b.is_ascii_digit())
        && matches!(
            national.as_bytes().first(),
            Some(b'2' | b'3' | b'4' | b'7' | b'8')
        );
    valid.then(|| format!("+61{national}"))
}

/// An Australian phone number as Australians write it: a mobile `0412 345 678`, a landline
/// `(02) 9876 5432`; `None` for a number [`normalise_phone`] does not read.
///
/// ```
/// use banksia_core::application::checks::format_phone_national;
///
/// assert_eq!(format_phone_national("+61412345678").as_deref(), Some("0412 345 678"));
/// assert_eq!(format_phone_national("0298765432").as_deref(), Some("(02) 9876 5432"));
/// assert_eq!(format_phone_national("+61 3 9123 4567").as_deref(), Some("(03) 9123 4567"));
/// assert_eq!(format_phone_national("12345"), None);
/// ```
pub fn format_phone_national(phone: &str) -> Option<String> {
    let e164 = normalise_phone(phone)?;
    let n = e164.strip_prefix("+61")?;
    Some(if n.starts_with('4') {
        format!("0{} {} {}", &n[..3], &n[3..6], &n[6..])
    } else {
        format!("(0{}) {} {}", &n[..1], &n[1..5], &n[5..])
    })
}

/// The date in the bank's home time, Sydney's civil time with daylight saving
/// ([`today::sydney_time`](super::today::sydney_time)), at a Unix time in seconds: the `today`
/// for [`validate_step`](super::validate_step) and [`validate_application`](super::validate_application)
/// before the applicant's state is known, and every other "today" of the bank. `None` only for
/// times chrono can't represent.
///
/// ```
/// use banksia_core::application::checks::bank_date;
/// use chrono::NaiveDate;
///
/// // 2026-03-01 12:59:59 UTC is 23:59:59 in Sydney (UTC+11, daylight saving); one second later
/// // it is 2 March.
/// assert_eq!(bank_date(1_772_369_999), NaiveDate::from_ymd_opt(2026, 3, 1));
/// assert_eq!(bank_date(1_772_370_000), NaiveDate::from_ymd_opt(2026, 3, 2));
/// // In winter (UTC+10): 2026-07-01 13:59:59 UTC is still 1 July.
/// assert_eq!(bank_date(1_782_914_399), NaiveDate::from_ymd_opt(2026, 7, 1));
/// assert_eq!(bank_date(1_782_914_400), NaiveDate::from_ymd_opt(2026, 7, 2));
/// ```
pub fn bank_date(unix_seconds: i64) -> Option<NaiveDate> {
    chrono::DateTime::from_timestamp(unix_seconds, 0)
        .map(|moment| super::today::sydney_time(moment).date())
}

// The date reader lives with the other dates ([`super::today`]); its path here is kept for callers.
pub use super::today::parse_iso_date;

/// False only for a date written with a year of other than four digits (`90-03-27`, what
/// "27 / 3 / 90" becomes): anything else is for [`parse_iso_date`] to judge.
///
/// ```
/// use banksia_core::application::checks::year_has_four_digits;
/// assert!(!year_has_four_digits("90-03-27"));
/// assert!(!year_has_four_digits("019-03-27"));
/// assert!(year_has_four_digits("1990-03-27"));
/// assert!(year_has_four_digits("27/03/1990")); // not this rule's concern
/// ```
pub fn year_has_four_digits(text: &str) -> bool {
    match text.split_once('-') {
        Some((year, rest)) if !year.is_empty() && year.bytes().all(|b| b.is_ascii_digit()) => {
            let date_shaped = rest.len() == 5
                && rest.as_bytes()[2] == b'-'
                && rest
                    .bytes()
                    .enumerate()
                    .all(|(i, b)| i == 2 || b.is_ascii_digit());
            !date_shaped || year.len() == 4
        }
        _ => true,
    }
}

/// Age in whole years on `today`. A birthday on 29 February is reached on 1 March in common
/// years (the later, safer reading for an age check).
///
/// ```
/// use banksia_core::application::checks::age_on;
/// use chrono::NaiveDate;
///
/// let born = NaiveDate::from_ymd_opt(2008, 2, 29).unwrap();
/// assert_eq!(age_on(born, NaiveDate::from_ymd_opt(2026, 2, 28).unwrap()), 17);
/// assert_eq!(age_on(born, NaiveDate::from_ymd_opt(2026, 3, 1).unwrap()), 18);
/// ```
pub fn age_on(date_of_birth: NaiveDate, today: NaiveDate) -> i32 {
    let before_birthday =
        (today.month(), today.day()) < (date_of_birth.month(), date_of_birth.day());
    today.year() - date_of_birth.year() - i32::from(before_birthday)
}

/// Exactly four ASCII digits, like every Australian postcode.
///
/// ```
/// use banksia_core::application::checks::is_four_digit_postcode;
/// assert!(is_four_digit_postcode("0800"));
/// assert!(!is_four_digit_postcode("800"));
/// ```
pub fn is_four_digit_postcode(postcode: &str) -> bool {
    postcode.len() == 4 && postcode.bytes().all(|b| b.is_ascii_digit())
}

/// Letters, digits, spaces and hyphens only, as on Australian licences, passports and proof of
/// age cards.
///
/// ```
/// use banksia_core::application::checks::is_identifier;
/// assert!(is_identifier("PA 1234567"));
/// assert!(!is_identifier("12#45"));
/// ```
pub fn is_identifier(text: &str) -> bool {
    text.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-')
}

#[path = "text_classes.rs"]
mod text_classes;

pub use text_classes::{is_default_ignorable, nfc};

/// How a character counts in a free-text field (a name, an address, an employer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextClass {
    /// Shows on screen and counts towards a minimum length.
    Ordinary,
    /// Refused: anything Unicode calls Default_Ignorable (zero-width characters, variation
    /// selectors, fillers, tags, the soft hyphen, the combining grapheme joiner ...), a
    /// control, format, private-use or unassigned character, a separator other than the
    /// ordinary space (no-break and other spaces, line and paragraph separators), or a blank
    /// symbol (the Braille pattern blank). The zero-width joiner and non-joiner are refused
    /// too, except between two letters of a script that needs them (see [`is_plain_text`]).
    Refused,
    /// Allowed, but shows nothing on its own: a nonspacing or enclosing mark (it draws on the
    /// character before it), so it does not count towards a minimum length.
    Silent,
}

/// The class of `c`, from Unicode's General_Category and Default_Ignorable_Code_Point as
/// ICU4X's tables give them.
///
/// ```
/// use banksia_core::application::checks::{TextClass, text_class};
///
/// assert_eq!(text_class('é'), TextClass::Ordinary);
/// assert_eq!(text_class(' '), TextClass::Ordinary);
/// assert_eq!(text_class('\u{200B}'), TextClass::Refused); // zero-width space
/// assert_eq!(text_class('\u{202E}'), TextClass::Refused); // right-to-left override
/// assert_eq!(text_class('\u{00A0}'), TextClass::Refused); // no-break space
/// assert_eq!(text_class('\u{034F}'), TextClass::Refused); // combining grapheme joiner
/// assert_eq!(text_class('\u{FE0F}'), TextClass::Refused); // variation selector
/// assert_eq!(text_class('\u{2800}'), TextClass::Refused); // Braille pattern blank
/// assert_eq!(text_class('\u{0301}'), TextClass::Silent); // combining acute accent
/// ```
pub fn text_class(c: char) -> TextClass {
    // ASCII, nearly every character typed, without a lookup: controls are refused (Cc),
    // everything else is ordinary (the test `ascii_agrees_with_the_tables` holds them equal).
    if c.is_ascii() {
        return if c.is_ascii_control() {
            TextClass::Refused
        } else {
            TextClass::Ordinary
        };
    }
    text_classes::class_of(c)
}

/// What a free-text field may hold: at least one character that shows, and no character that
/// [`text_class`] refuses, except a zero-width joiner or non-joiner between two letters of a
/// script whose spellings need one (Persian, Sinhala, the Indic scripts ...). Text is checked
/// as it is stored, in NFC (see [`nfc`]).
///
/// ```
/// use banksia_core::application::checks::is_plain_text;
///
/// assert!(is_plain_text("Zoë O'Brien-Smith"));
/// assert!(is_plain_text("Nguyễn Thị Minh Khai"));
/// assert!(is_plain_text("\u{0645}\u{06CC}\u{200C}\u{0631}\u{0636}\u{0627}")); // Persian, ZWNJ
/// assert!(is_plain_text("\u{0DC1}\u{0DCA}\u{200D}\u{0DBB}\u{0DD3}")); // Sinhala "Sri", ZWJ
/// assert!(!is_plain_text("Jane\u{200D}"));
/// assert!(!is_plain_text("Char\u{200C}lotte"));
/// assert!(!is_plain_text("Char\u{034F}lotte"));
/// assert!(!is_plain_text("\u{2800}\u{2800}"));
/// assert!(!is_plain_text("evil\u{202E}txt.exe"));
/// ```
pub fn is_plain_text(text: &str) -> bool {
    let mut visible = false;
    for (at, c) in text.char_indices() {
        match text_class(c) {
            TextClass::Ordinary => visible = true,
            TextClass::Silent => {}
            TextClass::Refused => {
                let joiner = matches!(
                    c,
                    text_classes::ZERO_WIDTH_JOINER | text_classes::ZERO_WIDTH_NON_JOINER
                );
                let after = text[at + c.len_utf8()..].chars().next();
                if !(joiner && text_classes::joiner_allowed(&text[..at], after)) {
                    return false;
                }
            }
        }
    }
    visible
}

/// How many characters of `text` show on screen: every character [`text_class`] calls
/// ordinary, so combining marks on their own and invisible characters count as nothing.
///
/// ```
/// use banksia_core::application::checks::visible_len;
///
/// assert_eq!(visible_len("Jo"), 2);
/// assert_eq!(visible_len("Jose\u{0301}"), 4); // "José" with a combining accent
/// assert_eq!(visible_len("\u{200B}\u{200B}"), 0);
/// assert_eq!(visible_len("\u{0301}\u{0301}"), 0);
/// ```
pub fn visible_len(text: &str) -> usize {
    text.chars()
        .filter(|&c| text_class(c) == TextClass::Ordinary)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every character the hostile client got stored, and its relatives.
    const REFUSED: &[char] = &[
        '\u{200B}',   // zero width space
        '\u{200C}',   // zero width non-joiner
        '\u{200D}',   // zero width joiner
        '\u{200E}',   // left-to-right mark
        '\u{202A}',   // left-to-right embedding
        '\u{202E}',   // right-to-left override
        '\u{2066}',   // left-to-right isolate
        '\u{2067}',   // right-to-left isolate
        '\u{2069}',   // pop directional isolate
        '\u{2060}',   // word joiner
        '\u{FEFF}',   // byte order mark
        '\u{00AD}',   // soft hyphen
        '\u{061C}',   // Arabic letter mark
        '\u{180E}',   // Mongolian vowel separator
        '\u{2028}',   // line separator
        '\u{2029}',   // paragraph separator
        '\u{00A0}',   // no-break space
        '\u{2003}',   // em space
        '\u{3000}',   // ideographic space
        '\u{E000}',   // private use
        '\u{F8FF}',   // private use
        '\u{F0000}',  // supplementary private use A
        '\u{10FFFD}', // supplementary private use B
        '\u{E0001}',  // language tag
        '\u{E0041}',  // tag Latin capital A
        '\u{E007F}',  // cancel tag
        '\u{0378}',   // unassigned
        '\u{FFFF}',   // noncharacter
        '\u{40000}',  // unassigned plane
        '\u{3164}',   // Hangul filler
        '\u{115F}',   // Hangul choseong filler
        '\u{0000}',
        '\t',
        '\n',
        '\u{7F}',
        '\u{85}',
    ];

    #[test]
    fn the_hostile_characters_are_refused() {
        for &c in REFUSED {
            assert_eq!(text_class(c), TextClass::Refused, "U+{:04X}", u32::from(c));
            assert!(
                !is_plain_text(&format!("Jane{c}Citizen")),
                "U+{:04X}",
                u32::from(c)
            );
        }
    }

    #[test]
    fn real_names_and_addresses_pass() {
        for text in [
            "Charlotte",
            "O'Brien-Smith",
            "Zoë",
            "Nguyễn",
            "Müller",
            "Ngāi Tahu",
            "Ó Súilleabháin",
            "Đặng",
            "Львов",
            "Αθηνά",
            "김민준",
            "山田 太郎",
            "محمد",
            "שרה",
            "देवनागरी",
            "ไทย",
            "Unit 4/12 Banksia St.",
            "Level 3, 100 Collins Street",
            "Acme Pty Ltd & Co (Aust.) #2",
            "Zoe\u{0308}", // decomposed ë
        ] {
            assert!(is_plain_text(text), "{text}");
        }
    }

    #[test]
    fn marks_alone_show_nothing() {
        assert_eq!(text_class('\u{0301}'), TextClass::Silent);
        assert_eq!(text_class('\u{20DD}'), TextClass::Silent); // enclosing circle
        assert_eq!(visible_len("\u{0301}\u{0302}\u{0303}"), 0);
        assert_eq!(visible_len("a\u{0301}"), 1);
        // Spacing marks do show (Devanagari vowel sign I).
        assert_eq!(text_class('\u{093F}'), TextClass::Ordinary);
        // U+034F, the combining grapheme joiner, is a mark that is ignorable: refused.
        for c in ('\u{0300}'..='\u{036F}')
            .chain('\u{FE20}'..='\u{FE2F}')
            .filter(|&c| c != '\u{034F}')
        {
            assert_eq!(text_class(c), TextClass::Silent, "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn every_plane_is_read_right() {
        for (c, class) in [
            ('\u{1F600}', TextClass::Ordinary), // emoji
            ('\u{1D400}', TextClass::Ordinary), // mathematical bold A
            ('\u{20000}', TextClass::Ordinary), // CJK extension B
            ('\u{E0100}', TextClass::Refused),  // variation selector 17 (ignorable)
            ('\u{E0000}', TextClass::Refused),  // unassigned
            ('\u{EFFFF}', TextClass::Refused),
            ('\u{10FFFF}', TextClass::Refused),
            ('\u{FFFD}', TextClass::Ordinary), // replacement character (a symbol)
            ('\u{FFFE}', TextClass::Refused),
        ] {
            assert_eq!(text_class(c), class, "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn the_table_agrees_with_the_standard_library_where_it_can() {
        // Rust's own Unicode data: every control is refused, every alphanumeric is not, and
        // whitespace other than the space is refused unless it is a control too.
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            if c.is_control() {
                assert_eq!(text_class(c), TextClass::Refused, "U+{:04X}", u32::from(c));
            }
            if c.is_whitespace() && c != ' ' {
                assert_eq!(text_class(c), TextClass::Refused, "U+{:04X}", u32::from(c));
            }
        }
        for c in ('a'..='z').chain('A'..='Z').chain('0'..='9') {
            assert_eq!(text_class(c), TextClass::Ordinary);
        }
        assert_eq!(text_class(char::MAX), TextClass::Refused);
    }

    #[test]
    fn ascii_agrees_with_the_tables() {
        // The space is the one separator allowed, by the ASCII path alone.
        for c in (0u8..=127).map(char::from).filter(|&c| c != ' ') {
            assert_eq!(text_class(c), text_classes::class_of(c), "{c:?}");
        }
    }

    proptest! {
        /// Text with any refused character inserted anywhere is refused; inserting silent
        /// characters never changes the visible length.
        #[test]
        fn a_refused_character_anywhere_is_refused(
            text in "[a-zA-Z '\\-éöñ]{0,30}",
            at in 0usize..=30,
            pick in 0usize..REFUSED.len(),
        ) {
            prop_assume!(is_plain_text(&text));
            let at = text.char_indices().map(|(i, _)| i).chain([text.len()]).nth(at).unwrap_or(text.len());
            let mut bad = text.clone();
            bad.insert(at, REFUSED[pick]);
            prop_assert!(!is_plain_text(&bad));
            let mut marked = text.clone();
            marked.insert(at, '\u{0301}');
            prop_assert_eq!(visible_len(&marked), visible_len(&text));
        }

        /// Any string: plain text has something visible and no refused character but a
        /// joiner, and the visible length never exceeds the character count.
        #[test]
        fn classes_are_consistent(text in any::<String>()) {
            let refused = text
                .chars()
                .any(|c| text_class(c) == TextClass::Refused && !matches!(c, '\u{200C}' | '\u{200D}'));
            if is_plain_text(&text) {
                prop_assert!(!refused);
                prop_assert!(visible_len(&text) > 0);
            }
            if !refused && visible_len(&text) > 0 && !text.contains(['\u{200C}', '\u{200D}']) {
                prop_assert!(is_plain_text(&text));
            }
            prop_assert!(visible_len(&text) <= text.chars().count());
        }
    }
}
