//! Repayments and schedules against an independent exact reference (big rationals).
//!
//! The reference works the module's rules with no rounding but the rules' own: the repayment is
//! `P·r·(1+r)^n / ((1+r)^n − 1)` as an exact fraction, rounded up to the cent; each period's
//! interest is `balance × r` as an exact fraction, rounded to the cent with halves away from
//! zero. Inputs are adversarial the usual way: principals whose exact repayment falls a hair
//! above (or exactly on) a cent boundary, found from the continued fraction of the repayment
//! per cent borrowed, and rates with many decimals, at every frequency.

use banksia_core::loan::{LoanTerms, RepaymentFrequency, repayment, schedule};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use proptest::prelude::*;
use rust_decimal::Decimal;

fn rational(value: Decimal) -> BigRational {
    BigRational::new(
        BigInt::from(value.mantissa()),
        BigInt::from(10).pow(value.scale()),
    )
}

fn to_cents(count: &BigInt) -> Decimal {
    Decimal::from_i128_with_scale(count.to_i128().unwrap(), 2)
}

/// The rate per period as an exact fraction.
fn rate_per_period(terms: &LoanTerms) -> BigRational {
    rational(terms.annual_rate_percent)
        / BigRational::from_integer(BigInt::from(100 * terms.frequency.periods_per_year()))
}

/// The rate per period as `a / b` in lowest terms.
fn rate_parts(terms: &LoanTerms) -> (BigInt, BigInt) {
    let r = rate_per_period(terms);
    (r.numer().clone(), r.denom().clone())
}

/// The exact repayment in cents is `p · a·(a+b)^n / (b·((a+b)^n − b^n))` for `p` cents
/// borrowed: this is that fraction without `p` (numerator, denominator), or `1/n` at 0%.
fn repayment_factor(terms: &LoanTerms, periods: u32) -> (BigInt, BigInt) {
    let (a, b) = rate_parts(terms);
    if a.is_zero() {
        return (BigInt::one(), BigInt::from(periods));
    }
    let growth = (&a + &b).pow(periods);
    let base = b.pow(periods);
    (&a * &growth, &b * (growth - base))
}

fn reference_repayment(terms: &LoanTerms) -> Decimal {
    let periods =
        (terms.term_years - terms.interest_only_years) * terms.frequency.periods_per_year();
    let (numerator, denominator) = repayment_factor(terms, periods);
    let cents = rational(terms.principal * Decimal::from(100)).to_integer();
    // Rounded up: ⌈N / D⌉ = ⌊(N + D − 1) / D⌋.
    let numerator = numerator * cents;
    to_cents(&((numerator + &denominator - BigInt::one()) / denominator))
}

/// Half-away rounding of a non-negative fraction to an integer.
fn round_half_up(value: &BigRational) -> BigInt {
    (value + BigRational::new(BigInt::one(), BigInt::from(2)))
        .floor()
        .to_integer()
}

struct ReferencePeriod {
    payment: BigInt,
    interest: BigInt,
    closing: BigInt,
}

/// The schedule in whole cents, worked with exact integers and fractions.
fn reference_schedule(terms: &LoanTerms, repayment_cents: &BigInt) -> Vec<ReferencePeriod> {
    let per_year = terms.frequency.periods_per_year();
    let r = rate_per_period(terms);
    let extra = rational(terms.extra_repayment * Decimal::from(100)).to_integer();
    let mut balance = rational(terms.principal * Decimal::from(100)).to_integer();
    let mut out = Vec::new();
    for number in 1..=terms.term_years * per_year {
        if !balance.is_positive() {
            break;
        }
        let interest = round_half_up(&(BigRational::from_integer(balance.clone()) * &r));
        let owing = &balance + &interest;
        let scheduled = if number <= terms.interest_only_years * per_year {
            interest.clone()
        } else {
            repayment_cents.clone()
        };
        let mut payment = scheduled + &extra;
        if payment >= owing || number == terms.term_years * per_year {
            payment = owing;
        }
        balance -= &payment - &interest;
        out.push(ReferencePeriod {
            payment,
            interest,
            closing: balance.clone(),
        });
    }
    out
}

fn check_against_reference(terms: &LoanTerms) -> Result<(), TestCaseError> {
    let expected = reference_repayment(terms);
    prop_assert_eq!(repayment(terms).unwrap(), expected, "{:?}", terms);
    let plan = schedule(terms).unwrap();
    let expected_cents = rational(expected * Decimal::from(100)).to_integer();
    let reference = reference_schedule(terms, &expected_cents);
    prop_assert_eq!(plan.periods.len(), reference.len());
    for (period, exact) in plan.periods.iter().zip(&reference) {
        prop_assert_eq!(period.payment, to_cents(&exact.payment));
        prop_assert_eq!(period.interest, to_cents(&exact.interest));
        prop_assert_eq!(period.closing_balance, to_cents(&exact.closing));
    }
    prop_assert_eq!(
        plan.final_payment,
        to_cents(&reference.last().unwrap().payment)
    );
    Ok(())
}

