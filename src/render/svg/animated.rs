//! The water tanks of a whole period, animated with CSS and looping forever: no script, so it
//! plays where scripts do not run (an `<img>` in a README on a code host).
//!
//! The run is cut into slots: step 0 (one step long), then fill, pick and drain of every step
//! (a third of a step each). The water of each tank is one group whose `transform` follows a
//! `@keyframes` rule with a plateau per level (eased moves between them). Everything that
//! changes in steps — level numbers, pick counts, marks, captions — is a window: an element
//! shown from one slot to another by a shared "visible for d seconds" animation with its own
//! delay. Each caption window carries the engine's levels of its slot (`data-step`,
//! `data-phase`, `data-levels`, `data-picks`), the testing contract of the animation.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::layout::Chrome;
use super::text::{fit, phase_caption, signed, sum_text, wrap};
use super::writer::{num, Writer};
use super::{
    id_prefix, open_root, style, summary_line, weights_label, Phase, Picture, Root, SvgError,
    SvgOptions, TankView, DEFAULT_WIDTH, MAX_ANIMATED_NODES, MAX_ANIMATED_STEPS, MAX_ANIMATED_WORK,
};
use crate::engine::step::Step;
use crate::input::weights::vector::Weights;

/// Default duration of one step (fill, pick and drain a third each).
pub const DEFAULT_STEP_MS: u32 = 1200;
/// Shortest and longest step.
pub const MIN_STEP_MS: u32 = 300;
/// See [`MIN_STEP_MS`].
pub const MAX_STEP_MS: u32 = 20_000;
/// Most caption lines; longer captions end with `…`.
const MAX_CAPTION_LINES: usize = 2;
/// Share of a phase the water takes to move to its new level.
const MOVE_SHARE: f64 = 0.5;

/// Options of [`animated_svg`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnimationOptions {
    pub svg: SvgOptions,
    /// Milliseconds per step, [`MIN_STEP_MS`]..=[`MAX_STEP_MS`].
    pub step_ms: u32,
}

impl Default for AnimationOptions {
    fn default() -> Self {
        Self {
            svg: SvgOptions::default(),
            step_ms: DEFAULT_STEP_MS,
        }
    }
}

/// The most steps an animation of `nodes` tanks may have (the file grows with nodes × steps).
///
/// ```
/// use swrr_viz::render::max_animated_steps;
/// assert_eq!(max_animated_steps(3), 1000);
/// assert_eq!(max_animated_steps(100), 200);
/// ```
#[must_use]
pub fn max_animated_steps(nodes: usize) -> u64 {
    (MAX_ANIMATED_WORK / nodes.max(1) as u64).min(MAX_ANIMATED_STEPS)
}

/// One slot of the timeline: what the tanks show, from `start` for `duration` seconds.
struct Slot {
    view: TankView,
    start: f64,
    duration: f64,
}

/// An element shown during slots `first..last` (exclusive).
struct Window {
    first: usize,
    last: usize,
    attrs: Vec<(&'static str, String)>,
    body: String,
}

/// The windows of one thing that changes: consecutive slots with the same markup share a window.
#[derive(Default)]
struct Track {
    windows: Vec<Window>,
}

impl Track {
    fn push(&mut self, slot: usize, body: String) {
        if let Some(last) = self.windows.last_mut() {
            if last.last == slot && last.body == body && last.attrs.is_empty() {
                last.last = slot + 1;
                return;
            }
        }
        self.windows.push(Window {
            first: slot,
            last: slot + 1,
            attrs: Vec::new(),
            body,
        });
    }

    /// One window over slots `first..last`.
    fn span(first: usize, last: usize, body: String) -> Self {
        Self {
            windows: vec![Window {
                first,
                last,
                attrs: Vec::new(),
                body,
            }],
        }
    }

