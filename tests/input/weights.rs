//! The weights parser: every accepted form and every refusal, with its message.

use crate::{assert_refusals, Holds};
use swrr_viz::input::{WeightError, Weights};

fn ok(text: &str) -> Weights {
    Weights::parse(text).unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
}

fn err(text: &str) -> (WeightError, String) {
    let e = Weights::parse(text).expect_err(&format!("{text:?} should be refused"));
    let message = e.to_string();
    (e, message)
}

fn summary(w: &Weights) -> String {
    w.nodes()
        .iter()
        .map(|n| format!("{}={}", n.name, n.weight))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn accepted_forms() {
    for (text, expected) in [
        ("5,3,2", "A=5 B=3 C=2"),
        ("5 3 2", "A=5 B=3 C=2"),
        ("5:3:2", "A=5 B=3 C=2"),
        ("5;3;2", "A=5 B=3 C=2"),
        ("  5 ,\t3\n2\n", "A=5 B=3 C=2"),
        ("A=5, B=3, C=2", "A=5 B=3 C=2"),
        ("A = 5, B= 3, C =2", "A=5 B=3 C=2"),
        ("gpu=5 cpu=3 queue=2", "gpu=5 cpu=3 queue=2"),
        ("1:3:0.5", "A=2 B=6 C=1"),
        ("50%,30%,20%", "A=5 B=3 C=2"),
        ("12.5% 87.5%", "A=1 B=7"),
        ("0.333:0.333:0.334", "A=333 B=333 C=334"),
        ("10,20", "A=10 B=20"),
        ("+4, 007, .5", "A=8 B=14 C=1"),
        ("2.50,1.0", "A=5 B=2"),
        ("0,3", "A=0 B=3"),
        ("10.0.0.1:80=5 10.0.0.2:80=1", "10.0.0.1:80=5 10.0.0.2:80=1"),
        ("B=1 5", "B=1 C=5"),
        ("5 A=1", "B=5 A=1"),
        ("1000000000,1", "A=1000000000 B=1"),
        ("0.000001,1", "A=1 B=1000000"),
        ("5.,2", "A=5 B=2"),
        // Full-width forms from a Chinese input method; names keep their own.
        ("5，3，2", "A=5 B=3 C=2"),
        ("5、3、2", "A=5 B=3 C=2"),
        ("５：３：２", "A=5 B=3 C=2"),
        ("甲＝50％；乙＝30％　丙＝20％", "甲=5 乙=3 丙=2"),
        ("Ａ=1．5，Ｂ=1", "Ａ=3 Ｂ=2"),
    ] {
        assert_eq!(summary(&ok(text)), expected, "{text:?}");
    }
}

#[test]
fn normalisation_is_reported_only_for_decimals_and_percentages() {
    assert_eq!(
        ok("1:3:0.5").normalisation_text().unwrap(),
        "1:3:0.5 → 2:6:1"
    );
    assert_eq!(
        ok("50%,30%,20%").normalisation_text().unwrap(),
        "50%:30%:20% → 5:3:2"
    );
    assert_eq!(
        ok("0.333:0.333:0.334").normalisation_text().unwrap(),
        "0.333:0.333:0.334 → 333:333:334"
    );
    assert!(ok("10,20").normalisation_text().is_none());
    let long = ok(&(1..=20)
        .map(|i| format!("{i}.5"))
        .collect::<Vec<_>>()
        .join(","));
    assert!(long
        .normalisation_text()
        .unwrap()
        .contains("… (20 weights)"));
}

#[test]
fn default_names_go_past_z() {
    let w = ok(&vec!["1"; 30].join(","));
    assert_eq!(w.name(25), "Z");
    assert_eq!(w.name(26), "AA");
    assert_eq!(w.name(29), "AD");
}

#[test]
fn canonical_text_round_trips() {
    for text in ["5,3,2", "gpu=5 cpu=3 queue=2", "1:3:0.5", "0,7"] {
        let w = ok(text);
        assert_eq!(
            ok(&w.canonical_text()),
            Weights::parse(&w.canonical_text()).unwrap()
        );
        assert_eq!(ok(&w.canonical_text()).nodes(), w.nodes());
    }
}

#[test]
fn refusals_name_the_token_and_say_what_is_accepted() {
    let cases: &[(&str, &str)] = &[
        ("", "no weights given"),
        (" , ;", "no weights given"),
        ("5,abc,2", "weight 2 \"abc\" (at column 3) is not a number: expected a non-negative number such as 5, 2.5 or 30%"),
        ("5,3,-2", "weight 3 \"-2\" (at column 5) is negative"),
        ("5，x", "weight 2 \"x\" (at column 3) is not a number: expected a non-negative number such as 5, 2.5 or 30%"),
        ("5,NaN", "weight 2 \"NaN\" (at column 3) is not a finite number"),
        ("inf", "weight 1 \"inf\" (at column 1) is not a finite number"),
        ("5,-inf", "is not a finite number"),
        ("0,0,0", "every weight is 0"),
        ("A=1 B=2 A=3", "the name \"A\" is used by weight 1 and again by weight 3 (at column 9): names must be unique"),
        ("1.1234567", "weight 1 \"1.1234567\" (at column 1) has 7 decimal places: at most 6 are kept exactly"),
        ("1000000001", "weight 1 \"1000000001\" (at column 1) is above the limit: weights go up to 1,000,000,000"),
        ("99999999999999999999999999", "is above the limit"),
        ("1000000000.5,1", "becomes 2,000,000,001 once the decimals are made whole numbers: weights go up to 1,000,000,000"),
        ("50%,30", "weight 2 \"30\" (at column 5) mixes percentages and plain numbers"),
        ("A=", "has a name but no number after '='"),
        ("=5", "has '=' but no name before it"),
        ("1e3", "weight 1 \"1e3\" (at column 1) is not a number"),
        ("5,3,x,", "weight 3 \"x\" (at column 5)"),
        ("1\n2\nfoo", "weight 3 \"foo\" (at line 3, column 1)"),
        // A right-to-left override in a name would reverse every line that names the node.
        ("\u{202e}A=5 B=3", "weight 1 \"\\u{202e}A=5\" (at column 1) has an unusable name: names cannot contain text-direction controls (U+202A to U+202E, U+2066 to U+2069), which would reverse the text after them"),
        ("A=5 B\u{2067}=3", "weight 2 \"B\\u{2067}=3\" (at column 5) has an unusable name: names cannot contain text-direction controls"),
        // A name of zero-width characters only: quoted escaped, or the message shows nothing either.
        ("\u{200b}=5 \u{200c}=3", "weight 1 \"\\u{200b}=5\" (at column 1) has an unusable name: nothing of it can be seen (only zero-width spaces, joiners, direction marks, accents with no letter under them or blanks): names need a character that can be seen"),
        ("A=5 \u{200f}\u{fe0f}=3", "weight 2 \"\\u{200f}\\u{fe0f}=3\" (at column 5) has an unusable name: nothing of it can be seen"),
        ("A=5 \u{2060}\u{feff}\u{e0041}=1", "weight 2 \"\\u{2060}\\u{feff}\\u{e0041}=1\" (at column 5) has an unusable name"),
        // The stack is quoted escaped, or it would be drawn over the message too.
        ("a\u{301}\u{302}\u{303}\u{304}\u{305}=5", "weight 1 \"a\\u{301}\\u{302}\\u{303}\\u{304}\\u{305}=5\" (at column 1) has an unusable name: more than 4 accents are stacked on one character, and they would be drawn over the text around it"),
        // An accent with no letter under it, the empty Braille pattern: nothing to see either.
        ("A=5 \u{301}=3", "weight 2 \"\\u{301}=3\" (at column 5) has an unusable name: nothing of it can be seen"),
        ("A=5 \u{2800}=3", "weight 2 \"\u{2800}=3\" (at column 5) has an unusable name: nothing of it can be seen"),
        // Names that differ only in invisible characters would be two tanks drawn alike.
        ("A\u{200b}=5, A=3", "the names of weight 1 (\"A\\u{200b}\") and weight 2 (\"A\", at column 7) look the same: they differ only in invisible characters such as U+200B, a zero-width space; names must be told apart"),
        ("A=5 B=3 A\u{200d}=2", "the names of weight 1 (\"A\") and weight 3 (\"A\\u{200d}\", at column 9) look the same"),
    ];
    assert_refusals(cases, |text| err(text).1, Holds::Anywhere);
}

#[test]
fn error_variants() {
    assert!(matches!(err("").0, WeightError::Empty));
    assert!(matches!(err("-1").0, WeightError::Negative(_)));
    assert!(matches!(err("0").0, WeightError::AllZero));
    assert!(matches!(
        err("1.0000001").0,
        WeightError::TooManyDecimals { places: 7, .. }
    ));
    let bad_name = format!("{}=1", "n".repeat(65));
    assert!(matches!(err(&bad_name).0, WeightError::BadName { .. }));
    assert!(matches!(err("a\u{7}b=1").0, WeightError::BadName { .. }));
    assert!(matches!(err("a\u{202d}b=1").0, WeightError::BadName { .. }));
    // Invisible characters inside a name that can be seen are names like any other (emoji joined
    // by U+200D, a variation selector), and Vietnamese stacks two accents on one letter.
    assert_eq!(
        summary(&ok("\u{1f469}\u{200d}\u{1f4bb}=5 \u{2764}\u{fe0f}=3 e\u{302}\u{323}=2 a\u{301}\u{302}\u{303}\u{304}=1")),
        "\u{1f469}\u{200d}\u{1f4bb}=5 \u{2764}\u{fe0f}=3 e\u{302}\u{323}=2 a\u{301}\u{302}\u{303}\u{304}=1"
    );
    // Right-to-left scripts and their marks are names like any other.
    assert_eq!(
        summary(&ok("\u{5e9}\u{5e8}\u{5ea}=5 \u{200f}B=3")),
        "\u{5e9}\u{5e8}\u{5ea}=5 \u{200f}B=3"
    );
}

#[test]
fn node_limit() {
    let ten_thousand = vec!["1"; 10_000].join(",");
    assert_eq!(ok(&ten_thousand).len(), 10_000);
    let too_many = vec!["1"; 10_001].join(",");
    let (e, message) = err(&too_many);
    assert!(matches!(e, WeightError::TooManyNodes { count: 10_001 }));
    assert_eq!(
        message,
        "10,001 weights given: at most 10,000 nodes are supported"
    );
}

#[test]
fn arbitrary_text_never_panics() {
    let samples = [
        "",
        "=",
        "==",
        "%",
        "%%",
        ".",
        "..",
        "-",
        "+",
        "--5",
        "5%%",
        "A=B=C",
        "::",
        ":5:",
        "\u{0}",
        "٣",
        "５",
        "1_000",
        "0x10",
        "\u{202e}=1",
        "A=1%",
        "5 =",
        "= 5",
    ];
    for s in samples {
        let _ = Weights::parse(s);
    }
    assert_eq!(summary(&ok(":5:")), "A=5");
    assert!(Weights::parse("A=1%").is_ok());
}

#[test]
fn an_empty_weight_between_two_is_refused_and_separators_at_the_ends_are_nothing() {
    // Skipped, `5,,2` would be two nodes and 2 would be B's weight, not C's.
    let said = "is empty (at column 3): nothing stands between two separators; write a weight there, or take one separator out";
    for text in ["5,,2", "5;;2", "5::2", "5，，2", "5、、2"] {
        let error = text.parse::<Weights>().unwrap_err();
        assert_eq!(error.to_string(), format!("weight 2 {said}"), "{text:?}");
    }
    for (text, expected) in [
        ("5, ,2", "weight 2 is empty (at column 4)"),
        ("5,3;;;2", "weight 3 is empty (at column 5)"),
        ("A=5 B=3,,C=2", "weight 3 is empty (at column 9)"),
        ("5,\n,2", "weight 2 is empty (at line 2, column 1)"),
        ("5:3::2", "weight 3 is empty (at column 5)"),
        // The first gap is named.
        ("5,3,,2,,1", "weight 3 is empty (at column 5)"),
        ("5::3,,1", "weight 2 is empty (at column 3)"),
    ] {
        let error = text.parse::<Weights>().unwrap_err().to_string();
        assert!(error.starts_with(expected), "{text:?}: {error}");
    }
    // Before the first weight and after the last, separators leave no weight out.
    for text in [
        "5,3,2,",
        "5,3,2 ",
        "5,3,2,,",
        ",5,3,2",
        " ;5;3;2;",
        "5:3:2:",
        ":5:3:2",
        "5,3,2\n\n",
    ] {
        assert_eq!(ok(text).canonical_text(), "5,3,2", "{text:?}");
    }
    // Blank lines and runs of spaces are one separator.
    assert_eq!(ok("5\n\n3\n2").canonical_text(), "5,3,2");
    assert_eq!(ok("5  3 ,  2").canonical_text(), "5,3,2");
}
