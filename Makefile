# The two commands: `make test` and `make run`.
BUILD ?= build
SAN_BUILD ?= build-san
BUILD_TYPE ?= RelWithDebInfo
FUZZ_SECONDS ?= 300
WERROR ?= OFF
JOBS ?= $(shell nproc)
# New build directories use Ninja: among the compilations that are ready it starts the one
# declared first (tests/CMakeLists.txt orders them for that), and a test's files compile while
# the programs it starts are still being linked. A directory configured before keeps its
# generator.
GENERATOR ?= Ninja
generator = $(if $(wildcard $(1)/CMakeCache.txt),,-G "$(GENERATOR)")

.PHONY: all deps test-deps configure configure-san build sanitize-build test fuzz run clean

all: build

deps:
	@./deploy/install-deps.sh

# The browser tests also need chromium and playwright-core (tests/web); the deployment tests
# HAProxy and yamllint (deploy/); the sanitizer build and the fuzz targets clang.
test-deps:
	@./deploy/install-deps.sh --with-browser --with-cluster --with-fuzz

configure: deps
	@cmake -S . -B $(BUILD) $(call generator,$(BUILD)) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DNYAN_WERROR=$(WERROR) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# The unit and server tests again, built by clang with AddressSanitizer and
# UndefinedBehaviorSanitizer, and the libFuzzer targets (tests/fuzz). NDEBUG as in the shipped
# build, so they check what ships: Beast's own debug assertions fire on inputs its release
# build handles (a chunked body's last chunk ending in a bare LF waits for more, as it should).
configure-san: test-deps
	@CC=clang-14 CXX=clang++-14 cmake -S . -B $(SAN_BUILD) $(call generator,$(SAN_BUILD)) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNYAN_FUZZ=ON \
	  -DNYAN_WERROR=$(WERROR) "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" >/dev/null

sanitize-build: configure-san
	@cmake --build $(SAN_BUILD) -j $(JOBS)

# Installs what is missing, builds, runs every test through ctest (its summary comes last):
# the normal build's, then the sanitizer build's (each fuzz target briefly among them).
# The sanitizer build compiles at the lowest priority beside the normal build and its tests
# (its output in $(SAN_BUILD)/build.log): the tests that start servers and browsers wait on
# sockets and timers much of the time, and the compiler takes the CPU they leave without
# slowing them. Both are waited for; the first failure is reported.
test: configure configure-san
	@nice -n 19 cmake --build $(SAN_BUILD) -j $(JOBS) >$(SAN_BUILD)/build.log 2>&1 & san=$$!; \
	  cmake --build $(BUILD) -j $(JOBS) && (cd $(BUILD) && ctest --output-on-failure -j $(JOBS)); normal=$$?; \
	  if ! wait $$san; then tail -n 100 $(SAN_BUILD)/build.log; echo "the sanitizer build failed (log: $(SAN_BUILD)/build.log)"; exit 1; fi; \
	  exit $$normal
	@cd $(SAN_BUILD) && ctest --output-on-failure -j $(JOBS)

# Each fuzz target for FUZZ_SECONDS (300), its findings kept in $(SAN_BUILD)/fuzz-corpus.
fuzz: sanitize-build
	@tests/fuzz/run.sh $(SAN_BUILD) $(FUZZ_SECONDS)

# Installs what is missing, builds, and starts the server with its defaults
# (0.0.0.0:8080, journal in ./data). Flags: make run ARGS="--port 9000".
run: build
	@$(BUILD)/server/nyanhall $(ARGS)

clean:
	rm -rf $(BUILD) $(SAN_BUILD)
