//! The phases of a step as the page plays them: what a tank frame shows and what its narration
//! tells up to.

use crate::input::choice::{named_choices, Choice, UnknownChoice};

named_choices! {
    /// The three phases of a step as the page plays them; `Start` is step 0.
    #[derive(Default)]
    pub enum Phase {
        /// Before the first pick.
        Start = "start",
        /// Every node has added its weight.
        Fill = "fill",
        /// The winner is marked (levels as after the fill).
        Pick = "pick",
        /// The winner has subtracted the total: the rest state after the step.
        #[default]
        Drain = "drain",
    }
}

/// `fill`, `pick` or `drain`: `start` is where step 0 is, not a phase to ask for.
impl std::str::FromStr for Phase {
    type Err = UnknownChoice;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|phase| *phase != Self::Start && phase.as_str() == s)
            .ok_or_else(|| UnknownChoice::new(Choice::Phase, s))
    }
}
