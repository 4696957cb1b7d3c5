//! The whole-number flags. clap's own refusals ("invalid digit found in string", "0 is not in
//! 1..=64") say neither what is wrong nor what is accepted; these say both, in the catalog's
//! words where the page refuses the same value (seed, dispatch seed, rate, workers, width,
//! exercise, step, steps).

use std::ops::RangeInclusive;

use swrr_viz::engine::{Dispatch, MAX_RATE, MAX_WORKERS};
use swrr_viz::input::{quoted_value, MAX_STEP};
use swrr_viz::message::{english, Arg};
use swrr_viz::metrics::{MetricsError, MAX_RUN_STEPS};
use swrr_viz::render::{SvgError, MAX_STEP_MS, MAX_WIDTH, MIN_STEP_MS, MIN_WIDTH};
use swrr_viz::teach::MAX_EXERCISE;

fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// `text` (spaces around it ignored) as a whole number in `range`.
fn whole(text: &str, range: RangeInclusive<u64>) -> Option<u64> {
    let digits = text.trim();
    if !is_digits(digits) {
        return None;
    }
    digits.parse::<u64>().ok().filter(|n| range.contains(n))
}

/// The value as a message shows it: digits as a number, other text quoted.
fn shown(text: &str) -> String {
    let digits = text.trim();
    if is_digits(digits) {
        digits.to_string()
    } else {
        format!("\"{}\"", quoted_value(text))
    }
}

