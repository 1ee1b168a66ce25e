#!/usr/bin/env bash
# The staff console's reads with 100,000 applications in the table: the queue's first page, its
# filters, searches (whole and part of a name, an email, a reference; none found) and a case view, each under wrk for a fixed time with one
# signed-in session; then EXPLAIN (ANALYZE, BUFFERS) of each query the server runs for them.
#
#   benches/load/staff.sh    # defaults: DURATION=15 WARMUP=3 POOL_SIZE=2×cores CONNECTIONS=POOL_SIZE
#   SERVER_BIN=target/debug/banksia-server benches/load/staff.sh    # another build
#
# Prints one line per workload, the query plans, and a markdown table for benches/README.md.
# Traffic goes to 127.0.0.1 only; the script cleans up after itself.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
HERE="$ROOT/benches/load"
DURATION="${DURATION:-15}"
WARMUP="${WARMUP:-3}"
POOL_SIZE="${POOL_SIZE:-$((2 * $(nproc)))}"
CONNECTIONS="${CONNECTIONS:-$POOL_SIZE}"
# The session cookie's token: 43 base64url characters, as the server hands out.
TOKEN="benchbenchbenchbenchbenchbenchbenchbench123"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

command -v wrk >/dev/null || { say "apt-get install wrk"; apt-get install -y wrk >/dev/null || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }; }
command -v psql >/dev/null || { say "apt-get install postgresql-client"; apt-get install -y postgresql-client >/dev/null; }

if [ -z "${SERVER_BIN:-}" ]; then
  say "cargo build --release -p banksia-server"
  (cd "$ROOT" && cargo build --release --locked -p banksia-server)
  SERVER_BIN="$ROOT/target/release/banksia-server"
fi

PG_RUN_AS="${PG_RUN_AS:-postgres}"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u "$PG_RUN_AS" -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

WORK="$(mktemp -d /tmp/banksia-staff-load.XXXXXX)"
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
say "PostgreSQL (default settings) on 127.0.0.1:$PG_PORT"
as_pg initdb -D "$PGDATA_DIR" -U postgres -A trust -E UTF8 --locale=C >/dev/null
as_pg pg_ctl -D "$PGDATA_DIR" -l "$PGDATA_DIR/server.log" -w -t 60 \
  -o "-p $PG_PORT -k $PGDATA_DIR -c listen_addresses=127.0.0.1" start >/dev/null
psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -qc "CREATE DATABASE banksia" >/dev/null
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/banksia"
PSQL=(psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -X -q banksia)

PORT="$(free_port)"
say "banksia-server on 127.0.0.1:$PORT (POOL_SIZE=$POOL_SIZE)"
start_server() {
  DATABASE_URL="$DATABASE_URL" PORT="$PORT" POOL_SIZE="$POOL_SIZE" RATE_LIMIT_PER_MINUTE=0 MAX_CONNECTIONS_PER_IP=100000 \
    ID_ENCRYPTION_KEYS="bench:$(printf '%032d' 0 | base64)" STAFF_SESSION_IDLE_MINUTES=600 \
    STATIC_DIR="$ROOT/site/dist" RUST_LOG=info "$SERVER_BIN" >>"$WORK/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 300); do
    curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  cat "$WORK/server.log"; exit 1
}
# The first start migrates the schema; the data goes in, then the server starts again on it.
start_server
kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
say "100,000 applications (benches/load/staff-data.sql)"
GEN_START=$(date +%s.%N)
"${PSQL[@]}" -v token="$TOKEN" -f "$HERE/staff-data.sql"
say "generated in $(awk -v s="$GEN_START" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f s", e - s }')"
start_server

COOKIE="Cookie: __Host-banksia-staff=$TOKEN"
API="http://127.0.0.1:$PORT/api/staff/applications"
# A last name shared by 250 applications, one applicant's email, one reference, and an open
# application for the case view.
LAST_NAME="$("${PSQL[@]}" -tAc "SELECT last_name FROM account_applications ORDER BY id LIMIT 1 OFFSET 16")"
REFERENCE="$("${PSQL[@]}" -tAc "SELECT reference FROM account_applications WHERE status = 'under_review' ORDER BY created_at LIMIT 1")"
EMAIL="$("${PSQL[@]}" -tAc "SELECT email FROM account_applications ORDER BY id LIMIT 1 OFFSET 50000")"
OLD_REFERENCE="$("${PSQL[@]}" -tAc "SELECT reference FROM account_applications ORDER BY id LIMIT 1 OFFSET 1000")"
# Parts: an email's local part without its last digit (11 applicants), 6 characters from the
# middle of a reference, lower-cased.
EMAIL_PART="${EMAIL%%@*}"; EMAIL_PART="${EMAIL_PART%?}"
REFERENCE_PART="$(echo "${OLD_REFERENCE:5:6}" | tr 'A-Z' 'a-z')"

