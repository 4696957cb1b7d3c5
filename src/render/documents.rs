//! The documents of a run, rendered the same way for the CLI (`swrr-viz trace`, `swrr-viz svg`)
//! and for the page's exports (through the wasm facade): one code path, so a file exported from
//! the page equals the one the CLI writes for the same run.

use crate::engine::bounds::level_range;
use crate::engine::requests::next_request;
use crate::engine::run_spec::RunSpec;
use crate::engine::scheduler::Scheduler;
use crate::engine::sequence::sequence;
use crate::engine::step::Step;
use crate::engine::trace::{SeekError, Trace};
use crate::engine::{AlgorithmKind, SubtractRule, TieRule};
use crate::input::choice::named_choices;
use crate::render::svg::root::scoped_by_content;
use crate::render::svg::{
    animated_svg, max_animated_steps, request_strip_svg, still_svg, strip_svg, tanks_svg,
    AnimationOptions, Around, Phase, Picture, SvgError, SvgOptions, TankFrame, Theme,
    DEFAULT_STEP_MS, MAX_STRIP_STEPS, MAX_TABLE_STEPS,
};
use crate::render::table::run::{run_table, RunInfo};
use crate::render::table::{hand_table, table_svg, TraceFormat};
use crate::render::words::args;
use crate::render::words::Wording;

/// A trace as text, and why the run stopped early, if it did (the rows made before are in `text`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceDocument {
    pub text: String,
    pub stopped: Option<SeekError>,
}

/// Most rows of a trace document (the CLI's `trace`, the page's trace export): each row holds
/// the whole step record while the document is built, so this bounds the memory (some 100 MB).
pub const MAX_TRACE_ROWS: u64 = 100_000;
/// Most level cells (rows × nodes) of a trace document.
pub const MAX_TRACE_CELLS: u64 = 2_000_000;

/// Most rows a trace document of `nodes` nodes may have.
///
/// ```
/// assert_eq!(swrr_viz::render::max_trace_steps(3), 100_000);
/// assert_eq!(swrr_viz::render::max_trace_steps(10_000), 200);
/// ```
#[must_use]
pub fn max_trace_steps(nodes: usize) -> u64 {
    MAX_TRACE_ROWS
        .min(MAX_TRACE_CELLS / nodes.max(1) as u64)
        .max(1)
}

