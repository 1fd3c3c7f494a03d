#!/usr/bin/env bash
# Where the first visit's bytes are (`make size`), and the size rules' check (`make test`).
#
#   bash scripts/size.sh [REV]    builds the page's module as Trunk does but with its function
#                                 names kept (wasm-bindgen, then wasm-opt with index.html's
#                                 flags and -g), prints its largest modules and functions, and
#                                 what changed since the last commit: against HEAD when the
#                                 work tree has changes, else against HEAD~1, or against REV
#                                 when given (built from a temporary worktree into
#                                 target/size-base/, its own cargo target, so that neither
#                                 build's output is mistaken for the other's; the first run
#                                 compiles the dependencies there once)
#   bash scripts/size.sh --check  only the check, on the module the last release build made:
#                                 none of the code docs/size.md keeps out of the first visit
#                                 (the standard float writer and reader, the standard sort)
#
# The figure the budget is checked against is scripts/check_size.sh's (gzip of dist/).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
source scripts/env.sh
say() { printf '== size: %s\n' "$*"; }

raw=target/wasm32-unknown-unknown/release/bloomlab.wasm
flags=$(grep -o 'data-bin="bloomlab"[^>]*data-wasm-opt-params="[^"]*"' index.html | sed 's/.*data-wasm-opt-params="\([^"]*\)"/\1/')
[ -n "$flags" ] || { echo "!! size: no data-wasm-opt-params for bloomlab in index.html"; exit 1; }
work=$(mktemp -d /tmp/bloomlab-size.XXXXXX)
trap 'git -C "$repo" worktree remove --force "$work/base" 2>/dev/null || true; rm -rf "$work"' EXIT

# names_kept RAW OUT: the page's module from cargo's RAW output, optimised as the page's is,
# with its names.
names_kept() {
  rm -rf "$work/bindgen"
  wasm-bindgen "$1" --out-dir "$work/bindgen" --target web
  # shellcheck disable=SC2086
  wasm-opt -Oz -g $flags "$work/bindgen/bloomlab_bg.wasm" -o "$2"
}

build() {
  cargo build --release --target wasm32-unknown-unknown --bin bloomlab --quiet
}

if [ "${1:-}" = "--check" ]; then
  [ -f "$raw" ] || { echo "!! size: $raw is missing (run trunk build --release first)"; exit 1; }
  names_kept "$raw" "$work/page.wasm"
  node scripts/size_report.mjs "$work/page.wasm" --check
  exit 0
fi

if [ -n "${1:-}" ]; then base_rev=$1
elif [ -n "$(git status --porcelain --untracked-files=no)" ]; then base_rev=HEAD
else base_rev=HEAD~1; fi
say "building $(git rev-parse --short "$base_rev") ($base_rev) for the comparison"
git worktree add --quiet --detach "$work/base" "$base_rev"
(cd "$work/base" && CARGO_TARGET_DIR="$repo/target/size-base" cargo build --release --target wasm32-unknown-unknown --bin bloomlab --quiet)
names_kept target/size-base/wasm32-unknown-unknown/release/bloomlab.wasm "$work/base.wasm"
say "building the work tree"
build
names_kept "$raw" "$work/page.wasm"
node scripts/size_report.mjs "$work/page.wasm" --base "$work/base.wasm"
node scripts/size_report.mjs "$work/page.wasm" --check
