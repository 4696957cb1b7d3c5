//! Text in: the weights parser, scenario text, nginx `upstream` blocks, every message's code and
//! parameters, and the inputs kept from fuzzing.

mod fuzz_corpus;
mod messages;
mod scenario_text;
mod upstream;
mod upstream_notes;
mod upstream_scope;
mod weights;

/// Where a refusal's message holds the words a case expects.
enum Holds {
    AtStart,
    Anywhere,
}

/// Each `(text, expected)`: `refuse(text)` is the message of a refusal that holds `expected`.
fn assert_refusals(cases: &[(&str, &str)], refuse: impl Fn(&str) -> String, holds: Holds) {
    for (text, expected) in cases {
        let message = refuse(text);
        let held = match holds {
            Holds::AtStart => message.starts_with(expected),
            Holds::Anywhere => message.contains(expected),
        };
        assert!(held, "{text:?}\n  got: {message}\n want: {expected}");
    }
}
