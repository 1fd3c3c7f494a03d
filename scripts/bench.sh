#!/usr/bin/env bash
# Prints one table of the project's performance figures:
#   1. native core speed (criterion), ours against fastbloom on the same workload
#   2. the same workload in wasm32 in headless Chromium, as a ratio wasm/native
#   3. the false-positive experiment in the browser (2 filters, each 10^6 inserts + 10^6 probes);
#      the lab's 100 filters at m = 100,000 on 1 worker and on one per core, and the speedup
#   4. rendering: keystroke-to-preview at m = 4096 and 2^20, full canvas redraw at 2^24
#   5. release bundle size (gzip): the first visit, and what is loaded on use
#   6. start: navigation to the first interactive grid, on the loopback and throttled, and
#      the repeat visit from the service worker
#   7. a long paste: 10^5 lines added in slices
#   8. the longest task during each of a tour of 25 user actions
#   9. a 20,000-item link and the same session restored: time to interactive from the
#      wasm's arrival, longest task; the renderer's memory at m = 2^25 (counting, width 8)
#  10. large Parquet files (1,000 to 50,000 row groups, 2,000 and 20,000 columns): time from
#      the file chosen to its filters listed, per value typed, and to the footer alone
#  11. long tasks at start: a plain start and a 20,000-item link, 5 runs of 5 cold loads,
#      the longest task of each load and how many loads had one over 50 ms
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
export CHROMEDRIVER=/usr/bin/chromedriver
mkdir -p artifacts
out=artifacts/bench
mkdir -p "$out"

echo "== 1. native core (criterion)" >&2
cargo bench --bench core -- --noplot 2>&1 | tee "$out/native.log" >&2
ns() { # ns per element from criterion's median for core/$1 (stored as core/insert_fnv, …)
  python3 -c "import json; print(json.load(open('target/criterion/core/${1/\//_}/new/estimates.json'))['median']['point_estimate'] / 1e6)"
}
declare -A native
for name in insert/fnv query/fnv insert/murmur3 query/murmur3 insert/fastbloom query/fastbloom; do
  native[$name]=$(ns "$name")
done

echo "== 2. wasm core (wasm-bindgen-test, release profile)" >&2
cargo test --release --target wasm32-unknown-unknown --test wasm_bench -- --nocapture 2>&1 | tee "$out/wasm.log" >&2
wasm_value() { # family key
  grep -o "WASM_BENCH $1 .*" "$out/wasm.log" | head -1 | grep -o "$2=[0-9.]*" | cut -d= -f2
}

echo "== release build" >&2
trunk build --release --offline >&2
port=4181
node e2e/serve.mjs dist $port >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1
base="http://127.0.0.1:$port/index.html"

echo "== 3. experiment in the browser" >&2
lab_fnv=$(node bench/lab_run.mjs "$base" 1000000 1000000 fnv)
lab_murmur=$(node bench/lab_run.mjs "$base" 1000000 1000000 murmur3)
echo "$lab_fnv" >&2; echo "$lab_murmur" >&2
lab_workers=$(node bench/lab_workers.mjs "$base")
echo "$lab_workers" >&2

echo "== 4. rendering" >&2
keys=$(node bench/keystroke.mjs "$base" 4096,1048576)
echo "$keys" >&2
redraw=$(node bench/redraw.mjs "$base" 16777216)
echo "$redraw" >&2

echo "== 5. size" >&2
size_report=$(bash scripts/check_size.sh | tr '\n' ' ')

echo "== 6. start" >&2
start=$(node bench/start.mjs "$base")
echo "$start" >&2

echo "== 7. long paste" >&2
paste=$(node bench/paste.mjs "$base" 100000)
echo "$paste" >&2

echo "== 8. user actions" >&2
actions=$(node bench/actions.mjs "$base")
echo "$actions" >&2

echo "== 9. large links and sessions, memory at the cap" >&2
sessions=$(node bench/sessions.mjs "$base")
echo "$sessions" >&2

echo "== 10. large Parquet files" >&2
parquet=$(node bench/parquet_files.mjs "$base")
echo "$parquet" >&2

echo "== 11. long tasks at start" >&2
start_tasks=$(node bench/start_tasks.mjs "$base")
echo "$start_tasks" >&2

python3 - "$lab_fnv" "$lab_murmur" "$keys" "$redraw" "$start" "$paste" "$actions" "$sessions" "$lab_workers" "$parquet" "$start_tasks" <<PY
import json, sys
lab_fnv, lab_murmur = json.loads(sys.argv[1]), json.loads(sys.argv[2])
keys = [json.loads(line) for line in sys.argv[3].splitlines()]
redraw, start = json.loads(sys.argv[4]), json.loads(sys.argv[5])
paste = json.loads(sys.argv[6])
actions = json.loads(sys.argv[7])
sessions = json.loads(sys.argv[8])
lab_workers = json.loads(sys.argv[9])
parquet = json.loads(sys.argv[10])
start_tasks = json.loads(sys.argv[11])
native = {k: float(v) for k, v in [$(for k in "${!native[@]}"; do printf '("%s", "%s"),' "$k" "${native[$k]}"; done)]}
wasm = {
  "insert/fnv": float("$(wasm_value fnv insert_ns)"), "query/fnv": float("$(wasm_value fnv query_ns)"),
  "insert/murmur3": float("$(wasm_value murmur3 insert_ns)"), "query/murmur3": float("$(wasm_value murmur3 query_ns)"),
}
rows = []
for op in ("insert", "query"):
    fb = native[f"{op}/fastbloom"]
    for fam in ("fnv", "murmur3"):
        n = native[f"{op}/{fam}"]
        rows.append((f"1. native {op} {fam}", f"{n:.1f} ns/op; fastbloom {fb:.1f} ns/op; ours/fastbloom {n/fb:.2f}"))
