//! Weights as people type them, parsed into exact integer weights.
//!
//! Accepted: `5,3,2` · `5 3 2` · `5:3:2` · `A=5, B=3, C=2` · `gpu=5 cpu=3 queue=2` · `1:3:0.5` ·
//! `50%,30%,20%` · `0.333:0.333:0.334`, and one weight per line. Decimals and percentages are
//! scaled by a power of ten and divided by the gcd, so they become exact integers
//! (`1:3:0.5 → 2:6:1`); plain integers are kept as typed. The full-width forms a Chinese or
//! Japanese input method types (`5，3，2` · `５：３：２` · `A＝50％` · `5、3、2`) read as their
//! ASCII twins; names keep what was typed.

use std::str::FromStr;

use crate::input::limits::MAX_DECIMALS;
use crate::input::limits::MAX_NAME_CHARS;
use crate::input::limits::MAX_NAME_MARKS;
use crate::input::limits::MAX_NODES;
use crate::input::limits::MAX_WEIGHT;
use crate::input::names::default_name;
use crate::input::text::{
    is_combining_accent, is_direction_control, look_of, quoted, shows_nothing, split_words,
    unseen_escaped, Position, Word, QUOTED_CHARS,
};
use crate::input::weights::error::{NameProblem, Token, WeightError};
use crate::input::weights::vector::{Node, Normalisation, Weights};

/// Integer digits beyond this are certainly above [`MAX_WEIGHT`]; stops work on absurd input early.
const MAX_INTEGER_DIGITS: usize = 18;

