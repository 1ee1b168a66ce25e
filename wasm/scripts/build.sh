#!/usr/bin/env bash
# Builds banksia-core's four WebAssembly packages for the site and prints their sizes:
#   wasm/pkg/              the calculators (default features): home loan and term deposit pages
#   wasm/pkg-application/  the account application (feature "application"): the wizard
#   wasm/pkg-borrowing/    the borrowing power calculator (feature "borrowing")
#   wasm/pkg-tools/        the loan tools (feature "tools"): rate rises, two loans compared, the
#                          schedule as CSV, and term deposit options
# Each is built by wasm-pack (profile wasm-release: size-optimised, LTO, panic=abort; the
# application package with wasm-release-application, opt-level 2: see Cargo.toml), then
# shrunk by wasm-opt -Oz from the npm package binaryen (wasm-pack's own download of it fails
# offline). report-size.mjs prints their sizes (budgets are per route: benches/README.md).
# Usage: wasm/scripts/build.sh [pkg|pkg-application|pkg-borrowing|pkg-tools]...   (default: all)
set -euo pipefail
WASM="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WASM_OPT="${WASM_OPT:-$WASM/../site/node_modules/.bin/wasm-opt}"
NODE="${NODE:-node}"

build_package() {
  local out="$1" profile="$2"; shift 2
  (cd "$WASM" && wasm-pack build --profile "$profile" --no-opt --target web --out-dir "$out" -- "$@")
  "$WASM_OPT" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$WASM/$out/banksia_wasm_bg.wasm" -o "$WASM/$out/banksia_wasm_bg.wasm"
}

packages=("$@")
[ ${#packages[@]} -gt 0 ] || packages=(pkg pkg-application pkg-borrowing pkg-tools)
for package in "${packages[@]}"; do
  case "$package" in
    pkg) build_package pkg wasm-release ;;
    pkg-application) build_package pkg-application wasm-release-application --no-default-features --features application ;;
    pkg-borrowing) build_package pkg-borrowing wasm-release --no-default-features --features borrowing ;;
    pkg-tools) build_package pkg-tools wasm-release --no-default-features --features tools ;;
    *) echo "unknown package: $package (pkg, pkg-application, pkg-borrowing or pkg-tools)" >&2; exit 2 ;;
  esac
done
"$NODE" "$WASM/scripts/report-size.mjs"
