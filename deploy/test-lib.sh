# What the deployment tests share (sourced by test-cluster.sh, test-failover.sh and
# test-image.sh, each of which sets `me`, its name in the lines it prints, first).

# step WHAT: a line of progress, with the seconds since the test started.
step() { printf '[%3ds] %s\n' "$SECONDS" "$*"; }
fail() { echo "$me: FAIL: $*" >&2; exit 1; }

# wait_until SECONDS WHAT COMMAND...: polls COMMAND every 100 ms until it succeeds.
wait_until() {
  local limit=$1 what=$2
  shift 2
  local end=$((SECONDS + limit))
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < end)) || fail "timed out after ${limit}s waiting for $what"
    sleep 0.1
  done
}

# A port nothing listens on and no earlier call gave (the proxy's configuration names fixed
# ports, so every port of a test must differ). It is taken below the kernel's ephemeral range
# (ip_local_port_range; above it when the range starts too low), where neither a connection
# of another test nor a server that asked for port 0 can take it before the replica binds.
taken=" "
free_port() {
  local p lo=32768 hi=60999
  read -r lo hi </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || true
  for _ in $(seq 200); do
    if ((lo > 12000)); then p=$((10000 + RANDOM % (lo - 10000))); else p=$((hi + 1 + RANDOM % (65535 - hi))); fi
    [[ $taken == *" $p "* ]] && continue
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      taken+="$p "
      echo "$p"
      return
    fi
  done
  fail "no free port"
}

get() { curl -fsS --max-time 5 "$@"; }

# backends_cfg [backups]: HAProxy's backends for the replicas n0.. on loopback (the ports in
# `port`, `replicas` of them), as deploy/haproxy/backends.cfg lists them: `any`, and a
# `node_n<i>` for each. With `backups` (a shared journal: a room moves to any replica) each
# node backend lists the other replicas as its backups.
backends_cfg() {
  local i j backups=${1:-}
  echo "backend any"
  echo "    balance roundrobin"
  for ((i = 0; i < replicas; i++)); do echo "    server n$i 127.0.0.1:${port[i]} check"; done
  for ((i = 0; i < replicas; i++)); do
    printf '\nbackend node_n%d\n' "$i"
    for ((j = 0; j < replicas; j++)); do
      if ((i == j)); then printf '    server n%d 127.0.0.1:%d check\n' "$j" "${port[j]}"
      elif [[ -n $backups ]]; then printf '    server n%d 127.0.0.1:%d check backup\n' "$j" "${port[j]}"; fi
    done
  done
}
