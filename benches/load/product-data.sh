#!/usr/bin/env bash
# The Consumer Data Right's public product endpoints under wrk: the whole list in one page
# (page-size 1000) and one product's detail, each for a fixed time, GET only, no database read
# (the offers are worked out at start), so the figures are the server's own serialising and
# filtering. The server needs PostgreSQL to start, so one is started empty.
#
#   benches/load/product-data.sh    # defaults: DURATION=15 WARMUP=3 CONNECTIONS=4
#   SERVER_BIN=target/debug/banksia-server benches/load/product-data.sh    # another build
#
# Prints one line per workload and a markdown table for benches/README.md, with the load
# average before and after. Traffic goes to 127.0.0.1 only; the script cleans up after itself.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
DURATION="${DURATION:-15}"
WARMUP="${WARMUP:-3}"
CONNECTIONS="${CONNECTIONS:-4}"
PRODUCT="${PRODUCT:-variable}"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

command -v wrk >/dev/null || { say "apt-get install wrk"; apt-get install -y wrk >/dev/null || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }; }

if [ -z "${SERVER_BIN:-}" ]; then
  say "cargo build --release -p banksia-server"
  (cd "$ROOT" && cargo build --release --locked -p banksia-server)
  SERVER_BIN="$ROOT/target/release/banksia-server"
fi

PG_RUN_AS="${PG_RUN_AS:-postgres}"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u "$PG_RUN_AS" -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

WORK="$(mktemp -d /tmp/banksia-product-load.XXXXXX)"
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
as_pg initdb -D "$PGDATA_DIR" -U postgres -A trust -E UTF8 --locale=C >/dev/null
as_pg pg_ctl -D "$PGDATA_DIR" -l "$PGDATA_DIR/server.log" -w -t 60 \
  -o "-p $PG_PORT -k $PGDATA_DIR -c listen_addresses=127.0.0.1" start >/dev/null
psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -qc "CREATE DATABASE banksia" >/dev/null

PORT="$(free_port)"
say "banksia-server on 127.0.0.1:$PORT"
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/banksia" PORT="$PORT" RATE_LIMIT_PER_MINUTE=0 \
  MAX_CONNECTIONS_PER_IP=100000 ID_ENCRYPTION_KEYS="bench:$(printf '%032d' 0 | base64)" \
  STATIC_DIR="$ROOT/site/dist" RUST_LOG=info "$SERVER_BIN" >>"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 300); do
  curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break
  sleep 0.2
done

cat >"$WORK/get.lua" <<'LUA'
done = function(summary, latency, requests)
  io.write(string.format("RESULT requests=%d seconds=%.3f bytes=%d p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f non2xx=%d socket_errors=%d\n",
    summary.requests, summary.duration / 1e6, summary.bytes, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
LUA

BASE="http://127.0.0.1:$PORT/cds-au/v1/banking/products"
RESULTS=()
# run NAME VERSION URL: check the answer is a 200, warm up, measure.
run() {
  local name="$1" version="$2" url="$3" line got
  got="$(curl -s -o "$WORK/last.json" -w '%{http_code} %{size_download}' -H "x-v: $version" "$url")"
  [ "${got%% *}" = 200 ] || { echo "expected 200 from $url, got $got: $(head -c 300 "$WORK/last.json")" >&2; tail -5 "$WORK/server.log"; exit 1; }
  wrk -t2 -c"$CONNECTIONS" -d"${WARMUP}s" -H "x-v: $version" -s "$WORK/get.lua" "$url" >/dev/null
  line="$(wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --timeout 5s -H "x-v: $version" -s "$WORK/get.lua" "$url" | grep '^RESULT')"
  echo "$name body=${got#* }B $line"
  RESULTS+=("$name|${got#* }|$line")
}

LOAD_BEFORE="$(cut -d" " -f1-3 /proc/loadavg)"
run "list, page-size 1000, effective ALL" 5 "$BASE?page-size=1000&effective=ALL"
run "detail ($PRODUCT)" 7 "$BASE/$PRODUCT"
LOAD_AFTER="$(cut -d" " -f1-3 /proc/loadavg)"

field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
echo
echo "| Call (${DURATION}s each, $CONNECTIONS connections) | Body | Throughput | p50 | p90 | p99 | max | non-2xx | socket errors |"
echo "|---|---|---|---|---|---|---|---|---|"
for r in "${RESULTS[@]}"; do
  name="${r%%|*}"; rest="${r#*|}"; size="${rest%%|*}"; line="${rest#*|}"
  echo "| $name | $size B | $(awk -v r="$(field "$line" requests)" -v s="$(field "$line" seconds)" 'BEGIN { printf "%.0f", r / s }') req/s | $(field "$line" p50_ms) ms | $(field "$line" p90_ms) ms | $(field "$line" p99_ms) ms | $(field "$line" max_ms) ms | $(field "$line" non2xx) | $(field "$line" socket_errors) |"
done
echo
echo "Load average before: $LOAD_BEFORE; after: $LOAD_AFTER. Machine: $(nproc) cores, $(uname -sr); wrk -t2."
