#!/usr/bin/env bash
# Builds the wasm package the page imports: www/pkg/swrr_viz.js + www/pkg/swrr_viz_bg.wasm.
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

section "build wasm ($profile) into www/pkg"

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
rm -rf www/pkg
wasm-pack build --target web "$profile" --out-dir www/pkg --no-pack
# wasm-pack writes a .gitignore of "*" into the out dir; www/pkg is git-ignored at the top anyway.

for f in www/pkg/swrr_viz.js www/pkg/swrr_viz_bg.wasm; do
  if [[ ! -s "$f" ]]; then
    echo "error: wasm-pack finished but $f is missing or empty" >&2
    exit 1
  fi
done
say "www/pkg/swrr_viz_bg.wasm: $(wc -c <www/pkg/swrr_viz_bg.wasm) bytes"
