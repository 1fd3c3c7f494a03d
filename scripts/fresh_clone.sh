#!/usr/bin/env bash
# A fresh clone, before `make setup` has installed the npm packages, still builds a page that
# works. The repository's tracked files are copied to a temporary folder with no
# node_modules, and `trunk build --release --offline` runs there with only the tools Trunk
# cannot do without on PATH: wasm-bindgen (from ~/.cargo/bin) and wasm-opt (binaryen's,
# linked alone into a folder of its own, so that terser cannot be found). Then:
#
# - the build says, in one line, that it did not minify and which command installs the rest;
# - the other post-build steps still ran: short import names, the service worker's version
#   and file list (here), integrity attributes matching the files (in the page check);
# - the page, served on 127.0.0.1, mounts in headless Chromium with its cells
#   (scripts/fresh_clone_page.mjs).
#
# Cargo builds into this checkout's target/ (CARGO_TARGET_DIR), so the dependencies
# compiled by an earlier build are reused. FRESH_CLONE_PORT picks the server's port
# (default: any free one). Logs: artifacts/fresh-clone-build.log.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
started=$(date +%s)
say() { printf '== fresh clone: %s\n' "$*"; }
fail() { printf '!! fresh clone: %s\n' "$*"; exit 1; }

for needed in node_modules/.bin/wasm-opt node_modules/playwright-core/index.mjs "$HOME/.cargo/bin/wasm-bindgen"; do
  [ -e "$needed" ] || fail "$needed is missing (make setup installs it)"
done
mkdir -p artifacts
log=$repo/artifacts/fresh-clone-build.log

work=$(mktemp -d /tmp/bloomlab-fresh.XXXXXX)
trap 'rm -rf "$work"' EXIT
clone=$work/clone
tools=$work/bin
mkdir -p "$clone" "$tools"

say "copying the tracked files to $clone"
git ls-files -z | tar --null --files-from=- --ignore-failed-read -cf - | tar -xf - -C "$clone"
[ ! -e "$clone/node_modules" ] || fail "the copy has a node_modules"

# PATH without any node_modules/.bin (scripts/env.sh puts this checkout's there), with
# wasm-opt alone from the npm packages.
ln -s "$repo/node_modules/.bin/wasm-opt" "$tools/wasm-opt"
clean_path=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v node_modules | paste -sd: -)
export PATH="$tools:$HOME/.cargo/bin:$clean_path"
! command -v terser >/dev/null || fail "terser is on PATH: $(command -v terser)"
# Node resolves a package from any node_modules above the script, so one above the
# temporary folder would hand the build terser anyway.
if found=$(cd "$clone/scripts" && node -e "console.log(require.resolve('terser'))" 2>/dev/null); then
  fail "node finds terser at $found from inside the copy (a node_modules above $work); remove it or set TMPDIR"
fi

say "trunk build --release --offline (cargo target: $repo/target)"
if ! (cd "$clone" && CARGO_TARGET_DIR="$repo/target" trunk build --release --offline) 2>&1 | tee "$log"; then
  fail "trunk build failed (see $log)"
fi

# One line, naming the command that installs the packages.
notes=$(grep -c 'post_build: terser is not installed' "$log" || true)
[ "$notes" -eq 1 ] || fail "the build printed the missing-terser note $notes times, not once"
grep 'post_build: terser is not installed' "$log" | grep -q 'make setup' \
  || fail "the missing-terser note does not name make setup"

dist=$clone/dist
glue=$(ls "$dist"/bloomlab-*.js)
grep -q 'a: import0' "$glue" || fail "the glue's import names were not shortened"
! grep -q '/\*VERSION\*/\|/\*FILES\*/' "$dist/sw.js" || fail "sw.js still has its markers"
grep -q "\"$(basename "$glue")\"" "$dist/sw.js" || fail "sw.js does not list $(basename "$glue")"

say "checking the page in headless Chromium"
node scripts/fresh_clone_page.mjs "$dist" "$repo/node_modules/playwright-core/index.mjs" "${FRESH_CLONE_PORT:-0}"

say "passed in $(( $(date +%s) - started )) s"
