//! Drawing the tank pictures on the geometry of `render/tank_layout/`, the page's: pipe zone
//! above, tank with a fixed level scale, labels below. Around the tanks: a header (step, phase
//! chips), the caption (narration, Σ) and a footer.

use std::fmt::Display;

use crate::input::weights::vector::{Node, Weights};
use crate::render::svg::characters::{width as text_width, Face};
use crate::render::svg::frame::Phase;
pub(crate) use crate::render::svg::marks::{Badges, TankMarks};
use crate::render::svg::options::SvgOptions;
use crate::render::svg::text::{phase_name, signed};
use crate::render::svg::writer::{num, Tag, Writer};
pub(crate) use crate::render::tank_layout::{
    InTank, TankLayout, BEFORE_INSET, BOLD_CHAR_EM, CHAR_EM, WATER_INSET,
};

/// The fixed level scale `range` of the run, widened to hold `levels` (the levels shown, which
/// may pass a range computed over fewer steps).
pub(crate) fn scale_holding(
    range: (i64, i64),
    levels: impl IntoIterator<Item = i64>,
) -> (i64, i64) {
    levels.into_iter().fold(range, |(low, high), level| {
        (low.min(level), high.max(level))
    })
}

/// The start tag of tank `i`'s group: `g.tank nK` with `data-node` and `data-weight`, the start of
/// its testing contract; the picture adds its levels and opens it.
pub(crate) fn tank_group(w: &mut Writer, i: usize, weight: u64) -> Tag<'_> {
    w.el("g")
        .a("class", format!("tank n{}", i % 8))
        .a("data-node", i)
        .a("data-weight", weight)
}

impl TankLayout {
    /// The outline of the tank at `x`.
    pub(crate) fn draw_body(&self, w: &mut Writer, x: f64, tank_width: f64) {
        self.draw_outline(w, "tank-body", x, tank_width);
    }

    /// A rectangle of class `class` over the whole tank at `x` (its body, or a mark on it).
    pub(crate) fn draw_outline(&self, w: &mut Writer, class: &str, x: f64, tank_width: f64) {
        w.el("rect")
            .a("class", class)
            .a("x", x)
            .a("y", self.pipe_zone)
            .a("width", tank_width)
            .a("height", self.tank_height)
            .a("rx", self.corner())
            .close();
    }

    /// The inflow pipe over tank `i` (in proportion to the weight) and its `+w`; a node of weight
    /// 0 has no pipe, only `+0`. Returns the pipe's left edge and width, for a stream under it.
    pub(crate) fn draw_pipe(&self, w: &mut Writer, i: usize, weight: u64) -> Option<(f64, f64)> {
        if !self.with_pipes {
            return None;
        }
        let (x, tank_width) = self.tank(i);
        let mid = x + tank_width / 2.0;
        if weight == 0 {
            if self.with_text {
                w.el("text")
                    .a("class", "pipe-label")
                    .a("x", mid)
                    .a("y", self.pipe_label_y_of(i))
                    .a("text-anchor", "middle")
                    .text("+0");
            }
            return None;
        }
        let pipe = self.pipe_width(weight);
        w.el("rect")
            .a("class", "pipe")
            .a("x", mid - pipe / 2.0)
            .a("y", 0.0)
            .a("width", pipe)
            .a("height", self.pipe_height())
            .close();
        if self.with_pipe_labels() {
            let label = format!("+{weight}");
            w.el("text")
                .a("class", "pipe-label")
                .a("x", self.pipe_label_x(mid, pipe, &label))
                .a("y", self.pipe_label_y_of(i))
                .text(&label);
        }
        Some((mid - pipe / 2.0, pipe))
    }

