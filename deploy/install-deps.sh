#!/usr/bin/env bash
# Installs the Debian 12 packages nyanhall needs to build and test. Idempotent: apt runs only
# when something is missing. Usage: deploy/install-deps.sh [--with-browser]
#   --with-browser  also the browser-test tools (chromium; nodejs/npm come from the machine).
set -euo pipefail

packages=(g++ cmake make ccache pkg-config libboost1.81-dev nlohmann-json3-dev libspdlog-dev
          libssl-dev catch2 libsqlite3-dev)
for arg in "$@"; do
  case "$arg" in
    --with-browser) packages+=(chromium) ;;
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
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=()
if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
