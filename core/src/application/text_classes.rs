//! The Unicode data behind the text rules of [`super::checks`], read from ICU4X's
//! `icu_properties` (General_Category, Default_Ignorable_Code_Point, Script) and
//! `icu_normalizer` (NFC): maintained tables of the Unicode Consortium's own data, compiled in
//! (no data loading at run time, the same in the browser's WASM as on the server).

use std::borrow::Cow;

use icu_normalizer::ComposingNormalizerBorrowed;
use icu_properties::props::{
    DefaultIgnorableCodePoint, GeneralCategory, GeneralCategoryGroup, Script,
};
use icu_properties::{CodePointMapData, CodePointSetData};

use super::TextClass;

/// The class of a character that is not ASCII (see [`super::text_class`]).
pub(super) fn class_of(c: char) -> TextClass {
    if is_default_ignorable(c) || is_blank_symbol(c) {
        // Blank symbols are not ignorable by Unicode's definition, but they show nothing:
        // refused outright, like the ignorable ones, rather than counted as nothing.
        return TextClass::Refused;
    }
    match general_category(c) {
        GeneralCategory::Control
        | GeneralCategory::Format
        | GeneralCategory::Unassigned
        | GeneralCategory::PrivateUse
        | GeneralCategory::Surrogate
        | GeneralCategory::LineSeparator
        | GeneralCategory::ParagraphSeparator
        | GeneralCategory::SpaceSeparator => TextClass::Refused,
        GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark => TextClass::Silent,
        _ => TextClass::Ordinary,
    }
}

pub(super) fn general_category(c: char) -> GeneralCategory {
    CodePointMapData::<GeneralCategory>::new().get(c)
}

/// Unicode's Default_Ignorable_Code_Point: characters a renderer shows as nothing when it does
/// not support them (zero-width characters, variation selectors, fillers, tags ...).
pub fn is_default_ignorable(c: char) -> bool {
    CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
}

/// Characters drawn as nothing or an empty cell that Unicode does not call Default_Ignorable
/// nor a space: the Braille pattern blank, the musical null notehead and the Khitan small script
/// filler (a mark that stands in for nothing). Text made of them shows nothing.
fn is_blank_symbol(c: char) -> bool {
    matches!(c, '\u{2800}' | '\u{1D159}' | '\u{16FE4}')
}

pub(super) const ZERO_WIDTH_NON_JOINER: char = '\u{200C}';
pub(super) const ZERO_WIDTH_JOINER: char = '\u{200D}';

/// Scripts whose standard spellings need a zero-width joiner or non-joiner between letters:
/// Arabic (Persian, Urdu: the ZWNJ of a prefix or a compound), Syriac, N'Ko and Mongolian
/// (joining forms), and the Brahmic scripts (conjuncts and half forms after a virama: the
/// Sinhala "yansaya" and "rakaransaya", Devanagari eyelash ra, Malayalam chillus ...).
const JOINING_SCRIPTS: [Script; 16] = [
    Script::Arabic,
    Script::Syriac,
    Script::Nko,
    Script::Mongolian,
    Script::Devanagari,
    Script::Bengali,
    Script::Gurmukhi,
    Script::Gujarati,
    Script::Oriya,
    Script::Tamil,
    Script::Telugu,
    Script::Kannada,
    Script::Malayalam,
    Script::Sinhala,
    Script::Myanmar,
    Script::Khmer,
];

fn letter_script(c: char) -> Option<Script> {
    GeneralCategoryGroup::Letter
        .contains(general_category(c))
        .then(|| CodePointMapData::<Script>::new().get(c))
}

/// Whether a joiner (ZWJ or ZWNJ) may stand between `before` (the text before it) and `after`
/// (the character after it): the last character before it that is not a mark (a virama, a
/// vowel sign) must be a letter of a script that uses joiners, and `after` a letter of the
/// same script. A joiner anywhere else (Latin, the ends, two in a row) is invisible padding.
pub(super) fn joiner_allowed(before: &str, after: Option<char>) -> bool {
    let base = before
        .chars()
        .rev()
        .find(|&c| !GeneralCategoryGroup::Mark.contains(general_category(c)));
    let (Some(base), Some(after)) = (base, after) else {
        return false;
    };
    match (letter_script(base), letter_script(after)) {
        (Some(script), Some(next)) => script == next && JOINING_SCRIPTS.contains(&script),
        _ => false,
    }
}

/// `text` in Unicode Normalization Form C (composed: "e" and a combining circumflex and dot
/// below become "ễ"), borrowed when it already is.
pub fn nfc(text: &str) -> Cow<'_, str> {
    ComposingNormalizerBorrowed::new_nfc().normalize(text)
}

#[cfg(test)]
mod tests {
    use super::super::{TextClass, is_plain_text, text_class, visible_len};
    use super::*;
    use proptest::prelude::*;

