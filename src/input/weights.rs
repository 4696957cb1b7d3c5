//! Weights as people type them, parsed into exact integer weights.
//!
//! Accepted: `5,3,2` · `5 3 2` · `5:3:2` · `A=5, B=3, C=2` · `gpu=5 cpu=3 queue=2` · `1:3:0.5` ·
//! `50%,30%,20%` · `0.333:0.333:0.334`, and one weight per line. Decimals and percentages are
//! scaled by a power of ten and divided by the gcd, so they become exact integers
//! (`1:3:0.5 → 2:6:1`); plain integers are kept as typed.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::input::names::default_name;
use crate::input::weight_error::{NameProblem, Position, Token, WeightError};

/// At most this many nodes.
pub const MAX_NODES: usize = 10_000;
/// No weight above this once normalised, so that every sum and level fits comfortably in i64.
pub const MAX_WEIGHT: u64 = 1_000_000_000;
/// At most this many decimal places in a typed weight.
pub const MAX_DECIMALS: usize = 6;
/// Longest node name, in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// Integer digits beyond this are certainly above [`MAX_WEIGHT`]; stops work on absurd input early.
const MAX_INTEGER_DIGITS: usize = 18;

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
    nodes: Vec<Node>,
    normalisation: Option<Normalisation>,
}

impl Weights {
    /// Parses a weights text; see the module docs for the accepted forms.
    pub fn parse(text: &str) -> Result<Self, WeightError> {
        let items = split_items(text);
        if items.is_empty() {
            return Err(WeightError::Empty);
        }
        if items.len() > MAX_NODES {
            return Err(WeightError::TooManyNodes { count: items.len() });
        }
        let parsed: Vec<ParsedItem> = items
            .iter()
            .enumerate()
            .map(|(index, item)| parse_item(item, index + 1))
            .collect::<Result<_, _>>()?;

        let percent = parsed.iter().any(|p| p.value.percent);
        if let Some(odd) = parsed.iter().find(|p| p.value.percent != percent) {
            return Err(WeightError::MixedPercent {
                token: odd.token.clone(),
            });
        }
        let places = parsed.iter().map(|p| p.value.places).max().unwrap_or(0);
        let exact_integers = places == 0 && !percent;
        let exponent = places + if percent { 2 } else { 0 };
        let scaled: Vec<u128> = parsed
            .iter()
            .map(|p| p.value.mantissa * pow10(places - p.value.places))
            .collect();
        let divisor = if exact_integers {
            1
        } else {
            scaled.iter().fold(0, |g, &v| gcd(g, v)).max(1)
        };
        if scaled.iter().all(|&v| v == 0) {
            return Err(WeightError::AllZero);
        }

        let mut weights = Vec::with_capacity(parsed.len());
        for (p, &v) in parsed.iter().zip(&scaled) {
            let w = v / divisor;
            match u64::try_from(w) {
                Ok(w) if w <= MAX_WEIGHT => weights.push(w),
                _ => {
                    return Err(WeightError::TooLarge {
                        token: p.token.clone(),
                        normalised: (!exact_integers)
                            .then(|| crate::input::weight_error::group_thousands_u128(w)),
                    })
                }
            }
        }

        let names = assign_names(&parsed)?;
        let normalisation = (!exact_integers).then(|| Normalisation {
            typed: parsed.iter().map(|p| p.token_value.clone()).collect(),
            scale: u64::try_from(pow10(exponent)).unwrap_or(u64::MAX),
            divisor: u64::try_from(divisor).unwrap_or(u64::MAX),
        });
        Ok(Self {
            nodes: names
                .into_iter()
                .zip(weights)
                .map(|(name, weight)| Node { name, weight })
                .collect(),
            normalisation,
        })
    }

