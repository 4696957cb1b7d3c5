//! The tanks of the animation: each with its water (moved by its keyframes), the pour of its
//! pipe, its level and pick numbers riding on the surface, and the marks of the winner (red with
//! a ✗ when it refused the connection) and the tied tanks with the drain label.

use std::fmt::Write as _;

use super::css::water_keyframes;
use super::scene::Scene;
use super::timeline::{Track, Windows};
use crate::input::text::in_sentence;
use crate::render::request_mark::RequestMark;
use crate::render::svg::frame::{Phase, TankFrame};
use crate::render::svg::layout::{tank_group, Badges, InTank, TankLayout, WATER_INSET};
use crate::render::svg::options::SvgOptions;
use crate::render::svg::text::signed;
use crate::render::svg::writer::{num, Writer};
use crate::render::words::args;

/// Share of a phase the water takes to move to its new level.
const MOVE_SHARE: f64 = 0.5;

/// What a slot marks on a tank: an outline and the word under it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Picked,
    Tie,
    Out,
    /// What a run of requests says ([`RequestMark`]), the page's words.
    Request(RequestMark),
}

impl Mark {
    /// Every mark, in the order their drawings are defined.
    const ALL: [Self; 9] = [
        Self::Picked,
        Self::Tie,
        Self::Out,
        Self::Request(RequestMark::Refused),
        Self::Request(RequestMark::Tried),
        Self::Request(RequestMark::Skipped),
        Self::Request(RequestMark::Backup),
        Self::Request(RequestMark::Dead),
        Self::Request(RequestMark::BackupNote),
    ];

    /// The mark of tank `i` at `view`: the request's word first (a refused winner, a tank out
    /// of the attempt, a dead server or a backup where nothing else is written), then the
    /// winner, a tied tank, a tank out.
    fn at(view: &TankFrame, i: usize) -> Option<Self> {
        let winner = view.selected();
        if let Some(mark) = view.request_mark(i) {
            Some(Self::Request(mark))
        } else if winner == Some(i) {
            Some(Self::Picked)
        } else if winner.is_some() && view.is_tied(i) {
            Some(Self::Tie)
        } else {
            view.is_out(i).then_some(Self::Out)
        }
    }

    /// The letters of its drawing's id (`{prefix}{id}{tank}`; `o` is the out outline).
    fn id(self) -> &'static str {
        match self {
            Self::Picked => "s",
            Self::Tie => "t",
            Self::Out => "x",
            Self::Request(RequestMark::Refused) => "r",
            Self::Request(RequestMark::Tried) => "y",
            Self::Request(RequestMark::Skipped) => "k",
            Self::Request(RequestMark::Backup) => "b",
            Self::Request(RequestMark::Dead) => "d",
            Self::Request(RequestMark::BackupNote) => "n",
        }
    }

    /// The tank is out of the step: drawn with the out outline under its word.
    fn is_out(self) -> bool {
        match self {
            Self::Out => true,
            Self::Request(mark) => mark.is_out(),
            Self::Picked | Self::Tie => false,
        }
    }

    /// Its own outline's classes (none for the word of a tank out, a dead server or a backup).
    fn outline(self) -> Option<&'static str> {
        match self {
            Self::Picked => Some("mark sel"),
            Self::Tie => Some("mark tie"),
            Self::Request(RequestMark::Refused) => Some("mark refused"),
            Self::Out | Self::Request(_) => None,
        }
    }
}

