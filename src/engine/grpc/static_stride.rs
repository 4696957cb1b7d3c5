//! gRPC's static stride scheduler, bit for bit: the weight scaling of `StaticStrideScheduler::Make`
//! and the pick loop of `StaticStrideScheduler::Pick`, in both of gRPC's versions.
//!
//! Followed from grpc/grpc `src/core/load_balancing/weighted_round_robin/static_stride_scheduler.cc`
//! (commit 07235094e4d8) and grpc/grpc-java
//! `xds/src/main/java/io/grpc/xds/WeightedRoundRobinLoadBalancer.java` (`StaticStrideScheduler`,
//! commit 073fd5ea1e5b). Their arithmetic is reproduced as they write it, because it decides
//! sequences: weights arrive as `f32`; sums and means are `f64`; `65535 / max` is an `f32`
//! division (an `int` over a `float` in both languages); `lround` (C++) and `Math.round` (Java)
//! round halves up for these positive values, as [`f64::round`] does; the scaled weights are
//! truncated to 16 bits as `uint16_t` and `short` truncate.
//!
//! A pick draws values from a shared 32-bit sequence counter until one passes: value `s` names
//! backend `s mod n` in generation `⌊s / n⌋`, and backend `b` with scaled weight `w` passes in
//! generation `g` when `(w·g + 32767·b) mod 65535 ≥ 65535 − w`. So the heaviest backend (65535)
//! passes in every generation and a backend of weight `w` in `w` of every 65535 generations.

use serde::Serialize;

/// Which gRPC the scheduler follows: the two differ in the floor and in what they do without
/// known weights.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StrideFlavour {
    /// grpc/grpc (C++, also behind Python, Ruby, PHP…): floor `lround(mean·0.01)`, at least 1;
    /// no scheduler (round robin) with fewer than two backends or no known weight.
    Cpp,
    /// grpc-java: floor `⌈mean·0.1⌉`; with no known weight every backend takes 65535.
    Java,
}

/// Largest scaled weight: `kMaxWeight` / `K_MAX_WEIGHT`.
pub const STRIDE_MAX_WEIGHT: u32 = 65_535;
/// Offset per backend index: `kMaxWeight / 2` (32767).
pub const STRIDE_OFFSET: u32 = STRIDE_MAX_WEIGHT / 2;
/// The largest weight is clamped to this many times the mean (`kMaxRatio`).
const MAX_RATIO: f64 = 10.0;

/// The weights as a static stride scheduler holds them, and how they were scaled.
///
/// ```
/// use swrr_viz::engine::{StaticStride, StrideFlavour};
/// let stride = StaticStride::make(StrideFlavour::Java, &[2.0, 3.0, 6.0]).unwrap();
/// assert_eq!(stride.scaled(), [21845, 32768, 65535]);
/// let mut sequence = 0;
/// let picks: Vec<usize> = (0..6).map(|_| stride.pick(&mut sequence).backend).collect();
/// assert_eq!(picks, [1, 2, 2, 0, 1, 2]); // grpc-java's testDeterministicPicks
/// assert_eq!(sequence, 9);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaticStride {
    scaled: Vec<u16>,
    mean: u16,
    floor: u32,
    clamped: bool,
}

/// One value drawn from the sequence counter during a pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StrideDraw {
    /// The counter value drawn.
    pub sequence: u32,
    /// `sequence mod n`: the backend it names.
    pub backend: usize,
    /// `⌊sequence / n⌋`.
    pub generation: u64,
    /// That backend's scaled weight.
    pub weight: u32,
    /// `(weight·generation + 32767·backend) mod 65535`: the backend passes when this is at least
    /// `65535 − weight`.
    pub residue: u32,
}

impl StrideDraw {
    /// True when the backend is picked on this draw.
    #[must_use]
    pub fn passes(&self) -> bool {
        self.residue >= self.threshold()
    }

    /// The residue this draw must reach to pass: `65535 − weight`.
    #[must_use]
    pub fn threshold(&self) -> u32 {
        STRIDE_MAX_WEIGHT - self.weight
    }
}

