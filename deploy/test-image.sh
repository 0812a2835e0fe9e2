#!/usr/bin/env bash
# Builds the nyanhall image with podman and uses it as a person would: checks its size, that
# the build left no stage image behind, and its configuration; runs it with a volume, checks
# /healthz, the image's HEALTHCHECK, its unprivileged user and group (10001:10001, both named
# nyanhall, and the owners of the volume), and that the HEALTHCHECK finds the server's port
# when it is set by a flag after the image name; plays a complete game through the container
# with two nyanhall-cli bots, asks for the journal and the system's files by every spelling of
# a path outside the web root (each must be 404), then stops the container with SIGTERM in the middle of a second
# game (it must exit 0 within the grace period), starts a new container on the same volume,
# and checks that the game resumes there and finishes.
# Usage: deploy/test-image.sh [BUILD_DIR]   (the bots are BUILD_DIR's nyanhall-cli; default build)
# Needs podman; on an offline machine, local debian:bookworm and debian:bookworm-slim images
# (the build uses the host's network for apt).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
cli=$build/clients/cli/nyanhall-cli
image=${NYAN_IMAGE:-localhost/nyanhall:test}
name=nyan-image-test-$$
volume=nyan-image-test-$$
stop_grace=10  # podman stop's (and Docker's) default time before SIGKILL
max_image_mb=120

command -v podman >/dev/null || { echo "test-image: needs podman" >&2; exit 1; }
[[ -x $cli ]] || { echo "test-image: build nyanhall-cli first ($cli)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/nyan-image.XXXXXX")
pids=()
passed=0
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  podman rm -f "$name-1" "$name-2" "$name-port" >/dev/null 2>&1 || true
  podman volume rm -f "$volume" >/dev/null 2>&1 || true
  if ((passed)); then rm -rf "$work"; else echo "test-image: logs kept in $work" >&2; fi
}
trap cleanup EXIT

me=test-image
# shellcheck source=deploy/test-lib.sh
source "$root/deploy/test-lib.sh"
port=$(free_port)
port_b=$(free_port)
[[ -n $port && -n $port_b && $port != "$port_b" ]] || fail "no two free ports"
base=http://127.0.0.1:$port
server=127.0.0.1:$port

# Images without a name that the build leaves behind: a stage's image must not be one of them.
unnamed() { podman images --filter dangling=true --format '{{.ID}}' | sort; }
unnamed >"$work/unnamed.before"
# A run before this one left an image under the same name: the build takes the name, and that
# image becomes unnamed. It is ours, not a stage's, so it is not counted.
previous=$(podman image inspect --format '{{.ID}}' "$image" 2>/dev/null || true)
step "podman build --format docker --layers=false -t $image"
built=$SECONDS
if ! podman build --network=host --format docker --layers=false -t "$image" "$root" >"$work/build.log" 2>&1; then
  tail -40 "$work/build.log" >&2
  fail "the image did not build"
