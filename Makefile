# locate — make targets. `make demo` and `make check` are the two set-up commands in README.md.
SWIFT ?= swift
PREFIX ?= /usr/local
BUILD_DIR ?= .build
DEBIAN_PACKAGES = gpsd gpsd-clients socat gpsbabel geographiclib-tools python3-geographiclib \
  libxml2-utils hyperfine valgrind libgeographiclib-dev libproj-dev

.PHONY: all build release test check deps demo bench fuzz fuzz-smoke lint format install clean sanitize

all: build

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --product locate

## Installs the Debian packages the tests and benchmarks use (only what is missing).
deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
	@# gpsd's package starts a system daemon that would hold devices; the tests run their own.
	@-systemctl stop gpsd.socket gpsd >/dev/null 2>&1 || true

## The fast test loop.
test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## What CI runs: dependencies, lint, the whole suite, sanitizers and a fuzzing smoke run.
check: deps lint test sanitize fuzz-smoke

sanitize:
	$(SWIFT) test --sanitize=address --scratch-path $(BUILD_DIR)/asan
	$(SWIFT) test --sanitize=thread --scratch-path $(BUILD_DIR)/tsan

FUZZ_SECONDS ?= 600
fuzz:
	$(SWIFT) build -c release --product LocateFuzz --sanitize=fuzzer --scratch-path $(BUILD_DIR)/fuzz
	mkdir -p $(BUILD_DIR)/fuzz-corpus
	SWIFT_BACKTRACE=enable=no $(BUILD_DIR)/fuzz/release/LocateFuzz $(BUILD_DIR)/fuzz-corpus Fixtures/gpsd \
	  -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -print_final_stats=1

fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=30

## Builds release and runs the real serial path against the built-in virtual receiver.
demo: release
	@sh Tests/Demo/demo.sh $(BUILD_DIR)/release/locate

## Benchmarks, side by side with the peers in one run (installs the peers it needs).
bench: release
	sh Tests/Benchmarks/decode.sh
	sh Tests/Benchmarks/geodesy.sh

lint:
	$(SWIFT) format lint --strict -r Sources Tests

format:
	$(SWIFT) format -i -r Sources Tests

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BUILD_DIR)/release/locate $(DESTDIR)$(PREFIX)/bin/locate
	install -m 644 docs/locate.1 $(DESTDIR)$(PREFIX)/share/man/man1/locate.1

clean:
	rm -rf $(BUILD_DIR)
