#!/usr/bin/env bash
# Rooms that outlive their server, on one machine without containers: a PostgreSQL 15 cluster
# (tests/support/pg_cluster.sh), three nyanhall replicas sharing it (--journal postgres, leases
# of 3 s) behind Debian's HAProxy with deploy/haproxy/haproxy.cfg, all on 127.0.0.1, and
# nyanhall-cli bots as players (two per room, the server's own bots in the other seats), which
# check every view hash and commitment and reconnect through the proxy when their server goes.
#  1. kill -9 of the replica with the most rooms while 30 games of all five games play: every
#     room plays on on another replica; the time from the kill to each room's next move.
#  2. SIGSTOP of a replica past its lease while its rooms are taken over and played on, then
#     SIGCONT: it writes nothing more (the journal's records of each room run in one epoch
#     after another), it lets its rooms go, and its clients are long gone to the new replica.
#  3. A rolling restart of all three replicas (SIGTERM: the rooms are handed over): no room waits
#     longer than 5 s between two moves.
#  4. A restart of PostgreSQL during play: moves are refused (`unavailable`), /readyz turns
#     unready, and the replicas carry on by themselves when it is back.
# Every game ends, both players of every room report no hash problem, and every transcript
# verifies (nyanhall-cli verify): nothing acknowledged was lost or applied twice.
# Usage: deploy/test-failover.sh [BUILD_DIR]   Exit 0 passed, 1 failed, 77 skipped (no haproxy,
# curl or PostgreSQL 15: deploy/install-deps.sh --with-cluster). Loopback only; about 3 minutes.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
server=$build/server/nyanhall
cli=$build/clients/cli/nyanhall-cli
pg=$root/tests/support/pg_cluster.sh
replicas=3
lease_ms=3000

haproxy=$(command -v haproxy || true)
[[ -z $haproxy && -x /usr/sbin/haproxy ]] && haproxy=/usr/sbin/haproxy
if [[ -z $haproxy ]] || ! command -v curl >/dev/null || [[ ! -x /usr/lib/postgresql/15/bin/pg_ctl ]]; then
  echo "test-failover: skipped: needs haproxy, curl and PostgreSQL 15 (deploy/install-deps.sh --with-cluster)"
  exit 77
fi
[[ -x $server && -x $cli ]] || { echo "test-failover: build first ($server, $cli)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/nyan-failover.XXXXXX")
chmod 755 "$work"  # the cluster runs as postgres when this runs as root
pids=()
passed=0
cleanup() {
  for p in "${pids[@]}"; do kill -CONT "$p" 2>/dev/null || true; kill -9 "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "$pg" stop "$work/pg" >/dev/null 2>&1 || true
  if ((passed)); then rm -rf "$work"; else echo "test-failover: logs kept in $work" >&2; fi
}
trap cleanup EXIT

me=test-failover
# shellcheck source=deploy/test-lib.sh
source "$root/deploy/test-lib.sh"
now_ms() { date +%s%3N; }

pg_port=$("$pg" start "$work/pg")
psql_db() { runuser_psql -tA -c "$1"; }
runuser_psql() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- /usr/lib/postgresql/15/bin/psql -h "$work/pg" -p "$pg_port" -d nyanhall "$@"
  else /usr/lib/postgresql/15/bin/psql -h "$work/pg" -p "$pg_port" -d nyanhall "$@"; fi
}
cp "$work/pg/password" "$work/password"
step "PostgreSQL 15 on 127.0.0.1:$pg_port"

declare -a port rpid rlog
for ((i = 0; i < replicas; i++)); do port[i]=$(free_port); done
proxy_port=$(free_port)
stats_port=$(free_port)
proxy=127.0.0.1:$proxy_port
run=0
# run_replica I: starts replica n<I>, logging to n<I>.<run>.log.
run_replica() {
  run=$((run + 1))
  "$server" --bind 127.0.0.1 --port "${port[$1]}" --node "n$1" --journal postgres \
    --postgres "host=127.0.0.1 port=$pg_port dbname=nyanhall user=nyanhall" --postgres-password-file "$work/password" \
    --lease-ttl-ms "$lease_ms" --threads 2 --drain-ms 4000 --grace-ms 60000 --trusted-proxy 127.0.0.1 \
    --max-client-connections 10000 --max-client-rooms-per-minute 10000 --max-client-lookup-failures-per-minute 100000 \
    >"$work/n$1.$run.log" 2>&1 &
  rpid[$1]=$!
  rlog[$1]=$work/n$1.$run.log
  pids+=($!)
  wait_until 30 "replica n$1" get "http://127.0.0.1:${port[$1]}/readyz"
}
# The replicas, each node backend with the others as backups (a room moves with the journal).
backends_cfg backups >"$work/backends.cfg"
for ((i = 0; i < replicas; i++)); do run_replica "$i"; done
NYAN_PROXY_BIND=$proxy NYAN_PROXY_STATS_BIND=127.0.0.1:$stats_port \
  "$haproxy" -W -db -f "$root/deploy/haproxy/haproxy.cfg" -f "$work/backends.cfg" >"$work/haproxy.log" 2>&1 &