    /// Tank `i` of a still picture: its `g.tank` with the testing contract, its title and body,
    /// what `draw` puts inside (given the tank's `x` and width), and with texts its labels.
    pub(crate) fn draw_tank(
        &self,
        w: &mut Writer,
        i: usize,
        node: &Node,
        marks: TankMarks<'_>,
        draw: impl FnOnce(&mut Writer, f64, f64),
    ) {
        let (x, tank_width) = self.tank(i);
        let out = if marks.out { " out" } else { "" };
        let mut group = w
            .el("g")
            .a("class", format!("tank n{}{out}", i % 8))
            .a("data-node", i)
            .a("data-weight", node.weight);
        for &(name, level) in marks.levels {
            group = group.a(name, level);
        }
        group = group
            .a("data-picks", marks.picks)
            .opt("data-selected", marks.selected.then_some("true"))
            .opt("data-tied", marks.tied.then_some("true"))
            .opt("data-added", marks.added)
            .opt("data-eligible", marks.out.then_some("false"))
            .opt("data-refused", marks.refused.map(|_| "true"));
        if let Some(request) = marks.request {
            let on = |flags: &[bool]| flags.get(i).copied().unwrap_or(false).then_some("true");
            group = group
                .opt("data-tried", on(&request.tried))
                .opt("data-dead", on(&request.dead))
                .opt("data-backup", on(&request.backup))
                .opt("data-disabled", on(&request.disabled));
        }
        group.open();
        w.el("title").text(&marks.title);
        self.draw_body(w, x, tank_width);
        draw(w, x, tank_width);
        if let (Some(y), true) = (marks.refused, self.with_text) {
            self.draw_refused_mark(w, x + tank_width / 2.0, y);
        }
        if self.with_text {
            self.draw_labels(
                w,
                x + tank_width / 2.0,
                &self.name_label(i, &node.name),
                &marks,
            );
        } else if self.with_names {
            self.draw_name(w, x + tank_width / 2.0, &self.name_label(i, &node.name));
        }
        w.end();
        w.newline();
    }

    /// Opens the tanks' `g`, its origin at (`x`, `y`) of the picture.
    pub(crate) fn open_group(&self, w: &mut Writer, x: f64, y: f64) {
        w.el("g")
            .a("transform", format!("translate({} {})", num(x), num(y)))
            .a("font-size", self.font)
            .a("class", "mono")
            .open();
        w.newline();
    }

    /// The tanks' `g` at (`x`, `y`) of the picture: tanks `0..n` as `draw_tank` draws each,
    /// then the zero line over them.
    pub(crate) fn draw_tanks(
        &self,
        w: &mut Writer,
        (x, y): (f64, f64),
        n: usize,
        mut draw_tank: impl FnMut(&mut Writer, usize),
    ) {
        self.open_group(w, x, y);
        for i in 0..n {
            draw_tank(w, i);
        }
        self.draw_zero_line(w);
        w.end();
    }

    /// The water of the tank at `x` from `surface` down to the floor.
    pub(crate) fn draw_water(&self, w: &mut Writer, x: f64, surface: f64) {
        w.el("rect")
            .a("class", "water")
            .a("x", x + WATER_INSET)
            .a("y", surface)
            .a("width", self.water_width())
            .a("height", self.water_height(surface))
            .close();
    }

    /// The drain's `↓ −W` for a drain of `total` as `tag`'s text: `−W` alone where the tank
    /// does not hold both, drawn as narrow as the tank's room where not even that fits.
    pub(crate) fn drain_label(&self, tag: Tag<'_>, total: impl Display) {
        let text = self.drain_text(&format!("−{total}"));
        tag.squeezed_to(self.drain_length(&text)).text(&text);
    }

    /// The level number of the tank centred at `mid` whose water stands at `surface`, inside
    /// its tank: narrower where wider than the tank holds, left out where even so (`level_fit`).
    pub(crate) fn draw_level_text(&self, w: &mut Writer, mid: f64, surface: f64, level: i64) {
        let y = self.level_text_y(surface);
        self.draw_centred_level(w, (mid, y), &signed(level));
    }

    /// A level's `text` (a number, or a still's `→ level`) of class `level` centred at `at`
    /// inside its tank, as `level_fit` has it.
    pub(crate) fn draw_centred_level(&self, w: &mut Writer, (x, y): (f64, f64), text: &str) {
        let fit = self.level_fit(text);
        if fit == InTank::Out {
            return;
        }
        w.el("text")
            .a("class", "level")
            .a("x", x)
            .a("y", y)
            .a("text-anchor", "middle")
            .squeezed_to(fit.length())
            .text(text);
    }

