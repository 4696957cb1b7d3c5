//! `seq` and `trace`: the picks of a run on one line, or its hand-calculation table.

use std::io::Write;

use clap::Args;
use swrr_viz::engine::{next_request, sequence, Algorithm, RunSpec, Scheduler};
use swrr_viz::render::{trace_document, TraceFormat};

use crate::run_spec::{AlgoArgs, WeightArgs};
use crate::{print_notes, Failure};

/// Periods up to this length are computed once and repeated when printing long sequences.
const CACHED_PERIOD: u64 = 1 << 22;

#[derive(Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub weights: WeightArgs,
    /// Number of picks [default: one period (after the last event), at most 100; a preset's own].
    #[arg(long, short = 'n', value_parser = crate::numbers::run_steps)]
    pub steps: Option<u64>,
    #[command(flatten)]
    pub algo: AlgoArgs,
}

impl RunArgs {
    pub fn spec(&self) -> Result<RunSpec, String> {
        let spec = self.algo.resolve(&self.weights)?;
        print_notes(&spec);
        Ok(spec)
    }

    pub fn steps(&self, spec: &RunSpec) -> u64 {
        self.steps.unwrap_or_else(|| spec.default_steps())
    }
}

/// `seq`: node names, or zero-based indices with `index`, separated by spaces; a run of requests
/// prints one token per request (attempts joined by `>`, `-` for a 502). Long runs repeat one
/// computed period instead of recomputing it.
pub fn write_seq(out: &mut impl Write, run: &RunArgs, index: bool) -> Result<(), Failure> {
    let spec = run.spec()?;
    let label = |i: usize| {
        if index {
            i.to_string()
        } else {
            spec.weights.name(i).to_string()
        }
    };
    let steps = run.steps(&spec);
    let mut scheduler = spec.algorithm();
    if scheduler.models_requests() {
        return write_line(out, &mut scheduler, steps, |scheduler| {
            next_request(scheduler).map(|request| request.token(label))
        });
    }
    let period = scheduler.cycle().map_or(u64::MAX, |c| c.0);
    if period <= CACHED_PERIOD {
        let one_period = sequence(&scheduler, usize::try_from(period.min(steps)).unwrap_or(0));
        let mut picks = one_period.iter().cycle();
        write_line(out, &mut scheduler, steps, |_| {
            picks.next().map(|&pick| label(pick as usize))
        })
    } else {
        write_line(out, &mut scheduler, steps, |scheduler| {
            scheduler.advance().map(|pick| label(pick.winner))
        })
    }
}

/// `trace`: the table in the format asked for.
pub fn write_trace(out: &mut impl Write, run: &RunArgs, format: &str) -> Result<(), Failure> {
    let spec = run.spec()?;
    let format = format.parse::<TraceFormat>().map_err(|e| e.to_string())?;
    write_table(out, &spec, run.steps(&spec), format)
}

/// Writes `count` tokens separated by spaces and a newline; when `token` has none (the run
/// stopped: everyone down, a broken variant past 2^53), ends the line and reports why.
fn write_line(
    out: &mut impl Write,
    scheduler: &mut Algorithm,
    count: u64,
    mut token: impl FnMut(&mut Algorithm) -> Option<String>,
) -> Result<(), Failure> {
    for k in 1..=count {
        match token(scheduler) {
            Some(text) => {
                if k > 1 {
                    out.write_all(b" ")?;
                }
                out.write_all(text.as_bytes())?;
            }
            None => {
                out.write_all(b"\n")?;
                return Err(stopped(scheduler, k));
            }
        }
    }
    out.write_all(b"\n")?;
    Ok(())
}

fn stopped(scheduler: &Algorithm, step: u64) -> Failure {
    Failure::Input(format!(
        "stopped: {}",
        scheduler.stop_reason().map_or_else(
            || format!("no node can be picked at step {step}"),
            |reason| reason.to_string()
        )
    ))
}

/// The hand-calculation table for plain SWRR, the algorithm's own columns otherwise; the rows
/// made before a run stops are printed, then why it stopped.
fn write_table(
    out: &mut impl Write,
    spec: &RunSpec,
    steps: u64,
    format: TraceFormat,
) -> Result<(), Failure> {
    let most = swrr_viz::render::max_trace_steps(spec.weights.len());
    if steps > most {
        return Err(Failure::Input(format!(
            "{steps} steps is too many for a trace of {} nodes: it prints at most {most} rows (seq streams any number of picks; metrics measures long runs)",
            spec.weights.len()
        )));
    }
    let document = trace_document(spec, steps, format);
    out.write_all(document.text.as_bytes())?;
    match document.stopped {
        Some(reason) => Err(Failure::Input(format!("stopped: {reason}"))),
        None => Ok(()),
    }
}