    fn push_with(&mut self, slot: usize, attrs: Vec<(&'static str, String)>, body: String) {
        self.windows.push(Window {
            first: slot,
            last: slot + 1,
            attrs,
            body,
        });
    }
}

/// Values separated by spaces, for a data attribute.
fn spaced<T: ToString>(values: &[T]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Seconds with at most three decimals.
fn secs(value: f64) -> String {
    let text = format!("{value:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text.is_empty() {
        "0".into()
    } else {
        text.to_string()
    }
}

/// A keyframe offset with at most three decimals.
fn pct(time: f64, total: f64) -> String {
    let text = format!("{:.3}", (time / total * 100.0).clamp(0.0, 100.0));
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{}%", if text.is_empty() { "0" } else { text })
}

/// Builds the window classes and writes windows: the shared "visible for d" animations and one
/// delay class per slot start.
struct Windows<'a> {
    prefix: &'a str,
    slots: &'a [Slot],
    total: f64,
    poster: usize,
    /// duration (ms, rounded) → class index
    durations: BTreeMap<u64, usize>,
}

impl Windows<'_> {
    fn class(&mut self, first: usize, last: usize) -> String {
        let start = self.slots[first].start;
        let end = self
            .slots
            .get(last)
            .map_or(self.total, |slot: &Slot| slot.start);
        let key = ((end - start) * 1000.0).round() as u64;
        let count = self.durations.len();
        let k = *self.durations.entry(key).or_insert(count);
        let poster = if (first..last).contains(&self.poster) {
            " p"
        } else {
            ""
        };
        format!("v{k} d{first}{poster}")
    }

    fn write(&mut self, w: &mut Writer, track: &Track) {
        for window in &track.windows {
            let class = self.class(window.first, window.last);
            let mut tag = w.el("g").a("class", class);
            for (name, value) in &window.attrs {
                tag = tag.a(name, value.as_str());
            }
            tag.open();
            w.raw(&window.body);
            w.end();
        }
    }

