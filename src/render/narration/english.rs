//! Coded sentences in English, as the CLI's pictures say them: the catalog's templates
//! (`message::english`) with names as a sentence holds them, levels with a real minus sign, and
//! lists as "A, B and C" — what the page's English says too (www/words/i18n.js `num`, `list`).
//! The facade never words: the page gets the codes.

use super::{Part, Said, LISTED};
use crate::input::text::in_sentence;
use crate::input::weights::vector::Weights;
use crate::message::{english, list_separator, Arg, Message};
use crate::render::words::{sentences, Worded, Wording};

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

impl Part {
    /// The English words of the value; names are those of `weights`.
    fn english(&self, weights: &Weights) -> String {
        let all = |items: &[Part]| -> Vec<String> {
            items.iter().map(|part| part.english(weights)).collect()
        };
        match self {
            Self::Number(n) => n.to_string(),
            Self::Level(level) => signed(*level),
            Self::Node(i) => in_sentence(weights.name(*i)).into_owned(),
            Self::Text(text) => text.clone(),
            Self::Said(said) => said.english(weights),
            Self::List(items) => list(&all(items)),
            Self::Joined(items) => all(items).join(&list_separator()),
            Self::Change { node, from, to } => format!(
                "{} {}→{}",
                in_sentence(weights.name(*node)),
                signed(*from),
                signed(*to)
            ),
        }
    }

    fn arg(&self, weights: &Weights) -> Arg {
        match self {
            Self::Said(said) => said.message(weights).into(),
            _ => Arg::Text(self.english(weights)),
        }
    }
}

impl Said {
    /// The sentence in English, with the names of `weights`.
    #[must_use]
    pub fn english(&self, weights: &Weights) -> String {
        self.message(weights).text
    }

    /// The sentence as a message of the catalog: its code, its parameters in English (a sentence
    /// inside as a message of its own) and its English text.
    #[must_use]
    pub fn message(&self, weights: &Weights) -> Message {
        let params = self
            .params
            .iter()
            .map(|(name, part)| (*name, part.arg(weights)))
            .collect();
        Message {
            code: self.code,
            text: english(self.code, &params),
            params,
        }
    }
}

/// Sentences in English, one after another.
#[must_use]
pub fn english_all(said: &[Said], weights: &Weights) -> String {
    worded_all(said, weights, &Wording::default())
}

/// Sentences in `words`, one after another.
pub(crate) fn worded_all(said: &[Said], weights: &Weights, words: &Wording) -> String {
    let all: Vec<String> = said.iter().map(|s| s.worded(weights, words)).collect();
    sentences(&all)
}

