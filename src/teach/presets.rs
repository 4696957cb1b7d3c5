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

/// A preset of nginx SWRR.
const fn swrr(
    name: &'static str,
    weights: &'static str,
    scenario: &'static str,
    steps: u64,
    description: &'static str,
) -> Preset {
    peer(
        name,
        weights,
        AlgorithmKind::Swrr,
        scenario,
        steps,
        description,
    )
}

/// A preset of `algorithm` with nginx's tie and subtract rules and seed 0 (as in the peers' tests).
const fn peer(
    name: &'static str,
    weights: &'static str,
    algorithm: AlgorithmKind,
    scenario: &'static str,
    steps: u64,
    description: &'static str,
) -> Preset {
    Preset {
        name,
        weights,
        algorithm,
        tie: TieRule::First,
        subtract: SubtractRule::Total,
        seed: 0,
        scenario,
        steps,
        description,
    }
}

const PRESETS: [Preset; 17] = [
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
        "C dies at request 5: refused at 8 (retried on B), skipped for fail_timeout=10 s, refused again at 25; alive from 31, answering at its next try, request 42 (as a real nginx did)",
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
    peer(
        "grpc-unknown-weight",
        "3,0,1",
        AlgorithmKind::Grpc,
        "",
        12,
        "gRPC reads B's weight 0 as not reported yet and gives it the mean of 3 and 1: every 6 picks A 3, B 2, C 1 (gRPC's own ZeroWeightUsesMean test)",
    ),
    peer(
        "grpc-rejoin-blackout",
        "5,3,2",
        AlgorithmKind::Grpc,
        "@6 B down; @11 B up",
        30,
        "B leaves at step 6 and the counter goes on over A and C; back at 11, its weight is not used for the 10-step blackout, so it takes the mean of 5 and 2 (45875 of 65535) until step 21, then its own 3 (39321)",
    ),
    peer(
        "envoy-departs-from-exact",
        "6,3,1",
        AlgorithmKind::Envoy,
        "",
        120,
        "Envoy's f64 deadlines (createWithPicks, seed 0) give exact EDF's order until step 112, where A is due at 11.333333333333323 and B at 11.333333333333325: Envoy serves A, exact EDF (both at 34/3) serves B, queued first",
    ),
    peer(
        "envoy-host-leaves",
        "6,3,1",
        AlgorithmKind::Envoy,
        "@5 C down; @9 C up",
        24,
        "every host change rebuilds Envoy's scheduler with createWithPicks from the same seed: C leaves at step 5, and from its return at step 9 the picks start over as at step 1",
    ),
    peer(
        "envoy-panic",
        "1,1,1",
        AlgorithmKind::Envoy,
        "@3 B down; @3 C down; @9 B up",
        14,
        "two of three hosts down at step 3: fewer than half healthy, so Envoy panics and balances over all three, the down ones too; B back at 9 ends the panic and only A and B are picked",
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