fn say(code: &str, params: Vec<(&'static str, Arg)>) -> String {
    english(code, &params)
}

/// `--seed`: 0 to 2^64 − 1, as the page's seed.
pub fn seed(text: &str) -> Result<u64, String> {
    whole(text, 0..=u64::MAX).ok_or_else(|| {
        say(
            "options.seed_text",
            vec![
                ("text", quoted_value(text).into()),
                ("max", u64::MAX.into()),
            ],
        )
    })
}

/// `--dispatch-seed`: a seed, or empty for the workers in turn (as the page's field).
pub fn dispatch(text: &str) -> Result<Dispatch, String> {
    if text.trim().is_empty() {
        return Ok(Dispatch::InTurn);
    }
    whole(text, 0..=u64::MAX)
        .map(Dispatch::Seeded)
        .ok_or_else(|| {
            say(
                "options.dispatch",
                vec![
                    ("text", quoted_value(text).into()),
                    ("max", u64::MAX.into()),
                ],
            )
        })
}

fn traffic(text: &str, what: &'static str, max: u64) -> Result<u64, String> {
    whole(text, 1..=max).ok_or_else(|| {
        say(
            "options.traffic",
            vec![
                ("what", what.into()),
                ("max", max.into()),
                ("value", shown(text).into()),
            ],
        )
    })
}

/// `--rate`: 1 to [`MAX_RATE`] requests a second.
pub fn rate(text: &str) -> Result<u64, String> {
    traffic(text, "rate", MAX_RATE)
}

/// `--workers`: 1 to [`MAX_WORKERS`].
pub fn workers(text: &str) -> Result<usize, String> {
    traffic(text, "workers", MAX_WORKERS as u64).map(|w| w as usize)
}

/// `--steps` of `seq` and `trace`: a run of at least one step (`trace` then says how many rows
/// it prints at most).
pub fn run_steps(text: &str) -> Result<u64, String> {
    whole(text, 1..=u64::MAX).ok_or_else(|| steps_refused(text, u64::MAX))
}

/// `--steps` of `metrics`: any digits pass (the core says why 0 or too many cannot be measured);
/// other text is refused in the core's words.
pub fn metrics_steps(text: &str) -> Result<u64, String> {
    whole(text, 0..=u64::MAX).ok_or_else(|| steps_refused(text, MAX_RUN_STEPS))
}

/// Whether `text` (spaces around it ignored) is a whole number, perhaps negative: refused as out
/// of range rather than as not a number.
fn is_signed_whole(text: &str) -> bool {
    let digits = text.trim();
    is_digits(digits.strip_prefix('-').unwrap_or(digits))
}

/// A run's steps refused: a whole number out of `1..=max`, or text that is none.
fn steps_refused(text: &str, max: u64) -> String {
    if !is_signed_whole(text) {
        return steps_not_whole(text);
    }
    say(
        "metrics.steps_out_of_range",
        vec![("steps", shown(text).into()), ("max", max.into())],
    )
}

fn steps_not_whole(text: &str) -> String {
    MetricsError::StepsNotWhole {
        text: text.to_string(),
    }
    .to_string()
}

/// `--steps` of `svg`: digits pass (the picture says how many it shows); other text is refused.
pub fn picture_steps(text: &str) -> Result<u64, String> {
    whole(text, 0..=u64::MAX).ok_or_else(|| {
        format!(
            "{} (how many a picture shows depends on --kind)",
            steps_not_whole(text)
        )
    })
}

/// `--window`: digits pass (the core refuses 0); other text is refused.
pub fn window(text: &str) -> Result<u64, String> {
    whole(text, 0..=u64::MAX).ok_or_else(|| {
        format!(
            "window {} is not a whole number: write the picks per window with digits only, 1 or more",
            shown(text)
        )
    })
}

/// Text that is no whole number, for a picture's flag that takes `min..=max`.
fn picture_not_whole(name: &'static str, text: &str, min: u64, max: u64) -> String {
    SvgError::NotWhole {
        name,
        text: text.to_string(),
        min,
        max,
    }
    .to_string()
}

/// `--step` of `svg`: 0 to [`MAX_STEP`].
pub fn step(text: &str) -> Result<u64, String> {
    whole(text, 0..=MAX_STEP).ok_or_else(|| {
        if !is_signed_whole(text) {
            return picture_not_whole("step", text, 0, MAX_STEP);
        }
        say(
            "seek.out_of_range",
            vec![("step", shown(text).into()), ("max", MAX_STEP.into())],
        )
    })
}

/// `text` as a whole number in `range`, for the flags that hold a `u32`.
fn whole_u32(text: &str, range: RangeInclusive<u32>) -> Option<u32> {
    let (min, max) = range.into_inner();
    whole(text, u64::from(min)..=u64::from(max)).map(|n| n as u32)
}

/// Refuses `text` for the picture's number `name`: with `code`, which names the value `key` and
/// the range `min..=max` the picture takes, when it is a whole number; else as no whole number.
fn out_of_picture_range(
    code: &str,
    name: &'static str,
    key: &'static str,
    text: &str,
    (min, max): (u32, u32),
) -> String {
    if !is_signed_whole(text) {
        return picture_not_whole(name, text, min.into(), max.into());
    }
    say(
        code,
        vec![
            (key, shown(text).into()),
            ("min", min.into()),
            ("max", max.into()),
        ],
    )
}

/// `--width`: [`MIN_WIDTH`] to [`MAX_WIDTH`] pixels.
pub fn width(text: &str) -> Result<u32, String> {
    whole_u32(text, MIN_WIDTH..=MAX_WIDTH).ok_or_else(|| {
        out_of_picture_range(
            "svg.width",
            "--width",
            "width",
            text,
            (MIN_WIDTH, MAX_WIDTH),
        )
    })
}

/// `--step-ms`: any u32 passes (only `--kind animated` reads it, and checks it); other text is
/// refused with the range an animation takes.
pub fn step_ms(text: &str) -> Result<u32, String> {
    whole_u32(text, 0..=u32::MAX).ok_or_else(|| {
        let range = (MIN_STEP_MS, MAX_STEP_MS);
        out_of_picture_range("svg.step_ms", "step-ms", "value", text, range)
    })
}

/// `exercise N`: 1 to [`MAX_EXERCISE`].
pub fn exercise(text: &str) -> Result<u64, String> {
    whole(text, 1..=MAX_EXERCISE).ok_or_else(|| {
        say(
            "quiz.no_such_exercise",
            vec![("number", shown(text).into()), ("max", MAX_EXERCISE.into())],
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_say_what_is_accepted() {
        assert_eq!(
            seed("-1").unwrap_err(),
            "seed \"-1\" is not a whole number from 0 to 18446744073709551615: write it with digits only"
        );
        assert_eq!(
            workers("0").unwrap_err(),
            "workers must be a whole number from 1 to 64, got 0"
        );
        assert_eq!(
            width("-5").unwrap_err(),
            "width \"-5\" is out of range: the width is 240 to 4096 pixels"
        );
        assert_eq!(dispatch(" "), Ok(Dispatch::InTurn));
        assert_eq!(run_steps(" 7 "), Ok(7));
        // A negative number is out of range (tests/cli/flags.rs); a decimal is not a whole number.
        assert_eq!(
            run_steps("1.5").unwrap_err(),
            "steps \"1.5\" is not a whole number: write it with digits only, 1 or more"
        );
    }
}
