//! Exact EDF deadlines: non-negative rationals kept as a whole part and a reduced fraction.
//!
//! Envoy keeps deadlines in `f64`, so `0.1 + 0.1 + 0.1 != 0.3` and ties that exact arithmetic
//! would break by insertion order can go either way. Here a deadline is `whole + num/den` with
//! `num < den` and `gcd(num, den) = 1`; comparing cross-multiplies in `u128`, which cannot overflow
//! because both fractions are below 1 and both denominators fit in `u64`.

use std::cmp::Ordering;
use std::fmt;

use serde::Serialize;

/// A point on the EDF clock: `whole + num/den`, exactly.
///
/// ```
/// use swrr_viz::engine::Deadline;
/// let third = Deadline::ZERO.plus_reciprocal(3).unwrap();
/// let one = third.plus_reciprocal(3).unwrap().plus_reciprocal(3).unwrap();
/// assert_eq!(one, Deadline::from_integer(1)); // no 0.9999999999999999 here
/// assert_eq!(third.to_string(), "1/3");
/// assert!(third < Deadline::ZERO.plus_reciprocal(2).unwrap());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Deadline {
    pub whole: u64,
    pub num: u64,
    pub den: u64,
}

impl Deadline {
    pub const ZERO: Self = Self {
        whole: 0,
        num: 0,
        den: 1,
    };

    #[must_use]
    pub fn from_integer(whole: u64) -> Self {
        Self {
            whole,
            num: 0,
            den: 1,
        }
    }

    /// `self + 1/weight`, or `None` when the reduced denominator no longer fits in 64 bits
    /// (weights that change many times can make it grow like an lcm).
    #[must_use]
    pub fn plus_reciprocal(self, weight: u64) -> Option<Self> {
        self.checked_add(Self::reciprocal(weight)?)
    }

    /// `1/weight`; `None` for 0.
    #[must_use]
    pub fn reciprocal(weight: u64) -> Option<Self> {
        match weight {
            0 => None,
            1 => Some(Self::from_integer(1)),
            w => Some(Self {
                whole: 0,
                num: 1,
                den: w,
            }),
        }
    }

    /// Exact sum, `None` on overflow of the whole part or of a 64-bit denominator.
    #[must_use]
    pub fn checked_add(self, other: Self) -> Option<Self> {
        let den = u128::from(self.den) * u128::from(other.den);
        let num = u128::from(self.num) * u128::from(other.den)
            + u128::from(other.num) * u128::from(self.den);
        let g = gcd(num, den);
        let (num, den) = (num / g, den / g);
        let carry = u64::try_from(num / den).ok()?;
        let whole = self.whole.checked_add(other.whole)?.checked_add(carry)?;
        Some(Self {
            whole,
            num: u64::try_from(num % den).ok()?,
            den: u64::try_from(den).ok()?,
        })
    }

    /// Nearest `f64`, for display only.
    #[must_use]
    pub fn to_f64(self) -> f64 {
        self.whole as f64 + self.num as f64 / self.den as f64
    }
}

impl Ord for Deadline {
    fn cmp(&self, other: &Self) -> Ordering {
        self.whole.cmp(&other.whole).then_with(|| {
            (u128::from(self.num) * u128::from(other.den))
                .cmp(&(u128::from(other.num) * u128::from(self.den)))
        })
    }
}

impl PartialOrd for Deadline {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `3`, `1/3`, `7/2` (an improper fraction: easier to compare by eye than `3 1/2`).
impl fmt::Display for Deadline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.num == 0 {
            write!(f, "{}", self.whole)
        } else {
            let num = u128::from(self.whole) * u128::from(self.den) + u128::from(self.num);
            write!(f, "{num}/{}", self.den)
        }
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_reduce_and_carry() {
        let half = Deadline::reciprocal(2).unwrap();
        let sixth = Deadline::reciprocal(6).unwrap();
        let two_thirds = half.checked_add(sixth).unwrap();
        assert_eq!(
            (two_thirds.whole, two_thirds.num, two_thirds.den),
            (0, 2, 3)
        );
        let seven_sixths = two_thirds.checked_add(half).unwrap();
        assert_eq!(seven_sixths.to_string(), "7/6");
        assert_eq!(seven_sixths.whole, 1);
    }

    #[test]
    fn ordering_is_exact() {
        let a = Deadline::reciprocal(1_000_000_000).unwrap();
        let b = Deadline::reciprocal(999_999_999).unwrap();
        assert!(a < b);
        assert_eq!(
            Deadline::reciprocal(4)
                .unwrap()
                .checked_add(Deadline::reciprocal(4).unwrap()),
            Deadline::reciprocal(2)
        );
    }

    #[test]
    fn a_denominator_beyond_64_bits_is_refused() {
        // Two primes just below 2^32: their product still fits in 64 bits, times 65537 does not.
        let a = Deadline::reciprocal(4_294_967_291).unwrap();
        let b = Deadline::reciprocal(4_294_967_279).unwrap();
        let c = Deadline::reciprocal(65_537).unwrap();
        let ab = a.checked_add(b).unwrap();
        assert_eq!(ab.checked_add(c), None);
    }
}