    /// The CSS of the windows: one visibility animation per duration, one delay per slot, all
    /// scoped by the root's id (keyframe names carry the prefix: they are global in a page).
    fn css(&self) -> String {
        let p = self.prefix;
        let total = secs(self.total);
        let mut css = String::new();
        for (&ms, &k) in &self.durations {
            let _ = write!(
                css,
                "#{p} .v{k}{{opacity:0;animation:{p}v{k} {total}s step-end infinite}}\
                 @keyframes {p}v{k}{{0%{{opacity:1}}{}{{opacity:0}}}}",
                pct(ms as f64 / 1000.0, self.total)
            );
        }
        // After the animations: `animation` resets the delay, so the delays come last.
        for (i, slot) in self.slots.iter().enumerate() {
            let _ = write!(css, "#{p} .d{i}{{animation-delay:{}s}}", secs(slot.start));
        }
        let _ = write!(
            css,
            "@media (prefers-reduced-motion:reduce){{#{p} [class^=v],#{p} g[class^=w],#{p} .pour,#{p} .ph,#{p} .ph12,#{p} .prog{{animation:none}}#{p} .p{{opacity:1}}#{p} .prog{{display:none}}}}"
        );
        css
    }
}

/// The water's keyframes for one tank: a plateau per level, eased moves of `move_s` between.
fn water_keyframes(
    prefix: &str,
    i: usize,
    slots: &[Slot],
    total: f64,
    move_s: f64,
    offset: impl Fn(i64) -> f64,
) -> String {
    // (time, level) points: the level holds from a point to the next.
    let last_level = slots.last().map_or(0, |s| s.view.levels[i]);
    let mut points: Vec<(f64, i64)> = vec![(0.0, last_level)];
    let mut current = last_level;
    for slot in slots {
        let level = slot.view.levels[i];
        if level != current {
            points.push((slot.start, current));
            points.push((slot.start + move_s.min(slot.duration), level));
            current = level;
        }
    }
    points.push((total, current));
    // Merge the two ends of each plateau into one rule.
    let mut rules: Vec<(Vec<String>, i64)> = Vec::new();
    for (time, level) in points {
        let at = pct(time, total);
        match rules.last_mut() {
            Some((times, l)) if *l == level => {
                if times.last() != Some(&at) {
                    times.push(at);
                }
            }
            _ => rules.push((vec![at], level)),
        }
    }
    let mut css = format!(
        "#{prefix} .w{i}{{animation:{prefix}w{i} {}s ease-in-out infinite}}@keyframes {prefix}w{i}{{",
        secs(total)
    );
    for (times, level) in rules {
        let _ = write!(
            css,
            "{}{{translate:0 {}px}}",
            times.join(","),
            num(offset(level))
        );
    }
    css.push('}');
    css
}

/// What repeats every step, from slot 1 on (a window hides it in step 0): the pour of the
/// pipes in the fill phase, and the active phase chip.
fn periodic_css(prefix: &str, slots: &[Slot], step_s: f64) -> String {
    let third = pct(1.0, 3.0);
    let start = |k: usize| secs(slots.get(k).map_or(0.0, |s| s.start));
    format!(
        "#{prefix} .pour,#{prefix} .ph{{opacity:0;animation:{prefix}ph {}s step-end infinite}}\
         @keyframes {prefix}ph{{0%{{opacity:1}}{third}{{opacity:0}}}}\
         #{prefix} .pour{{opacity:0;animation-name:{prefix}pour;animation-delay:{}s}}\
         @keyframes {prefix}pour{{0%{{opacity:0.45}}{third}{{opacity:0}}}}\
         #{prefix} .ph12{{opacity:0;animation:{prefix}ph12 {}s step-end infinite {}s}}\
         @keyframes {prefix}ph12{{0%{{opacity:1}}{}{{opacity:0}}}}\
         #{prefix} .ph1{{animation-delay:{}s}}#{prefix} .ph2{{animation-delay:{}s}}#{prefix} .ph3{{animation-delay:{}s}}",
        secs(step_s),
        start(1),
        secs(step_s),
        start(1),
        pct(2.0, 3.0),
        start(1),
        start(2),
        start(3),
    )
}

/// The animated water tanks of `rows` (the engine's step records of steps 1..=N, from the
/// start), on the fixed level scale `range`. The animation starts at step 0, plays fill, pick
/// and drain of every step and loops.
pub fn animated_svg(
    weights: &Weights,
    rows: &[Step],
    range: (i64, i64),
    options: &AnimationOptions,
) -> Result<String, SvgError> {
    let n = weights.len();
    let steps = rows.len() as u64;
    if n > MAX_ANIMATED_NODES {
        return Err(SvgError::TooManyNodes {
            picture: Picture::Animation,
            nodes: n,
            limit: MAX_ANIMATED_NODES,
        });
    }
    if rows.is_empty() {
        return Err(SvgError::NoSteps {
            picture: Picture::Animation,
        });
    }
    if steps > max_animated_steps(n) {
        return Err(SvgError::TooManySteps {
            picture: Picture::Animation,
            steps,
            limit: max_animated_steps(n),
        });
    }
    if !(MIN_STEP_MS..=MAX_STEP_MS).contains(&options.step_ms) {
        return Err(SvgError::StepMs {
            step_ms: options.step_ms,
        });
    }
    let svg_options = &options.svg;
    let width = svg_options.width_or(DEFAULT_WIDTH)?;
    let tie = svg_options.tie;
    let step_s = f64::from(options.step_ms) / 1000.0;
    let phase_s = step_s / 3.0;

    // The timeline, every view from the engine's records.
    let mut slots = vec![Slot {
        view: TankView::start(&rows[0].before),
        start: 0.0,
        duration: step_s,
    }];
    let mut picks = vec![0u64; n];
    for row in rows {
        if let Some(p) = picks.get_mut(row.winner) {
            *p += 1;
        }
        for phase in [Phase::Fill, Phase::Pick, Phase::Drain] {
            let previous = slots.last().map_or(0.0, |s| s.start + s.duration);
            slots.push(Slot {
                view: TankView::of_step(row, phase, &picks),
                start: previous,
                duration: phase_s,
            });
        }
    }
    let total = slots.last().map_or(step_s, |s| s.start + s.duration);
    // The still picture for readers who prefer reduced motion: the first tie, else step 1's pick.
    let poster = slots
        .iter()
        .position(|s| s.view.phase == Phase::Pick && s.view.step.as_ref().is_some_and(Step::is_tie))
        .unwrap_or(2);

    let low = slots
        .iter()
        .flat_map(|s| s.view.levels.iter().copied())
        .fold(range.0, i64::min);
    let high = slots
        .iter()
        .flat_map(|s| s.view.levels.iter().copied())
        .fold(range.1, i64::max);
    let probe = Chrome::new(weights, width, (low, high), 1);
    let captions: Vec<Vec<String>> = slots
        .iter()
        .map(|s| {
            wrap(
                &phase_caption(weights, &s.view, tie),
                probe.chars_per_line,
                MAX_CAPTION_LINES,
            )
        })
        .collect();
    let lines = captions.iter().map(Vec::len).max().unwrap_or(1);
    let chrome = Chrome::new(weights, width, (low, high), lines);
    let g = &chrome.tanks;
    let period = weights.period();
    let prefix = id_prefix(&[
        "animated",
        &weights.canonical_text(),
        &steps.to_string(),
        tie.as_str(),
        &options.step_ms.to_string(),
        &width.to_string(),
    ]);

    let sequence: Vec<&str> = rows.iter().map(|r| weights.name(r.winner)).collect();
    let title = format!(
        "Smooth Weighted Round-Robin for {}: the water tanks, step by step (animation)",
        weights_label(weights)
    );
    let shown = if steps < period {
        format!("the first {steps} of the {period} steps of a period")
    } else if steps == period {
        format!("one period of {period} steps")
    } else {
        format!("{steps} steps (the period is {period})")
    };
    let desc = format!(
        "An animation of {shown}, looping: every step all tanks fill by their weight, the fullest \
         tank is picked (ties: {}), and the picked tank drains by the total {}. Picks: {}.",
        super::text::rule_text(tie),
        weights.total(),
        fit(&sequence.join(" "), 600)
    );

    let mut windows = Windows {
        prefix: &prefix,
        slots: &slots,
        total,
        poster,
        durations: BTreeMap::new(),
    };
    let mut body = Writer::new();

    // Header: step label and phase chips; the active chip repeats every step.
    let mut defs = Writer::new();
    let mut step_track = Track::default();
    let chips = chrome.chips();
    let step_width = format!("Step {steps} of {steps}").chars().count() as f64
        * g.font
        * 1.15
        * super::layout::CHAR_EM;
    let with_chips = chips
        .first()
        .is_some_and(|(_, x, _)| *x > chrome.pad + step_width);
    for (k, slot) in slots.iter().enumerate() {
        let label = if slot.view.t == 0 {
            "Step 0".to_string()
        } else {
            format!("Step {} of {steps}", slot.view.t)
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
    windows.write(&mut body, &step_track);
    body.end();
    body.newline();
    if with_chips {
        let mut on = Writer::new();
        for (k, &(phase, x, chip_w)) in chips.iter().enumerate() {
            chrome.draw_chip(&mut body, x, chip_w, phase, false);
            let poster = if phase == Phase::Pick { " p" } else { "" };
            on.el("g")
                .a("class", format!("ph ph{}{poster}", k + 1))
                .open();
            chrome.draw_chip(&mut on, x, chip_w, phase, true);
            on.end();
        }
        windows.write(&mut body, &Track::span(1, slots.len(), on.into_string()));
        body.newline();
    }

    // The tanks.
    body.el("g")
        .a(
            "transform",
            format!("translate({} {})", num(chrome.pad), num(chrome.tanks_top)),
        )
        .a("font-size", g.font)
        .a("class", "mono")
        .open();
    body.newline();
    let zero = g.y(0);
    let floor = g.floor();
    let mut water_css = String::new();
    // Readers who prefer reduced motion see the poster slot, still.
    let mut poster_css = String::new();
    for (i, node) in weights.nodes().iter().enumerate() {
        let (x, tank_w) = g.tank(i);
        let mid = x + tank_w / 2.0;
        let _ = write!(
            poster_css,
            "#{prefix} .w{i}{{translate:0 {}px}}",
            num(g.y(slots[poster].view.levels[i]) - zero)
        );
        water_css.push_str(&water_keyframes(
            &prefix,
            i,
            &slots,
            total,
            phase_s * MOVE_SHARE,
            |level| g.y(level) - zero,
        ));
        body.el("g")
            .a("class", format!("tank n{}", i % 8))
            .a("data-node", i)
            .a("data-weight", node.weight)
            .open();
        body.el("title")
            .text(&format!("{}: weight {}", node.name, node.weight));
        g.draw_body(&mut body, x, tank_w);
        let clip = format!("{prefix}c{i}");
        body.el("clipPath").a("id", clip.as_str()).open();
        body.el("rect")
            .a("x", x + 1.0)
            .a("y", g.pipe_zone)
            .a("width", (tank_w - 2.0).max(0.5))
            .a("height", (g.tank_height - 1.0).max(0.0))
            .close();
        body.end();
        body.el("g").a("clip-path", format!("url(#{clip})")).open();
        body.el("g")
            .a("class", format!("w{i}"))
            .a("data-zero-y", zero)
            .open();
        body.el("rect")
            .a("class", "water")
            .a("x", x + 1.0)
            .a("y", zero)
            .a("width", (tank_w - 2.0).max(0.5))
            .a("height", floor - g.y(g.high) + 2.0)
            .close();
        let pipe = (g.with_pipes && node.weight > 0).then(|| g.pipe_width(node.weight, tank_w));
        if let Some(pipe) = pipe {
            let mut stream = Writer::new();
            stream
                .el("rect")
                .a("class", "stream pour")
                .a("x", mid - pipe / 2.0)
                .a("y", zero - floor - 2.0)
                .a("width", pipe)
                .a("height", floor + 2.0)
                .close();
            windows.write(
                &mut body,
                &Track::span(1, slots.len(), stream.into_string()),
            );
        }
        body.end();
        body.end();
        g.draw_pipe(&mut body, mid, node.weight, tank_w);
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
            body.el("g")
                .a("class", "level")
                .a(
                    "transform",
                    format!("translate({} {})", num(mid), num(above_zero)),
                )
                .a("text-anchor", "middle")
                .open();
            windows.write(&mut body, &level_track);
            body.end();
            body.end();
            body.el("text")
                .a("class", "name")
                .a("x", mid)
                .a("y", floor + g.font * 1.25)
                .a("text-anchor", "middle")
                .text(&fit(&node.name, g.name_chars(tank_w)));
            body.el("g")
                .a("class", "picks")
                .a(
                    "transform",
                    format!("translate({} {})", num(mid), num(floor + g.font * 2.45)),
                )
                .a("text-anchor", "middle")
                .open();
            windows.write(&mut body, &picks_track);
            body.end();
        }
        // The marks of this tank, used by the pick and drain slots.
        for (id, class, badge) in [("s", "mark sel", "picked"), ("t", "mark tie", "tie")] {
            defs.el("g").a("id", format!("{prefix}{id}{i}")).open();
            defs.el("rect")
                .a("class", class)
                .a("x", x)
                .a("y", g.pipe_zone)
                .a("width", tank_w)
                .a("height", g.tank_height)
                .a("rx", (tank_w / 4.0).min(6.0))
                .close();
            if g.with_text {
                defs.el("text")
                    .a("class", if id == "s" { "badge" } else { "badge tie" })
                    .a("x", mid)
                    .a("y", floor + g.font * 3.65)
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
        if let Some(winner) = slot.view.selected() {
            for i in 0..n {
                let id = if i == winner {
                    "s"
                } else if slot.view.is_tied(i) {
                    "t"
                } else {
                    continue;
                };
                m.el("use").a("href", format!("#{prefix}{id}{i}")).close();
            }
        }
        if !m.is_empty() {
            marks.push(k, m.into_string());
        }
        if let (Some(step), Phase::Drain, true) = (&slot.view.step, slot.view.phase, g.with_text) {
            let mut m = Writer::new();
            m.el("text").text(&format!("↓ −{}", step.total));
            drains[step.winner].push(k, m.into_string());
        }
    }
    windows.write(&mut body, &marks);
    for (i, track) in drains.iter().enumerate() {
        if track.windows.is_empty() {
            continue;
        }
        let (x, tank_w) = g.tank(i);
        body.el("g")
            .a("class", "drain-label")
            .a(
                "transform",
                format!(
                    "translate({} {})",
                    num(x + tank_w / 2.0),
                    num(g.pipe_zone + g.font * 1.3)
                ),
            )
            .a("text-anchor", "middle")
            .open();
        windows.write(&mut body, track);
        body.end();
    }
    g.draw_zero_line(&mut body);
    body.end();
    body.newline();

    // Captions (with the engine's numbers of every slot) and the Σ line.
    let mut caption_track = Track::default();
    let mut sum_track = Track::default();
    let mut sums: Vec<(Phase, String)> = Vec::with_capacity(slots.len());
    for (k, (slot, lines)) in slots.iter().zip(&captions).enumerate() {
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
        let mut m = Writer::new();
        for (line, text) in lines.iter().enumerate() {
            let dy = line as f64 * chrome.line_height;
            m.el("text").opt("y", (line > 0).then_some(dy)).text(text);
        }
        caption_track.push_with(k, attrs, m.into_string());
        let mut m = Writer::new();
        m.el("text").a("data-sum", view.sum()).text(&sum_text(view));
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
    windows.write(&mut body, &caption_track);
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
    windows.write(&mut body, &sum_track);
    body.end();
    body.newline();

    let mut footer = summary_line(weights, svg_options);
    if steps < period && svg_options.footer.is_none() {
        let _ = write!(footer, " · first {steps} of {period} steps");
    }
    chrome.draw_footer(&mut body, &footer);

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

    let mut css = style::stylesheet(svg_options.theme, &[style::TANKS]);
    css.push_str(&water_css);
    css.push_str(&periodic_css(&prefix, &slots, step_s));
    let _ = write!(
        css,
        "#{prefix} .prog{{fill:var(--accent);animation:{prefix}prog {}s linear infinite}}\
         @keyframes {prefix}prog{{0%{{transform:scaleX(0)}}100%{{transform:scaleX(1)}}}}",
        secs(total)
    );
    css.push_str(&windows.css());
    let _ = write!(
        css,
        "@media (prefers-reduced-motion:reduce){{{poster_css}}}"
    );

    let mut w = Writer::new();
    open_root(
        &mut w,
        &Root {
            prefix: &prefix,
            width,
            height: chrome.height,
            scale: 1.0,
            title: &title,
            desc: &desc,
            css: &css,
            kind: "animated",
        },
        &[
            ("data-steps", steps.to_string()),
            ("data-period", period.to_string()),
            ("data-duration", secs(total)),
            ("data-slots", slots.len().to_string()),
            ("data-level-unit", format!("{:.6}", g.y(0) - g.y(1))),
        ],
    );
    w.el("defs").open();
    w.raw(&defs.into_string());
    w.end();
    w.newline();
    w.raw(&body.into_string());
    Ok(w.finish())
}
