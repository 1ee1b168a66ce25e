//! Queensland: transfer duty (Duties Act 2001 (Qld)), the home concession and the first home
//! concessions, as the Queensland Revenue Office publishes them.
//!
//! * Transfer duty rates and home concession rates, "for each $100, or part of $100".
//! * First home concession (an established home, thresholds from 9 June 2024): the home
//!   concession duty less an amount, $17,350 below $710,000 and $1,735 less for each $10,000
//!   up to $800,000.
//! * From 1 May 2025 a first home buyer pays no duty on a new home or on vacant land to build
//!   one (the first home (new home) and first home vacant land concessions), at any value.
//!
//! The table starts on 1 May 2025: earlier contracts had other vacant land thresholds.

use super::scale::{Band, Scale, Units, dec, dollars, excess};
use super::{Confirmation, DutyTable, HomeRate, PropertyKind, Relief, State, Taper, date};
use rust_decimal::Decimal;

const GENERAL: [Band; 5] = [
    excess(0, dollars(0), dollars(0)),
    excess(5_000, dollars(0), dec(150, 2)),
    excess(75_000, dollars(1_050), dec(350, 2)),
    excess(540_000, dollars(17_325), dec(450, 2)),
    excess(1_000_000, dollars(38_025), dec(575, 2)),
];

const HOME_CONCESSION: [Band; 4] = [
    excess(0, dollars(0), dollars(1)),
    excess(350_000, dollars(3_500), dec(350, 2)),
    excess(540_000, dollars(10_150), dec(450, 2)),
    excess(1_000_000, dollars(30_850), dec(575, 2)),
];

const fn per_hundred(bands: &'static [Band]) -> Scale {
    Scale {
        bands,
        units: Units::PerHundredOrPart,
        minimum: dollars(0),
        value_in_whole_dollars: false,
    }
}

/// `(below, amount)`: the first home concession amounts from 9 June 2024.
const FIRST_HOME_STEPS: [(Decimal, Decimal); 10] = [
    (dollars(710_000), dollars(17_350)),
    (dollars(720_000), dollars(15_615)),
    (dollars(730_000), dollars(13_880)),
    (dollars(740_000), dollars(12_145)),
    (dollars(750_000), dollars(10_410)),
    (dollars(760_000), dollars(8_675)),
    (dollars(770_000), dollars(6_940)),
    (dollars(780_000), dollars(5_205)),
    (dollars(790_000), dollars(3_470)),
    (dollars(800_000), dollars(1_735)),
];

const RELIEFS: [Relief; 3] = [
    Relief {
        name: "first home (new home) concession",
        first_home_only: true,
        kinds: &[PropertyKind::NewHome],
        region: None,
        income_test: None,
        exempt_up_to: None,
        taper: Taper::None,
    },
    Relief {
        name: "first home vacant land concession",
        first_home_only: true,
        kinds: &[PropertyKind::VacantLand],
        region: None,
        income_test: None,
        exempt_up_to: None,
        taper: Taper::None,
    },
    Relief {
        name: "first home concession",
        first_home_only: true,
        kinds: &[PropertyKind::EstablishedHome],
        region: None,
        income_test: None,
        // Every value below $710,000 takes off $17,350, which is the home concession duty at
        // $700,000: no duty up to there.
        exempt_up_to: Some(dollars(700_000)),
        taper: Taper::Deduction {
            steps: &FIRST_HOME_STEPS,
        },
    },
];

/// The QRO's transfer duty rates page.
pub const SOURCE_URL: &str = "https://qro.qld.gov.au/duties/transfer-duty/calculate/rates/";

/// The tables, oldest first.
pub fn tables() -> Vec<DutyTable> {
    vec![DutyTable {
        state: State::Qld,
        effective_from: date(2025, 5, 1),
        effective_to: None,
        confirmed_to: None,
        source_title: "Queensland Revenue Office: Transfer duty rates and home concession rates",
        source_url: SOURCE_URL,
        general: per_hundred(&GENERAL),
        home: Some(HomeRate {
            name: "home concession rate",
            scale: per_hundred(&HOME_CONCESSION),
            up_to: None,
            vacant_land: false,
        }),
        reliefs: &RELIEFS,
        confirmation: Confirmation {
            rates: "The rates, the home concession and the first home concessions are the Queensland Revenue Office's.",
            after_confirmed: None,
        },
        notes: &[],
        notes_above: None,
    }]
}
