//! Property tests of the check-digit rules of `application::tax_numbers` (ABN, ACN, TFN): every
//! valid number round-trips through its formatter, however it is spaced, and the single-digit
//! mistakes each rule is built to catch are always caught; and any business or tax details are
//! checked without panicking, the record given exactly when no message is.

use banksia_core::application::tax_numbers::{Abn, Acn, NumberProblem, Tfn};
use proptest::prelude::*;

fn digits(count: usize) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(0u8..=9, count)
}

fn text(digits: &[u8]) -> String {
    digits.iter().map(|d| char::from(b'0' + d)).collect()
}

/// A valid ABN: nine digits behind the one pair of check digits (10 to 99) that makes the
/// weighted sum a multiple of 89.
fn valid_abn() -> impl Strategy<Value = String> {
    digits(9).prop_filter_map("no check digits fit", |body| {
        (10..=99u8)
            .map(|check| format!("{check}{}", text(&body)))
            .find(|candidate| Abn::parse(candidate).is_ok())
    })
}

/// A valid ACN: eight digits and the check digit that fits.
fn valid_acn() -> impl Strategy<Value = String> {
    digits(8).prop_filter_map("no check digit fits", |body| {
        (0..=9u8)
            .map(|check| format!("{}{check}", text(&body)))
            .find(|candidate| Acn::parse(candidate).is_ok())
    })
}

/// A valid TFN of 8 or 9 digits: the last digit that fits, when one does.
fn valid_tfn() -> impl Strategy<Value = String> {
    prop_oneof![digits(8), digits(7)].prop_filter_map("no digit fits", |body| {
        (0..=9u8)
            .map(|last| format!("{}{last}", text(&body)))
            .find(|candidate| Tfn::parse(candidate).is_ok())
    })
}

/// `number` with digit `index` replaced by `digit` (`None` when it is the same digit).
fn changed(number: &str, index: usize, digit: u8) -> Option<String> {
    let mut bytes = number.as_bytes().to_vec();
    let index = index % bytes.len();
    let new = b'0' + digit;
    (bytes[index] != new).then(|| {
        bytes[index] = new;
        String::from_utf8(bytes).unwrap_or_default()
    })
}

/// `number` with spaces put in at the given places.
fn spaced(number: &str, spaces: &[bool]) -> String {
    number
        .chars()
        .zip(spaces.iter().chain(std::iter::repeat(&false)))
        .flat_map(|(c, space)| [Some(c), space.then_some(' ')])
        .flatten()
        .collect()
}

proptest! {
    #[test]
    fn abn_round_trips(abn in valid_abn(), spaces in prop::collection::vec(any::<bool>(), 11)) {
        let read = Abn::parse(&abn).unwrap();
        prop_assert_eq!(read.digits(), abn.as_str());
        prop_assert_eq!(Abn::parse(&read.to_string()).unwrap(), read.clone());
        prop_assert_eq!(Abn::parse(&spaced(&abn, &spaces)).unwrap(), read);
    }

    /// Every weight is below 89, a prime, and a digit moves by at most 9: one changed digit
    /// always changes the sum by a non-multiple of 89.
    #[test]
    fn one_changed_digit_of_an_abn_always_fails(abn in valid_abn(), index in 0usize..11, digit in 0u8..=9) {
        if let Some(wrong) = changed(&abn, index, digit) {
            prop_assert_eq!(Abn::parse(&wrong).unwrap_err().problem, NumberProblem::CheckDigit);
        }
    }

    #[test]
    fn acn_round_trips(acn in valid_acn(), spaces in prop::collection::vec(any::<bool>(), 9)) {
        let read = Acn::parse(&acn).unwrap();
        prop_assert_eq!(Acn::parse(&read.to_string()).unwrap(), read.clone());
        prop_assert_eq!(Acn::parse(&spaced(&acn, &spaces)).unwrap(), read);
    }

    /// The ACN's rule is modulo 10: a change is caught when the weight times the change is not a
    /// multiple of 10, so always for the check digit and the digits weighted 7, 3 and 1, and
    /// never by itself for, say, a 5-weighted digit moved by 2. The published rule's limit,
    /// stated rather than hidden.
    #[test]
    fn a_changed_acn_digit_fails_unless_the_weight_hides_it(acn in valid_acn(), index in 0usize..9, digit in 0u8..=9) {
        if let Some(wrong) = changed(&acn, index, digit) {
            let weight = [8i32, 7, 6, 5, 4, 3, 2, 1, 1][index];
            let delta = i32::from(digit) - i32::from(acn.as_bytes()[index] - b'0');
            let caught = (weight * delta).rem_euclid(10) != 0;
            prop_assert_eq!(Acn::parse(&wrong).is_err(), caught);
            if [1usize, 5, 7, 8].contains(&index) {
                prop_assert!(caught);
            }
        }
    }

    #[test]
    fn tfn_round_trips(tfn in valid_tfn(), spaces in prop::collection::vec(any::<bool>(), 9)) {
        let read = Tfn::parse(&tfn).unwrap();
        prop_assert_eq!(read.formatted().replace(' ', ""), tfn.clone());
        prop_assert_eq!(Tfn::parse(&read.formatted()).unwrap(), read.clone());
        prop_assert_eq!(Tfn::parse(&spaced(&tfn, &spaces)).unwrap(), read.clone());
        // Shown masked: only the last three digits.
        let shown = read.to_string();
        prop_assert_eq!(shown.chars().filter(char::is_ascii_digit).count(), 3);
        prop_assert!(shown.replace(' ', "").ends_with(&tfn[tfn.len() - 3..]));
    }

    /// Every TFN weight is 1 to 10, below 11, a prime: one changed digit is always caught.
    #[test]
    fn one_changed_digit_of_a_tfn_always_fails(tfn in valid_tfn(), index in 0usize..9, digit in 0u8..=9) {
        if let Some(wrong) = changed(&tfn, index, digit) {
            prop_assert_eq!(Tfn::parse(&wrong).unwrap_err().problem, NumberProblem::CheckDigit);
        }
    }

    /// Nothing typed makes a reader panic, and what passes is always its kind's length.
    #[test]
    fn any_text_is_read_or_refused(text in "[0-9 a-z\\-]{0,16}") {
        if let Ok(abn) = Abn::parse(&text) { prop_assert_eq!(abn.digits().len(), 11); }
        if let Ok(acn) = Acn::parse(&text) { prop_assert_eq!(acn.digits().len(), 9); }
        if let Ok(tfn) = Tfn::parse(&text) { prop_assert!((8..=9).contains(&tfn.digits().len())); }
    }
}

