//! Banksia's indicative lenders mortgage insurance (LMI) premiums: product data, as a share of
//! the loan by loan-to-value ratio (LVR) band and loan size, for a home loan above 80% of the
//! price. It is an estimate for planning: the insurer prices each loan when it is approved, and
//! some states charge stamp duty on the premium, which is not included.
//!
//! ```
//! use banksia_core::products::lmi::{indicative_premium, LmiEstimate};
//! use rust_decimal::Decimal;
//!
//! // A $540,000 loan on a $600,000 home is a 90% LVR: 1.90% of the loan.
//! let estimate = indicative_premium(Decimal::from(540_000), Decimal::from(600_000));
//! assert_eq!(estimate, LmiEstimate::Premium {
//!     lvr_percent: Decimal::new(9000, 2),
//!     rate_percent: Decimal::new(190, 2),
//!     premium: Decimal::new(1_026_000, 2),
//! });
//! // At 80% or less there is no LMI.
//! assert_eq!(indicative_premium(Decimal::from(480_000), Decimal::from(600_000)), LmiEstimate::NotNeeded);
//! ```

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::money::round_to_cents;

/// The day this table took effect.
pub const EFFECTIVE_FROM: NaiveDate = match NaiveDate::from_ymd_opt(2026, 7, 1) {
    Some(day) => day,
    None => panic!("a real day"),
};

/// No LMI at or below this LVR, percent.
pub const NO_LMI_UP_TO_LVR: Decimal = Decimal::from_parts(80, 0, 0, false, 0);
/// The highest LVR Banksia lends at, percent (the home loans' `max_lvr_percent`).
pub const MAX_LVR: Decimal = Decimal::from_parts(95, 0, 0, false, 0);
/// The largest loan the table prices above 80% LVR.
pub const MAX_INSURED_LOAN: Decimal = Decimal::from_parts(1_500_000, 0, 0, false, 0);

/// The LVR bands' upper ends, percent (inclusive).
const LVR_BANDS: [Decimal; 4] = [
    Decimal::from_parts(85, 0, 0, false, 0),
    Decimal::from_parts(88, 0, 0, false, 0),
    Decimal::from_parts(90, 0, 0, false, 0),
    Decimal::from_parts(95, 0, 0, false, 0),
];

/// The loan size bands' upper ends, dollars (inclusive).
const LOAN_BANDS: [Decimal; 4] = [
    Decimal::from_parts(300_000, 0, 0, false, 0),
    Decimal::from_parts(500_000, 0, 0, false, 0),
    Decimal::from_parts(1_000_000, 0, 0, false, 0),
    MAX_INSURED_LOAN,
];

/// Premium as a percent of the loan, `[loan band][lvr band]`, in hundredths of a percent.
const RATES: [[i64; 4]; 4] = [
    [60, 95, 125, 250],
    [75, 115, 150, 300],
    [95, 140, 190, 360],
    [115, 170, 230, 420],
];

/// What the table says about a loan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LmiEstimate {
    /// The loan is at most 80% of the price: no LMI.
    NotNeeded,
    /// The indicative premium.
    Premium {
        /// The loan-to-value ratio, percent to 2 decimals.
        lvr_percent: Decimal,
        /// The premium rate, percent of the loan.
        rate_percent: Decimal,
        /// The premium, to the cent.
        premium: Decimal,
    },
    /// Above [`MAX_LVR`]: Banksia doesn't lend that share of the price.
    AboveMaxLvr {
        /// The loan-to-value ratio, percent to 2 decimals.
        lvr_percent: Decimal,
    },
    /// Above 80% LVR and above [`MAX_INSURED_LOAN`]: priced case by case.
    LoanTooLarge {
        /// The loan-to-value ratio, percent to 2 decimals.
        lvr_percent: Decimal,
    },
}

/// The loan-to-value ratio of `loan` on `price`, percent, rounded up to 2 decimals (so a loan
/// a cent over 80% is over 80%).
pub fn lvr_percent(loan: Decimal, price: Decimal) -> Decimal {
    if price <= Decimal::ZERO {
        return Decimal::ZERO;
    }
    let exact = loan * Decimal::ONE_HUNDRED / price;
    let mut rounded = exact.round_dp_with_strategy(2, rust_decimal::RoundingStrategy::AwayFromZero);
    rounded.rescale(2);
    rounded
}

