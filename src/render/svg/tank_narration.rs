//! The narration of a tank picture, as the page says it (www/stage/narration.js,
//! www/requests/request-narration.js): what the step did up to its phase — the events before it,
//! the fill (only the tanks that could be picked add), who sat out and why, weights in effect that
//! differ from the typed ones, the pick, the drain, and for a run of requests how the attempt
//! ended. Its sentences are the catalog's `narration.*` entries, which the page words too
//! ([`Sentence`]). Every number comes from the engine's `Step`.

use std::borrow::Cow;

use crate::engine::nginx::request::{Outcome, RequestStep};
use crate::engine::state::AlgorithmState;
use crate::engine::step::Step;
use crate::input::text::in_sentence;
use crate::input::weights::vector::Weights;
use crate::render::svg::frame::{Phase, TankFrame};
use crate::render::svg::options::SvgOptions;
use crate::render::svg::sentences::Sentence;
use crate::render::svg::text::{list, signed, LISTED};

/// The names of nodes `indices`, as a sentence lists them: at most [`LISTED`], then "and N more".
fn names_of(weights: &Weights, indices: &[usize]) -> String {
    let names: Vec<Cow<str>> = indices
        .iter()
        .take(LISTED)
        .map(|&i| in_sentence(weights.name(i)))
        .collect();
    if indices.len() > LISTED {
        Sentence::More {
            list: names.join(", "),
            count: indices.len() - LISTED,
        }
        .to_string()
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
        Sentence::More {
            list: items[..LISTED].join(", "),
            count: items.len() - LISTED,
        }
        .to_string()
    } else {
        items.join(", ")
    }
}

/// The worker of an attempt, counted from 1, when several serve.
fn worker_of(r: &RequestStep, options: &SvgOptions) -> Option<usize> {
    (options.workers > 1).then_some(r.worker + 1)
}

/// Why the tanks that could not be picked at an attempt sat out, one sentence per reason.
fn request_out_sentences(weights: &Weights, step: &Step, r: &RequestStep) -> Vec<String> {
    let out = out_nodes(step);
    let mut sentences = Vec::new();
    let tried: Vec<usize> = out.iter().copied().filter(|&i| r.tried[i]).collect();
    if !tried.is_empty() {
        sentences.push(
            Sentence::Tried {
                names: names_of(weights, &tried),
            }
            .to_string(),
        );
    }
    for &i in out.iter().filter(|&&i| !r.tried[i] && r.disabled[i]) {
        sentences.push(
            Sentence::Skipped {
                name: in_sentence(weights.name(i)).into_owned(),
                fails: r.fails[i],
                max: r.max_fails[i],
            }
            .to_string(),
        );
    }
    let on_backups = (0..step.eligible.len()).any(|i| step.eligible[i] && r.backup[i]);
    let rest: Vec<usize> = out
        .iter()
        .copied()
        .filter(|&i| !r.tried[i] && !r.disabled[i])
        .collect();
    let waiting: Vec<usize> = rest.iter().copied().filter(|&i| r.backup[i]).collect();
    if !waiting.is_empty() && !on_backups {
        sentences.push(
            Sentence::BackupsWait {
                names: names_of(weights, &waiting),
            }
            .to_string(),
        );
    }
    if on_backups {
        sentences.push(Sentence::OnBackups.to_string());
    }
    let other: Vec<usize> = rest.into_iter().filter(|&i| !r.backup[i]).collect();
    if !other.is_empty() && !on_backups {
        sentences.push(out_sentence(weights, &other));
    }
    sentences
}

/// "C could not be picked this step and added nothing."
fn out_sentence(weights: &Weights, out: &[usize]) -> String {
    Sentence::Out {
        names: names_of(weights, out),
    }
    .to_string()
}

/// What the attempt came to, once the winner drained (or at once when no server was left).
fn request_outcome(weights: &Weights, step: &Step, r: &RequestStep) -> String {
    let request = r.request;
    if r.outcome == Outcome::None {
        return Sentence::NoneLeft { request }.to_string();
    }
    let w = step.winner;
    let name = in_sentence(weights.name(w)).into_owned();
    match r.outcome {
        Outcome::Answered if r.attempt > 1 => Sentence::AnsweredAt {
            name,
            request,
            attempt: r.attempt,
        },
        Outcome::Answered => Sentence::Answered { name, request },
        _ if r.last => Sentence::RefusedLast { name, request },
        _ if r.max_fails[w] == 0 => Sentence::RefusedUncounted { name, request },
        _ => Sentence::RefusedCounted {
            name,
            fails: r.fails[w],
            max: r.max_fails[w],
            effective: match &step.state {
                AlgorithmState::Swrr(s) => s.effective[w],
                _ => step.weights[w],
            },
            request,
        },
    }
    .to_string()
}

