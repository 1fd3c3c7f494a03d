#!/usr/bin/env bash
# Trunk's post-build hook: writes sw.js into the build with the build's version (a hash of
# every file it serves) and the list of those files, so that the service worker caches
# exactly this build and a new build is a new worker.
set -euo pipefail
dir=${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}
cd "$dir"
files=$(find . -type f ! -name sw.js ! -name '*.map' | sed 's|^\./||' | LC_ALL=C sort)
version=$(printf '%s\n' $files | xargs sha256sum | sha256sum | cut -c1-16)
list=$(printf '%s\n' "./" $files | sed 's/.*/"&"/' | paste -sd, -)
sed -e "s|/\*VERSION\*/|${version}|" -e "s|/\*FILES\*/\[\]|[${list}]|" sw.js > sw.js.new
mv sw.js.new sw.js
