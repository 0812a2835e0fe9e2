#!/usr/bin/env bash
# Server benchmarks with nyanhall-cli load on loopback; prints the figures. Bounded in time.
#   bench/server_load.sh [--game ID] [BUILD_DIR]
# The game is Oikake unless --game names another (any game `nyanhall-cli games` lists), played
# at the most seats it takes.
# 1. CPU per move: 100 concurrent matches played as fast as the bots can (20 s).
# 2. 500 concurrent matches: round trip p99 and peak RSS, with bots that think 0-2 s
#    (human pace) and with bots that never wait.
# 3. 10,000 idle rooms: server memory per room.
# 5. The human-pace run of 2 beside 100 tables where the server's bot plays one seat as fast as
#    it can: the bots' thinking must not reach the human rooms' round trips.
# 4. The same as 1 and 2 with the SQLite journal on, and with the PostgreSQL journal (a cluster
#    of its own in a temporary directory, tests/support/pg_cluster.sh; PostgreSQL's own CPU per
#    action printed beside the server's), beside the in-memory runs.
# 0. First the floor under 1: the same load on a WebSocket server that does no game work.
set -euo pipefail
GAME=oikake
if [[ ${1:-} == --game ]]; then GAME=$2; shift 2; fi
BUILD=${1:-build}
SERVER=$BUILD/server/nyanhall
CLI=$BUILD/clients/cli/nyanhall-cli
DATA=$(mktemp -d)
PG_CLUSTER=$(dirname "$0")/../tests/support/pg_cluster.sh
PGDIR=$DATA/pg
trap 'kill $PID 2>/dev/null || true; [[ -d $PGDIR ]] && "$PG_CLUSTER" stop "$PGDIR"; rm -rf "$DATA"' EXIT
# The cluster reaches its directory as postgres when this runs as root.
chmod 711 "$DATA"

# shellcheck source=bench/load-lib.sh
source "$(dirname "$0")/load-lib.sh"
play_args
# Each run starts from an empty journal: rooms kept from the run before would be restored
# and counted in this run's memory.
stop() {
  kill -TERM "$PID"; wait "$PID" || true; rm -rf "$DATA/j"
  if [[ $mode == postgres ]]; then
    /usr/lib/postgresql/15/bin/psql -q -X -h "$PGDIR" -p "$PGPORT" -U postgres -d nyanhall \
      -c "TRUNCATE records, rooms, leases, replicas" >/dev/null
  fi
}

# The cluster's CPU so far, in clock ticks: the postmaster's own and its reaped children's (the
# ended backends), and each live backend's.
pg_cpu_ticks() {
  local postmaster total f
  postmaster=$(head -1 "$PGDIR/data/postmaster.pid")
  read -r -a f < <(sed 's/^.*) //' "/proc/$postmaster/stat")  # f[0] is field 3 of stat(5)
  total=$((f[11] + f[12] + f[13] + f[14]))                      # utime stime cutime cstime
  for child in $(pgrep -P "$postmaster"); do
    read -r -a f < <(sed 's/^.*) //' "/proc/$child/stat" 2>/dev/null || echo "")
    ((${#f[@]} > 12)) && total=$((total + f[11] + f[12]))
  done
  echo "$total"
}

# The load generator with ARGS; with the PostgreSQL journal also the cluster's CPU per action.
load() {
  local before=0 after actions
  [[ $mode == postgres ]] && before=$(pg_cpu_ticks)
  "$CLI" load --server 127.0.0.1:$PORT "$@" --server-pid $PID | tee "$DATA/load.txt"
  if [[ $mode == postgres ]]; then
    after=$(pg_cpu_ticks)
    actions=$(awk '/^actions:/ {print $2}' "$DATA/load.txt")
    awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" -v n="$actions" \
      'BEGIN {printf "postgres CPU: %.2f s, %.1f us per action\n", t / hz, n ? t / hz * 1e6 / n : 0}'
  fi
}

echo "== floor: 100 rooms on a WebSocket server without a game, 10 s, unpaced and at 3,500 moves/s"
"$BUILD/bench/wire_floor" 100 10
"$BUILD/bench/wire_floor" 100 10 3500

modes=(memory journal)
if PGPORT=$("$PG_CLUSTER" start "$PGDIR"); then
  modes+=(postgres)
else
  echo "== no PostgreSQL 15 (deploy/install-deps.sh --with-cluster): the postgres runs are left out"
  PGPORT=
fi
for mode in "${modes[@]}"; do
  case $mode in
    memory) args=(--journal none) ;;
    journal) args=(--data-dir "$DATA/j") ;;
    postgres) args=(--journal postgres --postgres "host=127.0.0.1 port=$PGPORT dbname=nyanhall user=nyanhall"
                    --postgres-password-file "$PGDIR/password") ;;
  esac
  echo "== $GAME, $mode: 100 matches, bots without think time, 20 s"
  start "${args[@]}" --threads 1
  load "${PLAY[@]}" --rooms 100 --duration 20
  stop
  echo "== $mode: 500 matches, bots think 0-2 s, 30 s"
  start "${args[@]}"
  load "${PLAY[@]}" --rooms 500 --duration 30 --think-ms 1000
  stop
  echo "== $mode: 500 matches, bots without think time, 20 s"
  start "${args[@]}"
  load "${PLAY[@]}" --rooms 500 --duration 20
  stop
done
mode=memory

echo "== memory: 500 matches, bots think 0-2 s, 30 s, beside 100 tables played by the server's bots"
start --journal none
"$CLI" load --server 127.0.0.1:$PORT "${PLAY[@]}" --rooms 100 --server-bots 1 --duration 36 > "$DATA/bot_tables.txt" &
BOTS=$!
sleep 3  # the bot tables are playing before the measured run starts
"$CLI" load --server 127.0.0.1:$PORT "${PLAY[@]}" --rooms 500 --duration 30 --think-ms 1000 --server-pid $PID
wait $BOTS
echo "-- the 100 bot tables:"
cat "$DATA/bot_tables.txt"
stop

echo "== 10,000 idle rooms"
start --journal none --threads 1
"$CLI" load --server 127.0.0.1:$PORT "${PLAY[@]}" --idle-rooms 10000 --server-pid $PID
stop
