//! Comparison rates against an independent exact solution of the regulation's equation.
//!
//! National Consumer Credit Protection Regulations 2010, reg 100: the comparison rate is
//! `n × r × 100%` where `r` solves `Σ A_j/(1+r)^j = Σ (R_j + C_j)/(1+r)^j`. This test builds the
//! cash flows itself (the repayments from the loan schedule, which `tests/exact.rs` checks
//! against exact arithmetic, and the fees placed by the module doc's rules, written again here),
//! then finds `r` by bisection on rational numbers: with `r = p / 2^k`, the equation multiplied
//! through by `(2^k + p)^t` is an identity between big integers, so each step is decided exactly,
//! with no rounding at all. Core's published figure (two decimal places) must equal the exact
//! one rounded, and core's unrounded figure must lie within 1e-9 of the exact bracket.

use banksia_core::comparison_rate::{
    ComparisonRate, CreditFees, CreditTerms, InitialRate, StandardExample, comparison_rate,
};
use banksia_core::loan::{LoanTerms, RepaymentFrequency, schedule};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use proptest::prelude::*;
use rust_decimal::Decimal;

fn cents(value: Decimal) -> BigInt {
    let scaled = (value * Decimal::ONE_HUNDRED).normalize();
    assert!(scaled.scale() == 0, "not whole cents: {value}");
    BigInt::from(scaled.mantissa())
}

fn rational(value: Decimal) -> BigRational {
    BigRational::new(
        BigInt::from(value.mantissa()),
        BigInt::from(10).pow(value.scale()),
    )
}

/// What is paid at each repayment interval, in cents, built without the module under test.
fn reference_flows(terms: &CreditTerms) -> Vec<BigInt> {
    let per_year = terms.frequency.periods_per_year();
    let mut payments: Vec<Decimal> = Vec::new();
    match terms.initial_rate {
        Some(initial) => {
            let first = schedule(
                &LoanTerms::new(terms.amount, initial.annual_rate_percent, terms.term_years)
                    .with_frequency(terms.frequency),
            )
            .unwrap();
            let fixed_periods = (initial.years * per_year) as usize;
            payments.extend(first.periods[..fixed_periods].iter().map(|p| p.payment));
            let left = first.periods[fixed_periods - 1].closing_balance;
            if left > Decimal::ZERO {
                let rest = schedule(
                    &LoanTerms::new(
                        left,
                        terms.annual_rate_percent,
                        terms.term_years - initial.years,
                    )
                    .with_frequency(terms.frequency),
                )
                .unwrap();
                payments.extend(rest.periods.iter().map(|p| p.payment));
            }
        }
        None => {
            let whole = schedule(
                &LoanTerms::new(terms.amount, terms.annual_rate_percent, terms.term_years)
                    .with_frequency(terms.frequency),
            )
            .unwrap();
            payments.extend(whole.periods.iter().map(|p| p.payment));
        }
    }
    let t = payments.len();
    let mut flows = vec![BigInt::zero(); t + 1];
    for (i, payment) in payments.iter().enumerate() {
        flows[i + 1] += cents(*payment);
    }
    flows[0] += cents(terms.fees.establishment);
    for month in 1..=(terms.term_years * 12) as usize {
        // With the first repayment on or after the month's end: ⌈month × per_year / 12⌉.
        let j = (month * per_year as usize).div_ceil(12).min(t);
        flows[j] += cents(terms.fees.monthly);
    }
    for year in 1..=terms.term_years as usize {
        flows[(year * per_year as usize).min(t)] += cents(terms.fees.annual);
    }
    flows[t] += cents(terms.fees.discharge);
    flows
}

/// Whether the flows' present value at `r = p / 2^k` is above the credit (in cents):
/// `Σ a_j 2^(kj) (2^k+p)^(t−j) > A (2^k+p)^t`, all integers.
fn repays_more_than_lent(flows: &[BigInt], lent: &BigInt, p: &BigInt, k: u32) -> bool {
    let q = BigInt::from(1) << k;
    let base = &q + p;
    let mut sum = BigInt::zero();
    let mut q_power = BigInt::from(1);
    for flow in flows {
        sum = sum * &base + flow * &q_power;
        q_power *= &q;
    }
    // (2^k + p)^t, t being the last interval.
    sum > lent * base.pow(u32::try_from(flows.len() - 1).unwrap())
}

/// The exact `r` as a bracket `[low, high]` of width `2^-k`, by bisection on `p / 2^k`.
fn exact_bracket(flows: &[BigInt], lent: &BigInt, k: u32) -> (BigRational, BigRational) {
    let denominator = BigInt::from(1) << k;
    let (mut low, mut high) = (BigInt::zero(), denominator.clone()); // r in [0, 1]
    while &high - &low > BigInt::from(1) {
        let mid: BigInt = (&low + &high) >> 1;
        if repays_more_than_lent(flows, lent, &mid, k) {
            low = mid;
        } else {
            high = mid;
        }
    }
    (
        BigRational::new(low, denominator.clone()),
        BigRational::new(high, denominator),
    )
}

/// The bracket's width is `2^-BITS` a period: at most 52.18 × 100 × 2^-44 ≈ 3e-10 of a percent a
/// year, well inside the 1e-9 the unrounded figure is checked to.
const BITS: u32 = 44;

