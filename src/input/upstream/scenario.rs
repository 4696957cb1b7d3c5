//! An upstream block's server parameters as scenario events, and back: `backup`, `down`,
//! `max_fails=N` and `fail_timeout=TIME` are what a run with failures needs to know about each
//! server, so reading a block turns them into events at request 1 (`@1 D backup; @1 C down;
//! @1 B max_fails=3 timeout=30`), and writing one turns those events back into parameters.
//!
//! ```
//! use swrr_viz::input::{parse_upstream, Scenario, Weights};
//! use swrr_viz::render::render_upstream;
//! let block = "upstream app {\n  server a.example weight=5 max_fails=3 fail_timeout=30s;\n  server b.example weight=3 down;\n  server c.example weight=2 backup;\n}";
//! let upstream = parse_upstream(block).unwrap();
//! assert_eq!(upstream.weights.canonical_text(), "a.example=5 b.example=3 c.example=2");
//! assert_eq!(
//!     upstream.scenario.to_string(),
//!     "@1 a.example max_fails=3 timeout=30; @1 b.example down; @1 c.example backup"
//! );
//! let again = parse_upstream(&render_upstream(&upstream.weights, &upstream.scenario).unwrap()).unwrap();
//! assert_eq!(again.scenario, upstream.scenario);
//! ```

use crate::input::limits::{MAX_FAILS, MAX_RAMP_STEPS};
use crate::input::scenario::events::{event_text, Action, HealthSettings, Scenario};
use crate::input::weights::vector::Weights;

/// What one `server` line says beyond its address and weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct ServerSettings {
    pub backup: bool,
    pub down: bool,
    pub max_fails: Option<u64>,
    /// Seconds.
    pub fail_timeout: Option<u64>,
}

impl ServerSettings {
    fn health(&self) -> HealthSettings {
        HealthSettings {
            max_fails: self.max_fails,
            timeout: self.fail_timeout,
        }
    }

    /// The events at request 1 that give node `name` these settings, in canonical text.
    pub fn event_texts(&self, name: &str) -> Vec<String> {
        let mut texts = Vec::new();
        if self.backup {
            texts.push(event_text(1, name, &Action::Backup));
        }
        if self.down {
            texts.push(event_text(1, name, &Action::Down));
        }
        let settings = self.health();
        if !settings.is_empty() {
            texts.push(event_text(1, name, &Action::Configure { settings }));
        }
        texts
    }
}

/// The settings the scenario gives each node at request 1, and the events an upstream block
/// cannot hold (any other event, or one at a later request), in canonical text.
pub(crate) fn server_settings(
    weights: &Weights,
    scenario: &Scenario,
) -> (Vec<ServerSettings>, Vec<String>) {
    let mut settings = vec![ServerSettings::default(); weights.len()];
    let mut others = Vec::new();
    for event in scenario.events() {
        let server = &mut settings[event.node];
        match (&event.action, event.step) {
            (Action::Backup, 1) => server.backup = true,
            (Action::Primary, 1) => server.backup = false,
            (Action::Down, 1) => server.down = true,
            (Action::Up, 1) => server.down = false,
            (Action::Configure { settings }, 1) => {
                server.max_fails = settings.max_fails.or(server.max_fails);
                server.fail_timeout = settings.timeout.or(server.fail_timeout);
            }
            _ => others.push(event.text.clone()),
        }
    }
    (settings, others)
}

/// The events that give each server its settings (`settings[i]` for node `i`), as a scenario.
pub(crate) fn scenario_of(weights: &Weights, settings: &[ServerSettings]) -> Scenario {
    let text = settings
        .iter()
        .enumerate()
        .flat_map(|(i, s)| s.event_texts(&format!("#{}", i + 1)))
        .collect::<Vec<_>>()
        .join("; ");
    // Built from checked values (max_fails ≤ MAX_FAILS, seconds ≤ MAX_RAMP_STEPS, nodes by
    // index): it parses. Should it not, the block reads as weights alone rather than panicking.
    Scenario::parse(&text, weights).unwrap_or_default()
}

/// `max_fails=N` as the scenario takes it: a whole number up to [`MAX_FAILS`].
pub(crate) fn max_fails_in_range(value: u64) -> bool {
    value <= MAX_FAILS
}

/// Longest `fail_timeout` the scenario takes, in seconds.
pub(crate) const MAX_FAIL_TIMEOUT: u64 = MAX_RAMP_STEPS;

