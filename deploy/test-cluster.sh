#!/usr/bin/env bash
# Scale-out on one machine without containers: three nyanhall replicas (n0, n1, n2) behind
# Debian's HAProxy, all on 127.0.0.1, with the routing of deploy/haproxy/haproxy.cfg.
#  1. 50 rooms at once, created through the proxy (so spread over the replicas) and joined
#     by code; nyanhall-cli bots play every game to the end, checking every hash and
#     commitment.
#  2. Proof that every player of a room reached the room's replica: each replica's log holds
#     the creation and the seat claims of exactly the rooms named after it and nothing of the
#     others, and its /metrics counts exactly two WebSocket connections per room it owns.
#  3. Slower games on every replica; one replica is killed (SIGKILL) mid-game and restarted
#     on its data directory; its players reconnect through the proxy, its games resume and
#     finish there, and every transcript verifies across the crash.
# Usage: deploy/test-cluster.sh [BUILD_DIR]   (default: build; NYAN_CLUSTER_ROOMS=50)
# Exit 0 passed, 1 failed, 77 skipped (haproxy or curl missing:
# deploy/install-deps.sh --with-cluster). Loopback only; about a minute.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
server=$build/server/nyanhall
cli=$build/clients/cli/nyanhall-cli
rooms=${NYAN_CLUSTER_ROOMS:-50}
slow_rooms=6
replicas=3
victim=1

haproxy=$(command -v haproxy || true)
[[ -z $haproxy && -x /usr/sbin/haproxy ]] && haproxy=/usr/sbin/haproxy
if [[ -z $haproxy ]] || ! command -v curl >/dev/null; then
  echo "test-cluster: skipped: needs haproxy and curl (deploy/install-deps.sh --with-cluster)"
  exit 77
fi
[[ -x $server && -x $cli ]] || { echo "test-cluster: build first ($server, $cli)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/nyan-cluster.XXXXXX")
pids=()
passed=0
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if ((passed)); then rm -rf "$work"; else echo "test-cluster: logs kept in $work" >&2; fi
}
trap cleanup EXIT

me=test-cluster
# shellcheck source=deploy/test-lib.sh
source "$root/deploy/test-lib.sh"
# metric URL NAME: the value of one series of a replica's /metrics (0 when absent).
metric() { get "$1/metrics" | awk -v m="$2" '$1 == m {print $2; found=1} END {if (!found) print 0}'; }

declare -a port rpid
for ((i = 0; i < replicas; i++)); do port[i]=$(free_port); done
proxy_port=$(free_port)
stats_port=$(free_port)
proxy=127.0.0.1:$proxy_port

# run_replica I RUN: starts replica n<I> on its port and data directory, logging to n<I>.<RUN>.log.
run_replica() {
  # The proxy names each client (X-Forwarded-For); every client here is 127.0.0.1, so one
  # address may hold every connection and create every room of the test.
  "$server" --bind 127.0.0.1 --port "${port[$1]}" --node "n$1" --data-dir "$work/n$1" --threads 2 \
    --drain-ms 2000 --trusted-proxy 127.0.0.1 --max-client-connections 10000 --max-client-rooms-per-minute 10000 \
    >"$work/n$1.$2.log" 2>&1 &
  rpid[$1]=$!
  pids+=($!)
  wait_until 30 "replica n$1" get "http://127.0.0.1:${port[$1]}/healthz"
}

# The replicas, as deploy/haproxy/backends.cfg lists them for compose, on loopback ports.
backends_cfg >"$work/backends.cfg"

for ((i = 0; i < replicas; i++)); do run_replica "$i" 1; done
NYAN_PROXY_BIND=127.0.0.1:$proxy_port NYAN_PROXY_STATS_BIND=127.0.0.1:$stats_port \
  "$haproxy" -W -db -f "$root/deploy/haproxy/haproxy.cfg" -f "$work/backends.cfg" >"$work/haproxy.log" 2>&1 &
