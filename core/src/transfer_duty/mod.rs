//! Transfer duty (stamp duty) on buying a home in every state and territory, with the owner
//! occupier rates and the first home buyer exemptions and concessions in force.
//!
//! Each jurisdiction's rates are dated data in its own file ([`nsw`], [`vic`], [`qld`], [`wa`],
//! [`sa`], [`tas`], [`act`], [`nt`]): a [`DutyTable`] per period, with the day it took effect,
//! the revenue office's page it comes from, the general [`Scale`], the owner-occupier rate where
//! there is one ([`HomeRate`]), the reliefs ([`Relief`]) and what we could not confirm. The
//! table is chosen by the contract date ([`table_for`]).
//!
//! How a duty is worked out ([`transfer_duty`]):
//!
//! 1. **The base duty**: the owner-occupier rate when the buyer will live in the home and the
//!    value is within that rate's range, else the general rate. Each scale rounds its own way:
//!    "for every $100, or part of $100" rounds the excess up to the next $100
//!    ([`Units::PerHundredOrPart`]); Victoria's are percentages; the Northern Territory's is a
//!    formula below $525,000 ([`Charge::Quadratic`]); WA first drops the cents of the value.
//! 2. **A relief** (first home buyer, or the NT's house and land package exemption) replaces the
//!    base duty when the buyer, the property kind, the use, the region and the income fit it:
//!    nothing up to its exemption threshold, a reduced amount between that and its cap
//!    ([`Taper`]). A relief never raises the duty: the lower of the two is charged.
//!
//! Every amount is a [`Decimal`]; the duty is exact to the cent.
//!
//! # Worked examples (each revenue office's own)
//!
//! Queensland Revenue Office: an investment house with a dutiable value of $365,400 pays $1,050
//! plus $3.50 for each of the 2,904 hundreds in $290,400: $11,214.
//!
//! ```
//! use banksia_core::transfer_duty::{transfer_duty, DutyQuestion, PropertyKind, State};
//! use chrono::NaiveDate;
//! use rust_decimal::Decimal;
//!
//! let question = DutyQuestion {
//!     live_in: false,
//!     ..DutyQuestion::new(State::Qld, Decimal::from(365_400), PropertyKind::EstablishedHome)
//! };
//! let contract = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
//! let duty = transfer_duty(&question, contract).unwrap();
//! assert_eq!(duty.duty.to_string(), "11214.00");
//! assert!(duty.relief.is_none());
//! ```

pub mod act;
pub mod nsw;
pub mod nt;
pub mod qld;
pub mod sa;
mod scale;
pub mod tas;
pub mod vic;
pub mod wa;

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::calendar::long_date;
use crate::money::round_to_cents;
use scale::nearest_dollar_half_down;
pub use scale::{Band, Charge, Scale, Units, per_hundred_or_part};

/// A state or territory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum State {
    /// New South Wales.
    Nsw,
    /// Victoria.
    Vic,
    /// Queensland.
    Qld,
    /// Western Australia.
    Wa,
    /// South Australia.
    Sa,
    /// Tasmania.
    Tas,
    /// The Australian Capital Territory.
    Act,
    /// The Northern Territory.
    Nt,
}

impl State {
    /// Every state and territory, in the order a form lists them.
    pub const ALL: [State; 8] = [
        State::Nsw,
        State::Vic,
        State::Qld,
        State::Wa,
        State::Sa,
        State::Tas,
        State::Act,
        State::Nt,
    ];