check() {
  local got
  got="$(curl -s -o "$WORK/last.json" -w '%{http_code}' -H "$COOKIE" "$1")"
  [ "$got" = 200 ] || { echo "expected 200 from $1, got $got: $(cat "$WORK/last.json")" >&2; tail -5 "$WORK/server.log"; exit 1; }
}

cat >"$WORK/get.lua" <<'LUA'
done = function(summary, latency, requests)
  io.write(string.format("RESULT requests=%d seconds=%.3f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f non2xx=%d socket_errors=%d\n",
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
LUA

# run NAME URL: check the answer, warm up, measure.
RESULTS=()
run() {
  local name="$1" url="$2" line
  check "$url"
  wrk -t2 -c"$CONNECTIONS" -d"${WARMUP}s" -H "$COOKIE" -s "$WORK/get.lua" "$url" >/dev/null
  line="$(wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --timeout 5s -H "$COOKIE" -s "$WORK/get.lua" "$url" | grep '^RESULT')"
  echo "$name $line"
  RESULTS+=("$name|$line")
}

LOAD_BEFORE="$(cut -d" " -f1-3 /proc/loadavg)"
run "queue-first-page" "$API"
run "queue-all-first-page" "$API?status=all"
run "queue-overdue" "$API?overdue=true"
run "queue-unassigned-newest" "$API?assigned=nobody&sort=newest"
run "search-last-name" "$API?status=all&q=$LAST_NAME"
run "search-common-part" "$API?status=all&q=ford"
run "search-part-of-name" "$API?status=all&q=Nguy"
run "search-full-name" "$API?status=all&q=sam%20nguyen"
run "search-email" "$API?status=all&q=$EMAIL"
run "search-part-of-email" "$API?status=all&q=$EMAIL_PART"
run "search-reference" "$API?status=all&q=$(echo "$OLD_REFERENCE" | tr 'A-Z' 'a-z')"
run "search-part-of-reference" "$API?status=all&q=$REFERENCE_PART"
run "search-no-match" "$API?status=all&q=qqqzzz"
run "case-view" "$API/$REFERENCE"
LOAD_AFTER="$(cut -d" " -f1-3 /proc/loadavg)"
AUDIT_ROWS="$("${PSQL[@]}" -tAc "SELECT count(*) FROM staff_audit")"

# The plans of the statements the server runs for these calls (server/src/staff/api.rs), with
# the values the calls above used.
say "EXPLAIN (ANALYZE, BUFFERS)"
explain() { echo; echo "-- $1"; "${PSQL[@]}" -c "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) $2"; }
# The server composes its page and count statements from store/queue_filter.sql
# (store/applications.rs: queue_statement, queue_counts_statement); the same composition here,
# sent as prepared statements with parameters, as the server's are (a fresh prepared statement
# is planned for its parameters).
FILTER_SQL="$(grep -v '^--' "$ROOT/server/src/staff/store/queue_filter.sql")"
PAGE_SQL="SELECT a.id, a.reference, a.created_at, a.application_type, a.first_name, a.last_name,
  a.status, a.assigned_to, s.display_name AS assignee, a.first_approval_by IS NOT NULL AS approval_pending
  FROM account_applications a LEFT JOIN staff s ON s.id = a.assigned_to
  $FILTER_SQL
  AND (\$10::timestamptz IS NULL OR (a.created_at, a.id) > (\$10, \$11))
  ORDER BY a.created_at ASC, a.id ASC LIMIT \$12"
COUNTS_SQL="SELECT (SELECT count(*) FROM (SELECT 1 FROM account_applications a $FILTER_SQL LIMIT 10001) AS matched) AS total,
  (SELECT count(*) FROM (SELECT 1 FROM account_applications a $FILTER_SQL
     AND a.created_at < \$5 AND a.status = ANY(\$10) LIMIT 10001) AS late) AS overdue"
# A search by part of a term: one statement (store/applications.rs: queue_search_statement).
SEARCH_SQL="WITH matched AS MATERIALIZED (
  SELECT a.id, a.created_at, a.status FROM account_applications a $FILTER_SQL),
  counts AS (SELECT count(*) AS total, count(*) FILTER (WHERE created_at < \$5 AND status = ANY(\$13)) AS overdue FROM matched),
  page AS (SELECT id, created_at FROM matched WHERE \$10::timestamptz IS NULL OR (created_at, id) > (\$10, \$11)
           ORDER BY created_at ASC, id ASC LIMIT \$12)
  SELECT c.total, c.overdue, a.id, a.reference, a.created_at, a.application_type, a.first_name, a.last_name,
  a.status, a.assigned_to, s.display_name AS assignee, a.first_approval_by IS NOT NULL AS approval_pending
  FROM counts c LEFT JOIN (page p JOIN account_applications a ON a.id = p.id
  LEFT JOIN staff s ON s.id = a.assigned_to) ON true ORDER BY p.created_at ASC, p.id ASC"
TYPES="text[], text, text, text, timestamptz, boolean, boolean, bigint, boolean"
# explain_queue WHAT STATUSES PATTERN REFERENCE [OVERDUE_ONLY]
explain_queue() {
  local filters="$2, NULL, $3, $4, now() - interval '5 days', ${5:-false}, false, NULL, false"
  echo; echo "-- queue: $1 (page, then counts)"
  "${PSQL[@]}" <<SQL
PREPARE page($TYPES, timestamptz, bigint, bigint) AS $PAGE_SQL;
PREPARE counts($TYPES, text[]) AS $COUNTS_SQL;
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE page($filters, NULL, 0, 26);
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE counts($filters, $OPEN);
SQL
}
# explain_search WHAT PATTERN: a search by part of a term, every status.
explain_search() {
  local filters="$ALL, NULL, $2, NULL, now() - interval '5 days', false, false, NULL, false"
  echo; echo "-- queue: $1 (page and counts in one statement)"
  "${PSQL[@]}" <<SQL
PREPARE search($TYPES, timestamptz, bigint, bigint, text[]) AS $SEARCH_SQL;
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE search($filters, NULL, 0, 26, $OPEN);
SQL
}
OPEN="ARRAY['under_review', 'information_requested', 'information_received']"
ALL="ARRAY['under_review', 'information_requested', 'information_received', 'approved', 'declined', 'withdrawn']"
explain_queue "first page (open, the default)" "$OPEN" NULL NULL
explain_queue "first page (all statuses)" "$ALL" NULL NULL
explain_queue "overdue" "$OPEN" NULL NULL true
explain_search "search a last name (all statuses)" "'%$(echo "$LAST_NAME" | tr 'A-Z' 'a-z')%'"
explain_search "search a part shared by a twentieth of the names (all statuses)" "'%ford%'"
explain_search "search part of a name (all statuses)" "'%nguy%'"
explain_search "search a full name (all statuses)" "'%sam%nguyen%'"
explain_queue "search an email (all statuses)" "$ALL" NULL "'$EMAIL'"
explain_search "search part of an email (all statuses)" "'%$EMAIL_PART%'"
explain_search "search part of a reference (all statuses)" "'%$REFERENCE_PART%'"
explain_queue "search a reference (all statuses)" "$ALL" NULL "'$OLD_REFERENCE'"
explain_search "search without a match (all statuses)" "'%qqqzzz%'"
QUEUE_FROM="FROM account_applications a LEFT JOIN staff s ON s.id = a.assigned_to"
explain "case view: the application" "SELECT a.id, a.status, s.display_name $QUEUE_FROM WHERE a.reference = '$REFERENCE'"
explain "case view: the timeline" "SELECT a.at, a.action, a.detail, s.display_name FROM staff_audit a LEFT JOIN staff s ON s.id = a.staff_id WHERE a.application_reference = '$REFERENCE' ORDER BY a.id"
explain "case view: emails sent" "SELECT sent_at, 'confirmation'::text FROM email_outbox WHERE reference = '$REFERENCE' AND sent_at IS NOT NULL UNION ALL SELECT sent_at, kind FROM application_emails WHERE reference = '$REFERENCE' AND sent_at IS NOT NULL ORDER BY 1"

field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
echo
echo "| Call (${DURATION}s each, $CONNECTIONS connections) | Throughput | p50 | p99 | max | non-2xx | socket errors |"
echo "|---|---|---|---|---|---|---|"
for r in "${RESULTS[@]}"; do
  name="${r%%|*}"; line="${r#*|}"
  echo "| $name | $(awk -v r="$(field "$line" requests)" -v s="$(field "$line" seconds)" 'BEGIN { printf "%.0f", r / s }') req/s | $(field "$line" p50_ms) ms | $(field "$line" p99_ms) ms | $(field "$line" max_ms) ms | $(field "$line" non2xx) | $(field "$line" socket_errors) |"
done
echo
echo "Applications: $("${PSQL[@]}" -tAc "SELECT count(*) FROM account_applications"); audit rows after the run (one per case view): $AUDIT_ROWS."
echo "Load average before: $LOAD_BEFORE; after: $LOAD_AFTER. Machine: $(nproc) cores, $(uname -sr); PostgreSQL $(postgres --version | awk '{print $3}'); wrk -t2."