impl Said {
    /// The sentence in `words`, with the names of `weights`.
    pub(crate) fn worded(&self, weights: &Weights, words: &Wording) -> String {
        let params: Vec<(&'static str, Worded)> = self
            .params
            .iter()
            .map(|(name, part)| (*name, part.worded(weights, words)))
            .collect();
        words.word(self.code, &params)
    }
}

impl Part {
    /// The value as `words` take it: a sentence inside worded, lists as items.
    fn worded(&self, weights: &Weights, words: &Wording) -> Worded {
        let items = |items: &[Part]| -> Vec<String> {
            items
                .iter()
                .map(|part| match part.worded(weights, words) {
                    Worded::Text(text) => text,
                    other => other.english(),
                })
                .collect()
        };
        match self {
            Self::Said(said) => Worded::Text(said.worded(weights, words)),
            Self::List(parts) => Worded::List(items(parts)),
            Self::Joined(parts) => Worded::Joined(items(parts)),
            other => Worded::Text(other.english(weights)),
        }
    }
}

/// One message of every narration sentence, with the values of real runs (5,3,2; requests to A,
/// B, C): for `message_samples`, which the page's translation tests word in each language.
pub(crate) fn samples() -> Vec<Message> {
    use Part::{Level, Node, Number};
    let weights: Weights = "A=5 B=3 C=2 D=1 E=1 F=1 G=1 H=1 I=1 J=1 K=1 L=1"
        .parse()
        .expect("the samples' weights parse");
    let say = |code, params| Said::new(code, params);
    let change = |node, from, to| Part::Change { node, from, to };
    let changes = Part::Joined(vec![change(0, 0, 5), change(1, 0, 3), change(2, 0, 2)]);
    let worker = Part::Said(say("narration.worker", vec![("worker", Number(2))]));
    let nodes = |n: usize| (0..n).map(Node).collect::<Vec<_>>();
    let weight_now = say(
        "narration.weight_now",
        vec![("name", Node(1)), ("now", Number(8)), ("weight", Number(3))],
    );
    let recovering = say(
        "narration.recovering_node",
        vec![
            ("name", Node(0)),
            ("added", Number(2)),
            ("weight", Number(5)),
        ],
    );
    let attempt = |worker: Part| {
        vec![
            ("t", Number(4)),
            ("request", Number(3)),
            ("attempt", Number(2)),
            ("worker", worker),
        ]
    };
    let mut attempt_fill = attempt(Part::Text(String::new()));
    attempt_fill.push(("changes", changes.clone()));
    let name_request = |name, request| vec![("name", Node(name)), ("request", Number(request))];
    let tie = |code| {
        say(
            code,
            vec![
                ("names", Part::List(nodes(2))),
                ("level", Level(4)),
                ("name", Node(0)),
            ],
        )
    };
    let drain = vec![
        ("name", Node(0)),
        ("total", Number(10)),
        ("from", Level(5)),
        ("to", Level(-5)),
    ];
    let mut drain_own = drain.clone();
    drain_own.extend([("added", Number(10)), ("kept", Number(5))]);
    let sentences = [
        say("narration.picture_start", vec![]),
        say("narration.caption_start", vec![]),
        say(
            "narration.fill",
            vec![("t", Number(1)), ("changes", changes.clone())],
        ),
        say("narration.caption_fill", vec![("changes", changes.clone())]),
        say(
            "narration.fill_eligible",
            vec![("t", Number(3)), ("changes", changes.clone())],
        ),
        say(
            "narration.caption_fill_eligible",
            vec![("changes", changes.clone())],
        ),
        say("narration.attempt_lead", attempt(worker)),
        say("narration.attempt_fill", attempt_fill),
        say(
            "narration.caption_attempt_fill",
            vec![
                ("request", Number(3)),
                ("attempt", Number(2)),
                ("changes", changes),
            ],
        ),
        say(
            "narration.more",
            vec![("list", Part::Joined(nodes(LISTED))), ("count", Number(4))],
        ),
        say(
            "narration.events",
            vec![("events", Part::Text("@3 B dead".into()))],
        ),
        say("narration.reset", vec![]),
        say("narration.out", vec![("names", Part::List(vec![Node(2)]))]),
        say(
            "narration.weights_now",
            vec![("list", Part::List(vec![Part::Said(weight_now.clone())]))],
        ),
        weight_now,
        say(
            "narration.recovering",
            vec![("list", Part::List(vec![Part::Said(recovering.clone())]))],
        ),
        recovering,
        say(
            "narration.pick",
            vec![("name", Node(0)), ("level", Level(5))],
        ),
        tie("narration.tie_first"),
        tie("narration.tie_last"),
        say("narration.no_pick", vec![]),
        say("narration.drain", drain),
        say("narration.drain_own", drain_own),
        say(
            "narration.tried",
            vec![("names", Part::List(vec![Node(0)]))],
        ),
        say(
            "narration.skipped",
            vec![("name", Node(1)), ("fails", Number(1)), ("max", Number(1))],
        ),
        say(
            "narration.skipped_alive",
            vec![
                ("name", Node(1)),
                ("timeout", Number(60)),
                ("failed", Number(1)),
                ("request", Number(63)),
                ("second", Number(62)),
            ],
        ),
        say(
            "narration.backups_wait",
            vec![("names", Part::List(vec![Node(2)]))],
        ),
        say("narration.on_backups", vec![]),
        say("narration.none_left", vec![("request", Number(6))]),
        say("narration.answered", name_request(1, 2)),
        say("narration.answered_at", {
            let mut params = name_request(2, 3);
            params.push(("attempt", Number(2)));
            params
        }),
        say(
            "narration.refused_counted",
            vec![
                ("name", Node(0)),
                ("fails", Number(1)),
                ("max", Number(3)),
                ("effective", Number(4)),
                ("request", Number(3)),
            ],
        ),
        say("narration.refused_uncounted", name_request(0, 3)),
        say("narration.refused_last", name_request(0, 3)),
        say("narration.sum", vec![("sum", Level(-2))]),
        say(
            "narration.sum_added",
            vec![("sum", Level(10)), ("added", Level(10))],
        ),
        say("narration.sum_conserved", vec![]),
    ];
    sentences.iter().map(|s| s.message(&weights)).collect()
}
