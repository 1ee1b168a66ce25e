# A throw-away or persistent local PostgreSQL cluster for scripts/start and scripts/test. Sourced.
# shellcheck shell=bash

as_pg_user() {
  if [ -n "${PG_RUN_AS:-}" ]; then runuser -u "$PG_RUN_AS" -- "$@"; else "$@"; fi
}

# The cluster's user must be able to reach its directory: open the ancestors for traversal only (o+x).
make_reachable() {
  local dir="$1"
  [ -n "${PG_RUN_AS:-}" ] || return 0
  while [ "$dir" != "/" ]; do
    dir="$(dirname "$dir")"
    [ -x "$dir" ] && runuser -u "$PG_RUN_AS" -- test -x "$dir" && continue
    chmod o+x "$dir"
  done
}

# start_cluster DIR PORT: create the cluster on first use, start it, create database "banksia".
# Sets PG_CLUSTER_DIR and DATABASE_URL.
start_cluster() {
  local dir="$1" port="$2"
  mkdir -p "$dir"
  if [ -n "${PG_RUN_AS:-}" ]; then chown "$PG_RUN_AS" "$dir"; chmod 700 "$dir"; make_reachable "$dir"; fi
  if [ ! -f "$dir/PG_VERSION" ]; then
    say "initdb $dir"
    as_pg_user initdb -D "$dir" -U postgres -A trust --no-sync >/dev/null
  fi
  PG_CLUSTER_DIR="$dir"
  if as_pg_user pg_ctl -D "$dir" status >/dev/null 2>&1; then
    say "PostgreSQL already running in $dir: stopping it first"
    as_pg_user pg_ctl -D "$dir" -m fast -w stop >/dev/null
  fi
  say "PostgreSQL on 127.0.0.1:$port"
  as_pg_user pg_ctl -D "$dir" -l "$dir/server.log" -w -t 30 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1" start >/dev/null
  if ! psql -h 127.0.0.1 -p "$port" -U postgres -tAc "select 1 from pg_database where datname = 'banksia'" | grep -q 1; then
    createdb -h 127.0.0.1 -p "$port" -U postgres banksia
  fi
  export DATABASE_URL="postgres://postgres@127.0.0.1:$port/banksia"
}

stop_cluster() {
  if [ -n "${PG_CLUSTER_DIR:-}" ] && [ -f "$PG_CLUSTER_DIR/postmaster.pid" ]; then
    say "stopping PostgreSQL"
    as_pg_user pg_ctl -D "$PG_CLUSTER_DIR" -m fast -w stop >/dev/null || true
  fi
  PG_CLUSTER_DIR=""
}

# A TCP port nobody listens on, for clusters and servers started by the scripts.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
