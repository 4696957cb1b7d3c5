#!/usr/bin/env bash
# Fuzzing, not part of scripts/test.sh: seeded generators push FUZZ_CASES inputs (default
# 1,000,000) through each target and stop at the first input that panics, overflows or is refused
# without a clear message (the failing input and its case number are printed; the same FUZZ_SEED
# gives the same inputs again).
#
#   scripts/fuzz.sh                      every target, 10^6 inputs each (about 15 minutes on 2 cores)
#   FUZZ_CASES=20000 scripts/fuzz.sh     a quick pass
#   FUZZ_SEED=7 scripts/fuzz.sh          other inputs
#
# Targets (tests/fuzz/, in the `fuzz` profile: optimised, overflow checks and debug assertions
# on): the weight parser, the scenario parser, the nginx upstream parser, what the page's URL
# hands the core (decoded as URLSearchParams does), and the engine under every algorithm, tie
# rule, subtract rule and scenario (forward, back, seek, rows, metrics; invariants checked).
# Then tests/browser/fuzz-url.mjs: the page's own decoder (url-state.js, engine.js) into the real
# wasm build in Chromium, and a few hundred generated URLs loaded into the live page.
# Inputs worth keeping go to tests/input/fuzz_corpus.rs, which the default tests run.
set -euo pipefail

# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

export FUZZ_CASES="${FUZZ_CASES:-1000000}"
export FUZZ_SEED="${FUZZ_SEED:-1}"

bash scripts/setup.sh browser rust wasm-pack wasm-bindgen npm
section "fuzz the core: $FUZZ_CASES inputs per target, seed $FUZZ_SEED (cargo test --profile fuzz --test fuzz)"
cargo test --profile fuzz --test fuzz -- --ignored --nocapture --test-threads 2 2>&1 |
  grep -v '^\s*$' | grep -v '^running\|^test \|^     Running\|Finished\|Compiling'

bash scripts/build-wasm.sh
section "fuzz the page's URL decoder into the wasm, in Chromium"
node tests/browser/fuzz-url.mjs "$FUZZ_CASES" 300
section "fuzz: all clean"
