#!/usr/bin/env bash
# Load test of banksia-server: valid submissions (201) and rejected ones (422) with wrk, and
# pgbench running the server's own statement for the same body (insert.sql) into the same
# database, all in one run on a throw-away cluster.
#
#   benches/load/run.sh    # defaults: DURATION=20 WARMUP=3 POOL_SIZE=2×cores CONNECTIONS=2×POOL_SIZE
#   SERVER_BIN=/tmp/banksia-server-old benches/load/run.sh    # another build, for an A/B run
#
# Prints the figures and a markdown table for benches/README.md. Traffic goes to 127.0.0.1 only;
# every tool runs for a fixed time and the script cleans up after itself.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
HERE="$ROOT/benches/load"
DURATION="${DURATION:-20}"
POOL_SIZE="${POOL_SIZE:-$((2 * $(nproc)))}"
# pgbench gets as many clients as the server has pooled connections; wrk twice that, so the
# pool never waits for a client, and twice that again when paced, so a slow answer on one
# connection never makes the schedule wait.
CONNECTIONS="${CONNECTIONS:-$((POOL_SIZE * 2))}"
PACED_CONNECTIONS="${PACED_CONNECTIONS:-$((CONNECTIONS * 2))}"
WARMUP="${WARMUP:-3}"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

command -v wrk >/dev/null || { say "apt-get install wrk"; apt-get install -y wrk >/dev/null || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }; }
command -v pgbench >/dev/null || { say "apt-get install postgresql-client"; apt-get install -y postgresql-client >/dev/null; }

# SERVER_BIN: a server built elsewhere (an earlier commit, to tell a regression from the noise
# of the machine: interleave runs of both). It migrates its own fresh database.
if [ -z "${SERVER_BIN:-}" ]; then
  say "cargo build --release -p banksia-server"
  (cd "$ROOT" && cargo build --release --locked -p banksia-server)
  SERVER_BIN="$ROOT/target/release/banksia-server"
fi

# PostgreSQL refuses root: run it as PG_RUN_AS (default postgres) when root.
PG_RUN_AS="${PG_RUN_AS:-postgres}"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u "$PG_RUN_AS" -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

WORK="$(mktemp -d /tmp/banksia-load.XXXXXX)"
chmod 755 "$WORK"
PGDATA_DIR="$WORK/pg"
mkdir -p "$PGDATA_DIR"
[ "$(id -u)" = 0 ] && chown "$PG_RUN_AS" "$PGDATA_DIR"
chmod 700 "$PGDATA_DIR"
SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && { kill -TERM "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; }
  as_pg pg_ctl -D "$PGDATA_DIR" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

PG_PORT="$(free_port)"
say "PostgreSQL (default durability settings) on 127.0.0.1:$PG_PORT"
as_pg initdb -D "$PGDATA_DIR" -U postgres -A trust -E UTF8 --locale=C >/dev/null
as_pg pg_ctl -D "$PGDATA_DIR" -l "$PGDATA_DIR/server.log" -w -t 60 \
  -o "-p $PG_PORT -k $PGDATA_DIR -c listen_addresses=127.0.0.1" start >/dev/null
psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -qc "CREATE DATABASE banksia" >/dev/null
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/banksia"

PORT="$(free_port)"
say "banksia-server on 127.0.0.1:$PORT (POOL_SIZE=$POOL_SIZE, rate limit and per-client connection cap off: every connection is from loopback)"
DATABASE_URL="$DATABASE_URL" PORT="$PORT" POOL_SIZE="$POOL_SIZE" RATE_LIMIT_PER_MINUTE=0 MAX_CONNECTIONS_PER_IP=100000 \
  ALLOW_DEVELOPMENT_ID_KEY=1 STATIC_DIR="$ROOT/site/dist" RUST_LOG=info "$SERVER_BIN" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 150); do
  curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null || { cat "$WORK/server.log"; exit 1; }

# The wrk Lua script for one body, optionally paced at RATE requests/s in total (each thread
# keeps its own schedule, so requests leave at a steady rate while connections are free);
# `done` prints the figures on one machine-readable line.
wrk_script() {
  local body_file="$1" rate="$2" out="$3"
  cat >"$out" <<LUA
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } bks_timespec;
int clock_gettime(int clock_id, bks_timespec *tp);
]]
local ts = ffi.new("bks_timespec")
local function now_ms() ffi.C.clock_gettime(1, ts); return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6 end
local rate, threads = $rate, 2
local interval = rate > 0 and (threads * 1000 / rate) or 0
local next_at = nil
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("$body_file", "r"); wrk.body = f:read("*a"); f:close()
if rate > 0 then
  delay = function()
    local now = now_ms()
    next_at = (next_at or now) + interval
    if next_at < now - 1000 then next_at = now end
    return math.max(0, math.floor(next_at - now))
  end
