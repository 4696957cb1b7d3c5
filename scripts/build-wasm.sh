#!/usr/bin/env bash
# Builds the two wasm packages the page imports, from the same crate with Cargo features
# (src/wasm/mod.rs says what is in each):
#   www/pkg/swrr_viz.js + swrr_viz_bg.wasm                 the first view (`--features page,js-words`)
#   www/pkg-extras/swrr_viz_extras.js + …_extras_bg.wasm   exports, nginx, quiz, PickStream, message
#                                                          samples (`--features extras`), loaded on first use
# and then www/core-facts.js from the first (scripts/build-core-facts.mjs): the core's facts the page
# needs before the wasm arrives.
#
#   scripts/build-wasm.sh            release build (wasm-opt flags from Cargo.toml's
#                                    [package.metadata.wasm-pack.profile.release])
#   scripts/build-wasm.sh --dev      unoptimised debug build, faster to compile
#
# Offline by construction: wasm-pack uses the wasm-bindgen and wasm-opt it finds on PATH when their
# versions fit, and scripts/env.sh puts the npm binaryen's wasm-opt first. This script refuses to
# start when either is missing or wrong, instead of letting wasm-pack try (and fail) to download.
# Run scripts/setup.sh first (scripts/serve.sh and scripts/test.sh do).
set -euo pipefail

# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

profile=--release
if [[ "${1:-}" == "--dev" ]]; then
  profile=--dev
elif [[ $# -gt 0 ]]; then
  echo "usage: scripts/build-wasm.sh [--dev]" >&2
  exit 2
fi

section "build wasm ($profile) into www/pkg and www/pkg-extras, and www/core-facts.js"

want="$(awk '
  $0 == "[[package]]" { name = "" }
  $1 == "name" && $3 == "\"wasm-bindgen\"" { name = "wasm-bindgen" }
  $1 == "version" && name == "wasm-bindgen" { gsub(/"/, "", $3); print $3; exit }
' Cargo.lock)"
have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [[ "$have" != "$want" ]]; then
  echo "error: wasm-bindgen ${have:-not found} on PATH, Cargo.lock wants $want: run scripts/setup.sh wasm-bindgen" >&2
  exit 1
fi
wasm_opt="$(command -v wasm-opt || true)"
if [[ "$wasm_opt" != "$ROOT/node_modules/.bin/wasm-opt" ]]; then
  echo "error: wasm-opt on PATH is '${wasm_opt:-none}', not the npm binaryen's: run scripts/setup.sh npm" >&2
  exit 1
fi
say "wasm-bindgen $have, $(wasm-opt --version) ($wasm_opt)"

# Stale files from an older build must not survive a failed one.
rm -rf www/pkg www/pkg-extras www/core-facts.js
# wasm-pack writes a .gitignore of "*" into each out dir; www/pkg* are git-ignored at the top anyway.
# One at a time: both compile the crate into the same target file.
# The first view's module words its messages in JavaScript (feature js-words, www/core-words.js).
wasm-pack build --target web "$profile" --out-dir www/pkg --out-name swrr_viz --no-pack \
  -- --no-default-features --features page,js-words
wasm-pack build --target web "$profile" --out-dir www/pkg-extras --out-name swrr_viz_extras --no-pack \
  -- --no-default-features --features extras

for f in www/pkg/swrr_viz.js www/pkg/swrr_viz_bg.wasm www/pkg-extras/swrr_viz_extras.js www/pkg-extras/swrr_viz_extras_bg.wasm; do
  if [[ ! -s "$f" ]]; then
    echo "error: wasm-pack finished but $f is missing or empty" >&2
    exit 1
  fi
done
# Each module must hold its own half of the facade: a feature mix-up would silently put the
# export code back into the first view (or leave the extras without it).
check_exports() {
  local glue=$1 kind=$2
  shift 2
  for name in "$@"; do
    if [[ $kind == has ]] && ! grep -q "export function $name\|export class $name" "$glue"; then
      echo "error: $glue does not export $name" >&2
      exit 1
    elif [[ $kind == lacks ]] && grep -q "export function $name\|export class $name" "$glue"; then
      echo "error: $glue exports $name, which belongs to the other module" >&2
      exit 1
    fi
  done
}
check_exports www/pkg/swrr_viz.js has Walkthrough Analysis parseWeights parseScenario listPresets listAlgorithms tankLayout debugPanic
check_exports www/pkg/swrr_viz.js lacks exportSvg exportTrace nginxUpstream parseNginxUpstream Quiz PickStream messageSamples
check_exports www/pkg-extras/swrr_viz_extras.js has exportSvg exportTrace nginxUpstream parseNginxUpstream Quiz PickStream messageSamples
check_exports www/pkg-extras/swrr_viz_extras.js lacks Walkthrough Analysis tankLayout
say "www/pkg/swrr_viz_bg.wasm: $(wc -c <www/pkg/swrr_viz_bg.wasm) bytes (first view)"
say "www/pkg-extras/swrr_viz_extras_bg.wasm: $(wc -c <www/pkg-extras/swrr_viz_extras_bg.wasm) bytes (extras)"
node scripts/build-core-facts.mjs
say "www/core-facts.js: the algorithms, the traffic bounds, the largest text scale and the pictures' node limits, from www/pkg"