/// Principals (in cents, 1 to 10¹⁰) whose exact repayment lies closest to a whole cent, above
/// or on it: the denominators of the continued fraction's convergents of the repayment per
/// cent borrowed, and their neighbours. The fraction is first cut to 2⁻²⁵⁶ (the convergents
/// with denominators this small don't depend on the rest).
fn principals_near_cent_boundaries(factor: &(BigInt, BigInt)) -> Vec<i64> {
    let scale = BigInt::one() << 256;
    let mut rest = BigRational::new(&factor.0 * &scale / &factor.1, scale);
    let (mut h0, mut h1) = (BigInt::zero(), BigInt::one());
    let (mut k0, mut k1) = (BigInt::one(), BigInt::zero());
    let mut found = Vec::new();
    for _ in 0..64 {
        let whole = rest.floor().to_integer();
        let h2 = &whole * &h1 + &h0;
        let k2 = &whole * &k1 + &k0;
        if k2 > BigInt::from(10_000_000_000i64) {
            break;
        }
        if let Some(k) = k2.to_i64().filter(|k| *k > 0) {
            found.extend([k, k + 1, (k - 1).max(1)]);
        }
        (h0, h1, k0, k1) = (h1, h2, k1, k2);
        let fraction = &rest - BigRational::from_integer(whole);
        if fraction.is_zero() {
            break;
        }
        rest = fraction.recip();
    }
    found.sort_unstable();
    found.dedup();
    found
}

fn frequency() -> impl Strategy<Value = RepaymentFrequency> {
    prop::sample::select(RepaymentFrequency::ALL.to_vec())
}

/// Rates from 0.01% to 30% with 2 to 12 decimals, and a few with up to 28.
fn rate() -> impl Strategy<Value = Decimal> {
    prop_oneof![
        4 => (1i64..=3000).prop_map(|bp| Decimal::new(bp, 2)),
        4 => (2u32..=12).prop_flat_map(|scale| {
            let top = 30 * 10i64.pow(scale);
            (1..=top).prop_map(move |m| Decimal::new(m, scale))
        }),
        1 => (1u128..=30 * 10u128.pow(26), 26u32..=28)
            .prop_map(|(m, scale)| Decimal::from_i128_with_scale(m as i128, scale)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn repayment_and_schedule_are_exact_near_cent_boundaries(
        rate in rate(), years in 1u32..=40, frequency in frequency(), pick in any::<prop::sample::Index>(),
    ) {
        let mut terms = LoanTerms::new(Decimal::ONE, rate, years).with_frequency(frequency);
        let factor = repayment_factor(&terms, years * frequency.periods_per_year());
        let candidates = principals_near_cent_boundaries(&factor);
        prop_assume!(!candidates.is_empty());
        terms.principal = Decimal::new(*pick.get(&candidates), 2);
        check_against_reference(&terms)?;
    }

    #[test]
    fn repayment_and_schedule_are_exact_anywhere(
        cents in 1i64..=10_000_000_000, rate in rate(), years in 2u32..=40, frequency in frequency(),
        interest_only in 0u32..=10, extra in prop_oneof![Just(0i64), 1i64..=500_000],
    ) {
        let principal = Decimal::new(cents, 2);
        let terms = LoanTerms::new(principal, rate, years)
            .with_frequency(frequency)
            .with_interest_only_years(interest_only.min(years - 1))
            .with_extra_repayment(Decimal::new(extra, 2).min(principal));
        check_against_reference(&terms)?;
    }
}

#[test]
fn the_examples_of_a_cent_missed_by_28_digits() {
    // Exact 444.6300000000227…: rounded up, 444.64; the final repayment absorbs the rest.
    let monthly = LoanTerms::new(Decimal::new(7_259_633, 2), Decimal::new(62, 1), 30);
    assert_eq!(repayment(&monthly).unwrap(), Decimal::new(44_464, 2));
    assert_eq!(
        schedule(&monthly).unwrap().final_payment,
        Decimal::new(43_424, 2)
    );
    check_against_reference(&monthly).unwrap();
    let weekly = LoanTerms::new(Decimal::new(3_821_222, 2), Decimal::new(645, 2), 30)
        .with_frequency(RepaymentFrequency::Weekly);
    assert_eq!(repayment(&weekly).unwrap(), Decimal::new(5542, 2));
    check_against_reference(&weekly).unwrap();
}

#[test]
fn a_rate_too_small_for_28_digits_still_rounds_up() {
    // 1,200 over 12 months at 10⁻²⁰ % p.a.: a hair above $100, so $100.01.
    let terms = LoanTerms::new(Decimal::from(1200), Decimal::new(1, 20), 1);
    assert_eq!(repayment(&terms).unwrap(), Decimal::new(10_001, 2));
    check_against_reference(&terms).unwrap();
}

#[test]
fn exact_whole_cents_are_not_pushed_up() {
    let free = LoanTerms::new(Decimal::from(1200), Decimal::ZERO, 1);
    assert_eq!(repayment(&free).unwrap(), Decimal::from(100));
    check_against_reference(&free).unwrap();
}
