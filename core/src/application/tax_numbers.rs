//! Australian registered numbers and their published check-digit rules: the Australian Business
//! Number ([`Abn`]), the Australian Company Number ([`Acn`]) and the Tax File Number ([`Tfn`]).
//!
//! Each is a typed value that only a number passing its rule can become. The reader
//! ([`Abn::parse`], ...) takes the digits as people type them, spaces anywhere; the formatter
//! ([`Display`](std::fmt::Display)) writes them as the register does (`51 824 753 556`,
//! `004 085 616`); a TFN displays masked (`*** *** 782`), so that a log line or a page can't
//! show one by accident ([`Tfn::digits`] is there for the encrypted store).
//!
//! A number that passes has well-formed check digits; that says nothing of whether the
//! register holds it. A reviewer confirms an ABN on the public ABN Lookup ([`Abn::lookup_url`]).
//!
//! The rules:
//! * **ABN** (Australian Business Register, "Format of the ABN"): 11 digits; subtract 1 from the
//!   first digit, weight the digits 10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19; the sum is a multiple
//!   of 89. The two leading digits are the check digits.
//! * **ACN** (ASIC, Corporations Regulations 2001 reg 1A.1.01): 9 digits; weight the first 8 by
//!   8, 7, ..., 1; the last digit is (10 − sum mod 10) mod 10.
//! * **TFN**: 9 digits weighted 1, 4, 3, 7, 5, 8, 6, 9, 10 (the older 8-digit numbers
//!   10, 7, 8, 4, 6, 3, 5, 1); the sum is a multiple of 11. The ATO does not publish this rule;
//!   these are the weights payroll and banking software use, and the ATO's own example
//!   numbers pass them.
//!
//! ```
//! use banksia_core::application::tax_numbers::{Abn, Acn, Tfn, NumberProblem};
//!
//! let abn = Abn::parse("51824753556").unwrap();
//! assert_eq!(abn.to_string(), "51 824 753 556");
//! assert_eq!(Acn::parse(" 004 085 616 ").unwrap().to_string(), "004 085 616");
//! assert_eq!(Tfn::parse("123 456 782").unwrap().to_string(), "*** *** 782");
//!
//! let wrong = Abn::parse("51 824 753 557").unwrap_err();
//! assert_eq!(wrong.problem, NumberProblem::CheckDigit);
//! assert_eq!(wrong.message(), "This ABN's check digits don't match its other digits: one of them is probably mistyped");
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum NumberKind {
    /// Australian Business Number, 11 digits.
    Abn,
    /// Australian Company Number, 9 digits.
    Acn,
    /// Tax File Number, 8 or 9 digits.
    Tfn,
}

/// What is wrong with a number, in the order it is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum NumberProblem {
    /// Something other than digits and spaces.
    Characters,
    /// Too few or too many digits.
    Length,
    /// The digits are well formed but the check digit rule fails.
    CheckDigit,
    /// One digit repeated (`000 000 000`): a code forms use when no number is given (the
    /// ATO's `000 000 000`, `111 111 111`, `333 333 333`, `444 444 444` stand for "not
    /// quoted", "applied for", "under 18", "pensioner"), never a number the register issued.
    /// Some pass the check digit rule (every 8-digit TFN of one repeated digit does).
    Placeholder,
}

impl NumberKind {
    /// Every kind.
    pub const ALL: [Self; 3] = [Self::Abn, Self::Acn, Self::Tfn];

