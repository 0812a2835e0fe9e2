#!/usr/bin/env bash
# How long rooms take to move when their server dies, on the shared journal: a PostgreSQL 15
# cluster of its own (tests/support/pg_cluster.sh) and two replicas on 127.0.0.1. Replica a
# serves ROOMS rooms under play at human pace (nyanhall-cli load); it is killed (SIGKILL); once
# its leases have lapsed, every room is asked for at replica b at once (GET /api/rooms/CODE, as
# the first reconnect of each room would), and the time until b has claimed and restored all of
# them is printed, with the one room's figure first. Not a test: it prints figures.
# usage: bench/takeover.sh [BUILD_DIR] [ROOMS]   (default build, 1000)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
rooms=${2:-1000}
server=$build/server/nyanhall
cli=$build/clients/cli/nyanhall-cli
pg=$root/tests/support/pg_cluster.sh
lease_ms=3000

work=$(mktemp -d "${TMPDIR:-/tmp}/nyan-takeover.XXXXXX")
chmod 755 "$work"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "$pg" stop "$work/pg" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
now_ms() { date +%s%3N; }
pg_port=$("$pg" start "$work/pg")
cp "$work/pg/password" "$work/password"
psql_db() {
  local cmd=(/usr/lib/postgresql/15/bin/psql -h "$work/pg" -p "$pg_port" -d nyanhall -tA -c "$1")
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "${cmd[@]}"; else "${cmd[@]}"; fi
}
declare -A port pid
for node in a b; do
  port[$node]=$((10000 + RANDOM % 20000))  # below the ephemeral ports
  "$server" --bind 127.0.0.1 --port "${port[$node]}" --node "$node" --journal postgres \
    --postgres "host=127.0.0.1 port=$pg_port dbname=nyanhall user=nyanhall" --postgres-password-file "$work/password" \
    --lease-ttl-ms "$lease_ms" --max-client-connections 100000 --max-client-rooms-per-minute 100000 \
    --max-client-lookup-failures-per-minute 1000000 --max-client-http-per-second 100000 --rate-per-second 1000 \
    >"$work/$node.log" 2>&1 &
  pid[$node]=$!
  pids+=($!)
  until curl -fsS "http://127.0.0.1:${port[$node]}/readyz" >/dev/null 2>&1; do sleep 0.1; done
done

# Rooms under play on a: a minute of human-pace moves at most, stopped when a is killed.
"$cli" load --server "127.0.0.1:${port[a]}" --game oikake --rooms "$rooms" --duration 60 --think-ms 500 \
  >"$work/load.out" 2>&1 &
load=$!
pids+=($!)
until (($(psql_db "SELECT count(*) FROM leases WHERE node = 'a'") >= rooms)); do sleep 0.5; done
sleep 5
psql_db "SELECT code FROM leases WHERE node = 'a' ORDER BY code" >"$work/codes"
records=$(psql_db "SELECT count(*) FROM records")
kill -9 "${pid[a]}" "$load"
killed=$(now_ms)
echo "takeover: $(wc -l <"$work/codes") rooms on replica a, $records records in all; a killed (SIGKILL)"
# Its leases lapse ($lease_ms ms after their last renewal).
until (($(psql_db "SELECT count(*) FROM leases WHERE node = 'a' AND expires_at > now()") == 0)); do sleep 0.05; done
lapsed=$(now_ms)
echo "takeover: every lease of a lapsed $((lapsed - killed)) ms after the kill"

ask() { curl -s -o /dev/null -w '%{http_code}\n' "http://127.0.0.1:${port[b]}/api/rooms/$1"; }
export -f ask
export port_b=${port[b]}
first=$(head -1 "$work/codes")
t0=$(now_ms)
code=$(ask "$first")
t1=$(now_ms)
echo "takeover: one room: $((t1 - t0)) ms from the request to b's answer ($code), claim and restore included"
t0=$(now_ms)
tail -n +2 "$work/codes" | xargs -P 64 -I{} curl -s -o /dev/null -w '%{http_code}\n' \
  "http://127.0.0.1:${port[b]}/api/rooms/{}" >"$work/answers"
t1=$(now_ms)
ok=$(grep -c '^200$' "$work/answers" || true)
echo "takeover: $(wc -l <"$work/answers") more rooms asked for at once: $((t1 - t0)) ms until b answered all ($ok with 200)"
echo "takeover: rooms held by b now: $(psql_db "SELECT count(*) FROM leases WHERE node = 'b' AND expires_at > now()")"
