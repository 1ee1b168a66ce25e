//! Australian dollar amounts: rounding, formatting and lenient parsing of typed-in amounts.
//!
//! ```
//! use banksia_core::money::{format_aud, parse_amount};
//! use rust_decimal::Decimal;
//!
//! let amount = parse_amount("$1,250.50").unwrap();
//! assert_eq!(amount, Decimal::new(125050, 2));
//! assert_eq!(format_aud(amount, true), "$1,250.50");
//! assert_eq!(format_aud(amount, false), "$1,251");
//! ```

use std::fmt;

use rust_decimal::{Decimal, RoundingStrategy};
use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Rounds to whole cents, halves away from zero (`0.005` becomes `0.01`), and always keeps two
/// decimal places (`12` becomes `12.00`).
///
/// ```
/// use banksia_core::money::round_to_cents;
/// use rust_decimal::Decimal;
///
/// assert_eq!(round_to_cents(Decimal::new(10005, 3)).to_string(), "10.01");
/// assert_eq!(round_to_cents(Decimal::from(12)).to_string(), "12.00");
/// ```
pub fn round_to_cents(amount: Decimal) -> Decimal {
    let mut rounded = amount.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
    rounded.rescale(2);
    rounded
}

/// Formats an amount as Australian dollars with thousands separators: `$3,143.92`, or
/// `$3,144` without cents (rounded half away from zero). Negative amounts get a leading minus:
/// `-$5.00`.
///
/// ```
/// use banksia_core::money::format_aud;
/// use rust_decimal::Decimal;
///
/// assert_eq!(format_aud(Decimal::new(314392, 2), false), "$3,144");
/// assert_eq!(format_aud(Decimal::new(-5, 0), true), "-$5.00");
/// assert_eq!(format_aud(Decimal::from(1_000_000), true), "$1,000,000.00");
/// ```
pub fn format_aud(amount: Decimal, show_cents: bool) -> String {
    let places = if show_cents { 2 } else { 0 };
    let mut rounded = amount.round_dp_with_strategy(places, RoundingStrategy::MidpointAwayFromZero);
    rounded.rescale(places);
    let negative = rounded.is_sign_negative() && !rounded.is_zero();
    let digits = rounded.abs().to_string();
    let (whole, cents) = match digits.split_once('.') {
        Some((whole, cents)) => (whole, Some(cents)),
        None => (digits.as_str(), None),
    };
    let mut out = String::with_capacity(digits.len() + 6);
    if negative {
        out.push('-');
    }
    out.push('$');
    for (index, digit) in whole.chars().enumerate() {
        if index > 0 && (whole.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    if let Some(cents) = cents {
        out.push('.');
        out.push_str(cents);
    }
    out
}

/// Why a typed-in amount could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum AmountParseError {
    /// Nothing but whitespace was entered.
    #[error("no amount was entered")]
    Empty,
    /// The text is not a dollar amount.
    #[error("not a dollar amount")]
    Invalid,
}

/// An amount (or any figure a person enters) as it arrives: text as typed (`"$85,000"`), or a
/// JSON number kept exactly as it was written (`85000.5`), never through a binary float.
///
/// Its `Deserialize` is the one lenient reader of every figure in the project: the
/// application's amounts and every calculator entry use it, on the server (the request body)
/// and in the browser (the WASM exports) alike. It accepts a string or a number and nothing
/// else. A number arrives as its digits from `serde_json` with `arbitrary_precision` (both
/// the server and the WASM packages read JSON text that way); a deserializer that offers a
/// binary float (`f64`) is refused rather than rounded. (So read JSON text, with
/// `serde_json::from_str` or `from_slice`, not a `serde_json::Value`, which hands some numbers
/// over as floats.)
///
/// # Accepted forms of an amount
///
/// [`AmountInput::to_decimal`] reads text and numbers alike with [`parse_amount`]:
///
/// * digits with an optional `.` and fraction: `85000`, `1250.5`, `0.99`;
/// * around them, whitespace, a leading `$`, `A$` or `AUD`, a minus sign, and commas between
///   groups of three digits: `" $85,000 "`, `"AUD 1,250.50"`, `"-$20"`;
/// * at most 28 digits in all (what a [`Decimal`] holds exactly).
///
/// Refused, never guessed at or rounded: exponents (`1e3`), underscores (`1_000`), other
/// separators (`1 000`, `1,25`), more than 28 digits, anything else. Whether more than two
/// decimal places are allowed is each caller's rule (money is in whole cents).
///
/// ```
/// use banksia_core::money::AmountInput;
/// use rust_decimal::Decimal;
///
/// let typed: AmountInput = serde_json::from_str(r#"" $1,250.50 ""#).unwrap();
/// assert_eq!(typed.to_decimal(), Ok(Decimal::new(125050, 2)));
/// let number: AmountInput = serde_json::from_str("1250.5").unwrap();
/// assert_eq!(number, AmountInput::Number("1250.5".into()));
/// // Read as written: 31 digits can't be held exactly, so this is refused, not rounded.
/// let long: AmountInput = serde_json::from_str("50.000000000000000000000000000001").unwrap();
/// assert!(long.to_decimal().is_err());
/// assert!(AmountInput::from("1_000").to_decimal().is_err());
/// assert!(serde_json::from_str::<AmountInput>("true").is_err());
/// // serde_json's private number key, written by hand, is no way round the number grammar.
/// let forged = r#"{"$serde_json::private::Number":"$250.50"}"#;
/// assert!(serde_json::from_str::<AmountInput>(forged).is_err());
/// let honest = r#"{"$serde_json::private::Number":"250.50"}"#;
/// assert_eq!(serde_json::from_str::<AmountInput>(honest).unwrap(), AmountInput::Number("250.50".into()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(type = "string | number")
)]
pub enum AmountInput {
    /// A JSON number, exactly as written.
    Number(String),
    /// Text as typed.
    Text(String),
}

