//! What every part of the animation draws from: the weights, the timeline and the layout.

use super::timeline::Slot;
use crate::input::weights::vector::Weights;
use crate::render::svg::layout::Chrome;

/// The animation being drawn.
pub(super) struct Scene<'a> {
    pub weights: &'a Weights,
    pub slots: Vec<Slot>,
    /// Length of the loop, in seconds.
    pub total: f64,
    /// The slot readers who prefer reduced motion see, still.
    pub poster: usize,
    /// Seconds of one phase (a third of a step).
    pub phase_s: f64,
    /// Steps animated.
    pub steps: u64,
    pub chrome: Chrome,
    /// The caption of every slot, wrapped.
    pub captions: Vec<Vec<String>>,
    /// The root's id, which scopes every class and keyframe name.
    pub prefix: String,
}
