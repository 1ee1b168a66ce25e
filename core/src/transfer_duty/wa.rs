//! Western Australia: transfer duty (Duties Act 2008 (WA), Schedule 2), its concessional rate
//! for a home under $200,000 and the first home owner rate of duty.
//!
//! * The general rate from 1 July 2022 (Schedule 2, Division 1: the residential rate was folded
//!   into it), per $100 or part, on the value rounded down to whole dollars.
//! * The concessional rate (s 147) for a home the buyer lives in valued below $200,000.
//! * The first home owner rate for transactions from 21 March 2025 (as announced by the WA
//!   Government): no duty on a home up to $500,000, then $13.63 per $100 or part above $500,000
//!   up to $700,000 in the Perth metropolitan and Peel regions, $11.90 up to $750,000 elsewhere;
//!   no duty on vacant land up to $350,000, then $15.39 per $100 or part up to $450,000.

use super::scale::{Band, Scale, Units, dec, dollars, excess};
use super::{
    Confirmation, DutyTable, HomeRate, PropertyKind, Relief, State, Taper, WaRegion, date,
};

const GENERAL: [Band; 5] = [
    excess(0, dollars(0), dec(190, 2)),
    excess(120_000, dollars(2_280), dec(285, 2)),
    excess(150_000, dollars(3_135), dec(380, 2)),
    excess(360_000, dollars(11_115), dec(475, 2)),
    excess(725_000, dollars(28_453), dec(515, 2)),
];

const CONCESSIONAL: [Band; 2] = [
    excess(0, dollars(0), dec(150, 2)),
    excess(120_000, dollars(1_800), dec(404, 2)),
];

const fn schedule_2(bands: &'static [Band]) -> Scale {
    Scale {
        bands,
        units: Units::PerHundredOrPart,
        minimum: dollars(0),
        value_in_whole_dollars: true,
    }
}

const HOMES: [PropertyKind; 2] = [PropertyKind::EstablishedHome, PropertyKind::NewHome];

const RELIEFS: [Relief; 3] = [
    Relief {
        name: "first home owner rate of duty (Perth and Peel)",
        first_home_only: true,
        kinds: &HOMES,
        region: Some(WaRegion::PerthPeel),
        income_test: None,
        exempt_up_to: Some(dollars(500_000)),
        taper: Taper::RateOver {
            rate: dec(1363, 2),
            cap: dollars(700_000),
        },
    },
    Relief {
        name: "first home owner rate of duty (outside Perth and Peel)",
        first_home_only: true,
        kinds: &HOMES,
        region: Some(WaRegion::Elsewhere),
        income_test: None,
        exempt_up_to: Some(dollars(500_000)),
        taper: Taper::RateOver {
            rate: dec(1190, 2),
            cap: dollars(750_000),
        },
    },
    Relief {
        name: "first home owner rate of duty (vacant land)",
        first_home_only: true,
        kinds: &[PropertyKind::VacantLand],
        region: None,
        income_test: None,
        exempt_up_to: Some(dollars(350_000)),
        taper: Taper::RateOver {
            rate: dec(1539, 2),
            cap: dollars(450_000),
        },
    },
];

/// The WA Government's announcement of the first home owner rate from 21 March 2025.
pub const SOURCE_URL: &str = "https://www.wa.gov.au/government/announcements/changes-the-first-home-owner-rate-of-duty-and-the-the-plan-duty-concession";

/// The tables, oldest first.
pub fn tables() -> Vec<DutyTable> {
    vec![DutyTable {
        state: State::Wa,
        effective_from: date(2025, 3, 21),
        effective_to: None,
        confirmed_to: None,
        source_title: "WA Government: Changes to the first home owner rate of duty (Duties Act 2008, Schedule 2)",
        source_url: SOURCE_URL,
        general: schedule_2(&GENERAL),
        home: Some(HomeRate {
            name: "concessional rate for a home under $200,000",
            scale: schedule_2(&CONCESSIONAL),
            up_to: Some(dec(19999999, 2)),
            vacant_land: false,
        }),
        reliefs: &RELIEFS,
        confirmation: Confirmation {
            rates: "The general and concessional rates are Schedule 2 of the Duties Act 2008; the first home owner rate is the WA Government's from 21 March 2025.",
            after_confirmed: None,
        },
        notes: &[],
        notes_above: None,
    }]
}
