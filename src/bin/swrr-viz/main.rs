//! `swrr-viz`: the SWRR engine on the command line — sequences, hand-calculation tables, metrics.

// Native only: `cargo test --target wasm32-unknown-unknown --test web` builds every binary,
// so for wasm32 this binary is empty.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use swrr_viz::engine::RunSpec;

mod chinese;
mod metrics;
mod nginx;
mod numbers;
mod picks;
mod run_spec;
mod svg;
mod teach;

use metrics::MetricsArgs;
use nginx::NginxArgs;
use picks::RunArgs;
use svg::SvgArgs;

/// Exit code for bad input (clap uses the same for bad flags).
const BAD_INPUT: u8 = 2;

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
    /// Print a quiz exercise by number (the same one the page's quiz gives): its weights and
    /// algorithm, and with --answers the key (the picks to predict).
    Exercise {
        /// Exercise number, 1 to 1000000 (difficulty grows every ten).
        #[arg(value_parser = numbers::exercise, allow_negative_numbers = true)]
        number: u64,
        /// Also print the answers.
        #[arg(long)]
        answers: bool,
    },
    /// Render an SVG picture for documentation, with no script: a tank frame, the selection
    /// strip, the hand-calculation table, or an animated period of the water tanks that loops.
    Svg(SvgArgs),
    /// Write an nginx `upstream` block for the weights (and a scenario's backup, down, max_fails
    /// and timeout at request 1), or (--read FILE, `-` for stdin) read one back: its weights are
    /// printed, then the scenario its servers' parameters make, if any; notes go to stderr.
    Nginx(NginxArgs),
}

/// What the options do not do for this algorithm, on stderr (stdout stays the result).
pub(crate) fn print_notes(spec: &RunSpec) {
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
        Err(Failure::Read(e)) => {
            eprintln!("swrr-viz: cannot read {e}");
            ExitCode::from(BAD_INPUT)
        }
    }
}

pub(crate) enum Failure {
    Input(String),
    /// Writing the output failed.
    Io(io::Error),
    /// Reading an input file failed; the error names the file.
    Read(io::Error),
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
        Command::Seq { run, index } => picks::write_seq(&mut out, run, *index)?,
        Command::Trace { run, format } => picks::write_trace(&mut out, run, format)?,
        Command::Metrics(args) => metrics::write_metrics(&mut out, args)?,
        Command::Presets => teach::write_presets(&mut out)?,
        Command::Exercise { number, answers } => {
            teach::write_exercise(&mut out, *number, *answers)?;
        }
        Command::Svg(args) => svg::write_svg(&mut out, args)?,
        Command::Nginx(args) => nginx::write_nginx(&mut out, args)?,
    }
    out.flush()?;
    Ok(())
}
