//! What a person enters in the stamp duty calculator, read by its one `Deserialize`.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::{DutyQuestion, PropertyKind, State, WaRegion};
use crate::calendar::read_typed_date;
use crate::entries::{
    Count, Entry, EntryField, FieldErrors, Problems, Unreadable, read_count, read_number,
};

/// The highest price accepted: $100,000,000 (every band beyond the last threshold still
/// computes; this only refuses a typing slip).
pub const MAX_VALUE: Decimal = Decimal::from_parts(100_000_000, 0, 0, false, 0);
/// The highest household income accepted: $10,000,000 a year.
pub const MAX_INCOME: Decimal = Decimal::from_parts(10_000_000, 0, 0, false, 0);
/// The most dependent children accepted.
pub const MAX_CHILDREN: u32 = 20;

/// The stamp duty calculator's entries, as typed. Every field may be left out: the property is
/// then an established home the buyer will live in, not a first home, in the Perth and Peel
/// regions for WA, the contract dated today, no income, no children and no deposit; `state`
/// and `price` must be given.
///
/// ```
/// use banksia_core::transfer_duty::StampDutyEntries;
///
/// let entries: StampDutyEntries = serde_json::from_str(
///     r#"{ "state": "QLD", "price": "$365,400", "purpose": "invest" }"#,
/// ).unwrap();
/// let today = chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
/// let (question, date, deposit) = entries.to_question(today).unwrap();
/// assert_eq!(question.value.to_string(), "365400");
/// assert!(!question.live_in);
/// assert_eq!((date, deposit), (today, None));
/// assert!(serde_json::from_str::<StampDutyEntries>(r#"{ "postcode": "2000" }"#).is_err());
/// assert!(serde_json::from_str::<StampDutyEntries>(r#"["NSW", "500000"]"#).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
#[serde(remote = "Self", default, deny_unknown_fields)]
pub struct StampDutyEntries {
    /// `"NSW"`, `"VIC"`, ... or the name.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub state: Entry,
    /// The price (or the market value, when higher), e.g. `"$650,000"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub price: Entry,
    /// `"established_home"` (the default), `"new_home"` or `"vacant_land"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub property_kind: Entry,
    /// `"live_in"` (the default) or `"invest"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub purpose: Entry,
    /// `"yes"` or `"no"` (the default).
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub first_home_buyer: Entry,
    /// The contract date, `"2026-12-01"` or `"1/12/2026"`; today when blank.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub contract_date: Entry,
    /// WA only (not read elsewhere): `"perth_peel"` (the default) or `"elsewhere"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub wa_region: Entry,
    /// ACT only (not read elsewhere): the household's income last financial year.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub household_income: Entry,
    /// ACT only (not read elsewhere): dependent children.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub dependent_children: Entry,
    /// The deposit, for the cash needed on the day and the loan that follows.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub deposit: Entry,
}

crate::reading::deserialize_object_only!(StampDutyEntries, Serialize);

/// A field of the stamp duty calculator: the keys of its [`FieldErrors`]. In form order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum StampDutyField {
    /// [`StampDutyEntries::state`].
    State,
    /// [`StampDutyEntries::price`].
    Price,
    /// [`StampDutyEntries::property_kind`].
    PropertyKind,
    /// [`StampDutyEntries::purpose`].
    Purpose,
    /// [`StampDutyEntries::first_home_buyer`].
    FirstHomeBuyer,
    /// [`StampDutyEntries::contract_date`].
    ContractDate,
    /// [`StampDutyEntries::wa_region`].
    WaRegion,
    /// [`StampDutyEntries::household_income`].
    HouseholdIncome,
    /// [`StampDutyEntries::dependent_children`].
    DependentChildren,
    /// [`StampDutyEntries::deposit`].
    Deposit,
    /// The entries as a whole.
    Input,
}

impl EntryField for StampDutyField {
    const INPUT: Self = Self::Input;
}

