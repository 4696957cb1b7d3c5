//! The selection strip: one cell per pick, in the node's colour and lettered with its name,
//! period boundaries marked. Long runs get thinner cells and lose their letters.

use crate::input::text::in_sentence;
use crate::input::weights::vector::Weights;
use crate::render::names::cell_labels;
use crate::render::svg::characters::{em_width, width as text_width};
use crate::render::svg::error::{Picture, SvgError};
use crate::render::svg::layout::{BOLD_CHAR_EM, CHAR_EM};
use crate::render::svg::limits::DEFAULT_WIDTH;
use crate::render::svg::options::SvgOptions;
use crate::render::svg::root::{id_prefix, weights_label, Root};
use crate::render::svg::style;
use crate::render::svg::text::{fit, one_line};
use crate::render::svg::writer::Writer;
use crate::render::words::args;

/// Widest cell.
const MAX_CELL: f64 = 30.0;
/// Space around a strip, and its font size.
pub(super) const STRIP_PAD: f64 = 12.0;
pub(super) const STRIP_FONT: f64 = 14.0;
/// Nodes named in the legend; the rest are counted.
const LEGEND_NODES: usize = 24;

const CSS: &str = "\
.cell{fill:var(--node-color)}\
.cell.none{fill:none;stroke:var(--muted);stroke-dasharray:2 2}\
.cell-text{fill:#111418;font-weight:700;font-family:inherit}\
.cell-text.n4{fill:#ffffff}\
.boundary{stroke:var(--fg);stroke-width:2}\
.tick{stroke:var(--muted);stroke-width:1}\
.here{fill:none;stroke:var(--accent);stroke-width:3}\
.swatch{fill:var(--node-color)}";