mod details {
    use banksia_core::application::ApplicationInput;
    use banksia_core::application::details::{
        BusinessInput, DetailsInput, ForeignResidencyInput, OwnerInput, TaxResidencyInput,
        check_details,
    };
    use chrono::NaiveDate;
    use proptest::prelude::*;

    fn word() -> impl Strategy<Value = Option<String>> {
        prop::option::of(prop_oneof![
            "[a-zA-Z0-9 ]{0,12}",
            Just("company".to_owned()),
            Just("director".to_owned()),
            Just("owner".to_owned()),
            Just("NZ".to_owned()),
            Just("53 004 085 616".to_owned()),
            Just("004 085 616".to_owned()),
            Just("123 456 782".to_owned()),
        ])
    }

    fn owner() -> impl Strategy<Value = OwnerInput> {
        (word(), word(), word(), prop::option::of("[0-9.]{0,5}")).prop_map(
            |(full_name, role, state, share)| OwnerInput {
                full_name,
                date_of_birth: Some("1980-01-01".to_owned()),
                role,
                state,
                ownership_percent: share.map(|share| share.as_str().into()),
                ..OwnerInput::default()
            },
        )
    }

    fn details() -> impl Strategy<Value = DetailsInput> {
        (
            word(),
            word(),
            word(),
            prop::collection::vec(owner(), 0..12),
            prop::option::of(any::<bool>()),
            prop::collection::vec((word(), word(), word()), 0..4),
            word(),
        )
            .prop_map(|(entity_type, abn, acn, owners, foreign, countries, tfn)| {
                DetailsInput {
                    business: Some(BusinessInput {
                        entity_type,
                        abn,
                        acn,
                        owners: Some(owners),
                        ..BusinessInput::default()
                    }),
                    tax_residency: Some(TaxResidencyInput {
                        foreign_resident: foreign,
                        countries: Some(
                            countries
                                .into_iter()
                                .map(|(country, tin, no_tin_reason)| ForeignResidencyInput {
                                    country,
                                    tin,
                                    no_tin_reason,
                                    no_tin_explanation: None,
                                })
                                .collect(),
                        ),
                        tfn,
                        business_foreign_resident: foreign,
                        business_countries: None,
                    }),
                }
            })
    }

    proptest! {
        /// Any details give a report without panicking: either messages, or the record and no
        /// message; a personal account never gets a message about the business.
        #[test]
        fn any_details_are_checked(details in details(), business in any::<bool>()) {
            let application = ApplicationInput {
                application_type: Some(if business { "business_savings" } else { "savings" }.to_owned()),
                ..ApplicationInput::default()
            };
            let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
            let report = check_details(&application, &details, today);
            prop_assert_eq!(report.errors.is_empty(), report.details.is_some());
            if !business {
                prop_assert!(report.errors.keys().all(|key| !key.to_string().starts_with("business.")));
                if let Some(record) = &report.details {
                    prop_assert!(record.business.is_none());
                }
            }
        }
    }
}
