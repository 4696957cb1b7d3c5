//! `swrr-viz`: the SWRR engine on the command line — sequences, hand-calculation tables, metrics.

// Native only: `cargo test --target wasm32-unknown-unknown --test web` builds every binary,
// so for wasm32 this binary is empty.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use swrr_viz::engine::{next_request, sequence, Algorithm, RunSpec, Scheduler};
use swrr_viz::metrics::{render_metrics, render_request_metrics, RequestMetrics, RunAnalysis};
use swrr_viz::render::{svg_document, trace_document, SvgKind, SvgRequest, TraceFormat};
use swrr_viz::teach::presets;

mod run_spec;

use run_spec::AlgoArgs;

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
    /// Print a quiz exercise by number (the same one the page's quiz gives): its weights and
    /// algorithm, and with --answers the key (the picks to predict).
    Exercise {
        /// Exercise number, 1 to 1000000 (difficulty grows every ten).
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

#[derive(Args, Debug)]
struct NginxArgs {
    /// Weights, e.g. 5,3,2 · "gpu=5 10.0.0.1:80=3" (several arguments are joined by spaces).
    #[arg(required_unless_present = "read", conflicts_with = "read", num_args = 1.., value_name = "WEIGHTS", allow_negative_numbers = true)]
    weights: Vec<String>,
    /// Read an upstream block (or a config holding one) from FILE, `-` for standard input.
    #[arg(long, value_name = "FILE")]
    read: Option<std::path::PathBuf>,
    /// Events whose backup, down, max_fails= and timeout= at request 1 become server
    /// parameters, e.g. "@1 D backup; @1 C down" (other events are listed in a comment).
    #[arg(long, value_name = "TEXT", conflicts_with = "read")]
    scenario: Option<String>,
}

#[derive(Args, Debug)]
struct SvgArgs {
    /// Weights, e.g. 5,3,2 · "A=5 B=3 C=2" · 1:3:0.5 · 50%,30%,20% (several arguments are joined by spaces).
    #[arg(required_unless_present = "preset", num_args = 1.., value_name = "WEIGHTS", allow_negative_numbers = true)]
    weights: Vec<String>,
    /// What to draw: one frame of the tanks, a whole step as one still (fill, pick and drain),
    /// the selection strip, the table, or the animated tanks.
    #[arg(long, default_value = "animated", value_parser = ["tanks", "still", "strip", "table", "animated"])]
    kind: String,
    /// tanks, still: the step shown [default: 1]; strip and table: the step marked as current.
    #[arg(long)]
    step: Option<u64>,
    /// tanks: the phase of the step shown [default: drain].
    #[arg(long, value_parser = ["fill", "pick", "drain"])]
    phase: Option<String>,
    /// strip, table, animated: number of steps [default: one period (after the last event), at
    /// most 1000 cells in a strip, 100 rows in a table, 200 steps in an animation; a preset's own].
    #[arg(long, short = 'n')]
    steps: Option<u64>,
    #[command(flatten)]
    algo: AlgoArgs,
    /// Colours: light, dark, or auto (light, dark when the reader's system prefers dark).
    #[arg(long, default_value = "auto", value_parser = ["auto", "light", "dark"])]
    theme: String,
    /// Width in pixels [default: 640; the table: as wide as its columns].
    #[arg(long)]
    width: Option<u32>,
    /// animated: milliseconds per step (fill, pick and drain take a third each).
    #[arg(long, default_value_t = swrr_viz::render::DEFAULT_STEP_MS)]
    step_ms: u32,
    /// Write to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
struct MetricsArgs {
    /// Weights, e.g. 5,3,2 · "A=5 B=3 C=2" · 1:3:0.5 · 50%,30%,20% (several arguments are joined by spaces).
    #[arg(required_unless_present = "preset", num_args = 1.., value_name = "WEIGHTS", allow_negative_numbers = true)]
    weights: Vec<String>,
    /// Number of picks [default: one period, at most 1,000,000 steps and 10^9 node updates]; for
    /// a run of requests (failures, backup servers, workers) the number of requests [default:
    /// one period after the last event, at least 100].
    #[arg(long, short = 'n')]
    steps: Option<u64>,
    /// Picks per sliding window [default: W, the sum of the weights; capped at the steps]; for a
    /// run of requests, answered requests [default: the primary servers' W].
    #[arg(long, short = 'k')]
    window: Option<u64>,
    /// Print JSON (keys documented in docs/CLI.md) instead of the text report.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    algo: AlgoArgs,
}

impl MetricsArgs {
    fn analysis(&self, spec: &RunSpec) -> Result<RunAnalysis, String> {
        let result = if spec.is_plain_swrr() {
            RunAnalysis::new(&spec.weights, spec.options.tie, self.steps, self.window)
        } else {
            RunAnalysis::with_algorithm(&spec.weights, spec.algorithm(), self.steps, self.window)
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
            let algorithm = spec.algorithm();
            if algorithm.models_requests() {
                write_requests(&mut out, algorithm, run.steps(&spec), |i| label(i as u32))?;
            } else {
                write_sequence(&mut out, algorithm, run.steps(&spec), label)?;
            }
        }
        Command::Trace { run, format } => {
            let spec = run.spec()?;
            let format = format.parse::<TraceFormat>().map_err(|e| e.to_string())?;
            write_trace(&mut out, &spec, run.steps(&spec), format)?;
        }
        Command::Presets => write_presets(&mut out)?,
        Command::Exercise { number, answers } => write_exercise(&mut out, *number, *answers)?,
        Command::Nginx(args) => write_nginx(&mut out, args)?,
        Command::Svg(args) => {
            let svg = render_svg(args)?;
            match &args.output {
                Some(path) => std::fs::write(path, svg).map_err(|e| {
                    Failure::Io(io::Error::new(e.kind(), format!("{}: {e}", path.display())))
                })?,
                None => out.write_all(svg.as_bytes())?,
            }
        }
        Command::Metrics(args) => {
            let spec = args.algo.resolve(&args.weights)?;
            print_notes(&spec);
            if spec.algorithm().models_requests() {
                write_request_metrics(&mut out, &spec, args)?;
            } else {
                let mut analysis = args.analysis(&spec)?;
                let metrics = analysis.run_to_end();
                if args.json {
                    writeln!(out, "{}", json(metrics)?)?;
                } else {
                    out.write_all(render_metrics(metrics).as_bytes())?;
                }
            }
        }
    }
    out.flush()?;
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
        RequestMetrics::measure(spec, args.steps, args.window).map_err(|e| e.to_string())?;
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

fn render_svg(args: &SvgArgs) -> Result<String, String> {
    let spec = args.algo.resolve(&args.weights)?;
    print_notes(&spec);
    let request = SvgRequest {
        kind: args.kind.parse::<SvgKind>().map_err(|e| e.to_string())?,
        step: args.step,
        phase: args
            .phase
            .as_deref()
            .map(str::parse::<swrr_viz::render::Phase>)
            .transpose()
            .map_err(|e| e.to_string())?,
        steps: args.steps,
        theme: args
            .theme
            .parse::<swrr_viz::render::Theme>()
            .map_err(|e| e.to_string())?,
        width: args.width,
        step_ms: args.step_ms,
    };
    svg_document(&spec, &request).map_err(|e| e.to_string())
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
fn write_trace(
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

/// `nginx WEIGHTS`: the upstream block; `nginx --read FILE`: the weights of the block in FILE,
/// and on a second line the scenario its servers' parameters make (when they make one).
fn write_nginx(out: &mut impl Write, args: &NginxArgs) -> Result<(), Failure> {
    let Some(path) = &args.read else {
        let weights: swrr_viz::input::Weights = args
            .weights
            .join(" ")
            .parse()
            .map_err(|e| format!("invalid weights: {e}"))?;
        let scenario =
            swrr_viz::input::Scenario::parse(args.scenario.as_deref().unwrap_or(""), &weights)
                .map_err(|e| format!("invalid scenario: {e}"))?;
        out.write_all(swrr_viz::render::render_upstream(&weights, &scenario).as_bytes())?;
        return Ok(());
    };
    let text = if path.as_os_str() == "-" {
        let mut text = String::new();
        io::Read::read_to_string(&mut io::stdin(), &mut text)?;
        text
    } else {
        std::fs::read_to_string(path).map_err(|e| {
            Failure::Io(io::Error::new(e.kind(), format!("{}: {e}", path.display())))
        })?
    };
    let upstream = swrr_viz::input::parse_upstream(&text)
        .map_err(|e| format!("invalid upstream block: {e}"))?;
    for note in &upstream.notes {
        eprintln!("swrr-viz: note: {note}");
    }
    writeln!(out, "{}", upstream.weights)?;
    if !upstream.scenario.is_empty() {
        writeln!(out, "{}", upstream.scenario)?;
    }
    Ok(())
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

/// `exercise N`: what a student sees, and the key for the teacher.
fn write_exercise(out: &mut impl Write, number: u64, answers: bool) -> Result<(), Failure> {
    let exercise = swrr_viz::teach::Exercise::generate(number).map_err(|e| e.to_string())?;
    let weights = exercise.parsed_weights();
    writeln!(
        out,
        "exercise   {}  ({})",
        exercise.number,
        exercise.tier.as_str()
    )?;
    writeln!(out, "weights    {}", exercise.weights)?;
    let options = &exercise.options;
    let rule = if options.kind.as_str() == "swrr" {
        format!(", ties to the {} in list", options.tie.as_str())
    } else {
        String::new()
    };
    writeln!(out, "algorithm  {}{rule}", options.kind.as_str())?;
    writeln!(out, "predict    the first {} picks", exercise.picks)?;
    if answers {
        let names: Vec<&str> = exercise
            .answers()
            .iter()
            .map(|&i| weights.name(i as usize))
            .collect();
        writeln!(out, "answers    {}", names.join(" "))?;
    }
    Ok(())
}