    /// `"NSW"`.
    pub const fn code(self) -> &'static str {
        match self {
            State::Nsw => "NSW",
            State::Vic => "VIC",
            State::Qld => "QLD",
            State::Wa => "WA",
            State::Sa => "SA",
            State::Tas => "TAS",
            State::Act => "ACT",
            State::Nt => "NT",
        }
    }

    /// `"New South Wales"`.
    pub const fn name(self) -> &'static str {
        match self {
            State::Nsw => "New South Wales",
            State::Vic => "Victoria",
            State::Qld => "Queensland",
            State::Wa => "Western Australia",
            State::Sa => "South Australia",
            State::Tas => "Tasmania",
            State::Act => "the Australian Capital Territory",
            State::Nt => "the Northern Territory",
        }
    }

    /// The revenue office that assesses the duty.
    pub const fn revenue_office(self) -> &'static str {
        match self {
            State::Nsw => "Revenue NSW",
            State::Vic => "the State Revenue Office Victoria",
            State::Qld => "the Queensland Revenue Office",
            State::Wa => "RevenueWA",
            State::Sa => "RevenueSA",
            State::Tas => "the State Revenue Office Tasmania",
            State::Act => "the ACT Revenue Office",
            State::Nt => "the Territory Revenue Office",
        }
    }

    /// The state named by `text`: its code or its name, any case (`"nsw"`, `"Victoria"`).
    ///
    /// ```
    /// use banksia_core::transfer_duty::State;
    /// assert_eq!(State::from_text(" nsw "), Some(State::Nsw));
    /// assert_eq!(State::from_text("Northern Territory"), Some(State::Nt));
    /// assert_eq!(State::from_text("Atlantis"), None);
    /// ```
    pub fn from_text(text: &str) -> Option<State> {
        let text = text.trim();
        State::ALL.into_iter().find(|state| {
            text.eq_ignore_ascii_case(state.code())
                || text.eq_ignore_ascii_case(state.name())
                || state
                    .name()
                    .strip_prefix("the ")
                    .is_some_and(|name| text.eq_ignore_ascii_case(name))
        })
    }

    /// Every table of this jurisdiction, oldest first.
    pub fn tables(self) -> Vec<DutyTable> {
        match self {
            State::Nsw => nsw::tables(),
            State::Vic => vic::tables(),
            State::Qld => qld::tables(),
            State::Wa => wa::tables(),
            State::Sa => sa::tables(),
            State::Tas => tas::tables(),
            State::Act => act::tables(),
            State::Nt => nt::tables(),
        }
    }
}

/// What is being bought.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PropertyKind {
    /// A home that has been lived in before.
    EstablishedHome,
    /// A new home: never lived in or sold as a home (off the plan, a house and land package).
    NewHome,
    /// Vacant land to build a home on.
    VacantLand,
}

impl PropertyKind {
    /// Every kind, in form order.
    pub const ALL: [PropertyKind; 3] = [
        PropertyKind::EstablishedHome,
        PropertyKind::NewHome,
        PropertyKind::VacantLand,
    ];

    /// `"an established home"`.
    pub const fn described(self) -> &'static str {
        match self {
            PropertyKind::EstablishedHome => "an established home",
            PropertyKind::NewHome => "a new home",
            PropertyKind::VacantLand => "vacant land",
        }
    }

    fn from_text(text: &str) -> Option<PropertyKind> {
        match text
            .trim()
            .to_ascii_lowercase()
            .replace([' ', '-'], "_")
            .as_str()
        {
            "established_home" | "established" => Some(PropertyKind::EstablishedHome),
            "new_home" | "new" => Some(PropertyKind::NewHome),
            "vacant_land" | "land" => Some(PropertyKind::VacantLand),
            _ => None,
        }
    }
}

/// Where in Western Australia (its first home owner rate has two caps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum WaRegion {
    /// The Perth metropolitan and Peel regions.
    PerthPeel,
    /// The rest of the state.
    Elsewhere,
}

/// An owner-occupier rate: a scale charged instead of the general one on a home the buyer will
/// live in, up to a value (Victoria's principal place of residence rate, Queensland's home
/// concession, WA's concessional rate, the ACT's owner-occupier rate).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HomeRate {
    /// `"principal place of residence rate"`.
    pub name: &'static str,
    /// The scale.
    pub scale: Scale,
    /// The highest value it applies to (inclusive); `None` for every value.
    pub up_to: Option<Decimal>,
    /// True when it applies to vacant land too.
    pub vacant_land: bool,
}