fi
podman image exists "$image" || fail "no image $image after the build"
size_mb=$(podman image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f", $1 / 1e6}')
step "image built in $((SECONDS - built)) s: $size_mb MB"
((size_mb <= max_image_mb)) || fail "the image is $size_mb MB (at most $max_image_mb)"
! grep -qE "Test +#|tests passed" "$work/build.log" || fail "the default build ran the tests"
left=$(comm -13 "$work/unnamed.before" <(unnamed) | grep -vxF "${previous:0:12}" | while read -r id; do
  podman image inspect --format '{{.ID}} {{index .Labels "nyanhall.stage"}}' "$id" 2>/dev/null; done | grep -c . || true)
((left == 0)) || fail "the build left $left unnamed image(s) behind (podman images --filter dangling=true)"

# The image's configuration, as Docker would read it.
inspect() { podman image inspect --format "$1" "$image"; }
[[ $(inspect '{{.Config.User}}') == 10001:10001 ]] || fail "the image does not run as user 10001"
[[ $(inspect '{{json .Config.Entrypoint}}') == '["nyanhall"]' ]] || fail "entrypoint is not the server in exec form"
inspect '{{json .Config.ExposedPorts}}' | grep -q '"8080/tcp"' || fail "port 8080 is not exposed"
inspect '{{json .Config.Volumes}}' | grep -q '"/data"' || fail "/data is not a volume"
inspect '{{json .Config.Healthcheck}}' | grep -q -- '--healthcheck' || fail "no HEALTHCHECK"
step "config: user 10001, ENTRYPOINT [\"nyanhall\"], EXPOSE 8080, VOLUME /data, HEALTHCHECK nyanhall --healthcheck"

podman volume create "$volume" >/dev/null
run_container() {
  # (podman's stderr complains when the host has no systemd to schedule health checks.)
  podman run -d --name "$name-$1" -p "127.0.0.1:$port:8080" -v "$volume:/data" "$image" >/dev/null 2>>"$work/podman.log"
  wait_until 60 "container $1 to answer /healthz" get "$base/healthz"
}
run_container 1
step "container 1 up: /healthz says '$(get "$base/healthz")'"
podman healthcheck run "$name-1" >/dev/null || fail "the HEALTHCHECK reports unhealthy"
# The process's user and group, by number and by the names the image gives them.
ids=$(podman top "$name-1" huser hgroup user group | awk 'NR == 2 {print $1, $2, $3, $4}')
[[ $ids == "10001 10001 nyanhall nyanhall" ]] || fail "the server runs as '$ids', not 10001 10001 nyanhall nyanhall"
owner=$(stat -c '%u:%g' "$(podman volume inspect --format '{{.Mountpoint}}' "$volume")")
[[ $owner == 10001:10001 ]] || fail "the volume belongs to $owner, not 10001:10001"
get "$base/api/games" | grep -q '"oikake"' || fail "/api/games has no oikake"
web=$(curl -s -o /dev/null -w '%{http_code}' "$base/")
# The browser client is in the image when the sources have it.
[[ ! -f $root/clients/web/index.html || $web == 200 ]] || fail "the browser client is not served at / ($web)"
step "HEALTHCHECK healthy, server runs as 10001:10001 (nyanhall:nyanhall), volume owned by $owner, /api/games lists oikake, / answers $web"

# The port set by a flag after the image name, which the HEALTHCHECK command never sees: it
# must find the port the server wrote, not ask the image's NYANHALL_PORT.
podman run -d --name "$name-port" -p "127.0.0.1:$port_b:9090" "$image" --port 9090 >/dev/null 2>>"$work/podman.log"
wait_until 60 "the container started with --port 9090" get "http://127.0.0.1:$port_b/healthz"
podman healthcheck run "$name-port" >/dev/null || fail "the HEALTHCHECK is unhealthy for a server started with --port 9090"
podman exec "$name-port" nyanhall --healthcheck --port-file /nonexistent 2>/dev/null &&
  fail "the health check passed while asking the image's port 8080, where nothing listens"
podman rm -f "$name-port" >/dev/null 2>&1
step "HEALTHCHECK healthy for a container started with --port 9090 (8080 would not answer)"

# bots PREFIX BOT_FLAGS...: a host that creates a room and starts when its guest is seated,
# and a guest that joins by the code the host printed.
bots() {
  local prefix=$1
  shift
  "$cli" bot --server "$server" --create oikake --start --seed 7 --name Aki --timeout 300 \
    --save "$work/$prefix.host.json" "$@" >"$work/$prefix.host.out" 2>&1 &
  host=$!
  pids+=($!)
  wait_until 30 "the room" grep -q '^room: ' "$work/$prefix.host.out"
  code=$(awk '/^room: / {print $2; exit}' "$work/$prefix.host.out")
  "$cli" bot --server "$server" --join "$code" --seed 8 --name Bo --timeout 300 \
    --save "$work/$prefix.guest.json" "$@" >"$work/$prefix.guest.out" 2>&1 &
  guest=$!
  pids+=($!)
}
finish() {
  local prefix=$1
  wait "$host" || fail "$prefix: the host bot failed: $(tail -2 "$work/$prefix.host.out")"
  wait "$guest" || fail "$prefix: the guest bot failed: $(tail -2 "$work/$prefix.guest.out")"
  for seat in host guest; do
    "$cli" verify "$work/$prefix.$seat.json" >/dev/null || fail "$prefix: the $seat's transcript does not verify"
  done
}
moves() { cat "$work/slow.host.out" "$work/slow.guest.out" | grep -cvE '^(room:|game over:|retried:|reconnecting:)' || true; }
over() { grep -q '^game over' "$work/slow.host.out" "$work/slow.guest.out"; }

bots full
finish full
get "$base/api/rooms/$code/transcript" | grep -q '"seed"' || fail "no transcript for $code"
step "a complete game in room $code: $(grep '^game over' "$work/full.host.out")"

# Only the browser client's files are served (issue 34): the journal, with the seeds of every
# game on the server, and the system's files answer 404 however the path is spelled.
for path in //data/nyanhall.db //data/nyanhall.db-wal //etc/passwd //proc/self/environ ///etc/passwd \
            //./data/nyanhall.db /%2Fdata%2Fnyanhall.db /js/../../data/nyanhall.db; do
  answer=$(curl -s --path-as-is -o "$work/traversal.body" -w '%{http_code}' "$base$path")
  [[ $answer == 404 ]] || fail "GET $path answered $answer, not 404"
  ! grep -qaE 'SQLite format|root:|PATH=|"seed"' "$work/traversal.body" || fail "GET $path answered a file's bytes"
done
step "//data/nyanhall.db, //etc/passwd, //proc/self/environ and their variants: 404, no byte of the files"

bots slow --think-ms 200 --verbose --reconnect-timeout 90
under_way() { (($(moves) >= 4)); }
wait_until 60 "the second game to be under way" under_way
before=$(moves)
started=$(date +%s%N)
podman stop -t "$stop_grace" "$name-1" >/dev/null
took_ms=$((($(date +%s%N) - started) / 1000000))
status=$(podman inspect --format '{{.State.ExitCode}}' "$name-1")
! over || fail "the game ended before the stop; the test needs slower bots"
((status == 0)) || fail "the server exited $status on SIGTERM"
((took_ms < stop_grace * 1000)) || fail "the server took ${took_ms} ms to stop"
podman logs "$name-1" 2>&1 | grep -q 'shutdown.*signal=15' || fail "the server did not log the SIGTERM"
step "room $code mid-game ($before moves): podman stop -> exit code $status after ${took_ms} ms (grace ${stop_grace} s)"
podman logs "$name-1" 2>&1 | grep -E ' (shutdown|stopping|stopped)' | sed 's/^/        container 1: /'

run_container 2
restored=$(podman logs "$name-2" 2>&1 | grep -oE 'rooms_restored.*' | head -1)
step "container 2 on the same volume: $restored"
finish slow
logs2=$(podman logs "$name-2" 2>&1)
[[ $(grep -cE "seat_reconnected .*room=$code( |$)" <<<"$logs2") -ge 2 ]] || fail "the players did not reconnect to container 2"
grep -qE "game_over .*room=$code( |$)" <<<"$logs2" || fail "the game did not finish on container 2"
step "the game resumed on container 2 and finished after $(($(moves) - before)) more moves: $(grep '^game over' "$work/slow.host.out")"
step "both players' transcripts verify across the restart (nyanhall-cli verify)"

podman stop -t "$stop_grace" "$name-2" >/dev/null
[[ $(podman inspect --format '{{.State.ExitCode}}' "$name-2") == 0 ]] || fail "container 2 did not exit 0"
passed=1
echo "test-image: passed in ${SECONDS}s"
