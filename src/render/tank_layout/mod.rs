//! The water tanks' geometry for a width: the one source of where each tank, pipe, level and
//! text goes. The SVG pictures draw from it (`svg/layout.rs`) and the page draws what the facade
//! hands it (`tankLayout`, www/stage/tanks.js). The height depends on the width only (or on a
//! taller box the page's styles set, [`TankLayout::filling`]), so the page reserves the tanks'
//! exact space before it has the core (www/stage/tank-geometry.js).

use crate::input::weights::vector::Weights;
use crate::render::names::name_labels;

/// Above this many nodes tanks lose their texts.
pub(crate) const TEXT_LIMIT: usize = 40;
/// A slot holds a tank's texts (a level like `−23`, its name) while it is this many em wide.
pub(crate) const TEXT_SLOT_EM: f64 = 1.9;
/// The smallest text size, in px, tanks too narrow for the usual text shrink theirs to, so that
/// every tank keeps its name and level (16 on a 390 px phone: about 11 px); narrower still, they
/// lose them (docs/PAGE.md, "Look and feel").
pub(crate) const MIN_FONT: f64 = 8.0;
/// A slot too narrow for a tank's texts even at `MIN_FONT` still holds its name alone (a letter
/// as wide as a bold `W`, or two drawn narrower) while it is this many em wide: the levels, picks
/// and `+w`s are left out.
const NAME_SLOT_EM: f64 = 1.1;
/// Letters of a name a tank that shows only its name keeps, drawn as narrow as the tank where
/// wider (`AA` … `AN`, which cut to `A…` would all read alike).
const NAME_LEAST_CHARS: usize = 2;
/// Above this many nodes tanks lose their pipes, and the page draws them as one bar chart.
pub(crate) const DETAIL_LIMIT: usize = 200;
/// The share of its tank's width the widest pipe takes (the largest weight's).
const PIPE_SHARE: f64 = 0.5;
/// Inset of the level scale inside the tank.
const INSET: f64 = 6.0;
pub(crate) use crate::render::svg::characters::CHAR_EM;
/// Advance of a bold sans-serif character that holds for wide ones too (`M`, `W`, capitals), in
/// em: names under the tanks and in the strip's cells are measured with it, so none runs into
/// its neighbour.
pub(crate) const BOLD_CHAR_EM: f64 = 0.72;
/// The pipes' zone above the tanks and the labels' zone below them, in em; together
/// `FRAME_EM`, which the height keeps, so without pipes or texts the tanks grow into the space.
/// (www/stage/tank-geometry.js reserves the height with the same numbers.)
const FRAME_EM: f64 = 6.8;
const PIPE_EM: f64 = 2.6;
const LABEL_EM: f64 = 4.2;
const BARE_LABEL_EM: f64 = 0.5;
/// The labels' zone under tanks that show only their names, in em.
const NAME_LABEL_EM: f64 = 1.7;
/// The gutter left of the tanks, for the level scale's `0`, in em.
const GUTTER_EM: f64 = 2.2;
/// Larger text grows only while each tank's slot stays this many em wide, so that a level or
/// drain of five characters (`−1000`, `↓ −99`) still fits (a `+w` wider than a slot stands in a
/// second row); the height keeps its rows, and the tanks take what the smaller text leaves.
const LARGE_TEXT_SLOT_EM: f64 = 3.0;
/// The water's inset inside a tank's outline, at its sides and its floor.
pub(crate) const WATER_INSET: f64 = 1.0;
/// Space between a pipe and its `+w`.
pub(crate) const PIPE_LABEL_GAP: f64 = 4.0;
/// The `+w`'s text size, in em of the tanks' text (the pictures' and the page's styles: 0.8em).
const PIPE_LABEL_EM: f64 = 0.8;
/// How far under the first row of `+w`s the second row's baseline is, in em: between the first
/// row's baseline and the tanks' tops (`PIPE_EM`).
const PIPE_LABEL_ROW_EM: f64 = 0.95;
/// Space a `+w` keeps clear of the next tank's pipe (beside its own) and of the next `+w` in
/// its row.
const PIPE_LABEL_CLEAR: f64 = 2.0;