pids+=($!)
servers_up() { get "http://127.0.0.1:$stats_port/stats;csv" | awk -F, '$2 ~ /^n[0-9]+$/ && $18 == "UP"' | wc -l; }
all_up() { [[ $(servers_up) -eq $((replicas + replicas * replicas)) ]]; }
wait_until 30 "the proxy to see every replica up" all_up
step "3 replicas (ports ${port[*]}) behind HAProxy on $proxy, leases of ${lease_ms} ms"

# Every game the server lists (/api/games), each room with two players and the server's bots in
# its other seats (three seats where the game takes a count), its turns capped where the game
# has a cap (a game lives through every part of the test, then ends), and its players thinking
# long enough that a game of a few moves is still under way at the first failover.
get "http://127.0.0.1:${port[0]}/api/games" | python3 -c '
import json, sys
for g in json.load(sys.stdin)["games"]:
    given = {o["name"]: o for o in g["options"] if not o.get("room")}
    seats = g["max_seats"] if g["min_seats"] == g["max_seats"] else max(g["min_seats"], min(3, g["max_seats"]))
    options = {}
    if "players" in given:
        options["players"] = seats
    if "max_turns" in given and given["max_turns"].get("kind") == "integer":
        options["max_turns"] = min(40, given["max_turns"].get("max", 40))
    think = 1500 if seats == 2 else 500
    print(g["id"], json.dumps(options, separators=(",", ":")), seats - 2, think)' >"$work/games"
declare -A options server_bots think
games=()
while read -r id opts bots ms; do
  games+=("$id")
  options[$id]=$opts
  server_bots[$id]=$bots
  think[$id]=$ms