for op in ("insert", "query"):
    for fam in ("fnv", "murmur3"):
        w, n = wasm[f"{op}/{fam}"], native[f"{op}/{fam}"]
        rows.append((f"2. wasm {op} {fam}", f"{w:.1f} ns/op; wasm/native {w/n:.2f}"))
for lab in (lab_fnv, lab_murmur):
    rows.append((f"3. experiment {lab['family']}", f"2 filters × (10^6 inserts + 10^6 probes) in {lab['elapsed_ms']:.0f} ms; long tasks > 50 ms: {lab['long_tasks_over_50ms']}"))
one, every = lab_workers["one"], lab_workers["all"]
rows.append(("3. lab on every core", f"T = 100 filters, m = 100,000, k = 7: 1 worker {one['best_ms']:.0f} ms, {every['workers']} workers {every['best_ms']:.0f} ms (pool reused; first runs {one['first_ms']:.0f} and {every['first_ms']:.0f} ms); speedup {lab_workers['speedup']:.2f} on {lab_workers['cores']} cores; longest main-thread task {max(one['longest_task_ms'], every['longest_task_ms']):.0f} ms"))
for k in keys:
    rows.append((f"4. keystroke m={k['m']}", f"median {k['update_style_layout_ms']['median']:.1f} ms, p95 {k['update_style_layout_ms']['p95']:.1f} ms (update + style + layout); next frame median {k['next_frame_ms']['median']:.1f} ms"))
rows.append((f"4. canvas m={redraw['m']}", f"full redraw {redraw['draw_ms']:.1f} ms in tasks of at most {redraw['longest_task_ms']:.1f} ms; browser long tasks > 50 ms: {redraw['browser_long_tasks']} (longest {redraw['browser_longest_ms']:.0f} ms); repaint after an add {redraw['partial_ms']:.1f} ms"))
rows.append(("5. size (gzip -9)", "$size_report".strip()))
throttled = start["throttled_ms"]
rows.append(("6. start", f"navigation to interactive grid {start['ready_ms']:.0f} ms on the loopback (median of {start['runs']}); 1.6 Mbit/s at 150 ms {throttled['1.6Mbit_150ms']:.0f} ms, 10 Mbit/s at 40 ms {throttled['10Mbit_40ms']:.0f} ms; repeat visit from the service worker {start['repeat_ms']:.0f} ms"))
rows.append(("7. long paste", f"{paste['lines']} lines at m = 4096 in {paste['wall_ms']:.0f} ms; longest task {paste['longest_task_ms']:.0f} ms; tasks > 50 ms: {paste['long_tasks']}"))
over = [f"{r['action']} {r['longest_ms']} ms" for r in actions['results'] if r['long_tasks']]
rows.append(("8. user actions", f"{actions['actions']} actions; tasks > 50 ms: {actions['long_tasks']}" + (f" ({'; '.join(over)})" if over else "")))
for kind, label in (("link", "link"), ("session", "saved session restored")):
    f = sessions[kind]
    rows.append((f"9. {sessions['items']}-item {label}", f"interactive {f['interactive_ms']:.0f} ms after the wasm arrived; longest task {f['longest_task_ms']:.0f} ms; tasks > 50 ms: {f['long_tasks']}"))
mem = sessions["memory"]
rows.append(("9. memory m=2^25 counting width 8", f"renderer {mem['peak_mb']} MB at its peak (canvas scrolled through), {mem['settled_mb']} MB settled; bound 400 MB"))
for f in parquet["files"]:
    rows.append((f"10. Parquet {f['label']}", f"{f['filters']:,} filters, {f['bytes']:,} B: listed {f['listed_ms']:.0f} ms after the choice; a value checked against every filter and drawn {f['query_ms']:.0f} ms; longest page task {f['longest_task_ms']:.0f} ms"))
w = parquet["wide"]
rows.append(("10. Parquet 100 filters of 1 MiB", f"listed {w['listed_ms']:.0f} ms after the choice; a value's block read from each filter and drawn {w['query_ms']:.0f} ms; renderer memory grew {w['renderer_grew_mb']:.0f} MB at most (the browser's read buffers until collected; the worker keeps no bits)"))
l = parquet["lake"]
rows.append(("10. Parquet 1,000 filters of 1 MiB", f"{l['bytes']:,} B (sparse): listed {l['listed_ms']:.0f} ms after the choice (64 MiB of bitsets and the other headers read); a value checked against every filter and drawn {l['query_ms']:.0f} ms"))
rows.append(("10. Parquet footer alone", f"10,000 row groups without filters read and decoded in {parquet['footer_only_10000_ms']:.0f} ms"))
for name, label in (("plain", "plain ?m=64"), ("items_20000", "20,000-item link")):
    f = start_tasks[name]
    rows.append((f"11. start tasks, {label}", f"{f['loads_with_a_long_task']} of {f['loads']} cold loads with a task over 50 ms; longest {f['longest_ms']} ms, median of the longest {f['median_longest_ms']} ms"))
width = max(len(r[0]) for r in rows)
print()
print("| row | figure |")
print("|---|---|")
for name, value in rows:
    print(f"| {name} | {value} |")
PY
