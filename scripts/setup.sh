#!/usr/bin/env bash
# Installs everything the app and its tests need, skipping what is already present at the
# right version: the wasm32 target, Trunk, the wasm-bindgen CLI matching Cargo.lock, a C
# compiler, Chromium and ChromeDriver, and the npm packages (Playwright, axe-core for the
# accessibility scan, binaryen's wasm-opt, terser).
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
say() { printf '== setup: %s\n' "$*"; }

# A C compiler: Rust links native code with `cc`, and a test compiles seed 000's C hashes.
if ! command -v cc >/dev/null; then
  say "installing gcc"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update
  $SUDO apt-get install -y gcc
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q "trunk $TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (about 11 minutes the first time)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -q "wasm-bindgen $BINDGEN_VERSION"; then
  say "installing wasm-bindgen-cli $BINDGEN_VERSION"
  # Without --locked: the registry mirror lacks one transitive version pinned by the lock.
  cargo install wasm-bindgen-cli --version "$BINDGEN_VERSION"
fi

# Chromium and its driver for the browser tests, and a font with Chinese and Japanese
# glyphs so that screenshots of those languages show text rather than empty boxes.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] \
   || [ ! -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ]; then
  say "installing chromium, chromium-driver and fonts-wqy-microhei"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update
  $SUDO apt-get install -y chromium chromium-driver fonts-wqy-microhei
fi

# A package added to package-lock.json (axe-core's, say) makes the lock newer than the
# installed tree's record of it, so an existing node_modules is brought up to date too.
if [ ! -x node_modules/.bin/playwright ] || [ ! -x node_modules/.bin/wasm-opt ] \
   || [ ! -x node_modules/.bin/terser ] || [ ! -d node_modules/@axe-core/playwright ] \
   || [ ! -d node_modules/fflate ] || [ ! -d node_modules/scorm-again ] \
   || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages (Playwright, axe-core, binaryen, terser, fflate, scorm-again)"
  npm ci --no-audit --no-fund
fi

say "ready"
