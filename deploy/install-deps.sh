#!/usr/bin/env bash
# Installs the Debian 12 packages nyanhall needs to build and test. Idempotent: apt runs only
# when something is missing. Usage: deploy/install-deps.sh [--with-browser] [--with-cluster]
#   --with-browser  also what the browser tests need: Debian's chromium, a Japanese font for
#                   readable screenshots, nodejs/npm when the machine has no node (playwright-core
#                   wants node >= 20), and playwright-core from tests/web/package-lock.json.
#   --with-cluster  also what the deployment tests use: HAProxy (deploy/test-cluster.sh), curl,
#                   yamllint and PyYAML (deploy/check-manifests.py), and the PostgreSQL 15 server
#                   the tests of the PostgreSQL journal start in a temporary directory.
#   --with-fuzz     also clang and its sanitizer and libFuzzer runtimes (the sanitizer build and
#                   the fuzz targets, tests/fuzz).
set -euo pipefail

# python3-yaml: the server tests read protocol/asyncapi.yaml through it. libpq-dev: the server
# links libpq (the PostgreSQL journal), whichever journal it runs with.
packages=(g++ cmake make ninja-build ccache pkg-config libboost1.81-dev nlohmann-json3-dev libspdlog-dev
          libssl-dev catch2 libsqlite3-dev libpq-dev python3-yaml zlib1g-dev)
browser=0
for arg in "$@"; do
  case "$arg" in
    --with-browser)
      browser=1
      packages+=(chromium fonts-ipafont-gothic)
      if ! command -v node >/dev/null; then packages+=(nodejs npm); fi
      ;;
    --with-cluster) packages+=(haproxy curl yamllint postgresql-15) ;;
    --with-fuzz) packages+=(clang-14 libclang-rt-14-dev) ;;
    *) echo "install-deps: unknown argument $arg" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
else
  echo "install-deps: installing ${missing[*]}"
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The browser tests' node packages (playwright-core, axe-core), exactly as locked
# (tests/web/.npmrc keeps the lockfile free of download addresses). Skipped when every package
# of package.json is installed at its locked version.
if ((browser)); then
  web="$(cd "$(dirname "$0")/.." && pwd)/tests/web"
  missing_npm=""
  while read -r name want; do
    have=$(sed -n 's/^  "version": "\([0-9.]*\)".*/\1/p' "$web/node_modules/$name/package.json" 2>/dev/null | head -1 || true)
    [[ "$have" == "$want" ]] || missing_npm+=" $name@$want"
  done < <(sed -n 's/^    "\([a-z@/.-]*\)": "\([0-9.]*\)".*/\1 \2/p' "$web/package.json")
  if [[ -n "$missing_npm" ]]; then
    echo "install-deps: npm ci in tests/web (for$missing_npm)"
    (cd "$web" && npm ci --no-audit --no-fund --loglevel=error)
  else
    echo "install-deps: the browser tests' node packages are present"
  fi
fi
