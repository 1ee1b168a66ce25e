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

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

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

/// Rounds up (towards positive infinity) to the next whole cent, keeping two decimal places.
///
/// ```
/// use banksia_core::money::round_up_to_cents;
/// use rust_decimal::Decimal;
///
/// assert_eq!(round_up_to_cents(Decimal::new(31439168, 4)).to_string(), "3143.92");
/// assert_eq!(round_up_to_cents(Decimal::new(100001, 3)).to_string(), "100.01");
/// ```
pub fn round_up_to_cents(amount: Decimal) -> Decimal {
    let mut rounded = amount.round_dp_with_strategy(2, RoundingStrategy::ToPositiveInfinity);
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

/// Reads an amount typed by a person: surrounding whitespace, a leading `$` (or `A$`, `AUD`),
/// a minus sign and comma thousands separators are accepted; `1,250.50`, `$1250.5`,
/// `AUD 85,000` and `-$20` all parse. Commas must separate groups of three digits, so
/// `1,25.00` is rejected rather than guessed at.
///
/// The value is returned as typed (no rounding); callers decide how many decimals they accept.
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
    let mut plain = String::with_capacity(whole_digits.len() + fraction.len() + 3);
    if negative {
        plain.push('-');
    }
    plain.push_str(if whole_digits.is_empty() {
        "0"
    } else {
        &whole_digits
    });
    if !fraction.is_empty() {
        plain.push('.');
        plain.push_str(fraction);
    }
    plain.parse().map_err(|_| AmountParseError::Invalid)
}

/// The digits of a whole-dollar part, checking that any commas separate groups of three.
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
