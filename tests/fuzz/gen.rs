//! The generator: a seeded random source and the texts it builds — weights, scenarios and
//! nginx configurations as people type them, and as they should not.

use swrr_viz::engine::SplitMix64;
use swrr_viz::input::{MAX_NAME_CHARS, MAX_NODES, MAX_STEP, MAX_UPSTREAM_BYTES, MAX_WEIGHT};

/// Just over the upstream parser's input limit.
const MAX_UPSTREAM_BYTES_PLUS: usize = MAX_UPSTREAM_BYTES + 1;

/// A small random source with helpers for building texts.
pub struct Gen(pub SplitMix64);

impl Gen {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0.below(n.max(1))
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    pub fn pick<'a, T: ?Sized>(&mut self, items: &[&'a T]) -> &'a T {
        items[self.below(items.len() as u64) as usize]
    }
    pub fn digits(&mut self, max: u64) -> String {
        let n = 1 + self.below(max);
        (0..n)
            .map(|_| char::from(b'0' + self.below(10) as u8))
            .collect()
    }
    /// Any character, sometimes far outside ASCII.
    pub fn any_char(&mut self) -> char {
        match self.below(6) {
            0 => char::from_u32(self.below(0x11_0000) as u32).unwrap_or('\u{fffd}'),
            1 => char::from_u32(0x80 + self.below(0x780) as u32).unwrap_or('é'),
            _ => char::from(32 + self.below(95) as u8),
        }
    }
    pub fn junk(&mut self, max: u64) -> String {
        let n = self.below(max + 1);
        (0..n).map(|_| self.any_char()).collect()
    }

    /// A number as people type them, and as they should not.
    pub fn number(&mut self) -> String {
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

    pub fn name(&mut self) -> String {
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
            13 => self
                .pick(&[
                    "\u{0}\u{7}\u{202e}",
                    "a\u{202e}b",
                    "\u{2067}x",
                    "\u{5e9}\u{200f}",
                ])
                .to_string(),
            _ => format!("n{}", self.below(30)),
        }
    }

    pub fn separator(&mut self) -> &'static str {
        self.pick(&[
            ",", ", ", " ", ":", ";", "\n", "\t", "\r\n", ",,", " , ", "", "  ", "\u{a0}", "|",
        ])
    }

    /// A weights text: mostly well formed, often a little wrong, sometimes garbage.
    pub fn weights_text(&mut self) -> String {
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
    pub fn scenario_text(&mut self, names: &[String]) -> String {
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

impl Gen {
    /// A pasted nginx configuration: upstream blocks, server lines with parameters, comments,
    /// quotes, other blocks around them, and mistakes.
    pub fn nginx_text(&mut self) -> String {
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
