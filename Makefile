# tablero build, test and benchmark entry points. `make help` lists them.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.NOTPARALLEL:
.DELETE_ON_ERROR:
MAKEFLAGS += --no-builtin-rules --no-print-directory
.DEFAULT_GOAL := help

CARGO       ?= cargo
WASM_TARGET := wasm32-unknown-unknown
# Where cargo puts its output: honours CARGO_TARGET_DIR like cargo itself does.
TARGET_DIR  := $(abspath $(or $(CARGO_TARGET_DIR),target))
# Release wasm builds (pkg/, the wasm benchmark) get a target dir of their own: `cargo test
# --release --target wasm32` (TEST_PROFILE=release) builds the library with test settings into
# the same file names, so sharing one dir would relink the library on every switch between
# testing and packaging.
WASM_BUILD  := $(TARGET_DIR)/wasm-release
WASM_OUT    := $(WASM_BUILD)/$(WASM_TARGET)/release
PORT        ?= 8080
# binaryen's wasm-opt on the release wasm (scripts/wasm-opt.mjs). Chosen by measurement
# (docs/BENCHMARKS.md): -O3 without binaryen's own inlining (LLVM has inlined already; more of
# it only grows the gzip) is the smallest after gzip -9 and no slower; --converge repeats the
# passes until the size stops changing (-0.6 KB gzip). WASM_OPT_FLAGS= skips it.
# The cargo profile of the test suites (Cargo.toml's [profile.ci]): release without fat LTO.
# Fat LTO is kept for what ships (pkg/, `make demo`, the benchmarks); on the ~20 test binaries
# it only cost compile time. TEST_PROFILE=release tests the shipped settings.
TEST_PROFILE ?= ci
# The server binary the online tests start: the one `cargo test -p tablero-server` builds.
SERVER_BIN  := $(TARGET_DIR)/$(TEST_PROFILE)/tablero-server
WASM_OPT_FLAGS ?= -O3 --always-inline-max-function-size=0 --one-caller-inline-max-function-size=0 --converge
# rustc flags of the release wasm builds (pkg/, `make size`, the wasm benchmark). LLVM's inliner
# at a threshold of 10 instead of opt-level 3's 250: the hot code (move generation, search) is
# marked #[inline] and keeps its inlining; the rest (parsers, writers, errors, JSON) stops being
# copied into its callers. 156 -> 149 KB gzip for the full package, perft as fast, fixed-node
# search about 10% slower (docs/BENCHMARKS.md, "Package size (session 9)"). WASM_RUSTFLAGS= for
# plain opt-level 3.
WASM_RUSTFLAGS ?= -Cllvm-args=-inline-threshold=10

# Browser tests bring in Debian's chromium; only ask for it once such tests exist.
SETUP_FLAGS := $(if $(wildcard tests/browser),--browser)

.PHONY: help setup pkg demo test lint test-native test-wasm test-node test-types test-package test-bundlers bench-boundary bench-pgn test-browser test-server test-online fuzz bench bench-native bench-wasm bench-server bench-chaos size clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{ printf "  make %-13s %s\n", $$1, $$2 }'

setup: ## Install missing tools (wasm target, wasm-bindgen-cli, npm packages)
	@scripts/setup.sh $(SETUP_FLAGS)

# $(call wasm-pkg,<cargo's .wasm>,<out dir>,<wasm-opt flags>): wasm-bindgen --target web, then wasm-opt. The
# generated glue becomes tablero_glue.js: the package's entry tablero.js (js/) wraps it, and
# its types are the hand-written js/tablero.d.ts. esbuild minifies the glue: its whitespace and
# comments (the Rust doc comments, which tablero.d.ts carries) go, 6.2 -> 3.6 KB gzipped, and
# local names and syntax are shortened, 3.6 -> 3.1 KB (docs/BENCHMARKS.md, "Package size");
# exported names, classes and methods stay as generated.
define wasm-pkg
	rm -rf $(2)
	wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section --out-dir $(2) --out-name tablero $(1)
	node_modules/.bin/esbuild $(2)/tablero.js --minify --log-level=warning --outfile=$(2)/tablero_glue.js && rm $(2)/tablero.js
	$(if $(strip $(3)),node scripts/wasm-opt.mjs $(2)/tablero_bg.wasm $(3))
endef

# $(call size-table,<pkg dir>): raw and gzip -9 bytes of the wasm, its JS glue and (in pkg/)
# the entry module: what a page loads.
define size-table
	@echo; echo "$(1):"; echo '| file | bytes | gzip -9 bytes |'; echo '|---|---:|---:|'
	@total=0; for f in tablero_bg.wasm tablero_glue.js tablero.js; do \
	  [[ -f $(1)/$$f ]] || continue; gz=$$(gzip -9 -c $(1)/$$f | wc -c); total=$$((total + gz)); \
	  printf '| %s | %d | %d |\n' $$f $$(wc -c < $(1)/$$f) $$gz; \
	done; printf '| **total** | | **%d** |\n' $$total
