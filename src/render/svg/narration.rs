//! The narration of a tank picture, as the page says it (www/stage/narration.js,
//! www/requests/request-narration.js, their English in www/words/en/): what the step did up to
//! its phase — the events before it, the fill (only the tanks that could be picked add), who sat
//! out and why, weights in effect that differ from the typed ones, the pick, the drain, and for a
//! run of requests how the attempt ended. Every number comes from the engine's `Step`.

use std::borrow::Cow;

use crate::engine::nginx::request::{Outcome, RequestStep};
use crate::engine::state::AlgorithmState;
use crate::engine::step::Step;
use crate::input::text::in_sentence;
use crate::input::weights::vector::Weights;
use crate::render::svg::frame::{Phase, TankFrame};
use crate::render::svg::options::SvgOptions;
use crate::render::svg::text::{list, rule_text, signed, LISTED};

/// The names of nodes `indices`, as a sentence lists them: at most [`LISTED`], then "and N more".
fn names_of(weights: &Weights, indices: &[usize]) -> String {
    let names: Vec<Cow<str>> = indices
        .iter()
        .take(LISTED)
        .map(|&i| in_sentence(weights.name(i)))
        .collect();
    if indices.len() > LISTED {
        format!("{} and {} more", names.join(", "), indices.len() - LISTED)
    } else {
        list(&names)
    }
}

/// Nodes of `step` that could not be picked, in list order.
fn out_nodes(step: &Step) -> Vec<usize> {
    (0..step.eligible.len())
        .filter(|&i| !step.eligible[i])
        .collect()
}

