//! `swrr-viz`: the SWRR engine on the command line — sequences, hand-calculation tables, metrics.

// Native only: `cargo test --target wasm32-unknown-unknown --test web` builds every binary,
// so for wasm32 this binary is empty.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use swrr_viz::core::{
    render_metrics, render_trace, sequence, Analysis, Scheduler, Swrr, TieRule, Trace, TraceFormat,
    Weights,
};

/// Exit code for bad input (clap uses the same for bad flags).
const BAD_INPUT: u8 = 2;
/// Default number of steps: one period, but no more than this.
const DEFAULT_STEPS_CAP: u64 = 100;
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
}

#[derive(Args, Debug)]
struct MetricsArgs {
    /// Weights, e.g. 5,3,2 · "A=5 B=3 C=2" · 1:3:0.5 · 50%,30%,20% (several arguments are joined by spaces).
    #[arg(required = true, num_args = 1.., value_name = "WEIGHTS", allow_negative_numbers = true)]
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
    /// Who wins a tie: first in list order (nginx) or last.
    #[arg(long, default_value = "first", value_parser = ["first", "last"])]
    tie: String,
}

impl MetricsArgs {
    fn analysis(&self) -> Result<Analysis, String> {
        let weights = self
            .weights
            .join(" ")
            .parse::<Weights>()
            .map_err(|e| format!("invalid weights: {e}"))?;
        let tie: TieRule = self.tie.parse()?;
        Analysis::new(&weights, tie, self.steps, self.window).map_err(|e| e.to_string())
    }
}

#[derive(Args, Debug)]
struct RunArgs {
    /// Weights, e.g. 5,3,2 · "A=5 B=3 C=2" · 1:3:0.5 · 50%,30%,20% (several arguments are joined by spaces).
    #[arg(required = true, num_args = 1.., value_name = "WEIGHTS", allow_negative_numbers = true)]
    weights: Vec<String>,
    /// Number of picks [default: one period, at most 100].
    #[arg(long, short = 'n')]
    steps: Option<u64>,
    /// Who wins a tie: first in list order (nginx) or last.
    #[arg(long, default_value = "first", value_parser = ["first", "last"])]
    tie: String,
}

impl RunArgs {
    fn weights(&self) -> Result<Weights, String> {
        self.weights
            .join(" ")
            .parse::<Weights>()
            .map_err(|e| format!("invalid weights: {e}"))
    }

    fn scheduler(&self, weights: &Weights) -> Result<Swrr, String> {
        let tie: TieRule = self.tie.parse()?;
        Ok(Swrr::with_tie_rule(weights, tie))
    }

    fn steps(&self, weights: &Weights) -> u64 {
        self.steps
            .unwrap_or_else(|| weights.period().min(DEFAULT_STEPS_CAP))
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
            let weights = run.weights()?;
            let scheduler = run.scheduler(&weights)?;
            let label = |i: u32| {
                if *index {
                    i.to_string()
                } else {
                    weights.name(i as usize).to_string()
                }
            };
            write_sequence(&mut out, scheduler, run.steps(&weights), label)?;
        }
        Command::Trace { run, format } => {
            let weights = run.weights()?;
            let format: TraceFormat = format.parse()?;
            let mut trace = Trace::new(run.scheduler(&weights)?);
            let rows = trace
                .rows(1, run.steps(&weights))
                .map_err(|e| e.to_string())?;
            out.write_all(render_trace(&weights, &rows, format).as_bytes())?;
        }
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
fn write_sequence(
    out: &mut impl Write,
    mut scheduler: Swrr,
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
        for _ in 0..steps {
            match scheduler.advance() {
                Some(pick) => emit(out, pick.winner as u32)?,
                None => break,
            }
        }
    }
    out.write_all(b"\n")?;
    Ok(())
}
