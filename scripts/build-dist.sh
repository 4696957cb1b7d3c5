#!/usr/bin/env bash
# Builds what is published, into dist/ (git-ignored):
#   dist/                   the hostable site (index.html, modules, styles, pkg/ with the wasm, the
#                           <swrr-viz> element module, embed-demo.html): copy it to any static host
#   dist/swrr-viz.html      one self-contained file (modules and wasm inlined): works opened from
#                           disk with no network and no server
#   dist/npm/, dist/swrr-viz-<version>.tgz   the npm package (element + wasm package), `npm pack`ed
#   dist/csp-single-file.txt                 a Content-Security-Policy the single file satisfies
#
#   scripts/build-dist.sh              installs what is missing, builds the wasm (release), then dist/
#   scripts/build-dist.sh --skip-wasm  reuses www/pkg as it is (scripts/test.sh, after its wasm build)
#
# The bundling of the single file is scripts/build-dist.mjs (esbuild, an npm dev dependency).
# index.html's first view is drawn by the built page in Chromium (scripts/build-first-view.mjs):
# Debian's, or the one CHROMIUM names.
set -euo pipefail

# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

skip_wasm=false
if [[ "${1:-}" == "--skip-wasm" ]]; then
  skip_wasm=true
elif [[ $# -gt 0 ]]; then
  echo "usage: scripts/build-dist.sh [--skip-wasm]" >&2
  exit 2
fi

# The first view is drawn in Debian's Chromium, installed if missing, unless CHROMIUM names one.
browser=(browser)
[[ -n "${CHROMIUM:-}" ]] && browser=()
if [[ "$skip_wasm" == false ]]; then
  bash scripts/setup.sh rust wasm-pack wasm-bindgen npm "${browser[@]}"
  bash scripts/build-wasm.sh
else
  bash scripts/setup.sh npm "${browser[@]}"
fi

section "build dist/ (site, single file, npm package)"
node scripts/build-dist.mjs
