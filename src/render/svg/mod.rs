//! SVG pictures for documentation, with no script: a tank frame, a whole step as one still, the
//! selection strip, the hand-calculation table and an animated period of the water tanks (CSS animation, loops).
//!
//! Pure: every function returns the document as a `String`, takes its numbers from the engine
//! (`Step` records, pick sequences, the level range) and never recomputes a pick. The look is
//! the page's (www/tanks.js, www/style.css): Okabe–Ito node colours, light and dark themes.
//! Every user text (node names) is escaped by the writer; nothing is injected.
//!
//! ```
//! use swrr_viz::engine::{level_range, Swrr, Trace};
//! use swrr_viz::input::Weights;
//! use swrr_viz::render::{tanks_svg, Phase, SvgOptions, TankView};
//! let weights: Weights = "5,3,2".parse().unwrap();
//! let swrr = Swrr::new(&weights);
//! let range = level_range(&swrr, weights.period());
//! let mut trace = Trace::new(swrr);
//! let view = TankView::at(&mut trace, 5, Phase::Drain).unwrap();
//! let svg = tanks_svg(&weights, &view, range, &SvgOptions::default()).unwrap();
//! assert!(svg.starts_with("<svg "));
//! assert!(svg.contains(r#"data-node="0" data-weight="5" data-current="-5""#));
//! ```

mod animated;
pub(crate) mod layout;
mod still;
mod strip;
pub(crate) mod style;
mod tanks;
pub(crate) mod text;
pub(crate) mod writer;

use std::fmt;

pub use animated::{
    animated_svg, max_animated_steps, AnimationOptions, DEFAULT_STEP_MS, MAX_STEP_MS, MIN_STEP_MS,
};
pub use still::still_svg;
pub use strip::strip_svg;
pub use tanks::tanks_svg;
pub use writer::escape_xml;

use crate::engine::options::TieRule;
use crate::engine::scheduler::Scheduler;
use crate::engine::step::Step;
use crate::engine::trace::{SeekError, Trace};
use crate::input::choice::{Choice, UnknownChoice};
use crate::input::weights::vector::Weights;
use crate::message::{params, Coded, Params};
use writer::Writer;

/// Narrowest and widest picture, in CSS pixels.
pub const MIN_WIDTH: u32 = 240;
/// See [`MIN_WIDTH`].
pub const MAX_WIDTH: u32 = 4096;
/// Default width of every picture but the table (which is as wide as its columns).
pub const DEFAULT_WIDTH: u32 = 640;
/// At most this many tanks in a frame.
pub const MAX_FRAME_NODES: usize = 1000;
/// At most this many tanks in an animation.
pub const MAX_ANIMATED_NODES: usize = 200;
/// At most this many steps in an animation.
pub const MAX_ANIMATED_STEPS: u64 = 1000;
/// At most this many tank updates (nodes × steps) in an animation, to keep files small.
pub const MAX_ANIMATED_WORK: u64 = 20_000;
/// At most this many cells in a strip.
pub const MAX_STRIP_STEPS: u64 = 10_000;
/// At most this many nodes in a table.
pub const MAX_TABLE_NODES: usize = 64;
/// At most this many rows in a table.
pub const MAX_TABLE_STEPS: u64 = 1000;

/// Colours: the page's light theme, its dark theme, or light with the dark variant for readers
/// whose system prefers dark (`@media (prefers-color-scheme: dark)` inside the SVG).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    #[default]
    Auto,
    Light,
    Dark,
}

impl std::str::FromStr for Theme {
    type Err = UnknownChoice;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "auto" => Ok(Self::Auto),
            "light" => Ok(Self::Light),
            "dark" => Ok(Self::Dark),
            other => Err(UnknownChoice::new(Choice::Theme, other)),
        }
    }
}

/// The three phases of a step as the page plays them; `Start` is step 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Phase {
    /// Before the first pick.
    Start,
    /// Every node has added its weight.
    Fill,
    /// The winner is marked (levels as after the fill).
    Pick,
    /// The winner has subtracted the total: the rest state after the step.
    #[default]
    Drain,
}

impl Phase {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Start => "start",
            Self::Fill => "fill",
            Self::Pick => "pick",
            Self::Drain => "drain",
        }
    }
}

impl std::str::FromStr for Phase {
    type Err = UnknownChoice;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "fill" => Ok(Self::Fill),
            "pick" => Ok(Self::Pick),
            "drain" => Ok(Self::Drain),
            other => Err(UnknownChoice::new(Choice::Phase, other)),
        }
    }
}

/// Options every picture takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SvgOptions {
    pub theme: Theme,
    /// Width in CSS pixels, [`MIN_WIDTH`]..=[`MAX_WIDTH`]; the table scales its natural size to it.
    pub width: Option<u32>,
    /// The tie rule the run used, for the narration ("A wins (first in list)").
    pub tie: TieRule,
    /// The muted line under a tank picture; `None`: weights, W, period and tie rule (right for
    /// nginx SWRR on fixed weights — say what else ran, e.g. a scenario).
    pub footer: Option<String>,
}

