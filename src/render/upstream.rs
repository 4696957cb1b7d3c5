//! An nginx `upstream` block for a weight vector and its scenario: [`render_upstream`] gives every node a `server` line with its weight (`down` for a
//! weight of 0, which nginx does not accept as a weight, with a comment that reading takes back
//! as weight 0) and the parameters the scenario's events at request 1 give it (`backup`, `down`,
//! `max_fails=`, `fail_timeout=`); events an upstream block cannot hold are listed in a comment.
//! A node name that is a server address
//! (`10.0.0.1:8080`, `app.example.com`, `app1:8080`, `[::1]:80`, `unix:/run/app.sock`) is used as
//! it is; any other name (`A`, `gpu`) becomes `127.0.0.1:8001`, `:8002`, … with a `# node NAME`
//! comment, which reading takes back as the name, so a block written and read again gives the
//! same weights and names. A scenario that makes every node a backup is refused
//! ([`UpstreamError::NothingToPick`]), as nginx refuses such a block ("no servers in upstream")
//! and as reading it refuses it.
//!
//!
//! ```
//! use swrr_viz::input::{parse_upstream, Scenario, Weights};
//! use swrr_viz::render::render_upstream;
//! let weights: Weights = "5,3,2".parse().unwrap();
//! let text = render_upstream(&weights, &Scenario::none()).unwrap();
//! assert!(text.contains("server 127.0.0.1:8001 weight=5;  # node A"));
//! assert_eq!(parse_upstream(&text).unwrap().weights, weights);
//! let backups = Scenario::parse("@1 A backup; @1 B backup; @1 C backup", &weights).unwrap();
//! assert!(render_upstream(&weights, &backups).is_err());
//! ```

use std::collections::HashSet;

use crate::input::scenario::events::Scenario;
use crate::input::text::is_direction_control;
use crate::input::upstream::block::WEIGHT_ZERO;
use crate::input::upstream::error::UpstreamError;
use crate::input::upstream::scenario::{seconds_text, server_settings, ServerSettings};
use crate::input::weights::vector::Weights;

/// The upstream name [`render_upstream`] writes.
const UPSTREAM_NAME: &str = "backend";
/// First port given to node names that are not addresses.
const FIRST_PORT: u32 = 8001;

/// An nginx `upstream backend { … }` block for `weights`, with the server parameters the
/// scenario's events at request 1 give (see the module docs for the names and the rest).
///
/// # Errors
/// [`UpstreamError::NothingToPick`] when every node is a backup: nginx refuses that block.
pub fn render_upstream(weights: &Weights, scenario: &Scenario) -> Result<String, UpstreamError> {
    let names: HashSet<&str> = weights.nodes().iter().map(|n| n.name.as_str()).collect();
    let mut port = FIRST_PORT;
    let mut next_port = || loop {
        let address = format!("127.0.0.1:{port}");
        port += 1;
        if !names.contains(address.as_str()) {
            return address;
        }
    };
    let (settings, others) = server_settings(weights, scenario);
    if settings.iter().all(|s| s.backup) {
        return Err(UpstreamError::NothingToPick);
    }
    let mut out = format!(
        "# nginx upstream for {} (W = {}, period {}), written by swrr-viz.\n",
        one_line(&weights.canonical_text(), 200),
        weights.total(),
        weights.period()
    );
    if weights.nodes().iter().any(|n| !is_address(&n.name)) {
        out.push_str(
            "# Names that are not server addresses got 127.0.0.1 ports; \"# node NAME\" keeps the name.\n",
        );
    }
    if !others.is_empty() {
        out.push_str(&format!(
            "# Events an upstream block cannot hold (swrr-viz --scenario): {}\n",
            one_line(&others.join("; "), 400)
        ));
    }
    out.push_str(&format!("upstream {UPSTREAM_NAME} {{\n"));
    for (node, server) in weights.nodes().iter().zip(&settings) {
        let (address, comment) = if is_address(&node.name) {
            (node.name.clone(), None)
        } else {
            (next_port(), Some(format!("node {}", node.name)))
        };
        out.push_str(&format!(
            "    server {address} {};",
            server_parameters(node.weight, server)
        ));
        let zero = node.weight == 0;
        match (comment, zero) {
            (Some(c), true) => out.push_str(&format!("  # {c} ({WEIGHT_ZERO})")),
            (Some(c), false) => out.push_str(&format!("  # {c}")),
            (None, true) => out.push_str(&format!("  # {WEIGHT_ZERO}")),
            (None, false) => {}
        }
        out.push('\n');
    }
    out.push_str("}\n");
    Ok(out)
}