/// A tank's name under it: drawn once, or, in a run of requests with a dead or backup server,
/// in each slot red for a dead server and italic for a backup (`name dead`, `name backup`).
fn draw_names(
    windows: &mut Windows<'_>,
    body: &mut Writer,
    (g, mid): (&TankLayout, f64),
    name: &str,
    slots: &[super::timeline::Slot],
    i: usize,
) {
    let class = |slot: &super::timeline::Slot| {
        let request = slot.view.step.as_ref().and_then(|s| s.request.as_ref());
        let on = |flags: Option<&Vec<bool>>| flags.and_then(|f| f.get(i)).copied() == Some(true);
        match (on(request.map(|r| &r.dead)), on(request.map(|r| &r.backup))) {
            (false, false) => "name",
            (true, false) => "name dead",
            (false, true) => "name backup",
            (true, true) => "name dead backup",
        }
    };
    if slots.iter().all(|slot| class(slot) == "name") {
        g.draw_name(body, mid, name);
        return;
    }
    let mut names = Track::default();
    for (k, slot) in slots.iter().enumerate() {
        let mut m = Writer::new();
        g.draw_name_as(&mut m, mid, name, class(slot));
        names.push(k, m.into_string());
    }
    windows.write(body, &names);
}

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
    // Each frame's counts, long or all short (`TankLayout::picks_texts`).
    let picks: Vec<Vec<String>> = if g.with_text {
        let texts = |slot: &super::timeline::Slot| options.picks_texts(g, &slot.view.picks);
        slots.iter().map(texts).collect()
    } else {
        Vec::new()
    };
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
        // With its texts a tank's name stands between its level and its picks.
        let mut picks_track = Track::default();
        if g.with_text {
            // Level numbers ride on the surface: they move with the water. Their group sits at
            // the place of a number above a surface at level 0; numbers near the top sit inside.
            let above_zero = g.level_text_y(zero);
            let mut level_track = Track::default();
            for (k, slot) in slots.iter().enumerate() {
                let level = slot.view.levels[i];
                let surface = g.y(level);
                let dy = g.level_text_y(surface) - (surface.min(floor) - zero) - above_zero;
                // Inside its tank as the frames' levels are: narrower, or left out (empty).
                let text = signed(level);
                let fit = g.level_fit(&text);
                let mut m = Writer::new();
                m.el("text")
                    .opt("y", (dy.abs() > 0.005).then_some(dy))
                    .a("data-level", level)
                    .squeezed_to(fit.length())
                    .text(if fit == InTank::Out { "" } else { &text });
                level_track.push(k, m.into_string());
                let picks = &picks[k][i];
                let mut m = Writer::new();
                m.el("text")
                    .squeezed_to(g.picks_fit(picks).length())
                    .text(picks);
                picks_track.push(k, m.into_string());
            }
            body.el("g").a("class", format!("w{i}")).open();
            centred_track(windows, body, "level", (mid, above_zero), &level_track);
            body.end();
        }
        if g.with_text || g.with_names {
            draw_names(
                windows,
                body,
                (g, mid),
                &g.name_label(i, &node.name),
                slots,
                i,
            );
        }
        if g.with_text {
            centred_track(windows, body, "picks", (mid, picks_y), &picks_track);
        }
        // The marks of this tank that a slot shows (the winner's and the tied tanks' always
        // defined): each drawn once here, used by the slots; a tank out of a step has the out
        // outline (`o`) and beside it the word that says why.
        let used: Vec<Mark> = Mark::ALL
            .into_iter()
            .filter(|&mark| {
                matches!(mark, Mark::Picked | Mark::Tie)
                    || slots
                        .iter()
                        .any(|slot| Mark::at(&slot.view, i) == Some(mark))
            })
            .collect();
        if used.iter().any(|mark| mark.is_out()) {
            defs.el("g").a("id", format!("{prefix}o{i}")).open();
            g.draw_outline(defs, "mark out", x, tank_w);
            defs.end();
        }
        for mark in used {
            defs.el("g")
                .a("id", format!("{prefix}{}{i}", mark.id()))
                .open();
            if let Some(outline) = mark.outline() {
                g.draw_outline(defs, outline, x, tank_w);
            }
            if g.with_text {
                if mark == Mark::Request(RequestMark::Refused) {
                    g.draw_refused_mark(defs, mid, g.refused_mark_y());
                }
                let (class, word) = match mark {
                    Mark::Picked => ("badge", badges.picked.as_str()),
                    Mark::Tie => ("badge tie", badges.tie.as_str()),
                    Mark::Out => ("badge tie", badges.out.as_str()),
                    Mark::Request(m) => (m.class(), badges.of_mark(m)),
                };
                defs.el("text")
                    .a("class", class)
                    .a("x", mid)
                    .a("y", badge_y)
                    .a("text-anchor", "middle")
                    .text(word);
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
        for i in 0..n {
            if let Some(mark) = Mark::at(&slot.view, i) {
                if mark.is_out() {
                    m.el("use").a("href", format!("#{prefix}o{i}")).close();
                }
                m.el("use")
                    .a("href", format!("#{prefix}{}{i}", mark.id()))
                    .close();
            }
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
