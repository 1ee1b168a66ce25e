//! The Unicode data behind the text rules of [`super::checks`]: General_Category,
//! Default_Ignorable_Code_Point and Script, baked by `core/build.rs` from ICU4X's
//! `icu_properties` tables into ICU4X code point inversion lists of just the classes the rules
//! ask about, and NFC from `icu_normalizer`: maintained tables of the Unicode Consortium's own
//! data, compiled in (no data loading at run time, the same in the browser's WASM as on the
//! server). A test below holds every code point of the lists to ICU4X's own answer.

use std::borrow::Cow;
use std::sync::LazyLock;

use icu_collections::codepointinvlist::CodePointInversionList;
use icu_normalizer::ComposingNormalizerBorrowed;

use super::TextClass;

mod tables {
    include!(concat!(env!("OUT_DIR"), "/text_tables.rs"));
}

/// The baked lists as ICU4X sets, made on first use.
struct Sets {
    default_ignorable: CodePointInversionList<'static>,
    refused: CodePointInversionList<'static>,
    silent_marks: CodePointInversionList<'static>,
    marks: CodePointInversionList<'static>,
    joining_script_letters: Vec<CodePointInversionList<'static>>,
}

/// An inversion list as build.rs encodes it: each code point's distance from the one before,
/// in LEB128.
fn decoded(bytes: &[u8]) -> Vec<u32> {
    let mut list = Vec::new();
    let (mut previous, mut delta, mut shift) = (0, 0, 0);
    for &byte in bytes {
        delta |= u32::from(byte & 0x7F) << shift;
        shift += 7;
        if byte & 0x80 == 0 {
            previous += delta;
            list.push(previous);
            (delta, shift) = (0, 0);
        }
    }
    list
}

static SETS: LazyLock<Sets> = LazyLock::new(|| {
    let set = |bytes: &[u8]| {
        CodePointInversionList::try_from_u32_inversion_list_slice(&decoded(bytes))
            .expect("build.rs writes sorted lists of code points")
    };
    Sets {
        default_ignorable: set(tables::DEFAULT_IGNORABLE),
        refused: set(tables::REFUSED),
        silent_marks: set(tables::SILENT_MARKS),
        marks: set(tables::MARKS),
        joining_script_letters: tables::JOINING_SCRIPT_LETTERS
            .iter()
            .map(|list| set(list))
            .collect(),
    }
});

/// The class of a character that is not ASCII (see [`super::text_class`]).
pub(super) fn class_of(c: char) -> TextClass {
    let sets = &*SETS;
    if sets.refused.contains(c) || is_blank_symbol(c) {
        // Default_Ignorable code points, controls, formats, unassigned, private use, surrogates
        // and separators. Blank symbols are not ignorable by Unicode's definition, but they
        // show nothing: refused outright, like the ignorable ones, rather than counted as nothing.
        TextClass::Refused
    } else if sets.silent_marks.contains(c) {
        TextClass::Silent
    } else {
        TextClass::Ordinary
    }
}

/// Unicode's Default_Ignorable_Code_Point: characters a renderer shows as nothing when it does
/// not support them (zero-width characters, variation selectors, fillers, tags ...).
pub fn is_default_ignorable(c: char) -> bool {
    SETS.default_ignorable.contains(c)
}

/// Characters drawn as nothing or an empty cell that Unicode does not call Default_Ignorable
/// nor a space: the Braille pattern blank, the musical null notehead and the Khitan small script
/// filler (a mark that stands in for nothing). Text made of them shows nothing.
fn is_blank_symbol(c: char) -> bool {
    matches!(c, '\u{2800}' | '\u{1D159}' | '\u{16FE4}')
}

pub(super) const ZERO_WIDTH_NON_JOINER: char = '\u{200C}';
pub(super) const ZERO_WIDTH_JOINER: char = '\u{200D}';

/// Which script whose spellings use joiners (core/build.rs lists them: Arabic, Syriac, N'Ko,
/// Mongolian and the Brahmic scripts) `c` is a letter of, if any.
fn joining_script_of_letter(c: char) -> Option<usize> {
    SETS.joining_script_letters
        .iter()
        .position(|letters| letters.contains(c))
}

/// Whether a joiner (ZWJ or ZWNJ) may stand between `before` (the text before it) and `after`
/// (the character after it): the last character before it that is not a mark (a virama, a
/// vowel sign) must be a letter of a script that uses joiners, and `after` a letter of the
/// same script. A joiner anywhere else (Latin, the ends, two in a row) is invisible padding.
pub(super) fn joiner_allowed(before: &str, after: Option<char>) -> bool {
    let base = before.chars().rev().find(|&c| !SETS.marks.contains(c));
    let (Some(base), Some(after)) = (base, after) else {
        return false;
    };
    match (
        joining_script_of_letter(base),
        joining_script_of_letter(after),
    ) {
        (Some(script), Some(next)) => script == next,
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

    /// The baked lists say of every code point what ICU4X's own tables say: the refused and
    /// silent classes, every mark, Default_Ignorable, and each joining script's letters (a set
    /// holds exactly the letters of one script, a different script for each set).
    #[test]
    fn the_baked_classes_agree_with_icu4x_at_every_code_point() {
        use icu_properties::props::{
            DefaultIgnorableCodePoint, GeneralCategory as Gc, GeneralCategoryGroup, Script,
        };
        use icu_properties::{CodePointMapData, CodePointSetData};
        let category = CodePointMapData::<Gc>::new();
        let script = CodePointMapData::<Script>::new();
        let ignorable = CodePointSetData::new::<DefaultIgnorableCodePoint>();
        let scripts: Vec<Script> = tables::JOINING_SCRIPT_LETTERS
            .iter()
            .map(|list| script.get32(decoded(list)[0]))
            .collect();
        for (i, a) in scripts.iter().enumerate() {
            assert!(!scripts[i + 1..].contains(a), "{a:?} twice");
        }
        for c in (0..=0x10_FFFF_u32).filter_map(char::from_u32) {
            let gc = category.get(c);
            let expected = if ignorable.contains(c) || is_blank_symbol(c) {
                TextClass::Refused
            } else {
                match gc {
                    Gc::Control
                    | Gc::Format
                    | Gc::Unassigned
                    | Gc::PrivateUse
                    | Gc::Surrogate
                    | Gc::LineSeparator
                    | Gc::ParagraphSeparator
                    | Gc::SpaceSeparator => TextClass::Refused,
                    Gc::NonspacingMark | Gc::EnclosingMark => TextClass::Silent,
                    _ => TextClass::Ordinary,
                }
            };
            let at = u32::from(c);
            assert_eq!(class_of(c), expected, "U+{at:04X}");
            assert_eq!(is_default_ignorable(c), ignorable.contains(c), "U+{at:04X}");
            assert_eq!(
                SETS.marks.contains(c),
                GeneralCategoryGroup::Mark.contains(gc),
                "U+{at:04X}"
            );
            let letter_of_joining_script = GeneralCategoryGroup::Letter
                .contains(gc)
                .then(|| scripts.iter().position(|s| *s == script.get(c)))
                .flatten();
            assert_eq!(
                joining_script_of_letter(c),
                letter_of_joining_script,
                "U+{at:04X}"
            );
        }
    }

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