/// `weight=5 max_fails=3 fail_timeout=30s backup down`, only what applies (`down` alone for a
/// weight of 0, which nginx does not take as a weight).
fn server_parameters(weight: u64, server: &ServerSettings) -> String {
    let mut parameters = Vec::new();
    if weight > 0 {
        parameters.push(format!("weight={weight}"));
    }
    if let Some(m) = server.max_fails {
        parameters.push(format!("max_fails={m}"));
    }
    if let Some(t) = server.fail_timeout {
        parameters.push(format!("fail_timeout={}", seconds_text(t)));
    }
    if server.backup {
        parameters.push("backup".into());
    }
    if server.down || weight == 0 {
        parameters.push("down".into());
    }
    parameters.join(" ")
}

/// The text on one line, at most `max` characters.
fn one_line(text: &str, max: usize) -> String {
    let flat: String = text
        .chars()
        .map(|c| {
            if c.is_control() || is_direction_control(c) {
                ' '
            } else {
                c
            }
        })
        .collect();
    if flat.chars().count() <= max {
        flat
    } else {
        let mut cut: String = flat.chars().take(max.saturating_sub(1)).collect();
        cut.push('…');
        cut
    }
}

/// Whether nginx would take `name` as a server address (not a mere label such as `A` or `gpu`).
fn is_address(name: &str) -> bool {
    if let Some(path) = name.strip_prefix("unix:") {
        return !path.is_empty() && path.chars().all(plain_char);
    }
    if let Some(rest) = name.strip_prefix('[') {
        let Some((inside, after)) = rest.split_once(']') else {
            return false;
        };
        let v6 = !inside.is_empty()
            && inside.contains(':')
            && inside
                .chars()
                .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.');
        return v6 && (after.is_empty() || after.strip_prefix(':').is_some_and(is_port));
    }
    let (host, port) = match name.rsplit_once(':') {
        Some((host, port)) => {
            if !is_port(port) {
                return false;
            }
            (host, true)
        }
        None => (name, false),
    };
    if is_ipv4(host) {
        return true;
    }
    let labels: Vec<&str> = host.split('.').collect();
    let hostname = labels.iter().all(|label| {
        !label.is_empty()
            && label.len() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    }) && labels
        .last()
        .is_some_and(|last| last.chars().any(|c| c.is_ascii_alphabetic()));
    // A single label is a host only with a port (`app1:8080`) or as `localhost`.
    hostname && (port || labels.len() > 1 || host == "localhost")
}

fn is_port(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 5
        && text.chars().all(|c| c.is_ascii_digit())
        && text.parse::<u32>().is_ok_and(|p| (1..=65535).contains(&p))
}

fn is_ipv4(text: &str) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.chars().all(|c| c.is_ascii_digit())
                && p.parse::<u32>().is_ok_and(|v| v <= 255)
        })
}

/// A character that needs no quoting in an nginx token.
fn plain_char(c: char) -> bool {
    !(c.is_whitespace() || c.is_control() || matches!(c, ';' | '{' | '}' | '#' | '"' | '\'' | '\\'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_labels() {
        for yes in [
            "10.0.0.1",
            "10.0.0.1:8080",
            "app.example.com",
            "app1:8080",
            "localhost",
            "[::1]:80",
            "[2001:db8::1]",
            "unix:/run/app.sock",
        ] {
            assert!(is_address(yes), "{yes}");
        }
        for no in [
            "A",
            "gpu",
            "1.2",
            "a..b",
            "-a.b",
            "app:0",
            "app:99999",
            "[::1",
            "unix:",
            "a b",
            "x=1",
            "<b>",
        ] {
            assert!(!is_address(no), "{no}");
        }
    }
}
