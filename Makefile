# locate — make targets. `make demo` and `make check` are the two set-up commands in README.md.
SWIFT ?= swift
PREFIX ?= /usr/local
BUILD_DIR ?= .build
DEBIAN_PACKAGES = gpsd gpsd-clients python3-gps socat gpsbabel geographiclib-tools python3-geographiclib chrony \
  libxml2-utils hyperfine valgrind libgeographiclib-dev libproj-dev proj-bin proj-data time \
  python3-pyte jq dpkg-dev
## PyPI packages the tests use: pygeomag, the World Magnetic Model's reference implementation
## (Tests/Tools/wmm_reference.py).
PYPI_PACKAGES = pygeomag==1.1.0
PYTHON ?= python3
## gpsd 3.22's own regression logs and their expected output, from Debian's gpsd source package
## (.ci/gpsd-logs.sh): the gpsd captures the tests use where ../shared/fixtures/gpsd is absent.
GPSD_LOGS = .build/gpsd-3.22

.PHONY: all build release test check readme-check budget deps demo bench fuzz fuzz-smoke lint format install install-files clean sanitize \
  sanitize-address sanitize-thread fuzz-build fuzz-seeds fuzz-coverage soak

all: build

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --product locate --static-swift-stdlib --disable-local-rpath

## Installs the Debian packages the tests and benchmarks use (only what is missing).
deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
	@$(PYTHON) -c 'import pygeomag' 2>/dev/null || { echo "installing: $(PYPI_PACKAGES)"; \
	  $(PYTHON) -m pip install --quiet $(PYPI_PACKAGES) 2>/dev/null \
	  || $(PYTHON) -m pip install --quiet --break-system-packages $(PYPI_PACKAGES); }
	@# gpsd's package starts a system daemon that would hold devices; the tests run their own.
	@-systemctl stop gpsd.socket gpsd >/dev/null 2>&1 || true
	@sh .ci/gpsd-logs.sh $(GPSD_LOGS)

## The suite, as shards run two at a time, each a test runner process of its own under a
## deadline (Tests/Tools/run_tests.sh says why; Tests/Tools/watchdog.sh): a test that hangs fails
## its shard within TEST_SECONDS, names itself and leaves each thread's backtrace in the shard's
## log (.build/test-N.log), instead of holding CI to its limit. "rest" is every test no other
## shard takes. On 2026-12-04: 609 s as one process; 373 s in these shards (`time make test`).
TEST_SECONDS ?= 1200
TEST_JOBS ?= 2
TEST_SHARDS = '^LocateCLITests\.[A-Oa-o]' '^LocateCLITests\.[^A-Oa-o]' '^FaultTests\.' \
  '^RealAppsTests\.' rest
RUN_TESTS = BUILD_DIR=$(BUILD_DIR) bash Tests/Tools/run_tests.sh
test:
	$(SWIFT) build --build-tests
	$(RUN_TESTS) test $(TEST_SECONDS) $(TEST_JOBS) $(TEST_SHARDS) -- $(SWIFT) test --skip-build --ignore-lock --disable-xctest

## What CI runs: dependencies, lint, the whole suite, sanitizers, a fuzzing smoke run, and
## README's own set-up promises from a clean clone.
check: deps lint test budget sanitize fuzz-smoke readme-check

## The speed guard: instructions (callgrind) of LocateBench decode and of locate watch --json
## over a fixed seeded 1 MB corpus, each held to its budget in Tests/Benchmarks/instruction-budget
## (+3 %), and watch to no heap allocation per epoch (memcheck over 1,000 and 10,000 seeded
## epochs: at most 0.25 per epoch). UPDATE=1 writes the counts measured as the new budget.
budget:
	sh Tests/Benchmarks/instruction_budget.sh

## README's set-up commands as a new user runs them, from a clean clone of HEAD: `make demo`
## under a deadline (it must end, succeed, leave no process or temporary file behind, and
## print README's transcript), .ci/run running exactly README's test command, and
## `swift build -c release` of the whole package (Tests/Demo/readme_check.sh).
readme-check:
	sh Tests/Demo/readme_check.sh

