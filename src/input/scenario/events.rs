//! A scenario: events in step order, each an action on one node at one request.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use crate::input::text::in_sentence;

/// What a weight change does to the state the algorithm carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Policy {
    /// Keep every current weight (nginx keeps them when a weight is edited live).
    #[default]
    Keep,
    /// Every current weight back to 0 and, for nginx SWRR, every server's failures forgotten
    /// (as after `nginx -s reload`: new workers with fresh peers).
    Reset,
    /// Only this node's current weight back to 0 (as a C++ seed article does): Σcurrent ≠ 0 after.
    ResetNode,
    /// This node's current weight × new/old, truncated toward zero (as another seed suggests):
    /// Σcurrent ≠ 0 after, so SWRR's conservation breaks.
    Scale,
}

impl Policy {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Keep => "keep",
            Self::Reset => "reset",
            Self::ResetNode => "reset-node",
            Self::Scale => "scale",
        }
    }

    pub(crate) fn parse(word: &str) -> Option<Self> {
        match word.to_ascii_lowercase().as_str() {
            "keep" => Some(Self::Keep),
            "reset" => Some(Self::Reset),
            "reset-node" => Some(Self::ResetNode),
            "scale" => Some(Self::Scale),
            _ => None,
        }
    }
}

/// How a slow start ramps the weight up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Curve {
    /// `1 + ⌊(w − 1)·e / K⌋` at `e` steps after the start: 1 at the start, w after K steps.
    #[default]
    Linear,
    /// Dubbo's `calculateWarmupWeight`: `⌊e·w / K⌋` clamped to `1..=w` (uptime e, warmup K).
    Dubbo,
}

impl Curve {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Linear => "linear",
            Self::Dubbo => "dubbo",
        }
    }
}

/// nginx's per-server failure settings an event can change: `max_fails=N` and
/// `fail_timeout` (`timeout=SECONDS`); `None` keeps what the server had.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HealthSettings {
    pub max_fails: Option<u64>,
    /// Seconds, as nginx counts `fail_timeout`.
    pub timeout: Option<u64>,
}

impl HealthSettings {
    /// True when neither setting is given.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.max_fails.is_none() && self.timeout.is_none()
    }

    /// ` max_fails=N timeout=S`, only the ones given (empty when none).
    fn text(&self) -> String {
        let mut text = String::new();
        if let Some(m) = self.max_fails {
            text.push_str(&format!(" max_fails={m}"));
        }
        if let Some(t) = self.timeout {
            text.push_str(&format!(" timeout={t}"));
        }
        text
    }
}

/// One thing that happens to one node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    SetWeight {
        weight: u64,
        policy: Policy,
    },
    /// Weight 0: the node stays in the list but is never picked.
    Drain {
        policy: Policy,
    },
    /// Out of the pool: neither adds nor counts in the total; its level is kept (nginx's `down`).
    Down,
    /// Back into the pool with the level it had.
    Up,
    /// Back into the pool (if it was out), its weight ramping from 1 to its weight over `steps`.
    SlowStart {
        steps: u64,
        curve: Curve,
    },
    /// The node's next `count` attempts fail: it is picked, its connection is refused, nginx counts
    /// the failure and retries the request on another server.
    Fail {
        count: u64,
        settings: HealthSettings,
    },
    /// From this request on every attempt on the node fails (connection refused) until `alive`.
    Dead {
        settings: HealthSettings,
    },
    /// The node answers again (its failure count is nginx's to clear, as in nginx).
    Alive,
    /// The node becomes a `backup` server: picked only when no primary server can be.
    Backup,
    /// The node is a primary server again.
    Primary,
    /// Only new `max_fails` / `fail_timeout` settings (what an upstream block's `server` line says).
    Configure {
        settings: HealthSettings,
    },
}

impl Action {
    /// The action's kind in one word, for markers and lists.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::SetWeight { .. } => "weight",
            Self::Drain { .. } => "drain",
            Self::Down => "down",
            Self::Up => "up",
            Self::SlowStart { .. } => "slowstart",
            Self::Fail { .. } => "fail",
            Self::Dead { .. } => "dead",
            Self::Alive => "alive",
            Self::Backup => "backup",
            Self::Primary => "primary",
            Self::Configure { .. } => "configure",
        }
    }

    /// True for the actions about failed attempts and backup servers, which only nginx SWRR
    /// models request by request.
    #[must_use]
    pub fn is_about_failures(&self) -> bool {
        matches!(
            self,
            Self::Fail { .. }
                | Self::Dead { .. }
                | Self::Alive
                | Self::Backup
                | Self::Primary
                | Self::Configure { .. }
        )
    }
}

/// An event: just before request `step` (its first attempt), `action` happens to `node`.
/// Without failures every request is one pick, so `step` is also the pick's number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub step: u64,
    pub node: usize,
    pub action: Action,
    /// The event in canonical text, e.g. `@20 B=80 reset`.
    pub text: String,
}

