//! Scenarios: events on the timeline of a run, in one text syntax shared by the page, the URL and
//! the CLI (`--scenario`).
//!
//! ```text
//! scenario = event { (";" | newline) event }
//! event    = "@" STEP NODE action
//! action   = "=" WEIGHT [policy]              set the weight from step STEP on
//!          | "drain" [policy]                 weight 0: the node stays, never picked
//!          | "down" | "up"                    out of (back into) the pool, level kept
//!          | "slowstart" STEPS [curve]        (re)join, weight ramping from 1 over STEPS steps
//!          | "dead" [health]                  every attempt on NODE fails (connection refused)
//!          | "alive"                          NODE answers again
//!          | "fail" [COUNT] [health]          NODE's next COUNT attempts fail (default 1)
//!          | "backup" | "primary"             NODE is (no longer) a backup server
//!          | health                           only new max_fails / fail_timeout settings
//! health   = ("max_fails=" N | "timeout=" SECONDS) ...   nginx's max_fails and fail_timeout
//! policy   = "keep" (default) | "reset" | "reset-node" | "scale"
//! curve    = "linear" (default) | "dubbo"
//! ```
//!
//! NODE is a name from the weights (`A`, `gpu`, `10.0.0.1:80`) or `#k` for the k-th node.
//! An event at step k happens just before request k (its first attempt); while every attempt
//! is answered a request is one pick. Events at the same step apply in text order.

use crate::input::limits::MAX_EVENTS;
use crate::input::limits::MAX_FAILS;
use crate::input::limits::MAX_RAMP_STEPS;
use crate::input::limits::MAX_STEP;
use crate::input::limits::MAX_WEIGHT;
use crate::input::scenario::error::{EventToken, Expected, NodeList, NumberKind, ScenarioError};
use crate::input::scenario::events::event_text;
use crate::input::scenario::events::Action;
use crate::input::scenario::events::Curve;
use crate::input::scenario::events::Event;
use crate::input::scenario::events::HealthSettings;
use crate::input::scenario::events::Policy;
use crate::input::scenario::events::Scenario;
use crate::input::text::{split_words, Position, Word};
use crate::input::weights::vector::Weights;

impl Scenario {
    /// Parses a scenario text against the nodes of `weights`; an empty text is no events.
    pub fn parse(text: &str, weights: &Weights) -> Result<Self, ScenarioError> {
        let raw = split_events(text);
        if raw.len() > MAX_EVENTS {
            return Err(ScenarioError::TooManyEvents {
                count: raw.len(),
                max: MAX_EVENTS,
            });
        }
        let mut events = raw
            .iter()
            .enumerate()
            .map(|(i, tokens)| parse_event(tokens, i + 1, weights).map(|e| (i, e)))
            .collect::<Result<Vec<_>, _>>()?;
        // By step; same-step events keep their text order (the index makes the key total, so
        // the unstable sort, smaller in the wasm, gives the stable order).
        events.sort_unstable_by_key(|(i, e)| (e.step, *i));
        Ok(Self::from_sorted(
            events.into_iter().map(|(_, e)| e).collect(),
        ))
    }
}

/// Events split on `;` and newlines; inside an event, tokens split on whitespace, with `=` a
/// token of its own. Empty events (`;;`, blank lines) are dropped.
fn split_events(text: &str) -> Vec<Vec<Word>> {
    let mut events = Vec::new();
    let last = split_words(
        text,
        |ch| ch == ';' || ch == '\n' || ch.is_whitespace() || ch == '=',
        |ch, position, tokens| {
            if ch == '=' {
                tokens.push(Word {
                    text: "=".into(),
                    position,
                });
            }
            if (ch == ';' || ch == '\n') && !tokens.is_empty() {
                events.push(std::mem::take(tokens));
            }
        },
    );
    if !last.is_empty() {
        events.push(last);
    }
    events
}

struct EventParser<'a> {
    tokens: &'a [Word],
    next: usize,
    event: usize,
}

impl<'a> EventParser<'a> {
    fn token(&self, tok: &Word) -> EventToken {
        EventToken {
            text: crate::input::text::quoted(&tok.text, crate::input::text::QUOTED_CHARS),
            event: self.event,
            position: tok.position,
        }
    }

