//! The sentences of a picture's narration as messages of the catalog: the `narration.*` entries
//! of www/core-messages.js (Chinese in www/words/core-messages-zh.js). The page words the same
//! entries, as `core.narration.*` (www/stage/narration.js, www/requests/request-narration.js), so
//! each sentence is written once. Numbers come in as the engine has them; levels come signed
//! (`−5`), names as a sentence shows them and lists already joined.

use crate::engine::options::TieRule;
use crate::message::{coded, Arg, Coded, Message};

/// One sentence of the narration of a step, or a piece of one (a list item, the worker, "and N
/// more").
#[derive(Debug, Clone)]
pub(crate) enum Sentence {
    /// Step 0 in a still picture.
    PictureStart,
    /// Step 0 in the animation's caption.
    CaptionStart,
    /// The fill: `changes` is "A 0→5, B 0→3".
    Fill {
        t: u64,
        changes: String,
    },
    /// The fill in the animation's caption.
    CaptionFill {
        changes: String,
    },
    /// How an attempt that fills nothing opens: "Step 4, request 3, attempt 2:".
    AttemptLead {
        t: u64,
        request: u64,
        attempt: u32,
        worker: Option<usize>,
    },
    /// The fill of an attempt of a request.
    AttemptFill {
        t: u64,
        request: u64,
        attempt: u32,
        worker: Option<usize>,
        changes: String,
    },
    /// The fill of an attempt in the animation's caption.
    CaptionAttemptFill {
        request: u64,
        attempt: u32,
        changes: String,
    },
    /// " (worker 2)", counted from 1, when several workers serve.
    Worker {
        worker: usize,
    },
    /// A list cut short: "A, B, … H and 4 more".
    More {
        list: String,
        count: usize,
    },
    /// "Events before this pick: @3 B dead."
    Events {
        events: String,
    },
    /// Nodes that could not be picked at a step.
    Out {
        names: String,
    },
    /// Weights in effect that differ from the typed ones; `list` of [`Sentence::WeightNow`].
    WeightsNow {
        list: String,
    },
    WeightNow {
        name: String,
        now: i64,
        weight: u64,
    },
    /// Nodes that add less than their weight; `list` of [`Sentence::RecoveringNode`].
    Recovering {
        list: String,
    },
    RecoveringNode {
        name: String,
        added: i64,
        weight: i64,
    },
    Pick {
        name: String,
        level: String,
    },
    Tie {
        names: String,
        level: String,
        name: String,
        tie: TieRule,
    },
    /// A step where no server could be picked.
    NoPick,
    Drain {
        name: String,
        total: i64,
        from: String,
        to: String,
    },
    /// Nodes already tried in this request.
    Tried {
        names: String,
    },
    /// A node skipped for its failures.
    Skipped {
        name: String,
        fails: u64,
        max: u64,
    },
    BackupsWait {
        names: String,
    },
    OnBackups,
    /// An attempt that found no server: 502.
    NoneLeft {
        request: u64,
    },
    Answered {
        name: String,
        request: u64,
    },
    /// Answered at a later attempt.
    AnsweredAt {
        name: String,
        request: u64,
        attempt: u32,
    },
    /// Refused; nginx counts the failure and retries the request.
    RefusedCounted {
        name: String,
        fails: u64,
        max: u64,
        effective: i64,
        request: u64,
    },
    /// Refused with max_fails=0: nothing counted, retried.
    RefusedUncounted {
        name: String,
        request: u64,
    },
    /// Refused at the last try: 502.
    RefusedLast {
        name: String,
        request: u64,
    },
    /// The Σ line.
    Sum {
        sum: String,
    },
    /// The Σ line right after the fill.
    SumAdded {
        sum: String,
        added: String,
    },
    SumConserved,
}

/// The worker of an attempt as a parameter: " (worker 2)", or nothing when one worker serves.
fn worker(worker: Option<usize>) -> Arg {
    match worker {
        Some(worker) => Sentence::Worker { worker }.message().into(),
        None => "".into(),
    }
}

