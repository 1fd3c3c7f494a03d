#!/usr/bin/env bash
# Fails when the first visit's bundle (the page's WebAssembly and every script the page
# itself loads, gzip -9) is larger than the budget recorded in bench/size-budget (bytes).
# The lab's worker (lab_worker*, loaded on the lab's first run), the Parquet worker
# (parquet_worker*, started by the files view when a file is opened), the filters view's and
# the files view's modules (filters_view*, files_view*, loaded when the view is first shown),
# the Embed dialog's (embed_dialog*, loaded when the Embed button is first pressed), the space table's worker (space_worker*, started when
# the filters view measures its table) and embed.js (loaded by course pages, not
# by the app) are reported beside it. Run after `trunk build --release`.
set -euo pipefail
cd "$(dirname "$0")/.."
budget=$(grep -Eo '^[0-9]+' bench/size-budget | head -1)
gz() { cat "$@" | gzip -9 | wc -c; }
first_wasm=$(ls dist/bloomlab-*_bg.wasm)
first_js="$(ls dist/bloomlab-*.js dist/boot.js dist/sw.js) $(find dist/snippets -name '*.js' 2>/dev/null)"
wasm=0; for f in $first_wasm; do wasm=$((wasm + $(gzip -9 -c "$f" | wc -c))); done
js=0; for f in $first_js; do js=$((js + $(gzip -9 -c "$f" | wc -c))); done
total=$((wasm + js))
worker=0; for f in dist/lab_worker*; do worker=$((worker + $(gzip -9 -c "$f" | wc -c))); done
parquet=0; for f in dist/parquet_worker*; do parquet=$((parquet + $(gzip -9 -c "$f" | wc -c))); done
filters=0; for f in dist/filters_view*; do filters=$((filters + $(gzip -9 -c "$f" | wc -c))); done
files=0; for f in dist/files_view*; do files=$((files + $(gzip -9 -c "$f" | wc -c))); done
dialog=0; for f in dist/embed_dialog*; do dialog=$((dialog + $(gzip -9 -c "$f" | wc -c))); done
space=0; for f in dist/space_worker*; do space=$((space + $(gzip -9 -c "$f" | wc -c))); done
embed=0; [ -f dist/embed.js ] && embed=$(gzip -9 -c dist/embed.js | wc -c)
echo "bundle: wasm ${wasm} B + js ${js} B = ${total} B gzip; budget ${budget} B"
echo "loaded on use: the lab's worker ${worker} B gzip; the Parquet worker ${parquet} B gzip; the filters view ${filters} B gzip; the files view ${files} B gzip; the Embed dialog ${dialog} B gzip; the space worker ${space} B gzip; embed.js ${embed} B gzip"
if [ "$total" -gt "$budget" ]; then
  echo "bundle size ${total} B is over the budget of ${budget} B"
  exit 1
fi
