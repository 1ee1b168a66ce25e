# Shared set-up for scripts/start and scripts/test: install what is missing, build what changed.
# Sourced, not run. Every step is idempotent and skips work already done, so a second run is fast.
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SITE="$ROOT/site"
STAMPS="$ROOT/.data/stamps"
mkdir -p "$STAMPS"
export PATH="$HOME/.cargo/bin:$PATH"
SERVER_BIN="${CARGO_TARGET_DIR:-$ROOT/target}/release/banksia-server"
# The server scripts/test runs: the workspace's test build's (build_for_tests).
TEST_SERVER_BIN="${CARGO_TARGET_DIR:-$ROOT/target}/debug/banksia-server"

# CPU seconds the finished children of this shell, or of the (sub)shell PID, have used (user +
# system): with two cores, CI's wall time can't fall below half of their sum, so this says where
# the time goes whatever the load.
cpu_seconds() { awk '{ printf "%d", ($16 + $17) / 100 }' "/proc/${1:-$$}/stat"; }

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

APT_UPDATED=0
apt_install() {
  if [ "$APT_UPDATED" -eq 0 ]; then
    say "apt-get update"
    as_root apt-get update -qq
    APT_UPDATED=1
  fi
  say "apt-get install $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# True when no file under the given paths changed since the named stamp was written.
up_to_date() {
  local stamp="$STAMPS/$1"; shift
  [ -f "$stamp" ] || return 1
  [ -z "$(find "$@" -newer "$stamp" -type f -not -path '*/node_modules/*' -print -quit 2>/dev/null)" ]
}
mark_built() { touch "$STAMPS/$1"; }

ensure_rust_tools() {
  # webauthn-rs (the staff passkeys) links OpenSSL: its headers and pkg-config to find them.
  if ! pkg-config --exists openssl 2>/dev/null; then
    apt_install libssl-dev pkg-config
  fi
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
  # No wasm-pack or wasm-bindgen-cli to install: wasm/scripts/build.sh compiles the packages with
  # cargo and builds its own bindgen step (wasm/bindgen) from wasm-bindgen's library.
}

ensure_postgres_binaries() {
  if ! command -v initdb >/dev/null; then
    local dir
    dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
    if [ -z "$dir" ]; then
      apt_install postgresql
      dir="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
    fi
    export PATH="$dir:$PATH"
  fi
  # PostgreSQL refuses to run as root: run it as an unprivileged user.
  if [ "$(id -u)" -eq 0 ]; then
    export PG_RUN_AS="${PG_RUN_AS:-postgres}"
    if ! id "$PG_RUN_AS" >/dev/null 2>&1; then
      say "useradd $PG_RUN_AS"
      useradd --system --no-create-home --shell /usr/sbin/nologin "$PG_RUN_AS"
    fi
  fi
}

# A real SMTP server for the server's mail tests: Python's aiosmtpd (PyPI) in a venv under .data.
# Sets SMTP_TEST_PYTHON, which the tests run as `python -m aiosmtpd`.
ensure_smtp_test_server() {
  local venv="$ROOT/.data/smtp-venv"
  if ! "$venv/bin/python" -c 'import aiosmtpd' >/dev/null 2>&1; then
    command -v python3 >/dev/null || apt_install python3
    python3 -c 'import ensurepip' >/dev/null 2>&1 || apt_install python3-venv
    say "pip install aiosmtpd (the mail tests' SMTP server)"
    python3 -m venv "$venv" && "$venv/bin/pip" install --quiet --disable-pip-version-check aiosmtpd
  fi
  export SMTP_TEST_PYTHON="$venv/bin/python"
}

# Debian's Chromium: the browser the benches and audits measure, and its headless shell (the same
# Blink and V8, without the desktop browser's UI), in which the e2e suite runs at about 40% of the
# full browser's CPU (benches/README.md, "CI time").
ensure_chromium() {
  local missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v chromium-headless-shell >/dev/null || missing+=(chromium-headless-shell)
  [ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
}

ensure_site_dependencies() {
  if [ ! -x "$SITE/node_modules/.bin/astro" ] || [ "$SITE/package-lock.json" -nt "$SITE/node_modules/.package-lock.json" ]; then
    say "npm install (site)"
    # Not `npm ci`: the registry here lacks the other platforms' optional packages (e.g. Astro's
    # darwin compiler bindings), so the lock file cannot list them and `npm ci` refuses it.
    (cd "$SITE" && npm install --no-audit --no-fund)
  fi
}

# The directory of every package of wasm/packages.json, one a line.
wasm_package_dirs() {
  "$SITE/node_modules/.bin/node" -e '
    const fs = require("fs"), path = require("path");
    const { packages } = JSON.parse(fs.readFileSync(path.join(process.argv[1], "packages.json"), "utf8"));
    for (const p of packages) console.log(path.join(process.argv[1], p.dir));
  ' "$ROOT/wasm"
}

# Whether every package of wasm/packages.json has its .wasm built.
wasm_packages_built() {
  "$SITE/node_modules/.bin/node" -e '
    const fs = require("fs"), path = require("path");
    const { packages } = JSON.parse(fs.readFileSync(path.join(process.argv[1], "packages.json"), "utf8"));
    process.exit(packages.every((p) => fs.existsSync(path.join(process.argv[1], p.dir, "banksia_wasm_bg.wasm"))) ? 0 : 1);
  ' "$ROOT/wasm"
}

build_wasm() {
  if up_to_date wasm "$ROOT/core/src" "$ROOT/core/build.rs" "$ROOT/wire/src" "$ROOT/wasm/src" "$ROOT/wasm/build.rs" "$ROOT/wasm/scripts" "$ROOT/wasm/Cargo.toml" "$ROOT/wasm/bindgen" \
    "$ROOT/wasm/packages.json" "$ROOT/core/Cargo.toml" "$ROOT/Cargo.toml" "$ROOT/Cargo.lock" \
    && wasm_packages_built; then
    return
  fi
  # Every package of wasm/packages.json, then their sizes.
  say "wasm/scripts/build.sh (the packages of wasm/packages.json)"
  # A target directory of its own, so the packages (each linked by fat LTO in one codegen unit:
  # one core busy) build while the server builds beside them (setup_and_build).
  CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}/wasm-packages" \
    WASM_OPT="$SITE/node_modules/.bin/wasm-opt" NODE="$SITE/node_modules/.bin/node" "$ROOT/wasm/scripts/build.sh" || return
  mark_built wasm
}

# The day the built site's rates are of (its /rates page's data-rates-day), empty when there is none.
built_rates_day() {
  sed -n 's/.*data-rates-day="\([0-9-]*\)".*/\1/p' "$SITE/dist/rates/index.html" 2>/dev/null | head -n 1
}

# The day the site's rates must be of: BANKSIA_RATES_DAY, else the bank's date (Sydney's).
wanted_rates_day() {
  echo "${BANKSIA_RATES_DAY:-$(TZ=Australia/Sydney date +%F)}"
}

build_site() {
  # A site built on another day is rebuilt even with nothing changed: its pages carry the catalog's
  # rates as of the day they were built (ARCHITECTURE.md, "Rate changes on the site").
  if up_to_date site "$SITE/src" "$SITE/public" "$SITE/scripts" "$SITE/integrations" "$SITE/astro.config.mjs" "$SITE/package.json" "$ROOT/wire/typescript" $(wasm_package_dirs) \
    && [ -f "$SITE/dist/index.html" ] && [ -f "$SITE/dist/pagefind/pagefind.js" ] \
    && [ "$(built_rates_day)" = "$(wanted_rates_day)" ]; then
    return
  fi
  say "astro build"
  # `|| return`: these run inside `&&` lists (build_for_tests), where `set -e` does not apply, and a
  # failed build must neither go on nor be marked built.
  (cd "$SITE" && npm run --silent build) || return
  # Last, once every file of dist/ is final: brotli (highest quality) and gzip -9 beside each text and
  # WASM file, which the server sends by Accept-Encoding. Any step that adds files to dist/ goes above.
  say "precompress site/dist"
  (cd "$SITE" && npm run --silent compress) || return
  mark_built site
}

build_server() {
  say "cargo build --release -p banksia-server"
  cargo build --release --locked -p banksia-server
}

# Everything start and test need: tools, site dependencies (wasm-opt comes from them), then the
# WASM packages and the server side by side (two target directories, so neither waits on the
# other's lock), then the site, which needs the packages.
setup_and_build() {
  ensure_rust_tools
  ensure_postgres_binaries
  ensure_site_dependencies
  local wasm_log wasm_pid wasm_status=0
  wasm_log="$(mktemp /tmp/banksia-wasm-build.XXXXXX)"
  build_wasm >"$wasm_log" 2>&1 &
  wasm_pid=$!
  build_server
  wait "$wasm_pid" || wasm_status=$?
  cat "$wasm_log" >&2
  rm -f "$wasm_log"
  [ "$wasm_status" -eq 0 ] || { say "the WASM packages failed to build"; return 1; }
  build_site
}

# What scripts/test needs: the same tools, packages and site as setup_and_build, and in place of
# the release server the workspace's test build (`cargo test --no-run`), whose debug banksia-server
# the end-to-end suite runs: one compilation of the workspace serves the rust and e2e suites
# (benches/README.md, "CI time"). Beside that build: the site's dependencies, then the packages and
# site, and the browser and mail server the suites need, which mostly wait on the network.
# Returns once the test build and the installs are done, with node_modules in place; the packages
# and site may still be building (SITE_BUILD_PID): wait_for_site_build waits for them, so the
# suites that need only the test build start at once. A test build that fails is left to the rust
# suite to report; only a server that can't be built stops the run.
build_for_tests() {
  ensure_rust_tools
  ensure_postgres_binaries
  local build_pid installs_log installs_pid installs_status=0 server_status=0
  SITE_BUILD_LOG="$(mktemp /tmp/banksia-site-build.XXXXXX)" installs_log="$(mktemp /tmp/banksia-installs.XXXXXX)"
  # One after the other: both may run apt-get, which takes a lock.
  { ensure_chromium && ensure_smtp_test_server; } >"$installs_log" 2>&1 &
  installs_pid=$!
  # Every target, the benches' too, so the lint suite's warnings cover all of them.
  say "cargo test --workspace --all-targets --no-run (the rust suite's build, and the e2e suite's server)"
  {
    cargo test --workspace --all-targets --locked --no-run ||
      { say "the test build failed: the rust suite says why"; cargo build --workspace --locked --bins; }
  } &
  build_pid=$!
  # The packages need node_modules (wasm-opt, node), and so does the lint suite's docs check.
  if ! ensure_site_dependencies >>"$SITE_BUILD_LOG" 2>&1; then
    cat "$SITE_BUILD_LOG" >&2
    say "npm install failed"
    kill "$build_pid" "$installs_pid" 2>/dev/null
    return 1
  fi
  # Its CPU seconds into a file: this shell may reap it during a suite, whose figure would hold them.
  (
    build_wasm && build_site
    status=$?
    cpu_seconds "$BASHPID" >"$SITE_BUILD_LOG.cpu"
    exit "$status"
  ) >>"$SITE_BUILD_LOG" 2>&1 &
  SITE_BUILD_PID=$!
  wait "$build_pid" || server_status=1
  wait "$installs_pid" || installs_status=$?
  cat "$installs_log" >&2
  rm -f "$installs_log"
  [ "$installs_status" -eq 0 ] || { say "Chromium or the mail tests' SMTP server failed to install"; return 1; }
  # Exports SMTP_TEST_PYTHON in this shell (installed above, so this only checks).
  ensure_smtp_test_server
  [ "$server_status" -eq 0 ] && [ -x "$TEST_SERVER_BIN" ] || { say "banksia-server failed to build"; return 1; }
}

# Waits for the packages and site build_for_tests started, shows its output, sets SITE_BUILD_CPU
# (their CPU seconds); fails if they failed.
wait_for_site_build() {
  local status=0
  wait "$SITE_BUILD_PID" || status=$?
  cat "$SITE_BUILD_LOG" >&2
  SITE_BUILD_CPU="$(cat "$SITE_BUILD_LOG.cpu" 2>/dev/null)"
  rm -f "$SITE_BUILD_LOG" "$SITE_BUILD_LOG.cpu"
  [ "$status" -eq 0 ] || { say "the WASM packages or the site failed to build"; return 1; }
}