    /// The code that is sent (its serde name, `"abn"`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Abn => "abn",
            Self::Acn => "acn",
            Self::Tfn => "tfn",
        }
    }

    /// Reads a code (`"abn"`); `None` for anything else.
    ///
    /// ```
    /// use banksia_core::application::tax_numbers::NumberKind;
    /// assert_eq!(NumberKind::parse("acn"), Some(NumberKind::Acn));
    /// assert_eq!(NumberKind::parse("ssn"), None);
    /// ```
    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == code)
    }

    /// The short name people know it by (`"ABN"`).
    pub const fn abbreviation(self) -> &'static str {
        match self {
            Self::Abn => "ABN",
            Self::Acn => "ACN",
            Self::Tfn => "TFN",
        }
    }

    /// The problems in the order they are checked: a number's rows in the form's rule table.
    pub const PROBLEMS: [NumberProblem; 4] = [
        NumberProblem::Characters,
        NumberProblem::Length,
        NumberProblem::Placeholder,
        NumberProblem::CheckDigit,
    ];

    /// The message for `problem`: the one statement of it, used by the form's rule table too.
    ///
    /// ```
    /// use banksia_core::application::tax_numbers::{NumberKind, NumberProblem};
    /// assert_eq!(NumberKind::Acn.message(NumberProblem::Length), "An ACN has 9 digits");
    /// ```
    pub const fn message(self, problem: NumberProblem) -> &'static str {
        use NumberProblem::{Characters, CheckDigit, Length, Placeholder};
        match (self, problem) {
            (Self::Abn, Characters) => "An ABN has only digits (spaces are fine)",
            (Self::Abn, Length) => "An ABN has 11 digits",
            (Self::Abn, CheckDigit) => {
                "This ABN's check digits don't match its other digits: one of them is probably mistyped"
            }
            (Self::Acn, Characters) => "An ACN has only digits (spaces are fine)",
            (Self::Acn, Length) => "An ACN has 9 digits",
            (Self::Acn, CheckDigit) => {
                "This ACN's check digit doesn't match its other digits: one of them is probably mistyped"
            }
            (Self::Tfn, Characters) => "A TFN has only digits (spaces are fine)",
            (Self::Tfn, Length) => "A TFN has 9 digits (some older ones have 8)",
            (Self::Tfn, CheckDigit) => {
                "This TFN's check digit doesn't match its other digits: one of them is probably mistyped"
            }
            (Self::Abn, Placeholder) => {
                "An ABN isn't one digit repeated: enter the business's ABN as the register shows it"
            }
            (Self::Acn, Placeholder) => {
                "An ACN isn't one digit repeated: enter the company's ACN as ASIC shows it"
            }
            (Self::Tfn, Placeholder) => {
                "A TFN isn't one digit repeated (000 000 000 is the code forms use when no TFN is given): enter your own TFN, or leave it empty"
            }
        }
    }

    /// Whether `count` digits is a length this number comes in.
    const fn has_length(self, count: usize) -> bool {
        match self {
            Self::Abn => count == 11,
            Self::Acn => count == 9,
            Self::Tfn => count == 8 || count == 9,
        }
    }

    /// The check-digit rule on digits of a length the number comes in.
    fn passes_check(self, digits: &[u8]) -> bool {
        let weighted = |weights: &[u32]| -> u32 {
            digits
                .iter()
                .zip(weights)
                .map(|(digit, weight)| u32::from(*digit) * weight)
                .sum()
        };
        match self {
            Self::Abn => {
                // The leading check digits run 10 to 99: a first digit of 0 can't be one.
                if digits.first() == Some(&0) {
                    return false;
                }
                let sum = weighted(&[10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]) - 10;
                sum % 89 == 0
            }
            Self::Acn => {
                let sum = weighted(&[8, 7, 6, 5, 4, 3, 2, 1]);
                u32::from(digits[8]) == (10 - sum % 10) % 10
            }
            Self::Tfn => {
                let sum = if digits.len() == 9 {
                    weighted(&[1, 4, 3, 7, 5, 8, 6, 9, 10])
                } else {
                    weighted(&[10, 7, 8, 4, 6, 3, 5, 1])
                };
                sum % 11 == 0
            }
        }
    }

    /// The first problem `text` has as this number, or `None` when it is one.
    ///
    /// ```
    /// use banksia_core::application::tax_numbers::{NumberKind, NumberProblem};
    /// assert_eq!(NumberKind::Acn.problem_with("004 085 617"), Some(NumberProblem::CheckDigit));
    /// assert_eq!(NumberKind::Acn.problem_with("004 085 616"), None);
    /// ```
    pub fn problem_with(self, text: &str) -> Option<NumberProblem> {
        self.read(text).err().map(|error| error.problem)
    }

    /// The row of the form's rule table that refuses `problem` in this number, with its
    /// message. A number's rows are its [`Self::PROBLEMS`], in order.
    pub const fn rule(self, problem: NumberProblem) -> super::Rule {
        super::Rule::RegisteredNumber {
            kind: self,
            problem,
            message: std::borrow::Cow::Borrowed(self.message(problem)),
        }
    }

    /// Reads `text` as this number: its digits, spaces dropped.
    fn read(self, text: &str) -> Result<String, NumberError> {
        let error = |problem| NumberError {
            kind: self,
            problem,
        };
        if !text.chars().all(|c| c.is_ascii_digit() || c == ' ') {
            return Err(error(NumberProblem::Characters));
        }
        let digits: Vec<u8> = text
            .bytes()
            .filter(u8::is_ascii_digit)
            .map(|b| b - b'0')
            .collect();
        if !self.has_length(digits.len()) {
            return Err(error(NumberProblem::Length));
        }
        if digits.iter().all(|digit| *digit == digits[0]) {
            return Err(error(NumberProblem::Placeholder));
        }
        if !self.passes_check(&digits) {
            return Err(error(NumberProblem::CheckDigit));
        }
        Ok(digits.iter().map(|d| char::from(b'0' + d)).collect())
    }
}

