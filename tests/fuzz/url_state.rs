//! What the page's URL hands the core: a hash decoded as `URLSearchParams` decodes it, every
//! value read by the core.

use swrr_viz::engine::{
    Algorithm, AlgorithmKind, AlgorithmOptions, Scheduler, SubtractRule, TieRule, Trace,
};
use swrr_viz::input::{Scenario, MAX_STEP};
use swrr_viz::metrics::RunAnalysis;

use crate::gen::Gen;
use crate::parsers::check_weights;
use crate::{clear, fuzz};

/// `application/x-www-form-urlencoded` decoding, as `URLSearchParams` does it for the page's
/// hash: `+` is a space, `%XX` a byte, bad escapes stay as typed, invalid UTF-8 becomes U+FFFD.
fn form_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len()
                && bytes[i + 1].is_ascii_hexdigit()
                && bytes[i + 2].is_ascii_hexdigit() =>
            {
                let hex = |b: u8| (b as char).to_digit(16).unwrap() as u8;
                out.push(hex(bytes[i + 1]) * 16 + hex(bytes[i + 2]));
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Percent-encodes some characters, as a link or a person might.
fn encode_some(g: &mut Gen, text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if matches!(c, '&' | '#' | '=' | '%') || (!c.is_ascii_alphanumeric() && g.chance(50)) {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
#[ignore = "fuzz: scripts/fuzz.sh"]
fn fuzz_url_state() {
    // A page URL's hash: `#w=…&t=…&algo=…&tie=…&subtract=…&seed=…&scenario=…&steps=…&win=…`,
    // decoded as the page decodes it, then every value the core reads, read by the core.
    fuzz(
        "url-state",
        |g| {
            let mut parts = Vec::new();
            let keys = [
                "w", "t", "algo", "tie", "subtract", "seed", "scenario", "steps", "win", "speed",
                "theme", "x",
            ];
            for _ in 0..g.below(10) {
                let key = g.pick(&keys);
                let value = match key {
                    "w" => g.weights_text(),
                    "scenario" => g.scenario_text(&["A".into(), "B".into(), "C".into()]),
                    "algo" => (g.pick(&[
                        "swrr",
                        "classic",
                        "interleaved",
                        "random",
                        "edf",
                        "SWRR",
                        "",
                        "rr",
                    ]))
                    .to_string(),
                    "tie" => (g.pick(&["first", "last", "", "middle"])).to_string(),
                    "subtract" => (g.pick(&["total", "own", "", "all"])).to_string(),
                    _ => g.number(),
                };
                let value = if g.chance(10) { g.junk(12) } else { value };
                parts.push(format!("{key}={}", encode_some(g, &value)));
            }
            let mut hash = format!("#{}", parts.join("&"));
            if g.chance(5) {
                // A broken escape anywhere.
                let mut at = g.below(hash.len() as u64) as usize;
                while !hash.is_char_boundary(at) {
                    at -= 1;
                }
                hash.insert_str(at, "%E0%A4%A");
            }
            hash
        },
        |hash, g| {
            let mut values = std::collections::HashMap::new();
            for pair in hash.trim_start_matches('#').split('&') {
                let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
                values
                    .entry(form_decode(key))
                    .or_insert_with(|| form_decode(value));
            }
            let get = |key: &str| values.get(key).map(String::as_str);
            let Some(weights) = check_weights(get("w").unwrap_or("5,3,2")) else {
                return false;
            };
            let mut options = AlgorithmOptions::default();
            if let Some(text) = get("algo") {
                match text.parse::<AlgorithmKind>() {
                    Ok(kind) => options.kind = kind,
                    Err(e) => clear(&e.to_string(), "algo"),
                }
            }
            if let Some(text) = get("tie") {
                match text.parse::<TieRule>() {
                    Ok(tie) => options.tie = tie,
                    Err(e) => clear(&e.to_string(), "tie"),
                }
            }
            if let Some(text) = get("subtract") {
                match text.parse::<SubtractRule>() {
                    Ok(rule) => options.subtract = rule,
                    Err(e) => clear(&e.to_string(), "subtract"),
                }
            }
            options.seed = get("seed").and_then(|s| s.trim().parse().ok()).unwrap_or(0);
            let scenario = match Scenario::parse(get("scenario").unwrap_or(""), &weights) {
                Ok(s) => s,
                Err(e) => {
                    clear(&e.to_string(), "scenario");
                    Scenario::none()
                }
            };
            let algorithm = Algorithm::new(&weights, &options, &scenario);
            let t = get("t").and_then(|t| t.parse::<u64>().ok()).unwrap_or(0);
            let mut trace = Trace::new(algorithm.clone());
            // The page seeks to t; far steps of a huge period are refused, with a message.
            let walk = trace.period().map_or(t, |p| t.min(p));
            if walk.saturating_mul(weights.len() as u64) <= 1_000_000 || t > MAX_STEP {
                match trace.seek(t) {
                    Ok(()) => assert_eq!(trace.t(), t),
                    Err(e) => clear(&e.to_string(), "seek"),
                }
            }
            // The plots: steps and window as typed (the page passes whole numbers only).
            let count = |key| get(key).and_then(|v: &str| v.parse::<u64>().ok());
            if !algorithm.has_events() && weights.len() <= 64 {
                let steps = count("steps").map(|s| s % 5_000);
                let window = count("win");
                match RunAnalysis::with_algorithm(&weights, algorithm, steps, window) {
                    Ok(mut analysis) => {
                        if g.chance(20) {
                            analysis.run_to_end();
                        }
                    }
                    Err(e) => clear(&e.to_string(), "analysis"),
                }
            }
            true
        },
    );
}