/// What one pick did: the backend, and the draws it took (the last one passed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StridePick {
    pub backend: usize,
    /// How many values the pick drew from the counter.
    pub draws: u64,
    /// The first draws, at most [`LISTED_DRAWS`], and always the last one (the pick).
    pub listed: Vec<StrideDraw>,
}

/// Draws a pick lists one by one (the rest are counted).
pub const LISTED_DRAWS: usize = 8;

impl StaticStride {
    /// Scales `weights` as gRPC does (a weight of 0 is not known yet and takes the mean).
    /// `None` where gRPC C++'s `Make` builds no scheduler: fewer than two weights, or all 0
    /// (the policy then picks round robin). grpc-java always builds one (for at least one weight).
    #[must_use]
    pub fn make(flavour: StrideFlavour, weights: &[f32]) -> Option<Self> {
        match flavour {
            StrideFlavour::Cpp => Self::make_cpp(weights),
            StrideFlavour::Java => Self::make_java(weights),
        }
    }

    /// `StaticStrideScheduler::Make` (static_stride_scheduler.cc).
    fn make_cpp(weights: &[f32]) -> Option<Self> {
        if weights.len() <= 1 {
            return None;
        }
        let n = weights.len();
        let mut zeros = 0usize;
        let mut sum = 0f64;
        let mut max = 0f32;
        for &w in weights {
            sum += f64::from(w);
            max = max.max(w);
            if w == 0.0 {
                zeros += 1;
            }
        }
        if zeros == n {
            return None;
        }
        let unscaled_mean = sum / (n - zeros) as f64;
        let ratio = f64::from(max) / unscaled_mean;
        let clamped = ratio > MAX_RATIO;
        if clamped {
            max = (MAX_RATIO * unscaled_mean) as f32;
        }
        let scaling = f64::from(STRIDE_MAX_WEIGHT as f32 / max);
        let mean = lround_u16(scaling * unscaled_mean);
        let floor = lround_u16(f64::from(mean) * 0.01).max(1);
        let scaled = weights
            .iter()
            .map(|&w| {
                if w == 0.0 {
                    mean
                } else {
                    lround_u16(f64::from(w.min(max)) * scaling).max(floor)
                }
            })
            .collect();
        Some(Self {
            scaled,
            mean,
            floor: u32::from(floor),
            clamped,
        })
    }

    /// The `StaticStrideScheduler` constructor (WeightedRoundRobinLoadBalancer.java).
    fn make_java(weights: &[f32]) -> Option<Self> {
        if weights.is_empty() {
            return None;
        }
        let mut known = 0u32;
        let mut sum = 0f64;
        let mut max = 0f32;
        for &w in weights {
            if w > 0.0 {
                sum += f64::from(w);
                max = w.max(max);
                known += 1;
            }
        }
        let (unscaled_mean, clamped) = if known > 0 {
            let mean = sum / f64::from(known);
            let cap = (MAX_RATIO * mean) as f32;
            let clamped = cap < max;
            max = max.min(cap);
            (mean, clamped)
        } else {
            max = 1.0;
            (1.0, false)
        };
        let scaling = f64::from(STRIDE_MAX_WEIGHT as f32 / max);
        // `(int) Math.ceil(...)`, then `(short) Math.max(weight, floor)`.
        let floor = (scaling * unscaled_mean * 0.1).ceil() as i32;
        let mean = java_round(scaling * unscaled_mean) as i16 as u16;
        let scaled = weights
            .iter()
            .map(|&w| {
                if w <= 0.0 {
                    mean
                } else {
                    let weight = java_round(scaling * f64::from(w.min(max))) as i32;
                    weight.max(floor) as i16 as u16
                }
            })
            .collect();
        Some(Self {
            scaled,
            mean,
            floor: u32::try_from(floor.max(0)).unwrap_or(0),
            clamped,
        })
    }