/// How a relief charges between its exemption threshold and its cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taper {
    /// Nothing above the exemption threshold: the base duty.
    None,
    /// `rate` per $100, or part, of the value above the exemption threshold, up to `cap`
    /// inclusive (WA's first home owner rate).
    RateOver {
        /// Dollars per $100.
        rate: Decimal,
        /// The highest value it applies to.
        cap: Decimal,
    },
    /// The base duty times `(value − threshold) / (cap − threshold)`, up to `cap` inclusive
    /// (Victoria's sliding scale).
    Proportional {
        /// The highest value it applies to.
        cap: Decimal,
    },
    /// `N − D × (cap − value) / (cap − threshold)`, for values below `cap`: `N` the general
    /// duty on the value, `D` the general duty on the exemption threshold; to the nearest dollar
    /// with 50 cents rounded down, never below 0 (NSW's First Home Buyers Assistance, in the
    /// terms of the Duties Act 1997 (NSW) s 78A(2)). It moves with the general rates, so it
    /// follows NSW's indexation each 1 July.
    LessThresholdDuty {
        /// The value it stops below.
        cap: Decimal,
    },
    /// An amount taken off the base duty: the first step whose value it is below
    /// (Queensland's first home concession).
    Deduction {
        /// `(below, amount)` in rising order of `below`.
        steps: &'static [(Decimal, Decimal)],
    },
}

/// An income test of a relief (the ACT's Home Buyer Concession Scheme).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IncomeTest {
    /// The household income allowed with no dependent children.
    pub base: Decimal,
    /// What each dependent child adds.
    pub per_child: Decimal,
}

impl IncomeTest {
    /// The highest income allowed with `children`.
    pub fn threshold(&self, children: u32) -> Decimal {
        self.base + self.per_child * Decimal::from(children)
    }
}

/// A first home buyer exemption or concession, or another relief for a home the buyer lives in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Relief {
    /// Its name as the revenue office writes it.
    pub name: &'static str,
    /// True when only first home buyers may claim it.
    pub first_home_only: bool,
    /// The property kinds it covers.
    pub kinds: &'static [PropertyKind],
    /// The WA region it is for; `None` for everywhere.
    pub region: Option<WaRegion>,
    /// Its income test, if any.
    pub income_test: Option<IncomeTest>,
    /// No duty up to this value (inclusive); `None`: no duty at any value.
    pub exempt_up_to: Option<Decimal>,
    /// What it charges above the exemption threshold.
    pub taper: Taper,
}

impl Relief {
    /// The duty with this relief on `value`, given the `base` duty without it; `None` when the
    /// value is past the relief's cap. Never more than `base`.
    pub fn duty(&self, value: Decimal, base: Decimal, scale: &Scale) -> Option<Decimal> {
        let Some(threshold) = self.exempt_up_to else {
            return Some(Decimal::ZERO);
        };
        let value = scale.rounded_value(value);
        if value <= threshold {
            return Some(Decimal::ZERO);
        }
        let reduced = match self.taper {
            Taper::None => return None,
            Taper::RateOver { rate, cap } => {
                (value <= cap).then(|| per_hundred_or_part(value - threshold) * rate)
            }
            Taper::Proportional { cap } => {
                (value <= cap).then(|| base * (value - threshold) / (cap - threshold))
            }
            Taper::LessThresholdDuty { cap } => (value < cap).then(|| {
                let full = scale.duty(value);
                let at_threshold = scale.duty(threshold);
                let taken_off = at_threshold * (cap - value) / (cap - threshold);
                nearest_dollar_half_down(full - taken_off).max(Decimal::ZERO)
            }),
            Taper::Deduction { steps } => steps
                .iter()
                .find(|(below, _)| value < *below)
                .map(|(_, amount)| (base - amount).max(Decimal::ZERO)),
        }?;
        Some(round_to_cents(reduced.min(base)))
    }

