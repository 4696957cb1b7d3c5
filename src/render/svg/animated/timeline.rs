//! The animation's timeline: slots (step 0, then fill, pick and drain of every step), and the
//! windows that show an element from one slot to another with shared CSS classes.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::engine::step::Step;
use crate::render::svg::frame::{Phase, TankFrame};
use crate::render::svg::writer::Writer;

/// One slot of the timeline: what the tanks show, from `start` for `duration` seconds.
pub(super) struct Slot {
    pub view: TankFrame,
    pub start: f64,
    pub duration: f64,
}

/// An element shown during slots `first..last` (exclusive).
pub(super) struct Window {
    pub first: usize,
    pub last: usize,
    pub attrs: Vec<(&'static str, String)>,
    pub body: String,
}

/// The windows of one thing that changes: consecutive slots with the same markup share a window.
#[derive(Default)]
pub(super) struct Track {
    pub windows: Vec<Window>,
}

impl Track {
    pub fn push(&mut self, slot: usize, body: String) {
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
    pub fn span(first: usize, last: usize, body: String) -> Self {
        Self {
            windows: vec![Window {
                first,
                last,
                attrs: Vec::new(),
                body,
            }],
        }
    }

    pub fn push_with(&mut self, slot: usize, attrs: Vec<(&'static str, String)>, body: String) {
        self.windows.push(Window {
            first: slot,
            last: slot + 1,
            attrs,
            body,
        });
    }
}

/// Values separated by spaces, for a data attribute.
pub(super) fn spaced<T: ToString>(values: &[T]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Seconds with at most three decimals.
pub(super) fn secs(value: f64) -> String {
    let text = format!("{value:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text.is_empty() {
        "0".into()
    } else {
        text.to_string()
    }
}

/// A keyframe offset with at most three decimals.
pub(super) fn pct(time: f64, total: f64) -> String {
    let text = format!("{:.3}", (time / total * 100.0).clamp(0.0, 100.0));
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{}%", if text.is_empty() { "0" } else { text })
}

/// Builds the window classes and writes windows: the shared "visible for d" animations and one
/// delay class per slot start.
pub(super) struct Windows<'a> {
    pub prefix: &'a str,
    pub slots: &'a [Slot],
    pub total: f64,
    pub poster: usize,
    /// duration (ms, rounded) → class index
    pub durations: BTreeMap<u64, usize>,
}

impl Windows<'_> {
    pub fn class(&mut self, first: usize, last: usize) -> String {
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

    pub fn write(&mut self, w: &mut Writer, track: &Track) {
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
    pub fn css(&self) -> String {
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

/// The slots of `rows` (steps 1..=N from the start, `n` nodes): step 0 for a whole step, then fill, pick and
/// drain of every step for `phase_s` each. Also gives the loop's length in seconds and the poster
/// slot, the still picture for readers who prefer reduced motion: the first tie, else step 1's
/// pick.
pub(super) fn timeline(
    rows: &[Step],
    n: usize,
    step_s: f64,
    phase_s: f64,
) -> (Vec<Slot>, f64, usize) {
    let mut slots = vec![Slot {
        view: TankFrame::start(&rows[0].before),
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
                view: TankFrame::of_step(row, phase, &picks),
                start: previous,
                duration: phase_s,
            });
        }
    }
    let total = slots.last().map_or(step_s, |s| s.start + s.duration);
    let poster = slots
        .iter()
        .position(|s| s.view.phase == Phase::Pick && s.view.step.as_ref().is_some_and(Step::is_tie))
        .unwrap_or(2);
    (slots, total, poster)
}
