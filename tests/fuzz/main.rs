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

mod engine;
mod gen;
mod parsers;
mod url_state;

use std::panic::{catch_unwind, AssertUnwindSafe};

use swrr_viz::engine::SplitMix64;

use gen::Gen;

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
    assert!(
        !message.chars().any(direction_control),
        "{what}: a message with a text-direction control, which reverses what follows: {message:?}"
    );
}

/// U+202A–U+202E and U+2066–U+2069: a name or a message holding one reverses the text after it.
fn direction_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
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