    /// The highest value the relief reduces duty on (`None`: no cap).
    pub fn cap(&self) -> Option<Decimal> {
        self.exempt_up_to?;
        match self.taper {
            Taper::None => self.exempt_up_to,
            Taper::RateOver { cap, .. }
            | Taper::Proportional { cap }
            | Taper::LessThresholdDuty { cap } => Some(cap),
            Taper::Deduction { steps } => steps.last().map(|(below, _)| *below),
        }
    }
}

/// What we could and couldn't confirm of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Confirmation {
    /// Where the figures come from, in a sentence.
    pub rates: &'static str,
    /// Said when the contract date is after [`DutyTable::confirmed_to`].
    pub after_confirmed: Option<&'static str>,
}

/// One jurisdiction's rates for a period of contract dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DutyTable {
    /// The jurisdiction.
    pub state: State,
    /// The first contract date it applies to.
    pub effective_from: NaiveDate,
    /// The last contract date it applies to; `None` while it is in force.
    pub effective_to: Option<NaiveDate>,
    /// The last contract date we could confirm it for, when it may have changed since (a
    /// threshold indexed every year); `None` when nothing is known to replace it.
    pub confirmed_to: Option<NaiveDate>,
    /// The revenue office page it comes from.
    pub source_title: &'static str,
    /// That page's address.
    pub source_url: &'static str,
    /// The general rate.
    pub general: Scale,
    /// The owner-occupier rate, if any.
    pub home: Option<HomeRate>,
    /// The reliefs, most specific first.
    pub reliefs: &'static [Relief],
    /// What we could confirm.
    pub confirmation: Confirmation,
    /// Said with every result of this table.
    pub notes: &'static [&'static str],
    /// Said when the value is above the amount.
    pub notes_above: Option<(Decimal, &'static str)>,
}

/// A date in a table.
pub(crate) const fn date(year: i32, month: u32, day: u32) -> NaiveDate {
    match NaiveDate::from_ymd_opt(year, month, day) {
        Some(date) => date,
        None => panic!("a table's date is a real day"),
    }
}

/// Why no table applies.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The contract date is before the first table we hold.
    #[error(
        "We have {name}'s rates for contracts from {from}. For an earlier contract date, use {office}'s calculator."
    )]
    BeforeFirstTable {
        /// The jurisdiction's name.
        name: &'static str,
        /// The first table's first day, as words.
        from: String,
        /// The revenue office.
        office: &'static str,
    },
}

/// The table in force for a contract on `contract_date`.
///
/// ```
/// use banksia_core::transfer_duty::{table_for, State};
/// use chrono::NaiveDate;
///
/// let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
/// let table = table_for(State::Tas, day(2025, 3, 1)).unwrap();
/// assert_eq!(table.effective_to, Some(day(2026, 6, 30)));
/// assert_eq!(table_for(State::Tas, day(2026, 7, 1)).unwrap().effective_to, None);
/// assert!(table_for(State::Nsw, day(2020, 1, 1)).unwrap_err().to_string().starts_with("We have New South Wales's rates for contracts from 1 July 2025."));
/// ```
pub fn table_for(state: State, contract_date: NaiveDate) -> Result<DutyTable, TableError> {
    let tables = state.tables();
    tables
        .iter()
        .find(|table| {
            table.effective_from <= contract_date
                && table.effective_to.is_none_or(|to| contract_date <= to)
        })
        .copied()
        .ok_or_else(|| TableError::BeforeFirstTable {
            name: state.name(),
            from: long_date(tables[0].effective_from),
            office: state.revenue_office(),
        })
}