/// The strip of `picks` (zero-based node indices, from the engine's `sequence`), with a line at
/// every multiple of `period` (`None`: the run does not repeat, e.g. a scenario); `highlight`
/// outlines the cell of that step (1-based).
///
/// Every cell is a `rect.cell` with `data-step` (1-based) and `data-pick` (the node index).
pub fn strip_svg(
    weights: &Weights,
    picks: &[u32],
    period: Option<u64>,
    highlight: Option<u64>,
    options: &SvgOptions,
) -> Result<String, SvgError> {
    let steps = picks.len() as u64;
    Picture::Strip.fit(weights.len(), Some(steps))?;
    let width = options.width_or(DEFAULT_WIDTH)?;
    let (pad, font) = (STRIP_PAD, STRIP_FONT);
    let inner = width - 2.0 * pad;
    let cell = (inner / steps as f64).min(MAX_CELL);
    let cell_height = if cell >= 14.0 { cell.max(22.0) } else { 26.0 };
    let letters = cell >= 11.0;
    let letter_font = (cell * 0.62).clamp(9.0, font);
    let letter_chars = label_chars(cell, letter_font);
    let mut labels = CellLabels::new(weights);

    let title_y = pad + font;
    let strip_top = title_y + font * 0.9;
    let strip_bottom = strip_top + cell_height;
    let axis_y = strip_bottom + font * 1.2;
    let legend = Legend::new(weights, options, width, axis_y + font);
    let height = legend.bottom();

    let prefix = id_prefix(&["strip", &weights.canonical_text(), &steps.to_string()]);
    let picks_text = options.say("figure.picks", &args!["steps" => steps]);
    let title = options.say(
        "figure.strip_title",
        &args!["weights" => weights_label(weights), "counted" => picks_text.as_str()],
    );
    let sequence: Vec<&str> = picks
        .iter()
        .take(200)
        .map(|&p| {
            weights
                .nodes()
                .get(p as usize)
                .map_or("-", |n| n.name.as_str())
        })
        .collect();
    let repeats = period.map_or(String::new(), |p| {
        options.say("figure.strip_repeats", &args!["period" => p])
    });
    let desc = options.say(
        "figure.strip_desc",
        &args![
            "picks" => format!("{}{}", sequence.join(" "), if steps > 200 { " …" } else { "" }),
            "repeats" => repeats,
        ],
    );
    let css = style::stylesheet(options.theme, &prefix, &[CSS]);
    let mut w = Root::new("strip", &prefix, width, height)
        .texts(&title, &desc, &css)
        .open(&[
            ("data-steps", steps.to_string()),
            (
                "data-period",
                period.map_or(String::new(), |p| p.to_string()),
            ),
        ]);
    let periods = |code: &str, count: String, p: u64| {
        options.say(
            code,
            &args!["picks" => picks_text.as_str(), "count" => count, "period" => p],
        )
    };
    let heading = match period {
        Some(p) if steps % p.max(1) == 0 => {
            let k = steps / p.max(1);
            let code = if k == 1 {
                "figure.strip_period"
            } else {
                "figure.strip_periods"
            };
            periods(code, k.to_string(), p)
        }
        Some(p) => periods(
            "figure.strip_periods",
            format!("{:.2}", steps as f64 / p.max(1) as f64),
            p,
        ),
        None => picks_text.clone(),
    };
    write_heading(&mut w, &heading, (pad, title_y), font, inner);

    w.el("g").a("class", "cells").open();
    for (k, &pick) in picks.iter().enumerate() {
        let i = pick as usize;
        // An attempt that found no server (a 502) picked nobody: an empty cell, "-".
        let picked = i < weights.len();
        let class = if picked {
            format!("n{}", i % 8)
        } else {
            "none".to_owned()
        };
        let x = pad + k as f64 * cell;
        let name = if picked { weights.name(i) } else { "-" };
        let label = letters
            .then(|| labels.get(picked.then_some(i), letter_chars))
            .flatten();
        let cell_rect = w
            .el("rect")
            .a("class", format!("cell {class}"))
            .a("data-step", k + 1)
            .opt("data-pick", picked.then_some(i))
            .a("x", x)
            .a("y", strip_top)
            .a("width", if cell > 3.0 { cell - 1.0 } else { cell })
            .a("height", cell_height);
        // A name shortened or left out is whole in the cell's title.
        if letters && label.as_deref() != Some(name) {
            cell_rect.open();
            w.el("title").text(name);
            w.end();
        } else {
            cell_rect.close();
        }
        if let Some(label) = label {
            w.el("text")
                .a("class", format!("cell-text {class}"))
                .a("x", x + (cell - 1.0) / 2.0)
                .a("y", strip_top + cell_height / 2.0 + letter_font * 0.36)
                .a("text-anchor", "middle")
                .a("font-size", letter_font)
                .text(&label);
        }
        w.newline();
    }
    w.end();
    w.newline();

    // Period boundaries: a line where a period ends (when they are not too dense), labels spaced out.
    let spacing = period.map_or(0.0, |p| p as f64 * cell);
    let period = period.unwrap_or(u64::MAX);
    let label_every = ((font * 3.0) / spacing.max(1e-9)).ceil().max(1.0) as u64;
    w.el("text")
        .a("class", "muted mono")
        .a("x", pad)
        .a("y", axis_y)
        .a("font-size", font * 0.85)
        .text("1");
    if spacing >= 4.0 {
        let mut k = 1u64;
        while k.saturating_mul(period) <= steps {
            let x = pad + (k * period) as f64 * cell - 0.5;
            w.el("line")
                .a("class", "boundary")
                .a("x1", x)
                .a("x2", x)
                .a("y1", strip_top - 4.0)
                .a("y2", strip_bottom + 4.0)
                .close();
            if k % label_every == 0 && x > pad + font * 2.0 {
                let label = (k * period).to_string();
                // Centred on its boundary, but not past the strip's end.
                let half = text_width(&label) as f64 * CHAR_EM * font * 0.85 / 2.0;
                w.el("text")
                    .a("class", "muted mono")
                    .a("x", x.min(width - pad - half))
                    .a("y", axis_y)
                    .a("text-anchor", "middle")
                    .a("font-size", font * 0.85)
                    .text(&label);
            }
            k += 1;
        }
    }
    if spacing < 4.0 && highlight != Some(steps) {
        w.el("text")
            .a("class", "muted mono")
            .a("x", pad + steps as f64 * cell)
            .a("y", axis_y)
            .a("text-anchor", "end")
            .a("font-size", font * 0.85)
            .text(&steps.to_string());
    }
    if let Some(t) = highlight.filter(|&t| t >= 1 && t <= steps) {
        let x = pad + (t - 1) as f64 * cell;
        w.el("rect")
            .a("class", "here")
            .a("data-step", t)
            .a("x", x - 1.5)
            .a("y", strip_top - 1.5)
            .a("width", cell.max(2.0) + 2.0)
            .a("height", cell_height + 3.0)
            .a("rx", 2.0)
            .close();
        if spacing < 4.0 || (t % period != 0) {
            w.el("text")
                .a("class", "mono")
                .a("x", (x + cell / 2.0).clamp(pad + font, width - pad - font))
                .a("y", axis_y)
                .a("text-anchor", "middle")
                .a("font-size", font * 0.85)
                .text(&t.to_string());
        }
    }
    w.newline();

    legend.draw(&mut w, options);
    Ok(w.finish())
}

/// The strip's heading line (what it counts), in bold at its top left: at `font`, or smaller
/// where it would run past `room` (a picture 240 px wide).
pub(super) fn write_heading(
    w: &mut Writer,
    heading: &str,
    (x, y): (f64, f64),
    font: f64,
    room: f64,
) {
    let wide = text_width(heading) as f64 * font * CHAR_EM;
    w.el("text")
        .a("x", x)
        .a("y", y)
        .a(
            "font-size",
            if wide > room {
                font * room / wide
            } else {
                font
            },
        )
        .a("class", "bold")
        .text(heading);
    w.newline();
}

