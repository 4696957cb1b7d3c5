#!/usr/bin/env bash
# Installs what building and testing swrr-viz needs on a Debian machine, and skips whatever is
# already there, so running it again costs a few seconds.
#
#   scripts/setup.sh              everything (what scripts/test.sh needs)
#   scripts/setup.sh PART...      only some parts, of:
#       browser       Debian's chromium and chromium-driver (/usr/bin/chromium, /usr/bin/chromedriver)
#       webkit        Debian's webkit2gtk-driver and xvfb (/usr/bin/WebKitWebDriver, /usr/bin/Xvfb): WebKit,
#                     Safari's engine, for tests/webkit/check.mjs; WebKitGTK has no headless mode
#       pdf           Debian's poppler-utils (pdftotext, pdfinfo, pdftoppm: the handout's PDF in the tests)
#                     and a Chinese font (fonts-wqy-microhei), so Chinese pages and PDFs here show characters
#       rust          the wasm32-unknown-unknown target
#       lint          rustfmt and clippy
#       wasm-pack     wasm-pack (cargo install)
#       wasm-bindgen  wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock
#       npm           node_modules from package-lock.json (npm's binaryen = wasm-opt, playwright-core)
#       fixtures      the documentation sites the embedding tests build (tests/embed-fixtures/: Vite,
#                     webpack), each from its own package-lock.json, into its own node_modules
#       nginx         Debian's nginx, the oracle the engine is tested against (scripts/record-nginx.sh
#                     runs it as an ordinary process; the package's own service is not used)
#
# Nothing is exported to your shell: the other scripts source scripts/env.sh for PATH.
set -euo pipefail

# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

ALL_PARTS=(browser webkit pdf rust lint wasm-pack wasm-bindgen npm fixtures nginx)
# The wasm-pack version `cargo install` picks when wasm-pack is missing (any present one is kept).
WASM_PACK_VERSION="${WASM_PACK_VERSION:-0.15.1}"

