//! Named presets that replay the seed articles' stories, shared by the page and the CLI.
//!
//! Each is a weights text, an algorithm with its options, a scenario text and the number of steps
//! worth watching. The descriptions state what the engine shows, checked by tests — where a seed
//! article told the story differently, the description says what nginx really does.

use crate::engine::options::SubtractRule;
use crate::engine::options::TieRule;
use crate::engine::options::{AlgorithmKind, AlgorithmOptions};

/// One named run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// Short id for URLs and `--preset`, e.g. `raise-keep`.
    pub name: &'static str,
    pub weights: &'static str,
    pub algorithm: AlgorithmKind,
    pub tie: TieRule,
    pub subtract: SubtractRule,
    pub seed: u64,
    /// Scenario text (empty: no events).
    pub scenario: &'static str,
    /// Steps that show the story.
    pub steps: u64,
    /// One line: what happens, in numbers.
    pub description: &'static str,
}

impl Preset {
    #[must_use]
    pub fn options(&self) -> AlgorithmOptions {
        AlgorithmOptions {
            kind: self.algorithm,
            tie: self.tie,
            subtract: self.subtract,
            seed: self.seed,
        }
    }
}

const fn swrr(
    name: &'static str,
    weights: &'static str,
    scenario: &'static str,
    steps: u64,
    description: &'static str,
) -> Preset {
    Preset {
        name,
        weights,
        algorithm: AlgorithmKind::Swrr,
        tie: TieRule::First,
        subtract: SubtractRule::Total,
        seed: 0,
        scenario,
        steps,
        description,
    }
}

const PRESETS: [Preset; 12] = [
    swrr(
        "raise-keep",
        "A=50 B=30 C=20",
        "@10 A=80",
        40,
        "A raised 50→80 at step 10 without a reset (the seed's \"burst\" story): no burst — A never runs more than 2 in a row and Σcurrent stays 0",
    ),
    swrr(
        "raise-reset-node",
        "A=50 B=30 C=20",
        "@10 A=80 reset-node",
        40,
        "the same raise, resetting only A's current (the C++ seed's fix): Σcurrent is -50 from then on and A runs 3 in a row (steps 22-24), which 80:30:20 never does",
    ),
    swrr(
        "raise-scale",
        "A=50 B=30 C=20",
        "@10 A=80 scale",
        40,
        "the same raise, scaling A's current ×80/50 (another seed's fix): 50 becomes 80, Σcurrent is 30 for ever and A runs 3 in a row at once (steps 10-12)",
    ),
    swrr(
        "c-fails",
        "5,3,2",
        "@6 C fail",
        30,
        "C's next attempt fails once: picked at request 8, refused, retried on B; with max_fails=1, fail_timeout=10 s (one request a second) C sits out requests 9-18, back with effective weight 0",
    ),
    swrr(
        "c-dies-and-comes-back",
        "5,3,2",
        "@5 C dead; @31 C alive",
        44,
        "C dies at request 5: refused at 8 (retried on B), skipped for fail_timeout=10 s, refused again at 26; alive from 31, answering at its next try, request 42 (as a real nginx did)",
    ),
    swrr(
        "c-down-up",
        "5,3,2",
        "@13 C down; @23 C up",
        40,
        "C is down for steps 13-22: it neither adds nor counts in the total, A and B share 5:3; it comes back with the level 4 it left with and is picked at once",
    ),
    swrr(
        "b-drain",
        "5,3,2",
        "@11 B drain",
        30,
        "B drained (weight 0) at step 11: it stays in the list with its level, never picked again; A and C share 5:2",
    ),
    swrr(
        "new-node-slow-start",
        "A=5 B=3 C=2 D=5",
        "@1 D down; @11 D slowstart 10",
        40,
        "a new node D joins at step 11 and ramps linearly 1→5 over 10 steps (weights 1 1 1 2 2 3 3 3 4 4 5): its first pick comes at step 15, not at once",
    ),
    swrr(
        "new-node-dubbo-warmup",
        "A=5 B=3 C=2 D=5",
        "@1 D down; @11 D slowstart 10 dubbo",
        40,
        "the same new node with Dubbo's warm-up, ⌊uptime·w/warmup⌋ clamped to 1..w (weights 1 1 1 1 2 2 3 3 4 4 5)",
    ),
    swrr(
        "extreme-100-1-1",
        "100,1,1",
        "",
        102,
        "100:1:1: SWRR puts B and C a third of the period apart (steps 35 and 69 of 102): A runs at most 34 times in a row inside one period, 67 across the boundary as the period repeats; classic, IPVS and EDF run A 100 times in a row",
    ),
    Preset {
        name: "broken-subtract-own",
        weights: "5,3,2",
        algorithm: AlgorithmKind::Swrr,
        tie: TieRule::First,
        subtract: SubtractRule::Own,
        seed: 0,
        scenario: "",
        steps: 60,
        description: "the winner subtracts only its own weight: Σcurrent grows by W − w every step, C is first picked at step 23 and gets 3 % of the picks instead of 20 %",
    },
    Preset {
        name: "random-clumps",
        weights: "5,3,2",
        algorithm: AlgorithmKind::Random,
        tie: TieRule::First,
        subtract: SubtractRule::Total,
        seed: 42,
        scenario: "",
        steps: 40,
        description: "weighted random, seed 42: A four in a row twice and B three in a row within 20 picks — right on average, clumpy in any short window",
    },
];

/// Every preset, in the order a menu shows them.
///
/// ```
/// use swrr_viz::teach::{preset, presets};
/// assert!(presets().len() >= 4);
/// assert_eq!(preset("c-fails").unwrap().scenario, "@6 C fail");
/// assert!(preset("nope").is_none());
/// ```
#[must_use]
pub fn presets() -> &'static [Preset] {
    &PRESETS
}

/// The preset called `name`.
#[must_use]
pub fn preset(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name == name)
}