/// The trace of the first `steps` picks (for a run that models requests, every attempt of the
/// first `steps` requests): the hand-calculation table for plain SWRR, the algorithm's own
/// columns otherwise (see [`hand_table`] and [`run_table`]).
///
/// ```
/// use swrr_viz::engine::RunSpec;
/// use swrr_viz::render::{trace_document, TraceFormat};
/// let spec = RunSpec::new("5,3,2".parse().unwrap(), Default::default(), Default::default());
/// let doc = trace_document(&spec, 2, TraceFormat::Csv);
/// assert_eq!(doc.text, "step,A added,B added,C added,winner,tied,A after,B after,C after\n1,5,3,2,A,,-5,3,2\n2,0,6,4,B,,0,-4,4\n");
/// assert_eq!(doc.stopped, None);
/// ```
#[must_use]
pub fn trace_document(spec: &RunSpec, steps: u64, format: TraceFormat) -> TraceDocument {
    let mut trace = Trace::new(spec.algorithm());
    if spec.is_plain_swrr() {
        return match trace.rows(1, steps) {
            Ok(rows) => TraceDocument {
                text: hand_table(&spec.weights, &rows, format),
                stopped: None,
            },
            Err(e) => TraceDocument {
                text: String::new(),
                stopped: Some(e),
            },
        };
    }
    let mut rows = Vec::new();
    let mut stopped = None;
    // A run that models requests shows every attempt of the first `steps` requests.
    let most_rows = max_trace_steps(spec.weights.len());
    let done = |rows: &[Step]| match rows.last().and_then(|s| s.request.as_ref()) {
        Some(r) => (r.request >= steps && r.last) || rows.len() as u64 >= most_rows,
        None => rows.len() as u64 >= steps,
    };
    while steps > 0 && !done(&rows) {
        match trace.forward() {
            Ok(step) => rows.push(step.clone()),
            Err(e) => {
                stopped = Some(e);
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
    TraceDocument {
        text: run_table(&info, &rows, format),
        stopped,
    }
}

named_choices! {
    /// Which picture [`svg_document`] draws.
    #[derive(Default)]
    pub enum SvgKind for Choice::PictureKind {
        /// One frame of the tanks.
        Tanks = "tanks",
        /// A whole step of the tanks in one still: fill, pick and drain.
        Still = "still",
        /// The selection strip.
        Strip = "strip",
        /// The hand-calculation table.
        Table = "table",
        /// A looping period of the tanks (CSS animation).
        #[default]
        Animated = "animated",
    }
}

/// What to draw, as `swrr-viz svg` takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SvgRequest {
    pub kind: SvgKind,
    /// tanks, still: the step shown (default 1; 0 is the start); strip and table: the step marked.
    pub step: Option<u64>,
    /// tanks: the phase (default drain).
    pub phase: Option<Phase>,
    /// strip, table, animated: how many steps (default one period after the last event, capped).
    pub steps: Option<u64>,
    pub theme: Theme,
    pub width: Option<u32>,
    /// animated: milliseconds per step.
    pub step_ms: u32,
    /// The words of the picture's texts (English unless told).
    pub words: Wording,
    /// still: what it draws around its tanks (see [`SvgOptions::around`]).
    pub around: Around,
}

impl Default for SvgRequest {
    fn default() -> Self {
        Self {
            kind: SvgKind::default(),
            step: None,
            phase: None,
            steps: None,
            theme: Theme::Auto,
            width: None,
            step_ms: DEFAULT_STEP_MS,
            words: Wording::default(),
            around: Around::Everything,
        }
    }
}

/// `steps`, when `picture` shows that many (at most `limit`).
fn at_most(steps: u64, picture: Picture, limit: u64) -> Result<u64, DocumentError> {
    if steps > limit {
        return Err(DocumentError::TooManySteps {
            steps,
            picture,
            limit,
        });
    }
    Ok(steps)
}

/// Default steps of each picture: one period, at most this many.
pub(crate) const STRIP_DEFAULT_CAP: u64 = 1000;
const TABLE_DEFAULT_CAP: u64 = 100;
const ANIMATED_DEFAULT_CAP: u64 = 200;
/// Node updates scanned for the tanks' level scale (the page's too: the facade's `limits`).
pub(crate) const RANGE_SCAN_WORK: u64 = 200_000;

/// The footer's word for a tie rule: its option's name in English (`--tie first`), the
/// language's word for it in another.
fn tie_word(tie: TieRule) -> &'static str {
    match tie {
        TieRule::First => "figure.tie_first",
        TieRule::Last => "figure.tie_last",
    }
}

/// The footer's word for what the winner subtracts, as [`tie_word`].
fn subtract_word(subtract: SubtractRule) -> &'static str {
    match subtract {
        SubtractRule::Total => "figure.subtract_total",
        SubtractRule::Own => "figure.subtract_own",
    }
}