/// The tanks, in their own coordinates (0, 0 at the top left of the tanks area).
#[derive(Debug, Clone)]
pub(crate) struct TankLayout {
    pub font: f64,
    pub gutter: f64,
    pub slot: f64,
    pub gap: f64,
    pub with_text: bool,
    /// Whether each tank's name stands under it: with its texts, or alone where the slot is too
    /// narrow for the rest even at `MIN_FONT` (`NAME_SLOT_EM`).
    pub with_names: bool,
    pub with_pipes: bool,
    pub pipe_zone: f64,
    pub tank_height: f64,
    pub height: f64,
    pub width: f64,
    pub low: i64,
    pub high: i64,
    pub max_weight: u64,
    /// Whether the `+w`s stand in two rows, every second tank's in the lower one: the widest
    /// does not fit a slot, so in one row it would run into its neighbour's.
    pub staggered: bool,
    /// Where the `+w`s stand, for the whole run (see [`PipeLabels`]).
    pub pipe_labels: PipeLabels,
    /// Each tank's name as drawn under it, where the tanks know the names ([`Self::of`]).
    pub name_labels: Vec<String>,
}

/// Where the `+w`s stand over the pipes: never over another `+w`, and in one row never over
/// another tank's pipe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PipeLabels {
    /// Right of their pipe, where the widest holds between the widest pipes and the last tank's
    /// ends inside the picture (few tanks).
    Beside,
    /// Centred on their own pipe (the label's halo keeps it readable there), where beside it a
    /// `+w` would run over the next tank's pipe (16 tanks at 640 px); one wider than its slot
    /// stands in the other row than its neighbours' and may reach over their pipes.
    Centred,
    /// None: even in two rows a `+w` would run into the next in its row (very large weights on
    /// many tanks); `data-added` and the tanks' titles keep the values.
    Hidden,
}

/// Where a tank's level number sits for a surface at `surface`: `surface + above`, or
/// `surface + inside` when the surface is above `inside_until` (the number would run into the
/// pipes) or between `under_zero_from` and `under_zero_to` (just under the zero line, drawn
/// over the tanks, which would strike a number above the surface through); and
/// never higher than `least`, under the drain's `↓ −W` at the top of the tank.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LevelText {
    pub above: f64,
    pub inside: f64,
    pub inside_until: f64,
    pub under_zero_from: f64,
    pub under_zero_to: f64,
    pub least: f64,
}

impl LevelText {
    pub(crate) fn y(&self, surface: f64) -> f64 {
        let under_zero = surface > self.under_zero_from && surface < self.under_zero_to;
        let y = if surface < self.inside_until || under_zero {
            surface + self.inside
        } else {
            surface + self.above
        };
        y.max(self.least)
    }
}

/// How much larger than usual the tanks' text may be drawn (presenter mode's, for a projector):
/// from 1 (the usual size) to this.
pub(crate) const MAX_TEXT_SCALE: f64 = 3.0;

impl TankLayout {
    /// The text size of tanks `width` wide, `text_scale` times the usual (see [`Self::text_scale`]).
    pub(crate) fn font_for(width: f64, text_scale: f64) -> f64 {
        (width / 55.0).clamp(12.0, 26.0) * text_scale
    }

    /// The height of tanks `width` wide, whatever the nodes: the text's rows and the tanks'.
    pub(crate) fn height_for(width: f64, text_scale: f64) -> f64 {
        Self::font_for(width, text_scale) * FRAME_EM + (width * 0.42).clamp(160.0, 420.0)
    }

    /// `nodes` tanks `width` wide whose largest weight is `max_weight`, on the fixed level scale
    /// `range` (low, high) of the whole run, from the engine.
    pub(crate) fn new(nodes: usize, max_weight: u64, width: f64, range: (i64, i64)) -> Self {
        Self::with_text_scale(nodes, max_weight, width, range, 1.0)
    }

