//! Exercises generated from their number, so a teacher can hand out "exercise 42" and every
//! student — in the page, natively, on any machine — gets the same one.

use serde::Serialize;

use super::error::{QuizError, MAX_EXERCISE};
use crate::engine::Algorithm;
use crate::engine::{
    sequence, AlgorithmKind, AlgorithmOptions, SplitMix64, Step, SubtractRule, TieRule, Trace,
};
use crate::input::{Scenario, Weights};

/// Mixed into the exercise number before seeding SplitMix64, so exercise n does not share its
/// random stream with `--algo random --seed n`.
pub const EXERCISE_SALT: u64 = 0x5357_5252_5155_495A; // "SWRRQUIZ"
/// Picks to predict in one exercise (fewer when the period is shorter).
pub const PICKS_PER_EXERCISE: u64 = 12;
/// Exercises per tier: 1–10 warm-up, 11–20 ties, 21–30 zero weights, 31–40 many nodes, 41+ other algorithms.
const PER_TIER: u64 = 10;

/// How hard an exercise is; each tier adds one difficulty to the previous ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tier {
    /// Three nodes, small weights, nginx SWRR.
    WarmUp,
    /// Weights chosen so that at least one step is a tie.
    Ties,
    /// One node of weight 0 (never picked) among the others.
    ZeroWeights,
    /// Six to eight nodes.
    ManyNodes,
    /// Classic, interleaved, EDF or SWRR with the last-in-list tie rule.
    OtherAlgorithms,
}

impl Tier {
    /// The tier of exercise `number` (1-based).
    #[must_use]
    pub fn of(number: u64) -> Self {
        match (number.max(1) - 1) / PER_TIER {
            0 => Self::WarmUp,
            1 => Self::Ties,
            2 => Self::ZeroWeights,
            3 => Self::ManyNodes,
            _ => Self::OtherAlgorithms,
        }
    }

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::WarmUp => "warm-up",
            Self::Ties => "ties",
            Self::ZeroWeights => "zero-weights",
            Self::ManyNodes => "many-nodes",
            Self::OtherAlgorithms => "other-algorithms",
        }
    }
}

/// One exercise: weights, algorithm and how many picks to predict from step 0.
///
/// ```
/// use swrr_viz::teach::{Exercise, Tier};
/// let e = Exercise::generate(42).unwrap();
/// assert_eq!(e.tier, Tier::OtherAlgorithms);
/// assert_eq!(e, Exercise::generate(42).unwrap()); // the same everywhere
/// assert!(Exercise::generate(0).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Exercise {
    pub number: u64,
    pub tier: Tier,
    /// The weights text (canonical, e.g. `3,2,2`).
    pub weights: String,
    #[serde(skip)]
    pub options: AlgorithmOptions,
    /// Picks to predict.
    pub picks: u64,
}

impl Exercise {
    /// The exercise with this number (1 to [`MAX_EXERCISE`]).
    pub fn generate(number: u64) -> Result<Self, QuizError> {
        if !(1..=MAX_EXERCISE).contains(&number) {
            return Err(QuizError::NoSuchExercise { number });
        }
        let tier = Tier::of(number);
        let mut rng = SplitMix64::new(number ^ EXERCISE_SALT);
        // A few draws may be rejected (no tie where one is wanted, a single live node): try again
        // from the same stream, which stays deterministic.
        loop {
            let (weights, options) = draw(tier, &mut rng);
            let Ok(parsed) = Weights::from_integers(&weights) else {
                continue;
            };
            if weights.iter().filter(|&&w| w > 0).count() < 2 {
                continue;
            }
            let picks = parsed.period().min(PICKS_PER_EXERCISE);
            let exercise = Self {
                number,
                tier,
                weights: parsed.canonical_text(),
                options,
                picks,
            };
            if tier == Tier::Ties && !exercise.has_tie() {
                continue;
            }
            return Ok(exercise);
        }
    }

    /// The parsed weights.
    #[must_use]
    pub fn parsed_weights(&self) -> Weights {
        self.weights
            .parse()
            .expect("an exercise's weights are valid by construction")
    }

    /// A fresh run of the exercise's algorithm from step 0.
    #[must_use]
    pub fn run(&self) -> Algorithm {
        Algorithm::new(&self.parsed_weights(), &self.options, &Scenario::none())
    }

    /// The answers: the winners of steps 1..=picks.
    #[must_use]
    pub fn answers(&self) -> Vec<u32> {
        sequence(
            &self.run(),
            usize::try_from(self.picks).unwrap_or(usize::MAX),
        )
    }

    /// The records of steps 1..=picks.
    #[must_use]
    pub fn steps(&self) -> Vec<Step> {
        let mut trace = Trace::new(self.run());
        trace.rows(1, self.picks).unwrap_or_default()
    }

    fn has_tie(&self) -> bool {
        self.steps().iter().any(Step::is_tie)
    }
}

fn draw(tier: Tier, rng: &mut SplitMix64) -> (Vec<u64>, AlgorithmOptions) {
    let mut options = AlgorithmOptions::default();
    let weights = match tier {
        Tier::WarmUp => (0..3).map(|_| 1 + rng.below(6)).collect(),
        Tier::Ties => {
            // Repeated small weights make ties likely; the caller insists on at least one.
            let n = 3 + rng.below(2);
            let pool = [1 + rng.below(3), 1 + rng.below(4)];
            (0..n).map(|_| pool[rng.below(2) as usize]).collect()
        }
        Tier::ZeroWeights => {
            let mut w: Vec<u64> = (0..4).map(|_| 1 + rng.below(5)).collect();
            let zero = rng.below(4) as usize;
            w[zero] = 0;
            w
        }
        Tier::ManyNodes => {
            let n = 6 + rng.below(3);
            (0..n)
                .map(|_| rng.below(7) + u64::from(rng.below(4) > 0))
                .collect()
        }
        Tier::OtherAlgorithms => {
            options.kind = match rng.below(4) {
                0 => AlgorithmKind::Classic,
                1 => AlgorithmKind::Interleaved,
                2 => AlgorithmKind::Edf,
                _ => {
                    options.tie = TieRule::Last;
                    AlgorithmKind::Swrr
                }
            };
            options.subtract = SubtractRule::Total;
            let n = 3 + rng.below(3);
            (0..n).map(|_| 1 + rng.below(5)).collect()
        }
    };
    (weights, options)
}