fn capitalised(name: &'static str) -> &'static str {
    name.strip_prefix("the ").map_or(name, |rest| match rest {
        "Australian Capital Territory" => "The Australian Capital Territory",
        _ => "The Northern Territory",
    })
}

/// What is asked: the jurisdiction, the dutiable value and who buys what for what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DutyQuestion {
    /// Where the property is.
    pub state: State,
    /// The dutiable value: the price or the market value, whichever is higher.
    pub value: Decimal,
    /// What is bought.
    pub kind: PropertyKind,
    /// True when the buyer will live in it (false: an investment).
    pub live_in: bool,
    /// True when every buyer is a first home buyer.
    pub first_home_buyer: bool,
    /// Where in WA (ignored elsewhere).
    pub wa_region: WaRegion,
    /// The household's income (the ACT's income test); `None` when not given.
    pub household_income: Option<Decimal>,
    /// Dependent children (the ACT's income test).
    pub dependent_children: u32,
}

impl DutyQuestion {
    /// A home the buyer will live in, not a first home, in the Perth and Peel regions for WA,
    /// no income given.
    pub fn new(state: State, value: Decimal, kind: PropertyKind) -> Self {
        Self {
            state,
            value,
            kind,
            live_in: true,
            first_home_buyer: false,
            wa_region: WaRegion::PerthPeel,
            household_income: None,
            dependent_children: 0,
        }
    }
}

/// The duty, how it was reached and where its rates come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DutyAssessment {
    /// The table used.
    pub table: DutyTable,
    /// The duty payable.
    pub duty: Decimal,
    /// The duty at the general rate.
    pub general_duty: Decimal,
    /// The owner-occupier rate charged instead of the general one, if any.
    pub home_rate: Option<HomeRate>,
    /// The base duty (the owner-occupier rate's or the general).
    pub base_duty: Decimal,
    /// The relief that reduced the duty, if any.
    pub relief: Option<Relief>,
    /// Why no relief applies, when one might have been expected; or what the relief did.
    pub explanation: String,
    /// What the reader must know about the figure (unconfirmed rates, what is left out).
    pub cautions: Vec<String>,
}

