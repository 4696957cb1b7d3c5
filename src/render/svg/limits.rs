//! The limits of every picture: its width, and how much each kind draws at the most.

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

/// The most steps an animation of `nodes` tanks may have (the file grows with nodes × steps).
///
/// ```
/// use swrr_viz::render::max_animated_steps;
/// assert_eq!(max_animated_steps(3), 1000);
/// assert_eq!(max_animated_steps(100), 200);
/// ```
#[must_use]
pub fn max_animated_steps(nodes: usize) -> u64 {
    (MAX_ANIMATED_WORK / nodes.max(1) as u64).min(MAX_ANIMATED_STEPS)
}

/// Default duration of one step (fill, pick and drain a third each).
pub const DEFAULT_STEP_MS: u32 = 1200;
/// Shortest and longest step.
pub const MIN_STEP_MS: u32 = 300;
/// See [`MIN_STEP_MS`].
pub const MAX_STEP_MS: u32 = 20_000;
