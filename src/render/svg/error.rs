//! A picture this module will not draw, and why.

use crate::render::svg::limits::{MAX_STEP_MS, MAX_WIDTH, MIN_STEP_MS, MIN_WIDTH};

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
    /// Whether this picture shows `nodes` nodes: at most `limit`.
    pub(crate) fn fit_nodes(self, nodes: usize, limit: usize) -> Result<(), SvgError> {
        if nodes > limit {
            return Err(SvgError::TooManyNodes {
                picture: self,
                nodes,
                limit,
            });
        }
        Ok(())
    }

    /// Whether this picture shows `steps` steps: at least one, at most `limit`.
    pub(crate) fn fit_steps(self, steps: u64, limit: u64) -> Result<(), SvgError> {
        if steps == 0 {
            return Err(SvgError::NoSteps { picture: self });
        }
        if steps > limit {
            return Err(SvgError::TooManySteps {
                picture: self,
                steps,
                limit,
            });
        }
        Ok(())
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
}
