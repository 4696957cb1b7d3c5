//! The hand-table picture's columns beyond the levels and the winner, for a run with a scenario:
//! the request, attempt and outcome of each attempt, what each node added, what the winner
//! subtracted, each server's fails and effective weight. They are the text trace's own columns
//! (attempt_columns.rs, swrr_columns.rs), worded in the picture's words and drawn here: a
//! scalar as one column, a group as a column per node under its title.

use crate::engine::step::Step;
use crate::input::weights::vector::Weights;
use crate::render::svg::characters::{width as text_width, Face};
use crate::render::svg::options::SvgOptions;
use crate::render::svg::text::{fit, wrap};
use crate::render::svg::writer::Writer;
use crate::render::table::column::Column;
use crate::render::table::swrr_columns::events_text;
use crate::render::table::{attempt_columns, swrr_columns};
use crate::render::words::{args, sentences, Worded, Wording};

/// A run with a scenario's marks, as the page's table shows them (widget.css).
pub(super) const RUN_CSS: &str = "\
.swrr .event{fill:var(--error)}\
.swrr .out{fill:var(--muted);text-decoration:line-through}";
/// An event band's lines at most (then "…": the footer has the whole scenario).
const EVENT_LINES: usize = 3;

/// Widest node name in a group's head, in characters: its cells are short numbers, and the
/// level columns beside them show the names at length.
const MAX_NAME_CHARS: usize = 8;

/// Where the two header rows are: their text baselines, the middle of both, the rule under a
/// group's title; and a cell's inner padding.
pub(super) struct Head {
    pub first: f64,
    pub second: f64,
    pub both: f64,
    pub rule: f64,
    pub cell_pad: f64,
}

/// A header text.
pub(super) fn th(w: &mut Writer, x: f64, y: f64, anchor: &'static str, text: &str) {
    w.el("text")
        .a("class", "th")
        .a("x", x)
        .a("y", y)
        .a("text-anchor", anchor)
        .text(text);
}

/// Columns side by side, each as wide as its widest text.
pub(super) struct Block {
    columns: Vec<Column>,
    /// Each column's widths in pixels: one for a scalar, one per node for a group.
    widths: Vec<Vec<f64>>,
    /// The room left of a group's first column, beyond its cells' padding.
    gap: f64,
}

impl Block {
    /// `columns` laid out with `col`, the width in pixels of a column of so many characters.
    pub(super) fn new(columns: Vec<Column>, col: impl Fn(usize) -> f64) -> Self {
        let gap = col(0) / 2.0;
        let widest = |cells: &mut dyn Iterator<Item = &String>| {
            cells.map(|c| text_width(c)).max().unwrap_or(0)
        };
        let widths = columns
            .iter()
            .map(|column| match column {
                Column::Scalar { title, cells, .. } => {
                    vec![col(widest(&mut cells.iter()).max(text_width(title)))]
                }
                Column::Group {
                    title,
                    names,
                    cells,
                    ..
                } => {
                    let own: Vec<f64> = names
                        .iter()
                        .enumerate()
                        .map(|(i, name)| {
                            let name = text_width(&fit(name, MAX_NAME_CHARS));
                            col(widest(&mut cells.iter().map(|row| &row[i])).max(name))
                        })
                        .collect();
                    // A title wider than its columns widens them evenly; a cell's padding
                    // more on the left keeps one-digit groups apart from their neighbours.
                    let natural: f64 = own.iter().sum();
                    let widen =
                        ((col(text_width(title)) - natural) / own.len().max(1) as f64).max(0.0);
                    own.iter()
                        .enumerate()
                        .map(|(i, w)| w + widen + if i == 0 { gap } else { 0.0 })
                        .collect()
                }
            })
            .collect();
        Self {
            columns,
            widths,
            gap,
        }
    }

    /// No columns.
    pub(super) fn empty() -> Self {
        Self {
            columns: Vec::new(),
            widths: Vec::new(),
            gap: 0.0,
        }
    }

