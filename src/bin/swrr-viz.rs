//! `swrr-viz`: the SWRR engine on the command line — sequences, hand-calculation tables, metrics.

// Native only: `cargo test --target wasm32-unknown-unknown --test web` builds every binary,
// so for wasm32 this binary is empty.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use swrr_viz::core::{
    presets, render_metrics, render_run, render_trace, sequence, Algorithm, Analysis, RunInfo,
    Scheduler, Trace, TraceFormat,
};

#[path = "swrr-viz/run_spec.rs"]
mod run_spec;

use run_spec::{AlgoArgs, RunSpec};

/// Exit code for bad input (clap uses the same for bad flags).
const BAD_INPUT: u8 = 2;
/// Periods up to this length are computed once and repeated when printing long sequences.
const CACHED_PERIOD: u64 = 1 << 22;

#[derive(Parser, Debug)]
#[command(
    name = "swrr-viz",
    version,
    about = "Smooth Weighted Round-Robin (nginx) step by step"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the picks on one line: node names, or zero-based indices with --index.
    Seq {
        #[command(flatten)]
        run: RunArgs,
        /// Print zero-based node indices instead of names.
        #[arg(long)]
        index: bool,
    },
    /// Print the hand-calculation table: levels after adding, winner, levels after subtracting.
    Trace {
        #[command(flatten)]
        run: RunArgs,
        /// Output format.
        #[arg(long, default_value = "table", value_parser = ["table", "markdown", "csv", "json"])]
        format: String,
    },
    /// Print smoothness metrics: period, picks against the ideal, lag extremes, runs, window
    /// share variance and the fingerprint of the sequence.
    Metrics(MetricsArgs),
    /// List the presets that replay the seed articles' stories (use one with --preset NAME).
    Presets,
}

#[derive(Args, Debug)]
struct MetricsArgs {
    /// Weights, e.g. 5,3,2 · "A=5 B=3 C=2" · 1:3:0.5 · 50%,30%,20% (several arguments are joined by spaces).
    #[arg(required_unless_present = "preset", num_args = 1.., value_name = "WEIGHTS", allow_negative_numbers = true)]
    weights: Vec<String>,
    /// Number of picks [default: one period, at most 1,000,000 steps and 10^9 node updates].
    #[arg(long, short = 'n')]
    steps: Option<u64>,
    /// Picks per sliding window [default: W, the sum of the weights; capped at the steps].
    #[arg(long, short = 'k')]
    window: Option<u64>,
    /// Print JSON (keys documented in the README) instead of the text report.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    algo: AlgoArgs,
}

impl MetricsArgs {
    fn analysis(&self) -> Result<Analysis, String> {
        let spec = self.algo.resolve(&self.weights)?;
        print_notes(&spec);
        let result = if spec.is_plain_swrr() {
            Analysis::new(&spec.weights, spec.options.tie, self.steps, self.window)
        } else {
            Analysis::with_algorithm(&spec.weights, spec.algorithm(), self.steps, self.window)
        };
        result.map_err(|e| e.to_string())
    }
}

#[derive(Args, Debug)]
struct RunArgs {
    /// Weights, e.g. 5,3,2 · "A=5 B=3 C=2" · 1:3:0.5 · 50%,30%,20% (several arguments are joined by spaces).
    #[arg(required_unless_present = "preset", num_args = 1.., value_name = "WEIGHTS", allow_negative_numbers = true)]
    weights: Vec<String>,
    /// Number of picks [default: one period (after the last event), at most 100; a preset's own].
    #[arg(long, short = 'n')]
    steps: Option<u64>,
    #[command(flatten)]
    algo: AlgoArgs,
}

impl RunArgs {
    fn spec(&self) -> Result<RunSpec, String> {
        let spec = self.algo.resolve(&self.weights)?;
        print_notes(&spec);
        Ok(spec)
    }

    fn steps(&self, spec: &RunSpec) -> u64 {
        self.steps.unwrap_or_else(|| spec.default_steps())
    }
}