    /// The same with the text `text_scale` times the usual size (at least 1), as far as the tanks'
    /// width leaves room for it (`LARGE_TEXT_SLOT_EM`): the rows of text take more of the height.
    pub(crate) fn with_text_scale(
        nodes: usize,
        max_weight: u64,
        width: f64,
        range: (i64, i64),
        text_scale: f64,
    ) -> Self {
        let usual = Self::font_for(width, 1.0);
        let count = nodes.max(1) as f64;
        let font = (usual * text_scale)
            .min(width / (LARGE_TEXT_SLOT_EM * count + GUTTER_EM))
            .max(usual);
        // The largest text whose slot holds `TEXT_SLOT_EM`: narrow tanks take it, down to
        // `MIN_FONT`, rather than lose their names (the tanks grow into what it leaves).
        let fitting = width / (TEXT_SLOT_EM * count + GUTTER_EM);
        let with_text = nodes <= TEXT_LIMIT && fitting >= MIN_FONT;
        let names_fitting = width / (NAME_SLOT_EM * count + GUTTER_EM);
        let with_names = nodes <= TEXT_LIMIT && names_fitting >= MIN_FONT;
        let font = if with_text {
            font.min(fitting)
        } else if with_names {
            font.min(names_fitting)
        } else {
            font
        };
        let gutter = font * GUTTER_EM;
        let slot = (width - gutter) / count;
        let with_pipes = nodes <= DETAIL_LIMIT && slot >= 3.0;
        let pipe_zone = if with_pipes { font * PIPE_EM } else { 0.0 };
        let label_zone = font
            * match (with_text, with_names) {
                (true, _) => LABEL_EM,
                (false, true) => NAME_LABEL_EM,
                (false, false) => BARE_LABEL_EM,
            };
        let height = Self::height_for(width, text_scale);
        let gap = if slot > 12.0 {
            (slot * 0.16).min(14.0)
        } else {
            0.0
        };
        let low = range.0.min(0);
        let layout = Self {
            font,
            gutter,
            slot,
            gap,
            with_text,
            with_names,
            with_pipes,
            pipe_zone,
            tank_height: height - pipe_zone - label_zone,
            height,
            width,
            low,
            high: range.1.max(0).max(1).max(low + 1),
            max_weight: max_weight.max(1),
            staggered: false,
            pipe_labels: PipeLabels::Beside,
            name_labels: Vec::new(),
        };
        layout.holding_label(max_weight)
    }

    /// The same tanks where a `+w` as large as `largest` may stand (a weight a scenario raises):
    /// its width decides whether the `+w`s stand in two rows, for the whole run.
    pub(crate) fn holding_label(mut self, largest: u64) -> Self {
        let largest = largest.max(self.max_weight);
        self.staggered = self.labels_crowd(largest);
        self.pipe_labels = self.label_places(largest);
        self
    }

    /// Where `+w`s as wide as `+largest` stand, next to pipes as wide as the widest weight's.
    fn label_places(&self, largest: u64) -> PipeLabels {
        let label = self.label_width(&format!("+{largest}"));
        let half_pipe = self.pipe_width(self.max_weight) / 2.0;
        let beside = half_pipe + PIPE_LABEL_GAP + label;
        if beside + half_pipe + PIPE_LABEL_CLEAR <= self.slot && beside <= self.slot / 2.0 {
            return PipeLabels::Beside;
        }
        // The next `+w` in its row is one slot away, or two where they stand in two rows; the
        // last, kept inside the picture, moves left by what passes its half slot (the first has
        // the gutter too).
        let row = if self.staggered { 2.0 } else { 1.0 } * self.slot;
        let shift = (label / 2.0 - self.slot / 2.0).max(0.0);
        if label + shift + PIPE_LABEL_CLEAR <= row {
            PipeLabels::Centred
        } else {
            PipeLabels::Hidden
        }
    }

    /// Whether `+largest`, with the gap a pipe keeps from its `+w`, is wider than a slot.
    fn labels_crowd(&self, largest: u64) -> bool {
        let label = format!("+{largest}");
        self.with_text && self.with_pipes && self.label_width(&label) + PIPE_LABEL_GAP > self.slot
    }

    /// The width of a `+w`, measured bold, as a changed `+w` is drawn.
    fn label_width(&self, label: &str) -> f64 {
        label.chars().count() as f64 * self.font * PIPE_LABEL_EM * BOLD_CHAR_EM
    }