impl AmountInput {
    /// The amount, read by [`parse_amount`] (see the accepted forms above).
    ///
    /// ```
    /// use banksia_core::money::{AmountInput, AmountParseError};
    ///
    /// assert_eq!(AmountInput::from("$25").to_decimal().unwrap().to_string(), "25");
    /// assert_eq!(AmountInput::from("25 dollars").to_decimal(), Err(AmountParseError::Invalid));
    /// assert_eq!(AmountInput::Number("1e3".into()).to_decimal(), Err(AmountParseError::Invalid));
    /// ```
    pub fn to_decimal(&self) -> Result<Decimal, AmountParseError> {
        match self {
            Self::Number(digits) => parse_amount(digits),
            Self::Text(text) => parse_amount(text),
        }
    }

    /// Nothing but whitespace was typed.
    pub fn is_blank(&self) -> bool {
        matches!(self, Self::Text(text) if text.trim().is_empty())
    }
}

impl From<Decimal> for AmountInput {
    fn from(amount: Decimal) -> Self {
        Self::Number(amount.to_string())
    }
}

impl From<&str> for AmountInput {
    fn from(text: &str) -> Self {
        Self::Text(text.to_string())
    }
}

/// Written back as text (a number's digits as a string), which reads back to the same amount.
impl Serialize for AmountInput {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Number(text) | Self::Text(text) => serializer.serialize_str(text),
        }
    }
}

/// The key under which `serde_json` (feature `arbitrary_precision`) hands a number over as its
/// digits, a one-entry map; `rust_decimal` reads numbers the same way.
const JSON_NUMBER_KEY: &str = "$serde_json::private::Number";

impl<'de> Deserialize<'de> for AmountInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(AmountVisitor)
    }
}

struct AmountVisitor;

