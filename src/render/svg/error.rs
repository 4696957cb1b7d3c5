//! A picture this module will not draw, and why.

use crate::render::svg::limits::{
    max_animated_steps, MAX_ANIMATED_NODES, MAX_FRAME_NODES, MAX_STEP_MS, MAX_STRIP_STEPS,
    MAX_TABLE_NODES, MAX_TABLE_STEPS, MAX_WIDTH, MIN_STEP_MS, MIN_WIDTH,
};

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

crate::message::coded! {
    display Picture: SVG;
    Self::Frame => "svg.picture_frame" [],
    Self::Strip => "svg.picture_strip" [],
    Self::Table => "svg.picture_table" [],
    Self::Animation => "svg.picture_animation" [],
}

impl Picture {
    /// How many nodes and steps this picture draws at the most (`None`: no limit), for `nodes`.
    fn limits(self, nodes: usize) -> (Option<usize>, Option<u64>) {
        match self {
            Self::Frame => (Some(MAX_FRAME_NODES), None),
            Self::Strip => (None, Some(MAX_STRIP_STEPS)),
            Self::Table => (Some(MAX_TABLE_NODES), Some(MAX_TABLE_STEPS)),
            Self::Animation => (Some(MAX_ANIMATED_NODES), Some(max_animated_steps(nodes))),
        }
    }

    /// Whether this picture draws `nodes` nodes and `steps` steps (`None`: a picture of one
    /// moment): within its limits, and at least one step.
    pub(crate) fn fit(self, nodes: usize, steps: Option<u64>) -> Result<(), SvgError> {
        let (most_nodes, most_steps) = self.limits(nodes);
        if let Some(limit) = most_nodes.filter(|&limit| nodes > limit) {
            return Err(SvgError::TooManyNodes {
                picture: self,
                nodes,
                limit,
            });
        }
        match (steps, most_steps) {
            (Some(0), _) => Err(SvgError::NoSteps { picture: self }),
            (Some(steps), Some(limit)) if steps > limit => Err(SvgError::TooManySteps {
                picture: self,
                steps,
                limit,
            }),
            _ => Ok(()),
        }
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
    /// A picture's number (`width`, `step`, `step-ms`, as the CLI's flags name them) typed as
    /// text that is not a whole number; it takes `min` to `max`.
    NotWhole {
        name: &'static str,
        text: String,
        min: u64,
        max: u64,
    },
}

crate::message::coded! {
    error SvgError: SVG;
    Self::Width { width } => "svg.width"
        ["width" => *width, "min" => MIN_WIDTH, "max" => MAX_WIDTH],
    Self::TooManyNodes { picture, nodes, limit } => "svg.too_many_nodes"
        ["nodes" => *nodes, "picture" => picture.message(), "max" => *limit],
    Self::TooManySteps { picture, steps, limit } => "svg.too_many_steps"
        ["steps" => *steps, "picture" => picture.message(), "max" => *limit],
    Self::StepMs { step_ms } => "svg.step_ms"
        ["value" => *step_ms, "min" => MIN_STEP_MS, "max" => MAX_STEP_MS],
    Self::NoSteps { picture } => "svg.no_steps" ["picture" => picture.message()],
    Self::NotWhole { name, text, min, max } => "svg.not_whole" [
        "name" => *name,
        "value" => format!("\"{}\"", crate::input::quoted_value(text)),
        "min" => *min,
        "max" => *max,
    ],
}
