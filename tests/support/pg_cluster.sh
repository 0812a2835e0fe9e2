#!/usr/bin/env bash
# A PostgreSQL 15 cluster of its own for a test or a benchmark, in a directory it is given,
# listening on 127.0.0.1 (and a socket in that directory) only.
#   pg_cluster.sh start DIR     makes and starts it; prints its port. DIR must not exist yet.
#   pg_cluster.sh restart DIR   a fast restart (pg_ctl restart -m fast), on the same port
#   pg_cluster.sh stop DIR      stops it at once and removes DIR
# In it: the superuser postgres, over the socket only (no password); the role nyanhall, whose
# password is in DIR/password and which may log in over TCP only with it (scram-sha-256); the
# database nyanhall, owned by nyanhall; pg_stat_statements in every database (tests count
# statements with it).
# With NYANHALL_PG_TEMPLATE set (a path the build keeps), the first cluster's files are kept
# there and copied for the next ones. Exit 77 (a skipped test) when PostgreSQL 15 is not
# installed (deploy/install-deps.sh --with-cluster installs it). initdb refuses to run as root,
# so as root the cluster runs as postgres.
set -euo pipefail
BIN=/usr/lib/postgresql/15/bin
cmd=${1:?usage: pg_cluster.sh start|restart|stop DIR}
dir=${2:?usage: pg_cluster.sh start|restart|stop DIR}

if [[ ! -x $BIN/initdb || ! -x $BIN/pg_ctl || ! -x $BIN/psql ]]; then
  echo "pg_cluster: PostgreSQL 15 is not installed (deploy/install-deps.sh --with-cluster)" >&2
  exit 77
fi

as_owner() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}
ctl() { as_owner "$BIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 30 "$@" >/dev/null; }

# A new cluster's files in $1: the role, its password and the database made once. The first
# cluster made goes on as the template (NYANHALL_PG_TEMPLATE, kept by the build) and is copied
# after that: initdb is most of a start's time.
make_cluster() {
  local data=$1
  as_owner "$BIN/initdb" --no-sync -U postgres --auth-local=trust --auth-host=scram-sha-256 -E UTF8 \
    --locale=C.UTF-8 -D "$data" >"$dir/initdb.log" 2>&1
  head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$data/nyanhall.password"
  # Once, on the socket only, to make the role and the database.
  as_owner "$BIN/pg_ctl" -D "$data" -l "$dir/log" -w -t 30 -o "-c listen_addresses='' -k $dir" start >/dev/null
  # In template1, so that every database made later has pg_stat_statements too.
  "$BIN/psql" -q -X -h "$dir" -U postgres -d template1 -v ON_ERROR_STOP=1 \
    -c "CREATE EXTENSION pg_stat_statements" \
    -c "CREATE ROLE nyanhall LOGIN PASSWORD '$(cat "$data/nyanhall.password")'" \
    -c "CREATE DATABASE nyanhall OWNER nyanhall" >/dev/null
  as_owner "$BIN/pg_ctl" -D "$data" -w -t 30 stop >/dev/null
}

case $cmd in
  start)
    mkdir -m 700 "$dir"
    if [[ $(id -u) -eq 0 ]]; then chown postgres: "$dir"; fi
    template=${NYANHALL_PG_TEMPLATE:-}
    if [[ -n $template ]]; then
      mkdir -p "$(dirname "$template")"
      (
        flock 9
        if [[ ! -f $template/PG_VERSION ]]; then
          make_cluster "$dir/data"
          cp -a "$dir/data" "$template.new" && mv "$template.new" "$template"
          rm -rf "$dir/data"
        fi
      ) 9>"$template.lock"
      cp -a "$template" "$dir/data"
    else
      make_cluster "$dir/data"
    fi
    cp "$dir/data/nyanhall.password" "$dir/password"
    # A free port: the first of a few random ones on which the server starts, below the
    # kernel's ephemeral range, so that no connection can take it before a restart binds again.
    read -r ephemeral _ </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || ephemeral=32768
    ((ephemeral > 12000)) || ephemeral=32768
    for _ in 1 2 3 4 5 6 7 8; do
      port=$((10000 + RANDOM % (ephemeral - 10000)))
      cat >>"$dir/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
shared_preload_libraries = 'pg_stat_statements'
max_connections = 50
CONF
      if ctl start; then
        echo "$port"
        exit 0
      fi
      sed -i '/^listen_addresses\|^port\|^unix_socket_directories\|^shared_preload_libraries\|^max_connections/d' \
        "$dir/data/postgresql.conf"
    done
    echo "pg_cluster: PostgreSQL did not start (log: $dir/log)" >&2
    cat "$dir/log" >&2 || true
    exit 1
    ;;
  restart) ctl restart -m fast ;;
  stop)
    ctl stop -m immediate || true
    rm -rf "$dir"
    ;;
  *) echo "pg_cluster: unknown command $cmd" >&2; exit 2 ;;
esac