endef

# The rules-only entry `tablero-chess/rules` (pkg/rules/): the two-player engine alone, built
# with --no-default-features (no "four", no "ai") into a target dir of its own. It is built for
# size first (docs/BENCHMARKS.md, "Package size"): cargo's `rules` profile (release at
# opt-level "z"), LLVM's own inlining for "z" (no WASM_RUSTFLAGS: the threshold of 10 is larger
# there), and wasm-opt -Os without binaryen's inlining. Perft in wasm is about 2.5 times slower
# than the full package's: the price of a rules-only page's download.
RULES_BUILD := $(WASM_BUILD)/rules-only
RULES_RUSTFLAGS ?=
RULES_WASM_OPT_FLAGS ?= -Os --always-inline-max-function-size=0 --one-caller-inline-max-function-size=0 --converge

pkg: setup ## Release wasm builds (full, and rules-only into pkg/rules/) + wasm-bindgen --target web + wasm-opt into pkg/
	RUSTFLAGS="$(WASM_RUSTFLAGS)" $(CARGO) build --lib --release --target $(WASM_TARGET) --target-dir $(WASM_BUILD)
	RUSTFLAGS="$(RULES_RUSTFLAGS)" $(CARGO) build --lib --profile rules --target $(WASM_TARGET) --target-dir $(RULES_BUILD) --no-default-features
	$(call wasm-pkg,$(WASM_OUT)/tablero.wasm,pkg,$(WASM_OPT_FLAGS))
	$(call wasm-pkg,$(RULES_BUILD)/$(WASM_TARGET)/rules/tablero.wasm,pkg/rules,$(RULES_WASM_OPT_FLAGS))
	node scripts/pkg-json.mjs pkg
	# The entry module ships minified like the glue (3.1 -> 1.5 KB gzip; the documentation lives
	# in tablero.d.ts and the README); js/tablero.js stays the readable source. The rules-only
	# entry is the same module beside the rules-only glue.
	node_modules/.bin/esbuild js/tablero.js --minify --log-level=warning --outfile=pkg/tablero.js
	node_modules/.bin/esbuild js/tablero.js --minify --log-level=warning --outfile=pkg/rules/tablero.js

demo: pkg ## Start tablero-server: the demo page, pkg/ and the online API on http://localhost:8080/ (PORT=... to change)
	$(CARGO) run --release -p tablero-server -- --port $(PORT) --static .

test: setup lint test-native test-wasm test-node test-types test-package test-bundlers test-browser test-server test-online ## Everything CI runs: lint, native, wasm, Node, types, package, bundlers, browser, server and online tests

lint: ## cargo fmt --check and clippy (native and wasm32)
	$(CARGO) fmt --all --check
	$(CARGO) clippy --all-targets -- -D warnings
	# The rules-only build's tests too (features four and ai off): about 7 s more.
	$(CARGO) clippy --all-targets --no-default-features -- -D warnings
	$(CARGO) clippy -p tablero-server --all-targets -- -D warnings
	# The Texel tuning helper only builds with its feature (scripts/texel.py).
	$(CARGO) clippy --example texel --features tuning -- -D warnings
	# src/wasm/ only exists for wasm32, so lint that target too, with and without the
	# optional engines (a rules-only page builds with --no-default-features).
	$(CARGO) clippy --lib --tests --target $(WASM_TARGET) -- -D warnings
	$(CARGO) clippy --lib --target $(WASM_TARGET) --no-default-features -- -D warnings

test-native: ## cargo test --profile ci (includes the perft suites)
	$(CARGO) test --profile $(TEST_PROFILE)

test-wasm: setup ## wasm-bindgen-test tests, run in Node by wasm-bindgen-test-runner
	$(CARGO) test --profile $(TEST_PROFILE) --target $(WASM_TARGET)

