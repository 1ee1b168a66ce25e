//! Application reference numbers: `BKS-` followed by 10 random characters and 1 check
//! character, e.g. `BKS-7K3M9Q2XHD4`.
//!
//! Characters come from Crockford's base 32 alphabet (`0-9` and `A-Z` without `I`, `L`, `O`,
//! `U`), so nothing is easily misread. The check character is computed with the Luhn mod N
//! algorithm (N = 32) over the 10 random characters: any single mistyped character, and nearly
//! every swap of two neighbouring characters, makes the reference invalid.
//!
//! Core has no randomness source: the caller passes 16 random bytes (e.g. from
//! `crypto.getRandomValues` or `getrandom`). 50 bits of them are used.
//!
//! ```
//! use banksia_core::reference::{is_valid_reference, reference_from_random};
//!
//! let reference = reference_from_random([7; 16]);
//! assert!(reference.starts_with("BKS-"));
//! assert_eq!(reference.len(), 15);
//! assert!(is_valid_reference(&reference));
//!
//! // One character changed: detected.
//! let mut typo: Vec<char> = reference.chars().collect();
//! typo[6] = if typo[6] == 'A' { 'B' } else { 'A' };
//! assert!(!is_valid_reference(&typo.into_iter().collect::<String>()));
//! ```

/// Every reference starts with this.
pub const REFERENCE_PREFIX: &str = "BKS-";
/// Random characters after the prefix.
pub const RANDOM_CHARACTERS: usize = 10;

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const BASE: u32 = 32;

/// The value of a character: case-insensitive; `O` reads as `0`, `I` and `L` as `1`
/// (Crockford's rule for misread characters).
fn code_point(character: char) -> Option<u32> {
    let upper = match character.to_ascii_uppercase() {
        'O' => '0',
        'I' | 'L' => '1',
        other => other,
    };
    ALPHABET
        .iter()
        .position(|&symbol| char::from(symbol) == upper)
        .and_then(|index| u32::try_from(index).ok())
}

fn character(code_point: u32) -> char {
    char::from(ALPHABET[(code_point % BASE) as usize])
}

/// Luhn mod N: the sum over the code points from the right, every second one doubled (and its
/// base-N digits added).
fn luhn_sum(code_points: impl DoubleEndedIterator<Item = u32>, double_first: bool) -> u32 {
    let mut double = double_first;
    let mut sum = 0;
    for point in code_points.rev() {
        let addend = if double { point * 2 } else { point };
        sum += addend / BASE + addend % BASE;
        double = !double;
    }
    sum % BASE
}

/// The check character for the random part.
fn check_character(code_points: &[u32]) -> char {
    let sum = luhn_sum(code_points.iter().copied(), true);
    character((BASE - sum) % BASE)
}

/// A new reference from 16 random bytes: the first 50 bits pick the 10 characters.
///
/// ```
/// use banksia_core::reference::reference_from_random;
///
/// assert_eq!(reference_from_random([0; 16]), "BKS-00000000000");
/// assert_ne!(reference_from_random([1; 16]), reference_from_random([2; 16]));
/// ```
pub fn reference_from_random(random: [u8; 16]) -> String {
    let bits = u128::from_be_bytes(random);
    let points: Vec<u32> = (0..RANDOM_CHARACTERS)
        .map(|index| ((bits >> (123 - 5 * index)) & 0x1f) as u32)
        .collect();
    let mut reference = String::with_capacity(REFERENCE_PREFIX.len() + RANDOM_CHARACTERS + 1);
    reference.push_str(REFERENCE_PREFIX);
    reference.extend(points.iter().map(|&point| character(point)));
    reference.push(check_character(&points));
    reference
}

/// The canonical (upper-case) form of a reference typed by a person, or `None` if it is not
/// a valid reference. Surrounding whitespace and letter case are ignored, and `O`, `I`, `L`
/// are read as `0`, `1`, `1`.
///
/// ```
/// use banksia_core::reference::{normalise_reference, reference_from_random};
///
/// let reference = reference_from_random([42; 16]);
/// assert_eq!(normalise_reference(&format!("  {}  ", reference.to_lowercase())), Some(reference));
/// assert_eq!(normalise_reference("BKS-123"), None);
/// ```
pub fn normalise_reference(candidate: &str) -> Option<String> {
    let candidate = candidate.trim();
    let prefix = candidate.get(..REFERENCE_PREFIX.len())?;
    if !prefix.eq_ignore_ascii_case(REFERENCE_PREFIX) {
        return None;
    }
    let body = candidate.get(REFERENCE_PREFIX.len()..)?;
    let points: Vec<u32> = body.chars().map(code_point).collect::<Option<_>>()?;
    if points.len() != RANDOM_CHARACTERS + 1 || luhn_sum(points.iter().copied(), false) != 0 {
        return None;
    }
    let mut canonical = String::from(REFERENCE_PREFIX);
    canonical.extend(points.iter().map(|&point| character(point)));
    Some(canonical)
}

/// Whether `candidate` is a well-formed reference with a correct check character (see
/// [`normalise_reference`] for what is tolerated).
///
/// ```
/// use banksia_core::reference::is_valid_reference;
///
/// assert!(is_valid_reference("BKS-00000000000"));
/// assert!(!is_valid_reference("BKS-00000000001"));
/// assert!(!is_valid_reference("ABC-00000000000"));
/// assert!(!is_valid_reference(""));
/// ```
pub fn is_valid_reference(candidate: &str) -> bool {
    normalise_reference(candidate).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_single_substitution_is_detected() {
        for seed in 0u8..=40 {
            let reference = reference_from_random([seed.wrapping_mul(37); 16]);
            assert!(is_valid_reference(&reference));
            let chars: Vec<char> = reference.chars().collect();
            for position in REFERENCE_PREFIX.len()..chars.len() {
                for &symbol in ALPHABET {
                    let symbol = char::from(symbol);
                    if symbol == chars[position] {
                        continue;
                    }
                    let mut typo = chars.clone();
                    typo[position] = symbol;
                    let typo: String = typo.into_iter().collect();
                    assert!(!is_valid_reference(&typo), "{reference} -> {typo}");
                }
            }
        }
    }

    #[test]
    fn lenient_reading_of_misread_characters() {
        assert!(is_valid_reference("bks-ooooooooooo"));
        assert_eq!(
            normalise_reference("BKS-OOOOOOOOOOO").as_deref(),
            Some("BKS-00000000000")
        );
        assert!(!is_valid_reference("BKS-0000000000U"));
        assert!(!is_valid_reference("BKS-0000000000"));
        assert!(!is_valid_reference("BKS-000000000000"));
        assert!(!is_valid_reference("BKS0000000000000"));
        assert!(!is_valid_reference("BKS-0000000000é"));
    }

    #[test]
    fn all_random_bits_used_are_the_first_fifty() {
        let mut random = [0u8; 16];
        random[7] = 0xff; // bits 56..64: beyond the 50 used
        assert_eq!(reference_from_random(random), "BKS-00000000000");
        random[0] = 0xf8; // the first 5 bits
        assert_eq!(reference_from_random(random).chars().nth(4), Some('Z'));
    }
}