    pub(super) fn width(&self) -> f64 {
        self.widths.iter().flatten().sum()
    }

    /// Each column's left edge, from `x`, with its widths.
    fn placed(&self, x: f64) -> impl Iterator<Item = (f64, &Column, &Vec<f64>)> {
        self.columns
            .iter()
            .zip(&self.widths)
            .scan(x, |left, (column, widths)| {
                let at = *left;
                *left += widths.iter().sum::<f64>();
                Some((at, column, widths))
            })
    }

    /// The heads: a scalar's title over both header rows, a group's title over its columns
    /// with a rule under it and the node names in the second row.
    pub(super) fn head(&self, w: &mut Writer, x: f64, head: &Head) {
        let pad = head.cell_pad;
        for (left, column, widths) in self.placed(x) {
            let right = left + widths.iter().sum::<f64>();
            match column {
                Column::Scalar {
                    title, left: true, ..
                } => {
                    th(w, left + pad, head.both, "start", title);
                }
                Column::Scalar { title, .. } => th(w, right - pad, head.both, "end", title),
                Column::Group { title, names, .. } => {
                    let left_edge = left + self.gap;
                    th(w, (left_edge + right) / 2.0, head.first, "middle", title);
                    w.el("line")
                        .a("class", "rule")
                        .a("x1", left_edge + 4.0)
                        .a("x2", right - 4.0)
                        .a("y1", head.rule)
                        .a("y2", head.rule)
                        .close();
                    let mut at = left;
                    for (name, width) in names.iter().zip(widths) {
                        at += width;
                        th(w, at - pad, head.second, "end", &fit(name, MAX_NAME_CHARS));
                    }
                }
            }
        }
    }

    /// Row `row`'s cells at baseline `y`: numbers right-aligned, words (`left`) left-aligned;
    /// a group's cells carry their node's `data-node`.
    pub(super) fn cells(&self, w: &mut Writer, x: f64, row: usize, y: f64, cell_pad: f64) {
        for (left, column, widths) in self.placed(x) {
            match column {
                Column::Scalar {
                    cells, left: true, ..
                } => {
                    w.el("text")
                        .a("x", left + cell_pad)
                        .a("y", y)
                        .text(&cells[row]);
                }
                Column::Scalar { cells, .. } => {
                    w.el("text")
                        .a("x", left + widths[0] - cell_pad)
                        .a("y", y)
                        .a("text-anchor", "end")
                        .text(&cells[row]);
                }
                Column::Group { cells, .. } => {
                    let mut at = left;
                    for (i, (text, width)) in cells[row].iter().zip(widths).enumerate() {
                        at += width;
                        w.el("text")
                            .a("data-node", i)
                            .a("x", at - cell_pad)
                            .a("y", y)
                            .a("text-anchor", "end")
                            .text(text);
                    }
                }
            }
        }
    }
}

/// A run with a scenario's columns: before the levels, between the winner and the levels after
/// subtracting, and after those.
pub(super) struct RunColumns {
    pub before: Block,
    pub middle: Block,
    pub after: Block,
    /// Some node added other than its typed weight: the heads name the nodes only, the adds
    /// column says what each added.
    pub adds_vary: bool,
}

impl RunColumns {
    /// A plain run's: none.
    pub(super) fn none() -> Self {
        Self {
            before: Block::empty(),
            middle: Block::empty(),
            after: Block::empty(),
            adds_vary: false,
        }
    }

    /// The columns `swrr-viz trace` prints for this run, but the events (a band above their row)
    /// and Σ (always 0 for nginx's rule).
    pub(super) fn of(
        weights: &Weights,
        rows: &[Step],
        words: &Wording,
        col: impl Fn(usize) -> f64 + Copy,
    ) -> Self {
        let requests = rows.iter().any(|s| s.request.is_some());
        let adds_vary = swrr_columns::adds_vary(weights, rows);
        let mut before = Vec::new();
        let mut after = Vec::new();
        if requests {
            before.extend(attempt_columns::request_columns(rows, words));
            after.extend(attempt_columns::health_columns(weights, rows, words));
        }
        if adds_vary {
            before.push(swrr_columns::adds(weights, rows, words));
        }
        Self {
            before: Block::new(before, col),
            middle: Block::new(vec![swrr_columns::subtracts(rows, words)], col),
            after: Block::new(after, col),
            adds_vary,
        }
    }
}

