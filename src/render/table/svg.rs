//! The hand-calculation table as SVG: step, levels after adding (ties marked `*`), winner,
//! levels after subtracting — the page's table (www/table/trace-table.js), same testing contract.
//! A run with a scenario adds what the page's table of such a run shows (algorithm-table.js):
//! its events above their row, each attempt's request and outcome, nodes that could not be
//! picked marked `x`, what the winner subtracted, fails and effective weights (svg_columns.rs).

use crate::engine::step::Step;
use crate::input::weights::vector::Weights;
use crate::render::svg::characters::{width as text_width, Face};
use crate::render::svg::error::{Picture, SvgError};
use crate::render::svg::layout::CHAR_EM;
use crate::render::svg::options::SvgOptions;
use crate::render::svg::root::{id_prefix, weights_label, Root};
use crate::render::svg::text::{fit, one_line, wrap};
use crate::render::svg::writer::Writer;
use crate::render::svg::{style, text};
use crate::render::table::format::winner_text;
use crate::render::table::svg_columns::{run_desc, th, EventBands, Head, RunColumns, RUN_CSS};
use crate::render::table::swrr_columns::{level_mark, out_legend};
use crate::render::words::{args, Args};

const FONT: f64 = 14.0;
/// Widest level column and winner column, in characters (as the page).
const MAX_LEVEL_CHARS: usize = 24;
const MAX_WINNER_CHARS: usize = 40;

const CSS: &str = "\
.swrr .th{fill:var(--muted);font-weight:600}\
.rule{stroke:var(--line);stroke-width:1}\
.win{fill:var(--winner-bg)}\
.swrr .future text{fill:var(--future)}\
.future .win{fill:none}\
.current{fill:none;stroke:var(--accent);stroke-width:2}\
.swrr .current-step{fill:var(--accent)}";
/// The key to the `x` mark's lines at most.
const NOTE_LINES: usize = 3;

