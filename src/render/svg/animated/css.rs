//! The animation's moving parts as CSS: the water of each tank, what repeats every step, and
//! the progress bar.

use std::fmt::Write as _;

use super::timeline::{pct, secs, Slot};
use crate::render::svg::writer::num;

/// The water's keyframes for one tank: a plateau per level, eased moves of `move_s` between.
pub(super) fn water_keyframes(
    prefix: &str,
    i: usize,
    slots: &[Slot],
    total: f64,
    move_s: f64,
    offset: impl Fn(i64) -> f64,
) -> String {
    // (time, level) points: the level holds from a point to the next. The loop opens on step
    // 0's level, as its words do (a run that ends elsewhere jumps back when the loop restarts).
    let first_level = slots.first().map_or(0, |s| s.view.levels[i]);
    let mut points: Vec<(f64, i64)> = vec![(0.0, first_level)];
    let mut current = first_level;
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
pub(super) fn periodic_css(prefix: &str, slots: &[Slot], step_s: f64) -> String {
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

/// The progress bar filling along the bottom over the whole loop.
pub(super) fn progress_css(prefix: &str, total: f64) -> String {
    format!(
        "#{prefix} .prog{{fill:var(--accent);animation:{prefix}prog {}s linear infinite}}\
         @keyframes {prefix}prog{{0%{{transform:scaleX(0)}}100%{{transform:scaleX(1)}}}}",
        secs(total)
    )
}
