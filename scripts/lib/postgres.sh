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

# start_cluster DIR PORT: create the cluster on first use, start it, and set up database "banksia" as
# production would: an administrator (the superuser) creates the roles, the schema owner
# banksia_owner (no superuser) applies the migrations with `banksia-server migrate`, and the server
# connects twice: its public API as banksia_app, granted banksia_api only (insert applications, read
# back what a replay returns), and its staff side as banksia_staff_app, granted banksia_staff only
# (review, audit, status links). Sets PG_CLUSTER_DIR, DATABASE_URL (banksia_app),
# STAFF_DATABASE_URL (banksia_staff_app) and ADMIN_DATABASE_URL (the superuser, for tests that
# inspect rows).
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
  local admin="postgresql://postgres@127.0.0.1:$port"
  # The administrator's part: the roles (the migrations create none, so the owner needs no
  # CREATEROLE), and the database, owned by banksia_owner.
  psql -q -v ON_ERROR_STOP=1 "$admin/postgres" >/dev/null <<'SQL'
SELECT 'CREATE ROLE banksia_api NOLOGIN' WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'banksia_api')\gexec
SELECT 'CREATE ROLE banksia_owner LOGIN' WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'banksia_owner')\gexec
SELECT 'CREATE ROLE banksia_staff NOLOGIN' WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'banksia_staff')\gexec
SELECT 'CREATE ROLE banksia_app LOGIN IN ROLE banksia_api' WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'banksia_app')\gexec
SELECT 'CREATE ROLE banksia_staff_app LOGIN IN ROLE banksia_staff' WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'banksia_staff_app')\gexec
-- A cluster made when the one login role held both: the public side's role holds the API's only.
REVOKE banksia_staff FROM banksia_app;
SELECT 'CREATE DATABASE banksia OWNER banksia_owner' WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'banksia')\gexec
ALTER DATABASE banksia OWNER TO banksia_owner;
SQL
  # A database made before the roles existed: hand its tables to the owner.
  psql -q -v ON_ERROR_STOP=1 "$admin/banksia" >/dev/null <<'SQL'
SET client_min_messages = warning;
ALTER TABLE IF EXISTS account_applications OWNER TO banksia_owner;
ALTER TABLE IF EXISTS refinery_schema_history OWNER TO banksia_owner;
SQL
  say "migrations (as banksia_owner)"
  DATABASE_URL="postgres://banksia_owner@127.0.0.1:$port/banksia" "$SERVER_BIN" migrate >"$dir/migrate.log" 2>&1 \
    || { cat "$dir/migrate.log" >&2; return 1; }
  export ADMIN_DATABASE_URL="postgres://postgres@127.0.0.1:$port/banksia"
  export DATABASE_URL="postgres://banksia_app@127.0.0.1:$port/banksia"
  export STAFF_DATABASE_URL="postgres://banksia_staff_app@127.0.0.1:$port/banksia"
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
