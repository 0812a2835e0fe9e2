# What bench/server_load.sh and bench/human_pace.sh share; sourced after SERVER, CLI, GAME and
# DATA are set.

# The game's seats from the client's own list (id, seats, titles a line): a count is that many
# bots; a range is a game that takes the option "players", played at its top. Sets PLAY.
play_args() {
  local seats
  seats=$("$CLI" games | awk -v game="$GAME" '$1 == game {print $2}')
  case $seats in
    '') echo "$(basename "$0" .sh): unknown game $GAME ($("$CLI" games | awk '{print $1}' | paste -sd ' '))" >&2; exit 2 ;;
    *-*) PLAY=(--game "$GAME" --options "{\"players\":${seats#*-}}") ;;
    *) PLAY=(--game "$GAME" --seats "$seats") ;;
  esac
}

# start ARGS...: the server on a port of its choosing, with limits no load of ours reaches; sets
# PID and PORT.
start() {
  "$SERVER" --bind 127.0.0.1 --port 0 --log-level warn --rate-per-second 100000 --rate-burst 100000 \
    --max-connections 50000 --max-client-connections 50000 --max-client-rooms-per-minute 100000 \
    --max-client-http-per-second 1000000 "$@" > "$DATA/server.log" 2>&1 &
  PID=$!
  for _ in $(seq 100); do
    PORT=$(ss -ltnp 2>/dev/null | awk -v pid="pid=$PID," '$0 ~ pid {split($4, a, ":"); print a[length(a)]}' | head -1)
    [[ -n "$PORT" ]] && return 0
    sleep 0.1
  done
  echo "server did not start" >&2; exit 1
}
