//! The Northern Territory: stamp duty on conveyances (Stamp Duty Act 1978 (NT)) and the house
//! and land package exemption.
//!
//! * Up to $525,000 the duty is `(0.06571441 × V²) + 15V` with `V` the value in thousands of
//!   dollars, to the cent; above it a percentage of the whole value: 4.95% below $3,000,000,
//!   5.75% below $5,000,000, 5.95% from there. (Just above $525,000, 4.95% is 3 cents less than
//!   the formula at $525,000: the law's own step.)
//! * The house and land package exemption (contracts from 1 July 2022 to 30 June 2027): no duty
//!   on a new home bought as a house and land package from a builder, lived in by the buyer; not
//!   means tested, no value cap, for any buyer, not only first home buyers.

use super::scale::{Band, Charge, Scale, Units, dec, dollars, whole};
use super::{Confirmation, DutyTable, PropertyKind, Relief, State, Taper, date};

const GENERAL: [Band; 4] = [
    Band {
        over: dollars(0),
        charge: Charge::Quadratic {
            a: dec(6571441, 8),
            b: dollars(15),
        },
    },
    whole(525_000, dec(495, 2)),
    // "$3,000,000 or more": the bands start above a cent below.
    Band {
        over: dec(299999999, 2),
        charge: Charge::Whole { rate: dec(575, 2) },
    },
    Band {
        over: dec(499999999, 2),
        charge: Charge::Whole { rate: dec(595, 2) },
    },
];

const RELIEFS: [Relief; 1] = [Relief {
    name: "house and land package exemption",
    first_home_only: false,
    kinds: &[PropertyKind::NewHome],
    region: None,
    income_test: None,
    exempt_up_to: None,
    taper: Taper::None,
}];

/// The NT Treasury's page on the house and land package exemption.
pub const SOURCE_URL: &str =
    "https://treasury.nt.gov.au/news/2022/july/stamp-duty-exemption-on-house-and-land-packages";

/// The tables, oldest first.
pub fn tables() -> Vec<DutyTable> {
    let table = DutyTable {
        state: State::Nt,
        effective_from: date(2022, 7, 1),
        effective_to: Some(date(2027, 6, 30)),
        confirmed_to: None,
        source_title: "Territory Revenue Office: Stamp duty and the house and land package exemption",
        source_url: SOURCE_URL,
        general: Scale {
            bands: &GENERAL,
            units: Units::Percent,
            minimum: dollars(0),
            value_in_whole_dollars: false,
        },
        home: None,
        reliefs: &RELIEFS,
        confirmation: Confirmation {
            rates: "The formula and rates are the Territory Revenue Office's; the exemption is for house and land packages bought from a builder on contracts from 1 July 2022 to 30 June 2027.",
            after_confirmed: None,
        },
        notes: &[
            "The Northern Territory's exemption for a new home is for a house and land package bought from a building contractor.",
        ],
        notes_above: None,
    };
    vec![
        table,
        DutyTable {
            effective_from: date(2027, 7, 1),
            effective_to: None,
            reliefs: &[],
            notes: &[
                "The house and land package exemption ends with contracts signed by 30 June 2027.",
            ],
            ..table
        },
    ]
}
