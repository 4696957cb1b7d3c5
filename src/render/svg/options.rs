//! What every picture takes: its width, colours and tie rule.

use crate::engine::options::{SubtractRule, TieRule};
use crate::input::choice::named_choices;
use crate::render::svg::error::{Picture, SvgError};
use crate::render::svg::limits::{DEFAULT_WIDTH, MAX_WIDTH, MIN_WIDTH};
use crate::render::tank_layout::TankLayout;
use crate::render::words::{args, Args, Wording};

named_choices! {
    /// Colours: the page's light theme, its dark theme, or light with the dark variant for readers
    /// whose system prefers dark (`@media (prefers-color-scheme: dark)` inside the SVG).
    #[derive(Default)]
    pub enum Theme for Choice::Theme {
        #[default]
        Auto = "auto",
        Light = "light",
        Dark = "dark",
    }
}

/// What a still draws around its tanks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Around {
    /// The step and its phases, the caption (the narration), Σ, the key and the footer.
    #[default]
    Everything,
    /// The key alone, under the tanks, for a page that says the step and its narration itself:
    /// the print handout.
    Key,
    /// Nothing: the tanks alone.
    Nothing,
}

/// Options every picture takes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SvgOptions {
    pub theme: Theme,
    /// Width in CSS pixels, [`MIN_WIDTH`]..=[`MAX_WIDTH`]; the table scales its natural size to it.
    pub width: Option<u32>,
    /// The tie rule the run used, for the narration ("A wins (first in list)").
    pub tie: TieRule,
    /// The muted line under a tank picture; `None`: weights, W, period and tie rule (right for
    /// nginx SWRR on fixed weights — say what else ran, e.g. a scenario).
    pub footer: Option<String>,
    /// nginx worker processes of a run of requests; with more than one the narration names the
    /// worker of each attempt.
    pub workers: usize,
    /// What the SWRR winner subtracted, for the narration of the drain.
    pub subtract: SubtractRule,
    /// The words of every text: English from the catalog unless told.
    pub words: Wording,
    /// What a still draws around its tanks (everything unless told).
    pub around: Around,
}

impl SvgOptions {
    /// The catalog's `code` with `params`, in the picture's words.
    pub(crate) fn say(&self, code: &str, args: &Args<'_>) -> String {
        self.words.say(code, args)
    }

    /// The counts under the tanks of `g` at `picks`, in the picture's words, long or all short
    /// ([`TankLayout::picks_texts`]).
    pub(crate) fn picks_texts(&self, g: &TankLayout, picks: &[u64]) -> Vec<String> {
        let count = |code: &'static str| move |count: u64| self.say(code, &args!["count" => count]);
        g.picks_texts(
            picks,
            count("figure.tank_picks"),
            count("figure.tank_picks_short"),
        )
    }

    /// The width of a frame of `nodes` tanks (tanks, still), once their number is within
    /// [`MAX_FRAME_NODES`].
    pub(crate) fn frame_width(&self, nodes: usize) -> Result<f64, SvgError> {
        Picture::Frame.fit(nodes, None)?;
        self.width_or(DEFAULT_WIDTH)
    }

    pub(crate) fn width_or(&self, default: u32) -> Result<f64, SvgError> {
        let width = self.width.unwrap_or(default);
        if (MIN_WIDTH..=MAX_WIDTH).contains(&width) {
            Ok(f64::from(width))
        } else {
            Err(SvgError::Width { width })
        }
    }
}
