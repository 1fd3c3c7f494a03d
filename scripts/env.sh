# Sourced by the scripts: puts cargo's binaries and the project's wasm-opt on PATH.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