impl Default for SvgOptions {
    fn default() -> Self {
        Self {
            theme: Theme::Auto,
            width: None,
            tie: TieRule::First,
            footer: None,
        }
    }
}

impl SvgOptions {
    pub(crate) fn width_or(&self, default: u32) -> Result<f64, SvgError> {
        let width = self.width.unwrap_or(default);
        if (MIN_WIDTH..=MAX_WIDTH).contains(&width) {
            Ok(f64::from(width))
        } else {
            Err(SvgError::Width { width })
        }
    }
}

/// Which picture an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Picture {
    /// The tanks at one step.
    Frame,
    /// The selection strip.
    Strip,
    /// The hand-calculation table.
    Table,
    /// The animated tanks.
    Animation,
}

impl fmt::Display for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Frame => "tank frame",
            Self::Strip => "selection strip",
            Self::Table => "table",
            Self::Animation => "animation",
        })
    }
}

impl Coded for Picture {
    fn coded(&self) -> (&'static str, Params) {
        let code = match self {
            Self::Frame => "svg.picture_frame",
            Self::Strip => "svg.picture_strip",
            Self::Table => "svg.picture_table",
            Self::Animation => "svg.picture_animation",
        };
        (code, params![])
    }
}

/// A picture this module will not draw.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SvgError {
    /// The width is outside [`MIN_WIDTH`]..=[`MAX_WIDTH`].
    Width { width: u32 },
    /// More nodes than the picture shows.
    TooManyNodes {
        picture: Picture,
        nodes: usize,
        limit: usize,
    },
    /// More steps than the picture shows.
    TooManySteps {
        picture: Picture,
        steps: u64,
        limit: u64,
    },
    /// The step duration of an animation is out of range.
    StepMs { step_ms: u32 },
    /// Nothing to draw (no steps).
    NoSteps { picture: Picture },
}

impl fmt::Display for SvgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Width { width } => write!(
                f,
                "width {width} is out of range: the width is {MIN_WIDTH} to {MAX_WIDTH} pixels"
            ),
            Self::TooManyNodes {
                picture,
                nodes,
                limit,
            } => write!(
                f,
                "{nodes} nodes are too many for the {picture}: it shows at most {limit}"
            ),
            Self::TooManySteps {
                picture,
                steps,
                limit,
            } => write!(
                f,
                "{steps} steps are too many for the {picture}: it shows at most {limit} for these weights"
            ),
            Self::StepMs { step_ms } => write!(
                f,
                "a step of {step_ms} ms is out of range: a step takes {} to {} ms",
                animated::MIN_STEP_MS,
                animated::MAX_STEP_MS
            ),
            Self::NoSteps { picture } => write!(f, "the {picture} needs at least one step"),
        }
    }
}

impl std::error::Error for SvgError {}

impl Coded for SvgError {
    fn coded(&self) -> (&'static str, Params) {
        match self {
            Self::Width { width } => (
                "svg.width",
                params!["width" => *width, "min" => MIN_WIDTH, "max" => MAX_WIDTH],
            ),
            Self::TooManyNodes {
                picture,
                nodes,
                limit,
            } => (
                "svg.too_many_nodes",
                params!["nodes" => *nodes, "picture" => picture.message(), "max" => *limit],
            ),
            Self::TooManySteps {
                picture,
                steps,
                limit,
            } => (
                "svg.too_many_steps",
                params!["steps" => *steps, "picture" => picture.message(), "max" => *limit],
            ),
            Self::StepMs { step_ms } => (
                "svg.step_ms",
                params![
                    "value" => *step_ms,
                    "min" => animated::MIN_STEP_MS,
                    "max" => animated::MAX_STEP_MS,
                ],
            ),
            Self::NoSteps { picture } => ("svg.no_steps", params!["picture" => picture.message()]),
        }
    }
}

/// What the tanks show at one position (step, phase), as the page's `View`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TankView {
    /// Picks made (0 = before the first).
    pub t: u64,
    /// `Start` exactly when `t` is 0.
    pub phase: Phase,
    /// The levels shown: `filled` in the fill and pick phases, `drained` after the drain.
    pub levels: Vec<i64>,
    /// Picks of each node so far; the winner of step `t` counts from its drain on.
    pub picks: Vec<u64>,
    /// The record of step `t`; `None` at step 0.
    pub step: Option<Step>,
}

impl TankView {
    /// The view at step `t` (0 = before the first pick) in `phase`, from a trace.
    pub fn at<S: Scheduler + Clone>(
        trace: &mut Trace<S>,
        t: u64,
        phase: Phase,
    ) -> Result<Self, SeekError> {
        trace.seek(t)?;
        match trace.current() {
            Some(step) if t > 0 => Ok(Self::of_step(step, phase, trace.picks())),
            _ => Ok(Self::start(trace.levels())),
        }
    }

    /// The view before the first pick.
    #[must_use]
    pub fn start(levels: &[i64]) -> Self {
        Self {
            t: 0,
            phase: Phase::Start,
            levels: levels.to_vec(),
            picks: vec![0; levels.len()],
            step: None,
        }
    }

