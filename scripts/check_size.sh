#!/usr/bin/env bash
# Fails when the release bundle (wasm + js, gzip -9) is larger than the budget recorded in
# bench/size-budget (bytes). Run after `trunk build --release`.
set -euo pipefail
cd "$(dirname "$0")/.."
budget=$(grep -Eo '^[0-9]+' bench/size-budget | head -1)
wasm=$(gzip -9 -c dist/*.wasm | wc -c)
js=$(gzip -9 -c dist/*.js | wc -c)
total=$((wasm + js))
echo "bundle: wasm ${wasm} B + js ${js} B = ${total} B gzip; budget ${budget} B"
if [ "$total" -gt "$budget" ]; then
  echo "bundle size ${total} B is over the budget of ${budget} B"
  exit 1
fi
