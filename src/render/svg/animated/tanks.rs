//! The tanks of the animation: each with its water (moved by its keyframes), the pour of its
//! pipe, its level and pick numbers riding on the surface, and the marks of the winner (red with
//! a ✗ when it refused the connection) and the tied tanks with the drain label.

use std::fmt::Write as _;

use super::css::water_keyframes;
use super::scene::Scene;
use super::timeline::{Track, Windows};
use crate::input::text::in_sentence;
use crate::render::svg::frame::Phase;
use crate::render::svg::layout::{tank_group, Badges, WATER_INSET};
use crate::render::svg::options::SvgOptions;
use crate::render::svg::text::signed;
use crate::render::svg::writer::{num, Writer};
use crate::render::words::args;

/// Share of a phase the water takes to move to its new level.
const MOVE_SHARE: f64 = 0.5;

/// Draws the tanks into `body` and their marks into `defs`; returns the water's keyframes and
/// the poster's levels, as CSS.
pub(super) fn tanks(
    scene: &Scene<'_>,
    options: &SvgOptions,
    windows: &mut Windows<'_>,
    body: &mut Writer,
    defs: &mut Writer,
) -> (String, String) {
    let (weights, slots, chrome) = (scene.weights, &scene.slots, &scene.chrome);
    let (prefix, poster, total, phase_s) =
        (&scene.prefix, scene.poster, scene.total, scene.phase_s);
    let n = weights.len();
    let g = &chrome.tanks;
    g.open_group(body, chrome.pad, chrome.tanks_top);
    let zero = g.y(0);
    let floor = g.floor();
    let mut water_css = String::new();
    // Readers who prefer reduced motion see the poster slot, still.
    let mut poster_css = String::new();
    let badges = Badges::of(options);
    for (i, node) in weights.nodes().iter().enumerate() {
        let (x, tank_w) = g.tank(i);
        let mid = x + tank_w / 2.0;
        let _ = write!(
            poster_css,
            "#{prefix} .w{i}{{translate:0 {}px}}",
            num(g.y(slots[poster].view.levels[i]) - zero)
        );
        water_css.push_str(&water_keyframes(
            prefix,
            i,
            slots,
            total,
            phase_s * MOVE_SHARE,
            |level| g.y(level) - zero,
        ));
        tank_group(body, i, node.weight).open();
        body.el("title").text(&options.say(
            "figure.tank_weight",
            &args![
                "name" => in_sentence(&node.name).into_owned(),
                "weight" => node.weight,
            ],
        ));
        g.draw_body(body, x, tank_w);
        let clip = format!("{prefix}c{i}");
        body.el("clipPath").a("id", clip.as_str()).open();
        body.el("rect")
            .a("x", x + WATER_INSET)
            .a("y", g.pipe_zone)
            .a("width", g.water_width())
            .a("height", (g.tank_height - WATER_INSET).max(0.0))
            .close();
        body.end();
        body.el("g").a("clip-path", format!("url(#{clip})")).open();
        body.el("g")
            .a("class", format!("w{i}"))
            .a("data-zero-y", zero)
            .open();
        body.el("rect")
            .a("class", "water")
            .a("x", x + WATER_INSET)
            .a("y", zero)
            .a("width", g.water_width())
            .a("height", floor - g.y(g.high) + 2.0)
            .close();
        // What the tank adds: its weight every step, or (failures, events, backups) what the
        // step's record says it added, +0 while it could not be picked.
        let varies = slots.iter().skip(1).any(|slot| {
            slot.view.is_out(i) || slot.view.added(i) != i64::try_from(node.weight).ok()
        });
        let inflow = |slot: &super::timeline::Slot| {
            slot.view
                .added(i)
                .map_or(node.weight, |a| u64::try_from(a).unwrap_or(0))
        };
        let mut pours = Track::default();
        for (k, slot) in slots.iter().enumerate().skip(1) {
            let pipe = g.pipe_width(inflow(slot));
            if pipe <= 0.0 || slot.view.is_out(i) {
                continue;
            }
            let mut stream = Writer::new();
            stream
                .el("rect")
                .a("class", "stream pour")
                .a("x", mid - pipe / 2.0)
                .a("y", zero - floor - 2.0)
                .a("width", pipe)
                .a("height", floor + 2.0)
                .close();
            pours.push(k, stream.into_string());
        }
        windows.write(body, &pours);
        body.end();
        body.end();
        if varies {
            let mut pipes = Track::default();
            for (k, slot) in slots.iter().enumerate() {
                let mut m = Writer::new();
                m.el("g").opt("data-added", slot.view.added(i)).open();
                g.draw_pipe(&mut m, i, inflow(slot));
                m.end();
                pipes.push(k, m.into_string());
            }
            windows.write(body, &pipes);
        } else {
            g.draw_pipe(body, i, node.weight);
        }
        let [_, picks_y, badge_y] = g.label_ys();
        if g.with_text {
            // Level numbers ride on the surface: they move with the water. Their group sits at
            // the place of a number above a surface at level 0; numbers near the top sit inside.
            let above_zero = g.level_text_y(zero);
            let mut level_track = Track::default();
            let mut picks_track = Track::default();
            for (k, slot) in slots.iter().enumerate() {
                let level = slot.view.levels[i];
                let surface = g.y(level);
                let dy = g.level_text_y(surface) - (surface.min(floor) - zero) - above_zero;
                let mut m = Writer::new();
                m.el("text")
                    .opt("y", (dy.abs() > 0.005).then_some(dy))
                    .a("data-level", level)
                    .text(&signed(level));
                level_track.push(k, m.into_string());
                let mut m = Writer::new();
                m.el("text").text(&format!("{}×", slot.view.picks[i]));
                picks_track.push(k, m.into_string());
            }
            body.el("g").a("class", format!("w{i}")).open();
            centred_track(windows, body, "level", (mid, above_zero), &level_track);
            body.end();
            g.draw_name(body, mid, &node.name);
            centred_track(windows, body, "picks", (mid, picks_y), &picks_track);
        } else if g.with_names {
            g.draw_name(body, mid, &node.name);
        }
        // The marks of this tank, used by the pick and drain slots (and "out" by every slot of a
        // step it could not be picked at).
        let ever_out = slots.iter().any(|slot| slot.view.is_out(i));
        let ever_refused = slots.iter().any(|slot| slot.view.refused() == Some(i));
        let mut kinds = vec![
            ("s", "mark sel", &badges.picked),
            ("t", "mark tie", &badges.tie),
        ];
        if ever_out {
            kinds.push(("o", "mark out", &badges.out));
        }
        if ever_refused {
            kinds.push(("r", "mark refused", &badges.refused));
        }
        for (id, class, badge) in kinds {
            defs.el("g").a("id", format!("{prefix}{id}{i}")).open();
            g.draw_outline(defs, class, x, tank_w);
            if g.with_text {
                if id == "r" {
                    g.draw_refused_mark(defs, mid, g.refused_mark_y());
                }
                let badge_class = match id {
                    "s" => "badge",
                    "r" => "badge refused",
                    _ => "badge tie",
                };
                defs.el("text")
                    .a("class", badge_class)
                    .a("x", mid)
                    .a("y", badge_y)
                    .a("text-anchor", "middle")
                    .text(badge);
            }
            defs.end();
        }
        body.end();
        body.newline();
    }

    // Marks: the winner's solid outline and the tied tanks' dashed ones with their badges (pick
    // and drain), and the drain label over the winner.
    let mut marks = Track::default();
    let mut drains: Vec<Track> = (0..n).map(|_| Track::default()).collect();
    for (k, slot) in slots.iter().enumerate() {
        let mut m = Writer::new();
        let winner = slot.view.selected();
        for i in 0..n {
            let id = if slot.view.refused() == Some(i) {
                "r"
            } else if winner == Some(i) {
                "s"
            } else if winner.is_some() && slot.view.is_tied(i) {
                "t"
            } else if slot.view.is_out(i) {
                "o"
            } else {
                continue;
            };
            m.el("use").a("href", format!("#{prefix}{id}{i}")).close();
        }
        if !m.is_empty() {
            marks.push(k, m.into_string());
        }
        let drained = slot.view.step.as_ref().filter(|s| s.picked());
        if let (Some(step), Phase::Drain, true) = (drained, slot.view.phase, g.with_text) {
            let mut m = Writer::new();
            g.drain_label(m.el("text"), step.total);
            drains[step.winner].push(k, m.into_string());
        }
    }
    windows.write(body, &marks);
    for (i, track) in drains.iter().enumerate() {
        if track.windows.is_empty() {
            continue;
        }
        let (x, tank_w) = g.tank(i);
        let at = (x + tank_w / 2.0, g.top_text_y());
        centred_track(windows, body, "drain-label", at, track);
    }
    g.draw_zero_line(body);
    body.end();
    body.newline();
    (water_css, poster_css)
}

/// A `g` of `class` centred on (`x`, `y`) holding `track`'s texts, each shown in its windows.
fn centred_track(
    windows: &mut Windows<'_>,
    body: &mut Writer,
    class: &str,
    (x, y): (f64, f64),
    track: &Track,
) {
    body.el("g")
        .a("class", class)
        .a("transform", format!("translate({} {})", num(x), num(y)))
        .a("text-anchor", "middle")
        .open();
    windows.write(body, track);
    body.end();
}
