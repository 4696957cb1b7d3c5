//! `seq` and `trace`: the picks of a run on one line, or its hand-calculation table.

use std::io::{self, Write};

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
    #[arg(long, short = 'n')]
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

/// `seq`: node names, or zero-based indices with `index`; a run of requests prints one token
/// per request.
pub fn write_seq(out: &mut impl Write, run: &RunArgs, index: bool) -> Result<(), Failure> {
    let spec = run.spec()?;
    let label = |i: u32| {
        if index {
            i.to_string()
        } else {
            spec.weights.name(i as usize).to_string()
        }
    };
    let algorithm = spec.algorithm();
    if algorithm.models_requests() {
        write_requests(out, algorithm, run.steps(&spec), |i| label(i as u32))
    } else {
        write_sequence(out, algorithm, run.steps(&spec), label)
    }
}

/// `trace`: the table in the format asked for.
pub fn write_trace(out: &mut impl Write, run: &RunArgs, format: &str) -> Result<(), Failure> {
    let spec = run.spec()?;
    let format = format.parse::<TraceFormat>().map_err(|e| e.to_string())?;
    write_table(out, &spec, run.steps(&spec), format)
}

/// Writes picks separated by spaces; long runs repeat one computed period instead of recomputing.
/// A run that stops (everyone down, a broken variant past 2^53) ends its line and reports why.
fn write_sequence(
    out: &mut impl Write,
    mut scheduler: Algorithm,
    steps: u64,
    label: impl Fn(u32) -> String,
) -> Result<(), Failure> {
    let period = scheduler.cycle().map_or(u64::MAX, |c| c.0);
    let mut first = true;
    let mut emit = |out: &mut dyn Write, pick: u32| -> io::Result<()> {
        if !first {
            out.write_all(b" ")?;
        }
        first = false;
        out.write_all(label(pick).as_bytes())
    };
    if period <= CACHED_PERIOD {
        let one_period = sequence(&scheduler, usize::try_from(period.min(steps)).unwrap_or(0));
        let mut remaining = steps;
        while remaining > 0 {
            for &pick in one_period
                .iter()
                .take(usize::try_from(remaining).unwrap_or(usize::MAX))
            {
                emit(out, pick)?;
            }
            remaining = remaining.saturating_sub(one_period.len() as u64);
        }
    } else {
        for t in 1..=steps {
            match scheduler.advance() {
                Some(pick) => emit(out, pick.winner as u32)?,
                None => {
                    out.write_all(b"\n")?;
                    return Err(stopped(&scheduler, t));
                }
            }
        }
    }
    out.write_all(b"\n")?;
    Ok(())
}

/// Writes one token per request (attempts joined by `>`, `-` for a 502), separated by spaces.
fn write_requests(
    out: &mut impl Write,
    mut scheduler: Algorithm,
    requests: u64,
    label: impl Fn(usize) -> String,
) -> Result<(), Failure> {
    for k in 1..=requests {
        if k > 1 {
            out.write_all(b" ")?;
        }
        match next_request(&mut scheduler) {
            Some(request) => out.write_all(request.token(&label).as_bytes())?,
            None => {
                out.write_all(b"\n")?;
                return Err(stopped(&scheduler, k));
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
