//! The arithmetic of a duty table: bands, each table's own rounding, and the reliefs.

use rust_decimal::{Decimal, RoundingStrategy};

use crate::money::round_to_cents;

/// A decimal from whole units and a scale, in a `const` (`dec(125, 2)` is 1.25).
pub(crate) const fn dec(units: u64, scale: u32) -> Decimal {
    Decimal::from_parts(units as u32, (units >> 32) as u32, 0, false, scale)
}

/// A whole number of dollars, in a `const`.
pub(crate) const fn dollars(units: u64) -> Decimal {
    dec(units, 0)
}

/// How a band counts the dollars it charges on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Units {
    /// "For every $100, or part of $100": the amount is rounded up to the next whole $100 and
    /// charged at the rate per $100 (NSW, QLD, WA, SA, TAS, ACT).
    PerHundredOrPart,
    /// A percentage of the amount, to the cent (VIC, NT).
    Percent,
}

/// What a band charges above its threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charge {
    /// `base` plus `rate` per $100 of the value in excess of the band's threshold.
    Excess {
        /// The duty on the value up to the threshold.
        base: Decimal,
        /// Dollars per $100 (equal to the percentage).
        rate: Decimal,
    },
    /// `rate` per $100 of the whole value (VIC above $960,000, NT above $525,000, ACT's top band).
    Whole {
        /// Dollars per $100 (equal to the percentage).
        rate: Decimal,
    },
    /// The Northern Territory's formula below $525,000: `a·V² + b·V` with `V` the value in
    /// thousands of dollars.
    Quadratic {
        /// The coefficient of `V²` (0.06571441).
        a: Decimal,
        /// The coefficient of `V` (15).
        b: Decimal,
    },
}

/// One band of a scale: it charges values above `over` (up to the next band's `over`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Band {
    /// The band starts above this value (the first band's is 0).
    pub over: Decimal,
    /// What it charges.
    pub charge: Charge,
}

/// A band, in a `const`: `base + rate per $100 over the threshold`.
pub(crate) const fn excess(over: u64, base: Decimal, rate: Decimal) -> Band {
    Band {
        over: dollars(over),
        charge: Charge::Excess { base, rate },
    }
}

/// A band charging `rate` per $100 of the whole value.
pub(crate) const fn whole(over: u64, rate: Decimal) -> Band {
    Band {
        over: dollars(over),
        charge: Charge::Whole { rate },
    }
}

/// A scale of duty: bands in rising order, how they count, a minimum, and how the value is
/// rounded first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scale {
    /// The bands, the first `over` 0.
    pub bands: &'static [Band],
    /// How each band counts the dollars it charges on.
    pub units: Units,
    /// The least duty charged on any value (NSW's and the ACT's $20; 0 elsewhere).
    pub minimum: Decimal,
    /// True when the value is first rounded down to whole dollars (WA's Schedule 2).
    pub value_in_whole_dollars: bool,
}

impl Scale {
    /// The duty on `value` by this scale, to the cent.
    pub fn duty(&self, value: Decimal) -> Decimal {
        let value = self.rounded_value(value);
        if value <= Decimal::ZERO {
            return Decimal::ZERO;
        }
        let band = self
            .bands
            .iter()
            .rev()
            .find(|band| value > band.over)
            .unwrap_or(&self.bands[0]);
        let duty = match band.charge {
            Charge::Excess { base, rate } => base + self.charge_on(value - band.over, rate),
            Charge::Whole { rate } => self.charge_on(value, rate),
            Charge::Quadratic { a, b } => {
                let thousands = value / Decimal::ONE_THOUSAND;
                a * thousands * thousands + b * thousands
            }
        };
        round_to_cents(duty.max(self.minimum))
    }

    /// The value as the scale reads it.
    pub fn rounded_value(&self, value: Decimal) -> Decimal {
        if self.value_in_whole_dollars {
            value.trunc()
        } else {
            value
        }
    }

    /// `rate` per $100 of `amount`, counted as the scale counts.
    pub fn charge_on(&self, amount: Decimal, rate: Decimal) -> Decimal {
        match self.units {
            Units::PerHundredOrPart => per_hundred_or_part(amount) * rate,
            Units::Percent => amount * rate / Decimal::ONE_HUNDRED,
        }
    }
}

/// How many $100s, a part counting as a whole one: 0 for nothing, 1 for $0.01 to $100.
///
/// ```
/// use banksia_core::transfer_duty::per_hundred_or_part;
/// use rust_decimal::Decimal;
/// assert_eq!(per_hundred_or_part(Decimal::from(290_400)), Decimal::from(2_904));
/// assert_eq!(per_hundred_or_part(Decimal::new(10_001, 2)), Decimal::from(2));
/// assert_eq!(per_hundred_or_part(Decimal::ZERO), Decimal::ZERO);
/// ```
pub fn per_hundred_or_part(amount: Decimal) -> Decimal {
    if amount <= Decimal::ZERO {
        return Decimal::ZERO;
    }
    (amount / Decimal::ONE_HUNDRED).ceil()
}

/// To the nearest dollar, 50 cents rounded down (Revenue NSW's rule for its adjusted amounts).
pub(crate) fn nearest_dollar_half_down(amount: Decimal) -> Decimal {
    round_to_cents(amount.round_dp_with_strategy(0, RoundingStrategy::MidpointTowardZero))
}