/// Works out the duty on `question` for a contract on `contract_date`.
///
/// ```
/// use banksia_core::transfer_duty::{transfer_duty, DutyQuestion, PropertyKind, State};
/// use chrono::NaiveDate;
/// use rust_decimal::Decimal;
///
/// let contract = NaiveDate::from_ymd_opt(2026, 3, 2).unwrap();
/// let home = |state| DutyQuestion::new(state, Decimal::from(500_000), PropertyKind::EstablishedHome);
/// // The issue's figures: about $16,900 in NSW and $25,070 in Victoria (no owner-occupier rate
/// // in Victoria above $550,000, so $500,000 gets the principal place of residence rate).
/// assert_eq!(transfer_duty(&home(State::Nsw), contract).unwrap().duty.to_string(), "16912.00");
/// let vic = transfer_duty(&home(State::Vic), contract).unwrap();
/// assert_eq!(vic.general_duty.to_string(), "25070.00");
/// assert_eq!(vic.duty.to_string(), "21970.00");
/// ```
pub fn transfer_duty(
    question: &DutyQuestion,
    contract_date: NaiveDate,
) -> Result<DutyAssessment, TableError> {
    let table = table_for(question.state, contract_date)?;
    let value = question.value.max(Decimal::ZERO);
    let general_duty = table.general.duty(value);
    let home_rate = table.home.filter(|rate| {
        question.live_in
            && (rate.vacant_land || question.kind != PropertyKind::VacantLand)
            && rate.up_to.is_none_or(|top| value <= top)
    });
    let base_scale = home_rate.map_or(table.general, |rate| rate.scale);
    let base_duty = base_scale.duty(value).min(general_duty);
    let mut explanation = String::new();
    let mut relief_used = None;
    let mut duty = base_duty;
    let applicable: Vec<&Relief> = table
        .reliefs
        .iter()
        .filter(|relief| relief.kinds.contains(&question.kind))
        .filter(|relief| {
            relief
                .region
                .is_none_or(|region| region == question.wa_region)
        })
        .collect();
    for relief in &applicable {
        if relief.first_home_only && !question.first_home_buyer {
            continue;
        }
        if !question.live_in {
            explanation = format!(
                "The {} is for a home you will live in, so it doesn't apply to an investment.",
                relief.name
            );
            continue;
        }
        if let Some(test) = relief.income_test {
            let threshold = test.threshold(question.dependent_children);
            match question.household_income {
                None => {
                    explanation = format!(
                        "Enter your household income to see whether the {} applies: it is for incomes up to {}{}.",
                        relief.name,
                        crate::money::format_aud(threshold, false),
                        children_words(question.dependent_children),
                    );
                    continue;
                }
                Some(income) if income > threshold => {
                    explanation = format!(
                        "The {} is for household incomes up to {}{}, so it doesn't apply.",
                        relief.name,
                        crate::money::format_aud(threshold, false),
                        children_words(question.dependent_children),
                    );
                    continue;
                }
                Some(_) => {}
            }
        }
        match relief.duty(value, base_duty, &table.general) {
            Some(reduced) if reduced >= base_duty => {
                explanation = format!(
                    "At this price the {} doesn't reduce the duty: its amount is no less than the duty without it.",
                    relief.name
                );
                break;
            }
            Some(reduced) => {
                duty = reduced;
                relief_used = Some(**relief);
                explanation = if reduced.is_zero() {
                    format!("The {} means no duty is payable.", relief.name)
                } else {
                    format!(
                        "The {} reduces the duty by {}.",
                        relief.name,
                        crate::calculator::Money::cents_if_any(base_duty - reduced).display
                    )
                };
                break;
            }
            None => {
                explanation = format!(
                    "The {} is for {} valued up to {}, so it doesn't apply at this price.",
                    relief.name,
                    question.kind.described(),
                    relief
                        .cap()
                        .map_or_else(String::new, |cap| crate::money::format_aud(cap, false)),
                );
            }
        }
    }
    if relief_used.is_none() && explanation.is_empty() {
        explanation = no_relief_reason(question, &table, &applicable);
    }
    let mut cautions: Vec<String> = table.notes.iter().map(|note| note.to_string()).collect();
    if let Some((above, note)) = table.notes_above
        && value > above
    {
        cautions.push(note.to_string());
    }
    if let (Some(to), Some(note)) = (table.confirmed_to, table.confirmation.after_confirmed)
        && contract_date > to
    {
        cautions.push(note.to_string());
    }
    Ok(DutyAssessment {
        table,
        duty,
        general_duty,
        home_rate,
        base_duty,
        relief: relief_used,
        explanation,
        cautions,
    })
}

fn children_words(children: u32) -> String {
    match children {
        0 => " with no dependent children".to_string(),
        1 => " with one dependent child".to_string(),
        n => format!(" with {n} dependent children"),
    }
}

/// Why no relief applies, in a sentence, when the buyer might have hoped for one.
fn no_relief_reason(question: &DutyQuestion, table: &DutyTable, applicable: &[&Relief]) -> String {
    let name = question.state.name();
    if table.reliefs.is_empty() {
        return format!(
            "{} has no first home buyer concession on transfer duty.",
            capitalised(name)
        );
    }
    if !question.first_home_buyer && applicable.iter().all(|relief| relief.first_home_only) {
        return if table.reliefs.iter().all(|relief| relief.first_home_only) {
            "No concession applies: the concessions here are for first home buyers.".to_string()
        } else {
            format!(
                "No concession applies to {} here.",
                question.kind.described()
            )
        };
    }
    if applicable.is_empty() {
        let kinds: Vec<&str> = PropertyKind::ALL
            .into_iter()
            .filter(|kind| {
                table
                    .reliefs
                    .iter()
                    .any(|relief| relief.kinds.contains(kind))
            })
            .map(PropertyKind::described)
            .collect();
        return format!(
            "{}'s concessions are for {}, not {}.",
            capitalised(name),
            kinds.join(" or "),
            question.kind.described()
        );
    }
    "No concession applies.".to_string()
}

mod entries;
mod view;

pub use entries::{MAX_VALUE, StampDutyEntries, StampDutyError, StampDutyField};
pub use view::{StampDutyView, stamp_duty_view};

#[cfg(test)]
mod tests;
