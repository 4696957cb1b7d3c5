#!/usr/bin/env bash
# Builds the page and serves it: http://127.0.0.1:8000/ (PORT=8080 scripts/serve.sh for another port).
#
# Installs what the build needs if it is missing (wasm32 target, wasm-pack, wasm-bindgen-cli,
# npm's wasm-opt; not the browsers, which only the tests need), builds www/pkg and www/pkg-extras
# (the first view's wasm and the one loaded on first use) in release mode with www/core-facts.js
# (the core's facts the page reads before its wasm arrives, scripts/build-core-facts.mjs), and
# www/widget-styles.js (the <swrr-viz> element's styles as a module, scripts/build-styles.mjs),
# then serves www/ with scripts/serve.mjs until Ctrl+C. HOST=0.0.0.0 exposes it beyond this machine.
set -euo pipefail

# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

bash scripts/setup.sh rust wasm-pack wasm-bindgen npm
bash scripts/build-wasm.sh
node scripts/build-styles.mjs

section "serve www/"
exec node scripts/serve.mjs --port "${PORT:-8000}" --host "${HOST:-127.0.0.1}"
