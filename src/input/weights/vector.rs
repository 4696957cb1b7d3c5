//! A weight vector: nodes with their names and exact integer weights, and how typed decimals or
//! percentages became those integers.

use std::fmt;

use serde::Serialize;

use crate::input::names::default_name;

/// One node: its name and its integer weight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Node {
    pub name: String,
    pub weight: u64,
}

/// How decimals or percentages were turned into integers: every typed value was multiplied by
/// `scale` (a power of ten) and divided by `divisor` (the gcd of the scaled values).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Normalisation {
    pub typed: Vec<String>,
    pub scale: u64,
    pub divisor: u64,
}

/// A parsed, valid weight vector: at least one node, at least one weight above zero.
///
/// ```
/// use swrr_viz::input::Weights;
/// let w: Weights = "1:3:0.5".parse().unwrap();
/// assert_eq!(w.integers(), vec![2, 6, 1]);
/// assert_eq!(w.normalisation_text().unwrap(), "1:3:0.5 → 2:6:1");
/// let named: Weights = "gpu=5 cpu=3 queue=2".parse().unwrap();
/// assert_eq!(named.name(2), "queue");
/// assert!("5,-3".parse::<Weights>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Weights {
    pub(super) nodes: Vec<Node>,
    pub(super) normalisation: Option<Normalisation>,
}

impl Weights {
    #[must_use]
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Number of nodes (never zero).
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a parsed weight vector has at least one node.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    #[must_use]
    pub fn name(&self, index: usize) -> &str {
        &self.nodes[index].name
    }

    #[must_use]
    pub fn weight(&self, index: usize) -> u64 {
        self.nodes[index].weight
    }

    #[must_use]
    pub fn integers(&self) -> Vec<u64> {
        self.nodes.iter().map(|n| n.weight).collect()
    }

    /// W = Σ w_i (at most 10^13).
    #[must_use]
    pub fn total(&self) -> u64 {
        self.nodes.iter().map(|n| n.weight).sum()
    }

    /// gcd of all weights (zeros do not count).
    #[must_use]
    pub fn gcd(&self) -> u64 {
        self.nodes.iter().fold(0, |g, n| gcd_u64(g, n.weight))
    }

    /// Steps after which a static SWRR sequence repeats: W / gcd.
    #[must_use]
    pub fn period(&self) -> u64 {
        self.total() / self.gcd()
    }

    #[must_use]
    pub fn normalisation(&self) -> Option<&Normalisation> {
        self.normalisation.as_ref()
    }

    /// How decimals or percentages were made integers, e.g. `1:3:0.5 → 2:6:1`; `None` when the
    /// text was integers already. Long vectors are shortened with an ellipsis.
    #[must_use]
    pub fn normalisation_text(&self) -> Option<String> {
        let n = self.normalisation.as_ref()?;
        Some(format!(
            "{} → {}",
            ratio_text(n.typed.iter().map(String::as_str)),
            ratio_text(
                self.nodes
                    .iter()
                    .map(|node| node.weight.to_string())
                    .collect::<Vec<_>>()
                    .iter()
                    .map(String::as_str)
            )
        ))
    }

    /// True when every name is a default one (A, B, C, … in order).
    #[must_use]
    pub fn has_default_names(&self) -> bool {
        self.nodes
            .iter()
            .enumerate()
            .all(|(i, n)| n.name == default_name(i))
    }

    /// A canonical text that parses back to these weights: `5,3,2`, or `gpu=5 cpu=3` when named.
    #[must_use]
    pub fn canonical_text(&self) -> String {
        if self.has_default_names() {
            self.nodes
                .iter()
                .map(|n| n.weight.to_string())
                .collect::<Vec<_>>()
                .join(",")
        } else {
            self.nodes
                .iter()
                .map(|n| format!("{}={}", n.name, n.weight))
                .collect::<Vec<_>>()
                .join(" ")
        }
    }
}
impl fmt::Display for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.canonical_text())
    }
}

fn ratio_text<'a>(items: impl ExactSizeIterator<Item = &'a str>) -> String {
    const SHOWN: usize = 12;
    let count = items.len();
    let mut text = items.take(SHOWN).collect::<Vec<_>>().join(":");
    if count > SHOWN {
        text.push_str(&format!(":… ({count} weights)"));
    }
    text
}

pub(crate) fn gcd_u64(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd_u64(b, a % b)
    }
}