/// Why an entry was refused: the `Display` text is the message shown at the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StampDutyError {
    /// No state chosen.
    #[error("Choose the state or territory the property is in")]
    StateMissing,
    /// Not a state or territory.
    #[error("Choose one of NSW, VIC, QLD, WA, SA, TAS, ACT or NT")]
    StateUnknown,
    /// No price.
    #[error("Enter the price of the property")]
    PriceMissing,
    /// The price isn't a dollar amount.
    #[error("Enter the price in dollars, like 650,000")]
    PriceUnreadable,
    /// Zero or less.
    #[error("The price must be more than $0")]
    PriceNotPositive,
    /// Above [`MAX_VALUE`].
    #[error("The price can't be more than $100,000,000")]
    PriceTooLarge,
    /// Fractions of a cent.
    #[error("Enter dollars and cents, with at most 2 decimal places")]
    NotInCents,
    /// Not one of the kinds.
    #[error("Choose an established home, a new home or vacant land")]
    PropertyKindUnknown,
    /// Not live in or invest.
    #[error("Choose whether you'll live in it or invest")]
    PurposeUnknown,
    /// Not yes or no.
    #[error("Answer yes or no")]
    FirstHomeBuyerUnknown,
    /// Not a date.
    #[error("Enter the contract date as a date, like 1/12/2026")]
    ContractDateUnreadable,
    /// Not a WA region.
    #[error("Choose Perth and Peel, or elsewhere in WA")]
    WaRegionUnknown,
    /// The income isn't a dollar amount.
    #[error("Enter your household income in dollars a year, like 180,000")]
    IncomeUnreadable,
    /// Below zero.
    #[error("Income can't be negative")]
    IncomeNegative,
    /// Above `MAX_INCOME`.
    #[error("Income can't be more than $10,000,000 a year")]
    IncomeTooLarge,
    /// Not a whole number.
    #[error("Enter the number of dependent children as a whole number")]
    ChildrenNotWhole,
    /// Below 0 or above `MAX_CHILDREN`.
    #[error("Dependent children must be between 0 and 20")]
    ChildrenOutOfRange,
    /// The deposit isn't a dollar amount.
    #[error("Enter your deposit in dollars, like 120,000")]
    DepositUnreadable,
    /// Below zero.
    #[error("The deposit can't be negative")]
    DepositNegative,
    /// More than the price.
    #[error("The deposit can't be more than the price")]
    DepositAbovePrice,
}

fn text_of(entry: &Entry) -> Option<&str> {
    match entry {
        Entry::Blank => None,
        Entry::Text(text) | Entry::Number(text) => {
            let text = text.trim();
            (!text.is_empty()).then_some(text)
        }
    }
}

fn money(entry: &Entry, unreadable: StampDutyError) -> Result<Option<Decimal>, StampDutyError> {
    let amount = read_number(entry, false).map_err(|Unreadable| unreadable)?;
    if let Some(amount) = amount
        && amount.normalize().scale() > 2
    {
        return Err(StampDutyError::NotInCents);
    }
    Ok(amount)
}

/// A date as typed ([`read_typed_date`]: ISO, or Australian day first), from 1900 to 2200.
fn read_date(text: &str) -> Option<NaiveDate> {
    read_typed_date(text).filter(|day| (1900..=2200).contains(&chrono::Datelike::year(day)))
}

