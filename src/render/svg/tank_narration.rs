//! What a tank picture says: the narration of its step up to its phase (render/narration, which
//! the page words too), in the picture's words. Step 0 says the pictures' own opening.

use crate::input::weights::vector::Weights;
use crate::render::narration::{self, worded_all, Telling};
use crate::render::svg::frame::TankFrame;
use crate::render::svg::options::SvgOptions;
use crate::render::words::args;

/// What the picture's options tell the narration: its tie rule, worker processes and what the
/// winner subtracted.
fn telling(options: &SvgOptions) -> Telling {
    Telling {
        tie: options.tie,
        workers: options.workers,
        subtract: options.subtract,
    }
}

/// The page's narration of a view: what the step did up to its phase.
pub(crate) fn narrate(weights: &Weights, view: &TankFrame, options: &SvgOptions) -> String {
    match &view.step {
        Some(step) => worded_all(
            &narration::narrate(weights, step, view.phase, &telling(options)),
            weights,
            &options.words,
        ),
        None => options.say("narration.picture_start", &args![]),
    }
}

/// The short caption of one phase, for the animation (read in a fraction of a second): the fill
/// and who sat out, the pick, or the drain and how the attempt ended.
pub(crate) fn phase_caption(weights: &Weights, view: &TankFrame, options: &SvgOptions) -> String {
    match &view.step {
        Some(step) => worded_all(
            &narration::caption(step, view.phase, &telling(options)),
            weights,
            &options.words,
        ),
        None => options.say("narration.caption_start", &args![]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Swrr, Trace};
    use crate::render::svg::frame::Phase;

    #[test]
    fn a_right_to_left_name_is_isolated_in_the_narration() {
        let weights: Weights = "שרת=5 B=3".parse().unwrap();
        let mut trace = Trace::new(Swrr::new(&weights));
        let options = SvgOptions::default();
        let view = TankFrame::at(&mut trace, 2, Phase::Drain).unwrap();
        assert_eq!(
            narrate(&weights, &view, &options),
            "Step 2: every tank fills by its weight: \u{2068}שרת\u{2069} −3→2, B 3→6. \
             B is the fullest at 6 and is picked. B drains by 8: 6→−2."
        );
        let view = TankFrame::at(&mut trace, 1, Phase::Drain).unwrap();
        assert!(
            narrate(&weights, &view, &options).ends_with("\u{2068}שרת\u{2069} drains by 8: 5→−3.")
        );
    }
}