/// A run's events: a band above each row that has some, in the table's monospace, wrapped to
/// its width.
pub(super) struct EventBands {
    lines: Vec<Vec<String>>,
    /// The bands' height down to each row, its own included.
    above: Vec<f64>,
    font: f64,
    line: f64,
}

impl EventBands {
    /// The bands of `rows` in a table `room` ems of the table's `font` wide.
    pub(super) fn new(rows: &[Step], room: f64, font: f64) -> Self {
        let event_font = font * 0.85;
        let line = event_font * 1.3;
        let room = room / 0.85;
        let lines: Vec<Vec<String>> = rows
            .iter()
            .map(|s| {
                if s.events.is_empty() {
                    Vec::new()
                } else {
                    wrap(&events_text(s), Face::Mono, room, EVENT_LINES)
                }
            })
            .collect();
        let above = lines
            .iter()
            .scan(0.0, |sum, band| {
                if !band.is_empty() {
                    *sum += band.len() as f64 * line + font * 0.3;
                }
                Some(*sum)
            })
            .collect();
        Self {
            lines,
            above,
            font,
            line,
        }
    }

    /// The height of the bands above row `k` and its own.
    pub(super) fn above(&self, k: usize) -> f64 {
        self.above.get(k).copied().unwrap_or(0.0)
    }

    /// The height of every band.
    pub(super) fn height(&self) -> f64 {
        self.above.last().copied().unwrap_or(0.0)
    }

    /// Row `k`'s band (of `step`), ending at `top`, its row's top; text from `x`.
    pub(super) fn draw(
        &self,
        w: &mut Writer,
        step: &Step,
        k: usize,
        top: f64,
        x: f64,
        future: bool,
    ) {
        let lines = &self.lines[k];
        if lines.is_empty() {
            return;
        }
        w.el("g")
            .a("class", if future { "events future" } else { "events" })
            .a("data-step", step.t)
            .a("data-events", events_text(step))
            .a("font-size", self.font * 0.85)
            .open();
        let first = top - lines.len() as f64 * self.line - self.font * 0.15;
        for (j, line) in lines.iter().enumerate() {
            w.el("text")
                .a("class", "event")
                .a("x", x)
                .a("y", first + (j as f64 + 0.8) * self.line)
                .text(line);
        }
        w.end();
        w.newline();
    }
}

/// The description of a run with a scenario: what each row holds, and what the winner
/// subtracted, row by row (it changes with the weights that can be picked).
pub(super) fn run_desc(rows: &[Step], summary: &str, options: &SvgOptions) -> String {
    let mut totals: Vec<String> = Vec::new();
    let mut k = 0;
    while k < rows.len() {
        let total = rows[k].total;
        let end = k + rows[k..].iter().take_while(|s| s.total == total).count() - 1;
        let (first, last) = (rows[k].t, rows[end].t);
        totals.push(if first == last {
            options.say(
                "figure.table_totals_step",
                &args!["total" => total, "t" => first],
            )
        } else {
            options.say(
                "figure.table_totals_steps",
                &args!["total" => total, "first" => first, "last" => last],
            )
        });
        k = end + 1;
    }
    let mut said = vec![options.words.word(
        "figure.table_desc_run",
        &[
            ("summary", Worded::Text(summary.to_string())),
            ("totals", Worded::List(totals)),
        ],
    )];
    if rows.iter().any(|s| s.request.is_some()) {
        said.push(options.say("figure.table_desc_requests", &args![]));
    }
    sentences(&said)
}