## The suite under AddressSanitizer (LeakSanitizer suppressions for the toolchain's own leaks
## in .ci/lsan.supp; the locate processes the fault tests start inherit them), and its
## in-process part under ThreadSanitizer: the libraries' own tests and the fault tests, whose
## locate children are TSan builds too; not the end-to-end tests of the command line and the
## apps, which run the same engine in a child each (CI's time: the whole of `make check` has to
## end within 90 minutes). No XCTest tests exist, so XCTest is not run.
## The locate processes the tests start fail on a leak (LOCATE_CHILD_LSAN_OPTIONS becomes their
## LSAN_OPTIONS); the test runner reports its own leaks without failing (exitcode=0): at its
## exit LeakSanitizer lists objects reachable only through Swift weak-reference side tables,
## whose one pointer sits shifted in a live object's refcount word (.ci/lsan.supp).
LSAN_SUPPRESSIONS = suppressions=$(CURDIR)/.ci/lsan.supp:print_suppressions=0
SANITIZER_ENV = LSAN_OPTIONS=$(LSAN_SUPPRESSIONS):exitcode=0 \
  LOCATE_CHILD_LSAN_OPTIONS=$(LSAN_SUPPRESSIONS) \
  ASAN_OPTIONS=detect_leaks=1 \
  TSAN_OPTIONS=halt_on_error=0:second_deadlock_stack=1:suppressions=$(CURDIR)/.ci/tsan.supp
TSAN_SHARDS = '!^LocateCLITests\.' '!^RealAppsTests\.' '^FaultTests\.' rest
sanitize: sanitize-address sanitize-thread

sanitize-address:
	@$(call sanitized_test,address,asan,$(TEST_SHARDS))

sanitize-thread:
	@$(call sanitized_test,thread,tsan,$(TSAN_SHARDS))

## Built first, then run as `make test` runs the plain suite (shards, deadlines); each shard's
## log is $(BUILD_DIR)/NAME-N.log. When one fails, each sanitizer report's kind, its top frames
## and its SUMMARY line are printed again at the very end, so that a CI record which keeps only
## the last lines of the output still says which race or error it was.
define sanitized_test
$(SWIFT) build --build-tests --sanitize=$(1) --scratch-path $(BUILD_DIR)/$(2) && \
{ $(SANITIZER_ENV) $(RUN_TESTS) $(2) $(TEST_SECONDS) $(TEST_JOBS) $(3) -- \
  $(SWIFT) test --skip-build --ignore-lock --disable-xctest --sanitize=$(1) --scratch-path $(BUILD_DIR)/$(2) \
  || { status=$$?; echo "## $(1) sanitizer run failed; its reports, shortened:"; \
    cat $(BUILD_DIR)/$(2)-*.log | grep -E '^(WARNING|ERROR|SUMMARY): [A-Za-z]+Sanitizer|^    #[0-2] |^  (Read|Write|Previous|Location|Mutex)' \
    | cut -c1-160 | tail -n 60; exit $$status; }; }
endef

## libFuzzer over the whole decode path (Sources/LocateFuzz), with ASan. Seeds: the captures
## split by .ci/fuzz-corpus.py (gpsd's, read in place from ../shared or else from Debian's gpsd
## 3.22 logs that make deps unpacks; GPSBabel's two in ../shared; ours in Fixtures/), plus
## every input that ever crashed it
## (Tests/FaultTests/FuzzRegressions). Half the mutations are sentence-aware
## (SentenceMutator.swift: fields swapped, dropped, blanked, taken from other sentences;
## sentences reordered, duplicated into other epochs, re-timed, checksums fixed). New finds go
## to $(FUZZ_CORPUS), crashes to $(FUZZ_ARTIFACTS): copy one into FuzzRegressions, named after
## the bug, with its fix. FUZZ_ASAN=0 builds without AddressSanitizer (about 6 times the
## executions a second: 2,700 against 450 on this machine) for long runs; FUZZ_RUNS=N stops
## after N executions (libFuzzer's -runs), e.g. make fuzz FUZZ_ASAN=0 FUZZ_RUNS=10000000
## FUZZ_SECONDS=0: on 2026-12-01 that ran 10,000,000 executions in 3,355 s without a crash.
FUZZ_SECONDS ?= 600
FUZZ_ASAN ?= 1
FUZZ_RUNS ?= -1
FUZZ_BUILD = $(BUILD_DIR)/fuzz$(if $(filter 0,$(FUZZ_ASAN)),-noasan,)
FUZZ_SANITIZERS = fuzzer$(if $(filter 0,$(FUZZ_ASAN)),,$(comma)address)
comma := ,
FUZZ_CORPUS ?= $(BUILD_DIR)/fuzz-corpus
FUZZ_SEEDS = $(BUILD_DIR)/fuzz-seeds
FUZZ_ARTIFACTS = $(BUILD_DIR)/fuzz-artifacts/
FUZZ_FLAGS = -max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
  -artifact_prefix=$(FUZZ_ARTIFACTS)

