# The two commands: `make test` and `make run`.
BUILD ?= build
BUILD_TYPE ?= RelWithDebInfo
WERROR ?= OFF
JOBS ?= $(shell nproc)

.PHONY: all deps test-deps configure build test run clean

all: build

deps:
	@./deploy/install-deps.sh

# The browser tests also need chromium and playwright-core (tests/web); the deployment tests
# HAProxy and yamllint (deploy/).
test-deps:
	@./deploy/install-deps.sh --with-browser --with-cluster

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DNYAN_WERROR=$(WERROR) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# Installs what is missing, builds, runs every test through ctest (its summary comes last).
test: build test-deps
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Installs what is missing, builds, and starts the server with its defaults
# (0.0.0.0:8080, journal in ./data). Flags: make run ARGS="--port 9000".
run: build
	@$(BUILD)/server/nyanhall $(ARGS)

clean:
	rm -rf $(BUILD)
