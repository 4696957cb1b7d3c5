//! The words of the pictures, as the page says them (www/words/i18n.js, www/stage/narration.js):
//! numbers with a real minus sign, lists, the narration of a step and the Σ line. Every number
//! comes from the engine's `Step`; nothing here recomputes a pick.

use std::borrow::Cow;

use crate::engine::options::TieRule;
use crate::input::text::in_sentence;
use crate::input::weights::vector::Weights;
use crate::render::svg::frame::{Phase, TankFrame};

/// Nodes listed by name in the fill sentence before "and N more" (the page's too: the facade's
/// `limits`).
pub(crate) const LISTED: usize = 8;

/// Numbers as people read them: `−5` with a real minus sign.
pub(crate) fn signed(value: i64) -> String {
    if value < 0 {
        format!("−{}", value.unsigned_abs())
    } else {
        value.to_string()
    }
}

/// "A", "A and B", "A, B and C".
pub(crate) fn list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

/// "first in list" / "last in list".
pub(crate) fn rule_text(tie: TieRule) -> &'static str {
    match tie {
        TieRule::First => "first in list",
        TieRule::Last => "last in list",
    }
}

/// The fill sentence's list of changes: `A 0→5, B 2→5, C −2→0` (at most [`LISTED`] named).
fn changes(weights: &Weights, before: &[i64], after: &[i64]) -> String {
    let items: Vec<String> = before
        .iter()
        .zip(after)
        .enumerate()
        .map(|(i, (b, a))| {
            format!(
                "{} {}→{}",
                in_sentence(weights.name(i)),
                signed(*b),
                signed(*a)
            )
        })
        .collect();
    if items.len() > LISTED {
        format!(
            "{} and {} more",
            items[..LISTED].join(", "),
            items.len() - LISTED
        )
    } else {
        items.join(", ")
    }
}

/// The pick sentence.
fn pick_sentence(weights: &Weights, view: &TankFrame, tie: TieRule) -> String {
    let Some(step) = &view.step else {
        return String::new();
    };
    if !step.picked() {
        return "No server can be picked: nginx answers 502.".into();
    }
    let name = in_sentence(weights.name(step.winner));
    let level = signed(step.filled[step.winner]);
    if step.is_tie() {
        let names: Vec<Cow<str>> = step
            .tied
            .iter()
            .map(|&i| in_sentence(weights.name(i)))
            .collect();
        format!(
            "{} tie at {level}; {name} wins ({}).",
            list(&names),
            rule_text(tie)
        )
    } else {
        format!("{name} is the fullest at {level} and is picked.")
    }
}

/// The drain sentence.
fn drain_sentence(weights: &Weights, view: &TankFrame) -> String {
    let Some(step) = view.step.as_ref().filter(|s| s.picked()) else {
        return String::new();
    };
    format!(
        "{} drains by {}: {}→{}.",
        in_sentence(weights.name(step.winner)),
        step.total,
        signed(step.filled[step.winner]),
        signed(step.drained[step.winner])
    )
}

/// The page's narration of a view: what the step did up to its phase.
pub(crate) fn narrate(weights: &Weights, view: &TankFrame, tie: TieRule) -> String {
    let Some(step) = &view.step else {
        return "Step 0: every tank is at 0. Every step, every tank fills by its weight.".into();
    };
    let mut sentences = vec![format!(
        "Step {}: every tank fills by its weight: {}.",
        view.t,
        changes(weights, &step.before, &step.filled)
    )];
    if matches!(view.phase, Phase::Pick | Phase::Drain) {
        sentences.push(pick_sentence(weights, view, tie));
    }
    if view.phase == Phase::Drain {
        sentences.push(drain_sentence(weights, view));
    }
    sentences.join(" ")
}

/// The short caption of one phase, for the animation (one sentence, read in a fraction of a second).
pub(crate) fn phase_caption(weights: &Weights, view: &TankFrame, tie: TieRule) -> String {
    let Some(step) = &view.step else {
        return "Every tank starts at 0.".into();
    };
    match view.phase {
        Phase::Start | Phase::Fill => format!(
            "Every tank fills by its weight: {}.",
            changes(weights, &step.before, &step.filled)
        ),
        Phase::Pick => pick_sentence(weights, view, tie),
        Phase::Drain => drain_sentence(weights, view),
    }
}

/// The Σ line: W right after the fill, 0 again after the drain.
pub(crate) fn sum_text(view: &TankFrame) -> String {
    let sum = view.sum();
    match (&view.step, view.phase) {
        (Some(step), Phase::Fill | Phase::Pick) => {
            let added = sum - step.before.iter().sum::<i64>();
            format!(
                "Σ levels = {}: the {} just added",
                signed(sum),
                signed(added)
            )
        }
        _ if sum == 0 => "Σ levels = 0: conserved".into(),
        _ => format!("Σ levels = {}", signed(sum)),
    }
}

/// Breaks `text` into lines of at most `width` characters, at spaces; a word longer than a line
/// is cut. At most `max_lines` lines: the last one ends with `…` when text was left out.
pub(crate) fn wrap(text: &str, width: usize, max_lines: usize) -> Vec<String> {
    let width = width.max(8);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word.to_string();
        loop {
            let used = line.chars().count();
            let len = word.chars().count();
            let needed = if used == 0 { len } else { used + 1 + len };
            if needed <= width {
                if used > 0 {
                    line.push(' ');
                }
                line.push_str(&word);
                break;
            }
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than a whole line: cut it.
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            lines.push(head);
            if word.is_empty() {
                break;
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            let mut cut: String = last.chars().take(width.saturating_sub(1)).collect();
            cut.push('…');
            *last = cut;
        }
    }
    lines
}

/// Shortens `text` to at most `max` characters with an ellipsis (the full text stays in titles).
pub(crate) fn fit(text: &str, max: usize) -> String {
    let max = max.max(1);
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut short: String = text.chars().take(max.saturating_sub(1).max(1)).collect();
        short.push('…');
        short
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_numbers() {
        assert_eq!(list(&["A"]), "A");
        assert_eq!(list(&["A", "B"]), "A and B");
        assert_eq!(list(&["A", "B", "C"]), "A, B and C");
        assert_eq!(signed(-5), "−5");
        assert_eq!(signed(i64::MIN), "−9223372036854775808");
    }

    #[test]
    fn a_right_to_left_name_is_isolated_in_the_narration() {
        use crate::engine::{Swrr, Trace};
        let weights: Weights = "שרת=5 B=3".parse().unwrap();
        let mut trace = Trace::new(Swrr::new(&weights));
        let view = TankFrame::at(&mut trace, 2, Phase::Drain).unwrap();
        assert_eq!(
            narrate(&weights, &view, TieRule::First),
            "Step 2: every tank fills by its weight: \u{2068}שרת\u{2069} −3→2, B 3→6. \
             B is the fullest at 6 and is picked. B drains by 8: 6→−2."
        );
        let view = TankFrame::at(&mut trace, 1, Phase::Drain).unwrap();
        assert!(narrate(&weights, &view, TieRule::First)
            .ends_with("\u{2068}שרת\u{2069} drains by 8: 5→−3."));
    }

    #[test]
    fn wrapping() {
        assert_eq!(wrap("aaaa bbbb cc", 9, 9), ["aaaa bbbb", "cc"]);
        assert_eq!(wrap("abcdefghijkl", 8, 9), ["abcdefgh", "ijkl"]);
        assert_eq!(wrap("aa bb cc dd ee ff", 8, 1), ["aa bb c…"]);
        assert_eq!(fit("abcdef", 4), "abc…");
        assert_eq!(fit("abc", 4), "abc");
    }
}