/// The indicative premium for `loan` on a home of `price`.
pub fn indicative_premium(loan: Decimal, price: Decimal) -> LmiEstimate {
    let exact_over = loan * Decimal::ONE_HUNDRED > NO_LMI_UP_TO_LVR * price;
    let lvr = lvr_percent(loan, price);
    if !exact_over || loan <= Decimal::ZERO {
        return LmiEstimate::NotNeeded;
    }
    if loan * Decimal::ONE_HUNDRED > MAX_LVR * price {
        return LmiEstimate::AboveMaxLvr { lvr_percent: lvr };
    }
    let Some(loan_band) = LOAN_BANDS.iter().position(|top| loan <= *top) else {
        return LmiEstimate::LoanTooLarge { lvr_percent: lvr };
    };
    // The band by the exact ratio: loan × 100 ≤ top × price.
    let lvr_band = LVR_BANDS
        .iter()
        .position(|top| loan * Decimal::ONE_HUNDRED <= *top * price)
        .unwrap_or(LVR_BANDS.len() - 1);
    let rate_percent = Decimal::new(RATES[loan_band][lvr_band], 2);
    LmiEstimate::Premium {
        lvr_percent: lvr,
        rate_percent,
        premium: round_to_cents(loan * rate_percent / Decimal::ONE_HUNDRED),
    }
}

/// The words shown with every LMI figure.
pub const LMI_NOTE: &str = "Lenders mortgage insurance is an estimate from Banksia's indicative table: the insurer prices your loan when it's approved. It protects the bank, not you. Some states also charge stamp duty on the premium, which isn't included. It's usually added to the loan rather than paid on the day.";

/// The line on the Australian Government's Home Guarantee Scheme, shown when LMI applies.
pub const HOME_GUARANTEE_NOTE: &str = "Under the Australian Government's Home Guarantee Scheme, an eligible buyer can borrow with a deposit from 5% (2% for single parents) without paying LMI; places and price caps apply. See Housing Australia's website for who is eligible.";

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn every_band_edge() {
        // Exactly 80%: none; a cent over: the first band.
        assert_eq!(
            indicative_premium(dec!(400000), dec!(500000)),
            LmiEstimate::NotNeeded
        );
        match indicative_premium(dec!(400000.01), dec!(500000)) {
            LmiEstimate::Premium {
                rate_percent,
                lvr_percent,
                ..
            } => {
                assert_eq!((rate_percent, lvr_percent), (dec!(0.75), dec!(80.01)));
            }
            other => panic!("{other:?}"),
        }
        // 85% is the first band's top; a cent more is the next.
        let rate = |loan: Decimal, price: Decimal| match indicative_premium(loan, price) {
            LmiEstimate::Premium { rate_percent, .. } => rate_percent,
            other => panic!("{other:?}"),
        };
        assert_eq!(rate(dec!(425000), dec!(500000)), dec!(0.75));
        assert_eq!(rate(dec!(425000.01), dec!(500000)), dec!(1.15));
        assert_eq!(rate(dec!(440000), dec!(500000)), dec!(1.15));
        assert_eq!(rate(dec!(450000), dec!(500000)), dec!(1.50));
        assert_eq!(rate(dec!(475000), dec!(500000)), dec!(3.00));
        // Loan bands: $300,000 and a cent more.
        assert_eq!(rate(dec!(300000), dec!(340000)), dec!(1.25));
        assert_eq!(rate(dec!(300000.01), dec!(340000)), dec!(1.50));
        assert_eq!(
            indicative_premium(dec!(475000.01), dec!(500000)),
            LmiEstimate::AboveMaxLvr {
                lvr_percent: dec!(95.01)
            }
        );
        assert_eq!(
            indicative_premium(dec!(1500000.01), dec!(1700000)),
            LmiEstimate::LoanTooLarge {
                lvr_percent: dec!(88.24)
            }
        );
    }

    #[test]
    fn the_premium_never_falls_as_the_loan_grows_on_one_price() {
        let price = dec!(800000);
        let mut previous = Decimal::ZERO;
        let mut loan = dec!(640000);
        while loan <= dec!(760000) {
            if let LmiEstimate::Premium { premium, .. } = indicative_premium(loan, price) {
                assert!(premium >= previous, "{loan}");
                previous = premium;
            }
            loan += dec!(250);
        }
    }
}