/// Characters of a label that fit in a cell `cell` wide, at `font` (bold).
pub(crate) fn label_chars(cell: f64, font: f64) -> usize {
    ((cell - 2.0) / (font * BOLD_CHAR_EM)).floor().max(0.0) as usize
}

/// The labels of the nodes' cells, for each width of cell a picture draws (render/names
/// `cell_labels`: two names never lettered alike where the cell holds what differs).
pub(super) struct CellLabels<'a> {
    names: Vec<&'a str>,
    by_chars: Vec<(usize, Vec<Option<String>>)>,
}

impl<'a> CellLabels<'a> {
    pub(super) fn new(weights: &'a Weights) -> Self {
        Self {
            names: weights.nodes().iter().map(|n| n.name.as_str()).collect(),
            by_chars: Vec::new(),
        }
    }

    /// The label of node `i`'s cell that holds `chars` characters; `name` ("-") for no node.
    pub(super) fn get(&mut self, i: Option<usize>, chars: usize) -> Option<String> {
        match i {
            Some(i) => {
                let k = match self.by_chars.iter().position(|(c, _)| *c == chars) {
                    Some(k) => k,
                    None => {
                        self.by_chars.push((chars, cell_labels(&self.names, chars)));
                        self.by_chars.len() - 1
                    }
                };
                self.by_chars[k].1.get(i).cloned().flatten()
            }
            None => cell_labels(&["-"], chars).pop().flatten(),
        }
    }
}

/// The legend under a strip: a swatch and `name=weight` per node, flowing over lines (the first
/// [`LEGEND_NODES`], the rest counted), then the footer.
pub(super) struct Legend {
    items: Vec<(usize, f64, f64, String)>,
    top: f64,
    font: f64,
    line_height: f64,
    lines: usize,
    more: usize,
    width: f64,
}

impl Legend {
    /// The legend of `weights` in a picture `width` wide, its first line's baseline at `top`.
    pub(super) fn new(weights: &Weights, options: &SvgOptions, width: f64, top: f64) -> Self {
        let font = STRIP_FONT * 0.9;
        let mut items = Vec::new();
        let (mut lx, mut line) = (STRIP_PAD, 0usize);
        let shown = weights.len().min(LEGEND_NODES);
        for (i, node) in weights.nodes().iter().enumerate().take(shown) {
            // A right-to-left name isolated, so its weight stays after it ("שרת=3", not "3=שרת").
            let label = format!("{}={}", in_sentence(&fit(&node.name, 24)), node.weight);
            let item = font * (1.4 + em_width(&label)) + font;
            if lx + item > width - STRIP_PAD && lx > STRIP_PAD {
                line += 1;
                lx = STRIP_PAD;
            }
            items.push((i, lx, line as f64, label));
            lx += item;
        }
        let more = weights.len() - shown;
        let lines = line + 1 + usize::from(more > 0) + usize::from(options.footer.is_some());
        Self {
            items,
            top,
            font,
            line_height: font * 1.5,
            lines,
            more,
            width,
        }
    }

    /// The bottom of the picture under the legend.
    pub(super) fn bottom(&self) -> f64 {
        self.top + self.lines as f64 * self.line_height + STRIP_PAD * 0.5
    }

    pub(super) fn draw(&self, w: &mut Writer, options: &SvgOptions) {
        let (font, pad) = (self.font, STRIP_PAD);
        let mut last_line = 0.0;
        for (i, x, line, label) in &self.items {
            let y = self.top + line * self.line_height;
            last_line = *line;
            w.el("rect")
                .a("class", format!("swatch n{}", i % 8))
                .a("x", *x)
                .a("y", y - font * 0.85)
                .a("width", font)
                .a("height", font)
                .a("rx", font / 4.0)
                .close();
            w.el("text")
                .a("x", x + font * 1.4)
                .a("y", y)
                .a("font-size", font)
                .text(label);
        }
        if self.more > 0 {
            w.el("text")
                .a("class", "muted")
                .a("x", pad)
                .a("y", self.top + (last_line + 1.0) * self.line_height)
                .a("font-size", font)
                .text(&options.say("figure.more_nodes", &args!["count" => self.more]));
        }
        if let Some(footer) = &options.footer {
            let room = (self.width - 2.0 * pad) / font;
            w.el("text")
                .a("class", "muted")
                .a("x", pad)
                .a("y", self.top + (self.lines - 1) as f64 * self.line_height)
                .a("font-size", font)
                .text(&one_line(footer, room));
        }
    }
}