/// Why a text is not a valid number of its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub struct NumberError {
    /// The number being read.
    pub kind: NumberKind,
    /// What is wrong with it.
    pub problem: NumberProblem,
}

impl NumberError {
    /// What to tell the person ([`NumberKind::message`]).
    pub const fn message(&self) -> &'static str {
        self.kind.message(self.problem)
    }
}

/// Writes `digits` in groups of the given sizes, separated by spaces.
fn grouped(digits: &str, groups: &[usize], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut rest = digits;
    for (index, size) in groups.iter().enumerate() {
        let (group, after) = rest.split_at((*size).min(rest.len()));
        if index > 0 {
            f.write_str(" ")?;
        }
        f.write_str(group)?;
        rest = after;
    }
    Ok(())
}

/// Declares a number type over its digits: `parse`, `digits`, `FromStr`, serde as the digits.
macro_rules! registered_number {
    ($(#[$meta:meta])* $name:ident, $kind:expr) => {
        $(#[$meta])*
        #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(type = "string"))]
        pub struct $name(String);

        impl $name {
            /// Which number this is.
            pub const KIND: NumberKind = $kind;

            /// Reads the number as typed: digits, spaces anywhere; the check digit must hold.
            pub fn parse(text: &str) -> Result<Self, NumberError> {
                Self::KIND.read(text).map(Self)
            }

            /// The digits alone, as stored.
            pub fn digits(&self) -> &str {
                &self.0
            }
        }

        impl std::str::FromStr for $name {
            type Err = NumberError;
            fn from_str(text: &str) -> Result<Self, NumberError> {
                Self::parse(text)
            }
        }

        /// Serialised as its digits alone.
        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        /// Read with [`Self::parse`]: a stored or sent number is checked again.
        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = String::deserialize(deserializer)?;
                Self::parse(&text).map_err(serde::de::Error::custom)
            }
        }
    };
}

registered_number!(
    /// An Australian Business Number whose check digits hold. Displays as `51 824 753 556`.
    ///
    /// ```
    /// use banksia_core::application::tax_numbers::Abn;
    /// let abn: Abn = "51 824 753 556".parse().unwrap();
    /// assert_eq!(abn.digits(), "51824753556");
    /// assert_eq!(abn.lookup_url(), "https://abr.business.gov.au/ABN/View?abn=51824753556");
    /// ```
    Abn,
    NumberKind::Abn
);

registered_number!(
    /// An Australian Company Number whose check digit holds. Displays as `004 085 616`.
    ///
    /// ```
    /// use banksia_core::application::tax_numbers::Acn;
    /// assert_eq!(Acn::parse("004085616").unwrap().to_string(), "004 085 616");
    /// assert!(Acn::parse("004085617").is_err());
    /// ```
    Acn,
    NumberKind::Acn
);

registered_number!(
    /// A Tax File Number whose check digit holds. Displays and debugs **masked**, all but the
    /// last three digits hidden (`*** *** 782`); [`Tfn::digits`] gives the number itself, for
    /// the encrypted store only.
    ///
    /// ```
    /// use banksia_core::application::tax_numbers::Tfn;
    /// let tfn = Tfn::parse("123456782").unwrap();
    /// assert_eq!(tfn.to_string(), "*** *** 782");
    /// assert_eq!(format!("{tfn:?}"), "Tfn(*** *** 782)");
    /// assert_eq!(tfn.formatted(), "123 456 782");
    /// assert_eq!(Tfn::parse("12345677").unwrap().to_string(), "*** **6 77"); // an older 8-digit TFN
    /// ```
    Tfn,
    NumberKind::Tfn
);

