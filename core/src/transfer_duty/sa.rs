//! South Australia: stamp duty on conveyances (Stamp Duties Act 1923 (SA)) and the relief for
//! eligible first home buyers.
//!
//! * RevenueSA's rates, per $100 or part. South Australia has no owner-occupier rate.
//! * First home buyer relief for contracts from 6 June 2024: no duty on a new home (off the plan
//!   included) or vacant land to build one, with no property value cap. Established homes get
//!   no relief.

use super::scale::{Band, Scale, Units, dec, dollars, excess};
use super::{Confirmation, DutyTable, PropertyKind, Relief, State, Taper, date};

const GENERAL: [Band; 9] = [
    excess(0, dollars(0), dollars(1)),
    excess(12_000, dollars(120), dollars(2)),
    excess(30_000, dollars(480), dollars(3)),
    excess(50_000, dollars(1_080), dec(350, 2)),
    excess(100_000, dollars(2_830), dollars(4)),
    excess(200_000, dollars(6_830), dec(425, 2)),
    excess(250_000, dollars(8_955), dec(475, 2)),
    excess(300_000, dollars(11_330), dollars(5)),
    excess(500_000, dollars(21_330), dec(550, 2)),
];

const RELIEFS: [Relief; 1] = [Relief {
    name: "first home buyer stamp duty relief",
    first_home_only: true,
    kinds: &[PropertyKind::NewHome, PropertyKind::VacantLand],
    region: None,
    income_test: None,
    exempt_up_to: None,
    taper: Taper::None,
}];

/// RevenueSA's rates page.
pub const SOURCE_URL: &str = "https://www.revenuesa.sa.gov.au/stamp-duty-land/rate-of-stamp-duty";

/// The tables, oldest first.
pub fn tables() -> Vec<DutyTable> {
    vec![DutyTable {
        state: State::Sa,
        effective_from: date(2024, 6, 6),
        effective_to: None,
        confirmed_to: None,
        source_title: "RevenueSA: Rate of stamp duty",
        source_url: SOURCE_URL,
        general: Scale {
            bands: &GENERAL,
            units: Units::PerHundredOrPart,
            minimum: dollars(0),
            value_in_whole_dollars: false,
        },
        home: None,
        reliefs: &RELIEFS,
        confirmation: Confirmation {
            rates: "The rates are RevenueSA's; the first home buyer relief has had no value cap since 6 June 2024.",
            after_confirmed: None,
        },
        notes: &[],
        notes_above: None,
    }]
}
