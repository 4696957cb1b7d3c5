//! `metrics`: smoothness figures of a run of picks, or of a run of requests.

use std::io::Write;

use clap::Args;
use swrr_viz::engine::{next_request, RunSpec, Scheduler};
use swrr_viz::metrics::{render_metrics, render_request_metrics, RequestMetrics, RunAnalysis};

use crate::run_spec::{AlgoArgs, WeightArgs};
use crate::{print_notes, Failure};

#[derive(Args, Debug)]
pub struct MetricsArgs {
    #[command(flatten)]
    pub weights: WeightArgs,
    /// Number of picks [default: a preset's own steps, else one period, at most 1,000,000 steps
    /// and 10^9 node updates]; for a run of requests (failures, backup servers, workers) the
    /// number of requests [default: a preset's, else one period after the last event, at least
    /// 100].
    #[arg(long, short = 'n', value_parser = crate::numbers::metrics_steps)]
    pub steps: Option<u64>,
    /// Picks per sliding window [default: W, the sum of the weights; capped at the steps]; for a
    /// run of requests, answered requests [default: the primary servers' W].
    #[arg(long, short = 'k', value_parser = crate::numbers::window)]
    pub window: Option<u64>,
    /// Print JSON (keys documented in docs/CLI.md) instead of the text report.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub algo: AlgoArgs,
}

impl MetricsArgs {
    /// The steps asked for, else a preset's own (as `seq` and `trace` take them).
    fn steps(&self, spec: &RunSpec) -> Option<u64> {
        self.steps.or(spec.preset_steps)
    }

    fn analysis(&self, spec: &RunSpec) -> Result<RunAnalysis, String> {
        let steps = self.steps(spec);
        let result = if spec.is_plain_swrr() {
            RunAnalysis::new(&spec.weights, spec.options.tie, steps, self.window)
        } else {
            RunAnalysis::with_algorithm(&spec.weights, spec.algorithm(), steps, self.window)
        };
        result.map_err(|e| e.to_string())
    }
}

/// The text report, or JSON with `--json`.
pub fn write_metrics(out: &mut impl Write, args: &MetricsArgs) -> Result<(), Failure> {
    let spec = args.algo.resolve(&args.weights)?;
    print_notes(&spec);
    if spec.algorithm().models_requests() {
        return write_request_metrics(out, &spec, args);
    }
    let mut analysis = args.analysis(&spec)?;
    let metrics = analysis.run_to_end();
    if args.json {
        writeln!(out, "{}", json(metrics)?)?;
    } else {
        out.write_all(render_metrics(metrics).as_bytes())?;
    }
    Ok(())
}

fn json(value: &impl serde::Serialize) -> Result<String, String> {
    serde_json::to_string_pretty(value)
        .map_err(|e| format!("cannot encode the metrics as JSON: {e}"))
}

/// `metrics` of a run of requests (failures, backup servers, several workers): requests and
/// attempts apart, shares of the answered requests; a run that stopped says why on stderr.
fn write_request_metrics(
    out: &mut impl Write,
    spec: &RunSpec,
    args: &MetricsArgs,
) -> Result<(), Failure> {
    let metrics =
        RequestMetrics::measure(spec, args.steps(spec), args.window).map_err(|e| e.to_string())?;
    if let Some(k) = metrics.stopped_at {
        let mut run = spec.algorithm();
        while next_request(&mut run).is_some() {}
        eprintln!(
            "swrr-viz: note: the run stopped before request {k}: {}",
            run.stop_reason()
                .map_or_else(|| "no node can be picked".to_string(), |r| r.to_string())
        );
    }
    if args.json {
        writeln!(out, "{}", json(&metrics)?)?;
    } else {
        out.write_all(render_request_metrics(&metrics).as_bytes())?;
    }
    Ok(())
}