test-node: pkg ## Node tests of pkg/ (tests/node/*.test.mjs)
	node --test tests/node/*.test.mjs

test-types: pkg ## TypeScript: a strict program using every call type-checks (DOM and Node-only projects) and runs
	node --test tests/types/*.test.mjs

test-package: pkg ## The packed tarball installed into a fresh Node project (tests/package/)
	node --test tests/package/*.test.mjs

test-bundlers: pkg ## The packed tarball built by Vite, webpack and esbuild, each build run in chromium with the worker (tests/bundlers/)
	node --test tests/bundlers/*.test.mjs

# `make fuzz`: the fuzz runs of issue 10 at length (a short run of both is part of
# test-native and test-node). FUZZ_ITERS inputs per Rust target, FUZZ_CALLS calls of the JS
# harness, FUZZ_SECONDS per cargo-fuzz target when cargo-fuzz and a nightly toolchain exist.
FUZZ_ITERS   ?= 200000
FUZZ_CALLS   ?= 100000
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := fen fen4 pgn pgn4 saved move_text movetext validate_fen setup

fuzz: pkg ## Fuzz at length: the property run of fuzz/ on stable, the JS harness, cargo-fuzz if installed
	TABLERO_FUZZ_ITERS=$(FUZZ_ITERS) $(CARGO) test --release --test game fuzz
	TABLERO_FUZZ_CALLS=$(FUZZ_CALLS) TABLERO_FUZZ_SEED=$${TABLERO_FUZZ_SEED:-$$RANDOM} node --test tests/node/hostile-fuzz.test.mjs
	if $(CARGO) +nightly fuzz --help >/dev/null 2>&1; then \
	  for t in $(FUZZ_TARGETS); do \
	    $(CARGO) +nightly fuzz run --fuzz-dir fuzz $$t -- -max_total_time=$(FUZZ_SECONDS) -max_len=65536 || exit 1; \
	  done; \
	else echo "cargo-fuzz (cargo install cargo-fuzz) or nightly missing: libFuzzer targets skipped"; fi

test-server: ## Online server: unit tests and end-to-end tests against the real binary (SQLite, and two processes on PostgreSQL)
	$(CARGO) test --profile $(TEST_PROFILE) -p tablero-server

test-browser: pkg ## Demo app end-to-end in headless chromium (tests/browser/*.test.mjs; screenshots in test-artifacts/)
	node --test --test-concurrency=1 tests/browser/*.test.mjs

test-online: pkg ## Online play: the client module in Node and the demo's Online pages in chromium, against the real server (tests/online/)
	# The same command as test-server, without running: after test-server it builds nothing.
	# `cargo build --bin tablero-server` would build the binary a second time, without the
	# features the server tests' dev-dependencies turn on in shared crates (hyper's client...).
	$(CARGO) test --profile $(TEST_PROFILE) -p tablero-server --no-run
	TABLERO_SERVER_BIN=$(SERVER_BIN) node --test --test-concurrency=1 tests/online/*.test.mjs

bench: setup bench-native bench-wasm size bench-server ## Native and wasm perft, tablero vs shakmaty, pkg size, server load

bench-native: ## Native perft benchmark (benches/perft.rs)
	$(CARGO) bench --bench perft

bench-wasm: setup ## Wasm perft benchmark in Node (benches/wasm-perft)
	RUSTFLAGS="$(WASM_RUSTFLAGS)" $(CARGO) build -p wasm-perft --release --target $(WASM_TARGET) --target-dir $(WASM_BUILD)
	rm -rf benches/wasm-perft/pkg
	wasm-bindgen --target nodejs --no-typescript --out-dir benches/wasm-perft/pkg $(WASM_OUT)/wasm_perft.wasm
	# --target nodejs emits CommonJS, but the repository's package.json says "type": "module".
	echo '{ "type": "commonjs" }' > benches/wasm-perft/pkg/package.json
	node benches/wasm-perft/run.mjs

bench-boundary: pkg ## JS boundary cost: tablero-chess vs chess.js and chessops in Node (benches/boundary.mjs)
	node benches/boundary.mjs

# The file is generated each run (about 15 s; deterministic: the seed and tablero's move
# order fix it) into the target dir, next to cargo's output rather than in the sources.
PGN_BENCH_FILE := $(TARGET_DIR)/bench-pgn/lichess-10000.pgn

bench-pgn: pkg ## PGN import and export of 10,000 generated lichess-style games: tablero vs chessops in Node (benches/pgn/; BASE=dir adds another build's row)
	mkdir -p $(dir $(PGN_BENCH_FILE))
	node benches/pgn/generate.mjs --games 10000 --seed 49 > $(PGN_BENCH_FILE)
	node benches/pgn/bench.mjs $(PGN_BENCH_FILE) $(if $(BASE),--base $(BASE))

bench-server: ## Server load test: 2,000 clients in 1,000 rooms on loopback, without and with 3+2 clocks (CLIENTS=2000,10000 SECONDS= CLOCK=none|3+2|both)
	$(CARGO) build --release -p tablero-server --bin tablero-server --example load
	$(TARGET_DIR)/release/examples/load --clients $(or $(CLIENTS),2000) --seconds $(or $(SECONDS),60) --clock $(or $(CLOCK),both)

bench-chaos: ## Two server processes on a private PostgreSQL, one SIGKILLed every 15 s, 2,000 clients for two minutes (CLIENTS=, SECONDS= to change)
	$(CARGO) build --release -p tablero-server --bin tablero-server --example chaos
	$(TARGET_DIR)/release/examples/chaos --clients $(or $(CLIENTS),2000) --seconds $(or $(SECONDS),120)

size: pkg ## gzip -9 size of pkg/ and of its two-player rules-only entry pkg/rules/ (no "four", no "ai")
	$(call size-table,pkg)
	$(call size-table,pkg/rules)

clean: ## Remove generated packages (not cargo's target dir)
	rm -rf pkg benches/wasm-perft/pkg
