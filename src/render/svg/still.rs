//! A whole step in one still: fill, pick and drain drawn together, for paper (a handout, a
//! slide). Each tank shows the level before the step (dotted), the water after the fill with
//! that level written on it, and the pipe's `+w`; the winner is outlined and the water it drains
//! is hatched down to the level it drains to, written beside `↓ −W`; tied tanks are dashed.
//! Hatching, outlines and the names under the tanks keep it readable in black and white.
//!
//! Around the tanks, what a reader of a page that says nothing else needs (QA s23 F10): the
//! step and the three phases' chips over them; under them the step's narration, the Σ line (as
//! the tanks frame has them, `framing.rs`), a key to the dotted lines, the hatching and the arrow
//! (`still_key.rs`) and the footer. Every text is in the picture's words; its badges (`picked`,
//! `tie`, `out`, and a run of requests' `refused`, `tried`, `skipped`, `backup`, `dead`) carry
//! `data-i18n` keys too (`tank.picked`, `tank.tie`, `algo.out`, `tank.refused`, `tank.tried`,
//! `tank.disabled`, `tank.backup`, `tank.dead`).

use crate::input::text::in_sentence;
use crate::input::weights::vector::Weights;
use crate::render::request_mark::RequestMark;
use crate::render::svg::error::SvgError;
use crate::render::svg::frame::{was_refused, Phase, TankFrame};
use crate::render::svg::framing::{step_label, Framing};
use crate::render::svg::layout::{
    scale_holding, Badges, InTank, TankLayout, TankMarks, BEFORE_INSET, WATER_INSET,
};
use crate::render::svg::marks::{has_servers, REFUSED, SERVERS};
use crate::render::svg::options::{Around, SvgOptions};
use crate::render::svg::root::{id_prefix, weights_label, Root};
use crate::render::svg::still_key::{draw_drained, Key};
use crate::render::svg::style;
use crate::render::svg::tanks::out_title;
use crate::render::svg::text::signed;
use crate::render::svg::writer::Writer;
use crate::render::words::args;

const CSS: &str = "\
.before{stroke:var(--fg);stroke-width:1.5;stroke-dasharray:2 3}\
.drained{fill:var(--node-color);opacity:0.35}\
.hatch-line{stroke:var(--fg);stroke-width:1.5}\
.swrr .before-label{fill:var(--muted);font-size:0.75em}";

