#!/usr/bin/env bash
# Every performance figure in one run, printed as one report (Markdown tables, each target with
# "met" or by how much it is missed): the engine natively, in WebAssembly and as plain JavaScript
# side by side; page weight; start-up; playback smoothness; the longest main-thread task of a
# 10^7-pick analysis; wasm memory, also over a simulated hour of play; what the wasm is made of.
#
#   scripts/bench.sh          (about 3 minutes on a 2-core machine; figures, not pass/fail)
#
# Builds what it needs (release wasm, the native bench, a copy of the wasm that keeps its names).
# A busy machine shifts the absolute figures; the ratios are measured side by side in one run.
set -euo pipefail

# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

bash scripts/setup.sh browser rust wasm-pack wasm-bindgen npm
bash scripts/build-wasm.sh

out=target/bench
mkdir -p "$out"
section "native engine (cargo bench --bench engine -- --json)"
cargo bench --quiet --bench engine -- --json >"$out/native.json"
say "$(cat "$out/native.json")"

section "a copy of the wasm with its names, for the size breakdown"
rm -rf "$out/named"
wasm-bindgen --target web --out-dir "$out/named" target/wasm32-unknown-unknown/release/swrr_viz.wasm
wasm-opt -O3 -g "$out/named/swrr_viz_bg.wasm" -o "$out/named.wasm"
say "$out/named.wasm: $(wc -c <"$out/named.wasm") bytes with names"

section "browser figures (headless Chromium)"
node bench/all.mjs --native "$out/native.json" --named "$out/named.wasm" | tee "$out/report.md"
say "report saved to $out/report.md"