/// "Events before this pick: @3 B dead." when the scenario put events on this step.
fn event_sentence(step: &Step) -> Option<String> {
    (!step.events.is_empty()).then(|| {
        Sentence::Events {
            events: step.events.join("; "),
        }
        .to_string()
    })
}

/// `sentence` of `items` listed, when there are any.
fn listed(items: &[String], sentence: impl Fn(String) -> Sentence) -> Option<String> {
    (!items.is_empty()).then(|| sentence(list(items)).to_string())
}

/// Weights in effect that differ from the typed ones (events, slow start), and nodes that add
/// less than their weight while they recover from a failure.
fn weight_sentences(weights: &Weights, step: &Step) -> Vec<String> {
    let changed: Vec<String> = (0..step.weights.len())
        .filter(|&i| u64::try_from(step.weights[i]).ok() != Some(weights.nodes()[i].weight))
        .take(LISTED)
        .map(|i| {
            Sentence::WeightNow {
                name: in_sentence(weights.name(i)).into_owned(),
                now: step.weights[i],
                weight: weights.nodes()[i].weight,
            }
            .to_string()
        })
        .collect();
    let reduced: Vec<String> = match &step.state {
        AlgorithmState::Swrr(state) => (0..state.added.len())
            .filter(|&i| step.eligible[i] && state.added[i] < step.weights[i])
            .take(LISTED)
            .map(|i| {
                Sentence::RecoveringNode {
                    name: in_sentence(weights.name(i)).into_owned(),
                    added: state.added[i],
                    weight: step.weights[i],
                }
                .to_string()
            })
            .collect(),
        _ => Vec::new(),
    };
    [
        listed(&changed, |list| Sentence::WeightsNow { list }),
        listed(&reduced, |list| Sentence::Recovering { list }),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The fill: what the tanks that could be picked added, who sat out and why, and the weights
/// that differ from the typed ones.
fn fill_sentences(weights: &Weights, step: &Step, options: &SvgOptions) -> Vec<String> {
    let mut sentences: Vec<String> = event_sentence(step).into_iter().collect();
    let changes = changes(weights, step);
    let fill = match &step.request {
        Some(r) => Sentence::AttemptFill {
            t: step.t,
            request: r.request,
            attempt: r.attempt,
            worker: worker_of(r, options),
            changes,
        },
        None => Sentence::Fill { t: step.t, changes },
    };
    sentences.push(fill.to_string());
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
        return Sentence::NoPick.to_string();
    }
    let name = in_sentence(weights.name(step.winner)).into_owned();
    let level = signed(step.filled[step.winner]);
    if step.is_tie() {
        Sentence::Tie {
            names: names_of(weights, &step.tied),
            level,
            name,
            tie: options.tie,
        }
    } else {
        Sentence::Pick { name, level }
    }
    .to_string()
}

/// The drain sentence, and for a run of requests what the attempt came to.
fn drain_sentences(weights: &Weights, step: &Step) -> Vec<String> {
    let mut sentences = Vec::new();
    if step.picked() {
        sentences.push(
            Sentence::Drain {
                name: in_sentence(weights.name(step.winner)).into_owned(),
                total: step.total,
                from: signed(step.filled[step.winner]),
                to: signed(step.drained[step.winner]),
            }
            .to_string(),
        );
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
    sentences.push(
        Sentence::AttemptLead {
            t: step.t,
            request: r.request,
            attempt: r.attempt,
            worker: worker_of(r, options),
        }
        .to_string(),
    );
    sentences.extend(request_out_sentences(weights, step, r));
    sentences.push(request_outcome(weights, step, r));
    Some(sentences.join(" "))
}

/// The page's narration of a view: what the step did up to its phase.
pub(crate) fn narrate(weights: &Weights, view: &TankFrame, options: &SvgOptions) -> String {
    let Some(step) = &view.step else {
        return Sentence::PictureStart.to_string();
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
        return Sentence::CaptionStart.to_string();
    };
    if let Some(text) = none_left(weights, step, options) {
        return text;
    }
    match view.phase {
        Phase::Start | Phase::Fill => {
            let changes = changes(weights, step);
            let fill = match &step.request {
                Some(r) => Sentence::CaptionAttemptFill {
                    request: r.request,
                    attempt: r.attempt,
                    changes,
                },
                None => Sentence::CaptionFill { changes },
            };
            let mut sentences = vec![fill.to_string()];
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
