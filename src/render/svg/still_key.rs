//! The still's key: what its own marks mean, each beside a sample of the mark — the dotted line
//! and its small number (a level before the step), the hatching (what the winner drains, its
//! `↓ −W`) and the arrow (where the winner's level ends) — so that the picture explains itself
//! on a page that says nothing around it.

use crate::engine::step::Step;
use crate::input::text::in_sentence;
use crate::input::weights::vector::Weights;
use crate::render::svg::characters::{width as text_width, Face};
use crate::render::svg::layout::{Chrome, BOLD_CHAR_EM};
use crate::render::svg::options::SvgOptions;
use crate::render::svg::text::{signed, wrap};
use crate::render::svg::writer::Writer;
use crate::render::words::args;

/// Most lines of one entry of the key.
const MAX_ENTRY_LINES: usize = 2;

/// The mark an entry explains, drawn as its sample.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Sample {
    Before,
    Drained,
    /// The winner's `→ level`, as written under its water.
    After(String),
}

/// The key of a step, laid out for a chrome's width.
pub(crate) struct Key {
    entries: Vec<(Sample, Vec<String>)>,
    /// The winner's colour class (`nK`), which the hatched sample takes.
    winner_class: String,
    font: f64,
    line_height: f64,
    sample_width: f64,
}

impl Key {
    /// The key of `step` (the still of step 0 has no marks to explain), whose winner's level
    /// ends at `drained`, in `options`' words; an attempt that found no server drained nothing.
    pub(crate) fn of(
        weights: &Weights,
        step: &Step,
        drained: Option<i64>,
        chrome: &Chrome,
        options: &SvgOptions,
    ) -> Self {
        let font = chrome.caption_font;
        let after = drained.map(|level| format!("→ {}", signed(level)));
        // The samples' column holds the widest, the winner's `→ level` (measured bold).
        let widest = after.as_deref().map_or(0, text_width) as f64;
        let sample_width = (widest * BOLD_CHAR_EM + 0.6).max(2.4) * font;
        let room = chrome.width - 2.0 * chrome.pad - sample_width;
        let mut texts = vec![(
            Sample::Before,
            options.say("figure.still_key_before", &args![]),
        )];
        if let Some(after) = after {
            let name = in_sentence(weights.name(step.winner)).into_owned();
            let total = step.total;
            let drains = &args!["name" => name.clone(), "total" => total];
            texts.push((
                Sample::Drained,
                options.say("figure.still_key_drained", drains),
            ));
            let level = options.say("figure.still_key_after", &args!["name" => name]);
            texts.push((Sample::After(after), level));
        }
        Self {
            entries: texts
                .into_iter()
                .map(|(sample, text)| {
                    (
                        sample,
                        wrap(&text, Face::Sans, room / font, MAX_ENTRY_LINES),
                    )
                })
                .collect(),
            winner_class: format!("n{}", step.winner % 8),
            font,
            line_height: chrome.line_height,
            sample_width,
        }
    }

    /// The height the key takes, from the baseline of its first line to that of the line after.
    pub(crate) fn height(&self) -> f64 {
        let lines: usize = self.entries.iter().map(|(_, lines)| lines.len()).sum();
        lines as f64 * self.line_height
    }

    /// The key as a `g.key`, its first baseline at `y`, its samples at `x`; `hatch` is the id of
    /// the still's hatching.
    pub(crate) fn draw(&self, w: &mut Writer, (x, y): (f64, f64), hatch: &str) {
        w.el("g").a("class", "key").a("font-size", self.font).open();
        let mut baseline = y;
        for (sample, lines) in &self.entries {
            self.draw_sample(w, sample, (x, baseline), hatch);
            let text_x = x + self.sample_width;
            for line in lines {
                w.el("text").a("x", text_x).a("y", baseline).text(line);
                baseline += self.line_height;
            }
        }
        w.end();
        w.newline();
    }

    /// The sample of a mark, on the line whose baseline is `y`.
    fn draw_sample(&self, w: &mut Writer, sample: &Sample, (x, y): (f64, f64), hatch: &str) {
        let (left, right) = (x, x + self.sample_width - self.font * 0.6);
        let middle = y - self.font * 0.35;
        match sample {
            Sample::Before => w
                .el("line")
                .a("class", "before")
                .a("x1", left)
                .a("x2", right)
                .a("y1", middle)
                .a("y2", middle)
                .close(),
            Sample::Drained => {
                w.el("g").a("class", self.winner_class.as_str()).open();
                let top = y - self.font * 0.85;
                draw_drained(w, (left, top), (right - left, self.font), hatch);
                w.end();
            }
            Sample::After(text) => w
                .el("text")
                .a("class", "level")
                .a("x", left)
                .a("y", y)
                .text(text),
        }
    }
}

/// The water a winner drains: a rectangle at `(x, y)`, `width` × `height`, in the tank's colour,
/// faded and hatched with the still's pattern `hatch`.
pub(crate) fn draw_drained(
    w: &mut Writer,
    (x, y): (f64, f64),
    (width, height): (f64, f64),
    hatch: &str,
) {
    for class in ["drained", "hatch"] {
        w.el("rect")
            .a("class", class)
            .a("x", x)
            .a("y", y)
            .a("width", width)
            .a("height", height)
            .opt("fill", (class == "hatch").then(|| format!("url(#{hatch})")))
            .close();
    }
}