impl Abn {
    /// The public ABN Lookup page of this number, where a reviewer sees whether the register
    /// holds it, for whom, and since when.
    pub fn lookup_url(&self) -> String {
        format!("https://abr.business.gov.au/ABN/View?abn={}", self.0)
    }

    /// Whether the ABN is built on this ACN: a company's ABN is usually its ACN behind two
    /// check digits.
    ///
    /// ```
    /// use banksia_core::application::tax_numbers::{Abn, Acn};
    /// let acn = Acn::parse("004 085 616").unwrap();
    /// assert!(Abn::parse("53 004 085 616").unwrap().contains_acn(&acn));
    /// assert!(!Abn::parse("51 824 753 556").unwrap().contains_acn(&acn));
    /// ```
    pub fn contains_acn(&self, acn: &Acn) -> bool {
        self.0[2..] == acn.0
    }
}

impl fmt::Display for Abn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        grouped(&self.0, &[2, 3, 3, 3], f)
    }
}

impl fmt::Debug for Abn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Abn({self})")
    }
}

impl fmt::Display for Acn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        grouped(&self.0, &[3, 3, 3], f)
    }
}

impl fmt::Debug for Acn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Acn({self})")
    }
}

impl Tfn {
    /// The whole number in groups of three (`123 456 782`, `123 456 78`): only for the
    /// applicant's own screen and the audited reveal.
    pub fn formatted(&self) -> String {
        struct Whole<'a>(&'a str);
        impl fmt::Display for Whole<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                grouped(self.0, &[3, 3, 3], f)
            }
        }
        Whole(&self.0).to_string()
    }
}

impl fmt::Display for Tfn {
    /// Masked: every digit but the last three is `*`, grouped as the number is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = self.0.len().saturating_sub(3);
        let masked: String = self
            .0
            .chars()
            .enumerate()
            .map(|(index, digit)| if index < shown { '*' } else { digit })
            .collect();
        grouped(&masked, &[3, 3, 3], f)
    }
}

impl Tfn {
    /// The masked TFN from what a store keeps beside its ciphertext: the last three digits and
    /// the length, shown as [`Tfn`]'s `Display` shows the number itself.
    ///
    /// ```
    /// use banksia_core::application::tax_numbers::Tfn;
    /// assert_eq!(Tfn::masked_from_tail("782", 9), Tfn::parse("123456782").unwrap().to_string());
    /// assert_eq!(Tfn::masked_from_tail("677", 8), Tfn::parse("12345677").unwrap().to_string());
    /// ```
    pub fn masked_from_tail(last3: &str, length: usize) -> String {
        struct Masked(String);
        impl fmt::Display for Masked {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                grouped(&self.0, &[3, 3, 3], f)
            }
        }
        let tail: String = last3.chars().filter(char::is_ascii_digit).collect();
        let hidden = length.saturating_sub(tail.chars().count());
        Masked(format!("{}{tail}", "*".repeat(hidden))).to_string()
    }
}

impl fmt::Debug for Tfn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tfn({self})")
    }
}

/// A number read for a page: its digits and how it is shown, or the message saying what is
/// wrong. The answer of [`read_number`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct NumberReading {
    /// The digits alone (empty when the number is refused).
    pub digits: String,
    /// As shown: grouped, a TFN masked (empty when refused).
    pub display: String,
    /// What is wrong, when refused.
    pub problem: Option<NumberProblem>,
    /// The message for the problem, when refused.
    pub message: Option<String>,
}

