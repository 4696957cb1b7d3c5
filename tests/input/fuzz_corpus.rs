//! Inputs kept from fuzzing (`scripts/fuzz.sh`): the ones that once broke a rule, and the edges
//! the generators aim at. They run with the default tests, so a fix stays fixed.

use swrr_viz::engine::{AlgorithmKind, SubtractRule, TieRule};

use swrr_viz::input::{parse_upstream, Scenario, Weights, MAX_UPSTREAM_BYTES};

/// What every refusal must be: one line, short, and saying something.
fn assert_clear(message: &str) {
    assert!(!message.trim().is_empty());
    assert!(
        message.chars().count() <= 400,
        "{} characters: {message}",
        message.chars().count()
    );
    assert!(
        !message.contains('\n') && !message.contains('\r'),
        "{message:?}"
    );
}

fn weights_error(text: &str) -> String {
    let message = text.parse::<Weights>().unwrap_err().to_string();
    assert_clear(&message);
    message
}

/// `text` is refused as weights with a clear message that says `part`.
fn assert_weights_refused_with(text: &str, part: &str) {
    let message = weights_error(text);
    assert!(message.contains(part), "{message}");
}

/// Found by fuzz_weights: a token of thousands of digits was quoted whole (a message of 3,741
/// characters); now it is cut in the middle and its length said.
#[test]
fn a_huge_token_is_quoted_short() {
    let digits = "9".repeat(5000);
    let message = weights_error(&digits);
    assert!(message.starts_with("weight 1 \"99999999999999999999999999…9999999999999 (5,000 characters)\" (at column 1) is above the limit"), "{message}");
    assert_weights_refused_with(
        &format!("1,{}", "x".repeat(3000)),
        "(3,000 characters)\" (at column 3) is not a number",
    );
}

/// A long decimal is refused for its size before anything is scaled.
#[test]
fn a_long_decimal_is_refused_short() {
    assert_weights_refused_with(
        &format!("{}.5,1", "1".repeat(600)),
        "(602 characters)\" (at column 1) is above the limit",
    );
}

/// Control characters in a token are escaped, so a message stays one readable line.
#[test]
fn control_characters_are_escaped() {
    let message = weights_error("5\u{7}\n\u{1b}[31m,3");
    assert!(
        message.contains("\\u{7}") || message.contains("\\u{1b}"),
        "{message}"
    );
    let message = "fir\nst".parse::<TieRule>().unwrap_err().to_string();
    assert_clear(&message);
    assert!(message.contains("fir\\u{a}st"), "{message}");
    for text in ["sw\rrr", &"a".repeat(1000)] {
        assert_clear(&text.parse::<AlgorithmKind>().unwrap_err().to_string());
        assert_clear(&text.parse::<SubtractRule>().unwrap_err().to_string());
    }
}

/// Markup in a name is an ordinary name: the core keeps it as text (the page shows it as text).
#[test]
fn markup_names_are_names() {
    let weights: Weights = "<b>x</b>=5, <script>alert(1)</script>=3 \"><i>=2"
        .parse()
        .unwrap();
    assert_eq!(weights.name(0), "<b>x</b>");
    assert_eq!(weights.name(1), "<script>alert(1)</script>");
    assert_eq!(weights.name(2), "\"><i>");
    let again: Weights = weights.canonical_text().parse().unwrap();
    assert_eq!(again.nodes(), weights.nodes());
}

#[test]
fn node_count_at_the_limit_and_beyond() {
    let at_limit = vec!["1000000000"; 10_000].join(",");
    assert_eq!(at_limit.parse::<Weights>().unwrap().len(), 10_000);
    let message = weights_error(&vec!["1"; 10_001].join(","));
    assert!(
        message.starts_with("10,001 weights given: at most 10,000 nodes"),
        "{message}"
    );
    assert_weights_refused_with(
        "1000000001",
        "is above the limit: weights go up to 1,000,000,000",
    );
}

#[test]
fn scenario_refusals_stay_short() {
    let weights: Weights = "5,3,2".parse().unwrap();
    for text in [
        format!("@{} A down", "9".repeat(3000)),
        format!("@1 A={}", "7".repeat(3000)),
        format!("@1 {} down", "Z".repeat(3000)),
        format!("@1 A {}", "q".repeat(3000)),
        "@1 A down\u{7}\u{202e}".to_string(),
        vec!["@1 A down"; 1001].join("; "),
    ] {
        let message = Scenario::parse(&text, &weights).unwrap_err().to_string();
        assert_clear(&message);
    }
    // Node lists in messages shorten long names.
    let long_names: Weights = (0..9)
        .map(|i| format!("{}{i}=1", "n".repeat(60)))
        .collect::<Vec<_>>()
        .join(" ")
        .parse()
        .unwrap();
    let message = Scenario::parse("@1 nobody down", &long_names)
        .unwrap_err()
        .to_string();
    assert_clear(&message);
}

#[test]
fn pasted_configs_never_give_long_messages() {
    for text in [
        format!("upstream b {{ {} 10.0.0.1; }}", "d".repeat(3000)),
        format!("upstream b {{ server 10.0.0.1 {}=1; }}", "p".repeat(3000)),
        format!("upstream b {{ server 10.0.0.1 weight={}; }}", "9".repeat(3000)),
        "upstream b { server 10.0.0.1 weight=5 }".to_string(),
        "upstream b { server {".to_string(),
        "\"unclosed".to_string(),
        "x".repeat(MAX_UPSTREAM_BYTES + 1),
        "upstream <script>alert(1)</script> { server 10.0.0.1 weight=5; server <img src=x> weight=2; }"
            .to_string(),
    ] {
        match parse_upstream(&text) {
            Ok(upstream) => assert!(!upstream.weights.is_empty()),
            Err(e) => assert_clear(&e.to_string()),
        }
    }
}
