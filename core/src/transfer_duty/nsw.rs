//! New South Wales: transfer duty (Duties Act 1997 (NSW), s 32) and the First Home Buyers
//! Assistance Scheme.
//!
//! * The general rates from 1 July 2025, "for every $100 or part", minimum $20, as Revenue NSW
//!   publishes them. Revenue NSW indexes the thresholds every 1 July (CPI, Sydney); the
//!   thresholds from 1 July 2026 were not in the pages we could read, so a later contract
//!   is worked out with these and says so.
//! * Premium duty on residential land above about $3.6 million is not in the table: its 2025-26
//!   threshold was not in those pages either (said on every NSW result above $3,000,000).
//! * First Home Buyers Assistance (contracts from 1 July 2023; Duties Act 1997 (NSW) ss 74, 78A):
//!   no duty on a home up to $800,000 or vacant land up to $350,000; a reduced amount for a home
//!   under $1,000,000 or land under $450,000. Section 78A(2) works the reduced amount from `N`
//!   (the general duty on the value), `V` (the value) and `D` (the general duty at $800,000);
//!   its formula is printed as an image we couldn't read, and the land subsection (2A) was cut
//!   off in the copy we read. In those terms,
//!   `N − D × ($1,000,000 − V) / $200,000` (land: `N − D × ($450,000 − V) / $100,000`), to the
//!   nearest dollar with 50 cents rounded down, reproduces all eight amounts of the NSW
//!   Government's table ("Reduced transfer duty rates", worked with the general rates in force
//!   when it was published, from 1 July 2023) to the dollar; the tests replay them. Because it
//!   is worked from the general rates, it moves with their indexation: with the 2025-26 rates a
//!   home at $850,000 pays $9,853, not the table's $9,934.

use super::scale::{Band, Scale, Units, dec, dollars, excess};
use super::{Confirmation, DutyTable, PropertyKind, Relief, State, Taper, date};

const GENERAL_2025_26: [Band; 6] = [
    excess(0, dollars(0), dec(125, 2)),
    excess(17_000, dollars(212), dec(150, 2)),
    excess(37_000, dollars(512), dec(175, 2)),
    excess(99_000, dollars(1_597), dec(350, 2)),
    excess(372_000, dollars(11_152), dec(450, 2)),
    excess(1_240_000, dollars(50_212), dec(550, 2)),
];

const HOMES: [PropertyKind; 2] = [PropertyKind::EstablishedHome, PropertyKind::NewHome];

const RELIEFS: [Relief; 2] = [
    Relief {
        name: "First Home Buyers Assistance Scheme",
        first_home_only: true,
        kinds: &HOMES,
        region: None,
        income_test: None,
        exempt_up_to: Some(dollars(800_000)),
        taper: Taper::LessThresholdDuty {
            cap: dollars(1_000_000),
        },
    },
    Relief {
        name: "First Home Buyers Assistance Scheme (vacant land)",
        first_home_only: true,
        kinds: &[PropertyKind::VacantLand],
        region: None,
        income_test: None,
        exempt_up_to: Some(dollars(350_000)),
        taper: Taper::LessThresholdDuty {
            cap: dollars(450_000),
        },
    },
];

/// Revenue NSW's transfer duty page.
pub const SOURCE_URL: &str =
    "https://www.revenue.nsw.gov.au/taxes-duties-levies-royalties/transfer-duty";

/// The tables, oldest first.
pub fn tables() -> Vec<DutyTable> {
    vec![DutyTable {
        state: State::Nsw,
        effective_from: date(2025, 7, 1),
        effective_to: None,
        confirmed_to: Some(date(2026, 6, 30)),
        source_title: "Revenue NSW: Transfer duty",
        source_url: SOURCE_URL,
        general: Scale {
            bands: &GENERAL_2025_26,
            units: Units::PerHundredOrPart,
            minimum: dollars(20),
            value_in_whole_dollars: false,
        },
        home: None,
        reliefs: &RELIEFS,
        confirmation: Confirmation {
            rates: "The rates and the First Home Buyers Assistance thresholds are Revenue NSW's from 1 July 2025; the reduced amounts between the thresholds follow the Duties Act's terms (the full duty less a tapering share of the duty at the threshold), which reproduce every amount the NSW Government publishes; we couldn't read the Act's formula itself.",
            after_confirmed: Some(
                "Revenue NSW indexes these thresholds every 1 July. We couldn't confirm the thresholds for contracts from 1 July 2026, so this uses those from 1 July 2025 and may differ by a few hundred dollars.",
            ),
        },
        notes: &[],
        notes_above: Some((
            dollars(3_000_000),
            "Premium duty on homes above about $3.6 million is not included: we couldn't confirm its 2025-26 threshold, so the figure is too low for such homes.",
        )),
    }]
}