/// The table of `rows` (the engine's step records); `current` outlines that step's row and
/// shows the later rows faint, as the page does while stepping.
///
/// Rows are `g.row` with `data-step`, `data-winner` and `data-tied`; level cells are texts with
/// `data-node`, `data-phase` (`filled` or `drained`) and `data-level`.
pub fn table_svg(
    weights: &Weights,
    rows: &[Step],
    current: Option<u64>,
    options: &SvgOptions,
) -> Result<String, SvgError> {
    let n = weights.len();
    Picture::Table.fit(n, Some(rows.len() as u64))?;
    let char_w = FONT * CHAR_EM;
    let cell_pad = FONT * 0.55;
    let row_h = FONT * 1.75;
    let chars = |s: &str| text_width(s);
    let say = |code: &str, params: &Args| options.say(code, params);
    let col = |c: usize| c as f64 * char_w + 2.0 * cell_pad;
    // A scenario's run (events, attempts of requests): the page's table of such a run.
    let scenario = rows
        .iter()
        .any(|s| !s.events.is_empty() || s.request.is_some());
    let run = if scenario {
        RunColumns::of(weights, rows, &options.words, col)
    } else {
        RunColumns::none()
    };

    // Column widths in characters, from the widest text a column holds (as the page).
    // "A +5" only while every row adds 5 (else the adds column says what each added).
    let filled_head: Vec<String> = weights
        .nodes()
        .iter()
        .map(|node| {
            if run.adds_vary {
                fit(&node.name, MAX_LEVEL_CHARS)
            } else {
                fit(&format!("{} +{}", node.name, node.weight), MAX_LEVEL_CHARS)
            }
        })
        .collect();
    let drained_head: Vec<String> = weights
        .nodes()
        .iter()
        .map(|node| fit(&node.name, MAX_LEVEL_CHARS))
        .collect();
    let level_chars = (0..n)
        .map(|i| {
            let widest_row = rows
                .iter()
                .map(|s| {
                    (text::signed(s.filled[i]).chars().count() + 1)
                        .max(text::signed(s.drained[i]).chars().count())
                })
                .max()
                .unwrap_or(1);
            widest_row.max(chars(&filled_head[i])).min(MAX_LEVEL_CHARS)
        })
        .collect::<Vec<usize>>();
    let winners: Vec<String> = rows
        .iter()
        .map(|s| {
            fit(
                &winner_text(weights, s, " = ", &options.words),
                MAX_WINNER_CHARS,
            )
        })
        .collect();
    let winner_chars = winners.iter().map(|s| chars(s)).max().unwrap_or(0).max(6);
    let step_head = say("figure.table_step", &args![]);
    let winner_head = say("figure.table_winner", &args![]);
    let winner_chars = winner_chars.max(chars(&winner_head));
    let step_chars = rows
        .last()
        .map_or(1, |s| s.t.to_string().len())
        .max(chars(&step_head));

    let step_w = col(step_chars);
    // The group headers ("after subtracting 10") fit over their columns.
    // nginx subtracts W every step; a variant or a scenario may subtract something else.
    let total = i64::try_from(weights.total()).unwrap_or(i64::MAX);
    let subtract_head = if scenario {
        say("figure.table_after", &args![])
    } else if rows.iter().all(|s| s.total == total) {
        say("figure.table_subtracted", &args!["total" => total])
    } else {
        say("figure.table_subtracts", &args![])
    };
    let added_head = say("figure.table_added", &args![]);
    let group_chars = chars(&subtract_head).max(chars(&added_head));
    // Each level column as wide as its own texts; all widened evenly when a group header is wider.
    let natural: f64 = level_chars.iter().map(|&c| col(c)).sum();
    let widen = ((col(group_chars) - natural) / n as f64).max(0.0);
    let level_w: Vec<f64> = level_chars.iter().map(|&c| col(c) + widen).collect();
    let levels_w: f64 = level_w.iter().sum();
    let offset: Vec<f64> = level_w
        .iter()
        .scan(0.0, |x, w| {
            let at = *x;
            *x += w;
            Some(at)
        })
        .collect();
    let winner_w = col(winner_chars);
    let pad = 12.0;
    let (before_w, middle_w, after_w) = (run.before.width(), run.middle.width(), run.after.width());
    let table_w = step_w + before_w + 2.0 * levels_w + winner_w + middle_w + after_w;
    let natural_w = (table_w + 2.0 * pad).max(300.0);

    // A row's events in a band above it, wrapped to the table's width.
    let bands = EventBands::new(rows, (table_w - 2.0 * cell_pad) / FONT, FONT);

    // The notes under the table: ties, the x mark (wrapped to the picture), the footer.
    let note_room = (natural_w - 2.0 * pad) / (FONT * 0.9);
    let mut notes: Vec<String> = Vec::new();
    if rows.iter().any(Step::is_tie) {
        notes.push(say(
            "figure.table_tie",
            &args![
                "rule" => text::rule_text(options.tie, options),
                "nginx" => text::nginx_rule(options.tie, options),
            ],
        ));
    }
    if scenario {
        if let Some(key) = out_legend(rows, &options.words) {
            notes.extend(wrap(&key, Face::Sans, note_room, NOTE_LINES));
        }
    }
    if let Some(footer) = &options.footer {
        // Cut with "…" where the table is narrower than the run's settings, as the strip's is.
        notes.push(one_line(footer, note_room));
    }

    let title_y = pad + FONT * 1.1;
    let summary_y = title_y + FONT * 1.5;
    let head_top = summary_y + FONT * 0.8;
    let body_top = head_top + 2.0 * row_h;
    let body_bottom = body_top + rows.len() as f64 * row_h + bands.height();
    let note_y = body_bottom + FONT * 1.4;
    let natural_h = body_bottom + pad + notes.len() as f64 * FONT * 1.4;

    // --width scales the natural size.
    let width = match options.width {
        Some(_) => options.width_or(0)?,
        None => natural_w,
    };
    let first = rows[0].t;
    let last = rows[rows.len() - 1].t;
    let period = weights.period();
    // The period is W/gcd for nginx SWRR on fixed weights; the caller's footer marks any other run.
    let summary = if options.footer.is_some() {
        say(
            "figure.table_steps",
            &args!["first" => first, "last" => last],
        )
    } else if first == 1 && last == period {
        say(
            "figure.table_period",
            &args![
                "period" => period,
                "total" => weights.total(),
                "gcd" => weights.gcd(),
            ],
        )
    } else {
        say(
            "figure.table_repeats",
            &args!["first" => first, "last" => last, "period" => period],
        )
    };
    let prefix = id_prefix(&["table", &weights.canonical_text(), &last.to_string()]);
    let title = say(
        "figure.table_title",
        &args![
            "weights" => weights_label(weights),
            "first" => first,
            "last" => last,
        ],
    );
    let desc = if scenario {
        run_desc(rows, &summary, options)
    } else {
        say(
            "figure.table_desc",
            &args!["summary" => summary.as_str(), "total" => weights.total()],
        )
    };
    let css = style::stylesheet(
        options.theme,
        &prefix,
        if scenario { &[CSS, RUN_CSS] } else { &[CSS] },
    );
    let mut w = Root::new("table", &prefix, natural_w, natural_h)
        .scaled(width / natural_w)
        .texts(&title, &desc, &css)
        .open(&[
            ("data-total", weights.total().to_string()),
            ("data-period", period.to_string()),
        ]);

    w.el("text")
        .a("x", pad)
        .a("y", title_y)
        .a("font-size", FONT * 1.15)
        .a("class", "bold")
        .text(&say("figure.table_heading", &args![]));
    w.el("text")
        .a("x", pad)
        .a("y", summary_y)
        .a("font-size", FONT * 0.9)
        .a("class", "muted")
        .text(&summary);
    w.newline();

    // Column x positions (left edges).
    let x0 = pad;
    let before_x = x0 + step_w;
    let filled_x = |i: usize| before_x + before_w + offset.get(i).copied().unwrap_or(levels_w);
    let winner_x = before_x + before_w + levels_w;
    let middle_x = winner_x + winner_w;
    let drained_x = |i: usize| middle_x + middle_w + offset.get(i).copied().unwrap_or(levels_w);
    let after_x = drained_x(n);
    let base = |top: f64| top + row_h / 2.0 + FONT * 0.35;

    w.el("g").a("class", "mono").a("font-size", FONT).open();
    // Header: two rows, groups over the level columns.
    let head1 = base(head_top);
    let head2 = base(head_top + row_h);
    let both_rows = (head1 + head2) / 2.0;
    for (x, y, anchor, text) in [
        (x0 + cell_pad, both_rows, "start", step_head.as_str()),
        (
            filled_x(0) + levels_w / 2.0,
            head1,
            "middle",
            added_head.as_str(),
        ),
        (
            winner_x + cell_pad,
            both_rows,
            "start",
            winner_head.as_str(),
        ),
        (
            drained_x(0) + levels_w / 2.0,
            head1,
            "middle",
            &subtract_head,
        ),
    ] {
        th(&mut w, x, y, anchor, text);
    }
    for i in 0..n {
        th(
            &mut w,
            filled_x(i) + level_w[i] - cell_pad,
            head2,
            "end",
            &filled_head[i],
        );
        th(
            &mut w,
            drained_x(i) + level_w[i] - cell_pad,
            head2,
            "end",
            &drained_head[i],
        );
    }
    for (x1, x2) in [
        (filled_x(0) + 4.0, filled_x(n) - 4.0),
        (drained_x(0) + 4.0, drained_x(n) - 4.0),
    ] {
        w.el("line")
            .a("class", "rule")
            .a("x1", x1)
            .a("x2", x2)
            .a("y1", head_top + row_h)
            .a("y2", head_top + row_h)
            .close();
    }
    let head = Head {
        first: head1,
        second: head2,
        both: both_rows,
        rule: head_top + row_h,
        cell_pad,
    };
    run.before.head(&mut w, before_x, &head);
    run.middle.head(&mut w, middle_x, &head);
    run.after.head(&mut w, after_x, &head);
    w.el("line")
        .a("class", "rule")
        .a("x1", x0)
        .a("x2", x0 + table_w)
        .a("y1", body_top)
        .a("y2", body_top)
        .close();
    w.newline();

    for (k, (step, winner)) in rows.iter().zip(&winners).enumerate() {
        let top = body_top + k as f64 * row_h + bands.above(k);
        let y = base(top);
        let future = current.is_some_and(|c| step.t > c);
        bands.draw(&mut w, step, k, top, x0 + cell_pad, future);
        let class = if future { "row future" } else { "row" };
        let tied = step
            .tied
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        let request = step.request.as_ref();
        // A scenario's attributes first: a row's tag still ends with what the plain one has.
        w.el("g")
            .a("class", class)
            .opt("data-request", request.map(|r| r.request))
            .opt("data-attempt", request.map(|r| r.attempt))
            .opt("data-outcome", request.map(|r| r.outcome.as_str()))
            .opt("data-subtracts", scenario.then_some(step.total))
            .a("data-step", step.t)
            .opt("data-winner", step.picked().then_some(step.winner))
            .opt("data-tied", (!tied.is_empty()).then_some(tied))
            .open();
        // An attempt that found no server has no winner to mark.
        if step.picked() {
            let winner = step.winner;
            for x in [filled_x(winner), drained_x(winner)] {
                w.el("rect")
                    .a("class", "win")
                    .a("x", x)
                    .a("y", top)
                    .a("width", level_w[winner])
                    .a("height", row_h)
                    .close();
            }
        }
        let is_current = current == Some(step.t);
        w.el("text")
            .a(
                "class",
                if is_current {
                    "bold current-step"
                } else {
                    "bold"
                },
            )
            .a("x", x0 + step_w - cell_pad)
            .a("y", y)
            .a("text-anchor", "end")
            .text(&step.t.to_string());
        run.before.cells(&mut w, before_x, k, y, cell_pad);
        // A node that could not be picked, in a run with a scenario (x, struck through).
        let out = |i: usize, phase: &str| {
            scenario && phase == "filled" && !step.eligible.get(i).copied().unwrap_or(true)
        };
        // Node i's level after a phase, right-aligned to `right`.
        let level_text =
            |w: &mut Writer, i: usize, phase: &'static str, level: i64, right: f64, text: &str| {
                let class = if out(i, phase) {
                    Some("out")
                } else {
                    (i == step.winner).then_some("bold")
                };
                w.el("text")
                    .opt("class", class)
                    .opt("data-out", out(i, phase).then_some("true"))
                    .a("data-node", i)
                    .a("data-phase", phase)
                    .a("data-level", level)
                    .a("x", right - cell_pad)
                    .a("y", y)
                    .a("text-anchor", "end")
                    .text(text);
            };
        for (i, (&level, width)) in step.filled.iter().zip(&level_w).enumerate() {
            // Ties only in a plain run, where a weight of 0 is no news.
            let mark = match level_mark(step, i) {
                Some(mark) if scenario || mark == '*' => mark.to_string(),
                _ => String::new(),
            };
            let shown = format!("{}{mark}", text::signed(level));
            level_text(&mut w, i, "filled", level, filled_x(i) + width, &shown);
        }
        w.el("text")
            .a("x", winner_x + cell_pad)
            .a("y", y)
            .text(winner);
        run.middle.cells(&mut w, middle_x, k, y, cell_pad);
        for (i, (&level, width)) in step.drained.iter().zip(&level_w).enumerate() {
            let shown = text::signed(level);
            level_text(&mut w, i, "drained", level, drained_x(i) + width, &shown);
        }
        run.after.cells(&mut w, after_x, k, y, cell_pad);
        w.el("line")
            .a("class", "rule")
            .a("x1", x0)
            .a("x2", x0 + table_w)
            .a("y1", top + row_h)
            .a("y2", top + row_h)
            .close();
        if is_current {
            w.el("rect")
                .a("class", "current")
                .a("x", x0 + 1.0)
                .a("y", top + 1.0)
                .a("width", table_w - 2.0)
                .a("height", row_h - 2.0)
                .close();
        }
        w.end();
        w.newline();
    }
    w.end();
    for (j, note) in notes.iter().enumerate() {
        w.el("text")
            .a("class", "muted")
            .a("x", pad)
            .a("y", note_y + j as f64 * FONT * 1.4)
            .a("font-size", FONT * 0.9)
            .text(note);
    }
    Ok(w.finish())
}