pids+=($!)
# servers_up: how many servers the proxy's status page shows UP (3 in "any" + 3 node backends).
servers_up() { get "http://127.0.0.1:$stats_port/stats;csv" | awk -F, '$2 ~ /^n[0-9]+$/ && $18 == "UP"' | wc -l; }
all_up() { [[ $(servers_up) -eq $((2 * replicas)) ]]; }
wait_until 30 "the proxy to see every replica up" all_up
step "3 replicas (ports ${port[*]}) behind HAProxy $("$haproxy" -v | awk 'NR==1 {print $3}') on $proxy"

# open_rooms PREFIX COUNT BOT_FLAGS...: each host bot creates a room through the proxy and
# starts once its guest is seated; each guest bot joins by the code its host printed.
# Leaves the codes in codes[] and the bots' pids in bots[].
open_rooms() {
  local prefix=$1 count=$2 r
  shift 2
  codes=()
  bots=()
  for ((r = 1; r <= count; r++)); do
    "$cli" bot --server "$proxy" --create oikake --start --seed "$r" --name "host$r" --timeout 120 \
      --save "$work/$prefix.$r.host.json" "$@" >"$work/$prefix.$r.host.out" 2>&1 &
    bots+=($!)
    pids+=($!)
  done
  for ((r = 1; r <= count; r++)); do
    wait_until 60 "room $prefix.$r" grep -q '^room: ' "$work/$prefix.$r.host.out"
    codes[r]=$(awk '/^room: / {print $2; exit}' "$work/$prefix.$r.host.out")
  done
}
join_rooms() {
  local prefix=$1 count=$2 r
  shift 2
  for ((r = 1; r <= count; r++)); do
    "$cli" bot --server "$proxy" --join "${codes[r]}" --seed "$((1000 + r))" --name "guest$r" --timeout 120 \
      --save "$work/$prefix.$r.guest.json" "$@" >"$work/$prefix.$r.guest.out" 2>&1 &
    bots+=($!)
    pids+=($!)
  done
}
finish_rooms() {
  local prefix=$1 count=$2 r done p
  local -a waiting=("${bots[@]}") rest
  # The first bot to fail fails the test (its partner would wait for it until --timeout).
  while ((${#waiting[@]} > 0)); do
    wait -n -p done "${waiting[@]}" || fail "a bot of $prefix failed: $(grep -h '^bot:' "$work/$prefix".*.out | head -1)"
    rest=()
    for p in "${waiting[@]}"; do [[ $p == "$done" ]] || rest+=("$p"); done
    waiting=("${rest[@]}")
  done
  for ((r = 1; r <= count; r++)); do
    for seat in host guest; do
      grep -q "^game over: .*hash problems 0" "$work/$prefix.$r.$seat.out" || fail "$prefix.$r $seat did not finish cleanly"
    done
  done
}
# rooms_on I: how many of codes[] belong to replica n<I>.
rooms_on() { printf '%s\n' "${codes[@]}" | grep -c "^n$1-" || true; }

# 1. Many rooms at once.
open_rooms busy "$rooms" --think-ms 5
open_now=0
for ((i = 0; i < replicas; i++)); do
  n=$(metric "http://127.0.0.1:${port[i]}" 'nyanhall_rooms{game="oikake",state="lobby"}')
  open_now=$((open_now + n))
done
((open_now == rooms)) || fail "$open_now rooms open at once, want $rooms"
step "$rooms rooms open at once: n0 $(rooms_on 0), n1 $(rooms_on 1), n2 $(rooms_on 2)"
join_rooms busy "$rooms" --think-ms 5
finish_rooms busy "$rooms"
step "all $rooms games finished, every hash and commitment checked by both players"

# 2. Every player of a room on the room's replica.
for ((i = 0; i < replicas; i++)); do
  (($(rooms_on "$i") > 0)) || fail "replica n$i got no rooms: creation does not spread"
done
# Every log line that names a room, as "replica event code"; then, for each of the rooms:
# one creation and one seat claim, all on the replica its code names, none anywhere else.
for ((i = 0; i < replicas; i++)); do
  awk -v n="n$i" '{for (f = 5; f <= NF; f++) if ($f ~ /^room=/) print n, $4, substr($f, 6)}' "$work/n$i.1.log"
done >"$work/events.txt"
printf '%s\n' "${codes[@]}" >"$work/codes.txt"
awk 'NR == FNR {want[$1] = 1; next}
     !($3 in want) {next}
     {owner = $3; sub(/-.*/, "", owner); if ($1 != owner) stray[$3] = $1}
     $2 == "room_created" {created[$3]++}
     $2 == "seat_claimed" {claimed[$3]++}
     END {for (c in want) if (created[c] != 1 || claimed[c] != 1 || (c in stray)) {
            printf "%s: %d creations, %d seat claims on its replica%s\n", c, created[c], claimed[c],
                   (c in stray) ? ", a line on " stray[c] : ""; bad++}
          exit bad > 0}' "$work/codes.txt" "$work/events.txt" >"$work/misrouted.txt" ||
  fail "rooms not on their replica: $(head -3 "$work/misrouted.txt")"
for ((i = 0; i < replicas; i++)); do
  url=http://127.0.0.1:${port[i]}
  own=$(rooms_on "$i")
  conns=$(metric "$url" nyanhall_connections_total)
  over=$(metric "$url" 'nyanhall_rooms{game="oikake",state="over"}')
  ((conns == 2 * own && over == own)) ||
    fail "n$i: $conns WebSocket connections and $over finished rooms for the $own rooms it owns"
  step "n$i: owns $own rooms, logged their creation and both seats, /metrics: $conns connections, $over rooms over"
done
step "every player of every room reached the room's replica, and no other"

# 3. A replica dies mid-game and comes back on its data directory.
open_rooms slow "$slow_rooms" --think-ms 300 --verbose --reconnect-timeout 60
join_rooms slow "$slow_rooms" --think-ms 300 --verbose --reconnect-timeout 60
on_victim=()
for ((r = 1; r <= slow_rooms; r++)); do [[ ${codes[r]} == "n$victim-"* ]] && on_victim+=("$r"); done
((${#on_victim[@]} > 0)) || fail "no slow room on n$victim"
# moves R: the moves the two bots of slow room R have made so far.
moves() { cat "$work/slow.$1.host.out" "$work/slow.$1.guest.out" | grep -cvE '^(room:|game over:|retried:|reconnecting:)' || true; }
over() { grep -q '^game over' "$work/slow.$1.host.out" "$work/slow.$1.guest.out"; }
under_way() { (($(moves "$1") >= 1)); }
for r in "${on_victim[@]}"; do wait_until 60 "slow room $r to be under way" under_way "$r"; done
{
  kill -9 "${rpid[victim]}"
  wait "${rpid[victim]}" || true
} 2>/dev/null
in_progress=()
made=()
for r in "${on_victim[@]}"; do
  over "$r" && continue
  in_progress+=("$r")
  made+=("$(moves "$r")")
done
((${#in_progress[@]} > 0)) || fail "every game on n$victim ended before the kill; the test needs slower bots"
step "killed n$victim (SIGKILL) with ${#in_progress[@]} games in progress (moves made: ${made[*]})"
sleep 2
run_replica "$victim" 2
restored=$(grep -oE 'rooms_restored .*restored=[0-9]+' "$work/n$victim.2.log" | grep -oE 'restored=[0-9]+' | tail -1)
step "restarted n$victim on its data directory: $restored"
finish_rooms slow "$slow_rooms"
for r in "${in_progress[@]}"; do
  code=${codes[r]}
  log=$work/n$victim.2.log
  [[ $(grep -cE "seat_reconnected .*room=$code( |$)" "$log" || true) -ge 2 ]] || fail "$code: both seats did not reconnect to n$victim"
  grep -qE "game_over .*room=$code( |$)" "$log" || fail "$code did not finish on the restarted n$victim"
  for seat in host guest; do
    "$cli" verify "$work/slow.$r.$seat.json" >/dev/null || fail "$code: the $seat's transcript does not verify"
  done
done
step "its ${#in_progress[@]} games resumed on the restarted n$victim and finished; transcripts verify across the crash"
step "the other $((slow_rooms - ${#in_progress[@]})) slow games finished as well"

for ((i = 0; i < replicas; i++)); do
  kill -TERM "${rpid[i]}"
  status=0
  wait "${rpid[i]}" || status=$?
  ((status == 0)) || fail "n$i exited $status on SIGTERM"
done
step "SIGTERM: every replica exited 0"
passed=1
echo "test-cluster: passed in ${SECONDS}s"