/// The fill sentence's list of changes: `A 0→5, B 2→5, C −2→0` (at most [`LISTED`] named).
fn changes(weights: &Weights, step: &Step) -> String {
    let items: Vec<String> = step
        .before
        .iter()
        .zip(&step.filled)
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

/// "Step 7, request 6, attempt 1" (and the worker when several serve).
fn attempt_of(step: &Step, r: &RequestStep, options: &SvgOptions) -> String {
    let worker = if options.workers > 1 {
        format!(" (worker {})", r.worker + 1)
    } else {
        String::new()
    };
    format!(
        "Step {}, request {}, attempt {}{worker}",
        step.t, r.request, r.attempt
    )
}

/// Why the tanks that could not be picked at an attempt sat out, one sentence per reason.
fn request_out_sentences(weights: &Weights, step: &Step, r: &RequestStep) -> Vec<String> {
    let out = out_nodes(step);
    let mut sentences = Vec::new();
    let tried: Vec<usize> = out.iter().copied().filter(|&i| r.tried[i]).collect();
    if !tried.is_empty() {
        sentences.push(format!(
            "Already tried in this request, so not in this fill: {}.",
            names_of(weights, &tried)
        ));
    }
    for &i in out.iter().filter(|&&i| !r.tried[i] && r.disabled[i]) {
        sentences.push(format!(
            "{} is skipped: it failed {}× within fail_timeout (max_fails={}).",
            in_sentence(weights.name(i)),
            r.fails[i],
            r.max_fails[i]
        ));
    }
    let on_backups = (0..step.eligible.len()).any(|i| step.eligible[i] && r.backup[i]);
    let rest: Vec<usize> = out
        .iter()
        .copied()
        .filter(|&i| !r.tried[i] && !r.disabled[i])
        .collect();
    let waiting: Vec<usize> = rest.iter().copied().filter(|&i| r.backup[i]).collect();
    if !waiting.is_empty() && !on_backups {
        sentences.push(format!(
            "The backup servers wait while a primary server can be picked: {}.",
            names_of(weights, &waiting)
        ));
    }
    if on_backups {
        sentences.push(
            "No primary server can be picked: the backup servers take the request, with levels \
             of their own."
                .into(),
        );
    }
    let other: Vec<usize> = rest.into_iter().filter(|&i| !r.backup[i]).collect();
    if !other.is_empty() && !on_backups {
        sentences.push(out_sentence(weights, &other));
    }
    sentences
}

/// "C could not be picked this step and added nothing."
fn out_sentence(weights: &Weights, out: &[usize]) -> String {
    format!(
        "{} could not be picked this step and added nothing.",
        names_of(weights, out)
    )
}

/// What the attempt came to, once the winner drained (or at once when no server was left).
fn request_outcome(weights: &Weights, step: &Step, r: &RequestStep) -> String {
    if r.outcome == Outcome::None {
        return format!(
            "No server can be picked for request {}: nginx answers it with 502.",
            r.request
        );
    }
    let w = step.winner;
    let name = in_sentence(weights.name(w));
    let request = r.request;
    match r.outcome {
        Outcome::Answered if r.attempt > 1 => {
            format!(
                "{name} answers request {request}, at attempt {}.",
                r.attempt
            )
        }
        Outcome::Answered => format!("{name} answers request {request}."),
        _ if r.last => format!(
            "✗ {name} refuses the connection and no try is left: nginx answers request \
             {request} with 502."
        ),
        _ if r.max_fails[w] == 0 => format!(
            "✗ {name} refuses the connection; with max_fails=0 nginx holds nothing against it, \
             and request {request} is retried on the servers not yet tried."
        ),
        _ => {
            let effective = match &step.state {
                AlgorithmState::Swrr(s) => s.effective[w],
                _ => step.weights[w],
            };
            format!(
                "✗ {name} refuses the connection: nginx counts the failure ({} of max_fails={}), \
                 its effective weight is now {effective}, and request {request} is retried on the \
                 servers not yet tried.",
                r.fails[w], r.max_fails[w]
            )
        }
    }
}

/// "Events before this pick: @3 B dead." when the scenario put events on this step.
fn event_sentence(step: &Step) -> Option<String> {
    (!step.events.is_empty())
        .then(|| format!("Events before this pick: {}.", step.events.join("; ")))
}

/// Weights in effect that differ from the typed ones (events, slow start), and nodes that add
/// less than their weight while they recover from a failure.
fn weight_sentences(weights: &Weights, step: &Step) -> Vec<String> {
    let mut sentences = Vec::new();
    let changed: Vec<String> = (0..step.weights.len())
        .filter(|&i| u64::try_from(step.weights[i]).ok() != Some(weights.nodes()[i].weight))
        .take(LISTED)
        .map(|i| {
            format!(
                "{} {} (typed {})",
                in_sentence(weights.name(i)),
                step.weights[i],
                weights.nodes()[i].weight
            )
        })
        .collect();
    if !changed.is_empty() {
        sentences.push(format!(
            "Weights in effect at this step: {}.",
            list(&changed)
        ));
    }
    if let AlgorithmState::Swrr(state) = &step.state {
        let reduced: Vec<String> = (0..state.added.len())
            .filter(|&i| step.eligible[i] && state.added[i] < step.weights[i])
            .take(LISTED)
            .map(|i| {
                format!(
                    "{} {} of {}",
                    in_sentence(weights.name(i)),
                    state.added[i],
                    step.weights[i]
                )
            })
            .collect();
        if !reduced.is_empty() {
            sentences.push(format!(
                "Recovering from a failure, {} add less than their weight.",
                list(&reduced)
            ));
        }
    }
    sentences
}

/// The fill: what the tanks that could be picked added, who sat out and why, and the weights
/// that differ from the typed ones.
fn fill_sentences(weights: &Weights, step: &Step, options: &SvgOptions) -> Vec<String> {
    let mut sentences: Vec<String> = event_sentence(step).into_iter().collect();
    match &step.request {
        Some(r) => sentences.push(format!(
            "{}: the tanks that can be picked fill by their weight: {}.",
            attempt_of(step, r, options),
            changes(weights, step)
        )),
        None => sentences.push(format!(
            "Step {}: every tank fills by its weight: {}.",
            step.t,
            changes(weights, step)
        )),
    }
    sentences.extend(weight_sentences(weights, step));
    match &step.request {
        Some(r) => sentences.extend(request_out_sentences(weights, step, r)),
        None => {
            let out = out_nodes(step);
            if !out.is_empty() {
                sentences.push(out_sentence(weights, &out));
            }
        }
    }
    sentences
}

/// The pick sentence.
fn pick_sentence(weights: &Weights, step: &Step, options: &SvgOptions) -> String {
    if !step.picked() {
        return "No server can be picked: nginx answers 502.".into();
    }
    let name = in_sentence(weights.name(step.winner));
    let level = signed(step.filled[step.winner]);
    if step.is_tie() {
        format!(
            "{} tie at {level}; {name} wins ({}).",
            names_of(weights, &step.tied),
            rule_text(options.tie)
        )
    } else {
        format!("{name} is the fullest at {level} and is picked.")
    }
}

/// The drain sentence, and for a run of requests what the attempt came to.
fn drain_sentences(weights: &Weights, step: &Step) -> Vec<String> {
    let mut sentences = Vec::new();
    if step.picked() {
        sentences.push(format!(
            "{} drains by {}: {}→{}.",
            in_sentence(weights.name(step.winner)),
            step.total,
            signed(step.filled[step.winner]),
            signed(step.drained[step.winner])
        ));
    }
    if let Some(r) = &step.request {
        sentences.push(request_outcome(weights, step, r));
    }
    sentences
}

/// An attempt that found no server: nothing filled, nothing to pick.
fn none_left(weights: &Weights, step: &Step, options: &SvgOptions) -> Option<String> {
    let r = step
        .request
        .as_ref()
        .filter(|r| r.outcome == Outcome::None)?;
    let mut sentences: Vec<String> = event_sentence(step).into_iter().collect();
    sentences.push(format!("{}:", attempt_of(step, r, options)));
    sentences.extend(request_out_sentences(weights, step, r));
    sentences.push(request_outcome(weights, step, r));
    Some(sentences.join(" "))
}

/// The page's narration of a view: what the step did up to its phase.
pub(crate) fn narrate(weights: &Weights, view: &TankFrame, options: &SvgOptions) -> String {
    let Some(step) = &view.step else {
        return "Step 0: every tank is at 0. Every step, every tank fills by its weight.".into();
    };
    if let Some(text) = none_left(weights, step, options) {
        return text;
    }
    let mut sentences = fill_sentences(weights, step, options);
    if matches!(view.phase, Phase::Pick | Phase::Drain) {
        sentences.push(pick_sentence(weights, step, options));
    }
    if view.phase == Phase::Drain {
        sentences.extend(drain_sentences(weights, step));
    }
    sentences.join(" ")
}

/// The short caption of one phase, for the animation (read in a fraction of a second): the fill
/// and who sat out, the pick, or the drain and how the attempt ended.
pub(crate) fn phase_caption(weights: &Weights, view: &TankFrame, options: &SvgOptions) -> String {
    let Some(step) = &view.step else {
        return "Every tank starts at 0.".into();
    };
    if let Some(text) = none_left(weights, step, options) {
        return text;
    }
    match view.phase {
        Phase::Start | Phase::Fill => {
            let mut sentences = vec![match &step.request {
                Some(r) => format!(
                    "Request {}, attempt {}: the tanks that can be picked fill by their weight: {}.",
                    r.request,
                    r.attempt,
                    changes(weights, step)
                ),
                None => format!(
                    "Every tank fills by its weight: {}.",
                    changes(weights, step)
                ),
            }];
            let out = out_nodes(step);
            if !out.is_empty() {
                sentences.push(out_sentence(weights, &out));
            }
            sentences.join(" ")
        }
        Phase::Pick => pick_sentence(weights, step, options),
        Phase::Drain => drain_sentences(weights, step).join(" "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Swrr, Trace};

    #[test]
    fn a_right_to_left_name_is_isolated_in_the_narration() {
        let weights: Weights = "שרת=5 B=3".parse().unwrap();
        let mut trace = Trace::new(Swrr::new(&weights));
        let options = SvgOptions::default();
        let view = TankFrame::at(&mut trace, 2, Phase::Drain).unwrap();
        assert_eq!(
            narrate(&weights, &view, &options),
            "Step 2: every tank fills by its weight: \u{2068}שרת\u{2069} −3→2, B 3→6. \
             B is the fullest at 6 and is picked. B drains by 8: 6→−2."
        );
        let view = TankFrame::at(&mut trace, 1, Phase::Drain).unwrap();
        assert!(
            narrate(&weights, &view, &options).ends_with("\u{2068}שרת\u{2069} drains by 8: 5→−3.")
        );
    }
}