/// The canonical text of an event (what parses back to it).
pub(crate) fn event_text(step: u64, name: &str, action: &Action) -> String {
    let policy = |p: &Policy| match p {
        Policy::Keep => String::new(),
        other => format!(" {}", other.as_str()),
    };
    match action {
        Action::SetWeight { weight, policy: p } => format!("@{step} {name}={weight}{}", policy(p)),
        Action::Drain { policy: p } => format!("@{step} {name} drain{}", policy(p)),
        Action::Down => format!("@{step} {name} down"),
        Action::Up => format!("@{step} {name} up"),
        Action::SlowStart { steps, curve } => {
            let curve = match curve {
                Curve::Linear => "",
                Curve::Dubbo => " dubbo",
            };
            format!("@{step} {name} slowstart {steps}{curve}")
        }
        Action::Fail { count, settings } => {
            let count = if *count == 1 {
                String::new()
            } else {
                format!(" {count}")
            };
            format!("@{step} {name} fail{count}{}", settings.text())
        }
        Action::Dead { settings } => format!("@{step} {name} dead{}", settings.text()),
        Action::Alive => format!("@{step} {name} alive"),
        Action::Backup => format!("@{step} {name} backup"),
        Action::Primary => format!("@{step} {name} primary"),
        Action::Configure { settings } => format!("@{step} {name}{}", settings.text()),
    }
}

/// Parsed events, sorted by step (events of the same step keep their text order).
///
/// ```
/// use swrr_viz::input::{Scenario, Weights};
/// let weights: Weights = "5,3,2".parse().unwrap();
/// let scenario = Scenario::parse("@30 C down; @20 B = 80 reset\n@45 #3 up", &weights).unwrap();
/// assert_eq!(scenario.to_string(), "@20 B=80 reset; @30 C down; @45 C up");
/// let error = Scenario::parse("@30 C dwn", &weights).unwrap_err();
/// assert!(error.to_string().starts_with("event 1: \"dwn\" (at column 7) is not an action"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Scenario {
    events: Arc<[Event]>,
}

impl Scenario {
    /// No events: a plain run.
    #[must_use]
    pub fn none() -> Self {
        Self::default()
    }

    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The scenario of these events, already in step order.
    pub(crate) fn from_sorted(events: Vec<Event>) -> Self {
        Self {
            events: events.into(),
        }
    }

    /// The largest weight each node takes in a run of `weights` with these events: its own, or
    /// a larger one an event sets (what the widest `+w` over its pipe says).
    #[must_use]
    pub fn largest_weights(&self, weights: &[u64]) -> Vec<u64> {
        let mut largest = weights.to_vec();
        for event in self.events.iter() {
            if let (Action::SetWeight { weight, .. }, Some(most)) =
                (&event.action, largest.get_mut(event.node))
            {
                *most = (*most).max(*weight);
            }
        }
        largest
    }

    /// Shared handle to the events, cheap to clone into every checkpoint of a trace.
    pub(crate) fn shared(&self) -> Arc<[Event]> {
        Arc::clone(&self.events)
    }
}

/// An event's canonical text as a sentence holds it: its node's name isolated when it is
/// right-to-left (`@3 \u{2068}שרת\u{2069}=4`, not `@3 4=שרת`), as the narration's other names are.
/// The name is the word after `@STEP ` up to `=` or a space, which a name never holds.
pub(crate) fn event_in_sentence(text: &str) -> Cow<'_, str> {
    let Some((at, rest)) = text.split_once(' ') else {
        return Cow::Borrowed(text);
    };
    let end = rest.find(['=', ' ']).unwrap_or(rest.len());
    match in_sentence(&rest[..end]) {
        Cow::Borrowed(_) => Cow::Borrowed(text),
        Cow::Owned(name) => Cow::Owned(format!("{at} {name}{}", &rest[end..])),
    }
}

/// Canonical text: events in step order, separated by `; ` (parses back to the same scenario).
impl fmt::Display for Scenario {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<&str> = self.events.iter().map(|e| e.text.as_str()).collect();
        f.write_str(&texts.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::event_in_sentence;

    #[test]
    fn a_right_to_left_name_is_isolated_in_every_event_form() {
        for (text, said) in [
            ("@3 שרת=4 reset", "@3 \u{2068}שרת\u{2069}=4 reset"),
            ("@12 خادم down", "@12 \u{2068}خادم\u{2069} down"),
            ("@1 שרת drain", "@1 \u{2068}שרת\u{2069} drain"),
        ] {
            assert_eq!(event_in_sentence(text), said);
        }
    }

    #[test]
    fn a_left_to_right_name_is_left_as_it_is() {
        for text in [
            "@3 B=4 scale",
            "@7 web-1 fail 2 max_fails=3 timeout=10",
            "@2 A",
        ] {
            assert_eq!(event_in_sentence(text), text);
        }
    }
}