    /// The tanks of `weights`, as [`TankLayout::new`].
    pub(crate) fn of(weights: &Weights, width: f64, range: (i64, i64)) -> Self {
        let max_weight = weights.nodes().iter().map(|n| n.weight).max().unwrap_or(1);
        let mut layout = Self::new(weights.len(), max_weight, width, range);
        if layout.with_names {
            let names: Vec<&str> = weights.nodes().iter().map(|n| n.name.as_str()).collect();
            layout.name_labels = name_labels(&names, layout.name_chars());
        }
        layout
    }

    /// y of a level (levels are at most 10^13, exact in f64).
    pub(crate) fn y(&self, level: i64) -> f64 {
        let span = (self.high - self.low) as f64;
        self.pipe_zone
            + INSET
            + ((self.high - level) as f64 / span) * (self.tank_height - 2.0 * INSET)
    }

    /// How far down one level less is: the scale is linear, `y(level) = y(0) − level · per_level`.
    #[cfg_attr(not(all(target_arch = "wasm32", feature = "page")), allow(dead_code))]
    pub(crate) fn per_level(&self) -> f64 {
        (self.tank_height - 2.0 * INSET) / (self.high - self.low) as f64
    }

    pub(crate) fn floor(&self) -> f64 {
        self.pipe_zone + self.tank_height
    }

    /// x and width of tank `i`.
    pub(crate) fn tank(&self, i: usize) -> (f64, f64) {
        let x = self.gutter + i as f64 * self.slot + self.gap / 2.0;
        (x, self.tank_width())
    }

    /// Every tank's width.
    pub(crate) fn tank_width(&self) -> f64 {
        (self.slot - self.gap).max(0.6)
    }

    /// The width of the pipe of a tank of `weight`, in proportion to it (0 for no pipe): the
    /// largest typed weight's is `PIPE_SHARE` of the tank, and a weight a scenario raises above
    /// it draws no wider (`+80` says the rest), so no pipe is wider than its tank.
    pub(crate) fn pipe_width(&self, weight: u64) -> f64 {
        if !self.with_pipes || weight == 0 {
            return 0.0;
        }
        let share = (weight as f64 / self.max_weight as f64).min(1.0);
        (self.tank_width() * PIPE_SHARE * share)
            .max(2.0)
            .min(self.tank_width())
    }

    /// The water's width, inside the outline.
    pub(crate) fn water_width(&self) -> f64 {
        (self.tank_width() - 2.0 * WATER_INSET).max(0.5)
    }

    /// The height of water whose surface is at `surface`.
    pub(crate) fn water_height(&self, surface: f64) -> f64 {
        (self.floor() - surface - WATER_INSET).max(0.0)
    }

    /// Where the `+w` `label` of a pipe `pipe` wide over `mid` starts, as [`PipeLabels`] has it:
    /// beside the pipe, or centred on it (as drawn, not bold); either way it ends inside the
    /// picture (measured bold, as a changed `+w` is drawn).
    pub(crate) fn pipe_label_x(&self, mid: f64, pipe: f64, label: &str) -> f64 {
        let x = match self.pipe_labels {
            PipeLabels::Beside => mid + pipe / 2.0 + PIPE_LABEL_GAP,
            PipeLabels::Centred | PipeLabels::Hidden => {
                let drawn = label.chars().count() as f64 * self.font * PIPE_LABEL_EM * CHAR_EM;
                mid - drawn / 2.0
            }
        };
        x.min(self.width - self.label_width(label)).max(0.0)
    }

    /// Whether the tanks' `+w`s are drawn (over the pipes; a closed pipe's `+0` always is).
    pub(crate) fn with_pipe_labels(&self) -> bool {
        self.with_text && self.with_pipes && self.pipe_labels != PipeLabels::Hidden
    }

    /// The height of a pipe: it reaches under the tank's outline.
    pub(crate) fn pipe_height(&self) -> f64 {
        self.pipe_zone + 2.0
    }

    /// The corner radius of a tank.
    pub(crate) fn corner(&self) -> f64 {
        (self.tank_width() / 4.0).min(6.0)
    }

    /// Where the level numbers go.
    pub(crate) fn level_text(&self) -> LevelText {
        let (above, inside) = (-self.font * 0.35, self.font * 1.05);
        // A number above the surface spans from `above` up to about a line over it; the zero
        // line is 1.5 px thick, and a number keeps a pixel clear of it.
        let zero = self.y(0);
        LevelText {
            above,
            inside,
            inside_until: self.pipe_zone + self.font * 1.35,
            under_zero_from: zero,
            under_zero_to: (zero - above + self.font * 0.85).min(self.floor() - inside),
            least: self.top_text_y() + self.font * 1.1,
        }
    }