/// Draws a picture of the run; errors say which request does not fit (a flag for the wrong kind,
/// too many steps, levels asked of an algorithm without levels).
///
/// ```
/// use swrr_viz::engine::RunSpec;
/// use swrr_viz::render::{svg_document, Phase, SvgKind, SvgRequest};
/// let spec = RunSpec::new("5,3,2".parse().unwrap(), Default::default(), Default::default());
/// let request = SvgRequest { kind: SvgKind::Tanks, step: Some(5), phase: Some(Phase::Pick), ..Default::default() };
/// let svg = svg_document(&spec, &request).unwrap();
/// assert!(svg.contains(r#"data-step="5""#) && svg.contains(r#"data-phase="pick""#));
/// ```
pub fn svg_document(spec: &RunSpec, request: &SvgRequest) -> Result<String, DocumentError> {
    let weights = &spec.weights;
    let kind = request.kind;
    if request.phase.is_some() && kind != SvgKind::Tanks {
        return Err(DocumentError::PhaseOnlyForTanks);
    }
    if request.steps.is_some() && matches!(kind, SvgKind::Tanks | SvgKind::Still) {
        return Err(DocumentError::StepsNotForTanks);
    }
    if request.step.is_some() && kind == SvgKind::Animated {
        return Err(DocumentError::StepNotForAnimated);
    }
    let algo = spec.options.kind;
    if kind != SvgKind::Strip && algo != AlgorithmKind::Swrr {
        return Err(DocumentError::NoLevels { kind, algo });
    }
    // A run other than nginx SWRR on fixed weights says so under the picture.
    let words = &request.words;
    let footer = (!spec.is_plain_swrr()).then(|| {
        let mut text = format!("{} · {}", weights, algo.as_str());
        if algo == AlgorithmKind::Swrr {
            text.push_str(&words.say(
                "figure.footer_rules",
                &args![
                    "tie" => words.say(tie_word(spec.options.tie), &args![]),
                    "subtract" => words.say(subtract_word(spec.options.subtract), &args![]),
                ],
            ));
        }
        if algo == AlgorithmKind::Random {
            text.push_str(&words.say("figure.footer_seed", &args!["seed" => spec.options.seed]));
        }
        if !spec.scenario.is_empty() {
            text.push_str(&words.say(
                "figure.footer_scenario",
                &args!["scenario" => spec.scenario.to_string()],
            ));
        }
        text
    });
    let options = SvgOptions {
        theme: request.theme,
        width: request.width,
        tie: spec.options.tie,
        footer,
        workers: spec.traffic.workers,
        subtract: spec.options.subtract,
        words: words.clone(),
        around: request.around,
    };
    let scheduler = spec.algorithm();
    let period = scheduler.cycle().map(|c| c.0);
    let steps = |cap: u64| {
        request.steps.unwrap_or_else(|| {
            spec.preset_steps.unwrap_or_else(|| {
                let period = period.unwrap_or_else(|| weights.period());
                let last_event = spec.scenario.events().last().map_or(0, |e| e.step);
                period.max(last_event.saturating_add(period)).min(cap)
            })
        })
    };
    let svg = match kind {
        SvgKind::Tanks => {
            let t = request.step.unwrap_or(1);
            let phase = request.phase.unwrap_or(Phase::Drain);
            let range = level_range(&scheduler, range_scan(weights, period, t));
            let mut trace = Trace::new(scheduler);
            let view = TankFrame::at(&mut trace, t, phase).map_err(DocumentError::Seek)?;
            tanks_svg(weights, &view, range, &options)
        }
        SvgKind::Still => {
            let t = request.step.unwrap_or(1);
            let range = level_range(&scheduler, range_scan(weights, period, t));
            let mut trace = Trace::new(scheduler);
            let view = TankFrame::at(&mut trace, t, Phase::Drain).map_err(DocumentError::Seek)?;
            still_svg(weights, &view, range, &options)
        }
        SvgKind::Strip if scheduler.models_requests() => {
            // A run of requests: `steps` counts requests, as the trace's and the page's strip do.
            let n = at_most(steps(STRIP_DEFAULT_CAP), Picture::Strip, MAX_STRIP_STEPS)?;
            let mut run = scheduler;
            let mut requests = Vec::new();
            while (requests.len() as u64) < n {
                match next_request(&mut run) {
                    Some(request) => requests.push(request),
                    None => {
                        let step = requests
                            .iter()
                            .map(|r| r.attempts.len() as u64 + u64::from(r.none_left))
                            .sum::<u64>()
                            + 1;
                        return Err(DocumentError::Stopped(match run.stop_reason() {
                            Some(reason) => SeekError::Stopped { step, reason },
                            None => SeekError::Stuck { step },
                        }));
                    }
                }
            }
            let attempts = requests
                .iter()
                .map(|r| r.attempts.len() as u64 + u64::from(r.none_left))
                .sum();
            step_shown(request.step, Picture::Strip, attempts)?;
            request_strip_svg(weights, &requests, request.step, &options)
        }
        SvgKind::Strip => {
            let n = at_most(steps(STRIP_DEFAULT_CAP), Picture::Strip, MAX_STRIP_STEPS)?;
            let picks = sequence(&scheduler, usize::try_from(n).unwrap_or(usize::MAX));
            if (picks.len() as u64) < n {
                let step = picks.len() as u64 + 1;
                return Err(DocumentError::Stopped(match scheduler.stop_reason() {
                    Some(reason) => SeekError::Stopped { step, reason },
                    None => SeekError::Stuck { step },
                }));
            }
            step_shown(request.step, Picture::Strip, n)?;
            strip_svg(weights, &picks, period, request.step, &options)
        }
        SvgKind::Table => {
            let n = at_most(steps(TABLE_DEFAULT_CAP), Picture::Table, MAX_TABLE_STEPS)?;
            step_shown(request.step, Picture::Table, n)?;
            let rows = Trace::new(scheduler)
                .rows(1, n)
                .map_err(DocumentError::Stopped)?;
            table_svg(weights, &rows, request.step, &options)
        }
        SvgKind::Animated => {
            let limit = max_animated_steps(weights.len());
            let n = steps(limit.min(ANIMATED_DEFAULT_CAP));
            if n > limit {
                return Err(DocumentError::TooLongAnimation {
                    steps: n,
                    nodes: weights.len(),
                    limit,
                });
            }
            let range = level_range(&scheduler, n);
            let rows = Trace::new(scheduler)
                .rows(1, n)
                .map_err(DocumentError::Stopped)?;
            let animation = AnimationOptions {
                svg: options,
                step_ms: request.step_ms,
            };
            animated_svg(weights, &rows, range, &animation)
        }
    };
    svg.map(scoped_by_content).map_err(DocumentError::Svg)
}

