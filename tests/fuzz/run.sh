#!/usr/bin/env bash
# Runs every fuzz target of a sanitizer build for a while and prints its figures.
#   tests/fuzz/run.sh BUILD_DIR SECONDS
# Findings are kept in BUILD_DIR/fuzz-corpus/<target>; a crash leaves its input in the current
# directory (crash-*) and makes this script fail.
set -uo pipefail
build=${1:?usage: run.sh BUILD_DIR SECONDS}
seconds=${2:?usage: run.sh BUILD_DIR SECONDS}
seeds="$(cd "$(dirname "$0")" && pwd)/seeds"
status=0
for target in fuzz_envelope fuzz_actions fuzz_patch fuzz_http; do
  corpus="$build/fuzz-corpus/$target"
  log="$build/fuzz-corpus/$target.log"
  mkdir -p "$corpus"
  echo "== $target: ${seconds} s"
  "$build/tests/fuzz/$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
    "$corpus" "$seeds/$target" >"$log" 2>&1
  code=$?
  grep -E '^(#[0-9]+ +(INITED|DONE)|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==ERROR|SUMMARY)' "$log"
  echo "   corpus: $(ls "$corpus" | wc -l) inputs; exit $code"
  ((code == 0)) || status=1
done
exit $status