    /// The zero line and its label (drawn over the tanks).
    pub(crate) fn draw_zero_line(&self, w: &mut Writer) {
        let zero = self.y(0);
        let (line_x, label_x) = self.zero_line_x();
        w.el("line")
            .a("class", "zero-line")
            .a("x1", line_x)
            .a("x2", self.width)
            .a("y1", zero)
            .a("y2", zero)
            .close();
        w.el("text")
            .a("class", "axis-label mono")
            .a("x", label_x)
            .a("y", zero)
            .a("text-anchor", "end")
            .a("dominant-baseline", "middle")
            .text("0");
        w.newline();
    }
}

/// Header, tanks, caption and footer of a tank picture.
#[derive(Debug, Clone)]
pub(crate) struct Chrome {
    pub pad: f64,
    pub width: f64,
    pub tanks: TankLayout,
    pub tanks_top: f64,
    pub caption_font: f64,
    pub caption_top: f64,
    pub line_height: f64,
    /// The caption's room, in ems of its font.
    pub caption_room: f64,
    /// The Σ line's room (bold monospace), in ems of the tanks' font.
    pub sum_room: f64,
    pub sum_y: f64,
    pub footer_y: f64,
    pub height: f64,
}

impl Chrome {
    pub(crate) fn new(
        weights: &Weights,
        width: f64,
        range: (i64, i64),
        caption_lines: usize,
    ) -> Self {
        let pad = 12.0;
        let tanks = TankLayout::of(weights, width - 2.0 * pad, range);
        let font = tanks.font;
        let tanks_top = pad + font * 2.2;
        let caption_font = font * 1.05;
        let line_height = caption_font * 1.35;
        let caption_top = tanks_top + tanks.height + font * 0.3;
        let sum_y = caption_top + caption_lines as f64 * line_height + font * 1.3;
        let footer_y = sum_y + font * 1.6;
        let caption_room = (width - 2.0 * pad) / caption_font;
        let sum_room = (width - 2.0 * pad) / font;
        Self {
            pad,
            width,
            tanks,
            tanks_top,
            caption_font,
            caption_top,
            line_height,
            caption_room,
            sum_room,
            sum_y,
            footer_y,
            height: footer_y + pad,
        }
    }

    /// The same chrome with room for `lines` lines of the Σ line (1 unless it had to wrap).
    #[must_use]
    pub(crate) fn with_sum_lines(mut self, lines: usize) -> Self {
        let extra = lines.saturating_sub(1) as f64 * self.sum_line_height();
        self.footer_y += extra;
        self.height += extra;
        self
    }

    /// The same chrome with `height` more between the Σ line and the footer (a still's key, whose
    /// first baseline is where the footer's was).
    #[must_use]
    pub(crate) fn with_room_before_footer(mut self, height: f64) -> Self {
        self.footer_y += height;
        self.height += height;
        self
    }

    /// Distance between the lines of a wrapped Σ line.
    fn sum_line_height(&self) -> f64 {
        self.tanks.font * 1.3
    }

    /// The Σ line `text` broken into the lines that fit the width (at most 3).
    pub(crate) fn sum_lines(&self, text: &str) -> Vec<String> {
        crate::render::svg::text::wrap(text, Face::Mono, self.sum_room, 3)
    }

    /// The Σ line as one `<text data-sum>` at (`x`, `y`) of `w`'s coordinates; a wrapped line
    /// continues in `tspan`s under the first.
    pub(crate) fn write_sum_text(
        &self,
        w: &mut Writer,
        at: Option<(f64, f64)>,
        lines: &[String],
        sum: i64,
    ) {
        let tag = w.el("text");
        let tag = match at {
            Some((x, y)) => tag
                .a("class", "sum mono")
                .a("x", x)
                .a("y", y)
                .a("font-size", self.tanks.font),
            None => tag,
        };
        let tag = tag.a("data-sum", sum);
        match lines {
            [one] => tag.text(one),
            _ => {
                tag.open();
                let x = at.map_or(0.0, |(x, _)| x);
                for (k, line) in lines.iter().enumerate() {
                    w.el("tspan")
                        .a("x", x)
                        .opt("dy", (k > 0).then(|| self.sum_line_height()))
                        .text(line);
                }
                w.end();
            }
        }
    }