    fn peek(&self) -> Option<&'a Word> {
        self.tokens.get(self.next)
    }

    fn take(&mut self) -> Option<&'a Word> {
        let tok = self.tokens.get(self.next);
        self.next += 1;
        tok
    }

    fn end(&self) -> Position {
        self.tokens
            .last()
            .map_or(Position { line: 1, column: 1 }, Word::end)
    }

    /// A whole number in `min..=max`; `what` and the range go into the message.
    fn number(&mut self, what: NumberKind, min: u64, max: u64) -> Result<u64, ScenarioError> {
        let event = self.event;
        let end = self.end();
        let Some(tok) = self.take() else {
            return Err(ScenarioError::BadNumber {
                token: EventToken {
                    text: String::new(),
                    event,
                    position: end,
                },
                what,
                min,
                max,
            });
        };
        let token = self.token(tok);
        parse_whole(&tok.text)
            .filter(|n| (min..=max).contains(n))
            .ok_or(ScenarioError::BadNumber {
                token,
                what,
                min,
                max,
            })
    }

    /// An optional trailing word from `choices`, or the end of the event.
    fn optional_word<T>(
        &mut self,
        parse: impl Fn(&str) -> Option<T>,
        expected: Expected,
    ) -> Result<Option<T>, ScenarioError> {
        let Some(tok) = self.peek() else {
            return Ok(None);
        };
        match parse(&tok.text) {
            Some(value) => {
                self.next += 1;
                Ok(Some(value))
            }
            None => Err(ScenarioError::Unexpected {
                token: self.token(tok),
                expected,
            }),
        }
    }

    fn finish(&self, expected: Expected) -> Result<(), ScenarioError> {
        match self.peek() {
            None => Ok(()),
            Some(tok) => Err(ScenarioError::Unexpected {
                token: self.token(tok),
                expected,
            }),
        }
    }
}

const NEXT_EVENT: Expected = Expected::NextEvent;

fn parse_event(tokens: &[Word], event: usize, weights: &Weights) -> Result<Event, ScenarioError> {
    let mut p = EventParser {
        tokens,
        next: 0,
        event,
    };
    let step = parse_step(&mut p)?;
    let Some(node_tok) = p.take() else {
        return Err(ScenarioError::MissingNode {
            event,
            position: p.end(),
        });
    };
    let node =
        resolve_node(&node_tok.text, weights).map_err(|suggestion| ScenarioError::UnknownNode {
            token: p.token(node_tok),
            nodes: node_list(weights),
            suggestion: suggestion.map(|s| crate::input::text::shortened(&s, 24)),
        })?;
    let Some(action_tok) = p.take() else {
        return Err(ScenarioError::MissingAction {
            event,
            position: p.end(),
        });
    };
    let action_word = action_tok.text.to_ascii_lowercase();
    let action_token = p.token(action_tok);
    let action = match action_word.as_str() {
        "=" => {
            let weight = p.number(NumberKind::Weight, 0, MAX_WEIGHT)?;
            let policy = p
                .optional_word(Policy::parse, Expected::Policy)?
                .unwrap_or_default();
            p.finish(NEXT_EVENT)?;
            Action::SetWeight { weight, policy }
        }
        "drain" => {
            let policy = p
                .optional_word(Policy::parse, Expected::Policy)?
                .unwrap_or_default();
            p.finish(NEXT_EVENT)?;
            Action::Drain { policy }
        }
        "down" | "up" => {
            p.finish(NEXT_EVENT)?;
            if action_word == "down" {
                Action::Down
            } else {
                Action::Up
            }
        }
        "slowstart" | "slow-start" | "slow_start" => {
            let steps = p.number(NumberKind::SlowStartSteps, 1, MAX_RAMP_STEPS)?;
            let curve = p
                .optional_word(
                    |w| match w.to_ascii_lowercase().as_str() {
                        "linear" => Some(Curve::Linear),
                        "dubbo" => Some(Curve::Dubbo),
                        _ => None,
                    },
                    Expected::Curve,
                )?
                .unwrap_or_default();
            p.finish(NEXT_EVENT)?;
            Action::SlowStart { steps, curve }
        }
        "fail" => parse_fail(&mut p)?,
        "dead" => Action::Dead {
            settings: parse_health(&mut p, HealthSettings::default())?,
        },
        "alive" | "backup" | "primary" => {
            p.finish(NEXT_EVENT)?;
            match action_word.as_str() {
                "alive" => Action::Alive,
                "backup" => Action::Backup,
                _ => Action::Primary,
            }
        }
        word if health_key(word) => {
            // `@1 C max_fails=3 timeout=30`: the settings alone, as an upstream's server line.
            p.next -= 1;
            Action::Configure {
                settings: parse_health(&mut p, HealthSettings::default())?,
            }
        }
        _ => return Err(ScenarioError::UnknownAction(action_token)),
    };
    let text = event_text(step, weights.name(node), &action);
    Ok(Event {
        step,
        node,
        action,
        text,
    })
}