# --export-dynamic: the sentence-aware mutator finds libFuzzer's own (LLVMFuzzerMutate).
fuzz-build:
	$(SWIFT) build -c release --product LocateFuzz --sanitize=fuzzer \
	  -Xswiftc -sanitize=$(FUZZ_SANITIZERS) -Xlinker --export-dynamic --scratch-path $(FUZZ_BUILD)

SHARED = $(if $(LOCATE_SHARED),$(LOCATE_SHARED),$(abspath $(CURDIR)/..)/shared)
FUZZ_CAPTURES = $(or $(wildcard $(SHARED)/fixtures/gpsd/*.log),$(wildcard $(GPSD_LOGS)/*.log)) \
  $(wildcard $(SHARED)/fixtures/foreign/gpsbabel/backfilldate.nmea \
    $(SHARED)/fixtures/foreign/gpsbabel/addmultipledaysbkw.nmea) \
  Fixtures/gpsd-other/*.log Fixtures/gpsd-heading/*.log Fixtures/simulated/*.nmea

fuzz-seeds:
	@[ -d $(FUZZ_SEEDS) ] || python3 .ci/fuzz-corpus.py $(FUZZ_SEEDS) $(FUZZ_CAPTURES)

fuzz: fuzz-build fuzz-seeds
	mkdir -p $(FUZZ_CORPUS) $(FUZZ_ARTIFACTS)
	SWIFT_BACKTRACE=enable=no $(FUZZ_BUILD)/release/LocateFuzz $(FUZZ_CORPUS) $(FUZZ_SEEDS) \
	  Tests/FaultTests/FuzzRegressions -max_total_time=$(FUZZ_SECONDS) -runs=$(FUZZ_RUNS) \
	  $(FUZZ_FLAGS)

fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=45

## Line coverage of the fuzz corpus over Sources/NMEA and Sources/OpenCoreLocation (llvm-cov).
FUZZ_COVERAGE = $(BUILD_DIR)/fuzz-coverage
LLVM_BIN ?= $(dir $(shell readlink -f $(shell command -v $(SWIFT))))
fuzz-coverage: fuzz-seeds
	$(SWIFT) build -c release --product LocateFuzz --sanitize=fuzzer -Xswiftc -profile-generate \
	  -Xswiftc -profile-coverage-mapping --scratch-path $(FUZZ_COVERAGE)
	rm -f $(FUZZ_COVERAGE)/*.profraw
	mkdir -p $(FUZZ_CORPUS)
	LLVM_PROFILE_FILE=$(FUZZ_COVERAGE)/fuzz.profraw SWIFT_BACKTRACE=enable=no \
	  $(FUZZ_COVERAGE)/release/LocateFuzz -runs=0 $(FUZZ_CORPUS) $(FUZZ_SEEDS) \
	  Tests/FaultTests/FuzzRegressions
	$(LLVM_BIN)llvm-profdata merge -o $(FUZZ_COVERAGE)/fuzz.profdata $(FUZZ_COVERAGE)/fuzz.profraw
	$(LLVM_BIN)llvm-cov report $(FUZZ_COVERAGE)/release/LocateFuzz \
	  -instr-profile=$(FUZZ_COVERAGE)/fuzz.profdata Sources/NMEA Sources/OpenCoreLocation

## The long fault runs (minutes): 10 million sentences through the release build for flat
## memory, a flood of 10 Hz epochs with four constellations of GSVs for five minutes, locate
## serve under a five-minute storm of clients (50 at a time connecting and dropping), and a TCP
## and a gpsd server sending as fast as they can for 60 s each to watch (RSS under 64 MiB; the
## normal suite runs 8 s of each), all against the release build.
soak: release
	LOCATE_SOAK_SENTENCES=10000000 LOCATE_SOAK_BINARY=$(CURDIR)/$(BUILD_DIR)/release/locate \
	  LOCATE_FLOOD_SECONDS=300 LOCATE_SERVE_SOAK_SECONDS=300 LOCATE_TCP_FLOOD_SECONDS=60 \
	  $(SWIFT) test --filter 'MemoryFlatTests|FloodTests|ServeFaultTests|BoundedMemoryTests'

## Builds release and runs the real serial path against the built-in virtual receiver.
demo: release
	@sh Tests/Demo/demo.sh $(BUILD_DIR)/release/locate

## Benchmarks, side by side with the peers in one run (installs the peers it needs; about
## 20 minutes): writes docs/bench/README.md. RUNS, LIVE_RUNS, LIVE_SECONDS… see bench.sh.
bench:
	sh Tests/Benchmarks/bench.sh

LINT_PATHS = Sources Tests

lint:
	$(SWIFT) format lint --strict -r $(LINT_PATHS)

format:
	$(SWIFT) format -i -r $(LINT_PATHS)

## Installs the release build as $(PREFIX)/bin/$(NAME) with its man page $(NAME).1. Debian and
## Ubuntu ship another locate (plocate, mlocate: it finds files by name) in /usr/bin; when one
## is found (in PATH, /usr/bin, /bin, or its man page), install stops and says so, unless NAME
## is given: NAME=gpslocate installs under that name and leaves the other alone, NAME=locate
## shadows it on purpose. install-files does the same with BINARY, without building.
NAME ?= locate
BINARY ?= $(BUILD_DIR)/release/locate
LOCATE_SEARCH ?= $(subst :, ,$(PATH)) /usr/bin /bin
MAN_SEARCH ?= /usr/share/man/man1 /usr/local/share/man/man1

install: release install-files

install-files:
	@other=""; \
	if [ "$(origin NAME)" != "command line" ] && [ "$(NAME)" = locate ]; then \
	  for dir in $(LOCATE_SEARCH); do \
	    candidate="$$dir/locate"; \
	    [ -x "$$candidate" ] || continue; \
	    "$$candidate" --version 2>/dev/null | grep -q '^locate [0-9]' && continue; \
	    other="$$candidate ($$("$$candidate" --version 2>/dev/null | head -n 1))"; break; \
	  done; \
	  for dir in $(MAN_SEARCH); do \
	    for page in "$$dir"/locate.1*; do \
	      [ -z "$$other" ] && [ -e "$$page" ] && ! grep -qs 'NMEA' "$$page" && other="$$page"; \
	    done; \
	  done; \
	fi; \
	if [ -n "$$other" ]; then \
	  echo "make install: another locate is installed: $$other." >&2; \
	  echo "  Ours in $(PREFIX)/bin would come first in PATH (and its man page for 'man locate')." >&2; \
	  echo "  Install under another name:  make install NAME=gpslocate" >&2; \
	  echo "  or shadow it on purpose:     make install NAME=locate" >&2; \
	  exit 1; \
	fi
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 --strip $(BINARY) $(DESTDIR)$(PREFIX)/bin/$(NAME)
	sed -e 's/^\.TH LOCATE /.TH $(shell echo '$(NAME)' | tr a-z A-Z) /' \
	  -e 's/^locate \\-/$(NAME) \\-/' -e 's/^\.B locate \([a-z]\)/.B $(NAME) \1/' \
	  -e 's/^locate \([a-z-]\)/$(NAME) \1/' docs/locate.1 > $(DESTDIR)$(PREFIX)/share/man/man1/$(NAME).1
	chmod 644 $(DESTDIR)$(PREFIX)/share/man/man1/$(NAME).1

clean:
	rm -rf $(BUILD_DIR)
