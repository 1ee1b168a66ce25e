//! The Australian Capital Territory: conveyance duty (Duties Act 1999 (ACT)), the owner-occupier
//! rate and the Home Buyer Concession Scheme.
//!
//! The ACT changes its rates every 1 July. The ACT Revenue Office's own page for 2024-25 was not
//! among the pages we could read; the table below is the 2024-25 owner-occupier schedule as
//! other sources reproduce it (it starts at $0.40 per $100 up to $260,000, which the ACT's own
//! text confirms), and the general schedule above $500,000 follows the owner-occupier bands.
//! Every ACT result says it is unconfirmed.
//!
//! The Home Buyer Concession Scheme (from 1 July 2024): no duty for buyers who haven't owned
//! property for 5 years, with a household income up to $250,000 plus $4,600 for each dependent
//! child, on a property up to $1,000,000 ($1,020,000 from 1 July 2025). Above that value the ACT
//! charges a reduced amount we couldn't confirm, so the calculator charges the owner-occupier rate
//! and says so.

use super::scale::{Band, Charge, Scale, Units, dec, dollars, excess};
use super::{
    Confirmation, DutyTable, HomeRate, IncomeTest, PropertyKind, Relief, State, Taper, date,
};

const OWNER_OCCUPIER_2024_25: [Band; 7] = [
    excess(0, dollars(0), dec(40, 2)),
    excess(260_000, dollars(1_040), dec(220, 2)),
    excess(300_000, dollars(1_920), dec(340, 2)),
    excess(500_000, dollars(8_720), dec(432, 2)),
    excess(750_000, dollars(19_520), dec(590, 2)),
    excess(1_000_000, dollars(34_270), dec(640, 2)),
    // "$1,455,000 and over": the band starts above a cent below.
    whole_from(dec(145499999, 2), dec(454, 2)),
];

const GENERAL_2024_25: [Band; 7] = [
    excess(0, dollars(0), dec(120, 2)),
    excess(200_000, dollars(2_400), dec(220, 2)),
    excess(300_000, dollars(4_600), dec(340, 2)),
    excess(500_000, dollars(11_400), dec(432, 2)),
    excess(750_000, dollars(22_200), dec(590, 2)),
    excess(1_000_000, dollars(36_950), dec(640, 2)),
    // "$1,455,000 and over": the band starts above a cent below.
    whole_from(dec(145499999, 2), dec(454, 2)),
];

const fn whole_from(over: rust_decimal::Decimal, rate: rust_decimal::Decimal) -> Band {
    Band {
        over,
        charge: Charge::Whole { rate },
    }
}

const fn per_hundred(bands: &'static [Band]) -> Scale {
    Scale {
        bands,
        units: Units::PerHundredOrPart,
        minimum: dollars(20),
        value_in_whole_dollars: false,
    }
}

const INCOME: IncomeTest = IncomeTest {
    base: dollars(250_000),
    per_child: dollars(4_600),
};

const HOME_BUYER_2024_25: [Relief; 1] = [Relief {
    name: "Home Buyer Concession Scheme",
    first_home_only: true,
    kinds: &PropertyKind::ALL,
    region: None,
    income_test: Some(INCOME),
    exempt_up_to: Some(dollars(1_000_000)),
    taper: Taper::None,
}];

const HOME_BUYER_2025_26: [Relief; 1] = [Relief {
    exempt_up_to: Some(dollars(1_020_000)),
    ..HOME_BUYER_2024_25[0]
}];

/// The ACT Revenue Office's conveyance duty page.
pub const SOURCE_URL: &str = "https://www.revenue.act.gov.au/duties/conveyance-duty";

const UNCONFIRMED: &str = "We couldn't confirm the ACT Revenue Office's own table: these are its 2024-25 rates as others publish them, and the ACT changes its rates every 1 July. Check the ACT Revenue Office's calculator.";

/// The tables, oldest first.
pub fn tables() -> Vec<DutyTable> {
    let first = DutyTable {
        state: State::Act,
        effective_from: date(2024, 7, 1),
        effective_to: Some(date(2025, 6, 30)),
        confirmed_to: None,
        source_title: "ACT Revenue Office: Conveyance duty",
        source_url: SOURCE_URL,
        general: per_hundred(&GENERAL_2024_25),
        home: Some(HomeRate {
            name: "owner-occupier rate",
            scale: per_hundred(&OWNER_OCCUPIER_2024_25),
            up_to: None,
            vacant_land: true,
        }),
        reliefs: &HOME_BUYER_2024_25,
        confirmation: Confirmation {
            rates: UNCONFIRMED,
            after_confirmed: None,
        },
        notes: &[
            UNCONFIRMED,
            "The Home Buyer Concession Scheme is for buyers who haven't owned property in the last 5 years; above its value threshold the ACT charges a reduced amount that isn't included here.",
        ],
        notes_above: None,
    };
    vec![
        first,
        DutyTable {
            effective_from: date(2025, 7, 1),
            effective_to: None,
            reliefs: &HOME_BUYER_2025_26,
            ..first
        },
    ]
}