    /// Where the level number sits for a surface at `surface` (at most the floor).
    pub(crate) fn level_text_y(&self, surface: f64) -> f64 {
        self.level_text().y(surface.min(self.floor()))
    }

    /// Baseline of the `+w`s' first row over the pipes.
    pub(crate) fn pipe_label_y(&self) -> f64 {
        self.font * 1.1
    }

    /// Baseline of tank `i`'s `+w`: the first row, or the second for every second tank where
    /// the labels stand [`staggered`](Self::staggered).
    pub(crate) fn pipe_label_y_of(&self, i: usize) -> f64 {
        if self.staggered && i % 2 == 1 {
            self.pipe_label_y() + self.font * PIPE_LABEL_ROW_EM
        } else {
            self.pipe_label_y()
        }
    }

    /// Baseline of the texts at the top of a tank (the drain's `↓ −W`).
    pub(crate) fn top_text_y(&self) -> f64 {
        self.pipe_zone + self.font * 1.3
    }

    /// Where the ✗ of a refused connection stands on its tank (its middle), under the drain's
    /// `↓ −W`.
    pub(crate) fn refused_mark_y(&self) -> f64 {
        self.pipe_zone + self.tank_height * 0.32
    }

    /// Baselines of the three lines under a tank: its name, its picks, `picked` or `tie`.
    pub(crate) fn label_ys(&self) -> [f64; 3] {
        let floor = self.floor();
        [1.25, 2.45, 3.65].map(|em| floor + self.font * em)
    }

    /// Letters of a name drawn at their width under a tank (the name's font is the tank font, bold).
    pub(crate) fn name_room(&self) -> usize {
        (self.tank_width() / (self.font * BOLD_CHAR_EM)).floor() as usize
    }

    /// Letters of a name kept under a tank (the rest cut with "…"): as many as fit, and where
    /// the tank shows only its name at least `NAME_LEAST_CHARS`, drawn narrower than `name_room`.
    pub(crate) fn name_chars(&self) -> usize {
        let least = if self.with_text { 1 } else { NAME_LEAST_CHARS };
        self.name_room().max(least)
    }

    /// Tank `i`'s name `name` as drawn under it: cut to [`Self::name_chars`], told apart from
    /// the other tanks' names (render/names `name_labels`).
    pub(crate) fn name_label(&self, i: usize, name: &str) -> String {
        self.name_labels
            .get(i)
            .cloned()
            .unwrap_or_else(|| name_labels(&[name], self.name_chars()).remove(0))
    }

    /// The width a name `letters` letters wide is drawn at under a tank that shows only its name,
    /// where the tank holds fewer (`name_room`): `squeezed_name_width`; `None` for its own.
    pub(crate) fn name_length(&self, letters: usize) -> Option<f64> {
        (!self.with_text && letters > self.name_room()).then(|| self.squeezed_name_width())
    }

    /// The width of a name drawn narrower than its own: the tank's, less a pixel at each side,
    /// so that its ink (past its advance, in bold) stays clear of the neighbour's and two
    /// squeezed names (`AA`, `AB`) do not read as one.
    pub(crate) fn squeezed_name_width(&self) -> f64 {
        (self.tank_width() - 2.0).max(1.0)
    }

    /// Characters of a level that fit a tank's slot (the page draws a longer one slot-wide).
    #[cfg_attr(not(all(target_arch = "wasm32", feature = "page")), allow(dead_code))]
    pub(crate) fn slot_chars(&self) -> usize {
        (self.slot / (self.font * CHAR_EM)).floor() as usize
    }

    /// Where the zero line starts (it ends at the right edge) and where its `0` ends.
    pub(crate) fn zero_line_x(&self) -> (f64, f64) {
        (self.gutter - 4.0, self.gutter - 8.0)
    }
}

mod page_box;
mod texts;

pub(crate) use texts::{InTank, BEFORE_INSET};

#[cfg(test)]
mod tests;
