//! What every subcommand runs: weights, an algorithm with its options, a scenario — typed as
//! flags, or taken from a named preset (flags given as well override the preset).

use clap::Args;
use swrr_viz::engine::{
    parse_tries, AlgorithmKind, AlgorithmOptions, Dispatch, RunSpec, SubtractRule, TieRule, Traffic,
};
use swrr_viz::input::{Scenario, Weights};
use swrr_viz::teach::{preset, presets};

use crate::numbers;

/// The weights as typed, shared by seq, trace, metrics and svg (a preset may give them instead).
#[derive(Args, Debug)]
pub struct WeightArgs {
    /// Weights, e.g. 5,3,2 · "A=5 B=3 C=2" · 1:3:0.5 · 50%,30%,20% (several arguments are joined by spaces).
    #[arg(required_unless_present = "preset", num_args = 1.., value_name = "WEIGHTS", allow_negative_numbers = true)]
    pub weights: Vec<String>,
}

/// The algorithm flags shared by seq, trace and metrics.
#[derive(Args, Debug)]
pub struct AlgoArgs {
    /// Algorithm: swrr (nginx, the default), classic (expanded list), interleaved (Linux IPVS),
    /// random (seeded), edf (earliest deadline first, exact), grpc (gRPC C++ weighted_round_robin),
    /// grpc-java (the Java one), envoy (Envoy's round robin, f64 deadlines).
    #[arg(long, value_parser = ["swrr", "classic", "interleaved", "random", "edf", "grpc", "grpc-java", "envoy"])]
    pub algo: Option<String>,
    /// Seed [default: 0]: random's SplitMix64 seed; where gRPC's 32-bit sequence counter starts;
    /// Envoy's seed_ (the picks createWithPicks makes first, and the round robin start).
    #[arg(long, value_parser = numbers::seed)]
    pub seed: Option<u64>,
    /// Who wins a tie in SWRR: first in list order (nginx, the default) or last.
    #[arg(long, value_parser = ["first", "last"])]
    pub tie: Option<String>,
    /// What the SWRR winner subtracts: total (nginx, the default) or own (the broken variant).
    #[arg(long, value_parser = ["total", "own"])]
    pub subtract: Option<String>,
    /// Events on the timeline, e.g. "@20 B=80; @30 C down; @45 C up" (grammar in docs/SCENARIOS.md).
    #[arg(long, value_name = "TEXT")]
    pub scenario: Option<String>,
    /// A named preset (`swrr-viz presets` lists them): weights, algorithm, scenario and steps.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// Requests per second (nginx counts fail_timeout in seconds) [default: 1].
    #[arg(long, value_name = "N", value_parser = numbers::rate)]
    pub rate: Option<u64>,
    /// nginx worker processes, each with its own SWRR state (unless --zone) [default: 1].
    #[arg(long, value_name = "N", value_parser = numbers::workers)]
    pub workers: Option<usize>,
    /// The upstream has a `zone`: the workers share one state.
    #[arg(long)]
    pub zone: bool,
    /// Send each request to a worker drawn from this seed, instead of to the workers in turn
    /// (an empty SEED: in turn).
    #[arg(long, value_name = "SEED", value_parser = numbers::dispatch)]
    pub dispatch_seed: Option<Dispatch>,
    /// At most N attempts per request, as nginx's proxy_next_upstream_tries N; 0: as many as
    /// servers not down (nginx's default). proxy_next_upstream off is --tries 1 [default: 0].
    #[arg(long, value_name = "N", value_parser = parse_tries)]
    pub tries: Option<u64>,
}

impl AlgoArgs {
    /// Weights from the arguments (joined by spaces) or the preset; flags over preset over defaults.
    pub fn resolve(&self, weight_args: &WeightArgs) -> Result<RunSpec, String> {
        let weight_args = &weight_args.weights;
        let preset = match &self.preset {
            Some(name) => Some(preset(name).ok_or_else(|| {
                let names: Vec<&str> = presets().iter().map(|p| p.name).collect();
                format!(
                    "unknown preset \"{name}\": expected one of {}",
                    names.join(", ")
                )
            })?),
            None => None,
        };
        let weights_text = if weight_args.is_empty() {
            preset.map_or(String::new(), |p| p.weights.to_string())
        } else {
            weight_args.join(" ")
        };
        let weights: Weights = weights_text
            .parse()
            .map_err(|e| format!("invalid weights: {e}"))?;
        let base = preset.map(|p| p.options()).unwrap_or_default();
        let options = AlgorithmOptions {
            kind: match &self.algo {
                Some(text) => text.parse::<AlgorithmKind>().map_err(|e| e.to_string())?,
                None => base.kind,
            },
            tie: match &self.tie {
                Some(text) => text.parse::<TieRule>().map_err(|e| e.to_string())?,
                None => base.tie,
            },
            subtract: match &self.subtract {
                Some(text) => text.parse::<SubtractRule>().map_err(|e| e.to_string())?,
                None => base.subtract,
            },
            seed: self.seed.unwrap_or(base.seed),
        };
        let scenario_text = match (&self.scenario, preset) {
            (Some(text), _) => text.as_str(),
            (None, Some(p)) => p.scenario,
            (None, None) => "",
        };
        let scenario = Scenario::parse(scenario_text, &weights)
            .map_err(|e| format!("invalid scenario: {e}"))?;
        Ok(RunSpec {
            weights,
            options,
            scenario,
            preset_steps: preset.map(|p| p.steps),
            traffic: Traffic {
                rate: self.rate.unwrap_or(1),
                workers: self.workers.unwrap_or(1),
                zone: self.zone,
                dispatch: self.dispatch_seed.unwrap_or(Dispatch::InTurn),
                tries: self.tries.unwrap_or(0),
            },
        })
    }
}
