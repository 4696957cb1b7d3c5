#!/usr/bin/env bash
# Every performance figure in one run, printed as one report (Markdown tables, each target with
# "met" or by how much it is missed): the engine natively, in WebAssembly and as plain JavaScript
# side by side; the first view on a phone (the hosted site served with gzip, Chromium's mobile
# profile: 1.6 Mbit/s, 150 ms round trips, CPU 4× slower, over HTTP/1.1 and over HTTP/2: its
# bytes, wasm and the rest, its round trips, the median time to the first tanks, bench/phone.mjs;
# where that time goes over HTTP/2, from traces of the same loads, bench/phone-trace.mjs); page
# weight; start-up; playback smoothness; a far step walked in slices (its time, frames a second,
# the longest wait for a frame); the longest main-thread task of a 10^7-pick analysis; wasm
# memory, also over a simulated hour of play; what the wasm is made of.
#
#   scripts/bench.sh          (about 9 minutes on a 2-core machine; figures, not pass/fail)
#   node bench/phone.mjs [runs]   the phone figures alone (after scripts/build-dist.sh)
#   node bench/phone-trace.mjs [loads] [site] [--http2]   where the phone's time goes, alone
#
# Builds what it needs (release wasm, the native bench, copies of the two wasm modules that keep their names).
# A busy machine shifts the absolute figures; the ratios are measured side by side in one run.
set -euo pipefail

# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

bash scripts/setup.sh browser rust wasm-pack wasm-bindgen npm
bash scripts/build-wasm.sh
# dist/ is the hosted site (bundled, minified): its first view is weighed beside www/'s, and timed on a phone.
node scripts/build-dist.mjs

out=target/bench
mkdir -p "$out"
section "native engine (cargo bench --bench engine -- --json)"
cargo bench --quiet --bench engine -- --json >"$out/native.json"
say "$(cat "$out/native.json")"

section "copies of the two wasm modules with their names, for the size breakdown"
# The same builds as scripts/build-wasm.sh (one crate, two feature sets), then wasm-bindgen and
# wasm-opt -O3 -g: www/pkg's optimisation, minus stripping the names.
target_dir="${CARGO_TARGET_DIR:-target}"
for part in page,js-words extras; do
  cargo build --quiet --release --lib --target wasm32-unknown-unknown --no-default-features --features "$part"
  part=${part%%,*}
  rm -rf "$out/named-$part"
  wasm-bindgen --target web --out-dir "$out/named-$part" "$target_dir/wasm32-unknown-unknown/release/swrr_viz.wasm"
  wasm-opt -O3 -g "$out/named-$part/swrr_viz_bg.wasm" -o "$out/named-$part.wasm"
  say "$out/named-$part.wasm: $(wc -c <"$out/named-$part.wasm") bytes with names"
done

section "browser figures (headless Chromium)"
node bench/all.mjs --native "$out/native.json" --named "$out/named-page.wasm" --named-extras "$out/named-extras.wasm" | tee "$out/report.md"
say "report saved to $out/report.md"
