#!/usr/bin/env bash
# Runs every test layer and prints one summary: formatting and lints, native cargo tests,
# browser tests (wasm-bindgen-test in headless Chromium), the release build, the
# end-to-end tests (Playwright against the release build served on 127.0.0.1), and a build
# in a fresh clone without the npm packages.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
mkdir -p artifacts
export CHROMEDRIVER=/usr/bin/chromedriver

started=$(date +%s)
total_passed=0
total_failed=0
summary=()
status=0

step() {
  local name=$1; shift
  echo "== $name"
  if ! "$@"; then
    echo "!! $name failed"
    status=1
  fi
}

step "format check" cargo fmt --all -- --check
step "clippy (native)" cargo clippy --all-targets --quiet -- -D warnings
step "clippy (wasm32)" cargo clippy --target wasm32-unknown-unknown --lib --bins --tests --quiet -- -D warnings

echo "== native tests (cargo test)"
cargo test 2>&1 | tee artifacts/native-tests.log
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
native_passed=$(grep -E '^test result:' artifacts/native-tests.log | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
native_failed=$(grep -E '^test result:' artifacts/native-tests.log | grep -Eo '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
total_passed=$((total_passed + native_passed)); total_failed=$((total_failed + native_failed))
summary+=("$(printf '%-34s %6s passed %4s failed' "1. native (cargo test)" "$native_passed" "$native_failed")")

echo "== browser tests (wasm-bindgen-test, headless Chromium)"
cargo test --target wasm32-unknown-unknown --test web --test panic_screen 2>&1 | tee artifacts/browser-tests.log
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
browser_passed=$(grep -E '^test result:' artifacts/browser-tests.log | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
browser_failed=$(grep -E '^test result:' artifacts/browser-tests.log | grep -Eo '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
total_passed=$((total_passed + browser_passed)); total_failed=$((total_failed + browser_failed))
summary+=("$(printf '%-34s %6s passed %4s failed' "2. browser (wasm-bindgen-test)" "$browser_passed" "$browser_failed")")

echo "== release build (trunk build --release)"
if trunk build --release --offline 2>&1 | tee artifacts/trunk-build.log; then
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
else
  status=1
fi

step "bundle size budget" bash scripts/check_size.sh
step "size rules (scripts/size.sh --check)" bash scripts/size.sh --check

echo "== end-to-end tests (Playwright)"
npx playwright test 2>&1 | tee artifacts/e2e-tests.log
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
e2e_passed=$(grep -Eo '^ *[0-9]+ passed' artifacts/e2e-tests.log | awk '{s+=$1} END {print s+0}')
e2e_failed=$(grep -Eo '^ *[0-9]+ failed' artifacts/e2e-tests.log | awk '{s+=$1} END {print s+0}')
total_passed=$((total_passed + e2e_passed)); total_failed=$((total_failed + e2e_failed))
summary+=("$(printf '%-34s %6s passed %4s failed' "3. end to end (Playwright)" "$e2e_passed" "$e2e_failed")")
# The failing tests by name, so that the summary at the end of the log says which they were.
while IFS= read -r failed_test; do
  summary+=("   failed: ${failed_test}")
done < <(awk '/^ *[0-9]+ failed/ {on=1; next} /^ *[0-9]+ (passed|flaky|skipped|did not run)/ {on=0} on && /›/ {sub(/^ +/, ""); print}' artifacts/e2e-tests.log)
# And each failure's first error lines (the reporter's numbered blocks), for the same reason.
while IFS= read -r error_line; do
  summary+=("     ${error_line}")
done < <(awk '/^ +[0-9]+\) / {header=$0; sub(/^ +/, "", header); left=0; print "  " header; next}
  header != "" && /Error:|Expected|Received|Timeout/ && left < 4 {line=$0; sub(/^ +/, "", line); print "    " line; left++}
  /^ +[0-9]+ (passed|failed)/ {header=""}' artifacts/e2e-tests.log | head -n 40)

# A fresh clone without the npm packages: `trunk build` still makes a working page, unminified
# (about 35 s when target/ holds this build, a few minutes when the app must compile).
step "fresh clone without npm packages (scripts/fresh_clone.sh)" bash scripts/fresh_clone.sh

elapsed=$(( $(date +%s) - started ))
echo
echo "== summary (${elapsed} s)"
printf '%s\n' "${summary[@]}"
[ "$status" -eq 0 ] || echo "some step failed (see above)"
echo "${total_passed} passed, ${total_failed} failed"
exit "$status"
