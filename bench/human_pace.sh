#!/usr/bin/env bash
# The cost of a table at the pace people play, beside the transport's own cost at that pace, all
# in one run (loopback, bounded in time):
#   bench/human_pace.sh [--game ID] [--rooms N] [--seconds S] [--server-args 'ARGS'] [BUILD_DIR]
# 1. memory mode: N matches whose bots think 0-2 s (`nyanhall-cli load --think-ms 1000`), S s.
# 2. The same with the SQLite journal.
# 3. `bench/wire_floor N S RATE`: N rooms on a WebSocket server that does no game work, paced at
#    the rate the memory run reached.
# Prints each run's actions/s, round trip p50/p99 (and the p99 of the actions sent once every
# room had begun its first game), errors, server CPU per action, and memory per match ((peak
# RSS - RSS before the load) / N); then CPU per action in memory mode over the
# floor's, and the journal's over memory mode's. Default: Oikake, 500 matches, 30 s, the
# server's default threads. A match takes a connection per seat in the server and in the load
# generator, so `ulimit -n` bounds N (wire_floor takes up to 9,000 rooms of two). The floor has
# Oikake's shape (two seats, about 1 KB out to each per move) whatever the game.
set -euo pipefail
GAME=oikake
ROOMS=500
SECONDS_RUN=30
SERVER_ARGS=()
while [[ ${1:-} == --* ]]; do
  case $1 in
    --game) GAME=$2 ;;
    --rooms) ROOMS=$2 ;;
    --seconds) SECONDS_RUN=$2 ;;
    --server-args) read -r -a SERVER_ARGS <<< "$2" ;;
    *) echo "human_pace: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
BUILD=${1:-build}
SERVER=$BUILD/server/nyanhall
CLI=$BUILD/clients/cli/nyanhall-cli
DATA=$(mktemp -d)
PID=
trap '[[ -n $PID ]] && kill $PID 2>/dev/null; rm -rf "$DATA"' EXIT

# shellcheck source=bench/load-lib.sh
source "$(dirname "$0")/load-lib.sh"
play_args
stop() { kill -TERM "$PID"; wait "$PID" || true; PID=; rm -rf "$DATA/j"; }
rss_kib() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }

# run NAME ARGS...: one human-pace run; its figures go to $DATA/NAME.
run() {
  local name=$1 idle; shift
  start ${SERVER_ARGS[@]+"${SERVER_ARGS[@]}"} "$@"
  sleep 0.5
  idle=$(rss_kib "$PID")
  "$CLI" load --server 127.0.0.1:$PORT "${PLAY[@]}" --rooms "$ROOMS" --duration "$SECONDS_RUN" --think-ms 1000 \
    --server-pid "$PID" > "$DATA/$name.txt" || true
  awk -v idle="$idle" -v n="$ROOMS" '
    /^actions:/ {rate = substr($3, 2) + 0}
    /^action round trip ms:/ {p50 = $6; p99 = $10}
    /^action round trip ms once every room plays/ {match($0, /p99 [0-9.]+/); p99_playing = substr($0, RSTART + 4, RLENGTH - 4)}
    /^errors:/ {errors = $2}
    /^server CPU:/ {share = substr($5, 2) "%"; us = $(NF - 3)}
    /^server RSS:/ {peak = $(NF - 1)}
    END {printf "%s %s %s %s %s %s %s %s %s\n", rate, p50, p99, errors, share, us, peak, (peak - idle) / n,
         p99_playing == "" ? "-" : p99_playing}' \
    "$DATA/$name.txt" > "$DATA/$name"
  stop
}

echo "human_pace: $GAME, $ROOMS matches, bots think 0-2 s, $SECONDS_RUN s a run${SERVER_ARGS[*]:+, server ${SERVER_ARGS[*]}}"
run memory --journal none
run journal --data-dir "$DATA/j"
read -r rate _ < "$DATA/memory"
"$BUILD/bench/wire_floor" "$ROOMS" "$SECONDS_RUN" "$rate" > "$DATA/floor.txt"
floor=$(awk '/^server CPU:/ {print $(NF - 3)}' "$DATA/floor.txt")

printf '%-8s %9s %8s %8s %10s %6s %10s %12s %14s\n' run actions/s p50_ms p99_ms p99_playing errors 'CPU/action' 'peak RSS' \
  'KiB per match'
printf '%-8s %9s %8s %8s %10s %6s %9sus\n' floor "$rate" - - - - "$floor"
for name in memory journal; do
  read -r r p50 p99 errors share us peak per p99_playing < "$DATA/$name"
  printf '%-8s %9s %8s %8s %10s %6s %9sus %9s KiB %14.1f   (server at %s of a core)\n' "$name" "$r" "${p50%,}" "${p99%,}" \
    "${p99_playing%,}" "$errors" "$us" "$peak" "$per" "$share"
done
echo "(p99_playing: the round trips of actions sent once every room had begun its first game)"
read -r _ _ _ _ _ mem_us _ < "$DATA/memory"
read -r _ _ _ _ _ jou_us _ < "$DATA/journal"
awk -v f="$floor" -v m="$mem_us" -v j="$jou_us" \
  'BEGIN {printf "memory / floor: %.2fx   journal / memory: %.2fx\n", m / f, j / m}'