    /// The scaled weights, in backend order.
    #[must_use]
    pub fn scaled(&self) -> Vec<u32> {
        self.scaled.iter().map(|&w| u32::from(w)).collect()
    }

    /// What a weight of 0 (not known yet) became: the scaled mean.
    #[must_use]
    pub fn mean(&self) -> u32 {
        u32::from(self.mean)
    }

    /// The floor every known weight was raised to.
    #[must_use]
    pub fn floor(&self) -> u32 {
        self.floor
    }

    /// True when the largest weight was clamped to 10× the mean.
    #[must_use]
    pub fn clamped(&self) -> bool {
        self.clamped
    }

    /// The draw of counter value `sequence`.
    #[must_use]
    pub fn draw(&self, sequence: u32) -> StrideDraw {
        let n = self.scaled.len() as u64;
        let backend = (u64::from(sequence) % n) as usize;
        let generation = u64::from(sequence) / n;
        let weight = u64::from(self.scaled[backend]);
        let residue = (weight * generation + backend as u64 * u64::from(STRIDE_OFFSET))
            % u64::from(STRIDE_MAX_WEIGHT);
        StrideDraw {
            sequence,
            backend,
            generation,
            weight: weight as u32,
            residue: residue as u32,
        }
    }

    /// `Pick()`: draws from the counter (which wraps at 2^32, as `uint32_t` and Java's
    /// `Integer.toUnsignedLong` of an `AtomicInteger` do) until a backend passes.
    #[must_use]
    pub fn pick(&self, sequence: &mut u32) -> StridePick {
        let mut listed = Vec::new();
        let mut draws = 0u64;
        loop {
            let draw = self.draw(*sequence);
            *sequence = sequence.wrapping_add(1);
            draws += 1;
            let passes = draw.passes();
            if listed.len() < LISTED_DRAWS || passes {
                if passes && listed.len() == LISTED_DRAWS {
                    listed.pop();
                }
                listed.push(draw);
            }
            if passes {
                return StridePick {
                    backend: draw.backend,
                    draws,
                    listed,
                };
            }
        }
    }
}

/// `static_cast<uint16_t>(std::lround(x))` for the non-negative values here.
fn lround_u16(x: f64) -> u16 {
    x.round() as i64 as u16
}

/// `Math.round(x)`: the closest `long`, halves up (for these non-negative values, as `round`).
fn java_round(x: f64) -> i64 {
    x.round() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_floors_differ() {
        // 100 and a tiny weight: mean ≈ 50 (scaled 32768), the tiny one is raised to the floor.
        let cpp = StaticStride::make(StrideFlavour::Cpp, &[100.0, 1e-10]).unwrap();
        let java = StaticStride::make(StrideFlavour::Java, &[100.0, 1e-10]).unwrap();
        assert_eq!(cpp.scaled(), [65535, 328]);
        assert_eq!(java.scaled(), [65535, 3277]);
    }

    #[test]
    fn cpp_builds_no_scheduler_without_two_weights_or_any_known() {
        assert_eq!(StaticStride::make(StrideFlavour::Cpp, &[1.0]), None);
        assert_eq!(StaticStride::make(StrideFlavour::Cpp, &[0.0, 0.0]), None);
        let java = StaticStride::make(StrideFlavour::Java, &[0.0, 0.0]).unwrap();
        assert_eq!(java.scaled(), [65535, 65535]);
    }

    #[test]
    fn a_pick_lists_its_first_draws_and_the_last() {
        // One heavy backend among many light ones: a pick can skip many draws.
        let mut weights = vec![1.0f32; 20];
        weights[19] = 1000.0;
        let stride = StaticStride::make(StrideFlavour::Cpp, &weights).unwrap();
        let mut sequence = 0;
        let pick = stride.pick(&mut sequence);
        assert_eq!(pick.draws, u64::from(sequence));
        assert!(pick.listed.len() <= LISTED_DRAWS);
        let last = pick.listed.last().unwrap();
        assert!(last.passes());
        assert_eq!(last.backend, pick.backend);
    }
}