impl<'de> Visitor<'de> for AmountVisitor {
    type Value = AmountInput;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("text or a number")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<AmountInput, E> {
        Ok(AmountInput::Text(text.to_owned()))
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<AmountInput, E> {
        Ok(AmountInput::Text(text))
    }

    fn visit_u64<E: de::Error>(self, number: u64) -> Result<AmountInput, E> {
        Ok(AmountInput::Number(number.to_string()))
    }

    fn visit_i64<E: de::Error>(self, number: i64) -> Result<AmountInput, E> {
        Ok(AmountInput::Number(number.to_string()))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<AmountInput, A::Error> {
        if map.next_key::<String>()?.as_deref() == Some(JSON_NUMBER_KEY) {
            let digits: String = map.next_value()?;
            // The key is reachable from JSON text too (`{"$serde_json::private::Number":
            // "$250.50"}`): only what serde_json itself would put there, a JSON number, is one.
            if is_json_number(&digits) && map.next_key::<IgnoredAny>()?.is_none() {
                return Ok(AmountInput::Number(digits));
            }
        }
        Err(de::Error::invalid_type(de::Unexpected::Map, &self))
    }
}

/// JSON's number grammar (RFC 8259 section 6): `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
fn is_json_number(text: &str) -> bool {
    fn digits(text: &[u8]) -> usize {
        text.iter().take_while(|b| b.is_ascii_digit()).count()
    }
    let mut rest = text.as_bytes();
    if let [b'-', tail @ ..] = rest {
        rest = tail;
    }
    match rest {
        [b'0', tail @ ..] => rest = tail,
        [b'1'..=b'9', ..] => rest = &rest[digits(rest)..],
        _ => return false,
    }
    if let [b'.', tail @ ..] = rest {
        let n = digits(tail);
        if n == 0 {
            return false;
        }
        rest = &tail[n..];
    }
    if let [b'e' | b'E', tail @ ..] = rest {
        let tail = match tail {
            [b'+' | b'-', tail @ ..] => tail,
            tail => tail,
        };
        let n = digits(tail);
        if n == 0 {
            return false;
        }
        rest = &tail[n..];
    }
    rest.is_empty()
}

/// Reads an amount typed by a person: surrounding whitespace, a leading `$` (or `A$`, `AUD`),
/// a minus sign and comma thousands separators are accepted; `1,250.50`, `$1250.5`,
/// `AUD 85,000` and `-$20` all parse. Commas must separate groups of three digits, so
/// `1,25.00` is rejected rather than guessed at.
///
/// The value is returned as typed (no rounding); callers decide how many decimals they accept.
/// No exponent (`1e5`), underscore (`1_000`) or second point is read: this is the one reader of
/// amounts, for every calculator entry and every amount of the application. The part that is
/// Australian (`$`, `A$`, `AUD`, comma groups of three) is ours; the digits become a
/// [`Decimal`] through rust_decimal's strict `from_str_exact`.
///
/// ```
/// use banksia_core::money::{parse_amount, AmountParseError};
/// use rust_decimal::Decimal;
///
/// assert_eq!(parse_amount(" AUD 85,000 ").unwrap(), Decimal::from(85_000));
/// assert_eq!(parse_amount("-$20").unwrap(), Decimal::from(-20));
/// assert_eq!(parse_amount("12.345").unwrap(), Decimal::new(12345, 3));
/// assert_eq!(parse_amount("   "), Err(AmountParseError::Empty));
/// assert_eq!(parse_amount("1,25.00"), Err(AmountParseError::Invalid));
/// assert_eq!(parse_amount("ten dollars"), Err(AmountParseError::Invalid));
/// ```
pub fn parse_amount(text: &str) -> Result<Decimal, AmountParseError> {
    let mut rest = text.trim();
    if rest.is_empty() {
        return Err(AmountParseError::Empty);
    }
    let mut negative = false;
    if let Some(after) = rest.strip_prefix('-') {
        negative = true;
        rest = after.trim_start();
    }
    for prefix in ["AUD", "A$", "$"] {
        if let Some(after) = rest.strip_prefix(prefix) {
            rest = after.trim_start();
            break;
        }
    }
    if !negative && let Some(after) = rest.strip_prefix('-') {
        negative = true;
        rest = after;
    }
    let (whole, fraction) = match rest.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (rest, None),
    };
    let whole_digits = digits_without_separators(whole).ok_or(AmountParseError::Invalid)?;
    let fraction = fraction.unwrap_or("");
    if !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(AmountParseError::Invalid);
    }
    if whole_digits.is_empty() && fraction.is_empty() {
        return Err(AmountParseError::Invalid);
    }
    // 28 significant digits is what a Decimal holds; nothing sensible is longer.
    if whole_digits.len() + fraction.len() > 28 {
        return Err(AmountParseError::Invalid);
    }
    // What is left is plain digits with at most one point: rust_decimal's strict parser turns
    // them into the exact amount, with as many decimal places as were typed (it errs rather than
    // rounds). A minus sign is kept on zero too.
    let digits = match (whole_digits.is_empty(), fraction.is_empty()) {
        (_, true) => whole_digits,
        (true, false) => format!("0.{fraction}"),
        (false, false) => format!("{whole_digits}.{fraction}"),
    };
    let mut amount = Decimal::from_str_exact(&digits).map_err(|_| AmountParseError::Invalid)?;
    amount.set_sign_negative(negative);
    Ok(amount)
}

