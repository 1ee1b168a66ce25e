//! Whole numbers of any size, for the few exact tests the loan module cannot fit in 128 bits
//! (`loan::amortising_repayment` compares `(a+b)^n` for up to 1,560 weekly periods).
//!
//! Only what those tests need: products, powers, sums and comparison, by the schoolbook method
//! on 32-bit limbs. A general big-integer crate (num-bigint) did the same and was 27 KB of each
//! WebAssembly package that computes a repayment (docs/decisions.md, "Exact cents without a
//! big-integer crate"); the numbers here are at most a few thousand limbs, where the schoolbook
//! product is fast enough. The tests check every operation against num-bigint.

use std::cmp::Ordering;

/// A whole number ≥ 0: its base-2³² digits, least significant first, with no leading zero
/// digit (zero is no digits), so that equal numbers have equal digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Natural {
    limbs: Vec<u32>,
}

impl From<u128> for Natural {
    fn from(value: u128) -> Self {
        let mut limbs: Vec<u32> = (0..4).map(|index| (value >> (32 * index)) as u32).collect();
        trim(&mut limbs);
        Natural { limbs }
    }
}

/// Drops leading zero digits.
fn trim(limbs: &mut Vec<u32>) {
    while limbs.last() == Some(&0) {
        limbs.pop();
    }
}

impl Natural {
    /// `self × other`.
    pub(crate) fn times(&self, other: &Natural) -> Natural {
        if self.limbs.is_empty() || other.limbs.is_empty() {
            return Natural { limbs: Vec::new() };
        }
        let mut limbs = vec![0u32; self.limbs.len() + other.limbs.len()];
        for (i, &left) in self.limbs.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &right) in other.limbs.iter().enumerate() {
                // At most (2³²−1)² + 2·(2³²−1) = 2⁶⁴ − 1: never overflows.
                let sum = u64::from(left) * u64::from(right) + u64::from(limbs[i + j]) + carry;
                limbs[i + j] = sum as u32;
                carry = sum >> 32;
            }
            limbs[i + other.limbs.len()] = carry as u32;
        }
        trim(&mut limbs);
        Natural { limbs }
    }

    /// `self + other`.
    pub(crate) fn plus(&self, other: &Natural) -> Natural {
        let (long, short) = if self.limbs.len() >= other.limbs.len() {
            (&self.limbs, &other.limbs)
        } else {
            (&other.limbs, &self.limbs)
        };
        let mut limbs = Vec::with_capacity(long.len() + 1);
        let mut carry = 0u64;
        for (index, &digit) in long.iter().enumerate() {
            let sum = u64::from(digit) + u64::from(short.get(index).copied().unwrap_or(0)) + carry;
            limbs.push(sum as u32);
            carry = sum >> 32;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
        Natural { limbs }
    }

    /// `self^exponent`, by repeated squaring.
    pub(crate) fn power(&self, mut exponent: u32) -> Natural {
        let mut result = Natural::from(1u128);
        let mut square = self.clone();
        while exponent > 0 {
            if exponent & 1 == 1 {
                result = result.times(&square);
            }
            exponent >>= 1;
            if exponent > 0 {
                square = square.times(&square);
            }
        }
        result
    }
}

impl Ord for Natural {
    fn cmp(&self, other: &Self) -> Ordering {
        // Without leading zeros, the longer number is the larger.
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for Natural {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use proptest::prelude::*;

    use super::*;

    fn big(natural: &Natural) -> BigUint {
        BigUint::from_slice(&natural.limbs)
    }

    /// Numbers from 0 to 2¹²⁸ − 1, often at the edges of a limb.
    fn operand() -> impl Strategy<Value = u128> {
        prop_oneof![
            any::<u128>(),
            (0u32..128).prop_map(|bits| (1u128 << bits) - 1),
            (0u32..128).prop_map(|bits| 1u128 << bits),
            0u128..1_000,
        ]
    }

    proptest! {
        #[test]
        fn every_operation_agrees_with_num_bigint(
            a in operand(),
            b in operand(),
            c in operand(),
            exponent in 0u32..40,
        ) {
            let (x, y, z) = (Natural::from(a), Natural::from(b), Natural::from(c));
            prop_assert_eq!(big(&x), BigUint::from(a));
            let product = x.times(&y).times(&z);
            prop_assert_eq!(big(&product), BigUint::from(a) * b * c);
            let sum = product.plus(&z);
            prop_assert_eq!(big(&sum), BigUint::from(a) * b * c + c);
            prop_assert_eq!(big(&x.power(exponent)), BigUint::from(a).pow(exponent));
            prop_assert_eq!(x.cmp(&y), a.cmp(&b));
            prop_assert_eq!(sum.cmp(&product), big(&sum).cmp(&big(&product)));
            prop_assert_eq!(product.cmp(&z.times(&y)), (BigUint::from(a) * b * c).cmp(&(BigUint::from(c) * b)));
        }
    }

    #[test]
    fn powers_as_large_as_a_weekly_thirty_year_loan_agree() {
        // (a + b)^1560 for a rate per week with many decimals: about 150,000 bits.
        let base = 10u128.pow(28) * 5_200 + 645;
        let natural = Natural::from(base).power(1_560);
        assert_eq!(big(&natural), BigUint::from(base).pow(1_560));
        assert_eq!(Natural::from(0u128).power(0), Natural::from(1u128));
        assert_eq!(Natural::from(0u128).times(&natural), Natural::from(0u128));
    }
}
