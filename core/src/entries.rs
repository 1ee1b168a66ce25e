//! A calculator's entries as a person typed them, read for every calculator by this one module.
//!
//! Each calculator's input ([`LoanEntries`](crate::calculator::LoanEntries),
//! [`TermDepositEntries`](crate::calculator::TermDepositEntries),
//! [`BorrowingPowerEntries`](crate::borrowing_power::BorrowingPowerEntries)) is a JSON object
//! of [`Entry`] values (a choice such as the repayment frequency is its own enum instead), read
//! by its one derived `Deserialize` (objects only: see `reading.rs`). Its fields are named by an
//! enum ([`LoanField`](crate::calculator::LoanField), ...), and its problems are
//! [`FieldErrors`] keyed by that enum, so a page's TypeScript sees a union of field names.
//!
//! * An [`Entry`] is text as typed (`"$500,000"`), a number, or nothing. Text is trimmed;
//!   amounts accept `$`, `A$`, `AUD` and comma thousands separators (see
//!   [`parse_amount`], the one reader of amounts); a rate may end in `%`; years, months and
//!   counts must be whole numbers.
//! * Every entry that can't be read is reported at once, each under its field with one short
//!   message. When the figures that could be read break a range rule (zero, negative, huge),
//!   every field's problem is reported too, not just the first: the figures are checked again
//!   with a stand-in that passes every rule in place of each field found at fault.
//! * Nothing is ever NaN or infinite: a number that isn't finite is refused like any other
//!   unreadable entry, and every figure is a [`Decimal`].

use std::collections::BTreeMap;
use std::fmt::Display;

use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::money::{AmountInput, AmountParseError, parse_amount};

/// Messages per field of one input, keyed by the input's field enum and in form order:
/// `{ "principal": ["Enter a loan amount"] }`. The one map of messages per field: every
/// calculator's [`Outcome`] carries it, and so does the account application
/// ([`FieldMessages`](crate::application::FieldMessages) and the errors of
/// [`ApplicationReport`](crate::application_form::ApplicationReport), keyed by
/// [`MessageKey`](crate::application_form::MessageKey)).
pub type FieldErrors<F> = BTreeMap<F, Vec<String>>;

/// The message under [`EntryField::INPUT`] when a page's value is not JSON text at all.
pub const NOT_JSON_MESSAGE: &str = "The calculator's entries are not valid JSON.";

/// The message under [`EntryField::INPUT`] when the value is JSON but not one object of the
/// calculator's entries: an array, an unknown or repeated field, a figure that is neither text
/// nor a number, or a choice (such as the repayment frequency) that is not one of its options.
pub const NOT_ENTRIES_MESSAGE: &str = "The calculator's entries must be one JSON object of its fields, each at most once: each figure text, a number or null, and each choice one of its options.";

/// An input's key enum: the names of its fields (a calculator's entries, the application's
/// fields), and of the input as a whole.
pub trait EntryField: Copy + Ord {
    /// The key of a message about the input as a whole: a page's value that is not one object
    /// of the input's fields (`"input"`).
    const INPUT: Self;
}

/// The one envelope of "a result, or messages per field" as it crosses to a page:
/// `{ "ok": true, "value": ... }` or `{ "ok": false, "errors": { field: [messages] } }`.
///
/// ```
/// use banksia_core::calculator::LoanField;
/// use banksia_core::entries::{FieldErrors, Outcome};
///
/// let ok: Outcome<u32, LoanField> = Ok(7).into();
/// assert_eq!(serde_json::to_string(&ok).unwrap(), r#"{"ok":true,"value":7}"#);
/// let errors = FieldErrors::from([(LoanField::TermYears, vec!["Enter a loan term".into()])]);
/// let failed: Outcome<u32, LoanField> = Err(errors).into();
/// assert_eq!(
///     serde_json::to_string(&failed).unwrap(),
///     r#"{"ok":false,"errors":{"term_years":["Enter a loan term"]}}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(bound = "T: ts_rs::TS, F: ts_rs::TS")
)]
#[serde(untagged)]
pub enum Outcome<T, F: Ord> {
    /// The calculation's result.
    Value {
        /// Always `true`.
        #[cfg_attr(feature = "typescript", ts(type = "true"))]
        ok: bool,
        /// The result.
        value: T,
    },
    /// Why there is no result.
    Errors {
        /// Always `false`.
        #[cfg_attr(feature = "typescript", ts(type = "false"))]
        ok: bool,
        /// Messages per input field, only the fields at fault.
        #[cfg_attr(
            feature = "typescript",
            ts(type = "{ [key in F & string]?: Array<string> }")
        )]
        errors: FieldErrors<F>,
    },
}

impl<T, F: Ord> From<Result<T, FieldErrors<F>>> for Outcome<T, F> {
    fn from(result: Result<T, FieldErrors<F>>) -> Self {
        match result {
            Ok(value) => Outcome::Value { ok: true, value },
            Err(errors) => Outcome::Errors { ok: false, errors },
        }
    }
}

/// One message under the entries as a whole ([`EntryField::INPUT`]).
///
/// ```
/// use banksia_core::calculator::LoanField;
/// use banksia_core::entries::input_error;
///
/// assert_eq!(input_error::<LoanField>("expected an object")[&LoanField::Input], ["expected an object"]);
/// ```
pub fn input_error<F: EntryField>(message: impl Into<String>) -> FieldErrors<F> {
    FieldErrors::from([(F::INPUT, vec![message.into()])])
}