fn n_of(frequency: RepaymentFrequency) -> BigRational {
    match frequency {
        RepaymentFrequency::Monthly => BigRational::from_integer(12.into()),
        RepaymentFrequency::Fortnightly => BigRational::new(2609.into(), 100.into()),
        RepaymentFrequency::Weekly => BigRational::new(5218.into(), 100.into()),
    }
}

/// `x` rounded to 2 decimals, halves away from zero, as hundredths.
fn hundredths(x: &BigRational) -> BigInt {
    let scaled = x * BigRational::from_integer(100.into());
    (scaled + BigRational::new(1.into(), 2.into()))
        .floor()
        .to_integer()
}

fn check(terms: &CreditTerms) -> Result<(), TestCaseError> {
    let core: ComparisonRate = comparison_rate(terms).unwrap();
    let flows = reference_flows(terms);
    let lent = cents(terms.amount);
    let (low, high) = exact_bracket(&flows, &lent, BITS);
    let hundred = BigRational::from_integer(100.into());
    let n = n_of(terms.frequency);
    let (low_percent, high_percent) = (&n * &low * &hundred, &n * &high * &hundred);
    let unrounded = rational(core.unrounded_percent);
    let slack = BigRational::new(1.into(), BigInt::from(10).pow(9));
    prop_assert!(
        unrounded >= &low_percent - &slack && unrounded <= &high_percent + &slack,
        "core {} outside the exact bracket",
        core.unrounded_percent
    );
    // Unless the exact rate sits within the bracket's width of a rounding boundary, both ends round alike.
    let (a, b) = (hundredths(&low_percent), hundredths(&high_percent));
    if a == b {
        prop_assert_eq!(
            BigInt::from(core.rate_percent.mantissa())
                * BigInt::from(10).pow(2 - core.rate_percent.scale().min(2)),
            a,
            "published {} against exact {}",
            core.rate_percent,
            low_percent.to_string()
        );
    }
    Ok(())
}

fn dollars(cents: i64) -> Decimal {
    Decimal::new(cents, 2)
}

fn frequency() -> impl Strategy<Value = RepaymentFrequency> {
    prop_oneof![
        Just(RepaymentFrequency::Monthly),
        Just(RepaymentFrequency::Fortnightly),
        Just(RepaymentFrequency::Weekly),
    ]
}

fn credit_terms() -> impl Strategy<Value = CreditTerms> {
    (
        100_000i64..200_000_000, // $1,000 to $2,000,000 in cents
        1u32..=30,
        frequency(),
        0i64..1500, // rate in hundredths of a percent, up to 15%
        prop::option::of((0i64..1500, 1u32..10)),
        (0i64..200_000, 0i64..2_500, 0i64..50_000, 0i64..50_000),
    )
        .prop_map(
            |(amount, years, frequency, rate, initial, (est, month, year, dis))| {
                let fees = CreditFees {
                    establishment: dollars(est),
                    monthly: dollars(month),
                    annual: dollars(year),
                    discharge: dollars(dis),
                };
                let mut terms = CreditTerms::example(
                    StandardExample {
                        amount: dollars(amount),
                        term_years: years,
                    },
                    Decimal::new(rate, 2),
                    fees,
                )
                .with_frequency(frequency);
                if let Some((initial_rate, initial_years)) = initial
                    && initial_years < years
                {
                    terms = terms.with_initial_rate(InitialRate {
                        annual_rate_percent: Decimal::new(initial_rate, 2),
                        years: initial_years,
                    });
                }
                terms
            },
        )
}

proptest! {
    // Each case solves up to 1,560 flows exactly 44 times: a modest count keeps CI quick.
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn core_matches_the_exact_solution(terms in credit_terms()) {
        check(&terms)?;
    }
}

#[test]
fn the_advertised_home_loans_match_the_exact_solution() {
    let catalog = banksia_core::products::catalog();
    for product in catalog
        .home_loans
        .iter()
        .chain(&catalog.personal_loans)
        .chain(&catalog.car_loans)
    {
        let terms = product.credit_terms(product.example.amount, product.example.term_years);
        check(&terms).unwrap();
        assert_eq!(
            comparison_rate(&terms).unwrap().rate_percent,
            product.comparison_rate_percent
        );
    }
}

#[test]
fn every_frequency_of_a_fixed_loan_matches() {
    let fees = CreditFees {
        establishment: Decimal::from(600),
        monthly: Decimal::from(10),
        annual: Decimal::from(395),
        discharge: Decimal::from(350),
    };
    for frequency in RepaymentFrequency::ALL {
        let terms = CreditTerms::example(
            StandardExample {
                amount: Decimal::from(150_000),
                term_years: 25,
            },
            Decimal::new(645, 2),
            fees,
        )
        .with_initial_rate(InitialRate {
            annual_rate_percent: Decimal::new(529, 2),
            years: 3,
        })
        .with_frequency(frequency);
        check(&terms).unwrap();
    }
    // The bracket itself is tight.
    let flows = reference_flows(&CreditTerms::example(
        StandardExample {
            amount: Decimal::from(1000),
            term_years: 1,
        },
        Decimal::from(12),
        CreditFees::NONE,
    ));
    let (low, high) = exact_bracket(&flows, &BigInt::from(100_000), 64);
    assert!((high - low).abs() < BigRational::new(1.into(), BigInt::from(1) << 63));
}