fn tie_code(tie: TieRule) -> &'static str {
    match tie {
        TieRule::First => "narration.tie_first",
        TieRule::Last => "narration.tie_last",
    }
}

coded! {
    display Sentence: NARRATION;
    Self::PictureStart => "narration.picture_start" [],
    Self::CaptionStart => "narration.caption_start" [],
    Self::Fill { t, changes } => "narration.fill" ["t" => *t, "changes" => changes],
    Self::CaptionFill { changes } => "narration.caption_fill" ["changes" => changes],
    Self::AttemptLead { t, request, attempt, worker: w } => "narration.attempt_lead"
        ["t" => *t, "request" => *request, "attempt" => *attempt, "worker" => worker(*w)],
    Self::AttemptFill { t, request, attempt, worker: w, changes } => "narration.attempt_fill"
        ["t" => *t, "request" => *request, "attempt" => *attempt, "worker" => worker(*w), "changes" => changes],
    Self::CaptionAttemptFill { request, attempt, changes } => "narration.caption_attempt_fill"
        ["request" => *request, "attempt" => *attempt, "changes" => changes],
    Self::Worker { worker } => "narration.worker" ["worker" => *worker],
    Self::More { list, count } => "narration.more" ["list" => list, "count" => *count],
    Self::Events { events } => "narration.events" ["events" => events],
    Self::Out { names } => "narration.out" ["names" => names],
    Self::WeightsNow { list } => "narration.weights_now" ["list" => list],
    Self::WeightNow { name, now, weight } => "narration.weight_now"
        ["name" => name, "now" => *now, "weight" => *weight],
    Self::Recovering { list } => "narration.recovering" ["list" => list],
    Self::RecoveringNode { name, added, weight } => "narration.recovering_node"
        ["name" => name, "added" => *added, "weight" => *weight],
    Self::Pick { name, level } => "narration.pick" ["name" => name, "level" => level],
    Self::Tie { names, level, name, tie } => (tie_code(*tie))
        ["names" => names, "level" => level, "name" => name],
    Self::NoPick => "narration.no_pick" [],
    Self::Drain { name, total, from, to } => "narration.drain"
        ["name" => name, "total" => *total, "from" => from, "to" => to],
    Self::Tried { names } => "narration.tried" ["names" => names],
    Self::Skipped { name, fails, max } => "narration.skipped"
        ["name" => name, "fails" => *fails, "max" => *max],
    Self::BackupsWait { names } => "narration.backups_wait" ["names" => names],
    Self::OnBackups => "narration.on_backups" [],
    Self::NoneLeft { request } => "narration.none_left" ["request" => *request],
    Self::Answered { name, request } => "narration.answered" ["name" => name, "request" => *request],
    Self::AnsweredAt { name, request, attempt } => "narration.answered_at"
        ["name" => name, "request" => *request, "attempt" => *attempt],
    Self::RefusedCounted { name, fails, max, effective, request } => "narration.refused_counted"
        ["name" => name, "fails" => *fails, "max" => *max, "effective" => *effective, "request" => *request],
    Self::RefusedUncounted { name, request } => "narration.refused_uncounted"
        ["name" => name, "request" => *request],
    Self::RefusedLast { name, request } => "narration.refused_last"
        ["name" => name, "request" => *request],
    Self::Sum { sum } => "narration.sum" ["sum" => sum],
    Self::SumAdded { sum, added } => "narration.sum_added" ["sum" => sum, "added" => added],
    Self::SumConserved => "narration.sum_conserved" [],
}