    /// Every Default_Ignorable code point.
    fn default_ignorables() -> &'static [char] {
        static ALL: std::sync::OnceLock<Vec<char>> = std::sync::OnceLock::new();
        ALL.get_or_init(|| {
            (0..=0x10_FFFF)
                .filter_map(char::from_u32)
                .filter(|&c| is_default_ignorable(c))
                .collect()
        })
    }

    #[test]
    fn the_invisible_characters_of_the_report_are_refused() {
        let reported = [
            '\u{034F}',
            '\u{17B4}',
            '\u{17B5}',
            '\u{16FE4}',
            '\u{115F}',
            '\u{3164}',
        ]
        .into_iter()
        .chain('\u{FE00}'..='\u{FE0F}')
        .chain('\u{E0100}'..='\u{E01EF}')
        .chain('\u{180B}'..='\u{180F}');
        for c in reported {
            assert_eq!(text_class(c), TextClass::Refused, "U+{:04X}", u32::from(c));
            assert!(
                !is_plain_text(&format!("Char{c}lotte")),
                "U+{:04X}",
                u32::from(c)
            );
        }
    }

    #[test]
    fn every_default_ignorable_code_point_is_refused_in_latin_text() {
        let all = default_ignorables();
        // The class as Unicode 16 had it held 4,174 code points; a table gone missing would not.
        assert!(all.len() > 4_000, "{}", all.len());
        for &c in all {
            assert_eq!(text_class(c), TextClass::Refused, "U+{:04X}", u32::from(c));
            for text in [
                format!("Char{c}lotte"),
                format!("{c}Charlotte"),
                format!("Charlotte{c}"),
            ] {
                assert!(!is_plain_text(&text), "U+{:04X}", u32::from(c));
            }
        }
    }

    #[test]
    fn text_that_shows_nothing_is_refused() {
        for text in [
            "\u{2800}",
            "\u{2800}\u{2800}\u{2800}",
            "\u{3164}\u{3164}",
            "\u{0301}\u{0302}",
            "\u{1D159}",
            "\u{200D}",
            "\u{FFA0}",
        ] {
            assert!(!is_plain_text(text), "{text:?}");
            assert_eq!(visible_len(text), 0, "{text:?}");
        }
    }

    #[test]
    fn joiners_stand_only_between_letters_of_a_script_that_uses_them() {
        let allowed = [
            "\u{0645}\u{06CC}\u{200C}\u{0634}\u{0648}\u{062F}", // Persian "mi-shavad", ZWNJ
            "\u{0646}\u{06CC}\u{0645}\u{200C}\u{0631}\u{0648}\u{0632}", // Persian "Nim-ruz"
            "\u{0DC1}\u{0DCA}\u{200D}\u{0DBB}\u{0DD3}", // Sinhala "Sri": sha, virama, ZWJ, ra
            "\u{0D9A}\u{0DCA}\u{200D}\u{0DBA}",         // Sinhala yansaya
            "\u{0915}\u{094D}\u{200D}\u{0937}",         // Devanagari half ka + ssa
            "\u{0915}\u{094D}\u{200C}\u{0937}",         // Devanagari explicit virama
        ];
        for text in allowed {
            assert!(is_plain_text(text), "{text:?}");
        }
        let refused = [
            "Char\u{200C}lotte", // Latin
            "Char\u{200D}lotte",
            "\u{200C}\u{0645}\u{06CC}",         // at the start
            "\u{0645}\u{06CC}\u{200C}",         // at the end
            "\u{0645}\u{200C}\u{200C}\u{06CC}", // two in a row
            "\u{0645}\u{200C}Ali",              // Arabic then Latin
            "\u{0915}\u{094D}\u{200D}\u{0DBB}", // Devanagari then Sinhala
            "\u{0645}\u{200C} \u{06CC}",        // before a space
            "\u{4E2D}\u{200D}\u{6587}",         // Han uses no joiners
        ];
        for text in refused {
            assert!(!is_plain_text(text), "{text:?}");
        }
    }

    #[test]
    fn both_encodings_of_a_name_normalise_to_one() {
        let composed = "Nguy\u{1EC5}n";
        let decomposed = "Nguye\u{0302}\u{0303}n";
        assert_ne!(composed, decomposed);
        assert_eq!(nfc(decomposed), composed);
        assert_eq!(nfc(composed), composed);
        assert!(matches!(nfc(composed), Cow::Borrowed(_)));
        assert_eq!(nfc(decomposed).chars().count(), 6);
    }

    proptest! {
        /// Any Default_Ignorable code point inserted anywhere in a Latin name is refused.
        #[test]
        fn an_ignorable_anywhere_is_refused(
            name in "[A-Z][a-z]{1,12}( [A-Z][a-z'\\-]{1,12})?",
            at in 0usize..=30,
            pick in any::<prop::sample::Index>(),
        ) {
            let all = default_ignorables();
            let c = all[pick.index(all.len())];
            let at = name.char_indices().map(|(i, _)| i).chain([name.len()]).nth(at).unwrap_or(name.len());
            let mut bad = name.clone();
            bad.insert(at, c);
            prop_assert!(is_plain_text(&name));
            prop_assert!(!is_plain_text(&bad), "U+{:04X} in {:?}", u32::from(c), bad);
        }
    }
}