# Root runs apt-get itself; anyone else needs sudo.
as_root() {
  if [[ "$(id -u)" -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    echo "error: '$*' needs root and sudo is not installed" >&2
    return 1
  fi
}

apt_install() {
  say "apt-get install -y $*"
  if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"; then
    say "apt-get install failed; running apt-get update and trying again"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
  fi
}

setup_browser() {
  if [[ -x /usr/bin/chromium && -x /usr/bin/chromedriver ]]; then
    say "chromium and chromedriver present: $(/usr/bin/chromium --version 2>/dev/null | head -n1) (skip)"
  else
    apt_install chromium chromium-driver
  fi
}

setup_webkit() {
  if [[ -x /usr/bin/WebKitWebDriver && -x /usr/bin/Xvfb ]]; then
    say "WebKitWebDriver and Xvfb present: WebKitGTK $(dpkg-query -W -f '${Version}' libwebkit2gtk-4.1-0 2>/dev/null || echo '?') (skip)"
  else
    apt_install webkit2gtk-driver xvfb
  fi
}

setup_pdf() {
  if command -v pdftotext >/dev/null 2>&1 && command -v pdfinfo >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1; then
    say "poppler-utils present: $(pdftotext -v 2>&1 | head -n1) (skip)"
  else
    apt_install poppler-utils
  fi
  if fc-list :lang=zh 2>/dev/null | grep -q .; then
    say "a Chinese font is installed (skip)"
  else
    apt_install fonts-wqy-microhei
  fi
}

need_rustup() {
  if ! command -v rustup >/dev/null 2>&1; then
    echo "error: rustup not found (expected in ~/.cargo/bin); install a Rust toolchain with rustup first" >&2
    return 1
  fi
}

setup_rust() {
  need_rustup
  if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "rust target wasm32-unknown-unknown installed (skip)"
  else
    say "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
}

setup_lint() {
  need_rustup
  local installed component
  installed="$(rustup component list --installed)"
  for component in rustfmt clippy; do
    if grep -q "^$component" <<<"$installed"; then
      say "rust component $component installed (skip)"
    else
      say "rustup component add $component"
      rustup component add "$component"
    fi
  done
}

setup_wasm_pack() {
  if command -v wasm-pack >/dev/null 2>&1; then
    say "$(wasm-pack --version 2>/dev/null || echo wasm-pack) present (skip)"
  else
    say "cargo install wasm-pack --version $WASM_PACK_VERSION (about 2 minutes)"
    cargo install wasm-pack --version "$WASM_PACK_VERSION"
  fi
}

# The version of the wasm-bindgen package in Cargo.lock; the CLI must match it exactly.
locked_wasm_bindgen_version() {
  awk '
    $0 == "[[package]]" { name = "" }
    $1 == "name" && $3 == "\"wasm-bindgen\"" { name = "wasm-bindgen" }
    $1 == "version" && name == "wasm-bindgen" { gsub(/"/, "", $3); print $3; exit }
  ' "$ROOT/Cargo.lock"
}

setup_wasm_bindgen() {
  local want have=""
  want="$(locked_wasm_bindgen_version)"
  if [[ -z "$want" ]]; then
    echo "error: no wasm-bindgen package in Cargo.lock" >&2
    return 1
  fi
  if command -v wasm-bindgen >/dev/null 2>&1; then
    have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
  fi
  if [[ "$have" == "$want" ]] && command -v wasm-bindgen-test-runner >/dev/null 2>&1; then
    say "wasm-bindgen-cli $have present, matches Cargo.lock (skip)"
  else
    say "cargo install wasm-bindgen-cli --version $want${have:+ (found $have)} (several minutes)"
    # No --locked: one of its locked dependency versions is missing from the registry.
    cargo install wasm-bindgen-cli --version "$want" --force
  fi
}

setup_npm() {
  if ! command -v npm >/dev/null 2>&1; then
    apt_install nodejs npm
  fi
  # npm ci wipes and reinstalls node_modules, so run it only when package-lock.json or
  # package.json changed since the last install (recorded in a stamp inside node_modules).
  local stamp="$ROOT/node_modules/.swrr-viz-npm-stamp" want
  want="$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1) node $(node --version)"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -x node_modules/.bin/wasm-opt ]]; then
    say "node_modules up to date with package-lock.json (skip)"
  else
    say "npm ci (binaryen's wasm-opt, playwright-core)"
    npm ci --no-audit --no-fund
    echo "$want" >"$stamp"
  fi
  say "$(node_modules/.bin/wasm-opt --version) at node_modules/.bin/wasm-opt"
}

# Each fixture site installs its toolchain from its own lockfile, like a real documentation project,
# so none of it is a dependency of this repository. After the first install npm's cache has every
# package, and --prefer-offline installs again without the network.
setup_fixtures() {
  local npm_major dir stamp want
  npm_major="$(npm --version | cut -d. -f1)"
  if [[ "$npm_major" -lt 11 ]]; then
    echo "error: the Vite 8 fixture needs npm 11 or later (found npm $(npm --version)): npm install -g npm@11" >&2
    return 1
  fi
  for dir in tests/embed-fixtures/*/; do
    dir="${dir%/}"
    [[ -f "$dir/package-lock.json" ]] || continue
    stamp="$dir/node_modules/.swrr-viz-npm-stamp"
    want="$(cat "$dir/package.json" "$dir/package-lock.json" | sha256sum | cut -d' ' -f1) node $(node --version)"
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
      say "$dir: node_modules up to date with its package-lock.json (skip)"
    else
      say "$dir: npm ci"
      (cd "$dir" && npm ci --prefer-offline --no-audit --no-fund)
      echo "$want" >"$stamp"
    fi
  done
}

setup_nginx() {
  if command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]]; then
    say "$( (command -v nginx >/dev/null && nginx -v || /usr/sbin/nginx -v) 2>&1) present (skip)"
  else
    apt_install nginx
  fi
}

parts=("$@")
if [[ ${#parts[@]} -eq 0 ]]; then
  parts=("${ALL_PARTS[@]}")
fi

section "setup: ${parts[*]}"
for part in "${parts[@]}"; do
  case "$part" in
    browser) setup_browser ;;
    webkit) setup_webkit ;;
    pdf) setup_pdf ;;
    rust) setup_rust ;;
    lint) setup_lint ;;
    wasm-pack) setup_wasm_pack ;;
    wasm-bindgen) setup_wasm_bindgen ;;
    npm) setup_npm ;;
    fixtures) setup_fixtures ;;
    nginx) setup_nginx ;;
    *)
      echo "error: unknown part '$part' (parts: ${ALL_PARTS[*]})" >&2
      exit 2
      ;;
  esac
done
say "setup done"