/// One entry of a calculator as typed: text (`"$500,000"`, `"6.45%"`), a number, or nothing
/// (`null` or left out). In JSON it is a string, a number (kept exactly as written) or `null`;
/// it is read by [`AmountInput`]'s `Deserialize`, the one lenient reader of every figure.
///
/// ```
/// use banksia_core::entries::Entry;
///
/// let typed: Entry = serde_json::from_str(r#"" $1,250.50 ""#).unwrap();
/// assert_eq!(typed, Entry::from(" $1,250.50 "));
/// let number: Entry = serde_json::from_str("6.45").unwrap();
/// assert_eq!(number, Entry::Number("6.45".into()));
/// assert_eq!(serde_json::from_str::<Entry>("null").unwrap(), Entry::Blank);
/// assert!(serde_json::from_str::<Entry>("[1]").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(type = "string | number | null")
)]
pub enum Entry {
    /// Nothing was entered.
    #[default]
    Blank,
    /// Text as typed.
    Text(String),
    /// A JSON number, exactly as written (`"6.45"`).
    Number(String),
}

impl From<&str> for Entry {
    fn from(text: &str) -> Self {
        Entry::Text(text.to_string())
    }
}

impl From<Decimal> for Entry {
    fn from(number: Decimal) -> Self {
        Entry::Number(number.to_string())
    }
}

impl Serialize for Entry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Entry::Blank => serializer.serialize_none(),
            Entry::Text(text) | Entry::Number(text) => serializer.serialize_str(text),
        }
    }
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match Option::<AmountInput>::deserialize(deserializer)? {
            None => Entry::Blank,
            Some(AmountInput::Text(text)) => Entry::Text(text),
            Some(AmountInput::Number(digits)) => Entry::Number(digits),
        })
    }
}

/// An entry whose text is not a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Unreadable;

/// A number from an entry: `Ok(None)` when blank; a trailing `%` is allowed when `percent`.
pub(crate) fn read_number(entry: &Entry, percent: bool) -> Result<Option<Decimal>, Unreadable> {
    let text = match entry {
        Entry::Blank => return Ok(None),
        Entry::Number(digits) => return parse_amount(digits).map(Some).map_err(|_| Unreadable),
        Entry::Text(text) => text.trim(),
    };
    let text = if percent {
        text.strip_suffix('%').unwrap_or(text)
    } else {
        text
    };
    match parse_amount(text) {
        Ok(number) => Ok(Some(number)),
        Err(AmountParseError::Empty) => Ok(None),
        Err(AmountParseError::Invalid) => Err(Unreadable),
    }
}

/// A whole number as typed: blank, whole (`u32::MAX` beyond it, so a range rule reports it),
/// negative, or not a whole number (unreadable text included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Count {
    Blank,
    Whole(u32),
    Negative,
    NotWhole,
}

/// An entry read as a [`Count`].
pub(crate) fn read_count(entry: &Entry) -> Count {
    match read_number(entry, false) {
        Ok(None) => Count::Blank,
        Ok(Some(number)) if !number.fract().is_zero() => Count::NotWhole,
        Ok(Some(number)) if number.is_sign_negative() && !number.is_zero() => Count::Negative,
        Ok(Some(number)) => Count::Whole(u32::try_from(number).unwrap_or(u32::MAX)),
        Err(Unreadable) => Count::NotWhole,
    }
}

/// Collects one message per field, the first found.
pub(crate) struct Problems<F>(FieldErrors<F>);

impl<F: Ord + Copy> Problems<F> {
    /// No problem yet.
    pub(crate) fn new() -> Self {
        Problems(FieldErrors::new())
    }

    /// Notes `message` under `field`, unless the field already has one.
    pub(crate) fn note(&mut self, field: F, message: impl Display) {
        self.0
            .entry(field)
            .or_insert_with(|| vec![message.to_string()]);
    }

    /// The value read, or `None` after noting the error under `field`.
    pub(crate) fn check<T, E: Display>(&mut self, field: F, read: Result<T, E>) -> Option<T> {
        read.map_err(|error| self.note(field, error)).ok()
    }

    /// Every rule `validate` breaks, each under its field: `validate` runs on `figures`, and
    /// after each problem the field at fault is given its stand-in (`stand_in`, a value that
    /// passes every rule) and the figures are checked again. Stops when they pass, or when a
    /// stand-in fails to cure its field (which would be a bug of the caller's stand-ins).
    pub(crate) fn every_rule_broken<S, E: Display>(
        &mut self,
        figures: &mut S,
        validate: impl Fn(&S) -> Result<(), E>,
        field_of: impl Fn(&E) -> F,
        stand_in: impl Fn(&mut S, F),
    ) {
        let mut stood_in = Vec::new();
        while let Err(error) = validate(figures) {
            let field = field_of(&error);
            if stood_in.contains(&field) {
                break;
            }
            self.note(field, &error);
            stand_in(figures, field);
            stood_in.push(field);
        }
    }

    /// The value when nothing was noted; every message otherwise.
    pub(crate) fn finish<T>(self, value: Option<T>) -> Result<T, FieldErrors<F>> {
        match value {
            Some(value) if self.0.is_empty() => Ok(value),
            _ => Err(self.0),
        }
    }
}