    /// The view of `step` in `phase`, given the picks after the step (as `Trace::picks`).
    /// `Phase::Start` is taken as the drain (the rest state after the step).
    #[must_use]
    pub fn of_step(step: &Step, phase: Phase, picks_after: &[u64]) -> Self {
        let phase = if phase == Phase::Start {
            Phase::Drain
        } else {
            phase
        };
        let mut picks = picks_after.to_vec();
        let levels = if phase == Phase::Drain {
            step.drained.clone()
        } else {
            // Before the drain the winner has not been counted yet.
            if let Some(p) = picks.get_mut(step.winner) {
                *p = p.saturating_sub(1);
            }
            step.filled.clone()
        };
        Self {
            t: step.t,
            phase,
            levels,
            picks,
            step: Some(step.clone()),
        }
    }

    /// Σ of the shown levels (W after the fill, 0 after the drain for SWRR).
    #[must_use]
    pub fn sum(&self) -> i64 {
        self.levels.iter().sum()
    }

    /// The winner, once marked (pick and drain phases).
    #[must_use]
    pub fn selected(&self) -> Option<usize> {
        match (&self.step, self.phase) {
            (Some(step), Phase::Pick | Phase::Drain) => Some(step.winner),
            _ => None,
        }
    }

    /// Whether node `i` is marked as tied (pick and drain phases).
    #[must_use]
    pub fn is_tied(&self, i: usize) -> bool {
        match (&self.step, self.phase) {
            (Some(step), Phase::Pick | Phase::Drain) => step.tied.contains(&i),
            _ => false,
        }
    }
}

/// A short deterministic prefix for ids and animation names, so several pictures inlined in one
/// HTML page do not share them (FNV-1a 32 of what makes the picture).
pub(crate) fn id_prefix(parts: &[&str]) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for part in parts {
        for byte in part.bytes().chain(std::iter::once(0)) {
            hash ^= u32::from(byte);
            hash = hash.wrapping_mul(0x0100_0193);
        }
    }
    format!("s{:05x}", hash >> 12)
}

/// Starts a document: root element with size, viewBox, accessibility texts and the stylesheet.
/// `data` are extra `data-*` attributes of the root.
pub(crate) struct Root<'a> {
    pub(crate) prefix: &'a str,
    pub(crate) width: f64,
    pub(crate) height: f64,
    /// Displayed size / viewBox size (1 but for a scaled table).
    pub(crate) scale: f64,
    pub(crate) title: &'a str,
    pub(crate) desc: &'a str,
    pub(crate) css: &'a str,
    pub(crate) kind: &'static str,
}

pub(crate) fn open_root(w: &mut Writer, root: &Root<'_>, data: &[(&'static str, String)]) {
    let title_id = format!("{}-title", root.prefix);
    let desc_id = format!("{}-desc", root.prefix);
    let mut tag = w
        .el("svg")
        .a("xmlns", "http://www.w3.org/2000/svg")
        .a("id", root.prefix)
        .a("class", "swrr")
        .a("width", (root.width * root.scale).ceil())
        .a("height", (root.height * root.scale).ceil())
        .a(
            "viewBox",
            format!(
                "0 0 {} {}",
                writer::num(root.width),
                writer::num(root.height)
            ),
        )
        .a("role", "img")
        .a("aria-labelledby", format!("{title_id} {desc_id}"))
        .a("data-kind", root.kind);
    for (name, value) in data.iter().filter(|(_, value)| !value.is_empty()) {
        tag = tag.a(name, value.as_str());
    }
    tag.open();
    w.newline();
    w.el("title").a("id", title_id).text(root.title);
    w.newline();
    w.el("desc").a("id", desc_id).text(root.desc);
    w.newline();
    w.el("style").text(root.css);
    w.newline();
    w.el("rect")
        .a("class", "panel")
        .a("x", 0.5)
        .a("y", 0.5)
        .a("width", root.width - 1.0)
        .a("height", root.height - 1.0)
        .a("rx", 8.0)
        .close();
    w.newline();
}

/// The weights as a short text for titles: `5,3,2` or `gpu=5 cpu=3 queue=2`, shortened.
pub(crate) fn weights_label(weights: &Weights) -> String {
    text::fit(&weights.canonical_text(), 120)
}

/// The footer line: the caller's, or weights, W, period, tie rule.
fn summary_line(weights: &Weights, options: &SvgOptions) -> String {
    if let Some(footer) = &options.footer {
        return footer.clone();
    }
    let tie = options.tie;
    format!(
        "{} · W = {} · period {} · ties: {}{}",
        weights_label(weights),
        weights.total(),
        weights.period(),
        text::rule_text(tie),
        if tie == TieRule::First {
            " (nginx)"
        } else {
            ""
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_differ_and_are_stable() {
        assert_eq!(id_prefix(&["a", "b"]), id_prefix(&["a", "b"]));
        assert_ne!(id_prefix(&["ab", ""]), id_prefix(&["a", "b"]));
    }
}
