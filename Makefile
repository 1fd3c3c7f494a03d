# The two commands: `make serve` and `make test` (and `make bench` for the figures).
# Each installs what is missing first.
.PHONY: setup serve build test bench

setup:
	bash scripts/setup.sh

serve: setup
	. scripts/env.sh && trunk serve --release --address 127.0.0.1 --port 8080

build: setup
	. scripts/env.sh && trunk build --release --offline

test: setup
	bash scripts/test.sh

bench: setup
	bash scripts/bench.sh