    /// Weights from integers with default names A, B, C, …
    pub fn from_integers(weights: &[u64]) -> Result<Self, WeightError> {
        let text = weights
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        Self::parse(&text)
    }

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

impl FromStr for Weights {
    type Err = WeightError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
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

/// A token of the text with where it starts.
#[derive(Debug)]
struct Item {
    text: String,
    position: Position,
}

/// Splits on commas, semicolons and whitespace; glues `A = 5` back together; splits `5:3:2`
/// (but not a name such as `10.0.0.1:80=5`) on colons.
fn split_items(text: &str) -> Vec<Item> {
    let mut raw: Vec<Item> = Vec::new();
    let (mut line, mut column) = (1, 0);
    let mut current: Option<Item> = None;
    for ch in text.chars() {
        column += 1;
        if ch == ',' || ch == ';' || ch.is_whitespace() {
            raw.extend(current.take());
        } else {
            current
                .get_or_insert_with(|| Item {
                    text: String::new(),
                    position: Position { line, column },
                })
                .text
                .push(ch);
        }
        if ch == '\n' {
            line += 1;
            column = 0;
        }
    }
    raw.extend(current);

    let mut glued: Vec<Item> = Vec::with_capacity(raw.len());
    for item in raw {
        match glued.last_mut() {
            Some(prev) if prev.text.ends_with('=') || item.text.starts_with('=') => {
                prev.text.push_str(&item.text)
            }
            _ => glued.push(item),
        }
    }

    let mut items = Vec::with_capacity(glued.len());
    for item in glued {
        if item.text.contains('=') || !item.text.contains(':') {
            items.push(item);
            continue;
        }
        let mut column = item.position.column;
        for part in item.text.split(':') {
            if !part.is_empty() {
                items.push(Item {
                    text: part.to_string(),
                    position: Position {
                        line: item.position.line,
                        column,
                    },
                });
            }
            column += part.chars().count() + 1;
        }
    }
    items
}

/// A typed non-negative number: `mantissa / 10^places`, in percent or not.
#[derive(Debug)]
struct Number {
    mantissa: u128,
    places: usize,
    percent: bool,
}

#[derive(Debug)]
struct ParsedItem {
    name: Option<String>,
    value: Number,
    /// The number as typed (without the name), for the normalisation note.
    token_value: String,
    token: Token,
}

fn parse_item(item: &Item, node: usize) -> Result<ParsedItem, WeightError> {
    let token = Token {
        text: crate::input::weight_error::quoted(
            &item.text,
            crate::input::weight_error::QUOTED_CHARS,
        ),
        node,
        position: item.position,
    };
    let (name, value_text) = match item.text.split_once('=') {
        Some((name, value)) => {
            if name.is_empty() {
                return Err(WeightError::MissingName(token));
            }
            if value.is_empty() {
                return Err(WeightError::MissingWeight(token));
            }
            check_name(name, &token)?;
            (Some(name.to_string()), value)
        }
        None => (None, item.text.as_str()),
    };
    let value = parse_number(value_text, &token)?;
    Ok(ParsedItem {
        name,
        value,
        token_value: value_text.to_string(),
        token,
    })
}

fn check_name(name: &str, token: &Token) -> Result<(), WeightError> {
    let reason = if name.chars().count() > MAX_NAME_CHARS {
        Some(NameProblem::TooLong)
    } else if name.chars().any(char::is_control) {
        Some(NameProblem::ControlCharacter)
    } else {
        None
    };
    match reason {
        Some(reason) => Err(WeightError::BadName {
            token: token.clone(),
            reason,
        }),
        None => Ok(()),
    }
}

fn parse_number(text: &str, token: &Token) -> Result<Number, WeightError> {
    let (body, percent) = match text.strip_suffix('%') {
        Some(body) => (body, true),
        None => (text, false),
    };
    let unsigned = body.strip_prefix('+').unwrap_or(body);
    let lower = unsigned.trim_start_matches('-').to_ascii_lowercase();
    if matches!(lower.as_str(), "nan" | "inf" | "infinity" | "∞") {
        return Err(WeightError::NotFinite(token.clone()));
    }
    if let Some(magnitude) = unsigned.strip_prefix('-') {
        return match parse_digits(magnitude) {
            Some(_) => Err(WeightError::Negative(token.clone())),
            None => Err(WeightError::NotANumber(token.clone())),
        };
    }
    let (integer, fraction) =
        parse_digits(unsigned).ok_or_else(|| WeightError::NotANumber(token.clone()))?;
    let fraction = fraction.trim_end_matches('0');
    let integer = integer.trim_start_matches('0');
    if fraction.len() > MAX_DECIMALS {
        return Err(WeightError::TooManyDecimals {
            token: token.clone(),
            places: fraction.len(),
        });
    }
    if integer.len() > MAX_INTEGER_DIGITS {
        return Err(WeightError::TooLarge {
            token: token.clone(),
            normalised: None,
        });
    }
    let mut mantissa: u128 = 0;
    for digit in integer.bytes().chain(fraction.bytes()) {
        mantissa = mantissa * 10 + u128::from(digit - b'0');
    }
    Ok(Number {
        mantissa,
        places: fraction.len(),
        percent,
    })
}

/// `12.50` → (`12`, `50`); `.5` → (``, `5`); rejects anything else.
fn parse_digits(text: &str) -> Option<(&str, &str)> {
    let (integer, fraction) = text.split_once('.').unwrap_or((text, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    (!(integer.is_empty() && fraction.is_empty()) && all_digits(integer) && all_digits(fraction))
        .then_some((integer, fraction))
}

/// Explicit names as typed; unnamed nodes get the default name for their position, or the next
/// default name that no explicit name took.
fn assign_names(parsed: &[ParsedItem]) -> Result<Vec<String>, WeightError> {
    use std::collections::HashMap;
    let mut taken: HashMap<&str, usize> = HashMap::new();
    for p in parsed {
        if let Some(name) = &p.name {
            if let Some(&first) = taken.get(name.as_str()) {
                return Err(WeightError::DuplicateName {
                    name: name.clone(),
                    first,
                    second: p.token.node,
                    position: p.token.position,
                });
            }
            taken.insert(name, p.token.node);
        }
    }
    let mut names = Vec::with_capacity(parsed.len());
    let mut next_default = 0;
    let mut used_defaults: std::collections::HashSet<String> = std::collections::HashSet::new();
    for (index, p) in parsed.iter().enumerate() {
        match &p.name {
            Some(name) => names.push(name.clone()),
            None => {
                next_default = next_default.max(index);
                let mut candidate = default_name(next_default);
                while taken.contains_key(candidate.as_str()) || used_defaults.contains(&candidate) {
                    next_default += 1;
                    candidate = default_name(next_default);
                }
                used_defaults.insert(candidate.clone());
                names.push(candidate);
            }
        }
    }
    Ok(names)
}

fn pow10(exponent: usize) -> u128 {
    (0..exponent).fold(1, |p, _| p * 10)
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

pub(crate) fn gcd_u64(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd_u64(b, a % b)
    }
}
