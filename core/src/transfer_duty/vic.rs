//! Victoria: land transfer duty (Duties Act 2000 (Vic)), the principal place of residence rate
//! and the first home buyer duty exemption and concession.
//!
//! * General rates for contracts from 1 July 2021 and the principal place of residence rates
//!   (from 6 May 2008, for a home up to $550,000): percentages of the dutiable value, as the
//!   State Revenue Office publishes them. Above $960,000 the rate is 5.5% of the whole value.
//! * First home buyers (contracts from 1 July 2017; Duties Act 2000 (Vic) s 57JA): no duty on a
//!   home or land up to $600,000, a reduced amount above that up to $750,000. Section 57JA(3)
//!   works the concessional amount from `A`, the dutiable value, and `B`, the duty payable but
//!   for the section; the formula itself is printed as an image we couldn't read, and the SRO's
//!   pages only say the scale slides ("the closer the dutiable value is to $600,001, the
//!   greater the concession") and print no worked example. We use `B × (A − $600,000) /
//!   $150,000`, the straight slide in those terms, and say so on every such result.

use super::scale::{Band, Scale, Units, dec, dollars, excess, whole};
use super::{Confirmation, DutyTable, HomeRate, PropertyKind, Relief, State, Taper, date};

const GENERAL: [Band; 5] = [
    excess(0, dollars(0), dec(14, 1)),
    excess(25_000, dollars(350), dec(24, 1)),
    excess(130_000, dollars(2_870), dollars(6)),
    whole(960_000, dec(55, 1)),
    excess(2_000_000, dollars(110_000), dec(65, 1)),
];

const PRINCIPAL_PLACE_OF_RESIDENCE: [Band; 4] = [
    excess(0, dollars(0), dec(14, 1)),
    excess(25_000, dollars(350), dec(24, 1)),
    excess(130_000, dollars(2_870), dollars(5)),
    excess(440_000, dollars(18_370), dollars(6)),
];

const fn percent(bands: &'static [Band]) -> Scale {
    Scale {
        bands,
        units: Units::Percent,
        minimum: dollars(0),
        value_in_whole_dollars: false,
    }
}

const RELIEFS: [Relief; 1] = [Relief {
    name: "first home buyer duty exemption or concession",
    first_home_only: true,
    kinds: &PropertyKind::ALL,
    region: None,
    income_test: None,
    exempt_up_to: Some(dollars(600_000)),
    taper: Taper::Proportional {
        cap: dollars(750_000),
    },
}];

/// The SRO's general rates page.
pub const SOURCE_URL: &str =
    "https://www.sro.vic.gov.au/non-principal-place-residence-dutiable-property-current-rates";

/// The tables, oldest first.
pub fn tables() -> Vec<DutyTable> {
    vec![DutyTable {
        state: State::Vic,
        effective_from: date(2021, 7, 1),
        effective_to: None,
        confirmed_to: None,
        source_title: "State Revenue Office Victoria: Land transfer duty current rates",
        source_url: SOURCE_URL,
        general: percent(&GENERAL),
        home: Some(HomeRate {
            name: "principal place of residence rate",
            scale: percent(&PRINCIPAL_PLACE_OF_RESIDENCE),
            up_to: Some(dollars(550_000)),
            vacant_land: false,
        }),
        reliefs: &RELIEFS,
        confirmation: Confirmation {
            rates: "The general and principal place of residence rates and the first home buyer thresholds are the SRO's; the sliding scale between $600,000 and $750,000 is our straight-line reading of the Act's terms (the duty times the share of the $150,000 band passed): the SRO publishes no worked example we could check it against.",
            after_confirmed: None,
        },
        notes: &[],
        notes_above: None,
    }]
}