/// The still of `view` (a view of step `t` after its drain, as [`TankFrame::at`] with
/// `Phase::Drain` gives; step 0 shows every tank at its start level), on the level scale `range`.
///
/// Every tank is a `g.tank` with `data-node`, `data-weight`, `data-before`, `data-filled`,
/// `data-current` (the level after the drain), `data-picks` (after the step),
/// `data-selected` / `data-tied`, `data-added` (what it added) and `data-eligible="false"` on a
/// tank that could not be picked; a winner that refused the connection carries
/// `data-refused="true"`, a red outline, a ✗ and `refused`; a run of requests' tanks say and
/// carry what the frame's do ([`tanks_svg`](super::tanks_svg)). The `<desc>` is the narration of the
/// whole step, and its first lines the caption; from step 1 on a `g.key` says what the marks
/// mean (`options.around` keeps the key alone under the tanks, or nothing around them). The root
/// carries `data-step` and `data-phase="step"`.
pub fn still_svg(
    weights: &Weights,
    view: &TankFrame,
    range: (i64, i64),
    options: &SvgOptions,
) -> Result<String, SvgError> {
    let n = weights.len();
    let width = options.frame_width(n)?;
    let levels = still_levels(view);
    let scale = scale_holding(range, levels.iter().flatten().copied());
    let mut framing = Framing::new(weights, view, width, scale, options);
    let key = view
        .step
        .as_ref()
        .filter(|_| options.around != Around::Nothing)
        .map(|step| {
            let drained = step.picked().then(|| levels[2][step.winner]);
            Key::of(weights, step, drained, &framing.chrome, options)
        });
    let mut key_y = framing.chrome.footer_y;
    if let Some(key) = &key {
        framing.chrome = framing.chrome.clone().with_room_before_footer(key.height());
    }
    let chrome = &framing.chrome;
    // Under the header with the words under them, with the key alone under them (its first
    // baseline where the caption's would be), or alone.
    let (tanks_top, height) = match options.around {
        Around::Everything => (chrome.tanks_top, chrome.height),
        Around::Key => {
            let tanks_bottom = chrome.pad + chrome.tanks.height;
            key_y = tanks_bottom + chrome.caption_y(0) - (chrome.tanks_top + chrome.tanks.height);
            let key_height = key.as_ref().map_or(0.0, Key::height);
            let height = (key_y - chrome.line_height + key_height + chrome.caption_font * 0.4)
                .max(tanks_bottom)
                + chrome.pad;
            (chrome.pad, height)
        }
        Around::Nothing => (chrome.pad, chrome.tanks.height + 2.0 * chrome.pad),
    };
    let prefix = id_prefix(&["still", &weights.canonical_text(), &view.t.to_string()]);
    let title = options.say(
        "figure.still_title",
        &args!["t" => view.t, "weights" => weights_label(weights)],
    );
    let mut rules = vec![style::TANKS, CSS];
    if view.step.as_ref().is_some_and(was_refused) {
        rules.push(REFUSED);
    }
    if has_servers(view.step.iter().filter_map(|s| s.request.as_ref())) {
        rules.push(SERVERS);
    }
    let css = style::stylesheet(options.theme, &prefix, &rules);
    let mut w = Root::new("still", &prefix, width, height)
        .texts(&title, &framing.narration, &css)
        .open(&[
            ("data-step", view.t.to_string()),
            ("data-phase", "step".to_string()),
        ]);
    let hatch = format!("{prefix}-hatch");
    w.el("defs").open();
    w.el("pattern")
        .a("id", hatch.as_str())
        .a("patternUnits", "userSpaceOnUse")
        .a("width", 7.0)
        .a("height", 7.0)
        .a("patternTransform", "rotate(45)")
        .open();
    w.el("line")
        .a("class", "hatch-line")
        .a("x1", 0.0)
        .a("y1", 0.0)
        .a("x2", 0.0)
        .a("y2", 7.0)
        .close();
    w.end();
    w.end();
    w.newline();
    if options.around == Around::Everything {
        // The step whole: every phase's chip lit.
        let label = step_label(view.t, options);
        framing.draw_header(&mut w, &label, view, |_| true, options);
    }
    let g = &chrome.tanks;
    let picks = options.picks_texts(g, &view.picks);
    g.draw_tanks(&mut w, (chrome.pad, tanks_top), n, |w, i| {
        draw_tank(w, g, (weights, view, options), (i, &picks[i]), &hatch);
    });
    if options.around == Around::Nothing {
        return Ok(w.finish());
    }
    w.newline();
    if options.around == Around::Everything {
        framing.draw_caption(&mut w, view);
    }
    if let Some(key) = &key {
        key.draw(&mut w, (chrome.pad, key_y), &hatch);
    }
    if options.around == Around::Everything {
        framing.draw_footer(&mut w, weights, options);
    }
    Ok(w.finish())
}

/// Before, after the fill and after the drain, per node (all the start levels at step 0).
fn still_levels(view: &TankFrame) -> [Vec<i64>; 3] {
    match &view.step {
        Some(step) => [
            step.before.clone(),
            step.filled.clone(),
            step.drained.clone(),
        ],
        None => [
            view.levels.clone(),
            view.levels.clone(),
            view.levels.clone(),
        ],
    }
}

fn draw_tank(
    w: &mut Writer,
    g: &TankLayout,
    (weights, view, options): (&Weights, &TankFrame, &SvgOptions),
    (i, picks_text): (usize, &str),
    hatch: &str,
) {
    let node = &weights.nodes()[i];
    let [before, filled, drained] = still_levels(view).map(|levels| levels[i]);
    let step = view.step.as_ref();
    let out = view.is_out(i);
    let added = view.added(i);
    let marks = TankMarks {
        levels: &[
            ("data-before", before),
            ("data-filled", filled),
            ("data-current", drained),
        ],
        picks: view.picks[i],
        picks_text: picks_text.to_owned(),
        selected: step.is_some_and(|s| s.winner == i),
        tied: step.is_some_and(|s| s.tied.contains(&i)),
        added,
        out,
        refused: step
            .is_some_and(|s| s.winner == i && was_refused(s))
            .then(|| refused_mark_y(g, drain_ys(g, filled, drained))),
        // The whole step: its marks as after the drain.
        mark: step.and_then(|s| RequestMark::of(s, Phase::Drain, i)),
        request: step.and_then(|s| s.request.as_ref()),
        title: options.say(
            "figure.still_tank_title",
            &args![
                "name" => in_sentence(&node.name).into_owned(),
                "weight" => node.weight,
                "before" => signed(before),
                "filled" => signed(filled),
                "drained" => signed(drained),
                "picks" => view.picks[i],
                "out" => out_title(out, options),
            ],
        ),
        badges: Badges::of(options),
    };
    g.draw_tank(w, i, node, marks, |w, x, tank_w| {
        let floor = g.floor();
        // The water that stays (after the drain), then the part the winner drains, hatched.
        let stays = g.y(drained).min(floor);
        let top = g.y(filled).min(floor);
        g.draw_water(w, x, stays);
        if stays > top {
            let water = (g.water_width(), stays - top);
            draw_drained(w, (x + WATER_INSET, top), water, hatch);
        }
        if step.is_some() {
            let line = g.y(before).min(floor);
            w.el("line")
                .a("class", "before")
                .a("x1", x + WATER_INSET)
                .a("x2", x + tank_w - WATER_INSET)
                .a("y1", line)
                .a("y2", line)
                .close();
        }
        let inflow = added.map_or(node.weight, |a| u64::try_from(a).unwrap_or(0));
        g.draw_pipe(w, i, inflow);
        if g.with_text {
            draw_texts(w, g, view, i, (x, tank_w), (before, filled, drained));
        }
    });
}

