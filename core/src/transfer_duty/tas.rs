//! Tasmania: property transfer duty (Duties Act 2001 (Tas)) and the exemption for first home
//! buyers of established homes.
//!
//! * The rates from 21 October 2013, per $100 or part, $50 up to $3,000.
//! * The first home buyer exemption for an established home valued up to $750,000, for
//!   transfers settling from 18 February 2024 to 30 June 2026. Tasmania keys it on settlement;
//!   this calculator keys every table on the contract date, so a contract close to 30 June 2026
//!   that settles later may not get it (said with the result). We couldn't confirm an
//!   extension past 30 June 2026.

use super::scale::{Band, Scale, Units, dec, dollars, excess};
use super::{Confirmation, DutyTable, PropertyKind, Relief, State, Taper, date};

const GENERAL: [Band; 7] = [
    excess(0, dollars(50), dollars(0)),
    excess(3_000, dollars(50), dec(175, 2)),
    excess(25_000, dollars(435), dec(225, 2)),
    excess(75_000, dollars(1_560), dec(350, 2)),
    excess(200_000, dollars(5_935), dollars(4)),
    excess(375_000, dollars(12_935), dec(425, 2)),
    excess(725_000, dollars(27_810), dec(450, 2)),
];

const SCALE: Scale = Scale {
    bands: &GENERAL,
    units: Units::PerHundredOrPart,
    minimum: dollars(50),
    value_in_whole_dollars: false,
};

const RELIEFS: [Relief; 1] = [Relief {
    name: "duty exemption for first home buyers of established homes",
    first_home_only: true,
    kinds: &[PropertyKind::EstablishedHome],
    region: None,
    income_test: None,
    exempt_up_to: Some(dollars(750_000)),
    taper: Taper::None,
}];

/// The SRO Tasmania's property transfer duties page.
pub const SOURCE_URL: &str = "https://www.sro.tas.gov.au/property-transfer-duties";

/// The tables, oldest first.
pub fn tables() -> Vec<DutyTable> {
    let table = DutyTable {
        state: State::Tas,
        effective_from: date(2024, 2, 18),
        effective_to: Some(date(2026, 6, 30)),
        confirmed_to: None,
        source_title: "State Revenue Office Tasmania: Property transfer duties",
        source_url: SOURCE_URL,
        general: SCALE,
        home: None,
        reliefs: &RELIEFS,
        confirmation: Confirmation {
            rates: "The rates are the State Revenue Office Tasmania's from 21 October 2013; the first home buyer exemption is for transfers settling from 18 February 2024 to 30 June 2026.",
            after_confirmed: None,
        },
        notes: &[
            "Tasmania's first home buyer exemption depends on the settlement date (by 30 June 2026), not the contract date.",
        ],
        notes_above: None,
    };
    vec![
        table,
        DutyTable {
            effective_from: date(2026, 7, 1),
            effective_to: None,
            reliefs: &[],
            confirmation: Confirmation {
                rates: "The rates are the State Revenue Office Tasmania's from 21 October 2013.",
                after_confirmed: None,
            },
            notes: &[
                "The first home buyer exemption for established homes was for transfers settling by 30 June 2026; we couldn't confirm an extension.",
            ],
            ..table
        },
    ]
}
