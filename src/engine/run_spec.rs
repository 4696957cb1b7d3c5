//! A resolved run: weights, an algorithm with its options, a scenario and (for a preset) its
//! steps. The CLI builds one from its flags, the page from its URL state; both render the same
//! documents from it ([`trace_document`](super::trace_document), [`svg_document`](super::svg_document)).

use crate::engine::algorithm::Algorithm;
use crate::engine::nginx::traffic::Traffic;
use crate::engine::notes::notes;
use crate::engine::options::SubtractRule;
use crate::engine::options::{AlgorithmKind, AlgorithmOptions};
use crate::input::scenario::events::Scenario;
use crate::input::weights::vector::Weights;

/// Default number of steps for `seq` and `trace`: one period (plus the scenario), at most this.
pub const DEFAULT_TRACE_STEPS_CAP: u64 = 100;

/// What one run is.
#[derive(Debug, Clone)]
pub struct RunSpec {
    pub weights: Weights,
    pub options: AlgorithmOptions,
    pub scenario: Scenario,
    /// The preset's steps, when a preset was named.
    pub preset_steps: Option<u64>,
    /// Requests per second and worker processes (nginx SWRR).
    pub traffic: Traffic,
}

impl RunSpec {
    /// nginx SWRR on `weights` with no events and the given options.
    #[must_use]
    pub fn new(weights: Weights, options: AlgorithmOptions, scenario: Scenario) -> Self {
        Self {
            weights,
            options,
            scenario,
            preset_steps: None,
            traffic: Traffic::default(),
        }
    }

    /// The scheduler at step 0.
    #[must_use]
    pub fn algorithm(&self) -> Algorithm {
        Algorithm::with_traffic(&self.weights, &self.options, &self.scenario, &self.traffic)
    }

    /// nginx SWRR on fixed weights: the hand-calculation table applies.
    #[must_use]
    pub fn is_plain_swrr(&self) -> bool {
        self.options.kind == AlgorithmKind::Swrr
            && self.options.subtract == SubtractRule::Total
            && self.scenario.is_empty()
            && self.traffic.workers == 1
    }

    /// What the chosen options do not do, for stderr or a note.
    #[must_use]
    pub fn notes(&self) -> Vec<String> {
        notes(&self.weights, &self.options, &self.scenario, &self.traffic)
    }

    /// The preset's steps, else one period after the last event, at most
    /// [`DEFAULT_TRACE_STEPS_CAP`].
    #[must_use]
    pub fn default_steps(&self) -> u64 {
        if let Some(steps) = self.preset_steps {
            return steps;
        }
        let period = self.weights.period();
        let last_event = self.scenario.events().last().map_or(0, |e| e.step);
        period
            .max(last_event.saturating_add(period))
            .min(DEFAULT_TRACE_STEPS_CAP)
    }
}
