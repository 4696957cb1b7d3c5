//! What a tank picture says around its tanks, the frame's and the still's alike: over them the
//! step and the phase chips; under them the step's narration as a caption, the Σ line and the
//! footer (a still adds its key before the footer, `Chrome::with_key_lines`).

use crate::input::weights::vector::Weights;
use crate::render::svg::characters::Face;
use crate::render::svg::frame::{Phase, TankFrame};
use crate::render::svg::layout::Chrome;
use crate::render::svg::options::SvgOptions;
use crate::render::svg::root::summary_line;
use crate::render::svg::tank_narration::narrate;
use crate::render::svg::text::{sum_text, wrap};
use crate::render::svg::writer::Writer;
use crate::render::words::args;

/// Most caption lines of a picture; longer narrations end with `…` (the `<desc>` has all of it).
const MAX_CAPTION_LINES: usize = 4;

/// The words around the tanks of `view` and the chrome that holds them.
pub(crate) struct Framing {
    pub chrome: Chrome,
    /// The narration of the view, whole (the caption shows its first lines).
    pub narration: String,
    /// The Σ line.
    pub sum: String,
    lines: Vec<String>,
}

impl Framing {
    /// The words of `view`, `width` wide with its tanks on the level scale `scale`; the tanks
    /// hold the largest `+w` of the view.
    pub(crate) fn new(
        weights: &Weights,
        view: &TankFrame,
        width: f64,
        scale: (i64, i64),
        options: &SvgOptions,
    ) -> Self {
        let narration = narrate(weights, view, options);
        let probe = Chrome::new(weights, width, scale, 1);
        let lines = wrap(
            &narration,
            Face::Sans,
            probe.caption_room,
            MAX_CAPTION_LINES,
        );
        let sum = sum_text(weights, view, options);
        let sum_lines = probe.sum_lines(&sum).len();
        let mut chrome = Chrome::new(weights, width, scale, lines.len()).with_sum_lines(sum_lines);
        chrome.tanks = chrome
            .tanks
            .holding_label(view.largest_added(weights.len()));
        Self {
            chrome,
            narration,
            sum,
            lines,
        }
    }

    /// The header: the step (`label`) at the left and, from step 1 on, the phase chips at the
    /// right, those of `on` lit.
    pub(crate) fn draw_header(
        &self,
        w: &mut Writer,
        label: &str,
        view: &TankFrame,
        on: impl Fn(Phase) -> bool,
        options: &SvgOptions,
    ) {
        self.chrome.draw_step_label(w, label);
        if view.phase != Phase::Start {
            for (phase, x, chip_width, name) in self.chrome.chips(options) {
                self.chrome.draw_chip(w, (x, chip_width), &name, on(phase));
            }
        }
        w.newline();
    }

    /// The caption and the Σ line under the tanks.
    pub(crate) fn draw_caption(&self, w: &mut Writer, view: &TankFrame) {
        self.chrome.draw_caption(w, &self.lines);
        self.chrome.draw_sum(w, &self.sum, view.sum());
    }

    /// The footer: weights, W, period and tie rule, or what the options say instead.
    pub(crate) fn draw_footer(&self, w: &mut Writer, weights: &Weights, options: &SvgOptions) {
        self.chrome.draw_footer(w, &summary_line(weights, options));
    }
}

/// The step label of a picture of step `t`.
pub(crate) fn step_label(t: u64, options: &SvgOptions) -> String {
    options.say("figure.step", &args!["t" => t])
}
