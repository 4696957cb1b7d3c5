//! What the animation says: the step label and the phase chips above the tanks, the caption of
//! every slot (with the engine's numbers, the testing contract), the Σ line and the footer below.

use super::scene::Scene;
use super::timeline::{spaced, Track, Window, Windows};
use crate::render::svg::characters::width as text_width;
use crate::render::svg::frame::Phase;
use crate::render::svg::layout::CHAR_EM;
use crate::render::svg::options::SvgOptions;
use crate::render::svg::root::summary_line;
use crate::render::svg::text::sum_text;
use crate::render::svg::writer::{num, Writer};
use crate::render::words::args;

/// The step label, and the phase chips when they fit beside it (the active one repeats every step).
pub(super) fn header(
    scene: &Scene<'_>,
    options: &SvgOptions,
    windows: &mut Windows<'_>,
    body: &mut Writer,
) {
    let (chrome, slots, steps) = (&scene.chrome, &scene.slots, scene.steps);
    let g = &chrome.tanks;
    let mut step_track = Track::default();
    let chips = chrome.chips(options);
    let step_of = |t: u64| options.say("figure.step_of", &args!["t" => t, "steps" => steps]);
    let step_width = text_width(&step_of(steps)) as f64 * g.font * 1.15 * CHAR_EM;
    let with_chips = chips
        .first()
        .is_some_and(|(_, x, _, _)| *x > chrome.pad + step_width);
    for (k, slot) in slots.iter().enumerate() {
        let label = if slot.view.t == 0 {
            options.say("figure.step", &args!["t" => 0u64])
        } else {
            step_of(slot.view.t)
        };
        let mut m = Writer::new();
        m.el("text").text(&label);
        step_track.push(k, m.into_string());
    }
    body.el("g")
        .a(
            "transform",
            format!("translate({} {})", num(chrome.pad), num(chrome.header_y())),
        )
        .a("class", "bold")
        .a("font-size", g.font * 1.15)
        .open();
    windows.write(body, &step_track);
    body.end();
    body.newline();
    if with_chips {
        let mut on = Writer::new();
        for (k, (phase, x, chip_w, name)) in chips.iter().enumerate() {
            chrome.draw_chip(body, (*x, *chip_w), name, false);
            let poster = if *phase == Phase::Pick { " p" } else { "" };
            on.el("g")
                .a("class", format!("ph ph{}{poster}", k + 1))
                .open();
            chrome.draw_chip(&mut on, (*x, *chip_w), name, true);
            on.end();
        }
        windows.write(body, &Track::span(1, slots.len(), on.into_string()));
        body.newline();
    }
}

/// The caption of every slot, carrying its step, phase, levels and picks, and the Σ line.
pub(super) fn captions(
    scene: &Scene<'_>,
    options: &SvgOptions,
    windows: &mut Windows<'_>,
    body: &mut Writer,
) {
    let (chrome, slots) = (&scene.chrome, &scene.slots);
    let g = &chrome.tanks;
    let mut caption_track = Track::default();
    let mut sum_track = Track::default();
    let mut sums: Vec<(Phase, String)> = Vec::with_capacity(slots.len());
    for (k, (slot, lines)) in slots.iter().zip(&scene.captions).enumerate() {
        let view = &slot.view;
        let mut attrs = vec![
            ("data-step", view.t.to_string()),
            ("data-phase", view.phase.as_str().to_string()),
            ("data-levels", spaced(&view.levels)),
            ("data-picks", spaced(&view.picks)),
        ];
        if let Some(winner) = view.selected() {
            attrs.push(("data-winner", winner.to_string()));
        }
        if let Some(refused) = view.refused() {
            attrs.push(("data-refused", refused.to_string()));
        }
        let mut m = Writer::new();
        for (line, text) in lines.iter().enumerate() {
            let dy = line as f64 * chrome.line_height;
            m.el("text").opt("y", (line > 0).then_some(dy)).text(text);
        }
        caption_track.push_with(k, attrs, m.into_string());
        let mut m = Writer::new();
        let sum = sum_text(scene.weights, view, options);
        chrome.write_sum_text(&mut m, None, &chrome.sum_lines(&sum), view.sum());
        sums.push((view.phase, m.into_string()));
    }
    // Σ says the same every step (W after the fill, 0 after the drain): one text per phase
    // that repeats every step; otherwise a window per change.
    let same = |phase: Phase| {
        let mut texts = sums.iter().filter(|(p, _)| *p == phase).map(|(_, t)| t);
        let first = texts.next();
        first.map(|f| texts.all(|t| t == f).then(|| f.clone()))
    };
    match (same(Phase::Fill), same(Phase::Pick), same(Phase::Drain)) {
        (Some(Some(fill)), Some(Some(pick)), Some(Some(drain))) if fill == pick => {
            sum_track.push(0, sums[0].1.clone());
            let fill = fill.replacen("<text", "<text class=\"ph12 p\"", 1);
            let drain = drain.replacen("<text", "<text class=\"ph ph3\"", 1);
            sum_track.windows.push(Window {
                first: 1,
                last: slots.len(),
                attrs: Vec::new(),
                body: format!("{fill}{drain}"),
            });
        }
        _ => {
            for (k, (_, text)) in sums.into_iter().enumerate() {
                sum_track.push(k, text);
            }
        }
    }
    body.el("g")
        .a("class", "frames")
        .a(
            "transform",
            format!(
                "translate({} {})",
                num(chrome.pad),
                num(chrome.caption_y(0))
            ),
        )
        .a("font-size", chrome.caption_font)
        .open();
    windows.write(body, &caption_track);
    body.end();
    body.newline();
    body.el("g")
        .a("class", "sum mono")
        .a(
            "transform",
            format!("translate({} {})", num(chrome.pad), num(chrome.sum_y)),
        )
        .a("font-size", g.font)
        .open();
    windows.write(body, &sum_track);
    body.end();
    body.newline();
}

/// The footer, and the progress bar along the bottom.
pub(super) fn footer(scene: &Scene<'_>, svg_options: &SvgOptions, width: f64, body: &mut Writer) {
    let (chrome, steps, period) = (&scene.chrome, scene.steps, scene.weights.period());
    let mut footer = summary_line(scene.weights, svg_options);
    if steps < period && svg_options.footer.is_none() {
        footer.push_str(&svg_options.say(
            "figure.animated_footer_first",
            &args!["steps" => steps, "period" => period],
        ));
    }
    chrome.draw_footer(body, &footer);

    // The progress bar along the bottom, with a tick per step when they are not too dense.
    let bar_w = width - 2.0 * chrome.pad;
    body.el("g")
        .a(
            "transform",
            format!(
                "translate({} {})",
                num(chrome.pad),
                num(chrome.height - 5.0)
            ),
        )
        .open();
    body.el("rect")
        .a("class", "chip")
        .a("width", bar_w)
        .a("height", 2.0)
        .close();
    body.el("rect")
        .a("class", "prog")
        .a("width", bar_w)
        .a("height", 2.0)
        .close();
    body.end();
    body.newline();
}
