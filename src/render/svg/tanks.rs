//! One frame of the water tanks: the page's tank view at a step and phase, as a static SVG.

use crate::input::text::in_sentence;
use crate::input::weights::vector::Weights;
use crate::render::svg::error::SvgError;
use crate::render::svg::frame::{Phase, TankFrame};
use crate::render::svg::framing::{step_label, Framing};
use crate::render::svg::layout::{scale_holding, Badges, TankLayout, TankMarks};
use crate::render::svg::marks::{has_servers, REFUSED, SERVERS};
use crate::render::svg::options::SvgOptions;
use crate::render::svg::root::{id_prefix, weights_label, Root};
use crate::render::svg::style;
use crate::render::svg::text::{phase_name, signed};
use crate::render::svg::writer::Writer;
use crate::render::words::{args, Worded};

/// What a tank's title adds when the tank could not be picked at the step shown (else nothing).
pub(crate) fn out_title(out: bool, options: &SvgOptions) -> String {
    if out {
        options.say("figure.out_title", &args![])
    } else {
        String::new()
    }
}

/// The tanks at `view`, on the fixed level scale `range` (the engine's `level_range` of the run).
///
/// Every tank is a `g.tank` with the page's testing contract: `data-node`, `data-weight`,
/// `data-current` (the level shown), `data-picks`, and `data-selected` / `data-tied` on the
/// winner and the tied tanks in the pick and drain phases. From step 1 on, each tank's pipe says
/// what it added at that step (`data-added`); a tank that could not be picked added nothing,
/// is drawn out (dashed, faded, `out` under it) and carries `data-eligible="false"`; a winner
/// that refused the connection carries `data-refused="true"`, a red outline, a ✗ and `refused`.
/// In a run of requests a tank says what the page's says ([`RequestMark`](crate::render::RequestMark):
/// `tried`, `skipped`, `backup` in place of `out`, `dead`) and carries the page's `data-tried`,
/// `data-dead`, `data-backup`, `data-disabled`; a dead server's name is red, a backup's italic.
/// The root carries `data-step`, `data-phase` and `data-sum`.
pub fn tanks_svg(
    weights: &Weights,
    view: &TankFrame,
    range: (i64, i64),
    options: &SvgOptions,
) -> Result<String, SvgError> {
    let n = weights.len();
    let width = options.frame_width(n)?;
    let scale = scale_holding(range, view.levels.iter().copied());
    let framing = Framing::new(weights, view, width, scale, options);
    let chrome = &framing.chrome;
    let prefix = id_prefix(&[
        "tanks",
        &weights.canonical_text(),
        &view.t.to_string(),
        view.phase.as_str(),
    ]);
    let title = options.say(
        "figure.tanks_title",
        &args![
            "weights" => weights_label(weights),
            "t" => view.t,
            "phase" => phase_name(view.phase, options),
        ],
    );
    let levels_text: Vec<String> = (0..n)
        .map(|i| {
            options.say(
                "figure.tank_level",
                &args![
                    "name" => in_sentence(weights.name(i)).into_owned(),
                    "level" => signed(view.levels[i]),
                    "picks" => view.picks[i],
                ],
            )
        })
        .collect();
    let desc = options.words.word(
        "figure.tanks_desc",
        &[
            ("narration", Worded::Text(framing.narration.clone())),
            ("levels", Worded::Joined(levels_text)),
            ("sum", Worded::Text(framing.sum.clone())),
        ],
    );
    let request = view.step.as_ref().and_then(|s| s.request.as_ref());
    let mut rules = vec![style::TANKS];
    if view.refused().is_some() {
        rules.push(REFUSED);
    }
    if has_servers(request.into_iter()) {
        rules.push(SERVERS);
    }
    let css = style::stylesheet(options.theme, &prefix, &rules);
    let mut w = Root::new("tanks", &prefix, width, chrome.height)
        .texts(&title, &desc, &css)
        .open(&[
            ("data-step", view.t.to_string()),
            ("data-phase", view.phase.as_str().to_string()),
            ("data-sum", view.sum().to_string()),
        ]);

    let on = |phase| phase == view.phase;
    framing.draw_header(&mut w, &step_label(view.t, options), view, on, options);

    let g = &chrome.tanks;
    let picks = options.picks_texts(g, &view.picks);
    g.draw_tanks(&mut w, (chrome.pad, chrome.tanks_top), n, |w, i| {
        draw_tank(w, g, weights, view, (i, &picks[i]), options);
    });
    w.newline();

    framing.draw_caption(&mut w, view);
    framing.draw_footer(&mut w, weights, options);
    Ok(w.finish())
}

fn draw_tank(
    w: &mut Writer,
    g: &TankLayout,
    weights: &Weights,
    view: &TankFrame,
    (i, picks_text): (usize, &str),
    options: &SvgOptions,
) {
    let node = &weights.nodes()[i];
    let level = view.levels[i];
    let out = view.is_out(i);
    let added = view.added(i);
    let marks = TankMarks {
        levels: &[("data-current", level)],
        picks: view.picks[i],
        picks_text: picks_text.to_owned(),
        selected: view.selected() == Some(i),
        tied: view.is_tied(i),
        added,
        out: out && view.phase != Phase::Start,
        refused: (view.refused() == Some(i)).then(|| g.refused_mark_y()),
        mark: view.request_mark(i),
        request: view.step.as_ref().and_then(|s| s.request.as_ref()),
        title: options.say(
            "figure.tank_title",
            &args![
                "name" => in_sentence(&node.name).into_owned(),
                "weight" => node.weight,
                "level" => signed(level),
                "picks" => view.picks[i],
                "out" => out_title(out, options),
            ],
        ),
        badges: Badges::of(options),
    };
    let drains = view.phase == Phase::Drain && marks.selected;
    g.draw_tank(w, i, node, marks, |w, x, tank_w| {
        let top = g.y(level).min(g.floor());
        g.draw_water(w, x, top);
        let mid = x + tank_w / 2.0;
        let inflow = added.map_or(node.weight, |a| u64::try_from(a).unwrap_or(0));
        let pipe = g.draw_pipe(w, i, inflow);
        if let (Some((left, pipe)), Phase::Fill, false) = (pipe, view.phase, out) {
            w.el("rect")
                .a("class", "stream")
                .a("x", left)
                .a("y", g.pipe_zone)
                .a("width", pipe)
                .a("height", (top - g.pipe_zone).max(0.0))
                .close();
        }
        if g.with_text {
            g.draw_level_text(w, mid, top, level);
            if let (true, Some(step)) = (drains, &view.step) {
                g.drain_label(
                    w.el("text")
                        .a("class", "drain-label")
                        .a("x", mid)
                        .a("y", g.top_text_y())
                        .a("text-anchor", "middle"),
                    step.total,
                );
            }
        }
    });
}