    /// Baseline of caption line `k`.
    pub(crate) fn caption_y(&self, k: usize) -> f64 {
        self.caption_top + self.caption_font * 1.05 + k as f64 * self.line_height
    }

    /// Baseline of the header texts.
    pub(crate) fn header_y(&self) -> f64 {
        self.pad + self.tanks.font * 1.35
    }

    /// The phase chips at the right of the header: each phase, its x, width and name.
    pub(crate) fn chips(&self, options: &SvgOptions) -> Vec<(Phase, f64, f64, String)> {
        let font = self.tanks.font * 0.9;
        let phases = [Phase::Fill, Phase::Pick, Phase::Drain];
        let names = phases.map(|p| phase_name(p, options));
        let widths: Vec<f64> = names
            .iter()
            .map(|name| text_width(name) as f64 * font * CHAR_EM + font * 1.3)
            .collect();
        let spacing = font * 0.4;
        let total: f64 = widths.iter().sum::<f64>() + spacing * 2.0;
        let mut x = self.width - self.pad - total;
        phases
            .into_iter()
            .zip(widths)
            .zip(names)
            .map(|((phase, w), name)| {
                let chip = (phase, x, w, name);
                x += w + spacing;
                chip
            })
            .collect()
    }

    /// One phase chip, `name` at (`x`, width); `on` for the active phase.
    pub(crate) fn draw_chip(&self, w: &mut Writer, (x, width): (f64, f64), name: &str, on: bool) {
        let font = self.tanks.font * 0.9;
        let height = font * 1.55;
        let top = self.header_y() - font * 1.1;
        w.el("rect")
            .a("class", if on { "chip on" } else { "chip" })
            .a("x", x)
            .a("y", top)
            .a("width", width)
            .a("height", height)
            .a("rx", height / 2.0)
            .close();
        w.el("text")
            .a("class", if on { "chip-text on" } else { "chip-text" })
            .a("x", x + width / 2.0)
            .a("y", self.header_y() - font * 0.05)
            .a("text-anchor", "middle")
            .a("font-size", font)
            .text(name);
    }

    /// The step label at the left of the header.
    pub(crate) fn draw_step_label(&self, w: &mut Writer, label: &str) {
        w.el("text")
            .a("class", "bold")
            .a("x", self.pad)
            .a("y", self.header_y())
            .a("font-size", self.tanks.font * 1.15)
            .text(label);
    }

    /// The caption lines (narration).
    pub(crate) fn draw_caption(&self, w: &mut Writer, lines: &[String]) {
        for (k, line) in lines.iter().enumerate() {
            w.el("text")
                .a("x", self.pad)
                .a("y", self.caption_y(k))
                .a("font-size", self.caption_font)
                .text(line);
        }
    }

    /// The Σ line, wrapped within the width (the chrome made `with_sum_lines` its lines).
    pub(crate) fn draw_sum(&self, w: &mut Writer, text: &str, sum: i64) {
        let lines = self.sum_lines(text);
        self.write_sum_text(w, Some((self.pad, self.sum_y)), &lines, sum);
    }

    /// The muted footer: weights, W, period, tie rule, and a note.
    pub(crate) fn draw_footer(&self, w: &mut Writer, text: &str) {
        let font = self.tanks.font * 0.85;
        let room = (self.width - 2.0 * self.pad) / font;
        w.el("text")
            .a("class", "muted")
            .a("x", self.pad)
            .a("y", self.footer_y)
            .a("font-size", font)
            .text(&crate::render::svg::text::one_line(text, room));
        w.newline();
    }
}