/// The levels written in: after the fill on its surface, before the step beside its dotted line
/// (when there is room between them), and for the winner the drain and where it ends.
fn draw_texts(
    w: &mut Writer,
    g: &TankLayout,
    view: &TankFrame,
    i: usize,
    (x, tank_w): (f64, f64),
    (before, filled, drained): (i64, i64, i64),
) {
    let mid = x + tank_w / 2.0;
    let floor = g.floor();
    let top = g.y(filled).min(floor);
    g.draw_level_text(w, mid, top, filled);
    let Some(step) = &view.step else {
        return;
    };
    let line = g.y(before).min(floor);
    // The winner's band holds the drain's words; its level before is in the caption around it.
    let before_text = signed(before);
    let fit = g.before_fit(&before_text);
    if step.winner != i && (line - top).abs() >= g.font * 1.6 && fit != InTank::Out {
        w.el("text")
            .a("class", "before-label")
            .a("x", x + BEFORE_INSET)
            .a("y", (line + g.font * 0.9).min(floor - 3.0))
            .squeezed_to(fit.length())
            .text(&before_text);
    }
    if step.winner == i {
        let (drain_y, after_y) = drain_ys(g, filled, drained);
        g.drain_label(
            w.el("text")
                .a("class", "drain-label")
                .a("x", mid)
                .a("y", drain_y)
                .a("text-anchor", "middle"),
            step.total,
        );
        g.draw_centred_level(w, (mid, after_y), &g.after_text(&signed(drained)));
    }
}

/// Baselines of the winner's words: its `↓ −W` in the hatched band (under a level number that
/// sits inside near the tank's top, not on it) and its `→ level` under the band, and under the
/// `↓ −W` where the band is thinner than a line (a drain of 5 in a tank 60 high).
fn drain_ys(g: &TankLayout, filled: i64, drained: i64) -> (f64, f64) {
    let floor = g.floor();
    let top = g.y(filled).min(floor);
    let stays = g.y(drained).min(floor);
    let mut drain_y = (top + g.font * 1.4).min((top + stays) / 2.0 + g.font * 0.35);
    let level_y = g.level_text_y(top);
    if level_y > top {
        drain_y = drain_y.max(level_y + g.font * 1.2);
    }
    let after_y = (stays + g.font * 1.05).max(drain_y + g.font * 1.2);
    (drain_y, after_y.min(floor - 3.0))
}

/// Where a refused winner's ✗ stands (its middle) clear of its drain's words at `drain_y` and
/// `after_y`: the frame's place where clear of both, else between them where they leave room,
/// else under the `→ level` (at 320 px the frame's place is on `↓ −10`).
fn refused_mark_y(g: &TankLayout, (drain_y, after_y): (f64, f64)) -> f64 {
    let half = g.refused_mark_half();
    let words = [drain_y, after_y].map(|y| g.text_span(y));
    let clear = |y: f64| {
        words
            .iter()
            .all(|&(top, bottom)| y + half <= top || y - half >= bottom)
    };
    let between = (words[0].1 + words[1].0) / 2.0;
    let under = (words[1].1 + half).min(g.floor() - half);
    [g.refused_mark_y(), between]
        .into_iter()
        .find(|&y| clear(y))
        .unwrap_or(under)
}
