//! Fuzzing with a seeded generator: millions of generated inputs for the weight parser, the
//! scenario parser, what the page's URL hands the core, and the engine under every algorithm and
//! scenario. Not part of the default tests (every test here is `#[ignore]`): `scripts/fuzz.sh` runs
//! them in the `fuzz` profile (optimised, with overflow checks and debug assertions on), and
//! prints how many inputs each target ran.
//!
//! Each target asserts: no panic (a panic fails the test with the input that caused it, printed
//! with its case number and seed), no arithmetic overflow (the profile traps on it), and every
//! refusal a clear message (non-empty, one line, of bounded length, naming what was wrong).
//! Inputs that once found a bug are kept in `tests/input/fuzz_corpus.rs`, which the default tests run.
//!
//!   FUZZ_CASES=1000000 FUZZ_SEED=1 cargo test --profile fuzz --test fuzz -- --ignored --nocapture

use std::panic::{catch_unwind, AssertUnwindSafe};

use swrr_viz::engine::{
    Algorithm, AlgorithmKind, AlgorithmOptions, Scheduler, SplitMix64, SubtractRule, TieRule,
    Trace, MAX_LEVEL,
};

use swrr_viz::input::MAX_STEP;

use swrr_viz::input::{parse_upstream, Scenario, Weights, MAX_NAME_CHARS, MAX_NODES, MAX_WEIGHT};

use swrr_viz::render::render_upstream;

use swrr_viz::metrics::{RankBy, RunAnalysis};

/// Generated inputs per target (`FUZZ_CASES`, default 10^6).
fn cases() -> u64 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
        .unwrap_or(1_000_000)
}