impl Weights {
    /// Parses a weights text; see the module docs for the accepted forms.
    pub fn parse(text: &str) -> Result<Self, WeightError> {
        let items = split_items(text)?;
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
                            .then(|| crate::input::text::group_thousands_u128(w)),
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
}

impl FromStr for Weights {
    type Err = WeightError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

/// The ASCII twin of a full-width form (`，` → `,`, `５` → `5`, `＝` → `=`) and of the
/// ideographic comma `、`; any other character as it is.
fn ascii_form(ch: char) -> char {
    match ch {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(u32::from(ch) - 0xFEE0).unwrap_or(ch),
        '、' => ',',
        _ => ch,
    }
}

/// Whether `ch` is `ascii`, typed as it is or full-width.
fn is(ascii: char) -> impl Fn(char) -> bool {
    move |ch| ascii_form(ch) == ascii
}

/// Splits on commas, semicolons and whitespace; glues `A = 5` back together; splits `5:3:2`
/// (but not a name such as `10.0.0.1:80=5`) on colons. Two commas, semicolons or colons with
/// nothing between them, between two weights (`5,,2`), are an empty weight: refused, as a
/// skipped one would make the next weight another node's. Separators before the first weight or
/// after the last (`5,3,2,`) leave no weight out and are read as nothing.
fn split_items(text: &str) -> Result<Vec<Word>, WeightError> {
    // Each comma or semicolon, with the number of words before it.
    let mut hard: Vec<(Position, usize)> = Vec::new();
    let raw = split_words(
        text,
        |ch| matches!(ascii_form(ch), ',' | ';') || ch.is_whitespace(),
        |ch, position, words| {
            if matches!(ascii_form(ch), ',' | ';') {
                hard.push((position, words.len()));
            }
        },
    );
    // A separator that follows another with no word between, after a word and before one.
    let mut empty = hard
        .windows(2)
        .find(|pair| pair[0].1 == pair[1].1 && pair[1].1 > 0 && pair[1].1 < raw.len())
        .map(|pair| pair[1].0);

    let mut glued: Vec<Word> = Vec::with_capacity(raw.len());
    for item in raw {
        match glued.last_mut() {
            Some(prev) if prev.text.ends_with(is('=')) || item.text.starts_with(is('=')) => {
                prev.text.push_str(&item.text)
            }
            _ => glued.push(item),
        }
    }

    let mut items = Vec::with_capacity(glued.len());
    for item in glued {
        if item.text.contains(is('=')) || !item.text.contains(is(':')) {
            items.push(item);
            continue;
        }
        let mut column = item.position.column;
        let parts: Vec<&str> = item.text.split(is(':')).collect();
        let first = parts.iter().position(|p| !p.is_empty());
        let last = parts.iter().rposition(|p| !p.is_empty());
        for (i, part) in parts.iter().enumerate() {
            let inside = first.is_some_and(|f| f < i) && last.is_some_and(|l| i < l);
            if part.is_empty() && inside {
                // The colon after the empty part, where its weight would be written.
                let at = Position {
                    line: item.position.line,
                    column,
                };
                empty = Some(empty.map_or(at, |e| e.min(at)));
            }
            if !part.is_empty() {
                items.push(Word {
                    text: (*part).to_string(),
                    position: Position {
                        line: item.position.line,
                        column,
                    },
                });
            }
            column += part.chars().count() + 1;
        }
    }
    if let Some(position) = empty {
        let node = items.iter().filter(|w| w.position < position).count() + 1;
        return Err(WeightError::EmptyItem { node, position });
    }
    Ok(items)
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

fn parse_item(item: &Word, node: usize) -> Result<ParsedItem, WeightError> {
    let token = Token {
        text: quoted(&item.text, QUOTED_CHARS),
        node,
        position: item.position,
    };
    let (name, value_text) = match item.text.split_once(is('=')) {
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
    let value_text: String = value_text.chars().map(ascii_form).collect();
    let value = parse_number(&value_text, &token)?;
    Ok(ParsedItem {
        name,
        value,
        token_value: value_text,
        token,
    })
}

fn check_name(name: &str, token: &Token) -> Result<(), WeightError> {
    let refuse = |reason, text: String| {
        Err(WeightError::BadName {
            token: Token {
                text,
                ..token.clone()
            },
            reason,
        })
    };
    if name.chars().count() > MAX_NAME_CHARS {
        refuse(NameProblem::TooLong, token.text.clone())
    } else if name.chars().any(char::is_control) {
        refuse(NameProblem::ControlCharacter, token.text.clone())
    } else if name.chars().any(is_direction_control) {
        refuse(NameProblem::DirectionControl, token.text.clone())
    } else if name.chars().all(shows_nothing) {
        refuse(NameProblem::Invisible, unseen_escaped(&token.text))
    } else if most_accents_on_one_character(name) > MAX_NAME_MARKS {
        refuse(NameProblem::TooManyMarks, unseen_escaped(&token.text))
    } else {
        Ok(())
    }
}

/// The longest run of combining accents in `name`: how many are stacked on one character.
fn most_accents_on_one_character(name: &str) -> usize {
    let mut most = 0;
    let mut run = 0;
    for c in name.chars() {
        run = if is_combining_accent(c) { run + 1 } else { 0 };
        most = most.max(run);
    }
    most
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
    // Keyed by how a name looks, so that `A` and `A` + U+200B are not two nodes drawn alike.
    let mut taken: HashMap<String, (usize, &str)> = HashMap::new();
    for p in parsed {
        if let Some(name) = &p.name {
            let look = look_of(name);
            if let Some(&(first, first_name)) = taken.get(&look) {
                let (second, position) = (p.token.node, p.token.position);
                let shown = |name: &str| unseen_escaped(&quoted(name, QUOTED_CHARS));
                return Err(if first_name == name {
                    WeightError::DuplicateName {
                        name: name.clone(),
                        first,
                        second,
                        position,
                    }
                } else {
                    WeightError::LookAlikeNames {
                        names: (shown(first_name), shown(name)),
                        first,
                        second,
                        position,
                    }
                });
            }
            taken.insert(look, (p.token.node, name));
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
                while taken.contains_key(&candidate) || used_defaults.contains(&candidate) {
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