fn parse_step(p: &mut EventParser<'_>) -> Result<u64, ScenarioError> {
    let first = p.take().expect("events are never empty");
    let first_token = p.token(first);
    let digits = if first.text == "@" {
        match p.take() {
            Some(tok) => (tok.text.clone(), p.token(tok)),
            None => {
                return Err(ScenarioError::BadStep {
                    token: first_token,
                    max: MAX_STEP,
                })
            }
        }
    } else if let Some(rest) = first.text.strip_prefix('@') {
        (rest.to_string(), first_token.clone())
    } else {
        return Err(ScenarioError::MissingStep(first_token));
    };
    parse_whole(&digits.0)
        .filter(|&s| (1..=MAX_STEP).contains(&s))
        .ok_or(ScenarioError::BadStep {
            token: digits.1,
            max: MAX_STEP,
        })
}

fn parse_fail(p: &mut EventParser<'_>) -> Result<Action, ScenarioError> {
    let count = match p.peek() {
        Some(tok) if tok.text.bytes().all(|b| b.is_ascii_digit()) => {
            p.number(NumberKind::FailureCount, 1, MAX_FAILS)?
        }
        _ => 1,
    };
    Ok(Action::Fail {
        count,
        settings: parse_health(p, HealthSettings::default())?,
    })
}

/// `max_fails`, `timeout` and their nginx spellings.
fn health_key(word: &str) -> bool {
    matches!(
        word,
        "max_fails" | "max-fails" | "timeout" | "fail_timeout" | "fail-timeout"
    )
}

/// `max_fails=N` and `timeout=SECONDS` in any order, up to the end of the event.
fn parse_health(
    p: &mut EventParser<'_>,
    mut settings: HealthSettings,
) -> Result<HealthSettings, ScenarioError> {
    while let Some(tok) = p.peek() {
        let key = tok.text.to_ascii_lowercase();
        let key_token = p.token(tok);
        if !health_key(&key) {
            return Err(ScenarioError::Unexpected {
                token: key_token,
                expected: Expected::FailOption,
            });
        }
        p.next += 1;
        match p.take() {
            Some(eq) if eq.text == "=" => {}
            _ => {
                return Err(ScenarioError::Unexpected {
                    token: key_token,
                    expected: Expected::FailEquals,
                })
            }
        }
        if key.starts_with("max") {
            settings.max_fails = Some(p.number(NumberKind::MaxFails, 0, MAX_FAILS)?);
        } else {
            settings.timeout = Some(p.number(NumberKind::Timeout, 0, MAX_RAMP_STEPS)?);
        }
    }
    Ok(settings)
}

fn parse_whole(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 19 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The node named `text`, or `#k`; on failure, a name that differs only in case, if any.
fn resolve_node(text: &str, weights: &Weights) -> Result<usize, Option<String>> {
    let names = weights.nodes();
    if let Some(i) = names.iter().position(|n| n.name == text) {
        return Ok(i);
    }
    if let Some(k) = text.strip_prefix('#').and_then(parse_whole) {
        if (1..=names.len() as u64).contains(&k) {
            return Ok(k as usize - 1);
        }
    }
    Err(names
        .iter()
        .find(|n| n.name.eq_ignore_ascii_case(text))
        .map(|n| n.name.clone()))
}

fn node_list(weights: &Weights) -> NodeList {
    const SHOWN: usize = 8;
    NodeList {
        shown: weights
            .nodes()
            .iter()
            .take(SHOWN)
            .map(|n| crate::input::text::shortened(&n.name, 24))
            .collect(),
        count: weights.len(),
    }
}