/// What the options do not do for this algorithm, on stderr (stdout stays the result).
fn print_notes(spec: &RunSpec) {
    for note in spec.notes() {
        eprintln!("swrr-viz: note: {note}");
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            eprintln!("swrr-viz: {message}");
            ExitCode::from(BAD_INPUT)
        }
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("swrr-viz: cannot write output: {e}");
            ExitCode::FAILURE
        }
    }
}

enum Failure {
    Input(String),
    Io(io::Error),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Self::Input(message)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Self::Io(e)
    }
}

fn run(cli: &Cli) -> Result<(), Failure> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match &cli.command {
        Command::Seq { run, index } => {
            let spec = run.spec()?;
            let label = |i: u32| {
                if *index {
                    i.to_string()
                } else {
                    spec.weights.name(i as usize).to_string()
                }
            };
            write_sequence(&mut out, spec.algorithm(), run.steps(&spec), label)?;
        }
        Command::Trace { run, format } => {
            let spec = run.spec()?;
            let format: TraceFormat = format.parse()?;
            write_trace(&mut out, &spec, run.steps(&spec), format)?;
        }
        Command::Presets => write_presets(&mut out)?,
        Command::Metrics(args) => {
            let mut analysis = args.analysis()?;
            let metrics = analysis.run_to_end();
            if args.json {
                let json = serde_json::to_string_pretty(metrics)
                    .map_err(|e| format!("cannot encode the metrics as JSON: {e}"))?;
                writeln!(out, "{json}")?;
            } else {
                out.write_all(render_metrics(metrics).as_bytes())?;
            }
        }
    }
    out.flush()?;
    Ok(())
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

fn stopped(scheduler: &Algorithm, step: u64) -> Failure {
    Failure::Input(format!(
        "stopped: {}",
        scheduler
            .stop_reason()
            .unwrap_or_else(|| format!("no node can be picked at step {step}"))
    ))
}

/// The hand-calculation table for plain SWRR, the algorithm's own columns otherwise; the rows
/// made before a run stops are printed, then why it stopped.
fn write_trace(
    out: &mut impl Write,
    spec: &RunSpec,
    steps: u64,
    format: TraceFormat,
) -> Result<(), Failure> {
    let mut trace = Trace::new(spec.algorithm());
    if spec.is_plain_swrr() {
        let rows = trace.rows(1, steps).map_err(|e| e.to_string())?;
        out.write_all(render_trace(&spec.weights, &rows, format).as_bytes())?;
        return Ok(());
    }
    let mut rows = Vec::new();
    let mut stop = None;
    while (rows.len() as u64) < steps {
        match trace.forward() {
            Ok(step) => rows.push(step.clone()),
            Err(e) => {
                stop = Some(e);
                break;
            }
        }
    }
    let notes = spec.notes();
    let info = RunInfo {
        weights: &spec.weights,
        options: &spec.options,
        scenario: &spec.scenario,
        period: trace.period(),
        notes: &notes,
    };
    out.write_all(render_run(&info, &rows, format).as_bytes())?;
    match stop {
        Some(e) => Err(Failure::Input(format!("stopped: {e}"))),
        None => Ok(()),
    }
}

fn write_presets(out: &mut impl Write) -> Result<(), Failure> {
    for p in presets() {
        let mut algo = p.algorithm.as_str().to_string();
        if p.subtract.as_str() != "total" {
            algo.push_str(&format!(" --subtract {}", p.subtract.as_str()));
        }
        if p.algorithm.as_str() == "random" {
            algo.push_str(&format!(" --seed {}", p.seed));
        }
        writeln!(out, "{}  ({algo}, {} steps)", p.name, p.steps)?;
        writeln!(out, "  weights   {}", p.weights)?;
        if !p.scenario.is_empty() {
            writeln!(out, "  scenario  {}", p.scenario)?;
        }
        writeln!(out, "  {}", p.description)?;
    }
    writeln!(
        out,
        "\nRun one with: swrr-viz trace --preset NAME (or seq, metrics)"
    )?;
    Ok(())
}