/// nginx's `ngx_parse_time(value, 1)` (`src/core/ngx_parse.c`), the way `fail_timeout=` is read
/// (`ngx_http_upstream_server`, `src/http/ngx_http_upstream.c`): numbers with units from the
/// largest to the smallest (`y` 365 days, `M` 30 days, `w`, `d`, `h`, `m`, `s`; a last number
/// without a unit is seconds), each unit at most once and in that order; `ms` is refused, as
/// nginx refuses it for a value in seconds. `None` when nginx would refuse the text.
///
/// ```
/// # use swrr_viz::input::nginx_seconds;
/// assert_eq!(nginx_seconds("30s"), Some(30));
/// assert_eq!(nginx_seconds("1m30s"), Some(90));
/// assert_eq!(nginx_seconds("1h 30"), Some(3_630));
/// assert_eq!(nginx_seconds("10"), Some(10));
/// assert_eq!(nginx_seconds("500ms"), None);
/// assert_eq!(nginx_seconds("1s1m"), None);
/// ```
#[must_use]
pub fn nginx_seconds(text: &str) -> Option<u64> {
    // Units in the order nginx takes them, with their seconds.
    const UNITS: [(char, u64); 7] = [
        ('y', 365 * 86_400),
        ('M', 30 * 86_400),
        ('w', 7 * 86_400),
        ('d', 86_400),
        ('h', 3_600),
        ('m', 60),
        ('s', 1),
    ];
    if text.is_empty() || text.len() > 40 {
        return None;
    }
    let mut chars = text.chars().peekable();
    let mut total: u64 = 0;
    // Index into UNITS of the next unit allowed.
    let mut allowed = 0;
    loop {
        let mut value: Option<u64> = None;
        while let Some(digit) = chars.peek().and_then(|c| c.to_digit(10)) {
            value = Some(
                value
                    .unwrap_or(0)
                    .checked_mul(10)?
                    .checked_add(u64::from(digit))?,
            );
            chars.next();
        }
        let value = value?;
        match chars.next() {
            // The last number: seconds, whatever came before (as nginx adds it at the end).
            None => return total.checked_add(value),
            Some(' ') => {
                // A number, a space and more: seconds, so nothing of seconds or less before it.
                if allowed > 6 {
                    return None;
                }
                allowed = 7;
                total = total.checked_add(value)?;
            }
            Some(unit) => {
                if unit == 'm' && chars.peek() == Some(&'s') {
                    return None;
                }
                let k = UNITS.iter().position(|&(u, _)| u == unit)?;
                if k < allowed {
                    return None;
                }
                allowed = k + 1;
                total = total.checked_add(value.checked_mul(UNITS[k].1)?)?;
            }
        }
        while chars.peek() == Some(&' ') {
            chars.next();
        }
        if chars.peek().is_none() {
            return Some(total);
        }
    }
}

/// The text `render_upstream` writes for `seconds`: the largest unit that divides it.
pub(crate) fn seconds_text(seconds: u64) -> String {
    for (unit, size) in [('d', 86_400), ('h', 3_600), ('m', 60)] {
        if seconds > 0 && seconds % size == 0 {
            return format!("{}{unit}", seconds / size);
        }
    }
    format!("{seconds}s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nginx_times_in_seconds() {
        for (text, seconds) in [
            ("0", 0),
            ("10s", 10),
            ("1m", 60),
            ("1m30s", 90),
            ("1m 30s", 90),
            ("2h", 7_200),
            ("1d12h", 129_600),
            ("1w", 604_800),
            ("1M", 2_592_000),
            ("1y", 31_536_000),
            ("1h30", 3_630),
            ("1s 5", 6),
            ("10 5", 15),
        ] {
            assert_eq!(nginx_seconds(text), Some(seconds), "{text}");
        }
        for text in [
            "", "s", "10x", "-1s", "1.5s", "500ms", "1s1m", "1m1m", "10 5 6", "1mm",
        ] {
            assert_eq!(nginx_seconds(text), None, "{text}");
        }
    }

    #[test]
    fn seconds_are_written_in_their_largest_unit() {
        for (seconds, text) in [
            (0, "0s"),
            (30, "30s"),
            (90, "90s"),
            (120, "2m"),
            (3_600, "1h"),
            (3_660, "61m"),
            (86_400, "1d"),
        ] {
            assert_eq!(seconds_text(seconds), text);
            assert_eq!(nginx_seconds(text), Some(seconds));
        }
    }
}
