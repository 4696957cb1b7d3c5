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

mod css;
mod labels;
mod scene;
mod tanks;
mod timeline;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::engine::step::Step;
use crate::input::weights::vector::Weights;
use crate::render::svg::characters::Face;
use crate::render::svg::error::{Picture, SvgError};
use crate::render::svg::layout::{scale_holding, Chrome};
use crate::render::svg::limits::{DEFAULT_STEP_MS, DEFAULT_WIDTH, MAX_STEP_MS, MIN_STEP_MS};
use crate::render::svg::marks::{has_servers, REFUSED, SERVERS};
use crate::render::svg::options::SvgOptions;
use crate::render::svg::root::{id_prefix, weights_label, Root};
use crate::render::svg::style;
use crate::render::svg::tank_narration::phase_caption;
use crate::render::svg::text::{fit, rule_text, sum_text, wrap};
use crate::render::svg::writer::Writer;
use crate::render::words::{args, Args};
use css::{periodic_css, progress_css};
use scene::Scene;
use timeline::{secs, timeline, Windows};

/// Most caption lines; longer captions end with `…`.
const MAX_CAPTION_LINES: usize = 2;

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
    Picture::Animation.fit(n, Some(steps))?;
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

    let (slots, total, poster) = timeline(rows, n, step_s, phase_s);

    let (low, high) = scale_holding(
        range,
        slots.iter().flat_map(|s| s.view.levels.iter().copied()),
    );
    let probe = Chrome::new(weights, width, (low, high), 1);
    let captions: Vec<Vec<String>> = slots
        .iter()
        .map(|s| {
            wrap(
                &phase_caption(weights, &s.view, svg_options),
                Face::Sans,
                probe.caption_room,
                MAX_CAPTION_LINES,
            )
        })
        .collect();
    let lines = captions.iter().map(Vec::len).max().unwrap_or(1);
    let sum_lines = slots
        .iter()
        .map(|s| {
            probe
                .sum_lines(&sum_text(weights, &s.view, svg_options))
                .len()
        })
        .max()
        .unwrap_or(1);
    let mut chrome = Chrome::new(weights, width, (low, high), lines).with_sum_lines(sum_lines);
    // A weight an event raises shows as a larger `+w` in its slots.
    let largest_added = slots.iter().map(|s| s.view.largest_added(n)).max();
    chrome.tanks = chrome.tanks.holding_label(largest_added.unwrap_or(0));
    let period = weights.period();
    let prefix = id_prefix(&[
        "animated",
        &weights.canonical_text(),
        &steps.to_string(),
        tie.as_str(),
        &options.step_ms.to_string(),
        &width.to_string(),
    ]);

    // "-": an attempt that found no server (a 502).
    let sequence: Vec<&str> = rows
        .iter()
        .map(|r| {
            if r.picked() {
                weights.name(r.winner)
            } else {
                "-"
            }
        })
        .collect();
    let say = |code: &str, params: &Args| svg_options.say(code, params);
    let title = say(
        "figure.animated_title",
        &args!["weights" => weights_label(weights)],
    );
    let shown = if steps == period {
        say("figure.animated_period", &args!["period" => period])
    } else {
        let code = if steps < period {
            "figure.animated_first"
        } else {
            "figure.animated_steps"
        };
        say(code, &args!["steps" => steps, "period" => period])
    };
    // Failures, events or backups: some tanks sit out some steps, and the total drained varies.
    let plain = rows
        .iter()
        .all(|r| r.eligible.iter().all(|&e| e) && r.total == weights.total() as i64);
    let picks = fit(&sequence.join(" "), 600);
    let desc = if plain {
        say(
            "figure.animated_desc",
            &args![
                "shown" => shown.as_str(),
                "rule" => rule_text(tie, svg_options),
                "total" => weights.total(),
                "picks" => picks,
            ],
        )
    } else {
        say(
            "figure.animated_desc_varied",
            &args![
                "shown" => shown.as_str(),
                "rule" => rule_text(tie, svg_options),
                "picks" => picks,
            ],
        )
    };

    let scene = Scene {
        weights,
        slots,
        total,
        poster,
        phase_s,
        steps,
        chrome,
        captions,
        prefix,
    };
    let (chrome, slots, prefix) = (&scene.chrome, &scene.slots, scene.prefix.as_str());
    let g = &chrome.tanks;
    let mut windows = Windows {
        prefix,
        slots,
        total,
        poster,
        durations: BTreeMap::new(),
    };
    let mut body = Writer::new();
    let mut defs = Writer::new();
    labels::header(&scene, svg_options, &mut windows, &mut body);
    let (water_css, poster_css) =
        tanks::tanks(&scene, svg_options, &mut windows, &mut body, &mut defs);
    labels::captions(&scene, svg_options, &mut windows, &mut body);

    labels::footer(&scene, svg_options, width, &mut body);

    let mut rules = vec![style::TANKS];
    if slots.iter().any(|s| s.view.refused().is_some()) {
        rules.push(REFUSED);
    }
    let requests = slots
        .iter()
        .filter_map(|s| s.view.step.as_ref()?.request.as_ref());
    if has_servers(requests) {
        rules.push(SERVERS);
    }
    let mut css = style::stylesheet(svg_options.theme, prefix, &rules);
    css.push_str(&water_css);
    css.push_str(&periodic_css(prefix, slots, step_s));
    css.push_str(&progress_css(prefix, total));
    css.push_str(&windows.css());
    let _ = write!(
        css,
        "@media (prefers-reduced-motion:reduce){{{poster_css}}}"
    );

    let mut w = Root::new("animated", prefix, width, chrome.height)
        .texts(&title, &desc, &css)
        .open(&[
            ("data-steps", steps.to_string()),
            ("data-period", period.to_string()),
            ("data-duration", secs(total)),
            ("data-slots", slots.len().to_string()),
            ("data-level-unit", format!("{:.6}", g.y(0) - g.y(1))),
        ]);
    w.el("defs").open();
    w.raw(&defs.into_string());
    w.end();
    w.newline();
    w.raw(&body.into_string());
    Ok(w.finish())
}