/// The step a strip or table marks: 0 (the start, nothing picked yet) or one of its `last` steps.
fn step_shown(step: Option<u64>, picture: Picture, last: u64) -> Result<(), DocumentError> {
    match step {
        Some(step) if step > last => Err(DocumentError::StepNotShown {
            step,
            picture,
            last,
        }),
        _ => Ok(()),
    }
}

/// Steps scanned for the tanks' level scale: a period (or up to step `t`), within a budget of work.
fn range_scan(
    weights: &crate::input::weights::vector::Weights,
    period: Option<u64>,
    t: u64,
) -> u64 {
    let budget = (RANGE_SCAN_WORK / weights.len() as u64).max(1);
    period.unwrap_or(t).max(t).min(budget)
}

/// A picture [`svg_document`] will not draw, in the CLI's words (`--kind`, `--steps`, …).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DocumentError {
    /// `--phase` with a kind other than tanks.
    PhaseOnlyForTanks,
    /// `--steps` with tanks.
    StepsNotForTanks,
    /// `--step` with an animation.
    StepNotForAnimated,
    /// `--bare` with a kind other than still.
    BareOnlyForStill,
    /// A picture of levels for an algorithm that has none.
    NoLevels { kind: SvgKind, algo: AlgorithmKind },
    /// More steps than the strip or the table shows.
    TooManySteps {
        steps: u64,
        picture: Picture,
        limit: u64,
    },
    /// A step to mark past the last step the strip or the table shows.
    StepNotShown {
        step: u64,
        picture: Picture,
        last: u64,
    },
    /// More steps than an animation of this many nodes shows.
    TooLongAnimation {
        steps: u64,
        nodes: usize,
        limit: u64,
    },
    /// The run stopped before the last step drawn.
    Stopped(SeekError),
    /// The step shown cannot be reached.
    Seek(SeekError),
    /// The picture refused its input.
    Svg(SvgError),
}

crate::message::coded! {
    error DocumentError: SVG, SEEK, STOP;
    Self::PhaseOnlyForTanks => "svg.phase_only_tanks" [],
    Self::StepsNotForTanks => "svg.steps_not_tanks" [],
    Self::StepNotForAnimated => "svg.step_not_animated" [],
    Self::BareOnlyForStill => "svg.bare_only_still" [],
    Self::NoLevels { kind, algo } => "svg.no_levels"
        ["kind" => kind.as_str(), "algo" => algo.as_str()],
    Self::TooManySteps { steps, picture, limit } => "svg.too_many_steps_shown"
        ["steps" => *steps, "picture" => picture.message(), "max" => *limit],
    Self::StepNotShown { step, picture, last } => "svg.step_not_shown"
        ["step" => *step, "picture" => picture.message(), "last" => *last],
    Self::TooLongAnimation { steps, nodes, limit } => "svg.animation_too_long"
        ["steps" => *steps, "nodes" => *nodes, "max" => *limit],
    Self::Stopped(e) => "svg.stopped" ["reason" => e.message()],
    Self::Seek(e) => (e.coded()),
    Self::Svg(e) => (e.coded()),
}