impl StampDutyEntries {
    /// The question, the contract date (`today` when blank) and the deposit, or a message for
    /// every entry that can't be used.
    ///
    /// ```
    /// use banksia_core::transfer_duty::{StampDutyEntries, StampDutyField};
    /// use banksia_core::entries::Entry;
    ///
    /// let entries = StampDutyEntries {
    ///     state: Entry::from("Atlantis"),
    ///     price: Entry::from("$1e9"),
    ///     contract_date: Entry::from("yesterday"),
    ///     ..StampDutyEntries::default()
    /// };
    /// let today = chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
    /// let errors = entries.to_question(today).unwrap_err();
    /// assert_eq!(errors[&StampDutyField::State], ["Choose one of NSW, VIC, QLD, WA, SA, TAS, ACT or NT"]);
    /// assert_eq!(errors[&StampDutyField::Price], ["Enter the price in dollars, like 650,000"]);
    /// assert_eq!(errors[&StampDutyField::ContractDate], ["Enter the contract date as a date, like 1/12/2026"]);
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn to_question(
        &self,
        today: NaiveDate,
    ) -> Result<(DutyQuestion, NaiveDate, Option<Decimal>), FieldErrors<StampDutyField>> {
        use StampDutyError::*;
        use StampDutyField as Field;
        let mut problems = Problems::new();
        let state = problems.check(
            Field::State,
            match text_of(&self.state) {
                None => Err(StateMissing),
                Some(text) => State::from_text(text).ok_or(StateUnknown),
            },
        );
        let price = problems.check(
            Field::Price,
            match money(&self.price, PriceUnreadable) {
                Ok(None) => Err(PriceMissing),
                Ok(Some(price)) if price <= Decimal::ZERO => Err(PriceNotPositive),
                Ok(Some(price)) if price > MAX_VALUE => Err(PriceTooLarge),
                other => other.map(|price| price.unwrap_or_default()),
            },
        );
        let kind = problems.check(
            Field::PropertyKind,
            match text_of(&self.property_kind) {
                None => Ok(PropertyKind::EstablishedHome),
                Some(text) => PropertyKind::from_text(text).ok_or(PropertyKindUnknown),
            },
        );
        let live_in = problems.check(
            Field::Purpose,
            match text_of(&self.purpose)
                .map(str::to_ascii_lowercase)
                .as_deref()
            {
                None | Some("live_in" | "live in" | "home") => Ok(true),
                Some("invest" | "investment") => Ok(false),
                Some(_) => Err(PurposeUnknown),
            },
        );
        let first_home_buyer = problems.check(
            Field::FirstHomeBuyer,
            match text_of(&self.first_home_buyer)
                .map(str::to_ascii_lowercase)
                .as_deref()
            {
                None | Some("no" | "false") => Ok(false),
                Some("yes" | "true") => Ok(true),
                Some(_) => Err(FirstHomeBuyerUnknown),
            },
        );
        let contract_date = problems.check(
            Field::ContractDate,
            match text_of(&self.contract_date) {
                None => Ok(today),
                Some(text) => read_date(text).ok_or(ContractDateUnreadable),
            },
        );
        // The WA region and the ACT's income test are asked only there: elsewhere whatever
        // they hold (a shared link's leftovers) is not read, so no message stands at a field
        // the form doesn't show.
        let in_wa = state == Some(State::Wa);
        let in_act = state == Some(State::Act);
        let wa_region = problems.check(
            Field::WaRegion,
            match text_of(&self.wa_region)
                .filter(|_| in_wa)
                .map(str::to_ascii_lowercase)
                .as_deref()
            {
                None | Some("perth_peel") => Ok(WaRegion::PerthPeel),
                Some("elsewhere") => Ok(WaRegion::Elsewhere),
                Some(_) => Err(WaRegionUnknown),
            },
        );
        let household_income = problems.check(
            Field::HouseholdIncome,
            match money(&self.household_income, IncomeUnreadable) {
                _ if !in_act => Ok(None),
                Ok(Some(income)) if income < Decimal::ZERO => Err(IncomeNegative),
                Ok(Some(income)) if income > MAX_INCOME => Err(IncomeTooLarge),
                other => other,
            },
        );
        let children = problems.check(
            Field::DependentChildren,
            match read_count(&self.dependent_children) {
                _ if !in_act => Ok(0),
                Count::Blank => Ok(0),
                Count::Whole(count) if count <= MAX_CHILDREN => Ok(count),
                Count::Whole(_) | Count::Negative => Err(ChildrenOutOfRange),
                Count::NotWhole => Err(ChildrenNotWhole),
            },
        );
        let deposit = problems.check(
            Field::Deposit,
            match money(&self.deposit, DepositUnreadable) {
                Ok(Some(deposit)) if deposit < Decimal::ZERO => Err(DepositNegative),
                Ok(Some(deposit)) if price.is_some_and(|price| deposit > price) => {
                    Err(DepositAbovePrice)
                }
                other => other,
            },
        );
        // A date before every table of the state is refused here, at the date.
        if let (Some(state), Some(day)) = (state, contract_date)
            && let Err(error) = super::table_for(state, day)
        {
            problems.note(Field::ContractDate, error);
        }
        let question = (|| {
            Some((
                DutyQuestion {
                    state: state?,
                    value: price?,
                    kind: kind?,
                    live_in: live_in?,
                    first_home_buyer: first_home_buyer?,
                    wa_region: wa_region?,
                    household_income: household_income?,
                    dependent_children: children?,
                },
                contract_date?,
                deposit?,
            ))
        })();
        problems.finish(question)
    }
}