/// Reads `text` as a number of `kind`, for a page that shows it formatted as it is typed.
///
/// ```
/// use banksia_core::application::tax_numbers::{read_number, NumberKind};
/// assert_eq!(read_number(NumberKind::Abn, "51824753556").display, "51 824 753 556");
/// assert_eq!(read_number(NumberKind::Acn, "12").message.as_deref(), Some("An ACN has 9 digits"));
/// ```
pub fn read_number(kind: NumberKind, text: &str) -> NumberReading {
    let read = match kind {
        NumberKind::Abn => Abn::parse(text).map(|n| (n.digits().to_owned(), n.to_string())),
        NumberKind::Acn => Acn::parse(text).map(|n| (n.digits().to_owned(), n.to_string())),
        NumberKind::Tfn => Tfn::parse(text).map(|n| (n.digits().to_owned(), n.to_string())),
    };
    match read {
        Ok((digits, display)) => NumberReading {
            digits,
            display,
            problem: None,
            message: None,
        },
        Err(error) => NumberReading {
            digits: String::new(),
            display: String::new(),
            problem: Some(error.problem),
            message: Some(error.message().to_owned()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registers_own_examples_pass() {
        // ABR's worked example, ASIC's, and the bank's own ABN (core's `contact`).
        assert!(Abn::parse("51 824 753 556").is_ok());
        assert!(Abn::parse("53 004 085 616").is_ok());
        assert!(Abn::parse(crate::contact::CONTACT.abn).is_ok());
        assert!(Acn::parse("004 085 616").is_ok());
        assert!(Tfn::parse("876 543 210").is_ok());
    }

    #[test]
    fn each_problem_in_order() {
        let problem = |result: Result<Abn, NumberError>| result.unwrap_err().problem;
        assert_eq!(
            problem(Abn::parse("51-824-753-556")),
            NumberProblem::Characters
        );
        assert_eq!(problem(Abn::parse("5182475355")), NumberProblem::Length);
        assert_eq!(problem(Abn::parse("")), NumberProblem::Length);
        assert_eq!(
            problem(Abn::parse("51824753557")),
            NumberProblem::CheckDigit
        );
        // A first digit of 0 gives a weighted sum that is a multiple of 89, but no ABN starts so.
        assert_eq!(
            problem(Abn::parse("09000000000")),
            NumberProblem::CheckDigit
        );
        assert_eq!(
            Tfn::parse("1234567").unwrap_err().problem,
            NumberProblem::Length
        );
        assert_eq!(
            Tfn::parse("１２３456782").unwrap_err().problem,
            NumberProblem::Characters
        );
    }

    /// Every number of one repeated digit, in each length a kind comes in, is refused as a
    /// placeholder, whether or not it passes the check digit rule (the 8-digit TFNs and the
    /// all-zero ACN and 9-digit TFN do): the class of `000 000 000`, not the one example.
    #[test]
    fn one_digit_repeated_is_a_placeholder_never_a_number() {
        let mut passing_the_check = 0;
        for kind in NumberKind::ALL {
            for length in 8..=11 {
                if !kind.has_length(length) {
                    continue;
                }
                for digit in 0..=9u8 {
                    let digits = vec![digit; length];
                    passing_the_check += usize::from(kind.passes_check(&digits));
                    let typed: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
                    assert_eq!(
                        kind.problem_with(&typed),
                        Some(NumberProblem::Placeholder),
                        "{kind:?} {typed}"
                    );
                    let spaced = format!("{} {}", &typed[..3], &typed[3..]);
                    assert_eq!(kind.problem_with(&spaced), Some(NumberProblem::Placeholder));
                }
            }
        }
        // The rule is needed: without it these would have been taken as real numbers.
        assert!(passing_the_check >= 12, "{passing_the_check}");
        assert!(Tfn::parse("000 000 000").is_err());
        assert!(Acn::parse("000 000 000").is_err());
        assert!(
            NumberKind::Tfn
                .message(NumberProblem::Placeholder)
                .contains("000 000 000")
        );
        // A real number with repeated digits in it is still a number.
        assert!(Tfn::parse("876 543 210").is_ok());
        assert!(Acn::parse("000 000 019").is_ok());
        // Every problem has its row, in the order the reader finds them.
        for kind in NumberKind::ALL {
            for problem in NumberKind::PROBLEMS {
                assert!(!kind.message(problem).is_empty());
            }
        }
    }

    #[test]
    fn serde_is_the_digits_and_reads_with_the_rule() {
        let abn = Abn::parse("51 824 753 556").unwrap();
        assert_eq!(serde_json::to_string(&abn).unwrap(), "\"51824753556\"");
        assert_eq!(
            serde_json::from_str::<Abn>("\"51 824 753 556\"").unwrap(),
            abn
        );
        let error = serde_json::from_str::<Acn>("\"004085617\"").unwrap_err();
        assert!(error.to_string().contains("check digit"));
    }
}