done <"$work/games"
((${#games[@]} > 0)) || fail "no games listed"
per_game=$(((30 + ${#games[@]} - 1) / ${#games[@]}))

# Every line a bot prints, stamped with the time in ms (the moves time the failovers).
stamped() { while IFS= read -r line; do printf '%s %s\n' "$(now_ms)" "$line"; done; }
codes=()
bots=()
n=0
for game in "${games[@]}"; do
  for ((r = 0; r < per_game; r++)); do
    n=$((n + 1))
    "$cli" bot --server "$proxy" --create "$game" --options "${options[$game]}" --server-bots "${server_bots[$game]}" \
      --start --seed "$n" --name "host$n" --think-ms "${think[$game]}" --timeout 400 --reconnect-timeout 120 \
      --answer-timeout-ms 4000 --verbose --save "$work/room$n.host.json" 2>"$work/room$n.host.err" |
      stamped >"$work/room$n.host.out" &
    bots+=($!)
  done
done
for ((r = 1; r <= n; r++)); do
  wait_until 60 "room $r" grep -q ' room: ' "$work/room$r.host.out"
  codes[r]=$(awk '/ room: / {print $3; exit}' "$work/room$r.host.out")
done
n_game=0
for game in "${games[@]}"; do
  for ((r = 0; r < per_game; r++)); do
    n_game=$((n_game + 1))
    "$cli" bot --server "$proxy" --join "${codes[n_game]}" --seed "$((1000 + n_game))" --name "guest$n_game" \
      --think-ms "${think[$game]}" --timeout 400 --reconnect-timeout 120 --answer-timeout-ms 4000 --verbose \
      --save "$work/room$n_game.guest.json" 2>"$work/room$n_game.guest.err" | stamped >"$work/room$n_game.guest.out" &
    bots+=($!)
  done
done
# moves R: the moves both players of room R made so far; last_move R: when the latest was.
is_move='[0-9]+ (room:|game over:|retried:|reconnecting:|refused:)'
moves() { cat "$work/room$1.host.out" "$work/room$1.guest.out" | grep -cvE "^$is_move" || true; }
# A room's progress after a failure: its players' moves, and its game's end (the last move may
# have been a bot's, which the players' clients do not print).
not_progress='[0-9]+ (room:|retried:|reconnecting:|refused:)'
under_way() { local r; for ((r = 1; r <= n; r++)); do (($(moves "$r") >= 2)) || return 1; done; }
wait_until 90 "every game to be under way" under_way
step "$n games under way (${games[*]}: $per_game rooms each, 2 players + the server's bots)"

# finished R: whether room R's game is over (its host said so).
finished() { grep -q ' game over:' "$work/room$1.host.out"; }
# owner CODE: the replica whose lease holds the room now.
owner() { psql_db "SELECT node FROM leases WHERE code = '$1' AND expires_at > now()"; }
# next_moves AT: for every room, ms from AT to its first move after AT (or 'none').
next_moves() {
  local at=$1 r
  for ((r = 1; r <= n; r++)); do
    cat "$work/room$r.host.out" "$work/room$r.guest.out" | grep -vE "^$not_progress" | sort -n |
      awk -v at="$at" '$1 > at {print $1 - at; found = 1; exit} END {if (!found) print "none"}'
  done
}
percentile() { sort -n | awk -v p="$1" '{v[NR] = $1} END {i = int((NR - 1) * p / 100) + 1; print v[i]}'; }

# 1. kill -9 of the replica with the most rooms.
declare -A held=()
for ((r = 1; r <= n; r++)); do o=$(owner "${codes[r]}"); held[$o]=$((${held[$o]:-0} + 1)); done
victim=0
for ((i = 1; i < replicas; i++)); do ((${held[n$i]:-0} > ${held[n$victim]:-0})) && victim=$i; done
victim_rooms=()
for ((r = 1; r <= n; r++)); do [[ $(owner "${codes[r]}") == "n$victim" ]] && victim_rooms+=("$r"); done
((${#victim_rooms[@]} > 0)) || fail "no replica holds a room"
killed_at=$(now_ms)
kill -9 "${rpid[$victim]}"
step "kill -9 of n$victim, which served ${#victim_rooms[@]} rooms (n0 ${held[n0]:-0}, n1 ${held[n1]:-0}, n2 ${held[n2]:-0})"
moved_on() { local r; for r in "${victim_rooms[@]}"; do [[ $(moves_after "$r" "$killed_at") -ge 1 ]] || return 1; done; }
moves_after() { cat "$work/room$1.host.out" "$work/room$1.guest.out" | grep -vE "^$not_progress" | awk -v at="$2" '$1 > at' | wc -l; }
wait_until 60 "every room of n$victim to play on elsewhere" moved_on
for r in "${victim_rooms[@]}"; do
  o=$(owner "${codes[r]}")
  [[ -n $o && $o != "n$victim" ]] || fail "room ${codes[r]} is held by '$o' after the kill"
done
waits=$(for r in "${victim_rooms[@]}"; do next_moves "$killed_at" | sed -n "${r}p"; done)
p50=$(percentile 50 <<<"$waits")
p99=$(percentile 99 <<<"$waits")
step "every room of n$victim plays on elsewhere: kill to its next move p50 ${p50} ms, p99 ${p99} ms (max $(percentile 100 <<<"$waits") ms)"
echo "failover_kill rooms=${#victim_rooms[@]} p50_ms=$p50 p99_ms=$p99" >>"$work/figures"
run_replica "$victim"
wait_until 30 "the proxy to see n$victim up again" all_up

# 2. SIGSTOP of a replica past its lease, then SIGCONT.
stopped=$(((victim + 1) % replicas))
stopped_rooms=()  # its rooms with a game still to play (a finished one has nobody to ask for it)
for ((r = 1; r <= n; r++)); do
  [[ $(owner "${codes[r]}") == "n$stopped" ]] && ! finished "$r" && stopped_rooms+=("$r")
done
((${#stopped_rooms[@]} > 0)) || fail "n$stopped holds no room to take over"
stopped_at=$(now_ms)
kill -STOP "${rpid[$stopped]}"
step "SIGSTOP of n$stopped, which serves ${#stopped_rooms[@]} rooms"
# A game that ended on n$stopped just before the stop has nobody left to ask for its room. What
# reaches the clients in the first second (no lease can lapse so soon) came from n$stopped.
sleep 1
unfinished=()
for r in "${stopped_rooms[@]}"; do finished "$r" || unfinished+=("$r"); done
stopped_rooms=(${unfinished[@]+"${unfinished[@]}"})
taken() { local r o; for r in "${stopped_rooms[@]}"; do o=$(owner "${codes[r]}"); [[ -n $o && $o != "n$stopped" ]] || return 1; done; }
wait_until 60 "the rooms of the paused n$stopped to be taken over" taken
played_on() { local r; for r in "${stopped_rooms[@]}"; do [[ $(moves_after "$r" "$stopped_at") -ge 1 ]] || return 1; done; }
wait_until 60 "the rooms of the paused n$stopped to play on" played_on
kill -CONT "${rpid[$stopped]}"
step "its rooms taken over and played on; SIGCONT"
gave_up() { (($(grep -c 'room_moved_away' "${rlog[$stopped]}") >= ${#stopped_rooms[@]})); }
wait_until 30 "the woken n$stopped to let its rooms go" gave_up
sleep 1
# One writer per epoch: in each room's records the epoch never goes back down.
back=$(psql_db "SELECT count(*) FROM (SELECT room, epoch, lag(epoch) OVER (PARTITION BY room ORDER BY seq) AS before FROM records) x WHERE epoch < before")
[[ $back == 0 ]] || fail "$back records written under an older epoch after a newer one"
fenced=$(get "http://127.0.0.1:${port[$stopped]}/metrics" | awk '$1 == "nyanhall_fenced_appends_total" {print $2}')
step "n$stopped let its ${#stopped_rooms[@]} rooms go on waking (fenced appends refused: ${fenced:-0}); every room's records run in one epoch after another"

# 3. A rolling restart of every replica, with the games still under way.
playing=0
for ((r = 1; r <= n; r++)); do finished "$r" || playing=$((playing + 1)); done
((playing >= 5)) || fail "only $playing games left to play through the rolling restart"
rolling_from=$(now_ms)
for ((i = 0; i < replicas; i++)); do
  kill -TERM "${rpid[$i]}"
  wait "${rpid[$i]}" || fail "n$i did not exit 0 on SIGTERM"
  run_replica "$i"
  wait_until 30 "the proxy to see n$i up again" all_up
done
rolling_to=$(now_ms)
# The longest wait between two moves of a room during the restart (a game over ends it).
longest=0
for ((r = 1; r <= n; r++)); do
  gap=$(cat "$work/room$r.host.out" "$work/room$r.guest.out" | grep -vE "^$is_move" | sort -n |
    awk -v a="$rolling_from" -v b="$rolling_to" '$1 >= a && $1 <= b {if (prev) {g = $1 - prev; if (g > m) m = g}; prev = $1} END {print m + 0}')
  ((gap > longest)) && longest=$gap
done
step "rolling restart of n0, n1, n2 in $(((rolling_to - rolling_from) / 1000)) s with $playing games under way: the longest wait between two moves of a room ${longest} ms"
echo "rolling_restart games=$playing longest_gap_ms=$longest" >>"$work/figures"
((longest <= 5000)) || fail "a room waited ${longest} ms between two moves during the rolling restart"

# 4. PostgreSQL restarts under play.
"$pg" restart "$work/pg" >/dev/null &
restarting=$!
saw_unready=0
for _ in $(seq 100); do
  if ! get "http://127.0.0.1:${port[0]}/readyz" >/dev/null 2>&1; then saw_unready=1; break; fi
  sleep 0.05
done
wait "$restarting"
ready_again() { local i; for ((i = 0; i < replicas; i++)); do get "http://127.0.0.1:${port[i]}/readyz" || return 1; done; }
wait_until 30 "every replica ready again after the database's restart" ready_again
step "PostgreSQL restarted (pg_ctl restart -m fast): /readyz unready meanwhile: $((saw_unready ? 1 : 0)); every replica ready again"

# Every game to its end, verified.
for p in "${bots[@]}"; do wait "$p" || true; done
bad=0
for ((r = 1; r <= n; r++)); do
  for seat in host guest; do
    if ! grep -q "game over: .*hash problems 0" "$work/room$r.$seat.out"; then
      echo "room $r (${codes[r]}) $seat: $(tail -2 "$work/room$r.$seat.out" | tr '\n' ' ') $(tail -1 "$work/room$r.$seat.err")"
      bad=$((bad + 1))
    elif ! "$cli" verify "$work/room$r.$seat.json" >/dev/null 2>&1; then
      echo "room $r $seat: the transcript does not verify"
      bad=$((bad + 1))
    fi
  done
done
((bad == 0)) || fail "$bad players did not finish cleanly"
step "all $n games finished: both players of every room saw no hash problem, every transcript verifies"
cat "$work/figures"
passed=1
echo "test-failover: passed in ${SECONDS}s"