end
done = function(summary, latency, requests)
  io.write(string.format("RESULT requests=%d seconds=%.3f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f non2xx=%d socket_errors=%d\n",
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
LUA
}

# Expect exactly the status a run is about, before measuring it.
check_status() {
  local body_file="$1" want="$2" got
  got="$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' --data-binary @"$body_file" "http://127.0.0.1:$PORT/api/applications")"
  [ "$got" = "$want" ] || { echo "expected $want for $(basename "$body_file"), got $got" >&2; tail -5 "$WORK/server.log"; exit 1; }
}
check_status "$HERE/valid.json" 201
check_status "$HERE/invalid.json" 422

# run_wrk NAME BODY RATE CONNECTIONS: warm up, then measure.
run_wrk() {
  local name="$1" body="$2" rate="$3" connections="$4" line
  wrk_script "$body" "$rate" "$WORK/$name.lua"
  wrk -t2 -c"$connections" -d"${WARMUP}s" -s "$WORK/$name.lua" "http://127.0.0.1:$PORT/api/applications" >/dev/null
  line="$(wrk -t2 -c"$connections" -d"${DURATION}s" --timeout 5s -s "$WORK/$name.lua" "http://127.0.0.1:$PORT/api/applications" | grep '^RESULT')"
  echo "$name $line"
}

LOAD_BEFORE="$(cut -d" " -f1-3 /proc/loadavg)"
say "pgbench: the server's INSERT, $POOL_SIZE clients (as many as the server's pool), ${DURATION}s"
pgbench -h 127.0.0.1 -p "$PG_PORT" -U postgres -n -M prepared -c "$POOL_SIZE" -j 2 -T "$WARMUP" \
  -f "$HERE/insert.sql" banksia >/dev/null 2>&1
mkdir -p "$WORK/pgbench-log"
PGBENCH_OUT="$(cd "$WORK/pgbench-log" && pgbench -h 127.0.0.1 -p "$PG_PORT" -U postgres -n -M prepared -c "$POOL_SIZE" -j 2 \
  -T "$DURATION" -l -f "$HERE/insert.sql" banksia 2>&1)"
echo "$PGBENCH_OUT" | grep -E 'tps|latency average|failed'
PG_TPS="$(echo "$PGBENCH_OUT" | sed -n 's/^tps = \([0-9.]*\).*/\1/p' | head -1)"
# Per-transaction latencies (third column, µs) from pgbench's log: its p50 and p99 (`pg_percentile`
# reads whatever is in pgbench-latencies).
cat "$WORK"/pgbench-log/pgbench_log.* | awk '{ print $3 }' | sort -n >"$WORK/pgbench-latencies"
pg_percentile() { awk -v p="$1" '{ a[NR] = $1 } END { i = int(NR * p / 100); if (i < 1) i = 1; printf "%.2f", a[i] / 1000 }' "$WORK/pgbench-latencies"; }
PG_P50="$(pg_percentile 50)"; PG_P99="$(pg_percentile 99)"; PG_MAX="$(pg_percentile 100)"
echo "pgbench latency p50 $PG_P50 ms, p99 $PG_P99 ms"
TARGET="$(awk -v p="$PG_TPS" 'BEGIN { printf "%d", p * 0.8 }')"
# The database alone at the paced runs' rate (`-R`), so their tails can be told from its own: a
# latency here is from the transaction's scheduled start (its time plus its schedule lag), as an
# open-loop client such as the paced wrk runs sees it.
say "pgbench: the server's INSERT paced at $TARGET tx/s (80%), $POOL_SIZE clients, ${DURATION}s"
mkdir -p "$WORK/pgbench-paced-log"
(cd "$WORK/pgbench-paced-log" && pgbench -h 127.0.0.1 -p "$PG_PORT" -U postgres -n -M prepared -c "$POOL_SIZE" -j 2 \
  -R "$TARGET" -T "$DURATION" -l -f "$HERE/insert.sql" banksia >/dev/null 2>&1)
cat "$WORK"/pgbench-paced-log/pgbench_log.* | awk '{ print $3 + $7 }' | sort -n >"$WORK/pgbench-latencies"
PACED_TX="$(wc -l <"$WORK/pgbench-latencies")"
PACED_P50="$(pg_percentile 50)"; PACED_P99="$(pg_percentile 99)"; PACED_MAX="$(pg_percentile 100)"
echo "pgbench paced: $PACED_TX transactions, p50 $PACED_P50 ms, p99 $PACED_P99 ms, max $PACED_MAX ms"
say "pgbench: the application's row alone (the ceiling before business and tax details), ${DURATION}s"
ROW_TPS="$(pgbench -h 127.0.0.1 -p "$PG_PORT" -U postgres -n -M prepared -c "$POOL_SIZE" -j 2 -T "$DURATION" \
  -f "$HERE/insert-row.sql" banksia 2>&1 | sed -n 's/^tps = \([0-9.]*\).*/\1/p' | head -1)"
echo "pgbench, the row alone: $ROW_TPS tx/s"

say "wrk: valid submissions (201) flat out, $CONNECTIONS connections, ${DURATION}s"
VALID_MAX="$(run_wrk valid-max "$HERE/valid.json" 0 "$CONNECTIONS")"; echo "$VALID_MAX"
say "wrk: valid submissions (201) paced at $TARGET req/s (80% of pgbench), $PACED_CONNECTIONS connections, ${DURATION}s"
VALID_AT="$(run_wrk valid-paced "$HERE/valid.json" "$TARGET" "$PACED_CONNECTIONS")"; echo "$VALID_AT"
say "wrk: rejected submissions (422) flat out, $CONNECTIONS connections, ${DURATION}s"
INVALID_MAX="$(run_wrk invalid-max "$HERE/invalid.json" 0 "$CONNECTIONS")"; echo "$INVALID_MAX"
say "wrk: rejected submissions (422) paced at $TARGET req/s, $PACED_CONNECTIONS connections, ${DURATION}s"
INVALID_AT="$(run_wrk invalid-paced "$HERE/invalid.json" "$TARGET" "$PACED_CONNECTIONS")"; echo "$INVALID_AT"

ROWS="$(psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -tAc "SELECT count(*) FROM account_applications" banksia)"
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
rate() { awk -v r="$(field "$1" requests)" -v s="$(field "$1" seconds)" 'BEGIN { printf "%.0f", r / s }'; }
share() { awk -v v="$(rate "$1")" -v p="$PG_TPS" 'BEGIN { printf "%.0f%%", 100 * v / p }'; }
row() { echo "| $2 | $(rate "$1") req/s | $(share "$1") | $(field "$1" p50_ms) ms | $(field "$1" p99_ms) ms | $(field "$1" max_ms) ms | $(field "$1" socket_errors) |"; }

echo
echo "| Workload (${DURATION}s each) | Throughput | Share of pgbench | p50 | p99 | max | socket errors |"
echo "|---|---|---|---|---|---|---|"
echo "| pgbench: the server's statement, $POOL_SIZE clients | $(printf '%.0f' "$PG_TPS") tx/s | 100% | $PG_P50 ms | $PG_P99 ms | $PG_MAX ms | |"
echo "| pgbench: the server's statement paced at 80%, $POOL_SIZE clients | $(awk -v n="$PACED_TX" -v d="$DURATION" 'BEGIN { printf "%.0f", n / d }') tx/s | $(awk -v n="$PACED_TX" -v d="$DURATION" -v p="$PG_TPS" 'BEGIN { printf "%.0f%%", 100 * n / d / p }') | $PACED_P50 ms | $PACED_P99 ms | $PACED_MAX ms | |"
echo "| pgbench: the application's row alone, $POOL_SIZE clients | $(printf '%.0f' "$ROW_TPS") tx/s | $(awk -v r="$ROW_TPS" -v p="$PG_TPS" 'BEGIN { printf "%.0f%%", 100 * r / p }') | | | | |"
row "$VALID_MAX" "Valid (201), flat out, $CONNECTIONS connections"
row "$VALID_AT" "Valid (201), paced at 80% of pgbench, $PACED_CONNECTIONS connections"
row "$INVALID_MAX" "Rejected (422), flat out, $CONNECTIONS connections"
row "$INVALID_AT" "Rejected (422), paced at 80% of pgbench, $PACED_CONNECTIONS connections"
echo
echo "Rows in the table afterwards: $ROWS. Load average before: $LOAD_BEFORE; after: $(cut -d" " -f1-3 /proc/loadavg) (other work on the machine skews every figure)."
echo "Machine: $(nproc) cores, $(uname -sr); PostgreSQL $(postgres --version | awk '{print $3}'); wrk -t2."