fn digits_without_separators(whole: &str) -> Option<String> {
    if !whole.bytes().all(|b| b.is_ascii_digit() || b == b',') {
        return None;
    }
    if whole.contains(',') {
        let mut groups = whole.split(',');
        let first = groups.next()?;
        if first.is_empty() || first.len() > 3 {
            return None;
        }
        if !groups.all(|group| group.len() == 3) {
            return None;
        }
    }
    Some(whole.replace(',', ""))
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use proptest::prelude::*;

    use super::*;

    #[test]
    fn the_private_number_key_holds_json_numbers_only() {
        let read = |digits: &str| {
            let body = serde_json::json!({ JSON_NUMBER_KEY: digits }).to_string();
            serde_json::from_str::<AmountInput>(&body)
        };
        for good in ["0", "-0", "250.50", "1e3", "12.5E-2", "-7"] {
            assert_eq!(
                read(good).unwrap(),
                AmountInput::Number(good.into()),
                "{good}"
            );
        }
        for bad in [
            "$250.50", "", "-", "01", "1.", ".5", "1e", "1,000", " 1", "1 ", "NaN", "+1",
        ] {
            assert!(read(bad).is_err(), "{bad:?}");
        }
        // Real numbers still arrive through the key, from serde_json itself.
        assert_eq!(
            serde_json::from_str::<AmountInput>("250.50").unwrap(),
            AmountInput::Number("250.50".into())
        );
    }

    /// The amount with everything that tells two decimals apart: digits, scale and sign.
    fn exactly(amount: Decimal) -> (String, u32, bool) {
        (
            amount.to_string(),
            amount.scale(),
            amount.is_sign_negative(),
        )
    }

    proptest! {
        /// Built from its digits, an amount is what `Decimal`'s own parser makes of the same
        /// plain digits: value, number of decimal places and sign (a typed minus is kept on
        /// zero too, where `Decimal`'s parser drops it).
        #[test]
        fn digits_read_as_decimal_reads_them(
            negative in any::<bool>(),
            whole in "[0-9]{0,28}",
            fraction in proptest::option::of("[0-9]{0,28}"),
        ) {
            let fraction = fraction.unwrap_or_default();
            let plain = format!(
                "{}{}{}{}",
                if negative { "-" } else { "" },
                if whole.is_empty() { "0" } else { &whole },
                if fraction.is_empty() { "" } else { "." },
                fraction,
            );
            let typed = format!("{}{whole}.{fraction}", if negative { "-" } else { "" });
            let read = parse_amount(&typed);
            if whole.is_empty() && fraction.is_empty() {
                prop_assert_eq!(read, Err(AmountParseError::Invalid));
            } else if whole.len() + fraction.len() > 28 {
                prop_assert_eq!(read, Err(AmountParseError::Invalid));
            } else {
                // `Decimal`'s parser drops the minus sign of a zero; ours keeps what was typed.
                let expected = Decimal::from_str(&plain)
                    .map(|mut amount| {
                        amount.set_sign_negative(negative);
                        exactly(amount)
                    })
                    .ok();
                prop_assert_eq!(read.map(exactly).ok(), expected, "{}", typed);
            }
        }
    }

    #[test]
    fn largest_and_signed_zero() {
        let nines = "9".repeat(28);
        assert_eq!(parse_amount(&nines).unwrap().to_string(), nines);
        let fraction = format!(".{}", "9".repeat(28));
        assert_eq!(
            parse_amount(&fraction).unwrap().to_string(),
            format!("0{fraction}")
        );
        assert!(parse_amount("-$0.00").unwrap().is_sign_negative());
    }
}