/// One message of every sentence, with the values of real runs (5,3,2; requests to A, B, C):
/// for `message_samples`, which the page's translation tests word in each language.
pub(crate) fn samples() -> Vec<Message> {
    let name = |n: &str| n.to_string();
    let sentences = [
        Sentence::PictureStart,
        Sentence::CaptionStart,
        Sentence::Fill {
            t: 1,
            changes: "A 0→5, B 0→3, C 0→2".into(),
        },
        Sentence::CaptionFill {
            changes: "A −5→0, B 3→6, C 2→4".into(),
        },
        Sentence::AttemptLead {
            t: 4,
            request: 3,
            attempt: 2,
            worker: Some(2),
        },
        Sentence::AttemptFill {
            t: 4,
            request: 3,
            attempt: 2,
            worker: None,
            changes: "A 0→5, B 0→3".into(),
        },
        Sentence::CaptionAttemptFill {
            request: 3,
            attempt: 2,
            changes: "A 0→5, B 0→3".into(),
        },
        Sentence::More {
            list: "A, B, C, D, E, F, G, H".into(),
            count: 4,
        },
        Sentence::Events {
            events: "@3 B dead".into(),
        },
        Sentence::Out { names: name("C") },
        Sentence::WeightsNow {
            list: Sentence::WeightNow {
                name: name("B"),
                now: 8,
                weight: 3,
            }
            .to_string(),
        },
        Sentence::WeightNow {
            name: name("B"),
            now: 8,
            weight: 3,
        },
        Sentence::Recovering {
            list: "A 2 of 5".into(),
        },
        Sentence::RecoveringNode {
            name: name("A"),
            added: 2,
            weight: 5,
        },
        Sentence::Pick {
            name: name("A"),
            level: "5".into(),
        },
        Sentence::Tie {
            names: "A and B".into(),
            level: "4".into(),
            name: name("A"),
            tie: TieRule::First,
        },
        Sentence::Tie {
            names: "A and B".into(),
            level: "4".into(),
            name: name("B"),
            tie: TieRule::Last,
        },
        Sentence::NoPick,
        Sentence::Drain {
            name: name("A"),
            total: 10,
            from: "5".into(),
            to: "−5".into(),
        },
        Sentence::Tried { names: name("A") },
        Sentence::Skipped {
            name: name("B"),
            fails: 1,
            max: 1,
        },
        Sentence::BackupsWait { names: name("C") },
        Sentence::OnBackups,
        Sentence::NoneLeft { request: 6 },
        Sentence::Answered {
            name: name("B"),
            request: 2,
        },
        Sentence::AnsweredAt {
            name: name("C"),
            request: 3,
            attempt: 2,
        },
        Sentence::RefusedCounted {
            name: name("A"),
            fails: 1,
            max: 3,
            effective: 4,
            request: 3,
        },
        Sentence::RefusedUncounted {
            name: name("A"),
            request: 3,
        },
        Sentence::RefusedLast {
            name: name("A"),
            request: 3,
        },
        Sentence::Sum { sum: "−2".into() },
        Sentence::SumAdded {
            sum: "10".into(),
            added: "10".into(),
        },
        Sentence::SumConserved,
    ];
    sentences.iter().map(Coded::message).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_are_the_catalogs_with_their_values() {
        let fill = Sentence::AttemptFill {
            t: 7,
            request: 6,
            attempt: 1,
            worker: Some(2),
            changes: "A 0→5, B 0→3".into(),
        };
        assert_eq!(
            fill.to_string(),
            "Step 7, request 6, attempt 1 (worker 2): the tanks that can be picked fill by their \
             weight: A 0→5, B 0→3."
        );
        let message = fill.message();
        assert_eq!(message.code, "narration.attempt_fill");
        let Some(Arg::Message(worker)) = message.arg("worker") else {
            panic!("the worker is a message of its own: {message:?}")
        };
        assert_eq!(worker.code, "narration.worker");
        let alone = Sentence::AttemptLead {
            t: 7,
            request: 6,
            attempt: 1,
            worker: None,
        };
        assert_eq!(alone.to_string(), "Step 7, request 6, attempt 1:");
        let tie = Sentence::Tie {
            names: "A and B".into(),
            level: "−4".into(),
            name: "B".into(),
            tie: TieRule::Last,
        };
        assert_eq!(tie.to_string(), "A and B tie at −4; B wins (last in list).");
    }
}
