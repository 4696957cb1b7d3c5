#!/usr/bin/env bash
# The whole check, as CI runs it (.ci/run calls this): stops at the first failure.
#
#   1. setup            install what is missing (scripts/setup.sh)
#   2. fmt              cargo fmt --all -- --check
#   3. clippy           native, all targets, -D warnings
#   4. clippy wasm32    the library for wasm32-unknown-unknown, -D warnings: the whole facade, and
#                       each of the two modules the page loads (features page, extras) alone, and
#                       the first view's as built (page,js-words)
#   5. cargo test       native unit, integration, property and doc tests
#   6. build wasm       scripts/build-wasm.sh → www/pkg (first view), www/pkg-extras (on first use)
#   7. wasm tests       tests/web/ in headless Chromium (wasm-bindgen-test-runner + chromedriver)
#   8. build dist       scripts/build-dist.sh --skip-wasm → dist/ (site, single file, npm package)
#   9. browser tests    node --test tests/browser/ (playwright-core driving /usr/bin/chromium)
#  10. webkit check     tests/webkit/check.mjs: the page in WebKit, Safari's engine (WebKitGTK's
#                       WebDriver under Xvfb)
set -euo pipefail

# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

started=$SECONDS
current=""
step() {
  current="$*"
  section "[$((SECONDS - started))s] $*"
}
trap 'status=$?; if [[ $status -ne 0 ]]; then printf "\nFAILED at: %s (exit %s)\n" "$current" "$status" >&2; fi' EXIT

step "setup"
bash scripts/setup.sh

step "cargo fmt --all -- --check"
cargo fmt --all -- --check

step "cargo clippy --all-targets -- -D warnings"
cargo clippy --all-targets -- -D warnings

step "cargo clippy --lib --target wasm32-unknown-unknown -- -D warnings (all, page, extras)"
cargo clippy --lib --target wasm32-unknown-unknown -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --features page -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --features page,js-words -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --features extras -- -D warnings

step "cargo test (native tests and doc tests)"
cargo test

step "build wasm (scripts/build-wasm.sh)"
bash scripts/build-wasm.sh

step "wasm-bindgen tests in headless Chromium (tests/web/)"
# What `wasm-pack test --headless --chrome` does, minus its `--tests`, which would compile every
# native-only test target (proptest, assert_cmd) for wasm32: cargo runs the test through
# wasm-bindgen-test-runner, which drives Chromium through $CHROMEDRIVER (Debian's, set by env.sh)
# with the flags in webdriver.json. NO_HEADLESS=1 serves the tests for a real browser instead.
cargo clippy --target wasm32-unknown-unknown --test web -- -D warnings
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --target wasm32-unknown-unknown --test web

step "build dist (scripts/build-dist.sh --skip-wasm)"
bash scripts/build-dist.sh --skip-wasm

step "node --test tests/browser/ (page tests in Chromium)"
node --test tests/browser/

step "tests/webkit/check.mjs (the page in WebKit)"
node tests/webkit/check.mjs

section "[$((SECONDS - started))s] all checks passed"
