#!/usr/bin/env bash
# Restart time with N unfinished rooms in the journal (default 10,000 rooms, 8 moves each):
# fills a journal the way the server writes it, then starts the server on it and prints how
# long the replay took (every action replayed, the view hashes of each game checked).
#   bench/journal_restart.sh [BUILD_DIR] [ROOMS] [MOVES]
set -euo pipefail
BUILD=${1:-build}
ROOMS=${2:-10000}
MOVES=${3:-8}
DATA=$(mktemp -d)
trap 'rm -rf "$DATA"' EXIT
"$BUILD/bench/journal_fill" "$DATA" "$ROOMS" "$MOVES"
du -sh "$DATA"
START=$(date +%s.%N)
"$BUILD/server/nyanhall" --bind 127.0.0.1 --port 0 --data-dir "$DATA" > "$DATA/log" 2>&1 &
PID=$!
until grep -q listening "$DATA/log"; do sleep 0.02; done
END=$(date +%s.%N)
grep rooms_restored "$DATA/log"
echo "start to listening: $(echo "$END - $START" | bc) s"
# CPU the server spent getting there (user + system), which other load on the machine does
# not inflate the way it does the wall time.
read -r -a STAT < "/proc/$PID/stat"
echo "server CPU to listening: $(echo "scale=2; (${STAT[13]} + ${STAT[14]}) / $(getconf CLK_TCK)" | bc) s"
kill -TERM $PID; wait $PID
