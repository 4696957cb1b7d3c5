# shellcheck shell=bash
# Sourced by the other scripts (never executed): sets ROOT to the repository root and puts the
# project's tools first on PATH, for this process only:
#   1. node_modules/.bin  — the npm binaryen's wasm-opt (Debian's binaryen 108 builds modules that
#      Chromium refuses to load, so it must never win), playwright-core;
#   2. ~/.cargo/bin       — wasm-pack, wasm-bindgen, wasm-bindgen-test-runner, cargo, rustup.
# It also points wasm-pack's browser tests at Debian's chromedriver, so nothing is downloaded.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT

CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
case ":$PATH:" in
  *":$CARGO_BIN:"*) ;;
  *) PATH="$CARGO_BIN:$PATH" ;;
esac
# node_modules/.bin goes first even if it is already on PATH further back.
PATH="$ROOT/node_modules/.bin:${PATH//$ROOT\/node_modules\/.bin:/}"
export PATH

if [[ -z "${CHROMEDRIVER:-}" && -x /usr/bin/chromedriver ]]; then
  export CHROMEDRIVER=/usr/bin/chromedriver
fi

# Prints a section header, so a failure in a long run is easy to place.
section() {
  if [[ -t 1 ]]; then
    printf '\n\033[1m==> %s\033[0m\n' "$*"
  else
    printf '\n==> %s\n' "$*"
  fi
}

# Prints a step of setup (what it does or skips).
say() {
  printf '  - %s\n' "$*"
}