/// The generator's seed (`FUZZ_SEED`, default 1): the same seed gives the same inputs.
fn seed() -> u64 {
    std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

/// Longest message a refusal may have: it quotes the input, shortened when long.
const MAX_MESSAGE_CHARS: usize = 400;

/// Checks one refusal's message.
fn clear(message: &str, what: &str) {
    assert!(!message.trim().is_empty(), "{what}: empty message");
    let chars = message.chars().count();
    assert!(
        chars <= MAX_MESSAGE_CHARS,
        "{what}: a message of {chars} characters: {}…",
        message.chars().take(120).collect::<String>()
    );
    assert!(
        !message.contains('\n'),
        "{what}: a message over several lines: {message:?}"
    );
}

/// A small random source with helpers for building texts.
struct Gen(SplitMix64);

impl Gen {
    fn below(&mut self, n: u64) -> u64 {
        self.0.below(n.max(1))
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T: ?Sized>(&mut self, items: &[&'a T]) -> &'a T {
        items[self.below(items.len() as u64) as usize]
    }
    fn digits(&mut self, max: u64) -> String {
        let n = 1 + self.below(max);
        (0..n)
            .map(|_| char::from(b'0' + self.below(10) as u8))
            .collect()
    }
    /// Any character, sometimes far outside ASCII.
    fn any_char(&mut self) -> char {
        match self.below(6) {
            0 => char::from_u32(self.below(0x11_0000) as u32).unwrap_or('\u{fffd}'),
            1 => char::from_u32(0x80 + self.below(0x780) as u32).unwrap_or('é'),
            _ => char::from(32 + self.below(95) as u8),
        }
    }
    fn junk(&mut self, max: u64) -> String {
        let n = self.below(max + 1);
        (0..n).map(|_| self.any_char()).collect()
    }

    /// A number as people type them, and as they should not.
    fn number(&mut self) -> String {
        match self.below(24) {
            0..=7 => self.below(20).to_string(),
            8..=10 => self.below(1_000_000).to_string(),
            11 => (MAX_WEIGHT - 2 + self.below(4)).to_string(),
            12 => self.digits(25),
            13 => format!("{}.{}", self.below(100), self.digits(8)),
            14 => format!("0.{}", self.digits(7)),
            15 => format!("{}%", self.below(120)),
            16 => format!("{}.{}%", self.below(100), self.digits(3)),
            17 => format!("-{}", self.below(10)),
            18 => (self.pick(&[
                "NaN", "inf", "-inf", "Infinity", "1e5", "1E-3", ".5", "5.", "+3", "0x1f", "١٢",
                "５", "1_000", "1,5", "00007", "-0", "0.0", "1e400",
            ]))
            .to_string(),
            19 => "0".into(),
            20 => format!("{}e{}", self.below(10), self.below(20)),
            21 => String::new(),
            22 if self.chance(10) => self.digits(5_000),
            22 => self.junk(6),
            _ => format!("{}.{}", self.digits(10), self.digits(10)),
        }
    }

    fn name(&mut self) -> String {
        match self.below(16) {
            0..=5 => char::from(b'A' + self.below(26) as u8).to_string(),
            6 => (self.pick(&[
                "gpu",
                "cpu",
                "queue",
                "10.0.0.1:80",
                "[::1]:443",
                "backend-1",
                "é",
                "日本",
                "a b",
            ]))
            .to_string(),
            7 => "x".repeat(MAX_NAME_CHARS - 1 + self.below(3) as usize),
            8 => (self.pick(&[
                "<img src=x onerror=window.__pwned=1>",
                "<script>alert(1)</script>",
                "\"><svg onload=alert(1)>",
                "javascript:alert(1)",
                "&lt;b&gt;",
                "A&B",
                "'\"",
            ]))
            .to_string(),
            9 if self.chance(10) => self.junk(3_000),
            9 => self.junk(8),
            10 => String::new(),
            11 => format!(
                "{}{}",
                char::from(b'a' + self.below(26) as u8),
                self.below(100)
            ),
            12 => "=".into(),
            13 => "\u{0}\u{7}\u{202e}".into(),
            _ => format!("n{}", self.below(30)),
        }
    }

    fn separator(&mut self) -> &'static str {
        self.pick(&[
            ",", ", ", " ", ":", ";", "\n", "\t", "\r\n", ",,", " , ", "", "  ", "\u{a0}", "|",
        ])
    }

    /// A weights text: mostly well formed, often a little wrong, sometimes garbage.
    fn weights_text(&mut self) -> String {
        if self.chance(3) {
            return self.junk(40);
        }
        let count = match self.below(100) {
            0 => MAX_NODES - 2 + self.below(4) as usize,
            1..=3 => 30 + self.below(300) as usize,
            _ => self.below(14) as usize,
        };
        let named = self.below(3);
        // Most texts are well formed in one style (so the accepted side is explored too); the
        // rest mix anything.
        let style = self.below(5);
        let separator = self.separator();
        let mut text = String::new();
        for i in 0..count {
            if i > 0 || self.chance(5) {
                text.push_str(if style < 3 {
                    separator
                } else {
                    self.separator()
                });
            }
            let named_here = named == 1 || (named == 2 && self.chance(50));
            if named_here {
                if style < 3 {
                    text.push_str(&format!("n{i}="));
                } else {
                    text.push_str(&self.name());
                    text.push_str(if self.chance(95) { "=" } else { "==" });
                }
            }
            let number = match style {
                0 => match self.below(8) {
                    0 => MAX_WEIGHT.to_string(),
                    1 => self.below(1_000_000_000).to_string(),
                    _ => self.below(20).to_string(),
                },
                1 => format!("{}.{}", self.below(1000), self.digits(6)),
                2 => format!("{}%", self.below(101)),
                _ => self.number(),
            };
            text.push_str(&number);
        }
        if self.chance(5) {
            text.push_str(self.separator());
        }
        text
    }

    /// A scenario text over `nodes` names.
    fn scenario_text(&mut self, names: &[String]) -> String {
        if self.chance(3) {
            return self.junk(30);
        }
        let count = match self.below(200) {
            0 => 990 + self.below(20) as usize,
            _ => self.below(6) as usize,
        };
        let mut events = Vec::with_capacity(count);
        for _ in 0..count {
            let step = match self.below(12) {
                0 => "0".to_string(),
                1 => self.digits(22),
                2 => (MAX_STEP - 1 + self.below(3)).to_string(),
                3 => "-3".into(),
                4 => "x".into(),
                _ => (1 + self.below(60)).to_string(),
            };
            let node = if names.is_empty() || self.chance(8) {
                self.name()
            } else {
                names[self.below(names.len() as u64) as usize].clone()
            };
            let policy = self.pick(&["", " keep", " reset", " reset-node", " scale", " sideways"]);
            let action = match self.below(12) {
                0..=2 => format!("={}{}", self.number(), policy),
                3 => format!(" drain{policy}"),
                4 => " down".into(),
                5 => " up".into(),
                6 => format!(
                    " slowstart {}{}",
                    self.number(),
                    self.pick(&["", " linear", " dubbo", " cubic"])
                ),
                7 => format!(" fail{}", self.pick(&["", " 2", " 0", " 5000", " x"])),
                8 => format!(
                    " fail {} max_fails={} timeout={}",
                    self.below(5),
                    self.number(),
                    self.number()
                ),
                9 => String::new(),
                10 => format!(" {}", self.junk(5)),
                _ => format!("={}", self.below(10)),
            };
            let at = if self.chance(95) { "@" } else { "" };
            events.push(format!("{at}{step} {node}{action}"));
        }
        let separator = self.pick(&["; ", ";", "\n", " ; ", ";;", ", "]);
        events.join(separator)
    }
}

/// Runs `cases()` generated inputs through `check`, reporting the first panic with its input.
/// `check` returns whether the input was accepted (a refusal is fine when its message is clear).
fn fuzz(
    target: &str,
    mut make: impl FnMut(&mut Gen) -> String,
    mut check: impl FnMut(&str, &mut Gen) -> bool,
) {
    let seed = seed();
    let cases = cases();
    let mut gen = Gen(SplitMix64::new(seed ^ target.len() as u64));
    let started = std::time::Instant::now();
    let mut accepted = 0u64;
    for case in 0..cases {
        let input = make(&mut gen);
        let mut side = Gen(SplitMix64::new(seed.wrapping_mul(31).wrapping_add(case)));
        let one = std::time::Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| check(&input, &mut side)));
        if std::env::var("FUZZ_SLOW").is_ok() && one.elapsed().as_millis() > 200 {
            println!(
                "slow case {case}: {:.0} ms: {:?}",
                one.elapsed().as_secs_f64() * 1e3,
                input.chars().take(300).collect::<String>()
            );
        }
        if let Ok(true) = result {
            accepted += 1;
        }
        if let Err(panic) = result {
            let message = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("(no message)");
            let shown: String = input.chars().take(2000).collect();
            panic!("{target}: case {case} (FUZZ_SEED={seed}) failed: {message}\ninput: {shown:?}");
        }
    }
    println!(
        "fuzz {target}: {cases} inputs ({accepted} accepted, {} refused), seed {seed}, {:.1} s: no panic, no overflow, every refusal a clear message",
        cases - accepted,
        started.elapsed().as_secs_f64()
    );
}

/// What the weight parser must guarantee for any text.
fn check_weights(text: &str) -> Option<Weights> {
    match text.parse::<Weights>() {
        Ok(weights) => {
            let n = weights.len();
            assert!((1..=MAX_NODES).contains(&n), "{n} nodes accepted");
            assert!(weights.total() > 0, "all zero accepted");
            let mut names = std::collections::HashSet::new();
            for node in weights.nodes() {
                assert!(node.weight <= MAX_WEIGHT, "weight {} accepted", node.weight);
                assert!(
                    node.name.chars().count() <= MAX_NAME_CHARS,
                    "long name accepted"
                );
                assert!(!node.name.is_empty(), "empty name accepted");
                assert!(
                    names.insert(node.name.clone()),
                    "duplicate name {}",
                    node.name
                );
            }
            let again: Weights = weights
                .canonical_text()
                .parse()
                .unwrap_or_else(|e| panic!("canonical text refused: {e}"));
            assert_eq!(
                again.nodes(),
                weights.nodes(),
                "canonical text changes the nodes"
            );
            Some(weights)
        }
        Err(e) => {
            clear(&e.to_string(), "weights");
            None
        }
    }
}

#[test]
#[ignore = "fuzz: scripts/fuzz.sh"]
fn fuzz_weights() {
    fuzz("weights", Gen::weights_text, |text, _| {
        check_weights(text).is_some()
    });
}

#[test]
#[ignore = "fuzz: scripts/fuzz.sh"]
fn fuzz_scenario() {
    let bases = [
        "5,3,2",
        "A=5 B=3 C=2 D=0",
        "gpu=1000000000 cpu=1",
        "1",
        "1,2,3,4,5,6,7,8,9,10,11,12",
    ];
    let bases: Vec<Weights> = bases.iter().map(|b| b.parse().unwrap()).collect();
    let mut which = 0;
    fuzz(
        "scenario",
        |g| {
            which = g.below(bases.len() as u64) as usize;
            let names: Vec<String> = bases[which]
                .nodes()
                .iter()
                .map(|n| n.name.clone())
                .collect();
            format!("{which}|{}", g.scenario_text(&names))
        },
        |input, _| {
            let (which, text) = input.split_once('|').unwrap();
            let weights = &bases[which.parse::<usize>().unwrap()];
            match Scenario::parse(text, weights) {
                Ok(scenario) => {
                    let canonical = scenario.to_string();
                    let again = Scenario::parse(&canonical, weights)
                        .unwrap_or_else(|e| panic!("canonical text {canonical:?} refused: {e}"));
                    assert_eq!(
                        again.events(),
                        scenario.events(),
                        "canonical text changes the events"
                    );
                    true
                }
                Err(e) => {
                    clear(&e.to_string(), "scenario");
                    false
                }
            }
        },
    );
}

impl Gen {
    /// A pasted nginx configuration: upstream blocks, server lines with parameters, comments,
    /// quotes, other blocks around them, and mistakes.
    fn nginx_text(&mut self) -> String {
        if self.chance(3) {
            return self.junk(60);
        }
        let mut text = String::new();
        if self.chance(20) {
            text.push_str("http {\n  # pasted from nginx.conf\n");
        }
        let blocks = if self.chance(90) { 1 } else { self.below(3) };
        for _ in 0..blocks {
            if self.chance(90) {
                text.push_str(&format!(
                    "upstream {} {{\n",
                    self.pick(&["backend", "b", "\"q\"", "", "{", "x y"])
                ));
            }
            for _ in 0..self.below(8) {
                let address = match self.below(8) {
                    0 => format!("10.0.0.{}:{}", self.below(300), self.below(70000)),
                    1 => "unix:/tmp/a.sock".into(),
                    2 => "[::1]:443".into(),
                    3 if self.chance(30) => self.name(),
                    4 if self.chance(20) => String::new(),
                    _ => format!("10.0.0.{}", self.below(256)),
                };
                let mut line = format!("  server {address}");
                for _ in 0..self.below(4) {
                    let parameter = match self.below(12) {
                        0..=2 => format!("weight={}", 1 + self.below(20)),
                        3 => format!("weight={}", self.number()),
                        4 => format!(
                            "max_fails={}",
                            if self.chance(80) {
                                self.below(5).to_string()
                            } else {
                                self.number()
                            }
                        ),
                        5 => format!(
                            "fail_timeout={}{}",
                            self.number(),
                            self.pick(&["", "s", "ms", "m", "h", "x"])
                        ),
                        6 => "backup".into(),
                        7 => "down".into(),
                        8 => format!("slow_start={}s", self.below(100)),
                        9 => "weight=".into(),
                        10 if self.chance(30) => self.junk(6),
                        10 => "resolve".into(),
                        _ => "max_conns=100".into(),
                    };
                    line.push(' ');
                    line.push_str(&parameter);
                }
                if self.chance(95) {
                    line.push(';');
                }
                if self.chance(10) {
                    line.push_str(" # comment");
                }
                text.push_str(&line);
                text.push('\n');
            }
            if self.chance(10) {
                text.push_str(self.pick(&[
                    "  keepalive 16;\n",
                    "  least_conn;\n",
                    "  zone z 64k;\n",
                    "  proxy_pass x;\n",
                    "  server {\n",
                ]));
            }
            if self.chance(95) {
                text.push_str("}\n");
            }
        }
        if text.contains("http {") && self.chance(90) {
            text.push_str("}\n");
        }
        if self.chance(3) {
            text.push_str(&"x".repeat(MAX_UPSTREAM_BYTES_PLUS));
        }
        text
    }
}

/// Just over the upstream parser's input limit.
const MAX_UPSTREAM_BYTES_PLUS: usize = swrr_viz::input::MAX_UPSTREAM_BYTES + 1;

#[test]
#[ignore = "fuzz: scripts/fuzz.sh"]
fn fuzz_nginx_upstream() {
    fuzz(
        "nginx-upstream",
        Gen::nginx_text,
        |text, _| match parse_upstream(text) {
            Ok(upstream) => {
                assert!(!upstream.weights.is_empty());
                let again = parse_upstream(&render_upstream(&upstream.weights, &upstream.scenario))
                    .unwrap_or_else(|e| panic!("the rendered block is refused: {e}"));
                assert_eq!(again.weights.integers(), upstream.weights.integers());
                assert_eq!(again.scenario, upstream.scenario);
                true
            }
            Err(e) => {
                clear(&e.to_string(), "nginx upstream");
                false
            }
        },
    );
}

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

/// Weights for the engine: few nodes, weights from 0 to 10^9, often equal (ties).
fn engine_weights(g: &mut Gen) -> String {
    let n = match g.below(50) {
        0 => 200 + g.below(200),
        _ => 1 + g.below(9),
    };
    let mut ws: Vec<u64> = (0..n)
        .map(|_| match g.below(10) {
            0 => 0,
            1 => MAX_WEIGHT - g.below(3),
            2 => 1 + g.below(1_000_000),
            _ => 1 + g.below(8),
        })
        .collect();
    if ws.iter().all(|&w| w == 0) {
        ws[0] = 1;
    }
    ws.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

#[test]
#[ignore = "fuzz: scripts/fuzz.sh"]
fn fuzz_engine() {
    fuzz(
        "engine",
        |g| {
            let weights = engine_weights(g);
            let names: Vec<String> = (0..weights.split(',').count())
                .map(swrr_viz::input::default_name)
                .collect();
            let scenario = if g.chance(50) {
                String::new()
            } else {
                g.scenario_text(&names)
            };
            let algo = g.pick(&["swrr", "swrr", "classic", "interleaved", "random", "edf"]);
            let tie = g.pick(&["first", "last"]);
            let subtract = if g.chance(10) { "own" } else { "total" };
            format!(
                "{weights}|{scenario}|{algo}|{tie}|{subtract}|{}",
                g.below(u64::MAX)
            )
        },
        |input, g| {
            // weights|scenario|algo|tie|subtract|seed, the scenario possibly holding '|' itself.
            let fields: Vec<&str> = input.rsplitn(5, '|').collect();
            let (weights, scenario) = fields[4].split_once('|').unwrap();
            let weights: Weights = weights.parse().unwrap();
            let Ok(scenario) = Scenario::parse(scenario, &weights) else {
                return false;
            };
            let options = AlgorithmOptions {
                kind: fields[3].parse().unwrap(),
                tie: fields[2].parse().unwrap(),
                subtract: fields[1].parse().unwrap(),
                seed: fields[0].parse().unwrap(),
            };
            let algorithm = Algorithm::new(&weights, &options, &scenario);
            let n = weights.len();
            let plain = scenario.is_empty() && options.subtract == SubtractRule::Total;
            let mut trace = Trace::with_max_checkpoints(algorithm.clone(), 2 + g.below(6) as usize);
            let steps_cap = if n > 100 { 300 } else { 3_000 };
            // A far seek folds onto the first period, which may have to be computed: keep that
            // to a period of at most 10^6 node updates (the limit is MAX_NEW_WORK, seconds).
            let short_period = algorithm
                .cycle()
                .is_some_and(|(p, _)| p.saturating_mul(n as u64) <= 1_000_000);
            for _ in 0..1 + g.below(8) {
                let result = match g.below(10) {
                    0..=3 => trace.forward().map(|_| ()),
                    4 => {
                        trace.back();
                        Ok(())
                    }
                    5 => trace.seek(g.below(steps_cap)),
                    // Far: instant for a run that repeats, refused beyond MAX_STEP; a run that
                    // never repeats may walk up to MAX_NEW_WORK node updates (seconds), so the
                    // fuzz keeps those walks short.
                    6 => trace.seek(match g.below(4) {
                        0 if short_period => 1_000_000_000,
                        1 if short_period => MAX_STEP,
                        0 | 1 => trace.t() + 50_000 / n as u64,
                        2 => MAX_STEP + 1,
                        _ => u64::MAX,
                    }),
                    7 => {
                        let from = g.below(steps_cap);
                        trace.rows(from, from + g.below(20)).map(|rows| {
                            for (row, t) in rows.iter().zip(from.max(1)..) {
                                assert_eq!(row.t, t);
                            }
                        })
                    }
                    _ => trace.seek(trace.t() + g.below(40)),
                };
                match result {
                    Ok(()) => {}
                    Err(e) => {
                        clear(&e.to_string(), "trace");
                        continue;
                    }
                }
                let t = trace.t();
                assert_eq!(
                    trace.picks().iter().sum::<u64>(),
                    t,
                    "picks must add up to t"
                );
                assert_eq!(trace.current().is_some(), t > 0);
                if let Some(step) = trace.current() {
                    assert!(step.winner < n);
                    assert!(step.eligible[step.winner], "an ineligible node won");
                    assert_eq!(step.t, t);
                }
                if options.kind == AlgorithmKind::Swrr {
                    assert!(trace.levels().iter().all(|l| l.abs() <= MAX_LEVEL));
                    if plain {
                        assert_eq!(
                            trace.levels().iter().sum::<i64>(),
                            0,
                            "Σ levels after step {t}"
                        );
                    }
                }
            }
            // Wherever the trace went, a fresh one agrees with it.
            let t = trace.t();
            if t <= steps_cap + 40 {
                let mut fresh = Trace::new(algorithm.clone());
                fresh.seek(t).unwrap();
                assert_eq!(fresh.levels(), trace.levels());
                assert_eq!(fresh.picks(), trace.picks());
                assert_eq!(
                    fresh.current().map(|s| s.winner),
                    trace.current().map(|s| s.winner)
                );
            }
            // One in ten: the metrics of the same run.
            if g.chance(10) && scenario.is_empty() {
                let steps = Some(g.below(2_000));
                let window = if g.chance(50) {
                    None
                } else {
                    Some(g.below(300))
                };
                match RunAnalysis::with_algorithm(&weights, algorithm, steps, window) {
                    Ok(mut analysis) => {
                        analysis.run_to_end();
                        let total = analysis.metrics().map_or(0, |m| m.steps);
                        if total > 0 {
                            let grid = analysis.grid(1, total, 1 + g.below(50)).unwrap();
                            analysis.strip(&grid, None).unwrap();
                            analysis.level_columns(&grid, None, true).unwrap();
                            analysis.window_columns(&grid, None, true).unwrap();
                            analysis.run_histogram(None).unwrap();
                            let ranked = analysis.metrics().unwrap().ranked_nodes(RankBy::Lag, 8);
                            assert!(ranked.len() <= 8);
                        }
                    }
                    Err(e) => clear(&e.to_string(), "analysis"),
                }
            }
            true
        },
    );
}
